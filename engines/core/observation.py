"""Observations built from parts, and an observer that re-encodes only the parts that changed.

A game describes its observation (`Game.observation_parts`) as a list of `Part`s, in order. A part
fills one or more named fields of the layout with numbers read from the position (`encode`: a list,
or bytes when every number is a small count or code from 0 to 255, which is cheaper to write). It may
also give a `key`: a flat tuple of everything the part reads, taken straight from the state (numbers,
strings, and the state's own lists, dicts and sets of such plain values). The observer copies those
containers, one level deep: a list of lists, or a tuple holding a list, is given as its inner lists.
While the key stays equal, the part's numbers stay the same.

Plain observations (`observe`) simply encode every part. A learning loop asks for one at every step,
and encoding a whole board in Python costs several times a rules step, while a step changes a few
parts only. `Observer` keeps the observation in a numpy array and encodes again just the parts whose
key changed since its last call. A key costs something too, about as much as encoding a few numbers:
it pays for any part that does not change at every step. The tests check, along random games, that
observers and plain observations always agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Part:
    fields: tuple[tuple[str, int], ...]          # the layout entries this part fills: (name, length)
    encode: Callable[[object, int], list | bytes]   # (state, seat) -> numbers, as many as the fields hold
    key: Callable[[object], tuple] | None = None   # state -> what the part reads; None: encode every time
    per_seat: bool = False                       # the numbers depend on the seat observing, too

    @property
    def length(self) -> int:
        return sum(n for _, n in self.fields)


def part(*fields: tuple[str, int], key=None, per_seat=False):
    """Decorator making a Part of an encoding function: `@part(("round", 1), ("phase", 9), key=...)`.
    A `per_seat` part's key holds what it reads for any seat (the seat itself is added by the observer)."""

    def make(encode):
        return Part(tuple(fields), encode, key, per_seat)
    return make


def one_hot(index: int, length: int) -> list[int]:
    """`length` zeros with a 1 at `index`. -1 (none) marks the last place, as in a list, so a field that
    can be empty gets one place more; any other index outside gives no 1 at all."""
    out = [0] * length
    if -1 <= index < length:
        out[index] = 1
    return out


def one_hot_rows(length: int) -> list[bytes]:
    """Every `one_hot(i, length)` for i in 0..length-1, made once as bytes: `rows[i]`, and `rows[-1]` is
    the last place as in one_hot. For parts encoded again at most steps, where building the list counts."""
    return [bytes(one_hot(i, length)) for i in range(length)]


def layout(parts: list[Part]) -> list[tuple[str, int]]:
    return [field for p in parts for field in p.fields]


def observe(parts: list[Part], state, seat: int) -> list:
    out = []
    for p in parts:
        out += p.encode(state, seat)
    return out


_NEVER = object()          # a key no snapshot equals: the first call encodes every part


class Observer:
    """Observations as float32 arrays, kept up to date part by part.

    One observer serves every seat: what all seats see alike is shared, so it is encoded again only
    when the position changed it, whoever asks; a part that depends on the seat is kept seat by seat.
    Each call returns a new array (a learner may store it).
    The observer may follow any positions of the game one after another: undo, a jump or another
    match only make more parts differ."""

    def __init__(self, parts: list[Part]):
        import numpy as np          # only observers need numpy (the adapters' extra brings it)
        spans = [(p, slice(start, start + p.length)) for p, start in zip(parts, _starts(parts))]
        # [key, encode, where, the key's snapshot at the last encoding]: kept together, read in one go
        self.keyed = [[p.key, p.encode, where, _NEVER] for p, where in spans if p.key and not p.per_seat]
        self.seat_keyed = [(p.key, p.encode, where) for p, where in spans if p.key and p.per_seat]
        self.seen = {}                  # (seat-keyed part, seat) -> (its key's snapshot, its numbers as an array)
        self.each_time = [(p.encode, where) for p, where in spans if not p.key]
        self.numbers = np.zeros(sum(p.length for p in parts), dtype=np.float32)
        self.small = lambda values: np.frombuffer(bytes(values), np.uint8)
        self.array = lambda values: np.array(list(values) if values.__class__ in _BYTES else values, dtype=np.float32)

    def __call__(self, state, seat: int) -> "np.ndarray":
        numbers, write = self.numbers, self._write
        for entry in self.keyed:
            values = entry[0](state)
            if values != entry[3]:            # lists and dicts compare by content, at C speed
                entry[3] = _copied(values)    # the rules change the state's lists in place: keep copies
                write(numbers, entry[2], entry[1](state, seat))
        out = numbers.copy()
        seen = self.seen
        for i, (key, encode, where) in enumerate(self.seat_keyed):
            values = key(state)
            known = seen.get((i, seat))
            if known is None or values != known[0]:
                known = seen[i, seat] = (_copied(values), self.array(encode(state, seat)))
            out[where] = known[1]
        for encode, where in self.each_time:
            write(out, where, encode(state, seat))
        return out

    def _write(self, numbers, where, values):
        if values.__class__ in _BYTES:
            numbers[where] = self.small(values)
        elif len(values) > 32:
            try:    # most numbers are small counts, codes and flags: through bytes, 4 times faster than a list
                numbers[where] = self.small(values)
            except ValueError:              # a number outside 0..255
                numbers[where] = values
        else:
            numbers[where] = values


def _copied(values: tuple) -> tuple:
    return tuple([v.copy() if v.__class__ in _CONTAINERS else v for v in values])


_CONTAINERS = (list, dict, set)
_BYTES = (bytes, bytearray)


def _starts(parts: list[Part]) -> list[int]:
    starts, at = [], 0
    for p in parts:
        starts.append(at)
        at += p.length
    return starts
