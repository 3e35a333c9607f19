"""Issue 33: the board by keyboard. On every play page (real Voila, Debian Chromium) a learner who uses no mouse
plays ten decisions: Tab reaches the board, the arrow keys move between its options (a roving focus, ringed and
named on the hover line), Enter chooses, Escape leaves the options for the board itself; Next and the panel's
buttons are reached with Tab too. The board is a named group, its options buttons named by their move, and what
each step did is announced in a polite live region.

Over the published games' play pages: Voila runs a page in a kernel of its own, a fresh interpreter in which the
test-only games (tic-tac-toe) are never registered; tic-tac-toe's board makes its options buttons with one in the
Tab order through the same kit, checked under Node (tests/test_tictactoe.py)."""

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

from board_page import PAGE_TIMEOUT

pytestmark = pytest.mark.browser

GAMES = ("endeavor-aos", "endeavor-2009", "entdecker", "amerigo", "shipyard")
ACTIVE = "() => { const a = document.activeElement; return a ? a.outerHTML.slice(0, 80) : ''; }"
IN_BOARD = "() => !!(document.activeElement && document.activeElement.closest('.bgw-board'))"
DRAWN = "() => { const r = document.querySelector('.bgw-board .bgw-root'); return r ? r.dataset.drawnAt : ''; }"


def tab_to(page, predicate: str, limit: int = 150, key: str = "Tab") -> None:
    """Press Tab (or `key`) until `predicate` (a JS function of nothing) holds for the focused element."""
    for _ in range(limit):
        if page.evaluate(predicate):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached it (focus on {page.evaluate(ACTIVE)})")


CAUGHT_UP = ("() => { const r = document.querySelector('.bgw-board .bgw-root'),"
             " p = document.querySelector('.bgw-panel-root');"
             " return !!(r && p && p.dataset.revision === r.dataset.revision); }")


def press_and_wait(page, key: str) -> None:
    """Press `key` and wait for the board to redraw and the panel to catch up (the panel is another widget,
    updated just after the board: its choices are what the next decision is made from)."""
    before = page.evaluate(DRAWN)
    focused = page.evaluate(ACTIVE)
    page.keyboard.press(key)
    try:
        page.wait_for_function(f"before => ({DRAWN})() !== before", arg=before, timeout=30_000)
    except PlaywrightTimeout:
        # say what the page said instead of redrawing (a refusal, an error), to tell a slow kernel from a bug
        said = page.evaluate("() => [...document.querySelectorAll('.bgw-announce, .bgw-message, .bgw-board .bgw-root')]"
                             ".map((e) => e.innerText.trim().slice(0, 200)).filter(Boolean).join(' | ')")
        raise AssertionError(f"{key} on {focused} did not redraw the board in 30 s; the page says: {said}")
    page.wait_for_function(CAUGHT_UP, timeout=30_000)


def choose_on_the_board(page) -> None:
    """Into the board with Tab, along its options with →, and a legal one chosen with Enter."""
    if not page.evaluate(IN_BOARD):
        tab_to(page, IN_BOARD)
    for _ in range(400):
        focused = page.evaluate("() => document.activeElement.classList.contains('bgw-legal')")
        if focused:
            break
        page.keyboard.press("ArrowRight")
    option = page.evaluate("() => [document.activeElement.getAttribute('role'), "
                           "document.activeElement.getAttribute('aria-label')]")
    assert option[0] == "button" and option[1], option
    assert page.locator(".bgw-board .bgw-focus-ring").count() == 1          # the focus is seen
    assert page.locator(".bgw-board .bgw-tip").inner_text() == option[1]      # and named on the hover line
    press_and_wait(page, "Enter")


def unfold_a_mat(page):
    """Endeavor draws the mats of the seats not deciding folded, unfolded by a click: its "unfold" is a control of
    the board's own (board_kit.js ownControl), reached with the arrow keys and chosen with Enter like an option."""
    unfold = page.locator(".bgw-board [data-pick^='unfold.']")
    expect(unfold.first).to_be_attached(timeout=20_000)
    seat = unfold.first.get_attribute("data-pick").split(".")[1]
    tab_to(page, IN_BOARD)
    tab_to(page, f"() => document.activeElement.getAttribute('data-pick') === 'unfold.{seat}'", key="ArrowRight")
    assert page.evaluate("() => [document.activeElement.getAttribute('role'), "
                         "document.activeElement.getAttribute('aria-label')]") \
        == ["button", f"Player {int(seat) + 1}: show the whole mat"]
    page.keyboard.press("Enter")
    expect(page.locator(f".bgw-board [data-pick='fold.{seat}']")).to_be_attached(timeout=20_000)


@pytest.mark.parametrize("game", GAMES)
def test_ten_decisions_with_the_keyboard_alone(page, voila_url, game):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_url}/voila/render/notebooks/{game}.ipynb?seed=2&players=3", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(".bgw-board .bgw-root[data-drawn-at]", state="attached", timeout=PAGE_TIMEOUT)
    if game == "endeavor-aos":
        unfold_a_mat(page)
    root = page.locator(".bgw-board .bgw-root")
    expect(root).to_have_attribute("role", "group")
    expect(root).to_have_attribute("aria-label", "Game board")
    assert page.locator(".bgw-board svg[role='img']").count() == 0       # a picture would hide its options
    page.wait_for_function(CAUGHT_UP, timeout=30_000)
    made, presses = 0, 0
    while made < 10:
        presses += 1
        assert presses < 200, f"{game}: {made} decisions after {presses} presses"
        if page.locator(".bgw-board [data-action].bgw-legal").count():
            choose_on_the_board(page)
            made += 1
        elif page.locator(".bgw-choice-legal").count():
            tab_to(page, "() => document.activeElement.classList.contains('bgw-choice-legal')")
            press_and_wait(page, "Enter")
            made += 1
        else:
            tab_to(page, "() => document.activeElement.tagName === 'BUTTON' && "
                         "document.activeElement.textContent.trim() === 'Next'")
            press_and_wait(page, "Enter")
    # what the last step did is said in the panel's one polite live region
    live = page.locator(".bgw-announce")
    expect(live).to_have_count(1)
    expect(live).to_have_attribute("aria-live", "polite")
    # (the panel redraws after the board: wait until it has said what it shows)
    page.wait_for_function("""() => {
      const said = document.querySelector('.bgw-announce').textContent;
      const shown = (s) => [...document.querySelectorAll(s)].map((e) => e.innerText.trim()).join(' ');
      return said && (said === shown('.bgw-message') || said === shown('.bgw-caption'));
    }""", timeout=20_000)
    # Escape leaves the options for the board itself, and Tab goes on from there
    tab_to(page, IN_BOARD)
    if page.evaluate("() => document.activeElement.hasAttribute('data-action')"):
        page.keyboard.press("Escape")
        assert page.evaluate("() => document.activeElement.classList.contains('bgw-root')")
    # right after the board, the board in words: opened with Enter, it reads the position part by part
    tab_to(page, "() => document.activeElement.matches('.bgw-board .bgw-words > summary')")
    assert page.evaluate("() => document.activeElement.textContent") == "The board in words"
    page.keyboard.press("Enter")
    words = page.locator(".bgw-board .bgw-words")
    expect(words).to_have_attribute("open", "")
    expect(words.locator(".bgw-words-heading").first).to_have_text("Now", timeout=20_000)   # made once opened
    headings = words.locator(".bgw-words-heading").all_inner_texts()
    assert headings[:2] == ["Now", "Scores"], headings


def test_a_refused_option_chosen_by_keyboard_is_announced_with_its_reason(page, voila_url):
    """Endeavor's tray offers every building, the ones above the build level refused: Enter on one says why,
    in the live region as on the page."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_url}/voila/render/notebooks/endeavor-aos.ipynb?seed=3&players=3", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(".bgw-board .bgw-root[data-drawn-at]", state="attached", timeout=PAGE_TIMEOUT)
    for _ in range(60):
        if page.locator(".bgw-board [data-action].bgw-refused").count():
            break
        if page.locator(".bgw-board [data-action].bgw-legal").count():
            choose_on_the_board(page)
        else:
            tab_to(page, "() => document.activeElement.tagName === 'BUTTON' && "
                         "document.activeElement.textContent.trim() === 'Next'")
            press_and_wait(page, "Enter")
    else:
        pytest.fail("no refused option on the board")
    tab_to(page, IN_BOARD)
    tab_to(page, "() => document.activeElement.classList.contains('bgw-refused')", key="ArrowRight")
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("Enter")
    why = label.split(": ", 1)[1]
    expect(page.locator(".bgw-message")).to_contain_text(why, timeout=20_000)
    expect(page.locator(".bgw-announce")).to_contain_text(why)



def test_a_click_leaves_no_focus_ring_and_the_keyboard_brings_it_back(page, voila_url):
    """A click focuses what it clicked, and after the redraw the focus moves to another option: ringed, it would
    look like a choice the learner never made (Amerigo try-out 5). The ring follows the keyboard only."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_url}/voila/render/notebooks/entdecker.ipynb?seed=2&players=3", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(".bgw-board .bgw-root[data-drawn-at]", state="attached", timeout=PAGE_TIMEOUT)
    for _ in range(20):                     # the bots before the learner's first decision
        if page.locator(".bgw-board [data-action].bgw-legal").count():
            break
        before = page.evaluate(DRAWN)
        page.click("button.bgw-next")
        page.wait_for_function(f"before => ({DRAWN})() !== before", arg=before, timeout=30_000)
    before = page.evaluate(DRAWN)
    page.locator(".bgw-board [data-action].bgw-legal").first.click()
    page.wait_for_function(f"before => ({DRAWN})() !== before", arg=before, timeout=30_000)
    assert page.evaluate(IN_BOARD), "the click's focus stays on the board, for a learner who goes on with keys"
    assert page.locator(".bgw-board .bgw-focus-ring").count() == 0
    page.keyboard.press("ArrowRight")
    expect(page.locator(".bgw-board .bgw-focus-ring")).to_have_count(1)
