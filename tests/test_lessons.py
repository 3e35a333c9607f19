"""Lessons (docs/lessons.md): every lesson file is sound, covers its game's rule catalog, and the lesson widget
teaches by doing: a wrong click is explained, a right one is played, Back and Continue rebuild each step's
own position, and "Play on from here" hands that position to the game shell."""

from __future__ import annotations

import html
import re
from pathlib import Path

import ipywidgets as W
import pytest

import engines
from games import lesson_games, one_step_lesson
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
from widgets.core.lesson_file import LESSON_DIR, TEXT_LANGS, LessonError, lesson_path, load, lookup

GAMES = lesson_games()        # the published games' (widgets/lessons/) and the test-only ones' (their own folder)


def test_every_game_with_a_tutorial_has_a_lesson():
    tutorials = {p.name.split(".")[0] for p in (LESSON_DIR.parents[1] / "tutorials").glob("*.en.ipynb")}
    assert tutorials <= set(GAMES), f"tutorials without a lesson file: {sorted(tutorials - set(GAMES))}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_taught_or_said_why_not(game):
    """Each rule id of the catalog is taught by a step (its rule or `also`) or listed in [[not_taught]] with a reason."""
    lesson = load(game)
    catalog = engines.get_game(game).rule_catalog.rules
    taught = lesson.taught()
    missing = sorted(set(catalog) - set(taught) - set(lesson.not_taught))
    assert not missing, f"{game}: rules neither taught nor listed as not taught: {missing}"
    for rule, reason in lesson.not_taught.items():
        for lang in TEXT_LANGS:
            assert lesson.text(reason, lang).strip(), (rule, lang)


@pytest.mark.parametrize("game", GAMES)
def test_every_step_builds_and_its_checks_hold(game):
    """Every position is reachable from the file alone, every task's move is legal there, every "legal, but"
    names a move that is legal and not the expected one, and every `check` holds: whatever the learner chose
    at the steps that offer a choice (every branch of the story), and every text can be said there."""
    hold_in_every_branch(load(game), game)


def hold_in_every_branch(lesson, game: str) -> None:
    for step in lesson.steps:
        for choices in lesson.branches(step.number):
            where = f"{game} step {step.number} ({step.id})" + (f" after the choices {choices}" if choices else "")
            match = lesson.start_position(step.number, choices)
            for path, expected in step.check.items():
                assert lookup(match, path) == expected, f"{where}: check {path}"
            for lang in ("en", "zh-Hant", "zh-Hans"):
                lesson.say(step.number, step.text, lang, choices=choices)
            if step.task is None:
                continue
            legal = {a.id for a in match.legal_actions()}
            for move in step.task.moves:
                assert move in legal, f"{where}: {move} is not legal; legal: {sorted(legal)}"
            for action_id in step.task.but:
                assert action_id in legal and action_id not in step.task.moves, f"{where}: but.{action_id}"
            after = lesson.end_position(step.number, choices)
            for path, expected in step.task.checks(lesson.move_of(step.number, choices)).items():
                assert lookup(after, path) == expected, f"{where}: task.check {path}"
            for move in step.task.moves:
                chose = {**choices, step.number: move}
                if move != lesson.move_of(step.number, choices):
                    after = lesson.end_position(step.number, chose)
                    for path, expected in step.task.checks(move).items():
                        assert lookup(after, path) == expected, f"{where}: task.choose.{move}.check {path}"
                for lang in ("en", "zh-Hant", "zh-Hans"):
                    lesson.say(step.number, step.task.said(move), lang, after=True, choices=chose)
                    if step.question is not None:
                        lesson.say(step.number, step.question.explain, lang, step.question.after, chose)


@pytest.mark.parametrize("game", GAMES)
def test_step_texts_are_short_and_in_both_languages(game):
    """One rule in two or three sentences (a short fourth for a note is tolerated), in every language."""
    lesson = load(game)
    for step in lesson.steps:
        for lang in TEXT_LANGS:
            text = lesson.text(step.text, lang)
            assert text.strip(), (step.id, lang)
            if lang == "en":
                sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z*\"(])", text.replace("\n", " ")) if s.strip()]
                assert len(sentences) <= 4, f"{game} step {step.id}: {len(sentences)} sentences: keep to one rule"
            else:
                assert re.search(r"[\u4e00-\u9fff]", text), (step.id, lang)
                assert text.count("。") + text.count("？") <= 4, f"{game} step {step.id} ({lang}): too long"


@pytest.mark.parametrize("game", GAMES)
def test_key_moments_ask_a_question(game):
    lesson = load(game)
    questions = sum(step.question is not None for step in lesson.steps)
    tasks = sum(step.task is not None for step in lesson.steps)
    assert questions >= len(lesson.chapters) // 2 and tasks >= len(lesson.chapters), (questions, tasks)


# -- the file format: bad input is refused with a message naming file, step and field -------------------
MINIMAL = one_step_lesson("endeavor-aos", "aos.setup.start-tile", 1, ("- You chose.", "- 你選擇了。")) + '''text.en = "Choose."
text.zh-Hant = "選擇。"
'''


SECOND = '''
[[step]]
id = "second"
rule = "aos.build"
text.en = "Build."
text.zh-Hant = "建造。"
'''


def question(needs: str, right: bool = True, extra: str = "") -> str:
    """A question for MINIMAL's step, with this `needs` line (none when empty)."""
    return ("[step.question]\n" + (needs + "\n" if needs else "") + extra
            + 'ask.en = "?"\nask.zh-Hant = "？"\nexplain.en = "."\nexplain.zh-Hant = "。"\n'
            + '[[step.question.choice]]\nen = "a"\nzh-Hant = "a"\n' + ("right = true\n" if right else "")
            + '[[step.question.choice]]\nen = "b"\nzh-Hant = "b"\n')


@pytest.mark.parametrize("change, message", [
    (lambda s: s.replace('game = "endeavor-aos"', 'game = "chess"'), "'game' must name a known game"),
    (lambda s: s.replace('rule = "aos.setup.start-tile"', 'rule = "aos.nope"'), "'rule' must be a rule id"),
    (lambda s: s.replace('text.zh-Hant = "選擇。"\n', ''), "'text': needs a non-empty text in each of en, zh-Hant"),
    (lambda s: s.replace('start = { players = 3, seed = 1 }', ''), "the first step needs a 'start' or a 'scenario'"),
    (lambda s: s + '[step.task]\nexpect = "build:palace"\ndo.en = "x"\ndo.zh-Hant = "x"\n', "task.expect = 'build:palace' is not legal"),
    (lambda s: s + 'moves = [3]\n', "moves[0] must be an action id"),
    (lambda s: s.replace('chapter = "one"', 'chapter = "two"'), "'chapter' must be one of one"),
    (lambda s: s + question('needs = ["aos.setup.start-tile"]', right=False), "exactly one choice must have right = true"),
    (lambda s: s.replace('recap.zh-Hant = "- 你選擇了。"\n', ''), "'recap' (what the lesson taught"),
    # A question names the rules its answer rests on, each taught by its step or an earlier one (issue 26).
    (lambda s: s + question(""), "step 1 ('first'): question.needs must list the rule ids"),
    (lambda s: s + question("needs = []"), "question.needs must list the rule ids"),
    (lambda s: s + question('needs = ["aos.nope"]'), "question.needs: 'aos.nope' is not a rule id"),
    (lambda s: s + question('needs = ["aos.setup.start-tile", "aos.build"]'),
     "step 1 ('first'): question.needs: 'aos.build' is not taught by this step or an earlier one (no step teaches it)"),
    (lambda s: s + question('needs = ["aos.build"]') + SECOND,
     "step 1 ('first'): question.needs: 'aos.build' is not taught by this step or an earlier one "
     "(step 2 ('second') teaches it only later)"),
    (lambda s: s + question('needs = ["aos.setup.start-tile"]', extra='hint.en = "x"\n'), "question: unknown field hint"),
    (lambda s: s + question('needs = ["aos.setup.start-tile"]', extra='focus = "map#2"\n'),
     "question: 'focus' must name a board element"),
    (lambda s: s + 'colour = "red"\n', "unknown field colour"),
    (lambda s: s + 'moves = [{chance = "spin:3"}]\n', "no chance step is pending"),
    (lambda s: s + '[oops', "not valid TOML"),
    # Issue 31: values read off the position, board parts by the board's names, layout claims.
    (lambda s: s.replace('text.en = "Choose."', 'text.en = "Choose {gold}."'),
     "text (en): placeholder {gold} has no value"),
    (lambda s: s + 'values = { gold = "view.players[0].gold" }\n', "value 'gold' is used by no text of the step"),
    (lambda s: s + 'values = { gold = "__import__(\'os\')" }\n', "only the lesson functions may be called"),
    (lambda s: s + 'values = { gold = "secret" }\n', "unknown name 'secret'"),
    (lambda s: s + 'values = { gold = "view._secret" }\n', "no private attribute"),
    (lambda s: s + 'values = { gold = "view.players[0].gold +" }\n', "not an expression"),
    (lambda s: s.replace('text.en = "Choose."', 'text.en = "Choose {gold}."').replace('text.zh-Hant = "選擇。"', 'text.zh-Hant = "選擇{gold}。"')
     + 'values = { gold = "view.players[9].gold" }\n', "values.gold = 'view.players[9].gold': no element 9"),
    (lambda s: s.replace('text.en = "Choose."', 'text.en = "Choose {gold}."') + 'values = { gold = "round" }\n',
     "en and zh-Hant use different placeholders"),
    (lambda s: s.replace('text.en = "Choose."', 'text.en = "Look at the {@aos.no-such-part}."'),
     "{@aos.no-such-part} is not a name the board draws"),
    (lambda s: s.replace('text.en = "Choose."', 'text.en = "Choose {=aos.no-such-name}."'),
     "{=aos.no-such-name} is not a text key of a name"),
    (lambda s: s + 'layout = [["ui.map", "inside", "ui.tray"]]\n', "'layout' must list [part, relation, part]"),
    (lambda s: s.replace('title.en = "T"', 'title.en = "T {x}"'), "no placeholder may be used"),
])
def test_bad_lesson_files_are_refused_clearly(tmp_path, change, message):
    assert_refused(tmp_path, change(MINIMAL), message)


def assert_refused(tmp_path, text: str, message: str) -> None:
    """The lesson file `text` is refused with `message`, naming the file, when it is loaded and every step of
    every branch is built and said."""
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as info:
        lesson = load(path)
        for step in lesson.steps:
            for choices in lesson.branches(step.number, through=True):
                lesson.end_position(step.number, choices)
                lesson.say(step.number, step.text, "en", choices=choices)
    assert message in str(info.value) and "bad.toml" in str(info.value), str(info.value)


def test_minimal_lesson_loads(tmp_path):
    path = tmp_path / "ok.toml"
    path.write_text(MINIMAL, encoding="utf-8")
    lesson = load(path)
    assert [s.id for s in lesson.steps] == ["first"] and lesson.text(lesson.steps[0].text, "zh-Hant") == "選擇。"


def test_a_question_may_need_what_its_own_step_and_earlier_steps_teach(tmp_path):
    """Issue 26: `needs` names the rules a question's answer rests on; its own step's `rule` and `also` and
    every earlier step's count as taught."""
    text = (MINIMAL + 'also = ["aos.flow.rounds"]\n' + SECOND
            + question('needs = ["aos.build", "aos.flow.rounds", "aos.setup.start-tile"]'))
    path = tmp_path / "ok.toml"
    path.write_text(text, encoding="utf-8")
    lesson = load(path)
    assert lesson.steps[1].question.needs == ("aos.build", "aos.flow.rounds", "aos.setup.start-tile")
    assert lesson.text(lesson.recap, "en") == "- You chose."


@pytest.mark.parametrize("game", GAMES)
def test_every_question_needs_only_what_earlier_steps_taught(game):
    """Issue 26: no question asks what no step has taught yet. Each names the rules its answer rests on
    (`needs`), and each of them is taught by the question's step or an earlier one. (The loader refuses a
    file that breaks this; the test says it per game, over the real lessons.)"""
    lesson = load(game)
    taught = set()
    for step in lesson.steps:
        taught.update(step.rules)
        if step.question is not None:
            assert step.question.needs, f"{game} step {step.number} ({step.id}): the question names no rule"
            missing = [r for r in step.question.needs if r not in taught]
            assert not missing, f"{game} step {step.number} ({step.id}): asks about {missing}, not taught yet"


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_ends_with_a_recap(game):
    """Issue 26: the last step ends with a few bullet points of what the lesson taught, in both languages."""
    lesson = load(game)
    for lang in TEXT_LANGS:
        bullets = [line for line in lesson.text(lesson.recap, lang).splitlines() if line.startswith("- ")]
        assert 3 <= len(bullets) <= 10, f"{game} ({lang}): the recap has {len(bullets)} bullet points"


# -- the widget ---------------------------------------------------------------------------------------------
def first_task(lesson):
    return next(s for s in lesson.steps if s.task is not None and s.task.but)


def test_widget_opens_on_step_one_with_its_position():
    import widgets
    lesson = load("endeavor-aos")
    w = widgets.lesson("endeavor-aos")
    assert w.number == 1 and w.count.value == f"Step 1 of {len(lesson.steps)}"
    assert w.board.view == lesson.start_position(1).view(lesson.learner)
    assert w.forward.disabled == (lesson.steps[0].question is not None)
    assert repr(w) == f"<LessonWidget endeavor-aos step=1/{len(lesson.steps)} lang=en>"


def test_wrong_click_explains_and_right_click_advances():
    import widgets
    lesson = load("endeavor-aos")
    step = first_task(lesson)
    w = widgets.lesson("endeavor-aos", step=step.number)
    assert w.forward.disabled and w.board.seat == w.match.to_move
    refused = next(a.id for a, why in w.match.candidates() if why is not None) if any(
        why for _, why in w.match.candidates()) else "build:palace"
    before = w.board.view
    assert not w.choose(refused)
    assert "no" in w.feedback.value and w.match.why_not(refused).render("en").split(" ")[0] in w.feedback.value
    legal_but = next(iter(step.task.but))
    assert not w.choose(legal_but) and "class='but'" in w.feedback.value
    assert w.board.view == before                    # wrong clicks change nothing
    w._on_board_message(None, {"type": "choose", "id": step.task.expect}, [])
    assert w.task_done and "class='ok'" in w.feedback.value
    assert w.board.view == lesson.end_position(step.number).view(w._seat())
    w.forward.click()
    assert w.number == step.number + 1
    w.back.click()                                   # issue 31: Back shows the step as the learner left it
    assert w.number == step.number and w.task_done and "class='ok'" in w.feedback.value
    assert w.board.view == lesson.end_position(step.number).view(w._seat())
    fresh = widgets.lesson("endeavor-aos", step=step.number)
    assert not fresh.task_done                        # a step not yet done starts from its own position


def test_show_me_points_first_and_plays_on_the_second_press():
    """Issue 31: "Show me" rings the move on the board and names it; only a second press makes it."""
    import widgets
    lesson = load("endeavor-aos")
    step = first_task(lesson)
    w = widgets.lesson("endeavor-aos", step=step.number)
    target = next(a.target for a, _ in w.match.candidates() if a.id == step.task.expect)
    before = w.board.view
    w.show_me.click()
    assert not w.task_done and w.board.view == before
    assert w.board.focus == f"{target}#{step.number}!" and w.show_me.description == "Play it for me"
    assert "ringed on the board" in w.feedback.value
    w.show_me.click()
    assert w.task_done and w.board.view == lesson.end_position(step.number).view(w._seat())
    w.forward.click()
    assert w.show_me.description == "Show me" or w.step.task is None


def test_forged_messages_are_refused():
    import widgets
    w = widgets.lesson("endeavor-aos")
    view = w.board.view
    for forged in ("x", {"type": "choose"}, {"type": "choose", "id": 5}, None):
        w._on_board_message(None, forged, [])
    assert len(w.refused) == 4 and w.board.view == view and w.number == 1


def test_a_wrong_answer_shows_the_rule_and_the_right_one_the_explanation():
    """Issue 31: a wrong answer shows the rules the answer rests on (its `needs`), not the explanation, which
    would hand over the answer; the right answer shows the explanation."""
    import widgets
    lesson = load("endeavor-aos")
    step = next(s for s in lesson.steps if s.question is not None and s.task is None)
    w = widgets.lesson("endeavor-aos", step=step.number)
    wrong = next(i for i, c in enumerate(step.question.choices) if not c.right)
    right = next(i for i, c in enumerate(step.question.choices) if c.right)
    explain = lesson.say(step.number, step.question.explain, "en", True)
    assert w.forward.disabled
    assert not w.answer_question(wrong)
    shown = w.question.children[-1].value
    assert "Not quite" in shown and explain.split(".")[0] not in shown
    for rule in step.question.needs:
        assert html.escape(engines.rules("endeavor-aos", "en")[rule]["title"]) in shown
    assert w.answer_question(right)
    assert "Right." in w.question.children[-1].value
    assert html.escape(explain.split(".")[0]).replace("**", "") in w.question.children[-1].value.replace("<b>", "").replace("</b>", "")
    assert not w.forward.disabled


def test_a_wrong_answer_does_not_lock_the_question():
    """Issue 26: after a wrong answer the rule shows (issue 31: not the explanation), the wrong answer is marked, and the learner
    answers again; only the right answer opens Continue, and then the question is settled."""
    import widgets
    lesson = load("entdecker")
    step = next(s for s in lesson.steps if s.question is not None and s.task is None
                and len(s.question.choices) >= 3)
    w = widgets.lesson("entdecker", step=step.number)
    choices = step.question.choices
    wrong = [i for i, c in enumerate(choices) if not c.right]
    right = next(i for i, c in enumerate(choices) if c.right)
    buttons = lambda: [c for c in w.question.children if isinstance(c, W.Button)]   # noqa: E731
    buttons()[wrong[0]].click()
    assert "Not quite" in w.question.children[-1].value
    # the board first: the rule's words folded under its title (they may hold the number asked), open after a second
    assert "<details><summary>" in w.question.children[-1].value and "<details open>" not in w.question.children[-1].value
    assert w.forward.disabled and w.forward.tooltip == "First find the right answer to the question."
    assert buttons()[wrong[0]].disabled and buttons()[wrong[0]].button_style == "danger"
    assert not any(b.disabled for i, b in enumerate(buttons()) if i != wrong[0])   # the others stay open
    buttons()[wrong[1]].click()                      # a second wrong answer: still open
    assert w.forward.disabled and w.tried == wrong[:2]
    assert "<details open>" in w.question.children[-1].value and "with this rule in mind" in w.question.children[-1].value
    buttons()[right].click()
    assert "Right." in w.question.children[-1].value and not w.forward.disabled
    assert all(b.disabled for b in buttons()) and buttons()[right].button_style == "success"
    w.forward.click()
    assert w.number == step.number + 1
    w.back.click()                                    # issue 31: Back remembers the answers given
    assert w.answer == right and w.tried == wrong[:2] and not w.forward.disabled
    assert "Right." in w.question.children[-1].value


def test_a_step_where_a_learner_may_stop_shows_the_recap_too():
    """A step marked `stop` (Endeavor 2009's last step of a game, before the chapter for Age of Sail players) shows
    the recap and the link to a whole game once it is done, with a line saying the steps after it are optional;
    the next step does not (en try-out: the only summary was eight steps after "you may stop here")."""
    import widgets
    game = "endeavor-2009"
    lesson = load(game)
    stops = [s for s in lesson.steps if s.stop]
    assert [s.id for s in stops] == ["final-slot"] and stops[0].number < len(lesson.steps)
    stop = stops[0]
    w = widgets.lesson(game, lang="en", step=stop.number)
    assert w.recap.value == ""                         # not before the step is done
    if stop.question is not None:
        w.answer_question(next(i for i, c in enumerate(stop.question.choices) if c.right))
    w.demonstrate()
    assert w.can_continue and not w.forward.disabled   # Continue goes on to the extra chapter
    assert "What you learned:" in w.recap.value and "Play a whole game" in w.recap.value
    assert "You may stop here" in w.recap.value
    w.go(stop.number + 1)
    assert w.recap.value == ""


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_last_step_ends_with_the_recap_and_a_link_to_play_a_whole_game(lang, monkeypatch):
    """Issue 26: once the last step is done, the lesson shows its recap and links the game's play page in
    the page's language: under Voila beside the lesson (/voila/render/tutorials/ ->
    /voila/render/notebooks/), in the static site where the play pages are one folder up."""
    import widgets
    from widgets.core import lesson as lesson_module
    game = "entdecker"
    lesson = load(game)
    w = widgets.lesson(game, lang=lang, step=len(lesson.steps) - 1)
    assert w.recap.value == ""                         # not before the last step
    w.go(len(lesson.steps))
    last = w.step
    assert (w.recap.value == "") == (not w.can_continue)
    right = last.question and next(i for i, c in enumerate(last.question.choices) if c.right)
    if last.question is not None and last.question.before:
        w.answer_question(right)
    if last.task is not None:
        w.demonstrate()
    if last.question is not None and last.question.after:
        w.answer_question(right)
    recap = w.recap.value
    first_bullet = lesson.text(lesson.recap, lang).strip().splitlines()[0][2:]
    assert recap.count("<li>") >= 3 and first_bullet[:12] in recap
    assert f"href='../notebooks/{game}.ipynb?lang={lang}'" in recap
    assert {"en": "Play a whole game", "zh-Hant": "完整玩一局", "zh-Hans": "完整玩一局"}[lang] in recap
    monkeypatch.setattr(lesson_module.sys, "platform", "emscripten")
    assert lesson_module.play_page(game, lang) == f"../{game}.ipynb?lang={lang}"
    w.back.click()
    assert w.recap.value == ""


def test_play_on_from_here_opens_the_game_shell():
    import widgets
    lesson = load("endeavor-aos")
    step = first_task(lesson)
    w = widgets.lesson("endeavor-aos", step=step.number)
    w.demonstrate()
    shell = w.open_shell()
    assert shell.match.view() == w.match.view() and shell.seat_kinds[lesson.learner] == "human"
    assert w.lesson_box.layout.display == "none"
    shell.run_bots(50)                               # the shell plays on; the lesson's position is untouched
    assert w.match.view() == lesson.end_position(step.number).view()
    w.close_shell()
    assert w.lesson_box.layout.display == "" and w.shell is None


def test_chinese_labels():
    import widgets
    w = widgets.lesson("endeavor-aos", lang="zh-Hant")
    n = len(w.lesson.steps)
    assert w.count.value == f"第 1 步，共 {n} 步" and w.forward.description == "繼續"
    assert "規則" in w.rule.value and "規則書" in w.rule.value


def test_simplified_chinese_is_generated():
    """zh-Hans comes from the kernel (OpenCC over zh-Hant), lesson texts and widget labels alike."""
    import widgets
    lesson = load("endeavor-aos")
    w = widgets.lesson("endeavor-aos", lang="zh-Hans")
    assert w.forward.description == "继续" and "轮" in w.heading.value + w.text.value + w.rule.value
    assert "輪" not in w.text.value


def test_focus_names_the_expected_move_or_the_step_choice():
    import widgets
    lesson = load("endeavor-aos")
    step = first_task(lesson)
    w = widgets.lesson("endeavor-aos", step=step.number)
    target = next(a.target for a, _ in w.match.candidates() if a.id == step.task.expect)
    assert w.board.focus == f"{target}#{step.number}"
    focused = next(s for s in lesson.steps if s.focus and s.task is None)
    w.go(focused.number)
    assert w.board.focus == f"{focused.focus}#{focused.number}"
    w.go(1)
    assert w.board.focus == "#1"          # no element named: the board's box goes back to its top


def test_no_widget_of_a_lesson_shows_a_null_tooltip_after_its_move():
    """ipywidgets writes a tooltip of None as "null": the question's widgets, made after the move, get an empty
    one too (Amerigo try-out: a "null" tooltip beside step 21's question)."""
    from widgets.core.lesson import LessonWidget

    def tooltips(widget):
        if "tooltip" in widget.trait_names():
            yield widget.tooltip
        for child in getattr(widget, "children", ()) or ():
            yield from tooltips(child)
    from widgets.core.lesson_file import load
    goods = next(s for s in load("amerigo").steps if s.id == "goods")     # a task, then a question
    w = LessonWidget("amerigo", "en", step=goods.number)
    w.demonstrate()
    assert w.step.question is not None and None not in list(tooltips(w))


def test_each_step_and_each_answer_is_announced():
    """Issue 33: the lesson says to a screen reader (its polite live region) each step it shows, what a move or a
    click answered (the move's log lines, or why it is refused) and whether an answer is right, in plain words."""
    from widgets.core.lesson import LessonWidget
    from widgets.core.lesson_file import load
    lesson = load("entdecker")
    step = next(s for s in lesson.steps if s.task is not None and s.question is not None)
    widget = LessonWidget("entdecker", lang="zh-Hant", step=step.number)
    said = lambda: widget.in_view.say.rsplit("#", 1)[0]            # noqa: E731
    assert not widget.in_view.say.endswith("!")                     # a new step: said, not scrolled to
    assert said().startswith(f"第 {step.number} 步，共 {len(lesson.steps)} 步") and "<" not in said()
    widget.choose("no-such-move")
    assert "no-such-move" in said()
    before = widget.in_view.say
    widget.choose("no-such-move")
    assert widget.in_view.say != before                  # the same words, said again
    widget.demonstrate()
    assert all(e.text("zh-Hant") in said() for e in widget.match.log[-2:]) and "**" not in said()
    wrong = next(i for i, c in enumerate(step.question.choices) if not c.right)
    widget.answer_question(wrong)
    rule = widget.match.rule(step.question.needs[0])
    assert said().startswith("不太對。") and rule.title["zh-Hant"] in said()
    right = next(i for i, c in enumerate(step.question.choices) if c.right)
    widget.answer_question(right)
    assert said().startswith("答對了。") and len(said()) > len("答對了。")


def test_a_question_brings_what_it_is_about_into_view_once_it_is_asked(tmp_path):
    """`question.focus`: after the task's move, the board brings the element the question is about into view
    (the lesson's focus and its in-view request name it); before the move, the step's own focus holds."""
    from widgets.core.lesson import LessonWidget
    path = tmp_path / "lesson.toml"
    path.write_text(MINIMAL + 'focus = "start.colonial-house"\n[step.task]\nexpect = "start:colonial-house"\n'
                    'do.en = "Take it."\ndo.zh-Hant = "拿。"\n'
                    + question('needs = ["aos.setup.start-tile"]', extra='focus = "mat.0"\n'), encoding="utf-8")
    widget = LessonWidget("endeavor-aos", lesson=load(path))
    assert widget.board.focus.startswith("start.colonial-house#")
    widget.choose("start:colonial-house")
    # "?": the page brings the target into sight together with the question, not with the done task
    assert widget.board.focus.startswith("mat.0#") and widget.in_view.step.startswith("mat.0#1?@")
    assert widget.in_view.reveal == ""          # (the question without a focus of its own: `reveal`)
    widget.go(1)                       # back at the step, done: the question is asked at once
    assert widget.board.focus.startswith("mat.0#")


def test_a_question_after_a_move_is_brought_into_sight(tmp_path):
    """A question asked after the move, with no board focus of its own: the page is asked to bring the question
    into sight (below the move's log lines it may start under the window's edge), once per move."""
    from widgets.core.lesson import LessonWidget
    path = tmp_path / "lesson.toml"
    path.write_text(MINIMAL + 'focus = "start.colonial-house"\n[step.task]\nexpect = "start:colonial-house"\n'
                    'do.en = "Take it."\ndo.zh-Hant = "拿。"\n'
                    + question('needs = ["aos.setup.start-tile"]'), encoding="utf-8")
    widget = LessonWidget("endeavor-aos", lesson=load(path))
    assert widget.in_view.reveal == ""
    widget.choose("start:colonial-house")
    assert widget.in_view.reveal == f"1@{widget.board.revision}"



def test_a_question_asked_before_the_move_is_answered_first_then_the_move_is_made(tmp_path):
    """`question.before` (predict, then do): the question is asked on arrival, of the board then, and the move
    waits for the right answer (a click and "Show me" say so, and neither plays nor points at it); once
    answered, the move's element comes into view and the move can be made. A wrong prediction shows the rule."""
    from widgets.core.lesson import LessonWidget
    path = tmp_path / "lesson.toml"
    path.write_text(MINIMAL + '[step.task]\nexpect = "start:colonial-house"\ndo.en = "Take it."\ndo.zh-Hant = "拿。"\n'
                    + question('needs = ["aos.setup.start-tile"]', extra='before = true\nfocus = "mat.0"\n'),
                    encoding="utf-8")
    widget = LessonWidget("endeavor-aos", lesson=load(path))
    before = widget.board.view
    assert widget.board.focus.startswith("mat.0#")                        # asked now: what it is about in view
    assert [b.description for b in widget.question.children[1:]] == ["a", "b"]
    assert not any(b.disabled for b in widget.question.children[1:])
    assert widget.board.choices == []                  # no option highlighted: which moves exist may be the answer
    assert "Once you have answered the question below: Take it." in widget.task.value   # not a button to look for
    assert not widget.choose("start:colonial-house") and not widget.task_done
    assert "First answer the question above" in widget.feedback.value and widget.board.view == before
    widget.show_me.click()
    assert not widget.pointed and not widget.board.focus.endswith("!")
    assert not widget.answer_question(1) and "Not quite" in widget.question.children[-1].value
    assert widget.answer_question(0) and not widget.can_continue       # predicted; the move is still to make
    assert widget.in_view.step.startswith("start.colonial-house#1@")
    assert "Once you have answered" not in widget.task.value and "Take it." in widget.task.value
    assert any(c["id"] == "start:colonial-house" for c in widget.board.choices)    # now offered
    assert widget.choose("start:colonial-house") and widget.can_continue


def test_a_question_before_the_move_needs_a_task_and_reads_the_steps_values(tmp_path):
    path = tmp_path / "lesson.toml"
    path.write_text(MINIMAL + question('needs = ["aos.setup.start-tile"]', extra='before = true\n'), encoding="utf-8")
    with pytest.raises(LessonError, match="question.before asks before the task's move, and the step has no task"):
        load(path)
    path.write_text(MINIMAL + question('needs = ["aos.setup.start-tile"]', extra='before = "yes"\n'), encoding="utf-8")
    with pytest.raises(LessonError, match="question.before must be true or false"):
        load(path)
    path.write_text(MINIMAL + '[step.task]\nexpect = "start:colonial-house"\ndo.en = "Take it."\ndo.zh-Hant = "拿。"\n'
                    'values = { gold = "view.players[0].gold" }\ndone.en = "{gold}"\ndone.zh-Hant = "{gold}"\n'
                    + question('needs = ["aos.setup.start-tile"]', extra='before = true\n').replace(
                        'ask.en = "?"\nask.zh-Hant = "？"', 'ask.en = "{gold}?"\nask.zh-Hant = "{gold}？"'),
                    encoding="utf-8")
    with pytest.raises(LessonError, match=r"question.ask \(en\): placeholder \{gold\} has no value \(the task's values"):
        load(path)


def test_the_shells_sentences_say_the_games_own_word_for_the_board():
    """A game whose rulebook has its own word for the board (Entdecker's 遊戲板, Endeavor 2009's 遊戲圖板) hears it
    in the lesson shell's sentences too, such as the wrong answer's line (Entdecker try-out 5)."""
    from widgets.core.lesson import LessonWidget
    for game, word in (("entdecker", "遊戲板"), ("endeavor-2009", "遊戲圖板"), ("shipyard", "圖版"), ("endeavor-aos", "版圖")):
        lesson = load(game)
        step = next(s for s in lesson.steps if s.question is not None and s.task is None)
        w = LessonWidget(game, lang="zh-Hant", step=step.number)
        w.answer_question(next(i for i, c in enumerate(step.question.choices) if not c.right))
        shown = w.question.children[-1].value
        assert f"再看一次{word}，" in shown, (game, shown[:120])


def test_a_question_the_score_table_would_answer_folds_it_until_answered(tmp_path):
    """Age of Sail try-out: the final score table above the board gave away 'how much glory does your wealth
    track give?'. A question marked `hides_score` folds the table, says why, and shows it once answered.
    (The lesson itself now ends the game only at its last step, after every counting question (English try-out
    v5: the table shown between them gave part B away); the game is ended at 'scoring' here, as it was.)"""
    from widgets.core.lesson import LessonWidget
    real = load("endeavor-aos")
    assert [s.id for s in real.steps if real.arrival_position(s.number).is_over] == ["winner"]
    text = lesson_path("endeavor-aos").read_text(encoding="utf-8")
    text = text.replace('id = "scoring"\nrule', 'id = "scoring"\nmoves = ["discard:europe-1"]\nrule')
    text = text.replace('moves = ["discard:europe-1"]\nrule = "aos.scoring"\nvalues', 'rule = "aos.scoring"\nvalues')
    text = text.replace('check = { over = false, to_move = 1, ', 'check = { ')
    path = tmp_path / "endeavor-aos.toml"
    path.write_text(text, encoding="utf-8")
    lesson = load(path)
    number = next(s.number for s in lesson.steps if s.id == "score-tracks")
    widget = LessonWidget("endeavor-aos", lesson=lesson, step=number)
    assert widget.match.is_over and widget.final.box.layout.display == "none"
    assert "appears once you have answered" in widget.score_note.value
    right = next(i for i, c in enumerate(widget.step.question.choices) if c.right)
    assert widget.answer_question(right)
    assert widget.final.box.layout.display == "" and widget.score_note.value == ""
    widget.go(number - 1)                          # a step whose question does not ask it: the table stays
    assert widget.final.box.layout.display == ""


CHOICE = MINIMAL.replace('text.en = "Choose."', 'text.en = "Choose a tile."') + \
    '[step.task]\nexpect = "start:colonial-house"\ndo.en = "Take a tile."\ndo.zh-Hant = "拿一塊。"\n' \
    'done.en = "The house."\ndone.zh-Hant = "房子。"\n' \
    '[step.task.choose."start:merchants-dock"]\nen = "The dock."\nzh-Hant = "碼頭。"\n' \
    'check = { to_move = 0 }\n' + SECOND.replace(
        'text.en = "Build."', 'values = { tile = "[p.buildings[0].id for p in view.players if p.buildings][0]" }\n'
        'focus = "start.{tile}"\ntext.en = "You hold {tile}."').replace(
        'text.zh-Hant = "建造。"', 'text.zh-Hant = "你有{tile}。"')


def test_a_real_choice_decides_how_the_story_goes_on(tmp_path):
    """`task.choose` (issue 31: the lesson no longer plays for the learner): another move the learner may make
    is played, its own text says what it led to, and the next step starts from it (its values read off that
    position); Back shows the choice as made, and "Choose again" lets the learner try the other move; "Show
    me" names every choice; a teacher opening a later step directly sees the lesson's own pick."""
    from widgets.core.lesson import LessonWidget
    path = tmp_path / "lesson.toml"
    path.write_text(CHOICE, encoding="utf-8")
    lesson = load(path)
    assert lesson.branches(2) == [{1: "start:colonial-house"}, {1: "start:merchants-dock"}]
    own = lesson.say(2, lesson.steps[1].text, "en")
    other = lesson.say(2, lesson.steps[1].text, "en", choices={1: "start:merchants-dock"})
    assert own != other, "the step after a choice reads the position the choice made"

    widget = LessonWidget("endeavor-aos", lesson=lesson)
    widget.show_me.click()
    assert "The choice is yours" in widget.feedback.value and "Merchant" in widget.feedback.value
    assert widget.choose("start:merchants-dock") and "The dock." in widget.feedback.value
    assert widget.chosen == {1: "start:merchants-dock"}
    widget.forward.click()
    assert widget.number == 2 and "merchants-dock" in other and "merchants-dock" in widget.text.value
    assert widget.board.view == lesson.start_position(2, {1: "start:merchants-dock"}).view(lesson.learner)
    assert widget.board.focus.startswith("start.merchants-dock#")      # the focus follows the choice too
    widget.back.click()
    assert widget.task_done and "The dock." in widget.feedback.value      # as the learner left it
    assert widget.board.view == lesson.end_position(1, {1: "start:merchants-dock"}).view(lesson.learner)
    assert widget.again.layout.display == "" and widget.again.description == "Choose again"
    widget.again.click()                        # compare: the other move, and the story goes on from it
    assert not widget.task_done and widget.chosen == {} and widget.again.layout.display == "none"
    assert widget.choose("start:colonial-house") and "The house." in widget.feedback.value
    widget.forward.click()
    assert "colonial-house" in widget.text.value

    fresh = LessonWidget("endeavor-aos", lesson=lesson, step=2)          # a teacher opening step 2: the lesson's pick
    assert fresh.board.view == lesson.start_position(2).view(lesson.learner)
    with pytest.raises(ValueError, match="is not one of its choices"):
        lesson.start_position(2, {1: "start:nowhere"})


@pytest.mark.parametrize("change, message", [
    (lambda s: s.replace('expect = "start:colonial-house"', 'first = "start:colonial-house"\nexpect = "start:colonial-house"'),
     "task.first must be a list of action ids"),
    (lambda s: s.replace('expect = "start:colonial-house"', 'first = ["build:market"]\nexpect = "start:colonial-house"'),
     "task.first: 'build:market' is a kind of move no earlier step's task taught"),
    (lambda s: s.replace('done.en = "The house."\ndone.zh-Hant = "房子。"\n', ''), "says in `done` what the lesson's own pick"),
    (lambda s: s.replace('[step.task.choose."start:merchants-dock"]', '[step.task.choose."start:colonial-house"]'),
     "a choice is neither `expect` nor a `but`"),
    (lambda s: s.replace('[step.task.choose."start:merchants-dock"]', '[step.task.choose."build:nothing"]'),
     "task.choose = 'build:nothing' is not legal there"),
    (lambda s: s.replace('zh-Hant = "碼頭。"', 'zh-Hant = ""'), "task.choose.'start:merchants-dock': needs a non-empty text"),
    (lambda s: s.replace('focus = "start.{tile}"', 'focus = "start.{pile}"'), "focus: placeholder {pile} has no value"),
    (lambda s: s.replace('check = { to_move = 0 }', 'check = "yes"'), "task.choose.'start:merchants-dock'.check must be a table"),
])
def test_a_bad_choice_is_refused_clearly(tmp_path, change, message):
    assert_refused(tmp_path, change(CHOICE), message)


def test_the_learner_makes_their_own_first_move_before_the_task():
    """docs/lessons.md, "The learner's own first moves": at Age of Sail's step "attribute-token" the lesson no
    longer activates the Colonial House for the learner. They arrive before it and make it on the board, a move
    step "activate" taught, then occupy the city; only the activation is taken first, "Show me" points at it,
    and once the occupy is made the board is the step's end, kept as it was when the learner comes back."""
    from widgets.core.lesson import LessonWidget
    lesson = load("endeavor-aos")
    step = next(s for s in lesson.steps if s.id == "attribute-token")
    n, seat = step.number, lesson.learner
    assert step.task.first == ("activate:0",) and not step.task.choose and step.question is None

    w = LessonWidget("endeavor-aos", step=n)
    assert "First a move you already know" in w.task.value and "Colonial House" in w.task.value
    arrival = lesson.arrival_position(n).view(seat)
    assert w.board.view == arrival != lesson.start_position(n).view(seat)   # before the activation
    assert w.first == ["activate:0"] and not w.task_done and w.forward.disabled

    assert not w.choose(step.task.expect)           # the occupy waits for the activation: refused, nothing changes
    assert w.board.view == arrival and w.first == ["activate:0"] and not w.task_done
    assert "Colonial House" in w.feedback.value

    target = next(a.target for a, _ in w.match.candidates() if a.id == "activate:0")
    assert target and not w.show()                  # "Show me" points at the activation, and makes nothing
    assert w.board.focus == f"{target}#{n}!" and w.board.view == arrival and w.first == ["activate:0"]

    arrived = len(w.match.log)
    assert not w.choose("activate:0")               # accepted: the learner's own move, not yet the task's
    assert w.first == [] and not w.task_done and w.board.view != arrival
    activated = [e.text("en") for e in w.match.log[arrived:]]
    assert w.match.view(seat) == lesson.start_position(n).view(seat)
    assert "First a move you already know" not in w.task.value and "Occupy the city of Europe" in w.task.value
    hamburg = next(a.target for a, _ in w.match.candidates() if a.id == step.task.expect)
    assert w.board.focus == f"{hamburg}#{n}"

    assert w.choose(step.task.expect) and w.task_done and "class='ok'" in w.feedback.value
    assert w.match.view(seat) == lesson.end_position(n).view(seat)
    # the answer lists what both moves did, the activation's lines too (2009 try-out v9: only the last move's)
    assert activated and all(html.escape(line) in w.feedback.value for line in activated)
    assert not w.choose_again() and w.again.layout.display == "none"   # no choice at this step

    w.go(n + 1)
    w.go(n)                                         # back at the step: done, as the learner left it
    assert w.task_done and w.first == [] and "class='ok'" in w.feedback.value
    assert w.match.view(seat) == lesson.end_position(n).view(seat) and not w.forward.disabled
    assert not w.choose_again() and w.again.layout.display == "none"

    zh = LessonWidget("endeavor-aos", "zh-Hant", step=n)
    assert "先走一步你已經學過的" in zh.task.value and "殖民地時期房屋" in zh.task.value


def test_a_choice_checks_what_its_text_states(tmp_path):
    """`task.choose."<move>".check`: the facts a choice's text states hold on the position after that move."""
    path = tmp_path / "lesson.toml"
    path.write_text(CHOICE, encoding="utf-8")
    hold_in_every_branch(load(path), "scratch")
    path.write_text(CHOICE.replace("check = { to_move = 0 }", "check = { to_move = 2 }"), encoding="utf-8")
    with pytest.raises(AssertionError, match=r"task.choose.start:merchants-dock.check to_move"):
        hold_in_every_branch(load(path), "scratch")


def test_the_learner_makes_several_first_moves_in_order():
    """docs/lessons.md, "The learner's own first moves": at Shipyard's step "cabins" the learner fits the captain
    and the soldier themselves, one after the other, each named in turn, the board's focus following, Show me
    pointing at the next and then making it; then the task's own move. At Amerigo's step "village-more" the
    learner plans the 2-square village tile, a kind of move the step before taught (Amerigo try-out: the step
    called the first village tile a move "you already know" in the step that taught it). A step that begins a
    phase (Amerigo's step "plan") waits for the learner's own action choice."""
    from widgets.core.lesson import LessonWidget
    lesson = load("shipyard")
    step = next(s for s in lesson.steps if s.id == "cabins")
    n, seat = step.number, lesson.learner
    one, two = step.task.first
    w = LessonWidget("shipyard", step=n)
    target = {a.id: a.target for a, _ in w.match.candidates()}
    assert w.board.focus.startswith(f"{target[one]}#")
    # every first move named, in order, each read where it will be made
    assert "First, moves you already know, in this order:" in w.task.value and " → " in w.task.value
    assert not w.choose(two) and w.first == [one, two]                      # in the file's order
    assert not w.choose(one) and w.first == [two]
    assert "First a move you already know:" in w.task.value
    assert not w.show() and not w.show() and w.first == []                   # Show me: pointed, then made
    assert w.match.view(seat) == lesson.start_position(n).view(seat) and not w.task_done
    assert w.choose(step.task.expect) and w.match.view(seat) == lesson.end_position(n).view(seat)

    lesson = load("amerigo")
    seat = lesson.learner
    village = next(s for s in lesson.steps if s.id == "village")
    assert village.task.expect == "plan:v1" and not village.task.first       # taught here: the step's own move
    more = lesson.steps[village.number]
    assert more.id == "village-more" and more.task.first == ("plan:v2", "plan:v3l") and not more.moves
    w = LessonWidget("amerigo", step=more.number)
    assert w.board.focus.startswith("plan.v2#")
    assert "First, moves you already know, in this order: Plan a 2-square village tile" in w.task.value
    assert not w.choose("plan:v2") and w.first == ["plan:v3l"]
    assert not w.choose("plan:v3l") and w.first == [] and w.choose(more.task.expect)
    assert w.match.view(seat) == lesson.end_position(more.number).view(seat)

    plan = next(s for s in lesson.steps if s.id == "plan")
    assert plan.task.first == ("act:red",) and list(plan.moves) == ["gold", "gold"]
    w.go(plan.number)
    assert w.first == ["act:red"] and w.board.focus.startswith("act.red#") and "planning (red)" in w.task.value
    arrival = lesson.arrival_position(plan.number).view(seat)
    assert w.board.view == arrival != lesson.start_position(plan.number).view(seat)


def test_a_move_that_depends_on_an_earlier_choice_is_the_first_legal_of_its_list(tmp_path):
    """`{one_of = [...]}` in a step's `moves`: after a real choice another player's reply may differ by branch;
    the first move of the list that is legal there is made. None legal, or a list of one, is refused clearly."""
    path = tmp_path / "lesson.toml"
    reply = 'moves = [{one_of = ["start:nowhere", "start:colonial-house"]}]\n'
    path.write_text(CHOICE.replace('id = "second"\n', 'id = "second"\n' + reply), encoding="utf-8")
    lesson = load(path)
    for choices in lesson.branches(2):
        match = lesson.start_position(2, choices)
        assert "Colonial House" in repr([e.text("en") for e in match.log[lesson.since(2, choices):]])
    path.write_text(CHOICE.replace('id = "second"\n', 'id = "second"\n' + reply.replace(
        '"start:colonial-house"', '"start:elsewhere"')), encoding="utf-8")
    with pytest.raises(LessonError, match=r"moves\[0\] = OneOf.*none of start:nowhere, start:elsewhere is legal there"):
        load(path).start_position(2)
    path.write_text(CHOICE.replace('id = "second"\n', 'id = "second"\nmoves = [{one_of = ["start:nowhere"]}]\n'),
                    encoding="utf-8")
    with pytest.raises(LessonError, match=r"one_of"):
        load(path)


def test_a_question_before_the_move_waits_for_the_learners_own_first_moves():
    """A step with `first` moves and a question asked `before` its move (Amerigo's "sail": the learner launches
    their second ship, then predicts how far ship 1 can still sail, then sails it): the question speaks of the
    board after the first moves, so it is shown only once they are made; until then the board offers the first
    move, at which the page looks, and an answer is refused. Then the question waits for its answer as usual."""
    from widgets.core.lesson import LessonWidget
    lesson = load("amerigo")
    step = next(s for s in lesson.steps if s.id == "sail")
    n = step.number
    assert step.task.first == ("launch:frame1",) and step.question.before

    w = LessonWidget("amerigo", step=n)
    assert w.first == ["launch:frame1"] and not w._predicting
    assert "A question follows once you have made the move you already know" in w.question.children[0].value
    frame1 = next(a.target for a, _ in w.match.candidates() if a.id == "launch:frame1")
    assert w.board.focus.startswith(f"{frame1}#{n}")               # the first move's place, not the sea square
    assert any(c["id"] == "launch:frame1" for c in w.board.choices)
    arrival = w.board.view
    assert not w.answer_question(1) and w.answer is None and w.board.view == arrival

    assert not w.choose("launch:frame1")            # the learner's own move: now the prediction
    assert w.first == [] and w._predicting and w.board.choices == []
    # the instruction says the question comes first (not "Sail" at once), once: the answer to the move points at it
    assert "Once you have answered the question below: Sail ship 1" in w.task.value
    assert "the instruction above" in w.feedback.value and "Sail ship 1" not in w.feedback.value
    assert w.match.view(lesson.learner) == lesson.start_position(n).view(lesson.learner)
    assert not w.choose(step.task.expect) and not w.task_done       # the move waits for the answer
    right = next(i for i, c in enumerate(step.question.choices) if c.right)
    assert w.answer_question(right) and not w._predicting
    assert w.choose(step.task.expect) and w.task_done and w.can_continue
    assert w.match.view(lesson.learner) == lesson.end_position(n).view(lesson.learner)


def test_a_question_the_final_table_answers_holds_the_boards_own_table_too():
    """Amerigo's board draws the final scoring itself once the game is over; at a step whose question it would
    answer (`hides_score`), the lesson holds it back (`score_held`) with the table under the board, until the
    question is answered (Amerigo zh-Hant try-out: four answers read off the board's table): the lesson's last
    scoring step, whose `hides_score = true` shows the table once answered (the steps before it hold it for the
    whole step). The table's seat names are in the game's own seat colours (Player 2 is yellow in Amerigo, not the
    usual blue)."""
    from widgets.core.lesson import LessonWidget
    lesson = load("amerigo")
    step = next(s for s in lesson.steps if s.question is not None and s.question.hides_score is True)
    w = LessonWidget("amerigo", step=step.number)
    assert w.match.is_over and w.board.options.get("score_held") is True
    assert w.final.box.layout.display == "none"
    right = next(i for i, c in enumerate(step.question.choices) if c.right)
    assert w.answer_question(right)
    assert w.board.options.get("score_held") is False and w.final.box.layout.display == ""
    assert "#8a6d00" in w.final.table.value          # Player 2's ink: Amerigo's dark yellow


def test_a_question_may_hold_the_final_table_for_its_whole_step(tmp_path):
    """`hides_score = "step"`: the next steps ask about the same table (Amerigo en try-out v7: the right answer at
    the first scoring step showed the whole table, which answered the next four), so it stays folded after the
    right answer too; the next step with `hides_score = true` shows it once answered. The table is drawn under
    the board, so that a game ending in a step does not push the board its text is about out of the window."""
    from dataclasses import replace
    from widgets.core.lesson import LessonWidget
    lesson = load("amerigo")
    k = next(i for i, s in enumerate(lesson.steps) if s.id == "final")
    lesson.steps[k] = replace(lesson.steps[k], question=replace(lesson.steps[k].question, hides_score="step"))
    w = LessonWidget("amerigo", step=k + 1, lesson=lesson)
    main = w.lesson_box.children[1].children[1]
    assert list(main.children).index(w.board) < list(main.children).index(w.final.box)
    right = next(i for i, c in enumerate(lesson.steps[k].question.choices) if c.right)
    assert w.answer_question(right)
    assert w.board.options.get("score_held") is True and w.final.box.layout.display == "none"
    assert "after the last of these scoring questions" in w.score_note.value
    path = tmp_path / "lesson.toml"
    path.write_text(MINIMAL + question('needs = ["aos.setup.start-tile"]', extra='hides_score = "yes"\n'), encoding="utf-8")
    with pytest.raises(LessonError, match='question.hides_score must be true, false or "step"'):
        load(path)


def test_a_prepared_position_carries_an_earlier_choice():
    """`carries`: Shipyard's end-of-game position carries the red contract the learner kept at the discard
    (en try-out v4: step 48 said 'whichever red contract you kept, here you hold...'), and the other players'
    discards (`task.then` replies) show with the learner's own."""
    lesson = load("shipyard")
    discard = next(s.number for s in lesson.steps if s.id == "discard")
    trigger = next(s.number for s in lesson.steps if s.id == "trigger")
    assert lesson.branches(trigger) == [{discard: "keep:red.2"}, {discard: "keep:red.1"}]
    kept = {}
    for move in ("keep:red.2", "keep:red.1"):
        red = lesson.end_position(discard, {discard: move}).view(0)["players"][0]["contracts"]["cards"][0]["id"]
        there = lesson.start_position(trigger, {discard: move}).view(0)["players"][0]["contracts"]["cards"]
        kept[move] = red
        assert red in [c["id"] for c in there]
    assert kept["keep:red.2"] != kept["keep:red.1"]
    after = lesson.end_position(discard + 1).view(0)["players"]
    assert all(p["contracts"]["red"] == 1 and p["contracts"]["blue"] == 1 for p in after)

    # Choose again at the discard forgets what the learner did on the position that carried the old choice
    from widgets.core.lesson import LessonWidget
    w = LessonWidget("shipyard", step=discard)
    for move in list(w.first):                     # the learner's own first moves (buy goods, end the turn)
        w.choose(move)
    assert w.choose("keep:red.1")
    w.go(trigger)
    w.kept[trigger] = (True, None, [])             # as if done there with the other contract kept
    w.go(discard)
    assert w.choose_again() and trigger not in w.kept
