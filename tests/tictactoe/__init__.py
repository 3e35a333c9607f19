"""Tic-tac-toe (3 x 3, two players, X first): the project's test-only game, the worked example of
docs/contract.md's "Adding a game". A published game's package would end with its registry line,

    TICTACTOE = register(TicTacToe())

and engines/__init__.py would import it. This one stays out of the published project (the gallery, the site,
the coverage pages): tests/games.py registers it, with its board (board/), only while the tests meant for
every game run (`registering_test_only_games`).
"""

from .tictactoe import TicTacToe

GAME = TicTacToe                  # what tests/games.py registers (an instance), as the registry line would
                                  # (its board, in board/, is found from the package: widgets.board_module)
