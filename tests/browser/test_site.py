"""The static site (`python -m widgets.site`) in Debian's Chromium, served by a plain static server, with every
request to another host aborted: a play page draws its board. Also a measurement:
`.venv/bin/python tests/browser/test_site.py [page]` prints the first-visit time and the bytes downloaded.

Skipped when site/ was not built or Chromium is missing. Slow (Pyodide starts in the page: about 10-30 s).
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socket
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not (SITE / "voici" / "render").is_dir(), reason="site/ not built (python -m widgets.site)"),
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium not installed")]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder: Path):
    """A plain static server on a free loopback port, in a thread; returns (server, base URL)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{port}/"


def visit(page: str, screenshot: Path | None = None, timeout: float = 120) -> dict:
    """Open `page` (relative to the site) in a fresh Chromium profile; wait for the board. Returns the time to
    the board, the bytes the site served and the outside requests that were blocked."""
    from playwright.sync_api import sync_playwright
    server, base = serve(SITE)
    blocked, served, errors = [], [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page_ = browser.new_page(viewport={"width": 1400, "height": 1000})

            def route(r):
                if urlparse(r.request.url).hostname != "127.0.0.1":
                    blocked.append(r.request.url)
                    return r.abort()
                return r.continue_()

            page_.route("**/*", route)
            page_.on("response", lambda resp: served.append(resp))
            page_.on("pageerror", lambda e: errors.append(str(e)))
            started = time.monotonic()
            page_.goto(base + page)
            page_.wait_for_selector(".bgw-board svg", timeout=timeout * 1000)
            seconds = time.monotonic() - started
            size = 0
            for resp in served:
                try:
                    size += len(resp.body())
                except Exception:       # redirects and aborted requests have no body
                    pass
            if screenshot:
                page_.wait_for_timeout(1000)
                page_.screenshot(path=str(screenshot))
            text = page_.inner_text("body")
            browser.close()
    finally:
        server.shutdown()
    return {"seconds": seconds, "bytes": size, "requests": len(served), "blocked": blocked, "errors": errors,
            "text": text}


def test_play_page_draws_its_board_offline(tmp_path):
    result = visit("voici/render/entdecker.html?lang=zh-Hans&seed=3&players=2", tmp_path / "play.png")
    assert not result["blocked"], result["blocked"]
    assert "玩家2" in result["text"] and "玩家3" not in result["text"]    # ?lang= and ?players= reached the kernel


@pytest.fixture(scope="module")
def browser_page():
    from playwright.sync_api import sync_playwright
    server, base = serve(SITE)
    blocked = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})

        def route(r):
            if urlparse(r.request.url).hostname != "127.0.0.1":
                blocked.append(r.request.url)
                return r.abort()
            return r.continue_()

        page.route("**/*", route)
        yield page, base, blocked
        browser.close()
    server.shutdown()


def _board(page) -> str:
    return page.inner_html(".bgw-board svg")


def test_gallery_play_link_and_next(browser_page):
    page, base, blocked = browser_page
    page.goto(base + "?lang=en")                       # the site's root forwards to the gallery
    page.wait_for_selector(".bgw-card a.bgw-card-button", timeout=120_000)
    page.click(".bgw-card a.bgw-card-button[href^='entdecker.ipynb']")
    page.wait_for_selector(".bgw-board svg", timeout=120_000)
    assert "/voici/render/entdecker.html?lang=en" in page.url
    before = _board(page)
    page.click("button.bgw-next")
    page.wait_for_function("b => document.querySelector('.bgw-board svg').innerHTML !== b", arg=before,
                           timeout=30_000)
    assert not blocked, blocked


def test_lesson_continue(browser_page):
    page, base, blocked = browser_page
    page.goto(base + "voici/tutorials/entdecker.en.ipynb?step=2")   # the gallery's lesson link
    page.wait_for_selector(".bgw-board svg", timeout=120_000)
    assert "Step 2 of" in page.inner_text("body")
    page.get_by_role("button", name="Continue").click()
    page.wait_for_function("() => document.body.innerText.includes('Step 3 of')", timeout=30_000)
    assert not blocked, blocked


def measure(target: str, shot: Path) -> None:
    """First visit (empty cache), second visit (browser cache) and click -> redraw of Next, printed."""
    from playwright.sync_api import sync_playwright
    import statistics
    server, base = serve(SITE)
    blocked, sizes = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            context.route("**/*", lambda r: (blocked.append(r.request.url), r.abort()) if
                          urlparse(r.request.url).hostname != "127.0.0.1" else r.continue_())

            def on_response(resp):
                try:
                    sizes.append(len(resp.body()))
                except Exception:        # redirects, aborted or service-worker-served requests
                    pass

            times = []
            for visit_no in range(2):
                page = context.new_page()
                page.on("response", on_response)
                started = time.monotonic()
                page.goto(base + target)
                page.wait_for_selector(".bgw-board svg", timeout=180_000)
                times.append(time.monotonic() - started)
                if visit_no == 0:
                    first_bytes = sum(sizes)
                    page.wait_for_timeout(1000)
                    page.screenshot(path=str(shot))
                    clicks = []
                    for _ in range(12):
                        before = page.inner_html(".bgw-board svg")
                        t0 = time.monotonic()
                        page.click("button.bgw-next")
                        page.wait_for_function("b => document.querySelector('.bgw-board svg').innerHTML !== b",
                                               arg=before, timeout=30_000)
                        clicks.append(time.monotonic() - t0)
                page.close()
            browser.close()
    finally:
        server.shutdown()
    size = sum(f.stat().st_size for f in SITE.rglob("*") if f.is_file())
    print(f"first visit {times[0]:.1f} s ({first_bytes / 1e6:.1f} MB downloaded); second visit {times[1]:.1f} s; "
          f"Next click -> redraw median {statistics.median(clicks) * 1000:.0f} ms (max {max(clicks) * 1000:.0f}); "
          f"site {size / 1e6:.0f} MB; blocked outside requests: {len(blocked)}; screenshot {shot}")


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else "voici/render/entdecker.html?lang=zh-Hans&seed=3&players=2"
    shot = ROOT / "test-artifacts" / "site-play.png"
    shot.parent.mkdir(exist_ok=True)
    measure(target, shot)
