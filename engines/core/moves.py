"""Each kind of decision a game offers, declared once, on the method that plays it.

    @move("buy", "sy.build.buy")
    def _buy_part(self, state, place, events): ...

says that an action whose id starts with "buy:" is played by `_buy_part(state, *action.args, events)`, and
that rule sy.build.buy offers it. A move may also name the phases in which it can be offered:

    @move("sell", "sy.trade.sell", phases=("trade",))

and the kernel then refuses it in any other phase (`Game.offered_in`), while a shared test checks, over
random games, that the game never offers it elsewhere: the legal set and the refusal read one declaration. The kernel looks the move up by the action's kind (`Game.apply`); no
game re-reads an action's id to find out what to do. A game makes its actions with `Game.offer`, which
takes the rule (and the label's key, unless the move names another) from the declaration.

A move may also say how its arguments are written in an action's id, and which method says why one of its
actions is refused:

    @move("place", "sy.build.place", phases=("place",), arg=lambda game, space: space + 1)
    def _place_part(self, state, space, events): ...

    @refuses("place")
    def _why_place(self, state, space): ...

Then the id "place:3" is written in one place (`Game.action_id`, which `offer` and the game's numbered
table both use), read back into the move's arguments by the kernel (never parsed by the game: so an id must
stand for the same args in every match, whatever its players and options; the kernel refuses a table that
breaks this), and the
refusal is called with those arguments: it returns (rule id, Text), or None when nothing forbids the
action, so a shared test can check over random games that it refuses exactly what the legal set leaves out.

Like boardgame.io's moves, keyed by name; an edition that subclasses a game adds or replaces moves with
declarations of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable


@dataclass(frozen=True)
class Move:
    kind: str                 # the first word of the action ids ("buy" in "buy:bow")
    rule: str                 # the rule that offers it
    method: str               # the name of the game's method that plays it
    label: str | None = None  # the text key of the action's label, when not the game's usual one
    phases: tuple[str, ...] = ()  # the phases (`Game.phase_of`) in which it may be offered; () for any
    arg: Callable | None = None   # arg(game, *args) -> the text after "kind:" in an action's id; None: the id is the kind
    refusal: str | None = None    # the name of the game's method that says why an action of this kind is refused


def move(kind: str, rule: str, label: str | None = None, *, phases: tuple[str, ...] = (),
         arg: Callable | None = None):
    """Declare the method below as the one that plays the actions of `kind` (one method may play several
    kinds, each declared on it: their actions' `args` tell them apart), offered only in `phases` if given,
    its actions' ids written by `arg` from their args."""
    if isinstance(phases, str):
        raise TypeError(f"move {kind!r}: phases is a tuple of phase names, got the string {phases!r}")
    def declare(method):
        method.moves = (*getattr(method, "moves", ()), Move(kind, rule, method.__name__, label, tuple(phases), arg))
        return method
    return declare


def one_based(game, number: int) -> int:
    """The usual `arg` of a move whose one arg counts from 0 while its id counts from 1 ("place:1" is space 0)."""
    return number + 1


def joined(game, *parts) -> str:
    """The usual `arg` of a move whose args are written as they are, joined by ":" ("ship:track:caribbean")."""
    return ":".join(map(str, parts))


def refuses(*kinds: str):
    """Declare the method below as the one that says why an action of these kinds is refused:
    `method(state, *args)` -> (rule id, Text), or None when nothing forbids it."""
    def declare(method):
        method.refuses = (*getattr(method, "refuses", ()), *kinds)
        return method
    return declare


def declared_moves(cls) -> dict[str, Move]:
    """The moves a game class declares, its base classes' included (a subclass's declaration of a kind
    replaces its base's), each with the method that refuses it. One class declaring two methods for one
    kind, or a refusal of a kind it has no move for, is a mistake, refused."""
    moves: dict[str, Move] = {}
    refusals: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        own: dict[str, Move] = {}
        own_refusals: dict[str, str] = {}
        for value in vars(klass).values():
            if not callable(value):
                continue
            for found in getattr(value, "moves", ()):
                if found.kind in own:
                    raise TypeError(f"{klass.__name__}: both {own[found.kind].method} and {found.method} "
                                    f"play {found.kind!r}")
                own[found.kind] = found
            for kind in getattr(value, "refuses", ()):
                if kind in own_refusals:
                    raise TypeError(f"{klass.__name__}: both {own_refusals[kind]} and {value.__name__} "
                                    f"refuse {kind!r}")
                own_refusals[kind] = value.__name__
        moves.update(own)
        refusals.update(own_refusals)
    unknown = sorted(set(refusals) - set(moves))
    if unknown:
        raise TypeError(f"{cls.__name__}: refusals of kinds no move plays: {', '.join(unknown)}")
    return {kind: replace(m, refusal=refusals.get(kind)) for kind, m in moves.items()}
