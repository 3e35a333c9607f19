"""A bokeh chart of each player's glory over the steps of the match (live through BokehModel)."""

from __future__ import annotations

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
    def __init__(self):
        self.source = ColumnDataSource(data=self._empty())
        self.figure = figure(height=220, sizing_mode="stretch_width", toolbar_location=None,
                             x_axis_label="step", y_axis_label="glory")
        self.lines = [self.figure.line("x", f"s{seat}", source=self.source, color=PALETTE[seat], line_width=2,
                                       legend_label=f"P{seat + 1}") for seat in range(MAX_SEATS)]
        self.figure.legend.location = "top_left"
        self.widget = BokehModel(self.figure)
        self._points: dict[int, list[int]] = {}
        self._lang = None

    @staticmethod
    def _empty():
        return {"x": [], **{f"s{seat}": [] for seat in range(MAX_SEATS)}}

    def reset(self):
        self._points = {}

    def update(self, match, lang: str):
        position = match.position
        # Only the line that led here is shown: points of undone steps are dropped.
        self._points = {p: v for p, v in self._points.items() if p < position}
        scores = match.scores()
        self._points[position] = [scores[s]["total"] for s in range(match.players)]
        data = self._empty()
        for p in sorted(self._points):
            data["x"].append(p)
            totals = self._points[p]
            for seat in range(MAX_SEATS):
                data[f"s{seat}"].append(totals[seat] if seat < len(totals) else None)
        self.source.data = data
        for seat, line in enumerate(self.lines):
            line.visible = seat < match.players
        if lang != self._lang:
            self._lang = lang
            self.figure.title.text = render("ui.chart", {}, lang)
            self.figure.yaxis.axis_label = render("ui.score", {}, lang)
            self.figure.xaxis.axis_label = render("ui.timeline", {}, lang)
            for seat, item in enumerate(self.figure.legend.items):
                item.label = {"value": render("core.seat", {"n": seat + 1}, lang)}
