"""Engine-against-engine matches, headless.

    python -m game.ai.match GAME --black LEVEL --white LEVEL --games N
                            [--alternate] [--seed S] [--json] [--max-plies P]
                            [--size N] [--open] [--pie] [--quiet] [--records]

Without ``--alternate`` the levels keep their colours in every game. With it,
they exchange colours from one game to the next (game 1 as given), and the
report also gives the wins of each level. Levels: random, easy, medium, hard,
uct. Budgets are the levels' own time budgets (this command reads the clock).

Onager has no move limit, so a game reaching ``--max-plies`` (default 400 for
Onager, none for the others) is stopped and counted as a draw; the report
says how many were capped. With the Onyx pie rule, a ``swap`` exchanges the
players' colours and the report follows the players.

Prints wins, losses, draws, the average game length and the average time per
move of each level; ``--json`` prints one JSON object instead:
``{"games", "black", "white", "black_wins", "white_wins", "draws", "avg_plies",
"avg_move_s": {LEVEL: s}, "avg_iterations": {LEVEL: n}, "capped", "reasons",
"wins": {LEVEL: n}}`` (wins per level whenever the levels differ).
Progress goes to stderr, one line per game (unless --quiet).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field

from ..rules import GAME_NAMES, make_game
from ..rules.base import Color, RulesError
from .levels import LEVEL_NAMES, choose_move

DEFAULT_CAP = {"onager": 400}


@dataclass
class GameRecord:
    winner_level: str | None
    winner_color: Color | None
    reason: str
    plies: int
    moves: list[str] = field(default_factory=list)


@dataclass
class Tally:
    times: dict[str, list[float]] = field(default_factory=dict)
    iterations: dict[str, list[int]] = field(default_factory=dict)

    def add(self, lvl: str, seconds: float, iterations: int | None = None) -> None:
        self.times.setdefault(lvl, []).append(seconds)
        if iterations:
            self.iterations.setdefault(lvl, []).append(iterations)


def play_game(game_name: str, options: dict, black: str, white: str, rng: random.Random,
              tally: Tally, max_plies: int | None = None) -> GameRecord:
    """Play one game between two levels; returns who won (by level and by colour)."""
    game = make_game(game_name, **options)
    players = {Color.BLACK: black, Color.WHITE: white}
    moves: list[str] = []
    clock = time.perf_counter
    swap = getattr(game, "SWAP", None)
    while game.result is None:
        if max_plies is not None and game.ply >= max_plies:
            return GameRecord(None, None, "ply-cap", game.ply, moves)
        lvl = players[game.to_move]
        t0 = clock()
        info: dict = {}
        move = choose_move(game, lvl, rng, clock=clock, info=info)
        tally.add(lvl, clock() - t0, info.get("iterations"))
        moves.append(game.move_str(move))
        game.play(move)
        if swap is not None and move == swap:
            players = {Color.BLACK: players[Color.WHITE], Color.WHITE: players[Color.BLACK]}
    res = game.result
    if res.winner is None:
        return GameRecord(None, None, res.reason, game.ply, moves)
    return GameRecord(players[res.winner], res.winner, res.reason, game.ply, moves)


def run_match(game_name: str, black: str, white: str, games: int, seed: int | None = None,
              alternate: bool = False, options: dict | None = None, max_plies: int | None = None,
              progress=None, keep_records: bool = False) -> dict:
    options = dict(options or {})
    if max_plies is None:
        max_plies = DEFAULT_CAP.get(game_name)
    base_seed = seed if seed is not None else random.randrange(1 << 30)
    tally = Tally()
    out = {"game": game_name, "options": options, "games": games, "black": black, "white": white,
           "alternate": alternate, "seed": base_seed, "black_wins": 0, "white_wins": 0, "draws": 0,
           "capped": 0, "max_plies": max_plies}
    wins: dict[str, int] = {black: 0, white: 0}
    records: list[dict] = []
    plies: list[int] = []
    reasons: dict[str, int] = {}
    for i in range(games):
        b, w = (white, black) if alternate and i % 2 else (black, white)
        rng = random.Random(base_seed * 1000003 + i)
        rec = play_game(game_name, options, b, w, rng, tally, max_plies)
        plies.append(rec.plies)
        records.append({"black": b, "white": w, "winner": rec.winner_level, "reason": rec.reason,
                        "moves": rec.moves})
        reasons[rec.reason] = reasons.get(rec.reason, 0) + 1
        if rec.reason == "ply-cap":
            out["capped"] += 1
        if rec.winner_color is None:
            out["draws"] += 1
        elif rec.winner_color == Color.BLACK:
            out["black_wins"] += 1
        else:
            out["white_wins"] += 1
        if rec.winner_level is not None and black != white:
            wins[rec.winner_level] += 1
        if progress is not None:
            who = "draw" if rec.winner_color is None else \
                f"{rec.winner_color.word} ({rec.winner_level}) wins"
            progress(f"game {i + 1}/{games}: black {b}, white {w}: {who}, {rec.reason}, "
                     f"{rec.plies} plies; so far {black} {wins.get(black, 0)} - {white} "
                     f"{wins.get(white, 0)}, draws {out['draws']}")
    out["avg_plies"] = round(sum(plies) / len(plies), 1) if plies else 0.0
    out["avg_move_s"] = {lvl: round(sum(t) / len(t), 3) for lvl, t in tally.times.items() if t}
    out["avg_iterations"] = {lvl: round(sum(t) / len(t)) for lvl, t in tally.iterations.items() if t}
    out["reasons"] = reasons
    if alternate or black != white:
        out["wins"] = wins
    if keep_records:
        out["records"] = records
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.ai.match",
                                 description="Play engine games headless and report the score.")
    ap.add_argument("game", choices=GAME_NAMES)
    ap.add_argument("--black", required=True, choices=LEVEL_NAMES)
    ap.add_argument("--white", required=True, choices=LEVEL_NAMES)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--alternate", action="store_true",
                    help="exchange the levels' colours from one game to the next")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--max-plies", type=int, default=None,
                    help="stop a game after this many plies and count it as a draw "
                         "(default: 400 for onager, none otherwise)")
    ap.add_argument("--size", type=int, default=None, help="onyx: board size 12, 16 or 20")
    ap.add_argument("--open", action="store_true", help="onyx: open start")
    ap.add_argument("--pie", action="store_true", help="onyx: pie rule")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ap.add_argument("--records", action="store_true",
                    help="with --json: include every game's moves")
    args = ap.parse_args(argv)
    options: dict = {}
    if args.game == "onyx":
        if args.size is not None:
            options["size"] = args.size
        if args.open:
            options["open"] = True
        if args.pie:
            options["pie"] = True
    elif args.size is not None or args.open or args.pie:
        print("error: --size, --open and --pie are for onyx only", file=sys.stderr)
        return 2
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        make_game(args.game, **options)
    except (ValueError, RulesError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    out = run_match(args.game, args.black, args.white, args.games, args.seed, args.alternate,
                    options, args.max_plies, None if args.quiet else progress, args.records)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{args.game}: {out['games']} games, black {args.black}, white {args.white}"
          f"{' (colours alternate)' if args.alternate else ''}, seed {out['seed']}")
    print(f"black wins {out['black_wins']}, white wins {out['white_wins']}, draws {out['draws']}"
          f" (capped at {out['max_plies']} plies: {out['capped']})")
    if "wins" in out:
        print("wins by level: " + ", ".join(f"{k} {v}" for k, v in out["wins"].items()))
    print(f"average length {out['avg_plies']} plies; average time per move: "
          + ", ".join(f"{k} {v:.3f} s" for k, v in out["avg_move_s"].items()))
    if out["avg_iterations"]:
        print("average search iterations per move: "
              + ", ".join(f"{k} {v}" for k, v in out["avg_iterations"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
