"""Bokeh charts: each player's score over the steps of the match, and the final score part by part.

Bokeh is loaded only when a chart is first shown (its Python import takes most of a second and its
JavaScript is 1.3 MB): the board comes up first. BokehJS comes from the installed package through a
small loader widget, never from a CDN, so pages work offline; a chart is built once the loader says
BokehJS is on the page.
"""

from __future__ import annotations

import functools

import html

import anywidget
import ipywidgets as W
import traitlets

from engines.core.texts import render

from .renderer import SEAT_COLOURS, SEAT_INKS

_bokeh_ready = False


@functools.cache
def have_bokeh() -> bool:
    """bokeh needs numpy, which Pyodide cannot get here: in the static site (widgets.site) charts are SVG."""
    try:
        import bokeh  # noqa: F401
        import jupyter_bokeh  # noqa: F401
    except ImportError:
        return False
    return True


def load_bokeh_offline() -> None:
    """Put BokehJS on the page now, as a cell output (for notebooks that show bokeh figures of their own).

    The game shell does not need it: its charts bring BokehJS with them (BokehLoader).
    """
    global _bokeh_ready
    if _bokeh_ready or not have_bokeh():
        return
    from bokeh.io import output_notebook
    from bokeh.resources import Resources
    output_notebook(resources=Resources(mode="inline", components=["bokeh"]), hide_banner=True)
    _bokeh_ready = True


def _bokeh_js() -> str:
    from bokeh.resources import Resources
    return "\n;\n".join(Resources(mode="inline", components=["bokeh"]).js_raw)


class BokehLoader(anywidget.AnyWidget):
    """Runs BokehJS on the page (once per page), then sets `ready`."""
    _esm = """
    export default {
      render({ model }) {
        if (!window.Bokeh) {
          const script = document.createElement("script");
          script.textContent = model.get("code");
          document.head.appendChild(script);
        }
        if (window.Bokeh && !model.get("ready")) { model.set("ready", true); model.save_changes(); }
      },
    };"""
    code = traitlets.Unicode().tag(sync=True)
    ready = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(code=_bokeh_js(), **kwargs)

    def __repr__(self):
        return f"<BokehLoader ready={self.ready}>"


class LazyBokeh:
    """Shows a bokeh figure once BokehJS is on the page.

    `show(make)` puts the loader on the page; `make()` builds the figure as soon as the loader is ready
    (at once if it already is), and `refresh()` makes it again. Until a page shows the box (in a plain
    kernel, or under nbval), nothing is built at all.
    """

    def __init__(self, inks: tuple = SEAT_INKS):
        self.inks = inks                      # the seats' names in their colours, dark enough to read
        self.box = W.VBox(layout=W.Layout(width="100%"))
        self.loader = None
        self.figure = None
        self._make = None
        self._svg = None

    @property
    def ready(self) -> bool:
        return self.loader is not None and self.loader.ready

    def show(self, make, svg=None) -> None:
        """`svg()`, when given, draws the chart as SVG where bokeh is missing; without it nothing is shown."""
        self._make = make
        if not have_bokeh():
            self._svg = svg
            self.refresh()
            return
        if self.loader is None:
            self.loader = BokehLoader()
            self.loader.observe(lambda _: self.refresh(), "ready")
            self.box.children = [self.loader]
        self.refresh()

    def refresh(self) -> None:
        if not have_bokeh():
            if self._svg is None:
                self.box.children = []
            elif self.box.children:
                self.box.children[0].value = self._svg()
            else:
                self.box.children = [W.HTML(self._svg())]
            return
        if not self.ready or self._make is None:
            return
        from jupyter_bokeh import BokehModel
        self.figure = self._make()
        self.box.children = [self.loader, BokehModel(self.figure)]

    def hide(self) -> None:
        self._make = None
        self.figure = None
        if self.loader is not None:
            self.box.children = [self.loader]


class ScoreChart:
    """Score of each seat by timeline step.

    The points are kept at every step; the figure exists only while the chart is shown (`show()`).
    jupyter_bokeh renders a figure as it was when the BokehModel was made, so anything but the data
    (title, legend language, number of lines) is set up front, and the figure is made again when the
    language or the player count changes.
    """

    def __init__(self, colours: tuple = SEAT_COLOURS, inks: tuple = SEAT_INKS):
        self.colours, self.inks = colours, inks     # the seats' colours as the game's board draws them (renderer)
        self.lazy = LazyBokeh()
        self.box = self.lazy.box
        self._points: dict[int, list[int]] = {}
        self._shape = None
        self.visible = False
        self.source = None

    def _make(self):
        from bokeh.models import ColumnDataSource
        from bokeh.plotting import figure
        players, lang = self._shape
        self.source = ColumnDataSource(data=self._data(players))
        fig = figure(height=220, sizing_mode="stretch_width", toolbar_location=None,
                     title=render("ui.chart", {}, lang), x_axis_label=render("ui.timeline", {}, lang),
                     y_axis_label=render("ui.score", {}, lang))
        for seat in range(players):
            fig.line("x", f"s{seat}", source=self.source, color=self.colours[seat % len(self.colours)], line_width=2,
                     legend_label=render("core.seat", {"n": seat + 1}, lang))
        fig.legend.location = "top_left"
        return fig

    @property
    def figure(self):
        return self.lazy.figure

    def _svg(self) -> str:
        """The same chart as SVG (no bokeh): a line per seat, the axes' end values, a legend."""
        players, lang = self._shape or (0, "en")
        steps = sorted(self._points)
        w, h, left, bottom, top, right = 640, 220, 40, 30, 28, 10
        values = [v for p in steps for v in self._points[p]]
        high, low = max([1] + values), min([0] + values)
        last = max(steps[-1] if steps else 1, 1)
        x = lambda p: left + (w - left - right) * p / last                    # noqa: E731
        y = lambda v: h - bottom - (h - bottom - top) * (v - low) / (high - low)    # noqa: E731
        parts = [f"<svg class='bgw-chart-svg' viewBox='0 0 {w} {h}' width='100%' style='max-width:{w}px' "
                 f"xmlns='http://www.w3.org/2000/svg' font-family='sans-serif' font-size='11'>",
                 f"<text x='{left}' y='14' font-size='13' font-weight='bold'>{html.escape(render('ui.chart', {}, lang))}</text>",
                 f"<line x1='{left}' y1='{y(0)}' x2='{w - right}' y2='{y(0)}' stroke='#999'/>",
                 f"<line x1='{left}' y1='{y(low)}' x2='{left}' y2='{top}' stroke='#999'/>",
                 f"<text x='{left - 4}' y='{y(high) + 4}' text-anchor='end'>{high}</text>",
                 f"<text x='{left - 4}' y='{y(low) + 4}' text-anchor='end'>{low}</text>",
                 f"<text x='{w - right}' y='{h - 12}' text-anchor='end'>{html.escape(render('ui.timeline', {}, lang))} {last}</text>"]
        for seat in range(players):
            points = " ".join(f"{x(p):.1f},{y(self._points[p][seat]):.1f}" for p in steps if seat < len(self._points[p]))
            colour, ink = self.colours[seat % len(self.colours)], self.inks[seat % len(self.inks)]
            parts.append(f"<polyline points='{points}' fill='none' stroke='{colour}' stroke-width='2'/>")
            parts.append(f"<text x='{left + 10 + 90 * seat}' y='{h - 12}' fill='{ink}'>"
                         f"{html.escape(render('core.seat', {'n': seat + 1}, lang))}</text>")
        return "".join(parts) + "</svg>"

    def show(self):
        """Put the chart on the page (BokehJS is loaded the first time)."""
        self.visible = True
        self.lazy.show(self._make, self._svg)

    def hide(self):
        self.visible = False
        self.source = None
        self.lazy.hide()

    @staticmethod
    def _empty(players):
        return {"x": [], **{f"s{seat}": [] for seat in range(players)}}

    def reset(self):
        self._points = {}

    def rebuild(self):
        """Make the figure again from the current data (when shown)."""
        if self.visible:
            self.lazy.refresh()

    def _data(self, players):
        data = self._empty(players)
        for p in sorted(self._points):
            data["x"].append(p)
            for seat, total in enumerate(self._points[p]):
                data[f"s{seat}"].append(total)
        return data

    def update(self, match, lang: str):
        position = match.position
        # Only the line that led here is shown: points of undone steps are dropped.
        self._points = {p: v for p, v in self._points.items() if p < position}
        scores = match.scores()
        self._points[position] = [scores[s]["total"] for s in range(match.players)]
        shape = (match.players, lang)
        if not self.visible:
            self._shape = shape
            return
        if shape != self._shape or self.source is None:
            self._shape = shape
            self.lazy.refresh()
        else:
            self.source.data = self._data(match.players)


PART_PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22",
                "#7f7f7f", "#d62728")


def part_name(game, part: str, lang: str) -> str:
    """A score part's name, as the game names it."""
    return game.part_text(part).render(lang)


class ScoreBreakdown:
    """The final score of each player, part by part: a stacked bar chart and a table.

    Shown only once the match is over. Like ScoreChart it is built whole (title, legend, bars) and
    then wrapped in a BokehModel, and rebuilt when the position or the language changes.
    """

    def __init__(self, inks: tuple = SEAT_INKS):
        self.inks = inks                      # the seats' names in their colours, dark enough to read
        self.box = W.VBox(layout=W.Layout(width="100%"))
        self.box.add_class("bgw-final")
        self.title = self.table = None        # made when a match first ends
        self.lazy = LazyBokeh()
        self._key = None

    @property
    def figure(self):
        return self.lazy.figure

    def update(self, match, lang: str):
        if not match.is_over:
            if self._key is not None:
                self.box.children = []
                self.lazy.hide()
                self._key = None
            return
        key = (id(match), match.position, lang)
        if key == self._key:
            return
        scores = match.scores()
        seats = sorted(scores)
        # part id -> its name, in the order the game scores them
        parts = {p: part_name(match.game, p, lang) for p in dict.fromkeys(p for s in seats for p in scores[s]["parts"])}
        names = [render("core.seat", {"n": s + 1}, lang) for s in seats]
        if self.table is None:
            self.title, self.table = W.HTML(), W.HTML()
        self.table.value = self._table(scores, seats, parts, names, lang, match.winners(), self.inks)
        self.title.value = f"<h3 style='margin:4px 0'>{html.escape(render('ui.final', {}, lang))}</h3>"
        self.box.children = [self.title, self.lazy.box, self.table]
        self.lazy.show(lambda: self._figure(scores, seats, parts, names, lang),
                       lambda: self._svg(scores, seats, parts, names, lang, self.inks))
        self._key = key

    @staticmethod
    def _figure(scores, seats, parts, names, lang):
        from bokeh.models import ColumnDataSource, Legend, LegendItem
        from bokeh.plotting import figure
        totals = [scores[s]["total"] for s in seats]
        low = min([0] + [sum(v for v in scores[s]["parts"].values() if v < 0) for s in seats])
        high = max([1] + [sum(v for v in scores[s]["parts"].values() if v > 0) for s in seats])
        # The heading above says what this is, so the figure has no title of its own.
        fig = figure(y_range=list(reversed(names)), height=150 + 52 * len(seats), sizing_mode="stretch_width",
                     toolbar_location=None, x_axis_label=render("ui.score", {}, lang),
                     x_range=(low - 0.5, high * 1.1 + 2))
        # Positive parts stack rightwards from 0, negative ones leftwards, so each bar's length is honest.
        right = {s: 0 for s in seats}
        left = {s: 0 for s in seats}
        items = []
        for i, part in enumerate(parts):
            values = [scores[s]["parts"].get(part, 0) for s in seats]
            starts, ends = [], []
            for s, v in zip(seats, values):
                if v >= 0:
                    starts.append(right[s]); right[s] += v; ends.append(right[s])
                else:
                    starts.append(left[s]); left[s] += v; ends.append(left[s])
            source = ColumnDataSource(data={"y": names, "left": starts, "right": ends, "value": values,
                                            "part": [parts[part]] * len(seats)})
            bar = fig.hbar(y="y", left="left", right="right", height=0.7, source=source,
                           color=PART_PALETTE[i % len(PART_PALETTE)], line_color="white")
            items.append(LegendItem(label=parts[part], renderers=[bar]))
        fig.text(x=[right[s] + 0.3 for s in seats], y=names, text=[str(t) for t in totals],
                 text_baseline="middle", text_font_style="bold", text_font_size="13px")
        fig.add_layout(Legend(items=items, ncols=min(4, len(items)), label_text_font_size="11px",
                              location="center"), "below")
        fig.ygrid.grid_line_color = None
        fig.yaxis.major_label_text_font_size = "13px"
        fig.min_border_left = 70
        return fig

    @staticmethod
    def _svg(scores, seats, parts, names, lang, inks=SEAT_INKS) -> str:
        """The same stacked bars as SVG (no bokeh: the static site): positive parts rightwards from 0,
        negative ones leftwards, each total at the end of its bar, the parts' legend below."""
        w, left, right, row, legend_row = 640, 90, 40, 34, 18
        low = min([0] + [sum(v for v in scores[s]["parts"].values() if v < 0) for s in seats])
        high = max([1] + [sum(v for v in scores[s]["parts"].values() if v > 0) for s in seats])
        scale = (w - left - right) / (high - low)
        x = lambda v: left + (v - low) * scale            # noqa: E731
        legend_rows = (len(parts) + 3) // 4
        h = 10 + row * len(seats) + 10 + legend_row * legend_rows
        out = [f"<svg class='bgw-final-svg' viewBox='0 0 {w} {h}' width='100%' style='max-width:{w}px' "
               f"xmlns='http://www.w3.org/2000/svg' font-family='sans-serif' font-size='12'>"]
        for r, (seat, name) in enumerate(zip(seats, names)):
            top = 10 + row * r
            out.append(f"<text x='{left - 8}' y='{top + row / 2 + 4}' text-anchor='end' font-size='13' "
                       f"fill='{inks[seat % len(inks)]}'>{html.escape(name)}</text>")
            ends = {True: 0, False: 0}                   # how far the positive and negative stacks reach
            for i, part in enumerate(parts):
                value = scores[seat]["parts"].get(part, 0)
                if not value:
                    continue
                start = ends[value > 0]
                ends[value > 0] += value
                a, b = sorted((x(start), x(ends[value > 0])))
                out.append(f"<rect x='{a:.1f}' y='{top + 4}' width='{b - a:.1f}' height='{row - 8}' "
                           f"fill='{PART_PALETTE[i % len(PART_PALETTE)]}' stroke='white'>"
                           f"<title>{html.escape(render('ui.named-value', {'name': parts[part], 'value': value}, lang))}</title></rect>")
            out.append(f"<text x='{x(ends[True]) + 4:.1f}' y='{top + row / 2 + 4}' font-weight='bold' "
                       f"font-size='13'>{scores[seat]['total']}</text>")
        out.append(f"<line x1='{x(0):.1f}' y1='6' x2='{x(0):.1f}' y2='{10 + row * len(seats)}' stroke='#555'/>")
        for i, part in enumerate(parts):
            lx, ly = left + (i % 4) * 130, 10 + row * len(seats) + 10 + legend_row * (i // 4)
            out.append(f"<rect x='{lx}' y='{ly}' width='10' height='10' fill='{PART_PALETTE[i % len(PART_PALETTE)]}'/>"
                       f"<text x='{lx + 14}' y='{ly + 9}' font-size='11'>{html.escape(parts[part])}</text>")
        return "".join(out) + "</svg>"

    @staticmethod
    def _table(scores, seats, parts, names, lang, winners=(), inks=SEAT_INKS):
        """The final score, a row per part and a column per seat; the winners' totals (the game's tie-breaks
        applied: a tie on points need not be a shared win) say so in words, not with a sign (a ★ is glory in
        Endeavor)."""
        won = html.escape(render("ui.winner-mark", {}, lang))
        head = "".join(f"<th style='padding:2px 10px;color:{inks[s % len(inks)]}'>{html.escape(n)}</th>"
                       for s, n in zip(seats, names))
        rows = []
        for part in parts:
            cells = "".join(f"<td style='text-align:right;padding:2px 10px'>{scores[s]['parts'].get(part, 0)}</td>"
                            for s in seats)
            rows.append(f"<tr data-part='{html.escape(part)}'><td style='padding:2px 10px'>"
                        f"{html.escape(parts[part])}</td>{cells}</tr>")
        total = "".join(f"<td style='text-align:right;padding:2px 10px;font-weight:700'>"
                        f"{scores[s]['total']}{won if s in winners else ''}</td>" for s in seats)
        rows.append(f"<tr data-part='total' style='border-top:2px solid #555'><td style='padding:2px 10px;"
                    f"font-weight:700'>{html.escape(render('ui.total', {}, lang))}</td>{total}</tr>")
        return (f"<table class='bgw-score-table' style='border-collapse:collapse;font-size:13px'>"
                f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
