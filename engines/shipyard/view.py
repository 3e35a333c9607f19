"""What a Shipyard board shows: a JSON-ready snapshot of the position (no timeline state).

Everything on the table is public except the government contracts: a seat's view shows its own contracts
and only how many the others hold; the teacher's view (seat None) shows them all, and so does every view
once the contracts are revealed at the end. What is face down shows as counts (stack sizes); the teacher's
view adds what is left by kind.
"""

from __future__ import annotations

from .components import ACTIONS, CREW, EQUIPMENT, GOODS, ITEMS, PARTS

FEATURES = ("cabins", "boilers", "masts", "guns", "cranes", "lanterns", "lifeboats", "buoys")


def board_view(game, state, seat):
    teacher = seat is None
    N, R = game.numbers, game.rondels
    view = {
        "game": game.id, "phase": state.phase, "stage": state.stage, "over": state.over, "to_move": state.to_move,
        "seat": state.seat, "game_round": state.round, "players": [player_view(game, state, s, seat) for s in range(state.players)],
        "track": [{"id": ACTIONS[a], "cube": state.cube[a], "coins": state.coins[a]} for a in state.track],
        "chosen": ACTIONS[state.chosen] if state.chosen >= 0 else None,
        "first_turn_open": game._first_game_turn(state) if state.phase == "choose" else False,
        "gear": {"notches": game.gear_notches(state), "notch": state.gear, "cube": state.gear_cube,
                 "dropped": state.dropped},
        "turn_track": {"cubes": state.cubes, "total": N.cubes[state.players], "marked": N.marked,
                       "marked_gone": state.marked_gone},
        "market": market_view(game, state),
        "canal_market": [{"price": N.canal_prices[i], "tile": canal_tile(game, k) if k >= 0 else None}
                         for i, k in enumerate(state.canal_market)],
        "canal_supply": sum(state.canal_pool), "canal_used": sum(state.canal_used),
        "goods_market": [{"price": N.goods_prices[i], "tile": goods_tile(game, k) if k >= 0 else None}
                         for i, k in enumerate(state.goods_market)],
        "goods_supply": sum(state.goods_pool), "goods_used": sum(state.goods_used),
        "rondels": {
            "equipment": {"at": state.rondel[0], "stops": list(R.equipment)},
            "crew": {"at": state.rondel[1], "stops": list(R.crew)},
            "employee": {"at": state.rondel[2], "stops": [
                [employee(game, state.emp_top[s * R.per_stop + t], state.emp_under[s * R.per_stop + t])
                 for t in range(R.per_stop)] for s in range(R.employee_stops)]},
            "trade": {"at": state.rondel[3], "stops": [dict(zip(GOODS, prices)) for prices in R.trade]},
        },
        "swaps": [{"corner": corner, "swaps": [{"good": g, "item": i, "name": f"{g}.{i}",
                                               "used": game.swap_names.index(f"{g}.{i}") in state.swaps_used}
                                              for g, i in swaps]} for corner, swaps in R.corners],
        "supply": dict(zip(ITEMS, state.supply)),
        "employees_hidden": sum(state.emp_hidden),
        "turn": turn_view(game, state),
        "cruise": cruise_view(game, state),
        "end": {"ender": state.ender if state.ender >= 0 else None, "reason": state.end_reason or None,
                "order": list(state.order), "final_scores": [dict(e) for e in state.final_scores or []]},
        "discarding": list(state.discarding),
        "limits": {"bonus": N.bonus, "spaces": N.spaces, "max_buy": N.max_buy, "max_ship": N.max_ship},
        "stand_in": {"numbers": N.stand_in, "parts": any(p.stand_in for p in game.parts.values()),
                     "canal": any(c.source == "stand-in" for c in game.canals.values()),
                     "goods": any(g.source == "stand-in" for g in game.goods_kinds.values()),
                     "employees": any(e.source == "stand-in" for e in game.employees.values()),
                     "rondels": R.stand_in,
                     "contracts": any(c.source == "stand-in" for c in game.contracts.values())},
    }
    if teacher:
        view["face_down"] = {
            "parts": {PARTS[kind]: {stack: {game.part_ids[k]: n for k, n in enumerate(counts) if n}
                                    for stack, counts in zip(("I", "II"), state.stack[kind])} for kind in range(3)},
            "canal": {game.canal_ids[k]: n for k, n in enumerate(state.canal_pool) if n},
            "goods": {game.goods_ids[k]: n for k, n in enumerate(state.goods_pool) if n},
            "employees": [game.emp_ids[k] for k, n in enumerate(state.emp_hidden) if n],
        }
    if state.scenario_note:
        view["scenario"] = state.scenario_note
    return view


def part_tile(game, k):
    p = game.parts[game.part_ids[k]]
    out = {"id": p.id, "part": p.part, "stand_in": p.stand_in}
    out.update({f: getattr(p, f) for f in FEATURES})
    return out


def canal_tile(game, k):
    c = game.canals[game.canal_ids[k]]
    return {"id": c.id, "spaces": list(c.spaces), "exits": c.exits}


def goods_tile(game, k):
    g = game.goods_kinds[game.goods_ids[k]]
    return {"id": g.id, "goods": list(g.goods)}


def employee(game, k, under=0):
    if k < 0:
        return {"id": None, "under": bool(under)}
    e = game.emp[k]
    return {"id": e.id, "family": e.family, "good": e.good or None, "level": e.level, "item": e.item or None,
            "cost": e.cost, "points": e.points, "under": bool(under)}


def market_view(game, state):
    N = game.numbers
    rows = game.rows
    columns = []
    for c, kind in enumerate(N.columns):
        columns.append({"name": game.column_names[c], "kind": kind,
                        "tiles": [part_tile(game, state.market[c * rows + r]) if state.market[c * rows + r] >= 0 else None
                                  for r in range(rows)]})
    return {"prices": list(N.prices), "columns": columns,
            "stacks": {PARTS[kind]: [sum(state.stack[kind][0]), sum(state.stack[kind][1])] for kind in range(3)}}


def player_view(game, state, s, viewer):
    codes = game.codes(state, s)
    revealed = viewer is None or viewer == s or state.over
    contracts = {"red": len(state.red[s]), "blue": len(state.blue[s]), "discarded": len(state.discarded[s]),
                 "visible": revealed}
    if revealed:
        contracts["cards"] = [{"id": game.contract_ids[c], "colour": game.contract_list[c].colour,
                               "points": game.contract_points(state, s, c)} for c in state.red[s] + state.blue[s]]
        contracts["gone"] = [game.contract_ids[c] for c in state.discarded[s]]
    pieces = []
    for i, p in enumerate(state.canal[s]):
        if p is not None:
            pieces.append({"slot": i + 1, "tile": canal_tile(game, p[0]),
                           "next": [p[1 + e] + 1 if p[1 + e] >= 0 else None for e in range(game.canal_exits[p[0]])]})
    piece, space = state.ship[s]
    return {
        "money": state.money[s], "score": sum(state.points[s]),
        "parts": dict(zip(("crew", "equipment", "speed", "checkpoints", "contracts", "traders"), state.points[s])),
        "yard": [part_tile(game, k) if k >= 0 else None for k in state.yard[s]],
        "ships": [{"bow": a + 1, "stern": b + 1} for a, b in game.yard.ships(codes)],
        "dock": dict(zip(ITEMS, state.dock[s])),
        "staff": [employee(game, e) for e in state.staff[s]],
        "goods": [goods_tile(game, k) for k in state.goods[s]],
        "canal": {"pieces": pieces, "root": piece + 1 if piece >= 0 else None, "ship": space + 1 if piece >= 0 else None,
                  "reach": game.reach(state, s)},
        "kept": state.kept[s],
        "fleet": [{"parts": ship["parts"], "speed": ship["speed"], "points": ship["points"],
                   "fitted": {i: n for i, n in zip(ITEMS, ship["fitted"]) if n},
                   "kinds": [game.part_ids[k] for k in ship["kinds"]]} for ship in state.fleet[s]],
        "contracts": contracts,
        "last": ACTIONS[state.last[s]] if state.last[s] >= 0 else None,
        "turns": state.turns[s],
    }


def turn_view(game, state):
    holding = None
    if state.holding >= 0:
        holding = canal_tile(game, state.holding) if state.doing == ACTIONS.index("canal") else part_tile(game, state.holding)
    trading = None
    if state.trading >= 0:
        goods = [GOODS[g] for g in game.goods_of[state.trading]]
        trading = {"tile": goods_tile(game, state.trading), "at": state.trade_at, "goods": goods,
                   "prices": dict(zip(GOODS, game.trade_prices(state)))}
    return {"doing": ACTIONS[state.doing] if state.doing >= 0 else None, "bonus": state.in_bonus,
            "main_done": state.main_done, "bonus_done": state.bonus_done, "bought": state.bought,
            "holding": holding, "trading": trading, "refills": len(state.refills)}


def cruise_view(game, state):
    c = state.cruise
    if c is None:
        return None
    seat = c["seat"]
    features = dict(zip(FEATURES, c["features"]))
    room = {"masts": c["features"][2] + game.builder_extra(state, seat, "mast"),
            "guns": c["features"][3] + game.builder_extra(state, seat, "cannon"),
            "cranes": c["features"][4] + game.builder_extra(state, seat, "crane"),
            "boilers": c["features"][1] + game.builder_extra(state, seat, "stoker"),
            "cabins": c["features"][0] + game.builder_extra(state, seat, "crew")}
    return {"seat": seat, "bow": c["bow"] + 1, "stern": c["stern"] + 1, "stage": c["stage"],
            "parts": [part_tile(game, k) for k in c["parts"]], "features": features, "room": room,
            "fitted": dict(zip(ITEMS, c["fitted"])), "speed": c["speed"], "speed_parts": dict(c["speed_parts"]),
            "step": c["step"], "path": [dict(p) for p in c["path"]], "riband": c["riband"],
            "points": dict(c["points"]), "result": c["result"] or None,
            "equipment": list(EQUIPMENT), "crew": list(CREW)}
