"""The kernel's text formats (engines/core/texts.py)."""

import pytest

from engines.core.texts import _FORMATTERS


@pytest.mark.parametrize("count,written", [(0, "0 tiles"), (1, "1 tile"), (2, "2 tiles"), (12, "12 tiles")])
def test_a_count_takes_the_noun_that_suits_it(count, written):
    assert _FORMATTERS["en"].format("{n:count(tile|tiles)} left", n=count) == f"{written} left"


def test_a_count_of_a_noun_with_one_form():
    assert _FORMATTERS["en"].format("{n:count(sheep)}", n=3) == "3 sheep"
