"""Issue 33: each game's lesson completed from its first step to its last with the keyboard alone (Tab, the
arrow keys along the board's options, Enter), in one language per game, the languages taken in turn: every
prediction, move and answer (and on the way the first move the rules refuse, with the engine's reason), then
the recap. (test_lessons_voila.py takes each lesson's two other languages up to the first refused move; the
walks are in a file apart so that the two workers of `make test` share them.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from board_page import BOARD, PAGE_TIMEOUT
from engines.core.texts import render
from test_lessons_voila import WHOLE, check_first_step, first_refusal, learn, refuse
from widgets.core.lesson_file import load

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game,lang", sorted(WHOLE.items()), ids=[f"{g}.{l}" for g, l in sorted(WHOLE.items())])
def test_a_whole_lesson_by_keyboard(page, voila_url, game, lang):
    lesson = load(game)
    n = len(lesson.steps)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_url}/voila/render/tutorials/{game}.{lang}.ipynb", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    check_first_step(page, lesson, lang)
    target, refused = first_refusal(lesson)
    for step in lesson.steps:
        if step is target:                    # the first move the rules forbid, tried on the way
            refuse(page, lesson, target, refused, lang)
        learn(page, step, lang, n)
    end = page.locator(".bgw-lesson-continue")
    expect(end).to_have_text(render("ui.lesson.finished", {}, lang), timeout=20_000)   # and the recap shows
    expect(end).to_be_disabled()
