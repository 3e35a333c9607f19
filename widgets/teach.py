"""The teacher's pages: each game's one-page rules summary and 45-minute lesson plan (widgets/teacher/*.md,
carried in the package),
served as HTML by the gallery's server at /teach/<game>.<summary|plan>.<lang>.html, and written into the
static site's teach/ folder by `python -m widgets.site`.

The Markdown is written in English and Traditional Chinese; a zh-Hans page is generated from the
zh-Hant file with the kernel's OpenCC conversion, as every other text is. mistune (which Voila already
installs through nbconvert) turns it into HTML.

The files name no address. A link's target is a word that this module turns into the page it means, in the
page's own language, on the server or in the static site: `lesson` (`lesson?step=11`: at step 11), `play`,
`gallery`, `summary` and `plan`. A step named as code (`goal`) is shown as that step's title in the page's
language, linked to the lesson at that step.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import mistune
from tornado.web import HTTPError, RequestHandler

import engines
from engines.core.texts import LANG_NAMES, LANGS, load_catalog, load_overrides, render, simplified
from widgets.core.lesson_file import LessonError, lesson_path, load

ROOT = Path(__file__).resolve().parent.parent
TEACH = Path(__file__).with_name("teacher")        # the published games' (a game outside engines/: `source`)
KINDS = ("summary", "plan")
PATTERN = r"teach/([a-z0-9-]+)\.(summary|plan)\.(en|zh-Hant|zh-Hans)\.html"
PICTURES = r"teach/([a-z0-9-]+)\.pictures\.(en|zh-Hant|zh-Hans)\.html"     # widgets/pictures.py
_STYLE = ("body{font:16px/1.55 system-ui,'Noto Sans CJK TC','Noto Sans CJK SC',sans-serif;max-width:46em;"
          "margin:2em auto;padding:0 1em;color:#1b2631}h1,h2{line-height:1.25}code{background:#f2f3f4;"
          "padding:0 .2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}"
          "nav{font-size:14px;margin-bottom:1.5em;display:flex;flex-wrap:wrap;gap:.3em 1.2em}"
          "nav .here{font-weight:600}a{color:#0d47a1}"
          "@media print{body{margin:0;max-width:none}nav{display:none}}")
# The nav bar's words are the gallery's (and their zh-Hans overrides); the paths are written as
# widgets/core/shell.py writes them, since a catalog file may be loaded twice only under one name.
load_catalog(Path(__file__).parent / "core" / "texts.toml")
load_overrides(Path(__file__).parent / "core" / "zh-Hans.toml")

# Where the other pages are, seen from a teacher's page: /teach/ on the Voila server, teach/ beside voici/
# in the static site. The summary and the plan sit beside the page in both.
_PLACES = {
    "server": {"lesson": "../voila/render/tutorials/{game}.{lang}.ipynb",
               "play": "../voila/render/notebooks/{game}.ipynb?lang={lang}",
               "gallery": "../voila/render/notebooks/index.ipynb?lang={lang}"},
    "site": {"lesson": "../voici/render/tutorials/{game}.{lang}.html",
             "play": "../voici/render/{game}.html?lang={lang}",
             "gallery": "../voici/render/index.html?lang={lang}"},
}
_TARGET = re.compile(r"\]\((lesson|play|gallery|summary|plan)(?:\?([^)\s]*))?\)")
# CommonMark closes `**` right after a punctuation mark only when a space or another mark follows it;
# Chinese sets no space, so `**目標。**2–4位` would show its stars. Bold is turned into <strong> before the
# Markdown is parsed (within a paragraph: never across a blank line).
_BOLD = re.compile(r"\*\*(?=\S)((?:[^\n]|\n(?![ \t]*\n))+?)(?<=\S)\*\*")
_STEP = re.compile(r"<code>([a-z0-9-]+)</code>")
# A line break inside a Chinese paragraph is no space (Chromium would draw one between two characters).
_CJK_BREAK = re.compile(r"(?<=[^\x00-\x7f])\n")


def source(game: str, kind: str, lang: str) -> Path:
    """The Markdown a page is made from (zh-Hans: the zh-Hant file)."""
    from widgets.core.boards import page_folder
    return page_folder(game, "teacher") / f"{game}.{kind}.{'zh-Hant' if lang == 'zh-Hans' else lang}.md"


def url(target: str, game: str, lang: str, server: bool, query: str = "") -> str:
    """The address of `target` (lesson, play, gallery, summary, plan) from a teacher's page."""
    if target in KINDS:
        address = f"{game}.{target}.{lang}.html"
    else:
        address = _PLACES["server" if server else "site"][target].format(game=game, lang=lang)
    if query:
        address += ("&" if "?" in address else "?") + query
    return address


def page(game: str, kind: str, lang: str, server: bool = False) -> str | None:
    """The whole HTML page, or None when the game has no such material. `server`: links for the Voila
    server's routes (widgets.serve), else for the static site (widgets.site)."""
    path = source(game, kind, lang)
    if kind not in KINDS or lang not in LANGS or not path.is_file():
        return None
    try:
        lesson = load(game) if lesson_path(game).is_file() else None   # also loads the game's zh-Hans words
    except LessonError:
        lesson = None
    text = path.read_text(encoding="utf-8")
    if lang == "zh-Hans":
        text = simplified(text)
    title = next((line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("#")), game)
    text = _TARGET.sub(lambda m: "](" + url(m[1], game, lang, server, m[2] or "") + ")", text)
    body = mistune.html(_BOLD.sub(r"<strong>\1</strong>", text))
    if lesson is not None:
        steps = {step.id: step for step in lesson.steps}

        def step_link(m):
            step = steps.get(m[1])
            if step is None:
                return m[0]
            name = lesson.text(step.title, lang) if step.title else engines.rules(game, lang)[step.rule]["title"]
            href = url("lesson", game, lang, server, f"step={step.number}")
            return f"<a href='{html.escape(href)}'>{html.escape(name)}</a>"
        body = _STEP.sub(step_link, body)
    if lang != "en":
        body = _CJK_BREAK.sub("", body)
    return (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width,initial-scale=1'>"
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>"
            f"{_nav(game, kind, lang, server, lesson)}{body}</body></html>")


def _nav(game: str, kind: str, lang: str, server: bool, lesson) -> str:
    """The way to the gallery, the lesson, the play page and the other teacher's page, and the languages."""
    def link(target: str, label: str) -> str:
        if target == kind:
            return f"<span class='here'>{html.escape(label)}</span>"
        return f"<a href='{html.escape(url(target, game, lang, server))}'>{html.escape(label)}</a>"
    items = [link("gallery", "← " + render("gallery.title", {}, lang))]
    if lesson is not None:
        items.append(link("lesson", lesson.text(lesson.title, lang)))
    items += [link("play", render("gallery.play", {}, lang)),
              link("summary", render("gallery.teach.summary", {}, lang)),
              link("plan", render("gallery.teach.plan", {}, lang))]
    if lesson is not None:
        items.append(f"<a href='{game}.pictures.{lang}.html'>{html.escape(render('ui.pictures.link', {}, lang))}</a>")
    items.append(" ".join(
        f"<a hreflang='{lg}' lang='{lg}' href='{game}.{kind}.{lg}.html'>{html.escape(name)}</a>"
        for lg, name in LANG_NAMES.items() if lg != lang and source(game, kind, lg).is_file()))
    return "<nav>" + "".join(f"<span>{item}</span>" for item in items) + "</nav>"


class TeachHandler(RequestHandler):
    def get(self, game: str, kind: str, lang: str):
        text = page(game, kind, lang, server=True)
        if text is None:
            raise HTTPError(404)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.write(text)


class PicturesHandler(RequestHandler):
    """A lesson's every step in pictures (widgets/pictures.py), made on request."""

    def get(self, game: str, lang: str):
        from widgets import pictures
        if game not in engines.GAMES or not lesson_path(game).is_file():
            raise HTTPError(404)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.write(pictures.page(game, lang, server=True))
