"""Jupyter views over the engines: one game shell, and each game's board renderer."""

from __future__ import annotations

from .core.board import BoardWidget
from .core.boards import board_module, renderer_for   # noqa: F401  (the package's API: a game's board)
from .core.chart import load_bokeh_offline
from .core.lesson import LessonWidget
from .core.shell import MODES, GameShell



def page_options(defaults: dict | None = None) -> dict:
    """Options from the page address (Voila passes it as QUERY_STRING):
    ?lang=zh-Hans&seed=3&players=4&delay=0.2&mode=classroom.

    `step` opens a lesson at that step (?step=23), so a lesson plan can link a moment of the lesson.

    `delay` is the pause in seconds between auto-play steps (0 to 2); `mode` is "normal" or "classroom".

    Unknown or malformed values are ignored, so a hand-edited address never breaks the page.
    """
    import os
    from urllib.parse import parse_qs

    from engines.core.texts import LANGS
    from .preheat import wait_for_visitor
    wait_for_visitor()          # a kernel started ahead of its visitor (serve --preheat) waits here for them
    options = dict(defaults or {})
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    lang = query.get("lang", [None])[0]
    if lang in LANGS:
        options["lang"] = lang
    mode = query.get("mode", [None])[0]
    if mode in MODES:
        options["mode"] = mode
    for key in ("seed", "players", "step"):
        value = query.get(key, [""])[0]
        if value.isdigit() and len(value) < 10:
            options[key] = int(value)
    delay = query.get("delay", [""])[0]
    try:
        seconds = float(delay)
    except ValueError:
        seconds = None
    if seconds is not None and 0 <= seconds <= 2:     # also refuses nan and inf
        options["delay"] = seconds
    return options


def play(game: str, players: int | None = None, seed: int = 1, options: dict | None = None,
         seats: dict | None = None, lang: str = "en", mode: str = "normal", **kwargs) -> GameShell:
    """A ready game shell; call it as the last line of a cell to show it. `mode="classroom"` for a projector."""
    return GameShell(game, players, seed, options, seats, lang, mode=mode, **kwargs)


def show_scenario(game: str, name: str, seats: dict | None = None, lang: str = "en",
                  mode: str = "normal") -> GameShell:
    """A game shell on a prepared position (every seat human unless told otherwise)."""
    import engines
    match = engines.scenario(game, name)
    return GameShell(game, match=match, seats=seats or {s: "human" for s in range(match.players)}, lang=lang,
                     mode=mode)


def lesson(game: str, lang: str = "en", step: int = 1) -> LessonWidget:
    """A game's lesson (widgets/lessons/<game>.toml) from step `step` (kept within the lesson's steps);
    the last line of a cell shows it."""
    from .core.lesson_file import load
    load_bokeh_offline()          # "Play on from here" opens the game shell, whose chart needs bokeh
    steps = len(load(game).steps)
    return LessonWidget(game, lang=lang, step=min(max(int(step), 1), steps))


__all__ = ["GameShell", "LessonWidget", "lesson", "BoardWidget", "play", "show_scenario", "renderer_for", "load_bokeh_offline", "page_options"]
