"""Rule coverage pages (docs/coverage/GAME.md) are generated, current and complete."""

import pytest

import engines
from engines.tooling.coverage import output_path, report
from games import every_game
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)

GAMES = sorted(engines.GAMES)         # the published games: their pages are docs/coverage/


@pytest.mark.parametrize("game", GAMES)
def test_coverage_page_is_current(game):
    """CI fails when a rule, a test citing a rule or a lesson step changed without `python -m engines coverage GAME`.
    Over the published games: docs/coverage/ is published, and a test-only game's page is never written
    (its report is made and checked below)."""
    path = output_path(game)
    assert path.exists(), f"{path} is missing: run python -m engines coverage {game}"
    assert path.read_text(encoding="utf-8") == report(game), (
        f"{path} is stale: run python -m engines coverage {game}")


@pytest.mark.parametrize("game", every_game())
def test_every_rule_has_a_row_and_a_test(game):
    """Every rule of every game (the test-only ones too) has its row, a test citing it and, for a game with a
    lesson, a step that teaches it or a reason why not."""
    page = report(game)
    catalog = engines.get_game(game).rule_catalog.rules
    has_lesson = "no lesson yet" not in page
    for rule_id in catalog:
        row = next(line for line in page.splitlines() if line.startswith(f"| `{rule_id}` |"))
        _, _, _, tests, lesson = row.split(" | ")       # rule, what it says, code, tests, lesson steps
        assert tests != "**none**", f"{rule_id} is cited by no test"
        assert not has_lesson or lesson != "**none** |", f"{rule_id}: no lesson step teaches it, and no reason why"


def test_command_line_writes_the_page(tmp_path, monkeypatch):
    import engines.tooling.coverage as coverage
    from engines.__main__ import main
    monkeypatch.setattr(coverage, "output_path", lambda game, root=None: tmp_path / f"{game}.md")
    assert main(["coverage", "entdecker"]) == 0
    assert (tmp_path / "entdecker.md").read_text(encoding="utf-8") == report("entdecker")
