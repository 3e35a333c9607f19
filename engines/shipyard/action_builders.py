"""The actions a Shipyard player is offered, as Action objects: id, the board element it targets, what its
label says and what the move that plays it is called with (`args`); the rule and the label's key come from
the move's declaration (`@move` on the method that plays it, in shipyard.py, actions.py and cruise.py).
Each is made once per game and offered again whenever it recurs (Game.made: the key names everything an
action depends on).

A mixin of the Shipyard class (shipyard.py): which actions are legal is decided by `legal_actions` there;
candidates.py makes the refused ones a board shows. An action's id is written by its move's declaration
(`arg`), never here.
"""

from __future__ import annotations

from .components import ACTIONS, GOODS, ITEMS


class ActionBuilders:
    """The Action objects offered; mixed into Shipyard."""

    # Actions recur from decision to decision, so each is made once (Game.made: the key names everything
    # an action depends on) and offered again.
    def _tile_action(self, kind, a):
        return self._made.get((kind, a)) or self.made((kind, a), self._make_tile_action, kind, a)

    def _make_tile_action(self, kind, a):
        name = ACTIONS[a]
        target = f"tile.{name}" if kind != "bonus" else f"bonus.{name}"
        return self.offer(kind, args=(a,), target=target, tile=f"sy.action.{name}")

    def _plain_action(self, kind):
        """A decision with nothing to choose (end the turn, stop buying, launch, pass)."""
        return self._made.get((kind,)) or self.made((kind,), self._make_plain_action, kind)

    def _make_plain_action(self, kind):
        return self.offer(kind, target=kind)

    def _buy_action(self, state, p):
        key = ("buy", p, state.market[p])
        return self._made.get(key) or self.made(key, self._make_buy_action, p, state.market[p])

    def _make_buy_action(self, p, part):
        return self.offer("buy", args=(p,), target=f"market.{self.places[p]}",
                          part=f"sy.part.{self.part_ids[part]}", cost=self.price(p))

    def _place_action(self, s):
        return self._made.get(("place", s)) or self.made(("place", s), self._make_place_action, s)

    def _make_place_action(self, s):
        return self.offer("place", args=(s,), target=f"yard.{s + 1}", space=s + 1)

    def _attach_action(self, point):
        piece, e = point
        if piece < 0:
            return self.offer("attach", args=(point,), target="exit.start", label="sy.act.attach-start")
        return self.offer("attach", args=(point,), target=f"exit.{piece + 1}.{e + 1}",
                          piece=piece + 1, exit=e + 1)

    def _swap_action(self, i):
        good, item = self.swaps[i]
        return self.offer("swap", args=(i,), target=f"swap.{self.swap_names[i]}",
                          good=f"sy.good.{GOODS[good]}", item=f"sy.item.{ITEMS[item]}")

    def _make_trade_action(self, i, k):
        return self.offer("trade", args=(i,), target=f"mygoods.{i + 1}", tile=f"sy.goods-tile.{self.goods_ids[k]}")

    def _make_subsidy_action(self):
        return self.offer("subsidy", target="subsidy", money=self.numbers.subsidy)

    def _make_sell_action(self, good, price):
        return self.offer("sell", target="sell", good=f"sy.good.{GOODS[good]}", price=price)

    def _make_cruise_action(self, a):
        return self.offer("cruise", args=(a,), target=f"ship.{a + 1}", space=a + 1)

    def _make_fit_action(self, i):
        return self.offer("fit", args=(i,), target=f"dock.{ITEMS[i]}", item=f"sy.item.{ITEMS[i]}")

    def _make_sail_action(self, piece, e):
        return self.offer("sail", args=(e,), target=f"exit.{piece + 1}.{e + 1}", exit=e + 1)

    def _make_keep_action(self, colour, i):
        return self.offer("keep", args=(colour, i), target=f"contract.{colour}.{i + 1}",
                          colour=f"sy.colour.{colour}", n=i + 1)

    def _make_stop_action(self, rondel, s, cost):
        kinds = self.equipment_stops if rondel == 0 else self.crew_stops
        return self.offer(("equip", "crew")[rondel], args=(rondel, s),
                          target=f"rondel.{('equipment', 'crew')[rondel]}.{s + 1}", item=f"sy.item.{ITEMS[kinds[s]]}",
                          cost=cost)

    def _hire_action(self, i, employee, cost):
        key = ("hire", i, employee, cost)
        return self._made.get(key) or self.made(key, self._make_hire_action, i, employee, cost)

    def _make_hire_action(self, i, employee, cost):
        per = self.rondels.per_stop
        return self.offer("hire", args=(i,), target=f"employee.{i // per + 1}.{i % per + 1}",
                          employee=f"sy.employee.{self.emp_ids[employee]}", cost=cost)

    def _make_canal_action(self, i, k):
        return self.offer("canal", args=(i,), target=f"canal.{i + 1}", tile=f"sy.canal.{self.canal_ids[k]}",
                          cost=self.numbers.canal_prices[i])

    def _make_goods_action(self, i, k):
        return self.offer("goods", args=(i,), target=f"goods.{i + 1}", tile=f"sy.goods-tile.{self.goods_ids[k]}",
                          cost=self.numbers.goods_prices[i])
