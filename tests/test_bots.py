"""The bots: the loop guard they share, and the search bot's settings.

The loop is one Age of Sail's rules allow wherever payment buildings lack the no-payment icon: a player
with two Banks pays the worker of one back by activating the other, then the other way round, and is back
where they started. The project's stand-in Bank shows the icon (so the declared game length holds); the
printed icons are not public, and a copy whose Bank has none would loop, so these tests take that Bank."""

from __future__ import annotations

import dataclasses
import hashlib
import pickle
import re

import pytest

import engines
from engines.core.bots import GreedyBot, LoopGuard, make_bot
from engines.core.game import Scenario
from engines.core.match import Match
from engines.endeavor import scenarios as lay

G = engines.get_game("endeavor-aos")
ROUND_TRIP = ["activate:2", "payment:1", "activate:1", "payment:2"]     # Bank B pays Bank A, and back


def _two_banks(state, events):
    """Round 3's action phase; Player 1 has two Banks, a worker on one of them and on the start tile, one
    disc in the harbor, and is alone in the phase (Player 2 has passed)."""
    lay._give_buildings(G, state, 0, ["colonial-house", "bank", "bank"], workers=(0, 1))
    lay._give_buildings(G, state, 1, ["merchants-dock", "market", "market"])
    lay._harbor(state, 0, 1)
    lay._harbor(state, 1, 1)
    state.crown = 0
    lay._enter_round(G, state, 3, "action", events, seat=0)
    state.passed[1] = True


@pytest.fixture
def two_banks(monkeypatch):
    scenarios = G.scenarios()
    monkeypatch.setitem(G.buildings, "bank", dataclasses.replace(G.buildings["bank"], no_payment=False))
    monkeypatch.setattr(G, "scenarios", lambda: {**scenarios, "two-banks": Scenario(2, 5, _two_banks)})
    return lambda: Match(G, 2, seed=5, scenario="two-banks")


def fingerprint(m):
    return hashlib.sha1(pickle.dumps(m.state, 5)).digest()


def test_the_round_trip_comes_back_to_the_same_position(two_banks):
    m = two_banks()
    start = fingerprint(m)
    for action in ROUND_TRIP:
        m.play(action)
    assert fingerprint(m) == start and m.position == len(ROUND_TRIP)


class BusyBot:
    """Never passes while it has anything else to do, and takes the last such action: here, the Bank round
    trip."""

    def __init__(self, guarded: bool):
        self.guard = LoopGuard() if guarded else None

    def choose(self, m):
        actions = m.legal_actions()
        if self.guard:
            actions = self.guard.allowed(m, actions)
        choice = ([a for a in actions if a.id != "pass"] or actions)[-1]
        if self.guard:
            self.guard.remember(m, choice)
        return choice


@pytest.mark.parametrize("guarded", [False, True])
def test_the_guard_ends_a_loop(two_banks, guarded):
    m = two_banks()
    bot = BusyBot(guarded)
    decisions = 0
    while m.phase == "action" and decisions < 100:
        m.play(bot.choose(m))
        decisions += 1
    if guarded:
        assert m.phase != "action" and decisions < 20
    else:
        assert m.phase == "action"        # without it, round and round to the end of the test


@pytest.mark.parametrize("bot", ["greedy", "mcts"])
def test_a_bot_back_in_a_position_makes_another_choice(two_banks, bot):
    if bot == "mcts":
        bot = make_bot("mcts", seed=3, simulations=60)
    else:
        bot = make_bot("greedy", seed=3)
    m = two_banks()
    first = bot.choose(m)
    assert bot.choose(m) == first                     # asked again at the same step: the same answer
    for action in ROUND_TRIP:
        m.play(action)
    again = bot.choose(m)
    assert again != first and again in m.legal_actions()
    for _ in ROUND_TRIP:                              # undo is no repetition
        m.undo()
    assert bot.choose(m) == first


def test_the_guard_forgets_at_the_end_of_the_round(two_banks):
    m = two_banks()
    guard = LoopGuard()
    guard.remember(m, guard.allowed(m, m.legal_actions())[0])
    assert guard.chosen
    m.play("pass")
    while m.to_move is None or m.phase == "action":
        m.advance(step=True) if m.to_move is None else m.play("pass")
    guard.allowed(m, m.legal_actions())
    assert m.round == 4 and len(guard.chosen) == 1    # only the position just asked about


def test_greedy_bot_is_the_same_with_and_without_a_loop_guard_outside_loops():
    """The guard changes nothing in a game without repetition: a seeded game is the same as before."""
    m = engines.new_match("endeavor-aos", 2, seed=9)
    twin = m.clone()
    bots = {s: GreedyBot(s) for s in range(2)}
    plain = {s: GreedyBot(s) for s in range(2)}
    for bot in plain.values():
        bot.guard.allowed = lambda match, actions: actions
    for match, team in ((m, bots), (twin, plain)):
        engines.core.bots.play_out(match, team, max_moves=40)
    assert m.to_json() == twin.to_json()


def test_tournament_reports_win_rates_and_pairings(capsys):
    """The tournament command rotates seats, prints each bot's win rate with its interval and, with
    three players, how often each bot finished ahead of the other kind; the figures add up."""
    from engines.__main__ import main
    assert main(["tournament", "shipyard", "--bots", "greedy,random", "--games", "4", "--players", "3"]) == 0
    out = capsys.readouterr().out
    seats = {kind: int(re.search(rf"{kind} +win rate .*?(\d+) seats", out).group(1)) for kind in ("greedy", "random")}
    assert sum(seats.values()) == 4 * 3
    shares = {}
    for kind, other in (("greedy", "random"), ("random", "greedy")):
        found = re.search(rf"{kind} +ahead of {other} in +([\d.]+)% of pairings .*?(\d+) pairings", out)
        shares[kind] = float(found.group(1))
        assert int(found.group(2)) == 4 * 2       # each game seats one kind twice and the other once: 2 pairings
    assert abs(shares["greedy"] + shares["random"] - 100) < 0.2      # one pairing seen from both sides


def test_tournament_passes_search_settings_to_the_search_bot_and_refuses_unknown_ones(monkeypatch, capsys):
    """`--mcts KEY=VALUE` reaches every search bot the tournament makes, numbers as numbers; a setting the
    bot does not take stops the command with one line before any game is played."""
    import engines.__main__ as cli
    made = []

    def recording_make_bot(kind, seed=0, **settings):
        made.append((kind, settings))
        return make_bot(kind, seed=seed, **settings)

    monkeypatch.setattr(cli, "make_bot", recording_make_bot)
    assert cli.main(["tournament", "endeavor-aos", "--bots", "mcts,greedy", "--games", "1",
                     "--mcts", "simulations=8", "--mcts", "uct_c=0.7", "--mcts", "prior=uniform"]) == 0
    seated = [settings for kind, settings in made if kind == "mcts" and "budget_ms" in settings]
    assert seated == [{"budget_ms": 500, "simulations": 8, "uct_c": 0.7, "prior": "uniform"}]
    assert "uct_c 0.7" in capsys.readouterr().out
    made.clear()
    assert cli.main(["tournament", "endeavor-aos", "--bots", "mcts,greedy", "--mcts", "depth=3"]) == 2
    assert "no setting depth" in capsys.readouterr().err
    assert made == []                                  # refused before any bot or game
