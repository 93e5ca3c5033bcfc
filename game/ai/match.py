"""Engine-against-engine matches, headless.

    python -m game.ai.match GAME --black LEVEL --white LEVEL [--games N]
                            [--alternate] [--seed S] [--json] [--max-plies P]
                            [--size N] [--open] [--pie] [--quiet] [--records]

``--games`` defaults to 10.

Without ``--alternate`` the levels keep their colours in every game. With it,
they exchange colours from one game to the next (game 1 as given). Levels:
random, easy, medium, hard, uct (any case). Budgets are the levels' own time
budgets (this command reads the clock).

The two players are named by their levels, or, when both have the same level,
``"LEVEL (black)"`` for the player given by ``--black`` and ``"LEVEL (white)"``
for the one given by ``--white`` (whatever colour they play in a later game).

Onager has no move limit, so a game reaching ``--max-plies`` (default 400 for
Onager, none for the others) is stopped and counted as a draw; the report
says how many of the draws were capped. With the Onyx pie rule, a ``swap``
exchanges the players' colours and the report follows the players.

Prints wins, losses, draws, the average game length and the average time per
move of each level; ``--json`` prints one JSON object instead:
``{"games", "black", "white", "black_wins", "white_wins", "draws", "avg_plies",
"avg_move_s": {LEVEL: s}, "avg_iterations": {LEVEL: n}, "capped", "reasons",
"wins": {PLAYER: n}}``. ``black_wins`` and ``white_wins`` count by the colour
that won, ``wins`` by player; ``black_wins + white_wins + draws == games`` and
the ``wins`` add up to ``black_wins + white_wins`` (``capped`` games are among
the draws). ``--records`` (with ``--json``) adds every game's moves and winner.
Progress goes to stderr, one line per game (unless --quiet). A bad argument:
exit status 2 and one line on stderr, nothing on stdout.
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
    winner_start: Color | None = None     # the colour the winner had at the start of the game


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
    starts = {Color.BLACK: Color.BLACK, Color.WHITE: Color.WHITE}   # who plays what, by seat
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
            starts = {Color.BLACK: starts[Color.WHITE], Color.WHITE: starts[Color.BLACK]}
    res = game.result
    if res.winner is None:
        return GameRecord(None, None, res.reason, game.ply, moves)
    return GameRecord(players[res.winner], res.winner, res.reason, game.ply, moves,
                      starts[res.winner])


def player_names(black: str, white: str) -> tuple[str, str]:
    """How the report names the players given by --black and --white: their levels, told
    apart by the option when both have the same level."""
    if black != white:
        return black, white
    return f"{black} (black)", f"{white} (white)"


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
    first, second = player_names(black, white)      # the players given by --black, --white
    wins: dict[str, int] = {first: 0, second: 0}
    records: list[dict] = []
    plies: list[int] = []
    reasons: dict[str, int] = {}
    for i in range(games):
        flipped = alternate and i % 2 == 1           # the --black player starts as White
        b, w = (white, black) if flipped else (black, white)
        rng = random.Random(base_seed * 1000003 + i)
        rec = play_game(game_name, options, b, w, rng, tally, max_plies)
        plies.append(rec.plies)
        winner = None
        if rec.winner_start is not None:
            winner = first if (rec.winner_start == Color.BLACK) != flipped else second
            wins[winner] += 1
        records.append({"black": b, "white": w, "winner": rec.winner_level,
                        "winner_player": winner,
                        "winner_color": rec.winner_color.word if rec.winner_color is not None
                        else None,
                        "reason": rec.reason, "moves": rec.moves})
        reasons[rec.reason] = reasons.get(rec.reason, 0) + 1
        if rec.reason == "ply-cap":
            out["capped"] += 1
        if rec.winner_color is None:
            out["draws"] += 1
        elif rec.winner_color == Color.BLACK:
            out["black_wins"] += 1
        else:
            out["white_wins"] += 1
        if progress is not None:
            who = "draw" if rec.winner_color is None else \
                f"{winner} wins as {rec.winner_color.word}"
            progress(f"game {i + 1}/{games}: black {b}, white {w}: {who}, {rec.reason}, "
                     f"{rec.plies} plies; so far {first} {wins[first]} - {second} "
                     f"{wins[second]}, draws {out['draws']}")
    out["avg_plies"] = round(sum(plies) / len(plies), 1) if plies else 0.0
    out["avg_move_s"] = {lvl: round(sum(t) / len(t), 3) for lvl, t in tally.times.items() if t}
    out["avg_iterations"] = {lvl: round(sum(t) / len(t)) for lvl, t in tally.iterations.items() if t}
    out["reasons"] = reasons
    out["wins"] = wins
    if keep_records:
        out["records"] = records
    return out


USAGE_LINE = ("usage: python -m game.ai.match GAME --black LEVEL --white LEVEL [--games N] "
              "[--alternate] [--seed S] [--json] [OPTIONS]; --help for more")


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (as in the other commands)."""

    def error(self, message: str):
        raise UsageError(message)


def main(argv: list[str] | None = None) -> int:
    ap = _Parser(prog="python -m game.ai.match",
                 description="Play engine games headless and report the score.")
    ap.add_argument("game", type=str.lower, choices=GAME_NAMES)
    ap.add_argument("--black", required=True, type=str.lower, choices=LEVEL_NAMES)
    ap.add_argument("--white", required=True, type=str.lower, choices=LEVEL_NAMES)
    ap.add_argument("--games", type=int, default=10, help="number of games (default 10)")
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
    try:
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
            raise UsageError("--size, --open and --pie are for onyx only")
        if args.games < 1:
            raise UsageError("--games must be at least 1")
        if args.max_plies is not None and args.max_plies < 1:
            raise UsageError("--max-plies must be at least 1")
        if args.records and not args.json:
            raise UsageError("--records needs --json")
        try:
            make_game(args.game, **options)
        except (ValueError, RulesError) as e:
            raise UsageError(str(e)) from None
    except UsageError as e:
        print(f"error: {e} ({USAGE_LINE})", file=sys.stderr)
        return 2

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    try:
        out = run_match(args.game, args.black, args.white, args.games, args.seed, args.alternate,
                        options, args.max_plies, None if args.quiet else progress, args.records)
    except KeyboardInterrupt:
        print("error: interrupted, no report", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{args.game}: {out['games']} game{'s' if out['games'] != 1 else ''}, "
          f"black {args.black}, white {args.white}"
          f"{' (colours alternate)' if args.alternate else ''}, seed {out['seed']}")
    cap = "" if out["max_plies"] is None else \
        f" (capped at {out['max_plies']} plies: {out['capped']})"
    print(f"black wins {out['black_wins']}, white wins {out['white_wins']}, draws {out['draws']}"
          + cap)
    by = "level" if args.black != args.white else "player"
    print(f"wins by {by}: " + ", ".join(f"{k} {v}" for k, v in out["wins"].items()))
    print(f"average length {out['avg_plies']} plies; average time per move: "
          + ", ".join(f"{k} {v:.3f} s" for k, v in out["avg_move_s"].items()))
    if out["avg_iterations"]:
        print("average search iterations per move: "
              + ", ".join(f"{k} {v}" for k, v in out["avg_iterations"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
