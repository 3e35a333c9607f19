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

Like boardgame.io's moves, keyed by name; an edition that subclasses a game adds or replaces moves with
declarations of its own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Move:
    kind: str                 # the first word of the action ids ("buy" in "buy:bow")
    rule: str                 # the rule that offers it
    method: str               # the name of the game's method that plays it
    label: str | None = None  # the text key of the action's label, when not the game's usual one
    phases: tuple[str, ...] = ()  # the phases (`Game.phase_of`) in which it may be offered; () for any


def move(kind: str, rule: str, label: str | None = None, *, phases: tuple[str, ...] = ()):
    """Declare the method below as the one that plays the actions of `kind` (one method may play several
    kinds, each declared on it: their actions' `args` tell them apart), offered only in `phases` if given."""
    if isinstance(phases, str):
        raise TypeError(f"move {kind!r}: phases is a tuple of phase names, got the string {phases!r}")
    def declare(method):
        method.moves = (*getattr(method, "moves", ()), Move(kind, rule, method.__name__, label, tuple(phases)))
        return method
    return declare


def declared_moves(cls) -> dict[str, Move]:
    """The moves a game class declares, its base classes' included (a subclass's declaration of a kind
    replaces its base's). One class declaring two methods for one kind is a mistake, refused."""
    moves: dict[str, Move] = {}
    for klass in reversed(cls.__mro__):
        own: dict[str, Move] = {}
        for value in vars(klass).values():
            for found in getattr(value, "moves", ()) if callable(value) else ():
                if found.kind in own:
                    raise TypeError(f"{klass.__name__}: both {own[found.kind].method} and {found.method} "
                                    f"play {found.kind!r}")
                own[found.kind] = found
        moves.update(own)
    return moves
