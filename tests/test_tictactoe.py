"""Tic-tac-toe, the test-only game (tests/tictactoe; docs/contract.md, "Adding a game"): its own tests, one or
more per rule id, its board in the game shell, and its pages in a test build. The tests every game shares run
over it too (test_every_game, test_contract, test_adapters, test_languages, test_lessons...: the modules that
take `register_test_only_games`): it is registered while those modules and this one run, and nowhere else."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engines
from engines import IllegalAction
from games import new_for, rules_of
from games import register_test_only_games  # noqa: F401  (autouse: tic-tac-toe is registered here)

GAME = "tictactoe"
new = new_for(GAME, players=2)
TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def played(*squares, seed=1):
    m = new(seed=seed)
    for square in squares:
        m.play(f"mark:{square}")
    return m


def marks(m):
    return {s["id"]: s["mark"] for s in m.view(None)["squares"] if s["mark"]}


# == the rules =============================================================================================
def test_setup_is_an_empty_grid_with_x_to_move():
    """ttt.setup: nine empty squares, A1 to C3; Player 1 (X) moves first, and the log says so."""
    m = new()
    assert [s["id"] for s in m.view(None)["squares"]] == ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]
    assert marks(m) == {} and m.to_move == 0 and m.pending == "decision"
    assert rules_of(m.log) == ["ttt.setup"]
    assert m.log[0].text("en").startswith("The grid is empty")


def test_players_take_turns_marking_empty_squares():
    """ttt.move: X, then O, then X...; each marks an empty square; a marked square is refused by ttt.move,
    which names it, and nothing changes."""
    m = played("B2")
    assert marks(m) == {"B2": "X"} and m.to_move == 1
    assert len(m.legal_actions()) == 8 and "mark:B2" not in {a.id for a in m.legal_actions()}
    assert m.why_not_rule("mark:B2") == "ttt.move"
    assert m.why_not("mark:B2").render("en") == "B2 is already marked: only an empty square can be marked."
    before = m.to_json()
    with pytest.raises(IllegalAction):
        m.play("mark:B2")
    assert m.to_json() == before
    m.play("mark:A1")
    assert marks(m) == {"B2": "X", "A1": "O"} and m.to_move == 0
    assert [e.text("en") for e in m.log[1:]] == ["Player 1 puts X on B2.", "Player 2 puts O on A1."]


@pytest.mark.parametrize("squares,line", [
    (("A1", "A2", "B1", "B2", "C1"), ["A1", "B1", "C1"]),           # a row
    (("B1", "A1", "B2", "C3", "B3"), ["B1", "B2", "B3"]),           # a column
    (("A1", "B1", "B2", "C1", "C3"), ["A1", "B2", "C3"]),           # a diagonal
    (("A1", "C1", "A2", "B2", "C3", "A3"), ["C1", "B2", "A3"]),     # O wins on the other diagonal
])
def test_three_in_a_row_wins_at_once(squares, line):
    """ttt.win: three marks of one player in a row, a column or a diagonal win at once: the game is over,
    the winner scores 1 and takes the whole result, and the board shows the line."""
    m = played(*squares)
    winner = (len(squares) - 1) % 2
    assert m.is_over and m.to_move is None and m.legal_actions() == []
    assert m.log[-1].rule == "ttt.win" and m.log[-1].seat == winner
    assert m.view(None)["line"] == line and m.view(None)["winner"] == winner
    assert m.winners() == [winner] and m.returns()[winner] == 1
    assert m.scores()[winner]["total"] == 1 and m.scores()[1 - winner]["total"] == 0
    assert m.why_not_rule("mark:" + next(s for s in ("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3")
                                         if s not in marks(m))) == "core.game.over"


def test_a_full_grid_without_a_line_is_a_draw_both_share():
    """ttt.draw: nine marks and no line: a draw; both score 0 and, by the project's ruling, both are
    winners who share the result."""
    m = played("A1", "B2", "C3", "B1", "B3", "C2", "A2", "A3", "C1")
    assert m.is_over and m.log[-1].rule == "ttt.draw" and "ttt.win" not in rules_of(m.log)
    assert m.winners() == [0, 1] and m.returns() == [0.5, 0.5]
    assert engines.rules(GAME)["ttt.draw"]["source"].startswith("project:")
    assert "Ruling of the project" in engines.rules(GAME)["ttt.draw"]["note"]          # the ruling in its note
    assert "本專案的裁定" in engines.rules(GAME, "zh-Hant")["ttt.draw"]["note"]


def test_the_scenario_is_a_win_in_one_for_x():
    """The prepared position: X to play wins on C1; left alone, O would win on C2."""
    m = engines.scenario(GAME, "win-in-one")
    assert marks(m) == {"A1": "X", "B1": "X", "A2": "O", "B2": "O"} and m.to_move == 0
    greedy = engines.GreedyBot(1)
    assert greedy.choose(m).id == "mark:C1"
    m.play("mark:C3")
    assert greedy.choose(m).id == "mark:C2"


# == its board, in the game shell ========================================================================
def test_the_shell_shows_its_board_and_plays_on_it():
    """widgets.play builds the shell on tic-tac-toe's own board renderer: the board widget gets the view, the
    nine squares as legal choices and the labels; a choice plays and redraws; a marked square is refused."""
    import widgets
    shell = widgets.play(GAME, seats={0: "human", 1: "greedy"}, lang="zh-Hant")
    board = shell.board
    assert Path(shell.renderer.directory) == TESTS / "tictactoe" / "board"
    assert "mountBoard" in board._esm and 'mountBoard(model, host, "ttt-board"' in board._esm
    assert ".ttt-square.bgw-legal" in board._css
    assert [c["id"] for c in board.choices] == [f"mark:{s['id']}" for s in board.view["squares"]]
    assert all(c["legal"] and c["target"] == c["id"][5:] for c in board.choices)
    assert board.choices[4]["label"] == "在B2畫記號" and board.seat == 0
    assert board.labels["ttt.ui.turn"] == "輪到{seat}（{mark}）" and board.labels["seat.1"] == "玩家2"
    revision = board.revision
    assert shell.choose("mark:B2")
    assert board.revision > revision and board.choices == [] and board.view["to_move"] == 1   # the bot's turn
    shell.run_bots()
    assert sum(1 for s in board.view["squares"] if s["mark"]) == 2 and len(board.choices) == 7
    assert not shell.choose("mark:B2")                                   # refused, with the rule's reason
    assert "B2已經有記號了" in shell.panel.panel["message"]
    shell._on_board_message(board, {"type": "choose", "id": board.choices[0]["id"]}, [])   # a click on the board
    assert shell.match.position == 3


@pytest.mark.skipif(shutil.which("node") is None, reason="node not installed")
def test_board_js_draws_the_grid_and_offers_the_legal_squares():
    """board.js under Node, with the board kit before it as the board host serves it and a stand-in for
    the page: it draws nine squares and the marks, makes the legal squares clickable through the kit
    (`offer`), and a click sends the choice."""
    from widgets import renderer_for
    from widgets.core.board import renderer_module
    from widgets.core.choices import board_choices
    m = played("B2", "A1")
    renderer = renderer_for(GAME)
    traits = {"view": m.view(None), "choices": board_choices(m, "en"), "labels": renderer.labels(m.view(None), "en"),
              "focus": ""}
    module = renderer_module(renderer.directory).replace("export default", "const BOARD =")
    page = """
class Node {
  constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; this.textContent = ""; this.on = {};
                     this.dataset = {}; const c = new Set(); this.classList = { add: (...n) => n.forEach((x) => c.add(x)),
                     has: (n) => c.has(n), contains: (n) => c.has(n) }; this.classes = c; }
  setAttribute(k, v) { this.attrs[k] = String(v); if (k === "class") String(v).split(" ").forEach((x) => this.classes.add(x)); }
  getAttribute(k) { return k in this.attrs ? this.attrs[k] : null; }
  removeAttribute(k) { delete this.attrs[k]; }
  contains(n) { return [...this.walk()].includes(n); }
  querySelectorAll(sel) { const names = sel.split(",").map((s) => (/^\\s*\\[([\\w-]+)\\]\\s*$/.exec(s) || [])[1]);
                           return names.every(Boolean) ? [...this.walk()].filter((n) => names.some((a) => a in n.attrs)) : []; }
  focus() { globalThis.document.activeElement = this; }
  appendChild(n) { this.children.push(n); return n; }
  append(...n) { this.children.push(...n); }
  replaceChildren(...n) { this.children = n; }
  addEventListener(kind, f) { this.on[kind] = f; }
  *walk() { yield this; for (const c of this.children) yield* c.walk(); }
}
globalThis.document = { createElement: (t) => new Node(t), createElementNS: (_, t) => new Node(t), activeElement: null };
globalThis.requestAnimationFrame = () => 0;
const TRAITS = %s, sent = [];
const model = { get: (k) => TRAITS[k], on() {}, off() {}, send: (m) => sent.push(m) };
const host = new Node("div");
BOARD.render({ model, el: host });
const all = [...host.walk()];
const squares = all.filter((n) => n.classes.has("ttt-square"));
const legal = squares.filter((n) => n.classes.has("bgw-legal"));
legal.find((n) => n.attrs["data-target"] === "C3").on.click({ stopPropagation() {} });
const asButtons = legal.every((n) => n.attrs.role === "button" && n.attrs["aria-label"] && "tabindex" in n.attrs);
const tabbable = all.filter((n) => n.attrs.tabindex === "0").map((n) => n.attrs["data-action"]);
console.log(JSON.stringify({ squares: squares.map((n) => n.attrs["data-target"]),
  legal: legal.map((n) => n.attrs["data-action"]), texts: all.filter((n) => n.tag === "text").map((n) => n.textContent),
  sent, asButtons, tabbable, error: all.some((n) => String(n.textContent).startsWith("board error")) }));
""" % json.dumps(traits)
    done = subprocess.run(["node", "--input-type=module", "-e", module + page], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    drawn = json.loads(done.stdout)
    assert not drawn["error"]
    assert drawn["squares"] == ["A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"]
    assert sorted(drawn["legal"]) == sorted(a.id for a in m.legal_actions()) and len(drawn["legal"]) == 7
    assert "X" in drawn["texts"] and "O" in drawn["texts"] and "Player 1 to play (X)" in drawn["texts"]
    assert drawn["sent"] == [{"type": "choose", "id": "mark:C3"}]
    # the kit makes each option a button named by its move, one of them in the Tab order (issue 33)
    assert drawn["asButtons"] and len(drawn["tabbable"]) == 1 and drawn["tabbable"][0] in drawn["legal"]


def test_it_stays_out_of_the_published_project():
    """Registered only for the tests: a fresh interpreter's registry, board renderers and gallery do not know
    it (nor do the site and the coverage pages, which are made from them)."""
    code = ("import engines, widgets\nfrom widgets import gallery\n"
            "print(sorted(engines.GAMES), [e['game'] for e in gallery.entries()])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert GAME not in done.stdout and "amerigo" in done.stdout


# == its pages, in a test build ===========================================================================
def test_a_test_build_gives_it_every_page(tmp_path):
    """Registered (a test build), tic-tac-toe gets every page a published game gets, from its own folder
    (tests/tictactoe/lessons, pages, teacher; widgets.core.boards.page_folder): the notebooks' writer makes its
    lesson in the three languages and its play page, which run; the gallery gives it a card (a board the bots
    played, the play page, the lessons and the teacher's pages linked); the teacher's pages and the lesson in
    pictures are made; and the static site's contents and teach/ folder hold them all."""
    from widgets import gallery, notebooks, site, teach
    written = {str(w.path.relative_to(tmp_path)) for w in notebooks.write(tmp_path)}
    assert {f"tutorials/{GAME}.{lang}.ipynb" for lang in engines.LANGS} | {f"notebooks/{GAME}.ipynb"} <= written
    for path in (f"tutorials/{GAME}.zh-Hant.ipynb", f"notebooks/{GAME}.ipynb"):      # the pages' code runs
        cells = json.loads((tmp_path / path).read_text(encoding="utf-8"))["cells"]
        space = {}
        for cell in cells:
            if cell["cell_type"] == "code":
                exec("".join(cell["source"]), space)
        shown = space.get("shell") or eval(cells[1]["source"][-1], space)      # the cell's last line, the widget
        assert shown.match.game.id == GAME and shown.match.players == 2
    card = next(row for row in gallery.entries(root=tmp_path) if row["game"] == GAME)
    assert card["play"]["en"] == f"{GAME}.ipynb?lang=en" and card["players"] == (2, 2)
    assert card["lessons"][0]["links"] == {lang: f"../tutorials/{GAME}.{lang}.ipynb" for lang in engines.LANGS}
    assert card["lessons"][0]["title"]["zh-Hant"] == "井字棋：三個連成一線"
    assert set(card["teach"]) == set(engines.LANGS)
    picture, caption = gallery.preview(GAME, card["preview_seed"], "en")
    assert picture.view["squares"] and "greedy bots played" in caption

    def walk(widget):
        yield widget
        for child in getattr(widget, "children", ()) or ():
            yield from walk(child)
    shown = " ".join(w.value for w in walk(gallery.gallery(root=tmp_path, lang="zh-Hant")) if hasattr(w, "value")
                     and isinstance(w.value, str))
    assert "井字棋" in shown and f"{GAME}.ipynb?lang=zh-Hant" in shown           # its card on the gallery page
    assert "井字棋" in teach.page(GAME, "summary", "zh-Hant") and "井字棋" in teach.page(GAME, "plan", "zh-Hans")
    output = tmp_path / "site"
    output.mkdir()
    site.teacher_pages(output)
    made = {p.name for p in (output / "teach").glob(f"{GAME}.*")}
    assert made == {f"{GAME}.{kind}.{lang}.html" for kind in ("summary", "plan", "pictures") for lang in engines.LANGS}
    contents = tmp_path / "contents"
    contents.mkdir()
    pages = {str(p.relative_to(contents)) for p in site.contents(contents)}
    assert {f"{GAME}.ipynb"} | {f"tutorials/{GAME}.{lang}.ipynb" for lang in engines.LANGS} <= pages


def test_its_lesson_is_checked_by_the_authors_command_in_a_test_build():
    """`python tests/games.py widgets.core.lesson_checks tictactoe`: the command an author runs over a lesson
    (`python -m widgets.core.lesson_checks GAME`), in a test build, finds no trap in tic-tac-toe's."""
    done = subprocess.run([sys.executable, str(TESTS / "games.py"), "widgets.core.lesson_checks", GAME],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith(f"0 problem(s) in {GAME}'s lesson")


def test_a_game_named_in_bgw_games_is_registered_in_every_process_and_a_wrong_name_says_so():
    """BGW_GAMES (engines/__init__.py) registers games kept outside engines/ in a process of their own, as a page's
    kernel is: the name of a module exporting GAME; anything else stops the import with a message naming it."""
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{TESTS}"}
    code = "import engines; print(sorted(engines.GAMES))"
    found = subprocess.run([sys.executable, "-c", code], env={**env, "BGW_GAMES": "tictactoe"}, capture_output=True,
                           text=True, timeout=120)
    assert found.returncode == 0 and "'tictactoe'" in found.stdout, found.stderr[-500:]
    wrong = subprocess.run([sys.executable, "-c", code], env={**env, "BGW_GAMES": "tictactoe, no_such_game"},
                           capture_output=True, text=True, timeout=120)
    assert wrong.returncode != 0 and "BGW_GAMES names 'no_such_game'" in wrong.stderr
    plain = subprocess.run([sys.executable, "-c", code], env={**env, "BGW_GAMES": ""}, capture_output=True,
                           text=True, timeout=120)
    assert "'tictactoe'" not in plain.stdout and "'shipyard'" in plain.stdout
