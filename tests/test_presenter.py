"""The presenter (widgets/core/presenter.py): one place that turns a match into what a page shows, used by the
play shell and the lesson widget alike, asking the engine once per position."""

import pytest

import widgets
from engines.core.match import Match
from widgets.core import presenter
from widgets.core.lesson import LessonWidget


class Counting:
    """Counts the calls a test makes the engine answer (candidates, legal_actions, why_not) on Match."""

    def __init__(self, monkeypatch):
        self.calls = {}
        for name in ("candidates", "legal_actions", "why_not"):
            original = getattr(Match, name)

            def counted(match, *args, _name=name, _original=original, **kw):
                self.calls[_name] = self.calls.get(_name, 0) + 1
                return _original(match, *args, **kw)
            monkeypatch.setattr(Match, name, counted)


@pytest.mark.parametrize("game", ["endeavor-aos", "shipyard", "amerigo"])
def test_a_legal_click_is_played_with_one_question_to_the_engine_for_the_next_board(monkeypatch, game):
    shell = widgets.play(game, players=3, seed=2)
    shell.run_bots()
    action = next(c["id"] for c in shell.board.choices if c["legal"])
    before = shell.match.position
    calls = Counting(monkeypatch).calls
    shell._on_board_message(shell.board, {"type": "choose", "id": action}, [])
    assert shell.match.position > before
    # the click was checked against the frame drawn; the only question is the next board's options
    assert calls.get("why_not", 0) == 0 and calls.get("legal_actions", 0) == 0, calls
    assert calls.get("candidates", 0) <= 1, calls


def test_a_refused_or_forged_click_is_still_explained_by_the_engine(monkeypatch):
    shell = widgets.play("endeavor-aos", players=3, seed=1)
    shell.run_bots()
    before = shell.match.position
    shell._on_board_message(shell.board, {"type": "choose", "id": "fly:moon"}, [])
    assert shell.match.position == before and "fly:moon" in shell.panel.panel["message"]
    refused = next((c for c in shell.board.choices if not c["legal"]), None)
    if refused is not None:
        shell._on_board_message(shell.board, {"type": "choose", "id": refused["id"]}, [])
        assert shell.match.position == before and refused["why"] in shell.panel.panel["message"]


def test_a_stale_frame_is_not_trusted(monkeypatch):
    """A frame belongs to one position and language: after the match moved without a redraw, a click on an
    option of the old frame is asked of the engine again."""
    shell = widgets.play("endeavor-aos", players=3, seed=1)
    shell.run_bots()
    old = next(c["id"] for c in shell.board.choices if c["legal"])
    shell.match.play(old)            # moved behind the shell's back: no redraw
    assert shell._current_frame() is None
    calls = Counting(monkeypatch).calls
    shell.choose(old)
    assert calls.get("why_not", 0) == 1


def test_shell_and_lesson_show_the_status_line_from_one_place(monkeypatch):
    made = []
    original = presenter.status_html
    monkeypatch.setattr(presenter, "status_html", lambda *a, **k: made.append(k) or original(*a, **k))
    shell = widgets.play("entdecker", players=3, seed=1)
    lesson = LessonWidget("entdecker", lang="zh-Hant", step=3)
    assert made and any("scores" in k for k in made) and any(k.get("to_move") for k in made)
    assert shell.status.value.startswith("<span class='bgw-title'>") and "bgw-scores" in shell.status.value
    assert lesson.status.value.startswith("<span class='bgw-title'>") and "輪到玩家" in lesson.status.value


def test_a_frame_is_what_the_board_is_sent():
    shell = widgets.play("shipyard", players=3, seed=3)
    shell.run_bots()
    frame = shell._current_frame()
    assert frame is not None and frame.view == shell.board.view and frame.choices == shell.board.choices
    assert frame.legal == {a.id for a in shell.match.legal_actions()}
    assert frame.asks and frame.offers(next(iter(frame.legal))) and not frame.offers(3)
