"""A match: one game's state, its timeline of steps, and the narrated log.

The timeline is a list of entries, one per step: an action id for a decision,
an outcome id for a listed chance step, None for any other automatic step.
Replaying the entries from the seeded setup gives back every position exactly,
so undo, redo, goto and saving all rest on it. Checkpoints (pickled states
every few steps, taken by the first replay that passes them) keep going back fast.

A step is one of four kinds (`Match.pending`): a player's "decision", a
"chance" step (a draw: `chance_outcomes()` lists it, `resolve()` forces it,
`advance()` lets the seeded generator pick), an "automatic" step the rules
resolve alone, or nothing when the game is "over". The generator is touched
only by chance steps; the kernel checks it.
"""

from __future__ import annotations

import hashlib
import json
import pickle

from . import observation
from .actions import Action, Event, IllegalAction
from .chance import Chance
from .game import Bounds, Game, Table
from .texts import Text

SAVE_FORMAT = "board-game-widgets/match"
SAVE_VERSION = 2    # 2: the digest is taken over the position's state; 1 (still read): over its view
_UNASKED = object()             # "the caller has not asked the game for its pending chance step"
_CHECKPOINT_EVERY = 64          # once a replay has passed them, going back replays at most 63 steps


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says what and where."""


class Match:
    def __init__(self, game: Game, players: int, seed: int = 0, options: dict | None = None,
                 scenario: str | None = None):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}"[:200])
        if scenario is not None and not isinstance(scenario, str):
            raise ValueError(f"scenario must be a scenario name, got {scenario!r}"[:200])
        self.game = game
        self.players = players
        self.seed = seed
        self.options = game.resolve_options(players, options)
        self.scenario = scenario
        self.log: list[Event] = []
        if scenario is not None:
            scenarios = game.scenarios()
            if scenario not in scenarios:
                raise ValueError(f"{game.id}: unknown scenario {scenario!r} (known: {', '.join(scenarios) or 'none'})")
            if players != scenarios[scenario].players:
                raise ValueError(f"{game.id}: scenario {scenario!r} is prepared for "
                                 f"{scenarios[scenario].players} players, got {players!r}")
        prepare = scenarios[scenario].prepare if scenario is not None else None
        self.state = game.new_state(players, self.options, seed, self.log, prepare)
        self._script = list(scenarios[scenario].draws) if scenario is not None else []
        self._script_from = 0
        self.table: Table = game.action_table(players, self.options)
        self.chance_table: Table = game.chance_table(players, self.options)
        self._never_legal = game.never_legal(players, self.options)
        self._entries: list[str | None] = []
        self._cursor = 0
        self._marks = [len(self.log)]          # log length after each applied entry
        # per applied step: (kind, id, the only seat that saw it or None), and for a decision the seat
        # that made it (undo_to_seat goes back to a seat's own last decision)
        self._seen: list[tuple | None] = []
        # Pickled states by position. Even the start is pickled only when first needed (`_start`): most
        # matches are never gone back on, and setting up again from the seed gives it back exactly.
        self._checkpoints: dict[int, bytes] = {}
        self._start_seen: dict[int, list] = {}        # each seat's observation of the starting position
        self.branches: list[tuple[int, list]] = []   # (fork position, the entries the fork replaced)
        self._legal: dict[str, Action] | None = None

    @classmethod
    def from_position(cls, game: Game, players: int, state, options: dict | None = None, seed: int = 0,
                      log: list[Event] | None = None) -> "Match":
        """A match that starts from `state`, a position arranged by hand (a test's table, a puzzle)
        instead of set up from the seed.

        `state` is what a scenario's `prepare` leaves: a state `game.setup` made for these players and
        options, then arranged, whose step it is worked out. The match takes it over as position 0
        (undo goes back to it, no further); its generator (`state.rng`) draws the chance steps from
        there, and `log`, the events that led to it, is the log before the first step. `seed` is only
        recorded.
        Such a match cannot be saved and loaded again: a save is replayed from its seed and scenario,
        and neither gives this position (loading refuses it). A position to save is a `Scenario`.
        """
        match = cls(game, players, seed, options)       # checks the arguments; its setup is replaced
        if type(state) is not type(match.state):
            raise TypeError(f"state must be a {game.id} position ({type(match.state).__name__}), "
                            f"got {type(state).__name__}")
        match.state = state
        match.log = list(log or [])
        match._marks = [len(match.log)]
        match._checkpoints = {0: pickle.dumps(state, 5)}
        return match

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
        """True when the next step is the rules' own (a chance step or another automatic step)."""
        return not self.state.over and self.game.to_move(self.state) is None

    @property
    def pending(self) -> str:
        """What the next step is: "decision", "chance", "automatic", or "over"."""
        if self.state.over:
            return "over"
        if self.game.to_move(self.state) is not None:
            return "decision"
        return "automatic" if self.game.chance(self.state) is None else "chance"

    def chance_step(self) -> Chance | None:
        """The pending chance step (what is drawn, by which rule, its outcomes), or None."""
        if self.state.over or self.game.to_move(self.state) is not None:
            return None
        return self.game.chance(self.state)

    def chance_outcomes(self) -> list[tuple[str, float, Text]]:
        """The pending chance step's outcomes: (id, probability, Text). Empty when no chance step is
        pending, and for a sampled step, whose outcomes are too many to list."""
        chance = self.chance_step()
        if chance is None or chance.sampled:
            return []
        total = chance.total
        return [(o.id, o.weight / total, o.text) for o in chance.outcomes]

    @property
    def bounds(self) -> Bounds:
        """The declared limits of this game with these settings: most moves, score range."""
        return self.game.bounds(self.players, self.options)

    @property
    def position(self) -> int:
        return self._cursor

    @property
    def timeline(self) -> list:
        """Every entry of the current line, including undone ones that redo would replay."""
        return list(self._entries)

    def events_of(self, position: int) -> list[Event]:
        """The events of the step that led to `position` (1-based; only up to the current one)."""
        _check_int("position", position)
        if not 1 <= position <= self._cursor:
            return []
        return self.log[self._marks[position - 1]:self._marks[position]]

    # -- decisions ------------------------------------------------------------
    def _legal_map(self) -> dict[str, Action]:
        if self._legal is None:
            if self.state.over or self.game.to_move(self.state) is None:
                self._legal = {}
            else:
                table = self.table
                index = table.index
                legal = self._legal = {}
                for a in self.game.legal_actions(self.state):
                    action_id = a.id
                    try:
                        number = index[action_id]
                    except KeyError:
                        raise RuntimeError(f"rules bug: legal action {action_id!r} is not in {table.name}'s "
                                           "table (Game.action_ids must list every id that can be legal)") from None
                    if a.index != number:
                        if a.index == -1:        # made for this call, or not numbered yet
                            a.index = number
                        else:
                            # A game may offer one Action to every match (Game.made), but tables differ by
                            # player count and options: the first table to number an action keeps it, any
                            # other one numbers a copy of its own.
                            a = table.numbered(a, number)
                    legal[action_id] = a
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

    def _action_id(self, action):
        """An Action, an action id, or a number of the action table -> the id (anything else as given)."""
        if isinstance(action, Action):
            return action.id
        if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < len(self.table.ids):
            return self.table.ids[action]
        return action

    def _refusal(self, action_id) -> tuple[str, Text] | None:
        if isinstance(action_id, int) and not isinstance(action_id, bool):
            return "core.action.unknown", Text("core.action.index", index=action_id, size=len(self.table.ids))
        if not isinstance(action_id, str):
            return "core.action.malformed", Text("core.action.malformed", value=repr(action_id)[:80])
        if action_id in self._legal_map():
            return None
        # Only ids of the action table (and the few never-legal ones a game explains) reach the game's
        # explanations: anything else is unknown here, whatever it looks like ("place:A1:090", "buy:²").
        if action_id not in self.table.index and action_id not in self._never_legal:
            return "core.action.unknown", Text("core.action.unknown", action=action_id[:80])
        if self.state.over:
            return "core.game.over", Text("core.game.over")
        if self.game.to_move(self.state) is None:
            return "core.step.automatic", Text("core.step.automatic")
        return self.game.explain(self.state, action_id)

    def why_not(self, action) -> Text | None:
        """None when the action (an Action, its id or its number) is legal now, else a Text naming the
        rule that forbids it."""
        refusal = self._refusal(self._action_id(action))
        return None if refusal is None else refusal[1]

    def why_not_rule(self, action) -> str | None:
        refusal = self._refusal(self._action_id(action))
        return None if refusal is None else refusal[0]

    def play(self, action) -> list[Event]:
        """Make the pending decision (an Action, its id or its number in the action table); an illegal
        one raises IllegalAction and changes nothing."""
        action_id = self._action_id(action)
        # The legal actions are usually known already (the caller chose among them): no call to ask.
        legal = self._legal if self._legal is not None else self._legal_map()
        if not isinstance(action_id, str) or action_id not in legal:
            rule, text = self._refusal(action_id)
            raise IllegalAction(rule, text, action_id[:80] if isinstance(action_id, str) else repr(action_id)[:80])
        if self._cursor < len(self._entries):      # only a step taken after going back may fork
            self._fork(action_id)
        start = len(self.log)
        self._step(legal[action_id])
        return self.log[start:]

    def resolve(self, outcome_id: str) -> list[Event]:
        """Force the pending chance step's outcome (a teacher's "what if", a test's certainty).
        Anything but an offered outcome raises IllegalAction and changes nothing."""
        chance = self.chance_step()
        if chance is None:
            raise IllegalAction("core.chance.none", Text("core.chance.none"), repr(outcome_id)[:80])
        if chance.sampled:
            raise IllegalAction("core.chance.sampled", Text("core.chance.sampled", what=chance.text),
                                repr(outcome_id)[:80])
        if not isinstance(outcome_id, str) or all(o.id != outcome_id for o in chance.outcomes):
            raise IllegalAction("core.chance.unknown", Text("core.chance.unknown", outcome=repr(outcome_id)[:80],
                                                            what=chance.text), repr(outcome_id)[:80])
        self._fork(outcome_id)
        start = len(self.log)
        self._step(outcome_id)
        return self.log[start:]

    def advance(self, step: bool = False) -> list[Event]:
        """Resolve automatic steps, chance steps included, up to the next decision (or just one with
        step=True). The seeded generator picks each chance outcome."""
        if not isinstance(step, bool):         # advance(step="no") must not take one step
            raise TypeError(f"step must be True or False, got {step!r}"[:200])
        start = len(self.log)
        game, state = self.game, self.state
        while not state.over and game.to_move(state) is None:
            chance = game.chance(state)
            drawn = False
            if chance is None or chance.sampled:
                entry = None
            else:
                entry = self._scripted(chance) if self._script else None
                if entry is None:  # the generator picks: that is the step's one draw
                    entry = chance.pick(state.rng).id
                    drawn = True
            if self._cursor < len(self._entries):
                self._fork(entry)
            self._step(entry, chance, drawn)
            state = self.state
            if step:
                break
        return self.log[start:]

    def plan_draws(self, outcomes) -> None:
        """The next chance steps give these outcomes, in order, whenever the next one is offered (a
        teacher's prepared demonstration); a draw the plan does not name is the generator's."""
        if isinstance(outcomes, (str, bytes, dict)) or not isinstance(outcomes, (list, tuple)) \
                or not all(isinstance(o, str) for o in outcomes):
            raise TypeError(f"outcomes must be a list of outcome ids, got {outcomes!r}"[:200])
        # Only listed chance steps can be planned (a sampled one is the generator's alone).
        unknown = [o for o in outcomes if o not in self.chance_table.index]
        if unknown:
            known = ", ".join(self.chance_table.ids[:6]) + (", …" if len(self.chance_table.ids) > 6 else "")
            raise ValueError(f"outcomes: {unknown[0]!r} is not a chance outcome of {self.game.id} "
                             f"({'for example ' + known if known else 'it has no listed chance steps'})"[:300])
        self._script = list(outcomes)
        self._script_from = self._cursor

    def _scripted(self, chance) -> str | None:
        """The planned outcome for this chance step, if the plan names one: the plan is matched against
        the chance results of the current line since it was made, so undo and redo follow it too."""
        script = self._script
        if not script:
            return None
        used = 0
        for seen in self._seen[self._script_from:self._cursor]:
            if used < len(script) and seen is not None and seen[0] == "chance" and seen[1] == script[used]:
                used += 1
        if used < len(script) and any(o.id == script[used] for o in chance.outcomes):
            return script[used]
        return None

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

    def _step(self, entry, chance=_UNASKED, drawn: bool = False) -> None:
        """Apply one step (an Action, an outcome id, or None) to the match and record it; `chance` is
        the pending chance step when the caller has just asked for it, `drawn` whether the caller's pick
        already made the step's draw from the generator."""
        try:
            seen = self._apply(self.state, entry, self.log, chance, drawn)
        except BaseException:
            self._restore(self._cursor)      # a rules bug must not leave a half-changed match
            raise
        cursor = self._cursor
        if cursor == len(self._entries):
            self._entries.append(entry.id if isinstance(entry, Action) else entry)
        self._cursor = cursor = cursor + 1
        marks, seen_list = self._marks, self._seen
        if len(marks) > cursor:              # stepping again after going back
            del marks[cursor:]
            del seen_list[cursor - 1:]
        marks.append(len(self.log))
        seen_list.append(seen)
        self._legal = None

    def _apply(self, state, entry, events, chance=_UNASKED, drawn: bool = False) -> tuple | None:
        """Apply one entry to `state`: a decision (an Action), a listed chance step's outcome id, or
        None for a sampled chance step or another automatic step. Returns what a player can learn
        from it for the information state: (id, the only seat that saw it, or None for everyone)."""
        game, rng = self.game, state.rng
        if isinstance(entry, Action):
            drawn_before = rng.state
            seat = game.to_move(state)
            game.apply(state, entry, events)
            seen = ("decision", entry.id, None, seat)
        else:
            if chance is _UNASKED:
                chance = game.chance(state)
            if chance is None:
                drawn_before = rng.state
                game.auto_step(state, events)
                seen = None
            elif chance.sampled:
                outcome = game.sample_chance(state)
                drawn_before = rng.state
                game.apply_chance(state, outcome, events)
                seen = ("chance", outcome, chance.seen_by)
            else:
                if not isinstance(entry, str):
                    raise RuntimeError(f"{game.id}: a listed chance step needs its outcome id, got {entry!r}")
                if not drawn:                # a forced outcome uses up the draw too: what follows is unchanged
                    rng.below(chance.total)
                drawn_before = rng.state
                game.apply_chance(state, entry, events)
                seen = ("chance", entry, chance.seen_by)
        if rng.state != drawn_before:
            raise RuntimeError(f"rules bug in {game.id}: a step drew from the generator outside a chance step "
                               "(every draw belongs in a chance step: Game.chance)")
        return seen

    # -- the timeline ---------------------------------------------------------
    def _restore(self, position: int) -> None:
        """Rebuild the state at `position` (≤ cursor) from the nearest checkpoint.

        Playing forward takes no checkpoints (pickling the state every few steps cost several percent
        of every decision, and most lines are never gone back on): the replay takes them as it passes,
        so only the first time back replays far."""
        checkpoints = self._checkpoints
        self._start()
        base = max(i for i in checkpoints if i <= position)
        self.state = pickle.loads(checkpoints[base])
        scratch: list[Event] = []
        for at in range(base, position):
            self._apply(self.state, self._entry_step(self._entries[at]), scratch)
            if not (at + 1) % _CHECKPOINT_EVERY:
                checkpoints[at + 1] = pickle.dumps(self.state, 5)
        del self.log[self._marks[position]:]
        del self._marks[position + 1:]
        del self._seen[position:]
        self._cursor = position
        self._legal = None

    def _start(self) -> bytes:
        """The pickled starting position (checkpoint 0), set up again from the seed the first time."""
        found = self._checkpoints.get(0)
        if found is None:
            prepare = self.game.scenarios()[self.scenario].prepare if self.scenario is not None else None
            state = self.game.new_state(self.players, self.options, self.seed, [], prepare)
            found = self._checkpoints[0] = pickle.dumps(state, 5)
        return found

    def _entry_step(self, entry):
        """What `_apply` takes for a timeline entry in the current position: a decision's Action, or the
        entry itself (an outcome id, or None)."""
        if entry is None or self.game.to_move(self.state) is None:
            return entry
        for action in self.game.legal_actions(self.state):
            if action.id == entry:
                return action
        raise IllegalAction(*self._refusal(entry), entry)

    def goto(self, position: int) -> None:
        """Jump to any step of the current line, backward or forward."""
        _check_int("position", position)
        if not 0 <= position <= len(self._entries):
            raise ValueError(f"position must be from 0 to {len(self._entries)}, got {position!r}"[:200])
        if position < self._cursor:
            self._restore(position)
        while self._cursor < position:
            self._step(self._entry_step(self._entries[self._cursor]))

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

    def undo_to_seat(self, seats) -> bool:
        """Take back the last decision one of `seats` made, with every step after it (the other seats'
        decisions, chance and automatic steps): the match goes to just before it, that seat to decide
        again. To the start when none of them has decided yet. False when already at the start.
        A player's "take back my move", where `undo` takes back one step of any kind."""
        if self._cursor == 0:
            return False
        seats = set(seats)
        at = self._cursor - 1
        while at > 0 and self._decider(at) not in seats:
            at -= 1
        self.goto(at)
        return True

    def redo_to_seat(self, seats, through: bool = False) -> bool:
        """Go forward along the current line to just after the next decision one of `seats` makes (the
        steps before it replayed), or to the end of the line. False when at the end already.

        through=True goes on past that decision, through the steps after it that are none of `seats`'
        decisions (the other seats' decisions, chance and automatic steps), and stops where one of `seats`
        is to decide again, or at the end of the line: what one `undo_to_seat` took back, one call brings
        back (a player's Redo)."""
        if self._cursor == len(self._entries):
            return False
        seats = set(seats)
        while self._cursor < len(self._entries):
            seat = self.to_move                 # None for a chance or automatic step
            self.goto(self._cursor + 1)
            if seat in seats:
                break
        if through:
            while self._cursor < len(self._entries) and self.to_move not in seats:
                self.goto(self._cursor + 1)
        return True

    def _decider(self, at: int) -> int | None:
        """The seat that made the decision of step `at` (from position `at` to `at + 1`, taken), or None
        when that step is no decision."""
        seen = self._seen[at]
        return seen[3] if seen is not None and seen[0] == "decision" else None

    @property
    def decides_again(self) -> bool:
        """True when the seat to move also made the step just before, nothing else between: it is in the
        middle of something of its own (an action in several parts, a turn of several choices)."""
        at = self._cursor - 1
        return at >= 0 and self.to_move is not None and self._decider(at) == self.to_move

    def can_undo(self) -> bool:
        return self._cursor > 0

    def can_redo(self) -> bool:
        return self._cursor < len(self._entries)

    def switch_branch(self, index: int) -> None:
        """Make a kept branch the current line again; the line it replaces is kept in its place."""
        _check_int("branch index", index)
        if not 0 <= index < len(self.branches):
            raise ValueError(f"branch index must be from 0 to {len(self.branches) - 1}, got {index!r}"
                             if self.branches else f"branch index: there is no branch to switch to (got {index!r})")
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
        """The seats that win (or would win now), the game's tie-breaks applied."""
        return self.game.winners(self.state)

    def returns(self) -> list[float]:
        """Each seat's utility: a finished game's winners share 1, everyone else gets 0 (0 for all
        until the game is over)."""
        out = [0.0] * self.players
        if self.state.over:
            winners = self.winners()
            for seat in winners:
                out[seat] = 1.0 / len(winners)
        return out

    def view(self, seat: int | None = None) -> dict:
        self._check_seat(seat, allow_none=True)
        return self.game.view(self.state, seat)

    def _check_seat(self, seat, allow_none=False):
        if seat is None and allow_none:
            return
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be {'None or ' if allow_none else ''}from 0 to {self.players - 1}, "
                             f"got {seat!r}"[:200])

    # -- for search and learning -----------------------------------------------
    def observation(self, seat: int) -> list:
        """What `seat` may know now, as a flat list of numbers of fixed length (`observation_layout()`)."""
        self._check_seat(seat)
        return observation.observe(self.game.observation_spec(self.players, self.options), self.state, seat)

    def observation_layout(self) -> list[tuple[str, int]]:
        """The named fields of `observation()`, in order: [(name, length)]."""
        return self.game.observation_layout(self.players, self.options)

    def observer(self) -> observation.Observer:
        """Observations as float32 arrays, cheap to take at every step: `observer(match.state, seat)`
        encodes again only the parts that changed since its last call."""
        return observation.Observer(self.game.observation_spec(self.players, self.options))

    def information_state(self, seat: int) -> str:
        """Everything `seat` has learned since the setup, as one string: what it saw at the start, then
        every step ("" for one the rules resolved alone), every decision and every chance result it saw
        ("?" for one it did not). Two lines of play give the same string exactly when `seat` cannot tell
        them apart."""
        self._check_seat(seat)
        start = self._start_seen.get(seat)
        if start is None:           # what the seat saw at the start never changes: worked out once
            start = self._start_seen[seat] = observation.observe(
                self.game.observation_spec(self.players, self.options), pickle.loads(self._start()), seat)
        seen = ["" if s is None else s[1] if s[2] is None or s[2] == seat else "?" for s in self._seen[:self._cursor]]
        return json.dumps([self.game.id, self.players, self.options, seat, start, seen],
                          separators=(",", ":"), ensure_ascii=False)

    def __deepcopy__(self, memo) -> "Match":
        return self.clone()

    def __getstate__(self) -> dict:
        """Pickled, a match names its game instead of carrying it (the rules, components and tables are
        the registry's), so a pickle holds only the position, the timeline and the log."""
        data = dict(self.__dict__)
        data["game"] = self.game.id
        for derived in ("table", "chance_table", "_never_legal", "_legal"):
            data.pop(derived, None)
        return data

    def __setstate__(self, data: dict) -> None:
        from . import registry
        self.__dict__.update(data)
        game = self.game = registry.get(data["game"])
        self.table = game.action_table(self.players, self.options)
        self.chance_table = game.chance_table(self.players, self.options)
        self._never_legal = game.never_legal(self.players, self.options)
        self._legal = None

    def clone(self) -> "Match":
        """An independent copy: the same position, timeline, branches and log, at a few steps' cost."""
        twin = object.__new__(Match)
        twin.__dict__.update(self.__dict__)
        twin.state = pickle.loads(pickle.dumps(self.state, 5))
        twin.log = list(self.log)
        twin._entries = list(self._entries)
        twin._marks = list(self._marks)
        twin._seen = list(self._seen)
        twin._start_seen = dict(self._start_seen)
        twin._script = list(self._script)
        self._start()            # made once here, so that copies of copies (a search's) share it
        twin._checkpoints = dict(self._checkpoints)
        twin.branches = [(at, list(entries)) for at, entries in self.branches]
        twin.options = dict(self.options)
        return twin

    def rule(self, rule_id: str):
        return self.game.rule_catalog.get(rule_id)

    def _digest(self, version: int = SAVE_VERSION) -> str:
        """A fingerprint of the position, which a save carries to prove it replays to where it was saved. Since
        version 2 it is taken over the rules' own state (every field, the random generator's included), so a
        save outlives a change to what the board is told (the view) and fails only where the position
        itself differs; version 1 took it over the view."""
        if version == 1:
            payload = json.dumps([self.view(None), self.state.rng.state], sort_keys=True, ensure_ascii=False)
        else:
            fields = [[name, _canonical(value)] for name, value in self.state.position().items()]
            payload = json.dumps([fields, self.state.rng.state], ensure_ascii=False)
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
        except RecursionError:                # "[[[[…]]]]": deeper than any save, and than the parser
            raise SaveError("save file is not a saved match: its lists or objects are nested too deeply") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a saved match: expected \"format\": \"{SAVE_FORMAT}\"")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version > SAVE_VERSION or version < 1:
            raise SaveError(f"save format version {version!r} is not supported "
                            f"(this program reads version {SAVE_VERSION})"[:200])
        game_id = data.get("game")
        if not isinstance(game_id, str) or game_id not in registry.GAMES:
            raise SaveError(f"save file names unknown game {game_id!r} (known: {', '.join(registry.GAMES)})"[:300])
        digest = data.get("digest")
        if not isinstance(digest, str):
            raise SaveError("save file: 'digest' is missing (it proves the file replays to the saved position)")
        timeline = data.get("timeline")
        if not isinstance(timeline, dict):
            raise SaveError("save file: 'timeline' must be an object")
        entries, position, branches = timeline.get("entries"), timeline.get("position"), timeline.get("branches", [])
        if not isinstance(entries, list) or not all(e is None or isinstance(e, str) for e in entries):
            raise SaveError("save file: 'timeline.entries' must be a list of action ids and nulls")
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position <= len(entries):
            raise SaveError(f"save file: 'timeline.position' must be from 0 to {len(entries)}, got {position!r}")
        if not isinstance(branches, list) or not all(
                isinstance(b, dict) and isinstance(b.get("at"), int) and not isinstance(b["at"], bool)
                and isinstance(b.get("entries"), list) and all(e is None or isinstance(e, str) for e in b["entries"])
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
        if digest != match._digest(version):
            raise SaveError("save file: the replayed position differs from the saved one "
                            "(the file was edited, or made by a different version of the rules)")
        return match

    def _replay(self, entries: list, where: str) -> None:
        for index, entry in enumerate(entries):
            try:
                pending = self.pending
                if entry is None:
                    if pending not in ("automatic", "chance") or self.chance_outcomes():
                        raise SaveError(f"save file: {where}[{index}] is an automatic step, but "
                                        f"{'a chance outcome is expected' if pending == 'chance' else 'a ' + pending + ' is pending'} there")
                    self._step(None)
                elif pending == "chance":
                    self.resolve(entry)
                else:
                    self.play(entry)
            except IllegalAction as exc:
                raise SaveError(f"save file: {where}[{index}] = {entry[:80]!r} is not legal there: {exc}") from None

    def __repr__(self):
        return (f"<Match {self.game.id} players={self.players} seed={self.seed} round={self.round} "
                f"phase={self.phase} position={self._cursor}/{len(self._entries)}>")


def _check_int(name: str, value) -> None:
    """Booleans are not numbers here: goto(True) is refused, not taken as goto(1)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, got {value!r}"[:200])


def _canonical(value):
    """A state's value as plain JSON, the same for the same position whatever the order a table was filled in:
    lists for tuples, a table's entries sorted, and any other object as pickle takes it apart (its class's name,
    the arguments that rebuild it, its fields): a position is pickled for undo, so every state can be."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_canonical(item) for item in value]
    if isinstance(value, dict):
        return sorted(([_canonical(k), _canonical(v)] for k, v in value.items()), key=json.dumps)
    if isinstance(value, (set, frozenset)):
        return sorted((_canonical(item) for item in value), key=json.dumps)
    if isinstance(value, type) or callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', repr(value))}"
    rebuild, arguments, *rest = value.__reduce_ex__(5)
    return [_canonical(rebuild), _canonical(arguments), _canonical(rest[0] if rest else None)]
