"""The Amerigo board renderer: board.js draws the view; this module supplies its translated labels.

Names (colours, actions, goods, tile shapes, progress tiles, tracks, phases, positions) are rendered
texts; interface phrases that take a number ("Round {n} of {rounds}") are passed as templates that
board.js fills in, so each language keeps its own word order.
"""

from __future__ import annotations

from pathlib import Path

from engines.core.texts import catalog_keys, load_catalog, render, template

load_catalog(Path(__file__).with_name("texts.toml"))

_NAMES = ("am.colour.", "am.action.", "am.goods.", "am.shape.", "am.progress-tile.", "am.track.", "am.phase.",
          "am.sub.", "am.pos.", "am.score.")
_TEMPLATES = ("am.ui.",)


class AmerigoRenderer:
    directory = Path(__file__).parent

    def labels(self, view: dict, lang: str) -> dict:
        """Every word the board draws, in `lang` (the renderer itself holds no text)."""
        keys = catalog_keys()
        labels = {key: render(key, {}, lang) for key in keys if key.startswith(_NAMES)}
        labels.update({key: template(key, lang) for key in keys if key.startswith(_TEMPLATES)})
        if view.get("scenario"):
            labels["scenario"] = render(f"am.scenario.{view['scenario']}", {}, lang)
        for seat in range(len(view.get("players", []))):
            labels[f"seat.{seat}"] = render("core.seat", {"n": seat + 1}, lang)
        return labels


RENDERER = AmerigoRenderer()
