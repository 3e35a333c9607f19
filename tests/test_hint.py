"""The Hint that teaches (issue 31 § 7): beside the search's shares, what the suggested move does now (points,
gold, a card... in the game's own words, read from the engine's scores and view by engines/core/explain_move.py)
and what the search expects it to lead to (the learner's lead, compared with the next best move), in the page's
language; the shares add up to 100% with the moves not shown, and a note says what they are."""

from __future__ import annotations

import re

import pytest

import engines
from games import after_greedy_moves, every_game
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
import widgets
from engines.core.bots import make_bot
from engines.core.explain_move import TextList, move_changes, outlook, percents, point_changes, position_after
from engines.core.rng import Rng
from engines.core.search import Assessment
from engines.core.texts import LANGS, Text
from widgets.core.hint import hints, hints_html, in_language

AFTER_CHINESE = re.compile(r"[\u4e00-\u9fff\u3002\uff09]\s?[:;,?!](?![/\d])")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _said(texts, lang="en"):
    return TextList(texts).render(lang)


def _plain(page: str) -> str:
    """The words of a hint panel: its rules folded away, tags and entities gone."""
    page = re.sub(r"<details>.*?</details>", "", page)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("&#x27;", "'")


# -- the shares add up ---------------------------------------------------------------------------------------
def test_percentages_of_shares_add_up_to_a_hundred():
    assert percents([0.22, 0.03, 0.03, 0.72]) == [22, 3, 3, 72]
    assert sum(percents([0.333, 0.333, 0.334, 0.0])) == 100
    assert percents([0.994, 0.003, 0.003, 0.0]) == [100, 0, 0, 0]        # the largest remainder gets the point
    assert percents([1.0]) == [100]


# -- what a move changes now ---------------------------------------------------------------------------------
class _Parts:
    id = "no-such-game"

    @staticmethod
    def part_text(part):
        return Text("ent.score." + part)


def test_points_name_the_parts_that_changed():
    before = {"total": 4, "parts": {"islands": 4, "ruins": 0, "chips": 0}}
    assert point_changes(_Parts, before, before) == []
    one = point_changes(_Parts, before, {"total": 7, "parts": {"islands": 7, "ruins": 0, "chips": 0}})
    assert _said(one) == "+3 points (islands)" and _said(one, "zh-Hant") == "得分+3（島嶼）"
    two = point_changes(_Parts, before, {"total": 5, "parts": {"islands": 7, "ruins": 0, "chips": -2}})
    assert _said(two) == "+1 point (islands +3, chip bonus −2)"
    assert _said(two, "zh-Hant") == "得分+1（島嶼+3、探索籌碼獎勵−2）"
    same = point_changes(_Parts, before, {"total": 4, "parts": {"islands": 6, "ruins": 0, "chips": -2}})
    assert _said(same) == "no change in points (islands +2, chip bonus −2)"


def test_a_game_names_its_points_and_what_a_seat_has_in_its_own_words():
    """Entdecker: declaring tiles costs gold (ent.hint.gold); Endeavor says glory for points."""
    m = after_greedy_moves("entdecker", 2, seed=3, moves=1)
    buy = next(a for a in m.legal_actions() if a.id == "buy:2")
    said = move_changes(m, buy)
    assert _said(said) == "−2 gold"
    assert _said(said, "zh-Hant") == "黃金−2" and _said(said, "zh-Hans") == "黄金−2"
    # Endeavor's texts name glory, and each edition its own words (Age of Sail's build level, 2009's industry level).
    editions = (("endeavor-aos", ("build level", "建造等級")), ("endeavor-2009", ("industry level", "工業級別")))
    for game_id, level in editions:
        m = engines.new_match(game_id, 3, seed=1)
        greedy = make_bot("greedy", seed=1)
        found = set()
        for _ in range(40):
            m.advance()
            found |= {_said(move_changes(m, a), lang) for a in m.legal_actions()[:6] for lang in ("en", "zh-Hant")}
            m.play(greedy.choose(m))
        found = " | ".join(found)
        assert "glory (" in found and "榮譽+" in found, found
        assert level[0] in found and level[1] in found, found


def test_the_rules_own_steps_after_a_move_count_for_points_but_no_draw_is_made():
    """A Shipyard ship that sets out scores in automatic steps (sy.cruise.*): the move that sends it says so.
    Entdecker's draw stops before the tile is turned: nothing countable is told, nothing is revealed."""
    m = engines.new_match("shipyard", 3, seed=3)
    bots = {s: make_bot("greedy", seed=s) for s in range(3)}
    found = None
    while not m.is_over and found is None:
        if m.to_move is None:
            m.advance()
            continue
        for action in m.legal_actions():
            said = _said(move_changes(m, action))
            if "speed" in said:
                found = said
                break
        m.play(bots[m.to_move].choose(m))
    assert found and re.search(r"\+\d+ points? \(.*speed", found), found
    m = after_greedy_moves("entdecker", 2, seed=3, moves=2)
    draw = next(a for a in m.legal_actions() if a.id.startswith("draw:"))
    before, after = position_after(m, draw)
    assert m.game.chance(after.state) is not None              # stopped at the draw
    assert move_changes(m, draw) == []


@pytest.mark.parametrize("game_id", every_game())
def test_explaining_moves_leaves_the_match_alone_and_says_every_language(game_id):
    game = engines.get_game(game_id)
    m = after_greedy_moves(game_id, game.min_players, seed=2, moves=30)
    before = m.to_json()
    for action in m.legal_actions()[:8]:
        said = move_changes(m, action)
        for lang in LANGS:
            text = _said(said, lang)
            assert "⟨" not in text and "{" not in text, (action.id, lang, text)
            if lang != "en":
                assert not AFTER_CHINESE.search(text) and not ENGLISH_WORD.search(text), (action.id, lang, text)
    assert m.to_json() == before


def test_what_a_move_changes_never_tells_what_the_seat_cannot_see():
    """Two Shipyard positions that differ only in the other players' secret contracts explain alike."""
    m = after_greedy_moves("shipyard", 3, seed=5, moves=103)
    seat, game = m.to_move, m.game
    other = m.clone()
    other.state = game.determinize(m.state, seat, Rng(9))
    for action in m.legal_actions()[:6]:
        assert move_changes(m, action) == move_changes(other, action)


def test_a_game_may_say_more_through_its_hook(monkeypatch):
    game = engines.get_game("entdecker")
    said = Text("ent.score.islands")
    monkeypatch.setattr(game, "move_effects", lambda before, after, seat: [said], raising=False)
    m = after_greedy_moves("entdecker", 2, seed=3, moves=1)
    assert move_changes(m, next(a for a in m.legal_actions() if a.id == "buy:1"))[-1] == said


# -- what the search expects ---------------------------------------------------------------------------------
class _Action:
    def __init__(self, name):
        self.id, self.label = name, Text("ent.unit." + name)


def _assessed(*rows):
    return [Assessment(_Action(name), visits, share, value, lead) for name, visits, share, value, lead in rows]


def test_the_outlook_says_the_lead_and_compares_the_next_best_move():
    game = engines.get_game("entdecker")
    rows = _assessed(("scout", 80, 0.8, 0.7, 4.2), ("fort", 15, 0.15, 0.6, 3.1), ("settlement", 5, 0.05, 0.5, -2.4))
    first = outlook(game, rows, 0)
    assert [t.render("en") for t in first] == [
        "Looking ahead, the search expects you to end up about 4 points ahead of your closest rival.",
        "The next best move, “fort”: about 1 point less."]
    assert [t.render("zh-Hant") for t in first] == [
        "往後推算，搜尋預期你最後會領先最接近的對手約4點。", "次佳的一步「要塞」：約少1點。"]
    assert outlook(game, rows, 2)[0].render("en") == "The search expects you to end up about 2 points behind."
    glory = outlook(engines.get_game("endeavor-aos"), rows, 0)[0].render("zh-Hant")
    assert "約4點榮譽" in glory
    riskier = _assessed(("scout", 80, 0.8, 0.7, 1.0), ("fort", 15, 0.15, 0.4, 3.0))
    assert "chances of winning lower" in outlook(game, riskier, 0)[1].render("en")
    even = _assessed(("scout", 80, 0.8, 0.7, 0.2), ("fort", 15, 0.15, 0.7, 0.4))
    assert [t.key for t in outlook(game, even, 0)] == ["core.hint.level", "core.hint.next.same"]
    only = [Assessment(_Action("scout"), 0, 1.0, None, None)]
    assert outlook(game, only, 0)[0].key == "core.hint.only"
    untried = _assessed(("scout", 10, 1.0, 0.5, 1.0), ("fort", 0, 0.0, None, None))
    assert outlook(game, untried, 1)[0].key == "core.hint.untried"


# -- the panel -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", every_game())
def test_the_hint_says_why_in_every_language_and_its_shares_add_up(game_id):
    game = engines.get_game(game_id)
    m = after_greedy_moves(game_id, game.min_players, seed=5, moves=25)
    items = hints(m, "en", make_bot("mcts", seed=1, simulations=60))
    legal = {a.id for a in m.legal_actions()}
    assert 1 <= len(items) <= 3 and all(item["id"] in legal for item in items)
    search = items[0]["search"]
    assert sum(item["percent"] for item in items) + search["rest"] == 100
    assert search["others"] == len(legal) - len(items)
    assert all(item["now"] for item in items)
    if len(legal) > 1:
        assert items[0]["outlook"] and search["tries"] > 0
    for lang in LANGS:
        page = _plain(hints_html(in_language(items, lang), lang))
        assert all(f"{item['percent']}%" in page for item in items)
        assert "⟨" not in page and "{" not in page
        if lang != "en":
            assert not AFTER_CHINESE.search(page), page
            labels = "".join(item["texts"]["label"].render(lang) for item in items)
            words = set(ENGLISH_WORD.findall(page)) - set(ENGLISH_WORD.findall(labels))
            assert not words, (lang, words, page)
    english = _plain(hints_html(items, "en"))
    assert ("This move" in english) and (len(legal) == 1 or "tries from here" in english)
    if search["others"]:
        assert f"{search['rest']}%" in english


def test_the_shell_shows_the_why_and_says_it_again_in_a_new_language():
    shell = widgets.play("entdecker", players=2, seed=3, seats={0: "human", 1: "greedy"})
    shell._hint_bot.budget = 0.1
    shell.run_bots()
    items = shell.hint()
    assert items and items[0]["now"] in _plain(shell.hint_box.value)
    shell.set_lang("zh-Hant")
    page = _plain(shell.hint_box.value)
    assert "搜尋電腦會怎麼走" in page and items[0]["texts"]["now"].render("zh-Hant") in page
    shell.choose(items[0]["id"])
    assert shell.hint_box.value == ""
