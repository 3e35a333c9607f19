"""The tic-tac-toe board renderer: board.js draws the view; its phrases with a seat or a mark are the `ttt.ui.`
texts (texts.toml), filled in by board.js so that each language keeps its own word order."""

from pathlib import Path

from widgets.core.renderer import Renderer



def words(view: dict, say) -> list:
    """The board in words: each seat's squares, then the empty ones (widgets/core/words.py)."""
    def squares(mark):
        found = [s["id"] for s in view["squares"] if s["mark"] == mark]
        return say("ui.list-separator").join(found) or say("ttt.words.none")
    lines = [say("ttt.words.marks", seat=say("core.seat", n=p["seat"] + 1), mark=p["mark"], squares=squares(p["mark"]))
             for p in view["players"]]
    return [(say("ttt.words.grid"), lines + [say("ttt.words.empty", squares=squares(None))])]


RENDERER = Renderer(Path(__file__).parent, "ttt", names=("ttt.phase.",), words=words)
