"""A small seeded random generator whose whole state is one integer.

The generator lives inside each game state, so copying or saving the state
copies the generator too: a restored match draws exactly what the original
would have drawn. splitmix64 is tiny, fast in pure Python and gives the same
numbers on every platform and Python version.
"""

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in range(n); the bias is below 2**-50 for the small n games use."""
        # next64 written out: every chance step and every bot move draws here, and the call costs as
        # much as the arithmetic.
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> "Rng":
        """An independent generator seeded from this one (used by bots, never by rules)."""
        return Rng(self.next64())

    def __eq__(self, other):
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self):
        return f"Rng({self.state})"
