"""Issue 31: a rule's text states the rule, plainly; what it rests on goes in its `note`.

A lesson shows the rules a question needs after a wrong answer. A first-time learner met there "Ruling: ...",
"this version rules...", "(a stand-in value)", "the rulebook does not say" (Amerigo and Entdecker try-outs): words
for whoever checks the sources, which made the rules look uncertain. `text` says how the game is played here;
`note` (engines/core/catalog.py) says where that comes from when it is not the rulebook's own rule, and pages show
it in smaller type under the rule, never in a question's hint.
"""

import re

import pytest

import engines
from games import every_game
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
from engines.core.catalog import RuleCatalog

# Words that say where a rule comes from rather than what it is.
PROVENANCE = {
    "en": re.compile(r"\bRuling\b|\bthis version\b|\bstand-in\b|\bnot published\b|\bpublished summary\b"
                     r"|\brulebook (does not|is silent|never)\b|\bpublic source\b", re.I),
    "zh-Hant": re.compile(r"裁定|本版本|替代數值|沒有公開|未公開|規則書沒有|規則書未"),
}


def provenance_in_texts(game_id: str) -> list[str]:
    rules = engines.get_game(game_id).rule_catalog.rules
    return [f"{rule_id} ({lang}): {PROVENANCE[lang].search(rule.text[lang])[0]!r}"
            for rule_id, rule in rules.items() for lang in PROVENANCE if PROVENANCE[lang].search(rule.text[lang])]


@pytest.mark.parametrize("game_id", every_game())
def test_a_rules_text_states_the_rule_and_its_note_what_it_rests_on(game_id):
    found = provenance_in_texts(game_id)
    assert not found, f"{game_id}: say it in the rule's `note`, not its text:\n" + "\n".join(found)


def test_a_note_is_shown_with_its_rule_but_not_in_a_questions_hint():
    from widgets.core import presenter
    match = engines.new_match("entdecker", 3, 1)
    entry = presenter.rule_entry(match, "ent.explore.pass", "en")
    assert "ruling" in entry["note"] and "ruling" not in entry["text"]
    assert "裁定" in presenter.rule_entry(match, "ent.explore.pass", "zh-Hant")["note"]
    assert "裁定" in presenter.rule_entry(match, "ent.explore.pass", "zh-Hans")["note"]


def test_a_note_needs_both_languages(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text('["x.rule"]\nsource = "project:x"\ntitle.en = "T"\ntitle.zh-Hant = "題"\ntext.en = "A"\n'
                    'text.zh-Hant = "甲"\nnote.en = "Ruled here."\n', encoding="utf-8")
    with pytest.raises(ValueError, match="'note' needs a non-empty text in each of en, zh-Hant"):
        RuleCatalog.load(path)
    path.write_text('["x.rule"]\nsource = "project:x"\ntitle.en = "T"\ntitle.zh-Hant = "題"\ntext.en = "A"\n'
                    'text.zh-Hant = "甲"\nnotes.en = "Ruled here."\n', encoding="utf-8")
    with pytest.raises(ValueError, match="unknown field notes"):
        RuleCatalog.load(path)
