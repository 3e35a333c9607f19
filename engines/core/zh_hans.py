"""The phrase-level rewrites of the zh-Hans conversion, and the list of the ones the project approved.

zh-Hans is generated from zh-Hant (engines/core/texts.py `simplified`): OpenCC's Taiwan-to-mainland
conversion, which changes words as well as characters (程式 → 程序, 滑鼠 → 鼠标), with the project's terms
protected and its overrides applied. A *rewrite* is a phrase whose zh-Hans differs from the characters-only
conversion (OpenCC's tw2s): 資料來源 → 数据源 where the characters give 资料来源. Some are what a mainland
reader expects, some break a term or change the meaning; so each one is checked once and then listed in
engines/core/zh-Hans-approved.toml, and tests/test_simplified.py refuses a rewrite that is not listed there
(nor made by a `[phrases]` override of a zh-Hans.toml file, which approves it by saying so).

    python -m engines.core.zh_hans --new    the rewrites not yet approved, with the line that approves each
    python -m engines.core.zh_hans --all    every rewrite the project's texts make, approved or not
    python -m engines.core.zh_hans --stale  approved rewrites no text makes any more

A rewrite found wrong is refused instead: add its zh-Hant phrase to `keep` in the zh-Hans.toml of the game
whose text makes it (engines/<game>/data/zh-Hans.toml; widgets/core/zh-Hans.toml for the texts every game
shares), so that it is converted character by character, or give the mainland word under `[phrases]`.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from . import texts
from .texts import replaced

ROOT = Path(__file__).resolve().parents[2]
APPROVED = Path(__file__).with_name("zh-Hans-approved.toml")
SHARED_OVERRIDES = "widgets/core/zh-Hans.toml"

_chars_only = None


def characters_only(text: str) -> str:
    """OpenCC's tw2s: Taiwan's characters and variants made Simplified, no word changed."""
    global _chars_only
    if _chars_only is None:
        import opencc
        _chars_only = opencc.OpenCC("tw2s").convert
    return _chars_only(text)


def listed() -> dict[str, str]:
    """The rewrites the project has said yes to, as characters-only phrase -> zh-Hans: the approved ones and the
    `[phrases]` overrides."""
    return {**{characters_only(phrase): zh for phrase, zh in approved().items()}, **texts._PHRASES}


@dataclass(frozen=True)
class Rewrite:
    phrase: str         # zh-Hant, the shortest phrase whose conversion is rewritten
    chars: str          # its characters-only conversion
    zh_hans: str        # what the conversion gives

    @property
    def overridden(self) -> bool:
        """Made by the `[phrases]` overrides (approved where the override is written)."""
        return replaced(self.chars, texts._PHRASES) == self.zh_hans

    def approved(self, yes: dict[str, str]) -> bool:
        """Made by rewrites said yes to (`listed()`), one or several (專案自訂: 專案 approved, 自訂 overridden)."""
        return replaced(self.chars, yes) == self.zh_hans

    def line(self) -> str:
        return f"{json.dumps(self.phrase, ensure_ascii=False)} = {json.dumps(self.zh_hans, ensure_ascii=False)}"


def rewrites(text: str) -> list[Rewrite]:
    """The phrase-level rewrites the conversion makes in a zh-Hant text, each as the shortest phrase of the
    text that is rewritten on its own (指標 → 指针 in 發展指標上升), or with the characters around it where the
    rewrite needs them."""
    chars, done = characters_only(text), texts.simplified(text)
    if chars == done:
        return []
    spans: list[list] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, chars, done, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        # one rewrite: 線上 → 在线 inserts 在 before 线 and drops 上 after it; 「+」 is two
        if spans and (i1 == spans[-1][1] or i1 - spans[-1][1] < 2 and "replace" not in (tag, spans[-1][4])):
            spans[-1][1], spans[-1][3], spans[-1][4] = max(spans[-1][1], i2), j2, tag
        else:
            spans.append([i1, i2, j1, j2, tag])
    found = []
    aligned = len(chars) == len(text)                 # tw2s keeps the characters' places, almost always
    for i1, i2, j1, j2, _ in spans:
        smallest = _smallest(text, i1, i2, done[max(0, j1 - 8):j2 + 8]) if aligned else None
        found.append(smallest or Rewrite(text[max(0, i1 - 2):i2 + 2] if aligned else chars[max(0, i1 - 2):i2 + 2],
                                         chars[max(0, i1 - 2):i2 + 2], done[max(0, j1 - 2):j2 + 2]))
    return found


def _smallest(text: str, i1: int, i2: int, around: str) -> Rewrite | None:
    """The shortest phrase of `text` covering text[i1:i2] that is rewritten on its own as it is in the text
    (its zh-Hans is in `around`, the text's zh-Hans there): 儲存 alone gives 保存, but 儲存格 gives 单元格."""
    if i1 == i2:                                      # an insertion: the characters around it
        i1, i2 = max(0, i1 - 1), min(len(text), i2 + 1)
    for length in range(i2 - i1, i2 - i1 + 7):
        for start in range(max(0, i2 - length), min(i1, len(text) - length) + 1):
            phrase = text[start:start + length]
            chars, done = characters_only(phrase), texts.simplified(phrase)
            if chars != done and done in around:
                return Rewrite(phrase, chars, done)
    return None


# -- the project's texts ------------------------------------------------------------------------------
def zh_hant_strings(data, path: str = ""):
    """Every zh-Hant string of a parsed TOML file, with its key ("ent.log.buy", "step[unit].task.do")."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "zh-Hant" and isinstance(value, str):
                yield path, value
            else:
                yield from zh_hant_strings(value, f"{path}.{key}" if path else key)
    elif isinstance(data, list):
        for i, item in enumerate(data):
            name = item.get("id", i) if isinstance(item, dict) else i
            yield from zh_hant_strings(item, f"{path}[{name}]")


TEXT_FILES = ("engines/**/*.toml", "widgets/**/*.toml")      # the lessons and their pages' texts too


def project_texts() -> list[tuple[str, str, str]]:
    """(file, key, zh-Hant text) for every Chinese text the project shows: the engines' texts, rules and data
    names, the boards' and the widgets' texts, the gallery, the lessons, the tutorial pages and the sentences
    every tutorial notebook shares, and the teachers' pages (widgets/teacher/*.zh-Hant.md)."""
    found = []
    for pattern in TEXT_FILES:
        for path in sorted(ROOT.glob(pattern)):
            if path.name.startswith("zh-Hans"):
                continue
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            found += [(str(path.relative_to(ROOT)), key, text) for key, text in zh_hant_strings(data, "")]
    writer = ROOT / "widgets" / "notebooks.py"       # read from the file: importing widgets would pull in Jupyter
    if writer.exists():
        import importlib.util
        spec = importlib.util.spec_from_file_location("bgw_notebooks", writer)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module                  # its dataclasses look their module up there
        spec.loader.exec_module(module)
        found += [("widgets/notebooks.py", name, getattr(module, name)["zh-Hant"]) for name in ("HOW", "START")]
    for path in sorted((ROOT / "widgets" / "teacher").glob("*.zh-Hant.md")):
        found.append((str(path.relative_to(ROOT)), "", path.read_text(encoding="utf-8")))
    return found


def load_everything() -> None:
    """Every game's zh-Hans.toml and the pages' shared one, read from the file (the conversion uses them all;
    importing the widgets would pull Jupyter into the engines)."""
    import engines  # noqa: F401  (each registered game loads its own)
    texts.load_overrides(ROOT / "widgets" / "core" / "zh-Hans.toml")


def overrides_file(file: str) -> str:
    """The zh-Hans.toml where a refusal of a rewrite in `file` belongs: its game's, or the shared one."""
    import engines
    path = Path(file)
    data_dirs = sorted((game.data_dir.relative_to(ROOT) for game in engines.GAMES.values()),
                       key=lambda d: -len(d.parts))       # engines/endeavor/data/2009 before engines/endeavor/data
    for data in data_dirs:
        if path.is_relative_to(data):
            return str(data / "zh-Hans.toml")
    game = engines.GAMES.get(path.name.split(".")[0])     # lessons, lesson pages, teachers' pages
    if path.parts[:2] in (("widgets", "lessons"), ("widgets", "pages"), ("widgets", "teacher")) and game is not None:
        return str(game.data_dir.relative_to(ROOT) / "zh-Hans.toml")
    if path.parts[0] == "widgets" and path.parts[1] != "core":
        for data in data_dirs:
            if data.parent.name == path.parts[1]:        # a board's texts: the game in engines/<folder>/data
                return str(data / "zh-Hans.toml")
    return SHARED_OVERRIDES


def approved() -> dict[str, str]:
    data = tomllib.loads(APPROVED.read_text(encoding="utf-8"))
    return data.get("rewrites", {})


def found_rewrites() -> dict[Rewrite, list[tuple[str, str, str]]]:
    """Every rewrite of the project's texts -> where it is made (file, key, the zh-Hans around it)."""
    found: dict[Rewrite, list[tuple[str, str, str]]] = {}
    for file, key, text in project_texts():
        for rewrite in rewrites(text):
            at = max(0, text.find(rewrite.phrase))
            around = texts.simplified(text[max(0, at - 10):at + len(rewrite.phrase) + 10]).replace("\n", " ")
            found.setdefault(rewrite, []).append((file, key, around))
    return found


def not_approved(found: dict[Rewrite, list] | None = None) -> dict[Rewrite, list[tuple[str, str, str]]]:
    """The rewrites neither approved nor made by an override."""
    found = found_rewrites() if found is None else found
    yes = listed()
    return {r: where for r, where in found.items() if not r.approved(yes)}


def report(rewrites: dict[Rewrite, list[tuple[str, str, str]]]) -> str:
    """What to do for each rewrite: the line that approves it, or where to refuse it."""
    lines = []
    for rewrite, where in sorted(rewrites.items(), key=lambda item: item[0].phrase):
        places = ", ".join(f"{file} [{key}]" if key else file for file, key, _ in where[:3])
        more = f" and {len(where) - 3} more" if len(where) > 3 else ""
        lines.append(f"{rewrite.phrase} -> {rewrite.zh_hans} (characters only: {rewrite.chars}) in {places}{more}\n"
                     f"    zh-Hans: …{where[0][2]}…\n"
                     f"    approve: add  {rewrite.line()}  under [rewrites] in {APPROVED.relative_to(ROOT)}\n"
                     f"    or refuse: add \"{rewrite.phrase}\" (or the word around it that OpenCC splits wrongly: 種類"
                     f" of 種類比) to keep in {overrides_file(where[0][0])}, or the mainland word under its [phrases]")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.core.zh_hans", description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--new", action="store_true", help="the rewrites not yet approved (the default)")
    group.add_argument("--all", action="store_true", help="every rewrite the project's texts make")
    group.add_argument("--stale", action="store_true", help="approved rewrites no text makes any more")
    args = parser.parse_args(argv)
    load_everything()
    found = found_rewrites()
    if args.all:
        yes = listed()
        for rewrite, where in sorted(found.items(), key=lambda item: item[0].phrase):
            mark = "override" if rewrite.overridden else "approved" if rewrite.approved(yes) else "NEW"
            print(f"{mark:8} {rewrite.phrase} -> {rewrite.zh_hans} (characters only: {rewrite.chars}) "
                  f"x{len(where)}: {where[0][0]} [{where[0][1]}]")
        return 0
    if args.stale:
        made = "\n".join(r.phrase for r in found)
        stale = sorted(phrase for phrase in approved() if phrase not in made)
        print("\n".join(stale) if stale else "No stale approval.")
        return 0
    new = not_approved(found)
    print(report(new) if new else "Every rewrite is approved.")
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
