"""The Hint: what the search bot would play for the learner's seat, and which rule each move applies.

The shell asks `hints(match, lang)` when the learner presses Hint; the panel shows the bot's three
best moves with their share of the search's visits, each with the rule that offers it. Hovering any
other option on the board already says why it is refused (the board's own tooltips).
"""

from __future__ import annotations

import html

from engines.core.bots import make_bot
from engines.core.texts import render

HINT_BUDGET_MS = 600


def hint_bot(seed: int = 0):
    """The search bot (the kernel's, pure Python: it runs on the server and in the static site alike)."""
    return make_bot("mcts", seed=seed, budget_ms=HINT_BUDGET_MS)


def hints(match, lang: str, bot=None, k: int = 3) -> list[dict]:
    """The bot's k best moves for the seat to move: id, label, share of visits, and the rule that
    offers each (title, text, citation)."""
    bot = bot or hint_bot(match.seed)
    if bot is None or match.to_move is None:
        return []
    out = []
    for action, share in bot.rank(match, k):
        rule = match.rule(action.rule)
        out.append({"id": action.id, "target": action.target, "label": action.label.render(lang),
                    "share": share, "rule": action.rule,
                    "title": rule.title[lang] if rule else "", "text": rule.text[lang] if rule else "",
                    "source": rule.source if rule else ""})
    return out


def hints_html(items: list[dict], lang: str) -> str:
    """The hint panel: one line per move, its share as a bar, its rule folded underneath."""
    if not items:
        return ""
    rows = []
    for item in items:
        percent = round(100 * item["share"])
        rows.append(
            f"<div class='bgw-hint' data-id='{html.escape(item['id'])}'>"
            f"<b>{html.escape(item['label'])}</b> <small>{percent}%</small> "
            f"<span class='bgw-hint-bar' style='display:inline-block;width:{max(percent, 2)}px;height:8px;"
            f"background:#2e7d32'></span>"
            f"<details><summary title='{html.escape(item['rule'])}'>{html.escape(item['title'])}</summary>"
            f"{html.escape(item['text'])}</details></div>")
    head = html.escape(render("ui.hint.title", {}, lang))
    return f"<div class='bgw-hints'><b>{head}</b>{''.join(rows)}</div>"
