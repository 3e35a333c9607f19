"""The search bot: Monte Carlo tree search of the kernel's own, in pure Python (no numpy, no OpenSpiel).

    bot = make_bot("mcts", seed=1, budget_ms=500)
    bot.choose(match)              # the move it would play
    bot.rank(match, k=3)           # [(Action, share of the search's visits)], best first: the Hint button
    bot.assess(match)              # [Assessment]: each move's visits, share, value and expected lead (the Hint's "why")

Why our own search: the Hint and the search seat must run wherever the engines run, in `make demo` and
in the static site, where the learner's browser runs Python (Pyodide) and OpenSpiel, a compiled library,
cannot. The algorithm is the one OpenSpiel's Python MCTS (`open_spiel.python.algorithms.mcts`) runs,
which the project used until 2026-11-26 and which `engines/adapters/mcts.py` still wraps, for the
peer comparison (`tournament --bots openspiel-mcts,...`): the same selection rules (PUCT with priors, or
UCT), chance nodes sampled by their odds, every player maximising its own return (max^n), the most
visited move chosen. Working on the engine's states directly, it skips the adapter's copies of the whole
match, so it runs more simulations in the same time (docs/bots.md has both, measured).

Around the tree, what our games need:
- a **time budget** (`budget_ms`), checked between two simulations; or a fixed `simulations` count, which
  makes a search repeat exactly (tests);
- **leaves scored by the game's heuristic** (`Game.heuristic`, the greedy bot's measure): a random playout
  to the end takes hundreds of steps, so a leaf turns the players' values into shares of a win (a softmax
  whose `temperature` is in points of score), optionally after `rollout` random decisions;
- **greedy priors** for PUCT (`prior="greedy"`): each move's prior is a softmax of the mover's heuristic one
  move ahead, so the search looks first at what the greedy bot would play;
- **hidden information**: every simulation starts from a copy in which what the searching seat cannot see
  is drawn again (`Game.determinize`): one tree over all the redraws (information-set MCTS);
- **chance to come is hidden too**: listed chance is drawn from the bot's generator, never the match's; a
  game with sampled chance (`Game.sampled_chance`, Amerigo's tower) is searched in several worlds
  (`determinizations`), each with its own future, sharing the budget;
- the **loop guard** (`LoopGuard`): a position it comes back to in the same round gets a different move.

What the search learns about each of the root's moves is kept for the Hint (`assess`): its visits, the mean
of what they returned to the seat (its rating of the seat's chances), and the mean **lead** at the leaves
below it: the seat's points (the heuristic at a leaf, the final score at the end) minus the best other
seat's. The lead is read from values the search computes anyway; it steers nothing.

A setting not given to the bot comes from the game's `search_settings`, then from `DEFAULTS`.
"""

from __future__ import annotations

import math
import pickle
import time

from .bots import LoopGuard
from .rng import Rng

CHANCE = -1                  # the "player" of a chance outcome's node


def shares(values, temperature: float) -> list[float]:
    """A softmax: values in points of score become shares that add up to 1."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


class Node:
    """One move (or chance outcome) in the tree: who made it, its prior, its visits and the sum of what
    they returned to that player."""

    __slots__ = ("move", "player", "prior", "visits", "total", "children")

    def __init__(self, move, player: int, prior: float):
        self.move = move            # an Action, or a chance outcome's id
        self.player = player        # the seat that chose it, or CHANCE
        self.prior = prior
        self.visits = 0
        self.total = 0.0
        self.children: list[Node] = []

    def puct(self, parent_visits: int, c: float) -> float:
        mean = self.total / self.visits if self.visits else 0.0
        return mean + c * self.prior * math.sqrt(parent_visits) / (self.visits + 1)

    def uct(self, parent_visits: int, c: float) -> float:
        if not self.visits:
            return math.inf
        return self.total / self.visits + c * math.sqrt(math.log(parent_visits) / self.visits)


def run_rules(game, state):
    """Run the rules' own steps up to a decision, a listed chance step or the end; the listed chance
    step reached, else None. Sampled chance is drawn from the state's generator (the world's future)."""
    while not state.over and game.to_move(state) is None:
        chance = game.chance(state)
        if chance is None:
            game.auto_step(state, [])
        elif chance.sampled:
            game.apply_chance(state, game.sample_chance(state), [])
        else:
            return chance
    return None


class Assessment:
    """What the search found out about one of the root's moves: how often it was tried (`visits`, and
    `share` of all the root's visits), the mean of what those visits returned to the seat (`value`: its
    share of a win, the search's rating of its chances), and the seat's mean `lead` in points at the
    leaves below it (its points minus the best other seat's). `value` and `lead` are None for a move
    never tried, or when there was nothing to search (a single legal move)."""

    __slots__ = ("action", "visits", "share", "value", "lead")

    def __init__(self, action, visits: int, share: float, value: float | None, lead: float | None):
        self.action, self.visits, self.share, self.value, self.lead = action, visits, share, value, lead

    def __repr__(self):
        return (f"Assessment({self.action.id!r}, visits={self.visits}, share={self.share:.3f}, "
                f"value={self.value}, lead={self.lead})")


class Search:
    """One tree, grown from one position for one seat (one world of a game with sampled chance)."""

    def __init__(self, game, state, players: int, seat: int, settings: dict, rng: Rng):
        self.game, self.players, self.seat, self.rng = game, players, seat, rng
        self.frozen = pickle.dumps(state, 5)
        self.redraws = rng.fork() if game.hidden_information else None
        self.c = settings["uct_c"]
        self.temperature = settings["temperature"]
        self.rollout = settings["rollout"]
        self.greedy = settings["prior"] == "greedy"
        self.prior_temperature = settings["prior_temperature"]
        self.select = Node.puct if self.greedy else Node.uct
        self.root = Node(None, seat, 1.0)
        self.lead: dict[str, float] = {}     # root move id -> the sum of the seat's leads at the leaves below it

    def run(self, deadline: float, simulations: int | None) -> dict[str, tuple[int, float, float]]:
        """Simulate until the deadline (or the count): for each of the root's moves, by action id, its
        visits, the sum of what they returned to the seat and the sum of the seat's leads."""
        root = self.root
        if simulations:
            for _ in range(simulations):
                self.simulate()
        else:
            while root.visits < 2 or time.perf_counter() < deadline:
                self.simulate()
        return {child.move.id: (child.visits, child.total, self.lead.get(child.move.id, 0.0))
                for child in root.children}

    def simulate(self) -> None:
        game = self.game
        state = pickle.loads(self.frozen)
        if self.redraws is not None:
            state = game.determinize(state, self.seat, self.redraws)
        chance = None                         # the root is the seat's decision
        node, path = self.root, [self.root]
        while node.visits and not state.over:
            if not node.children:
                node.children = self.expand(state, chance)
            if chance is not None:
                outcome = chance.pick(self.rng).id
                state.rng.below(chance.total)     # the draw the match makes for a chosen outcome
                node = next(c for c in node.children if c.move == outcome)
                game.apply_chance(state, outcome, [])
            else:
                parent_visits, c, select = node.visits, self.c, self.select
                node = max(node.children, key=lambda child: select(child, parent_visits, c))
                game.apply(state, node.move, [])
            path.append(node)
            chance = run_rules(game, state)
        returns, points = self.leaf(state)
        if len(path) > 1:                          # the seat's lead, kept for the move the path began with
            seat = self.seat
            first = path[1].move.id
            self.lead[first] = self.lead.get(first, 0.0) + points[seat] - max(
                (p for s, p in enumerate(points) if s != seat), default=0.0)
        deciders = [n.player for n in path]
        for i in range(len(path) - 1, -1, -1):     # a chance outcome counts for the seat above it
            j = i
            while deciders[j] == CHANCE:
                j -= 1
            path[i].visits += 1
            path[i].total += returns[deciders[j]]

    def expand(self, state, chance) -> list[Node]:
        if chance is not None:
            total = chance.total
            return [Node(o.id, CHANCE, o.weight / total) for o in chance.outcomes]
        game = self.game
        seat = game.to_move(state)
        legal = game.legal_actions(state)
        if not self.greedy or len(legal) == 1:
            children = [Node(a, seat, 1.0 / len(legal)) for a in legal]
        else:
            frozen = pickle.dumps(state, 5)
            values = []
            for action in legal:
                after = pickle.loads(frozen)
                after.rng = self.rng.fork()        # as the greedy bot: no peeking at the chance to come
                game.apply(after, action, [])
                values.append(game.heuristic(after, seat))
            children = [Node(a, seat, p) for a, p in zip(legal, shares(values, self.prior_temperature))]
        self.rng.shuffle(children)                 # ties go to a random one, not the first listed
        return children

    def returns(self, state) -> list[float]:
        """A finished game: the winners share 1."""
        winners = self.game.winners(state)
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.players)]

    def final(self, state) -> tuple[list[float], list[float]]:
        """A finished game: what it returns to each seat, and each seat's final score."""
        totals = self.game.scores(state)
        return self.returns(state), [float(totals[seat]["total"]) for seat in range(self.players)]

    def leaf(self, state) -> tuple[list[float], list[float]]:
        """Where a simulation stops: what it returns to each seat, and each seat's points there."""
        return self.final(state) if state.over else self.evaluate(state, with_points=True)

    def evaluate(self, state, with_points: bool = False):
        """A leaf's value for each seat: after `rollout` random decisions (chance drawn afresh), each
        seat's share of a win as a softmax of the heuristic (with `with_points`, also each seat's points:
        the heuristic, or the final score if the rollout ended the game)."""
        game = self.game
        if self.rollout:
            state.rng = self.rng.fork()
            played = 0
            while not state.over and played < self.rollout:
                chance = run_rules(game, state)
                if chance is not None:
                    game.apply_chance(state, chance.pick(state.rng).id, [])
                elif not state.over:
                    game.apply(state, self.rng.choice(game.legal_actions(state)), [])
                    played += 1
            if state.over:
                return self.final(state) if with_points else self.returns(state)
        points = [game.heuristic(state, seat) for seat in range(self.players)]
        values = shares(points, self.temperature)
        return (values, points) if with_points else values


class SearchBot:
    """The search seat and the Hint: information-set MCTS over the engine's states, a budget of
    milliseconds per move. Settings: see the module's docstring; `simulations` replaces the budget by a
    fixed count per world (a search then repeats exactly).

    Why these defaults (docs/bots.md has the figures): with leaves at 4 points and uniform priors, a point
    or two between moves barely moved a leaf's share of a win and the search was close to a coin toss
    among its moves; leaves at 1 point and greedy priors (PUCT) start it from the greedy bot's choice."""

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

    def settings(self, game) -> dict:
        """The search's settings for `game`: those given to the bot, else the game's, else DEFAULTS."""
        declared = getattr(game, "search_settings", {})
        unknown = sorted(set(declared) - set(self.DEFAULTS))
        if unknown:          # a misspelt name would otherwise be ignored, and the default silently used
            raise ValueError(f"{game.id}.search_settings names what the search does not have: {', '.join(unknown)}")
        return {**self.DEFAULTS, **declared, **self.given}

    def rank(self, match, k: int | None = None) -> list[tuple]:
        """The legal actions the search likes best, with their share of its visits: [(Action, share)]."""
        return [(a.action, a.share) for a in self.assess(match, k)]

    def assess(self, match, k: int | None = None) -> list[Assessment]:
        """What one search found about the legal moves it tried, most visited first (the order `rank`
        gives): each move's visits, share of the visits, value and lead (see `Assessment`). The shares
        of all the moves tried add up to 1; `k` keeps the first k."""
        legal = match.legal_actions()
        if len(legal) == 1:
            return [Assessment(legal[0], 0, 1.0, None, None)]
        game, seat = match.game, match.to_move
        settings = self.settings(game)
        worlds = settings["determinizations"] if game.sampled_chance else 1
        found: dict[str, list] = {}           # action id -> [visits, sum of returns, sum of leads]
        started = time.perf_counter()
        for world in range(worlds):
            state = pickle.loads(pickle.dumps(match.state, 5))
            state.rng = self.rng.fork()           # this world's future, never the match's own
            search = Search(game, state, match.players, seat, settings, self.rng.fork())
            deadline = started + self.budget * (world + 1) / worlds
            for action_id, (count, total, lead) in search.run(deadline, self.simulations).items():
                sums = found.setdefault(action_id, [0, 0.0, 0.0])
                sums[0] += count
                sums[1] += total
                sums[2] += lead
        total = sum(sums[0] for sums in found.values()) or 1
        self.searched = total
        assessed = [Assessment(a, n, n / total, r / n if n else None, lead / n if n else None)
                    for a in legal if a.id in found for n, r, lead in (found[a.id],)]
        assessed.sort(key=lambda x: (-x.share, x.action.index))
        return assessed[:k] if k else assessed

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
