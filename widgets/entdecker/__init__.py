"""The Entdecker board renderer: board.js draws the view; the names it shows are tiles, units, chips,
events, side patterns, phases and score parts, and its phrases with a number are the `ent.ui.` texts."""

from pathlib import Path

from ..core.renderer import Renderer
from .words import words

class EntdeckerRenderer(Renderer):
    """The kit's words for the board itself (its accessible name, its keys line, the heading of the board in
    words) in the rulebook's word for the board, 遊戲板, as every other text of this game says it."""

    OWN = {"ui.board.name": "ent.ui.board-name", "ui.board.keys": "ent.ui.board-keys",
           "ui.words.title": "ent.ui.words-title"}

    def labels(self, view: dict, lang: str) -> dict:
        labels = super().labels(view, lang)
        labels.update({kit: labels[own] for kit, own in self.OWN.items()})
        return labels


RENDERER = EntdeckerRenderer(Path(__file__).parent, "ent", names=(
    "ent.tile.", "ent.unit.", "ent.chip.", "ent.event-name.", "ent.pattern.", "ent.phase.", "ent.score.",
    "ent.side.", "ent.terrain."), words=words)
