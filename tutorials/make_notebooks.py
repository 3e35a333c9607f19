"""Write the tutorial notebooks, cell for cell the same in every language: each game's texts from its
tutorials/pages/<game>.toml, the sentences every notebook shares from below.

    .venv/bin/python tutorials/make_notebooks.py   # rewrites tutorials/<game>.<lang>.ipynb (no outputs)

The texts are written in English and Traditional Chinese; the Simplified Chinese notebooks are made from the
Traditional ones as every zh-Hans text of the project is (OpenCC's tw2sp with the project's terms kept, then
its phrase overrides for mainland terms: engines/core/texts.py `simplified`), so that a zh-Hans page is
Simplified throughout.

A tutorial is a few lines of theme and goal, one lesson widget that teaches the rules step by step on
the board (tutorials/lessons/<game>.toml), and an optional last section of engine code for the curious.
Why one widget and not a widget per section: see docs/lessons.md.

The section for the curious is for JupyterLab readers, who see its code: its cells carry the tag
`bgw-lab-only`, and the project's Voila template (widgets/jupyter/voila/templates/bgw) leaves them out of the
published pages, where a code cell's output would show without its code.

Every notebook also carries the title of its page in each language (metadata `bgw.titles`, and `title` in its
own language): the Voila template names the browser's tab with the one of the page address's language. The
play pages and the gallery (notebooks/*.ipynb, written by hand) get theirs here too (`stamp_pages`).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGS = ("en", "zh-Hant", "zh-Hans")

HOW = {
    "en": """**How the lesson works.** Each step teaches one rule on the board beside it. When a step asks for a move,
make it on the board (or with the button under it): a move the rules forbid is explained, a legal move that is
not the one asked for says why, and the right one is played. Answer the question when there is one (a wrong answer shows the rule to apply again), then press
**Continue**. **Back** returns to the previous step, the chapter menu jumps ahead, **Show me** rings the move on
the board (press it again and it is made for you), and **Play on from here** opens the position as a full game
against bots. The rule and its rulebook section are folded under the step.""",
    "zh-Hant": """**教學怎麼進行**：每一步在旁邊的版圖上教一條規則。步驟要你走一步時，請在版圖上（或版圖下方的按鈕）操作：
規則不允許的走法會說明原因，合乎規則但不是這一步要練習的走法也會告訴你，正確的那一步就會執行。有問題時先回答（答錯時會顯示相關規則，請再想一次），
然後按**繼續**。**上一步**回到前一步，章節選單可以跳到後面的章節，**示範給我看**會在版圖上圈出這一步（再按一次就替你走），
**從這裡接著玩**則以目前局面和電腦玩家對戰。每一步下方可以展開規則和規則書章節。""",
}

START = {
    "en": "Make each move the step asks for on the board, then press **Continue**.",
    "zh-Hant": "請在版圖上完成每一步要求的動作，然後按**繼續**。",
}

def page_texts(game: str) -> dict:
    """The texts of a game's notebook around its lesson widget (pages/<game>.toml): the intro, the note
    on stand-in values, the curious reader's section (markdown in en and zh-Hant) and its code cell."""
    with open(HERE / "pages" / f"{game}.toml", "rb") as file:
        return tomllib.load(file)


# Every game with a lesson notebook, found from the files (a new game adds its page's texts, no line here).
GAMES = sorted(path.stem for path in (HERE / "pages").glob("*.toml"))


LAB_ONLY = "bgw-lab-only"       # a cell for JupyterLab readers, left out of the published (Voila) pages


def cell(kind: str, text: str, tags: tuple = ()) -> dict:
    lines = text.strip("\n").splitlines(keepends=True)
    metadata = {"tags": list(tags)} if tags else {}
    if kind == "markdown":
        return {"cell_type": "markdown", "metadata": metadata, "source": lines}
    return {"cell_type": "code", "execution_count": None, "metadata": metadata, "outputs": [], "source": lines}


def titles(kind: str, game: str | None = None) -> dict:
    """The page's title in every language (widgets/core/shell.py `page_title`)."""
    import engines  # noqa: F401  (the games' names)
    from engines.core.texts import LANGS
    from widgets.core.shell import page_title
    return {lang: page_title(kind, lang, game) for lang in LANGS}


def page_metadata(kind: str, lang: str, game: str | None = None) -> dict:
    """What a notebook's metadata says of its page: its title in its own language, and in every language
    with the default one (for the Voila template, which follows the address's ?lang=)."""
    names = titles(kind, game)
    return {"title": names[lang], "bgw": {"lang": lang, "titles": names}}


def written(table: dict, lang: str) -> str:
    """A text of the tables above in `lang` (zh-Hans: made from zh-Hant)."""
    if lang == "zh-Hans":
        import engines  # noqa: F401  (registering the games loads their zh-Hans phrase overrides)
        import widgets.core.shell  # noqa: F401  (and the widgets' own)
        from engines.core.texts import simplified
        return _joined(simplified(table["zh-Hant"]))
    return _joined(table[lang]) if lang != "en" else table[lang]


def _joined(text: str) -> str:
    """A Chinese text's lines joined where a paragraph (or a quoted one, "> ") runs on: Markdown shows a line
    break inside a paragraph as a space, which Chinese sets nowhere (a space after 。 or between two characters)."""
    return re.sub(r"(?<=[^\x00-\x7f])\n(?:> )?(?=[^\x00-\x7f]|\*+[^\s*])", "", text)    # *emphasis*, not a "* " item


def chapter_steps(text: str, game: str) -> str:
    """`{chapter:changes}` in a page's text: the number of the first step of that chapter of the game's lesson,
    so that a link to a moment of the lesson follows the lesson when its steps are renumbered."""
    if "{chapter:" not in text:
        return text
    from widgets.core.lesson_file import load
    steps = load(game).steps
    return re.sub(r"\{chapter:([a-z0-9-]+)\}",
                  lambda m: str(next(s.number for s in steps if s.chapter == m[1])), text)


def notebook(game: str, lang: str) -> dict:
    page = page_texts(game)
    # A game whose rulebook has its own word for the board (Entdecker's 遊戲板, not 版圖) says the shared
    # sentences in it: its page's `how` / `start` replace them in the languages they give.
    how, start = (written({**table, **page.pop(part, {})}, lang) for part, table in (("how", HOW), ("start", START)))
    texts = {part: chapter_steps(value if isinstance(value, str) else written(value, lang), game)
             for part, value in page.items()}
    cells = [
        cell("markdown", texts["intro"] + "\n\n" + start),
        cell("code", f'import widgets\n\n# The page address may choose the language and the step: ?lang=zh-Hans&step=12\n'
                     f'page = widgets.page_options({{"lang": "{lang}", "step": 1}})\n'
                     f'LANG = page["lang"]\nwidgets.lesson("{game}", lang=LANG, step=page["step"])'),
        cell("markdown", how + "\n\n" + texts["stand_in"]),
        cell("markdown", texts["curious"], tags=(LAB_ONLY,)),
        cell("code", texts["code"], tags=(LAB_ONLY,)),
    ]
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"}, "language_info": {"name": "python"},
                                         **page_metadata("lesson", lang, game)},
            "nbformat": 4, "nbformat_minor": 4}


PAGES = HERE.parent / "notebooks"


def stamped_page(path: Path) -> dict:
    """A play page (notebooks/<game>.ipynb) or the gallery (notebooks/index.ipynb) with its titles in its
    metadata; its cells as they are (English is the default language of these pages: ?lang= changes it)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    kind, game = ("gallery", None) if path.stem == "index" else ("play", path.stem)
    nb["metadata"].update(page_metadata(kind, "en", game))
    return nb


def stamp_pages() -> None:
    for path in sorted(PAGES.glob("*.ipynb")):
        path.write_text(json.dumps(stamped_page(path), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print("titled", path.relative_to(HERE.parent))


def main(games=None):
    for game in games or GAMES:
        for lang in LANGS:
            path = HERE / f"{game}.{lang}.ipynb"
            path.write_text(json.dumps(notebook(game, lang), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            print("wrote", path.relative_to(HERE.parent))
    if not games:
        stamp_pages()


if __name__ == "__main__":
    import sys
    main(sys.argv[1:] or None)
