"""The pages behind a real JupyterHub, as docs/deploy.md describes it: the hub configuration a school copies
(deploy/jupyterhub/), its Python proxy, a local process spawner and the class password; three learners sign
in through the login form in Debian Chromium, each gets the gallery and a play page under /user/<name>/, the
board is drawn and Next redraws it, and once the pages are closed the learners' Jupyter servers shut their
kernels down (PageKernelManager): at once for a page that was left (Voila's closing beacon, through the
hub's proxy), after gone_timeout for a tab that closed without a word (a short one, given on the servers'
command line; the committed configuration keeps docs/deploy.md's values).

Everything the hub writes (database, cookie secret, pid files, learners' homes) goes into a temporary
folder; it listens on free loopback ports only, and the test stops the hub and every process under it."""

import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

from board_page import BOARD, PAGE_TIMEOUT, revision, wait_for_redraw
from conftest import ROOT, SERVER_LOGS, _free_port

pytestmark = pytest.mark.browser

HUB_CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
SERVER_CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyter_server_config.py"
BIN = Path(sys.executable).parent
LEARNERS = ("ada", "bo", "chen")
PASSWORD = "class-" + secrets.token_hex(6)
GALLERY = "/voila/render/notebooks/index.ipynb"
PLAY = "/voila/render/notebooks/endeavor-aos.ipynb?players=2&seed=1&lang=en"
GONE, CHECK = 3, 1          # seconds: the test's kernel timers (the committed config keeps 30 and 10)

# The test's own settings on top of the committed configuration: free ports, its learners, an API token with
# which the test reads their kernel lists, and shorter kernel timers (plus --allow-root when run as root).
OVERRIDES = """\
c = get_config()
load_subconfig({config!r})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}/"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.Authenticator.allowed_users = {learners!r}
c.JupyterHub.services = [{{"name": "bgw-test", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [{{"name": "bgw-test", "services": ["bgw-test"],
                            "scopes": ["access:servers"]}}]
c.Spawner.args = c.Spawner.args + {extra_args!r}
"""


class Hub:
    def __init__(self, url: str, token: str, process: subprocess.Popen, log: Path):
        self.url, self.token, self.process, self.log = url, token, process, log

    def api(self, path: str, method: str = "GET"):
        request = urllib.request.Request(self.url + path, method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as reply:
            body = reply.read()
            return reply.status, (json.loads(body) if body else None)

    def kernels(self, name: str) -> list:
        """The kernels of this learner's Jupyter server, through its own API behind the proxy."""
        return self.api(f"/user/{name}/api/kernels")[1]


def wait_until(what: str, check, within: float, hub: Hub | None = None, every: float = 0.25):
    """Poll `check` until it returns something true; fail saying what was awaited, and for how long."""
    started = time.monotonic()
    while True:
        result = check()
        if result:
            return result
        if hub is not None and hub.process.poll() is not None:
            pytest.fail(f"the hub exited (code {hub.process.returncode}) while waiting for {what}")
        if time.monotonic() - started > within:
            pytest.fail(f"waited {within:.0f} s for {what}")
        time.sleep(every)


def _health(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/hub/health", timeout=5) as reply:
            return reply.status == 200
    except (OSError, urllib.error.URLError):
        return False


def _processes_of(hub: subprocess.Popen, state: Path) -> list:
    """Every process the hub started: its descendants, and (if it died first) any process left running in
    the state folder (learners' servers run in their homes there) with its descendants."""
    found = {}
    with contextlib.suppress(psutil.NoSuchProcess):
        for process in psutil.Process(hub.pid).children(recursive=True):
            found[process.pid] = process
    for process in psutil.process_iter():
        with contextlib.suppress(psutil.Error):
            if process.pid not in found and Path(process.cwd()).is_relative_to(state):
                found[process.pid] = process
                for child in process.children(recursive=True):
                    found[child.pid] = child
    with contextlib.suppress(OSError, ValueError, psutil.Error):
        proxy = psutil.Process(int((state / "proxy.pid").read_text()))
        if "configurable-http-proxy" in " ".join(proxy.cmdline()):
            found[proxy.pid] = proxy
    return list(found.values())


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    folder = tmp_path_factory.mktemp("jupyterhub")
    state = folder / "state"
    state.mkdir(mode=0o700)
    port, hub_port, api_port = _free_port(), _free_port(), _free_port()
    token = secrets.token_hex(32)
    extra_args = [f"--PageKernelManager.gone_timeout={GONE}", f"--PageKernelManager.cull_interval={CHECK}"]
    if os.geteuid() == 0:                   # CI and these machines run as root; a school's hub never does
        extra_args.append("--allow-root")
    config = folder / "jupyterhub_config.py"
    config.write_text(OVERRIDES.format(config=str(HUB_CONFIG), port=port, hub_port=hub_port, api_port=api_port,
                                       learners=set(LEARNERS), token=token, extra_args=extra_args))
    log_path = folder / "jupyterhub.log"
    SERVER_LOGS.append(log_path)
    env = {**os.environ, "BGW_HUB_STATE": str(state), "BGW_CLASS_PASSWORD": PASSWORD, "PYTHONUNBUFFERED": "1"}
    with open(log_path, "w") as log:
        process = subprocess.Popen([str(BIN / "jupyterhub"), "-f", str(config)], cwd=folder, env=env,
                                   stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    the_hub = Hub(url, token, process, log_path)
    try:
        started = time.monotonic()
        wait_until("the hub's /hub/health through its proxy", lambda: _health(url), within=60, hub=the_hub)
        print(f"\nhub up in {time.monotonic() - started:.1f} s")
        yield the_hub
    finally:
        leftovers = _processes_of(process, state)
        process.send_signal(signal.SIGTERM)         # the hub stops the learners' servers and its proxy
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        gone, alive = psutil.wait_procs(leftovers, timeout=10)
        for straggler in alive:
            with contextlib.suppress(psutil.NoSuchProcess):
                straggler.kill()
        psutil.wait_procs(alive, timeout=5)
        assert not alive, f"processes left after the hub stopped: {[p.pid for p in alive]}"


def test_the_committed_server_config_keeps_the_documented_kernel_settings():
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader(SERVER_CONFIG.name, path=str(SERVER_CONFIG.parent)).load_config()
    assert config.ServerApp.kernel_manager_class == "widgets.kernels.PageKernelManager"
    assert config.ServerApp.root_dir == str(ROOT)
    settings = config.PageKernelManager
    assert (settings.gone_timeout, settings.cull_idle_timeout, settings.cull_interval, settings.cull_connected,
            settings.max_kernels) == (30, 900, 10, True, 4)          # docs/deploy.md


def test_three_learners_play_behind_the_hub_and_their_kernels_go(browser, hub):
    started = time.monotonic()
    marks = []

    def mark(what):
        marks.append(f"{what} {time.monotonic() - started:.1f} s")

    # The learners sign in through the form, each in a browser of their own, all within a second as a class
    # arrives: the hub starts their servers together and sends each to the gallery (the configured default_url).
    contexts, galleries = {}, {}
    elsewhere: list[str] = []              # requests to any other host: aborted, noted

    def only_the_hub(route):
        if not route.request.url.startswith(hub.url):
            elsewhere.append(route.request.url)
            return route.abort()
        return route.continue_()

    for name in LEARNERS:
        contexts[name] = browser.new_context()
        contexts[name].route("**/*", only_the_hub)
        page = galleries[name] = contexts[name].new_page()
        page.goto(hub.url + "/hub/login", timeout=PAGE_TIMEOUT)
        page.fill("#username_input", name)
        page.fill("#password_input", PASSWORD)
        page.click("#login_submit", no_wait_after=True)
    for name, page in galleries.items():
        # a guard, not a guess: three servers and their gallery kernels start at once, which on a busy 2-core
        # machine took over the two minutes a single page is given (CI, 29 November)
        page.wait_for_selector(".bgw-card-endeavor-aos .bgw-board svg", timeout=3 * PAGE_TIMEOUT)
        assert page.url.startswith(f"{hub.url}/user/{name}{GALLERY}"), page.url
    mark("signed in, galleries drawn")

    # A play page each, opened together; then Next redraws the board.
    plays = {}
    for name in LEARNERS:
        plays[name] = contexts[name].new_page()
        plays[name].goto(f"{hub.url}/user/{name}{PLAY}", wait_until="commit", timeout=PAGE_TIMEOUT)
    for name, page in plays.items():
        page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    mark("play boards drawn")
    for name, page in plays.items():
        before = revision(page)
        page.get_by_role("button", name="Next").click()
        wait_for_redraw(page, before)
    mark("Next redrew every board")
    assert not elsewhere, elsewhere        # the pages are whole without internet
    for context in contexts.values():      # a routed request does not outlive its page: the closing
        context.unroute("**/*")            # beacon below must leave as a browser sends it

    # Two pages each, so two kernels each, on each learner's own server.
    kernel_ids = {name: [kernel["id"] for kernel in hub.kernels(name)] for name in LEARNERS}
    assert all(len(ids) == 2 for ids in kernel_ids.values()), kernel_ids

    # The first learner leaves both pages: each sends Voila's closing beacon through the hub's proxy, and its
    # kernel goes at once. The others' tabs close without a word (no beacon, as a crashed tab or a shut lid):
    # their servers notice that no page has been connected for gone_timeout.
    leaver, *closers = LEARNERS
    galleries[leaver].goto("about:blank")
    plays[leaver].goto("about:blank")
    for name in closers:
        galleries[name].close(run_before_unload=False)
        plays[name].close(run_before_unload=False)
    closed = time.monotonic()
    wait_until(f"every learner's kernels to be shut down (gone_timeout {GONE} s, checked every {CHECK} s)",
               lambda: not any(hub.kernels(name) for name in LEARNERS), within=GONE + CHECK + 20, hub=hub)
    mark(f"kernels gone {time.monotonic() - closed:.1f} s after the pages closed, at")
    for context in contexts.values():
        context.close()

    # Each kernel went the way its page went, by the learners' servers' own PageKernelManager.
    expected = [f"204 POST /user/{leaver}/voila/api/shutdown/{kernel}" for kernel in kernel_ids[leaver]]
    expected += [f"Shutting down kernel {kernel}: no page connected" for name in closers for kernel in kernel_ids[name]]
    wait_until("the hub's log to show how each kernel was shut down",
               lambda: all(line in hub.log.read_text(errors="replace") for line in expected), within=10, hub=hub)
    log = hub.log.read_text(errors="replace")
    assert log.count(f"Kernels are shut down {GONE} s after their page has gone") == len(LEARNERS)
    print("\n" + "; ".join(marks))
