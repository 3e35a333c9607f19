"""What a game provides to the kernel. The kernel knows no game beyond this.

A game module defines one subclass of `Game` and a state class. The state is a
plain, picklable object with at least `round`, `phase`, `over` and `rng`; the
kernel copies it for undo checkpoints and never looks further inside.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable
from pathlib import Path

from .actions import Action, Event
from .moves import Move, declared_moves
from .catalog import RuleCatalog
from . import observation
from .chance import Chance
from .texts import Text, load_catalog, load_overrides


@dataclass(frozen=True)
class Option:
    """A match option offered by the new-game dialog: id, allowed values, default, and an optional hint
    (a Text: the rulebook's advice on choosing, shown beside the choice)."""
    id: str
    choices: tuple
    default: object
    hint: Text | None = None


@dataclass(frozen=True)
class Scenario:
    """A prepared position: a normal setup, then `prepare(state, events)` arranges the table.

    `draws` are the outcomes the chance steps after the prepared position give, in order, whenever
    the next one is offered (a demo of "the tile drawn fits nowhere" needs that tile); later draws are
    the seeded generator's. Saves name the scenario, so a loaded match is prepared the same way again.
    """
    players: int
    seed: int
    prepare: Callable
    options: dict = field(default_factory=dict)
    draws: tuple = ()


class Game:
    """The rules of one game, as the kernel uses them.

    A step of the game is the kernel's: `apply` plays a decision through the move declared for its kind
    (engines/core/moves.py), `auto_step` and `apply_chance` run the game's `play_automatic` and
    `play_chance`, and after each of them (and after setting up) the kernel calls the game's `settle`
    hook, which brings what every step leaves to work out up to date (whose decision is pending)."""
    id: str = ""
    min_players: int = 2
    max_players: int = 4
    data_dir: Path | None = None        # holds rules.toml and texts.toml
    editions: tuple = ()                # ids of the editions of the same game, this one included, if several
    sampled_chance = False              # some chance steps only sample (too many outcomes to list)
    action_labels = "act."              # an action's label is this + its kind, unless its move names one
    # What the game's rules may rest on (each rule's `source` starts with one of these): its rulebook, and
    # where a game needs them, public facts, the project's rulings, stand-in values. Kept as strict as the
    # game is (tests/test_every_game.py): an Age of Sail rule citing a stand-in would be a rule the book lacks.
    rule_sources: tuple = ("rulebook:",)
    moves: dict[str, Move] = {}         # the declared moves by kind (filled in for each subclass)

    @property
    def folder(self) -> str:
        """The package the game's rules live in ("endeavor" for both editions of engines/endeavor/): the
        name its board (widgets/<folder>/), its tests and its data go by, read from the class, never listed."""
        return type(self).__module__.split(".")[-2]

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.moves = declared_moves(cls)

    def __init__(self):
        if self.data_dir is not None and (self.data_dir / "texts.toml").exists():
            load_catalog(self.data_dir / "texts.toml")
        if self.data_dir is not None and (self.data_dir / "zh-Hans.toml").exists():
            load_overrides(self.data_dir / "zh-Hans.toml")
        self._tables: dict = {}
        self._made: dict = {}
        self._parsed: dict[str, tuple[str, tuple]] = {}     # action id -> (kind, args), from the tables
        # The bound method playing each kind, looked up once (`apply` runs at every decision).
        self._plays = {kind: getattr(self, m.method) for kind, m in self.moves.items()}

    def made(self, key: tuple, make, *args):
        """`make(*args)` (an Action, or a chance Outcome), built the first time `key` is asked for and
        offered again after.

        Most actions recur from decision to decision, and building one (its id, rule, target, label and
        parameters) is a good part of the cost of a random move: a game may make each once. `key` must
        name everything the action depends on (there are as many keys as the action table's ids and
        their parameters, so the store stays small). The match gives every action it offers its number in that match's
        table (`Table.numbered`: a table whose numbers differ gets its own copy), so one action may serve
        every match of the game, whatever their player counts. Where a call
        is made very often, `self._made.get(key) or self.made(key, ...)` answers a hit with one look-up
        (no bound method, argument tuple or call is made; actions and outcomes are never false)."""
        found = self._made.get(key)
        if found is None:
            found = self._made[key] = make(*args)
        return found

    def offer(self, kind: str, arg=None, *, args: tuple = (), target: str | None = None, rule: str | None = None,
              label: str | None = None, **params) -> Action:
        """The Action of move `kind` with id "kind:arg" (just "kind" without an arg; a move that declares how
        its args are written takes its id from `action_id`): its rule and label from the move's declaration
        unless given, `args` what the move's method is called with, `params` what its label says."""
        declared = self.moves[kind]
        action_id = self.action_id(kind, *args) if declared.arg is not None else \
            kind if arg is None else f"{kind}:{arg}"
        return Action(action_id, self.rule_name(rule or declared.rule), target,
                      self.label_name(label or declared.label or self.action_labels + kind), args=args, **params)

    def action_id(self, kind: str, *args) -> str:
        """The id of the action of move `kind` called with `args`, as its declaration writes it ("place:3");
        a move that declares no `arg` has the id `kind` alone."""
        declared = self.moves[kind]
        return kind if declared.arg is None else f"{kind}:{declared.arg(self, *args)}"

    def phase_of(self, state) -> str | None:
        """The phase of the pending decision, as moves name it in their `phases` (default: `state.phase`)."""
        return getattr(state, "phase", None)

    def offered_in(self, state, kind: str) -> bool | None:
        """Whether a move of `kind` may be offered in the phase of the pending decision, by its declaration;
        None when the game has no such move. (Only the phase: the move's own conditions decide the rest.)"""
        declared = self.moves.get(kind)
        if declared is None:
            return None
        return not declared.phases or self.phase_of(state) in declared.phases

    def rule_name(self, rule: str) -> str:
        """The id this game gives a rule as its code writes it (an edition renames shared rules: Endeavor)."""
        return rule

    def label_name(self, key: str) -> str:
        """The text key of a label as its code writes it (an edition may word a label its own way)."""
        return key

    # -- description ------------------------------------------------------
    @cached_property
    def rule_catalog(self) -> RuleCatalog:
        return RuleCatalog.load(self.data_dir / "rules.toml")

    @property
    def title(self) -> Text:
        return Text(f"game.{self.id}")

    def phase_text(self, phase: str) -> Text:
        """The name of a phase id (games whose texts are namespaced override this)."""
        return Text(f"phase.{phase}")

    def round_text(self, round: int, rounds) -> Text:
        """"Round 3 of 7" (games whose rulebook has its own word for a round override this)."""
        return Text("core.round", round=round, rounds=rounds)

    def part_text(self, part: str) -> Text:
        """The name of a score part id."""
        return Text(f"score.{part}")

    def options(self, players: int) -> list[Option]:
        """The options of a match with this many players, defaults suiting that count."""
        return []

    def resolve_options(self, players: int, options: dict | None) -> dict:
        """Fill in defaults and refuse unknown options or values, naming them."""
        if not isinstance(players, int) or isinstance(players, bool) or \
                not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.id}: players must be an integer from {self.min_players} "
                             f"to {self.max_players}, got {players!r}")
        specs = {o.id: o for o in self.options(players)}
        if options is not None and not isinstance(options, dict):
            raise ValueError(f"{self.id}: options must be a table of option = value, got {options!r}"[:200])
        options = dict(options or {})
        for key, value in options.items():
            if key not in specs:
                raise ValueError(f"{self.id}: unknown option {key!r} (options: {', '.join(specs) or 'none'})"[:200])
            # 1 == True and 1.0 == True in Python: an option's value must also be of its choice's type.
            if not any(value == c and type(value) is type(c) for c in specs[key].choices):
                raise ValueError(f"{self.id}: option '{key}' must be one of "
                                 f"{', '.join(map(repr, specs[key].choices))}, got {value!r}"[:300])
        resolved = {key: options.get(key, spec.default) for key, spec in specs.items()}
        self.check_options(players, resolved)
        return resolved

    def check_options(self, players: int, options: dict) -> None:
        """Refuse combinations of options the rules do not allow (ValueError naming them)."""

    # -- the rules: each game implements these ----------------------------
    def setup(self, players: int, options: dict, seed: int, events: list[Event]):
        """The game's first position, before `settle` (the kernel's `new_state` calls this)."""
        raise NotImplementedError

    def settle(self, state) -> None:
        """Bring up to date what every step leaves to work out, such as whose decision is pending
        (`state.to_move`). The kernel calls it after setting up and after every step. Default: nothing."""

    def new_state(self, players: int, options: dict, seed: int, events: list[Event], prepare=None):
        """A match's first position: the game's setup, settled, then a scenario's `prepare` (which may
        play steps of its own), settled again."""
        state = self.setup(players, options, seed, events)
        self.settle(state)
        if prepare is not None:
            prepare(state, events)
            self.settle(state)
        return state

    def to_move(self, state) -> int | None:
        """The seat whose decision is pending; None when an automatic step is next or the game is over.
        Default: `state.to_move`, which the game's rules keep up to date after every step (asked at every
        step by the match, the bots and the adapters, it is worked out once per step, not at every ask)."""
        return state.to_move

    def legal_actions(self, state) -> list[Action]:
        raise NotImplementedError

    def candidates(self, state) -> list[Action]:
        """Every option a board shows for the pending decision, legal or not (default: the legal ones)."""
        return self.legal_actions(state)

    def explain(self, state, action_id: str) -> tuple[str, Text]:
        """Why `action_id` (an id of the action table, or a never-legal one, known not to be legal now) is
        refused: (rule id, text), by its move's declarations (`refusal`)."""
        parsed = self._parsed.get(action_id)
        found = None if parsed is None else self.refusal(state, *parsed)
        return found or ("core.action.unknown", Text("core.action.unknown", action=action_id))

    def refusal(self, state, kind: str, args: tuple) -> tuple[str, Text] | None:
        """Why the action of move `kind` with `args` is refused now, or None when nothing forbids it: the
        game's `refuse_first` (a rule that forbids a move whatever the phase), then outside the phases its move
        names `not_now`, else its `@refuses` method. A game whose moves declare refusals refuses exactly
        what its legal set leaves out (tests/test_moves.py checks it over random games)."""
        declared = self.moves[kind]
        if declared.refusal is None:
            return None
        found = self.refuse_first(state, kind, args)
        if found is None and not self.offered_in(state, kind):
            found = self.not_now(state, kind, args)
        return found if found is not None else getattr(self, declared.refusal)(state, *args)

    def refuse_first(self, state, kind: str, args: tuple) -> tuple[str, Text] | None:
        """A refusal that comes before the phase's (a move these settings never allow). Default: none."""
        return None

    def not_now(self, state, kind: str, args: tuple) -> tuple[str, Text]:
        """Why a move is refused outside the phases its declaration names: the rule of the turn's order, in
        the game's words (games that declare refusals override this)."""
        return "core.action.unknown", Text("core.action.unknown", action=self.action_id(kind, *args))

    # The steps (the kernel's: the game's part of each, then `settle`). Match, bots, search and adapters
    # call these; a game provides the moves, `play_automatic` and `play_chance`.
    def apply(self, state, action: Action, events: list[Event]) -> None:
        """Play a decision the kernel has found legal: the move declared for the action's kind, called with
        the action's `args`; then settle."""
        self._plays[action.kind](state, *action.args, events)
        self.settle(state)

    def auto_step(self, state, events: list[Event]) -> None:
        """The rules' own next step, when no one decides and no chance step is pending."""
        self.play_automatic(state, events)
        self.settle(state)

    def play_automatic(self, state, events: list[Event]) -> None:
        raise NotImplementedError

    def scores(self, state) -> dict[int, dict]:
        raise NotImplementedError

    def view(self, state, seat: int | None) -> dict:
        raise NotImplementedError

    def heuristic(self, state, seat: int) -> float:
        """How good the position looks for `seat` (used by the greedy bot)."""
        return float(self.scores(state)[seat]["total"])

    def scenarios(self) -> dict[str, Scenario]:
        """Prepared positions for tutorials and demos, by name."""
        return {}

    # == the contract for search and learning ==============================================================
    # Numbered actions, explicit chance, observations and bounds: what OpenSpiel, PettingZoo and the
    # search bots need. README "The engine contract" documents each.

    # A game's encoding module (its encoding.py) holds what follows as functions of (game, players, options):
    # action_ids, observation_parts and bounds, and where the game has them never_legal_ids and chance_ids.
    encoding = None

    def _encoded(self, name: str, players: int, options: dict, default=None):
        found = getattr(self.encoding, name, None)
        if found is None:
            if default is None:
                raise NotImplementedError(f"{self.id}: its encoding module has no {name}(game, players, options)")
            return default
        return found(self, players, options)

    def action_ids(self, players: int, options: dict):
        """Every action id that can ever be legal with these settings, in a fixed order.

        Derive it from the data files and the rules code (the same helpers that build the legal
        actions), never from a hand-kept list, so that editing a data file keeps it right."""
        return self._encoded("action_ids", players, options)

    def never_legal_ids(self, players: int, options: dict):
        """Ids of the canonical form that no position ever allows, but that a learner may well try
        (occupying a fleet, declaring no tile): `explain` says which rule forbids them. Every other id
        outside the action table is refused as unknown before the game sees it. Default: none."""
        return self._encoded("never_legal_ids", players, options, ())

    def chance_ids(self, players: int, options: dict):
        """Every outcome id a listed chance step can ever offer with these settings (default: none)."""
        return self._encoded("chance_ids", players, options, ())

    def action_table(self, players: int, options: dict) -> "Table":
        """The numbered actions of a match with these settings (cached)."""
        return self._table("actions", players, options, self.action_ids)

    def never_legal(self, players: int, options: dict) -> frozenset:
        """`never_legal_ids` as a set (cached)."""
        key = ("never", players, tuple(sorted(options.items())))
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = frozenset(self._ids(self.never_legal_ids(players, options)))
        return found

    def chance_table(self, players: int, options: dict) -> "Table":
        """The numbered chance outcomes of a match with these settings (cached)."""
        return self._table("chance", players, options, self.chance_ids)

    def _table(self, kind, players, options, derive) -> "Table":
        key = (kind, players, tuple(sorted(options.items())))
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = Table(f"{self.id} {kind}", self._ids(derive(players, options)))
        return table

    def _ids(self, entries) -> list[str]:
        """Ids of the action table: each entry an id, or (kind, args) of a move that declares how its args are
        written, whose id `action_id` writes and `explain` reads back into those args (`_parsed`)."""
        ids = []
        for entry in entries:
            if isinstance(entry, tuple):
                kind, args = entry
                entry = self.action_id(kind, *args)
                # One id is read back the same way in every match, whatever its players and options: a table where
                # it stood for other args (a square numbered differently on a smaller map) would be misread.
                known = self._parsed.setdefault(entry, (kind, tuple(args)))
                if known != (kind, tuple(args)):
                    raise ValueError(f"{self.id}: the id {entry!r} stands for {known} in one table and for "
                                     f"{(kind, tuple(args))} in another: an id must name the same move and args")
            ids.append(entry)
        return ids

    def chance(self, state) -> Chance | None:
        """The pending chance step, when the next automatic step is one (default: never)."""
        return None

    def apply_chance(self, state, outcome_id: str, events: list[Event]) -> None:
        """Carry out a chance step's outcome (a listed one the kernel has checked is offered)."""
        self.play_chance(state, outcome_id, events)
        self.settle(state)

    def play_chance(self, state, outcome_id: str, events: list[Event]) -> None:
        raise NotImplementedError

    def sample_chance(self, state) -> str:
        """A sampled chance step's outcome, drawn from `state.rng` (only for `Chance(sampled=True)`)."""
        raise NotImplementedError

    def observation_parts(self, players: int, options: dict) -> list:
        """What a seat may know of a position, as a list of `observation.Part`s in order: each fills
        named fields of a flat list of numbers. The static board layout (the printed map, the rule
        constants) is left out."""
        return self._encoded("observation_parts", players, options)

    def observation_spec(self, players: int, options: dict) -> list:
        """`observation_parts` for these settings, built once."""
        key = ("parts", players, tuple(sorted(options.items())))
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = self.observation_parts(players, options)
        return found

    def observation_layout(self, players: int, options: dict) -> list[tuple[str, int]]:
        """The named fields of the observation's flat list, in order: [(name, length)]."""
        return observation.layout(self.observation_spec(players, options))

    def bounds(self, players: int, options: dict) -> "Bounds":
        """Declared limits: the most moves (decisions and listed chance steps) a game can take, and
        the range of a player's final score."""
        return self._encoded("bounds", players, options)

    def winners(self, state) -> list[int]:
        """The seats that win a finished game (ties included); games with a tie-break override this."""
        totals = {seat: s["total"] for seat, s in self.scores(state).items()}
        best = max(totals.values())
        return [seat for seat, total in totals.items() if total == best]

    def determinize(self, state, seat: int, rng) -> object:
        """A copy of the position in which what `seat` cannot see is drawn again at random, consistently
        with what it can see (the search bots plan on such copies). Default: nothing is hidden.

        A redraw must not change what may be played or drawn, then or later (an action names a card by
        its place in a hand, not by what it is): the search keeps one tree over all its redraws."""
        return state

    @property
    def hidden_information(self) -> bool:
        """A seat may not see everything. Read from `determinize` being overridden, so the two cannot
        disagree: a flag left False beside a working redraw lets the search see the others' cards."""
        return type(self).determinize is not Game.determinize


@dataclass(frozen=True)
class Bounds:
    """A game's declared limits for one player count and options."""
    max_moves: int                     # decisions plus listed chance steps, at most, in any game
    min_score: int
    max_score: int


class Table:
    """A fixed, numbered list of ids: `ids[i]` and `index[id]`."""

    __slots__ = ("name", "ids", "index", "_copies")

    def __init__(self, name: str, ids):
        self.name = name
        self.ids = tuple(ids)
        self.index = {id_: i for i, id_ in enumerate(self.ids)}
        self._copies: dict[int, tuple[Action, Action]] = {}
        if len(self.index) != len(self.ids):
            seen = set()
            twice = next(i for i in self.ids if i in seen or seen.add(i))
            raise ValueError(f"{name}: id {twice!r} is listed twice")

    def numbered(self, action: Action, number: int) -> Action:
        """`action` carrying its number in this table: the action itself when no table has numbered it
        yet, else this table's own copy of it (made once). An action is numbered by the first table that
        offers it, so two matches of one game with different tables never read each other's numbers."""
        if action.index == -1:
            action.index = number
            return action
        found = self._copies.get(id(action))
        if found is None or found[0] is not action:      # keyed by identity: equal ids may carry other labels
            twin = copy.copy(action)
            twin.index = number
            found = self._copies[id(action)] = (action, twin)
        return found[1]

    def __len__(self):
        return len(self.ids)

    def __repr__(self):
        return f"<Table {self.name}: {len(self.ids)} ids>"
