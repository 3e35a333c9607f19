"""The tutorials stay in step across languages, cite the rules they teach, and all notebooks are stored clean.

DESIGN.md section 6: one tutorial per game per language, `tutorials/<game>.en.ipynb` and
`tutorials/<game>.zh-Hant.ipynb`, with the same cells in the same order. Code cells must be the same
program in both languages: they may differ only in the language string ("en" / "zh-Hant") and in
their comments. Section 7: notebooks are committed without outputs. (Running them is nbval's job:
`pytest --nbval-lax tutorials/`.)
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from pathlib import Path

import atexit
import shutil
import tempfile

import pytest

import engines
from games import TEST_ONLY, registering_test_only_games
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
NOTEBOOK_DIRS = (ROOT / "notebooks", ROOT / "tutorials")
SOURCE_LANG = "en"
TWIN_LANGS = ("zh-Hant", "zh-Hans")
LANG_STRINGS = {"en", *TWIN_LANGS}


def _test_build() -> Path:
    """The test-only games' notebooks (tic-tac-toe's lesson in each language and its play page), written as a
    test build writes them (`python -m widgets notebooks DIR` with the games registered), in a folder of their
    own: the checks of the committed notebooks run over them too (they are never committed)."""
    from widgets import notebooks
    folder = Path(tempfile.mkdtemp(prefix="bgw-test-build-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    with registering_test_only_games():
        notebooks.write(folder, games=sorted(TEST_ONLY))
    return folder


BUILT = _test_build()
BUILT_TUTORIALS = sorted((BUILT / "tutorials").glob("*.ipynb"))
BUILT_PAGES = [BUILT / "notebooks" / f"{game}.ipynb" for game in sorted(TEST_ONLY)]
ENGLISH = sorted(TUTORIALS.glob(f"*.{SOURCE_LANG}.ipynb")) + [p for p in BUILT_TUTORIALS if p.name.endswith(".en.ipynb")]
ALL_TUTORIALS = sorted(TUTORIALS.glob("*.ipynb")) + BUILT_TUTORIALS
ALL_NOTEBOOKS = sorted(p for d in NOTEBOOK_DIRS for p in d.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts) \
    + BUILT_TUTORIALS + BUILT_PAGES


def rel(path: Path) -> str:
    if path.is_relative_to(BUILT):
        return f"test-build/{path.relative_to(BUILT)}"
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def load(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        pytest.fail(f"{rel(path)}: not a readable notebook: {exc}")


def source(cell: dict) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def split_name(path: Path) -> tuple[str, str]:
    """'endeavor-aos.zh-Hant.ipynb' -> ('endeavor-aos', 'zh-Hant')."""
    game, _, lang = path.name[:-len(".ipynb")].rpartition(".")
    return game, lang


def twin(path: Path, lang: str) -> Path:
    return path.with_name(f"{split_name(path)[0]}.{lang}.ipynb")


def normalise_code(code: str) -> list:
    """A code cell as tokens: comments and blank lines dropped, every language string read as "en"."""
    try:
        tokens = []
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.ENDMARKER):
                continue
            if tok.type == tokenize.NEWLINE:
                tokens.append(("NEWLINE",))
                continue
            if tok.type == tokenize.STRING:
                try:
                    value = ast.literal_eval(tok.string)
                except (ValueError, SyntaxError):       # f-strings and the like: compare as written
                    value = None
                if value in LANG_STRINGS:
                    tokens.append(("STRING", SOURCE_LANG))
                    continue
            tokens.append((tokenize.tok_name[tok.type], tok.string))
        return tokens
    except (tokenize.TokenError, IndentationError, SyntaxError):
        # Not plain Python (an IPython magic, say): compare lines without comments and blank lines.
        pattern = re.compile(r"""(["'])(%s)\1""" % "|".join(map(re.escape, sorted(LANG_STRINGS))))
        lines = []
        for line in code.splitlines():
            line = re.sub(r"\s+#.*$|^\s*#.*$", "", line).rstrip()
            if line:
                lines.append(pattern.sub(f'"{SOURCE_LANG}"', line))
        return lines


def test_there_are_tutorials():
    assert ENGLISH, "tutorials/ holds no *.en.ipynb"


@pytest.mark.parametrize("path", ALL_TUTORIALS, ids=rel)
def test_tutorial_names_a_known_language(path):
    game, lang = split_name(path)
    assert lang in LANG_STRINGS, f"{path.name}: language {lang!r} is not one of {sorted(LANG_STRINGS)}"
    assert twin(path, SOURCE_LANG).exists(), f"{path.name}: no English original {twin(path, SOURCE_LANG).name}"


@pytest.mark.parametrize("lang", TWIN_LANGS)
@pytest.mark.parametrize("english", ENGLISH, ids=rel)
def test_twin_has_the_same_cells(english, lang):
    other = twin(english, lang)
    assert other.exists(), f"{english.name} has no {lang} twin: expected {rel(other)}"
    cells_en, cells_other = load(english)["cells"], load(other)["cells"]
    assert len(cells_en) == len(cells_other), (
        f"{english.name} has {len(cells_en)} cells, {other.name} has {len(cells_other)}")
    for number, (a, b) in enumerate(zip(cells_en, cells_other), 1):
        assert a["cell_type"] == b["cell_type"], (
            f"cell {number}: {a['cell_type']} in {english.name}, {b['cell_type']} in {other.name}")
        if a["cell_type"] == "code":
            assert normalise_code(source(a)) == normalise_code(source(b)), (
                f"cell {number}: the code differs between {english.name} and {other.name} "
                f"(only comments and the language string may differ)\n--- {SOURCE_LANG}\n{source(a)}\n--- {lang}\n{source(b)}")
        elif a["cell_type"] == "markdown":
            assert source(b).strip(), f"cell {number} of {other.name} is empty"


@pytest.mark.parametrize("path", ALL_TUTORIALS, ids=rel)
def test_code_runs_in_its_own_language(path):
    """The English notebook never asks for a translation, and each twin asks for its own language."""
    _, lang = split_name(path)
    code = "\n".join(source(c) for c in load(path)["cells"] if c["cell_type"] == "code")
    asked = {lang_ for lang_ in LANG_STRINGS if re.search(r"""(["'])%s\1""" % re.escape(lang_), code)}
    if lang == SOURCE_LANG:
        assert not asked - {SOURCE_LANG}, f"{path.name}: its code selects {sorted(asked - {SOURCE_LANG})}"
    else:
        assert lang in asked, f"{path.name}: its code never selects language {lang!r}"
        assert not asked - {lang}, f"{path.name}: its code also selects {sorted(asked - {lang})}"


@pytest.mark.parametrize("path", [p for p in ALL_TUTORIALS if split_name(p)[1] != SOURCE_LANG], ids=rel)
def test_translated_text_is_translated(path):
    """Every markdown cell of a Chinese tutorial has Chinese in it (no English paragraph left behind)."""
    for number, cell in enumerate(load(path)["cells"], 1):
        if cell["cell_type"] == "markdown":
            assert re.search(r"[\u4e00-\u9fff]", source(cell)), f"{path.name}, cell {number}: no Chinese text"


CITATION = re.compile(r"`(?P<id>[^`\s]+)`\s*[（(]\s*(?:rulebook|規則書|规则书)\s*§\s*(?P<section>[^)）]+?)\s*[)）]")


@pytest.mark.parametrize("path", ALL_TUTORIALS, ids=rel)
def test_rules_are_cited_exactly(path):
    """Every rule id a tutorial names exists, is cited with its rulebook section, and the section is right."""
    game, lang = split_name(path)
    if game not in engines.GAMES:
        pytest.skip(f"{game} has no engine yet")
    catalog = engines.rules(game, lang)
    prefixes = {rule_id.split(".", 1)[0] for rule_id in catalog}
    named = re.compile(r"(?<![\w./-])(?:%s)\.[a-z0-9][a-z0-9.\-]*[a-z0-9]" % "|".join(map(re.escape, sorted(prefixes))))
    mentioned, cited = set(), set()
    for number, cell in enumerate(load(path)["cells"], 1):
        text = source(cell)
        for rule_id in named.findall(text):
            assert rule_id in catalog, f"{path.name}, cell {number}: unknown rule id {rule_id!r}"
            if cell["cell_type"] == "markdown":
                mentioned.add(rule_id)
        if cell["cell_type"] != "markdown":
            continue
        for match in CITATION.finditer(text):
            rule_id, section = match["id"], match["section"]
            assert rule_id in catalog, f"{path.name}, cell {number}: cites unknown rule id {rule_id!r}"
            source_ = catalog[rule_id]["source"]
            assert source_.startswith("rulebook:"), f"{path.name}: {rule_id} is not from a rulebook ({source_})"
            expected = source_.partition("#")[2]
            assert section == expected, (
                f"{path.name}, cell {number}: {rule_id} cited as § {section!r}, the catalog says § {expected!r}")
            cited.add(rule_id)
    uncited = sorted(mentioned - cited)
    assert not uncited, f"{path.name}: rules named but never cited with their rulebook section: {uncited}"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=rel)
def test_notebook_is_stored_without_outputs(path):
    for number, cell in enumerate(load(path)["cells"], 1):
        if cell["cell_type"] != "code":
            continue
        assert cell.get("outputs") == [], f"{rel(path)}, cell {number}: stored outputs"
        assert cell.get("execution_count") is None, (
            f"{rel(path)}, cell {number}: execution_count {cell.get('execution_count')!r}, expected None")


@pytest.mark.parametrize("path", [p for p in ALL_TUTORIALS if p.name.endswith(".zh-Hans.ipynb")], ids=rel)
def test_simplified_tutorials_are_made_from_the_traditional_ones_and_current(path):
    """A zh-Hans lesson page is Simplified throughout: its notebook is what tutorials/make_notebooks.py makes
    from the Traditional texts today (run it after changing them), with no Traditional character left."""
    import opencc
    to_simplified = opencc.OpenCC("t2s").convert          # character by character, no phrases
    make = _maker()
    game, _ = split_name(path)
    assert load(path) == make.stamped(make.notebook(game, "zh-Hans")), f"{path.name} is stale: run tutorials/make_notebooks.py"
    for number, cell in enumerate(load(path)["cells"], 1):
        if cell["cell_type"] == "markdown":
            traditional = sorted({c for c in source(cell) if "\u4e00" <= c <= "\u9fff" and to_simplified(c) != c})
            assert not traditional, f"{path.name}, cell {number}: Traditional characters {traditional}"


def _maker():
    from widgets import notebooks      # the writer behind tutorials/make_notebooks.py and `python -m widgets notebooks`
    return notebooks


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=rel)
def test_every_page_is_titled_in_every_language(path):
    """Issue 31: a browser's tab names the game and the page in the page's language (not "index" or
    "shipyard.zh-Hans"): each notebook's metadata holds its title in every language, as
    widgets/core/shell.py `page_title` words it today (run tutorials/make_notebooks.py after a change)."""
    from widgets.core.shell import page_title
    meta = load(path)["metadata"]
    if path.parent.name == "tutorials":
        game, lang = split_name(path)
        kind = "lesson"
    else:
        game, lang = path.stem, "en"
        kind = "gallery" if game == "index" else "play"
    expected = {lg: page_title(kind, lg, None if kind == "gallery" else game) for lg in engines.LANGS}
    assert {k: v for k, v in meta.get("bgw", {}).items() if k != "written"} == {"lang": lang, "titles": expected}, \
        f"{rel(path)}: titles missing or stale"
    assert meta.get("title") == expected[lang]


@pytest.mark.parametrize("path", ALL_TUTORIALS, ids=rel)
def test_the_section_for_the_curious_is_left_out_of_published_pages(path):
    """Issue 31: the code for the curious is for JupyterLab readers; a published (Voila) page hides code
    and would show its raw output alone, so its cells are tagged for the project's template to leave out."""
    make = _maker()
    cells = load(path)["cells"]
    tagged = [n for n, c in enumerate(cells) if make.LAB_ONLY in c.get("metadata", {}).get("tags", [])]
    code = [n for n, c in enumerate(cells) if c["cell_type"] == "code"]
    assert tagged and tagged[-1] == len(cells) - 1 and cells[tagged[0]]["cell_type"] == "markdown"
    assert [n for n in code if n not in tagged] == [code[0]], "only the lesson's own cell is published"
    template = (ROOT / "widgets" / "jupyter" / "voila" / "templates" / "bgw" / "index.html.j2").read_text()
    assert f"'{make.LAB_ONLY}' not in" in template


@pytest.mark.parametrize("path", ALL_TUTORIALS, ids=rel)
def test_tutorials_are_what_the_generator_makes(path):
    make = _maker()
    game, lang = split_name(path)
    assert load(path) == make.stamped(make.notebook(game, lang)), f"{path.name} is stale: run tutorials/make_notebooks.py"


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")) + BUILT_PAGES, ids=rel)
def test_play_pages_and_the_gallery_are_what_the_generator_makes(path):
    make = _maker()
    expected = make.gallery_page() if path.stem == "index" else make.play_page(path.stem)
    assert load(path) == make.stamped(expected), f"{rel(path)} is stale: run tutorials/make_notebooks.py"


@pytest.mark.parametrize("game", sorted(engines.GAMES) + sorted(TEST_ONLY))
def test_the_play_page_opens_with_a_seat_count_the_game_allows(game):
    """gallery.toml's play_players (a teaching choice) is a count the engine accepts, and the page opens with it."""
    rules = engines.GAMES[game]
    players = _maker().play_players(game)
    assert isinstance(players, int) and rules.min_players <= players <= rules.max_players, (game, players)
    source = "".join("".join(c["source"]) for c in _maker().play_page(game)["cells"])
    assert f'"players": {players},' in source
