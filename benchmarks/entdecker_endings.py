"""How Entdecker games end, over many games: the rulebook's two endings (every square discovered, the last
tile taken) and the engine's "stuck" ruling (engines/entdecker/README.md). A measurement, not a test.

    python benchmarks/entdecker_endings.py --bot random --games 1000
    python benchmarks/entdecker_endings.py --bot greedy --games 1000     # about 4 minutes
"""
import argparse
import collections

from tqdm import tqdm

import engines
from engines.core.bots import make_bot

ENDINGS = {"ent.log.end.explored": "every square discovered", "ent.log.end.last-tile": "last tile taken",
           "ent.log.end.stuck": "stuck (the engine's ruling)"}


def ending(bot: str, index: int) -> str:
    """Game `index` (2, 3 or 4 players in turn, seeded by its number) played out by `bot`s: how it ended."""
    players = 2 + index % 3
    m = engines.new_match("entdecker", players=players, seed=index)
    bots = [make_bot(bot, seed=index * 10 + seat) for seat in range(players)]
    while not m.is_over:
        if m.to_move is None:
            m.advance(step=True)
        else:
            m.play(bots[m.to_move].choose(m))
    return [str(e.key) for e in m.log if e.rule in ("ent.end.trigger", "ent.end.stuck")][-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="random")
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    counts = collections.Counter(ending(args.bot, i) for i in tqdm(range(args.games), desc=args.bot))
    for key, name in ENDINGS.items():
        print(f"{name:30} {counts[key]:5}  {100 * counts[key] / args.games:5.1f}%")


if __name__ == "__main__":
    main()
