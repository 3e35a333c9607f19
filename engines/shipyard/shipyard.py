"""Shipyard (2nd edition, Vladimír Suchý, Delicious Games 2023), summary 004_017077f0df3214e5.txt.

Read top to bottom like the summary: setup (遊戲概要, 起始資源, 政府合約); the turn (回合流程): 1 moving last
turn's tile and the gear, 2 choosing a tile, 3 income, 4 the action and the bonus action; the actions
(行動內容): build ships, rent canal, buy goods, the equipment, crew and employee rondels, trade goods,
subsidy; 5 the test cruise (試航: fitting out, speed, sailing, scoring, after the cruise); the end of a turn
(the gear's cube, the contract discard); the end of the game (遊戲結束). Rule ids (sy.*) tie each step to
its entry in data/rules.toml, which cites the summary's section.

The position is plain lists and integers (state.py); the yard rules are in yard.py; the numbered tables,
observation and bounds in encoding.py; the board's view in view.py.
"""

from __future__ import annotations

from ..core.actions import Action, Event
from ..core.chance import Chance, Outcome
from ..core.game import Game, Option
from ..core.texts import Text, add_text, render
from . import encoding
from .components import (ACTIONS, CREW, DATA, EQUIPMENT, GOODS, ITEMS, PARTS, load_canal, load_contracts,
                         load_employees, load_goods, load_numbers, load_parts, load_rondels)
from .state import State
from .yard import Yard

SAIL, ENGINE, CANNON, CRANE, CAPTAIN, MERCHANT, SOLDIER, STOKER = range(8)
BUILD, CANAL, GOODS_ACTION, EQUIP, CREW_ACTION, EMPLOYEE, TRADE, SUBSIDY = range(8)
PART_PARTS = ("crew", "equipment", "speed", "checkpoints", "contracts", "traders")
CREW_POINTS = (CAPTAIN, MERCHANT, SOLDIER)          # stokers score nothing
PHASE_OF_ACTION = {BUILD: "build", CANAL: "canal", GOODS_ACTION: "goods", EQUIP: "equipment",
                   CREW_ACTION: "crew", EMPLOYEE: "employee", TRADE: "trade", SUBSIDY: "subsidy"}


def ship_count(ship: dict, item: str) -> int:
    """How many of an item a ship of the fleet carries (the things contracts count)."""
    if item == "officer":
        return max(0, ship["fitted"][CAPTAIN] - 1)
    if item in ("lantern", "lifeboat", "buoy"):
        return ship[item + "s"]
    return ship["fitted"][ITEMS.index(item)]


class Shipyard(Game):
    id = "shipyard"
    min_players, max_players = 3, 4
    data_dir = DATA
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

    # == for search and learning (encoding.py) ==============================================================
    def action_ids(self, players, options):
        return encoding.action_ids(self, players, options)

    def never_legal_ids(self, players, options):
        return encoding.never_legal_ids(self, players, options)

    def chance_ids(self, players, options):
        return encoding.chance_ids(self, players, options)

    def observation_parts(self, players, options):
        return encoding.observation_parts(self, players, options)

    def bounds(self, players, options):
        return encoding.bounds(self, players, options)

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
        self._settle(state)
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
    def _settle(self, state):
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

    def to_move(self, state):
        return state.to_move

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

    def _choose(self, state, a, events):
        seat = state.seat
        state.cube[a] = seat
        state.chosen = state.last[seat] = a
        events.append(Event("sy.turn.choose", seat=seat, automatic=False, key="sy.log.choose", tile=f"sy.action.{ACTIONS[a]}"))
        self._income(state, events)

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

    def _pay(self, state, seat, amount):
        state.money[seat] -= amount
        state.spent += amount

    def _gain(self, state, seat, amount):
        state.money[seat] += amount
        state.minted += amount

    # == build ship parts (建造船隻) ==========================================================================
    def price(self, place) -> int:
        return self.numbers.prices[place % self.rows]

    def codes(self, state, seat) -> tuple:
        return tuple(map(self.code_of.__getitem__, state.yard[seat]))     # no Python loop: asked often

    def _buyable(self, state, seat, money, first=False) -> list[int]:
        """Market places whose part this player can pay for and place somewhere (sy.build.*); the first one
        only, when `first`."""
        slots = self.yard.slots(self.codes(state, seat))
        code, price, out = self.part_code, self.place_price, []
        for p, k in enumerate(state.market):
            if k >= 0 and price[p] <= money and slots[code[k] - 1]:
                out.append(p)
                if first:
                    break
        return out

    def _buy_part(self, state, place, events):
        seat = state.seat
        if state.doing != BUILD:
            self._begin(state, BUILD, False, events)
        k = state.market[place]
        cost = self.price(place)
        self._pay(state, seat, cost)
        state.market[place] = -1
        state.holding = k
        state.bought += 1
        events.append(Event("sy.build.buy", seat=seat, automatic=False, key="sy.log.buy", part=f"sy.part.{self.part_ids[k]}",
                            place=self.places[place], cost=cost))
        state.phase = "place"

    def _place_part(self, state, space, events):
        seat = state.seat
        k = state.holding
        state.yard[seat][space] = k
        state.holding = -1
        events.append(Event("sy.build.place", seat=seat, automatic=False, key="sy.log.place",
                            part=f"sy.part.{self.part_ids[k]}", space=space + 1))
        if state.stage == "final-build":
            self._end_build(state, events)
        elif state.bought < self.numbers.max_buy and self._buyable(state, seat, state.money[seat]):
            state.phase = "build"
        else:
            self._end_build(state, events)

    def _end_build(self, state, events):
        """sy.build.refill: each column slides down into the cheap rows; its empty top rows are refilled."""
        rows = self.rows
        for c in range(len(self.numbers.columns)):
            column = [k for k in state.market[c * rows:(c + 1) * rows] if k >= 0]
            state.market[c * rows:(c + 1) * rows] = column + [-1] * (rows - len(column))
            state.refills += [("part", c * rows + r) for r in range(len(column), rows)]
        events.append(Event("sy.build.refill", key="sy.log.slide"))
        self._done(state, events)

    # == rent canal (租個航道) ===============================================================================
    def attach_points(self, state, seat) -> list[tuple]:
        """Where a new canal tile may go: (piece, exit), or (-1, 0) to start the canal."""
        pieces = state.canal[seat]
        if not any(p is not None for p in pieces):
            return [(-1, 0)]
        return [(i, e) for i, p in enumerate(pieces) if p is not None
                for e in range(self.canal_exits[p[0]]) if p[1 + e] < 0]

    def _rent(self, state, place, events):
        seat = state.seat
        if state.doing != CANAL:
            self._begin(state, CANAL, False, events)
        k = state.canal_market[place]
        cost = self.numbers.canal_prices[place]
        self._pay(state, seat, cost)
        state.canal_market[place] = -1
        state.holding = k
        events.append(Event("sy.canal.buy", seat=seat, automatic=False, key="sy.log.rent", tile=f"sy.canal.{self.canal_ids[k]}",
                            cost=cost))
        points = self.attach_points(state, seat)
        if len(points) == 1:
            self._attach(state, points[0], events)
        else:
            state.phase = "attach"

    def _attach(self, state, point, events):
        seat = state.seat
        pieces = state.canal[seat]
        k = state.holding
        piece = [k, -1, -1]
        slot = next((i for i, p in enumerate(pieces) if p is None), len(pieces))
        if slot == len(pieces):
            pieces.append(piece)
        else:
            pieces[slot] = piece
        parent, exit_ = point
        if parent < 0:
            state.ship[seat] = [slot, -1]
            events.append(Event("sy.canal.attach", seat=seat, key="sy.log.canal-start", tile=f"sy.canal.{self.canal_ids[k]}"))
        else:
            pieces[parent][1 + exit_] = slot
            events.append(Event("sy.canal.attach", seat=seat, key="sy.log.canal-attach", tile=f"sy.canal.{self.canal_ids[k]}",
                                piece=parent + 1, exit=exit_ + 1))
        state.holding = -1
        # sy.canal.refill: the tiles left slide towards the cheap end; the dear end is refilled.
        left = [t for t in state.canal_market if t >= 0]
        state.canal_market = left + [-1] * (len(state.canal_market) - len(left))
        state.refills += [("canal", i) for i in range(len(left), len(state.canal_market))]
        self._done(state, events)

    # == buy goods (進貨) ===================================================================================
    def _buy_goods(self, state, place, events):
        seat = state.seat
        if state.doing != GOODS_ACTION:
            self._begin(state, GOODS_ACTION, False, events)
        k = state.goods_market[place]
        cost = self.numbers.goods_prices[place]
        self._pay(state, seat, cost)
        state.goods[seat].append(k)
        state.goods_market[place] = -1
        events.append(Event("sy.goods.buy", seat=seat, automatic=False, key="sy.log.goods", tile=f"sy.goods-tile.{self.goods_ids[k]}",
                            cost=cost))
        left = [t for t in state.goods_market if t >= 0]
        state.goods_market = left + [-1] * (len(state.goods_market) - len(left))
        state.refills += [("goods", i) for i in range(len(left), len(state.goods_market))]
        self._done(state, events)

    # == the rondels: equipment, crew, employees (生產設備, 招聘船員, 招募員工) ===================================
    def free_steps(self, state, seat, rondel) -> int:
        """sy.employee.rondel: each yellow employee of this rondel moves its marker one more stop for free."""
        frees = self.emp_free_rondel
        return sum(1 for e in state.staff[seat] if frees[e] == rondel)

    def stop_cost(self, state, seat, rondel, stop, stops) -> int:
        """sy.rondel.move: the first stop is free, each further stop costs 1."""
        steps = (stop - state.rondel[rondel]) % stops or stops
        return max(0, steps - 1 - self.free_steps(state, seat, rondel))

    def stop_costs(self, state, seat, rondel, stops) -> tuple[int, ...]:
        """stop_cost of every stop of a rondel, in one go (asked several times a move, and there are only
        a few rondel sizes, marker places and free steps: each list is worked out once per game)."""
        free = self.free_steps(state, seat, rondel) + 1 if state.staff[seat] else 1
        at = state.rondel[rondel]
        key = (stops, at, free)
        found = self._stop_costs.get(key)
        if found is None:
            found = self._stop_costs[key] = tuple(max(0, ((s - at) % stops or stops) - free) for s in range(stops))
        return found

    def _rondel_stops(self, state, seat, rondel, money) -> list[int]:
        """Stops of the equipment (0) or crew (1) rondel this player may end on: affordable, and the supply
        still has that kind (sy.supply)."""
        kinds = self.equipment_stops if rondel == 0 else self.crew_stops
        supply = state.supply
        costs = self.stop_costs(state, seat, rondel, len(kinds))
        return [s for s, cost in enumerate(costs) if cost <= money and supply[kinds[s]]]

    def _take_item(self, state, rondel, stop, events):
        """Manufacture equipment or recruit crew: move, pay, take the item, and what the engineers or
        recruiters add."""
        seat = state.seat
        a = EQUIP if rondel == 0 else CREW_ACTION
        if state.doing != a:
            self._begin(state, a, False, events)
        kinds = self.equipment_stops if rondel == 0 else self.crew_stops
        cost = self.stop_cost(state, seat, rondel, stop, len(kinds))
        self._pay(state, seat, cost)
        state.rondel[rondel] = stop
        item = kinds[stop]
        state.supply[item] -= 1
        state.dock[seat][item] += 1
        rule = "sy.equipment.take" if rondel == 0 else "sy.crew.take"
        events.append(Event(rule, seat=seat, automatic=False, key="sy.log.take", item=f"sy.item.{ITEMS[item]}",
                            stop=stop + 1, cost=cost))
        family = "engineer" if rondel == 0 else "recruiter"
        for e in state.staff[seat]:
            kind = self.emp[e]
            if kind.family == family:
                extra = ITEMS.index(kind.item)
                if state.supply[extra]:
                    state.supply[extra] -= 1
                    state.dock[seat][extra] += 1
                    events.append(Event(f"sy.employee.{family}", seat=seat, key="sy.log.extra-item",
                                        employee=f"sy.employee.{self.emp_ids[e]}", item=f"sy.item.{kind.item}"))
        self._done(state, events)

    def hire_cost(self, state, seat, slot) -> int:
        R = self.rondels
        stop = slot // R.per_stop
        return self.stop_cost(state, seat, 2, stop, R.employee_stops) + self.emp[state.emp_top[slot]].cost

    def may_hire(self, state, seat, kind) -> bool:
        """sy.employee.unique: not one like an employee held; a level-2 trader needs the level-1 one."""
        staff = state.staff[seat]
        if not staff:
            return self.emp[kind].level != 2
        if kind in staff:
            return False
        e = self.emp[kind]
        if e.level == 2:
            return any(self.emp[o].family == "trader" and self.emp[o].good == e.good and self.emp[o].level == 1
                       for o in staff)
        return True

    def _hireable(self, state, seat, money, first=False) -> list[int]:
        """Employee stacks this player may hire from (the first one only, when `first`)."""
        costs = self.stop_costs(state, seat, 2, self.rondels.employee_stops)
        per, emp, out = self.rondels.per_stop, self.emp, []
        for i, k in enumerate(state.emp_top):
            if k >= 0 and costs[i // per] + emp[k].cost <= money and self.may_hire(state, seat, k):
                out.append(i)
                if first:
                    break
        return out

    def _hire(self, state, slot, events):
        seat = state.seat
        if state.doing != EMPLOYEE:
            self._begin(state, EMPLOYEE, False, events)
        k = state.emp_top[slot]
        cost = self.hire_cost(state, seat, slot)
        self._pay(state, seat, cost)
        state.rondel[2] = slot // self.rondels.per_stop
        state.staff[seat].append(k)
        extra = self.emp[k].cost
        events.append(Event("sy.employee.hire", seat=seat, automatic=False, key="sy.log.hire",
                            employee=f"sy.employee.{self.emp_ids[k]}", stop=state.rondel[2] + 1, cost=cost))
        if extra:
            events.append(Event("sy.employee.cost", seat=seat, key="sy.log.hire-extra", extra=extra))
        if state.emp_under[slot]:
            state.emp_top[slot] = -1
            state.refills.append(("employee", slot))
        else:
            state.emp_top[slot] = -1
        self._done(state, events)

    # == trade goods (交易貨物) ==============================================================================
    def trade_prices(self, state) -> tuple:
        return self.rondels.trade[state.rondel[3]]

    def _trade(self, state, index, events):
        seat = state.seat
        if state.doing != TRADE:
            self._begin(state, TRADE, False, events)
        state.rondel[3] = (state.rondel[3] + 1) % len(self.rondels.trade)
        k = state.goods[seat].pop(index)
        state.trading = k
        state.trade_at = 0
        state.swaps_used = []
        coal, timber, cloth = self.trade_prices(state)
        events.append(Event("sy.trade.rondel", seat=seat, key="sy.log.trade-rondel", stop=state.rondel[3] + 1,
                            coal=coal, timber=timber, cloth=cloth))
        events.append(Event("sy.trade.tile", seat=seat, automatic=False, key="sy.log.trade",
                            tile=f"sy.goods-tile.{self.goods_ids[k]}"))
        state.phase = "trade"

    def sale_price(self, state, seat, good) -> int:
        bonus = sum(1 for e in state.staff[seat] if self.emp[e].family == "trader" and self.emp[e].good == GOODS[good])
        return self.trade_prices(state)[good] + bonus

    def trade_good(self, state) -> int:
        return self.goods_of[state.trading][state.trade_at]

    def _swap_options(self, state) -> list[int]:
        good = self.trade_good(state)
        return [i for i, (g, item) in enumerate(self.swaps) if g == good and i not in state.swaps_used and state.supply[item]]

    def _sell(self, state, events):
        seat = state.seat
        good = self.trade_good(state)
        price = self.sale_price(state, seat, good)
        self._gain(state, seat, price)
        events.append(Event("sy.trade.sell", seat=seat, automatic=False, key="sy.log.sell", good=f"sy.good.{GOODS[good]}",
                            price=price))
        if price > self.trade_prices(state)[good]:
            events.append(Event("sy.employee.trader", seat=seat, key="sy.log.trader-bonus", good=f"sy.good.{GOODS[good]}",
                                bonus=price - self.trade_prices(state)[good]))
        self._next_good(state, events)

    def _swap(self, state, i, events):
        seat = state.seat
        good, item = self.swaps[i]
        state.swaps_used.append(i)
        state.supply[item] -= 1
        state.dock[seat][item] += 1
        events.append(Event("sy.trade.swap", seat=seat, automatic=False, key="sy.log.swap", good=f"sy.good.{GOODS[good]}",
                            item=f"sy.item.{ITEMS[item]}"))
        self._next_good(state, events)

    def _next_good(self, state, events):
        state.trade_at += 1
        if state.trade_at >= len(self.goods_of[state.trading]):
            state.goods_used[state.trading] += 1
            state.trading = -1
            state.swaps_used = []
            self._done(state, events)

    # == subsidy (輔助金) ===================================================================================
    def _subsidy(self, state, events):
        seat = state.seat
        if state.doing != SUBSIDY:
            self._begin(state, SUBSIDY, False, events)
        self._gain(state, seat, self.numbers.subsidy)
        events.append(Event("sy.subsidy", seat=seat, automatic=state.in_bonus, key="sy.log.subsidy",
                            money=self.numbers.subsidy))
        self._done(state, events)

    # == refilling the markets: chance steps over what is face down ========================================
    def _outcomes(self, kind, pool) -> list:
        """The outcomes of a draw from a pool of counts by kind (each Outcome made once and kept)."""
        cache, texts, out = self._outcome_cache, self.chance_texts[kind], []
        for k, n in enumerate(pool):
            if n:
                o = cache.get((kind, k, n))
                if o is None:
                    o = cache[(kind, k, n)] = Outcome(texts[k][0], n, texts[k][1])
                out.append(o)
        return out

    def _refill_chance(self, state) -> Chance | None:
        what, where = state.refills[0]
        if what == "part":
            pool = self._part_pool(state, where)
            if pool is None:
                return None
            stack = 1 if pool is state.stack[self.column_kind(where)][1] else 0
            return Chance("sy.build.refill", Text("sy.chance.part", part=f"sy.partname.{PARTS[self.column_kind(where)]}",
                                                  stack=("I", "II")[stack], place=self.places[where]),
                          self._outcomes("part", pool))
        if what == "canal":
            if not any(state.canal_pool):
                return None
            return Chance("sy.canal.refill", Text("sy.chance.canal"), self._outcomes("canal", state.canal_pool))
        if what == "goods":
            if not any(state.goods_pool):
                return None
            return Chance("sy.goods.refill", Text("sy.chance.goods"), self._outcomes("goods", state.goods_pool))
        return Chance("sy.employee.reveal", Text("sy.chance.employee", stop=where // self.rondels.per_stop + 1),
                      self._outcomes("employee", state.emp_hidden))

    def column_kind(self, place) -> int:
        return PARTS.index(self.numbers.columns[place // self.rows])

    def _part_pool(self, state, place):
        """sy.build.refill: stack I of the column's kind, or stack II once I is empty; None if both are."""
        first, second = state.stack[self.column_kind(place)]
        if any(first):
            return first
        if any(second):
            return second
        return None

    def _refill(self, state, outcome, events):
        what, _, name = outcome.partition(":")
        kind, where = state.refills.pop(0)
        if kind == "part":
            k = self.part_ids.index(name)
            pool = self._part_pool(state, where)
            pool[k] -= 1
            state.market[where] = k
            events.append(Event("sy.build.refill", key="sy.log.refill-part", part=f"sy.part.{name}",
                                place=self.places[where]))
            part = self.column_kind(where)
            if self._part_pool(state, where) is None and state.ender < 0:
                self._trigger(state, "parts", events, part=f"sy.partname.{PARTS[part]}")
        elif kind == "canal":
            k = self.canal_ids.index(name)
            state.canal_pool[k] -= 1
            state.canal_market[where] = k
            events.append(Event("sy.canal.refill", key="sy.log.refill-canal", tile=f"sy.canal.{name}"))
        elif kind == "goods":
            k = self.goods_ids.index(name)
            state.goods_pool[k] -= 1
            state.goods_market[where] = k
            events.append(Event("sy.goods.refill", key="sy.log.refill-goods", tile=f"sy.goods-tile.{name}"))
        else:
            k = self.emp_ids.index(name)
            state.emp_hidden[k] -= 1
            state.emp_under[where] = 0
            state.emp_top[where] = k
            events.append(Event("sy.employee.reveal", key="sy.log.reveal", employee=f"sy.employee.{name}",
                                stop=where // self.rondels.per_stop + 1))
        self._after_refill(state, events)

    def _refill_auto(self, state, events):
        """A place that cannot be refilled from the face-down tiles: reshuffle the used ones, or leave it."""
        kind, where = state.refills[0]
        if kind == "canal" and any(state.canal_used):
            events.append(Event("sy.canal.reshuffle", key="sy.log.reshuffle-canal", tiles=sum(state.canal_used)))
            for seat, n in enumerate(state.kept):
                events.append(Event("sy.canal.reshuffle", seat=seat, key="sy.log.kept-count", kept=n))
            state.canal_pool = state.canal_used
            state.canal_used = [0] * len(self.canal_ids)
            return
        if kind == "goods" and any(state.goods_used):
            events.append(Event("sy.goods.refill", key="sy.log.reshuffle-goods", tiles=sum(state.goods_used)))
            state.goods_pool = state.goods_used
            state.goods_used = [0] * len(self.goods_ids)
            return
        state.refills.pop(0)
        rule = {"part": "sy.build.refill", "canal": "sy.canal.refill", "goods": "sy.goods.refill"}[kind]
        events.append(Event(rule, key="sy.log.refill-none"))
        self._after_refill(state, events)

    def _after_refill(self, state, events):
        if not state.refills:
            state.phase = state.resume
            state.resume = ""
            if state.phase == "turn" and state.main_done and not self._bonus_options(state):
                self._find_ships(state, events)          # nothing left to decide: on to the test cruises

    # == 5. the test cruise (試航) ============================================================================
    def _find_ships(self, state, events):
        """The turn's action step is over: every complete ship in the yard sets out on its test cruise."""
        state.cruising = [a for a, _ in self.yard.ships(self.codes(state, state.seat))]
        if not state.cruising:
            self._end_turn(state, events)
        elif len(state.cruising) == 1:
            self._start_cruise(state, state.cruising.pop(), events)
        else:
            events.append(Event("sy.cruise.order", seat=state.seat, key="sy.log.ships", count=len(state.cruising)))
            state.phase = "order"

    def ship_span(self, state, seat, bow) -> tuple:
        return next((a, b) for a, b in self.yard.ships(self.codes(state, seat)) if a == bow)

    def _start_cruise(self, state, bow, events):
        seat = state.seat
        if bow in state.cruising:
            state.cruising.remove(bow)
        a, b = self.ship_span(state, seat, bow)
        parts = state.yard[seat][a:b + 1]
        features = [sum(self.part_feature[k][f] for k in parts) for f in range(8)]
        state.cruise = {"seat": seat, "bow": a, "stern": b, "parts": list(parts), "features": features,
                        "fitted": [0] * 8, "stage": "fit", "speed": 0, "speed_parts": {}, "step": 0,
                        "path": [], "riband": 0, "points": {p: 0 for p in PART_PARTS[:4]}, "checkpoints": [],
                        "result": ""}
        events.append(Event("sy.cruise.order", seat=seat, key="sy.log.cruise", parts=len(parts), bow=a + 1, stern=b + 1))
        state.phase = "fit"

    # -- fitting out (裝備&船員) -------------------------------------------------------------------------------
    def builder_extra(self, state, seat, item) -> int:
        return sum(1 for e in state.staff[seat] if self.emp[e].family == "builder" and self.emp[e].item == item)

    def room_for(self, state, item) -> bool:
        """Is there a mount or cabin (or a builder's allowance) left on the cruising ship for this item?"""
        c = state.cruise
        seat, f, fit = c["seat"], c["features"], c["fitted"]
        if item in (SAIL, ENGINE):
            return fit[SAIL] + fit[ENGINE] < f[2] + self.builder_extra(state, seat, "mast")
        if item == CANNON:
            return fit[CANNON] < f[3] + self.builder_extra(state, seat, "cannon")
        if item == CRANE:
            return fit[CRANE] < f[4] + self.builder_extra(state, seat, "crane")
        if item == STOKER:
            return fit[STOKER] < f[1] + self.builder_extra(state, seat, "stoker")
        if item == CAPTAIN and fit[CAPTAIN] == 0:
            return True                                   # sy.cruise.captain: the first captain needs no cabin
        cabins_used = max(fit[CAPTAIN] - 1, 0) + fit[MERCHANT] + fit[SOLDIER]
        return cabins_used < f[0] + self.builder_extra(state, seat, "crew")

    def _fit_options(self, state) -> list[int]:
        dock = state.dock[state.cruise["seat"]]
        return [i for i in range(len(ITEMS)) if dock[i] and self.room_for(state, i)]

    def _fit(self, state, item, events):
        c = state.cruise
        seat = c["seat"]
        state.dock[seat][item] -= 1
        c["fitted"][item] += 1
        events.append(Event("sy.cruise.fit", seat=seat, automatic=False, key="sy.log.fit", item=f"sy.item.{ITEMS[item]}"))

    def _launch(self, state, events, decided=True):
        c = state.cruise
        c["stage"] = "speed"
        events.append(Event("sy.cruise.fit", seat=c["seat"], automatic=not decided, key="sy.log.launch"))
        state.phase = "speed"

    # -- speed (速度) -----------------------------------------------------------------------------------------
    def speed(self, state, seat, fitted) -> tuple[int, dict]:
        """sy.cruise.speed, with the speed employees: (speed, its parts for the narration)."""
        sails, engines, stokers = fitted[SAIL], fitted[ENGINE], fitted[STOKER]
        if engines and stokers:
            parts = {"base": 4, "sails": sails, "engines": engines - 1, "stokers": stokers - 1}
        else:
            parts = {"base": 1, "sails": sails, "stokers": stokers, "engine_pairs": engines // 2}
        steam = bool(engines and stokers)
        parts["employees"] = sum(1 for e in state.staff[seat] if self.emp[e].family == "speed"
                                 and ((self.emp[e].item == "sail" and sails) or (self.emp[e].item == "steam" and steam)))
        return sum(parts.values()), parts

    def _set_sail(self, state, events):
        """Work out the speed, then check the requirements: a captain and a canal long enough."""
        c = state.cruise
        seat = c["seat"]
        c["speed"], c["speed_parts"] = self.speed(state, seat, c["fitted"])
        events.append(Event("sy.cruise.speed", seat=seat, key="sy.log.speed-steam" if "engines" in c["speed_parts"]
                            else "sy.log.speed-sail", speed=c["speed"], **c["speed_parts"]))
        if not c["fitted"][CAPTAIN]:
            self._lose_ship(state, "captain", events)
            return
        reach = self.reach(state, seat)
        if reach < c["speed"]:
            self._lose_ship(state, "canal", events, reach=reach)
            return
        c["stage"] = "sail"
        state.phase = "sail"

    def _lose_ship(self, state, why, events, reach=0):
        """sy.cruise.requirements: the ship is removed unscored; what went aboard is lost."""
        c = state.cruise
        seat = c["seat"]
        c["stage"] = "done"
        c["result"] = why
        events.append(Event("sy.cruise.requirements", seat=seat, key=f"sy.log.lost-{why}", speed=c["speed"], reach=reach))
        for i, n in enumerate(c["fitted"]):
            state.wrecked[i] += n
        state.scrapped += c["parts"]
        self._clear_ship(state)

    def _clear_ship(self, state):
        c = state.cruise
        seat = c["seat"]
        for i in range(c["bow"], c["stern"] + 1):
            state.yard[seat][i] = -1
        state.phase = "next-ship"

    # -- sailing along the canal (the marker moves, never back) -------------------------------------------------
    def _longest(self, pieces, i) -> int:
        """The most spaces a ship can sail from the entry of piece i onwards."""
        p = pieces[i]
        tail = 0
        for e in range(self.canal_exits[p[0]]):
            if p[1 + e] >= 0:
                tail = max(tail, self._longest(pieces, p[1 + e]))
        return len(self.canal_spaces[p[0]]) + tail

    def reach(self, state, seat) -> int:
        """How far the ship marker can still sail from where it stands."""
        piece, space = state.ship[seat]
        if piece < 0:
            return 0
        pieces = state.canal[seat]
        return self._longest(pieces, piece) - space - 1

    def _ways(self, state) -> list[int]:
        """At the end of a tile: the exits that lead far enough for the rest of the cruise."""
        c = state.cruise
        seat = c["seat"]
        piece, space = state.ship[seat]
        pieces = state.canal[seat]
        p = pieces[piece]
        if space + 1 < len(self.canal_spaces[p[0]]):
            return []
        need = c["speed"] - c["step"]
        return [e for e in range(self.canal_exits[p[0]]) if p[1 + e] >= 0 and self._longest(pieces, p[1 + e]) >= need]

    def _sail(self, state, way, events, decided=False):
        """One space forward; leaving a tile removes it (and whatever is cut off with it)."""
        c = state.cruise
        seat = c["seat"]
        pieces = state.canal[seat]
        piece, space = state.ship[seat]
        p = pieces[piece]
        if decided:
            events.append(Event("sy.cruise.sail", seat=seat, automatic=False, key="sy.log.fork", exit=way + 1))
        if space + 1 < len(self.canal_spaces[p[0]]):
            space += 1
        else:
            nxt = p[1 + way]
            self._leave(state, seat, piece, nxt, events)
            piece, space = nxt, 0
        state.ship[seat] = [piece, space]
        c["step"] += 1
        icon = self.canal_spaces[pieces[piece][0]][space]
        entry = {"piece": piece + 1, "space": space + 1, "step": c["step"], "icon": icon, "points": 0}
        c["path"].append(entry)
        if icon:
            self._checkpoint(state, icon, entry, events)
        else:
            events.append(Event("sy.cruise.sail", seat=seat, key="sy.log.sail", step=c["step"], speed=c["speed"]))
        if c["step"] >= c["speed"]:
            c["stage"] = "score"
            state.phase = "score"

    def _leave(self, state, seat, piece, nxt, events):
        """sy.cruise.remove-tile: the tile left behind is kept face down; sy.cruise.isolated: any branch cut
        off with it is removed too and not kept."""
        pieces = state.canal[seat]
        k = pieces[piece][0]
        state.kept[seat] += 1
        state.canal_used[k] += 1
        cut = [pieces[piece][1 + e] for e in range(self.canal_exits[k]) if pieces[piece][1 + e] not in (-1, nxt)]
        pieces[piece] = None
        events.append(Event("sy.cruise.remove-tile", seat=seat, key="sy.log.remove-tile", tile=f"sy.canal.{self.canal_ids[k]}",
                            kept=state.kept[seat]))
        lost = []
        while cut:
            i = cut.pop()
            p = pieces[i]
            lost.append(f"sy.canal.{self.canal_ids[p[0]]}")
            state.canal_used[p[0]] += 1
            cut += [p[1 + e] for e in range(self.canal_exits[p[0]]) if p[1 + e] >= 0]
            pieces[i] = None
        if lost:
            events.append(Event("sy.cruise.isolated", seat=seat, key="sy.log.isolated", tiles=lost))
        while pieces and pieces[-1] is None:
            pieces.pop()

    def checkpoint_count(self, state, icon) -> int:
        """What a checkpoint counts on the cruising ship."""
        c = state.cruise
        fit = c["fitted"]
        if icon == "military":
            return fit[CANNON] + fit[SOLDIER]
        if icon == "economic":
            return fit[CRANE] + fit[MERCHANT]
        # the safety icons count on the hull parts only (船身), not on the bow and the stern
        f = 5 + ("lantern", "lifeboat", "buoy").index(icon)
        return sum(self.part_feature[k][f] for k in c["parts"][1:-1])

    def _checkpoint(self, state, icon, entry, events):
        c = state.cruise
        seat = c["seat"]
        if icon == "riband":
            c["riband"] = c["step"]
            events.append(Event("sy.cruise.riband", seat=seat, key="sy.log.riband", step=c["step"]))
            return
        points = self.checkpoint_count(state, icon)
        entry["points"] = points
        c["points"]["checkpoints"] += points
        c["checkpoints"].append({"icon": icon, "step": c["step"], "points": points})
        state.points[seat][3] += points
        events.append(Event("sy.cruise.checkpoint", seat=seat, key=f"sy.log.checkpoint-{icon}", step=c["step"],
                            points=points))

    # -- scoring, after the cruise (分數, 試航結束) -----------------------------------------------------------------
    def _score_ship(self, state, events):
        c = state.cruise
        seat = c["seat"]
        fit = c["fitted"]
        crew = sum(fit[i] for i in CREW_POINTS)
        equipment = 2 * (fit[CANNON] + fit[CRANE])
        speed = c["speed"]
        riband = c["riband"]
        p = state.points[seat]
        p[0] += crew
        p[1] += equipment
        p[2] += speed
        p[3] += riband
        c["points"]["crew"], c["points"]["equipment"], c["points"]["speed"] = crew, equipment, speed
        c["points"]["checkpoints"] += riband
        events.append(Event("sy.cruise.score.crew", seat=seat, key="sy.log.score-crew", points=crew))
        events.append(Event("sy.cruise.score.equipment", seat=seat, key="sy.log.score-equipment", points=equipment))
        events.append(Event("sy.cruise.score.speed", seat=seat, key="sy.log.score-speed", points=speed))
        if riband:
            events.append(Event("sy.cruise.riband", seat=seat, key="sy.log.riband-score", points=riband))
        total = sum(c["points"].values())
        events.append(Event("sy.cruise.after", seat=seat, key="sy.log.cruise-total", points=total,
                            piece=state.ship[seat][0] + 1, space=state.ship[seat][1] + 1))
        f = c["features"]
        state.fleet[seat].append({"parts": len(c["parts"]), "fitted": list(fit), "speed": speed,
                                  "lanterns": f[5], "lifeboats": f[6], "buoys": f[7], "points": total,
                                  "kinds": list(c["parts"])})
        events.append(Event("sy.cruise.fleet", seat=seat, key="sy.log.fleet", ships=len(state.fleet[seat])))
        c["stage"] = "done"
        c["result"] = "scored"
        self._clear_ship(state)

    def _next_ship(self, state, events):
        if not state.cruising:
            self._end_turn(state, events)
        elif len(state.cruising) == 1:
            self._start_cruise(state, state.cruising[0], events)
        else:
            state.phase = "order"

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

    def _final_pass(self, state, events, decided=True):
        events.append(Event("sy.end.final-build", seat=state.seat, automatic=not decided, key="sy.log.final-pass"))
        self._find_ships(state, events)

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

    def apply_chance(self, state, outcome, events):
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
        self._settle(state)

    # == automatic steps =========================================================================================
    def auto_step(self, state, events):
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
        self._settle(state)

    # == decisions ===============================================================================================
    def legal_actions(self, state):
        phase, seat = state.phase, state.seat
        if phase == "choose":
            return [self._tile_action("choose", a) for a in state.offer]
        if phase == "turn":
            out = [] if state.main_done else self._first_steps(state, state.chosen)
            out += [self._tile_action("bonus", a) for a in state.offer]
            if state.main_done:
                out.append(self.made(("end",), Action, "end", "sy.turn.end", "end", "sy.act.end"))
            return out
        if phase == "act":
            return self._first_steps(state, state.doing)
        if phase == "build":
            out = [self._buy_action(state, p) for p in self._buyable(state, seat, state.money[seat])]
            out.append(self.made(("done",), Action, "done", "sy.build.buy", "done", "sy.act.done"))
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
            out.append(self.made(("launch",), Action, "launch", "sy.cruise.fit", "launch", "sy.act.launch"))
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
            return out + [self.made(("pass",), Action, "pass", "sy.end.final-build", "pass", "sy.act.pass")]
        return []

    # Actions recur from decision to decision, so each is made once (Game.made: the key names everything
    # an action depends on) and offered again.
    def _tile_action(self, kind, a):
        return self._made.get((kind, a)) or self.made((kind, a), self._make_tile_action, kind, a)

    def _make_tile_action(self, kind, a):
        rule = {"choose": "sy.turn.choose", "bonus": "sy.turn.bonus", "final": "sy.end.final-action"}[kind]
        name = ACTIONS[a]
        target = f"tile.{name}" if kind != "bonus" else f"bonus.{name}"
        return Action(f"{kind}:{name}", rule, target=target, label_key=f"sy.act.{kind}", tile=f"sy.action.{name}")

    def _buy_action(self, state, p):
        key = ("buy", p, state.market[p])
        return self._made.get(key) or self.made(key, self._make_buy_action, p, state.market[p])

    def _make_buy_action(self, p, part):
        return Action(f"buy:{self.places[p]}", "sy.build.buy", target=f"market.{self.places[p]}", label_key="sy.act.buy",
                      part=f"sy.part.{self.part_ids[part]}", cost=self.price(p))

    def _place_action(self, s):
        return self._made.get(("place", s)) or self.made(("place", s), self._make_place_action, s)

    def _make_place_action(self, s):
        return Action(f"place:{s + 1}", "sy.build.place", target=f"yard.{s + 1}", label_key="sy.act.place", space=s + 1)

    def _attach_action(self, point):
        piece, e = point
        if piece < 0:
            return Action("attach:start", "sy.canal.attach", target="exit.start", label_key="sy.act.attach-start")
        return Action(f"attach:{piece + 1}.{e + 1}", "sy.canal.attach", target=f"exit.{piece + 1}.{e + 1}",
                      label_key="sy.act.attach", piece=piece + 1, exit=e + 1)

    def _swap_action(self, i):
        good, item = self.swaps[i]
        return Action(f"swap:{self.swap_names[i]}", "sy.trade.swap", target=f"swap.{self.swap_names[i]}",
                      label_key="sy.act.swap", good=f"sy.good.{GOODS[good]}", item=f"sy.item.{ITEMS[item]}")

    def _place_slots(self, state) -> list[int]:
        seat = state.seat
        codes = self.codes(state, seat)
        code = self.part_code[state.holding] - 1
        if state.stage == "final-build":
            return list(self.yard.finishing(codes)[code])
        return list(self.yard.slots(codes)[code])

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

    # Made once each (Game.made), like the other recurring actions.
    def _make_trade_action(self, i, k):
        return Action(f"trade:{i + 1}", "sy.trade.tile", target=f"mygoods.{i + 1}", label_key="sy.act.trade",
                      tile=f"sy.goods-tile.{self.goods_ids[k]}")

    def _make_subsidy_action(self):
        return Action("subsidy", "sy.subsidy", target="subsidy", label_key="sy.act.subsidy", money=self.numbers.subsidy)

    @staticmethod
    def _make_sell_action(good, price):
        return Action("sell", "sy.trade.sell", target="sell", label_key="sy.act.sell", good=f"sy.good.{GOODS[good]}",
                      price=price)

    @staticmethod
    def _make_cruise_action(a):
        return Action(f"cruise:{a + 1}", "sy.cruise.order", target=f"ship.{a + 1}", label_key="sy.act.cruise", space=a + 1)

    @staticmethod
    def _make_fit_action(i):
        return Action(f"fit:{ITEMS[i]}", "sy.cruise.fit", target=f"dock.{ITEMS[i]}", label_key="sy.act.fit",
                      item=f"sy.item.{ITEMS[i]}")

    @staticmethod
    def _make_sail_action(piece, e):
        return Action(f"sail:{e + 1}", "sy.cruise.sail", target=f"exit.{piece + 1}.{e + 1}", label_key="sy.act.sail",
                      exit=e + 1)

    @staticmethod
    def _make_keep_action(colour, i):
        return Action(f"keep:{colour}.{i + 1}", "sy.contract.discard", target=f"contract.{colour}.{i + 1}",
                      label_key="sy.act.keep", colour=f"sy.colour.{colour}", n=i + 1)

    def _make_stop_action(self, rondel, s, cost):
        kinds = self.equipment_stops if rondel == 0 else self.crew_stops
        name = ("equip", "crew")[rondel]
        return Action(f"{name}:{s + 1}", "sy.equipment.take" if rondel == 0 else "sy.crew.take",
                      target=f"rondel.{('equipment', 'crew')[rondel]}.{s + 1}", label_key="sy.act.take",
                      item=f"sy.item.{ITEMS[kinds[s]]}", cost=cost)

    def _hire_action(self, i, employee, cost):
        key = ("hire", i, employee, cost)
        return self._made.get(key) or self.made(key, self._make_hire_action, i, employee, cost)

    def _make_hire_action(self, i, employee, cost):
        per = self.rondels.per_stop
        return Action(f"hire:{i // per + 1}.{i % per + 1}", "sy.employee.hire", target=f"employee.{i // per + 1}.{i % per + 1}",
                      label_key="sy.act.hire", employee=f"sy.employee.{self.emp_ids[employee]}", cost=cost)

    def _make_canal_action(self, i, k):
        return Action(f"canal:{i + 1}", "sy.canal.buy", target=f"canal.{i + 1}", label_key="sy.act.canal",
                      tile=f"sy.canal.{self.canal_ids[k]}", cost=self.numbers.canal_prices[i])

    def _make_goods_action(self, i, k):
        return Action(f"goods:{i + 1}", "sy.goods.buy", target=f"goods.{i + 1}", label_key="sy.act.goods",
                      tile=f"sy.goods-tile.{self.goods_ids[k]}", cost=self.numbers.goods_prices[i])

    def apply(self, state, action, events):
        kind, _, arg = action.id.partition(":")
        if kind in ("choose", "final"):
            a = ACTIONS.index(arg)
            if kind == "choose":
                self._choose(state, a, events)
            else:
                events.append(Event("sy.end.final-action", seat=state.seat, automatic=False, key="sy.log.final",
                                    tile=f"sy.action.{arg}"))
                self._begin(state, a, False, events)
                if a == SUBSIDY:
                    self._subsidy(state, events)
                else:
                    state.phase = "act"
        elif kind == "bonus":
            self._bonus(state, ACTIONS.index(arg), events)
        elif kind == "end":
            events.append(Event("sy.turn.end", seat=state.seat, automatic=False, key="sy.log.end"))
            self._find_ships(state, events)
        elif kind == "buy":
            self._buy_part(state, self.place_index[arg], events)
        elif kind == "place":
            self._place_part(state, int(arg) - 1, events)
        elif kind == "done":
            events.append(Event("sy.build.buy", seat=state.seat, automatic=False, key="sy.log.build-done", count=state.bought))
            self._end_build(state, events)
        elif kind == "canal":
            self._rent(state, int(arg) - 1, events)
        elif kind == "attach":
            if arg == "start":
                self._attach(state, (-1, 0), events)
            else:
                piece, _, e = arg.partition(".")
                self._attach(state, (int(piece) - 1, int(e) - 1), events)
        elif kind == "goods":
            self._buy_goods(state, int(arg) - 1, events)
        elif kind in ("equip", "crew"):
            self._take_item(state, 0 if kind == "equip" else 1, int(arg) - 1, events)
        elif kind == "hire":
            stop, _, slot = arg.partition(".")
            self._hire(state, (int(stop) - 1) * self.rondels.per_stop + int(slot) - 1, events)
        elif kind == "trade":
            self._trade(state, int(arg) - 1, events)
        elif kind == "sell":
            self._sell(state, events)
        elif kind == "swap":
            self._swap(state, self.swap_names.index(arg), events)
        elif kind == "subsidy":
            self._subsidy(state, events)
        elif kind == "cruise":
            events.append(Event("sy.cruise.order", seat=state.seat, automatic=False, key="sy.log.cruise-first", bow=int(arg)))
            self._start_cruise(state, int(arg) - 1, events)
        elif kind == "fit":
            self._fit(state, ITEMS.index(arg), events)
        elif kind == "launch":
            self._launch(state, events)
        elif kind == "sail":
            self._sail(state, int(arg) - 1, events, decided=True)
        elif kind == "keep":
            colour, _, n = arg.partition(".")
            self._keep(state, colour, int(n) - 1, events)
        elif kind == "pass":
            self._final_pass(state, events)
        self._settle(state)

    # == why an option is refused, the board's candidates, the view, bots ==========================================
    def explain(self, state, action_id):
        from .explain import explain
        return explain(self, state, action_id)

    def candidates(self, state):
        from .explain import candidates
        return candidates(self, state)

    def heuristic(self, state, seat):
        """Points now, and a share of what the table promises: money, ships in the yard (a complete one most),
        a captain and the rest of the dock, canal to sail, employees, goods, what is aboard the ship being
        fitted out, and the contracts held as they would score now. A sailed ship keeps its premium over the
        points it scored (`_sailed_premium`), so a cruise does not lower the value: the greedy bot never
        compares a position before a cruise with one after it (the cruise is automatic), its choices are
        the same; the search does, and no longer shies away from cruises."""
        value = sum(state.points[seat]) + 0.25 * state.money[seat]
        codes = self.codes(state, seat)
        complete = self.yard.ships(codes)
        dock = state.dock[seat]
        reach = self.reach(state, seat)
        ready = dock[CAPTAIN] > 0 and reach >= 4          # a complete ship would score
        c = state.cruise
        cruising = c is not None and c["seat"] == seat and c["stage"] in ("fit", "speed")
        value += sum((6 + (b - a) if ready else 1) for a, b in complete if not (cruising and a == c["bow"]))
        value += 0.9 * (sum(1 for c in codes if c) - sum(b - a + 1 for a, b in complete))
        if state.holding >= 0 and state.phase == "place":
            value += 0.9
        value += 3 * min(dock[CAPTAIN], 1) + 0.8 * (sum(dock) - min(dock[CAPTAIN], 1))
        value += 0.6 * min(reach, 8)
        if state.phase == "turn" and not state.main_done and state.seat == seat and state.chosen >= 0:
            value += self._promise(state, seat, state.chosen, codes, reach)
        value += 0.8 * len(state.staff[seat]) + 0.8 * len(state.goods[seat])
        if cruising:
            # the ship being fitted out: worth a lot with a captain aboard and a canal long enough for its
            # speed, and each piece aboard about what it will score
            fit = c["fitted"]
            if fit[CAPTAIN] and reach >= self.speed(state, seat, fit)[0]:
                value += self._ready_ship(len(c["parts"]), fit)
        # Ships that have sailed keep the premium the estimate above gave them over the points they scored:
        # without it, every cruise would look like a loss of about 8 points, and a search that sees one
        # coming puts it off (a paid bonus action, an unfinished ship) and rates a rival's cruise as a gain.
        value += sum(self._sailed_premium(ship) for ship in state.fleet[seat])
        best = {}
        for contract in state.red[seat] + state.blue[seat]:
            colour = self.contract_list[contract].colour
            best[colour] = max(best.get(colour, 0), self.contract_points(state, seat, contract))
        return value + 0.5 * sum(best.values())

    @staticmethod
    def _ready_ship(parts: int, fit) -> float:
        """The heuristic's worth of a ship fitted out to sail: its parts, and each piece aboard about what
        it will score."""
        return (6 + parts + 1.3 * (fit[MERCHANT] + fit[SOLDIER] + fit[CAPTAIN] - 1)
                + 2.5 * (fit[CANNON] + fit[CRANE]) + 1.3 * (fit[SAIL] + fit[ENGINE] + fit[STOKER]))

    def _sailed_premium(self, ship) -> float:
        """What the heuristic counted for a ship about to sail (fitted out, with the canal its speed used)
        beyond the points its cruise scored."""
        before = self._ready_ship(ship["parts"], ship["fitted"]) + 0.6 * ship["speed"]
        return max(0.0, before - ship["points"])

    def _promise(self, state, seat, a, codes, reach) -> float:
        """What carrying out the chosen action is likely worth, for the greedy bot's choice of a tile: what
        the shipyard lacks most (parts for a ship, a canal to sail, a captain) is worth most."""
        parts = sum(1 for c in codes if c)
        if a == BUILD:
            return 3.5 if parts < 7 else 0.5
        if a == CANAL:
            return 3.5 if reach < 6 else 1.0
        if a == CREW_ACTION:
            return 3.5 if not state.dock[seat][CAPTAIN] else 1.5
        if a == EQUIP:
            return 2.0
        if a == EMPLOYEE:
            return 1.5
        if a == TRADE:
            return 2.0
        return 1.0 if a == GOODS_ACTION else 0.5

    def determinize(self, state, seat, rng):
        """What `seat` cannot see drawn again: the other players' contracts (kept and discarded), from all the
        contracts it has not seen. The face-down stacks are kept as counts, so nothing else is hidden."""
        import pickle
        copy = pickle.loads(pickle.dumps(state, 5))
        for colour in ("red", "blue"):
            hands = copy.red if colour == "red" else copy.blue
            pool = copy.red_pool if colour == "red" else copy.blue_pool
            unseen = list(pool)
            for s in range(copy.players):
                if s != seat:
                    unseen += hands[s] + [c for c in copy.discarded[s] if self.contract_list[c].colour == colour]
            unseen.sort()                  # so the redraw depends on what the seat sees, not on the hidden order
            rng.shuffle(unseen)
            for s in range(copy.players):
                if s == seat:
                    continue
                n = len(hands[s])
                hands[s][:] = unseen[:n]
                del unseen[:n]
            for s in range(copy.players):
                if s != seat:
                    others = [c for c in copy.discarded[s] if self.contract_list[c].colour != colour]
                    n = len(copy.discarded[s]) - len(others)
                    copy.discarded[s][:] = others + unseen[:n]
                    del unseen[:n]
            pool[:] = sorted(unseen)
        return copy

    def scenarios(self):
        from .scenarios import SCENARIOS
        return {name: make(self) for name, make in SCENARIOS.items()}

    def view(self, state, seat):
        from .view import board_view
        return board_view(self, state, seat)
