"""Issue 31: the traps first-time learners met in the lessons, found by kind over every step of every lesson in
English and Chinese (widgets/core/lesson_checks.py says what each kind refuses). Each test names the steps
and what to change; `python -m widgets.core.lesson_checks <game> <kind>` lists the same while writing."""

from __future__ import annotations

import pytest

from widgets.core import lesson_checks
from games import lesson_games, one_step_lesson
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
from widgets.core.lesson_file import load

GAMES = lesson_games()


@pytest.mark.parametrize("kind", sorted(lesson_checks.CHECKS))
@pytest.mark.parametrize("game", GAMES)
def test_no_trap_of_this_kind(game, kind):
    problems = lesson_checks.CHECKS[kind](load(game))
    assert not problems, f"{game}: {len(problems)} {kind} problem(s):\n" + "\n".join(problems)


# -- the checks find what they are for (each on a small lesson written here) ------------------------------
LESSON = one_step_lesson("entdecker", "ent.setup.gold", 6, ("- a\\n- b\\n- c", "- 甲\\n- 乙\\n- 丙")) + "%s\n"


def lesson_of(tmp_path, body: str):
    path = tmp_path / "t.toml"
    path.write_text(LESSON % body, encoding="utf-8")
    return load(path)


def test_a_literal_position_value_is_found_and_a_value_is_not(tmp_path):
    literal = lesson_of(tmp_path, 'text.en = "You have 9 gold."\ntext.zh-Hant = "你有9塊黃金。"')
    problems = lesson_checks.check_numbers(literal)
    assert len(problems) == 2 and "literal 9" in problems[0]
    valued = lesson_of(tmp_path, 'values = { gold = "view.players[0].gold" }\n'
                                 'text.en = "You have {gold} gold; everyone starts with 4."\n'
                                 'text.zh-Hant = "你有{gold}塊黃金；每人起始都是4塊。"')
    assert lesson_checks.check_numbers(valued) == []            # 4 is the rule's own number
    assert "have 9 gold" in valued.say(1, valued.steps[0].text, "en")


def test_english_and_chinese_stating_different_numbers_are_found(tmp_path):
    lesson = lesson_of(tmp_path, 'text.en = "Each starts with 4 gold."\ntext.zh-Hant = "每人起始都是三塊。"')
    assert any("English states [4], Chinese [3]" in p for p in lesson_checks.check_numbers(lesson))


def test_a_seat_the_match_lacks_is_found(tmp_path):
    lesson = lesson_of(tmp_path, 'text.en = "Player 4 begins."\ntext.zh-Hant = "玩家4開始。"')
    assert any("Player 4 in a game of 3" in p for p in lesson_checks.check_numbers(lesson))


def test_a_given_away_answer_is_found(tmp_path):
    question = '''
values = { gold = "view.players[0].gold" }
text.en = "You have {gold} gold."
text.zh-Hant = "你有{gold}塊黃金。"
[step.question]
needs = ["ent.setup.gold"]
ask.en = "How much gold do you have?"
ask.zh-Hant = "你有多少黃金？"
explain.en = "{gold}."
explain.zh-Hant = "{gold}。"
[[step.question.choice]]
en = "{gold}"
zh-Hant = "{gold}"
right = true
[[step.question.choice]]
en = "4"
zh-Hant = "4"
'''
    problems = lesson_checks.check_giveaway(lesson_of(tmp_path, question))
    assert problems and "[9] is printed before the question" in problems[0]


def test_a_giveaway_is_found_across_a_words_forms():
    """Age of Sail's step 19 printed "Player 1 spends one payment token; it leaves the game." above the question
    whose answer was "It left the game": the answer's words are read in every form (left/leaves, spent/spends)."""
    assert lesson_checks._shared_run("It left the game", "Player 1 spends one token; it leaves the game.", "en")
    assert lesson_checks._shared_run("Two spent tokens", "Player 2 spends tokens.", "en")
    assert not lesson_checks._shared_run("It stays on your mat", "It leaves the game.", "en")


def test_a_term_used_before_it_is_introduced_is_found(tmp_path):
    body = ('text.en = "Your gold counter holds your gold."\ntext.zh-Hant = "黃金計數器記錄你的黃金。"\n'
            '[[step]]\nid = "second"\nrule = "ent.setup.units"\n'
            'text.en = "The **gold counter** shows gold."\ntext.zh-Hant = "**黃金計數器**顯示黃金。"')
    problems = lesson_checks.check_terms(lesson_of(tmp_path, body))
    assert any('uses "gold counter", which step 2 introduces' in p for p in problems)
    assert any("黃金計數器" in p for p in problems)


def test_a_new_position_without_its_story_is_found(tmp_path):
    body = ('text.en = "a"\ntext.zh-Hant = "甲"\n[[step]]\nid = "later"\nrule = "ent.setup.units"\n'
            'start = { players = 2, seed = 1 }\ntext.en = "b"\ntext.zh-Hant = "乙"')
    assert "step 2 (later) jump" in lesson_checks.check_story(lesson_of(tmp_path, body))[0]


def test_a_direction_without_a_board_part_is_found(tmp_path):
    lesson = lesson_of(tmp_path, 'text.en = "The piles lie below the map."\ntext.zh-Hant = "卡堆在地圖下方。"')
    problems = lesson_checks.check_places(lesson)
    assert len(problems) == 2 and "below" in problems[0] and "下方" in problems[1]


def test_chinese_in_english_is_found(tmp_path):
    lesson = lesson_of(tmp_path, 'text.en = "Activate (激活) it."\ntext.zh-Hant = "啟動它。"')
    assert "Chinese in an English text" in lesson_checks.check_language(lesson)[0]


def test_a_move_applying_an_untaught_rule_is_found(tmp_path):
    task = ('text.en = "Go."\ntext.zh-Hant = "開始。"\n[step.task]\nexpect = "start:A1-n"\n'
            'do.en = "Start at A1."\ndo.zh-Hant = "從A1出發。"')
    problems = lesson_checks.check_untaught(lesson_of(tmp_path, task))
    assert problems == ["step 1 (first) task: the move applies ent.explore.start-edge (\"" +
                        problems[0].split('("')[1].split('")')[0] + "\"), which no step teaches"]
    taught = lesson_of(tmp_path, task.replace('text.en = "Go."', 'also = ["ent.explore.start-edge"]\ntext.en = "Go."'))
    assert lesson_checks.check_untaught(taught) == []


def test_an_action_left_half_done_is_found(tmp_path):
    """Shipyard: the learner buys a bow and must now place it; a lesson that ends there, or jumps elsewhere,
    leaves the action half done."""
    body = '''
[[step]]
id = "buy"
chapter = "one"
start = { players = 3, seed = 4 }
moves = ["choose:build"]
rule = "sy.build.buy"
text.en = "Buy."
text.zh-Hant = "購買。"
[step.task]
expect = "buy:bow.1"
do.en = "Buy the bow."
do.zh-Hant = "購買船頭。"
'''
    path = tmp_path / "s.toml"
    path.write_text((LESSON % "").replace('game = "entdecker"', 'game = "shipyard"').split("[[step]]")[0] + body,
                    encoding="utf-8")
    problems = lesson_checks.check_unfinished(load(path))
    assert len(problems) == 1 and "in the middle of an action (place:" in problems[0] and "the lesson ends" in problems[0]


def test_moves_made_for_the_learner_are_found_until_the_step_says_so(tmp_path):
    """Entdecker: the lesson starts the learner's turn for them; the next step must tell it (`jump`)."""
    body = '''
[[step]]
id = "made"
chapter = "one"
rule = "ent.explore.start-edge"
moves = ["%s"]
text.en = "b"
text.zh-Hant = "乙"
%s'''
    first = load_first_start(tmp_path)
    silent = lesson_of(tmp_path, 'text.en = "a"\ntext.zh-Hant = "甲"' + body % (first, ""))
    problems = lesson_checks.check_story(silent)
    assert len(problems) == 1 and "step 2 (made) jump" in problems[0] and first in problems[0]
    told = lesson_of(tmp_path, 'text.en = "a"\ntext.zh-Hant = "甲"' + body % (
        first, 'jump.en = "The lesson started your turn for you."\njump.zh-Hant = "本教學替你開始了回合。"'))
    assert lesson_checks.check_story(told) == []


def load_first_start(tmp_path) -> str:
    """A start the learner (Player 1) may make at the first decision of the small lesson's match."""
    lesson = lesson_of(tmp_path, 'text.en = "a"\ntext.zh-Hant = "甲"')
    match = lesson.end_position(1)
    assert match.to_move == lesson.learner
    return sorted(a.id for a in match.legal_actions())[0]


def test_two_steps_under_one_heading_are_found(tmp_path):
    body = 'text.en = "a"\ntext.zh-Hant = "甲"\n[[step]]\nid = "again"\nchapter = "one"\nrule = "ent.setup.gold"\n' \
           'text.en = "b"\ntext.zh-Hant = "乙"'
    problems = lesson_checks.check_titles(lesson_of(tmp_path, body))
    assert len(problems) == 2 and "step 2 (again) title [en]" in problems[0] and "step 1's too" in problems[0]
    titled = lesson_of(tmp_path, body + '\ntitle.en = "Gold again"\ntitle.zh-Hant = "再談黃金"')
    assert lesson_checks.check_titles(titled) == []


def test_a_right_answer_always_at_one_place_is_found(tmp_path):
    lesson = load("entdecker")
    assert lesson_checks.check_positions(lesson) == []
    import dataclasses
    first = []
    for step in lesson.steps:
        if step.question is not None:
            choices = sorted(step.question.choices, key=lambda c: not c.right)       # the right one first
            step = dataclasses.replace(step, question=dataclasses.replace(step.question, choices=choices))
        first.append(step)
    problems = lesson_checks.check_positions(dataclasses.replace(lesson, steps=first))
    assert len(problems) == 1 and "choice 1 in" in problems[0]


def test_a_step_sending_the_learner_to_the_folded_history_opens_it(tmp_path):
    """A text that names the folded list of what happened before the step must open that list on arrival
    (`history = "open"`), and the lesson widget then draws it open. It names the list as shown there: at a new
    game (here the first step) the list is the game's whole story, "How this game came to this position"."""
    from widgets.core.lesson import LessonWidget
    moves = 'moves = ["start:A1-n"]\njump.en = "Your ship set out from A1."\njump.zh-Hant = "你的船舶從A1出發。"\n'
    body = moves + ('text.en = "“How this game came to this position” lists it."\n'
                    'text.zh-Hant = "「這局遊戲走到這個局面的經過」裡寫著。"')
    folded = lesson_of(tmp_path, body)
    problems = lesson_checks.check_history(folded)
    assert len(problems) == 1 and 'history = "open"' in problems[0], problems
    opened = lesson_of(tmp_path, 'history = "open"\n' + body)
    assert lesson_checks.check_history(opened) == []
    widget = LessonWidget("entdecker", lesson=opened)
    assert widget.since.value.startswith("<details open><summary>How this game came"), widget.since.value[:60]
    assert LessonWidget("entdecker", lesson=folded).since.value.startswith("<details>")
    misnamed = lesson_of(tmp_path, 'history = "open"\n' + moves + (
        'text.en = "“What happened before this step” lists it."\ntext.zh-Hant = "「這一步之前發生的事」裡寫著。"'))
    problems = lesson_checks.check_history(misnamed)
    assert len(problems) == 1 and "shows it as 'How this game came to this position'" in problems[0], problems


def test_one_standing_for_a_thing_is_no_number():
    """"each one", "the one at stop 6": a pronoun, not the number 1 (a check that cried wolf at each)."""
    assert lesson_checks.numbers("Pay 2 for each one, and take the one at stop 6.", "en") == [2.0, 6.0]
    assert lesson_checks.numbers("Take one sail and one cannon.", "en") == [1.0, 1.0]


def test_two_steps_in_a_row_with_nothing_to_do_are_found(tmp_path):
    body = 'text.en = "a"\ntext.zh-Hant = "甲"\n[[step]]\nid = "again"\nchapter = "one"\nrule = "ent.setup.gold"\n' \
           'title.en = "Gold again"\ntitle.zh-Hant = "再談黃金"\ntext.en = "b"\ntext.zh-Hant = "乙"\n'
    problems = lesson_checks.check_passive(lesson_of(tmp_path, body))
    assert len(problems) == 1 and "steps 1 to 2 (first, again)" in problems[0], problems
    asked = body + ('[step.question]\nneeds = ["ent.setup.gold"]\nask.en = "?"\nask.zh-Hant = "？"\n'
                    'explain.en = "!"\nexplain.zh-Hant = "！"\n[[step.question.choice]]\nen = "a"\nzh-Hant = "甲"\n'
                    'right = true\n[[step.question.choice]]\nen = "b"\nzh-Hant = "乙"\n')
    assert lesson_checks.check_passive(lesson_of(tmp_path, asked)) == []


def test_at_a_real_choice_the_checks_read_every_move(tmp_path):
    """`giveaway` reads the text of each move of a real choice ("Choose again" shows them all), not only the
    lesson's own pick's."""
    def body(other: str) -> str:
        return ('text.en = "Start."\ntext.zh-Hant = "出發。"\n[step.task]\nexpect = "start:A1-n"\n'
                'do.en = "Choose."\ndo.zh-Hant = "選。"\ndone.en = "A1."\ndone.zh-Hant = "A1。"\n'
                f'[step.task.choose."start:B1-n"]\nen = "{other}"\nzh-Hant = "{other}"\n'
                '[step.question]\nneeds = ["ent.setup.gold"]\nask.en = "How many?"\nask.zh-Hant = "幾個？"\n'
                'explain.en = "Seventeen."\nexplain.zh-Hant = "十七。"\n[[step.question.choice]]\nen = "17"\n'
                'zh-Hant = "17"\nright = true\n[[step.question.choice]]\nen = "5"\nzh-Hant = "5"\n')
    told = lesson_checks.check_giveaway(lesson_of(tmp_path, body("B1, and 17.")))
    assert told and all("the answer's [17]" in p for p in told), told
    assert lesson_checks.check_giveaway(lesson_of(tmp_path, body("B1."))) == []
