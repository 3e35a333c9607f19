"""Prepared positions of Amerigo for lessons and classroom demos.

Each one starts from a normal seeded setup, turns over the setup's tiles in a fixed order, and lays out
the table a moment of the rules needs. Every piece comes from where the rules keep it: tiles from the
supply or a player's village tiles, trading posts from the player's twelve, progress tiles from the
face-down pile or the display, cubes split between the storage spaces, the middle, the tray and the
tower (7 of each colour in all). What the scenario shows next is certain: a listed draw is planned
(`Scenario.draws`), and a tower drop, a sampled step, follows from the scenario's seed.
"""

from __future__ import annotations

from ..core.game import Scenario
from . import tower
from .components import COLOURS

BLUE, BLACK, RED, BROWN, GREEN, YELLOW, WHITE = range(7)


# -- laying out the table ---------------------------------------------------------------------------------
def finish_setup(game, state, events, fell=(6, 6, 6, 6, 6, 6, 6)):
    """Turn over the setup's tiles (the first of each kind still face down) and make the first drop give
    `fell`; the first round's blue phase is then about to drop its cubes."""
    count = 0
    while state.draws:
        if state.draws[0] == "drop":
            outcome = tower.outcome_id(list(fell))
        else:
            outcomes = game.chance(state).outcomes
            outcome = outcomes[(count * 7) % len(outcomes)].id        # a fixed mix, not always the first
            count += 1
        game.apply_chance(state, outcome, events)


def cubes(state, tower_=(0,) * 7, central=(0,) * 7, tray=(0,) * 7):
    """Put the cubes where the scenario needs them; the storage spaces hold the rest (7 of each colour)."""
    total = 7
    for c in range(7):
        rest = total - tower_[c] - central[c] - tray[c]
        if rest < 0:
            raise ValueError(f"scenario: more than {total} {COLOURS[c]} cubes")
        state.storage[c] = rest
    state.tower, state.central, state.tray = list(tower_), list(central), list(tray)
    state.box = [0] * 7


def give_progress(state, seat, tile):
    if tile in state.progress_pool:
        state.progress_pool.remove(tile)
    elif tile in state.display:
        state.display[state.display.index(tile)] = None
    else:
        raise ValueError(f"scenario: progress tile {tile!r} is not face down or on display")
    state.progress[seat].append(tile)


def show_progress(state, tiles):
    """Lay these tiles on the progress display (from the face-down pile), replacing what lay there."""
    for i, tile in enumerate(tiles):
        old = state.display[i]
        if old is not None:
            state.progress_pool.append(old)
        state.progress_pool.remove(tile)
        state.display[i] = tile


def reveal_pirates(state, values):
    for v in values:
        state.unseen_pirates.remove(v)
        state.pirates.append(v)


def post(game, state, seat, q):
    L = state.layout
    if L.kind[q] != 3 or state.post[q] >= 0 or state.cover[q] >= 0 or not state.posts_left[seat]:
        raise ValueError(f"scenario: cannot build a post of seat {seat} on {L.names[q]}")
    state.post[q] = seat
    state.posts_left[seat] -= 1
    island = L.island_of[q]
    state.island_posted[island] = True
    state.island_open[island] -= 1


def piece(game, state, seat, shape_id, squares):
    """A tile already built by `seat` on these squares (taken from the supply or their village tiles)."""
    s = game.shape_ids.index(shape_id)
    shape = game.shape_list[s]
    L = state.layout
    if shape.kind == "neutral":
        i = game.neutral_shapes.index(s)
        if not state.neutral[i]:
            raise ValueError(f"scenario: no {shape_id} left in the supply")
        state.neutral[i] -= 1
    else:
        i = game.village_shapes.index(s)
        if not state.village[seat][i]:
            raise ValueError(f"scenario: seat {seat} has no {shape_id} left")
        state.village[seat][i] -= 1
    if len(squares) != shape.size or any(not L.is_land(q) or state.cover[q] >= 0 or state.post[q] >= 0 for q in squares):
        raise ValueError(f"scenario: {shape_id} does not fit on {[L.names[q] for q in squares]}")
    index = len(state.pieces)
    state.pieces.append((s, seat, tuple(squares)))
    for q in squares:
        state.cover[q] = index
        if state.goods_on[q] >= 0:
            state.goods[seat][state.goods_on[q]] += 1
            state.goods_on[q] = -1
    state.island_open[L.island_of[squares[0]]] -= len(squares)


def plan(game, state, seat, shape_id):
    s = game.shape_ids.index(shape_id)
    shape = game.shape_list[s]
    if shape.kind == "neutral":
        state.neutral[game.neutral_shapes.index(s)] -= 1
    else:
        state.village[seat][game.village_shapes.index(s)] -= 1
    state.planned[seat][s] += 1


def to_phase(game, state, round_, colour, central, tower_=(0,) * 7, tray=(0,) * 7):
    """It is round `round_`, and the `colour` phase's drop gave `central`: the first player chooses."""
    state.round = round_
    state.time_index = round_ - 1
    for value in (2, 1, 3, 0, 4, 0):
        if len(state.pirates) < round_ and value in state.unseen_pirates:
            reveal_pirates(state, [value])
    cubes(state, tower_, central, tray)
    state.colour = colour
    state.phase = COLOURS[colour]
    state.order = game.turn_order(state)
    state.fell = list(central)
    state.dropped = [0] * 7
    state.dropped[colour] = sum(central)
    state.ap = max(central)
    state.step = "act"
    state.turn = 0
    game._begin_turn(state)


def fill_order(state, island, skip):
    """The island's empty squares but `skip`, in an order in which each touches a post or a tile laid before."""
    L = state.layout
    done = {q for q in L.islands[island] if state.post[q] >= 0}
    order, frontier = [], sorted(done)
    while frontier:
        q = frontier.pop(0)
        for m in L.neighbours[q]:
            if m != skip and m not in done and L.island_of[m] == island and state.cover[m] < 0:
                done.add(m)
                order.append(m)
                frontier.append(m)
    return order


def reachable_without(state, island, skip) -> bool:
    L = state.layout
    empty = [q for q in L.islands[island] if state.post[q] < 0 and q != skip]
    return len(fill_order(state, island, skip)) == len(empty)


def learner_first(state, seat=0):
    """Put `seat`'s disc on top of the stack: that player plays first (the lessons' learner is Player 1)."""
    state.arrival[seat] = max(state.arrival) + 1


def start_gold(game, state):
    """The start gold of the order of play now (0 for the first player, then 1 more each): a round-1
    position whose order the scenario changed keeps the set-up's rule."""
    for place, seat in enumerate(game.turn_order(state)):
        state.gold[seat] = place * game.numbers.start_gold_step


def progress_to_round(state, round_):
    """As many progress tiles out of the game, and as few face down, as at the start of round `round_` of a
    played game: each new round, as many tiles as half the display left the game and as many were turned
    over. The display keeps the tiles the scenario shows; those gone are taken from the face-down pile
    (the last ones in a fixed order), since the tiles out of the game are not seen."""
    half = len(state.display) // 2
    for _ in range(round_ - 1):
        gone = sorted(state.progress_pool)[-half:]
        for t in gone:
            state.progress_pool.remove(t)
        state.progress_gone += gone


def smallest_island_with_posts(game, state, posts=3, largest=12):
    L = state.layout
    found = [i for i, squares in enumerate(L.islands)
             if len(L.island_posts[i]) >= posts and len(squares) <= largest and not L.island_big[i]]
    if not found:
        raise ValueError("scenario: no small island with enough trading-post squares in this layout")
    return min(found, key=lambda i: (len(L.islands[i]), i))


# -- the scenarios -----------------------------------------------------------------------------------------
def tower_scenario(game) -> Scenario:
    """Round 1 begins. The first drop left cubes of several colours inside the tower, and a yellow cube
    fell into the tray when the tower was bumped: the blue drop will bring older cubes with it."""
    def prepare(state, events):
        finish_setup(game, state, events, fell=(5, 6, 6, 7, 5, 6, 7))      # 7 cubes stay inside
        cubes(state, tower_=(2, 1, 1, 0, 2, 0, 0), tray=(0, 0, 0, 0, 0, 1, 0))
        learner_first(state)
        start_gold(game, state)
        state.order = game.turn_order(state)
        state.scenario_note = "tower"
        game.settle(state)
    return Scenario(players=3, seed=0, prepare=prepare)


def pirates_scenario(game) -> Scenario:
    """The end of round 2: pirates of 2 and 3 attack. Player 1 has cannons enough, Player 2 too few,
    and Player 3 too few but holds the tile that halves the loss."""
    def prepare(state, events):
        finish_setup(game, state, events)
        reveal_pirates(state, [3])
        state.round = 2
        state.time_index = 1
        cubes(state, tower_=(1, 0, 1, 1, 0, 1, 1))
        state.colour = -1
        state.phase = state.step = "pirates"
        state.order = game.turn_order(state)
        first = state.pirates[0]
        total = first + 3
        state.cannons = [total + 2, 2, 1]
        state.vp[0][1], state.vp[1][1], state.vp[2][1] = 6, 3, 8
        give_progress(state, 2, "pirates-half")
        progress_to_round(state, 2)
        state.scenario_note = "pirates"
        game.settle(state)
    return Scenario(players=3, seed=2, prepare=prepare, draws=("pirate:0",))


def complete_island_scenario(game) -> Scenario:
    """Round 2, the green phase. One square of a small island is still empty; Player 1, first to play, has
    a village tile planned for it and two trading posts there, Player 2 has one."""
    def prepare(state, events):
        finish_setup(game, state, events)
        L = state.layout
        island = smallest_island_with_posts(game, state)
        me, other, third = 0, 1, 2
        learner_first(state, me)
        squares = L.islands[island]
        posts_ = L.island_posts[island]
        post(game, state, me, posts_[0])
        post(game, state, other, posts_[1])
        post(game, state, me, posts_[2])
        empty = [q for q in squares if state.post[q] < 0]
        target = next(q for q in empty if any(state.post[m] == me for m in L.neighbours[q])
                      and reachable_without(state, island, q))
        fillers = [(other, "v1"), (me, "n1"), (other, "n1"), (me, "v1")] * 4
        for q in fill_order(state, island, target):
            who, shape = fillers.pop(0)
            piece(game, state, who, shape, [q])
        plan(game, state, me, "v1")
        state.vp[me][0] = state.vp[other][0] = 3 + 2
        progress_to_round(state, 2)
        to_phase(game, state, 2, GREEN, central=(0, 0, 1, 0, 3, 0, 0), tower_=(1, 1, 0, 1, 1, 1, 0))
        state.scenario_note = "complete-island"
        game.settle(state)
    return Scenario(players=3, seed=3, prepare=prepare)


def special_action_scenario(game) -> Scenario:
    """Round 3, the white phase: only white and black cubes fell. Player 1's disc stands first, on a
    red space of the special-action track, so the white cube can become the planning action."""
    def prepare(state, events):
        finish_setup(game, state, events)
        red = game.numbers.special_colours.index("red")
        state.spec[0] = red
        learner_first(state)
        progress_to_round(state, 3)
        to_phase(game, state, 3, WHITE, central=(0, 2, 0, 0, 0, 0, 4), tower_=(1, 0, 1, 1, 0, 1, 0))
        state.scenario_note = "special-action"
        game.settle(state)
    return Scenario(players=2, seed=3, prepare=prepare)


def final_scoring_scenario(game) -> Scenario:
    """Round 5 is over but for the pirates; then the final scoring counts gold (with a 1x gold tile still
    to cash), goods times production, the tracks and the E tiles. The islands show what the
    players built: each has trading posts, with tiles on goods squares beside them."""
    def prepare(state, events):
        finish_setup(game, state, events)
        L = state.layout
        reveal_pirates(state, [0, 1, 2, 3])
        state.round = 5
        state.time_index = 4
        cubes(state, tower_=(1, 1, 0, 1, 1, 0, 1))
        # every tile has been shown by now: what nobody took has left the game
        state.progress_gone = list(state.progress_pool) + [t for t in state.display if t]
        state.progress_pool, state.display = [], [None] * len(state.display)
        for seat, tiles in ((0, ["gold5", "seven", "post-points"]), (1, ["gold-points", "pirates-gold"])):
            for t in tiles:
                state.progress_gone.remove(t)
                state.progress[seat].append(t)
        gone = [k for tiles in state.production_pool.values() for k in tiles] + \
            [k for k in state.production_slots if k >= 0]
        state.production_pool = {stack: [] for stack in state.production_pool}
        state.production_slots = [-1] * len(state.production_slots)
        for seat, goods in ((0, "cotton"), (0, "cotton"), (1, "sugar"), (1, "coffee")):
            k = next(k for k in gone if game.production_kinds[k][0] == goods)
            gone.remove(k)
            state.production[seat].append(k)
        state.production_gone = gone
        # trading posts with a tile on a goods square beside them, for each player in turn
        seat = 0
        for p in range(L.squares):
            if L.kind[p] != 3 or state.post[p] >= 0 or state.island_done[L.island_of[p]]:
                continue
            beside = [q for q in L.neighbours[p] if state.goods_on[q] >= 0 and state.cover[q] < 0]
            if not beside or sum(1 for x in state.post if x >= 0) >= 6:
                continue
            first = not state.island_posted[L.island_of[p]]
            post(game, state, seat, p)
            piece(game, state, seat, "v1", [beside[0]])
            state.vp[seat][0] += (3 if first else 0) + (2 if L.island_big[L.island_of[p]] else 1)
            seat = 1 - seat
        state.colour = -1
        state.phase = state.step = "pirates"
        state.order = game.turn_order(state)
        state.gold = [9, 11]
        state.cannons = [3, 12]
        state.dev = [11, 20]
        state.spec = [8, 4]
        state.arrival = [3, 4]
        state.vp[0][1] += 5
        state.vp[1][1] += 7
        state.scenario_note = "final-scoring"
        game.settle(state)
    return Scenario(players=2, seed=5, prepare=prepare)


SCENARIOS = {
    "tower": tower_scenario,
    "pirates": pirates_scenario,
    "complete-island": complete_island_scenario,
    "special-action": special_action_scenario,
    "final-scoring": final_scoring_scenario,
}
