"""The gallery page: one row per game, linking its play page and its tutorials in each language.

Links are found from the files present, so a new game's notebooks appear here by themselves.
"""

from __future__ import annotations

import html
from pathlib import Path

from IPython.display import HTML

import engines
from engines.core.texts import LANG_NAMES, LANGS, render

ROOT = Path(__file__).resolve().parent.parent


def entries(root: Path = ROOT) -> list[dict]:
    """For each game with a play notebook: its title and the relative links that exist."""
    rows = []
    for game in sorted(engines.GAMES):
        play = root / "notebooks" / f"{game}.ipynb"
        if not play.exists():
            continue
        row = {"game": game, "title": {lang: render(f"game.{game}", {}, lang) for lang in LANGS},
               "play": {lang: f"{game}.ipynb?lang={lang}" for lang in LANGS}, "tutorial": {}}
        for lang in LANGS:
            if (root / "tutorials" / f"{game}.{lang}.ipynb").exists():
                row["tutorial"][lang] = f"../tutorials/{game}.{lang}.ipynb"
        rows.append(row)
    return rows


TEACH_KINDS = ("summary", "plan")      # docs/teach/<game>.<kind>.<lang>.md: the rules on one page, a 45-minute plan


def teaching_material(game: str, root: Path = ROOT) -> dict[str, dict[str, str]]:
    """For the teacher: {lang: {"summary": link, "plan": link}} for the files present, links relative to
    notebooks/ (where the gallery page lives). Written in en and zh-Hant; a zh-Hans reader gets the zh-Hant
    files until the kernel's conversion is applied to them."""
    found: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        for kind in TEACH_KINDS:
            if (root / "docs" / "teach" / f"{game}.{kind}.{lang}.md").exists():
                found.setdefault(lang, {})[kind] = f"../docs/teach/{game}.{kind}.{lang}.md"
    return found


def gallery(root: Path = ROOT) -> HTML:
    cells = []
    for row in entries(root):
        play = " · ".join(f"<a href='{html.escape(url)}'>{LANG_NAMES[lang]}</a>" for lang, url in row["play"].items())
        tutorial = " · ".join(f"<a href='{html.escape(url)}'>{LANG_NAMES[lang]}</a>"
                              for lang, url in row["tutorial"].items()) or "—"
        cells.append(f"<tr><td><b>{html.escape(row['title']['en'])}</b><br>{html.escape(row['title']['zh-Hant'])}</td>"
                      f"<td>{play}</td><td>{tutorial}</td></tr>")
    return HTML("<table class='bgw-gallery'><thead><tr><th>Game · 遊戲</th><th>Play · 對戰</th>"
                "<th>Tutorial · 教學</th></tr></thead><tbody>" + "".join(cells) + "</tbody></table>")
