"""Entdecker for search and learning: the numbered action and chance tables, the observation, the bounds.

Everything is derived from the board size, the tiles, chips and numbers in data/*.toml and from the
names the rules code gives its actions and chance outcomes (entdecker.py), so editing a data file keeps
these tables right. Nothing here decides what is legal.
"""

from __future__ import annotations

from math import ceil

from ..core.observation import Part, one_hot_rows, part
from .components import UNITS

PHASES = ("income", "start", "buy", "explore", "draw", "reveal", "place", "chip", "turn-end", "scoring",
          "final", "over")
DEGREES = (0, 90, 180, 270)


def action_ids(game, players: int, options: dict) -> list[tuple]:
    """Every action as (kind, args): its id is written by its move's declaration (`Game.action_id`)."""
    R = game.numbers
    most_areas = max(len(areas) for areas in game.ori_areas)
    most_tiles = R.max_gold // R.tile_cost if R.tile_cost else R.max_gold
    squares = range(len(game.names))
    ids = [("start", (p,)) for p in range(len(game.names) + len(game.circle_names))]
    ids += [("buy", (n,)) for n in range(1, most_tiles + 1)]
    ids += [("draw", (p,)) for p in range(R.draw_piles)]
    ids += [("place", (q, r)) for q in squares for r in range(len(DEGREES))]
    ids += [("unit", (kind, q, a)) for kind in range(len(UNITS)) for q in squares for a in range(most_areas)]
    ids += [("recall", (q,)) for q in squares]
    ids.append(("end", ()))
    return ids


def never_legal_ids(game, players: int, options: dict) -> list[tuple]:
    """Moves a learner may try that the rules never allow: declaring no tile, a land area a square
    does not have."""
    most_areas = max(len(areas) for areas in game.ori_areas)
    return [("buy", (0,))] + [("unit", (kind, q, most_areas)) for kind in range(len(UNITS))
                              for q in range(len(game.names))]


def chance_ids(game, players: int, options: dict) -> list[str]:
    ids = [o.id for o in game.spin_outcomes]
    ids += [f"tile:{t}" for t in game.type_ids]
    ids += ["back:plain", "back:event"]
    ids += [f"chip:{kind}" for kind in game.chip_kinds]
    return ids


def observation_parts(game, players: int, options: dict) -> list[Part]:
    """The observation, part by part (engines/core/observation.py). Everything in Entdecker is public
    but the order of the face-down tiles and chips; what is left face down, by kind, follows from what
    everyone has seen, so it is part of every observation.

    Per square: explored, its land sides and routes (4 bits each), the tile type + 1, the unit's owner
    + 1, kind + 1 and land area, whether its islands are done; then the ship, the turn, the players,
    the piles (size; top back: 0 none, 1 plain, 2 event) and the chips."""
    chip_counts = _chip_counter(game)
    return [*_turn_parts(players), *_board_parts(game), *_exploring_parts(game),
            _seats(players, chip_counts), _supplies(game, chip_counts)]


def _chip_counter(g):
    """How many chips of each kind a list of chips holds."""
    chip_index = {k: i for i, k in enumerate(g.chip_kinds)}

    def chip_counts(chips):
        out = [0] * len(chip_index)
        for c in chips:
            out[chip_index[g.chip_kind[c]]] += 1
        return out
    chip_counts.kinds = len(chip_index)
    return chip_counts


def _turn_parts(players: int) -> list[Part]:
    """The round, phase, seat and start player; which seat observes, and the spinner's last result."""
    # the turn's one-hots, made once: they are encoded again at almost every step
    phase_row = dict(zip(PHASES, one_hot_rows(len(PHASES))))
    seat_row = one_hot_rows(players)

    @part(("round", 1), ("phase", len(PHASES)), ("seat", players), ("start_player", players),
          key=lambda state: (state.round, state.phase, state.seat, state.start_player))
    def turn(state, seat):
        return [state.round, *phase_row.get(state.phase, phase_row[PHASES[0]]), *seat_row[state.seat],
                *seat_row[state.start_player]]

    @part(("me", players), ("spin", 1), per_seat=True, key=lambda state: (state.spin,))
    def me(state, seat):
        return [*seat_row[seat], state.spin]

    return [turn, me]


def _board_parts(g) -> list[Part]:
    """Per square: the tile laid there (explored, land sides, routes, type), its unit, its islands' state."""
    squares = g.squares
    # Per oriented tile, as bytes (the board parts are the dearest to encode): index -1, an unexplored
    # square, is the last entry, all zeros
    explored = bytes([1] * len(g.ori_land) + [0])
    land = [bytes(o_land >> d & 1 for d in range(4)) for o_land in g.ori_land] + [bytes(4)]
    routes = [bytes(o_routes >> d & 1 for d in range(4)) for o_routes in g.ori_routes] + [bytes(4)]
    tile = bytes([o // 4 + 1 for o in range(len(g.ori_land))] + [0])     # tile type + 1 (bytes: below 256)

    @part(*[(f"square.{name}", squares * n) for name, n in (("explored", 1), ("land", 4), ("routes", 4), ("tile", 1))],
          key=lambda state: (state.grid,))
    def tiles(state, seat):
        grid = state.grid
        return b"".join([bytes(map(explored.__getitem__, grid)), *map(land.__getitem__, grid),
                         *map(routes.__getitem__, grid), bytes(map(tile.__getitem__, grid))])

    @part(*[(f"square.{name}", squares) for name in ("unit_owner", "unit_kind", "unit_area")],
          key=lambda state: (state.unit, state.unit_area))
    def units(state, seat):
        unit = state.unit
        return ([u // 3 + 1 if u >= 0 else 0 for u in unit] + [u % 3 + 1 if u >= 0 else 0 for u in unit]
                + [a + 1 for a in state.unit_area])

    # isl_squares changes only with isl_parent (a new island, two joined), so the key need not hold it
    @part(("square.island_done", squares), key=lambda state: (state.grid, state.isl_parent, state.isl_closed))
    def islands_done(state, seat):
        # an explored square is done unless an island with land on it is still open (open sea has none)
        parent, closed, squares_of = state.isl_parent, state.isl_closed, state.isl_squares
        done = bytearray(map(explored.__getitem__, state.grid))
        for island, status in enumerate(closed):
            if not status and parent[island] == island:       # only an island's root tells its status
                for q in squares_of[island]:
                    done[q] = 0
        return done

    return [tiles, units, islands_done]


def _exploring_parts(g) -> list[Part]:
    """The ship, the turn's exploring (the square just explored, the tiles declared and drawn, the pile
    drawing from, the tile drawn) and where that tile may go."""
    squares, piles = g.squares, g.numbers.draw_piles
    fresh_row, pile_row = one_hot_rows(squares + 1), one_hot_rows(piles + 1)
    drawn_row = one_hot_rows(len(g.type_ids) + 1)
    ship_row = one_hot_rows(squares + len(g.circles) + 1)

    @part(("ship", squares + len(g.circles) + 1), key=lambda state: (state.ship,))
    def ship(state, seat):
        return ship_row[state.ship]           # -1: no ship yet, the last place

    @part(("fresh", squares + 1), ("hostile", 1), ("bought", 1), ("drawn_count", 1), ("drawing", piles + 1),
          ("drawn", len(g.type_ids) + 1),
          key=lambda state: (state.fresh, state.hostile, state.bought, state.drawn_count, state.drawing, state.drawn))
    def exploring(state, seat):
        # -1 (no square, no pile, no tile) lands on each one-hot's last place
        return b"".join([fresh_row[state.fresh], bytes([state.hostile, state.bought, state.drawn_count]),
                         pile_row[state.drawing], drawn_row[g.tile_type[state.drawn] if state.drawn >= 0 else -1]])

    @part(("placements", squares * 4), key=lambda state: (state.placements,))
    def placements(state, seat):
        out = [0] * (squares * 4)
        for q, r in state.placements:
            out[q * 4 + r] = 1
        return out

    return [ship, exploring, placements]


def _seats(players: int, chip_counts) -> Part:
    """Every player's gold, points, units in supply, chips (those won on islands, then those friendly natives
    gave, which count for nothing) and whether their first turn is done."""
    @part(*[(f"player{s}.{name}", n) for s in range(players)
            for name, n in (("gold", 1), ("points", 3), ("supply", 3), ("chips", chip_counts.kinds),
                            ("gifts", chip_counts.kinds), ("first_turn", 1))],
          key=lambda state: (state.gold, *state.vp, *state.supply, *state.chips, *state.gifts, state.first_turn_done))
    def seats(state, seat):
        out = []
        for s in range(players):
            out += [state.gold[s], *state.vp[s], *state.supply[s], *chip_counts(state.chips[s]),
                    *chip_counts(state.gifts[s]), int(state.first_turn_done[s])]
        return out
    return seats


def _supplies(g, chip_counts) -> Part:
    """The piles (sizes, top backs), what is left face down by kind, the reserve and the chips."""
    R, piles = g.numbers, g.numbers.draw_piles

    @part(("pile.size", piles), ("pile.top", piles), ("face_down", len(g.type_ids)), ("reserve", R.reserve_piles),
          ("chips.face_down", chip_counts.kinds), ("chips.pile", R.chip_piles),
          key=lambda state: (state.pile_size, state.pile_top, *map(len, state.pool), *map(len, state.reserve),
                             state.chip_pool, state.chip_size))
    def supplies(state, seat):
        # a pile's top back as the other codes are: 0 none (an empty pile), 1 plain, 2 an event
        return (state.pile_size + [b + 1 for b in state.pile_top] + [len(tiles) for tiles in state.pool]
                + [len(pile) for pile in state.reserve] + chip_counts(state.chip_pool) + state.chip_size)
    return supplies


def bounds(game, players: int, options: dict):
    """Every decision or chance step draws on a finite supply: each of the face-down tiles is drawn once
    (the pick of a pile, its face, the next back, its placement, a chip from its event), each turn with
    a decision draws at least one tile and has at most a start, a purchase, a unit, three recalls and an
    end; between two such turns the players can only pass until the spinner has paid for a start, which
    takes at most (the dearest start) / (the smallest gain) rounds."""
    from ..core.game import Bounds
    R = game.numbers
    tiles = sum(1 for t in range(len(game.tile_type)) if not game.tile_reserve[t])
    chips = len(game.chip_kind)
    dearest = max(R.costs) + R.tile_cost
    smallest = min((v for v in R.sectors if v > 0), default=1)
    spins_between = ceil(dearest / smallest) + 1
    per_turn = 1 + 1 + 1 + R.units[0] + 1
    most = tiles * 5 + tiles * per_turn + (tiles + 1) * spins_between + chips
    top = len(game.tile_type) + chips * max(c.value for c in game.chip_kinds.values()) + tiles * R.ruins_points + chips
    return Bounds(max_moves=most, min_score=0, max_score=top)
