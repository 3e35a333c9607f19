"""The kernel every game shares. It knows no game."""

from pathlib import Path

from .actions import Action, Event, IllegalAction
from .bots import GreedyBot, RandomBot, make_bot, play_out
from .catalog import RuleCatalog
from .data import DataError, Field
from .game import Game, Option
from .match import Match, SaveError
from .rng import Rng
from .texts import LANGS, Text, load_catalog

load_catalog(Path(__file__).with_name("texts.toml"))

__all__ = ["Action", "Event", "IllegalAction", "GreedyBot", "RandomBot", "make_bot", "play_out",
           "RuleCatalog", "DataError", "Field", "Game", "Option", "Match", "SaveError", "Rng",
           "LANGS", "Text", "load_catalog"]
