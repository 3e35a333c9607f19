"""The actions a Shipyard player is offered, as Action objects: id, rule, the board element it targets,
label. Each is made once per game and offered again whenever it recurs (Game.made: the key names
everything an action depends on).

A mixin of the Shipyard class (shipyard.py): which actions are legal is decided by `legal_actions`
there, what playing one does by `apply`; explain.py makes the refused ones a board shows.
"""

from __future__ import annotations

from ..core.actions import Action
from .components import ACTIONS, GOODS, ITEMS


class ActionBuilders:
    """The Action objects offered; mixed into Shipyard."""

    # Actions recur from decision to decision, so each is made once (Game.made: the key names everything
    # an action depends on) and offered again.
    def _tile_action(self, kind, a):
        return self._made.get((kind, a)) or self.made((kind, a), self._make_tile_action, kind, a)

    def _make_tile_action(self, kind, a):
        rule = {"choose": "sy.turn.choose", "bonus": "sy.turn.bonus", "final": "sy.end.final-action"}[kind]
        name = ACTIONS[a]
        target = f"tile.{name}" if kind != "bonus" else f"bonus.{name}"
        return Action(f"{kind}:{name}", rule, target=target, label_key=f"sy.act.{kind}", tile=f"sy.action.{name}")

    def _buy_action(self, state, p):
        key = ("buy", p, state.market[p])
        return self._made.get(key) or self.made(key, self._make_buy_action, p, state.market[p])

    def _make_buy_action(self, p, part):
        return Action(f"buy:{self.places[p]}", "sy.build.buy", target=f"market.{self.places[p]}", label_key="sy.act.buy",
                      part=f"sy.part.{self.part_ids[part]}", cost=self.price(p))

    def _place_action(self, s):
        return self._made.get(("place", s)) or self.made(("place", s), self._make_place_action, s)

    def _make_place_action(self, s):
        return Action(f"place:{s + 1}", "sy.build.place", target=f"yard.{s + 1}", label_key="sy.act.place", space=s + 1)

    def _attach_action(self, point):
        piece, e = point
        if piece < 0:
            return Action("attach:start", "sy.canal.attach", target="exit.start", label_key="sy.act.attach-start")
        return Action(f"attach:{piece + 1}.{e + 1}", "sy.canal.attach", target=f"exit.{piece + 1}.{e + 1}",
                      label_key="sy.act.attach", piece=piece + 1, exit=e + 1)

    def _swap_action(self, i):
        good, item = self.swaps[i]
        return Action(f"swap:{self.swap_names[i]}", "sy.trade.swap", target=f"swap.{self.swap_names[i]}",
                      label_key="sy.act.swap", good=f"sy.good.{GOODS[good]}", item=f"sy.item.{ITEMS[item]}")

    # Made once each (Game.made), like the other recurring actions.
    def _make_trade_action(self, i, k):
        return Action(f"trade:{i + 1}", "sy.trade.tile", target=f"mygoods.{i + 1}", label_key="sy.act.trade",
                      tile=f"sy.goods-tile.{self.goods_ids[k]}")

    def _make_subsidy_action(self):
        return Action("subsidy", "sy.subsidy", target="subsidy", label_key="sy.act.subsidy", money=self.numbers.subsidy)

    @staticmethod
    def _make_sell_action(good, price):
        return Action("sell", "sy.trade.sell", target="sell", label_key="sy.act.sell", good=f"sy.good.{GOODS[good]}",
                      price=price)

    @staticmethod
    def _make_cruise_action(a):
        return Action(f"cruise:{a + 1}", "sy.cruise.order", target=f"ship.{a + 1}", label_key="sy.act.cruise", space=a + 1)

    @staticmethod
    def _make_fit_action(i):
        return Action(f"fit:{ITEMS[i]}", "sy.cruise.fit", target=f"dock.{ITEMS[i]}", label_key="sy.act.fit",
                      item=f"sy.item.{ITEMS[i]}")

    @staticmethod
    def _make_sail_action(piece, e):
        return Action(f"sail:{e + 1}", "sy.cruise.sail", target=f"exit.{piece + 1}.{e + 1}", label_key="sy.act.sail",
                      exit=e + 1)

    @staticmethod
    def _make_keep_action(colour, i):
        return Action(f"keep:{colour}.{i + 1}", "sy.contract.discard", target=f"contract.{colour}.{i + 1}",
                      label_key="sy.act.keep", colour=f"sy.colour.{colour}", n=i + 1)

    def _make_stop_action(self, rondel, s, cost):
        kinds = self.equipment_stops if rondel == 0 else self.crew_stops
        name = ("equip", "crew")[rondel]
        return Action(f"{name}:{s + 1}", "sy.equipment.take" if rondel == 0 else "sy.crew.take",
                      target=f"rondel.{('equipment', 'crew')[rondel]}.{s + 1}", label_key="sy.act.take",
                      item=f"sy.item.{ITEMS[kinds[s]]}", cost=cost)

    def _hire_action(self, i, employee, cost):
        key = ("hire", i, employee, cost)
        return self._made.get(key) or self.made(key, self._make_hire_action, i, employee, cost)

    def _make_hire_action(self, i, employee, cost):
        per = self.rondels.per_stop
        return Action(f"hire:{i // per + 1}.{i % per + 1}", "sy.employee.hire", target=f"employee.{i // per + 1}.{i % per + 1}",
                      label_key="sy.act.hire", employee=f"sy.employee.{self.emp_ids[employee]}", cost=cost)

    def _make_canal_action(self, i, k):
        return Action(f"canal:{i + 1}", "sy.canal.buy", target=f"canal.{i + 1}", label_key="sy.act.canal",
                      tile=f"sy.canal.{self.canal_ids[k]}", cost=self.numbers.canal_prices[i])

    def _make_goods_action(self, i, k):
        return Action(f"goods:{i + 1}", "sy.goods.buy", target=f"goods.{i + 1}", label_key="sy.act.goods",
                      tile=f"sy.goods-tile.{self.goods_ids[k]}", cost=self.numbers.goods_prices[i])
