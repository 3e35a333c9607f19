"""The tic-tac-toe board renderer: board.js draws the view; its phrases with a seat or a mark are the `ttt.ui.`
texts (texts.toml), filled in by board.js so that each language keeps its own word order."""

from pathlib import Path

from widgets.core.renderer import Renderer

RENDERER = Renderer(Path(__file__).parent, "ttt", names=("ttt.phase.",))
