"""The Endeavor board renderer: board.js draws the view; this module supplies its translated labels."""

from __future__ import annotations

from pathlib import Path

from engines.core.texts import catalog_keys, load_catalog, render

load_catalog(Path(__file__).with_name("texts.toml"))

_PREFIXES = ("building.", "attribute.", "level.", "phase.", "score.")
_UI = ("ui.tray", "ui.harbor", "ui.supply", "ui.face-down", "ui.left", "ui.choose-start", "ui.coastline",
       "ui.crown", "ui.worker", "ui.no-payment", "ui.glory", "ui.stand-in-short", "ui.level", "ui.actions",
       "ui.action.ship", "ui.action.occupy", "ui.action.attack", "ui.action.payment", "ui.action.acquire")


class EndeavorRenderer:
    directory = Path(__file__).parent

    def labels(self, view: dict, lang: str) -> dict:
        """Every name the board draws, in `lang` (the renderer itself holds no text)."""
        keys = [k for k in catalog_keys() if k.startswith(_PREFIXES)] + list(_UI)
        labels = {key: render(key, {}, lang) for key in keys}
        for seat in range(len(view.get("players", []))):
            labels[f"seat.{seat}"] = render("core.seat", {"n": seat + 1}, lang)
        return labels


RENDERER = EndeavorRenderer()
