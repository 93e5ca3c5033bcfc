"""Referee command.

    python -m game.rules GAME legal [OPTIONS] [MOVE ...]
    python -m game.rules GAME perft DEPTH [OPTIONS] [MOVE ...]

GAME is amoeba, onyx or onager. Onyx OPTIONS: --size N, --open, --pie.
Prints one JSON object (legal) or one number (perft) on stdout. DEPTH is a
whole number from 0 to MAX_PERFT_DEPTH (20; from the opening, depth 5 or 6
already takes minutes to hours). An illegal or malformed move, or any other
bad argument: exit status 2 and one line on stderr, nothing on stdout
(``-h``/``--help``: the usage).
"""
from __future__ import annotations

import json
import re
import sys

from . import GAME_NAMES, make_game
from .base import Game, RulesError, perft

USAGE = ("usage: python -m game.rules GAME legal [OPTIONS] [MOVE ...]\n"
         "       python -m game.rules GAME perft DEPTH [OPTIONS] [MOVE ...]\n"
         "GAME: amoeba | onyx | onager; Onyx options: --size N, --open, --pie")
USAGE_LINE = ("usage: python -m game.rules GAME legal|perft DEPTH [OPTIONS] [MOVE ...]; "
              "--help for more")
MAX_PERFT_DEPTH = 20     # far beyond what finishes; well inside Python's recursion limit


class UsageError(Exception):
    pass


def parse_common(game_name: str, args: list[str]) -> tuple[dict, list[str]]:
    """Split options from moves. Options may appear anywhere."""
    options: dict = {}
    moves: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--size", "--open", "--pie") or a.startswith("--size="):
            if game_name != "onyx":
                raise UsageError(f"option {a} is for onyx only")
            if a == "--open":
                options["open"] = True
            elif a == "--pie":
                options["pie"] = True
            else:
                if "=" in a:
                    val = a.split("=", 1)[1]
                else:
                    i += 1
                    if i >= len(args):
                        raise UsageError("--size needs a number (12, 16 or 20)")
                    val = args[i]
                try:
                    options["size"] = int(val)
                except ValueError:
                    raise UsageError(f"--size needs a number, not {val!r}") from None
        elif a.startswith("--"):
            raise UsageError(f"unknown option {a}")
        else:
            moves.append(a)
        i += 1
    return options, moves


# games whose notation uses '>' (Amoeba's split), which a shell reads as "write to a file":
# ``legal c3>d4`` unquoted reaches the command as the lone point 'c3'
SHELL_CUT_GAMES = ("amoeba",)
_LONE_POINT = re.compile(r"[a-z]{1,2}[0-9]{1,2}")


def refusal(game_name: str, n: int, text: str, error: RulesError) -> RulesError:
    """The refusal of the ``n``-th move as the command says it: the whole move as given, in
    quotes, and why; a lone point in a game that splits with '>' adds that the shell cuts an
    unquoted move there."""
    note = ""
    if game_name in SHELL_CUT_GAMES and _LONE_POINT.fullmatch(text.strip().lower()):
        note = (" (unquoted, the shell cuts a move at '>' and writes what follows to a file: "
                "quote the whole move, e.g. 'd4>g4')")
    return RulesError(f"move {n} {text!r} refused: {error}{note}")


def play_moves(game: Game, moves: list[str]) -> None:
    for n, text in enumerate(moves, start=1):
        try:
            game.push(text)
        except RulesError as e:
            raise refusal(game.name, n, text, e) from None


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "-h" in args or "--help" in args:
        print(USAGE)
        return 0
    try:
        if len(args) < 2:
            raise UsageError("too few arguments")
        game_name, command, rest = args[0].lower(), args[1], args[2:]
        if game_name not in GAME_NAMES:
            raise UsageError(f"unknown game {args[0]!r}")
        depth = None
        if command == "perft":
            if not rest:
                raise UsageError("perft needs a DEPTH")
            try:
                depth = int(rest[0])
            except ValueError:
                raise UsageError(f"DEPTH must be a whole number, not {rest[0]!r}") from None
            if depth < 0:
                raise UsageError("DEPTH must not be negative")
            if depth > MAX_PERFT_DEPTH:
                raise UsageError(f"DEPTH {depth} is too deep: the limit is {MAX_PERFT_DEPTH}")
            rest = rest[1:]
        elif command != "legal":
            raise UsageError(f"unknown command {command!r} (legal or perft)")
        options, moves = parse_common(game_name, rest)
        try:
            game = make_game(game_name, **options)
        except (ValueError, RulesError) as e:
            raise UsageError(str(e)) from None
        play_moves(game, moves)
    except UsageError as e:
        print(f"error: {e} ({USAGE_LINE})", file=sys.stderr)
        return 2
    except RulesError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if depth is not None:
        try:
            count = perft(game, depth)
        except RecursionError:
            print(f"error: perft {depth} ran out of stack: try a smaller DEPTH", file=sys.stderr)
            return 2
        except MemoryError:
            print(f"error: perft {depth} ran out of memory: try a smaller DEPTH", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print(f"error: perft {depth} interrupted", file=sys.stderr)
            return 130
        print(count)
    else:
        res = game.result
        print(json.dumps({
            "to_move": game.to_move.word,
            "legal": game.legal_strs(),
            "result": res.to_json() if res is not None else None,
        }))
    return 0


if __name__ == "__main__":
    from ..cli import run_command     # a closed pipe (| head) ends quietly
    sys.exit(run_command(main))
