"""Why a Shipyard option is refused, naming the rule that forbids it; and every option a board shows for the
pending decision, refused ones included, so a learner can click one and read why not."""

from __future__ import annotations

from ..core.actions import Action
from ..core.texts import Text
from .components import (ACTIONS, BUILD, CANAL, CAPTAIN, CREW_ACTION, EMPLOYEE, EQUIP, GOODS, GOODS_ACTION, ITEMS,
                         STOKER, SUBSIDY, TRADE)

ACTION_OF = {"buy": BUILD, "canal": CANAL, "goods": GOODS_ACTION, "equip": EQUIP, "crew": CREW_ACTION,
             "hire": EMPLOYEE, "trade": TRADE, "subsidy": SUBSIDY}


def tile(a) -> str:
    return f"sy.action.{ACTIONS[a]}"


def explain(game, state, action_id):
    kind, _, arg = action_id.partition(":")
    unknown = ("core.action.unknown", Text("core.action.unknown", action=action_id))
    offered = game.offered_in(state, kind)      # by the phases its move declares
    if offered is None:
        return unknown
    if kind in ("choose", "bonus", "final", "subsidy") and (arg or "subsidy") == "subsidy" \
            and ACTIONS.index("subsidy") not in state.track:
        return "sy.subsidy", Text("sy.why.subsidy-4p")
    if not offered:
        return "sy.turn.steps", Text("sy.why.not-now", phase=f"sy.phase.{state.phase}")
    seat = state.seat
    if state.phase in ("turn", "act") and kind in ACTION_OF:
        doing = state.doing if state.phase == "act" else state.chosen
        if state.phase == "turn" and state.main_done:
            return "sy.turn.end", Text("sy.why.action-done", tile=tile(state.chosen))
        if ACTION_OF[kind] != doing:
            return "sy.turn.action", Text("sy.why.other-action", tile=tile(doing))
    handler = globals().get(f"_why_{kind}")
    return handler(game, state, seat, arg) or unknown


# -- the action track -----------------------------------------------------------------------------------------
def _action_of(arg):
    return ACTIONS.index(arg) if arg in ACTIONS else None


def _why_choose(game, state, seat, arg):
    a = _action_of(arg)
    if a is None:
        return None
    if state.cube[a] >= 0:
        return "sy.turn.choose.occupied", Text("sy.why.occupied", tile=tile(a), owner=state.cube[a])
    if a == state.track[-1] and not game._first_game_turn(state):
        return "sy.turn.choose.last", Text("sy.why.front", tile=tile(a))
    # the tile's income (step 3) is paid before the action is carried out (step 4), so it counts
    income = game.income_of(state, a)
    rule, why = why_cannot(game, state, seat, a, state.money[seat] + income)
    if income and a not in (TRADE, SUBSIDY):
        why = Text("sy.why.with-income", why=why, income=income)
    return rule, why


def _why_bonus(game, state, seat, arg):
    a = _action_of(arg)
    if a is None:
        return None
    cost = game.numbers.bonus
    if state.bonus_done:
        return "sy.turn.bonus", Text("sy.why.bonus-used")
    if a == state.chosen:
        return "sy.turn.bonus", Text("sy.why.bonus-same", tile=tile(a))
    if state.money[seat] < cost:
        return "sy.turn.bonus", Text("sy.why.bonus-money", cost=cost, money=state.money[seat])
    return why_cannot(game, state, seat, a, state.money[seat] - cost, bonus=True)


def _why_final(game, state, seat, arg):
    a = _action_of(arg)
    if a is None:
        return None
    return why_cannot(game, state, seat, a, state.money[seat])


def _why_end(game, state, seat, arg):
    if arg:
        return None
    return "sy.turn.action", Text("sy.why.end-first", tile=tile(state.chosen))


def why_cannot(game, state, seat, a, money, bonus=False):
    """Why action `a` cannot be carried out with `money` (sy.turn.choose.able)."""
    rule = "sy.turn.choose.able"
    if a == BUILD:
        if not any(k >= 0 and game.price(p) <= money for p, k in enumerate(state.market)):
            return rule, Text("sy.why.cannot-build-money", money=money)
        return rule, Text("sy.why.cannot-build-room")
    if a == CANAL:
        return rule, Text("sy.why.cannot-buy-money", tile=tile(a), money=money)
    if a == GOODS_ACTION:
        return rule, Text("sy.why.cannot-buy-money", tile=tile(a), money=money)
    if a in (EQUIP, CREW_ACTION):
        return rule, Text("sy.why.cannot-rondel", tile=tile(a), money=money)
    if a == EMPLOYEE:
        return rule, Text("sy.why.cannot-hire", money=money)
    if a == TRADE:
        return "sy.trade.requires", Text("sy.why.no-goods-tile")
    return rule, Text("sy.why.cannot", tile=tile(a))


# -- build ship parts ------------------------------------------------------------------------------------------------
def _why_buy(game, state, seat, arg):
    place = game.place_index.get(arg)
    if place is None:
        return None
    k = state.market[place]
    money = state.money[seat]
    if k < 0:
        return "sy.build.refill", Text("sy.why.market-empty", place=arg)
    cost = game.price(place)
    part = f"sy.part.{game.part_ids[k]}"
    if state.phase == "final-build":
        if cost > money:
            return "sy.build.buy", Text("sy.why.money", cost=cost, money=money)
        return "sy.end.final-build", Text("sy.why.final-build-one", part=part)
    if state.phase == "build" and state.bought >= game.numbers.max_buy:
        return "sy.build.buy", Text("sy.why.three", most=game.numbers.max_buy)
    if cost > money:
        return "sy.build.buy", Text("sy.why.money", cost=cost, money=money)
    return "sy.build.completable", Text("sy.why.no-room", part=part)


def _why_place(game, state, seat, arg):
    if not arg.isdigit() or not 1 <= int(arg) <= game.numbers.spaces:
        return None
    s = int(arg) - 1
    if state.yard[seat][s] >= 0:
        return "sy.build.place", Text("sy.why.space-taken", space=s + 1)
    part = f"sy.part.{game.part_ids[state.holding]}"
    if state.stage == "final-build":
        return "sy.end.final-build", Text("sy.why.final-build-place", part=part, space=s + 1)
    codes = game.codes(state, seat)
    after = codes[:s] + (game.part_code[state.holding],) + codes[s + 1:]
    if all(after) and not game.yard.ships(after):
        return "sy.build.full", Text("sy.why.yard-full", space=s + 1)
    return "sy.build.completable", Text("sy.why.hopeless", part=part, space=s + 1)


def _why_done(game, state, seat, arg):
    if arg:
        return None
    return "sy.build.buy", Text("sy.why.done-first")


# -- canal and goods markets ----------------------------------------------------------------------------------------
def _market_place(arg, size):
    return int(arg) - 1 if arg.isdigit() and 1 <= int(arg) <= size else None


def _why_canal(game, state, seat, arg):
    i = _market_place(arg, len(state.canal_market))
    if i is None:
        return None
    if state.canal_market[i] < 0:
        return "sy.canal.refill", Text("sy.why.market-empty", place=arg)
    return "sy.canal.buy", Text("sy.why.money", cost=game.numbers.canal_prices[i], money=state.money[seat])


def _why_goods(game, state, seat, arg):
    i = _market_place(arg, len(state.goods_market))
    if i is None:
        return None
    if state.goods_market[i] < 0:
        return "sy.goods.refill", Text("sy.why.market-empty", place=arg)
    return "sy.goods.buy", Text("sy.why.money", cost=game.numbers.goods_prices[i], money=state.money[seat])


def _why_attach(game, state, seat, arg):
    pieces = state.canal[seat]
    if arg == "start":
        return "sy.canal.attach", Text("sy.why.canal-started")
    piece, _, e = arg.partition(".")
    if not piece.isdigit() or not e.isdigit() or not 1 <= int(e) <= 2 or not 1 <= int(piece) <= game.canal_slots:
        return None
    p = int(piece) - 1
    if p >= len(pieces) or pieces[p] is None:
        return "sy.canal.attach", Text("sy.why.no-piece", piece=int(piece))
    if int(e) > game.canal_exits[pieces[p][0]]:
        return "sy.canal.attach", Text("sy.why.no-exit", piece=int(piece), exit=int(e))
    return "sy.canal.attach", Text("sy.why.exit-taken", piece=int(piece), exit=int(e))


# -- the rondels --------------------------------------------------------------------------------------------------
def _why_rondel(game, state, seat, arg, rondel):
    kinds = game.equipment_stops if rondel == 0 else game.crew_stops
    if not arg.isdigit() or not 1 <= int(arg) <= len(kinds):
        return None
    s = int(arg) - 1
    item = kinds[s]
    if not state.supply[item]:
        return "sy.supply", Text("sy.why.supply-out", item=f"sy.item.{ITEMS[item]}")
    steps = (s - state.rondel[rondel]) % len(kinds) or len(kinds)
    return "sy.rondel.move", Text("sy.why.rondel-money", steps=steps,
                                  cost=game.stop_cost(state, seat, rondel, s, len(kinds)), money=state.money[seat])


def _why_equip(game, state, seat, arg):
    return _why_rondel(game, state, seat, arg, 0)


def _why_crew(game, state, seat, arg):
    return _why_rondel(game, state, seat, arg, 1)


def _why_hire(game, state, seat, arg):
    R = game.rondels
    stop, _, slot = arg.partition(".")
    if not stop.isdigit() or not slot.isdigit() or not 1 <= int(stop) <= R.employee_stops or not 1 <= int(slot) <= R.per_stop:
        return None
    i = (int(stop) - 1) * R.per_stop + int(slot) - 1
    k = state.emp_top[i]
    if k < 0:
        return "sy.employee.hire", Text("sy.why.hire-empty", stop=int(stop))
    name = f"sy.employee.{game.emp_ids[k]}"
    if k in state.staff[seat]:
        return "sy.employee.unique", Text("sy.why.hire-same", employee=name)
    if not game.may_hire(state, seat, k):
        return "sy.employee.trader", Text("sy.why.hire-level", employee=name)
    return "sy.employee.cost", Text("sy.why.hire-money", employee=name, cost=game.hire_cost(state, seat, i),
                                    money=state.money[seat])


# -- trade goods -----------------------------------------------------------------------------------------------------
def _why_trade(game, state, seat, arg):
    if not arg.isdigit() or not 1 <= int(arg) <= game.max_goods:
        return None
    return "sy.trade.requires", Text("sy.why.no-goods-tile-n", n=int(arg), have=len(state.goods[seat]))


def _why_sell(game, state, seat, arg):
    return None


def _why_swap(game, state, seat, arg):
    if arg not in game.swap_names:
        return None
    i = game.swap_names.index(arg)
    good, item = game.swaps[i]
    current = game.trade_good(state)
    if good != current:
        return "sy.trade.swap", Text("sy.why.swap-good", good=f"sy.good.{GOODS[good]}", current=f"sy.good.{GOODS[current]}")
    if i in state.swaps_used:
        return "sy.trade.swap", Text("sy.why.swap-used", item=f"sy.item.{ITEMS[item]}")
    return "sy.supply", Text("sy.why.supply-out", item=f"sy.item.{ITEMS[item]}")


def _why_subsidy(game, state, seat, arg):
    return None


# -- contracts ----------------------------------------------------------------------------------------------------
def _why_keep(game, state, seat, arg):
    colour, _, n = arg.partition(".")
    if colour not in ("red", "blue") or not n.isdigit() or not 1 <= int(n) <= game.numbers.deal["full"]:
        return None
    who = state.discarding[0]
    hand = state.red[who] if colour == "red" else state.blue[who]
    if len(hand) <= game.numbers.keep:
        return "sy.contract.discard", Text("sy.why.keep-done", colour=f"sy.colour.{colour}")
    if colour == "blue" and len(state.red[who]) > game.numbers.keep:
        # the engine asks for the red contract first, then the blue one: a blue card waits its turn
        return "sy.contract.discard", Text("sy.why.keep-red-first")
    return "sy.contract.discard", Text("sy.why.keep-none", colour=f"sy.colour.{colour}", n=int(n), have=len(hand))


# -- the test cruise ---------------------------------------------------------------------------------------------
def _why_cruise(game, state, seat, arg):
    if not arg.isdigit() or not 1 <= int(arg) <= game.numbers.spaces:
        return None
    return "sy.cruise.order", Text("sy.why.no-ship", space=int(arg))


def _why_fit(game, state, seat, arg):
    if arg not in ITEMS:
        return None
    item = ITEMS.index(arg)
    name = f"sy.item.{arg}"
    if not state.dock[state.cruise["seat"]][item]:
        return "sy.cruise.fit", Text("sy.why.fit-none", item=name)
    if item < 4:
        return "sy.cruise.mounts", Text("sy.why.fit-mount", item=name)
    if item == STOKER:
        return "sy.cruise.cabins", Text("sy.why.fit-boiler")
    if item == CAPTAIN:
        return "sy.cruise.captain", Text("sy.why.fit-captain")
    return "sy.cruise.cabins", Text("sy.why.fit-cabin", item=name)


def _why_launch(game, state, seat, arg):
    return None


def _why_sail(game, state, seat, arg):
    if not arg.isdigit() or not 1 <= int(arg) <= 2:
        return None
    c = state.cruise
    return "sy.cruise.sail", Text("sy.why.sail-short", exit=int(arg), need=c["speed"] - c["step"])


def _why_pass(game, state, seat, arg):
    return None


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
