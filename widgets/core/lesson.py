"""The lesson widget: a game's board and one lesson step at a time, the learner making the moves.

    widgets.lesson("endeavor-aos", lang="zh-Hant")

Each step shows the position its text describes, computed from the lesson file (lesson_file.py), never a
live match that other cells move on: the widget behaves the same in JupyterLab and in Voila. A step
teaches one rule. Its task asks for one move on the board: the expected move is played and its
consequences shown; another legal move gets "legal, but..." and an illegal one the engine's reason,
and the learner tries again. Its question reveals the explanation once answered; after a wrong answer
the learner answers again, and the right answer lets them go on. "Play on from here"
opens the position in the game shell, the learner's seat human and the others bots.
"""

from __future__ import annotations

import html
import logging
import re
import sys

import anywidget
import ipywidgets as W
import traitlets

import engines
from engines.core.texts import localized

from .citations import t
from .board import BoardWidget
from .chart import ScoreBreakdown
from . import presenter
from .choices import guarded
from .lesson_file import Lesson, LessonError, history_heading, load, play_moves
from .shell import GameShell, no_null_tooltips

log = logging.getLogger(__name__)

_STYLE = """<style>
.bgw-lesson, .bgw-lesson-box, .bgw-lesson-body { overflow: visible !important; }
.bgw-lesson-body { align-items: flex-start; gap: 12px; }
.bgw-lesson-side { flex: 0 0 360px; max-height: var(--bgw-lesson-height, calc(100vh - 90px)); overflow-y: auto !important; font-size: 14px; }
.bgw-lesson .widget-html-content { line-height: 1.4; white-space: normal; }
/* The board scrolls in its own box, so the step's text and the board share the screen at 1366 x 768. Both columns are
   as tall as the box the page scrolls in shows (--bgw-lesson-height, set by _IN_VIEW_JS): the window under Voila,
   the notebook's panel in JupyterLab; a fixed 90 px less than the window left a strip of blank page under them. */
.bgw-lesson-main { flex: 1 1 auto; min-width: 0; max-height: var(--bgw-lesson-height, calc(100vh - 90px)); overflow-y: auto !important; }
.bgw-lesson-main > *, .bgw-lesson-side > * { flex-shrink: 0; }
/* Back and Continue stay in sight at the foot of a long step (a learner did not find Continue below the fold). */
.bgw-lesson-side > .bgw-lesson-nav { position: sticky; bottom: 0; z-index: 2; background: #fff; padding: 4px 0;
                                     box-shadow: 0 -6px 6px -6px rgba(0, 0, 0, 0.35); align-items: center; }
.bgw-lesson-more { margin-left: auto; font: inherit; font-size: 13px; color: #1f4e8c; background: #eef3fb;
                   border: 1px solid #2f6db5; border-radius: 4px; padding: 2px 8px; cursor: pointer; }
.bgw-lesson-more[hidden] { display: none; }
/* A phone: the step above the board, each the screen's width (side by side, the board had no width left); the
   board keeps a laptop's size and pans (board.css), in a box a little shorter than the screen. */
@media (max-width: 760px) {
  .bgw-lesson-body.widget-hbox { flex-direction: column; }
  .bgw-lesson-side { flex: 0 0 auto; width: 100%; max-height: none; }
  .bgw-lesson-main { width: 100%; max-height: 85vh; }
}
.bgw-lesson-count { color: #666; font-size: 13px; }
.bgw-lesson-text p { margin: 0 0 8px 0; }
.bgw-lesson-jump { background: #f3f0fa; border-left: 4px solid #6c4fa3; padding: 6px 10px; margin: 4px 0; }
.bgw-lesson .bgw-lesson-pointed { outline: 4px solid #c0392b; outline-offset: 2px; }
/* A move with no place on the board (Pass, End...) is offered under the step, outlined rather than filled: filled
   orange, it was the loudest thing in the panel, and learners feared pressing it where the step asks for a board move. */
.bgw-lesson .bgw-choices .widget-button.mod-warning { background: #fff; color: #6e3b00; border: 2px solid #e67e22; }
.bgw-lesson-task { background: #fff6dc; border-left: 4px solid #e8a317; padding: 6px 10px; margin: 6px 0; }
.bgw-lesson-feedback .ok { background: #e6f4ea; border-left: 4px solid #2e7d32; padding: 6px 10px; }
.bgw-lesson-feedback .no { background: #fdecea; border-left: 4px solid #c0392b; padding: 6px 10px; }
.bgw-lesson-feedback .but { background: #eef3fb; border-left: 4px solid #2f6db5; padding: 6px 10px; }
.bgw-lesson-feedback ul { margin: 4px 0 0 0; padding-left: 18px; font-size: 13px; color: #444; }
.bgw-lesson-explain details { margin: 4px 0 0 0; }
.bgw-lesson-explain summary { cursor: pointer; }
.bgw-lesson-explain details > p { margin: 2px 0 0 0; }
.bgw-lesson-question .widget-button { height: auto; white-space: normal; text-align: left; padding: 4px 8px; }
.bgw-lesson-rule details { font-size: 13px; color: #333; border-top: 1px solid #ddd; padding-top: 4px; }
.bgw-lesson-rule .bgw-rule-note { font-size: 12px; color: #4a4a4a; }
.bgw-lesson-since details { font-size: 13px; color: #555; }
.bgw-lesson-status { font-size: 13px; color: #444; margin-bottom: 4px; }
.bgw-lesson-status .bgw-title { font-weight: 700; }
.bgw-lesson-recap { background: #eef7ee; border-left: 4px solid #1e8449; padding: 6px 10px; margin: 6px 0; }
.bgw-lesson-recap ul { margin: 4px 0 8px 0; padding-left: 18px; }
.bgw-lesson-recap .bgw-lesson-play-game { display: inline-block; background: #1e8449; color: #fff; border-radius: 6px;
                                          padding: 4px 14px; text-decoration: none; font-weight: 600; }
</style>"""


_SPACE = {"en": " ", "zh-Hant": "", "zh-Hans": ""}     # between two sentences: Chinese sets none
_COLON = {"en": ": ", "zh-Hant": "：", "zh-Hans": "："}
_LIST_SEP = {"en": "; ", "zh-Hant": "；", "zh-Hans": "；"}   # between the names of moves in one sentence


# When a step starts, its target and its instruction share the screen. The board brings the target into
# view inside its own scrolling box (board_kit.js, showFocus), but that box may reach below the window when
# the page has a heading above the lesson (1366 x 768: Entdecker's buttons under the map at y = 830). Once
# the board has drawn the step (its svg carries the step's revision) and placed the target, this scrolls
# the page, only if the target or the instruction is not wholly in the window, by the least that shows the
# lesson's body (the side panel and the board's box, each no taller than the window), then the target.
_IN_VIEW_JS = """
const inWindow = (e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; };
// The box that scrolls the page (Voila's may be an element, not the window).
function scroller(e) {
  for (let box = e.parentElement; box; box = box.parentElement)
    if (box.scrollHeight > box.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(box).overflowY)) return box;
  return document.scrollingElement;
}
// Scroll by the least that shows `first` and `second` together in the stretch [top, bottom] of the window (the
// whole window by default), or `first` alone if both do not fit; in whole pixels, rounded outwards (a scroll
// position is one, and a part cut by a fraction is not in sight).
function scrollToShow(first, second, [top, bottom] = [0, innerHeight]) {
  const a = first.getBoundingClientRect(), b = second.getBoundingClientRect();
  const [from, to] = Math.max(a.bottom, b.bottom) - Math.min(a.top, b.top) <= bottom - top
    ? [Math.min(a.top, b.top), Math.max(a.bottom, b.bottom)] : [a.top, a.bottom];
  const dy = from < top ? Math.floor(from - top) : to > bottom ? Math.ceil(Math.min(to - bottom, from - top)) : 0;
  if (dy) scroller(first).scrollTop += dy;
}
// The stretch of the window in which `e` can be seen: the window, cut by each box around it that scrolls.
function sight(e) {
  let top = 0, bottom = innerHeight;
  for (let box = e.parentElement; box; box = box.parentElement)
    if (box.scrollHeight > box.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(box).overflowY)) {
      const r = box.getBoundingClientRect();
      top = Math.max(top, r.top + box.clientTop);
      bottom = Math.min(bottom, r.top + box.clientTop + box.clientHeight);
      const nav = box.querySelector(":scope > .bgw-lesson-nav");       // a sticky foot covers the box's bottom
      if (nav && !nav.contains(e) && getComputedStyle(nav).position === "sticky") bottom -= nav.offsetHeight;
    }
  return [top, bottom];
}
// The lesson's body (the step's column beside the board) into the window: whole, from its top, when it fits
// (both columns scroll in their own boxes); otherwise by the least scroll. "nearest" alone left the body's top
// above the window, the step's heading with it, and the page's notes below it in view.
function showBody(lesson) {
  const body = lesson.querySelector(".bgw-lesson-body"), r = body.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) body.scrollIntoView({ block: r.height <= innerHeight ? "start" : "nearest" });
}
const inSight = (e) => { const r = e.getBoundingClientRect(), [top, bottom] = sight(e);
                         return r.top >= top - 0.5 && r.bottom <= bottom + 0.5; };
// Both columns as tall as the stretch of the window in which the page scrolls (less a small margin), kept so
// when the window or that box changes size.
function fitColumns(el) {
  const lesson = el.closest(".bgw-lesson");
  if (!lesson) { requestAnimationFrame(() => fitColumns(el)); return; }
  const box = scroller(lesson);
  const fit = () => {
    const height = box === document.scrollingElement ? innerHeight : Math.min(innerHeight, box.clientHeight);
    lesson.style.setProperty("--bgw-lesson-height", `${Math.max(320, height - 12)}px`);
  };
  fit();
  addEventListener("resize", fit);
  if (box !== document.scrollingElement) new ResizeObserver(fit).observe(box);
}
function render({ model, el }) {
  fitColumns(el);
  let asked = "", shownStep = "";
  const bring = () => {
    const key = model.get("step");                   // "target#step@revision"
    if (!key || key === asked) return;
    const [where, revision] = key.split("@");
    const target = where.split("#")[0];
    const number = (where.split("#")[1] || "").replace(/\\D+$/, "");
    // A new step (not the page's first) starts at its heading: the column at its top, the body in the window.
    const fresh = asked !== "" && number !== shownStep;
    asked = key;
    shownStep = number;
    if (!target && !fresh) return;
    const started = performance.now();
    let frames = 0;
    const look = () => {
      if (model.get("step") !== key || performance.now() - started > 20000) return;
      const lesson = el.closest(".bgw-lesson");      // not yet on the page when first rendered
      const svg = lesson && lesson.querySelector(".bgw-lesson-main .bgw-board svg[data-revision]");
      // wait for the step's drawing, then two frames for the board's own placing of the target
      if (!svg || Number(svg.getAttribute("data-revision")) < Number(revision) || ++frames < 3) {
        requestAnimationFrame(look);
        return;
      }
      const found = target && lesson.querySelector(`.bgw-lesson-main .bgw-board [data-target="${CSS.escape(target)}"]`);
      if (fresh) {
        lesson.querySelector(".bgw-lesson-side").scrollTop = 0;
        showBody(lesson);
      }
      // the instruction shown with the target: the question when it is what the target is about ("?")
      const task = (where.endsWith("?") && lesson.querySelector(".bgw-lesson-question"))
        || lesson.querySelector(".bgw-lesson-task") || lesson.querySelector(".bgw-lesson-text");
      if (found && !(inSight(found) && (!task || inSight(task)))) {
        showBody(lesson);
        if (!inSight(found)) found.scrollIntoView({ block: "nearest" });
        if (task && !inSight(task)) task.scrollIntoView({ block: "nearest" });
        // the body may be taller than the window: then the least scroll that shows the target and the task
        if (task && !(inWindow(found) && inWindow(task))) scrollToShow(found, task);
      }
      el.dataset.step = where;                       // "target#step": done (tests wait for it)
    };
    requestAnimationFrame(look);
  };
  model.on("change:step", bring);
  bring();
  // Steps announced (issue 33): a polite live region, on the page from the start, says each new step and what
  // each move or click answered (the move's log lines, or why it is refused).
  const live = document.createElement("div");
  live.className = "bgw-lesson-announce bgw-sr-only";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  el.append(live);
  const say = () => {
    const said = model.get("say") || "";
    live.textContent = said.replace(/#\\d+!?$/, "");
    if (!said.endsWith("!")) return;
    // an answer (to a move or to a question) is also brought into the window if it lies below it
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const lesson = el.closest(".bgw-lesson");
      const shown = lesson && (lesson.querySelector(".bgw-lesson-explain") || lesson.querySelector(".bgw-lesson-feedback > div"));
      if (shown && !inSight(shown)) shown.scrollIntoView({ block: "nearest" });
    }));
  };
  model.on("change:say", say);
  say();
  // After a move that a question follows, the question comes into sight with the move's answer above it (or
  // alone, when the move's log lines are long), once its buttons are drawn: the lesson's body into the window,
  // then the step's own column scrolled (it scrolls in its own box, no taller than the window).
  // (Until the question has stayed in sight for a few frames: the move's answer and log lines may still be
  // drawn above it after its buttons are.)
  const reveal = () => {
    const key = model.get("reveal");
    const started = performance.now();
    let steady = 0, tried = false;
    const look = () => {
      if (!key || model.get("reveal") !== key || performance.now() - started > 20000) return;
      const lesson = el.closest(".bgw-lesson");
      const question = lesson && lesson.querySelector(".bgw-lesson-question");
      if (!question || !question.querySelector(".bgw-lesson-answer") || !question.getClientRects().length) {
        requestAnimationFrame(look);
        return;
      }
      const answer = lesson.querySelector(".bgw-lesson-feedback > div") || question;
      if (!inSight(question) || (!tried && !inSight(answer))) {
        steady = 0;
        tried = true;
        showBody(lesson);
        scrollToShow(question, answer, sight(question));     // in the step's own column
      }
      if (inSight(question) && ++steady >= 5) {
        el.dataset.revealed = key;                   // done
        return;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };
  model.on("change:reveal", reveal);
  questionBelow(model, el);
}
// A cue in the step's sticky foot while the question's answers lie below what the step's column shows (a long step
// at 1366 x 768: learners read the text, saw Continue greyed and no question; try-outs v7-v9). Pressed, it brings
// the question into sight and puts the keyboard on its first answer; it goes once the answers are in sight.
function questionBelow(model, el) {
  const lesson = el.closest(".bgw-lesson"), nav = lesson && lesson.querySelector(".bgw-lesson-nav");
  if (!nav) { requestAnimationFrame(() => questionBelow(model, el)); return; }
  const side = lesson.querySelector(".bgw-lesson-side");
  const cue = document.createElement("button");
  cue.type = "button";
  cue.className = "bgw-lesson-more";
  cue.hidden = true;
  nav.append(cue);
  const answers = () => [...lesson.querySelectorAll(".bgw-lesson-question .bgw-lesson-answer")]
    .filter((b) => b.getClientRects().length);
  let queued = false;
  const check = () => {
    queued = false;
    cue.textContent = model.get("more");
    const shown = answers();
    cue.hidden = !shown.length || shown.every(inSight);
  };
  const later = () => { if (!queued) { queued = true; requestAnimationFrame(check); } };
  cue.addEventListener("click", () => {
    const shown = answers();
    if (!shown.length) return;
    showBody(lesson);
    scrollToShow(lesson.querySelector(".bgw-lesson-question"), shown[shown.length - 1], sight(shown[0]));
    shown[0].focus({ preventScroll: true });
    later();
  });
  side.addEventListener("scroll", later, { passive: true });
  addEventListener("scroll", later, { passive: true, capture: true });
  addEventListener("resize", later);
  new MutationObserver(later).observe(side, { childList: true, subtree: true, attributes: true,
                                              attributeFilter: ["class", "style", "hidden"] });
  model.on("change:more", later);
  later();
}
export default { render };
"""


def _note_html(rule: dict) -> str:
    """What a rule rests on where it is a ruling or a stand-in, in smaller type under the rule (never in a
    question's hint, which shows the rule alone)."""
    return f"<p class='bgw-rule-note'>{html.escape(rule['note'])}</p>" if rule.get("note") else ""


class _InView(anywidget.AnyWidget):
    """Keeps a step's target on screen with its instruction (see _IN_VIEW_JS), and says each step and each
    answer to a screen reader; draws nothing else."""
    _esm = _IN_VIEW_JS
    step = traitlets.Unicode("").tag(sync=True)      # "target#step@board revision", set when a step starts
    say = traitlets.Unicode("").tag(sync=True)       # "what to announce#n" (n: said anew even if the same)
    reveal = traitlets.Unicode("").tag(sync=True)    # "step@board revision": the question after a move, shown
    more = traitlets.Unicode("").tag(sync=True)      # the words of the cue "the question is further down"


def paragraphs(text: str) -> str:
    """A step's text as HTML: blank lines part paragraphs, **bold** and `code` as in Markdown, and a block
    of lines that begin with "- " is a list (a recap's bullet points)."""
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        block = html.escape(block)
        block = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", block)
        block = re.sub(r"`(.+?)`", r"<code>\1</code>", block)
        lines = block.splitlines()
        if lines and all(line.startswith("- ") for line in lines):
            out.append("<ul>" + "".join(f"<li>{line[2:].strip()}</li>" for line in lines) + "</ul>")
        else:
            out.append(f"<p>{block}</p>")
    return "".join(out)


def play_page(game: str, lang: str) -> str:
    """The game's play page in `lang`, linked from a lesson's page. Under Voila a lesson is at
    /voila/render/tutorials/<lesson>.ipynb and the play pages at /voila/render/notebooks/<game>.ipynb (as the
    gallery links them); in the static site (widgets/site.py), where the kernel is Pyodide's, a lesson is at
    voici/render/tutorials/<lesson>.html and a play page's address voici/render/<game>.ipynb forwards to it
    with the address's options."""
    folder = "../" if sys.platform == "emscripten" else "../notebooks/"
    return f"{folder}{game}.ipynb?lang={lang}"


class LessonWidget(W.VBox):
    """One lesson: step k of N with its board, text, task, question and rule, Back and Continue."""

    def __init__(self, game: str, lang: str = "en", step: int = 1, lesson: Lesson | None = None, renderer=None):
        from .boards import renderer_for
        self.lesson = lesson or load(game)
        self.game_id = self.lesson.game
        self.lang = engines.core.texts.check_lang(lang)
        self.renderer = renderer or renderer_for(self.game_id)
        self.refused: list[dict] = []        # forged messages from the page, kept for review

        self.errors = W.Output()
        self.board = BoardWidget(self.renderer.directory)
        self.board.on_msg(self._guard(self._on_board_message))
        self.status = W.HTML()
        self.status.add_class("bgw-lesson-status")
        self.loose = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.loose.add_class("bgw-choices")

        self.chapter_menu = W.Dropdown(layout=W.Layout(width="auto"))
        self.chapter_menu.observe(self._guard(self._on_chapter), "value")
        self.count = W.HTML()
        self.count.add_class("bgw-lesson-count")
        self.heading = W.HTML()
        self.jump = W.HTML()                  # what happened since the previous step's board, at a new position
        self.jump.add_class("bgw-lesson-jump-box")
        self.text = W.HTML()
        self.text.add_class("bgw-lesson-text")
        self.since = W.HTML()
        self.since.add_class("bgw-lesson-since")
        self.task = W.HTML()
        self.feedback = W.HTML()
        self.feedback.add_class("bgw-lesson-feedback")
        self.show_me = W.Button(layout=W.Layout(width="auto"))
        self.show_me.add_class("bgw-lesson-show-me")
        self.show_me.on_click(self._guard(lambda _: self.show()))
        self.again = W.Button(icon="undo", layout=W.Layout(width="auto"))     # at a real choice, once made
        self.again.add_class("bgw-lesson-again")
        self.again.on_click(self._guard(lambda _: self.choose_again()))
        self.question = W.VBox()
        self.question.add_class("bgw-lesson-question")
        self.recap = W.HTML()                 # after the last step: what the lesson taught, and a whole game
        self.recap.add_class("bgw-lesson-recap-box")
        self.in_view = _InView()
        self.in_view.add_class("bgw-lesson-in-view")
        self.rule = W.HTML()
        self.rule.add_class("bgw-lesson-rule")
        self.back = W.Button(icon="arrow-left", layout=W.Layout(width="auto"))
        self.back.add_class("bgw-lesson-back")
        self.forward = W.Button(icon="arrow-right", button_style="primary", layout=W.Layout(width="auto"))
        self.forward.add_class("bgw-lesson-continue")
        self.play_on = W.Button(icon="play", layout=W.Layout(width="auto"))
        self.play_on.add_class("bgw-lesson-play-on")
        self.back.on_click(self._guard(lambda _: self.go(self.number - 1)))
        self.forward.on_click(self._guard(lambda _: self.go(self.number + 1)))
        self.play_on.on_click(self._guard(lambda _: self.open_shell()))

        nav = W.HBox([self.back, self.forward])
        nav.add_class("bgw-lesson-nav")        # stays at the bottom of the step's column while it scrolls
        side = W.VBox([self.count, self.heading, self.jump, self.text, self.since, self.task, self.loose, self.show_me,
                       self.again,
                       self.feedback,
                       self.question, self.recap, nav, self.play_on, self.rule])
        side.add_class("bgw-lesson-side")
        self.final = ScoreBreakdown(self.renderer.seat_inks)   # the score, part by part, once the match is over
        self._final_key = None
        self.score_note = W.HTML()     # said instead of the score table while a question it would answer is open
        self.score_note.add_class("bgw-lesson-score-note")
        # The score table goes under the board: a game that ends in a step keeps its board where the learner's
        # eyes are (the step's text is about the last move), and the next step's board is not pushed down.
        main = W.VBox([self.status, self.board, self.score_note, self.final.box])
        main.add_class("bgw-lesson-main")
        body = W.HBox([side, main])
        body.add_class("bgw-lesson-body")
        self.title = W.HTML()
        self.lesson_box = W.VBox([W.HBox([self.title, self.chapter_menu],
                                         layout=W.Layout(justify_content="space-between", align_items="center")),
                                  body])
        self.lesson_box.add_class("bgw-lesson-box")
        self.back_to_lesson = W.Button(icon="arrow-left", layout=W.Layout(width="auto"))
        self.back_to_lesson.add_class("bgw-lesson-return")
        self.back_to_lesson.on_click(self._guard(lambda _: self.close_shell()))
        self.play_box = W.VBox(layout=W.Layout(display="none"))
        self.shell: GameShell | None = None
        super().__init__([W.HTML(_STYLE), self.lesson_box, self.play_box, self.errors, self.in_view])
        self.add_class("bgw-lesson")
        self.number = 1
        self.kept: dict[int, tuple] = {}     # step -> (task done, right answer, wrong answers): what Back shows again
        self.chosen: dict[int, str] = {}     # step -> the move the learner chose where its task offers a choice
        self._label()
        self.go(step)
        no_null_tooltips(self)

    # -- errors are shown on the page ----------------------------------------------------------------
    def _guard(self, callback):
        return guarded(self.errors, callback, "lesson callback")

    # -- moving between steps --------------------------------------------------------------------------
    @property
    def step(self):
        return self.lesson.steps[self.number - 1]

    def go(self, number: int, first_made: bool = False) -> None:
        """Show step `number` (1-based) from its own position: whatever happened on the board before is gone
        (`first_made`: from its start after the learner's own first moves, as Choose again does)."""
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(self.lesson.steps):
            raise ValueError(f"step must be from 1 to {len(self.lesson.steps)}, got {number!r}")
        if getattr(self, "match", None) is not None:
            self.kept[self.number] = (self.task_done, self.answer, list(self.tried))
        self.number = number
        done, answer, tried = self.kept.get(number, (False, None, []))
        self.match = (self.lesson.start_position if first_made else self.lesson.arrival_position)(number, self.chosen)
        self._since_events = self.match.log[self.lesson.since(number, self.chosen):]
        self._step_log = len(self.match.log)      # what the learner's own moves of this step wrote starts here
        self.task_done = self.step.task is None or done
        # the task's `first` moves, the learner's own, still to make before its move
        self.first: list[str] = [] if self.task_done or first_made else list(self.step.task.first)
        self.answer: int | None = answer      # the question's right answer, once the learner gave it
        self.tried: list[int] = list(tried)   # the wrong answers given, in order
        self.pointed = False                  # "Show me" pressed once: the move is pointed at, not yet played
        self.feedback.value = ""
        # the learner's own first moves come before all else: the first one's place is what to look at
        self._focus = (self.first and self._task_target()) \
            or self._question_focus(asked=self.step.task is None or done or self._predicting) \
            or self.lesson.focus(number, choices=self.chosen) or self._task_target()
        if self.step.task is not None and done:       # back at a step already done: as the learner left it
            start = len(self.match.log)
            self.match = self.lesson.end_position(number, self.chosen)
            said = self.step.task.said(self.lesson.move_of(number, self.chosen))
            self._feedback("ok", self._say(said, after=True) or t("ui.lesson.done", self.lang),
                           self.match.log[start:])
        self._quiet = True
        try:
            self.chapter_menu.value = self.step.chapter
        finally:
            self._quiet = False
        self.refresh()
        self.in_view.step = f"{self._focus}#{number}@{self.board.revision}"
        self._announce(t("ui.lesson.step", self.lang, k=number, n=len(self.lesson.steps)),
                       html.unescape(re.sub(r"<[^>]+>", " ", self.heading.value)), answer=False)

    def _board_word(self) -> str:
        """The game's own word for its board in the shell's sentences, where its rulebook has one (Entdecker's
        遊戲板, Endeavor 2009's 遊戲圖板), else the shell's (版圖)."""
        prefix = getattr(self.renderer, "prefix", None) or getattr(engines.get_game(self.game_id), "prefix", None)
        key = f"{prefix}.ui.board-word"
        return t(key if prefix and engines.core.texts.has_text(key) else "ui.board-word", self.lang)

    @property
    def _predicting(self) -> bool:
        """The step's question is asked before its move (`before`) and not yet answered: the move waits. (It is
        asked once the learner's own first moves are made: it speaks of the board they lead to.)"""
        question = self.step.question
        return question is not None and question.before and self.answer is None and not self.task_done \
            and not self.first

    def _question_focus(self, asked: bool) -> str:
        """The board element the step's question is about (its `focus`), once the question is asked."""
        question = self.step.question
        if not asked or question is None or not question.focus:
            return ""
        return self.lesson.focus(self.number, question=True, choices=self.chosen)

    def _task_target(self) -> str:
        """The board element of the step's expected move, so the page can bring it into view."""
        task = self.step.task
        if task is None:
            return ""
        move = self.first[0] if self.first else task.expect
        return next((a.target or "" for a, _ in self.match.candidates() if a.id == move), "")

    def _label_of(self, action_id: str, match=None) -> str:
        """A move's name, as the board names it, where it is offered (the step's position, or `match`)."""
        return next((a.label.render(self.lang) for a, _ in (match or self.match).candidates() if a.id == action_id),
                    action_id)

    def task_words(self) -> str:
        """What the task asks now: its own words, after the learner's first moves while any remain."""
        do = self._say(self.step.task.do)
        if len(self.first) == 1:
            return t("ui.lesson.first-then", self.lang, move=self._label_of(self.first[0]), task=do)
        if self.first:          # every one named, in order: the learner sees the whole way to the task
            return t("ui.lesson.first-then-many", self.lang, moves=" → ".join(self._first_labels()), task=do)
        if self._predicting:       # the board offers the move only once the question is answered: say so
            return t("ui.lesson.then-do", self.lang, task=do)
        return do

    def _first_labels(self) -> list[str]:
        """The names of the first moves still to make, each read where it will be made (on a copy)."""
        match, labels = self.match.clone(), []
        for move in self.first:
            labels.append(self._label_of(move, match))
            play_moves(match, [move], f"step {self.number}: task.first")
        return labels

    def _on_chapter(self, change):
        chapter = change["new"]
        if not self._quiet and chapter is not None and chapter != self.step.chapter:
            self.go(next(s.number for s in self.lesson.steps if s.chapter == chapter))

    @property
    def can_continue(self) -> bool:
        return self.task_done and (self.step.question is None or self.answer is not None)

    # -- the learner's moves ----------------------------------------------------------------------------
    def _on_board_message(self, _widget, content, _buffers):
        if isinstance(content, dict) and content.get("type") == "nothing":
            # A click on the board where no option is (board_kit.js): what this step asks for instead. After
            # the task, the note goes under what the move did (that stays).
            if self._predicting:
                self._feedback("but", t("ui.lesson.predict-first", self.lang))
            elif self.step.task is not None and not self.task_done:
                self._feedback("but", t("ui.nothing-there.lesson", self.lang, task=self.task_words()))
            else:
                said = t("ui.lesson.nothing-to-do", self.lang, board=self._board_word())
                if self.step.question is not None and self.answer is None:
                    said = t("ui.nothing-there.lesson", self.lang, task=t("ui.lesson.answer-first", self.lang))
                kept = self.feedback.value.split("<div class='but bgw-lesson-nothing'>")[0]
                self.feedback.value = kept + f"<div class='but bgw-lesson-nothing'>{html.escape(said)}</div>"
            return
        if not isinstance(content, dict) or content.get("type") != "choose" or not isinstance(content.get("id"), str):
            detail = repr(content)[:120]
            self.refused.append({"message": content, "step": self.number})
            log.warning("refused lesson board message %s", detail)
            self._feedback("no", t("ui.forged", self.lang, detail=detail))
            return
        self.choose(content["id"])

    def choose(self, action_id: str) -> bool:
        """The learner's move. True when it is the step's task, which is then played."""
        task, lang = self.step.task, self.lang
        if task is None or self.task_done:
            self._feedback("but", t("ui.lesson.nothing-to-do", lang, board=self._board_word()))
            return False
        if self._predicting:       # the question asks what the move will do: answered first, then made
            self._feedback("but", t("ui.lesson.predict-first", lang))
            return False
        if self.first:
            return self._first_move(action_id)
        if action_id in task.moves:
            if task.choose:        # the steps after this one go on from the learner's choice (Back keeps it made)
                self.chosen[self.number] = action_id
            # The answer lists what all the learner's moves of this step did: the moves they already knew as well
            # (2009 try-out v9: a ship's token moved a track, and only the occupation after it was listed).
            start = self._step_log if task.first else len(self.match.log)
            play_moves(self.match, [action_id, *task.then], f"step {self.number}: task")
            self.task_done = True
            done = self._say(task.said(action_id), after=True) or t("ui.lesson.done", lang)
            self._feedback("ok", done, self.match.log[start:])
            asked = self._question_focus(asked=self.step.question is not None and self.step.question.after)
            if asked:           # the question is asked now: what it is about comes into view
                self._focus = asked
            self.refresh()
            if asked:           # its target and the question come into sight together ("?")
                self.in_view.step = f"{asked}#{self.number}?@{self.board.revision}"
            elif self.step.question is not None and self.step.question.after:
                self.in_view.reveal = f"{self.number}@{self.board.revision}"
            return True
        reason = self.match.why_not(action_id)
        if reason is not None:      # the rule that forbids it, then what the step asks for (a step may invite the try)
            self._feedback("no", t("ui.lesson.refused", lang, reason=reason.render(lang)) + " ➜ " + self._say(task.do))
        else:
            but = task.but.get(action_id) or task.but_other
            # a step's own "legal, but" says what this step does instead; the general one is followed by the task
            text = self._say(but) if but else t("ui.lesson.legal-but", lang) + _SPACE[lang] + self._say(task.do)
            self._feedback("but", text)
        return False

    def _first_move(self, action_id: str) -> bool:
        """One of the learner's own moves before the task's (`first`): a move they already know, made by them."""
        lang, wanted = self.lang, self.first[0]
        if action_id != wanted:
            reason = self.match.why_not(action_id)
            if reason is not None:
                self._feedback("no", t("ui.lesson.refused", lang, reason=reason.render(lang)) + " ➜ " + self.task_words())
            else:
                self._feedback("but", t("ui.lesson.first-please", lang, move=self._label_of(wanted)))
            return False
        label = self._label_of(wanted)
        start = len(self.match.log)
        play_moves(self.match, [wanted], f"step {self.number}: task.first")
        self.first.pop(0)
        self.pointed = False
        # The next move is shown once, in the task's box above (it repeated the task's words here, a long task
        # twice on the screen: Shipyard zh-Hans try-out v10); a screen reader is told it after the log lines.
        self._feedback("but", t("ui.lesson.first-done", lang, move=label), self.match.log[start:],
                       also=self.task_words())
        # the last first move made, a question asked before the task's move is asked now: it comes into view
        self._focus = self._question_focus(asked=self._predicting) or self._task_target()
        self.refresh()
        self.in_view.step = f"{self._focus}#{self.number}{'?' if self._predicting else ''}@{self.board.revision}"
        return False

    def choose_again(self) -> bool:
        """At a step that offers a choice, once it is made: back to the step's start to choose again (the
        learner compares what each move leads to). The steps after it go on from the new choice, so what the
        learner did there before is forgotten; the step's answered question stays answered."""
        task = self.step.task
        if task is None or not task.choose or not self.task_done:
            return False
        self.chosen.pop(self.number, None)
        for later in range(self.number + 1, len(self.lesson.steps) + 1):
            # the rest of this story, and a later prepared position that carries this choice (`carries`)
            story = self.lesson.story_start(later)
            carries = self.lesson.steps[story - 1].carries
            if story <= self.number or (carries is not None and carries[0] == self.number):
                self.kept.pop(later, None)
                self.chosen.pop(later, None)
        # The step starts afresh, its answer kept: the question's right answer is the same whatever is chosen.
        self.kept[self.number] = (False, self.answer, list(self.tried))
        self.match = None
        self.go(self.number, first_made=True)   # the learner's own first moves stay made: only the choice is again
        return True

    def demonstrate(self) -> bool:
        """Make the task's move for a learner who is stuck (or a teacher showing the class)."""
        if self.step.task is None or self.task_done:
            return False
        return self.choose(self.first[0] if self.first else self.step.task.expect)

    def show(self) -> bool:
        """The "Show me" button: the first press points at the move on the board (its element ringed and
        brought into view, or its button marked) and says what it is; the second press makes it."""
        task = self.step.task
        if task is None or self.task_done:
            return False
        if self._predicting:       # pointing at the move would answer the question
            self._feedback("but", t("ui.lesson.predict-first", self.lang))
            return False
        if self.pointed:
            return self.demonstrate()
        self.pointed = True
        if task.choose and not self.first:     # a real choice: the ringed move is one of them, the others named too
            moves = _LIST_SEP[self.lang].join(self._label_of(m) for m in task.moves)
            self._feedback("but", t("ui.lesson.pointed-choice", self.lang, board=self._board_word(),
                                    move=self._label_of(task.expect), moves=moves))
        else:
            self._feedback("but", t("ui.lesson.pointed", self.lang, board=self._board_word(),
                                    move=self._label_of(self.first[0] if self.first else task.expect)))
        self.refresh()
        self.in_view.step = f"{self._task_target()}#{self.number}!@{self.board.revision}"
        return False

    def answer_question(self, index: int) -> bool:
        """The learner picks an answer; the explanation is revealed. True when it is the right one. A wrong
        answer is marked and the learner may answer again: only the right one lets them go on."""
        question = self.step.question
        if question is None or not 0 <= index < len(question.choices):
            raise ValueError(f"step {self.number}: no answer {index!r}")
        if not self.task_done and (not question.before or self.first):
            self._feedback("but", t("ui.lesson.task-first", self.lang, board=self._board_word()))
            return False
        right = question.choices[index].right
        if self.answer is None:
            if right:
                self.answer = index
            elif index not in self.tried:
                self.tried.append(index)
        self.refresh()
        if right and question.before and not self.task_done:       # predicted: now the move, brought into view
            self._focus = self._task_target()
            self.in_view.step = f"{self._focus}#{self.number}@{self.board.revision}"
        if right:
            self._announce(t("ui.lesson.right", self.lang), self._say(question.explain, question.after))
        elif len(self.tried) > 1:      # what the page shows: the rules the answer rests on, to apply again
            self._announce(t("ui.lesson.wrong-again", self.lang, board=self._board_word()), *(
                localized(self.match.rule(r).title, self.lang) + _COLON[self.lang]
                + localized(self.match.rule(r).text, self.lang) for r in question.needs))
        else:                          # the board first; the rules' titles, their words folded
            self._announce(t("ui.lesson.wrong", self.lang, board=self._board_word()),
                           *(localized(self.match.rule(r).title, self.lang) for r in question.needs))
        return right

    def _say(self, key, after: bool = False) -> str:
        """A text of the current step in the page's language, its values read off the step's position (and,
        `after`, off the position after the task's move)."""
        return self.lesson.say(self.number, key, self.lang, after, self.chosen)

    def _feedback(self, kind: str, text: str, events=(), also: str = "") -> None:
        """The answer to the learner's click, with the log lines it wrote (`also`: said to a screen reader after
        them, not shown: it is on the page already)."""
        items = "".join(f"<li>{html.escape(e.text(self.lang))}</li>" for e in events)
        self.feedback.value = (f"<div class='{kind}'>{paragraphs(text)}" + (f"<ul>{items}</ul>" if items else "")
                               + "</div>")
        self._announce(text, *(e.text(self.lang) for e in events), also)

    def _announce(self, *texts: str, answer: bool = True) -> None:
        """Said by a screen reader (the polite live region of _IN_VIEW_JS): plain words, marks of bold and code
        taken out; a counter makes the same words, said again, a change. An `answer` (to a move or a question,
        not a new step) is also scrolled into the window ("!")."""
        words = re.sub(r"\s+", " ", " ".join(re.sub(r"\*\*|`", "", t) for t in texts if t)).strip()
        self._said = getattr(self, "_said", 0) + 1
        self.in_view.say = f"{words}#{self._said}" + ("!" if answer else "")

    # -- the game shell ---------------------------------------------------------------------------------
    def open_shell(self) -> GameShell:
        """Play on from this position: the learner's seat human, the others bots."""
        learner = self._seat()
        match = engines.Match.from_json(self.match.to_json())
        seats = {s: ("human" if s == learner else "greedy") for s in range(match.players)}
        self.shell = GameShell(self.game_id, match=match, seats=seats, lang=self.lang, renderer=self.renderer)
        self.play_box.children = [self.back_to_lesson, self.shell]
        self.play_box.layout.display = ""
        self.lesson_box.layout.display = "none"
        return self.shell

    def close_shell(self) -> None:
        self.play_box.layout.display = "none"
        self.lesson_box.layout.display = ""
        self.play_box.children = []
        self.shell = None

    # -- drawing ------------------------------------------------------------------------------------------
    def _seat(self) -> int:
        seat = self.step.seat if self.step.seat is not None else self.lesson.learner
        return min(seat, self.match.players - 1)

    def _label(self) -> None:
        lang = self.lang
        self.title.value = f"<h3 style='margin:4px 0'>{html.escape(self.lesson.text(self.lesson.title, lang))}</h3>"
        self._quiet = True          # relabelling the menu must not jump to another chapter
        try:
            self.chapter_menu.options = [(self.lesson.chapter_title(c, lang), c) for c, _ in self.lesson.chapters]
            self.chapter_menu.value = self.step.chapter
        finally:
            self._quiet = False
        self.chapter_menu.description = t("ui.lesson.chapter", lang)
        self.back.description = t("ui.lesson.back", lang)
        self.forward.description = t("ui.lesson.continue", lang)
        self.play_on.description = t("ui.lesson.play-on", lang)
        self.show_me.description = t("ui.lesson.show-me", lang)
        self.back_to_lesson.description = t("ui.lesson.to-lesson", lang)
        self.in_view.more = t("ui.lesson.question-below", lang)

    def set_lang(self, lang: str) -> None:
        self.lang = engines.core.texts.check_lang(lang)
        self._label()
        self.feedback.value = ""
        self.refresh()
        if self.shell is not None:
            self.shell.set_lang(lang)

    def refresh(self) -> None:
        m, lang, step, lesson = self.match, self.lang, self.step, self.lesson
        task_open = step.task is not None and not self.task_done
        seat = m.to_move if task_open and m.to_move is not None else self._seat()
        # A prepared position's caption (its "scenario" note) describes where it began and goes stale as the
        # lesson plays on; a lesson tells that story in its own texts (the step's `jump`).
        # While a question asked before the move waits (`before`), the board offers nothing: its highlighted
        # options would show which moves are allowed, often what the question asks (Shipyard try-out 5).
        frame = presenter.frame(m, self.renderer, lang, seat, task_open and not self._predicting, hide=("scenario",))
        view = frame.view
        pointing = task_open and self.pointed
        focus = f"{self._task_target()}#{self.number}!" if pointing else f"{self._focus}#{self.number}"
        # A question that the final score table would answer (its part rows) folds the table until answered,
        # or for the whole step when later questions read the same table ("step"): the one under the board and
        # any the board draws itself (a board honours `score_held`).
        hides = step.question.hides_score if step.question is not None else False
        folded = m.is_over and (hides == "step" or (hides is True and self.answer is None))
        if bool(self.board.options.get("score_held")) != folded:
            self.board.options = {**self.board.options, "score_held": folded}
        self.board.show(view, frame.choices, frame.labels, lang, frame.seat, focus=focus, words=lambda: frame.words)
        self._loose_buttons(frame.choices)
        self.status.value = presenter.status_html(m, view, lang, to_move=True)
        # The breakdown (a bokeh figure) is rebuilt only when the scores shown change, not at every step.
        final_key = (m.is_over, repr(m.scores()) if m.is_over else None, lang)
        if final_key != self._final_key:
            self._final_key = final_key
            self.final.update(m, lang)
        self.final.box.layout.display = "none" if folded else ""
        self.score_note.value = (f"<p class='bgw-lesson-score-held'>{html.escape(t('ui.lesson.score-held-step' if hides == 'step' else 'ui.lesson.score-held', lang, board=self._board_word()))}</p>"
                                 if folded else "")

        self.count.value = html.escape(t("ui.lesson.step", lang, k=self.number, n=len(lesson.steps)))
        rule = m.rule(step.rule)
        heading = lesson.text(step.title, lang) if step.title else localized(rule.title, lang)
        self.heading.value = (f"<div style='color:#666;font-size:13px'>{html.escape(lesson.chapter_title(step.chapter, lang))}"
                              f"</div><h4 style='margin:2px 0 6px 0'>{html.escape(heading)}</h4>")
        # a step that begins a new position is no "since the previous step": its note says where it starts
        jump_heading = "ui.lesson.new-position" if step.new_position else "ui.lesson.meanwhile"
        self.jump.value = (f"<div class='bgw-lesson-jump'><b>{html.escape(t(jump_heading, lang))}</b> "
                           f"{paragraphs(self._say(step.jump))}</div>") if step.jump else ""
        self.text.value = paragraphs(self._say(step.text))
        self.since.value = self._since_html()
        if step.task is not None:
            mark = "✓ " if self.task_done else "➜ "
            do = self.task_words()
            self.task.value = f"<div class='bgw-lesson-task'>{paragraphs(mark + do)}</div>"
        else:
            self.task.value = ""
        self.show_me.layout.display = "" if task_open else "none"
        self.again.layout.display = "" if step.task is not None and step.task.choose and self.task_done else "none"
        self.again.description = t("ui.lesson.choose-again", lang)
        self.show_me.description = t("ui.lesson.show-me-play" if self.pointed else "ui.lesson.show-me", lang)
        self._question()
        self.rule.value = self._rule_html()
        self.back.disabled = self.number == 1
        last = self.number == len(lesson.steps)
        self.forward.disabled = last or not self.can_continue
        self.forward.tooltip = ("" if self.can_continue else t("ui.lesson.task-first", lang, board=self._board_word()) if not self.task_done
                                else t("ui.lesson.answer-first", lang))
        if last and self.can_continue:
            self.forward.description = t("ui.lesson.finished", lang)
        else:
            self.forward.description = t("ui.lesson.continue", lang)
        self.recap.value = self._recap_html(last) if (last or step.stop) and self.can_continue else ""
        no_null_tooltips(self)          # the question's and the loose choices' widgets are made anew each step

    def _recap_html(self, last: bool = True) -> str:
        """The lesson's recap and a link to the game's play page, in the page's language; at a step where a
        learner may stop (`stop`), before the last, a line says that the steps after it are optional."""
        lang = self.lang
        more = "" if last else f"<p>{html.escape(t('ui.lesson.may-stop', lang))}</p>"
        return (f"<div class='bgw-lesson-recap'><b>{html.escape(t('ui.lesson.recap', lang))}</b>"
                f"{paragraphs(self.lesson.text(self.lesson.recap, lang))}"
                f"<a class='bgw-lesson-play-game' href='{html.escape(play_page(self.game_id, lang))}'>"
                f"{html.escape(t('ui.lesson.play-game', lang))} ➜</a>{more}</div>")

    def _loose_buttons(self, choices: list) -> None:
        """Choices with no place on the board (pass, done...) as buttons under it, checked like clicks."""
        buttons = []
        for c in choices:
            if c["target"]:
                continue
            button = W.Button(description=c["label"], tooltip=c["label"] if c["legal"] else c["why"],
                              layout=W.Layout(width="auto"), button_style="warning" if c["legal"] else "")
            button.add_class("bgw-choice")
            button.add_class("bgw-choice-" + "".join(ch if ch.isalnum() else "-" for ch in c["id"]))
            if self.pointed and self.step.task is not None and \
                    c["id"] == (self.first[0] if self.first else self.step.task.expect):
                button.add_class("bgw-lesson-pointed")
            button.on_click(self._guard(lambda _, action_id=c["id"]: self.choose(action_id)))
            buttons.append(button)
        self.loose.children = buttons

    def _since_html(self) -> str:
        events = self._since_events
        if not events:
            return ""
        items = "".join(f"<li>{html.escape(e.text(self.lang))}</li>" for e in events)
        opened = " open" if self.step.history == "open" else ""       # a step whose text reads the list
        heading = history_heading(self.step, events)
        return (f"<details{opened}><summary>{html.escape(t(heading, self.lang, n=len(events)))}</summary>"
                f"<ul style='margin:2px 0;padding-left:18px'>{items}</ul></details>")

    def _question(self) -> None:
        question, lang = self.step.question, self.lang
        if question is None:
            self.question.children = []
            return
        if not self.task_done and question.after:
            # Asked after the move, of the board after the move: shown before it, a question would speak of a
            # position the learner does not see yet, or tell them what their move will do. (A question asked
            # `before` the move is one the move answers: the learner predicts, then makes it.)
            self.question.children = [W.HTML(f"<i>{html.escape(t('ui.lesson.question-after', lang))}</i>")]
            return
        if not self.task_done and question.before and self.first:
            # asked of the board the learner's own first moves lead to: shown once they are made
            wait = "ui.lesson.question-after-first" if len(self.first) == 1 else "ui.lesson.question-after-firsts"
            self.question.children = [W.HTML(f"<i>{html.escape(t(wait, lang))}</i>")]
            return
        after = question.after
        ask = W.HTML(f"<b>{html.escape(t('ui.lesson.question', lang))}</b> {paragraphs(self._say(question.ask, after))}")
        buttons = []
        for index, choice in enumerate(question.choices):
            style, icon = "", ""
            if index == self.answer:
                style, icon = "success", "check"
            elif index in self.tried:
                style, icon = "danger", "times"
            # Once right, the question is settled; until then every answer not yet tried stays open.
            closed = self.answer is not None or index in self.tried or (not self.task_done and after)
            # a button shows no bold: a choice naming a board part ({@key}, drawn **bold** in texts) says it plainly
            button = W.Button(description=self._say(choice.key, after).replace("**", ""), button_style=style, icon=icon,
                              disabled=closed, layout=W.Layout(width="100%"))
            button.add_class("bgw-lesson-answer")
            button.on_click(self._guard(lambda _, i=index: self.answer_question(i)))
            buttons.append(button)
        children = [ask, *buttons]
        if self.answer is not None:
            children.append(W.HTML(f"<div class='bgw-lesson-explain'><b>{html.escape(t('ui.lesson.right', lang))}</b> "
                                   f"{paragraphs(self._say(question.explain, after))}</div>"))
        elif self.tried:
            # Not the explanation, which would hand over the answer: the rules it rests on, to apply again. After a
            # first wrong answer they are folded under their titles, the board first (a rule's words may hold the very
            # number asked, and the second try was copying: Entdecker zh-Hans try-out v10); after a second, open.
            again = len(self.tried) > 1
            opened = " open" if again else ""
            rules = "".join(f"<details{opened}><summary><b>{html.escape(localized(self.match.rule(r).title, lang))}</b>"
                            f"</summary><p>{html.escape(localized(self.match.rule(r).text, lang))}</p></details>"
                            for r in question.needs)
            words = t("ui.lesson.wrong-again" if again else "ui.lesson.wrong", lang, board=self._board_word())
            children.append(W.HTML(f"<div class='bgw-lesson-explain'><b>{html.escape(words)}</b>{rules}</div>"))
        self.question.children = children

    def _rule_html(self) -> str:
        lang = self.lang
        parts = []
        for rule_id in self.step.rules:
            rule = presenter.rule_entry(self.match, rule_id, lang)
            # the rule's id is for the teacher and the developer: a data attribute, not in the learner's text
            parts.append(f"<details><summary data-rule='{rule['id']}'>{html.escape(rule['heading'])} · "
                         f"<span title='{html.escape(rule['source'])}'>{html.escape(rule['cite'])}</span>"
                         f"</summary>{paragraphs(rule['text'])}{_note_html(rule)}</details>")
        return "".join(parts)

    def __repr__(self):
        return f"<LessonWidget {self.game_id} step={self.number}/{len(self.lesson.steps)} lang={self.lang}>"


__all__ = ["LessonWidget", "LessonError"]
