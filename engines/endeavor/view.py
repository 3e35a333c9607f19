"""What an Endeavor board shows: a JSON-ready snapshot of the position (no timeline state).

A seat's view hides what that seat may not see: the order of the cards below
each deck's top and the face-down level-5 tiles. The teacher's view (seat None)
shows everything.
"""

from __future__ import annotations

from .components import ATTRIBUTES


def board_view(game, state, seat):
    board = game.board(state)
    owner = lambda s: game.seat_ref(state, s) if s is not None else None   # noqa: E731
    teacher = seat is None
    view = {
        "game": game.id, "round": state.round, "rounds": game.mat.rounds, "phase": state.phase,
        "crown": state.crown, "to_move": state.to_move,
        "step": None if state.over else {"phase": state.steps[0][0], "seat": state.steps[0][1]},
        "side": state.options.get("side"), "phase_order": state.phase_order,
        "silent_fleet": None if state.silent_seat is None else {"supply": state.silent_supply},
        "tray": [building_view(game, b, left) for b, left in state.supply.items()],
        "level5_face_down": list(state.level5_face_down) if teacher else len(state.level5_face_down),
        "players": [player_view(game, state, p, s) for s, p in enumerate(state.players)],
        "map": {
            "regions": [region_view(game, state, board, name, r, teacher) for name, r in board.regions.items()],
            "spaces": [{"id": name, "region": s["region"], "kind": s["kind"], "glory": s["glory"],
                        "at": s["at"], "disc": owner(state.owner[name]), "token": state.space_tokens[name]}
                       for name, s in board.spaces.items()],
            "connections": [{"id": name, "a": c["a"], "b": c["b"], "kind": c["kind"],
                             "token": state.connection_tokens[name],
                             "controller": controller(state, c)} for name, c in board.connections.items()],
            "discard": [card_view(game, c) for c in state.discard],
            "abolished": state.abolished,
            "discard_pile": game.discard_pile,      # 2009: discarded cards go back into their stacks
        },
        "turn": None if state.turn is None else {
            "seat": state.turn.seat, "slot": state.turn.slot, "token": state.turn.token,
            "actions": list(state.turn.actions), "combine": state.turn.combine, "done": list(state.turn.done)},
        "passed": list(state.passed) if state.phase == "action" else [],
        "pending": [{"kind": p[0], "seat": p[1], "options": list(p[2]) if len(p) > 2 and isinstance(p[2], tuple)
                     else p[2:]} for p in state.pending],
        "mat": {"thresholds": list(game.mat.thresholds), "glory_spaces": list(game.mat.glory_spaces),
                "printed_length": game.mat.printed_length, "gives": game.level_values()},
        "stand_in": {"buildings": sorted(b.id for b in game.buildings.values() if b.stand_in),
                     "cards": any(c.source == "stand-in" for c in game.cards.values()),
                     "map": board.stand_in, "mat": game.mat.stand_in},
    }
    if state.scenario_note:
        view["scenario"] = state.scenario_note
    return view


def controller(state, connection):
    a, b = state.owner[connection["a"]], state.owner[connection["b"]]
    return a if a is not None and a == b and a != state.silent_seat else None


def region_view(game, state, board, name, r, teacher):
    decks = []
    for deck in r["decks"]:
        cards = list(state.decks.get(deck, []))
        if game.governor_on_deck and deck in state.governors:    # 2009: the Governor lies on top of its stack
            cards.append(state.governors[deck])
        entry = {"id": deck, "count": len(cards), "top": card_view(game, cards[-1]) if cards else None}
        if teacher:
            entry["cards"] = cards
        decks.append(entry)
    owner = lambda s: game.seat_ref(state, s) if s is not None else None   # noqa: E731
    is_open = name == "europe" or state.open[name]
    return {
        "id": name, "open": is_open,
        # 2009: discs beside a route not open yet count for nothing until it opens (no card is drawn there)
        "presence_waits": game.draw_needs_open_region and not is_open and bool(r["track_at"]),
        "track": [{"disc": owner(o), "token": t} for o, t in zip(state.track.get(name, []),
                                                                 state.track_tokens.get(name, []))],
        "sea": {str(game.seat_ref(state, s)): n for s, n in enumerate(state.sea.get(name, [])) if n},
        "presence": {str(game.seat_ref(state, s)): n for s, n in enumerate(state.presence[name]) if n},
        "governor": state.governors.get(name), "decks": decks,
        "label": r["label"], "area": r["area"], "deck_at": r["deck_at"], "track_at": r["track_at"],
        "sea_at": r["sea_at"] or None, "slavery_at": r["slavery_at"] or None, "discard_at": r["discard_at"] or None,
    }


def card_view(game, card_id):
    c = game.cards[card_id]
    return {"id": c.id, "deck": c.deck, "value": c.value, "icons": dict(zip(ATTRIBUTES, c.icons)),
            "glory": c.glory, "population": c.population, "abolition": c.abolition, "governor": c.governor,
            "slavery": c.slavery, "stand_in": c.source == "stand-in"}


def building_view(game, building_id, left=None):
    b = game.buildings[building_id]
    out = {"id": b.id, "level": b.level, "icons": dict(zip(ATTRIBUTES, b.icons)), "glory": b.glory,
           "actions": list(b.actions), "combine": b.combine, "no_payment": b.no_payment,
           "special": b.special, "stand_in": b.stand_in}
    if left is not None:
        out["left"] = left
    return out


def player_view(game, state, player, seat):
    return {
        "attributes": dict(zip(ATTRIBUTES, map(game.mat.shown, player.attributes))),   # where the cubes stand
        "icons": dict(zip(ATTRIBUTES, player.attributes)),        # the icons counted (2009: may pass 15)
        "levels": {"build": game.build_level(player), "growth": game.growth(player),
                   "salary": game.salary(player), "card_limit": game.card_limit(player)},
        "harbor": player.harbor, "supply": player.supply,
        "buildings": [{"id": b, "level": game.buildings[b].level, "workers": w, "slot": slot}
                      for slot, (b, w) in enumerate(zip(player.buildings, player.workers))],
        "cards": [card_view(game, c) for c in player.cards],
        "governor_slot": player.governor_slot,
        "slavery_down": len(player.slavery_down),
        "action_tokens": {k: n for k, n in player.action_tokens.items() if n},
        "attribute_tokens": dict(zip(ATTRIBUTES, player.attribute_tokens)),
        "memorial": dict(zip(ATTRIBUTES, player.memorial)),
        "passed": bool(state.phase == "action" and state.passed and state.passed[seat]),
    }
