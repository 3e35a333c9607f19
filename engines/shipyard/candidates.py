"""Every option a Shipyard board shows for the pending decision, refused ones included, so a learner can click
one and read why not (each move's refusal is declared beside the move: actions.py, shipyard.py, cruise.py)."""

from __future__ import annotations

from ..core.actions import Action
from .components import BUILD, CANAL, CREW_ACTION, EMPLOYEE, EQUIP, GOODS_ACTION, ITEMS


# == what the board shows ==========================================================================================
def candidates(game, state):
    """The legal options first, then the refused ones a learner might try on the board."""
    legal = game.legal_actions(state)
    ids = {a.id for a in legal}
    phase, seat = state.phase, state.seat
    more: list[Action] = []
    if phase in ("choose", "final"):
        more = [game._tile_action(phase, a) for a in state.track]
    elif phase == "turn":
        if not state.main_done:
            more = all_first_steps(game, state, state.chosen)
        if not state.bonus_done and state.stage != "final-action":
            more += [game._tile_action("bonus", a) for a in state.track if a != state.chosen]
    elif phase == "act":
        more = all_first_steps(game, state, state.doing)
    elif phase in ("build", "final-build") and state.holding < 0:
        more = [game._buy_action(state, p) for p, k in enumerate(state.market) if k >= 0]
    elif phase == "place":
        more = [game._place_action(s) for s in range(game.numbers.spaces)]
    elif phase == "trade":
        more = [game._swap_action(i) for i in range(len(game.swaps))]
    elif phase == "fit":
        more = [game.made(("fit", i), game._make_fit_action, i) for i in range(len(ITEMS))]
    return legal + [a for a in more if a.id not in ids and not ids.add(a.id)]


def all_first_steps(game, state, a) -> list[Action]:
    """Every first step of action `a` the board can show, whether or not it is allowed now."""
    seat = state.seat
    if a == BUILD:
        return [game._buy_action(state, p) for p, k in enumerate(state.market) if k >= 0]
    # the same actions the legal ones are (action_builders.py), whether or not they are allowed now
    if a == CANAL:
        return [game.made(("canal", i, k), game._make_canal_action, i, k) for i, k in enumerate(state.canal_market) if k >= 0]
    if a == GOODS_ACTION:
        return [game.made(("goods", i, k), game._make_goods_action, i, k) for i, k in enumerate(state.goods_market) if k >= 0]
    if a in (EQUIP, CREW_ACTION):
        rondel = 0 if a == EQUIP else 1
        stops = len(game.equipment_stops if rondel == 0 else game.crew_stops)
        costs = [game.stop_cost(state, seat, rondel, s, stops) for s in range(stops)]
        return [game.made((("equip", "crew")[rondel], s, costs[s]), game._make_stop_action, rondel, s, costs[s])
                for s in range(stops)]
    if a == EMPLOYEE:
        return [game._hire_action(i, k, game.hire_cost(state, seat, i)) for i, k in enumerate(state.emp_top) if k >= 0]
    return game._first_steps(state, a)
