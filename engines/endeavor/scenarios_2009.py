"""Prepared positions of Endeavor (2009) for tutorials and classroom demos.

Each starts from a normal seeded setup and lays out the table with the same
helpers as Age of Sail's (scenarios.py): buildings from the supply, one a
round besides the printed Colonial House; discs from the supply; markers taken
by the discs that reached them; cards from their stacks. Every hand fits the
card limit of the politics it shows, so each position could have arisen in play.

The log of a prepared position begins with the round it is in and a note saying what the position shows
(`_prepared`): the narration of the seeded setup it was laid out from (whose start player the position
replaces) would tell a learner of another game than the one on the board.
"""

from __future__ import annotations

from ..core.game import Scenario
from .scenarios import _enter_round, _give_buildings, _give_card, _harbor, _note, _on_space, _on_track, _open


def _prepared(events):
    """Leave out the setup's narration: the log of a prepared position starts at the round it shows."""
    del events[:]


def _coastlines(game, state, coasts, harbor):
    """Buildings beside each printed Colonial House (already there), and discs in each harbor."""
    for seat, coast in enumerate(coasts):
        _give_buildings(game, state, seat, coast)
        _harbor(state, seat, harbor)


def route_opening(game):
    """航海(船隻): the ship that fills the Africa route opens it; a 3-3 tie goes to the disc placed last."""
    def prepare(state, events):
        _prepared(events)
        _coastlines(game, state, [["shipyard", "workshop", "market"], ["shipyard", "market", "shipyard"],
                                  ["workshop", "shipyard", "market"]], 4)
        # Africa's route has 7 circles; six hold discs, placed from the farthest: Player 2 leads 3 to 2.
        _on_track(game, state, "africa", [1, 1, 1, 0, 0, 2])
        state.crown = 0
        _enter_round(game, state, 3, "action", events)
        _note(state, events, "route-opening", "e09.action.governor")
    return Scenario(players=3, seed=21, prepare=prepare)


def closed_route(game):
    """拿牌(货箱) / 佔领(旗子): discs on a route that is not open yet allow neither drawing nor occupying there;
    Europe & the Mediterranean needs no route."""
    def prepare(state, events):
        _prepared(events)
        _coastlines(game, state, [["shipyard", "market", "workshop", "guild-hall"],
                                  ["shipyard", "workshop", "docks", "shipyard"],
                                  ["market", "shipyard", "workshop", "bank"]], 4)
        _on_track(game, state, "far-east", [0, 0, 1, 0, 2])      # the Far East route: 5 of 8 circles
        _on_space(game, state, 0, "lisbon")                      # one disc in Europe
        _on_space(game, state, 1, "london")
        state.crown = 0
        _enter_round(game, state, 4, "action", events)
        _note(state, events, "closed-route", "e09.action.acquire")
    return Scenario(players=3, seed=31, prepare=prepare)


def payment(game):
    """支付 (borrowed): the Bank pays back a worker the salary step could not, so the Shipyard can sail again."""
    def prepare(state, events):
        _prepared(events)
        _coastlines(game, state, [["shipyard", "shipyard", "bank"], ["shipyard", "market", "workshop"],
                                  ["workshop", "shipyard", "market"]], 3)
        _on_space(game, state, 0, "london")                      # round 1: the Colonial House occupied London
        _on_track(game, state, "africa", [0])                    # round 2: both Shipyards sailed
        _on_track(game, state, "india", [0])
        player = state.players[0]
        player.workers[2] = 1                                    # three workers, salary 2: one Shipyard's stays
        player.supply -= 1
        state.crown = 0
        _enter_round(game, state, 3, "action", events)
        _note(state, events, "payment", "e09.action.payment")
    return Scenario(players=3, seed=52, prepare=prepare)


def attack(game):
    """攻佔(大砲): taking Genoa from Player 2 breaks their Genoa-Venice line and gives Player 1 Marseille-Genoa.
    Player 1's harbor holds enough discs to use the Docks (ship + occupy) first, then attack."""
    def prepare(state, events):
        _prepared(events)
        _coastlines(game, state, [["shipyard", "workshop", "docks", "fortress"], ["shipyard", "market", "workshop", "docks"],
                                  ["workshop", "shipyard", "market", "shipyard"]], 4)
        _harbor(state, 0, 3)                                     # 7: the Docks' ship + occupy (3), then the attack (3)
        for space in ("lisbon", "algiers", "marseille"):
            _on_space(game, state, 0, space)                     # Lisbon and Algiers gave industry: 6
        for space in ("genoa", "venice"):
            _on_space(game, state, 1, space)                     # Player 2 holds the Genoa-Venice line
        state.crown = 0
        _enter_round(game, state, 4, "action", events)
        _note(state, events, "attack", "e09.action.attack")
    return Scenario(players=3, seed=53, prepare=prepare)


def card_limit(game):
    """5. The card limit (borrowed): politics 2 keeps 2 cards, with no extra slavery card, plus the Governor
    in its slot; the card discarded goes back into its stack."""
    def prepare(state, events):
        _prepared(events)
        _coastlines(game, state, [["shipyard", "market", "workshop", "docks", "shipyard"],
                                  ["shipyard", "workshop", "market", "docks", "shipyard"],
                                  ["market", "shipyard", "workshop", "bank", "market"]], 3)
        _on_space(game, state, 0, "amsterdam")                   # its politics marker: politics 1
        _on_track(game, state, "africa", [0, 1, 0, 2, 0, 0, 1])  # the Africa route opened: 4 of 7 discs are Player 1's
        _open(state, "africa")
        _give_card(game, state, 0, "governor-africa")
        state.players[0].governor_slot = "governor-africa"
        for card in ("europe-0", "europe-1", "slavery-0"):
            _give_card(game, state, 0, card)                     # drawn in this round's action step
        state.crown = 0
        _enter_round(game, state, 5, "discard", events, seat=0)
        _note(state, events, "card-limit", "e09.discard.limit")
    return Scenario(players=3, seed=54, prepare=prepare)


def level5_once(game):
    """1. 建筑: a player who owns a level-5 building may not build a second one, even at industry level 5."""
    def prepare(state, events):
        _prepared(events)
        _coastlines(game, state, [["shipyard", "workshop", "docks", "fortress", "barracks", "museum"],
                                  ["shipyard", "workshop", "guild-hall", "docks", "shipyard", "market"],
                                  ["workshop", "shipyard", "bank", "docks", "market", "shipyard"]], 3)
        _on_track(game, state, "africa", [0, 0, 0])              # two industry markers and a politics one
        for space in ("marseille", "algiers"):
            _on_space(game, state, 0, space)                     # two more industry markers: industry 10
        state.crown = 0
        _enter_round(game, state, 7, "build", events)
        _note(state, events, "level5-once", "e09.build.level5")
    return Scenario(players=3, seed=41, prepare=prepare)


def final_scoring(game):
    """Final scoring (borrowed from Age of Sail): the last card-limit step of round 7, where Player 1 holds the
    Governor of Africa and chooses whether it stays in the Governor slot; after it the game ends and glory is
    counted. Every part has something to count: tracks, cities and white lines (Player 1: London, Lisbon,
    Seville and Cape Town, with two lines), glory on buildings and cards, leftover discs, and one slavery card
    Player 2 discarded face down at an earlier card-limit step."""
    def prepare(state, events):
        _prepared(events)
        coasts = [["shipyard", "workshop", "docks", "theatre", "fortress", "barracks", "cathedral"],
                  ["shipyard", "market", "workshop", "bank", "guild-hall", "trade-office", "university"],
                  ["market", "shipyard", "workshop", "docks", "bank", "theatre", "trade-office"]]
        workers = [(3, 5), (2, 7), (1, 4)]                       # discs still on buildings after the last actions
        for seat, coast in enumerate(coasts):
            _give_buildings(game, state, seat, coast, workers[seat])
        for seat, discs in enumerate((5, 7, 10)):
            _harbor(state, seat, discs)
        _on_track(game, state, "africa", [0, 1, 0, 2, 0, 0, 1])  # the Africa route opened: 4 of 7 discs are Player 1's
        _open(state, "africa")
        _give_card(game, state, 0, "governor-africa")
        state.players[0].governor_slot = "governor-africa"       # where the engine kept it in the earlier rounds
        _on_track(game, state, "india", [1, 2, 1, 1, 2])
        for seat, space in ((0, "london"), (0, "lisbon"), (0, "seville"), (0, "cape-town"), (1, "amsterdam"),
                            (1, "hamburg"), (1, "genoa"), (2, "marseille"), (2, "tunis"), (2, "algiers")):
            _on_space(game, state, seat, space)
        for seat, card in ((2, "europe-0"), (0, "europe-1"), (0, "europe-2")):
            _give_card(game, state, seat, card)
        state.decks["slavery"].remove("slavery-0")               # discarded by Player 2 at an earlier card limit:
        state.players[1].slavery_down.append("slavery-0")        # face down, its icons gone
        _give_card(game, state, 1, "slavery-1")
        state.crown = 0
        _enter_round(game, state, game.mat.rounds, "discard", events, seat=0)
        _note(state, events, "final-scoring", "e09.scoring")
    return Scenario(players=3, seed=71, prepare=prepare)


SCENARIOS = {"route-opening": route_opening, "closed-route": closed_route, "payment": payment, "attack": attack,
             "card-limit": card_limit, "level5-once": level5_once, "final-scoring": final_scoring}
