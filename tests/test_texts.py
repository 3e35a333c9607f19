"""The kernel's text formats (engines/core/texts.py), and every game's texts (the test-only ones' too)."""

import pytest

from engines.core.texts import _FORMATTERS
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)


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


def test_a_learner_never_reads_of_the_project_or_its_documentation():
    """Try-outs (issue 31): "the project's documentation lists them", "本專案的裁定", "the teacher view shows it"
    left learners unsure whether what they learned holds in the boxed game. A page speaks of this board, these
    lessons, a ruling made here. Every text a learner can read is checked: the kernel's and the boards' texts, the
    rules, the lessons and the lesson pages (a lesson's `not_taught` reasons and the data's provenance fields are
    for teachers and authors, and the teacher's pages may name the project)."""
    import re
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    talk = re.compile(r"\b(?:this|the) project\b|\bproject's\b|documentation|teacher view|本專案|說明文件|教師檢視")
    skip = {"source", "known", "why", "not_taught"}

    def strings(value, where):
        if isinstance(value, str):
            yield where, value
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in skip:
                    yield from strings(item, f"{where}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                yield from strings(item, f"{where}[{index}]")

    files = [*root.glob("engines/*/data/**/*.toml"), *root.glob("widgets/*/texts.toml"),
             *root.glob("widgets/lessons/*.toml"), *root.glob("widgets/pages/*.toml"), root / "widgets/gallery.toml"]
    found = [f"{path.relative_to(root)}: {where}: {match[0]!r}"
             for path in files for where, text in strings(tomllib.loads(path.read_text(encoding="utf-8")), "")
             if (match := talk.search(text))]
    assert found == [], "\n".join(found)
