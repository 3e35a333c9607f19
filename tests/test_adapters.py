"""The OpenSpiel and PettingZoo adapters (the optional extra `.[rl]`, which `make test` installs), for
every game and player count: OpenSpiel's own conformance simulation with serialisation, PettingZoo's
API and seed tests, and the numbers agreeing with the engine's tables. The test-only games (tests/tictactoe)
are registered while this module runs (tests/games.py), with OpenSpiel too."""

from __future__ import annotations

import random

import pytest

import engines

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[rl]'")
pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install -e '.[rl]'")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from engines.adapters.openspiel import load_game  # noqa: E402
from engines.adapters.pettingzoo import env  # noqa: E402
from games import registering_test_only_games  # noqa: E402

with registering_test_only_games():
    COUNTS = [(game_id, players) for game_id, game in sorted(engines.GAMES.items())
              for players in range(game.min_players, game.max_players + 1)]

@pytest.fixture(scope="module", autouse=True)
def register_test_only_games():
    """The test-only games registered while this module runs; the OpenSpiel adapter registers each with
    pyspiel the first time it is loaded (a registration pyspiel cannot take back: it stays for the process,
    harmless, as the engines' registry no longer has the game afterwards)."""
    with registering_test_only_games():
        yield


@pytest.mark.parametrize("game_id,players", COUNTS, ids=[f"{g}-{p}p" for g, p in COUNTS])
def test_openspiel_random_simulation_with_serialisation(game_id, players):
    game = load_game(game_id, players=players)
    assert game.num_players() == players
    # one game per player count: OpenSpiel's checks (every state serialised, read back and compared) are
    # quadratic in the game's length; the recorded games and the fingerprints cover many more games
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_game_by_name_options_and_tables():
    game = pyspiel.load_game("bgw_endeavor_aos(players=4,side=B)")
    state = game.new_initial_state()
    m = state.match
    assert m.options["side"] == "B" and game.num_distinct_actions() == len(m.table.ids)
    assert sorted(state.legal_actions()) == sorted(a.index for a in m.legal_actions())
    assert [state.action_to_string(state.current_player(), a) for a in state.legal_actions()] == \
        [m.table.ids[a] for a in state.legal_actions()]
    assert len(state.observation_tensor(0)) == sum(n for _, n in m.observation_layout())
    assert state.information_state_string(0) == m.information_state(0)


def test_openspiel_chance_nodes_are_the_engine_chance_steps():
    game = load_game("entdecker", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node()                    # the income spinner
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes] == \
        [o for o, _, _ in state.match.chance_outcomes()]
    twin = state.clone()
    state.apply_action(outcomes[0][0])
    assert twin.is_chance_node() and not state.is_chance_node()
    assert twin.match is not state.match


@pytest.mark.parametrize("game_id,players", COUNTS, ids=[f"{g}-{p}p" for g, p in COUNTS])
def test_pettingzoo_api_and_seed(game_id, players):
    api_test(env(game_id, players=players), num_cycles=60, verbose_progress=False)
    seed_test(lambda: env(game_id, players=players), num_cycles=60)


def test_pettingzoo_plays_a_whole_game_with_masks():
    e = env("entdecker", players=3)
    e.reset(seed=4)
    rng = random.Random(4)
    steps = 0
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            e.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        assert len(legal) and e.match.to_move == e.possible_agents.index(agent)
        e.step(int(rng.choice(legal)))
        steps += 1
    assert e.match.is_over and steps > 50
    with pytest.raises(Exception):
        e.step(0)


def test_openspiel_states_of_two_player_counts_keep_their_own_numbers():
    """Issue 23, item 1: two OpenSpiel games of Shipyard (3 and 4 players) stepped in turn. A state's
    legal actions never change without a move, and every one of them can be applied."""
    rng = random.Random(0)
    states = [load_game("shipyard", players=n).new_initial_state() for n in (3, 4)]
    for _ in range(600):
        asked = [None if s.is_terminal() or s.is_chance_node() else s.legal_actions() for s in states]
        for s, before in zip(states, asked):
            if s.is_terminal():
                continue
            if before is None:
                s.apply_action(rng.choice(s.chance_outcomes())[0])
            else:
                assert s.legal_actions() == before
                s.apply_action(rng.choice(before))
