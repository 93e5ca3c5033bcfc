"""Engine-against-engine matches, headless.

    python -m game.ai.match GAME --black LEVEL --white LEVEL [--games N]
                            [--alternate] [--seed S] [--json] [--max-plies P]
                            [--size N] [--open] [--pie] [--quiet] [--records]
                            [--black-from PATH] [--white-from PATH]
                            [--seconds S] [--black-seconds S] [--white-seconds S]
                            [--iterations N] [--no-reuse]

``--games`` defaults to 10.

Without ``--alternate`` the levels keep their colours in every game. With it,
they exchange colours from one game to the next (game 1 as given). Levels:
1 to 8 (``levels.LADDER``) or random, easy (2), medium (5), hard (8), uct (any
case; a number is reported by the level's name, 3 as "3", 2 as "easy"); for Onyx also the scripted players
of ``game.ai.runners``: line, line-b, line-far (a straight run along the side
of the board) and runner (a greedy shortest-path runner). Budgets are the
levels' own time budgets (this command reads the clock); ``--seconds`` gives
both sides another time per move, ``--black-seconds`` / ``--white-seconds``
one side (e.g. Hard with a quarter of its time); ``--iterations`` gives both
sides a fixed number of iterations instead (no clock: the same on any machine).
This checkout's Medium and Hard keep their search tree from one move to the
next (one tree per player); ``--no-reuse`` turns that off.

Another checkout's engine: ``--white-from PATH`` (or ``--black-from PATH``)
plays that side with the engine of the checkout at PATH, e.g. a baseline made
with ``git worktree add /tmp/baseline 9fe1a8a``. No code crosses
checkouts: each of its moves is one run of that checkout's
``python -m game.ai.bestmove GAME --level LEVEL --seed S [OPTIONS] MOVE ...``
(PYTHONPATH and the working folder set to PATH), which prints one move; a
small wrapper run in that process sets the level's time per move when
``--seconds`` (or the side's option) is given, or its iterations with
``--iterations``. Its time per move in the report is the whole run (start-up
included); its thinking time is the budget, like this side's.

The two players are named by their levels (a player from another checkout as
``LEVEL@NAME``, NAME the folder's name), or, when both have the same name,
``"NAME (black)"`` for the player given by ``--black`` and ``"NAME (white)"``
for the one given by ``--white`` (whatever colour they play in a later game).

Onager has no move limit, so a game reaching ``--max-plies`` (default 400 for
Onager and Onyx, whose captures can repeat positions for ever, none for
Amoeba) is stopped and counted as a draw; the report says how many of the
draws were capped. With the Onyx pie rule, a ``swap`` exchanges the players'
colours and the report follows the players.

Prints wins, losses, draws, the average game length and the average time per
move of each level; ``--json`` prints one JSON object instead:
``{"games", "black", "white", "black_wins", "white_wins", "draws", "avg_plies",
"avg_move_s": {LEVEL: s}, "max_move_s": {LEVEL: s}, "avg_iterations": {LEVEL: n},
"capped", "reasons",
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
import math
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any, NoReturn
from pathlib import Path

from ..rules import GAME_NAMES, make_game
from ..rules.base import Color, Game, Move, RulesError
from .levels import ALL_LEVELS, LEVEL_NAMES, choose_move, get_level, level_name
from .mcts import SearchTree
from .runners import RUNNER_NAMES, runner_move

DEFAULT_CAP = {"onager": 400, "onyx": 400}
PLAYER_NAMES = LEVEL_NAMES + RUNNER_NAMES
CHOICES = ALL_LEVELS + RUNNER_NAMES      # what --black / --white accept (levels 1..8 too)


def player_name(text: str) -> str:
    """A player from the command line: a level by name or number (its canonical name,
    "2" -> "easy") or a scripted runner; ValueError otherwise."""
    key = str(text).strip().lower()
    if key in RUNNER_NAMES:
        return key
    return level_name(key)

# Run in the other checkout's own process (``python -c``): set the level's budget from
# the environment, then its ``bestmove`` prints the move. Only that checkout's code runs.
REMOTE_PROGRAM = """
import os, sys
from dataclasses import replace
from game.ai import levels
secs = os.environ.get("TRIO_MOVE_SECONDS")
its = os.environ.get("TRIO_MOVE_ITERATIONS")
if secs or its:
    for name, lv in list(levels._BASE.items()):
        if lv.params is None:
            continue
        if its:
            p = replace(lv.params, seconds=None, iterations=int(its), fallback_iterations=int(its))
        else:
            p = replace(lv.params, seconds=float(secs))
        levels._BASE[name] = replace(lv, params=p)
from game.ai import bestmove
sys.exit(bestmove.main(sys.argv[1:]))
"""


class RemoteError(RuntimeError):
    """The other checkout's engine did not give a move."""


@dataclass
class Player:
    """One side of a match: a level (or scripted player), where its engine comes from,
    and its budget."""

    level: str
    source: str | None = None          # another checkout: its engine plays (a subprocess)
    seconds: float | None = None       # time per move instead of the level's
    iterations: int | None = None      # fixed iterations per move (no clock)
    reuse: bool = True                 # keep the search tree between moves (this checkout)
    tag: str = ""                      # added to the name (e.g. a side's own budget)
    tree: SearchTree | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        name = self.level
        if self.source:
            name = f"{name}@{Path(self.source).resolve().name}"
        return name + self.tag

    def new_game(self, game_name: str) -> None:
        keeps = (self.reuse and self.source is None and self.level in ALL_LEVELS
                 and get_level(self.level, game_name).keeps_tree)
        self.tree = SearchTree() if keeps else None

    def move(self, game: Game, rng: random.Random, clock, info: dict) -> Move:
        if self.level in RUNNER_NAMES:
            return runner_move(game, self.level, rng)
        if self.source is not None:
            return self._remote_move(game, rng)
        kwargs: dict = {"clock": clock, "info": info}
        if self.iterations is not None:
            kwargs["iterations"] = self.iterations
        elif self.seconds is not None:
            kwargs["seconds"] = self.seconds
        if self.tree is not None:
            kwargs["tree"] = self.tree
        return choose_move(game, self.level, rng, **kwargs)

    def _remote_move(self, game: Game, rng: random.Random) -> Move:
        src = str(Path(self.source).resolve())   # type: ignore[arg-type]
        args = [sys.executable, "-c", REMOTE_PROGRAM, game.name, "--level", self.level,
                "--seed", str(int(rng.random() * (1 << 30)))]
        opts = game.options()
        if game.name == "onyx":
            args += ["--size", str(opts.get("size", 12))]
            if opts.get("open"):
                args.append("--open")
            if opts.get("pie"):
                args.append("--pie")
        args += [game.move_str(m) for m in game.moves_played()]
        env = dict(os.environ)
        env["PYTHONPATH"] = src
        env.pop("TRIO_MOVE_SECONDS", None)
        env.pop("TRIO_MOVE_ITERATIONS", None)
        if self.iterations is not None:
            env["TRIO_MOVE_ITERATIONS"] = str(self.iterations)
        elif self.seconds is not None:
            env["TRIO_MOVE_SECONDS"] = str(self.seconds)
        proc = subprocess.run(args, cwd=src, env=env, capture_output=True, text=True,
                              timeout=600)
        text = proc.stdout.strip()
        if proc.returncode != 0 or not text:
            last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            raise RemoteError(f"the engine at {src} gave no move: {last}")
        try:
            return game.parse_move(text)
        except RulesError as e:
            raise RemoteError(f"the engine at {src} played {text!r}: {e}") from None


def as_player(p: "Player | str") -> Player:
    return p if isinstance(p, Player) else Player(p)


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


def play_game(game_name: str, options: dict, black: "Player | str", white: "Player | str",
              rng: random.Random, tally: Tally, max_plies: int | None = None) -> GameRecord:
    """Play one game between two players; returns who won (by name and by colour)."""
    game = make_game(game_name, **options)
    black, white = as_player(black), as_player(white)
    black.new_game(game_name)
    white.new_game(game_name)
    players = {Color.BLACK: black, Color.WHITE: white}
    starts = {Color.BLACK: Color.BLACK, Color.WHITE: Color.WHITE}   # who plays what, by seat
    moves: list[str] = []
    clock = time.perf_counter
    swap = game.SWAP
    while game.result is None:
        if max_plies is not None and game.ply >= max_plies:
            return GameRecord(None, None, "ply-cap", game.ply, moves)
        player = players[game.to_move]
        t0 = clock()
        info: dict = {}
        move = player.move(game, rng, clock, info)
        tally.add(player.name, clock() - t0, info.get("iterations"))
        moves.append(game.move_str(move))
        game.play(move)
        if swap is not None and move == swap:
            players = {Color.BLACK: players[Color.WHITE], Color.WHITE: players[Color.BLACK]}
            starts = {Color.BLACK: starts[Color.WHITE], Color.WHITE: starts[Color.BLACK]}
    res = game.result
    if res.winner is None:
        return GameRecord(None, None, res.reason, game.ply, moves)
    return GameRecord(players[res.winner].name, res.winner, res.reason, game.ply, moves,
                      starts[res.winner])


def player_names(black: str, white: str) -> tuple[str, str]:
    """How the report names the players given by --black and --white: their levels, told
    apart by the option when both have the same level."""
    if black != white:
        return black, white
    return f"{black} (black)", f"{white} (white)"


def run_match(game_name: str, black: "Player | str", white: "Player | str", games: int,
              seed: int | None = None, alternate: bool = False, options: dict | None = None,
              max_plies: int | None = None, progress=None, keep_records: bool = False) -> dict:
    """Play ``games`` games between two players (levels, or ``Player``s with a source
    checkout or a budget of their own) and tally them (see the module docstring)."""
    options = dict(options or {})
    if max_plies is None:
        max_plies = DEFAULT_CAP.get(game_name)
    base_seed = seed if seed is not None else random.randrange(1 << 30)
    tally = Tally()
    black_p, white_p = as_player(black), as_player(white)
    out: dict[str, Any] = {"game": game_name, "options": options, "games": games,
                           "black": black_p.name, "white": white_p.name, "alternate": alternate,
                           "seed": base_seed, "black_wins": 0, "white_wins": 0, "draws": 0,
                           "capped": 0, "max_plies": max_plies}
    for side, pl in (("black_budget", black_p), ("white_budget", white_p)):
        out[side] = {"level": pl.level, "source": pl.source, "seconds": pl.seconds,
                     "iterations": pl.iterations, "reuse": pl.reuse}
    black, white = black_p.name, white_p.name
    first, second = player_names(black, white)      # the players given by --black, --white
    wins: dict[str, int] = {first: 0, second: 0}
    records: list[dict] = []
    plies: list[int] = []
    reasons: dict[str, int] = {}
    for i in range(games):
        flipped = alternate and i % 2 == 1           # the --black player starts as White
        b, w = (white, black) if flipped else (black, white)
        bp, wp = (white_p, black_p) if flipped else (black_p, white_p)
        rng = random.Random(base_seed * 1000003 + i)
        rec = play_game(game_name, options, bp, wp, rng, tally, max_plies)
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
    out["max_move_s"] = {lvl: round(max(t), 3) for lvl, t in tally.times.items() if t}
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


class UsageParser(argparse.ArgumentParser):
    """argparse, but a bad argument raises UsageError: the command says it in one line on
    stderr (as the other commands do). The ladder's command uses it too."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def main(argv: list[str] | None = None) -> int:
    from ..cli import SEED_MAX, onyx_size, whole
    ap = UsageParser(prog="python -m game.ai.match",
                 description="Play engine games headless and report the score.")
    ap.add_argument("game", type=str.lower, choices=GAME_NAMES)
    ap.add_argument("--black", required=True, type=str.lower, choices=CHOICES,
                    help="a level (1-8, random, easy, medium, hard, uct) or a runner")
    ap.add_argument("--white", required=True, type=str.lower, choices=CHOICES)
    ap.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    ap.add_argument("--seed", type=whole(0, SEED_MAX), default=None)
    ap.add_argument("--alternate", action="store_true",
                    help="exchange the levels' colours from one game to the next")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--max-plies", type=int, default=None,
                    help="stop a game after this many plies and count it as a draw "
                         "(default: 400 for onager and onyx, none otherwise)")
    ap.add_argument("--size", type=onyx_size, default=None, help="onyx: board size 12, 16 or 20")
    ap.add_argument("--open", action="store_true", help="onyx: open start")
    ap.add_argument("--pie", action="store_true", help="onyx: pie rule")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ap.add_argument("--records", action="store_true",
                    help="with --json: include every game's moves")
    ap.add_argument("--black-from", metavar="PATH", default=None,
                    help="the black player's engine is the one of the checkout at PATH")
    ap.add_argument("--white-from", metavar="PATH", default=None,
                    help="the white player's engine is the one of the checkout at PATH")
    ap.add_argument("--seconds", type=float, default=None,
                    help="time per move for both players instead of their levels' own")
    ap.add_argument("--black-seconds", type=float, default=None,
                    help="time per move for the --black player")
    ap.add_argument("--white-seconds", type=float, default=None,
                    help="time per move for the --white player")
    ap.add_argument("--iterations", type=int, default=None,
                    help="a fixed number of search iterations per move for both players "
                         "(no clock)")
    ap.add_argument("--no-reuse", action="store_true",
                    help="do not keep the search tree from one move to the next")
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
        players = []
        seats = (("black", args.black, args.black_from, args.black_seconds),
                 ("white", args.white, args.white_from, args.white_seconds))
        for side, name, source, own in seats:
            level = player_name(name)
            secs = own if own is not None else args.seconds
            if level in RUNNER_NAMES and args.game != "onyx":
                raise UsageError(f"the {level} player plays onyx only")
            if source is not None:
                if level in RUNNER_NAMES:
                    raise UsageError(f"--{side}-from needs an engine level, not {level}")
                if not (Path(source) / "game" / "ai" / "bestmove.py").is_file():
                    raise UsageError(f"--{side}-from: no checkout of the game at {source} "
                                     "(game/ai/bestmove.py is missing)")
            if secs is not None and not (math.isfinite(secs) and secs > 0):
                raise UsageError("the time per move must be a number of seconds more than 0")
            if args.iterations is not None and args.iterations < 1:
                raise UsageError("--iterations must be at least 1")
            tag = f" {own:g}s" if own is not None else ""
            players.append(Player(level, source, secs, args.iterations, not args.no_reuse, tag))
    except UsageError as e:
        print(f"error: {e} ({USAGE_LINE})", file=sys.stderr)
        return 2

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    try:
        out = run_match(args.game, players[0], players[1], args.games, args.seed,
                        args.alternate, options, args.max_plies,
                        None if args.quiet else progress, args.records)
    except KeyboardInterrupt:
        print("error: interrupted, no report", file=sys.stderr)
        return 130
    except RemoteError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{args.game}: {out['games']} game{'s' if out['games'] != 1 else ''}, "
          f"black {out['black']}, white {out['white']}"
          f"{' (colours alternate)' if args.alternate else ''}, seed {out['seed']}")
    cap = "" if out["max_plies"] is None else \
        f" (capped at {out['max_plies']} plies: {out['capped']})"
    print(f"black wins {out['black_wins']}, white wins {out['white_wins']}, draws {out['draws']}"
          + cap)
    by = "level" if out["black"] != out["white"] else "player"
    print(f"wins by {by}: " + ", ".join(f"{k} {v}" for k, v in out["wins"].items()))
    print(f"average length {out['avg_plies']} plies; average time per move: "
          + ", ".join(f"{k} {v:.3f} s" for k, v in out["avg_move_s"].items()))
    if out["avg_iterations"]:
        print("average search iterations per move: "
              + ", ".join(f"{k} {v}" for k, v in out["avg_iterations"].items()))
    return 0


if __name__ == "__main__":
    from ..cli import run_command     # a closed pipe (| head) ends quietly
    sys.exit(run_command(main))
