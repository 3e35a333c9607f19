"""The kernel's moves (engines/core/moves.py): each kind of decision declared once, on the method that
plays it; the kernel looks it up by the action's kind and settles after every step."""

import pytest

from engines.core.actions import Event
from engines.core.game import Game
from engines.core.moves import move
from games import every_game, new_for
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
    for _ in range(200):
        if m.is_over:
            break
        if m.to_move is None:
            m.advance()
            continue
        legal = m.legal_actions()
        seen.update(a.kind for a in legal)
        m.play(legal[0].id)
    assert seen and seen <= set(game.moves)


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
