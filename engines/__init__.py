"""Rules engines for the board-game teaching widgets (pure Python, no Jupyter imports).

    import engines
    m = engines.new_match("endeavor-aos", players=4, seed=1)
    m.legal_actions(); m.play("build:market"); m.advance(); m.undo()
"""

from .core import (Action, Event, GreedyBot, IllegalAction, LANGS, Match, RandomBot, SaveError,
                   Text, make_bot, play_out)
from .core.data import DataError
import importlib
import os

from .core.registry import GAMES, get as get_game, register
from . import endeavor  # noqa: F401  (registers its games)
from . import entdecker  # noqa: F401
from . import amerigo  # noqa: F401
from . import shipyard  # noqa: F401

__version__ = "0.1.0"          # the package's one version (pyproject.toml reads it; CHANGELOG.md)


def _games_named_outside():
    """Games kept outside this package, named in the environment variable BGW_GAMES: modules, comma-separated, each
    exporting GAME (its Game class; its board is its package's board/). A school's own game, or a test build: the
    tests serve the test-only tic-tac-toe with BGW_GAMES=tictactoe, so that the kernels of its pages know it."""
    for name in filter(None, (part.strip() for part in os.environ.get("BGW_GAMES", "").split(","))):
        try:
            game = importlib.import_module(name).GAME
        except (ImportError, AttributeError) as wrong:
            raise ImportError(f"BGW_GAMES names {name!r}, which is not a module exporting GAME: {wrong}") from None
        if game.id not in GAMES:
            register(game())


_games_named_outside()


def new_match(game: str, players: int | None = None, seed: int = 0, options: dict | None = None) -> Match:
    """A new match; `players` defaults to the game's smallest count, options to what suits it."""
    rules = get_game(game)
    return Match(rules, rules.min_players if players is None else players, seed, options)


def rules(game: str, lang: str = "en") -> dict:
    """The rule catalog: rule id -> {title, text, source}."""
    return get_game(game).rule_catalog.as_dict(lang)


def scenario(game: str, name: str) -> Match:
    """A prepared position for tutorials and demos."""
    rules = get_game(game)
    scenarios = rules.scenarios()
    if name not in scenarios:
        raise ValueError(f"{game}: unknown scenario {name!r} (known: {', '.join(scenarios) or 'none'})")
    prepared = scenarios[name]
    return Match(rules, prepared.players, prepared.seed, prepared.options, scenario=name)


__all__ = ["GAMES", "new_match", "rules", "scenario", "Match", "Action", "Event", "IllegalAction",
           "SaveError", "DataError", "Text", "LANGS", "RandomBot", "GreedyBot", "make_bot", "play_out"]
