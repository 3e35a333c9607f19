"""Issue 31: a step's question is never out of sight unannounced. On a long step in a short window the step's
column shows its text and the question's answers lie below its fold; the sticky foot (Back, Continue) then
carries a cue, "↓ Answer below", that brings the answers into sight and puts the keyboard on the first one,
and goes away once they are in sight (learners read a long step, found Continue greyed and no question:
try-outs v7-v9). In Voila, Debian Chromium, a window 420 px high."""

import pytest
from playwright.sync_api import expect

from board_page import BOARD, IN_SIGHT, PAGE_TIMEOUT
from widgets.core.lesson_file import load

pytestmark = pytest.mark.browser

CUE = ".bgw-lesson-nav .bgw-lesson-more"


def test_a_question_below_the_fold_is_announced_in_the_steps_foot(page, voila_url):
    lesson = load("entdecker")
    # the first step whose question is asked as the step opens (no move to make first)
    step = next(s for s in lesson.steps if s.question is not None and s.task is None)
    page.set_viewport_size({"width": 1366, "height": 420})
    page.goto(f"{voila_url}/voila/render/tutorials/entdecker.en.ipynb?step={step.number}", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    expect(page.locator(".bgw-lesson-count")).to_have_text(f"Step {step.number} of {len(lesson.steps)}",
                                                            timeout=20_000)
    answers = page.locator(".bgw-lesson-question .bgw-lesson-answer")
    expect(answers).to_have_count(len(step.question.choices), timeout=20_000)
    # the learner scrolls the page down to the lesson (below the page's introduction), the step's column at its top
    page.evaluate("document.querySelector('.bgw-lesson-body').scrollIntoView({block: 'start'});"
                  "document.querySelector('.bgw-lesson-side').scrollTop = 0")
    assert not page.evaluate(IN_SIGHT, ".bgw-lesson-question .bgw-lesson-answer:last-of-type")
    cue = page.locator(CUE)
    expect(cue).to_be_visible(timeout=20_000)
    expect(cue).to_have_text("↓ Answer below")
    assert page.evaluate(IN_SIGHT, CUE)                 # in the sticky foot, in the window
    cue.click()
    page.wait_for_function(f"() => [...document.querySelectorAll('.bgw-lesson-answer')].every("
                           f"(e, i) => ({IN_SIGHT})(`.bgw-lesson-answer:nth-of-type(${{i + 1}})`))", timeout=20_000)
    expect(cue).to_be_hidden(timeout=20_000)
    assert page.evaluate("document.activeElement.classList.contains('bgw-lesson-answer')")
    # scrolled back up, the cue is there again; a step without a question has none
    page.evaluate("document.querySelector('.bgw-lesson-side').scrollTop = 0")
    expect(cue).to_be_visible(timeout=20_000)
    answers.nth(next(i for i, c in enumerate(step.question.choices) if c.right)).click()
    page.locator(".bgw-lesson-continue").click()
    expect(page.locator(".bgw-lesson-count")).to_have_text(f"Step {step.number + 1} of {len(lesson.steps)}",
                                                            timeout=20_000)
    if lesson.steps[step.number].question is None:
        expect(cue).to_be_hidden(timeout=20_000)
