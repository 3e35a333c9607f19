"""Every game of this project as a PettingZoo AEC environment with action masks.

    from engines.adapters.pettingzoo import env
    e = env("endeavor-aos", players=4, side="B")
    e.reset(seed=3)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        mask = observation["action_mask"]
        e.step(None if termination or truncation else int(mask.view(bool).nonzero()[0][0]))

- Agents are "player_1" ... "player_n" (seat 0 is player_1). An agent's observation is the engine's
  `observation(seat)` (layout in `info["observation_layout"]` after reset) and the mask of the action
  table; the mask is all zeros for an agent not to move. It is int8, as PettingZoo's own games have it;
  to list the legal numbers, view it as bool first: numpy's `nonzero` is about 10 times faster on bool
  (Amerigo's table has 4760 actions: 8 µs on int8, under 1 µs on bool, more than a rules step).
- Chance steps and the rules' own steps happen between decisions, drawn from the match's seeded
  generator: `reset(seed=...)` makes an episode repeat exactly.
- Rewards come at the end: a finished game's winners share 1. A game reaching the declared most moves
  (`Match.bounds`) is truncated.
- `render()` (render_mode "ansi") prints the narrated log of the last steps; `lang` chooses its language.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import engines


class EngineEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "board_game_widgets", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None,
                 lang: str = "en", **options):
        super().__init__()
        rules = engines.get_game(game_id)
        self.game_id = game_id
        self.players = rules.min_players if players is None else players
        self.match_options = options
        self.render_mode = render_mode
        self.lang = lang
        probe = engines.new_match(game_id, self.players, 0, options)
        self.metadata = {**self.metadata, "name": f"bgw_{game_id.replace('-', '_')}"}
        self.possible_agents = [f"player_{seat + 1}" for seat in range(self.players)]
        self.agents = self.possible_agents[:]
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.layout = probe.observation_layout()
        self.actions = len(probe.table.ids)
        self.limit = probe.bounds.max_moves
        size = sum(n for _, n in self.layout)
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.actions,), dtype=np.int8)})
            for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.actions) for agent in self.possible_agents}
        self.observer = probe.observer()       # encodes again only what changed since the last observation
        self.match = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self.match = engines.new_match(self.game_id, self.players, 0 if seed is None else int(seed),
                                       self.match_options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {"observation_layout": self.layout} for agent in self.agents}
        self.moves = 0
        self._shown = 0
        self._to_next_decision()

    def _to_next_decision(self):
        m = self.match
        m.advance()
        if m.is_over or self.moves >= self.limit:
            over = m.is_over
            for seat, share in enumerate(m.returns() if over else [0.0] * m.players):
                self.rewards[self.possible_agents[seat]] = share
            flags = self.terminations if over else self.truncations
            for agent in self.agents:
                flags[agent] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[m.to_move]

    def observe(self, agent):
        seat = self.seats[agent]
        mask = bytearray(self.actions)       # set one by one: twice as fast as numpy's fancy indexing here
        m = self.match
        if not m.is_over and m.to_move == seat and agent == self.agent_selection:
            for action in m.legal_actions():
                mask[action.index] = 1
        return {"observation": self.observer(m.state, seat), "action_mask": np.frombuffer(mask, dtype=np.int8)}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.match.play(int(action))         # a number outside the table or not legal: IllegalAction
        self.moves += 1
        self._to_next_decision()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self):
        if self.render_mode is None:
            return None
        lines = [e.text(self.lang) for e in self.match.log[self._shown:]]
        self._shown = len(self.match.log)
        return "\n".join(lines)

    def close(self):
        pass


def env(game_id: str, players: int | None = None, render_mode: str | None = None, **options) -> EngineEnv:
    """This project's game `game_id` as an AEC environment (options by name, as `new_match` takes them)."""
    return EngineEnv(game_id, players, render_mode=render_mode, **options)
