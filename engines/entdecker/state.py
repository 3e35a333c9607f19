"""The position of an Entdecker match: plain lists and integers, cheap to copy and to save.

Squares are numbered row by row (0 is A1, the top-left square); the ship's position is a square, or
an edge circle numbered after the squares. Units are coded `seat * 3 + kind` (kind 0 scout, 1 fort,
2 settlement). Islands are kept as a union-find forest over land areas: each land area of a placed tile
belongs to an island id, `isl_parent` leads to the island's root, and only roots' other fields count.
"""

from __future__ import annotations

from ..core.state import KernelState


class State(KernelState):
    __slots__ = (
        # the players
        "seat", "start_player", "gold", "vp", "supply", "chips", "gifts", "first_turn_done",
        # the table
        "grid", "tile_at", "open_routes", "unit", "unit_area", "area_island",
        "isl_parent", "isl_open", "isl_squares", "isl_closed",
        "pool", "pile_size", "pile_top", "reserve", "removed", "chip_pool", "chip_size", "spin",
        # the turn
        "ship", "bought", "drawn_count", "drawing", "drawn", "placements", "fresh", "hostile", "explored_count",
        "laid", "chip_for",
        "queue", "scoring", "final",
    )

    def __init__(self, players: int, squares: int, seed: int, options: dict):
        super().__init__(seed, options)
        self.seat = 0                                   # whose turn it is
        self.start_player = 0                           # the youngest: spins and begins each round
        self.gold = [0] * players
        self.vp = [[0, 0, 0] for _ in range(players)]   # points from islands, events (ruins), the chip bonus
        self.supply = [[0, 0, 0] for _ in range(players)]   # scouts, forts, settlements not on the board
        self.chips: list[list[int]] = [[] for _ in range(players)]   # chip ids face up before each player
        # Chips friendly natives gave: face up too, but kept apart, for they count for no points at all
        # (rulebook § 事件: 不能用於計算勝利點數上), neither an island's value nor the chip bonus.
        self.gifts: list[list[int]] = [[] for _ in range(players)]
        self.first_turn_done = [False] * players
        self.grid = [-1] * squares                      # oriented tile (type * 4 + quarter turns), -1 unexplored
        self.tile_at = [-1] * squares                   # which of the 120 tiles lies there
        self.open_routes = [0] * squares                # routes of the tile there that lead to unexplored squares
        self.unit = [-1] * squares                      # seat * 3 + kind, or -1
        self.unit_area = [-1] * squares                 # which land area of the tile holds the unit
        self.area_island: list[list[int]] = [[] for _ in range(squares)]   # island id of each land area
        self.isl_parent: list[int] = []
        self.isl_open: list[int] = []                   # land sides still facing unexplored squares
        self.isl_squares: list[list[int]] = []          # the squares with land of the island
        self.isl_closed: list[int] = []                 # 0 open, 1 complete (waiting for its scoring), 2 done
        # The face-down tiles of all 5 discovery piles together. Which pile a face-down tile lies in tells
        # nobody anything (the piles were cut from one shuffled stack), so only each pile's size and the
        # back of its top tile are kept; a draw is a chance step over the tiles not yet seen.
        self.pool: list[list[int]] = []                 # per tile type: the ids of its face-down tiles
        self.pile_size: list[int] = []
        self.pile_top: list[int] = []                   # the back of each pile's top tile: 1 "?", 0 plain, -1 empty
        self.reserve: list[list[int]] = []              # the face-up reserve piles
        self.removed: list[int] = []                    # tiles that fitted nowhere: out of the game
        self.chip_pool: list[int] = []                  # the face-down chips of both piles (ids), as for tiles
        self.chip_size: list[int] = []                  # how many chips each pile holds
        self.spin = 0                                   # the spinner's last result
        self.ship = -1                                  # square, edge circle (squares + index), or -1
        self.bought = 0                                 # declared tiles still to draw this turn
        self.drawn_count = 0                            # tiles drawn this turn
        self.drawing = -1                               # the pile a tile is being drawn from, or -1
        self.drawn = -1                                 # the tile waiting to be placed, or -1
        self.placements: list[tuple[int, int]] = []     # where it may go: (square, quarter turns)
        self.fresh = -1                                 # the square explored by the ship's last move this turn
        self.hostile = False                            # hostile natives on that square
        self.explored_count = 0
        self.laid: list[int] = []                       # squares explored since the last end of a turn
        self.chip_for = -1                              # friendly natives: the seat about to take a chip
        self.queue: list[int] = []                      # completed islands waiting to be scored
        self.scoring: dict | None = None                # the island being scored, step by step
        self.final = False                              # the end-of-game scoring has begun

    def position(self) -> dict:
        """Each island id with its root: finding a root shortens the paths it walks (Entdecker.find), so two
        reads of one position may leave `isl_parent` shaped differently; the roots are the same."""
        fields = super().position()
        parent = self.isl_parent
        def root(island):
            while parent[island] != island:
                island = parent[island]
            return island
        fields["isl_parent"] = [root(island) for island in range(len(parent))]
        return fields
