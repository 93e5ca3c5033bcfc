"""The computer's move for a position, from the command line.

    python -m game.ai.bestmove GAME --level LEVEL [--seed S] [OPTIONS] [MOVE ...]

GAME is amoeba, onyx or onager; LEVEL (required) is 1 to 8 or random, easy (2),
medium (5), hard (8) or uct. OPTIONS and MOVEs are those of ``python -m game.rules`` (Onyx: --size N,
--open, --pie). Prints one line on stdout, the move in canonical notation, and
nothing else. A refused move, a finished game or a bad argument (a missing
--level too): exit status 2 and one line on stderr, nothing on stdout.
"""
from __future__ import annotations

import random
import sys
import time
from argparse import ArgumentTypeError

from ..cli import SEED_MAX, whole
from ..rules import GAME_NAMES, make_game
from ..rules.__main__ import UsageError, parse_common, play_moves
from ..rules.base import RulesError
from .levels import LEVEL_NAMES, choose_move, level_name

USAGE = ("usage: python -m game.ai.bestmove GAME --level LEVEL [--seed S] [OPTIONS] [MOVE ...]\n"
         f"GAME: {' | '.join(GAME_NAMES)}; LEVEL: 1 ... 8 | {' | '.join(LEVEL_NAMES)}; "
         "Onyx options: --size N, --open, --pie")


def _take_value(args: list[str], name: str) -> tuple[str | None, list[str]]:
    """Remove ``--name VALUE`` or ``--name=VALUE`` from args."""
    out: list[str] = []
    value = None
    i = 0
    while i < len(args):
        a = args[i]
        if a == name:
            if i + 1 >= len(args):
                raise UsageError(f"{name} needs a value")
            value = args[i + 1]
            i += 2
            continue
        if a.startswith(name + "="):
            value = a.split("=", 1)[1]
            i += 1
            continue
        out.append(a)
        i += 1
    return value, out


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "-h" in args or "--help" in args:
        print(USAGE)
        return 0
    try:
        if not args:
            raise UsageError("too few arguments")
        game_name, rest = args[0].lower(), args[1:]
        if game_name not in GAME_NAMES:
            raise UsageError(f"unknown game {args[0]!r}")
        level, rest = _take_value(rest, "--level")
        if level is None:
            raise UsageError(f"--level is required: 1 to 8, {', '.join(LEVEL_NAMES)}")
        try:
            level = level_name(level)
        except ValueError:
            raise UsageError(f"unknown level {level!r} (choose 1 to 8, "
                             f"{', '.join(LEVEL_NAMES)})") from None
        seed_text, rest = _take_value(rest, "--seed")
        try:
            seed = whole(0, SEED_MAX)(seed_text) if seed_text is not None else None
        except ArgumentTypeError as e:
            raise UsageError(f"--seed {e}") from None
        options, moves = parse_common(game_name, rest)
        try:
            game = make_game(game_name, **options)
        except (ValueError, RulesError) as e:
            raise UsageError(str(e)) from None
        play_moves(game, moves)
        if game.result is not None:
            raise RulesError(f"the game is over ({game.result.describe()}): there is no move to choose")
    except UsageError as e:
        print(f"error: {e} ({USAGE.splitlines()[0]})", file=sys.stderr)
        return 2
    except RulesError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        move = choose_move(game, level, random.Random(seed), clock=time.perf_counter)
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    print(game.move_str(move))
    return 0


if __name__ == "__main__":
    from ..cli import run_command     # a closed pipe (| head) ends quietly
    sys.exit(run_command(main))
