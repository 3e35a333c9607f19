"""The side panel of the game shell: the pending decision, its choices, the rule, the latest steps.

One anywidget draws all of it from one synced dict (`panel`), so a step costs one message and one
redraw. Its stylesheet is the shell's layout (side panel beside the board, bottom bar on narrow
screens and in classroom mode), and its script adds the keyboard shortcuts.

A click on a choice sends {"type": "choose", "id": action_id}, exactly like the board; the shell checks
it against the legal actions before anything happens.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

_HERE = Path(__file__).parent


class ShellPanel(anywidget.AnyWidget):
    _esm = _HERE / "panel.js"
    _css = _HERE / "shell.css"
    # {"decision": {"text", "kind", "seat"}, "message": str, "choices": [{id, target, label, legal, why}],
    #  "located": str, "list": str, "captions": [str], "rule": {...} | None, "log": [{...}], "keys": str}
    panel = traitlets.Dict().tag(sync=True)

    def __repr__(self):
        return "<ShellPanel>"
