"""The notebooks a teacher runs or publishes, written from the installed package: each game's lesson in
each language, each game's play page, and the gallery.

    python -m widgets notebooks DIR [--lang en zh-Hans] [--force]

writes DIR/tutorials/<game>.<lang>.ipynb (the lessons), DIR/notebooks/<game>.ipynb (the play pages) and
DIR/notebooks/index.ipynb (the gallery, linking the lessons written), the layout the Voila server and the
static site use. Notebooks are written without outputs, cell for cell the same in every language.

A notebook this module wrote carries a digest of its cells (metadata `bgw.written`). Writing again replaces
it only while its cells are still the ones written (running it adds outputs, which do not count); a
notebook a teacher has edited, or one this module did not write, is kept unless `force` is given.

The lesson pages' texts are each game's `widgets/pages/<game>.toml` and the sentences every lesson page
shares (below), in English and Traditional Chinese; the Simplified Chinese ones are made from the Traditional
as every zh-Hans text of the project is (engines/core/texts.py `simplified`).

A lesson page is a few lines of theme and goal, one lesson widget that teaches the rules step by step on
the board (widgets/lessons/<game>.toml), and an optional last section of engine code for the curious.
Why one widget and not a widget per section: see docs/lessons.md. The section for the curious is for
JupyterLab readers, who see its code: its cells carry the tag `bgw-lab-only`, and the project's Voila
template (widgets/jupyter/voila/templates/bgw) leaves them out of the published pages.

Every notebook also carries the title of its page in each language (metadata `bgw.titles`, and `title` in
its default language): the Voila template names the browser's tab with the one of the address's language.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from engines.core.texts import LANGS

PAGE_TEXTS = Path(__file__).with_name("pages")        # in the package: an installed wheel carries them

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
    """The texts of a game's lesson page around its lesson widget (widgets/pages/<game>.toml): the intro, the
    note on stand-in values, the curious reader's section (markdown in en and zh-Hant) and its code cell."""
    with open(page_texts_path(game), "rb") as file:
        return tomllib.load(file)


def page_texts_path(game: str) -> Path:
    """widgets/pages/<game>.toml, or its own package's pages/ for a game kept outside engines/ (the test-only
    tic-tac-toe; widgets/core/boards.py `page_folder`)."""
    from widgets.core.boards import page_folder
    return page_folder(game, "pages") / f"{game}.toml"


def lesson_games() -> list[str]:
    """Every registered game with a lesson page (a new game adds its page's texts, no line here)."""
    import engines
    return sorted(game for game in engines.GAMES if page_texts_path(game).is_file())


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
    # How the lesson works comes before the lesson, which is the last thing a published page shows: the lesson
    # fills the window but for a line above it (the `start` line, said last), and a try-out read the text
    # that used to follow it, at the window's foot, as a bar hiding the board.
    cells = [
        cell("markdown", texts["intro"] + "\n\n" + how + "\n\n" + texts["stand_in"] + "\n\n" + start),
        cell("code", f'import widgets\n\n# The page address may choose the language and the step: ?lang=zh-Hans&step=12\n'
                     f'page = widgets.page_options({{"lang": "{lang}", "step": 1}})\n'
                     f'LANG = page["lang"]\nwidgets.lesson("{game}", lang=LANG, step=page["step"])'),
        cell("markdown", texts["curious"], tags=(LAB_ONLY,)),
        cell("code", texts["code"], tags=(LAB_ONLY,)),
    ]
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"}, "language_info": {"name": "python"},
                                         **page_metadata("lesson", lang, game)},
            "nbformat": 4, "nbformat_minor": 4}


DEFAULT_PLAYERS = 3     # the play page's seat count when neither its address nor gallery.toml gives one


def play_players(game: str) -> int:
    """The seat count a game's play page opens with: gallery.toml's play_players (a teaching choice), else
    DEFAULT_PLAYERS kept within the game's player counts (a game for two opens with two)."""
    import engines
    from widgets.gallery import game_data
    rules = engines.get_game(game)
    wanted = game_data().get(game, {}).get("play_players", DEFAULT_PLAYERS)
    return min(max(wanted, rules.min_players), rules.max_players)


def _page(cells: list[dict], metadata: dict) -> dict:
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"}, "language_info": {"name": "python"},
                                         **metadata},
            "nbformat": 4, "nbformat_minor": 4}


def play_page(game: str, lang: str = "en") -> dict:
    """A game's play page: the board with its controls beside it, in `lang` unless the address says."""
    players = play_players(game)
    code = f'''# The play page: the board with its controls beside it (see widgets/core/shell.py).
# The page address chooses the language (?lang=en, zh-Hant or zh-Hans), the seed, the player count,
# the pause between auto-play steps in seconds (?delay=0.2) and the mode (?mode=classroom for a projector).
import widgets

page = widgets.page_options({{"lang": "{lang}", "seed": 1, "players": {players}, "delay": 0.4, "mode": "normal"}})
shell = widgets.play("{game}", players=page["players"], seed=page["seed"], lang=page["lang"],
                     step_delay=page["delay"], mode=page["mode"])
shell'''
    return _page([cell("code", code)], page_metadata("play", lang, game))


def gallery_page(lang: str = "en") -> dict:
    """The gallery: one card per game, linking its play page and the lessons found beside it."""
    code = f'''# The gallery: one card per game, in the language of the page address (?lang=en, zh-Hant or zh-Hans).
# It links the play pages beside it and the lessons in ../tutorials (a notebook runs in its own folder).
import widgets
from widgets.gallery import gallery

page = widgets.page_options({{"lang": "{lang}"}})
gallery(root="..", lang=page["lang"])'''
    return _page([cell("code", code)], page_metadata("gallery", lang))


# -- writing ---------------------------------------------------------------------------------------
def digest(notebook: dict) -> str:
    """What a notebook says, not what a run of it left: its cells' kinds, tags and sources."""
    cells = [(c.get("cell_type"), c.get("metadata", {}).get("tags", []),
              "".join(c["source"]) if isinstance(c.get("source"), list) else c.get("source", ""))
             for c in notebook.get("cells", [])]
    return hashlib.sha256(json.dumps(cells, ensure_ascii=False).encode("utf-8")).hexdigest()[:16]


def stamped(notebook: dict) -> dict:
    notebook["metadata"].setdefault("bgw", {})["written"] = digest(notebook)
    return notebook


@dataclass(frozen=True)
class Written:
    path: Path
    outcome: str        # "wrote", "updated", "unchanged", "kept" (edited, or not written here) or "replaced"


def write_notebook(path: Path, notebook: dict, force: bool = False) -> Written:
    new = json.dumps(stamped(notebook), ensure_ascii=False, indent=1) + "\n"
    if path.exists():
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
            ours = old.get("metadata", {}).get("bgw", {}).get("written") == digest(old)
        except (OSError, ValueError, AttributeError):
            old, ours = None, False
        if old is not None and digest(old) == digest(notebook) and old.get("metadata") == notebook["metadata"]:
            return Written(path, "unchanged")
        if not ours and not force:
            return Written(path, "kept")
        outcome = "updated" if ours else "replaced"
    else:
        outcome = "wrote"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new, encoding="utf-8")
    return Written(path, outcome)


def write(folder: Path, langs=LANGS, games=None, force: bool = False) -> list[Written]:
    """Every notebook in `folder`: the lessons of `games` (default: all) in `langs`, their play pages and the
    gallery (both in the first of `langs` unless the address says otherwise)."""
    import engines
    langs = list(dict.fromkeys(langs))
    unknown = [lang for lang in langs if lang not in LANGS]
    if unknown or not langs:
        raise ValueError(f"languages must be some of {', '.join(LANGS)}; got {', '.join(unknown) or 'none'}")
    games = list(games) if games else lesson_games()
    unknown = [game for game in games if game not in engines.GAMES]
    if unknown:
        raise ValueError(f"unknown game {', '.join(unknown)}: known games are {', '.join(sorted(engines.GAMES))}")
    folder = Path(folder)
    done = []
    for game in games:
        if game in lesson_games():
            for lang in langs:
                done.append(write_notebook(folder / "tutorials" / f"{game}.{lang}.ipynb", notebook(game, lang), force))
        done.append(write_notebook(folder / "notebooks" / f"{game}.ipynb", play_page(game, langs[0]), force))
    done.append(write_notebook(folder / "notebooks" / "index.ipynb", gallery_page(langs[0]), force))
    return done


def report(done: list[Written], folder: Path) -> str:
    """What `write` did, one line per notebook, and what to do about the notebooks it kept."""
    notes = {"kept": "  (edited since it was written, or not written here: --force replaces it)"}
    lines = [f"{w.outcome:<9}  {w.path.relative_to(folder)}{notes.get(w.outcome, '')}" for w in done]
    kept = sum(w.outcome == "kept" for w in done)
    lines.append(f"{len(done)} notebooks in {folder}" + (f"; {kept} kept as they were" if kept else ""))
    return "\n".join(lines)
