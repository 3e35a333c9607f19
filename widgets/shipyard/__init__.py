"""The Shipyard board renderer: board.js draws the view; the names it shows are action tiles, equipment and
crew, goods, ship parts, canal and goods tiles, employees, contracts, colours, phases and score parts, and
its phrases with a number are the `sy.ui.` texts."""

from pathlib import Path

from ..core.renderer import Renderer
from .words import words


class ShipyardRenderer(Renderer):
    """The kit's words for the board itself (its accessible name, its keys line, the heading of the board in
    words) in the rulebook's word for the board, 圖版, as the side panel and every other text of this game say it
    (a zh-Hans learner met the kit's 版圖 at the board's foot and 圖版 in the panel)."""

    OWN = {"ui.board.name": "sy.ui.board-name", "ui.board.keys": "sy.ui.board-keys",
           "ui.words.title": "sy.ui.words-title"}

    def labels(self, view: dict, lang: str) -> dict:
        labels = super().labels(view, lang)
        labels.update({kit: labels[own] for kit, own in self.OWN.items()})
        return labels


RENDERER = ShipyardRenderer(Path(__file__).parent, "sy", words=words, names=(
    "sy.action.", "sy.item.", "sy.good.", "sy.partname.", "sy.part.", "sy.canal.", "sy.goods-tile.",
    "sy.employee.", "sy.contract.", "sy.colour.", "sy.phase.", "sy.score."))
