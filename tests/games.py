"""What the game test files share: new matches, bots that play them, and positions arranged by hand.

    from games import bots, edited, new_for, play_out, refresh, rules_of, start_here, step
    new = new_for(GAME, players=2)

The tests every game shares (its texts, its rule catalog, saves, seeds, bots) are in
tests/test_every_game.py; a game's own tests live in `game_tests(game_id)`.
"""

from __future__ import annotations

from pathlib import Path

import engines
from engines import Match

TESTS = Path(__file__).resolve().parent


def new_for(game_id: str, players: int):
    """`new(players, seed=1, **options)`: a new match of one game, `players` unless told."""
    def new(players=players, seed=1, **options):
        return engines.new_match(game_id, players=players, seed=seed, options=options or None)
    return new


def bots(players, seed=0, kind=engines.RandomBot):
    """One bot per seat, each with its own seed."""
    return {seat: kind(seed * 10 + seat) for seat in range(players)}


def step(m, bots_):
    """One step: the pending decision by its seat's bot, or one automatic or chance step."""
    if m.to_move is None:
        return m.advance(step=True)
    return m.play(bots_[m.to_move].choose(m))


def play_out(m, seed=0):
    """Random bots play the match to its end."""
    b = bots(m.players, seed)
    while not m.is_over:
        step(m, b)
    return m


def rules_of(events):
    return [e.rule for e in events]


def start_here(m):
    """A match that starts from `m`'s position once a test has arranged it by hand (m is left behind):
    the game works out whose step it is (as a scenario's `prepare` does at its end), then the position is
    the new match's start (`Match.from_position`): undo goes back to it, and no further."""
    m.game._settle(m.state)
    return Match.from_position(m.game, m.players, m.state, m.options, seed=m.seed, log=m.log)


def edited(m):
    """After a test has changed the state of a match it goes on playing: forget the legal actions the
    match worked out before. Match has no public way to do this, on purpose (its state changes only by
    its own steps), so this is the one place the tests write a private field of Match. Going back past
    the change brings back the position before it; a test that goes back starts from `start_here`."""
    m._legal = None
    return m


def refresh(m):
    """After a test has changed whose step it is (or what a player may do first): the game works out
    again whose decision is pending (each game's own `_settle`), then `edited`."""
    m.game._settle(m.state)
    return edited(m)


def game_tests(game_id: str) -> Path:
    """A game's own tests, one or more per rule id: tests/test_<game id, "-" written "_">.py."""
    return TESTS / f"test_{game_id.replace('-', '_')}.py"


def prefix(game) -> str:
    """The namespace of a game's rule ids and texts ("aos", "e09", "ent", "am", "sy")."""
    prefixes = {rule.partition(".")[0] for rule in game.rule_catalog.rules}
    assert len(prefixes) == 1, f"{game.id}: rule ids with several prefixes: {sorted(prefixes)}"
    return prefixes.pop()
