"""Developer tooling: commands of `python -m engines` that read the repository (tests/, tutorials/), not
only the engines. No game and no kernel module imports it."""


def bench_notes(game_id: str, players: int) -> list[str]:
    """Lines `python -m engines bench` prints after its figures: what a game's own model of chance gives."""
    if game_id == "amerigo":
        from .amerigo_tower import report
        return report(games=20, players=players)
    return []
