"""The search bot: OpenSpiel's Monte Carlo tree search, run through the OpenSpiel adapter.

    bot = make_bot("mcts", seed=1, budget_ms=500)
    bot.choose(match)              # the move it would play
    bot.rank(match, k=3)           # [(Action, share of the search's visits)], best first: the Hint button

Why OpenSpiel's MCTS (`open_spiel.python.algorithms.mcts.MCTSBot`) rather than our own: it is a
well-kept, tested implementation that handles chance nodes and games of more than two players (each
player maximises its own return). What this module adds is what our games need around it:
- a **time budget**: OpenSpiel counts simulations, so a short calibration search measures what one
  costs on this position and the real search gets as many as the budget allows;
- a **leaf evaluator** from the game's own heuristic (`Game.heuristic`, the greedy bot's measure): a
  random rollout to the end of a game of Endeavor takes hundreds of steps, so leaves are scored by
  turning the players' heuristic values into shares of a win (a softmax whose temperature is in
  points of score);
- **hidden information** (`Game.hidden_information`): the search runs on several determinizations
  (`Game.determinize`: what the seat cannot see drawn again) sharing the budget, and their visit counts
  are added up, so the bot never plans with cards it cannot see.
"""

from __future__ import annotations

import math
import time

import numpy as np
from open_spiel.python.algorithms import mcts

from engines.core.rng import Rng

from .openspiel import EngineState, load_game


class HeuristicEvaluator(mcts.Evaluator):
    """Scores a leaf by the game's heuristic: each player's share of a win, as a softmax of its value."""

    def __init__(self, temperature: float = 4.0):
        self.temperature = temperature

    def evaluate(self, state: EngineState):
        m = state.match
        if m.is_over:
            return np.array(m.returns())
        values = [m.game.heuristic(m.state, seat) for seat in range(m.players)]
        top = max(values)
        weights = [math.exp((v - top) / self.temperature) for v in values]
        total = sum(weights)
        return np.array([w / total for w in weights])

    def prior(self, state: EngineState):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


class MCTSBot:
    """A bot that searches a budget of milliseconds per move (information-set MCTS by determinization
    where information is hidden)."""

    name = "mcts"

    def __init__(self, seed: int = 0, budget_ms: int = 500, uct_c: float = 1.4, temperature: float = 4.0,
                 determinizations: int = 4):
        self.seed = seed
        self.rng = Rng(seed ^ 0x3C75)
        self.budget = budget_ms / 1000
        self.uct_c = uct_c
        self.evaluator = HeuristicEvaluator(temperature)
        self.determinizations = determinizations
        self._games: dict = {}

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
        worlds = self.determinizations if match.game.hidden_information else 1
        visits: dict[int, int] = {}
        deadline = time.perf_counter() + self.budget
        for world in range(worlds):
            copy = match.clone()
            if match.game.hidden_information:
                copy.state = match.game.determinize(copy.state, seat, self.rng.fork())
            root = EngineState(game, copy)
            share = (deadline - time.perf_counter()) / (worlds - world)
            for action, count in self._search(game, root, share).items():
                visits[action] = visits.get(action, 0) + count
        total = sum(visits.values()) or 1
        by_index = {a.index: a for a in legal}
        ranked = sorted(((by_index[i], n / total) for i, n in visits.items() if i in by_index),
                        key=lambda pair: (-pair[1], pair[0].index))
        return ranked[:k] if k else ranked

    def _search(self, game, root: EngineState, seconds: float) -> dict[int, int]:
        """One OpenSpiel search sized to `seconds`: a small calibration search, then the real one. A
        simulation costs more as the tree deepens (each one replays its path from the root), so the
        real search is planned for 60% of the time left."""
        random_state = np.random.RandomState(self.rng.below(2 ** 31))
        probe = 8
        started = time.perf_counter()
        bot = mcts.MCTSBot(game, self.uct_c, probe, self.evaluator, solve=False, random_state=random_state)
        node = bot.mcts_search(root)
        spent = time.perf_counter() - started
        simulations = int(0.6 * (seconds - spent) / (spent / probe))
        if simulations > probe:      # else the calibration search is the best this budget allows
            bot.max_simulations = simulations
            node = bot.mcts_search(root)
        return {child.action: child.explore_count for child in node.children}

    def choose(self, match):
        return self.rank(match, 1)[0][0]
