"""Why an Entdecker option is refused, naming the rule that forbids it; and every option a board shows for the
pending decision, refused ones included, so a learner can click one and read why not.

`explain(game, state, action_id)` is only asked about ids that are not legal now.
"""

from __future__ import annotations

from ..core.texts import Text
from .components import SIDES, UNITS
from .entdecker import DEGREES, FORT, SETTLEMENT


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
    return game.offer("recall", name, args=(q,), target=f"recall.{name}", label="ent.act.recall.unit", square=name,
                      unit=f"ent.unit.{UNITS[kind]}")


# -- why an option is refused, naming the rule ----------------------------------------------------------
def explain(game, state, action_id):
    kind, _, arg = action_id.partition(":")
    unknown = ("core.action.unknown", Text("core.action.unknown", action=action_id))
    offered = game.offered_in(state, kind)      # by the phases its move declares
    if offered is None:
        return unknown
    if not offered:
        return "ent.flow.turn", Text("ent.why.not-now", action=action_id, phase=f"ent.phase.{state.phase}")
    seat = state.seat
    if kind == "start":
        return _why_not_start(game, state, seat, arg) or unknown
    if kind == "buy":
        if not arg.isdigit():
            return unknown
        n = int(arg)
        if n < 1:
            return "ent.explore.buy", Text("ent.why.buy-none")
        if n * game.numbers.tile_cost > state.gold[seat]:
            return "ent.explore.buy", Text("ent.why.buy-gold", count=n, cost=n * game.numbers.tile_cost,
                                           gold=state.gold[seat])
        return "ent.explore.buy", Text("ent.why.buy-tiles", count=n, left=sum(state.pile_size))
    if kind == "draw":
        if not arg.isdigit() or not 1 <= int(arg) <= len(state.pile_size):
            return unknown
        if state.bought <= 0:
            return "ent.explore.stop", Text("ent.why.draw-used")
        if not game.targets(state):
            return "ent.explore.stop", Text("ent.why.draw-no-route", square=game.where(state.ship))
        return "ent.explore.draw", Text("ent.why.draw-empty", pile=int(arg))
    if kind == "place":
        return _why_not_place(game, state, arg) or unknown
    if kind == "unit":
        return _why_not_unit(game, state, seat, arg) or unknown
    if kind == "recall":
        q = game.square_index.get(arg)
        if q is None:
            return unknown
        unit = state.unit[q]
        if unit < 0 or unit // 3 != seat:
            return "ent.unit.recall", Text("ent.why.recall-none", square=arg)
        return "ent.unit.recall", Text("ent.why.recall-scouts", square=arg, unit=f"ent.unit.{UNITS[unit % 3]}")
    if kind == "end":
        if arg:
            return unknown
        return "ent.explore.continue", Text("ent.why.end-first")
    return unknown


def _why_not_start(game, state, seat, name):
    position = game.square_index.get(name, game.circle_index.get(name))
    if position is None:
        return None
    if position >= game.squares:
        q = game.circles[position - game.squares][0]
        if state.grid[q] >= 0:
            return "ent.explore.start", Text("ent.why.start-explored", circle=name, square=game.names[q])
        if not any(state.pile_size):
            return "ent.end.trigger", Text("ent.why.no-tiles")
        if game._edge_allowed(state, seat, game._explored_starts(state)):
            return "ent.explore.buy", Text("ent.why.start-gold", need=game.numbers.tile_cost,
                                           gold=state.gold[seat])
        return "ent.explore.start-edge", Text("ent.why.start-edge", circle=name)
    if state.grid[position] < 0:
        return "ent.explore.start", Text("ent.why.start-unexplored", square=name)
    if not game.leads_to_unexplored(state, position):
        return "ent.explore.start", Text("ent.why.start-no-route", square=name)
    fee = game.start_fee(state, seat, position)
    return "ent.explore.start-fee", Text("ent.why.start-fee", square=name, fee=fee,
                                         need=fee + game.numbers.tile_cost, gold=state.gold[seat])


def _why_not_place(game, state, arg):
    name, _, degrees = arg.partition(":")
    q = game.square_index.get(name)
    if q is None or not degrees.isdigit() or int(degrees) not in DEGREES:
        return None
    r = DEGREES.index(int(degrees))
    if q not in game.targets(state):
        return "ent.explore.match-edges", Text("ent.why.place-not-beside", square=name)
    k = game.tile_type[state.drawn]
    if r not in game.turns[k]:
        same = next(t for t in game.turns[k] if _same_look(game, k, t, r))
        return "ent.explore.choose", Text("ent.why.place-same", degrees=int(degrees), same=DEGREES[same])
    known, land = game.needs(state, q)
    wrong = known & (game.ori_land[k * 4 + r] ^ land)
    d = next(d for d in range(4) if wrong >> d & 1)
    n = game.neighbours[q][d]
    return "ent.explore.match-edges", Text(
        "ent.why.place-edge" if n >= 0 else "ent.why.place-frame", square=name, degrees=int(degrees),
        side=f"ent.side.{SIDES[d]}", mine=f"ent.terrain.{'land' if game.ori_land[k * 4 + r] >> d & 1 else 'sea'}",
        theirs=f"ent.terrain.{'land' if land >> d & 1 else 'sea'}", neighbour=game.names[n] if n >= 0 else "")


def _same_look(game, k, a, b):
    base = k * 4
    return (game.ori_land[base + a], game.ori_routes[base + a], sorted(game.ori_areas[base + a])) == \
           (game.ori_land[base + b], game.ori_routes[base + b], sorted(game.ori_areas[base + b]))


def _why_not_unit(game, state, seat, arg):
    unit, _, where = arg.partition(":")
    name, _, area = where.partition(".")
    if unit not in UNITS or name not in game.square_index or not area.isdigit():
        return None
    kind, q, a = UNITS.index(unit), game.square_index[name], int(area) - 1
    if q != state.fresh or state.unit[q] >= 0:
        return "ent.unit.place", Text("ent.why.unit-not-fresh", square=name)
    if not 0 <= a < len(game.ori_areas[state.grid[q]]):
        return "ent.unit.one-per-tile", Text("ent.why.unit-no-land", square=name, area=a + 1)
    if state.hostile and kind == SETTLEMENT:
        return "ent.event.hostile", Text("ent.why.unit-hostile", square=name)
    if not state.supply[seat][kind]:
        return "ent.unit.supply", Text("ent.why.unit-supply", unit=f"ent.unit.{unit}")
    return "ent.unit.cost", Text("ent.why.unit-cost", unit=f"ent.unit.{unit}", cost=game.unit_cost(state, kind),
                                 gold=state.gold[seat])
