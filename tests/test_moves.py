"""The kernel's moves (engines/core/moves.py): each kind of decision declared once, on the method that
plays it; the kernel looks it up by the action's kind and settles after every step."""

import pytest

from engines.core.actions import Event
from engines.core.game import Game
from engines.core.moves import move
from games import every_game, new_for, random_decisions
from games import register_test_only_games  # noqa: F401  (autouse: the test-only games join in)


class Counter(Game):
    id = "counter-test"
    action_labels = "ct.act."

    def setup(self, players, options, seed, events):
        return type("S", (), {"total": 0, "to_move": None, "over": False, "settled": 0})()

    def settle(self, state):
        state.settled += 1
        state.to_move = 0

    @move("add", "ct.add")
    def _add(self, state, n, events):
        state.total += n
        events.append(Event("ct.add", n=n))

    @move("double", "ct.double", label="ct.twice")
    @move("halve", "ct.halve")
    def _scale(self, state, factor, events):
        state.total = int(state.total * factor)


class Edition(Counter):
    @move("add", "ct.add-edition")
    def _add_more(self, state, n, events):
        state.total += 10 * n


def test_a_move_is_looked_up_by_the_actions_kind_and_played_with_its_args():
    game = Counter()
    state = game.new_state(1, {}, 0, [])
    assert state.settled == 1
    add = game.offer("add", 3, args=(3,), target="plus")
    assert (add.id, add.kind, add.rule, add.target, add.label_key) == ("add:3", "add", "ct.add", "plus", "ct.act.add")
    events = []
    game.apply(state, add, events)
    game.apply(state, game.offer("double", args=(2,)), events)
    game.apply(state, game.offer("halve", args=(0.5,)), events)
    assert state.total == 3 and state.settled == 4, "each step played once and settled once"
    assert [e.params for e in events] == [{"n": 3}]
    assert game.offer("double", args=(2,)).label_key == "ct.twice", "a move may name its own label"
    assert set(Counter.moves) == {"add", "double", "halve"}


def test_an_edition_replaces_a_move_of_its_base():
    game = Edition()
    state = game.new_state(1, {}, 0, [])
    game.apply(state, game.offer("add", 1, args=(1,)), [])
    assert state.total == 10 and Edition.moves["add"].rule == "ct.add-edition"
    assert Counter.moves["add"].method == "_add", "the base keeps its own"


def test_two_methods_of_one_class_playing_one_kind_are_refused():
    with pytest.raises(TypeError, match="both _a and _b play 'x'"):
        class Twice(Game):
            @move("x", "r")
            def _a(self, state, events): ...

            @move("x", "r")
            def _b(self, state, events): ...


@pytest.mark.parametrize("game_id", every_game())
def test_every_legal_action_has_a_declared_move(game_id):
    """Whatever a game offers can be played: its kind is a declared move."""
    import engines
    game = engines.GAMES[game_id]
    m = new_for(game_id, game.min_players)()
    assert "apply" not in vars(type(game)), "the kernel plays decisions: a game declares moves"
    seen = set()
    for legal in random_decisions(m, limit=200, choose=lambda legal: legal[0]):
        seen.update(a.kind for a in legal)
    assert seen and seen <= set(game.moves)


@pytest.mark.parametrize("game_id", every_game())
def test_a_game_offers_a_move_only_in_the_phases_it_declares(game_id):
    """Issue 32: a move's `phases` are read twice, by the refusal ("not in this phase", `Game.offered_in`) and
    by this check of the legal set over random games: whatever is offered is offered in a phase its move
    declares, so the refusal and the legal set cannot disagree on when a move may be made."""
    import engines
    game = engines.GAMES[game_id]
    declared_phases = {kind: m.phases for kind, m in game.moves.items() if m.phases}
    wrong = set()
    for players in range(game.min_players, game.max_players + 1):
        m = new_for(game_id, players)()
        for legal in random_decisions(m, seed=players, limit=600):
            phase = game.phase_of(m.state)
            wrong.update((a.kind, phase) for a in legal if not game.offered_in(m.state, a.kind))
    assert not wrong, f"offered outside the phases its move declares (kind, phase): {sorted(wrong)}"
    if game_id in ("endeavor-aos", "endeavor-2009", "entdecker", "shipyard", "amerigo"):
        assert declared_phases, "the five games' moves name their phases"


def test_a_move_refused_outside_its_phases_and_phases_must_be_a_tuple():
    class Phased(Counter):
        @move("add", "ct.add", phases=("adding",))
        def _add(self, state, n, events):
            state.total += n

    game = Phased()
    state = type("S", (), {"phase": "adding"})()
    assert game.offered_in(state, "add") is True and game.offered_in(state, "double") is True
    state.phase = "doubling"
    assert game.offered_in(state, "add") is False and game.offered_in(state, "nothing") is None
    with pytest.raises(TypeError, match="tuple of phase names"):
        move("add", "ct.add", phases="adding")


def test_an_edition_names_the_rule_and_label_of_an_offered_action_its_own_way():
    """`offer` passes the declared rule and label through the game's `rule_name` and `label_name`: Endeavor 2009
    offers Age of Sail's shared moves under its own rule ids (e09.*) and wording."""
    import engines
    aos, e09 = engines.get_game("endeavor-aos"), engines.get_game("endeavor-2009")
    assert (aos.offer("pass").rule, e09.offer("pass").rule) == ("aos.action.pass", "e09.action.pass")
    assert aos.offer("build", "market", args=("market",)).label_key == aos.tkey("act.build")
    game = Counter()
    assert game.rule_name("ct.add") == "ct.add" and game.label_name("ct.act.add") == "ct.act.add"


def test_every_game_makes_its_actions_through_offer():
    """Issue 32: an action's rule and label come from its move's declaration, so no game builds an Action itself
    (the kernel, engines/core, alone does)."""
    import re
    from pathlib import Path
    engines_dir = Path(__file__).parent.parent / "engines"
    made = [f"{path.relative_to(engines_dir)}:{n}" for path in sorted(engines_dir.rglob("*.py"))
            if path.parent.name != "core"
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if re.search(r"(?<![\w.])Action\(", line)]
    assert not made, "actions built outside Game.offer: " + ", ".join(made)


def test_the_fingerprint_lists_every_offer_and_every_refusal_and_is_the_same_on_every_run(monkeypatch):
    """`python -m engines fingerprint` is the proof that a change of the rules code changed nothing a player
    meets (issue 32): it must list what is offered and what is refused, in every language, and come out the
    same on every run; a changed refusal text changes it."""
    import io
    import engines
    from engines.core.texts import Text
    from engines.tooling.fingerprint import fingerprint
    out = io.StringIO()
    first = fingerprint("tictactoe", games=1, out=out)
    lines = out.getvalue().splitlines()
    assert any(" + " in line for line in lines) and any(" - " in line for line in lines)
    refused = next(line for line in lines if " - " in line)
    assert refused.count(" | ") == 4, refused           # id | rule | en | zh-Hant | zh-Hans
    assert fingerprint("tictactoe", games=1) == first
    game = engines.GAMES["tictactoe"]
    monkeypatch.setattr(game, "explain", lambda state, action_id: ("ttt.move", Text("core.game.over")))
    assert fingerprint("tictactoe", games=1) != first
