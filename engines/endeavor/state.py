"""The position of an Endeavor match: plain lists and integers, cheap to copy and to save."""

from __future__ import annotations

from ..core.rng import Rng


class Player:
    __slots__ = ("attributes", "buildings", "workers", "harbor", "supply")

    def __init__(self, discs: int):
        self.attributes = [0, 0, 0, 0]      # industry, culture, wealth, influence
        self.buildings: list[str] = []      # coastline, left to right; slot 0 is the start tile
        self.workers: list[int] = []        # 1 where a disc stands on that building
        self.harbor = 0
        self.supply = discs

    def __getstate__(self):
        return (self.attributes, self.buildings, self.workers, self.harbor, self.supply)

    def __setstate__(self, s):
        self.attributes, self.buildings, self.workers, self.harbor, self.supply = s


class State:
    __slots__ = ("round", "phase", "over", "rng", "crown", "players", "supply", "level5_face_down",
                 "steps", "to_move", "paid", "options", "scenario_note")

    def __init__(self, players: int, discs: int, seed: int, options: dict):
        self.round = 0
        self.phase = "setup"
        self.over = False
        self.rng = Rng(seed)
        self.crown = 0
        self.players = [Player(discs) for _ in range(players)]
        self.supply: dict[str, int] = {}        # building tray: type -> tiles left
        self.level5_face_down: list[str] = []
        self.steps: list[tuple[str, int | None]] = []   # what remains of this stage: (phase, seat)
        self.to_move: int | None = None         # cached: the seat of a pending decision
        self.paid = 0                           # workers paid so far in the current salary step
        self.options = options
        self.scenario_note = ""

    def __getstate__(self):
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, values):
        for name, value in zip(self.__slots__, values):
            setattr(self, name, value)
