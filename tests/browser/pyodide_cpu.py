"""CPU per decision in the static site's Python (Pyodide, WebAssembly) against CPython: the same random
games (same game, players and seeds), timed in both.

    .venv/bin/python tests/browser/pyodide_cpu.py [--games 10]      # after `make site`

Pyodide runs under Node here (the V8 that Chromium has), loaded from the built site's own files
(`site/static/pyodide/`) with the engines from the site's own wheel (`site/pypi/board_game_widgets-*.whl`),
so what is timed is what a learner's browser runs. Wall-clock time on both sides (Pyodide has no CPU
clock): run it on a quiet machine. Also used by tests/browser/test_static_site.py to check that the
site's engines play the very games CPython plays.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
GAMES = [("endeavor-aos", 2), ("entdecker", 2), ("amerigo", 2), ("endeavor-2009", 3), ("shipyard", 3)]

# The same code runs in both Pythons: every game once to warm up (WebAssembly is compiled to faster code
# after its first seconds), then `count` timed games of each, three times over, the fastest round kept (as
# `python -m engines bench` does); prints JSON.
TIMED = """
import json, time
from engines.workloads import random_game
games = %(games)r
for game, players in games:
    random_game(game, players, 0, {})
out = {}
for _ in range(3):
    for game, players in games:
        start, decisions = time.perf_counter(), 0
        for seed in range(1, %(count)d + 1):
            decisions += random_game(game, players, seed, {})[0]
        seconds = time.perf_counter() - start
        if game not in out or seconds < out[game][1]:
            out[game] = [decisions, seconds]
print("RESULT " + json.dumps(out))
"""

LOADER = """
import { loadPyodide } from %(pyodide)s;
import fs from "fs";
const py = await loadPyodide({ indexURL: %(index)s });
py.FS.writeFile("/tmp/site.whl", fs.readFileSync(%(wheel)s));
py.runPython("import sys, zipfile; zipfile.ZipFile('/tmp/site.whl').extractall('/tmp/site'); sys.path.insert(0, '/tmp/site')");
py.setStdout({ batched: (line) => console.log(line) });
py.runPython(fs.readFileSync(%(code)s, "utf8"));
"""


def _result(stdout: str) -> dict:
    line = next((l for l in stdout.splitlines() if l.startswith("RESULT ")), None)
    if line is None:
        raise RuntimeError(f"no result in the output:\n{stdout[-2000:]}")
    return json.loads(line[len("RESULT "):])


def in_pyodide(code: str, site: Path = SITE) -> dict:
    """Run `code` in the site's Pyodide under Node, with the site's engines; its RESULT line, read."""
    node = shutil.which("node")
    wheels = sorted((site / "pypi").glob("board_game_widgets-*.whl"))
    if node is None or not wheels:
        raise RuntimeError("needs node and a built site (make site)")
    with tempfile.TemporaryDirectory() as tmp:
        code_file, loader = Path(tmp) / "timed.py", Path(tmp) / "run.mjs"
        code_file.write_text(code)
        pyodide = site / "static" / "pyodide"
        loader.write_text(LOADER % {"pyodide": json.dumps(str(pyodide / "pyodide.mjs")),
                                    "index": json.dumps(str(pyodide) + "/"), "wheel": json.dumps(str(wheels[-1])),
                                    "code": json.dumps(str(code_file))})
        done = subprocess.run([node, str(loader)], capture_output=True, text=True, timeout=1800)
    if done.returncode:
        raise RuntimeError(done.stderr[-2000:])
    return _result(done.stdout)


def in_cpython(code: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=1800)
    if done.returncode:
        raise RuntimeError(done.stderr[-2000:])
    return _result(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="timed games per game (after one warm-up)")
    args = parser.parse_args(argv)
    code = TIMED % {"games": GAMES, "count": args.games}
    started = time.perf_counter()
    browser, native = in_pyodide(code), in_cpython(code)
    print(f"{args.games} random games each, seeds 1-{args.games}, fastest of 3 rounds; µs per decision (wall clock)")
    for game, players in GAMES:
        (d_web, t_web), (d_py, t_py) = browser[game], native[game]
        assert d_web == d_py, f"{game}: Pyodide played {d_web} decisions, CPython {d_py}: not the same games"
        web, py = t_web / d_web * 1e6, t_py / d_py * 1e6
        print(f"  {game} ({players} players, {d_py} decisions): Pyodide {web:.1f}, CPython {py:.1f} "
              f"-> ratio {web / py:.2f}")
    print(f"  ({time.perf_counter() - started:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
