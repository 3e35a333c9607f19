"""Every step of a lesson on one page: its board as the lesson draws it, its instruction and its question.

A reviewer looks at a whole lesson at once; a teacher prints it as a handout (the teacher's pages link it).
The page holds each step's board traits, the very ones the lesson widget sends, and the game's own board
module draws them in the reader's browser, so the page needs no Jupyter and no network:

    python -m widgets.pictures shipyard --lang zh-Hant --out handouts/          # shipyard.pictures.zh-Hant.html
    python -m widgets.pictures shipyard --lang all --png /tmp/pics --answers   # and one PNG per step (Chromium)

The Voila server serves the same page at /teach/<game>.pictures.<lang>.html, and `python -m widgets.site`
writes it into the static site's teach/ folder. `--answers` adds each question's answer (for the teacher's
copy; the learners' handout leaves it out).
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from pathlib import Path

from engines.core.texts import LANG_NAMES, LANGS, render
from widgets.core.board import _HOST_CSS, renderer_module

WIDTH = 1366                 # the width the lesson is drawn at, as in the learners' try-outs
PATTERN = r"teach/([a-z0-9-]+)\.pictures\.(en|zh-Hant|zh-Hans)\.html"

_STYLE = """
body { font: 15px/1.5 system-ui, "Noto Sans CJK TC", "Noto Sans CJK SC", sans-serif; color: #1b2631; margin: 0;
       padding: 12px 20px; max-width: %(width)dpx; }
h1 { font-size: 22px; margin: 4px 0 12px; } nav { font-size: 14px; margin-bottom: 12px; }
nav a { margin-right: 1em; color: #0d47a1; }
.step { display: grid; grid-template-columns: 340px 1fr; gap: 16px; border-top: 2px solid #d5d8dc;
        padding: 12px 0; break-inside: avoid; page-break-inside: avoid; }
.side h2 { font-size: 17px; margin: 2px 0 6px; } .count, .chapter { color: #566573; font-size: 13px; }
.jump { background: #f3f0fa; border-left: 4px solid #6c4fa3; padding: 4px 8px; margin: 4px 0; }
.task { background: #fff6dc; border-left: 4px solid #e8a317; padding: 4px 8px; margin: 6px 0; }
.question { border-left: 4px solid #2f6db5; padding: 4px 8px; margin: 6px 0; background: #eef3fb; }
.question ol { margin: 4px 0; padding-left: 22px; }
.done { background: #eaf5ea; border-left: 4px solid #1e8449; padding: 4px 8px; margin: 6px 0; }
.done ul { margin: 2px 0; padding-left: 20px; font-size: 13px; } .answer { font-size: 13px; color: #1e8449; }
.board { min-width: 0; } .board svg { max-width: 100%%; height: auto; }
p { margin: 0 0 6px; }
@media print { body { max-width: none; padding: 0; } nav { display: none; }
               .step { grid-template-columns: 30%% 1fr; page-break-after: always; } }
"""

_SCRIPT = """
const data = JSON.parse(document.getElementById("bgw-steps").textContent);
for (const c of data.steps) {
  c.traits.labels = c.traits.labels || data.labels;
  const host = document.getElementById("board-" + c.step);
  const model = { get: (k) => c.traits[k], on() {}, off() {}, send() {}, set() {}, save_changes() {} };
  try { BOARD.render({ model, el: host }); } catch (error) { host.textContent = "board error: " + error.message; }
}
document.body.dataset.drawn = "yes";
"""


def _cases(game: str, lang: str, answers: bool, lesson=None) -> tuple[str, list[dict], object]:
    """The lesson's steps as the widget shows them on arrival (after the learner's own `first` moves, where the
task is done), and a step's question with the board after its move, as the widget asks it: (page title, steps,
lesson)."""
    from widgets.core.chart import load_bokeh_offline
    from widgets.core.lesson import LessonWidget, paragraphs, t
    load_bokeh_offline()
    widget = LessonWidget(game, lang=lang, lesson=lesson)
    lesson = widget.lesson
    steps = []
    traits_of = lambda board: {name: getattr(board, name) for name in      # noqa: E731
                               ("view", "choices", "labels", "lang", "seat", "options", "revision", "focus")}
    for step in lesson.steps:
        widget.go(step.number)
        task_words = widget.task_words() if step.task is not None else ""
        while widget.first:       # the learner's own first moves made: the board where the step's task is done
            widget.demonstrate()
        traits = traits_of(widget.board)
        say = lambda key, after=False, n=step.number: lesson.say(n, key, lang, after)   # noqa: E731
        card = {"step": step.number, "traits": traits,
                "count": t("ui.lesson.step", lang, k=step.number, n=len(lesson.steps)),
                "chapter": lesson.chapter_title(step.chapter, lang),
                "title": widget.heading.value, "status": widget.status.value,
                "jump": paragraphs(say(step.jump)) if step.jump else "",
                "text": paragraphs(say(step.text)),
                "task": paragraphs("➜ " + task_words) if step.task else ""}
        if answers and step.task is not None and step.task.choose:
            # The teacher's copy: what each move of a real choice leads to (the learner sees the one they made).
            labels = {a.id: a.label.render(lang) for a, _ in widget.match.candidates()}
            card["task"] += f"<p><b>{html.escape(t('ui.lesson.choices', lang))}</b></p><ul>" + "".join(
                f"<li><b>{html.escape(labels.get(move, move))}</b>: "
                f"{html.escape(lesson.say(step.number, step.task.said(move), lang, True, {step.number: move}).replace('**', ''))}</li>"
                for move in step.task.moves) + "</ul>"
        if step.question:
            q = step.question
            if step.task is not None and q.after:
                # The question speaks of the board after the move (the widget asks it then): draw that board too,
                # with what the move did, as the learner sees it when the question comes.
                start = len(widget.match.log)
                widget.choose(step.task.expect)
                card["after"] = traits_of(widget.board)
                card["done"] = paragraphs("✔ " + (say(step.task.done, True) or t("ui.lesson.done", lang)))
                card["events"] = [html.escape(e.text(lang)) for e in widget.match.log[start:]]
            card["ask"] = paragraphs(say(q.ask, q.after))
            card["choices"] = [html.escape(say(c.key, q.after).replace("**", "")) for c in q.choices]
            if answers:
                right = next(i for i, c in enumerate(q.choices) if c.right)
                card["answer"] = paragraphs(f"**{t('ui.lesson.right', lang)}** ({right + 1}) " + say(q.explain, q.after))
        steps.append(card)
    return lesson.text(lesson.title, lang), steps, lesson


def page(game: str, lang: str, answers: bool = False, server: bool = False, lesson=None) -> str:
    """The whole page: a section per step, the boards drawn by the game's module from the embedded traits.
    `server`: the teacher's links for the Voila server's routes, else for the static site. `lesson`: another
    lesson of the game than its own file's (a test's)."""
    from widgets import renderer_for
    from widgets.teach import url
    title, steps, lesson = _cases(game, lang, answers, lesson)
    renderer = renderer_for(game)
    module = renderer_module(renderer.directory).replace("export default {", "const BOARD = {", 1)
    css = _HOST_CSS + (renderer.directory / "board.css").read_text(encoding="utf-8")
    sections = []
    for s in steps:
        question = ""
        if "ask" in s:
            question = (f"<div class='question'>{s['ask']}<ol>" + "".join(f"<li>{c}</li>" for c in s["choices"])
                        + "</ol>" + (f"<div class='answer'>{s['answer']}</div>" if s.get("answer") else "") + "</div>")
        after = ""
        if "after" in s:          # the question beside the board it speaks of: the one after the move
            events = "".join(f"<li>{e}</li>" for e in s["events"])
            after = (f"<div class='side after'><div class='done'>{s['done']}"
                     f"{'<ul>' + events + '</ul>' if events else ''}</div>{question}</div>"
                     f"<div class='board' id='board-{s['step']}-after'></div>")
            question = ""
        sections.append(
            f"<section class='step' id='step-{s['step']}'><div class='side'>"
            f"<div class='count'>{html.escape(s['count'])}</div>{s['title']}"
            f"<div class='status'>{s['status']}</div>"
            f"{'<div class=jump>' + s['jump'] + '</div>' if s['jump'] else ''}{s['text']}"
            f"{'<div class=task>' + s['task'] + '</div>' if s['task'] else ''}{question}</div>"
            f"<div class='board' id='board-{s['step']}'></div>{after}</section>")
    heading = f"{title} · {render('ui.pictures.title', {}, lang)}"
    others = " ".join(f"<a hreflang='{lg}' lang='{lg}' href='{game}.pictures.{lg}.html'>{html.escape(name)}</a>"
                      for lg, name in LANG_NAMES.items() if lg != lang)
    nav = (f"<nav><a href='{html.escape(url('lesson', game, lang, server))}'>{html.escape(title)}</a>"
           f"<a href='{game}.plan.{lang}.html'>{html.escape(render('gallery.teach.plan', {}, lang))}</a>{others}</nav>")
    labels = steps[0]["traits"]["labels"]          # the same words at every step: written once
    boards = [(str(s["step"]), s["traits"]) for s in steps]
    boards += [(f"{s['step']}-after", s["after"]) for s in steps if "after" in s]
    data = json.dumps({"labels": labels, "steps": [
        {"step": name, "traits": {**traits, "labels": None if traits["labels"] == labels else traits["labels"]}}
        for name, traits in boards]}, ensure_ascii=False)
    data = data.replace("</", "<\\/")          # a text holding "</script>" must not end the data early
    return (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width,initial-scale=1'><title>{html.escape(heading)}</title>"
            f"<style>{_STYLE % {'width': WIDTH}}{css}</style></head><body><h1>{html.escape(heading)}</h1>{nav}"
            f"<p>{html.escape(render('ui.pictures.about', {'n': len(steps)}, lang))}</p>"
            + "".join(sections)
            + f"<script type='application/json' id='bgw-steps'>{data}</script>"
            f"<script type='module'>{module}\n{_SCRIPT}</script></body></html>")


def screenshots(html_path: Path, out: Path) -> list[Path]:
    """One PNG per step of a written page, at the lesson's width (Debian's Chromium through Playwright)."""
    from playwright.sync_api import sync_playwright
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                          "--disable-background-networking", "--disable-component-update"])
        page = browser.new_page(viewport={"width": WIDTH, "height": 768})
        page.goto(html_path.resolve().as_uri())
        page.wait_for_function("document.body.dataset.drawn === 'yes'", timeout=120_000)
        for section in page.query_selector_all("section.step"):
            target = out / f"{html_path.stem}.{section.get_attribute('id')}.png"
            section.screenshot(path=str(target))
            written.append(target)
        browser.close()
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets.pictures", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--lang", default="en", help="en, zh-Hant, zh-Hans or all")
    parser.add_argument("--out", default=".", help="folder of the HTML pages (default: here)")
    parser.add_argument("--png", help="also a PNG of each step into this folder")
    parser.add_argument("--answers", action="store_true", help="print each question's answer (teacher's copy)")
    args = parser.parse_args(argv)
    langs = LANGS if args.lang == "all" else (args.lang,)
    if any(lang not in LANGS for lang in langs):
        parser.error(f"--lang: one of {', '.join(LANGS)} or all")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in langs:
        target = out / f"{args.game}.pictures.{lang}.html"
        target.write_text(page(args.game, lang, args.answers), encoding="utf-8")
        print(f"wrote {target}")
        if args.png:
            pngs = screenshots(target, Path(args.png))
            print(f"wrote {len(pngs)} pictures into {args.png}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
