"""Draw a game's board for a fixed set of positions in Chromium, outside Jupyter, and keep what was drawn: the
check that a restructuring of a board's code (issue 25: draw() cut into functions per board part) draws
exactly the same boards.

    .venv/bin/python tests/board_harness.py record amerigo     # writes /tmp/bgw-boards/amerigo.json
    .venv/bin/python tests/board_harness.py compare amerigo    # draws again, names the first board that differs

Each position is a match from a fixed seed played by greedy bots for some steps, shown as the game shell shows
it (the mover's view, the options with their refusals, the labels) in English and in 简体中文, with compact
and full mats. The board module (board_kit.js, then the game's board.js) runs in a plain page with a stand-in
for anywidget's model; what is kept is the markup the board drew.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import engines
from engines.core.bots import make_bot
from widgets import renderer_for
from widgets.core.board import _HOST_CSS, renderer_module
from widgets.core.choices import board_choices

OUT = Path("/tmp/bgw-boards")
STEPS = (0, 5, 20, 60, 120, 250, 400)


def positions(game_id: str):
    """(name, model traits) for every position drawn."""
    rules = engines.get_game(game_id)
    renderer = renderer_for(game_id)
    for players in sorted({rules.min_players, rules.max_players}):
        for seed in (1, 2):
            m = engines.new_match(game_id, players, seed=seed)
            bots = {s: make_bot("greedy", seed=seed) for s in range(players)}
            done = 0
            for target in STEPS:
                while done < target and not m.is_over:
                    m.advance() if m.to_move is None else m.play(bots[m.to_move].choose(m))
                    done += 1
                for lang in ("en", "zh-Hans"):
                    seat = m.to_move
                    view = m.view(seat)
                    for mats in ({}, {"mats": "compact", "open": [0]}):
                        yield (f"{players}p seed {seed} step {done} {lang} {mats.get('mats', 'full')}",
                               {"view": view, "choices": board_choices(m, lang) if seat is not None else [],
                                "labels": renderer.labels(view, lang), "lang": lang,
                                "seat": -1 if seat is None else seat, "options": mats, "revision": 1, "focus": ""})
                if m.is_over:
                    break


PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>{css}</style></head><body>
<div id="host"></div>
<script type="module">
{module}
window.drawAll = (all) => all.map(([name, traits]) => {{
  const host = document.getElementById("host");
  host.replaceChildren();
  const model = {{ get: (k) => traits[k], on() {{}}, off() {{}}, send() {{}}, set() {{}}, save_changes() {{}} }};
  const widget = BOARD.render({{ model, el: host }});
  // the drawing, without the timings the host writes on its root (data-draw-ms and the like)
  host.querySelectorAll("[data-draw-ms]").forEach((root) => {{
    for (const a of ["data-draw-ms", "data-draw-start", "data-drawn-at", "data-painted-at"]) root.removeAttribute(a);
  }});
  const html = host.innerHTML;
  if (typeof widget === "function") widget();
  return [name, html];
}});
window.ready = true;
</script></body></html>"""


def draw(game_id: str) -> dict:
    from playwright.sync_api import sync_playwright
    renderer = renderer_for(game_id)
    module = renderer_module(renderer.directory).replace("export default {", "const BOARD = {", 1)
    css = _HOST_CSS + (renderer.directory / "board.css").read_text(encoding="utf-8")
    page_file = OUT / f"{game_id}.html"
    OUT.mkdir(exist_ok=True)
    page_file.write_text(PAGE.format(css=css, module=module), encoding="utf-8")
    todo = list(positions(game_id))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--headless"])
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(page_file.as_uri())
        page.wait_for_function("window.ready === true")
        drawn = dict(page.evaluate("(all) => window.drawAll(all)", todo))
        browser.close()
    if errors:
        raise RuntimeError(f"{game_id}: the page failed: {errors[:3]}")
    broken = [name for name, html in drawn.items() if "board error" in html]
    if broken:
        raise RuntimeError(f"{game_id}: the board failed to draw {broken[:3]}")
    return drawn


def main(argv) -> int:
    action, game_id = argv[0], argv[1]
    drawn = draw(game_id)
    path = OUT / f"{game_id}.json"
    if action == "record":
        path.write_text(json.dumps(drawn, ensure_ascii=False))
        print(f"{len(drawn)} boards of {game_id} recorded in {path}")
        return 0
    recorded = json.loads(path.read_text())
    for name, html in recorded.items():
        if drawn.get(name) != html:
            new = drawn.get(name, "")
            at = next((i for i, (a, b) in enumerate(zip(html, new)) if a != b), min(len(html), len(new)))
            print(f"{game_id}: {name} differs at character {at}:\n  was {html[max(0, at - 80):at + 80]}\n"
                  f"  now {new[max(0, at - 80):at + 80]}")
            return 1
    print(f"all {len(recorded)} boards of {game_id} are drawn as recorded")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
