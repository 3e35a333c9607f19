"""Browser tests: Debian Chromium, driven by Playwright, on real Voila pages."""

import re
import time

import pytest
from playwright.sync_api import expect

from board_page import BOARD, PAGE_TIMEOUT, revision, wait_for_redraw

pytestmark = pytest.mark.browser

def test_gallery_cards(page, voila_url):
    """One card per game, each with its board drawn from a real position, its play page and its lessons."""
    page.goto(voila_url + "/", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(".bgw-card-endeavor-aos .bgw-board svg", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(".bgw-card-entdecker .bgw-board svg", timeout=PAGE_TIMEOUT)
    hrefs = page.eval_on_selector_all(".bgw-card a", "els => els.map(e => e.getAttribute('href'))")
    assert "endeavor-aos.ipynb?lang=en" in hrefs
    assert "endeavor-aos.ipynb?lang=zh-Hant" in hrefs
    assert "../tutorials/endeavor-aos.en.ipynb" in hrefs
    assert "../tutorials/endeavor-aos.zh-Hant.ipynb" in hrefs
    assert "../tutorials/entdecker.en.ipynb" in hrefs
    # the picture is the real board: the Endeavor map with discs on it, the Entdecker grid with tiles
    assert page.locator(".bgw-card-endeavor-aos .bgw-map .bgw-space").count() > 20
    assert page.locator(".bgw-card-entdecker .ent-square").count() == 70
    assert "2–5 players" in page.inner_text(".bgw-card-endeavor-aos")
    # the play button leads to the play page in the gallery's language
    assert page.get_attribute(".bgw-card-endeavor-aos a.bgw-card-button", "href") == "endeavor-aos.ipynb?lang=en"


def test_play_page_next_and_build(page, voila_url, record_property):
    messages = []
    page.on("console", lambda m: messages.append(m.text) if m.type == "error" else None)
    started = time.perf_counter()
    page.goto(voila_url + "/voila/render/notebooks/endeavor-aos.ipynb?seed=3&players=3", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    board_seconds = time.perf_counter() - started
    record_property("board_seconds", board_seconds)
    print(f"\nboard drawn {board_seconds:.2f} s after opening the page")

    # The score chart comes up when its section is opened, from the inline (offline) BokehJS.
    page.get_by_text("Score chart").click()
    page.wait_for_selector(".bgw-more .bk-Canvas, .bgw-more div.bk", state="attached", timeout=PAGE_TIMEOUT)

    log_before = page.inner_text(".bgw-shell")
    # Next until the human seat (Player 1) must choose a building in the tray.
    for _ in range(40):
        legal = page.query_selector(".bgw-legal[data-target^='tray.']")
        if legal:
            break
        start_choice = page.query_selector(".bgw-legal[data-target^='start.']")
        before = revision(page)
        if start_choice:
            start_choice.click()
        else:
            page.get_by_role("button", name="Next").click()
        wait_for_redraw(page, before)
    else:
        pytest.fail("no building became clickable")
    assert page.inner_text(".bgw-shell") != log_before

    target = legal.get_attribute("data-target")
    building = target.split(".", 1)[1]
    coast_before = page.eval_on_selector_all(".bgw-mat[data-seat='0'] .bgw-slot text", "els => els.length")
    before = revision(page)
    clicked = time.perf_counter()
    legal.click()
    wait_for_redraw(page, before)
    latency_ms = 1000 * (time.perf_counter() - clicked)
    record_property("click_ms", latency_ms)
    print(f"click to redraw: {latency_ms:.0f} ms (building {building})")
    coast_after = page.eval_on_selector_all(".bgw-mat[data-seat='0'] .bgw-slot text", "els => els.length")
    assert coast_after > coast_before, "the new building is drawn on Player 1's coastline"
    # the narration is another widget, whose update may land just after the board's redraw
    expect(page.locator(".bgw-shell")).to_contain_text("Player 1 builds the", timeout=10_000)
    assert not [m for m in messages if "bgw" in m or "anywidget" in m.lower()], messages


def test_refused_option_says_why(page, voila_url):
    page.goto(voila_url + "/voila/render/notebooks/endeavor-aos.ipynb?seed=5&players=2&lang=zh-Hant",
              timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    for _ in range(40):
        refused = page.query_selector(".bgw-refused[data-target^='tray.']")
        if refused:
            break
        choice = page.query_selector(".bgw-legal[data-target^='start.']")
        before = revision(page)
        (choice.click() if choice else page.get_by_role("button", name="下一步").click())
        wait_for_redraw(page, before)
    else:
        pytest.fail("no refused building was shown")
    before = revision(page)
    refused.click()
    wait_for_redraw(page, before)
    shell = expect(page.locator(".bgw-shell"))          # the refusal, in Chinese, with its reason
    shell.to_contain_text("無法執行", timeout=10_000)
    shell.to_contain_text("建造等級", timeout=10_000)


def test_teaching_material_is_served_as_pages(page, voila_url):
    """The gallery's links to the teacher's summary and plan open as pages, zh-Hans generated."""
    response = page.goto(voila_url + "/teach/entdecker.plan.zh-Hans.html", timeout=PAGE_TIMEOUT)
    assert response.status == 200 and page.locator("h1").count() == 1
    assert "发现者" in page.inner_text("body") or "课" in page.inner_text("body")
    assert page.goto(voila_url + "/teach/entdecker.plan.xx.html").status == 404


def test_the_served_pages_ask_no_other_host(browser, voila_url):
    """A classroom without internet gets whole pages: the gallery, a play page and a lesson load, and
    draw their boards, with every request to another host aborted (Voila's own template asked a CDN for
    Font Awesome; the project's template, widgets/jupyter/voila/templates/bgw, does not)."""
    from urllib.parse import urlparse
    asked: list[str] = []
    here = urlparse(voila_url).hostname

    def route(r):
        if urlparse(r.request.url).hostname != here:
            asked.append(r.request.url)
            return r.abort()
        return r.continue_()

    context = browser.new_context()
    context.route("**/*", route)
    page = context.new_page()
    for path in ("/", "/voila/render/notebooks/amerigo.ipynb?seed=2", "/voila/render/tutorials/shipyard.en.ipynb"):
        page.goto(voila_url + path, timeout=PAGE_TIMEOUT)
        page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
        assert "cdn.jsdelivr.net" not in page.content()
    context.close()
    assert not asked, asked


def test_a_play_page_answers_every_press_and_click(page, voila_url):
    """Issue 31 §4, on Shipyard's play page in Simplified Chinese: the tab is titled in the page's language;
    the 13 steps of the deal take one press of Next; at the learner's own decision Next is greyed and a
    press says what to do; a click on the board where no option is says what the decision asks for; no
    label carries a "null" tooltip."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(voila_url + "/voila/render/notebooks/shipyard.ipynb?lang=zh-Hans&seed=1&players=3", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    page.wait_for_selector(".bgw-panel-root", timeout=PAGE_TIMEOUT)
    assert page.title() == "造船厂（第二版）：与电脑对战"
    before = revision(page)
    page.click("button.bgw-next")                        # the deal, in one press
    wait_for_redraw(page, before)
    expect(page.locator(".bgw-decision-human")).to_be_visible(timeout=20_000)
    expect(page.locator("button.bgw-next")).to_have_class(re.compile("bgw-next-yours"), timeout=20_000)
    page.click("button.bgw-next")
    expect(page.locator(".bgw-message-notice")).to_contain_text("轮到你（玩家1）", timeout=20_000)
    root = page.locator(".bgw-board .bgw-root").bounding_box()
    page.mouse.click(root["x"] + 3, root["y"] + 3)       # the board's background
    expect(page.locator(".bgw-message-notice")).to_contain_text("那里现在没有可做的事", timeout=20_000)
    assert page.locator("[title='null']").count() == 0


def test_a_lesson_page_is_titled_and_leaves_the_code_for_the_curious_out(page, voila_url):
    """Issue 31 §4: the lesson's tab names the game and the page in its language, and the section for the
    curious (code hidden, raw output shown) is left out of the published page."""
    page.goto(voila_url + "/voila/render/tutorials/amerigo.zh-Hant.ipynb", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    assert page.title() == "亞美利哥（Amerigo）：教學"
    page.wait_for_function("() => !document.querySelector('#loading') || getComputedStyle(document.querySelector('#loading')).display === 'none'",
                           timeout=PAGE_TIMEOUT)
    text = page.inner_text("body")
    assert "給好奇的你" not in text and "act:" not in text
