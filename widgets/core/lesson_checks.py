"""Checks that find the traps a first-time learner meets in a lesson, by kind (issue 31).

Each check reads a lesson (lesson_file.py) and returns the problems it finds, one line each naming the step;
`tests/test_lesson_traps.py` runs them all over every lesson, and an author runs them while writing:

    python -m widgets.core.lesson_checks shipyard            # every kind
    python -m widgets.core.lesson_checks shipyard numbers    # one kind

The kinds (docs/lessons.md, "What the checks refuse"):
- numbers:    a number written in a text as a literal must be one the step's rules state (a rule number);
              any other number comes from the position through a placeholder. "Player N" names a seat of
              the match. The numbers a step states are the same in English and Chinese.
- story:      a step that begins a new position says what happened since the previous board (`jump`), and so
              does a step whose `moves` make some of the learner's own moves for them.
- unfinished: no step leaves the learner in the middle of an action (a decision of the same seat pending
              right after their own) that the next step does not continue.
- giveaway:   no question's right answer is printed before it is asked: neither its number nor its words
              in the step's text, its task or what the move made happen, nor its words in the rules folded
              under the step.
- terms:      a term the lesson introduces in bold is not used before the step that introduces it.
- untaught:   what the learner's own move makes happen (the log lines under their move) applies only rules
              taught by that step or before: a consequence the lesson has not explained yet is taught there
              (`also`, and said in the text) or the step moves.
- places:     a text names a board part by the name the board draws ({@key}); a direction word beside a
              part ("above {@...}") is a `layout` claim the browser test measures.
- titles:     no two steps share a heading (the step's title or its rule's) in a language.
- positions:  the right answer is not at one place (the first choice, say) in most of a lesson's questions.
- unseen:     (with the drawn board: tests/browser/test_lesson_questions.py) a value a question's explanation
              reads off the position is in sight when the question is asked: in the step's texts or drawn on
              its board (not only in a tooltip).
- passive:    no two steps in a row leave the learner with nothing to do (neither a move nor a question):
              a learner who only reads forgets; give one of them a task or a question.
- language:   an English text holds no Chinese; a Chinese text holds no English words but names and codes;
              no text speaks of the software ("the engine...") instead of the game.
"""

from __future__ import annotations

import re
import sys

from engines.core.texts import localized, template

from . import citations  # noqa: F401  (the pages' own texts: the lesson's words for its parts)
from .lesson_file import (_PART, _TERM, TEXT_LANGS, Chance, Lesson, apply_move, board_labels, history_heading, load,
                          settle)

LANGS = ("en", "zh-Hant")

# -- reading numbers ---------------------------------------------------------------------------------
_EN_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
             "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twice": 2}
_EN_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?|" + "|".join(_EN_WORDS) + r")(?![\w])", re.I)
_ZH_DIGITS = {"零": 0, "兩": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_ZH_NUMBER = re.compile(r"\d+(?:\.\d+)?|[二兩三四五六七八九十零]+")
# Names with a number in them, not numbers: a seat ("Player 2", 玩家2), a square or space of a grid (D3, E1),
# a chapter's numbering, a roman stack number.
_SEAT = {"en": re.compile(r"\bPlayer (\d+)"), "zh-Hant": re.compile(r"玩家(\d+)")}
_NAMES = re.compile(r"(?<![A-Za-z0-9])[A-Z]{1,2}\d{1,2}(?![0-9])|`[^`]*`")
# English "one" standing for a thing already named ("each one", "the one at stop 6"), not the number.
_EN_PRONOUN = re.compile(r"\b(?:each|the|this|that|which|any|no|every|another|next|last|first|other|same|"
                         r"right|wrong|new|cheapest|nearest)\s+one\b"
                         r"|\bone\s+(?:another|by\s+one)\b|\bone's\b", re.I)
# Chinese words that hold a numeral but mean no number.
_ZH_WORDS = re.compile(r"四周|四面|三角|十字|五顏六色|一一|兩者|兩邊|兩側|兩種|兩人|十分|三思|不三不四|四處|七嘴八舌")


def _zh_value(numeral: str) -> int | None:
    if numeral.isdigit():
        return int(numeral)
    total, current = 0, 0
    for ch in numeral:
        value = _ZH_DIGITS.get(ch)
        if value is None:
            return None
        if value == 10:
            total += (current or 1) * 10
            current = 0
        else:
            current = value
    return total + current


def numbers(text: str, lang: str) -> list[float]:
    """The numbers a text states, in order: digits, and number words (English) or numerals (Chinese).
    Chinese 一 is left out: it is as often the article "a" as the number one."""
    text = _NAMES.sub(" ", _SEAT[lang].sub(" ", text))
    if lang == "en":
        text = _EN_PRONOUN.sub(" ", text)
        return [float(_EN_WORDS.get(n.lower(), n)) for n in _EN_NUMBER.findall(text)]
    text = _ZH_WORDS.sub(" ", text)
    return [float(v) for v in (_zh_value(n) for n in _ZH_NUMBER.findall(text)) if v is not None]


def _literal(template: str) -> str:
    """A template without its placeholders and board parts: what is written in it as a literal."""
    return re.sub(r"\{[^{}]*\}", " ", _TERM.sub(" ", _PART.sub(" ", template)))


# -- what a step shows ---------------------------------------------------------------------------------
def step_texts(lesson: Lesson, step) -> list[tuple[str, str | None, bool]]:
    """(field, text key, filled after the move) for every text of a step, in the order a learner meets them."""
    texts = [("jump", step.jump, False), ("text", step.text, False)]
    if step.task:
        texts += [("task.do", step.task.do, False)]
        texts += [(f"task.but.{k}", v, False) for k, v in step.task.but.items()]
        texts += [("task.but.other", step.task.but_other, False), ("task.done", step.task.done, True)]
        texts += [(f"task.choose.{move}", key, True) for move, key in step.task.choose.items()]
    if step.question:
        after = step.question.after           # a question asked before the move reads the step's start
        texts += [("question.ask", step.question.ask, after)]
        texts += [(f"question.choice {i + 1}", c.key, after) for i, c in enumerate(step.question.choices)]
        texts += [("question.explain", step.question.explain, after)]
    return [t for t in texts if t[1] is not None]


def _rule_texts(lesson: Lesson, step, lang: str) -> str:
    """The titles and texts of the rules a step cites (its rule, `also`, and what its question needs)."""
    rules = lesson_rules(lesson)
    cited = [*step.rules, *(step.question.needs if step.question else ())]
    return " ".join(localized(rules[r].title, lang) + " " + localized(rules[r].text, lang) for r in cited)


def lesson_rules(lesson: Lesson):
    import engines
    return engines.get_game(lesson.game).rule_catalog.rules


def _where(step, field: str, lang: str | None = None) -> str:
    return f"step {step.number} ({step.id}) {field}" + (f" [{lang}]" if lang else "")


# -- the checks ----------------------------------------------------------------------------------------
def check_numbers(lesson: Lesson) -> list[str]:
    problems = []
    for step in lesson.steps:
        players = lesson.start_position(step.number).players
        for field, key, after in step_texts(lesson, step):
            stated = {}
            for lang in LANGS:
                template = lesson.text(key, lang)
                allowed = set(numbers(_rule_texts(lesson, step, lang), lang))
                if step.task is not None and field.startswith("task."):    # the move asked for names its place
                    allowed |= {float(n) for n in re.findall(r"\d+", step.task.expect)}
                for number in numbers(_literal(template), lang):
                    if number not in allowed:
                        problems.append(f"{_where(step, field, lang)}: the literal {number:g} is no number the "
                                        f"step's rules state: take it from the position (a value)")
                for seat in _SEAT[lang].findall(template):
                    if not 1 <= int(seat) <= players:
                        problems.append(f"{_where(step, field, lang)}: Player {seat} in a game of {players}")
                stated[lang] = sorted(n for n in numbers(lesson.say(step.number, key, lang, after), lang) if n >= 2)
            if stated["en"] != stated["zh-Hant"]:
                problems.append(f"{_where(step, field)}: English states {_fmt(stated['en'])}, Chinese "
                                f"{_fmt(stated['zh-Hant'])}")
    return problems


def _fmt(values) -> str:
    return "[" + ", ".join(f"{v:g}" for v in values) + "]"


def check_story(lesson: Lesson) -> list[str]:
    problems = [f"{_where(step, 'jump')}: the step begins a new position; say in 'jump' what happened since "
                f"the previous step's board" for step in lesson.steps[1:]
                if step.new_position and step.jump is None]
    for step in lesson.steps[1:]:
        played = moves_made_for_the_learner(lesson, step)
        if played and step.jump is None:
            problems.append(f"{_where(step, 'jump')}: the lesson makes the learner's own move(s) "
                            f"{', '.join(played)} before the step; say in 'jump' that it did, and what they did")
    return problems


def moves_made_for_the_learner(lesson: Lesson, step) -> list[str]:
    """The decisions of the learner's seat among a step's `moves`: the lesson made them, not the learner."""
    if not step.moves or step.new_position:
        return []
    match, made = lesson.end_position(step.number - 1), []
    settle(match, stop_at_chance=isinstance(step.moves[0], Chance))
    for index, move in enumerate(step.moves):
        following = step.moves[index + 1] if index + 1 < len(step.moves) else None
        if not isinstance(move, Chance) and match.to_move == lesson.learner:
            made.append(move)
        apply_move(match, move, stop_at_chance=isinstance(following, Chance))
    return made


def check_titles(lesson: Lesson) -> list[str]:
    """Two steps under one heading leave the learner unsure which one the chapter menu or a teacher means."""
    rules, problems = lesson_rules(lesson), []
    for lang in LANGS:
        seen: dict[str, int] = {}
        for step in lesson.steps:
            heading = lesson.text(step.title, lang) if step.title else localized(rules[step.rule].title, lang)
            if heading in seen:
                problems.append(f"{_where(step, 'title', lang)}: the heading {heading!r} is step "
                                f"{seen[heading]}'s too: give the step a 'title' of its own")
            seen.setdefault(heading, step.number)
    return problems


def check_unfinished(lesson: Lesson) -> list[str]:
    problems = []
    for step in lesson.steps:
        following = lesson.steps[step.number] if step.number < len(lesson.steps) else None
        if following is not None and not following.new_position:
            continue          # the next step goes on from here, whatever the learner chose
        for choices in lesson.branches(step.number, through=True):     # a choice may leave an action half done
            end = lesson.end_position(step.number, choices)
            if end.decides_again:
                legal = sorted(a.id for a in end.legal_actions())[:6]
                chose = f" after the choice {lesson.move_of(step.number, choices)!r}" if choices else ""
                problems.append(f"{_where(step, 'end')}{chose}: Player {end.to_move + 1} is in the middle of an "
                                f"action ({', '.join(legal)}...) and " + (
                                    "the lesson ends" if following is None
                                    else f"step {following.number} begins elsewhere"))
                break
    return problems


_STOP_WORDS = ("a an the of to in on at for and or is are be it its this that your you by with from as if not no "
            "so then than but each every one any all there their they he she his her has have had was were will "
            "can may must only also more most less")


# A word's forms read as one ("it left the game" is given away by "it leaves the game"): the irregular ones the
# lessons use, then the regular endings cut off.
_FORMS = {"left": "leave", "went": "go", "gone": "go", "took": "take", "taken": "take", "gave": "give",
          "given": "give", "got": "get", "came": "come", "paid": "pay", "sold": "sell", "bought": "buy",
          "built": "build", "drew": "draw", "drawn": "draw", "chose": "choose", "chosen": "choose", "fell": "fall",
          "fallen": "fall", "held": "hold", "kept": "keep", "lost": "lose", "won": "win", "made": "make",
          "put": "put", "sent": "send", "spent": "spend", "laid": "lay", "ran": "run"}


def _stem(word: str) -> str:
    word = _FORMS.get(word, word)
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[:-len(ending)]
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word      # "leave", "leaves", "leav(ing)"


_STOP = {_stem(w) for w in _STOP_WORDS.split()}


def _words(text: str) -> list[str]:
    return [_stem(w) for w in re.findall(r"[a-z0-9]+", text.lower())]


def _shared_run(answer: str, shown: str, lang: str) -> str:
    """The longest piece of `answer` that `shown` repeats: words in English (at least two that are not
    function words), characters in Chinese (at least four)."""
    if lang == "en":
        words, text = _words(answer), " " + " ".join(_words(shown)) + " "
        best = ""
        for i in range(len(words)):
            for j in range(len(words), i, -1):
                piece = words[i:j]
                if sum(w not in _STOP for w in piece) >= 2 and f" {' '.join(piece)} " in text:
                    if len(" ".join(piece)) > len(best):
                        best = " ".join(piece)
                    break
        return best
    answer = re.sub(r"[\s\W]", "", answer)
    shown = re.sub(r"[\s\W]", "", shown)
    best = ""
    for i in range(len(answer)):
        for j in range(len(answer), i + len(best), -1):
            if answer[i:j] in shown:
                best = answer[i:j]
                break
    return best if len(best) >= 4 else ""


def check_giveaway(lesson: Lesson) -> list[str]:
    problems = []
    for step in lesson.steps:
        question = step.question
        if question is None:
            continue
        for lang in LANGS:
            # before the question: the step's texts, and the move's "done" and log lines when it is asked after it
            before = ("jump", "text", "task.do", "task.done") if question.after else ("jump", "text", "task.do")
            # (at a real choice, what each move led to: "Choose again" shows them all)
            shown = [lesson.say(step.number, k, lang, after) for f, k, after in step_texts(lesson, step)
                     if f in before or (question.after and f.startswith("task.choose."))]
            shown += [e.text(lang) for e in _events_shown(lesson, step)]
            shown += [lesson.say(step.number, question.ask, lang, question.after)]
            shown_text = "\n".join(shown)
            right = next(c for c in question.choices if c.right)
            answer = lesson.say(step.number, right.key, lang, question.after)
            wrong = [lesson.say(step.number, c.key, lang, question.after) for c in question.choices if not c.right]
            told = set(numbers(shown_text, lang))
            own = set(numbers(answer, lang)) - set().union(*(set(numbers(w, lang)) for w in wrong))
            if own and own <= told:
                problems.append(f"{_where(step, 'question', lang)}: the answer's {_fmt(sorted(own))} is printed "
                                f"before the question is asked")
                continue
            run = _shared_run(answer, shown_text, lang)
            if run and all(len(_shared_run(w, shown_text, lang)) < len(run) for w in wrong):
                problems.append(f"{_where(step, 'question', lang)}: the right answer's words "
                                f"\"{run}\" are printed before the question is asked")
                continue
            # the step's rules, folded under it, are shown too: their words may not hand over the answer (their
            # numbers may: a question asks the learner to apply a rule's number to the board)
            rules = lesson_rules(lesson)
            folded = "\n".join(localized(rules[r].title, lang) + " " + localized(rules[r].text, lang)
                               for r in step.rules)
            run = _shared_run(answer, folded, lang)
            if run and all(len(_shared_run(w, folded, lang)) < len(run) for w in wrong):
                problems.append(f"{_where(step, 'question', lang)}: the right answer's words \"{run}\" are in the "
                                f"rule folded under the step: ask the learner to apply it to the board instead")
    return problems


def _events_shown(lesson: Lesson, step) -> list:
    """The log lines a learner reads in a step before its question: what happened since the previous step,
    and what the task's move made happen (unless the question is asked before the move)."""
    start = lesson.start_position(step.number)
    events = list(start.log[lesson.since(step.number):])
    if step.task is not None and (step.question is None or step.question.after):
        for move in step.task.moves:       # at a real choice, each move's log lines ("Choose again" shows them)
            events += lesson.end_position(step.number, {step.number: move}).log[len(start.log):]
    return events


def check_untaught(lesson: Lesson) -> list[str]:
    problems = []
    taught: set[str] = set()
    for step in lesson.steps:
        taught |= set(step.rules)
        if step.task is None:
            continue
        start, seen = lesson.start_position(step.number), set()
        for move in step.task.moves:          # the lesson's own pick, and each move a real choice allows
            end = lesson.end_position(step.number, {step.number: move})
            for event in end.log[len(start.log):]:
                if event.rule not in taught and event.rule not in lesson.not_taught and event.rule not in seen:
                    seen.add(event.rule)
                    later = next((s.number for s in lesson.steps if event.rule in s.rules), None)
                    which = "the move" if move == step.task.expect else f"the choice {move!r}"
                    problems.append(f"{_where(step, 'task')}: {which} applies {event.rule} "
                                    f"(\"{event.text('en')[:70]}\"), "
                                    + (f"taught only at step {later}" if later else "which no step teaches"))
    return problems


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def _term_forms(term: str, lang: str) -> list[str]:
    term = term.strip().lower()
    if lang != "en":
        return [term]
    forms = {term}
    if term.endswith("s") and len(term) > 3:
        forms.add(term[:-1])
    else:
        forms.add(term + "s")
    return sorted(forms)


def check_terms(lesson: Lesson) -> list[str]:
    """A term in bold is introduced there; the same words earlier in the lesson are a term used before it
    was taught (buttons and board names in bold are terms too: a step shows them before it names them)."""
    problems = []
    for lang in LANGS:
        plain_texts: list[tuple[int, str, str]] = []        # (step, field, text with bold marks)
        introduced: dict[str, int] = {}
        for step in lesson.steps:
            for field, key, after in step_texts(lesson, step):
                text = lesson.text(key, lang)
                plain_texts.append((step.number, field, text))
                for term in _BOLD.findall(text):
                    if "{" not in term:
                        introduced.setdefault(term.strip().lower(), step.number)
        for term, first in introduced.items():
            if lang == "en" and (len(term) < 4 or len(term.split()) > 4):
                continue
            if lang != "en" and len(term) < 2:
                continue
            forms = _term_forms(term, lang)
            longer = sorted((t for t in introduced if t != term and any(f in t for f in forms)), key=len, reverse=True)
            for number, field, text in plain_texts:
                if number >= first:
                    break
                low = text.lower()
                for other in longer:              # 發展 inside 發展板塊 is another term, not this one
                    low = low.replace(other, " ")
                hit = any((re.search(rf"(?<![a-z]){re.escape(f)}(?![a-z])", low) if lang == "en" else f in low)
                          for f in forms)
                if hit:
                    problems.append(f"step {number} {field} [{lang}]: uses \"{term}\", which step {first} "
                                    f"introduces")
                    break
    return problems


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# The software behind the page is no part of the game a learner learns: "the engine does...", 本程式.
_META = {"en": re.compile(r"\b(?<!steam )engine\b|\bthe program\b|\bthe software\b|\bthe code\b", re.I),
         "zh-Hant": re.compile(r"(?<!蒸汽)引擎|本程式|程式|軟體")}
_LATIN_WORD = re.compile(r"(?<![A-Za-z`])[A-Za-z]{3,}(?![A-Za-z])")


def check_language(lesson: Lesson) -> list[str]:
    problems = []
    allowed = _latin_names(lesson)
    for step in lesson.steps:
        for field, key, after in step_texts(lesson, step):
            en = lesson.say(step.number, key, "en", after)
            for lang, said in (("en", en), ("zh-Hant", lesson.say(step.number, key, "zh-Hant", after))):
                if _META[lang].search(said):
                    problems.append(f"{_where(step, field, lang)}: \"{_META[lang].search(said).group(0)}\": say what the "
                                    f"rules do, not what the software does")
            if _CJK.search(en):
                problems.append(f"{_where(step, field, 'en')}: Chinese in an English text: {_CJK.findall(en)[:6]}")
            zh = re.sub(r"`[^`]*`", "", lesson.say(step.number, key, "zh-Hant", after))
            words = [w for w in _LATIN_WORD.findall(zh) if w not in allowed]
            if words:
                problems.append(f"{_where(step, field, 'zh-Hant')}: English in a Chinese text: {words[:6]}")
    return problems


def _latin_names(lesson: Lesson) -> set[str]:
    """Latin words a Chinese text may hold: the game's own name as the Chinese edition prints it and the
    names the board draws in Chinese."""
    names = set()
    for label in board_labels(lesson.game, "zh-Hant").values():
        names.update(_LATIN_WORD.findall(label))
    names.update(_LATIN_WORD.findall(lesson.text(lesson.title, "zh-Hant")))
    return names


_DIRECTIONS = {"en": re.compile(r"\b(above|below|under|beneath|left of|right of|to the left of|to the right of)\s+"
                                r"(?:the |your |each |its )?\{@([^{}]+)\}"),
               "zh-Hant": re.compile(r"\{@([^{}]+)\}的?(上方|下方|上面|下面|左邊|右邊|左側|右側|左方|右方)")}
_RELATION = {"above": "above", "below": "below", "under": "below", "beneath": "below", "left of": "left-of",
             "to the left of": "left-of", "right of": "right-of", "to the right of": "right-of",
             "上方": "above", "上面": "above", "下方": "below", "下面": "below", "左邊": "left-of", "左側": "left-of",
             "左方": "left-of", "右邊": "right-of", "右側": "right-of", "右方": "right-of"}


# Words that say where something is drawn; a text that uses one says it of a board part ({@key}).
_WHERE = {"en": re.compile(r"\b(above|below|under|beneath|left of|right of|on the (?:left|right)|at the (?:top|bottom)|"
                           r"top (?:left|right)|bottom (?:left|right)|underneath)\b", re.I),
          "zh-Hant": re.compile(r"上方|下方|左邊|右邊|左側|右側|左上|右上|左下|右下")}
# ... except in these phrases, which say something of the rules, not of the drawing.
_RULE_SENSE = {"en": re.compile(r"at or below|or below|or above|below (?:your|its|their|the) (?:build )?level|"
                                r"above (?:your|its|their) level|(?:is|are|go|goes|drop|drops|fall|falls|stays?) below|"
                                r"below \d|above \d|below \{|above \{|under way", re.I),
               "zh-Hant": re.compile(r"以下|以上|上限|下限|下一|上一")}


_SENTENCE = {"en": re.compile(r"(?<=[.!?;])\s+"), "zh-Hant": re.compile(r"(?<=[。！？；])")}


def check_places(lesson: Lesson) -> list[str]:
    """Where a text says where something lies, it names the board part it is about as the board draws it
    ({@key}), and a direction beside a board part ("below {@aos.ui.map}") is a claim about the drawing: the
    step's `layout` must hold it, so that the browser test measures it."""
    problems = []
    for step in lesson.steps:
        claimed = {(rel, b) for _, rel, b in step.layout}
        for field, key, _ in step_texts(lesson, step):
            for lang in LANGS:
                text = lesson.text(key, lang)
                for sentence in _SENTENCE[lang].split(text):
                    where = _WHERE[lang].search(_RULE_SENSE[lang].sub(" ", sentence))
                    if where and not _PART.search(sentence):
                        problems.append(f"{_where(step, field, lang)}: \"{where.group(0)}\" says where something "
                                        f"lies without naming the board part as the board draws it ({{@key}})")
                for match in _DIRECTIONS[lang].finditer(lesson.text(key, lang)):
                    word, part = (match.group(1), match.group(2)) if lang == "en" else (match.group(2), match.group(1))
                    if (_RELATION[word], part) not in claimed:
                        problems.append(f"{_where(step, field, lang)}: \"{match.group(0)}\" says where a part is: "
                                        f"add [\"<part>\", \"{_RELATION[word]}\", \"{part}\"] to the step's layout")
    return problems


_READ = re.compile(r"^\s*[A-Za-z_][\w.]*(\[[^\[\]]*\][\w.]*)*\s*$")   # view.players[0].gold: a plain read
_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)(?::[^{}]*)?\}")


def read_values(lesson: Lesson, step, key, after: bool) -> dict[str, float]:
    """The numbers a text takes straight off the position: its placeholders whose expression reads one value
    (`view.players[0].gold`), not ones it works out (`gold + spin`, `len(...)`), which the learner works out
    too. (name -> number)"""
    expressions = {**step.values, **(step.task.values if after and step.task else {})}
    found = {}
    values = lesson.values(step.number, after)
    for lang in LANGS:
        for name in _PLACEHOLDER.findall(lesson.text(key, lang)):
            value = values.get(name)
            if (name in expressions and _READ.match(expressions[name][0]) and isinstance(value, (int, float))
                    and not isinstance(value, bool)):
                found[name] = float(value)
    return found


def unseen_values(lesson: Lesson, step, lang: str, board_texts: list[str]) -> list[float]:
    """The numbers a question's explanation reads off the position that the learner cannot see when it is
    asked: stated in none of the step's texts shown by then (its jump, text, task, what the move did, the
    question), and drawn as a label nowhere on the board the question speaks of (`board_texts`: the texts the
    board shows, tooltips left out, for a tooltip is read only by one who already knows where to point). The
    right answer's own numbers are what the learner works out, and so are the values the explanation computes
    (a sum, a count); 0 and 1 are left out, as every board shows them somewhere."""
    question = step.question
    after = step.task is not None and question.after      # the board a question is asked of
    right = next(c for c in question.choices if c.right)
    reasoned = set(read_values(lesson, step, question.explain, after).values())
    reasoned -= set(numbers(lesson.say(step.number, right.key, lang, after), lang))
    seen_first = ("jump", "text", "task.do", "question.ask") + (("task.done",) if after else ())
    shown = [lesson.say(step.number, k, lang, a) for f, k, a in step_texts(lesson, step) if f in seen_first]
    shown += [e.text(lang) for e in _events_shown(lesson, step)]
    seen = set(numbers("\n".join(shown), lang)) | {n for text in board_texts for n in numbers(text, lang)}
    return sorted(n for n in reasoned - seen if n >= 2)


def check_positions(lesson: Lesson) -> list[str]:
    """The right answer does not sit at one place in most questions: a learner who meets it first in question
    after question learns to pick the first choice, not to apply the rule (three lessons had every right answer
    first). In a lesson of four questions or more, no place holds more than 60% of the right answers."""
    places = [next(i for i, c in enumerate(s.question.choices) if c.right) for s in lesson.steps if s.question]
    if len(places) < 4:
        return []
    common = max(set(places), key=places.count)
    if places.count(common) <= 0.6 * len(places):
        return []
    steps = [s.number for s in lesson.steps if s.question]
    return [f"the right answer is choice {common + 1} in {places.count(common)} of {len(places)} questions (steps "
            f"{', '.join(str(n) for n, p in zip(steps, places) if p == common)}): vary its place, numbers in "
            f"ascending order"]


def check_history(lesson: Lesson) -> list[str]:
    """A step whose text sends the learner to the folded list of what happened before it ("What happened before
    this step" lists how much) opens that list on arrival (`history = "open"`): a learner told to read a list
    they cannot see, folded under a summary line, does not find it (Amerigo try-out, steps 14, 26, 32). And it
    names the list as it is shown there: at a new game (`start`, as the first step) the list is that game's
    whole story from its setup, under its own heading."""
    def heading(key, lang):
        return template(key, lang).split("{")[0].rstrip(" (（")
    kinds = ("ui.lesson.since", "ui.lesson.since-start", "ui.lesson.since-setup")
    problems = []
    for step in lesson.steps:
        start = lesson.start_position(step.number)
        shown = history_heading(step, start.log[lesson.since(step.number):])
        for field_name, key, _after in step_texts(lesson, step):
            said = [(lang, kind) for lang in TEXT_LANGS for kind in kinds if heading(kind, lang) in lesson.text(key, lang)]
            if not said:
                continue
            lang, kind = said[0]
            if kind != shown:
                problems.append(f"step {step.number} ({step.id}): {field_name} ({lang}) names the list "
                                f"{heading(kind, lang)!r}, but this step shows it as {heading(shown, lang)!r}")
            elif step.history != "open":
                problems.append(f"step {step.number} ({step.id}): {field_name} ({lang}) sends the learner to "
                                f"{heading(kind, lang)!r}: open it on arrival (history = \"open\")")
            break
    return problems


def check_passive(lesson: Lesson) -> list[str]:
    runs: list[list] = [[]]            # runs of consecutive steps with nothing to do
    for step in lesson.steps:
        if step.task is None and step.question is None:
            runs[-1].append(step)
        elif runs[-1]:
            runs.append([])
    return [f"steps {run[0].number} to {run[-1].number} ({', '.join(s.id for s in run)}): {len(run)} steps in a row "
            f"with neither a move nor a question: give one of them a task or a question"
            for run in runs if len(run) > 1]


CHECKS = {"numbers": check_numbers, "story": check_story, "unfinished": check_unfinished,
          "giveaway": check_giveaway, "terms": check_terms, "untaught": check_untaught, "places": check_places,
          "language": check_language, "titles": check_titles, "positions": check_positions,
          "history": check_history, "passive": check_passive}


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    game, kinds = argv[0], argv[1:] or list(CHECKS)
    lesson = load(game)
    found = 0
    for kind in kinds:
        for problem in CHECKS[kind](lesson):
            print(f"{kind}: {problem}")
            found += 1
    print(f"{found} problem(s) in {game}'s lesson")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
