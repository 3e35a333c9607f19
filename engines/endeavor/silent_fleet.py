"""The two-player "Silent Fleet" variant (rulebook "沉默的艦隊"2人遊戲變種規則).

A third, neutral colour reacts after each of a player's actions: the acting
player places its disc or discards a card for it. Ship: a disc on the next
space of any shipping track, or on an empty fleet of Europe or an open region;
the token there leaves the game, and the fleet can win a governor, which then
leaves the game. Occupy: a disc on an empty city of Europe or of an open region
where the fleet is present. Acquire: discard the top card of a deck in a region
where the fleet is present, its presence reaching the card's value. Attack and payment: nothing.
After a building's two actions the player picks which one the fleet answers.

Optional rules: restricted occupy (only in the region of the city you took),
no reaction to tokens, and scarce buildings (before each build phase the
player without the crown removes a building of at most their build level).

The rulebook does not say where a card the fleet discards goes; the engine
puts it on the Europe discard pile, where discarded cards go.
"""

from __future__ import annotations

from ..core.actions import Action, Event
from .components import REGIONS

REACTING = ("ship", "occupy", "acquire")


class SilentFleet:
    def __init__(self, game, actions):
        self.game = game
        self.actions = actions     # the ActionPhase, whose rules the fleet shares

    def after_turn(self, state, turn, events):
        """Queue the fleet's reaction to a finished turn, if it reacts to anything."""
        if turn.token is not None and state.options.get("sf_no_token_reaction"):
            return
        done = list(dict.fromkeys(turn.done))
        if len(done) > 1:     # the player names one of the actions taken; attack and payment get no answer
            state.pending.append(("silent-pick", turn.seat, tuple(done)))
        elif done and done[0] in REACTING:
            self.react(state, turn.seat, done[0], events)

    def react(self, state, seat, action, events):
        if state.silent_supply == 0 and action != "acquire":
            events.append(Event("aos.variant.silent-fleet", key="aos.silent.no-discs"))
            return
        if self.targets(state, action, seat):
            state.pending.append(("silent", seat, action))
        else:
            events.append(Event("aos.variant.silent-fleet", key="aos.silent.nothing", action=f"action.{action}"))

    def pick_choices(self, state, seat, actions):
        return [self.game.offer("silent", args=("react", a), label="act.silent.react",
                                action=f"action.{a}") for a in actions]

    def targets(self, state, action, seat) -> list[Action]:
        board = self.game.boards[state.options["side"]]
        fleet = state.silent_seat
        offer = self.game.offer
        if action == "ship":
            out = [offer("silent", args=("track", r), target=f"track.{r}", label="act.silent.track",
                         region=f"region.{r}") for r in REGIONS if not state.open[r] and None in state.track[r]]
            out += [offer("silent", args=("fleet", s), target=f"space.{s}", label="act.silent.fleet",
                          space=f"space.{s}") for s, sp in board.spaces.items()
                    if sp["kind"] == "fleet" and state.owner[s] is None
                    and self.actions.region_open(state, sp["region"])]
            return out
        if action == "occupy":
            only = state.last_occupied_region if state.options.get("sf_restricted_occupy") else None
            return [offer("silent", args=("city", s), target=f"space.{s}", label="act.silent.city",
                          space=f"space.{s}") for s, sp in board.spaces.items()
                    if sp["kind"] == "city" and state.owner[s] is None
                    and self.actions.region_open(state, sp["region"])
                    and (sp["region"] == "europe" or state.presence[sp["region"]][fleet] > 0)
                    and (only is None or sp["region"] == only)]
        if action == "acquire":
            return [offer("silent", args=("deck", d), target=f"deck.{d}", label="act.silent.deck",
                          card=f"card.{cards[-1]}") for d, cards in state.decks.items()
                    if cards and 0 < state.presence[self.actions.deck_region(d)][fleet]
                    >= self.game.cards[cards[-1]].value]
        return []

    def apply(self, state, seat, kind, arg, events):
        """The Silent Fleet's choice, made by `seat` for it: how to react (`kind` "react"), or where it goes."""
        fleet = state.silent_seat
        if kind == "react":
            if arg in REACTING:
                self.react(state, seat, arg, events)
            else:
                events.append(Event("aos.variant.silent-fleet", key="aos.silent.no-answer", action=f"action.{arg}"))
        elif kind == "track":
            state.silent_supply -= 1
            self.actions.ship_to_track(state, fleet, arg, events, automatic=True)
        elif kind in ("fleet", "city"):
            state.silent_supply -= 1
            region = self.game.boards[state.options["side"]].spaces[arg]["region"]
            state.owner[arg] = fleet
            state.presence[region][fleet] += 1
            token = state.space_tokens[arg]
            state.space_tokens[arg] = None
            if token is not None:
                state.removed_tokens.append(token)
            events.append(Event("aos.variant.silent-fleet", key=f"aos.silent.{kind}", seat=seat, automatic=False,
                                space=f"space.{arg}"))
        elif kind == "deck":
            card_id = state.decks[arg].pop()
            state.discard.append(card_id)
            events.append(Event("aos.variant.silent-fleet", key="aos.silent.discard", seat=seat, automatic=False,
                                card=f"card.{card_id}"))
            if self.game.cards[card_id].abolition and not state.abolished:
                self.actions.abolish(state, events)

    # == optional rule: scarce buildings (稀缺建築) ================================
    def scarce_choices(self, state, seat) -> list[Action]:
        level = self.game.build_level(state.players[seat])
        return [self.game.offer("scarce", args=(b,), target=f"tray.{b}", label="act.scarce",
                                building=f"building.{b}")
                for b, left in state.supply.items() if left and self.game.buildings[b].level <= level]

    def scarce(self, state, seat, building, events):
        state.supply[building] -= 1
        state.removed_buildings.append(building)
        events.append(Event("aos.variant.scarce", seat=seat, automatic=False, building=f"building.{building}"))
