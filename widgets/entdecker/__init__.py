"""The Entdecker board renderer: board.js draws the view; the names it shows are tiles, units, chips,
events, side patterns, phases and score parts, and its phrases with a number are the `ent.ui.` texts."""

from pathlib import Path

from ..core.renderer import Renderer
from .words import words


RENDERER = Renderer(Path(__file__).parent, "ent", names=(
    "ent.tile.", "ent.unit.", "ent.chip.", "ent.event-name.", "ent.pattern.", "ent.phase.", "ent.score.",
    "ent.side.", "ent.terrain."), words=words)
