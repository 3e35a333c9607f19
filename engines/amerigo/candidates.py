"""Every option an Amerigo board shows for the pending decision, refused ones included, so a learner can click
one and read why not (each move's refusal is declared beside the move in amerigo.py, `@refuses`)."""

from __future__ import annotations

from .components import COLOURS


def candidates(game, state):
    """The legal options first, then the refused ones a learner might try on the board."""
    legal = game.legal_actions(state)
    if state.step != "act":
        return legal
    ids = {a.id for a in legal}
    more = []
    if state.sub == "choose":
        more = [game._act_action(c) for c in range(len(COLOURS))]
    elif state.sub in ("move", "launch"):
        # every sea square (and, sailing, every frame square): a click on one the ship cannot reach now,
        # or on an island's sea while the ships wait for the frame, says why not (land is left out: a
        # ship never goes there, and the list would double)
        L = state.layout
        positions = [p for p in range(len(L.moves)) if p >= L.squares or L.is_sea(p)]
        if state.sub == "launch":
            positions = [p for p in positions if p < L.squares]
        ships = range(game.numbers.ships) if state.sub == "move" else (state.launching,)
        more = [game._move_action(state, k, p) for k in ships for p in positions]
        if state.sub == "move":
            # the end of the action stays on the board while a ship shares an island sea square: a
            # click on it says why the action cannot end yet
            more.append(game._done())
    elif state.sub == "plan":
        more = [game._plan_action(state, state.order[state.turn], s) for s in range(len(game.shape_list))]
    elif state.sub == "buy":
        more = [game._buy_action(state, slot) for slot, k in enumerate(state.production_slots) if k >= 0]
    return legal + [a for a in more if a.id not in ids and not ids.add(a.id)]
