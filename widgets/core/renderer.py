"""A board renderer's Python half: where its board.js and board.css are, and every word the board draws.

A game's renderer names the text keys its board shows: `names`, prefixes of keys rendered as they are
(a tile, a unit, a phase), and `templates`, prefixes of interface phrases that take a number ("Round
{n}"), passed unfilled so that board.js fills them in and each language keeps its own word order. The
renderer itself holds no text.
"""

from __future__ import annotations

from pathlib import Path

from engines.core.texts import catalog_keys, load_catalog, render, template


# The templates board_kit.js composes with (named, aside, either, listed): "{name}: {value}", "{name} ({note})",
# "{a} / {b}", "a, b" in the language's colon, brackets, slash and comma; and the board's accessible name and
# the line that says how its keys work. Every board's labels carry them.
KIT_TEMPLATES = ("ui.named-value", "ui.aside", "ui.either", "ui.list-separator", "ui.board.name", "ui.board.keys",
                 "ui.words.title")


# The seats' colours where a board draws them as board_kit.js does (SEAT_COLOURS there), and darker inks of the
# same hues for their names in text (4.5:1 or more on white). A game whose board has its own colours says so.
SEAT_COLOURS = ("#c0392b", "#2e86c1", "#d4ac0d", "#7d3c98", "#229954")
SEAT_INKS = ("#a93226", "#1f618d", "#7d6608", "#6c3483", "#1e8449")


# The kit's words for the board itself that a game may say in its own word for the board (`labels`).
KIT_OWN = {"ui.board.name": "board-name", "ui.board.keys": "board-keys", "ui.words.title": "words-title"}


def kit_templates(lang: str) -> dict:
    return {key: template(key, lang) for key in KIT_TEMPLATES}


class Renderer:
    def __init__(self, directory: Path, prefix: str, names: tuple[str, ...], templates: tuple[str, ...] = (),
                 words=None, seat_colours: tuple = SEAT_COLOURS, seat_inks: tuple = SEAT_INKS):
        self.directory = Path(directory)
        self.seat_colours, self.seat_inks = seat_colours, seat_inks   # for the score charts beside the board
        self._words = words                        # the game's part of the board in words (see `words`)
        self.prefix = prefix                       # the game's text namespace, e.g. "ent"
        self.names = names
        self.templates = templates or (f"{prefix}.ui.",)
        load_catalog(self.directory / "texts.toml")

    def labels(self, view: dict, lang: str) -> dict:
        """Every word the board draws, in `lang`."""
        keys = catalog_keys()
        labels = {key: render(key, {}, lang) for key in keys if key.startswith(self.names)}
        labels.update({key: template(key, lang) for key in keys if key.startswith(self.templates)})
        labels.update(kit_templates(lang))
        # A game whose rulebook has its own word for the board (Entdecker's 遊戲板, Shipyard's 圖版) says the kit's
        # words for the board itself in it: `<prefix>.ui.board-name`, `.board-keys`, `.words-title` over the kit's.
        labels.update({kit: template(f"{self.prefix}.ui.{own}", lang) for kit, own in KIT_OWN.items()
                       if f"{self.prefix}.ui.{own}" in keys})
        if view.get("scenario"):
            labels["scenario"] = render(f"{self.prefix}.scenario.{view['scenario']}", {}, lang)
        for seat in range(len(view.get("players", []))):
            labels[f"seat.{seat}"] = render("core.seat", {"n": seat + 1}, lang)
        return labels

    def words(self, view: dict, say) -> list:
        """The game's part of the board in words (widgets/core/words.py): [(heading, [line, ...]), ...], what
        each seat holds and what lies on each region or track, read from `view` as the board draws it;
        `say(key, **params)` renders a text in the page's language."""
        return self._words(view, say) if self._words is not None else []
