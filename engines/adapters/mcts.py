"""The search bot: OpenSpiel's Monte Carlo tree search, run through the OpenSpiel adapter.

    bot = make_bot("mcts", seed=1, budget_ms=500)
    bot.choose(match)              # the move it would play
    bot.rank(match, k=3)           # [(Action, share of the search's visits)], best first: the Hint button

Why OpenSpiel's MCTS (`open_spiel.python.algorithms.mcts.MCTSBot`) rather than our own: it is a
well-kept, tested implementation that handles chance nodes and games of more than two players (each
player maximises its own return). What this module adds is what our games need around it:
- a **time budget**: OpenSpiel counts simulations; the search here runs until the budget is spent
  (`_TimedSearch` stops it between two simulations and keeps the tree built so far);
- a **leaf evaluator** from the game's own heuristic (`Game.heuristic`, the greedy bot's measure): a
  random rollout to the end of a game takes hundreds of steps, so a leaf is scored by turning the
  players' heuristic values into shares of a win (a softmax whose temperature is in points of score),
  optionally after a few random moves (`rollout`; a game may ask for them in its `search_settings`);
- **priors** for OpenSpiel's PUCT rule (`prior="greedy"`): each move's share is a softmax of the mover's
  heuristic one move ahead, so the search looks first at what the greedy bot would play and spends its
  simulations deeper instead of trying every reply once;
- **hidden information** (`Game.hidden_information`): every simulation starts from a copy in which what
  the seat cannot see is drawn again (`Game.determinize`; `SearchRoot`), so the bot never plans with cards
  it cannot see (information-set MCTS with a single tree). Chance to come is hidden as well: the search
  draws it from a generator of the bot's, never the match's own (which would tell the future); a game with
  sampled chance (`Game.sampled_chance`, Amerigo's tower) is searched in several worlds, each with its own
  future, sharing the budget;
- the kernel's **loop guard** (`engines.core.bots.LoopGuard`): a position it comes back to in the same
  round gets a different move.
"""

from __future__ import annotations

import math
import pickle
import time

import numpy as np
from open_spiel.python.algorithms import mcts

from engines.core.bots import LoopGuard
from engines.core.rng import Rng

from .openspiel import EngineState, load_game


def _shares(values, temperature: float) -> list[float]:
    """A softmax: values in points of score become shares that add up to 1."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


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


class MCTSBot:
    """A bot that searches a budget of milliseconds per move (information-set MCTS by determinization
    where information is hidden).

    Settings: `budget_ms` (wall-clock time per move), or `simulations` (a fixed count instead, which
    makes a search repeat exactly: tests); `uct_c` (exploration); `temperature`, `rollout`, `prior`,
    `prior_temperature` (the leaves and priors, see HeuristicEvaluator); `determinizations` (the worlds a
    game with sampled chance is searched in).

    A setting not given here comes from the game's `search_settings` (a dict on the Game class, for
    what suits that game's heuristic; see there why), then from `DEFAULTS`. The bot never names a game.

    Why these defaults (docs/bots.md has the figures): with leaves at a temperature of 4 points and
    uniform priors, a difference of a point or two between moves barely moved a leaf's share of a win,
    the exploration term drowned it and visits spread almost evenly over the moves, so the choice was
    close to a coin toss among them (Shipyard: 0 of 9 games won against two greedy bots). Leaves at 1
    point and greedy priors (PUCT) let the search start from the greedy bot's choice and spend its
    simulations checking it and its rivals a few moves deeper."""

    name = "mcts"
    DEFAULTS = {"uct_c": 1.4, "temperature": 1.0, "determinizations": 4, "rollout": 0, "prior": "greedy",
                "prior_temperature": 1.0}

    def __init__(self, seed: int = 0, budget_ms: int = 500, uct_c: float | None = None,
                 temperature: float | None = None, determinizations: int | None = None,
                 rollout: int | None = None, prior: str | None = None, prior_temperature: float | None = None,
                 simulations: int | None = None):
        if prior not in (None, "uniform", "greedy"):
            raise ValueError(f"prior must be 'uniform' or 'greedy', got {prior!r}")
        self.seed = seed
        self.rng = Rng(seed ^ 0x3C75)
        self.budget = budget_ms / 1000
        self.simulations = simulations
        given = {"uct_c": uct_c, "temperature": temperature, "determinizations": determinizations,
                 "rollout": rollout, "prior": prior, "prior_temperature": prior_temperature}
        self.given = {k: v for k, v in given.items() if v is not None}
        self.guard = LoopGuard()
        self.searched = 0                 # simulations run by the last `rank` (for benchmarks)
        self._games: dict = {}
        self._setups: dict = {}           # game id -> (settings, evaluator)

    def settings(self, game) -> dict:
        """The search's settings for `game`: those given to the bot, else the game's, else DEFAULTS."""
        declared = getattr(game, "search_settings", {})
        unknown = sorted(set(declared) - set(self.DEFAULTS))
        if unknown:          # a misspelt name would otherwise be ignored, and the default silently used
            raise ValueError(f"{game.id}.search_settings names what the search does not have: {', '.join(unknown)}")
        return {**self.DEFAULTS, **declared, **self.given}

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

    def choose(self, match):
        legal = match.legal_actions()
        if len(legal) == 1:
            return legal[0]
        allowed = {a.id for a in self.guard.allowed(match, legal)}
        choice = next((a for a, _ in self.rank(match) if a.id in allowed), None)
        if choice is None:                 # the search never reached an allowed move
            choice = next(a for a in legal if a.id in allowed)
        self.guard.remember(match, choice)
        return choice
