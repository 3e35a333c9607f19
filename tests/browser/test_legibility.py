"""Every board's texts are legible and its size holds, measured in Debian Chromium on a real Voila page
(tests/browser/legibility.py measures; `python tests/browser/legibility.py` prints the figures):

- at 1366x768, 95 % of the board's texts are drawn at 11 px or more;
- in classroom mode on a 1920x1080 projector, 90 % at 16 px or more;
- the board keeps its drawn width over three steps (a board that rescales after a move loses its reader);
- and no text on it is a text key left unrendered.
"""

import pytest

from legibility import PAGES, TARGETS, measure_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", sorted(PAGES))
def test_board_texts_are_legible_and_the_board_keeps_its_size(browser, voila_url, game):
    figures = measure_game(browser, voila_url, game)
    for screen in ("laptop", "classroom"):
        found = figures[screen]
        share, floor = TARGETS[screen]
        assert not found["raw_keys"], f"{game}, {screen}: the board shows text keys: {found['raw_keys']}"
        assert not found["clipped"], f"{game}, {screen}: texts cut off at the board's edge: {found['clipped']}"
        assert found["met"], (f"{game}, {screen}: the smallest of the {found['texts']} texts (beyond {share:.0%}) is drawn at "
                              f"{found['smallest']} px, below {floor} px; for example {found['smallest_texts']}")
    widths = figures["widths"]
    assert max(widths) - min(widths) <= 1, f"{game}: the board's width changed over three steps: {widths}"
