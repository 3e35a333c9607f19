"""Jupyter views over the engines: one game shell, and each game's board renderer."""

from __future__ import annotations

import importlib

from .core.board import BoardWidget
from .core.chart import load_bokeh_offline
from .core.shell import GameShell

RENDERERS = {"endeavor-aos": "widgets.endeavor"}


def renderer_for(game: str):
    try:
        return importlib.import_module(RENDERERS[game]).RENDERER
    except KeyError:
        raise ValueError(f"no board renderer for game {game!r} (have: {', '.join(RENDERERS)})") from None


def play(game: str, players: int | None = None, seed: int = 1, options: dict | None = None,
         seats: dict | None = None, lang: str = "en", **kwargs) -> GameShell:
    """A ready game shell; call it as the last line of a cell to show it."""
    load_bokeh_offline()
    return GameShell(game, players, seed, options, seats, lang, **kwargs)


def show_scenario(game: str, name: str, seats: dict | None = None, lang: str = "en") -> GameShell:
    """A game shell on a prepared position (every seat human unless told otherwise)."""
    import engines
    load_bokeh_offline()
    match = engines.scenario(game, name)
    return GameShell(game, match=match, seats=seats or {s: "human" for s in range(match.players)}, lang=lang)


__all__ = ["GameShell", "BoardWidget", "play", "show_scenario", "renderer_for", "load_bokeh_offline"]
