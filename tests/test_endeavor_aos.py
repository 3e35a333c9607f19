"""Endeavor: Age of Sail, one or more tests per rule id of engines/endeavor/data/rules.toml.

Each test names its rule id in its docstring; the rulebook's own worked examples
(000_98ba3dcda373bef6.txt) are tests too. A last test checks that every catalogued
rule id is cited here.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import engines
from engines import IllegalAction
from engines.endeavor.components import DATA
from engines.endeavor.state import Player

GAME = "endeavor-aos"
G = engines.get_game(GAME)
INDUSTRY, CULTURE, WEALTH, INFLUENCE = range(4)
LEVEL5 = sorted(b.id for b in G.buildings.values() if b.level == 5)


# -- helpers --------------------------------------------------------------------------------------
def new(players=3, seed=1, **options):
    return engines.new_match(GAME, players=players, seed=seed, options=options or None)


def bots_for(players, seed=0):
    return {seat: engines.RandomBot(seed * 10 + seat) for seat in range(players)}


def step(m, bots):
    if m.to_move is None:
        return m.advance(step=True)
    return m.play(bots[m.to_move].choose(m))


def play_to_end(m, seed=0):
    bots = bots_for(m.players, seed)
    while not m.is_over:
        step(m, bots)
    return m


def start_tiles(m, sides=None, leave=0):
    """Choose start tiles (Colonial House unless told) until `leave` players are left to choose."""
    sides = list(sides or [])
    while m.phase == "start" and len(m.state.steps) > leave:
        m.play(f"start:{sides.pop(0) if sides else 'colonial-house'}")
    return m


def give(m, seat, *buildings, workers=()):
    """Put buildings on a coastline as if built earlier: taken from the tray, icons counted."""
    player = m.state.players[seat]
    for building in buildings:
        if G.buildings[building].level:
            m.state.supply[building] -= 1
        player.buildings.append(building)
        player.workers.append(0)
        for attribute, count in enumerate(G.buildings[building].icons):
            player.attributes[attribute] += count
    for slot in workers:
        player.workers[slot] = 1
        player.supply -= 1


def build_all(m, building="shipyard"):
    """Everyone builds `building` in the build phase (beginner order)."""
    while m.phase == "build":
        if m.to_move is None:
            m.advance(step=True)
        else:
            m.play(f"build:{building}")


def ids(actions):
    return [a.id for a in actions]


def step_sequence(m, bots, rounds):
    """The (phase, seat) of each stage of `rounds`, in the order they were played."""
    sequence = {}
    while not m.is_over:
        step_ = m.view()["step"]
        if m.round in rounds:
            stages = sequence.setdefault(m.round, [])
            stage = (step_["phase"], step_["seat"])
            if not stages or stages[-1] != stage:
                stages.append(stage)
        step(m, bots)
    return sequence


# == setup (初始設置) ============================================================================
def test_aos_setup_board_sides_by_player_count():
    """aos.setup.board: side A for 2-3 or a fierce 4, side B for a calm 4 or 5; 5 players only B."""
    choices = {n: {o.id: o for o in G.options(n)}["side"] for n in range(2, 6)}
    assert choices[5].choices == ("B",)
    assert set(choices[4].choices) == {"A", "B"}
    assert "A" in choices[2].choices and "A" in choices[3].choices
    assert [choices[n].default for n in range(2, 6)] == ["A", "A", "A", "B"]
    for n in range(2, 5):
        assert new(n).options["side"] == "A"
        assert new(n).view()["side"] == "A"
    assert new(5).options["side"] == "B"
    assert new(4, side="B").view()["side"] == "B"


def test_aos_setup_board_bad_option_refused():
    """aos.setup.board: an impossible side is refused, naming the option and the allowed values."""
    with pytest.raises(ValueError, match="option 'side' must be one of 'B', got 'A'"):
        new(5, side="A")
    with pytest.raises(ValueError, match="option 'side' must be one of 'A', 'B', got 'C'"):
        new(3, side="C")
    with pytest.raises(ValueError, match="unknown option 'board'"):
        new(3, board="A")


def test_aos_setup_discs_35_per_player():
    """aos.setup.discs: 35 discs in the supply, the four cubes on 0."""
    m = new(4, seed=2)
    assert G.mat.discs == 35
    for p in m.view()["players"]:
        assert (p["supply"], p["harbor"]) == (35, 0)
        assert p["attributes"] == {"industry": 0, "culture": 0, "wealth": 0, "influence": 0}
        assert p["buildings"] == []
    start_tiles(m)
    for p in m.state.players:
        assert p.supply == 34 and p.workers == [1] and p.harbor == 0


def test_aos_setup_level5_three_face_up():
    """aos.setup.level5: of the 7 level-5 tiles, 3 face up in the tray, 4 face down out of the game."""
    m = new(3, seed=4)
    face_up = sorted(b for b in m.state.supply if G.buildings[b].level == 5)
    face_down = m.state.level5_face_down
    assert len(LEVEL5) == 7
    assert len(face_up) == 3 and all(m.state.supply[b] == 1 for b in face_up)
    assert len(face_down) == 4 and face_down == sorted(face_down)
    assert sorted(face_up + face_down) == LEVEL5
    first = m.log[0]
    assert first.rule == "aos.setup.level5"
    assert first.params["buildings"] == [f"building.{b}" for b in face_up]
    # levels 1-4: every tile of every type is in the tray
    for b in G.buildings.values():
        if 1 <= b.level <= 4:
            assert m.state.supply[b.id] == b.copies
    assert len(m.state.supply) == 12 + 3
    # the board hides which tiles are face down from the players, not from the narrator
    assert m.view()["level5_face_down"] == face_down
    assert m.view(0)["level5_face_down"] == 4
    tray = {t["id"]: t for t in m.view()["tray"]}
    assert sorted(b for b in tray if tray[b]["level"] == 5) == face_up


def test_aos_setup_level5_shuffled_by_seed():
    """aos.setup.level5: the face-up three are chosen at random (seeded)."""
    selections = [tuple(sorted(b for b in new(2, seed=s).state.supply if G.buildings[b].level == 5))
                  for s in range(30)]
    assert len(set(selections)) >= 8
    assert {b for selection in selections for b in selection} == set(LEVEL5)
    assert selections == [tuple(sorted(b for b in new(2, seed=s).state.supply if G.buildings[b].level == 5))
                          for s in range(30)]


def test_aos_setup_level5_face_down_cannot_be_built():
    """aos.setup.level5: a face-down building is refused with this rule, even at build level 5."""
    m = new(3, seed=4)
    start_tiles(m, leave=1)
    crown = m.state.crown
    m.state.players[crown].attributes[INDUSTRY] = 12
    start_tiles(m)
    assert m.to_move == crown
    offered = ids(m.legal_actions())
    for building in m.state.level5_face_down:
        assert f"build:{building}" not in offered
        assert m.why_not_rule(f"build:{building}") == "aos.setup.level5"
        assert m.why_not(f"build:{building}").key == "aos.why.face-down"
    for building in LEVEL5:
        if building not in m.state.level5_face_down:
            assert f"build:{building}" in offered


def test_aos_setup_crown_random_start_player():
    """aos.setup.crown: a random player takes the crown and chooses a start tile first."""
    crowns = []
    for seed in range(20):
        m = new(4, seed=seed)
        crown = m.state.crown
        crowns.append(crown)
        event = m.log[1]
        assert (event.rule, event.seat) == ("aos.setup.crown", crown)
        assert m.view()["crown"] == crown
        order = []
        while m.phase == "start":
            order.append(m.to_move)
            m.play("start:colonial-house")
        assert order == [(crown + i) % 4 for i in range(4)]
    assert set(crowns) == {0, 1, 2, 3}


def test_aos_setup_start_tile_choice():
    """aos.setup.start-tile: Colonial House or Merchant's Dock, leftmost, one worker on it."""
    m = new(3, seed=1)
    crown = m.state.crown
    assert ids(m.legal_actions()) == ["start:colonial-house", "start:merchants-dock"]
    assert m.legal_actions()[1].label.render("en") == "Start with the Merchant's Dock"
    assert m.legal_actions()[0].label.render("zh-Hant") == "以殖民地時期房屋作為起始建築"
    events = m.play("start:merchants-dock")
    assert [(e.rule, e.seat, e.automatic) for e in events] == [
        ("aos.setup.start-tile", crown, False), ("aos.track.icons", crown, True)]
    assert events[1].params == {"attribute": "attribute.wealth", "amount": 1, "value": 1}
    dock = m.state.players[crown]
    assert dock.buildings == ["merchants-dock"] and dock.workers == [1] and dock.supply == 34
    assert dock.attributes == [0, 0, 1, 0]
    second = m.to_move
    assert second == (crown + 1) % 3
    events = m.play("start:colonial-house")
    assert [e.rule for e in events] == ["aos.setup.start-tile"]    # no icon on the Colonial House
    assert m.state.players[second].attributes == [0, 0, 0, 0]
    m.play("start:merchants-dock")                                  # the same side twice is fine
    assert m.phase == "build" and m.round == 1
    view = m.view()["players"][crown]
    assert view["buildings"] == [{"id": "merchants-dock", "level": 0, "workers": 1, "slot": 0}]


def test_aos_setup_start_tile_refuses_other_choices():
    """aos.setup.start-tile: only the two sides of the start tile can be chosen now."""
    m = new(3, seed=1)
    for bad, rule in [("start:market", "core.action.unknown"), ("build:market", "aos.flow.phases"),
                      ("pay:0", "aos.flow.phases")]:
        with pytest.raises(IllegalAction) as info:
            m.play(bad)
        assert info.value.rule == rule
    assert m.position == 0


# == the flow of the game (遊戲流程, 前三個階段) ==================================================
def test_aos_flow_rounds_seven_rounds_crown_first():
    """aos.flow.rounds: seven rounds; in every phase the crown holder goes first."""
    m = play_to_end(new(4, seed=3), seed=3)
    begins = [e for e in m.log if e.rule == "aos.flow.rounds"]
    assert [e.params["round"] for e in begins] == [1, 2, 3, 4, 5, 6, 7]
    assert [e.text("en") for e in begins][0] == f"Round 1 begins; Player {begins[0].params['crown'] + 1} holds the crown."
    for e in begins:
        assert e.key == "aos.round.begin"
    # builds of each round, in order, start with the crown holder
    round_no = 0
    for e in m.log:
        if e.rule == "aos.flow.rounds":
            round_no, crown, builders = e.params["round"], e.params["crown"], []
        elif e.rule in ("aos.build", "aos.build.level.next") and round_no:
            builders.append(e.seat)
            if len(builders) == 4:
                assert builders == [(crown + i) % 4 for i in range(4)], round_no
    assert m.round == 7 and m.is_over


def test_aos_flow_phases_beginner_order():
    """aos.flow.phases: beginners play each phase around the table before the next one."""
    m = new(4, seed=5, phase_order="beginner")
    sequence = step_sequence(m, bots_for(4, 5), {1, 2, 7})
    for round_no, stages in sequence.items():
        crown = stages[0][1]
        order = [(crown + i) % 4 for i in range(4)]
        assert stages == ([("build", s) for s in order] + [("growth", s) for s in order]
                          + [("salary", s) for s in order] + [("end", None)]), round_no
    assert sequence[2][0][1] == (sequence[1][0][1] + 1) % 4


def test_aos_flow_phases_experienced_order():
    """aos.flow.phases: experienced players do build, growth and salary together on their turn."""
    m = new(3, seed=5, phase_order="experienced")
    assert m.options["phase_order"] == "experienced"
    sequence = step_sequence(m, bots_for(3, 5), {1, 4, 7})
    for round_no, stages in sequence.items():
        crown = stages[0][1]
        expected = [(phase, (crown + i) % 3) for i in range(3) for phase in ("build", "growth", "salary")]
        assert stages == expected + [("end", None)], round_no
    assert m.view()["phase_order"] == "experienced"


def test_aos_flow_phases_option():
    """aos.flow.phases: beginner order by default; an unknown order is refused."""
    assert new(2).options["phase_order"] == "beginner"
    with pytest.raises(ValueError, match="option 'phase_order' must be one of 'beginner', 'experienced'"):
        new(2, phase_order="fast")


def test_aos_flow_phases_wrong_phase_refused():
    """aos.flow.phases: an action of another phase is refused, naming both phases."""
    m = start_tiles(new(3, seed=1))
    reason = m.why_not("pay:0")
    assert m.why_not_rule("pay:0") == "aos.flow.phases"
    assert reason.render("en") == "Not now: this is the build phase, and “pay:0” belongs to the salary phase."
    assert reason.render("zh-Hant") == "現在不行：目前是建造階段，「pay:0」屬於薪水階段。"


# == attribute icons and levels ==================================================================
def test_aos_track_icons_move_at_once():
    """aos.track.icons: each icon of a new building moves its cube up at once."""
    m = start_tiles(new(3, seed=1))
    seat = m.to_move
    events = m.play("build:workshop")          # industry 1, wealth 1
    assert [(e.rule, e.params.get("attribute"), e.params.get("amount"), e.params.get("value"))
            for e in events] == [("aos.build", None, None, None),
                                 ("aos.track.icons", "attribute.industry", 1, 1),
                                 ("aos.track.icons", "attribute.wealth", 1, 1)]
    assert m.state.players[seat].attributes == [1, 0, 1, 0]
    assert events[1].text("en") == f"Player {seat + 1}: industry +1 (now 1)."
    assert events[2].text("zh-Hant") == f"玩家{seat + 1}：財富+1（現在為1）。"
    seat = m.to_move
    m.play("build:market")                     # culture 1
    assert m.state.players[seat].attributes == [0, 1, 0, 0]


def test_aos_track_icons_theatre_adds_two_culture():
    """aos.track.icons / aos.build.level: rulebook example: the Theatre's two culture icons count at once."""
    m = engines.scenario(GAME, "build-level")
    before = list(m.state.players[0].attributes)
    events = m.play("build:theatre")
    icons = [e for e in events if e.rule == "aos.track.icons"]
    assert [(e.params["attribute"], e.params["amount"], e.params["value"]) for e in icons] == [
        ("attribute.culture", 2, before[CULTURE] + 2)]
    assert m.state.players[0].attributes == [before[0], before[1] + 2, before[2], before[3]]


@pytest.mark.parametrize("value,level", [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 3), (7, 4),
                                         (9, 4), (10, 5), (15, 5), (30, 5)])
def test_aos_track_levels_thresholds(value, level):
    """aos.track.levels: each track's value gives a level from 1 to 5."""
    assert G.mat.level(value) == level


def test_aos_track_levels_rulebook_examples():
    """aos.track.levels: industry 5 -> build level 3, culture 3 -> growth 3, wealth 2 -> salary 2,
    influence 3 -> card limit 2."""
    player = Player(35)
    player.attributes = [5, 3, 2, 3]
    assert G.build_level(player) == 3
    assert G.growth(player) == 3
    assert G.salary(player) == 2
    assert G.card_limit(player) == 2
    player.attributes = [0, 0, 0, 0]
    assert (G.build_level(player), G.growth(player), G.salary(player), G.card_limit(player)) == (1, 2, 1, 1)
    player.attributes = [40, 40, 40, 40]
    assert (G.build_level(player), G.growth(player), G.salary(player), G.card_limit(player)) == (5, 6, 5, 5)
    assert G.mat.max_cards == 5


def test_aos_track_levels_in_the_view():
    """aos.track.levels: the board shows the levels that the icons give (influence 3 -> card limit 2)."""
    m = start_tiles(new(3, seed=1))
    give(m, 0, "guild-hall", "fortress", "trade-office")     # influence 3, culture 1, industry 1, wealth 1
    view = m.view()["players"][0]
    assert view["attributes"] == {"industry": 1, "culture": 1, "wealth": 1, "influence": 3}
    assert view["levels"] == {"build": 1, "growth": 2, "salary": 1, "card_limit": 2}


# == 1: build (建造階段) ===========================================================================
def test_aos_build_leftmost_place_and_tray():
    """aos.build: one building from the tray to the leftmost empty place of the coastline."""
    m = start_tiles(new(3, seed=1))
    seat = m.to_move
    assert ids(m.legal_actions()) == ["build:market", "build:shipyard", "build:workshop"]
    events = m.play("build:shipyard")
    assert (events[0].rule, events[0].seat, events[0].automatic) == ("aos.build", seat, False)
    assert events[0].params == {"building": "building.shipyard", "level": 1, "build_level": 1}
    assert events[0].text("en") == f"Player {seat + 1} builds the Shipyard (level 1, build level 1)."
    assert m.state.supply["shipyard"] == 4
    assert m.view()["players"][seat]["buildings"][1] == {"id": "shipyard", "level": 1, "workers": 0, "slot": 1}
    assert m.to_move == (seat + 1) % 3


def test_aos_build_same_type_again():
    """aos.build: a type you already own may be built again (rulebook 1: 建造階段)."""
    m = engines.scenario(GAME, "build-level")
    assert m.state.players[0].buildings.count("shipyard") == 2
    assert "build:shipyard" in ids(m.legal_actions())
    m.play("build:shipyard")
    assert m.state.players[0].buildings[-1] == "shipyard"
    assert m.state.players[0].buildings.count("shipyard") == 3


def test_aos_build_sold_out():
    """aos.build: a type with no tile left in the tray is not offered."""
    m = new(3, seed=1)
    start_tiles(m, leave=1)
    m.state.supply["market"] = 0
    start_tiles(m)
    assert ids(m.legal_actions()) == ["build:shipyard", "build:workshop"]
    assert m.why_not_rule("build:market") == "aos.build"
    assert m.why_not("build:market").render("en") == "No Market is left in the tray."
    assert "build:market" not in ids(a for a, _ in m.candidates())


def test_aos_build_full_coastline_builds_nothing():
    """aos.build: with no empty place on the coastline there is nothing to build; the step is automatic."""
    m = new(3, seed=1)
    start_tiles(m, leave=1)
    crown = m.state.crown
    give(m, crown, *["market"] * 4, *["shipyard"] * 3)
    assert len(m.state.players[crown].buildings) == G.mat.coastline_slots == 8
    start_tiles(m)
    assert m.to_move is None and m.phase == "build"
    events = m.advance(step=True)
    assert [(e.rule, e.key, e.seat) for e in events] == [("aos.build", "aos.build.none", crown)]
    assert m.to_move == (crown + 1) % 3


def test_aos_build_candidates_explain_every_refusal():
    """aos.build / aos.build.level: the board shows every type in the tray, each refused one with its reason."""
    m = start_tiles(new(3, seed=1))
    candidates = dict((a.id, reason) for a, reason in m.candidates())
    assert len(candidates) == 15
    legal = {a for a, reason in candidates.items() if reason is None}
    assert legal == {"build:market", "build:shipyard", "build:workshop"}
    assert candidates["build:bank"].key == "aos.why.build-level"
    assert candidates["build:bank"].render("en") == "The Bank is level 2, above your build level 1 (industry 0)."


def test_aos_build_level_rulebook_example():
    """aos.build.level: rulebook example: industry 5 gives build level 3, so the Theatre may be built."""
    m = engines.scenario(GAME, "build-level")
    assert (m.round, m.phase, m.to_move) == (6, "build", 0)
    player = m.view()["players"][0]
    assert player["attributes"]["industry"] == 5
    assert player["levels"]["build"] == 3
    offered = ids(m.legal_actions())
    assert "build:theatre" in offered
    assert offered == [f"build:{b}" for b, left in m.state.supply.items()
                       if left and G.buildings[b].level <= 3]
    assert len(offered) == 9
    events = m.play("build:theatre")
    assert events[0].params == {"building": "building.theatre", "level": 3, "build_level": 3}
    assert m.view()["players"][0]["attributes"]["culture"] == 2
    assert m.state.players[0].buildings[-1] == "theatre"


def test_aos_build_level_refuses_higher_levels():
    """aos.build.level: a building above your build level is refused, naming both levels and the industry."""
    m = engines.scenario(GAME, "build-level")
    face_up5 = next(b for b in m.state.supply if G.buildings[b].level == 5)
    for building, level in [("memorial", 4), ("university", 4), (face_up5, 5)]:
        action = f"build:{building}"
        assert action not in ids(m.legal_actions())
        with pytest.raises(IllegalAction) as info:
            m.play(action)
        assert info.value.rule == "aos.build.level"
        assert info.value.text.params["level"] == level
        assert info.value.text.params["build_level"] == 3
        assert info.value.text.params["industry"] == 5
    assert m.why_not("build:memorial").render("en") == \
        "The Memorial is level 4, above your build level 3 (industry 5)."
    assert m.why_not("build:memorial").render("zh-Hant") == "紀念館是等級4，高於你的建造等級3（工業5）。"


def test_aos_build_level_scenario_narrates_the_example():
    """aos.build.level: the prepared position says what the rulebook example shows."""
    m = engines.scenario(GAME, "build-level")
    event = m.log[-1]
    assert (event.rule, event.seat) == ("aos.build.level", 0)
    assert "industry 5" in event.text("en") and "工業為5" in event.text("zh-Hant")


def test_aos_build_level_next_one_level_up():
    """aos.build.level.next: with nothing at or below the build level, the next level up is offered."""
    m = new(3, seed=1)
    start_tiles(m, leave=1)
    for b in ("market", "shipyard", "workshop"):
        m.state.supply[b] = 0
    start_tiles(m)
    seat = m.to_move
    assert seat is not None
    assert ids(m.legal_actions()) == ["build:docks", "build:bank", "build:guild-hall"]
    assert m.why_not_rule("build:theatre") == "aos.build.level"
    events = m.play("build:bank")
    assert events[0].rule == "aos.build.level.next"
    assert events[0].params == {"building": "building.bank", "level": 2, "build_level": 1}
    assert m.state.players[seat].attributes[WEALTH] == 2


def test_aos_build_level_next_nothing_higher():
    """aos.build.level.next: only one level up: at build level 3 with levels 1-3 gone, level 4 but no level 5."""
    m = new(3, seed=1)
    start_tiles(m, leave=1)
    crown = m.state.crown
    give(m, crown, "fortress", "docks", "workshop", "shipyard", "shipyard")
    assert G.build_level(m.state.players[crown]) == 3
    for b, left in m.state.supply.items():
        if G.buildings[b].level <= 3:
            m.state.supply[b] = 0
    start_tiles(m)
    assert m.to_move == crown
    assert ids(m.legal_actions()) == ["build:memorial", "build:university", "build:barracks"]
    for b in m.state.supply:
        if G.buildings[b].level == 5:
            assert m.why_not_rule(f"build:{b}") == "aos.build.level"


def test_aos_build_level_next_two_levels_up_is_too_far():
    """aos.build.level.next: at build level 1 with levels 1 and 2 gone, nothing can be built."""
    m = new(3, seed=1)
    start_tiles(m, leave=1)
    for b in m.state.supply:
        if G.buildings[b].level <= 2:
            m.state.supply[b] = 0
    start_tiles(m)
    assert m.to_move is None and m.phase == "build" and m.legal_actions() == []
    events = m.advance(step=True)
    assert [e.key for e in events] == ["aos.build.none"]
    assert events[0].text("en").endswith("can build nothing: no building is left within reach.")


# == 2: growth (增長階段) ==========================================================================
def test_aos_growth_round_one():
    """aos.growth: at culture 0 the growth is 2: two discs from the supply to the harbor."""
    m = start_tiles(new(3, seed=1))
    build_all(m, "shipyard")
    assert m.phase == "growth" and m.to_move is None
    crown = m.state.crown
    events = m.advance(step=True)
    assert [(e.rule, e.seat) for e in events] == [("aos.growth", crown)]
    assert events[0].params == {"amount": 2, "culture": 0, "harbor": 2}
    assert (m.state.players[crown].harbor, m.state.players[crown].supply) == (2, 32)
    assert events[0].text("en") == f"Player {crown + 1} grows: 2 discs to the harbor (culture 0); the harbor now holds 2."


def test_aos_growth_rulebook_example_culture_3():
    """aos.growth: rulebook example: culture 3 gives growth 3, so three discs go to the harbor."""
    m = start_tiles(new(3, seed=1))
    crown = m.state.crown
    give(m, crown, "theatre", "market")
    assert m.state.players[crown].attributes[CULTURE] == 3
    build_all(m, "shipyard")
    harbor, supply = m.state.players[crown].harbor, m.state.players[crown].supply
    events = m.advance(step=True)
    assert events[0].seat == crown
    assert events[0].params["amount"] == 3 and events[0].params["culture"] == 3
    assert m.state.players[crown].harbor == harbor + 3
    assert m.state.players[crown].supply == supply - 3
    other = m.advance(step=True)[0]
    assert other.params["amount"] == 2


@pytest.mark.parametrize("supply,taken", [(1, 1), (0, 0)])
def test_aos_growth_short_supply(supply, taken):
    """aos.growth.short: fewer discs in the supply than the growth: take what is left, the rest is lost."""
    m = start_tiles(new(3, seed=1))
    build_all(m, "shipyard")
    crown = m.state.crown
    player = m.state.players[crown]
    player.harbor += player.supply - supply          # keep all 35 discs: the rest wait in the harbor
    player.supply = supply
    harbor = player.harbor
    events = m.advance(step=True)
    assert [(e.rule, e.seat) for e in events] == [("aos.growth.short", crown)]
    assert events[0].params == {"wanted": 2, "amount": taken}
    assert (player.supply, player.harbor) == (0, harbor + taken)
    assert player.supply + player.harbor + sum(player.workers) == 35
    assert events[0].text("en") == \
        f"Player {crown + 1} should grow by 2 but only {taken} discs are left in the supply."
    assert events[0].text("zh-Hant") == f"玩家{crown + 1}應增長2個圓片，但供給只剩{taken}個。"
    # the next player grows normally
    assert m.advance(step=True)[0].rule == "aos.growth"


def test_aos_growth_exact_supply_is_not_short():
    """aos.growth.short: a supply equal to the growth is enough."""
    m = start_tiles(new(3, seed=1))
    build_all(m, "shipyard")
    player = m.state.players[m.state.crown]
    player.harbor += player.supply - 2
    player.supply = 2
    assert m.advance(step=True)[0].rule == "aos.growth"
    assert player.supply == 0


# == 3: salary (薪水階段) ==========================================================================
def test_aos_salary_rulebook_example_choose_two_of_three():
    """aos.salary: rulebook example: wealth 2 pays two workers; with three at work the player chooses."""
    m = engines.scenario(GAME, "salary-choice")
    assert (m.round, m.phase, m.to_move) == (3, "salary", 0)
    me = m.view()["players"][0]
    assert me["attributes"]["wealth"] == 2 and me["levels"]["salary"] == 2
    assert [b["workers"] for b in me["buildings"]] == [1, 1, 1]
    assert ids(m.legal_actions()) == ["pay:0", "pay:1", "pay:2"]
    assert m.legal_actions()[1].label.render("en") == "Pay the worker on the Workshop"
    events = m.play("pay:1")
    assert [(e.rule, e.key, e.automatic) for e in events] == [("aos.salary", "aos.salary.pay", False)]
    assert events[0].params == {"building": "building.workshop", "paid": 1, "salary": 2}
    assert events[0].text("en") == "Player 1 pays the worker on the Workshop (1 of 2)."
    # a second choice, by the same player; the paid building offers nothing more
    assert m.to_move == 0
    assert ids(m.legal_actions()) == ["pay:0", "pay:2"]
    assert m.why_not_rule("pay:1") == "aos.salary"
    assert m.why_not("pay:1").render("en") == "No worker stands on the Workshop, so there is nobody to pay there."
    m.play("pay:2")
    player = m.state.players[0]
    assert player.workers == [1, 0, 0]
    assert player.harbor == 6 and player.supply == 28
    assert m.to_move == 1                      # the third worker stays: it is the next player's turn


def test_aos_salary_scenario_other_players():
    """aos.salary: salary 1 with two workers is a choice; with one worker everything is paid automatically."""
    m = engines.scenario(GAME, "salary-choice")
    m.play("pay:0"), m.play("pay:1")
    assert m.to_move == 1
    assert ids(m.legal_actions()) == ["pay:0", "pay:2"]
    candidates = {a.id: reason for a, reason in m.candidates()}
    assert candidates["pay:0"] is None and candidates["pay:2"] is None
    assert candidates["pay:1"].key == "aos.why.no-worker"
    m.play("pay:2")
    assert m.state.players[1].workers == [1, 0, 0] and m.state.players[1].harbor == 5
    assert m.to_move is None and m.phase == "salary"
    events = m.advance(step=True)
    assert [(e.key, e.seat) for e in events] == [("aos.salary.all", 2)]
    assert events[0].params == {"amount": 1, "salary": 1}
    assert m.state.players[2].workers == [0, 0, 0] and m.state.players[2].harbor == 5
    assert m.phase == "end"


def test_aos_salary_refuses_malformed_slots():
    """aos.salary: a slot that is not on the coastline is not an action, whatever digits it uses."""
    m = engines.scenario(GAME, "salary-choice")
    for bad in ("pay:3", "pay:99", "pay:-1", "pay:x", "pay:", "pay:01", "pay:²", "pay:٠", "pay: 1"):
        assert m.why_not_rule(bad) == "core.action.unknown", bad
        with pytest.raises(IllegalAction) as info:
            m.play(bad)
        assert info.value.rule == "core.action.unknown"
    assert m.position == 0 and m.to_move == 0


def test_aos_salary_always_pays_as_many_as_allowed():
    """aos.salary: there is no way to stop early: the choice is only which workers."""
    m = engines.scenario(GAME, "salary-choice")
    m.play("pay:0")
    assert all(a.id.startswith("pay:") for a in m.legal_actions())
    assert m.to_move == 0


def test_aos_salary_round_one_pays_the_start_worker():
    """aos.salary: in round 1 the worker on the start building goes back to the harbor (salary 1)."""
    m = start_tiles(new(3, seed=1))
    build_all(m, "shipyard")
    m.advance(step=True), m.advance(step=True), m.advance(step=True)    # growth
    crown = m.state.crown
    events = m.advance(step=True)
    assert [(e.key, e.seat) for e in events] == [("aos.salary.all", crown)]
    assert events[0].text("en") == f"Player {crown + 1} pays every worker back to the harbor: 1 (salary 1)."
    assert m.state.players[crown].workers == [0, 0]
    assert m.state.players[crown].harbor == 3


def test_aos_salary_nobody_to_pay():
    """aos.salary: without workers on buildings there is nothing to pay."""
    m = start_tiles(new(2, seed=1))
    while m.round < 2 or m.phase != "salary":
        if m.to_move is None:
            m.advance(step=True)
        else:
            m.play(m.legal_actions()[0])
    events = m.advance(step=True)
    assert [e.key for e in events] == ["aos.salary.none"]
    assert events[0].params["amount"] == 0


# == end of the round (回合結束) ===================================================================
@pytest.mark.parametrize("players", [3, 5])
def test_aos_round_end_crown_passes_left(players):
    """aos.round.end: the crown passes to the left (the next seat clockwise) after every round."""
    m = new(players, seed=players)
    first = m.state.crown
    play_to_end(m, seed=1)
    begins = [e.params["crown"] for e in m.log if e.rule == "aos.flow.rounds"]
    assert begins == [(first + r) % players for r in range(7)]
    ends = [e for e in m.log if e.rule == "aos.round.end"]
    assert [e.params["round"] for e in ends] == [1, 2, 3, 4, 5, 6]
    assert [e.seat for e in ends] == begins[1:]
    assert ends[0].text("en") == f"Round 1 ends; the crown passes to Player {begins[1] + 1}."


# == final scoring (遊戲結束以及最終算分) =========================================================
def test_aos_scoring_game_ends_after_round_seven():
    """aos.scoring: after the seventh round the game ends; nobody moves any more."""
    m = play_to_end(new(4, seed=9), seed=2)
    assert m.is_over and m.to_move is None and m.round == 7 and m.phase == "over"
    assert m.legal_actions() == [] and m.view()["step"] is None
    last = m.log[-1]
    assert (last.rule, last.key) == ("aos.scoring", "aos.game.end")
    scores = m.scores()
    assert last.params["winners"] == m.winners()
    assert last.params["totals"] == {str(s): v["total"] for s, v in scores.items()}
    best = max(v["total"] for v in scores.values())
    assert m.winners() == [s for s, v in scores.items() if v["total"] == best]
    for s, v in scores.items():
        assert set(v["parts"]) == {"tracks", "cities", "buildings", "cards", "governor_slot", "discs", "slavery"}
        assert v["total"] == sum(v["parts"].values())
    with pytest.raises(IllegalAction) as info:
        m.play("build:market")
    assert info.value.rule == "core.game.over"
    # every player built once a round: the start building and seven more
    assert all(len(p.buildings) == 8 for p in m.state.players)


def test_aos_scoring_tied_players_share_the_victory():
    """aos.scoring: tied players share the victory."""
    m = new(3, seed=1)
    for p in m.state.players:
        p.attributes, p.harbor = [4, 4, 4, 4], 6
    assert m.winners() == [0, 1, 2]
    m.state.players[1].harbor = 9
    assert m.winners() == [1]


@pytest.mark.parametrize("value,glory", [(10, 10), (5, 4), (6, 4), (12, 12), (0, 0), (1, 0), (4, 4), (3, 2)])
def test_aos_scoring_tracks_slide_back(value, glory):
    """aos.scoring.tracks: a cube off a glory space slides back to the nearest one below
    (rulebook: industry 10 -> 10, culture 5 -> 4, wealth 6 -> 4, influence 12 -> 12)."""
    assert G.mat.track_glory(value) == glory


def test_aos_scoring_tracks_never_above_the_cube():
    """aos.scoring.tracks: sliding back never moves a cube forward, and a higher cube never scores less."""
    values = [G.mat.track_glory(v) for v in range(45)]
    assert all(g <= v for v, g in enumerate(values))
    assert values == sorted(values)


def test_aos_scoring_rulebook_example_parts_a_and_d():
    """aos.scoring.tracks / aos.scoring.discs: rulebook example: A = 10 + 4 + 4 + 12 = 30, D = 1 for 3 discs."""
    m = new(3, seed=1)
    red = m.state.players[0]
    red.attributes, red.harbor = [10, 5, 6, 12], 3
    parts = m.scores()[0]["parts"]
    assert parts["tracks"] == 30
    assert parts["discs"] == 1


def test_aos_scoring_buildings_glory():
    """aos.scoring.buildings: every glory icon on the coastline's buildings counts."""
    m = new(3, seed=1)
    m.state.players[0].buildings = ["colonial-house", "memorial", "museum", "market"]
    expected = sum(G.buildings[b].glory for b in ("memorial", "museum"))
    assert expected == 4          # the stand-in values: Memorial 1, Museum 3
    assert m.scores()[0]["parts"]["buildings"] == expected
    assert m.scores()[1]["parts"]["buildings"] == 0


def test_aos_scoring_city_hall_counts_acquire_icons():
    """aos.scoring.city-hall: the City Hall scores one per acquire icon on all your buildings, its own included."""
    m = new(3, seed=1)
    coast = ["colonial-house", "city-hall", "guild-hall", "university", "exchange", "bank"]
    acquire = sum(G.buildings[b].actions.count("acquire") for b in coast)
    assert acquire == 4           # City Hall, Guild Hall, University, Exchange (stand-in actions)
    m.state.players[0].buildings = coast
    assert m.scores()[0]["parts"]["buildings"] == acquire + sum(G.buildings[b].glory for b in coast)
    m.state.players[1].buildings = [b for b in coast if b != "city-hall"]
    assert m.scores()[1]["parts"]["buildings"] == 0
    m.state.players[2].buildings = ["merchants-dock", "city-hall"]
    assert m.scores()[2]["parts"]["buildings"] == 1


def test_aos_scoring_governor_slot_empty():
    """aos.scoring.governor-slot: an empty free governor slot is worth 3 (no cards exist yet)."""
    m = play_to_end(new(2, seed=4))
    assert all(s["parts"]["governor_slot"] == 3 for s in m.scores().values())
    assert all(s["parts"]["governor_slot"] == 3 for s in new(5).scores().values())


@pytest.mark.parametrize("harbor,glory", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (35, 11)])
def test_aos_scoring_discs_one_per_three(harbor, glory):
    """aos.scoring.discs: one glory per three discs left in the harbor; the supply and workers do not count."""
    m = new(3, seed=1)
    player = m.state.players[0]
    player.harbor, player.supply = harbor, 35 - harbor
    assert m.scores()[0]["parts"]["discs"] == glory


def test_aos_scoring_total_of_a_fresh_game():
    """aos.scoring: before anything is built a player has the governor slot only."""
    scores = new(4, seed=1).scores()
    assert scores[0] == {"total": 3, "parts": {"tracks": 0, "cities": 0, "buildings": 0, "cards": 0,
                                               "governor_slot": 3, "discs": 0, "slavery": 0}}


# == every catalogued rule is tested here ========================================================
def test_every_rule_id_has_a_test():
    """Each rule id of data/rules.toml is cited by a test of this module."""
    catalog = tomllib.loads((DATA / "rules.toml").read_text(encoding="utf-8"))
    source = Path(__file__).read_text(encoding="utf-8")
    cited = set(re.findall(r'"""(aos\.[a-z0-9.\-]+)', source)) | set(re.findall(r"/ (aos\.[a-z0-9.\-]+)", source))
    assert set(catalog) == set(engines.rules(GAME))
    missing = sorted(set(catalog) - cited)
    assert missing == [], f"rules without a test: {missing}"
