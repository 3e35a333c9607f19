"""Endeavor: the rules both editions share (Age of Sail, 2018, and Endeavor, 2009).

Read top to bottom like a rulebook: names and levels, the setup both editions
share, the flow of a round, then the phases in order: 1 build, 2 growth,
3 salary, 4 action (its own module, action_phase.py), 5 discard; the end of a
round and final scoring. Each edition is a subclass that says what is its own:
age_of_sail.py (start tiles, board sides, the Silent Fleet...) and
endeavor_2009.py (the printed Colonial House, one level-5 building, routes that
must be open to draw...).

Rule ids are "<edition>.<area>.<rule>" (aos.build.level, e09.build.level): the
code writes a rule's id as Age of Sail has it (as 2009 has it, for a rule of
2009 alone), so that grepping an id finds its code, and `rid` gives the
edition's own id ("aos.build.level" is "e09.build.level" in 2009): each
edition's catalog (data/rules.toml, data/2009/rules.toml) cites its own
rulebook for the same code. Texts work the
same way: an edition may word any text itself ("e09.action.ship.track"), and
uses Age of Sail's words where it does not.
"""

from __future__ import annotations

from functools import partial

from ..core.actions import Action, Event
from ..core.game import Game
from ..core.moves import joined, move, refuses
from ..core.texts import Text, has_text, load_catalog
from . import encoding
from .action_phase import SHIP_RULES, SPACE_RULES, ActionPhase, Turn, building_words, which_of
from .components import (AGE_OF_SAIL, ATTRIBUTES, DATA, Edition, load_board, load_buildings, load_cards, load_mat,
                         load_tokens)
from .scoring import Scoring
from .silent_fleet import SilentFleet
from .state import State

INDUSTRY, CULTURE, WEALTH, INFLUENCE = range(4)
# The rule of each score part, written out so that grepping a rule id finds its code.
SCORING_RULES = {"tracks": "aos.scoring.tracks", "cities": "aos.scoring.cities", "buildings": "aos.scoring.buildings",
                 "cards": "aos.scoring.cards", "governor_slot": "aos.scoring.governor-slot",
                 "discs": "aos.scoring.discs", "slavery": "aos.scoring.slavery"}
EDITION_PREFIXES = ("aos.", "e09.")          # the rule ids' prefixes: Age of Sail's, Endeavor 2009's
FIRST_PHASES = ("build", "growth", "salary")
BACK_TO_PHASES = "order:phase-by-phase"


def _joined(prefix: str, name: str) -> str:
    return prefix + name


class _Names(dict):
    """name -> key, made by `make` the first time a name is asked for."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, name):
        key = self[name] = self.make(name)
        return key


class Endeavor(Game):
    encoding = encoding          # the numbered tables, the observation and the bounds (encoding.py)
    edition: Edition = AGE_OF_SAIL
    editions = ("endeavor-aos", "endeavor-2009")     # the new-game dialog offers both
    governor_on_deck = False        # 2009: the governor lies on top of its region's deck
    discard_pile = True             # Age of Sail: discarded cards go face up to a pile anyone may acquire from
    draw_needs_open_region = False  # 2009: a card is drawn only where the route is open
    slavery_extra = True            # Age of Sail: one slavery card beyond the card limit
    chooses_start = False           # Age of Sail: each player picks a side of their start tile

    def __init__(self):
        super().__init__()
        load_catalog(DATA / "texts.toml")          # Age of Sail's words, which every edition may use
        edition = self.edition
        self.prefix, self.names = edition.prefix, edition.names
        self.buildings = load_buildings(edition=edition)
        self.mat = load_mat(edition=edition)
        self.cards = load_cards(edition=edition)
        self.tokens = load_tokens(edition=edition)
        self.boards = {side: load_board(side, edition=edition) for side, _ in edition.maps}
        self.connections_at = {side: self._connections_by_space(board) for side, board in self.boards.items()}
        self.start_sides = [b.id for b in self.buildings.values() if b.level == 0]
        self.places = tuple(str(i) for i in range(self.mat.coastline_slots))     # "0".."7": the ids' slot numbers
        self.actions = ActionPhase(self)
        self.occupiers = {b.id for b in self.buildings.values() if "occupy" in b.actions}   # for the heuristic
        self.silent = SilentFleet(self, self.actions)
        self.scoring = Scoring(self)
        # == names: rule ids, texts and terms of this edition (tables filled on first use, since the
        # rules ask for the same few names again and again) =====================================
        # rid("aos.build.level") -> "e09.build.level" in 2009: the id of a shared rule in this edition.
        self.rid = _Names(self._edition_id).__getitem__
        # tkey("action.ship.track") -> the edition's own wording if it has one ("e09.action.ship.track"),
        # else Age of Sail's ("aos.action.ship.track"), else the shared one ("act.pass").
        self.tkey = _Names(self._text_key).__getitem__
        # `offer` names an action's rule and label in this edition's words
        self.rule_name, self.label_name = self.rid, self.tkey
        # term("region.europe") -> the key of a name in this edition's words ("e2009.region.europe").
        self.term = _Names(partial(_joined, self.names)).__getitem__

    def _edition_id(self, rule: str) -> str:
        prefix = next((p for p in EDITION_PREFIXES if rule.startswith(p)), None)
        if prefix is None:
            raise ValueError(f"{rule!r}: a rule id is written with an edition's prefix ({', '.join(EDITION_PREFIXES)})")
        return f"{self.prefix}.{rule[len(prefix):]}"

    def _text_key(self, name: str) -> str:
        choices = (f"{self.prefix}.{name}", f"aos.{name}", name)
        return next((k for k in choices if has_text(k)), choices[0])

    def event(self, rule, seat=None, automatic=True, key=None, **params) -> Event:
        """An event of `rule` (an id as the code writes it, see `rid`), worded by `key` (default: the rule's
        own text)."""
        event = Event(self.rid(rule), seat, automatic, self.tkey(key or rule.split(".", 1)[1]))
        event.params = params       # handed over as it is: spreading it into Event again copies it (a few % a move)
        return event

    def say(self, name, **params) -> Text:
        return Text(self.tkey(name), **params)

    def phase_text(self, phase: str) -> Text:
        return Text(self.term(f"phase.{phase}"))

    def round_text(self, round, rounds):
        return self.say("round", round=round, rounds=rounds)     # 2009's rulebook says 回合, Age of Sail's 輪

    def part_text(self, part: str) -> Text:
        return Text(self.term(f"score.{part}"))

    def board(self, state):
        return self.boards[state.options.get("side")]

    def board_for(self, options):
        return self.boards[options.get("side")]

    @staticmethod
    def _connections_by_space(board):
        by_space = {space: [] for space in board.spaces}
        for name, c in board.connections.items():
            by_space[c["a"]].append(name)
            by_space[c["b"]].append(name)
        return by_space

    # == levels (the player mat) ===============================================
    def level(self, player, attribute: int) -> int:
        return self.mat.level(player.attributes[attribute])

    def build_level(self, player):
        return self.level(player, INDUSTRY)

    def growth(self, player):
        return self.growth_at(self.level(player, CULTURE))

    def salary(self, player):
        return self.level(player, WEALTH)

    def card_limit(self, player):
        return self.card_limit_at(self.level(player, INFLUENCE))

    def growth_at(self, level: int) -> int:
        return level + self.mat.growth_bonus

    def card_limit_at(self, level: int) -> int:
        return min(level, self.mat.max_cards)

    def level_values(self) -> dict:
        """What each level of the mat's tracks gives, level 1 first (the board prints them over the tracks):
        build level, growth, salary and card limit."""
        levels = range(1, len(self.mat.thresholds) + 1)
        return {"build": list(levels), "growth": [self.growth_at(k) for k in levels],
                "salary": list(levels), "card_limit": [self.card_limit_at(k) for k in levels]}

    def gain_icons(self, player, seat, icons, events):
        for attribute, count in enumerate(icons):
            if count:
                self.move_track(player, seat, attribute, count, events)

    def lose_icons(self, player, seat, icons, events):
        for attribute, count in enumerate(icons):
            if count:
                self.move_track(player, seat, attribute, -count, events)

    def move_track(self, player, seat, attribute, amount, events):
        """Count the icons of a track; say so when its level changes, or when the cube reaches the
        printed end (Age of Sail goes on with an extender, 2009 stops there: `past_the_end`)."""
        before = player.attributes[attribute]
        after = player.attributes[attribute] = before + amount
        mat = self.mat
        name = self.term(f"attribute.{ATTRIBUTES[attribute]}")
        events.append(self.event("aos.track.icons", key="track.icons" if amount > 0 else "track.icons.lose",
                                 seat=seat, attribute=name, amount=abs(amount), value=mat.shown(after)))
        old_level, new_level = mat.level(before), mat.level(after)
        if old_level != new_level:
            level = ("build", "growth", "salary", "card_limit")[attribute]
            shown = {"build": new_level, "growth": new_level + mat.growth_bonus, "salary": new_level,
                     "card_limit": min(new_level, mat.max_cards)}[level]
            events.append(self.event("aos.track.levels", seat=seat, attribute=name, value=shown,
                                     key="level.changed" if new_level > old_level else "level.dropped",
                                     level=self.term(f"level.{level}")))
        if before <= mat.printed_length < after:
            self.past_the_end(seat, name, after, events)

    def past_the_end(self, seat, attribute, icons, events):
        """A track passes its printed end (Age of Sail: an extender continues it)."""
        events.append(self.event("aos.track.extend", seat=seat, attribute=attribute, value=icons))

    def seat_ref(self, state, seat):
        """How events name a disc's owner: a seat number, or "silent" for the Silent Fleet."""
        return "silent" if seat == state.silent_seat else seat

    # == setup: what both editions lay out the same way =======================
    def setup(self, players, options, seed, events):
        state = State(players, self.mat.discs, seed, options)
        board = self.board_for(options)
        seats = players + 1       # one more column for the Silent Fleet, unused without it
        self.setup_variants(state, players, options, events)
        # The tokens (markers), face up, one on every circle of the board.
        tokens = [kind.id for kind in self.tokens.values() for _ in range(kind.count)]
        state.rng.shuffle(tokens)
        for region, r in board.regions.items():
            state.open[region] = region == "europe"
            state.presence[region] = [0] * seats
            if region != "europe":
                state.track[region] = [None] * r["track"]
                state.track_tokens[region] = [tokens.pop() for _ in range(r["track"])]
                state.sea[region] = [0] * seats
        for space in board.spaces:
            state.owner[space] = None
            state.space_tokens[space] = tokens.pop()
        for name, c in board.connections.items():
            state.connection_tokens[name] = tokens.pop() if c["kind"] == "token" else None
        events.append(self.event("aos.setup.board", side=options.get("side"), players=players))
        events.append(self.event("aos.setup.tokens", side=options.get("side")))
        # The asset decks, highest value at the bottom; the governors apart until a region opens.
        for card in sorted(self.cards.values(), key=lambda c: -c.value):
            if card.governor:
                state.governors[card.deck] = card.id
            else:
                state.decks.setdefault(card.deck, []).append(card.id)
        events.append(self.event("aos.setup.decks", decks=len(state.decks)))
        # The building tray, by type; the level-5 tiles as the edition lays them out.
        for b in self.buildings.values():
            if 1 <= b.level <= 4:
                state.supply[b.id] = b.copies
        self.setup_level5(state, events)
        # The discs in the supply, the four cubes on 0.
        events.append(self.event("aos.setup.discs", discs=self.mat.discs))
        # A random player takes the crown.
        state.crown = state.rng.below(players)
        events.append(self.event("aos.setup.crown", seat=state.crown))
        self.setup_start(state, events)
        return state

    def setup_variants(self, state, players, options, events):
        """What a variant adds before the board is laid out (Age of Sail: the Silent Fleet)."""

    def setup_level5(self, state, events):
        """Every level-5 tile goes in the tray (Age of Sail keeps some face down)."""
        for b in self.buildings.values():
            if b.level == 5:
                state.supply[b.id] = b.copies

    def setup_start(self, state, events):
        """Each edition gives the players their start building, then the first round begins."""
        raise NotImplementedError

    def turn_order(self, state) -> list[int]:
        """The crown holder first, then clockwise."""
        n = len(state.players)
        return [(state.crown + i) % n for i in range(n)]

    # == the flow of a round ===================================================
    def _begin_round(self, state, events):
        state.round += 1
        order = self.turn_order(state)
        steps = self.steps_before_build(state, order)
        if state.phase_order == "experienced":
            steps += [(phase, seat) for seat in order for phase in FIRST_PHASES]
        else:
            steps += [(phase, seat) for phase in FIRST_PHASES for seat in order]
        steps.append(("action", state.crown))
        steps += [("discard", seat) for seat in order]
        state.steps = steps + [("end", None)]
        events.append(self.event("aos.flow.rounds", key="round.begin", round=state.round, crown=state.crown))

    def steps_before_build(self, state, order) -> list:
        """Steps of a round before the build phase (Age of Sail's scarce buildings)."""
        return []

    def _order_request(self, state) -> list[Action]:
        """In the experienced order, whoever decides in the build or salary phase may ask to go back."""
        if state.phase_order != "experienced":
            return []
        return [self.offer("order")]

    @move("order", "aos.flow.phases", arg=lambda game: BACK_TO_PHASES.partition(":")[2])
    def _back_to_phase_order(self, state, events):
        """From now on phase by phase: what is left of the first three phases this round is played
        phase after phase (the decision under way stays first), and so is every later round."""
        state.phase_order = "beginner"
        current, rest = state.steps[0], state.steps[1:]
        seat = current[1]
        first = [step for step in rest if step[0] in FIRST_PHASES]
        first.sort(key=lambda step: FIRST_PHASES.index(step[0]))     # stable: turn order within a phase
        state.steps = [current] + first + [step for step in rest if step[0] not in FIRST_PHASES]
        events.append(self.event("aos.flow.phases", seat=seat, automatic=False, key="flow.back"))

    @refuses("order")
    def _why_order(self, state):
        if state.phase_order != "experienced":
            return self.rid("aos.flow.phases"), self.say("why.order-in-use")
        if state.steps[0][0] in ("build", "salary"):
            return None
        return self.rid("aos.flow.phases"), self.say("why.order-not-now", phase=self.term(f"phase.{state.phase}"))

    def _finish_step(self, state, events):
        state.steps.pop(0)
        state.paid = 0
        state.slot_chosen = False
        if not state.steps:
            self._begin_round(state, events)
        if state.steps[0][0] == "action":
            self._begin_action_phase(state, events)

    def settle(self, state):
        """Cache whose decision is pending; None means the next step is automatic."""
        if state.over:
            state.to_move = None
            return
        if state.pending:
            state.to_move = state.pending[-1][1]
            return
        phase, seat = state.steps[0]
        state.phase = phase
        if phase == "action":
            state.to_move = seat
        elif phase == "build":
            state.to_move = seat if self._buildable(state, state.players[seat]) else None
        elif phase == "salary":
            state.to_move = seat if self._salary_needs_choice(state, state.players[seat]) else None
        elif phase == "discard":
            state.to_move = seat if self._discard_needs_choice(state, state.players[seat]) else None
        else:
            state.to_move = self.decides_other(state, phase, seat)

    def decides_other(self, state, phase, seat):
        """Who decides at an edition's own step (None: the rules resolve it alone, as growth and the end)."""
        return None

    # == decisions =============================================================
    def legal_actions(self, state):
        if state.pending:
            return self._pending_choices(state)
        phase, seat = state.steps[0]
        player = state.players[seat]
        if phase == "build":
            return [self.made(("build", b), self._build_action, b)
                    for b in self._buildable(state, player)] + self._order_request(state)
        if phase == "salary":
            return self._pay_actions(state, seat, player, only_workers=True) + self._order_request(state)
        if phase == "action":
            if state.turn is None:
                return self.actions.turn_choices(state, seat)
            return self.actions.target_choices(state, state.turn)
        if phase == "discard":
            return self._discard_choices(state, seat, player)
        return self.choices_other(state, phase, seat)

    def choices_other(self, state, phase, seat) -> list[Action]:
        """The choices of an edition's own steps (Age of Sail: the start tile, scarce buildings)."""
        return []

    def _build_action(self, b):
        return self.offer("build", args=(b,), target=f"tray.{b}", building=self.term(f"building.{b}"))

    def _pay_actions(self, state, seat, player, only_workers):
        return [self.made(("pay", seat, slot, b, which), self._pay_action, seat, slot, b, which)
                for slot, (b, worker) in enumerate(zip(player.buildings, player.workers))
                if worker or not only_workers for which in [which_of(player.buildings, slot)]]

    def _pay_action(self, seat, slot, b, which=0):
        return self.offer("pay", args=(slot,), target=f"mat.{seat}.slot.{slot}", slot=slot,
                          **building_words(self, "act.pay", b, which))

    def _pending_choices(self, state):
        kind, seat, *data = state.pending[-1]
        if kind == "memorial":
            return self.actions.memorial_choices(state, seat)
        if kind == "silent-pick":
            return self.silent.pick_choices(state, seat, data[0])
        return self.silent.targets(state, data[0], seat)

    def candidates(self, state):
        """What the board shows for the decision, including what is not allowed (with a reason)."""
        if state.pending:
            return self.legal_actions(state)
        phase, seat = state.steps[0]
        player = state.players[seat]
        if phase == "build":
            return [self.offer("build", args=(b,), target=f"tray.{b}", building=self.term(f"building.{b}"))
                    for b, left in state.supply.items() if left] + self._order_request(state)
        if phase == "salary":
            return self._pay_actions(state, seat, player, only_workers=False) + self._order_request(state)
        if phase == "action" and state.turn is not None:
            legal = self.legal_actions(state)
            ids = {a.id for a in legal}
            return legal + [a for a in self.actions.all_targets(state, state.turn) if a.id not in ids]
        if phase == "action" and state.turn is None:
            return ([self.offer("activate", args=(slot,), target=f"mat.{seat}.slot.{slot}",
                                **building_words(self, "act.activate", b, which_of(player.buildings, slot)))
                     for slot, b in enumerate(player.buildings) if self.buildings[b].actions]
                    + [a for a in self.legal_actions(state) if not a.id.startswith("activate:")])
        return self.legal_actions(state)

    def phase_of(self, state):
        """The phase whose step is pending (the moves' `phases` name these)."""
        return state.steps[0][0] if state.steps else None

    # == why a decision is refused: before each move's own refusal (declared beside it), what comes first ======
    def refuse_first(self, state, kind, args):
        """A decision left pending (a Memorial casualty, a Silent Fleet answer) comes before everything else."""
        if not state.pending:
            return None
        pending = state.pending[-1][0]
        if kind == "memorial" and pending == "memorial" or kind == "silent" and pending.startswith("silent"):
            return None
        rule = self.rid("aos.building.memorial" if pending == "memorial" else "aos.variant.silent-fleet")
        return rule, self.say("why.pending", action=self.action_id(kind, *args))

    def not_now(self, state, kind, args):
        return self.rid("aos.flow.phases"), self.say(
            "why.not-this-phase", action=self.action_id(kind, *args), phase=self.term(f"phase.{state.steps[0][0]}"),
            needed=self.term(f"phase.{self.moves[kind].phases[0]}"))

    def _why_empty_place(self, state, kind, slot):
        """A place of the coastline (2009: of the player board) that holds no building yet."""
        player = state.players[state.steps[0][1]]
        if slot < len(player.buildings):
            return None
        rule = {"pay": "aos.salary", "activate": "aos.action.activate", "payment": "aos.action.payment"}[kind]
        return self.rid(rule), self.say("why.empty-place", place=slot + 1)

    def why_not_build(self, state, player, building_id):
        """Why a building of the tray cannot be built now (it is known, and not a start building)."""
        name = self.term(f"building.{building_id}")
        if not state.supply.get(building_id):
            return self.rid("aos.build"), self.say("why.sold-out", building=name)
        return self.rid("aos.build.level"), self.say(
            "why.build-level", building=name, level=self.buildings[building_id].level,
            build_level=self.build_level(player), industry=player.attributes[INDUSTRY])

    def play_automatic(self, state, events):
        phase, seat = state.steps[0]
        if phase == "build":
            events.append(self.event("aos.build", seat=seat, key="build.none"))
            self._finish_step(state, events)
        elif phase == "growth":
            self._grow(state, seat, state.players[seat], events)
        elif phase == "salary":
            self._pay_all(state, seat, state.players[seat], events)
        elif phase == "discard":
            self._discard_done(state, seat, state.players[seat], events)
        elif phase == "end":
            self._end_round(state, events)
        else:
            self.auto_other(state, phase, seat, events)

    def auto_other(self, state, phase, seat, events):
        raise RuntimeError(f"{self.id}: no automatic step for phase {phase!r}")

    # == 1: build ==============================================================
    def _buildable(self, state, player) -> list[str]:
        """Types in the tray at or below the build level, on a coastline with room."""
        if len(player.buildings) >= self.mat.coastline_slots:
            return []
        level = self.build_level(player)
        return [b for b, left in state.supply.items() if left and self.buildings[b].level <= level]

    @move("build", "aos.build", phases=("build",), arg=joined)
    def _build(self, state, building_id, events):
        seat = state.steps[0][1]
        player = state.players[seat]
        state.supply[building_id] -= 1
        player.buildings.append(building_id)
        player.workers.append(0)
        level, build_level = self.buildings[building_id].level, self.build_level(player)
        rule = "aos.build" if level <= build_level else "aos.build.level.next"
        events.append(self.event(rule, seat=seat, automatic=False, key="build", building=self.term(f"building.{building_id}"),
                                 level=level, build_level=build_level))
        self.gain_icons(player, seat, self.buildings[building_id].icons, events)
        self._finish_step(state, events)

    @refuses("build")
    def _why_build(self, state, building_id):
        player = state.players[state.steps[0][1]]
        if building_id in self._buildable(state, player):
            return None
        return self.why_not_build(state, player, building_id)

    # == 2: growth =============================================================
    def _grow(self, state, seat, player, events):
        wanted = self.growth(player)
        taken = min(wanted, player.supply)
        player.supply -= taken
        player.harbor += taken
        if taken < wanted:
            events.append(self.event("aos.growth.short", seat=seat, wanted=wanted, amount=taken))
        else:
            events.append(self.event("aos.growth", seat=seat, amount=taken,
                                     culture=self.mat.shown(player.attributes[CULTURE]), harbor=player.harbor))
        self._finish_step(state, events)

    # == 3: salary =============================================================
    def _salary_needs_choice(self, state, player) -> bool:
        return sum(player.workers) > self.salary(player) - state.paid > 0

    @move("pay", "aos.salary", phases=("salary",), arg=joined)
    def _pay(self, state, slot, events):
        seat = state.steps[0][1]
        player = state.players[seat]
        player.workers[slot] = 0
        player.harbor += 1
        state.paid += 1
        events.append(self.event("aos.salary", key="salary.pay", seat=seat, automatic=False,
                                 building=self.term(f"building.{player.buildings[slot]}"), paid=state.paid,
                                 salary=self.salary(player)))
        if state.paid >= self.salary(player) or not any(player.workers):
            self._finish_step(state, events)

    @refuses("pay")
    def _why_pay(self, state, slot):
        player = state.players[state.steps[0][1]]
        found = self._why_empty_place(state, "pay", slot)
        if found is not None or player.workers[slot]:
            return found
        return self.rid("aos.salary"), self.say("why.no-worker", building=self.term(f"building.{player.buildings[slot]}"))

    def _pay_all(self, state, seat, player, events):
        """With no more workers than the salary allows, all of them are paid: there is nothing to choose."""
        count = sum(player.workers)
        player.workers = [0] * len(player.workers)
        player.harbor += count
        events.append(self.event("aos.salary", seat=seat, key="salary.all" if count else "salary.none",
                                 amount=count, salary=self.salary(player)))
        self._finish_step(state, events)

    # == 4: action: turns here, the actions in action_phase.py ==================
    def _begin_action_phase(self, state, events):
        state.passed = [False] * len(state.players)
        state.turn = None
        events.append(self.event("aos.action.turn", key="action.begin", seat=state.crown))

    # The decisions of the action phase: a turn starts with a worker or a token, or the player passes;
    # then each action of the building (or token) is carried out on its target.
    @move("pass", "aos.action.pass", phases=("action",))
    def _pass(self, state, events):
        seat = state.steps[0][1]
        state.passed[seat] = True
        events.append(self.event("aos.action.pass", seat=seat, automatic=False))
        self._next_actor(state, seat, events)

    @refuses("pass")
    def _why_pass(self, state):
        if state.turn is None:          # offered until the turn's action begins
            return None
        return self.rid("aos.action.turn"), self.say("why.turn-started")

    @move("activate", "aos.action.activate", phases=("action",), arg=joined)
    def _activate(self, state, slot, events):
        seat = state.steps[0][1]
        player = state.players[seat]
        player.harbor -= 1
        player.workers[slot] = 1
        building = self.buildings[player.buildings[slot]]
        state.turn = Turn(seat, building.actions, building.combine, slot=slot)
        key = "action.activate" if len(building.actions) == 1 else \
            f"action.activate.{'both' if building.combine == '+' else 'either'}"
        events.append(self.event("aos.action.activate", seat=seat, automatic=False, key=key,
                                 building=self.term(f"building.{building.id}"),
                                 actions=[self.term(f"action.{a}") for a in building.actions]))

    @refuses("activate")
    def _why_activate(self, state, slot):
        seat = state.steps[0][1]
        found = self._why_empty_place(state, "activate", slot)
        if found is not None:
            return found
        if state.turn is not None:
            return self.rid("aos.action.turn"), self.say("why.turn-started")
        if self.actions.can_activate(state, seat, slot):
            return None
        return self.actions.why_not_activate(state, seat, slot)

    @move("token", "aos.action.token", phases=("action",), arg=joined)
    def _use_token(self, state, token, events):
        seat = state.steps[0][1]
        state.players[seat].action_tokens[token] -= 1
        state.removed_tokens.append(token)      # a spent action token leaves the game
        state.turn = Turn(seat, self.tokens[token].actions, "/", token=token)
        events.append(self.event("aos.action.token", seat=seat, automatic=False, token=self.term(f"token.{token}")))

    @refuses("token")
    def _why_token(self, state, token):
        seat = state.steps[0][1]
        player, name = state.players[seat], self.term(f"token.{token}")
        if not player.action_tokens.get(token):
            return self.rid("aos.token.action"), self.say("why.no-token", token=name)
        if state.turn is not None:
            return self.rid("aos.action.turn"), self.say("why.turn-started")
        if self.actions._any_possible(state, seat, self.tokens[token].actions, player.harbor, {}):
            return None
        return self.rid("aos.action.token"), self.say("why.token-useless", token=name)

    @move("done", "aos.action.combine", phases=("action",))
    def _turn_done(self, state, events):
        self._end_turn(state, state.turn, events)

    @refuses("done")
    def _why_done(self, state):
        turn = state.turn
        if turn is not None and turn.done and turn.combine == "+":      # ends a '+' turn after its first action
            return None
        return self.rid("aos.action.combine"), self.say("why.done-no-turn" if turn is None else "why.done-first")

    @move("ship", "aos.action.ship.track", phases=("action",), arg=joined)
    def _ship(self, state, where, target, events):
        seat, turn = state.steps[0][1], state.turn
        state.players[seat].harbor -= 1
        if where == "track":
            self.actions.ship_to_track(state, seat, target, events)
        elif where == "fleet":
            self.actions.ship_to_fleet(state, seat, target, events)
        else:
            self.actions.ship_to_sea(state, seat, target, events)
        self._action_done(state, seat, turn, "ship", events)

    @refuses("ship")
    def _why_ship(self, state, where, target):
        return self._why_target(state, "ship", (where, target))

    @move("occupy", "aos.action.occupy", phases=("action",), arg=joined)
    def _occupy(self, state, space, events):
        seat, turn = state.steps[0][1], state.turn
        state.players[seat].harbor -= 1
        self.actions.occupy(state, seat, space, events)
        state.last_occupied_region = self.board(state).spaces[space]["region"]
        self._action_done(state, seat, turn, "occupy", events)

    @refuses("occupy")
    def _why_occupy(self, state, space):
        return self._why_target(state, "occupy", (space,))

    @move("attack", "aos.action.attack", phases=("action",), arg=joined)
    def _attack(self, state, space, events):
        seat, turn = state.steps[0][1], state.turn
        self.actions.attack(state, seat, space, events)
        self._action_done(state, seat, turn, "attack", events)

    @refuses("attack")
    def _why_attack(self, state, space):
        return self._why_target(state, "attack", (space,))

    @move("payment", "aos.action.payment", phases=("action",), arg=joined)
    def _payment(self, state, slot, events):
        seat, turn = state.steps[0][1], state.turn
        self.actions.payment(state, seat, slot, events)
        self._action_done(state, seat, turn, "payment", events)

    @refuses("payment")
    def _why_payment(self, state, slot):
        return self._why_empty_place(state, "payment", slot) or self._why_target(state, "payment", (slot,))

    @move("acquire", "aos.action.acquire", phases=("action",), arg=joined)
    def _acquire(self, state, source, events):
        seat, turn = state.steps[0][1], state.turn
        self.actions.acquire(state, seat, source, events)
        self._action_done(state, seat, turn, "acquire", events)

    @refuses("acquire")
    def _why_acquire(self, state, source):
        return self._why_target(state, "acquire", (source,))

    def _why_target(self, state, kind, args):
        """A target of the action under way: a turn must have begun with a building or token offering that
        action, the harbor must hold the discs it needs, then the target's own rules (action_phase.py)."""
        seat, turn = state.steps[0][1], state.turn
        action = self.term(f"action.{kind}")
        if turn is None:
            return self.rid("aos.action.turn"), self.say("why.activate-first", action=action)
        if kind not in turn.remaining():
            return self.rid("aos.action.combine"), self.say("why.not-offered", action=action)
        if any(a.args == args for a in self.actions.targets(state, seat, kind)):
            return None
        harbor = state.players[seat].harbor
        if harbor < {"ship": 1, "occupy": 1, "attack": 2}.get(kind, 0):
            rule = SHIP_RULES.get(args[0], SHIP_RULES["sea"]) if kind == "ship" else SPACE_RULES[kind]
            return self.rid(rule), self.say("why.harbor", action=action, harbor=harbor)
        return self.actions.explain_target(state, seat, kind, *args)

    def _action_done(self, state, seat, turn, action, events):
        """A '+' building may go on to its other action; with nothing more possible the turn ends."""
        turn.done.append(action)
        left = turn.remaining()
        if not any(self.actions.has_target(state, seat, a) for a in left):
            for other in left:      # a '+' building's other action with nothing to take it on: said, not dropped silently
                events.append(self.event("aos.action.combine", key="action.no-target", seat=seat,
                                         action=self.term(f"action.{other}")))
            self._end_turn(state, turn, events)

    def _end_turn(self, state, turn, events):
        state.turn = None
        if state.silent_seat is not None:
            self.silent.after_turn(state, turn, events)
        self._next_actor(state, turn.seat, events)

    def _next_actor(self, state, seat, events):
        """Clockwise to the next player who has not passed; when all have passed the phase ends."""
        n = len(state.players)
        for step in range(1, n + 1):
            following = (seat + step) % n
            if not state.passed[following]:
                state.steps[0] = ("action", following)
                return
        events.append(self.event("aos.action.turn", key="action.end"))
        self._finish_step(state, events)

    # Decisions a step leaves pending (the Memorial's choice, the Silent Fleet's answers): the seat the
    # pending entry names decides.
    @move("memorial", "aos.building.memorial", arg=joined)
    def _memorial(self, state, choice, events):
        _, seat, *_data = state.pending.pop()
        self.actions.memorial(state, seat, choice, events)

    @refuses("memorial")
    def _why_memorial(self, state, choice):
        rule = self.rid("aos.building.memorial")
        if not state.pending or state.pending[-1][0] != "memorial":
            return rule, self.say("why.memorial-not-now")
        if any(a.args == (choice,) for a in self._pending_choices(state)):
            return None
        return rule, self.say("why.memorial-track", attribute=self.term(f"attribute.{choice}"))

    @move("silent", "aos.variant.silent-fleet", arg=joined)
    def _silent_fleet(self, state, kind, arg, events):
        _, seat, *_data = state.pending.pop()
        self.silent.apply(state, seat, kind, arg, events)

    @refuses("silent")
    def _why_silent(self, state, kind, arg):
        rule = self.rid("aos.variant.silent-fleet")
        if not state.pending or not state.pending[-1][0].startswith("silent"):
            return rule, self.say("why.silent-not-now")
        if any(a.args == (kind, arg) for a in self._pending_choices(state)):
            return None
        return rule, self.say("why.silent-place")

    # == 5: discard (the card limit) ===========================================
    def _final_round(self, state) -> bool:
        return state.round >= self.mat.rounds

    def _fits(self, player, slot_card, limit) -> bool:
        """Cards outside the free governor slot within the card limit (Age of Sail: plus one slavery card),
        never more than the mat's maximum."""
        regular = [c for c in player.cards if c != slot_card]
        extra = 1 if self.slavery_extra and any(self.cards[c].slavery for c in regular) else 0
        return len(regular) <= min(self.mat.max_cards, limit + extra)

    def _best_slot(self, player):
        """Outside the last round a governor in the free slot only ever makes room, so one goes there."""
        governors = [c for c in player.cards if self.cards[c].governor]
        if player.governor_slot in governors:
            return player.governor_slot
        return governors[0] if governors else None

    def _discard_needs_choice(self, state, player) -> bool:
        if self._final_round(state) and not state.slot_chosen and any(self.cards[c].governor for c in player.cards):
            return True
        slot = player.governor_slot if state.slot_chosen else self._best_slot(player)
        return not self._fits(player, slot, self.card_limit(player))

    def _discard_choices(self, state, seat, player):
        if self._final_round(state) and not state.slot_chosen and any(self.cards[c].governor for c in player.cards):
            # The last arrangement decides the empty-slot bonus: keep a governor there, or none.
            return [self.offer("slot", args=(c,), target=f"mat.{seat}.card.{c}", card=self.term(f"card.{c}"))
                    for c in player.cards if self.cards[c].governor] + \
                   [self.offer("slot", args=("empty",), rule="aos.scoring.governor-slot",
                               label="act.slot.empty")]
        keep = player.governor_slot if state.slot_chosen else None
        return [self.offer("discard", args=(c,), target=f"mat.{seat}.card.{c}", card=self.term(f"card.{c}"))
                for c in dict.fromkeys(player.cards) if c != keep]

    @move("slot", "aos.discard.governor-slot", phases=("discard",), arg=joined)
    def _choose_governor_slot(self, state, card, events):
        seat = state.steps[0][1]
        player = state.players[seat]
        player.governor_slot = None if card == "empty" else card
        state.slot_chosen = True
        events.append(self.event("aos.discard.governor-slot", seat=seat, automatic=False,
                                 key="discard.slot.empty" if card == "empty" else "discard.slot",
                                 card=None if card == "empty" else self.term(f"card.{card}")))
        self._discard_step_done(state, seat, player, events)

    @refuses("slot")
    def _why_slot(self, state, card):
        return self._why_card(state, "slot", card)

    @move("discard", "aos.discard", phases=("discard",), arg=joined)
    def _discard_decided(self, state, card, events):
        seat = state.steps[0][1]
        player = state.players[seat]
        self._discard(state, seat, player, card, events)
        if not state.slot_chosen:
            player.governor_slot = self._best_slot(player)
        self._discard_step_done(state, seat, player, events)

    @refuses("discard")
    def _why_discard(self, state, card):
        return self._why_card(state, "discard", card)

    def _why_card(self, state, kind, card):
        seat = state.steps[0][1]
        if any(a.kind == kind and a.args == (card,) for a in self._discard_choices(state, seat, state.players[seat])):
            return None
        if card == "empty":
            return self.rid("aos.discard.governor-slot"), self.say("why.slot-not-now")
        return self.rid("aos.discard"), self.say("why.not-held", card=self.term(f"card.{card}"))

    def _discard_step_done(self, state, seat, player, events):
        if not self._discard_needs_choice(state, player):
            self._discard_done(state, seat, player, events)

    def _discard(self, state, seat, player, card_id, events):
        """Slavery cards lie face down (-1 glory), governors leave the game, others go where the edition
        puts them (`discard_to`)."""
        card = self.cards[card_id]
        player.cards.remove(card_id)
        if player.governor_slot == card_id:
            player.governor_slot = None
        self.lose_icons(player, seat, card.icons, events)
        if card.slavery:
            player.slavery_down.append(card_id)
            where = "discard.to-slavery"
        elif card.governor:
            state.removed_cards.append(card_id)
            where = "discard.to-box"
        else:
            where = self.discard_to(state, card_id)
        events.append(self.event("aos.discard", key=where, seat=seat, automatic=False, card=self.term(f"card.{card_id}")))

    def discard_to(self, state, card_id) -> str:
        """Where a discarded asset card goes (Age of Sail: the face-up Europe discard pile); the text key."""
        state.discard.append(card_id)
        return "discard.to-pile"

    def _discard_done(self, state, seat, player, events):
        if not state.slot_chosen:
            player.governor_slot = self._best_slot(player)
        regular = [c for c in player.cards if c != player.governor_slot]
        extra = self.slavery_extra and any(self.cards[c].slavery for c in regular) \
            and len(regular) > self.card_limit(player)
        key = "discard.kept" + (".slot" if player.governor_slot else "") + (".extra" if extra else "")
        events.append(self.event("aos.discard.limit", key=key, seat=seat, cards=len(regular),
                                 limit=self.card_limit(player),
                                 card=self.term(f"card.{player.governor_slot}") if player.governor_slot else None))
        self._finish_step(state, events)

    # == end of round ==========================================================
    def _end_round(self, state, events):
        state.steps.pop(0)
        if self._final_round(state):
            state.over = True
            state.phase = "over"
            scores = self.scores(state)
            for seat, score in scores.items():
                hall = self.scoring.city_hall(state.players[seat])
                if hall:
                    events.append(self.event("aos.scoring.city-hall", seat=seat, points=hall))
                for part, points in score["parts"].items():
                    # a part that costs points (slavery) is said as a loss: "loses 2", 扣2分, never "scores -2"
                    events.append(self.event(SCORING_RULES[part], key="scoring.part" if points >= 0 else
                                             "scoring.part-lost", seat=seat, part=self.term(f"score.{part}"),
                                             points=abs(points)))
            winners = self.winners(state)
            events.append(self.event("aos.scoring", key="game.end", winners=winners,
                                     totals={str(s): v["total"] for s, v in scores.items()}))
            return
        state.crown = (state.crown + 1) % len(state.players)
        events.append(self.event("aos.round.end", key="round.crown", seat=state.crown, round=state.round))
        self._begin_round(state, events)

    # == final scoring (scoring.py) ============================================
    def scores(self, state):
        return self.scoring.scores(state)

    def city_glory(self, state, board, seat) -> int:
        return self.scoring.cities(state, board, seat)

    def heuristic(self, state, seat):
        """Glory now, plus what tends to become glory (the greedy bot's measure, and the search bot's at its
        leaves; the weights were measured in bot games, see README "Bots"):
        - levels: each level of a track means a bigger build, more discs, salary or cards from now on;
        - industry again, while rounds remain: the build level decides which buildings are still to come;
        - buildings that occupy: cities are glory that stays, and held pairs add connections;
        - discs at work on the map (presence opens decks and governors), discs in the harbor, tokens;
        - having passed while others act: the rest of the phase is given up."""
        player = state.players[seat]
        mat = self.mat
        rounds_left = max(0, mat.rounds - state.round) / mat.rounds
        levels = sum(mat.level(v) for v in player.attributes)
        industry = mat.level(player.attributes[INDUSTRY])
        occupiers = sum(1 for b in player.buildings if b in self.occupiers)
        on_map = sum(counts[seat] for counts in state.presence.values())
        tokens = sum(player.action_tokens.values())
        passed = 1 if state.passed and state.passed[seat] and state.phase == "action" else 0
        return (self.scoring.total(state, seat) + 1.5 * levels + 3 * industry * rounds_left + 4 * occupiers
                + 0.6 * on_map + 0.25 * player.harbor + 0.8 * tokens - 1.5 * passed)

    # == what the board shows ==================================================
    def view(self, state, seat):
        from .view import board_view
        return board_view(self, state, seat)
