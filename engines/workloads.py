"""The workloads the benchmarks time and count: random games of ours, the same games through an adapter,
and OpenSpiel's Python tic-tac-toe, the yardstick (`python -m engines bench`, engines/instructions.py)."""

from __future__ import annotations

import time

import engines
from engines.core.bots import RandomBot


def random_game(game_id: str, players: int, seed: int, options: dict) -> tuple[int, int]:
    """One full game with RandomBot in every seat: (decisions, steps including automatic and chance)."""
    match = engines.new_match(game_id, players, seed=seed, options=options)
    bot = RandomBot(seed=seed)
    decisions = steps = 0
    while not match.is_over:
        if match.to_move is None:
            match.advance(step=True)
        else:
            match.play(bot.choose(match))
            decisions += 1
        steps += 1
    return decisions, steps


def adapter_games(via: str, game_id: str, players: int, options: dict, games: int) -> tuple[float, int]:
    """The same random games played through an adapter: (CPU seconds, decisions)."""
    import random
    decisions = 0
    started = time.process_time()
    if via == "openspiel":
        from engines.adapters.openspiel import load_game
        game = load_game(game_id, players=players, **options)
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, odds = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(outcomes, odds)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
    else:
        from engines.adapters.pettingzoo import env
        e = env(game_id, players=players, **options)
        for seed in range(games):
            rng = random.Random(seed)
            e.reset(seed=seed)
            for agent in e.agent_iter():
                observation, _, termination, truncation, _ = e.last()
                if termination or truncation:
                    e.step(None)
                else:
                    # as bool: numpy finds the legal ones 10 times faster than in the int8 mask itself
                    e.step(int(rng.choice(observation["action_mask"].view(bool).nonzero()[0])))
                    decisions += 1
    return time.process_time() - started, decisions


def engine_games_as_pettingzoo(game_id: str, players: int, options: dict, games: int,
                               observing: bool = False) -> tuple[float, int]:
    """The pettingzoo workload's very games on the engine alone: the same seeds and the same picks (a
    number among the legal ones, in table order, by the same generator), so that what the two cost apart
    is the adapter's, not a difference between samples of random games. With `observing`, the engine
    also does what the adapter's loop does besides the rules: it takes the mover's observation at every
    decision, and every seat's at the end, through one Observer. (CPU seconds, decisions)"""
    import random
    decisions = 0
    # one observer for all the games, as the adapter keeps one, made before the clock starts (it imports
    # numpy, which the adapter's module has imported before it too)
    observer = engines.new_match(game_id, players, 0, options).observer() if observing else None
    started = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        match = engines.new_match(game_id, players, seed, options)
        while not match.is_over:
            if match.to_move is None:
                match.advance()
            else:
                if observing:
                    observer(match.state, match.to_move)
                match.play(rng.choice(sorted(a.index for a in match.legal_actions())))
                decisions += 1
        if observing:
            for seat in range(players):
                observer(match.state, seat)
    return time.process_time() - started, decisions


def engine_games_as_openspiel(game_id: str, players: int, options: dict, games: int) -> tuple[float, int]:
    """The openspiel workload's very games on the engine alone: every game from the adapter's starting
    position (seed 0), each decision and each listed chance outcome picked as its loop picks them (the
    same generator, the numbers in the same order, the outcomes by the same odds); sampled draws come
    from the match's generator on both sides. (CPU seconds, decisions)"""
    import random
    from engines.adapters.openspiel import chance_numbers
    decisions = 0
    start = engines.new_match(game_id, players, 0, options)
    started = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        match = start.clone()          # as the adapter copies its starting match for each new game
        while not match.is_over:
            if match.to_move is not None:
                match.play(rng.choice(sorted(a.index for a in match.legal_actions())))
                decisions += 1
                continue
            chance = match.chance_step()
            if chance is None or chance.sampled:
                match.advance(step=True)
                continue
            outcomes, odds = zip(*chance_numbers(match, chance))
            match.resolve(match.chance_table.ids[rng.choices(outcomes, odds)[0]])
    return time.process_time() - started, decisions


def tic_tac_toe():
    """A function playing random moves of OpenSpiel's Python tic-tac-toe until at least n are made."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    import random
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)

    def play(n: int) -> int:
        moves = 0
        while moves < n:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        return moves
    return play
