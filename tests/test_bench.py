"""`python -m engines bench`: timed random games, and the instruction-count workloads it runs under valgrind."""

import pytest

import engines
from engines import instructions
from engines.__main__ import main
from engines.workloads import random_game


def test_bench_reports_cost_per_decision(capsys):
    assert main(["bench", "entdecker", "--players", "2", "--games", "5"]) == 0
    out = capsys.readouterr().out
    assert "entdecker, 2 players, random play, 5 full games" in out
    assert "CPU time per decision" in out


def test_bench_instructions_without_valgrind_says_what_is_missing(capsys, monkeypatch):
    monkeypatch.setattr(instructions, "available", lambda: False)
    assert main(["bench", "entdecker", "--players", "2", "--games", "5", "--instructions"]) == 0
    assert "--instructions needs valgrind" in capsys.readouterr().out


def test_a_workload_plays_the_bench_games_and_counts_their_decisions(capsys):
    expected = sum(random_game("entdecker", 2, seed, {})[0] for seed in range(2))
    assert instructions.main(["engine", "entdecker", "2", "2"]) == 0
    assert capsys.readouterr().out == f"decisions {expected}\n"
    assert instructions.workload("engine", "entdecker", 2, 0, {}) == 0      # the run whose count is subtracted


def test_random_game_is_a_whole_game():
    decisions, steps = random_game("shipyard", 3, 1, {})
    match = engines.new_match("shipyard", 3, 1, {})
    assert 0 < decisions <= steps <= match.bounds.max_moves


def test_a_workload_with_bad_arguments_prints_its_usage(capsys):
    assert instructions.main(["engine", "entdecker"]) == 2
    assert instructions.main(["dance", "entdecker", "2", "1"]) == 2
    assert instructions.main(["engine", "entdecker", "two", "1"]) == 2
    assert instructions.main(["engine", "entdecker", "2", "1", "side"]) == 2
    assert capsys.readouterr().err.count("usage: python -m engines.instructions") == 4
    assert instructions.main(["engine", "nosuchgame", "2", "1"]) == 2
    assert "unknown game 'nosuchgame'" in capsys.readouterr().err


def test_the_pettingzoo_ratio_compares_the_very_same_games():
    """The engine-alone side of `bench --via pettingzoo` must replay the adapter loop's own games (same
    seeds, same picks), or the ratio would mix the adapter's cost with a difference between samples."""
    pytest.importorskip("pettingzoo", reason="the optional extra .[rl] is not installed")
    from engines.workloads import adapter_games, engine_games_as_pettingzoo
    for game, players in (("entdecker", 2), ("shipyard", 3)):
        alone = engine_games_as_pettingzoo(game, players, {}, 3)
        assert alone[1] == adapter_games("pettingzoo", game, players, {}, 3)[1]
    assert instructions.workload("engine-pettingzoo", "entdecker", 2, 2, {}) == \
        instructions.workload("pettingzoo", "entdecker", 2, 2, {})


def test_the_observing_engine_side_takes_the_observations_the_adapter_takes(monkeypatch):
    """The target's side of the ratio: the engine playing the adapter's games and observing what the
    adapter's loop observes (the mover at each decision, every seat at the end), seat for seat."""
    pytest.importorskip("pettingzoo", reason="the optional extra .[rl] is not installed")
    from engines.core.match import Match
    from engines.workloads import adapter_games, engine_games_as_pettingzoo
    seen = []
    made = Match.observer

    def counted(match):                 # both loops take their observer from a match
        observer = made(match)
        return lambda state, seat: seen.append(seat) or observer(state, seat)
    monkeypatch.setattr(Match, "observer", counted)
    decisions = adapter_games("pettingzoo", "amerigo", 2, {}, 2)[1]
    through, seen[:] = list(seen), []
    assert engine_games_as_pettingzoo("amerigo", 2, {}, 2, observing=True)[1] == decisions
    assert seen == through and len(seen) == decisions + 2 * 2
    assert instructions.workload("engine-pettingzoo-observing", "amerigo", 2, 1, {}) == \
        instructions.workload("pettingzoo", "amerigo", 2, 1, {})


def test_bench_via_pettingzoo_names_both_sides_of_its_ratio(capsys):
    pytest.importorskip("pettingzoo", reason="the optional extra .[rl] is not installed")
    assert main(["bench", "entdecker", "--players", "2", "--games", "5", "--via", "pettingzoo"]) == 0
    out = capsys.readouterr().out
    assert "against the engine taking the same observations" in out and "target: at most 2" in out
    assert "against the engine without observations" in out and "an observation costs" in out


def test_the_openspiel_ratio_compares_the_very_same_games():
    """`bench --via openspiel` replays the adapter loop's games on the engine: the same start, the same
    picks, and each listed chance outcome drawn as the loop draws it (Amerigo's tower is sampled on both
    sides by the match's own generator)."""
    pytest.importorskip("pyspiel", reason="the optional extra .[rl] is not installed")
    from engines.workloads import adapter_games, engine_games_as_openspiel
    for game, players in (("entdecker", 2), ("amerigo", 2), ("endeavor-2009", 3)):
        assert engine_games_as_openspiel(game, players, {}, 3)[1] == adapter_games("openspiel", game, players, {}, 3)[1]
    assert instructions.workload("engine-openspiel", "shipyard", 3, 2, {}) == \
        instructions.workload("openspiel", "shipyard", 3, 2, {})


def test_bench_via_openspiel_sets_it_against_the_same_games(capsys):
    pytest.importorskip("pyspiel", reason="the optional extra .[rl] is not installed")
    assert main(["bench", "amerigo", "--players", "2", "--games", "5", "--via", "openspiel"]) == 0
    assert "same games on the engine alone" in capsys.readouterr().out
