"""Property tests: random full games of Endeavor: Age of Sail for every player count, board side
and phase order never crash, never offer an illegal move, keep the conservation laws, and
survive saving, undo and redo at any step (DESIGN.md section 7).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines import Match
from engines.core.rng import Rng

GAME = "endeavor-aos"
G = engines.get_game(GAME)
DISCS = 35
LEVEL5 = {b.id for b in G.buildings.values() if b.level == 5}
REGULAR = {b.id: b for b in G.buildings.values() if 1 <= b.level <= 4}
CONFIGS = [(players, side, order)
           for players in (2, 3, 4, 5)
           for side in (("B",) if players == 5 else ("A", "B"))
           for order in ("beginner", "experienced")]


def new(players, seed, side, order):
    return engines.new_match(GAME, players=players, seed=seed, options={"side": side, "phase_order": order})


def check_invariants(m):
    state = m.state
    # discs: harbor + supply + workers == 35 for every player, none negative
    for seat, p in enumerate(state.players):
        assert p.harbor + p.supply + sum(p.workers) == DISCS, seat
        assert p.harbor >= 0 and p.supply >= 0
        assert all(w in (0, 1) for w in p.workers) and len(p.workers) == len(p.buildings)
        # attributes are exactly the icons of the coastline's buildings
        assert p.attributes == [sum(G.buildings[b].icons[a] for b in p.buildings) for a in range(4)], seat
        # the start tile is the leftmost building, and there is one
        starts = [slot for slot, b in enumerate(p.buildings) if G.buildings[b].level == 0]
        assert starts == ([0] if p.buildings else [])
        assert len(p.buildings) <= max(state.round, 0) + 1
    # buildings: the tray and the coastlines hold every tile of levels 1-4...
    built = {}
    for p in state.players:
        for b in p.buildings:
            built[b] = built.get(b, 0) + 1
    for b, building in REGULAR.items():
        assert state.supply[b] >= 0
        assert state.supply[b] + built.get(b, 0) == building.copies, b
    # ...and of the 7 level-5 tiles, 4 stay face down and 3 are in the tray or built
    face_up = {b for b in state.supply if b in LEVEL5}
    face_down = set(state.level5_face_down)
    assert len(face_up) == 3 and len(face_down) == 4 and face_up | face_down == LEVEL5
    for b in face_up:
        assert state.supply[b] + built.get(b, 0) == 1
    assert not face_down & set(built)
    assert set(state.supply) == set(REGULAR) | face_up
    # whose move it is, and what is offered
    legal = m.legal_actions()
    if m.is_over:
        assert m.to_move is None and legal == [] and m.round == G.mat.rounds
    elif m.to_move is None:
        assert legal == [] and m.automatic_pending
    else:
        assert legal and m.view()["step"]["seat"] == m.to_move
        candidates = dict((a.id, reason) for a, reason in m.candidates())
        for action in legal:
            assert candidates[action.id] is None
        for action_id, reason in candidates.items():
            assert (reason is None) == (action_id in {a.id for a in legal})
    # scores add up
    for seat, score in m.scores().items():
        assert score["total"] == sum(score["parts"].values())
    # the timeline is where we are when nothing is undone
    assert m.position == len(m.timeline)


def play_random_game(players, seed, side, order, bot_seed, on_step=None):
    m = new(players, seed, side, order)
    rng = Rng(bot_seed)
    check_invariants(m)
    steps = 0
    while not m.is_over:
        if m.to_move is None:
            assert m.legal_actions() == []
            m.advance(step=True)
        else:
            legal = m.legal_actions()
            action = rng.choice(legal)
            assert action.id in {a.id for a in m.legal_actions()}
            assert m.why_not(action.id) is None
            m.play(action.id)
        steps += 1
        check_invariants(m)
        if on_step:
            on_step(m, rng)
        assert steps < 400
    return m


@pytest.mark.parametrize("players,side,order", CONFIGS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_every_law(players, side, order, seed):
    m = play_random_game(players, seed, side, order, bot_seed=seed * 31 + players)
    assert m.is_over and m.round == 7
    assert sum(1 for e in m.log if e.rule == "aos.flow.rounds") == 7
    assert m.options == {"side": side, "phase_order": order}
    json.dumps(m.view())


def test_every_configuration_is_covered():
    assert len(CONFIGS) == 14
    assert ("B", "beginner") in {(s, o) for p, s, o in CONFIGS if p == 5}
    assert ("A", "experienced") in {(s, o) for p, s, o in CONFIGS if p == 4}


def undo_redo_sometimes(m, rng):
    if rng.below(6) == 0:
        saved, view, log = m.to_json(), m.view(), [e.to_json() for e in m.log]
        assert m.undo()
        assert m.position == len(m.timeline) - 1
        assert m.redo()
        assert (m.to_json(), m.view(), [e.to_json() for e in m.log]) == (saved, view, log)


@pytest.mark.parametrize("players,side,order", [(2, "B", "experienced"), (4, "A", "beginner")])
def test_undo_then_redo_at_random_points(players, side, order):
    m = play_random_game(players, 17, side, order, bot_seed=5, on_step=undo_redo_sometimes)
    assert m.is_over and m.branches == []


def round_trip(m, rng):
    saved = m.to_json()
    restored = Match.from_json(saved)
    assert restored.to_json() == saved
    assert restored.view() == m.view()
    for seat in range(m.players):
        assert restored.view(seat) == m.view(seat)
    assert [a.id for a in restored.legal_actions()] == [a.id for a in m.legal_actions()]


@pytest.mark.parametrize("players,side,order", [(3, "B", "experienced"), (5, "B", "beginner")])
def test_json_round_trip_at_every_step(players, side, order):
    m = play_random_game(players, 8, side, order, bot_seed=8, on_step=round_trip)
    round_trip(m, None)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_bot_games_complete(players):
    def greedy_game():
        m = engines.new_match(GAME, players=players, seed=40 + players)
        bots = {s: (engines.GreedyBot(s) if s % 2 == 0 else engines.RandomBot(s)) for s in range(players)}
        engines.play_out(m, bots)
        return m
    m = greedy_game()
    assert m.is_over and m.round == 7
    check_invariants(m)
    assert greedy_game().to_json() == m.to_json()          # bots are seeded too


def test_greedy_bot_prefers_what_the_game_rates_best():
    """In the build-level example the greedy bot takes a building its heuristic rates highest."""
    m = engines.scenario(GAME, "build-level")
    choice = engines.GreedyBot(0).choose(m)
    values = {}
    for action in m.legal_actions():
        probe = Match.from_json(m.to_json())
        probe.play(action.id)
        values[action.id] = G.heuristic(probe.state, 0)
    assert values[choice.id] == max(values.values())
    assert m.position == 0 and m.state.players[0].buildings[-1] == "shipyard"   # nothing was played


@settings(max_examples=60, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32), bot_seed=st.integers(0, 2**16))
def test_hypothesis_random_games(config, seed, bot_seed):
    players, side, order = config
    m = play_random_game(players, seed, side, order, bot_seed)
    assert m.is_over


@settings(max_examples=15, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 10_000), jumps=st.lists(st.integers(0, 200), min_size=1, max_size=12))
def test_hypothesis_goto_anywhere(seed, jumps):
    """goto to any position gives the position recorded when the line was first played."""
    views, logs = [], []

    def record(m, rng):
        views.append(m.view())
        logs.append(len(m.log))

    m = new(3, seed, "A", "beginner")
    first_view, first_log = m.view(), len(m.log)
    play_random_game(3, seed, "A", "beginner", bot_seed=seed, on_step=record)
    m = play_random_game(3, seed, "A", "beginner", bot_seed=seed)
    views.insert(0, first_view)
    logs.insert(0, first_log)
    end = m.position
    for jump in jumps:
        position = jump % (end + 1)
        m.goto(position)
        assert m.view() == views[position]
        assert len(m.log) == logs[position]
    m.goto(end)
    assert m.view() == views[end] and m.is_over
    check_invariants(m)
