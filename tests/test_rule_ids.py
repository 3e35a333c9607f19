"""Rules are found by their id: the code writes every rule id out in full, and every id it writes is a rule
of its game's catalog (or, for the same prefix, one of its texts), so grepping an id finds its code and a
misspelt id cannot reach a page."""

import ast
import sys
from pathlib import Path

import pytest

import engines
from engines.core.texts import has_text
from games import register_test_only_games, registering_test_only_games  # noqa: F401  (autouse: they join in)

ROOT = Path(__file__).resolve().parents[1]
# A game's folder (engines/<folder>/, or a test-only game's package: tests/tictactoe/), and the games it holds.
FOLDERS: dict[str, list[str]] = {}      # the folder, from the project's root -> the games whose rules live there
with registering_test_only_games():
    for _game_id, _game in sorted(engines.GAMES.items()):
        _folder = Path(sys.modules[type(_game).__module__].__file__).resolve().parent
        FOLDERS.setdefault(str(_folder.relative_to(ROOT)), []).append(_game_id)


def literals(folder: str):
    """Every whole string the code writes (not the pieces of an f-string, nor the parts of a key put
    together with +, which name texts made per component)."""
    for path in sorted((ROOT / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        pieces = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
        pieces |= {id(n.left) for n in ast.walk(tree) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in pieces:
                yield path.relative_to(ROOT), node.lineno, node.value


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_rule_id_the_code_writes_is_a_rule_or_a_text_of_its_game(folder):
    catalogs = {rule for game in FOLDERS[folder] for rule in engines.rules(game, "en")}
    prefixes = {rule.split(".", 1)[0] + "." for rule in catalogs}
    unknown = [f"{path}:{line}: {value}" for path, line, value in literals(folder)
               if value.startswith(tuple(prefixes)) and " " not in value and "{" not in value
               and not value.endswith(".") and value not in catalogs and not has_text(value)]
    assert not unknown, "\n".join(unknown)


def test_endeavor_names_its_rules_in_full():
    """`rid` and `event` are given whole ids (an edition's prefix included), never a part put together at
    run time."""
    found = []
    for path in sorted((ROOT / "engines" / "endeavor").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in ("rid", "event") and node.args:
                first = node.args[0]
                if isinstance(first, ast.JoinedStr) or (isinstance(first, ast.Constant)
                                                        and not str(first.value).startswith(("aos.", "e09."))):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found
