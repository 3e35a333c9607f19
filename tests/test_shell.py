"""The game shell's new-game dialog, in Python (no browser): what it offers for each game."""

from __future__ import annotations

import engines
from engines.core.game import Option

import widgets


def test_option_hint_is_optional():
    """An option may carry a hint (the rulebook's advice on choosing), and needs none."""
    assert Option("x", (1, 2), 1).hint is None
    assert engines.get_game("entdecker").options(3) == [o for o in engines.get_game("entdecker").options(3)
                                                          if o.hint is None]


def test_new_game_dialog_shows_the_option_hints_in_the_language_chosen():
    """Age of Sail's side option: any side may be chosen, and the dialog shows the book's suggestion."""
    shell = widgets.play("endeavor-aos", players=3)
    assert [v for _, v in shell.option_inputs["side"].options] == ["A", "B"]
    assert "aos.setup.board" in shell.option_hints.value and "side A for 2 or 3 players" in shell.option_hints.value
    shell.set_lang("zh-Hant")
    assert "建議" in shell.option_hints.value
    shell.option_inputs["side"].value = "B"
    shell.new_game_from_controls()
    assert shell.match.options["side"] == "B" and shell.match.players == 3


def test_no_hint_no_text():
    shell = widgets.play("entdecker", players=3)
    assert shell.option_hints.value == ""
