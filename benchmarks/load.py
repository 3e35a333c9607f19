"""Load test: a class of simulated learners on one server.

    python benchmarks/load.py [--learners 20] [--steps 20] [--game endeavor-aos] [--think 1.0]
                              [--ramp 0] [--leave beacon|drop] [--url http://host:port] [--json out.json]

Each learner opens a play page, then makes `--steps` moves: a highlighted legal option when the
board offers one (picked at random), else Next; between moves it thinks for about `--think` seconds.
Then all leave (with the page's closing beacon, or dropping the connection like a crashed tab), and
the test waits until the server has shut every learner's kernel down.

Learners are websocket clients that speak the Jupyter widget protocol exactly as a page does
(benchmarks/voila_client.py), not browsers: twenty Chromium pages would use the two cores of a small
server themselves and the figures would measure Chromium. Click-to-redraw here is the time from the
click's message leaving the learner to the board's new `revision` arriving; a browser adds its own
drawing (about 20-60 ms for the Age of Sail board) on top.

Without --url it starts `python -m widgets.serve` on a free port (its default settings, plus any
--server-args) and also reports each kernel's memory. Reports p50/p95 click-to-redraw, page-open
times, errors, memory per kernel, whether every kernel was reclaimed, and the machine's load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shlex
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psutil
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent))
from voila_client import PageError, VoilaPage  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "zh-Hant")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--steps", type=int, default=20, help="moves each learner makes")
    parser.add_argument("--game", default="endeavor-aos", help="play page: notebooks/<game>.ipynb")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between a learner's moves (0: none)")
    parser.add_argument("--ramp", type=float, default=0.0, help="learners arrive spread over this many seconds")
    parser.add_argument("--leave", choices=("beacon", "drop"), default="beacon",
                        help="close pages with the browser's closing beacon, or drop them like a crashed tab")
    parser.add_argument("--url", help="a running server to test (default: start one)")
    parser.add_argument("--server-args", default="", help="extra options for widgets.serve, e.g. '--preheat 0'")
    parser.add_argument("--reclaim-timeout", type=float, default=120.0, help="seconds to wait for kernels to go")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    return parser.parse_args(argv)


# -- the server under test -------------------------------------------------------------------------
class Server:
    """`python -m widgets.serve` on a free loopback port, for the length of the test."""

    def __init__(self, extra: list[str]):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(ROOT / ".venv" / "load-server.log", "w") if (ROOT / ".venv").is_dir() else subprocess.DEVNULL
        self.process = subprocess.Popen([sys.executable, "-m", "widgets.serve", f"--port={self.port}", *extra],
                                        cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)
        self.ps = psutil.Process(self.process.pid)

    def wait_ready(self, timeout=120):
        deadline = time.monotonic() + timeout
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"widgets.serve did not start (see {getattr(self.log, 'name', 'its output')})")
                time.sleep(0.3)

    def kernels(self) -> list[psutil.Process]:
        running = []
        for process in self.ps.children(recursive=True):
            try:
                if "ipykernel" in " ".join(process.cmdline()):
                    running.append(process)
            except psutil.NoSuchProcess:        # gone, or a zombie
                pass
        return running

    def cpu_seconds(self) -> float:
        """The server's CPU time and its kernels' (running ones, and those already shut down)."""
        total = 0.0
        for p in [self.ps, *self.ps.children(recursive=True)]:
            try:
                t = p.cpu_times()
                total += t.user + t.system + (t.children_user + t.children_system if p is self.ps else 0)
            except psutil.NoSuchProcess:
                pass
        return total

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def memory_of(kernels: list[psutil.Process], kernel_ids: set[str]) -> dict:
    """RSS and USS of the learners' kernels (found by the kernel id in their connection file's name)."""
    rss, uss = [], []
    for k in kernels:
        try:
            if not any(kernel_id in arg for arg in k.cmdline() for kernel_id in kernel_ids):
                continue                                  # a preheated spare
            info = k.memory_full_info()
        except psutil.NoSuchProcess:
            continue
        rss.append(info.rss / 2**20)
        uss.append(info.uss / 2**20)
    if not rss:
        return {}
    return {"kernels": len(rss), "rss_mb_mean": statistics.mean(rss), "rss_mb_max": max(rss),
            "uss_mb_mean": statistics.mean(uss), "uss_mb_max": max(uss)}


def machine_busy_seconds() -> float:
    t = psutil.cpu_times()
    return sum(t) - t.idle - getattr(t, "iowait", 0.0)


# -- one learner -----------------------------------------------------------------------------------
def choice_class(action_id: str) -> str:
    """The CSS class the game shell gives the button of a choice with no place on the board."""
    return "bgw-choice-" + "".join(ch if ch.isalnum() else "-" for ch in action_id)


async def learner(n: int, args, url: str, results: dict, bar: tqdm, all_done: asyncio.Event, counter: list):
    rng = random.Random(args.seed * 1000 + n)
    await asyncio.sleep(args.ramp * n / max(1, args.learners - 1) if args.learners > 1 else 0)
    page = VoilaPage(url)
    results["pages"].append(page)
    lang = LANGS[n % len(LANGS)]
    started = time.perf_counter()
    try:
        await page.open(f"/voila/render/notebooks/{args.game}.ipynb?seed={args.seed + n}&lang={lang}")
        results["open_s"].append(time.perf_counter() - started)
        results["opened_at"].append(time.perf_counter())
        for step in range(args.steps):
            if args.think > 0:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think)
            legal = [c for c in page.board["choices"] if c["legal"]]
            try:
                if legal:
                    choice = rng.choice(legal)
                    button = None if choice["target"] else page.find(choice_class(choice["id"]))
                    seconds = await (page.click(button) if button else page.choose(choice["id"]))
                else:
                    button = page.find("bgw-next")
                    if button is None or page.models[button].get("disabled"):
                        break                          # the game is over
                    seconds = await page.click(button)
                results["click_s"].append(seconds)
                results["click_at"].append(time.perf_counter())
            except PageError as exc:
                results["errors"].append(f"learner {n} step {step}: {exc}")
                if page._closed:
                    break
            bar.update(1)
            bar.set_postfix_str(_live_figures(results), refresh=False)
    except PageError as exc:
        results["errors"].append(f"learner {n}: {exc}")
    finally:
        results["errors"].extend(f"learner {n}: page error {e}" for e in page.errors)
        counter[0] += 1
        if counter[0] == args.learners:
            all_done.set()


def _live_figures(results) -> str:
    clicks = results["click_s"]
    if len(clicks) < 2:
        return ""
    return f"p50 {1000 * statistics.median(clicks):.0f} ms, p95 {1000 * percentile(clicks, 95):.0f} ms, errors {len(results['errors'])}"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    rank = (len(ordered) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


# -- the run ---------------------------------------------------------------------------------------
async def run(args, url: str, server: Server | None) -> dict:
    results = {"open_s": [], "opened_at": [], "click_s": [], "click_at": [], "errors": [], "pages": []}
    all_done = asyncio.Event()
    counter = [0]
    with tqdm(total=args.learners * args.steps, unit="click", desc=f"{args.learners} learners", file=sys.stderr) as bar:
        tasks = [asyncio.ensure_future(learner(n, args, url, results, bar, all_done, counter))
                 for n in range(args.learners)]
        await all_done.wait()
        bar.set_description("measuring memory")
        ids = {p.kernel_id for p in results["pages"] if p.kernel_id}
        memory = memory_of(server.kernels(), ids) if server else {}
        if server:
            memory["server_rss_mb"] = server.ps.memory_info().rss / 2**20
        bar.set_description("leaving")
        pages = results["pages"]
        await asyncio.gather(*(p.leave(beacon=args.leave == "beacon") for p in pages))
        await asyncio.gather(*tasks)

    left_at = time.perf_counter()
    opened = [p for p in pages if p.kernel_id]
    alive = list(opened)
    with tqdm(total=len(opened), unit="kernel", desc="kernels reclaimed", file=sys.stderr) as bar:
        while alive and time.perf_counter() - left_at < args.reclaim_timeout:
            await asyncio.sleep(1)
            still = await asyncio.gather(*(p.kernel_alive() for p in alive))
            bar.update(sum(1 for s in still if not s))
            alive = [p for p, s in zip(alive, still) if s]
    reclaim_s = time.perf_counter() - left_at
    # Clicks made while other learners' pages were still opening compete with their kernels' start.
    all_open = max(results["opened_at"], default=0.0)
    arriving = [s for s, at in zip(results["click_s"], results["click_at"]) if at <= all_open]
    settled = [s for s, at in zip(results["click_s"], results["click_at"]) if at > all_open]
    return {"open_s": results["open_s"], "click_s": results["click_s"], "errors": results["errors"],
            "click_s_arriving": arriving, "click_s_settled": settled,
            "memory": memory, "kernels_opened": len(opened), "kernels_left": len(alive),
            "reclaim_s": reclaim_s}


def report(args, figures: dict, load: dict) -> dict:
    clicks, opens = figures["click_s"], figures["open_s"]
    summary = {
        "learners": args.learners, "steps": args.steps, "game": args.game, "think_s": args.think,
        "ramp_s": args.ramp, "leave": args.leave, "clicks": len(clicks),
        "click_ms_p50": 1000 * statistics.median(clicks) if clicks else None,
        "click_ms_p95": 1000 * percentile(clicks, 95) if clicks else None,
        "click_ms_max": 1000 * max(clicks) if clicks else None,
        **{f"click_ms_p{q}_{part}": 1000 * percentile(figures[f"click_s_{part}"], q) if figures[f"click_s_{part}"] else None
           for part in ("arriving", "settled") for q in (50, 95)},
        "clicks_arriving": len(figures["click_s_arriving"]), "clicks_settled": len(figures["click_s_settled"]),
        "open_s_p50": statistics.median(opens) if opens else None,
        "open_s_p95": percentile(opens, 95) if opens else None,
        "errors": len(figures["errors"]), "error_list": figures["errors"][:20],
        "memory_per_kernel": figures["memory"],
        "kernels_opened": figures["kernels_opened"], "kernels_not_reclaimed": figures["kernels_left"],
        "reclaimed_within_s": figures["reclaim_s"], **load,
    }
    out = [f"\n{args.learners} learners x {args.steps} moves on {args.game} "
           f"(think {args.think:g} s, arrivals over {args.ramp:g} s, leaving by {args.leave})"]
    if clicks:
        out.append(f"  click to redraw   p50 {summary['click_ms_p50']:.0f} ms   p95 {summary['click_ms_p95']:.0f} ms"
                   f"   max {summary['click_ms_max']:.0f} ms   ({len(clicks)} clicks)")

    for part, words in (("arriving", "while pages were still opening"), ("settled", "once every page was open")):
        if figures[f"click_s_{part}"]:
            out.append(f"    {words + ':':32s}p50 {summary[f'click_ms_p50_{part}']:.0f} ms   p95 "
                       f"{summary[f'click_ms_p95_{part}']:.0f} ms   ({summary[f'clicks_{part}']} clicks)")
    if opens:
        out.append(f"  page open         p50 {summary['open_s_p50']:.1f} s   p95 {summary['open_s_p95']:.1f} s"
                   "   (request to every widget's state received)")
    out.append(f"  errors            {summary['errors']}")
    for line in summary["error_list"][:5]:
        out.append(f"    {line}")
    m = figures["memory"]
    if m.get("kernels"):
        out.append(f"  memory per kernel RSS {m['rss_mb_mean']:.0f} MB (max {m['rss_mb_max']:.0f}),"
                   f" USS {m['uss_mb_mean']:.0f} MB (max {m['uss_mb_max']:.0f}), over {m['kernels']} learners' kernels;"
                   f" the Voila server itself {m['server_rss_mb']:.0f} MB")
    out.append(f"  kernels reclaimed {figures['kernels_opened'] - figures['kernels_left']} of {figures['kernels_opened']}"
               f" within {figures['reclaim_s']:.0f} s")
    out.append(f"  machine           {load['cores']} cores; load average {load['load_before']:.2f} before,"
               f" {load['load_after']:.2f} after; other programs used {load['others_cpu_share']:.0%} of the CPU"
               f" during the run")
    print("\n".join(out))
    return summary


def main(argv=None):
    args = parse_args(argv)
    server = None
    if args.url:
        url = args.url.rstrip("/")
    else:
        server = Server(shlex.split(args.server_args))
        server.wait_ready()
        url = server.url
        time.sleep(5)                              # let the preheated kernels start, as on a running server
    load_before = os.getloadavg()[0]
    busy_before, ours_before, client_before = machine_busy_seconds(), server.cpu_seconds() if server else 0.0, time.process_time()
    wall_before = time.perf_counter()
    try:
        figures = asyncio.run(run(args, url, server))
    finally:
        wall = time.perf_counter() - wall_before
        busy = machine_busy_seconds() - busy_before
        ours = (server.cpu_seconds() - ours_before if server else 0.0) + time.process_time() - client_before
        if server:
            server.stop()
    cores = psutil.cpu_count()
    load = {"cores": cores, "load_before": load_before, "load_after": os.getloadavg()[0],
            "others_cpu_share": max(0.0, busy - ours) / (wall * cores), "wall_s": wall}
    summary = report(args, figures, load)
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2, ensure_ascii=False))
    met = (summary["errors"] == 0 and summary["kernels_not_reclaimed"] == 0 and summary["click_ms_p95"] is not None
           and summary["click_ms_p95"] < 250)
    print(f"  target (p95 < 250 ms, no errors, every kernel reclaimed): {'met' if met else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
