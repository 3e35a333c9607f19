"""Prepared positions of Entdecker for the tutorials and classroom demos.

Each one starts from a normal seeded setup and lays out the table a moment of the rules needs. Every
tile comes out of the discovery piles (so the 120 tiles stay 120), every unit from its owner's supply,
every chip from the chip piles; each tile is checked to agree with its neighbours as the rules demand,
and no hole is left that the reserve would already have filled. The piles are then arranged so that
the draws the tutorial makes are certain: each scenario plans its draws (`Scenario.draws`), the outcomes
its chance steps give while the lesson plays it, and shows the backs those draws need on top of the piles.
"""

from __future__ import annotations

from ..core.actions import Event
from ..core.game import Scenario
from .components import UNITS


# -- laying out the table ---------------------------------------------------------------------------------
def _take(game, state, kind):
    """One tile of a kind, out of the face-down tiles; it leaves the largest pile."""
    face_down = state.pool[game.type_ids.index(kind)]
    if not face_down:
        raise ValueError(f"scenario: no '{kind}' tile left face down")
    sizes = state.pile_size
    sizes[max(range(len(sizes)), key=lambda p: sizes[p])] -= 1
    tile = face_down.pop()
    _settle_tops(game, state)
    return tile


def _settle_tops(game, state):
    """An empty pile shows no back, and no more tops show a "?" (or a plain back) than there are such
    tiles face down."""
    for p, size in enumerate(state.pile_size):
        if not size:
            state.pile_top[p] = -1
        elif state.pile_top[p] < 0:
            state.pile_top[p] = 0
    event_tiles = game.face_down_events(state)
    for back, limit in ((1, event_tiles), (0, sum(state.pile_size) - event_tiles)):
        while state.pile_top.count(back) > limit:
            state.pile_top[state.pile_top.index(back)] = 1 - back


def _lay(game, state, square, kind, degrees=0):
    """Put a tile from the piles on a square, checking that every side agrees with the table."""
    q = game.square_index[square]
    tile = _take(game, state, kind)
    turns = degrees // 90
    o = game.tile_type[tile] * 4 + turns
    known, land = game.needs(state, q)
    if state.grid[q] >= 0 or game.ori_land[o] & known != land:
        raise ValueError(f"scenario: {kind} turned {degrees}° does not fit on {square}")
    game.lay(state, tile, q, turns)


def _unit(game, state, seat, square, kind, area=1):
    q = game.square_index[square]
    k = UNITS.index(kind)
    if state.supply[seat][k] < 1 or state.unit[q] >= 0 or not 1 <= area <= len(game.ori_areas[state.grid[q]]):
        raise ValueError(f"scenario: cannot put {kind} of seat {seat} on {square}")
    state.supply[seat][k] -= 1
    state.unit[q] = seat * 3 + k
    state.unit_area[q] = area - 1


def _settle_layout(game, state):
    """The table as it would be after earlier turns: islands completed there were scored (and so are
    empty), and no hole is left that a reserve tile would already have filled."""
    for root in state.queue:
        if game.island_units(state, root):
            raise ValueError(f"scenario: island {game.island_name(state, root)} is complete but holds units")
        state.isl_closed[root] = 2
    state.queue = []
    for q in range(game.squares):
        if state.grid[q] < 0 and game.needs(state, q)[0] == 15:
            raise ValueError(f"scenario: {game.names[q]} is a hole the reserve would have filled")
    state.laid = []


def _stack_pile(game, state, p, kind=None, event=None):
    """Pile p (0-based) shows a plain back (`kind` set) or a "?" (`event` set) on top, so that the draw the
    scenario plans (`_tile`) can come from it."""
    state.pile_top[p] = int(event is not None)
    _settle_tops(game, state)
    wanted = _tile(game, kind, event).partition(":")[2]
    if not state.pool[game.type_ids.index(wanted)]:
        raise ValueError(f"scenario: no '{wanted}' tile left face down")


def _tile(game, kind=None, event=None) -> str:
    """The planned draw of a tile of `kind`, or of the "?" tile with `event`."""
    if event is not None:
        kind = next(t for t in game.type_ids if game.tiles[t].event == event)
    return f"tile:{kind}"


def _chip(game, value) -> str:
    """The planned draw of a chip worth `value`."""
    return "chip:" + next(k for k, c in game.chip_kinds.items() if c.value == value)


def _arrange_chips(game, state, value, give=(), left=None, scored=False):
    """`give` seats hold chips face up as if from earlier islands (round robin); face down stay `left`
    chips, or else as many chips of `value` as there are and one fewer of the others, a chip of `value`
    always among them. `scored`: each chip's holder also scored the island it came from, as its largest
    explorer (4 tiles and the chip), so that the points agree with the chips."""
    chips = sorted(state.chip_pool)
    same = [c for c in chips if game.chip_value[c] == value]
    rest = [c for c in chips if game.chip_value[c] != value]
    keep = (same + rest)[:left] if left is not None else same + rest[:len(same) - 1]
    for i, c in enumerate(c for c in chips if c not in keep):
        seat = give[i % len(give)]
        state.chips[seat].append(c)
        if scored:
            state.vp[seat][0] += 4 + game.chip_value[c]
    state.chip_pool = keep
    state.chip_size = [(len(keep) + 1) // 2, len(keep) // 2]


def _to_turn(game, state, seat, gold, round_=5, spin=3):
    """Mid-game: every player has had a first turn; it is `seat`'s turn to place the ship."""
    state.round = round_
    state.spin = spin
    state.first_turn_done = [True] * len(state.gold)
    state.gold = list(gold)
    game._begin_turn(state, seat)
    state.scoring = None
    game.settle(state)


def _note(state, events, name, rule):
    state.scenario_note = name
    events.append(Event(rule, key=f"ent.scenario.{name}"))


# -- the tables ---------------------------------------------------------------------------------------------
def _strait_table(game, state):
    """Two capes reaching towards D3 from north and south, the ship able to sail into D3 from C3."""
    _lay(game, state, "C2", "open-sea")
    _lay(game, state, "D2", "coast", 180)         # land on its south side, facing D3
    _lay(game, state, "C3", "coast", 270)         # land west; routes north, east, south
    _lay(game, state, "C4", "open-sea")
    _lay(game, state, "D4", "coast", 0)           # land on its north side, facing D3


def _block_island(game, state):
    """A 2 x 3 island C3-E4 whose land goes on east of E4, towards F4."""
    _lay(game, state, "C3", "corner", 90)         # land east and south
    _lay(game, state, "D3", "bay", 90)            # land east, south, west
    _lay(game, state, "E3", "corner", 180)        # land south and west
    _lay(game, state, "C4", "corner", 0)          # land north and east
    _lay(game, state, "D4", "bay", 270)           # land west, north, east
    _lay(game, state, "E4", "bay", 270)           # land west, north, east


# -- the scenarios -------------------------------------------------------------------------------------------
def no_fit(game):
    """抽取並放置探索卡 iii: the only unexplored square a water route from C3 leads to, D3, needs land on two
    opposite sides (B3, beside C3 too, lies behind C3's land); the tile drawn from pile 1 is a coast, with
    land on one side only, so it fits nowhere. Player 1's fort stands on D2 from an earlier turn, so that
    a start there costs Player 2 the fort's value (2. 探險新地區)."""
    def prepare(state, events):
        _strait_table(game, state)
        _settle_layout(game, state)
        _unit(game, state, 0, "D2", "fort")
        _stack_pile(game, state, 0, kind="coast")
        _to_turn(game, state, 0, gold=[6, 5], round_=2)
        _note(state, events, "no-fit", "ent.explore.no-fit")
    return Scenario(players=2, seed=11, prepare=prepare, draws=(_tile(game, "coast"),))


def event(game):
    """事件: pile 2 shows a "?" back, and the tile drawn from it is pirates; Player 1 has 8 gold."""
    def prepare(state, events):
        _strait_table(game, state)
        _settle_layout(game, state)
        _stack_pile(game, state, 1, event="pirates")
        _to_turn(game, state, 0, gold=[8, 6], round_=2)
        _note(state, events, "event", "ent.event.pirates")
    return Scenario(players=2, seed=12, prepare=prepare, draws=(_tile(game, event="pirates"),))


def tie_units(game):
    """4. 完全被發現的島嶼計分: Player 2's fort and Player 3's three scouts are both worth 3 on an island
    that one more tile completes; fewer units rank higher. Player 1's three scouts stand on three one-tile
    islands elsewhere (H2, H6, A6), none on their mat, and 3 gold, 2 once a tile is declared: too little for a
    fort, so the unit Player 1 can pay for on the tile that completes the island is a scout, taken back first
    (3. 派駐單位: a scout comes back whenever its owner needs it)."""
    def prepare(state, events):
        _block_island(game, state)
        _lay(game, state, "F3", "open-sea")
        _lay(game, state, "H2", "coast", 180)     # land south
        _lay(game, state, "H6", "coast", 0)       # land north
        _lay(game, state, "A6", "coast", 90)      # land east; the frame to the west
        # The rest of the sea was explored in the earlier rounds, and the islands completed there were scored
        # (the chips and points of _arrange_chips below); open stay F4 and G3, where the ship may sail, and the
        # squares beside H2, H6 and A6.
        _fill_keeping(game, state, "coast", "F4", "G3", "G4", "F5", "G5", "H3", "H4", "H5", "B6", "B7")
        _settle_layout(game, state)
        _unit(game, state, 1, "D3", "fort")
        for square in ("C3", "C4", "D4"):
            _unit(game, state, 2, square, "scout")
        for square in ("H2", "H6", "A6"):
            _unit(game, state, 0, square, "scout")
        _stack_pile(game, state, 0, kind="coast")
        _arrange_chips(game, state, 2, give=(1, 2, 0), scored=True)
        _to_turn(game, state, 0, gold=[3, 4, 5], round_=11)
        _note(state, events, "tie-units", "ent.island.largest")
    return Scenario(players=3, seed=13, prepare=prepare, draws=(_tile(game, "coast"), _chip(game, 2)))


def chip_shortage(game):
    """4. 完全被發現的島嶼計分: one chip is left, and the fort Player 1 is about to found ties Player 2's
    fort for largest explorer: neither takes a chip."""
    def prepare(state, events):
        _lay(game, state, "C3", "coast", 180)     # land south
        _lay(game, state, "C4", "isthmus", 0)     # land north and south, one piece
        _lay(game, state, "B4", "open-sea")
        _lay(game, state, "B5", "coast", 270)     # land west; the ship's only way on leads east, to C5
        _lay(game, state, "B6", "open-sea")
        # Late in the game: the rest of the sea was explored, and the islands completed there were scored (the
        # chips and points of _arrange_chips below); open stay C5, where the ship sails, and its neighbours.
        _fill_keeping(game, state, "coast", "C5", "D5", "C6", "D6")
        _settle_layout(game, state)
        _unit(game, state, 1, "C3", "fort")
        _unit(game, state, 2, "C4", "scout")
        _stack_pile(game, state, 0, kind="coast")
        _arrange_chips(game, state, 3, give=(0, 1, 2), left=1, scored=True)
        _to_turn(game, state, 0, gold=[7, 5, 6], round_=14)
        _note(state, events, "chip-shortage", "ent.island.chip")
    return Scenario(players=3, seed=14, prepare=prepare, draws=(_tile(game, "coast"),))


def halving(game):
    """4. 完全被發現的島嶼計分: three explorers of different value (4, 3 and 1) on an 8-tile island that
    Player 1's tile completes; with a chip of 2 it is worth 10, and the places score 10, 5, 3 (and 10, 5, 3, 2
    when Player 1's settlement joins them)."""
    def prepare(state, events):
        _block_island(game, state)
        _lay(game, state, "F4", "isthmus", 90)    # land west and east; its only route leads south
        _lay(game, state, "G5", "open-sea")
        _settle_layout(game, state)
        _unit(game, state, 1, "C3", "fort")
        _unit(game, state, 1, "C4", "scout")
        _unit(game, state, 2, "D3", "fort")
        _unit(game, state, 3, "E3", "scout")
        _stack_pile(game, state, 0, kind="coast")
        _arrange_chips(game, state, 2, give=(1, 2, 3), scored=True)
        _to_turn(game, state, 0, gold=[9, 4, 5, 6], round_=7)
        _note(state, events, "halving", "ent.island.halving")
    return Scenario(players=4, seed=15, prepare=prepare, draws=(_tile(game, "coast"), _chip(game, 2)))


def stuck(game):
    """遊戲結束 and the ruling ent.end.stuck: late in a game, the last unexplored square, E4, has land against
    all four of its sides (four coasts, each turning its land towards it), so only a land-only reserve tile
    would fit it, and the land-only reserve tiles are used up; no circle leads to unexplored sea, so
    nobody can explore and the game ends (rare with the stand-in tiles: about 1 game in 100)."""
    def prepare(state, events):
        _lay(game, state, "E3", "coast", 180)     # land south, towards E4
        _lay(game, state, "D4", "coast", 90)      # land east
        _lay(game, state, "F4", "coast", 270)     # land west
        _lay(game, state, "E5", "coast", 0)       # land north
        _fill_around(game, state, "E4")
        state.removed += state.reserve[-1]        # as if the land-only reserve tiles had filled earlier holes
        state.reserve[-1] = []
        state.queue, state.laid = [], []
        _settle_tops(game, state)
        # What the islands scored earlier (the board's islands are complete and scored) and chips held.
        state.vp = [[21, 3, 0], [17, 0, 0]]
        _arrange_chips(game, state, 3, give=(0, 1, 0, 1, 0), left=len(state.chip_pool) - 5)
        _to_turn(game, state, 0, gold=[5, 5], round_=14)
        _note(state, events, "stuck", "ent.end.stuck")
    return Scenario(players=2, seed=16, prepare=prepare)


def last_tile(game):
    """遊戲結束: one discovery tile is left, and Player 1 has started from G6 and declared it. The island
    D5-D7 is unfinished (its land on D5 faces the unexplored E5) and holds Player 1's fort and Player 2's
    scout; the last tile, open sea, can only go on F6, leaving E5, E6 and F5 unexplored. Player 1 won 2 chips
    on islands and was given 2 by friendly natives, Player 2 won 3: the chip bonus is Player 2's, for the
    natives' chips count for no points (事件, ent.event.friendly). Player 1 leads by 3 points."""
    def prepare(state, events):
        _lay(game, state, "D5", "corner", 90)     # land east (towards E5) and south
        _lay(game, state, "D6", "isthmus", 0)     # land north and south
        _lay(game, state, "D7", "coast", 0)       # land north; the frame to the south
        _lay(game, state, "G6", "open-sea")       # the ship's start, its route west leading to F6
        _lay(game, state, "F7", "open-sea")
        sea = game.type_ids.index("open-sea")
        last = state.pool[sea].pop()              # kept face down: the last tile
        _fill_around(game, state, "E5", "E6", "F5", "F6")
        _unit(game, state, 0, "D5", "fort")
        _unit(game, state, 1, "D6", "scout")
        # One face-down tile is left; the others fitted nowhere in earlier turns.
        for tiles in state.pool:
            state.removed += tiles
            tiles.clear()
        state.pool[sea].append(last)
        state.pile_size = [1] + [0] * (len(state.pile_size) - 1)
        state.pile_top = [0] + [-1] * (len(state.pile_top) - 1)
        state.queue, state.laid = [], []
        _settle_tops(game, state)
        state.vp = [[21, 3, 0], [21, 0, 0]]
        chips = sorted(state.chip_pool)
        state.chips = [chips[0:2], chips[2:5]]
        state.gifts = [chips[5:7], []]
        state.chip_pool = chips[7:]
        state.chip_size = [(len(state.chip_pool) + 1) // 2, len(state.chip_pool) // 2]
        _to_turn(game, state, 0, gold=[4, 6], round_=16)
        _note(state, events, "last-tile", "ent.end.trigger")
    return Scenario(players=2, seed=17, prepare=prepare, draws=("tile:open-sea",))


def _fill_keeping(game, state, kind, *unexplored):
    """`_fill_around`, keeping one tile of `kind` face down for the draw the scenario plans."""
    pool = state.pool[game.type_ids.index(kind)]
    kept = pool.pop()
    _fill_around(game, state, *unexplored)
    pool.append(kept)
    _settle_tops(game, state)


def _fill_around(game, state, *holes):
    """Lay a fitting tile on every other square, from the face-down tiles or else the reserve, in reading
    order: the board of a game near its end (the islands there complete and scored, as they would be)."""
    skip = {game.square_index[hole] for hole in holes}
    for q in range(game.squares):
        if state.grid[q] >= 0 or q in skip:
            continue
        known, land = game.needs(state, q)
        for source in [*state.pool, *state.reserve]:
            found = next(((t, r) for t in source for r in game.turns[game.tile_type[t]]
                          if game.ori_land[game.tile_type[t] * 4 + r] & known == land), None)
            if found:
                source.remove(found[0])
                if not game.tile_reserve[found[0]]:
                    sizes = state.pile_size
                    sizes[max(range(len(sizes)), key=lambda p: sizes[p])] -= 1
                game.lay(state, found[0], q, found[1])
                break
        else:
            raise ValueError(f"scenario: no tile fits {game.names[q]}")
    for root in state.queue:                      # every island laid here is complete: scored and emptied
        state.isl_closed[root] = 2


SCENARIOS = {"no-fit": no_fit, "event": event, "tie-units": tie_units, "chip-shortage": chip_shortage,
             "halving": halving, "last-tile": last_tile, "stuck": stuck}
