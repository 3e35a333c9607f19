"""Every text in every language: English, Traditional Chinese (written) and Simplified Chinese (generated).

The catalogs hold en and zh-Hant; zh-Hans comes from zh-Hant through OpenCC and the phrase overrides.
These tests load every catalog there is (engines, the shell, the gallery, every board renderer) and check
that each text renders in all three languages, that no Traditional-only character is left in the
Simplified texts, and that the pages offer the three languages.
"""

import re

import opencc
import pytest

import engines
import widgets
import widgets.gallery
from engines.core.texts import LANGS, WRITTEN, catalog_keys, render, template
from games import every_game
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
from widgets import renderer_for
from widgets.core.renderer import KIT_TEMPLATES
from widgets.core.shell import LANG_CHOICES

for _game in engines.GAMES:      # the renderers' catalogs (names on the boards) load with them
    renderer_for(_game)

_T2S = opencc.OpenCC("t2s")


def traditional_only(text: str) -> list[str]:
    """The characters of `text` that Simplified Chinese writes otherwise (OpenCC's t2s changes them)."""
    return sorted({ch for ch in text if _T2S.convert(ch) != ch})


def test_the_check_finds_traditional_characters():
    assert traditional_only("輪到玩家1決定") == ["決", "輪"]
    assert traditional_only("轮到玩家1决定") == []


def all_texts(lang):
    return {key: template(key, lang) for key in catalog_keys()}


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_has_every_language(lang):
    texts = all_texts(lang)
    assert len(texts) > 500
    empty = [key for key, text in texts.items() if not text.strip()]
    assert not empty, f"{lang}: empty texts {empty[:10]}"
    if lang != "en":
        # a Chinese text that is the English one was never translated (placeholders, letters and numbers aside)
        same = [key for key, text in texts.items() if text == template(key, "en")
                and len(re.findall("[A-Za-z]", re.sub(r"\{[^}]*\}", "", text))) > 3]
        assert not same, f"{lang}: texts still in English {same[:10]}"


def test_no_english_text_holds_chinese():
    """Issue 31 §6: an English page shows no Chinese, so no English text of any catalog (engine texts, rules'
    titles, boards, widgets, lessons) holds a Chinese character; a language's name in its own script is the
    one exception (the language menu)."""
    import widgets.core.lesson_file as lessons
    for game in engines.GAMES:
        if lessons.lesson_path(game).is_file():
            lessons.load(game)
    own_names = {f"core.lang.{lang}" for lang in LANGS} | {f"ui.lang.{lang}" for lang in LANGS}
    # Lessons that tests write to temporary files (their keys "lesson.<game>@<path>...") may hold Chinese on purpose.
    chinese = {key: text for key, text in all_texts("en").items()
               if re.search(r"[\u3400-\u9fff]", text) and key not in own_names and not re.match(r"lesson\.[^.]+@", key)}
    assert not chinese, f"Chinese in English texts: {dict(list(chinese.items())[:6])}"
    rules = {f"{game}:{rule}": (r["title"], r["text"]) for game in engines.GAMES
             for rule, r in engines.rules(game, "en").items() if re.search(r"[\u3400-\u9fff]", r["title"] + r["text"])}
    assert not rules, f"Chinese in English rule texts: {dict(list(rules.items())[:6])}"


def test_no_traditional_character_in_simplified_texts():
    leftovers = {key: traditional_only(text) for key, text in all_texts("zh-Hans").items()}
    leftovers = {key: chars for key, chars in leftovers.items() if chars}
    assert not leftovers, f"Traditional characters in zh-Hans: {dict(list(leftovers.items())[:10])}"


@pytest.mark.parametrize("game", every_game())
def test_rules_in_every_language(game):
    for lang in LANGS:
        rules = engines.rules(game, lang)
        assert rules, game
        for rule_id, rule in rules.items():
            assert rule["title"].strip() and rule["text"].strip(), (game, rule_id, lang)
            if lang == "zh-Hans":
                assert not traditional_only(rule["title"] + rule["text"]), (game, rule_id)


@pytest.mark.parametrize("game", every_game())
def test_board_labels_in_simplified_chinese(game):
    """What a board draws (names, interface words) in zh-Hans: every label, no Traditional character. The check
    needs the labels to hold the board's own words, whatever their number: besides the kit's templates and each
    seat's name, at least one word of the game's (a board that found none of its words checks nothing), and, for
    a renderer that names its text prefixes, every text under them."""
    players = engines.get_game(game).min_players
    match = engines.new_match(game, players, 1)
    renderer = renderer_for(game)
    labels = renderer.labels(match.view(None), "zh-Hans")
    shared = set(KIT_TEMPLATES) | {f"seat.{s}" for s in range(players)}
    assert shared <= set(labels) and set(labels) - shared, f"{game}: the board's labels hold none of its own words"
    if hasattr(renderer, "names"):
        own = {key for key in catalog_keys() if key.startswith(renderer.names + renderer.templates)}
        assert own and own <= set(labels), f"{game}: the board's own words are not all among its labels"
    words = [v for v in labels.values() if isinstance(v, str)]
    assert not [w for w in words if w.startswith("⟨")], "a label names a missing text"
    assert not traditional_only("".join(words))


def test_pages_offer_three_languages():
    assert [lang for _, lang in LANG_CHOICES] == ["en", "zh-Hant", "zh-Hans"]
    assert [name for name, _ in LANG_CHOICES] == ["English", "繁體中文", "简体中文"]
    assert set(WRITTEN) < set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_page_address_chooses_the_language(lang, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", f"lang={lang}&mode=classroom&players=3")
    options = widgets.page_options({"lang": "en", "mode": "normal"})
    assert options == {"lang": lang, "mode": "classroom", "players": 3}


def test_page_address_ignores_unknown_values(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=zh-CN&mode=cinema&players=4x&delay=nan")
    assert widgets.page_options({"lang": "en", "mode": "normal"}) == {"lang": "en", "mode": "normal"}


def test_simplified_shell_and_gallery():
    shell = widgets.play("endeavor-aos", players=3, seed=1, lang="zh-Hans")
    shell.run_bots()
    panel = shell.panel.panel
    shown = [shell.status.value, panel["decision"]["text"], panel["rule"]["title"], panel["rule"]["text"],
             *(e["text"] for e in panel["log"]), shell.next_button.description, shell.undo_button.description]
    assert "轮到" in panel["decision"]["text"] and shell.undo_button.description == "撤销"
    assert not traditional_only("".join(shown))
    assert not traditional_only("".join(e["cite"] for e in panel["log"]) + panel["rule"]["cite"])
    page = widgets.gallery.entries(lang="zh-Hans")
    assert page and all(not traditional_only("".join(row["variants"]) + row["title"]["zh-Hans"]) for row in page)
    titles = [widgets.gallery.lesson_title(lesson["title"], "zh-Hans") for row in page for lesson in row["lessons"]]
    assert titles and not traditional_only("".join(titles))


def test_language_names_render_in_their_own_script():
    assert render("ui.next", {}, "zh-Hans") == "下一步"
    assert render("ui.autoplay", {}, "zh-Hans") == "自动进行"


def test_no_rule_text_speaks_of_the_software():
    """Issue 31 (try-outs): a rule text is shown to the learner (the rule box, the rules after a wrong answer), so it
    states the game's rule and the project's ruling in the game's words, never "the engine offers…" / 本程式…"""
    software = {"en": re.compile(r"(?<!steam )\b(engine|engines|software|program|code)\b", re.I),
                "zh-Hant": re.compile(r"程式|軟體|(?<!蒸汽)引擎")}
    found = [f"{game}: {rule_id} [{lang}]: {text[:90]}"
             for game in engines.GAMES for rule_id, rule in engines.get_game(game).rule_catalog.rules.items()
             for lang, pattern in software.items()
             for text in (rule.text[lang], rule.title[lang]) if pattern.search(text)]
    assert not found, "\n".join(found)
