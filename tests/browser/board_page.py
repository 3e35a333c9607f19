"""What every browser test does with a board page: find the board, and wait until it has redrawn."""

BOARD = ".bgw-board svg"
PAGE_TIMEOUT = 120_000      # a cold Voila kernel on a loaded 2-core machine can take a while


def revision(page) -> int:
    """The board's redraw counter (the host bumps it on every redraw)."""
    return int(page.get_attribute(BOARD, "data-revision"))


def wait_for_redraw(page, before: int, timeout: int = 20_000) -> None:
    page.wait_for_function(
        "before => { const s = document.querySelector('.bgw-board svg');"
        " return s && Number(s.getAttribute('data-revision')) > before; }", arg=before, timeout=timeout)
