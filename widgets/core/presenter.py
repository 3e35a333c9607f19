"""Between a match and the widgets that show it: what a page shows of one moment, worked out once.

The play shell and the lesson widget both show a match: a board with the options of the pending decision, a
status line, the rule just applied, log lines. A `Frame` holds what the board needs for one position, one
viewer and one language, read off the match once: the options are asked of the engine once, and a click is
checked against them instead of asking the engine again. The functions below turn the rest (status line, rule
box, log lines) into what a page shows, the same way for both widgets. Nothing here knows a game's rules:
the match says what is legal and why not, and the game's own texts say it.
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass, field

from engines.core.texts import localized

from .choices import board_choices
from .citations import cite, cite_tip, t
from .words import board_in_words


@dataclass(frozen=True)
class Frame:
    """What a board shows of a match at one position, for one viewer, in one language."""
    position: int
    lang: str
    view: dict
    seat: int | None                   # whose options the board offers (None: it offers none)
    choices: list = field(default_factory=list)    # board_choices: every option, legal or not, with why
    labels: dict = field(default_factory=dict)     # the board's words for this view
    asks: str = ""                     # what the offered decision asks for, in a few words
    tell: object = field(default=None, repr=False, compare=False)   # makes the board in words (words.py)
    _told: list = field(default_factory=list, repr=False, compare=False)

    @property
    def words(self) -> list:
        """The board in words (words.py): [[heading, [line, ...]], ...], made the first time it is asked for
        (most pages never open it), from the match as it is then: ask before the match moves on."""
        if not self._told and self.tell is not None:
            self._told.extend(self.tell())
        return self._told

    @property
    def legal(self) -> frozenset:
        """The ids of the options the board offers that the rules allow."""
        return frozenset(c["id"] for c in self.choices if c["legal"])

    def offers(self, action_id) -> bool:
        """Whether a click on `action_id` is a legal option of this frame (a forged or stale id is not)."""
        return isinstance(action_id, str) and action_id in self.legal


def frame(match, renderer, lang: str, viewer: int | None, offer: bool, hide: tuple = ()) -> Frame:
    """The frame of `match` now: its view for `viewer` (None: every hand open), without the view's fields
    named in `hide`, and with `offer`, the options of the seat to move."""
    view = match.view(viewer)
    if hide:
        view = {k: v for k, v in view.items() if k not in hide}
    seat = match.to_move if offer else None
    candidates = match.candidates() if seat is not None else []      # the engine asked once for this frame
    legal = [action for action, why in candidates if why is None]
    choices = board_choices(match, lang, candidates) if seat is not None else []
    return Frame(position=match.position, lang=lang, view=view, seat=seat, choices=choices,
                 labels=renderer.labels(view, lang), asks=asks(match, lang, legal) if seat is not None else "",
                 tell=lambda: board_in_words(match, view, renderer, lang, choices, seat))


def asks(match, lang: str, legal: list | None = None) -> str:
    """What the pending decision asks for, in a few words: the title of the rule that offers most of its legal
    options ("Ship to a shipping track", "Choose an action tile"); "" when nothing is to be decided.
    `legal`: the legal actions, if the caller has them."""
    rules = [a.rule for a in (match.legal_actions() if legal is None else legal)]
    if not rules:
        return ""
    rule = match.rule(Counter(rules).most_common(1)[0][0])
    return localized(rule.title, lang) if rule is not None else ""


def status_html(match, view: dict, lang: str, *, to_move: bool = False, scores: str = "") -> str:
    """The status line: the game, the round, the phase (or game over), with `to_move` whose turn it is, and
    after it `scores` (HTML the caller made, e.g. each seat's score with its parts in a tooltip)."""
    game = match.game
    parts = [f"<span class='bgw-title'>{html.escape(game.title.render(lang))}</span>"]
    if view.get("round"):
        parts.append(html.escape(game.round_text(view["round"], view.get("rounds", "?")).render(lang)))
    if match.is_over:
        parts.append(html.escape(t("ui.over", lang)))
    else:
        parts.append(html.escape(game.phase_text(match.phase).render(lang)))
        if to_move and match.to_move is not None:
            parts.append(html.escape(t("ui.lesson.to-move", lang, seat=match.to_move)))
    return " · ".join(parts) + scores


def rule_entry(match, rule_id: str, lang: str) -> dict | None:
    """A rule as a page shows it: its heading, title, text, what it rests on (`note`, where it is a ruling or a
    stand-in) and citation (the id only for data attributes)."""
    rule = match.rule(rule_id)
    if rule is None:
        return None
    title = localized(rule.title, lang)
    return {"heading": t("ui.rule.named", lang, title=title), "title": title, "id": rule.id,
            "text": localized(rule.text, lang), "note": localized(rule.note, lang) if rule.note else "",
            "cite": cite(rule.source, lang, match.game.id), "source": cite_tip(rule.source, lang)}


def event_entry(match, event, lang: str) -> dict:
    """A log line as a page shows it: its text, the rule it applied (cited, and its text for a tooltip)."""
    rule = rule_entry(match, event.rule, lang)
    return {"text": event.text(lang), "rule": event.rule, "automatic": bool(event.automatic),
            "cite": rule["cite"] if rule else "", "tip": rule["text"] if rule else ""}
