"""What an Amerigo board shows: a JSON-ready snapshot of the position (no timeline state).

A seat's view hides what is inside the cube tower (a player can only count what is missing from the
table); the teacher's view (seat None) shows it, and how many tiles of each kind are still face down.
Everything else in Amerigo is public.
"""

from __future__ import annotations

from .components import COLOURS
from .islands import SIDES

KINDS = ("sea", "anchor", "land", "post")


def board_view(game, state, seat):
    R = game.numbers
    L = state.layout
    teacher = seat is None
    players = len(state.gold)
    order = game.turn_order(state)
    view = {
        "game": game.id, "phase": state.phase, "over": state.over, "to_move": state.to_move,
        "round": state.round, "rounds": R.rounds, "step": state.step,
        "turn": turn_view(game, state),
        "islands": islands_view(game, state),
        "cubes": {"storage": list(state.storage), "central": list(state.central), "tray": list(state.tray),
                  "dropped": list(state.dropped), "fell": list(state.fell), "colours": list(COLOURS),
                  "inside": sum(state.tower) if teacher else None,
                  "tower": list(state.tower) if teacher else None},
        "pirates": {"revealed": list(state.pirates), "face_down": R.pirates_placed - len(state.pirates),
                    "total": sum(state.pirates),
                    "strength": [game.pirate_strength(state, s) for s in range(players)]},
        "progress": {"left": list(state.display[:len(state.display) // 2]),
                     "right": list(state.display[len(state.display) // 2:]),
                     "face_down": len(state.progress_pool), "gone": len(state.progress_gone),
                     "tiles": {t: {"kind": p.kind, "effect": p.effect, "colours": list(p.colours), "amount": p.amount,
                                   "stand_in": p.source == "stand-in"} for t, p in game.progress_tiles.items()}},
        "production": {"slots": [production_view(game, k, stack) for k, stack in
                                 zip(state.production_slots, game.slot_stacks(players))],
                       "face_down": {s: len(tiles) for s, tiles in state.production_pool.items()}},
        "neutral": {game.shape_list[s].id: n for s, n in zip(game.neutral_shapes, state.neutral)},
        "shapes": {shape.id: {"kind": shape.kind, "cells": [list(c) for c in shape.cells], "cost": shape.cost,
                              "small": shape.small, "big": shape.big,
                              "ways": [[list(c) for c in cells] for cells in game.orients[i]],
                              "way_names": list(game.way_keys[i])}
                   for i, shape in enumerate(game.shape_list)},
        "time": {"value": game.time_value(state), "markers": list(R.time_markers[state.time_index:]),
                 "printed": R.time_printed},
        "players": [player_view(game, state, s, order) for s in range(players)],
        "order": order,
        "tracks": {"development": {"spaces": R.dev_spaces, "numbers": {str(k): v for k, v in R.dev_numbers.items()}},
                   "special": {"spaces": R.special_spaces, "numbers": {str(k): v for k, v in R.special_numbers.items()},
                               "colours": list(R.special_colours)},
                   "gold": R.gold_max, "cannons": R.cannon_max},
        "stand_in": {"islands": any(t.source == "stand-in" for t in game.island_tiles.values()),
                     "tiles": any(s.source == "stand-in" for s in game.shape_list),
                     "tracks": R.stand_in, "tower": game.tower_model.stand_in,
                     "progress": any(p.source == "stand-in" for p in game.progress_tiles.values())},
        "options": dict(state.options),
    }
    if teacher:
        view["face_down"] = {"pirates": sorted(state.unseen_pirates), "progress": sorted(state.progress_pool),
                             "production": {s: sorted(game.production_names[k] for k in tiles)
                                            for s, tiles in state.production_pool.items()}}
    if state.scenario_note:
        view["scenario"] = state.scenario_note
    return view


def turn_view(game, state):
    if state.step != "act":
        return {"seat": None, "colour": None if state.colour < 0 else COLOURS[state.colour], "ap": state.ap,
                "order": list(state.order), "turn": state.turn}
    seat = state.order[state.turn]
    return {"seat": seat, "colour": COLOURS[state.colour], "ap": state.ap, "order": list(state.order),
            "turn": state.turn, "sub": state.sub,
            "action": None if state.action < 0 else COLOURS[state.action],
            "points": state.points, "spent": state.spent, "left": state.points - state.spent,
            "gold": game.spendable(state, seat), "moved": list(state.moved), "stopped": list(state.stopped),
            "launching": state.launching + 1, "takes": state.takes, "neutral_taken": state.neutral_taken,
            "offered": [COLOURS[c] for c in game.offered_colours(state, seat)],
            "gold_instead": game._gold_amount(state, seat)}


def islands_view(game, state):
    L = state.layout
    return {
        "width": L.width, "height": L.height, "tile_size": L.tile_size,
        "tile_columns": L.tile_columns, "tile_rows": L.tile_rows,
        "tiles": [{"id": t, "turns": turns, "stand_in": game.island_tiles[t].source == "stand-in"}
                  for t, turns in L.placed],
        "kind": [KINDS[k] for k in L.kind],
        "printed": [None if g < 0 else game.goods_ids[g] for g in L.goods],
        "goods": [None if g < 0 else game.goods_ids[g] for g in state.goods_on],
        "post": list(state.post),
        "cover": list(state.cover),
        "anchor_post": [[L.names[p] for p in posts] or None for posts in L.posts_of],
        "pieces": [{"shape": game.shape_list[s].id, "kind": game.shape_list[s].kind, "seat": who,
                    "squares": [L.names[q] for q in squares]} for s, who, squares in state.pieces],
        "list": [{"name": L.island_name[i], "squares": [L.names[q] for q in squares], "size": len(squares),
                  "big": L.island_big[i], "done": state.island_done[i], "open": state.island_open[i],
                  "chest": state.chest_on[i], "chest_square": None if L.chest_square[i] < 0 else L.names[L.chest_square[i]],
                  "posted": state.island_posted[i]}
                 for i, squares in enumerate(L.islands)],
        "frames": [{"name": L.frame_names[f], "side": side, "tile": t, "piece": L.frame_piece[f],
                    "long": L.frame_long[f]} for f, (side, t) in enumerate(L.frame_edges)],
        "ships": [[None if p < 0 else game.position_name(state, p) for p in ships] for ships in state.ships],
        "sides": SIDES,
    }


def production_view(game, k, stack):
    if k < 0:
        return {"stack": stack, "goods": None, "cost": None}
    g, cost = game.production_kinds[k]
    return {"stack": stack, "goods": g, "cost": cost, "id": game.production_names[k]}


def player_view(game, state, seat, order):
    R = game.numbers
    production = {g: 0 for g in game.goods_ids}
    for k in state.production[seat]:
        production[game.production_kinds[k][0]] += 1
    return {
        "score": sum(state.vp[seat]), "parts": dict(zip(("islands", "gold", "pirates", "progress", "goods",
                                                          "development", "order"), state.vp[seat])),
        "gold": state.gold[seat], "cannons": state.cannons[seat], "development": state.dev[seat],
        "special": state.spec[seat], "place": order.index(seat) + 1,
        "special_colour": R.special_colours[state.spec[seat]],
        "goods": dict(zip(game.goods_ids, state.goods[seat])), "production": production,
        "progress": [{"id": t, "used": t in state.used[seat]} for t in state.progress[seat]],
        "planned": {game.shape_list[s].id: n for s, n in enumerate(state.planned[seat]) if n},
        "village": {game.shape_list[s].id: n for s, n in zip(game.village_shapes, state.village[seat])},
        "posts_left": state.posts_left[seat], "posts": sum(1 for p in state.post if p == seat),
        "chests": state.chests[seat], "spendable": game.spendable(state, seat),
    }
