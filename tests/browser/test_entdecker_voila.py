"""Browser test: a whole Entdecker turn played by clicking the board of the Voila play page (Debian
Chromium, driven by Playwright): the edge circle, the number of tiles, two piles, two placements and a fort.
A refused placement says which rule forbids it."""

import time

import pytest
from playwright.sync_api import expect

from board_page import BOARD, PAGE_TIMEOUT, revision, wait_for_redraw

pytestmark = pytest.mark.browser

def click_and_wait(page, selector: str) -> float:
    """Click a board element, wait for the redraw, and return the time it took in milliseconds."""
    before = revision(page)
    started = time.perf_counter()
    page.click(selector)
    wait_for_redraw(page, before)
    return 1000 * (time.perf_counter() - started)


def test_play_a_turn_by_clicking_the_board(page, voila_url, record_property):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    started = time.perf_counter()
    page.goto(voila_url + "/voila/render/notebooks/entdecker.ipynb?seed=16&players=3", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    load_seconds = time.perf_counter() - started
    record_property("entdecker_board_seconds", load_seconds)
    print(f"\nEntdecker board drawn {load_seconds:.2f} s after opening the page")
    assert page.locator(".ent-stand-in").count() == 1          # stand-in values are marked on the board

    # Round 1 begins with the income spinner, an automatic step: Next.
    before = revision(page)
    page.get_by_role("button", name="Next").click()
    page.wait_for_function(
        "before => Number(document.querySelector('.bgw-board svg').getAttribute('data-revision')) > before",
        arg=before, timeout=20_000)
    expect(page.locator(".ent-circle.bgw-legal")).to_have_count(34, timeout=20_000)   # first turn: every edge circle

    latencies = [click_and_wait(page, ".ent-circle.bgw-legal[data-target='circle.D1-n']")]
    latencies.append(click_and_wait(page, ".ent-button.bgw-legal[data-target='buy.2']"))
    latencies.append(click_and_wait(page, ".ent-pile.bgw-legal[data-target='pile.1']"))
    # The tile turns over at once (seed 16 draws a coast); the coast may lie on D1 three ways; land against the frame is refused, and the refusal says why.
    expect(page.locator(".ent-placement.bgw-legal")).to_have_count(3, timeout=20_000)
    click_and_wait(page, ".ent-placement.bgw-refused[data-target='place.D1.0']")
    # The panels around the board update just after it: expect() waits for them.
    expect(page.locator(".bgw-shell").first).to_contain_text("Refused", timeout=20_000)
    expect(page.locator(".bgw-shell").first).to_contain_text("edge of the board", timeout=20_000)
    latencies.append(click_and_wait(page, ".ent-placement.bgw-legal[data-target='place.D1.180']"))
    latencies.append(click_and_wait(page, ".ent-pile.bgw-legal[data-target='pile.2']"))
    latencies.append(click_and_wait(page, ".ent-placement.bgw-legal[data-target='place.E1.180']"))
    # the unit's price on its button is the action's own (the board works out no rule)
    expect(page.locator(".ent-button.bgw-legal[data-target='unit.fort.E1.1']")).to_contain_text("3", timeout=20_000)
    latencies.append(click_and_wait(page, ".ent-button.bgw-legal[data-target='unit.fort.E1.1']"))

    expect(page.locator(".bgw-shell").first).to_contain_text("Player 1 places a fort on E1 for 3 gold", timeout=20_000)
    expect(page.locator(".ent-unit-g[data-seat='0'][data-kind='fort']")).to_have_count(1, timeout=20_000)
    mat = page.text_content(".ent-player[data-seat='0']")
    assert "×3×1×1" in mat                                     # scouts, forts (one left of two), settlement
    median = sorted(latencies)[len(latencies) // 2]
    record_property("entdecker_click_ms", median)
    print(f"click to redraw: median {median:.0f} ms, max {max(latencies):.0f} ms over {len(latencies)} clicks")
    assert not [e for e in errors if "board error" in e or "anywidget" in e.lower()], errors


def test_chinese_play_page_and_teacher_view(page, voila_url):
    page.goto(voila_url + "/voila/render/notebooks/entdecker.ipynb?seed=6&players=2&lang=zh-Hant",
              timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    expect(page.locator(".bgw-shell").first).to_contain_text("發現者", timeout=20_000)
    expect(page.locator(".bgw-shell").first).to_contain_text("下一步", timeout=20_000)
    assert "探索卡堆" in page.inner_html(".bgw-board")
    # The teacher's view shows what lies face down (which tiles and chips may come next); the player's does not.
    assert page.locator(".ent-face-down").count() == 0
    before = revision(page)
    page.locator(".bgw-teacher input").check()
    wait_for_redraw(page, before)
    expect(page.locator(".ent-face-down").first).to_contain_text("教師視角", timeout=20_000)
    listed = " ".join(page.locator(".ent-face-down").all_text_contents())
    assert "海岸" in listed and "×" in listed, listed
    before = revision(page)
    page.locator(".bgw-teacher input").uncheck()
    wait_for_redraw(page, before)
    assert page.locator(".ent-face-down").count() == 0
