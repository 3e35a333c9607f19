"""TERMINOLOGY.md's table "Words we replace", enforced on every Chinese text of the games it names.

Each row of the table gives the word to use, the words it replaces, the games it applies to (or `all`) and the
longer phrases that contain a replaced word and are right. The texts checked are every zh-Hant string of a
game's TOML files (engine texts, rules, data names: `engines/<game>/data/`), its board's texts
(`widgets/<game>/texts.toml`), its lesson (`widgets/lessons/<game>.toml`) and its zh-Hant tutorial notebook;
and the zh-Hans texts generated from all of them (engines.core.texts.simplified, the zh-Hans notebook). Rows
that apply to `all` also check the texts every game shares: the kernel's, the shell's, the gallery's, and the
sentences every tutorial notebook shares (widgets/notebooks.py HOW and START), which are left out of each
game's notebook so that a game's own word cannot refuse them.

The glossary is also checked against the rulebooks (`shared/rules/`, beside the project): every Chinese term of a
game's tables is written in its rulebook, unless its note marks it **own** (the project's word) or **borrowed**
(an Endeavor 2009 term from the Age of Sail rulebook).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

import engines
import widgets.core.shell  # noqa: F401  (registering the widgets loads their zh-Hans phrase overrides)
from games import register_test_only_games, registering_test_only_games  # noqa: F401  (autouse: they join in)
from widgets import renderer_for
from widgets.core.boards import page_folder
from widgets.core.lesson_file import lesson_path
from widgets.notebooks import page_texts_path
from engines.core import zh_hans
from engines.core.texts import simplified

ROOT = Path(__file__).resolve().parent.parent
TERMINOLOGY = ROOT / "TERMINOLOGY.md"
SECTION = "## Words we replace"
SHARED = "shared"                     # the texts every game shows; checked for the rows that apply to `all`

# What each game's Chinese is written in: its data folder, its board's texts and its lesson; found from the
# registered games (the test-only ones too, registered for this), not listed by hand. Endeavor's two editions
# share engines/endeavor and its board: the top data folder and the board's texts are Age of Sail's (its data
# folder is engines/<folder>/data), data/2009/ is the 2009 edition's.
def _game_files(game_id, game):
    board = renderer_for(game_id).directory / "texts.toml"
    board = [str(board.relative_to(ROOT))] if game.data_dir.parent.name == game.folder else []
    return [f"{game.data_dir.relative_to(ROOT)}/*.toml", *board, str(lesson_path(game_id).relative_to(ROOT))]


with registering_test_only_games():
    GAME_FILES = {
        **{game_id: _game_files(game_id, game) for game_id, game in sorted(engines.GAMES.items())},
        SHARED: ["engines/core/texts.toml", "widgets/core/texts.toml", "widgets/gallery.toml"],
    }
    TEACHER = {game_id: page_folder(game_id, "teacher") for game_id in engines.GAMES}
    PAGE_TEXTS = {game_id: page_texts_path(game_id) for game_id in engines.GAMES}
LANGS = ("zh-Hant", "zh-Hans")


# -- the table ---------------------------------------------------------------------------------------------
def table_rows(markdown: str) -> list[dict]:
    """The rows of the table in TERMINOLOGY.md's section "Words we replace": use, replaces, games, exceptions."""
    _, found, rest = markdown.partition(SECTION)
    assert found, f"TERMINOLOGY.md has no section '{SECTION}'"
    rest = rest.split("\n## ", 1)[0]
    lines = [line for line in rest.splitlines() if line.startswith("|")]
    assert len(lines) > 2, "the section has no table"
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    assert header == ["use", "replaces", "applies to", "except in", "why"], header
    rows = []
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert len(cells) == len(header), f"TERMINOLOGY.md: a row needs {len(header)} cells: {line}"
        use, replaces, games, exceptions = (re.findall(r"`([^`]+)`", cell) for cell in cells[:4])
        assert use and replaces and games, f"TERMINOLOGY.md: a row needs a word, the words it replaces and games: {line}"
        rows.append({"use": use, "replaces": replaces, "games": games, "except": exceptions})
    return rows


ROWS = table_rows(TERMINOLOGY.read_text(encoding="utf-8"))


def rows_for(game: str) -> list[dict]:
    return [row for row in ROWS if "all" in row["games"] or game in row["games"]]


# -- the texts ---------------------------------------------------------------------------------------------
from widgets import notebooks as MAKE  # noqa: E402  (the notebooks' writer: the sentences every lesson page shares)


_strings = zh_hans.zh_hant_strings        # every zh-Hant string of a parsed TOML file, with its key


def shared_sentences(lang: str) -> list[str]:
    """The sentences every tutorial notebook shares, in `lang`."""
    return [MAKE.written(table, lang) for table in (MAKE.HOW, MAKE.START)]


def texts(game: str, lang: str) -> list[tuple[str, str, str]]:
    """(file, key, text) for every Chinese text of `game` in `lang` (zh-Hans: generated from zh-Hant)."""
    found = []
    for pattern in GAME_FILES[game]:
        for path in sorted(ROOT.glob(pattern)):
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            for key, text in _strings(data, ""):
                found.append((str(path.relative_to(ROOT)), key, text if lang == "zh-Hant" else simplified(text)))
    if game == SHARED:
        found += [("widgets/notebooks.py", name, text)
                  for name, text in zip(("HOW", "START"), shared_sentences(lang))]
    else:
        # The teacher's pages (widgets/teacher) are written in Traditional Chinese and converted like the rest.
        for page in sorted(TEACHER[game].glob(f"{game}.*.zh-Hant.md")):
            text = page.read_text(encoding="utf-8")
            found.append((str(page.relative_to(ROOT)), "page", text if lang == "zh-Hant" else simplified(text)))
        notebook = ROOT / "tutorials" / f"{game}.{lang}.ipynb"
        if not notebook.is_file():
            # A test-only game's notebooks are written only in a test build: the texts they are made of.
            page = PAGE_TEXTS[game]
            data = tomllib.loads(page.read_text(encoding="utf-8"))
            found += [(str(page.relative_to(ROOT)), key, text if lang == "zh-Hant" else simplified(text))
                      for key, text in _strings(data, "")]
            return found
        for i, cell in enumerate(json.loads(notebook.read_text(encoding="utf-8"))["cells"]):
            text = "".join(cell["source"])
            for sentence in shared_sentences(lang):
                text = text.replace(sentence, "")
            found.append((str(notebook.relative_to(ROOT)), f"cell {i + 1}", text))
    return found


def replaced_words(text: str, rows: list[dict], lang: str) -> list[str]:
    """The replaced words of `rows` that `text` uses (outside the rows' exceptions), each as "word (use …)"."""
    convert = simplified if lang == "zh-Hans" else (lambda s: s)
    hits = []
    for row in rows:
        exceptions = [convert(e) for e in row["except"]]
        use = set(map(convert, row["use"]))
        # zh-Hans: a replaced word the conversion itself turns into the word to use (平手 -> 平局) is no hit
        for word in (w for w in map(convert, row["replaces"]) if w not in use):
            for at in (m.start() for m in re.finditer(re.escape(word), text)):
                if not any(_covers(text, at, word, e) for e in exceptions):
                    hits.append(f"{word} (use {' / '.join(map(convert, row['use']))})")
                    break
    return hits


def _covers(text: str, at: int, word: str, phrase: str) -> bool:
    """Whether `phrase`, somewhere in `text`, covers the `word` found at `at`."""
    return any(text.startswith(phrase, start) for start in range(max(0, at - len(phrase) + len(word)), at + 1))


# -- the tests ---------------------------------------------------------------------------------------------
def test_the_table_is_read():
    """Every row names games that exist, and the words the notes and issue 26 settled are in it."""
    games = {g for row in ROWS for g in row["games"]}
    assert games <= set(GAME_FILES) - {SHARED} | {"all"}, games - set(GAME_FILES)
    replaced = {word: row for row in ROWS for word in row["replaces"]}
    assert replaced["起始圓圈"]["use"] == ["邊緣圓圈"] and replaced["起始圓圈"]["games"] == ["entdecker"]
    assert replaced["收納盤"]["use"] == ["建築儲備區"] and replaced["海岸線的卡槽"]["games"] == ["endeavor-aos"]
    assert replaced["卡牌堆"]["except"] == ["財產卡牌堆"]


def test_every_game_is_checked():
    assert set(GAME_FILES) - {SHARED} == set(engines.GAMES)


def test_the_check_finds_words_and_spares_exceptions():
    rows = rows_for("entdecker")
    assert replaced_words("把船舶放在起始圓圈上。", rows, "zh-Hant") == ["起始圓圈 (use 邊緣圓圈)"]
    assert replaced_words("又是一張海岸。", rows, "zh-Hant") == ["張海岸 (use 海岸卡)"]
    assert replaced_words("又是一張海岸卡。", rows, "zh-Hant") == []
    assert replaced_words("四個財產卡牌堆", rows, "zh-Hant") == []
    assert replaced_words("通往卡牌堆的航運軌", rows, "zh-Hant") == ["卡牌堆 (use 牌堆)"]
    assert replaced_words("船只能沿著水路航行", rows, "zh-Hans") == ["水路 (use 航线)"]
    assert replaced_words("你的船首先需要船長", rows_for("shipyard"), "zh-Hant") == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAME_FILES))
def test_no_replaced_word(game, lang):
    """TERMINOLOGY.md "Words we replace": no Chinese text of a game uses a word the table replaces for it."""
    rows = rows_for(game) if game != SHARED else [row for row in ROWS if "all" in row["games"]]
    found = texts(game, lang)
    if game == SHARED:
        assert len(found) > 20, f"{game}: too few texts found: {len(found)}"
    else:
        # The check needs every file a game's Chinese is written in, whatever the game's size: texts found in
        # each (its data, its board's texts, its lesson), in the teacher's two pages and in its notebook (or the
        # texts it is made of).
        files = {file for file, _, _ in found}
        missing = [pattern for pattern in GAME_FILES[game] if not any(Path(file).match(pattern) for file in files)]
        assert not missing, f"{game}: no text found in {missing}"
        assert len([f for f in files if f.endswith(".zh-Hant.md")]) == 2, f"{game}: the teacher's two pages"
        assert any(f.endswith(".ipynb") or f.endswith(f"pages/{game}.toml") for f in files), f"{game}: its notebook"
    hits = [f"{file} [{key}]: {', '.join(words)}" for file, key, text in found
            if (words := replaced_words(text, rows, lang))]
    assert not hits, f"{game} ({lang}) uses words TERMINOLOGY.md replaces:\n" + "\n".join(hits)


# -- the glossary against the rulebooks ------------------------------------------------------------------
RULEBOOKS = ROOT.parent / "shared" / "rules"          # beside the project on the team's machines, not in a clone
AGE_OF_SAIL = "000_98ba3dcda373bef6.txt"
OWN, BORROWED = "**own**", "**borrowed**"


def game_tables(markdown: str) -> list[dict]:
    """The rows of each game's tables (a section of TERMINOLOGY.md naming its rulebook, `shared/rules/<file>`):
    {"section", "rulebook", "cells": {column: text}, "mark": "own" / "borrowed" / ""}."""
    rows = []
    for section in re.split(r"(?m)^## ", markdown)[1:]:
        title = section.splitlines()[0]
        book = re.search(r"shared/rules/(\S+?\.txt)", section)
        if book is None or title.startswith("Words we replace"):
            continue
        header = None
        for line in section.splitlines():
            if not line.startswith("|"):
                header = None
                continue
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if header is None:
                header = cells
            elif not set(line) <= set("|- "):
                last = cells[-1]
                mark = "own" if last.startswith(OWN) else "borrowed" if last.startswith(BORROWED) else ""
                rows.append({"section": title, "rulebook": book[1], "cells": dict(zip(header, cells)), "mark": mark})
    return rows


GAME_ROWS = game_tables(TERMINOLOGY.read_text(encoding="utf-8"))


def _rulebook_text(name: str) -> str:
    """A rulebook as the check reads it: Simplified characters (the 2009 rulebook is written in them), without
    Latin letters and spaces (总督Governor牌 is 总督牌)."""
    import opencc
    text = opencc.OpenCC("tw2s").convert((RULEBOOKS / name).read_text(encoding="utf-8"))
    return re.sub(r"[A-Za-z\s]+", "", text)


def test_the_game_tables_are_read():
    sections = {row["section"].split(" · ")[0] for row in GAME_ROWS}
    assert sections == {"Endeavor: Age of Sail", "Endeavor (2009)", "Entdecker", "Amerigo", "Shipyard"}, sections
    assert len(GAME_ROWS) > 250


def test_the_projects_own_words_are_marked():
    """Issue 31: the project's own words are marked as such (the rulebooks do not name these things)."""
    own = {(row["section"].split(" · ")[0], row["cells"]["繁體中文"]) for row in GAME_ROWS if row["mark"] == "own"}
    buildings = ["造船廠", "工坊", "銀行", "行會大廳", "要塞", "貿易所", "大學", "兵營", "交易所", "議會", "博物館",
                 "大教堂", "宮殿", "製圖師"]
    expected = {("Endeavor: Age of Sail", b) for b in buildings + ["禁止支付標誌"]} | \
        {("Endeavor (2009)", w) for w in ("奴隸制牌", "特權牌上限", "總督牌位置")} | \
        {("Shipyard", w) for w in ("圓環、格、標記", "船塢、船塢第N格", "船隊")}
    assert expected <= own, expected - own


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebook texts are not beside the project")
def test_every_game_term_is_its_rulebooks_word():
    """Each Chinese term of a game's tables (every run of two or more Chinese characters of its 繁體中文 column)
    is written in the game's rulebook, unless the row is marked **own**; a **borrowed** 2009 term is in the Age of
    Sail rulebook, and so is every word of the 2009 table's "Age of Sail says" column."""
    books = {name: _rulebook_text(name) for name in {row["rulebook"] for row in GAME_ROWS} | {AGE_OF_SAIL}}
    import opencc
    to_simplified = opencc.OpenCC("tw2s").convert
    missing = []
    for row in GAME_ROWS:
        checks = [] if row["mark"] == "own" else \
            [(row["cells"]["繁體中文"], AGE_OF_SAIL if row["mark"] == "borrowed" else row["rulebook"])]
        if row["cells"].get("Age of Sail says"):
            checks.append((row["cells"]["Age of Sail says"], AGE_OF_SAIL))
        for cell, book in checks:
            for term in re.findall(r"[\u3400-\u9fff]{2,}", cell):
                if to_simplified(term) not in books[book]:
                    missing.append(f"{row['section'].split(' · ')[0]}: {row['cells']['English']}: {term} (not in {book})")
    assert not missing, ("terms of TERMINOLOGY.md that their rulebook does not write: use the rulebook's word, or "
                         "mark the row **own** and say why:\n" + "\n".join(missing))
