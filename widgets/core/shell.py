"""The game shell: a board with its controls, decision, rule, log and chart, around one Match.

The shell knows no rules. It asks the match what is legal and why not, shows
what the engine says, and lets bots or a learner make each decision.
"""

from __future__ import annotations

import asyncio
import html
import logging
from pathlib import Path

import ipywidgets as W

import engines
from engines.core.bots import make_bot
from engines.core.texts import LANG_NAMES, Text, load_catalog, load_overrides

from .board import BoardWidget
from .chart import ScoreBreakdown, ScoreChart
from .choices import guarded
from .citations import cite, cite_tip, section_title, section_titles, t  # noqa: F401 (imported from here too)
from .hint import hint_bot, hints, hints_html, in_language
from .panel import ShellPanel
from . import presenter
from .setup import SEAT_KINDS, SetupSection

load_catalog(Path(__file__).with_name("texts.toml"))
load_overrides(Path(__file__).with_name("zh-Hans.toml"))
log = logging.getLogger(__name__)

# Each language by its own name (from the kernel, which knows the languages).
LANG_CHOICES = tuple((LANG_NAMES.get(lang, lang), lang) for lang in engines.core.texts.LANGS)
_LOG_LINES = 80


def page_title(kind: str, lang: str, game: str | None = None) -> str:
    """A page's title for the browser's tab, in `lang`: the gallery ("gallery"), or a game's play page
    ("play") or lesson ("lesson") naming the game. The notebooks carry these (tutorials/make_notebooks.py
    writes them), and the project's Voila template chooses the one of the page address's language."""
    if kind == "gallery":
        return t("gallery.title", lang)
    return t(f"ui.page.{kind}", lang, game=t(f"game.{game}", lang))


def no_null_tooltips(widget) -> None:
    """ipywidgets writes a tooltip of None as the text "null" (title="null" on a slider's label, a toggle,
    a file button): every widget under `widget` with no tooltip gets an empty one instead."""
    if "tooltip" in widget.trait_names() and widget.tooltip is None:
        widget.tooltip = ""
    for child in getattr(widget, "children", ()) or ():
        no_null_tooltips(child)


MODES = ("normal", "classroom")
_JOIN = {"en": ", ", "zh-Hant": "、", "zh-Hans": "、"}
_RECENT = 6           # latest steps in the panel (the full log is in its own section below)


def _dialog_widget(name: str) -> property:
    """A widget of the new-game dialog (`shell.setup`), which is made the first time one is asked for."""
    def get(shell):
        shell.setup.build()
        return getattr(shell.setup, name)
    return property(get, doc=f"The new-game dialog's {name.replace('_', ' ')}.")


class GameShell(W.VBox):
    """Play and teach one game in a notebook or a Voila page.

    The page, top to bottom: a header (title, round and phase, scores, language, classroom mode); the
    board with the panel beside it (Next, Auto-play, Undo, Redo, the timeline, a row for learner aids,
    the pending decision with its choices, the rule of the last step, the latest steps); then folded
    sections for seats and a new game, the full log and the score chart. `shell.css` arranges it for
    wide and narrow screens and for classroom mode (`mode="classroom"` or the toggle in the header).
    """

    def __init__(self, game: str, players: int | None = None, seed: int = 1, options: dict | None = None,
                 seats: dict | None = None, lang: str = "en", match: engines.Match | None = None,
                 renderer=None, step_delay: float = 0.4, mode: str = "normal"):
        from .boards import renderer_for
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r} (choose from {', '.join(MODES)})")
        self.renderer = renderer or renderer_for(game)
        self.game_id = game
        self.lang = engines.core.texts.check_lang(lang)
        self.step_delay = step_delay
        self.refused: list[dict] = []           # forged or illegal messages from the page, kept for review
        self._autoplay_task = None
        self._message = ""                      # the last refusal or notice, shown in the panel until the next action
        self._message_kind = "refusal"          # "refusal" (a move refused) or "notice" (what to do instead)
        self._undone: list[tuple[int, int]] = []    # (where Undo was pressed, where it went): what Redo brings back
        self._press: tuple[int, int] | None = None  # the steps the last press of Next took (from, to)

        self.errors = W.Output(layout=W.Layout(max_height="240px", overflow="auto"))
        self.board = BoardWidget(self.renderer.directory)
        self.board.on_msg(self._guard(self._on_board_message))
        # The panel: decision, choices, rule, latest steps. Its clicks take the same checked path.
        self.panel = ShellPanel()
        self.panel.on_msg(self._guard(self._on_board_message))
        self.status = W.HTML()
        self.status.add_class("bgw-status")
        self.chart = ScoreChart(self.renderer.seat_colours, self.renderer.seat_inks)
        self.final = ScoreBreakdown(self.renderer.seat_inks)

        self.next_button = W.Button(icon="step-forward")
        self.autoplay = W.ToggleButton(icon="play")
        self.undo_button = W.Button(icon="undo")
        self.redo_button = W.Button(icon="repeat")
        self.timeline = W.IntSlider(min=0, max=0, continuous_update=False)
        self.timeline.add_class("bgw-timeline")
        self.language = W.ToggleButtons(options=LANG_CHOICES, value=self.lang)
        self.classroom = W.ToggleButton(value=mode == "classroom", icon="television")
        for widget, name in ((self.next_button, "next"), (self.autoplay, "autoplay"), (self.undo_button, "undo"),
                             (self.redo_button, "redo"), (self.classroom, "classroom-toggle")):
            widget.add_class(f"bgw-{name}")          # stable hooks for browser tests, in any language
        self.next_button.on_click(self._guard(lambda _: self.next_step()))
        self.undo_button.on_click(self._guard(lambda _: self.undo()))
        self.redo_button.on_click(self._guard(lambda _: self.redo()))
        self.autoplay.observe(self._guard(self._on_autoplay), "value")
        self.timeline.observe(self._guard(self._on_timeline), "value")
        self.language.observe(self._guard(lambda change: self.set_lang(change["new"])), "value")
        self.classroom.observe(self._guard(lambda change: self.set_mode(
            "classroom" if change["new"] else "normal")), "value")
        self.teacher_view = False               # the teacher's view shows what every seat hides
        self.teacher = W.Checkbox(value=False, indent=False)
        self.teacher.add_class("bgw-teacher")
        self.teacher.observe(self._guard(lambda change: self.set_teacher_view(change["new"])), "value")
        self.setup = SetupSection(self)         # seats and a new game: made when first opened
        self.full_log = W.HTML()
        self.full_log.add_class("bgw-full-log")

        # Learner aids go in this row: the Hint (the search bot's advice for the learner's seat), shown
        # only where the search bot can run (OpenSpiel installed).
        self.hint_button = W.Button(icon="lightbulb-o", layout=W.Layout(width="auto"))
        self.hint_button.add_class("bgw-hint-button")
        self.hint_button.on_click(self._guard(lambda _: self.hint()))
        self.hint_box = W.HTML()
        self.hint_box.add_class("bgw-hint-box")
        self._hint_bot = hint_bot(seed)
        self._hint_at = None                    # the position the hints shown are for
        self._hint_items, self._hint_lang = [], None     # what they say, and in which language
        self.aids_row = W.HBox([self.hint_button, self.hint_box] if self._hint_bot else [])
        self.aids_row.add_class("bgw-aids")
        controls = W.HBox([self.next_button, self.autoplay, self.undo_button, self.redo_button])
        controls.add_class("bgw-controls")
        panel = W.VBox([controls, self.timeline, self.aids_row, self.panel])
        panel.add_class("bgw-panel")
        main = W.VBox([self.final.box, self.board])
        main.add_class("bgw-main")
        body = W.HBox([main, panel])
        body.add_class("bgw-body")
        header = W.HBox([self.status, self.teacher, self.language, self.classroom])
        header.add_class("bgw-header")
        # Folded sections, filled when opened: what is not on screen costs nothing per step.
        self.help = W.HTML()
        self.more = W.Accordion(children=[self.setup.box, self.full_log, self.chart.box, self.help],
                                selected_index=None)
        self.more.add_class("bgw-more")
        self.more.observe(self._guard(self._on_section), "selected_index")
        self.body = body

        super().__init__(children=[header, body, self.more, self.errors])
        self.add_class("bgw-shell")

        self.match = match or engines.new_match(game, players, seed, options)
        self.bots: dict[int, object] = {}
        self.mode = "normal"
        self._set_seats(seats if seats is not None else {s: ("human" if s == 0 else "greedy")
                                                         for s in range(self.match.players)})
        self._label_controls()
        self._mark_lang()
        self.set_mode(mode, refresh=False)
        no_null_tooltips(self)
        self.refresh()

    # -- modes and folded sections ------------------------------------------------------------------
    def set_mode(self, mode: str, refresh: bool = True):
        """"normal" (board and side panel) or "classroom" (large type, board at full width, bottom bar)."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r} (choose from {', '.join(MODES)})")
        self.mode = mode
        if mode == "classroom":
            self.add_class("bgw-classroom")
        else:
            self.remove_class("bgw-classroom")
        if self.classroom.value != (mode == "classroom"):
            self.classroom.value = mode == "classroom"
        if refresh:
            self._show_panel()

    def _mark_lang(self):
        for lang in engines.core.texts.LANGS:
            self.remove_class(f"bgw-lang-{lang}")
        self.add_class(f"bgw-lang-{self.lang}")

    def _on_section(self, change):
        """Fill a section when it opens: the seats and new game, the full log, or the chart (which loads
        bokeh the first time)."""
        if change["new"] == 0:
            self.setup.build()
        if change["new"] == 1:
            self.full_log.value = self._log_html()
        if change["new"] == 2:
            self.chart.update(self.match, self.lang)
            self.chart.show()
        else:
            self.chart.hide()

    # -- error handling: every callback shows its failure on the page ---------------------------
    def _guard(self, callback):
        return guarded(self.errors, callback)

    # -- seats and new games ---------------------------------------------------------------------
    def _set_seats(self, seats: dict):
        self.seat_kinds = {seat: seats.get(seat, "human") for seat in range(self.match.players)}
        for seat, kind in self.seat_kinds.items():
            if kind not in SEAT_KINDS:
                raise ValueError(f"seat {seat}: unknown kind {kind!r} (choose from {', '.join(SEAT_KINDS)})")
        self.bots = {seat: make_bot(kind, seed=self.match.seed * 31 + seat)
                     for seat, kind in self.seat_kinds.items() if kind != "human"}
        self.setup.sync()

    def set_seat(self, seat: int, kind: str):
        if kind not in SEAT_KINDS:
            raise ValueError(f"seat {seat}: unknown kind {kind!r} (choose from {', '.join(SEAT_KINDS)})")
        self.seat_kinds[seat] = kind
        if kind == "human":
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = make_bot(kind, seed=self.match.seed * 31 + seat)
        self.refresh()

    # The new-game dialog lives in the folded section; asking for one of its widgets makes them.
    edition_input = _dialog_widget("edition_input")
    players_input = _dialog_widget("players_input")
    seed_input = _dialog_widget("seed_input")
    option_inputs = _dialog_widget("option_inputs")
    option_hints = _dialog_widget("option_hints")
    new_game_row = _dialog_widget("new_game_row")
    seat_inputs = _dialog_widget("seat_inputs")

    def new_game_from_controls(self):
        """New game as the dialog is set (edition, players, seed, options)."""
        self.setup.build()
        self.setup.new_game()

    def set_teacher_view(self, on: bool):
        """The teacher's view shows the whole table, hidden information included."""
        self.teacher_view = bool(on)
        if self.teacher.value != self.teacher_view:
            self.teacher.value = self.teacher_view
        self.refresh()

    def switch_game(self, game: str):
        """Another edition of the same game: its rules, and its board renderer if it has another (the next
        new_game() starts a match of it)."""
        from .boards import renderer_for
        renderer = renderer_for(game)
        if renderer.directory != self.renderer.directory:
            from .board import _HOST_CSS, renderer_module
            self.board._esm = renderer_module(renderer.directory)
            self.board._css = _HOST_CSS + (renderer.directory / "board.css").read_text(encoding="utf-8")
        self.game_id, self.renderer = game, renderer
        self.chart.colours, self.chart.inks = renderer.seat_colours, renderer.seat_inks
        self.final.inks = renderer.seat_inks

    def new_game(self, players: int, seed: int, options: dict | None = None, seats: dict | None = None):
        self.stop_autoplay()
        self.match = engines.new_match(self.game_id, players, seed, options)
        self.chart.reset()
        self._set_seats(seats if seats is not None else
                        {s: self.seat_kinds.get(s, "greedy" if s else "human") for s in range(players)})
        self._acted()
        self.refresh()

    def load(self, saved: str):
        """Replace the match by a saved one (a malformed file raises SaveError and changes nothing). The
        answer is written beside the file button (`setup.answer`) until the next action."""
        match = engines.Match.from_json(saved)
        self.stop_autoplay()
        self.match = match
        self.chart.reset()
        self._set_seats({s: self.seat_kinds.get(s, "human") for s in range(match.players)})
        self._acted()
        self.setup.answer("ui.loaded", ok=True)
        self.refresh()

    def refuse_file(self):
        """A file that is not a save of these pages was chosen: nothing changes, and the answer is written
        beside the file button until the next action."""
        self._acted()
        self.setup.answer("ui.load-refused", ok=False)
        self._show_panel()

    def _acted(self):
        """A new action (a step, a move, Undo, Redo, the timeline, a new game): the last answer goes, in the
        panel and beside the file button."""
        self._message = ""
        self._press = None
        self.setup.answer(None)

    # -- stepping -------------------------------------------------------------------------------
    def next_step(self, say: bool = True) -> bool:
        """One press of Next: a bot's decision, or the rules' own steps up to the next decision (set-up,
        deals, draws: the learner has no part in them, and the log narrates each; in the teacher's view
        one step at a time). False when a human must decide: with `say`, the panel then says what that
        decision asks for (Next does nothing else there)."""
        m = self.match
        if m.is_over:
            return False
        start = m.position
        if m.to_move is None:
            m.advance(step=self.teacher_view)
        elif m.to_move in self.bots:
            m.play(self.bots[m.to_move].choose(m))
        else:
            if say:
                self._say("ui.next.yours", kind="notice", seat=m.to_move, asks=self._asks())
            return False
        self._acted()
        self._undone = []
        self._press = (start, m.position)
        self.refresh()
        return True

    def _asks(self) -> str:
        """What the pending decision asks for, in a few words (the presenter's frame says it)."""
        frame = self._current_frame()
        return frame.asks if frame is not None else presenter.asks(self.match, self.lang)

    def _current_frame(self):
        """The frame last drawn, if it is of the match's present position and the page's language."""
        frame = getattr(self, "_frame", None)
        if frame is None or frame.position != self.match.position or frame.lang != self.lang:
            return None
        return frame

    def _nothing_there(self) -> str:
        """The answer to a click on the board where nothing can be done now: what the pending decision asks
        for, or what Next does."""
        m = self.match
        if m.to_move is not None and m.to_move not in self.bots and not m.is_over:
            return t("ui.nothing-there", self.lang, seat=m.to_move, asks=self._asks())
        return t("ui.nothing-there.other", self.lang, what=self._decision()["text"])

    def choose(self, action_id) -> bool:
        """A learner's decision: legal ones are played, anything else is refused with the reason."""
        m = self.match
        frame = self._current_frame()
        # An option of the board drawn now is legal: the engine was asked once, when the frame was made.
        reason = None if frame is not None and frame.offers(action_id) else m.why_not(action_id)
        if reason is not None:
            self._say("ui.refused", reason=reason)
            self.refresh()
            return False
        if m.to_move in self.bots:
            self._say("ui.refused", reason=Text("ui.bot-turn", seat=m.to_move, bot=t(
                f"ui.seat.{self.seat_kinds[m.to_move]}", self.lang)))
            return False
        m.play(action_id)
        while m.pending == "chance":      # the learner's own draw: the tile turns over at once
            m.advance(step=True)
        self._acted()
        self._undone = []
        self.refresh()
        return True

    def _on_board_message(self, _widget, content, _buffers):
        if isinstance(content, dict) and content.get("type") == "nothing" and \
                isinstance(content.get("target", ""), str):
            # a click on the board where no option is (board_kit.js): say what the decision asks for
            self._say_text(self._nothing_there(), kind="notice")
            return
        frame = self._current_frame()
        if not isinstance(content, dict) or content.get("type") != "choose" or \
                not isinstance(content.get("id"), str) or \
                not (frame.offers(content["id"]) if frame is not None else
                     content["id"] in {a.id for a in self.match.legal_actions()}):
            detail = repr(content)[:120]
            self.refused.append({"message": content, "position": self.match.position})
            log.warning("refused board message %s", detail)
            if isinstance(content, dict) and isinstance(content.get("id"), str):
                self.choose(content["id"])       # says which rule forbids it
            else:
                self._say("ui.forged", detail=detail)
            return
        self.choose(content["id"])

    def hint(self) -> list[dict]:
        """The search bot's three best moves for the learner to move, with the rule each applies."""
        m = self.match
        if self._hint_bot is None or m.to_move is None or m.to_move in self.bots:
            return []
        self.hint_box.value = html.escape(t("ui.hint.thinking", self.lang))
        items = hints(m, self.lang, self._hint_bot)
        self.hint_box.value = hints_html(items, self.lang)
        self._hint_at = m.position
        self._hint_items, self._hint_lang = items, self.lang
        return items

    def _one_step_at_a_time(self) -> bool:
        """Undo and Redo step one engine step at a time in the teacher's view (every step is worth
        showing there) and at a table of bots alone; otherwise they take back and replay a human's move."""
        return self.teacher_view or not self._human_seats()

    def _human_seats(self) -> list[int]:
        return [s for s in range(self.match.players) if s not in self.bots]

    def undo(self):
        """Take back the learner's last move, with the bots' moves and the rules' steps after it (one
        step in the teacher's view)."""
        self.stop_autoplay()
        m = self.match
        start = m.position
        if self._one_step_at_a_time():
            m.undo()
            self._undone = []
        else:
            m.undo_to_seat(self._human_seats())
            if m.position < start:
                self._undone.append((start, m.position))
        self._acted()
        self.refresh()

    def redo(self):
        """Bring back what one Undo took, in one press: the learner's move and the steps after it, up to
        where Undo was pressed (one step in the teacher's view). After a jump along the timeline, up to the
        learner's next decision, or the end of the line."""
        self.stop_autoplay()
        m = self.match
        if self._one_step_at_a_time():
            m.redo()
            self._undone = []
        elif self._undone and self._undone[-1][1] == m.position and self._undone[-1][0] <= len(m.timeline):
            m.goto(self._undone.pop()[0])
        else:
            self._undone = []
            m.redo_to_seat(self._human_seats(), through=True)
        self._acted()
        self.refresh()

    def goto(self, position: int):
        self.stop_autoplay()
        self.match.goto(position)
        self._undone = []
        self._acted()
        self.refresh()

    def _on_timeline(self, change):
        if change["new"] != self.match.position:
            self.goto(change["new"])

    # -- auto-play: bots and automatic steps run until a human must decide ----------------------
    def _on_autoplay(self, change):
        if change["new"]:
            self._autoplay_task = asyncio.ensure_future(self._run_autoplay())
        else:
            self.stop_autoplay()

    async def _run_autoplay(self):
        stepped = False            # pressed at the learner's own decision, it says what to do, as Next does
        try:
            while self.autoplay.value and self._guard(self.next_step)(not stepped):
                stepped = True
                await asyncio.sleep(self.step_delay)
        finally:
            self.autoplay.value = False

    def stop_autoplay(self):
        if self.autoplay.value:
            self.autoplay.value = False

    def run_bots(self, max_steps: int = 100000) -> int:
        """Run steps (no delay) until a human must decide or the game ends; returns the steps taken."""
        steps = 0
        while steps < max_steps and self.next_step(say=False):
            steps += 1
        return steps

    # -- language -------------------------------------------------------------------------------
    def set_lang(self, lang: str):
        self.lang = engines.core.texts.check_lang(lang)
        if self.language.value != lang:
            self.language.value = lang
        self._mark_lang()
        self._label_controls()
        self.setup.sync()
        self.refresh()

    def _label_controls(self):
        lang = self.lang
        self.next_button.description = t("ui.next", lang)
        self.autoplay.description = t("ui.autoplay", lang)
        self.autoplay.tooltip = t("ui.autoplay.help", lang)
        self.timeline.tooltip = t("ui.timeline.help", lang)
        self.undo_button.description = t("ui.undo", lang)
        self.redo_button.description = t("ui.redo", lang)
        self._label_undo()
        self.hint_button.description = t("ui.hint", lang)
        self.hint_button.tooltip = t("ui.hint.title", lang)
        self.timeline.description = t("ui.timeline", lang)
        self.classroom.description = t("ui.classroom", lang)
        self.classroom.tooltip = t("ui.classroom-help", lang)
        self.teacher.description = t("ui.teacher", lang)
        self.more.titles = (t("ui.section.setup", lang), t("ui.section.log", lang), t("ui.section.chart", lang),
                            t("ui.section.help", lang))
        self.help.value = "".join(f"<p>{html.escape(t(key, lang))}</p>" for key in ("ui.help.play", "ui.help.keys"))

    def _label_undo(self):
        """Undo's and Redo's tooltips say how far they go: a human's move, or one step."""
        how = "step" if self._one_step_at_a_time() else "mine"
        self.undo_button.tooltip = t(f"ui.undo.{how}", self.lang)
        self.redo_button.tooltip = t(f"ui.redo.{how}", self.lang)

    def _say(self, key: str, kind: str = "refusal", **params):
        """A message in the panel until the next action: a refusal, or a notice of what to do instead."""
        self._say_text(t(key, self.lang, **params), kind)

    def _say_text(self, text: str, kind: str = "refusal"):
        self._message, self._message_kind = text, kind
        self._show_panel()

    # -- drawing --------------------------------------------------------------------------------
    def refresh(self):
        """Redraw everything from the match: the board first (one message), then the panel (one message),
        then the controls and whatever folded section is open."""
        m, lang = self.match, self.lang
        seat = m.to_move
        human_seats = [s for s in range(m.players) if s not in self.bots]
        viewer = None if self.teacher_view or not human_seats else (seat if seat in human_seats else human_seats[0])
        offer = seat is not None and seat not in self.bots
        self._frame = frame = presenter.frame(m, self.renderer, lang, viewer, offer)
        open_mats = {"mats": "compact", "open": human_seats, "teacher": self.teacher_view}
        if self.board.options != open_mats:
            self.board.options = open_mats
        self.board.show(frame.view, frame.choices, frame.labels, lang, frame.seat, words=lambda: frame.words)
        self._choices = frame.choices
        self._show_panel()
        self.status.value = self._status_html(frame.view)
        self.final.update(m, lang)
        with self.timeline.hold_trait_notifications():
            self.timeline.max = len(m.timeline)
            self.timeline.value = m.position
        self._label_undo()                       # the teacher's view or the seats may have changed
        self.undo_button.disabled = not m.can_undo()
        self.redo_button.disabled = not m.can_redo()
        self.next_button.disabled = m.is_over
        # At the learner's own decision Next takes no step: it is greyed, and a press says what to do.
        yours = seat is not None and seat not in self.bots
        if yours:
            self.next_button.add_class("bgw-next-yours")
        else:
            self.next_button.remove_class("bgw-next-yours")
        self.next_button.tooltip = (t("ui.next.yours", lang, seat=seat, asks=frame.asks) if yours
                                    else t("ui.next.help", lang))
        self.autoplay.disabled = m.is_over
        self.hint_button.disabled = seat is None or seat in self.bots
        if self._hint_at != m.position and self.hint_box.value:
            self.hint_box.value = ""             # the hints were for another position
        elif self.hint_box.value and self._hint_items and self._hint_lang != self.lang:
            self._hint_items, self._hint_lang = in_language(self._hint_items, self.lang), self.lang
            self.hint_box.value = hints_html(self._hint_items, self.lang)     # the same hints, in the new language
        self.chart.update(m, lang)
        if self.more.selected_index == 0:
            self.setup.sync_save()
        if self.more.selected_index == 1:
            self.full_log.value = self._log_html()

    def _show_panel(self):
        m, lang = self.match, self.lang
        choices = getattr(self, "_choices", [])
        on_board = sum(1 for c in choices if c["target"] and c["legal"])
        panel = {
            "decision": self._decision(),
            "message": self._message,
            "message_kind": self._message_kind if self._message else "",
            "choices": choices,
            "located": t("ui.on-board", lang, n=on_board) if on_board else "",
            "locate": t("ui.locate", lang),
            "list": t("ui.list-choices", lang),
            "captions": [event.text(lang) for event in self._last_events()][-4:],
            "rule": self._rule(),
            "log_heading": t("ui.recent", lang),
            "log": [presenter.event_entry(m, e, lang) for e in reversed(m.log[-_RECENT:])],
            "keys": t("ui.keys", lang),
            "revision": self.board.revision,
            # The play page's title in the page's language: the panel renames the browser's tab when the
            # language changes (only a tab named after this page, never a lesson's).
            "lang": lang,
            "title": page_title("play", lang, m.game.id),
            "timeline": t("ui.timeline.help", lang),      # the step slider's name for screen readers
        }
        self.panel.panel = panel

    def _last_events(self) -> list:
        """The events of the last step, or of every step the last press of Next took (a deal, say)."""
        m = self.match
        if self._press is not None and self._press[1] == m.position:
            return [e for at in range(self._press[0] + 1, m.position + 1) for e in m.events_of(at)]
        return m.events_of(m.position) if m.position else []

    def _decision(self) -> dict:
        m, lang = self.match, self.lang
        if m.is_over:
            return {"kind": "over", "seat": None, "text": t("ui.over", lang)}
        if m.to_move is None:
            return {"kind": "auto", "seat": None, "text": t("ui.automatic", lang)}
        if m.to_move in self.bots:
            return {"kind": "bot", "seat": m.to_move, "text": t(
                "ui.bot-turn", lang, seat=m.to_move, bot=t(f"ui.seat.{self.seat_kinds[m.to_move]}", lang))}
        return {"kind": "human", "seat": m.to_move, "text": t("ui.waiting", lang, seat=m.to_move)}

    def _status_html(self, view) -> str:
        """The status line, with each seat's score and, where the game uses stand-in components, the badge."""
        m, lang = self.match, self.lang
        joiner = "、" if lang.startswith("zh") else ", "
        totals = joiner.join(self._seat_score(s, v) for s, v in m.scores().items())
        scores = f"<span class='bgw-scores'>{t('ui.scores', lang, totals=totals)}</span>"
        stand_in = view.get("stand_in") or {}
        if any(stand_in.values()):
            scores += (f"<span class='bgw-stand-in' title='{html.escape(t('ui.stand-in', lang))}'>⚠ "
                       f"{html.escape(t('ui.stand-in-badge', lang))}</span>")
        return presenter.status_html(m, view, lang, scores=scores)

    def _seat_score(self, seat: int, score: dict) -> str:
        """A seat's score, its parts in the tooltip (where a score of 3 before any move comes from)."""
        lang = self.lang
        parts = [t("ui.named-value", lang, name=self.match.game.part_text(part).render(lang), value=n)
                 for part, n in score["parts"].items() if n]
        said = html.escape(t("ui.seat-score", lang, seat=seat, score=score["total"]))
        tip = (_JOIN[lang].join(parts) if parts else t("ui.score-none", lang))
        return f"<span class='bgw-seat-score' title='{html.escape(tip)}'>{said}</span>"

    def _rule(self) -> dict | None:
        """The rule the last log line applied."""
        m = self.match
        return presenter.rule_entry(m, m.log[-1].rule, self.lang) if m.log else None

    def _log_html(self) -> str:
        m, lang = self.match, self.lang
        lines = []
        for event in reversed(m.log[-_LOG_LINES:]):
            line = presenter.event_entry(m, event, lang)
            style = "color:#555" if line["automatic"] else "font-weight:600"
            lines.append(f"<div class='bgw-event' data-rule='{event.rule}' style='{style}' "
                         f"title='{html.escape(line['tip'])}'>{html.escape(line['text'])} "
                         + (f"<small style='color:#5f6368'>[{html.escape(line['cite'])}]</small>" if line["cite"] else "")
                         + "</div>")
        return "".join(lines)

    def __repr__(self):
        return f"<GameShell {self.game_id} position={self.match.position} lang={self.lang} mode={self.mode}>"
