"""The static site (`python -m widgets.site`) in Debian's Chromium, served by a plain static server, with every
request to another host aborted: a play page draws its board. Also a measurement:
`.venv/bin/python tests/browser/test_static_site.py [page]` prints the first-visit time and the bytes downloaded.

Skipped when site/ was not built or Chromium is missing. Slow (Pyodide starts in the page: about 10-30 s).
"""

from __future__ import annotations

import functools
import json
import re
import http.server
import os
import shutil
import socket
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

import engines
from board_page import PAGE_TIMEOUT, axe_violations

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("BGW_SITE") or ROOT / "site")      # `make site` builds it from the installed package
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


@pytest.fixture(scope="module")
def site_url():
    server, base = serve(SITE)
    yield base
    server.shutdown()


# No host but the site's resolves: a request to any other host fails, as offline. (Playwright's request routing
# would do it too, but it turns the browser's HTTP cache off, and then every page of the module is a cold first
# visit that downloads Pyodide again: about 20 s each.)
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


@pytest.fixture(scope="module")
def offline_context(browser_type, browser_type_launch_args):
    """One Chromium for the module's pages, sharing its HTTP cache as a learner's own browser does, in which
    nothing outside the site resolves; `blocked` notes every request that asked another host."""
    browser = browser_type.launch(**{**browser_type_launch_args,
                                     "args": [*browser_type_launch_args.get("args", []), *OFFLINE_ARGS]})
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    blocked: list[str] = []
    context.on("request", lambda request: blocked.append(request.url)
               if urlparse(request.url).hostname not in ("127.0.0.1", None) else None)
    yield context, blocked
    browser.close()


@pytest.fixture
def offline_page(offline_context):
    """A new page of the module's offline browser, and the outside requests it made (none, the tests say)."""
    context, blocked = offline_context
    blocked.clear()
    page = context.new_page()
    yield page, blocked
    page.close()


def _board(page) -> str:
    return page.inner_html(".bgw-board svg")


def test_play_page_draws_its_board_offline(offline_page, site_url):
    page, blocked = offline_page
    page.goto(site_url + "voici/render/entdecker.html?lang=zh-Hans&seed=3&players=2")
    page.wait_for_selector(".bgw-board svg", timeout=PAGE_TIMEOUT)
    text = page.inner_text("body")
    assert "玩家2" in text and "玩家3" not in text        # ?lang= and ?players= reached the kernel
    assert not blocked, blocked
    assert not axe_violations(page), axe_violations(page)    # WCAG 2.1 AA, as on the server (test_axe.py)
    # the page in its two other languages (the header's language buttons), then in classroom mode
    for button, lang_class, word in (("English", "bgw-lang-en", "Player 2"), ("繁體中文", "bgw-lang-zh-Hant", "玩家2")):
        page.get_by_role("button", name=button, exact=True).click()
        page.wait_for_selector(f".{lang_class}", timeout=30_000)
        page.wait_for_function("w => document.querySelector('.bgw-shell').innerText.includes(w)", arg=word,
                               timeout=30_000)
        assert not axe_violations(page), (button, axe_violations(page))
    page.locator(".bgw-classroom-toggle").click()
    page.wait_for_selector(".bgw-classroom", timeout=30_000)
    assert not axe_violations(page), ("classroom", axe_violations(page))


def test_gallery_play_link_next_hint_save_and_load(offline_page, site_url, tmp_path):
    """From the gallery to a play page, and on that one page, in its own Python: Next plays the spinner; the
    Hint runs the kernel's search (no OpenSpiel there) and lists the search's best moves for the learner, each
    with its share; then, where no server keeps files, the learner downloads the match and loads that file
    again. (One page for all of it: each page of the site starts its Python anew, some 15 s.)"""
    page, blocked = offline_page
    page.goto(site_url + "?lang=en")                       # the site's root forwards to the gallery
    page.wait_for_selector(".bgw-card a.bgw-card-button", timeout=PAGE_TIMEOUT)
    assert not axe_violations(page), axe_violations(page)
    lessons = page.eval_on_selector_all(".bgw-card-lesson-links a", "links => links.map(a => a.getAttribute('href'))")
    assert {f"../tutorials/{game}.en.ipynb" for game in engines.GAMES} <= set(lessons), lessons   # found in the site
    teach = page.get_attribute(".bgw-card-teach a", "href")         # the teacher's page, served by the site
    assert page.request.get(urljoin(page.url, teach)).status == 200, teach
    page.click(".bgw-card a.bgw-card-button[href^='entdecker.ipynb']")
    page.wait_for_selector(".bgw-board svg", timeout=PAGE_TIMEOUT)
    assert "/voici/render/entdecker.html?lang=en" in page.url
    before = _board(page)
    page.click("button.bgw-next")              # the income spinner turns: then Player 1 decides
    page.wait_for_function("b => document.querySelector('.bgw-board svg').innerHTML !== b", arg=before,
                           timeout=30_000)
    page.wait_for_selector("button.bgw-hint-button:not([disabled])", timeout=30_000)
    page.click("button.bgw-hint-button")
    page.wait_for_selector(".bgw-hint-box .bgw-hint", timeout=30_000)
    hints = page.query_selector_all(".bgw-hint-box .bgw-hint")
    assert 1 <= len(hints) <= 3
    assert all(re.search(r"\d+%", h.inner_text()) for h in hints), [h.inner_text() for h in hints]
    for _ in range(2):
        before = _board(page)
        step_on(page)
        page.wait_for_function("b => document.querySelector('.bgw-board svg').innerHTML !== b", arg=before,
                               timeout=30_000)
    page.get_by_text("Seats and new game").click()
    with page.expect_download(timeout=30_000) as download:
        page.click("a.bgw-save-link")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert re.fullmatch(r"entdecker-seed[0-9]+-step[1-9][0-9]*\.json", saved.name), saved.name
    before = _board(page)
    page.click("button.bgw-new-game-button")                  # another game: the dialog's seed again, at step 0
    page.wait_for_function("b => document.querySelector('.bgw-board svg').innerHTML !== b", arg=before,
                           timeout=30_000)
    with page.expect_file_chooser(timeout=30_000) as chooser:
        page.click(".bgw-load")
    chooser.value.set_files(str(saved))
    position = json.loads(saved.read_text())["timeline"]["position"]
    page.wait_for_function("p => document.body.innerText.includes('Match loaded.')"    # the saved step is back
                           " && document.querySelector('.bgw-timeline .widget-readout').innerText.trim() === String(p)",
                           arg=position, timeout=30_000)
    assert not blocked, blocked


@pytest.mark.parametrize("path", ["teach/shipyard.plan.zh-Hans.html", "teach/endeavor-aos.summary.zh-Hant.html",
                                  "teach/amerigo.plan.en.html"])
def test_the_teachers_pages_pass_axe_offline(offline_page, site_url, path):
    """The teacher's pages of the site, in each language (the same HTML the server makes: its pictures pages are
    checked there, test_axe.py)."""
    page, blocked = offline_page
    page.goto(site_url + path)
    page.wait_for_load_state("load")
    assert not blocked, blocked
    assert not axe_violations(page), axe_violations(page)


def test_a_chinese_lesson_continues_and_passes_axe_offline(offline_page, site_url):
    """The gallery's lesson link, in zh-Hant: the step the address asks for, in its language (its rule's heading
    in Traditional characters, without OpenCC in the browser); its question answered, Continue leads on; axe
    finds nothing."""
    from widgets.core.lesson_file import load
    page, blocked = offline_page
    step = load("amerigo").steps[3]
    assert step.task is None, "step 4 of the Amerigo lesson is read or answered, not played"
    page.goto(site_url + "voici/tutorials/amerigo.zh-Hant.ipynb?step=4")
    page.wait_for_selector(".bgw-board .bgw-root[data-drawn-at]", state="attached", timeout=PAGE_TIMEOUT)
    assert "第 4 步" in page.inner_text("body")            # the step the address asked for, in its language
    assert not axe_violations(page), axe_violations(page)
    if step.question is not None:          # Continue waits for the right answer
        page.locator(".bgw-lesson-answer").nth(next(i for i, c in enumerate(step.question.choices) if c.right)).click()
        page.wait_for_selector(".bgw-lesson-answer.mod-success", timeout=30_000)
    page.get_by_role("button", name="繼續").click()
    page.wait_for_function("() => document.body.innerText.includes('第 5 步')", timeout=30_000)
    assert not blocked, blocked


def test_the_sites_wheels_carry_byte_code_its_python_takes_unchecked():
    """Every module of every wheel the pages install has its byte code for the site's Python (3.12) beside
    it, as an unchecked-hash .pyc (flags 0b01): the browser compiles nothing on a visit. jedi, which only
    completes code cells, is an empty stand-in."""
    import zipfile
    for wheel in sorted((SITE / "pypi").glob("*.whl")):
        names = set(zipfile.ZipFile(wheel).namelist())
        sources = [n for n in names if n.endswith(".py")]
        for source in sources:
            folder, _, stem = source.rpartition("/")
            pyc = f"{folder + '/' if folder else ''}__pycache__/{stem[:-3]}.cpython-312.pyc"
            assert pyc in names, (wheel.name, source)
        if sources:
            header = zipfile.ZipFile(wheel).read(pyc)[:8]
            assert int.from_bytes(header[4:8], "little") == 0b01, (wheel.name, header)
        if wheel.name.startswith("jedi-"):
            assert not sources
    assert any(w.name.startswith("board_game_widgets-") for w in (SITE / "pypi").glob("*.whl"))


@pytest.mark.skipif(shutil.which("node") is None, reason="node not installed")
def test_the_sites_engines_play_the_very_games_cpython_plays():
    """The site's Python (Pyodide, run here under Node from the site's own files) and CPython play the
    same random games from the same seeds (tests/browser/pyodide_cpu.py times them)."""
    from pyodide_cpu import TIMED, in_cpython, in_pyodide
    code = TIMED % {"games": [("entdecker", 2), ("amerigo", 2)], "count": 1}
    web, native = in_pyodide(code), in_cpython(code)
    assert [web[g][0] for g in web] == [native[g][0] for g in native] and all(web[g][0] > 50 for g in web)


def step_on(page) -> None:
    """One step of the match: a press of Next, or at the learner's own decision (where Next only says what to
    do) a click on the board's first offered move."""
    page.wait_for_selector("button.bgw-next:not([disabled])", timeout=30_000)
    if page.locator("button.bgw-next.bgw-next-yours").count():
        page.locator(".bgw-board .bgw-legal, button.bgw-choice-legal").first.click()
    else:
        page.click("button.bgw-next")


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
                        step_on(page)
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
