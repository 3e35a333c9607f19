"""Tic-tac-toe for search and learning: the numbered action table, the observation and the bounds, all
derived from the grid the rules use (tictactoe.py). Nothing here decides what is legal."""

from __future__ import annotations

from engines.core.game import Bounds
from engines.core.observation import Part, one_hot_rows, part

PHASES = ("play", "over")


def action_ids(game, players: int, options: dict) -> list[tuple]:
    """A mark on each square, as (kind, args): the move's declaration writes the id ("mark:A1")."""
    from .tictactoe import NAMES
    return [("mark", (q,)) for q in range(len(NAMES))]


def observation_parts(game, players: int, options: dict) -> list[Part]:
    """Everything is public: each square as empty / X / O (one-hot, as OpenSpiel's tic-tac-toe), then the
    seat to move (the last place: nobody, the game is over)."""
    from .tictactoe import NAMES
    square_row = one_hot_rows(3)             # index: the seat that marked it + 1 (0: empty)
    seat_row = one_hot_rows(players + 1)

    @part(("board", 3 * len(NAMES)), key=lambda state: (state.board,))
    def board(state, seat):
        return b"".join([square_row[s + 1] for s in state.board])

    @part(("to_move", players + 1), key=lambda state: (state.to_move,))
    def to_move(state, seat):
        return seat_row[-1 if state.to_move is None else state.to_move]

    return [board, to_move]


def bounds(game, players: int, options: dict) -> Bounds:
    """Each decision marks one of the nine squares; the winner scores 1, everyone else 0."""
    from .tictactoe import NAMES
    return Bounds(max_moves=len(NAMES), min_score=0, max_score=1)
