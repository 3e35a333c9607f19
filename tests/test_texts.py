"""The kernel's text formats (engines/core/texts.py)."""

import pytest

from engines.core.texts import _FORMATTERS


@pytest.mark.parametrize("count,written", [(0, "0 tiles"), (1, "1 tile"), (2, "2 tiles"), (12, "12 tiles")])
def test_a_count_takes_the_noun_that_suits_it(count, written):
    assert _FORMATTERS["en"].format("{n:count(tile|tiles)} left", n=count) == f"{written} left"


def test_a_count_of_a_noun_with_one_form():
    assert _FORMATTERS["en"].format("{n:count(sheep)}", n=3) == "3 sheep"


def test_no_text_shows_a_rule_id():
    """A page never shows a text key or a rule's id ("rule aos.setup.board" in an option's hint): rule ids are
    shown only in the rule box, as its code, never inside a sentence."""
    import re

    import engines
    from engines.core.texts import catalog_keys, template
    ids = sorted({rule for game in engines.GAMES for rule in engines.rules(game)}, key=len, reverse=True)
    rule_id = re.compile(r"(?<![\w.{])(%s)(?![\w.-])" % "|".join(map(re.escape, ids)))
    found = [(key, lang, m[0]) for key in catalog_keys() for lang in ("en", "zh-Hant")
             if (m := rule_id.search(template(key, lang)))]
    assert found == []
