"""Every lesson step that brings a board element into view (`focus`, or its task's move) names an element the
board really marks with that data-target. A name the board does not use is silent: the board simply does not
scroll, and the learner reads about a square or a sheet that is off screen.

The boards are drawn by their own renderers in Debian Chromium, but without Voila: each step's board traits
(the very ones the lesson widget would send) go to the game's module through a stand-in model, so the ~90
steps take seconds.
"""

import json

import pytest

import widgets
from widgets.core.lesson_file import load

pytestmark = pytest.mark.browser

LESSONS = ("endeavor-aos", "endeavor-2009", "entdecker", "amerigo", "shipyard")

# Draws one board per case and answers which focus targets the drawing lacks.
_PAGE = """<!doctype html><html><body><div id="host"></div><script type="module">
const cases = %s;
const module = await import(URL.createObjectURL(new Blob([%s], {type: "text/javascript"})));
const missing = [];
for (const c of cases) {
  const host = document.createElement("div");
  document.getElementById("host").replaceChildren(host);
  const model = { get: (name) => c.traits[name], on() {}, off() {}, send() {}, save_changes() {} };
  const stop = module.default.render({ model, el: host });
  const root = host.querySelector(".bgw-root");
  if (!root || root.textContent.startsWith("board error")) missing.push([c.step, "(the board did not draw)"]);
  else if (!host.querySelector(`[data-target="${CSS.escape(c.target)}"]`)) missing.push([c.step, c.target]);
  if (typeof stop === "function") stop();
}
window.focusResult = missing;
</script></body></html>"""


def _cases(game: str) -> tuple[str, list[dict]]:
    lesson = load(game)
    widget = widgets.lesson(game, lang="en")
    cases = []
    for step in lesson.steps:
        widget.go(step.number)
        target = widget.board.focus.split("#")[0]
        if not target:
            continue
        board = widget.board
        traits = {name: getattr(board, name) for name in
                  ("view", "choices", "labels", "lang", "seat", "options", "revision", "focus")}
        cases.append({"step": step.number, "target": target, "traits": traits})
    return widget.board._esm, cases


@pytest.mark.parametrize("game", LESSONS)
def test_every_lesson_focus_names_an_element_of_the_board(browser, game):
    module, cases = _cases(game)
    assert cases                                 # every lesson has steps that bring an element into view
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    try:
        page.set_content(_PAGE % (json.dumps(cases), json.dumps(module)))
        page.wait_for_function("window.focusResult !== undefined", timeout=60_000)
        missing = page.evaluate("window.focusResult")
    finally:
        page.close()
    assert missing == [], f"{game}: steps whose focus the board does not mark: {missing}"
