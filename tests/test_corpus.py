"""The recorded corpus (tests/corpus.py): every game replays as recorded, step by step, from the same
seeds and bots. A change meant to change no game (a restructuring) must leave this green; a change of the
rules or the heuristics records the corpus again (`python tests/corpus.py record`) and says why."""

import pytest

import engines
from corpus import differences, games_of, play
from games import every_game
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)


@pytest.mark.parametrize("game_id", every_game())
def test_every_recorded_game_replays_identically(game_id):
    assert differences(game_id) == []


def test_the_corpus_would_see_a_changed_game(monkeypatch):
    """A fingerprint covers what the pages show: one changed log text is a difference at its step."""
    from engines.core import actions
    players, seed, kind = games_of("entdecker")[0]
    before = play("entdecker", players, seed, kind)["steps"]
    real = actions.Event.text
    monkeypatch.setattr(actions.Event, "text",
                        lambda self, lang="en": real(self, lang).replace("gold", "silver"))
    after = play("entdecker", players, seed, kind)["steps"]
    changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
    assert changed and len(before) == len(after)
