"""Amerigo for search and learning: the numbered action and chance tables, the observation, the bounds.

Everything is derived from the data files (the grid by player count, the frame, the shapes and their
ways to lie, the progress tiles, the production tiles, the tracks) and from the names the rules code
gives its actions and outcomes (amerigo.py). Nothing here decides what is legal.
"""

from __future__ import annotations

from .components import COLOURS
from .islands import column_name

PHASES = ("setup", *COLOURS, "pirates", "new-round", "final", "over")
SUBS = ("", "choose", "launch", "move", "load", "plan", "develop", "take", "build", "buy", "white")


def grid_names(game, players) -> tuple[list[str], list[str]]:
    """The square names and frame names of the island area for this player count."""
    R = game.numbers
    cols, rows = R.grid[players]
    n = len(next(iter(game.island_tiles.values())).rows)
    width, height = cols * n, rows * n
    squares = [f"{column_name(q % width)}{q // width + 1}" for q in range(width * height)]
    frames = [f"frame{i + 1}" for i in range(2 * (cols + rows))]
    return squares, frames


def action_ids(game, players: int, options: dict) -> list[str]:
    R = game.numbers
    squares, frames = grid_names(game, players)
    ids = [f"act:{c}" for c in COLOURS] + ["gold", "score-cubes"]
    ids += [f"launch:{f}" for f in frames]
    ids += [f"move:{k + 1}:{p}" for k in range(R.ships) for p in squares + frames]
    ids += [f"post:{k + 1}" for k in range(R.ships)]
    ids += ["use:ships8", "use:first", "special", "done"]
    ids += [f"load:{n}" for n in range(R.cannon_max + 1)]
    ids += [f"develop:{n}" for n in range(R.dev_spaces + 1)]
    ids += [f"order:{n}" for n in range(R.special_spaces + 1)]
    ids += [f"take:{t}" for t in game.progress_ids] + ["take:none"]
    ids += [f"plan:{s}" for s in game.shape_ids]
    ids += [f"lay:{shape.id}:{q}:{o}" for s, shape in enumerate(game.shape_list) for q in squares
            for o in range(len(game.orients[s]))]
    ids += [f"buy:{name}" for name in game.production_names]
    return ids


def chance_ids(game, players: int, options: dict) -> list[str]:
    ids = [f"pirate:{v}" for v in game.pirate_values]
    ids += [f"progress:{t}" for t in game.progress_ids]
    ids += [f"production:{name}" for name in game.production_names]
    return ids


def observation_layout(game, players: int, options: dict) -> list[tuple[str, int]]:
    """The phase and the action being taken; the cubes in view (the tower's contents are left out: a
    player sees them only by counting); per square its terrain, printed good, good still there, tile,
    post and island state; the ships; each player's sheet; the supply board."""
    R = game.numbers
    squares, frames = grid_names(game, players)
    S = len(squares)
    colours = len(COLOURS)
    layout = [("round", 1), ("phase", len(PHASES)), ("colour", colours + 1), ("sub", len(SUBS)),
              ("action", colours + 1), ("ap", 1), ("points", 1), ("spent", 1), ("moved", R.ships),
              ("stopped", R.ships), ("takes", 1), ("neutral_taken", 1), ("to_move", players), ("me", players),
              ("storage", colours), ("central", colours), ("tray", colours)]
    for name in ("terrain", "printed_goods", "goods", "tile_owner", "tile_shape", "post", "island_big",
                 "island_done"):
        layout.append((f"square.{name}", S))
    layout.append(("ships", players * R.ships))
    for seat in range(players):
        layout += [(f"player{seat}.points", 7), (f"player{seat}.gold", 1), (f"player{seat}.cannons", 1),
                   (f"player{seat}.development", 1), (f"player{seat}.special", 1), (f"player{seat}.order", 1),
                   (f"player{seat}.goods", len(game.goods_ids)), (f"player{seat}.production", len(game.goods_ids)),
                   (f"player{seat}.progress", len(game.progress_ids)), (f"player{seat}.used", len(game.progress_ids)),
                   (f"player{seat}.planned", len(game.shape_list)), (f"player{seat}.village", len(game.village_shapes)),
                   (f"player{seat}.posts_left", 1), (f"player{seat}.chests", 1)]
    layout += [("display", R.progress_shown), ("production", len(game.slot_stacks(players))),
               ("neutral", len(game.neutral_shapes)), ("pirates", len(R.pirate_values) + 1),
               ("unseen_pirates", len(game.pirate_values)), ("progress_face_down", 1),
               ("production_face_down", 3), ("time", 1)]
    return layout


class Encoder:
    def __init__(self, game):
        self.game = game
        self.phase_index = {p: i for i, p in enumerate(PHASES)}
        self.sub_index = {s: i for i, s in enumerate(SUBS)}
        self.progress_index = {t: i for i, t in enumerate(game.progress_ids)}

    def observe(self, state, seat: int) -> list:
        """Everything in Amerigo is public but what lies face down and what is inside the tower: the
        face-down pirates, progress and production tiles are counted by kind (they follow from what
        everyone has seen); the tower's contents are left out."""
        g, R = self.game, self.game.numbers
        players, colours = len(state.gold), len(COLOURS)
        L = state.layout
        out = [state.round]
        out += _one_hot(self.phase_index.get(state.phase, 0), len(PHASES))
        out += _one_hot(state.colour, colours + 1)
        out += _one_hot(self.sub_index.get(state.sub, 0), len(SUBS))
        out += _one_hot(state.action, colours + 1)
        out += [state.ap, state.points, state.spent, *state.moved[:R.ships], *map(int, state.stopped[:R.ships]),
                state.takes, state.neutral_taken]
        out += _one_hot(-1 if state.to_move is None else state.to_move, players + 1)[:players]
        out += _one_hot(seat, players)
        out += state.storage + state.central + state.tray
        terrain, printed, goods, owner, shape, post, big, done = ([] for _ in range(8))
        for q in range(L.squares):
            terrain.append(L.kind[q])
            printed.append(L.goods[q] + 1)
            goods.append(state.goods_on[q] + 1)
            piece = state.cover[q]
            if piece >= 0:
                s, who, _ = state.pieces[piece]
                owner.append(who + 1)
                shape.append(s + 1)
            else:
                owner.append(0)
                shape.append(0)
            post.append(state.post[q] + 1)
            island = L.island_of[q]
            big.append(int(island >= 0 and L.island_big[island]))
            done.append(int(island >= 0 and state.island_done[island]))
        out += terrain + printed + goods + owner + shape + post + big + done
        for ships in state.ships:
            out += [p + 1 for p in ships]
        order = g.turn_order(state)
        for s in range(players):
            out += state.vp[s]
            out += [state.gold[s], state.cannons[s], state.dev[s], state.spec[s], order.index(s)]
            out += state.goods[s]
            production = [0] * len(g.goods_ids)
            for k in state.production[s]:
                production[g.goods_ids.index(g.production_kinds[k][0])] += 1
            out += production
            held = [0] * len(g.progress_ids)
            used = [0] * len(g.progress_ids)
            for t in state.progress[s]:
                held[self.progress_index[t]] = 1
            for t in state.used[s]:
                used[self.progress_index[t]] = 1
            out += held + used + state.planned[s] + state.village[s] + [state.posts_left[s], state.chests[s]]
        out += [self.progress_index[t] + 1 if t else 0 for t in state.display]
        out += [k + 1 for k in state.production_slots]
        out += state.neutral
        pirates = state.pirates + [-1] * (len(R.pirate_values) - len(state.pirates))
        out += [p + 1 for p in pirates] + [sum(state.pirates)]
        out += [state.unseen_pirates.count(v) for v in g.pirate_values]
        out.append(len(state.progress_pool))
        out += [len(state.production_pool.get(s, ())) for s in ("II", "III", "IV")]
        out.append(g.time_value(state))
        return out


def _one_hot(index, length) -> list[int]:
    out = [0] * length
    if 0 <= index < length:
        out[index] = 1
    elif index == -1:
        out[-1] = 1
    return out


def bounds(game, players: int, options: dict):
    """Listed chance steps: the setup's pirate, progress and production tiles, then each later round's.
    Decisions: in each phase each player chooses once, and within the action every further decision
    spends at least one action point or gold, or ends the action, or is one of a few free ones (two
    launches, two posts, the 1x tiles, progress tiles taken); points are at most the largest count of
    one colour plus every bonus, and gold at most the track plus chests, gold tiles and what the action
    can earn along the way. Scores: never below 0 (the pirates cannot take it under 0); at most every
    source of points added up."""
    from ..core.game import Bounds
    R = game.numbers
    slots = len(game.slot_stacks(players))
    chance = (1 + R.progress_shown + slots) + (R.rounds - 1) * (1 + R.progress_new + slots)
    bonus = sum(t.amount for t in game.progress_tiles.values() if t.effect in ("plus", "ships"))
    gold = R.gold_max + R.chests * R.chest_gold + sum(t.amount for t in game.progress_tiles.values() if t.effect == "gold") \
        + R.trading_posts + 4
    points = R.cubes_per_colour + bonus + gold
    per_action = 1 + 2 * R.ships + R.ships * points + 2 * R.ships + 4 + len(game.progress_ids)
    decisions = R.rounds * len(COLOURS) * players * per_action
    neutral_points = sum(s.big * s.count for s in game.shape_list if s.kind == "neutral")
    village_points = sum(s.big * s.count for s in game.shape_list if s.kind == "village")
    posts = R.trading_posts
    majority = game.post_value(posts) * max(R.time_markers + (R.time_printed,))
    islands = neutral_points + village_points + posts * R.first_post + R.chests * R.complete_island * 4 + majority * 4
    cubes = R.cubes_per_colour * len(COLOURS)
    goods_points = sum(g.count for g in game.goods.values()) * (1 + sum(len(t) for t in game.stacks.values()))
    top = (islands + R.rounds * len(COLOURS) * (cubes + 40) + goods_points + max(R.dev_numbers.values())
           + max(R.special_numbers.values()) + 7 + posts + gold + 100)
    return Bounds(max_moves=decisions + chance, min_score=0, max_score=top)
