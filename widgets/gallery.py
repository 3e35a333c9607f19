"""The gallery page: one card per game, in the reader's language.

A card shows the game's board in a real position (the board widget itself, drawing the middle of a game
its greedy bots play: never a hand-drawn picture, and always the board the play page shows), the player
count, the playing time, the editions and the variants, a link to the play page and to each lesson in
each language.

Everything is found from what exists: every registered game gets a card, its play page and lessons are
linked when their notebooks are present in the folder given as `root` (the one holding notebooks/ and
tutorials/: the repository, or the folder `python -m widgets notebooks DIR` wrote), so a new game's notebooks
appear by themselves; the teacher's pages are the package's (widgets/teacher/; `page_folder`). A game with no board renderer
or no play page yet gets a card that says so.

Why the live widget and not a screenshot: it needs no browser at build time, no stored images that go
stale when a renderer changes, works offline, and draws in the reader's language.
"""

from __future__ import annotations

import functools
import html
import json
import sys
import tomllib
from pathlib import Path

import ipywidgets as W

import engines
from engines.core.bots import make_bot
from engines.core.texts import LANG_NAMES, LANGS, has_text, render, simplified

from .core.board import BoardWidget
from .core.boards import page_folder

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).with_name("gallery.toml")
_MAX_STEPS = 3000          # a bots' game longer than this is cut there (no game here comes close)


def t(key: str, lang: str, **params) -> str:
    return render(key, params, lang)


def game_data(path: Path = DATA) -> dict:
    """The gallery's facts per game (gallery.toml); a malformed file is reported with its name."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path}: cannot read the gallery data: {exc}") from None


def lessons(game: str, root: Path = ROOT) -> list[dict]:
    """The lessons of a game: tutorials/<game>.<lang>.ipynb, or tutorials/<game>.<lesson>.<lang>.ipynb.

    Returns [{"name", "title": {lang: title}, "links": {lang: relative url}}], one entry per lesson."""
    found: dict[str, dict] = {}
    for path in sorted((Path(root) / "tutorials").glob(f"{game}.*ipynb")):
        stem = path.name[:-len(".ipynb")]
        head, _, lang = stem.rpartition(".")
        if lang not in LANGS or not (head == game or head.startswith(game + ".")):
            continue
        name = head[len(game) + 1:] if head != game else ""
        entry = found.setdefault(name, {"name": name, "title": {}, "links": {}})
        entry["links"][lang] = f"../tutorials/{path.name}"
        entry["title"][lang] = _heading(path)
    return list(found.values())


def _heading(path: Path) -> str:
    """A notebook's first heading, without its '#' marks ('' when it has none or cannot be read)."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        return ""
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", [])).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return ""


def entries(root: Path = ROOT, lang: str = "en") -> list[dict]:
    """What each game's card says, in `lang`: one entry per registered game, sorted by id."""
    facts = game_data()
    root = Path(root)
    rows = []
    for game_id in sorted(engines.GAMES):
        game = engines.get_game(game_id)
        info = facts.get(game_id, {})
        _renderer(game_id)          # its texts name the game's options
        play = root / "notebooks" / f"{game_id}.ipynb"
        family = info.get("family")
        editions = [other for other in sorted(engines.GAMES)
                    if other != game_id and family and facts.get(other, {}).get("family") == family]
        rows.append({
            "game": game_id,
            "title": {lg: render(f"game.{game_id}", {}, lg) for lg in LANGS},
            "year": info.get("year"),
            "players": (game.min_players, game.max_players),
            "minutes": info.get("minutes"),
            "sources": {k: v for k, v in info.items() if k.endswith("_source")},
            "editions": editions,
            "variants": variants(game, lang),
            "play": {lg: f"{game_id}.ipynb?lang={lg}" for lg in LANGS} if play.exists() else {},
            "lessons": lessons(game_id, root),
            "teach": teaching_material(game_id),
            "preview_seed": info.get("preview_seed", 1),
        })
    return rows


TEACH_KINDS = ("summary", "plan")      # widgets/teacher/<game>.<kind>.<lang>.md (page_folder(game, "teacher")): the rules on one page, a 45-minute plan


def teaching_material(game: str) -> dict[str, dict[str, str]]:
    """For the teacher: {lang: {"summary": link, "plan": link}} for the files present: pages the gallery's
    server makes from widgets/teacher/*.md (widgets/teach.py), linked from the gallery page
    (/voila/render/notebooks/index.ipynb). A zh-Hans page is made from the zh-Hant file."""
    found: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        written = "zh-Hant" if lang == "zh-Hans" else lang
        for kind in TEACH_KINDS:
            if (page_folder(game, "teacher") / f"{game}.{kind}.{written}.md").exists():
                found.setdefault(lang, {})[kind] = f"{teach_folder()}{game}.{kind}.{lang}.html"
    return found


def teach_folder() -> str:
    """Where the teacher's pages are, from the gallery page: /voila/render/notebooks/index.ipynb on the
    server (the pages at /teach/), voici/render/index.html in the static site (at teach/ beside voici/, which
    may be anywhere on its host), where the kernel is Pyodide's."""
    return "../../teach/" if sys.platform == "emscripten" else "../../../teach/"


def variants(game, lang: str) -> list[str]:
    """The options a new game offers, over every player count, by name (and choices when not yes/no)."""
    seen: dict[str, list] = {}
    for players in range(game.min_players, game.max_players + 1):
        for option in game.options(players):
            choices = seen.setdefault(option.id, [])
            choices += [c for c in option.choices if c not in choices]
    from .core.setup import choice_label
    _renderer(game.id)                      # the dialog's words for a game's options come with its board
    out = []
    for option_id, choices in seen.items():
        name = _name(f"ui.option.{option_id}", option_id, lang)
        if set(choices) <= {True, False}:
            out.append(name)
        else:
            out.append(t("gallery.variant", lang, name=name,
                         choices=" / ".join(choice_label(option_id, c, lang) for c in choices)))
    return out


def _renderer(game_id: str):
    """The game's board renderer, or None while it has none."""
    from . import renderer_for
    try:
        return renderer_for(game_id)
    except ValueError:
        return None


def _name(key: str, fallback: str, lang: str) -> str:
    return render(key, {}, lang) if has_text(key) else fallback


PREVIEWS = Path(__file__).with_name("gallery-previews.json")


def preview_match(game_id: str, seed: int) -> engines.Match:
    """The middle of a game played by greedy bots from `seed`: a real position, not an arranged one. The
    bots' game is kept as a save in gallery-previews.json (`write_previews`), so a visit replays its moves
    instead of thinking them again (a few seconds in the browser's Python); a save that no longer fits the
    engine is played again (tests/test_shell.py checks the file is current)."""
    match = _kept_preview(game_id, seed) or played_preview(game_id, seed)
    match.goto(match.position // 2)
    return match


def _kept_preview(game_id: str, seed: int) -> engines.Match | None:
    """The kept game of `game_id` from `seed`, at its end; None when none is kept or the engine refuses it."""
    kept = _saved_previews().get(game_id)
    if kept is None or kept.get("seed") != seed:
        return None
    try:
        return engines.Match.from_json(kept["save"])
    except engines.SaveError:
        return None


@functools.cache
def _saved_previews() -> dict:
    try:
        return json.loads(PREVIEWS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def played_preview(game_id: str, seed: int) -> engines.Match:
    """The whole game greedy bots play from `seed`, at its end."""
    game = engines.get_game(game_id)
    players = max(game.min_players, min(4, game.max_players))
    match = engines.new_match(game_id, players, seed)
    bots = {s: make_bot("greedy", seed=seed * 31 + s) for s in range(players)}
    while not match.is_over and match.position < _MAX_STEPS:
        if match.to_move is None:
            match.advance(step=True)
        else:
            match.play(bots[match.to_move].choose(match))
    return match


def write_previews(path: Path = PREVIEWS) -> bool:
    """Write every game's preview game as a save (True when the file changed)."""
    data = game_data()
    previews = {}
    for game_id in engines.GAMES:
        seed = data.get(game_id, {}).get("preview_seed", 1)
        previews[game_id] = {"seed": seed, "save": played_preview(game_id, seed).to_json()}
    text = json.dumps(previews, indent=1, sort_keys=True) + "\n"
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    _saved_previews.cache_clear()
    return True


def preview(game_id: str, seed: int, lang: str) -> tuple[W.Widget, str]:
    """The game's board widget on `preview_match` and a caption saying where the position comes from,
    or a line saying there is no board renderer yet."""
    renderer = _renderer(game_id)
    if renderer is None:
        return W.HTML(f"<div class='bgw-card-nopicture'>{html.escape(t('gallery.no-picture', lang))}</div>"), ""
    match = preview_match(game_id, seed)
    view = match.view(None)
    board = BoardWidget(renderer.directory)
    board.options = {"mats": "compact", "open": []}
    board.show(view, [], renderer.labels(view, lang), lang, None)
    board.add_class("bgw-card-board")
    return board, t("gallery.caption", lang, seed=seed, step=match.position, steps=len(match.timeline))


def lesson_title(titles: dict, lang: str) -> str:
    """A lesson's title in `lang`: its own notebook's, else the Traditional one in Simplified characters
    for a zh-Hans reader, else whichever there is."""
    if titles.get(lang):
        return titles[lang]
    if lang == "zh-Hans" and titles.get("zh-Hant"):
        return simplified(titles["zh-Hant"])
    return next((title for title in titles.values() if title), "")


def _links(urls: dict, lang: str, primary: str | None = None) -> str:
    """Links by language name; `primary` (a label) makes the link in `lang` a button."""
    parts = []
    for lg, url in urls.items():
        cls = "bgw-card-button" if primary and lg == lang else "bgw-card-link"
        label = primary if primary and lg == lang else LANG_NAMES.get(lg, lg)
        parts.append(f"<a class='{cls}' data-lang='{lg}' href='{html.escape(url)}'>{html.escape(label)}</a>")
    if primary and lang in urls:                 # the button first, then the other languages
        parts.sort(key=lambda p: "bgw-card-button" not in p)
    return " ".join(parts)


def card(row: dict, lang: str) -> W.VBox:
    """One game's card: picture, title and facts, links."""
    title = row["title"][lang]
    if row["year"] and str(row["year"]) not in title:      # "Endeavor (2009)" names its year already
        title = t("gallery.title-year", lang, title=title, year=row["year"])
    low, high = row["players"]
    facts = [t("gallery.players", lang, low=low, high=high) if low != high else t("gallery.players-one", lang, n=low),
             t("gallery.minutes", lang, n=row["minutes"]) if row["minutes"] else t("gallery.minutes-unknown", lang)]
    head = W.HTML(f"<h3 class='bgw-card-title'>{html.escape(title)}</h3>"
                  f"<div class='bgw-card-facts'>{' · '.join(html.escape(f) for f in facts)}</div>")
    lines = []
    if row["editions"]:
        names = ", ".join(f"<a href='#bgw-card-{e}'>{html.escape(render(f'game.{e}', {}, lang))}</a>"
                          for e in row["editions"])
        lines.append(f"<div class='bgw-card-line'><b>{html.escape(t('gallery.editions', lang))}</b> {names}</div>")
    if row["variants"]:
        items = "".join(f"<li>{html.escape(v)}</li>" for v in row["variants"])
        lines.append(f"<div class='bgw-card-line'><b>{html.escape(t('gallery.variants', lang))}</b>"
                     f"<ul class='bgw-card-variants'>{items}</ul></div>")
    play = (_links(row["play"], lang, primary=t("gallery.play", lang)) if row["play"]
            else html.escape(t("gallery.no-play", lang)))
    links = [f"<div class='bgw-card-play'>{play}</div>"]
    if row["lessons"]:
        for lesson in row["lessons"]:
            name = lesson_title(lesson["title"], lang)
            links.append(f"<div class='bgw-card-lesson'><b>{html.escape(t('gallery.lesson', lang))}</b> "
                         f"{html.escape(name)}<div class='bgw-card-lesson-links'>{_links(lesson['links'], lang)}</div></div>")
    else:
        links.append(f"<div class='bgw-card-lesson'>{html.escape(t('gallery.no-lessons', lang))}</div>")
    if row["teach"]:
        # the reader's language first; a zh-Hans reader is offered the zh-Hant files
        order = sorted(row["teach"], key=lambda lg: (lg != lang, lg != "zh-Hant" or lang != "zh-Hans"))
        items = []
        for kind in TEACH_KINDS:
            urls = {lg: row["teach"][lg][kind] for lg in order if kind in row["teach"][lg]}
            if urls:
                items.append(f"<span class='bgw-card-teach-kind'>{html.escape(t(f'gallery.teach.{kind}', lang))}</span> "
                             f"{_links(urls, lang)}")
        links.append(f"<div class='bgw-card-teach'><b>{html.escape(t('gallery.teach', lang))}</b>"
                     + "".join(f"<div>{item}</div>" for item in items) + "</div>")
    picture, caption = preview(row["game"], row["preview_seed"], lang)
    if caption:
        lines.append(f"<div class='bgw-card-caption'>{html.escape(caption)}</div>")
    box = W.VBox([picture, head, W.HTML("".join(links)), W.HTML("".join(lines))])
    box.add_class("bgw-card")
    box.add_class(f"bgw-card-{row['game']}")
    return box


_CSS = """<style>
.bgw-gallery-head h1 { margin: 0 0 4px 0; font-size: 26px; }
.bgw-gallery-head p { margin: 0 0 8px 0; color: #333; max-width: 60em; }
.bgw-gallery-langs a { margin-right: 10px; }
.bgw-gallery-langs a.bgw-current { font-weight: 700; text-decoration: none; color: #222; }
.bgw-gallery.widget-box { display: grid !important; grid-template-columns: repeat(auto-fill, minmax(400px, 1fr)); gap: 18px;
                          overflow: visible; }
.bgw-card.widget-box { border: 1px solid #d5d8dc; border-radius: 10px; padding: 0 0 10px 0; background: #fff;
                       box-shadow: 0 1px 4px rgba(0,0,0,.08); overflow: hidden; }
.bgw-card > .widget-html { padding: 0 14px; margin: 0; }
.bgw-gallery-page .widget-html-content { line-height: 1.45; }
.bgw-card .bgw-card-board { height: 250px; overflow: hidden; pointer-events: none; border-bottom: 1px solid #e5e7e9;
                            margin: 0; background: #f8f9f9; }
.bgw-card .bgw-card-board .bgw-tip { display: none; }
.bgw-card .bgw-card-board svg { max-height: none !important; }
.bgw-card-nopicture { height: 250px; display: flex; align-items: center; justify-content: center; color: #5f6368;
                      background: #f4f6f6; border-bottom: 1px solid #e5e7e9; }
.bgw-card-title { margin: 8px 0 2px 0; font-size: 18px; }
.bgw-card-facts { color: #444; margin-bottom: 4px; }
.bgw-card-line { font-size: 13px; color: #333; margin: 2px 0; }
.bgw-card-variants { margin: 2px 0 4px 0; padding-left: 1.3em; }
.bgw-card-caption { font-size: 11.5px; color: #5f6368; margin: 6px 0; }
.bgw-card-play { margin: 8px 0 6px 0; }
.bgw-card-button { display: inline-block; background: #1e8449; color: #fff !important; border-radius: 6px; padding: 5px 16px;
                   font-weight: 700; text-decoration: none; margin-right: 8px; }
.bgw-card-link { margin-right: 8px; }
.bgw-card-lesson { font-size: 13.5px; margin: 6px 0 3px 0; }
.bgw-card-lesson-links { margin-top: 2px; }
.bgw-card-teach { font-size: 13px; margin: 6px 0 3px 0; color: #333; }
.bgw-card-teach-kind { display: inline-block; min-width: 11em; }
</style>"""


def gallery(root: Path = ROOT, lang: str = "en") -> W.VBox:
    """The gallery page in `lang`: a header with the language choice, then one card per game."""
    lang = engines.core.texts.check_lang(lang)
    langs = " ".join(f"<a class='{'bgw-current' if lg == lang else ''}' href='index.ipynb?lang={lg}'>"
                     f"{html.escape(LANG_NAMES.get(lg, lg))}</a>" for lg in LANGS)
    head = W.HTML(_CSS + f"<div class='bgw-gallery-head'><h1>{html.escape(t('gallery.title', lang))}</h1>"
                  f"<p>{html.escape(t('gallery.intro', lang))}</p>"
                  f"<div class='bgw-gallery-langs'>{langs}</div></div>")
    cards = W.Box([card(row, lang) for row in entries(root, lang)])
    cards.add_class("bgw-gallery")
    page = W.VBox([head, cards])
    page.add_class("bgw-gallery-page")
    from .core.shell import no_null_tooltips
    no_null_tooltips(page)                  # no "null" tooltip on the page's widgets
    return page
