"""One harness checks every registered game against the engine contract (README, "The engine contract").

For each game and player count, with its default options and each option turned on in turn: random
full games in which every legal action is in the action table with its number, every chance step lists
outcomes of the chance table whose odds add up to one, the generator is drawn from only in chance
steps (the kernel checks that itself), observations keep their declared length, the declared bounds
hold, and clones are independent. Then fuzzing: malformed action ids, chance outcomes and saves only
ever raise IllegalAction or SaveError, and change nothing. A new game registered in `engines` is
checked here without a line added, and so are the test-only games (tests/tictactoe), registered while this
module runs (tests/games.py).
"""

from __future__ import annotations

import json
import random
import string

import pytest

import engines
from engines import IllegalAction, Match, SaveError
from engines.core.bots import RandomBot
from games import registering_test_only_games
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)


def configurations():
    """(game, players, options) for every player count: the defaults, then each option's other values."""
    out = []
    for game_id, game in sorted(engines.GAMES.items()):
        for players in range(game.min_players, game.max_players + 1):
            out.append((game_id, players, {}))
            for option in game.options(players):
                for value in option.choices:
                    if value != option.default:
                        options = {option.id: value}
                        try:
                            game.resolve_options(players, options)
                        except ValueError:          # needs another option with it (a variant's rule)
                            continue
                        out.append((game_id, players, options))
    return out


with registering_test_only_games():
    CONFIGS = configurations()
    GAMES = sorted(engines.GAMES)
    HIDDEN = [g for g in GAMES if engines.get_game(g).hidden_information]


def config_id(config):
    game, players, options = config
    return "-".join([game, f"{players}p", *(f"{k}={v}" for k, v in options.items())])


def snapshot(m: Match):
    return m.to_json(), m.position, len(m.log)


def play_random(m: Match, seed: int, check=None, limit=100_000):
    bot = RandomBot(seed)
    moves = 0
    while not m.is_over and limit:
        limit -= 1
        if check:
            check(m)
        if m.pending == "decision":
            m.play(bot.choose(m))
            moves += 1
        else:
            if m.chance_outcomes():
                moves += 1
            m.advance(step=True)
    return moves


def check_position(m: Match, observer=None):
    game = m.game
    table, chance_table = m.table, m.chance_table
    for action in m.legal_actions():
        assert table.ids[action.index] == action.id, action
    pending = m.pending
    if pending == "chance":
        step = m.chance_step()
        assert step.rule in game.rule_catalog or step.rule.startswith("core."), step.rule
        assert step.text.render("en") and step.text.render("zh-Hant")
        if not step.sampled:
            outcomes = m.chance_outcomes()
            assert outcomes, "a listed chance step with no outcome"
            assert abs(sum(p for _, p, _ in outcomes) - 1) < 1e-9
            for outcome, probability, text in outcomes:
                assert outcome in chance_table.index and probability > 0, outcome
                assert "⟨" not in text.render("en") + text.render("zh-Hant"), outcome
    elif pending == "decision":
        assert m.to_move is not None and m.legal_actions()
    layout = sum(n for _, n in m.observation_layout())
    for seat in range(m.players):
        observation = m.observation(seat)
        assert len(observation) == layout
        assert all(type(x) is int for x in observation)      # counts, codes and flags
        if observer is not None:                             # re-encoding only what changed gives the same
            assert observer(m.state, seat).tolist() == observation


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_game_keeps_the_contract(config):
    game_id, players, options = config
    m = engines.new_match(game_id, players, seed=7, options=options)
    assert len(set(m.table.ids)) == len(m.table.ids) > 0
    assert m.table.ids == engines.get_game(game_id).action_table(players, m.options).ids    # fixed order
    observer = m.observer()
    moves = play_random(m, seed=7, check=lambda m: check_position(m, observer))
    assert m.is_over
    bounds = m.bounds
    assert moves <= bounds.max_moves, (moves, bounds)
    for score in m.scores().values():
        assert bounds.min_score <= score["total"] <= bounds.max_score, (score, bounds)
    returns = m.returns()
    assert abs(sum(returns) - 1) < 1e-9 and all(r >= 0 for r in returns)
    assert [s for s, r in enumerate(returns) if r > 0] == m.winners()


@pytest.mark.parametrize("game_id", GAMES)
def test_an_observer_follows_positions_in_any_order(game_id):
    """Undo, jumps and another match only make more parts differ: an observer taken along positions in
    random order still agrees with the plain observation everywhere."""
    game = engines.get_game(game_id)
    m = engines.new_match(game_id, game.max_players, seed=5)
    play_random(m, seed=5)
    other = engines.new_match(game_id, game.max_players, seed=6)
    play_random(other, seed=6, limit=80)
    observer = m.observer()
    rng = random.Random(5)
    for _ in range(60):
        match = other if rng.random() < 0.2 else m
        match.goto(rng.randrange(len(match.timeline) + 1))
        seat = rng.randrange(match.players)
        assert observer(match.state, seat).tolist() == match.observation(seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_forced_outcomes_and_refused_ones(game_id):
    """resolve() forces any offered outcome; anything else raises IllegalAction and changes nothing."""
    game = engines.get_game(game_id)
    m = engines.new_match(game_id, game.min_players, seed=3)
    bot = RandomBot(3)
    forced = 0
    rng = random.Random(3)
    while not m.is_over and forced < 20:
        if m.pending == "decision":
            m.play(bot.choose(m))
            continue
        outcomes = m.chance_outcomes()
        if not outcomes:
            before = snapshot(m)
            with pytest.raises(IllegalAction):
                m.resolve("anything")
            assert snapshot(m) == before
            m.advance(step=True)
            continue
        before = snapshot(m)
        for bad in ("", "nothing:here", outcomes[0][0] + " ", 3, None, True, outcomes[0][0].upper() + "x"):
            with pytest.raises(IllegalAction):
                m.resolve(bad)
            assert snapshot(m) == before
        choice = rng.choice(outcomes)[0]
        m.resolve(choice)
        forced += 1
        # undo, then the same outcome again, is a redo (no new branch)
        m.undo()
        m.resolve(choice)
        assert not m.branches


@pytest.mark.parametrize("game_id", GAMES)
def test_clone_is_independent_and_continues_the_same(game_id):
    game = engines.get_game(game_id)
    m = engines.new_match(game_id, game.max_players, seed=5)
    play_random(m, seed=5, limit=150)
    twin = m.clone()
    assert twin.to_json() == m.to_json() and twin.view() == m.view()
    before = m.to_json()
    play_random(twin, seed=9)
    assert m.to_json() == before and twin.is_over
    play_random(m, seed=9)
    assert m.to_json() == twin.to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_information_state_is_the_history_a_seat_saw(game_id):
    game = engines.get_game(game_id)
    a = engines.new_match(game_id, game.min_players, seed=2)
    b = engines.new_match(game_id, game.min_players, seed=2)
    play_random(a, seed=2, limit=60)
    play_random(b, seed=2, limit=60)
    for seat in range(a.players):
        assert a.information_state(seat) == b.information_state(seat)
        json.loads(a.information_state(seat))
    if a.position:
        b.undo()
        assert any(a.information_state(s) != b.information_state(s) for s in range(a.players))


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_by_number(game_id):
    """play() takes an action's number in the table; a number outside it is refused by name."""
    game = engines.get_game(game_id)
    m = engines.new_match(game_id, game.min_players, seed=1)
    m.advance()
    action = m.legal_actions()[0]
    before = snapshot(m)
    for bad in (len(m.table.ids), -1, 10 ** 9):
        with pytest.raises(IllegalAction) as info:
            m.play(bad)
        assert info.value.rule == "core.action.unknown"
        assert m.why_not(bad) is not None
        assert snapshot(m) == before
    with pytest.raises(IllegalAction):
        m.play(True)                   # a boolean is not a number here
    m.play(action.index)
    assert m.timeline[-1] == action.id


# == fuzzing: what a forged widget message or a typo may send =======================================
def fuzz_ids(m: Match, rng: random.Random, count: int):
    table = list(m.table.ids)
    others = [i for g in engines.GAMES.values() if g.id != m.game.id
              for i in g.action_table(g.min_players, g.resolve_options(g.min_players, {})).ids]
    alphabet = string.ascii_letters + string.digits + ":.-_ " + "²³¹٣０１①\u00a0é中"
    for _ in range(count):
        kind = rng.randrange(8)
        base = rng.choice(table)
        if kind == 0:
            yield "".join(rng.choice(alphabet) for _ in range(rng.randrange(12)))
        elif kind == 1:           # a digit swapped for a unicode digit or a leading zero
            yield "".join(rng.choice(("²", "٣", "0" + c, "１")) if c.isdigit() else c for c in base)
        elif kind == 2:
            yield base + ":"
        elif kind == 3:
            yield base.replace(":", "", 1) if ":" in base else ":" + base
        elif kind == 4:
            yield base.upper()
        elif kind == 5:
            yield rng.choice(others) if others else base + "x"
        elif kind == 6:
            yield " " + base
        else:
            yield base                # a real id, usually from another phase


@pytest.mark.parametrize("game_id", GAMES)
def test_fuzzed_action_ids_only_raise_illegal_action(game_id):
    game = engines.get_game(game_id)
    rng = random.Random(game_id)
    m = engines.new_match(game_id, game.max_players, seed=4)
    bot = RandomBot(4)
    visited = 0
    while not m.is_over and visited < 40:
        visited += 1
        before = snapshot(m)
        for bad in fuzz_ids(m, rng, 25):
            if m.why_not(bad) is None:
                continue                  # a legal id, drawn by chance
            assert isinstance(m.why_not(bad).render("zh-Hant"), str)
            with pytest.raises(IllegalAction):
                m.play(bad)
            assert snapshot(m) == before
        for _ in range(rng.randrange(1, 8)):
            if m.is_over:
                break
            if m.pending == "decision":
                m.play(bot.choose(m))
            else:
                m.advance(step=True)


def mutations(save: dict, rng: random.Random):
    """Saves with one field edited, the way a curious or careless hand would."""
    values = [None, True, False, 0, -1, 1.5, "", "x", [], {}, ["entdecker"], {"a": 1}, 10 ** 12, "²"]
    for key in list(save):
        for value in rng.sample(values, 4):
            yield {**save, key: value}
        yield {k: v for k, v in save.items() if k != key}
    timeline = save["timeline"]
    entries = timeline["entries"]
    for _ in range(12):
        edited = list(entries)
        if edited:
            i = rng.randrange(len(edited))
            edited[i] = rng.choice([None, "", "x:y", "place:D1:090", 7, True, "draw:01",
                                    (edited[i] or "x") + "0", rng.choice(entries)])
        yield {**save, "timeline": {**timeline, "entries": edited}}
    for value in (True, -1, 10 ** 9, "3", None):
        yield {**save, "timeline": {**timeline, "position": value}}
        yield {**save, "timeline": {**timeline, "branches": [{"at": value, "entries": []}]}}
    yield {**save, "seed": save["seed"] + 1}
    yield {**save, "options": {"nonsense": True}}
    yield {**save, "digest": "0" * 16}


@pytest.mark.parametrize("game_id", GAMES)
def test_fuzzed_saves_only_raise_save_error(game_id):
    game = engines.get_game(game_id)
    m = engines.new_match(game_id, game.min_players, seed=6)
    play_random(m, seed=6, limit=80)
    m.undo()
    save = json.loads(m.to_json())
    assert Match.from_json(json.dumps(save)).to_json() == m.to_json()
    for edited in mutations(save, random.Random(game_id)):
        try:
            loaded = Match.from_json(json.dumps(edited))
        except SaveError:
            continue
        # the few edits that still describe this very match (an unchanged value) load as it was
        assert loaded.to_json() == m.to_json(), edited


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_options_name_the_option(game_id):
    game = engines.get_game(game_id)
    players = game.min_players
    for options, named in ((["x"], "options"), ({"x": 1}, "'x'"), ("side=A", "options")):
        with pytest.raises(ValueError, match=named):
            engines.new_match(game_id, players, options=options)
    for option in game.options(players):
        wrong = {True: 1, False: 0}.get(option.default, 1.0) if isinstance(option.default, bool) else True
        with pytest.raises(ValueError, match=option.id):
            engines.new_match(game_id, players, options={option.id: wrong})
    with pytest.raises(ValueError, match="players"):
        engines.new_match(game_id, True)


@pytest.mark.parametrize("game_id", HIDDEN)
def test_a_redraw_of_what_is_hidden_changes_nothing_that_may_be_played(game_id):
    """Game.determinize: copies of the position with the hidden cards drawn again for the player to move
    accept every later step of the real game, each decision and each listed outcome (a search keeps one
    tree over its redraws, so what may be played must not depend on what they drew)."""
    from engines.core.rng import Rng
    game = engines.get_game(game_id)
    for players in (game.min_players, game.max_players):
        m = engines.new_match(game_id, players, seed=3)
        bot, redraws, copies = RandomBot(3), Rng(3), []
        while not m.is_over:
            if m.pending == "decision":
                if m.position % 7 == 0:
                    copy = m.clone()
                    copy.state = game.determinize(m.state, m.to_move, redraws)
                    copies.append(copy)
                action = bot.choose(m).id
                m.play(action)
                for copy in copies:
                    copy.play(action)
            elif m.chance_outcomes():
                at = m.position
                m.advance(step=True)
                for copy in copies:
                    copy.resolve(m.timeline[at])
            else:
                m.advance(step=True)
                for copy in copies:
                    copy.advance(step=True)
        assert len(copies) > 10 and all(c.is_over for c in copies)
        assert any(game.view(c.state, None) != game.view(m.state, None) for c in copies)    # something redrawn


def fewest_choices_next(m: Match, rng: random.Random, sample: int = 6):
    """The legal action (of a random few) that leaves the next decision the fewest choices: a walk
    towards the corners of the rules, where a player might be left with nothing legal to do."""
    legal = m.legal_actions()
    best, fewest = None, None
    for action in rng.sample(legal, min(sample, len(legal))):
        after = m.clone()
        after.play(action.id)
        after.advance()
        left = len(after.legal_actions()) if after.pending == "decision" else 99
        if fewest is None or left < fewest:
            best, fewest = action, left
    return best


@pytest.mark.parametrize("game_id", GAMES)
def test_a_search_for_a_decision_with_nothing_legal_finds_none(game_id):
    """Every pending decision offers at least one legal action (issue 23, item 2: an Amerigo position
    offered none). Random play rarely walks into such a corner, so these games steer towards the
    positions with the fewest choices and check the law at every step."""
    game = engines.GAMES[game_id]
    for players in (game.min_players, game.max_players):
        for seed in (1, 2, 3):
            m = engines.new_match(game_id, players, seed=seed)
            rng = random.Random(seed)
            for _ in range(400):
                m.advance()
                if m.is_over:
                    break
                assert m.pending == "decision" and m.legal_actions(), \
                    f"{game_id} {players}p seed {seed}: nothing legal at {m!r} (timeline {m.timeline})"
                # half the moves random, so that the walk also reaches the middle of the game
                m.play(fewest_choices_next(m, rng).id if rng.random() < 0.5 else rng.choice(m.legal_actions()).id)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refused_id_of_the_table_names_a_rule_of_the_game(game_id):
    """An id of the action table that is not legal now is refused by a rule of the game (its catalog
    says which), never as "not an action of this game" nor a bare "not now" (issue 23, item 5: Endeavor
    said so for `activate:N` and `pay:N` beyond the coastline)."""
    game = engines.GAMES[game_id]
    for players in (game.min_players, game.max_players):
        m = engines.new_match(game_id, players, seed=3)
        bot, rng = RandomBot(3), random.Random(3)
        while not m.is_over:
            if m.pending != "decision":
                m.advance(step=True)
                continue
            if rng.random() < 0.2:
                legal = {a.id for a in m.legal_actions()}
                for action_id in rng.sample(m.table.ids, min(40, len(m.table.ids))):
                    if action_id not in legal:
                        rule = m.why_not_rule(action_id)
                        assert rule in game.rule_catalog, (game_id, players, m.phase, action_id, rule,
                                                           m.why_not(action_id).render("en"))
            m.play(bot.choose(m))
