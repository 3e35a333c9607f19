"""The yard: where ship parts wait in a row of spaces until they make a ship (rulebook § 建造船隻).

A yard is read as a tuple of codes, one per space: 0 empty, 1 bow, 2 hull, 3 stern. Every question about
it depends on that tuple only, so the answers are remembered: a game asks the same few thousand yards
again and again.
"""

from __future__ import annotations

EMPTY, BOW, HULL, STERN = range(4)


class Yard:
    """The yard rules for a yard of `spaces` spaces and ships of `min_ship` to `max_ship` parts."""

    def __init__(self, spaces: int, min_ship: int, max_ship: int):
        self.spaces, self.min_ship, self.max_ship = spaces, min_ship, max_ship
        self._good: dict[int, bool] = {}
        self._slots: dict[tuple, tuple] = {}
        self._ships: dict[tuple, tuple] = {}
        self._finishing: dict[tuple, tuple] = {}
        # every stretch a ship can fill: (first space, last space)
        self.spans = tuple((a, a + n - 1) for a in range(spaces) for n in range(min_ship, max_ship + 1)
                           if a + n <= spaces)
        # A yard as bits: 4 per space, one for what lies there (bit 0 empty, 1 bow, 2 hull, 3 stern). For
        # each stretch: the bits of what may not lie in it, the bits of its parts, and its empty spaces.
        self._stretches: list[tuple[int, int, int, int]] = []      # (forbid, parts, space, empty) each
        for a, b in self.spans:
            forbid = parts = space = empty = 0
            for i in range(a, b + 1):
                need = BOW if i == a else STERN if i == b else HULL
                forbid |= (0b1110 & ~(1 << need)) << 4 * i
                parts |= 0b1110 << 4 * i
                space |= 0b1111 << 4 * i
                empty |= 1 << 4 * i
            self._stretches.append((forbid, parts, space, empty))
        self._all_parts = sum(0b1110 << 4 * i for i in range(spaces))

    @staticmethod
    def bits(codes) -> int:
        return sum(1 << (4 * i + c) for i, c in enumerate(codes))

    @staticmethod
    def fits(codes, a, b) -> bool:
        """Could a ship fill spaces a..b: each space empty or holding the part the ship needs there?"""
        if codes[a] not in (EMPTY, BOW) or codes[b] not in (EMPTY, STERN):
            return False
        for i in range(a, b):
            if i > a and codes[i] not in (EMPTY, HULL):
                return False
        return True

    def good(self, codes: tuple) -> bool:
        """Can every part in the yard still become part of a complete ship (sy.build.completable), and is
        the yard never left full without a ship (sy.build.full)?

        A ship fills a stretch whose parts all fit it, completes and leaves, emptying the stretch. Leaving
        only ever makes room, so if any order of ships clears the yard, so does clearing any stretch that
        fits and holds a part, then the next, until none is left: the answer does not depend on the order."""
        return self._good_bits(self.bits(codes))

    def _good_bits(self, x: int) -> bool:
        found = self._good.get(x)
        if found is None:
            found = not x & self._all_parts
            if not found:
                for forbid, parts, space, empty in self._stretches:
                    if x & parts and not x & forbid:
                        found = self._good_bits((x & ~space) | empty)
                        break
            self._good[x] = found
        return found

    def slots(self, codes: tuple) -> tuple:
        """For each part (bow, hull, stern): the spaces where placing it keeps the yard good."""
        found = self._slots.get(codes)
        if found is None:
            x = self.bits(codes)
            empty = [i for i, c in enumerate(codes) if c == EMPTY]
            good = self._good_bits
            found = self._slots[codes] = tuple([      # lists, not generators: built faster (most yards are new)
                tuple([i for i in empty if good(x ^ (1 << 4 * i) | (1 << (4 * i + code)))]) for code in (BOW, HULL, STERN)])
        return found

    def ships(self, codes: tuple) -> tuple:
        """The complete ships in the yard: (bow space, stern space) for each bow, hulls, stern in a row."""
        found = self._ships.get(codes)
        if found is None:
            out = []
            n = len(codes)
            for a in range(n):
                if codes[a] != BOW:
                    continue
                b = a + 1
                while b < n and codes[b] == HULL:
                    b += 1
                if b < n and codes[b] == STERN and b - a >= 2 and self.min_ship <= b - a + 1 <= self.max_ship:
                    out.append((a, b))
            found = self._ships[codes] = tuple(out)
        return found

    def finishing(self, codes: tuple) -> tuple:
        """For each part (bow, hull, stern): the spaces where it would complete a ship (the final build)."""
        found = self._finishing.get(codes)
        if found is None:
            out = []
            before = set(self.ships(codes))
            for code in (BOW, HULL, STERN):
                ok = []
                for i, c in enumerate(codes):
                    if c != EMPTY:
                        continue
                    after = codes[:i] + (code,) + codes[i + 1:]
                    if any(a <= i <= b for a, b in self.ships(after) if (a, b) not in before) and self.good(after):
                        ok.append(i)
                out.append(tuple(ok))
            found = self._finishing[codes] = tuple(out)
        return found
