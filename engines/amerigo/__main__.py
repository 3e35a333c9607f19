"""python -m engines.amerigo [games] [players]: what the cube tower model gives over random games."""

import sys

from .tower import report

games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
print("\n".join(report(games, players)))
