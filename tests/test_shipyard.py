"""Shipyard (2nd edition): one or more tests per rule id of engines/shipyard/data/rules.toml, the test cruise
worked out by hand, and random games that keep every conservation law.

Each test names the rule ids it checks in its docstring (first, as a list). tests/test_every_game.py checks,
for every game, that every catalogued rule id is cited here, that every rulebook section cited exists in
the rulebook (004_017077f0df3214e5.txt), and the texts, saves, seeds and bots.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

import engines
from engines import IllegalAction
from engines.core.data import DataError
from engines.core.rng import Rng
from engines.core.texts import has_text
from engines.shipyard import scenarios as S
from engines.shipyard.components import (ACTIONS, DATA, ITEMS, load_canal, load_contracts, load_employees,
                                         load_goods, load_numbers, load_parts, load_rondels)
from games import bots, new_for, rules_of, start_here, step

GAME = "shipyard"
G = engines.get_game(GAME)
TRACK3 = ["build", "canal", "goods", "equipment", "crew", "employee", "trade"]
TRACK4 = TRACK3 + ["subsidy"]


# -- helpers ------------------------------------------------------------------------------------------------
new = new_for(GAME, players=3)


def table(players=3, seed=1, build=None, seat=0, round_=3, track=None, cubes=None, last="trade", money=None,
          options=None):
    """A mid-game table: `build(state)` lays out what the test needs; then `seat`'s turn of `round_` starts
    (its tile `last` goes to the gear) and stops at the choice of a tile."""
    m = engines.new_match(GAME, players=players, seed=seed, options=options or {})
    st = m.state
    S._contracts(G, st, {})
    if money is not None:
        S._money(st, money)
    track = track or (TRACK3 if players == 3 else TRACK4)
    if cubes is None:
        others = [a for a in track if a != last][:players - 1]
        cubes = {s: others[i] for i, s in enumerate(x for x in range(players) if x != seat)}
    S._track(G, st, track, cubes, seat, last)
    if build:
        build(st)
    S._to_turn(G, st, seat, round_)
    m = start_here(m)
    m.advance()
    return m


def auto(m):
    """Automatic and chance steps up to the next decision; their events."""
    events = []
    while not m.is_over and m.to_move is None:
        events += m.advance(step=True)
    return events


def play(m, *ids):
    """Decisions in a row, each followed by its automatic steps; all the events."""
    events = []
    for i in ids:
        events += m.play(i)
        events += auto(m)
    return events


def next_stop(m, prefix):
    """The free stop (one step on) of the rondel whose actions start with `prefix`."""
    return next(a.id for a in m.legal_actions() if a.id.startswith(prefix) and a.params["cost"] == 0)


def ids(m):
    return sorted(a.id for a in m.legal_actions())


def keys(events):
    return [e.key for e in events]


def place(name):
    return G.place_index[name]


# == the conservation laws ==============================================================================
def laws(m):
    """Every tile, item, contract and coin is somewhere, exactly once; money never goes below zero; the
    yards stay legal; the cruise points add up to the fleet's."""
    st = m.state
    P = st.players
    holding_canal = st.phase == "attach"
    holding_part = st.holding >= 0 and not holding_canal
    # ship parts: stacks + market + yards + in hand + fleet + scrapped
    parts = Counter()
    for kind in st.stack:
        for stack in kind:
            for k, n in enumerate(stack):
                parts[k] += n
    parts.update(k for k in st.market if k >= 0)
    for yard in st.yard:
        parts.update(k for k in yard if k >= 0)
    for fleet in st.fleet:
        for ship in fleet:
            parts.update(ship["kinds"])
    parts.update(st.scrapped)
    if holding_part:
        parts[st.holding] += 1
    assert parts == Counter({k: sum(p.count) for k, p in enumerate(G.parts.values())}), "ship parts"
    # canal tiles: supply + market + used + in the canals + in hand
    canal = Counter()
    for k, n in enumerate(st.canal_pool):
        canal[k] += n
    for k, n in enumerate(st.canal_used):
        canal[k] += n
    canal.update(k for k in st.canal_market if k >= 0)
    for pieces in st.canal:
        canal.update(p[0] for p in pieces if p is not None)
    if holding_canal:
        canal[st.holding] += 1
    assert canal == Counter({k: c.count for k, c in enumerate(G.canals.values())}), "canal tiles"
    # goods tiles: supply + market + used + held + being traded (+ unused starting tiles)
    goods = Counter()
    for k, n in enumerate(st.goods_pool):
        goods[k] += n
    for k, n in enumerate(st.goods_used):
        goods[k] += n
    goods.update(k for k in st.goods_market if k >= 0)
    for held in st.goods:
        goods.update(held)
    if st.trading >= 0:
        goods[st.trading] += 1
    goods[G.start_goods] += G.goods_kinds["start"].count - P
    assert goods == Counter({k: g.count for k, g in enumerate(G.goods_kinds.values())}), "goods tiles"
    # employees: two of each kind with 3-4 players, on the rondel (seen or not) or hired
    employees = Counter(k for k in st.emp_top if k >= 0)
    for k, n in enumerate(st.emp_hidden):
        employees[k] += n
    for staff in st.staff:
        employees.update(staff)
        assert len(set(staff)) == len(staff), "two employees of one ability"
    assert employees == Counter({k: 2 for k in range(len(G.emp_ids))}), "employees"
    assert sum(st.emp_under) == sum(st.emp_hidden)
    # equipment and crew: supply + docks + aboard (fleet, cruising ship) + lost with failed ships
    items = list(st.supply)
    for s in range(P):
        for i in range(8):
            items[i] += st.dock[s][i] + sum(ship["fitted"][i] for ship in st.fleet[s])
    for i in range(8):
        items[i] += st.wrecked[i]
    c = st.cruise
    if c is not None and c["stage"] != "done":
        for i in range(8):
            items[i] += c["fitted"][i]
    assert items == [G.numbers.supply] * 8, "equipment and crew"
    assert all(n >= 0 for n in st.supply) and all(n >= 0 for d in st.dock for n in d)
    # contracts: each once, in the undealt ones, a hand or a discard pile
    contracts = list(st.red_pool) + list(st.blue_pool) + [x for h in st.red + st.blue + st.discarded for x in h]
    assert sorted(contracts) == list(range(len(G.contract_ids))), "contracts"
    assert all(G.contract_list[x].colour == "red" for h in st.red for x in h)
    assert all(G.contract_list[x].colour == "blue" for h in st.blue for x in h)
    # money: what the bank paid out less what it took in
    assert all(x >= 0 for x in st.money), st.money
    assert sum(st.money) + sum(st.coins) == G.numbers.start_money * P + st.minted - st.spent, "money"
    # the yards stay legal; the action track holds each tile once and at most one cube per player
    for s in range(P):
        assert G.yard.good(G.codes(st, s)), f"yard of seat {s}"
    assert sorted(st.track) == sorted(G.actions(P))
    cubes = [x for x in st.cube if x >= 0]
    assert len(cubes) == len(set(cubes))
    # points: the cruise parts add up to the fleet's cruises
    if c is None or c["stage"] == "done":
        for s in range(P):
            assert sum(st.points[s][:4]) == sum(ship["points"] for ship in st.fleet[s]), f"cruise points of {s}"
    assert 0 <= st.gear <= len(st.track) and 0 <= st.cubes <= G.numbers.cubes[P]


# == setup (遊戲概要, 起始資源, 政府合約) =====================================================================
def test_setup_players_and_action_tiles():
    """sy.setup.players: 3 players use 7 action tiles, 4 players 8 with Subsidy; 2 and 5 players are refused."""
    assert sorted(ACTIONS[a] for a in new(3).state.track) == sorted(TRACK3)
    assert sorted(ACTIONS[a] for a in new(4).state.track) == sorted(TRACK4)
    for players in (2, 5):
        with pytest.raises(ValueError, match="players"):
            new(players)
    m = new(3)
    auto(m)
    assert m.why_not("choose:subsidy") is not None and m.why_not_rule("choose:subsidy") == "sy.subsidy"


def test_setup_start_player_money_goods_and_board():
    """sy.setup.start-player, sy.setup.resources, sy.setup.board: Player 1 begins; 6 money and the starting
    goods tile each; 5 bows, 10 hulls and 5 sterns on the market, 4 canal and 5 goods tiles; the rondel
    markers on stop 1; the turn track full and a cube on the gear."""
    m = new(4, seed=3)
    st = m.state
    assert st.money == [6, 6, 6, 6] and all(g == [G.start_goods] for g in st.goods)
    kinds = Counter(G.parts[G.part_ids[k]].part for k in st.market)
    assert kinds == {"bow": 5, "hull": 10, "stern": 5}
    assert all(k >= 0 for k in st.canal_market) and len(st.canal_market) == 4 and len(st.goods_market) == 5
    assert st.rondel == [0, 0, 0, 0] and st.cubes == 8 and st.gear_cube and st.gear == 0
    auto(m)
    assert m.to_move == 0 and st.seat == 0
    assert "sy.setup.start-player" in rules_of(m.log) and "sy.setup.board" in rules_of(m.log)


def test_setup_employees_two_layers():
    """sy.setup.employees: with 3-4 players the 24 No. II employees lie on top of the 24 No. I, which are
    hidden; each kind is there twice."""
    st = new(3).state
    assert sorted(st.emp_top) == list(range(24)) and st.emp_under == [1] * 24 and st.emp_hidden == [1] * 24
    assert G.rondels.employee_stops * G.rondels.per_stop == 24


def test_contracts_dealt_in_secret_chance_steps():
    """sy.setup.contracts, sy.contract.secret: 2 red and 2 blue each (3 and 3 in the full setup), dealt in
    chance steps seen by their owner only; the other seats' information states show '?'; views hide them."""
    for option, count in (("suggested", 2), ("full", 3)):
        m = new(3, seed=5, contracts=option)
        draws = 0
        while m.pending == "chance":
            chance = m.chance_step()
            assert chance.rule == "sy.setup.contracts" and chance.seen_by == m.state.deal[0][0]
            m.advance(step=True)
            draws += 1
        assert draws == 3 * 2 * count
        for s in range(3):
            assert len(m.state.red[s]) == count and len(m.state.blue[s]) == count
        seen0 = json.loads(m.information_state(0))[-1]
        seen1 = json.loads(m.information_state(1))[-1]
        assert seen0[:2 * count] != ["?"] * (2 * count) and seen1[:2 * count] == ["?"] * (2 * count)
        view = m.view(1)
        assert "cards" not in view["players"][0]["contracts"] and "cards" in view["players"][1]["contracts"]
        assert all("cards" in p["contracts"] for p in m.view(None)["players"])
        assert all("contract" not in e.key or e.key != "sy.log.contract" for e in m.log)


def test_determinize_redraws_only_the_unseen_contracts():
    """sy.contract.secret: a search bot's copy keeps its own contracts and the public table, and draws the
    others' contracts again from those it has not seen."""
    m = new(4, seed=8)
    auto(m)
    rng = Rng(3)
    changed = False
    for _ in range(5):
        copy = G.determinize(m.state, 0, rng)
        assert copy.red[0] == m.state.red[0] and copy.blue[0] == m.state.blue[0]
        assert [len(h) for h in copy.red] == [len(h) for h in m.state.red]
        assert G.view(copy, 0) == G.view(m.state, 0)
        changed |= copy.red[1:] != m.state.red[1:]
        laws(type("M", (), {"state": copy})())
    assert changed


# == the turn (回合流程) =============================================================================================
def test_turn_steps_move_tile_and_gear():
    """sy.turn.steps, sy.turn.move-tile, sy.turn.gear: the tile chosen last turn moves to the gear end of the
    track, the others shift back, and the gear turns one notch; a tile already there stays, and the gear
    still turns."""
    m = table(last="canal")
    st = m.state
    assert ACTIONS[st.track[-1]] == "canal" and st.gear == (3 - 2) * 3 % 7 + 1
    assert "sy.log.tile-moved" in keys(m.log) and "sy.log.gear" in keys(m.log)
    m2 = table(last="trade")           # trade is already the last tile of TRACK3
    assert ACTIONS[m2.state.track[-1]] == "trade" and "sy.log.tile-stays" in keys(m2.log)
    assert m2.state.gear == m.state.gear


def test_first_turns_move_nothing_and_the_first_player_may_take_the_front():
    """sy.turn.move-tile, sy.turn.choose.last: on the first turns nothing moves and the gear stands still; the
    first player's first turn may choose the tile by the gear, the others' first turns may not."""
    m = new(3, seed=2)
    auto(m)
    front = ACTIONS[m.state.track[-1]]
    assert f"choose:{front}" in ids(m) and m.state.gear == 0 and "sy.log.first-turn" in keys(m.log)
    other = next(a for a in ids(m) if a != f"choose:{front}")
    play(m, other)
    while m.state.seat == 0:
        m.play(m.legal_actions()[-1])
        auto(m)
    assert m.state.gear == 0
    assert m.why_not_rule(f"choose:{front}") == "sy.turn.choose.last"


def test_choose_refuses_front_occupied_and_impossible():
    """sy.turn.choose, sy.turn.choose.last, sy.turn.choose.occupied, sy.turn.choose.able, sy.trade.requires: four
    tiles to choose from with 3 players; the tile by the gear, occupied tiles and actions that cannot be carried
    out (trading with no goods) are refused with their rule."""
    m = table(last="canal", cubes={1: "build", 2: "goods"})
    assert len(m.legal_actions()) == 4
    assert m.why_not_rule("choose:canal") == "sy.turn.choose.last"
    assert m.why_not_rule("choose:build") == "sy.turn.choose.occupied"
    assert "Player 2" in m.why_not("choose:build").render("en")

    def no_goods(st):
        st.goods[0] = []
        st.goods_used[G.start_goods] += 1
    m = table(build=no_goods, last="canal", cubes={1: "build", 2: "goods"})
    assert m.why_not_rule("choose:trade") == "sy.trade.requires"


def test_a_player_who_can_do_nothing_passes():
    """sy.turn.choose.able: with nothing they can carry out, a player passes (ruling); their tile stays by
    the gear, so their next turn still turns it."""
    m = table(last="trade", cubes={1: "crew", 2: "employee"}, money=[0, 3, 3])
    st = m.state
    assert m.to_move == 0
    st.goods[0] = []                                        # what the free tiles could give, taken away
    st.market, st.canal_market, st.goods_market, st.supply = [-1] * 20, [-1] * 4, [-1] * 5, [0] * 8
    G.settle(st)
    assert st.to_move is None
    events = []
    G.auto_step(st, events)
    assert "sy.log.no-choice" in keys(events) and st.last[0] == ACTIONS.index("trade") and st.seat == 1


def test_income_for_occupied_tiles_to_the_right_and_coins():
    """sy.turn.income, sy.turn.income.coins: 1 money per occupied tile between the chosen one and the gear,
    plus the coins lying on the chosen tile."""
    def coins(st):
        st.coins[ACTIONS.index("build")] = 2
        st.minted += 2
    m = table(build=coins, last="trade", cubes={1: "crew", 2: "employee"}, money=[3, 3, 3])
    events = play(m, "choose:build")
    assert m.state.money[0] == 3 + 2 + 2 and m.state.coins[ACTIONS.index("build")] == 0
    assert "sy.log.income" in keys(events) and "sy.log.income-coins" in keys(events)
    laws(m)


def test_an_action_paid_for_by_this_turns_income_may_be_chosen():
    """sy.turn.choose.able, sy.turn.income: income is step 3 and the action step 4 (回合流程), so whether an
    action can be carried out counts the income the tile itself brings. With 0 money and only the canal
    tile for 2 left, the canal tile (2 occupied tiles to its right: income 2) may be chosen and paid for;
    with only the tile for 3 left it is still refused, and the refusal says the income was counted."""
    def only(*places):
        def build(st):
            for i in range(len(st.canal_market)):
                if i not in places:
                    st.canal_pool[st.canal_market[i]] += 1
                    st.canal_market[i] = -1
        return build
    m = table(build=only(2), last="trade", cubes={1: "crew", 2: "employee"}, money=[0, 3, 3])
    assert "choose:canal" in ids(m) and m.why_not("choose:canal") is None
    play(m, "choose:canal")
    assert m.state.money[0] == 2 and ids(m) == ["canal:3"]
    play(m, "canal:3")
    assert m.state.money[0] == 0 and len(m.state.canal[0]) == 1
    laws(m)
    m = table(build=only(3), last="trade", cubes={1: "crew", 2: "employee"}, money=[0, 3, 3])
    assert "choose:canal" not in ids(m) and m.why_not_rule("choose:canal") == "sy.turn.choose.able"
    assert m.why_not("choose:canal").render("en") == ("Rent canal: nothing on that market costs 2 or less. "
                                                        "(That counts this tile's income of 2.)")
    assert "收入" in m.why_not("choose:canal").render("zh-Hant")


def test_bonus_action_before_or_after_for_six():
    """sy.turn.bonus, sy.turn.end, sy.turn.action: for 6 money one more action, not the chosen one, before or
    after it, even an occupied tile; once per turn; the turn then ends."""
    m = table(last="trade", cubes={1: "crew", 2: "employee"}, money=[13, 3, 3])
    play(m, "choose:goods")
    assert "bonus:crew" in ids(m) and "bonus:goods" not in ids(m)
    assert m.why_not_rule("bonus:goods") == "sy.turn.bonus"
    before = m.state.money[0]
    play(m, "bonus:equipment")
    assert m.state.money[0] == before - 6 and m.state.phase == "act"
    play(m, m.legal_actions()[0].id)             # the bonus action: a piece of equipment
    assert m.state.bonus_done and not m.state.main_done
    assert m.why_not_rule("bonus:crew") == "sy.turn.bonus"
    play(m, m.legal_actions()[0].id)             # the chosen action: buy goods
    assert m.state.seat == 1                     # nothing left to decide: the turn ended
    m = table(last="trade", cubes={1: "crew", 2: "employee"}, money=[3, 3, 3])
    play(m, "choose:goods")                      # 3 + 2 income
    assert m.why_not("bonus:crew").render("en") == "A bonus action costs 6; you have 5."


def test_chosen_action_lost_after_a_bonus_spends_the_money():
    """sy.turn.action: a bonus action taken first that leaves the chosen action impossible loses it."""
    def dear(st):
        # only dear canal tiles left: the cheap places are empty
        for i in (0, 1):
            st.canal_pool[st.canal_market[i]] += 1
            st.canal_market[i] = -1
    m = table(build=dear, last="trade", cubes={1: "crew", 2: "employee"}, money=[5, 3, 3])
    play(m, "choose:canal")                      # 5 + 2 income
    play(m, "bonus:goods", "goods:1")
    assert m.state.money[0] == 1
    assert "sy.log.action-lost" in keys(m.log) and m.state.seat == 1


# == the gear and the turn track ========================================================================================
def test_gear_drop_removes_a_cube_and_places_a_coin():
    """sy.turn.gear, sy.gear.drop, sy.gear.coin: the gear's cube drops on the notch that completes its lap;
    at the end of that turn the rightmost turn-track cube goes onto the gear and a coin goes on the
    leftmost action tile (scenario "gear")."""
    m = engines.scenario(GAME, "gear")
    auto(m)
    st = m.state
    assert st.dropped and not st.gear_cube and "sy.log.drop" in keys(m.log)
    leftmost = st.track[0]
    cubes = st.cubes
    b = bots(4, 1)
    while st.seat == 3:
        step(m, b)
    assert st.cubes == cubes - 1 and st.gear_cube and not st.dropped
    assert st.gear == 1                              # the next turn has begun: its tile moved, one notch
    assert st.coins[leftmost] == 1 and "sy.log.coin" in keys(m.log) and "sy.log.cube-removed" in keys(m.log)
    laws(m)


def test_gear_turns_once_per_turn_and_drops_once_per_lap():
    """sy.turn.gear: in a random game the gear turns once per turn after the first round and its cube
    drops once every `tiles` turns, each drop taking a cube off the turn track."""
    m = new(3, seed=11)
    b = bots(3, 11)
    drops = 0
    while not m.is_over and m.state.ender < 0:
        before = len(m.log)
        step(m, b)
        drops += keys(m.log[before:]).count("sy.log.drop")
    turned = sum(max(0, t - 1) for t in m.state.turns)
    assert drops == turned // 7 or drops == turned // 7 + 1
    assert m.state.cubes == max(0, 7 - drops + (1 if m.state.dropped else 0)) or m.state.end_reason == "parts"


# == build ship parts (建造船隻) ========================================================================================
def test_buy_up_to_three_parts_at_row_prices():
    """sy.build.buy, sy.build.place: up to 3 parts, each at its row's price (0, 1, 1, 2, 2 from the bottom),
    placed in empty yard spaces; a fourth is refused."""
    m = table(money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    play(m, "choose:build")
    money = m.state.money[0]
    assert [G.price(place(f"bow.{r}")) for r in range(1, 6)] == [0, 1, 1, 2, 2]
    play(m, "buy:bow.5")
    assert m.state.money[0] == money - 2 and m.state.phase == "place"
    assert m.why_not_rule("buy:bow.4") == "sy.turn.steps"
    play(m, "place:1", "buy:hull1.3", "place:2")
    assert m.state.money[0] == money - 3
    assert m.why_not_rule("place:1") is not None
    play(m, "buy:stern.1")
    assert m.why_not_rule("place:2") == "sy.build.place"
    play(m, "place:3")
    assert [G.part_code[k] if k >= 0 else 0 for k in m.state.yard[0][:3]] == [1, 2, 3]
    laws(m)


def test_market_slides_down_and_refills_from_stack_one_then_two():
    """sy.build.refill: bought parts leave gaps that the column closes by sliding down; the top rows are
    refilled by chance steps from stack I, from stack II once stack I of that part is empty."""
    m = table(money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    play(m, "choose:build")
    column = [m.state.market[place(f"hull1.{r}")] for r in range(1, 6)]
    m.play("buy:hull1.1")
    m.play("place:2")
    m.play("done")
    assert m.pending == "chance"
    chance = m.chance_step()
    assert chance.rule == "sy.build.refill" and "stack I" in chance.text.render("en")
    auto(m)
    after = [m.state.market[place(f"hull1.{r}")] for r in range(1, 6)]
    assert after[:4] == column[1:] and after[4] >= 0
    # stack I of hulls emptied: the refill comes from stack II
    st = m.state
    hull = 1
    st.stack[hull][0] = [0] * len(G.part_ids)
    assert G._part_pool(st, place("hull1.5")) is st.stack[hull][1]


def test_a_complete_ship_and_its_length():
    """sy.build.ship: a bow, hulls and a stern side by side make a ship, 3 to 7 parts long."""
    y = G.yard
    assert y.ships((1, 2, 3, 0, 0, 0, 0, 0, 0)) == ((0, 2),)
    assert y.ships((0, 1, 2, 2, 2, 2, 2, 3, 0)) == ((1, 7),)
    assert y.ships((1, 3, 0, 0, 0, 0, 0, 0, 0)) == ()
    assert not y.good((1, 2, 2, 2, 2, 2, 2, 0, 0))      # 8 parts would be needed: a hopeless bow


def test_hopeless_placements_refused_nested_ships_allowed():
    """sy.build.completable: a part that could never be part of a complete ship is refused, with its rule;
    nested ships are fine: a part may wait for a smaller ship inside its span to leave."""
    y = G.yard
    assert not y.good((2, 0, 0, 0, 0, 0, 0, 0, 0))       # a hull with no room for a bow before it
    assert not y.good((0, 0, 0, 0, 0, 0, 0, 0, 1))       # a bow in the last space
    assert y.good((1, 0, 1, 2, 3, 0, 3, 0, 0))           # inner ship 3-5 first, then 1-7
    assert not y.good((1, 0, 0, 1, 0, 3, 0, 3, 0)) or y.good((1, 0, 0, 1, 0, 3, 0, 3, 0))

    def yard(st):
        S._yard(G, st, 0, {2: "bow-gun"})
    m = table(build=yard, money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    play(m, "choose:build", "buy:hull1.1")
    assert "place:1" not in ids(m) and m.why_not_rule("place:1") == "sy.build.completable"
    assert "hull" in m.why_not("place:1").render("en")


def test_the_yard_may_not_be_filled_without_a_ship():
    """sy.build.full: the last empty space may only be filled if that completes a ship."""
    y = G.yard
    assert not y.good((1, 2, 2, 3, 1, 2, 2, 2, 2))
    assert y.good((1, 2, 3, 1, 2, 2, 2, 2, 0))
    assert y.good((1, 2, 2, 3, 1, 2, 2, 2, 3))


# == rent canal, buy goods ===================================================================================================
def test_rent_canal_and_extend_it():
    """sy.canal.buy, sy.canal.attach, sy.canal.refill: pay the canal tile's price; the first tile starts the
    canal, later ones join a free exit; the market slides to the cheap end and is refilled."""
    m = table(money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    play(m, "choose:canal")
    money = m.state.money[0]
    market = list(m.state.canal_market)
    events = play(m, "canal:3")
    assert m.state.money[0] == money - 2 and len([p for p in m.state.canal[0] if p]) == 1
    assert "sy.log.canal-start" in keys(events) and m.state.ship[0] == [0, -1]
    assert m.state.canal_market[:3] == [market[0], market[1], market[3]] and m.state.canal_market[3] >= 0
    assert "sy.log.refill-canal" in keys(events)
    laws(m)


def test_canal_tile_choice_of_exit():
    """sy.canal.attach: with more than one free exit the player chooses where the tile goes; a taken exit is
    refused."""
    def canal(st):
        S._canal(G, st, 0, [("fork-arms", 0, 0), ("canal-long", 1, 1)])
    m = table(build=canal, money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    play(m, "choose:canal", "canal:1")
    assert ids(m) == ["attach:1.2", "attach:2.1"]
    assert m.why_not_rule("attach:1.1") == "sy.canal.attach" and m.why_not_rule("attach:start") == "sy.canal.attach"
    play(m, "attach:1.2")
    assert m.state.canal[0][0][2] == 2
    laws(m)


def test_used_canal_tiles_are_reshuffled_when_the_supply_is_empty():
    """sy.canal.reshuffle: an empty canal supply is refilled from the used canal tiles, after each player's
    count of kept tiles is written down."""
    def empty(st):
        st.canal_used = list(st.canal_pool)
        st.canal_pool = [0] * len(st.canal_pool)
        st.kept[1] = 3
    m = table(build=empty, money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    events = play(m, "choose:canal", "canal:1")
    assert "sy.log.reshuffle-canal" in keys(events) and "sy.log.kept-count" in keys(events)
    assert m.state.canal_market[3] >= 0 and m.state.kept[1] == 3
    laws(m)


def test_buy_goods_slide_refill_and_reshuffle():
    """sy.goods.buy, sy.goods.refill: a goods tile at its row's price; the market slides down and refills;
    an empty supply is refilled from the traded goods tiles."""
    m = table(money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    play(m, "choose:goods")
    market = list(m.state.goods_market)
    money = m.state.money[0]
    events = play(m, "goods:2")
    assert m.state.money[0] == money - 1 and m.state.goods[0][-1] == market[1]
    assert m.state.goods_market[:4] == [market[0]] + market[2:] and "sy.log.refill-goods" in keys(events)

    def empty(st):
        st.goods_used = list(st.goods_pool)
        st.goods_pool = [0] * len(st.goods_pool)
    m = table(build=empty, money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    events = play(m, "choose:goods", "goods:1")
    assert "sy.log.reshuffle-goods" in keys(events)
    laws(m)


# == the rondels ======================================================================================================
def test_rondel_first_stop_free_each_further_costs_one():
    """sy.rondel.move, sy.equipment.take, sy.dock: the equipment marker moves one stop free, 1 money for each
    further stop; the equipment of the stop where it ends goes to the dock."""
    m = table(money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    play(m, "choose:equipment")
    money = m.state.money[0]
    stops = G.rondels.equipment
    assert [a.id for a in m.legal_actions() if a.id.startswith("equip")] == [f"equip:{s}" for s in range(1, 9)]
    play(m, "equip:4")                                  # three stops from stop 1
    assert m.state.money[0] == money - 2 and m.state.rondel[0] == 3
    assert m.state.dock[0][ITEMS.index(stops[3])] == 1
    laws(m)


def test_recruit_crew_and_the_supply():
    """sy.crew.take, sy.supply: a crew member from the crew rondel; a kind the supply has run out of cannot
    be taken."""
    def no_merchants(st):
        S._dock(st, 1, {"merchant": st.supply[ITEMS.index("merchant")]})
    m = table(build=no_merchants, money=[10, 3, 3], last="trade", cubes={1: "canal", 2: "goods"})
    play(m, "choose:crew")
    assert m.why_not_rule("crew:2") == "sy.supply"
    play(m, "crew:3")
    assert m.state.dock[0][ITEMS.index(G.rondels.crew[2])] == 1
    laws(m)


def test_hire_employee_extra_cost_unique_and_reveal():
    """sy.employee.hire, sy.employee.cost, sy.employee.unique, sy.employee.reveal, sy.employee.trader: one of
    the three employees where the marker stops; grey and green ones cost 2 more; never one like an employee
    held, never a level-2 trader without the level-1 one; the No. I tile below is turned up (a chance step)."""
    def staff(st):
        st.emp_top[:3] = [G.emp_ids.index("engineer-sail"), G.emp_ids.index("trader-coal-2"),
                          G.emp_ids.index("pilot-sail")]
        st.emp_top[3:] = [k for k in range(24) if k not in st.emp_top[:3]]
        st.rondel[2] = 7                                  # the next stop is stop 1
    m = table(build=staff, money=[10, 3, 3], last="trade", cubes={1: "canal", 2: "goods"})
    play(m, "choose:employee")
    money = m.state.money[0]
    assert m.why_not_rule("hire:1.2") == "sy.employee.trader"          # a level-2 trader without the level-1 one
    play(m, "hire:1.1")
    assert m.state.money[0] == money - 2 and G.emp_ids[m.state.staff[0][0]] == "engineer-sail"
    assert any(e.rule == "sy.employee.reveal" for e in m.log[-3:]) and m.state.emp_top[0] >= 0
    laws(m)
    m.state.staff[0].append(m.state.emp_top[2])
    assert not G.may_hire(m.state, 0, m.state.emp_top[2])


def test_employee_abilities():
    """sy.employee.trader, sy.employee.builder, sy.employee.engineer, sy.employee.recruiter,
    sy.employee.rondel, sy.employee.speed: traders add to sale prices, builders make room aboard, engineers
    and recruiters add a piece, yellow employees move a marker a stop further for free, speed employees
    add speed."""
    def staffed(st):
        for e in ("trader-coal-1", "engineer-cannon", "recruiter-captain", "foreman-equipment", "pilot-sail",
                  "builder-gun"):
            S._staff(G, st, 0, e)
    m = table(build=staffed, money=[10, 3, 3], last="trade", cubes={1: "canal", 2: "goods"})
    st = m.state
    assert G.sale_price(st, 0, 0) == G.trade_prices(st)[0] + 1 and G.sale_price(st, 0, 1) == G.trade_prices(st)[1]
    assert G.stop_cost(st, 0, 0, 2, 8) == 0 and G.stop_cost(st, 0, 0, 3, 8) == 1     # one more free stop
    play(m, "choose:equipment", "equip:1")
    assert st.dock[0][ITEMS.index("cannon")] == 1 + (G.rondels.equipment[0] == "cannon")
    assert G.speed(st, 0, [1, 0, 0, 0, 1, 0, 0, 0])[0] == 1 + 1 + 1          # base, sail, sailing master
    assert G.builder_extra(st, 0, "cannon") == 1
    assert any(e.key == "sy.log.extra-item" for e in m.log)


# == trade goods, subsidy ===============================================================================================
def test_trade_one_tile_each_good_once_sell_or_swap():
    """sy.trade.rondel, sy.trade.tile, sy.trade.sell, sy.trade.swap: the trade marker moves exactly one stop;
    one goods tile is traded, each good once: sold at the marker's price, or swapped at a corner, each swap
    once per trade."""
    def coal(st):
        st.goods_pool[G.goods_ids.index("coal-coal")] -= 1
        st.goods[0].append(G.goods_ids.index("coal-coal"))
    m = table(build=coal, money=[4, 3, 3], last="canal", cubes={1: "crew", 2: "employee"})
    play(m, "choose:trade")
    assert ids(m)[-2:] == ["trade:1", "trade:2"]
    play(m, "trade:2")
    assert m.state.rondel[3] == 1 and m.state.phase == "trade"
    assert ids(m) == ["sell", "swap:coal.engine", "swap:coal.stoker"]
    play(m, "swap:coal.stoker")
    assert "swap:coal.stoker" not in ids(m) and m.why_not_rule("swap:coal.stoker") == "sy.trade.swap"
    assert m.why_not_rule("swap:cloth.sail") == "sy.trade.swap"
    money = m.state.money[0]
    play(m, "sell")
    assert m.state.money[0] == money + G.rondels.trade[1][0]
    assert m.state.dock[0][ITEMS.index("stoker")] == 1 and m.state.goods_used[G.goods_ids.index("coal-coal")] == 1
    laws(m)


def test_subsidy_four_players_only():
    """sy.subsidy: with 4 players, 2 money from the bank; with 3 there is no such tile."""
    m = table(players=4, money=[4, 3, 3, 3], last="trade", cubes={1: "crew", 2: "employee", 3: "goods"})
    play(m, "choose:subsidy")
    money = m.state.money[0]
    play(m, "subsidy")
    assert m.state.money[0] == money + 2
    laws(m)


def test_subsidy_scenario_ends_the_action_step_when_no_bonus_is_affordable():
    """sy.subsidy, sy.turn.bonus (the lesson's four-player step): Player 1 takes Subsidy; income and subsidy
    leave less than the 6 of a bonus action, so nothing is left to decide and Player 2's turn begins."""
    m = engines.scenario(GAME, "subsidy")
    auto(m)
    assert m.state.players == 4 and len(m.state.track) == 8 and m.to_move == 0 and "choose:subsidy" in ids(m)
    play(m, "choose:subsidy")
    assert ids(m) == ["subsidy"]                          # no bonus action: 3 money
    play(m, "subsidy")
    assert m.state.money[0] == 5 < G.numbers.bonus and m.state.seat == 1 and m.to_move == 1
    laws(m)


# == the test cruise (試航) ============================================================================================
def cruise_ready():
    """The scenario "cruise" up to the fitting out: the hull bought, placed, the turn ended."""
    m = engines.scenario(GAME, "cruise")
    auto(m)
    play(m, "choose:build", "buy:hull1.1", "place:4", "done", "end")
    return m


def test_cruise_scenario_fitting_speed_sailing_and_scoring():
    """sy.cruise.fit, sy.cruise.speed, sy.cruise.sail, sy.cruise.checkpoint, sy.cruise.riband,
    sy.cruise.score.crew, sy.cruise.score.equipment, sy.cruise.score.speed, sy.cruise.after: the worked
    example. Aboard: captain, soldier, cannon, steam engine, stoker, two sails: speed 4 + 2 = 6. Sailing:
    the military checkpoint (cannon + soldier = 2) at step 2, the Blue Riband at step 5, the fork, the
    lantern at step 6 (1 lantern, on the hull with two masts). Score: crew 2, cannon 2, speed 6, checkpoints 2 + 5 + 1,
    added to the 2 points (crew 1, speed 1) of the first ship Player 1 sailed before (as in the lesson's game)."""
    m = cruise_ready()
    assert m.scores()[0]["total"] == 2 and len(m.state.fleet[0]) == 1
    assert m.phase == "fit" and "launch" in ids(m)
    for item in ("captain", "soldier", "cannon", "engine", "stoker", "sail", "sail"):
        play(m, f"fit:{item}")
    assert m.phase == "sail" and ids(m) == ["sail:1", "sail:2"]
    c = m.state.cruise
    assert c["speed"] == 6 and c["step"] == 5 and c["riband"] == 5
    assert [p["icon"] for p in c["path"]] == ["", "military", "", "", "riband"]
    events = play(m, "sail:1")
    assert m.scores()[0]["parts"] == {"crew": 1 + 2, "equipment": 2, "speed": 1 + 6, "checkpoints": 8, "contracts": 0,
                                      "traders": 0}
    assert m.scores()[0]["total"] == 2 + 18 and m.state.fleet[0][-1]["points"] == 18
    assert "sy.log.checkpoint-lantern" in keys(events) and "sy.log.riband-score" in keys(events)
    assert m.state.ship[0][1] == 0 and G.canal_ids[m.state.canal[0][m.state.ship[0][0]][0]] == "canal-lantern"
    laws(m)


def test_ship_marker_stays_and_passed_tiles_are_kept_cut_off_ones_lost():
    """sy.cruise.remove-tile, sy.cruise.isolated, sy.cruise.fleet: the tiles the ship left are kept face
    down (2); the branch the ship did not take is cut off and removed without counting; the ship joins the
    fleet with everything aboard."""
    m = cruise_ready()
    for item in ("captain", "soldier", "cannon", "engine", "stoker", "sail", "sail"):
        play(m, f"fit:{item}")
    events = play(m, "sail:2")
    assert m.state.kept[0] == 2 and "sy.log.isolated" in keys(events)
    assert [p for p in m.state.canal[0] if p is not None] == [[G.canal_ids.index("canal-buoy"), -1, -1]]
    ship = m.state.fleet[0][-1]
    assert ship["parts"] == 4 and ship["fitted"][ITEMS.index("sail")] == 2 and ship["speed"] == 6
    assert m.state.yard[0] == [-1] * 9
    laws(m)


def test_fit_refusals_mounts_cabins_captain():
    """sy.cruise.mounts, sy.cruise.cabins, sy.cruise.captain: each piece of equipment needs a free mount of
    its kind (sails and steam engines share masts), each crew member a cabin (a stoker a boiler cabin); the
    first captain needs none, a second one does."""
    m = cruise_ready()
    st = m.state
    S._dock(st, 0, {"captain": 2, "cannon": 1, "stoker": 1, "sail": 2, "merchant": 1})
    m = start_here(m)
    play(m, "fit:cannon")
    assert m.why_not_rule("fit:cannon") == "sy.cruise.mounts"           # one gun mount
    play(m, "fit:stoker")
    assert m.why_not_rule("fit:stoker") == "sy.cruise.cabins"           # one boiler cabin
    play(m, "fit:captain")                                              # the first captain: no cabin
    play(m, "fit:captain")                                              # the second: the one cabin
    assert m.why_not_rule("fit:captain") == "sy.cruise.captain" and m.why_not_rule("fit:merchant") == "sy.cruise.cabins"
    play(m, "fit:sail", "fit:sail")
    m.play("fit:engine")                          # the third mast: nothing more fits, the ship sets out next
    assert G.explain(m.state, "fit:sail")[0] == "sy.cruise.mounts" and m.pending == "automatic"


def test_speed_formula():
    """sy.cruise.speed: steam engine and stoker together: 4 plus each further sail, engine or stoker;
    otherwise 1 plus each sail and stoker plus each pair of steam engines."""
    st = new(3).state
    def speed(sail=0, engine=0, stoker=0):
        fitted = [0] * 8
        fitted[0], fitted[1], fitted[7] = sail, engine, stoker
        return G.speed(st, 0, fitted)[0]
    assert speed() == 1 and speed(sail=2) == 3 and speed(stoker=1) == 2
    assert speed(engine=1) == 1 and speed(engine=2) == 2 and speed(engine=3, sail=1) == 3
    assert speed(engine=1, stoker=1) == 4 and speed(engine=2, stoker=1, sail=1) == 6
    assert speed(engine=2, stoker=2, sail=2) == 4 + 2 + 1 + 1


def test_no_captain_or_short_canal_ship_removed_unscored():
    """sy.cruise.requirements: without a captain, or on a canal shorter than the speed, the ship is removed,
    scores nothing, joins no fleet, and what went aboard is lost."""
    m = cruise_ready()
    before = (len(m.state.fleet[0]), m.scores()[0]["total"])           # the first ship, sailed before
    play(m, "fit:sail", "launch")
    assert "sy.log.lost-captain" in keys(m.log) and (len(m.state.fleet[0]), m.scores()[0]["total"]) == before
    assert m.state.wrecked[ITEMS.index("sail")] == 1 and m.state.yard[0] == [-1] * 9
    laws(m)
    m = cruise_ready()
    st = m.state
    st.canal[0][1][1] = st.canal[0][1][2] = -1              # cut the canal after the fork: 5 spaces
    for i in (2, 3):
        st.canal_used[st.canal[0][i][0]] += 1
        st.canal[0][i] = None
    m = start_here(m)
    for item in ("captain", "engine", "stoker", "sail", "sail"):
        play(m, f"fit:{item}")
    play(m, "launch")
    assert "sy.log.lost-canal" in keys(m.log) and m.scores()[0]["total"] == before[1]


def test_two_ships_cruise_in_the_order_chosen():
    """sy.cruise.order: two ships completed in one turn cruise one after the other, in the order chosen."""
    def two(st):
        S._yard(G, st, 0, {1: "bow-cabin", 2: "hull-cabins", 5: "bow-gun", 6: "hull-gun"})
        S._market(G, st, "stern.1", "stern-cabin")
        S._market(G, st, "stern.2", "stern-boiler")
        S._dock(st, 0, {"captain": 2})
        S._canal(G, st, 0, [("canal-long", 0, 0), ("canal-long", 1, 1)])
    m = table(build=two, money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    play(m, "choose:build", "buy:stern.1", "place:3", "buy:stern.2", "place:7", "done", "end")
    assert m.phase == "order" and ids(m) == ["cruise:1", "cruise:5"]
    play(m, "cruise:5")
    assert m.state.cruise["bow"] == 4
    play(m, "fit:captain", "launch")
    assert m.state.cruise["bow"] == 0
    play(m, "fit:captain")
    assert len(m.state.fleet[0]) == 2 and m.state.fleet[0][0]["kinds"][0] == G.part_ids.index("bow-gun")
    laws(m)


def test_checkpoint_counts():
    """sy.cruise.checkpoint: military counts cannons and soldiers, economic cranes and merchants, the safety
    checkpoints the icons on the ship's hulls (here a lantern on hull-masts, a lifeboat on hull-boiler)."""
    m = cruise_ready()
    st = m.state
    c = st.cruise
    c["fitted"][ITEMS.index("cannon")], c["fitted"][ITEMS.index("soldier")] = 1, 2
    c["fitted"][ITEMS.index("crane")], c["fitted"][ITEMS.index("merchant")] = 1, 1
    assert G.checkpoint_count(st, "military") == 3 and G.checkpoint_count(st, "economic") == 2
    assert [G.checkpoint_count(st, i) for i in ("lantern", "lifeboat", "buoy")] == [1, 1, 0]


def test_only_safety_icons_on_hull_parts_score_at_checkpoints(monkeypatch):
    """sy.cruise.checkpoint: the safety checkpoints count the icons on the ship's hull parts (the summary's
    船身, its word for the middle parts), not those on the bow or the stern. The cruise scenario's ship
    (bow-gun, hull-masts, hull-boiler, stern-cabin) sails through the lantern checkpoint at step 6: with
    its one lantern on the bow it scores 0, with it on a hull 1."""
    def lantern_points(on):
        features = list(G.part_feature)
        for kind in ("bow-gun", "hull-masts", "hull-boiler", "stern-cabin"):
            k = G.part_ids.index(kind)
            features[k] = features[k][:5] + (int(kind == on),) + features[k][6:]
        monkeypatch.setattr(G, "part_feature", features)
        m = cruise_ready()
        for item in ("captain", "soldier", "cannon", "engine", "stoker", "sail", "sail"):
            play(m, f"fit:{item}")
        events = play(m, "sail:1")
        return next(e for e in events if e.key == "sy.log.checkpoint-lantern").params["points"]
    assert lantern_points("bow-gun") == 0
    assert lantern_points("stern-cabin") == 0
    assert lantern_points("hull-masts") == 1


# == government contracts (政府合約) ===================================================================================
def test_contract_discard_at_the_marked_cube():
    """sy.contract.discard, sy.contract.secret: when the marked cube comes off, every player secretly keeps
    one red and one blue contract; the decisions name hand positions only, never the contract."""
    m = engines.scenario(GAME, "discard")
    auto(m)
    play(m, "choose:goods")
    assert m.why_not_rule("keep:red.1") == "sy.turn.steps"                 # no contract is kept before the discard
    while m.phase != "discard":
        m.play(m.legal_actions()[0])
        auto(m)
    assert m.state.marked_gone and m.to_move == 0 and ids(m) == ["keep:red.1", "keep:red.2", "keep:red.3"]
    assert m.why_not_rule("keep:blue.1") == "sy.contract.discard"          # the red is kept first
    red = m.state.red[0][1]
    play(m, "keep:red.2")
    assert ids(m) == ["keep:blue.1", "keep:blue.2", "keep:blue.3"]
    play(m, "keep:blue.1")
    assert m.state.red[0] == [red] and len(m.state.discarded[0]) == 4 and m.to_move == 1
    b = bots(3, 2)
    while m.phase == "discard":
        step(m, b)
    assert all(len(m.state.red[s]) == 1 == len(m.state.blue[s]) for s in range(3))
    assert all(e.params.get("contract") is None for e in m.log if e.rule == "sy.contract.discard")
    laws(m)


def test_contract_discard_of_the_suggested_setup_shows_what_each_contract_is_worth():
    """sy.contract.discard, sy.contract.score (the lesson's contract steps): in the suggested setup each player
    holds 2 red and 2 blue contracts, the lesson's own; the marked cube comes off and Player 1 keeps one of
    each, seeing what each is worth now for the fleet (the lesson's two ships)."""
    m = engines.scenario(GAME, "contracts")
    auto(m)
    hand = [G.contract_ids[c] for c in m.state.red[0] + m.state.blue[0]]
    assert hand == S.LESSON_HANDS[0] and len(m.state.fleet[0]) == 2 and m.scores()[0]["total"] == 20
    play(m, "choose:goods", "goods:1", "end")
    assert m.phase == "discard" and m.to_move == 0 and ids(m) == ["keep:red.1", "keep:red.2"]
    worth = {c["id"]: c["points"] for c in m.view(0)["players"][0]["contracts"]["cards"]}
    assert worth == {"red-yachts": 3, "red-fleet": 4, "blue-sail-pairs": 3, "blue-soldiers": 0}
    play(m, "keep:red.2", "keep:blue.1")
    assert [G.contract_ids[c] for c in m.state.red[0] + m.state.blue[0]] == ["red-fleet", "blue-sail-pairs"]
    assert m.to_move == 1
    laws(m)


def test_contract_discard_refusals_say_the_real_reason():
    """sy.contract.discard: a refused keep says why: the red contract is kept first (never "no contract 1"
    while the player holds three blue ones), or that colour is already down to one."""
    m = engines.scenario(GAME, "discard")
    auto(m)
    play(m, "choose:goods")
    while m.phase != "discard":
        m.play(m.legal_actions()[0])
        auto(m)
    assert m.why_not("keep:blue.1").render("en") == "First keep one of your red contracts; the blue one comes next."
    assert m.why_not("keep:blue.1").render("zh-Hant") == "先保留一張紅色合約，接著再選藍色合約。"
    play(m, "keep:red.2")
    assert m.why_not("keep:red.1").render("en") == "You already hold just one red contract."


def test_contract_scoring_formulas():
    """sy.contract.score: each formula counts the fleet as its text says."""
    st = new(3).state
    ship = {"parts": 5, "fitted": [2, 1, 1, 1, 2, 1, 1, 1], "speed": 6, "lanterns": 1, "lifeboats": 1, "buoys": 1,
            "points": 0, "kinds": []}
    small = {"parts": 3, "fitted": [0, 0, 0, 0, 1, 1, 0, 0], "speed": 1, "lanterns": 0, "lifeboats": 0, "buoys": 0,
             "points": 0, "kinds": []}
    st.fleet[0] = [ship, small]
    st.kept[0] = 4
    st.staff[0] = [0, 1]
    worth = {cid: G.contract_points(st, 0, i) for i, cid in enumerate(G.contract_ids)}
    assert worth["blue-merchant-crane"] == 3 and worth["blue-merchants"] == 2 and worth["blue-sail-steam"] == 6
    assert worth["blue-soldier-cannon"] == 3 and worth["blue-all-round"] == 8 and worth["blue-sail-pairs"] == 3
    assert worth["blue-officers"] == 3 and worth["red-large-ships"] == 4 and worth["red-yachts"] == 3
    assert worth["red-fleet"] == 4 and worth["red-canal"] == 4 and worth["red-fast-ships"] == 4
    assert worth["red-safe-ships"] == 5 and worth["red-employees"] == 2 and worth["red-well-equipped"] == 4
    assert worth["red-well-manned"] == 4 and worth["blue-stokers"] == 0


# == the end (遊戲結束) ===============================================================================================
def test_end_triggered_by_the_cubes_round_out_final_actions_and_build():
    """sy.end.trigger.cubes, sy.end.round, sy.end.final-action, sy.end.final-build, sy.contract.score,
    sy.end.traders, sy.end.winner: the gear's cube drops with the turn track empty; Player 3 still plays;
    the final actions run from Player 3 to Player 2 (the trigger) on any tile, without income or bonus; in
    the last build Player 1 buys the stern that completes a ship, which cruises; then contracts and
    traders score."""
    m = engines.scenario(GAME, "end-trigger")
    auto(m)
    b = bots(3, 5)
    assert m.state.dropped
    play(m, "choose:crew")
    play(m, next_stop(m, "crew:"))                # Player 2's turn: the cube drops with the track empty
    while m.state.seat == 1:
        play(m, m.legal_actions()[-1].id)
    assert m.state.ender == 1 and m.state.end_reason == "cubes" and "sy.log.trigger-cubes" in keys(m.log)
    assert m.state.stage == "round-out" and m.state.seat == 2
    play(m, "choose:equipment")
    play(m, next_stop(m, "equip:"))               # Player 3 plays the round out
    while m.state.stage == "round-out":
        play(m, m.legal_actions()[-1].id)
    assert m.state.stage == "final-action" and m.state.order == [2, 0, 1] and m.state.seat == 2
    occupied = next(ACTIONS[a] for a in m.state.track if m.state.cube[a] == 0)     # Player 1's tile
    assert f"final:{occupied}" in ids(m)
    money = m.state.money[2]
    play(m, "final:crew")
    assert m.state.money[2] <= money and not any(a.id.startswith("bonus") for a in m.legal_actions())
    play(m, next_stop(m, "crew:"))
    play(m, "final:equipment")
    play(m, next_stop(m, "equip:"))               # Player 1
    play(m, "final:equipment")
    play(m, next_stop(m, "equip:"))               # Player 2, who triggered the end, last
    assert m.state.stage == "final-build" and m.state.seat == 0      # Player 3 had nothing to finish
    assert any(e.key == "sy.log.final-pass" and e.seat == 2 for e in m.log)
    assert "buy:stern.1" in ids(m) and "pass" in ids(m)
    assert m.why_not_rule("buy:bow.1") == "sy.end.final-build"
    play(m, "buy:stern.1")
    assert ids(m) == ["place:7"]
    play(m, "place:7", "fit:captain", "fit:sail", "fit:sail")          # two masts: a pair of sails
    assert len(m.state.fleet[0]) == 3                                    # the two ships sailed before, and this one
    while not m.is_over:
        step(m, b)
    assert "sy.log.contract" in keys(m.log) and m.state.final_scores
    assert all(len(e["contracts"]) == 2 for e in m.state.final_scores)
    # Player 1 kept the contracts that suit its fleet (as in the lesson), and both score: 2 for each of the
    # three ships, 3 for each of the two ships with a pair of sails.
    assert m.state.final_scores[0]["contracts"] == [{"contract": "red-fleet", "points": 6},
                                                    {"contract": "blue-sail-pairs", "points": 6}]
    laws(m)


def test_end_triggered_by_the_last_ship_part():
    """sy.end.trigger.parts: putting the last hull on the market triggers the end."""
    def few(st):
        hulls = st.stack[1]
        for stack in hulls:
            for k in range(len(stack)):
                stack[k] = 0
        first = G.part_ids.index("hull-crane")
        hulls[1][first] = 1
        st.scrapped += []
    m = table(build=few, money=[10, 3, 3], last="trade", cubes={1: "crew", 2: "employee"})
    # (the hulls taken out of the stacks are out of this test's game: no law check)
    play(m, "choose:build", "buy:hull1.1", "place:2", "done")
    assert m.state.ender == 0 and m.state.end_reason == "parts" and "sy.log.trigger-parts" in keys(m.log)
    play(m, "end") if "end" in ids(m) else None
    assert m.state.stage == "round-out"


def test_winner_ties_go_to_money():
    """sy.end.winner: the most points; a tie goes to the most money; still tied, a shared win."""
    st = new(3).state
    st.points = [[10, 0, 0, 0, 0, 0], [10, 0, 0, 0, 0, 0], [5, 0, 0, 0, 0, 0]]
    st.money = [3, 4, 9]
    assert G.winners(st) == [1]
    st.money = [4, 4, 9]
    assert G.winners(st) == [0, 1]


# == data files =====================================================================================================
def test_data_files_load_and_errors_name_file_entry_and_field(tmp_path):
    """The component data files validate: wrong totals, a bad field, a trader without its level, a swap of
    an unknown good, a contract formula missing its minimum each give one clear message."""
    numbers = load_numbers()
    assert numbers.actions[4][-1] == "subsidy" and numbers.prices == (0, 1, 1, 2, 2) and numbers.start_money == 6
    parts = load_parts(numbers)
    assert Counter(p.part for p in parts.values() for _ in range(sum(p.count))) == {"bow": 26, "hull": 52, "stern": 26}
    assert sum(c.count for c in load_canal().values()) == 24 and sum(g.count for g in load_goods().values()) == 14
    assert len(load_employees()) == 24 and len(load_contracts()) == 24 and len(load_rondels().swaps) == 8

    def broken(name, old, new_, loader, message):
        original = (DATA / name).read_text(encoding="utf-8")
        assert old in original, old
        path = tmp_path / name
        path.write_text(original.replace(old, new_, 1), encoding="utf-8")
        with pytest.raises(DataError, match=re.escape(message)):
            loader(path)
    broken("parts.toml", "count = { I = 4, II = 3 }\nguns = 1", "count = { I = 5, II = 3 }\nguns = 1",
           lambda p: load_parts(numbers, p), "26 bow tiles")
    broken("parts.toml", 'part = "bow"', 'part = "prow"', lambda p: load_parts(numbers, p), "field 'part'")
    broken("canal.toml", 'spaces = ["", "military", ""]\nexits', 'spaces = ["", "pirates", ""]\nexits', load_canal, "field 'spaces'")
    broken("goods.toml", "count = 4", "count = 5", load_goods, "14 goods tiles")
    broken("employees.toml", 'good = "coal"\nlevel = 1', 'good = "coal"', load_employees, "'level' (1 or 2)")
    broken("rondels.toml", '"coal:engine"', '"oil:engine"', load_rondels, "[swaps] engine_room")
    broken("contracts.toml", "min = 5\n", "", load_contracts, "field 'min'")
    broken("game.toml", "prices = [0, 1, 2, 3]", "prices = [3, 2, 1, 0]", load_numbers, "[canal] prices")
    broken("game.toml", "hull_columns = 2", "hull_columns = 3", load_numbers, "5 bows, 10 hulls and 5 sterns")


# == properties: random games ===========================================================================================
@pytest.mark.parametrize("players,option", [(3, "suggested"), (4, "suggested"), (3, "full"), (4, "full")])
def test_random_games_keep_every_law(players, option):
    """Random full games for 3 and 4 players, both contract setups, keep every conservation law at every
    step (ship parts, canal and goods tiles, employees, equipment and crew, contracts, money, legal yards),
    offer only legal moves, and end with one red and one blue contract each."""
    m = new(players, seed=100 * players + len(option), contracts=option)
    b = bots(players, players)
    steps = 0
    while not m.is_over:
        laws(m)
        step(m, b)
        steps += 1
        assert steps < 5000
    laws(m)
    assert m.phase == "over" and all(len(m.state.red[s]) == 1 == len(m.state.blue[s]) for s in range(players))


def test_greedy_games_score_and_keep_every_law():
    """Greedy bots complete and score ships; the laws hold at every step of their games too."""
    m = new(3, seed=7)
    b = bots(3, 7, kind=engines.GreedyBot)
    while not m.is_over:
        laws(m)
        step(m, b)
    assert sum(len(f) for f in m.state.fleet) >= 2 and max(s["total"] for s in m.scores().values()) > 10


def test_log_names_places_and_counts_for_readers():
    """sy.build.buy, sy.build.refill, sy.gear.drop: the log of whole games never shows an internal place id
    ("from bow.5") nor an "(s)" plural, and a count reads right whatever its number ("1 cube is left on the
    track", never "1 cubes"), in every language."""
    seen = set()
    for seed in (3, 8):
        m = new(3, seed=seed)
        b = bots(3, seed, kind=engines.GreedyBot)
        while not m.is_over:
            step(m, b)
        for lang in ("en", "zh-Hant", "zh-Hans"):
            for e in m.log:
                text = e.text(lang)
                seen.add(e.key)
                assert not re.search(r"\b(bow|hull\d*|stern)\.\d", text), (e.key, text)
                assert "(s)" not in text and not re.search(r"\b1 (cubes|tiles|points|ships|steps)\b", text), (e.key, text)
    assert {"sy.log.buy", "sy.log.refill-part", "sy.log.cube-removed"} <= seen
    assert engines.core.texts.render("sy.log.cube-removed", {"left": 1}, "en") == \
        "The rightmost cube of the turn track goes onto the gear; 1 cube is left on the track."
    assert engines.core.texts.render("sy.log.cube-removed", {"left": 4}, "en") == \
        "The rightmost cube of the turn track goes onto the gear; 4 cubes are left on the track."


def test_simplified_chinese_uses_mainland_words():
    """sy.cruise.mounts, sy.cruise.score.equipment: the generated zh-Hans texts write the crane 起重机 (the
    summary's 起落架, "landing gear", only where a text says that the rulebook writes it so), cannons and gun
    mounts with 炮, and the turn track as a record kept (记录)."""
    import tomllib

    from engines.core.texts import catalog_keys, simplified, template
    # the templates, placeholders and all (a board's room texts take counts)
    texts = [template(k, "zh-Hans") for k in catalog_keys() if k.startswith(("sy.action", "sy.item", "sy.ui.room",
                                                                              "sy.part.", "sy.employee."))]
    rules = tomllib.loads((DATA / "rules.toml").read_text(encoding="utf-8"))
    texts += [simplified(r["text"]["zh-Hant"]) for r in rules.values()]
    joined = "\n".join(texts)
    assert "起重机" in joined and "炮座" in joined and "大炮" in joined
    assert "砲" not in joined and "纪录" not in joined
    assert all("起落架" not in t or "写作“起落架”" in t for t in texts)


def test_board_text_is_legible():
    """The board draws no text under 11 units in a drawing 860 units wide: on a 1366x768 laptop (about 960 px
    for the board) every text is at least 12 px, in classroom mode at least 24 (tests/browser/legibility.py
    measures them on the page)."""
    from widgets.shipyard import RENDERER
    source = (RENDERER.directory / "board.js").read_text(encoding="utf-8")
    assert re.search(r"^const WIDTH = (\d+);", source, re.M).group(1) == "860"
    sizes = [float(x) for x in re.findall(r'"font-size": ([\d.]+)', source)]
    assert sizes and min(sizes) >= 11, sorted(sizes)[:5]
    assert re.findall(r"textBlock\([^;]*?, ([\d.]+), \{", source) and \
        min(float(x) for x in re.findall(r"textBlock\([^;]*?, ([\d.]+), \{", source)) >= 11


def test_scenarios_keep_every_law_and_contracts_have_names():
    """Every scenario keeps the conservation laws, and every government contract has a name
    (tests/test_every_game.py checks the scenarios' saves and every other text)."""
    for name in G.scenarios():
        laws(engines.scenario(GAME, name))
    for cid in G.contract_ids:
        assert has_text(f"sy.contract.{cid}"), cid


def test_action_ids_are_stable_and_readable():
    """Action ids read like the board: choose:build, bonus:crew, buy:hull2.3, place:4, canal:2, attach:1.2,
    equip:5, crew:3, hire:2.1, trade:1, swap:coal.engine, keep:red.2, fit:sail, sail:1...; each names its target
    on the board (tests/test_every_game.py checks the labels)."""
    pattern = re.compile(r"(choose|bonus|final):[a-z]+|end|done|sell|launch|pass|subsidy|buy:(bow|hull1|hull2|stern)\.[1-5]|"
                         r"place:[1-9]|canal:[1-4]|attach:(start|\d+\.[12])|goods:[1-5]|(equip|crew):[1-8]|"
                         r"hire:[1-8]\.[1-3]|trade:\d+|swap:[a-z]+\.[a-z]+|keep:(red|blue)\.[1-3]|cruise:[1-9]|"
                         r"fit:[a-z]+|sail:[12]")
    m = new(4, seed=4)
    b = bots(4, 4)
    while not m.is_over:
        for a in m.legal_actions():
            assert pattern.fullmatch(a.id), a.id
            assert a.target, a.id
        step(m, b)


def test_illegal_move_changes_nothing():
    """A refused move raises IllegalAction naming the rule and leaves the match as it was."""
    m = table(last="canal", cubes={1: "build", 2: "goods"})
    before = m.to_json()
    with pytest.raises(IllegalAction) as refusal:
        m.play("choose:build")
    assert refusal.value.rule == "sy.turn.choose.occupied" and m.to_json() == before
    with pytest.raises(IllegalAction):
        m.play("sail:away")
    assert m.why_not_rule("fit:sail") == "sy.turn.steps" and m.to_json() == before


def test_board_labels_cover_every_key_the_board_draws():
    """The board holds no text: every interface key board.js asks for, every name of the view, and every
    seat come from the renderer's labels, in English and Chinese."""
    from widgets.shipyard import RENDERER
    source = (RENDERER.directory / "board.js").read_text(encoding="utf-8")
    used = set(re.findall(r'"(sy\.ui\.[a-z.-]+)"', source))
    used |= {"sy.ui.trigger.cubes", "sy.ui.trigger.parts"}          # built from the view: `sy.ui.trigger.${reason}`
    m = engines.scenario(GAME, "cruise")
    auto(m)
    view = m.view(None)
    for lang in ("en", "zh-Hant"):
        labels = RENDERER.labels(view, lang)
        missing = [k for k in used if k not in labels]
        assert not missing, missing
        for prefix, names in (("sy.action.", [t["id"] for t in view["track"]]), ("sy.item.", ITEMS),
                              ("sy.part.", G.part_ids), ("sy.canal.", G.canal_ids), ("sy.employee.", G.emp_ids),
                              ("sy.contract.", G.contract_ids), ("sy.ui.feature.", ["cabins", "boilers", "masts"]),
                              ("sy.ui.checkpoint.", ["military", "riband"]), ("sy.ui.corner.", ["engine_room", "quarters"]),
                              ("sy.ui.lost-", ["captain", "canal"])):
            for name in names:
                assert prefix + name in labels, prefix + name
        assert labels["scenario"] and labels["seat.2"]
