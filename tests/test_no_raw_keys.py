"""No page and no log ever shows a raw text key.

A text whose key is missing from the catalogs renders as "⟨key⟩" (engines/core/texts.py), and a board name
missing from a renderer's labels is drawn as the bare key (board.js: `labels[key] ?? key`). These tests play
whole games with the bots, for every game, its fewest and most players (a seed each) and every language, and render at each
step what the game shell renders in Python: the header (round and phase), the pending decision with its
choices' labels and refusals (`Match.candidates()`), the rule box, the log, the board's view and labels, and at
the end the score breakdown and every widget of the page. Then every scenario, and every lesson step in every
language (the lesson widget: text, task, feedback, question, rule, board).

A failure lists each raw key once: the game, player count, seed, step, language, where on the page, and the text.
"""

from __future__ import annotations

import re

import ipywidgets as W
import pytest

import engines
from engines.core.bots import make_bot
from engines.core.texts import LANGS
from widgets.core import presenter
from widgets import GameShell, show_scenario
from widgets.core.chart import part_name
from widgets.core.lesson import LessonWidget
from games import every_game, lesson_games
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)

GAMES = every_game()
LESSON_GAMES = lesson_games()
SEEDS = (1, 2)
RAW = "⟨"
RAW_KEY = re.compile(r"⟨[^⟩]*⟩")


def strings(value):
    """Every string in a JSON-like value (dict keys included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def widget_strings(widget):
    """(trait, text) for every text a widget tree holds: values, descriptions, tooltips, titles, the
    labels of a dropdown's options, and the synced data of the board and the panel."""
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            yield name, value
    for name in ("titles", "_options_labels", "view", "choices", "labels", "panel", "words"):
        value = getattr(widget, name, None)
        if value is not None:
            for text in strings(value):
                yield name, text
    for child in getattr(widget, "children", ()):
        if isinstance(child, W.Widget):
            yield from widget_strings(child)


class Findings:
    """Raw keys seen, each once: the key -> where it was first seen, and the text it was in."""

    def __init__(self):
        self.seen: dict[str, tuple[str, str]] = {}

    def check(self, where: str, texts) -> None:
        for text in texts:
            if RAW in text:
                for key in RAW_KEY.findall(text) or [text]:
                    self.seen.setdefault(key, (where, text))

    def missing_label(self, where: str, key: str) -> None:
        self.seen.setdefault(f"board label {key}", (where, "(drawn as the bare key)"))

    def report(self) -> str:
        lines = [f"{len(self.seen)} raw key(s) shown:"]
        lines += [f"  {key}  first at {where}: {text[:300]!r}" for key, (where, text) in self.seen.items()]
        return "\n".join(lines)


def check_board_labels(found: Findings, where: str, shell_or_lesson) -> None:
    """The board draws its phase as L(`<prefix>.phase.<phase>`): that name must be among its labels."""
    renderer, view = shell_or_lesson.renderer, shell_or_lesson.board.view
    prefix = getattr(renderer, "prefix", None)
    if prefix and f"{prefix}.phase." in getattr(renderer, "names", ()) and view.get("phase"):
        key = f"{prefix}.phase.{view['phase']}"
        if key not in shell_or_lesson.board.labels:
            found.missing_label(where, key)


def check_step(found: Findings, shell: GameShell, where: str) -> None:
    """What the shell shows after a step: the page as refreshed in its language, and the header, the
    decision, its choices, the rule box and the step's log lines in every language."""
    m = shell.match
    found.check(f"{where} {shell.lang} header", [shell.status.value])
    found.check(f"{where} {shell.lang} panel", strings(shell.panel.panel))
    found.check(f"{where} {shell.lang} board", strings([shell.board.view, shell.board.choices, shell.board.labels]))
    check_board_labels(found, f"{where} {shell.lang}", shell)
    candidates = m.candidates()
    events = m.events_of(m.position)
    chance = m.chance_step()              # a pending draw: what is drawn, and what it can give
    shown = shell.lang
    try:
        for lang in LANGS:
            shell.lang = lang
            at = f"{where} {lang}"
            found.check(f"{at} header", [shell._status_html(shell.board.view),
                                         m.game.phase_text(m.phase).render(lang)])
            found.check(f"{at} decision", [shell._decision()["text"]])
            found.check(f"{at} rule box", strings(shell._rule()))
            found.check(f"{at} log", [text for e in events for text in strings(presenter.event_entry(shell.match, e, shell.lang))])
            found.check(f"{at} choices", [text for action, why in candidates
                                          for text in (action.label.render(lang), why and why.render(lang)) if text])
            if chance is not None:
                found.check(f"{at} chance step", [chance.text.render(lang),
                                                  *(o.text.render(lang) for o in chance.outcomes)])
    finally:
        shell.lang = shown


def check_page(found: Findings, shell: GameShell, where: str) -> None:
    """Every widget of the page, in every language (the seats and new-game section opened too)."""
    shell.setup.build()
    for lang in LANGS:
        shell.set_lang(lang)
        m = shell.match
        parts = {p for s in m.scores().values() for p in s["parts"]}
        found.check(f"{where} {lang} page", [text for _, text in widget_strings(shell)])
        found.check(f"{where} {lang} full log", [shell._log_html()])
        found.check(f"{where} {lang} score parts", [part_name(m.game, p, lang) for p in parts])
        check_board_labels(found, f"{where} {lang}", shell)


def play(found: Findings, shell: GameShell, name: str, driver, steps: int | None = None) -> None:
    """Play to the end (or `steps` steps): seat 0 is a human seat that `driver` plays through the shell (so the
    panel offers the choices), the others are the shell's bots. The shell's language changes at every step."""
    m = shell.match
    step = 0
    while not m.is_over and (steps is None or step < steps):
        step += 1
        shell.lang = LANGS[step % len(LANGS)]
        if m.to_move is None or m.to_move in shell.bots:
            assert shell.next_step()
        else:
            assert shell.choose(driver.choose(m).id)
        check_step(found, shell, f"{name} step {step} (round {m.round}, phase {m.phase})")
        assert step < 5000, f"{name}: no end after {step} steps"
    check_page(found, shell, f"{name} end")


def player_counts(game) -> list[int]:
    return sorted({game.min_players, game.max_players})


@pytest.mark.parametrize("game_id", GAMES)
def test_whole_games_show_no_raw_key(game_id):
    """Bots (random against greedy, then greedy against random) play whole games: every step's page, in every
    language, shows only translated texts."""
    game = engines.GAMES[game_id]
    found = Findings()
    # the fewest players with one seed, the most with the other (each a whole game, and the bots swap sides)
    for players, seed in zip(player_counts(game), SEEDS):
        kind, other = ("random", "greedy") if seed % 2 else ("greedy", "random")
        seats = {s: "human" if s == 0 else other for s in range(players)}
        shell = GameShell(game_id, players, seed, seats=seats)
        play(found, shell, f"{game_id} {players}p seed {seed} ({kind} vs {other})", make_bot(kind, seed))
    assert not found.seen, found.report()


SCENARIO_STEPS = 120


@pytest.mark.parametrize("game_id", GAMES)
def test_scenarios_show_no_raw_key(game_id):
    """Each prepared position (game.scenarios()), and the steps that follow it: SCENARIO_STEPS of them, the
    bots playing (the whole games above reach every kind of page to the end; what a scenario adds is its own
    arrangement and what it leads to next)."""
    found = Findings()
    for name, scenario in engines.GAMES[game_id].scenarios().items():
        shell = show_scenario(game_id, name, seats={s: "human" if s == 0 else "random"
                                                    for s in range(scenario.players)})
        check_page(found, shell, f"{game_id} scenario {name} start")
        shell.set_lang("en")
        play(found, shell, f"{game_id} scenario {name}", make_bot("random", 7), steps=SCENARIO_STEPS)
    assert not found.seen, found.report()


@pytest.mark.parametrize("game_id", LESSON_GAMES)
def test_lessons_show_no_raw_key(game_id):
    """Every step of the lesson in every language: as it opens, after a legal-but-not-this move, after the
    task is done and once its question is answered; and the shell "Play on from here" opens."""
    found = Findings()
    for lang in LANGS:
        w = LessonWidget(game_id, lang=lang)
        for number in range(1, len(w.lesson.steps) + 1):
            where = f"{game_id} lesson {lang} step {number} ({w.lesson.steps[number - 1].id})"
            w.go(number)
            found.check(f"{where} opened", [text for _, text in widget_strings(w)])
            check_board_labels(found, where, w)
            task = w.step.task
            if w.step.question is not None and w.step.question.before:     # predicted before the move
                w.choose(task.expect)                                     # refused: the question first
                found.check(f"{where} move before the prediction", [w.feedback.value])
                w.answer_question(next(i for i, c in enumerate(w.step.question.choices) if c.right))
                found.check(f"{where} predicted", [text for _, text in widget_strings(w)])
            if task is not None:
                other = next((a.id for a in w.match.legal_actions() if a.id != task.expect), None)
                if other is not None:
                    w.choose(other)
                    found.check(f"{where} other move", [w.feedback.value])
                w.demonstrate()
                found.check(f"{where} task done", [text for _, text in widget_strings(w)])
            if w.step.question is not None and w.step.question.after:
                w.answer_question(0)
                found.check(f"{where} answered", [text for _, text in widget_strings(w)])
        shell = w.open_shell()
        found.check(f"{game_id} lesson {lang} play on", [text for _, text in widget_strings(shell)])
    assert not found.seen, found.report()
