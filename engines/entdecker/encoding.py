"""Entdecker for search and learning: the numbered action and chance tables, the observation, the bounds.

Everything is derived from the board size, the tiles, chips and numbers in data/*.toml and from the
names the rules code gives its actions and chance outcomes (entdecker.py), so editing a data file keeps
these tables right. Nothing here decides what is legal.
"""

from __future__ import annotations

from math import ceil

from .components import UNITS

PHASES = ("income", "start", "buy", "explore", "draw", "reveal", "place", "chip", "turn-end", "scoring",
          "final", "over")
DEGREES = (0, 90, 180, 270)


def action_ids(game, players: int, options: dict) -> list[str]:
    R = game.numbers
    most_areas = max(len(areas) for areas in game.ori_areas)
    most_tiles = R.max_gold // R.tile_cost if R.tile_cost else R.max_gold
    ids = [f"start:{name}" for name in game.names] + [f"start:{name}" for name in game.circle_names]
    ids += [f"buy:{n}" for n in range(1, most_tiles + 1)]
    ids += [f"draw:{p + 1}" for p in range(R.draw_piles)]
    ids += [f"place:{name}:{d}" for name in game.names for d in DEGREES]
    ids += [f"unit:{unit}:{name}.{a + 1}" for unit in UNITS for name in game.names for a in range(most_areas)]
    ids += [f"recall:{name}" for name in game.names]
    ids.append("end")
    return ids


def never_legal_ids(game, players: int, options: dict) -> list[str]:
    """Moves a learner may try that the rules never allow: declaring no tile, a land area a square
    does not have."""
    most_areas = max(len(areas) for areas in game.ori_areas)
    return ["buy:0"] + [f"unit:{unit}:{name}.{most_areas + 1}" for unit in UNITS for name in game.names]


def chance_ids(game, players: int, options: dict) -> list[str]:
    ids = [o.id for o in game.spin_outcomes]
    ids += [f"tile:{t}" for t in game.type_ids]
    ids += ["back:plain", "back:event"]
    ids += [f"chip:{kind}" for kind in game.chip_kinds]
    return ids


def observation_layout(game, players: int, options: dict) -> list[tuple[str, int]]:
    """Per square: explored, its land sides and routes (4 bits each), the tile type + 1, the unit's
    owner + 1, kind + 1 and land area; then the ship, the turn, the players, the piles and the chips."""
    squares = game.squares
    layout = [("round", 1), ("phase", len(PHASES)), ("seat", players), ("start_player", players), ("me", players),
              ("spin", 1)]
    for name in ("explored", "land", "routes", "tile", "unit_owner", "unit_kind", "unit_area", "island_done"):
        layout.append((f"square.{name}", squares * (4 if name in ("land", "routes") else 1)))
    layout += [("ship", squares + len(game.circles) + 1), ("fresh", squares + 1), ("hostile", 1), ("bought", 1),
               ("drawn_count", 1), ("drawing", game.numbers.draw_piles + 1), ("drawn", len(game.type_ids) + 1),
               ("placements", squares * 4)]
    for seat in range(players):
        layout += [(f"player{seat}.gold", 1), (f"player{seat}.points", 3), (f"player{seat}.supply", 3),
                   (f"player{seat}.chips", len(game.chip_kinds)), (f"player{seat}.first_turn", 1)]
    layout += [("pile.size", game.numbers.draw_piles), ("pile.top", game.numbers.draw_piles),
               ("face_down", len(game.type_ids)), ("reserve", game.numbers.reserve_piles),
               ("chips.face_down", len(game.chip_kinds)), ("chips.pile", game.numbers.chip_piles)]
    return layout


class Encoder:
    def __init__(self, game):
        self.game = game
        self.phase_index = {p: i for i, p in enumerate(PHASES)}
        self.chip_index = {k: i for i, k in enumerate(game.chip_kinds)}

    def observe(self, state, seat: int) -> list:
        """Everything in Entdecker is public but the order of the face-down tiles and chips; what is left
        face down, by kind, follows from what everyone has seen, so it is part of every observation."""
        g = self.game
        squares, players = g.squares, len(state.gold)
        out = [state.round]
        phase = [0] * len(PHASES)
        phase[self.phase_index.get(state.phase, 0)] = 1
        out += phase
        out += [int(s == state.seat) for s in range(players)]
        out += [int(s == state.start_player) for s in range(players)]
        out += [int(s == seat) for s in range(players)]
        out.append(state.spin)
        grid = state.grid
        explored, land, routes, tile, owner, kind, area, done = ([] for _ in range(8))
        for q in range(squares):
            o = grid[q]
            if o < 0:
                explored.append(0)
                land += (0, 0, 0, 0)
                routes += (0, 0, 0, 0)
                tile.append(0)
                done.append(0)
            else:
                explored.append(1)
                land += [g.ori_land[o] >> d & 1 for d in range(4)]
                routes += [g.ori_routes[o] >> d & 1 for d in range(4)]
                tile.append(o // 4 + 1)
                done.append(int(all(state.isl_closed[g.find(state, i)] for i in state.area_island[q])))
            u = state.unit[q]
            owner.append(u // 3 + 1 if u >= 0 else 0)
            kind.append(u % 3 + 1 if u >= 0 else 0)
            area.append(state.unit_area[q] + 1)
        out += explored + land + routes + tile + owner + kind + area + done
        ship = [0] * (squares + len(g.circles) + 1)
        ship[state.ship] = 1                            # -1 (no ship yet) lands on the last place
        out += ship
        fresh = [0] * (squares + 1)
        fresh[state.fresh] = 1
        out += fresh
        out += [int(state.hostile), state.bought, state.drawn_count]
        drawing = [0] * (g.numbers.draw_piles + 1)
        drawing[state.drawing] = 1
        out += drawing
        drawn = [0] * (len(g.type_ids) + 1)
        drawn[g.tile_type[state.drawn] if state.drawn >= 0 else -1] = 1
        out += drawn
        placements = [0] * (squares * 4)
        for q, r in state.placements:
            placements[q * 4 + r] = 1
        out += placements
        for s in range(players):
            out.append(state.gold[s])
            out += state.vp[s]
            out += state.supply[s]
            chips = [0] * len(self.chip_index)
            for c in state.chips[s]:
                chips[self.chip_index[g.chip_kind[c]]] += 1
            out += chips
            out.append(int(state.first_turn_done[s]))
        out += state.pile_size
        out += state.pile_top
        out += [len(tiles) for tiles in state.pool]
        out += [len(pile) for pile in state.reserve]
        chips = [0] * len(self.chip_index)
        for c in state.chip_pool:
            chips[self.chip_index[g.chip_kind[c]]] += 1
        out += chips
        out += state.chip_size
        return out


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
