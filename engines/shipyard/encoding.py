"""Shipyard for search and learning: the numbered action and chance tables, the observation, the bounds.

Everything is derived from the numbers and components in data/*.toml and from the names the rules code
gives its actions and chance outcomes (shipyard.py), so editing a data file keeps these tables right.
Nothing here decides what is legal.
"""

from __future__ import annotations

from itertools import chain

from ..core.game import Bounds
from ..core.observation import Part, one_hot_rows, part
from .components import ACTIONS, ITEMS, SUBSIDY

PHASES = ("setup", "deal", "start", "choose", "income", "turn", "act", "build", "place", "attach", "trade",
          "refill", "ships", "order", "fit", "speed", "sail", "score", "next-ship", "turn-end", "discard",
          "final", "final-build", "end", "over")
STAGES = ("play", "round-out", "final-action", "final-build", "scoring")


def action_ids(game, players: int, options: dict) -> list[tuple]:
    """Every action as (kind, args): its id is written by its move's declaration (`Game.action_id`)."""
    N, R = game.numbers, game.rondels
    ids = [(kind, (a,)) for kind in ("choose", "bonus", "final") for a in game.actions(players)]
    ids.append(("end", ()))
    ids += [("buy", (p,)) for p in range(len(game.places))]
    ids += [("place", (s,)) for s in range(N.spaces)]
    ids.append(("done", ()))
    ids += [("canal", (i,)) for i in range(len(N.canal_prices))]
    ids.append(("attach", ((-1, 0),)))
    ids += [("attach", ((p, e),)) for p in range(game.canal_slots) for e in range(max(game.canal_exits))]
    ids += [("goods", (i,)) for i in range(len(N.goods_prices))]
    ids += [("equip", (0, s)) for s in range(len(R.equipment))]
    ids += [("crew", (1, s)) for s in range(len(R.crew))]
    ids += [("hire", (i,)) for i in range(R.employee_stops * R.per_stop)]
    ids += [("trade", (i,)) for i in range(game.max_goods)]
    ids.append(("sell", ()))
    ids += [("swap", (i,)) for i in range(len(game.swap_names))]
    if SUBSIDY in game.actions(players):
        ids.append(("subsidy", ()))
    ids += [("keep", (colour, i)) for colour in ("red", "blue") for i in range(N.deal[options["contracts"]])]
    ids += [("cruise", (s,)) for s in range(N.spaces)]
    ids += [("fit", (i,)) for i in range(len(ITEMS))]
    ids.append(("launch", ()))
    ids += [("sail", (e,)) for e in range(max(game.canal_exits))]
    ids.append(("pass", ()))
    return ids


def never_legal_ids(game, players: int, options: dict) -> list[tuple]:
    """Moves a learner may try that these settings never allow: Subsidy with 3 players."""
    if SUBSIDY in game.actions(players):
        return []
    return [("choose", (SUBSIDY,)), ("bonus", (SUBSIDY,)), ("final", (SUBSIDY,)), ("subsidy", ())]


def chance_ids(game, players: int, options: dict) -> list[str]:
    ids = []
    for kind in ("contract", "part", "canal", "goods", "employee"):
        ids += [outcome for outcome, _ in game.chance_texts[kind]]
    return ids


def observation_parts(game, players: int, options: dict) -> list[Part]:
    """The observation, part by part (engines/core/observation.py). Everything on the table is public;
    only the contracts are secret, and the seat sees its own.

    The turn, the action track and gear, the markets and what is left face down (by kind, which follows
    from what everyone has seen), the rondels, every player's money and last tile, each player's table,
    the seat's own contracts, the turn in progress and the ship on its test cruise."""
    g, P = game, players
    kinds = (len(g.part_ids), len(g.canal_ids), len(g.goods_ids), len(g.emp_ids), len(g.contract_ids))
    return [*_turn_parts(P), *_board_parts(g, kinds), _purses(P), *(_table(g, kinds, s) for s in range(P)),
            _contracts(kinds), *_in_progress_parts(g, P)]


def _turn_parts(P: int) -> list[Part]:
    """The round, phase, stage and seat to move, and which seat observes."""
    # the turn's one-hots, made once: they are encoded again at almost every step
    phase_row = dict(zip(PHASES, one_hot_rows(len(PHASES))))
    stage_row = dict(zip(STAGES, one_hot_rows(len(STAGES))))
    seat_row = one_hot_rows(P)

    @part(("round", 1), ("phase", len(PHASES)), ("stage", len(STAGES)), ("seat", P),
          key=lambda state: (state.round, state.phase, state.stage, state.seat))
    def turn(state, seat):
        return [state.round, *phase_row.get(state.phase, phase_row[PHASES[0]]),
                *stage_row.get(state.stage, stage_row[STAGES[0]]), *seat_row[state.seat]]

    @part(("me", P), per_seat=True, key=lambda state: ())
    def me(state, seat):
        return seat_row[seat]

    return [turn, me]


def _board_parts(g, kinds) -> list[Part]:
    """The action board and gear, the ship-part market and stacks, the other markets, rondels and supply."""
    N = g.numbers

    @part(("tiles", 3 * len(ACTIONS)), ("gear", 5),
          key=lambda state: (state.track, state.cube, state.coins, state.gear, state.gear_cube, state.dropped,
                             state.cubes, state.marked_gone))
    def action_board(state, seat):
        place = {a: i + 1 for i, a in enumerate(state.track)}        # 0: the tile is not on the track
        tiles = [n for a in range(len(ACTIONS)) for n in (place.get(a, 0), state.cube[a] + 1, state.coins[a])]
        return [*tiles, state.gear, int(state.gear_cube), int(state.dropped), state.cubes, int(state.marked_gone)]

    # the ship-part market and stacks change only when parts are bought or drawn: a part of their own
    @part(("market", len(g.places)), ("stacks", 2 * kinds[0]), key=lambda state: (state.market, *chain.from_iterable(state.stack)))
    def part_supply(state, seat):
        # per ship part (bow, hull, stern), stacks I and II count the parts left by kind: added up by kind
        first = map(sum, zip(*[stacks[0] for stacks in state.stack])) if state.stack else [0] * kinds[0]
        second = map(sum, zip(*[stacks[1] for stacks in state.stack])) if state.stack else [0] * kinds[0]
        return [*[k + 1 for k in state.market], *first, *second]

    @part(("canal_market", len(N.canal_prices)), ("canal_pool", kinds[1]), ("canal_used", kinds[1]),
          ("goods_market", len(N.goods_prices)), ("goods_pool", kinds[2]), ("goods_used", kinds[2]),
          ("rondels", 4), ("employees", 2 * g.emp_slots), ("employees_hidden", kinds[3]), ("supply", len(ITEMS)),
          key=lambda state: (state.canal_market, state.canal_pool, state.canal_used, state.goods_market,
                             state.goods_pool, state.goods_used, state.rondel, state.emp_top, state.emp_under,
                             state.emp_hidden, state.supply))
    def markets(state, seat):
        return ([k + 1 for k in state.canal_market] + list(state.canal_pool) + list(state.canal_used)
                + [k + 1 for k in state.goods_market] + list(state.goods_pool) + list(state.goods_used)
                + list(state.rondel) + [k + 1 for k in state.emp_top] + list(state.emp_under)
                + list(state.emp_hidden) + list(state.supply))

    return [action_board, part_supply, markets]


def _purses(P: int) -> Part:
    """Money and the tile chosen last change at most turns, the rest of a player's table far less often,
    and it costs more to encode: the two are one part for all the players, apart from the tables."""
    @part(*[(f"player{s}.{name}", 1) for s in range(P) for name in ("money", "last")],
          key=lambda state: (state.money, state.last))
    def purses(state, seat):
        return [n for s in range(P) for n in (state.money[s], state.last[s] + 1)]
    return purses


def _table(g, kinds, s: int) -> Part:
    """Player `s`'s table: points, yard, dock, staff, goods, canal, ship, fleet, how many contracts."""
    N = g.numbers

    @part(*[(f"player{s}.{name}", n) for name, n in (
        ("points", 6), ("yard", N.spaces), ("dock", len(ITEMS)), ("staff", kinds[3]),
        ("goods", kinds[2]), ("canal", 3 * g.canal_slots), ("ship", 2), ("kept", 1), ("fleet", 13),
        ("contracts", 3))],
          key=lambda state: (state.points[s], state.yard[s], state.dock[s], state.staff[s],
                             state.goods[s], *state.canal[s], state.ship[s], state.kept[s], *state.fleet[s],
                             len(state.red[s]), len(state.blue[s]), len(state.discarded[s])))
    def encode(state, seat):
        staff = [0] * kinds[3]
        for e in state.staff[s]:
            staff[e] = 1
        goods = [0] * kinds[2]
        for k in state.goods[s]:
            goods[k] += 1
        canal = [0] * (3 * g.canal_slots)
        for i, p in enumerate(state.canal[s]):
            if p is not None:
                canal[3 * i:3 * i + 3] = [p[0] + 1, p[1] + 1, p[2] + 1]
        fleet = [len(state.fleet[s])] + [0] * 12
        for ship in state.fleet[s]:
            for i, n in enumerate(ship["fitted"]):
                fleet[1 + i] += n
            fleet[9] += ship["lanterns"]
            fleet[10] += ship["lifeboats"]
            fleet[11] += ship["buoys"]
            fleet[12] += ship["parts"]
        return [*state.points[s], *[k + 1 for k in state.yard[s]], *state.dock[s], *staff,
                *goods, *canal, state.ship[s][0] + 1, state.ship[s][1] + 1, state.kept[s], *fleet,
                len(state.red[s]), len(state.blue[s]), len(state.discarded[s])]
    return encode


def _contracts(kinds) -> Part:
    """The seat's own contracts, the only secret of the game."""
    @part(("my_contracts", kinds[4]), ("my_discards", kinds[4]), per_seat=True,
          key=lambda state: (*state.red, *state.blue, *state.discarded))
    def contracts(state, seat):
        mine = [0] * kinds[4]
        for c in state.red[seat] + state.blue[seat]:
            mine[c] = 1
        gone = [0] * kinds[4]
        for c in state.discarded[seat]:
            gone[c] = 1
        return mine + gone
    return contracts


def _in_progress_parts(g, P: int) -> list[Part]:
    """The turn in progress, the ship on its test cruise, and the end of the game."""
    @part(("turn", 11 + len(g.swaps)),
          key=lambda state: (state.doing, state.in_bonus, state.main_done, state.bonus_done, state.bought, state.holding,
                             state.trading, state.trade_at, state.chosen, len(state.refills), len(state.cruising),
                             state.swaps_used))
    def in_progress(state, seat):
        swaps = [0] * len(g.swaps)
        for i in state.swaps_used:
            swaps[i] = 1
        return [state.doing + 1, int(state.in_bonus), int(state.main_done), int(state.bonus_done), state.bought,
                state.holding + 1, state.trading + 1, state.trade_at, state.chosen + 1, len(state.refills),
                len(state.cruising), *swaps]

    def on_cruise(state):
        c = state.cruise
        return (None,) if c is None else (c["seat"], c["bow"], c["stern"], c["fitted"], c["features"], c["speed"], c["step"])

    @part(("cruise", 22), key=on_cruise)
    def cruise(state, seat):
        c = state.cruise
        if c is None:
            return [0] * 22
        return [1, c["seat"] + 1, c["bow"] + 1, c["stern"] + 1, *c["fitted"], *c["features"], c["speed"], c["step"]]

    @part(("end", 3 + P), key=lambda state: (state.ender, state.order_at, len(state.deal), state.discarding))
    def ending(state, seat):
        return [state.ender + 1, state.order_at, len(state.deal), *[int(s in state.discarding) for s in range(P)]]

    return [in_progress, cruise, ending]


def bounds(game, players: int, options: dict) -> Bounds:
    """Counted from finite supplies. Regular turns: every turn but a player's first turns the gear one
    notch, and the game ends at the latest when the gear's cube drops with the turn track empty, so at
    most P + notches x (cubes + 1) turns, the round played out (P more), then P final actions and P final
    builds. A turn has at most: a choice, an action (3 buys, 3 placements, done), a bonus action and its
    steps, the end, and for up to 3 ships an order and a launch. Over the game: each piece of equipment
    or crew is fitted at most once; each of at most 104 / 3 ships sails at most its speed (at most 4 +
    what fits aboard + the speed employees); every part, employee and contract is drawn at most once; each
    turn refills at most 2 canal and 2 goods tiles; the discard asks each player at most twice per
    colour."""
    N = game.numbers
    notches = len(game.actions(players))
    turns = players + notches * (N.cubes[players] + 1) + players
    per_turn = 1 + 7 + 1 + 7 + 1 + 2 * 3
    parts = sum(sum(p.count) for p in game.parts.values())
    ships = parts // N.min_ship
    room = N.max_ship * max(sum(f[:5]) for f in game.part_feature) + 5 + 1
    speed = 4 + room + 2
    fits = N.supply * len(ITEMS)
    deals = 2 * N.deal[options["contracts"]] * players
    chance = parts + game.emp_slots + deals + 4 * (turns + 2 * players)
    most = turns * per_turn + 2 * players * (per_turn + 3) + fits + ships * (speed + 2) + chance + 4 * players * 2
    crew = room
    ship_top = crew + 2 * room + speed + speed * room + speed
    contract_top = 2 * max(c.points for c in game.contract_list) * (fits + parts + ships + 24 + len(game.emp_ids))
    traders = sum(e.points for e in game.emp)
    return Bounds(max_moves=most, min_score=0, max_score=ships * ship_top + contract_top + traders)
