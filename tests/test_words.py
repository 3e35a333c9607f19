"""The board in words (issue 33, widgets/core/words.py): every board can be read as text, part by part, in the
page's language, from the same view the board draws.

Over random games of every game: the parts are there (now, scores, the game's own parts, the options when a
seat decides), the scores say the match's totals, the options are the legal ones, and every line is in its
page's language with no text key, no "None" and no other language's script.
"""

from __future__ import annotations

import re

import pytest

import engines
from engines.core.texts import LANGS
from widgets.core import presenter
from widgets.core.boards import renderer_for
from games import every_game, new_for, random_decisions
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)

CJK = re.compile(r"[\u3400-\u9fff\uff01-\uff5e]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
KEY_LIKE = re.compile(r"\b[a-z0-9]+(?:\.[a-z0-9-]+){2,}\b")     # ent.words.gold, ui.words.now
GAMES = every_game()
# Every published board's renderer (and its texts) loaded now, outside the test-only games' borrowed text
# catalog, which is dropped after each module (tests/games.py): a renderer first imported inside it would
# leave its texts behind for the tests that run after this module.
PUBLISHED_RENDERERS = [renderer_for(game_id) for game_id in sorted(engines.GAMES)]
# The games whose board renderer tells its own parts (what each seat holds, what lies where).
TELLING = ("tictactoe", "entdecker", "endeavor-aos", "endeavor-2009", "amerigo", "shipyard")


def frames(game_id: str, players: int, seed: int, every: int = 5):
    """The frames of a random game, every `every`th decision and at the end, in every language."""
    m = new_for(game_id, players)()
    renderer = renderer_for(game_id)
    for decisions, _ in enumerate(random_decisions(m, seed)):
        if decisions % every == 0:
            yield m, {lang: presenter.frame(m, renderer, lang, m.to_move, True) for lang in LANGS}
    assert m.is_over
    yield m, {lang: presenter.frame(m, renderer, lang, None, False) for lang in LANGS}


def lines_of(frame) -> list[str]:
    return [text for heading, lines in frame.words for text in (heading, *lines)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_board_reads_in_words_in_every_language(game_id):
    game = engines.GAMES[game_id]
    problems = set()
    for m, by_lang in frames(game_id, game.min_players, seed=1):
        for lang, frame in by_lang.items():
            words = frame.words
            headings = [heading for heading, _ in words]
            own = len(words) - 2 - (1 if frame.choices else 0)
            if game_id in TELLING and own < 1:
                problems.add(f"{lang}: no part of the game's own (what each seat holds, what lies where)")
            totals = [entry["total"] for _, entry in sorted(m.scores().items())]
            said = words[1][1]
            if len(said) != len(totals) or any(not re.search(rf"(?<!\d){t}(?!\d)", line) for t, line in zip(totals, said)):
                problems.add(f"{lang}: the scores part {said} does not say the totals {totals}")
            if frame.choices:
                legal = [c["label"] for c in frame.choices if c["legal"]]
                if words[-1][1][:len(legal)] != legal[:40]:
                    problems.add(f"{lang}: the options part is not the legal options")
            for text in lines_of(frame):
                if not text.strip() or "⟨" in text or "None" in text or "{" in text or KEY_LIKE.search(text):
                    problems.add(f"{lang}: {text!r}")
                if lang == "en" and CJK.search(text):
                    problems.add(f"en: Chinese in {text!r}")
                if lang != "en" and LATIN_WORD.search(text):
                    problems.add(f"{lang}: an English word in {text!r}")
            if len(set(headings)) != len(headings):
                problems.add(f"{lang}: two parts share a heading: {headings}")
    assert not problems, "\n".join(sorted(problems)[:30])


def test_the_tic_tac_toe_grid_in_words_is_the_position():
    """The game's part reads the view the board draws: after X takes A1 and O takes B2, both are told."""
    m = new_for("tictactoe", 2)()
    m.play("mark:A1")
    m.play("mark:B2")
    frame = presenter.frame(m, renderer_for("tictactoe"), "en", m.to_move, True)
    grid = dict(frame.words)["The grid"]
    assert grid[:2] == ["Player 1 (X): A1", "Player 2 (O): B2"], grid
    assert grid[2].startswith("Empty: B1, C1, A2") and "B2" not in grid[2], grid
    assert frame.words[0] == ["Now", ["Marking squares; Player 1 to decide"]], frame.words[0]
    assert frame.words[-1][0] == "The options of Player 1" and len(frame.words[-1][1]) == 7


@pytest.mark.parametrize("game_id, names", [
    ("endeavor-aos", {"tray": "Building tray", "links": "Connections", "coast": "Coastline: Colonial House",
                      "track": "Industry: 0 (build level 1)"}),
    ("endeavor-2009", {"tray": "Buildings in the supply", "links": "White lines", "coast": "Buildings: Colonial House",
                       "track": "Industry: 0 (industry level 1)"}),
])
def test_the_endeavor_board_in_words_speaks_its_editions_words(game_id, names):
    """Both editions share one board renderer; each tells its board in its own words (the 2009 rulebook's)."""
    m = new_for(game_id, 3)()
    while m.to_move is None or m.phase in ("setup", "start"):
        if m.to_move is None:
            m.advance()
        else:
            m.play(m.legal_actions()[0].id)
    parts = dict(presenter.frame(m, renderer_for(game_id), "en", m.to_move, True).words)
    assert names["tray"] in parts and names["links"] in parts, list(parts)
    mat = parts["Player 1"]
    assert any(line.startswith(names["coast"]) for line in mat) and names["track"] in mat, mat


def test_the_board_in_words_is_made_only_while_it_is_open():
    """Most learners never open it: a redraw makes it only while the page has it open (the board's words_open),
    and opening it makes it at once, for the position on the board. A forged value is refused."""
    import traitlets
    from widgets.core.board import BoardWidget
    m = new_for("tictactoe", 2)()
    m.play("mark:A1")
    renderer = renderer_for("tictactoe")
    board = BoardWidget(renderer.directory)
    frame = presenter.frame(m, renderer, "en", m.to_move, True)
    asked = []
    board.show(frame.view, frame.choices, frame.labels, "en", frame.seat, words=lambda: asked.append(1) or frame.words)
    assert board.words == [] and asked == []
    revision = board.revision
    board.words_open = True
    assert asked == [1] and board.words[0][0] == "Now" and board.revision == revision + 1
    assert dict(board.words)["The grid"][0] == "Player 1 (X): A1"
    with pytest.raises(traitlets.TraitError):
        board.words_open = "yes"
