"""What a game provides to the kernel. The kernel knows no game beyond this.

A game module defines one subclass of `Game` and a state class. The state is a
plain, picklable object with at least `round`, `phase`, `over` and `rng`; the
kernel copies it for undo checkpoints and never looks further inside.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable
from pathlib import Path

from .actions import Action, Event
from .catalog import RuleCatalog
from .texts import Text, load_catalog


@dataclass(frozen=True)
class Option:
    """A match option offered by the new-game dialog: id, allowed values, default."""
    id: str
    choices: tuple
    default: object


@dataclass(frozen=True)
class Scenario:
    """A prepared position: a normal setup, then `prepare(state, events)` arranges the table.

    Saves name the scenario, so a loaded match is prepared the same way again.
    """
    players: int
    seed: int
    prepare: Callable
    options: dict = field(default_factory=dict)


class Game:
    id: str = ""
    min_players: int = 2
    max_players: int = 4
    data_dir: Path | None = None        # holds rules.toml and texts.toml

    def __init__(self):
        if self.data_dir is not None and (self.data_dir / "texts.toml").exists():
            load_catalog(self.data_dir / "texts.toml")

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
        options = dict(options or {})
        for key, value in options.items():
            if key not in specs:
                raise ValueError(f"{self.id}: unknown option '{key}' (options: {', '.join(specs) or 'none'})")
            if value not in specs[key].choices:
                raise ValueError(f"{self.id}: option '{key}' must be one of "
                                 f"{', '.join(map(repr, specs[key].choices))}, got {value!r}")
        resolved = {key: options.get(key, spec.default) for key, spec in specs.items()}
        self.check_options(players, resolved)
        return resolved

    def check_options(self, players: int, options: dict) -> None:
        """Refuse combinations of options the rules do not allow (ValueError naming them)."""

    # -- the rules: each game implements these ----------------------------
    def setup(self, players: int, options: dict, seed: int, events: list[Event]):
        raise NotImplementedError

    def to_move(self, state) -> int | None:
        """The seat whose decision is pending; None when an automatic step is next or the game is over."""
        raise NotImplementedError

    def legal_actions(self, state) -> list[Action]:
        raise NotImplementedError

    def candidates(self, state) -> list[Action]:
        """Every option a board shows for the pending decision, legal or not (default: the legal ones)."""
        return self.legal_actions(state)

    def explain(self, state, action_id: str) -> tuple[str, Text]:
        """Why `action_id` (known not to be legal now) is refused: (rule id, text)."""
        return "core.action.unknown", Text("core.action.unknown", action=action_id)

    def apply(self, state, action: Action, events: list[Event]) -> None:
        raise NotImplementedError

    def auto_step(self, state, events: list[Event]) -> None:
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
