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


def test_new_game_dialog_chooses_the_edition():
    """A game with editions (Endeavor: Age of Sail and 2009) offers them in the dialog: choosing the other
    one sets its player counts and options, and New game switches the rules and the board's words."""
    assert engines.get_game("endeavor-aos").editions == ("endeavor-aos", "endeavor-2009")
    assert engines.get_game("entdecker").editions == ()
    shell = widgets.play("endeavor-aos", players=2)
    assert [g for _, g in shell.edition_input.options] == ["endeavor-aos", "endeavor-2009"]
    assert shell.edition_input in shell.new_game_row.children
    shell.edition_input.value = "endeavor-2009"
    assert shell.players_input.options == (3, 4, 5) and shell.players_input.value == 3
    assert list(shell.option_inputs) == ["phase_order"] and "e09.flow.phases" in shell.option_hints.value
    assert shell.match.game.id == "endeavor-aos"          # nothing changes before New game
    shell.players_input.value = 4
    shell.new_game_from_controls()
    assert (shell.game_id, shell.match.game.id, shell.match.players) == ("endeavor-2009", "endeavor-2009", 4)
    assert shell.board.view["game"] == "endeavor-2009" and shell.board.labels["ui.track"] == "route"
    shell.set_lang("zh-Hant")
    assert dict((g, t) for t, g in shell.edition_input.options)["endeavor-2009"] == "奮鬥帝國（2009）"
    assert shell.board.labels["region.europe"] == "歐洲及地中海"
    shell.run_bots(40)
    shell.edition_input.value = "endeavor-aos"
    shell.new_game_from_controls()
    assert shell.match.game.id == "endeavor-aos" and shell.board.labels["ui.track"] == "航運軌"
    entdecker = widgets.play("entdecker", players=3)
    assert entdecker.edition_input not in entdecker.new_game_row.children
