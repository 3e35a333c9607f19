"""Where a game's board lives: the widgets below a match (the shell, the lesson) find its renderer here, so
no module of widgets/core reaches up into the `widgets` package."""

from __future__ import annotations

import importlib
import sys
from importlib import resources
from pathlib import Path

WIDGETS = Path(str(resources.files("widgets"))).resolve()     # the package's folders: an installed wheel has them
PAGE_KINDS = ("lessons", "pages", "teacher")


def board_module(game: str) -> str:
    """The module of a game's board renderer: widgets/<folder>/ for the games of engines/<folder>/ (so a new
    game's board needs no list to join); a game kept outside engines/ (the test-only tic-tac-toe) has its board
    in its own package's board/."""
    import engines
    rules = engines.get_game(game)
    package = type(rules).__module__.rpartition(".")[0]
    return f"widgets.{rules.folder}" if package.startswith("engines.") else f"{package}.board"


def renderer_for(game: str):
    """The board renderer of a registered game (ValueError naming it when the game or its board is missing)."""
    module = board_module(game)
    try:
        return importlib.import_module(module).RENDERER
    except ModuleNotFoundError as missing:
        if missing.name is None or not module.startswith(missing.name):
            raise
        raise ValueError(f"no board renderer for game {game!r} (looked for {module})") from None


def page_folder(game: str, kind: str) -> Path:
    """The folder of a game's `kind` of page files, named alike wherever they are: "lessons" (its lesson,
    `<game>.toml`), "pages" (its lesson page's texts, `<game>.toml`) and "teacher" (`<game>.plan.<lang>.md`,
    `<game>.summary.<lang>.md`). A game of engines/ has them in the widgets package (widgets/lessons/, ...); a
    game kept outside engines/ (the test-only tic-tac-toe) in its own package (tests/tictactoe/lessons/, ...),
    as its board is in its package's board/. An unknown game's would be the package's."""
    import engines
    assert kind in PAGE_KINDS, kind
    rules = engines.GAMES.get(game)
    package = type(rules).__module__.rpartition(".")[0] if rules is not None else "engines."
    if package.startswith("engines."):
        return WIDGETS / kind
    return Path(sys.modules[package].__file__).resolve().parent / kind
