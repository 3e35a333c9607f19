"""Amerigo (Stefan Feld, Queen Games 2013), rulebook 001_b95267d5d2ce424f.txt.

Read top to bottom like the rulebook: setup (遊戲準備 (1)-(6)); the round (遊戲進行): seven phases, each
dropping its colour's cubes into the tower and letting every player take one action; the seven actions
(1) move ships ... (7) special action; gold and action points (遊戲相關規定 (1)); the end of a round with
the pirates (遊戲相關規定 (2)); the final scoring (遊戲結束); the progress tiles (發展板塊介紹) where their
effects apply. Rule ids (am.*) tie each step to its entry in data/rules.toml.

Each decision is a move (`@move`), declared on the method that plays it with how its args are written in its
id ("move:1:D1": a square by its name); beside it, why an action of that kind is refused now (`@refuses`:
the rule and a text for the learner, None exactly when it is legal, asking the same predicates the legal
actions are built from). A move outside its part of the turn (`phase_of`: state.sub) is refused by `not_now`.
The options a board shows, refused ones included, are in candidates.py.

Chance: the tower's drops are sampled chance steps (tower.py); turning over a pirate, a progress tile
or a production tile is a listed chance step over what is still face down. The island layout and the
first player order are setup randomness, inside the seed.
"""

from __future__ import annotations

from ..core.actions import Event
from ..core.chance import Chance, Outcome
from ..core.game import Game, Option
from ..core.moves import move, refuses
from ..core.texts import WRITTEN, Text, add_text, template
from . import encoding, islands, tower
from .components import (COLOURS, DATA, load_goods, load_islands, load_progress, load_rules, load_shapes,
                         load_tower, orientations, way_name)
from .islands import POST, frame_name
from .state import DEVELOPMENT, GOLD, GOODS, ISLANDS, ORDER, PARTS, PIRATES, PROGRESS, State

BLUE, BLACK, RED, BROWN, GREEN, YELLOW, WHITE = range(7)
SUBSTEP_OF = {BLUE: "move", BLACK: "load", RED: "plan", BROWN: "develop", GREEN: "build", YELLOW: "buy",
              WHITE: "white"}
# The steps that move a disc along a track: the track, the verb of its actions, and the rule.
TRACK_STEPS = {"load": ("cannon", "load", "am.cannon.load"), "develop": ("development", "develop", "am.develop.move"),
               "white": ("special", "order", "am.special.order")}
ACTION_RULE = {BLUE: "am.move.step", BLACK: "am.cannon.load", RED: "am.plan.neutral", BROWN: "am.develop.move",
               GREEN: "am.build.place", YELLOW: "am.production.buy", WHITE: "am.special.order"}
# The part of the turn each progress tile is used in (`use`): the 8-ship tile while sailing, the other on white.
USED_IN = {"ships8": "move", "first": "white"}


def ship_and_position(game, k, where) -> str:
    """How a ship's step or trading post is written in its id: the ship counted from 1, then the square or frame
    square by name ("move:1:D1", "post:2:C1"). A position is an arg by its name, which is the same in every
    player count's table, where its number is not (the grid's width and the frame's place differ)."""
    return f"{k + 1}:{where}"


class Amerigo(Game):
    id = "amerigo"
    min_players, max_players = 2, 4
    encoding = encoding          # the numbered tables, the observation and the bounds (encoding.py)
    data_dir = DATA
    rule_sources = ("rulebook:", "public:", "stand-in")
    action_labels = "am.act."    # an action's label: am.act.<its kind>

    def __init__(self):
        super().__init__()
        self.numbers = R = load_rules()
        if R.colours != COLOURS:
            raise ValueError("data/game.toml: [flow] colours: the engine plays the phases in the actions' order "
                             + ", ".join(COLOURS))
        self.tower_model = load_tower()
        self.shapes = load_shapes()
        self.shape_ids = list(self.shapes)
        self.goods, stacks = load_goods()
        self.goods_ids = list(self.goods)
        self.letters = [g.letter for g in self.goods.values()]
        self.island_tiles = load_islands(self.goods)
        self.progress_tiles = load_progress()
        self.progress_ids = list(self.progress_tiles)
        self._shape_tables()
        # Production tiles: each kind is (goods, value); the stacks hold kind indices, one per tile.
        self.production_kinds = sorted({k for tiles in stacks.values() for k in tiles},
                                       key=lambda k: (self.goods_ids.index(k[0]), k[1]))
        self.stacks = {s: [self.production_kinds.index(k) for k in tiles] for s, tiles in stacks.items()}
        self.production_names = [f"{g}:{cost}" for g, cost in self.production_kinds]
        self.pirate_values = sorted(set(R.pirate_values))
        # The texts of chance outcomes, made once (a progress tile is one of a kind: weight 1).
        self.progress_outcomes = {t: Outcome(f"progress:{t}", 1, Text("am.chance.progress-result",
                                                                      tile=f"am.progress-tile.{t}"))
                                  for t in self.progress_ids}
        self.production_texts = [Text("am.chance.production-result", goods=f"am.goods.{g}", cost=cost)
                                 for g, cost in self.production_kinds]
        self._flat: dict = {}
        self._action_cache: dict = {}       # actions that look the same in every match of a player count
        # Square and frame names as terms ("frame 3" / "邊框3"), so that texts name them in each language.
        widest = max(R.grid, key=lambda n: R.grid[n][0] * R.grid[n][1])     # every smaller grid's names are among its own
        for name in encoding.grid_names(self, widest)[0]:
            add_text(f"am.pos.{name}", {"en": name, "zh-Hant": name}, str(DATA / "texts.toml"))
        for n in range(1, 2 * max(c + r for c, r in R.grid.values()) + 1):
            add_text(f"am.pos.frame{n}", {lang: template("am.frame-name", lang).format(n=n) for lang in WRITTEN},
                     str(DATA / "texts.toml"))
        # "3 blue" as a term of the catalog for every count of every colour, so that a list of cubes is
        # joined the way each language joins lists.
        for colour in COLOURS:
            for n in range(1, R.cubes_per_colour + 1):
                add_text(f"am.cubes.{colour}.{n}", {lang: template(f"am.cubes.{colour}", lang).format(n=n)
                                                     for lang in WRITTEN}, str(DATA / "texts.toml"))

    def _shape_tables(self):
        """Each shape in each way it can lie: its squares as offsets from its first square (reading order)."""
        self.neutral_shapes = [i for i, s in enumerate(self.shapes.values()) if s.kind == "neutral"]
        self.village_shapes = [i for i, s in enumerate(self.shapes.values()) if s.kind == "village"]
        self.shape_list = list(self.shapes.values())
        self.shape_costs = [shape.cost for shape in self.shape_list]
        self.orients = []
        self.way_keys = []          # per shape, per way: the text key of how it lies (None: one way only)
        for shape in self.shape_list:
            ways, names = [], []
            for cells in orientations(shape.cells):
                r0, c0 = cells[0]
                ways.append(tuple((r - r0, c - c0) for r, c in cells))
                names.append(way_name(cells))
            if len(ways) > 1 and (None in names or len(set(names)) < len(names)):
                names = [f"other.{k + 1}" for k in range(len(ways))]     # no words tell them apart: numbered
            self.orients.append(ways)
            self.way_keys.append([None if len(ways) == 1 else f"am.way.{n}" for n in names])
        for n in range(1, 1 + max(len(w) for w in self.orients)):
            add_text(f"am.way.other.{n}", {lang: template("am.way-number", lang).format(n=n) for lang in WRITTEN},
                     str(DATA / "texts.toml"))

    # == options ========================================================================================
    def options(self, players):
        return [Option("pirate_tile", ("all", "others"), "all")]

    # Texts of this game are namespaced: the catalog is shared by every game.
    def phase_text(self, phase):
        return Text(f"am.phase.{phase}")

    def round_text(self, round, rounds):
        return Text("am.round", round=round, rounds=rounds)      # the rulebook's word is 回合

    def part_text(self, part):
        return Text(f"am.score.{part}")

    # == setup (遊戲準備) ================================================================================
    def setup(self, players, options, seed, events):
        R = self.numbers
        layout = islands.build(self.island_tiles, R, self.letters, players, seed)
        state = State(players, seed, options, layout, len(COLOURS), len(self.shape_list), len(self.village_shapes),
                      len(self.goods_ids))
        # (1) the island area, laid out from the seed; (2) chests, goods, time markers, neutral tiles.
        cols, rows = R.grid[players]
        events.append(Event("am.setup.islands", key="am.log.setup.islands", tiles=R.tiles[players], columns=cols,
                            rows=rows, long=R.long_frames, short=R.short_frames[players]))
        events.append(Event("am.setup.assembly", key="am.log.setup.assembly", islands=len(layout.islands)))
        big = sum(layout.island_big)
        events.append(Event("am.setup.big-island", key="am.log.setup.big", big=big, size=R.big_island, gold=R.chest_gold))
        events.append(Event("am.setup.goods", key="am.log.setup.goods", goods=sum(1 for g in layout.goods if g >= 0)))
        events.append(Event("am.setup.time", key="am.log.setup.time", top=R.time_markers[0]))
        state.neutral = [self.shape_list[i].count for i in self.neutral_shapes]
        events.append(Event("am.setup.supply", key="am.log.setup.supply", count=sum(state.neutral)))
        # (3) each player's pieces.
        for seat in range(players):
            state.village[seat] = [self.shape_list[i].count for i in self.village_shapes]
            state.posts_left[seat] = R.trading_posts
        events.append(Event("am.setup.players", key="am.log.setup.players", village=sum(state.village[0]),
                            posts=R.trading_posts, ships=R.ships))
        # (4) pirates, progress tiles, production tiles: turned over by the chance steps that follow.
        state.unseen_pirates = list(R.pirate_values)
        state.progress_pool = list(self.progress_ids)
        state.display = [None] * R.progress_shown
        stacks = R.production_stacks[players]
        state.production_pool = {s: list(self.stacks[s]) for s in stacks}
        state.production_slots = [-1] * len(self.slot_stacks(players))
        events.append(Event("am.setup.production", key="am.log.setup.production",
                            stacks=[f"am.stack.{s}" for s in stacks], used=sum(len(state.production_pool[s]) for s in stacks),
                            shown=len(state.production_slots)))
        # (5) player order: the discs stacked at random on the special-action track; gold 0, 1, 2, 3.
        seats = list(range(players))
        state.rng.shuffle(seats)
        for place, seat in enumerate(seats):
            state.arrival[seat] = players - place             # the first player's disc is on top
            state.gold[seat] = place * R.start_gold_step
        state.order = seats
        events.append(Event("am.setup.order", key="am.log.setup.order", seats=seats, step=R.start_gold_step))
        # (6) all 49 cubes go through the tower once (the last chance step of the setup).
        state.box = [R.cubes_per_colour] * len(COLOURS)
        state.draws = ["pirate"] + ["progress"] * R.progress_shown + \
            [f"production:{s}" for s in self.slot_stacks(players)] + ["drop"]
        state.step = "draw"
        return state

    def slot_stacks(self, players) -> list[str]:
        """The production display's spaces, by the stack each is filled from."""
        R = self.numbers
        return [s for s in R.production_stacks[players] for _ in range(R.production_shown[s])]

    # == the flow (遊戲進行) =============================================================================
    def settle(self, state):
        """Cache whose decision is pending (None: the rules resolve the next step themselves)."""
        state.to_move = state.order[state.turn] if state.step == "act" and not state.over else None

    def time_value(self, state) -> int:
        markers = self.numbers.time_markers
        return markers[state.time_index] if state.time_index < len(markers) else self.numbers.time_printed

    def turn_order(self, state) -> list[int]:
        """Front to back on the special-action track; on a shared space, the disc on top first."""
        return sorted(range(len(state.gold)), key=lambda s: (-state.spec[s], -state.arrival[s]))

    def _begin_round(self, state, events):
        state.round += 1
        events.append(Event("am.flow.rounds", key="am.log.round", round=state.round, rounds=self.numbers.rounds))
        self._begin_phase(state, BLUE, events)

    def _begin_phase(self, state, colour, events):
        state.colour = colour
        state.phase = COLOURS[colour]
        state.step = "drop"
        state.order = self.turn_order(state)
        state.dropped = [0] * len(COLOURS)
        state.fell = [0] * len(COLOURS)

    def _next_phase(self, state, events):
        state.central = [0] * len(COLOURS)
        if state.colour < WHITE:
            self._begin_phase(state, state.colour + 1, events)
        else:
            state.colour = -1
            state.phase = state.step = "pirates"

    # -- the drop: the phase's cubes go into the tower (a sampled chance step) ---------------------------
    def _drop_inputs(self, state) -> list[int]:
        if state.phase == "setup":
            return list(state.box)
        dropped = list(state.tray)
        dropped[state.colour] += state.storage[state.colour]
        return dropped

    def _apply_drop(self, state, fell, events):
        dropped = self._drop_inputs(state)
        for c in range(len(COLOURS)):
            state.tower[c] += dropped[c] - fell[c]
        state.dropped, state.fell = dropped, list(fell)
        if state.phase == "setup":
            state.box = [0] * len(COLOURS)
            state.storage = list(fell)
            events.append(Event("am.setup.tower", key="am.log.setup.tower", fell=sum(fell), held=sum(state.tower),
                                cubes=self.cube_terms(fell)))
            return
        c = state.colour
        state.storage[c] = 0
        state.tray = [0] * len(COLOURS)
        events.append(Event("am.phase.drop", seat=state.order[0], key="am.log.drop", colour=f"am.colour.{COLOURS[c]}",
                            dropped=sum(dropped), fell=sum(fell), cubes=self.cube_terms(fell)))
        if not sum(fell):
            events.append(Event("am.phase.skip", key="am.log.skip.nothing", colour=f"am.colour.{COLOURS[c]}"))
            self._next_phase(state, events)
            return
        state.central = list(fell)
        state.ap = max(fell)
        state.step = "act"
        state.turn = 0
        events.append(Event("am.phase.result", key="am.log.result", ap=state.ap,
                            colours=[f"am.colour.{COLOURS[k]}" for k in range(len(COLOURS)) if fell[k]]))
        self._begin_turn(state)

    @staticmethod
    def cube_terms(counts) -> list[str]:
        """Cubes by colour as a list of terms ("3 blue", "1 red"), each a text of the catalog."""
        return [f"am.cubes.{COLOURS[c]}.{n}" for c, n in enumerate(counts) if n]

    # -- each player in turn takes one action ------------------------------------------------------------
    def _begin_turn(self, state):
        state.sub = "choose"
        state.action = -1
        state.points = state.spent = 0
        state.moved = [0, 0]
        state.stopped = [False, False]
        state.launching = 0
        state.neutral_taken = 0
        state.takes = 0
        state.ships8_used = False

    def _end_turn(self, state, events):
        state.turn += 1
        state.sub = ""
        if state.turn >= len(state.order):
            state.step = "return"
        else:
            self._begin_turn(state)

    def _end_phase(self, state, events):
        """Everyone has played: the cubes in the middle go back to their storage spaces."""
        for c, n in enumerate(state.central):
            state.storage[c] += n
        events.append(Event("am.phase.end", key="am.log.phase-end", colour=f"am.colour.{COLOURS[state.colour]}"))
        self._next_phase(state, events)

    # == gold and action points (遊戲相關規定 (1)) ===========================================================
    def gain_gold(self, state, seat, amount, events):
        """Gold on the track goes up to 12; what would go beyond becomes points at once."""
        R = self.numbers
        total = state.gold[seat] + amount
        state.gold[seat] = min(total, R.gold_max)
        if total > R.gold_max:
            state.vp[seat][GOLD] += total - R.gold_max
            events.append(Event("am.gold.cap", seat=seat, key="am.log.gold-cap", points=total - R.gold_max))

    def spendable(self, state, seat) -> int:
        """Gold a player can pay: the track, treasure chests, and unused 1x gold tiles."""
        extra = state.chests[seat] * self.numbers.chest_gold
        for t in state.progress[seat]:
            tile = self.progress_tiles[t]
            if tile.effect == "gold" and t not in state.used[seat]:
                extra += tile.amount
        return state.gold[seat] + extra

    def pay_gold(self, state, seat, amount, events):
        """Pay gold from the track; what it lacks comes from treasure chests, then 1x gold tiles (the
        smallest first), cashed straight into the payment. Ruling (am.points.buy): gold cashed to pay never
        stands on the track, so the track's end at 12 takes none of it (else a player at 11 gold with a
        chest could be offered a step `spendable` counts but the track could not hold); what the last
        chest or tile gives beyond the payment goes on the track."""
        owed = amount - state.gold[seat]
        if owed <= 0:
            state.gold[seat] -= amount
            return
        state.gold[seat] = 0
        while owed > 0:
            if state.chests[seat]:
                state.chests[seat] -= 1
                cashed = self.numbers.chest_gold
                events.append(Event("am.gold.chest", seat=seat, key="am.log.chest", gold=cashed))
            else:
                cashed, t = min((self.progress_tiles[t].amount, t) for t in state.progress[seat]
                                if self.progress_tiles[t].effect == "gold" and t not in state.used[seat])
                state.used[seat].append(t)
                events.append(Event("am.progress.gold", seat=seat, key="am.log.gold-tile", gold=cashed))
            owed -= cashed
        self.gain_gold(state, seat, -owed, events)

    def bonus(self, state, seat, colour) -> int:
        """Extra action points from progress tiles for an action of this colour."""
        return sum(points for _, points, _ in self.bonus_tiles(state, seat, colour))

    def bonus_tiles(self, state, seat, colour) -> list[tuple[str, int, str]]:
        """(tile, extra action points, the rule that gives them) for each progress tile of the player that
        adds points to an action of this colour: a tile for one colour is the rulebook's 單一行動 (A,
        am.progress.plus-two), a tile for either of two colours its 行動二選一 (B, am.progress.plus-one)."""
        out = []
        for t in state.progress[seat]:
            tile = self.progress_tiles[t]
            if tile.effect == "plus" and COLOURS[colour] in tile.colours:
                rule = "am.progress.plus-two" if len(tile.colours) == 1 else "am.progress.plus-one"
                out.append((t, tile.amount, rule))
        return out

    def _bonus_events(self, state, seat, colour, events):
        """One event per tile that added action points, citing that tile's own rule."""
        for t, points, rule in self.bonus_tiles(state, seat, colour):
            events.append(Event(rule, seat=seat, key="am.log.bonus", tile=f"am.progress-tile.{t}", points=points))

    def holds(self, state, seat, effect) -> str | None:
        """The id of a tile with this effect the player holds and has not used up, or None."""
        for t in state.progress[seat]:
            if self.progress_tiles[t].effect == effect and t not in state.used[seat]:
                return t
        return None

    def budget(self, state, seat) -> int:
        """Points left in this action plus gold that could buy more."""
        return state.points - state.spent + self.spendable(state, seat)

    def spend(self, state, seat, cost, events):
        """Use `cost` action points; what the points left do not cover is bought with gold (am.points.buy)."""
        left = state.points - state.spent
        if cost > left:
            bought = cost - left
            self.pay_gold(state, seat, bought, events)
            state.points += bought
            events.append(Event("am.points.buy", seat=seat, key="am.log.buy-points", points=bought))
        state.spent += cost

    def track_full(self, state, seat, track, events):
        """A disc at the end of its track with points left: the rest is given up for 2 gold."""
        events.append(Event("am.gold.track-full", seat=seat, key="am.log.track-full", track=f"am.track.{track}",
                            gold=self.numbers.track_full_gold))
        self.gain_gold(state, seat, self.numbers.track_full_gold, events)

    # -- choosing the action ----------------------------------------------------------------------------------
    def offered_colours(self, state, seat) -> list[int]:
        """The colours in the middle, with red and green swapped in for a holder of the swap tile."""
        central = state.central
        out = [c for c in range(len(COLOURS)) if central[c]]
        if (central[RED] or central[GREEN]) and self.holds(state, seat, "swap"):
            # either one in the middle offers both
            return sorted({*out, RED, GREEN})
        return out

    def can_do(self, state, seat, colour) -> bool:
        """Could the player do anything with this action now (am.phase.turn's ruling)?"""
        if colour not in (RED, GREEN, YELLOW):
            return True
        budget = state.ap + self.bonus(state, seat, colour) + self.spendable(state, seat)
        if colour == RED:
            return budget >= 1 and self._plan_any(state, seat, budget, 0)
        if colour == GREEN:
            return bool(self.lays(state, seat, budget, first=True))
        if colour == YELLOW:
            return any(k >= 0 and self.production_kinds[k][1] <= budget for k in state.production_slots)
        return True

    def _choose(self, state, seat, colour, events, via_special=False):
        state.action = colour
        state.points = state.ap + self.bonus(state, seat, colour)
        state.spent = 0
        if not via_special:
            events.append(Event("am.phase.turn", seat=seat, automatic=False, key="am.log.choose",
                                action=f"am.action.{COLOURS[colour]}", points=state.points))
        if colour == BLUE:
            state.sub = "launch" if state.ships[seat][0] < 0 else "move"
        elif colour == BLACK:
            state.sub = "load"
        elif colour == BROWN:
            state.sub = "develop"
        else:
            state.sub = SUBSTEP_OF[colour]
        if not via_special:
            self._bonus_events(state, seat, colour, events)

    @move("gold", "am.gold.instead", phases=("choose",))
    def _take_gold(self, state, events):
        seat = state.order[state.turn]
        R = self.numbers
        divisor = 2 if self.holds(state, seat, "gold-half") else R.gold_divisor
        total = sum(state.central)
        amount = -(-total // divisor)
        events.append(Event("am.progress.gold-half" if divisor == 2 else "am.gold.instead", seat=seat,
                            automatic=False, key="am.log.gold", cubes=total, divisor=divisor, gold=amount))
        self.gain_gold(state, seat, amount, events)
        self._end_turn(state, events)

    @refuses("gold")
    def _why_gold(self, state):
        return None             # gold instead of an action is always possible (am.phase.turn's ruling)

    @move("score-cubes", "am.progress.score-cubes", phases=("choose",))
    def _score_cubes(self, state, events):
        seat = state.order[state.turn]
        t = self.holds(state, seat, "score-cubes")
        state.used[seat].append(t)
        total = sum(state.central)
        state.vp[seat][PROGRESS] += total
        events.append(Event("am.progress.score-cubes", seat=seat, automatic=False, key="am.log.score-cubes",
                            points=total))
        self._end_turn(state, events)

    @refuses("score-cubes")
    def _why_score_cubes(self, state):
        if self.holds(state, state.order[state.turn], "score-cubes"):
            return None
        return "am.progress.score-cubes", Text("am.why.no-tile", tile="am.progress-tile.score-cubes")

    # == (1) moving ships (blue) ===========================================================================
    def position_name(self, state, pos) -> str:
        L = state.layout
        return L.names[pos] if pos < L.squares else L.frame_names[pos - L.squares]

    def occupied(self, state, pos, but=None) -> bool:
        """Is this island sea square taken by a ship (other than `but` = (seat, ship))? Frame squares never are."""
        if pos >= state.layout.squares:
            return False
        for seat, ships in enumerate(state.ships):
            if pos in ships:
                for k, p in enumerate(ships):
                    if p == pos and (seat, k) != but:
                        return True
        return False

    def steps_left(self, state, seat, k) -> int:
        """How many more steps ship k can make: the points (they count for each ship) plus gold."""
        return state.points - state.moved[k] + self.spendable(state, seat)

    def _stops(self, state, start, steps, others, limit) -> list[int]:
        """Up to `limit` positions where a ship at `start` could end the action within `steps` steps: any
        frame square, or an island sea square no other player's ship holds (`others`)."""
        found = [] if start in others else [start]
        if len(found) >= limit:
            return found
        moves = state.layout.moves
        frontier, seen = [start], {start}
        for _ in range(steps):
            nxt = []
            for p in frontier:
                for m in moves[p]:
                    if m in seen:
                        continue
                    seen.add(m)
                    nxt.append(m)
                    if m not in others:
                        found.append(m)
                        if len(found) >= limit:
                            return found
            frontier = nxt
        return found

    def _can_end(self, state, seat, where, steps) -> bool:
        """After a step or a post, can the player still end the action with no two ships on one island sea
        square (am.move.occupied)? `where` and `steps` give each ship's position and the steps it has left.
        Each ship's list holds up to as many stopping places as there are ships, which is enough to tell
        whether every ship can have one of its own (a frame square holds any number)."""
        S = state.layout.squares
        others = {p for s, ships in enumerate(state.ships) if s != seat for p in ships if 0 <= p < S}
        # Most often every ship but one can stay where it is, alone, and that one reaches a free square.
        own = [w for w in where if 0 <= w < S]
        crowded = [i for i, w in enumerate(where) if 0 <= w < S and (w in others or own.count(w) > 1)]
        if not crowded:
            return True
        if len(crowded) == 1:
            i = crowded[0]
            blocked = others.union(w for j, w in enumerate(where) if j != i and 0 <= w < S)
            if self._stops(state, where[i], steps[i], blocked, 1):
                return True
        # Otherwise a ship may have to make room for another: try every way to give each its own square.
        n = len(where)
        choices = [self._stops(state, w, st, others, n) for w, st in zip(where, steps) if w >= 0]

        def fit(i, used):
            if i == len(choices):
                return True
            return any(fit(i + 1, used if q >= S else used | {q}) for q in choices[i] if q >= S or q not in used)
        return fit(0, frozenset())

    def _ships_after(self, state, seat, k, pos, stop, spendable):
        """Each ship's position and the steps it has left once ship k has sailed to `pos` (stop: or built a
        post there). A bought point counts for every ship, so only ship k's own steps change."""
        where = list(state.ships[seat])
        where[k] = pos
        steps = [0 if state.stopped[j] else state.points - state.moved[j] + spendable for j in range(len(where))]
        steps[k] = 0 if stop else steps[k] - 1
        return where, steps

    def _taken(self, state):
        """The island sea squares ships lie on, and whether two ships share one. A step onto a square outside
        the set, while no two ships share one, leaves every ship a square of its own: only other steps
        need the search of `_can_end`."""
        S = state.layout.squares
        places = [p for ships in state.ships for p in ships if 0 <= p < S]
        taken = set(places)
        return taken, len(taken) < len(places)

    def ship_moves(self, state, seat, k, spendable=None) -> list[int]:
        """Where ship k may sail one step now (am.move.step, am.move.occupied): a step is refused when the
        player's ships could then no longer all end the action on squares of their own."""
        if state.stopped[k]:
            return []
        if spendable is None:
            spendable = self.spendable(state, seat)
        left = state.points - state.moved[k] + spendable
        if left < 1:
            return []
        taken, crowded = self._taken(state)
        here = state.ships[seat][k]
        out = []
        for m in state.layout.moves[here]:
            if crowded or m in taken:
                # Onto a held square, with every other ship alone: enough if ship k can sail on to a free one.
                if not crowded and self._stops(state, m, left - 1, taken - {here}, 1):
                    out.append(m)
                    continue
                where, steps = self._ships_after(state, seat, k, m, False, spendable)
                if not self._can_end(state, seat, where, steps):
                    continue
            out.append(m)
        return out

    def post_squares(self, state, seat, k) -> list[int]:
        """The trading-post squares ship k could build on now (am.move.post): beside its anchor, free and
        uncovered; the ship is alone on its square, and the player's other ship can still end the action."""
        if state.stopped[k] or not state.posts_left[seat]:
            return []
        pos = state.ships[seat][k]
        L = state.layout
        if pos < 0 or pos >= L.squares:
            return []
        out = [p for p in L.posts_of[pos] if state.post[p] < 0 and state.cover[p] < 0]
        if not out or self.occupied(state, pos, (seat, k)):
            return []
        if self._taken(state)[1]:                # ship k is alone: two other ships share a square
            where, steps = self._ships_after(state, seat, k, pos, True, self.spendable(state, seat))
            if not self._can_end(state, seat, where, steps):
                return []
        return out

    @move("launch", "am.move.launch", phases=("launch",), arg=lambda game, frame: frame_name(frame))
    def _launch(self, state, frame, events):
        seat = state.order[state.turn]
        k = state.launching
        state.ships[seat][k] = state.layout.squares + frame
        events.append(Event("am.move.launch", seat=seat, automatic=False, key="am.log.launch", ship=k + 1,
                            where=f"am.pos.{state.layout.frame_names[frame]}"))
        state.launching += 1
        if state.launching >= self.numbers.ships:
            state.sub = "move"
            self._after_move_step(state, seat, events)

    @refuses("launch")
    def _why_launch(self, state, frame):
        return None             # a ship may be placed on any frame square

    @move("move", "am.move.step", phases=("move",), arg=ship_and_position)
    def _move(self, state, k, where, events):
        """Ship k sails one step, to the square or frame square named `where` ("move:1:D1")."""
        seat = state.order[state.turn]
        pos = state.layout.position[where]
        if state.moved[k] >= state.points:
            self.pay_gold(state, seat, 1, events)
            state.points += 1
            events.append(Event("am.points.buy", seat=seat, key="am.log.buy-points", points=1))
        state.moved[k] += 1
        state.ships[seat][k] = pos
        events.append(Event("am.move.step", seat=seat, automatic=False, key="am.log.move", ship=k + 1,
                            where=f"am.pos.{where}"))
        self._after_move_step(state, seat, events)

    @refuses("move")
    def _why_move(self, state, k, where):
        seat = state.order[state.turn]
        L = state.layout
        target = L.position[where]
        if target in self.ship_moves(state, seat, k):
            return None
        if state.stopped[k]:
            return "am.move.post", Text("am.why.move-stopped", ship=k + 1)
        if self.steps_left(state, seat, k) < 1:
            return "am.points.buy", Text("am.why.move-points", ship=k + 1)
        here = state.ships[seat][k]
        if target == here:
            return "am.move.step", Text("am.why.move-here", ship=k + 1, where=f"am.pos.{where}")
        if target not in L.moves[here]:
            if target < L.squares and not L.is_sea(target):
                return "am.move.step", Text("am.why.move-land", where=f"am.pos.{where}")
            return "am.move.step", Text("am.why.move-far", ship=k + 1, where=f"am.pos.{where}",
                                        here=f"am.pos.{self.position_name(state, here)}")
        return "am.move.occupied", Text("am.why.move-occupied", ship=k + 1, where=f"am.pos.{where}")

    def _after_move_step(self, state, seat, events):
        """The action ends by itself when neither ship can do anything more."""
        spendable = self.spendable(state, seat)
        for k in range(self.numbers.ships):
            if self.ship_moves(state, seat, k, spendable) or self.post_squares(state, seat, k):
                return
        if not self._stranded(state, seat):
            self._end_turn(state, events)

    def _stranded(self, state, seat) -> bool:
        return any(self.occupied(state, p, (seat, k)) for k, p in enumerate(state.ships[seat]))

    @move("post", "am.move.post", phases=("move",), arg=ship_and_position)
    def _build_post(self, state, k, where, events):
        """Ship k builds a trading post on the square named `where`, beside its anchor ("post:1:C1")."""
        seat = state.order[state.turn]
        L = state.layout
        p = L.position[where]
        state.post[p] = seat
        state.posts_left[seat] -= 1
        state.stopped[k] = True
        island = L.island_of[p]
        events.append(Event("am.move.post", seat=seat, automatic=False, key="am.log.post", ship=k + 1,
                            where=f"am.pos.{L.names[p]}"))
        if not state.island_posted[island]:
            state.island_posted[island] = True
            state.vp[seat][ISLANDS] += self.numbers.first_post
            events.append(Event("am.move.first-post", seat=seat, key="am.log.first-post", points=self.numbers.first_post,
                                island=L.island_name[island]))
        if self.holds(state, seat, "gold-post"):
            events.append(Event("am.progress.gold-post", seat=seat, key="am.log.gold-post"))
            self.gain_gold(state, seat, 1, events)
        self._fill(state, seat, island, 1, events)
        self._after_move_step(state, seat, events)

    @refuses("post")
    def _why_post(self, state, k, where):
        seat = state.order[state.turn]
        L = state.layout
        p = L.position[where]
        if p in self.post_squares(state, seat, k):
            return None
        pos = state.ships[seat][k]
        if state.stopped[k]:
            return "am.move.post", Text("am.why.move-stopped", ship=k + 1)
        if not state.posts_left[seat]:
            return "am.move.post", Text("am.why.post-none-left")
        if pos < 0 or pos >= L.squares or not L.posts_of[pos]:
            return "am.move.post", Text("am.why.post-no-anchor", ship=k + 1)
        if p not in L.posts_of[pos]:
            return "am.move.post", Text("am.why.post-not-beside", ship=k + 1, where=f"am.pos.{where}")
        if state.post[p] >= 0:
            return "am.move.post", Text("am.why.post-taken", where=f"am.pos.{where}")
        if state.cover[p] >= 0:
            return "am.build.post-square", Text("am.why.post-covered", where=f"am.pos.{where}")
        if self.occupied(state, pos, (seat, k)):
            return "am.move.occupied", Text("am.why.post-shared", ship=k + 1)
        return "am.move.occupied", Text("am.why.post-strands", ship=k + 1)

    def _use_ships8(self, state, seat, events):
        t = self.holds(state, seat, "ships")
        state.used[seat].append(t)
        state.ships8_used = True
        state.points += self.progress_tiles[t].amount
        events.append(Event("am.progress.ships", seat=seat, automatic=False, key="am.log.ships8",
                            points=self.progress_tiles[t].amount))

    # == (2) loading cannons (black), (4) development (brown), (7A) player order (white) ===================
    def track_room(self, state, seat, track) -> int:
        R = self.numbers
        if track == "cannon":
            return R.cannon_max - state.cannons[seat]
        if track == "development":
            return R.dev_spaces - state.dev[seat]
        return R.special_spaces - state.spec[seat]

    def track_amounts(self, state, seat, track) -> list[int]:
        """How far the disc may move: 1 up to the room left and what the player can pay; 0 when the disc is
        already at the end (the 2 gold of am.gold.track-full)."""
        room = self.track_room(state, seat, track)
        if room == 0:
            return [0]
        return list(range(1, min(room, self.budget(state, seat)) + 1))

    def why_not_track(self, state, track, rule, n):
        """Why the disc may not move `n` spaces along `track` now (`rule`: the track's own), or None when it
        may (`track_amounts`): load, develop and order refuse with it."""
        seat = state.order[state.turn]
        if n in self.track_amounts(state, seat, track):
            return None
        room = self.track_room(state, seat, track)
        if n == 0:
            return "am.gold.track-full", Text("am.why.track-not-full", track=f"am.track.{track}", room=room)
        if room == 0:
            return "am.gold.track-full", Text("am.why.track-full", track=f"am.track.{track}")
        if n > room:
            return rule, Text("am.why.track-room", track=f"am.track.{track}", n=n, room=room)
        return "am.points.buy", Text("am.why.afford", cost=n, points=state.points - state.spent,
                                     gold=self.spendable(state, seat))

    @move("load", "am.cannon.load", phases=("load",), arg=lambda game, n: n)
    def _load(self, state, n, events):
        seat = state.order[state.turn]
        if n == 0:
            self.track_full(state, seat, "cannon", events)
        else:
            self.spend(state, seat, n, events)
            state.cannons[seat] += n
            events.append(Event("am.cannon.load", seat=seat, automatic=False, key="am.log.load", n=n,
                                cannons=state.cannons[seat]))
            if not self.track_room(state, seat, "cannon") and state.spent < state.points:
                self.track_full(state, seat, "cannon", events)
        self._end_turn(state, events)

    @refuses("load")
    def _why_load(self, state, n):
        return self.why_not_track(state, "cannon", "am.cannon.load", n)

    def numbers_between(self, numbers: dict, start: int, end: int) -> list[int]:
        return [s for s in sorted(numbers) if start < s <= end]

    def best_number(self, numbers: dict, position: int) -> int:
        reached = [v for s, v in numbers.items() if s <= position]
        return max(reached, default=0)

    @move("develop", "am.develop.move", phases=("develop",), arg=lambda game, n: n)
    def _develop(self, state, n, events):
        seat = state.order[state.turn]
        if n == 0:
            self.track_full(state, seat, "development", events)
            self._end_turn(state, events)
            return
        self.spend(state, seat, n, events)
        start = state.dev[seat]
        state.dev[seat] += n
        passed = self.numbers_between(self.numbers.dev_numbers, start, state.dev[seat])
        # The log names the spaces as the sheet prints them: the number the disc landed on or passed.
        if not passed:
            key, number = "am.log.develop.none", None
        else:
            key = "am.log.develop.on" if passed[-1] == state.dev[seat] else "am.log.develop.past"
            number = self.numbers.dev_numbers[passed[-1]]
        events.append(Event("am.develop.move", seat=seat, automatic=False, key=key, n=n, number=number,
                            tiles=len(passed)))
        if not self.track_room(state, seat, "development") and state.spent < state.points:
            self.track_full(state, seat, "development", events)
        state.takes = len(passed)
        self._next_take(state, seat, events)

    @refuses("develop")
    def _why_develop(self, state, n):
        return self.why_not_track(state, "development", "am.develop.move", n)

    def _next_take(self, state, seat, events):
        if state.takes and not any(state.display):
            events.append(Event("am.develop.tile", seat=seat, key="am.log.take.empty", n=state.takes))
            state.takes = 0
        if state.takes:
            state.sub = "take"
        else:
            self._end_turn(state, events)

    @move("take", "am.develop.tile", phases=("take",), arg=lambda game, tile: tile)
    def _take(self, state, tile, events):
        seat = state.order[state.turn]
        state.takes -= 1
        if tile == "none":
            events.append(Event("am.develop.tile", seat=seat, automatic=False, key="am.log.take.none"))
        else:
            state.display[state.display.index(tile)] = None
            state.progress[seat].append(tile)
            events.append(Event("am.develop.tile", seat=seat, automatic=False, key="am.log.take",
                                tile=f"am.progress-tile.{tile}"))
        self._next_take(state, seat, events)

    @refuses("take")
    def _why_take(self, state, tile):
        if tile == "none" or tile in state.display:
            return None
        return "am.develop.tile", Text("am.why.take-absent", tile=f"am.progress-tile.{tile}")

    @move("order", "am.special.order", phases=("white",), arg=lambda game, n: n)
    def _order(self, state, n, events):
        seat = state.order[state.turn]
        if n == 0:
            self.track_full(state, seat, "special", events)
        else:
            self.spend(state, seat, n, events)
            self._move_disc(state, seat, state.spec[seat] + n)
            space = state.spec[seat]
            number = self.numbers.special_numbers.get(space)
            events.append(Event("am.special.order", seat=seat, automatic=False, n=n, number=number,
                                key="am.log.order" if number is None else "am.log.order.number",
                                colour=f"am.colour.{self.numbers.special_colours[space]}"))
            if not self.track_room(state, seat, "special") and state.spent < state.points:
                self.track_full(state, seat, "special", events)
        self._end_turn(state, events)

    @refuses("order")
    def _why_order(self, state, n):
        return self.why_not_track(state, "special", "am.special.order", n)

    def _move_disc(self, state, seat, space):
        """A disc that lands on other discs goes on top of them."""
        state.spec[seat] = space
        state.arrival[seat] = max(state.arrival) + 1

    def _first(self, state, seat, events):
        t = self.holds(state, seat, "first")
        state.used[seat].append(t)
        first = self.turn_order(state)[0]
        self._move_disc(state, seat, state.spec[first])
        events.append(Event("am.progress.first", seat=seat, automatic=False, key="am.log.first", other=first))
        self._end_turn(state, events)

    # == (7B) the special action: white becomes the colour of the player's space ============================
    def special_colour(self, state, seat) -> int:
        return COLOURS.index(self.numbers.special_colours[state.spec[seat]])

    def _special(self, state, seat, events):
        colour = self.special_colour(state, seat)
        events.append(Event("am.special.action", seat=seat, automatic=False, key="am.log.special",
                            action=f"am.action.{COLOURS[colour]}", colour=f"am.colour.{COLOURS[colour]}"))
        self._choose(state, seat, colour, events, via_special=True)
        self._bonus_events(state, seat, colour, events)

    # == (3) planning (red) ==================================================================================
    def neutral_limit(self, state, seat) -> int:
        return 2 if self.holds(state, seat, "plan-two") else 1

    def _plan_any(self, state, seat, budget, taken) -> bool:
        if budget < 1:
            return False
        if any(state.village[seat]):
            return True
        if taken >= self.neutral_limit(state, seat):
            return False
        return any(n and self.shape_list[self.neutral_shapes[i]].cost <= budget for i, n in enumerate(state.neutral))

    def plan_options(self, state, seat) -> list[int]:
        budget = self.budget(state, seat)
        out = []
        if state.neutral_taken < self.neutral_limit(state, seat):
            out += [s for i, s in enumerate(self.neutral_shapes)
                    if state.neutral[i] and self.shape_list[s].cost <= budget]
        if budget >= 1:
            out += [s for i, s in enumerate(self.village_shapes) if state.village[seat][i]]
        return out

    @move("plan", "am.plan.neutral", phases=("plan",), arg=lambda game, s: game.shape_ids[s])
    def _plan(self, state, s, events):
        seat = state.order[state.turn]
        shape = self.shape_list[s]
        self.spend(state, seat, shape.cost, events)
        if shape.kind == "neutral":
            state.neutral[self.neutral_shapes.index(s)] -= 1
            state.neutral_taken += 1
            rule = "am.plan.neutral"
        else:
            state.village[seat][self.village_shapes.index(s)] -= 1
            rule = "am.plan.village"
        state.planned[seat][s] += 1
        events.append(Event(rule, seat=seat, automatic=False, key="am.log.plan", shape=f"am.shape.{shape.id}",
                            cost=shape.cost))
        if not self.plan_options(state, seat):
            self._end_turn(state, events)

    @refuses("plan")
    def _why_plan(self, state, s):
        seat = state.order[state.turn]
        if s in self.plan_options(state, seat):
            return None
        shape = self.shape_list[s]
        name = f"am.shape.{self.shape_ids[s]}"
        if shape.kind == "neutral":
            if not state.neutral[self.neutral_shapes.index(s)]:
                return "am.plan.neutral", Text("am.why.plan-none", shape=name)
            if state.neutral_taken >= self.neutral_limit(state, seat):
                return "am.plan.neutral", Text("am.why.plan-one", n=self.neutral_limit(state, seat))
        elif not state.village[seat][self.village_shapes.index(s)]:
            return "am.plan.village", Text("am.why.plan-none", shape=name)
        return "am.points.buy", Text("am.why.afford", cost=shape.cost, points=state.points - state.spent,
                                     gold=self.spendable(state, seat))

    # == (5) building (green) ================================================================================
    def lays(self, state, seat, budget=None, first=False) -> list[tuple[int, int, int]]:
        """Every (shape, first square, way) where a planned tile may be built now: on empty land of an
        island with the player's post, touching their post or a placed tile there (am.build.*). With
        `first`, stop at the first one found (is there any?)."""
        if budget is None:
            budget = self.budget(state, seat)
        costs = self.shape_costs
        shapes = [s for s, n in enumerate(state.planned[seat]) if n and costs[s] <= budget]
        if not shapes:
            return []
        L = state.layout
        cover, post, W, neighbours = state.cover, state.post, L.width, L.neighbours
        out = set()
        for island in {L.island_of[p] for p in L.post_squares if post[p] == seat}:
            if not state.island_open[island]:         # every square built on: nothing to look at
                continue
            squares = L.islands[island]
            free = {q for q in squares if cover[q] < 0 and post[q] < 0}     # empty land of this island
            # where a tile may start growing: next to the player's post or to a placed tile
            frontier = {m for q in squares if cover[q] >= 0 or post[q] == seat for m in neighbours[q] if m in free}
            for s in shapes:
                for o in range(len(self.orients[s])):
                    cells = self._flat_cells(s, o, W)
                    # its first square wherever one of its squares would cover a frontier square; a way
                    # that runs off the area's side shows as a square out of its columns
                    for a in {f - dq for f in frontier for dq, _ in cells}:
                        ac = a % W
                        for eq, ec in cells:
                            if not 0 <= ac + ec < W or a + eq not in free:
                                break
                        else:
                            if first:
                                return [(s, a, o)]
                            out.add((s, a, o))
        return sorted(out)

    def _flat_cells(self, s, o, width) -> tuple:
        """A shape's squares in one of its ways, as (square offset, column offset) on an area this wide."""
        key = (s, o, width)
        found = self._flat.get(key)
        if found is None:
            found = self._flat[key] = tuple((dr * width + dc, dc) for dr, dc in self.orients[s][o])
        return found

    def tile_squares(self, state, s, first, o) -> list[int]:
        W = state.layout.width
        fr, fc = divmod(first, W)
        return [(fr + dr) * W + fc + dc for dr, dc in self.orients[s][o]]

    @move("lay", "am.build.place", phases=("build",),
          arg=lambda game, s, where, o: f"{game.shape_list[s].id}:{where}:{o}")
    def _lay(self, state, s, where, o, events):
        """Build planned shape s with its first square (reading order) on the square named `where`, lying
        its o-th way ("lay:n3l:E5:1")."""
        seat = state.order[state.turn]
        L = state.layout
        first = L.position[where]
        shape = self.shape_list[s]
        squares = self.tile_squares(state, s, first, o)
        island = L.island_of[first]
        self.spend(state, seat, shape.cost, events)
        state.planned[seat][s] -= 1
        piece = len(state.pieces)
        state.pieces.append((s, seat, tuple(squares)))
        for q in squares:
            state.cover[q] = piece
        big = L.island_big[island]
        points = shape.big if big else shape.small
        state.vp[seat][ISLANDS] += points
        events.append(Event("am.build.place", seat=seat, automatic=False, key="am.log.lay",
                            shape=f"am.shape.{shape.id}", where=f"am.pos.{L.names[first]}",
                            points=points, size=f"am.island.{'big' if big else 'small'}"))
        for q in squares:
            g = state.goods_on[q]
            if g >= 0:
                state.goods_on[q] = -1
                state.goods[seat][g] += 1
                events.append(Event("am.build.goods", seat=seat, key="am.log.goods", goods=f"am.goods.{self.goods_ids[g]}",
                                    where=f"am.pos.{L.names[q]}"))
        self._fill(state, seat, island, len(squares), events)
        if not self.lays(state, seat, first=True):
            self._end_turn(state, events)

    @refuses("lay")
    def _why_lay(self, state, s, where, o):
        """The reasons a learner can see, in order; a placement none of them forbids is refused unless `lays`
        finds it (it touches no post of the player's and no placed tile: am.build.adjacent)."""
        seat = state.order[state.turn]
        shape = self.shape_list[s]
        name = f"am.shape.{shape.id}"
        L = state.layout
        if not state.planned[seat][s]:
            return "am.build.place", Text("am.why.lay-unplanned", shape=name)
        if shape.cost > self.budget(state, seat):
            return "am.points.buy", Text("am.why.afford", cost=shape.cost, points=state.points - state.spent,
                                         gold=self.spendable(state, seat))
        first = L.position[where]
        W = L.width
        fr, fc = divmod(first, W)
        squares = []
        for dr, dc in self.orients[s][o]:
            r, c = fr + dr, fc + dc
            if not (0 <= r < L.height and 0 <= c < W):
                return "am.build.land", Text("am.why.lay-outside", shape=name, where=f"am.pos.{where}")
            squares.append(r * W + c)
        for q in squares:
            if not L.is_land(q):
                return "am.build.land", Text("am.why.lay-sea", where=f"am.pos.{L.names[q]}")
            if state.post[q] >= 0:
                return "am.build.post-square", Text("am.why.lay-post", where=f"am.pos.{L.names[q]}")
            if state.cover[q] >= 0:
                return "am.build.land", Text("am.why.lay-covered", where=f"am.pos.{L.names[q]}")
        island = L.island_of[first]
        if any(L.island_of[q] != island for q in squares):
            return "am.build.land", Text("am.why.lay-two-islands")
        if not any(state.post[q] == seat for q in L.islands[island]):
            return "am.build.place", Text("am.why.lay-no-post", island=L.island_name[island])
        if (s, first, o) in self.lays(state, seat):
            return None
        return "am.build.adjacent", Text("am.why.lay-adjacent", where=f"am.pos.{where}")

    def _fill(self, state, seat, island, count, events):
        """Squares of an island were filled; the last one completes it (am.build.complete, am.build.majority)."""
        state.island_open[island] -= count
        if state.island_open[island] or state.island_done[island]:
            return
        L, R = state.layout, self.numbers
        state.island_done[island] = True
        name = L.island_name[island]
        state.vp[seat][ISLANDS] += R.complete_island
        events.append(Event("am.build.complete", seat=seat, key="am.log.complete", island=name,
                            points=R.complete_island))
        if state.chest_on[island]:
            state.chest_on[island] = False
            state.chests[seat] += 1
            events.append(Event("am.build.complete", seat=seat, key="am.log.chest-taken", island=name, gold=R.chest_gold))
        counts = {}
        for q in L.islands[island]:
            if state.post[q] >= 0:
                counts[state.post[q]] = counts.get(state.post[q], 0) + 1
        time = self.time_value(state)
        for owner in sorted(counts):
            value = self.post_value(counts[owner])
            state.vp[owner][ISLANDS] += value * time
            events.append(Event("am.build.majority", seat=owner, key="am.log.majority", posts=counts[owner],
                                value=value, time=time, points=value * time, island=name))

    def post_value(self, count) -> int:
        table = self.numbers.post_points
        if count <= len(table):
            return table[count - 1]
        return table[-1] + sum(range(len(table) + 1, count + 1))

    # == (6) production (yellow) ============================================================================
    def buy_options(self, state, seat) -> list[int]:
        """The spaces of the production display whose tile the player can pay for: each tile is an option of
        its own, two identical tiles (one from pile II, one from pile III) too, so that either can be taken."""
        budget = self.budget(state, seat)
        slots = state.production_slots
        # listed by kind of tile (goods, then cost), as one option per kind was before: the same list when
        # no two tiles are alike
        return sorted((slot for slot, k in enumerate(slots) if k >= 0 and self.production_kinds[k][1] <= budget),
                      key=lambda slot: (slots[slot], slot))

    @move("buy", "am.production.buy", phases=("buy",),
          arg=lambda game, k, slot: f"{game.production_names[k]}:{slot + 1}")
    def _buy(self, state, k, slot, events):
        """Buy production tile k, lying on space `slot` of the display ("buy:tea:3:2")."""
        seat = state.order[state.turn]
        g, cost = self.production_kinds[k]
        self.spend(state, seat, cost, events)
        state.production_slots[slot] = -1
        state.production[seat].append(k)
        events.append(Event("am.production.buy", seat=seat, automatic=False, key="am.log.buy",
                            goods=f"am.goods.{g}", cost=cost, stack=f"am.stack.{self.slot_stacks(len(state.gold))[slot]}"))
        if not self.buy_options(state, seat):
            self._end_turn(state, events)

    @refuses("buy")
    def _why_buy(self, state, k, slot):
        seat = state.order[state.turn]
        if state.production_slots[slot] == k and slot in self.buy_options(state, seat):
            return None
        g, cost = self.production_kinds[k]
        if state.production_slots[slot] != k:
            return "am.production.buy", Text("am.why.buy-absent", goods=f"am.goods.{g}", cost=cost)
        return "am.points.buy", Text("am.why.afford", cost=cost, points=state.points - state.spent,
                                     gold=self.spendable(state, seat))

    # == the end of a round (遊戲相關規定 (2)) ===============================================================
    def pirate_strength(self, state, seat) -> int:
        """The face-up pirates' total, 2 more for each "stronger pirates" tile that reaches this player."""
        strength = sum(state.pirates)
        others = state.options.get("pirate_tile") == "others"
        for holder, tiles in enumerate(state.progress):
            for t in tiles:
                tile = self.progress_tiles[t]
                if tile.effect == "pirates" and not (others and holder == seat):
                    strength += tile.amount
        return strength

    def _pirates(self, state, events):
        events.append(Event("am.round.pirates", key="am.log.pirates", round=state.round, total=sum(state.pirates),
                            n=len(state.pirates)))
        for seat in self.turn_order(state):
            strength = self.pirate_strength(state, seat)
            cannons = state.cannons[seat]
            if cannons >= strength:
                state.cannons[seat] -= strength
                events.append(Event("am.round.pirates", seat=seat, key="am.log.repel", strength=strength,
                                    cannons=cannons, left=state.cannons[seat]))
                t = self.holds(state, seat, "pirates-gold")
                if t:
                    events.append(Event("am.progress.pirates-gold", seat=seat, key="am.log.pirates-gold",
                                        gold=self.progress_tiles[t].amount))
                    self.gain_gold(state, seat, self.progress_tiles[t].amount, events)
                continue
            state.cannons[seat] = 0
            # The loss is the markers' total: a "stronger pirates" tile raises what the cannons must
            # beat, not the points lost (am.round.pirates, am.progress.pirates-stronger).
            loss = sum(state.pirates)
            rule = "am.round.pirates"
            if self.holds(state, seat, "pirates-half"):
                loss, rule = -(-loss // 2), "am.progress.pirates-half"
            total = sum(state.vp[seat])
            lost = min(loss, total)
            state.vp[seat][PIRATES] -= lost
            events.append(Event(rule, seat=seat, key="am.log.lose" if lost == loss else "am.log.lose.floor",
                                strength=strength, cannons=cannons, loss=loss, lost=lost))
        if state.round < self.numbers.rounds:
            state.phase = state.step = "new-round"
        else:
            state.phase = state.step = "final"
            state.final_step = 0
            events.append(Event("am.end.trigger", key="am.log.end"))

    def _new_round(self, state, events):
        """The next round's table: a time marker off, the progress display moves on, production replaced;
        then the chance steps: one more pirate, 4 progress tiles, the production tiles."""
        R = self.numbers
        state.time_index += 1
        events.append(Event("am.round.time", key="am.log.time", value=self.time_value(state)))
        half = R.progress_shown // 2
        gone = [t for t in state.display[half:] if t]
        state.progress_gone += gone
        state.display = [None] * half + state.display[:half]
        events.append(Event("am.round.progress", key="am.log.progress-shift", gone=len(gone)))
        gone = [k for k in state.production_slots if k >= 0]
        state.production_gone += gone
        state.production_slots = [-1] * len(state.production_slots)
        events.append(Event("am.round.production", key="am.log.production-clear", gone=len(gone)))
        state.draws = ["pirate"] + ["progress"] * R.progress_new + \
            [f"production:{s}" for s in self.slot_stacks(len(state.gold))]
        state.step = "draw"
        state.phase = "new-round"

    # -- the chance steps: a pirate, a progress tile, a production tile, the tower ----------------------------
    def chance(self, state):
        step = state.step
        if step == "draw":
            draw = state.draws[0]
            first = state.phase == "setup"
            if draw == "pirate":
                counts = {}
                for v in state.unseen_pirates:
                    counts[v] = counts.get(v, 0) + 1
                return Chance("am.setup.pirates" if first else "am.round.reveal", Text("am.chance.pirate"),
                              [self._outcome("pirate", v, n) for v, n in sorted(counts.items())])
            if draw == "progress":
                outcomes = self.progress_outcomes
                return Chance("am.setup.progress" if first else "am.round.progress", Text("am.chance.progress"),
                              [outcomes[t] for t in sorted(state.progress_pool)])
            if draw.startswith("production:"):
                stack = draw.partition(":")[2]
                counts = {}
                for k in state.production_pool[stack]:
                    counts[k] = counts.get(k, 0) + 1
                return Chance("am.setup.production" if first else "am.round.production",
                              Text("am.chance.production", stack=f"am.stack.{stack}"),
                              [self._outcome("production", k, n) for k, n in sorted(counts.items())])
            return Chance("am.setup.tower", Text("am.chance.tower-setup"), sampled=True)
        if step == "drop" and state.storage[state.colour]:
            return Chance("am.tower.model", Text("am.chance.tower", colour=f"am.colour.{COLOURS[state.colour]}",
                                                 n=state.storage[state.colour] + sum(state.tray)), sampled=True)
        return None

    def _outcome(self, kind, value, weight) -> Outcome:
        """A pirate value or production tile drawn, with its weight (how many lie in the pile): made once
        for each and offered again, as actions are (Game.made)."""
        key = (kind, value, weight)
        return self._made.get(key) or self.made(key, self._make_outcome, kind, value, weight)

    def _make_outcome(self, kind, value, weight):
        if kind == "pirate":
            return Outcome(f"pirate:{value}", weight, Text("am.chance.pirate-result", value=value))
        return Outcome(f"production:{self.production_names[value]}", weight, self.production_texts[value])

    def sample_chance(self, state):
        fell = tower.drop(self.tower_model, state.tower, self._drop_inputs(state), state.rng)
        return tower.outcome_id(fell)

    def play_chance(self, state, outcome, events):
        kind, _, value = outcome.partition(":")
        if kind == "drop":
            setup = state.step == "draw"
            if setup:
                state.draws.pop(0)
            self._apply_drop(state, tower.parse_outcome(outcome, len(COLOURS)), events)
            if setup and not state.draws:
                self._begin_round(state, events)
        else:
            draw = state.draws.pop(0)
            first = state.phase == "setup"
            if kind == "pirate":
                v = int(value)
                state.unseen_pirates.remove(v)
                state.pirates.append(v)
                events.append(Event("am.setup.pirates" if first else "am.round.reveal", key="am.log.pirate",
                                    value=v, total=sum(state.pirates), n=len(state.pirates)))
            elif kind == "progress":
                state.progress_pool.remove(value)
                state.display[state.display.index(None)] = value
                events.append(Event("am.setup.progress" if first else "am.round.progress", key="am.log.progress",
                                    tile=f"am.progress-tile.{value}"))
            else:
                k = self.production_names.index(value)
                stack = draw.partition(":")[2]
                state.production_pool[stack].remove(k)
                state.production_slots[state.production_slots.index(-1)] = k
                g, cost = self.production_kinds[k]
                events.append(Event("am.setup.production" if first else "am.round.production", key="am.log.production",
                                    goods=f"am.goods.{g}", cost=cost, stack=f"am.stack.{stack}"))
            if not state.draws:
                self._begin_round(state, events)

    def play_automatic(self, state, events):
        step = state.step
        if step == "drop":            # nothing on the phase's storage space: the phase is skipped
            events.append(Event("am.phase.skip", key="am.log.skip.empty", colour=f"am.colour.{COLOURS[state.colour]}"))
            self._next_phase(state, events)
        elif step == "return":
            self._end_phase(state, events)
        elif step == "pirates":
            self._pirates(state, events)
        elif step == "new-round":
            self._new_round(state, events)
        elif step == "final":
            self._final_step(state, events)

    # == the end of the game (遊戲結束) ===================================================================
    def _final_step(self, state, events):
        R = self.numbers
        players = len(state.gold)
        k = state.final_step
        state.final_step += 1
        if k == 0:      # (1) gold: chests and 1x gold tiles become gold; the gold track scores
            for seat in range(players):
                if state.chests[seat]:
                    gold = state.chests[seat] * R.chest_gold
                    state.chests[seat] = 0
                    events.append(Event("am.end.gold", seat=seat, key="am.log.end.chests", gold=gold))
                    self.gain_gold(state, seat, gold, events)
                for t in list(state.progress[seat]):
                    tile = self.progress_tiles[t]
                    if tile.effect == "gold" and t not in state.used[seat]:
                        state.used[seat].append(t)
                        events.append(Event("am.end.gold", seat=seat, key="am.log.end.gold-tile", gold=tile.amount))
                        self.gain_gold(state, seat, tile.amount, events)
                state.vp[seat][GOLD] += state.gold[seat]
                events.append(Event("am.end.gold", seat=seat, key="am.log.end.gold", points=state.gold[seat]))
        elif k == 1:    # (2) goods times production tiles, the printed goods counting as one of each
            for seat in range(players):
                total = 0
                for g in range(len(self.goods_ids)):
                    tiles = 1 + sum(1 for p in state.production[seat] if self.goods_ids.index(self.production_kinds[p][0]) == g)
                    total += state.goods[seat][g] * tiles
                state.vp[seat][GOODS] += total
                events.append(Event("am.end.goods", seat=seat, key="am.log.end.goods", points=total,
                                    goods=sum(state.goods[seat])))
        elif k == 2:    # (3) development, and the E progress tiles
            for seat in range(players):
                points = self.best_number(R.dev_numbers, state.dev[seat])
                state.vp[seat][DEVELOPMENT] += points
                events.append(Event("am.end.development", seat=seat, points=points,
                                    key="am.log.end.development" if points else "am.log.end.development.none"))
                for t in state.progress[seat]:
                    tile = self.progress_tiles[t]
                    if tile.kind != "end":
                        continue
                    if tile.effect == "post-points":
                        points, rule = sum(1 for p in state.post if p == seat), "am.progress.post-points"
                    elif tile.effect == "gold-points":
                        points, rule = state.gold[seat], "am.progress.gold-points"
                    else:
                        points, rule = tile.amount, "am.progress.seven"
                    state.vp[seat][PROGRESS] += points
                    events.append(Event(rule, seat=seat, key="am.log.end.tile", tile=f"am.progress-tile.{t}",
                                        points=points))
        elif k == 3:    # (4) the special-action track
            for seat in range(players):
                points = self.best_number(R.special_numbers, state.spec[seat])
                state.vp[seat][ORDER] += points
                events.append(Event("am.end.order", seat=seat, points=points,
                                    key="am.log.end.order" if points else "am.log.end.order.none"))
        else:
            winners = self.winners(state)
            events.append(Event("am.end.tie", key="am.log.winner", winner=winners[0],
                                totals={str(s): sum(v) for s, v in enumerate(state.vp)},
                                tied=len([s for s in range(players) if sum(state.vp[s]) == sum(state.vp[winners[0]])]) > 1))
            state.over = True
            state.phase = "over"
            state.step = "over"

    def winners(self, state):
        """The most points; a tie goes to the tied player furthest ahead in player order (am.end.tie)."""
        totals = [sum(v) for v in state.vp]
        best = max(totals)
        return [next(s for s in self.turn_order(state) if totals[s] == best)]

    def scores(self, state):
        return {seat: {"total": sum(vp), "parts": dict(zip(PARTS, vp))} for seat, vp in enumerate(state.vp)}

    # == decisions ========================================================================================
    def legal_actions(self, state):
        if state.step != "act" or state.over:
            return []
        seat = state.order[state.turn]
        sub = state.sub
        if sub == "choose":
            out = [self._act_action(c) for c in self.offered_colours(state, seat) if self.can_do(state, seat, c)]
            gold = self._gold_amount(state, seat)
            out.append(self.made(("gold", gold), self._make_gold_action, gold))
            if self.holds(state, seat, "score-cubes"):
                out.append(self.offer("score-cubes", target="score-cubes", points=sum(state.central)))
            return out
        if sub == "launch":
            return [self._launch_action(state, f) for f in range(state.layout.frames)]
        if sub == "move":
            out = []
            spendable = self.spendable(state, seat)
            for k in range(self.numbers.ships):
                out += [self._move_action(state, k, m) for m in self.ship_moves(state, seat, k, spendable)]
                for p in self.post_squares(state, seat, k):
                    name = state.layout.names[p]
                    out.append(self.made(("post", k, name), self._make_post_action, k, name))
            if self.holds(state, seat, "ships") and not state.ships8_used:
                out.append(self.offer("use", args=("ships8",), target="use.ships8", label="am.act.ships8"))
            if not self._stranded(state, seat):
                out.append(self._done())
            return out
        if sub in TRACK_STEPS:
            track, verb, rule = TRACK_STEPS[sub]
            out = [self._track_action(len(state.gold), verb, rule, track, n)
                   for n in self.track_amounts(state, seat, track)]
            if sub == "white":
                colour = self.special_colour(state, seat)
                if self.can_do(state, seat, colour):
                    out.append(self.offer("special", target="special", action=f"am.action.{COLOURS[colour]}"))
                if self.holds(state, seat, "first") and self.turn_order(state)[0] != seat:
                    out.append(self.offer("use", args=("first",), rule="am.progress.first", target="use.first",
                                          label="am.act.first"))
            return out
        if sub == "take":
            out = [self.made(("take", t), self._make_take_action, t) for t in state.display if t]
            out.append(self.made(("take", None), self._make_take_action, None))
            return out
        if sub == "plan":
            out = [self._plan_action(state, seat, s) for s in self.plan_options(state, seat)]
            return out + [self._done()]
        if sub == "build":
            out = [self._lay_action(state, s, q, o) for s, q, o in self.lays(state, seat)]
            return out + [self._done()]
        if sub == "buy":
            out = [self._buy_action(state, slot) for slot in self.buy_options(state, seat)]
            return out + [self._done()]
        return []

    def _track_action(self, players, verb, rule, track, n):
        key = (verb, players, n)
        found = self._action_cache.get(key)
        if found is None:
            found = self._action_cache[key] = self.offer(
                verb, args=(n,), rule=rule if n else "am.gold.track-full", target=f"{verb}.{n}",
                label=None if n else "am.act.track-full", n=n, track=f"am.track.{track}")
        return found

    def _gold_amount(self, state, seat) -> int:
        divisor = 2 if self.holds(state, seat, "gold-half") else self.numbers.gold_divisor
        return -(-sum(state.central) // divisor)

    def _act_action(self, colour):
        found = self._action_cache.get(("act", colour))    # act:* come first: the same number in every table
        if found is None:
            found = self._action_cache[("act", colour)] = self._make_act_action(colour)
        return found

    def _make_act_action(self, colour):
        return self.offer("act", args=(colour,), target=f"act.{COLOURS[colour]}",
                          action=f"am.action.{COLOURS[colour]}")

    # Made once each and offered again whenever they recur (Game.made), like the cached ones above.
    def _make_gold_action(self, gold):
        return self.offer("gold", target="gold", gold=gold)

    def _make_take_action(self, t):
        if t is None:
            return self.offer("take", args=("none",), label="am.act.take-none")
        return self.offer("take", args=(t,), target=f"progress.{t}", tile=f"am.progress-tile.{t}")

    def _launch_action(self, state, f):
        name = state.layout.frame_names[f]
        key = ("launch", name, state.launching)
        return self._made.get(key) or self.made(key, self._make_launch_action, f, name, state.launching)

    def _make_launch_action(self, f, name, launching):
        return self.offer("launch", args=(f,), target=f"pos.{name}", ship=launching + 1, where=f"am.pos.{name}")

    def _move_action(self, state, k, m):
        key = ("move", len(state.gold), k, m)
        found = self._action_cache.get(key)
        if found is None:
            found = self._action_cache[key] = self._make_move_action(state, k, m)
        return found

    def _make_move_action(self, state, k, m):
        name = self.position_name(state, m)
        return self.offer("move", args=(k, name), target=f"move.{k + 1}.{name}", ship=k + 1,
                          where=f"am.pos.{name}")

    def _make_post_action(self, k, name):
        return self.offer("post", args=(k, name), target=f"sq.{name}", ship=k + 1, where=f"am.pos.{name}")

    def _done(self):
        return self._made.get(("done",)) or self.made(("done",), self._make_done_action)

    def _make_done_action(self):
        return self.offer("done", target="done")

    def _plan_action(self, state, seat, s):
        key = ("plan", len(state.gold), s)      # per player count: an action's number is of its table
        found = self._action_cache.get(key)
        if found is None:
            found = self._action_cache[key] = self._make_plan_action(s)
        return found

    def _make_plan_action(self, s):
        shape = self.shape_list[s]
        return self.offer("plan", args=(s,), rule="am.plan.neutral" if shape.kind == "neutral" else "am.plan.village",
                          target=f"plan.{shape.id}", shape=f"am.shape.{shape.id}", cost=shape.cost)

    def _lay_action(self, state, s, q, o):
        key = ("lay", len(state.gold), s, q, o)
        found = self._action_cache.get(key)
        if found is None:
            found = self._action_cache[key] = self._make_lay_action(state, s, q, o)
        return found

    def _make_lay_action(self, state, s, q, o):
        shape = self.shape_list[s]
        name = state.layout.names[q]
        way = self.way_keys[s][o]
        extra = {} if way is None else {"way": way}
        return self.offer("lay", args=(s, name, o), target=f"lay.{shape.id}.{name}.{o}",
                          label="am.act.lay" if way is None else "am.act.lay-way",
                          shape=f"am.shape.{shape.id}", where=f"am.pos.{name}", cost=shape.cost, **extra)

    def _buy_action(self, state, slot):
        k = state.production_slots[slot]
        stack = self.slot_stacks(len(state.gold))[slot]
        return self.made(("buy", k, slot, stack), self._make_buy_action, k, slot, stack)

    def _make_buy_action(self, k, slot, stack):
        g, cost = self.production_kinds[k]
        return self.offer("buy", args=(k, slot), target=f"production.{slot}",
                          goods=f"am.goods.{g}", cost=cost, stack=f"am.stack.{stack}")

    def candidates(self, state):
        from .candidates import candidates
        return candidates(self, state)

    # -- the decisions played here (the others are declared beside their rules, above) ------------------------
    @move("act", "am.phase.turn", label="am.act.choose", phases=("choose",), arg=lambda game, colour: COLOURS[colour])
    def _act(self, state, colour, events):
        seat = state.order[state.turn]
        self._choose(state, seat, colour, events)
        if colour == BLUE and state.sub == "move":
            self._after_move_step(state, seat, events)

    @refuses("act")
    def _why_act(self, state, colour):
        seat = state.order[state.turn]
        name = COLOURS[colour]
        action = f"am.action.{name}"
        if colour not in self.offered_colours(state, seat):
            return "am.phase.result", Text("am.why.act-absent", action=action, colour=f"am.colour.{name}")
        if self.can_do(state, seat, colour):
            return None
        reason = {RED: "am.why.act-red", GREEN: "am.why.act-green", YELLOW: "am.why.act-yellow"}.get(colour)
        return "am.phase.turn", Text(reason or "am.why.act-nothing", action=action)

    @move("special", "am.special.action", phases=("white",))
    def _special_decided(self, state, events):
        seat = state.order[state.turn]
        self._special(state, seat, events)
        if state.sub == "move":
            self._after_move_step(state, seat, events)

    @refuses("special")
    def _why_special(self, state):
        colour = self.special_colour(state, state.order[state.turn])
        if self.can_do(state, state.order[state.turn], colour):
            return None
        return "am.special.action", Text("am.why.special-nothing", action=f"am.action.{COLOURS[colour]}",
                                         colour=f"am.colour.{COLOURS[colour]}")

    @move("use", "am.progress.ships", phases=tuple(USED_IN.values()), arg=lambda game, tile: tile)
    def _use_tile(self, state, tile, events):
        """use:ships8 (8 more action points for the ships) or use:first (the first space of the order)."""
        seat = state.order[state.turn]
        if tile == "ships8":
            self._use_ships8(state, seat, events)
            self._after_move_step(state, seat, events)
        else:
            self._first(state, seat, events)

    @refuses("use")
    def _why_use(self, state, tile):
        """Each tile in its own part of the turn (USED_IN); the 8-ship tile once per action, the player-order
        tile by a player who is not first."""
        if state.sub != USED_IN[tile]:
            return self.not_now(state, "use", (tile,))
        seat = state.order[state.turn]
        if tile == "ships8":
            if self.holds(state, seat, "ships") and not state.ships8_used:
                return None
            if state.ships8_used:
                return "am.progress.kinds", Text("am.why.used", tile="am.progress-tile.ships8")
            return "am.progress.ships", Text("am.why.no-tile", tile="am.progress-tile.ships8")
        if not self.holds(state, seat, "first"):
            return "am.progress.first", Text("am.why.no-tile", tile="am.progress-tile.first")
        if self.turn_order(state)[0] != seat:
            return None
        return "am.progress.first", Text("am.why.first-already")

    @move("done", "am.phase.turn", phases=("move", "plan", "build", "buy"))
    def _done_decided(self, state, events):
        events.append(Event("am.phase.turn", seat=state.order[state.turn], automatic=False, key="am.log.done"))
        self._end_turn(state, events)

    @refuses("done")
    def _why_done(self, state):
        """Planning, building and buying may end at any time; sailing not while two ships share a square."""
        if state.sub != "move" or not self._stranded(state, state.order[state.turn]):
            return None
        return "am.move.occupied", Text("am.why.done-shared")

    def position_index(self, state, name) -> int:
        """The position (a square, or a frame square numbered after the squares) of a square or frame name."""
        return state.layout.position[name]

    # -- why an option is refused: each move's refusal is declared beside it (`@refuses`) ---------------------
    def phase_of(self, state):
        """The pending decision's part of the turn (choose, move, plan, ...): the moves' `phases` name these."""
        return state.sub

    def not_now(self, state, kind, args):
        """A move outside the part of the turn it belongs to: a ship's step while the ships wait for the frame
        (am.move.launch), else the step now (am.phase.turn)."""
        if kind == "move" and state.sub == "launch":
            return "am.move.launch", Text("am.why.move-launch", ship=state.launching + 1)
        return "am.phase.turn", Text("am.why.not-now", now=f"am.sub.{state.sub or 'none'}")

    # == bots, scenarios, view ============================================================================
    def heuristic(self, state, seat):
        """Points now, and what will score later: gold (1 point each at the end), cannons against the next
        pirates, goods times production, planned tiles, the tracks, posts; in the player's own action,
        the points left to use and how near their ships are to an anchor where they could build."""
        R = self.numbers
        value = sum(state.vp[seat]) + self.spendable(state, seat)
        value += 0.8 * min(state.cannons[seat], sum(state.pirates) + 3)
        production = [1] * len(self.goods_ids)
        for k in state.production[seat]:
            production[self.goods_ids.index(self.production_kinds[k][0])] += 1
        value += sum(n * p for n, p in zip(state.goods[seat], production)) + 0.5 * len(state.production[seat])
        value += sum(n * self.shape_list[s].small * 0.7 for s, n in enumerate(state.planned[seat]))
        value += self.best_number(R.dev_numbers, state.dev[seat]) + 0.25 * state.dev[seat] + 1.5 * len(state.progress[seat])
        value += self.best_number(R.special_numbers, state.spec[seat]) + 0.25 * state.spec[seat]
        value += 2 * (R.trading_posts - state.posts_left[seat])
        if state.step == "act" and state.order[state.turn] == seat and state.sub not in ("choose", ""):
            if state.sub in ("launch", "move"):
                for k in range(R.ships):
                    if not state.stopped[k] and state.posts_left[seat]:
                        distance = self._anchor_distance(state, seat, k)
                        reach = state.points - state.moved[k]
                        value += 4 - 0.2 * distance if distance <= reach else -0.3 * distance
            else:
                value += 0.8 * (state.points - state.spent)
        return value

    def _anchor_distance(self, state, seat, k) -> int:
        """Steps from ship k to the nearest anchor where a trading post could still be built (12 at most)."""
        L = state.layout
        start = state.ships[seat][k]
        if start < 0:
            return 3            # a ship not yet launched can start anywhere on the frame
        frontier, seen = [start], {start}
        for d in range(12):
            for p in frontier:
                if p < L.squares and any(state.post[q] < 0 and state.cover[q] < 0 for q in L.posts_of[p]):
                    return d
            nxt = []
            for p in frontier:
                for m in L.moves[p]:
                    if m not in seen:
                        seen.add(m)
                        nxt.append(m)
            frontier = nxt
        return 12

    def scenarios(self):
        from .scenarios import SCENARIOS
        return {name: make(self) for name, make in SCENARIOS.items()}

    def view(self, state, seat):
        from .view import board_view
        return board_view(self, state, seat)
