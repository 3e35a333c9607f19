"""What every game's position holds for the kernel, whatever the game: the round and phase (the status line),
whether the game is over, its random generator (the chance steps draw from it), its options, the note of a
prepared position, and the seat of the pending decision.

A game's `State` subclasses `KernelState` and lists only its own fields in `__slots__`: plain lists and
integers, cheap to copy. A position is pickled for undo and replay (engines/core/match.py checkpoints), field
by field in the order of `_fields`: the kernel's first, then the game's.
"""

from __future__ import annotations

from .rng import Rng


class KernelState:
    __slots__ = ("round", "phase", "over", "rng", "options", "scenario_note", "to_move")
    _fields: tuple[str, ...] = __slots__

    def __init__(self, seed: int, options: dict):
        self.round = 0
        self.phase = "setup"
        self.over = False
        self.rng = Rng(seed)
        self.options = options
        self.scenario_note = ""             # what a prepared position (a scenario) says it is
        self.to_move: int | None = None     # the seat of the pending decision, kept up to date by the rules

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._fields = tuple(name for klass in reversed(cls.__mro__) for name in vars(klass).get("__slots__", ()))

    def position(self) -> dict:
        """The fields that make the position, as a save's digest reads them (engines/core/match.py): all but
        the random generator (the digest takes its state apart). A game whose state holds a structure that
        reading reshapes without changing the position gives it here in one form."""
        return {name: getattr(self, name) for name in self._fields if name != "rng"}

    def __getstate__(self):
        return tuple(getattr(self, name) for name in self._fields)

    def __setstate__(self, values):
        for name, value in zip(self._fields, values):
            setattr(self, name, value)
