"""The position of a Shipyard match: plain lists and integers, cheap to copy and to save.

Things are numbered by the game's tables (shipyard.py): action tiles by their index in `game.actions`, ship
parts, canal tiles, goods tiles, employees and contracts by the index of their kind in the data files,
equipment and crew by their index in ITEMS. What lies face down (the stacks of ship parts, canal and goods
tiles, the No. I employees under the No. II ones, the undealt contracts) is kept as counts by kind: which
one comes next is a chance step, drawn when it is turned over.
"""

from __future__ import annotations

from ..core.state import KernelState


class State(KernelState):
    __slots__ = (
        "players",
        # whose turn; the end of the game
        "seat", "turns", "stage", "ender", "end_reason", "order", "order_at",
        # the players
        "money", "points", "yard", "dock", "staff", "goods", "canal", "ship", "kept", "fleet",
        "red", "blue", "discarded",
        # the action track, the gear, the turn track
        "track", "cube", "coins", "last", "chosen", "gear", "gear_cube", "dropped", "cubes", "marked_gone",
        # the markets and what is face down
        "market", "stack", "canal_market", "canal_pool", "canal_used", "goods_market", "goods_pool", "goods_used",
        "rondel", "emp_top", "emp_under", "emp_hidden", "supply", "red_pool", "blue_pool",
        # the turn in progress
        "doing", "in_bonus", "main_done", "bonus_done", "bought", "holding", "trading", "trade_at", "swaps_used",
        "refills", "resume", "deal", "discarding", "cruising", "cruise", "wrecked", "scrapped", "minted", "spent",
        "final_scores", "offer",
    )

    def __init__(self, players: int, seed: int, options: dict):
        super().__init__(seed, options)
        self.players = players
        self.seat = 0                                    # whose turn it is
        self.turns = [0] * players                       # regular turns taken
        self.stage = "play"                              # play, round-out, final-action, final-build, scoring
        self.ender = -1                                  # the seat whose turn triggered the end
        self.end_reason = ""                             # "cubes" or "parts"
        self.order: list[int] = []                       # seats of the final action / final build, in order
        self.order_at = 0
        self.money = [0] * players
        # points by part: crew, equipment, speed, checkpoints, contracts, traders
        self.points = [[0] * 6 for _ in range(players)]
        self.yard: list[list[int]] = []                  # per seat: part kind index in each space, or -1
        self.dock = [[0] * 8 for _ in range(players)]    # per seat: equipment and crew waiting, by ITEMS
        self.staff: list[list[int]] = [[] for _ in range(players)]   # employee kinds hired
        self.goods: list[list[int]] = [[] for _ in range(players)]   # goods tile kinds held
        # Each player's canal: pieces [canal kind, first exit's piece, second exit's piece] (-1 free, None a
        # free slot), and the ship marker [piece, space] (space -1: at the entry of the piece, not yet on it).
        self.canal: list[list] = [[] for _ in range(players)]
        self.ship = [[-1, -1] for _ in range(players)]
        self.kept = [0] * players                        # canal tiles passed and kept face down
        self.fleet: list[list[dict]] = [[] for _ in range(players)]  # ships that scored
        self.red: list[list[int]] = [[] for _ in range(players)]     # contracts in hand, in the order drawn
        self.blue: list[list[int]] = [[] for _ in range(players)]
        self.discarded: list[list[int]] = [[] for _ in range(players)]
        self.track: list[int] = []                       # action tiles left to right; the last is by the gear
        self.cube: list[int] = []                        # per action tile: the seat whose cube is on it, or -1
        self.coins: list[int] = []                       # per action tile: money lying on it
        self.last = [-1] * players                       # the tile each player chose last turn
        self.chosen = -1                                 # the tile chosen this turn
        self.gear = 0                                    # notches turned since the gear's cube was put on
        self.gear_cube = True                            # a cube rides on the gear
        self.dropped = False                             # it dropped this turn
        self.cubes = 0                                   # cubes left on the turn track
        self.marked_gone = False                         # the marked cube has been removed
        self.market: list[int] = []                      # column * rows + row (row 0 the cheapest): part kind or -1
        self.stack: list[list[list[int]]] = []           # per ship part (bow, hull, stern), per stack (I, II): counts by kind
        self.canal_market: list[int] = []
        self.canal_pool: list[int] = []                  # face-down canal tiles, counts by kind
        self.canal_used: list[int] = []                  # canal tiles removed from the canals, counts by kind
        self.goods_market: list[int] = []
        self.goods_pool: list[int] = []
        self.goods_used: list[int] = []
        self.rondel = [0, 0, 0, 0]                       # equipment, crew, employee, trade marker stops
        self.emp_top: list[int] = []                     # per employee stack (stop * per_stop + slot): kind or -1
        self.emp_under: list[int] = []                   # per stack: 1 if a face-down No. I tile lies below
        self.emp_hidden: list[int] = []                  # counts by kind of the No. I tiles not yet seen
        self.supply = [0] * 8                            # equipment and crew left, by ITEMS
        self.red_pool: list[int] = []                    # undealt contracts
        self.blue_pool: list[int] = []
        self.doing = -1                                  # the action being carried out, or -1
        self.in_bonus = False                            # ... as the bonus action
        self.main_done = False
        self.bonus_done = False
        self.bought = 0                                  # ship parts bought in this build
        self.holding = -1                                # the part (or canal tile) bought and not yet placed
        self.trading = -1                                # the goods tile being traded
        self.trade_at = 0                                # which of its goods is next
        self.swaps_used: list[int] = []                  # the corner swaps used in this trade
        self.refills: list[tuple] = []                   # market places waiting for a tile: ("part", place) ...
        self.resume = ""                                 # the phase after the refills
        self.deal: list[tuple] = []                      # contracts still to deal: (seat, colour)
        self.discarding: list[int] = []                  # seats still to discard contracts
        self.cruising: list[int] = []                    # bow spaces of complete ships waiting to cruise
        self.cruise: dict | None = None                  # the ship on its test cruise, step by step
        self.wrecked = [0] * 8                           # equipment and crew lost with ships that failed
        self.scrapped: list[int] = []                    # parts of ships that failed
        self.minted = 0                                  # money the bank has paid out
        self.spent = 0                                   # money paid to the bank
        self.final_scores: list | None = None            # the end-of-game scoring, for the view
        self.offer: list[int] = []                       # the tiles on offer in this step (set by the rules' settle hook)
