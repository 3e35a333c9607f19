"""The game shell's folded section for the seats (human or bot), a new game (edition, players, seed,
options, with the rulebook's advice on choosing an option where the game gives one), and saving the match
to a file or loading one (a plain download link and a file input: they work the same on the server and in
the static site, where no server keeps files).

Its widgets are made the first time the section is opened: a page that never opens it never pays for
them (about a third of the shell's widgets), so the board comes up sooner.
"""

from __future__ import annotations

import base64
import binascii
import html

import anywidget
import ipywidgets as W
import traitlets

import engines
from engines.core.texts import has_text

from .citations import t

SEAT_KINDS = ("human", "random", "greedy", "mcts")
MAX_SAVE_BYTES = 5_000_000                        # a whole game's save is a few kB


def choice_label(option: str, choice, lang: str) -> str:
    """A choice's name: the option's own word for it (`ui.option.<option>.<choice>`) where it has one,
    else the shared one (`ui.option.<choice>`: yes, no, A, B)."""
    key = f"ui.option.{option}.{choice}"
    return t(key if has_text(key) else f"ui.option.{choice}", lang)


# The file button: a button that opens the browser's file chooser, and the answer beside it ("Match loaded.",
# or why nothing was loaded). ipywidgets' FileUpload would append a count to its label ("Load a saved match
# (0)") and write a missing tooltip as "null". The file's bytes reach Python as base64 in one message.
_FILE_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("bgw-file");
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.hidden = true;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "bgw-file-button jupyter-button widget-button";
    const answer = document.createElement("span");
    answer.className = "bgw-file-answer";
    answer.setAttribute("role", "status");
    button.addEventListener("click", () => input.click());
    input.addEventListener("change", () => {
      const file = input.files && input.files[0];
      input.value = "";                                   // the same file may be chosen again
      if (!file) return;
      if (file.size > model.get("max_bytes")) { model.send({ type: "file", size: file.size }); return; }
      const reader = new FileReader();
      reader.onload = () => model.send({ type: "file", size: file.size, data: String(reader.result).split(",")[1] || "" });
      reader.onerror = () => model.send({ type: "file", size: file.size });
      reader.readAsDataURL(file);
    });
    const draw = () => {
      button.textContent = "⤒ " + model.get("label");
      answer.textContent = model.get("answer");
      answer.dataset.kind = model.get("answer_kind");
    };
    model.on("change", draw);
    draw();
    el.append(input, button, answer);
    return () => model.off("change", draw);
  },
};
"""
_FILE_CSS = """
.bgw-file { display: inline-flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.bgw-file .bgw-file-button { width: auto; padding: 0 12px; white-space: nowrap; }
.bgw-file .bgw-file-answer[data-kind="ok"] { color: #1e8449; font-weight: 600; }
.bgw-file .bgw-file-answer[data-kind="no"] { color: #922b21; font-weight: 600; }
"""


class FileButton(anywidget.AnyWidget):
    """A button that reads a file the learner chooses and hands its bytes to `on_file`, with an answer
    shown beside it (`answer`, `answer_kind` "ok" or "no")."""
    _esm = _FILE_ESM
    _css = _FILE_CSS
    label = traitlets.Unicode("").tag(sync=True)
    answer = traitlets.Unicode("").tag(sync=True)
    answer_kind = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(MAX_SAVE_BYTES).tag(sync=True)

    def __repr__(self):
        return "<FileButton>"


class SetupSection:
    def __init__(self, shell):
        self.shell = shell
        self.box = W.VBox()
        self.built = False
        self.seat_inputs: list[W.Dropdown] = []
        self.option_inputs: dict[str, W.Dropdown] = {}
        self._answer: tuple[str, bool] | None = None    # the file button's answer (text key, loaded or not)

    def build(self) -> None:
        """Make the widgets (once), from the shell's match, seats and language."""
        if self.built:
            return
        shell = self.shell
        self.seat_row = W.HBox()
        self.seat_row.add_class("bgw-seats")
        self.edition_input = W.Dropdown(layout=W.Layout(width="300px"), style={"description_width": "initial"})
        self.edition_input.add_class("bgw-edition")      # shown when the game has editions
        self.option_hints = W.HTML()
        self.option_hints.add_class("bgw-option-hints")
        self.players_input = W.Dropdown(layout=W.Layout(width="160px"), style={"description_width": "initial"})
        self.seed_input = W.IntText(layout=W.Layout(width="160px"), style={"description_width": "initial"})
        self.new_game_button = W.Button(icon="refresh", layout=W.Layout(width="auto"))
        self.new_game_button.add_class("bgw-new-game-button")
        self.new_game_button.on_click(shell._guard(lambda _: self.new_game()))
        self.new_game_row = W.HBox()
        self.new_game_row.add_class("bgw-new-game")
        self.save_link = W.HTML()
        self.save_link.add_class("bgw-save")
        self.load_input = FileButton()
        self.load_input.add_class("bgw-load")
        self.built = True
        self.sync()
        self.players_input.observe(shell._guard(lambda _: self._build_option_inputs()), "value")
        self.edition_input.observe(shell._guard(lambda _: self._on_edition()), "value")
        self.load_input.on_msg(shell._guard(self._on_file))
        files = W.HBox([self.save_link, self.load_input], layout=W.Layout(align_items="center", flex_flow="row wrap"))
        self.box.children = [self.seat_row, self.new_game_row, self.option_hints, files]
        self._no_null_tooltips()

    def sync(self) -> None:
        """Follow the shell: its match (players, seed, options), its seats and its language."""
        if not self.built:
            return
        shell, lang = self.shell, self.shell.lang
        match = shell.match
        rules = engines.get_game(shell.game_id)
        self.seat_inputs = []
        for seat in range(match.players):
            dropdown = W.Dropdown(options=[(t(f"ui.seat.{k}", lang), k) for k in SEAT_KINDS],
                                  value=shell.seat_kinds[seat], description=t("core.seat", lang, n=seat + 1),
                                  tooltip=t("ui.seat.help", lang),
                                  layout=W.Layout(width="auto"), style={"description_width": "initial"})
            dropdown.observe(shell._guard(lambda change, seat=seat: shell.set_seat(seat, change["new"])), "value")
            self.seat_inputs.append(dropdown)
        self.seat_row.children = self.seat_inputs
        editions = [(engines.get_game(g).title.render(lang), g) for g in rules.editions]
        if list(self.edition_input.options) != editions:
            self.edition_input.options = editions
        self.edition_input.value = shell.game_id if editions else None
        self.edition_input.description = t("ui.edition", lang)
        self._set_player_choices(match.players)
        self.players_input.description = t("ui.players", lang)
        self.seed_input.value = match.seed
        self.seed_input.description = t("ui.seed", lang)
        self.seed_input.tooltip = t("ui.seed.help", lang)
        self.new_game_button.description = t("ui.new-game", lang)
        self.load_input.label = t("ui.load", lang)
        self._show_answer()
        self._build_option_inputs(match.options)
        self.sync_save()
        self._no_null_tooltips()

    def _no_null_tooltips(self) -> None:
        from .shell import no_null_tooltips
        no_null_tooltips(self.box)
        for widget in (self.edition_input, self.players_input, self.seed_input, *self.option_inputs.values()):
            no_null_tooltips(widget)

    def sync_save(self) -> None:
        """The download link holds the match as it is now (the shell calls this after every step)."""
        if not self.built:
            return
        match, lang = self.shell.match, self.shell.lang
        data = base64.b64encode(match.to_json().encode()).decode()
        name = f"{match.game.id}-seed{match.seed}-step{match.position}.json"
        self.save_link.value = (f"<a class='bgw-save-link' download='{name}' style='color:#1a5fb4;"
                                f"text-decoration:underline;margin-right:16px;line-height:32px' "
                                f"href='data:application/json;base64,{data}'>↓ {html.escape(t('ui.save', lang))}</a>")

    def _on_file(self, _widget, content, _buffers) -> None:
        """The file button's message: {"type": "file", "size", "data": base64} (no data: too big to read)."""
        if not isinstance(content, dict) or content.get("type") != "file":
            return
        data = content.get("data")
        try:
            raw = base64.b64decode(data, validate=True) if isinstance(data, str) else None
        except (binascii.Error, ValueError):
            raw = None
        if raw is None:
            self.shell.refuse_file()
        else:
            self.load(raw)

    def load(self, content: bytes) -> None:
        """Load the match in the file the learner chose; a file that is not a save of these pages changes
        nothing, and the answer beside the button says so in the page's language."""
        try:
            if len(content) > MAX_SAVE_BYTES:
                raise engines.SaveError(f"save file: {len(content)} bytes, more than any save")
            self.shell.load(bytes(content).decode("utf-8"))
        except (engines.SaveError, UnicodeDecodeError):
            self.shell.refuse_file()

    def answer(self, key: str | None, ok: bool = True) -> None:
        """The answer beside the file button (`key` a text key), or none (None): the shell clears it at
        the learner's next action."""
        self._answer = None if key is None else (key, ok)
        self._show_answer()

    def _show_answer(self) -> None:
        if not self.built:
            return
        text = "" if self._answer is None else t(self._answer[0], self.shell.lang)
        kind = "" if self._answer is None else ("ok" if self._answer[1] else "no")
        if (self.load_input.answer, self.load_input.answer_kind) != (text, kind):
            self.load_input.answer, self.load_input.answer_kind = text, kind

    def _game(self) -> str:
        """The game the dialog is set for: the edition chosen in it, if the game has several."""
        return self.edition_input.value or self.shell.game_id

    def _set_player_choices(self, players: int) -> None:
        rules = engines.get_game(self._game())
        counts = list(range(rules.min_players, rules.max_players + 1))
        if list(self.players_input.options) != counts:
            self.players_input.options = counts
        self.players_input.value = min(max(players, counts[0]), counts[-1])

    def _on_edition(self) -> None:
        self._set_player_choices(self.players_input.value)
        self._build_option_inputs()

    def _build_option_inputs(self, current: dict | None = None) -> None:
        """One dropdown per option the chosen edition and player count have, with its current or default
        value, and the rulebook's advice on choosing them."""
        shell, lang = self.shell, self.shell.lang
        rules = engines.get_game(self._game())
        if current is None:
            current = {key: box.value for key, box in self.option_inputs.items()}
        self.option_inputs = {}
        for option in rules.options(self.players_input.value):
            value = current.get(option.id, option.default)
            self.option_inputs[option.id] = W.Dropdown(
                options=[(choice_label(option.id, c, lang), c) for c in option.choices],
                value=value if value in option.choices else option.default,
                description=t(f"ui.option.{option.id}", lang),
                layout=W.Layout(width="260px"), style={"description_width": "initial"})
        editions = [self.edition_input] if self.edition_input.options else []
        self.new_game_row.children = [*editions, self.players_input, self.seed_input, *self.option_inputs.values(),
                                      self.new_game_button]
        hints = [option.hint.render(lang) for option in rules.options(self.players_input.value) if option.hint]
        self.option_hints.value = "".join(f"<div style='font-size:12px;color:#555'>ⓘ {html.escape(h)}</div>"
                                          for h in hints)

    def new_game(self) -> None:
        options = {key: box.value for key, box in self.option_inputs.items()}
        if self._game() != self.shell.game_id:
            self.shell.switch_game(self._game())
        self.shell.new_game(self.players_input.value, self.seed_input.value, options)
