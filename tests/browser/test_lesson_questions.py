"""Issue 31: every value a question needs is in sight when it is asked. A learner answers from what the step says
and what the board draws, after the move (the question speaks of that board); a number the explanation reasons
from that is in neither (a track's level drawn as an unnumbered star, a crane's value only in a folded rule)
makes the question a guess. `lesson_checks.unseen_values` reads the step; this test supplies what the board
draws, from the lesson's pictures page (the lesson widget's own board traits, drawn by the game's own module in
Debian Chromium, the board after the move beside each question)."""

import pytest

from board_page import pictures_page
from widgets.core.lesson_checks import unseen_values
from widgets.core.lesson_file import load
from games import one_step_lesson
from games import lesson_games
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)

pytestmark = pytest.mark.browser

LESSONS = lesson_games()        # every game with a lesson, the test-only ones' (tic-tac-toe) too

# The texts each board shows as labels (SVG texts, and HTML elements holding text of their own): tooltips and
# aria-labels left out, since a value a learner must hover to find is not in sight.
_LABELS = """() => Object.fromEntries([...document.querySelectorAll("[id^='board-']")].map((board) => {
  const shown = new Set();
  for (const e of board.querySelectorAll("text, div, span, p, b, td, th, li"))
    if (e.tagName === "text" || ![...e.children].some((k) => k.textContent.trim())) shown.add(e.textContent.trim());
  return [board.id.slice(6), [...shown].filter(Boolean)];
}))"""


def drawn_labels(browser, tmp_path, lesson, lang: str) -> dict[str, list[str]]:
    """For each board of the lesson's pictures page ("12", and "12-after" beside a question): its labels."""
    with pictures_page(browser, tmp_path, lesson, lang) as page:
        return page.evaluate(_LABELS)


def unseen(browser, tmp_path, lesson, lang: str) -> list[str]:
    labels = drawn_labels(browser, tmp_path, lesson, lang)
    problems = []
    for step in lesson.steps:
        if step.question is None:
            continue
        board = labels[f"{step.number}-after" if step.task is not None and step.question.after else str(step.number)]
        missing = unseen_values(lesson, step, lang, board)
        if missing:
            problems.append(f"step {step.number} ({step.id}) [{lang}]: the explanation reasons from "
                            f"{', '.join(f'{n:g}' for n in missing)}, shown neither in the step's texts nor on "
                            f"the board when the question is asked")
    return problems


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
@pytest.mark.parametrize("game", LESSONS)
def test_a_question_needs_only_what_is_in_sight(browser, tmp_path, game, lang):
    problems = unseen(browser, tmp_path, load(game), lang)
    assert not problems, f"{game} ({lang}):\n" + "\n".join(problems)


QUESTION = one_step_lesson("entdecker", "ent.setup.gold", 6) + '''values = { gold = "view.players[0].gold" }
text.en = "%s"
text.zh-Hant = "%s"
[step.question]
needs = ["ent.setup.gold"]
ask.en = "How much gold would two players hold together?"
ask.zh-Hant = "兩位玩家合計有多少塊黃金？"
explain.en = "{gold} each, whatever the map's {squares} squares hold: together {twice}."
explain.zh-Hant = "每人{gold}塊，與地圖的{squares}格無關：合計{twice}塊。"
[[step.question.choice]]
en = "{twice}"
zh-Hant = "{twice}"
right = true
[[step.question.choice]]
en = "{gold}"
zh-Hant = "{gold}"
'''


def test_the_check_finds_a_value_out_of_sight_and_passes_one_in_the_text(browser, tmp_path):
    """The explanation reads the number of the map's squares off the position, which the board does not print;
    once the text states it, the question passes. The gold each holds is drawn on the board; the answer is
    worked out."""
    def lesson(text_en, text_zh):
        path = tmp_path / "t.toml"
        body = QUESTION.replace('values = { gold = "view.players[0].gold" }',
                                'values = { gold = "view.players[0].gold", twice = "2 * view.players[0].gold", '
                                'squares = "view.squares" }')
        path.write_text(body % (text_en, text_zh), encoding="utf-8")
        return load(path)
    hidden = unseen(browser, tmp_path, lesson("You hold {gold} gold.", "你有{gold}塊黃金。"), "en")
    assert len(hidden) == 1 and "reasons from 70" in hidden[0], hidden
    told = lesson("You hold {gold} gold; the map has {squares} squares.", "你有{gold}塊黃金；地圖有{squares}格。")
    assert unseen(browser, tmp_path, told, "en") == []
