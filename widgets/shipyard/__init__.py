"""The Shipyard board renderer: board.js draws the view; the names it shows are action tiles, equipment and
crew, goods, ship parts, canal and goods tiles, employees, contracts, colours, phases and score parts, and
its phrases with a number are the `sy.ui.` texts. The board itself is named in the rulebook's word, 圖版
(`sy.ui.board-name` and its kin over the kit's 版圖: Renderer.labels)."""

from pathlib import Path

from ..core.renderer import Renderer
from .words import words


RENDERER = Renderer(Path(__file__).parent, "sy", words=words, names=(
    "sy.action.", "sy.item.", "sy.good.", "sy.partname.", "sy.part.", "sy.canal.", "sy.goods-tile.",
    "sy.employee.", "sy.contract.", "sy.colour.", "sy.phase.", "sy.score."))
