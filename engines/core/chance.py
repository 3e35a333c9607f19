"""Chance steps: every random draw during play happens in one, between decisions.

A game says a chance step is pending by returning a `Chance` from `Game.chance(state)`. Its outcomes
are listed with integer weights (how many tiles of each kind lie in the pile, how many sectors of the
spinner show each number), so a teacher can see the odds and force one ("what if the natives are
hostile?"). Where the outcomes are too many to list (a tower of cubes), the step is `sampled`: the game
draws the outcome itself from the match's generator and only sampling is offered. Randomness at setup
(shuffling the decks) stays inside the seed; each game's README says which draws are which.
"""

from __future__ import annotations

from .texts import Text


class Outcome:
    """One outcome of a chance step: a stable id, its weight among the step's outcomes, and its name."""

    __slots__ = ("id", "weight", "text")

    def __init__(self, id: str, weight: int, text: Text):
        self.id = id
        self.weight = weight
        self.text = text

    def __repr__(self):
        return f"Outcome({self.id!r}, {self.weight})"


class Chance:
    """A pending chance step.

    `rule` is the rule that calls for the draw and `text` says what is drawn ("the top tile of pile 2").
    `seen_by` is None when every player sees the result, else the only seat that does (a card drawn
    into a secret hand).
    """

    __slots__ = ("rule", "text", "outcomes", "sampled", "seen_by")

    def __init__(self, rule: str, text: Text, outcomes: list[Outcome] | tuple = (), sampled: bool = False,
                 seen_by: int | None = None):
        self.rule = rule
        self.text = text
        self.outcomes = outcomes
        self.sampled = sampled
        self.seen_by = seen_by

    @property
    def total(self) -> int:
        return sum([o.weight for o in self.outcomes])      # a list is summed faster than a generator

    def pick(self, rng) -> Outcome:
        """The outcome the generator picks: one draw, each outcome as likely as its weight."""
        r = rng.below(self.total)
        for outcome in self.outcomes:
            r -= outcome.weight
            if r < 0:
                return outcome
        raise AssertionError("weights changed during the pick")

    def __repr__(self):
        return f"Chance({self.rule!r}, {len(self.outcomes)} outcomes{', sampled' if self.sampled else ''})"
