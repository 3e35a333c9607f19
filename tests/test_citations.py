"""Citations in the reader's language (issue 26, "Citations in the reader's language"): every rule cites the
rulebook section it comes from, and a page shows that section in its own language: the project's English
title on an English page (each game's data/sections.toml), the rulebook's own heading in zh-Hant, and its
Simplified form in zh-Hans."""

from __future__ import annotations

import re

import ipywidgets as W
import pytest

import engines
from games import every_game
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
import widgets
from engines.core.texts import simplified
from test_sources import STEP, cited_sections
from widgets.core.shell import cite, section_titles

CHINESE = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")   # ideographs, CJK and full-width punctuation


def rule_sources(game: str) -> dict[str, str]:
    """Rule id -> its rulebook source ("rulebook:<file>#<section>"), for one game."""
    catalog = engines.get_game(game).rule_catalog
    sources = {rule_id: catalog.get(rule_id).source for rule_id in engines.rules(game, "en")}
    return {rule_id: source for rule_id, source in sources.items() if source.startswith("rulebook:")}


def all_rule_sources() -> list[tuple[str, str, str]]:
    return [(game, rule_id, source) for game in engines.GAMES for rule_id, source in rule_sources(game).items()]


@pytest.mark.parametrize("game", every_game())
def test_every_cited_section_of_a_game_has_an_english_title(game):
    """Every section a rule of the game cites has an English title, found from the rulebook file it names."""
    titles = section_titles()
    missing = []
    for source in rule_sources(game).values():
        book, _, section = source[len("rulebook:"):].partition("#")
        if section not in titles.get(book, {}):
            missing.append(source)
    assert not missing, f"{game}: no English title in data/sections.toml for {missing}"


def test_the_section_tables_hold_exactly_the_cited_sections():
    """The tables cover every section the data files cite (components too), and no section cited nowhere."""
    titles = section_titles()
    cited = cited_sections()
    assert set(titles) == set(cited), "one sections.toml per rulebook the data files cite"
    for book, sections in cited.items():
        assert not sorted(sections - set(titles[book])), f"{book}: cited, no English title"
        assert not sorted(set(titles[book]) - sections), f"{book}: an English title for a section cited nowhere"


def test_english_titles_keep_what_tells_sections_apart():
    """Each title is English, keeps the heading's numbers and its item marker ("(2)", " B", " iii"), and no
    two sections of one rulebook share a title."""
    for book, table in section_titles().items():
        assert len(set(table.values())) == len(table), f"{book}: two sections share an English title"
        for heading, title in table.items():
            assert title.strip() == title and title, (book, heading)
            assert not CHINESE.search(title), (book, heading, title)
            assert re.findall(r"\d+", title) == re.findall(r"\d+", heading), (book, heading, title)
            marker = STEP.search(heading)
            assert marker is None or title.endswith(marker.group()), (book, heading, title)


@pytest.mark.parametrize("game,rule_id,source", all_rule_sources(),
                         ids=[rule_id for _, rule_id, _ in all_rule_sources()])
def test_a_rulebook_citation_in_each_language(game, rule_id, source):
    """English: "Rulebook § <English title>", no Chinese character; zh-Hant: the rulebook's heading in
    Traditional characters and full-width punctuation (issue 31: 航海(船隻) is shown 航海（船隻）); zh-Hans: its
    Simplified form."""
    from widgets.core.citations import traditional
    section = source.partition("#")[2]
    full = str.maketrans({"(": "（", ")": "）", ",": "，", ":": "："})
    english = cite(source, "en")
    assert english.startswith("Rulebook § ") and not CHINESE.search(english), (rule_id, english)
    from widgets.core.citations import _as_item
    zh_hant = _as_item(traditional(section).translate(full).replace('： ', '：'), "zh-Hant")
    assert cite(source, "zh-Hant") == f"規則書 § {zh_hant}"
    assert cite(source, "zh-Hans") == f"规则书 § {_as_item(simplified(section).translate(full).replace('： ', '：'), 'zh-Hans')}"
    assert not re.search(r"[(),:]", cite(source, "zh-Hans"))


def test_a_section_without_an_english_title_is_an_error():
    """No silent fallback to the Chinese heading: an English page cannot cite a section it has no title for."""
    with pytest.raises(KeyError, match="sections.toml"):
        cite("rulebook:000_98ba3dcda373bef6.txt#一個沒有譯名的章節", "en")
    assert cite("rulebook:000_98ba3dcda373bef6.txt#一個沒有譯名的章節", "zh-Hant") == "規則書 § 一個沒有譯名的章節"


def shown_texts(shell) -> list[str]:
    """What the page shows: the panel (decision, rule box, latest steps and their tooltips) and every HTML
    widget of the shell (status line, full log with its tooltips, hints, final scores)."""
    def walk(widget):
        yield widget
        for child in getattr(widget, "children", ()) or ():
            yield from walk(child)

    texts = []

    def collect(value):
        if isinstance(value, dict):
            for v in value.values():
                collect(v)
        elif isinstance(value, list):
            for v in value:
                collect(v)
        elif isinstance(value, str):
            texts.append(value)

    collect(shell.panel.panel)
    texts += [w.value for w in walk(shell) if isinstance(w, W.HTML)]
    return texts


def play_english(game: str, steps: int = 24):
    """An English play page stepped `steps` times, with its full log open; yields it after every step."""
    shell = widgets.play(game, lang="en")
    shell.more.selected_index = 1                 # the full log is filled while its section is open
    for _ in range(steps):
        shell.next_step()
        yield shell


@pytest.mark.parametrize("game", every_game())
def test_an_english_play_page_cites_its_rules_in_english(game):
    """The rule box's citation and every log line's citation (panel and full log) are English."""
    for shell in play_english(game):
        panel = shell.panel.panel
        cites = [panel["rule"]["cite"]] if panel.get("rule") else []
        cites += [line["cite"] for line in panel["log"]]
        cites += re.findall(r"<small[^>]*>\[(.*?)\]</small>", shell.full_log.value)
        chinese = [c for c in cites if CHINESE.search(c)]
        assert cites and not chinese, (game, chinese)


@pytest.mark.parametrize("game", every_game())
def test_an_english_play_page_shows_no_chinese_at_all(game):
    """Rule box, latest steps, full log and status of an English play page hold no Chinese character."""
    for shell in play_english(game):
        found = sorted({text for text in shown_texts(shell) if CHINESE.search(text)})
        assert not found, (game, shell.match.position, [CHINESE.findall(text) for text in found][:5], found[:3])


def test_a_rule_cited_from_another_editions_rulebook_names_that_book():
    """Endeavor 2009's rules that the Age of Sail rulebook states are cited, on a 2009 page, as that book's
    (in the page's language); on Age of Sail's own page, and for 2009's own rulebook, it is just "Rulebook"."""
    from widgets.core.shell import cite
    sources = {rule["source"] for rule in engines.rules("endeavor-2009").values()}
    borrowed = sorted(s for s in sources if s.startswith("rulebook:000_"))
    own = sorted(s for s in sources if s.startswith("rulebook:002_"))
    assert borrowed and own
    assert cite(borrowed[0], "en", "endeavor-2009").startswith("Age of Sail rulebook § ")
    assert cite(borrowed[0], "zh-Hant", "endeavor-2009").startswith("《奮進號：大航海時代》規則書 § ")
    # and says why: it is this game's rule too, which its own rulebook leaves out (2009 en try-out v13: "not in this
    # game's rulebook" read as "not a rule of this game", and the learner doubted what they were practising)
    assert cite(borrowed[0], "en", "endeavor-2009").endswith(" (a rule of this game too, which its own rulebook leaves out)")
    assert cite(borrowed[0], "zh-Hant", "endeavor-2009").endswith("（本遊戲同樣照這條規則，只是本遊戲的規則書沒有寫出）")
    assert cite(borrowed[0], "zh-Hans", "endeavor-2009").endswith("（本游戏同样照这条规则，只是本游戏的规则书没有写出）")
    assert cite(borrowed[0], "zh-Hans", "endeavor-2009").startswith("《奋进号：大航海时代》规则书 § ")
    assert cite(borrowed[0], "en", "endeavor-aos").startswith("Rulebook § ")
    assert cite(own[0], "en", "endeavor-2009").startswith("Rulebook § ")


def test_a_zh_hant_citation_is_in_traditional_characters():
    """The 2009 rulebook was printed in Simplified characters; a zh-Hant page writes its headings in Traditional
    ones (游戏进行 -> 遊戲進行), as it writes every other word."""
    import engines
    from widgets.core.citations import traditional
    for game in engines.GAMES.values():
        for rule in game.rule_catalog.rules.values():
            shown = cite(rule.source, "zh-Hant", game.id)
            assert shown == traditional(shown), (game.id, rule.id, shown)
    assert cite("rulebook:x.txt#游戏进行", "zh-Hant").endswith("遊戲進行")


def test_an_item_of_a_section_is_cited_as_an_item():
    """A rulebook numbers the paragraphs of some sections (A, B, ...; i, ii, ...; (1), (2), ...): a citation says
    "item B" of the section, not a bare letter a learner reads as noise (Amerigo en and zh-Hant try-outs)."""
    amerigo, aos = "rulebook:001_b95267d5d2ce424f.txt#", "rulebook:000_98ba3dcda373bef6.txt#"
    assert cite(amerigo + "(5)建造(綠色) C", "en") == "Rulebook § (5) Building (green), item C"
    assert cite(amerigo + "(5)建造(綠色) C", "zh-Hant") == "規則書 § （5）建造（綠色），第C項"
    assert cite(amerigo + "遊戲準備 (4)", "zh-Hans") == "规则书 § 游戏准备，第4项"
    assert cite(amerigo + "(5)建造(綠色)", "zh-Hant") == "規則書 § （5）建造（綠色）"     # the section itself
    assert cite(aos + "初始設置 E", "en") == "Rulebook § Setup, item E"
    entdecker = "rulebook:003_658014cc82da8af9.txt#"
    # a Chinese page numbers a paragraph marked "vii" as a Chinese reader counts, not in Roman numerals
    # (Entdecker zh-Hant try-out v9: "第vii項" read as noise); an English one keeps the rulebook's mark
    assert cite(entdecker + "抽取並放置探索卡 vii", "zh-Hant").endswith("，第7項")
    assert cite(entdecker + "抽取並放置探索卡 iv", "zh-Hans").endswith("，第4项")
    assert cite(entdecker + "抽取並放置探索卡 iv", "en").endswith(", item iv")
