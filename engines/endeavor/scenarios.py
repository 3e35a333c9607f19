"""Prepared positions of Endeavor: Age of Sail for tutorials and classroom demos.

Each one starts from a normal seeded setup and lays out the table the way a
rulebook example or a confusing moment needs. Every player has one building per
round built so far besides the start tile (a player builds once in each round's
build phase), so the coastlines are as long as the round allows. Everything placed comes from
where the rules keep it (buildings from the tray, discs from the supply, cards
from their decks, tokens from the spaces a disc took), so every count stays
true and the position could have arisen in play.
"""

from __future__ import annotations

from ..core.game import Scenario
from ..core.actions import Event
from ..core.rng import Rng


# -- laying out the table ---------------------------------------------------------
def _give_buildings(game, state, seat, buildings, workers=()):
    """Put buildings on a player's coastline as if built in earlier rounds (icons counted)."""
    player = state.players[seat]
    for building in buildings:
        if game.buildings[building].level:
            state.supply[building] -= 1
        player.buildings.append(building)
        player.workers.append(0)
        for attribute, count in enumerate(game.buildings[building].icons):
            player.attributes[attribute] += count
    for slot in workers:
        player.workers[slot] = 1
        player.supply -= 1


def _harbor(state, seat, discs):
    player = state.players[seat]
    player.supply -= discs
    player.harbor += discs


def _on_track(game, state, region, owners):
    """Discs on a shipping track, farthest space first; each took the token where it landed."""
    for owner in owners:
        state.players[owner].supply -= 1
        index = state.track[region].index(None)
        state.track[region][index] = owner
        state.presence[region][owner] += 1
        game.actions.take_token(state, owner, state.track_tokens[region][index], [])
        state.track_tokens[region][index] = None


def _on_space(game, state, seat, space):
    """A disc on a city or fleet, with its token and any connection it completes."""
    region = game.board(state).spaces[space]["region"]
    state.players[seat].supply -= 1
    state.owner[space] = seat
    state.presence[region][seat] += 1
    game.actions.take_token(state, seat, state.space_tokens[space], [])
    state.space_tokens[space] = None
    game.actions.claim_connections(state, seat, space, [])


def _give_card(game, state, seat, card_id):
    deck = game.cards[card_id].deck
    if game.cards[card_id].governor:
        del state.governors[deck]
    else:
        state.decks[deck].remove(card_id)
    player = state.players[seat]
    player.cards.append(card_id)
    for attribute, count in enumerate(game.cards[card_id].icons):
        player.attributes[attribute] += count


def _open(state, region):
    state.open[region] = True


def _enter_round(game, state, round_number, phase, events, seat=None):
    """Jump to `phase` of round `round_number` (earlier phases of that round done); the log says who has the crown."""
    state.round = round_number - 1
    game._begin_round(state, events)
    while state.steps[0][0] != phase or (seat is not None and state.steps[0][1] not in (seat, None)
                                          and phase != "action"):
        state.steps.pop(0)
    if phase == "action":
        game._begin_action_phase(state, [])
        state.steps[0] = ("action", state.crown if seat is None else seat)
    game.settle(state)


def _note(state, events, name, rule, seat=0):
    """Say what the position shows, under the rule it is about (its edition's text: "aos.scenario.<name>")."""
    state.scenario_note = name
    events.append(Event(rule, key=f"{rule.partition('.')[0]}.scenario.{name}", seat=seat))


# -- the scenarios -----------------------------------------------------------------
def build_level_example(game):
    """Rulebook 1: 建造階段: industry 5 gives build level 3, and the Theatre adds 2 culture."""
    def prepare(state, events):
        for seat, coast in enumerate([
                ["colonial-house", "shipyard", "workshop", "docks", "fortress", "shipyard"],
                ["merchants-dock", "market", "market", "workshop", "shipyard", "guild-hall"],
                ["colonial-house", "workshop", "shipyard", "docks", "bank", "market"]]):
            _give_buildings(game, state, seat, coast)
            _harbor(state, seat, 12)
        state.crown = 0
        _enter_round(game, state, 6, "build", events)
        _note(state, events, "build-level", "aos.build.level")
    return Scenario(players=3, seed=7, prepare=prepare)


def salary_choice_example(game):
    """Rulebook 3: 薪水階段: wealth 2 pays two workers, so with three at work the player chooses. Player 1's
    workers stand on buildings with an action (a worker is placed only to carry one out)."""
    def prepare(state, events):
        for seat, (coast, workers) in enumerate([
                (["merchants-dock", "docks", "shipyard", "workshop"], (0, 1, 2)),
                (["colonial-house", "market", "shipyard", "market"], (0, 2)),
                (["colonial-house", "shipyard", "market", "shipyard"], (1,))]):
            _give_buildings(game, state, seat, coast, workers)
            _harbor(state, seat, 4)
        state.crown = 0
        _enter_round(game, state, 3, "salary", events)
        _note(state, events, "salary-choice", "aos.salary")
    return Scenario(players=3, seed=11, prepare=prepare)


def region_opening(game):
    """開放一個地區: the ship that fills the track opens the Far East; a 3-3 tie goes to the disc nearest the deck."""
    def prepare(state, events):
        for seat, coast in enumerate([["colonial-house", "shipyard", "market", "shipyard", "workshop"],
                                      ["merchants-dock", "shipyard", "workshop", "market", "shipyard"],
                                      ["colonial-house", "market", "shipyard", "workshop", "market"]]):
            _give_buildings(game, state, seat, coast)
            _harbor(state, seat, 4)
        # Far East (7 spaces on side A): six taken, farthest first; Player 2 leads 3 to 2.
        _on_track(game, state, "far-east", [1, 1, 0, 2, 1, 0])
        state.crown = 0
        _enter_round(game, state, 4, "action", events)
        _note(state, events, "region-opening", "aos.action.governor")
    return Scenario(players=3, seed=21, prepare=prepare)


def attack_connections(game):
    """進攻: taking London from Player 2 breaks their London-Amsterdam link and completes London-Bordeaux.
    Player 1's harbor holds enough discs for the attack and, a turn later, both actions of the Docks."""
    def prepare(state, events):
        for seat, coast in enumerate([["colonial-house", "shipyard", "workshop", "shipyard", "docks", "fortress",
                                       "market"],
                                      ["colonial-house", "market", "workshop", "shipyard", "docks", "bank", "shipyard"],
                                      ["merchants-dock", "market", "market", "workshop", "shipyard", "guild-hall",
                                       "workshop"]]):
            _give_buildings(game, state, seat, coast)
            _harbor(state, seat, 6 if seat == 0 else 5)
        _on_space(game, state, 1, "london")
        _on_space(game, state, 1, "amsterdam")       # Player 2 controls London-Amsterdam and took its token
        _on_space(game, state, 0, "bordeaux")        # London-Bordeaux still holds its token
        _on_space(game, state, 2, "lisbon")
        state.crown = 0
        _enter_round(game, state, 6, "action", events)
        _note(state, events, "attack", "aos.action.attack")
    return Scenario(players=3, seed=31, prepare=prepare, options={"side": "A"})


def abolition(game):
    """奴隸制的廢除: Player 1 can take the Europe 5; Player 2 then loses 5 industry and 2 wealth (the rulebook's example).

    Every hand fits its card limit, as it must after the discard phase of round 4: Player 2 holds the two
    slavery cards alone (limit 1 plus the extra slavery card), Player 3 holds Europe 2 and two slavery cards
    (influence 2: limit 2 plus the extra slavery card), and the Europe 1 and 3 that someone had to discard
    lie on the discard pile. Each player's presence in Europe reached the value of every card they took,
    and the Guild Halls gave them the acquire actions."""
    def prepare(state, events):
        for seat, coast in enumerate([["colonial-house", "shipyard", "market", "guild-hall", "workshop", "shipyard"],
                                      ["merchants-dock", "shipyard", "workshop", "guild-hall", "docks", "market"],
                                      ["colonial-house", "market", "workshop", "shipyard", "guild-hall", "shipyard"]]):
            _give_buildings(game, state, seat, coast)
            _harbor(state, seat, 4)
        for space in ("london", "amsterdam", "hamburg", "north-sea-fleet", "genoa"):
            _on_space(game, state, 0, space)          # presence 5 in Europe
        for space in ("lisbon", "seville", "mediterranean-fleet"):
            _on_space(game, state, 1, space)          # presence 3: enough for the Slavery 3
        for space in ("venice", "bordeaux"):
            _on_space(game, state, 2, space)          # presence 2: enough for the Europe 2
        for seat, cards in ((0, ["europe-0", "europe-4"]), (1, ["slavery-2", "slavery-3"]),
                            (2, ["europe-2", "slavery-0", "slavery-1"])):
            for card in cards:
                _give_card(game, state, seat, card)
        for card in ("europe-1", "europe-3"):         # discarded in an earlier discard phase
            state.decks["europe"].remove(card)
            state.discard.append(card)
        state.crown = 0
        _enter_round(game, state, 5, "action", events)
        _note(state, events, "abolition", "aos.action.abolition")
    return Scenario(players=3, seed=41, prepare=prepare, options={"side": "A"})


def card_limit(game):
    """5: 棄牌階段: influence 3 allows 2 cards plus 1 slavery card and the governor in its free slot. Round 4,
    before the lesson's abolition position (round 5): slavery has not been abolished at this table."""
    def prepare(state, events):
        for seat, coast in enumerate([["colonial-house", "market", "shipyard", "guild-hall", "workshop"],
                                      ["merchants-dock", "shipyard", "workshop", "market", "docks"],
                                      ["colonial-house", "market", "workshop", "shipyard", "bank"]]):
            _give_buildings(game, state, seat, coast)
            _harbor(state, seat, 3)
        _on_track(game, state, "india", [0, 1, 0, 2, 0, 1])     # India opened; Player 1 became governor
        _open(state, "india")
        _give_card(game, state, 0, "governor-india")
        state.players[0].governor_slot = "governor-india"
        _on_track(game, state, "south-america", [0])
        _on_track(game, state, "africa", [0, 2])
        _on_space(game, state, 0, "bordeaux")                   # presence 1 in Europe: the Europe 1 was in reach
        for card in ("south-america-1", "europe-0", "europe-1", "slavery-0"):
            _give_card(game, state, 0, card)
        state.crown = 0
        _enter_round(game, state, 4, "discard", events, seat=0)
        _note(state, events, "card-limit", "aos.discard.limit")
    return Scenario(players=3, seed=51, prepare=prepare, options={"side": "A"})


def final_scoring(game):
    """遊戲結束以及最終算分: a game played by the rules up to the last discard phase, ready to score."""
    def prepare(state, events):
        chooser = Rng(2018)
        log: list = []
        while not (state.round == game.mat.rounds and state.phase == "discard" and state.to_move is not None):
            if state.to_move is None:
                game.auto_step(state, log)
                continue
            options = game.legal_actions(state)
            busy = [a for a in options if a.id != "pass"]
            pick = chooser.choice(busy) if busy and chooser.below(6) else chooser.choice(options)
            game.apply(state, pick, log)
        _note(state, events, "final-scoring", "aos.scoring", seat=state.steps[0][1])
    return Scenario(players=3, seed=61, prepare=prepare, options={"side": "A"})


SCENARIOS = {"build-level": build_level_example, "salary-choice": salary_choice_example,
             "region-opening": region_opening, "attack": attack_connections, "abolition": abolition,
             "card-limit": card_limit, "final-scoring": final_scoring}
