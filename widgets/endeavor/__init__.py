"""The Endeavor board renderer, for both editions: board.js draws the view; this module supplies its
translated labels and what the view names only by id (building types, token kinds).

The board draws names under plain keys ("building.market", "ui.track"). Age of Sail's words are those
keys themselves; Endeavor (2009) keeps its own under "e2009.*" (its components, from its data files) and
"e09.ui.*" (this renderer's texts.toml), and `labels` puts them under the plain keys for a 2009 view.
"""

from __future__ import annotations

from pathlib import Path

from engines.core.texts import catalog_keys, load_catalog, render
from ..core.renderer import SEAT_COLOURS, SEAT_INKS, kit_templates

load_catalog(Path(__file__).with_name("texts.toml"))

# Every catalog key under these prefixes is a name the board may draw.
_PREFIXES = ("building.", "attribute.", "level.", "phase.", "score.", "region.", "space.", "card.", "token.",
             "action.", "seat.")
_ATTRIBUTES = ("industry", "culture", "wealth", "influence")


def _ui_keys() -> list[str]:
    """The board's own words: every key of this renderer's texts.toml (an edition's own under "e09.ui.")."""
    import tomllib
    return list(tomllib.loads(Path(__file__).with_name("texts.toml").read_text(encoding="utf-8")))


_UI = _ui_keys()
_cache: dict[str, dict] = {}


def _component_data(game) -> dict:
    """What each building type is (actions, how they combine, icons, glory) and each token kind (its
    attribute or actions): the view names only the type (the coastline, the start tiles, the tokens)."""
    data = {f"data.building.{b.id}": {"actions": list(b.actions), "combine": b.combine,
                                      "icons": dict(zip(_ATTRIBUTES, b.icons)), "glory": b.glory,
                                      "memorial_tracks": list(b.memorial_tracks),
                                      "no_payment": b.no_payment}
            for b in game.buildings.values()}
    data["data.tokens"] = {k.id: {"attribute": None if k.attribute is None else _ATTRIBUTES[k.attribute],
                                  "actions": list(k.actions)} for k in game.tokens.values()}
    data["data.token-of-attribute"] = {_ATTRIBUTES[k.attribute]: k.id for k in game.tokens.values()
                                       if k.attribute is not None}
    # the 2009 board joins its cities by white lines (its rulebook's 白线), Age of Sail's by brown connections
    data["data.white-lines"] = bool(game.names)
    return data


class EndeavorRenderer:
    directory = Path(__file__).parent
    seat_colours, seat_inks = SEAT_COLOURS, SEAT_INKS     # board_kit.js's, as the board draws the seats

    def labels(self, view: dict, lang: str) -> dict:
        """Every name the board draws, in `lang` and in the words of the view's edition (the renderer
        itself holds no text)."""
        import engines
        game = engines.get_game(view.get("game") or "endeavor-aos")
        players = len(view.get("players", []))
        key = f"{game.id}/{lang}/{players}"
        if key not in _cache:
            keys = [k for k in catalog_keys() if k.startswith(_PREFIXES)] + [k for k in _UI if k.startswith("ui.")]
            labels = {k: render(k, {}, lang) for k in keys}
            labels.update(kit_templates(lang))            # the kit's "name: value", "name (note)"... in the language's marks
            if game.names:       # the edition's own words replace Age of Sail's (and the kit's words for the board itself)
                own = f"{game.prefix}.ui."
                labels.update({k[len(game.names):]: render(k, {}, lang) for k in catalog_keys()
                               if k.startswith(game.names)})
                labels.update({"ui." + k[len(own):]: render(k, {}, lang) for k in _UI if k.startswith(own)})
            for seat in range(players):
                labels[f"seat.{seat}"] = render("core.seat", {"n": seat + 1}, lang)
            labels.update(_component_data(game))
            _cache[key] = labels
        return dict(_cache[key])

    def words(self, view: dict, say) -> list:
        """The board in words (widgets/core/words.py): each seat's mat, each region, the connections, the tray,
        in the words of the view's edition (words.py)."""
        from .words import words
        return words(view, say)


RENDERER = EndeavorRenderer()
