"""4: The action phase of Endeavor: Age of Sail (rulebook 4: 行動階段).

Starting with the crown and going clockwise, each player takes one action or
passes; a player who passed is skipped until everyone has passed. An action is
taken by activating a building (a worker from the harbor onto it) or by
spending a blue token. A '+' building allows one or both of its actions in any
order; a '/' building or token allows one of its choices.

Each of the five actions (ship, occupy, attack, payment, acquire) is a function
below, in the rulebook's order, followed by what they trigger: opening a
region, controlling connections, the Memorial and the abolition of slavery.
"""

from __future__ import annotations

from ..core.actions import Action, Event
from ..core.texts import Text
from .components import ATTRIBUTES, REGIONS

DISCS_NEEDED = {"ship": 1, "occupy": 1, "attack": 2, "payment": 0, "acquire": 0}


class Turn:
    """The action a player is taking: from a building or a token, and what is done so far."""

    __slots__ = ("seat", "slot", "token", "actions", "combine", "done")

    def __init__(self, seat, actions, combine, slot=None, token=None):
        self.seat, self.actions, self.combine, self.slot, self.token = seat, tuple(actions), combine, slot, token
        self.done: list[str] = []

    def remaining(self):
        if self.done and self.combine == "/":
            return ()
        return tuple(a for a in self.actions if a not in self.done)

    def __getstate__(self):
        return (self.seat, self.slot, self.token, self.actions, self.combine, self.done)

    def __setstate__(self, s):
        self.seat, self.slot, self.token, self.actions, self.combine, self.done = s


class ActionPhase:
    """The rules of the action phase; `game` gives the components, the state holds the table."""

    def __init__(self, game):
        self.game = game
        self.board_of = game.boards
        self.cards = game.cards
        self.tokens = game.tokens
        # Per board side: the cities and fleets of each region, so checks need not scan the whole map.
        self.cities = {side: self._by_region(b, "city") for side, b in game.boards.items()}
        self.fleets = {side: self._by_region(b, "fleet") for side, b in game.boards.items()}

    @staticmethod
    def _by_region(board, kind):
        out = {region: [] for region in board.regions}
        for name, space in board.spaces.items():
            if space["kind"] == kind:
                out[space["region"]].append(name)
        return out

    # == presence (勢力) =====================================================
    def present(self, state, seat, region) -> bool:
        """Occupy and attack need presence; every player is always present in Europe."""
        return region == "europe" or state.presence[region][seat] > 0

    def region_open(self, state, region) -> bool:
        return region == "europe" or state.open[region]

    # == the turn =============================================================
    def turn_choices(self, state, seat) -> list[Action]:
        """Activate a building, spend a token, or pass."""
        player = state.players[seat]
        choices = []
        possible = {}      # action -> has a target; many buildings share actions
        if player.harbor:
            buildings = self.game.buildings
            for slot, building_id in enumerate(player.buildings):
                if player.workers[slot] or not buildings[building_id].actions:
                    continue
                if self._any_possible(state, seat, buildings[building_id].actions, player.harbor - 1, possible):
                    choices.append(Action(f"activate:{slot}", "aos.action.activate",
                                          target=f"mat.{seat}.slot.{slot}", building=f"building.{building_id}"))
        possible = {}
        for kind, count in player.action_tokens.items():
            if count and self._any_possible(state, seat, self.tokens[kind].actions, player.harbor, possible):
                choices.append(Action(f"token:{kind}", "aos.action.token", target=f"mat.{seat}.token.{kind}",
                                      token=f"token.{kind}"))
        choices.append(Action("pass", "aos.action.pass"))
        return choices

    def _any_possible(self, state, seat, actions, harbor, known) -> bool:
        for action in actions:
            if action not in known:
                known[action] = self.has_target(state, seat, action, harbor)
            if known[action]:
                return True
        return False

    def can_activate(self, state, seat, slot) -> bool:
        player = state.players[seat]
        building = self.game.buildings[player.buildings[slot]]
        if not building.actions or player.workers[slot] or player.harbor < 1:
            return False
        # The worker leaves the harbor first, so the action must be possible with one disc less.
        return self._any_possible(state, seat, building.actions, player.harbor - 1, {})

    def why_not_activate(self, state, seat, slot) -> tuple[str, Text]:
        player = state.players[seat]
        building_id = player.buildings[slot]
        building = self.game.buildings[building_id]
        name = f"building.{building_id}"
        if not building.actions:
            return "aos.action.activate", Text("aos.why.no-action", building=name)
        if player.workers[slot]:
            return "aos.action.activate", Text("aos.why.occupied", building=name)
        if player.harbor < 1:
            return "aos.action.activate", Text("aos.why.no-disc", building=name)
        return "aos.action.activate", Text("aos.why.nothing-to-do", building=name)

    def target_choices(self, state, turn) -> list[Action]:
        choices = [target for action in turn.remaining() for target in self.targets(state, turn.seat, action)]
        if turn.done and turn.combine == "+":
            choices.append(Action("done", "aos.action.combine"))
        return choices

    def has_target(self, state, seat, action, harbor=None) -> bool:
        """Whether `action` has any legal target (the same rules as `targets`, without listing them)."""
        harbor = state.players[seat].harbor if harbor is None else harbor
        if harbor < DISCS_NEEDED[action]:
            return False
        side = state.options["side"]
        owner, opened = state.owner, state.open
        if action == "ship":
            return (any(opened[r] or None in state.track[r] for r in REGIONS)
                    or any(owner[s] is None for s in self.fleets[side]["europe"]))
        if action == "occupy":
            return any(owner[s] is None for r, cities in self.cities[side].items()
                       if (r == "europe" or (opened[r] and state.presence[r][seat])) for s in cities)
        if action == "attack":
            return any(owner[s] is not None and owner[s] != seat
                       for r in self.cities[side] if r == "europe" or (opened[r] and state.presence[r][seat])
                       for s in self.cities[side][r] + self.fleets[side][r])
        if action == "payment":
            player = state.players[seat]
            buildings = self.game.buildings
            own = self._activating_slot(state, seat)
            if own is None and state.turn is None and harbor < player.harbor:
                own = -1     # checking a building's own activation: its worker is not there yet
            return any(w and not buildings[b].no_payment and slot != own
                       for slot, (b, w) in enumerate(zip(player.buildings, player.workers)))
        europe = state.presence["europe"][seat]
        cards = self.cards
        return (any(d and cards[d[-1]].value <= state.presence[self.deck_region(deck)][seat]
                    for deck, d in state.decks.items())
                or any(cards[c].value <= europe for c in state.discard))

    def all_targets(self, state, turn) -> list[Action]:
        """Every map element the remaining actions could aim at, legal now or not (for the board to explain)."""
        board = self.board_of[state.options["side"]]
        out = []
        for action in turn.remaining():
            if action == "ship":
                out += [Action(f"ship:track:{r}", "aos.action.ship.track", target=f"track.{r}",
                               label_key="act.ship.track", region=f"region.{r}") for r in REGIONS]
                out += [Action(f"ship:fleet:{s}", "aos.action.ship.fleet", target=f"space.{s}",
                               label_key="act.ship.fleet", space=f"space.{s}")
                        for s, sp in board.spaces.items() if sp["kind"] == "fleet"]
                out += [Action(f"ship:sea:{r}", "aos.action.ship.sea", target=f"sea.{r}",
                               label_key="act.ship.sea", region=f"region.{r}") for r in REGIONS]
            elif action in ("occupy", "attack"):
                out += [Action(f"{action}:{s}", f"aos.action.{action}", target=f"space.{s}", space=f"space.{s}")
                        for s, sp in board.spaces.items() if action == "attack" or sp["kind"] == "city"]
            elif action == "acquire":
                out += [Action(f"acquire:{d}", "aos.action.acquire", target=f"deck.{d}",
                               card=f"card.{cards[-1]}") for d, cards in state.decks.items() if cards]
        return out

    def explain_target(self, state, seat, action, arg) -> tuple[str, Text] | None:
        """Why one target of an action is refused, naming the rule; None if the id names no target."""
        board = self.board_of[state.options["side"]]
        if action == "ship":
            where, _, name = arg.partition(":")
            if where in ("track", "sea") and name in REGIONS:
                region = f"region.{name}"
                if where == "track" and state.open[name]:
                    return "aos.action.ship.track", Text("aos.why.track-open", region=region)
                if where == "track":
                    return "aos.action.open", Text("aos.why.track-full", region=region)
                return "aos.action.ship.sea", Text("aos.why.region-closed", region=region)
            if where == "sea" and name == "europe":
                return "aos.action.ship.sea", Text("aos.why.europe-no-sea")
            if where == "fleet" and board.spaces.get(name, {}).get("kind") == "fleet":
                return self._space_refusal(state, seat, "ship.fleet", name, board)
            return None
        if action in ("occupy", "attack") and arg in board.spaces:
            if action == "occupy" and board.spaces[arg]["kind"] != "city":
                return "aos.action.occupy", Text("aos.why.not-a-city", space=f"space.{arg}")
            return self._space_refusal(state, seat, action, arg, board)
        if action == "acquire":
            if arg.startswith("discard:"):
                card = arg.split(":", 1)[1]
                if card not in state.discard:
                    return "aos.action.acquire.discard", Text("aos.why.not-in-pile")
                return "aos.action.presence", Text("aos.why.presence-low", region="region.europe",
                                                   presence=state.presence["europe"][seat],
                                                   value=self.cards[card].value)
            if arg in state.decks:
                if not state.decks[arg]:
                    return "aos.action.acquire", Text("aos.why.deck-empty")
                region = self.deck_region(arg)
                return "aos.action.presence", Text("aos.why.presence-low", region=f"region.{region}",
                                                   presence=state.presence[region][seat],
                                                   value=self.cards[state.decks[arg][-1]].value)
            return None
        if action == "payment" and arg.isdigit() and int(arg) < len(state.players[seat].buildings):
            building = state.players[seat].buildings[int(arg)]
            if int(arg) == self._activating_slot(state, seat) and state.players[seat].workers[int(arg)]:
                return "aos.action.payment", Text("aos.why.pay-self", building=f"building.{building}")
            key = "aos.why.no-payment" if self.game.buildings[building].no_payment else "aos.why.no-worker"
            return "aos.action.payment", Text(key, building=f"building.{building}")
        return None

    def _space_refusal(self, state, seat, action, space, board):
        region = board.spaces[space]["region"]
        owner = state.owner[space]
        rule = f"aos.action.{action}"
        if not self.region_open(state, region):
            return "aos.action.open", Text("aos.why.region-closed", region=f"region.{region}")
        if action == "attack":
            if owner is None:
                return rule, Text("aos.why.nothing-to-attack", space=f"space.{space}")
            if owner == seat:
                return rule, Text("aos.why.own-space", space=f"space.{space}")
        elif owner is not None:
            return rule, Text("aos.why.space-taken", space=f"space.{space}", owner=self.game.seat_ref(state, owner))
        if not self.present(state, seat, region):
            return "aos.action.presence", Text("aos.why.no-presence", region=f"region.{region}")
        return None

    def targets(self, state, seat, action, harbor=None) -> list[Action]:
        """Every legal target of one action for `seat` (with `harbor` discs, default: what the harbor holds)."""
        harbor = state.players[seat].harbor if harbor is None else harbor
        if harbor < DISCS_NEEDED[action]:
            return []
        return getattr(self, f"_{action}_targets")(state, seat)

    # == ship (航行) ============================================================
    def _ship_targets(self, state, seat):
        board = self.board_of[state.options["side"]]
        out = [Action(f"ship:track:{r}", "aos.action.ship.track", target=f"track.{r}",
                      label_key="act.ship.track", region=f"region.{r}")
               for r in REGIONS if not state.open[r] and None in state.track[r]]
        out += [Action(f"ship:fleet:{s}", "aos.action.ship.fleet", target=f"space.{s}",
                       label_key="act.ship.fleet", space=f"space.{s}")
                for s, space in board.spaces.items()
                if space["kind"] == "fleet" and state.owner[s] is None and self.region_open(state, space["region"])]
        out += [Action(f"ship:sea:{r}", "aos.action.ship.sea", target=f"sea.{r}",
                       label_key="act.ship.sea", region=f"region.{r}")
                for r in REGIONS if state.open[r]]
        return out

    def ship_to_track(self, state, seat, region, events, automatic=False):
        """The farthest free space from the deck; its token is taken; the last space opens the region."""
        track = state.track[region]
        index = track.index(None)
        track[index] = seat
        state.presence[region][seat] += 1
        token = state.track_tokens[region][index]
        state.track_tokens[region][index] = None
        events.append(Event("aos.action.ship.track", seat=self.game.seat_ref(state, seat), automatic=automatic, region=f"region.{region}",
                            space=index + 1, length=len(track)))
        self.take_token(state, seat, token, events)
        if None not in track:
            self.open_region(state, region, events)

    def ship_to_fleet(self, state, seat, space, events):
        self._place(state, seat, space, events, "aos.action.ship.fleet")

    def ship_to_sea(self, state, seat, region, events):
        state.sea[region][seat] += 1
        state.presence[region][seat] += 1
        events.append(Event("aos.action.ship.sea", seat=seat, automatic=False, region=f"region.{region}",
                            count=state.sea[region][seat]))

    # == opening a region (開放一個地區) ==========================================
    def open_region(self, state, region, events):
        state.open[region] = True
        track = state.track[region]
        counts = {}
        for owner in track:
            counts[owner] = counts.get(owner, 0) + 1
        most = max(counts.values())
        tied = [owner for owner, n in counts.items() if n == most]
        # A tie goes to the tied player whose disc is nearest the deck (the end of the track).
        winner = next(owner for owner in reversed(track) if owner in tied)
        events.append(Event("aos.action.open", region=f"region.{region}", most=most))
        governor = state.governors.pop(region)
        if winner == state.silent_seat:
            state.removed_cards.append(governor)
            events.append(Event("aos.variant.silent-fleet", key="aos.silent.governor", region=f"region.{region}",
                                card=f"card.{governor}"))
            return
        player = state.players[winner]
        player.cards.append(governor)
        if player.governor_slot is None:
            player.governor_slot = governor
        key = "aos.action.governor.tie" if len(tied) > 1 else "aos.action.governor"
        events.append(Event("aos.action.governor", key=key, seat=winner, region=f"region.{region}",
                            card=f"card.{governor}", most=most))
        self.game.gain_icons(player, winner, self.cards[governor].icons, events)

    # == occupy (佔領) ============================================================
    def _occupy_targets(self, state, seat):
        board = self.board_of[state.options["side"]]
        return [Action(f"occupy:{s}", "aos.action.occupy", target=f"space.{s}", space=f"space.{s}")
                for s, space in board.spaces.items()
                if space["kind"] == "city" and state.owner[s] is None
                and self.region_open(state, space["region"]) and self.present(state, seat, space["region"])]

    def occupy(self, state, seat, space, events):
        self._place(state, seat, space, events, "aos.action.occupy")

    def _place(self, state, seat, space, events, rule):
        """A disc from the harbor onto an empty city or fleet: take its token, then check connections."""
        region = self.board_of[state.options["side"]].spaces[space]["region"]
        state.owner[space] = seat
        state.presence[region][seat] += 1
        events.append(Event(rule, seat=seat, automatic=False, space=f"space.{space}", region=f"region.{region}"))
        token = state.space_tokens[space]
        state.space_tokens[space] = None
        self.take_token(state, seat, token, events)
        self.claim_connections(state, seat, space, events)

    # == controlling connections (控制通路) =========================================
    def claim_connections(self, state, seat, space, events):
        """Holding both ends (cities or fleets) controls a connection; the first to do so takes its token."""
        if seat == state.silent_seat:
            return   # the Silent Fleet never controls connections
        board = self.board_of[state.options["side"]]
        for connection in self.game.connections_at[board.side][space]:
            ends = board.connections[connection]
            if state.owner[ends["a"]] == seat and state.owner[ends["b"]] == seat:
                token = state.connection_tokens.get(connection)
                if token is not None:
                    state.connection_tokens[connection] = None
                    events.append(Event("aos.action.connection", seat=seat, a=f"space.{ends['a']}",
                                        b=f"space.{ends['b']}"))
                    self.take_token(state, seat, token, events)

    # == attack (進攻) ============================================================
    def _attack_targets(self, state, seat):
        board = self.board_of[state.options["side"]]
        return [Action(f"attack:{s}", "aos.action.attack", target=f"space.{s}", space=f"space.{s}")
                for s, space in board.spaces.items()
                if state.owner[s] is not None and state.owner[s] != seat
                and self.region_open(state, space["region"]) and self.present(state, seat, space["region"])]

    def attack(self, state, seat, space, events):
        """A casualty from your harbor, the defender's disc back to its supply, your second disc takes the space."""
        region = self.board_of[state.options["side"]].spaces[space]["region"]
        defender = state.owner[space]
        player = state.players[seat]
        player.harbor -= 2
        state.owner[space] = seat
        state.presence[region][defender] -= 1
        state.presence[region][seat] += 1
        events.append(Event("aos.action.attack", seat=seat, automatic=False, space=f"space.{space}",
                            defender=self.game.seat_ref(state, defender)))
        self.casualty(state, seat, events)
        self.casualty(state, defender, events)
        self.claim_connections(state, seat, space, events)

    def casualty(self, state, seat, events):
        """A casualty goes to its owner's supply, unless the owner's Memorial turns it into an attribute token."""
        if seat == state.silent_seat:
            state.silent_supply += 1
            return
        player = state.players[seat]
        if any(self.game.buildings[b].special == "memorial" for b in player.buildings):
            state.pending.append(("memorial", seat))
            return
        player.supply += 1
        events.append(Event("aos.action.attack", key="aos.action.casualty", seat=seat))

    # == the Memorial (紀念館) =====================================================
    def memorial_choices(self, state, seat) -> list[Action]:
        tracks = sorted({a for b in state.players[seat].buildings for a in self.game.buildings[b].memorial_tracks},
                        key=ATTRIBUTES.index)
        return [Action(f"memorial:{a}", "aos.building.memorial", target=f"mat.{seat}.track.{a}",
                       attribute=f"attribute.{a}") for a in tracks] + \
               [Action("memorial:supply", "aos.building.memorial", label_key="act.memorial.supply")]

    def memorial(self, state, seat, choice, events):
        player = state.players[seat]
        if choice == "supply":
            player.supply += 1
            events.append(Event("aos.action.attack", key="aos.action.casualty", seat=seat))
            return
        attribute = ATTRIBUTES.index(choice)
        player.memorial[attribute] += 1
        events.append(Event("aos.building.memorial", seat=seat, automatic=False, attribute=f"attribute.{choice}",
                            value=player.attributes[attribute] + 1))
        self.game.move_track(player, seat, attribute, 1, events)

    # == payment (支付) ============================================================
    def _payment_targets(self, state, seat):
        player = state.players[seat]
        own = self._activating_slot(state, seat)
        return [Action(f"payment:{slot}", "aos.action.payment", target=f"mat.{seat}.slot.{slot}",
                       building=f"building.{b}")
                for slot, b in enumerate(player.buildings)
                if player.workers[slot] and not self.game.buildings[b].no_payment and slot != own]

    @staticmethod
    def _activating_slot(state, seat):
        """The slot whose worker activated the building of this turn: its own payment never pays that worker back
        (ruling in aos.action.payment: the activation would have cost nothing)."""
        turn = state.turn
        return turn.slot if turn is not None and turn.seat == seat else None

    def payment(self, state, seat, slot, events):
        player = state.players[seat]
        player.workers[slot] = 0
        player.harbor += 1
        events.append(Event("aos.action.payment", seat=seat, automatic=False,
                            building=f"building.{player.buildings[slot]}"))

    # == acquire (獲取) ============================================================
    def deck_region(self, deck):
        return "europe" if deck in ("europe", "slavery") else deck

    def _acquire_targets(self, state, seat):
        out = []
        for deck, cards in state.decks.items():
            if cards and self.cards[cards[-1]].value <= state.presence[self.deck_region(deck)][seat]:
                out.append(Action(f"acquire:{deck}", "aos.action.acquire", target=f"deck.{deck}",
                                  card=f"card.{cards[-1]}"))
        europe = state.presence["europe"][seat]
        out += [Action(f"acquire:discard:{c}", "aos.action.acquire.discard", target=f"discard.{c}", card=f"card.{c}")
                for c in state.discard if self.cards[c].value <= europe]
        return out

    def acquire(self, state, seat, source, events):
        if source.startswith("discard:"):
            card_id = source.split(":", 1)[1]
            state.discard.remove(card_id)
            rule = "aos.action.acquire.discard"
        else:
            card_id = state.decks[source].pop()
            rule = "aos.action.acquire"
        card = self.cards[card_id]
        player = state.players[seat]
        player.cards.append(card_id)
        events.append(Event(rule, seat=seat, automatic=False, card=f"card.{card_id}", value=card.value))
        self.game.gain_icons(player, seat, card.icons, events)
        if card.population:   # the '+' of a value-1 card: discs from the supply to the harbor
            moved = min(card.population, player.supply)
            player.supply -= moved
            player.harbor += moved
            events.append(Event("aos.action.acquire.population", seat=seat, amount=moved))
        if card.abolition and not state.abolished:
            self.abolish(state, events)

    # == abolition of slavery (奴隸制的廢除) =======================================
    def abolish(self, state, events):
        state.abolished = True
        events.append(Event("aos.action.abolition"))
        for seat, player in enumerate(state.players):
            slaves = [c for c in player.cards if self.cards[c].slavery]
            for card_id in slaves:
                player.cards.remove(card_id)
                player.slavery_down.append(card_id)
                self.game.lose_icons(player, seat, self.cards[card_id].icons, events)
            if slaves:
                events.append(Event("aos.action.abolition", key="aos.action.abolition.player", seat=seat,
                                    count=len(slaves)))
        on_board = state.decks["slavery"] + [c for c in state.discard if self.cards[c].slavery]
        state.removed_cards += on_board
        state.decks["slavery"] = []
        state.discard = [c for c in state.discard if not self.cards[c].slavery]

    # == trade tokens (貿易指示物) ==================================================
    def take_token(self, state, seat, token, events):
        if token is None:
            return
        if seat == state.silent_seat:   # tokens the Silent Fleet reaches leave the game
            state.removed_tokens.append(token)
            return
        kind = self.tokens[token]
        player = state.players[seat]
        if kind.attribute is not None:
            player.attribute_tokens[kind.attribute] += 1
            events.append(Event("aos.token.attribute", seat=seat, token=f"token.{token}",
                                attribute=f"attribute.{ATTRIBUTES[kind.attribute]}",
                                value=player.attributes[kind.attribute] + 1))
            self.game.move_track(player, seat, kind.attribute, 1, events)
        else:
            player.action_tokens[token] = player.action_tokens.get(token, 0) + 1
            events.append(Event("aos.token.action", seat=seat, token=f"token.{token}"))
