"""Every source a rule or a component value cites can be looked up inside the project: `docs/sources.md`
describes each public fact, and lists the rulebook sections the project cites (issue 23, "Sources inside
the project"). Run this file as a script to rewrite those section lists from the data files:

    .venv/bin/python tests/test_sources.py
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "docs" / "sources.md"
RULEBOOKS = ROOT.parent / "shared" / "rules"        # beside the project on the team's machines, not in a clone
SECTIONS = re.compile(r"<!-- begin sections (\S+) -->\n(.*?)<!-- end sections -->", re.S)
PUBLIC_ID = re.compile(r"(?:^public:|; )([a-z0-9]+(?:-[a-z0-9]+)+)")
STEP = re.compile(r" (?:[A-H]|[ivx]+|\(\d+\))$")       # "初始設置 E", "抽取並放置探索卡 iii", "遊戲準備 (2)"


def cited_sources() -> list[tuple[str, str]]:
    """(data file, source) for every rulebook or public source string in the engines' TOML files."""
    found = []

    def walk(value, where):
        if isinstance(value, dict):
            for item in value.values():
                walk(item, where)
        elif isinstance(value, list):
            for item in value:
                walk(item, where)
        elif isinstance(value, str) and value.startswith(("rulebook:", "public:")):
            found.append((where, value))

    for path in sorted((ROOT / "engines").rglob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)))
    return found


def cited_sections() -> dict[str, set[str]]:
    """Rulebook file -> the section headings cited."""
    out: dict[str, set[str]] = {}
    for _, source in cited_sources():
        if source.startswith("rulebook:"):
            book, _, section = source[len("rulebook:"):].partition("#")
            out.setdefault(book, set()).add(section)
    return out


def listed_sections(text: str) -> dict[str, list[str]]:
    return {book: [line[2:] for line in body.splitlines() if line.startswith("- ")]
            for book, body in SECTIONS.findall(text)}


def public_ids(text: str) -> set[str]:
    return set(re.findall(r"^#### ([a-z0-9-]+)$", text, re.M))


def test_every_public_source_is_described_in_the_project():
    described = public_ids(SOURCES.read_text(encoding="utf-8"))
    assert described, "docs/sources.md describes no public fact"
    for where, source in cited_sources():
        if source.startswith("public:"):
            ids = PUBLIC_ID.findall(source)
            assert ids, f"{where}: {source!r} names no entry of docs/sources.md (public:<id> (note))"
            for id_ in ids:
                assert id_ in described, f"{where}: {source!r}: docs/sources.md has no entry '{id_}'"


def test_every_cited_rulebook_section_is_listed_in_the_project():
    listed = listed_sections(SOURCES.read_text(encoding="utf-8"))
    for book, sections in cited_sections().items():
        assert book in listed, f"docs/sources.md does not describe the rulebook {book}"
        missing = sorted(sections - set(listed[book]))
        assert not missing, f"{book}: cited but not listed in docs/sources.md: {missing} (run tests/test_sources.py)"
        stale = sorted(set(listed[book]) - sections)
        assert not stale, f"{book}: listed in docs/sources.md but cited nowhere: {stale} (run tests/test_sources.py)"


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebook texts are not beside the project")
def test_every_listed_section_is_a_heading_of_its_rulebook():
    for book, sections in listed_sections(SOURCES.read_text(encoding="utf-8")).items():
        text = (RULEBOOKS / book).read_text(encoding="utf-8")
        for section in sections:
            assert STEP.sub("", section) in text, f"{book}: {section!r} is not a heading of the rulebook"


def test_nothing_outside_the_project_is_cited_as_a_path():
    """The project stands alone: no rule, data file, README or user-facing text points into ../shared."""
    paths = [*(ROOT / "engines").rglob("*.toml"), *(ROOT / "engines").rglob("*.md"),
             *(ROOT / "widgets").rglob("*.toml"),        # the lessons (widgets/lessons) too
             *(ROOT / "docs").rglob("*.md"), ROOT / "README.md"]
    for path in paths:
        if path == SOURCES:          # it says where the team keeps the rulebook texts
            continue
        text = path.read_text(encoding="utf-8")
        assert "shared/research" not in text and "shared/rules" not in text, \
            f"{path.relative_to(ROOT)} cites a file outside the project"


def write_sections() -> None:
    """Rewrite the section lists of docs/sources.md from what the data files cite."""
    text = SOURCES.read_text(encoding="utf-8")
    cited = cited_sections()

    def fill(match):
        book = match.group(1)
        lines = "".join(f"- {section}\n" for section in sorted(cited.get(book, ())))
        return f"<!-- begin sections {book} -->\n{lines}<!-- end sections -->"

    SOURCES.write_text(SECTIONS.sub(fill, text), encoding="utf-8")


if __name__ == "__main__":
    write_sections()
    sys.exit(0)


PATH_LIKE = re.compile(r"\b(?:engines|widgets|docs|tests|tutorials|notebooks|shared)/|README|\.(?:md|py|toml|txt|ipynb)\b")


def page_texts():
    """(file, key, text) for every text a page can show: the engines' and widgets' texts, the rules'
    titles and texts, and the lessons (every string of a lesson file is shown, or is an action id)."""
    def walk(value, where, key=""):
        if isinstance(value, dict):
            for k, v in value.items():
                yield from walk(v, where, f"{key}.{k}" if key else k)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from walk(v, where, f"{key}[{i}]")
        elif isinstance(value, str):
            yield where, key, value

    files = [*ROOT.glob("engines/**/texts.toml"), *ROOT.glob("widgets/**/texts.toml"),
             *ROOT.glob("engines/**/rules.toml"), *(ROOT / "widgets" / "lessons").glob("*.toml")]
    for path in sorted(files):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if path.name == "rules.toml":          # a rule's source is cited, not shown as written (widgets cite())
            data = {rule: {k: v for k, v in entry.items() if k in ("title", "text")}
                    for rule, entry in data.items() if isinstance(entry, dict)}
        yield from walk(data, str(path.relative_to(ROOT)))


def test_no_page_text_names_a_file_of_the_repository():
    """A learner's page never shows a repository path (a file name means nothing on a published page)."""
    found = [f"{where}: {key}: {text[:120]!r}" for where, key, text in page_texts()
             if PATH_LIKE.search(text) and not key.endswith(("expect", "source", "note"))]
    assert not found, "\n".join(found)
