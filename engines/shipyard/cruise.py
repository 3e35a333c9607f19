"""5. The test cruise (試航): every complete ship in the yard sets out, in the order its owner picks; it is
fitted out (裝備&船員), its speed is worked out (速度), it sails along the canal one space a step, then it
scores and leaves the yard (分數, 試航結束).

A mixin of the Shipyard class (shipyard.py). The cruise in progress is `state.cruise`, a plain dict the
board shows step by step (view.py).
"""

from __future__ import annotations

from ..core.actions import Event
from ..core.moves import move, refuses
from ..core.texts import Text
from .components import (CANNON, CAPTAIN, CRANE, ENGINE, ITEMS, MERCHANT, PART_PARTS, SAIL, SOLDIER,
                         STOKER)

CREW_POINTS = (CAPTAIN, MERCHANT, SOLDIER)          # stokers score nothing


class Cruise:
    """The test cruise; mixed into Shipyard."""

    # == 5. the test cruise (試航) ============================================================================
    def _find_ships(self, state, events):
        """The turn's action step is over: every complete ship in the yard sets out on its test cruise."""
        state.cruising = [a for a, _ in self.yard.ships(self.codes(state, state.seat))]
        if not state.cruising:
            self._end_turn(state, events)
        elif len(state.cruising) == 1:
            self._start_cruise(state, state.cruising.pop(), events)
        else:
            events.append(Event("sy.cruise.order", seat=state.seat, key="sy.log.ships", count=len(state.cruising)))
            state.phase = "order"

    def ship_span(self, state, seat, bow) -> tuple:
        return next((a, b) for a, b in self.yard.ships(self.codes(state, seat)) if a == bow)

    def _start_cruise(self, state, bow, events):
        seat = state.seat
        if bow in state.cruising:
            state.cruising.remove(bow)
        a, b = self.ship_span(state, seat, bow)
        parts = state.yard[seat][a:b + 1]
        features = [sum(self.part_feature[k][f] for k in parts) for f in range(8)]
        state.cruise = {"seat": seat, "bow": a, "stern": b, "parts": list(parts), "features": features,
                        "fitted": [0] * 8, "stage": "fit", "speed": 0, "speed_parts": {}, "step": 0,
                        "path": [], "riband": 0, "points": {p: 0 for p in PART_PARTS[:4]}, "checkpoints": [],
                        "result": ""}
        events.append(Event("sy.cruise.order", seat=seat, key="sy.log.cruise", parts=len(parts), bow=a + 1, stern=b + 1))
        state.phase = "fit"

    # -- fitting out (裝備&船員) -------------------------------------------------------------------------------
    def builder_extra(self, state, seat, item) -> int:
        return sum(1 for e in state.staff[seat] if self.emp[e].family == "builder" and self.emp[e].item == item)

    def room_for(self, state, item) -> bool:
        """Is there a mount or cabin (or a builder's allowance) left on the cruising ship for this item?"""
        c = state.cruise
        seat, f, fit = c["seat"], c["features"], c["fitted"]
        if item in (SAIL, ENGINE):
            return fit[SAIL] + fit[ENGINE] < f[2] + self.builder_extra(state, seat, "mast")
        if item == CANNON:
            return fit[CANNON] < f[3] + self.builder_extra(state, seat, "cannon")
        if item == CRANE:
            return fit[CRANE] < f[4] + self.builder_extra(state, seat, "crane")
        if item == STOKER:
            return fit[STOKER] < f[1] + self.builder_extra(state, seat, "stoker")
        if item == CAPTAIN and fit[CAPTAIN] == 0:
            return True                                   # sy.cruise.captain: the first captain needs no cabin
        cabins_used = max(fit[CAPTAIN] - 1, 0) + fit[MERCHANT] + fit[SOLDIER]
        return cabins_used < f[0] + self.builder_extra(state, seat, "crew")

    def _fit_options(self, state) -> list[int]:
        dock = state.dock[state.cruise["seat"]]
        return [i for i in range(len(ITEMS)) if dock[i] and self.room_for(state, i)]

    @move("fit", "sy.cruise.fit", phases=("fit",), arg=lambda game, item: ITEMS[item])
    def _fit(self, state, item, events):
        c = state.cruise
        seat = c["seat"]
        state.dock[seat][item] -= 1
        c["fitted"][item] += 1
        events.append(Event("sy.cruise.fit", seat=seat, automatic=False, key="sy.log.fit", item=f"sy.item.{ITEMS[item]}"))

    @refuses("fit")
    def _why_fit(self, state, item):
        if item in self._fit_options(state):
            return None
        name = f"sy.item.{ITEMS[item]}"
        if not state.dock[state.cruise["seat"]][item]:
            return "sy.cruise.fit", Text("sy.why.fit-none", item=name)
        if item < 4:
            return "sy.cruise.mounts", Text("sy.why.fit-mount", item=name)
        if item == STOKER:
            return "sy.cruise.cabins", Text("sy.why.fit-boiler")
        if item == CAPTAIN:
            return "sy.cruise.captain", Text("sy.why.fit-captain")
        return "sy.cruise.cabins", Text("sy.why.fit-cabin", item=name)

    @move("launch", "sy.cruise.fit", phases=("fit",))
    def _launch(self, state, events, decided=True):
        c = state.cruise
        c["stage"] = "speed"
        events.append(Event("sy.cruise.fit", seat=c["seat"], automatic=not decided, key="sy.log.launch"))
        state.phase = "speed"

    @refuses("launch")
    def _why_launch(self, state):
        return None             # the ship may sail with whatever is fitted

    # -- speed (速度) -----------------------------------------------------------------------------------------
    def speed(self, state, seat, fitted) -> tuple[int, dict]:
        """sy.cruise.speed, with the speed employees: (speed, its parts for the narration)."""
        sails, engines, stokers = fitted[SAIL], fitted[ENGINE], fitted[STOKER]
        if engines and stokers:
            parts = {"base": 4, "sails": sails, "engines": engines - 1, "stokers": stokers - 1}
        else:
            parts = {"base": 1, "sails": sails, "stokers": stokers, "engine_pairs": engines // 2}
        steam = bool(engines and stokers)
        parts["employees"] = sum(1 for e in state.staff[seat] if self.emp[e].family == "speed"
                                 and ((self.emp[e].item == "sail" and sails) or (self.emp[e].item == "steam" and steam)))
        return sum(parts.values()), parts

    def _set_sail(self, state, events):
        """Work out the speed, then check the requirements: a captain and a canal long enough."""
        c = state.cruise
        seat = c["seat"]
        c["speed"], c["speed_parts"] = self.speed(state, seat, c["fitted"])
        parts = c["speed_parts"]
        if "engines" in parts:
            key = "sy.log.speed-steam"
        elif any(parts[k] for k in parts if k != "base"):
            key = "sy.log.speed-sail"
        else:           # nothing aboard drives it: no sails, stokers or steam engines to name (a first ship)
            key = "sy.log.speed-plain"
        events.append(Event("sy.cruise.speed", seat=seat, key=key, speed=c["speed"],
                            **(parts if key != "sy.log.speed-plain" else {})))
        if not c["fitted"][CAPTAIN]:
            self._lose_ship(state, "captain", events)
            return
        reach = self.reach(state, seat)
        if reach < c["speed"]:
            self._lose_ship(state, "canal", events, reach=reach)
            return
        c["stage"] = "sail"
        state.phase = "sail"

    def _lose_ship(self, state, why, events, reach=0):
        """sy.cruise.requirements: the ship is removed unscored; what went aboard is lost."""
        c = state.cruise
        seat = c["seat"]
        c["stage"] = "done"
        c["result"] = why
        events.append(Event("sy.cruise.requirements", seat=seat, key=f"sy.log.lost-{why}", speed=c["speed"], reach=reach))
        for i, n in enumerate(c["fitted"]):
            state.wrecked[i] += n
        state.scrapped += c["parts"]
        self._clear_ship(state)

    def _clear_ship(self, state):
        c = state.cruise
        seat = c["seat"]
        for i in range(c["bow"], c["stern"] + 1):
            state.yard[seat][i] = -1
        state.phase = "next-ship"

    # -- sailing along the canal (the marker moves, never back) -------------------------------------------------
    def _longest(self, pieces, i) -> int:
        """The most spaces a ship can sail from the entry of piece i onwards."""
        p = pieces[i]
        tail = 0
        for e in range(self.canal_exits[p[0]]):
            if p[1 + e] >= 0:
                tail = max(tail, self._longest(pieces, p[1 + e]))
        return len(self.canal_spaces[p[0]]) + tail

    def reach(self, state, seat) -> int:
        """How far the ship marker can still sail from where it stands."""
        piece, space = state.ship[seat]
        if piece < 0:
            return 0
        pieces = state.canal[seat]
        return self._longest(pieces, piece) - space - 1

    def _ways(self, state) -> list[int]:
        """At the end of a tile: the exits that lead far enough for the rest of the cruise."""
        c = state.cruise
        seat = c["seat"]
        piece, space = state.ship[seat]
        pieces = state.canal[seat]
        p = pieces[piece]
        if space + 1 < len(self.canal_spaces[p[0]]):
            return []
        need = c["speed"] - c["step"]
        return [e for e in range(self.canal_exits[p[0]]) if p[1 + e] >= 0 and self._longest(pieces, p[1 + e]) >= need]

    def _sail(self, state, way, events, decided=False):
        """One space forward; leaving a tile removes it (and whatever is cut off with it)."""
        c = state.cruise
        seat = c["seat"]
        pieces = state.canal[seat]
        piece, space = state.ship[seat]
        p = pieces[piece]
        if decided:
            events.append(Event("sy.cruise.sail", seat=seat, automatic=False, key="sy.log.fork", piece=p[1 + way] + 1))
        if space + 1 < len(self.canal_spaces[p[0]]):
            space += 1
        else:
            nxt = p[1 + way]
            self._leave(state, seat, piece, nxt, events)
            piece, space = nxt, 0
        state.ship[seat] = [piece, space]
        c["step"] += 1
        icon = self.canal_spaces[pieces[piece][0]][space]
        entry = {"piece": piece + 1, "space": space + 1, "step": c["step"], "icon": icon, "points": 0}
        c["path"].append(entry)
        if icon:
            self._checkpoint(state, icon, entry, events)
        else:
            events.append(Event("sy.cruise.sail", seat=seat, key="sy.log.sail", step=c["step"], speed=c["speed"]))
        if c["step"] >= c["speed"]:
            c["stage"] = "score"
            state.phase = "score"

    def _leave(self, state, seat, piece, nxt, events):
        """sy.cruise.remove-tile: the tile left behind is kept face down; sy.cruise.isolated: any branch cut
        off with it is removed too and not kept."""
        pieces = state.canal[seat]
        k = pieces[piece][0]
        state.kept[seat] += 1
        state.canal_used[k] += 1
        cut = [pieces[piece][1 + e] for e in range(self.canal_exits[k]) if pieces[piece][1 + e] not in (-1, nxt)]
        pieces[piece] = None
        events.append(Event("sy.cruise.remove-tile", seat=seat, key="sy.log.remove-tile", tile=f"sy.canal.{self.canal_ids[k]}",
                            piece=piece + 1, kept=state.kept[seat]))
        lost = []
        while cut:
            i = cut.pop()
            p = pieces[i]
            lost.append(f"sy.canal.{self.canal_ids[p[0]]}")
            state.canal_used[p[0]] += 1
            cut += [p[1 + e] for e in range(self.canal_exits[p[0]]) if p[1 + e] >= 0]
            pieces[i] = None
        if lost:
            events.append(Event("sy.cruise.isolated", seat=seat, key="sy.log.isolated", tiles=lost))
        while pieces and pieces[-1] is None:
            pieces.pop()

    def checkpoint_count(self, state, icon) -> int:
        """What a checkpoint counts on the cruising ship."""
        c = state.cruise
        fit = c["fitted"]
        if icon == "military":
            return fit[CANNON] + fit[SOLDIER]
        if icon == "economic":
            return fit[CRANE] + fit[MERCHANT]
        # the safety icons count on the hull parts only (船身), not on the bow and the stern
        f = 5 + ("lantern", "lifeboat", "buoy").index(icon)
        return sum(self.part_feature[k][f] for k in c["parts"][1:-1])

    def _checkpoint(self, state, icon, entry, events):
        c = state.cruise
        seat = c["seat"]
        if icon == "riband":
            c["riband"] = c["step"]
            events.append(Event("sy.cruise.riband", seat=seat, key="sy.log.riband", step=c["step"]))
            return
        points = self.checkpoint_count(state, icon)
        entry["points"] = points
        c["points"]["checkpoints"] += points
        c["checkpoints"].append({"icon": icon, "step": c["step"], "points": points})
        state.points[seat][3] += points
        events.append(Event("sy.cruise.checkpoint", seat=seat, key=f"sy.log.checkpoint-{icon}", step=c["step"],
                            points=points))

    # -- scoring, after the cruise (分數, 試航結束) -----------------------------------------------------------------
    def _score_ship(self, state, events):
        c = state.cruise
        seat = c["seat"]
        fit = c["fitted"]
        crew = sum(fit[i] for i in CREW_POINTS)
        equipment = 2 * (fit[CANNON] + fit[CRANE])
        speed = c["speed"]
        riband = c["riband"]
        p = state.points[seat]
        p[0] += crew
        p[1] += equipment
        p[2] += speed
        p[3] += riband
        c["points"]["crew"], c["points"]["equipment"], c["points"]["speed"] = crew, equipment, speed
        c["points"]["checkpoints"] += riband
        events.append(Event("sy.cruise.score.crew", seat=seat, points=crew,       # stokers named only if aboard
                            key="sy.log.score-crew" if fit[STOKER] else "sy.log.score-crew-plain"))
        events.append(Event("sy.cruise.score.equipment", seat=seat, key="sy.log.score-equipment", points=equipment))
        events.append(Event("sy.cruise.score.speed", seat=seat, key="sy.log.score-speed", points=speed))
        if riband:
            events.append(Event("sy.cruise.riband", seat=seat, key="sy.log.riband-score", points=riband))
        total = sum(c["points"].values())
        events.append(Event("sy.cruise.after", seat=seat, key="sy.log.cruise-total", points=total,
                            piece=state.ship[seat][0] + 1, space=state.ship[seat][1] + 1))
        f = c["features"]
        state.fleet[seat].append({"parts": len(c["parts"]), "fitted": list(fit), "speed": speed,
                                  "lanterns": f[5], "lifeboats": f[6], "buoys": f[7], "points": total,
                                  "kinds": list(c["parts"])})
        events.append(Event("sy.cruise.fleet", seat=seat, key="sy.log.fleet", ships=len(state.fleet[seat])))
        c["stage"] = "done"
        c["result"] = "scored"
        self._clear_ship(state)

    def _next_ship(self, state, events):
        if not state.cruising:
            self._end_turn(state, events)
        elif len(state.cruising) == 1:
            self._start_cruise(state, state.cruising[0], events)
        else:
            state.phase = "order"
