"""Issue 33: a lesson by keyboard alone, where the board has controls of its own. Amerigo's build step asks for a
tile laid a given way: the learner picks the tile and its way on the board's own pickers (buttons reached with
the arrow keys like the options, `ownControl` in board_kit.js), then the square, with Enter; answers the step's
question and presses Continue, all without a mouse (real Voila, Debian Chromium, 1366 x 768). Every lesson's
first steps are walked by keyboard too (test_lessons_voila.py)."""

import pytest
from playwright.sync_api import expect

import keyboard
from board_page import PAGE_TIMEOUT
from widgets.core.lesson_file import load

pytestmark = pytest.mark.browser
BOARD = ".bgw-lesson-main .bgw-board"


def test_amerigo_tiles_are_laid_by_keyboard_alone(page, voila_url):
    lesson = load("amerigo")
    build = next(s for s in lesson.steps if s.task is not None and s.task.expect.startswith("lay:"))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_url}/voila/render/tutorials/amerigo.en.ipynb?step={build.number}", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(".bgw-board .bgw-root[data-drawn-at]", state="attached", timeout=PAGE_TIMEOUT)
    count = page.locator(".bgw-lesson-count")
    for step in lesson.steps[build.number - 1:build.number + 1]:
        expect(count).to_have_text(f"Step {step.number} of {len(lesson.steps)}", timeout=20_000)
        for move in step.task.first if step.task is not None else ():  # the learner's own first moves
            before = page.get_attribute(f"{BOARD} .bgw-root", "data-revision")
            keyboard.choose(page, move, BOARD)
            page.wait_for_function("([s, b]) => { const e = document.querySelector(s);"
                                   " return !!e && e.getAttribute('data-revision') !== b; }",
                                   arg=[f"{BOARD} .bgw-root", before], timeout=20_000)
        if step.question is not None and step.question.before:
            keyboard.press(page, "bgw-lesson-answer", next(i for i, c in enumerate(step.question.choices) if c.right))
            expect(page.locator(".bgw-lesson-answer.mod-success")).to_have_count(1, timeout=20_000)
        if step.task is not None:
            keyboard.choose(page, step.task.expect, BOARD)
            expect(page.locator(".bgw-lesson-feedback .ok")).to_be_visible(timeout=20_000)
        if step.question is not None and step.question.after:
            right = next(i for i, c in enumerate(step.question.choices) if c.right)
            keyboard.press(page, "bgw-lesson-answer", right)
            expect(page.locator(".bgw-lesson-answer.mod-success")).to_have_count(1, timeout=20_000)
        keyboard.press(page, "bgw-lesson-continue")
    expect(count).to_have_text(f"Step {build.number + 2} of {len(lesson.steps)}", timeout=20_000)
