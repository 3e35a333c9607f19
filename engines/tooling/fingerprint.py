"""A fingerprint of what a game offers and refuses: every offered action (id, rule, target, label and its
parameters) and every refusal (rule, and its text in each language) at every decision of seeded random
games, for every player count.

    python -m engines fingerprint GAME [--games 2] [--out FILE]

prints one digest per player count and the total. A change to the rules code that should change nothing a
player meets (moving a table, sharing a check between games) must leave the digest as it was; `--out` writes
the lines themselves, so two runs can be compared with `diff` when the digests differ.

Refusals are asked for every id of the match's action table and the game's never-legal ids that is not legal
at the decision, as a learner clicking anything on the board would. Random play only: the seeded generator
chooses among the legal actions, so the games and the digest are the same on every machine.
"""

from __future__ import annotations

import hashlib
import random

from ..core.match import Match
from ..core.registry import get
from ..core.texts import LANGS

MOST_STEPS = 5000          # a guard: every game ends long before


def decisions(game_id: str, players: int, seed: int):
    """The lines of one random game: for each decision, what is offered, then what is refused and why."""
    game = get(game_id)
    match = Match(game, players, seed=seed)
    choose = random.Random(seed)
    ids = list(match.table.ids) + sorted(match._never_legal)
    for step in range(MOST_STEPS):
        pending = match.pending
        if pending == "over":
            return
        if pending != "decision":
            match.advance()
            continue
        legal = match.legal_actions()
        yield f"# {step} seat {match.to_move}"
        for a in legal:
            params = ",".join(f"{k}={_plain(v)}" for k, v in sorted(a.params.items()))
            yield f"+ {a.id} | {a.rule} | {a.target} | {a.label_key} | {params}"
        offered = {a.id for a in legal}
        for action_id in ids:
            if action_id in offered:
                continue
            rule, text = match._refusal(action_id)
            yield f"- {action_id} | {rule} | " + " | ".join(text.render(lang) for lang in LANGS)
        match.play(choose.choice(legal))
    raise RuntimeError(f"{game_id}: seed {seed} did not end in {MOST_STEPS} steps")


def _plain(value):
    return value.key + repr(sorted(value.params.items())) if hasattr(value, "render") else repr(value)


def fingerprint(game_id: str, games: int = 2, out=None) -> dict[int, str]:
    """{player count: digest} over `games` seeded random games per count (and writes the lines to `out`)."""
    game = get(game_id)
    digests = {}
    for players in range(game.min_players, game.max_players + 1):
        h = hashlib.sha256()
        for seed in range(games):
            for line in decisions(game_id, players, seed):
                h.update(line.encode() + b"\n")
                if out is not None:
                    out.write(f"{players} {seed} {line}\n")
        digests[players] = h.hexdigest()[:16]
    return digests
