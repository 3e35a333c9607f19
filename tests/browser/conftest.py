"""A real Voila server on a free loopback port, started once for the browser tests."""

import contextlib
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("voila") / "voila.log") as (url, _server):
        yield url


# The logs of the servers started so far: a failing browser test shows their last lines, so that a page
# that never drew its board says why (a refused visitor, a kernel that died, a slow start...).
SERVER_LOGS: list[Path] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed and call.when == "call":
        for path in SERVER_LOGS[-2:]:
            with contextlib.suppress(OSError):
                tail = "\n".join(path.read_text(errors="replace").splitlines()[-60:])
                report.sections.append((f"server log {path.name} (last 60 lines)", tail))


@contextlib.contextmanager
def serve(log_path: Path, *options: str, env: dict | None = None):
    """`python -m widgets.serve` with these options (and these environment variables) on a free port: yields its
    URL and process."""
    SERVER_LOGS.append(log_path)
    port = _free_port()
    log = open(log_path, "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "widgets.serve", f"--port={port}", *options], cwd=ROOT, stdout=log,
        stderr=subprocess.STDOUT, env={**os.environ, **(env or {}), "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 60
    # Wait for the socket, not for a page: every page GET starts a kernel.
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                log.close()
                raise RuntimeError(f"Voila did not start:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.2)
    try:
        yield f"http://127.0.0.1:{port}", server
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
