"""Entdecker (Discoverer, Klaus Teuber, Goldsieber 1996), rulebook 003_658014cc82da8af9.txt.

Read top to bottom like the rulebook: setup (準備事項); the flow of a round (遊戲流程簡介); then in
detail 1 income (決定黃金收入), 2 exploring (探險新地區: placing the ship, declaring tiles, drawing
and placing them, the reserve tiles), the events (事件), 3 units (派駐單位), 4 scoring completed islands
(完全被發現的島嶼計分), and the end of the game (遊戲結束). Rule ids (ent.*) tie each step to its entry
in data/rules.toml, which cites the rulebook section.

The position is plain lists and integers (state.py); the tiles are bit masks of their sides
(components.py), so checking that a tile fits is a bit test. Each move says beside it how its id is written
and why it is refused (`@refuses`); the options a board shows, refused ones included, are in candidates.py.
"""

from __future__ import annotations

from ..core.actions import Event
from ..core.chance import Chance, Outcome
from ..core.game import Bounds, Game
from ..core.moves import move, one_based, refuses
from ..core.texts import Text, add_text
from . import encoding
from .components import (DATA, OPPOSITE, PATTERNS, SIDES, UNITS, load_chips, load_rules, load_tiles,
                         pattern_of, rotate)
from .state import State

SCOUT, FORT, SETTLEMENT = range(3)
UNIT_VALUE = (1, 3, 6)              # a unit's value for the largest explorer is its cost (3. 派駐單位)
PARTS = ("islands", "ruins", "chips")
DEGREES = (0, 90, 180, 270)


def _back_outcome(name, n):
    return Outcome(f"back:{name}", n, Text(f"ent.chance.back-{name}"))


class Entdecker(Game):
    id = "entdecker"
    min_players, max_players = 2, 4
    encoding = encoding          # the numbered tables, the observation and the bounds (encoding.py)
    data_dir = DATA
    rule_sources = ("rulebook:", "public:", "project:")
    action_labels = "ent.act."    # an action's label: ent.act.<its kind>

    def __init__(self):
        super().__init__()
        self.numbers = R = load_rules()
        self.tiles = load_tiles(R)
        self.chip_kinds = load_chips()
        self._board_tables(R)
        self._tile_tables()
        self._chip_tables()
        # The spinner's outcomes: each amount of gold, as likely as the sectors that show it.
        amounts = sorted(set(R.sectors))
        self.spin_outcomes = tuple(Outcome(f"spin:{v}", R.sectors.count(v), Text("ent.chance.spin-result", gold=v))
                                   for v in amounts)
        # Tile kinds by back (plain, "?"), and each kind's draw as a chance outcome: id and name.
        self.back_types = tuple(tuple(k for k, t in enumerate(self.type_ids) if bool(self.tiles[t].event) == back
                                      and not self.tiles[t].reserve) for back in (False, True))
        self.tile_outcomes = [(f"tile:{t}", Text("ent.chance.tile-result", tile=f"ent.tile.{t}")) for t in self.type_ids]

    # Texts of this game are namespaced: the catalog is shared by every game.
    def phase_text(self, phase):
        return Text(f"ent.phase.{phase}")

    def part_text(self, part):
        return Text(f"ent.score.{part}")

    # == the board: squares, neighbours, edge circles =====================================================
    def _board_tables(self, R):
        cols, rows = R.columns, R.rows
        self.squares = cols * rows
        self.names = [f"{chr(65 + q % cols)}{q // cols + 1}" for q in range(self.squares)]
        self.square_index = {name: q for q, name in enumerate(self.names)}
        self.neighbours = [(q - cols if q >= cols else -1, q + 1 if q % cols < cols - 1 else -1,
                            q + cols if q < self.squares - cols else -1, q - 1 if q % cols else -1)
                           for q in range(self.squares)]
        # One start circle on the frame beside each border square's outer side (a stand-in count).
        self.circles = [(q, d) for q in range(self.squares) for d in range(4) if self.neighbours[q][d] < 0]
        self.circle_names = [f"{self.names[q]}-{SIDES[d].lower()}" for q, d in self.circles]
        self.circle_index = {name: self.squares + i for i, name in enumerate(self.circle_names)}
        for name in self.names:        # square names as terms, so a list of squares is joined per language
            add_text(f"ent.sq.{name}", {"en": name, "zh-Hant": name}, "engines/entdecker/entdecker.py")

    def where(self, position: int) -> str:
        """A square's name ("C4"), or an edge circle's ("C1-n")."""
        return self.names[position] if position < self.squares else self.circle_names[position - self.squares]

    # == the tiles: each type in its four turns ============================================================
    def _tile_tables(self):
        self.type_ids = list(self.tiles)
        self.tile_type = []                      # the type index of each of the 120 tiles
        for k, tile_id in enumerate(self.type_ids):
            self.tile_type += [k] * self.tiles[tile_id].count
        self.tile_event = [self.tiles[self.type_ids[k]].event for k in self.tile_type]
        self.tile_reserve = [self.tiles[self.type_ids[k]].reserve for k in self.tile_type]
        self.ori_land, self.ori_routes, self.ori_areas, self.ori_area_at = [], [], [], []
        self.turns = []                          # per type: the quarter turns that look different
        for tile_id in self.type_ids:
            t = self.tiles[tile_id]
            seen, distinct = set(), []
            for r in range(4):
                land, routes = rotate(t.land, r), rotate(t.routes, r)
                areas = tuple(rotate(a, r) for a in t.areas)
                at = tuple(next((i for i, a in enumerate(areas) if a >> d & 1), -1) for d in range(4))
                self.ori_land.append(land)
                self.ori_routes.append(routes)
                self.ori_areas.append(areas)
                self.ori_area_at.append(at)
                look = (land, routes, tuple(sorted(areas)))
                if look not in seen:
                    seen.add(look)
                    distinct.append(r)
            self.turns.append(tuple(distinct))

    def _chip_tables(self):
        self.chip_kind = []                      # the kind of each of the 20 chips
        for kind in self.chip_kinds.values():
            self.chip_kind += [kind.id] * kind.count
        self.chip_value = [self.chip_kinds[k].value for k in self.chip_kind]

    # == setup (準備事項) =================================================================================
    def setup(self, players, options, seed, events):
        R = self.numbers
        state = State(players, self.squares, seed, options)
        events.append(Event("ent.setup.board", key="ent.log.setup.board", columns=R.columns, rows=R.rows, circles=len(self.circles)))
        # The discovery tiles, shuffled, in 5 face-down piles (only their sizes and top backs matter: see
        # state.py); the reserve tiles face up by number. Setup randomness stays inside the seed: the
        # backs of the five top tiles. Every later draw is a chance step.
        draw = [t for t in range(len(self.tile_type)) if not self.tile_reserve[t]]
        state.pool = [[t for t in draw if self.tile_type[t] == k] for k in range(len(self.type_ids))]
        state.pile_size = [len(draw[p::R.draw_piles]) for p in range(R.draw_piles)]
        state.pile_top = [-1] * R.draw_piles
        for p in range(R.draw_piles):
            event, hidden = self.hidden_backs(state)
            state.pile_top[p] = int(state.rng.below(hidden) < event)
        state.reserve = [[t for t in range(len(self.tile_type)) if self.tile_reserve[t] == n]
                         for n in range(1, R.reserve_piles + 1)]
        events.append(Event("ent.setup.tiles", key="ent.log.setup.tiles", tiles=len(draw), piles=R.draw_piles,
                            reserve=sum(map(len, state.reserve)), reserve_piles=R.reserve_piles))
        # The discoverer chips, shuffled, in 2 face-down piles (kept as for the tiles).
        chips = list(range(len(self.chip_kind)))
        state.chip_pool = chips
        state.chip_size = [len(chips[p::R.chip_piles]) for p in range(R.chip_piles)]
        events.append(Event("ent.setup.chips", key="ent.log.setup.chips", chips=len(chips), piles=R.chip_piles))
        # Each player: units in their colour, the gold counter on 4, the score marker at the start.
        state.gold = [R.start_gold] * players
        state.supply = [list(R.units) for _ in range(players)]
        events.append(Event("ent.setup.gold", key="ent.log.setup.gold", gold=R.start_gold, max=R.max_gold))
        events.append(Event("ent.setup.units", key="ent.log.setup.units", scouts=R.units[0], forts=R.units[1], settlements=R.units[2]))
        # The youngest player (seat 0 here) takes the ship and the income spinner and begins.
        state.start_player = state.seat = 0
        events.append(Event("ent.setup.start-player", seat=0, key="ent.log.setup.start-player"))
        state.phase = "income"
        return state

    # == the flow of a round (遊戲流程簡介) =================================================================
    # 1 income for everyone; then each player in turn, clockwise from the youngest: 2 explore, 3 maybe
    # place a unit, 4 completed islands score; 5 the ship passes to the next player.
    def settle(self, state):
        """Cache whose decision is pending (None: the rules resolve the next step themselves)."""
        phase = state.phase
        if state.over:
            state.to_move = None
        elif phase == "start":
            state.to_move = state.seat if self._can_start(state, state.seat) else None
        elif phase in ("buy", "place"):
            state.to_move = state.seat
        elif phase == "explore":
            state.to_move = state.seat if self._explore_has_choice(state, state.seat) else None
        else:
            state.to_move = None

    def _begin_turn(self, state, seat):
        state.seat = seat
        state.phase = "start"
        state.ship = -1
        state.bought = state.drawn_count = 0
        state.drawn = state.fresh = -1
        state.placements = []
        state.hostile = False

    def _end_turn(self, state):
        """The turn is over: holes are filled and completed islands scored in the automatic steps that follow."""
        state.phase = "turn-end"
        state.bought = 0
        state.drawn = -1
        state.placements = []

    def _next_turn(self, state, events):
        """5: the ship passes clockwise; a new round starts with the youngest player; or the game ends."""
        if state.explored_count == self.squares:
            events.append(Event("ent.end.trigger", key="ent.log.end.explored"))
            self._begin_final(state)
            return
        if not any(state.pile_size):
            events.append(Event("ent.end.trigger", key="ent.log.end.last-tile"))
            self._begin_final(state)
            return
        seat = (state.seat + 1) % len(state.gold)
        if seat == state.start_player:
            state.seat = seat
            state.phase = "income"
        else:
            self._begin_turn(state, seat)

    # == 1: income (決定黃金收入) ===========================================================================
    def _income(self, state, value, events):
        """The start player has spun the spinner (a chance step): everyone gains that much gold."""
        state.round += 1
        state.spin = value
        events.append(Event("ent.income.spin", key="ent.log.income", seat=state.start_player, round=state.round, value=value))
        for seat in range(len(state.gold)):
            self._gain_gold(state, seat, value, events)
        self._begin_turn(state, state.start_player)

    def _gain_gold(self, state, seat, amount, events):
        """Gold on the counter never goes above 12: what would go beyond is lost."""
        wanted = state.gold[seat] + amount
        state.gold[seat] = min(wanted, self.numbers.max_gold)
        if wanted > self.numbers.max_gold:
            events.append(Event("ent.gold.cap", key="ent.log.gold-cap", seat=seat, wanted=wanted, max=self.numbers.max_gold))

    # == 2: exploring (探險新地區) ==========================================================================
    # -- placing the ship ---------------------------------------------------------------------------------
    def leads_to_unexplored(self, state, position) -> bool:
        """Does a water route from this circle lead to an unexplored square? (state.open_routes counts
        them for every explored square; lay() keeps the counts.)"""
        if position >= self.squares:
            return state.grid[self.circles[position - self.squares][0]] < 0
        return state.open_routes[position] > 0

    def _explored_starts(self, state):
        return [q for q, routes in enumerate(state.open_routes) if routes]     # one entry per square

    def _edge_allowed(self, state, seat, explored_starts) -> str | None:
        """Which rule lets this player start on an edge circle now: their first turn, or no other way in."""
        if not state.first_turn_done[seat]:
            return "ent.explore.start-edge"
        if not explored_starts:
            return "ent.explore.edge-fallback"
        return None

    def _open_circles(self, state):
        grid, squares = state.grid, self.squares
        return [squares + i for i, (q, _) in enumerate(self.circles) if grid[q] < 0]

    def start_fee(self, state, seat, position) -> int:
        """Starting where another player's unit stands costs that unit's value."""
        if position >= self.squares:
            return 0
        unit = state.unit[position]
        return UNIT_VALUE[unit % 3] if unit >= 0 and unit // 3 != seat else 0

    def _start_options(self, state, seat):
        """Every start the rules allow this player, with its fee: [(position, fee, rule)]."""
        explored = self._explored_starts(state)
        options = [(q, self.start_fee(state, seat, q), "ent.explore.start") for q in explored]
        rule = self._edge_allowed(state, seat, explored)
        if rule:
            options += [(c, 0, rule) for c in self._open_circles(state)]
        return options

    def _can_start(self, state, seat) -> bool:
        need = self.numbers.tile_cost
        gold = state.gold[seat]
        if not any(state.pile_size):
            return False
        grid, open_routes, unit = state.grid, state.open_routes, state.unit
        found = False
        for q in range(self.squares):
            if open_routes[q]:
                found = True
                if (self.start_fee(state, seat, q) if unit[q] >= 0 else 0) + need <= gold:
                    return True
        if (not state.first_turn_done[seat] or not found) and gold >= need:
            return any(grid[q] < 0 for q, _ in self.circles)
        return False

    @move("start", "ent.explore.start", phases=("start",), arg=lambda game, position: game.where(position))
    def _place_ship(self, state, position, events):
        seat = state.seat
        fee = self.start_fee(state, seat, position)
        if position >= self.squares:
            rule = self._edge_allowed(state, seat, self._explored_starts(state)) or "ent.explore.start-edge"
        state.first_turn_done[seat] = True
        state.ship = position
        state.scoring = None
        if position >= self.squares:
            events.append(Event(rule, seat=seat, automatic=False, key="ent.log.start.edge",
                                circle=self.where(position), square=self.names[self.circles[position - self.squares][0]],
                                side=f"ent.side.{SIDES[self.circles[position - self.squares][1]]}"))
        else:
            events.append(Event("ent.explore.start", seat=seat, automatic=False, key="ent.log.start",
                                square=self.names[position]))
        if fee:
            owner = state.unit[position] // 3
            state.gold[seat] -= fee
            events.append(Event("ent.explore.start-fee", seat=seat, key="ent.log.start.fee", fee=fee,
                                owner=owner, unit=f"ent.unit.{UNITS[state.unit[position] % 3]}"))
        state.phase = "buy"

    @refuses("start")
    def _why_start(self, state, position):
        seat, gold, need = state.seat, state.gold[state.seat], self.numbers.tile_cost
        if any(p == position and fee + need <= gold for p, fee, _ in self._start_options(state, seat)):
            return None
        name = self.where(position)
        if position >= self.squares:
            q = self.circles[position - self.squares][0]
            if state.grid[q] >= 0:
                return "ent.explore.start", Text("ent.why.start-explored", circle=name, square=self.names[q])
            if not any(state.pile_size):
                return "ent.end.trigger", Text("ent.why.no-tiles")
            if self._edge_allowed(state, seat, self._explored_starts(state)):
                return "ent.explore.buy", Text("ent.why.start-gold", need=need, gold=gold)
            return "ent.explore.start-edge", Text("ent.why.start-edge", circle=name)
        if state.grid[position] < 0:
            return "ent.explore.start", Text("ent.why.start-unexplored", square=name)
        if not self.leads_to_unexplored(state, position):
            return "ent.explore.start", Text("ent.why.start-no-route", square=name)
        fee = self.start_fee(state, seat, position)
        return "ent.explore.start-fee", Text("ent.why.start-fee", square=name, fee=fee, need=fee + need, gold=gold)

    # -- declaring how many tiles (宣告使用幾張探索卡) -------------------------------------------------------
    def _buy_limit(self, state, seat) -> int:
        return min(state.gold[seat] // self.numbers.tile_cost if self.numbers.tile_cost else 12,
                   sum(state.pile_size))

    @move("buy", "ent.explore.buy", phases=("buy",), arg=lambda game, count: count)
    def _buy(self, state, count, events):
        seat = state.seat
        cost = count * self.numbers.tile_cost
        state.gold[seat] -= cost
        state.bought = count
        events.append(Event("ent.explore.buy", seat=seat, automatic=False, key="ent.log.buy", count=count,
                            cost=cost, gold=state.gold[seat]))
        state.phase = "explore"

    @refuses("buy")
    def _why_buy(self, state, count):
        seat = state.seat
        if 1 <= count <= self._buy_limit(state, seat):
            return None
        if count < 1:
            return "ent.explore.buy", Text("ent.why.buy-none")
        cost = count * self.numbers.tile_cost
        if cost > state.gold[seat]:
            return "ent.explore.buy", Text("ent.why.buy-gold", count=count, cost=cost, gold=state.gold[seat])
        return "ent.explore.buy", Text("ent.why.buy-tiles", count=count, left=sum(state.pile_size))

    # -- drawing a tile from one of the 5 piles (抽取並放置探索卡 i) -------------------------------------------
    # The player picks a pile (a decision); turning its top tile over is a chance step, and so is the
    # back of the tile that then lies on top. The chances are the ones a shuffled stack gives: every
    # face-down tile with the back everyone saw is as likely to be the one turned over.
    def face_down_events(self, state) -> int:
        """How many of the face-down tiles are "?" tiles."""
        pool = state.pool
        return sum(len(pool[k]) for k in self.back_types[1])

    def hidden_backs(self, state) -> tuple[int, int]:
        """Face-down tiles under the visible tops: how many are "?" tiles, and how many in all."""
        tops = [b for b in state.pile_top if b >= 0]
        return self.face_down_events(state) - sum(tops), sum(state.pile_size) - len(tops)

    @move("draw", "ent.explore.draw", phases=("explore",), arg=one_based)
    def _draw(self, state, p, events):
        seat = state.seat
        state.bought -= 1
        state.drawn_count += 1
        state.drawing = p
        events.append(Event("ent.explore.draw", seat=seat, automatic=False, key="ent.log.draw", pile=p + 1,
                            event=bool(state.pile_top[p])))
        state.phase = "draw"

    @refuses("draw")
    def _why_draw(self, state, p):
        if self.can_continue(state) and state.pile_size[p]:
            return None
        if state.bought <= 0:
            return "ent.explore.stop", Text("ent.why.draw-used")
        if not self.targets(state):
            return "ent.explore.stop", Text("ent.why.draw-no-route", square=self.where(state.ship))
        return "ent.explore.draw", Text("ent.why.draw-empty", pile=p + 1)

    def _draw_chance(self, state) -> Chance:
        """Which tile the top of the pile turns out to be: each kind as likely as its face-down tiles with
        that back."""
        p, back = state.drawing, state.pile_top[state.drawing]
        pool, names = state.pool, self.tile_outcomes
        # Asked at every draw: each (kind, count) outcome is made once (Game.made).
        return Chance("ent.explore.draw", Text("ent.chance.tile", pile=p + 1),
                      [self.made(("tile", k, len(pool[k])), Outcome, names[k][0], len(pool[k]), names[k][1])
                       for k in self.back_types[back] if pool[k]])

    def _turn_over(self, state, kind, events):
        """The drawn tile shows `kind`; the pile's next tile, if any, shows its back in the next step."""
        tile = state.pool[self.type_ids.index(kind)].pop()
        p = state.drawing
        state.pile_size[p] -= 1
        state.pile_top[p] = -1
        state.drawn = tile
        events.append(Event("ent.explore.draw", seat=state.seat, key="ent.log.drawn", pile=p + 1,
                            tile=f"ent.tile.{kind}"))
        if state.pile_size[p]:
            state.phase = "reveal"
        else:
            self._after_draw(state, state.seat, events)

    def _reveal_chance(self, state) -> Chance:
        event_tiles, hidden = self.hidden_backs(state)
        outcomes = [self.made(("back", name, n), _back_outcome, name, n)
                    for name, n in (("plain", hidden - event_tiles), ("event", event_tiles)) if n]
        return Chance("ent.explore.draw", Text("ent.chance.back", pile=state.drawing + 1), outcomes)

    def _reveal(self, state, back, events):
        p = state.drawing
        state.pile_top[p] = int(back == "event")
        events.append(Event("ent.explore.draw", key=f"ent.log.back-{back}", pile=p + 1))
        self._after_draw(state, state.seat, events)

    def _after_draw(self, state, seat, events):
        """The drawn tile is placed: where it fits beside the ship, by the player when there is a choice."""
        state.drawing = -1
        tile = state.drawn
        kind = self.type_ids[self.tile_type[tile]]
        state.phase = "explore"
        placements = self.placements(state, tile)
        if not placements:
            # iii: a tile that fits nowhere beside the ship leaves the game, with its event unplayed.
            state.drawn = -1
            state.removed.append(tile)
            events.append(Event("ent.explore.no-fit", seat=seat, key="ent.log.no-fit", tile=f"ent.tile.{kind}"))
        elif len(placements) == 1:
            q, turns = placements[0]
            self._place_tile(state, seat, tile, q, turns, "ent.explore.match-edges", events)
        else:
            state.drawn = tile
            state.placements = placements
            state.phase = "place"

    # -- matching the sides (抽取並放置探索卡 ii) -------------------------------------------------------------
    def targets(self, state) -> list[int]:
        """The unexplored squares the ship's routes lead to: where a new tile may go."""
        ship, grid = state.ship, state.grid
        if ship < 0:
            return []
        if ship >= self.squares:
            q = self.circles[ship - self.squares][0]
            return [q] if grid[q] < 0 else []
        routes = self.ori_routes[grid[ship]]
        return [n for d, n in enumerate(self.neighbours[ship]) if routes >> d & 1 and n >= 0 and grid[n] < 0]

    def needs(self, state, q) -> tuple[int, int]:
        """What a square's surroundings ask of its sides: (sides that are decided, which of those are land).
        The frame of the board is open sea."""
        known = land = 0
        grid = state.grid
        for d, n in enumerate(self.neighbours[q]):
            if n < 0:
                known |= 1 << d
            elif grid[n] >= 0:
                known |= 1 << d
                if self.ori_land[grid[n]] >> OPPOSITE[d] & 1:
                    land |= 1 << d
        return known, land

    def placements(self, state, tile) -> list[tuple[int, int]]:
        """Every (square, quarter turns) where the tile fits beside the ship, each distinct look once."""
        k = self.tile_type[tile]
        base = k * 4
        out = []
        for q in self.targets(state):
            known, land = self.needs(state, q)
            for r in self.turns[k]:
                if self.ori_land[base + r] & known == land:
                    out.append((q, r))
        return out

    # -- placing it; the ship moves on (抽取並放置探索卡 iv) ----------------------------------------------------
    def _place_tile(self, state, seat, tile, q, turns, rule, events):
        self.lay(state, tile, q, turns)
        state.ship = state.fresh = q
        state.hostile = False
        state.drawn = -1
        state.placements = []
        kind = self.type_ids[self.tile_type[tile]]
        events.append(Event(rule, seat=seat, automatic=rule != "ent.explore.choose", key="ent.log.place",
                            tile=f"ent.tile.{kind}", square=self.names[q], degrees=DEGREES[turns]))
        state.phase = "explore"
        event = self.tile_event[tile]
        if event:
            self._event(state, seat, event, q, events)

    def lay(self, state, tile, q, turns):
        """Put a tile on the board and join its land to the islands around it."""
        k = self.tile_type[tile]
        o = k * 4 + turns
        state.grid[q] = o
        state.tile_at[q] = tile
        state.explored_count += 1
        state.laid.append(q)
        grid, neighbours = state.grid, self.neighbours[q]
        # Routes: the new tile's lead out to unexplored squares; its neighbours' routes into q now lead nowhere new.
        routes, count, open_routes = self.ori_routes[o], 0, state.open_routes
        for d, n in enumerate(neighbours):
            if n >= 0:
                if grid[n] < 0:
                    if routes >> d & 1:
                        count += 1
                elif self.ori_routes[grid[n]] >> OPPOSITE[d] & 1:
                    open_routes[n] -= 1
        open_routes[q] = count
        parent, open_, squares, closed = state.isl_parent, state.isl_open, state.isl_squares, state.isl_closed
        ids = []
        for area in self.ori_areas[o]:
            root = len(parent)
            parent.append(root)
            open_.append(0)
            squares.append([q])
            closed.append(0)
            ids.append(root)
            for d in range(4):
                if not area >> d & 1:
                    continue
                n = neighbours[d]
                if grid[n] < 0:
                    open_[root] += 1
                    continue
                other = self.find(state, state.area_island[n][self.ori_area_at[grid[n]][OPPOSITE[d]]])
                if other != root:                     # join the neighbour's island into this one
                    parent[other] = root
                    open_[root] += open_[other]
                    for s in squares[other]:
                        if s not in squares[root]:
                            squares[root].append(s)
                open_[root] -= 1                      # the neighbour's side facing q is no longer open
            if open_[root] == 0:
                closed[root] = 1
                state.queue.append(root)
        state.area_island[q] = ids

    @staticmethod
    def find(state, island) -> int:
        parent = state.isl_parent
        root = island
        while parent[root] != root:
            root = parent[root]
        while parent[island] != root:
            parent[island], island = root, parent[island]
        return root

    # -- going on or stopping (抽取並放置探索卡 v, vi) -----------------------------------------------------------
    def can_continue(self, state) -> bool:
        return state.bought > 0 and state.ship >= 0 and any(state.pile_size) and bool(self.targets(state))

    def _stop_reason(self, state) -> str:
        if state.bought <= 0:
            return "used"
        if not any(state.pile_size):
            return "piles"
        return "no-route"

    def _explore_has_choice(self, state, seat) -> bool:
        if self.can_continue(state) or self._unit_options(state, seat):
            return True
        return self._recall_helps(state, seat)

    # -- the reserve tiles fill holes at the end of a turn (抽取並放置探索卡 vii) ------------------------------
    def _fill_holes(self, state, events):
        """Only squares beside a tile laid since the last turn's end can have become holes."""
        grid, laid = state.grid, state.laid
        state.laid = []
        near = sorted({n for q in laid for n in self.neighbours[q] if n >= 0 and grid[n] < 0})
        for q in near:
            known, land = self.needs(state, q)
            if known != 15:
                continue
            number = PATTERNS.index(pattern_of(land)) + 1
            pile = state.reserve[number - 1]
            if not pile:
                events.append(Event("ent.explore.reserve", key="ent.log.reserve.empty", square=self.names[q],
                                    pile=number, pattern=f"ent.pattern.{PATTERNS[number - 1]}"))
                continue
            tile = pile.pop()
            k = self.tile_type[tile]
            turns = next(r for r in self.turns[k] if self.ori_land[k * 4 + r] == land)
            self.lay(state, tile, q, turns)
            events.append(Event("ent.explore.reserve", key="ent.log.reserve", square=self.names[q], pile=number,
                                pattern=f"ent.pattern.{PATTERNS[number - 1]}", degrees=DEGREES[turns]))
        # Rarely, several unexplored squares together are closed in by land alone: land-only tiles fill them.
        for block in self._landlocked_blocks(state, [q for q in near if grid[q] < 0]):
            pile = state.reserve[PATTERNS.index("land")]
            if len(pile) < len(block):
                events.append(Event("ent.explore.reserve-land", key="ent.log.reserve-land.short",
                                    squares=[f"ent.sq.{self.names[q]}" for q in block], left=len(pile)))
                continue
            for q in block:
                self.lay(state, pile.pop(), q, 0)
            events.append(Event("ent.explore.reserve-land", key="ent.log.reserve-land",
                                squares=[f"ent.sq.{self.names[q]}" for q in block]))

    def _landlocked_blocks(self, state, starts):
        """Blocks of unexplored squares (beside `starts`) whose every side towards the board is land.
        A search stops at the first sea side it meets: the frame, or a tile's sea side."""
        grid, done, blocks = state.grid, set(), []
        for start in starts:
            if start in done:
                continue
            block, stack, seen, landlocked = [], [start], {start}, True
            while stack and landlocked:
                q = stack.pop()
                block.append(q)
                for d, n in enumerate(self.neighbours[q]):
                    if n < 0 or (grid[n] >= 0 and not self.ori_land[grid[n]] >> OPPOSITE[d] & 1):
                        landlocked = False            # the frame is sea, and so is this tile's side
                        break
                    if grid[n] < 0 and n not in seen:
                        seen.add(n)
                        stack.append(n)
            if landlocked:
                done |= seen
                if len(block) > 1:
                    blocks.append(sorted(block))
        return blocks

    # == the events table (事件) ==========================================================================
    def _event(self, state, seat, event, q, events):
        """A "?" tile's event happens once the tile is placed."""
        R = self.numbers
        if event == "storm":
            # The turn ends at once: no unit, no more tiles.
            events.append(Event("ent.event.storm", seat=seat, key="ent.log.storm", left=state.bought))
            self._end_turn(state)
        elif event == "hostile":
            state.hostile = True
            events.append(Event("ent.event.hostile", seat=seat, key="ent.log.hostile", square=self.names[q]))
        elif event == "friendly":
            if not state.chip_pool:
                events.append(Event("ent.event.friendly", seat=seat, key="ent.log.friendly.none"))
            else:                                     # the chip is drawn in the next step, a chance step
                state.chip_for = seat
                state.phase = "chip"
        elif event == "pirates":
            gold = state.gold[seat]
            lost = (gold + 1) // 2                    # half, the loss rounded up
            state.gold[seat] -= lost
            events.append(Event("ent.event.pirates", seat=seat, key="ent.log.pirates", lost=lost, gold=gold,
                                left=state.gold[seat]))
        elif event == "ruins":
            state.vp[seat][1] += R.ruins_points
            events.append(Event("ent.event.ruins", seat=seat, key="ent.log.ruins", points=R.ruins_points))
        elif event == "gold":
            events.append(Event("ent.event.gold", seat=seat, key="ent.log.gold", amount=R.gold_found))
            self._gain_gold(state, seat, R.gold_found, events)

    def _chip_chance(self, state, rule) -> Chance:
        """A chip from the taller face-down pile: each kind as likely as its face-down chips."""
        counts: dict[str, int] = {}
        for c in state.chip_pool:
            counts[self.chip_kind[c]] = counts.get(self.chip_kind[c], 0) + 1
        return Chance(rule, Text("ent.chance.chip"), [
            Outcome(f"chip:{kind}", n, Text("ent.chance.chip-result", chip=f"ent.chip.{kind}",
                                            value=self.chip_kinds[kind].value))
            for kind, n in sorted(counts.items())])

    def _take_chip(self, state, kind) -> int:
        """Take a chip of `kind` off the taller face-down pile."""
        piles = state.chip_size
        piles[max(range(len(piles)), key=lambda i: piles[i])] -= 1
        pool = state.chip_pool
        return pool.pop(max(i for i, c in enumerate(pool) if self.chip_kind[c] == kind))

    def _friendly_chip(self, state, kind, events):
        seat = state.chip_for
        chip = self._take_chip(state, kind)
        state.gifts[seat].append(chip)              # kept apart: it counts for no points (ent.event.friendly)
        events.append(Event("ent.event.friendly", seat=seat, key="ent.log.friendly",
                            chip=f"ent.chip.{kind}", value=self.chip_value[chip]))
        state.chip_for = -1
        state.phase = "explore"

    # == 3: units (派駐單位) ==============================================================================
    def unit_cost(self, state, kind) -> int:
        return self.numbers.costs[kind] * (2 if state.hostile else 1)

    def fresh_areas(self, state) -> int:
        """How many land areas the square the ship just explored shows (0: none, or no square this turn)."""
        q = state.fresh
        if q < 0 or state.phase != "explore" or state.unit[q] >= 0:
            return 0
        return len(self.ori_areas[state.grid[q]])

    def _unit_options(self, state, seat):
        areas = self.fresh_areas(state)
        if not areas:
            return []
        gold, supply = state.gold[seat], state.supply[seat]
        return [(kind, a) for kind in range(3) if supply[kind] and self.unit_cost(state, kind) <= gold
                and not (state.hostile and kind == SETTLEMENT) for a in range(areas)]

    def _own_scouts(self, state, seat):
        if state.supply[seat][SCOUT] == self.numbers.units[SCOUT]:
            return []
        code = seat * 3 + SCOUT
        return [q for q, u in enumerate(state.unit) if u == code]

    def _recall_helps(self, state, seat) -> bool:
        """Taking back a scout would let this player place one here now."""
        return (bool(self.fresh_areas(state)) and not state.supply[seat][SCOUT]
                and self.unit_cost(state, SCOUT) <= state.gold[seat] and bool(self._own_scouts(state, seat)))

    # The id names the square ("unit:scout:B5.1"), which is always the tile just placed (state.fresh).
    @move("unit", "ent.unit.place", phases=("explore",),
          arg=lambda game, kind, q, area: f"{UNITS[kind]}:{game.names[q]}.{area + 1}")
    def _place_unit(self, state, kind, q, area, events):
        seat = state.seat
        cost = self.unit_cost(state, kind)
        state.gold[seat] -= cost
        state.supply[seat][kind] -= 1
        state.unit[q] = seat * 3 + kind
        state.unit_area[q] = area
        events.append(Event("ent.unit.place", seat=seat, automatic=False, key="ent.log.unit",
                            unit=f"ent.unit.{UNITS[kind]}", square=self.names[q], cost=cost,
                            left=state.bought))
        self._end_turn(state)

    @refuses("unit")
    def _why_unit(self, state, kind, q, area):
        seat, name = state.seat, self.names[q]
        if q == state.fresh and (kind, area) in self._unit_options(state, seat):
            return None
        if q != state.fresh or state.unit[q] >= 0:
            return "ent.unit.place", Text("ent.why.unit-not-fresh", square=name)
        if not 0 <= area < len(self.ori_areas[state.grid[q]]):
            return "ent.unit.one-per-tile", Text("ent.why.unit-no-land", square=name, area=area + 1)
        unit = f"ent.unit.{UNITS[kind]}"
        if state.hostile and kind == SETTLEMENT:
            return "ent.event.hostile", Text("ent.why.unit-hostile", square=name)
        if not state.supply[seat][kind]:
            return "ent.unit.supply", Text("ent.why.unit-supply", unit=unit)
        return "ent.unit.cost", Text("ent.why.unit-cost", unit=unit, cost=self.unit_cost(state, kind),
                                     gold=state.gold[seat])

    @move("recall", "ent.unit.recall", phases=("start", "explore"), arg=lambda game, q: game.names[q])
    def _recall(self, state, q, events):
        seat = state.seat
        state.unit[q] = state.unit_area[q] = -1
        state.supply[seat][SCOUT] += 1
        events.append(Event("ent.unit.recall", seat=seat, automatic=False, key="ent.log.recall",
                            square=self.names[q]))

    @refuses("recall")
    def _why_recall(self, state, q):
        if q in self._own_scouts(state, state.seat):
            return None
        unit, name = state.unit[q], self.names[q]
        if unit < 0 or unit // 3 != state.seat:
            return "ent.unit.recall", Text("ent.why.recall-none", square=name)
        return "ent.unit.recall", Text("ent.why.recall-scouts", square=name, unit=f"ent.unit.{UNITS[unit % 3]}")

    # == 4: scoring completed islands (完全被發現的島嶼計分) ================================================
    def island_units(self, state, root) -> dict[int, list[int]]:
        """The units on an island, by seat: {seat: [kinds]}."""
        out: dict[int, list[int]] = {}
        for q in state.isl_squares[root]:
            unit = state.unit[q]
            if unit >= 0 and self.find(state, state.area_island[q][state.unit_area[q]]) == root:
                out.setdefault(unit // 3, []).append(unit % 3)
        return out

    @staticmethod
    def ranks(units: dict[int, list[int]]) -> list[dict]:
        """The explorers of an island in order: the highest unit value first; at equal value fewer units
        first; still equal, a shared place. [{"seats", "value", "units"}]."""
        keyed = sorted((-sum(UNIT_VALUE[k] for k in kinds), len(kinds), seat) for seat, kinds in units.items())
        groups: list[dict] = []
        for value, count, seat in keyed:
            if groups and (groups[-1]["value"], groups[-1]["units"]) == (-value, count):
                groups[-1]["seats"].append(seat)
            else:
                groups.append({"seats": [seat], "value": -value, "units": count})
        return groups

    @staticmethod
    def halving(value: int, places: int) -> list[int]:
        """The points of each place: the first scores the island's value, each later place half of the
        place before, rounded up (10, 5, 3, 2)."""
        points = []
        for _ in range(places):
            points.append(value)
            value = (value + 1) // 2
        return points

    def island_name(self, state, root) -> str:
        return self.names[min(state.isl_squares[root])]

    def _score_step(self, state, events):
        """One step of an island's scoring: its ranks, then the chip, then the value and the points."""
        sc = state.scoring
        if sc is None or sc["stage"] == "done":
            root = state.queue.pop(0)
            sc = state.scoring = self._begin_scoring(state, root, events)
            return
        if sc["stage"] == "chip":
            self._score_chip(state, sc, events)
        elif sc["stage"] == "points":
            self._score_points(state, sc, events)

    def _begin_scoring(self, state, root, events) -> dict:
        final = state.final
        units = self.island_units(state, root)
        groups = self.ranks(units)
        tiles = len(state.isl_squares[root])
        name = self.island_name(state, root)
        sc = {"island": root, "name": name, "squares": sorted(self.names[q] for q in state.isl_squares[root]),
              "tiles": tiles, "final": final, "ranks": groups, "stage": "chip",
              "eligible": any(k != SCOUT for kinds in units.values() for k in kinds),
              "chips": [], "chips_left": None, "shortage": False, "chip_value": 0, "value": tiles, "points": {}}
        if final:
            events.append(Event("ent.end.unfinished", key="ent.log.unfinished", island=name, tiles=tiles))
        else:
            events.append(Event("ent.island.complete", key="ent.log.complete", island=name, tiles=tiles))
        for place, g in enumerate(groups, 1):
            events.append(Event("ent.island.largest", key="ent.log.rank" if len(g["seats"]) == 1 else "ent.log.rank.shared",
                                rank=place, seats=list(g["seats"]), value=g["value"], units=g["units"]))
            if place > 1 and groups[place - 2]["value"] == g["value"]:
                events.append(Event("ent.island.largest", key="ent.log.rank.fewer", rank=place - 1,
                                    seats=list(groups[place - 2]["seats"]), value=g["value"],
                                    units=groups[place - 2]["units"], others=list(g["seats"]),
                                    more=g["units"]))
        if not groups:
            events.append(Event("ent.island.requirement", key="ent.log.no-units", island=name))
            self._close_island(state, sc, events)
        elif not sc["eligible"]:
            events.append(Event("ent.island.requirement", key="ent.log.requirement", island=name))
            self._close_island(state, sc, events)
        elif final:
            sc["stage"] = "points"                    # at the end of the game no chips are taken
        return sc

    def _score_chip(self, state, sc, events):
        """Each largest explorer takes a chip (one chance step each), unless too few are left for all."""
        largest = sc["ranks"][0]["seats"]
        left = sc["chips_left"] = len(state.chip_pool)
        if left < len(largest):
            sc["shortage"] = True
            events.append(Event("ent.island.chip", key="ent.log.chip.shortage", seats=list(largest), left=left))
            self._chip_value(sc)
        else:
            sc["stage"] = "draw-chips"

    def _scoring_chip(self, state, kind, events):
        sc = state.scoring
        seat = sc["ranks"][0]["seats"][len(sc["chips"])]
        chip = self._take_chip(state, kind)
        state.chips[seat].append(chip)
        sc["chips"].append({"seat": seat, "chip": kind, "value": self.chip_value[chip]})
        events.append(Event("ent.island.chip", seat=seat, key="ent.log.chip",
                            chip=f"ent.chip.{kind}", value=self.chip_value[chip]))
        if len(sc["chips"]) == len(sc["ranks"][0]["seats"]):
            self._chip_value(sc)

    @staticmethod
    def _chip_value(sc):
        """The island's value: its tiles plus the best chip its largest explorers took."""
        sc["chip_value"] = max((c["value"] for c in sc["chips"]), default=0)
        sc["value"] = sc["tiles"] + sc["chip_value"]
        sc["stage"] = "points"

    def _score_points(self, state, sc, events):
        key = "ent.log.value.final" if sc["final"] else "ent.log.value" if sc["chips"] else "ent.log.value.none"
        events.append(Event("ent.island.value", key=key,
                            island=sc["name"], tiles=sc["tiles"], chip=sc["chip_value"], value=sc["value"]))
        points = {}
        for place, (g, pts) in enumerate(zip(sc["ranks"], self.halving(sc["value"], len(sc["ranks"]))), 1):
            for seat in g["seats"]:
                points[seat] = pts
                state.vp[seat][0] += pts
                events.append(Event("ent.island.halving", seat=seat, key="ent.log.points" if place == 1
                                    else "ent.log.points.half", rank=place, points=pts))
        sc["points"] = {str(s): p for s, p in points.items()}
        events.append(Event("ent.island.halving", key="ent.log.island-points", island=sc["name"], points=points))
        self._close_island(state, sc, events)

    def _close_island(self, state, sc, events):
        """The island is done: every unit on it goes back to its owner."""
        root = sc["island"]
        state.isl_closed[root] = 2
        returned = False
        for q in state.isl_squares[root]:
            unit = state.unit[q]
            if unit >= 0 and self.find(state, state.area_island[q][state.unit_area[q]]) == root:
                state.supply[unit // 3][unit % 3] += 1
                state.unit[q] = state.unit_area[q] = -1
                returned = True
        if returned:
            events.append(Event("ent.island.return", key="ent.log.return", island=sc["name"]))
        sc["stage"] = "done"

    # == the end of the game (遊戲結束) ===================================================================
    def _begin_final(self, state):
        """Unfinished islands with units score as if complete, but without chips."""
        state.final = True
        state.phase = "final"
        roots = {self.find(state, i) for i in range(len(state.isl_parent))}
        unfinished = [r for r in roots if state.isl_closed[r] == 0 and self.island_units(state, r)]
        state.queue = sorted(unfinished, key=lambda r: min(state.isl_squares[r]))

    def _final_step(self, state, events):
        sc = state.scoring
        if (sc is not None and sc["stage"] != "done") or state.queue:
            self._score_step(state, events)
            return
        # The chip bonus: the most chips (counted, not their values) earns one point per chip; ties all earn it.
        # Only chips won on islands count: a chip from friendly natives counts for no points (state.gifts).
        counts = [len(c) for c in state.chips]
        most = max(counts)
        if most:
            seats = [s for s, c in enumerate(counts) if c == most]
            for s in seats:
                state.vp[s][2] += most
            events.append(Event("ent.end.chips", key="ent.log.chips", seats=seats, count=most))
        else:
            events.append(Event("ent.end.chips", key="ent.log.chips.none"))
        totals = [sum(v) for v in state.vp]
        best = max(totals)
        events.append(Event("ent.end.winner", key="ent.log.winner",
                            winners=[s for s, t in enumerate(totals) if t == best],
                            totals={str(s): t for s, t in enumerate(totals)}))
        state.over = True
        state.phase = "over"

    # == decisions ========================================================================================
    def legal_actions(self, state):
        phase, seat = state.phase, state.seat
        if phase == "start":
            gold, need = state.gold[seat], self.numbers.tile_cost
            out = [self._start_action(p, fee, rule) for p, fee, rule in self._start_options(state, seat)
                   if fee + need <= gold]
            return out + self._recall_actions(state, seat)
        # Each action is made once and offered again whenever it recurs (Game.made).
        if phase == "buy":
            made = self._made
            return [made.get(("buy", n)) or self.made(("buy", n), self._buy_action, n)
                    for n in range(1, self._buy_limit(state, seat) + 1)]
        if phase == "explore":
            out = []
            if self.can_continue(state):
                made = self._made
                out = [made.get(("draw", p)) or self.made(("draw", p), self._draw_action, p)
                       for p in range(len(state.pile_size)) if state.pile_size[p]]
            out += [self._unit_action(state, kind, a) for kind, a in self._unit_options(state, seat)]
            out += self._recall_actions(state, seat)
            if state.drawn_count:
                out.append(self.made(("end",), self._make_end_action))
            return out
        if phase == "place":
            return [self._place_action(state, q, r) for q, r in state.placements]
        return []

    def _make_end_action(self):
        return self.offer("end", target="end")

    def _buy_action(self, n):
        return self.offer("buy", args=(n,), target=f"buy.{n}", count=n)

    def _draw_action(self, p):
        return self.offer("draw", args=(p,), target=f"pile.{p + 1}", pile=p + 1)

    def _start_action(self, position, fee, rule):
        key = ("start", position, fee, rule)
        return self._made.get(key) or self.made(key, self._make_start_action, position, fee, rule)

    def _make_start_action(self, position, fee, rule):
        name = self.where(position)
        if position >= self.squares:
            return self.offer("start", args=(position,), rule=rule, target=f"circle.{name}",
                              label="ent.act.start.edge", circle=name,
                              side=f"ent.side.{SIDES[self.circles[position - self.squares][1]]}",
                              square=self.names[self.circles[position - self.squares][0]])
        return self.offer("start", args=(position,), rule=rule, target=f"sq.{name}",
                          label="ent.act.start.fee" if fee else "ent.act.start", square=name, fee=fee)

    def _unit_action(self, state, kind, area):
        cost = self.unit_cost(state, kind)
        key = ("unit", kind, state.fresh, area, cost)
        return self._made.get(key) or self.made(key, self._make_unit_action, kind, state.fresh, area, cost)

    def _make_unit_action(self, kind, fresh, area, cost):
        q = self.names[fresh]
        return self.offer("unit", args=(kind, fresh, area),
                          target=f"unit.{UNITS[kind]}.{q}.{area + 1}", unit=f"ent.unit.{UNITS[kind]}", square=q,
                          area=area + 1, cost=cost)

    def _recall_actions(self, state, seat):
        return [self.made(("recall", q), self._recall_action, q) for q in self._own_scouts(state, seat)]

    def _recall_action(self, q):
        return self.offer("recall", args=(q,), target=f"recall.{self.names[q]}", square=self.names[q])

    def _place_action(self, state, q, r):
        return self._made.get(("place", q, r)) or self.made(("place", q, r), self._make_place_action, q, r)

    def _make_place_action(self, q, r):
        name = self.names[q]
        return self.offer("place", args=(q, r), target=f"place.{name}.{DEGREES[r]}",
                          square=name, degrees=DEGREES[r])

    # -- why an option is refused (declared beside each move), and the options a board shows (candidates.py) --
    def not_now(self, state, kind, args):
        return "ent.flow.turn", Text("ent.why.not-now", phase=f"ent.phase.{state.phase}")

    def candidates(self, state):
        from .candidates import candidates
        return candidates(self, state)

    # -- the decisions played here (the others are declared beside their rules, above) ------------------------
    @move("place", "ent.explore.choose", phases=("place",), arg=lambda game, q, r: f"{game.names[q]}:{DEGREES[r]}")
    def _place_drawn(self, state, q, turns, events):
        self._place_tile(state, state.seat, state.drawn, q, turns, "ent.explore.choose", events)

    @refuses("place")
    def _why_place(self, state, q, r):
        if (q, r) in state.placements:
            return None
        name, degrees = self.names[q], DEGREES[r]
        if q not in self.targets(state):
            return "ent.explore.match-edges", Text("ent.why.place-not-beside", square=name)
        k = self.tile_type[state.drawn]
        if r not in self.turns[k]:
            same = next(t for t in self.turns[k] if self._same_look(k, t, r))
            return "ent.explore.choose", Text("ent.why.place-same", degrees=degrees, same=DEGREES[same])
        known, land = self.needs(state, q)
        wrong = known & (self.ori_land[k * 4 + r] ^ land)
        d = next(d for d in range(4) if wrong >> d & 1)
        n = self.neighbours[q][d]
        return "ent.explore.match-edges", Text(
            "ent.why.place-edge" if n >= 0 else "ent.why.place-frame", square=name, degrees=degrees,
            side=f"ent.side.{SIDES[d]}", mine=f"ent.terrain.{'land' if self.ori_land[k * 4 + r] >> d & 1 else 'sea'}",
            theirs=f"ent.terrain.{'land' if land >> d & 1 else 'sea'}", neighbour=self.names[n] if n >= 0 else "")

    def _same_look(self, k, a, b):
        """Two turns of tile type `k` that look the same (a symmetric tile offers one of them)."""
        base = k * 4
        return (self.ori_land[base + a], self.ori_routes[base + a], sorted(self.ori_areas[base + a])) == \
               (self.ori_land[base + b], self.ori_routes[base + b], sorted(self.ori_areas[base + b]))

    @move("end", "ent.explore.stop", phases=("explore",))
    def _stop_exploring(self, state, events):
        events.append(Event("ent.explore.stop", seat=state.seat, automatic=False, key="ent.log.end", left=state.bought))
        self._end_turn(state)

    @refuses("end")
    def _why_end(self, state):
        if state.drawn_count:
            return None
        return "ent.explore.continue", Text("ent.why.end-first")

    # -- chance steps: the spinner, turning a tile over, the next back, a chip ---------------------------
    def chance(self, state):
        phase = state.phase
        if phase == "income":
            return Chance("ent.income.spin", Text("ent.chance.spin", seat=state.start_player), self.spin_outcomes)
        if phase == "draw":
            return self._draw_chance(state)
        if phase == "reveal":
            return self._reveal_chance(state)
        if phase == "chip":
            return self._chip_chance(state, "ent.event.friendly")
        if phase in ("scoring", "final") and state.scoring is not None and state.scoring["stage"] == "draw-chips":
            return self._chip_chance(state, "ent.island.chip")
        return None

    def play_chance(self, state, outcome, events):
        kind, _, value = outcome.partition(":")
        if kind == "spin":
            self._income(state, int(value), events)
        elif kind == "tile":
            self._turn_over(state, value, events)
        elif kind == "back":
            self._reveal(state, value, events)
        elif state.phase == "chip":
            self._friendly_chip(state, value, events)
        else:
            self._scoring_chip(state, value, events)

    def play_automatic(self, state, events):
        phase = state.phase
        if phase == "start":
            self._cannot_start(state, events)
        elif phase == "explore":
            events.append(Event("ent.explore.stop", seat=state.seat, key=f"ent.log.stop.{self._stop_reason(state)}",
                                left=state.bought))
            self._end_turn(state)
        elif phase == "turn-end":
            self._fill_holes(state, events)
            if state.queue:
                state.phase = "scoring"
            else:
                self._next_turn(state, events)
        elif phase == "scoring":
            self._score_step(state, events)
            if state.scoring["stage"] == "done" and not state.queue:
                self._next_turn(state, events)
        elif phase == "final":
            self._final_step(state, events)

    def _cannot_start(self, state, events):
        """No start this player can pay for: they pass. If no circle leads anywhere, exploring is over."""
        seat = state.seat
        if not any(state.pile_size):
            events.append(Event("ent.end.trigger", key="ent.log.end.last-tile"))
            self._begin_final(state)
            return
        explored = self._explored_starts(state)
        if not explored and not self._open_circles(state):
            events.append(Event("ent.end.stuck", key="ent.log.end.stuck"))
            self._begin_final(state)
            return
        state.first_turn_done[seat] = True
        events.append(Event("ent.explore.pass", seat=seat, key="ent.log.pass", gold=state.gold[seat]))
        self._end_turn(state)

    # == scores, bots, scenarios, view =====================================================================
    def scores(self, state):
        return {seat: {"total": sum(vp), "parts": dict(zip(PARTS, vp))} for seat, vp in enumerate(state.vp)}

    def heuristic(self, state, seat):
        """Points now, gold (worth a little: it buys tiles and units), and a share of what the islands
        where this player has units will likely pay when they are complete."""
        value = sum(state.vp[seat]) + 0.3 * state.gold[seat]
        seen = set()
        for q, unit in enumerate(state.unit):
            if unit < 0 or unit // 3 != seat:
                continue
            root = self.find(state, state.area_island[q][state.unit_area[q]])
            if root in seen:
                continue
            seen.add(root)
            groups = self.ranks(self.island_units(state, root))
            if not any(k for kinds in self.island_units(state, root).values() for k in kinds):
                value += 0.3
                continue
            estimate = len(state.isl_squares[root]) + 2 + state.isl_open[root]
            points = self.halving(estimate, len(groups))
            place = next(i for i, g in enumerate(groups) if seat in g["seats"])
            value += 0.7 * points[place]
        return value

    def scenarios(self):
        from .scenarios import SCENARIOS
        return {name: make(self) for name, make in SCENARIOS.items()}

    def view(self, state, seat):
        from .view import board_view
        return board_view(self, state, seat)
