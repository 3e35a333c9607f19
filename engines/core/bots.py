"""Bots: anything with `choose(match) -> Action` for the seat to move.

Bots draw from their own generator, never from the match's, so adding a bot
to a seat does not change what the rules' chance produces.
"""

from __future__ import annotations

import hashlib
import pickle
from typing import Protocol

from .actions import Action
from .rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, match) -> Action: ...


class LoopGuard:
    """Keeps a bot from going round in circles.

    Some rules let a player undo what they just did, turn after turn: in Endeavor, with payment buildings
    that lack the no-payment icon (a copy's printed values may differ from the stand-ins), a worker can be
    paid back from one payment building by activating another, then back again. A bot that rates both
    positions alike would do so until the game's bound of moves. The guard remembers, for the current
    round, the choices a bot made in each position it decided in (a fingerprint of the pickled
    position); when the bot comes back to a position later in the match, the choices it made there
    before are set aside, so each return tries something new and the loop ends. Coming back through
    undo is no repetition: a choice is set aside only if it was made at an earlier step.
    """

    def __init__(self):
        self.where = None                 # (the match, its round): what the memory is about
        self.chosen: dict = {}            # fingerprint -> {action id: the step at which it was chosen}
        self.here: dict = {}              # the memory of the position `allowed` was last asked about

    def allowed(self, match, actions: list) -> list:
        """The actions not already chosen in this position at an earlier step (all, if none is left)."""
        where = (id(match), match.round)
        if where != self.where:
            self.where, self.chosen = where, {}
        # one fingerprint a decision: `remember` writes to the same memory
        self.here = self.chosen.setdefault(hashlib.sha1(pickle.dumps(match.state, 5)).digest(), {})
        fresh = [a for a in actions if self.here.get(a.id, match.position) >= match.position]
        return fresh or actions

    def remember(self, match, action) -> None:
        """Note the choice made in the position `allowed` was just asked about."""
        self.here.setdefault(action.id, match.position)


class RandomBot:
    """Any legal action, uniformly. It needs no loop guard: every return to a loop's position leaves it
    with some chance, and a fingerprint a move would double a random game's cost (`bench`)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0x5EED)

    def choose(self, match) -> Action:
        return self.rng.choice(match.legal_actions())


class GreedyBot:
    """Tries each legal action on a copy of the position and keeps the one the game rates best.

    The copy gets a fresh generator, so the bot cannot peek at the rules' next
    chance result (a shuffled deck, a tile draw).
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0x6EED)
        self.guard = LoopGuard()

    def choose(self, match) -> Action:
        actions = match.legal_actions()
        if len(actions) == 1:
            return actions[0]
        actions = self.guard.allowed(match, actions)
        choice = self._best(match, actions)
        self.guard.remember(match, choice)
        return choice

    def _best(self, match, actions) -> Action:
        seat, game = match.to_move, match.game
        frozen = pickle.dumps(match.state, 5)
        best, best_value = [], None
        for action in actions:
            state = pickle.loads(frozen)
            state.rng = self.rng.fork()
            game.apply(state, action, [])
            value = game.heuristic(state, seat)
            if best_value is None or value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best)


def _search(seed: int = 0, **settings):
    """The kernel's Monte Carlo tree search (engines/core/search.py): pure Python, runs everywhere."""
    from .search import SearchBot        # search.py builds on LoopGuard, above
    return SearchBot(seed, **settings)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": _search}


def register_bot(name: str, make) -> None:
    """Add a bot kind (`make(seed, **settings)`), e.g. an adapter's: the kernel itself knows no adapter."""
    BOTS[name] = make


def available_bots() -> list[str]:
    """The bot kinds a seat can be given here."""
    return list(BOTS)


def make_bot(name: str, seed: int = 0, **settings) -> Bot:
    """A bot by name; `settings` go to bots that take them (mcts: budget_ms, uct_c, rollout, ...; see engines/core/search.py)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name](seed, **settings)


def play_out(match, bots: dict, max_moves: int | None = None) -> bool:
    """Let bots make every decision until the game ends (automatic steps included), or until they have
    made `max_moves` decisions; True when the game ended."""
    moves = 0
    while not match.is_over:
        seat = match.to_move
        if seat is None:
            match.advance()
        elif max_moves is not None and moves >= max_moves:
            return False
        else:
            match.play(bots[seat].choose(match))
            moves += 1
    return True
