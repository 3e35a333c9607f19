"""Shipyard (2nd edition, Vladimír Suchý, Delicious Games 2023), summary 004_017077f0df3214e5.txt.

Read top to bottom like the summary: setup (遊戲概要, 起始資源, 政府合約); the turn (回合流程): 1 moving last
turn's tile and the gear, 2 choosing a tile, 3 income, 4 the action and the bonus action; the actions
(行動內容): build ships, rent canal, buy goods, the equipment, crew and employee rondels, trade goods,
subsidy; 5 the test cruise (試航: fitting out, speed, sailing, scoring, after the cruise); the end of a turn
(the gear's cube, the contract discard); the end of the game (遊戲結束). Rule ids (sy.*) tie each step to
its entry in data/rules.toml, which cites the summary's section.

This module holds the Shipyard class: setup, the turn's steps 1 to 4, the end of a turn and of the game,
the chance and automatic steps and the decisions. The rest of it is mixed in, one part of the summary per
module: actions.py (the eight actions), refills.py (the markets refilled), cruise.py (5. the test cruise),
action_builders.py (the Action objects offered), bots.py (the heuristic and determinize).

The position is plain lists and integers (state.py); the yard rules are in yard.py; the numbered tables,
observation and bounds in encoding.py; the board's view in view.py; the options a board shows in candidates.py.
Why a move is refused is declared beside the move (`@refuses`), as its id is (`arg` of its `@move`).
"""

from __future__ import annotations

from ..core.actions import Action, Event
from ..core.chance import Chance
from ..core.game import Game, Option
from ..core.moves import move, one_based, refuses
from ..core.texts import Text, add_text, render
from . import encoding
from .action_builders import ActionBuilders
from .actions import Actions
from .bots import BotSupport
from .components import (ACTIONS, BUILD, CANAL, CAPTAIN, CREW_ACTION, DATA, EMPLOYEE, EQUIP, GOODS, GOODS_ACTION,
                         ITEMS, PART_PARTS, PARTS, SUBSIDY, TRADE, load_canal, load_contracts, load_employees,
                         load_goods, load_numbers, load_parts, load_rondels)
from .cruise import Cruise
from .refills import MarketRefills
from .state import State
from .yard import Yard

PHASE_OF_ACTION = {BUILD: "build", CANAL: "canal", GOODS_ACTION: "goods", EQUIP: "equipment",
                   CREW_ACTION: "crew", EMPLOYEE: "employee", TRADE: "trade", SUBSIDY: "subsidy"}


def ship_count(ship: dict, item: str) -> int:
    """How many of an item a ship of the fleet carries (the things contracts count)."""
    if item == "officer":
        return max(0, ship["fitted"][CAPTAIN] - 1)
    if item in ("lantern", "lifeboat", "buoy"):
        return ship[item + "s"]
    return ship["fitted"][ITEMS.index(item)]


class Shipyard(Actions, MarketRefills, Cruise, ActionBuilders, BotSupport, Game):
    id = "shipyard"
    min_players, max_players = 3, 4
    encoding = encoding          # the numbered tables, the observation and the bounds (encoding.py)
    data_dir = DATA
    rule_sources = ("rulebook:", "public:")
    action_labels = "sy.act."    # an action's label: sy.act.<its kind>
    # The search bot's settings for this game (MCTSBot reads them; docs/bots.md has every run):
    # - its leaves play 4 random decisions before the heuristic is read: a turn here is several decisions
    #   (a tile, then parts bought and placed, goods, a cruise), and a leaf cut in the middle of one
    #   misjudges it (a gain at a fixed count of simulations; at 500 ms a move, within the noise);
    # - less exploration (0.7 instead of 1.4): the greedy priors are good here, and the search gains more
    #   from looking deeper along them than from trying the rest (75.0% of 80 pairings against 67.5% on
    #   the same games).
    search_settings = {"rollout": 4, "uct_c": 0.7}

    def __init__(self):
        super().__init__()
        self.numbers = N = load_numbers()
        self.parts = load_parts(N)
        self.canals = load_canal()
        self.goods_kinds = load_goods()
        self.employees = load_employees()
        self.rondels = load_rondels()
        self.contracts = load_contracts()
        self.yard = Yard(N.spaces, N.min_ship, N.max_ship)
        self._outcome_cache: dict = {}
        self._stop_costs: dict[tuple, tuple] = {}
        self._contract_texts()
        self._index_components()

    def _index_components(self):
        """Flat tables of the components, indexed by kind, so the rules read lists instead of objects."""
        N, R = self.numbers, self.rondels
        self.part_ids = list(self.parts)
        self.part_code = [PARTS.index(p.part) + 1 for p in self.parts.values()]      # 1 bow, 2 hull, 3 stern
        self.part_kind = [PARTS.index(p.part) for p in self.parts.values()]
        self.code_of = {-1: 0, **dict(enumerate(self.part_code))}         # yard codes, -1 (empty) included
        self.part_feature = [(p.cabins, p.boilers, p.masts, p.guns, p.cranes, p.lanterns, p.lifeboats, p.buoys)
                             for p in self.parts.values()]
        self.rows = len(N.prices)
        self.column_names = []
        for c, kind in enumerate(N.columns):
            same = N.columns.count(kind)
            self.column_names.append(kind if same == 1 else f"{kind}{N.columns[:c + 1].count(kind)}")
        self.places = [f"{self.column_names[c]}.{r + 1}" for c in range(len(N.columns)) for r in range(self.rows)]
        self.place_price = [N.prices[p % self.rows] for p in range(len(self.places))]
        self.place_index = {name: i for i, name in enumerate(self.places)}
        self.canal_ids = list(self.canals)
        self.canal_spaces = [c.spaces for c in self.canals.values()]
        self.canal_exits = [c.exits for c in self.canals.values()]
        self.canal_slots = sum(c.count for c in self.canals.values())     # most pieces a canal can hold
        self.goods_ids = list(self.goods_kinds)
        self.goods_of = [tuple(GOODS.index(g) for g in t.goods) for t in self.goods_kinds.values()]
        self.start_goods = next(i for i, t in enumerate(self.goods_kinds.values()) if t.start)
        self.goods_total = sum(t.count for t in self.goods_kinds.values())
        self.emp_ids = list(self.employees)
        self.emp = list(self.employees.values())
        # the rondel (0 equipment, 1 crew, 2 employee) each employee moves for free, -1 for none (free_steps)
        rondels = {"equipment": 0, "crew": 1, "employee": 2}
        self.emp_free_rondel = [rondels.get(e.item, -1) if e.family == "rondel" else -1 for e in self.emp]
        self.emp_slots = R.employee_stops * R.per_stop
        self.contract_ids = list(self.contracts)
        self.contract_list = list(self.contracts.values())
        self.swaps = [(GOODS.index(g), ITEMS.index(i)) for g, i in R.swaps]
        self.swap_names = [f"{g}.{i}" for g, i in R.swaps]
        self.equipment_stops = [ITEMS.index(i) for i in R.equipment]
        self.crew_stops = [ITEMS.index(i) for i in R.crew]
        self.max_goods = self.goods_total
        self.chance_texts = {}
        for kind, ids in (("part", self.part_ids), ("canal", self.canal_ids), ("goods", self.goods_ids),
                          ("employee", self.emp_ids), ("contract", self.contract_ids)):
            name = {"part": "sy.part.", "canal": "sy.canal.", "goods": "sy.goods-tile.", "employee": "sy.employee.",
                    "contract": "sy.contract."}[kind]
            self.chance_texts[kind] = [(f"{kind}:{i}", Text(f"sy.chance.{kind}-result", name=name + i)) for i in ids]

    def _contract_texts(self):
        """Each contract's text, made from its formula's sentence (data/texts.toml) in each language."""
        for c in self.contracts.values():
            key = "sy.formula." + c.formula
            if c.formula == "pairs" and c.items[0] == c.items[1]:
                key, a, b = "sy.formula.pairs-same", f"sy.items.{c.items[0]}", ""
            else:
                a = f"sy.item.{c.items[0]}" if c.items else ""
                b = f"sy.item.{c.items[1]}" if len(c.items) > 1 else ""
            if c.exact:
                key += "-exact"
            params = {"points": c.points, "min": c.min, "a": Text(a) if a else "", "b": Text(b) if b else "",
                      "items": Text("sy.list", items=[f"sy.item.{i}" for i in c.items])}
            add_text(f"sy.contract.{c.id}", {lang: render(key, params, lang) for lang in ("en", "zh-Hant")},
                     str(DATA / "contracts.toml"))

    # == options and the player count (sy.setup.players) ===================================================
    def options(self, players):
        return [Option("contracts", ("suggested", "full"), "suggested")]

    def actions(self, players) -> tuple:
        """The action tiles of this player count, as indices into ACTIONS."""
        return tuple(ACTIONS.index(a) for a in self.numbers.actions[players])

    def phase_text(self, phase):
        return Text(f"sy.phase.{phase}")

    def part_text(self, part):
        return Text(f"sy.score.{part}")

    # == setup (遊戲概要, 起始資源, 政府合約) =================================================================
    def setup(self, players, options, seed, events):
        N, R = self.numbers, self.rondels
        state = State(players, seed, options)
        rng = state.rng
        events.append(Event("sy.setup.players", key="sy.log.setup.players", players=players,
                            tiles=len(self.actions(players))))
        events.append(Event("sy.setup.start-player", seat=0, key="sy.log.setup.start-player"))
        # Setup randomness stays in the seed: the order of the action tiles, the opening markets, the
        # employees on the rondel. Every later draw is a chance step.
        track = list(self.actions(players))
        rng.shuffle(track)
        state.track = track
        state.cube, state.coins = [-1] * len(ACTIONS), [0] * len(ACTIONS)
        state.cubes = N.cubes[players]
        events.append(Event("sy.setup.board", key="sy.log.setup.track", tiles=[f"sy.action.{ACTIONS[a]}" for a in track],
                            cubes=state.cubes))
        state.stack = [[[0] * len(self.part_ids), [0] * len(self.part_ids)] for _ in PARTS]
        for k, p in enumerate(self.parts.values()):
            state.stack[self.part_kind[k]][0][k] = p.count[0]
            state.stack[self.part_kind[k]][1][k] = p.count[1]
        state.market = [-1] * (len(N.columns) * self.rows)
        for c, kind in enumerate(N.columns):
            for r in range(self.rows):
                state.market[c * self.rows + r] = self._setup_draw(rng, state.stack[PARTS.index(kind)][0])
        state.canal_pool = [c.count for c in self.canals.values()]
        state.canal_used = [0] * len(self.canal_ids)
        state.canal_market = [self._setup_draw(rng, state.canal_pool) for _ in N.canal_prices]
        state.goods_pool = [0 if t.start else t.count for t in self.goods_kinds.values()]
        state.goods_used = [0] * len(self.goods_ids)
        state.goods_market = [self._setup_draw(rng, state.goods_pool) for _ in N.goods_prices]
        events.append(Event("sy.setup.board", key="sy.log.setup.markets", bows=5, hulls=10, sterns=5,
                            canal=len(N.canal_prices), goods=len(N.goods_prices)))
        self._setup_employees(state, rng, players, events)
        state.supply = [N.supply] * len(ITEMS)
        state.yard = [[-1] * N.spaces for _ in range(players)]
        state.money = [N.start_money] * players
        for seat in range(players):
            state.goods[seat].append(self.start_goods)
        events.append(Event("sy.setup.resources", key="sy.log.setup.resources", money=N.start_money,
                            tile=f"sy.goods-tile.{self.goods_ids[self.start_goods]}"))
        # The contracts are dealt in chance steps, each seen by its owner alone.
        state.red_pool = [i for i, c in enumerate(self.contract_list) if c.colour == "red"]
        state.blue_pool = [i for i, c in enumerate(self.contract_list) if c.colour == "blue"]
        count = N.deal[options["contracts"]]
        state.deal = [(seat, colour) for seat in range(players) for colour in ("red", "blue") for _ in range(count)]
        events.append(Event("sy.setup.contracts", key="sy.log.setup.contracts", count=count))
        state.phase = "deal"
        return state

    @staticmethod
    def _setup_draw(rng, pool) -> int:
        """One tile off a shuffled pile at setup, each kind as likely as its count; -1 if none is left."""
        total = sum(pool)
        if not total:
            return -1
        r = rng.below(total)
        for kind, n in enumerate(pool):
            r -= n
            if r < 0:
                pool[kind] -= 1
                return kind
        raise AssertionError("pool changed during the draw")

    def _setup_employees(self, state, rng, players, events):
        """The No. I tiles, one of each kind, three to a stop; with 3-4 players the No. II tiles on top."""
        kinds = list(range(len(self.emp_ids)))
        rng.shuffle(kinds)
        if players >= 3:
            state.emp_top = kinds                          # the No. II layer, seen
            state.emp_under = [1] * self.emp_slots         # a No. I tile under each, unseen until it shows
            state.emp_hidden = [1] * len(self.emp_ids)
        else:
            state.emp_top, state.emp_under, state.emp_hidden = kinds, [0] * self.emp_slots, [0] * len(self.emp_ids)
        events.append(Event("sy.setup.employees", key="sy.log.setup.employees", tiles=self.emp_slots * (2 if players >= 3 else 1)))

    # == whose move it is ====================================================================================
    def settle(self, state):
        """Cache whose decision is pending (None: the rules resolve the next step themselves)."""
        phase = state.phase
        if state.over:
            state.to_move = None
        elif phase in ("choose", "final"):
            state.offer = self._choosable(state) if phase == "choose" else self._final_choices(state)
            state.to_move = state.seat if state.offer else None
        elif phase in ("build", "place", "attach", "trade", "order"):
            state.to_move = state.seat
        elif phase == "turn":
            state.offer = self._bonus_options(state)
            state.to_move = state.seat if self._turn_has_choice(state) else None
        elif phase == "act":
            state.to_move = state.seat
        elif phase == "fit":
            state.to_move = state.seat if self._fit_options(state) else None
        elif phase == "sail":
            state.to_move = state.seat if len(self._ways(state)) > 1 else None
        elif phase == "discard":
            state.to_move = state.discarding[0]
        elif phase == "final-build":
            state.to_move = state.seat if self._final_build_options(state) else None
        else:
            state.to_move = None

    # == 1. moving last turn's tile; the gear (1. 移動上回合的玩家行動方塊) ===================================
    def gear_notches(self, state) -> int:
        return len(state.track)

    def _start_turn(self, state, events):
        seat = state.seat
        state.cruise = None
        state.turns[seat] += 1
        if seat == 0:
            state.round += 1
        state.main_done = state.bonus_done = state.in_bonus = False
        state.doing = state.chosen = -1
        events.append(Event("sy.turn.steps", seat=seat, key="sy.log.turn", round=state.round))
        a = state.last[seat]
        if a < 0:
            events.append(Event("sy.turn.move-tile", seat=seat, key="sy.log.first-turn"))
        else:
            state.cube[a] = -1
            if state.track[-1] == a:
                events.append(Event("sy.turn.move-tile", seat=seat, key="sy.log.tile-stays", tile=f"sy.action.{ACTIONS[a]}"))
            else:
                state.track.remove(a)
                state.track.append(a)
                events.append(Event("sy.turn.move-tile", seat=seat, key="sy.log.tile-moved", tile=f"sy.action.{ACTIONS[a]}"))
            if state.gear_cube:
                state.gear += 1
                notches = self.gear_notches(state)
                events.append(Event("sy.turn.gear", key="sy.log.gear", notch=state.gear, notches=notches))
                if state.gear >= notches:
                    state.gear_cube = False
                    state.dropped = True
                    events.append(Event("sy.gear.drop", key="sy.log.drop"))
        state.phase = "choose"

    # == 2. choosing a tile (2. 選擇行動方塊) ==================================================================
    def _first_game_turn(self, state) -> bool:
        return state.seat == 0 and state.turns[0] == 1 and state.round == 1 and all(t == 0 for t in state.turns[1:])

    def _choosable(self, state) -> list[int]:
        # the income (step 3) comes before the action is carried out (step 4), so it counts
        seat, money, cube, coins, track = state.seat, state.money[state.seat], state.cube, state.coins, state.track
        front_open = self._first_game_turn(state)
        right = self.occupied_right(state)
        return [a for a in track if cube[a] < 0 and (front_open or a != track[-1])
                and self.can_do(state, seat, a, money + right[a] + coins[a])]

    @move("choose", "sy.turn.choose", phases=("choose",), arg=lambda game, a: ACTIONS[a])
    def _choose(self, state, a, events):
        seat = state.seat
        state.cube[a] = seat
        state.chosen = state.last[seat] = a
        events.append(Event("sy.turn.choose", seat=seat, automatic=False, key="sy.log.choose", tile=f"sy.action.{ACTIONS[a]}"))
        self._income(state, events)

    @refuses("choose")
    def _why_choose(self, state, a):
        if a in state.offer:
            return None
        if state.cube[a] >= 0:
            return "sy.turn.choose.occupied", Text("sy.why.occupied", tile=self.tile_name(a), owner=state.cube[a])
        if a == state.track[-1] and not self._first_game_turn(state):
            return "sy.turn.choose.last", Text("sy.why.front", tile=self.tile_name(a))
        # the tile's income (step 3) is paid before the action is carried out (step 4), so it counts
        income = self.income_of(state, a)
        rule, why = self.why_cannot(state, state.seat, a, state.money[state.seat] + income)
        if income and a not in (TRADE, SUBSIDY):
            why = Text("sy.why.with-income", why=why, income=income)
        return rule, why

    def _no_choice(self, state, events):
        """Ruling: a player who can carry out none of the free actions passes the turn (their tile stays by the
        gear, so their next turn still turns it)."""
        seat = state.seat
        events.append(Event("sy.turn.choose.able", seat=seat, key="sy.log.no-choice"))
        state.main_done = state.bonus_done = True
        self._find_ships(state, events)

    # == 3. income (3. 收入) =================================================================================
    def occupied_right(self, state) -> dict[int, int]:
        """For each tile of the track: how many occupied tiles lie between it and the gear (1 money each in
        step 3, sy.turn.income). One walk from the gear."""
        out, occupied = {}, 0
        for t in reversed(state.track):
            out[t] = occupied
            if state.cube[t] >= 0:
                occupied += 1
        return out

    def income_of(self, state, a) -> int:
        """What choosing tile `a` now would bring in step 3: the occupied tiles to its right and its coins."""
        return self.occupied_right(state)[a] + state.coins[a]

    def _income(self, state, events):
        seat, a = state.seat, state.chosen
        right = self.occupied_right(state)[a]
        coins = state.coins[a]
        state.coins[a] = 0
        state.money[seat] += right + coins
        state.minted += right
        events.append(Event("sy.turn.income", seat=seat, key="sy.log.income", occupied=right, money=state.money[seat]))
        if coins:
            events.append(Event("sy.turn.income.coins", seat=seat, key="sy.log.income-coins", coins=coins))
        state.phase = "turn"

    # == 4. the action and the bonus action (4. 執行行動) =======================================================
    def can_do(self, state, seat, a, money) -> bool:
        """Could this player carry out action `a` with `money` now (sy.turn.choose.able)?"""
        if a == BUILD:
            return bool(self._buyable(state, seat, money, first=True))
        if a == CANAL:
            prices = self.numbers.canal_prices
            return any(k >= 0 and prices[i] <= money for i, k in enumerate(state.canal_market))
        if a == GOODS_ACTION:
            prices = self.numbers.goods_prices
            return any(k >= 0 and prices[i] <= money for i, k in enumerate(state.goods_market))
        if a == EQUIP or a == CREW_ACTION:
            # the stops in the marker's direction, cheapest first: is one affordable with its kind in supply?
            rondel = 0 if a == EQUIP else 1
            kinds = self.equipment_stops if rondel == 0 else self.crew_stops
            n, at, supply = len(kinds), state.rondel[rondel], state.supply
            free = self.free_steps(state, seat, rondel) if state.staff[seat] else 0
            for steps in range(1, n + 1):
                if steps - 1 - free > money:
                    return False
                if supply[kinds[(at + steps) % n]]:
                    return True
            return False
        if a == EMPLOYEE:
            return bool(self._hireable(state, seat, money, first=True))
        if a == TRADE:
            return bool(state.goods[seat])
        return a == SUBSIDY

    def why_cannot(self, state, seat, a, money):
        """Why action `a` cannot be carried out with `money` (sy.turn.choose.able)."""
        rule, tile = "sy.turn.choose.able", self.tile_name(a)
        if a == BUILD:
            if not any(k >= 0 and self.price(p) <= money for p, k in enumerate(state.market)):
                return rule, Text("sy.why.cannot-build-money", money=money)
            return rule, Text("sy.why.cannot-build-room")
        if a in (CANAL, GOODS_ACTION):
            return rule, Text("sy.why.cannot-buy-money", tile=tile, money=money)
        if a in (EQUIP, CREW_ACTION):
            return rule, Text("sy.why.cannot-rondel", tile=tile, money=money)
        if a == EMPLOYEE:
            return rule, Text("sy.why.cannot-hire", money=money)
        if a == TRADE:
            return "sy.trade.requires", Text("sy.why.no-goods-tile")
        return rule, Text("sy.why.cannot", tile=tile)

    @staticmethod
    def tile_name(a) -> str:
        return f"sy.action.{ACTIONS[a]}"

    def _turn_has_choice(self, state) -> bool:
        if not state.main_done:
            return self.can_do(state, state.seat, state.chosen, state.money[state.seat])
        return bool(state.offer if state.phase == "turn" else self._bonus_options(state))

    def _bonus_options(self, state) -> list[int]:
        if state.bonus_done or state.stage == "final-action":
            return []
        seat, cost = state.seat, self.numbers.bonus
        money = state.money[seat]
        if money < cost:
            return []
        return [a for a in state.track if a != state.chosen and self.can_do(state, seat, a, money - cost)]

    def _turn_auto(self, state, events):
        """Nothing left to decide in the action step: a chosen action that became impossible is lost; a
        turn whose action is done and has no bonus left to take goes on to the test cruises."""
        if not state.main_done:
            state.main_done = True
            events.append(Event("sy.turn.action", seat=state.seat, key="sy.log.action-lost",
                                tile=f"sy.action.{ACTIONS[state.chosen]}"))
            return
        self._find_ships(state, events)

    def _begin(self, state, a, bonus, events):
        """Start carrying out action `a` (the chosen one, or a bonus action just paid for)."""
        state.doing = a
        state.in_bonus = bonus
        state.bought = 0
        state.holding = -1

    def _done(self, state, events):
        """The action is carried out; refills come next, then the rest of the turn."""
        if state.in_bonus:
            state.bonus_done = True
        else:
            state.main_done = True
        state.doing = -1
        state.in_bonus = False
        state.holding = -1
        after = "ships" if state.stage in ("final-action", "final-build") else "turn"
        if state.refills:
            state.resume = after
            state.phase = "refill"
        elif after == "turn" and state.main_done and not self._bonus_options(state):
            self._find_ships(state, events)            # nothing left to decide: on to the test cruises
        else:
            state.phase = after

    @move("bonus", "sy.turn.bonus", phases=("turn",), arg=lambda game, a: ACTIONS[a])
    def _bonus(self, state, a, events):
        seat = state.seat
        self._pay(state, seat, self.numbers.bonus)
        events.append(Event("sy.turn.bonus", seat=seat, automatic=False, key="sy.log.bonus",
                            tile=f"sy.action.{ACTIONS[a]}", cost=self.numbers.bonus))
        self._begin(state, a, True, events)
        if a == SUBSIDY:
            self._subsidy(state, events)
        else:
            state.phase = "act"

    @refuses("bonus")
    def _why_bonus(self, state, a):
        if a in state.offer:
            return None
        seat, cost = state.seat, self.numbers.bonus
        if state.bonus_done:
            return "sy.turn.bonus", Text("sy.why.bonus-used")
        if a == state.chosen:
            return "sy.turn.bonus", Text("sy.why.bonus-same", tile=self.tile_name(a))
        if state.money[seat] < cost:
            return "sy.turn.bonus", Text("sy.why.bonus-money", cost=cost, money=state.money[seat])
        return self.why_cannot(state, seat, a, state.money[seat] - cost)

    def _pay(self, state, seat, amount):
        state.money[seat] -= amount
        state.spent += amount

    def _gain(self, state, seat, amount):
        state.money[seat] += amount
        state.minted += amount

    # The summary goes on with the eight actions (actions.py), the markets refilled after them (refills.py)
    # and 5. the test cruise (cruise.py): mixins of this class.

    # == the end of a turn: the gear's cube, the contract discard ==================================================
    def _end_turn(self, state, events):
        if state.dropped:
            state.dropped = False
            if state.cubes:
                state.cubes -= 1
                state.gear, state.gear_cube = 0, True
                events.append(Event("sy.gear.drop", key="sy.log.cube-removed", left=state.cubes))
                if state.cubes == self.numbers.cubes[state.players] - self.numbers.marked:
                    state.marked_gone = True
                    events.append(Event("sy.contract.discard", key="sy.log.marked"))
                    self._ask_discards(state, state.seat)
            elif state.ender < 0:
                self._trigger(state, "cubes", events)
            leftmost = state.track[0]
            state.coins[leftmost] += 1
            state.minted += 1
            events.append(Event("sy.gear.coin", key="sy.log.coin", tile=f"sy.action.{ACTIONS[leftmost]}",
                                coins=state.coins[leftmost]))
        if state.discarding:
            state.phase = "discard"
        else:
            self._next_turn(state, events)

    def _ask_discards(self, state, first):
        keep = self.numbers.keep
        order = [(first + i) % state.players for i in range(state.players)]
        state.discarding = [s for s in order if len(state.red[s]) > keep or len(state.blue[s]) > keep]

    @move("keep", "sy.contract.discard", phases=("discard",), arg=lambda game, colour, index: f"{colour}.{index + 1}")
    def _keep(self, state, colour, index, events):
        """sy.contract.discard: keep one contract of this colour, discard the others face down."""
        seat = state.discarding[0]
        hand = state.red[seat] if colour == "red" else state.blue[seat]
        kept = hand[index]
        state.discarded[seat] += [c for c in hand if c != kept]
        hand[:] = [kept]
        events.append(Event("sy.contract.discard", seat=seat, automatic=False, key="sy.log.keep",
                            colour=f"sy.colour.{colour}"))
        keep = self.numbers.keep
        if len(state.red[seat]) <= keep and len(state.blue[seat]) <= keep:
            state.discarding.pop(0)
        if not state.discarding:
            if state.stage == "scoring":
                state.phase = "end"
            else:
                self._next_turn(state, events)

    @refuses("keep")
    def _why_keep(self, state, colour, index):
        who, keep = state.discarding[0], self.numbers.keep
        red_first = len(state.red[who]) > keep      # the red contract is kept first, then the blue one
        hand = state.red[who] if colour == "red" else state.blue[who]
        if colour == ("red" if red_first else "blue") and index < len(hand):
            return None
        if len(hand) <= keep:
            return "sy.contract.discard", Text("sy.why.keep-done", colour=f"sy.colour.{colour}")
        if colour == "blue" and red_first:
            return "sy.contract.discard", Text("sy.why.keep-red-first")
        return "sy.contract.discard", Text("sy.why.keep-none", colour=f"sy.colour.{colour}", n=index + 1,
                                           have=len(hand))

    def _next_turn(self, state, events):
        """Clockwise to the next player; once the end is triggered the round is played out, then come the
        final actions and the final build."""
        P = state.players
        if state.stage in ("play", "round-out"):
            nxt = (state.seat + 1) % P
            if state.ender >= 0 and nxt == 0:
                state.stage = "final-action"
                state.order = [(state.ender + 1 + i) % P for i in range(P)]
                state.order_at = 0
                events.append(Event("sy.end.final-action", key="sy.log.final-actions", first=state.order[0],
                                    last=state.order[-1]))
                self._begin_final(state, events)
            else:
                state.seat = nxt
                self._start_turn(state, events)
            return
        state.order_at += 1
        if state.order_at < P:
            self._begin_final(state, events)
        elif state.stage == "final-action":
            state.stage = "final-build"
            state.order_at = 0
            events.append(Event("sy.end.final-build", key="sy.log.final-builds"))
            self._begin_final(state, events)
        else:
            self._begin_scoring(state, events)

    def _trigger(self, state, reason, events, **params):
        state.ender = state.seat
        state.end_reason = reason
        if state.stage == "play":
            state.stage = "round-out"
        events.append(Event(f"sy.end.trigger.{reason}", seat=state.seat, key=f"sy.log.trigger-{reason}", **params))
        events.append(Event("sy.end.round", key="sy.log.round-out"))

    # == the end of the game (遊戲結束) ============================================================================
    def _begin_final(self, state, events):
        state.seat = state.order[state.order_at]
        state.cruise = None
        state.main_done = state.bonus_done = state.in_bonus = False
        state.doing = state.chosen = -1
        state.bought = 0
        state.phase = "final" if state.stage == "final-action" else "final-build"

    def _final_choices(self, state) -> list[int]:
        """sy.end.final-action: any action tile, occupied or not, that this player can carry out."""
        seat, money = state.seat, state.money[state.seat]
        return [a for a in state.track if self.can_do(state, seat, a, money)]

    def _final_build_options(self, state) -> list[int]:
        """sy.end.final-build: market places holding a part that completes a ship, if paid for."""
        seat = state.seat
        if state.holding >= 0:
            return [state.holding]
        finishing = self.yard.finishing(self.codes(state, seat))
        money, prices, rows, code = state.money[seat], self.numbers.prices, self.rows, self.part_code
        return [p for p, k in enumerate(state.market) if k >= 0 and prices[p % rows] <= money and finishing[code[k] - 1]]

    @move("pass", "sy.end.final-build", phases=("final-build",))
    def _final_pass(self, state, events, decided=True):
        events.append(Event("sy.end.final-build", seat=state.seat, automatic=not decided, key="sy.log.final-pass"))
        self._find_ships(state, events)

    @refuses("pass")
    def _why_pass(self, state):
        return None             # a player may always decline the last build

    def _begin_scoring(self, state, events):
        state.stage = "scoring"
        state.seat = 0
        state.final_scores = []
        # At the end each player holds one red and one blue contract: if the marked cube never came off,
        # the discard happens now (ruling).
        self._ask_discards(state, 0)
        if state.discarding:
            events.append(Event("sy.contract.discard", key="sy.log.discard-at-end"))
            state.phase = "discard"
        else:
            state.phase = "end"

    def contract_points(self, state, seat, contract) -> int:
        """What one contract is worth for a player's fleet (formulas: data/contracts.toml)."""
        c = self.contract_list[contract]
        fleet = state.fleet[seat]
        f = c.formula
        if f == "ships":
            return c.points * len(fleet)
        if f == "canal":
            return c.points * state.kept[seat]
        if f == "employees":
            return c.points * len(state.staff[seat])
        count = ship_count
        if f == "pairs":
            a, b = c.items
            return c.points * sum(count(s, a) // 2 if a == b else min(count(s, a), count(s, b)) for s in fleet)
        if f == "beyond":
            return c.points * max(0, sum(count(s, c.items[0]) for s in fleet) - 1)
        if f == "each":
            return c.points * sum(count(s, i) for s in fleet for i in c.items)
        if f == "ships_with":
            return c.points * sum(1 for s in fleet if all(count(s, i) for i in c.items))
        if f == "ships_parts":
            return c.points * sum(1 for s in fleet if (s["parts"] == c.min if c.exact else s["parts"] >= c.min))
        if f == "ships_speed":
            return c.points * sum(1 for s in fleet if s["speed"] >= c.min)
        if f == "ships_equipment":
            return c.points * sum(1 for s in fleet if sum(s["fitted"][:4]) >= c.min)
        return c.points * sum(1 for s in fleet if sum(s["fitted"][4:]) >= c.min)       # ships_crew

    def _score_player(self, state, events):
        """sy.contract.score, then sy.end.traders, for one player."""
        seat = len(state.final_scores)
        entry = {"seat": seat, "contracts": [], "traders": 0}
        for contract in state.red[seat] + state.blue[seat]:
            points = self.contract_points(state, seat, contract)
            state.points[seat][4] += points
            entry["contracts"].append({"contract": self.contract_ids[contract], "points": points})
            events.append(Event("sy.contract.score", seat=seat, key="sy.log.contract",
                                contract=f"sy.contract.{self.contract_ids[contract]}", points=points))
        traders = sum(self.emp[e].points for e in state.staff[seat] if self.emp[e].family == "trader")
        state.points[seat][5] += traders
        entry["traders"] = traders
        if traders:
            events.append(Event("sy.end.traders", seat=seat, key="sy.log.traders", points=traders))
        state.final_scores.append(entry)
        if len(state.final_scores) == state.players:
            winners = self.winners(state)
            events.append(Event("sy.end.winner", key="sy.log.winner", winners=winners,
                                totals={str(s): sum(p) for s, p in enumerate(state.points)}))
            state.over = True
            state.phase = "over"

    def winners(self, state):
        """sy.end.winner: the most points; a tie goes to the most money; still tied, a shared win."""
        best = max((sum(p), state.money[s]) for s, p in enumerate(state.points))
        return [s for s, p in enumerate(state.points) if (sum(p), state.money[s]) == best]

    def scores(self, state):
        return {seat: {"total": sum(p), "parts": dict(zip(PART_PARTS, p))} for seat, p in enumerate(state.points)}

    # == chance steps: the contracts dealt, the markets refilled ====================================================
    def chance(self, state):
        phase = state.phase
        if phase == "deal":
            seat, colour = state.deal[0]
            pool = state.red_pool if colour == "red" else state.blue_pool
            counts = [0] * len(self.contract_ids)
            for c in pool:
                counts[c] = 1
            return Chance("sy.setup.contracts", Text("sy.chance.contract", seat=seat, colour=f"sy.colour.{colour}"),
                          self._outcomes("contract", counts), seen_by=seat)
        if phase == "refill":
            return self._refill_chance(state)
        return None

    def play_chance(self, state, outcome, events):
        if state.phase == "deal":
            seat, colour = state.deal.pop(0)
            contract = self.contract_ids.index(outcome.partition(":")[2])
            pool, hand = (state.red_pool, state.red) if colour == "red" else (state.blue_pool, state.blue)
            pool.remove(contract)
            hand[seat].append(contract)
            events.append(Event("sy.setup.contracts", seat=seat, key="sy.log.dealt", colour=f"sy.colour.{colour}"))
            if not state.deal:
                state.phase = "start"
        else:
            self._refill(state, outcome, events)

    # == automatic steps =========================================================================================
    def play_automatic(self, state, events):
        phase = state.phase
        if phase == "start":
            self._start_turn(state, events)
        elif phase == "choose":
            self._no_choice(state, events)
        elif phase == "final":
            events.append(Event("sy.end.final-action", seat=state.seat, key="sy.log.final-none"))
            self._find_ships(state, events)
        elif phase == "income":
            self._income(state, events)
        elif phase == "turn":
            self._turn_auto(state, events)
        elif phase == "refill":
            self._refill_auto(state, events)
        elif phase == "ships":
            self._find_ships(state, events)
        elif phase == "fit":
            self._launch(state, events, decided=False)
        elif phase == "speed":
            self._set_sail(state, events)
        elif phase == "sail":
            ways = self._ways(state)
            self._sail(state, ways[0] if ways else 0, events)
        elif phase == "score":
            self._score_ship(state, events)
        elif phase == "next-ship":
            self._next_ship(state, events)
        elif phase == "turn-end":
            self._end_turn(state, events)
        elif phase == "final-build":
            self._final_pass(state, events, decided=False)
        elif phase == "end":
            self._score_player(state, events)

    # == decisions (the Action objects offered are made in action_builders.py) ====================================
    def legal_actions(self, state):
        phase, seat = state.phase, state.seat
        if phase == "choose":
            return [self._tile_action("choose", a) for a in state.offer]
        if phase == "turn":
            out = [] if state.main_done else self._first_steps(state, state.chosen)
            out += [self._tile_action("bonus", a) for a in state.offer]
            if state.main_done:
                out.append(self._plain_action("end"))
            return out
        if phase == "act":
            return self._first_steps(state, state.doing)
        if phase == "build":
            out = [self._buy_action(state, p) for p in self._buyable(state, seat, state.money[seat])]
            out.append(self._plain_action("done"))
            return out
        if phase == "place":
            return [self._place_action(s) for s in self._place_slots(state)]
        if phase == "attach":
            return [self._attach_action(p) for p in self.attach_points(state, seat)]
        if phase == "trade":
            good = self.trade_good(state)
            price = self.sale_price(state, seat, good)
            out = [self.made(("sell", good, price), self._make_sell_action, good, price)]
            return out + [self._swap_action(i) for i in self._swap_options(state)]
        if phase == "order":
            return [self.made(("cruise", a), self._make_cruise_action, a) for a in state.cruising]
        if phase == "fit":
            out = [self.made(("fit", i), self._make_fit_action, i) for i in self._fit_options(state)]
            out.append(self._plain_action("launch"))
            return out
        if phase == "sail":
            piece = state.ship[state.cruise["seat"]][0]
            return [self.made(("sail", piece, e), self._make_sail_action, piece, e) for e in self._ways(state)]
        if phase == "discard":
            who = state.discarding[0]
            colour, hand = ("red", state.red[who]) if len(state.red[who]) > self.numbers.keep else ("blue", state.blue[who])
            return [self.made(("keep", colour, i), self._make_keep_action, colour, i) for i in range(len(hand))]
        if phase == "final":
            return [self._tile_action("final", a) for a in state.offer]
        if phase == "final-build":
            if state.holding >= 0:
                return [self._place_action(s) for s in self._place_slots(state)]
            out = [self._buy_action(state, p) for p in self._final_build_options(state)]
            return out + [self._plain_action("pass")]
        return []

    def _first_steps(self, state, a) -> list[Action]:
        """The first decision of carrying out action `a`: what to buy, where to move the marker..."""
        seat, money = state.seat, state.money[state.seat]
        if a == BUILD:
            return [self._buy_action(state, p) for p in self._buyable(state, seat, money)]
        if a == CANAL:
            prices = self.numbers.canal_prices
            return [self.made(("canal", i, k), self._make_canal_action, i, k)
                    for i, k in enumerate(state.canal_market) if k >= 0 and prices[i] <= money]
        if a == GOODS_ACTION:
            prices = self.numbers.goods_prices
            return [self.made(("goods", i, k), self._make_goods_action, i, k)
                    for i, k in enumerate(state.goods_market) if k >= 0 and prices[i] <= money]
        if a in (EQUIP, CREW_ACTION):
            rondel = 0 if a == EQUIP else 1
            kinds = self.equipment_stops if rondel == 0 else self.crew_stops
            name = ("equip", "crew")[rondel]
            costs = self.stop_costs(state, seat, rondel, len(kinds))
            return [self.made((name, s, costs[s]), self._make_stop_action, rondel, s, costs[s])
                    for s in self._rondel_stops(state, seat, rondel, money)]
        if a == EMPLOYEE:
            return [self._hire_action(i, state.emp_top[i], self.hire_cost(state, seat, i))
                    for i in self._hireable(state, seat, money)]
        if a == TRADE:
            return [self.made(("trade", i, k), self._make_trade_action, i, k) for i, k in enumerate(state.goods[seat])]
        return [self.made(("subsidy",), self._make_subsidy_action)]

    # -- the decisions played here (the others are declared beside their rules: actions.py, cruise.py) ----------
    @move("final", "sy.end.final-action", phases=("final",), arg=lambda game, a: ACTIONS[a])
    def _final_action(self, state, a, events):
        events.append(Event("sy.end.final-action", seat=state.seat, automatic=False, key="sy.log.final",
                            tile=f"sy.action.{ACTIONS[a]}"))
        self._begin(state, a, False, events)
        if a == SUBSIDY:
            self._subsidy(state, events)
        else:
            state.phase = "act"

    @refuses("final")
    def _why_final(self, state, a):
        if a in state.offer:
            return None
        return self.why_cannot(state, state.seat, a, state.money[state.seat])

    @move("end", "sy.turn.end", phases=("turn",))
    def _end_decided(self, state, events):
        events.append(Event("sy.turn.end", seat=state.seat, automatic=False, key="sy.log.end"))
        self._find_ships(state, events)

    @refuses("end")
    def _why_end(self, state):
        if state.main_done:
            return None
        return "sy.turn.action", Text("sy.why.end-first", tile=self.tile_name(state.chosen))

    @move("done", "sy.build.buy", phases=("build",))
    def _done_buying(self, state, events):
        events.append(Event("sy.build.buy", seat=state.seat, automatic=False, key="sy.log.build-done", count=state.bought))
        self._end_build(state, events)

    @refuses("done")
    def _why_done(self, state):
        return None             # a player may stop buying at any time

    @move("cruise", "sy.cruise.order", phases=("order",), arg=one_based)
    def _cruise_first(self, state, a, events):
        events.append(Event("sy.cruise.order", seat=state.seat, automatic=False, key="sy.log.cruise-first", bow=a + 1))
        self._start_cruise(state, a, events)

    @refuses("cruise")
    def _why_cruise(self, state, a):
        if a in state.cruising:
            return None
        return "sy.cruise.order", Text("sy.why.no-ship", space=a + 1)

    @move("sail", "sy.cruise.sail", phases=("sail",), arg=one_based)
    def _sail_decided(self, state, way, events):
        self._sail(state, way, events, decided=True)

    @refuses("sail")
    def _why_sail(self, state, way):
        if way in self._ways(state):
            return None
        c = state.cruise
        return "sy.cruise.sail", Text("sy.why.sail-short", exit=way + 1, need=c["speed"] - c["step"])

    # == why an option is refused (each move's refusal is declared beside it), the board's candidates ===========
    # The action a decision belongs to: its first steps are refused while another action is carried out.
    _ACTION_OF = {"buy": BUILD, "canal": CANAL, "goods": GOODS_ACTION, "equip": EQUIP, "crew": CREW_ACTION,
                  "hire": EMPLOYEE, "trade": TRADE, "subsidy": SUBSIDY}

    def refuse_first(self, state, kind, args):
        """Subsidy with 3 players (whatever the phase); then, during a turn's action, the first steps of the
        other actions."""
        if (kind == "subsidy" or kind in ("choose", "bonus", "final") and args[0] == SUBSIDY) \
                and SUBSIDY not in state.track:
            return "sy.subsidy", Text("sy.why.subsidy-4p")
        if state.phase in ("turn", "act") and kind in self._ACTION_OF:
            if state.phase == "turn" and state.main_done:
                return "sy.turn.end", Text("sy.why.action-done", tile=self.tile_name(state.chosen))
            doing = state.doing if state.phase == "act" else state.chosen
            if self._ACTION_OF[kind] != doing:
                return "sy.turn.action", Text("sy.why.other-action", tile=self.tile_name(doing))
        return None

    def not_now(self, state, kind, args):
        return "sy.turn.steps", Text("sy.why.not-now", phase=f"sy.phase.{state.phase}")

    def candidates(self, state):
        from .candidates import candidates
        return candidates(self, state)

    def scenarios(self):
        from .scenarios import SCENARIOS
        return {name: make(self) for name, make in SCENARIOS.items()}

    def view(self, state, seat):
        from .view import board_view
        return board_view(self, state, seat)
