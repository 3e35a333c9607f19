"""Command line: bots play a whole narrated game, or random games are timed.

    python -m engines play endeavor-aos --players 4 --seed 1 [--lang zh-Hant] [--bots greedy,random]
    python -m engines bench endeavor-aos [--players 4] [--games 50]
    python -m engines coverage endeavor-aos      # writes docs/coverage/endeavor-aos.md ("all" for every game)
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
    """Full random games with RandomBot in every seat: games per second and time per decision."""
    rules = engines.get_game(args.game)
    players = args.players or min(4, rules.max_players)
    decisions = steps = 0
    started = time.perf_counter()
    deadline = started + args.seconds
    games = 0
    while games < args.games or (args.seconds and time.perf_counter() < deadline and games < args.games * 100):
        match = engines.new_match(args.game, players, seed=games, options=_options(args.option))
        bot = RandomBot(seed=games)
        while not match.is_over:
            if match.to_move is None:
                match.advance(step=True)
            else:
                match.play(bot.choose(match))
                decisions += 1
            steps += 1
        games += 1
        if args.seconds and time.perf_counter() >= deadline and games >= args.games:
            break
    elapsed = time.perf_counter() - started
    print(f"{args.game}, {players} players, random play, {games} full games in {elapsed:.2f} s")
    print(f"  games per second:          {games / elapsed:.1f}")
    print(f"  decisions per game:        {decisions / games:.1f}  (steps incl. automatic: {steps / games:.1f})")
    print(f"  mean time per decision:    {1000 * elapsed / max(decisions, 1):.4f} ms "
          f"({1e6 * elapsed / max(decisions, 1):.1f} µs, automatic steps included in the time)")
    print(f"  mean time per step:        {1e6 * elapsed / max(steps, 1):.1f} µs")
    return 0


def coverage(args) -> int:
    """Write docs/coverage/GAME.md: rulebook section -> rule ids -> tests -> lesson steps."""
    from engines.core.coverage import write
    for game in sorted(engines.GAMES) if args.game == "all" else [args.game]:
        print(f"wrote {write(game)}")
    return 0


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
    b.add_argument("--games", type=int, default=50, help="at least this many games (default 50)")
    b.add_argument("--seconds", type=float, default=0.0, help="keep playing until this much time has passed")
    b.add_argument("--option", action="append", metavar="KEY=VALUE")
    b.set_defaults(run=bench)
    c = sub.add_parser("coverage", help="write docs/coverage/GAME.md: rules, their tests and lesson steps")
    c.add_argument("game", choices=[*sorted(engines.GAMES), "all"])
    c.set_defaults(run=coverage)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except ValueError as exc:       # bad players or options: one clear line, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
