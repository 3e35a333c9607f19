"""What Amerigo's cube tower model (engines/amerigo/tower.py, am.tower.model) gives over random games: cubes
held when a phase begins, cubes falling per drop, phases skipped. A diagnostic of the data/tower.toml numbers,
so it plays whole games and lives here, outside the rules.

    python -m engines.tooling.amerigo_tower [games] [players]

`python -m engines bench amerigo` prints the same lines after its figures.
"""

from __future__ import annotations

import sys

import engines
from engines.core.bots import RandomBot


def statistics(games: int = 40, players: int = 4) -> dict:
    """What the model gives over random games: cubes inside the tower at each phase's start, cubes
    falling per drop, and the share of phases skipped (nothing to drop, or nothing fell)."""
    held, falling, phases, skipped = [], [], 0, 0
    for seed in range(games):
        m = engines.new_match("amerigo", players, seed=seed)
        bot = RandomBot(seed)
        while not m.is_over:
            state = m.state
            if m.to_move is None:
                if state.step == "drop" and state.phase != "setup":
                    phases += 1
                    held.append(sum(state.tower))
                    before = len(m.log)
                    m.advance(step=True)
                    if any(e.rule == "am.phase.skip" for e in m.log[before:]):
                        skipped += 1
                    else:
                        falling.append(sum(m.state.fell))
                    continue
                m.advance(step=True)
            else:
                m.play(bot.choose(m))
    return {"games": games, "phases": phases, "held": sum(held) / len(held), "most_held": max(held),
            "falling": sum(falling) / len(falling), "skipped": skipped / phases}


def report(games: int = 40, players: int = 4) -> list[str]:
    """The statistics as lines of text."""
    stats = statistics(games, players)
    return [f"Amerigo cube tower (data/tower.toml), {stats['games']} random {players}-player games, {stats['phases']} phases:",
            f"  cubes inside the tower when a phase begins: {stats['held']:.1f} on average, {stats['most_held']} at most",
            f"  cubes falling out of a drop:                {stats['falling']:.1f} on average",
            f"  phases skipped (nothing to drop, or nothing fell): {100 * stats['skipped']:.1f} %"]


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    print("\n".join(report(games, players)))
