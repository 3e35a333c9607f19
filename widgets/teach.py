"""The teacher's pages: each game's one-page rules summary and 45-minute lesson plan (docs/teach/*.md),
served as HTML by the gallery's server at /teach/<game>.<summary|plan>.<lang>.html.

The Markdown is written in English and Traditional Chinese; a zh-Hans page is generated from the
zh-Hant file with the kernel's OpenCC conversion, as every other text is. mistune (which Voila already
installs through nbconvert) turns it into HTML.
"""

from __future__ import annotations

import html
from pathlib import Path

import mistune
from tornado.web import HTTPError, RequestHandler

from engines.core.texts import LANGS, simplified

ROOT = Path(__file__).resolve().parent.parent
TEACH = ROOT / "docs" / "teach"
KINDS = ("summary", "plan")
PATTERN = r"teach/([a-z0-9-]+)\.(summary|plan)\.(en|zh-Hant|zh-Hans)\.html"
_STYLE = ("body{font:16px/1.55 system-ui,'Noto Sans CJK TC','Noto Sans CJK SC',sans-serif;max-width:46em;"
          "margin:2em auto;padding:0 1em;color:#1b2631}h1,h2{line-height:1.25}code{background:#f2f3f4;"
          "padding:0 .2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}"
          "@media print{body{margin:0;max-width:none}}")


def source(game: str, kind: str, lang: str) -> Path:
    """The Markdown a page is made from (zh-Hans: the zh-Hant file)."""
    return TEACH / f"{game}.{kind}.{'zh-Hant' if lang == 'zh-Hans' else lang}.md"


def page(game: str, kind: str, lang: str) -> str | None:
    """The whole HTML page, or None when the game has no such material."""
    path = source(game, kind, lang)
    if kind not in KINDS or lang not in LANGS or not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    if lang == "zh-Hans":
        text = simplified(text)
    body = mistune.html(text)
    title = next((line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("#")), game)
    return (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width,initial-scale=1'>"
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>{body}</body></html>")


class TeachHandler(RequestHandler):
    def get(self, game: str, kind: str, lang: str):
        text = page(game, kind, lang)
        if text is None:
            raise HTTPError(404)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.write(text)
