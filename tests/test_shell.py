"""The game shell and the gallery, in Python (the browser tests click the same pages in Chromium)."""

import json
import re

import pytest

import engines
import widgets
from engines.core.game import Option
from games import TEST_ONLY, every_game
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
from widgets import gallery
from widgets.core.board import BoardWidget
from widgets.core.setup import SEAT_KINDS


@pytest.fixture
def shell():
    return widgets.play("endeavor-aos", players=3, seed=1)


def test_panel_shows_the_pending_decision_and_its_choices(shell):
    shell.run_bots()
    panel = shell.panel.panel
    assert panel["decision"] == {"kind": "human", "seat": 0, "text": panel["decision"]["text"]}
    assert panel["decision"]["text"].startswith("Player 1 to decide")
    legal = {a.id for a in shell.match.legal_actions()}
    assert {c["id"] for c in panel["choices"] if c["legal"]} == legal
    on_board = sum(1 for c in panel["choices"] if c["target"] and c["legal"])
    assert panel["located"] == f"{on_board} options highlighted on the board."
    assert panel["rule"]["id"] == shell.match.log[-1].rule
    assert [e["text"] for e in panel["log"]] == [e.text("en") for e in reversed(shell.match.log[-6:])]
    assert panel["captions"] == [e.text("en") for e in shell.match.events_of(shell.match.position)][-4:]


def test_a_choice_from_the_panel_takes_the_checked_path(shell):
    shell.run_bots()
    action = shell.match.legal_actions()[0].id
    before = shell.match.position
    shell._on_board_message(shell.panel, {"type": "choose", "id": action}, [])
    assert shell.match.position == before + 1


@pytest.mark.parametrize("message", [{"type": "choose", "id": "fly:moon"}, {"type": "choose", "id": 3},
                                     ["choose"], {"type": "hack"}])
def test_forged_messages_change_nothing_and_say_so(shell, message):
    shell.run_bots()
    saved = shell.match.to_json()
    shell._on_board_message(shell.panel, message, [])
    assert shell.match.to_json() == saved
    assert shell.panel.panel["message"].startswith(("Refused", "Ignored"))
    assert shell.refused[-1]["message"] == message


def test_a_step_clears_the_message(shell):
    shell.run_bots()
    shell._on_board_message(shell.panel, {"type": "choose", "id": "fly:moon"}, [])
    shell.choose(shell.match.legal_actions()[0].id)
    assert shell.panel.panel["message"] == ""


def test_bot_turn_is_refused_with_a_reason():
    shell = widgets.play("endeavor-aos", players=3, seed=1, seats={0: "greedy", 1: "greedy", 2: "greedy"})
    while shell.match.to_move is None:
        shell.next_step()
    assert not shell.choose(shell.match.legal_actions()[0].id)
    assert "greedy bot" in shell.panel.panel["message"]


def test_classroom_mode():
    shell = widgets.play("entdecker", players=3, seed=6, mode="classroom")
    assert "bgw-classroom" in shell._dom_classes and shell.classroom.value
    shell.classroom.value = False                 # the toggle in the header
    assert shell.mode == "normal" and "bgw-classroom" not in shell._dom_classes
    shell.set_mode("classroom")
    assert shell.classroom.value
    with pytest.raises(ValueError, match="unknown mode"):
        shell.set_mode("cinema")
    with pytest.raises(ValueError, match="unknown mode"):
        widgets.play("entdecker", mode="cinema")


def test_language_marks_the_shell(shell):
    shell.language.value = "zh-Hans"
    assert shell.lang == "zh-Hans" and "bgw-lang-zh-Hans" in shell._dom_classes
    assert "bgw-lang-en" not in shell._dom_classes
    assert shell.next_button.description == "下一步"


def test_human_mats_stay_open(shell):
    assert shell.board.options == {"mats": "compact", "open": [0], "teacher": False}
    shell.set_seat(1, "human")
    assert shell.board.options == {"mats": "compact", "open": [0, 1], "teacher": False}


def test_the_board_hears_when_the_teacher_view_is_on(shell):
    """A board shows what only the teacher's view may (Entdecker: what lies face down) by this flag, not
    because the view holds it: a table of bots alone is viewed whole too."""
    shell.set_teacher_view(True)
    assert shell.board.options["teacher"] is True
    shell.set_teacher_view(False)
    assert shell.board.options["teacher"] is False


def test_undo_takes_back_the_learners_move_with_the_bots_moves_after_it(shell):
    """Issue 26: one press of Undo goes back to just before the learner's last decision (the bots'
    decisions and the rules' own steps after it go too). Issue 31: one press of Redo brings back exactly
    what one Undo took, up to where Undo was pressed. The ← key presses the same button."""
    m = shell.match
    before_moves, after_moves = [], []
    for _ in range(3):                 # three of the learner's moves, the bots playing between them
        shell.run_bots()
        assert m.to_move == 0
        before_moves.append(m.position)
        shell.choose(m.legal_actions()[-1].id)
        after_moves.append(m.position)
    shell.run_bots()
    end = m.position
    assert end > after_moves[-1] + 1   # bots' or automatic steps came after the learner's last move
    for position in reversed(before_moves):
        shell.undo_button.click()
        assert m.position == position and m.to_move == 0
        assert shell.panel.panel["decision"]["kind"] == "human"
    for position in [*before_moves[1:], end]:      # where each Undo was pressed, one Redo each
        shell.redo_button.click()
        assert m.position == position
    assert shell.redo_button.disabled
    assert "your last move" in shell.undo_button.tooltip


def test_redo_after_undo_pressed_in_the_middle_of_the_bots_moves_comes_back_there(shell):
    """Undo pressed while the bots are still to play (Next not pressed to the end): Redo comes back to
    that very step, not further."""
    m = shell.match
    shell.run_bots()
    shell.choose(m.legal_actions()[0].id)
    shell.next_step()                  # one bot's move, the others' still to come
    middle = m.position
    assert m.to_move != 0
    shell.undo()
    shell.redo()
    assert m.position == middle


def test_redo_after_a_jump_along_the_timeline_goes_to_the_learners_next_decision(shell):
    """With no Undo to bring back (the learner moved the timeline), Redo replays the learner's move and
    the steps after it up to their next decision, in one press."""
    m = shell.match
    shell.run_bots()
    first = m.position
    shell.choose(m.legal_actions()[0].id)
    shell.run_bots()
    second = m.position
    shell.choose(m.legal_actions()[0].id)
    shell.run_bots()
    shell.timeline.value = first
    assert m.position == first
    shell.redo()
    assert m.position == second and m.to_move == 0


def test_in_the_teachers_view_undo_and_redo_go_one_step_at_a_time(shell):
    """Issue 26: the teacher shows every step, the bots' and the rules' own too."""
    m = shell.match
    shell.run_bots()
    shell.choose(m.legal_actions()[0].id)
    shell.run_bots()
    end = m.position
    shell.set_teacher_view(True)
    assert shell.undo_button.tooltip.startswith("Go back one step")
    for back in range(1, 4):
        shell.undo_button.click()
        assert m.position == end - back
    shell.redo_button.click()
    assert m.position == end - 2
    shell.set_lang("zh-Hant")
    assert shell.undo_button.tooltip.startswith("退回一個步驟")
    shell.set_teacher_view(False)
    assert shell.undo_button.tooltip.startswith("收回你上一次的決定")


def test_at_a_table_of_bots_alone_undo_goes_one_step():
    shell = widgets.play("endeavor-aos", players=3, seed=1, seats={0: "greedy", 1: "greedy", 2: "greedy"})
    for _ in range(5):
        shell.next_step()
    shell.undo_button.click()
    assert shell.match.position == 4
    shell.redo_button.click()
    assert shell.match.position == 5


def test_setup_section_is_made_when_opened(shell):
    assert not shell.setup.built and shell.setup.box.children == ()
    shell.more.selected_index = 0
    assert shell.setup.built and len(shell.setup.seat_inputs) == 3
    shell.setup.seat_inputs[2].value = "human"
    assert shell.seat_kinds[2] == "human" and 2 not in shell.bots
    shell.setup.players_input.value = 2
    shell.setup.new_game_button.click()
    assert shell.match.players == 2 and len(shell.setup.seat_inputs) == 2
    shell.teacher.value = True                    # in the header, for a teacher's quick reveal
    assert shell.teacher_view and shell.board.view == shell.match.view(None)


def test_chart_and_full_log_are_filled_when_opened(shell):
    shell.run_bots()
    assert shell.full_log.value == ""
    shell.more.selected_index = 1
    assert shell.match.log[-1].text("en") in shell.full_log.value
    shell.more.selected_index = 2
    assert shell.chart.visible and shell.chart.lazy.loader is not None
    shell.chart.lazy.loader.ready = True          # what the page says once BokehJS runs
    assert shell.chart.figure is not None
    assert list(shell.chart.source.data["x"]) == list(range(shell.match.position + 1))


def test_board_widget_keeps_its_public_behaviour():
    """The lesson widget embeds BoardWidget: view, choices, labels, lang, seat, revision, and options."""
    board = BoardWidget(widgets.renderer_for("entdecker").directory)
    board.show({"a": 1}, [{"id": "x", "target": "t", "label": "X", "legal": True, "why": None}], {"k": "v"}, "en", None)
    assert (board.view, board.seat, board.revision, board.options) == ({"a": 1}, -1, 1, {})
    board.show({"a": 2}, [], {}, "zh-Hans", 1)
    assert (board.revision, board.lang, board.seat) == (2, "zh-Hans", 1)


# -- the gallery --------------------------------------------------------------------------------
def test_gallery_has_a_card_per_game_with_what_exists():
    rows = {row["game"]: row for row in gallery.entries(lang="en")}
    assert set(rows) == set(engines.GAMES)
    aos = rows["endeavor-aos"]
    assert aos["players"] == (2, 5) and aos["minutes"] == 60 and aos["year"] == 2018
    assert aos["sources"]["minutes_source"].startswith("rulebook:")
    assert "Board side: A / B" in aos["variants"] and "Silent Fleet (2 players)" in aos["variants"]
    assert aos["play"] == {lang: f"endeavor-aos.ipynb?lang={lang}" for lang in engines.LANGS}
    assert aos["lessons"][0]["links"]["en"] == "../tutorials/endeavor-aos.en.ipynb"
    assert rows["entdecker"]["minutes"] is None and rows["entdecker"]["variants"] == []


def test_gallery_without_notebooks_and_with_new_lessons(tmp_path):
    """A game with no play page yet still gets a card; a new lesson's notebooks appear by themselves."""
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "tutorials").mkdir()
    lesson = {"cells": [{"cell_type": "markdown", "source": ["# Trading posts\n", "text"]}]}
    for lang in ("en", "zh-Hant"):
        (tmp_path / "tutorials" / f"entdecker.trading.{lang}.ipynb").write_text(json.dumps(lesson))
    (tmp_path / "tutorials" / "entdecker.notes.txt").write_text("not a lesson")
    rows = {row["game"]: row for row in gallery.entries(tmp_path, "en")}
    assert rows["endeavor-aos"]["play"] == {} and rows["endeavor-aos"]["lessons"] == []
    assert rows["entdecker"]["lessons"] == [{"name": "trading", "title": {"en": "Trading posts", "zh-Hant": "Trading posts"},
                                            "links": {"en": "../tutorials/entdecker.trading.en.ipynb",
                                                      "zh-Hant": "../tutorials/entdecker.trading.zh-Hant.ipynb"}}]
    page = gallery.gallery(tmp_path, "zh-Hant")
    cards = page.children[1].children
    assert len(cards) == len(engines.GAMES)
    assert "尚無對戰頁面" in cards[0].children[2].value


def test_gallery_picture_is_a_real_middle_position():
    match = gallery.preview_match("entdecker", 6)
    assert 0 < match.position == len(match.timeline) // 2
    # a real game: the kernel replays the saved timeline from the seed, checking every step is legal there
    replay = engines.Match.from_json(match.to_json())
    assert replay.position == match.position and replay.view(None) == match.view(None)
    picture, caption = gallery.preview("entdecker", 6, "en")
    assert isinstance(picture, BoardWidget) and picture.view == match.view(None) and picture.choices == []
    assert f"step {match.position} of {len(match.timeline)}" in caption


@pytest.mark.parametrize("game", sorted(engines.GAMES))
def test_the_gallerys_kept_preview_games_are_what_the_bots_play_now(game):
    """gallery-previews.json keeps each card's bots' game as a save, replayed by a visit instead of thought
    again: it is the game the greedy bots play now (else `tutorials/make_notebooks.py` rewrites it), and a
    save the engine refuses is played again rather than shown wrong. Over the published games only: the file
    is published with the gallery, and a test-only game (tic-tac-toe) has no save kept there; its card plays
    its preview when asked (test_tictactoe.py, its pages in a test build)."""
    seed = gallery.game_data().get(game, {}).get("preview_seed", 1)
    kept = json.loads(gallery.PREVIEWS.read_text(encoding="utf-8"))[game]
    played = gallery.played_preview(game, seed)
    assert kept == {"seed": seed, "save": played.to_json()}, "stale: run tutorials/make_notebooks.py"
    played.goto(played.position // 2)
    assert gallery.preview_match(game, seed).view(None) == played.view(None)
    other = gallery.preview_match(game, seed + 1)          # a seed none is kept for: played, to its middle
    assert other.position == len(other.timeline) // 2 and other.seed == seed + 1


def test_gallery_card_without_a_renderer(monkeypatch):
    monkeypatch.setattr(widgets.core.boards, "board_module", lambda game: "widgets.no_such_board")
    picture, caption = gallery.preview("entdecker", 6, "en")
    assert "No board picture yet" in picture.value and caption == ""


def test_gallery_data_errors_name_the_file(tmp_path):
    bad = tmp_path / "gallery.toml"
    bad.write_text("[x\n")
    with pytest.raises(ValueError, match="gallery.toml: cannot read the gallery data"):
        gallery.game_data(bad)


# -- the new-game dialog (the folded section; its widgets are made when first asked for) -------------
def test_option_hint_is_optional():
    """An option may carry a hint (the rulebook's advice on choosing), and needs none."""
    assert Option("x", (1, 2), 1).hint is None
    assert engines.get_game("entdecker").options(3) == [o for o in engines.get_game("entdecker").options(3)
                                                          if o.hint is None]


def test_new_game_dialog_shows_the_option_hints_in_the_language_chosen():
    """Age of Sail's side option: any side may be chosen, and the dialog shows the book's suggestion."""
    shell = widgets.play("endeavor-aos", players=3)
    assert [v for _, v in shell.option_inputs["side"].options] == ["A", "B"]
    assert "(Components)" in shell.option_hints.value and "side A for 2 or 3 players" in shell.option_hints.value
    assert "aos.setup.board" not in shell.option_hints.value          # a page shows no rule id
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
    assert list(shell.option_inputs) == ["phase_order"] and "(Playing the game)" in shell.option_hints.value
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


def test_hint_names_the_search_bots_best_moves_and_their_rules():
    """The Hint button lists the search bot's best moves for the learner, each legal, with its share and
    the rule that offers it; it goes away once the position changes."""
    shell = widgets.play("entdecker", players=2, seed=3, seats={0: "human", 1: "greedy"})
    shell._hint_bot.budget = 0.1
    shell.run_bots()
    assert shell.match.to_move == 0 and not shell.hint_button.disabled
    items = shell.hint()
    legal = {a.id for a in shell.match.legal_actions()}
    assert 1 <= len(items) <= 3 and all(item["id"] in legal and item["title"] for item in items)
    assert items[0]["label"] in shell.hint_box.value and "mcts" in SEAT_KINDS
    shell.choose(items[0]["id"])
    assert shell.hint_box.value == ""


def test_every_option_and_choice_has_a_name_in_the_dialog():
    """The new-game dialog names every option of every game and each of its choices, in each language."""
    from engines.core.texts import LANGS, has_text
    from widgets.core.setup import choice_label
    for game in engines.GAMES.values():
        widgets.renderer_for(game.id)           # the dialog's words for a game come with its board
        for players in range(game.min_players, game.max_players + 1):
            for option in game.options(players):
                assert has_text(f"ui.option.{option.id}"), (game.id, option.id)
                for choice in option.choices:
                    for lang in LANGS:
                        assert "⟨" not in choice_label(option.id, choice, lang), (game.id, option.id, choice)


@pytest.mark.parametrize("lang", engines.LANGS)
def test_citations_show_no_file_or_path_in_any_language(lang):
    """A rule's source is shown as a rulebook section or as a short mark in the page's language, and its
    tooltip explains the mark: never a file name, a path or a public source's note (issue 23)."""
    from widgets.core.shell import cite, cite_tip
    sources = ["rulebook:000_98ba3dcda373bef6.txt#航行到航運軌", "public:e09-cards (the Europe 5 abolishes slavery)",
               "stand-in", "project:a player who cannot pay for any start"]
    for source in sources:
        shown = cite(source, lang) + cite_tip(source, lang)
        for leak in (".txt", ".md", "shared/", "public:", "project:", "stand-in", "e09-cards", "abolishes", "⟨"):
            assert leak not in shown, (lang, source, shown)
    assert cite(sources[0], lang).endswith({"en": "§ Ship to a shipping track", "zh-Hant": "§ 航行到航運軌",
                                            "zh-Hans": "§ 航行到航运轨"}[lang])
    if lang != "en":
        for source in sources[1:]:
            assert not re.search(r"[A-Za-z]", cite(source, lang) + cite_tip(source, lang)), (lang, source)


def _choose_file(shell, data: bytes) -> None:
    """What the file button sends once the learner has chosen a file (its bytes in base64)."""
    import base64
    button = shell.setup.load_input
    button._handle_custom_msg({"type": "file", "size": len(data), "data": base64.b64encode(data).decode()}, [])


@pytest.mark.parametrize("lang", engines.LANGS)
def test_a_match_saved_to_a_file_loads_again_and_a_bad_file_changes_nothing(lang):
    """The setup section's download link holds the match as it is now; choosing that file with the file
    button loads the same position; a file that is not a save (or was edited) changes nothing and says so in
    the page's language (issue 24: save and load where no server keeps files). Issue 31: the answer is
    beside the button (not at the top of the panel) and goes at the next action."""
    import base64
    from engines.core.texts import render
    shell = widgets.play("entdecker", players=2, seed=4, lang=lang)
    for _ in range(12):
        shell.next_step()
        if shell.match.to_move == 0:
            shell.choose(shell.match.legal_actions()[0].id)
    shell.more.selected_index = 0
    for _ in range(3):                             # the link follows every step while the section is open
        shell.next_step()
        if shell.match.to_move == 0:
            shell.choose(shell.match.legal_actions()[0].id)
    link = shell.setup.save_link.value
    saved = base64.b64decode(re.search(r"base64,([^']+)'", link)[1])
    assert saved.decode() == shell.match.to_json() and "entdecker-seed4-step" in link
    assert "⟨" not in link
    position, view = shell.match.position, shell.match.view()
    assert position > 3
    shell.new_game(2, 9)
    assert shell.match.view() != view
    button = shell.setup.load_input
    assert button.label == render("ui.load", {}, lang) and "(" not in button.label
    _choose_file(shell, saved)
    assert (shell.match.position, shell.match.view()) == (position, view)
    assert (button.answer, button.answer_kind) == (render("ui.loaded", {}, lang), "ok")
    for bad in (b"not json", saved.replace(b'"seed":4', b'"seed":5'), b"\xff\xfe", b"[" * 100000 + b"]" * 100000):
        before = shell.match.to_json()
        _choose_file(shell, bad)
        assert shell.match.to_json() == before
        assert (button.answer, button.answer_kind) == (render("ui.load-refused", {}, lang), "no")
        assert shell.panel.panel["message"] == ""          # beside the button, not at the top of the panel
    button._handle_custom_msg({"type": "file", "size": 10**9}, [])   # too big: the page does not even read it
    assert button.answer_kind == "no"
    shell.undo()                                   # the next action clears the answer
    assert button.answer == ""
    _choose_file(shell, b"not json")
    shell.redo()
    assert button.answer == ""


def test_the_gallery_links_each_lesson_in_simplified_chinese(tmp_path):
    """A zh-Hans reader gets the zh-Hans lesson notebook, titled in Simplified characters: in the repository
    (the published games) and in a test build's notebooks (every game, tic-tac-toe too)."""
    from widgets import gallery, notebooks
    notebooks.write(tmp_path)
    published = [(game, gallery.ROOT) for game in engines.GAMES if game not in TEST_ONLY]
    for game, root in published + [(game, tmp_path) for game in engines.GAMES]:
        (lesson,) = gallery.lessons(game, root)
        assert lesson["links"]["zh-Hans"] == f"../tutorials/{game}.zh-Hans.ipynb"
        title = gallery.lesson_title(lesson["title"], "zh-Hans")
        assert title and title != lesson["title"]["zh-Hant"] and title == engines.core.texts.simplified(title)


def test_a_boards_options_carry_their_actions_parameters():
    """Boards never work a rule out again: an Entdecker unit's price reaches the board with its option
    (the engine's cost, hostile natives doubling it), and only plain values are sent."""
    from engines.core.bots import make_bot
    from widgets.core.choices import board_choices
    m = engines.new_match("entdecker", 2, seed=3)
    bot = make_bot("greedy", seed=3)
    for _ in range(400):
        m.advance()
        units = [c for c in board_choices(m, "en") if c["id"].startswith("unit:")]
        if units:
            break
        m.play(bot.choose(m))
    else:
        pytest.fail("no unit to place in 400 moves")
    for choice in units:
        action = next(a for a, _ in m.candidates() if a.id == choice["id"])
        assert choice["params"]["cost"] == action.params["cost"] > 0
        assert json.loads(json.dumps(choice["params"])) == choice["params"]


# -- issue 31 §4: controls that surprise ----------------------------------------------------------------
@pytest.mark.parametrize("game", every_game())
def test_the_rules_own_steps_run_on_one_press_of_next(game):
    """Set-up, deals and draws, which no player decides, take one press of Next (Amerigo's 19, Shipyard's
    13 before the learner's first move); the log narrates each, and the panel's captions show them. The
    teacher's view steps through them one at a time. Three players, or the nearest count the game allows."""
    players = min(max(3, engines.GAMES[game].min_players), engines.GAMES[game].max_players)
    shell = widgets.play(game, players=players, seed=1)
    m = shell.match
    presses = 0
    while m.to_move != 0 and presses < 10:
        automatic = m.to_move is None
        start, logged = m.position, len(m.log)
        assert shell.next_step()
        presses += 1
        if automatic:                  # to the next decision, each step narrated
            assert m.to_move is not None and m.position > start
            assert shell.panel.panel["captions"] == [e.text("en") for e in m.log[logged:]][-4:]
    assert m.to_move == 0 and presses <= 3, f"{presses} presses of Next before the learner's first move"
    teacher = widgets.play(game, players=players, seed=1)
    teacher.set_teacher_view(True)
    if teacher.match.to_move is None:
        assert teacher.next_step() and teacher.match.position == 1


@pytest.mark.parametrize("lang", engines.LANGS)
def test_next_at_the_learners_own_decision_says_what_to_do(lang):
    """Next takes no step at the learner's own decision: it is greyed (not disabled: the → key and a
    press still answer) and says what the decision asks for, in the page's language."""
    from engines.core.texts import render
    shell = widgets.play("shipyard", players=3, seed=1, lang=lang)
    shell.run_bots()
    m = shell.match
    assert m.to_move == 0 and shell.panel.panel["message"] == ""     # run_bots and auto-play stop quietly
    position = m.position
    assert "bgw-next-yours" in shell.next_button._dom_classes and not shell.next_button.disabled
    shell.next_button.click()
    assert m.position == position
    said = shell.panel.panel["message"]
    assert said == render("ui.next.yours", {"seat": 0, "asks": shell._asks()}, lang)
    assert shell._asks() == engines.rules("shipyard", lang)["sy.turn.choose"]["title"]
    assert shell.panel.panel["message_kind"] == "notice"
    assert shell.next_button.tooltip == said
    shell.choose(m.legal_actions()[0].id)
    assert shell.panel.panel["message"] == ""
    if m.to_move != 0:
        assert "bgw-next-yours" not in shell.next_button._dom_classes


@pytest.mark.parametrize("lang", engines.LANGS)
def test_a_click_on_the_board_where_no_option_is_says_what_the_decision_asks(lang):
    """board_kit.js sends {"type": "nothing", target} for a click on an element that is no option now, or
    on the board's background: the shell answers with the pending decision, changing nothing."""
    from engines.core.texts import render
    shell = widgets.play("endeavor-aos", players=3, seed=1, lang=lang)
    shell.run_bots()
    saved = shell.match.to_json()
    shell._on_board_message(shell.board, {"type": "nothing", "target": "city.3"}, [])
    assert shell.match.to_json() == saved and not shell.refused
    assert shell.panel.panel["message"] == render("ui.nothing-there", {"seat": 0, "asks": shell._asks()}, lang)
    assert shell.panel.panel["message_kind"] == "notice"
    bots = widgets.play("endeavor-aos", players=3, seed=1, lang=lang, seats={0: "greedy", 1: "greedy", 2: "greedy"})
    bots._on_board_message(bots.board, {"type": "nothing", "target": ""}, [])
    assert bots.panel.panel["message"] == render("ui.nothing-there.other", {"what": bots._decision()["text"]}, lang)


def test_no_widget_of_the_shell_has_a_null_tooltip():
    """ipywidgets writes a tooltip of None as title="null" (a "null" tooltip on the timeline's "Step")."""
    shell = widgets.play("entdecker", players=3, seed=6)
    shell.more.selected_index = 0                  # the seats and new game, made when opened

    def walk(widget):
        yield widget
        for child in getattr(widget, "children", ()) or ():
            yield from walk(child)
    nulls = [w for w in walk(shell) if "tooltip" in w.trait_names() and w.tooltip is None]
    assert not nulls, nulls
    assert shell.timeline.tooltip and shell.autoplay.tooltip and shell.next_button.tooltip


def test_every_seat_kind_is_named_in_the_pages_language():
    """The seat menu says no "MCTS" on a Chinese page."""
    from engines.core.texts import render
    for kind in SEAT_KINDS:
        for lang in ("zh-Hant", "zh-Hans"):
            name = render(f"ui.seat.{kind}", {}, lang)
            assert not re.search(r"[A-Za-z]", name), (kind, lang, name)


def test_page_titles_name_the_game_and_the_page_in_each_language():
    from widgets.core.shell import page_title
    assert page_title("play", "en", "shipyard") == "Shipyard (2nd edition): play against the bots"
    assert page_title("lesson", "zh-Hant", "amerigo").endswith("：教學")
    assert page_title("gallery", "zh-Hans") == engines.core.texts.render("gallery.title", {}, "zh-Hans")


def test_a_click_where_no_option_is_answers_in_a_lesson_too():
    """The lesson answers the board's {"type": "nothing"}: the step's task while it is open; after it,
    that the step has nothing more to do on the board, under what the move did (which stays)."""
    from engines.core.texts import render
    from widgets.core.lesson_file import load as load_lesson
    lesson = load_lesson("shipyard")
    step = next(s for s in lesson.steps if s.task is not None and s.question is None)
    w = widgets.lesson("shipyard", lang="zh-Hant", step=step.number)
    view = w.board.view
    w._on_board_message(None, {"type": "nothing", "target": ""}, [])
    assert w.board.view == view and not w.refused and not w.task_done
    task = w._say(step.task.do)
    assert render("ui.nothing-there.lesson", {"task": task}, "zh-Hant").split("。")[0] in w.feedback.value
    w.demonstrate()
    done = w.feedback.value
    for _ in range(2):
        w._on_board_message(None, {"type": "nothing", "target": "x"}, [])
    assert w.feedback.value.startswith(done)
    assert w.feedback.value.count(render("ui.lesson.nothing-to-do", {"board": w._board_word()}, "zh-Hant")) == 1


def test_no_module_of_widgets_core_imports_the_widgets_package():
    """Issue 32 §2: the shell and the lesson find a board below them (widgets/core/boards.py); nothing in
    widgets/core reaches up into `widgets` (an import circle)."""
    import re
    from pathlib import Path
    core = Path(widgets.__file__).parent / "core"
    up = [f"{path.name}:{n}" for path in sorted(core.glob("*.py"))
          for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
          if re.match(r"\s*(from \.\.(\s|import)|from \.\.\w|from widgets\b|import widgets\b)", line)]
    assert not up, up


def test_no_rule_id_is_shown_in_the_log_or_the_rule_boxes_even_as_a_tooltip():
    """Issue 31 (Amerigo try-out): a rule id ("am.build.score") read like a text key in a tooltip and at the end
    of each log line. The ids stay in data attributes, for tests and teachers' tools; the page says the rule's
    title and its rulebook section."""
    import re
    from widgets.core.lesson import LessonWidget
    shell = widgets.play("amerigo", 3, seed=2)
    for _ in range(12):
        m = shell.match
        if m.to_move is not None and m.to_move not in shell.bots:
            shell.choose(m.legal_actions()[0].id)
        else:
            shell.next_step()
    from widgets.core.lesson_file import load
    goods = next(s for s in load("amerigo").steps if s.id == "goods")
    lesson = LessonWidget("amerigo", "en", step=goods.number)
    ids = set(shell.match.game.rule_catalog.rules)
    shown = [shell._log_html(), lesson._rule_html()]
    visible = [re.sub(r"data-rule='[^']*'", "", html) for html in shown]
    leaked = {i for text in visible for i in ids if i in text}
    assert not leaked and all("data-rule=" in html for html in shown), leaked


def test_the_final_score_table_names_the_winner_in_words():
    """The winners' totals say "(winner)" in the page's language (the game's tie-breaks applied), not a ★, which
    is glory on an Endeavor board (Age of Sail try-out)."""
    from widgets.core.chart import ScoreBreakdown
    m = engines.scenario("amerigo", "final-scoring")
    m.advance()                                   # the pirates, then the final scoring
    assert m.is_over
    for lang, mark in (("en", " (winner)"), ("zh-Hant", "（獲勝）")):
        table = ScoreBreakdown()
        table.update(m, lang)
        totals = re.findall(r"font-weight:700'>([^<]*)</td>", table.table.value)[-m.players:]
        assert [seat for seat, cell in enumerate(totals) if cell.endswith(mark)] == m.winners(), totals
        assert "★" not in table.table.value
