"""Refilling the markets after an action: chance steps over what lies face down (sy.build.refill,
sy.canal.refill, sy.goods.refill, sy.employee.reveal), and the used canal and goods tiles reshuffled
when their supply runs out (an automatic step).

A mixin of the Shipyard class (shipyard.py); `state.refills` lists the places left to fill, in order.
"""

from __future__ import annotations

from ..core.actions import Event
from ..core.chance import Chance, Outcome
from ..core.texts import Text
from .components import PARTS


class MarketRefills:
    """The markets refilled; mixed into Shipyard."""

    # == refilling the markets: chance steps over what is face down ========================================
    def _outcomes(self, kind, pool) -> list:
        """The outcomes of a draw from a pool of counts by kind (each Outcome made once and kept)."""
        cache, texts, out = self._outcome_cache, self.chance_texts[kind], []
        for k, n in enumerate(pool):
            if n:
                o = cache.get((kind, k, n))
                if o is None:
                    o = cache[(kind, k, n)] = Outcome(texts[k][0], n, texts[k][1])
                out.append(o)
        return out

    def _refill_chance(self, state) -> Chance | None:
        what, where = state.refills[0]
        if what == "part":
            pool = self._part_pool(state, where)
            if pool is None:
                return None
            stack = 1 if pool is state.stack[self.column_kind(where)][1] else 0
            return Chance("sy.build.refill", Text("sy.chance.part", part=f"sy.partname.{PARTS[self.column_kind(where)]}",
                                                  stack=("I", "II")[stack], place=self.places[where]),
                          self._outcomes("part", pool))
        if what == "canal":
            if not any(state.canal_pool):
                return None
            return Chance("sy.canal.refill", Text("sy.chance.canal"), self._outcomes("canal", state.canal_pool))
        if what == "goods":
            if not any(state.goods_pool):
                return None
            return Chance("sy.goods.refill", Text("sy.chance.goods"), self._outcomes("goods", state.goods_pool))
        return Chance("sy.employee.reveal", Text("sy.chance.employee", stop=where // self.rondels.per_stop + 1),
                      self._outcomes("employee", state.emp_hidden))

    def column_kind(self, place) -> int:
        return PARTS.index(self.numbers.columns[place // self.rows])

    def _part_pool(self, state, place):
        """sy.build.refill: stack I of the column's kind, or stack II once I is empty; None if both are."""
        first, second = state.stack[self.column_kind(place)]
        if any(first):
            return first
        if any(second):
            return second
        return None

    def _refill(self, state, outcome, events):
        what, _, name = outcome.partition(":")
        kind, where = state.refills.pop(0)
        if kind == "part":
            k = self.part_ids.index(name)
            pool = self._part_pool(state, where)
            pool[k] -= 1
            state.market[where] = k
            events.append(Event("sy.build.refill", key="sy.log.refill-part", part=f"sy.part.{name}",
                                place=self.places[where]))
            part = self.column_kind(where)
            if self._part_pool(state, where) is None and state.ender < 0:
                self._trigger(state, "parts", events, part=f"sy.partname.{PARTS[part]}")
        elif kind == "canal":
            k = self.canal_ids.index(name)
            state.canal_pool[k] -= 1
            state.canal_market[where] = k
            events.append(Event("sy.canal.refill", key="sy.log.refill-canal", tile=f"sy.canal.{name}"))
        elif kind == "goods":
            k = self.goods_ids.index(name)
            state.goods_pool[k] -= 1
            state.goods_market[where] = k
            events.append(Event("sy.goods.refill", key="sy.log.refill-goods", tile=f"sy.goods-tile.{name}"))
        else:
            k = self.emp_ids.index(name)
            state.emp_hidden[k] -= 1
            state.emp_under[where] = 0
            state.emp_top[where] = k
            events.append(Event("sy.employee.reveal", key="sy.log.reveal", employee=f"sy.employee.{name}",
                                stop=where // self.rondels.per_stop + 1))
        self._after_refill(state, events)

    def _refill_auto(self, state, events):
        """A place that cannot be refilled from the face-down tiles: reshuffle the used ones, or leave it."""
        kind, where = state.refills[0]
        if kind == "canal" and any(state.canal_used):
            events.append(Event("sy.canal.reshuffle", key="sy.log.reshuffle-canal", tiles=sum(state.canal_used)))
            for seat, n in enumerate(state.kept):
                events.append(Event("sy.canal.reshuffle", seat=seat, key="sy.log.kept-count", kept=n))
            state.canal_pool = state.canal_used
            state.canal_used = [0] * len(self.canal_ids)
            return
        if kind == "goods" and any(state.goods_used):
            events.append(Event("sy.goods.refill", key="sy.log.reshuffle-goods", tiles=sum(state.goods_used)))
            state.goods_pool = state.goods_used
            state.goods_used = [0] * len(self.goods_ids)
            return
        state.refills.pop(0)
        rule = {"part": "sy.build.refill", "canal": "sy.canal.refill", "goods": "sy.goods.refill"}[kind]
        events.append(Event(rule, key="sy.log.refill-none"))
        self._after_refill(state, events)

    def _after_refill(self, state, events):
        if not state.refills:
            state.phase = state.resume
            state.resume = ""
            if state.phase == "turn" and state.main_done and not self._bonus_options(state):
                self._find_ships(state, events)          # nothing left to decide: on to the test cruises
