"""Amerigo: one or more tests per rule id of engines/amerigo/data/rules.toml, and random games for 2, 3
and 4 players that keep every conservation law (49 cubes, 24 progress tiles, production tiles, posts,
village and neutral tiles, goods, pirates) at every step.

Each test names the rule ids it checks in its docstring (first, as a list). tests/test_every_game.py checks,
for every game, that every catalogued rule id is cited here, that every rulebook section cited exists in
the rulebook (001_b95267d5d2ce424f.txt), and the texts, saves, seeds and bots.
"""

from __future__ import annotations

import json
import pickle
import re

import pytest

import engines
from engines import IllegalAction
from engines.amerigo import islands as I
from engines.amerigo import scenarios as S
from engines.amerigo import tower as T
from engines.amerigo.components import (DATA, load_goods, load_islands, load_progress, load_rules, load_shapes,
                                        load_tower, orientations)
from engines.core.data import DataError
from engines.core.rng import Rng
from games import bots, edited, new_for, play_out, rules_of, start_here, step

GAME = "amerigo"
G = engines.get_game(GAME)
BLUE, BLACK, RED, BROWN, GREEN, YELLOW, WHITE = range(7)


# -- helpers --------------------------------------------------------------------------------------------------
new = new_for(GAME, players=2)


def table(players=2, seed=1, colour=GREEN, central=(0, 0, 1, 0, 3, 0, 0), round_=1, prep=None, **options):
    """A match at the first player's choice in a phase whose drop gave `central`; `prep(state, me)`
    arranges the table first (posts, tiles, progress tiles...)."""
    m = new(players, seed, **options)
    state = m.state
    S.finish_setup(G, state, [])
    me = G.turn_order(state)[0]
    if prep:
        prep(state, me)
    tower = [min(1, 7 - central[c]) for c in range(7)]
    S.to_phase(G, state, round_, colour, central, tower_=tower)
    return start_here(m)


def ids(m):
    return sorted(a.id for a in m.legal_actions())


def layout(players=2, seed=1):
    return I.build(G.island_tiles, G.numbers, G.letters, players, seed)


def island_with_post(state, big=False, free=2):
    """An island of the right size and one of its trading-post squares with `free` empty land squares
    beside it."""
    L = state.layout
    for i, squares in enumerate(L.islands):
        if L.island_big[i] != big:
            continue
        for p in L.island_posts[i]:
            beside = [q for q in L.neighbours[p] if L.is_land(q) and L.kind[q] != 3]
            if len(beside) >= free:
                return i, p, beside
    raise AssertionError("no such island")


def conservation(m):
    """The laws every position keeps."""
    st, R = m.state, G.numbers
    L = st.layout
    players = m.players
    for c in range(7):       # 7 cubes of each colour: storage, middle, tray, tower, box
        assert st.storage[c] + st.central[c] + st.tray[c] + st.tower[c] + st.box[c] == 7, (c, st.storage, st.tower)
        assert min(st.storage[c], st.central[c], st.tray[c], st.tower[c]) >= 0
    assert sum(st.tower) <= max(G.tower_model.capacity, sum(st.tower)) and sum(st.storage) + sum(st.tower) + \
        sum(st.central) + sum(st.tray) + sum(st.box) == 49
    progress = list(st.progress_pool) + [t for t in st.display if t] + list(st.progress_gone) + \
        [t for tiles in st.progress for t in tiles]
    assert sorted(progress) == sorted(G.progress_ids)
    for seat in range(players):
        assert set(st.used[seat]) <= set(st.progress[seat])
    production = [k for tiles in st.production_pool.values() for k in tiles] + \
        [k for k in st.production_slots if k >= 0] + list(st.production_gone) + [k for t in st.production for k in t]
    assert sorted(production) == sorted(k for s in G.numbers.production_stacks[players] for k in G.stacks[s])
    assert sorted(st.pirates + st.unseen_pirates) == sorted(R.pirate_values)
    assert len(st.pirates) <= R.pirates_placed
    for seat in range(players):
        on_board = sum(1 for p in st.post if p == seat)
        assert on_board + st.posts_left[seat] == R.trading_posts
        assert 0 <= st.gold[seat] <= R.gold_max and 0 <= st.cannons[seat] <= R.cannon_max
        assert 0 <= st.dev[seat] <= R.dev_spaces and 0 <= st.spec[seat] <= R.special_spaces
        assert sum(st.vp[seat]) >= 0
        for i, s in enumerate(G.village_shapes):
            built = sum(1 for shape, who, _ in st.pieces if shape == s and who == seat)
            assert st.village[seat][i] + st.planned[seat][s] + built == G.shape_list[s].count
    for i, s in enumerate(G.neutral_shapes):
        built = sum(1 for shape, _, _ in st.pieces if shape == s)
        planned = sum(st.planned[seat][s] for seat in range(players))
        assert st.neutral[i] + planned + built == G.shape_list[s].count
    for g in range(len(G.goods_ids)):
        printed = sum(1 for x in L.goods if x == g)
        assert sum(1 for x in st.goods_on if x == g) + sum(st.goods[s][g] for s in range(players)) == printed
    for index, (shape, who, squares) in enumerate(st.pieces):
        assert all(st.cover[q] == index and st.post[q] < 0 and L.is_land(q) for q in squares)
        assert len({L.island_of[q] for q in squares}) == 1
    for i, squares in enumerate(L.islands):
        empty = sum(1 for q in squares if st.cover[q] < 0 and st.post[q] < 0)
        assert st.island_open[i] == empty and st.island_done[i] == (empty == 0)
    assert sum(st.chests) + sum(st.chest_on) <= sum(L.island_big)
    seen = set()
    for seat, ships in enumerate(st.ships):
        for p in ships:
            if 0 <= p < L.squares and not (st.step == "act" and st.order[st.turn] == seat):
                assert L.is_sea(p) and p not in seen, ("two ships on", L.names[p])
                seen.add(p)


# == setup (遊戲準備) ===========================================================================================
@pytest.mark.parametrize("players,tiles,grid,short", [(2, 9, (3, 3), 0), (3, 12, (4, 3), 2), (4, 16, (4, 4), 4)])
def test_island_area_by_player_count(players, tiles, grid, short):
    """am.setup.islands: 9, 12 or 16 island tiles (3 × 3, 4 × 3, 4 × 4), the 4 long frames and 0, 2 or
    4 short ones; the same seed lays out the same islands, another seed others."""
    L = new(players, seed=2).state.layout
    assert len(L.placed) == tiles and (L.tile_columns, L.tile_rows) == grid
    assert len(set(t for t, _ in L.placed)) == tiles
    pieces = {}
    for f in range(L.frames):
        pieces.setdefault(L.frame_piece[f], []).append(L.frame_long[f])
    assert sorted(len(v) for v in pieces.values() if v[0]) == [3, 3, 3, 3]
    assert sum(1 for v in pieces.values() if not v[0]) == short
    assert L.frames == 2 * (grid[0] + grid[1])
    assert new(players, seed=2).state.layout.placed == L.placed
    assert new(players, seed=3).state.layout.placed != L.placed
    events = new(players, seed=2).log
    assert events[0].rule == "am.setup.islands" and events[0].params["tiles"] == tiles


def test_layouts_keep_the_rules_of_assembly():
    """am.setup.assembly: every layout the setup makes has no water closed in by land and no land meeting
    only corner to corner; the checker finds both faults in a hand-made layout."""
    for players in (2, 3, 4):
        for seed in range(12):
            L = layout(players, seed)
            assert I.problems(L, G.numbers) is None
    L = layout(2, 1)
    broken = pickle.loads(pickle.dumps(L.__dict__))      # a private copy to spoil
    fake = object.__new__(I.Layout)
    fake.__dict__.update(broken)
    # a sea square in the middle with land all round it (the 3 x 3 block around it) is closed in
    W = fake.width
    inner = next(q for q in range(W + 1, fake.squares - W - 1) if fake.kind[q] == I.SEA and 0 < q % W < W - 1)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr or dc:
                fake.kind[inner + dr * W + dc] = I.LAND
    assert "closed in" in I.problems(fake, G.numbers)
    fake.__dict__.update(pickle.loads(pickle.dumps(L.__dict__)))
    q = next(q for q in range(fake.squares - W - 1) if q % W < W - 1 and fake.kind[q] == I.SEA
             and fake.kind[q + 1] == I.SEA and fake.kind[q + W] == I.SEA and fake.kind[q + W + 1] == I.SEA)
    fake.kind[q] = fake.kind[q + W + 1] = I.LAND
    assert "corner to corner" in I.problems(fake, G.numbers)
    rows = list(G.island_tiles["A"].rows)
    rows[0] = "#." + rows[0][2:]
    rows[1] = ".#" + rows[1][2:]
    with pytest.raises(DataError, match="corner to corner"):
        from engines.amerigo.components import _check_island_tile
        _check_island_tile("islands.toml: entry 'A'", rows)


def test_big_islands_get_a_chest():
    """am.setup.big-island: 20 land squares or more make a big island, which gets a treasure chest;
    never more big islands than the 5 chests."""
    for players in (2, 3, 4):
        for seed in range(8):
            m = new(players, seed)
            L = m.state.layout
            assert [len(s) >= 20 for s in L.islands] == L.island_big
            assert m.state.chest_on == L.island_big and sum(L.island_big) <= 5
            for i, big in enumerate(L.island_big):
                assert (L.chest_square[i] >= 0) == big
                if big:
                    assert L.island_of[L.chest_square[i]] == i


def test_goods_go_on_their_printed_squares():
    """am.setup.goods: each square printed with a good holds that goods tile; the goods of tiles not in
    play stay in the box."""
    m = new(2, seed=1)
    L = m.state.layout
    printed = sum(sum(1 for row in G.island_tiles[t].rows for ch in row if ch in G.letters) for t, _ in L.placed)
    assert sum(1 for g in m.state.goods_on if g >= 0) == printed < 40
    assert m.state.goods_on == L.goods
    assert all(L.is_land(q) and L.kind[q] == I.LAND for q in range(L.squares) if L.goods[q] >= 0)


def test_time_markers_count_down_and_round_five_counts_one():
    """am.setup.time, am.round.time: 5 on top in round 1, one marker fewer each new round, and the
    printed 1 in round 5."""
    m = new(2, seed=1)
    values = []
    while not m.is_over:
        if m.state.step == "act" and m.state.colour == BLUE and m.state.turn == 0:
            if not values or values[-1][0] != m.round:
                values.append((m.round, G.time_value(m.state)))
        step(m, bots(2))
    assert values == [(1, 5), (2, 4), (3, 3), (4, 2), (5, 1)]
    assert sum(1 for e in m.log if e.rule == "am.round.time") == 4


def test_supply_and_player_pieces():
    """am.setup.supply, am.setup.players: 37 neutral tiles by shape; each player 16 village tiles, 12
    trading posts, 2 ships not yet launched, discs at the start of their tracks."""
    m = new(3, seed=1)
    st = m.state
    assert sum(st.neutral) == 37 and len(st.neutral) == 8
    for seat in range(3):
        assert sum(st.village[seat]) == 16 and st.posts_left[seat] == 12 and st.ships[seat] == [-1, -1]
        assert st.cannons[seat] == st.dev[seat] == st.spec[seat] == 0 and sum(st.vp[seat]) == 0
    assert rules_of(m.log)[:8] == ["am.setup.islands", "am.setup.assembly", "am.setup.big-island",
                                   "am.setup.goods", "am.setup.time", "am.setup.supply", "am.setup.players",
                                   "am.setup.production"]


def test_pirates_are_turned_over_by_chance():
    """am.setup.pirates: the first chance step turns a pirate over, each value as likely as the markers
    nobody has seen (two 0s among six); the others stay unseen."""
    m = new(2, seed=1)
    assert m.pending == "chance"
    step_ = m.chance_step()
    assert step_.rule == "am.setup.pirates"
    odds = {o: p for o, p, _ in m.chance_outcomes()}
    assert odds == pytest.approx({"pirate:0": 2 / 6, "pirate:1": 1 / 6, "pirate:2": 1 / 6, "pirate:3": 1 / 6,
                                  "pirate:4": 1 / 6})
    m.resolve("pirate:3")
    assert m.state.pirates == [3] and sorted(m.state.unseen_pirates) == [0, 0, 1, 2, 4]
    assert m.view()["pirates"]["face_down"] == 4


def test_progress_display_is_filled_by_chance():
    """am.setup.progress: 8 progress tiles turned over one by one from the 24 face down."""
    m = new(2, seed=1)
    m.advance(step=True)
    for n in range(8):
        assert m.chance_step().rule == "am.setup.progress"
        assert len(m.chance_outcomes()) == 24 - n
        m.advance(step=True)
    assert all(m.state.display) and len(m.state.progress_pool) == 16


@pytest.mark.parametrize("players,stacks,shown", [(2, {"II": 30}, 6), (3, {"II": 30, "III": 10}, 8),
                                                  (4, {"II": 30, "III": 10, "IV": 10}, 10)])
def test_production_tiles_by_player_count(players, stacks, shown):
    """am.setup.production: II, II + III or II + III + IV stacks; 6, 8 or 10 tiles shown; each turned
    over by chance from its own stack."""
    m = new(players, seed=1)
    assert {s: len(t) for s, t in m.state.production_pool.items()} == stacks
    assert len(m.state.production_slots) == shown
    while m.state.draws and m.state.draws[0] != "drop":
        rule = m.chance_step().rule
        m.advance(step=True)
    assert rule == "am.setup.production"
    assert all(k >= 0 for k in m.state.production_slots)
    assert [v["stack"] for v in m.view()["production"]["slots"]] == G.slot_stacks(players)


def test_player_order_and_starting_gold():
    """am.setup.order: the discs are stacked at random; the top one plays first; each later player
    starts with one more gold: 0, 1, 2, 3."""
    orders = set()
    for seed in range(6):
        m = new(4, seed)
        order = G.turn_order(m.state)
        orders.add(tuple(order))
        assert [m.state.gold[s] for s in order] == [0, 1, 2, 3]
        assert m.log[[e.rule for e in m.log].index("am.setup.order")].params["seats"] == order
    assert len(orders) > 1


def test_first_drop_puts_all_cubes_through_the_tower():
    """am.setup.tower: the setup ends with all 49 cubes dropped (a sampled chance step); what falls goes
    to the storage spaces, the rest stays inside."""
    m = new(2, seed=1)
    while m.state.draws != ["drop"]:
        m.advance(step=True)
    assert m.chance_step().sampled and m.chance_step().rule == "am.setup.tower" and m.chance_outcomes() == []
    m.advance(step=True)
    st = m.state
    assert sum(st.box) == 0 and sum(st.storage) + sum(st.tower) == 49
    assert 0 < sum(st.tower) <= G.tower_model.capacity
    assert m.round == 1 and m.phase == "blue"
    assert [e.rule for e in m.log][-2:] == ["am.setup.tower", "am.flow.rounds"]


# == the cube tower =============================================================================================
def test_tower_model_numbers_and_memory():
    """am.tower.model: cubes inside fall with 1/3, new cubes catch with 1/3 while the ledges hold fewer
    than 10; what stays inside falls later. Checked over many drops of the model."""
    model = load_tower()
    assert (model.new_catches, model.stuck_falls, model.capacity) == ((1, 3), (1, 3), 10) and model.stand_in
    rng = Rng(5)
    stuck_fell = new_fell = trials = 0
    for _ in range(3000):
        fell = T.drop(model, [3, 0, 0, 0, 0, 0, 0], [0, 6, 0, 0, 0, 0, 0], rng)
        stuck_fell += fell[0]
        new_fell += fell[1]
        trials += 1
    assert abs(stuck_fell / (3 * trials) - 1 / 3) < 0.03
    assert abs(new_fell / (6 * trials) - 2 / 3) < 0.03
    full = T.drop(model, [0] * 7, [7] * 7, Rng(1))
    assert 49 - sum(full) <= 10
    assert T.drop(model, [0] * 7, [0, 0, 0, 5, 0, 0, 0], Rng(2))[3] <= 5
    with pytest.raises(ValueError):
        T.parse_outcome("drop:1,2", 7)


def test_tower_is_a_sampled_step_hidden_from_the_players():
    """am.tower.model: a phase's drop is sampled: it cannot be forced, the generator decides; players'
    views hide the tower's contents, the teacher's view shows them."""
    m = engines.scenario(GAME, "tower")
    assert m.pending == "chance" and m.chance_step().sampled and m.chance_step().rule == "am.tower.model"
    with pytest.raises(IllegalAction) as refusal:
        m.resolve("drop:1,0,0,0,0,0,0")
    assert refusal.value.rule == "core.chance.sampled"
    assert m.view(0)["cubes"]["tower"] is None and m.view(0)["cubes"]["inside"] is None
    assert m.view()["cubes"]["tower"] == m.state.tower and sum(m.state.tower) == 6
    twin = engines.scenario(GAME, "tower")
    m.advance(step=True)
    twin.advance(step=True)
    assert m.state.fell == twin.state.fell     # the seed decides


def test_bumped_cubes_join_the_next_drop():
    """am.tower.bumped, am.phase.drop: a cube that fell into the tray between drops goes into the tower
    with the next phase's cubes; older cubes inside can fall out with them."""
    m = engines.scenario(GAME, "tower")
    assert m.state.tray[YELLOW] == 1
    events = m.advance(step=True)
    st = m.state
    assert st.tray == [0] * 7 and st.dropped == [5, 0, 0, 0, 0, 1, 0]
    assert st.fell == [5, 1, 1, 0, 1, 1, 0]                  # older cubes fell with the blue ones
    assert rules_of(events)[:2] == ["am.phase.drop", "am.phase.result"]
    assert st.central == st.fell and st.ap == 5


# == the flow of a round ===========================================================================================
def test_five_rounds_of_seven_phases_in_colour_order():
    """am.flow.rounds: five rounds; every phase in the order blue, black, red, brown, green, yellow, white."""
    m = new(2, seed=4)
    phases = []
    while not m.is_over:
        if m.state.step == "drop" and (not phases or phases[-1] != (m.round, m.phase)):
            phases.append((m.round, m.phase))
        step(m, bots(2, 4))
    assert phases == [(r, c) for r in range(1, 6) for c in ("blue", "black", "red", "brown", "green", "yellow", "white")]
    assert sum(1 for e in m.log if e.rule == "am.flow.rounds") == 5


def test_turn_order_follows_the_special_track_and_is_fixed_for_the_phase():
    """am.flow.order: the disc furthest along the special-action track plays first (the top disc on a
    shared space); a player who moves up in a phase plays earlier from the next phase on."""
    def prep(state, me):
        state.spec = [2, 2]
        state.arrival = [1, 2]
    m = table(2, 1, colour=WHITE, central=(0, 0, 0, 0, 0, 0, 4), prep=prep)
    assert G.turn_order(m.state) == [1, 0] and m.to_move == 1
    m.play("gold")
    assert m.to_move == 0
    m.play("act:white")
    m.play("order:1")
    assert m.state.order == [1, 0]                # the phase's order stays
    assert G.turn_order(m.state) == [0, 1]        # the next phase's will not


def test_phase_result_colours_and_points():
    """am.phase.result, am.phase.turn: the colours in the middle are the actions on offer, the largest
    count of one colour is the action points; each player chooses once (or takes gold)."""
    m = table(2, 1, colour=BLACK, central=(1, 4, 0, 2, 0, 0, 0))
    assert m.state.ap == 4
    assert ids(m) == ["act:black", "act:blue", "act:brown", "gold"]
    assert m.why_not_rule("act:yellow") == "am.phase.result"
    assert "yellow" in m.why_not("act:yellow").render("en")
    first = m.to_move
    m.play("act:black")
    assert m.legal_actions()[0].id.startswith("load:")
    m.play("load:4")
    assert m.to_move == 1 - first


def test_an_action_is_offered_only_when_it_can_do_something():
    """am.phase.turn: with nothing planned, building is not offered; the refusal says why."""
    m = table(2, 1, colour=GREEN, central=(0, 0, 0, 0, 3, 0, 0))
    assert ids(m) == ["gold"]
    assert m.why_not_rule("act:green") == "am.phase.turn"
    assert "planned" in m.why_not("act:green").render("en")


def test_skipped_phases():
    """am.phase.skip: an empty storage space skips the phase (an automatic step); so does a drop where
    nothing falls out."""
    m = new(2, seed=1)
    while m.state.step != "drop" or m.phase == "setup":
        m.advance(step=True)
    st = m.state
    st.tower[BLUE] += st.storage[BLUE]
    st.storage[BLUE] = 0
    m = start_here(m)
    assert m.pending == "automatic"
    events = m.advance(step=True)
    assert rules_of(events) == ["am.phase.skip"] and m.phase == "black"
    state = pickle.loads(pickle.dumps(m.state))
    events = []
    G.apply_chance(state, "drop:0,0,0,0,0,0,0", events)
    assert rules_of(events) == ["am.phase.drop", "am.phase.skip"] and state.phase == "red"
    assert state.tower[BLACK] == m.state.tower[BLACK] + m.state.storage[BLACK]


def test_cubes_go_back_at_the_end_of_a_phase():
    """am.phase.end: when everyone has played, the middle's cubes return to their storage spaces."""
    m = table(2, 1, colour=BLACK, central=(1, 4, 0, 2, 0, 0, 0))
    storage = list(m.state.storage)
    m.play("gold")
    m.play("gold")
    events = m.advance(step=True)
    assert rules_of(events) == ["am.phase.end"]
    assert m.state.storage == [s + c for s, c in zip(storage, (1, 4, 0, 2, 0, 0, 0))] and m.state.central == [0] * 7
    assert m.phase == "red"


# == gold and action points ======================================================================================
def test_gold_instead_of_an_action():
    """am.gold.instead: the cubes in the middle ÷ 3, rounded up (10 cubes give 4 gold)."""
    m = table(2, 1, colour=BLACK, central=(2, 4, 1, 2, 1, 0, 0))
    seat = m.to_move
    before = m.state.gold[seat]
    events = m.play("gold")
    assert m.state.gold[seat] == before + 4 and events[0].rule == "am.gold.instead"


def test_gold_above_twelve_becomes_points():
    """am.gold.cap: the gold track ends at 12; more gold is points at once."""
    def prep(state, me):
        state.gold[me] = 11
    m = table(2, 1, colour=BLACK, central=(2, 4, 1, 2, 1, 0, 0), prep=prep)
    seat = m.to_move
    events = m.play("gold")
    assert m.state.gold[seat] == 12 and m.state.vp[seat][1] == 3
    assert "am.gold.cap" in rules_of(events)


def test_buying_points_with_gold_chests_and_gold_tiles():
    """am.points.buy, am.gold.chest, am.progress.gold: a step beyond the points left is paid in gold, 1
    for 1; when the track runs short a chest (3 gold), then the smallest 1x gold tile, is cashed."""
    def prep(state, me):
        state.gold[me] = 1
        state.chests[me] = 1
        S.give_progress(state, me, "gold3")
    m = table(2, 1, colour=BLACK, central=(0, 2, 0, 0, 0, 0, 0), prep=prep)
    seat = m.to_move
    assert G.spendable(m.state, seat) == 7
    m.play("act:black")
    assert "load:9" in ids(m) and "load:10" not in ids(m)
    assert m.why_not_rule("load:10") == "am.points.buy"
    events = m.play("load:8")
    assert rules_of(events)[:3] == ["am.gold.chest", "am.progress.gold", "am.points.buy"]
    st = m.state
    assert st.cannons[seat] == 8 and st.chests[seat] == 0 and "gold3" in st.used[seat] and st.gold[seat] == 1


def test_gold_cashed_to_pay_is_not_lost_at_the_tracks_end():
    """am.points.buy, am.gold.cap: a player at 11 gold with a chest may pay 14 (what `spendable` counts):
    the chest's gold goes straight into the payment, none of it is turned into points at the track's end,
    and what is left over goes on the track. (Cashing the chest onto the track first lost 2 gold to the
    cap and then found nothing more to cash: a search bot met this in play.)"""
    m = new(2, seed=3)
    st, seat = m.state, 0
    st.gold[seat], st.chests[seat] = 11, 1
    points = st.vp[seat][:]
    assert G.spendable(st, seat) == 14
    events = []
    G.pay_gold(st, seat, 14, events)
    assert [e.rule for e in events] == ["am.gold.chest"]
    assert st.gold[seat] == 0 and st.chests[seat] == 0 and st.vp[seat] == points
    st.gold[seat], st.chests[seat] = 2, 1
    G.pay_gold(st, seat, 4, events)
    assert st.gold[seat] == 1                       # 2 + 3 - 4: the change goes on the track


def test_every_affordable_payment_can_be_paid():
    """am.points.buy: whatever `spendable` counts can be paid, from any gold, chests and gold tiles;
    the gold paid is exactly the amount, no points are made, and the track stays within 0-12."""
    value = {"gold3": 3, "gold5": 5}
    for gold in range(13):
        for chests in range(3):
            for tiles in ((), ("gold3",), ("gold5",), ("gold3", "gold5")):
                m = new(2, seed=3)
                st = m.state
                st.gold[0], st.chests[0] = gold, chests
                for tile in tiles:
                    S.give_progress(st, 0, tile)
                total = G.spendable(st, 0)
                assert total == gold + 3 * chests + sum(value[t] for t in tiles)
                frozen = pickle.dumps(st)
                for amount in range(total + 1):
                    st = pickle.loads(frozen)
                    points = st.vp[0][:]
                    G.pay_gold(st, 0, amount, [])
                    assert 0 <= st.gold[0] <= 12 and st.vp[0] == points
                    assert G.spendable(st, 0) == total - amount, (gold, chests, tiles, amount)


def test_a_full_track_gives_two_gold():
    """am.gold.track-full: a disc reaching the end with points left gives the rest up for 2 gold; a disc
    already at the end offers only the 2 gold."""
    def prep(state, me):
        state.cannons[me] = 10
    m = table(2, 1, colour=BLACK, central=(0, 5, 0, 0, 0, 0, 0), prep=prep)
    seat = m.to_move
    gold = m.state.gold[seat]
    m.play("act:black")
    assert ids(m) == ["load:1", "load:2"]
    events = m.play("load:2")
    assert rules_of(events) == ["am.cannon.load", "am.gold.track-full"] and m.state.gold[seat] == gold + 2
    other = m.to_move
    m.state.cannons[other] = 12
    edited(m)
    m.play("act:black")
    assert ids(m) == ["load:0"]
    assert m.why_not_rule("load:1") == "am.gold.track-full"
    events = m.play("load:0")
    assert rules_of(events) == ["am.gold.track-full"]


# == (1) moving ships ===========================================================================================
def test_launch_both_ships_on_the_frame():
    """am.move.launch: the first blue action puts both ships on any frame squares, for free."""
    m = table(2, 1, colour=BLUE, central=(3, 0, 0, 0, 0, 0, 0))
    seat = m.to_move
    m.play("act:blue")
    assert ids(m) == sorted(f"launch:frame{i}" for i in range(1, 13))
    m.play("launch:frame1")
    m.play("launch:frame1")                       # frame squares hold any number of ships
    st = m.state
    assert st.ships[seat] == [st.layout.squares] * 2 and st.moved == [0, 0] and st.points == 3
    assert m.state.sub == "move"


def test_sailing_costs_a_point_a_step_for_each_ship():
    """am.move.step: each ship may make as many steps as the action points; a step beyond them costs 1
    gold and raises the points for both ships."""
    m = table(2, 1, colour=BLUE, central=(2, 0, 0, 0, 0, 0, 0))
    seat = m.to_move
    st = m.state
    st.gold[seat] = 1
    m = start_here(m)
    m.play("act:blue")
    m.play("launch:frame1")
    m.play("launch:frame12")
    L = st.layout
    assert "move:1:frame2" in ids(m) and "move:1:frame12" in ids(m)
    assert f"move:1:{L.names[L.frame_beside[0][0]]}" in ids(m)
    m.play("move:1:frame2")
    m.play("move:1:frame3")
    assert m.state.moved == [2, 0]
    m.play("move:1:frame4")                        # beyond the 2 points: 1 gold
    assert m.state.gold[seat] == 0 and m.state.points == 3
    assert m.why_not_rule("move:1:frame5") == "am.points.buy"
    m.play("move:2:frame11")
    m.play("move:2:frame10")
    m.play("move:2:frame9")                        # ship 2 uses the bought point too
    assert m.to_move != seat                        # nothing more to do: the action ended
    assert m.why_not_rule("launch:frame1") == "am.phase.turn"


def test_one_ship_per_island_sea_square_but_ships_pass_through():
    """am.move.occupied: a ship may sail through a square another ship holds, but not stop there: it may
    only enter when it can reach a free square, and cannot end its action there."""
    m = table(2, 1, colour=BLUE, central=(3, 0, 0, 0, 0, 0, 0))
    st = m.state
    seat = m.to_move
    L = st.layout
    other = 1 - seat
    sea = L.frame_beside[0][0]                      # A1, beside frame1
    st.ships[other] = [sea, -1]
    st.ships[seat] = [L.squares, L.squares]
    m = start_here(m)
    m.play("act:blue")
    assert m.state.sub == "move"
    name = L.names[sea]
    assert f"move:1:{name}" in ids(m)
    m.play(f"move:1:{name}")
    assert "done" not in ids(m)
    assert m.why_not_rule("done") == "am.move.occupied"
    assert all(a.id.startswith("move:1:") or a.id.startswith("move:2:") for a in m.legal_actions())
    st.points = st.moved[0]
    st.gold[seat] = 0
    edited(m)
    assert m.why_not_rule(f"move:2:{name}") == "am.move.occupied"


def test_the_end_of_the_action_stays_on_the_board_and_says_why_it_cannot_end():
    """am.move.occupied (try-out, issue 31): while a ship shares an island sea square, "done" is no legal
    move, but the board still offers it as refused, and a click on it says why (a vanished button
    said nothing)."""
    m = table(2, 1, colour=BLUE, central=(3, 0, 0, 0, 0, 0, 0))
    st = m.state
    seat = m.to_move
    L = st.layout
    sea = L.frame_beside[0][0]
    st.ships[1 - seat] = [sea, -1]
    st.ships[seat] = [L.squares, L.squares]
    m = start_here(m)
    m.play("act:blue")
    m.play(f"move:1:{L.names[sea]}")
    refused = {a.id: why for a, why in m.candidates()}
    assert "done" in refused and refused["done"] is not None
    assert "another ship" in refused["done"].render("en")


def test_a_ship_cannot_be_stranded_in_a_dead_end_regression():
    """am.move.occupied (issue 23): ship 1 sails into a dead end held by another ship; ship 2 may then not
    take the square ship 1 came from with the last point, which would leave no legal decision at all.
    Seed 1, 2 players, round 1 blue phase, 2 action points, 0 gold."""
    m = table(2, 1, colour=BLUE, central=(2, 0, 0, 0, 0, 0, 0))
    st = m.state
    seat = m.to_move
    at = st.layout.names.index
    st.ships[1 - seat] = [at("J11"), -1]
    st.ships[seat] = [at("J12"), at("H12")]
    st.gold[seat] = 0
    m = start_here(m)
    for action in ("act:blue", "move:1:J11", "move:2:I12"):
        m.play(action)
        assert m.legal_actions()
    assert "move:2:J12" not in ids(m) and m.why_not_rule("move:2:J12") == "am.move.occupied"
    assert "move:1:J12" in ids(m)
    b = bots(2, 1)
    while m.to_move == seat:
        assert m.legal_actions()
        step(m, b)
    conservation(m)


def test_a_post_that_would_strand_the_other_ship_is_refused():
    """am.move.occupied, am.move.post (issue 23): building a post stops its ship; it is refused when the
    player's other ship, passing through a square another ship holds, could then reach no square to stop on."""
    m = table(4, 1, colour=BLUE, central=(1, 0, 0, 0, 0, 0, 0))
    st = m.state
    L = st.layout
    seat = m.to_move
    anchor, x = next((a, x) for a in range(L.squares) if L.posts_of[a] for x in L.moves[a]
                     if x < L.squares and all(n < L.squares for n in L.moves[x]) and len(L.moves[x]) <= 4)
    blockers = [x] + [n for n in L.moves[x] if n != anchor]
    others = [s for s in range(4) if s != seat]
    spots = blockers + [-1] * (2 * len(others) - len(blockers))
    for i, s in enumerate(others):
        st.ships[s] = spots[2 * i: 2 * i + 2]
    st.ships[seat] = [anchor, x]
    st.gold[seat] = 0
    m = start_here(m)
    m.play("act:blue")
    post = f"post:1:{L.names[L.posts_of[anchor][0]]}"
    assert post not in ids(m) and m.why_not_rule(post) == "am.move.occupied"
    assert m.why_not(post).key == "am.why.post-strands"
    assert f"move:2:{L.names[anchor]}" in ids(m)          # ship 2 may leave by the anchor if ship 1 sails on
    far = next(p for p in L.post_squares if p not in L.posts_of[anchor])
    assert m.why_not(f"post:1:{L.names[far]}").key == "am.why.post-not-beside"


def _crowded_blue_turn(rng, players, seed):
    """A blue action with the ships crowded together: the player's two ships and everybody else's on
    distinct island sea squares near each other, dead ends first; 1-3 points and 0-2 gold."""
    ap = 1 + rng.below(3)
    m = table(players, seed, colour=BLUE, central=(ap, 0, 0, 0, 0, 0, 0))
    st = m.state
    seat = m.to_move
    L = st.layout
    sea = [q for q in range(L.squares) if L.is_sea(q)]
    centre = sea[rng.below(len(sea))]
    near, frontier = [centre], [centre]
    for _ in range(3):
        frontier = [n for q in frontier for n in L.moves[q] if n < L.squares and n not in near]
        near += list(dict.fromkeys(frontier))
    dead = [q for q in near if sum(1 for n in L.moves[q] if n < L.squares) <= 1]
    rest = [q for q in near if q not in dead]
    rng.shuffle(dead)
    rng.shuffle(rest)
    spots = dead + rest
    ships = 2 * players
    if len(spots) < ships:
        return None
    chosen = spots[:ships]
    rng.shuffle(chosen)
    for s in range(players):
        st.ships[s] = chosen[2 * s: 2 * s + 2]
    st.gold[seat] = rng.below(3)
    return start_here(m)


def test_no_decision_is_ever_left_without_a_legal_action():
    """am.move.occupied, am.move.post (issue 23): a search that tries hard to strand ships. In 1500 crowded
    blue actions (2-4 players, 40 seeds) it mostly plays the nastiest choice: a post while its other ship
    shares a square, else a step onto a square a ship holds or into a dead end, and rarely ends early, so
    the last points get spent. At every decision some action is legal, and the action ends with no two
    ships on one island sea square. (With the old rule it strands a ship both ways: by a step and by a post.)"""
    rng = Rng(23)
    trials, tried = 1500, 0
    for trial in range(trials):
        players, seed = 2 + trial % 3, 1 + trial % 40
        m = _crowded_blue_turn(rng, players, seed)
        if m is None:
            continue
        st, L = m.state, m.state.layout
        seat = m.to_move
        m.play("act:blue")
        tried += 1
        while m.to_move == seat and st.sub == "move":
            legal = m.legal_actions()
            assert legal, ("no legal action", players, seed, st.ships)
            taken = {p for ships in st.ships for p in ships if 0 <= p < L.squares}
            sharing = any(G.occupied(st, p, (seat, k)) for k, p in enumerate(st.ships[seat]))

            def nasty(a):
                if a.id.startswith("post:"):
                    return 6 if sharing else 2
                if not a.id.startswith("move:"):
                    return 0
                where = G.position_index(st, a.id.split(":")[2])
                if where >= L.squares:
                    return 0
                dead_end = sum(1 for n in L.moves[where] if n < L.squares) <= 1
                return 3 * (where in taken) + 2 * dead_end + 1
            best = max(nasty(a) for a in legal)
            pick = [a for a in legal if nasty(a) == best] if rng.below(5) else legal
            m.play(pick[rng.below(len(pick))].id)
        spots = [p for ships in st.ships for p in ships if 0 <= p < L.squares]
        assert len(spots) == len(set(spots)), ("two ships share a square", st.ships)
    assert tried > trials * 3 // 4


def test_a_post_may_be_built_across_a_tile_edge():
    """am.move.post (issue 23): an anchor serves every trading-post square beside it, also one on the
    neighbouring island tile; where two are beside it, the player chooses."""
    def beside(L, a):                       # the trading-post squares beside a square, own tile first
        return sorted((q for q in L.neighbours[a] if L.kind[q] == I.POST), key=lambda q: L.tile_of[q] != L.tile_of[a])
    for seed in range(1, 50):
        m = table(2, seed, colour=BLUE, central=(3, 0, 0, 0, 0, 0, 0))
        st = m.state
        L = st.layout
        anchor = next((a for a in range(L.squares) if L.kind[a] == I.ANCHOR and len(beside(L, a)) == 2), None)
        if anchor is not None:
            break
    own, across = beside(L, anchor)
    assert L.tile_of[own] == L.tile_of[anchor] != L.tile_of[across]
    seat = m.to_move
    st.ships[seat] = [anchor, L.squares]
    m = start_here(m)
    m.play("act:blue")
    posts = [i for i in ids(m) if i.startswith("post:1:")]
    assert posts == sorted(f"post:1:{L.names[p]}" for p in (own, across))
    events = m.play(f"post:1:{L.names[across]}")
    assert rules_of(events)[0] == "am.move.post" and st.post[across] == seat and st.post[own] < 0
    assert anchor in L.anchors_of[across]
    assert m.why_not_rule(f"post:1:{L.names[own]}") == "am.move.post"


def test_trading_posts_and_the_first_post_on_an_island():
    """am.move.post, am.move.first-post: a ship on an anchor builds a post on the square beside it (its
    move then ends); the first post on an island scores 3, a later one nothing."""
    m = table(2, 1, colour=BLUE, central=(3, 0, 0, 0, 0, 0, 0))
    st = m.state
    seat = m.to_move
    L = st.layout
    island, p, _ = island_with_post(st)
    anchor = L.anchors_of[p][0]
    st.ships[seat] = [anchor, L.squares]
    m = start_here(m)
    m.play("act:blue")
    post = f"post:1:{L.names[p]}"
    assert post in ids(m) and not any(i.startswith("post:2") for i in ids(m))
    events = m.play(post)
    assert rules_of(events)[:2] == ["am.move.post", "am.move.first-post"]
    assert st.post[p] == seat and st.posts_left[seat] == 11 and sum(st.vp[seat]) == 3 and st.stopped[0]
    assert m.why_not_rule(f"move:1:{L.names[L.moves[anchor][0]]}") == "am.move.post"
    m.play("done")
    other = m.to_move
    second = next(q for q in L.island_posts[island] if q != p)
    st.ships[other] = [L.anchors_of[second][0], L.squares]
    edited(m)
    m.play("act:blue")
    events = m.play(f"post:1:{L.names[second]}")
    assert "am.move.first-post" not in rules_of(events) and sum(st.vp[other]) == 0
    assert m.why_not_rule(f"post:1:{L.names[second]}") == "am.move.post"


def test_every_sea_square_a_ship_cannot_reach_says_why():
    """am.move.step, am.move.launch, am.move.post: while the ships wait for the frame or sail, the board
    is offered every sea square (and every frame square) for each ship, the unreachable ones refused with
    the reason, so that no click on the sea is silent."""
    m = new(3, seed=1)
    while m.to_move is None:
        m.advance()
    m.play("act:blue")
    L = m.state.layout
    sea = [q for q in range(L.squares) if L.is_sea(q)]
    offered = {a.id: why for a, why in m.candidates()}
    assert all(f"move:1:{L.names[q]}" in offered for q in sea)
    why = offered[f"move:1:{L.names[sea[0]]}"]
    assert why is not None and m.why_not_rule(f"move:1:{L.names[sea[0]]}") == "am.move.launch"
    assert "frame" in why.render("en") and "邊框" in why.render("zh-Hant")
    m.play("launch:frame1")
    m.play("launch:frame1")
    offered = {a.id: why for a, why in m.candidates()}
    legal = {a.id for a in m.legal_actions()}
    moves = [i for i in offered if i.startswith("move:")]
    assert len(moves) == 2 * (len(sea) + len(L.frame_names)) and legal <= set(offered)
    far = next(i for i in moves if i not in legal and not i.endswith(":frame1") and i.startswith("move:1:"))
    assert offered[far] is not None and m.why_not_rule(far) == "am.move.step"
    assert "one square at a time" in offered[far].render("en")
    assert m.why_not("move:1:frame1").render("en") == "Ship 1 is on frame 1 already."
    # land is not offered (a ship never goes there) but still explained when asked
    land = next(q for q in range(L.squares) if L.is_land(q))
    assert f"move:1:{L.names[land]}" not in offered and m.why_not_rule(f"move:1:{L.names[land]}") == "am.move.step"


def test_each_way_a_tile_lies_has_its_own_name():
    """am.build.place: the ways a tile can be turned are told apart by words in both languages, in the
    view (the board's picker draws them) and in the build actions' labels: two ways never share a label."""
    from engines.core.texts import Text
    for s, shape in enumerate(G.shape_list):
        keys = G.way_keys[s]
        if len(keys) == 1:
            assert keys == [None]
            continue
        for lang in ("en", "zh-Hant", "zh-Hans"):
            names = [Text(k).render(lang) for k in keys]
            assert len(set(names)) == len(names) and all(names), (shape.id, lang, names)
    assert G.way_keys[G.shape_ids.index("n2")] == ["am.way.down", "am.way.across"]
    assert sorted(G.way_keys[G.shape_ids.index("n5u")]) == ["am.way.gap-bottom", "am.way.gap-left",
                                                            "am.way.gap-right", "am.way.gap-top"]
    assert set(G.way_keys[G.shape_ids.index("v3l")]) == {"am.way.gap-top-left", "am.way.gap-top-right",
                                                         "am.way.gap-bottom-left", "am.way.gap-bottom-right"}

    def prep(state, me):
        island, p, beside = island_with_post(state, free=3)
        S.post(G, state, me, p)
        S.plan(G, state, me, "v3l")
        S.plan(G, state, me, "n2")
    m = table(2, 1, colour=GREEN, central=(0, 0, 0, 0, 4, 0, 0), prep=prep)
    m.play("act:green")
    view = m.view()
    assert view["shapes"]["v3l"]["way_names"] == G.way_keys[G.shape_ids.index("v3l")]
    for lang in ("en", "zh-Hant"):
        labels = {}
        for a in m.legal_actions():
            if a.kind == "lay":
                square = a.id.split(":")[2]
                labels.setdefault((a.id.split(":")[1], square), []).append(a.label.render(lang))
        assert labels and all(len(set(v)) == len(v) for v in labels.values()), labels
    lay = next(a for a in m.legal_actions() if a.id.startswith("lay:n2:"))
    way = G.way_keys[G.shape_ids.index("n2")][int(lay.id.split(":")[3])]
    assert Text(way).render("en") in lay.label.render("en")


def test_load_cannons():
    """am.cannon.load: 1 point a cannon, up to 12."""
    m = table(2, 1, colour=BLACK, central=(0, 5, 0, 0, 0, 0, 0))
    seat = m.to_move
    m.state.gold[seat] = 0
    m = start_here(m)
    m.play("act:black")
    assert ids(m) == sorted(f"load:{n}" for n in range(1, 6))
    m.play("load:5")
    assert m.state.cannons[seat] == 5


# == (3) planning, (5) building ====================================================================================
def test_planning_neutral_and_village_tiles():
    """am.plan.neutral, am.plan.village: a neutral tile costs its squares, one a phase; village tiles cost
    1 each, as many as the points allow."""
    m = table(2, 1, colour=RED, central=(0, 0, 5, 0, 0, 0, 0))
    seat = m.to_move
    m.state.gold[seat] = 0
    m = start_here(m)
    m.play("act:red")
    assert "plan:n6" not in ids(m) and "plan:n5u" in ids(m) and "plan:v4o" in ids(m)
    assert m.why_not_rule("plan:n6") == "am.points.buy"
    m.play("plan:n3l")
    assert m.why_not_rule("plan:n1") == "am.plan.neutral"
    assert m.why_not("plan:n1").render("en") == "You may take only 1 neutral landscape tile in a phase."
    m.play("plan:v4o")
    m.play("plan:v1")
    st = m.state
    assert st.planned[seat][G.shape_ids.index("n3l")] == st.planned[seat][G.shape_ids.index("v1")] == 1
    assert m.to_move != seat                       # all 5 points used: the action ended


def test_build_next_to_your_post_on_land():
    """am.build.place, am.build.land, am.build.adjacent, am.build.score: planned tiles go on empty land
    of an island where the player has a post, touching the post or a placed tile; a small island pays
    the smaller value."""
    def prep(state, me):
        island, p, beside = island_with_post(state)
        S.post(G, state, me, p)
        S.plan(G, state, me, "n1")
        S.plan(G, state, me, "v2")
        prep.where = (island, p, beside)
    m = table(2, 1, colour=GREEN, central=(0, 0, 0, 0, 3, 0, 0), prep=prep)
    island, p, beside = prep.where
    st = m.state
    L = st.layout
    seat = m.to_move
    m.play("act:green")
    lays = [a.id for a in m.legal_actions() if a.id.startswith("lay:n1:")]
    assert sorted(lays) == sorted(f"lay:n1:{L.names[q]}:0" for q in L.islands[island]
                                  if any(m_ == p for m_ in L.neighbours[q]) and st.post[q] < 0)
    far = next(q for q in L.islands[island] if q not in beside and q != p and st.post[q] < 0
               and all(n != p for n in L.neighbours[q]))
    assert m.why_not_rule(f"lay:n1:{L.names[far]}:0") == "am.build.adjacent"
    sea = next(q for q in range(L.squares) if L.is_sea(q))
    assert m.why_not_rule(f"lay:n1:{L.names[sea]}:0") == "am.build.land"
    other_island = next(i for i in range(len(L.islands)) if i != island)
    q = L.islands[other_island][0]
    assert st.post[q] < 0 and all(st.post[x] != seat for x in L.islands[other_island])
    assert m.why_not_rule(f"lay:n1:{L.names[q]}:0") == "am.build.place"      # no post of the builder there
    assert m.why_not(f"lay:n1:{L.names[q]}:0").key == "am.why.lay-no-post"
    assert m.why_not_rule(f"lay:n1:{L.names[p]}:0") == "am.build.post-square"  # the post itself is never covered
    target = beside[0]
    events = m.play(f"lay:n1:{L.names[target]}:0")
    assert events[0].rule == "am.build.place" and st.vp[seat][0] == 2 and st.cover[target] >= 0


def test_build_many_tiles_big_island_goods_and_post_squares():
    """am.build.many, am.build.score, am.build.goods, am.build.post-square: several tiles in one action;
    a big island pays the larger value; goods under a tile go to its builder; a tile may cover an empty
    trading-post square (no post can be built there afterwards) but never a post."""
    def prep(state, me):
        L = state.layout
        big = next(i for i, b in enumerate(L.island_big) if b)
        p = L.island_posts[big][0]
        S.post(G, state, me, p)
        for _ in range(3):
            S.plan(G, state, me, "v1")
        prep.big = (big, p)
    m = table(2, 1, colour=GREEN, central=(0, 0, 0, 0, 4, 0, 0), prep=prep)
    big, p = prep.big
    st, L = m.state, m.state.layout
    seat = m.to_move
    m.play("act:green")
    goods = [q for q in L.islands[big] if st.goods_on[q] >= 0]
    posts = [q for q in L.island_posts[big] if q != p]
    assert m.why_not_rule(f"lay:v1:{L.names[p]}:0") == "am.build.post-square"
    # lay a path of village tiles from the post and take any goods on the way
    before = sum(st.goods[seat])
    laid = 0
    while m.to_move == seat and laid < 3:
        choice = next((a for a in m.legal_actions() if a.id.startswith("lay:")
                       and st.layout.names.index(a.id.split(":")[2]) in goods + posts), None) or \
            next(a for a in m.legal_actions() if a.id.startswith("lay:"))
        events = m.play(choice.id)
        laid += 1
        assert events[0].params["points"] == 2          # village tile on a big island
    assert laid == 3 and st.vp[seat][0] == 6
    taken = sum(st.goods[seat]) - before
    assert taken == sum(1 for _, who, sq in st.pieces for q in sq if L.goods[q] >= 0)
    covered_posts = [q for q in L.island_posts[big] if st.cover[q] >= 0]
    for q in covered_posts:
        anchor = L.anchors_of[q][0]
        st.ships[seat] = [anchor, -1]
        st.stopped = [False, False]
        assert q not in G.post_squares(st, seat, 0)


def test_completing_an_island_scores_posts_by_number():
    """am.build.complete, am.build.majority: the last empty square filled: 3 extra points for the
    builder; every player with posts there scores 1, 3, 6 ... times the time marker (round 2: 4)."""
    m = engines.scenario(GAME, "complete-island")
    st = m.state
    me = m.to_move
    other = next(s for s in range(3) if s != me and s in st.post)
    assert m.state.round == 2 and G.time_value(st) == 4
    m.play("act:green")
    lay = [a.id for a in m.legal_actions() if a.id.startswith("lay:")]
    assert len(lay) == 1
    before = {s: st.vp[s][0] for s in range(3)}
    events = m.play(lay[0])
    # the rulebook's order ((5)建造(綠色)): the tile's points, then the 3 for completing, then every player
    # with posts there, once each
    assert rules_of(events)[-3:] == ["am.build.complete", "am.build.majority", "am.build.majority"]
    assert events[-3].seat == me and {e.seat for e in events[-2:]} == {me, other}
    assert st.vp[me][0] - before[me] == 1 + 3 + 3 * 4          # the tile, completing, 2 posts
    assert st.vp[other][0] - before[other] == 1 * 4             # 1 post
    island = st.layout.island_of[st.layout.names.index(lay[0].split(":")[2])]
    assert st.island_done[island] and st.island_open[island] == 0
    assert G.post_value(6) == 21 and G.post_value(7) == 28 and G.post_value(8) == 36


def test_a_post_can_complete_an_island_and_a_big_island_gives_its_chest():
    """am.build.complete, am.gold.chest: when the last empty square is a trading-post square, a post
    completes the island; a big island's chest goes to the player who completes it."""
    m = table(2, 1, colour=BLUE, central=(3, 0, 0, 0, 0, 0, 0))
    st = m.state
    L = st.layout
    seat = m.to_move
    big = next(i for i, b in enumerate(L.island_big) if b)
    last = L.island_posts[big][0]
    state = st
    for q in L.islands[big]:
        if q != last:
            state.cover[q] = 0
    state.pieces.append((0, 1 - seat, ()))
    state.island_open[big] = 1
    state.ships[seat] = [L.anchors_of[last][0], L.squares]
    m = start_here(m)
    m.play("act:blue")
    events = m.play(f"post:1:{L.names[last]}")
    assert "am.build.complete" in rules_of(events)
    assert st.island_done[big] and st.chests[seat] == 1 and not st.chest_on[big]
    assert st.vp[seat][0] == 3 + 3 + 1 * 5


# == (6) production, (4) development, (7) special action =====================================================
def test_buy_production_tiles():
    """am.production.buy: a production tile costs its number; several may be bought; the space is empty."""
    m = table(2, 1, colour=YELLOW, central=(0, 0, 0, 0, 0, 6, 0))
    st = m.state
    seat = m.to_move
    st.gold[seat] = 0
    m = start_here(m)
    m.play("act:yellow")
    options = [a for a in m.legal_actions() if a.id.startswith("buy:")]
    cheap = min(options, key=lambda a: a.params["cost"])
    slots = list(st.production_slots)
    m.play(cheap.id)
    assert len(st.production[seat]) == 1 and st.spent == cheap.params["cost"]
    assert sum(1 for k in st.production_slots if k < 0) == sum(1 for k in slots if k < 0) + 1


def test_identical_production_tiles_are_two_options():
    """am.production.buy (try-out, issue 31): two identical tiles on the display, one from pile II and one
    from pile III, are two options, each buying the tile of its own space; the label names the pile."""
    m = table(3, 1, colour=YELLOW, central=(0, 0, 0, 0, 0, 6, 0))
    st = m.state
    seat = m.to_move
    k = st.production_slots[0]
    st.production_slots[-1] = k                      # the last space (pile III) shows the same tile
    st.gold[seat] = 0
    m = start_here(m)
    m.play("act:yellow")
    name = G.production_names[k]
    last = len(st.production_slots)
    both = [f"buy:{name}:1", f"buy:{name}:{last}"]
    assert set(both) <= set(ids(m))
    labels = {a.id: a.label.render("en") for a in m.legal_actions() if a.id in both}
    assert "pile II)" in labels[both[0]] and "pile III)" in labels[both[1]]
    m.play(both[1])
    assert st.production_slots[-1] == -1 and st.production_slots[0] == k and st.production[seat] == [k]
    assert any("pile III" in e.text("en") for e in m.log[-2:])
    assert m.why_not_rule(both[1]) in ("am.production.buy", "am.points.buy", "am.phase.turn")


def test_the_log_names_track_spaces_by_their_printed_numbers():
    """am.develop.move, am.special.order, am.end.development (try-out, issue 31): a disc's space is named as
    the sheet prints it (the number on the space), never counted from the start."""
    R = G.numbers
    m = table(2, 1, colour=BROWN, central=(0, 0, 0, 5, 0, 0, 0))
    first = min(R.dev_numbers)
    m.play("act:brown")
    m.play(f"develop:{first}")
    said = m.log[-1].text("en")
    assert f"printed {R.dev_numbers[first]}" in said and f"space {first}" not in said
    m = table(2, 1, colour=WHITE, central=(0, 0, 0, 0, 0, 0, 5))
    first = min(R.special_numbers)
    m.play("act:white")
    m.play(f"order:{first}")
    said = m.log[-1].text("zh-Hant")
    assert f"印著{R.special_numbers[first]}的" in said


def test_development_takes_progress_tiles():
    """am.develop.move, am.develop.tile: 1 point a space; each numbered space reached or passed gives a
    progress tile of the player's choice from the display (or none)."""
    m = table(2, 1, colour=BROWN, central=(0, 0, 0, 5, 0, 0, 0))
    st = m.state
    seat = m.to_move
    m.play("act:brown")
    m.play("develop:4")                               # spaces 2 and 4 carry numbers
    assert st.dev[seat] == 4 and st.takes == 2 and st.sub == "take"
    tile = st.display[0]
    m.play(f"take:{tile}")
    assert tile in st.progress[seat] and st.display[0] is None
    assert m.why_not_rule(f"take:{tile}") == "am.develop.tile"
    m.play("take:none")
    assert m.to_move != seat and len(st.progress[seat]) == 1


def test_empty_progress_display_gives_nothing():
    """am.develop.tile: with the display empty there is nothing to take."""
    def prep(state, me):
        state.progress_gone += [t for t in state.display if t]
        state.display = [None] * len(state.display)
    m = table(2, 1, colour=BROWN, central=(0, 0, 0, 3, 0, 0, 0), prep=prep)
    m.play("act:brown")
    events = m.play("develop:3")
    assert events[-1].key == "am.log.take.empty"


def test_special_track_order_and_special_action():
    """am.special.order, am.special.action: a point a space forward, landing on top of other discs; or
    the white cube becomes the colour of the player's space and that action is taken."""
    m = engines.scenario(GAME, "special-action")
    st = m.state
    seat = m.to_move
    m.play("act:white")
    assert "special" in ids(m) and "order:4" in ids(m)
    special = next(a for a in m.legal_actions() if a.id == "special")
    assert special.params == {"action": "am.action.red"}      # the white cube takes the colour of the player's space
    m.play("special")
    assert st.sub == "plan" and st.action == RED and st.points == 4 and st.gold[seat] == 1
    m.play("plan:n4i")                                # the 4 points spent; the gold left could buy one more
    assert m.to_move == seat and st.sub == "plan" and "done" in ids(m)    # so the action goes on until ended
    m.play("done")
    other = m.to_move
    assert other != seat
    m.play("act:white")
    m.play("order:4")
    assert st.spec[other] == 4 and G.turn_order(st)[0] == other


# == end of a round ===============================================================================================
def test_pirates_attack():
    """am.round.pirates, am.progress.pirates-half: cannons go back by the pirates' total; enough cannons
    repel them; too few lose the whole total (half, rounded up, with the tile), never below 0 points."""
    m = engines.scenario(GAME, "pirates")
    st = m.state
    assert st.pirates == [0, 3]
    events = m.advance(step=True)
    assert st.cannons == [2, 0, 0]
    assert sum(st.vp[0]) == 6 and sum(st.vp[1]) == 0 and sum(st.vp[2]) == 8 - 2
    assert {e.rule for e in events} == {"am.round.pirates", "am.progress.pirates-half"}
    assert m.phase == "new-round"


def test_the_pirates_log_says_the_points_lost_once_and_the_floor_only_when_it_applies():
    """am.round.pirates (try-out, issue 31): equal cannons repel the pirates; a loss is said once, and
    "has only" only when the score cannot pay it all."""
    m = table(2, 1, colour=WHITE, central=(0, 0, 0, 0, 0, 0, 1))
    st = m.state
    st.pirates = [3]
    st.unseen_pirates.remove(3)
    st.cannons = [3, 1]
    st.vp[1][0] = 1
    st.vp[0][0] = 0
    edited(m)
    events = []
    G._pirates(st, events)
    texts = {e.seat: (e.key, e.text("en")) for e in events if e.seat is not None}
    assert texts[0][0] == "am.log.repel" and st.cannons[0] == 0
    assert texts[1][0] == "am.log.lose.floor" and "has only 1" in texts[1][1]
    assert "taken:" not in texts[1][1]


def test_a_new_round_reveals_a_pirate_moves_the_display_and_replaces_production():
    """am.round.reveal, am.round.progress, am.round.production, am.round.time: the right half of the
    display leaves the game, the left half moves right and 4 new tiles come; new production tiles; one
    more pirate (each a chance step); one time marker fewer."""
    m = engines.scenario(GAME, "pirates")
    st = m.state
    m.advance(step=True)
    left = st.display[:4]
    production = list(st.production_slots)
    events = m.advance(step=True)
    assert rules_of(events) == ["am.round.time", "am.round.progress", "am.round.production"]
    assert st.display[4:] == left and st.display[:4] == [None] * 4
    assert st.production_slots == [-1] * 8 and sorted(st.production_gone) == sorted(k for k in production if k >= 0)
    assert m.chance_step().rule == "am.round.reveal"
    m.advance(step=True)                             # the planned draw: a pirate of 0
    assert st.pirates == [0, 3, 0]
    for _ in range(4):
        assert m.chance_step().rule == "am.round.progress"
        m.advance(step=True)
    assert all(st.display[:4]) and st.display[4:] == left
    assert m.chance_step().rule == "am.round.production"
    while m.state.draws:
        m.advance(step=True)
    assert all(k >= 0 for k in st.production_slots) and m.round == 3 and m.phase == "blue"


def test_final_scoring():
    """am.end.trigger, am.end.gold, am.end.goods, am.end.development, am.end.order, am.progress.seven,
    am.progress.post-points, am.progress.gold-points, am.progress.pirates-gold: after round 5's
    pirates, gold (1x gold tiles cashed), goods × production (+1 printed), the largest numbers reached
    on the tracks and the E tiles are scored."""
    m = engines.scenario(GAME, "final-scoring")
    st = m.state
    posts = [sum(1 for p in st.post if p == s) for s in range(2)]
    goods = [list(g) for g in st.goods]
    events = m.advance()
    assert m.is_over
    rules = rules_of(m.log)
    for rule in ("am.end.trigger", "am.end.gold", "am.end.goods", "am.end.development", "am.end.order",
                 "am.progress.seven", "am.progress.post-points", "am.progress.gold-points", "am.progress.pirates-gold"):
        assert rule in rules, rule
    parts = [m.scores()[s]["parts"] for s in range(2)]
    assert parts[0]["gold"] == 5 + 2 + 12 and parts[1]["gold"] == 7 + 1 + 12     # tile 5: 9 + 5 = 14
    production = [[1] * 5 for _ in range(2)]
    for s in range(2):
        for k in st.production[s]:
            production[s][G.goods_ids.index(G.production_kinds[k][0])] += 1
    for s in range(2):
        assert parts[s]["goods"] == sum(a * b for a, b in zip(goods[s], production[s]))
    assert parts[0]["development"] == 6 and parts[1]["development"] == 15
    assert parts[0]["order"] == 5 and parts[1]["order"] == 2
    assert parts[0]["progress"] == 7 + posts[0] and parts[1]["progress"] == 12
    assert events[-1].rule == "am.end.tie"


def test_ties_go_to_the_player_ahead_in_order():
    """am.end.tie: equal points: the player ahead on the special-action track wins."""
    m = new(2, seed=1)
    st = m.state
    st.vp = [[10, 0, 0, 0, 0, 0, 0], [10, 0, 0, 0, 0, 0, 0]]
    st.spec = [3, 3]
    st.arrival = [5, 4]
    assert G.winners(st) == [0]
    st.arrival = [4, 5]
    assert G.winners(st) == [1]
    st.spec = [4, 3]
    assert G.winners(st) == [0]


# == progress tiles ===============================================================================================
def test_progress_tiles_data_and_kinds():
    """am.progress.kinds: 24 tiles as the rulebook lists them: 10 extra points, 3 pirates, 2 planning and
    building, 1 player order, 4 gold, 4 points; ∞, 1x and E tiles; a 1x tile is turned face down once used."""
    tiles = load_progress()
    effects = [t.effect for t in tiles.values()]
    assert len(tiles) == 24
    assert effects.count("plus") + effects.count("ships") == 10
    assert sum(effects.count(e) for e in ("pirates", "pirates-half", "pirates-gold")) == 3
    assert sum(effects.count(e) for e in ("plan-two", "swap")) == 2 and effects.count("first") == 1
    assert sum(effects.count(e) for e in ("gold", "gold-post", "gold-half")) == 4
    assert sum(effects.count(e) for e in ("score-cubes", "post-points", "points", "gold-points")) == 4
    kinds = [t.kind for t in tiles.values()]
    assert kinds.count("once") == 5 and kinds.count("end") == 3 and kinds.count("permanent") == 16


def test_extra_points_tiles():
    """am.progress.plus-two, am.progress.plus-one: 2 more points for one colour's action, 1 more for
    either of two colours."""
    def prep(state, me):
        S.give_progress(state, me, "plus2-black")
        S.give_progress(state, me, "plus1-black-yellow")
    m = table(2, 1, colour=BLACK, central=(0, 3, 0, 0, 0, 0, 0), prep=prep)
    events = m.play("act:black")
    assert m.state.points == 6 and "am.progress.plus-two" in rules_of(events)


def test_every_bonus_event_cites_the_rule_of_its_tile():
    """am.progress.plus-two, am.progress.plus-one, am.special.action: every progress tile that adds action
    points to an action says so in an event of its own, naming the tile and citing the rule of that tile: a
    tile for one colour (rulebook (1) A) cites am.progress.plus-two, a tile for either of two colours (B)
    am.progress.plus-one; also when the action is the white cube's special action."""
    from engines.amerigo.components import COLOURS
    plus = {t: p for t, p in G.progress_tiles.items() if p.effect == "plus"}
    assert {len(p.colours) for p in plus.values()} == {1, 2}
    expected_rule = {1: "am.progress.plus-two", 2: "am.progress.plus-one"}
    for colour in (BLUE, BLACK, RED, BROWN, YELLOW):
        held = sorted(t for t, p in plus.items() if COLOURS[colour] in p.colours)
        central = [0] * 7
        central[colour] = 3

        def prep(state, me, held=held):
            for t in held:
                S.give_progress(state, me, t)
        m = table(2, 1, colour=colour, central=tuple(central), prep=prep)
        events = m.play(f"act:{COLOURS[colour]}")
        bonus = [e for e in events if e.key == "am.log.bonus"]
        assert sorted(e.params["tile"] for e in bonus) == [f"am.progress-tile.{t}" for t in held], colour
        for e in bonus:
            tile = plus[e.params["tile"].removeprefix("am.progress-tile.")]
            assert e.rule == expected_rule[len(tile.colours)] and e.params["points"] == tile.amount
        assert m.state.points == 3 + sum(plus[t].amount for t in held)
    # the white cube become red on a red space: the red tiles' bonus, each with its own rule
    m = engines.scenario(GAME, "special-action")
    me = m.to_move
    for t in ("plus2-red", "plus1-blue-red"):
        S.give_progress(m.state, me, t)
    m.play("act:white")
    events = m.play("special")
    bonus = [(e.rule, e.params["tile"]) for e in events if e.key == "am.log.bonus"]
    assert sorted(bonus) == [("am.progress.plus-one", "am.progress-tile.plus1-blue-red"),
                             ("am.progress.plus-two", "am.progress-tile.plus2-red")]
    # and no other event of the game cites a bonus rule
    for event in play_out(new(3, seed=4), seed=4).log:
        if event.rule in expected_rule.values():
            tile = plus[event.params["tile"].removeprefix("am.progress-tile.")]
            assert event.key == "am.log.bonus" and event.rule == expected_rule[len(tile.colours)]


def test_sailing_tile_adds_eight():
    """am.progress.ships: once, in a blue action, 8 more points."""
    def prep(state, me):
        S.give_progress(state, me, "ships8")
    m = table(2, 1, colour=BLUE, central=(2, 0, 0, 0, 0, 0, 0), prep=prep)
    seat = m.to_move
    m.play("act:blue")
    m.play("launch:frame1")
    m.play("launch:frame2")
    m.play("use:ships8")
    assert m.state.points == 10 and "ships8" in m.state.used[seat]
    assert "use:ships8" not in ids(m) and m.why_not_rule("use:ships8") == "am.progress.kinds"


def test_stronger_pirates_for_all_or_for_the_others():
    """am.progress.pirates-stronger: +2 for every player (the rulebook); with the option pirate_tile =
    "others", the holder is spared."""
    for option, mine in (("all", 5), ("others", 3)):
        m = new(2, seed=1, pirate_tile=option)
        st = m.state
        S.finish_setup(G, st, [])
        S.reveal_pirates(st, [3])
        S.give_progress(st, 0, "pirates-stronger")
        assert G.pirate_strength(st, 0) == mine and G.pirate_strength(st, 1) == 5


def test_stronger_pirates_raise_the_strength_but_not_the_points_lost():
    """am.round.pirates, am.progress.pirates-stronger, am.progress.pirates-half (issue 23): the +2 tile
    raises what the cannons must cover and how far they go back; a player who cannot repel still loses
    the markers' total (half of it with the half-loss tile), not the raised strength."""
    m = new(3, seed=1)
    st = m.state
    S.finish_setup(G, st, [])
    st.pirates, st.unseen_pirates = [], list(G.numbers.pirate_values)
    S.reveal_pirates(st, [3])
    S.give_progress(st, 0, "pirates-stronger")
    S.give_progress(st, 2, "pirates-half")
    st.cannons = [5, 4, 4]
    st.vp = [[10] + [0] * (len(st.vp[0]) - 1) for _ in range(3)]
    st.step = st.phase = "pirates"
    st.round = 1
    G._pirates(st, [])
    assert st.cannons == [0, 0, 0]                  # 5 cover strength 5; 4 do not
    assert [sum(v) for v in st.vp] == [10, 10 - 3, 10 - 2]


def test_gold_for_repelling_pirates():
    """am.progress.pirates-gold: 2 gold for repelling the pirates completely, also against strength 0."""
    m = new(2, seed=1)
    st = m.state
    S.finish_setup(G, st, [])
    S.give_progress(st, 0, "pirates-gold")
    st.step = st.phase = "pirates"
    st.round = 1
    events = []
    G._pirates(st, events)
    assert st.gold[0] == 2 + (0 if G.turn_order(st)[0] == 0 else 1)
    assert "am.progress.pirates-gold" in rules_of(events)


def test_plan_two_neutral_tiles():
    """am.progress.plan-two: two neutral tiles in one red action."""
    def prep(state, me):
        S.give_progress(state, me, "plan-two")
    m = table(2, 1, colour=RED, central=(0, 0, 6, 0, 0, 0, 0), prep=prep)
    m.play("act:red")
    m.play("plan:n2")
    m.play("plan:n3i")
    assert m.why_not_rule("plan:n1") == "am.plan.neutral"


def test_red_green_swap():
    """am.progress.swap: the holder may take green cubes as red, red as green."""
    def prep(state, me):
        S.give_progress(state, me, "swap")
    m = table(2, 1, colour=GREEN, central=(0, 0, 0, 0, 3, 0, 0), prep=prep)
    assert "act:red" in ids(m)
    m.play("act:red")
    assert m.state.action == RED and m.state.points == 3


def test_first_place_tile():
    """am.progress.first: in a white action, the disc goes on top of the first player's; not offered to
    the first player."""
    def prep(state, me):
        other = 1 - me
        S.give_progress(state, other, "first")
        state.spec[me] = 5
    m = table(2, 1, colour=WHITE, central=(0, 0, 0, 0, 0, 0, 2), prep=prep)
    first = m.to_move
    m.play("gold")
    second = m.to_move
    m.play("act:white")
    assert "use:first" in ids(m)
    m.play("use:first")
    assert m.state.spec[second] == 5 and G.turn_order(m.state)[0] == second
    assert "first" in m.state.used[second]
    del first


def test_gold_tiles():
    """am.progress.gold, am.progress.gold-post, am.progress.gold-half, am.progress.score-cubes: 1x gold
    tiles count as gold to pay with; 1 gold for each later post; gold instead of an action ÷ 2; points
    for the cubes instead of an action."""
    def prep(state, me):
        S.give_progress(state, me, "gold-half")
        S.give_progress(state, me, "score-cubes")
        S.give_progress(state, me, "gold5")
    m = table(2, 1, colour=BLACK, central=(1, 4, 0, 0, 0, 0, 2), prep=prep)
    seat = m.to_move
    gold = m.state.gold[seat]
    assert G.spendable(m.state, seat) == gold + 5
    gold_action = next(a for a in m.legal_actions() if a.id == "gold")
    assert gold_action.params["gold"] == 4                      # 7 cubes ÷ 2, rounded up
    twin = m.clone()
    events = twin.play("score-cubes")
    assert twin.state.vp[seat][3] == 7 and "score-cubes" in twin.state.used[seat]
    assert rules_of(events) == ["am.progress.score-cubes"]
    events = m.play("gold")
    assert rules_of(events)[0] == "am.progress.gold-half"
    m2 = table(2, 1, colour=BLUE, central=(3, 0, 0, 0, 0, 0, 0),
               prep=lambda state, me: S.give_progress(state, me, "gold-post"))
    st = m2.state
    seat = m2.to_move
    island, p, _ = island_with_post(st)
    st.ships[seat] = [st.layout.anchors_of[p][0], st.layout.squares]
    m2 = start_here(m2)
    gold = st.gold[seat]
    m2.play("act:blue")
    events = m2.play(f"post:1:{st.layout.names[p]}")
    assert "am.progress.gold-post" in rules_of(events) and st.gold[seat] == gold + 1


# == components and their stand-ins ========================================================================
def test_data_files_load_and_errors_name_file_entry_and_field(tmp_path):
    """am.component.islands, am.component.tiles, am.component.tracks, am.component.production: the data
    files validate and keep the rulebook's totals; a mistake names the file, entry and field."""
    R = load_rules()
    assert R.dev_numbers[R.dev_spaces] == 15 and R.stand_in
    shapes = load_shapes()
    assert sum(s.count for s in shapes.values() if s.kind == "neutral") == 37
    assert sum(s.count for s in shapes.values() if s.kind == "village") == 16
    assert [len(orientations(s.cells)) for s in shapes.values()][:8] == [1, 2, 2, 4, 2, 1, 4, 2]
    goods, stacks = load_goods()
    assert {s: len(t) for s, t in stacks.items()} == {"II": 30, "III": 10, "IV": 10}
    for g in goods:
        values = sorted(c for s in stacks.values() for gg, c in s if gg == g)
        assert values == [2, 2, 2, 3, 3, 3, 3, 4, 4, 4]
    tiles = load_islands(goods)
    assert len(tiles) == 16 and all(t.source == "stand-in" for t in tiles.values())
    cases = [
        ("tiles.toml", lambda p: load_shapes(p), ("count = 6", "count = 7"), "37 neutral"),
        ("tiles.toml", lambda p: load_shapes(p), ('cells = ["##", "#."]', 'cells = ["#.", ".#"]'), "field 'cells'"),
        ("goods.toml", lambda p: load_goods(p), ("per_goods = 2", "per_goods = 3"), "stack II"),
        ("islands.toml", lambda p: load_islands(goods, p), ('rows = [".K#.", ".TT.", "aPPa", "...."]',
                                                           'rows = [".K#.", ".TT.", "a#Pa", "...."]'), "entry 'A'"),
        ("progress.toml", lambda p: load_progress(p), ('kind = "once"', 'kind = "permanent"'), "field 'kind'"),
        ("game.toml", lambda p: load_rules(p), ("[special]", "[specal]"), "missing table [special]"),
        ("tower.toml", lambda p: load_tower(p), ("new_catches = [1, 3]", "new_catches = [4, 3]"), "new_catches"),
    ]
    for name, loader, (old, new_), message in cases:
        original = (DATA / name).read_text(encoding="utf-8")
        assert old in original, old
        path = tmp_path / name
        path.write_text(original.replace(old, new_, 1), encoding="utf-8")
        with pytest.raises(DataError, match=re.escape(message)):
            loader(path)


def test_stand_ins_are_marked_in_the_view():
    """am.component.islands, am.component.tracks: the view says which values are stand-ins."""
    view = new(2, seed=1).view()
    assert view["stand_in"] == {"islands": True, "tiles": True, "tracks": True, "tower": True, "progress": True}


# == properties: random games ==================================================================================
@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (4, {}), (3, {"pirate_tile": "others"})])
def test_random_games_keep_every_law(players, options):
    """Random full games for 2, 3 and 4 players (and the other pirate tile rule) never crash, keep all 49
    cubes and every tile, post, good and pirate accounted for, at every step, and end after 5 rounds."""
    for seed in range(2):
        m = new(players, seed=10 * players + seed, **options)
        b = bots(players, seed)
        steps = 0
        while not m.is_over:
            conservation(m)
            step(m, b)
            steps += 1
            assert steps < 5000
        conservation(m)
        assert m.phase == "over" and m.round == 5
        json.dumps(m.view())


def test_greedy_games_and_scenarios_keep_every_law():
    """Greedy bots build posts, tiles and complete islands; the laws hold there too, and in every
    scenario."""
    m = new(3, seed=3)
    b = bots(3, 3, engines.GreedyBot)
    while not m.is_over:
        step(m, b)
        conservation(m)
    assert any(e.rule == "am.build.place" for e in m.log) and any(e.rule == "am.move.post" for e in m.log)
    for name in G.scenarios():
        m = engines.scenario(GAME, name)
        conservation(m)
        play_out(m, 2)
        conservation(m)


def test_action_ids_are_stable_and_readable():
    """Action ids read like the board: act:green, gold, launch:frame3, move:1:C4, post:2:D5, load:3,
    plan:n3l, lay:v2:D5:1, buy:coffee:3:7 (a production tile by its space: two identical tiles are two options),
    take:swap, order:2, special, done."""
    pattern = re.compile(r"act:(blue|black|red|brown|green|yellow|white)|gold|score-cubes|launch:frame\d+|"
                         r"move:[12]:([A-P]\d+|frame\d+)|post:[12]:[A-P]\d+|use:(ships8|first)|special|done|"
                         r"(load|develop|order):\d+|take:[a-z0-9\-]+|plan:[nv]\d[a-z]?|lay:[nv]\d[a-z]?:[A-P]\d+:\d|"
                         r"buy:[a-z]+:\d:\d+")
    m = new(3, seed=4)
    b = bots(3, 4, engines.GreedyBot)
    while not m.is_over:
        for a in m.legal_actions():
            assert pattern.fullmatch(a.id), a.id
        step(m, b)


def test_illegal_move_changes_nothing():
    """A refused move raises IllegalAction naming the rule and leaves the match as it was."""
    m = table(2, 1, colour=GREEN, central=(0, 0, 0, 0, 3, 0, 0))
    before = m.view()
    with pytest.raises(IllegalAction) as refusal:
        m.play("act:green")
    assert refusal.value.rule == "am.phase.turn" and m.view() == before
    with pytest.raises(IllegalAction):
        m.play("fly:away")
    assert m.why_not_rule("load:3") == "am.phase.turn"


def test_texts_write_no_plural_in_brackets():
    """The log and the refusals read right for every count: no English text of the game writes "tile(s)"
    (issue 26); a count takes the noun that suits it ({n:count(tile|tiles)}: "1 neutral landscape tile")."""
    from engines.core import texts
    engines.get_game(GAME)
    found = [k for k in texts.catalog_keys() if k.startswith("am.") and "(s)" in texts.template(k, "en")]
    assert not found, found
