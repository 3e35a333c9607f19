"""Write the tutorial notebooks, cell for cell the same in every language: each game's texts from its
tutorials/pages/<game>.toml, the sentences every notebook shares from below.

    .venv/bin/python tutorials/make_notebooks.py   # rewrites tutorials/<game>.<lang>.ipynb (no outputs)

The texts are written in English and Traditional Chinese; the Simplified Chinese notebooks are made from the
Traditional ones as every zh-Hans text of the project is (OpenCC's tw2sp, then the project's phrase overrides
for mainland terms: engines/core/texts.py `simplified`), so that a zh-Hans page is Simplified throughout.

A tutorial is a few lines of theme and goal, one lesson widget that teaches the rules step by step on
the board (tutorials/lessons/<game>.toml), and an optional last section of engine code for the curious.
Why one widget and not a widget per section: see docs/lessons.md.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGS = ("en", "zh-Hant", "zh-Hans")

HOW = {
    "en": """**How the lesson works.** Each step teaches one rule on the board beside it. When a step asks for a move,
make it on the board (or with the button under it): a move the rules forbid is explained, a legal move that is
not the one asked for says why, and the right one is played. Answer the question when there is one, then press
**Continue**. **Back** returns to the previous step, the chapter menu jumps ahead, **Show me** makes the move for
you, and **Play on from here** opens the position as a full game against bots. The rule's id and its rulebook
section are folded under the step.""",
    "zh-Hant": """**教學怎麼進行**：每一步在旁邊的版圖上教一條規則。步驟要你走一步時，請在版圖上（或版圖下方的按鈕）操作：
規則不允許的走法會說明原因，合乎規則但不是這一步要練習的走法也會告訴你，正確的那一步就會執行。有問題時先回答，
然後按**繼續**。**上一步**回到前一步，章節選單可以跳到後面的章節，**示範給我看**會替你走這一步，**從這裡接著玩**
則以目前局面和電腦玩家對戰。每一步下方可以展開規則代號和規則書章節。""",
}

START = {
    "en": "Make each move the step asks for on the board, then press **Continue**.",
    "zh-Hant": "請在版圖上走出每一步要求的走法，然後按**繼續**。",
}

def page_texts(game: str) -> dict:
    """The texts of a game's notebook around its lesson widget (pages/<game>.toml): the intro, the note
    on stand-in values, the curious reader's section (markdown in en and zh-Hant) and its code cell."""
    with open(HERE / "pages" / f"{game}.toml", "rb") as file:
        return tomllib.load(file)


# Every game with a lesson notebook, found from the files (a new game adds its page's texts, no line here).
GAMES = sorted(path.stem for path in (HERE / "pages").glob("*.toml"))


def cell(kind: str, text: str) -> dict:
    lines = text.strip("\n").splitlines(keepends=True)
    if kind == "markdown":
        return {"cell_type": "markdown", "metadata": {}, "source": lines}
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": lines}


def written(table: dict, lang: str) -> str:
    """A text of the tables above in `lang` (zh-Hans: made from zh-Hant)."""
    if lang == "zh-Hans":
        import engines  # noqa: F401  (registering the games loads their zh-Hans phrase overrides)
        import widgets.core.shell  # noqa: F401  (and the widgets' own)
        from engines.core.texts import simplified
        return simplified(table["zh-Hant"])
    return table[lang]


def notebook(game: str, lang: str) -> dict:
    texts = {part: (value if isinstance(value, str) else written(value, lang)) for part, value in page_texts(game).items()}
    how, start = written(HOW, lang), written(START, lang)
    cells = [
        cell("markdown", texts["intro"] + "\n\n" + start),
        cell("code", f'import widgets\n\n# The page address may choose the language and the step: ?lang=zh-Hans&step=12\n'
                     f'page = widgets.page_options({{"lang": "{lang}", "step": 1}})\n'
                     f'LANG = page["lang"]\nwidgets.lesson("{game}", lang=LANG, step=page["step"])'),
        cell("markdown", how + "\n\n" + texts["stand_in"]),
        cell("markdown", texts["curious"]),
        cell("code", texts["code"]),
    ]
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"}, "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 4}


def main(games=None):
    for game in games or GAMES:
        for lang in LANGS:
            path = HERE / f"{game}.{lang}.ipynb"
            path.write_text(json.dumps(notebook(game, lang), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            print("wrote", path.relative_to(HERE.parent))


if __name__ == "__main__":
    import sys
    main(sys.argv[1:] or None)
