"""The play page as an app, in Debian Chromium: at 1366x768 Next, the board and the pending decision are
all on screen without scrolling, for every game; the panel stays in view while the board scrolls; a
1024 px tablet gets the panel as a bar at the bottom; classroom mode at 1920x1080 has the big Next, the
captions and the keyboard shortcuts.

Screenshots of each page (English, Traditional and Simplified Chinese, 1366x768 and 1920x1080 classroom)
are saved under test-artifacts/ for a person to look at.
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from board_page import BOARD, PAGE_TIMEOUT, revision, wait_for_redraw

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
GAMES = {"endeavor-aos": "players=4&seed=3", "entdecker": "players=3&seed=6"}

# Where an element is on screen, as the page lays it out.
_BOX = "sel => { const e = document.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect();" \
       " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height," \
       " vw: window.innerWidth, vh: window.innerHeight}; }"


def box(page, selector):
    found = page.evaluate(_BOX, selector)
    assert found is not None, f"{selector} is not on the page"
    return found


def fully_visible(b) -> bool:
    return b["width"] > 0 and b["top"] >= 0 and b["left"] >= 0 and b["bottom"] <= b["vh"] and b["right"] <= b["vw"]


def visible_area(b) -> float:
    w = max(0, min(b["right"], b["vw"]) - max(b["left"], 0))
    h = max(0, min(b["bottom"], b["vh"]) - max(b["top"], 0))
    return w * h


def shoot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def open_play_page(page, voila_url, game, query=""):
    page.goto(f"{voila_url}/voila/render/notebooks/{game}.ipynb?{GAMES[game]}&delay=0{query}", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    page.wait_for_selector(".bgw-panel-root", timeout=PAGE_TIMEOUT)


def at_step(page, step: int):
    """Wait until the timeline shows `step` (the controls update just after the board)."""
    page.wait_for_function("n => document.querySelector('.bgw-timeline .widget-readout').textContent.trim() == n",
                           arg=str(step), timeout=20_000)


def until_a_human_decides(page):
    """Auto-play runs the rules and the bots until the human seat must decide."""
    if page.locator(".bgw-decision-human").count():
        return
    before = revision(page)
    page.click("button.bgw-autoplay")
    page.wait_for_selector(".bgw-decision-human", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('button.bgw-autoplay.mod-active')", timeout=30_000)
    wait_for_redraw(page, before)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_page_layouts(browser, voila_url, game):
    """One page, three screens: a 1366x768 laptop in three languages, a 1024 px tablet, a 1920x1080
    projector in classroom mode (entered with the toggle), with the keys."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    open_play_page(page, voila_url, game)
    until_a_human_decides(page)
    page.wait_for_timeout(300)

    # -- 1366x768: Next, the board and the pending decision on screen, without scrolling --------------
    assert fully_visible(box(page, "button.bgw-next")), "Next is on screen"
    assert fully_visible(box(page, "button.bgw-undo"))
    assert fully_visible(box(page, ".bgw-decision")), "the pending decision is on screen"
    board = box(page, BOARD)
    assert board["width"] >= 0.6 * board["vw"], "the board takes the width it has"
    assert visible_area(board) >= 0.45 * board["vw"] * board["vh"], "the board fills most of the screen"
    assert board["right"] <= box(page, ".bgw-panel")["left"], "the panel is beside the board"
    assert page.locator(".bgw-decision button").count() > 0 or page.locator(".bgw-on-board").count() > 0
    shoot(page, f"{game}-1366x768-en")

    # Scrolling down to the bottom of a board taller than the screen, the panel stays in view.
    below = max(0, board["bottom"] - board["vh"])
    page.evaluate("y => { const s = document.getElementById('rendered_cells') || document.scrollingElement;"
                  " s.scrollTop = y; }", below)
    page.wait_for_timeout(300)
    assert fully_visible(box(page, "button.bgw-next")), "Next stays on screen while the board scrolls"
    assert fully_visible(box(page, ".bgw-decision"))
    if below > 300:
        shoot(page, f"{game}-1366x768-en-scrolled")
    page.evaluate("() => { const s = document.getElementById('rendered_cells') || document.scrollingElement;"
                  " s.scrollTop = 0; }")

    for lang, name in (("zh-Hant", "繁體中文"), ("zh-Hans", "简体中文")):
        before = revision(page)
        page.get_by_role("button", name=name, exact=True).click()
        wait_for_redraw(page, before)
        # the panel's texts are other widgets than the board: wait for them, not for a fixed time
        expect(page.locator("button.bgw-next")).to_have_text("下一步", timeout=10_000)
        page.wait_for_timeout(400)
        assert fully_visible(box(page, "button.bgw-next"))
        shoot(page, f"{game}-1366x768-{lang}")
    expect(page.locator(".bgw-decision")).to_contain_text("轮到玩家1决定", timeout=10_000)
    before = revision(page)
    page.get_by_role("button", name="English", exact=True).click()
    wait_for_redraw(page, before)

    # -- a 1024 px tablet: the panel is a bar at the bottom of the screen --------------------------------
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_timeout(600)
    assert fully_visible(box(page, "button.bgw-next"))
    assert fully_visible(box(page, ".bgw-decision-text"))
    board, panel = box(page, BOARD), box(page, ".bgw-panel")
    assert panel["bottom"] <= panel["vh"] + 1 and panel["top"] > panel["vh"] / 2, "the bar is at the bottom"
    assert panel["width"] >= 0.9 * panel["vw"], "the bar takes the whole width"
    assert board["width"] >= 0.55 * board["vw"] and board["top"] < panel["top"] - 250, "the board above the bar"
    shoot(page, f"{game}-1024x768-en")

    # -- a 1920x1080 projector in classroom mode: big Next, board at full width, captions, keys ---------
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.click("button.bgw-classroom-toggle")
    page.wait_for_selector(".bgw-shell.bgw-classroom", timeout=20_000)
    page.wait_for_timeout(600)
    next_box = box(page, "button.bgw-next")
    assert fully_visible(next_box) and next_box["height"] >= 50, "a big Next button on screen"
    board = box(page, BOARD)
    assert board["width"] >= 0.55 * board["vw"], "the board at full width"
    assert fully_visible(box(page, ".bgw-decision-text"))
    assert float(page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.bgw-caption')).fontSize)")) >= 24
    shoot(page, f"{game}-1920x1080-classroom-en")

    # → takes a step, ← undoes it, space runs auto-play (which stops at the human's next decision)
    page.click(".bgw-header")                     # the keys act on the board last clicked
    step = int(page.evaluate("() => document.querySelector('.bgw-timeline .widget-readout').textContent"))
    page.keyboard.press("ArrowLeft")
    at_step(page, step - 1)
    page.keyboard.press("ArrowRight")             # a bot or the rules take the step again
    at_step(page, step)
    assert page.inner_text(".bgw-captions").strip(), "the last step's log as captions"
    page.keyboard.press("ArrowLeft")
    at_step(page, step - 1)
    page.keyboard.press(" ")
    page.wait_for_selector(".bgw-decision-human", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('button.bgw-autoplay.mod-active')", timeout=30_000)
    at_step(page, step)

    # the toggle leaves classroom mode: the panel is beside the board again
    page.click("button.bgw-classroom-toggle")
    page.wait_for_selector(".bgw-shell:not(.bgw-classroom)", timeout=20_000)
    page.wait_for_timeout(400)
    assert box(page, BOARD)["right"] <= box(page, ".bgw-panel")["left"]
    shoot(page, f"{game}-1920x1080-en")
    page.close()


def test_classroom_from_the_address(browser, voila_url):
    """?mode=classroom&lang=zh-Hans opens the page in classroom mode, in Simplified Chinese."""
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    open_play_page(page, voila_url, "endeavor-aos", "&mode=classroom&lang=zh-Hans")
    page.wait_for_selector(".bgw-shell.bgw-classroom", timeout=PAGE_TIMEOUT)
    until_a_human_decides(page)
    page.wait_for_timeout(500)
    assert page.get_attribute(BOARD, "data-wide") == "1", "the tray and the mats beside the map"
    board = box(page, BOARD)
    assert board["bottom"] <= box(page, ".bgw-panel")["top"] + 2, "the whole board above the bar"
    assert fully_visible(box(page, "button.bgw-next"))
    assert page.inner_text("button.bgw-next").strip() == "下一步"
    shoot(page, "endeavor-aos-1920x1080-classroom-zh-Hans")
    page.close()
