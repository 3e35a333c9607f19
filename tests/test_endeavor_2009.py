"""Endeavor (2009): one or more tests per rule id of engines/endeavor/data/2009/rules.toml, the rules the
two editions share, the borrowed Age of Sail rules, and random full games for 3, 4 and 5 players that keep
every conservation law at every step.

Each test names its rule ids in its docstring ("e09.x" first, "/ e09.y" for more); tests/test_every_game.py
checks that every catalogued rule id is cited here.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

import engines
from engines import IllegalAction, Match
from engines.core.rng import Rng
from engines.core.texts import Text, render
from engines.endeavor.components import DATA, ENDEAVOR_2009, REGIONS, load_board, load_buildings, load_tokens
from games import edited, new_for, refresh, start_here
from test_properties import check_laws, fits_card_limit

GAME = "endeavor-2009"
G = engines.get_game(GAME)
AOS = engines.get_game("endeavor-aos")
DATA09 = DATA / "2009"
INDUSTRY, CULTURE, FINANCE, POLITICS = range(4)


# -- helpers --------------------------------------------------------------------------------------
new = new_for(GAME, players=3)


def ids(actions):
    return [a.id for a in actions]


def give(m, seat, *buildings, workers=()):
    """Buildings beside the Colonial House as if built earlier: from the supply, icons counted."""
    player = m.state.players[seat]
    for building in buildings:
        m.state.supply[building] -= 1
        player.buildings.append(building)
        player.workers.append(0)
        for attribute, count in enumerate(G.buildings[building].icons):
            player.attributes[attribute] += count
    for slot in workers:
        player.workers[slot] = 1
        player.supply -= 1
    edited(m)


def give_card(m, seat, card):
    """A card from the top of its stack (or a Governor from its region) into a hand, icons counted."""
    state = m.state
    c = G.cards[card]
    if c.governor:
        del state.governors[c.deck]
    else:
        state.decks[c.deck].remove(card)
    player = state.players[seat]
    player.cards.append(card)
    if c.governor and player.governor_slot is None:
        player.governor_slot = card
    for attribute, count in enumerate(c.icons):
        player.attributes[attribute] += count
    edited(m)


def fill_route(m, region, owners, governor_to=None):
    """Discs on the next free circles of a route, their markers out of the game; a full route opens and its
    Governor goes to `governor_to` (icons counted) or out of the game."""
    state = m.state
    track = state.track[region]
    for owner in owners:
        index = track.index(None)
        track[index] = owner
        state.presence[region][owner] += 1
        state.players[owner].supply -= 1
        state.removed_tokens.append(state.track_tokens[region][index])
        state.track_tokens[region][index] = None
    if None not in track:
        state.open[region] = True
        governor = state.governors.pop(region)
        if governor_to is None:
            state.removed_cards.append(governor)
        else:
            state.governors[region] = governor
            give_card(m, governor_to, governor)
    edited(m)


def place_disc(m, seat, space):
    """A disc from the supply onto an empty city, as if placed earlier; its marker out of the game."""
    state = m.state
    state.owner[space] = seat
    state.presence[G.boards[None].spaces[space]["region"]][seat] += 1
    state.players[seat].supply -= 1
    state.removed_tokens.append(state.space_tokens[space])
    state.space_tokens[space] = None
    edited(m)


def to_action(players=3, seed=1, build="shipyard", round_number=4, **options):
    """The action step of round 1: everyone built `build` beside the Colonial House and grew 2 discs; the
    round is then numbered `round_number` so tests may add the buildings of earlier rounds; that position is
    the match's start."""
    m = new(players, seed, **options)
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
    m.state.steps[0] = ("action", seat)
    return refresh(m)


def set_harbor(m, seat, n):
    player = m.state.players[seat]
    player.supply += player.harbor - n
    player.harbor = n
    edited(m)


def play_random(m, seed, on_step=None, limit=4000):
    rng = Rng(seed)
    steps = 0
    while not m.is_over:
        if m.to_move is None:
            assert m.legal_actions() == []
            m.advance(step=True)
        else:
            m.play(rng.choice(m.legal_actions()).id)
        steps += 1
        assert steps < limit, "the game does not end"
        if on_step:
            on_step(m)
    return m


def everyone_passes(m):
    while m.phase == "action" and m.to_move is not None and not m.state.pending:
        m.play("pass")


# == the two editions ===============================================================================
SHARED = {
    "setup.board", "setup.tokens", "setup.decks", "setup.discs", "setup.crown",
    "flow.rounds", "flow.phases", "round.end", "track.icons", "track.levels",
    "build", "build.level", "growth", "growth.short", "salary",
    "action.turn", "action.pass", "action.activate", "action.token", "action.combine",
    "action.ship.track", "action.open", "action.governor", "action.ship.sea", "action.presence",
    "action.occupy", "action.connection", "action.attack", "action.acquire", "action.payment",
    "action.abolition", "token.attribute", "token.action",
    "discard", "discard.limit", "discard.governor-slot",
    "scoring", "scoring.tracks", "scoring.cities", "scoring.buildings", "scoring.cards",
    "scoring.governor-slot", "scoring.discs", "scoring.slavery",
}


def test_the_editions_share_these_rule_ids():
    """e09.action.turn / e09.build: the rule ids the two editions share. The same code applies a shared
    rule in both; each catalog cites its own rulebook. 2009 has three rules of its own (the printed Colonial
    House, one level-5 building each, tracks that stop at 15); Age of Sail has its start tile, face-down level-5
    tiles, the next build level, fleets, the discard pile, the '+' on cards, the Memorial, the City Hall and
    the Silent Fleet."""
    e09 = {rule[len("e09."):] for rule in engines.rules(GAME)}
    aos = {rule[len("aos."):] for rule in engines.rules("endeavor-aos")}
    assert e09 & aos == SHARED
    assert e09 - aos == {"setup.colonial-house", "build.level5", "track.max"}
    assert aos - e09 == {"setup.level5", "setup.start-tile", "build.level.next", "track.extend",
                         "action.ship.fleet", "action.acquire.discard", "action.acquire.population",
                         "building.memorial", "scoring.city-hall", "variant.silent-fleet",
                         "variant.sf-restricted-occupy", "variant.sf-no-token-reaction", "variant.scarce"}


def test_borrowed_rules_cite_age_of_sail_and_say_the_2009_rulebook_is_silent():
    """e09.action.payment / e09.discard / e09.scoring: where the 2009 rulebook is silent the Age of Sail rule
    applies; each such rule names the Age of Sail rule it borrows and cites its section, and the page says so in
    the rule's citation ("Age of Sail rulebook § Payment"), not in its text: a rule's text is read by learners
    who never played Age of Sail (issue 31), so it says what the rule is, never where it was borrowed from or
    what the software does."""
    from widgets.core.shell import cite
    catalog = tomllib.loads((DATA09 / "rules.toml").read_text(encoding="utf-8"))
    aos = engines.rules("endeavor-aos")
    borrowed = {rule: entry["borrowed"] for rule, entry in catalog.items() if "borrowed" in entry}
    cites_aos = {rule for rule, entry in catalog.items() if entry["source"].startswith("rulebook:000_")}
    assert cites_aos <= set(borrowed)
    assert {"e09.action.payment", "e09.discard", "e09.scoring", "e09.scoring.tracks", "e09.action.abolition",
            "e09.growth.short", "e09.action.combine", "e09.discard.governor-slot"} <= set(borrowed)
    assert {"e09.action.payment", "e09.discard", "e09.scoring", "e09.action.abolition"} <= cites_aos
    for rule, source in borrowed.items():
        assert source in aos and source[len("aos."):] == rule[len("e09."):], rule
    for rule in cites_aos:
        entry = catalog[rule]
        assert entry["source"].partition("#")[2] == aos[borrowed[rule]]["source"].partition("#")[2] or \
            entry["source"] == aos[borrowed[rule]]["source"], rule
        assert cite(entry["source"], "en", GAME).startswith("Age of Sail rulebook § "), rule
        assert cite(entry["source"], "zh-Hant", GAME).startswith("《奮進號：大航海時代》規則書 § "), rule
    for rule, entry in catalog.items():
        en, zh = entry["text"]["en"], entry["text"]["zh-Hant"]
        for word in ("Age of Sail", "engine", "borrow", "Borrow", "public account"):
            assert word not in en, (rule, word)
        for word in ("大航海時代", "本程式", "程式", "借用", "公開"):
            assert word not in zh, (rule, word)


def _rulebook(name):
    for parent in Path(__file__).resolve().parents:
        path = parent / "shared" / "rules" / name
        if path.exists():
            return path
    return None


@pytest.mark.skipif(_rulebook("002_a6ffcfad7fa0623d.txt") is None, reason="the rulebooks are not beside the project")
def test_catalog_sources_cite_sections_of_their_rulebook():
    """e09.setup.board: each rule cites a section heading of the 2009 rulebook, or (borrowed) of Age of Sail's,
    or a public source."""
    books = {name: _rulebook(name).read_text(encoding="utf-8")
             for name in ("002_a6ffcfad7fa0623d.txt", "000_98ba3dcda373bef6.txt")}
    for rule, entry in engines.rules(GAME).items():
        source = entry["source"]
        if source.startswith("public:"):
            continue
        book, _, section = source[len("rulebook:"):].partition("#")
        assert book in books, rule
        assert section and section in books[book], f"{rule}: section {section!r} not in {book}"


def test_catalog_is_complete_in_both_languages():
    """e09.setup.board: every rule has a title and a text in English and Traditional Chinese."""
    en, zh = engines.rules(GAME, "en"), engines.rules(GAME, "zh-Hant")
    assert set(en) == set(zh) and len(en) == 47
    for rule in en:
        assert en[rule]["text"] != zh[rule]["text"] and re.search(r"[\u4e00-\u9fff]", zh[rule]["text"])
        assert en[rule]["source"].startswith(("rulebook:", "public:"))


# == setup (游戏准备) ================================================================================
def test_e09_setup_board_players_and_options():
    """e09.setup.board: 3 to 5 players on the one board; the only option is the order of steps 1-3, whose
    hint names the rulebook's section and no rule id (a page shows no rule id)."""
    with pytest.raises(ValueError, match="players must be an integer from 3 to 5"):
        new(2)
    for players in (3, 4, 5):
        m = new(players)
        assert m.options == {"phase_order": "beginner"} and m.view()["side"] is None
        event = m.log[0]
        assert (event.rule, event.params) == ("e09.setup.board", {"side": None, "players": players})
    option = G.options(4)[0]
    assert (option.id, option.choices) == ("phase_order", ("beginner", "experienced"))
    assert "e09." not in option.hint.render("en") and "(Playing the game)" in option.hint.render("en")
    assert "e09." not in option.hint.render("zh-Hant") and "一口氣" in option.hint.render("zh-Hant")
    with pytest.raises(ValueError, match="unknown option 'side'"):
        new(4, side="A")
    board = G.boards[None]
    assert set(board.regions) == {"europe", *REGIONS} and board.regions["europe"]["track"] == 0
    assert Text("e2009.region.europe").render("en") == "Europe & the Mediterranean"


def test_e09_setup_tokens_104_markers_on_every_white_circle():
    """e09.setup.tokens: the rulebook's 104 achievement markers, one on every city, route circle and white
    line; the marker count is the rulebook's (104), not the other review's 95."""
    m = new(4, seed=3)
    state = m.state
    board = G.boards[None]
    placed = ([t for t in state.space_tokens.values()] + [t for ts in state.track_tokens.values() for t in ts]
              + [t for t in state.connection_tokens.values()])
    assert None not in placed and len(placed) == 104 == board.circle_spaces() == ENDEAVOR_2009.tokens
    assert all(c["kind"] == "token" for c in board.connections.values())
    assert not [s for s in board.spaces.values() if s["kind"] == "fleet"]
    counts = {k.id: k.count for k in G.tokens.values()}
    assert sum(counts.values()) == 104
    assert {k.id for k in G.tokens.values() if k.attribute is not None} == {"industry", "culture", "finance",
                                                                             "politics"}
    assert sorted(placed) == sorted(k for k, n in counts.items() for _ in range(n))
    assert new(4, seed=4).state.space_tokens != state.space_tokens
    assert m.log[1].rule == "e09.setup.tokens" and "104" in m.log[1].text("en")
    assert "成就標記" in m.log[1].text("zh-Hant")


def test_e09_setup_decks_governor_on_top_of_its_stack():
    """e09.setup.decks: 8 stacks, the smallest number on top; a region's Governor lies on top of its stack
    until the route opens; Europe & the Mediterranean (Europe and Slavery stacks) has none."""
    m = new(3)
    state = m.state
    assert len(state.decks) == 8 and sum(len(d) for d in state.decks.values()) + len(state.governors) == 48
    for deck, cards in state.decks.items():
        values = [G.cards[c].value for c in cards]
        assert values == sorted(values, reverse=True)
        assert values[-1] == (0 if deck in ("europe", "slavery") else 1)
    assert set(state.governors) == set(REGIONS)
    view = m.view(0)
    for region in view["map"]["regions"]:
        deck = region["decks"][0]
        if region["id"] == "europe":
            assert deck["top"]["id"] == "europe-0" and region["governor"] is None
        else:
            assert deck["top"]["governor"] and deck["top"]["id"] == f"governor-{region['id']}"
            assert deck["count"] == 6
    assert m.log[2].rule == "e09.setup.decks"


def test_e09_setup_discs_and_cubes_on_0():
    """e09.setup.discs: every cube on 0; 30 discs a player (the public count, docs/sources.md e09-components: the
    rulebook's 136 cannot be split by five), which the rule's text states as the rule."""
    m = new(5)
    for p in m.state.players:
        assert p.attributes == [0, 0, 0, 0] and p.supply + p.harbor == 30
    assert G.mat.discs == 30
    assert [e.params for e in m.log if e.rule == "e09.setup.discs"] == [{"discs": 30}]
    assert "30 discs" in engines.rules(GAME)["e09.setup.discs"]["text"]


def test_e09_setup_colonial_house_printed_without_worker():
    """e09.setup.colonial-house: every player starts with the printed Colonial House (its Occupy circle),
    no worker on it, no start tile to choose; round 1 begins with the build step."""
    m = new(4, seed=2)
    assert m.round == 1 and m.phase == "build"
    for p in m.state.players:
        assert p.buildings == ["colonial-house"] and p.workers == [0]
    assert G.buildings["colonial-house"].actions == ("occupy",)
    assert "start:colonial-house" not in m.table.index
    assert [e.rule for e in m.log].count("e09.setup.colonial-house") == 1
    assert m.why_not_rule("start:colonial-house") == "core.action.unknown"


def test_e09_setup_crown_random_start_player():
    """e09.setup.crown: a random start player, from the seed."""
    crowns = {new(4, seed=s).state.crown for s in range(12)}
    assert len(crowns) > 1
    m = new(4, seed=5)
    assert [(e.rule, e.seat) for e in m.log if e.rule == "e09.setup.crown"] == [("e09.setup.crown", m.state.crown)]
    assert m.to_move == m.state.crown


# == the round (游戏进行) ============================================================================
def test_e09_flow_rounds_seven_rounds_of_five_steps():
    """e09.flow.rounds / e09.round.end: seven rounds; each step starts with the start player; the crown moves
    on each round (to the left, borrowed); after round 7 the game is over."""
    m = new(3, seed=6)
    crowns, phases = [], []
    rng = Rng(3)
    while not m.is_over:
        if m.phase == "build" and (m.round, "build") not in phases:
            phases.append((m.round, "build"))
            crowns.append(m.state.crown)
            assert m.state.steps[0] == ("build", m.state.crown)
            assert [p for p, _ in m.state.steps] == ["build"] * 3 + ["growth"] * 3 + ["salary"] * 3 + \
                ["action"] + ["discard"] * 3 + ["end"]
        if m.to_move is None:
            m.advance(step=True)
        else:
            m.play(rng.choice(m.legal_actions()).id)
    assert len(crowns) == 7 and all(b == (a + 1) % 3 for a, b in zip(crowns, crowns[1:]))
    assert m.round == 7 and [e.rule for e in m.log].count("e09.round.end") == 6
    assert engines.rules(GAME)["e09.round.end"]["source"].startswith("rulebook:002_")


def test_e09_flow_rounds_fifth_step_borrowed():
    """e09.flow.rounds / e09.discard: the 2009 rulebook says a round has five steps (游戏进行) but describes only
    the first four; the fifth, the card limit, is Age of Sail's discard phase, marked as borrowed in both
    languages (the fifth step's rule cites Age of Sail's section 5: Discard phase, which the page shows), and no
    text says the 2009 rulebook names it."""
    catalog = tomllib.loads((DATA09 / "rules.toml").read_text(encoding="utf-8"))
    rounds, discard = catalog["e09.flow.rounds"], catalog["e09.discard"]
    assert rounds["borrowed"] == "aos.flow.rounds" and discard["borrowed"] == "aos.discard"
    assert rounds["source"].startswith("rulebook:002_") and discard["source"].endswith("#5: 棄牌階段")
    assert "five steps" in rounds["text"]["en"] and "5個步驟" in rounds["text"]["zh-Hant"]
    for entry in (rounds, discard):
        assert "names the fifth step" not in entry["text"]["en"] and "列出第5步驟" not in entry["text"]["zh-Hant"]


def test_e09_flow_phases_steps_in_one_go_and_back():
    """e09.flow.phases: with the option each player does steps 1-3 in one go; asking to go back (borrowed from
    Age of Sail) returns to one step at a time."""
    m = new(3, seed=1, phase_order="experienced")
    first = m.state.crown
    assert m.state.steps[:3] == [("build", first), ("growth", first), ("salary", first)]
    assert "order:phase-by-phase" in ids(m.legal_actions())
    assert m.legal_actions()[-1].label.render("zh-Hant") == "要求恢復逐步進行"
    events = m.play("order:phase-by-phase")
    assert [(e.rule, e.key) for e in events] == [("e09.flow.phases", "e09.flow.back")]
    assert [p for p, _ in m.state.steps[:9]] == ["build"] * 3 + ["growth"] * 3 + ["salary"] * 3
    assert m.why_not("order:phase-by-phase").key == "e09.why.order-in-use"
    m.undo()
    assert m.view()["phase_order"] == "experienced"


# == the tracks =====================================================================================
def test_e09_track_icons_move_at_once_and_back():
    """e09.track.icons: a building's icons move the cubes at once; a card lost moves them back."""
    m = new(3, seed=1)
    seat = m.to_move
    events = m.play("build:workshop")
    assert m.state.players[seat].attributes == [1, 0, 1, 0]
    assert [(e.rule, e.params["attribute"]) for e in events if e.rule == "e09.track.icons"] == [
        ("e09.track.icons", "e2009.attribute.industry"), ("e09.track.icons", "e2009.attribute.wealth")]
    assert "finance +1" in events[2].text("en") and "經濟+1" in events[2].text("zh-Hant")


@pytest.mark.parametrize("value,level", [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (6, 3), (7, 4), (9, 4), (10, 5),
                                         (15, 5)])
def test_e09_track_levels_thresholds(value, level):
    """e09.track.levels: 0-1 level 1 (the rulebook's example), 2-3, 4-6, 7-9, 10 and more."""
    assert G.mat.level(value) == level


def test_e09_track_levels_round_one_growth_two():
    """e09.track.levels / e09.growth: culture 0 is level 1, which grows 2 discs (the rulebook's round 1)."""
    m = new(3, seed=1)
    while m.phase != "action":
        m.play(m.legal_actions()[0]) if m.to_move is not None else m.advance(step=True)
    assert [p.harbor for p in m.state.players] == [2, 2, 2]
    assert [e.params["amount"] for e in m.log if e.rule == "e09.growth"] == [2, 2, 2]


def test_e09_track_max_the_cube_stops_at_15():
    """e09.track.max: icons beyond 15 still count, but the cube stands on 15 (public); losing 2 of 17
    culture icons leaves it on 15; final scoring reads 15."""
    m = to_action(3)
    seat = m.state.crown
    player = m.state.players[seat]
    events = []
    G.gain_icons(player, seat, (0, 17, 0, 0), events)
    assert player.attributes[CULTURE] == 17
    assert [(e.rule, e.params["value"], e.params["end"]) for e in events if e.rule == "e09.track.max"] == [
        ("e09.track.max", 17, 15)]
    assert "stops at 15" in events[-1].text("en") and "最高只到15" in events[-1].text("zh-Hant")
    view = m.view()["players"][seat]
    assert view["attributes"]["culture"] == 15 and view["icons"]["culture"] == 17
    G.lose_icons(player, seat, (0, 2, 0, 0), events)
    assert m.view()["players"][seat]["attributes"]["culture"] == 15
    assert G.scores(m.state)[seat]["parts"]["tracks"] == G.mat.track_glory(15)
    assert AOS.mat.extenders and not G.mat.extenders


# == 1. build (1. 建筑) ===============================================================================
def test_e09_build_one_building_duplicates_allowed():
    """e09.build: one building a round from the supply onto the player board; duplicates allowed."""
    m = new(3, seed=1)
    first = m.to_move
    m.play("build:shipyard")
    assert m.state.players[first].buildings == ["colonial-house", "shipyard"]
    assert m.state.supply["shipyard"] == 4
    m2 = to_action(3)
    give(m2, 0, "shipyard")
    assert m2.state.players[0].buildings.count("shipyard") == 2
    check_laws(m2.state, G)


def test_e09_build_level_at_or_below_industry_and_no_way_up():
    """e09.build.level: only buildings at or below the industry level; when none is left the player builds
    nothing (Age of Sail would allow the level above)."""
    m = new(3, seed=1)
    assert ids(m.legal_actions()) == ["build:market", "build:shipyard", "build:workshop"]
    assert m.why_not_rule("build:docks") == "e09.build.level"
    why = m.why_not("build:docks")
    assert why.key == "e09.why.build-level" and "industry level 1" in why.render("en")
    for building in ("market", "shipyard", "workshop"):
        m.state.supply[building] = 0
    refresh(m)
    assert m.to_move is None
    events = m.advance(step=True)
    assert events[0].key == "e09.build.none" and events[0].rule == "e09.build"
    rule, why = G.why_not_build(m.state, m.state.players[0], "market")
    assert (rule, why.key) == ("e09.build", "e09.why.sold-out")


def test_e09_build_level5_once_per_player():
    """e09.build.level5: at most one level-5 building each, even at industry level 5 (scenario level5-once)."""
    m = engines.scenario(GAME, "level5-once")
    seat = m.to_move
    player = m.state.players[seat]
    assert G.build_level(player) == 5 and "museum" in player.buildings
    legal = ids(m.legal_actions())
    assert "build:exchange" not in legal and "build:parliament" not in legal and "build:cathedral" in legal
    assert m.why_not_rule("build:parliament") == "e09.build.level5"
    assert m.why_not("build:parliament").key == "e09.why.level5-once"
    assert "only one level-5" in m.why_not("build:exchange").render("en")
    other = (seat + 1) % 3
    assert G.build_level(m.state.players[other]) < 5
    assert m.log[-1].key == "e09.scenario.level5-once"


# == 2. growth and 3. salary ==========================================================================
def test_e09_growth_short_supply_borrowed():
    """e09.growth.short: with fewer discs left than the growth, all that are left (borrowed)."""
    m = new(3, seed=1)
    while m.phase == "build":
        m.play("build:shipyard") if m.to_move is not None else m.advance(step=True)
    seat = m.state.steps[0][1]
    player = m.state.players[seat]
    player.harbor, player.supply = player.supply - 1, 1
    events = m.advance(step=True)
    assert (events[0].rule, events[0].params) == ("e09.growth.short", {"wanted": 2, "amount": 1})
    assert player.supply == 0


def test_e09_salary_finance_level_workers_back():
    """e09.salary: finance level 1 takes one disc back; with two workers the player chooses which."""
    m = to_action(3)
    seat = m.state.crown
    give(m, seat, "docks", workers=(0, 1))
    assert G.salary(m.state.players[seat]) == 1
    everyone_passes(m)
    while not (m.phase == "salary" and m.to_move == seat):
        m.play(m.legal_actions()[0]) if m.to_move is not None else m.advance(step=True)
    assert ids(m.legal_actions())[:2] == ["pay:0", "pay:1"]
    events = m.play("pay:1")
    assert events[0].rule == "e09.salary" and "takes back the disc on the Shipyard" in events[0].text("en")
    assert "收回" in events[0].text("zh-Hant")


def test_e09_salary_empty_place_names_the_rule():
    """e09.salary / e09.action.activate / e09.action.payment: a place of the player board with no building yet is
    in the action table (pay:N, activate:N, payment:N up to 7), so its refusal names the rule in the 2009 words."""
    m = to_action(3)
    seat = m.state.crown
    give(m, seat, "docks", workers=(0, 1))
    assert m.why_not_rule("activate:3") == "e09.action.activate"
    assert m.why_not("activate:3").render("en") == "Place 4 of your player board holds no building yet."
    assert m.why_not("activate:3").render("zh-Hant") == "你的玩家圖板上第4個建築位置還沒有建築。"
    m.play("activate:2")                                      # the Docks: ship + occupy
    assert m.why_not_rule("payment:7") == "e09.action.payment"
    assert m.why_not_rule("pass") == "e09.action.turn"
    assert "回合" not in m.why_not("pass").render("zh-Hant")   # 回合 is a round in the 2009 words
    m.play("ship:track:india")                                # the harbor is empty: the turn ends
    everyone_passes(m)
    while not (m.phase == "salary" and m.to_move == seat):
        m.play(m.legal_actions()[0]) if m.to_move is not None else m.advance(step=True)
    built = len(m.state.players[seat].buildings)             # one more was built this round
    assert built == 4
    for slot in range(built, 8):
        assert m.why_not_rule(f"pay:{slot}") == "e09.salary" and m.why_not(f"pay:{slot}").key == "e09.why.empty-place"
    assert m.why_not_rule("pay:8") == "core.action.unknown"   # beyond the board: not an action of the game


def test_e09_action_turn_payment_refusal_reads_well():
    """e09.action.turn / e09.action.activate: "payment" before any building is used names the action, in English
    that reads ("To take the “payment” action…"), and says the same in zh-Hant; the activation event too."""
    m = to_action(3)
    c = m.state.crown
    give(m, c, "bank", workers=(1,))
    why = m.why_not("payment:1")
    assert m.why_not_rule("payment:1") == "e09.action.turn"
    assert why.render("en") == ("To take the “payment” action, first put a disc on a building that shows it, "
                                "or discard a marker that shows it.")
    assert why.render("zh-Hant") == "要執行「支付」行動，請先把棋子放到有這個行動的建築上，或丟棄有這個行動的標記。"
    events = m.play("activate:2")
    assert events[0].text("en") == f"Player {c + 1} puts a disc on the Bank: payment."


@pytest.mark.parametrize("players, options", [(3, {}), (5, {"phase_order": "experienced"})])
def test_e09_action_turn_every_refused_id_names_its_rule(players, options):
    """e09.action.turn / e09.action.combine / e09.flow.phases: at every decision of random games, each id of the
    action table that is not legal now is refused by a rule of the 2009 catalog, never as "not an action of
    this game" nor with the kernel's bare "not now"."""
    catalog = engines.rules(GAME)
    for seed in (1, 2):
        m = new(players, seed, **options)
        decisions = 0

        def probe(m):
            nonlocal decisions
            if m.to_move is None:
                return
            decisions += 1
            if decisions % 2:
                legal = {a.id for a in m.legal_actions()}
                for action_id in m.table.ids:
                    if action_id not in legal:
                        rule = m.why_not_rule(action_id)
                        assert rule in catalog, (seed, m.position, action_id, rule, m.why_not(action_id).render("en"))
        play_random(m, seed, on_step=probe)


# == 4. action (4. 行动) ==============================================================================
def test_e09_action_turn_pass_and_activate():
    """e09.action.turn / e09.action.pass / e09.action.activate: from the start player clockwise one action or a
    pass each; a disc goes on the building's circle; a player who passed acts no more."""
    m = to_action(3)
    c = m.state.crown
    assert m.to_move == c and m.phase == "action"
    assert ids(m.legal_actions()) == ["activate:0", "activate:1", "pass"]   # Colonial House: occupy; Shipyard: ship
    events = m.play("activate:1")
    assert events[0].rule == "e09.action.activate" and "puts a disc on the Shipyard" in events[0].text("en")
    m.play("ship:track:africa")
    assert m.to_move == (c + 1) % 3
    m.play("pass")
    assert m.state.passed[(c + 1) % 3]
    m.play("pass")
    assert m.to_move == c
    assert "拿牌" in Text("e2009.action.acquire").render("zh-Hant")
    rule = engines.rules(GAME)["e09.action.activate"]
    assert "only when one of its actions can then be carried out" in rule["text"]
    assert "ruling" in rule["note"]                 # a ruling: the note says so, the text states the rule


def test_e09_action_token_discard_a_marker():
    """e09.action.token / e09.token.action: a blue action marker taken waits in the harbor and is discarded to
    take its action."""
    m = to_action(3)
    c = m.state.crown
    m.state.players[c].action_tokens["draw"] = 1
    m.state.removed_tokens.remove("draw") if "draw" in m.state.removed_tokens else None
    # take a draw marker from a white line that still holds one
    line = next(name for name, t in m.state.connection_tokens.items() if t == "draw")
    m.state.connection_tokens[line] = None
    refresh(m)
    assert "token:draw" in ids(m.legal_actions())
    events = m.play("token:draw")
    assert events[0].rule == "e09.action.token" and "draw marker" in events[0].text("en")
    assert ids(m.legal_actions()) == ["acquire:europe", "acquire:slavery"]
    check_laws(m.state, G)


def test_e09_action_combine_plus_borrowed():
    """e09.action.combine: a '+' building does one or both actions (borrowed)."""
    m = to_action(3)
    c = m.state.crown
    give(m, c, "docks")
    set_harbor(m, c, 3)
    refresh(m)
    m.play("activate:2")
    m.play("ship:track:india")
    assert "done" in ids(m.legal_actions())
    assert m.legal_actions()[-1].rule == "e09.action.combine"


def test_e09_action_ship_track_next_circle_and_marker():
    """e09.action.ship.track: a disc on the next free circle of a route of any region but Europe & the
    Mediterranean, taking its marker."""
    m = to_action(3)
    c = m.state.crown
    m.play("activate:1")
    legal = ids(m.legal_actions())
    assert legal == [f"ship:track:{r}" for r in REGIONS]
    assert m.why_not("ship:sea:europe").key == "e09.why.europe-no-sea"
    marker = m.state.track_tokens["india"][0]
    events = m.play("ship:track:india")
    assert m.state.track["india"][0] == c and m.state.track_tokens["india"][0] is None
    assert events[0].rule == "e09.action.ship.track" and "route" in events[0].text("en")
    assert "新航道" in events[0].text("zh-Hant")
    kind = G.tokens[marker]
    assert (kind.attribute is not None and m.state.players[c].attribute_tokens[kind.attribute] == 1) or \
        m.state.players[c].action_tokens.get(marker) == 1
    check_laws(m.state, G)


def test_e09_action_open_and_governor_tie_to_the_last_disc():
    """e09.action.open / e09.action.governor: the disc that fills the route opens it; the most discs take the
    Governor from the top of the stack, and a tie goes to the disc placed last (scenario route-opening)."""
    m = engines.scenario(GAME, "route-opening")
    c = m.to_move
    assert m.view()["map"]["regions"][1]["decks"][0]["top"]["governor"]
    probe = m.clone()
    probe.play("activate:3")                                  # the Market: draw
    assert probe.why_not("acquire:africa").key == "e09.why.draw-closed"
    m.play("activate:1")
    events = m.play("ship:track:africa")
    rules = [e.rule for e in events]
    assert "e09.action.open" in rules
    governor = next(e for e in events if e.rule == "e09.action.governor")
    assert governor.key == "e09.action.governor.tie" and governor.seat == c
    assert "placed the last" in governor.text("en") and "最後放上棋子" in governor.text("zh-Hant")
    assert "governor-africa" in m.state.players[c].cards and m.state.open["africa"]
    region = next(r for r in m.view()["map"]["regions"] if r["id"] == "africa")
    assert region["decks"][0]["top"]["id"] == "africa-1" and region["open"]
    check_laws(m.state, G)


def test_e09_action_ship_sea_beside_the_full_route():
    """e09.action.ship.sea: once a route is full a ship goes beside it: no marker, but a place in the region."""
    m = to_action(3)
    c = m.state.crown
    fill_route(m, "caribbean", [(c + 1) % 3] * 6)
    refresh(m)
    m.play("activate:1")
    assert "ship:track:caribbean" not in ids(m.legal_actions())
    assert m.why_not("ship:track:caribbean").key == "e09.why.track-open"
    events = m.play("ship:sea:caribbean")
    assert events[0].rule == "e09.action.ship.sea" and "beside the full Caribbean route" in events[0].text("en")
    assert m.state.presence["caribbean"][c] == 1 and m.state.sea["caribbean"][c] == 1
    check_laws(m.state, G)


def test_e09_action_presence_and_occupy_need_a_disc_on_the_open_route():
    """e09.action.occupy / e09.action.presence: occupy only where the route is open and holds your disc (a disc
    beside the full route counts, the ruling); Europe & the Mediterranean needs none; the city's marker is taken."""
    m = to_action(3)
    c = m.state.crown
    other = (c + 1) % 3
    fill_route(m, "india", [other] * 8)
    refresh(m)
    m.play("activate:0")                                   # the Colonial House: occupy
    legal = ids(m.legal_actions())
    europe = [s for s, sp in G.boards[None].spaces.items() if sp["region"] == "europe"]
    assert legal == [f"occupy:{s}" for s in europe]
    assert m.why_not_rule("occupy:bombay") == "e09.action.presence"
    assert m.why_not("occupy:bombay").key == "e09.why.no-presence"
    assert m.why_not("occupy:malacca").key == "e09.why.region-closed"
    m = to_action(3)
    fill_route(m, "india", [other] * 8)
    m.state.sea["india"][c] += 1                          # a disc beside the full route
    m.state.presence["india"][c] += 1
    m.state.players[c].supply -= 1
    refresh(m)
    m.play("activate:0")
    assert "occupy:bombay" in ids(m.legal_actions())
    marker = m.state.space_tokens["bombay"]
    events = m.play("occupy:bombay")
    assert m.state.owner["bombay"] == c and m.state.space_tokens["bombay"] is None and marker is not None
    assert events[0].rule == "e09.action.occupy"
    presence = engines.rules(GAME)["e09.action.presence"]
    assert "beside a full route counts as on it" in presence["text"] and "ruled here that it does" in presence["note"]
    check_laws(m.state, G)


def test_e09_action_connection_both_cities_take_the_white_line_marker():
    """e09.action.connection: holding both cities of a white line takes the marker on its circle."""
    m = to_action(3)
    c = m.state.crown
    place_disc(m, c, "london")
    refresh(m)
    m.play("activate:0")
    marker = m.state.connection_tokens["london-amsterdam"]
    events = m.play("occupy:amsterdam")
    assert m.state.connection_tokens["london-amsterdam"] is None and marker is not None
    link = next(e for e in events if e.rule == "e09.action.connection")
    assert "white line London – Amsterdam" in link.text("en") and "白線" in link.text("zh-Hant")
    check_laws(m.state, G)


def test_e09_action_attack_replaces_the_defender():
    """e09.action.attack: one harbor disc is discarded, another takes an occupied city; the defender's disc goes
    back to its supply; the same region limits as occupy."""
    m = to_action(3)
    c = m.state.crown
    d = (c + 1) % 3
    place_disc(m, d, "genoa")
    give(m, c, "fortress")
    set_harbor(m, c, 3)
    refresh(m)
    m.play("activate:2")
    assert ids(m.legal_actions()) == ["attack:genoa"]
    before = m.state.players[d].supply
    events = m.play("attack:genoa")
    assert m.state.owner["genoa"] == c and m.state.players[d].supply == before + 1
    assert m.state.players[c].harbor == 0
    assert events[0].rule == "e09.action.attack" and "攻佔" in events[0].text("zh-Hant")
    assert "A disc of" in [e for e in events if e.key == "e09.action.casualty"][0].text("en")
    check_laws(m.state, G)


def test_e09_action_attack_white_lines_borrowed():
    """e09.action.attack: the 2009 rulebook says nothing of white lines after an attack; Age of Sail's rule (進攻)
    applies, marked as borrowed (`borrowed`): the first to hold both cities of a line by attacking takes its
    marker, as by occupying, which the rule's text says in both languages."""
    entry = tomllib.loads((DATA09 / "rules.toml").read_text(encoding="utf-8"))["e09.action.attack"]
    assert entry["borrowed"] == "aos.action.attack"
    assert "as with occupying" in entry["text"]["en"] and "和佔領一樣" in entry["text"]["zh-Hant"]
    m = to_action(3)
    c = m.state.crown
    place_disc(m, (c + 1) % 3, "genoa")
    place_disc(m, c, "venice")
    give(m, c, "fortress")
    set_harbor(m, c, 3)
    refresh(m)
    marker = m.state.connection_tokens["genoa-venice"]
    m.play("activate:2")
    events = m.play("attack:genoa")
    assert [e.rule for e in events if e.rule == "e09.action.connection"] == ["e09.action.connection"]
    assert m.state.connection_tokens["genoa-venice"] is None and marker is not None
    check_laws(m.state, G)


def test_e09_action_acquire_draw_only_on_open_routes():
    """e09.action.acquire: draw the top card of a region whose route is open (Europe & the Mediterranean always)
    with at least as many discs there as the card's number (scenario closed-route)."""
    m = engines.scenario(GAME, "closed-route")
    c = m.to_move
    assert m.state.presence["far-east"][c] == 3
    m.play("activate:2")                                     # the Market: draw
    assert ids(m.legal_actions()) == ["acquire:europe", "acquire:slavery"]
    why = m.why_not("acquire:far-east")
    assert why.key == "e09.why.draw-closed" and m.why_not_rule("acquire:far-east") == "e09.action.acquire"
    events = m.play("acquire:europe")
    assert events[0].rule == "e09.action.acquire" and "draws Europe 0" in events[0].text("en")
    assert "拿取了" in events[0].text("zh-Hant")
    # once the route is open, three discs reach the Far East 1, 2 and 3
    fill_route(m, "far-east", [c] * 3, governor_to=c)
    turn_of(m, c)
    set_harbor(m, c, 2)
    m.play("activate:4")                                     # the Guild Hall
    assert "acquire:far-east" in ids(m.legal_actions())
    check_laws(m.state, G)


def test_e09_action_payment_borrowed_with_its_ruling():
    """e09.action.payment: a worker back to the harbor (borrowed); not from a no-payment building, never the
    building's own activating worker."""
    m = to_action(3)
    c = m.state.crown
    give(m, c, "bank", "university", workers=(1, 3))
    refresh(m)
    m.play("activate:2")
    assert ids(m.legal_actions()) == ["payment:1"]
    assert m.why_not("payment:3").key == "e09.why.no-payment"
    assert m.why_not("payment:2").key == "e09.why.pay-self" and "棋子" in m.why_not("payment:2").render("zh-Hant")
    events = m.play("payment:1")
    assert events[0].rule == "e09.action.payment"
    check_laws(m.state, G)


def test_e09_action_abolition_borrowed():
    """e09.action.abolition / e09.scoring.slavery: the Europe 5 abolishes slavery: slavery cards face down,
    -1 glory each; the Slavery stack leaves the game."""
    m = to_action(3)
    c = m.state.crown
    a = (c + 1) % 3
    give(m, a, "guild-hall")                                 # politics 1: one card
    give_card(m, a, "slavery-0")
    for card in ("europe-0", "europe-1", "europe-2", "europe-3", "europe-4"):
        m.state.decks["europe"].remove(card)
        m.state.removed_cards.append(card)
    for city in ("london", "amsterdam", "hamburg", "lisbon", "seville"):
        place_disc(m, c, city)
    give(m, c, "guild-hall")
    refresh(m)
    check_laws(m.state, G)
    m.play("activate:2")
    events = m.play("acquire:europe")
    assert "e09.action.abolition" in [e.rule for e in events]
    assert m.state.players[a].slavery_down == ["slavery-0"] and m.state.decks["slavery"] == []
    assert G.scores(m.state)[a]["parts"]["slavery"] == -1
    assert "奴隸制牌" in [e for e in events if e.rule == "e09.action.abolition"][0].text("zh-Hant")
    check_laws(m.state, G)


def test_e09_token_attribute_development_marker():
    """e09.token.attribute: a brown development marker moves its track at once."""
    m = to_action(3)
    c = m.state.crown
    m.play("activate:1")
    region = next(r for r in REGIONS if G.tokens[m.state.track_tokens[r][0]].attribute is not None)
    marker = m.state.track_tokens[region][0]
    attribute = G.tokens[marker].attribute
    before = m.state.players[c].attributes[attribute]
    events = m.play(f"ship:track:{region}")
    assert m.state.players[c].attributes[attribute] == before + 1
    assert any(e.rule == "e09.token.attribute" for e in events)


# == 5. the card limit ================================================================================
def test_e09_discard_back_into_the_stack_in_number_order():
    """e09.discard: over the limit, a card of your choice goes back into its stack in number order (public);
    a Governor leaves the game; a slavery card lies face down; there is no discard pile to draw from."""
    m = to_action(3)
    c = m.state.crown
    fill_route(m, "africa", [c] * 7, governor_to=c)
    for card in ("africa-1", "africa-2", "europe-0"):
        give_card(m, c, card)
    refresh(m)
    check_laws(m.state, G)
    everyone_passes(m)
    while m.to_move != c:
        m.advance(step=True)
    assert m.phase == "discard" and G.card_limit(m.state.players[c]) < 3
    events = m.play("discard:africa-1")
    assert m.state.decks["africa"][-1] == "africa-1" and m.state.discard == []
    assert events[-1].key == "e09.discard.to-deck" or any(e.key == "e09.discard.to-deck" for e in events)
    assert not any(i.startswith("acquire:discard:") for i in m.table.ids)
    check_laws(m.state, G)


def test_e09_discard_limit_politics_and_no_extra_slavery_card():
    """e09.discard.limit: politics level cards, at most 5, plus the Governor slot; no extra slavery card (Age of
    Sail allows one)."""
    m = to_action(3)
    player = m.state.players[0]
    give_card(m, 0, "slavery-0")
    give_card(m, 0, "europe-0")
    assert G.card_limit(player) == 1
    assert not fits_card_limit(player, G) and fits_card_limit(player, AOS)
    player.attributes[POLITICS] = 14
    assert G.card_limit(player) == 5


def test_e09_discard_governor_slot_outside_the_limit():
    """e09.discard.governor-slot / e09.scoring.governor-slot: one Governor sits outside the limit; in the last
    round the player chooses, an empty slot being worth 3 glory (borrowed)."""
    m = to_action(3, round_number=7)
    c = m.state.crown
    fill_route(m, "india", [c] * 8, governor_to=c)
    give_card(m, c, "europe-0")
    refresh(m)
    assert m.state.players[c].governor_slot == "governor-india"
    everyone_passes(m)
    while m.to_move != c:
        m.advance(step=True)
    assert ids(m.legal_actions()) == ["slot:governor-india", "slot:empty"]
    m.play("slot:empty")
    assert G.scores(m.state)[c]["parts"]["governor_slot"] == 3


# == the end and final scoring (borrowed) ============================================================
def test_e09_scoring_parts_borrowed():
    """e09.scoring / e09.scoring.tracks / e09.scoring.cities / e09.scoring.buildings / e09.scoring.cards
    and / e09.scoring.discs: Age of Sail's final scoring, parts A-E, logged under the 2009 ids."""
    m = engines.scenario(GAME, "final-scoring")
    play_random(m, 3)
    parts = {e.rule for e in m.log if e.key == "e09.scoring.part" or e.key == "aos.scoring.part"}
    assert parts == {"e09.scoring.tracks", "e09.scoring.cities", "e09.scoring.buildings", "e09.scoring.cards",
                     "e09.scoring.governor-slot", "e09.scoring.discs", "e09.scoring.slavery"}
    end = m.log[-1]
    assert end.rule == "e09.scoring" and end.params["winners"] == m.winners()
    for seat, score in m.scores().items():
        player = m.state.players[seat]
        assert score["parts"]["discs"] == player.harbor // 3
        assert score["parts"]["cities"] == G.city_glory(m.state, G.boards[None], seat)
        assert score["parts"]["buildings"] == sum(G.buildings[b].glory for b in player.buildings)
        assert score["parts"]["cards"] == sum(G.cards[c].glory for c in player.cards)
        assert score["total"] == sum(score["parts"].values())


# == random full games, saves, undo ==================================================================
@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("order", ["beginner", "experienced"])
def test_random_games_keep_every_law(players, order):
    """e09.flow.rounds: random full games for 3, 4 and 5 players keep every conservation law at every step,
    offer only legal moves, and name only catalogued rules."""
    catalog = engines.rules(GAME)
    m = new(players, seed=players * 7 + len(order), phase_order=order)

    def check(m):
        check_laws(m.state, G)
        for action in m.legal_actions():
            assert action.rule in catalog
        for action, why in m.candidates():
            assert (why is None) == (action.id in {a.id for a in m.legal_actions()})

    check(m)
    play_random(m, players, on_step=check)
    assert m.is_over and m.round == 7
    assert {e.rule for e in m.log} <= set(catalog)
    json.dumps(m.view())


def test_save_load_undo_redo():
    """e09.flow.rounds: a 2009 game saves, loads and replays identically; undo then redo is the identity."""
    m = new(4, seed=9)
    rng = Rng(1)
    while m.position < 150:
        m.play(rng.choice(m.legal_actions()).id) if m.to_move is not None else m.advance(step=True)
    saved = m.to_json()
    restored = Match.from_json(saved)
    assert restored.view() == m.view() and restored.to_json() == saved
    view = m.view()
    m.undo()
    m.redo()
    assert m.view() == view


# == texts and components ============================================================================
AOS_ONLY_WORDS = ("圓片", "指示物", "財產卡", "航運軌", "獲取", "航行", "進攻", "財富", "影響力", "海岸線", "儲備區",
                  "trade token", "shipping track", "acquire", "wealth", "influence", "open sea", "coastline")


def test_texts_in_the_2009_rulebook_terms():
    """e09.setup.board: every text a 2009 game shows is worded in the 2009 rulebook's terms: its own texts, or
    Age of Sail texts free of the words the two editions name differently."""
    seen = {}
    for players in (3, 5):
        m = new(players, seed=players, phase_order="experienced")

        def collect(m):
            for action, why in m.candidates():
                seen.setdefault(("label", action.label_key), action.label)
                if why is not None:
                    seen.setdefault(("why", why.key), why)
        play_random(m, players, on_step=collect)
        for e in m.log:
            seen.setdefault(("event", e.key), Text(e.key, **({"seat": e.seat} if e.seat is not None else {}),
                                                   **e.params))
    assert len(seen) > 60
    for (kind, _), text in seen.items():
        for lang in ("en", "zh-Hant"):
            rendered = text.render(lang)
            assert "⟨" not in rendered, (kind, text.key)
            if not text.key.startswith("e09."):
                assert not any(word in rendered for word in AOS_ONLY_WORDS), (kind, text.key, rendered)


def test_components_keep_the_rulebook_totals(tmp_path):
    """e09.build.level5 / e09.setup.tokens: the loader checks the 2009 totals: 15 types in 45 tiles, 3 a level
    with 5/4/3/2/1 copies; 104 markers; Europe's 10 cities."""
    buildings = load_buildings(edition=ENDEAVOR_2009)
    regular = [b for b in buildings.values() if b.level]
    assert len(regular) == 15 and sum(b.copies for b in regular) == 45
    assert sorted((b.level, b.copies) for b in regular) == [(lvl, 6 - lvl) for lvl in range(1, 6) for _ in range(3)]
    text = (DATA09 / "buildings.toml").read_text(encoding="utf-8")
    bad = tmp_path / "buildings.toml"
    bad.write_text(text.replace('["docks"]\nname.en = "Docks"\nname.zh-Hant = "碼頭"\nlevel = 2\ncopies = 4',
                                '["docks"]\nname.en = "Docks"\nname.zh-Hant = "碼頭"\nlevel = 2\ncopies = 3'),
                   encoding="utf-8")
    with pytest.raises(engines.DataError, match="15 building types in 45 tiles"):
        load_buildings(bad, ENDEAVOR_2009)
    tokens = (DATA09 / "tokens.toml").read_text(encoding="utf-8").replace("count = 18", "count = 17", 1)
    (tmp_path / "tokens.toml").write_text(tokens, encoding="utf-8")
    with pytest.raises(engines.DataError, match="104 achievement markers"):
        load_tokens(tmp_path / "tokens.toml", ENDEAVOR_2009)
    board = (DATA09 / "map.toml").read_text(encoding="utf-8").replace('region = "europe"', 'region = "africa"', 1)
    (tmp_path / "map.toml").write_text(board, encoding="utf-8")
    with pytest.raises(engines.DataError, match="Europe has 10 cities"):
        load_board(None, tmp_path / "map.toml", ENDEAVOR_2009)


# == scenarios ========================================================================================
@pytest.mark.parametrize("name", sorted(G.scenarios()))
def test_scenarios_could_arise_in_play(name):
    """e09.build / e09.discard.limit: a prepared position has one building a round beside the Colonial House,
    hands within the card limit, and every law kept; its note renders in both languages."""
    m = engines.scenario(GAME, name)
    view = m.view()
    for seat, player in enumerate(view["players"]):
        built = m.phase != "build" or (seat - view["crown"]) % m.players < ((m.to_move or view["crown"]) - view["crown"]) % m.players
        assert len(player["buildings"]) == 1 + (m.round - 1) + int(built), (name, seat)
        if m.phase in ("build", "growth", "salary", "action"):
            assert fits_card_limit(m.state.players[seat], G), (name, seat)
    check_laws(m.state, G)
    note = m.log[-1]
    assert note.key == f"e09.scenario.{name}" and note.rule in engines.rules(GAME)
    assert "⟨" not in note.text("en") + note.text("zh-Hant")


def test_e09_texts_count_in_english():
    """e09.discard, e09.action.abolition: the log writes a count with the noun that suits it ("1 card",
    "4 cards"), never "card(s)"."""
    from engines.core.texts import Text
    G.options(4)  # the game's catalog is loaded
    for cards, noun in ((1, "1 card,"), (4, "4 cards,")):
        assert noun in Text("e09.discard.kept", seat=0, cards=cards, limit=3).render("en")
    assert "1 slavery card aside" in Text("e09.action.abolition.player", seat=0, count=1).render("en")
    assert "3 slavery cards aside" in Text("e09.action.abolition.player", seat=0, count=3).render("en")
    catalog = (Path(__file__).parent.parent / "engines/endeavor/data/2009/texts.toml").read_text(encoding="utf-8")
    assert "(s)" not in catalog


def test_e09_board_labels_in_each_rulebooks_words():
    """e09.setup.board: the board's labels say each rulebook's words (Age of Sail's 玩家板, 2009's 玩家圖板), and a
    name joined to a value (controlled by: Player 2) carries no colon of its own: the board adds the language's."""
    from widgets.endeavor import RENDERER
    aos = RENDERER.labels(engines.new_match("endeavor-aos", players=3, seed=1).view(), "zh-Hant")
    e09 = RENDERER.labels(new(3).view(), "zh-Hant")
    assert aos["ui.unfold"] == "展開玩家板" and e09["ui.unfold"] == "展開玩家圖板"
    assert e09["ui.unfold"] != aos["ui.unfold"]
    for labels in (aos, e09, RENDERER.labels(new(3).view(), "en")):
        assert not labels["ui.controlled-by"].endswith(("：", ":"))
    assert "named(L, L(\"ui.controlled-by\")" in (Path(__file__).parent.parent / "widgets/endeavor/board.js").read_text()


def test_e09_rule_texts_use_full_width_colons():
    """e09.discard.limit, e09.salary: a rule that cites Age of Sail's section in Chinese writes it with the
    full-width colon (5：棄牌階段), never an ASCII one, and says 棄牌區 (the term both editions use)."""
    for game in (GAME, "endeavor-aos"):
        for rule_id, rule in engines.rules(game, "zh-Hant").items():
            assert ": " not in rule["text"] and ": " not in rule["title"], rule_id
            assert "棄牌堆" not in rule["text"], rule_id


@pytest.mark.parametrize("name", sorted(G.scenarios()))
def test_prepared_positions_tell_only_their_own_story(name):
    """e09.flow.rounds: a prepared position's log begins with the round it shows and its note, not with the
    narration of the seeded setup it was laid out from (whose start player it replaces): a learner reading
    "what happened" reads of the game on the board."""
    m = engines.scenario(GAME, name)
    assert [e.key for e in m.log] == ["e09.round.begin", f"e09.scenario.{name}"]
    assert f"Round {m.round} begins" in m.log[0].text("en")
    assert not any(e.rule.startswith("e09.setup.") for e in m.log)


def test_e09_final_scoring_scenario_ends_on_the_governor_slot_choice():
    """e09.scoring.governor-slot / e09.discard.governor-slot / e09.scoring.cities: the prepared end of a game
    stops at Player 1's last card-limit step, with the Governor of Africa in its slot; leaving the slot empty
    scores 3 and the three cards still fit politics' limit. Every part has something to count."""
    m = engines.scenario(GAME, "final-scoring")
    assert (m.round, m.phase, m.to_move) == (7, "discard", 0)
    assert ids(m.legal_actions()) == ["slot:governor-africa", "slot:empty"]
    player = m.state.players[0]
    assert player.governor_slot == "governor-africa" and len(player.cards) == G.card_limit(player) == 3
    before = m.scores()[0]["parts"]
    assert before["cities"] == 8 and before["governor_slot"] == 0      # London 2, Lisbon, Seville, Cape Town 2, 2 lines
    m.play("slot:empty")
    while not m.is_over:
        m.advance(step=True)
    parts = m.scores()[0]["parts"]
    assert parts["governor_slot"] == 3 and parts["cards"] == 1
    assert m.scores()[1]["parts"]["slavery"] == -1 and m.scores()[1]["parts"]["discs"] == 2


def test_e09_card_limit_is_the_2009_rulebooks_and_its_step_borrowed():
    """e09.discard.limit / e09.discard: the limit itself (politics level, at most five, one Governor in the slot
    beside) is stated in the 2009 rulebook's setup; the step that enforces it is borrowed from Age of Sail's
    discard phase, with the 2009 differences (no extra slavery card; discards back into their stack). The
    catalog, the lesson and the teacher's summary all say it that way."""
    catalog = tomllib.loads((DATA09 / "rules.toml").read_text(encoding="utf-8"))
    limit, step = catalog["e09.discard.limit"], catalog["e09.discard"]
    assert limit["source"] == "rulebook:002_a6ffcfad7fa0623d.txt#游戏准备" and "borrowed" not in limit
    assert step["borrowed"] == "aos.discard" and step["source"].startswith("rulebook:000_")
    from widgets.core.lesson_file import load
    lesson = load(GAME)
    texts = {s.id: lesson.say(s.number, s.text, "en") for s in lesson.steps}
    # the lesson's texts teach the step; where it comes from is said by the page's introduction (before the
    # lesson), by chapter 9's first jump and by the citations, whose label says the rule is this game's too, left out of
    # its rulebook, never mid-lesson (zh-Hans try-out v4: a note on sources at every borrowed step was noise; zh-Hans
    # try-out v10: the sentences steps 8 and 24 had on the Age of Sail rulebook made a learner wonder which game
    # they were learning)
    assert "card-limit step" in texts["limit-step"]
    borrowed = [s.id for s in lesson.steps if "Age of Sail" in texts[s.id] and s.chapter != "changes"]
    assert borrowed == []
    jumps = {s.id: lesson.say(s.number, s.jump, "en") for s in lesson.steps if s.jump}
    assert [i for i, j in jumps.items() if "how the card-limit step is carried out" in j] == ["changes-start"]
    from widgets.notebooks import page_texts
    assert "the step that enforces the card limit" in page_texts(GAME)["stand_in"]["en"]
    summary = (Path(__file__).parent.parent / "widgets/teacher/endeavor-2009.summary.en.md").read_text(encoding="utf-8")
    assert "the limit is the 2009 rulebook's (Setup)" in summary and "**Card limit** (AoS)" not in summary


def test_two_buildings_of_a_kind_have_buttons_that_read_apart():
    """e09.action.activate / e09.action.payment (issue 31): a player who owns two Shipyards sees two buttons that
    say which Shipyard each one means ("your first Shipyard", "your second Shipyard", counted from the left of the
    player board), in both languages and both editions; a building the player owns once keeps its plain label."""
    from engines.endeavor.action_phase import building_words, which_of
    m = engines.scenario(GAME, "payment")                    # Colonial House, Shipyard, Shipyard, Bank
    assert [which_of(m.state.players[0].buildings, slot) for slot in range(4)] == [0, 1, 2, 0]
    labels = {a.id: (a.label.render("en"), a.label.render("zh-Hant")) for a in m.game.candidates(m.state)}
    assert labels["activate:1"][0] == "Put a disc on your first Shipyard"
    assert labels["activate:2"] == ("Put a disc on your second Shipyard", "把棋子放到你的第2座造船廠")
    assert labels["activate:3"][0] == "Put a disc on the Bank"
    assert len({label for label, _ in labels.values()}) == len(labels)
    m.play("activate:3")
    (payment,) = m.legal_actions()
    assert payment.label.render("en") == "Pay back the disc on your second Shipyard"
    assert payment.label.render("zh-Hant") == "支付你的第2座造船廠上的棋子"
    aos = engines.get_game("endeavor-aos")
    words = building_words(aos, "act.activate", "shipyard", 2)
    said = Text(aos.label_name(words.pop("label")), **words)
    assert said.render("en") == "Activate your second Shipyard" and said.render("zh-Hant").startswith("激活你的第2座")
