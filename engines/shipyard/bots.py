"""What the bots ask of Shipyard: the heuristic (the greedy bot's choice, the search's leaves) and its
helpers, and `determinize`, the other players' contracts drawn again for a search.

A mixin of the Shipyard class (shipyard.py).
"""

from __future__ import annotations

from .components import (BUILD, CANAL, CANNON, CAPTAIN, CRANE, CREW_ACTION, EMPLOYEE, ENGINE, EQUIP,
                         GOODS_ACTION, MERCHANT, SAIL, SOLDIER, STOKER, TRADE)


class BotSupport:
    """The heuristic and determinize; mixed into Shipyard."""

    def heuristic(self, state, seat):
        """Points now, and a share of what the table promises: money, ships in the yard (a complete one most),
        a captain and the rest of the dock, canal to sail, employees, goods, what is aboard the ship being
        fitted out, and the contracts held as they would score now. A sailed ship keeps its premium over the
        points it scored (`_sailed_premium`), so a cruise does not lower the value: the greedy bot never
        compares a position before a cruise with one after it (the cruise is automatic), its choices are
        the same; the search does, and no longer shies away from cruises."""
        value = sum(state.points[seat]) + 0.25 * state.money[seat]
        codes = self.codes(state, seat)
        complete = self.yard.ships(codes)
        dock = state.dock[seat]
        reach = self.reach(state, seat)
        ready = dock[CAPTAIN] > 0 and reach >= 4          # a complete ship would score
        c = state.cruise
        cruising = c is not None and c["seat"] == seat and c["stage"] in ("fit", "speed")
        value += sum((6 + (b - a) if ready else 1) for a, b in complete if not (cruising and a == c["bow"]))
        value += 0.9 * (sum(1 for c in codes if c) - sum(b - a + 1 for a, b in complete))
        if state.holding >= 0 and state.phase == "place":
            value += 0.9
        value += 3 * min(dock[CAPTAIN], 1) + 0.8 * (sum(dock) - min(dock[CAPTAIN], 1))
        value += 0.6 * min(reach, 8)
        if state.phase == "turn" and not state.main_done and state.seat == seat and state.chosen >= 0:
            value += self._promise(state, seat, state.chosen, codes, reach)
        value += 0.8 * len(state.staff[seat]) + 0.8 * len(state.goods[seat])
        if cruising:
            # the ship being fitted out: worth a lot with a captain aboard and a canal long enough for its
            # speed, and each piece aboard about what it will score
            fit = c["fitted"]
            if fit[CAPTAIN] and reach >= self.speed(state, seat, fit)[0]:
                value += self._ready_ship(len(c["parts"]), fit)
        # Ships that have sailed keep the premium the estimate above gave them over the points they scored:
        # without it, every cruise would look like a loss of about 8 points, and a search that sees one
        # coming puts it off (a paid bonus action, an unfinished ship) and rates a rival's cruise as a gain.
        value += sum(self._sailed_premium(ship) for ship in state.fleet[seat])
        best = {}
        for contract in state.red[seat] + state.blue[seat]:
            colour = self.contract_list[contract].colour
            best[colour] = max(best.get(colour, 0), self.contract_points(state, seat, contract))
        return value + 0.5 * sum(best.values())

    @staticmethod
    def _ready_ship(parts: int, fit) -> float:
        """The heuristic's worth of a ship fitted out to sail: its parts, and each piece aboard about what
        it will score."""
        return (6 + parts + 1.3 * (fit[MERCHANT] + fit[SOLDIER] + fit[CAPTAIN] - 1)
                + 2.5 * (fit[CANNON] + fit[CRANE]) + 1.3 * (fit[SAIL] + fit[ENGINE] + fit[STOKER]))

    def _sailed_premium(self, ship) -> float:
        """What the heuristic counted for a ship about to sail (fitted out, with the canal its speed used)
        beyond the points its cruise scored."""
        before = self._ready_ship(ship["parts"], ship["fitted"]) + 0.6 * ship["speed"]
        return max(0.0, before - ship["points"])

    def _promise(self, state, seat, a, codes, reach) -> float:
        """What carrying out the chosen action is likely worth, for the greedy bot's choice of a tile: what
        the shipyard lacks most (parts for a ship, a canal to sail, a captain) is worth most."""
        parts = sum(1 for c in codes if c)
        if a == BUILD:
            return 3.5 if parts < 7 else 0.5
        if a == CANAL:
            return 3.5 if reach < 6 else 1.0
        if a == CREW_ACTION:
            return 3.5 if not state.dock[seat][CAPTAIN] else 1.5
        if a == EQUIP:
            return 2.0
        if a == EMPLOYEE:
            return 1.5
        if a == TRADE:
            return 2.0
        return 1.0 if a == GOODS_ACTION else 0.5

    def determinize(self, state, seat, rng):
        """What `seat` cannot see drawn again: the other players' contracts (kept and discarded), from all the
        contracts it has not seen. The face-down stacks are kept as counts, so nothing else is hidden."""
        import pickle
        copy = pickle.loads(pickle.dumps(state, 5))
        for colour in ("red", "blue"):
            hands = copy.red if colour == "red" else copy.blue
            pool = copy.red_pool if colour == "red" else copy.blue_pool
            unseen = list(pool)
            for s in range(copy.players):
                if s != seat:
                    unseen += hands[s] + [c for c in copy.discarded[s] if self.contract_list[c].colour == colour]
            unseen.sort()                  # so the redraw depends on what the seat sees, not on the hidden order
            rng.shuffle(unseen)
            for s in range(copy.players):
                if s == seat:
                    continue
                n = len(hands[s])
                hands[s][:] = unseen[:n]
                del unseen[:n]
            for s in range(copy.players):
                if s != seat:
                    others = [c for c in copy.discarded[s] if self.contract_list[c].colour != colour]
                    n = len(copy.discarded[s]) - len(others)
                    copy.discarded[s][:] = others + unseen[:n]
                    del unseen[:n]
            pool[:] = sorted(unseen)
        return copy
