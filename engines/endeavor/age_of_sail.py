"""Endeavor: Age of Sail (2018), rulebook 000_98ba3dcda373bef6.txt.

Read top to bottom like the rulebook: options and setup, the flow of a round,
then the phases in order: 1 build, 2 growth, 3 salary, 4 action (its own
module, action_phase.py), 5 discard; the end of a round and final scoring.
The two-player Silent Fleet variant lives in silent_fleet.py. Rule ids
(aos.*) tie each step to its entry in data/rules.toml, which cites the
rulebook section.
"""

from __future__ import annotations

from ..core.actions import Action, Event
from ..core.game import Game, Option
from ..core.texts import Text
from .action_phase import ActionPhase, Turn
from . import encoding
from .components import (ATTRIBUTES, DATA, REGIONS, load_board, load_buildings, load_cards, load_mat,
                         load_tokens)
from .silent_fleet import SilentFleet
from .state import State

INDUSTRY, CULTURE, WEALTH, INFLUENCE = range(4)
SILENT_OPTIONS = ("sf_restricted_occupy", "sf_no_token_reaction", "sf_scarce_buildings")
SILENT_RULES = {"sf_restricted_occupy": "aos.variant.sf-restricted-occupy",
                "sf_no_token_reaction": "aos.variant.sf-no-token-reaction", "sf_scarce_buildings": "aos.variant.scarce"}
SCORE_RULES = {"tracks": "aos.scoring.tracks", "cities": "aos.scoring.cities", "buildings": "aos.scoring.buildings",
               "cards": "aos.scoring.cards", "governor_slot": "aos.scoring.governor-slot",
               "discs": "aos.scoring.discs", "slavery": "aos.scoring.slavery"}


class AgeOfSail(Game):
    id = "endeavor-aos"
    min_players, max_players = 2, 5
    data_dir = DATA

    def __init__(self):
        super().__init__()
        self.buildings = load_buildings()
        self.mat = load_mat()
        self.cards = load_cards()
        self.tokens = load_tokens()
        self.boards = {side: load_board(side) for side in ("A", "B")}
        self.connections_at = {side: self._connections_by_space(board) for side, board in self.boards.items()}
        self.start_sides = [b.id for b in self.buildings.values() if b.level == 0]
        self.actions = ActionPhase(self)
        self.silent = SilentFleet(self, self.actions)
        self.encoder = encoding.Encoder(self)

    # == for search and learning (encoding.py): numbered actions, observations, bounds ==
    def action_ids(self, players, options):
        return encoding.action_ids(self, players, options)

    def never_legal_ids(self, players, options):
        return encoding.never_legal_ids(self, players, options)

    def observation_layout(self, players, options):
        return encoding.observation_layout(self, players, options)

    def observe(self, state, seat):
        return self.encoder.observe(state, seat)

    def bounds(self, players, options):
        return encoding.bounds(self, players, options)

    @staticmethod
    def _connections_by_space(board):
        by_space = {space: [] for space in board.spaces}
        for name, c in board.connections.items():
            by_space[c["a"]].append(name)
            by_space[c["b"]].append(name)
        return by_space

    # == options (配件, 前三個階段, 沉默的艦隊) ==================================
    def options(self, players):
        # Side A suits 2-3 players and a fierce 4-player game, side B a calmer 4 or 5; the
        # Silent Fleet may use either side.
        sides = {2: ("A", "B"), 3: ("A",), 4: ("A", "B"), 5: ("B",)}[players]
        options = [Option("side", sides, "B" if players == 5 else "A"),
                   Option("phase_order", ("beginner", "experienced"), "beginner")]
        if players == 2:
            options.append(Option("silent_fleet", (False, True), False))
            options += [Option(name, (False, True), False) for name in SILENT_OPTIONS]
        return options

    def check_options(self, players, options):
        if players == 2 and not options["silent_fleet"]:
            if options["side"] == "B":
                raise ValueError(f"{self.id}: side B is for 4 or 5 players, or 2 with the Silent Fleet")
            on = [name for name in SILENT_OPTIONS if options[name]]
            if on:
                raise ValueError(f"{self.id}: option '{on[0]}' is an optional rule of the Silent Fleet")

    # == levels (player mat) ==================================================
    def level(self, player, attribute: int) -> int:
        return self.mat.level(player.attributes[attribute])

    def build_level(self, player):
        return self.level(player, INDUSTRY)

    def growth(self, player):
        return self.level(player, CULTURE) + self.mat.growth_bonus

    def salary(self, player):
        return self.level(player, WEALTH)

    def card_limit(self, player):
        return min(self.level(player, INFLUENCE), self.mat.max_cards)

    def gain_icons(self, player, seat, icons, events):
        for attribute, count in enumerate(icons):
            if count:
                self.move_track(player, seat, attribute, count, events)

    def lose_icons(self, player, seat, icons, events):
        for attribute, count in enumerate(icons):
            if count:
                self.move_track(player, seat, attribute, -count, events)

    def move_track(self, player, seat, attribute, amount, events):
        """Move a cube; say so when its level changes, or when it passes the printed end of the track."""
        before = player.attributes[attribute]
        after = player.attributes[attribute] = before + amount
        name = f"attribute.{ATTRIBUTES[attribute]}"
        events.append(Event("aos.track.icons", key="aos.track.icons" if amount > 0 else "aos.track.icons.lose",
                            seat=seat, attribute=name, amount=abs(amount), value=after))
        old_level, new_level = self.mat.level(before), self.mat.level(after)
        if old_level != new_level:
            level = ("build", "growth", "salary", "card_limit")[attribute]
            shown = {"build": new_level, "growth": new_level + self.mat.growth_bonus, "salary": new_level,
                     "card_limit": min(new_level, self.mat.max_cards)}[level]
            key = "aos.level.changed" if new_level > old_level else "aos.level.dropped"
            events.append(Event("aos.track.levels", seat=seat, key=key, attribute=name,
                                level=f"level.{level}", value=shown))
        if before <= self.mat.printed_length < after:
            events.append(Event("aos.track.extend", seat=seat, attribute=name, value=after))

    def seat_ref(self, state, seat):
        """How events name a disc's owner: a seat number, or "silent" for the Silent Fleet."""
        return "silent" if seat == state.silent_seat else seat

    # == setup (初始設置) ======================================================
    def setup(self, players, options, seed, events):
        state = State(players, self.mat.discs, seed, options)
        board = self.boards[options["side"]]
        if options.get("silent_fleet"):
            state.silent_seat = players
            state.silent_supply = self.mat.discs
            events.append(Event("aos.variant.silent-fleet", key="aos.silent.setup"))
            for name, rule in SILENT_RULES.items():
                if options[name]:
                    events.append(Event(rule, key=f"aos.silent.{name}"))
        seats = players + 1       # one more column for the Silent Fleet, unused without it
        # B: the 95 trade tokens, face up, one on every circular space.
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
        events.append(Event("aos.setup.board", side=options["side"], players=players))
        events.append(Event("aos.setup.tokens", side=options["side"]))
        # C, D: the asset decks stacked 5 (bottom) to 1 or 0 (top); the governors beside the board.
        for card in sorted(self.cards.values(), key=lambda c: -c.value):
            if card.governor:
                state.governors[card.deck] = card.id
            else:
                state.decks.setdefault(card.deck, []).append(card.id)
        events.append(Event("aos.setup.decks", decks=len(state.decks)))
        # E: the tray holds every type of levels 1-4; of the 7 level-5 tiles, 4 stay face down.
        for b in self.buildings.values():
            if 1 <= b.level <= 4:
                state.supply[b.id] = b.copies
        level5 = [b.id for b in self.buildings.values() if b.level == 5]
        state.rng.shuffle(level5)
        in_play = self.mat.level5_in_play
        state.level5_face_down = sorted(level5[in_play:])
        for building in level5[:in_play]:
            state.supply[building] = 1
        events.append(Event("aos.setup.level5", buildings=[f"building.{b}" for b in sorted(level5[:in_play])]))
        # F: each player's 35 discs in the supply, the four cubes on 0.
        events.append(Event("aos.setup.discs", discs=self.mat.discs))
        # G: a random player takes the crown.
        state.crown = state.rng.below(players)
        events.append(Event("aos.setup.crown", seat=state.crown))
        # H: in crown order, each player picks a side of their start tile.
        state.phase = "start"
        state.steps = [("start", seat) for seat in self.turn_order(state)]
        self._settle(state)
        return state

    def turn_order(self, state) -> list[int]:
        """The crown holder first, then clockwise (遊戲流程)."""
        n = len(state.players)
        return [(state.crown + i) % n for i in range(n)]

    # == the flow of a round ==================================================
    def _begin_round(self, state, events):
        state.round += 1
        order = self.turn_order(state)
        steps = []
        if state.options.get("sf_scarce_buildings"):
            steps.append(("scarce", order[1]))         # the player without the crown
        if state.options["phase_order"] == "experienced":
            steps += [(phase, seat) for seat in order for phase in ("build", "growth", "salary")]
        else:
            steps += [(phase, seat) for phase in ("build", "growth", "salary") for seat in order]
        steps.append(("action", state.crown))
        steps += [("discard", seat) for seat in order]
        state.steps = steps + [("end", None)]
        events.append(Event("aos.flow.rounds", key="aos.round.begin", round=state.round, crown=state.crown))

    def _finish_step(self, state, events):
        state.steps.pop(0)
        state.paid = 0
        state.slot_chosen = False
        if not state.steps:
            self._begin_round(state, events)
        if state.steps[0][0] == "action":
            self._begin_action_phase(state, events)
        self._settle(state)

    def _settle(self, state):
        """Cache whose decision is pending; None means the next step is automatic."""
        if state.over:
            state.to_move = None
            return
        if state.pending:
            state.to_move = state.pending[-1][1]
            return
        phase, seat = state.steps[0]
        state.phase = phase
        player = state.players[seat] if seat is not None else None
        if phase in ("start", "action"):
            state.to_move = seat
        elif phase == "build":
            state.to_move = seat if self._buildable(state, player) else None
        elif phase == "salary":
            state.to_move = seat if self._salary_needs_choice(state, player) else None
        elif phase == "scarce":
            state.to_move = seat if self.silent.scarce_choices(state, seat) else None
        elif phase == "discard":
            state.to_move = seat if self._discard_needs_choice(state, player) else None
        else:
            state.to_move = None

    def to_move(self, state):
        return state.to_move

    # == decisions ============================================================
    def legal_actions(self, state):
        if state.pending:
            return self._pending_choices(state)
        phase, seat = state.steps[0]
        player = state.players[seat]
        if phase == "start":
            return [Action(f"start:{side}", "aos.setup.start-tile", target=f"start.{side}", building=f"building.{side}")
                    for side in self.start_sides]
        if phase == "build":
            return [Action(f"build:{b}", "aos.build", target=f"tray.{b}", building=f"building.{b}")
                    for b in self._buildable(state, player)]
        if phase == "salary":
            return [Action(f"pay:{slot}", "aos.salary", target=f"mat.{seat}.slot.{slot}",
                           building=f"building.{player.buildings[slot]}", slot=slot)
                    for slot, worker in enumerate(player.workers) if worker]
        if phase == "action":
            if state.turn is None:
                return self.actions.turn_choices(state, seat)
            return self.actions.target_choices(state, state.turn)
        if phase == "discard":
            return self._discard_choices(state, seat, player)
        if phase == "scarce":
            return self.silent.scarce_choices(state, seat)
        return []

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
            return [Action(f"build:{b}", "aos.build", target=f"tray.{b}", building=f"building.{b}")
                    for b, left in state.supply.items() if left]
        if phase == "salary":
            return [Action(f"pay:{slot}", "aos.salary", target=f"mat.{seat}.slot.{slot}",
                           building=f"building.{b}", slot=slot) for slot, b in enumerate(player.buildings)]
        if phase == "action" and state.turn is not None:
            legal = self.legal_actions(state)
            ids = {a.id for a in legal}
            return legal + [a for a in self.actions.all_targets(state, state.turn) if a.id not in ids]
        if phase == "action" and state.turn is None:
            return ([Action(f"activate:{slot}", "aos.action.activate", target=f"mat.{seat}.slot.{slot}",
                            building=f"building.{b}") for slot, b in enumerate(player.buildings)
                     if self.buildings[b].actions] + [a for a in self.legal_actions(state)
                                                      if not a.id.startswith("activate:")])
        return self.legal_actions(state)

    def explain(self, state, action_id):
        kind, _, arg = action_id.partition(":")
        unknown = ("core.action.unknown", Text("core.action.unknown", action=action_id))
        if state.pending:
            pending, who = state.pending[-1][0], state.pending[-1][1]
            if kind == "memorial" and pending == "memorial":
                return "aos.building.memorial", Text("aos.why.memorial-track", attribute=f"attribute.{arg}")
            if kind == "silent" and pending.startswith("silent"):
                return "aos.variant.silent-fleet", Text("aos.why.silent-place")
            return "core.action.not-now", Text("aos.why.pending", action=action_id)
        if kind in ("memorial", "silent"):
            return "core.action.not-now", Text("core.action.not-now", action=action_id)
        phase, seat = state.steps[0]
        player = state.players[seat]
        wanted = {"start": "start", "build": "build", "pay": "salary", "scarce": "scarce", "slot": "discard",
                  "discard": "discard", "activate": "action", "token": "action", "pass": "action",
                  "ship": "action", "occupy": "action", "attack": "action", "payment": "action",
                  "acquire": "action", "done": "action"}.get(kind)
        if wanted is None:
            return unknown
        if wanted != phase:
            return "aos.flow.phases", Text("aos.why.not-this-phase", action=action_id,
                                           phase=f"phase.{phase}", needed=f"phase.{wanted}")
        if kind == "start" or (kind in ("discard", "slot") and arg not in self.cards and arg != "empty"):
            return unknown      # every real start side is legal in its phase; unknown cards are no action
        if kind in ("discard", "slot") and arg == "empty":
            return "aos.discard.governor-slot", Text("aos.why.slot-not-now")
        if kind in ("discard", "slot"):
            return "aos.discard", Text("aos.why.not-held", card=f"card.{arg}")
        if kind == "build":
            if arg not in self.buildings or self.buildings[arg].level == 0:
                return unknown
            if arg in state.level5_face_down:
                return "aos.setup.level5", Text("aos.why.face-down", building=f"building.{arg}")
            if not state.supply.get(arg):
                return "aos.build", Text("aos.why.sold-out", building=f"building.{arg}")
            return "aos.build.level", Text(
                "aos.why.build-level", building=f"building.{arg}", level=self.buildings[arg].level,
                build_level=self.build_level(player), industry=player.attributes[INDUSTRY])
        if kind == "pay":
            if arg not in [str(i) for i in range(len(player.buildings))]:
                return unknown
            return "aos.salary", Text("aos.why.no-worker", building=f"building.{player.buildings[int(arg)]}")
        if kind == "token":
            if arg not in self.tokens or self.tokens[arg].attribute is not None:
                return unknown
            if not player.action_tokens.get(arg):
                return "aos.token.action", Text("aos.why.no-token", token=f"token.{arg}")
            if state.turn is not None:
                return "aos.action.turn", Text("aos.why.turn-started")
            return "aos.action.token", Text("aos.why.token-useless", token=f"token.{arg}")
        if kind == "activate":
            if arg not in [str(i) for i in range(len(player.buildings))]:
                return unknown
            if state.turn is not None:
                return "aos.action.turn", Text("aos.why.turn-started")
            return self.actions.why_not_activate(state, seat, int(arg))
        if kind in ("ship", "occupy", "attack", "payment", "acquire"):
            if state.turn is None:
                return "aos.action.turn", Text("aos.why.activate-first", action=f"action.{kind}")
            if kind not in state.turn.remaining():
                return "aos.action.combine", Text("aos.why.not-offered", action=f"action.{kind}")
            if player.harbor < {"ship": 1, "occupy": 1, "attack": 2}.get(kind, 0):
                return f"aos.action.{kind}", Text("aos.why.harbor", action=f"action.{kind}", harbor=player.harbor)
            return self.actions.explain_target(state, seat, kind, arg) or unknown
        return "core.action.not-now", Text("core.action.not-now", action=action_id)

    def apply(self, state, action, events):
        kind, _, arg = action.id.partition(":")
        if state.pending:
            self._resolve_pending(state, kind, arg, events)
        else:
            seat = state.steps[0][1]
            player = state.players[seat]
            if kind == "start":
                self._take_start_tile(state, seat, player, arg, events)
            elif kind == "build":
                self._build(state, seat, player, arg, events)
            elif kind == "pay":
                self._pay(state, seat, player, int(arg), events)
            elif kind == "scarce":
                self.silent.scarce(state, seat, arg, events)
                self._finish_step(state, events)
            elif kind in ("slot", "discard"):
                self._discard_decision(state, seat, player, kind, arg, events)
            else:
                self._action_phase_decision(state, seat, kind, arg, events)
        self._settle(state)

    def auto_step(self, state, events):
        phase, seat = state.steps[0]
        if phase == "build":
            events.append(Event("aos.build", seat=seat, key="aos.build.none"))
            self._finish_step(state, events)
        elif phase == "growth":
            self._grow(state, seat, state.players[seat], events)
        elif phase == "salary":
            self._pay_all(state, seat, state.players[seat], events)
        elif phase == "scarce":
            events.append(Event("aos.variant.scarce", key="aos.scarce.none", seat=seat))
            self._finish_step(state, events)
        elif phase == "discard":
            self._discard_done(state, seat, state.players[seat], events)
        elif phase == "end":
            self._end_round(state, events)
        self._settle(state)

    # == H: the start tile ====================================================
    def _take_start_tile(self, state, seat, player, side, events):
        player.buildings.append(side)
        player.workers.append(self.mat.start_on_building)
        player.supply -= self.mat.start_on_building
        events.append(Event("aos.setup.start-tile", seat=seat, automatic=False, building=f"building.{side}"))
        self.gain_icons(player, seat, self.buildings[side].icons, events)
        state.steps.pop(0)
        if not state.steps:
            self._begin_round(state, events)

    # == 1: build (建造階段) ===================================================
    def _buildable(self, state, player) -> list[str]:
        """Types in the tray at or below the build level; if there are none, the next level up is allowed."""
        if len(player.buildings) >= self.mat.coastline_slots:
            return []
        level = self.build_level(player)
        available = [b for b, left in state.supply.items() if left]
        allowed = [b for b in available if self.buildings[b].level <= level]
        if not allowed:   # aos.build.level.next
            allowed = [b for b in available if self.buildings[b].level <= level + 1]
        return allowed

    def _build(self, state, seat, player, building_id, events):
        state.supply[building_id] -= 1
        player.buildings.append(building_id)
        player.workers.append(0)
        level, build_level = self.buildings[building_id].level, self.build_level(player)
        rule = "aos.build" if level <= build_level else "aos.build.level.next"
        events.append(Event(rule, seat=seat, automatic=False, key="aos.build", building=f"building.{building_id}",
                            level=level, build_level=build_level))
        self.gain_icons(player, seat, self.buildings[building_id].icons, events)
        self._finish_step(state, events)

    # == 2: growth (增長階段) ==================================================
    def _grow(self, state, seat, player, events):
        wanted = self.growth(player)
        taken = min(wanted, player.supply)
        player.supply -= taken
        player.harbor += taken
        if taken < wanted:
            events.append(Event("aos.growth.short", seat=seat, wanted=wanted, amount=taken))
        else:
            events.append(Event("aos.growth", seat=seat, amount=taken,
                                culture=player.attributes[CULTURE], harbor=player.harbor))
        self._finish_step(state, events)

    # == 3: salary (薪水階段) ==================================================
    def _salary_needs_choice(self, state, player) -> bool:
        return sum(player.workers) > self.salary(player) - state.paid > 0

    def _pay(self, state, seat, player, slot, events):
        player.workers[slot] = 0
        player.harbor += 1
        state.paid += 1
        events.append(Event("aos.salary", key="aos.salary.pay", seat=seat, automatic=False,
                            building=f"building.{player.buildings[slot]}", paid=state.paid,
                            salary=self.salary(player)))
        if state.paid >= self.salary(player) or not any(player.workers):
            self._finish_step(state, events)

    def _pay_all(self, state, seat, player, events):
        """With no more workers than the salary allows, all of them are paid: there is nothing to choose."""
        count = sum(player.workers)
        player.workers = [0] * len(player.workers)
        player.harbor += count
        events.append(Event("aos.salary", seat=seat, key="aos.salary.all" if count else "aos.salary.none",
                            amount=count, salary=self.salary(player)))
        self._finish_step(state, events)

    # == 4: action (行動階段): turns here, the actions in action_phase.py ======
    def _begin_action_phase(self, state, events):
        state.passed = [False] * len(state.players)
        state.turn = None
        events.append(Event("aos.action.turn", key="aos.action.begin", seat=state.crown))

    def _action_phase_decision(self, state, seat, kind, arg, events):
        actions = self.actions
        if kind == "pass":
            state.passed[seat] = True
            events.append(Event("aos.action.pass", seat=seat, automatic=False))
            self._next_actor(state, seat, events)
            return
        if kind == "activate":
            slot = int(arg)
            player = state.players[seat]
            player.harbor -= 1
            player.workers[slot] = 1
            building = self.buildings[player.buildings[slot]]
            state.turn = Turn(seat, building.actions, building.combine, slot=slot)
            events.append(Event("aos.action.activate", seat=seat, automatic=False,
                                key="aos.action.activate" if len(building.actions) == 1 else
                                f"aos.action.activate.{'both' if building.combine == '+' else 'either'}",
                                building=f"building.{building.id}", actions=[f"action.{a}" for a in building.actions]))
            return
        if kind == "token":
            state.players[seat].action_tokens[arg] -= 1
            state.removed_tokens.append(arg)      # a spent action token leaves the game
            state.turn = Turn(seat, self.tokens[arg].actions, "/", token=arg)
            events.append(Event("aos.action.token", seat=seat, automatic=False, token=f"token.{arg}"))
            return
        turn = state.turn
        if kind == "done":
            self._end_turn(state, turn, events)
            return
        if kind == "ship":
            where, _, target = arg.partition(":")
            if where == "track":
                state.players[seat].harbor -= 1
                actions.ship_to_track(state, seat, target, events)
            elif where == "fleet":
                state.players[seat].harbor -= 1
                actions.ship_to_fleet(state, seat, target, events)
            else:
                state.players[seat].harbor -= 1
                actions.ship_to_sea(state, seat, target, events)
        elif kind == "occupy":
            state.players[seat].harbor -= 1
            actions.occupy(state, seat, arg, events)
            state.last_occupied_region = self.boards[state.options["side"]].spaces[arg]["region"]
        elif kind == "attack":
            actions.attack(state, seat, arg, events)
        elif kind == "payment":
            actions.payment(state, seat, int(arg), events)
        elif kind == "acquire":
            actions.acquire(state, seat, arg, events)
        turn.done.append(kind)
        # A '+' building may go on to its other action; with nothing more possible the turn ends.
        if not any(actions.has_target(state, seat, a) for a in turn.remaining()):
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
        events.append(Event("aos.action.turn", key="aos.action.end"))
        self._finish_step(state, events)

    def _resolve_pending(self, state, kind, arg, events):
        _, seat, *data = state.pending.pop()
        if kind == "memorial":
            self.actions.memorial(state, seat, arg, events)
        else:
            self.silent.apply(state, seat, arg, events)

    # == 5: discard (棄牌階段) =================================================
    def _final_round(self, state) -> bool:
        return state.round >= self.mat.rounds

    def _fits(self, player, slot_card, limit) -> bool:
        """Cards outside the free governor slot within the card limit, plus one extra slavery card, at most 5."""
        regular = [c for c in player.cards if c != slot_card]
        extra = 1 if any(self.cards[c].slavery for c in regular) else 0
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
            return [Action(f"slot:{c}", "aos.discard.governor-slot", target=f"mat.{seat}.card.{c}",
                           label_key="act.slot", card=f"card.{c}") for c in player.cards if self.cards[c].governor] + \
                   [Action("slot:empty", "aos.scoring.governor-slot", label_key="act.slot.empty")]
        keep = player.governor_slot if state.slot_chosen else None
        return [Action(f"discard:{c}", "aos.discard", target=f"mat.{seat}.card.{c}", card=f"card.{c}")
                for c in dict.fromkeys(player.cards) if c != keep]

    def _discard_decision(self, state, seat, player, kind, arg, events):
        if kind == "slot":
            player.governor_slot = None if arg == "empty" else arg
            state.slot_chosen = True
            events.append(Event("aos.discard.governor-slot", seat=seat, automatic=False,
                                key="aos.discard.slot.empty" if arg == "empty" else "aos.discard.slot",
                                card=None if arg == "empty" else f"card.{arg}"))
        else:
            self._discard(state, seat, player, arg, events)
            if not state.slot_chosen:
                player.governor_slot = self._best_slot(player)
        if not self._discard_needs_choice(state, player):
            self._discard_done(state, seat, player, events)

    def _discard(self, state, seat, player, card_id, events):
        """Slavery cards lie face down (-1 glory), governors leave the game, others go to the Europe discard pile."""
        card = self.cards[card_id]
        player.cards.remove(card_id)
        if player.governor_slot == card_id:
            player.governor_slot = None
        self.lose_icons(player, seat, card.icons, events)
        if card.slavery:
            player.slavery_down.append(card_id)
            where = "aos.discard.to-slavery"
        elif card.governor:
            state.removed_cards.append(card_id)
            where = "aos.discard.to-box"
        else:
            state.discard.append(card_id)
            where = "aos.discard.to-pile"
        events.append(Event("aos.discard", key=where, seat=seat, automatic=False, card=f"card.{card_id}"))

    def _discard_done(self, state, seat, player, events):
        if not state.slot_chosen:
            player.governor_slot = self._best_slot(player)
        regular = [c for c in player.cards if c != player.governor_slot]
        extra = any(self.cards[c].slavery for c in regular) and len(regular) > self.card_limit(player)
        key = "aos.discard.kept" + (".slot" if player.governor_slot else "") + (".extra" if extra else "")
        events.append(Event("aos.discard.limit", key=key, seat=seat, cards=len(regular), limit=self.card_limit(player),
                            card=f"card.{player.governor_slot}" if player.governor_slot else None))
        self._finish_step(state, events)

    # == end of round (回合結束) ===============================================
    def _end_round(self, state, events):
        state.steps.pop(0)
        if self._final_round(state):
            state.over = True
            state.phase = "over"
            scores = self.scores(state)
            for seat, score in scores.items():
                hall = self._city_hall_glory(state.players[seat])
                if hall:
                    events.append(Event("aos.scoring.city-hall", seat=seat, points=hall))
                for part, points in score["parts"].items():
                    events.append(Event(SCORE_RULES[part], key="aos.scoring.part", seat=seat,
                                        part=f"score.{part}", points=points))
            best = max(s["total"] for s in scores.values())
            events.append(Event("aos.scoring", key="aos.game.end", winners=[s for s, v in scores.items()
                                                                            if v["total"] == best],
                                totals={str(s): v["total"] for s, v in scores.items()}))
            return
        state.crown = (state.crown + 1) % len(state.players)
        events.append(Event("aos.round.end", key="aos.round.crown", seat=state.crown, round=state.round))
        self._begin_round(state, events)

    # == final scoring (遊戲結束以及最終算分) ==================================
    def scores(self, state):
        board = self.boards[state.options["side"]]
        result = {}
        for seat, player in enumerate(state.players):
            parts = {
                # A: each marker slides back to the last glory-icon space and scores its number.
                "tracks": sum(self.mat.track_glory(v) for v in player.attributes),
                # B: controlled cities (1 or 2) and one glory per controlled connection.
                "cities": self.city_glory(state, board, seat),
                # C: glory on buildings (City Hall: one per acquire icon on your buildings), on cards,
                # and 3 for an empty free governor slot.
                "buildings": self._building_glory(player),
                "cards": sum(self.cards[c].glory for c in player.cards),
                "governor_slot": 3 if player.governor_slot is None else 0,
                # D: one glory per three discs left in the harbor.
                "discs": player.harbor // 3,
                # E: minus one per face-down slavery card.
                "slavery": -len(player.slavery_down),
            }
            result[seat] = {"total": sum(parts.values()), "parts": parts}
        return result

    def city_glory(self, state, board, seat) -> int:
        cities = sum(s["glory"] for name, s in board.spaces.items() if state.owner[name] == seat)
        connections = sum(1 for c in board.connections.values()
                          if state.owner[c["a"]] == seat and state.owner[c["b"]] == seat)
        return cities + connections

    def _city_hall_glory(self, player) -> int:
        if not any(self.buildings[b].special == "city-hall" for b in player.buildings):
            return 0
        return sum(self.buildings[b].acquire_icons for b in player.buildings)

    def _building_glory(self, player) -> int:
        buildings = [self.buildings[b] for b in player.buildings]
        acquire_icons = sum(b.acquire_icons for b in buildings)
        return sum(b.glory + (acquire_icons if b.special == "city-hall" else 0) for b in buildings)

    def scenarios(self):
        from .scenarios import SCENARIOS
        return {name: make(self) for name, make in SCENARIOS.items()}

    def heuristic(self, state, seat):
        """Glory now, plus what tends to become glory: levels, discs at work on the map, tokens and cards."""
        player = state.players[seat]
        levels = sum(self.mat.level(v) for v in player.attributes)
        on_map = sum(counts[seat] for counts in state.presence.values())
        tokens = sum(player.action_tokens.values())
        passed = 1 if state.passed and state.passed[seat] and state.phase == "action" else 0
        return (self.scores(state)[seat]["total"] + 1.5 * levels + 0.6 * on_map + 0.25 * player.harbor
                + 0.8 * tokens - 1.5 * passed)

    # == what the board shows ================================================
    def view(self, state, seat):
        from .view import board_view
        return board_view(self, state, seat)
