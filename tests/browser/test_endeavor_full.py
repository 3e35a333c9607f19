"""A whole game of Endeavor: Age of Sail played by clicking a real Voila page.

Seat 0 is the human (the test), seat 1 a greedy bot. Auto-play runs the automatic steps and the bot;
every decision of seat 0 is a click on a highlighted board element or on one of the choice buttons
under the board. The policy below picks clicks so that over the game every kind of action is used
at least once; `choose` is a pure function of the offers, so the same policy can be run against the
engine alone (see `offers_from_match`) to pick a seed where every kind, attack included, comes up.
"""

import re
import time

import pytest

from board_page import BOARD, PAGE_TIMEOUT

pytestmark = pytest.mark.browser

SEED = 6          # the policy meets every kind of action here, attack and discard included
MUST_CLICK = {"build", "activate", "ship", "occupy", "acquire", "pass"}
# What the policy tries to use first, in order: the rare kinds before the common ones.
WANTED = ("attack", "acquire", "occupy", "payment", "ship")


def kind_of(action_id: str) -> str:
    """'ship:track:africa' -> 'ship'; button ids come with '-' for ':' ('slot-empty' -> 'slot')."""
    return re.split("[:-]", action_id, maxsplit=1)[0]


def choose(offers, clicked):
    """Pick one offer: [{"id", "target", "actions"}] where "actions" lists the actions a building offers.

    `clicked` counts the kinds clicked so far. Coverage first: a kind never clicked before wins.
    """
    ids = {o["id"] for o in offers}
    missing = [k for k in WANTED if not clicked.get(k)]

    def rank(o):
        kind = kind_of(o["id"])
        gives = o.get("actions") or []
        new = [k for k in gives if k in missing]
        if kind == "build":
            # a building with a missing action, else the highest level (the tray lists low to high)
            return (len(new) * 10 + (5 if gives else 0), offers.index(o))
        if kind in ("activate", "token"):
            token_gives = {"occupy-attack": ["occupy", "attack"]}.get(o["id"].split(":")[-1], [o["id"].split(":")[-1]])
            new = [k for k in (gives if kind == "activate" else token_gives) if k in missing]
            return (len(new) * 10 + (2 if kind == "activate" else 1), 0)
        if kind in WANTED:
            bonus = {"attack": 6, "occupy": 5, "acquire": 4, "ship": 3, "payment": 1}[kind]
            if kind == "ship" and o["id"].startswith("ship:track"):
                bonus += 0.5
            return ((20 if kind in missing else 0) + bonus, 0)
        if kind == "done":
            return (0.5 if clicked.get("done") else 7, 0)       # skip a second action once
        if kind == "pass":
            return (-1, 0)
        if kind == "slot":
            return (1 if o["target"] else 0, 0)
        return (0, 0)

    if not offers:
        return None
    if ids == {"pass"}:
        return offers[0]
    return max(offers, key=rank)


def offers_from_match(match, seat_buildings):
    """The offers the page would show for `match` (engine only), in the shape `choose` takes."""
    out = []
    player = match.state.players[match.to_move] if match.to_move is not None else None
    for action in match.legal_actions():
        target = action.target
        actions = []
        if target and target.startswith("tray."):
            actions = seat_buildings(target[5:])
        elif target and ".slot." in target and player is not None:
            actions = seat_buildings(player.buildings[int(target.rsplit(".", 1)[1])])
        out.append({"id": action.id if target else re.sub("[^0-9A-Za-z]", "-", action.id),
                    "target": target, "actions": actions})
    return out


# -- the page --------------------------------------------------------------------------------------
_OFFERS_JS = """() => {
  const out = [];
  for (const g of document.querySelectorAll('.bgw-board .bgw-legal[data-action]')) {
    out.push({id: g.getAttribute('data-action'), target: g.getAttribute('data-target'),
              actions: (g.getAttribute('data-actions') || '').split(' ').filter(Boolean)});
  }
  for (const b of document.querySelectorAll('.bgw-choices button.bgw-choice:not([disabled])')) {
    const cls = [...b.classList].find(c => c.startsWith('bgw-choice-'));
    out.push({id: b.dataset.action || cls.slice('bgw-choice-'.length), target: null, actions: [], button: cls});
  }
  const svg = document.querySelector('.bgw-board svg');
  // the buttons beside the board must be those of this drawing (they arrive in their own message)
  const loose = ((svg && svg.getAttribute('data-loose')) || '').split(' ').filter(Boolean)
    .map(id => id.replace(/[^0-9A-Za-z]/g, '-')).sort().join(' ');
  const shown = out.filter(o => o.button).map(o => o.id.replace(/[^0-9A-Za-z]/g, '-')).sort().join(' ');
  const auto = document.querySelector('button.bgw-autoplay');
  return {offers: out, revision: svg ? Number(svg.getAttribute('data-revision')) : -1,
          over: !!document.querySelector('.bgw-score-table'),
          autoplay: !!(auto && auto.classList.contains('mod-active')), consistent: loose === shown};
}"""


def snapshot(page):
    return page.evaluate(_OFFERS_JS)


def settle(page, previous_revision, timeout=30.0):
    """Wait until the page has redrawn after `previous_revision` and stays the same for a moment."""
    deadline = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        state = snapshot(page)
        key = (state["revision"], tuple(o["id"] for o in state["offers"]), state["over"], state["autoplay"])
        if key != last:
            last, since = key, time.monotonic()
        elif state["revision"] > previous_revision and not state["autoplay"] and state["consistent"] and \
                time.monotonic() - since > 0.1:
            return state
        page.wait_for_timeout(30)
    raise AssertionError(f"the page did not settle (last state {last})")


def play(page, clicked, latencies, stop=None, max_moves=400, draws=None, painted=None):
    """Play on from the current page: Auto-play for the rules and the bot, `choose` for seat 0's clicks.

    Returns the last settled state: game over, or whatever made `stop(state, clicked)` true.
    """
    draws = [] if draws is None else draws
    painted = [] if painted is None else painted
    state = snapshot(page)
    for _ in range(max_moves):
        if state["over"] or (stop and stop(state, clicked)):
            return state
        if not state["offers"]:
            before = state["revision"]
            page.click("button.bgw-autoplay")
            state = settle(page, before, timeout=60)
            continue
        pick = choose(state["offers"], clicked)
        before = state["revision"]
        t0 = time.perf_counter()
        if pick.get("button"):
            page.click(f".bgw-choices button.{pick['button']}")
        else:
            page.click(f".bgw-board .bgw-legal[data-target='{pick['target']}']")
        page.wait_for_function(
            "b => { const s = document.querySelector('.bgw-board svg');"
            " return s && Number(s.getAttribute('data-revision')) > b; }", arg=before, timeout=20_000)
        latencies.append(1000 * (time.perf_counter() - t0))
        draws.append(float(page.get_attribute(".bgw-root", "data-draw-ms") or 0))
        # in the page: from the click event to the first frame painted after the redraw
        painted.append(page.wait_for_function(
            "() => { const r = document.querySelector('.bgw-root'); const p = Number(r.dataset.paintedAt || 0);"
            " return p > window.__bgwClick && p - window.__bgwClick; }", timeout=20_000).json_value())
        clicked[kind_of(pick["id"])] = clicked.get(kind_of(pick["id"]), 0) + 1
        state = settle(page, before)
    raise AssertionError(f"no end after {max_moves} moves; clicked {clicked}")


def open_game(page, voila_url, seed=SEED, lang="en"):
    page.goto(f"{voila_url}/voila/render/notebooks/endeavor-aos.ipynb?players=2&seed={seed}&delay=0&lang={lang}",
              timeout=PAGE_TIMEOUT)
    page.wait_for_selector(BOARD, timeout=PAGE_TIMEOUT)
    page.evaluate("() => document.addEventListener('click', () => { window.__bgwClick = performance.now(); }, true)")


def test_whole_game_by_clicking(page, voila_url, record_property):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "bgw" in m.text else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    started = time.perf_counter()
    open_game(page, voila_url)
    load_s = time.perf_counter() - started
    record_property("load_seconds", round(load_s, 2))
    assert page.query_selector(".bgw-map"), "the map is drawn"

    clicked: dict[str, int] = {}
    latencies: list[float] = []
    draws: list[float] = []
    painted: list[float] = []
    game_started = time.perf_counter()
    play(page, clicked, latencies, draws=draws, painted=painted)
    game_s = time.perf_counter() - game_started

    page.wait_for_selector(".bgw-final .bk-Canvas, .bgw-final div.bk", state="attached", timeout=30_000)
    table = page.inner_text(".bgw-score-table")
    assert "Total" in table and "A attribute tracks" in table
    assert "Game over" in page.inner_text(".bgw-shell")
    latencies.sort()
    draws.sort()
    painted.sort()
    median = latencies[len(latencies) // 2]
    record_property("clicked", clicked)
    record_property("game_seconds", round(game_s, 1))
    record_property("click_ms_median", round(median))
    record_property("draw_ms_max", draws[-1])
    record_property("painted_ms_median", round(painted[len(painted) // 2]))
    print(f"\npage {load_s:.1f} s; game {game_s:.1f} s; {len(latencies)} clicks, click to redraw median "
          f"{median:.0f} ms, max {latencies[-1]:.0f} ms; board drawing median {draws[len(draws) // 2]:.1f} ms, "
          f"max {draws[-1]:.1f} ms; in the page, click to the new board painted median "
          f"{painted[len(painted) // 2]:.0f} ms, max {painted[-1]:.0f} ms; clicked {clicked}")
    assert MUST_CLICK <= set(clicked), f"kinds never clicked: {MUST_CLICK - set(clicked)}"
    assert not errors, errors
