"""Tic-tac-toe: the rules, as the kernel asks for them (docs/contract.md, "What a game provides").

A test-only game: it is the worked example of docs/contract.md's "Adding a game" and is registered only while
the tests meant for every game run (tests/games.py, `registering_test_only_games`). Rule ids (ttt.*) tie each step to
its entry in data/rules.toml. There is no chance step: the seed only starts the generator the kernel expects.
"""

from __future__ import annotations

from pathlib import Path

from engines.core.actions import Event
from engines.core.game import Game, Scenario
from engines.core.moves import move, refuses
from engines.core.state import KernelState
from engines.core.texts import Text

from . import encoding

DATA = Path(__file__).with_name("data")
SIZE = 3
NAMES = tuple(f"{'ABC'[q % SIZE]}{q // SIZE + 1}" for q in range(SIZE * SIZE))     # A1 B1 C1 / A2 ... C3
MARKS = ("X", "O")                       # seat 0 plays X, seat 1 plays O
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class State(KernelState):
    """The position: who marked each square (-1 none, else the seat), and the result (the kernel's fields,
    round, phase, over, rng, options, scenario_note and to_move, come from KernelState)."""

    __slots__ = ("board", "winner", "line")

    def __init__(self, seed: int, options: dict):
        super().__init__(seed, options)  # tic-tac-toe has no chance step to draw from the generator
        self.round = 1                   # a round is a mark of X and one of O
        self.phase = "play"
        self.to_move = 0                 # X moves first
        self.board = [-1] * (SIZE * SIZE)
        self.winner = -1
        self.line: tuple = ()            # the winning line's squares


class TicTacToe(Game):
    id = "tictactoe"
    min_players = max_players = 2
    data_dir = DATA              # rules.toml, texts.toml, zh-Hans.toml (no sections.toml: no rulebook cited)
    rule_sources = ("project:",)  # no rulebook: the project's own statement of the rules
    action_labels = "ttt.act."    # an action's label: ttt.act.<its kind>
    encoding = encoding          # the numbered actions, the observation and the bounds (encoding.py)

    # The texts of every game share one catalog: this game's are namespaced.
    def phase_text(self, phase):
        return Text(f"ttt.phase.{phase}")

    def part_text(self, part):
        return Text(f"ttt.score.{part}")

    # == ttt.setup =============================================================================================
    def setup(self, players, options, seed, events):
        events.append(Event("ttt.setup"))
        return State(seed, options)

    # == ttt.move ==============================================================================================
    def legal_actions(self, state):
        return [self.made(("mark", q), self._mark_action, q) for q in range(SIZE * SIZE) if state.board[q] < 0]

    def _mark_action(self, q):
        return self.offer("mark", args=(q,), target=NAMES[q], square=NAMES[q])

    @move("mark", "ttt.move", arg=lambda game, q: NAMES[q])          # the id "mark:B2" marks square B2
    def _mark(self, state, q, events):
        seat = state.to_move
        state.board[q] = seat
        events.append(Event("ttt.move", seat=seat, automatic=False, square=NAMES[q], mark=MARKS[seat]))
        line = next((line for line in LINES if all(state.board[s] == seat for s in line)), None)
        if line is not None:                                                   # ttt.win
            state.winner, state.line = seat, tuple(NAMES[s] for s in line)
            events.append(Event("ttt.win", seat=seat, mark=MARKS[seat], line="–".join(state.line)))
        elif min(state.board) >= 0:                                            # ttt.draw
            events.append(Event("ttt.draw"))
        else:
            state.to_move = 1 - seat
            state.round += seat          # O's mark ends a round
            return
        state.over, state.phase, state.to_move = True, "over", None

    @refuses("mark")
    def _why_mark(self, state, q):
        if state.board[q] < 0:
            return None
        return "ttt.move", Text("ttt.why.marked", square=NAMES[q])

    # == the result ============================================================================================
    def scores(self, state):
        return {seat: {"total": int(state.winner == seat), "parts": {"line": int(state.winner == seat)}}
                for seat in range(2)}

    def heuristic(self, state, seat):
        """A won game first; then each line still open to a player (the other has no mark on it) counts the
        square of its marks, and two marks where the player to move can complete them count as a win."""
        if state.winner >= 0:
            return 100.0 if state.winner == seat else -100.0
        value = 0.0
        for line in LINES:
            marks = [state.board[s] for s in line]
            for who, sign in ((seat, 1), (1 - seat, -1)):
                if 1 - who not in marks:
                    count = marks.count(who)
                    value += sign * (50 if count == 2 and who == state.to_move else count * count)
        return value

    # == what a board shows ====================================================================================
    def view(self, state, seat):
        view = {"game": self.id, "phase": state.phase, "over": state.over, "to_move": state.to_move,
                "squares": [{"id": name, "col": q % SIZE, "row": q // SIZE,
                             "mark": MARKS[state.board[q]] if state.board[q] >= 0 else None}
                            for q, name in enumerate(NAMES)],
                "players": [{"seat": s, "mark": MARKS[s]} for s in range(2)],
                "winner": state.winner if state.winner >= 0 else None, "line": list(state.line)}
        if state.scenario_note:
            view["scenario"] = state.scenario_note
        return view

    def scenarios(self):
        return {"win-in-one": Scenario(players=2, seed=1, prepare=_win_in_one)}


def _win_in_one(state, events):
    """X on A1 and B1, O on A2 and B2: X to play wins on C1, and O would win on C2 next."""
    for name, seat in (("A1", 0), ("A2", 1), ("B1", 0), ("B2", 1)):
        state.board[NAMES.index(name)] = seat
    state.to_move, state.round = 0, 3
    state.scenario_note = "win-in-one"
