"""The kernel contract (DESIGN.md section 3), with Endeavor: Age of Sail as the vehicle.

Timeline (undo, redo, goto, branches), determinism, saving and loading, refusal of
bad input, texts in every language, the rule catalog, the seeded generator and the
validation of component data files.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

import engines
from engines import IllegalAction, Match, SaveError, Text
from engines.core.rng import Rng
from engines.core.texts import LANGS, has_text
from engines.endeavor.components import DATA, load_buildings, load_mat
from games import bots as bots_for, new_for, step  # the helpers every game's tests share

GAME = "endeavor-aos"
RULEBOOK = Path(__file__).resolve().parents[2] / "shared" / "rules" / "000_98ba3dcda373bef6.txt"
MISSING = "⟨"


# -- helpers --------------------------------------------------------------------------------------
new = new_for(GAME, players=3)


def play_to(m, bots, position=None):
    while not m.is_over and (position is None or m.position < position):
        step(m, bots)
    return m


def full_game(players=3, seed=1, bot_seed=0, **options):
    return play_to(new(players, seed, **options), bots_for(players, bot_seed))


def snapshot(m):
    """Everything observable about a match (position, timeline, log, view, save)."""
    return {
        "json": m.to_json(), "view": m.view(), "views": [m.view(s) for s in range(m.players)],
        "log": [e.to_json() for e in m.log], "position": m.position, "timeline": m.timeline,
        "branches": [(at, list(t)) for at, t in m.branches], "legal": [a.id for a in m.legal_actions()],
        "to_move": m.to_move, "round": m.round, "phase": m.phase, "scores": m.scores(),
    }


def decision_points(m):
    """Positions of the current line where a decision with at least two choices was made."""
    here, points = m.position, []
    for position, entry in enumerate(m.timeline):
        if entry is not None:
            m.goto(position)
            if len(m.legal_actions()) >= 2:
                points.append(position)
    m.goto(here)
    return points


def fork(m, position, bots):
    """Go to `position`, make a different decision than the line did, and play on to the end."""
    m.goto(position)
    old = m.timeline[position]
    other = next(a for a in m.legal_actions() if a.id != old)
    m.play(other)
    return play_to(m, bots)


def to_growth(m, bots):
    """Play until the first automatic growth step is pending (beginner phase order)."""
    while not (m.automatic_pending and m.phase == "growth"):
        step(m, bots)
    return m


# == the basic contract ==========================================================================
def test_games_registry_and_defaults():
    assert GAME in engines.GAMES
    m = engines.new_match(GAME)
    assert m.players == 2
    assert m.options == {"side": "A", "phase_order": "beginner", "silent_fleet": False,
                         "sf_restricted_occupy": False, "sf_no_token_reaction": False, "sf_scarce_buildings": False}
    assert engines.new_match(GAME, players=3).options == {"side": "A", "phase_order": "beginner"}
    assert engines.new_match(GAME, players=5).options == {"side": "B", "phase_order": "beginner"}
    assert (m.round, m.phase) == (0, "start")
    assert m.to_move == m.state.crown
    assert [a.id for a in m.legal_actions()] == ["start:colonial-house", "start:merchants-dock"]
    assert not m.is_over and m.position == 0 and m.timeline == [] and m.branches == []
    assert not m.can_undo() and not m.can_redo()


def test_new_match_refuses_bad_arguments():
    with pytest.raises(ValueError, match="players must be an integer from 2 to 5"):
        engines.new_match(GAME, players=6)
    with pytest.raises(ValueError, match="players must be"):
        engines.new_match(GAME, players=True)
    with pytest.raises(ValueError, match="seed must be an integer"):
        engines.new_match(GAME, players=3, seed="1")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        engines.new_match("chess")
    with pytest.raises(ValueError, match="unknown scenario 'nope'"):
        engines.scenario(GAME, "nope")


def test_view_is_json_ready_and_position_only():
    m = new(4, seed=3)
    json.dumps(m.view())
    for seat in range(4):
        json.dumps(m.view(seat))
    # two matches in the same position have equal views, whatever their timelines
    a, b = new(3, seed=5), new(3, seed=5)
    a.play(a.legal_actions()[0]); a.undo(); a.redo()
    b.play(b.legal_actions()[0])
    assert a.view() == b.view()
    with pytest.raises(ValueError, match="seat must be None or from 0 to 3"):
        m.view(4)


# == undo and redo ===============================================================================
def test_undo_then_redo_is_the_identity_at_every_step():
    m, bots = new(3, seed=4), bots_for(3, 4)
    previous = snapshot(m)
    while not m.is_over:
        step(m, bots)
        here = snapshot(m)
        assert m.undo() is True
        back = snapshot(m)
        # undo really goes back: the previous position, exactly
        assert back["position"] == here["position"] - 1
        for key in ("view", "views", "log", "legal", "to_move", "round", "phase", "scores"):
            assert back[key] == previous[key], key
        assert back["timeline"] == here["timeline"]          # the undone step is kept for redo
        assert m.can_redo()
        assert m.redo() is True
        assert snapshot(m) == here
        previous = here
    assert m.position == len(m.timeline) > 50


def test_undo_at_start_and_redo_at_end_change_nothing():
    m = new(3, seed=2)
    before = snapshot(m)
    assert m.undo() is False
    assert snapshot(m) == before
    play_to(m, bots_for(3))
    before = snapshot(m)
    assert m.redo() is False
    assert snapshot(m) == before


def test_undo_many_then_redo_many():
    m = play_to(new(4, seed=8), bots_for(4, 1), 70)
    here = snapshot(m)
    for _ in range(45):          # across the checkpoints at 64 and 32
        assert m.undo()
    assert m.position == 25
    for _ in range(45):
        assert m.redo()
    assert snapshot(m) == here


def movers_of(m):
    """For each step of the current line, the seat that decided it (None for a chance or automatic
    step), found by replaying the line in a fresh match."""
    fresh, movers = new(m.players, m.seed), []
    for entry in m.timeline:
        movers.append(fresh.to_move)
        fresh.advance(step=True) if fresh.to_move is None else fresh.play(entry)
    return movers


def test_undo_to_seat_takes_back_a_players_own_last_decision_with_the_steps_after_it():
    """A learner's Undo (issue 26): back to just before the last decision of the human seats, the bots'
    decisions and the rules' own steps after it taken back too; Redo forward to just after the next one."""
    m = play_to(new(3, seed=4), bots_for(3, 4), 150)
    movers = movers_of(m)
    human = {0}
    mine = [p for p, seat in enumerate(movers) if seat in human]
    assert len(mine) > 5 and any(seat not in human for seat in movers)
    # back, decision by decision, to the start
    expected = [p for p in reversed(mine) if p < m.position]
    for p in expected:
        assert m.undo_to_seat(human) is True
        assert m.position == p and m.to_move == 0 and m.pending == "decision"
    assert m.undo_to_seat(human) is True and m.position == 0     # earlier steps: none of seat 0
    assert m.undo_to_seat(human) is False and m.position == 0
    # forward again: just after each of seat 0's decisions, then the end of the line
    for p in mine:
        assert m.redo_to_seat(human) is True
        assert m.position == p + 1
    assert m.redo_to_seat(human) is True and m.position == len(m.timeline) == 150
    assert m.redo_to_seat(human) is False


def test_undo_to_seat_after_loading_and_after_a_new_line():
    """The seat of each decision is known however the position was reached: a loaded save, a step back
    then a different decision (issue 26)."""
    m = play_to(new(3, seed=4), bots_for(3, 4), 120)
    loaded = Match.from_json(m.to_json())
    movers = movers_of(m)
    last = max(p for p, seat in enumerate(movers) if seat == 1)
    assert loaded.undo_to_seat([1]) and loaded.position == last
    loaded.play(next(a for a in loaded.legal_actions() if a.id != m.timeline[last]))    # a new line
    play_to(loaded, bots_for(3, 5), last + 30)
    movers = movers_of(loaded)
    back = max(p for p, seat in enumerate(movers) if seat in (1, 2) and p < loaded.position)
    assert loaded.undo_to_seat([1, 2]) and loaded.position == back
    assert loaded.to_move in (1, 2)


# == same seed, same game ========================================================================
@pytest.mark.parametrize("players", [2, 5])
def test_same_seed_same_game(players):
    a = full_game(players, seed=21, bot_seed=3)
    b = full_game(players, seed=21, bot_seed=3)
    assert a.timeline == b.timeline
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]
    for lang in LANGS:
        assert [e.text(lang) for e in a.log] == [e.text(lang) for e in b.log]
    assert a.to_json() == b.to_json()
    assert a.scores() == b.scores()
    assert a.state.rng == b.state.rng


def test_different_seeds_give_different_setups():
    setups = {(new(4, seed=s).state.crown, tuple(new(4, seed=s).state.level5_face_down)) for s in range(12)}
    assert len(setups) > 4


def test_bots_do_not_draw_from_the_match_generator():
    a, b = new(3, seed=9), new(3, seed=9)
    play_to(a, bots_for(3, 1), 30)
    play_to(b, bots_for(3, 2), 30)
    assert a.timeline != b.timeline          # different bots, different decisions...
    assert a.state.rng == b.state.rng        # ...and the rules' generator is untouched by them
    g = new(3, seed=9)
    rng_before = g.state.rng.state
    engines.GreedyBot(1).choose(g)
    assert g.state.rng.state == rng_before


def test_restored_match_replays_identically():
    m = play_to(new(4, seed=13), bots_for(4, 5), 40)
    restored = Match.from_json(m.to_json())
    play_to(m, bots_for(4, 6))
    play_to(restored, bots_for(4, 6))
    assert restored.to_json() == m.to_json()
    assert [e.to_json() for e in restored.log] == [e.to_json() for e in m.log]


# == saving and loading ==========================================================================
def assert_round_trip(m):
    saved = m.to_json()
    restored = Match.from_json(saved)
    assert restored.to_json() == saved
    assert restored.view() == m.view()
    assert restored.position == m.position
    assert restored.timeline == m.timeline
    assert restored.branches == m.branches
    assert [e.to_json() for e in restored.log] == [e.to_json() for e in m.log]
    assert [a.id for a in restored.legal_actions()] == [a.id for a in m.legal_actions()]
    return restored


def test_json_round_trip_at_every_position():
    m = full_game(3, seed=6, bot_seed=2)
    end = m.position
    for position in range(end + 1):
        m.goto(position)
        assert_round_trip(m)
    data = json.loads(m.to_json())
    assert data["format"] == "board-game-widgets/match" and data["version"] == 2
    assert data["game"] == GAME and data["players"] == 3 and data["seed"] == 6
    assert data["timeline"]["position"] == end and len(data["timeline"]["entries"]) == end


def test_json_round_trip_mid_game_keeps_redo():
    m = play_to(new(5, seed=2), bots_for(5, 2), 60)
    m.goto(33)
    restored = assert_round_trip(m)
    assert restored.can_redo()
    restored.goto(60)
    m.goto(60)
    assert restored.to_json() == m.to_json()


def test_json_round_trip_after_branching():
    m, bots = new(3, seed=3), bots_for(3, 3)
    play_to(m, bots)
    points = decision_points(m)
    fork(m, points[-2], bots)
    fork(m, points[1], bots)
    assert len(m.branches) == 2
    restored = assert_round_trip(m)
    for position in (0, points[1], points[1] + 5):
        m.goto(position)
        assert_round_trip(m)
    restored.switch_branch(0)
    assert_round_trip(restored)


@pytest.mark.parametrize("name", ["build-level", "salary-choice"])
def test_json_round_trip_of_a_scenario(name):
    m = engines.scenario(GAME, name)
    restored = assert_round_trip(m)
    assert restored.scenario == name
    assert restored.view()["scenario"] == name
    play_to(m, bots_for(3))
    restored = assert_round_trip(m)
    assert restored.is_over


def test_a_match_from_a_prepared_position():
    """Match.from_position: a position arranged by hand is the match's position 0. It plays on as the
    position it was taken from would (its own generator draws), undo comes back to it and no further, the
    log that led to it is kept, and every seat's history starts there; a save of it is refused on loading,
    since neither its seed nor a scenario sets it up."""
    import pickle
    source, bots = new(3, seed=4), bots_for(3, 4)
    play_to(source, bots, 40)
    source.state.players[0].supply -= 1                  # arranged by hand: a disc less in the supply
    state, log = pickle.loads(pickle.dumps(source.state)), list(source.log)
    m = Match.from_position(source.game, 3, state, source.options, seed=4, log=log)
    assert m.position == 0 and not m.can_undo() and m.state is state and m.state.players[0].supply == \
        source.state.players[0].supply
    assert m.view() == source.view() and m.log == log and m.events_of(1) == []
    start = m.view()
    play_to(m, bots_for(3, 7), 30)
    play_to(source, bots_for(3, 7), 40 + 30)
    assert m.position == 30 and m.view() == source.view()
    assert [e.to_json() for e in m.log] == [e.to_json() for e in source.log]
    first_seen = json.loads(m.information_state(1))[4]
    m.goto(0)
    assert m.view() == start and not m.undo()
    assert first_seen == m.observation(1)
    m.redo()
    clone = m.clone()
    clone.goto(0)
    assert clone.view() == start
    with pytest.raises(SaveError):
        Match.from_json(m.to_json())
    with pytest.raises(ValueError):
        Match.from_position(source.game, 9, state)
    with pytest.raises(TypeError, match="position"):
        Match.from_position(source.game, source.players, {"not": "a position"})


# == goto ========================================================================================
def test_goto_backward_and_forward():
    m, bots = new(4, seed=12), bots_for(4, 12)
    views, logs = [m.view()], [len(m.log)]
    while not m.is_over:
        step(m, bots)
        views.append(m.view())
        logs.append(len(m.log))
    end = m.position
    assert end > 70
    for position in [0, end, 50, 10, 70, 33, 32, 31, 64, 65, 63, 1, end - 1, 0, end]:
        m.goto(position)
        assert m.position == position
        assert m.view() == views[position], position
        assert len(m.log) == logs[position]
    assert new(4, seed=12).view() == views[0]


def test_goto_out_of_range_raises_and_changes_nothing():
    m = play_to(new(3, seed=1), bots_for(3), 12)
    m.goto(7)
    before = snapshot(m)
    for bad in (-1, 13):
        with pytest.raises(ValueError, match="position must be from 0 to 12"):
            m.goto(bad)
        assert snapshot(m) == before
    for bad in ("3", 2.0, None, True):
        with pytest.raises(TypeError, match="position must be an integer"):
            m.goto(bad)
        assert snapshot(m) == before


def test_events_of_each_step():
    m, bots = new(3, seed=5), bots_for(3, 5)
    steps = []
    while not m.is_over:
        steps.append([e.to_json() for e in step(m, bots)])
    for position, events in enumerate(steps, start=1):
        assert [e.to_json() for e in m.events_of(position)] == events
        assert events, f"step {position} logged nothing"
    assert m.events_of(0) == [] and m.events_of(len(steps) + 1) == []
    m.goto(10)
    assert m.events_of(11) == []


# == branches ====================================================================================
def test_play_after_undo_keeps_the_old_line_as_a_branch():
    m, bots = new(3, seed=3), bots_for(3, 3)
    play_to(m, bots)
    old_line, old_view = m.timeline, m.view()
    at = decision_points(m)[-1]
    fork(m, at, bots)
    assert m.branches == [(at, old_line[at:])]
    assert m.timeline[:at] == old_line[:at]
    assert m.timeline[at] != old_line[at]
    assert m.view() != old_view


def test_undo_alone_does_not_branch():
    m = play_to(new(3, seed=3), bots_for(3, 3), 20)
    for _ in range(5):
        m.undo()
    m.redo()
    m.goto(20)
    assert m.branches == []


def test_switch_branch_restores_the_old_line():
    m, bots = new(3, seed=3), bots_for(3, 3)
    play_to(m, bots)
    line1, view1 = m.timeline, m.view()
    at = decision_points(m)[-1]
    fork(m, at, bots)
    line2, view2 = m.timeline, m.view()
    m.switch_branch(0)
    assert m.position == at
    assert m.timeline == line1
    assert m.branches == [(at, line2[at:])]
    m.goto(len(m.timeline))
    assert m.view() == view1
    m.switch_branch(0)
    m.goto(len(m.timeline))
    assert (m.timeline, m.view()) == (line2, view2)


def test_nested_branches_each_line_can_be_restored():
    """A later fork at an earlier point must not graft older branches onto the new line."""
    m, bots = new(3, seed=2), bots_for(3, 1)
    play_to(m, bots)
    line1, view1 = m.timeline, m.view()
    points = decision_points(m)
    late, early = points[-1], points[0]
    fork(m, late, bots)
    line2, view2 = m.timeline, m.view()
    fork(m, early, bots)
    line3, view3 = m.timeline, m.view()
    assert len(m.branches) == 2
    for line, view in ((line1, view1), (line2, view2), (line3, view3)):
        for index, (at, tail) in enumerate(m.branches):
            if m.timeline[:at] + tail == line:
                m.switch_branch(index)
                break
        m.goto(len(m.timeline))
        assert m.timeline == line
        assert m.view() == view
        assert_round_trip(m)


# == refusing bad actions ========================================================================
def build_position():
    """Round 1, build phase, a decision pending (3 players, seed 1)."""
    m, bots = new(3, seed=1), bots_for(3)
    while m.phase != "build":
        step(m, bots)
    assert m.to_move is not None
    return m


FACE_DOWN = build_position().state.level5_face_down[0]
FACE_UP = next(b for b in build_position().state.supply if engines.get_game(GAME).buildings[b].level == 5)

BAD_ACTIONS = [
    ("fly:moon", "core.action.unknown", "core.action.unknown"),
    ("", "core.action.unknown", "core.action.unknown"),
    ("build:", "core.action.unknown", "core.action.unknown"),
    ("build:colonial-house", "core.action.unknown", "core.action.unknown"),
    ("build:castle", "core.action.unknown", "core.action.unknown"),
    ("BUILD:market", "core.action.unknown", "core.action.unknown"),
    ("pay:0", "aos.flow.phases", "aos.why.not-this-phase"),
    ("start:colonial-house", "aos.flow.phases", "aos.why.not-this-phase"),
    ("build:theatre", "aos.build.level", "aos.why.build-level"),
    ("build:memorial", "aos.build.level", "aos.why.build-level"),
    (f"build:{FACE_DOWN}", "aos.setup.level5", "aos.why.face-down"),
    (4.2, "core.action.malformed", "core.action.malformed"),
    (10 ** 6, "core.action.unknown", "core.action.index"),
    (None, "core.action.malformed", "core.action.malformed"),
    ({"id": "build:market"}, "core.action.malformed", "core.action.malformed"),
    (["build:market"], "core.action.malformed", "core.action.malformed"),
    (b"build:market", "core.action.malformed", "core.action.malformed"),
    (3.5, "core.action.malformed", "core.action.malformed"),
    (engines.Action(f"build:{FACE_UP}", "aos.build"), "aos.build.level", "aos.why.build-level"),
]


@pytest.mark.parametrize("action,rule,key", BAD_ACTIONS, ids=[repr(a[0])[:30] for a in BAD_ACTIONS])
def test_illegal_action_raises_and_changes_nothing(action, rule, key):
    m = build_position()
    before = snapshot(m)
    with pytest.raises(IllegalAction) as info:
        m.play(action)
    assert info.value.rule == rule
    assert isinstance(info.value.text, Text) and info.value.text.key == key
    for lang in LANGS:
        assert MISSING not in info.value.text.render(lang)
    assert snapshot(m) == before
    assert len(m.log) == len(before["log"])
    assert m.why_not(action) == info.value.text
    assert m.why_not_rule(action) == rule
    # the message names the refused action and the rule
    assert f"[{rule}]" in str(info.value)


def test_why_not_is_none_for_every_legal_action():
    m, bots = new(4, seed=7), bots_for(4, 7)
    checked = 0
    while not m.is_over:
        for action in m.legal_actions():
            assert m.why_not(action) is None
            assert m.why_not(action.id) is None
            assert m.why_not_rule(action.id) is None
            checked += 1
        step(m, bots)
    assert checked > 100


def test_automatic_step_pending():
    m, bots = new(3, seed=1), bots_for(3)
    to_growth(m, bots)
    assert m.to_move is None and m.automatic_pending
    assert m.legal_actions() == []
    assert m.candidates() == []
    before = snapshot(m)
    for action in ("build:market", "pay:0", m.timeline[-1]):
        with pytest.raises(IllegalAction) as info:
            m.play(action)
        assert info.value.rule == "core.step.automatic"
        assert info.value.text.key == "core.step.automatic"
    assert snapshot(m) == before
    assert m.why_not("build:market") == Text("core.step.automatic")


def test_advance_step_does_exactly_one_step():
    m, bots = new(3, seed=1, phase_order="beginner"), bots_for(3)
    to_growth(m, bots)
    position, entries, log = m.position, m.timeline, len(m.log)
    events = m.advance(step=True)
    assert m.position == position + 1
    assert m.timeline == entries + [None]
    assert [e.rule for e in events] == ["aos.growth"]
    assert m.log[log:] == events
    assert m.phase == "growth" and m.automatic_pending     # the next player's growth is still to come
    # advance() resolves the rest up to the next decision: two growths, three salaries (the last one
    # opens the action phase), then the crown holder's first action is a decision
    events = m.advance()
    assert [e.rule for e in events] == ["aos.growth"] * 2 + ["aos.salary"] * 3 + ["aos.action.turn"]
    assert events[-1].key == "aos.action.begin"
    assert m.position == position + 1 + 5
    assert (m.round, m.phase) == (1, "action") and m.to_move == m.state.crown
    assert m.advance() == [] and m.position == position + 6


def test_advance_with_a_decision_pending_does_nothing():
    m = build_position()
    before = snapshot(m)
    assert m.advance() == [] and m.advance(step=True) == []
    assert snapshot(m) == before


def test_game_over_refuses_everything():
    m = full_game(2, seed=1)
    before = snapshot(m)
    assert m.legal_actions() == [] and m.to_move is None and not m.automatic_pending
    with pytest.raises(IllegalAction) as info:
        m.play("build:market")
    assert info.value.rule == "core.game.over"
    assert m.advance() == []
    assert snapshot(m) == before


# == malformed save files ========================================================================
@pytest.fixture(scope="module")
def save():
    """A mid-game save of 3 players with one kept branch."""
    m, bots = new(3, seed=5), bots_for(3, 5)
    play_to(m, bots)
    fork(m, decision_points(m)[-1], bots)
    m.goto(40)
    return m.to_json()


def edited(save, change):
    data = json.loads(save)
    change(data)
    return json.dumps(data)


def set_in(path, value):
    def change(data):
        *parents, last = path
        for key in parents:
            data = data[key]
        data[last] = value
    return change


def replay_entries(m, entries):
    """Play saved entries on a match; an entry that does not fit raises IllegalAction or AssertionError."""
    for entry in entries:
        if entry is None:
            assert m.automatic_pending
            m.advance(step=True)
        else:
            m.play(entry)


def other_legal_line(save):
    """The save with one earlier decision changed so that every entry up to the position still replays
    legally, but the position reached differs: only the digest can tell."""
    data = json.loads(save)
    position = data["timeline"]["position"]
    entries = data["timeline"]["entries"][:position]
    original = Match.from_json(save).view()
    for index in reversed(range(position)):
        if entries[index] is None:
            continue
        probe = new(data["players"], data["seed"], **data["options"])
        replay_entries(probe, entries[:index])
        for other in [a.id for a in probe.legal_actions() if a.id != entries[index]]:
            trial = Match.from_json(probe.to_json())
            try:
                trial.play(other)
                replay_entries(trial, entries[index + 1:])
            except (IllegalAction, AssertionError):
                continue
            if trial.view() != original:
                data["timeline"].update(entries=entries[:index] + [other] + entries[index + 1:], branches=[])
                return json.dumps(data)
    raise AssertionError("no other legal line found")


def first_automatic(data):
    return data["timeline"]["entries"].index(None)


SAVE_CASES = {
    "not JSON": (lambda s: s[:-7], "not valid JSON"),
    "empty text": (lambda s: "", "not valid JSON"),
    "undecodable bytes": (lambda s: b"\xff\xfe{", "not valid JSON"),
    "JSON list": (lambda s: "[1, 2, 3]", "not a saved match"),
    "JSON null": (lambda s: "null", "not a saved match"),
    "wrong format": (lambda s: edited(s, set_in(["format"], "chess-save")), "not a saved match"),
    "no format": (lambda s: edited(s, lambda d: d.pop("format")), "not a saved match"),
    "future version": (lambda s: edited(s, set_in(["version"], 3)), "version 3 is not supported"),
    "version zero": (lambda s: edited(s, set_in(["version"], 0)), "version 0 is not supported"),
    "version text": (lambda s: edited(s, set_in(["version"], "1")), "version '1' is not supported"),
    "unknown game": (lambda s: edited(s, set_in(["game"], "chess")), "unknown game 'chess'"),
    "too many players": (lambda s: edited(s, set_in(["players"], 9)), "players must be an integer from 2 to 5"),
    "players text": (lambda s: edited(s, set_in(["players"], "3")), "players must be an integer"),
    "players missing": (lambda s: edited(s, lambda d: d.pop("players")), "players must be an integer"),
    "seed text": (lambda s: edited(s, set_in(["seed"], "5")), "seed must be an integer"),
    "bad option value": (lambda s: edited(s, set_in(["options", "side"], "C")), "option 'side' must be one of"),
    "unknown option": (lambda s: edited(s, set_in(["options", "colour"], "red")), "unknown option 'colour'"),
    "options not an object": (lambda s: edited(s, set_in(["options"], ["A"])), "'options' must be an object"),
    "timeline not an object": (lambda s: edited(s, set_in(["timeline"], [])), "'timeline' must be an object"),
    "entries not a list": (lambda s: edited(s, set_in(["timeline", "entries"], "build:market")),
                           "'timeline.entries' must be a list"),
    "entry a number": (lambda s: edited(s, lambda d: d["timeline"]["entries"].__setitem__(3, 42)),
                       "'timeline.entries' must be a list of action ids and nulls"),
    "illegal entry": (lambda s: edited(s, lambda d: d["timeline"]["entries"].__setitem__(3, "build:palace")),
                      r"timeline\.entries\[3\] = 'build:palace' is not legal there"),
    "unknown entry": (lambda s: edited(s, lambda d: d["timeline"]["entries"].__setitem__(1, "fly:moon")),
                      r"timeline\.entries\[1\] = 'fly:moon' is not legal"),
    "automatic entry at a decision": (lambda s: edited(s, lambda d: d["timeline"]["entries"].__setitem__(0, None)),
                                      r"timeline\.entries\[0\] is an automatic step, but a decision is pending"),
    "decision at an automatic step": (
        lambda s: edited(s, lambda d: d["timeline"]["entries"].__setitem__(first_automatic(d), "build:market")),
        r"timeline\.entries\[\d+\] = 'build:market' is not legal there.*core\.step\.automatic"),
    "position past the end": (lambda s: edited(s, lambda d: d["timeline"].__setitem__(
        "position", len(d["timeline"]["entries"]) + 1)), "'timeline.position' must be from 0 to"),
    "position negative": (lambda s: edited(s, set_in(["timeline", "position"], -1)),
                          "'timeline.position' must be from 0 to"),
    "position text": (lambda s: edited(s, set_in(["timeline", "position"], "40")), "'timeline.position' must be"),
    "position boolean": (lambda s: edited(s, set_in(["timeline", "position"], True)), "'timeline.position' must be"),
    "tampered digest": (lambda s: edited(s, set_in(["digest"], "0123456789abcdef")),
                        "the replayed position differs from the saved one"),
    "another legal line, same digest": (lambda s: other_legal_line(s), "the replayed position differs"),
    "branches not a list": (lambda s: edited(s, set_in(["timeline", "branches"], {})), "'timeline.branches' must be"),
    "branch without entries": (lambda s: edited(s, set_in(["timeline", "branches"], [{"at": 3}])),
                                "'timeline.branches' must be"),
    "branch at negative": (lambda s: edited(s, set_in(["timeline", "branches"], [{"at": -1, "entries": []}])),
                           "'timeline.branches' must be"),
    "branch past the end": (lambda s: edited(s, set_in(["timeline", "branches"], [{"at": 999, "entries": []}])),
                            "branch 0 forks at 999, past the end"),
    "branch with an illegal entry": (
        lambda s: edited(s, lambda d: d["timeline"]["branches"][0]["entries"].__setitem__(0, "fly:moon")),
        r"timeline\.branches\[0\]\.entries\[0\] = 'fly:moon' is not legal"),
    "branch with a number": (
        lambda s: edited(s, lambda d: d["timeline"]["branches"][0]["entries"].__setitem__(1, 7)),
        r"'timeline\.branches' must be a list of"),
    "scenario of wrong type": (lambda s: edited(s, set_in(["scenario"], 5)), "'scenario' must be a scenario name"),
    "scenario a list": (lambda s: edited(s, set_in(["scenario"], ["build-level"])), "'scenario' must be"),
    "unknown scenario": (lambda s: edited(s, set_in(["scenario"], "nope")), "unknown scenario 'nope'"),
}


@pytest.mark.parametrize("players,message", [(2, "scenario 'build-level' is prepared for 3 players, got 2"),
                                             (4, "scenario 'build-level' is prepared for 3 players, got 4")])
def test_scenario_save_with_another_player_count(players, message):
    data = json.loads(engines.scenario(GAME, "build-level").to_json())
    data["players"] = players
    with pytest.raises(SaveError, match=message):
        Match.from_json(json.dumps(data))


@pytest.mark.parametrize("case", list(SAVE_CASES))
def test_malformed_save_raises_save_error(save, case):
    make, message = SAVE_CASES[case]
    text = make(save)
    with pytest.raises(SaveError, match=message) as info:
        Match.from_json(text)
    assert isinstance(info.value, ValueError)
    assert str(info.value).strip()


def test_entry_after_the_game_is_over_names_its_index():
    m = full_game(2, seed=3)
    data = json.loads(m.to_json())
    end = len(data["timeline"]["entries"])
    data["timeline"]["entries"].append("build:market")
    with pytest.raises(SaveError, match=rf"timeline\.entries\[{end}\] = 'build:market' is not legal.*game is over"):
        Match.from_json(json.dumps(data))


def test_a_save_edited_to_the_other_side_is_refused():
    """Five players may play side A (the side is a suggestion), but a save edited by hand to the other
    side replays to another position: the digest refuses it."""
    m = new(5, seed=1)
    data = json.loads(m.to_json())
    data["options"]["side"] = "A"
    with pytest.raises(SaveError, match="the replayed position differs from the saved one"):
        Match.from_json(json.dumps(data))


def test_a_save_outlives_a_change_to_the_view(save, monkeypatch):
    """A save's digest is taken over the rules' state, not over what the board is told: a new field in the view
    (the boards gain some every release) leaves every save loadable. A version-1 save, whose digest was taken
    over the view, still loads while the view is the same, and is refused once it differs."""
    m = Match.from_json(save)
    old = json.loads(save)
    old["version"], old["digest"] = 1, m._digest(1)
    old = json.dumps(old)
    assert Match.from_json(old).position == m.position
    game = type(m.game)
    drawn = game.view
    monkeypatch.setattr(game, "view", lambda self, state, seat=None: {**drawn(self, state, seat), "new": 1})
    assert Match.from_json(save).to_json() == save
    with pytest.raises(SaveError, match="the replayed position differs from the saved one"):
        Match.from_json(old)


def test_the_base_save_loads(save):
    """The control for the cases above: the unedited save loads; without its digest it does not (a save
    edited by hand to another seed would otherwise load a different game without a word)."""
    m = Match.from_json(save)
    assert m.to_json() == save and m.position == 40 and len(m.branches) == 1
    data = json.loads(save)
    del data["digest"]
    with pytest.raises(SaveError, match="'digest' is missing"):
        Match.from_json(json.dumps(data))


# == texts =======================================================================================
def _illegal_ids():
    buildings = [f"build:{b}" for b in engines.get_game(GAME).buildings]
    action_phase = ["activate:0", "activate:1", "activate:9", "token:ship", "token:acquire", "pass", "done",
                    "ship:track:africa", "ship:track:atlantis", "ship:fleet:north-sea-fleet", "ship:fleet:guinea-fleet",
                    "ship:sea:india", "ship:sea:europe", "occupy:london", "occupy:elmina", "occupy:guinea-fleet",
                    "attack:london", "attack:cape-town", "payment:0", "payment:1", "acquire:europe",
                    "acquire:slavery", "acquire:india", "acquire:discard:europe-1", "discard:europe-1",
                    "slot:empty", "memorial:culture", "silent:track:africa", "silent:react:ship", "scarce:market"]
    return buildings + [f"pay:{i}" for i in range(10)] + ["pay:x", "pay:²", "pay:-1", "start:colonial-house",
                                                          "start:merchants-dock", "start:x", "fly:moon", "",
                                                          4.2] + action_phase


def _check_rendered(text, where):
    _check_pair(text.render("en"), text.render("zh-Hant"), where)


def _check_pair(en, zh, where):
    for rendered in (en, zh):
        assert MISSING not in rendered, f"{where}: {rendered}"
        assert "{" not in rendered and "}" not in rendered, f"{where}: {rendered}"
        assert rendered.strip(), where
    assert re.search(r"[\u4e00-\u9fff]", zh), f"{where}: no Chinese in {zh!r}"
    assert en != zh


def test_missing_key_marker_is_visible():
    assert Text("no.such.key").render("en") == "⟨no.such.key⟩"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        Text("core.game.over").render("fr")


TEXT_GAMES = [(2, "beginner", {}), (3, "experienced", {}), (4, "beginner", {"side": "B"}), (5, "experienced", {}),
              (2, "experienced", {"silent_fleet": True, "side": "B", "sf_scarce_buildings": True,
                                  "sf_restricted_occupy": True, "sf_no_token_reaction": True})]


@pytest.mark.parametrize("players,order,options", TEXT_GAMES)
def test_every_text_renders_in_both_languages(players, order, options):
    m, bots = new(players, seed=players, phase_order=order, **options), bots_for(players, players)
    ids = _illegal_ids()
    phases = set()
    while not m.is_over:
        phases.add(m.phase)
        for action in m.legal_actions():
            _check_rendered(action.label, action.id)
        for action, reason in m.candidates():
            _check_rendered(action.label, action.id)
            if reason is not None:
                _check_rendered(reason, action.id)
        for action_id in ids:
            reason = m.why_not(action_id)
            if reason is not None:
                _check_rendered(reason, repr(action_id))
        step(m, bots)
    phases.add(m.phase)
    for event in m.log:
        _check_pair(event.text("en"), event.text("zh-Hant"), event.rule)
    assert phases == {"start", "build", "growth", "salary", "action", "discard", "end", "over"} | (
        {"scarce"} if options.get("sf_scarce_buildings") else set())
    for phase in phases:
        _check_rendered(Text(f"phase.{phase}"), phase)
    view = m.view()
    for part in m.scores()[0]["parts"]:
        _check_rendered(Text(f"score.{part}"), part)
    for level in view["players"][0]["levels"]:
        _check_rendered(Text(f"level.{level}"), level)
    for attribute in view["players"][0]["attributes"]:
        _check_rendered(Text(f"attribute.{attribute}"), attribute)
    for building in engines.get_game(GAME).buildings:
        _check_rendered(Text(f"building.{building}"), building)
    _check_rendered(engines.get_game(GAME).title, "title")


@pytest.mark.parametrize("name", ["build-level", "salary-choice"])
def test_scenario_texts_render(name):
    m = engines.scenario(GAME, name)
    play_to(m, bots_for(3))
    for event in m.log:
        _check_pair(event.text("en"), event.text("zh-Hant"), event.rule)
    assert has_text(f"aos.scenario.{name}")


def test_seat_names_and_lists_per_language():
    assert Text("core.turn.other", who=2).render("en") == "It is not Player 3's turn."
    assert Text("core.turn.other", who=2).render("zh-Hant") == "現在不是玩家3的回合。"
    assert Text("aos.game.end", winners=[0, 2]).render("en") == "The game ends. Winner: Player 1, Player 3."
    assert Text("aos.game.end", winners=[0, 2]).render("zh-Hant") == "遊戲結束。獲勝者：玩家1、玩家3。"


# == the rule catalog ============================================================================
def test_every_event_rule_is_in_the_catalog():
    catalog = engines.rules(GAME)
    seen = set()
    for players, order, options in [(2, "beginner", {"side": "A"}), (3, "experienced", {"side": "A"}),
                                    (4, "experienced", {"side": "B"}), (5, "beginner", {"side": "B"}),
                                    (2, "beginner", {"silent_fleet": True, "side": "B", "sf_scarce_buildings": True})]:
        for seed in (1, 2):
            m, bots = new(players, seed=seed, phase_order=order, **options), bots_for(players, seed)
            while not m.is_over:
                for action in m.legal_actions():
                    assert action.rule in catalog, action.id
                step(m, bots)
            seen |= {e.rule for e in m.log}
    for name in ("build-level", "salary-choice"):
        m = play_to(engines.scenario(GAME, name), bots_for(3))
        seen |= {e.rule for e in m.log}
    assert seen - set(catalog) == set()
    assert {"aos.setup.level5", "aos.setup.crown", "aos.setup.start-tile", "aos.flow.rounds", "aos.track.icons",
            "aos.build", "aos.growth", "aos.salary", "aos.round.end", "aos.scoring", "aos.build.level",
            "aos.setup.tokens", "aos.setup.decks", "aos.action.turn", "aos.action.pass", "aos.action.activate",
            "aos.action.ship.track", "aos.action.occupy", "aos.action.acquire", "aos.token.attribute",
            "aos.discard.limit", "aos.variant.silent-fleet", "aos.variant.scarce", "aos.scoring.tracks"} <= seen


def test_refusal_rules_are_in_the_catalog_or_the_kernel():
    catalog = engines.rules(GAME)
    m, bots = new(3, seed=4), bots_for(3, 4)
    rules = set()
    while not m.is_over:
        for action_id in _illegal_ids():
            rule = m.why_not_rule(action_id)
            if rule is not None:
                assert rule in catalog or rule.startswith("core."), rule
                rules.add(rule)
        step(m, bots)
    assert {"core.action.unknown", "core.action.malformed", "aos.flow.phases", "aos.build.level",
            "aos.setup.level5", "core.step.automatic", "aos.action.turn", "aos.action.activate"} <= rules


def test_catalog_entries_are_complete_in_both_languages():
    en, zh = engines.rules(GAME, "en"), engines.rules(GAME, "zh-Hant")
    assert set(en) == set(zh) and len(en) >= 20
    for rule_id in en:
        for entry in (en[rule_id], zh[rule_id]):
            assert set(entry) == {"title", "text", "source", "note"}    # note: "" unless the rule has one
            assert entry["title"].strip() and entry["text"].strip()
            assert entry["source"].startswith(("rulebook:", "public:", "stand-in", "project:"))
        assert re.search(r"[\u4e00-\u9fff]", zh[rule_id]["title"] + zh[rule_id]["text"])
        assert en[rule_id]["text"] != zh[rule_id]["text"]
    with pytest.raises(ValueError, match="unknown language"):
        engines.rules(GAME, "fr")


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside the project")
def test_catalog_sources_cite_sections_of_the_rulebook():
    text = RULEBOOK.read_text(encoding="utf-8")
    for rule_id, entry in engines.rules(GAME).items():
        source = entry["source"]
        assert source.startswith("rulebook:000_98ba3dcda373bef6.txt#"), rule_id
        section = source.partition("#")[2]
        heading = re.sub(r" [A-H]$", "", section)       # "初始設置 E" cites step E of 初始設置
        assert heading in text, f"{rule_id}: section {section!r} not found in the rulebook"


def test_rule_lookup_falls_back_to_the_parent():
    m = new()
    assert m.rule("aos.build.level.next").id == "aos.build.level.next"
    assert m.rule("aos.build.level.next.example").id == "aos.build.level.next"
    assert m.rule("aos.growth.short.x").id == "aos.growth.short"
    assert m.rule("nothing.here") is None


# == the seeded generator ========================================================================
def test_rng_known_values_and_determinism():
    r = Rng(0)
    assert r.next64() == 0xE220A8397B1DCDAF      # splitmix64 reference output for seed 0
    assert r.next64() == 0x6E789E6AA1B965F4
    a, b = Rng(12345), Rng(12345)
    assert [a.next64() for _ in range(50)] == [b.next64() for _ in range(50)]
    assert a == b and a != Rng(12346)
    assert [Rng(1).next64() for _ in range(3)] != [Rng(2).next64() for _ in range(3)]
    assert Rng(-1).state == (1 << 64) - 1


def test_rng_below_choice_shuffle():
    r = Rng(7)
    draws = [r.below(6) for _ in range(3000)]
    assert set(draws) == set(range(6))
    assert all(300 < draws.count(k) < 700 for k in range(6))
    items = list(range(30))
    r1, r2 = Rng(99), Rng(99)
    s1, s2 = list(items), list(items)
    r1.shuffle(s1)
    r2.shuffle(s2)
    assert s1 == s2 and sorted(s1) == items and s1 != items
    assert r1.choice("abc") in "abc"
    assert Rng(3).choice(["only"]) == "only"


def test_rng_fork_is_independent():
    parent = Rng(5)
    child = parent.fork()
    assert child != parent
    copy = Rng(5)
    copy.next64()
    assert parent == copy          # forking draws exactly one number from the parent
    assert [child.next64() for _ in range(5)] != [parent.next64() for _ in range(5)]


def test_rng_state_lives_in_the_match_state():
    m = play_to(new(4, seed=77), bots_for(4), 20)
    saved = m.state.rng.state
    restored = Match.from_json(m.to_json())
    assert restored.state.rng.state == saved


# == component data files ========================================================================
def toml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def write_toml(path, data):
    lines = []
    for name, entry in data.items():
        lines.append(f"[{json.dumps(name, ensure_ascii=False)}]")
        lines += [f"{json.dumps(k)} = {toml_value(v)}" for k, v in entry.items()]
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def buildings_copy(tmp_path, change=None):
    data = tomllib.loads((DATA / "buildings.toml").read_text(encoding="utf-8"))
    if change:
        change(data)
    return write_toml(tmp_path / "buildings.toml", data)


def mat_copy(tmp_path, change=None):
    data = tomllib.loads((DATA / "mat.toml").read_text(encoding="utf-8"))
    if change:
        change(data)
    return write_toml(tmp_path / "mat.toml", data)


def test_unchanged_data_copies_load(tmp_path):
    """The control: the copying itself is faithful, so each error below comes from its one edit."""
    assert load_buildings(buildings_copy(tmp_path)) == load_buildings()
    assert load_mat(mat_copy(tmp_path)) == load_mat()


def _remove(entry, field):
    return lambda d: d[entry].pop(field)


def _set(entry, field, value):
    return lambda d: d[entry].__setitem__(field, value)


BUILDING_ERRORS = {
    "missing field": (_remove("market", "level"), ["entry 'market'", "missing field 'level'", "an integer from 0 to 5"]),
    "missing copies": (_remove("bank", "copies"), ["entry 'bank'", "missing field 'copies'"]),
    "wrong type": (_set("theatre", "level", "three"), ["entry 'theatre'", "field 'level'", "got 'three'"]),
    "boolean for an integer": (_set("theatre", "glory", True), ["entry 'theatre'", "field 'glory'"]),
    "level out of range": (_set("docks", "level", 6), ["entry 'docks'", "field 'level'",
                                                       "an integer from 0 to 5", "got 6"]),
    "negative level": (_set("docks", "level", -1), ["entry 'docks'", "field 'level'", "got -1"]),
    "icon count out of range": (_set("bank", "icons", {"wealth": 12}), ["entry 'bank'", "field 'icons'"]),
    "unknown attribute": (_set("bank", "icons", {"charisma": 1}), ["entry 'bank'", "field 'icons'"]),
    "unknown action": (_set("docks", "actions", ["fly"]), ["entry 'docks'", "field 'actions'", "got ['fly']"]),
    "three actions": (_set("docks", "actions", ["ship", "occupy", "attack"]),
                      ["entry 'docks'", "field 'actions'", "at most two actions"]),
    "bad combine": (_set("docks", "combine", "&"), ["entry 'docks'", "field 'combine'", "among +, /"]),
    "bad source": (_set("market", "source", "my copy"), ["entry 'market'", "field 'source'", "got 'my copy'"]),
    "rulebook source without section": (_set("market", "source", "rulebook:book.txt"),
                                        ["entry 'market'", "field 'source'"]),
    "missing source": (_remove("workshop", "source"), ["entry 'workshop'", "field 'source'", "got None"]),
    "bad known source": (_set("market", "known", {"copies": "memory"}), ["entry 'market'", "known.copies",
                                                                         "field 'source'"]),
    "known names an unknown field": (_set("market", "known", {"colour": "stand-in"}),
                                     ["entry 'market'", "field 'known'", "unknown field 'colour'"]),
    "unknown field": (_set("market", "colour", "red"), ["entry 'market'", "unknown field 'colour'"]),
    "name without Chinese": (_set("market", "name", {"en": "Market"}), ["entry 'market'", "field 'name'",
                                                                        "zh-Hant"]),
    "start tile without side_of": (_remove("colonial-house", "side_of"), ["entry 'colonial-house'",
                                                                          "field 'side_of'"]),
    "memorial without tracks": (_set("memorial", "memorial_tracks", []), ["entry 'memorial'",
                                                                          "field 'memorial_tracks'"]),
    "an empty entry": (lambda d: d.__setitem__("harbour", {}), ["entry 'harbour'", "field 'source'"]),
    "too few types": (lambda d: d.pop("barracks"), ["19 building types in 49 tiles", "18 types in 47 tiles"]),
    "too many tiles": (_set("market", "copies", 6), ["19 building types in 49 tiles", "19 types in 50 tiles"]),
    "too few tiles": (_set("bank", "copies", 3),
                      ["19 building types in 49 tiles", "19 types in 48 tiles"]),
}


@pytest.mark.parametrize("case", list(BUILDING_ERRORS))
def test_building_data_errors_name_file_entry_and_field(tmp_path, case):
    change, fragments = BUILDING_ERRORS[case]
    path = buildings_copy(tmp_path, change)
    with pytest.raises(engines.DataError) as info:
        load_buildings(path)
    message = str(info.value)
    assert message.startswith(str(path)), message
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"


def test_invalid_toml_is_a_data_error(tmp_path):
    path = tmp_path / "buildings.toml"
    path.write_text('["market"]\nlevel = 1\nlevel = 2\n', encoding="utf-8")
    with pytest.raises(engines.DataError, match=re.escape(f"{path}: not valid TOML")):
        load_buildings(path)
    path.write_text('["market"\nlevel = ', encoding="utf-8")
    with pytest.raises(engines.DataError, match="not valid TOML"):
        load_buildings(path)
    path.write_text("", encoding="utf-8")
    with pytest.raises(engines.DataError, match="expected a non-empty table of entries"):
        load_buildings(path)
    with pytest.raises(engines.DataError, match=re.escape(f"{tmp_path / 'nowhere.toml'}: cannot read data file")):
        load_buildings(tmp_path / "nowhere.toml")


def test_a_failed_load_changes_no_building_name(tmp_path):
    before = Text("building.market").render("en")
    path = buildings_copy(tmp_path, lambda d: (d["market"]["name"].__setitem__("en", "Bazaar"),
                                               d.pop("barracks")))
    with pytest.raises(engines.DataError, match="18 types"):
        load_buildings(path)
    assert Text("building.market").render("en") == before == "Market"


MAT_ERRORS = {
    "missing table": (lambda d: d.pop("discs"), ["missing table [discs]"]),
    "missing field": (_remove("levels", "growth_bonus"), ["entry 'levels'", "missing field 'growth_bonus'"]),
    "wrong type": (_set("discs", "per_player", "35"), ["entry 'discs'", "field 'per_player'", "got '35'"]),
    "out of range": (_set("game", "rounds", 0), ["entry 'game'", "field 'rounds'", "from 1 to 20"]),
    "thresholds not rising": (_set("levels", "thresholds", [0, 4, 2, 7, 10]), ["[levels] thresholds must rise"]),
    "thresholds not from 0": (_set("levels", "thresholds", [1, 2, 4, 7, 10]), ["start at 0"]),
    "glory spaces not rising": (_set("tracks", "glory_spaces", [0, 4, 2]), ["[tracks] glory_spaces must rise"]),
    "bad source": (_set("tracks", "source", "guess"), ["entry 'tracks'", "field 'source'", "got 'guess'"]),
    "unknown field": (_set("game", "turns", 7), ["entry 'game'", "unknown field 'turns'"]),
    "table is a number": (lambda d: d.__setitem__("levels", 3), ["entry 'levels'", "expected a table of fields"]),
}


@pytest.mark.parametrize("case", list(MAT_ERRORS))
def test_mat_data_errors_name_file_table_and_field(tmp_path, case):
    change, fragments = MAT_ERRORS[case]
    if case == "table is a number":
        data = tomllib.loads((DATA / "mat.toml").read_text(encoding="utf-8"))
        data.pop("levels")
        path = write_toml(tmp_path / "mat.toml", data)
        path.write_text("levels = 3\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    else:
        path = mat_copy(tmp_path, change)
    with pytest.raises(engines.DataError) as info:
        load_mat(path)
    message = str(info.value)
    assert message.startswith(str(path)), message
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"


def test_issue_13_kernel_inputs_are_refused_and_change_nothing():
    """Booleans are not integers, and every public method names the bad argument (issue 13, item 7)."""
    m = new(2, seed=4)
    bots = bots_for(2)
    play_to(m, bots, 12)
    m.goto(6)
    before = snapshot(m)
    for call in (lambda: m.goto(True), lambda: m.switch_branch(True), lambda: m.events_of(True)):
        with pytest.raises(TypeError, match="True"):
            call()
        assert snapshot(m) == before
    with pytest.raises(ValueError, match="branch index: there is no branch to switch to.*5"):
        m.switch_branch(5)
    with pytest.raises(TypeError, match="position must be an integer, got 'x'"):
        m.events_of("x")
    with pytest.raises(IllegalAction):
        m.play(True)
    assert snapshot(m) == before
    # memorial:foo is no action of the table: refused as unknown, never rendered as a placeholder
    assert m.why_not_rule("memorial:foo") == "core.action.unknown"
    assert "⟨" not in m.why_not("memorial:foo").render("en")
    # option values must have the type of their choices: 1 and 1.0 are not True
    for value in (1, 1.0, 0):
        with pytest.raises(ValueError, match="option 'silent_fleet' must be one of False, True"):
            new(2, silent_fleet=value)
    # saves with booleans where numbers belong do not load
    data = json.loads(m.to_json())
    for edit, message in (({"version": True}, "version True"),
                          ({"timeline": {**data["timeline"], "branches": [{"at": True, "entries": []}]}},
                           "timeline.branches")):
        with pytest.raises(SaveError, match=message):
            Match.from_json(json.dumps({**data, **edit}))


def test_observer_keeps_numbers_that_do_not_fit_in_a_byte():
    """Parts usually hold small counts (packed a byte each); a negative score, a count past 255 or a
    fraction must come out as it is, whichever part brings it (a shared one, a seat's own, one encoded at
    every call), and the parts packed before it must keep their numbers."""
    np = pytest.importorskip("numpy")
    from types import SimpleNamespace
    from engines.core.observation import Observer, observe, part

    @part(("score", 2), key=lambda state: (state.score,))
    def score(state, seat):
        return list(state.score)

    @part(("mine", 1), per_seat=True, key=lambda state: (state.score,))
    def mine(state, seat):
        return [state.score[seat] - 4]

    @part(("share", 1))
    def share(state, seat):                        # no key: encoded at every call
        return [state.share]

    @part(("flags", 3), key=lambda state: (state.flags,))
    def flags(state, seat):
        return bytes(state.flags)

    parts = [score, mine, share, flags]
    shared_first = (([5, 6], 1, [1, 0, 1]), ([-2, 300], 2, [0, 0, 1]), ([5, 6], 0.5, [1, 1, 0]),
                    ([5, -1], 0, [1, 1, 0]))
    own_first = (([3, 4], 1, [1, 0, 1]), ([5, 6], 0.5, [0, 1, 1]), ([9, 9], 1, [0, 0, 0]))
    # a shared part widens first (a later part changing in the same call), or a seat's own part does;
    # then a part encoded at every call brings a fraction
    for positions in (shared_first, own_first):
        observer = Observer(parts)
        for values, fraction, flag in positions:
            state = SimpleNamespace(score=values, share=fraction, flags=flag)
            for seat in (0, 1):
                got = observer(state, seat)
                assert got.dtype == np.float32
                assert got.tolist() == observe(parts, state, seat) == [*values, values[seat] - 4, fraction, *flag]


def test_issue_23_arguments_of_the_wrong_type_or_value_are_refused_by_name_and_change_nothing():
    """goto, switch_branch, plan_draws and advance raise TypeError or ValueError naming the argument,
    never IndexError, a bare TypeError, or a step taken (issue 23, item 4)."""
    m = new(3, seed=2)
    bots = bots_for(3, 2)
    play_to(m, bots, 20)
    m.goto(10)
    before = snapshot(m)
    cases = [
        (lambda: m.goto("1"), TypeError, "position must be an integer, got '1'"),
        (lambda: m.goto(True), TypeError, "position must be an integer, got True"),
        (lambda: m.goto(1.0), TypeError, "position must be an integer, got 1.0"),
        (lambda: m.goto(21), ValueError, "position must be from 0 to 20, got 21"),
        (lambda: m.switch_branch(3), ValueError, "branch index: there is no branch to switch to"),
        (lambda: m.switch_branch("0"), TypeError, "branch index must be an integer"),
        (lambda: m.plan_draws(None), TypeError, "outcomes must be a list of outcome ids, got None"),
        (lambda: m.plan_draws("card:x"), TypeError, "outcomes must be a list of outcome ids"),
        (lambda: m.plan_draws([3]), TypeError, "outcomes must be a list of outcome ids"),
        (lambda: m.plan_draws(["bogus:outcome"]), ValueError,
         "outcomes: 'bogus:outcome' is not a chance outcome of endeavor-aos"),
        (lambda: m.advance(step="no"), TypeError, "step must be True or False, got 'no'"),
        (lambda: m.advance(step=1), TypeError, "step must be True or False"),
    ]
    for call, kind, message in cases:
        with pytest.raises(kind, match=re.escape(message)):
            call()
        assert snapshot(m) == before, message


def test_issue_23_a_deeply_nested_save_is_a_save_error():
    """A save of a hundred thousand nested lists is refused as a save, not by the parser's RecursionError."""
    for text in ("[" * 100000 + "]" * 100000, '{"a":' * 100000 + "1" + "}" * 100000):
        with pytest.raises(SaveError, match="nested too deeply"):
            Match.from_json(text)


@pytest.mark.parametrize("game_id,counts", [("shipyard", (3, 4)), ("amerigo", (2, 4)), ("endeavor-aos", (2, 5))])
def test_issue_23_action_numbers_belong_to_each_matchs_own_table(game_id, counts):
    """Action.index is the number in the match's own table, even while another match of the same game
    with another player count (another table) is played beside it: actions that a game makes once and
    offers to every match must not carry one table's numbers into the other (issue 23, item 1)."""
    import random
    rng = random.Random(7)
    matches = [engines.new_match(game_id, players=n, seed=3) for n in counts]
    assert len(matches[0].table) != len(matches[1].table)
    for _ in range(300):
        offered = []
        for m in matches:
            m.advance()
            offered.append([(a.id, a.index) for a in m.legal_actions()])
        for m, before in zip(matches, offered):      # both asked before either plays: nothing may move
            assert [(a.id, a.index) for a in m.legal_actions()] == before
            assert all(index == m.table.index[id_] for id_, index in before), m
        for m in matches:
            if m.legal_actions():
                m.play(rng.choice(m.legal_actions()).index)
