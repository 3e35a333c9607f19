"""What the browser tests do with the keyboard alone (issue 33): Tab to a control, the arrow keys along a
board's options to one of them, Enter to choose. No mouse, no element.focus(): only key presses."""

FOCUSED_OPTION = """() => { const a = document.activeElement;
  return a ? (a.getAttribute('data-action') || (a.getAttribute('data-pick') ? 'pick:' + a.getAttribute('data-pick') : '')) : ''; }"""

# How many → presses take the focus from the focused option to `key`, in the board kit's reading order
# (board_kit.js readingOrder: rows of 12 px top to bottom, each left to right); null if `key` is not there.
_PRESSES = """([board, key]) => {
  const root = document.querySelector(board + ' .bgw-root');
  const options = [...root.querySelectorAll('[data-action], [data-pick]')];
  const boxes = new Map(options.map((e) => [e, e.getBoundingClientRect()]));
  const row = (e) => Math.round((boxes.get(e).top + boxes.get(e).bottom) / 2 / 12);
  const order = options.filter((e) => boxes.get(e).width > 0 || boxes.get(e).height > 0)
    .sort((a, b) => row(a) - row(b) || boxes.get(a).left - boxes.get(b).left);
  const name = (e) => e.getAttribute('data-action') || 'pick:' + e.getAttribute('data-pick');
  const to = order.findIndex((e) => name(e) === key);
  if (to < 0) return null;
  const from = order.indexOf(document.activeElement);
  return from < 0 ? to + 1 : (to - from + order.length) % order.length;
}"""


def tab_to(page, predicate: str, arg=None, limit: int = 150, key: str = "Tab") -> None:
    """Press Tab (or `key`) until `predicate` (a JS function of `arg`) holds for the focused element."""
    for _ in range(limit):
        if page.evaluate(predicate, arg):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached it (focus on {page.evaluate(_ACTIVE)})")


_ACTIVE = "() => { const a = document.activeElement; return a ? a.outerHTML.slice(0, 100) : ''; }"


def in_board(board: str) -> str:
    return f"() => !!(document.activeElement && document.activeElement.closest({board!r}))"


def arrow_to(page, key: str, board: str = ".bgw-board") -> None:
    """Into the board with Tab, then → along its options and controls until `key` (an action id, or "pick:<name>"
    for a control of the board's own) has the focus."""
    # into the drawing itself (its options), not any control of the board's box such as "The board in words"
    tab_to(page, in_board(f"{board} .bgw-root"))
    # The count is taken from where the options are drawn now; the board scrolls as the focus moves, which may
    # regroup options whose middles lie near a 12 px row's edge: then a second count from the new place.
    for attempt in range(4):
        if page.evaluate(FOCUSED_OPTION) == key:
            return
        if attempt == 3:
            break
        presses = page.evaluate(_PRESSES, [board, key])
        if presses is None:
            raise AssertionError(f"the board offers no {key}")
        for _ in range(presses):
            page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {key} (focus on {page.evaluate(_ACTIVE)})")


def choose(page, action_id: str, board: str = ".bgw-board") -> None:
    """Make a move by keyboard: its option on the board (an Amerigo lay after picking its tile and way), or
    its button under the board; Enter."""
    if action_id.startswith("lay:"):
        _, shape, _, way = action_id.split(":")
        for pick in (f"shape.{shape}", f"way.{way}"):
            if page.locator(f"{board} [data-pick='{pick}']").count():
                arrow_to(page, f"pick:{pick}", board)
                page.keyboard.press("Enter")
    if page.locator(f"{board} [data-action='{action_id}']").count():
        arrow_to(page, action_id, board)
    else:
        button = "bgw-choice-" + "".join(ch if ch.isalnum() else "-" for ch in action_id)
        tab_to(page, "c => document.activeElement.classList.contains(c)", button)
    page.keyboard.press("Enter")


def press(page, css_class: str, nth: int = 0) -> None:
    """Tab to the `nth` button of that class (the first by default), and press Enter."""
    tab_to(page, "([c, n]) => document.querySelectorAll('.' + c)[n] === document.activeElement", [css_class, nth])
    page.keyboard.press("Enter")
