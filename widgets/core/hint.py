"""The Hint: what the search bot would play for the learner's seat, and why, with the rule each move applies.

The shell asks `hints(match, lang)` when the learner presses Hint; the panel (`hints_html`) shows the bot's
three best moves, each with:
- its share of the search's visits, as a percentage; the shown moves and "the other N moves" add up to 100%,
  and a note says what the percentages are (of the search's tries from here, the share that began with
  each move);
- what it changes for the learner now: points, gold, a card, a level... in the game's own words
  (engines/core/explain_move.py reads them from the engine's scores and view; no game is known here);
- what the search expects it to lead to: the learner's lead over the closest rival (or how far behind the
  leader), in the game's points, and for the suggested move how the next best one compares;
- the rule that offers it, folded.
Hovering any other option on the board already says why it is refused (the board's own tooltips).

Everything said is kept as texts (`item["texts"]`), so the panel is drawn again in another language
(`in_language`) without searching again.
"""

from __future__ import annotations

import html

from engines.core.bots import make_bot
from engines.core.explain_move import TextList, move_changes, outlook, percents
from engines.core.texts import Text, localized, render

HINT_BUDGET_MS = 600


def hint_bot(seed: int = 0):
    """The search bot (the kernel's, pure Python: it runs on the server and in the static site alike)."""
    return make_bot("mcts", seed=seed, budget_ms=HINT_BUDGET_MS)


class _Ranked:
    """A move as a bot without `assess` ranks it: its share, and nothing known of its value."""

    def __init__(self, action, share):
        self.action, self.share, self.visits, self.value, self.lead = action, share, None, None, None


def hints(match, lang: str, bot=None, k: int = 3) -> list[dict]:
    """The bot's k best moves for the seat to move: id, label, share of visits and its whole `percent`, what
    the move changes now (`now`), what the search expects (`outlook`), and the rule that offers it (title,
    text, citation). `item["search"]` (the same for every item) tells how many tries the search made and
    what share went to the moves not shown."""
    bot = bot or hint_bot(match.seed)
    if bot is None or match.to_move is None:
        return []
    game = match.game
    if hasattr(bot, "assess"):
        assessed = bot.assess(match)
    else:                                  # another bot's ranking (OpenSpiel's search): shares only
        assessed = [_Ranked(action, share) for action, share in bot.rank(match)]
    shown = assessed[:k]
    rest = max(0.0, 1.0 - sum(a.share for a in shown))
    *whole, rest_percent = percents([a.share for a in shown] + [rest])
    legal = len(match.legal_actions())
    search = {"tries": getattr(bot, "searched", 0) if legal > 1 else 0, "others": legal - len(shown),
              "rest": rest_percent}
    items = []
    for i, (this, percent) in enumerate(zip(shown, whole)):
        action = this.action
        changes = move_changes(match, action)
        now = Text("core.hint.now", changes=TextList(changes)) if changes else Text("core.hint.now.nothing")
        ahead = outlook(game, assessed, i) if this.lead is not None or this.visits == 0 else []
        item = {"id": action.id, "target": action.target, "share": this.share, "percent": percent,
                "rule": action.rule, "source": "", "search": search,
                "texts": {"label": action.label, "now": now, "outlook": ahead, "rule": match.rule(action.rule)}}
        items.append(_rendered(item, lang))
    return items


def _rendered(item: dict, lang: str) -> dict:
    texts = item["texts"]
    rule = texts["rule"]
    return {**item, "label": texts["label"].render(lang), "now": texts["now"].render(lang),
            "outlook": [t.render(lang) for t in texts["outlook"]],
            "title": localized(rule.title, lang) if rule else "", "text": localized(rule.text, lang) if rule else "",
            "source": rule.source if rule else ""}


def in_language(items: list[dict], lang: str) -> list[dict]:
    """The same hints, said in another language (no new search)."""
    return [_rendered(item, lang) for item in items]


def hints_html(items: list[dict], lang: str) -> str:
    """The hint panel: one block per move (its percentage as a number and a bar, what it changes now, what
    the search expects, its rule folded underneath), then what the percentages are and the rest's share."""
    if not items:
        return ""
    rows = []
    for item in items:
        percent = item.get("percent", round(100 * item["share"]))
        why = [item["now"]] if item.get("now") else []
        why += item.get("outlook", [])
        rows.append(
            f"<div class='bgw-hint' data-id='{html.escape(item['id'])}'>"
            f"<b>{html.escape(item['label'])}</b> <small>{percent}%</small> "
            f"<span class='bgw-hint-bar' style='display:inline-block;width:{max(percent, 2)}px;height:8px;"
            f"background:#2e7d32'></span>"
            + "".join(f"<div class='bgw-hint-why' style='margin-left:1em'>{html.escape(line)}</div>" for line in why)
            + f"<details><summary title='{html.escape(item['rule'])}'>{html.escape(item['title'])}</summary>"
            f"{html.escape(item['text'])}</details></div>")
    search = items[0].get("search") or {}
    note = []
    if search.get("tries"):
        note.append(render("core.hint.shares", {"total": search["tries"]}, lang))
    if search.get("others"):
        key = "core.hint.rest.one" if search["others"] == 1 else "core.hint.rest"
        note.append(render(key, {"others": search["others"], "percent": search["rest"]}, lang))
    foot = (f"<div class='bgw-hint-note'><small>{html.escape(' '.join(note) if lang == 'en' else ''.join(note))}"
            f"</small></div>") if note else ""
    head = html.escape(render("core.hint.head", {}, lang))
    return f"<div class='bgw-hints'><b>{head}</b>{''.join(rows)}{foot}</div>"
