"""Issue 31: where a lesson text names a board part ({@key}), the board of that step draws it, and where it says
which way a part lies ("below the map": the step's `layout`), the drawing agrees. A Chinese board writes what it
composes ("name (note)", "a / b") in Chinese punctuation.

Every step is drawn as the lesson's pictures page draws it (widgets/pictures.py: the lesson widget's own board
traits, the game's own board module, Debian Chromium at the lesson's width), in English and in Chinese. A part
is found by its name, the text the board draws for its key; a direction compares the boxes of the two names.
"""

import json
import re

import pytest

from board_page import pictures_page
from widgets.core.lesson_checks import step_texts
from games import one_step_lesson
from widgets.core.lesson_file import _PART, board_labels, load
from games import lesson_games
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)

pytestmark = pytest.mark.browser

LESSONS = lesson_games()        # every game with a lesson, the test-only ones' (tic-tac-toe) too

# For each case: the boxes of the elements named so inside that step's board: by their own text (a label drawn
# on the board), else by the name the board gives an element (its tooltip's <title>, or its aria-label).
_MEASURE = """(cases) => cases.map((c) => {
  const board = document.getElementById("board-" + c.step);
  const clean = (t) => (t || "").trim().replace(/\\s+/g, " ");
  // labels: every element holding text of its own, and every SVG text whole (a name wrapped onto two lines)
  const leaves = [...board.querySelectorAll("text, tspan, div, span, p, b")].filter(
    (e) => e.tagName === "text" || ![...e.children].some((k) => k.textContent.trim()));
  const named = [...board.querySelectorAll("title")].map((t) => [clean(t.textContent), t.parentElement])
    .concat([...board.querySelectorAll("[aria-label]")].map((e) => [clean(e.getAttribute("aria-label")), e]));
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  // the name itself, or a label that begins with it ("Time marker: ×5", "frame 1 (long piece)")
  const names = (text, name) => text === name || (text.startsWith(name) && /^[\\s:：·(（,，]/.test(text.slice(name.length)));
  const boxes = {};
  for (const name of c.names) {
    let found = leaves.filter((e) => names(clean(e.textContent), name)).map(box);
    if (!found.length) found = named.filter(([n]) => names(n, name)).map(([, e]) => box(e));
    boxes[name] = found.filter((r) => r[2] > r[0] && r[3] > r[1]);
  }
  return { step: c.step, boxes };
})"""


def _cases(lesson, lang: str) -> list[dict]:
    """For each step: the names of the parts its texts mention, and its layout claims, in `lang`."""
    game = lesson.game
    labels = board_labels(game, lang)
    cases = []
    for step in lesson.steps:
        keys = {key for _, text_key, _ in step_texts(lesson, step)
                for key in _PART.findall(lesson.text(text_key, "en"))}
        keys |= {part for a, _, b in step.layout for part in (a, b)}
        if keys:
            cases.append({"step": step.number, "keys": sorted(keys), "layout": step.layout,
                          "names": sorted({_name(labels[k]) for k in keys})})
    return cases


def _name(label: str) -> str:
    return re.sub(r"\s+", " ", label.strip())


def _relation_holds(a, relation, b) -> bool:
    """Box a lies `relation` box b (left, top, right, bottom in the page)."""
    if relation == "above":
        return a[3] <= b[1] + 2
    if relation == "below":
        return a[1] >= b[3] - 2
    if relation == "left-of":
        return a[2] <= b[0] + 2
    return a[0] >= b[2] - 2


# Every text a board shows: its labels, its tooltips and the names of its elements, per step.
_SHOWN = """() => [...document.querySelectorAll("[id^='board-']")].map((board) => {
  const shown = new Set();
  for (const e of board.querySelectorAll("text, title, div, span, p, b"))
    if (e.tagName === "text" || e.tagName === "title" || ![...e.children].some((k) => k.textContent.trim()))
      shown.add(e.textContent.trim());
  for (const e of board.querySelectorAll("[aria-label]")) shown.add(e.getAttribute("aria-label"));
  return [board.id.slice(6), [...shown]];
})"""
# A half-width bracket, colon or slash beside a Chinese character: a board composing "name (note)" or
# "a / b" by hand instead of through its language's template (ui.aside, ui.either, ui.named-value).
_CJK = r"[\u3400-\u9fff]"
HALF_WIDTH = re.compile(rf"{_CJK}\s*[(:/]|[):/]\s*{_CJK}|{_CJK}\s*\)|\(\s*{_CJK}")


def half_width_marks(shown: list) -> list[str]:
    """The texts a Chinese board shows with half-width punctuation, each once, with the first step showing it."""
    first = {}
    for step, texts in shown:
        for text in texts:
            if HALF_WIDTH.search(text):
                first.setdefault(text, step)
    return [f"step {step}: half-width punctuation in {text!r}" for text, step in first.items()]


def problems_of(browser, tmp_path, lesson, lang: str) -> list[str] | None:
    """What the drawn boards of a lesson's steps contradict in its texts, and in Chinese, the board texts with
    half-width punctuation (None: an English lesson that names no part)."""
    game = lesson.game
    cases = _cases(lesson, lang)
    chinese = lang.startswith("zh")
    if not cases and not chinese:
        return None
    with pictures_page(browser, tmp_path, lesson, lang) as page:
        measured = {m["step"]: m["boxes"] for m in page.evaluate(_MEASURE, cases)}
        problems = half_width_marks(page.evaluate(_SHOWN)) if chinese else []
    labels = board_labels(game, lang)
    for case in cases:
        boxes = measured[case["step"]]
        for key in case["keys"]:
            if not boxes[_name(labels[key])]:
                problems.append(f"step {case['step']}: the board draws no {_name(labels[key])!r} ({key})")
        for a, relation, b in case["layout"]:
            first, second = boxes[_name(labels[a])], boxes[_name(labels[b])]
            if first and second and not any(_relation_holds(x, relation, y) for x in first for y in second):
                problems.append(f"step {case['step']}: {labels[a]!r} is not {relation} {labels[b]!r} on the board "
                                f"({json.dumps(first[:1])} against {json.dumps(second[:1])})")
    return problems


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
@pytest.mark.parametrize("game", LESSONS)
def test_every_part_a_step_names_is_drawn_where_its_text_says(browser, tmp_path, game, lang):
    """...and a Chinese board composes its labels in Chinese punctuation (full-width brackets, colons, slashes)."""
    problems = problems_of(browser, tmp_path, load(game), lang)
    if problems is None:
        pytest.skip(f"{game}'s lesson names no board part")
    assert not problems, f"{game} ({lang}):\n" + "\n".join(problems)


WRONG = one_step_lesson("shipyard", "sy.setup.board", 4) + '''layout = [["sy.ui.market", "%s", "sy.ui.action-track"], ["sy.ui.rondel.employee", "below", "sy.ui.market"]]
text.en = "The {@sy.ui.market} lies %s the {@sy.ui.action-track}, the {@sy.ui.rondel.employee} below the {@sy.ui.market}."
text.zh-Hant = "{@sy.ui.market}在{@sy.ui.action-track}%s，{@sy.ui.market}下方是{@sy.ui.rondel.employee}。"
'''


def test_the_check_finds_a_wrong_direction_and_passes_a_right_one(browser, tmp_path):
    """The measure itself: Shipyard draws the ship parts below the action track, the employee rondel below them."""
    path = tmp_path / "wrong.toml"
    path.write_text(WRONG % ("above", "above", "上方"), encoding="utf-8")
    wrong = problems_of(browser, tmp_path, load(path), "en")
    assert len(wrong) == 1 and "'Ship parts' is not above 'Action track'" in wrong[0], wrong
    path.write_text(WRONG % ("below", "below", "下方"), encoding="utf-8")
    assert problems_of(browser, tmp_path, load(path), "zh-Hant") == []


def test_half_width_punctuation_beside_chinese_is_found():
    shown = [["1", ["邊框1 (長邊框)", "邊框1（長邊框）", "D3", "航行 / 佔領", "Score: 3"]], ["2", ["邊框1 (長邊框)"]]]
    assert half_width_marks(shown) == ["step 1: half-width punctuation in '邊框1 (長邊框)'",
                                       "step 1: half-width punctuation in '航行 / 佔領'"]
