"""How large the board's texts are drawn: every game's play page in Debian Chromium, on a 1366x768 laptop
and on a 1920x1080 projector in classroom mode, after the bots have played up to a learner's decision.

    .venv/bin/python tests/browser/legibility.py [--games amerigo,shipyard] [--shots DIR] [--json]

For each visible text on the board (an SVG text, or an HTML element with text of its own) the size it is
drawn at on the screen: its font size times the scale the SVG is drawn at. The team's targets: at 1366x768
every text at 11 px or more, in classroom mode every text at 16 px or more (the smallest is reported). It also reports whether the board changes its drawn width over three steps (a board
must not rescale after moves), lists the smallest texts so that one sees which they are, and any text cut off at
the drawing's edge.
Used by tests/browser/test_legibility.py; run by hand to see the figures.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from board_page import BOARD, PAGE_TIMEOUT, revision, wait_for_redraw  # noqa: E402

# The seat lists and seeds of the pages measured: a human learner and bots, as a learner plays.
PAGES = {
    "endeavor-aos": "players=4&seed=3",
    "endeavor-2009": "players=3&seed=2",
    "entdecker": "players=3&seed=6",
    "amerigo": "players=3&seed=1",
    "shipyard": "players=3&seed=1",
}
LAPTOP = {"width": 1366, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}
LANG_QUERY = ""                    # "&lang=zh-Hans" with --lang
TARGETS = {"laptop": (0.0, 11.0), "classroom": (0.0, 16.0)}  # (share of texts allowed below, px they must reach)

# Every text on the board and the size it is drawn at. SVG: the font size in user units times the scale
# from user units to screen pixels; HTML: the font size times any CSS scale on the way. Hidden texts and
# texts of zero size are left out (nobody reads them).
SIZES = """() => {
  const root = document.querySelector('.bgw-board');
  if (!root) return [];
  const out = [];
  const visible = (e) => {
    for (let n = e; n && n !== document; n = n.parentElement || n.parentNode) {
      const s = getComputedStyle(n);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
    }
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  for (const e of root.querySelectorAll('text')) {
    const t = e.textContent.trim();
    if (!t || !visible(e)) continue;
    const m = e.getScreenCTM();
    const scale = m ? Math.sqrt(m.a * m.a + m.b * m.b) : 1;
    out.push([parseFloat(getComputedStyle(e).fontSize) * scale, t.slice(0, 30)]);
  }
  for (const e of root.querySelectorAll('*')) {
    if (e instanceof SVGElement) continue;
    const own = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
    if (!own || !visible(e)) continue;
    const scale = e.offsetWidth ? e.getBoundingClientRect().width / e.offsetWidth : 1;
    out.push([parseFloat(getComputedStyle(e).fontSize) * scale, own.slice(0, 30)]);
  }
  return out;
}"""

# A text key left unrendered ("ui.named-value", "aos.ui.harbor"): a board must never show one.
RAW_KEY = re.compile(r"(?<![\w.])(ui|data|seat|aos|e09|ent|am|sy|ttt)\.[a-z][\w.-]*")

# A board text drawn past the edge of its drawing is cut off (a learner read "...may differ. The rul"): the
# texts whose box leaves their SVG's box, left or right.
CLIPPED = """() => {
  const out = [];
  for (const svg of document.querySelectorAll('.bgw-board svg')) {
    const box = svg.getBoundingClientRect();
    if (!box.width) continue;
    for (const e of svg.querySelectorAll('text')) {
      const r = e.getBoundingClientRect(), t = e.textContent.trim();
      if (t && r.width && (r.left < box.left - 1 || r.right > box.right + 1)) out.push(t.slice(0, 40));
    }
  }
  return out;
}"""

BOARD_WIDTH = "() => document.querySelector('.bgw-board svg').getBoundingClientRect().width"


def smallest(sizes: list[float], share: float) -> float:
    """The size below which the smallest `share` of the texts lie (the texts at that size included)."""
    ordered = sorted(sizes)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def open_page(browser, url: str, game: str, viewport: dict, query: str = ""):
    query += LANG_QUERY
    page = browser.new_page(viewport=viewport)
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url) else route.abort())
    page.goto(f"{url}/voila/render/notebooks/{game}.ipynb?{PAGES[game]}&delay=0{query}", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    page.wait_for_selector(".bgw-panel-root", timeout=PAGE_TIMEOUT)
    # auto-play runs the rules and the bots up to the learner's first decision
    if not page.locator(".bgw-decision-human").count():
        before = revision(page)
        page.click("button.bgw-autoplay")
        page.wait_for_selector(".bgw-decision-human", timeout=PAGE_TIMEOUT)
        page.wait_for_function("() => !document.querySelector('button.bgw-autoplay.mod-active')",
                               timeout=PAGE_TIMEOUT)
        wait_for_redraw(page, before)
    page.wait_for_function("() => document.fonts.status === 'loaded'", timeout=PAGE_TIMEOUT)
    return page


def measure(page, screen: str) -> dict:
    share, floor = TARGETS[screen]
    texts = page.evaluate(SIZES)
    sizes = [size for size, _ in texts]
    low = smallest(sizes, share)
    return {"texts": len(texts), "smallest": round(low, 1), "target": floor, "met": low >= floor,
            "smallest_texts": sorted({(round(s, 1), t) for s, t in texts if s < floor})[:12],
            "below": sum(s < floor for s in sizes),
            "raw_keys": sorted({t for _, t in texts if RAW_KEY.search(t)}),
            "clipped": sorted(set(page.evaluate(CLIPPED)))}


def steps_keep_width(page, steps: int = 3) -> list[float]:
    """The board's drawn width before and after each of `steps` steps: a press of Next, or at the learner's
    own decision (where Next only says what to do) a click on the board's first offered move."""
    widths = [page.evaluate(BOARD_WIDTH)]
    for _ in range(steps):
        before = revision(page)
        if page.locator("button.bgw-next").is_disabled():
            break
        # The board and the Next button are separate widgets, updated one after the other: wait until they
        # agree (the learner's decision with its options drawn, or a step for Next) before choosing what to press.
        page.wait_for_function("""() => {
          const yours = document.querySelector('button.bgw-next.bgw-next-yours') !== null;
          const offered = document.querySelector('.bgw-board .bgw-legal, button.bgw-choice-legal') !== null;
          return yours === offered;
        }""", timeout=PAGE_TIMEOUT)
        if page.locator("button.bgw-next.bgw-next-yours").count():
            page.locator(".bgw-board .bgw-legal, button.bgw-choice-legal").first.click(timeout=PAGE_TIMEOUT)
        else:
            page.click("button.bgw-next")
        wait_for_redraw(page, before, timeout=PAGE_TIMEOUT)
        widths.append(page.evaluate(BOARD_WIDTH))
    return [round(w, 1) for w in widths]


def measure_game(browser, url: str, game: str, shots: Path | None = None) -> dict:
    out = {}
    page = open_page(browser, url, game, LAPTOP)
    out["laptop"] = measure(page, "laptop")
    if shots:
        page.screenshot(path=str(shots / f"{game}-laptop.png"))
    out["widths"] = steps_keep_width(page)
    page.close()
    page = open_page(browser, url, game, PROJECTOR, "&mode=classroom")
    page.wait_for_selector(".bgw-shell.bgw-classroom", timeout=PAGE_TIMEOUT)
    out["classroom"] = measure(page, "classroom")
    if shots:
        page.screenshot(path=str(shots / f"{game}-classroom.png"))
    page.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(PAGES))
    parser.add_argument("--shots", type=Path, help="save a screenshot of each page measured in this folder")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--lang", help="the pages' language (en, zh-Hant, zh-Hans; default: en)")
    args = parser.parse_args()
    global LANG_QUERY
    LANG_QUERY = f"&lang={args.lang}" if args.lang else ""
    from playwright.sync_api import sync_playwright
    from conftest import serve

    import tempfile
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp) / "voila.log") as (url, _server), \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        if args.shots:
            args.shots.mkdir(parents=True, exist_ok=True)
        results = {game: measure_game(browser, url, game, args.shots) for game in args.games.split(",")}
        browser.close()
    if args.json:
        print(json.dumps(results, indent=1, ensure_ascii=False))
        return
    for game, r in results.items():
        lap, cls = r["laptop"], r["classroom"]
        print(f"{game:14} 1366x768 smallest: {lap['smallest']:5.1f} px ({lap['below']} of {lap['texts']} texts below) "
              f"{'ok' if lap['met'] else 'BELOW 11'} | classroom smallest: {cls['smallest']:5.1f} px "
              f"{'ok' if cls['met'] else 'BELOW 16'} | widths {r['widths']}")
        for screen in ("laptop", "classroom"):
            if r[screen]["smallest_texts"]:
                print(f"    {screen} below target: {r[screen]['smallest_texts']}")


if __name__ == "__main__":
    main()
