"""What the shell and the lesson widget both hand a board: the pending decision's options, and a guard that
shows a failing callback on the page.

A board draws the options; it decides nothing. Each option carries its action's parameters (a unit's price,
a card's place in the hand...), so that a board never works a rule out again to label an option.
"""

from __future__ import annotations

import logging

from engines.core.texts import render

log = logging.getLogger(__name__)


def board_choices(match, lang: str, candidates=None) -> list[dict]:
    """Every option of the pending decision the board can show: id, target, label, whether it is legal and,
    if not, why (in `lang`), its tooltip ("label: why" with the language's own colon), and the action's
    parameters that are plain values. `candidates`: the match's, if the caller has already asked for them."""
    out = []
    for action, why in (match.candidates() if candidates is None else candidates):
        label = action.label.render(lang)
        reason = None if why is None else why.render(lang)
        out.append({"id": action.id, "target": action.target, "label": label, "legal": why is None, "why": reason,
                    "tip": label if why is None else render("ui.named-value", {"name": label, "value": reason}, lang),
                    "params": {k: v for k, v in action.params.items() if isinstance(v, (str, int, float, bool))}})
    return out


def guarded(output, callback, what: str = "callback"):
    """`callback`, run inside `output` (an ipywidgets Output), so that a failure is shown on the page and
    logged instead of vanishing in the browser's console."""
    def run(*args):
        with output:
            try:
                return callback(*args)
            except Exception:
                log.exception("%s failed", what)
                raise
    return run
