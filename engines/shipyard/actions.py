"""Shipyard's eight actions (行動內容), read like the summary: build ships (建造船隻), rent canal (租個航道),
buy goods (進貨), the equipment, crew and employee rondels (生產設備, 招聘船員, 招募員工), trade goods
(交易貨物) and subsidy (輔助金).

A mixin of the Shipyard class (shipyard.py): an action starts with `_begin` and ends with `_done`, step 4
of the turn there; the market places it empties are refilled next (refills.py).
"""

from __future__ import annotations

from ..core.actions import Event
from ..core.moves import move, one_based, refuses
from ..core.texts import Text
from .components import (BUILD, CANAL, CREW_ACTION, EMPLOYEE, EQUIP, GOODS, GOODS_ACTION, ITEMS, SUBSIDY,
                         TRADE)


class Actions:
    """The rules of the eight actions; mixed into Shipyard."""

    # == build ship parts (建造船隻) ==========================================================================
    def price(self, place) -> int:
        return self.numbers.prices[place % self.rows]

    def codes(self, state, seat) -> tuple:
        return tuple(map(self.code_of.__getitem__, state.yard[seat]))     # no Python loop: asked often

    def _buyable(self, state, seat, money, first=False) -> list[int]:
        """Market places whose part this player can pay for and place somewhere (sy.build.*); the first one
        only, when `first`."""
        slots = self.yard.slots(self.codes(state, seat))
        code, price, out = self.part_code, self.place_price, []
        for p, k in enumerate(state.market):
            if k >= 0 and price[p] <= money and slots[code[k] - 1]:
                out.append(p)
                if first:
                    break
        return out

    @move("buy", "sy.build.buy", phases=("turn", "act", "build", "final-build"), arg=lambda game, place: game.places[place])
    def _buy_part(self, state, place, events):
        seat = state.seat
        if state.doing != BUILD:
            self._begin(state, BUILD, False, events)
        k = state.market[place]
        cost = self.price(place)
        self._pay(state, seat, cost)
        state.market[place] = -1
        state.holding = k
        state.bought += 1
        events.append(Event("sy.build.buy", seat=seat, automatic=False, key="sy.log.buy", part=f"sy.part.{self.part_ids[k]}",
                            place=self.places[place], cost=cost))
        state.phase = "place"

    @refuses("buy")
    def _why_buy(self, state, place):
        seat = state.seat
        money = state.money[seat]
        if state.phase == "final-build":
            if state.holding < 0 and place in self._final_build_options(state):
                return None
        elif place in self._buyable(state, seat, money):
            return None
        k = state.market[place]
        if k < 0:
            return "sy.build.refill", Text("sy.why.market-empty", place=self.places[place])
        cost = self.price(place)
        part = f"sy.part.{self.part_ids[k]}"
        if state.phase == "final-build":
            if cost > money:
                return "sy.build.buy", Text("sy.why.money", cost=cost, money=money)
            return "sy.end.final-build", Text("sy.why.final-build-one", part=part)
        if state.phase == "build" and state.bought >= self.numbers.max_buy:
            return "sy.build.buy", Text("sy.why.three", most=self.numbers.max_buy)
        if cost > money:
            return "sy.build.buy", Text("sy.why.money", cost=cost, money=money)
        return "sy.build.completable", Text("sy.why.no-room", part=part)

    @move("place", "sy.build.place", phases=("place",), arg=one_based)
    def _place_part(self, state, space, events):
        seat = state.seat
        k = state.holding
        state.yard[seat][space] = k
        state.holding = -1
        events.append(Event("sy.build.place", seat=seat, automatic=False, key="sy.log.place",
                            part=f"sy.part.{self.part_ids[k]}", space=space + 1))
        if state.stage == "final-build":
            self._end_build(state, events)
        elif state.bought < self.numbers.max_buy and self._buyable(state, seat, state.money[seat]):
            state.phase = "build"
        else:
            self._end_build(state, events)

    @refuses("place")
    def _why_place(self, state, space):
        if space in self._place_slots(state):
            return None
        seat = state.seat
        if state.yard[seat][space] >= 0:
            return "sy.build.place", Text("sy.why.space-taken", space=space + 1)
        part = f"sy.part.{self.part_ids[state.holding]}"
        if state.stage == "final-build":
            return "sy.end.final-build", Text("sy.why.final-build-place", part=part, space=space + 1)
        codes = self.codes(state, seat)
        after = codes[:space] + (self.part_code[state.holding],) + codes[space + 1:]
        if all(after) and not self.yard.ships(after):
            return "sy.build.full", Text("sy.why.yard-full", space=space + 1)
        return "sy.build.completable", Text("sy.why.hopeless", part=part, space=space + 1)

    def _end_build(self, state, events):
        """sy.build.refill: each column slides down into the cheap rows; its empty top rows are refilled."""
        rows = self.rows
        for c in range(len(self.numbers.columns)):
            column = [k for k in state.market[c * rows:(c + 1) * rows] if k >= 0]
            state.market[c * rows:(c + 1) * rows] = column + [-1] * (rows - len(column))
            state.refills += [("part", c * rows + r) for r in range(len(column), rows)]
        events.append(Event("sy.build.refill", key="sy.log.slide"))
        self._done(state, events)

    def _place_slots(self, state) -> list[int]:
        """The yard spaces the part held may go to (in the last build, only those completing a ship)."""
        seat = state.seat
        codes = self.codes(state, seat)
        code = self.part_code[state.holding] - 1
        if state.stage == "final-build":
            return list(self.yard.finishing(codes)[code])
        return list(self.yard.slots(codes)[code])

    # == rent canal (租個航道) ===============================================================================
    def attach_points(self, state, seat) -> list[tuple]:
        """Where a new canal tile may go: (piece, exit), or (-1, 0) to start the canal."""
        pieces = state.canal[seat]
        if not any(p is not None for p in pieces):
            return [(-1, 0)]
        return [(i, e) for i, p in enumerate(pieces) if p is not None
                for e in range(self.canal_exits[p[0]]) if p[1 + e] < 0]

    @move("canal", "sy.canal.buy", phases=("turn", "act"), arg=one_based)
    def _rent(self, state, place, events):
        seat = state.seat
        if state.doing != CANAL:
            self._begin(state, CANAL, False, events)
        k = state.canal_market[place]
        cost = self.numbers.canal_prices[place]
        self._pay(state, seat, cost)
        state.canal_market[place] = -1
        state.holding = k
        events.append(Event("sy.canal.buy", seat=seat, automatic=False, key="sy.log.rent", tile=f"sy.canal.{self.canal_ids[k]}",
                            cost=cost))
        points = self.attach_points(state, seat)
        if len(points) == 1:
            self._attach(state, points[0], events)
        else:
            state.phase = "attach"

    @refuses("canal")
    def _why_canal(self, state, place):
        return self._why_market(state, "canal", state.canal_market, self.numbers.canal_prices, place)

    def _why_market(self, state, kind, market, prices, place):
        """A tile of the canal or goods market: an empty place (sy.<kind>.refill), or one the player cannot pay."""
        if market[place] < 0:
            return f"sy.{kind}.refill", Text("sy.why.market-empty", place=place + 1)
        if prices[place] > state.money[state.seat]:
            return f"sy.{kind}.buy", Text("sy.why.money", cost=prices[place], money=state.money[state.seat])
        return None

    @move("attach", "sy.canal.attach", phases=("attach",),
          arg=lambda game, point: "start" if point[0] < 0 else f"{point[0] + 1}.{point[1] + 1}")
    def _attach(self, state, point, events):
        seat = state.seat
        pieces = state.canal[seat]
        k = state.holding
        piece = [k, -1, -1]
        slot = next((i for i, p in enumerate(pieces) if p is None), len(pieces))
        if slot == len(pieces):
            pieces.append(piece)
        else:
            pieces[slot] = piece
        parent, exit_ = point
        if parent < 0:
            state.ship[seat] = [slot, -1]
            events.append(Event("sy.canal.attach", seat=seat, key="sy.log.canal-start", tile=f"sy.canal.{self.canal_ids[k]}"))
        else:
            pieces[parent][1 + exit_] = slot
            events.append(Event("sy.canal.attach", seat=seat, key="sy.log.canal-attach", tile=f"sy.canal.{self.canal_ids[k]}",
                                piece=parent + 1, new=slot + 1))
        state.holding = -1
        # sy.canal.refill: the tiles left slide towards the cheap end; the dear end is refilled.
        left = [t for t in state.canal_market if t >= 0]
        state.canal_market = left + [-1] * (len(state.canal_market) - len(left))
        state.refills += [("canal", i) for i in range(len(left), len(state.canal_market))]
        self._done(state, events)

    @refuses("attach")
    def _why_attach(self, state, point):
        if point in self.attach_points(state, state.seat):
            return None
        piece, e = point
        if piece < 0:
            return "sy.canal.attach", Text("sy.why.canal-started")
        pieces = state.canal[state.seat]
        if piece >= len(pieces) or pieces[piece] is None:
            return "sy.canal.attach", Text("sy.why.no-piece", piece=piece + 1)
        if e >= self.canal_exits[pieces[piece][0]]:
            return "sy.canal.attach", Text("sy.why.no-exit", piece=piece + 1, exit=e + 1)
        return "sy.canal.attach", Text("sy.why.exit-taken", piece=piece + 1, exit=e + 1)

    # == buy goods (進貨) ===================================================================================
    @move("goods", "sy.goods.buy", phases=("turn", "act"), arg=one_based)
    def _buy_goods(self, state, place, events):
        seat = state.seat
        if state.doing != GOODS_ACTION:
            self._begin(state, GOODS_ACTION, False, events)
        k = state.goods_market[place]
        cost = self.numbers.goods_prices[place]
        self._pay(state, seat, cost)
        state.goods[seat].append(k)
        state.goods_market[place] = -1
        events.append(Event("sy.goods.buy", seat=seat, automatic=False, key="sy.log.goods", tile=f"sy.goods-tile.{self.goods_ids[k]}",
                            cost=cost))
        left = [t for t in state.goods_market if t >= 0]
        state.goods_market = left + [-1] * (len(state.goods_market) - len(left))
        state.refills += [("goods", i) for i in range(len(left), len(state.goods_market))]
        self._done(state, events)

    @refuses("goods")
    def _why_goods(self, state, place):
        return self._why_market(state, "goods", state.goods_market, self.numbers.goods_prices, place)

    # == the rondels: equipment, crew, employees (生產設備, 招聘船員, 招募員工) ===================================
    def free_steps(self, state, seat, rondel) -> int:
        """sy.employee.rondel: each yellow employee of this rondel moves its marker one more stop for free."""
        frees = self.emp_free_rondel
        return sum(1 for e in state.staff[seat] if frees[e] == rondel)

    def stop_cost(self, state, seat, rondel, stop, stops) -> int:
        """sy.rondel.move: the first stop is free, each further stop costs 1."""
        steps = (stop - state.rondel[rondel]) % stops or stops
        return max(0, steps - 1 - self.free_steps(state, seat, rondel))

    def stop_costs(self, state, seat, rondel, stops) -> tuple[int, ...]:
        """stop_cost of every stop of a rondel, in one go (asked several times a move, and there are only
        a few rondel sizes, marker places and free steps: each list is worked out once per game)."""
        free = self.free_steps(state, seat, rondel) + 1 if state.staff[seat] else 1
        at = state.rondel[rondel]
        key = (stops, at, free)
        found = self._stop_costs.get(key)
        if found is None:
            found = self._stop_costs[key] = tuple(max(0, ((s - at) % stops or stops) - free) for s in range(stops))
        return found

    def _rondel_stops(self, state, seat, rondel, money) -> list[int]:
        """Stops of the equipment (0) or crew (1) rondel this player may end on: affordable, and the supply
        still has that kind (sy.supply)."""
        kinds = self.equipment_stops if rondel == 0 else self.crew_stops
        supply = state.supply
        costs = self.stop_costs(state, seat, rondel, len(kinds))
        return [s for s, cost in enumerate(costs) if cost <= money and supply[kinds[s]]]

    @move("equip", "sy.equipment.take", label="sy.act.take", phases=("turn", "act"),
          arg=lambda game, rondel, stop: stop + 1)
    @move("crew", "sy.crew.take", label="sy.act.take", phases=("turn", "act"), arg=lambda game, rondel, stop: stop + 1)
    def _take_item(self, state, rondel, stop, events):
        """Manufacture equipment or recruit crew: move, pay, take the item, and what the engineers or
        recruiters add."""
        seat = state.seat
        a = EQUIP if rondel == 0 else CREW_ACTION
        if state.doing != a:
            self._begin(state, a, False, events)
        kinds = self.equipment_stops if rondel == 0 else self.crew_stops
        cost = self.stop_cost(state, seat, rondel, stop, len(kinds))
        self._pay(state, seat, cost)
        state.rondel[rondel] = stop
        item = kinds[stop]
        state.supply[item] -= 1
        state.dock[seat][item] += 1
        rule = "sy.equipment.take" if rondel == 0 else "sy.crew.take"
        events.append(Event(rule, seat=seat, automatic=False, key="sy.log.take", item=f"sy.item.{ITEMS[item]}",
                            stop=stop + 1, cost=cost))
        family = "engineer" if rondel == 0 else "recruiter"
        for e in state.staff[seat]:
            kind = self.emp[e]
            if kind.family == family:
                extra = ITEMS.index(kind.item)
                if state.supply[extra]:
                    state.supply[extra] -= 1
                    state.dock[seat][extra] += 1
                    events.append(Event(f"sy.employee.{family}", seat=seat, key="sy.log.extra-item",
                                        employee=f"sy.employee.{self.emp_ids[e]}", item=f"sy.item.{kind.item}"))
        self._done(state, events)

    @refuses("equip", "crew")
    def _why_stop(self, state, rondel, stop):
        seat = state.seat
        if stop in self._rondel_stops(state, seat, rondel, state.money[seat]):
            return None
        kinds = self.equipment_stops if rondel == 0 else self.crew_stops
        item = kinds[stop]
        if not state.supply[item]:
            return "sy.supply", Text("sy.why.supply-out", item=f"sy.item.{ITEMS[item]}")
        steps = (stop - state.rondel[rondel]) % len(kinds) or len(kinds)
        return "sy.rondel.move", Text("sy.why.rondel-money", steps=steps,
                                      cost=self.stop_cost(state, seat, rondel, stop, len(kinds)), money=state.money[seat])

    def hire_cost(self, state, seat, slot) -> int:
        R = self.rondels
        stop = slot // R.per_stop
        return self.stop_cost(state, seat, 2, stop, R.employee_stops) + self.emp[state.emp_top[slot]].cost

    def may_hire(self, state, seat, kind) -> bool:
        """sy.employee.unique: not one like an employee held; sy.employee.trader: a level-2 trader needs the level-1 one."""
        staff = state.staff[seat]
        if not staff:
            return self.emp[kind].level != 2
        if kind in staff:
            return False
        e = self.emp[kind]
        if e.level == 2:
            return any(self.emp[o].family == "trader" and self.emp[o].good == e.good and self.emp[o].level == 1
                       for o in staff)
        return True

    def _hireable(self, state, seat, money, first=False) -> list[int]:
        """Employee stacks this player may hire from (the first one only, when `first`)."""
        costs = self.stop_costs(state, seat, 2, self.rondels.employee_stops)
        per, emp, out = self.rondels.per_stop, self.emp, []
        for i, k in enumerate(state.emp_top):
            if k >= 0 and costs[i // per] + emp[k].cost <= money and self.may_hire(state, seat, k):
                out.append(i)
                if first:
                    break
        return out

    @move("hire", "sy.employee.hire", phases=("turn", "act"),
          arg=lambda game, slot: f"{slot // game.rondels.per_stop + 1}.{slot % game.rondels.per_stop + 1}")
    def _hire(self, state, slot, events):
        seat = state.seat
        if state.doing != EMPLOYEE:
            self._begin(state, EMPLOYEE, False, events)
        k = state.emp_top[slot]
        cost = self.hire_cost(state, seat, slot)
        self._pay(state, seat, cost)
        state.rondel[2] = slot // self.rondels.per_stop
        state.staff[seat].append(k)
        extra = self.emp[k].cost
        events.append(Event("sy.employee.hire", seat=seat, automatic=False, key="sy.log.hire",
                            employee=f"sy.employee.{self.emp_ids[k]}", stop=state.rondel[2] + 1, cost=cost))
        if extra:
            events.append(Event("sy.employee.cost", seat=seat, key="sy.log.hire-extra", extra=extra))
        if state.emp_under[slot]:
            state.emp_top[slot] = -1
            state.refills.append(("employee", slot))
        else:
            state.emp_top[slot] = -1
        self._done(state, events)

    @refuses("hire")
    def _why_hire(self, state, slot):
        seat = state.seat
        if slot in self._hireable(state, seat, state.money[seat]):
            return None
        k = state.emp_top[slot]
        if k < 0:
            return "sy.employee.hire", Text("sy.why.hire-empty", stop=slot // self.rondels.per_stop + 1)
        name = f"sy.employee.{self.emp_ids[k]}"
        if k in state.staff[seat]:
            return "sy.employee.unique", Text("sy.why.hire-same", employee=name)
        if not self.may_hire(state, seat, k):
            return "sy.employee.trader", Text("sy.why.hire-level", employee=name)
        return "sy.employee.cost", Text("sy.why.hire-money", employee=name, cost=self.hire_cost(state, seat, slot),
                                        money=state.money[seat])

    # == trade goods (交易貨物) ==============================================================================
    def trade_prices(self, state) -> tuple:
        return self.rondels.trade[state.rondel[3]]

    @move("trade", "sy.trade.tile", phases=("turn", "act"), arg=one_based)
    def _trade(self, state, index, events):
        seat = state.seat
        if state.doing != TRADE:
            self._begin(state, TRADE, False, events)
        state.rondel[3] = (state.rondel[3] + 1) % len(self.rondels.trade)
        k = state.goods[seat].pop(index)
        state.trading = k
        state.trade_at = 0
        state.swaps_used = []
        coal, timber, cloth = self.trade_prices(state)
        events.append(Event("sy.trade.rondel", seat=seat, key="sy.log.trade-rondel", stop=state.rondel[3] + 1,
                            coal=coal, timber=timber, cloth=cloth))
        events.append(Event("sy.trade.tile", seat=seat, automatic=False, key="sy.log.trade",
                            tile=f"sy.goods-tile.{self.goods_ids[k]}"))
        state.phase = "trade"

    @refuses("trade")
    def _why_trade(self, state, index):
        have = len(state.goods[state.seat])
        if index < have:
            return None
        return "sy.trade.requires", Text("sy.why.no-goods-tile-n", n=index + 1, have=have)

    def sale_price(self, state, seat, good) -> int:
        bonus = sum(1 for e in state.staff[seat] if self.emp[e].family == "trader" and self.emp[e].good == GOODS[good])
        return self.trade_prices(state)[good] + bonus

    def trade_good(self, state) -> int:
        return self.goods_of[state.trading][state.trade_at]

    def _swap_options(self, state) -> list[int]:
        good = self.trade_good(state)
        return [i for i, (g, item) in enumerate(self.swaps) if g == good and i not in state.swaps_used and state.supply[item]]

    @move("sell", "sy.trade.sell", phases=("trade",))
    def _sell(self, state, events):
        seat = state.seat
        good = self.trade_good(state)
        price = self.sale_price(state, seat, good)
        self._gain(state, seat, price)
        events.append(Event("sy.trade.sell", seat=seat, automatic=False, key="sy.log.sell", good=f"sy.good.{GOODS[good]}",
                            price=price))
        if price > self.trade_prices(state)[good]:
            events.append(Event("sy.employee.trader", seat=seat, key="sy.log.trader-bonus", good=f"sy.good.{GOODS[good]}",
                                bonus=price - self.trade_prices(state)[good]))
        self._next_good(state, events)

    @refuses("sell")
    def _why_sell(self, state):
        return None             # the good being traded may always be sold

    @move("swap", "sy.trade.swap", phases=("trade",), arg=lambda game, i: game.swap_names[i])
    def _swap(self, state, i, events):
        seat = state.seat
        good, item = self.swaps[i]
        state.swaps_used.append(i)
        state.supply[item] -= 1
        state.dock[seat][item] += 1
        events.append(Event("sy.trade.swap", seat=seat, automatic=False, key="sy.log.swap", good=f"sy.good.{GOODS[good]}",
                            item=f"sy.item.{ITEMS[item]}"))
        self._next_good(state, events)

    @refuses("swap")
    def _why_swap(self, state, i):
        if i in self._swap_options(state):
            return None
        good, item = self.swaps[i]
        current = self.trade_good(state)
        if good != current:
            return "sy.trade.swap", Text("sy.why.swap-good", good=f"sy.good.{GOODS[good]}",
                                         current=f"sy.good.{GOODS[current]}")
        if i in state.swaps_used:
            return "sy.trade.swap", Text("sy.why.swap-used", item=f"sy.item.{ITEMS[item]}")
        return "sy.supply", Text("sy.why.supply-out", item=f"sy.item.{ITEMS[item]}")

    def _next_good(self, state, events):
        state.trade_at += 1
        if state.trade_at >= len(self.goods_of[state.trading]):
            state.goods_used[state.trading] += 1
            state.trading = -1
            state.swaps_used = []
            self._done(state, events)

    # == subsidy (輔助金) ===================================================================================
    @move("subsidy", "sy.subsidy", phases=("turn", "act"))
    def _subsidy(self, state, events):
        seat = state.seat
        if state.doing != SUBSIDY:
            self._begin(state, SUBSIDY, False, events)
        self._gain(state, seat, self.numbers.subsidy)
        events.append(Event("sy.subsidy", seat=seat, automatic=state.in_bonus, key="sy.log.subsidy",
                            money=self.numbers.subsidy))
        self._done(state, events)

    @refuses("subsidy")
    def _why_subsidy(self, state):
        return None             # carrying out Subsidy needs nothing (refuse_first: not with 3 players)
