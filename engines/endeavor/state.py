"""The position of an Endeavor match: plain lists, dicts and integers, cheap to copy and to save."""

from __future__ import annotations

from ..core.state import KernelState


class Player:
    __slots__ = ("attributes", "buildings", "workers", "harbor", "supply", "cards", "governor_slot",
                 "slavery_down", "action_tokens", "attribute_tokens", "memorial")

    def __init__(self, discs: int):
        self.attributes = [0, 0, 0, 0]      # industry, culture, wealth, influence: the cubes on the tracks
        self.buildings: list[str] = []      # coastline, left to right; slot 0 is the start tile
        self.workers: list[int] = []        # 1 where a disc stands on that building
        self.harbor = 0
        self.supply = discs
        self.cards: list[str] = []          # face-up asset cards and governors held
        self.governor_slot: str | None = None   # the governor in the free governor slot, if any
        self.slavery_down: list[str] = []   # slavery cards set aside face down (-1 glory each)
        self.action_tokens: dict[str, int] = {}     # blue tokens waiting in the harbor
        self.attribute_tokens = [0, 0, 0, 0]        # brown tokens stacked under each track
        self.memorial = [0, 0, 0, 0]                # casualties the Memorial turned into attribute tokens

    def __getstate__(self):
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, values):
        for name, value in zip(self.__slots__, values):
            setattr(self, name, value)


class State(KernelState):
    __slots__ = (
        "crown", "players", "steps", "paid",              # the flow: what remains of this round
        "supply", "level5_face_down", "removed_buildings",  # the building tray
        "track", "track_tokens", "owner", "space_tokens", "connection_tokens", "sea", "open", "presence",
        "decks", "discard", "governors", "abolished", "removed_cards", "removed_tokens",
        "passed", "turn", "pending", "slot_chosen", "last_occupied_region",
        "silent_seat", "silent_supply", "phase_order",
    )

    def __init__(self, players: int, discs: int, seed: int, options: dict):
        super().__init__(seed, options)
        self.crown = 0
        self.players = [Player(discs) for _ in range(players)]
        self.steps: list[tuple[str, int | None]] = []   # (phase, seat) still to come this round
        self.paid = 0                                   # workers paid so far in the current salary step
        self.supply: dict[str, int] = {}                # building tray: type -> tiles left
        self.level5_face_down: list[str] = []
        self.removed_buildings: list[str] = []
        # The map. Seats own discs; the Silent Fleet, if playing, is seat number `players`.
        self.track: dict[str, list] = {}                # region -> owner of each shipping space, farthest first
        self.track_tokens: dict[str, list] = {}
        self.owner: dict[str, int | None] = {}          # city or fleet -> owner
        self.space_tokens: dict[str, str | None] = {}
        self.connection_tokens: dict[str, str | None] = {}
        self.sea: dict[str, list[int]] = {}             # region -> discs in its open sea, per seat
        self.open: dict[str, bool] = {}
        self.presence: dict[str, list[int]] = {}        # region -> discs there, per seat
        self.decks: dict[str, list[str]] = {}           # deck -> cards, bottom first (the top is the last)
        self.discard: list[str] = []                    # the face-up Europe discard pile
        self.governors: dict[str, str] = {}             # region -> its governor, until awarded
        self.abolished = False
        self.removed_cards: list[str] = []
        self.removed_tokens: list[str] = []
        # The action and discard phases.
        self.passed: list[bool] = []
        self.turn = None                                # the action being taken (action_phase.Turn)
        self.pending: list[tuple] = []                  # decisions that interrupt: memorial, Silent Fleet
        self.slot_chosen = False
        self.last_occupied_region: str | None = None
        self.silent_seat: int | None = None
        self.silent_supply = 0
        self.phase_order = options.get("phase_order", "beginner")   # may go back to phase by phase
