"""The kernel's moves (engines/core/moves.py): each kind of decision declared once, on the method that
plays it; the kernel looks it up by the action's kind and settles after every step."""

import pytest

from engines.core.actions import Event
from engines.core.texts import Text
from engines.core.game import Game
from engines.core.moves import move, one_based, refuses
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


class Refusing(Game):
    """A counter whose moves say how their ids are written and why they are refused."""
    id = "refusing-test"
    action_labels = "ct.act."

    def setup(self, players, options, seed, events):
        return type("S", (), {"total": 0, "phase": "adding", "to_move": 0, "over": False})()

    @move("add", "ct.add", phases=("adding",), arg=one_based)
    def _add(self, state, n, events):
        state.total += n + 1

    @refuses("add")
    def _why_add(self, state, n):
        return None if state.total + n + 1 <= 5 else ("ct.most", Text("core.game.over"))

    @move("stop", "ct.stop", phases=("adding",))
    def _stop(self, state, events):
        state.phase = "stopped"

    @refuses("stop")
    def _why_stop(self, state):
        return None

    def refuse_first(self, state, kind, args):
        return ("ct.never", Text("core.game.over")) if kind == "add" and args == (9,) else None

    def not_now(self, state, kind, args):
        return "ct.turn", Text("core.step.automatic")


def test_a_moves_declaration_writes_its_ids_and_the_kernel_reads_them_back_for_its_refusal():
    """Issue 32: an action's id is written once, by its move's `arg` (`Game.action_id`, used by `offer` and by the
    numbered table, whose entries may be (kind, args)); `explain` reads an id back into the move's args and asks,
    in order, `refuse_first`, `not_now` outside the move's phases, then the move's `@refuses` method."""
    game = Refusing()
    assert game.action_id("add", 0) == "add:1" and game.action_id("stop") == "stop"
    assert game.offer("add", args=(2,)).id == "add:3" and game.offer("add", args=(2,)).args == (2,)
    ids = game._ids([("add", (n,)) for n in range(10)] + [("stop", ())])
    assert ids[:3] == ["add:1", "add:2", "add:3"] and ids[-1] == "stop"
    state = game.setup(1, {}, 0, [])
    assert game.refusal(state, "add", (4,)) is None
    state.total = 3
    assert game.explain(state, "add:3") == ("ct.most", Text("core.game.over"))
    assert game.explain(state, "add:10")[0] == "ct.never", "refuse_first comes before everything"
    state.phase = "stopped"
    assert game.explain(state, "add:1")[0] == "ct.turn" and game.explain(state, "stop")[0] == "ct.turn"
    assert game.explain(state, "add:11")[0] == "core.action.unknown", "an id no table lists is unknown"


def test_a_refusal_of_a_kind_no_move_plays_or_two_refusals_of_one_kind_are_refused():
    with pytest.raises(TypeError, match="refusals of kinds no move plays: jump"):
        class Stray(Game):
            @move("x", "r")
            def _x(self, state, events): ...

            @refuses("jump")
            def _why_jump(self, state): ...
    with pytest.raises(TypeError, match="both _a and _b refuse 'x'"):
        class Twice(Game):
            @move("x", "r")
            def _x(self, state, events): ...

            @refuses("x")
            def _a(self, state): ...

            @refuses("x")
            def _b(self, state): ...


@pytest.mark.parametrize("game_id", every_game())
def test_every_move_of_every_game_declares_its_refusal(game_id):
    """Issue 32: why a move is refused is declared beside it (`@refuses`), for every move of every game (a move
    without one would be refused as unknown), and no game writes its own `explain`: the kernel's reads the
    declarations."""
    import engines
    game = engines.GAMES[game_id]
    assert [kind for kind, m in game.moves.items() if m.refusal is None] == []
    assert [k.__name__ for k in type(game).__mro__ if k is not Game and "explain" in vars(k)] == []


def _settings(game):
    """Every player count with the default options; then each option's other choices one at a time, and every
    on/off option switched on together (Endeavor's Silent Fleet and its variants), where the rules allow it."""
    out = [(players, {}) for players in range(game.min_players, game.max_players + 1)]
    for players in range(game.min_players, game.max_players + 1):
        options = game.options(players)
        tried = [{o.id: c} for o in options for c in o.choices if c != o.default]
        tried.append({o.id: True for o in options if set(o.choices) == {False, True}})
        for chosen in tried:
            try:
                game.resolve_options(players, chosen)
            except ValueError:
                continue
            if chosen and (players, chosen) not in out:
                out.append((players, chosen))
    return out


@pytest.mark.parametrize("game_id", every_game())
def test_the_refusals_declared_beside_the_moves_refuse_exactly_what_the_legal_set_leaves_out(game_id):
    """Issue 32: at every decision of random games of every player count, each id of the action table (and each
    never-legal one) is legal exactly when its move's refusal finds nothing against it, and every legal action's
    id reads back to the kind and args the move is played with: the legal set and why_not cannot disagree."""
    import engines
    game = engines.GAMES[game_id]
    for players, options in _settings(game):
        m = engines.new_match(game_id, players=players, seed=players, options=options)
        ids = list(m.table.ids) + sorted(m._never_legal)
        # whole games; every id is asked at every fourth decision (a few thousand ids each: Amerigo's table)
        for n, legal in enumerate(random_decisions(m, seed=players, limit=5000)):
            if n % 4:
                continue
            offered = {a.id for a in legal}
            for a in legal:
                assert game._parsed[a.id] == (a.kind, a.args), a.id
            for action_id in ids:
                found = game.refusal(m.state, *game._parsed[action_id])
                assert (found is None) == (action_id in offered), (action_id, found)
                assert found is None or found[0] != "core.action.unknown", action_id


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


def test_an_id_standing_for_other_args_in_another_table_is_refused():
    """The kernel reads an id back into its move's args with one map per game, so an id must mean the same args in
    every table (Amerigo's squares are named in its ids, not numbered: the numbers differ between its maps)."""
    class Wrapping(Refusing):
        @move("add", "ct.add", phases=("adding",), arg=lambda game, n: n % 2)
        def _add_wrapping(self, state, n, events):
            state.total += n

    game = Wrapping()
    assert game._ids([("add", (0,)), ("add", (1,))]) == ["add:0", "add:1"]
    with pytest.raises(ValueError, match="'add:0' stands for .* in one table and for .* in another"):
        game._ids([("add", (2,))])
