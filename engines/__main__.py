"""Command line: bots play a whole narrated game, or random games are timed.

    python -m engines play endeavor-aos --players 4 --seed 1 [--lang zh-Hant] [--bots greedy,random]
    python -m engines bench endeavor-aos [--players 4] [--games 50]
"""

from __future__ import annotations

import argparse
import sys
import time

import engines
from engines.core.bots import RandomBot, make_bot, play_out
from engines.core.texts import LANGS, render


def play(args) -> int:
    match = engines.new_match(args.game, args.players, args.seed, _options(args.option))
    kinds = (args.bots or "random").split(",")
    bots = {seat: make_bot(kinds[seat % len(kinds)], seed=args.seed * 31 + seat) for seat in range(match.players)}
    shown = 0
    while not match.is_over:
        if match.to_move is None:
            match.advance()
        else:
            match.play(bots[match.to_move].choose(match))
        for event in match.log[shown:]:
            marker = "  " if event.automatic else "> "
            print(f"{marker}{event.text(args.lang)}")
        shown = len(match.log)
    print()
    for seat, score in match.scores().items():
        parts = ", ".join(f"{match.game.part_text(k).render(args.lang)} {v}" for k, v in score["parts"].items())
        print(f"{render('core.seat', {'n': seat + 1}, args.lang)}: {score['total']} ({parts})")
    return 0


def bench(args) -> int:
    """Full random games with RandomBot in every seat: CPU time per decision, beside OpenSpiel's Python
    tic-tac-toe measured in the same run (interleaved, so both see the same machine load)."""
    rules = engines.get_game(args.game)
    players = args.players or min(4, rules.max_players)
    options = _options(args.option)
    ttt = _tic_tac_toe()
    ours = {"games": 0, "decisions": 0, "steps": 0, "cpu": 0.0}
    theirs = {"moves": 0, "cpu": 0.0}
    rounds = 5
    per_round = max(1, args.games // rounds)
    with _progress(total=per_round * rounds, desc=f"{args.game} {players}p") as bar:
        for r in range(rounds):
            started = time.process_time()
            for g in range(per_round):
                seed = r * per_round + g
                match = engines.new_match(args.game, players, seed=seed, options=options)
                bot = RandomBot(seed=seed)
                while not match.is_over:
                    if match.to_move is None:
                        match.advance(step=True)
                    else:
                        match.play(bot.choose(match))
                        ours["decisions"] += 1
                    ours["steps"] += 1
                ours["games"] += 1
                bar.update(1)
            ours["cpu"] += time.process_time() - started
            if ttt:
                started = time.process_time()
                theirs["moves"] += ttt(ours["decisions"] - theirs["moves"])
                theirs["cpu"] += time.process_time() - started
    per_decision = 1e6 * ours["cpu"] / max(ours["decisions"], 1)
    print(f"{args.game}, {players} players, random play, {ours['games']} full games, {ours['cpu']:.2f} s of CPU")
    print(f"  decisions per game:        {ours['decisions'] / ours['games']:.1f}  "
          f"(steps incl. automatic and chance: {ours['steps'] / ours['games']:.1f})")
    print(f"  CPU time per decision:     {per_decision:.1f} µs (automatic and chance steps included)")
    print(f"  CPU time per step:         {1e6 * ours['cpu'] / max(ours['steps'], 1):.1f} µs")
    if ttt:
        per_move = 1e6 * theirs["cpu"] / max(theirs["moves"], 1)
        print(f"  OpenSpiel python_tic_tac_toe, same run: {per_move:.1f} µs per move "
              f"-> ratio {per_decision / per_move:.2f} (target: at most 1.00)")
    else:
        print("  (OpenSpiel is not installed: pip install -e '.[rl]' to compare with its Python tic-tac-toe)")
    return 0


def _tic_tac_toe():
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


def _progress(**kwargs):
    """A tqdm progress bar on the terminal (stderr), silent when tqdm is missing."""
    try:
        from tqdm import tqdm
        return tqdm(leave=False, file=sys.stderr, **kwargs)
    except ImportError:
        import contextlib
        return contextlib.nullcontext(type("Bar", (), {"update": lambda self, n: None})())


def _options(pairs):
    options = {}
    for pair in pairs or []:
        key, _, value = pair.partition("=")
        options[key] = value
    return options


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="bots play a whole game and the narrated log is printed")
    p.add_argument("game", choices=sorted(engines.GAMES))
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lang", choices=LANGS, default="en")
    p.add_argument("--bots", help="comma-separated bot kinds by seat (random, greedy); default random")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a match option, e.g. side=B")
    p.set_defaults(run=play)
    b = sub.add_parser("bench", help="time full random games")
    b.add_argument("game", choices=sorted(engines.GAMES))
    b.add_argument("--players", type=int, default=None)
    b.add_argument("--games", type=int, default=50, help="this many games (default 50, in 5 rounds)")
    b.add_argument("--option", action="append", metavar="KEY=VALUE")
    b.set_defaults(run=bench)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except ValueError as exc:       # bad players or options: one clear line, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
