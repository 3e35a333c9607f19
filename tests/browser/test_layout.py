"""The play page as an app, in Debian Chromium: one test per screen, for each game it covers.

- a 1366x768 laptop: Next, the board and the pending decision are all on screen without scrolling; the
  panel stays in view while the board scrolls;
- the same laptop in Traditional and Simplified Chinese;
- a 1024 px tablet: the panel is a bar at the bottom of the screen;
- a 1920x1080 projector in classroom mode (entered with the toggle, or from the page's address): a big
  Next, the board at full width, the captions and the keyboard shortcuts.

No test sleeps: each waits for what it needs (the layout it expects, once it has stopped moving; a text;
the board's revision), with a timeout, and a failure says what was awaited. Screenshots of each screen
are saved under test-artifacts/ for a person to look at.
"""

import itertools
import re
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from board_page import BOARD, PAGE_TIMEOUT, revision, wait_for_redraw

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
GAMES = {"endeavor-aos": "players=4&seed=3", "entdecker": "players=3&seed=6"}
LAPTOP = {"width": 1366, "height": 768}
TABLET = {"width": 1024, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}

NEXT, UNDO, PANEL = "button.bgw-next", "button.bgw-undo", ".bgw-panel"
DECISION, DECISION_TEXT, CAPTION, KEYS = ".bgw-decision", ".bgw-decision-text", ".bgw-caption", ".bgw-keys"

STEP_TIMEOUT = 20_000       # one step, a redraw, a new language, a layout after a resize
AUTOPLAY_TIMEOUT = 60_000   # the bots' moves up to the human's decision, on a loaded 2-core machine


# -- waiting, with a message that says what for ---------------------------------------------------------

@contextmanager
def awaiting(what: str):
    """A Playwright timeout inside becomes a failure that names what was awaited."""
    try:
        yield
    except PlaywrightTimeout as error:
        pytest.fail(f"waited in vain for {what}: {error.message.splitlines()[0]}")


# The boxes of these selectors (where the page lays them out, their font size, the window's size), once
# they have not moved for `frames` animation frames: a resize, a redraw, a new font or the sticky panel
# after a scroll has been laid out. `token` starts a new count for each wait.
_SETTLED = """([selectors, token, frames]) => {
  const box = (sel) => {
    const e = document.querySelector(sel);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
            font: parseFloat(getComputedStyle(e).fontSize), vw: window.innerWidth, vh: window.innerHeight};
  };
  const boxes = Object.fromEntries(selectors.map((s) => [s, box(s)]));
  const key = JSON.stringify(boxes), last = window.__bgwLayout;
  if (!last || last.token !== token || last.key !== key) {
    window.__bgwLayout = {token, key, same: 0};
    return false;
  }
  return ++last.same >= frames ? boxes : false;
}"""
_TOKENS = itertools.count()


def wait_for_layout(page, checks, *selectors, timeout=STEP_TIMEOUT):
    """Wait until the boxes of `selectors` have stopped moving and every check holds; returns the boxes.

    `checks(boxes)` gives pairs (what is expected, whether it holds); boxes are keyed by selector. A
    timeout fails naming the checks that never held, with the boxes last seen."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        with awaiting(f"the boxes of {', '.join(selectors)} to stop moving"):
            boxes = page.wait_for_function(_SETTLED, arg=[list(selectors), next(_TOKENS), 3],
                                           timeout=timeout).json_value()
        failed = [f"{s} is on the page" for s, b in boxes.items() if b is None]
        failed = failed or [what for what, holds in checks(boxes) if not holds]
        if not failed:
            return boxes
        if time.monotonic() >= deadline:
            pytest.fail(f"waited {timeout} ms for this layout, in vain: {'; '.join(failed)}\n{describe(boxes)}")


def describe(boxes) -> str:
    """Where each box is, for a failure's message."""
    lines = [f"{s}: not on the page" if b is None else
             f"{s}: x {b['left']:.0f} to {b['right']:.0f}, y {b['top']:.0f} to {b['bottom']:.0f}, font {b['font']:g} px"
             for s, b in boxes.items()]
    window = next((b for b in boxes.values() if b), None)
    if window:
        lines.append(f"window: {window['vw']}x{window['vh']}")
    return "\n".join(lines)


def on_screen(b) -> bool:
    return b["width"] > 0 and b["top"] >= 0 and b["left"] >= 0 and b["bottom"] <= b["vh"] and b["right"] <= b["vw"]


def visible_area(b) -> float:
    w = max(0, min(b["right"], b["vw"]) - max(b["left"], 0))
    h = max(0, min(b["bottom"], b["vh"]) - max(b["top"], 0))
    return w * h


def shoot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


# -- opening the page at the human's decision -------------------------------------------------------------

def open_play_page(page, voila_url, game, query=""):
    page.goto(f"{voila_url}/voila/render/notebooks/{game}.ipynb?{GAMES[game]}&delay=0{query}", timeout=PAGE_TIMEOUT)
    with awaiting(f"the board and the panel of {game}'s play page"):
        page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
        page.wait_for_selector(".bgw-panel-root", timeout=PAGE_TIMEOUT)


def panel_caught_up(page):
    """Wait until the panel shows the board's position (it is another widget, updated just after)."""
    with awaiting("the panel to show the board's revision"):
        page.wait_for_function(
            "() => { const s = document.querySelector('.bgw-board svg'), p = document.querySelector('.bgw-panel-root');"
            " return s && p && p.dataset.revision === s.getAttribute('data-revision'); }", timeout=STEP_TIMEOUT)


def until_a_human_decides(page):
    """Auto-play runs the rules and the bots until the human seat must decide."""
    if not page.locator(".bgw-decision-human").count():
        before = revision(page)
        page.click("button.bgw-autoplay")
        with awaiting("auto-play to stop at the human's decision"):
            page.wait_for_selector(".bgw-decision-human", timeout=AUTOPLAY_TIMEOUT)
            page.wait_for_function("() => !document.querySelector('button.bgw-autoplay.mod-active')",
                                   timeout=AUTOPLAY_TIMEOUT)
            wait_for_redraw(page, before)
    panel_caught_up(page)


@pytest.fixture
def at_decision(browser, voila_url, game):
    """The game's play page on a 1366x768 laptop, auto-played to the human's first decision."""
    page = browser.new_page(viewport=LAPTOP)
    open_play_page(page, voila_url, game)
    until_a_human_decides(page)
    yield page
    page.close()


def step_shown(page) -> int:
    return int(page.inner_text(".bgw-timeline .widget-readout"))


def at_step(page, step: int):
    """Wait until the timeline shows `step` (the controls update just after the board)."""
    with awaiting(f"the timeline to show step {step}"):
        page.wait_for_function("n => document.querySelector('.bgw-timeline .widget-readout').textContent.trim() == n",
                               arg=str(step), timeout=STEP_TIMEOUT)


def switch_language(page, button: str, next_label: str, to_decide: str):
    """Click a language in the header; wait for the board, the panel and the controls in that language."""
    before = revision(page)
    page.get_by_role("button", name=button, exact=True).click()
    with awaiting(f"the board redrawn in {button}"):
        wait_for_redraw(page, before)
    panel_caught_up(page)
    expect(page.locator(NEXT), f"Next in {button}").to_have_text(next_label, timeout=STEP_TIMEOUT)
    expect(page.locator(DECISION_TEXT), f"the decision in {button}").to_contain_text(to_decide, timeout=STEP_TIMEOUT)


# -- the layouts each screen expects ----------------------------------------------------------------------

def laptop(b):
    board = b[BOARD]
    return [("Next is on screen", on_screen(b[NEXT])),
            ("Undo is on screen", on_screen(b[UNDO])),
            ("the pending decision is on screen", on_screen(b[DECISION])),
            ("the board takes the width it has (60 % of the window)", board["width"] >= 0.6 * board["vw"]),
            ("the board fills most of the screen (45 % of it visible)",
             visible_area(board) >= 0.45 * board["vw"] * board["vh"]),
            ("the panel is beside the board", board["right"] <= b[PANEL]["left"])]


def scrolled_to_the_board_bottom(b):
    return [("the board's bottom is on screen", b[BOARD]["bottom"] <= b[BOARD]["vh"] + 1),
            ("Next stays on screen while the board scrolls", on_screen(b[NEXT])),
            ("the pending decision stays on screen while the board scrolls", on_screen(b[DECISION]))]


def tablet(b):
    board, panel = b[BOARD], b[PANEL]
    return [("the window is 1024 px wide", panel["vw"] == TABLET["width"]),
            ("Next is on screen", on_screen(b[NEXT])),
            ("the decision's text is on screen", on_screen(b[DECISION_TEXT])),
            ("the bar is at the bottom", panel["bottom"] <= panel["vh"] + 1 and panel["top"] > panel["vh"] / 2),
            ("the bar takes the whole width (90 %)", panel["width"] >= 0.9 * panel["vw"]),
            ("the board takes 55 % of the width", board["width"] >= 0.55 * board["vw"]),
            ("the board is above the bar", board["top"] < panel["top"] - 250)]


def classroom(b):
    return [("the window is 1920 px wide", b[BOARD]["vw"] == PROJECTOR["width"]),
            ("a big Next button (50 px high) on screen", on_screen(b[NEXT]) and b[NEXT]["height"] >= 50),
            ("the board at full width (55 % of the window)", b[BOARD]["width"] >= 0.55 * b[BOARD]["vw"]),
            ("the decision's text is on screen", on_screen(b[DECISION_TEXT])),
            ("captions in large type (24 px)", b[CAPTION]["font"] >= 24),
            ("the keys are shown", b[KEYS]["height"] > 0)]


def beside(b):
    return [("the panel is beside the board", b[BOARD]["right"] <= b[PANEL]["left"])]


# -- the screens ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(GAMES))
def test_laptop(at_decision, game):
    """1366x768: Next, Undo, the pending decision and most of the board on screen without scrolling, the
    panel beside the board; scrolled down to the bottom of the board, Next and the decision stay in view."""
    page = at_decision
    expect(page.locator(".bgw-decision button, .bgw-on-board").first,
           "the decision offers its choices (buttons in the panel, or on the board)").to_be_attached()
    board = wait_for_layout(page, laptop, NEXT, UNDO, DECISION, BOARD, PANEL)[BOARD]
    shoot(page, f"{game}-1366x768-en")

    below = max(0, board["bottom"] - board["vh"])
    page.evaluate("y => { const s = document.getElementById('rendered_cells') || document.scrollingElement;"
                  " s.scrollTop = y; }", below)
    wait_for_layout(page, scrolled_to_the_board_bottom, NEXT, DECISION, BOARD)
    if below > 300:
        shoot(page, f"{game}-1366x768-en-scrolled")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_laptop_in_chinese(at_decision, game):
    """The language buttons redraw the page in Traditional, then Simplified Chinese, with Next still on
    screen, and back in English."""
    page = at_decision
    for lang, button, to_decide in (("zh-Hant", "繁體中文", "輪到玩家1決定"), ("zh-Hans", "简体中文", "轮到玩家1决定")):
        switch_language(page, button, "下一步", to_decide)
        wait_for_layout(page, lambda b: [("Next is on screen", on_screen(b[NEXT]))], NEXT, DECISION, BOARD)
        shoot(page, f"{game}-1366x768-{lang}")
    switch_language(page, "English", "Next", "Player 1 to decide")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_tablet(at_decision, game):
    """Resized to a 1024 px tablet, the panel becomes a bar at the bottom of the screen, below the board."""
    page = at_decision
    page.set_viewport_size(TABLET)
    wait_for_layout(page, tablet, NEXT, DECISION_TEXT, BOARD, PANEL)
    shoot(page, f"{game}-1024x768-en")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_projector_in_classroom_mode(at_decision, game):
    """A 1920x1080 projector, classroom mode entered with the toggle: a big Next, the board at full width,
    the captions in large type, the keys (→ a step, ← undo, space auto-play); the toggle leaves it."""
    page = at_decision
    page.set_viewport_size(PROJECTOR)
    page.click("button.bgw-classroom-toggle")
    with awaiting("classroom mode"):
        page.wait_for_selector(".bgw-shell.bgw-classroom", timeout=STEP_TIMEOUT)
    wait_for_layout(page, classroom, NEXT, BOARD, DECISION_TEXT, CAPTION, KEYS)
    shoot(page, f"{game}-1920x1080-classroom-en")

    # ← takes back the learner's last move (before any, back to the start), → takes one step, space runs
    # auto-play (which stops at the human's next decision)
    page.click(".bgw-header")                     # the keys act on the board last clicked
    step = step_shown(page)
    page.keyboard.press("ArrowLeft")
    with awaiting(f"the timeline to go back from step {step}"):
        page.wait_for_function("n => Number(document.querySelector('.bgw-timeline .widget-readout').textContent) < n",
                               arg=step, timeout=STEP_TIMEOUT)
    back = step_shown(page)
    page.keyboard.press("ArrowRight")             # a bot or the rules take the step again
    at_step(page, back + 1)
    expect(page.locator(".bgw-captions"), "the last step's log as captions").to_have_text(
        re.compile(r"\S"), timeout=STEP_TIMEOUT)
    page.keyboard.press(" ")
    at_step(page, step)
    with awaiting("auto-play (space) to stop at the human's decision"):
        page.wait_for_selector(".bgw-decision-human", timeout=AUTOPLAY_TIMEOUT)
        page.wait_for_function("() => !document.querySelector('button.bgw-autoplay.mod-active')",
                               timeout=AUTOPLAY_TIMEOUT)

    # the toggle leaves classroom mode: the panel is beside the board again
    page.click("button.bgw-classroom-toggle")
    with awaiting("classroom mode to end"):
        page.wait_for_selector(".bgw-shell:not(.bgw-classroom)", timeout=STEP_TIMEOUT)
    wait_for_layout(page, beside, BOARD, PANEL)
    shoot(page, f"{game}-1920x1080-en")


def test_classroom_from_the_address(browser, voila_url):
    """?mode=classroom&lang=zh-Hans opens the page in classroom mode, in Simplified Chinese."""
    page = browser.new_page(viewport=PROJECTOR)
    try:
        open_play_page(page, voila_url, "endeavor-aos", "&mode=classroom&lang=zh-Hans")
        with awaiting("classroom mode"):
            page.wait_for_selector(".bgw-shell.bgw-classroom", timeout=PAGE_TIMEOUT)
        until_a_human_decides(page)
        # one column at the projector's full width, its texts twice a laptop's size; the page scrolls under the bar
        expect(page.locator(BOARD), "the map, the tray and the mats in one column").to_have_attribute(
            "data-wide", "0", timeout=STEP_TIMEOUT)
        expect(page.locator(NEXT), "Next in Simplified Chinese").to_have_text("下一步", timeout=STEP_TIMEOUT)
        wait_for_layout(page, lambda b: [
            ("the board takes the whole width (90 %)", b[BOARD]["width"] >= 0.9 * b[BOARD]["vw"]),
            ("the board's top is on screen, above the bar", 0 <= b[BOARD]["top"] < b[PANEL]["top"]),
            ("Next is on screen", on_screen(b[NEXT]))], BOARD, PANEL, NEXT)
        shoot(page, "endeavor-aos-1920x1080-classroom-zh-Hans")
    finally:
        page.close()
