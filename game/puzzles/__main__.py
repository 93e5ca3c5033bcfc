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

import argparse
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

BAND = 200
VERIFY_NODES = 200_000


class UsageError(Exception):
    """A request the command cannot carry out: one line on stderr, exit status 2."""


def parser() -> argparse.ArgumentParser:
    """The command's arguments: one subcommand each (``game.cli.OneLineParser``: a refusal is
    one line on stderr, exit status 2)."""
    from game.cli import OneLineParser, whole
    ap = OneLineParser(prog="python -m game.puzzles", description="The puzzle bank: mine, verify, "
                       "export, count and rate its puzzles.")
    sub = ap.add_subparsers(dest="command", required=True, metavar="{mine,verify,export,stats,rate}")

    def game(p: argparse.ArgumentParser, help: str = "one game (default: every game)") -> None:
        p.add_argument("--game", type=str.lower, choices=GAME_NAMES, help=help)

    m = sub.add_parser("mine", help="find puzzles in records and engine games")
    m.add_argument("records", nargs="*", metavar="RECORD", help="a record file (from the start)")
    m.add_argument("--selfplay", type=whole(0, 100_000), default=0, metavar="N",
                   help="also mine N engine games of mixed levels")
    game(m, "the game of --selfplay (default amoeba)")
    m.add_argument("--seed", type=whole(0, 2**31), default=0)
    m.add_argument("--out", metavar="FILE", help="write a bank file")
    m.add_argument("--json", action="store_true")
    m.add_argument("--no-rate", action="store_true", help="leave the ratings at 0")
    m.add_argument("--depth", type=whole(1, MAX_SOLVER_MOVES), default=None, metavar="K",
                   help="the deepest puzzle in solver moves")
    m.add_argument("--nodes", type=whole(1, 10**9), default=None, metavar="N",
                   help="each position's proof budget")
    v = sub.add_parser("verify", help="re-check every puzzle with the rules core")
    game(v)
    v.add_argument("--nodes", type=whole(1, 10**9), default=VERIFY_NODES, metavar="N")
    v.add_argument("--json", action="store_true")
    e = sub.add_parser("export", help="print every puzzle (--json)")
    game(e)
    e.add_argument("--json", action="store_true", required=True)
    st = sub.add_parser("stats", help="count the puzzles by game, tag and rating band")
    game(st)
    st.add_argument("--json", action="store_true")
    r = sub.add_parser("rate", help="give every puzzle its initial rating again from the ladder")
    game(r)
    r.add_argument("--out", metavar="FILE", help="write the bank here (one --game)")
    return ap


def _games(game: str | None) -> tuple[str, ...]:
    return GAME_NAMES if game is None else (game,)


def _write(path: Path, text: str) -> None:
    """A bank file written whole or not at all (a temporary file, then renamed)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


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
def cmd_mine(args: argparse.Namespace) -> int:
    records, n, seed, nodes, depth = args.records, args.selfplay, args.seed, args.nodes, args.depth
    game_name = args.game or "amoeba"
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
        if rec.game != game_name and args.game:
            raise UsageError(f"{path} is a {rec.game} record, not {game_name}")
        game_name = rec.game
        found += mine_game(rec.game, dict(rec.options), rec.moves, path, depth, nodes, stats=stats)
    for i in range(n):
        options, moves = selfplay_game(game_name, i, seed)
        found += mine_game(game_name, options, moves, f"selfplay-{seed}-{i}", depth, nodes,
                           stats=stats)
        print(f"game {i + 1}/{n}: {len(moves)} plies, {len(found)} puzzles so far", file=sys.stderr, flush=True)
    found = dedupe(found)
    if args.no_rate:
        puzzles = [f.puzzle(f"{game_name}-m{i:04d}", 0) for i, f in enumerate(found, start=1)]
    else:
        puzzles = []
        for p in rated(game_name, found):
            puzzles.append(p)
            print(f"rated {len(puzzles)}/{len(found)}: {p.rating}", file=sys.stderr, flush=True)
    if args.out:
        _write(Path(args.out), dump_bank(game_name, puzzles))
    if args.json:
        print(json.dumps([dict(p.to_json(), proof=p.proof) for p in puzzles], indent=1))
    else:
        print(f"{len(puzzles)} puzzles from {stats.games} games ({stats.positions} positions: "
              f"{stats.two_wins} with two winning moves, {stats.broken_line} whose line forks, "
              f"{stats.over_budget} over the node budget, {stats.no_win} without a short win)")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    nodes = args.nodes
    puzzles = bank(_games(args.game))
    bad, unproved = [], []
    for p in puzzles:
        problems, proved = check(p, nodes)
        if problems:
            bad.append({"id": p.id, "problems": problems})
        elif not proved:
            unproved.append(p.id)
    if args.json:
        print(json.dumps({"puzzles": len(puzzles), "sound": not bad, "unsound": bad,
                          "beyond_budget": unproved}, indent=1))
    else:
        for b in bad:
            print(f"{b['id']}: {'; '.join(b['problems'])}")
        print(f"{len(puzzles)} puzzles: {len(bad)} unsound, {len(unproved)} beyond the proof's "
              f"budget (line checked only)")
    return 1 if bad else 0


def cmd_export(args: argparse.Namespace) -> int:
    print(json.dumps([p.to_json() for p in bank(_games(args.game))], indent=1, ensure_ascii=False))
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


def cmd_stats(args: argparse.Namespace) -> int:
    st = stats_of(bank(_games(args.game)))
    if args.json:
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


def cmd_rate(args: argparse.Namespace) -> int:
    games = _games(args.game)
    if args.out and len(games) != 1:
        raise UsageError("--out takes one --game")
    for g in games:
        puzzles = rerated(load_bank(g))
        out = Path(args.out) if args.out else bank_path(g)
        _write(out, dump_bank(g, puzzles))
        print(f"{g}: {len(puzzles)} puzzles rated, written to {out}")
    return 0


COMMANDS = {"mine": cmd_mine, "verify": cmd_verify, "export": cmd_export, "stats": cmd_stats,
            "rate": cmd_rate}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    ap = parser()
    try:
        ns = ap.parse_args(args)
    except SystemExit as e:          # --help (0) or a refusal already said in one line (2)
        return int(e.code or 0)
    try:
        return int(COMMANDS[ns.command](ns))
    except UsageError as e:
        print(f"{ap.prog} {ns.command}: error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"{ap.prog} {ns.command}: error: {e.strerror or e}: {e.filename or ''}", file=sys.stderr)
        return 2
    except (BankError, RulesError) as e:
        print(f"{ap.prog} {ns.command}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    from game.cli import run_command
    sys.exit(run_command(main))
