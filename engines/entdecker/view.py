"""What an Entdecker board shows: a JSON-ready snapshot of the position (no timeline state).

A seat's view hides nothing a player could not know: each discovery pile shows its size and the back of
its top tile, "?" or plain; what is still face down, by kind, follows from what everyone has seen. The
teacher's view (seat None) adds those counts, so the teacher can say what may come.
"""

from __future__ import annotations

from .components import PATTERNS, UNITS, sides_of

DEGREES = (0, 90, 180, 270)


def board_view(game, state, seat):
    teacher = seat is None
    R = game.numbers
    view = {
        "game": game.id, "phase": state.phase, "over": state.over, "to_move": state.to_move,
        "turn": {"round": state.round, "seat": state.seat, "start_player": state.start_player,
                 "ship": None if state.ship < 0 else game.where(state.ship),
                 "bought": state.bought, "drawn": state.drawn_count,
                 "fresh": None if state.fresh < 0 else game.names[state.fresh], "hostile": state.hostile,
                 "tile": None if state.drawn < 0 else tile_view(game, state.drawn),
                 "placements": [{"square": game.names[q], "degrees": DEGREES[r]} for q, r in state.placements]},
        "board": {"columns": R.columns, "rows": R.rows,
                  "squares": [square_view(game, state, q) for q in range(game.squares)],
                  "circles": [{"id": name, "square": game.names[q], "side": "nesw"[d]}
                              for name, (q, d) in zip(game.circle_names, game.circles)],
                  "islands": islands_view(game, state)},
        "players": [player_view(game, state, s) for s in range(len(state.gold))],
        "spinner": {"sectors": list(R.sectors), "last": state.spin or None},
        "piles": [{"number": p + 1, "count": size, "top": (None, "plain", "event")[state.pile_top[p] + 1]}
                  for p, size in enumerate(state.pile_size)],
        "reserve": [{"number": n + 1, "pattern": PATTERNS[n], "count": len(pile),
                     "tile": next((t.id for t in game.tiles.values() if t.reserve == n + 1), None)}
                    for n, pile in enumerate(state.reserve)],
        "chip_piles": [{"count": size} for size in state.chip_size],
        "removed": sorted(game.type_ids[game.tile_type[t]] for t in state.removed),
        # the last tile to leave the game, as printed (the board draws it: a tile that fitted nowhere is seen)
        "removed_last": tile_view(game, state.removed[-1]) if state.removed else None,
        "explored": state.explored_count, "squares": game.squares,
        "scoring": scoring_view(state.scoring),
        "final": state.final,
        "limits": {"gold": R.max_gold, "costs": dict(zip(UNITS, R.costs)), "units": dict(zip(UNITS, R.units)),
                   "tile_cost": R.tile_cost},
        "stand_in": {"board": R.stand_in, "tiles": any(t.stand_in for t in game.tiles.values()),
                     "chips": any(c.source == "stand-in" for c in game.chip_kinds.values())},
    }
    if teacher:
        view["face_down"] = {"tiles": {game.type_ids[k]: len(tiles) for k, tiles in enumerate(state.pool) if tiles},
                             "chips": _kinds(game.chip_kind[c] for c in state.chip_pool)}
    if state.scenario_note:
        view["scenario"] = state.scenario_note
    return view


def _kinds(names) -> dict:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return dict(sorted(counts.items()))


def tile_view(game, tile, o=None):
    k = game.tile_type[tile]
    t = game.tiles[game.type_ids[k]]
    out = {"type": t.id, "pattern": t.pattern, "event": t.event or None, "reserve": t.reserve,
           "stand_in": t.stand_in}
    if o is not None:
        out.update({"turn": DEGREES[o % 4], "land": sides_of(game.ori_land[o]), "routes": sides_of(game.ori_routes[o]),
                    "areas": [sides_of(a) for a in game.ori_areas[o]]})
    else:   # as printed, before turning
        out.update({"land": sides_of(t.land), "routes": sides_of(t.routes), "areas": [sides_of(a) for a in t.areas]})
    return out


def square_view(game, state, q):
    out = {"id": game.names[q], "col": q % game.numbers.columns, "row": q // game.numbers.columns}
    o = state.grid[q]
    if o >= 0:
        out["tile"] = tile_view(game, state.tile_at[q], o)
        out["islands"] = [game.find(state, i) for i in state.area_island[q]]
    unit = state.unit[q]
    if unit >= 0:
        out["unit"] = {"seat": unit // 3, "kind": UNITS[unit % 3], "area": state.unit_area[q] + 1}
    return out


def islands_view(game, state):
    out = []
    for root in sorted({game.find(state, i) for i in range(len(state.isl_parent))}):
        units = game.island_units(state, root)
        out.append({"id": root, "name": game.island_name(state, root),
                    "squares": sorted(game.names[q] for q in state.isl_squares[root]),
                    "tiles": len(state.isl_squares[root]), "open_sides": state.isl_open[root],
                    "state": ("open", "complete", "scored")[state.isl_closed[root]],
                    "units": {str(s): [UNITS[k] for k in kinds] for s, kinds in sorted(units.items())}})
    return out


def player_view(game, state, seat):
    on_board = [0, 0, 0]
    for unit in state.unit:
        if unit >= 0 and unit // 3 == seat:
            on_board[unit % 3] += 1
    return {
        "gold": state.gold[seat], "score": sum(state.vp[seat]),
        "parts": {"islands": state.vp[seat][0], "ruins": state.vp[seat][1], "chips": state.vp[seat][2]},
        "units": dict(zip(UNITS, state.supply[seat])), "on_board": dict(zip(UNITS, on_board)),
        "chips": [{"kind": game.chip_kind[c], "value": game.chip_value[c]} for c in state.chips[seat]],
        # chips from friendly natives: face up, but worth no points (ent.event.friendly)
        "gifts": [{"kind": game.chip_kind[c], "value": game.chip_value[c]} for c in state.gifts[seat]],
        "first_turn": not state.first_turn_done[seat],
    }


def scoring_view(sc):
    if sc is None:
        return None
    return {"island": sc["name"], "squares": list(sc["squares"]), "tiles": sc["tiles"], "final": sc["final"],
            "stage": sc["stage"], "eligible": sc["eligible"],
            "ranks": [{"seats": list(g["seats"]), "value": g["value"], "units": g["units"]} for g in sc["ranks"]],
            "chips": [dict(c) for c in sc["chips"]], "chips_left": sc["chips_left"], "shortage": sc["shortage"],
            "chip_value": sc["chip_value"],
            "value": sc["value"], "points": dict(sc["points"])}
