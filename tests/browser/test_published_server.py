"""The published server looks after its kernels: a closed page's kernel goes, an idle one is closed
with a notice on its page, a visitor beyond the limit gets a polite page in their language, and a
visitor's page can never run code. Real widgets.serve, Debian Chromium, short timers via the flags."""

import asyncio
import concurrent.futures
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

from board_page import BOARD, PAGE_TIMEOUT
from conftest import ROOT, serve
from widgets.serve import render          # also loads the server's texts

sys.path.insert(0, str(ROOT / "benchmarks"))
from voila_client import VoilaPage  # noqa: E402

pytestmark = pytest.mark.browser

PLAY = "/voila/render/notebooks/endeavor-aos.ipynb"
GONE, CHECK = 3, 1          # seconds: a kernel goes GONE s after its page, checked every CHECK s


@pytest.fixture(scope="module")
def one_place(tmp_path_factory):
    """A server with a single kernel place and quick culling (no preheated spare to confuse the count)."""
    with serve(tmp_path_factory.mktemp("serve") / "one-place.log", "--max-kernels", "1", f"--gone={GONE}s",
               f"--check-every={CHECK}s", "--idle=0", "--preheat=0") as (url, server):
        yield url, server


def kernels(server) -> list:
    """The server's running kernel processes (a zombie that only waits to be reaped is not one)."""
    running = []
    for process in psutil.Process(server.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(process.cmdline()):
                running.append(process)
        except psutil.NoSuchProcess:            # gone, or a zombie
            pass
    return running


def wait_for_kernels(server, count: int, within: float) -> float:
    started = time.monotonic()
    while len(kernels(server)) != count:
        if time.monotonic() - started > within:
            pytest.fail(f"{len(kernels(server))} kernels still running after {within:.0f} s, expected {count}")
        time.sleep(0.25)
    return time.monotonic() - started


def open_board(context, url: str):
    page = context.new_page()
    started = time.monotonic()
    page.goto(url, timeout=PAGE_TIMEOUT)
    loaded = time.monotonic()
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    print(f"\nopened {url}: loaded {loaded - started:.1f} s, board {time.monotonic() - started:.1f} s")
    return page


def test_kernels_go_with_their_pages_and_a_full_server_says_so(browser, one_place):
    url, server = one_place
    first = browser.new_context()
    holder = open_board(first, url + PLAY)                 # takes the only place
    assert len(kernels(server)) == 1

    # Beyond the limit: a page in the visitor's language at once, and no kernel.
    for locale, query, lang in (("zh-TW", "", "zh-Hant"), ("zh-CN", "", "zh-Hans"), ("zh-TW", "?lang=en", "en")):
        context = browser.new_context(locale=locale)       # the browser's Accept-Language
        page = context.new_page()
        started = time.monotonic()
        reply = page.goto(url + PLAY + query, timeout=PAGE_TIMEOUT)
        assert time.monotonic() - started < 10, "the refusal comes at once, not after a wait"
        assert reply.status == 503 and reply.headers["retry-after"]
        assert page.inner_text("h1") == render("serve.full.title", {}, lang)
        assert page.get_attribute("html", "lang") == lang
        assert page.query_selector(BOARD) is None
        context.close()
    assert len(kernels(server)) == 1

    # A tab closed outright sends nothing: the server notices that its websocket has gone.
    holder.close(run_before_unload=False)
    seconds = wait_for_kernels(server, 0, within=GONE + CHECK + 10)
    print(f"\nkernel gone {seconds:.1f} s after its tab closed (no beacon)")

    # Now "try again" opens the game; leaving it normally sends Voila's closing beacon, which the
    # server accepts (Voila alone refused it for want of the _xsrf cookie).
    again = open_board(first, url + PLAY + "?lang=zh-Hant")
    again.goto("about:blank")
    seconds = wait_for_kernels(server, 0, within=GONE)
    print(f"kernel gone {seconds:.1f} s after its page was left (beacon)")
    first.close()


def test_a_visitor_cannot_run_code_and_jupyter_apis_are_absent(one_place, tmp_path):
    url, server = one_place
    marker = tmp_path / "ran"

    async def visit():
        page = VoilaPage(url)
        await page.open(PLAY)
        await page.send("kernel_info_request", {})
        await page.send("execute_request", {"code": f"open({str(marker)!r}, 'w').write('ran')", "silent": False,
                                            "store_history": False, "user_expressions": {}, "allow_stdin": False})
        await page._wait(lambda: any(r["msg_type"] == "kernel_info_reply" for r in page.replies), 30, "kernel info")
        await asyncio.sleep(3)
        replies = [r["msg_type"] for r in page.replies]
        await page.leave()
        return replies

    with concurrent.futures.ThreadPoolExecutor(1) as thread:   # Playwright's loop runs in this one
        replies = thread.submit(asyncio.run, visit()).result()
    assert "kernel_info_reply" in replies                   # the channel works...
    assert "execute_reply" not in replies                   # ...but Voila dropped the execute request
    assert not marker.exists()
    wait_for_kernels(server, 0, within=GONE + CHECK + 10)

    for path, method in (("/api/kernels", "GET"), ("/api/kernels", "POST"), ("/api/sessions", "GET"),
                         ("/api/contents", "GET"), ("/api/terminals", "GET"), ("/lab", "GET"), ("/tree", "GET"),
                         ("/voila/files/widgets/serve.py", "GET"), ("/voila/files/notebooks/index.ipynb", "GET")):
        request = urllib.request.Request(url + path, method=method, data=b"{}" if method == "POST" else None)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code in (403, 404, 405), path
    assert not kernels(server)


def test_an_idle_page_is_closed_and_says_so(browser, tmp_path):
    # Long enough for a loaded machine to draw the board before the kernel counts as idle.
    idle = 12
    with serve(tmp_path / "idle.log", f"--idle={idle}s", "--gone=3s", "--check-every=1s", "--preheat=0") as (url, server):
        context = browser.new_context()
        page = open_board(context, url + PLAY + "?lang=zh-Hant")
        started = time.monotonic()
        wait_for_kernels(server, 0, within=idle + 10)
        banner = page.wait_for_selector(".bgw-ended", timeout=20_000)     # the page checks every 5 s
        assert render("serve.ended", {}, "zh-Hant") in banner.inner_text()
        print(f"\nidle kernel closed and the page told within {time.monotonic() - started:.1f} s")
        context.close()


def test_a_server_with_few_places_keeps_them_for_visitors(page, tmp_path):
    """A server started while little memory is free has few kernel places (five here, about 1.3 GB
    free). Spare kernels started ahead of visitors must not fill them: before, one spare per play page
    took all five places, and every visitor got the "classroom full" page, reloaded after 60 s, again
    and again (a browser test then waited 120 s for a board: issue 23)."""
    with serve(tmp_path / "few-places.log", "--max-kernels", "5") as (url, server):
        response = page.goto(f"{url}{PLAY}?players=2&seed=1&lang=en", timeout=PAGE_TIMEOUT)
        assert response.status == 200, page.inner_text("body")[:300]
        page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
        log = (tmp_path / "few-places.log").read_text()
        assert "no kernels per play page started ahead of visitors" in log, log[-2000:]


def test_a_teachers_plan_leads_to_its_lesson_in_its_language(browser, voila_url):
    """Issue 26: the teacher's pages on the real server, in each language, show bold as bold and their
    steps by name; the zh-Hans plan's "from step 11" opens the zh-Hans lesson at step 11 (not the zh-Hant
    one, not a 404). Each page is photographed (test-artifacts/teach-*.png) for a person to look at."""
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    for lang in ("en", "zh-Hant", "zh-Hans"):
        for kind in ("summary", "plan"):
            reply = page.goto(f"{voila_url}/teach/entdecker.{kind}.{lang}.html", timeout=PAGE_TIMEOUT)
            assert reply.status == 200
            assert "**" not in page.inner_text("body") and page.locator("strong").count() >= 3
            page.screenshot(path=str(artifacts / f"teach-entdecker.{kind}.{lang}.png"), full_page=True)
    step_link = page.locator("a[href$='entdecker.zh-Hans.ipynb?step=13']").last     # the row "從第13步起"
    assert "13" in step_link.inner_text()
    step_link.click()
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    assert "tutorials/entdecker.zh-Hans.ipynb?step=13" in page.url
    page.wait_for_function("() => /第 13 步，共 \\d+ 步/.test(document.querySelector('.bgw-lesson-count')"
                           "?.textContent || '')", timeout=30_000)
    page.screenshot(path=str(artifacts / "teach-entdecker.plan.zh-Hans-to-lesson.png"))
    context.close()
