"""Benchmarks: python -m game.bench rules|ui|idle|soak|strength|start|levels [--json] [--runs N]
[--seconds S] [--game G] [--rounds N | --minutes M] [--holders] [--against DIR] [--again].

``--seconds`` is for ``rules``; ``--game`` for ``rules`` and ``levels``; ``--runs`` for ``rules``,
``idle``, ``start`` and ``levels``; ``levels`` times a move at each level's ladder budget and
compares it with the level's think time (``game.bench_levels``);
``--rounds``, ``--minutes`` and ``--holders`` for ``soak`` (memory over a long session);
``start`` times whole starts to a board's first frame (``game.bench_start``; ``--against DIR``:
another checkout in the same run, and the ratio; ``--again``: starts after a first one, in a home
the first start left its files in);
``strength`` plays the engine's strength matches (``game.bench_strength``: minutes of games on
iteration budgets, status 1 when a game does not end as expected). A bad
option: one line on stderr, exit status 2; SIGINT or SIGTERM: one line, status 130 or 143.

Speed is measured here, never by a timed test. Each figure is the median of
several runs, through the same calls the computer opponent makes.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Callable

from .cli import OneLineParser, exit_status, interrupt, on_stop_signals, positive, whole
from .rules import GAME_NAMES, make_game
from .rules.base import Game

PLAYOUT_CAP = 1000  # plies; a tool's cap, not a rule (Onager has no move limit)
MAX_RUNS = 100
MAX_IDLE_RUNS = 10    # each idle run is two fresh processes of about 13 s
MAX_START_RUNS = 50   # each start run is one or two fresh processes of under a second
MAX_SECONDS = 600.0
MAX_SOAK_ROUNDS = 200
MAX_SOAK_MINUTES = 240.0


def _rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second, running work() repeatedly for about ``seconds``."""
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        done += work()
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def sample_positions(name: str, count: int, seed: int) -> list[Game]:
    """Positions met in random games, for move generation timing."""
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        g = make_game(name)
        plies = rng.randrange(0, 60)
        for _ in range(plies):
            if g.result is not None:
                break
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
        if g.result is None:
            out.append(g)
    return out


def bench_rules(name: str, runs: int, seconds: float) -> dict[str, float]:
    start = make_game(name)
    rng = random.Random(12345)
    lengths: list[int] = []

    def one_playout() -> int:
        g = start.copy()
        g.random_playout(rng, PLAYOUT_CAP)
        lengths.append(g.ply)
        return 1

    positions = sample_positions(name, 50, 99)

    def movegen() -> int:
        for g in positions:
            g.legal_moves()
        return len(positions)

    playouts = [_rate(one_playout, seconds) for _ in range(runs)]
    gens = [_rate(movegen, seconds) for _ in range(runs)]
    return {
        "playouts_per_s": round(statistics.median(playouts), 1),
        "movegen_per_s": round(statistics.median(gens), 1),
        "avg_playout_plies": round(sum(lengths) / max(1, len(lengths)), 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="python -m game.bench", description=__doc__)
    ap.add_argument("what", choices=["rules", "ui", "idle", "soak", "strength", "start", "levels"], help="what to measure")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--runs", type=whole(1, MAX_RUNS), default=None,
                    help=f"runs per figure, the median is reported (rules: default 5, up to {MAX_RUNS}; "
                         f"idle: default 3, up to {MAX_IDLE_RUNS}; start: default 5, up to {MAX_START_RUNS}; "
                         f"levels: searches of each position, default 2)")
    ap.add_argument("--seconds", type=positive(MAX_SECONDS), default=None,
                    help=f"rules: length of one run (default 1, at most {MAX_SECONDS:g})")
    ap.add_argument("--game", choices=GAME_NAMES, action="append", help="rules, levels: limit to a game")
    ap.add_argument("--rounds", type=whole(1, MAX_SOAK_ROUNDS), default=None,
                    help=f"soak: rounds of play (default 4, up to {MAX_SOAK_ROUNDS})")
    ap.add_argument("--minutes", type=positive(MAX_SOAK_MINUTES), default=None,
                    help=f"soak: play rounds for this long instead (at least two rounds; at most {MAX_SOAK_MINUTES:g})")
    ap.add_argument("--holders", action="store_true", default=None,
                    help="soak: also what holds the memory (surfaces, caches, tracemalloc; slower)")
    ap.add_argument("--against", metavar="DIR", default=None,
                    help="start: also time the checkout in DIR (e.g. a git worktree of an earlier commit), in turn")
    ap.add_argument("--again", action="store_true", default=None,
                    help="start: every start of a program in one home (the warm-up's files kept: caches, "
                         "settings), not a fresh one each")
    args = ap.parse_args(argv)
    unused = [name for name, value, used_by in (("--runs", args.runs, ("rules", "idle", "start", "levels")),
                                                ("--again", args.again, ("start",)),
                                                ("--seconds", args.seconds, ("rules",)),
                                                ("--game", args.game, ("rules", "levels")),
                                                ("--rounds", args.rounds, ("soak",)),
                                                ("--minutes", args.minutes, ("soak",)),
                                                ("--holders", args.holders, ("soak",)),
                                                ("--against", args.against, ("start",)))
              if value is not None and args.what not in used_by]
    if unused:
        ap.error(f"{' and '.join(unused)} {'do' if len(unused) > 1 else 'does'} not apply to {args.what}")
    if args.rounds is not None and args.minutes is not None:
        ap.error("--rounds and --minutes cannot be used together: give one")
    if args.what == "idle" and args.runs is not None and args.runs > MAX_IDLE_RUNS:
        ap.error(f"--runs must be a whole number from 1 to {MAX_IDLE_RUNS} for idle, not {args.runs}")
    if args.what == "start" and args.runs is not None and args.runs > MAX_START_RUNS:
        ap.error(f"--runs must be a whole number from 1 to {MAX_START_RUNS} for start, not {args.runs}")
    try:
        with on_stop_signals(interrupt):
            return _run(args)
    except KeyboardInterrupt as e:
        print(f"{ap.prog}: error: interrupted, no report", file=sys.stderr)
        return exit_status(e)


def _run(args: argparse.Namespace) -> int:
    if args.what == "ui":
        from . import bench_ui
        return bench_ui.run(json_out=args.json)
    if args.what == "soak":
        from . import bench_soak
        return bench_soak.run(json_out=args.json, rounds=args.rounds, minutes=args.minutes,
                              holders=bool(args.holders))
    if args.what == "strength":
        from . import bench_strength
        return bench_strength.run(json_out=args.json)
    if args.what == "start":
        from . import bench_start
        return bench_start.run(json_out=args.json, runs=args.runs or bench_start.RUNS, against=args.against,
                               again=bool(args.again))
    if args.what == "levels":
        from . import bench_levels
        return bench_levels.run(
            lambda name: sample_positions(name, bench_levels.POSITIONS, bench_levels.POSITION_SEED),
            json_out=args.json, runs=args.runs or bench_levels.RUNS, games=args.game)
    if args.what == "idle":
        from . import bench_idle
        return bench_idle.run(json_out=args.json, runs=args.runs or bench_idle.RUNS)
    runs = args.runs or 5
    seconds = args.seconds or 1.0
    out = {}
    for name in args.game or GAME_NAMES:
        out[name] = bench_rules(name, runs, seconds)
        if not args.json:
            r = out[name]
            print(f"{name:7s} playouts/s {r['playouts_per_s']:>9.1f}   movegen/s {r['movegen_per_s']:>10.1f}"
                  f"   (avg playout {r['avg_playout_plies']} plies)", flush=True)
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    from .cli import run_command     # a closed pipe (| head) ends quietly
    sys.exit(run_command(main))
