"""The board kit (widgets/core/board_kit.js), the drawing context every board shares, run under Node."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

KIT = Path(__file__).resolve().parents[1] / "widgets" / "core" / "board_kit.js"
BOARDS = sorted(KIT.parents[1].glob("*/board.js"))

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node not installed")


def run_js(code: str):
    done = subprocess.run(["node", "--input-type=module", "-e", KIT.read_text() + "\n" + code],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_where_two_options_share_an_element_the_legal_one_is_offered_else_the_first():
    found = run_js("""
const pick = (cs) => Object.fromEntries(Object.entries(choicesByTarget(cs)).map(([t, c]) => [t, c.id]));
console.log(JSON.stringify([
  pick([{id: "a", target: "x", legal: false}, {id: "b", target: "x", legal: true}]),
  pick([{id: "a", target: "x", legal: true}, {id: "b", target: "x", legal: false}]),
  pick([{id: "a", target: "x", legal: true}, {id: "b", target: "x", legal: true}]),
  pick([{id: "a", target: "x", legal: false}, {id: "b", target: "x", legal: false}, {id: "c", target: null, legal: true}]),
]));""")
    assert found == [{"x": "b"}, {"x": "a"}, {"x": "a"}, {"x": "a"}]


@pytest.mark.parametrize("board", BOARDS, ids=lambda p: p.parent.name)
def test_every_board_takes_its_choices_seat_colours_and_buttons_from_the_kit(board):
    """One rule for elements with two options, one button helper, one set of seat colours: no board keeps
    its own copy (Amerigo draws the rulebook's own player colours, under another name)."""
    text = board.read_text()
    assert re.search(r"boardKit\(model, [\w.]*tip, choices\)", text)
    assert "const SEAT_COLOURS" not in text and "byTarget[c.target] = c" not in text
    assert 'el("rect", { x, y, width: w, height: h, rx: 5' not in text          # a button drawn by hand
    subprocess.run(["node", "--check", "--input-type=module"], input=KIT.read_text() + "\n" + text,
                   text=True, check=True, timeout=60)
