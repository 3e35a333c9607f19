"""Issue 33: a lesson by keyboard alone, where the board has controls of its own. Amerigo's build step asks for a
tile laid a given way: the learner picks the tile and its way on the board's own pickers (buttons reached with
the arrow keys like the options, `ownControl` in board_kit.js), then the square, with Enter; answers the step's
question and presses Continue, all without a mouse (real Voila, Debian Chromium, 1366 x 768)."""

import pytest
from playwright.sync_api import expect

from board_page import PAGE_TIMEOUT
from widgets.core.lesson_file import load

pytestmark = pytest.mark.browser

FOCUSED = "() => { const a = document.activeElement; return a ? (a.getAttribute('data-action') || " \
          "(a.getAttribute('data-pick') ? 'pick:' + a.getAttribute('data-pick') : '')) : ''; }"


def tab_to(page, predicate: str, arg=None, limit: int = 150) -> None:
    """Press Tab until `predicate` (a JS function of `arg`) holds for the focused element."""
    for _ in range(limit):
        if page.evaluate(predicate, arg):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {predicate}")


def arrow_to(page, key: str, limit: int = 400) -> None:
    """Into the board with Tab, then along its options and controls with → until `key` has the focus."""
    tab_to(page, "() => !!(document.activeElement && document.activeElement.closest('.bgw-lesson-main .bgw-board'))")
    for _ in range(limit):
        if page.evaluate(FOCUSED) == key:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {key}")


def lay_by_keyboard(page, action_id: str) -> None:
    """An Amerigo lay "lay:<shape>:<square>:<way>": the tile, then its way (if the board asks), then the square."""
    _, shape, _, way = action_id.split(":")
    if page.locator(f".bgw-board [data-pick='shape.{shape}']").count():
        arrow_to(page, f"pick:shape.{shape}")
        page.keyboard.press("Enter")
    if page.locator(f".bgw-board [data-pick='way.{way}']").count():
        arrow_to(page, f"pick:way.{way}")
        page.keyboard.press("Enter")
    arrow_to(page, action_id)
    page.keyboard.press("Enter")


def answer_by_keyboard(page, step) -> None:
    right = next(i for i, c in enumerate(step.question.choices) if c.right)
    label = page.locator(".bgw-lesson-answer").nth(right).inner_text()
    tab_to(page, "label => document.activeElement.classList.contains('bgw-lesson-answer') && "
                 "document.activeElement.innerText === label", label)
    page.keyboard.press("Enter")
    expect(page.locator(".bgw-lesson-answer.mod-success")).to_have_count(1, timeout=20_000)


def test_amerigo_tiles_are_laid_by_keyboard_alone(page, voila_url):
    lesson = load("amerigo")
    build = next(s for s in lesson.steps if s.task is not None and s.task.expect.startswith("lay:"))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_url}/voila/render/tutorials/amerigo.en.ipynb?step={build.number}", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(".bgw-board .bgw-root[data-drawn-at]", state="attached", timeout=PAGE_TIMEOUT)
    count = page.locator(".bgw-lesson-count")
    for step in lesson.steps[build.number - 1:build.number + 1]:
        expect(count).to_have_text(f"Step {step.number} of {len(lesson.steps)}", timeout=20_000)
        if step.task is not None:
            lay_by_keyboard(page, step.task.expect)
            expect(page.locator(".bgw-lesson-feedback .ok")).to_be_visible(timeout=20_000)
        if step.question is not None:
            answer_by_keyboard(page, step)
        tab_to(page, "() => document.activeElement.classList.contains('bgw-lesson-continue')")
        page.keyboard.press("Enter")
    expect(count).to_have_text(f"Step {build.number + 2} of {len(lesson.steps)}", timeout=20_000)
