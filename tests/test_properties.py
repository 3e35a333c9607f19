"""Property tests: random full games of Endeavor: Age of Sail for every player count, board side,
phase order and Silent Fleet rule never crash, never offer an illegal move, keep the conservation
laws at every step, and survive saving, undo and redo at any step (DESIGN.md section 7).

`check_laws(state)` is the reference statement of the conservation laws; test_endeavor_aos.py uses
it too, on the positions it builds by hand.
"""

from __future__ import annotations

import json
import pickle
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines import Match
from engines.core.rng import Rng
from engines.endeavor.components import REGIONS

GAME = "endeavor-aos"
G = engines.get_game(GAME)
SILENT = {"silent_fleet": True}
ALL_SILENT_RULES = {"sf_restricted_occupy": True, "sf_no_token_reaction": True, "sf_scarce_buildings": True}

# Every player count with the side the rulebook suggests and the other one (a suggestion, not a rule),
# the Silent Fleet on both sides and with each of its optional rules, each in both phase orders.
SETUPS = [
    (2, {"side": "A"}),
    (2, {"side": "B"}),
    (3, {"side": "A"}),
    (3, {"side": "B"}),
    (4, {"side": "A"}),
    (4, {"side": "B"}),
    (5, {"side": "B"}),
    (5, {"side": "A"}),
    (2, {**SILENT, "side": "A"}),
    (2, {**SILENT, "side": "B"}),
    (2, {**SILENT, "side": "A", "sf_restricted_occupy": True}),
    (2, {**SILENT, "side": "B", "sf_no_token_reaction": True}),
    (2, {**SILENT, "side": "A", "sf_scarce_buildings": True}),
    (2, {**SILENT, "side": "B", **ALL_SILENT_RULES}),
]
CONFIGS = [(players, {**options, "phase_order": order}) for players, options in SETUPS
           for order in ("beginner", "experienced")]


def config_id(config):
    players, options = config
    flags = [k.replace("sf_", "").replace("_", "-") for k, v in options.items() if v is True]
    return "-".join([f"{players}p", options["side"], options["phase_order"][:3], *flags])


def new(players, seed, options):
    return engines.new_match(GAME, players=players, seed=seed, options=options)


# == the conservation laws ========================================================================
def discs_on_map(state, seat):
    return (sum(1 for o in state.owner.values() if o == seat)
            + sum(track.count(seat) for track in state.track.values())
            + sum(sea[seat] for sea in state.sea.values()))


def fits_card_limit(player, game=G):
    """The discard phase's arrangement: governor-slot card outside; limit (Age of Sail: + 1 slavery card),
    never above 5."""
    regular = [c for c in player.cards if c != player.governor_slot]
    limit = min(game.mat.level(player.attributes[3]), game.mat.max_cards)
    extra = 1 if game.slavery_extra and any(game.cards[c].slavery for c in regular) else 0
    return len(regular) <= min(game.mat.max_cards, limit + extra)


def check_laws(state, game=G):
    """Every conservation law of the position, in either edition; raises AssertionError naming the broken one."""
    board = game.board(state)
    discs = game.mat.discs
    seats = len(state.players) + (1 if state.silent_seat is not None else 0)
    memorial_pending = Counter(p[1] for p in state.pending if p[0] == "memorial")
    # -- discs: a fixed number per player, wherever they are; as many for the Silent Fleet -----------
    for seat, p in enumerate(state.players):
        assert min(p.supply, p.harbor) >= 0, ("negative discs", seat, p.supply, p.harbor)
        assert len(p.workers) == len(p.buildings) and set(p.workers) <= {0, 1}, ("workers", seat)
        total = (p.supply + p.harbor + sum(p.workers) + discs_on_map(state, seat) + sum(p.memorial)
                 + memorial_pending[seat])
        assert total == discs, ("discs", seat, total)
    if state.silent_seat is not None:
        fleet = state.silent_seat
        assert state.silent_supply >= 0
        assert all(sea[fleet] == 0 for sea in state.sea.values()), "the Silent Fleet never sails to an open sea"
        assert state.silent_supply + discs_on_map(state, fleet) == discs, ("silent discs", state.silent_supply)
    else:
        assert state.silent_supply == 0
        assert all(o is None or o < len(state.players) for o in state.owner.values())
    # -- presence is a true count of the discs in each region --------------------------------------
    for region, counts in state.presence.items():
        assert len(counts) == len(state.presence["europe"])
        for seat in range(seats):
            real = (sum(1 for s, o in state.owner.items() if o == seat and board.spaces[s]["region"] == region)
                    + state.track.get(region, []).count(seat)
                    + (state.sea[region][seat] if region in state.sea else 0))
            assert counts[seat] == real, ("presence", region, seat, counts[seat], real)
    # -- tokens (2009: markers): every one of them, each kind in its number ----------------------------
    token_of_attribute = {k.attribute: k.id for k in game.tokens.values() if k.attribute is not None}
    where = Counter()
    for space, token in state.space_tokens.items():
        assert (token is None) == (state.owner[space] is not None), ("token and disc on one space", space)
        if token:
            where[token] += 1
    for region, tokens in state.track_tokens.items():
        for owner, token in zip(state.track[region], tokens):
            assert (token is None) == (owner is not None), ("token and disc on one track space", region)
            if token:
                where[token] += 1
    for name, token in state.connection_tokens.items():
        if token:
            assert board.connections[name]["kind"] == "token"
            where[token] += 1
    for p in state.players:
        assert min(p.attribute_tokens) >= 0 and min(p.action_tokens.values(), default=0) >= 0
        for attribute, count in enumerate(p.attribute_tokens):
            where[token_of_attribute[attribute]] += count
        where.update(p.action_tokens)
    where.update(state.removed_tokens)
    assert sum(where.values()) == sum(k.count for k in game.tokens.values()), ("tokens", sum(where.values()))
    assert {k: n for k, n in where.items() if n} == {k.id: k.count for k in game.tokens.values()}, "tokens by kind"
    # -- cards: all 48, each in exactly one place ----------------------------------------------------
    places = [c for deck in state.decks.values() for c in deck] + state.discard + state.removed_cards \
        + list(state.governors.values()) + [c for p in state.players for c in p.cards + p.slavery_down]
    assert sorted(places) == sorted(game.cards), ("cards", len(places), Counter(places).most_common(2))
    for deck, cards in state.decks.items():
        values = [game.cards[c].value for c in cards]
        assert values == sorted(values, reverse=True), ("deck order", deck)
        assert all(game.cards[c].deck == deck and not game.cards[c].governor for c in cards)
    assert all(game.cards[c].slavery for p in state.players for c in p.slavery_down)
    assert all(not game.cards[c].governor for c in state.discard), "governors never go to the discard pile"
    assert game.discard_pile or not state.discard, "2009 has no discard pile: cards go back into their stacks"
    for p in state.players:
        assert p.governor_slot is None or (p.governor_slot in p.cards and game.cards[p.governor_slot].governor)
    # a governor stays apart (2009: on top of its stack) exactly while its region is closed
    assert set(state.governors) == {r for r in REGIONS if not state.open[r]}
    for region in REGIONS:
        assert state.open[region] == (None not in state.track[region]), ("open", region)
    if state.abolished:
        assert state.decks["slavery"] == []
        assert not any(game.cards[c].slavery for p in state.players for c in p.cards)
    # -- buildings: tray + coastlines + removed == copies; the level-5 tiles in play, the rest face down --
    level5 = {b.id for b in game.buildings.values() if b.level == 5}
    regular = {b.id: b for b in game.buildings.values() if 1 <= b.level <= 4}
    built = Counter(b for p in state.players for b in p.buildings)
    removed = Counter(state.removed_buildings)
    for b, building in regular.items():
        assert state.supply[b] >= 0
        assert state.supply[b] + built[b] + removed[b] == building.copies, ("buildings", b)
    face_up = {b for b in state.supply if b in level5}
    face_down = set(state.level5_face_down)
    assert len(face_up) == game.mat.level5_in_play and face_up | face_down == level5 and not face_up & face_down
    for b in face_up:
        assert state.supply[b] + built[b] + removed[b] == 1, ("level 5", b)
    assert not face_down & (set(built) | set(removed))
    assert set(state.supply) == set(regular) | face_up
    for p in state.players:
        starts = [slot for slot, b in enumerate(p.buildings) if game.buildings[b].level == 0]
        assert starts == ([0] if p.buildings else [])
        assert len(p.buildings) <= min(max(state.round, 0) + 1, game.mat.coastline_slots)
        if not game.chooses_start:      # 2009: at most one level-5 building each
            assert sum(1 for b in p.buildings if game.buildings[b].level == 5) <= 1
    # -- attributes: the cubes count the icons of buildings, cards, tokens and the Memorial -------
    for seat, p in enumerate(state.players):
        icons = [sum(game.buildings[b].icons[a] for b in p.buildings) + sum(game.cards[c].icons[a] for c in p.cards)
                 + p.attribute_tokens[a] + p.memorial[a] for a in range(4)]
        assert p.attributes == icons, ("attributes", seat, p.attributes, icons)
        assert sum(p.memorial) == 0 or any(game.buildings[b].special == "memorial" for b in p.buildings)
    # -- after the discard phase and until the next action phase every hand fits the limit --------
    if state.phase in ("build", "growth", "salary", "scarce", "end", "over"):
        for seat, p in enumerate(state.players):
            assert fits_card_limit(p, game), ("card limit", seat, p.cards, p.attributes[3])


def check_match(m, at_end=True):
    """The laws, plus what the contract promises about the decision on offer."""
    check_laws(m.state)
    legal = m.legal_actions()
    legal_ids = {a.id for a in legal}
    assert len(legal_ids) == len(legal), "an action is offered twice"
    if m.is_over:
        assert m.to_move is None and legal == [] and m.round == G.mat.rounds
    elif m.to_move is None:
        assert legal == [] and m.automatic_pending
    else:
        assert legal, "a decision with nothing to choose"
        for action in legal:
            assert m.why_not(action.id) is None, action.id
        for action, reason in m.candidates():
            assert (reason is None) == (action.id in legal_ids), action.id
            if reason is not None:
                assert m.why_not(action.id) == reason
        if m.state.pending:
            assert m.to_move == m.state.pending[-1][1]
        else:
            assert m.view()["step"]["seat"] == m.to_move
    for seat, score in m.scores().items():
        assert score["total"] == sum(score["parts"].values())
    if at_end:
        assert m.position == len(m.timeline)


def play_random_game(players, seed, options, bot_seed, on_step=None):
    m = new(players, seed, options)
    rng = Rng(bot_seed)
    check_match(m)
    steps = 0
    while not m.is_over:
        if m.to_move is None:
            assert m.legal_actions() == []
            m.advance(step=True)
        else:
            action = rng.choice(m.legal_actions())
            assert m.why_not(action.id) is None
            m.play(action.id)
        steps += 1
        check_match(m)
        if on_step:
            on_step(m, rng)
        assert steps < 2000, "the game does not end"
    return m


# == random full games ============================================================================
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_every_law(config, seed):
    players, options = config
    m = play_random_game(players, seed, options, bot_seed=seed * 31 + players)
    assert m.is_over and m.round == 7 and m.phase == "over"
    assert sum(1 for e in m.log if e.rule == "aos.flow.rounds") == 7
    assert m.options == {**G.resolve_options(players, None), **options}
    assert {"aos.action.turn", "aos.action.pass", "aos.action.activate"} <= {e.rule for e in m.log}
    json.dumps(m.view())


def test_every_configuration_is_covered():
    assert len(CONFIGS) == 28
    covered = {(p, o["side"], o["phase_order"], bool(o.get("silent_fleet"))) for p, o in CONFIGS}
    for players, sides in ((2, "AB"), (3, "AB"), (4, "AB"), (5, "AB")):
        for side in sides:
            for order in ("beginner", "experienced"):
                assert (players, side, order, False) in covered
    for side in "AB":
        assert (2, side, "beginner", True) in covered and (2, side, "experienced", True) in covered
    for rule in ALL_SILENT_RULES:
        assert any(o.get(rule) and not any(o.get(r) for r in ALL_SILENT_RULES if r != rule) for _, o in CONFIGS)
    # a side that does not exist is refused
    with pytest.raises(ValueError, match="side"):
        new(3, 1, {"side": "C"})


def every_offered_action_keeps_the_laws(m, rng):
    """Try each legal action on a copy of the position: it applies and the laws still hold."""
    if m.to_move is None:
        return
    frozen = pickle.dumps(m.state, 5)
    for action in m.legal_actions():
        state = pickle.loads(frozen)
        m.game.apply(state, action, [])
        check_laws(state)
        if not state.over and m.game.to_move(state) is not None:
            assert m.game.legal_actions(state), f"after {action.id}: a decision with nothing to choose"


@pytest.mark.parametrize("players,options", [(4, {"side": "B", "phase_order": "beginner"}),
                                             (2, {**SILENT, **ALL_SILENT_RULES, "side": "A",
                                                  "phase_order": "experienced"})],
                         ids=["4p-B", "2p-silent-all"])
def test_every_offered_action_applies_and_keeps_the_laws(players, options):
    m = play_random_game(players, 5, options, bot_seed=9, on_step=every_offered_action_keeps_the_laws)
    assert m.is_over


def undo_redo_sometimes(m, rng):
    if rng.below(6) == 0:
        saved, view, log = m.to_json(), m.view(), [e.to_json() for e in m.log]
        assert m.undo()
        assert m.position == len(m.timeline) - 1
        check_match(m, at_end=False)
        assert m.redo()
        assert (m.to_json(), m.view(), [e.to_json() for e in m.log]) == (saved, view, log)


@pytest.mark.parametrize("players,options", [
    (2, {**SILENT, "side": "B", "phase_order": "experienced", "sf_restricted_occupy": True}),
    (4, {"side": "A", "phase_order": "beginner"})], ids=["2p-silent", "4p-A"])
def test_undo_then_redo_at_random_points(players, options):
    m = play_random_game(players, 17, options, bot_seed=5, on_step=undo_redo_sometimes)
    assert m.is_over and m.branches == []


def round_trip(m, rng):
    saved = m.to_json()
    restored = Match.from_json(saved)
    assert restored.to_json() == saved
    assert restored.view() == m.view()
    for seat in range(m.players):
        assert restored.view(seat) == m.view(seat)
    assert [a.id for a in restored.legal_actions()] == [a.id for a in m.legal_actions()]
    assert pickle.dumps(restored.state, 5) == pickle.dumps(m.state, 5)


@pytest.mark.parametrize("players,options", [
    (2, {**SILENT, "side": "A", "phase_order": "beginner", "sf_scarce_buildings": True,
         "sf_no_token_reaction": True}),
    (3, {"side": "A", "phase_order": "experienced"})], ids=["2p-silent", "3p-A"])
def test_json_round_trip_at_every_step(players, options):
    m = play_random_game(players, 8, options, bot_seed=8, on_step=round_trip)
    round_trip(m, None)


@pytest.mark.parametrize("players,options", [(2, {**SILENT, **ALL_SILENT_RULES, "side": "B"}),
                                             (5, {"side": "B"})], ids=["2p-silent", "5p"])
def test_same_seed_same_game(players, options):
    a = play_random_game(players, 12, options, bot_seed=3)
    b = play_random_game(players, 12, options, bot_seed=3)
    assert a.timeline == b.timeline and a.to_json() == b.to_json()
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]
    assert a.scores() == b.scores()
    c = play_random_game(players, 13, options, bot_seed=3)
    assert c.to_json() != a.to_json()


@pytest.mark.parametrize("players,options", [(2, {}), (2, {**SILENT, **ALL_SILENT_RULES}), (3, {}),
                                             (4, {"side": "B"}), (5, {})],
                         ids=["2p", "2p-silent", "3p", "4p-B", "5p"])
def test_greedy_bot_games_complete(players, options):
    def greedy_game():
        m = engines.new_match(GAME, players=players, seed=40 + players, options=options)
        bots = {s: (engines.GreedyBot(s) if s % 2 == 0 else engines.RandomBot(s)) for s in range(players)}
        steps = 0
        while not m.is_over:
            if m.to_move is None:
                m.advance(step=True)
            else:
                m.play(bots[m.to_move].choose(m))
            steps += 1
            assert steps < 3000, "the game does not end"
            if steps % 7 == 0:
                check_laws(m.state)
        return m
    m = greedy_game()
    assert m.is_over and m.round == 7
    check_match(m)
    assert greedy_game().to_json() == m.to_json()          # bots are seeded too


def test_greedy_bot_prefers_what_the_game_rates_best():
    """In the build-level example the greedy bot takes a building its heuristic rates highest."""
    m = engines.scenario(GAME, "build-level")
    choice = engines.GreedyBot(0).choose(m)
    values = {}
    for action in m.legal_actions():
        probe = Match.from_json(m.to_json())
        probe.play(action.id)
        values[action.id] = G.heuristic(probe.state, 0)
    assert values[choice.id] == max(values.values())
    assert m.position == 0 and m.state.players[0].buildings[-1] == "shipyard"   # nothing was played


@settings(max_examples=45, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32), bot_seed=st.integers(0, 2**16))
def test_hypothesis_random_games(config, seed, bot_seed):
    players, options = config
    m = play_random_game(players, seed, options, bot_seed)
    assert m.is_over


@settings(max_examples=15, deadline=None, database=None, derandomize=True)
@given(seed=st.integers(0, 10_000), jumps=st.lists(st.integers(0, 400), min_size=1, max_size=12),
       silent=st.booleans())
def test_hypothesis_goto_anywhere(seed, jumps, silent):
    """goto to any position gives the position recorded when the line was first played."""
    views, logs = [], []

    def record(m, rng):
        views.append(m.view())
        logs.append(len(m.log))

    players, options = (2, {**SILENT, "side": "B"}) if silent else (3, {"side": "A"})
    first = new(players, seed, options)
    play_random_game(players, seed, options, bot_seed=seed, on_step=record)
    m = play_random_game(players, seed, options, bot_seed=seed)
    views.insert(0, first.view())
    logs.insert(0, len(first.log))
    end = m.position
    for jump in jumps:
        position = jump % (end + 1)
        m.goto(position)
        assert m.view() == views[position]
        assert len(m.log) == logs[position]
        check_laws(m.state)
    m.goto(end)
    assert m.view() == views[end] and m.is_over
    check_match(m)


def _mid_game(players=3, options=None, steps=120):
    m = new(players, 4, options or {"side": "A"})
    rng = Rng(4)
    while m.position < steps and not m.is_over:
        m.advance(step=True) if m.to_move is None else m.play(rng.choice(m.legal_actions()).id)
    return m


def _first_space(state, owned):
    return next(s for s, o in state.owner.items() if (o is not None) == owned)


def _memorial_disc(state):
    """A disc under the culture track as if by the Memorial (counted right), but no Memorial is built."""
    player = next(p for p in state.players if "memorial" not in p.buildings)
    player.memorial[1] += 1
    player.attributes[1] += 1
    player.supply -= 1


CORRUPTIONS = {
    "a disc appears in the supply": lambda s: setattr(s.players[0], "supply", s.players[0].supply + 1),
    "a disc moves without its count": lambda s: s.owner.__setitem__(_first_space(s, False), 1),
    "presence not updated": lambda s: s.presence["europe"].__setitem__(0, s.presence["europe"][0] + 1),
    "a token vanishes": lambda s: s.removed_tokens.pop() if s.removed_tokens else s.space_tokens.__setitem__(
        _first_space(s, False), None),
    "a token changes kind": lambda s: s.removed_tokens.append("ship") or s.players[0].attribute_tokens.__setitem__(
        0, s.players[0].attribute_tokens[0] - 1) or s.players[0].attributes.__setitem__(
        0, s.players[0].attributes[0] - 1),
    "a card is copied": lambda s: s.discard.append(s.decks["india"][-1]),
    "a card vanishes": lambda s: s.decks["india"].pop(),
    "a building tile appears": lambda s: s.supply.__setitem__("market", s.supply["market"] + 1),
    "a level-5 tile turns over": lambda s: s.level5_face_down.pop(),
    "a cube moves alone": lambda s: s.players[1].attributes.__setitem__(2, s.players[1].attributes[2] + 1),
    "a memorial disc without the Memorial": lambda s: _memorial_disc(s),
    "a region opens early": lambda s: s.open.__setitem__(next(r for r in REGIONS if not s.open[r]), True),
}


@pytest.mark.parametrize("case", list(CORRUPTIONS))
def test_the_laws_can_fail(case):
    """The control of every test above: each law notices a position that breaks it."""
    m = _mid_game()
    check_laws(m.state)
    state = pickle.loads(pickle.dumps(m.state, 5))
    CORRUPTIONS[case](state)
    with pytest.raises(AssertionError):
        check_laws(state)
