"""What the game test files share: new matches, bots that play them, and positions arranged by hand.

    from games import bots, edited, new_for, play_out, refresh, rules_of, start_here, step
    new = new_for(GAME, players=2)

The tests every game shares (its texts, its rule catalog, saves, seeds, bots) are in
tests/test_every_game.py; a game's own tests live in `game_tests(game_id)`.

The test-only games (`TEST_ONLY`: tic-tac-toe, tests/tictactoe) join the registered ones in the modules meant
for every game (test_every_game, test_contract, test_adapters, test_languages, test_lessons...) and in their own
test file: those run over `every_game()` (or `lesson_games()`, the ones with a lesson) and take the fixture
`register_test_only_games`.
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from pathlib import Path

import pytest

import engines
import engines.core.texts as texts
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


def after_greedy_moves(game_id: str, players: int, seed: int, moves: int):
    """A new match after `moves` greedy moves (the automatic and chance steps taken): a decision to search, hint
    or explain. A game that ends sooner (tic-tac-toe's greedy players may finish in five) gives its last decision,
    the position before the move that ended it, so a test of what a seat may do there always has a choice."""
    from engines.core.bots import make_bot
    m = engines.new_match(game_id, players, seed=seed)
    greedy = make_bot("greedy", seed=seed)
    last = None
    for _ in range(moves):
        m.advance()
        if m.is_over:
            break
        last = m.clone()
        m.play(greedy.choose(m))
    m.advance()
    return last if m.is_over and last is not None else m


def random_decisions(m, seed=0, limit=3000, choose=None):
    """Play `m` on, the automatic steps taken, each pending decision yielded (with its legal actions) before a
    move is played: the one `choose(legal)` picks, else a seeded random one. Stops at the end or after `limit`
    steps. A test reads the position at each decision; `for legal in random_decisions(m): ...`."""
    import random
    pick = choose or random.Random(seed).choice
    for _ in range(limit):
        if m.is_over:
            return
        if m.to_move is None:
            m.advance()
            continue
        legal = m.legal_actions()
        yield legal
        m.play(pick(legal).id)


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
    m.game.settle(m.state)
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
    again whose decision is pending (each game's `settle` hook), then `edited`."""
    m.game.settle(m.state)
    return edited(m)


def game_tests(game_id: str) -> Path:
    """A game's own tests, one or more per rule id: tests/test_<game id, "-" written "_">.py."""
    return TESTS / f"test_{game_id.replace('-', '_')}.py"


def prefix(game) -> str:
    """The namespace of a game's rule ids and texts ("aos", "e09", "ent", "am", "sy")."""
    prefixes = {rule.partition(".")[0] for rule in game.rule_catalog.rules}
    assert len(prefixes) == 1, f"{game.id}: rule ids with several prefixes: {sorted(prefixes)}"
    return prefixes.pop()


# == the test-only games ================================================================================
# Game id -> its package under tests/, which exports GAME (its Game class) and BOARD (its board renderer's module).
TEST_ONLY = {"tictactoe": "tictactoe"}


@contextmanager
def registering_test_only_games():
    """The test-only games registered with their texts and board renderers, as a published game is by its
    registry line; on leaving, the registry, the renderers and the shared text catalog are as they were for
    the published games (so no other test, nor the gallery, the site or the coverage pages, ever meets the
    test-only ones). The text catalog is the kernel's module state, which has no way to unload a file: on
    leaving, every text, zh-Hans phrase and cached lesson that came from a test-only game's folder (its data,
    its board's texts, its lesson) is taken out again. What other code loaded meanwhile (a published board's
    texts, a lesson) stays, as it would have without the test-only games."""
    import widgets                          # the board renderers' registry (only these tests need the widgets)
    from widgets.core import lesson_file
    folders = [Path(importlib.import_module(package).__file__).resolve().parent for package in TEST_ONLY.values()]

    def theirs(source) -> bool:
        return any(Path(source).resolve().is_relative_to(folder) for folder in folders)

    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(texts, "_SIMPLIFIED", dict(texts._SIMPLIFIED))       # a cache: what is made here is dropped
            for game_id, package in TEST_ONLY.items():
                module = importlib.import_module(package)
                game = module.GAME()                # a new instance loads the game's texts into the catalog
                assert game.id == game_id, (game.id, game_id)
                patch.setitem(engines.GAMES, game_id, game)
                board = importlib.import_module(widgets.board_module(game_id))
                texts.load_catalog(board.RENDERER.directory / "texts.toml")   # its labels, in the catalog too
            yield
    finally:
        for key in [key for key, source in texts._SOURCES.items() if theirs(source)]:
            del texts._CATALOG[key], texts._SOURCES[key]
        phrases = [phrase for phrase, source in texts._PHRASE_SOURCES.items() if theirs(source)]
        for phrase in phrases:
            del texts._PHRASES[phrase], texts._PHRASE_SOURCES[phrase]
        keep = [phrase for phrase, source in texts._KEEP.items() if theirs(source)]
        for phrase in keep:
            del texts._KEEP[phrase]
        files = [path for path in texts._OVERRIDE_FILES if theirs(path)]
        texts._OVERRIDE_FILES.difference_update(files)
        for path in [path for path in lesson_file._CACHE if theirs(path)]:
            del lesson_file._CACHE[path]
        if phrases or keep or files:
            texts._reset()          # the conversion is made again without their words (as loading them did)


def every_game() -> list[str]:
    """The ids of the registered games and the test-only ones: what the tests meant for every game run over."""
    with registering_test_only_games():
        return sorted(engines.GAMES)


def lesson_games() -> list[str]:
    """The games of `every_game()` that have a lesson (widgets.core.lesson_file `lesson_path`: widgets/lessons/, or
    the game's own folder for a test-only game): what the tests meant for every lesson run over."""
    from widgets.core.lesson_file import lesson_path
    with registering_test_only_games():
        return sorted(game for game in engines.GAMES if lesson_path(game).is_file())


@pytest.fixture(scope="module", autouse=True)
def register_test_only_games():
    """Autouse in a module that imports it: the test-only games are registered while its tests run."""
    with registering_test_only_games():
        yield


def one_step_lesson(game: str, rule: str, seed: int, recap: tuple[str, str] = ("- a", "- 甲")) -> str:
    """The head of a lesson file with one chapter and one step (a new match of 3 players from `seed`, teaching
    `rule`), for a test to add the step's own fields to."""
    return f'''
game = "{game}"
title.en = "T"
title.zh-Hant = "T"
recap.en = "{recap[0]}"
recap.zh-Hant = "{recap[1]}"
[[chapter]]
id = "one"
title.en = "One"
title.zh-Hant = "一"
[[step]]
id = "first"
chapter = "one"
start = {{ players = 3, seed = {seed} }}
rule = "{rule}"
'''


def main(argv: list[str]) -> int:
    """`python tests/games.py MODULE [ARGS...]`: `python -m MODULE ARGS...` in a test build, the test-only games
    registered; e.g. `python tests/games.py widgets.core.lesson_checks tictactoe` (the checks of its lesson) or
    `python tests/games.py widgets notebooks DIR` (every game's notebooks, tic-tac-toe's too)."""
    import runpy
    import sys
    if not argv:
        print(main.__doc__)
        return 2
    sys.argv = list(argv)
    with registering_test_only_games():
        try:
            runpy.run_module(argv[0], run_name="__main__", alter_sys=True)
        except SystemExit as done:
            return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return 0


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv[1:]))
