"""Endeavor: Age of Sail (2018), rulebook 000_98ba3dcda373bef6.txt.

The rules Age of Sail shares with the 2009 edition are in endeavor.py (the
round and its phases, scoring) and action_phase.py (phase 4). What is Age of
Sail's own is here, in the rulebook's order: the board sides and options, the
level-5 tiles kept face down, the start tile with its worker, the build level's
way out when nothing is left at your level, the extra slavery card, the Europe
discard pile (in endeavor.py, as the default), and the two-player Silent Fleet
(silent_fleet.py). Rule ids are aos.*, each with its entry in data/rules.toml.
"""

from __future__ import annotations

from ..core.actions import Event
from ..core.game import Option
from ..core.moves import joined, move, refuses
from ..core.texts import Text
from .components import AGE_OF_SAIL, DATA
from .endeavor import Endeavor

SILENT_OPTIONS = ("sf_restricted_occupy", "sf_no_token_reaction", "sf_scarce_buildings")
SILENT_RULES = {"sf_restricted_occupy": "aos.variant.sf-restricted-occupy",
                "sf_no_token_reaction": "aos.variant.sf-no-token-reaction", "sf_scarce_buildings": "aos.variant.scarce"}


class AgeOfSail(Endeavor):
    id = "endeavor-aos"
    min_players, max_players = 2, 5
    data_dir = DATA
    edition = AGE_OF_SAIL
    chooses_start = True

    # == options (配件, 前三個階段, 沉默的艦隊) ==================================
    def options(self, players):
        # The rulebook suggests a side (A suits 2-3 players and a fierce 4-player game, B a calm 4 or
        # 5) but forbids none: any side may be chosen, and the dialog shows the suggestion.
        options = [Option("side", ("A", "B"), "B" if players == 5 else "A", hint=Text("aos.option.side.hint")),
                   Option("phase_order", ("beginner", "experienced"), "beginner")]
        if players == 2:
            options.append(Option("silent_fleet", (False, True), False))
            options += [Option(name, (False, True), False) for name in SILENT_OPTIONS]
        return options

    def check_options(self, players, options):
        if players == 2 and not options["silent_fleet"]:
            on = [name for name in SILENT_OPTIONS if options[name]]
            if on:
                raise ValueError(f"{self.id}: option '{on[0]}' is an optional rule of the Silent Fleet")

    # == setup (初始設置) ======================================================
    def setup_variants(self, state, players, options, events):
        if options.get("silent_fleet"):
            state.silent_seat = players
            state.silent_supply = self.mat.discs
            events.append(Event("aos.variant.silent-fleet", key="aos.silent.setup"))
            for name, rule in SILENT_RULES.items():
                if options[name]:
                    events.append(Event(rule, key=f"aos.silent.{name}"))

    def setup_level5(self, state, events):
        """E: of the 7 level-5 tiles, 3 are turned face up for this game; 4 stay face down."""
        level5 = [b.id for b in self.buildings.values() if b.level == 5]
        state.rng.shuffle(level5)
        in_play = self.mat.level5_in_play
        state.level5_face_down = sorted(level5[in_play:])
        for building in level5[:in_play]:
            state.supply[building] = 1
        events.append(Event("aos.setup.level5", buildings=[f"building.{b}" for b in sorted(level5[:in_play])]))

    def setup_start(self, state, events):
        """H: in crown order, each player picks a side of their start tile."""
        state.phase = "start"
        state.steps = [("start", seat) for seat in self.turn_order(state)]

    def _take_start_tile(self, state, seat, player, side, events):
        player.buildings.append(side)
        player.workers.append(self.mat.start_on_building)
        player.supply -= self.mat.start_on_building
        events.append(Event("aos.setup.start-tile", seat=seat, automatic=False, building=f"building.{side}"))
        self.gain_icons(player, seat, self.buildings[side].icons, events)
        state.steps.pop(0)
        if not state.steps:
            self._begin_round(state, events)

    # == the flow: the scarce-buildings step of the Silent Fleet ==============
    def steps_before_build(self, state, order):
        return [("scarce", order[1])] if state.options.get("sf_scarce_buildings") else []   # the player without the crown

    def decides_other(self, state, phase, seat):
        if phase == "start":
            return seat
        if phase == "scarce":
            return seat if self.silent.scarce_choices(state, seat) else None
        return None

    def choices_other(self, state, phase, seat):
        if phase == "start":
            return [self.offer("start", args=(side,), target=f"start.{side}", building=f"building.{side}")
                    for side in self.start_sides]
        if phase == "scarce":
            return self.silent.scarce_choices(state, seat)
        return []

    @move("start", "aos.setup.start-tile", phases=("start",), arg=joined)
    def _start_tile(self, state, side, events):
        seat = state.steps[0][1]
        self._take_start_tile(state, seat, state.players[seat], side, events)

    @refuses("start")
    def _why_start(self, state, side):
        return None             # every start tile is offered to each player in turn

    @move("scarce", "aos.variant.scarce", phases=("scarce",), arg=joined)
    def _scarce(self, state, building, events):
        self.silent.scarce(state, state.steps[0][1], building, events)
        self._finish_step(state, events)

    @refuses("scarce")
    def _why_scarce(self, state, building):
        if any(a.args == (building,) for a in self.silent.scarce_choices(state, state.steps[0][1])):
            return None
        return self.why_not_build(state, state.players[state.steps[0][1]], building, scarce=True)

    def auto_other(self, state, phase, seat, events):
        if phase == "scarce":
            events.append(Event("aos.variant.scarce", key="aos.scarce.none", seat=seat))
            self._finish_step(state, events)
        else:
            super().auto_other(state, phase, seat, events)

    # == 1: build (建造階段) ===================================================
    def _buildable(self, state, player) -> list[str]:
        """If the tray has nothing at or below the build level, the next level up is allowed."""
        allowed = super()._buildable(state, player)
        if allowed or len(player.buildings) >= self.mat.coastline_slots:
            return allowed
        level = self.build_level(player) + 1      # aos.build.level.next
        return [b for b, left in state.supply.items() if left and self.buildings[b].level <= level]

    def why_not_build(self, state, player, building_id, scarce=False):
        """Face-down level-5 tiles and sold-out types say so; otherwise the build level forbids it (the
        scarce-buildings pick too, which removes a building at most of the remover's build level)."""
        name = f"building.{building_id}"
        if building_id in state.level5_face_down:
            return "aos.setup.level5", Text("aos.why.face-down", building=name)
        if not state.supply.get(building_id):
            return "aos.build", Text("aos.why.sold-out", building=name)
        return "aos.build.level", Text(
            "aos.why.scarce-level" if scarce else "aos.why.build-level", building=name,
            level=self.buildings[building_id].level, build_level=self.build_level(player),
            industry=player.attributes[0])

    # == prepared positions (scenarios.py) =====================================
    def scenarios(self):
        from .scenarios import SCENARIOS
        return {name: make(self) for name, make in SCENARIOS.items()}
