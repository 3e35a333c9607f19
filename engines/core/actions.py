"""Actions (a player's decisions), events (what happened) and the refusal of illegal moves."""

from __future__ import annotations

from .texts import Text


class Action:
    """One legal decision. `id` is stable and readable ("build:theatre"); its first word is the action's
    `kind`, the move that plays it (engines/core/moves.py).

    `rule` names the rule that offers the action, `target` the board element the
    widget highlights for it, and `label` (a Text) how a menu names it. `args` are what
    the move's method is called with (worked out once, when the action is made, so that
    playing it never parses its id again). `index` is its number in the game's action
    table (set by the match; -1 until then).
    """

    __slots__ = ("id", "kind", "rule", "target", "label_key", "params", "args", "index")

    def __init__(self, id: str, rule: str, target: str | None = None,
                 label_key: str | None = None, *, args: tuple = (), **params):
        self.index = -1
        self.id = id
        self.kind = id.partition(":")[0]
        self.rule = rule
        self.target = target
        self.label_key = label_key
        self.args = args
        self.params = params

    @property
    def label(self) -> Text:
        return Text(self.label_key or "act." + self.id.split(":", 1)[0], **self.params)

    def __eq__(self, other):
        return isinstance(other, Action) and other.id == self.id

    def __hash__(self):
        return hash(self.id)

    def __repr__(self):
        return f"Action({self.id!r})"


class Event:
    """One entry of the narrated log.

    `rule` is the rule id applied; `automatic` tells a consequence the rules
    resolved by themselves from a player's decision; the text key defaults to
    the rule id.
    """

    __slots__ = ("rule", "seat", "automatic", "params", "key")

    def __init__(self, rule: str, seat: int | None = None, automatic: bool = True,
                 key: str | None = None, **params):
        self.rule = rule
        self.seat = seat
        self.automatic = automatic
        self.key = key or rule
        self.params = params

    def text(self, lang: str = "en") -> str:
        params = self.params if self.seat is None else {"seat": self.seat, **self.params}
        return Text(self.key, **params).render(lang)

    def to_json(self) -> dict:
        return {"rule": self.rule, "seat": self.seat, "automatic": self.automatic,
                "key": self.key, "params": self.params}

    def __repr__(self):
        return f"Event({self.rule!r}, seat={self.seat}, {self.params!r})"


class IllegalAction(Exception):
    """A refused move. `.rule` names the rule that forbids it, `.text` says why."""

    def __init__(self, rule: str, text: Text, action_id: str = ""):
        self.rule = rule
        self.text = text
        self.action_id = action_id
        super().__init__(f"{action_id}: {text.render('en')} [{rule}]" if action_id
                         else f"{text.render('en')} [{rule}]")
