"""Issue 33, phones: at 390 x 844 (touch) a lesson draws its board under the step (side by side it had no width
left), every control of a play page fits the screen's width, and a board keeps a legible size (its texts 11 px or
more, as on a laptop) and pans inside its own box; a move is made by a tap."""

import pytest
from playwright.sync_api import expect

from board_page import PAGE_TIMEOUT

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
# the median size of the board's texts, as drawn, and the board's box and drawing widths
_SIZES = """() => {
  const root = document.querySelector('.bgw-board .bgw-root'), svg = root.querySelector('svg');
  const sizes = [...svg.querySelectorAll('text')].map((t) => t.getBoundingClientRect().height).filter((h) => h > 0)
    .sort((a, b) => a - b);
  return { box: root.getBoundingClientRect().width, drawn: svg.getBoundingClientRect().width,
           median: sizes[Math.floor(sizes.length / 2)] };
}"""


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE)
    yield context.new_page()
    context.close()


def test_a_lesson_on_a_phone_shows_its_board_legibly_and_a_tap_makes_the_move(phone, voila_url):
    phone.goto(f"{voila_url}/voila/render/tutorials/entdecker.en.ipynb?step=9", timeout=PAGE_TIMEOUT)
    phone.wait_for_selector(".bgw-board .bgw-root[data-drawn-at]", state="attached", timeout=PAGE_TIMEOUT)
    sizes = phone.evaluate(_SIZES)
    assert sizes["box"] > 300 and sizes["drawn"] >= 960 and sizes["median"] >= 11, sizes
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390       # the page itself never pans
    from widgets.core.lesson_file import load
    expected = load("entdecker").steps[8].task.expect
    option = phone.locator(f".bgw-board [data-action='{expected}']").first
    option.scroll_into_view_if_needed()
    option.tap()
    expect(phone.locator(".bgw-lesson-feedback .ok")).to_be_visible(timeout=30_000)


def test_a_play_page_on_a_phone_fits_its_controls(phone, voila_url):
    phone.goto(f"{voila_url}/voila/render/notebooks/shipyard.ipynb?lang=zh-Hant", timeout=PAGE_TIMEOUT)
    phone.wait_for_selector(".bgw-board .bgw-root[data-drawn-at]", state="attached", timeout=PAGE_TIMEOUT)
    expect(phone.locator("button.bgw-next")).to_be_visible(timeout=PAGE_TIMEOUT)
    outside = phone.evaluate("""() => [...document.querySelectorAll('.bgw-controls button, .bgw-header button')]
        .map((b) => b.getBoundingClientRect()).filter((r) => r.width && (r.left < 0 || r.right > innerWidth + 0.5)).length""")
    assert outside == 0
    sizes = phone.evaluate(_SIZES)
    assert sizes["drawn"] >= 960 and sizes["median"] >= 11, sizes


def test_at_200_percent_zoom_a_lesson_reflows_without_panning(browser, voila_url):
    """WCAG 1.4.10: a 1366 x 768 window zoomed to 200% is a 683 x 384 page; the page itself never pans sideways
    (only the board, inside its own box), and the step's controls are on screen. (A play page's controls fit
    390 px: the test above.)"""
    path = "tutorials/endeavor-aos.zh-Hans.ipynb"
    context = browser.new_context(viewport={"width": 683, "height": 384}, device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(f"{voila_url}/voila/render/{path}", timeout=PAGE_TIMEOUT)
        page.wait_for_selector(".bgw-board .bgw-root[data-drawn-at]", state="attached", timeout=PAGE_TIMEOUT)
        assert page.evaluate("document.documentElement.scrollWidth") <= 683
        outside = page.evaluate("""() => [...document.querySelectorAll('button')].filter((b) => b.offsetParent)
            .map((b) => b.getBoundingClientRect()).filter((r) => r.width && (r.left < 0 || r.right > innerWidth + 0.5)).length""")
        assert outside == 0
    finally:
        context.close()
