"""Every lesson step that brings a board element into view (`focus`, or its task's move) names an element the
board really marks with that data-target. A name the board does not use is silent: the board simply does not
scroll, and the learner reads about a square or a sheet that is off screen.

The boards are drawn by their own renderers in Debian Chromium, but without Voila: each step's board traits
(the very ones the lesson widget would send) go to the game's module through a stand-in model, so the ~90
steps take seconds.

Then, in Voila at 1366 x 768 (issue 26), a learner clicks through Entdecker's lesson: at every step the element
the step asks about is inside the window together with the step's instruction, however far down the board
draws it (the lesson's heading pushes the board's box below the window's edge); and a question asked after the
move is inside the window once the move is made, below however many log lines the move wrote.
"""

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

import widgets
from board_page import BOARD, IN_SIGHT, PAGE_TIMEOUT, SIGHT
from widgets.core.lesson_file import load
from games import lesson_games
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)

pytestmark = pytest.mark.browser

LESSONS = lesson_games()        # every game with a lesson, the test-only ones' (tic-tac-toe) too

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
    def drawn(board) -> dict:
        return {name: getattr(board, name) for name in
                ("view", "choices", "labels", "lang", "seat", "options", "revision", "focus")}

    for step in lesson.steps:
        widget.go(step.number)
        target = widget.board.focus.split("#")[0]
        if target:
            cases.append({"step": step.number, "target": target, "traits": drawn(widget.board)})
        question = step.question
        if question is not None and question.focus and step.task is not None and question.after:
            widget.choose(step.task.expect)      # a question's focus is on the board after the move
            cases.append({"step": f"{step.number} (question)", "target": lesson.focus(step.number, question=True),
                          "traits": drawn(widget.board)})
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


def _inside(page, selector: str) -> str:
    """Why the element is not wholly in sight ("" when it is): its top and bottom against the stretch of the
    window it can be seen in (the window, cut by the boxes around it that scroll)."""
    found = page.evaluate(SIGHT, selector)
    if found is None:
        return f"{selector} is not drawn"
    top, bottom, seen_top, seen_bottom = found
    if top < seen_top - 0.5 or bottom > seen_bottom + 0.5:
        return f"{selector} spans y = {top:.0f} to {bottom:.0f}, in sight {seen_top:.0f} to {seen_bottom:.0f}"
    return ""


def target_of_task(widget, step) -> str:
    """The board element of a step's expected move ("" for a move made with a button under the board)."""
    widget.go(step.number)
    return widget._task_target()


def test_every_entdecker_step_shows_its_target_with_its_instruction(page, voila_url):
    game = "entdecker"
    lesson = load(game)
    widget = widgets.lesson(game, lang="en")
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{voila_url}/voila/render/tutorials/{game}.en.ipynb", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    count = page.locator(".bgw-lesson-count")
    off_screen, checked, pointed = [], 0, 0
    for step in lesson.steps:
        expect(count).to_have_text(f"Step {step.number} of {len(lesson.steps)}", timeout=20_000)
        widget.go(step.number)
        target = widget.board.focus.split("#")[0]
        if target:
            selectors = [f".bgw-lesson-main .bgw-board [data-target='{target}']",
                         ".bgw-lesson-task" if step.task is not None else ".bgw-lesson-text"]
            # the lesson has brought this step's target into view (or found it there already)
            page.wait_for_selector(f".bgw-lesson-in-view[data-step='{widget.board.focus}']", state="attached",
                                   timeout=20_000)
            try:
                page.wait_for_function(f"ss => ss.every({IN_SIGHT})", arg=selectors, timeout=5_000)
            except PlaywrightTimeout:  # the condition never held: say where each one is
                pass
            problems = [why for why in (_inside(page, s) for s in selectors) if why]
            if problems:
                off_screen.append(f"step {step.number} ({step.id}): {'; '.join(problems)}")
            checked += 1
        predicted = step.question is not None and step.question.before
        if predicted:                # a prediction is asked first: Show me waits for the answer
            right = next(i for i, c in enumerate(step.question.choices) if c.right)
            page.locator(".bgw-lesson-answer").nth(right).click()
            expect(page.locator(".bgw-lesson-answer.mod-success")).to_have_count(1, timeout=20_000)
        if step.task is not None:
            for _ in step.task.first:   # the learner's own moves before the task's: Show me rings each, then makes it
                page.locator(".bgw-lesson-show-me").click()
                expect(page.locator(".bgw-lesson-main .bgw-board .bgw-pointer, .bgw-lesson-pointed").first
                       ).to_be_visible(timeout=20_000)
                before = page.get_attribute(BOARD, "data-revision")
                page.locator(".bgw-lesson-show-me").click()
                page.wait_for_function("([s, b]) => { const e = document.querySelector(s);"
                                       " return !!e && e.getAttribute('data-revision') !== b; }", arg=[BOARD, before],
                                       timeout=20_000)
            # Show me: the first press rings the move (on the board, or its button under it), the second makes it
            page.locator(".bgw-lesson-show-me").click()
            expect(page.locator(".bgw-lesson-feedback .but")).to_be_visible(timeout=20_000)
            ringed = ".bgw-lesson-main .bgw-board .bgw-pointer" if target_of_task(widget, step) else ".bgw-lesson-pointed"
            expect(page.locator(ringed)).to_be_visible(timeout=20_000)
            pointed += 1
            page.locator(".bgw-lesson-show-me").click()
            expect(page.locator(".bgw-lesson-feedback .ok")).to_be_visible(timeout=20_000)
            if step.question is not None and not predicted:
                # the question asked after the move comes into the window, however long the move's log lines
                try:
                    page.wait_for_function(IN_SIGHT, arg=".bgw-lesson-question", timeout=20_000)
                except PlaywrightTimeout:
                    off_screen.append(f"step {step.number} ({step.id}), its question after the move: "
                                      + _inside(page, ".bgw-lesson-question"))
        if step.question is not None and not predicted:
            right = next(i for i, c in enumerate(step.question.choices) if c.right)
            page.locator(".bgw-lesson-answer").nth(right).click()
        if step.number < len(lesson.steps):
            expect(page.locator(".bgw-lesson-continue")).to_be_enabled(timeout=20_000)
            page.locator(".bgw-lesson-continue").click()
    assert checked >= 10 and pointed >= 10, (checked, pointed)
    assert not off_screen, "targets or instructions outside the window at 1366 x 768:\n" + "\n".join(off_screen)
