"""4: The action phase of Endeavor (Age of Sail: 4: 行動階段; 2009: 4. 行动), the same in both editions.

Starting with the crown and going clockwise, each player takes one action or
passes; a player who passed is skipped until everyone has passed. An action is
taken by activating a building (a worker from the harbor onto it) or by
spending a blue token. A '+' building allows one or both of its actions in any
order; a '/' building or token allows one of its choices.

Each of the five actions (ship, occupy, attack, payment, acquire) is a function
below, in the rulebook's order, followed by what they trigger: opening a
region, controlling connections, the Memorial and the abolition of slavery.
Where the editions differ the game says so: in 2009 a card is drawn only where
the route is open (`draw_needs_open_region`), and discarded cards go back into
their decks, so there is no discard pile to acquire from.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.texts import Text
from .components import ATTRIBUTES, REGIONS

DISCS_NEEDED = {"ship": 1, "occupy": 1, "attack": 2, "payment": 0, "acquire": 0}
# The rule of each kind of ship and space action, written out so that grepping a rule id finds its code (an
# edition's own id comes from `rid`: "aos.action.occupy" is "e09.action.occupy" in the 2009 edition).
SHIP_RULES = {"track": "aos.action.ship.track", "fleet": "aos.action.ship.fleet", "sea": "aos.action.ship.sea"}
SPACE_RULES = {"occupy": "aos.action.occupy", "attack": "aos.action.attack", "ship.fleet": "aos.action.ship.fleet"}


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
    """The rules of the action phase; `game` gives the components and the edition's names."""

    def __init__(self, game):
        self.game = game
        self.cards = game.cards
        self.tokens = game.tokens
        # Per board: the cities and fleets of each region, so checks need not scan the whole map.
        self.cities = {side: self._by_region(b, "city") for side, b in game.boards.items()}
        self.fleets = {side: self._by_region(b, "fleet") for side, b in game.boards.items()}

    @staticmethod
    def _by_region(board, kind):
        out = {region: [] for region in board.regions}
        for name, space in board.spaces.items():
            if space["kind"] == kind:
                out[space["region"]].append(name)
        return out

    # == presence ===============================================================
    def present(self, state, seat, region) -> bool:
        """Occupy and attack need presence; every player is always present in Europe."""
        return region == "europe" or state.presence[region][seat] > 0

    def region_open(self, state, region) -> bool:
        return region == "europe" or state.open[region]

    # == the turn =============================================================
    def turn_choices(self, state, seat) -> list[Action]:
        """Activate a building, spend a token, or pass."""
        g = self.game
        player = state.players[seat]
        choices = []
        possible = {}      # action -> has a target; many buildings share actions
        if player.harbor:
            buildings = g.buildings
            for slot, building_id in enumerate(player.buildings):
                if player.workers[slot] or not buildings[building_id].actions:
                    continue
                if self._any_possible(state, seat, buildings[building_id].actions, player.harbor - 1, possible):
                    key = ("activate", seat, slot, building_id, which_of(player.buildings, slot))
                    choices.append(g.made(key, self._activate_action, *key[1:]))
        possible = {}
        for kind, count in player.action_tokens.items():
            if count and self._any_possible(state, seat, self.tokens[kind].actions, player.harbor, possible):
                choices.append(g.made(("token", seat, kind), self._token_action, seat, kind))
        choices.append(g.made(("pass",), self._pass_action))
        return choices

    def _activate_action(self, seat, slot, building_id, which=0):
        g = self.game
        return g.offer("activate", args=(slot,), target=f"mat.{seat}.slot.{slot}",
                       **building_words(g, "act.activate", building_id, which))

    def _token_action(self, seat, kind):
        g = self.game
        return g.offer("token", args=(kind,), target=f"mat.{seat}.token.{kind}", token=g.term(f"token.{kind}"))

    def _pass_action(self):
        return self.game.offer("pass")

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
        g = self.game
        player = state.players[seat]
        building = g.buildings[player.buildings[slot]]
        name = g.term(f"building.{building.id}")
        rule = g.rid("aos.action.activate")
        if not building.actions:
            return rule, g.say("why.no-action", building=name)
        if player.workers[slot]:
            return rule, g.say("why.occupied", building=name)
        if player.harbor < 1:
            return rule, g.say("why.no-disc", building=name)
        if self._any_possible(state, seat, building.actions, player.harbor, {}):
            # possible with the harbor as it is, not once the worker has left it: say so, not "nothing to do"
            return rule, g.say("why.disc-needed-too", building=name, n=player.harbor)
        return rule, g.say("why.nothing-to-do", building=name)

    def target_choices(self, state, turn) -> list[Action]:
        choices = [target for action in turn.remaining() for target in self.targets(state, turn.seat, action)]
        if turn.done and turn.combine == "+":
            choices.append(self.game.offer("done"))
        return choices

    def has_target(self, state, seat, action, harbor=None) -> bool:
        """Whether `action` has any legal target (the same rules as `targets`, without listing them).
        Asked for every building each turn, so written as plain loops that stop at the first target."""
        harbor = state.players[seat].harbor if harbor is None else harbor
        if harbor < DISCS_NEEDED[action]:
            return False
        side = state.options.get("side")
        owner, opened, presence = state.owner, state.open, state.presence
        if action == "ship":
            for r in REGIONS:
                if opened[r] or None in state.track[r]:
                    return True
            return any(owner[s] is None for s in self.fleets[side]["europe"])
        if action in ("occupy", "attack"):
            fleets = self.fleets[side]
            for r, cities in self.cities[side].items():
                if r != "europe" and not (opened[r] and presence[r][seat]):
                    continue
                for s in (cities if action == "occupy" else cities + fleets[r]):
                    if (owner[s] is None) if action == "occupy" else (owner[s] is not None and owner[s] != seat):
                        return True
            return False
        if action == "payment":
            player = state.players[seat]
            buildings = self.game.buildings
            own = self._activating_slot(state, seat)
            if own is None and state.turn is None and harbor < player.harbor:
                own = -1     # checking a building's own activation: its worker is not there yet
            return any(w and not buildings[b].no_payment and slot != own
                       for slot, (b, w) in enumerate(zip(player.buildings, player.workers)))
        cards = self.cards
        needs_open = self.game.draw_needs_open_region
        for deck, d in state.decks.items():
            if d:
                region = "europe" if deck in ("europe", "slavery") else deck
                if cards[d[-1]].value <= presence[region][seat] and (not needs_open or region == "europe"
                                                                      or opened[region]):
                    return True
        europe = presence["europe"][seat]
        return any(cards[c].value <= europe for c in state.discard)

    def all_targets(self, state, turn) -> list[Action]:
        """Every map element the remaining actions could aim at, legal now or not (for the board to explain)."""
        g = self.game
        board = g.board(state)
        out = []
        for action in turn.remaining():
            if action == "ship":
                out += [self._ship_action("track", r) for r in REGIONS]
                out += [self._ship_action("fleet", s) for s, sp in board.spaces.items() if sp["kind"] == "fleet"]
                out += [self._ship_action("sea", r) for r in REGIONS]
            elif action in ("occupy", "attack"):
                out += [self._space_action(action, s) for s, sp in board.spaces.items()
                        if action == "attack" or sp["kind"] == "city"]
            elif action == "acquire":
                out += [self._deck_action(d, cards[-1]) for d, cards in state.decks.items() if cards]
        return out

    def _ship_action(self, where, name):
        key = ("ship", where, name)
        return self.game._made.get(key) or self.game.made(key, self._make_ship_action, where, name)

    def _make_ship_action(self, where, name):
        g = self.game
        if where == "fleet":
            return g.offer("ship", args=(where, name), target=f"space.{name}",
                           rule="aos.action.ship.fleet", label="act.ship.fleet", space=g.term(f"space.{name}"))
        target = "track" if where == "track" else "sea"
        return g.offer("ship", args=(where, name), target=f"{target}.{name}", rule=SHIP_RULES[where],
                       label=f"act.ship.{where}", region=g.term(f"region.{name}"))

    def _space_action(self, action, space):
        return self.game._made.get((action, space)) or self.game.made((action, space), self._make_space_action,
                                                                       action, space)

    def _make_space_action(self, action, space):
        g = self.game
        return g.offer(action, args=(space,), target=f"space.{space}", rule=SPACE_RULES[action],
                       space=g.term(f"space.{space}"))

    def _deck_action(self, deck, card):
        return self.game.made(("acquire", deck, card), self._make_deck_action, deck, card)

    def _make_deck_action(self, deck, card):
        g = self.game
        return g.offer("acquire", args=(deck,), target=f"deck.{deck}", card=g.term(f"card.{card}"))

    def explain_target(self, state, seat, action, *args) -> tuple[str, Text] | None:
        """Why one target of an action (the move's args) is refused, naming the rule; None if it names no target."""
        g = self.game
        board = g.board(state)
        if action == "ship":
            where, name = args
            if where in ("track", "sea") and name in REGIONS:
                region = g.term(f"region.{name}")
                if where == "track" and state.open[name]:
                    return g.rid("aos.action.ship.track"), g.say("why.track-open", region=region)
                if where == "track":
                    return g.rid("aos.action.open"), g.say("why.track-full", region=region)
                return g.rid("aos.action.ship.sea"), g.say("why.region-closed", region=region)
            if where == "sea" and name == "europe":
                return g.rid("aos.action.ship.sea"), g.say("why.europe-no-sea")
            if where == "fleet" and board.spaces.get(name, {}).get("kind") == "fleet":
                return self._space_refusal(state, seat, "ship.fleet", name, board)
            return None
        arg = args[0]
        if action in ("occupy", "attack") and arg in board.spaces:
            if action == "occupy" and board.spaces[arg]["kind"] != "city":
                return g.rid("aos.action.occupy"), g.say("why.not-a-city", space=g.term(f"space.{arg}"))
            return self._space_refusal(state, seat, action, arg, board)
        if action == "acquire":
            if arg.startswith("discard:"):
                card = arg.split(":", 1)[1]
                if card not in state.discard:
                    return g.rid("aos.action.acquire.discard"), g.say("why.not-in-pile")
                return g.rid("aos.action.presence"), g.say("why.presence-low", region=g.term("region.europe"),
                                                       presence=state.presence["europe"][seat],
                                                       value=self.cards[card].value)
            if arg in state.decks:
                if not state.decks[arg]:
                    return g.rid("aos.action.acquire"), g.say("why.deck-empty")
                region = self.deck_region(arg)
                if not self.deck_open(state, arg):
                    return g.rid("aos.action.acquire"), g.say("why.draw-closed", region=g.term(f"region.{region}"))
                return g.rid("aos.action.presence"), g.say("why.presence-low", region=g.term(f"region.{region}"),
                                                       presence=state.presence[region][seat],
                                                       value=self.cards[state.decks[arg][-1]].value)
            return None
        if action == "payment" and arg < len(state.players[seat].buildings):
            building = state.players[seat].buildings[arg]
            name = g.term(f"building.{building}")
            if arg == self._activating_slot(state, seat) and state.players[seat].workers[arg]:
                return g.rid("aos.action.payment"), g.say("why.pay-self", building=name)
            key = "why.no-payment" if g.buildings[building].no_payment else "why.no-worker"
            return g.rid("aos.action.payment"), g.say(key, building=name)
        return None

    def _space_refusal(self, state, seat, action, space, board):
        g = self.game
        region = board.spaces[space]["region"]
        owner = state.owner[space]
        rule = g.rid(SPACE_RULES[action])
        name = g.term(f"space.{space}")
        if not self.region_open(state, region):
            return g.rid("aos.action.open"), g.say("why.region-closed", region=g.term(f"region.{region}"))
        if action == "attack":
            if owner is None:
                return rule, g.say("why.nothing-to-attack", space=name)
            if owner == seat:
                return rule, g.say("why.own-space", space=name)
        elif owner is not None:
            return rule, g.say("why.space-taken", space=name, owner=g.seat_ref(state, owner))
        if not self.present(state, seat, region):
            return g.rid("aos.action.presence"), g.say("why.no-presence", region=g.term(f"region.{region}"))
        return None

    def targets(self, state, seat, action, harbor=None) -> list[Action]:
        """Every legal target of one action for `seat` (with `harbor` discs, default: what the harbor holds)."""
        harbor = state.players[seat].harbor if harbor is None else harbor
        if harbor < DISCS_NEEDED[action]:
            return []
        return getattr(self, f"_{action}_targets")(state, seat)

    # == ship ===================================================================
    def _ship_targets(self, state, seat):
        opened, owner = state.open, state.owner
        out = [self._ship_action("track", r) for r in REGIONS if not opened[r] and None in state.track[r]]
        for region, fleets in self.fleets[state.options.get("side")].items():
            if region == "europe" or opened[region]:
                out += [self._ship_action("fleet", s) for s in fleets if owner[s] is None]
        out += [self._ship_action("sea", r) for r in REGIONS if opened[r]]
        return out

    def ship_to_track(self, state, seat, region, events, automatic=False):
        """The farthest free space from the deck; its token is taken; the last space opens the region."""
        g = self.game
        track = state.track[region]
        index = track.index(None)
        track[index] = seat
        state.presence[region][seat] += 1
        token = state.track_tokens[region][index]
        state.track_tokens[region][index] = None
        events.append(g.event("aos.action.ship.track", seat=g.seat_ref(state, seat), automatic=automatic,
                              region=g.term(f"region.{region}"), space=index + 1, length=len(track)))
        self.take_token(state, seat, token, events)
        if None not in track:
            self.open_region(state, region, events)

    def ship_to_fleet(self, state, seat, space, events):
        self._place(state, seat, space, events, "aos.action.ship.fleet")

    def ship_to_sea(self, state, seat, region, events):
        """Age of Sail: the open sea of an open region; 2009: beside the full route (no token either way)."""
        state.sea[region][seat] += 1
        state.presence[region][seat] += 1
        events.append(self.game.event("aos.action.ship.sea", seat=seat, automatic=False,
                                      region=self.game.term(f"region.{region}"), count=state.sea[region][seat]))

    # == opening a region =========================================================
    def open_region(self, state, region, events):
        g = self.game
        state.open[region] = True
        track = state.track[region]
        counts = {}
        for owner in track:
            counts[owner] = counts.get(owner, 0) + 1
        most = max(counts.values())
        tied = [owner for owner, n in counts.items() if n == most]
        # A tie goes to the tied player whose disc is nearest the deck: the end of the track, where the
        # last disc placed lies (Age of Sail words it one way, 2009 the other).
        winner = next(owner for owner in reversed(track) if owner in tied)
        events.append(g.event("aos.action.open", region=g.term(f"region.{region}"), most=most))
        governor = state.governors.pop(region)
        if winner == state.silent_seat:
            state.removed_cards.append(governor)
            events.append(g.event("aos.variant.silent-fleet", key="silent.governor", region=g.term(f"region.{region}"),
                                  card=g.term(f"card.{governor}")))
            return
        player = state.players[winner]
        player.cards.append(governor)
        if player.governor_slot is None:
            player.governor_slot = governor
        events.append(g.event("aos.action.governor", key="action.governor.tie" if len(tied) > 1 else "action.governor",
                              seat=winner, region=g.term(f"region.{region}"), card=g.term(f"card.{governor}"), most=most))
        g.gain_icons(player, winner, self.cards[governor].icons, events)

    # == occupy ===================================================================
    def _occupy_targets(self, state, seat):
        board = self.game.board(state)
        return [self._space_action("occupy", s) for s, space in board.spaces.items()
                if space["kind"] == "city" and state.owner[s] is None
                and self.region_open(state, space["region"]) and self.present(state, seat, space["region"])]

    def occupy(self, state, seat, space, events):
        self._place(state, seat, space, events, "aos.action.occupy")

    def _place(self, state, seat, space, events, rule):
        """A disc from the harbor onto an empty city or fleet: take its token, then check connections."""
        g = self.game
        region = g.board(state).spaces[space]["region"]
        state.owner[space] = seat
        state.presence[region][seat] += 1
        events.append(g.event(rule, seat=seat, automatic=False, space=g.term(f"space.{space}"),
                              region=g.term(f"region.{region}")))
        token = state.space_tokens[space]
        state.space_tokens[space] = None
        self.take_token(state, seat, token, events)
        self.claim_connections(state, seat, space, events)

    # == controlling connections =====================================================
    def claim_connections(self, state, seat, space, events):
        """Holding both ends (cities or fleets) controls a connection; the first to do so takes its token."""
        if seat == state.silent_seat:
            return   # the Silent Fleet never controls connections
        g = self.game
        board = g.board(state)
        for connection in g.connections_at[state.options.get("side")][space]:
            ends = board.connections[connection]
            if state.owner[ends["a"]] == seat and state.owner[ends["b"]] == seat:
                token = state.connection_tokens.get(connection)
                if token is not None:
                    state.connection_tokens[connection] = None
                    events.append(g.event("aos.action.connection", seat=seat, a=g.term(f"space.{ends['a']}"),
                                          b=g.term(f"space.{ends['b']}")))
                    self.take_token(state, seat, token, events)

    # == attack ===================================================================
    def _attack_targets(self, state, seat):
        board = self.game.board(state)
        return [self._space_action("attack", s) for s, space in board.spaces.items()
                if state.owner[s] is not None and state.owner[s] != seat
                and self.region_open(state, space["region"]) and self.present(state, seat, space["region"])]

    def attack(self, state, seat, space, events):
        """A casualty from your harbor, the defender's disc back to its supply, your second disc takes the space."""
        g = self.game
        region = g.board(state).spaces[space]["region"]
        defender = state.owner[space]
        player = state.players[seat]
        player.harbor -= 2
        state.owner[space] = seat
        state.presence[region][defender] -= 1
        state.presence[region][seat] += 1
        events.append(g.event("aos.action.attack", seat=seat, automatic=False, space=g.term(f"space.{space}"),
                              defender=g.seat_ref(state, defender)))
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
        events.append(self.game.event("aos.action.attack", key="action.casualty", seat=seat))

    # == the Memorial (Age of Sail) =====================================================
    def memorial_choices(self, state, seat) -> list[Action]:
        g = self.game
        tracks = sorted({a for b in state.players[seat].buildings for a in g.buildings[b].memorial_tracks},
                        key=ATTRIBUTES.index)
        return [g.offer("memorial", args=(a,), target=f"mat.{seat}.track.{a}", attribute=g.term(f"attribute.{a}"))
                for a in tracks] + [g.offer("memorial", args=("supply",), label="act.memorial.supply")]

    def memorial(self, state, seat, choice, events):
        g = self.game
        player = state.players[seat]
        if choice == "supply":
            player.supply += 1
            events.append(g.event("aos.action.attack", key="action.casualty", seat=seat))
            return
        attribute = ATTRIBUTES.index(choice)
        player.memorial[attribute] += 1
        events.append(g.event("aos.building.memorial", seat=seat, automatic=False, attribute=g.term(f"attribute.{choice}"),
                              value=player.attributes[attribute] + 1))
        g.move_track(player, seat, attribute, 1, events)

    # == payment ============================================================
    def _payment_targets(self, state, seat):
        g = self.game
        player = state.players[seat]
        own = self._activating_slot(state, seat)
        return [g.offer("payment", args=(slot,), target=f"mat.{seat}.slot.{slot}",
                        **building_words(g, "act.payment", b, which_of(player.buildings, slot)))
                for slot, b in enumerate(player.buildings)
                if player.workers[slot] and not g.buildings[b].no_payment and slot != own]

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
        events.append(self.game.event("aos.action.payment", seat=seat, automatic=False,
                                      building=self.game.term(f"building.{player.buildings[slot]}")))

    # == acquire (2009: draw a card) ============================================
    @staticmethod
    def deck_region(deck):
        return "europe" if deck in ("europe", "slavery") else deck

    def deck_open(self, state, deck) -> bool:
        """Age of Sail acquires from any deck; 2009 draws only where the route is open (Europe: always)."""
        return not self.game.draw_needs_open_region or self.region_open(state, self.deck_region(deck))

    def _acquire_targets(self, state, seat):
        g = self.game
        needs_open, opened, presence = g.draw_needs_open_region, state.open, state.presence
        out = []
        for deck, cards in state.decks.items():
            if cards:
                region = "europe" if deck in ("europe", "slavery") else deck
                if self.cards[cards[-1]].value <= presence[region][seat] and \
                        (not needs_open or region == "europe" or opened[region]):
                    out.append(self._deck_action(deck, cards[-1]))
        europe = state.presence["europe"][seat]
        out += [g.offer("acquire", args=(f"discard:{c}",), target=f"discard.{c}",
                        rule="aos.action.acquire.discard", card=g.term(f"card.{c}"))
                for c in state.discard if self.cards[c].value <= europe]
        return out

    def acquire(self, state, seat, source, events):
        g = self.game
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
        events.append(g.event(rule, seat=seat, automatic=False, card=g.term(f"card.{card_id}"), value=card.value))
        g.gain_icons(player, seat, card.icons, events)
        if card.population:   # the '+' of a value-1 card: discs from the supply to the harbor
            moved = min(card.population, player.supply)
            player.supply -= moved
            player.harbor += moved
            events.append(g.event("aos.action.acquire.population", seat=seat, amount=moved))
        if card.abolition and not state.abolished:
            self.abolish(state, events)

    # == abolition of slavery ==============================================
    def abolish(self, state, events):
        g = self.game
        state.abolished = True
        events.append(g.event("aos.action.abolition"))
        for seat, player in enumerate(state.players):
            slaves = [c for c in player.cards if self.cards[c].slavery]
            for card_id in slaves:
                player.cards.remove(card_id)
                player.slavery_down.append(card_id)
                g.lose_icons(player, seat, self.cards[card_id].icons, events)
            if slaves:
                events.append(g.event("aos.action.abolition", key="action.abolition.player", seat=seat, count=len(slaves)))
        on_board = state.decks["slavery"] + [c for c in state.discard if self.cards[c].slavery]
        state.removed_cards += on_board
        state.decks["slavery"] = []
        state.discard = [c for c in state.discard if not self.cards[c].slavery]

    # == trade tokens (2009: achievement markers) ====================================
    def take_token(self, state, seat, token, events):
        if token is None:
            return
        if seat == state.silent_seat:   # tokens the Silent Fleet reaches leave the game
            state.removed_tokens.append(token)
            return
        g = self.game
        kind = self.tokens[token]
        player = state.players[seat]
        if kind.attribute is not None:
            player.attribute_tokens[kind.attribute] += 1
            events.append(g.event("aos.token.attribute", seat=seat, token=g.term(f"token.{token}"),
                                  attribute=g.term(f"attribute.{ATTRIBUTES[kind.attribute]}"),
                                  value=g.mat.shown(player.attributes[kind.attribute] + 1)))
            g.move_track(player, seat, kind.attribute, 1, events)
        else:
            player.action_tokens[token] = player.action_tokens.get(token, 0) + 1
            events.append(g.event("aos.token.action", seat=seat, token=g.term(f"token.{token}")))


# == a player's building, named in a label ==================================================================
def which_of(buildings, slot) -> int:
    """Which of the player's buildings of its kind stands in `slot`, counted from the left of the player's board
    (1, 2...), or 0 when the player owns only one of that kind."""
    same = [i for i, b in enumerate(buildings) if b == buildings[slot]]
    return same.index(slot) + 1 if len(same) > 1 else 0


def building_words(game, key, building, which):
    """The label of an action on a player's building (its `label` and words, for `offer`): "the Shipyard", or, where
    the player owns several of that building, "your second Shipyard" (`which`), so that two buttons never read alike."""
    words = {"label": key, "building": game.term(f"building.{building}")}
    if which:
        words.update(label=f"{key}.nth", nth=f"aos.nth.{which}")
    return words
