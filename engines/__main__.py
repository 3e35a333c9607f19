"""Command line: bots play a whole narrated game, or random games are timed.

    python -m engines play endeavor-aos --players 4 --seed 1 [--lang zh-Hant] [--bots greedy,random]
    python -m engines bench endeavor-aos [--players 4] [--games 50] [--via openspiel] [--instructions]
    python -m engines tournament entdecker --bots mcts,greedy --games 40 [--budget-ms 500]
    python -m engines coverage endeavor-aos      # writes docs/coverage/endeavor-aos.md ("all" for every game)
"""

from __future__ import annotations

import argparse
import sys
import time

import engines
from engines.core.bots import available_bots, make_bot, play_out, register_bot
from engines.core.texts import LANGS, render
from engines.workloads import (adapter_games, engine_games_as_openspiel, engine_games_as_pettingzoo, random_game,
                               tic_tac_toe)


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
    ttt = tic_tac_toe()
    ours = {"games": 0, "decisions": 0, "steps": 0, "cpu": 0.0}
    theirs = {"moves": 0, "cpu": 0.0}
    rounds = 5
    per_round = max(1, args.games // rounds)
    with _progress(total=per_round * rounds, desc=f"{args.game} {players}p") as bar:
        for r in range(rounds):
            started = time.process_time()
            for g in range(per_round):
                decisions, steps = random_game(args.game, players, r * per_round + g, options)
                ours["decisions"] += decisions
                ours["steps"] += steps
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
    if args.via == "pettingzoo":
        _through_pettingzoo(args.game, players, options, per_round * rounds)
    elif args.via == "openspiel":
        _through_openspiel(args.game, players, options, per_round * rounds)
    if args.instructions:
        _instructions(args, players, options, per_round * rounds)
    from .tooling import bench_notes
    for line in bench_notes(args.game, players):     # what a game's own model of chance gives (Amerigo's tower)
        print(line)
    return 0


def _fastest(*workloads, turns: int = 3) -> list[float]:
    """Each workload's µs per decision, fastest of `turns` runs, the workloads timed in turn (so that all
    see the same machine load, and the first runs of a process, slower, are not the ones kept)."""
    best = [float("inf")] * len(workloads)
    for _ in range(turns):
        for i, workload in enumerate(workloads):
            cpu, decisions = workload()
            best[i] = min(best[i], 1e6 * cpu / max(decisions, 1))
    return best


def _through_pettingzoo(game: str, players: int, options: dict, games: int) -> None:
    """The PettingZoo workload against its very games on the engine alone: the ratio is the adapter's
    cost, not a difference between samples. The engine plays them twice over: taking the observations
    the adapter's loop takes (work a learner's loop needs from the engine either way; the target bounds
    this ratio), and without any."""
    observing, through, alone = _fastest(
        lambda: engine_games_as_pettingzoo(game, players, options, games, observing=True),
        lambda: adapter_games("pettingzoo", game, players, options, games),
        lambda: engine_games_as_pettingzoo(game, players, options, games))
    print(f"  through the pettingzoo adapter: {through:.1f} µs per decision, for the same games\n"
          f"    against the engine taking the same observations: {observing:.1f} -> {through / observing:.2f} "
          f"times (the adapter's cost; target: at most 2)\n"
          f"    against the engine without observations:         {alone:.1f} -> {through / alone:.2f} times "
          f"(an observation costs {observing - alone:.1f} µs)")


def _through_openspiel(game: str, players: int, options: dict, games: int) -> None:
    """The OpenSpiel workload against its very games on the engine alone (its loop takes no observation)."""
    through, alone = _fastest(lambda: adapter_games("openspiel", game, players, options, games),
                              lambda: engine_games_as_openspiel(game, players, options, games))
    print(f"  through the openspiel adapter: {through:.1f} µs per decision, against {alone:.1f} for the "
          f"same games on the engine alone -> {through / alone:.2f} times (target: at most 2)")


def _instructions(args, players: int, options: dict, games: int) -> None:
    """The same games counted in CPU instructions under valgrind (engines/instructions.py)."""
    from engines import instructions
    if not instructions.available():
        print("  --instructions needs valgrind (Debian: apt install valgrind)")
        return
    print("  counting instructions under valgrind (each workload runs twice, about 50 times slower)...")
    engine, decisions = instructions.per_decision("engine", args.game, players, games, options)
    print(f"  instructions per decision: {engine / 1000:.0f}k (PYTHONHASHSEED=0, imports subtracted)")
    if tic_tac_toe():
        ttt, _ = instructions.per_decision("ttt", args.game, players, decisions, options)
        print(f"  OpenSpiel python_tic_tac_toe: {ttt / 1000:.0f}k per move -> ratio {engine / ttt:.2f} "
              f"(steady to about 1%; the timed ratio above is the target)")
    if args.via == "pettingzoo":      # against its very games on the engine alone (workloads.py)
        through, _ = instructions.per_decision("pettingzoo", args.game, players, games, options)
        observing, _ = instructions.per_decision("engine-pettingzoo-observing", args.game, players, games, options)
        alone, _ = instructions.per_decision("engine-pettingzoo", args.game, players, games, options)
        print(f"  through the pettingzoo adapter: {through / 1000:.0f}k per decision -> {through / observing:.2f} "
              f"times the engine taking the same observations, {through / alone:.2f} times it without")
    elif args.via == "openspiel":
        through, _ = instructions.per_decision("openspiel", args.game, players, games, options)
        alone, _ = instructions.per_decision("engine-openspiel", args.game, players, games, options)
        print(f"  through the openspiel adapter: {through / 1000:.0f}k per decision -> {through / alone:.2f} "
              f"times the same games on the engine alone")


def coverage(args) -> int:
    """Write docs/coverage/GAME.md: rulebook section -> rule ids -> tests -> lesson steps."""
    from engines.tooling.coverage import write
    for game in sorted(engines.GAMES) if args.game == "all" else [args.game]:
        print(f"wrote {write(game)}")
    return 0


def _progress(**kwargs):
    """A tqdm progress bar on the terminal (stderr), silent when tqdm is missing."""
    try:
        from tqdm import tqdm
        return tqdm(leave=False, file=sys.stderr, **kwargs)
    except ImportError:
        import contextlib
        return contextlib.nullcontext(type("Bar", (), {"update": lambda self, n: None})())


def tournament(args) -> int:
    """Bots play each other; seats rotate from game to game. Win rates with 95% intervals, mean margins;
    with more than two players, also how often each bot finishes ahead of each other kind, pair by pair
    (the two-player measure for games that need three players)."""
    kinds = args.bots.split(",")
    rules = engines.get_game(args.game)
    players = args.players or rules.min_players
    options = _options(args.option)
    search = {"budget_ms": args.budget_ms, **_search_settings(args.mcts)}
    if "openspiel-mcts" in kinds:
        _register_openspiel_search()
    settings = {kind: search for kind in SEARCH_BOTS}
    wins = {k: 0.0 for k in kinds}
    seats_played = {k: 0 for k in kinds}
    margins = {k: [] for k in kinds}
    ahead = {}                  # (kind, other kind) -> [times ahead (a tie counts half), pairings]
    cut = 0
    with _progress(total=args.games, desc=f"{args.game} {'/'.join(kinds)}") as bar:
        for g in range(args.games):
            seed = args.seed + g
            match = engines.new_match(args.game, players, seed=seed, options=options)
            by_seat = {s: kinds[(s + g) % len(kinds)] for s in range(players)}
            bots = {s: make_bot(k, seed=seed * 31 + s, **settings.get(k, {})) for s, k in by_seat.items()}
            if not play_out(match, bots, max_moves=match.bounds.max_moves):
                cut += 1               # scored as it stands, as the adapters do
            returns = match.returns() if match.is_over else [
                1 / len(match.winners()) if s in match.winners() else 0.0 for s in range(players)]
            totals = {s: v["total"] for s, v in match.scores().items()}
            for s, kind in by_seat.items():
                wins[kind] += returns[s]
                seats_played[kind] += 1
                margins[kind].append(totals[s] - max(t for o, t in totals.items() if o != s))
                for o, other in by_seat.items():
                    if other != kind:
                        tally = ahead.setdefault((kind, other), [0.0, 0])
                        tally[0] += 1.0 if totals[s] > totals[o] else 0.5 if totals[s] == totals[o] else 0.0
                        tally[1] += 1
            bar.update(1)
    given = "".join(f", {key} {value}" for key, value in search.items() if key != "budget_ms")
    searching = " and ".join(k for k in SEARCH_BOTS if k in kinds)
    print(f"{args.game}, {players} players, {args.games} games, bots {', '.join(kinds)}"
          + (f" ({searching} {args.budget_ms} ms a move{given})" if searching else ""))
    if cut:
        print(f"  {cut} games reached the declared most moves ({match.bounds.max_moves}) and were scored as they stood")
    for kind in dict.fromkeys(kinds):      # a kind in several seats: one line, all its seats
        n = seats_played[kind]
        low, high = _wilson(wins[kind], n)
        mean = sum(margins[kind]) / max(len(margins[kind]), 1)
        print(f"  {kind:8s} win rate {wins[kind] / n:6.1%}  (95% interval {low:.1%} - {high:.1%}, "
              f"{n} seats)  mean margin over the best other player {mean:+.1f}")
    if players > 2:             # with more players, also each bot against each other one, pair by pair
        for (kind, other), (times, n) in ahead.items():
            low, high = _wilson(times, n)
            print(f"  {kind:8s} ahead of {other} in {times / n:6.1%} of pairings (95% interval {low:.1%} - "
                  f"{high:.1%}, {n} pairings; a tie in points counts half)")
    return 0


def _wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (ties counted as shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _options(pairs):
    options = {}
    for pair in pairs or []:
        key, _, value = pair.partition("=")
        options[key] = value
    return options


SEARCH_BOTS = ("mcts", "openspiel-mcts")     # the kernel's search, and OpenSpiel's (the peer it is measured against)


def _register_openspiel_search() -> None:
    """OpenSpiel's search as a bot kind, for tournaments against the kernel's own (needs `.[rl]`)."""
    try:
        from engines.adapters.mcts import MCTSBot
    except ImportError:
        raise SystemExit("the openspiel-mcts bot needs OpenSpiel: pip install -e '.[rl]'") from None
    register_bot("openspiel-mcts", MCTSBot)


def _search_settings(pairs) -> dict:
    """`--mcts KEY=VALUE` pairs as the search bot's settings, numbers read as numbers; a setting the bot
    does not take is refused before any game is played."""
    settings = {}
    for key, value in _options(pairs).items():
        for kind in (int, float):
            try:
                value = kind(value)
                break
            except ValueError:
                pass
        settings[key] = value
    if settings:
        import inspect
        from engines.core.search import SearchBot
        known = set(inspect.signature(SearchBot).parameters) - {"seed", "budget_ms"}
        unknown = sorted(set(settings) - known)
        if unknown:
            raise ValueError(f"--mcts: the search bot has no setting {', '.join(unknown)} "
                             f"(it has: {', '.join(sorted(known))})")
    return settings


def fingerprint(args) -> int:
    from .tooling.fingerprint import fingerprint as digest
    out = open(args.out, "w", encoding="utf-8") if args.out else None
    try:
        digests = digest(args.game, args.games, out)
    finally:
        if out is not None:
            out.close()
    for players, value in digests.items():
        print(f"{args.game} {players} players: {value}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="bots play a whole game and the narrated log is printed")
    p.add_argument("game", choices=sorted(engines.GAMES))
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lang", choices=LANGS, default="en")
    p.add_argument("--bots", help=f"comma-separated bot kinds by seat ({', '.join(available_bots())}); default random")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a match option, e.g. side=B")
    p.set_defaults(run=play)
    b = sub.add_parser("bench", help="time full random games")
    b.add_argument("game", choices=sorted(engines.GAMES))
    b.add_argument("--players", type=int, default=None)
    b.add_argument("--games", type=int, default=50, help="this many games (default 50, in 5 rounds)")
    b.add_argument("--option", action="append", metavar="KEY=VALUE")
    b.add_argument("--via", choices=("openspiel", "pettingzoo"),
                   help="also play the games through this adapter and compare (needs the .[rl] extra)")
    b.add_argument("--instructions", action="store_true",
                   help="also count CPU instructions under valgrind: slow, but steady to about 1%%")
    b.set_defaults(run=bench)
    c = sub.add_parser("coverage", help="write docs/coverage/GAME.md: rules, their tests and lesson steps")
    c.add_argument("game", choices=[*sorted(engines.GAMES), "all"])
    c.set_defaults(run=coverage)
    f = sub.add_parser("fingerprint", help="digest of every offered action and refusal over seeded random games")
    f.add_argument("game", choices=sorted(engines.GAMES))
    f.add_argument("--games", type=int, default=2, help="seeded random games per player count (default 2)")
    f.add_argument("--out", help="also write every line to this file (to diff two runs)")
    f.set_defaults(run=fingerprint)
    t = sub.add_parser("tournament", help="bots play each other: win rates with 95%% intervals")
    t.add_argument("game", choices=sorted(engines.GAMES))
    t.add_argument("--bots", default="greedy,random", help="comma-separated bot kinds (random, greedy, mcts; openspiel-mcts with .[rl])")
    t.add_argument("--games", type=int, default=20)
    t.add_argument("--players", type=int, default=None, help="default: the game's smallest count")
    t.add_argument("--budget-ms", type=int, default=500, help="the mcts bot's thinking time per move")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--option", action="append", metavar="KEY=VALUE")
    t.add_argument("--mcts", action="append", metavar="KEY=VALUE",
                   help="a search setting over the game's own, e.g. uct_c=0.7 (see engines/adapters/mcts.py)")
    t.set_defaults(run=tournament)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except ValueError as exc:       # bad players or options: one clear line, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
