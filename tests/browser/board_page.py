"""What every browser test does with a board page: find the board, and wait until it has redrawn."""

import contextlib
import time

BOARD = ".bgw-board svg"
PAGE_TIMEOUT = 120_000      # a cold Voila kernel on a loaded 2-core machine can take a while


def revision(page) -> int:
    """The board's redraw counter (the host bumps it on every redraw)."""
    return int(page.get_attribute(BOARD, "data-revision"))


def wait_for_redraw(page, before: int, timeout: int = 20_000) -> None:
    page.wait_for_function(
        "before => { const s = document.querySelector('.bgw-board svg');"
        " return s && Number(s.getAttribute('data-revision')) > before; }", arg=before, timeout=timeout)


def click_and_wait(page, selector: str) -> float:
    """Click a board element, wait for the redraw, and return the time it took in milliseconds."""
    before = revision(page)
    started = time.perf_counter()
    page.click(selector)
    wait_for_redraw(page, before)
    return 1000 * (time.perf_counter() - started)


def open_play_page(page, url: str, errors: list | None = None) -> float:
    """Open a play page and wait for its board; the seconds it took. Console errors go to `errors`."""
    if errors is not None:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    started = time.perf_counter()
    page.goto(url, timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    return time.perf_counter() - started


@contextlib.contextmanager
def pictures_page(browser, tmp_path, lesson, lang: str):
    """A lesson's pictures page (widgets/pictures.py: every step's board, and the board after the move beside
    each question), written to `tmp_path` and opened in Chromium once every board is drawn."""
    from widgets import pictures
    path = tmp_path / f"{lesson.game}.pictures.{lang}.html"
    path.write_text(pictures.page(lesson.game, lang, lesson=lesson), encoding="utf-8")
    page = browser.new_page(viewport={"width": pictures.WIDTH, "height": 768})
    try:
        page.goto(path.as_uri())
        page.wait_for_function("document.body.dataset.drawn === 'yes'", timeout=PAGE_TIMEOUT)
        yield page
    finally:
        page.close()


# axe-core's WCAG 2.0/2.1 A and AA rules (axe-playwright-python carries axe-core and injects it into the page).
AXE_RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}


def axe_violations(page, context=None) -> list[str]:
    """What axe-core's WCAG A and AA rules find on the page as it is now (or on the part `context` names, in
    axe's include/exclude form), one line per rule broken."""
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page, context=context, options=AXE_RULES).response["violations"]
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])} node(s)): {v['nodes'][0]['target']} "
            f"{v['nodes'][0].get('failureSummary', '')[:200]}" for v in found]


# Where an element can be seen: [its top, its bottom, the top and the bottom of the stretch of the window it can
# be seen in] (the window, cut by every box around it that scrolls: a lesson's step column and its board each
# scroll in a box of their own), or null when it is not drawn.
SIGHT = """s => { const e = document.querySelector(s); if (!e || !e.getClientRects().length) return null;
  let top = 0, bottom = innerHeight;
  for (let box = e.parentElement; box; box = box.parentElement)
    if (box.scrollHeight > box.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(box).overflowY)) {
      const b = box.getBoundingClientRect();
      top = Math.max(top, b.top + box.clientTop); bottom = Math.min(bottom, b.top + box.clientTop + box.clientHeight);
    }
  const r = e.getBoundingClientRect(); return [r.top, r.bottom, top, bottom]; }"""
# Wholly in sight (a JS function of a selector).
IN_SIGHT = f"s => {{ const f = ({SIGHT})(s); return !!f && f[0] >= f[2] - 0.5 && f[1] <= f[3] + 0.5; }}"
