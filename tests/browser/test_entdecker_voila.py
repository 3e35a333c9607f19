"""Browser test: a whole Entdecker turn played by clicking the board of the Voila play page (Debian
Chromium, driven by Playwright): the edge circle, the number of tiles, two piles, two placements and a fort.
A refused placement says which rule forbids it."""

import json

import pytest
from playwright.sync_api import expect

from board_page import BOARD, PAGE_TIMEOUT, click_and_wait, open_play_page, revision, wait_for_redraw

pytestmark = pytest.mark.browser

def test_play_a_turn_by_clicking_the_board(page, voila_url, record_property):
    errors = []
    load_seconds = open_play_page(page, voila_url + "/voila/render/notebooks/entdecker.ipynb?seed=16&players=3", errors)
    record_property("entdecker_board_seconds", load_seconds)
    print(f"\nEntdecker board drawn {load_seconds:.2f} s after opening the page")
    assert page.locator(".ent-stand-in").count() == 1          # stand-in values are marked on the board

    # Round 1 begins with the income spinner, an automatic step: Next.
    before = revision(page)
    page.get_by_role("button", name="Next").click()
    page.wait_for_function(
        "before => Number(document.querySelector('.bgw-board svg').getAttribute('data-revision')) > before",
        arg=before, timeout=20_000)
    expect(page.locator(".ent-circle.bgw-legal")).to_have_count(34, timeout=20_000)   # first turn: every edge circle

    latencies = [click_and_wait(page, ".ent-circle.bgw-legal[data-target='circle.D1-n']")]
    latencies.append(click_and_wait(page, ".ent-button.bgw-legal[data-target='buy.2']"))
    latencies.append(click_and_wait(page, ".ent-pile.bgw-legal[data-target='pile.1']"))
    # The tile turns over at once (seed 16 draws a coast); the coast may lie on D1 three ways; land against the frame is refused, and the refusal says why.
    expect(page.locator(".ent-placement.bgw-legal")).to_have_count(3, timeout=20_000)
    click_and_wait(page, ".ent-placement.bgw-refused[data-target='place.D1.0']")
    # The panels around the board update just after it: expect() waits for them.
    expect(page.locator(".bgw-shell").first).to_contain_text("Refused", timeout=20_000)
    expect(page.locator(".bgw-shell").first).to_contain_text("edge of the board", timeout=20_000)
    latencies.append(click_and_wait(page, ".ent-placement.bgw-legal[data-target='place.D1.180']"))
    latencies.append(click_and_wait(page, ".ent-pile.bgw-legal[data-target='pile.2']"))
    latencies.append(click_and_wait(page, ".ent-placement.bgw-legal[data-target='place.E1.180']"))
    # the unit's price on its button is the action's own (the board works out no rule)
    expect(page.locator(".ent-button.bgw-legal[data-target='unit.fort.E1.1']")).to_contain_text("3", timeout=20_000)
    latencies.append(click_and_wait(page, ".ent-button.bgw-legal[data-target='unit.fort.E1.1']"))

    expect(page.locator(".bgw-shell").first).to_contain_text("Player 1 places a fort on E1 for 3 gold", timeout=20_000)
    expect(page.locator(".ent-unit-g[data-seat='0'][data-kind='fort']")).to_have_count(1, timeout=20_000)
    mat = page.evaluate("""() => [...document.querySelectorAll(".ent-player[data-seat='0'] text")]
        .map((e) => e.textContent).join('')""")                # the drawn words, not the tooltips
    assert "×3×1×1" in mat                                     # scouts, forts (one left of two), settlement
    median = sorted(latencies)[len(latencies) // 2]
    record_property("entdecker_click_ms", median)
    print(f"click to redraw: median {median:.0f} ms, max {max(latencies):.0f} ms over {len(latencies)} clicks")
    assert not [e for e in errors if "board error" in e or "anywidget" in e.lower()], errors


def test_chinese_play_page_and_teacher_view(page, voila_url):
    page.goto(voila_url + "/voila/render/notebooks/entdecker.ipynb?seed=6&players=2&lang=zh-Hant",
              timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    expect(page.locator(".bgw-shell").first).to_contain_text("發現者", timeout=20_000)
    expect(page.locator(".bgw-shell").first).to_contain_text("下一步", timeout=20_000)
    assert "探索卡堆" in page.inner_html(".bgw-board")
    # The teacher's view shows what lies face down (which tiles and chips may come next); the player's does not.
    assert page.locator(".ent-face-down").count() == 0
    before = revision(page)
    page.locator(".bgw-teacher input").check()
    wait_for_redraw(page, before)
    expect(page.locator(".ent-face-down").first).to_contain_text("教師視角", timeout=20_000)
    listed = " ".join(page.locator(".ent-face-down").all_text_contents())
    assert "海岸" in listed and "×" in listed, listed
    before = revision(page)
    page.locator(".bgw-teacher input").uncheck()
    wait_for_redraw(page, before)
    assert page.locator(".ent-face-down").count() == 0


# -- the board alone, drawn by its module in Chromium through a stand-in model (no Voila) ------------------
_BOARD_PAGE = """<!doctype html><html><head><style>%s</style></head><body><div id="host"></div>
<script type="module">
const traits = %s;
const module = await import(URL.createObjectURL(new Blob([%s], {type: "text/javascript"})));
window.sent = [];
const model = { get: (name) => traits[name], on() {}, off() {}, send(m) { window.sent.push(m); }, save_changes() {} };
module.default.render({ model, el: document.getElementById("host") });
window.ready = true;
</script></body></html>"""


def _board_page(browser, match, seat, lang="en"):
    """A page with the board of `match` as `seat` sees it; window.sent collects what a click sends."""
    from widgets import renderer_for
    from widgets.core.board import _HOST_CSS, BoardWidget
    from widgets.core.choices import board_choices
    renderer = renderer_for("entdecker")
    widget = BoardWidget(renderer.directory)
    view = match.view(seat)
    traits = {"view": view, "choices": board_choices(match, lang), "labels": renderer.labels(view, lang),
              "lang": lang, "seat": seat, "options": {}, "revision": 1, "focus": ""}
    css = _HOST_CSS + (renderer.directory / "board.css").read_text(encoding="utf-8")
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.set_content(_BOARD_PAGE % (css, json.dumps(traits), json.dumps(widget._esm)))
    page.wait_for_function("window.ready === true", timeout=30_000)
    return page


def _own_scout_on_a_start_square():
    """Event scenario: Player 1 stations a scout on B2 (hostile natives, 2 gold); Player 2 explores E4; in
    round 6 Player 1 may start from B2, where the scout stands, or take the scout back."""
    import engines
    from widgets.core.lesson_file import Chance, play_moves
    m = engines.scenario("entdecker", "event")
    play_moves(m, ["start:C2", "buy:1", "draw:2", Chance("tile:hostile-coast"), "place:B2:180", "unit:scout:B2.1",
                   "start:D4", "buy:1", "draw:1", Chance("tile:open-sea"), "place:E4:0", Chance("spin:3")], "test")
    assert m.to_move == 0 and {"start:B2", "recall:B2"} <= {a.id for a in m.legal_actions()}
    return m


def test_a_click_on_the_scout_of_a_highlighted_square_starts_there(browser):
    """ent.explore.start-fee, ent.unit.recall: the square under Player 1's own scout is highlighted as a
    start; a click on the scout does what the highlight offers (start there), the badge in the corner takes
    the scout back."""
    page = _board_page(browser, _own_scout_on_a_start_square(), 0)
    try:
        assert page.locator(".ent-square.bgw-legal[data-target='sq.B2']").count() == 1
        box = page.locator(".ent-unit-g[data-seat='0'][data-kind='scout']").bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)    # where the scout is drawn
        assert page.evaluate("window.sent") == [{"type": "choose", "id": "start:B2"}]
        page.locator(".ent-recall").click()
        assert page.evaluate("window.sent")[-1] == {"type": "choose", "id": "recall:B2"}
    finally:
        page.close()


def test_the_hover_line_clears_when_the_pointer_leaves_an_option(browser):
    """The line above the board names the option under the pointer, and nothing once the pointer has left
    it: no stale "Start from B2" stays at the top of the board."""
    page = _board_page(browser, _own_scout_on_a_start_square(), 0)
    try:
        page.locator(".ent-square[data-target='sq.C2']").hover()
        assert page.text_content(".bgw-tip").startswith("Start from C2")
        page.mouse.move(1300, 880)
        assert page.text_content(".bgw-tip") == ""
    finally:
        page.close()


def test_chinese_board_joins_names_with_the_chinese_list_separator(browser):
    """ent.island.chip: two largest explorers share first place; the board lists them with 、 in Chinese,
    and no text or tooltip of the board writes an ASCII colon or comma (the score track's markers are the
    board kit's)."""
    import engines
    from widgets.core.lesson_file import play_moves
    m = engines.scenario("entdecker", "chip-shortage")
    play_moves(m, ["start:B5", "buy:1", "draw:1", "unit:fort:C5.1"], "test")
    assert m.view(0)["scoring"]["stage"] == "done" and m.view(0)["scoring"]["ranks"][0]["seats"] == [0, 1]
    page = _board_page(browser, m, 0, lang="zh-Hant")
    try:
        text = page.text_content(".ent-scoring")
        assert "玩家1、玩家2，" in text and ", " not in text
        assert "玩家1、玩家2：3 → 玩家3：2" in text             # each place's points after a full-width colon
        said = page.evaluate("""() => [...document.querySelectorAll('.bgw-board text, .bgw-board title')]
            .filter((e) => !e.closest('.ent-score-marker')).map((e) => e.textContent)""")
        assert [t for t in said if ": " in t or ", " in t] == []
    finally:
        page.close()


def test_friendly_natives_chips_lie_apart_on_the_mat(browser):
    """ent.event.friendly: a chip from friendly natives counts for no points, so the mat draws it apart from the
    chips won on islands, after the friendly natives' mark, pale and dashed, its tooltip saying so (scenario
    "last-tile": Player 1 won 2 chips on islands and was given 2)."""
    import engines
    m = engines.scenario("entdecker", "last-tile")
    assert [len(m.view(0)["players"][0][k]) for k in ("chips", "gifts")] == [2, 2]
    for lang, words in (("en", "counts for no points"), ("zh-Hant", "不計任何勝利點數")):
        page = _board_page(browser, m, 0, lang=lang)
        try:
            mat = ".ent-player[data-seat='0']"
            assert page.locator(f"{mat} .ent-chip").count() == 2 and page.locator(f"{mat} .ent-gift").count() == 2
            assert page.locator(f"{mat} .ent-gifts").count() == 1                 # the mark before them
            assert words in page.text_content(f"{mat} .ent-gift title")
            last_chip = page.locator(f"{mat} .ent-chip").nth(1).bounding_box()
            mark = page.locator(f"{mat} .ent-gifts").bounding_box()
            first_gift = page.locator(f"{mat} .ent-gift").first.bounding_box()
            assert last_chip["x"] < mark["x"] < first_gift["x"]                 # chips, the mark, then the gifts
            assert page.locator(".ent-player[data-seat='1'] .ent-gift").count() == 0
        finally:
            page.close()


def test_the_square_of_a_unit_choice_points_at_the_unit_buttons(browser):
    """ent.unit.place: after a tile with land is laid, a click on that square (where a learner looks for the
    unit) rings the buttons of "Station a unit" and says where they are, instead of "nothing to do there";
    those buttons are drawn beside the grid, above the mats, within a 768-pixel window."""
    import engines
    from widgets.core.lesson_file import Chance, play_moves
    m = engines.new_match("entdecker", 3, seed=6)
    play_moves(m, [Chance("spin:5"), "start:D1-n", "buy:2", "draw:1", Chance("tile:coast"), "place:D1:180"], "test")
    assert "unit:fort:D1.1" in {a.id for a in m.legal_actions()}
    for lang, name in (("en", "Station a unit"), ("zh-Hant", "派駐單位")):
        page = _board_page(browser, m, 0, lang=lang)
        try:
            units = page.locator("[data-target='units']")
            assert units.locator("text").first.text_content().startswith(name)
            box = units.bounding_box()
            mats = page.locator(".ent-player[data-seat='0']").bounding_box()
            assert box["y"] + box["height"] <= mats["y"] and box["y"] + box["height"] < 768
            page.locator(".ent-square[data-square='D1']").click()
            assert page.evaluate("window.sent") == []                 # no "nothing there": the square answered
            ring = page.locator(".bgw-pointer").bounding_box()
            assert ring["y"] <= box["y"] and ring["y"] + ring["height"] >= box["y"] + box["height"]
            assert name in page.text_content(".bgw-tip")
            page.locator(".ent-units [data-action='unit:fort:D1.1']").click()
            assert page.evaluate("window.sent") == [{"type": "choose", "id": "unit:fort:D1.1"}]
        finally:
            page.close()


def test_edge_circles_and_forts_are_named_as_a_learner_reads_them(browser):
    """The edge circles' tooltips say "the edge circle north of D1", not a raw id; a fort, which cannot be taken
    back, has no take-back badge, and its tooltip says why (ent.unit.recall); a unit leaves the land it stands on
    in sight (scenario "no-fit": the fort on D2, whose land lies south)."""
    import engines
    m = engines.scenario("entdecker", "no-fit")
    m.play("start:C3")
    m.play("buy:1")
    page = _board_page(browser, m, 0)
    try:
        titles = page.evaluate("() => [...document.querySelectorAll('.ent-circle title')].map((t) => t.textContent)")
        assert "the edge circle north of D1" in titles and not any("-n" in t or "-w" in t for t in titles)
        assert page.locator(".ent-recall").count() == 0
        fort = page.locator(".ent-unit-g[data-kind='fort']")
        assert "Only scouts can be taken back" in fort.locator("title").last.text_content()
        square = page.locator(".ent-square[data-square='D2'] > .bgw-frame").bounding_box()
        unit = fort.bounding_box()
        assert unit["y"] + unit["height"] / 2 > square["y"] + square["height"] * 0.6   # towards the south edge
    finally:
        page.close()
