"""How long the static site takes to draw a play board, on a first visit and on a second (issue 34): a benchmark,
not a test. Debian Chromium with a real on-disk profile (a learner's own browser, its HTTP cache kept between
visits), served by a plain local web server, outside hosts unresolvable (so nothing is fetched from the
internet, and the cache stays on: Playwright's request routing would turn it off).

    .venv/bin/python benchmarks/site_visits.py [--site site] [--page entdecker] [--rounds 3] [--gzip] [--json F]

Each round starts from an empty profile: a first visit (everything downloaded), then the page closed and
opened again (a second visit). For each visit: seconds from the address being asked to the board drawn, and
what the site's server sent (MB and requests: what the browser's cache did not answer). Targets (issue 34): a first visit within
5 s and 20 MB, a second within 3 s.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
DRAWN = ".bgw-board .bgw-root[data-drawn-at]"


# What the site's server sent: the page's own requests and its workers' alike (Pyodide loads in a web worker,
# whose requests a page's DevTools session does not see). The cache's answers never reach the server.
SENT = {"bytes": 0, "requests": 0, "files": {}}
_LOCK = threading.Lock()


# Typical static hosts (GitHub Pages, Netlify, nginx with gzip on) compress text and WebAssembly on the way;
# wheels and zip files are compressed already. --gzip serves so, to measure what a learner downloads there.
COMPRESSIBLE = (".wasm", ".js", ".mjs", ".json", ".html", ".css", ".svg", ".map", ".txt", ".toml")


class Counting(http.server.SimpleHTTPRequestHandler):
    gzip = False

    def log_message(self, *args):
        pass

    def send_head(self):
        path = self.translate_path(self.path)
        if not (self.gzip and path.endswith(COMPRESSIBLE) and "gzip" in self.headers.get("Accept-Encoding", "")
                and Path(path).is_file()):
            return super().send_head()
        import gzip
        import io
        body = gzip.compress(Path(path).read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(Path(path).stat().st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def do_GET(self):
        with _LOCK:
            SENT["requests"] += 1
        super().do_GET()

    def copyfile(self, source, outputfile):
        start = source.tell()
        super().copyfile(source, outputfile)
        with _LOCK:
            SENT["bytes"] += source.tell() - start
            SENT["files"][self.path.split("?")[0]] = source.tell() - start


def serve(folder: Path, gzip: bool = False):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    handler = type("Handler", (Counting,), {"gzip": gzip})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{port}/"


def visit(context, url: str) -> dict:
    """One visit in a new tab: seconds to the board drawn, what the server sent (MB, requests), outside hosts."""
    page = context.new_page()
    outside = []
    page.on("request", lambda r: outside.append(r.url) if urlparse(r.url).hostname not in ("127.0.0.1", None) else None)
    with _LOCK:
        SENT.update(bytes=0, requests=0, files={})
    started = time.perf_counter()
    page.goto(url, timeout=300_000)
    page.wait_for_selector(DRAWN, state="attached", timeout=300_000)
    seconds = time.perf_counter() - started
    with _LOCK:
        sent = {**SENT, "files": dict(SENT["files"])}
    page.close()
    largest = sorted(sent["files"].items(), key=lambda item: -item[1])[:12]
    return {"seconds": round(seconds, 2), "mb": round(sent["bytes"] / 1e6, 2), "requests": sent["requests"],
            "outside": outside, "largest": {path: round(size / 1e6, 2) for path, size in largest}}


def measure(site: Path, page_name: str, rounds: int, gzip: bool = False) -> dict:
    server, base = serve(site, gzip)
    url = f"{base}voici/render/{page_name}.html?lang=en"
    results = {"page": url, "first": [], "second": []}
    try:
        with sync_playwright() as p:
            for _ in range(rounds):
                with tempfile.TemporaryDirectory(prefix="bgw-profile-") as profile:
                    context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                                   viewport={"width": 1366, "height": 768})
                    try:
                        results["first"].append(visit(context, url))
                        results["second"].append(visit(context, url))
                    finally:
                        context.close()
    finally:
        server.shutdown()
    for kind in ("first", "second"):
        visits = results[kind]
        results[f"{kind}_median"] = {k: round(statistics.median(v[k] for v in visits), 2)
                                     for k in ("seconds", "mb", "requests")}
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", default=str(ROOT / "site"), help="the built site (default: site/)")
    parser.add_argument("--page", default="entdecker", help="the play page to open (default: entdecker)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--gzip", action="store_true", help="serve compressed, as most static hosts do")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "voici" / "render").is_dir():
        parser.error(f"{site} is no built site: run make site first")
    results = measure(site, args.page, args.rounds, args.gzip)
    print(f"{results['page']} served {'compressed (gzip)' if args.gzip else 'uncompressed'}")
    for kind, target in (("first", "5 s, 20 MB"), ("second", "3 s")):
        m = results[f"{kind}_median"]
        print(f"{kind} visit (median of {args.rounds}): {m['seconds']} s to the board; the server sent "
              f"{m['mb']} MB for {m['requests']} requests; target {target}")
    print("largest files of a first visit (MB): " + ", ".join(f"{p} {mb}" for p, mb in
                                                             results["first"][0]["largest"].items()))
    outside = sorted({u for kind in ("first", "second") for v in results[kind] for u in v["outside"]})
    print(f"requests to other hosts: {len(outside)}" + (f" ({', '.join(outside[:5])})" if outside else ""))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
