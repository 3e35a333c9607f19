"""Browser test: the Endeavor (2009) play page in Voila (Debian Chromium, driven by Playwright). The board
draws the 2009 map in its own words; a refused building says which rule forbids it; a legal one is built by
clicking; Next runs the bots; the Chinese page speaks the 2009 rulebook's terms."""

import pytest
from playwright.sync_api import expect

from board_page import BOARD, PAGE_TIMEOUT, revision, wait_for_redraw

pytestmark = pytest.mark.browser


def test_play_the_2009_edition_by_clicking(page, voila_url):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(voila_url + "/voila/render/notebooks/endeavor-2009.ipynb?seed=3&players=3", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    shell = page.locator(".bgw-shell").first
    expect(shell).to_contain_text("Endeavor (2009)", timeout=20_000)
    board = page.inner_html(".bgw-board")
    assert "Europe &amp; the Mediterranean" in board and "route" in board and "fleet" not in board
    assert page.locator(".bgw-space").count() == 35              # the stand-in map's 35 cities, no fleets
    # Let the bots build until the human (Player 1) decides; a level-2 building is refused, with the reason.
    while page.locator("[data-target='tray.market'].bgw-legal").count() == 0:
        before = revision(page)
        page.locator(".bgw-next").click()
        wait_for_redraw(page, before)
    before = revision(page)
    page.click("[data-target='tray.docks']")
    wait_for_redraw(page, before)
    expect(shell).to_contain_text("Refused", timeout=20_000)
    expect(shell).to_contain_text("above your industry level", timeout=20_000)
    before = revision(page)
    page.click("[data-target='tray.market'].bgw-legal")
    wait_for_redraw(page, before)
    expect(shell).to_contain_text("Player 1 builds the Market", timeout=20_000)
    assert page.locator(".bgw-mat[data-seat='0'] .bgw-slot").nth(1).text_content().strip().startswith("Market")
    # The new-game row (in its folded section) offers both editions.
    page.get_by_text("Seats and new game").click()
    page.wait_for_selector(".bgw-edition select", timeout=20_000)
    assert page.locator(".bgw-edition select").inner_text().count("Endeavor") == 2
    assert not [e for e in errors if "board error" in e or "anywidget" in e.lower()], errors


def test_chinese_2009_page_speaks_its_rulebook_terms(page, voila_url):
    page.goto(voila_url + "/voila/render/notebooks/endeavor-2009.ipynb?seed=4&players=4&lang=zh-Hant",
              timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    expect(page.locator(".bgw-shell").first).to_contain_text("奮鬥帝國", timeout=20_000)
    board = page.inner_html(".bgw-board")
    for term in ("歐洲及地中海", "新航道", "發展標記", "特權牌", "總督牌"):
        assert term in board, term
    for aos_term in ("航運軌", "指示物", "開放海域"):
        assert aos_term not in board, aos_term


def _step_of(step_id):
    from widgets.core.lesson_file import load
    return next(s for s in load("endeavor-2009").steps if s.id == step_id)


def test_the_lesson_counts_the_card_limit_the_2009_way(page, voila_url):
    """Issue 31: the lesson's card-limit steps, by clicking. Reading Age of Sail's extra slavery card into the
    2009 limit is marked wrong and explained; the discard goes back on top of its stack; the last step of a game
    leaves the Governor slot empty and the game ends."""
    count = _step_of("card-count")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_url}/voila/render/tutorials/endeavor-2009.en.ipynb?step={count.number}", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    side = page.locator(".bgw-lesson-side")
    expect(side).to_contain_text("your card limit is 2", timeout=20_000)
    answers = page.locator(".bgw-lesson-answer")
    extra = answers.filter(has_text="slavery cards do not count")
    expect(extra).to_have_count(1, timeout=20_000)
    extra.click()                                            # Age of Sail's reading: wrong here
    expect(page.locator(".bgw-lesson-explain")).to_contain_text("no extra place", timeout=20_000)
    expect(page.locator(".bgw-lesson-continue")).to_be_disabled()
    answers.nth(next(i for i, c in enumerate(count.question.choices) if c.right)).click()
    page.locator(".bgw-lesson-continue").click()
    expect(side).to_contain_text("back into its own stack", timeout=20_000)
    page.locator(".bgw-board [data-action='discard:europe-0']").first.click()
    expect(page.locator(".bgw-lesson-feedback .ok")).to_contain_text("back on top of the Europe stack", timeout=20_000)

    think = _step_of("final-slot-count")          # the question first, then the step whose button is there on arrival
    page.goto(f"{voila_url}/voila/render/tutorials/endeavor-2009.en.ipynb?step={think.number}", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    expect(page.locator(".bgw-lesson-side")).to_contain_text("how many cards must you discard", timeout=20_000)
    answers.nth(next(i for i, c in enumerate(think.question.choices) if c.right)).click()
    expect(page.locator(".bgw-lesson-explain")).to_contain_text("fit your limit of", timeout=20_000)
    page.locator(".bgw-lesson-continue").click()
    expect(page.locator(".bgw-lesson-side")).to_contain_text("Your last decision of the game", timeout=20_000)
    page.locator(".bgw-choice-slot-empty").first.click()
    expect(page.locator(".bgw-lesson-feedback .ok")).to_contain_text("The game is over", timeout=20_000)
