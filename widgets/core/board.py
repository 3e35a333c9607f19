"""The board host: one anywidget that draws a game's JSON view as SVG.

Each game supplies its renderer (an ES module and a stylesheet). The renderer
draws `view`, marks each element named by a choice's `target`, and sends back
{"type": "choose", "id": action_id} when the learner clicks one. Python checks
every message against the legal actions before anything happens.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

_HOST_CSS = (Path(__file__).with_name("board.css")).read_text(encoding="utf-8")
_HOST_JS = (Path(__file__).with_name("board_kit.js")).read_text(encoding="utf-8")


def renderer_module(renderer_dir: Path) -> str:
    """A game's board module: the host's shared functions, then the game's board.js (one ES module)."""
    return _HOST_JS + "\n" + (Path(renderer_dir) / "board.js").read_text(encoding="utf-8")


class BoardWidget(anywidget.AnyWidget):
    # The module and stylesheet come per game, so they are declared as synced traits here: anywidget
    # only syncs `_esm`/`_css` given as class attributes, and a `_css` passed to __init__ alone would
    # never reach the page (the highlight of legal choices lives in it).
    _esm = traitlets.Unicode().tag(sync=True)
    _css = traitlets.Unicode().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)          # the engine's position, as JSON
    choices = traitlets.List().tag(sync=True)       # [{id, target, label, legal, why}]
    labels = traitlets.Dict().tag(sync=True)        # translated names the renderer shows
    lang = traitlets.Unicode("en").tag(sync=True)
    seat = traitlets.Int(-1).tag(sync=True)         # the seat whose decision is offered, -1 for none
    # How the renderer draws. By default every player's mat in full; {"mats": "compact", "open": [0]}
    # (the game shell's choice) draws the seat to move and the seats listed in "open" in full and the
    # others on one line each, opened by a click; "teacher": true when the page's teacher view is on (a board
    # may then show what the view of every seat holds, such as what lies face down); "score_held": true while a
    # lesson's question would be answered by the final scoring (a board that draws a final score table waits).
    options = traitlets.Dict().tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)      # bumps on every redraw (tests wait on it)
    focus = traitlets.Unicode("").tag(sync=True)    # a data-target the page scrolls into view (lessons)
    words = traitlets.List().tag(sync=True)         # the board in words: [[heading, [line, ...]], ...]
    words_open = traitlets.Bool(False).tag(sync=True)   # the learner opened it (it is made only while open)

    def __init__(self, renderer_dir: Path, **kwargs):
        renderer_dir = Path(renderer_dir)
        super().__init__(
            _esm=renderer_module(renderer_dir),
            _css=_HOST_CSS + (renderer_dir / "board.css").read_text(encoding="utf-8"),
            **kwargs)
        # The board in words of the position drawn (a list, or a function that makes it): kept so that opening
        # the words later tells this position; `show` replaces it with every redraw.
        self._tell = None

    def show(self, view: dict, choices: list, labels: dict, lang: str, seat: int | None, focus: str = "",
             words=None):
        """Redraw in one go: every trait is a new object, so the front end always hears of it. `words`: the
        board in words, or a function that makes it, asked only while the learner has it open."""
        self._tell = words
        with self.hold_sync():
            self.focus = focus or ""
            self.words = self._told()
            self.view = view
            self.choices = choices
            self.labels = labels
            self.lang = lang
            self.seat = -1 if seat is None else seat
            self.revision += 1

    def _told(self) -> list:
        if not self.words_open or self._tell is None:
            return []
        return list(self._tell() if callable(self._tell) else self._tell)

    @traitlets.observe("words_open")
    def _words_opened(self, change):
        if change["new"]:                  # made now, for the position on the board
            with self.hold_sync():
                self.words = self._told()
                self.revision += 1

    def __repr__(self):
        return f"<BoardWidget revision={self.revision}>"
