"""For the teacher: each game with a lesson has a one-page rules summary and a 45-minute lesson plan in each
written language, the plan's step references match the lesson, and the gallery can list them."""

import re

import pytest

from games import lesson_games
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)
from widgets.core.boards import page_folder
from widgets.core.lesson_file import TEXT_LANGS, load

GAMES = lesson_games()        # the published games' (widgets/teacher/) and the test-only ones' (their own folder)
RANGE = re.compile(r"(?:steps?|第)\s*(\d+)[–-](\d+)\s*步?（?\(?`([a-z0-9-]+)` → `([a-z0-9-]+)`")
FROM = re.compile(r"(?:from step|從第)\s*(\d+)")


@pytest.mark.parametrize("lang", TEXT_LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_summary_and_plan_exist_and_cite_real_steps(game, lang):
    lesson = load(game)
    ids = {s.number: s.id for s in lesson.steps}
    summary = (page_folder(game, "teacher") / f"{game}.summary.{lang}.md").read_text(encoding="utf-8")
    plan = (page_folder(game, "teacher") / f"{game}.plan.{lang}.md").read_text(encoding="utf-8")
    assert len(summary.split()) < 900 and len(summary) < 5000, "keep the summary to one page"
    ranges = RANGE.findall(plan)
    assert len(ranges) >= 4, f"{game} plan ({lang}): expected its step ranges, found {ranges}"
    for first, last, first_id, last_id in ranges:
        assert ids[int(first)] == first_id and ids[int(last)] == last_id, (first, last, first_id, last_id)
    for number in FROM.findall(plan):
        assert int(number) in ids
    minutes = [int(m) for m in re.findall(r"0:(\d\d)–", plan)] + [int(m) for m in re.findall(r"–0:(\d\d)", plan)]
    assert max(minutes) == 45, "a 45-minute plan"
    play = "Play on from here" if lang == "en" else "從這裡接著玩"
    assert play in plan, "the plan says when the class plays"


def test_gallery_lists_the_teaching_material():
    """The gallery links each game's summary and plan in each language, as pages the server makes."""
    from engines.core.texts import LANGS
    from widgets.gallery import teaching_material
    from widgets.teach import page
    for game in GAMES:
        found = teaching_material(game)
        assert set(found) == set(LANGS)
        for lang, links in found.items():
            assert links == {"summary": f"../../../teach/{game}.summary.{lang}.html",
                             "plan": f"../../../teach/{game}.plan.{lang}.html"}
            for kind in ("summary", "plan"):
                html = page(game, kind, lang)
                assert html.startswith("<!doctype html>") and "<h1>" in html and f"lang='{lang}'" in html
    assert page("entdecker", "summary", "fr") is None and page("nothing", "plan", "en") is None
    assert "發現者" in page("entdecker", "summary", "zh-Hant")      # the game's name in the zh-Hant file...
    simplified = page("entdecker", "summary", "zh-Hans")
    assert "发现者" in simplified and "發現者" not in simplified      # ...in simplified characters, generated from it
