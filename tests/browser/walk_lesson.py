"""Walk a lesson in real Voila and Chromium as a learner would, photographing every moment: the tool of a
try-out (issue 31: "have it tried as a new learner would"), not a test.

    .venv/bin/python tests/browser/walk_lesson.py GAME LANG OUTDIR [FROM [TO]]

For each step k it clicks the step's expected move on the board (or its button under the board; Amerigo's tile
and way picked first), gives one wrong answer and then the right one, and writes, at 1366 x 768:

    OUTDIR/kNN-a-arrive.png       the window on arrival (and kNN-a-arrive-full.png, the whole page)
    OUTDIR/kNN-b-other.png        at a real choice: after the move the lesson does not pick (then "Choose again")
    OUTDIR/kNN-b-moved.png        after the move
    OUTDIR/kNN-c-wrong.png        after a wrong answer
    OUTDIR/kNN-d-right.png        after the right answer
    OUTDIR/steps.txt              the side panel's text at each of those moments

Steps before FROM are walked through without pictures; the walk stops after TO. A reviewer reads the pictures
one step at a time with the texts beside them; `python -m widgets.pictures` draws every step without a browser.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent)]

from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect, sync_playwright  # noqa: E402

from conftest import serve  # noqa: E402  (the browser tests' own Voila server)
from widgets.core.lesson_file import load  # noqa: E402

TIMEOUT = 180_000
_UNFOLD = ("html, body, #main, .lm-BoxPanel, .lm-BoxPanel-child, .lm-Panel { position: static !important; height: auto !important; "
           "overflow: visible !important; contain: none !important; } .bgw-lesson-side, .bgw-lesson-main, .bgw-board, .bgw-board .bgw-root, "
           ".bgw-board svg { max-height: none !important; overflow: visible !important; }")


def make_move(page, action_id: str) -> None:
    """Click the board element of an action, or its button under the board. An Amerigo lay
    ("lay:<tile>:<square>:<way>") is drawn only for the tile and way picked: pick them first."""
    if action_id.startswith("lay:"):
        _, shape, _, way = action_id.split(":")
        for pick in (f"shape.{shape}", f"way.{way}"):
            found = page.locator(f".bgw-board [data-pick='{pick}']")
            if found.count():
                found.first.click()
                expect(page.locator(f".bgw-board [data-pick='{pick}']").first).to_be_attached()
    board = page.locator(f".bgw-board [data-action='{action_id}']")
    if board.count():
        try:
            board.first.click(timeout=10_000)
        except PlaywrightTimeout:
            # The middle of an option's box may fall on no part of it (Shipyard's exit 2: a line from the ship
            # and a circle below it), where a learner would click the circle itself: click it as the page does.
            board.first.dispatch_event("click")
    else:
        page.locator(".bgw-choice-" + "".join(ch if ch.isalnum() else "-" for ch in action_id)).first.click()


def walk(game: str, lang: str, out: Path, first: int = 1, last: int = 10**6) -> None:
    lesson = load(game)
    out.mkdir(parents=True, exist_ok=True)
    notes = open(out / "steps.txt", "w", encoding="utf-8")

    def snap(page, k: int, moment: str, full: bool = False) -> None:
        notes.write(f"\n===== step {k} [{moment}] =====\n{page.locator('.bgw-lesson-side').inner_text()}\n")
        notes.flush()
        page.screenshot(path=str(out / f"k{k:02d}-{moment}.png"))
        if full:
            # The step's column and the board scroll in boxes of their own: unfold them for the whole page.
            style = page.add_style_tag(content=_UNFOLD)
            page.screenshot(path=str(out / f"k{k:02d}-{moment}-full.png"), full_page=True)
            style.evaluate("s => s.remove()")

    def revision(page) -> str:
        return page.evaluate("() => { const s = document.querySelector('.bgw-lesson-main .bgw-board svg');"
                             " return s ? s.getAttribute('data-revision') : ''; }")

    def settled(page, before: str | None = None) -> None:
        """The board has drawn what the page last changed: it has redrawn since `before` (every step and
        every move redraws it; the side panel can show the new step first) and its redraw counter stops."""
        if before is not None:
            page.wait_for_function("b => { const s = document.querySelector('.bgw-lesson-main .bgw-board svg');"
                                   " return !!s && s.getAttribute('data-revision') !== b; }",
                                   arg=before, timeout=30_000)
        page.wait_for_function("() => { const s = document.querySelector('.bgw-lesson-main .bgw-board svg');"
                               " const r = s && s.getAttribute('data-revision');"
                               " const same = r === window.__walkRevision; window.__walkRevision = r; return same; }",
                               polling=300, timeout=30_000)

    with serve(out / "voila.log") as (url, _server), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(f"{url}/voila/render/tutorials/{game}.{lang}.ipynb", timeout=TIMEOUT)
        page.wait_for_selector(".bgw-lesson-count", timeout=TIMEOUT)
        count = page.locator(".bgw-lesson-count")
        arrived = None             # the board's revision before Continue
        for step in lesson.steps:
            k = step.number
            if k > last:
                break
            shoot = k >= first
            settled(page, arrived)
            if shoot:
                snap(page, k, "a-arrive", full=True)
            def first_moves():
                for own in step.task.first:     # the learner's own moves before the task's (and its question)
                    before = revision(page)
                    make_move(page, own)
                    settled(page, before)
            def move():
                if step.task.choose:     # a real choice: the other move first (its picture), then "Choose again"
                    before = revision(page)
                    make_move(page, next(iter(step.task.choose)))
                    expect(page.locator(".bgw-lesson-feedback .ok")).to_be_visible(timeout=30_000)
                    settled(page, before)
                    if shoot:
                        snap(page, k, "b-other")
                    before = revision(page)
                    page.locator(".bgw-lesson-again").click()
                    expect(page.locator(".bgw-lesson-feedback .ok")).to_have_count(0, timeout=30_000)
                    settled(page, before)
                before = revision(page)
                make_move(page, step.task.expect)
                expect(page.locator(".bgw-lesson-feedback .ok")).to_be_visible(timeout=30_000)
                settled(page, before)
                if shoot:
                    snap(page, k, "b-moved")
            if step.task is not None:
                first_moves()
            if step.task is not None and (step.question is None or step.question.after):
                move()
            if step.question is not None:
                choices = step.question.choices
                wrong = next((i for i, c in enumerate(choices) if not c.right), None)
                if wrong is not None:
                    page.locator(".bgw-lesson-answer").nth(wrong).click()
                    expect(page.locator(".bgw-lesson-explain")).to_be_visible(timeout=30_000)
                    if shoot:
                        snap(page, k, "c-wrong")
                page.locator(".bgw-lesson-answer").nth(next(i for i, c in enumerate(choices) if c.right)).click()
                expect(page.locator(".bgw-lesson-answer.mod-success")).to_have_count(1, timeout=30_000)
                if shoot:
                    snap(page, k, "d-right")
                if step.task is not None and step.question.before:      # predicted, then made
                    move()
            if k < len(lesson.steps):
                was, arrived = count.inner_text(), revision(page)
                page.locator(".bgw-lesson-continue").click()
                expect(count).not_to_have_text(was, timeout=30_000)
            elif shoot:
                snap(page, k, "e-end", full=True)
        browser.close()
    notes.close()
    print("wrote", out)


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    walk(sys.argv[1], sys.argv[2], Path(sys.argv[3]), *(int(a) for a in sys.argv[4:6]))
