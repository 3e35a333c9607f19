"""Every option an Entdecker board shows for the pending decision, refused ones included, so a learner can click
one and read why not (each move's refusal is declared beside the move in entdecker.py)."""

from __future__ import annotations

from .components import UNITS
from .entdecker import FORT, SETTLEMENT


def candidates(game, state):
    """What the board shows for the decision, including what is not allowed (with a reason)."""
    phase, seat = state.phase, state.seat
    legal = game.legal_actions(state)
    ids = {a.id for a in legal}
    more = []
    if phase == "start":
        more = [game._start_action(q, game.start_fee(state, seat, q), "ent.explore.start")
                for q in range(game.squares) if state.grid[q] >= 0]
        more += [game._start_action(c, 0, "ent.explore.start-edge") for c in game._open_circles(state)]
    elif phase == "buy":
        more = [game.made(("buy", n), game._buy_action, n) for n in range(1, game.numbers.max_gold + 1)]
    elif phase == "explore":
        more = [game.made(("draw", p), game._draw_action, p) for p in range(len(state.pile_size))]
        if game.fresh_areas(state):
            more += [game._unit_action(state, kind, a) for kind in range(3)
                     for a in range(game.fresh_areas(state))]
        code = seat * 3
        more += [game.made(("recall-other", q, u % 3), _recall_other, game, q, u % 3)
                 for q, u in enumerate(state.unit) if u in (code + FORT, code + SETTLEMENT)]
    elif phase == "place":
        k = game.tile_type[state.drawn]
        more = [game._place_action(state, q, r) for q in game.targets(state) for r in game.turns[k]]
    return legal + [a for a in more if a.id not in ids and not ids.add(a.id)]


def _recall_other(game, q, kind):
    """Taking back a fort or the settlement: shown refused (only scouts come back at will), named as it is."""
    name = game.names[q]
    return game.offer("recall", args=(q,), target=f"recall.{name}", label="ent.act.recall.unit", square=name,
                      unit=f"ent.unit.{UNITS[kind]}")
