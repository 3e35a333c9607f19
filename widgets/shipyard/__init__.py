"""The Shipyard board renderer: board.js draws the view; this module supplies its translated labels.

Names (action tiles, equipment and crew, goods, parts, canal and goods tiles, employees, contracts, phases)
are rendered texts; interface phrases that take a number ("Round {n}") are passed as templates that board.js
fills in, so each language keeps its own word order.
"""

from __future__ import annotations

from pathlib import Path

from engines.core.texts import catalog_keys, load_catalog, render, template

load_catalog(Path(__file__).with_name("texts.toml"))

_NAMES = ("sy.action.", "sy.item.", "sy.good.", "sy.partname.", "sy.part.", "sy.canal.", "sy.goods-tile.",
          "sy.employee.", "sy.contract.", "sy.colour.", "sy.phase.", "sy.score.")
_TEMPLATES = ("sy.ui.",)


class ShipyardRenderer:
    directory = Path(__file__).parent

    def labels(self, view: dict, lang: str) -> dict:
        """Every word the board draws, in `lang` (the renderer itself holds no text)."""
        keys = catalog_keys()
        labels = {key: render(key, {}, lang) for key in keys if key.startswith(_NAMES)}
        labels.update({key: template(key, lang) for key in keys if key.startswith(_TEMPLATES)})
        if view.get("scenario"):
            labels["scenario"] = render(f"sy.scenario.{view['scenario']}", {}, lang)
        for seat in range(len(view.get("players", []))):
            labels[f"seat.{seat}"] = render("core.seat", {"n": seat + 1}, lang)
        return labels


RENDERER = ShipyardRenderer()
