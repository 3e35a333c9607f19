"""Amerigo for search and learning: the numbered action and chance tables, the observation, the bounds.

Everything is derived from the data files (the grid by player count, the frame, the shapes and their
ways to lie, the progress tiles, the production tiles, the tracks) and from the names the rules code
gives its actions and outcomes (amerigo.py). Nothing here decides what is legal.
"""

from __future__ import annotations

from ..core.observation import Part, one_hot, one_hot_rows, part
from .components import COLOURS
from .islands import column_name, frame_name

PHASES = ("setup", *COLOURS, "pirates", "new-round", "final", "over")
SUBS = ("", "choose", "launch", "move", "load", "plan", "develop", "take", "build", "buy", "white")


def grid_names(game, players) -> tuple[list[str], list[str]]:
    """The square names and frame names of the island area for this player count."""
    R = game.numbers
    cols, rows = R.grid[players]
    n = len(next(iter(game.island_tiles.values())).rows)
    width, height = cols * n, rows * n
    squares = [f"{column_name(q % width)}{q // width + 1}" for q in range(width * height)]
    frames = [frame_name(f) for f in range(2 * (cols + rows))]
    return squares, frames


def action_ids(game, players: int, options: dict) -> list[tuple]:
    """Every action as (kind, args): its id is written by its move's declaration (`Game.action_id`). A square or
    frame square is an arg by its name ("move:1:D1"), the same in every player count's table."""
    R = game.numbers
    squares, frames = grid_names(game, players)
    ids = [("act", (c,)) for c in range(len(COLOURS))] + [("gold", ()), ("score-cubes", ())]
    ids += [("launch", (f,)) for f in range(len(frames))]
    ids += [("move", (k, p)) for k in range(R.ships) for p in squares + frames]
    ids += [("post", (k, q)) for k in range(R.ships) for q in squares]
    ids += [("use", ("ships8",)), ("use", ("first",)), ("special", ()), ("done", ())]
    ids += [("load", (n,)) for n in range(R.cannon_max + 1)]
    ids += [("develop", (n,)) for n in range(R.dev_spaces + 1)]
    ids += [("order", (n,)) for n in range(R.special_spaces + 1)]
    ids += [("take", (t,)) for t in game.progress_ids] + [("take", ("none",))]
    ids += [("plan", (s,)) for s in range(len(game.shape_ids))]
    ids += [("lay", (s, q, o)) for s in range(len(game.shape_list)) for q in squares
            for o in range(len(game.orients[s]))]
    # a production tile by its space on the display (1 to the number shown): two identical tiles are two options
    ids += [("buy", (k, slot)) for k in range(len(game.production_names))
            for slot in range(len(game.slot_stacks(players)))]
    return ids


def chance_ids(game, players: int, options: dict) -> list[str]:
    ids = [f"pirate:{v}" for v in game.pirate_values]
    ids += [f"progress:{t}" for t in game.progress_ids]
    ids += [f"production:{name}" for name in game.production_names]
    return ids


def observation_parts(game, players: int, options: dict) -> list[Part]:
    """The observation, part by part (engines/core/observation.py). Everything in Amerigo is public but
    what lies face down and what is inside the tower: the face-down pirates, progress and production
    tiles are counted by kind (they follow from what everyone has seen); the tower's contents are left
    out (a player sees them only by counting).

    The phase and the action being taken; the cubes in view; per square its terrain, printed good, good
    still there, tile, post and island state; the ships; each player's sheet; the supply board."""
    S = len(grid_names(game, players)[0])
    return [*_turn_parts(game, players), *_island_parts(game, players, S),
            *(_sheet(game, s) for s in range(players)), _supply_board(game, players)]


def _turn_parts(g, players: int) -> list[Part]:
    """The round, phase and action being taken; whose move and which seat observes; the cubes in view."""
    R, colours = g.numbers, len(COLOURS)
    # the action's one-hots, made once: this part is encoded again at almost every step
    phase_row = dict(zip(PHASES, one_hot_rows(len(PHASES))))
    sub_row = dict(zip(SUBS, one_hot_rows(len(SUBS))))
    colour_row = one_hot_rows(colours + 1)             # -1, no colour: the last place

    @part(("round", 1), ("phase", len(PHASES)), ("colour", colours + 1), ("sub", len(SUBS)), ("action", colours + 1),
          ("ap", 1), ("points", 1), ("spent", 1), ("moved", R.ships), ("stopped", R.ships), ("takes", 1),
          ("neutral_taken", 1),
          key=lambda state: (state.round, state.phase, state.colour, state.sub, state.action, state.ap, state.points,
                             state.spent, state.moved, state.stopped, state.takes, state.neutral_taken))
    def action(state, seat):
        return [state.round, *phase_row.get(state.phase, phase_row[PHASES[0]]), *colour_row[state.colour],
                *sub_row.get(state.sub, sub_row[SUBS[0]]), *colour_row[state.action], state.ap, state.points,
                state.spent, *state.moved[:R.ships], *map(int, state.stopped[:R.ships]), state.takes,
                state.neutral_taken]

    @part(("to_move", players), ("me", players), per_seat=True, key=lambda state: (state.to_move,))
    def seats(state, seat):
        return one_hot(-1 if state.to_move is None else state.to_move, players + 1)[:players] + one_hot(seat, players)

    @part(("storage", colours), ("central", colours), ("tray", colours),
          key=lambda state: (state.storage, state.central, state.tray))
    def cubes(state, seat):
        return state.storage + state.central + state.tray

    return [action, seats, cubes]


def _island_parts(g, players: int, S: int) -> list[Part]:
    """Per square of the islands: terrain and printed goods, goods left, tiles and posts, islands' state;
    then the ships."""
    # The layout of islands is drawn at the setup and never changes during a match.
    @part(("square.terrain", S), ("square.printed_goods", S), key=lambda state: (state.layout,))
    def terrain(state, seat):
        L = state.layout
        return L.kind + [k + 1 for k in L.goods]

    @part(*[(f"square.{name}", S) for name in ("goods", "tile_owner", "tile_shape", "post")],
          key=lambda state: (state.goods_on, state.cover, state.pieces, state.post))
    def squares(state, seat):
        pieces = state.pieces
        owner = [pieces[c][1] + 1 if c >= 0 else 0 for c in state.cover]
        shape = [pieces[c][0] + 1 if c >= 0 else 0 for c in state.cover]
        return [k + 1 for k in state.goods_on] + owner + shape + [p + 1 for p in state.post]

    @part(("square.island_big", S), ("square.island_done", S), key=lambda state: (state.layout, state.island_done))
    def islands(state, seat):
        L, done = state.layout, state.island_done
        return ([int(i >= 0 and L.island_big[i]) for i in L.island_of]
                + [int(i >= 0 and done[i]) for i in L.island_of])

    @part(("ships", players * g.numbers.ships), key=lambda state: (*state.ships,))
    def ships(state, seat):
        return [p + 1 for ships in state.ships for p in ships]

    return [terrain, squares, islands, ships]


def _sheet(g, s: int) -> Part:
    """Player `s`'s sheet: points, gold, the tracks, goods, production, progress tiles, plans and posts."""
    progress_index = {t: i for i, t in enumerate(g.progress_ids)}
    goods_index = {k: i for i, k in enumerate(g.goods_ids)}

    @part(*[(f"player{s}.{name}", n) for name, n in (
        ("points", 7), ("gold", 1), ("cannons", 1), ("development", 1), ("special", 1), ("order", 1),
        ("goods", len(g.goods_ids)), ("production", len(g.goods_ids)), ("progress", len(g.progress_ids)),
        ("used", len(g.progress_ids)), ("planned", len(g.shape_list)), ("village", len(g.village_shapes)),
        ("posts_left", 1), ("chests", 1))],
          key=lambda state: (state.vp[s], state.gold[s], state.cannons[s], state.dev[s], state.spec, state.arrival,
                             state.goods[s], state.production[s], state.progress[s], state.used[s], state.planned[s],
                             state.village[s], state.posts_left[s], state.chests[s]))
    def encode(state, seat):
        production = [0] * len(g.goods_ids)
        for k in state.production[s]:
            production[goods_index[g.production_kinds[k][0]]] += 1
        held = [0] * len(g.progress_ids)
        used = [0] * len(g.progress_ids)
        for t in state.progress[s]:
            held[progress_index[t]] = 1
        for t in state.used[s]:
            used[progress_index[t]] = 1
        return [*state.vp[s], state.gold[s], state.cannons[s], state.dev[s], state.spec[s],
                g.turn_order(state).index(s), *state.goods[s], *production, *held, *used, *state.planned[s],
                *state.village[s], state.posts_left[s], state.chests[s]]
    return encode


def _supply_board(g, players: int) -> Part:
    """The supply board: progress tiles on display, production tiles, neutral tiles, pirates, what lies
    face down (by kind), the time marker."""
    R = g.numbers
    progress_index = {t: i for i, t in enumerate(g.progress_ids)}

    @part(("display", R.progress_shown), ("production", len(g.slot_stacks(players))), ("neutral", len(g.neutral_shapes)),
          ("pirates", len(R.pirate_values) + 1), ("unseen_pirates", len(g.pirate_values)), ("progress_face_down", 1),
          ("production_face_down", 3), ("time", 1),
          key=lambda state: (state.display, state.production_slots, state.neutral, state.pirates, state.unseen_pirates,
                             len(state.progress_pool), *(len(state.production_pool.get(s, ())) for s in ("II", "III", "IV")),
                             state.time_index))
    def supply_board(state, seat):
        pirates = state.pirates + [-1] * (len(R.pirate_values) - len(state.pirates))
        return ([progress_index[t] + 1 if t else 0 for t in state.display] + [k + 1 for k in state.production_slots]
                + state.neutral + [p + 1 for p in pirates] + [sum(state.pirates)]
                + [state.unseen_pirates.count(v) for v in g.pirate_values] + [len(state.progress_pool)]
                + [len(state.production_pool.get(s, ())) for s in ("II", "III", "IV")] + [g.time_value(state)])
    return supply_board


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
