"""Browser test of every tutorial in Voila (Debian Chromium, driven by Playwright): the page opens on step 1
with the position step 1 describes; then, opened by its address, the step of the first move the rules forbid,
played with the keyboard alone (issue 33: Tab, the arrow keys along the board's options, Enter): the refused
move explains why (the engine's own words), the expected move is played, a wrong answer is explained and
Continue leads on. test_lesson_whole.py walks each lesson by keyboard from its first step to its last, in a
third language. Each page is photographed at 1366 x 768 (test-artifacts/) for a person to look at. (Clicks and
taps: test_lesson_focus.py, test_phone.py.) Over the published games' tutorials: Voila runs a page in a kernel of
its own, a fresh interpreter in which the test-only games (tic-tac-toe) are never registered; their lessons' boards
are drawn in Chromium without Voila by test_lesson_focus.py, test_lesson_places.py and test_lesson_questions.py,
and their notebooks' code runs in tests/test_tictactoe.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

import keyboard
from board_page import BOARD, IN_SIGHT, PAGE_TIMEOUT
from widgets.core.lesson_file import load

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
TUTORIALS = sorted((ROOT / "tutorials").glob("*.ipynb"))
# each game's lesson completed to its end in one language, the languages taken in turn (test_lesson_whole.py,
# which also makes the first refused move of that language: this file takes the two others)
WHOLE = {game: ("en", "zh-Hant", "zh-Hans")[i % 3]
         for i, game in enumerate(sorted({p.name.split(".")[0] for p in TUTORIALS}))}
STEP = {"en": "Step {k} of {n}", "zh-Hant": "第 {k} 步，共 {n} 步", "zh-Hans": "第 {k} 步，共 {n} 步"}
ALLOWED_PHASE = {"en": "to decide", "zh-Hant": "決定", "zh-Hans": "决定"}


def first_refusal(lesson):
    """The first step whose task can be answered with a move the rules forbid, and that move."""
    for step in lesson.steps:
        if step.task is not None and (step.question is None or step.question.after):   # a prediction waits
            refused = [a.id for a, why in lesson.start_position(step.number).candidates() if why is not None and a.target]
            if refused:
                return step, refused[0]
    raise AssertionError(f"{lesson.game}: no task step offers a refused move")


def make_move(page, action_id: str) -> None:
    """The move of an action, by keyboard: its option on the board, or its button under the board."""
    keyboard.choose(page, action_id, ".bgw-lesson-main .bgw-board")


def _page(path: Path) -> tuple[str, str]:
    """tutorials/amerigo.zh-Hant.ipynb -> ("amerigo", "zh-Hant")"""
    game, lang = path.name[:-len(".ipynb")].split(".", 1)
    return game, lang


def check_first_step(page, lesson, lang: str) -> None:
    """Step 1 shows its own position, not one that later cells moved on: the status names its phase and seat,
    and the side panel its text."""
    first = lesson.start_position(1)
    expect(page.locator(".bgw-lesson-count")).to_have_text(STEP[lang].format(k=1, n=len(lesson.steps)),
                                                            timeout=20_000)
    expect(page.locator(".bgw-lesson-status")).to_contain_text(first.game.phase_text(first.phase).render(lang),
                                                               timeout=20_000)
    expect(page.locator(".bgw-lesson-side")).to_contain_text(
        lesson.say(1, lesson.steps[0].text, lang).split("**")[0][:12], timeout=20_000)


@pytest.mark.parametrize("path", [p for p in TUTORIALS if WHOLE[_page(p)[0]] != _page(p)[1]], ids=lambda p: p.name)
def test_lesson_page_teaches_by_keyboard(page, voila_url, path):
    game, lang = _page(path)
    lesson = load(game)
    n = len(lesson.steps)
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_url}/voila/render/tutorials/{path.name}", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    count = page.locator(".bgw-lesson-count")
    check_first_step(page, lesson, lang)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lesson-{game}.{lang}.png"))

    # The step of the first move the rules forbid, opened by its address (test_lesson_whole.py walks there by
    # keyboard, in the lesson's third language).
    target, refused = first_refusal(lesson)
    page.goto(f"{voila_url}/voila/render/tutorials/{path.name}?step={target.number}", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    expect(count).to_have_text(STEP[lang].format(k=target.number, n=n), timeout=20_000)

    refuse(page, lesson, target, refused, lang)

    # The expected move: played, and Continue leads to the next step.
    make_move(page, target.task.expect)
    expect(page.locator(".bgw-lesson-feedback .ok")).to_be_visible(timeout=20_000)
    if target.question is not None:          # a wrong answer first: explained, and the learner answers again
        choices = target.question.choices
        wrong = next((i for i, c in enumerate(choices) if not c.right), None)
        if wrong is not None:
            keyboard.press(page, "bgw-lesson-answer", wrong)
            expect(page.locator(".bgw-lesson-explain")).to_be_visible(timeout=20_000)
            expect(page.locator(".bgw-lesson-continue")).to_be_disabled()
        keyboard.press(page, "bgw-lesson-answer", next(i for i, c in enumerate(choices) if c.right))
        expect(page.locator(".bgw-lesson-continue")).to_be_enabled(timeout=20_000)
    keyboard.press(page, "bgw-lesson-continue")
    expect(count).to_have_text(STEP[lang].format(k=target.number + 1, n=n), timeout=20_000)
    assert not [e for e in errors if "board error" in e or "anywidget" in e.lower()], errors


def refuse(page, lesson, target, refused: str, lang: str) -> None:
    """A move the rules forbid: refused with the engine's reason, and the learner may try again."""
    why = lesson.start_position(target.number).why_not(refused).render(lang)
    make_move(page, refused)
    expect(page.locator(".bgw-lesson-feedback .no")).to_contain_text(why[:20], timeout=20_000)
    expect(page.locator(".bgw-lesson-continue")).to_be_disabled()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lesson-{lesson.game}.{lang}-refused.png"))


def learn(page, step, lang: str, n: int) -> None:
    """One step by keyboard: the learner's own first moves, a prediction asked before the move, the move, a
    question after it, then Continue
    (the last step has nothing to continue to: its move and answer are the lesson's end)."""
    if step.task is not None:
        for move in step.task.first:     # the learner's own moves before the task's, each redrawing the board
            before = page.get_attribute(BOARD, "data-revision")
            make_move(page, move)
            page.wait_for_function("([s, b]) => { const e = document.querySelector(s);"
                                   " return !!e && e.getAttribute('data-revision') !== b; }", arg=[BOARD, before],
                                   timeout=20_000)
    if step.question is not None and step.question.before:      # predicted first, then the move
        before = page.get_attribute(BOARD, "data-revision")
        keyboard.press(page, "bgw-lesson-answer", next(i for i, c in enumerate(step.question.choices) if c.right))
        expect(page.locator(".bgw-lesson-explain")).to_be_visible(timeout=20_000)
        # the board offers its moves again once the prediction is made: wait for that redraw
        page.wait_for_function("([s, b]) => { const e = document.querySelector(s);"
                               " return !!e && e.getAttribute('data-revision') !== b; }", arg=[BOARD, before],
                               timeout=20_000)
    if step.task is not None:
        if step.task.choose:        # a real choice: the other move first, then "Choose again" and the lesson's own
            other = next(iter(step.task.choose))
            before = page.get_attribute(BOARD, "data-revision")
            make_move(page, other)
            expect(page.locator(".bgw-lesson-feedback .ok")).to_be_visible(timeout=20_000)
            page.wait_for_function("([s, b]) => { const e = document.querySelector(s);"
                                   " return !!e && e.getAttribute('data-revision') !== b; }", arg=[BOARD, before],
                                   timeout=20_000)
            before = page.get_attribute(BOARD, "data-revision")
            keyboard.press(page, "bgw-lesson-again")
            expect(page.locator(".bgw-lesson-feedback .ok")).to_have_count(0, timeout=20_000)
            page.wait_for_function("([s, b]) => { const e = document.querySelector(s);"
                                   " return !!e && e.getAttribute('data-revision') !== b; }", arg=[BOARD, before],
                                   timeout=20_000)
        make_move(page, step.task.expect)
        expect(page.locator(".bgw-lesson-feedback .ok")).to_be_visible(timeout=20_000)
        if step.question is not None and step.question.after:
            # the question comes into sight by itself (a mouse user has no focus moving to it), however
            # long the move's log lines
            page.wait_for_function(IN_SIGHT, arg=".bgw-lesson-question", timeout=20_000)
    if step.question is not None and step.question.after:
        right = next(i for i, c in enumerate(step.question.choices) if c.right)
        keyboard.press(page, "bgw-lesson-answer", right)
        expect(page.locator(".bgw-lesson-explain")).to_be_visible(timeout=20_000)
    if step.number < n:
        keyboard.press(page, "bgw-lesson-continue")
        expect(page.locator(".bgw-lesson-count")).to_have_text(STEP[lang].format(k=step.number + 1, n=n),
                                                               timeout=20_000)
