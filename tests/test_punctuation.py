"""Chinese pages use full-width punctuation: no ASCII colon, semicolon, comma, question or exclamation mark
right after a Chinese character in anything the shell or a lesson puts on the page (the boards' own
drawing aside, which tests/test_board_kit.py and the browser tests see)."""

import json
import re

import pytest

import engines
from games import every_game
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
import widgets

AFTER_CHINESE = re.compile(r"[\u4e00-\u9fff\u3002\uff09]\s?[:;,?!](?![/\d])")


def page_texts(widget, out):
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            out.append(re.sub(r"<[^>]+>", " ", value))
    if hasattr(widget, "panel") and isinstance(getattr(widget, "panel"), dict):
        out.append(json.dumps(widget.panel, ensure_ascii=False))
    for child in getattr(widget, "children", ()) or ():
        page_texts(child, out)
    return out


def ascii_marks(texts):
    return sorted({t[max(0, m.start() - 12):m.end() + 12] for t in texts for m in AFTER_CHINESE.finditer(t)})


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("game", every_game())
def test_a_chinese_play_page_and_lesson_use_full_width_punctuation(game, lang):
    players = engines.get_game(game).min_players
    shell = widgets.play(game, players=players, seed=2, lang=lang, seats={s: "greedy" for s in range(players)})
    found = []
    for _ in range(30):
        shell.next_step()
        found += ascii_marks(page_texts(shell, []))
    lesson = widgets.lesson(game, lang=lang)
    for step in range(1, min(5, len(lesson.lesson.steps)) + 1):       # the first five steps, or all of a shorter lesson
        lesson.go(step)
        found += ascii_marks(page_texts(lesson, []))
    assert not found, sorted(set(found))[:10]
