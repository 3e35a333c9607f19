"""The search bot (engines/core/search.py) and OpenSpiel's, its peer (engines/adapters/mcts.py): the same
settings, the same promises (legal moves only, the match untouched, no peeking at hidden cards or at the
chance to come), and the kernel's one runs without numpy or OpenSpiel, as it must in the static site."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import engines
from games import after_greedy_moves, every_game
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
from engines.core.bots import available_bots, make_bot
from engines.core.rng import Rng
from engines.core.search import SearchBot

ROOT = Path(__file__).resolve().parents[1]


def _openspiel_search(**settings):
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[rl]'")
    from engines.adapters.mcts import MCTSBot
    return MCTSBot(**settings)


SEARCHES = {"kernel": SearchBot, "openspiel": _openspiel_search}


def _same_search(search, *matches):
    """Whether the search with one seed ranks the moves of these positions alike."""
    ranked = [[(a.id, share) for a, share in SEARCHES[search](seed=3, simulations=60).rank(m)] for m in matches]
    return all(r == ranked[0] for r in ranked)


def test_the_search_bot_is_the_kernels_and_is_always_there():
    assert "mcts" in available_bots()
    assert isinstance(make_bot("mcts", seed=1), SearchBot)


@pytest.mark.parametrize("game_id", every_game())
def test_the_search_ranks_legal_moves_by_visit_share_and_leaves_the_match_alone(game_id):
    game = engines.get_game(game_id)
    m = after_greedy_moves(game_id, game.min_players, seed=2, moves=6)
    # A fixed count, so that what the search did does not depend on how busy the machine is.
    bot = make_bot("mcts", seed=2, simulations=40)
    before = m.to_json()
    ranked = bot.rank(m, 3)
    legal = {a.id for a in m.legal_actions()}
    assert 1 <= len(ranked) <= 3 and all(a.id in legal for a, _ in ranked)
    shares = [share for _, share in ranked]
    assert shares == sorted(shares, reverse=True) and 0 < sum(shares) <= 1 + 1e-9
    worlds = bot.settings(game)["determinizations"] if game.sampled_chance else 1
    assert len(legal) == 1 or bot.searched == worlds * 39     # every simulation after the root's went below it
    assert bot.choose(m).id in legal and m.to_json() == before
    # With a budget instead, the search stops by itself and still ranks legal moves, however busy the machine.
    timed = make_bot("mcts", seed=2, budget_ms=50)
    assert all(a.id in legal for a, _ in timed.rank(m, 3)) and timed.searched >= 1
    assert ranked[0][0].index == m.table.index[ranked[0][0].id]     # the match's own actions, numbered


@pytest.mark.parametrize("game_id", every_game())
def test_the_search_tells_what_it_found_about_each_move(game_id):
    """`assess` (the Hint's "why") gives, for each move tried, its visits and share (the order and shares `rank`
    gives), the mean of what it returned to the seat (a share of a win) and the seat's mean lead in points at
    the leaves below it; a move never tried has neither. Keeping them changes nothing the search does."""
    game = engines.get_game(game_id)
    m = after_greedy_moves(game_id, game.min_players, seed=2, moves=6)
    bot = make_bot("mcts", seed=2, simulations=40)
    assessed = bot.assess(m)
    ranked = make_bot("mcts", seed=2, simulations=40).rank(m)
    assert [(a.action.id, a.share) for a in assessed] == [(a.id, share) for a, share in ranked]
    assert abs(sum(a.share for a in assessed) - 1) < 1e-9
    for a in assessed:
        if a.visits:
            assert 0 <= a.value <= 1 and isinstance(a.lead, float)
        else:
            assert a.value is None and a.lead is None
    assert len(m.legal_actions()) == 1 or sum(a.visits for a in assessed) == bot.searched


def test_the_lead_is_the_seats_points_over_the_best_other_seats():
    """At a leaf the lead is the seat's heuristic minus the best other seat's; at the end, final scores."""
    from engines.core.search import Search
    m = after_greedy_moves("entdecker", 2, seed=3, moves=4)
    game, seat = m.game, m.to_move
    search = Search(game, m.state, m.players, seat, SearchBot().settings(game), Rng(1))
    returns, points = search.leaf(m.state)
    assert points == [game.heuristic(m.state, s) for s in range(m.players)]
    assert returns == search.evaluate(m.state)
    search.run(0, 30)
    visits = sum(child.visits for child in search.root.children)
    assert visits == 29 and set(search.lead) <= {child.move.id for child in search.root.children}
    one = next(child for child in search.root.children if child.visits)
    assert abs(search.lead[one.move.id] / one.visits) < 100


@pytest.mark.parametrize("search", sorted(SEARCHES))
def test_a_fixed_count_search_repeats_exactly(search):
    m = after_greedy_moves("endeavor-aos", 2, seed=4, moves=8)
    first = [(a.id, s) for a, s in SEARCHES[search](seed=7, simulations=80).rank(m)]
    again = [(a.id, s) for a, s in SEARCHES[search](seed=7, simulations=80).rank(m)]
    assert first == again and abs(sum(s for _, s in first) - 1) < 1e-9


def test_the_search_beats_the_greedy_bot_in_a_few_quick_games():
    """Looking ahead through the other players' replies and the chance to come, the search wins more
    often than one-move lookahead (a fixed count of simulations: the result does not depend on the
    machine's speed; docs/bots.md has the tournaments at a time budget)."""
    wins = 0.0
    for seed in range(4):
        m = engines.new_match("endeavor-aos", 2, seed=seed)
        bots = {seed % 2: SearchBot(seed=seed, simulations=120), 1 - seed % 2: make_bot("greedy", seed=seed)}
        while not m.is_over:
            if m.to_move is None:
                m.advance()
            else:
                m.play(bots[m.to_move].choose(m))
        wins += m.returns()[seed % 2]
    assert wins >= 3


@pytest.mark.parametrize("search", sorted(SEARCHES))
def test_the_search_takes_a_games_settings_unless_given(search):
    bot_class = SearchBot

    class Declared:
        id = "declared"
        search_settings = {"rollout": 4, "uct_c": 2.0}

    class Plain:
        id = "plain"

    make = SEARCHES[search]
    assert make().settings(Plain) == bot_class.DEFAULTS
    settings = make(rollout=1).settings(Declared)
    assert settings["rollout"] == 1 and settings["uct_c"] == 2.0          # given beats the game's
    assert settings["determinizations"] == bot_class.DEFAULTS["determinizations"]
    with pytest.raises(ValueError):
        make(prior="best")

    class Misspelt:
        id = "misspelt"
        search_settings = {"temprature": 3}

    with pytest.raises(ValueError, match="temprature"):
        make().settings(Misspelt)
    for game_id in engines.GAMES:            # every game's own settings are ones the search has, and it takes them
        rules = engines.get_game(game_id)
        declared = getattr(rules, "search_settings", {})
        assert make().settings(rules).items() >= declared.items()


def test_only_games_with_something_hidden_redraw_it_for_the_search():
    hidden = {game_id for game_id in engines.GAMES if engines.get_game(game_id).hidden_information}
    assert hidden == {"shipyard"}          # the contracts; every other game hides only chance still to come


@pytest.mark.parametrize("search", sorted(SEARCHES))
def test_the_search_plans_only_with_what_its_seat_can_see(search):
    """Two positions that differ only in the other players' secret contracts get the same search: the bot
    plans on redrawn copies, never on the cards it cannot see (sy.contract.secret)."""
    m = after_greedy_moves("shipyard", 3, seed=5, moves=103)      # late: contracts count in the leaves
    seat, game = m.to_move, m.game
    other = m.clone()
    other.state = game.determinize(m.state, seat, Rng(9))
    assert game.view(other.state, seat) == game.view(m.state, seat)
    assert game.heuristic(other.state, 0) != game.heuristic(m.state, 0)       # seat 0's contracts count
    assert _same_search(search, m, other)


@pytest.mark.parametrize("search", sorted(SEARCHES))
def test_the_search_never_reads_the_future_from_the_matchs_generator(search):
    """The search draws chance to come with a generator of its own: Amerigo's tower, whose drops are
    sampled from the match's generator, must not come out in the search as it will in the match."""
    m = after_greedy_moves("amerigo", 2, seed=1, moves=20)
    other = m.clone()
    other.state.rng = Rng(12345)               # the same position, another future
    assert _same_search(search, m, other)


def test_the_search_runs_without_numpy_or_openspiel():
    """The static site's Python has neither: the Hint's search must not need them."""
    code = ("import sys\n"
            "sys.modules['numpy'] = None\nsys.modules['pyspiel'] = None\nsys.modules['open_spiel'] = None\n"
            "import engines\nfrom engines.core.bots import make_bot\n"
            "m = engines.new_match('entdecker', 2, seed=1); m.advance()\n"
            "ranked = make_bot('mcts', seed=1, simulations=30).rank(m, 3)\n"
            "assert ranked and all(a.id in {b.id for b in m.legal_actions()} for a, _ in ranked)\n"
            "print('ok', len(ranked))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("ok")


def test_the_tournament_seats_openspiels_search_as_the_peer(capsys):
    """`tournament --bots openspiel-mcts,mcts` plays OpenSpiel's search against the kernel's, both with
    the settings given (the measurement behind docs/bots.md's comparison)."""
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[rl]'")
    import engines.__main__ as cli
    assert cli.main(["tournament", "endeavor-aos", "--bots", "openspiel-mcts,mcts", "--games", "1",
                     "--mcts", "simulations=6"]) == 0
    out = capsys.readouterr().out
    assert "mcts and openspiel-mcts 500 ms a move, simulations 6" in out
    assert "openspiel-mcts win rate" in out and "mcts     win rate" in out
