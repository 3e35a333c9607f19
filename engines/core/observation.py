"""Observations built from parts, and an observer that re-encodes only the parts that changed.

A game describes its observation (`Game.observation_parts`) as a list of `Part`s, in order. A part
fills one or more named fields of the layout with numbers read from the position (`encode`: a list,
or bytes when every number is a small count or code from 0 to 255, which is cheaper to write). It may
also give a `key`: a flat tuple of everything the part reads, taken straight from the state (numbers,
strings, tuples, and the state's own lists, dicts and sets of such plain values; a map whose keys
never change may give just its values, as a tuple, which compares faster). The observer copies those
containers, one level deep: a list of lists, or a tuple holding a list, is given as its inner lists.
While the key stays equal, the part's numbers stay the same.

Plain observations (`observe`) simply encode every part. A learning loop asks for one at every step,
and encoding a whole board in Python costs several times a rules step, while a step changes a few
parts only. `Observer` keeps each part's numbers and encodes again just the parts whose key changed
since its last call. A key costs something too, about as much as encoding a few numbers:
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
    match only make more parts differ.

    Each part's numbers are kept packed as bytes, so an observation is one join of the parts' bytes and
    one conversion to float32, with no writes into numpy slices (each cost more than encoding a small
    part). Almost every number is a count, a code or a flag, so they are packed one byte each (0..255);
    the first number that does not fit (a negative score, a square past 255) widens every part to two
    bytes (int16), and a fraction or a number beyond that to float32. A game widens at most twice."""

    def __init__(self, parts: list[Part]):
        import numpy as np          # only observers need numpy (the adapters' extra brings it)
        self.np = np
        self.kinds = (np.uint8, np.int16, np.float32)   # the packings, narrowest first
        self.kind = 0                                   # the packing every part has fitted so far
        self.packs = (_bytes, _packer("h", np), _packer("f", np))
        self.bytes = [bytes(p.length) for p in parts]   # each part's numbers, packed
        # [key, encode, part, the key's snapshot at the last encoding]: kept together, read in one go
        self.keyed = [[p.key, p.encode, i, _NEVER] for i, p in enumerate(parts) if p.key and not p.per_seat]
        self.seat_keyed = [(p.key, p.encode, i) for i, p in enumerate(parts) if p.key and p.per_seat]
        self.seen = {}                  # (part, seat) -> (its key's snapshot, its numbers packed, the packing)
        self.each_time = [(p.encode, i) for i, p in enumerate(parts) if not p.key]

    def __call__(self, state, seat: int) -> "np.ndarray":
        stored, kind = self.bytes, self.kind
        for entry in self.keyed:
            values = entry[0](state)
            if values != entry[3]:            # lists and dicts compare by content, at C speed
                entry[3] = _copied(values)    # the rules change the state's lists in place: keep copies
                stored[entry[2]] = self._packed(entry[1](state, seat))
        if self.seat_keyed or self.each_time:
            stored = stored.copy()
            seen = self.seen
            for key, encode, i in self.seat_keyed:
                values = key(state)
                known = seen.get((i, seat))
                if known is None or known[2] != self.kind or values != known[0]:
                    known = seen[i, seat] = (_copied(values), self._packed(encode(state, seat)), self.kind)
                stored[i] = known[1]
            for encode, i in self.each_time:
                stored[i] = self._packed(encode(state, seat))
        if self.kind != kind:                 # a part widened the packing during this call: take it again
            return self(state, seat)
        return self.np.frombuffer(b"".join(stored), self.kinds[kind]).astype(self.np.float32)

    def _packed(self, values) -> bytes:
        """A part's numbers packed the observer's way, widening every part when they do not fit."""
        try:
            return self.packs[self.kind](values)
        except (ValueError, TypeError, OverflowError):       # outside 0..255, beyond int16, or a fraction
            if self.kind == len(self.kinds) - 1:
                raise
            self.kind += 1
            # in place: the caller holds the list
            self.bytes[:] = [self._repacked(packed, self.kind - 1) for packed in self.bytes]
            return self._packed(values)

    def _repacked(self, packed: bytes, kind: int) -> bytes:
        """Numbers packed as `kinds[kind]`, packed again as the observer's packing now."""
        np = self.np
        return np.frombuffer(packed, self.kinds[kind]).astype(self.kinds[self.kind]).tobytes()


def _bytes(values) -> bytes:
    return values if values.__class__ is bytes else bytes(values)


def _packer(code: str, np):
    """Numbers packed as an array of this type code ("h": int16, "f": float32). Bytes a part gives are
    numbers 0..255 each, not raw memory: numpy widens them (a board of 700 codes, 20 times faster than
    through a list)."""
    from array import array
    kind = np.dtype(code)

    def pack(values) -> bytes:
        if values.__class__ in _BYTES:
            return np.frombuffer(values, np.uint8).astype(kind).tobytes()
        return array(code, values).tobytes()
    return pack


def _copied(values: tuple) -> tuple:
    return tuple([v.copy() if v.__class__ in _CONTAINERS else v for v in values])


_CONTAINERS = (list, dict, set)
_BYTES = (bytes, bytearray)
