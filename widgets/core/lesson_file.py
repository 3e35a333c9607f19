"""Lesson files: a lesson is data, a list of steps that teach one rule each (docs/lessons.md).

`widgets/lessons/<game>.toml` holds the steps; this module reads and checks a file and builds the
position of every step. It imports no Jupyter package, so tests and the coverage report use it too.

A step's position is computed from the file alone: a new match or a prepared scenario, or the previous
step's position after its task (the move the learner must make, or the one they chose where the task
offers a real choice), then the step's own `moves`. So every board shows the position its text describes, however many times a notebook is run, and in
whatever order its widgets are drawn (Voila runs the whole notebook before it shows the page).
"""

from __future__ import annotations

import re
import string
from importlib import resources
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import engines
from engines.core.texts import LANGS, add_text, fill, has_text, render, template

from .lesson_values import ValueProblem, compile_value, evaluate, position_names

ROOT = Path(__file__).resolve().parents[2]
# The lessons travel inside the package, so an installed wheel has them too (issue 34).
LESSON_DIR = Path(str(resources.files("widgets") / "lessons")).resolve()
TEXT_LANGS = ("en", "zh-Hant")           # written by hand; zh-Hans is the kernel's, from zh-Hant


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file, the step and the field."""


@dataclass(frozen=True)
class Chance:
    """A forced chance outcome in a step's moves ({chance = "spin:3"} in the file)."""
    outcome: str


@dataclass(frozen=True)
class OneOf:
    """A move in a step's `moves` that depends on an earlier real choice ({one_of = ["a", "b"]} in the file):
    the first of these that is legal there, e.g. another player's reply to what the learner chose."""
    moves: tuple[str, ...]

    def pick(self, match) -> str:
        legal = {a.id for a in match.legal_actions()}
        found = next((m for m in self.moves if m in legal), None)
        if found is None:
            raise ValueError(f"none of {', '.join(self.moves)} is legal there")
        return found


@dataclass
class Choice:
    key: str                 # text key of the answer
    right: bool


@dataclass
class Question:
    ask: str                 # text keys
    explain: str
    choices: list[Choice]
    needs: tuple[str, ...] = ()   # the rules its answer rests on, each taught by this step or an earlier one
    focus: str | None = None      # the board element the question is about, brought into view when it is asked
    before: bool = False          # asked on arrival, before the task's move (predict, then do), of the board then
    # The final score table, which would answer it, is folded until it is answered (True), or for the whole step
    # ("step": the next steps' questions read the same table, so answering this one must not show it).
    hides_score: bool | str = False

    @property
    def after(self) -> bool:
        """Whether it is asked of the board after the task's move (filled with the task's values too)."""
        return not self.before


@dataclass
class Task:
    expect: str              # the action id the learner must choose
    do: str                  # text key: what to do ("Build the Market: click it on the tray.")
    done: str | None         # text key: said once it is done
    but: dict[str, str]      # action id -> text key: "legal, but..." for a particular other legal move
    but_other: str | None    # text key for any other legal move
    then: list = field(default_factory=list)   # forced chance outcomes right after the move (Chance)
    check: dict = field(default_factory=dict)  # facts the `done` text states, on the position after the move
    values: dict = field(default_factory=dict)  # name -> compiled expression, read off the position after the move
    choose: dict[str, str] = field(default_factory=dict)   # a real choice: another move the learner may make
    #                         instead of `expect` -> text key said once it is made; the lesson goes on from it
    choose_check: dict[str, dict] = field(default_factory=dict)   # such a move -> facts its text states, after it
    first: tuple[str, ...] = ()   # the learner's own moves before the task's, of kinds an earlier step taught:
    #                               made on the board, one by one, where the lesson used to make them for them

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves this task accepts: the expected one first (the lesson's own pick), then the choices."""
        return (self.expect, *self.choose)

    def checks(self, move: str) -> dict:
        """The facts the text said after `move` states, on the position after it."""
        return self.choose_check.get(move, {}) if move in self.choose else self.check

    def said(self, move: str) -> str | None:
        """The text key said once `move` is made."""
        return self.choose[move] if move in self.choose else self.done


@dataclass
class Step:
    number: int              # 1-based
    id: str
    chapter: str
    rule: str
    also: tuple[str, ...]    # further rules the step shows (coverage)
    text: str                # text key
    title: str | None        # text key, or None: the rule's title
    start: dict | None       # {"players", "seed", "options"} for a new match
    scenario: str | None
    moves: list               # action ids and Chance
    task: Task | None
    question: Question | None
    check: dict
    seat: int | None         # whose view the board shows (default: the lesson's learner)
    focus: str | None        # the board element (a data-target) to bring into view; default: the task's
    values: dict = field(default_factory=dict)   # name -> compiled expression, read off the step's position
    jump: str | None = None  # text key: what happened between the previous step and this new position
    layout: tuple = ()       # (part, "above"|"below"|"left-of"|"right-of", part): where the text says parts are
    history: str | None = None   # "open": the folded list of what happened before the step opens on arrival
    stop: bool = False       # a learner may end the lesson here: once done, the recap shows as after the last step
    carries: tuple | None = None   # (step number, {move: scenario}): a new position that carries the learner's
                                   # choice at that earlier step (the scenario for each move; `scenario` for its pick)

    @property
    def rules(self) -> tuple[str, ...]:
        return (self.rule, *self.also)

    @property
    def new_position(self) -> bool:
        """Whether the step begins a new position (a new game, or a prepared one) instead of going on."""
        return self.start is not None or self.scenario is not None


@dataclass
class Lesson:
    game: str
    path: Path
    title: str                        # text key
    learner: int
    recap: str                        # text key: what the lesson taught, a few bullet points after the last step
    chapters: list[tuple[str, str]]   # (id, text key of its title)
    steps: list[Step]
    not_taught: dict[str, str] = field(default_factory=dict)    # rule id -> text key of the reason
    _starts: dict = field(default_factory=dict, repr=False)      # step number -> (match, log mark), never handed out
    _values: dict = field(default_factory=dict, repr=False)      # (step number, after) -> values

    def text(self, key: str | None, lang: str) -> str:
        """A text of the lesson as written, its placeholders unfilled (titles, the recap, reasons)."""
        return "" if key is None else template(key, lang)

    def say(self, number: int, key: str | None, lang: str, after: bool = False, choices=None) -> str:
        """A text of step `number` in `lang`, filled in from the position: the step's `values` read off its
        start, and with `after` (the task's `done`, the question) the task's `values` read off the position
        after its move too. Board parts named `{@key}` read as the board draws them, in bold. `choices`: the
        learner's choices so far (see `branch`)."""
        if key is None:
            return ""
        task = self.steps[number - 1].task
        if after and task is not None and key in task.choose.values():     # a choice's text: after that choice
            move = next(m for m, k in task.choose.items() if k == key)
            choices = {**(choices or {}), number: move}
        params = self.values(number, after, choices)
        labels = board_labels(self.game, lang)
        text = _PART.sub(lambda m: f"**{labels[m.group(1)]}**", template(key, lang))
        text = _TERM.sub(lambda m: render(m.group(1), {}, lang), text)
        try:
            return fill(text, params, lang)
        except (KeyError, IndexError, ValueError) as exc:
            raise LessonError(f"{self._where(self.steps[number - 1])}: text {key!r} ({lang}): {exc}") from None

    def values(self, number: int, after: bool = False, choices=None) -> dict:
        """The values of step `number`: its `values` at its start, and with `after` its task's `values`
        after the move as well (a task's value of the same name wins). `choices`: the learner's choices so far
        (see `branch`)."""
        cache_key = (number, after, self.branch(number, choices, through=after))
        if cache_key not in self._values:
            step = self.steps[number - 1]
            found = self._evaluate(step, step.values, self.start_position(number, choices), "values")
            if after and step.task is not None and step.task.values:
                found.update(self._evaluate(step, step.task.values, self.end_position(number, choices),
                                            "task.values"))
            self._values[cache_key] = found
        return dict(self._values[cache_key])

    def _evaluate(self, step, table: dict, match, field_name: str) -> dict:
        names = position_names(match)
        out = {}
        for name, (source, code) in table.items():
            try:
                out[name] = evaluate(code, names)
            except ValueProblem as exc:
                raise LessonError(f"{self._where(step)}: {field_name}.{name} = {source!r}: {exc}") from None
        return out

    def focus(self, number: int, question: bool = False, choices=None) -> str | None:
        """The board element step `number` brings into view (`question`: its question's), its placeholders
        filled from the position, as the step's texts are (so the element can follow the learner's choice)."""
        step = self.steps[number - 1]
        if question:
            focus, after = (step.question.focus, step.question.after) if step.question else (None, False)
        else:
            focus, after = step.focus, False
        if not focus or "{" not in focus:
            return focus
        return focus.format(**self.values(number, after, choices))

    def chapter_title(self, chapter_id: str, lang: str) -> str:
        return template(dict(self.chapters)[chapter_id], lang)

    def taught(self) -> dict[str, list[int]]:
        """Rule id -> the numbers of the steps that teach it."""
        taught: dict[str, list[int]] = {}
        for step in self.steps:
            for rule in step.rules:
                taught.setdefault(rule, []).append(step.number)
        return taught

    # -- positions ---------------------------------------------------------------------------------
    # A step whose task offers a real choice (`task.choose`) lets the learner's move decide how the story goes
    # on: the steps after it, up to the next new position, start from the move the learner made. `choices`
    # ({step number: action id}) is what the learner chose; a choice step they have not reached or not decided
    # takes the lesson's own pick, `expect`.
    def story_start(self, number: int) -> int:
        """The first step of the story step `number` belongs to: the last step at or before it that begins a
        new position (`start` or `scenario`)."""
        while number > 1 and not self.steps[number - 1].new_position:
            number -= 1
        return number

    def branch(self, number: int, choices=None, through: bool = False) -> tuple:
        """The learner's choices that step `number`'s start position depends on (`through`: its end position
        too), as ((step number, action id), ...): only the ones that differ from the lesson's own pick, so that
        the lesson's own line is the empty branch. A story whose new position carries an earlier choice
        (`carries`) depends on that choice too."""
        choices = choices or {}
        last = number if through else number - 1
        picked = []
        carries = self.steps[self.story_start(number) - 1].carries
        if carries is not None and choices.get(carries[0]) not in (None, self.steps[carries[0] - 1].task.expect):
            picked.append((carries[0], self.move_of(carries[0], choices)))
        for step in self.steps[self.story_start(number) - 1:last]:
            move = choices.get(step.number)
            if step.task is not None and step.task.choose and move is not None and move != step.task.expect:
                if move not in step.task.choose:
                    raise ValueError(f"{self._where(step)}: {move!r} is not one of its choices "
                                     f"({', '.join(step.task.moves)})")
                picked.append((step.number, move))
        return tuple(picked)

    def branches(self, number: int, through: bool = False) -> list[dict]:
        """Every combination of choices step `number`'s position can come from (the lesson's own line first),
        as `choices` tables: what a test builds to hold every step true whatever the learner chose."""
        combos: list[dict] = [{}]
        last = number if through else number - 1
        carries = self.steps[self.story_start(number) - 1].carries
        if carries is not None:
            combos = [{carries[0]: move} for move in self.steps[carries[0] - 1].task.moves]
        for step in self.steps[self.story_start(number) - 1:last]:
            if step.task is not None and step.task.choose:
                combos = [{**c, step.number: move} for c in combos for move in step.task.moves]
        return combos

    def start_position(self, number: int, choices=None) -> engines.Match:
        """A new match at the start of step `number` (1-based), before the learner's move."""
        key = (number, self.branch(number, choices))
        if key not in self._starts:
            step = self.steps[number - 1]
            if step.scenario is not None:
                scenario = step.scenario
                if step.carries is not None:
                    scenario = step.carries[1].get(self.move_of(step.carries[0], choices), scenario)
                match = engines.scenario(self.game, scenario)
            elif step.start is not None:
                match = engines.new_match(self.game, step.start["players"], step.start["seed"],
                                          step.start.get("options"))
            else:
                match = self.end_position(number - 1, choices)
            # What happened since the previous step: a new match's whole setup (the deal is part of the story),
            # but not the setup a scenario was made from, which is no history of its position (its `jump` says
            # what happened); then the step's own moves.
            mark = 0 if step.start is not None else len(match.log)
            play_moves(match, step.moves, f"{self._where(step)}: moves" + self._branch_words(key[1]))
            arrival = match.position
            if step.task is not None and step.task.first:
                play_moves(match, list(step.task.first), f"{self._where(step)}: task.first" + self._branch_words(key[1]))
            self._starts[key] = (match, mark, arrival)
        return self._starts[key][0].clone()       # every widget gets its own copy to play on

    def arrival_position(self, number: int, choices=None) -> engines.Match:
        """Where the learner arrives at step `number`: its start, but before the task's `first` moves, which the
        learner makes (the step's texts and values speak of its start, after them)."""
        match = self.start_position(number, choices)
        arrival = self._starts[(number, self.branch(number, choices))][2]
        if arrival != match.position:
            match.goto(arrival)
        return match

    def since(self, number: int, choices=None) -> int:
        """Where in the log of step `number`'s start its own story begins: the events from there on are
        what happened since the previous step (a new match's whole setup, else the step's moves)."""
        self.start_position(number, choices)
        return self._starts[(number, self.branch(number, choices))][1]

    def move_of(self, number: int, choices=None) -> str | None:
        """The move step `number`'s task is played with: the learner's choice, else the lesson's own pick."""
        task = self.steps[number - 1].task
        if task is None:
            return None
        move = (choices or {}).get(number, task.expect)
        return move if move in task.moves else task.expect

    def end_position(self, number: int, choices=None) -> engines.Match:
        """The position after step `number`'s task (its start when it has none)."""
        match = self.start_position(number, choices)
        task = self.steps[number - 1].task
        if task is not None:
            move = self.move_of(number, choices)
            where = self._where(self.steps[number - 1]) + self._branch_words(self.branch(number, choices))
            if move not in {a.id for a in match.legal_actions()}:
                field_name = "task.expect" if move == task.expect else "task.choose"
                raise LessonError(f"{where}: {field_name} = {move!r} is not legal there: {match.why_not(move)}")
            play_moves(match, [move, *task.then], f"{where}: task")
        return match

    def _branch_words(self, branch: tuple) -> str:
        """Where a problem lies when it lies on a learner's choice: the choices it follows."""
        return "".join(f" (after the choice {move!r} at step {n})" for n, move in branch)

    def _where(self, step: Step) -> str:
        return f"{_rel(self.path)}: step {step.number} ({step.id!r})"


# -- making moves ----------------------------------------------------------------------------------
def chance_pending(match) -> bool:
    """True when the match waits on a chance step whose outcomes can be forced."""
    return match.pending == "chance" and bool(match.chance_outcomes())


def settle(match, stop_at_chance: bool = False) -> None:
    """Resolve automatic and chance steps up to the next decision. A chance step the lesson forces next
    (`stop_at_chance`) is left pending; any other is drawn by the match's seeded generator (or the draws a
    scenario planned), so the position is the same on every run."""
    while not match.is_over and match.to_move is None:
        if stop_at_chance and chance_pending(match):
            return
        match.advance(step=True)


def apply_move(match, move, stop_at_chance: bool = False) -> None:
    """One move: a decision (action id) or a forced chance outcome (Chance); then settle."""
    if isinstance(move, Chance):
        if not chance_pending(match):
            raise ValueError(f"no chance step is pending, so {move.outcome!r} cannot be forced")
        match.resolve(move.outcome)
    else:
        settle(match)
        match.play(move.pick(match) if isinstance(move, OneOf) else move)
    settle(match, stop_at_chance)


def play_moves(match, moves: list, where: str) -> None:
    """A list of moves, each forced chance outcome met at its chance step; bad entries name themselves."""
    settle(match, stop_at_chance=bool(moves) and isinstance(moves[0], Chance))
    for index, move in enumerate(moves):
        following = moves[index + 1] if index + 1 < len(moves) else None
        try:
            apply_move(match, move, stop_at_chance=isinstance(following, Chance))
        except (engines.IllegalAction, ValueError) as exc:
            raise LessonError(f"{where}[{index}] = {move!r} cannot be made there: {exc}") from None


def lookup(match, path: str):
    """A value a step's `check` names: round, phase, to_move, legal (sorted ids), scores, view.<dotted path>."""
    head, _, rest = path.partition(".")
    roots = {"round": lambda: match.round, "phase": lambda: match.phase, "to_move": lambda: match.to_move,
             "over": lambda: match.is_over, "legal": lambda: sorted(a.id for a in match.legal_actions()),
             "view": lambda: match.view(None), "scores": lambda: {str(k): v for k, v in match.scores().items()}}
    if head not in roots:
        raise LessonError(f"check {path!r}: must start with one of {', '.join(roots)}")
    value = roots[head]()
    for part in rest.split(".") if rest else ():
        if isinstance(value, list) and part.lstrip("-").isdigit() and -len(value) <= int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and "=" in part:           # players.id=colonial-house: find by field
            key, _, wanted = part.partition("=")
            found = [v for v in value if isinstance(v, dict) and str(v.get(key)) == wanted]
            if not found:
                raise LessonError(f"check {path!r}: no element with {key} = {wanted!r}")
            value = found[0]
        else:
            raise LessonError(f"check {path!r}: nothing at {part!r}")
    return value


# -- reading a file --------------------------------------------------------------------------------
def lesson_path(game: str) -> Path:
    """Where a game's lesson is: widgets/lessons/<game>.toml, or its own package's lessons/ for a game kept
    outside engines/ (widgets/core/boards.py `page_folder`)."""
    from .boards import page_folder
    return page_folder(game, "lessons") / f"{game}.toml"


_CACHE: dict[Path, tuple[float, Lesson]] = {}


def load(game_or_path) -> Lesson:
    """The lesson of a game (`lesson_path(game)`: widgets/lessons/<game>.toml) or of a file; checked, with clear
    errors."""
    path = Path(game_or_path) if str(game_or_path).endswith(".toml") else lesson_path(str(game_or_path))
    try:
        stamp = path.stat().st_mtime
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LessonError(f"{_rel(path)}: cannot read the lesson file: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{_rel(path)}: not valid TOML: {exc}") from None
    cached = _CACHE.get(path)
    if cached and cached[0] == stamp:
        return cached[1]
    lesson = _parse(path, data)
    _CACHE[path] = (stamp, lesson)
    return lesson


_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def _parse(path: Path, data: dict) -> Lesson:
    where = _rel(path)
    game = data.get("game")
    if game not in engines.GAMES:
        raise LessonError(f"{where}: 'game' must name a known game ({', '.join(engines.GAMES)}), got {game!r}")
    rules = engines.get_game(game).rule_catalog
    # Texts go into the kernel's catalog under keys of their own file, so a test's scratch file never
    # collides with the real lesson of the same game.
    prefix = f"lesson.{game}" if path.resolve() == lesson_path(game).resolve() else f"lesson.{game}@{path.resolve()}"
    source = str(path.resolve())

    def text(value, key: str, field_name: str) -> str:
        """Register a text {en, zh-Hant} in the kernel's catalog (so zh-Hans comes with it); its key."""
        if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) or not value[lang].strip()
                                              for lang in TEXT_LANGS):
            raise LessonError(f"{field_name}: needs a non-empty text in each of {', '.join(TEXT_LANGS)}")
        unknown = [lang for lang in value if lang not in LANGS and lang not in TEXT_LANGS]
        if unknown:
            raise LessonError(f"{field_name}: unknown language {', '.join(unknown)}")
        add_text(f"{prefix}.{key}", {lang: value[lang].strip() for lang in TEXT_LANGS}, source)
        return f"{prefix}.{key}"

    unknown = set(data) - {"game", "learner", "title", "recap", "chapter", "not_taught", "step"}
    if unknown:
        raise LessonError(f"{where}: unknown field {', '.join(sorted(unknown))}")
    learner = data.get("learner", 0)
    if not isinstance(learner, int) or isinstance(learner, bool) or learner < 0:
        raise LessonError(f"{where}: 'learner' must be a seat number (0 for Player 1), got {learner!r}")
    title = text(data.get("title"), "title", f"{where}: 'title'")
    recap = text(data.get("recap"), "recap", f"{where}: 'recap' (what the lesson taught, shown after its last step)")

    chapters = []
    for index, chapter in enumerate(_list(data, "chapter", where)):
        cid = chapter.get("id")
        if set(chapter) - {"id", "title"}:
            raise LessonError(f"{where}: chapter {index + 1}: unknown field {', '.join(sorted(set(chapter) - {'id', 'title'}))}")
        if not isinstance(cid, str) or not _ID.match(cid):
            raise LessonError(f"{where}: chapter {index + 1}: 'id' must be lower-case words with dashes, got {cid!r}")
        chapters.append((cid, text(chapter.get("title"), f"chapter.{cid}", f"{where}: chapter {cid!r}: 'title'")))
    if not chapters:
        raise LessonError(f"{where}: no [[chapter]]: a lesson needs at least one")
    chapter_ids = [c for c, _ in chapters]

    not_taught = {}
    for index, entry in enumerate(_list(data, "not_taught", where)):
        rule = entry.get("rule")
        if rule not in rules:
            raise LessonError(f"{where}: not_taught {index + 1}: unknown rule id {rule!r}")
        not_taught[rule] = text(entry.get("why"), f"not-taught.{rule}", f"{where}: not_taught {rule!r}: 'why'")

    steps: list[Step] = []
    seen = set()
    board_names = set(board_labels(game, "en")) & set(board_labels(game, "zh-Hant"))
    for key, name in ((title, "title"), (recap, "recap")):
        _no_placeholders(key, f"{where}: '{name}'")
    for number, raw in enumerate(_list(data, "step", where), 1):
        sid = raw.get("id")
        at = f"{where}: step {number}"
        if not isinstance(sid, str) or not _ID.match(sid):
            raise LessonError(f"{at}: 'id' must be lower-case words with dashes, got {sid!r}")
        if sid in seen:
            raise LessonError(f"{at}: id {sid!r} is used twice")
        seen.add(sid)
        at = f"{at} ({sid!r})"
        unknown = set(raw) - {"id", "chapter", "rule", "also", "text", "title", "start", "scenario", "moves",
                              "task", "question", "check", "seat", "focus", "values", "jump", "layout", "history", "stop",
                              "carries"}
        if unknown:
            raise LessonError(f"{at}: unknown field {', '.join(sorted(unknown))}")
        chapter = raw.get("chapter", steps[-1].chapter if steps else None)
        if chapter not in chapter_ids:
            raise LessonError(f"{at}: 'chapter' must be one of {', '.join(chapter_ids)}, got {chapter!r}")
        rule = raw.get("rule")
        if rule not in rules:
            raise LessonError(f"{at}: 'rule' must be a rule id of {game}'s catalog, got {rule!r}")
        also = raw.get("also", [])
        if not isinstance(also, list) or any(r not in rules for r in also):
            raise LessonError(f"{at}: 'also' must list rule ids of the catalog, got {also!r}")
        start, scenario = raw.get("start"), raw.get("scenario")
        if start is not None and scenario is not None:
            raise LessonError(f"{at}: give 'start' or 'scenario', not both")
        if start is not None:
            if not isinstance(start, dict) or not isinstance(start.get("players"), int) or \
                    not isinstance(start.get("seed"), int) or set(start) - {"players", "seed", "options"}:
                raise LessonError(f"{at}: 'start' must be {{players = N, seed = N, options = {{...}}}}, got {start!r}")
        if scenario is not None and scenario not in engines.get_game(game).scenarios():
            raise LessonError(f"{at}: unknown scenario {scenario!r}")
        if number == 1 and start is None and scenario is None:
            raise LessonError(f"{at}: the first step needs a 'start' or a 'scenario'")
        moves = []
        for index, move in enumerate(raw.get("moves", [])):
            if isinstance(move, str):
                moves.append(move)
            elif isinstance(move, dict) and set(move) == {"chance"} and isinstance(move["chance"], str):
                moves.append(Chance(move["chance"]))
            elif isinstance(move, dict) and set(move) == {"one_of"} and isinstance(move["one_of"], list) \
                    and len(move["one_of"]) > 1 and all(isinstance(m, str) for m in move["one_of"]):
                moves.append(OneOf(tuple(move["one_of"])))
            else:
                raise LessonError(f"{at}: moves[{index}] must be an action id, {{chance = \"outcome\"}} or "
                                  f"{{one_of = [\"id\", \"id\"]}}, got {move!r}")
        seat = raw.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or seat < 0):
            raise LessonError(f"{at}: 'seat' must be a seat number, got {seat!r}")
        if raw.get("stop", True) is not True:
            raise LessonError(f"{at}: 'stop' may only be true (a learner may end the lesson here), got {raw['stop']!r}")
        check = raw.get("check", {})
        if not isinstance(check, dict):
            raise LessonError(f"{at}: 'check' must be a table of path = value")
        carries = _carries(raw.get("carries"), scenario, steps, game, at)
        step = Step(
            number=number, id=sid, chapter=chapter, rule=rule, also=tuple(also),
            text=text(raw.get("text"), f"{sid}.text", f"{at}: 'text'"),
            title=text(raw["title"], f"{sid}.title", f"{at}: 'title'") if "title" in raw else None,
            start=start, scenario=scenario, moves=moves,
            task=_task(raw.get("task"), sid, at, text), question=_question(raw.get("question"), sid, at, text, rules),
            check=check, seat=seat, focus=_focus(raw.get("focus"), at),
            values=_values(raw.get("values"), f"{at}: values"),
            jump=text(raw["jump"], f"{sid}.jump", f"{at}: 'jump'") if "jump" in raw else None,
            layout=_layout(raw.get("layout"), at), history=_history(raw.get("history"), at), stop="stop" in raw,
            carries=carries)
        if step.question is not None and step.question.before and step.task is None:
            raise LessonError(f"{at}: question.before asks before the task's move, and the step has no task "
                              f"(a step without one asks its question on arrival anyway)")
        if step.task is not None and step.task.first:
            made = {move.split(":")[0] for earlier in steps if earlier.task for move in earlier.task.moves}
            for move in step.task.first:
                if move.split(":")[0] not in made:
                    raise LessonError(f"{at}: task.first: {move!r} is a kind of move no earlier step's task taught; "
                                      f"the learner makes it without being told how")
        _check_placeholders(step, at, board_names)
        steps.append(step)
    if not steps:
        raise LessonError(f"{where}: no [[step]]")
    _check_needs(steps, at_step=lambda step: f"{where}: step {step.number} ({step.id!r})")
    both = sorted(set(not_taught) & {r for s in steps for r in s.rules})
    if both:
        raise LessonError(f"{where}: rules both taught and listed as not taught: {', '.join(both)}")
    return Lesson(game=game, path=path, title=title, learner=learner, recap=recap, chapters=chapters, steps=steps,
                  not_taught=not_taught)


def _check_needs(steps: list[Step], at_step) -> None:
    """A question asks only what the lesson has taught: each rule its `needs` names is taught (`rule` or
    `also`) by its own step or an earlier one."""
    first: dict[str, Step] = {}
    for step in steps:
        for rule in step.rules:
            first.setdefault(rule, step)
        if step.question is None:
            continue
        for rule in step.question.needs:
            taught = first.get(rule)
            if taught is None:
                later = next((s for s in steps if rule in s.rules), None)
                when = (f"step {later.number} ({later.id!r}) teaches it only later" if later
                        else "no step teaches it")
                raise LessonError(f"{at_step(step)}: question.needs: {rule!r} is not taught by this step or an "
                                  f"earlier one ({when})")


_PART = re.compile(r"\{@([^{}]*)\}")       # {@sy.ui.action-track}: a board part, named as the board draws it
_TERM = re.compile(r"\{=([^{}]*)\}")       # {=am.action.yellow}: a name of the game, as its texts say it
RELATIONS = ("above", "below", "left-of", "right-of")


def _values(raw, at) -> dict:
    """A `values` table: name -> (expression, compiled), each expression checked (lesson_values.py)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise LessonError(f"{at}: must be a table of name = \"expression\"")
    out = {}
    for name, source in raw.items():
        if not name.isidentifier():
            raise LessonError(f"{at}: {name!r} is not a name a text can use as a placeholder")
        try:
            out[name] = (source, compile_value(source))
        except ValueProblem as exc:
            raise LessonError(f"{at}.{name} = {source!r}: {exc}") from None
    return out


def _layout(raw, at) -> tuple:
    """`layout = [["sy.ui.rondel.employee", "below", "sy.ui.market"]]`: where the step's text says board parts
    lie, each part named by the text key the board draws it with; a browser test measures the drawing."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(r, list) and len(r) == 3 and all(isinstance(x, str) for x in r)
                                            and r[1] in RELATIONS for r in raw):
        raise LessonError(f"{at}: 'layout' must list [part, relation, part], relation one of "
                          f"{', '.join(RELATIONS)}, got {raw!r}")
    return tuple(tuple(r) for r in raw)


def board_labels(game: str, lang: str) -> dict[str, str]:
    """The names a game's board draws in `lang`, by key, without the ones that take a number (what {@key}
    may name): the board renderer's own labels, so an edition's word is the one its board shows."""
    if (game, lang) not in _LABELS:
        from .boards import renderer_for
        view = engines.new_match(game, engines.get_game(game).min_players, seed=1).view()
        _LABELS[game, lang] = {k: v for k, v in renderer_for(game).labels(view, lang).items()
                               if isinstance(v, str) and "{" not in v}
    return _LABELS[game, lang]


_LABELS: dict[tuple[str, str], dict[str, str]] = {}


def _fields(key: str) -> dict[str, set[str]]:
    """The placeholders of a text, per written language: {lang: {name, ...}}; board parts are not fields."""
    out = {}
    for lang in TEXT_LANGS:
        text = _TERM.sub("", _PART.sub("", template(key, lang)))
        try:
            out[lang] = {re.split(r"[.\[]", f)[0] for _, f, _, _ in string.Formatter().parse(text) if f is not None}
        except ValueError as exc:
            raise LessonError(f"{key} ({lang}): {exc}: write a brace as {{{{ or }}}}") from None
    return out


def _no_placeholders(key: str, at: str) -> None:
    for lang, names in _fields(key).items():
        if names or _PART.search(template(key, lang)) or _TERM.search(template(key, lang)):
            raise LessonError(f"{at} ({lang}): a title, recap or reason is not tied to a position; "
                              f"no placeholder may be used ({sorted(names) or 'a board part'})")


def _check_placeholders(step: Step, at: str, board_names: set[str]) -> None:
    """Every placeholder of a step's texts is a value of the step (the task's values only in the texts shown
    after the move), every value is used, the texts of both languages use the same ones, and every {@part}
    is a name the board draws."""
    start = set(step.values)
    after = start | (set(step.task.values) if step.task else set())
    texts = [("text", step.text, start), ("jump", step.jump, start)]
    if step.title:
        _no_placeholders(step.title, f"{at}: 'title'")
    if step.task:
        texts += [("task.do", step.task.do, start), ("task.done", step.task.done, after)]
        texts += [(f"task.but.{k}", v, start) for k, v in step.task.but.items()]
        texts += [("task.but.other", step.task.but_other, start)]
        texts += [(f"task.choose.{k}", v, after) for k, v in step.task.choose.items()]
    if step.question:
        asked = after if step.question.after else start         # a question asked before the move: its start
        texts += [("question.ask", step.question.ask, asked), ("question.explain", step.question.explain, asked)]
        texts += [(f"question.choice {i + 1}", c.key, asked) for i, c in enumerate(step.question.choices)]
    used = set()
    for name, key, allowed in texts:
        if key is None:
            continue
        fields = _fields(key)
        for lang, names in fields.items():
            missing = sorted(names - allowed)
            if missing:
                where = "the task's values are read after the move, for the texts shown then" \
                    if set(missing) <= after else "define it in the step's 'values'"
                raise LessonError(f"{at}: {name} ({lang}): placeholder {{{missing[0]}}} has no value ({where})")
            used |= names
            for part in _PART.findall(template(key, lang)):
                if part not in board_names:
                    raise LessonError(f"{at}: {name} ({lang}): {{@{part}}} is not a name the board draws "
                                      f"(a text key of its board, with no number to fill in)")
            for term in _TERM.findall(template(key, lang)):
                if not has_text(term) or "{" in template(term, "en") + template(term, "zh-Hant"):
                    raise LessonError(f"{at}: {name} ({lang}): {{={term}}} is not a text key of a name "
                                      f"(a text with no number to fill in)")
        if fields["en"] != fields["zh-Hant"]:
            raise LessonError(f"{at}: {name}: en and zh-Hant use different placeholders "
                              f"({sorted(fields['en'])} and {sorted(fields['zh-Hant'])})")
    # A focus may name its element by a value ("discard.{card}"): after a real choice the element differs.
    focuses = [("focus", step.focus, start)]
    if step.question is not None:
        focuses.append(("question.focus", step.question.focus, after if step.question.after else start))
    for name, focus, allowed in focuses:
        names = {f for _, f, _, _ in string.Formatter().parse(focus or "") if f is not None}
        if names - allowed:
            raise LessonError(f"{at}: {name}: placeholder {{{sorted(names - allowed)[0]}}} has no value")
        used |= names
    unused = sorted(after - used)
    if unused:
        raise LessonError(f"{at}: value {unused[0]!r} is used by no text of the step")
    for a, _, b in step.layout:
        for part in (a, b):
            if part not in board_names:
                raise LessonError(f"{at}: layout: {part!r} is not a name the board draws")


def _carries(raw, scenario, steps: list, game: str, at: str) -> tuple | None:
    """`carries = { step = "id", "move" = "scenario", ... }`: a prepared position that carries the learner's
    choice at an earlier step (a task with `choose`): the scenario for each move the learner may have made
    there, `scenario` for the lesson's own pick."""
    if raw is None:
        return None
    if scenario is None or not isinstance(raw, dict) or not isinstance(raw.get("step"), str):
        raise LessonError(f"{at}: 'carries' needs a 'scenario' and is {{step = \"id\", \"move\" = \"scenario\"}}")
    earlier = next((s for s in steps if s.id == raw["step"]), None)
    if earlier is None or earlier.task is None or not earlier.task.choose:
        raise LessonError(f"{at}: carries.step = {raw['step']!r} is no earlier step whose task offers a choice")
    table = {move: name for move, name in raw.items() if move != "step"}
    known = engines.get_game(game).scenarios()
    for move, name in table.items():
        if move not in earlier.task.choose or name not in known:
            raise LessonError(f"{at}: carries.{move!r} = {name!r}: a choice of step {earlier.number} and a scenario")
    return (earlier.number, table)


def _history(value, at) -> str | None:
    if value not in (None, "open"):
        raise LessonError(f"{at}: 'history' may only be \"open\" (the folded list of what happened before the "
                          f"step opens on arrival), got {value!r}")
    return value


def _focus(value, at) -> str | None:
    if value is not None and (not isinstance(value, str) or not value or "#" in value):
        raise LessonError(f"{at}: 'focus' must name a board element (a data-target such as \"tray.market\"), "
                          f"got {value!r}")
    return value


def _task(raw, sid, at, text) -> Task | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or not isinstance(raw.get("expect"), str):
        raise LessonError(f"{at}: 'task' needs 'expect', the action id the learner must choose")
    unknown = set(raw) - {"expect", "do", "done", "but", "then", "check", "values", "choose", "first"}
    if unknown:
        raise LessonError(f"{at}: task: unknown field {', '.join(sorted(unknown))}")
    but, but_other = {}, None
    for action_id, value in (raw.get("but") or {}).items():
        key = text(value, f"{sid}.but.{action_id}", f"{at}: task.but.{action_id!r}")
        if action_id == "other":
            but_other = key
        else:
            but[action_id] = key
    choose = {}
    if not isinstance(raw.get("choose", {}), dict):
        raise LessonError(f"{at}: task.choose must be a table: another move the learner may choose -> its text")
    choose_check = {}
    for action_id, value in (raw.get("choose") or {}).items():
        if action_id == raw["expect"] or action_id in but:
            raise LessonError(f"{at}: task.choose.{action_id!r}: a choice is neither `expect` nor a `but`")
        if isinstance(value, dict) and "check" in value:
            value = dict(value)
            choose_check[action_id] = value.pop("check")
            if not isinstance(choose_check[action_id], dict):
                raise LessonError(f"{at}: task.choose.{action_id!r}.check must be a table of path = value")
        choose[action_id] = text(value, f"{sid}.choose.{action_id}", f"{at}: task.choose.{action_id!r}")
    if choose and "done" not in raw:
        raise LessonError(f"{at}: a task with choices says in `done` what the lesson's own pick led to, as each "
                          f"choice's text says what it led to")
    then = []
    for index, move in enumerate(raw.get("then", [])):
        if isinstance(move, dict) and set(move) == {"chance"} and isinstance(move["chance"], str):
            then.append(Chance(move["chance"]))
        elif isinstance(move, dict) and set(move) == {"reply"} and isinstance(move["reply"], str):
            then.append(move["reply"])                  # another player's move, made at once after the learner's
        else:
            raise LessonError(f"{at}: task.then[{index}] must be {{chance = \"outcome\"}} or {{reply = \"action id\"}}, "
                              f"got {move!r}")
    if not isinstance(raw.get("check", {}), dict):
        raise LessonError(f"{at}: task.check must be a table of path = value")
    first = raw.get("first", [])
    if not isinstance(first, list) or not all(isinstance(move, str) and move for move in first):
        raise LessonError(f"{at}: task.first must be a list of action ids, the learner's own moves before `expect`")
    return Task(first=tuple(first), then=then, check=raw.get("check", {}), expect=raw["expect"], do=text(raw.get("do"), f"{sid}.do", f"{at}: task.do"),
                done=text(raw["done"], f"{sid}.done", f"{at}: task.done") if "done" in raw else None,
                but=but, but_other=but_other, values=_values(raw.get("values"), f"{at}: task.values"),
                choose=choose, choose_check=choose_check)


def _question(raw, sid, at, text, rules) -> Question | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise LessonError(f"{at}: 'question' must be a table")
    unknown = set(raw) - {"ask", "explain", "choice", "needs", "focus", "before", "hides_score"}
    if unknown:
        raise LessonError(f"{at}: question: unknown field {', '.join(sorted(unknown))}")
    needs = raw.get("needs")
    if not isinstance(needs, list) or not needs or not all(isinstance(r, str) for r in needs):
        raise LessonError(f"{at}: question.needs must list the rule ids its answer rests on "
                          f"(needs = [\"rule.id\", ...]), got {needs!r}")
    unknown = [r for r in needs if r not in rules]
    if unknown:
        raise LessonError(f"{at}: question.needs: {unknown[0]!r} is not a rule id of the game's catalog")
    choices = raw.get("choice")
    if not isinstance(choices, list) or len(choices) < 2:
        raise LessonError(f"{at}: question: needs two or more [[step.question.choice]]")
    made = [Choice(key=text({k: v for k, v in c.items() if k != "right"}, f"{sid}.choice.{i}", f"{at}: question.choice {i + 1}"), right=c.get("right") is True)
            for i, c in enumerate(choices)]
    if sum(c.right for c in made) != 1:
        raise LessonError(f"{at}: question: exactly one choice must have right = true")
    before = raw.get("before", False)
    if not isinstance(before, bool):
        raise LessonError(f"{at}: question.before must be true or false, got {before!r}")
    hides_score = raw.get("hides_score", False)
    if not isinstance(hides_score, bool) and hides_score != "step":
        raise LessonError(f"{at}: question.hides_score must be true, false or \"step\", got {hides_score!r}")
    return Question(ask=text(raw.get("ask"), f"{sid}.ask", f"{at}: question.ask"),
                    explain=text(raw.get("explain"), f"{sid}.explain", f"{at}: question.explain"),
                    choices=made, needs=tuple(needs), focus=_focus(raw.get("focus"), f"{at}: question"),
                    before=before, hides_score=hides_score)


def _list(data: dict, name: str, where: str) -> list[dict]:
    value = data.get(name, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise LessonError(f"{where}: '{name}' must be written as [[{name}]] tables")
    return value


def _rel(path: Path) -> str:
    path = Path(path)
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def history_heading(step, events) -> str:
    """The folded list's heading. At a new game (`start`: the first step...) the list is its whole story, not "since
    the last step"; a story of nothing but the setup (no player has decided yet) says so (Shipyard try-out: "how this
    game came to this position (21)" on step 1 read as 21 moves already made)."""
    if step.start is None:
        return "ui.lesson.since"
    return "ui.lesson.since-setup" if all(e.automatic for e in events) else "ui.lesson.since-start"
