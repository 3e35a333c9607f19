"""Issue 32: a game written from docs/contract.md gets its pages in Voila too, not only in the tests' own process.
The test-only tic-tac-toe in a test build: the package's writer (`python -m widgets notebooks DIR`) and the server
(`python -m widgets.serve --folder DIR`) both run with BGW_GAMES=tictactoe (engines/__init__.py), so that every
kernel of its pages registers it; its gallery card, play page and lesson work as a published game's do."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib

import pytest

from playwright.sync_api import expect

from board_page import BOARD, PAGE_TIMEOUT
from conftest import ROOT, serve

TEST_BUILD = {"BGW_GAMES": "tictactoe",
              "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH")]))}


@pytest.fixture(scope="module")
def test_build_url(tmp_path_factory):
    folder = tmp_path_factory.mktemp("test-build")
    written = subprocess.run([sys.executable, "-m", "widgets", "notebooks", str(folder), "--lang", "en"], cwd=ROOT,
                             env={**os.environ, **TEST_BUILD}, capture_output=True, text=True, timeout=600)
    assert written.returncode == 0, written.stderr[-2000:]
    assert (folder / "notebooks" / "tictactoe.ipynb").exists() and (folder / "tutorials" / "tictactoe.en.ipynb").exists()
    with serve(folder / "voila.log", f"--folder={folder}", env=TEST_BUILD) as (url, _server):
        yield url


def test_the_test_builds_gallery_card_play_page_and_lesson_work_in_voila(page, test_build_url):
    page.goto(test_build_url + "/voila/render/notebooks/index.ipynb", timeout=PAGE_TIMEOUT)
    card = page.locator("a[href*='tictactoe.ipynb']").first
    card.wait_for(state="attached", timeout=PAGE_TIMEOUT)

    # The play page: the board is drawn and a click on an empty square marks it (it is offered no more).
    page.goto(test_build_url + "/voila/render/notebooks/tictactoe.ipynb", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    square = ".bgw-legal[data-target='B2']"
    page.wait_for_selector(square, timeout=PAGE_TIMEOUT)
    page.click(square)
    expect(page.locator(square)).to_have_count(0, timeout=PAGE_TIMEOUT)     # marked: offered no more
    page.get_by_role("button", name="Next").click()                           # the bot plays O
    expect(page.locator(".bgw-legal")).to_have_count(7, timeout=PAGE_TIMEOUT)  # X again: the seven squares left

    # The lesson: its board, and its first chapter in the chapter menu.
    lesson = tomllib.loads((ROOT / "tests" / "tictactoe" / "lessons" / "tictactoe.toml").read_text(encoding="utf-8"))
    page.goto(test_build_url + "/voila/render/tutorials/tictactoe.en.ipynb", timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    page.get_by_text(lesson["chapter"][0]["title"]["en"]).first.wait_for(state="attached", timeout=PAGE_TIMEOUT)
