"""The cube tower as a stateful randomiser (am.tower.model).

Cubes inside the tower are part of the position (`state.tower`, counts by colour). A drop is a
sampled chance step: the cubes put in and the cubes inside decide what may fall, and the match's
generator decides what does, with the model's numbers from data/tower.toml:

  - every cube already inside falls out with probability `stuck_falls`;
  - then each cube dropped in, in a random order, catches on a ledge with probability `new_catches`
    while fewer than `capacity` cubes are inside, and falls out otherwise.

What the model gives over random games (how many cubes it holds, how many fall per drop, how often a
phase is skipped) is measured by developer tooling, not here: `python -m engines.tooling.amerigo_tower`.
"""

from __future__ import annotations

from functools import lru_cache


def drop(model, inside: list[int], dropped: list[int], rng) -> list[int]:
    """The cubes that fall out, by colour, when `dropped` go into a tower holding `inside`."""
    fell = [0] * len(inside)
    held = 0
    num, den = model.stuck_falls
    for colour, count in enumerate(inside):
        for _ in range(count):
            if rng.below(den) < num:
                fell[colour] += 1
            else:
                held += 1
    cubes = [colour for colour, count in enumerate(dropped) for _ in range(count)]
    if sum(1 for count in dropped if count) > 1:      # the order only matters for mixed colours
        rng.shuffle(cubes)
    num, den = model.new_catches
    for colour in cubes:
        if held < model.capacity and rng.below(den) < num:
            held += 1
        else:
            fell[colour] += 1
    return fell


def outcome_id(fell: list[int]) -> str:
    """A drop's outcome as the players see it: how many cubes of each colour fell ("drop:3,0,1,0,0,0,0")."""
    return "drop:" + ",".join(map(str, fell))


@lru_cache(maxsize=4096)     # a drop's outcome id is made and read back at every drop; few of them recur
def parse_outcome(outcome: str, colours: int) -> tuple[int, ...]:
    kind, _, counts = outcome.partition(":")
    fell = [int(x) for x in counts.split(",")] if kind == "drop" else []
    if len(fell) != colours or any(x < 0 for x in fell):
        raise ValueError(f"not a tower outcome: {outcome!r}")
    return tuple(fell)       # shared by every drop with this outcome: not to be changed

