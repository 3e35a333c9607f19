"""The notebooks in a teacher's own JupyterLab: a real `jupyter lab` (token-less, on a free loopback port,
its Jupyter folders in a temporary one) opens a tutorial and a play page in Debian Chromium; Run All Cells
from the Run menu draws the board, and a click (the lesson's answer and Continue, the play page's Next and a
move) redraws it. Every request to another host is refused, as in a classroom without internet."""

import contextlib
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from board_page import BOARD, revision, wait_for_redraw
from conftest import ROOT, SERVER_LOGS, _free_port
from widgets.core.lesson_file import load

pytestmark = pytest.mark.browser
pytest.importorskip("jupyterlab", reason="JupyterLab is installed by the `lab` and `test` extras")

ARTIFACTS = ROOT / "test-artifacts"
TUTORIAL = "tutorials/entdecker.en.ipynb"
PLAY = "notebooks/entdecker.ipynb"
WAIT = 60_000            # ms: the first Run All on a busy 2-core machine starts a kernel and imports the engines


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """`jupyter lab` serving the project's folder, as `make lab` starts it, with nothing of it under $HOME."""
    folder = tmp_path_factory.mktemp("jupyterlab")
    env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1", "PYTHONUNBUFFERED": "1",
           **{name: str(folder / name.lower()) for name in
              ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")}}
    # No "Would you like to get notified about official Jupyter news?" (the feed is on another host), and no
    # autosave (as in `make lab`), which would write the outputs into the project's notebooks.
    settings = folder / "jupyter_config_dir" / "lab" / "user-settings" / "@jupyterlab"
    for plugin, value in (("apputils-extension/notification", '{"fetchNews": "false"}'),
                          ("docmanager-extension/plugin", '{"autosave": false}')):
        (settings / plugin).parent.mkdir(parents=True, exist_ok=True)
        (settings / f"{plugin}.jupyterlab-settings").write_text(value)
    port = _free_port()
    log_path = folder / "lab.log"
    SERVER_LOGS.append(log_path)
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--ServerApp.root_dir={ROOT}",
               "--IdentityProvider.token=", "--ServerApp.password=",
               # offline: no news feed and no update check (each would ask another host)
               "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    with open(log_path, "w") as log:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while not _answers(url + "/api/status"):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"JupyterLab did not start:\n{log_path.read_text()[-3000:]}")
                time.sleep(0.25)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()


def _answers(url: str) -> bool:
    with contextlib.suppress(OSError, urllib.error.URLError):
        with urllib.request.urlopen(url, timeout=2) as reply:
            return reply.status == 200
    return False


class Visit:
    """A 1366 x 768 page that may ask only the JupyterLab server: what it asked elsewhere (refused) and the
    errors on its console are kept."""
    def __init__(self, browser, lab: str):
        self.elsewhere, self.errors = [], []
        self.context = browser.new_context(viewport={"width": 1366, "height": 768})
        self.context.route("**/*", self._only(urlparse(lab).netloc))
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

    def _only(self, here: str):
        def route(route):
            if urlparse(route.request.url).netloc == here:
                return route.continue_()
            self.elsewhere.append(route.request.url)
            return route.abort()
        return route


@pytest.fixture
def visit(browser, lab):
    visit = Visit(browser, lab)
    yield visit
    visit.context.close()


def open_and_run_all(page, url: str) -> float:
    """Open a notebook in JupyterLab (a fresh workspace: only this notebook), run all its cells from the Run
    menu, and wait for its board. Returns the seconds from Run All Cells to the board."""
    page.goto(url + "?reset", timeout=WAIT)
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=WAIT)
    # Run All once the kernel is connected: the status bar says "Python 3 (ipykernel) | Idle"
    expect(page.locator(".jp-StatusBar-Widget")).to_contain_text(re.compile(r"\(ipykernel\) \| Idle"), timeout=WAIT)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    started = time.monotonic()
    page.wait_for_selector(BOARD, timeout=WAIT)
    return time.monotonic() - started


def test_a_lesson_and_a_play_page_run_in_jupyterlab(lab, visit):
    page = visit.page
    ARTIFACTS.mkdir(exist_ok=True)

    # The lesson: step 1 draws its board; the right answer, then Continue, draws step 2's position.
    lesson = load("entdecker")
    seconds = open_and_run_all(page, f"{lab}/lab/tree/{TUTORIAL}")
    print(f"\nlesson board {seconds:.1f} s after Run All Cells")
    count = page.locator(".bgw-lesson-count")
    expect(count).to_have_text(f"Step 1 of {len(lesson.steps)}", timeout=WAIT)
    right = next(i for i, c in enumerate(lesson.steps[0].question.choices) if c.right)
    page.locator(".bgw-lesson-answer").nth(right).click()
    expect(page.locator(".bgw-lesson-explain")).to_be_visible(timeout=20_000)
    before = revision(page)
    page.locator(".bgw-lesson-continue").click()
    wait_for_redraw(page, before)
    expect(count).to_have_text(f"Step 2 of {len(lesson.steps)}", timeout=20_000)
    page.screenshot(path=str(ARTIFACTS / "jupyterlab-lesson.png"))

    # The play page: Next spins the income (an automatic step), then a click on the board makes a move.
    seconds = open_and_run_all(page, f"{lab}/lab/tree/{PLAY}")
    print(f"play board {seconds:.1f} s after Run All Cells")
    assert page.locator(BOARD).count() == 1, "only the play page's board is open"
    before = revision(page)
    page.get_by_role("button", name="Next").click()
    wait_for_redraw(page, before)
    circles = page.locator(".ent-circle.bgw-legal")
    expect(circles).to_have_count(34, timeout=20_000)            # a first turn may start at any edge circle
    before = revision(page)
    circles.first.click()
    wait_for_redraw(page, before)
    expect(page.locator(".ent-circle.bgw-legal")).to_have_count(0, timeout=20_000)   # the ship is placed
    page.screenshot(path=str(ARTIFACTS / "jupyterlab-play.png"))

    assert not [e for e in visit.errors if "board error" in e or "anywidget" in e.lower()], visit.errors
    assert not visit.elsewhere, visit.elsewhere
