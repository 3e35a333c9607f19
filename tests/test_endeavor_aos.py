"""Endeavor: Age of Sail, one or more tests per rule id of engines/endeavor/data/rules.toml.

Each test names its rule id in its docstring ("aos.x" first, "/ aos.y" for more); the rulebook's own
worked examples (000_98ba3dcda373bef6.txt) are tests too. tests/test_every_game.py checks that every
catalogued rule id is cited here.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import engines
from engines import IllegalAction
from engines.endeavor.components import DATA, REGIONS
from engines.endeavor.state import Player
from games import bots as bots_for, edited, new_for, play_out, refresh, start_here, step
from test_properties import check_laws, fits_card_limit

GAME = "endeavor-aos"
G = engines.get_game(GAME)
INDUSTRY, CULTURE, WEALTH, INFLUENCE = range(4)
LEVEL5 = sorted(b.id for b in G.buildings.values() if b.level == 5)


# -- helpers --------------------------------------------------------------------------------------
new = new_for(GAME, players=3)


def start_tiles(m, sides=None, leave=0):
    """Choose start tiles (Colonial House unless told) until `leave` players are left to choose."""
    sides = list(sides or [])
    while m.phase == "start" and len(m.state.steps) > leave:
        m.play(f"start:{sides.pop(0) if sides else 'colonial-house'}")
    return m


def give(m, seat, *buildings, workers=()):
    """Put buildings on a coastline as if built earlier: taken from the tray, icons counted."""
    player = m.state.players[seat]
    for building in buildings:
        if G.buildings[building].level:
            m.state.supply[building] -= 1
        player.buildings.append(building)
        player.workers.append(0)
        for attribute, count in enumerate(G.buildings[building].icons):
            player.attributes[attribute] += count
    for slot in workers:
        player.workers[slot] = 1
        player.supply -= 1


def build_all(m, building="shipyard"):
    """Everyone builds `building` in the build phase (beginner order)."""
    while m.phase == "build":
        if m.to_move is None:
            m.advance(step=True)
        else:
            m.play(f"build:{building}")


def ids(actions):
    return [a.id for a in actions]


def step_sequence(m, bots, rounds):
    """The (phase, seat) of each stage of `rounds`, in the order they were played; the action phase,
    where the seats take turns, counts as one stage ("action", None)."""
    sequence = {}
    while not m.is_over:
        step_ = m.view()["step"]
        if m.round in rounds:
            stages = sequence.setdefault(m.round, [])
            stage = (step_["phase"], None if step_["phase"] == "action" else step_["seat"])
            if not stages or stages[-1] != stage:
                stages.append(stage)
        step(m, bots)
    return sequence


# -- positions of the action and discard phases, built by hand -------------------------------------
# Each helper keeps every conservation law of tests/test_properties.py (check_laws): discs move from
# the supply, tokens that a disc replaces leave the game, cards move from one place to another.
def board_of(m):
    return G.boards[m.state.options["side"]]


def to_action(players=3, seed=1, build="shipyard", round_number=4, **options):
    """The action phase of the first round: everyone took the Colonial House and built `build`; the crown
    is to move. Each player has harbor 3 (growth 2 + the paid start worker) and supply 32. The round is
    then numbered `round_number`, so that tests may add the buildings of earlier rounds; that position is
    the match's start."""
    m = new(players, seed, **options)
    start_tiles(m)
    while m.phase != "action" or m.to_move is None:
        if m.to_move is None:
            m.advance(step=True)
        elif m.phase == "build":
            m.play(f"build:{build}")
        else:
            m.play(m.legal_actions()[0])
    m.state.round = round_number
    return start_here(m)


def turn_of(m, seat):
    """Make it `seat`'s turn of the action phase."""
    m.state.steps[0] = ("action", seat)
    return refresh(m)


def set_harbor(m, seat, n):
    player = m.state.players[seat]
    player.supply += player.harbor - n
    player.harbor = n
    assert player.supply >= 0
    edited(m)


def _token_places(state):
    for name in state.space_tokens:
        yield ("space", name)
    for region, tokens in state.track_tokens.items():
        for index in range(len(tokens)):
            yield ("track", region, index)
    for name in state.connection_tokens:
        yield ("connection", name)


def _token_at(state, place):
    if place[0] == "track":
        return state.track_tokens[place[1]][place[2]]
    return (state.space_tokens if place[0] == "space" else state.connection_tokens)[place[1]]


def _set_token(state, place, token):
    if place[0] == "track":
        state.track_tokens[place[1]][place[2]] = token
    else:
        (state.space_tokens if place[0] == "space" else state.connection_tokens)[place[1]] = token


def put_token(m, place, kind, keep=()):
    """Swap two tokens of the board so that `place` holds one of `kind` (places in `keep` stay as they are)."""
    state = m.state
    if _token_at(state, place) == kind:
        return
    other = next(p for p in _token_places(state) if p != place and p not in keep and _token_at(state, p) == kind)
    mine = _token_at(state, place)
    assert mine is not None, place
    _set_token(state, other, mine)
    _set_token(state, place, kind)
    edited(m)


def grant_token(m, seat, kind):
    """Give a player a token of `kind` from a round connection, as if they had claimed it."""
    state = m.state
    place = next(("connection", c) for c, t in state.connection_tokens.items() if t is not None)
    put_token(m, place, kind)
    _set_token(state, place, None)
    player, token = state.players[seat], G.tokens[kind]
    if token.attribute is None:
        player.action_tokens[kind] = player.action_tokens.get(kind, 0) + 1
    else:
        player.attribute_tokens[token.attribute] += 1
        player.attributes[token.attribute] += 1
    edited(m)


def place_disc(m, seat, space):
    """A disc (of a player, or of the Silent Fleet) from its supply onto an empty city or fleet, as if
    placed earlier; the token it took is out of the game."""
    state = m.state
    assert state.owner[space] is None, space
    state.owner[space] = seat
    state.presence[board_of(m).spaces[space]["region"]][seat] += 1
    if seat == state.silent_seat:
        state.silent_supply -= 1
    else:
        state.players[seat].supply -= 1
    state.removed_tokens.append(state.space_tokens[space])
    state.space_tokens[space] = None
    edited(m)


def fill_track(m, region, owners, governor_to=None):
    """Discs on the next free spaces of a shipping track (farthest first), their tokens out of the game.
    A full track opens the region; its governor goes to `governor_to` (icons counted) or out of the game."""
    state = m.state
    track = state.track[region]
    for owner in owners:
        index = track.index(None)
        track[index] = owner
        state.presence[region][owner] += 1
        if owner == state.silent_seat:
            state.silent_supply -= 1
        else:
            state.players[owner].supply -= 1
        state.removed_tokens.append(state.track_tokens[region][index])
        state.track_tokens[region][index] = None
    if None not in track:
        state.open[region] = True
        governor = state.governors.pop(region)
        if governor_to is None:
            state.removed_cards.append(governor)
        else:
            give_card(m, governor_to, governor, source=None)
    edited(m)


def open_region(m, region, owner, governor_to=None):
    fill_track(m, region, [owner] * state_track_free(m, region), governor_to)


def state_track_free(m, region):
    return m.state.track[region].count(None)


def give_card(m, seat, card, source="deck"):
    """A card into a player's hand, with its icons: from the top of its deck, the discard pile, or (source
    None) already taken out of its place by the caller."""
    state = m.state
    if source == "deck":
        deck = state.decks[G.cards[card].deck]
        deck.remove(card)
    elif source == "discard":
        state.discard.remove(card)
    player = state.players[seat]
    player.cards.append(card)
    if G.cards[card].governor and player.governor_slot is None:
        player.governor_slot = card
    for attribute, count in enumerate(G.cards[card].icons):
        player.attributes[attribute] += count
    edited(m)


def to_discard_pile(m, *cards):
    """Cards from their decks to the Europe discard pile, as if discarded earlier."""
    for card in cards:
        m.state.decks[G.cards[card].deck].remove(card)
        m.state.discard.append(card)
    edited(m)


def everyone_passes(m):
    """Every player still in the action phase passes."""
    while m.phase == "action" and m.to_move is not None and not m.state.pending:
        m.play("pass")


def rules_of(events):
    return [e.rule for e in events]


# == setup (初始設置) ============================================================================
def test_aos_setup_board_sides_by_player_count():
    """aos.setup.board: the rulebook suggests side A for 2-3 or a fierce 4 and side B for a calm 4 or 5, but
    forbids no side: every player count may choose either, the default follows the suggestion, and the option
    carries the suggestion as its hint (shown by the new-game dialog), naming the rulebook's section, never the
    rule's id (a page shows no rule id)."""
    choices = {n: {o.id: o for o in G.options(n)}["side"] for n in range(2, 6)}
    for n in range(2, 6):
        assert choices[n].choices == ("A", "B")
        hint = choices[n].hint
        assert hint.key == "aos.option.side.hint"
        for lang, section, words in (("en", "(Components)", "side A for 2 or 3 players"), ("zh-Hant", "（配件）", "建議")):
            assert "aos." not in hint.render(lang) and section in hint.render(lang) and words in hint.render(lang)
    assert [choices[n].default for n in range(2, 6)] == ["A", "A", "A", "B"]
    for n in range(2, 5):
        assert new(n).options["side"] == "A"
        assert new(n).view()["side"] == "A"
    assert new(5).options["side"] == "B"
    assert new(4, side="B").view()["side"] == "B"
    assert new(2, side="B", silent_fleet=True).view()["side"] == "B"
    # against the suggestion, still allowed: 3 players on B, 5 on A, 2 on B without the Silent Fleet
    for players, side in ((3, "B"), (5, "A"), (2, "B")):
        m = new(players, side=side)
        assert m.view()["side"] == side and len(m.state.owner) == len(G.boards[side].spaces)
    event = next(e for e in new(5, seed=3).log if e.rule == "aos.setup.board")
    assert event.params == {"side": "B", "players": 5}
    assert "suggests" in engines.rules(GAME, "en")["aos.setup.board"]["text"]


def test_aos_setup_board_bad_option_refused():
    """aos.setup.board: an impossible side is refused, naming the option and the allowed values."""
    with pytest.raises(ValueError, match="option 'side' must be one of 'A', 'B', got 'C'"):
        new(4, side="C")
    with pytest.raises(ValueError, match="unknown option 'board'"):
        new(3, board="A")
    with pytest.raises(ValueError, match="unknown option 'silent_fleet'"):
        new(3, silent_fleet=True)
    with pytest.raises(ValueError, match="'sf_scarce_buildings' is an optional rule of the Silent Fleet"):
        new(2, sf_scarce_buildings=True)


def test_aos_setup_discs_35_per_player():
    """aos.setup.discs: 35 discs in the supply, the four cubes on 0."""
    m = new(4, seed=2)
    assert G.mat.discs == 35
    for p in m.view()["players"]:
        assert (p["supply"], p["harbor"]) == (35, 0)
        assert p["attributes"] == {"industry": 0, "culture": 0, "wealth": 0, "influence": 0}
        assert p["buildings"] == []
    start_tiles(m)
    for p in m.state.players:
        assert p.supply == 34 and p.workers == [1] and p.harbor == 0


def test_aos_setup_level5_three_face_up():
    """aos.setup.level5: of the 7 level-5 tiles, 3 face up in the tray, 4 face down out of the game."""
    m = new(3, seed=4)
    face_up = sorted(b for b in m.state.supply if G.buildings[b].level == 5)
    face_down = m.state.level5_face_down
    assert len(LEVEL5) == 7
    assert len(face_up) == 3 and all(m.state.supply[b] == 1 for b in face_up)
    assert len(face_down) == 4 and face_down == sorted(face_down)
    assert sorted(face_up + face_down) == LEVEL5
    first = next(e for e in m.log if e.rule == "aos.setup.level5")
    assert first.params["buildings"] == [f"building.{b}" for b in face_up]
    # levels 1-4: every tile of every type is in the tray
    for b in G.buildings.values():
        if 1 <= b.level <= 4:
            assert m.state.supply[b.id] == b.copies
    assert len(m.state.supply) == 12 + 3
    # the board hides which tiles are face down from the players, not from the narrator
    assert m.view()["level5_face_down"] == face_down
    assert m.view(0)["level5_face_down"] == 4
    tray = {t["id"]: t for t in m.view()["tray"]}
    assert sorted(b for b in tray if tray[b]["level"] == 5) == face_up


def test_aos_setup_level5_shuffled_by_seed():
    """aos.setup.level5: the face-up three are chosen at random (seeded)."""
    selections = [tuple(sorted(b for b in new(2, seed=s).state.supply if G.buildings[b].level == 5))
                  for s in range(30)]
    assert len(set(selections)) >= 8
    assert {b for selection in selections for b in selection} == set(LEVEL5)
    assert selections == [tuple(sorted(b for b in new(2, seed=s).state.supply if G.buildings[b].level == 5))
                          for s in range(30)]


def test_aos_setup_level5_face_down_cannot_be_built():
    """aos.setup.level5: a face-down building is refused with this rule, even at build level 5."""
    m = new(3, seed=4)
    start_tiles(m, leave=1)
    crown = m.state.crown
    m.state.players[crown].attributes[INDUSTRY] = 12
    start_tiles(m)
    assert m.to_move == crown
    offered = ids(m.legal_actions())
    for building in m.state.level5_face_down:
        assert f"build:{building}" not in offered
        assert m.why_not_rule(f"build:{building}") == "aos.setup.level5"
        assert m.why_not(f"build:{building}").key == "aos.why.face-down"
    for building in LEVEL5:
        if building not in m.state.level5_face_down:
            assert f"build:{building}" in offered


def test_aos_setup_crown_random_start_player():
    """aos.setup.crown: a random player takes the crown and chooses a start tile first."""
    crowns = []
    for seed in range(20):
        m = new(4, seed=seed)
        crown = m.state.crown
        crowns.append(crown)
        event = next(e for e in m.log if e.rule == "aos.setup.crown")
        assert (event.rule, event.seat) == ("aos.setup.crown", crown)
        assert m.view()["crown"] == crown
        order = []
        while m.phase == "start":
            order.append(m.to_move)
            m.play("start:colonial-house")
        assert order == [(crown + i) % 4 for i in range(4)]
    assert set(crowns) == {0, 1, 2, 3}


def test_aos_setup_start_tile_choice():
    """aos.setup.start-tile: Colonial House or Merchant's Dock, leftmost, one worker on it."""
    m = new(3, seed=1)
    crown = m.state.crown
    assert ids(m.legal_actions()) == ["start:colonial-house", "start:merchants-dock"]
    assert m.legal_actions()[1].label.render("en") == "Start with the Merchant's Dock"
    assert m.legal_actions()[0].label.render("zh-Hant") == "以殖民地時期房屋作為起始建築"
    events = m.play("start:merchants-dock")
    assert [(e.rule, e.seat, e.automatic) for e in events] == [
        ("aos.setup.start-tile", crown, False), ("aos.track.icons", crown, True)]
    assert events[1].params == {"attribute": "attribute.wealth", "amount": 1, "value": 1}
    dock = m.state.players[crown]
    assert dock.buildings == ["merchants-dock"] and dock.workers == [1] and dock.supply == 34
    assert dock.attributes == [0, 0, 1, 0]
    second = m.to_move
    assert second == (crown + 1) % 3
    events = m.play("start:colonial-house")
    assert [e.rule for e in events] == ["aos.setup.start-tile"]    # no icon on the Colonial House
    assert m.state.players[second].attributes == [0, 0, 0, 0]
    m.play("start:merchants-dock")                                  # the same side twice is fine
    assert m.phase == "build" and m.round == 1
    view = m.view()["players"][crown]
    assert view["buildings"] == [{"id": "merchants-dock", "level": 0, "workers": 1, "slot": 0}]


def test_aos_setup_start_tile_refuses_other_choices():
    """aos.setup.start-tile: only the two sides of the start tile can be chosen now."""
    m = new(3, seed=1)
    for bad, rule in [("build:market", "aos.flow.phases"), ("pay:0", "aos.flow.phases"),
                      ("activate:0", "aos.flow.phases"), ("discard:europe-0", "aos.flow.phases"),
                      ("fly:moon", "core.action.unknown")]:
        with pytest.raises(IllegalAction) as info:
            m.play(bad)
        assert info.value.rule == rule
    assert m.position == 0


def test_aos_setup_start_tile_unknown_tile_is_not_an_action():
    """aos.setup.start-tile: a building that is no side of the start tile is not an action of the game."""
    m = new(3, seed=1)
    for bad in ("start:market", "start:x", "start:"):
        assert m.why_not_rule(bad) == "core.action.unknown", bad


# == the flow of the game (遊戲流程, 前三個階段) ==================================================
def test_aos_flow_rounds_seven_rounds_crown_first():
    """aos.flow.rounds: seven rounds; in every phase the crown holder goes first."""
    m = play_out(new(4, seed=3), seed=3)
    begins = [e for e in m.log if e.rule == "aos.flow.rounds"]
    assert [e.params["round"] for e in begins] == [1, 2, 3, 4, 5, 6, 7]
    assert [e.text("en") for e in begins][0] == f"Round 1 begins; Player {begins[0].params['crown'] + 1} holds the crown."
    for e in begins:
        assert e.key == "aos.round.begin"
    # builds of each round, in order, start with the crown holder
    round_no = 0
    for e in m.log:
        if e.rule == "aos.flow.rounds":
            round_no, crown, builders = e.params["round"], e.params["crown"], []
        elif e.rule in ("aos.build", "aos.build.level.next") and round_no:
            builders.append(e.seat)
            if len(builders) == 4:
                assert builders == [(crown + i) % 4 for i in range(4)], round_no
    assert m.round == 7 and m.is_over


def test_aos_flow_phases_beginner_order():
    """aos.flow.phases: beginners play each phase around the table before the next one."""
    m = new(4, seed=5, phase_order="beginner")
    sequence = step_sequence(m, bots_for(4, 5), {1, 2, 7})
    for round_no, stages in sequence.items():
        crown = stages[0][1]
        order = [(crown + i) % 4 for i in range(4)]
        assert stages == ([("build", s) for s in order] + [("growth", s) for s in order]
                          + [("salary", s) for s in order] + [("action", None)]
                          + [("discard", s) for s in order] + [("end", None)]), round_no
    assert sequence[2][0][1] == (sequence[1][0][1] + 1) % 4
    begins = [e for e in m.log if e.key == "aos.action.begin"]
    crowns = [e.params["crown"] for e in m.log if e.rule == "aos.flow.rounds"]
    assert [e.seat for e in begins] == crowns and len(begins) == 7


class StayingBot(engines.RandomBot):
    """A random player who never asks to go back to the phase-by-phase order."""

    def choose(self, match):
        return self.rng.choice([a for a in match.legal_actions() if a.id != "order:phase-by-phase"])


def test_aos_flow_phases_experienced_order():
    """aos.flow.phases: experienced players do build, growth and salary together on their turn."""
    m = new(3, seed=5, phase_order="experienced")
    assert m.options["phase_order"] == "experienced"
    sequence = step_sequence(m, {s: StayingBot(50 + s) for s in range(3)}, {1, 4, 7})
    for round_no, stages in sequence.items():
        crown = stages[0][1]
        expected = [(phase, (crown + i) % 3) for i in range(3) for phase in ("build", "growth", "salary")]
        assert stages == expected + [("action", None)] + [("discard", (crown + i) % 3) for i in range(3)] \
            + [("end", None)], round_no
    assert m.view()["phase_order"] == "experienced"


def test_aos_flow_phases_back_to_phase_by_phase():
    """aos.flow.phases: in the experienced order a player deciding in the build or salary phase may ask to go
    back: the rest of the round's first three phases, and every later round, go phase by phase. The request is
    logged under the rule, undoable, saved, and the options of the match stay as chosen."""
    m = new(3, seed=5, phase_order="experienced")
    start_tiles(m)
    m.advance()
    crown = m.state.crown
    first, second, third = crown, (crown + 1) % 3, (crown + 2) % 3
    assert (m.phase, m.to_move) == ("build", first)
    assert "order:phase-by-phase" in ids(m.legal_actions())
    assert m.legal_actions()[-1].rule == "aos.flow.phases"
    assert m.legal_actions()[-1].label.render("en") == "Ask to return to the phase-by-phase order"
    m.play("build:shipyard")
    m.advance()                                     # the first player grows and pays at once
    assert (m.phase, m.to_move) == ("build", second)
    assert [s for s in m.state.steps[:7]] == [("build", second), ("growth", second), ("salary", second),
                                              ("build", third), ("growth", third), ("salary", third),
                                              ("action", crown)]
    saved_before = m.to_json()
    events = m.play("order:phase-by-phase")
    assert [(e.rule, e.key, e.seat, e.automatic) for e in events] == [
        ("aos.flow.phases", "aos.flow.back", second, False)]
    assert "phase-by-phase" in events[0].text("en") and "分階段" in events[0].text("zh-Hant")
    # the second player still decides the build, then the third builds before anyone grows
    assert (m.phase, m.to_move) == ("build", second)
    assert m.state.steps[:7] == [("build", second), ("build", third), ("growth", second), ("growth", third),
                                 ("salary", second), ("salary", third), ("action", crown)]
    assert "order:phase-by-phase" not in ids(m.legal_actions())
    assert m.why_not("order:phase-by-phase").key == "aos.why.order-in-use"
    assert m.view()["phase_order"] == "beginner" and m.options["phase_order"] == "experienced"
    layout = m.observation_layout()
    offset = sum(n for _, n in layout[:layout.index(("phase_by_phase", 1))])
    assert m.observation(0)[offset] == 1
    restored = engines.Match.from_json(m.to_json())
    assert restored.state.steps == m.state.steps and restored.view() == m.view()
    m.undo()
    assert m.view() == engines.Match.from_json(saved_before).view() and m.can_redo()
    assert m.view()["phase_order"] == "experienced" and "order:phase-by-phase" in ids(m.legal_actions())
    m.redo()
    assert m.view()["phase_order"] == "beginner"
    # later rounds are played phase by phase too
    bots = {s: StayingBot(70 + s) for s in range(3)}
    sequence = step_sequence(m, bots, {3})
    crown3 = sequence[3][0][1]
    order = [(crown3 + i) % 3 for i in range(3)]
    assert sequence[3][:9] == [(phase, seat) for phase in ("build", "growth", "salary") for seat in order]
    check_laws(m.state)


def test_aos_flow_phases_request_only_in_the_first_phases():
    """aos.flow.phases: the request is not offered in the beginner order, nor in the action phase, and the
    refusal says why."""
    m = new(3, seed=5)
    start_tiles(m)
    m.advance()
    assert "order:phase-by-phase" not in ids(m.legal_actions())
    assert m.why_not("order:phase-by-phase").key == "aos.why.order-in-use"
    m = to_action(3, seed=1, phase_order="experienced")
    assert m.why_not("order:phase-by-phase").key == "aos.why.order-not-now"
    assert m.why_not_rule("order:phase-by-phase") == "aos.flow.phases"
    assert "action phase" in m.why_not("order:phase-by-phase").render("en")


def test_aos_flow_phases_option():
    """aos.flow.phases: beginner order by default; an unknown order is refused."""
    assert new(2).options["phase_order"] == "beginner"
    with pytest.raises(ValueError, match="option 'phase_order' must be one of 'beginner', 'experienced'"):
        new(2, phase_order="fast")


def test_aos_flow_phases_wrong_phase_refused():
    """aos.flow.phases: an action of another phase is refused, naming both phases."""
    m = start_tiles(new(3, seed=1))
    reason = m.why_not("pay:0")
    assert m.why_not_rule("pay:0") == "aos.flow.phases"
    assert reason.render("en") == "Not now: this is the build phase, and “pay:0” belongs to the salary phase."
    assert reason.render("zh-Hant") == "現在不行：目前是建造階段，「pay:0」屬於薪水階段。"


@pytest.mark.parametrize("players, options", [(4, {"side": "A"}), (3, {"side": "B", "phase_order": "experienced"}),
                                              (2, {"silent_fleet": True, "sf_scarce_buildings": True})])
def test_aos_flow_phases_every_refused_id_names_its_rule(players, options):
    """aos.flow.phases / aos.salary / aos.action.activate / aos.action.payment / aos.action.turn / aos.action.combine:
    at every decision of random games, each id of the action table that is not legal now is refused by a rule
    of this game's catalog, never as "not an action of this game" nor with the kernel's bare "not now"."""
    catalog = engines.rules(GAME)
    for seed in (1, 2):
        m = new(players, seed, **options)
        bots = bots_for(players, seed)
        decisions = 0
        while not m.is_over:
            if m.to_move is not None:
                decisions += 1
                legal = {a.id for a in m.legal_actions()}
                for action_id in m.table.ids if decisions % 2 else ():
                    if action_id not in legal:
                        rule = m.why_not_rule(action_id)
                        assert rule in catalog, (seed, m.position, action_id, rule, m.why_not(action_id).render("en"))
            step(m, bots)


# == attribute icons and levels ==================================================================
def test_aos_track_icons_move_at_once():
    """aos.track.icons: each icon of a new building moves its cube up at once."""
    m = start_tiles(new(3, seed=1))
    seat = m.to_move
    events = m.play("build:workshop")          # industry 1, wealth 1
    assert [(e.rule, e.params.get("attribute"), e.params.get("amount"), e.params.get("value"))
            for e in events] == [("aos.build", None, None, None),
                                 ("aos.track.icons", "attribute.industry", 1, 1),
                                 ("aos.track.icons", "attribute.wealth", 1, 1)]
    assert m.state.players[seat].attributes == [1, 0, 1, 0]
    assert events[1].text("en") == f"Player {seat + 1}: industry +1 (now 1)."
    assert events[2].text("zh-Hant") == f"玩家{seat + 1}：財富+1（現在為1）。"
    seat = m.to_move
    m.play("build:market")                     # culture 1
    assert m.state.players[seat].attributes == [0, 1, 0, 0]


def test_aos_track_icons_theatre_adds_two_culture():
    """aos.track.icons / aos.build.level: rulebook example: the Theatre's two culture icons count at once."""
    m = engines.scenario(GAME, "build-level")
    before = list(m.state.players[0].attributes)
    events = m.play("build:theatre")
    icons = [e for e in events if e.rule == "aos.track.icons"]
    assert [(e.params["attribute"], e.params["amount"], e.params["value"]) for e in icons] == [
        ("attribute.culture", 2, before[CULTURE] + 2)]
    assert m.state.players[0].attributes == [before[0], before[1] + 2, before[2], before[3]]


@pytest.mark.parametrize("value,level", [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 3), (7, 4),
                                         (9, 4), (10, 5), (15, 5), (30, 5)])
def test_aos_track_levels_thresholds(value, level):
    """aos.track.levels: each track's value gives a level from 1 to 5."""
    assert G.mat.level(value) == level


def test_aos_track_levels_rulebook_examples():
    """aos.track.levels: industry 5 -> build level 3, culture 3 -> growth 3, wealth 2 -> salary 2,
    influence 3 -> card limit 2."""
    player = Player(35)
    player.attributes = [5, 3, 2, 3]
    assert G.build_level(player) == 3
    assert G.growth(player) == 3
    assert G.salary(player) == 2
    assert G.card_limit(player) == 2
    player.attributes = [0, 0, 0, 0]
    assert (G.build_level(player), G.growth(player), G.salary(player), G.card_limit(player)) == (1, 2, 1, 1)
    player.attributes = [40, 40, 40, 40]
    assert (G.build_level(player), G.growth(player), G.salary(player), G.card_limit(player)) == (5, 6, 5, 5)
    assert G.mat.max_cards == 5


def test_aos_track_levels_in_the_view():
    """aos.track.levels: the board shows the levels that the icons give (influence 3 -> card limit 2)."""
    m = start_tiles(new(3, seed=1))
    give(m, 0, "guild-hall", "fortress", "trade-office")     # influence 3, culture 1, industry 1, wealth 1
    view = m.view()["players"][0]
    assert view["attributes"] == {"industry": 1, "culture": 1, "wealth": 1, "influence": 3}
    assert view["levels"] == {"build": 1, "growth": 2, "salary": 1, "card_limit": 2}


# == 1: build (建造階段) ===========================================================================
def test_aos_build_leftmost_place_and_tray():
    """aos.build: one building from the tray to the leftmost empty place of the coastline."""
    m = start_tiles(new(3, seed=1))
    seat = m.to_move
    assert ids(m.legal_actions()) == ["build:market", "build:shipyard", "build:workshop"]
    events = m.play("build:shipyard")
    assert (events[0].rule, events[0].seat, events[0].automatic) == ("aos.build", seat, False)
    assert events[0].params == {"building": "building.shipyard", "level": 1, "build_level": 1}
    assert events[0].text("en") == f"Player {seat + 1} builds the Shipyard (level 1, build level 1)."
    assert m.state.supply["shipyard"] == 4
    assert m.view()["players"][seat]["buildings"][1] == {"id": "shipyard", "level": 1, "workers": 0, "slot": 1}
    assert m.to_move == (seat + 1) % 3


def test_aos_build_same_type_again():
    """aos.build: a type you already own may be built again (rulebook 1: 建造階段)."""
    m = engines.scenario(GAME, "build-level")
    assert m.state.players[0].buildings.count("shipyard") == 2
    assert "build:shipyard" in ids(m.legal_actions())
    m.play("build:shipyard")
    assert m.state.players[0].buildings[-1] == "shipyard"
    assert m.state.players[0].buildings.count("shipyard") == 3


def test_aos_build_sold_out():
    """aos.build: a type with no tile left in the tray is not offered."""
    m = new(3, seed=1)
    start_tiles(m, leave=1)
    m.state.supply["market"] = 0
    start_tiles(m)
    assert ids(m.legal_actions()) == ["build:shipyard", "build:workshop"]
    assert m.why_not_rule("build:market") == "aos.build"
    assert m.why_not("build:market").render("en") == "No Market is left in the tray."
    assert "build:market" not in ids(a for a, _ in m.candidates())


def test_aos_build_full_coastline_builds_nothing():
    """aos.build: with no empty place on the coastline there is nothing to build; the step is automatic."""
    m = new(3, seed=1)
    start_tiles(m, leave=1)
    crown = m.state.crown
    give(m, crown, *["market"] * 4, *["shipyard"] * 3)
    assert len(m.state.players[crown].buildings) == G.mat.coastline_slots == 8
    start_tiles(m)
    assert m.to_move is None and m.phase == "build"
    events = m.advance(step=True)
    assert [(e.rule, e.key, e.seat) for e in events] == [("aos.build", "aos.build.none", crown)]
    assert m.to_move == (crown + 1) % 3


def test_aos_build_candidates_explain_every_refusal():
    """aos.build / aos.build.level: the board shows every type in the tray, each refused one with its reason."""
    m = start_tiles(new(3, seed=1))
    candidates = dict((a.id, reason) for a, reason in m.candidates())
    assert len(candidates) == 15
    legal = {a for a, reason in candidates.items() if reason is None}
    assert legal == {"build:market", "build:shipyard", "build:workshop"}
    assert candidates["build:bank"].key == "aos.why.build-level"
    assert candidates["build:bank"].render("en") == "The Bank is level 2, above your build level 1 (industry 0)."


def test_aos_build_level_rulebook_example():
    """aos.build.level: rulebook example: industry 5 gives build level 3, so the Theatre may be built."""
    m = engines.scenario(GAME, "build-level")
    assert (m.round, m.phase, m.to_move) == (6, "build", 0)
    player = m.view()["players"][0]
    assert player["attributes"]["industry"] == 5
    assert player["levels"]["build"] == 3
    offered = ids(m.legal_actions())
    assert "build:theatre" in offered
    assert offered == [f"build:{b}" for b, left in m.state.supply.items()
                       if left and G.buildings[b].level <= 3]
    assert len(offered) == 9
    events = m.play("build:theatre")
    assert events[0].params == {"building": "building.theatre", "level": 3, "build_level": 3}
    assert m.view()["players"][0]["attributes"]["culture"] == 2
    assert m.state.players[0].buildings[-1] == "theatre"


def test_aos_build_level_refuses_higher_levels():
    """aos.build.level: a building above your build level is refused, naming both levels and the industry."""
    m = engines.scenario(GAME, "build-level")
    face_up5 = next(b for b in m.state.supply if G.buildings[b].level == 5)
    for building, level in [("memorial", 4), ("university", 4), (face_up5, 5)]:
        action = f"build:{building}"
        assert action not in ids(m.legal_actions())
        with pytest.raises(IllegalAction) as info:
            m.play(action)
        assert info.value.rule == "aos.build.level"
        assert info.value.text.params["level"] == level
        assert info.value.text.params["build_level"] == 3
        assert info.value.text.params["industry"] == 5
    assert m.why_not("build:memorial").render("en") == \
        "The Memorial is level 4, above your build level 3 (industry 5)."
    assert m.why_not("build:memorial").render("zh-Hant") == "紀念館是等級4，高於你的建造等級3（工業5）。"


def test_aos_build_level_scenario_narrates_the_example():
    """aos.build.level: the prepared position says what the rulebook example shows."""
    m = engines.scenario(GAME, "build-level")
    event = m.log[-1]
    assert (event.rule, event.seat) == ("aos.build.level", 0)
    assert "industry 5" in event.text("en") and "工業為5" in event.text("zh-Hant")


def test_aos_build_level_next_one_level_up():
    """aos.build.level.next: with nothing at or below the build level, the next level up is offered."""
    m = new(3, seed=1)
    start_tiles(m, leave=1)
    for b in ("market", "shipyard", "workshop"):
        m.state.supply[b] = 0
    start_tiles(m)
    seat = m.to_move
    assert seat is not None
    assert ids(m.legal_actions()) == ["build:docks", "build:bank", "build:guild-hall"]
    assert m.why_not_rule("build:theatre") == "aos.build.level"
    events = m.play("build:bank")
    assert events[0].rule == "aos.build.level.next"
    assert events[0].params == {"building": "building.bank", "level": 2, "build_level": 1}
    assert m.state.players[seat].attributes[WEALTH] == 2


def test_aos_build_level_next_nothing_higher():
    """aos.build.level.next: only one level up: at build level 3 with levels 1-3 gone, level 4 but no level 5."""
    m = new(3, seed=1)
    start_tiles(m, leave=1)
    crown = m.state.crown
    give(m, crown, "fortress", "docks", "workshop", "shipyard", "shipyard")
    assert G.build_level(m.state.players[crown]) == 3
    for b, left in m.state.supply.items():
        if G.buildings[b].level <= 3:
            m.state.supply[b] = 0
    start_tiles(m)
    assert m.to_move == crown
    assert ids(m.legal_actions()) == ["build:memorial", "build:university", "build:barracks"]
    for b in m.state.supply:
        if G.buildings[b].level == 5:
            assert m.why_not_rule(f"build:{b}") == "aos.build.level"


def test_aos_build_level_next_two_levels_up_is_too_far():
    """aos.build.level.next: at build level 1 with levels 1 and 2 gone, nothing can be built."""
    m = new(3, seed=1)
    start_tiles(m, leave=1)
    for b in m.state.supply:
        if G.buildings[b].level <= 2:
            m.state.supply[b] = 0
    start_tiles(m)
    assert m.to_move is None and m.phase == "build" and m.legal_actions() == []
    events = m.advance(step=True)
    assert [e.key for e in events] == ["aos.build.none"]
    assert events[0].text("en").endswith("can build nothing: no building is left within reach.")


# == 2: growth (增長階段) ==========================================================================
def test_aos_growth_round_one():
    """aos.growth: at culture 0 the growth is 2: two discs from the supply to the harbor."""
    m = start_tiles(new(3, seed=1))
    build_all(m, "shipyard")
    assert m.phase == "growth" and m.to_move is None
    crown = m.state.crown
    events = m.advance(step=True)
    assert [(e.rule, e.seat) for e in events] == [("aos.growth", crown)]
    assert events[0].params == {"amount": 2, "culture": 0, "harbor": 2}
    assert (m.state.players[crown].harbor, m.state.players[crown].supply) == (2, 32)
    assert events[0].text("en") == f"Player {crown + 1} grows: 2 discs to the harbor (culture 0); the harbor now holds 2."


def test_aos_growth_rulebook_example_culture_3():
    """aos.growth: rulebook example: culture 3 gives growth 3, so three discs go to the harbor."""
    m = start_tiles(new(3, seed=1))
    crown = m.state.crown
    give(m, crown, "theatre", "market")
    assert m.state.players[crown].attributes[CULTURE] == 3
    build_all(m, "shipyard")
    harbor, supply = m.state.players[crown].harbor, m.state.players[crown].supply
    events = m.advance(step=True)
    assert events[0].seat == crown
    assert events[0].params["amount"] == 3 and events[0].params["culture"] == 3
    assert m.state.players[crown].harbor == harbor + 3
    assert m.state.players[crown].supply == supply - 3
    other = m.advance(step=True)[0]
    assert other.params["amount"] == 2


@pytest.mark.parametrize("supply,taken", [(1, 1), (0, 0)])
def test_aos_growth_short_supply(supply, taken):
    """aos.growth.short: fewer discs in the supply than the growth: take what is left, the rest is lost."""
    m = start_tiles(new(3, seed=1))
    build_all(m, "shipyard")
    crown = m.state.crown
    player = m.state.players[crown]
    player.harbor += player.supply - supply          # keep all 35 discs: the rest wait in the harbor
    player.supply = supply
    harbor = player.harbor
    events = m.advance(step=True)
    assert [(e.rule, e.seat) for e in events] == [("aos.growth.short", crown)]
    assert events[0].params == {"wanted": 2, "amount": taken}
    assert (player.supply, player.harbor) == (0, harbor + taken)
    assert player.supply + player.harbor + sum(player.workers) == 35
    assert events[0].text("en") == \
        f"Player {crown + 1} should grow by 2 but only {taken} discs are left in the supply."
    assert events[0].text("zh-Hant") == f"玩家{crown + 1}應增長2個圓片，但供給只剩{taken}個。"
    # the next player grows normally
    assert m.advance(step=True)[0].rule == "aos.growth"


def test_aos_growth_exact_supply_is_not_short():
    """aos.growth.short: a supply equal to the growth is enough."""
    m = start_tiles(new(3, seed=1))
    build_all(m, "shipyard")
    player = m.state.players[m.state.crown]
    player.harbor += player.supply - 2
    player.supply = 2
    assert m.advance(step=True)[0].rule == "aos.growth"
    assert player.supply == 0


# == 3: salary (薪水階段) ==========================================================================
def test_aos_salary_rulebook_example_choose_two_of_three():
    """aos.salary: rulebook example: wealth 2 pays two workers; with three at work the player chooses."""
    m = engines.scenario(GAME, "salary-choice")
    assert (m.round, m.phase, m.to_move) == (3, "salary", 0)
    me = m.view()["players"][0]
    assert me["attributes"]["wealth"] == 2 and me["levels"]["salary"] == 2
    assert [b["workers"] for b in me["buildings"]] == [1, 1, 1, 0]
    assert ids(m.legal_actions()) == ["pay:0", "pay:1", "pay:2"]
    assert m.legal_actions()[1].label.render("en") == "Pay the worker on the Docks"
    events = m.play("pay:1")
    assert [(e.rule, e.key, e.automatic) for e in events] == [("aos.salary", "aos.salary.pay", False)]
    assert events[0].params == {"building": "building.docks", "paid": 1, "salary": 2}
    assert events[0].text("en") == "Player 1 pays the worker on the Docks (1 of 2)."
    # a second choice, by the same player; the paid building offers nothing more
    assert m.to_move == 0
    assert ids(m.legal_actions()) == ["pay:0", "pay:2"]
    assert m.why_not_rule("pay:1") == "aos.salary"
    assert m.why_not("pay:1").render("en") == "No worker stands on the Docks, so there is nobody to pay there."
    m.play("pay:2")
    player = m.state.players[0]
    assert player.workers == [1, 0, 0, 0]
    assert player.harbor == 6 and player.supply == 28
    assert m.to_move == 1                      # the third worker stays: it is the next player's turn


def test_aos_salary_scenario_other_players():
    """aos.salary: salary 1 with two workers is a choice; with one worker everything is paid automatically."""
    m = engines.scenario(GAME, "salary-choice")
    m.play("pay:0"), m.play("pay:1")
    assert m.to_move == 1
    assert ids(m.legal_actions()) == ["pay:0", "pay:2"]
    candidates = {a.id: reason for a, reason in m.candidates()}
    assert candidates["pay:0"] is None and candidates["pay:2"] is None
    assert candidates["pay:1"].key == "aos.why.no-worker"
    m.play("pay:2")
    assert m.state.players[1].workers == [1, 0, 0, 0] and m.state.players[1].harbor == 5
    assert m.to_move is None and m.phase == "salary"
    events = m.advance(step=True)
    assert [(e.key, e.seat) for e in events] == [("aos.salary.all", 2), ("aos.action.begin", 0)]
    assert events[0].params == {"amount": 1, "salary": 1}
    assert m.state.players[2].workers == [0, 0, 0, 0] and m.state.players[2].harbor == 5
    assert m.phase == "action" and m.to_move == 0          # the salary phase over, the crown acts first


def test_aos_salary_refuses_malformed_slots():
    """aos.salary: a slot that is not on the coastline is not an action, whatever digits it uses."""
    m = engines.scenario(GAME, "salary-choice")
    for bad in ("pay:8", "pay:99", "pay:-1", "pay:x", "pay:", "pay:01", "pay:²", "pay:٠", "pay: 1"):
        assert m.why_not_rule(bad) == "core.action.unknown", bad
        with pytest.raises(IllegalAction) as info:
            m.play(bad)
        assert info.value.rule == "core.action.unknown"
    assert m.position == 0 and m.to_move == 0


def test_aos_salary_empty_place_names_the_rule():
    """aos.salary / aos.action.activate / aos.action.payment: a place of the coastline that holds no building
    yet is in the action table (pay:4 … pay:7), so its refusal names the rule, not "not an action"."""
    m = engines.scenario(GAME, "salary-choice")
    assert len(m.state.players[m.to_move].buildings) == 4
    for slot in range(4, 8):
        assert f"pay:{slot}" in m.table.index
        assert m.why_not_rule(f"pay:{slot}") == "aos.salary", slot
        with pytest.raises(IllegalAction) as info:
            m.play(f"pay:{slot}")
        assert info.value.rule == "aos.salary"
    assert m.why_not("pay:5").render("en") == "Place 6 of your coastline holds no building yet."
    assert m.why_not("pay:5").render("zh-Hant") == "你的海岸線第6格還沒有建築。"
    m = to_action(3, seed=1)                        # coastline: start tile and Shipyard
    assert m.why_not_rule("activate:2") == "aos.action.activate"
    assert m.why_not("activate:2").render("en") == "Place 3 of your coastline holds no building yet."
    m.play("activate:1")                            # the Shipyard: ship
    assert m.why_not_rule("payment:7") == "aos.action.payment"
    assert m.why_not("payment:7").key == "aos.why.empty-place"


def test_aos_salary_always_pays_as_many_as_allowed():
    """aos.salary: there is no way to stop early: the choice is only which workers."""
    m = engines.scenario(GAME, "salary-choice")
    m.play("pay:0")
    assert all(a.id.startswith("pay:") for a in m.legal_actions())
    assert m.to_move == 0


def test_aos_salary_round_one_pays_the_start_worker():
    """aos.salary: in round 1 the worker on the start building goes back to the harbor (salary 1)."""
    m = start_tiles(new(3, seed=1))
    build_all(m, "shipyard")
    m.advance(step=True), m.advance(step=True), m.advance(step=True)    # growth
    crown = m.state.crown
    events = m.advance(step=True)
    assert [(e.key, e.seat) for e in events] == [("aos.salary.all", crown)]
    assert events[0].text("en") == f"Player {crown + 1} pays every worker back to the harbor: 1 (salary 1)."
    assert m.state.players[crown].workers == [0, 0]
    assert m.state.players[crown].harbor == 3


def test_aos_salary_nobody_to_pay():
    """aos.salary: without workers on buildings there is nothing to pay."""
    m = start_tiles(new(2, seed=1))
    while m.round < 2 or m.phase != "salary":
        if m.to_move is None:
            m.advance(step=True)
        else:
            m.play("pass" if m.phase == "action" else m.legal_actions()[0])
    events = m.advance(step=True)
    assert [e.key for e in events] == ["aos.salary.none"]
    assert events[0].params["amount"] == 0


# == end of the round (回合結束) ===================================================================
@pytest.mark.parametrize("players", [3, 5])
def test_aos_round_end_crown_passes_left(players):
    """aos.round.end: the crown passes to the left (the next seat clockwise) after every round."""
    m = new(players, seed=players)
    first = m.state.crown
    play_out(m, seed=1)
    begins = [e.params["crown"] for e in m.log if e.rule == "aos.flow.rounds"]
    assert begins == [(first + r) % players for r in range(7)]
    ends = [e for e in m.log if e.rule == "aos.round.end"]
    assert [e.params["round"] for e in ends] == [1, 2, 3, 4, 5, 6]
    assert [e.seat for e in ends] == begins[1:]
    assert ends[0].text("en") == f"Round 1 ends; the crown passes to Player {begins[1] + 1}."


# == final scoring (遊戲結束以及最終算分) =========================================================
def test_aos_scoring_game_ends_after_round_seven():
    """aos.scoring: after the seventh round the game ends; nobody moves any more."""
    m = play_out(new(4, seed=9), seed=2)
    assert m.is_over and m.to_move is None and m.round == 7 and m.phase == "over"
    assert m.legal_actions() == [] and m.view()["step"] is None
    last = m.log[-1]
    assert (last.rule, last.key) == ("aos.scoring", "aos.game.end")
    scores = m.scores()
    assert last.params["winners"] == m.winners()
    assert last.params["totals"] == {str(s): v["total"] for s, v in scores.items()}
    best = max(v["total"] for v in scores.values())
    assert m.winners() == [s for s, v in scores.items() if v["total"] == best]
    for s, v in scores.items():
        assert set(v["parts"]) == {"tracks", "cities", "buildings", "cards", "governor_slot", "discs", "slavery"}
        assert v["total"] == sum(v["parts"].values())
    with pytest.raises(IllegalAction) as info:
        m.play("build:market")
    assert info.value.rule == "core.game.over"
    # every player built once a round: the start building and seven more
    assert all(len(p.buildings) == 8 for p in m.state.players)


def test_aos_scoring_tied_players_share_the_victory():
    """aos.scoring: tied players share the victory."""
    m = new(3, seed=1)
    for p in m.state.players:
        p.attributes, p.harbor = [4, 4, 4, 4], 6
    assert m.winners() == [0, 1, 2]
    m.state.players[1].harbor = 9
    assert m.winners() == [1]


@pytest.mark.parametrize("value,glory", [(10, 10), (5, 4), (6, 4), (12, 12), (0, 0), (1, 0), (4, 4), (3, 2)])
def test_aos_scoring_tracks_slide_back(value, glory):
    """aos.scoring.tracks: a cube off a glory space slides back to the nearest one below
    (rulebook: industry 10 -> 10, culture 5 -> 4, wealth 6 -> 4, influence 12 -> 12)."""
    assert G.mat.track_glory(value) == glory


def test_aos_scoring_tracks_never_above_the_cube():
    """aos.scoring.tracks: sliding back never moves a cube forward, and a higher cube never scores less."""
    values = [G.mat.track_glory(v) for v in range(45)]
    assert all(g <= v for v, g in enumerate(values))
    assert values == sorted(values)


def test_aos_scoring_rulebook_example_parts_a_and_d():
    """aos.scoring.tracks / aos.scoring.discs: rulebook example: A = 10 + 4 + 4 + 12 = 30, D = 1 for 3 discs."""
    m = new(3, seed=1)
    red = m.state.players[0]
    red.attributes, red.harbor = [10, 5, 6, 12], 3
    parts = m.scores()[0]["parts"]
    assert parts["tracks"] == 30
    assert parts["discs"] == 1


def test_aos_scoring_buildings_glory():
    """aos.scoring.buildings: every glory icon on the coastline's buildings counts."""
    m = new(3, seed=1)
    m.state.players[0].buildings = ["colonial-house", "memorial", "museum", "market"]
    expected = sum(G.buildings[b].glory for b in ("memorial", "museum"))
    assert expected == 4          # the stand-in values: Memorial 1, Museum 3
    assert m.scores()[0]["parts"]["buildings"] == expected
    assert m.scores()[1]["parts"]["buildings"] == 0


def test_aos_scoring_city_hall_counts_acquire_icons():
    """aos.scoring.city-hall: the City Hall scores one per acquire icon on all your buildings, its own included."""
    m = new(3, seed=1)
    coast = ["colonial-house", "city-hall", "guild-hall", "university", "exchange", "bank"]
    acquire = sum(G.buildings[b].actions.count("acquire") for b in coast)
    assert acquire == 4           # City Hall, Guild Hall, University, Exchange (stand-in actions)
    m.state.players[0].buildings = coast
    assert m.scores()[0]["parts"]["buildings"] == acquire + sum(G.buildings[b].glory for b in coast)
    m.state.players[1].buildings = [b for b in coast if b != "city-hall"]
    assert m.scores()[1]["parts"]["buildings"] == 0
    m.state.players[2].buildings = ["merchants-dock", "city-hall"]
    assert m.scores()[2]["parts"]["buildings"] == 1


def test_aos_scoring_governor_slot_empty():
    """aos.scoring.governor-slot: an empty free governor slot is worth 3 (no cards exist yet)."""
    m = play_out(new(2, seed=4))
    assert all(s["parts"]["governor_slot"] == 3 for s in m.scores().values())
    assert all(s["parts"]["governor_slot"] == 3 for s in new(5).scores().values())


@pytest.mark.parametrize("harbor,glory", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (35, 11)])
def test_aos_scoring_discs_one_per_three(harbor, glory):
    """aos.scoring.discs: one glory per three discs left in the harbor; the supply and workers do not count."""
    m = new(3, seed=1)
    player = m.state.players[0]
    player.harbor, player.supply = harbor, 35 - harbor
    assert m.scores()[0]["parts"]["discs"] == glory


def test_aos_scoring_total_of_a_fresh_game():
    """aos.scoring: before anything is built a player has the governor slot only."""
    scores = new(4, seed=1).scores()
    assert scores[0] == {"total": 3, "parts": {"tracks": 0, "cities": 0, "buildings": 0, "cards": 0,
                                               "governor_slot": 3, "discs": 0, "slavery": 0}}


# == trade tokens and asset decks (初始設置 B, C, D) ==============================================
def board_tokens(state):
    return [(p, _token_at(state, p)) for p in _token_places(state)]


@pytest.mark.parametrize("players,side", [(3, "A"), (5, "B")])
def test_aos_setup_tokens_one_on_every_circle(players, side):
    """aos.setup.tokens: the 95 tokens lie face up on every circle: shipping spaces, cities, fleets and
    round connections; square connections get none."""
    m = new(players, seed=3, side=side)
    state, board = m.state, G.boards[side]
    assert set(state.space_tokens) == set(board.spaces) and None not in state.space_tokens.values()
    for region, r in board.regions.items():
        if region == "europe":
            assert region not in state.track_tokens
        else:
            assert len(state.track_tokens[region]) == r["track"] and None not in state.track_tokens[region]
    for name, c in board.connections.items():
        assert (state.connection_tokens[name] is not None) == (c["kind"] == "token"), name
    kinds = Counter(token for _, token in board_tokens(state) if token)
    assert kinds == {k.id: k.count for k in G.tokens.values()}
    assert sum(kinds.values()) == 95 == board.circle_spaces()
    assert state.removed_tokens == [] and all(not p.action_tokens for p in state.players)
    event = next(e for e in m.log if e.rule == "aos.setup.tokens")
    assert event.params == {"side": side}
    check_laws(state)


def test_aos_setup_tokens_shuffled_by_seed():
    """aos.setup.tokens: the tokens are laid out at random, the same way for the same seed."""
    layouts = [tuple(board_tokens(new(3, seed=s).state)) for s in range(6)]
    assert len(set(layouts)) == 6
    assert layouts[2] == tuple(board_tokens(new(3, seed=2).state))


def test_aos_setup_decks_stacked_five_to_one():
    """aos.setup.decks: eight face-up decks stacked 5 (bottom) to 1 on top, Europe and Slavery with a
    0 on top; the six governors lie beside the board, one per region."""
    m = new(3, seed=1)
    state = m.state
    assert set(state.decks) == {"europe", "slavery", *REGIONS}
    for deck, cards in state.decks.items():
        assert [G.cards[c].value for c in cards] == ([5, 4, 3, 2, 1, 0] if deck in ("europe", "slavery")
                                                    else [5, 4, 3, 2, 1]), deck
        assert all(G.cards[c].deck == deck and not G.cards[c].governor for c in cards)
    assert sum(len(d) for d in state.decks.values()) == 42
    assert state.governors == {r: f"governor-{r}" for r in REGIONS}
    assert all(G.cards[g].governor for g in state.governors.values())
    assert state.discard == [] and state.removed_cards == [] and not state.abolished
    event = next(e for e in m.log if e.rule == "aos.setup.decks")
    assert event.params == {"decks": 8}
    # the board shows each deck's top card; only the teacher sees the order below it
    europe = next(r for r in m.view()["map"]["regions"] if r["id"] == "europe")
    assert [(d["id"], d["count"], d["top"]["id"]) for d in europe["decks"]] == [
        ("europe", 6, "europe-0"), ("slavery", 6, "slavery-0")]
    assert europe["decks"][0]["cards"] == state.decks["europe"]
    assert "cards" not in next(r for r in m.view(0)["map"]["regions"] if r["id"] == "europe")["decks"][0]


def test_aos_setup_discs_event():
    """aos.setup.discs: the setup says each player has 35 discs."""
    m = new(2, seed=1)
    event = next(e for e in m.log if e.rule == "aos.setup.discs")
    assert event.params == {"discs": 35}
    assert all(p.supply == 35 for p in m.state.players)


# == tracks past 15, tokens (行動階段的一般規則) ====================================================
def test_aos_track_extend_past_fifteen():
    """aos.track.extend: an attribute rises past the printed 15 (an extender continues the track); the
    event says so once, and the level stays 5."""
    m = to_action(3, seed=1)
    c = m.state.crown
    player = m.state.players[c]
    give(m, c, "guild-hall")                                  # acquire; culture 1, influence 1
    for _ in range(13):
        grant_token(m, c, "culture")
    fill_track(m, "india", [c])
    refresh(m)
    assert player.attributes[CULTURE] == 14 and G.mat.printed_length == 15
    m.play("activate:2")
    events = m.play("acquire:india")                          # India 1: culture 2
    extend = [e for e in events if e.rule == "aos.track.extend"]
    assert [(e.seat, e.params) for e in extend] == [(c, {"attribute": "attribute.culture", "value": 16})]
    assert player.attributes[CULTURE] == 16 and m.view()["players"][c]["levels"]["growth"] == 6
    check_laws(m.state)
    # the tracks keep scoring on the extenders (stand-in: a glory icon every 3 spaces)
    assert [G.mat.track_glory(v) for v in (15, 16, 17, 18, 20, 21)] == [15, 15, 15, 18, 18, 21]
    assert G.mat.level(40) == 5


def test_aos_track_extend_past_fifteen_by_a_token():
    """aos.track.extend: a brown token that takes the track past 15 is narrated like an icon of a card."""
    m = to_action(3, seed=1)
    c = m.state.crown
    player = m.state.players[c]
    for _ in range(15):
        grant_token(m, c, "culture")
    put_token(m, ("track", "india", 0), "culture")           # the sixteenth culture token
    assert player.attributes[CULTURE] == 15
    m.play("activate:1")
    events = m.play("ship:track:india")
    assert player.attributes[CULTURE] == 16
    assert [(e.seat, e.params) for e in events if e.rule == "aos.track.extend"] == [
        (c, {"attribute": "attribute.culture", "value": 16})]


def test_aos_token_attribute_raises_the_track():
    """aos.token.attribute: a brown token goes under its track and raises the attribute by one at once."""
    m = to_action(3, seed=1)
    seat = m.to_move
    put_token(m, ("track", "india", 0), "culture")
    player = m.state.players[seat]
    before = list(player.attributes)
    m.play("activate:1")
    events = m.play("ship:track:india")
    token = [e for e in events if e.rule == "aos.token.attribute"]
    assert [(e.seat, e.params) for e in token] == [
        (seat, {"token": "token.culture", "attribute": "attribute.culture", "value": before[CULTURE] + 1})]
    assert player.attribute_tokens == [0, 1, 0, 0]
    assert player.attributes == [before[0], before[1] + 1, before[2], before[3]]
    assert m.state.track_tokens["india"][0] is None
    assert m.view()["players"][seat]["attribute_tokens"]["culture"] == 1
    check_laws(m.state)


def test_aos_token_action_waits_in_the_harbor():
    """aos.token.action: a blue token waits in the harbor (no attribute changes) until spent."""
    m = to_action(3, seed=1)
    seat = m.to_move
    put_token(m, ("track", "india", 0), "acquire")
    player = m.state.players[seat]
    before = list(player.attributes)
    m.play("activate:1")
    events = m.play("ship:track:india")
    assert [(e.rule, e.params) for e in events if e.rule.startswith("aos.token")] == [
        ("aos.token.action", {"token": "token.acquire"})]
    assert player.action_tokens == {"acquire": 1} and player.attributes == before
    assert m.view()["players"][seat]["action_tokens"] == {"acquire": 1}
    # the token is there for a later turn: it can be spent instead of activating a building
    turn_of(m, seat)
    assert "token:acquire" in ids(m.legal_actions())
    check_laws(m.state)


# == 4: the action phase (行動階段) ==================================================================
def test_aos_action_turn_clockwise_skipping_who_passed():
    """aos.action.turn: from the crown clockwise, one action each; a player who passed is skipped;
    the phase ends when everyone has passed."""
    m = to_action(3, seed=1)
    c = m.state.crown
    a, b = (c + 1) % 3, (c + 2) % 3
    begin = next(e for e in m.log if e.key == "aos.action.begin")
    assert begin.seat == c and begin.rule == "aos.action.turn"
    assert m.to_move == c and m.view()["passed"] == [False, False, False]
    m.play("activate:1"), m.play("ship:track:india")
    assert m.to_move == a
    m.play("pass")
    assert m.to_move == b and m.state.passed[a]
    m.play("activate:1"), m.play("ship:track:india")
    assert m.to_move == c                          # a passed: skipped
    set_harbor(m, c, 2)
    m.play("activate:0"), m.play("occupy:london")
    assert m.to_move == b
    m.play("pass")
    assert m.to_move == c and m.phase == "action"  # only c is left: c goes on until passing
    events = m.play("pass")
    assert [(e.rule, e.key) for e in events] == [("aos.action.pass", "aos.action.pass"),
                                                 ("aos.action.turn", "aos.action.end")]
    assert m.phase == "discard" and m.state.passed == [True, True, True]
    assert events[1].text("en") and events[1].text("zh-Hant")
    check_laws(m.state)


def test_aos_action_pass_is_always_offered_and_lasts_the_phase():
    """aos.action.pass: passing is always possible; a player who passed takes no more actions this
    phase, and is back in the next round."""
    m = to_action(3, seed=2)
    c = m.state.crown
    a, b = (c + 1) % 3, (c + 2) % 3
    assert "pass" in ids(m.legal_actions()) and len(m.legal_actions()) > 1
    events = m.play("pass")
    assert [(e.rule, e.seat, e.automatic) for e in events] == [("aos.action.pass", c, False)]
    assert m.view()["players"][c]["passed"] is True
    seen = []
    for _ in range(2):
        for seat in (a, b):
            assert m.to_move == seat
            seen.append(seat)
            set_harbor(m, seat, 3)
            m.play("activate:1" if _ == 0 else "activate:0")
            m.play(m.legal_actions()[0])
    assert c not in seen
    m.play("pass"), m.play("pass")
    assert m.phase != "action"
    while m.phase != "action" or m.to_move is None:
        m.advance(step=True) if m.to_move is None else m.play(m.legal_actions()[0])
    assert m.round == 5 and m.state.passed == [False, False, False] and m.to_move == a


def test_aos_action_activate_moves_a_worker():
    """aos.action.activate: a disc from the harbor onto a free building, whose action follows."""
    m = to_action(3, seed=1)
    seat = m.to_move
    player = m.state.players[seat]
    events = m.play("activate:1")
    assert [(e.rule, e.seat, e.automatic) for e in events] == [("aos.action.activate", seat, False)]
    assert (events[0].params["building"], events[0].params["actions"]) == ("building.shipyard", ["action.ship"])
    assert (player.harbor, player.workers) == (2, [0, 1])
    assert m.to_move == seat and all(x.startswith("ship:") for x in ids(m.legal_actions()))
    assert m.why_not_rule("activate:0") == "aos.action.turn"          # one action a turn
    assert m.why_not("activate:0").key == "aos.why.turn-started"
    assert m.why_not_rule("pass") is not None
    check_laws(m.state)


def test_aos_action_activate_needs_a_free_building_a_disc_and_an_action():
    """aos.action.activate: refused on a building with a worker, with an empty harbor, on a building
    without action, and when the action would be impossible once the worker has left the harbor."""
    m = to_action(3, seed=1)
    seat = m.to_move
    give(m, seat, "market", "bank")                # market: no action; bank: payment
    refresh(m)
    reasons = {a.id: r for a, r in m.candidates() if a.id.startswith("activate:")}
    assert set(reasons) == {"activate:0", "activate:1", "activate:3"}   # the market shows no circle
    assert reasons["activate:0"] is None and reasons["activate:1"] is None
    assert reasons["activate:3"].key == "aos.why.nothing-to-do"           # no worker anywhere to pay
    assert m.why_not("activate:2").key == "aos.why.no-action"
    assert m.why_not("activate:2").params["building"] == "building.market"
    # a worker already on the building
    m.state.players[seat].workers[1] = 1
    m.state.players[seat].harbor -= 1
    refresh(m)
    assert m.why_not("activate:1").key == "aos.why.occupied"
    assert m.why_not_rule("activate:1") == "aos.action.activate"
    assert "activate:3" in ids(m.legal_actions())                       # now the bank has someone to pay
    # harbor 1: the worker would leave nothing to ship or occupy with
    set_harbor(m, seat, 1)
    assert m.why_not("activate:0").key == "aos.why.disc-needed-too"   # possible but for the worker's own disc: said so
    assert "activate:3" in ids(m.legal_actions())                       # payment needs no disc
    set_harbor(m, seat, 0)
    assert m.why_not("activate:3").key == "aos.why.no-disc"
    assert ids(m.legal_actions()) == ["pass"]
    check_laws(m.state)


def test_aos_action_activate_ruling_is_in_the_rule_text():
    """aos.action.activate (ruling): activation is offered only when an action can follow; the rule's own
    text states it in both languages, its note says it is a ruling, and the refusal names that rule."""
    rules = {lang: engines.rules(GAME, lang)["aos.action.activate"] for lang in ("en", "zh-Hant")}
    assert "only when at least one of its actions can then be carried out" in rules["en"]["text"]
    assert "至少能執行其中一個行動" in rules["zh-Hant"]["text"]
    assert "ruling" in rules["en"]["note"] and "裁定" in rules["zh-Hant"]["note"]
    m = to_action(3, seed=1)
    seat = m.to_move
    give(m, seat, "bank")
    refresh(m)
    assert m.why_not("activate:2").key == "aos.why.nothing-to-do"
    assert m.why_not_rule("activate:2") == "aos.action.activate"


def test_aos_action_token_is_spent_and_leaves_the_game():
    """aos.action.token: spending a blue token instead of a building: no worker, and the token leaves
    the game; a token whose action is impossible is not offered."""
    m = to_action(3, seed=1)
    seat = m.to_move
    grant_token(m, seat, "ship")
    grant_token(m, seat, "payment")
    player = m.state.players[seat]
    removed = len(m.state.removed_tokens)
    legal = ids(m.legal_actions())
    assert "token:ship" in legal and "token:payment" not in legal       # no worker to pay
    events = m.play("token:ship")
    assert [(e.rule, e.params) for e in events] == [("aos.action.token", {"token": "token.ship"})]
    assert player.action_tokens["ship"] == 0 and m.state.removed_tokens[removed:] == ["ship"]
    assert player.workers == [0, 0] and player.harbor == 3
    m.play("ship:track:africa")
    assert player.harbor == 2 and m.to_move != seat
    assert m.view()["players"][seat]["action_tokens"] == {"payment": 1}
    check_laws(m.state)


def test_aos_action_combine_plus_one_or_both_in_either_order():
    """aos.action.combine: '+' (Docks: ship + occupy): one action then 'done', or both in either order."""
    for first, second in (("ship", "occupy"), ("occupy", "ship")):
        m = to_action(3, seed=1)
        seat = m.to_move
        give(m, seat, "docks")
        refresh(m)
        m.play("activate:2")
        legal = ids(m.legal_actions())
        assert any(x.startswith("ship:") for x in legal) and any(x.startswith("occupy:") for x in legal)
        assert "done" not in legal                                      # at least one action first
        m.play(next(x for x in legal if x.startswith(f"{first}:")))
        legal = ids(m.legal_actions())
        assert m.to_move == seat and "done" in legal
        assert all(x == "done" or x.startswith(f"{second}:") for x in legal)
        m.play(next(x for x in legal if x.startswith(f"{second}:")))
        assert m.to_move != seat and m.state.turn is None               # both done: the turn is over
        assert m.state.players[seat].harbor == 0
        check_laws(m.state)
    m = to_action(3, seed=1)
    seat = m.to_move
    give(m, seat, "docks")
    refresh(m)
    m.play("activate:2"), m.play("occupy:london")
    assert m.legal_actions()[-1].id == "done" and m.legal_actions()[-1].rule == "aos.action.combine"
    m.play("done")
    assert m.to_move != seat and m.state.turn is None and m.state.players[seat].harbor == 1
    assert all(seat not in track for track in m.state.track.values())       # no ship was made


def test_aos_action_combine_done_refused_with_its_rule():
    """aos.action.combine / aos.action.turn: 'done' comes only after the first action of a '+' building, and
    'pass' only before a turn's action; each refusal names its rule."""
    m = to_action(3, seed=1)
    seat = m.to_move
    give(m, seat, "docks")
    refresh(m)
    assert m.why_not_rule("done") == "aos.action.combine"
    assert m.why_not("done").render("en") == \
        "No action is under way: “Done” only ends a turn on a '+' building after its first action."
    m.play("activate:2")
    assert m.why_not_rule("done") == "aos.action.combine"
    assert m.why_not("done").render("zh-Hant") == "請先執行一個行動：「結束」只用來略過「+」建築的第二個行動。"
    assert m.why_not_rule("pass") == "aos.action.turn" and m.why_not("pass").key == "aos.why.turn-started"
    m.play("occupy:london")
    assert "done" in ids(m.legal_actions()) and m.why_not_rule("pass") == "aos.action.turn"


def test_aos_action_combine_slash_only_one():
    """aos.action.combine: '/' (Trade Office: ship / occupy, and the occupy / attack token): just one."""
    m = to_action(3, seed=1)
    seat = m.to_move
    give(m, seat, "trade-office")
    refresh(m)
    m.play("activate:2")
    legal = ids(m.legal_actions())
    assert any(x.startswith("ship:") for x in legal) and any(x.startswith("occupy:") for x in legal)
    m.play("occupy:london")
    assert m.to_move != seat and m.state.turn is None and m.state.players[seat].harbor == 1
    turn_of(m, seat)
    grant_token(m, seat, "occupy-attack")
    place_disc(m, (seat + 1) % 3, "venice")
    m.play("token:occupy-attack")
    legal = ids(m.legal_actions())
    assert "occupy:amsterdam" in legal and "attack:venice" not in legal         # attack needs 2 discs
    assert m.why_not("attack:venice").key == "aos.why.harbor"
    m.play("occupy:amsterdam")
    assert m.to_move != seat and m.state.turn is None
    check_laws(m.state)


# -- ship (航行) ---------------------------------------------------------------------------------------
def test_aos_action_ship_track_farthest_free_space():
    """aos.action.ship.track: the farthest free space from the deck of a closed region, with its token;
    no presence is needed."""
    m = to_action(3, seed=1)
    c = m.state.crown
    fill_track(m, "far-east", [(c + 1) % 3, (c + 2) % 3])       # the rulebook example: two spaces taken
    token = m.state.track_tokens["far-east"][2]
    assert m.state.presence["far-east"][c] == 0
    m.play("activate:1")
    events = m.play("ship:track:far-east")
    assert events[0].rule == "aos.action.ship.track"
    assert events[0].params == {"region": "region.far-east", "space": 3, "length": 7}
    assert m.state.track["far-east"][:4] == [(c + 1) % 3, (c + 2) % 3, c, None]
    assert m.state.track_tokens["far-east"][2] is None and m.state.presence["far-east"][c] == 1
    taken = G.tokens[token]
    player = m.state.players[c]
    assert (player.attribute_tokens[taken.attribute] == 1) if taken.attribute is not None \
        else player.action_tokens == {token: 1}
    assert not m.state.open["far-east"]
    check_laws(m.state)


def test_aos_action_ship_track_only_closed_regions():
    """aos.action.ship.track: an open region's track is full and no longer a destination."""
    m = to_action(3, seed=1)
    open_region(m, "india", (m.state.crown + 1) % 3)
    m.play("activate:1")
    assert "ship:track:india" not in ids(m.legal_actions())
    assert m.why_not("ship:track:india").key == "aos.why.track-open"
    assert m.why_not_rule("ship:track:india") == "aos.action.ship.track"
    assert m.why_not("ship:track:atlantis").key == "core.action.unknown"


def test_aos_action_open_and_governor_to_most_discs():
    """aos.action.open / aos.action.governor: the last space opens the region; its governor goes to the
    player with the most discs on the track, with its icons, into the free governor slot."""
    m = to_action(4, seed=1)
    c = m.state.crown
    a, b = (c + 1) % 4, (c + 2) % 4
    fill_track(m, "africa", [a, a, a, b, c])                   # 6 spaces: one left
    m.play("activate:1")
    before = list(m.state.players[a].attributes)
    events = m.play("ship:track:africa")
    opened = [e for e in events if e.rule == "aos.action.open"]
    assert [e.params for e in opened] == [{"region": "region.africa", "most": 3}]
    governor = [e for e in events if e.rule == "aos.action.governor"]
    assert [(e.key, e.seat, e.params["card"]) for e in governor] == [
        ("aos.action.governor", a, "card.governor-africa")]
    assert m.state.open["africa"] and "africa" not in m.state.governors
    player = m.state.players[a]
    assert player.cards == ["governor-africa"] and player.governor_slot == "governor-africa"
    icons = G.cards["governor-africa"].icons
    assert player.attributes == [x + i for x, i in zip(before, icons)]
    assert m.view()["map"]["regions"][1]["open"] is True
    # now the region's fleets, open sea, cities and attacks are possible
    turn_of(m, b)
    m.play("activate:1")
    assert {"ship:fleet:guinea-fleet", "ship:sea:africa"} <= set(ids(m.legal_actions()))
    check_laws(m.state)


@pytest.mark.parametrize("track,winner", [((0, 1, 1, 0, 2), 0), ((1, 0, 0, 1, 2), 1)])
def test_aos_action_governor_tie_nearest_the_deck(track, winner):
    """aos.action.governor: a tie for most discs goes to the tied player whose disc is nearest the deck
    (seats 0 and 1 have two each; seat 3, who opens the region, one)."""
    m = to_action(4, seed=1)
    fill_track(m, "africa", list(track))
    turn_of(m, 3)
    m.play("activate:1")
    events = m.play("ship:track:africa")
    assert m.state.track["africa"] == list(track) + [3]
    governor = next(e for e in events if e.rule == "aos.action.governor")
    assert (governor.key, governor.seat, governor.params["most"]) == ("aos.action.governor.tie", winner, 2)
    assert m.state.players[winner].cards == ["governor-africa"]
    assert m.state.players[1 - winner].cards == [] and m.state.players[3].cards == []
    check_laws(m.state)


def test_aos_action_governor_rulebook_example_opener_wins_the_tie():
    """aos.action.governor: rulebook example: purple fills the last space of the Far East, ties blue for
    most discs and wins, her disc being nearest the deck."""
    m = to_action(3, seed=1)
    blue, yellow, purple = 0, 1, 2
    fill_track(m, "far-east", [yellow, blue, purple, blue, blue, purple])
    turn_of(m, purple)
    m.play("activate:1")
    events = m.play("ship:track:far-east")
    governor = next(e for e in events if e.rule == "aos.action.governor")
    assert (governor.key, governor.seat, governor.params["most"]) == ("aos.action.governor.tie", purple, 3)
    assert m.state.players[purple].cards == ["governor-far-east"]
    assert m.state.players[blue].cards == []
    assert governor.text("en") and governor.text("zh-Hant")
    check_laws(m.state)


def test_aos_action_ship_fleet_europe_and_open_regions():
    """aos.action.ship.fleet: an empty fleet of Europe or of an open region, with its token."""
    m = to_action(3, seed=1)
    c = m.state.crown
    m.play("activate:1")
    legal = ids(m.legal_actions())
    assert {"ship:fleet:north-sea-fleet", "ship:fleet:atlantic-fleet", "ship:fleet:mediterranean-fleet"} <= set(legal)
    assert "ship:fleet:guinea-fleet" not in legal
    assert m.why_not("ship:fleet:guinea-fleet").key == "aos.why.region-closed"
    assert m.why_not_rule("ship:fleet:guinea-fleet") == "aos.action.open"
    token = m.state.space_tokens["north-sea-fleet"]
    events = m.play("ship:fleet:north-sea-fleet")
    assert events[0].rule == "aos.action.ship.fleet" and events[0].params["space"] == "space.north-sea-fleet"
    assert m.state.owner["north-sea-fleet"] == c and m.state.space_tokens["north-sea-fleet"] is None
    assert m.state.presence["europe"][c] == 1
    assert token in m.state.players[c].action_tokens or sum(m.state.players[c].attribute_tokens) == 1
    # taken: nobody else can sail there
    m.play("activate:1")
    assert "ship:fleet:north-sea-fleet" not in ids(m.legal_actions())
    assert m.why_not("ship:fleet:north-sea-fleet").key == "aos.why.space-taken"
    check_laws(m.state)


def test_aos_action_ship_sea_open_regions_only_unlimited():
    """aos.action.ship.sea: the open sea of an open region (Europe has none) takes any number of discs
    of any players; it brings presence and no token."""
    m = to_action(3, seed=1)
    c = m.state.crown
    a = (c + 1) % 3
    open_region(m, "india", a)
    m.play("activate:1")
    legal = ids(m.legal_actions())
    assert "ship:sea:india" in legal and "ship:sea:africa" not in legal and "ship:sea:europe" not in legal
    assert m.why_not("ship:sea:africa").key == "aos.why.region-closed"
    assert m.why_not("ship:sea:europe").key == "aos.why.europe-no-sea"
    tokens = len(m.state.removed_tokens), dict(m.state.players[c].action_tokens)
    events = m.play("ship:sea:india")
    assert events[0].rule == "aos.action.ship.sea" and events[0].params["count"] == 1
    assert (len(m.state.removed_tokens), m.state.players[c].action_tokens) == tokens
    turn_of(m, a)
    for count in (1, 2):
        m.play("activate:1" if count == 1 else "token:ship")
        m.play("ship:sea:india")
        turn_of(m, a)
        grant_token(m, a, "ship")
    assert m.state.sea["india"][:3] == [1 if s == c else 2 if s == a else 0 for s in range(3)]
    assert m.state.presence["india"][a] == 6 + 2 and m.state.presence["india"][c] == 1
    assert m.view()["map"]["regions"][5]["sea"] == {str(c): 1, str(a): 2}
    check_laws(m.state)


# -- presence and occupy (勢力, 佔領) -------------------------------------------------------------------
def test_aos_action_presence_counts_every_disc_in_the_region():
    """aos.action.presence: discs on cities, fleets, the track and the open sea count; Europe always
    counts as present."""
    m = to_action(3, seed=1)
    c = m.state.crown
    assert m.state.presence["europe"][c] == 0
    fill_track(m, "india", [c, (c + 1) % 3])
    assert m.state.presence["india"][c] == 1 and m.state.presence["india"][(c + 1) % 3] == 1
    assert m.state.presence["africa"][c] == 0
    fill_track(m, "india", [c] * 4)
    place_disc(m, c, "bombay")
    m.state.sea["india"][c] += 1
    m.state.presence["india"][c] += 1
    m.state.players[c].supply -= 1
    assert m.state.presence["india"][c] == 1 + 4 + 1 + 1
    assert m.view()["map"]["regions"][5]["presence"][str(c)] == 7
    check_laws(m.state)
    # presence is what occupying needs outside Europe: c may occupy in India, the third player may not
    m.play("activate:0")
    assert "occupy:goa" in ids(m.legal_actions()) and "occupy:london" in ids(m.legal_actions())
    m.play("occupy:goa")
    assert m.state.presence["india"][c] == 8
    turn_of(m, (c + 2) % 3)
    m.play("activate:0")
    assert "occupy:madras" not in ids(m.legal_actions()) and "occupy:london" in ids(m.legal_actions())


def test_aos_action_occupy_needs_presence_except_in_europe():
    """aos.action.occupy / aos.action.presence: an empty city of Europe (no presence needed) or of an open
    region where you are present, with its token."""
    m = to_action(3, seed=1)
    c = m.state.crown
    a = (c + 1) % 3
    open_region(m, "india", a)
    open_region(m, "africa", c)
    m.play("activate:0")                        # Colonial House: occupy
    legal = ids(m.legal_actions())
    europe = [s for s, sp in board_of(m).spaces.items() if sp["region"] == "europe" and sp["kind"] == "city"]
    africa = [s for s, sp in board_of(m).spaces.items() if sp["region"] == "africa" and sp["kind"] == "city"]
    assert sorted(legal) == sorted(f"occupy:{s}" for s in europe + africa)
    assert m.why_not("occupy:bombay").key == "aos.why.no-presence"
    assert m.why_not_rule("occupy:bombay") == "aos.action.presence"
    assert m.why_not("occupy:recife").key == "aos.why.region-closed"
    assert m.why_not("occupy:guinea-fleet").key == "aos.why.not-a-city"
    token = m.state.space_tokens["cape-town"]
    events = m.play("occupy:cape-town")
    assert events[0].rule == "aos.action.occupy" and events[0].params == {"space": "space.cape-town",
                                                                          "region": "region.africa"}
    assert m.state.owner["cape-town"] == c and m.state.space_tokens["cape-town"] is None
    assert token in [e.params["token"].split(".")[1] for e in events if e.rule.startswith("aos.token")]
    turn_of(m, (c + 2) % 3)
    m.play("activate:0")
    assert m.why_not("occupy:cape-town").key == "aos.why.space-taken"
    check_laws(m.state)


# -- connections (控制通路) ------------------------------------------------------------------------------
def test_aos_action_connection_first_controller_takes_the_token():
    """aos.action.connection: holding both ends controls a connection; the first controller of a round
    one takes its token, later controllers nothing."""
    m = to_action(3, seed=1)
    c = m.state.crown
    put_token(m, ("connection", "london-amsterdam"), "influence")
    place_disc(m, c, "london")
    m.play("activate:0")
    before = m.state.players[c].attributes[INFLUENCE]
    events = m.play("occupy:amsterdam")
    connection = [e for e in events if e.rule == "aos.action.connection"]
    assert [(e.seat, e.params) for e in connection] == [(c, {"a": "space.london", "b": "space.amsterdam"})]
    assert m.state.connection_tokens["london-amsterdam"] is None
    assert m.state.players[c].attributes[INFLUENCE] >= before + 1
    assert m.view()["map"]["connections"][0]["controller"] == c
    check_laws(m.state)


def test_aos_action_connection_fleets_count_as_ends():
    """aos.action.connection: a fleet is an end of a connection like a city."""
    m = to_action(3, seed=1)
    c = m.state.crown
    put_token(m, ("connection", "seville-mediterranean-fleet"), "wealth")
    place_disc(m, c, "seville")
    m.play("activate:1")
    events = m.play("ship:fleet:mediterranean-fleet")
    assert ("aos.action.connection", c) in [(e.rule, e.seat) for e in events]
    assert m.state.connection_tokens["seville-mediterranean-fleet"] is None
    assert m.state.players[c].attribute_tokens[WEALTH] >= 1
    check_laws(m.state)


def test_aos_action_connection_square_and_claimed_ones_give_no_token():
    """aos.action.connection: a square connection has no token; a claimed one has none left."""
    m = to_action(3, seed=1)
    c = m.state.crown
    place_disc(m, c, "north-sea-fleet")
    m.play("activate:0")
    events = m.play("occupy:london")                  # london-north-sea-fleet is square
    assert "aos.action.connection" not in rules_of(events)
    assert G.scores(m.state)[c]["parts"]["cities"] == 2 + 1
    check_laws(m.state)


def test_aos_action_connection_attack_can_claim_an_unclaimed_token():
    """aos.action.connection / aos.action.attack: taking the other end by attack makes you the first
    controller, so you take the token; an already claimed connection gives nothing."""
    m = to_action(3, seed=1, build="shipyard")
    c = m.state.crown
    d = (c + 1) % 3
    give(m, c, "fortress")
    set_harbor(m, c, 3)
    put_token(m, ("connection", "genoa-venice"), "culture")
    place_disc(m, c, "genoa")
    place_disc(m, d, "venice")
    refresh(m)
    m.play("activate:2")
    events = m.play("attack:venice")
    assert ("aos.action.connection", c) in [(e.rule, e.seat) for e in events]
    assert m.state.connection_tokens["genoa-venice"] is None
    assert m.state.players[c].attribute_tokens[CULTURE] == 1
    check_laws(m.state)


# -- attack (進攻) ------------------------------------------------------------------------------------
def attack_position(players=3):
    m = to_action(players, seed=1)
    c = m.state.crown
    d = (c + 1) % players
    give(m, c, "fortress")
    set_harbor(m, c, 3)
    place_disc(m, d, "london")
    return refresh(m), c, d


def test_aos_action_attack_casualty_and_defender_to_supply():
    """aos.action.attack: one disc of yours back to your supply as a casualty, the defender's disc back
    to its supply, a second disc of yours on the space; no token."""
    m, c, d = attack_position()
    me, them = m.state.players[c], m.state.players[d]
    supply, their_supply = me.supply, them.supply
    tokens = (list(me.attribute_tokens), dict(me.action_tokens))
    m.play("activate:2")
    events = m.play("attack:london")
    attack = [e for e in events if e.rule == "aos.action.attack"]
    assert [(e.key, e.seat) for e in attack] == [("aos.action.attack", c), ("aos.action.casualty", c),
                                                 ("aos.action.casualty", d)]
    assert attack[0].params == {"space": "space.london", "defender": d}
    assert m.state.owner["london"] == c
    assert (me.harbor, me.supply, me.workers[2]) == (0, supply + 1, 1)
    assert them.supply == their_supply + 1
    assert m.state.presence["europe"][c] == 1 and m.state.presence["europe"][d] == 0
    assert (me.attribute_tokens, me.action_tokens) == tokens
    check_laws(m.state)


def test_aos_action_attack_needs_two_harbor_discs():
    """aos.action.attack: two discs from the harbor besides the worker: the Fortress needs a harbor of 3."""
    m, c, d = attack_position()
    set_harbor(m, c, 2)
    assert m.why_not("activate:2").key == "aos.why.disc-needed-too"
    set_harbor(m, c, 3)
    assert "activate:2" in ids(m.legal_actions())
    grant_token(m, c, "occupy-attack")
    set_harbor(m, c, 1)
    m.play("token:occupy-attack")
    assert m.why_not("attack:london").key == "aos.why.harbor"
    assert m.why_not_rule("attack:london") == "aos.action.attack"


def test_aos_action_attack_where_and_whom():
    """aos.action.attack: only an opponent's city or fleet, in Europe or an open region where you are
    present; not your own, not an empty space."""
    m, c, d = attack_position()
    e = (c + 2) % 3
    open_region(m, "india", d)
    place_disc(m, d, "bombay")
    place_disc(m, e, "hamburg")
    place_disc(m, d, "north-sea-fleet")
    place_disc(m, c, "venice")
    refresh(m)
    m.play("activate:2")
    legal = set(ids(m.legal_actions()))
    assert legal == {"attack:london", "attack:hamburg", "attack:north-sea-fleet"}
    assert m.why_not("attack:bombay").key == "aos.why.no-presence"
    assert m.why_not("attack:venice").key == "aos.why.own-space"
    assert m.why_not("attack:genoa").key == "aos.why.nothing-to-attack"
    assert m.why_not("attack:cape-town").key == "aos.why.region-closed"
    # with presence in India, Bombay can be attacked too
    m.state.sea["india"][c] += 1
    m.state.presence["india"][c] += 1
    m.state.players[c].supply -= 1
    edited(m)
    assert "attack:bombay" in ids(m.legal_actions())
    m.play("attack:north-sea-fleet")
    assert m.state.owner["north-sea-fleet"] == c
    check_laws(m.state)


def test_aos_building_memorial_turns_casualties_into_tokens():
    """aos.building.memorial: with the Memorial, each casualty (attacking or attacked) may go under one of
    the tracks it shows instead of back to the supply."""
    m = to_action(3, seed=1)
    c = m.state.crown
    d = (c + 1) % 3
    give(m, c, "memorial")                      # attack; culture or influence
    give(m, d, "memorial")
    set_harbor(m, c, 3)
    place_disc(m, d, "london")
    refresh(m)
    m.play("activate:2")
    events = m.play("attack:london")
    assert "aos.action.casualty" not in [e.key for e in events]
    assert [p[:2] for p in m.state.pending] == [("memorial", c), ("memorial", d)]
    assert m.to_move == d                         # the last casualty is asked first
    assert ids(m.legal_actions()) == ["memorial:culture", "memorial:influence", "memorial:supply"]
    assert m.why_not("pass").key == "aos.why.pending"
    assert m.why_not_rule("pass") == "aos.building.memorial"       # the waiting decision's rule
    check_laws(m.state)
    events = m.play("memorial:supply")
    assert [(e.key, e.seat) for e in events] == [("aos.action.casualty", d)]
    assert m.to_move == c
    culture = m.state.players[c].attributes[CULTURE]
    events = m.play("memorial:culture")
    assert [(e.rule, e.seat) for e in events][:1] == [("aos.building.memorial", c)]
    assert events[0].params == {"attribute": "attribute.culture", "value": culture + 1}
    assert m.state.players[c].memorial == [0, 1, 0, 0]
    assert m.state.players[c].attributes[CULTURE] == culture + 1
    assert m.state.pending == [] and m.to_move == (c + 1) % 3
    check_laws(m.state)


def test_aos_building_memorial_refuses_a_track_it_does_not_show():
    """aos.building.memorial: only a track the Memorial shows can take the casualty; another track is refused
    by this rule, not as 'another decision comes first'."""
    m = to_action(3, seed=1)
    c = m.state.crown
    give(m, c, "memorial")
    place_disc(m, (c + 1) % 3, "london")
    refresh(m)
    m.play("activate:2"), m.play("attack:london")
    assert m.to_move == c and "memorial:wealth" not in ids(m.legal_actions())
    assert m.why_not("memorial:wealth").key != "aos.why.pending"
    assert m.why_not_rule("memorial:wealth") == "aos.building.memorial"


def test_aos_building_memorial_choice_only_for_a_casualty():
    """aos.building.memorial: with no casualty waiting, a Memorial choice is refused by the Memorial's rule."""
    m = to_action(3, seed=1)
    assert m.why_not_rule("memorial:culture") == "aos.building.memorial"
    assert m.why_not("memorial:supply").render("en") == ("The Memorial's choice comes only when you own it and "
                                                         "one of your discs is lost as a casualty, attacking or attacked.")


# -- payment (支付) -------------------------------------------------------------------------------
def test_aos_action_payment_frees_a_worker_but_not_from_no_payment_buildings():
    """aos.action.payment: a worker back to the harbor; buildings with the no-payment icon (in the stand-in
    data the payment buildings: here the University) wait for the salary phase; the Fortress's worker may go."""
    m = to_action(3, seed=1)
    c = m.state.crown
    give(m, c, "bank", "university", "fortress", workers=(1,))
    player = m.state.players[c]
    for slot in (3, 4):
        player.workers[slot] = 1
        player.supply -= 1
    refresh(m)
    m.play("activate:2")
    legal = ids(m.legal_actions())
    assert "payment:1" in legal and "payment:4" in legal and "payment:3" not in legal
    assert m.why_not("payment:3").key == "aos.why.no-payment"
    assert m.why_not_rule("payment:3") == "aos.action.payment"
    assert m.why_not("payment:0").key == "aos.why.no-worker"
    harbor = player.harbor
    events = m.play("payment:1")
    assert [(e.rule, e.params) for e in events] == [("aos.action.payment", {"building": "building.shipyard"})]
    assert player.workers == [0, 0, 1, 1, 1] and player.harbor == harbor + 1
    check_laws(m.state)


@pytest.mark.parametrize("game", ["endeavor-aos", "endeavor-2009"])
def test_aos_action_payment_no_payment_icon_on_exactly_the_payment_buildings(game):
    """aos.action.payment: the stand-in data puts the no-payment icon on exactly the buildings whose own action
    is a payment (both editions), as the data files' headers and the README say; no other building shows it."""
    buildings = engines.get_game(game).buildings.values()
    assert {b.id for b in buildings if b.no_payment} == {b.id for b in buildings if "payment" in b.actions}
    path = DATA / ("2009/buildings.toml" if game == "endeavor-2009" else "buildings.toml")
    assert "exactly the" in path.read_text(encoding="utf-8") and "payment building" in \
        (DATA.parent / "README.md").read_text(encoding="utf-8")


def test_aos_action_payment_never_pays_its_own_activating_worker():
    """aos.action.payment (ruling): the University's payment may pay any other worker, never the one that
    activated the University this turn, before or after its acquire; the refusal says so both times."""
    m = to_action(3, seed=1)
    c = m.state.crown
    give(m, c, "university")
    player = m.state.players[c]
    player.workers[1] = 1                           # a worker still on the Shipyard
    player.supply -= 1
    refresh(m)
    m.play("activate:2")
    assert "payment:2" not in ids(m.legal_actions()) and "payment:1" in ids(m.legal_actions())
    before = m.why_not("payment:2")
    assert before.key == "aos.why.pay-self" and m.why_not_rule("payment:2") == "aos.action.payment"
    m.play("acquire:europe")                        # the other action first
    after = m.why_not("payment:2")
    assert after == before and "undo" not in after.render("en")
    assert "ruling" in after.render("en") and "裁定" in after.render("zh-Hant")
    assert ids(m.legal_actions()) == ["payment:1", "done"]
    m.play("payment:1")
    assert player.workers[:3] == [0, 0, 1]
    rule = engines.rules(GAME, "en")["aos.action.payment"]
    assert "activated" in rule["text"] and "ruling" in rule["note"]
    assert "裁定" in engines.rules(GAME, "zh-Hant")["aos.action.payment"]["note"]
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    assert "`aos.action.payment`" in readme
    check_laws(m.state)


# -- acquire (獲取) -------------------------------------------------------------------------------
def acquire_position(players=3, **options):
    m = to_action(players, seed=1, **options)
    c = m.state.crown
    give(m, c, "guild-hall")                       # acquire
    return refresh(m), c


def test_aos_action_acquire_presence_reaches_the_top_card():
    """aos.action.acquire: the top card of a deck whose value your presence reaches, open or not."""
    m, c = acquire_position()
    m.play("activate:2")
    assert ids(m.legal_actions()) == ["acquire:europe", "acquire:slavery"]     # the two 0s
    assert m.why_not("acquire:india").key == "aos.why.presence-low"
    assert m.why_not_rule("acquire:india") == "aos.action.presence"
    assert m.why_not("acquire:india").params["value"] == 1
    m.play("acquire:europe")
    player = m.state.players[c]
    assert player.cards == ["europe-0"] and m.state.decks["europe"][-1] == "europe-1"
    fill_track(m, "india", [c])                   # a closed region: presence 1 from the track
    m.state.players[c].workers[2] = 0             # the guild hall's worker paid back, as by a payment
    m.state.players[c].harbor += 1
    turn_of(m, c)
    m.play("activate:2")
    assert ids(m.legal_actions()) == ["acquire:slavery", "acquire:india"]     # Europe 1 needs presence 1
    before = list(player.attributes)
    events = m.play("acquire:india")
    assert events[0].rule == "aos.action.acquire" and events[0].params == {"card": "card.india-1", "value": 1}
    assert player.attributes == [x + i for x, i in zip(before, G.cards["india-1"].icons)]
    assert not m.state.open["india"]
    check_laws(m.state)


def test_aos_action_acquire_europe_presence_for_europe_and_slavery():
    """aos.action.acquire: presence in Europe counts for both European decks; value 2 needs two discs."""
    m, c = acquire_position()
    give_card(m, (c + 1) % 3, "europe-0")
    give_card(m, (c + 1) % 3, "europe-1")
    give_card(m, (c + 2) % 3, "slavery-0")
    give_card(m, (c + 2) % 3, "slavery-1")
    place_disc(m, c, "london")
    refresh(m)
    assert m.why_not("activate:2").key == "aos.why.nothing-to-do"   # the tops are both worth 2
    m.play("activate:0"), m.play("occupy:amsterdam")
    turn_of(m, c)
    m.play("activate:2")
    assert ids(m.legal_actions()) == ["acquire:europe", "acquire:slavery"]
    m.play("acquire:slavery")
    assert m.state.players[c].cards == ["slavery-2"]
    check_laws(m.state)


def test_aos_action_acquire_discard_any_card_of_the_pile():
    """aos.action.acquire.discard: any card of the Europe discard pile, not only the top one, if Europe
    presence reaches its value."""
    m, c = acquire_position()
    to_discard_pile(m, "europe-0", "europe-1", "india-1", "india-2")
    place_disc(m, c, "london")
    refresh(m)
    m.play("activate:2")
    legal = ids(m.legal_actions())
    assert {"acquire:discard:europe-1", "acquire:discard:india-1"} <= set(legal)
    assert "acquire:discard:india-2" not in legal
    assert m.why_not("acquire:discard:india-2").key == "aos.why.presence-low"
    assert m.why_not_rule("acquire:discard:india-2") == "aos.action.presence"
    assert m.why_not("acquire:discard:india-5").key == "aos.why.not-in-pile"
    events = m.play("acquire:discard:europe-1")             # from the bottom of the pile
    assert events[0].rule == "aos.action.acquire.discard"
    assert m.state.discard == ["europe-0", "india-1", "india-2"]
    assert m.state.players[c].cards == ["europe-1"]
    assert [d["id"] for d in m.view()["map"]["discard"]] == m.state.discard
    check_laws(m.state)


def test_aos_action_acquire_population_even_from_the_discard_pile():
    """aos.action.acquire.population: a region's value-1 card moves one disc from the supply to the
    harbor, also when taken from the discard pile; an empty supply gives nothing."""
    m, c = acquire_position()
    fill_track(m, "africa", [c])
    to_discard_pile(m, "india-1")
    place_disc(m, c, "london")
    refresh(m)
    player = m.state.players[c]
    m.play("activate:2")
    harbor, supply = player.harbor, player.supply
    events = m.play("acquire:africa")
    assert ("aos.action.acquire.population", {"amount": 1}) in [(e.rule, e.params) for e in events]
    assert (player.harbor, player.supply) == (harbor + 1, supply - 1)
    turn_of(m, c)
    grant_token(m, c, "acquire")
    m.play("token:acquire")
    harbor, supply = player.harbor, player.supply
    events = m.play("acquire:discard:india-1")
    assert ("aos.action.acquire.population", {"amount": 1}) in [(e.rule, e.params) for e in events]
    assert (player.harbor, player.supply) == (harbor + 1, supply - 1)
    check_laws(m.state)
    # no disc left in the supply: nothing moves
    turn_of(m, c)
    grant_token(m, c, "acquire")
    to_discard_pile(m, "caribbean-1")
    player.harbor += player.supply
    player.supply = 0
    m.play("token:acquire")
    events = m.play("acquire:discard:caribbean-1")
    assert ("aos.action.acquire.population", {"amount": 0}) in [(e.rule, e.params) for e in events]
    assert player.supply == 0
    with_population = sorted(card for card in G.cards if G.cards[card].population)
    assert with_population == sorted(f"{r}-1" for r in REGIONS)
    check_laws(m.state)


def test_aos_action_abolition_when_europe_5_is_first_taken():
    """aos.action.abolition / aos.scoring.slavery: the first taking of the Europe 5: every slavery card
    held goes face down (icons lost, -1 glory each), the slavery deck leaves the game."""
    m, c = acquire_position()
    a = (c + 1) % 3
    give_card(m, a, "slavery-0")
    give_card(m, a, "slavery-1")
    give_card(m, c, "slavery-2")
    to_discard_pile(m, "europe-0", "europe-1", "europe-2", "europe-3", "europe-4")
    for city in ("london", "amsterdam", "hamburg", "bordeaux", "lisbon"):
        place_disc(m, c, city)
    refresh(m)
    check_laws(m.state)
    before_a, before_c = list(m.state.players[a].attributes), list(m.state.players[c].attributes)
    m.play("activate:2")
    events = m.play("acquire:europe")
    assert "aos.action.abolition" in rules_of(events)
    per_player = [(e.seat, e.params["count"]) for e in events if e.key == "aos.action.abolition.player"]
    assert sorted(per_player) == sorted([(a, 2), (c, 1)])
    assert m.state.abolished and m.view()["map"]["abolished"]
    assert m.state.players[a].cards == [] and m.state.players[a].slavery_down == ["slavery-0", "slavery-1"]
    assert m.state.players[c].cards == ["europe-5"] and m.state.players[c].slavery_down == ["slavery-2"]
    lost = [x + y for x, y in zip(G.cards["slavery-0"].icons, G.cards["slavery-1"].icons)]
    assert m.state.players[a].attributes == [x - y for x, y in zip(before_a, lost)]
    gained = [x + y - z for x, y, z in zip(before_c, G.cards["europe-5"].icons, G.cards["slavery-2"].icons)]
    assert m.state.players[c].attributes == gained
    assert m.state.decks["slavery"] == [] and sorted(m.state.removed_cards) == ["slavery-3", "slavery-4",
                                                                                "slavery-5"]
    assert m.view()["players"][a]["slavery_down"] == 2
    scores = m.scores()
    assert scores[a]["parts"]["slavery"] == -2 and scores[c]["parts"]["slavery"] == -1
    assert scores[(c + 2) % 3]["parts"]["slavery"] == 0
    check_laws(m.state)
    # only the first time: the card back on the pile and taken again abolishes nothing more
    turn_of(m, c)
    player = m.state.players[c]
    player.cards.remove("europe-5")
    m.state.discard.append("europe-5")
    player.attributes = [x - y for x, y in zip(player.attributes, G.cards["europe-5"].icons)]
    grant_token(m, c, "acquire")
    m.play("token:acquire")
    events = m.play("acquire:discard:europe-5")
    assert "aos.action.abolition" not in rules_of(events)
    check_laws(m.state)


def test_aos_action_abolition_removes_slavery_cards_from_the_discard_pile():
    """aos.action.abolition: slavery cards still on the board when slavery is abolished leave the game,
    including one the Silent Fleet put on the discard pile."""
    m = to_action(2, seed=1, silent_fleet=True)
    c = m.state.crown
    fleet = m.state.silent_seat
    give(m, c, "guild-hall")
    place_disc(m, fleet, "venice")                # the fleet's presence in Europe: 1
    refresh(m)
    m.play("activate:2")
    m.play("acquire:slavery")                     # the player takes slavery-0...
    m.play("silent:deck:slavery")                 # ...the fleet discards slavery-1 to the pile
    assert "slavery-1" in m.state.discard
    to_discard_pile(m, "europe-0", "europe-1", "europe-2", "europe-3", "europe-4")
    for city in ("london", "amsterdam", "hamburg", "bordeaux", "lisbon"):
        place_disc(m, c, city)
    turn_of(m, c)
    grant_token(m, c, "acquire")
    m.play("token:acquire")
    m.play("acquire:europe")                      # Europe 5: abolition
    if m.state.pending:
        m.play(m.legal_actions()[0])
    assert m.state.abolished
    assert "slavery-1" not in m.state.discard
    turn_of(m, c)
    grant_token(m, c, "acquire")
    m.play("token:acquire")
    assert "acquire:discard:slavery-1" not in ids(m.legal_actions())


# == 5: the discard phase (棄牌階段) =================================================================
def discard_position(players=3, seed=1, final=False):
    """The action phase of round 1 (or, with final=True, of round 7) with nobody having acted yet."""
    return to_action(players, seed, round_number=7 if final else 4)


def to_discard_of(m, seat):
    """Everyone passes; the discard steps before `seat`'s are resolved."""
    everyone_passes(m)
    while m.state.steps[0] != ("discard", seat):
        assert m.to_move is None, "an earlier player had to discard"
        m.advance(step=True)
    return m


def test_aos_discard_limit_from_influence():
    """aos.discard.limit / aos.discard: over the limit, the player discards cards of their choice and loses
    their icons; a card other than slavery or governor goes to the Europe discard pile."""
    m = discard_position()
    c = m.state.crown
    give_card(m, c, "europe-0")                  # culture 1
    give_card(m, c, "europe-1")                  # influence 1, culture 1: influence 1 -> limit 1
    player = m.state.players[c]
    assert G.card_limit(player) == 1
    to_discard_of(m, c)
    assert m.to_move == c and m.phase == "discard"
    assert ids(m.legal_actions()) == ["discard:europe-0", "discard:europe-1"]
    assert m.legal_actions()[0].rule == "aos.discard"
    before = list(player.attributes)
    events = m.play("discard:europe-1")
    discard = [e for e in events if e.rule == "aos.discard"]
    assert [(e.key, e.seat, e.params) for e in discard] == [("aos.discard.to-pile", c, {"card": "card.europe-1"})]
    assert player.cards == ["europe-0"] and m.state.discard == ["europe-1"]
    assert player.attributes == [before[0], before[1] - 1, before[2], before[3] - 1]
    kept = next(e for e in events if e.rule == "aos.discard.limit")
    assert (kept.seat, kept.params["cards"], kept.params["limit"]) == (c, 1, 1)
    assert m.to_move != c
    check_laws(m.state)


def test_aos_discard_unknown_card_is_not_an_action():
    """aos.discard: an id naming no card is not an action of the game."""
    m = discard_position()
    c = m.state.crown
    give_card(m, c, "europe-0")
    give_card(m, c, "europe-1")
    to_discard_of(m, c)
    assert m.to_move == c
    for bad in ("discard:xyz", "discard:", "slot:xyz"):
        assert m.why_not_rule(bad) == "core.action.unknown", bad


def test_aos_discard_within_the_limit_is_automatic():
    """aos.discard.limit: a hand within the limit needs no decision; the step only says so."""
    m = discard_position()
    c = m.state.crown
    give_card(m, c, "europe-0")
    everyone_passes(m)
    assert m.phase == "discard" and m.to_move is None
    events = m.advance(step=True)
    assert [(e.rule, e.key, e.seat) for e in events] == [("aos.discard.limit", "aos.discard.kept", c)]
    assert m.state.players[c].cards == ["europe-0"]


@pytest.mark.parametrize("influence,limit", [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (7, 4), (10, 5), (14, 5)])
def test_aos_discard_limit_levels(influence, limit):
    """aos.discard.limit: the card limit is the influence level, never more than five."""
    player = Player(35)
    player.attributes = [0, 0, 0, influence]
    assert G.card_limit(player) == limit


def test_aos_discard_limit_one_extra_slavery_card():
    """aos.discard.limit: one slavery card may be held beyond the limit (not two); a discarded slavery card
    lies face down beside the mat."""
    m = discard_position()
    c = m.state.crown
    give_card(m, c, "europe-1")                  # influence 1: limit 1
    give_card(m, c, "slavery-0")
    player = m.state.players[c]
    assert fits_card_limit(player)               # 1 + 1 slavery
    give_card(m, c, "slavery-1")
    assert not fits_card_limit(player)           # only one slavery card beyond the limit
    to_discard_of(m, c)
    assert m.to_move == c
    events = m.play("discard:slavery-1")
    assert [(e.key, e.seat) for e in events if e.rule == "aos.discard"] == [("aos.discard.to-slavery", c)]
    assert player.slavery_down == ["slavery-1"] and "slavery-1" not in m.state.discard
    assert player.cards == ["europe-1", "slavery-0"] and m.to_move != c
    assert m.scores()[c]["parts"]["slavery"] == -1
    check_laws(m.state)


def test_aos_discard_limit_never_more_than_five():
    """aos.discard.limit: at limit 5, the extra slavery card still cannot make six cards."""
    m = discard_position()
    c = m.state.crown
    for card in ("far-east-1", "far-east-2", "far-east-3", "far-east-4", "far-east-5"):
        give_card(m, c, card)                    # influence 2+1+2+2+2 = 9
    grant_token(m, c, "influence")               # 10: limit 5
    player = m.state.players[c]
    assert G.card_limit(player) == 5 and fits_card_limit(player)
    give_card(m, c, "slavery-0")
    assert not fits_card_limit(player)
    to_discard_of(m, c)
    assert m.to_move == c and len(m.legal_actions()) == 6
    m.play("discard:far-east-1")
    assert len(player.cards) == 5 and m.to_move != c
    check_laws(m.state)


def test_aos_discard_governor_slot_outside_the_limit():
    """aos.discard.governor-slot: one governor in the free slot counts against no limit; a second one, in a
    regular slot, does; a discarded governor leaves the game."""
    m = discard_position()
    c = m.state.crown
    open_region(m, "india", (c + 1) % 3, governor_to=c)
    give_card(m, c, "europe-0")                  # influence 1 (india governor): limit 1
    player = m.state.players[c]
    assert player.governor_slot == "governor-india" and G.card_limit(player) == 1
    assert fits_card_limit(player)
    open_region(m, "africa", (c + 2) % 3, governor_to=c)      # influence 2: limit 2
    assert player.governor_slot == "governor-india" and G.card_limit(player) == 2
    assert fits_card_limit(player)               # europe-0 and the Africa governor in regular slots
    give_card(m, c, "africa-1")
    assert not fits_card_limit(player)
    to_discard_of(m, c)
    assert m.to_move == c
    assert ids(m.legal_actions()) == ["discard:governor-india", "discard:europe-0", "discard:governor-africa",
                                      "discard:africa-1"]
    events = m.play("discard:governor-africa")
    assert [(e.key, e.seat) for e in events if e.rule == "aos.discard"] == [("aos.discard.to-box", c)]
    assert "governor-africa" in m.state.removed_cards and "governor-africa" not in m.state.discard
    assert m.to_move == c                        # influence 1 now: limit 1, still one card too many
    m.play("discard:africa-1")
    assert player.cards == ["governor-india", "europe-0"] and player.governor_slot == "governor-india"
    assert m.state.discard == ["africa-1"] and m.to_move != c
    check_laws(m.state)


def test_aos_discard_governor_slot_last_round_choice():
    """aos.discard.governor-slot / aos.scoring.governor-slot: in the last round the player decides whether a
    governor sits in the free slot; an empty slot is worth 3 glory at the end."""
    for choice, slot_glory in (("slot:governor-india", 0), ("slot:empty", 3)):
        m = discard_position(final=True)
        c = m.state.crown
        open_region(m, "india", (c + 1) % 3, governor_to=c)
        grant_token(m, c, "influence")           # influence 2: limit 2
        player = m.state.players[c]
        to_discard_of(m, c)
        assert m.to_move == c
        assert ids(m.legal_actions()) == ["slot:governor-india", "slot:empty"]
        assert m.legal_actions()[1].rule == "aos.scoring.governor-slot"
        events = m.play(choice)
        assert events[0].rule == "aos.discard.governor-slot"
        assert player.governor_slot == (None if choice == "slot:empty" else "governor-india")
        assert player.cards == ["governor-india"]
        m.advance()
        assert m.is_over
        parts = m.scores()[c]["parts"]
        assert parts["governor_slot"] == slot_glory and parts["cards"] == G.cards["governor-india"].glory
        assert [e.params["points"] for e in m.log if e.rule == "aos.scoring.governor-slot" and e.seat == c] == [
            slot_glory]
        check_laws(m.state)


def test_aos_discard_governor_slot_empty_then_over_the_limit():
    """aos.discard.governor-slot: leaving the slot empty puts the governor in a regular slot, where it
    counts against the limit."""
    m = discard_position(final=True)
    c = m.state.crown
    open_region(m, "india", (c + 1) % 3, governor_to=c)
    give_card(m, c, "europe-0")                  # influence 1: limit 1
    player = m.state.players[c]
    to_discard_of(m, c)
    m.play("slot:empty")
    assert m.to_move == c
    assert ids(m.legal_actions()) == ["discard:governor-india", "discard:europe-0"]
    m.play("discard:europe-0")
    assert player.cards == ["governor-india"] and player.governor_slot is None
    m.advance()
    assert m.is_over and m.scores()[c]["parts"]["governor_slot"] == 3


# == final scoring, parts B, C and E, and the rulebook's worked example ===========================
def test_aos_scoring_cities_and_connections():
    """aos.scoring.cities: each city scores its glory (1 or 2), each controlled connection one (round or
    square); fleets score nothing themselves."""
    m = to_action(3, seed=1)
    c = m.state.crown
    a = (c + 1) % 3
    for space in ("london", "amsterdam", "north-sea-fleet", "genoa"):
        place_disc(m, c, space)
    place_disc(m, a, "venice")
    parts = m.scores()[c]["parts"]
    # London 2 + Amsterdam 2 + Genoa 1; London-Amsterdam (round) and London-North Sea Fleet (square)
    assert parts["cities"] == 2 + 2 + 1 + 2
    assert m.scores()[a]["parts"]["cities"] == 1                   # genoa-venice is split: nobody
    place_disc(m, c, "atlantic-fleet")
    assert m.scores()[c]["parts"]["cities"] == 7                    # a fleet alone scores nothing
    place_disc(m, c, "bordeaux")                                    # + Bordeaux 1, London-Bordeaux, Bordeaux-Atlantic
    assert m.scores()[c]["parts"]["cities"] == 7 + 1 + 2
    check_laws(m.state)


def test_aos_scoring_cards_glory():
    """aos.scoring.cards: the glory of every card held, governors included."""
    m = to_action(3, seed=1)
    c = m.state.crown
    open_region(m, "india", (c + 1) % 3, governor_to=c)
    for card in ("europe-0", "europe-3", "africa-4"):
        give_card(m, c, card)
    expected = sum(G.cards[x].glory for x in ("governor-india", "europe-3", "africa-4"))
    assert expected == 3                     # the stand-in values: 1 + 1 + 1
    assert m.scores()[c]["parts"]["cards"] == 3
    assert m.scores()[c]["parts"]["governor_slot"] == 0
    check_laws(m.state)


def test_aos_scoring_slavery_minus_one_each():
    """aos.scoring.slavery: one glory less per face-down slavery card; a face-up one costs nothing."""
    m = to_action(3, seed=1)
    c = m.state.crown
    give_card(m, c, "slavery-0")
    assert m.scores()[c]["parts"]["slavery"] == 0
    for card in ("slavery-1", "slavery-2"):
        m.state.decks["slavery"].remove(card)
        m.state.players[c].slavery_down.append(card)
    assert m.scores()[c]["parts"]["slavery"] == -2
    check_laws(m.state)


def test_aos_scoring_rulebook_example_sixty_glory():
    """aos.scoring / aos.scoring.tracks / aos.scoring.cities / aos.scoring.cards / aos.scoring.slavery:
    the rulebook's worked example: tracks 10 + 4 + 4 + 12, cities and connections 19, buildings, cards and
    the empty governor slot 11, three harbor discs 1, one face-down slavery card -1: 60 glory."""
    m = new(3, seed=1)
    start_tiles(m)
    assert "parliament" in m.state.supply                            # face up in this game
    red = 0
    state, player = m.state, m.state.players[red]
    state.round = 7
    # buildings: a full coastline; the Parliament shows 2 glory
    give(m, red, "market", "market", "market", "shipyard", "shipyard", "workshop", "parliament")
    # cities and connections worth 19: eight cities of Europe (10), five connections between them and
    # four square ones to three fleets
    spaces = ["london", "amsterdam", "hamburg", "bordeaux", "lisbon", "seville", "genoa", "venice",
              "north-sea-fleet", "atlantic-fleet", "mediterranean-fleet"]
    connections = [c for c, t in state.connection_tokens.items() if t is not None
                   and {G.boards["A"].connections[c]["a"], G.boards["A"].connections[c]["b"]} <= set(spaces)]
    # the tokens red took there: 5 industry, 1 wealth, 6 influence, and 5 blue ones
    places = [("space", s) for s in spaces] + [("connection", c) for c in connections]
    assert len(places) == 17
    kinds = ["industry"] * 5 + ["wealth"] + ["influence"] * 6 + ["payment"] * 5
    for place, kind in zip(places, kinds):
        put_token(m, place, kind, keep=places[:places.index(place)])
    for space in spaces:
        token = state.space_tokens[space]
        place_disc(m, red, space)
        state.removed_tokens.remove(token)
        grant = token
        if G.tokens[grant].attribute is None:
            player.action_tokens[grant] = player.action_tokens.get(grant, 0) + 1
        else:
            player.attribute_tokens[G.tokens[grant].attribute] += 1
            player.attributes[G.tokens[grant].attribute] += 1
    for connection in connections:
        token = state.connection_tokens[connection]
        state.connection_tokens[connection] = None
        if G.tokens[token].attribute is None:
            player.action_tokens[token] = player.action_tokens.get(token, 0) + 1
        else:
            player.attribute_tokens[G.tokens[token].attribute] += 1
            player.attributes[G.tokens[token].attribute] += 1
    # cards: the Europe 5 (which abolished slavery), Africa 5 and Far East 5; one slavery card face down
    for card in ("europe-5", "africa-5", "far-east-5"):
        give_card(m, red, card)
    state.decks["slavery"].remove("slavery-2")
    player.slavery_down.append("slavery-2")
    state.abolished = True
    state.removed_cards += state.decks["slavery"]
    state.decks["slavery"] = []
    # three discs left in the harbor
    set_harbor(m, red, 3)
    check_laws(state)
    assert player.attributes == [10, 5, 6, 12]
    score = m.scores()[red]
    assert score["parts"] == {"tracks": 10 + 4 + 4 + 12, "cities": 19, "buildings": 2, "cards": 6,
                              "governor_slot": 3, "discs": 1, "slavery": -1}
    parts = score["parts"]
    assert parts["buildings"] + parts["cards"] + parts["governor_slot"] == 11
    assert score["total"] == 60
    # the same position, played to its end: the game's closing narration scores it the same way
    state.steps = [("end", None)]
    refresh(m)
    events = m.advance()
    assert m.is_over and m.scores()[red]["total"] == 60
    assert {e.rule: e.params["points"] for e in events if e.seat == red and e.key == "aos.scoring.part"} == {
        "aos.scoring.tracks": 30, "aos.scoring.cities": 19, "aos.scoring.buildings": 2, "aos.scoring.cards": 6,
        "aos.scoring.governor-slot": 3, "aos.scoring.discs": 1}
    # the slavery card's point is said as a loss ("loses 1", 扣1分), never as a score of -1
    (lost,) = [e for e in events if e.seat == red and e.key == "aos.scoring.part-lost"]
    assert lost.rule == "aos.scoring.slavery" and lost.params["points"] == 1
    assert "扣1分" in lost.text("zh-Hant") and "loses 1" in lost.text("en")
    assert events[-1].params["totals"][str(red)] == 60


# == the Silent Fleet (沉默的艦隊) ==================================================================
def silent(seed=1, build="docks", **options):
    """A 2-player Silent Fleet game in round 1's action phase (everyone built `build`)."""
    m = to_action(2, seed=seed, build="shipyard", silent_fleet=True, **options)
    for seat in range(2):
        if build != "shipyard":
            give(m, seat, build)
    return refresh(m)


def test_aos_variant_silent_fleet_setup():
    """aos.variant.silent-fleet: a neutral colour with 35 discs; two players may then use side B."""
    m = new(2, seed=1, silent_fleet=True, side="B")
    assert m.state.silent_seat == 2 and m.state.silent_supply == 35
    assert m.view()["silent_fleet"] == {"supply": 35}
    assert [e.key for e in m.log if e.rule == "aos.variant.silent-fleet"] == ["aos.silent.setup"]
    assert all(len(counts) == 3 for counts in m.state.presence.values())
    assert new(2, seed=1).view()["silent_fleet"] is None


def test_aos_variant_silent_fleet_answers_ship():
    """aos.variant.silent-fleet: after a ship, the acting player puts a fleet disc on the next space of any
    shipping track or an empty fleet of Europe or an open region; the token there leaves the game."""
    m = silent(build="shipyard")
    c = m.state.crown
    assert m.why_not_rule("silent:track:india") == "aos.variant.silent-fleet"     # nothing to answer yet
    assert m.why_not("silent:track:india").render("zh-Hant") == "只有在沉默的艦隊回應你的行動時，才需要為它做選擇。"
    m.play("activate:1")
    events = m.play("ship:track:india")
    assert m.to_move == c and m.state.pending == [("silent", c, "ship")]
    legal = ids(m.legal_actions())
    assert {f"silent:track:{r}" for r in REGIONS} | {"silent:fleet:north-sea-fleet", "silent:fleet:atlantic-fleet",
                                                     "silent:fleet:mediterranean-fleet"} == set(legal)
    assert m.why_not("pass").key == "aos.why.pending" and m.why_not_rule("pass") == "aos.variant.silent-fleet"
    token = m.state.track_tokens["india"][1]
    removed = len(m.state.removed_tokens)
    events = m.play("silent:track:india")
    assert m.state.track["india"][:3] == [c, 2, None]
    assert m.state.removed_tokens[removed:] == [token] and m.state.track_tokens["india"][1] is None
    assert m.state.silent_supply == 34 and m.state.presence["india"][2] == 1
    assert m.to_move == 1 - c and m.state.pending == []
    assert [e.params["region"] for e in events if e.rule == "aos.action.ship.track"] == ["region.india"]
    check_laws(m.state)
    set_harbor(m, c, 3)
    turn_of(m, c)
    m.play("activate:0"), m.play("occupy:london")     # the Colonial House: occupy
    m.play("silent:city:venice")
    m.state.players[c].workers[1] = 0            # the shipyard's worker paid back
    m.state.players[c].harbor += 1
    set_harbor(m, c, 3)
    turn_of(m, c)
    m.play("activate:1"), m.play("ship:track:africa")
    token = m.state.space_tokens["north-sea-fleet"]
    m.play("silent:fleet:north-sea-fleet")
    assert m.state.owner["north-sea-fleet"] == 2 and m.state.space_tokens["north-sea-fleet"] is None
    assert m.state.removed_tokens[-1] == token
    check_laws(m.state)


def test_aos_variant_silent_fleet_wins_a_governor_which_leaves_the_game():
    """aos.variant.silent-fleet / aos.action.governor: the fleet can win a governor when a region opens; the
    governor then leaves the game."""
    m = silent(build="shipyard")
    c = m.state.crown
    fill_track(m, "south-america", [2, 2, 2, c, 1 - c])
    m.play("activate:1")
    events = m.play("ship:track:south-america")
    assert ("aos.variant.silent-fleet", "aos.silent.governor") in [(e.rule, e.key) for e in events]
    assert "governor-south-america" in m.state.removed_cards
    assert m.state.players[c].cards == [] and m.state.players[1 - c].cards == []
    assert m.state.open["south-america"]
    check_laws(m.state)


def test_aos_variant_silent_fleet_answers_occupy_where_present():
    """aos.variant.silent-fleet: after an occupy, a fleet disc on an empty city of Europe or of an open
    region where the fleet is present; it never controls connections."""
    m = silent(build="shipyard")
    c = m.state.crown
    open_region(m, "india", c)
    open_region(m, "africa", c)
    place_disc(m, 2, "bombay")                   # the fleet is present in India, not in Africa
    put_token(m, ("connection", "london-amsterdam"), "wealth")
    place_disc(m, 2, "london")
    refresh(m)
    m.play("activate:0")
    m.play("occupy:cape-town")
    assert m.state.pending == [("silent", c, "occupy")]
    legal = ids(m.legal_actions())
    europe = [s for s, sp in board_of(m).spaces.items() if sp["region"] == "europe" and sp["kind"] == "city"
              and m.state.owner[s] is None]
    assert set(legal) == {f"silent:city:{s}" for s in europe + ["goa", "madras", "calcutta"]}
    token = m.state.space_tokens["amsterdam"]
    events = m.play("silent:city:amsterdam")
    assert m.state.owner["amsterdam"] == 2 and m.state.removed_tokens[-1] == token
    assert m.state.connection_tokens["london-amsterdam"] == "wealth"        # not claimed by the fleet
    assert "aos.action.connection" not in rules_of(events)
    assert m.view()["map"]["connections"][0]["controller"] is None
    check_laws(m.state)


def test_aos_variant_silent_fleet_answers_acquire():
    """aos.variant.silent-fleet: after an acquire, the top card of a deck where the fleet's presence reaches
    its value goes to the discard pile."""
    m = silent(build="guild-hall")
    c = m.state.crown
    place_disc(m, 2, "venice")
    refresh(m)
    m.play("activate:2")
    m.play("acquire:europe")
    assert m.state.pending == [("silent", c, "acquire")]
    assert ids(m.legal_actions()) == ["silent:deck:europe", "silent:deck:slavery"]
    events = m.play("silent:deck:europe")
    assert [(e.key, e.params) for e in events] == [("aos.silent.discard", {"card": "card.europe-1"})]
    assert m.state.discard == ["europe-1"] and m.state.players[c].cards == ["europe-0"]
    check_laws(m.state)
    # without any presence the fleet discards nothing, not even a value-0 card
    m = silent(build="guild-hall")
    m.play("activate:2")
    events = m.play("acquire:europe")
    assert [(e.key, e.params) for e in events if e.rule == "aos.variant.silent-fleet"] == [
        ("aos.silent.nothing", {"action": "action.acquire"})]
    assert m.state.pending == [] and m.state.discard == []


def test_aos_variant_silent_fleet_ignores_attack_and_payment():
    """aos.variant.silent-fleet: attack and payment get no answer; the fleet's discs can be attacked and
    go back to its supply."""
    m = silent(build="fortress")
    c = m.state.crown
    place_disc(m, 2, "london")
    set_harbor(m, c, 3)
    refresh(m)
    m.play("activate:2")
    events = m.play("attack:london")
    assert m.state.pending == [] and m.to_move == 1 - c
    assert "aos.variant.silent-fleet" not in rules_of(events)
    assert m.state.owner["london"] == c and m.state.silent_supply == 35
    check_laws(m.state)
    m = silent(build="bank")
    c = m.state.crown
    m.state.players[c].workers[1] = 1
    m.state.players[c].supply -= 1
    refresh(m)
    m.play("activate:2")
    events = m.play("payment:1")
    assert m.state.pending == [] and m.to_move == 1 - c
    assert "aos.variant.silent-fleet" not in rules_of(events)


def test_aos_variant_silent_fleet_answers_one_of_two_actions():
    """aos.variant.silent-fleet: after both actions of a '+' building the player picks which one the fleet
    answers."""
    m = silent(build="docks")
    c = m.state.crown
    m.play("activate:2"), m.play("ship:track:india"), m.play("occupy:london")
    assert m.state.pending == [("silent-pick", c, ("ship", "occupy"))]
    assert ids(m.legal_actions()) == ["silent:react:ship", "silent:react:occupy"]
    m.play("silent:react:occupy")
    assert m.state.pending == [("silent", c, "occupy")]
    assert all(x.startswith("silent:city:") for x in ids(m.legal_actions()))
    m.play("silent:city:genoa")
    assert m.state.owner["genoa"] == 2 and m.state.track["india"].count(2) == 0
    assert m.to_move == 1 - c
    check_laws(m.state)
    # only one action done: no choice
    m = silent(build="docks")
    c = m.state.crown
    m.play("activate:2"), m.play("ship:track:india"), m.play("done")
    assert m.state.pending == [("silent", c, "ship")]


def test_aos_variant_silent_fleet_pick_may_name_an_unanswered_action():
    """aos.variant.silent-fleet: after attack + occupy the player may pick the attack, which the fleet does
    not answer."""
    m = silent(build="barracks")
    c = m.state.crown
    place_disc(m, 1 - c, "london")
    set_harbor(m, c, 4)
    refresh(m)
    m.play("activate:2"), m.play("attack:london"), m.play("occupy:genoa")
    assert ids(m.legal_actions()) == ["silent:react:attack", "silent:react:occupy"]


def test_aos_variant_silent_fleet_without_discs():
    """aos.variant.silent-fleet: with its supply empty the fleet places nothing."""
    m = silent(build="shipyard")
    c = m.state.crown
    state = m.state
    for region, owner in (("africa", 2), ("india", 2), ("caribbean", 2), ("north-america", 2), ("far-east", 2)):
        open_region(m, region, owner)
    for space in [s for s, o in state.owner.items() if o is None][:state.silent_supply]:
        place_disc(m, 2, space)
    assert state.silent_supply == 0
    refresh(m)
    m.play("activate:1")
    events = m.play("ship:track:south-america")
    assert [e.key for e in events if e.rule == "aos.variant.silent-fleet"] == ["aos.silent.no-discs"]
    assert state.pending == []
    check_laws(state)


def test_aos_variant_sf_restricted_occupy():
    """aos.variant.sf-restricted-occupy: the fleet answers an occupy only in the region of the city taken."""
    m = silent(build="shipyard", sf_restricted_occupy=True)
    c = m.state.crown
    open_region(m, "india", c)
    place_disc(m, 2, "bombay")
    refresh(m)
    m.play("activate:0"), m.play("occupy:goa")
    assert set(ids(m.legal_actions())) == {"silent:city:madras", "silent:city:calcutta"}
    m.play("silent:city:madras")
    turn_of(m, c)
    m.state.players[c].workers[0] = 0
    m.state.players[c].harbor += 1
    refresh(m)
    m.play("activate:0"), m.play("occupy:london")
    legal = set(ids(m.legal_actions()))
    assert "silent:city:calcutta" not in legal and "silent:city:amsterdam" in legal
    assert all(board_of(m).spaces[x.split(":")[2]]["region"] == "europe" for x in legal)
    event = next(e for e in new(2, silent_fleet=True, sf_restricted_occupy=True).log
                 if e.rule == "aos.variant.sf-restricted-occupy")
    assert event.key == "aos.silent.sf_restricted_occupy"
    # without the rule, an occupy in Europe may be answered in India
    m = silent(build="shipyard")
    open_region(m, "india", m.state.crown)
    place_disc(m, 2, "bombay")
    refresh(m)
    m.play("activate:0"), m.play("occupy:london")
    assert "silent:city:goa" in ids(m.legal_actions())


def test_aos_variant_sf_no_token_reaction():
    """aos.variant.sf-no-token-reaction: the fleet answers only actions of buildings, not of spent tokens."""
    for rule, answered in ((True, False), (False, True)):
        m = silent(build="shipyard", sf_no_token_reaction=rule)
        c = m.state.crown
        grant_token(m, c, "ship")
        m.play("token:ship"), m.play("ship:track:india")
        assert bool(m.state.pending) == answered
        if rule:
            assert m.to_move == 1 - c
            m.play("activate:1"), m.play("ship:track:africa")
            assert m.state.pending == [("silent", 1 - c, "ship")]          # a building: answered
    event = next(e for e in new(2, silent_fleet=True, sf_no_token_reaction=True).log
                 if e.rule == "aos.variant.sf-no-token-reaction")
    assert event.key == "aos.silent.sf_no_token_reaction"


def test_aos_variant_scarce_buildings():
    """aos.variant.scarce: before each build phase the player without the crown removes a building of at
    most their build level from the tray."""
    m = new(2, seed=3, silent_fleet=True, sf_scarce_buildings=True)
    start_tiles(m)
    crown = m.state.crown
    assert m.phase == "scarce" and m.to_move == 1 - crown and m.round == 1
    assert ids(m.legal_actions()) == ["scarce:market", "scarce:shipyard", "scarce:workshop"]
    assert m.legal_actions()[0].rule == "aos.variant.scarce"
    events = m.play("scarce:workshop")
    assert [(e.rule, e.seat, e.params) for e in events] == [
        ("aos.variant.scarce", 1 - crown, {"building": "building.workshop"})]
    assert m.state.supply["workshop"] == 4 and m.state.removed_buildings == ["workshop"]
    assert m.phase == "build" and m.to_move == crown
    check_laws(m.state)
    # every round, by the player without the crown of that round
    bots = bots_for(2, 3)
    removers = []
    while not m.is_over:
        if m.phase == "scarce" and m.to_move is not None:
            removers.append((m.round, m.to_move, m.state.crown))
        step(m, bots)
    assert [r for r, _, _ in removers] == [2, 3, 4, 5, 6, 7]
    assert all(seat != crown for _, seat, crown in removers)
    assert len(m.state.removed_buildings) == 7
    check_laws(m.state)
    assert new(2, silent_fleet=True).phase == "start" and "scarce" not in [
        s for s, _ in to_action(2, silent_fleet=True).state.steps]


def test_aos_variant_scarce_refusal_cites_the_build_level():
    """aos.variant.scarce / aos.build.level: a building above the remover's build level is refused under the
    build-level rule, with the levels in the text; a sold-out or face-down one says so."""
    m = new(2, seed=3, silent_fleet=True, sf_scarce_buildings=True)
    start_tiles(m)
    assert m.phase == "scarce"
    assert m.why_not_rule("scarce:docks") == "aos.build.level"
    why = m.why_not("scarce:docks")
    assert why.key == "aos.why.scarce-level"
    assert why.params == {"building": "building.docks", "level": 2, "build_level": 1, "industry": 0}
    assert "Scarce buildings" in why.render("en") and "level 2" in why.render("en")
    assert "稀缺建築" in why.render("zh-Hant")
    face_down = m.state.level5_face_down[0]
    assert m.why_not_rule(f"scarce:{face_down}") == "aos.setup.level5"
    m.state.supply["market"] = 0
    edited(m)
    assert m.why_not("scarce:market").key == "aos.why.sold-out"
    assert m.why_not_rule("scarce:colonial-house") == "core.action.unknown"


def test_aos_variant_scarce_nothing_to_remove():
    """aos.variant.scarce: with nothing at the build level left in the tray the step passes."""
    m = new(2, seed=3, silent_fleet=True, sf_scarce_buildings=True)
    start_tiles(m, leave=1)
    for b in ("market", "shipyard", "workshop"):
        m.state.removed_buildings += [b] * m.state.supply[b]
        m.state.supply[b] = 0
    start_tiles(m)
    assert m.phase == "scarce" and m.to_move is None
    events = m.advance(step=True)
    assert [(e.rule, e.key) for e in events] == [("aos.variant.scarce", "aos.scarce.none")]
    check_laws(m.state)


# == scenarios ==================================================================================
@pytest.mark.parametrize("name", sorted(engines.get_game(GAME).scenarios()))
def test_aos_scenario_coastlines_match_their_round(name):
    """aos.build: a player builds once in every round's build phase, so a prepared position has the start
    tile plus one building per build phase played (the build phase under way counts for those who built)."""
    m = engines.scenario(GAME, name)
    view = m.view()
    for seat, player in enumerate(view["players"]):
        built_this_round = m.phase != "build" or (seat - view["crown"]) % m.players < (m.to_move - view["crown"]) % m.players
        expected = 1 + (m.round - 1) + int(built_this_round)
        assert len(player["buildings"]) == expected, (name, seat, len(player["buildings"]), expected)


@pytest.mark.parametrize("name", sorted(engines.get_game(GAME).scenarios()))
def test_aos_scenario_hands_fit_the_card_limit(name):
    """aos.discard.limit / aos.action.acquire: a prepared position could arise in play. A discard phase ended
    every earlier round, so at the start of an action phase, in the phases before it, and in the discard phase
    for those whose discard is done, every hand fits the card limit; and each card held was within reach of its
    holder's presence in its region (presence only falls by an attack, which none of these positions shows)."""
    m = engines.scenario(GAME, name)
    state = m.state
    assert m.round >= 1 and not m.is_over
    to_discard = {seat for phase, seat in state.steps if phase == "discard"}
    if m.phase == "discard":
        to_discard.discard(None)
    for seat, player in enumerate(state.players):
        gained_since = (m.phase == "action" and any(e.rule.startswith("aos.action.acquire") for e in m.log)) \
            or (m.phase == "discard" and seat in to_discard)
        if not gained_since:
            assert fits_card_limit(player), (name, seat, player.cards, player.attributes[INFLUENCE])
        for card in player.cards + player.slavery_down:
            if not G.cards[card].governor:
                region = "europe" if G.cards[card].deck in ("europe", "slavery") else G.cards[card].deck
                assert state.presence[region][seat] >= G.cards[card].value, (name, seat, card)
    check_laws(state)


def test_aos_scenario_abolition_is_within_the_card_limits():
    """aos.discard.limit: in the abolition position Player 2 holds only the two slavery cards (limit 1 plus
    the extra slavery card) and Player 3 three cards on influence 2 (limit 2 plus the extra slavery card);
    the Europe 1 and 3 lie on the discard pile, so the Europe 5 is on top of its deck."""
    m = engines.scenario(GAME, "abolition")
    players = m.state.players
    assert players[1].cards == ["slavery-2", "slavery-3"] and G.card_limit(players[1]) >= 1
    assert len(players[2].cards) == 3 and G.card_limit(players[2]) >= 2
    assert m.state.discard == ["europe-1", "europe-3"] and m.state.decks["europe"] == ["europe-5"]
    lost = [x + y for x, y in zip(G.cards["slavery-2"].icons, G.cards["slavery-3"].icons)]
    assert lost[INDUSTRY] == 5 and lost[WEALTH] == 2


def test_aos_level_drop_is_narrated_as_a_drop():
    """aos.track.levels: losing icons can lower a level; the log says it dropped, not that a new level was reached."""
    m = engines.scenario(GAME, "card-limit")
    events = m.play("discard:south-america-1")
    keys = [e.key for e in events if e.rule == "aos.track.levels"]
    assert keys == ["aos.level.dropped"]
    text = next(e for e in events if e.key == "aos.level.dropped")
    assert "drops to a lower level" in text.text("en") and "降到較低的等級" in text.text("zh-Hant")


@pytest.mark.parametrize("silent_fleet", [False, True])
def test_observation_codes_owners_as_seats_and_nobody_as_zero(silent_fleet):
    """Owners in the observation: seat + 1, the Silent Fleet players + 1, nobody 0 (with or without the
    Silent Fleet: an empty city is never mistaken for one of its discs)."""
    m = engines.new_match("endeavor-aos", 2, seed=4, options={"silent_fleet": silent_fleet})
    layout = m.observation_layout()
    offset = sum(n for _, n in layout[:[name for name, _ in layout].index("space.owner")])
    spaces = list(m.game.board_for(m.options).spaces)
    city = spaces[0]
    owners = m.observation(0)[offset:offset + len(spaces)]
    assert m.state.owner[city] is None and owners[0] == 0
    m.state.owner[city] = 1
    assert m.observation(0)[offset] == 2
    if silent_fleet:
        m.state.owner[city] = m.state.silent_seat
        assert m.observation(1)[offset] == 3


def test_aos_texts_count_in_english():
    """aos.discard.limit, aos.action.abolition: the log writes a count with the noun that suits it ("1 card",
    "3 cards"), never "card(s)"; Chinese counts with its measure word whatever the number."""
    from engines.core.texts import Text
    G.options(4)  # the game's catalog is loaded
    for cards, noun in ((1, "1 card,"), (3, "3 cards,")):
        assert noun in Text("aos.discard.kept", seat=0, cards=cards, limit=3).render("en")
    assert "1 slavery card aside" in Text("aos.action.abolition.player", seat=0, count=1).render("en")
    assert "2 slavery cards aside" in Text("aos.action.abolition.player", seat=0, count=2).render("en")
    assert "2張奴隸卡" in Text("aos.action.abolition.player", seat=0, count=2).render("zh-Hant")
    catalog = (Path(__file__).parent.parent / "engines/endeavor/data/texts.toml").read_text(encoding="utf-8")
    assert "(s)" not in catalog


def random_decisions(game_id: str, players: int, seeds):
    """Each decision of random games, one per seed: the match, before its random move is made."""
    import random
    for seed in seeds:
        m = engines.new_match(game_id, players, seed)
        rng = random.Random(seed)
        while True:
            m.advance()
            if m.is_over:
                break
            yield m
            m.play(rng.choice(m.legal_actions()).id)


@pytest.mark.parametrize("game_id", ["endeavor-aos", "endeavor-2009"])
def test_activating_a_building_whose_action_needs_the_last_disc_says_so(game_id):
    """aos.action.activate: the worker leaves the harbor before the action is taken, so with one disc in the
    harbor a building whose action needs a disc cannot be activated; the refusal says that (a try-out found the
    old "none of its actions could be carried out now" puzzling: the action itself was possible)."""
    for m in random_decisions(game_id, 3, range(40)):
        for action, why in m.candidates():
            if why is not None and action.id.startswith("activate:") and "too few are left" in why.render("en"):
                harbor = m.state.players[m.to_move].harbor
                assert f"({harbor} in your harbor now)" in why.render("en") and "港口現在有" in why.render("zh-Hant")
                assert m.why_not(action.id).render("en") == why.render("en")
                return
    pytest.fail("no position met where the last disc was missing")


@pytest.mark.parametrize("game_id", ["endeavor-aos", "endeavor-2009"])
def test_a_plus_buildings_other_action_with_no_target_is_said_before_the_turn_ends(game_id):
    """aos.action.combine: when the other action of a '+' building has nothing left to take it on, the turn ends
    and the log says why (a try-out saw a Docks' occupy end the turn silently when every city was taken)."""
    seen = None
    for m in random_decisions(game_id, 4, range(20)):
        if seen is not None and seen[0] is m:         # the events of the move made at the previous decision
            _, seat, before = seen
            said = [e for e in m.log[before:] if e.key.endswith("action.no-target")]
            if said:
                assert said[0].seat == seat and "so the turn ends" in said[0].text("en")
                assert "的目標" in said[0].text("zh-Hant")
                return
        seen = (m, m.to_move, len(m.log))
    pytest.fail("no '+' building's action was left without a target")


@pytest.mark.parametrize("game_id", ["endeavor-aos", "endeavor-2009"])
def test_the_view_gives_what_each_level_of_a_track_gives(game_id):
    """The board prints over each track what its levels give (mat.gives); it reads them off the view, which takes
    them from the very functions the rules use, so the printed numbers and the levels played cannot differ."""
    match = engines.new_match(game_id, 3, seed=1)
    game, player = match.game, match.state.players[0]
    gives = match.view(0)["mat"]["gives"]
    for level, threshold in enumerate(game.mat.thresholds, start=1):
        player.attributes = [threshold] * len(player.attributes)
        assert gives["build"][level - 1] == game.build_level(player)
        assert gives["growth"][level - 1] == game.growth(player)
        assert gives["salary"][level - 1] == game.salary(player)
        assert gives["card_limit"][level - 1] == game.card_limit(player)
