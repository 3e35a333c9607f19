"""The Amerigo board renderer: board.js draws the view; the names it shows are colours, actions, goods,
tile shapes, progress tiles, tracks, phases and positions, and its phrases with a number are the `am.ui.`
texts. Under it, the board in words (words.py) tells the same view as text."""

from pathlib import Path

from ..core.renderer import Renderer
from .words import words

RENDERER = Renderer(Path(__file__).parent, "am", names=(
    "am.colour.", "am.action.", "am.goods.", "am.shape.", "am.progress-tile.", "am.track.", "am.phase.",
    "am.sub.", "am.pos.", "am.score.", "am.way.", "am.stack."), words=words,
    # board.js's SEAT (red, yellow, blue, white: a white line would not show on a chart, so grey) and SEAT_DARK
    seat_colours=("#d9342b", "#e6b800", "#2f6fd0", "#8c8c8c"), seat_inks=("#8e1d17", "#8a6d00", "#18407d", "#555555"))
