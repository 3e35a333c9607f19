"""OpenSpiel's Monte Carlo tree search over the OpenSpiel adapter: the peer the kernel's own search is
measured against (`tournament --bots openspiel-mcts,mcts`; docs/bots.md).

    from engines.adapters.mcts import MCTSBot
    MCTSBot(seed=1, budget_ms=500).rank(match, 3)

The project's `mcts` bot (engines/core/search.py) runs the same algorithm as OpenSpiel's
`open_spiel.python.algorithms.mcts.MCTSBot`, over the engine's states, in pure Python, so that it also
runs where OpenSpiel cannot (the static site). This bot is OpenSpiel's own search with the same
additions, from the same settings (`SearchBot.settings`): a time budget (`_TimedSearch` stops between two
simulations and keeps the tree), leaves scored by the game's heuristic (`HeuristicEvaluator`), greedy
priors for PUCT, hidden information redrawn in every simulation (`SearchRoot`), chance drawn from the
bot's generator, several worlds for sampled chance, and the loop guard. Running both on the same seeds
shows whether a change of the kernel's search changed its strength, not only its speed.
"""

from __future__ import annotations

import math
import pickle
import time

import numpy as np
from open_spiel.python.algorithms import mcts

from engines.core.rng import Rng
from engines.core.search import SearchBot, shares as _shares

from .openspiel import EngineState, load_game


class HeuristicEvaluator(mcts.Evaluator):
    """Scores a leaf by the game's heuristic: each player's share of a win, as a softmax of its value.

    `rollout` random decisions are played first (on a copy, chance drawn by a generator of the bot's
    own), which lets a leaf see the near consequences the heuristic misses. `prior` is "uniform" or
    "greedy" (a softmax of the mover's heuristic after each move, at `prior_temperature`)."""

    def __init__(self, temperature: float = 1.0, rollout: int = 0, prior: str = "greedy",
                 prior_temperature: float = 1.0, rng: Rng | None = None):
        if prior not in ("uniform", "greedy"):
            raise ValueError(f"prior must be 'uniform' or 'greedy', got {prior!r}")
        self.temperature = temperature
        self.rollout = rollout
        self.prior_kind = prior
        self.prior_temperature = prior_temperature
        self.rng = rng or Rng(0)

    def evaluate(self, state: EngineState):
        """The leaf's value for each player. The random decisions are played on `state` itself: the search
        hands over its working copy of the leaf and never reads it again, and a copy would cost as much
        as the decisions."""
        m = state.match
        if self.rollout and not m.is_over:
            self._roll_out(m)
        if m.is_over:
            return np.array(m.returns())
        game = m.game
        return np.array(_shares([game.heuristic(m.state, seat) for seat in range(m.players)], self.temperature))

    def _roll_out(self, m):
        m.state.rng = self.rng.fork()          # chance drawn afresh in each rollout
        played = 0
        while not m.is_over and played < self.rollout:
            if m.to_move is None:
                m.advance(step=True)
            else:
                m.play(self.rng.choice(m.legal_actions()))
                played += 1

    def prior(self, state: EngineState):
        if state.is_chance_node():
            return state.chance_outcomes()
        m = state.match
        legal = m.legal_actions()
        if self.prior_kind == "uniform" or len(legal) == 1:
            return [(action.index, 1.0 / len(legal)) for action in legal]
        game, seat = m.game, m.to_move
        frozen = pickle.dumps(m.state, 5)
        values = []
        for action in legal:
            after = pickle.loads(frozen)
            after.rng = self.rng.fork()            # as the greedy bot: no peeking at the match's chance
            game.apply(after, action, [])
            values.append(game.heuristic(after, seat))
        return list(zip((action.index for action in legal), _shares(values, self.prior_temperature)))


class SearchRoot(EngineState):
    """The position a search starts from, which the search copies at the start of every simulation. Where
    the game hides something (`Game.hidden_information`), each copy has it drawn again for the searching
    seat (`Game.determinize`), so the one tree averages over what the others may hold and the search never
    plans with cards it cannot see. (The tree stays consistent because a redraw never changes what may be
    played: the game's contract for `determinize`.)"""

    def __init__(self, game, match, seat: int, rng: Rng):
        super().__init__(game, match)
        self.seat, self.redraws = seat, rng

    def clone(self):
        copy = EngineState(self.get_game())
        match = copy.match = self.match.clone()
        copy.moves, copy._outcomes = self.moves, self._outcomes
        rules = match.game
        if rules.hidden_information:
            match.state = rules.determinize(match.state, self.seat, self.redraws)
        return copy


class _OutOfTime(Exception):
    pass


class _TimedSearch(mcts.MCTSBot):
    """OpenSpiel's search, stopped between two simulations when the clock passes `deadline`; the tree
    built so far is kept in `root`."""

    deadline = math.inf
    root = None

    def _apply_tree_policy(self, root, state):
        self.root = root
        if time.perf_counter() >= self.deadline and root.explore_count > 1:
            raise _OutOfTime
        return super()._apply_tree_policy(root, state)

    def search(self, state, deadline: float):
        self.deadline, self.root = deadline, None
        try:
            return self.mcts_search(state)
        except _OutOfTime:
            return self.root


class MCTSBot(SearchBot):
    """OpenSpiel's search with the kernel's search bot's settings and loop guard (see SearchBot)."""

    name = "openspiel-mcts"

    def __init__(self, seed: int = 0, budget_ms: int = 500, **settings):
        super().__init__(seed, budget_ms, **settings)
        self._games: dict = {}
        self._setups: dict = {}           # game id -> (settings, evaluator)

    def _setup(self, game):
        if game.id not in self._setups:
            s = self.settings(game)
            evaluator = HeuristicEvaluator(s["temperature"], s["rollout"], s["prior"], s["prior_temperature"],
                                           self.rng.fork())
            self._setups[game.id] = (s, evaluator)
        return self._setups[game.id]

    def _game(self, match):
        key = (match.game.id, match.players, tuple(sorted(match.options.items())))
        if key not in self._games:
            self._games[key] = load_game(match.game.id, players=match.players, **match.options)
        return self._games[key]

    def rank(self, match, k: int | None = None) -> list[tuple]:
        """The legal actions the search likes best, with their share of its visits: [(Action, share)]."""
        legal = match.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        game = self._game(match)
        seat = match.to_move
        settings, evaluator = self._setup(match.game)
        # Chance to come is hidden too: each search's copy draws it from a generator of the bot's, never the
        # match's own. A sampled draw (Amerigo's tower) must come out the same way throughout one tree (the
        # moves after a draw depend on it), so such a game is searched in several worlds, each with its own
        # future, sharing the budget, and their visits are added up.
        worlds = settings["determinizations"] if match.game.sampled_chance else 1
        visits: dict[int, int] = {}
        started = time.perf_counter()
        for world in range(worlds):
            copy = match.clone()
            copy.state.rng = self.rng.fork()
            root = SearchRoot(game, copy, seat, self.rng.fork())
            deadline = started + self.budget * (world + 1) / worlds
            for action, count in self._search(game, root, deadline, settings, evaluator).items():
                visits[action] = visits.get(action, 0) + count
        total = sum(visits.values()) or 1
        self.searched = total
        by_index = {a.index: a for a in legal}
        ranked = sorted(((by_index[i], n / total) for i, n in visits.items() if i in by_index),
                        key=lambda pair: (-pair[1], pair[0].index))
        return ranked[:k] if k else ranked

    def _search(self, game, root: SearchRoot, deadline: float, settings: dict, evaluator) -> dict[int, int]:
        """One OpenSpiel search: visit counts of the root's moves."""
        random_state = np.random.RandomState(self.rng.below(2 ** 31))
        count = self.simulations or 10 ** 9
        select = mcts.SearchNode.puct_value if settings["prior"] == "greedy" else mcts.SearchNode.uct_value
        search = _TimedSearch(game, settings["uct_c"], count, evaluator, solve=False, random_state=random_state,
                              child_selection_fn=select)
        if self.simulations:
            node = search.mcts_search(root)
        else:
            node = search.search(root, deadline)
        return {child.action: child.explore_count for child in node.children}
