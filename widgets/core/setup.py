"""The game shell's folded section for the seats (human or bot), a new game (edition, players, seed,
options, with the rulebook's advice on choosing an option where the game gives one), and saving the match
to a file or loading one (a plain download link and a file input: they work the same on the server and in
the static site, where no server keeps files).

Its widgets are made the first time the section is opened: a page that never opens it never pays for
them (about a third of the shell's widgets), so the board comes up sooner.
"""

from __future__ import annotations

import base64
import html

import ipywidgets as W

import engines
from engines.core.texts import has_text, render

SEAT_KINDS = ("human", "random", "greedy", "mcts")
MAX_SAVE_BYTES = 5_000_000                        # a whole game's save is a few kB


def t(key: str, lang: str, **params) -> str:
    return render(key, params, lang)


def choice_label(option: str, choice, lang: str) -> str:
    """A choice's name: the option's own word for it (`ui.option.<option>.<choice>`) where it has one,
    else the shared one (`ui.option.<choice>`: yes, no, A, B)."""
    key = f"ui.option.{option}.{choice}"
    return t(key if has_text(key) else f"ui.option.{choice}", lang)


class SetupSection:
    def __init__(self, shell):
        self.shell = shell
        self.box = W.VBox()
        self.built = False
        self.seat_inputs: list[W.Dropdown] = []
        self.option_inputs: dict[str, W.Dropdown] = {}

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
        self.load_input = W.FileUpload(accept=".json,application/json", multiple=False)
        self.load_input.add_class("bgw-load")
        self.built = True
        self.sync()
        self.players_input.observe(shell._guard(lambda _: self._build_option_inputs()), "value")
        self.edition_input.observe(shell._guard(lambda _: self._on_edition()), "value")
        self.load_input.observe(shell._guard(lambda change: self.load(change["new"])), "value")
        self.box.children = [self.seat_row, self.new_game_row, self.option_hints,
                             W.HBox([self.save_link, self.load_input])]

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
                                  layout=W.Layout(width="190px"), style={"description_width": "initial"})
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
        self.new_game_button.description = t("ui.new-game", lang)
        self.load_input.description = t("ui.load", lang)
        self._build_option_inputs(match.options)
        self.sync_save()

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

    def load(self, files) -> None:
        """Load the match in the file the learner chose; a file that is not a save of these pages changes
        nothing, and the page says so in its language."""
        if not files:
            return
        upload = files[0]
        self.load_input.value = ()             # the same file may be chosen again
        content = bytes(upload.get("content") or b"")
        try:
            if len(content) > MAX_SAVE_BYTES:
                raise engines.SaveError(f"save file: {len(content)} bytes, more than any save")
            self.shell.load(content.decode("utf-8"))
        except (engines.SaveError, UnicodeDecodeError):
            self.shell.refuse_file()

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
