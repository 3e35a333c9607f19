"""A bokeh chart of each player's glory over the steps of the match (live through BokehModel)."""

from __future__ import annotations

import ipywidgets as W
from bokeh.models import ColumnDataSource
from bokeh.plotting import figure
from jupyter_bokeh import BokehModel

from engines.core.texts import render

PALETTE = ("#c0392b", "#2e86c1", "#d4ac0d", "#7d3c98", "#229954")   # seat colours, as on the board
MAX_SEATS = len(PALETTE)

_bokeh_ready = False


def load_bokeh_offline() -> None:
    """Put BokehJS on the page from the installed package, never from a CDN (pages work offline)."""
    global _bokeh_ready
    if _bokeh_ready:
        return
    from bokeh.io import output_notebook
    from bokeh.resources import Resources
    output_notebook(resources=Resources(mode="inline", components=["bokeh"]), hide_banner=True)
    _bokeh_ready = True


class ScoreChart:
    """Glory of each seat by timeline step.

    jupyter_bokeh renders a figure as it was when the BokehModel was made, so
    anything but the data (title, legend language, number of lines) is set up
    front, and the chart is rebuilt when the language or the player count changes.
    """

    def __init__(self):
        self.box = W.VBox(layout=W.Layout(width="100%"))
        self._points: dict[int, list[int]] = {}
        self._shape = None

    def _build(self, players: int, lang: str):
        self.source = ColumnDataSource(data=self._empty(players))
        fig = figure(height=220, sizing_mode="stretch_width", toolbar_location=None,
                     title=render("ui.chart", {}, lang), x_axis_label=render("ui.timeline", {}, lang),
                     y_axis_label=render("ui.score", {}, lang))
        for seat in range(players):
            fig.line("x", f"s{seat}", source=self.source, color=PALETTE[seat], line_width=2,
                     legend_label=render("core.seat", {"n": seat + 1}, lang))
        fig.legend.location = "top_left"
        self.figure = fig
        self.box.children = [BokehModel(fig)]
        self._shape = (players, lang)

    @staticmethod
    def _empty(players):
        return {"x": [], **{f"s{seat}": [] for seat in range(players)}}

    def reset(self):
        self._points = {}

    def update(self, match, lang: str):
        if self._shape != (match.players, lang):
            self._build(match.players, lang)
        position = match.position
        # Only the line that led here is shown: points of undone steps are dropped.
        self._points = {p: v for p, v in self._points.items() if p < position}
        scores = match.scores()
        self._points[position] = [scores[s]["total"] for s in range(match.players)]
        data = self._empty(match.players)
        for p in sorted(self._points):
            data["x"].append(p)
            for seat, total in enumerate(self._points[p]):
                data[f"s{seat}"].append(total)
        self.source.data = data
