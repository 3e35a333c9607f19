"""The position of an Amerigo match: plain lists and integers, cheap to copy and to save.

Colours are numbered in the order of the phases (0 blue ... 6 white), goods in the order of
data/goods.toml, tile shapes in the order of data/tiles.toml. Squares are numbered row by row over the
island area; a ship's position is a square, a frame square numbered after the squares, or -1 before it
is launched. The island area itself never changes after the setup: `layout` (islands.py) is shared,
and pickling a state stores only its key.
"""

from __future__ import annotations

from ..core.state import KernelState

PARTS = ("islands", "gold", "pirates", "progress", "goods", "development", "order")
ISLANDS, GOLD, PIRATES, PROGRESS, GOODS, DEVELOPMENT, ORDER = range(len(PARTS))


class State(KernelState):
    __slots__ = (
        "layout",
        # where the flow is: "draw", "drop", "act", "return", "pirates", "new-round", "final"
        "step", "draws", "final_step",
        # the cubes: per colour, on the storage spaces, in the middle, in the tray, inside the tower, in the box
        "storage", "central", "tray", "tower", "box", "dropped", "fell",
        # the phase
        "colour", "ap", "order", "turn",
        # the players
        "vp", "gold", "cannons", "dev", "spec", "arrival", "goods", "production", "progress", "used",
        "planned", "village", "posts_left", "chests", "ships",
        # the islands
        "cover", "pieces", "post", "goods_on", "island_open", "island_done", "island_posted", "chest_on",
        # the supply board
        "neutral", "pirates", "unseen_pirates", "progress_pool", "display", "progress_gone", "production_pool",
        "production_slots", "production_gone", "time_index",
        # the action being taken
        "sub", "action", "points", "spent", "moved", "stopped", "launching", "neutral_taken", "takes",
        "ships8_used",
    )

    def __init__(self, players: int, seed: int, options: dict, layout, colours: int, shapes: int,
                 village_shapes: int, goods: int):
        super().__init__(seed, options)
        self.layout = layout
        self.step = "draw"
        self.draws: list[str] = []                        # chance steps waiting: "pirate", "progress", "production:II", "drop"
        self.final_step = 0
        self.storage = [0] * colours
        self.central = [0] * colours
        self.tray = [0] * colours
        self.tower = [0] * colours
        self.box = [0] * colours                          # the cubes before the first drop
        self.dropped = [0] * colours                      # what went into the tower in the last drop
        self.fell = [0] * colours                         # what fell out of it
        self.colour = -1                                  # the phase's colour, -1 outside a phase
        self.ap = 0                                       # the phase's action points
        self.order: list[int] = []                        # seats in turn order for this phase
        self.turn = 0                                     # index into order
        self.vp = [[0] * 7 for _ in range(players)]       # points by part (state.PARTS)
        self.gold = [0] * players
        self.cannons = [0] * players
        self.dev = [0] * players                          # development track space
        self.spec = [0] * players                         # special-action track space
        self.arrival = [0] * players                      # on a shared space, the larger arrival is on top
        self.goods = [[0] * goods for _ in range(players)]
        self.production = [[] for _ in range(players)]    # production tiles bought: [kind index]
        self.progress = [[] for _ in range(players)]      # progress tile ids held
        self.used = [[] for _ in range(players)]          # 1x tiles turned face down
        self.planned = [[0] * shapes for _ in range(players)]   # tiles beside the sheet, by shape
        self.village = [[0] * village_shapes for _ in range(players)]   # village tiles not yet planned
        self.posts_left = [0] * players
        self.chests = [0] * players
        self.ships = [[-1, -1] for _ in range(players)]
        squares = layout.squares
        self.cover = [-1] * squares                       # index into pieces, or -1
        self.pieces: list[tuple] = []                     # (shape index, seat who built it, squares)
        self.post = [-1] * squares                        # seat, or -1
        self.goods_on = list(layout.goods)                # goods still lying on the islands
        self.island_open = [len(s) for s in layout.islands]     # land squares with no tile and no post
        self.island_done = [False] * len(layout.islands)
        self.island_posted = [False] * len(layout.islands)     # someone has a post there (the first scored)
        self.chest_on = list(layout.island_big)
        self.neutral: list[int] = []                      # neutral tiles left, by shape
        self.pirates: list[int] = []                      # face-up pirate values, in order
        self.unseen_pirates: list[int] = []               # values nobody has seen (face down or in the box)
        self.progress_pool: list[str] = []                # face-down progress tiles
        self.display: list[str | None] = []               # the progress area: left half, then right half
        self.progress_gone: list[str] = []                # progress tiles out of the game
        self.production_pool: dict[str, list[int]] = {}   # face-down production tiles by stack: kind indices
        self.production_slots: list[int] = []            # the production display: kind index or -1
        self.production_gone: list[int] = []              # production tiles out of the game
        self.time_index = 0
        self.sub = ""                                     # the decision within a turn
        self.action = -1                                  # the colour of the action being taken
        self.points = 0
        self.spent = 0
        self.moved = [0, 0]
        self.stopped = [False, False]
        self.launching = 0
        self.neutral_taken = 0
        self.takes = 0
        self.ships8_used = False
