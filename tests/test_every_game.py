"""The tests every game shares: its texts and their namespace, its rule catalog and the tests that cite
each rule, the rulebook sections its rules cite, saves, seeds, undo, and a greedy bot better than random
play. Each runs once per registered game: a game registered in `engines` gets them without a line added
here (its own tests, one or more per rule id, go in tests/test_<game id>.py: `games.game_tests`); so do the
test-only games (tests/tictactoe), registered while this module runs (`games.every_game`).
tests/test_contract.py checks the engine contract (tables, chance, observations, fuzzing) the same way.
"""

from __future__ import annotations

import ast
import json
import re
import tomllib

import pytest

import engines
from engines import Match
from engines.core.texts import has_text
from games import bots, every_game, game_tests, new_for, play_out, prefix, rules_of, step
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
from test_sources import RULEBOOKS, STEP       # the rulebook texts; a step ("E", "iii", "(2)") of a heading

GAMES = every_game()
# Age of Sail came first: the texts it shares with the 2009 edition (act.*, phase.*, score.*...) are older
# than the namespaces, and the 2009 edition's actions are named e2009.*. Every other game: its prefix only.
OLDER_KEYS = {"endeavor-aos": ("act.", "action.", "attribute.", "level.", "phase.", "score.", "seat."),
              "endeavor-2009": ("e2009.",)}


def texts_of(game) -> set[str]:
    return set(tomllib.loads((game.data_dir / "texts.toml").read_text(encoding="utf-8")))


def strings(value) -> list[str]:
    """Every string of a TOML document (the sources its entries cite, among others)."""
    if isinstance(value, dict):
        return [s for item in value.values() for s in strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    return [value] if isinstance(value, str) else []


def sample(game_id):
    """One match per player count, seeds 0, 1, 2...: the games the shared tests watch."""
    game = engines.GAMES[game_id]
    new = new_for(game_id, game.min_players)
    return [new(players, seed=i) for i, players in enumerate(range(game.min_players, game.max_players + 1))]


def three_or_min(game) -> int:
    return max(game.min_players, min(3, game.max_players))


# == texts ==============================================================================================
@pytest.mark.parametrize("game_id", GAMES)
def test_all_texts_of_the_game_are_namespaced(game_id):
    """The text catalog is shared by every game: every key a game defines starts with its rules' prefix
    (or is its title), no two games define the same key, and every event of a game's log names a text
    of its own, or of one of its editions (the editions of one game share texts)."""
    game = engines.GAMES[game_id]
    keys = texts_of(game)
    own = (prefix(game) + ".", *OLDER_KEYS.get(game_id, ()))
    assert [k for k in keys if not k.startswith(own) and k != f"game.{game_id}"] == []
    for other in GAMES:
        if other != game_id:
            assert not keys & texts_of(engines.GAMES[other]), other
    editions = tuple(prefix(engines.GAMES[e]) + "." for e in game.editions) or (prefix(game) + ".",)
    m = play_out(new_for(game_id, game.min_players)(seed=3), seed=3)
    assert [e.key for e in m.log if not e.key.startswith(editions)] == []
    assert all(e.rule.startswith(prefix(game) + ".") for e in m.log)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_text_renders_in_both_languages(game_id):
    """Every event, action label, refusal and chance outcome of random games (one per player count, and
    the scenarios) and of a greedy game renders in English and Chinese, with no missing key and no
    unfilled placeholder; every phase (reached, or declared by the game's encoding) and score part has a
    name; the title is translated."""
    game = engines.GAMES[game_id]

    def check(text, where):
        for lang in ("en", "zh-Hant"):
            rendered = text if isinstance(text, str) else text.render(lang)
            assert "⟨" not in rendered and "{" not in rendered and "[" not in rendered, (where, rendered)
    matches = sample(game_id) + [engines.scenario(game_id, name) for name in game.scenarios()]
    greedy = new_for(game_id, game.min_players)(seed=1)       # a greedy game reaches other positions
    # the phases its encoding declares (the editions of Endeavor share one, holding both editions' phases)
    phases = set() if game.editions else set(getattr(game.encoding, "PHASES", ()))
    for m in matches + [greedy]:
        b = bots(m.players, 1, engines.GreedyBot if m is greedy else engines.RandomBot)
        while not m.is_over:
            phases.add(m.phase)
            for action, why in m.candidates():
                check(action.label, action.id)
                if why is not None:
                    check(why, action.id)
            for outcome, _, text in m.chance_outcomes():
                check(text, outcome)
            step(m, b)
        phases.add(m.phase)
        for e in m.log:
            for lang in ("en", "zh-Hant"):
                check(e.text(lang), e.key)
        for part in m.scores()[0]["parts"]:
            assert has_text(game.part_text(part).key), part
    for phase in phases:
        assert has_text(game.phase_text(phase).key), phase
    assert game.title.render("zh-Hant") != game.title.render("en")


# == the rule catalog ===================================================================================
@pytest.mark.parametrize("game_id", GAMES)
def test_catalog_complete_and_every_event_and_refusal_rule_in_it(game_id):
    """The catalog is the game's rules.toml; every rule has both languages; every rule an action, a
    refusal, a chance step or an event of random games names is in the catalog (a refusal may be the
    kernel's: core.*)."""
    game = engines.GAMES[game_id]
    catalog = engines.rules(game_id)
    zh = engines.rules(game_id, "zh-Hant")
    assert set(catalog) == set(zh) == set(tomllib.loads((game.data_dir / "rules.toml").read_text(encoding="utf-8")))
    for rule_id in catalog:
        assert re.search(r"[\u4e00-\u9fff]", zh[rule_id]["title"] + zh[rule_id]["text"]), rule_id
        assert catalog[rule_id]["text"] != zh[rule_id]["text"], rule_id
    seen = set()
    for m in sample(game_id):
        b = bots(m.players, m.seed)
        while not m.is_over:
            for a, why in m.candidates():
                assert a.rule in catalog, a.id
                if why is not None:
                    rule = m.why_not_rule(a.id)
                    assert rule in catalog or rule.startswith("core."), rule
            chance = m.chance_step()
            assert chance is None or chance.rule in catalog
            step(m, b)
        seen |= set(rules_of(m.log))
    assert seen <= set(catalog)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_id_has_a_test(game_id):
    """Each rule id is cited by a test of the game's own test file: its docstring opens with the id, or
    with a list of ids holding it ("am.x, am.y: ...", "e09.x / e09.y"), or names it after " / "; and
    every id cited so is a rule of the game."""
    game = engines.GAMES[game_id]
    path = game_tests(game_id)
    assert path.exists(), f"{game_id}: its tests belong in {path.name}"
    rule = r"%s\.[a-z0-9][a-z0-9.\-]*[a-z0-9]" % re.escape(prefix(game))
    opening = re.compile(r"%s(?:(?:,\s*|\s+/\s+|\s+and\s+)%s)*" % (rule, rule))
    cited = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            doc = ast.get_docstring(node) or ""
            first = opening.match(doc)
            cited |= set(re.findall(rule, first.group(0))) if first else set()
            cited |= set(re.findall(r"/ (%s)" % rule, doc))
    catalog = set(engines.rules(game_id))
    assert sorted(catalog - cited) == [], "rules without a test"
    assert sorted(cited - catalog) == [], "cited, but not rules of the game"


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebook texts are not beside the project")
@pytest.mark.parametrize("game_id", GAMES)
def test_catalog_sources_cite_sections_of_the_rulebook(game_id):
    """Every rule cites the rulebook, a public source, a project ruling or a stand-in; a game cites one
    rulebook (an edition may cite another edition's too: the rules they share); every rulebook citation of
    its rules and data files names a heading of that rulebook (a step "A", "iii" or "(2)" of a heading
    cites that heading; a rulebook with "#" headings is cited by one)."""
    game = engines.GAMES[game_id]

    def books_of(g):
        return [source.partition("#")[0] for source in (e["source"] for e in engines.rules(g).values())
                if source.startswith("rulebook:")]

    sources = {rule_id: entry["source"] for rule_id, entry in engines.rules(game_id).items()}
    allowed = game.rule_sources         # what the game declares its rules rest on
    for rule_id, source in sources.items():
        assert source.startswith(allowed), (rule_id, source, allowed)
    own = books_of(game_id)
    if "rulebook:" in allowed:          # a game without a rulebook (tic-tac-toe) cites none: checked above
        main = {max(set(books_of(e)), key=books_of(e).count) for e in game.editions or (game_id,)}
        assert set(own) <= main and (len(set(own)) == 1 or game.editions), sorted(set(own))
    cited = list(sources.values())
    for path in sorted(game.data_dir.glob("*.toml")):
        cited += strings(tomllib.loads(path.read_text(encoding="utf-8")))
    for source in cited:
        if not source.startswith("rulebook:"):
            continue
        book, _, section = source[len("rulebook:"):].partition("#")
        text = (RULEBOOKS / book).read_text(encoding="utf-8")
        heading = STEP.sub("", section)
        if re.search(r"(?m)(^|\s)#+ ", text):
            assert re.search(r"#+ %s(\s|$)" % re.escape(heading), text), f"{source!r}: not a heading of {book}"
        else:
            assert heading in text, f"{source!r}: section not found in {book}"


# == saves, seeds, undo =================================================================================
@pytest.mark.parametrize("game_id", GAMES)
def test_json_round_trip_at_every_step(game_id):
    """Positions of two games survive to_json / from_json, with the same view and log: every step of the
    first 260, then every 25th to the end."""
    game = engines.GAMES[game_id]
    new = new_for(game_id, game.min_players)
    for seed, players in ((1, game.min_players), (2, min(game.min_players + 1, game.max_players))):
        m = new(players, seed)
        b = bots(players, seed)
        count = 0
        while not m.is_over:
            if count < 260 or count % 25 == 0:
                back = Match.from_json(m.to_json())
                assert back.view() == m.view() and [e.to_json() for e in back.log] == [e.to_json() for e in m.log]
            step(m, b)
            count += 1
        back = Match.from_json(m.to_json())
        assert back.view() == m.view()


@pytest.mark.parametrize("game_id", GAMES)
def test_scenarios_round_trip_and_render(game_id):
    """Every scenario saves and loads, its views are JSON, and the view names it."""
    for name in engines.GAMES[game_id].scenarios():
        m = engines.scenario(game_id, name)
        assert Match.from_json(m.to_json()).view() == m.view()
        json.dumps(m.view(0), sort_keys=True)
        assert m.view(None)["scenario"] == name


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game_and_undo_redo(game_id):
    """Same seed, same game; another seed, another game (the game is what was played, its log: a small game's
    different games may well end in the same position); going back and forth gives the same view; undo then
    redo is the identity."""
    game = engines.GAMES[game_id]
    new = new_for(game_id, three_or_min(game))

    def run(seed):
        return play_out(new(seed=seed), seed)
    a, b = run(5), run(5)
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log] and a.view() == b.view()
    assert [e.to_json() for e in run(6).log] != [e.to_json() for e in a.log]
    here = a.view()
    a.goto(a.position // 2)
    a.goto(len(a.timeline))
    assert a.view() == here
    for players in (game.min_players, game.max_players):
        m = new(players, seed=9)
        b = bots(players, 9)
        for _ in range(120):
            step(m, b)
        before = m.view()
        m.undo()
        m.redo()
        assert m.view() == before


# == actions and bots ===================================================================================
@pytest.mark.parametrize("game_id", GAMES)
def test_every_action_is_labelled_by_a_text_of_the_game(game_id):
    """Every legal action of a random game is labelled by a text of the game or of an edition of it
    ("<prefix>.act.*", or one of Age of Sail's older "act.*"). Each game's file checks that its ids read
    like the board."""
    game = engines.GAMES[game_id]
    editions = [engines.GAMES[e] for e in game.editions] or [game]
    labels = tuple(f"{prefix(g)}.act." for g in editions)
    older = {k for g in editions for k in texts_of(g) if k.startswith("act.")}
    m = new_for(game_id, game.min_players)(game.max_players, seed=4)
    b = bots(m.players, 4)
    while not m.is_over:
        for a in m.legal_actions():
            assert a.label.key.startswith(labels) or a.label.key in older, (a.id, a.label.key)
        step(m, b)


@pytest.mark.parametrize("game_id", GAMES)
def test_greedy_bot_beats_random(game_id):
    """The heuristic makes the greedy bot better than random play: with the fewest players, the greedy
    seat scores more than every other seat in three games of four."""
    game = engines.GAMES[game_id]
    wins = 0
    for seed in range(4):
        m = new_for(game_id, game.min_players)(seed=300 + seed)
        b = {0: engines.GreedyBot(seed), **{s: engines.RandomBot(seed + 7 * (s - 1)) for s in range(1, m.players)}}
        while not m.is_over:
            step(m, b)
        totals = [m.scores()[s]["total"] for s in range(m.players)]
        wins += totals[0] > max(totals[1:])
    assert wins >= 3
