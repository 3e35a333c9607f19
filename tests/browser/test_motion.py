"""Issue 33: a learner who asks the system for less motion (prefers-reduced-motion: reduce) sees no animation on
a board: the "Show me" pointer's march, a located option's blinking, Amerigo's falling cubes, Shipyard's sailing
ship. Checked with the pages' real stylesheets in Debian Chromium, with and without the preference."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
SHEETS = ("core/board.css", "core/shell.css", "amerigo/board.css", "shipyard/board.css")
ANIMATED = {                           # what each element is, as the boards draw it
    "pointer": '<rect class="bgw-pointer" width="20" height="20"/>',
    "located": '<g class="bgw-legal bgw-located"><rect class="bgw-frame" width="20" height="20"/></g>',
    "cube": '<g class="am-falling"><rect width="10" height="10"/></g>',
    "ship": '<g class="sy-ship-marker sy-sailing"><circle r="5"/></g>',
}
PAGE = """<!doctype html><html><head><style>%s</style></head><body><div class="bgw-shell"><div class="bgw-board">
<svg width="200" height="200">%s</svg></div></div></body></html>"""
NAMES = """() => Object.fromEntries([...document.querySelectorAll('svg > *')].map(
  (e) => [e.dataset.what, getComputedStyle(e).animationName]))"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_no_board_animation_when_less_motion_is_asked_for(page, tmp_path, motion):
    styles = "\n".join((WIDGETS / sheet).read_text(encoding="utf-8") for sheet in SHEETS)
    elements = "".join(html.replace(" class=", f' data-what="{what}" class=', 1) for what, html in ANIMATED.items())
    path = tmp_path / "motion.html"
    path.write_text(PAGE % (styles, elements), encoding="utf-8")
    page.emulate_media(reduced_motion=motion)
    page.goto(path.as_uri())
    names = page.evaluate(NAMES)
    assert set(names) == set(ANIMATED)
    if motion == "reduce":
        assert all(name == "none" for name in names.values()), names
    else:                              # the check itself: without the preference, each one is animated
        assert all(name != "none" for name in names.values()), names
