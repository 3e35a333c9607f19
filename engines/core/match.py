"""A match: one game's state, its timeline of steps, and the narrated log.

The timeline is a list of entries, one per step: an action id for a decision,
None for an automatic step. Replaying the entries from the seeded setup gives
back every position exactly, so undo, redo, goto and saving all rest on it.
Checkpoints (pickled states every few steps) keep going back fast.
"""

from __future__ import annotations

import hashlib
import json
import pickle

from .actions import Action, Event, IllegalAction
from .game import Game
from .texts import Text

SAVE_FORMAT = "board-game-widgets/match"
SAVE_VERSION = 1
_CHECKPOINT_EVERY = 32


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says what and where."""


class Match:
    def __init__(self, game: Game, players: int, seed: int = 0, options: dict | None = None,
                 scenario: str | None = None):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        self.game = game
        self.players = players
        self.seed = seed
        self.options = game.resolve_options(players, options)
        self.scenario = scenario
        self.log: list[Event] = []
        self.state = game.setup(players, self.options, seed, self.log)
        if scenario is not None:
            scenarios = game.scenarios()
            if scenario not in scenarios:
                raise ValueError(f"{game.id}: unknown scenario {scenario!r} (known: {', '.join(scenarios) or 'none'})")
            if players != scenarios[scenario].players:
                raise ValueError(f"{game.id}: scenario {scenario!r} is prepared for "
                                 f"{scenarios[scenario].players} players, got {players!r}")
            scenarios[scenario].prepare(self.state, self.log)
        self._entries: list[str | None] = []
        self._cursor = 0
        self._marks = [len(self.log)]          # log length after each applied entry
        self._checkpoints = {0: pickle.dumps(self.state, 5)}
        self.branches: list[tuple[int, list]] = []   # (fork position, the entries the fork replaced)
        self._legal: dict[str, Action] | None = None

    # -- where we are ---------------------------------------------------------
    @property
    def round(self):
        return self.state.round

    @property
    def phase(self):
        return self.state.phase

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def to_move(self) -> int | None:
        return None if self.state.over else self.game.to_move(self.state)

    @property
    def automatic_pending(self) -> bool:
        return not self.state.over and self.game.to_move(self.state) is None

    @property
    def position(self) -> int:
        return self._cursor

    @property
    def timeline(self) -> list:
        """Every entry of the current line, including undone ones that redo would replay."""
        return list(self._entries)

    def events_of(self, position: int) -> list[Event]:
        """The events of the step that led to `position` (1-based; only up to the current one)."""
        if not 1 <= position <= self._cursor:
            return []
        return self.log[self._marks[position - 1]:self._marks[position]]

    # -- decisions ------------------------------------------------------------
    def _legal_map(self) -> dict[str, Action]:
        if self._legal is None:
            if self.state.over or self.game.to_move(self.state) is None:
                self._legal = {}
            else:
                self._legal = {a.id: a for a in self.game.legal_actions(self.state)}
        return self._legal

    def legal_actions(self) -> list[Action]:
        return list(self._legal_map().values())

    def candidates(self) -> list[tuple[Action, Text | None]]:
        """Every option of the pending decision the board can show, each with why it is refused (or None)."""
        if self.to_move is None:
            return []
        legal = self._legal_map()
        return [(a, None if a.id in legal else self._refusal(a.id)[1])
                for a in self.game.candidates(self.state)]

    def _refusal(self, action_id) -> tuple[str, Text] | None:
        if not isinstance(action_id, str):
            return "core.action.malformed", Text("core.action.malformed", value=repr(action_id)[:80])
        if action_id in self._legal_map():
            return None
        if self.state.over:
            return "core.game.over", Text("core.game.over")
        if self.game.to_move(self.state) is None:
            return "core.step.automatic", Text("core.step.automatic")
        return self.game.explain(self.state, action_id)

    def why_not(self, action_id) -> Text | None:
        """None when `action_id` is legal now, else a Text naming the rule that forbids it."""
        if isinstance(action_id, Action):
            action_id = action_id.id
        refusal = self._refusal(action_id)
        return None if refusal is None else refusal[1]

    def why_not_rule(self, action_id) -> str | None:
        refusal = self._refusal(action_id.id if isinstance(action_id, Action) else action_id)
        return None if refusal is None else refusal[0]

    def play(self, action) -> list[Event]:
        """Make the pending decision; an illegal one raises IllegalAction and changes nothing."""
        action_id = action.id if isinstance(action, Action) else action
        legal = self._legal_map()
        if not isinstance(action_id, str) or action_id not in legal:
            rule, text = self._refusal(action_id)
            raise IllegalAction(rule, text, action_id if isinstance(action_id, str) else repr(action_id))
        self._fork(action_id)
        return self._step(legal[action_id])

    def advance(self, step: bool = False) -> list[Event]:
        """Resolve automatic steps up to the next decision (or just one with step=True)."""
        start = len(self.log)
        while not self.state.over and self.game.to_move(self.state) is None:
            self._fork(None)
            self._step(None)
            if step:
                break
        return self.log[start:]

    def _fork(self, entry=False):
        """Stepping after an undo starts a new line; the old one is kept as a branch.

        Taking the very step the line already holds next is a redo, not a new line.
        """
        if self._cursor < len(self._entries) and self._entries[self._cursor] != entry:
            self._rebase_branches(self._cursor)
            self.branches.append((self._cursor, self._entries[self._cursor:]))
            del self._entries[self._cursor:]
            for index in [i for i in self._checkpoints if i > self._cursor]:
                del self._checkpoints[index]

    def _rebase_branches(self, at: int) -> None:
        """The current line changes from `at` on: a branch forked later keeps its own prefix."""
        self.branches = [(at, self._entries[at:fork] + tail) if fork > at else (fork, tail)
                         for fork, tail in self.branches]

    def _step(self, action: Action | None) -> list[Event]:
        start = len(self.log)
        try:
            if action is None:
                self.game.auto_step(self.state, self.log)
            else:
                self.game.apply(self.state, action, self.log)
        except BaseException:
            self._restore(self._cursor)      # a rules bug must not leave a half-changed match
            raise
        if self._cursor == len(self._entries):
            self._entries.append(None if action is None else action.id)
        self._cursor += 1
        del self._marks[self._cursor:]
        self._marks.append(len(self.log))
        self._legal = None
        if self._cursor % _CHECKPOINT_EVERY == 0 and self._cursor not in self._checkpoints:
            self._checkpoints[self._cursor] = pickle.dumps(self.state, 5)
        return self.log[start:]

    # -- the timeline ---------------------------------------------------------
    def _restore(self, position: int) -> None:
        """Rebuild the state at `position` (≤ cursor) from the nearest checkpoint."""
        base = max(i for i in self._checkpoints if i <= position)
        self.state = pickle.loads(self._checkpoints[base])
        scratch: list[Event] = []
        for entry in self._entries[base:position]:
            if entry is None:
                self.game.auto_step(self.state, scratch)
            else:
                self.game.apply(self.state, self._action_for(entry), scratch)
        del self.log[self._marks[position]:]
        del self._marks[position + 1:]
        self._cursor = position
        self._legal = None

    def _action_for(self, action_id: str) -> Action:
        for action in self.game.legal_actions(self.state):
            if action.id == action_id:
                return action
        raise IllegalAction(*self._refusal(action_id), action_id)

    def goto(self, position: int) -> None:
        """Jump to any step of the current line, backward or forward."""
        if not isinstance(position, int) or not 0 <= position <= len(self._entries):
            raise IndexError(f"position must be from 0 to {len(self._entries)}, got {position!r}")
        if position < self._cursor:
            self._restore(position)
        while self._cursor < position:
            entry = self._entries[self._cursor]
            self._step(None if entry is None else self._action_for(entry))

    def undo(self) -> bool:
        if self._cursor == 0:
            return False
        self.goto(self._cursor - 1)
        return True

    def redo(self) -> bool:
        if self._cursor == len(self._entries):
            return False
        self.goto(self._cursor + 1)
        return True

    def can_undo(self) -> bool:
        return self._cursor > 0

    def can_redo(self) -> bool:
        return self._cursor < len(self._entries)

    def switch_branch(self, index: int) -> None:
        """Make a kept branch the current line again; the line it replaces is kept in its place."""
        at, entries = self.branches[index]
        self.goto(at)
        self._rebase_branches(at)
        current_tail = self._entries[at:]
        del self._entries[at:]
        self._entries.extend(entries)
        for i in [i for i in self._checkpoints if i > at]:
            del self._checkpoints[i]
        self.branches[index] = (at, current_tail)

    # -- results and views ----------------------------------------------------
    def scores(self) -> dict[int, dict]:
        return self.game.scores(self.state)

    def winners(self) -> list[int]:
        scores = self.scores()
        best = max(s["total"] for s in scores.values())
        return [seat for seat, s in scores.items() if s["total"] == best]

    def view(self, seat: int | None = None) -> dict:
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < self.players):
            raise ValueError(f"seat must be None or from 0 to {self.players - 1}, got {seat!r}")
        return self.game.view(self.state, seat)

    def rule(self, rule_id: str):
        return self.game.rule_catalog.get(rule_id)

    def _digest(self) -> str:
        payload = json.dumps([self.view(None), self.state.rng.state], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(payload.encode()).hexdigest()[:16]

    # -- saving ---------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "game": self.game.id, "players": self.players, "seed": self.seed, "options": self.options,
            "scenario": self.scenario,
            "timeline": {"entries": self._entries, "position": self._cursor,
                         "branches": [{"at": at, "entries": entries} for at, entries in self.branches]},
            "digest": self._digest(),
        }, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text) -> "Match":
        """Load a save; anything wrong raises SaveError naming what and where, and nothing is loaded."""
        from . import registry
        try:
            data = json.loads(text) if isinstance(text, (str, bytes)) else text
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise SaveError(f"save file is not valid JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a saved match: expected \"format\": \"{SAVE_FORMAT}\"")
        version = data.get("version")
        if not isinstance(version, int) or version > SAVE_VERSION or version < 1:
            raise SaveError(f"save format version {version!r} is not supported (this program reads version {SAVE_VERSION})")
        game_id = data.get("game")
        if game_id not in registry.GAMES:
            raise SaveError(f"save file names unknown game {game_id!r} (known: {', '.join(registry.GAMES)})")
        timeline = data.get("timeline")
        if not isinstance(timeline, dict):
            raise SaveError("save file: 'timeline' must be an object")
        entries, position, branches = timeline.get("entries"), timeline.get("position"), timeline.get("branches", [])
        if not isinstance(entries, list) or not all(e is None or isinstance(e, str) for e in entries):
            raise SaveError("save file: 'timeline.entries' must be a list of action ids and nulls")
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position <= len(entries):
            raise SaveError(f"save file: 'timeline.position' must be from 0 to {len(entries)}, got {position!r}")
        if not isinstance(branches, list) or not all(
                isinstance(b, dict) and isinstance(b.get("at"), int) and isinstance(b.get("entries"), list)
                and 0 <= b["at"] for b in branches):
            raise SaveError("save file: 'timeline.branches' must be a list of {\"at\": int, \"entries\": list}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise SaveError("save file: 'options' must be an object")
        if data.get("scenario") is not None and not isinstance(data["scenario"], str):
            raise SaveError("save file: 'scenario' must be a scenario name or null")
        try:
            match = cls(registry.GAMES[game_id], data.get("players"), data.get("seed"), options,
                        data.get("scenario"))
        except ValueError as exc:
            raise SaveError(f"save file: {exc}") from None
        match._replay(entries, "timeline.entries")
        for number, branch in enumerate(branches):   # each kept branch must replay too
            if branch["at"] > len(entries):
                raise SaveError(f"save file: branch {number} forks at {branch['at']}, past the end of the timeline")
            probe = cls(match.game, match.players, match.seed, match.options, match.scenario)
            probe._replay(entries[:branch["at"]], "timeline.entries")
            probe._replay(branch["entries"], f"timeline.branches[{number}].entries")
            match.branches.append((branch["at"], list(branch["entries"])))
        match.goto(position)
        if "digest" in data and data["digest"] != match._digest():
            raise SaveError("save file: the replayed position differs from the saved one "
                            "(the file was edited, or made by a different version of the rules)")
        return match

    def _replay(self, entries: list, where: str) -> None:
        for index, entry in enumerate(entries):
            try:
                if entry is None:
                    if not self.automatic_pending:
                        raise SaveError(f"save file: {where}[{index}] is an automatic step, "
                                        "but a decision is pending there")
                    self._step(None)
                else:
                    self.play(entry)
            except IllegalAction as exc:
                raise SaveError(f"save file: {where}[{index}] = {entry!r} is not legal there: {exc}") from None

    def __repr__(self):
        return (f"<Match {self.game.id} players={self.players} seed={self.seed} round={self.round} "
                f"phase={self.phase} position={self._cursor}/{len(self._entries)}>")
