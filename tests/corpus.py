"""A recorded corpus of whole games, to prove that a change of the code changed no game (issue 25's
restructuring, or any later one).

    .venv/bin/python tests/corpus.py record     # writes tests/corpus/<game>.json (only when the games should change)
    .venv/bin/python tests/corpus.py check      # replays them and names the first step that differs

For every game and player count, a few games from fixed seeds (random bots, and one with greedy bots, whose
choices follow each game's heuristic). At every step the corpus keeps a short fingerprint of what a player
and the pages see: the entry played, the legal actions' ids, the narrated log in English and in Traditional
Chinese, the board's full view and the scores. At the end it keeps the save's fingerprint. A game replayed
from the same seeds and bots must give the same fingerprints, step by step (tests/test_corpus.py).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import engines
from engines.core.bots import make_bot

HERE = Path(__file__).resolve().parent / "corpus"
SEEDS = (11, 12)            # random bots in every seat
GREEDY_SEED = 21            # greedy bots in every seat


def _fingerprint(*parts) -> str:
    payload = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(payload.encode()).hexdigest()[:12]


def play(game_id: str, players: int, seed: int, kind: str) -> dict:
    """One game, fingerprinted step by step."""
    m = engines.new_match(game_id, players, seed=seed)
    bots = {s: make_bot(kind, seed=seed * 31 + s) for s in range(players)}
    steps = []
    limit = m.bounds.max_moves * 4
    while not m.is_over and len(steps) < limit:
        seat = m.to_move
        legal = sorted(a.id for a in m.legal_actions()) if seat is not None else []
        start = len(m.log)
        if seat is None:
            m.advance(step=True)
        else:
            m.play(bots[seat].choose(m))
        events = m.log[start:]
        steps.append(_fingerprint(m._entries[m.position - 1], legal, [e.text("en") for e in events],
                                  [e.text("zh-Hant") for e in events], [e.to_json() for e in events],
                                  m.view(None), m.scores()))
    return {"players": players, "seed": seed, "bots": kind, "steps": steps, "over": m.is_over,
            "save": _fingerprint(json.loads(m.to_json()))}


def games_of(game_id: str) -> list[tuple[int, int, str]]:
    rules = engines.get_game(game_id)
    counts = range(rules.min_players, rules.max_players + 1)
    return ([(n, seed, "random") for n in counts for seed in SEEDS]
            + [(rules.min_players, GREEDY_SEED, "greedy")])


def record(game_id: str) -> Path:
    HERE.mkdir(exist_ok=True)
    path = HERE / f"{game_id}.json"
    games = [play(game_id, n, seed, kind) for n, seed, kind in games_of(game_id)]
    path.write_text(json.dumps({"game": game_id, "games": games}, indent=0) + "\n")
    return path


def differences(game_id: str) -> list[str]:
    """Where today's games differ from the recorded ones: one line per game that differs."""
    recorded = json.loads((HERE / f"{game_id}.json").read_text())["games"]
    out = []
    for old in recorded:
        new = play(game_id, old["players"], old["seed"], old["bots"])
        where = f"{game_id}, {old['players']} players, seed {old['seed']}, {old['bots']} bots"
        for i, (a, b) in enumerate(zip(old["steps"], new["steps"])):
            if a != b:
                out.append(f"{where}: step {i + 1} differs")
                break
        else:
            if len(old["steps"]) != len(new["steps"]):
                out.append(f"{where}: {len(new['steps'])} steps, recorded {len(old['steps'])}")
            elif old["save"] != new["save"]:
                out.append(f"{where}: the save differs")
    return out


def main(argv: list[str]) -> int:
    from games import registering_test_only_games       # the test-only games (tic-tac-toe) have a corpus too
    with registering_test_only_games():
        if argv[:1] == ["record"]:
            for game_id in sorted(engines.GAMES):
                print(record(game_id))
            return 0
        if argv[:1] == ["check"]:
            found = [line for game_id in sorted(engines.GAMES) for line in differences(game_id)]
            print("\n".join(found) or "every recorded game replays identically")
            return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
