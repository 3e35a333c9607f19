"""Issue 31 §8: every step of a lesson on one page (widgets/pictures.py), for a reviewer and as a printed
handout: its board's traits as the lesson widget sends them, its instruction and its question, in the page's
language only; served by the Voila server beside the teacher's pages, linked from them, and written into the
static site. The boards themselves are drawn in Chromium by tests/browser/test_lesson_places.py."""

import json
import re

import pytest

from engines.core.texts import LANGS
from widgets import pictures, teach
from widgets.core.lesson_file import load

CJK = re.compile(r"[\u4e00-\u9fff]")


def _data(page: str) -> dict:
    return json.loads(re.search(r"<script type='application/json' id='bgw-steps'>(.*?)</script>", page, re.S)
                      [1].replace("<\\/", "</"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_holds_every_step_with_the_board_the_lesson_shows(lang):
    import widgets
    game = "entdecker"
    lesson = load(game)
    page = pictures.page(game, lang)
    data = _data(page)
    # a board per step as it arrives, and beside a question that follows a move, the board after that move
    asked_after = [f"{s.number}-after" for s in lesson.steps
                   if s.question is not None and s.task is not None and s.question.after]
    assert [s["step"] for s in data["steps"]] == [str(s.number) for s in lesson.steps] + asked_after
    assert asked_after and page.count("<section class='step'") == len(lesson.steps)
    boards = {s["step"]: s["traits"] for s in data["steps"]}
    widget = widgets.lesson(game, lang=lang, step=5)
    five = boards["5"]
    assert five["view"] == widget.board.view and five["choices"] == widget.board.choices
    assert (five["labels"] or data["labels"]) == widget.board.labels
    step = lesson.steps[int(asked_after[0].split("-")[0]) - 1]
    widget.go(step.number)
    widget.choose(step.task.expect)
    assert boards[asked_after[0]]["view"] == widget.board.view            # what the question speaks of
    assert lesson.say(5, lesson.steps[4].text, lang).split("**")[0][:20] in page
    assert f"<html lang='{lang}'" in page and "export default" not in page and "const BOARD" in page


def test_a_page_is_in_one_language_and_answers_only_on_request():
    game = "shipyard"
    english = pictures.page(game, "en")
    text = re.sub(r"<script.*?</script>", "", english, flags=re.S)
    assert not CJK.search(re.sub(r"<nav>.*?</nav>", "", text, flags=re.S))     # the nav names the other languages
    chinese = re.sub(r"<script.*?</script>|<nav>.*?</nav>|<style>.*?</style>", "", pictures.page(game, "zh-Hans"),
                     flags=re.S)
    words = {w for w in re.findall(r">([^<]*)<", chinese) if re.search(r"[A-Za-z]{4,}", w)}
    assert not words, f"English on the zh-Hans page: {sorted(words)[:5]}"
    lesson = load(game)
    asked = sum(s.question is not None for s in lesson.steps)
    assert english.count("<div class='question'>") == asked and "<div class='answer'>" not in english
    assert pictures.page(game, "en", answers=True).count("<div class='answer'>") == asked


def test_the_teachers_pages_link_it_and_the_server_and_site_make_it(tmp_path, monkeypatch):
    plan = teach.page("amerigo", "plan", "zh-Hant", server=True)
    assert "href='amerigo.pictures.zh-Hant.html'" in plan
    assert re.fullmatch(teach.PICTURES, "teach/amerigo.pictures.zh-Hans.html")
    from widgets import site
    written = []
    monkeypatch.setattr(pictures, "page", lambda game, lang, **_: written.append((game, lang)) or "<!doctype html>")
    monkeypatch.setattr(teach, "page", lambda *a, **k: None)
    site.teacher_pages(tmp_path)
    assert {(g, lg) for g, lg in written} >= {("amerigo", lg) for lg in LANGS}
    assert (tmp_path / "teach" / "shipyard.pictures.zh-Hans.html").read_text() == "<!doctype html>"


def test_the_command_writes_a_page_per_language(tmp_path, capsys):
    assert pictures.main(["entdecker", "--lang", "all", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"entdecker.pictures.{lg}.html" for lg in sorted(LANGS)]
    assert "wrote" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        pictures.main(["entdecker", "--lang", "fr"])


def test_the_server_route_serves_the_page_and_refuses_a_game_without_a_lesson():
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    from tornado.httpclient import AsyncHTTPClient
    from tornado.httpserver import HTTPServer
    from tornado.testing import bind_unused_port
    from tornado.web import Application

    async def fetch(*names):
        sock, port = bind_unused_port()
        server = HTTPServer(Application([("/" + teach.PICTURES, teach.PicturesHandler)]))
        server.add_sockets([sock])
        try:
            return [await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}/teach/{n}", raise_error=False)
                    for n in names]
        finally:
            server.stop()
            sock.close()
    # A thread of its own: an earlier test in this worker (Playwright's sync API) may hold a running loop.
    with ThreadPoolExecutor(1) as pool:
        good, missing = pool.submit(asyncio.run, fetch("entdecker.pictures.zh-Hant.html",
                                                       "chess.pictures.en.html")).result()
    assert good.code == 200 and "id='bgw-steps'" in good.body.decode() and missing.code == 404


def test_the_teachers_copy_says_where_each_move_of_a_real_choice_leads():
    """At a real choice (task.choose) the learner sees what their own move led to; the teacher's copy lists every
    move with its text, read off the position after that move."""
    game = "entdecker"
    lesson = load(game)
    step = next(s for s in lesson.steps if s.task is not None and s.task.choose)
    teacher, learner = pictures.page(game, "en", answers=True), pictures.page(game, "en")
    assert teacher.count("A real choice: what each move leads to") == sum(
        1 for s in lesson.steps if s.task is not None and s.task.choose)
    assert "A real choice" not in learner
    for move in step.task.moves:
        said = lesson.say(step.number, step.task.said(move), "en", True, {step.number: move}).replace("**", "")
        assert said.split(",")[0] in teacher.replace("&#x27;", "'"), move
