"""The Endeavor board renderer: board.js draws the view; this module supplies its translated labels."""

from __future__ import annotations

from pathlib import Path

from engines.core.texts import catalog_keys, load_catalog, render

load_catalog(Path(__file__).with_name("texts.toml"))

# Every catalog key under these prefixes is a name the board may draw.
_PREFIXES = ("building.", "attribute.", "level.", "phase.", "score.", "region.", "space.", "card.", "token.",
             "action.", "seat.")
_ATTRIBUTES = ("industry", "culture", "wealth", "influence")


def _ui_keys() -> list[str]:
    """The board's own words: every key of this renderer's texts.toml."""
    import tomllib
    return list(tomllib.loads(Path(__file__).with_name("texts.toml").read_text(encoding="utf-8")))


_UI = _ui_keys()
_cache: dict[str, dict] = {}


def _building_data() -> dict:
    """What each building type is (actions, how they combine, icons, glory): the coastline in the view
    names only the type, and the start tiles are not in the tray."""
    import engines
    game = engines.get_game("endeavor-aos")
    return {f"data.building.{b.id}": {"actions": list(b.actions), "combine": b.combine,
                                      "icons": dict(zip(_ATTRIBUTES, b.icons)), "glory": b.glory}
            for b in game.buildings.values()}


class EndeavorRenderer:
    directory = Path(__file__).parent

    def labels(self, view: dict, lang: str) -> dict:
        """Every name the board draws, in `lang` (the renderer itself holds no text)."""
        players = len(view.get("players", []))
        key = f"{lang}/{players}"
        if key not in _cache:
            keys = [k for k in catalog_keys() if k.startswith(_PREFIXES)] + _UI
            labels = {k: render(k, {}, lang) for k in keys}
            for seat in range(players):
                labels[f"seat.{seat}"] = render("core.seat", {"n": seat + 1}, lang)
            labels.update(_building_data())
            _cache[key] = labels
        return dict(_cache[key])


RENDERER = EndeavorRenderer()
