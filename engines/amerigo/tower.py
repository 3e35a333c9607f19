"""The cube tower as a stateful randomiser (am.tower.model).

Cubes inside the tower are part of the position (`state.tower`, counts by colour). A drop is a
sampled chance step: the cubes put in and the cubes inside decide what may fall, and the match's
generator decides what does, with the model's numbers from data/tower.toml:

  - every cube already inside falls out with probability `stuck_falls`;
  - then each cube dropped in, in a random order, catches on a ledge with probability `new_catches`
    while fewer than `capacity` cubes are inside, and falls out otherwise.

Run `python -m engines.amerigo` to see what the model gives over random games: how many cubes it
holds, how many fall per drop, how often a phase is skipped.
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


def statistics(games: int = 40, players: int = 4) -> dict:
    """What the model gives over random games: cubes inside the tower at each phase's start, cubes
    falling per drop, and the share of phases skipped (nothing to drop, or nothing fell)."""
    import engines
    from engines.core.bots import RandomBot
    held, falling, phases, skipped = [], [], 0, 0
    for seed in range(games):
        m = engines.new_match("amerigo", players, seed=seed)
        bot = RandomBot(seed)
        while not m.is_over:
            state = m.state
            if m.to_move is None:
                if state.step == "drop" and state.phase != "setup":
                    phases += 1
                    held.append(sum(state.tower))
                    before = len(m.log)
                    m.advance(step=True)
                    if any(e.rule == "am.phase.skip" for e in m.log[before:]):
                        skipped += 1
                    else:
                        falling.append(sum(m.state.fell))
                    continue
                m.advance(step=True)
            else:
                m.play(bot.choose(m))
    return {"games": games, "phases": phases, "held": sum(held) / len(held), "most_held": max(held),
            "falling": sum(falling) / len(falling), "skipped": skipped / phases}


def report(games: int = 40, players: int = 4) -> list[str]:
    """The statistics as lines of text (the bench and `python -m engines.amerigo` print them)."""
    stats = statistics(games, players)
    return [f"Amerigo cube tower (data/tower.toml), {stats['games']} random {players}-player games, {stats['phases']} phases:",
            f"  cubes inside the tower when a phase begins: {stats['held']:.1f} on average, {stats['most_held']} at most",
            f"  cubes falling out of a drop:                {stats['falling']:.1f} on average",
            f"  phases skipped (nothing to drop, or nothing fell): {100 * stats['skipped']:.1f} %"]
