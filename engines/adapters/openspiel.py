"""Every game of this project as an OpenSpiel game (`pyspiel.Game`), with chance nodes.

    from engines.adapters.openspiel import load_game
    game = load_game("entdecker", players=3)             # or pyspiel.load_game("bgw_entdecker(players=3)")
    state = game.new_initial_state()
    state.current_player(), state.legal_actions(), state.chance_outcomes(), state.apply_action(a)
    state.observation_tensor(0), state.information_state_string(0), state.returns()

How the engine maps onto OpenSpiel:
- A decision is a player node; its actions are the numbers of the game's action table (`Match.table`).
- A listed chance step is a chance node; its outcomes are the numbers of the chance table.
- Steps the rules resolve alone, and sampled chance steps (too many outcomes to list, as Amerigo's
  cube tower), happen inside `apply_action`: a game with sampled steps is declared SAMPLED_STOCHASTIC,
  its draws coming from the seeded generator in the state (the `seed` parameter, default 0).
- Observations are the engine's `observation(seat)` (layout: `Match.observation_layout()`); the
  information state string is `information_state(seat)`.
- Returns are the engine's: a finished game's winners share 1 (constant-sum), ties as the rulebook
  breaks them. A game that reaches the declared most moves (`Match.bounds`) ends there, scored as it
  stands; the bounds are chosen so that this only happens in play no rulebook game would reach (see
  each game's `bounds`).
- Serialising a state writes its history (OpenSpiel's own format); the game is deterministic given its
  `seed` parameter, so a restored state replays exactly. `state.match` is the engine's match, for
  anything else (its narrated log, `to_json()`, the board's view).
"""

from __future__ import annotations

import numpy as np
import pyspiel

import engines

PREFIX = "bgw_"


def _parameters(game) -> dict:
    """OpenSpiel parameters: the player count, the seed, and every option as text ("" leaves the
    option at the default that suits the player count)."""
    params = {"players": game.min_players, "seed": 0}
    for players in range(game.min_players, game.max_players + 1):
        for option in game.options(players):
            params.setdefault(option.id, "")
    return params


def _options(game, players, params) -> dict:
    """The match options these parameters set: a choice named by its text (True as "true")."""
    out = {}
    for option in game.options(players):
        text = str(params.get(option.id, "")).lower()
        if text:
            named = [c for c in option.choices if str(c).lower() == text]
            if not named:
                raise ValueError(f"{game.id}: option '{option.id}' must be one of "
                                 f"{', '.join(str(c).lower() for c in option.choices)}, got {text!r}")
            out[option.id] = named[0]
    return out


class EngineGame(pyspiel.Game):
    """One game of this project, for one player count and options (a subclass per game sets game_id)."""

    game_id = ""

    def __init__(self, params=None):
        game_id = self.game_id
        rules = engines.get_game(game_id)
        params = {**_parameters(rules), **(params or {})}
        players = int(params["players"])
        self.seed = int(params["seed"])
        self.options = rules.resolve_options(players, _options(rules, players, params))
        probe = engines.new_match(game_id, players, self.seed, self.options)
        self.sampled = rules.sampled_chance
        bounds = probe.bounds
        game_type = pyspiel.GameType(
            short_name=PREFIX + game_id.replace("-", "_"),
            long_name=f"{rules.title.render('en')} (board-game widgets)",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=(pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC if self.sampled
                         else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC),
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.CONSTANT_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=rules.max_players,
            min_num_players=rules.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=_parameters(rules))
        game_info = pyspiel.GameInfo(
            num_distinct_actions=len(probe.table.ids),
            max_chance_outcomes=max(1, len(probe.chance_table.ids)),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=bounds.max_moves)
        super().__init__(game_type, game_info, params)
        self.start = EngineState(self, probe)      # the starting match, run to its first decision or chance step

    def new_initial_state(self):
        # OpenSpiel clones a state by making a new initial state and copying the attributes over, once
        # per search simulation: the new state copies the starting match only if it is read first.
        return EngineState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return EngineObserver(self, iig_obs_type)


class EngineState(pyspiel.State):
    """A match seen as an OpenSpiel state: automatic steps are run as soon as they come."""

    def __init__(self, game, match=None):
        super().__init__(game)
        self.limit = game.max_game_length()
        self.moves = 0
        if match is None:                  # the starting position: `match` is copied when first read
            self._outcomes = game.start._outcomes
        else:
            self.match = match
            self._run_automatic()

    def __getattr__(self, name):
        # Reached only when normal lookup fails: a new initial state whose match was never set.
        if name != "match":
            raise AttributeError(name)
        self.match = self.get_game().start.match.clone()
        return self.match

    def _run_automatic(self):
        """Run the rules' own steps up to a decision, a listed chance step or the end. The chance step
        found is kept (as its (index, probability) pairs) until the next action: OpenSpiel asks for the
        current player and the outcomes several times a step, and a game works its chance step out anew
        each time it is asked."""
        m = self.match
        self._outcomes = None
        while not m.is_over and m.to_move is None:
            chance = m.chance_step()
            if chance is not None and not chance.sampled:
                self._outcomes = chance_numbers(m, chance)
                return
            m.advance(step=True)        # an automatic step, or a sampled draw the seeded generator makes

    # -- the OpenSpiel state API ----------------------------------------------------------------
    def current_player(self):
        m = self.match
        if m.is_over or self.moves >= self.limit:
            return pyspiel.PlayerId.TERMINAL
        if self._outcomes is not None:
            return pyspiel.PlayerId.CHANCE
        return m.to_move

    def _legal_actions(self, player):
        return sorted(a.index for a in self.match.legal_actions())

    def chance_outcomes(self):
        return list(self._outcomes or ())

    def _apply_action(self, action):
        m = self.match
        if self._outcomes is not None:
            m.resolve(m.chance_table.ids[action])
        else:
            m.play(int(action))
        self.moves += 1
        self._run_automatic()

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return self.match.chance_table.ids[action]
        return self.match.table.ids[action]

    def is_terminal(self):
        return self.match.is_over or self.moves >= self.limit

    def returns(self):
        m = self.match
        if m.is_over:
            return m.returns()
        if self.moves >= self.limit:       # cut off at the declared bound: scored as it stands
            winners = m.winners()
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(m.players)]
        return [0.0] * m.players

    def __str__(self):
        """The step reached and a fingerprint of the position: the digest a save carries, of the whole
        view and the generator (the view itself is too large to print at every step of a search;
        `state.match.view()` has it)."""
        m = self.match
        return f"{m.game.id} step {m.position} {m.phase} position {m._digest()}"



def chance_numbers(match, chance) -> list[tuple[int, float]]:
    """A listed chance step's outcomes as OpenSpiel takes them: (number in the chance table, probability),
    in table order."""
    index, total = match.chance_table.index, chance.total
    return sorted((index[o.id], o.weight / total) for o in chance.outcomes)


class EngineObserver:
    """The engine's observation (a flat vector) and information state (a string)."""

    def __init__(self, game: EngineGame, iig_obs_type):
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        layout = game.start.match.observation_layout()
        self.tensor = np.zeros(sum(n for _, n in layout), np.float32)
        self.dict = {}
        start = 0
        for name, n in layout:
            self.dict[name] = self.tensor[start:start + n]
            start += n
        self.observer = game.start.match.observer()      # encodes again only what changed since the last call

    def set_from(self, state: EngineState, player: int):
        self.tensor[:] = self.observer(state.match.state, player)

    def string_from(self, state: EngineState, player: int):
        if self.perfect_recall:
            return state.match.information_state(player)
        return ",".join(str(x) for x in state.match.observation(player))


def _register(game_id: str) -> type:
    cls = type(f"EngineGame_{game_id.replace('-', '_')}", (EngineGame,), {"game_id": game_id})
    pyspiel.register_game(cls().get_type(), cls)
    return cls


GAME_CLASSES: dict[str, type] = {}     # game id -> its pyspiel game class, registered once a process


def game_class(game_id: str) -> type:
    """The pyspiel game class of a registered game, registered with pyspiel the first time it is asked for:
    a game registered after this module was imported (a new one, or a test-only one) is found too."""
    found = GAME_CLASSES.get(game_id)
    if found is None:
        engines.get_game(game_id)                       # ValueError naming an unknown game
        found = GAME_CLASSES[game_id] = _register(game_id)
    return found


for _game_id in sorted(engines.GAMES):                  # pyspiel.load_game knows the games of `engines` at once
    game_class(_game_id)


def load_game(game_id: str, players: int | None = None, **options) -> pyspiel.Game:
    """This project's game `game_id` as a `pyspiel.Game` (options by name, as `new_match` takes them)."""
    rules = engines.get_game(game_id)
    game_class(game_id)
    params = {"players": players if players is not None else rules.min_players,
              **{k: str(v).lower() if isinstance(v, bool) else v for k, v in options.items()}}
    return pyspiel.load_game(PREFIX + game_id.replace("-", "_"), params)
