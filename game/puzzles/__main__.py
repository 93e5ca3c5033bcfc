"""The puzzle bank's command.

    python -m game.puzzles mine [RECORD ...] [--selfplay N] [--game G] [--seed S]
                                [--out FILE] [--json] [--no-rate] [--depth K] [--nodes N]
    python -m game.puzzles verify [--game G] [--nodes N] [--json]
    python -m game.puzzles export --json [--game G]
    python -m game.puzzles stats --json [--game G]
    python -m game.puzzles rate [--game G] [--out FILE]

``mine`` finds puzzles (``game.puzzles.mine``) in the given records (the game's own record
format, from the initial position) and in ``--selfplay N`` engine games of mixed levels of
``--game`` (default amoeba), rates them (``--depth``: the deepest puzzle in solver moves, ``--nodes``: each position's
proof budget; defaults per game in ``mine``) and prints them (``--json``: the export's objects
plus ``"proof"``) or writes a bank file (``--out FILE``). ``verify`` re-checks every bank
puzzle with the rules core (the line is legal and ends in the solver's win; the first move
is the only win within the puzzle's depth and every later solver move the only win within
the moves left, where the exhaustive search fits ``--nodes``); it exits 1 with the list of
unsound puzzles. ``export`` prints every puzzle; ``stats`` counts them by game, tag and
rating band (``BAND`` points). ``rate`` gives every puzzle of a bank its initial rating again from
the shipped ladder (``game/ai/ladder.json``: the lowest level that finds the first move, at that
level's rating), after the levels or their measured ratings changed, and writes the bank back
(``--out FILE``: elsewhere). Bad input: one line on stderr, exit status 2.
"""
from __future__ import annotations

import dataclasses
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Sequence

from game.rules import GAME_NAMES, make_game
from game.rules.base import RulesError
from game.rules.record import RecordError, parse_record

from .bank import MAX_SOLVER_MOVES, BankError, BankPuzzle, bank_path, dump_bank, load_bank, wins_now
from .mine import MineStats, dedupe, mine_game, rate, rated, selfplay_game
from .prove import Budget, SearchBudget, only_wins, win_plies

USAGE = ("usage: python -m game.puzzles mine [RECORD ...] [--selfplay N] [--game G] [--seed S] "
         "[--out FILE] [--json] [--no-rate] [--depth K] [--nodes N]\n"
         "       python -m game.puzzles verify [--game G] [--nodes N] [--json]\n"
         "       python -m game.puzzles export --json [--game G]\n"
         "       python -m game.puzzles stats --json [--game G]\n"
         "       python -m game.puzzles rate [--game G] [--out FILE]")
BAND = 200
VERIFY_NODES = 200_000


class UsageError(Exception):
    pass


def _options(args: list[str], flags: Sequence[str], values: Sequence[str]) -> tuple[dict[str, Any], list[str]]:
    out: dict[str, Any] = {}
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        name, eq, val = a.partition("=")
        if name in flags and not eq:
            out[name] = True
        elif name in values:
            if not eq:
                i += 1
                if i >= len(args):
                    raise UsageError(f"{name} needs a value")
                val = args[i]
            out[name] = val
        elif a.startswith("--"):
            raise UsageError(f"unknown option {a}")
        else:
            rest.append(a)
        i += 1
    return out, rest


def _int(opts: dict[str, Any], name: str, default: int, low: int = 0) -> int:
    if name not in opts:
        return default
    try:
        n = int(opts[name])
    except ValueError:
        raise UsageError(f"{name} needs a whole number, not {opts[name]!r}") from None
    if n < low:
        raise UsageError(f"{name} must be at least {low}")
    return n


def _games(opts: dict[str, Any]) -> tuple[str, ...]:
    g = opts.get("--game")
    if g is None:
        return GAME_NAMES
    if g not in GAME_NAMES:
        raise UsageError(f"unknown game {g!r}: choose one of {', '.join(GAME_NAMES)}")
    return (g,)


def bank(games: Sequence[str]) -> list[BankPuzzle]:
    return [p for g in games for p in load_bank(g)]


# ------------------------------------------------------------------ verify
def check(p: BankPuzzle, nodes: int = VERIFY_NODES) -> tuple[list[str], bool]:
    """The problems of one puzzle (empty: sound) and whether the exhaustive proof fitted."""
    try:
        game = p.start()
    except (RulesError, ValueError) as e:
        return [f"the moves to the position are refused: {e}"], False
    if game.is_over:
        return ["the game is already over at the puzzle's position"], False
    solver = game.to_move
    k = p.solver_moves
    g = game.copy()
    texts = []
    for i, text in enumerate(p.solution):
        try:
            texts.append(g.parse_move(text))
            g.play(texts[-1])
        except RulesError as e:
            return [f"solution move {i + 1} {text!r} is refused: {e}"], False
    if not wins_now(g, solver):
        return ["the solution does not end in the solver's win"], False
    budget = Budget(nodes)
    g = game.copy()
    try:
        for i, m in enumerate(texts):
            if i % 2 == 0:
                left = k - i // 2
                wins = only_wins(g, left, budget)
                if wins != [m]:
                    return [f"solution move {i + 1} {p.solution[i]!r} is not the only win within "
                            f"{left} move(s): {', '.join(g.move_str(w) for w in wins) or 'none'}"], True
            g.play(m)
        if k > 1 and _shorter(game, k - 1, budget):
            return [f"the solver already wins within {k - 1} move(s)"], True
    except SearchBudget:
        return [], False
    return [], True


def _shorter(game: Any, moves: int, budget: Budget) -> bool:
    from .prove import forced_win
    return forced_win(game.copy(), game.to_move, win_plies(game.name, moves), budget.left)


# ------------------------------------------------------------------ commands
def cmd_mine(args: list[str]) -> int:
    opts, records = _options(args, ("--json", "--no-rate"), ("--selfplay", "--game", "--seed", "--out",
                                                                    "--nodes", "--depth"))
    game_name = _games(opts)[0] if "--game" in opts else "amoeba"
    n = _int(opts, "--selfplay", 0)
    seed = _int(opts, "--seed", 0)
    nodes = _int(opts, "--nodes", 0, 1) or None
    depth = _int(opts, "--depth", 0, 1) or None
    if depth is not None and depth > MAX_SOLVER_MOVES:
        raise UsageError(f"--depth is at most {MAX_SOLVER_MOVES} solver moves")
    if not records and not n:
        raise UsageError("nothing to mine: give RECORD files or --selfplay N")
    stats = MineStats()
    found = []
    for path in records:
        try:
            rec = parse_record(Path(path).read_text(encoding="utf-8"))
        except OSError as e:
            raise UsageError(f"cannot read {path}: {e.strerror or e}") from None
        except (RecordError, RulesError, UnicodeDecodeError) as e:
            raise UsageError(f"{path}: not a readable record: {e}") from None
        if rec.setup is not None:
            print(f"{path}: skipped: it starts from a set-up position (the bank replays from the start)",
                  file=sys.stderr)
            continue
        if rec.game != game_name and "--game" in opts:
            raise UsageError(f"{path} is a {rec.game} record, not {game_name}")
        game_name = rec.game
        found += mine_game(rec.game, dict(rec.options), rec.moves, path, depth, nodes, stats=stats)
    for i in range(n):
        options, moves = selfplay_game(game_name, i, seed)
        found += mine_game(game_name, options, moves, f"selfplay-{seed}-{i}", depth, nodes,
                           stats=stats)
        print(f"game {i + 1}/{n}: {len(moves)} plies, {len(found)} puzzles so far", file=sys.stderr, flush=True)
    found = dedupe(found)
    if "--no-rate" in opts:
        puzzles = [f.puzzle(f"{game_name}-m{i:04d}", 0) for i, f in enumerate(found, start=1)]
    else:
        puzzles = []
        for p in rated(game_name, found):
            puzzles.append(p)
            print(f"rated {len(puzzles)}/{len(found)}: {p.rating}", file=sys.stderr, flush=True)
    if "--out" in opts:
        Path(opts["--out"]).write_text(dump_bank(game_name, puzzles), encoding="utf-8")
    if "--json" in opts:
        print(json.dumps([dict(p.to_json(), proof=p.proof) for p in puzzles], indent=1))
    else:
        print(f"{len(puzzles)} puzzles from {stats.games} games ({stats.positions} positions: "
              f"{stats.two_wins} with two winning moves, {stats.broken_line} whose line forks, "
              f"{stats.over_budget} over the node budget, {stats.no_win} without a short win)")
    return 0


def cmd_verify(args: list[str]) -> int:
    opts, rest = _options(args, ("--json",), ("--game", "--nodes"))
    if rest:
        raise UsageError(f"unexpected argument {rest[0]!r}")
    nodes = _int(opts, "--nodes", VERIFY_NODES, 1)
    puzzles = bank(_games(opts))
    bad, unproved = [], []
    for p in puzzles:
        problems, proved = check(p, nodes)
        if problems:
            bad.append({"id": p.id, "problems": problems})
        elif not proved:
            unproved.append(p.id)
    if "--json" in opts:
        print(json.dumps({"puzzles": len(puzzles), "sound": not bad, "unsound": bad,
                          "beyond_budget": unproved}, indent=1))
    else:
        for b in bad:
            print(f"{b['id']}: {'; '.join(b['problems'])}")
        print(f"{len(puzzles)} puzzles: {len(bad)} unsound, {len(unproved)} beyond the proof's "
              f"budget (line checked only)")
    return 1 if bad else 0


def cmd_export(args: list[str]) -> int:
    opts, rest = _options(args, ("--json",), ("--game",))
    if rest or "--json" not in opts:
        raise UsageError("export takes --json (and --game G)")
    print(json.dumps([p.to_json() for p in bank(_games(opts))], indent=1, ensure_ascii=False))
    return 0


def stats_of(puzzles: Sequence[BankPuzzle]) -> dict[str, Any]:
    out: dict[str, Any] = {"total": len(puzzles), "games": {}}
    for g in GAME_NAMES:
        mine = [p for p in puzzles if p.game == g]
        if not mine:
            continue
        bands = Counter((p.rating // BAND) * BAND for p in mine)
        out["games"][g] = {
            "count": len(mine),
            "tags": dict(sorted(Counter(t for p in mine for t in p.tags).items())),
            "untagged": sum(1 for p in mine if not p.tags),
            "solver_moves": {str(k): v for k, v in sorted(Counter(p.solver_moves for p in mine).items())},
            "rating_bands": {f"{b}-{b + BAND - 1}": c for b, c in sorted(bands.items())},
            "rating_min": min(p.rating for p in mine),
            "rating_max": max(p.rating for p in mine),
            "proofs": dict(sorted(Counter(p.proof for p in mine).items())),
        }
    return out


def cmd_stats(args: list[str]) -> int:
    opts, rest = _options(args, ("--json",), ("--game",))
    if rest:
        raise UsageError(f"unexpected argument {rest[0]!r}")
    st = stats_of(bank(_games(opts)))
    if "--json" in opts:
        print(json.dumps(st, indent=1))
    else:
        for g, row in st["games"].items():
            print(f"{g}: {row['count']} puzzles, ratings {row['rating_min']}-{row['rating_max']}, "
                  f"tags {row['tags']}")
    return 0


def rerated(puzzles: Sequence[BankPuzzle]) -> list[BankPuzzle]:
    """The puzzles with their initial ratings from the shipped ladder, in the order of their ids."""
    out = []
    for i, p in enumerate(sorted(puzzles, key=lambda q: q.id), start=1):
        game = p.start()
        r = rate(game, game.parse_move(p.solution[0]))
        out.append(dataclasses.replace(p, rating=r))
        print(f"rated {i}/{len(puzzles)}: {p.id} {p.rating} -> {r}", file=sys.stderr, flush=True)
    return out


def cmd_rate(args: list[str]) -> int:
    opts, rest = _options(args, (), ("--game", "--out"))
    if rest:
        raise UsageError(f"unexpected argument {rest[0]!r}")
    games = _games(opts)
    if "--out" in opts and len(games) != 1:
        raise UsageError("--out takes one --game")
    for g in games:
        puzzles = rerated(load_bank(g))
        out = Path(opts["--out"]) if "--out" in opts else bank_path(g)
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_text(dump_bank(g, puzzles), encoding="utf-8")
        tmp.replace(out)
        print(f"{g}: {len(puzzles)} puzzles rated, written to {out}")
    return 0


COMMANDS = {"mine": cmd_mine, "verify": cmd_verify, "export": cmd_export, "stats": cmd_stats,
            "rate": cmd_rate}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    try:
        cmd = COMMANDS.get(args[0])
        if cmd is None:
            raise UsageError(f"unknown command {args[0]!r} (mine, verify, export or stats)")
        return cmd(args[1:])
    except UsageError as e:
        print(f"error: {e}\n{USAGE}", file=sys.stderr)
        return 2
    except BankError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except RulesError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    from game.cli import run_command
    sys.exit(run_command(main))
