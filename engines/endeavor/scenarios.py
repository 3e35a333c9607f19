"""Prepared positions of Endeavor: Age of Sail for tutorials and classroom demos.

Each one starts from a normal seeded setup and lays out the table the way the
rulebook's examples describe, taking every building from the tray so that the
counts stay true.
"""

from __future__ import annotations

from ..core.actions import Event
from ..core.game import Scenario


def _give_buildings(game, state, seat, buildings, workers=()):
    """Put buildings on a player's coastline as if built in earlier rounds (icons counted)."""
    player = state.players[seat]
    for building in buildings:
        if game.buildings[building].level:
            state.supply[building] -= 1
        player.buildings.append(building)
        player.workers.append(0)
        for attribute, count in enumerate(game.buildings[building].icons):
            player.attributes[attribute] += count
    for slot in workers:
        player.workers[slot] = 1
        player.supply -= 1


def _enter_round(game, state, round_number, phase, events):
    """Jump to the start of `phase` in round `round_number` (the earlier phases of that round done)."""
    state.round = round_number - 1
    game._begin_round(state, events)
    while state.steps[0][0] != phase:
        state.steps.pop(0)
    game._settle(state)


def build_level_example(game):
    """Rulebook 1: 建造階段: industry 5 gives build level 3, and the Theatre adds 2 culture."""
    def prepare(state, events):
        for seat, coast in enumerate([
                ["colonial-house", "shipyard", "workshop", "docks", "fortress", "shipyard"],
                ["merchants-dock", "market", "market", "guild-hall", "bank", "trade-office"],
                ["colonial-house", "workshop", "market", "bank", "docks", "guild-hall"]]):
            _give_buildings(game, state, seat, coast)
            state.players[seat].supply -= 12
            state.players[seat].harbor += 12
        state.crown = 0
        _enter_round(game, state, 6, "build", events)
        state.scenario_note = "build-level"
        events.append(Event("aos.build.level", key="aos.scenario.build-level", seat=0))
    return Scenario(players=3, seed=7, prepare=prepare)


def salary_choice_example(game):
    """Rulebook 3: 薪水階段: wealth 2 pays two workers, so with three at work the player chooses."""
    def prepare(state, events):
        for seat, (coast, workers) in enumerate([
                (["merchants-dock", "workshop", "shipyard"], (0, 1, 2)),
                (["colonial-house", "market", "shipyard"], (0, 2)),
                (["colonial-house", "shipyard", "market"], (1,))]):
            _give_buildings(game, state, seat, coast, workers)
            state.players[seat].supply -= 4
            state.players[seat].harbor += 4
        state.crown = 0
        _enter_round(game, state, 3, "salary", events)
        state.scenario_note = "salary-choice"
        events.append(Event("aos.salary", key="aos.scenario.salary-choice", seat=0))
    return Scenario(players=3, seed=11, prepare=prepare)


SCENARIOS = {"build-level": build_level_example, "salary-choice": salary_choice_example}
