"""Time to the first board in Chromium, with and without preheated kernels.

    python benchmarks/first_board.py [--visits 8] [--game endeavor-aos]

Starts two servers side by side (`widgets.serve --preheat 0` and `--preheat 1`) and opens the play
page on each in turn, alternating which goes first, so that whatever else the machine is doing
weighs on both alike. A visit is timed from the request to the board's SVG in the page; each visit
uses a fresh browser context and leaves the page (its kernel is shut down), then waits a few
seconds, as visitors arriving one after another would. Needs the test extra (Playwright) and
Debian's chromium.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def start(preheat: int) -> tuple[str, subprocess.Popen]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "widgets.serve", f"--port={port}", f"--preheat={preheat}"],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return f"http://127.0.0.1:{port}", server
        except OSError:
            if server.poll() is not None:
                raise SystemExit("widgets.serve did not start")
            time.sleep(0.3)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=8)
    parser.add_argument("--game", default="endeavor-aos")
    parser.add_argument("--pause", type=float, default=6.0, help="seconds between visits")
    args = parser.parse_args(argv)

    servers = {"without preheat": start(0), "with preheat": start(1)}
    time.sleep(20)                                  # the spare kernels get ready, as on a running server
    times = {name: [] for name in servers}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                                 args=CHROMIUM_ARGS)
            for visit in range(args.visits):
                order = list(servers) if visit % 2 == 0 else list(reversed(servers))
                for name in order:
                    url = servers[name][0]
                    context = browser.new_context(viewport={"width": 1366, "height": 768})
                    page = context.new_page()
                    started = time.perf_counter()
                    page.goto(f"{url}/voila/render/notebooks/{args.game}.ipynb?seed={visit + 2}", timeout=180_000)
                    page.wait_for_selector(".bgw-board svg", timeout=180_000)
                    times[name].append(time.perf_counter() - started)
                    page.goto("about:blank")
                    context.close()
                    print(f"visit {visit + 1} {name:16s} {times[name][-1]:5.2f} s   (load {os.getloadavg()[0]:.2f})",
                          flush=True)
                    time.sleep(args.pause)
            browser.close()
    finally:
        for _, server in servers.values():
            server.terminate()
            server.wait(20)
    for name, values in times.items():
        print(f"{name:16s} median {statistics.median(values):.2f} s   min {min(values):.2f}   max {max(values):.2f}")


if __name__ == "__main__":
    main()
