"""Rule coverage pages (docs/coverage/GAME.md) are generated, current and complete."""

import pytest

import engines
from engines.tooling.coverage import output_path, report

GAMES = sorted(engines.GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_coverage_page_is_current(game):
    """CI fails when a rule, a test citing a rule or a lesson step changed without `python -m engines coverage GAME`."""
    path = output_path(game)
    assert path.exists(), f"{path} is missing: run python -m engines coverage {game}"
    assert path.read_text(encoding="utf-8") == report(game), (
        f"{path} is stale: run python -m engines coverage {game}")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_a_row_and_a_test(game):
    page = report(game)
    catalog = engines.get_game(game).rule_catalog.rules
    for rule_id in catalog:
        row = next(line for line in page.splitlines() if line.startswith(f"| `{rule_id}` |"))
        tests = row.split(" | ")[2]
        assert tests != "**none**", f"{rule_id} is cited by no test"


def test_command_line_writes_the_page(tmp_path, monkeypatch):
    import engines.tooling.coverage as coverage
    from engines.__main__ import main
    monkeypatch.setattr(coverage, "output_path", lambda game, root=None: tmp_path / f"{game}.md")
    assert main(["coverage", "entdecker"]) == 0
    assert (tmp_path / "entdecker.md").read_text(encoding="utf-8") == report("entdecker")
