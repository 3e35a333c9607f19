"""Rule coverage: for each rulebook section, its rule ids, the code that names them, the tests that cite them
and the lesson steps that teach them, as a Markdown page a teacher can read.

    python -m engines coverage endeavor-aos      # writes docs/coverage/endeavor-aos.md

It works for any registered game with a rule catalog (`engines/<game>/data/rules.toml`), tests that name rule
ids (`tests/**/*.py`: a test cites a rule when the id appears in its code or docstring) and a lesson file
(`widgets/lessons/<game>.toml`, read as plain data: the engines import no widget code; a game kept outside
engines/, the test-only tic-tac-toe, has its code and its lessons/ in its own package).

Developer tooling, not the kernel: it reads the repository's tests/, which an installed package does not have.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
import tomllib
from pathlib import Path

from ..core import registry

ROOT = Path(__file__).resolve().parents[2]


def _tests(root: Path, rule_ids: set[str]) -> dict[str, list[str]]:
    """Rule id -> the tests ("tests/test_x.py::test_name") whose code or docstring names it."""
    found: dict[str, list[str]] = {rule: [] for rule in rule_ids}
    pattern = re.compile(r"(?<![\w.-])(%s)(?![\w.-]*[\w-])" % "|".join(
        re.escape(r) for r in sorted(rule_ids, key=len, reverse=True))) if rule_ids else None
    for path in sorted((root / "tests").rglob("*.py")):
        for name, body in _test_functions(path, path.stat().st_mtime):
            for rule in sorted(set(pattern.findall(body))) if pattern else ():
                found[rule].append(f"{path.relative_to(root)}::{name}")
    return found


def _folders(root: Path, game) -> tuple[Path, Path]:
    """Where a game's code and its lesson are: engines/<folder>/ and widgets/lessons/<id>.toml, or for a game kept
    outside engines/ (the test-only tic-tac-toe) its own package and the lessons/ folder in it (as
    widgets.core.boards.page_folder finds it)."""
    module = type(game).__module__
    if module.startswith("engines."):
        return root / "engines" / game.folder, root / "widgets" / "lessons" / f"{game.id}.toml"
    package = Path(sys.modules[module].__file__).resolve().parent
    return package, package / "lessons" / f"{game.id}.toml"


def _code(root: Path, folder: Path, rule_ids: set[str]) -> dict[str, list[str]]:
    """Rule id -> the places ("engines/x/y.py:120") where the game's code writes it: the code writes every id
    in full (tests/test_rule_ids.py), so the event, the action or the refusal of a rule is found there."""
    found: dict[str, list[str]] = {rule: [] for rule in rule_ids}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in found:
                found[node.value].append(f"{path.relative_to(root)}:{node.lineno}")
    # the rules' own code first; prepared positions and refusals (which also name the rule) after it
    later = ("scenarios", "explain")
    def order(place):
        path, _, line = place.rpartition(":")
        return any(w in path for w in later), path, int(line)
    return {rule: sorted(places, key=order) for rule, places in found.items()}


@functools.lru_cache(maxsize=256)
def _test_functions(path: Path, _mtime: float) -> list[tuple[str, str]]:
    """(name, source) of each test function of a file (cached while the file is unchanged)."""
    source = path.read_text(encoding="utf-8")
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [(node.name, ast.get_source_segment(source, node) or "") for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test")]


def _lesson(path: Path) -> tuple[dict[str, list[str]], dict[str, dict], bool]:
    """Rule id -> lesson steps ("12 build") that teach it; rule id -> reason it is not taught; file exists."""
    if not path.exists():
        return {}, {}, False
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    steps: dict[str, list[str]] = {}
    for number, step in enumerate(data.get("step", []), 1):
        for rule in [step.get("rule"), *step.get("also", [])]:
            steps.setdefault(rule, []).append(f"{number} `{step.get('id')}`")
    not_taught = {entry.get("rule"): entry.get("why", {}) for entry in data.get("not_taught", [])}
    return steps, not_taught, True


def _section(source: str) -> tuple[str, str]:
    """'rulebook:000_x.txt#1: 建造階段' -> ('000_x.txt', '1: 建造階段'); other sources are grouped apart."""
    kind, _, rest = source.partition(":")
    if kind == "rulebook":
        book, _, section = rest.partition("#")
        return book, section
    return "", {"public": "Public sources (not in the rulebook)", "project": "The project's rulings",
                "stand-in": "Stand-in values"}.get(kind, kind)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def report(game_id: str, root: Path = ROOT) -> str:
    game = registry.get(game_id)
    catalog = game.rule_catalog.rules
    tests = _tests(root, set(catalog))
    code_folder, lesson = _folders(root, game)
    code = _code(root, code_folder, set(catalog))
    steps, not_taught, has_lesson = _lesson(lesson)
    sections: dict[tuple[str, str], list[str]] = {}
    for rule_id, rule in catalog.items():             # catalog order: the order of the rulebook
        sections.setdefault(_section(rule.source), []).append(rule_id)

    # Catalog order, which follows the rulebook; sections outside the rulebook come last.
    sections = dict(sorted(sections.items(), key=lambda item: not item[0][0]))
    tested = sum(bool(tests[r]) for r in catalog)
    taught = sum(bool(steps.get(r)) for r in catalog)
    title = game.title.render("en"), game.title.render("zh-Hant")
    lines = [
        f"# Rule coverage: {title[0]} · {title[1]}",
        "",
        "Generated by `python -m engines coverage " + game_id + "`; do not edit by hand (a test checks it is current).",
        "",
        "Each rule of the game has an id and cites the rulebook section it comes from. This page lists, section by",
        "section, every rule, where the code writes its id (its events, actions and refusals; a rule whose id the",
        "code never writes is one the data files carry, or one the others' code enforces), the automated tests",
        f"that check it and the lesson steps that teach it (`{lesson.relative_to(root)}`, \"Step k\").",
        "",
        f"- **{len(catalog)} rules**; **{tested}** checked by at least one test; **{taught}** taught by a lesson step"
        + (f"; **{len(not_taught)}** not taught, each with its reason below." if has_lesson else "; no lesson yet."),
        "",
    ]
    for (book, section), rule_ids in sections.items():
        heading = f"Rulebook § {section}" if book else section
        lines += [f"## {heading}", "", "| rule | what it says | code | tests | lesson steps |", "|---|---|---|---|---|"]
        for rule_id in rule_ids:
            rule = catalog[rule_id]
            names = tests[rule_id]
            test_cell = f"{len(names)}: " + ", ".join(f"`{n.split('::')[1]}`" for n in names[:4]) + (
                f" and {len(names) - 4} more" if len(names) > 4 else "") if names else "**none**"
            if steps.get(rule_id):
                lesson_cell = ", ".join(steps[rule_id])
            elif rule_id in not_taught:
                lesson_cell = "not taught: " + _cell(not_taught[rule_id].get("en", ""))
            else:
                lesson_cell = "**none**"
            places = code[rule_id]
            code_cell = ", ".join(f"`{p}`" for p in places[:2]) + (
                f" and {len(places) - 2} more" if len(places) > 2 else "") if places else "—"
            lines.append(f"| `{rule_id}` | **{_cell(rule.title['en'])}** · {_cell(rule.title['zh-Hant'])} | "
                         f"{code_cell} | {test_cell} | {lesson_cell} |")
        lines.append("")
    if book:
        lines.append(f"Rulebook: `{next(b for b, _ in sections if b)}` (what it is: docs/sources.md).")
    return "\n".join(lines).rstrip() + "\n"


def output_path(game_id: str, root: Path = ROOT) -> Path:
    return root / "docs" / "coverage" / f"{game_id}.md"


def write(game_id: str, root: Path = ROOT) -> Path:
    path = output_path(game_id, root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(report(game_id, root), encoding="utf-8")
    return path
