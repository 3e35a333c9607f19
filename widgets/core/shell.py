"""The game shell: a board with its controls, log, rule panel and chart, around one Match.

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
from engines.core.texts import Text, load_catalog, render

from .board import BoardWidget
from .chart import ScoreBreakdown, ScoreChart

load_catalog(Path(__file__).with_name("texts.toml"))
log = logging.getLogger(__name__)

SEAT_KINDS = ("human", "random", "greedy")
LANG_CHOICES = (("English", "en"), ("中文", "zh-Hant"))
_LOG_LINES = 80


def t(key: str, lang: str, **params) -> str:
    return render(key, params, lang)


def cite(source: str, lang: str) -> str:
    """'rulebook:000_x.txt#1: 建造階段' -> 'Rulebook § 1: 建造階段' (the file stays in the tooltip)."""
    kind, _, rest = source.partition(":")
    if kind == "rulebook":
        return f"{t('ui.source', lang)} § {rest.partition('#')[2]}"
    return source


class GameShell(W.VBox):
    """Play and teach one game in a notebook or a Voila page."""

    def __init__(self, game: str, players: int | None = None, seed: int = 1, options: dict | None = None,
                 seats: dict | None = None, lang: str = "en", match: engines.Match | None = None,
                 renderer=None, step_delay: float = 0.4):
        from .. import renderer_for
        self.renderer = renderer or renderer_for(game)
        self.game_id = game
        self.lang = lang
        self.step_delay = step_delay
        self.refused: list[dict] = []           # forged or illegal messages from the page, kept for review
        self._autoplay_task = None

        self.errors = W.Output(layout=W.Layout(max_height="240px", overflow="auto"))
        self.board = BoardWidget(self.renderer.directory)
        self.board.on_msg(self._guard(self._on_board_message))
        self.status = W.HTML()
        self.message = W.HTML()
        self.rule_panel = W.HTML(layout=W.Layout(border="1px solid #ddd", padding="4px 8px"))
        self.log_panel = W.HTML(layout=W.Layout(max_height="260px", overflow="auto",
                                                border="1px solid #ddd", padding="4px 8px"))
        self.chart = ScoreChart()
        self.final = ScoreBreakdown()
        # Decisions with no place on the board (pass, done, ...) are buttons under it.
        self.choice_row = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.choice_row.add_class("bgw-choices")
        self._choice_key = None

        self.next_button = W.Button(icon="step-forward")
        self.autoplay = W.ToggleButton(icon="play")
        self.undo_button = W.Button(icon="undo")
        self.redo_button = W.Button(icon="repeat")
        self.timeline = W.IntSlider(min=0, max=0, continuous_update=False, layout=W.Layout(width="320px"))
        self.language = W.ToggleButtons(options=LANG_CHOICES, value=lang, style={"button_width": "72px"})
        self.teacher = W.Checkbox(value=False, indent=False)
        for widget in (self.next_button, self.undo_button, self.redo_button):
            widget.layout = W.Layout(width="auto")
        for widget, name in ((self.next_button, "next"), (self.autoplay, "autoplay"), (self.undo_button, "undo"),
                             (self.redo_button, "redo")):
            widget.add_class(f"bgw-{name}")          # stable hooks for browser tests, in any language
        self.next_button.on_click(self._guard(lambda _: self.next_step()))
        self.undo_button.on_click(self._guard(lambda _: self.undo()))
        self.redo_button.on_click(self._guard(lambda _: self.redo()))
        self.autoplay.observe(self._guard(self._on_autoplay), "value")
        self.timeline.observe(self._guard(self._on_timeline), "value")
        self.language.observe(self._guard(lambda change: self.set_lang(change["new"])), "value")
        self.teacher.observe(self._guard(lambda _: self.refresh()), "value")

        self.seat_row = W.HBox()
        self.new_game_row = W.HBox()
        self.edition_input = W.Dropdown(layout=W.Layout(width="300px"))     # shown when the game has editions
        self.edition_input.add_class("bgw-edition")
        self.players_input = W.Dropdown(layout=W.Layout(width="140px"))
        self.seed_input = W.IntText(value=seed, layout=W.Layout(width="140px"))
        self.option_inputs: dict[str, W.Dropdown] = {}
        self.option_hints = W.HTML()            # the rulebook's advice on choosing an option, if the game gives one
        self.option_hints.add_class("bgw-option-hints")
        self.new_game_button = W.Button(icon="refresh", layout=W.Layout(width="auto"))
        self.new_game_button.on_click(self._guard(lambda _: self.new_game_from_controls()))

        super().__init__(children=[
            self.status, self.final.box, self.board, self.message, self.choice_row,
            W.HBox([self.next_button, self.autoplay, self.undo_button, self.redo_button, self.timeline,
                    self.language]),
            self.seat_row, self.teacher, self.rule_panel, self.log_panel, self.chart.box,
            self.new_game_row, self.option_hints, self.errors,
        ])
        self.add_class("bgw-shell")

        self.match = match or engines.new_match(game, players, seed, options)
        self.seed_input.value = self.match.seed
        self.bots: dict[int, object] = {}
        self._build_new_game_row()
        self._set_seats(seats if seats is not None else {s: ("human" if s == 0 else "greedy")
                                                         for s in range(self.match.players)})
        self._label_controls()
        self.refresh()

    # -- error handling: every callback shows its failure on the page ---------------------------
    def _guard(self, callback):
        def run(*args):
            with self.errors:
                try:
                    return callback(*args)
                except Exception:
                    log.exception("callback failed")
                    raise
        return run

    # -- seats and new games ---------------------------------------------------------------------
    def _set_seats(self, seats: dict):
        self.seat_kinds = {seat: seats.get(seat, "human") for seat in range(self.match.players)}
        for seat, kind in self.seat_kinds.items():
            if kind not in SEAT_KINDS:
                raise ValueError(f"seat {seat}: unknown kind {kind!r} (choose from {', '.join(SEAT_KINDS)})")
        self.bots = {seat: make_bot(kind, seed=self.match.seed * 31 + seat)
                     for seat, kind in self.seat_kinds.items() if kind != "human"}
        self.seat_inputs = []
        for seat in range(self.match.players):
            dropdown = W.Dropdown(options=[(t(f"ui.seat.{k}", self.lang), k) for k in SEAT_KINDS],
                                  value=self.seat_kinds[seat], description=t("core.seat", self.lang, n=seat + 1),
                                  layout=W.Layout(width="190px"), style={"description_width": "initial"})
            dropdown.observe(self._guard(lambda change, seat=seat: self.set_seat(seat, change["new"])), "value")
            self.seat_inputs.append(dropdown)
        self.seat_row.children = self.seat_inputs

    def set_seat(self, seat: int, kind: str):
        self.seat_kinds[seat] = kind
        if kind == "human":
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = make_bot(kind, seed=self.match.seed * 31 + seat)
        self.refresh()

    def _build_new_game_row(self):
        editions = engines.get_game(self.game_id).editions
        self.edition_input.options = [(engines.get_game(g).title.render(self.lang), g) for g in editions]
        self.edition_input.value = self.game_id if editions else None
        self.edition_input.observe(self._guard(lambda _: self._on_edition()), "value")
        self._set_player_choices(self.match.players)
        self.players_input.observe(self._guard(lambda _: self._build_option_inputs()), "value")
        self._build_option_inputs(self.match.options)

    def _dialog_game(self) -> str:
        """The game the new-game dialog is set for: the edition chosen there, if the game has several."""
        return self.edition_input.value or self.game_id

    def _set_player_choices(self, players: int):
        rules = engines.get_game(self._dialog_game())
        choices = list(range(rules.min_players, rules.max_players + 1))
        self.players_input.options = choices
        self.players_input.value = min(max(players, choices[0]), choices[-1])

    def _on_edition(self):
        self._set_player_choices(self.players_input.value)
        self._build_option_inputs()

    def _build_option_inputs(self, current: dict | None = None):
        rules = engines.get_game(self._dialog_game())
        self.option_inputs = {}
        for option in rules.options(self.players_input.value):
            value = (current or {}).get(option.id, option.default)
            dropdown = W.Dropdown(options=[(t(f"ui.option.{c}", self.lang), c) for c in option.choices],
                                  value=value if value in option.choices else option.default,
                                  description=t(f"ui.option.{option.id}", self.lang),
                                  layout=W.Layout(width="260px"), style={"description_width": "initial"})
            self.option_inputs[option.id] = dropdown
        editions = [self.edition_input] if self.edition_input.options else []
        self.new_game_row.children = [*editions, self.players_input, self.seed_input, *self.option_inputs.values(),
                                      self.new_game_button]
        hints = [option.hint.render(self.lang) for option in rules.options(self.players_input.value) if option.hint]
        self.option_hints.value = "".join(f"<div style='font-size:12px;color:#555'>ⓘ {html.escape(h)}</div>"
                                          for h in hints)
        self._label_controls()

    def new_game_from_controls(self):
        options = {key: box.value for key, box in self.option_inputs.items()}
        if self._dialog_game() != self.game_id:
            self._switch_game(self._dialog_game())
        self.new_game(self.players_input.value, self.seed_input.value, options)

    def _switch_game(self, game: str):
        """Another edition of the same game: its rules, and its board renderer if it has another."""
        from .. import renderer_for
        renderer = renderer_for(game)
        if renderer.directory != self.renderer.directory:
            from .board import _HOST_CSS
            self.board._esm = (renderer.directory / "board.js").read_text(encoding="utf-8")
            self.board._css = _HOST_CSS + (renderer.directory / "board.css").read_text(encoding="utf-8")
        self.game_id, self.renderer = game, renderer

    def new_game(self, players: int, seed: int, options: dict | None = None, seats: dict | None = None):
        self.stop_autoplay()
        self.match = engines.new_match(self.game_id, players, seed, options)
        self.chart.reset()
        self._set_seats(seats if seats is not None else
                        {s: self.seat_kinds.get(s, "greedy" if s else "human") for s in range(players)})
        self.message.value = ""
        self.refresh()

    def load(self, saved: str):
        """Replace the match by a saved one (a malformed file changes nothing and says why)."""
        match = engines.Match.from_json(saved)
        self.stop_autoplay()
        self.match = match
        self.chart.reset()
        self._set_seats({s: self.seat_kinds.get(s, "human") for s in range(match.players)})
        self._say("ui.loaded")
        self.refresh()

    # -- stepping -------------------------------------------------------------------------------
    def next_step(self) -> bool:
        """One step: an automatic one, or a bot's decision. False when a human must decide."""
        m = self.match
        if m.is_over:
            return False
        if m.to_move is None:
            m.advance(step=True)
        elif m.to_move in self.bots:
            m.play(self.bots[m.to_move].choose(m))
        else:
            self.refresh()
            return False
        self.message.value = ""
        self.refresh()
        return True

    def choose(self, action_id) -> bool:
        """A learner's decision: legal ones are played, anything else is refused with the reason."""
        m = self.match
        reason = m.why_not(action_id)
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
        self.message.value = ""
        self.refresh()
        return True

    def _on_board_message(self, _widget, content, _buffers):
        if not isinstance(content, dict) or content.get("type") != "choose" or \
                not isinstance(content.get("id"), str) or \
                content["id"] not in {a.id for a in self.match.legal_actions()}:
            detail = repr(content)[:120]
            self.refused.append({"message": content, "position": self.match.position})
            log.warning("refused board message %s", detail)
            if isinstance(content, dict) and isinstance(content.get("id"), str):
                self.choose(content["id"])       # says which rule forbids it
            else:
                self._say("ui.forged", detail=detail)
            return
        self.choose(content["id"])

    def undo(self):
        self.stop_autoplay()
        self.match.undo()
        self.refresh()

    def redo(self):
        self.match.redo()
        self.refresh()

    def goto(self, position: int):
        self.stop_autoplay()
        self.match.goto(position)
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
        try:
            while self.autoplay.value and self._guard(self.next_step)():
                await asyncio.sleep(self.step_delay)
        finally:
            self.autoplay.value = False

    def stop_autoplay(self):
        if self.autoplay.value:
            self.autoplay.value = False

    def run_bots(self, max_steps: int = 100000) -> int:
        """Run steps (no delay) until a human must decide or the game ends; returns the steps taken."""
        steps = 0
        while steps < max_steps and self.next_step():
            steps += 1
        return steps

    # -- language -------------------------------------------------------------------------------
    def set_lang(self, lang: str):
        self.lang = engines.core.texts.check_lang(lang)
        if self.language.value != lang:
            self.language.value = lang
        self._label_controls()
        chosen = self.edition_input.value
        self.edition_input.options = [(engines.get_game(g).title.render(lang), g) for _, g in self.edition_input.options]
        self.edition_input.value = chosen
        self._build_option_inputs({k: v.value for k, v in self.option_inputs.items()})
        for seat, dropdown in enumerate(self.seat_inputs):
            value = dropdown.value
            dropdown.options = [(t(f"ui.seat.{k}", lang), k) for k in SEAT_KINDS]
            dropdown.value = value
            dropdown.description = t("core.seat", lang, n=seat + 1)
        self.refresh()

    def _label_controls(self):
        lang = self.lang
        self.next_button.description = t("ui.next", lang)
        self.autoplay.description = t("ui.autoplay", lang)
        self.undo_button.description = t("ui.undo", lang)
        self.redo_button.description = t("ui.redo", lang)
        self.timeline.description = t("ui.timeline", lang)
        self.teacher.description = t("ui.teacher", lang)
        self.new_game_button.description = t("ui.new-game", lang)
        self.players_input.description = t("ui.players", lang)
        self.edition_input.description = t("ui.edition", lang)
        self.seed_input.description = t("ui.seed", lang)

    def _say(self, key: str, **params):
        self.message.value = f"<div class='bgw-message'>{html.escape(t(key, self.lang, **params))}</div>"

    # -- drawing --------------------------------------------------------------------------------
    def refresh(self):
        m, lang = self.match, self.lang
        seat = m.to_move
        human_seats = [s for s in range(m.players) if s not in self.bots]
        viewer = None if self.teacher.value or not human_seats else (seat if seat in human_seats else human_seats[0])
        view = m.view(viewer)
        offer = seat is not None and seat not in self.bots
        choices = []
        if offer:
            for action, why in m.candidates():
                choices.append({"id": action.id, "target": action.target, "label": action.label.render(lang),
                                "legal": why is None, "why": None if why is None else why.render(lang)})
        self.board.show(view, choices, self.renderer.labels(view, lang), lang, seat if offer else None)
        self._show_choice_buttons(choices)
        self.status.value = self._status_html(view)
        self.rule_panel.value = self._rule_html()
        self.log_panel.value = self._log_html()
        self.chart.update(m, lang)
        self.final.update(m, lang)
        with self.timeline.hold_trait_notifications():
            self.timeline.max = len(m.timeline)
            self.timeline.value = m.position
        self.undo_button.disabled = not m.can_undo()
        self.redo_button.disabled = not m.can_redo()
        self.next_button.disabled = m.is_over
        self.autoplay.disabled = m.is_over

    def _show_choice_buttons(self, choices: list):
        """One button per offered choice that has no board element; a click takes the checked path."""
        loose = [c for c in choices if not c["target"]]
        key = (tuple((c["id"], c["label"], c["legal"], c["why"]) for c in loose), self.lang)
        if key == self._choice_key:
            return
        self._choice_key = key
        buttons = []
        for c in loose:
            button = W.Button(description=c["label"], disabled=not c["legal"],
                              tooltip=c["label"] if c["legal"] else f"{c['label']}: {c['why']}",
                              layout=W.Layout(width="auto"), button_style="warning" if c["legal"] else "")
            button.add_class("bgw-choice")
            button.add_class("bgw-choice-" + "".join(ch if ch.isalnum() else "-" for ch in c["id"]))
            button.on_click(self._guard(lambda _, action_id=c["id"]: self.choose(action_id)))
            buttons.append(button)
        self.choice_row.children = ([W.HTML(f"<b>{html.escape(t('ui.other-choices', self.lang))}</b>&nbsp;")]
                                    + buttons) if buttons else []

    def _status_html(self, view) -> str:
        m, lang = self.match, self.lang
        parts = [f"<b>{html.escape(m.game.title.render(lang))}</b>"]
        if view.get("round"):
            parts.append(html.escape(t("ui.round", lang, round=view["round"], rounds=view.get("rounds", "?"))))
        if not m.is_over:
            parts.append(html.escape(m.game.phase_text(m.phase).render(lang)))
        if m.is_over:
            totals = ("、" if lang.startswith("zh") else ", ").join(f"{t('core.seat', lang, n=s + 1)} {v['total']}" for s, v in m.scores().items())
            parts.append(html.escape(f"{t('ui.over', lang)} {totals}"))
        elif m.to_move is None:
            parts.append(html.escape(t("ui.automatic", lang)))
        elif m.to_move in self.bots:
            parts.append(html.escape(t("ui.bot-turn", lang, seat=m.to_move,
                                       bot=t(f"ui.seat.{self.seat_kinds[m.to_move]}", lang))))
        else:
            parts.append(html.escape(t("ui.waiting", lang, seat=m.to_move)))
        stand_in = view.get("stand_in") or {}
        badge = ""
        if any(stand_in.values()):
            badge = (f"<div class='bgw-stand-in' style='color:#8a5a00;font-size:12px'>⚠ "
                     f"{html.escape(t('ui.stand-in', lang))}</div>")
        return " · ".join(parts) + badge

    def _rule_html(self) -> str:
        m, lang = self.match, self.lang
        event = m.log[-1] if m.log else None
        rule = m.rule(event.rule) if event else None
        if rule is None:
            return ""
        return (f"<b>{html.escape(t('ui.rule', lang))}: {html.escape(rule.title[lang])}</b> "
                f"<code>{rule.id}</code><br>{html.escape(rule.text[lang])}<br>"
                f"<small title='{html.escape(rule.source)}'>{html.escape(cite(rule.source, lang))}</small>")

    def _log_html(self) -> str:
        m, lang = self.match, self.lang
        lines = []
        for event in reversed(m.log[-_LOG_LINES:]):
            rule = m.rule(event.rule)
            citation = cite(rule.source, lang) if rule else event.rule
            tooltip = rule.text[lang] if rule else ""
            style = "color:#555" if event.automatic else "font-weight:600"
            lines.append(f"<div class='bgw-event' data-rule='{event.rule}' style='{style}' "
                         f"title='{html.escape(tooltip)}'>{html.escape(event.text(lang))} "
                         f"<small style='color:#888'>[{event.rule} · {html.escape(citation)}]</small></div>")
        return f"<b>{html.escape(t('ui.log', lang))}</b>" + "".join(lines)

    def _repr_mimebundle_(self, **kwargs):
        self.chart.rebuild()      # the chart as it is now, not as it was when the shell was made
        return super()._repr_mimebundle_(**kwargs)

    def __repr__(self):
        return f"<GameShell {self.game_id} position={self.match.position} lang={self.lang}>"
