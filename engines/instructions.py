"""CPU instructions per decision, for `python -m engines bench GAME --instructions`.

A timed benchmark on a shared machine moves by 10-15% from run to run, which hides the few per cent a
change gains or loses. Valgrind's callgrind counts the instructions a process executes instead, and the
count repeats within about 1%. Each workload below runs twice under it, with its games and with none,
and the difference is divided by the decisions played, so start-up and imports are not counted. Set
iteration order follows Python's hash seed, hence PYTHONHASHSEED=0. Instructions are not time (OpenSpiel's
tic-tac-toe runs more of them per nanosecond than our engines do): the timed ratio is the target, the
count is the steady trend line beside it.

    python -m engines.instructions KIND GAME PLAYERS GAMES [KEY=VALUE ...]

plays one workload (KIND: engine, engine-pettingzoo, engine-pettingzoo-observing, engine-openspiel, ttt,
pettingzoo or openspiel) and prints `decisions N`; `bench --instructions` runs it under valgrind.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

KINDS = ("engine", "engine-pettingzoo", "engine-pettingzoo-observing", "engine-openspiel", "ttt", "pettingzoo",
         "openspiel")


def available() -> bool:
    return shutil.which("valgrind") is not None


def per_decision(kind: str, game: str, players: int, games: int, options: dict) -> tuple[float, int]:
    """(instructions per decision, decisions) of a workload; for "ttt", `games` is a number of moves."""
    extra = [f"{k}={v}" for k, v in options.items()]
    base, _ = _count([kind, game, str(players), "0", *extra])
    total, decisions = _count([kind, game, str(players), str(games), *extra])
    return (total - base) / max(decisions, 1), decisions


def _count(args: list[str]) -> tuple[int, int]:
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, "-m", "engines.instructions", *args]
    run = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    counted = re.search(r"Collected\s*:\s*([\d,]+)", run.stderr)
    played = re.search(r"^decisions (\d+)$", run.stdout, re.M)
    if run.returncode or not counted or not played:
        raise RuntimeError(f"valgrind run failed ({' '.join(args)}):\n{run.stderr[-2000:]}")
    return int(counted.group(1).replace(",", "")), int(played.group(1))


def workload(kind: str, game: str, players: int, games: int, options: dict) -> int:
    """Play the workload; the decisions made. The imports happen whether or not games are played."""
    import engines
    from engines.workloads import (adapter_games, engine_games_as_openspiel, engine_games_as_pettingzoo, random_game,
                                   tic_tac_toe)
    if kind == "ttt":
        play = tic_tac_toe()
        return play(games) if games else 0
    if kind in ("pettingzoo", "openspiel"):
        return adapter_games(kind, game, players, options, games)[1]
    if kind == "engine-openspiel":          # the openspiel workload's games on the engine alone
        return engine_games_as_openspiel(game, players, options, games)[1]
    if kind.startswith("engine-pettingzoo"):        # the pettingzoo workload's games on the engine alone
        return engine_games_as_pettingzoo(game, players, options, games, observing=kind.endswith("-observing"))[1]
    engines.get_game(game)
    return sum(random_game(game, players, seed, options)[0] for seed in range(games))


USAGE = ("usage: python -m engines.instructions engine|engine-pettingzoo[-observing]|engine-openspiel|ttt|pettingzoo|"
         "openspiel GAME PLAYERS GAMES [KEY=VALUE ...]")


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[0] not in KINDS or not argv[2].isdigit() or not argv[3].isdigit() \
            or not all("=" in pair for pair in argv[4:]):
        print(USAGE, file=sys.stderr)
        return 2
    kind, game, players, games, *pairs = argv
    options = dict(pair.split("=", 1) for pair in pairs)
    try:
        print(f"decisions {workload(kind, game, int(players), int(games), options)}")
    except ValueError as exc:         # an unknown game, a bad player count or option: one clear line
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
