"""A rule's source as a page shows it: the rulebook and its section in the page's language, or a mark saying
the fact is public, a stand-in or the project's own ruling (docs/sources.md). Never a file or a path."""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path

import engines
from engines.core.texts import load_catalog, load_overrides, localized, render, simplified

load_catalog(Path(__file__).with_name("texts.toml"))
load_overrides(Path(__file__).with_name("zh-Hans.toml"))


def t(key: str, lang: str, **params) -> str:
    """A text of the pages in the page's language (every widget module's words go through this one)."""
    return render(key, params, lang)


_FULL_WIDTH = str.maketrans({"(": "（", ")": "）", ",": "，", ":": "："})


def cite(source: str, lang: str, game: str | None = None) -> str:
    """A rule's source as the page shows it, in the page's language and never as a file or path:
    'rulebook:000_x.txt#1: 建造階段' -> 'Rulebook § 1: Build phase' in English, '規則書 § 1: 建造階段' in
    zh-Hant; a public fact, a stand-in or a ruling of the project -> a short mark saying which (`cite_tip`
    explains it). docs/sources.md has the details.

    The Chinese pages keep the rulebook's own heading, in the page's characters (a zh-Hans reader gets it in
    Simplified characters, a zh-Hant reader in Traditional ones, whichever the rulebook was printed in);
    the English page shows the project's translation of it (`section_title`). On the page of `game`, a rule
    cited from another rulebook (Endeavor 2009's rules that Age of Sail's rulebook states) names that book."""
    kind, _, rest = source.partition(":")
    if kind == "rulebook":
        book, _, section = rest.partition("#")
        if lang == "zh-Hans":
            section = simplified(section)
        elif lang == "zh-Hant":
            section = traditional(section)      # a rulebook printed in Simplified characters (Endeavor 2009's)
        else:
            section = section_title(book, section)
        if lang != "en":        # a heading the rulebook wrote with half-width marks, in the page's punctuation
            section = section.translate(_FULL_WIDTH).replace("： ", "：")
        section = _as_item(section, lang)
        names = rulebook_names().get(book, {})
        if game is not None and book != own_rulebook(game) and names:
            # the citation says why it names another book (2009 try-outs v9/v10: a learner wondered which game
            # they were learning, and a sentence in the lesson about it distracted another), and that the rule is
            # this game's too (v13: "not in this game's rulebook" read as "not a rule of this game")
            return f"{localized(names, lang)} § {section}{t('ui.source.other-book', lang)}"
        return f"{t('ui.source', lang)} § {section}"
    return t(f"ui.source.{_source_kind(source)}", lang)


# A heading with an item mark after it, as the rulebooks number their paragraphs: "初始設置 B", "遊戲準備 (4)",
# "抽取並放置探索卡 vii" (and their English titles). A learner reads a bare "B" as noise (Amerigo and Entdecker
# try-outs v7/v8): the page says it is an item of that section.
_ITEM = re.compile(r"^(?P<head>.*\S)\s+(?:(?P<mark>[A-Z]|[ivx]+)|[(（](?P<number>\d+)[)）])$")
_ITEM_WORDS = {"en": "{head}, item {mark}", "zh-Hant": "{head}，第{mark}項", "zh-Hans": "{head}，第{mark}项"}


def _as_item(section: str, lang: str) -> str:
    found = _ITEM.match(section)
    if not found:
        return section
    mark = found["mark"] or found["number"]
    if lang != "en" and mark.islower():   # "第vii項" reads as noise to a Chinese reader (Entdecker try-out v9): 第7項
        mark = str(_roman(mark))
    return _ITEM_WORDS[lang].format(head=found["head"], mark=mark)


def _roman(numeral: str) -> int:
    """The value of a small lower-case Roman numeral ("iv" is 4, "vii" 7)."""
    values = [{"i": 1, "v": 5, "x": 10}[c] for c in numeral]
    return sum(-v if v < after else v for v, after in zip(values, values[1:] + [0]))


@functools.cache
def _to_traditional():
    """OpenCC's s2tw: characters only (Taiwan's standard forms), no words rewritten. Where OpenCC cannot be
    installed (in the browser, with Pyodide), the headings `python -m widgets.site` converted with it
    (the `traditional` table of engines/core/zh-Hans.generated.toml: every heading of a sections.toml)."""
    try:
        import opencc
    except ImportError:
        from engines.core.texts import GENERATED
        if not GENERATED.exists():
            raise
        table = tomllib.loads(GENERATED.read_text(encoding="utf-8")).get("traditional", {})
        return lambda text: table.get(text, text)
    return opencc.OpenCC("s2tw").convert


def traditional_headings() -> dict[str, str]:
    """Every rulebook heading a page may cite, in Traditional characters where that differs (the site's table)."""
    convert = _to_traditional()
    return {h: c for book in section_titles().values() for h in book if (c := convert(h)) != h}


def traditional(text: str) -> str:
    """`text` in Traditional characters, word for word: a heading of a rulebook printed in Simplified ones as a
    zh-Hant page writes it (a heading already in Traditional characters stays as it is)."""
    return _to_traditional()(text)


def section_title(book: str, section: str) -> str:
    """The English title of a rulebook's section. A section without one is an error, not a silent
    fallback to Chinese: tests/test_citations.py checks that every cited section has one."""
    try:
        return section_titles()[book][section]
    except KeyError:
        raise KeyError(f"no English title for the section {section!r} of the rulebook {book}: "
                       f"add it to the game's data/sections.toml") from None


@functools.cache
def section_titles() -> dict[str, dict[str, str]]:
    """Rulebook file -> {section heading: English title}, from each game's data/sections.toml (read once;
    Endeavor's two editions have one each, and the 2009 edition also cites the Age of Sail rulebook)."""
    titles: dict[str, dict[str, str]] = {}
    for folder in sorted({game.data_dir for game in engines.GAMES.values() if game.data_dir is not None}):
        path = folder / "sections.toml"
        if path.exists():
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            titles.setdefault(data["rulebook"], {}).update(data["en"])
    return titles


@functools.cache
def rulebook_names() -> dict[str, dict[str, str]]:
    """Rulebook file -> its name in each language ({"en", "zh-Hant"}), where its sections.toml gives one."""
    names = {}
    for game in engines.GAMES.values():
        path = game.data_dir / "sections.toml" if game.data_dir is not None else None
        if path is not None and path.exists():
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            if "name" in data:
                names[data["rulebook"]] = data["name"]
    return names


@functools.cache
def own_rulebook(game: str) -> str | None:
    """The rulebook file a game's own sections.toml names (None for a game without one); read once, since
    every rule box of a page asks it."""
    path = engines.get_game(game).data_dir / "sections.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))["rulebook"] if path.exists() else None


def cite_tip(source: str, lang: str) -> str:
    """What a citation's mark means, for its tooltip."""
    return t(f"ui.source.{_source_kind(source)}-tip", lang)


def _source_kind(source: str) -> str:
    kind = source.partition(":")[0]
    return kind if kind in ("rulebook", "public", "project") else "stand-in"
