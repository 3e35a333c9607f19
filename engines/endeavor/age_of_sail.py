"""Endeavor: Age of Sail (2018), rulebook 000_98ba3dcda373bef6.txt.

Read top to bottom like the rulebook: setup, then each round's phases in
order, then final scoring. Rule ids (aos.*) tie each step to its entry in
data/rules.toml, which cites the rulebook section.

Implemented here: setup for 2-5 players on board side A or B, the start tile,
and the Build, Growth and Salary phases in either phase order. The action and
discard phases, the map and the cards follow (issue 3); until then a round ends
after the salary phase.
"""

from __future__ import annotations

from ..core.actions import Action, Event
from ..core.game import Game, Option
from ..core.texts import Text
from .components import ATTRIBUTES, DATA, load_buildings, load_mat
from .state import State

INDUSTRY, CULTURE, WEALTH, INFLUENCE = range(4)
DECISION_PHASES = ("start", "build", "salary")


class AgeOfSail(Game):
    id = "endeavor-aos"
    min_players, max_players = 2, 5
    data_dir = DATA

    def __init__(self):
        super().__init__()
        self.buildings = load_buildings()
        self.mat = load_mat()
        self.start_sides = [b.id for b in self.buildings.values() if b.level == 0]

    # == options ==============================================================
    def options(self, players):
        return [
            # Side A suits 2-3 players and a fierce 4-player game, side B a calmer 4 or 5 (rulebook 配件).
            Option("side", ("A", "B") if players == 4 else (("B",) if players == 5 else ("A", "B")),
                   "B" if players == 5 else "A"),
            # Beginners play each of the first three phases around the table; experienced players
            # do build, growth and salary together on their turn (rulebook 前三個階段).
            Option("phase_order", ("beginner", "experienced"), "beginner"),
        ]

    # == levels (player mat) ==================================================
    def level(self, player, attribute: int) -> int:
        return self.mat.level(player.attributes[attribute])

    def build_level(self, player):
        return self.level(player, INDUSTRY)

    def growth(self, player):
        return self.level(player, CULTURE) + self.mat.growth_bonus

    def salary(self, player):
        return self.level(player, WEALTH)

    def card_limit(self, player):
        return min(self.level(player, INFLUENCE), self.mat.max_cards)

    # == setup (初始設置) ======================================================
    def setup(self, players, options, seed, events):
        state = State(players, self.mat.discs, seed, options)
        # E: the tray holds every type of levels 1-4; of the 7 level-5 tiles, 4 stay face down.
        for b in self.buildings.values():
            if 1 <= b.level <= 4:
                state.supply[b.id] = b.copies
        level5 = [b.id for b in self.buildings.values() if b.level == 5]
        state.rng.shuffle(level5)
        in_play = self.mat.level5_in_play
        state.level5_face_down = sorted(level5[in_play:])
        for building in level5[:in_play]:
            state.supply[building] = 1
        events.append(Event("aos.setup.level5", buildings=[f"building.{b}" for b in sorted(level5[:in_play])]))
        # G: a random player takes the crown.
        state.crown = state.rng.below(players)
        events.append(Event("aos.setup.crown", seat=state.crown))
        # H: in crown order, each player picks a side of their start tile.
        state.phase = "start"
        state.steps = [("start", seat) for seat in self.turn_order(state)]
        self._settle(state)
        return state

    def turn_order(self, state) -> list[int]:
        """The crown holder first, then clockwise (遊戲流程)."""
        n = len(state.players)
        return [(state.crown + i) % n for i in range(n)]

    # == the flow of a round ==================================================
    def _begin_round(self, state, events):
        state.round += 1
        order = self.turn_order(state)
        if state.options["phase_order"] == "experienced":
            steps = [(phase, seat) for seat in order for phase in ("build", "growth", "salary")]
        else:
            steps = [(phase, seat) for phase in ("build", "growth", "salary") for seat in order]
        state.steps = steps + [("end", None)]
        events.append(Event("aos.flow.rounds", key="aos.round.begin", round=state.round, crown=state.crown))

    def _finish_step(self, state, events):
        state.steps.pop(0)
        state.paid = 0
        if not state.steps:
            self._begin_round(state, events)
        self._settle(state)

    def _settle(self, state):
        """Cache whose decision is pending; None means the next step is automatic."""
        phase, seat = state.steps[0]
        state.phase = phase
        if phase == "start":
            state.to_move = seat
        elif phase == "build":
            state.to_move = seat if self._buildable(state, state.players[seat]) else None
        elif phase == "salary":
            state.to_move = seat if self._salary_needs_choice(state, state.players[seat]) else None
        else:
            state.to_move = None

    def to_move(self, state):
        return state.to_move

    # == decisions ============================================================
    def legal_actions(self, state):
        phase, seat = state.steps[0]
        player = state.players[seat]
        if phase == "start":
            return [Action(f"start:{side}", "aos.setup.start-tile", target=f"start.{side}", building=f"building.{side}")
                    for side in self.start_sides]
        if phase == "build":
            return [Action(f"build:{b}", "aos.build", target=f"tray.{b}", building=f"building.{b}")
                    for b in self._buildable(state, player)]
        if phase == "salary":
            return [Action(f"pay:{slot}", "aos.salary", target=f"mat.{seat}.slot.{slot}",
                           building=f"building.{player.buildings[slot]}", slot=slot)
                    for slot, worker in enumerate(player.workers) if worker]
        return []

    def candidates(self, state):
        """What the board shows for the decision, including what is not allowed (with a reason)."""
        phase, seat = state.steps[0]
        if phase == "build":
            return [Action(f"build:{b}", "aos.build", target=f"tray.{b}", building=f"building.{b}")
                    for b, left in state.supply.items() if left]
        if phase == "salary":
            player = state.players[seat]
            return [Action(f"pay:{slot}", "aos.salary", target=f"mat.{seat}.slot.{slot}",
                           building=f"building.{b}", slot=slot)
                    for slot, b in enumerate(player.buildings)]
        return self.legal_actions(state)

    def explain(self, state, action_id):
        kind, _, arg = action_id.partition(":")
        phase, seat = state.steps[0]
        wanted = {"start": "start", "build": "build", "pay": "salary"}.get(kind)
        if wanted is None:
            return "core.action.unknown", Text("core.action.unknown", action=action_id)
        if wanted != phase:
            return "aos.flow.phases", Text("aos.why.not-this-phase", action=action_id,
                                           phase=f"phase.{phase}", needed=f"phase.{wanted}")
        player = state.players[seat]
        if kind == "start":
            return "core.action.unknown", Text("core.action.unknown", action=action_id)
        if kind == "build":
            if arg not in self.buildings or self.buildings[arg].level == 0:
                return "core.action.unknown", Text("core.action.unknown", action=action_id)
            if arg in state.level5_face_down:
                return "aos.setup.level5", Text("aos.why.face-down", building=f"building.{arg}")
            if not state.supply.get(arg):
                return "aos.build", Text("aos.why.sold-out", building=f"building.{arg}")
            return "aos.build.level", Text(
                "aos.why.build-level", building=f"building.{arg}", level=self.buildings[arg].level,
                build_level=self.build_level(player), industry=player.attributes[INDUSTRY])
        if kind == "pay":
            if arg not in [str(slot) for slot in range(len(player.buildings))]:
                return "core.action.unknown", Text("core.action.unknown", action=action_id)
            return "aos.salary", Text("aos.why.no-worker", building=f"building.{player.buildings[int(arg)]}")
        return "core.action.unknown", Text("core.action.unknown", action=action_id)

    def apply(self, state, action, events):
        kind, _, arg = action.id.partition(":")
        seat = state.steps[0][1]
        player = state.players[seat]
        if kind == "start":
            self._take_start_tile(state, seat, player, arg, events)
        elif kind == "build":
            self._build(state, seat, player, arg, events)
        elif kind == "pay":
            self._pay(state, seat, player, int(arg), events)

    def auto_step(self, state, events):
        phase, seat = state.steps[0]
        if phase == "build":
            events.append(Event("aos.build", seat=seat, key="aos.build.none"))
            self._finish_step(state, events)
        elif phase == "growth":
            self._grow(state, seat, state.players[seat], events)
        elif phase == "salary":
            self._pay_all(state, seat, state.players[seat], events)
        elif phase == "end":
            self._end_round(state, events)

    # == H: the start tile ====================================================
    def _take_start_tile(self, state, seat, player, side, events):
        player.buildings.append(side)
        player.workers.append(self.mat.start_on_building)
        player.supply -= self.mat.start_on_building
        events.append(Event("aos.setup.start-tile", seat=seat, automatic=False, building=f"building.{side}"))
        self._gain_icons(player, seat, self.buildings[side], events)
        state.steps.pop(0)
        if not state.steps:
            self._begin_round(state, events)
        self._settle(state)

    def _gain_icons(self, player, seat, building, events):
        for attribute, count in enumerate(building.icons):
            if count:
                player.attributes[attribute] += count
                events.append(Event("aos.track.icons", seat=seat, attribute=f"attribute.{ATTRIBUTES[attribute]}",
                                    amount=count, value=player.attributes[attribute]))

    # == 1: build (建造階段) ===================================================
    def _buildable(self, state, player) -> list[str]:
        """Types in the tray at or below the build level; if there are none, the next level up is allowed."""
        if len(player.buildings) >= self.mat.coastline_slots:
            return []
        level = self.build_level(player)
        available = [b for b, left in state.supply.items() if left]
        allowed = [b for b in available if self.buildings[b].level <= level]
        if not allowed:   # aos.build.level.next
            allowed = [b for b in available if self.buildings[b].level <= level + 1]
        return allowed

    def _build(self, state, seat, player, building_id, events):
        state.supply[building_id] -= 1
        player.buildings.append(building_id)
        player.workers.append(0)
        level, build_level = self.buildings[building_id].level, self.build_level(player)
        rule = "aos.build" if level <= build_level else "aos.build.level.next"
        events.append(Event(rule, seat=seat, automatic=False, key="aos.build", building=f"building.{building_id}",
                            level=level, build_level=build_level))
        self._gain_icons(player, seat, self.buildings[building_id], events)
        self._finish_step(state, events)

    # == 2: growth (增長階段) ==================================================
    def _grow(self, state, seat, player, events):
        wanted = self.growth(player)
        taken = min(wanted, player.supply)
        player.supply -= taken
        player.harbor += taken
        if taken < wanted:
            events.append(Event("aos.growth.short", seat=seat, wanted=wanted, amount=taken))
        else:
            events.append(Event("aos.growth", seat=seat, amount=taken,
                                culture=player.attributes[CULTURE], harbor=player.harbor))
        self._finish_step(state, events)

    # == 3: salary (薪水階段) ==================================================
    def _salary_needs_choice(self, state, player) -> bool:
        return sum(player.workers) > self.salary(player) - state.paid > 0

    def _pay(self, state, seat, player, slot, events):
        player.workers[slot] = 0
        player.harbor += 1
        state.paid += 1
        events.append(Event("aos.salary", key="aos.salary.pay", seat=seat, automatic=False,
                            building=f"building.{player.buildings[slot]}", paid=state.paid,
                            salary=self.salary(player)))
        if state.paid >= self.salary(player) or not any(player.workers):
            self._finish_step(state, events)
        else:
            self._settle(state)

    def _pay_all(self, state, seat, player, events):
        """With no more workers than the salary allows, all of them are paid: there is nothing to choose."""
        count = sum(player.workers)
        player.workers = [0] * len(player.workers)
        player.harbor += count
        events.append(Event("aos.salary", seat=seat, key="aos.salary.all" if count else "aos.salary.none",
                            amount=count, salary=self.salary(player)))
        self._finish_step(state, events)

    # == end of round (回合結束) ===============================================
    def _end_round(self, state, events):
        state.steps.pop(0)
        if state.round >= self.mat.rounds:
            state.over = True
            state.phase = "over"
            state.to_move = None
            scores = self.scores(state)
            best = max(s["total"] for s in scores.values())
            events.append(Event("aos.scoring", key="aos.game.end", winners=[s for s, v in scores.items() if v["total"] == best],
                                totals={str(s): v["total"] for s, v in scores.items()}))
            return
        state.crown = (state.crown + 1) % len(state.players)
        events.append(Event("aos.round.end", key="aos.round.crown", seat=state.crown, round=state.round))
        self._begin_round(state, events)
        self._settle(state)

    # == final scoring (遊戲結束以及最終算分) ==================================
    def scores(self, state):
        result = {}
        for seat, player in enumerate(state.players):
            parts = {
                # A: each marker slides back to the last glory-icon space and scores its number.
                "tracks": sum(self.mat.track_glory(v) for v in player.attributes),
                # B: cities and connections (the map arrives with the action phase).
                "cities": 0,
                # C: glory on buildings (City Hall: one per acquire icon on your buildings), cards,
                # and 3 for an empty free governor slot.
                "buildings": self._building_glory(player),
                "cards": 0,
                "governor_slot": 3,
                # D: one glory per three discs left in the harbor.
                "discs": player.harbor // 3,
                # E: minus one per face-down slavery card.
                "slavery": 0,
            }
            result[seat] = {"total": sum(parts.values()), "parts": parts}
        return result

    def _building_glory(self, player) -> int:
        buildings = [self.buildings[b] for b in player.buildings]
        acquire_icons = sum(b.acquire_icons for b in buildings)
        return sum(b.glory + (acquire_icons if b.special == "city-hall" else 0) for b in buildings)

    def scenarios(self):
        from .scenarios import SCENARIOS
        return {name: make(self) for name, make in SCENARIOS.items()}

    def heuristic(self, state, seat):
        player = state.players[seat]
        levels = sum(self.mat.level(v) for v in player.attributes)
        return self.scores(state)[seat]["total"] + 2 * levels + 0.5 * player.harbor

    # == what the board shows ================================================
    def view(self, state, seat):
        view = {
            "game": self.id, "round": state.round, "rounds": self.mat.rounds, "phase": state.phase,
            "crown": state.crown, "to_move": state.to_move,
            "step": None if state.over else {"phase": state.steps[0][0], "seat": state.steps[0][1]},
            "side": state.options["side"], "phase_order": state.options["phase_order"],
            "tray": [self._building_view(b, left) for b, left in state.supply.items()],
            "level5_face_down": (len(state.level5_face_down) if seat is not None
                                 else list(state.level5_face_down)),
            "players": [self._player_view(p) for p in state.players],
            "mat": {"thresholds": list(self.mat.thresholds), "glory_spaces": list(self.mat.glory_spaces),
                    "printed_length": self.mat.printed_length},
            "stand_in": {"buildings": sorted(b.id for b in self.buildings.values() if b.stand_in),
                         "mat": self.mat.stand_in},
        }
        if state.scenario_note:
            view["scenario"] = state.scenario_note
        return view

    def _building_view(self, building_id, left=None):
        b = self.buildings[building_id]
        out = {"id": b.id, "level": b.level, "icons": dict(zip(ATTRIBUTES, b.icons)), "glory": b.glory,
               "actions": list(b.actions), "combine": b.combine, "no_payment": b.no_payment,
               "special": b.special, "stand_in": b.stand_in}
        if left is not None:
            out["left"] = left
        return out

    def _player_view(self, player):
        return {
            "attributes": dict(zip(ATTRIBUTES, player.attributes)),
            "levels": {"build": self.build_level(player), "growth": self.growth(player),
                       "salary": self.salary(player), "card_limit": self.card_limit(player)},
            "harbor": player.harbor, "supply": player.supply,
            "buildings": [{"id": b, "level": self.buildings[b].level, "workers": w, "slot": slot}
                          for slot, (b, w) in enumerate(zip(player.buildings, player.workers))],
        }
