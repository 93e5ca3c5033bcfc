"""The level ladder: games between adjacent levels, and ratings fitted to them.

    python -m game.ai.ladder GAME [--games N] [--seed S] [--json] [--out FILE]
                                  [--max-minutes M] [--fit FILE ...]
                                  [--try LEVEL:FIELD=VALUE[,FIELD=VALUE] ...]
    python -m game.ai.ladder onyx --line-check [--games N] [--size N] [--json]

Every level plays the level below it (level 1 plays ``random``, the anchor at 0) ``N``
games per pair (default 20), the colours alternating. Each side searches its level's
fixed iteration budget (``levels.ladder_iterations``, no clock), so a run gives the same
games on any machine: game ``i`` of the pair (a, b) is seeded from ``--seed`` (default
31), the pair and ``i``. The pairs take turns (one game of each pair, then the next
round), so a run stopped early (``--max-minutes``: no new round after that time) is
still balanced; it reports how many rounds it played, and ``--games`` with that number
plays the same games again. ``--out FILE`` appends one JSON line per game as it ends;
``--fit FILE ...`` fits ratings to such files without playing (the games of one pair
and index counted once: the last file's; files whose games played two versions of one
level, changed between the runs, are refused: each record carries its players'
``level_version``, and their iterations a move, which the fit's table shows);
``--pairs 2,3`` plays only the pairs whose upper level is 2 or 3, the same games a whole
run plays (after one level changed); ``--start I`` begins at round I, adding games to
another run's. ``--try 8:iterations=6000`` plays a level
changed (``levels.TRIAL_FIELDS``: its budget, softmax, guard, race rules), to measure a
change before it ships: the records carry the changed level's version, which is the one
the same values get once shipped, so such games count for the shipped ladder then. A
line of a ``--fit`` file may also be a pair's kept total (``kept_total``: its games, the
upper level's score and where they were played): the games of the same two levels in an
earlier ladder, where they stood in other places and their records were not kept.

The ratings: a Bradley-Terry model (Elo scale: 400 points is odds of 10 to 1) fitted by
maximum likelihood with ``random`` pinned at 0, a draw counting half a win each way, and
half a win each way added to every pair played (a weak prior, so that a pair won 20-0
gives a finite gap). The 95% interval of each rating is +-1.96 standard errors from the
inverse Hessian (the uncertainty of every gap below it adds up, so the top levels' are
wide); ``gap`` is the rating's distance above the level below with its own interval.

The result ships as ``game/ai/ladder.json`` ({GAME: {"levels": [...], ...}}), read
through the package (``ratings``), and New game and the engine's tooltip show it.

``--line-check`` (Onyx) is the benchmark of issue 31: every level from 2 up plays
White against the straight-line runner (``runners``: ``line``, Black, along column a)
on a 16×16 board, ``--games`` games each (default 10), and reports its wins and the
runner's distance to connecting when the level first lengthened it (it should block
before the run is 6 stones from connecting).
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import sys
import time
from importlib import resources
from dataclasses import replace
from typing import Any, Iterable

from ..rules import GAME_NAMES
from ..rules.base import Color
from . import levels
from .levels import LADDER, get_level, level_name, level_number
from .match import Player, Tally, UsageError, UsageParser, play_game

ELO = 400.0 / math.log(10.0)
ANCHOR = "random"
PRIOR = 0.5          # half a win each way per pair played
DEFAULT_SEED = 31
DATA = "ladder.json"


def ladder_iterations(level: str, game_name: str) -> int | None:
    """The fixed iteration budget a level searches on the ladder (None: random)."""
    lv = get_level(level, game_name)
    return None if lv.params is None else lv.params.fallback_iterations


def level_version(level: str, game_name: str) -> str:
    """A short fingerprint of everything that decides a level's ladder games besides the
    engine's code: its search parameters (not its seconds: the ladder reads no clock), move
    choice and the weak levels' rules (``levels``). Each game's record carries its players'
    versions, so a fit can refuse games of two versions of one level."""
    lv = get_level(level, game_name)
    if lv.params is None:
        return "random"
    rules = (levels.CAPTURE_SWING, levels.SOFTMAX_SHARE, levels.THREAT_DISTANCE)
    text = repr((replace(lv, description="", params=replace(lv.params, seconds=None)), rules))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


def mixed_versions(results: Iterable[dict]) -> list[str]:
    """The levels played in more than one version in ``results`` (records without versions,
    from before they were kept, count as any), each with the pairs that played it."""
    seen: dict[str, dict[str, set[int]]] = {}
    for r in results:
        for side in ("black", "white"):
            version = (r.get("versions") or {}).get(side)
            if version is not None:
                seen.setdefault(r[side], {}).setdefault(version, set()).add(r["pair"] + 1)
    out = []
    for name, found in sorted(seen.items()):
        if len(found) > 1:
            where = [f"{v} in pair{'s' if len(ps) > 1 else ''} {', '.join(map(str, sorted(ps)))}"
                     for v, ps in sorted(found.items())]
            out.append(f"level {name}: " + "; ".join(where))
    return out


def pairs() -> list[tuple[str, str]]:
    """The ladder's pairs, (lower, upper): random-1, 1-2, ..., 7-8."""
    names = (ANCHOR,) + LADDER
    return [(names[i], names[i + 1]) for i in range(len(LADDER))]


def game_seed(seed: int, pair_index: int, i: int) -> int:
    return (seed * 1000003 + pair_index) * 1009 + i


def play_pair_game(game_name: str, lower: str, upper: str, pair_index: int, i: int,
                   seed: int, options: dict | None = None) -> dict:
    """Game ``i`` of a pair: the upper level is Black in even games, White in odd ones."""
    up = Player(upper, iterations=ladder_iterations(upper, game_name))
    lo = Player(lower, iterations=ladder_iterations(lower, game_name))
    black, white = (up, lo) if i % 2 == 0 else (lo, up)
    rng = random.Random(game_seed(seed, pair_index, i))
    from .match import DEFAULT_CAP
    t0 = time.perf_counter()
    rec = play_game(game_name, dict(options or {}), black, white, rng, Tally(),
                    DEFAULT_CAP.get(game_name))
    if rec.winner_start is None:
        winner = None
    else:
        winner = black.level if rec.winner_start == Color.BLACK else white.level
    return {"game": game_name, "pair": pair_index, "i": i, "black": black.level,
            "white": white.level, "winner": winner, "reason": rec.reason, "plies": rec.plies,
            "seconds": round(time.perf_counter() - t0, 2),
            "versions": {"black": level_version(black.level, game_name),
                         "white": level_version(white.level, game_name)},
            "iterations": {"black": black.iterations, "white": white.iterations}}


def played_budgets(results: Iterable[dict], game_name: str) -> dict[str, int | None]:
    """Each level's iterations a move in ``results`` (as their records say; the level's
    ladder budget now where they do not: kept totals, records from before they said it)."""
    out: dict[str, int | None] = {n: ladder_iterations(n, game_name) for n in LADDER}
    for r in results:
        for side in ("black", "white"):
            its = (r.get("iterations") or {}).get(side)
            if isinstance(its, int) and side in r:
                out[level_name(r[side])] = its
    return out


def outcome(res: dict) -> tuple[str, str, float, int]:
    """(upper level, lower level, the upper level's score, games) of one record of a pair:
    a game as ``--out`` writes it, or a pair's kept total (``kept_total``). ValueError if
    it is neither."""
    order = (ANCHOR,) + LADDER
    try:
        if "kept" in res:
            lower, upper = pairs()[int(res["pair"])]
            n, score = int(res["games"]), float(res["score"])
            if n < 1 or not 0 <= score <= n:
                raise ValueError(f"a kept total needs 1 game or more and a score from 0 to "
                                 f"the games, not {score:g} of {n}")
            return upper, lower, score, n
        lower, upper = sorted((level_name(res["black"]), level_name(res["white"])),
                              key=order.index)
        if "pair" in res and pairs()[int(res["pair"])] != (lower, upper):
            raise ValueError(f"pair {int(res['pair']) + 1} is not {lower} against {upper}")
        if "pair" in res and not isinstance(res.get("i"), int):
            raise ValueError("a game needs its index in the pair, i")
        w = res.get("winner")
        return upper, lower, 0.5 if w is None else 1.0 if level_name(w) == upper else 0.0, 1
    except (KeyError, IndexError, TypeError, AttributeError) as e:
        raise ValueError(f"not a ladder game nor a kept total ({e!r} is wrong)") from None


def read_runs(path: str, game_name: str) -> list[dict]:
    """The records of ``game_name`` in a ``--out`` file (games and kept totals); ValueError
    naming the file, and the line, when it cannot be read or a line is neither."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror or e}") from None
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            if not isinstance(rec, dict) or "pair" not in rec:
                raise ValueError("not a record of a pair")
            if rec.get("game", game_name) == game_name:
                outcome(rec)
                out.append(rec)
        except ValueError as e:
            raise ValueError(f"{path}, line {n}: {e}") from None
    return out


def kept_total(pair: int, games: int, score: float, kept: str, game: str) -> dict[str, Any]:
    """A pair's games kept as their total (``pair`` 0-based, ``score`` the upper level's,
    ``kept`` where they come from), for a fit of games whose records were not kept: the
    same levels played in an earlier ladder, where they stood in other places."""
    lower, upper = pairs()[pair]
    return {"game": game, "pair": pair, "lower": lower, "upper": upper, "games": games,
            "score": score, "kept": kept}


def fit(results: Iterable[dict], prior: float = PRIOR) -> dict[str, Any]:
    """Bradley-Terry ratings (Elo scale, ``random`` at 0) with 95% intervals."""
    names = [ANCHOR] + list(LADDER)
    idx = {n: k for k, n in enumerate(names)}
    size = len(names)
    # wins[a][b]: a's score against b (a draw: half each)
    wins = [[0.0] * size for _ in range(size)]
    games = [[0] * size for _ in range(size)]
    for res in results:
        upper, lower, score, n = outcome(res)
        a, b = idx[upper], idx[lower]
        games[a][b] += n
        games[b][a] += n
        wins[a][b] += score
        wins[b][a] += n - score
    for a in range(size):
        for b in range(a + 1, size):
            if games[a][b]:
                wins[a][b] += prior
                wins[b][a] += prior
    n_pair = [[wins[a][b] + wins[b][a] for b in range(size)] for a in range(size)]
    free = [k for k in range(1, size) if any(games[k])]
    r = [0.0] * size
    cov: list[list[float]] = []
    for _ in range(100 if free else 0):
        grad = []
        hess = [[0.0] * len(free) for _ in free]
        for x, a in enumerate(free):
            g = 0.0
            for b in range(size):
                if n_pair[a][b]:
                    p = 1.0 / (1.0 + math.exp(r[b] - r[a]))
                    g += wins[a][b] - n_pair[a][b] * p
                    v = n_pair[a][b] * p * (1 - p)
                    hess[x][x] += v
                    if b in free:
                        hess[x][free.index(b)] -= v
            grad.append(g)
        try:
            cov = _inverse(hess)
        except ZeroDivisionError:
            raise ValueError("the games do not link every level to random (a pair is "
                             "missing): no ratings") from None
        step = [sum(cov[x][y] * grad[y] for y in range(len(free))) for x in range(len(free))]
        for x, a in enumerate(free):
            r[a] += step[x]
        if max(abs(s) for s in step) < 1e-9:
            break
    out_levels = []
    for k, name in enumerate(names):
        if k == 0:
            row = {"level": 0, "name": ANCHOR, "rating": 0, "low": 0, "high": 0}
        elif k not in free:
            continue
        else:
            x = free.index(k)
            se = math.sqrt(max(cov[x][x], 0.0)) * ELO
            row = {"level": k, "name": name, "rating": round(r[k] * ELO),
                   "low": round(r[k] * ELO - 1.96 * se), "high": round(r[k] * ELO + 1.96 * se)}
            below = k - 1
            var = cov[x][x]
            if below in free:
                y = free.index(below)
                var += cov[y][y] - 2 * cov[x][y]
            gse = math.sqrt(max(var, 0.0)) * ELO
            gap = (r[k] - r[below]) * ELO
            row.update(gap=round(gap), gap_low=round(gap - 1.96 * gse),
                       gap_high=round(gap + 1.96 * gse))
            real = games[k][below]
            score = wins[k][below] - (prior if real else 0)
            row.update(games_below=real, score_below=score)
        out_levels.append(row)
    return {"levels": out_levels, "prior": prior}


def _inverse(m: list[list[float]]) -> list[list[float]]:
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda i: abs(a[i][c]))
        a[c], a[p] = a[p], a[c]
        piv = a[c][c]
        a[c] = [v / piv for v in a[c]]
        for i in range(n):
            if i != c and a[i][c]:
                f = a[i][c]
                a[i] = [v - f * w for v, w in zip(a[i], a[c])]
    return [row[n:] for row in a]


def run_ladder(game_name: str, games: int, seed: int = DEFAULT_SEED,
               options: dict | None = None, max_minutes: float | None = None,
               out=None, progress=None, only: Iterable[int] | None = None,
               first: int = 0) -> dict[str, Any]:
    """Play the ladder's pairs round by round; returns the fit plus the run's details.
    ``only``: the pairs to play, by their upper level (1..8; default all); ``first``: the
    first round to play (the rounds before it were played by another run)."""
    only = set(only) if only is not None else None
    results: list[dict] = []
    t0 = time.monotonic()
    rounds = 0
    for i in range(first, games):
        if max_minutes is not None and time.monotonic() - t0 > max_minutes * 60:
            break
        for k, (lower, upper) in enumerate(pairs()):
            if only is not None and k + 1 not in only:
                continue
            rec = play_pair_game(game_name, lower, upper, k, i, seed, options)
            results.append(rec)
            if out is not None:
                out.write(json.dumps(rec) + "\n")
                out.flush()
            if progress is not None:
                progress(f"{game_name} round {i + 1}: {rec['black']} - {rec['white']}: "
                         f"{rec['winner'] or 'draw'} ({rec['reason']}, {rec['plies']} plies, "
                         f"{rec['seconds']} s)")
        rounds += 1
    res = fit_or_scores(results)
    res.update(game=game_name, options=dict(options or {}), seed=seed, rounds=rounds,
               games_per_pair=rounds,
               budgets={name: ladder_iterations(name, game_name) for name in LADDER},
               command=f"python -m game.ai.ladder {game_name} --games {rounds} --seed {seed}")
    return res


def line_check(games: int = 10, size: int = 16, seed: int = DEFAULT_SEED,
               levels: Iterable[str] = LADDER[1:], progress=None) -> dict[str, Any]:
    """Every level (White, its ladder budget) against the straight-line runner (Black)."""
    from .levels import choose_move
    from ..rules.onyx import Onyx
    from .onyx_eval import path_distance
    from .runners import runner_move
    out: dict[str, Any] = {"size": size, "seed": seed, "games": games, "levels": {}}
    for name in levels:
        its = ladder_iterations(name, "onyx")
        wins = 0
        first_blocks: list[int | None] = []
        for i in range(games):
            rng = random.Random(game_seed(seed, 100 + level_number(name), i))
            g = Onyx.new(size=size)
            block = None
            while g.result is None and g.ply < 400:
                if g.to_move == Color.BLACK:
                    g.play(runner_move(g, "line", rng))
                    continue
                before = path_distance(g, 1)
                g.play(choose_move(g, name, rng, iterations=its))
                if block is None and g.result is None and path_distance(g, 1) > before:
                    block = before
            if g.result is not None and g.result.winner == Color.WHITE:
                wins += 1
            first_blocks.append(block)
            if progress is not None:
                progress(f"line check: level {level_number(name)} game {i + 1}: "
                         f"{'won' if g.result and g.result.winner == Color.WHITE else 'lost'}, "
                         f"first block at distance {block}, {g.ply} plies")
        known = [b for b in first_blocks if b is not None]
        out["levels"][str(level_number(name))] = {
            "name": name, "iterations": its, "wins": wins, "games": games,
            "first_block_distance": first_blocks,
            "min_first_block": min(known) if known else None}
    return out


_CACHE: dict[str, Any] = {}


def shipped() -> dict[str, Any]:
    """The measured ladder shipped with the program ({} when the data file is missing)."""
    if "data" not in _CACHE:
        try:
            text = resources.files("game.ai").joinpath(DATA).read_text(encoding="utf-8")
            _CACHE["data"] = json.loads(text)
        except (OSError, ValueError):
            _CACHE["data"] = {}
    return _CACHE["data"]


def rating(game_name: str, level: str) -> int | None:
    """The shipped rating of ``level`` in ``game_name`` (None: not measured)."""
    try:
        number = level_number(level)
    except ValueError:
        return None
    for row in shipped().get(game_name, {}).get("levels", []):
        if row.get("level") == number and number > 0:
            return int(row["rating"])
    return None


def level_title(level: str) -> str:
    """'Level 3', or 'Level 5 (Medium)' for the three levels that have a name."""
    number = level_number(level)
    name = level_name(level)
    return f"Level {number}" if name.isdigit() else f"Level {number} ({name.capitalize()})"


def about(game_name: str, level: str) -> str:
    """'Level 3 · about 900', 'Level 5 (Medium) · about 1470' (the rating rounded to tens), or
    the title alone when the level is unmeasured."""
    r = rating(game_name, level)
    text = level_title(level)
    if r is not None:
        text += f" · about {int(round(r, -1))}"
    return text


def pair_scores(results: list[dict]) -> list[dict[str, Any]]:
    """Each pair's games and the upper level's score in them (a draw counts half)."""
    names = pairs()
    out = []
    told = [outcome(r) for r in results]
    for k, (lower, upper) in enumerate(names):
        found = [o for o in told if o[:2] == (upper, lower)]
        if found:
            out.append({"pair": k, "lower": lower, "upper": upper,
                        "games": sum(o[3] for o in found), "score": sum(o[2] for o in found)})
    return out


def fit_or_scores(results: list[dict]) -> dict[str, Any]:
    """The fit of ``results``; when they do not link every level to random (a run of some
    pairs), no ratings (``levels`` None) and each pair's score instead."""
    try:
        return fit(results)
    except ValueError:
        return {"levels": None, "pairs": pair_scores(results)}


def table(res: dict[str, Any]) -> str:
    rounds, most = res.get("rounds", "?"), res.get("rounds_most")
    games = f"{rounds} to {most}" if most is not None and most != rounds else f"{rounds}"   # (--fit: pairs differ)
    head = f"{res.get('game', '')}: {games} games per pair, seed {res.get('seed', '?')}"
    if res.get("levels") is None:
        lines = [head, "these games do not link every level to random, so no ratings: fit them with "
                       "the other pairs' games (--fit FILE ...)", "pair              upper level's score"]
        for row in res.get("pairs", []):
            lines.append(f"{row['lower']:>8} - {row['upper']:<8} {row['score']:g}/{row['games']}")
        return "\n".join(lines)
    lines = [head, "level  name     iterations  rating  95% interval   gap (95%)        vs below"]
    budgets = res.get("budgets", {})
    for row in res["levels"]:
        if row["level"] == 0:
            lines.append(f"{0:>5}  {'random':<8} {'-':>10}  {0:>6}  (anchor)")
            continue
        lines.append(f"{row['level']:>5}  {row['name']:<8} {budgets.get(row['name'], ''):>10}  "
                     f"{row['rating']:>6}  [{row['low']:>5}, {row['high']:>5}]  "
                     f"{row['gap']:>5} [{row['gap_low']:>4}, {row['gap_high']:>4}]  "
                     f"{row['score_below']:g}/{row['games_below']}")
    return "\n".join(lines)




def main(argv: list[str] | None = None) -> int:
    from ..cli import SEED_MAX, whole
    ap = UsageParser(prog="python -m game.ai.ladder",
                 description="Play the level ladder and fit ratings.")
    ap.add_argument("game", type=str.lower, choices=GAME_NAMES)
    ap.add_argument("--games", type=int, default=None,
                    help="games per pair (default 20; --line-check: 10 per level)")
    ap.add_argument("--seed", type=whole(0, SEED_MAX), default=DEFAULT_SEED)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--out", default=None, help="append one JSON line per game to this file")
    ap.add_argument("--max-minutes", type=float, default=None,
                    help="start no new round after this many minutes")
    ap.add_argument("--fit", nargs="+", default=None, metavar="FILE",
                    help="fit ratings to the games in these --out files; play none")
    ap.add_argument("--size", type=int, default=None, help="onyx: board size")
    ap.add_argument("--pairs", default=None, metavar="N,N",
                    help="play only the pairs whose upper level is one of these (1-8): the "
                         "same games as in a whole run (e.g. after one level changed)")
    ap.add_argument("--line-check", action="store_true",
                    help="onyx: levels 2-8 against the straight-line runner on 16x16")
    ap.add_argument("--start", type=int, default=0, metavar="I",
                    help="begin at round I (0-based): more games after another run's")
    ap.add_argument("--levels", default=None, metavar="N,N",
                    help="--line-check: only these levels (default 2-8)")
    ap.add_argument("--try", dest="trials", action="append", default=[],
                    metavar="LEVEL:FIELD=VALUE[,...]",
                    help="play a level changed, to measure the change before it ships (e.g. "
                         "8:iterations=6000; fields: " + ", ".join(levels.TRIAL_FIELDS) + ")")
    ap.add_argument("--quiet", action="store_true")
    try:
        args = ap.parse_args(argv)
        trials: dict[str, dict[str, Any]] = {}
        for text in args.trials:
            try:
                name, fields = levels.parse_trial(text)
            except ValueError as e:
                raise UsageError(f"--try {e}") from None
            trials.setdefault(name, {}).update(fields)
        if args.games is not None and args.games < 1:
            raise UsageError("--games must be at least 1")
        only = None
        if args.pairs:
            try:
                only = [int(x) for x in args.pairs.split(",")]
            except ValueError:
                raise UsageError("--pairs takes level numbers, e.g. 2,3") from None
            if not all(1 <= x <= len(LADDER) for x in only):
                raise UsageError("--pairs takes level numbers 1 to 8")
        if (args.line_check or args.size) and args.game != "onyx":
            raise UsageError("--line-check and --size are for onyx only")
        try:
            levels.try_levels(args.game, trials)
        except ValueError as e:
            raise UsageError(f"--try {e}") from None
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        return _run(args, trials, only)
    finally:
        levels.try_levels(args.game, {})     # the trials were this run's only


def _run(args: Any, trials: dict[str, dict[str, Any]], only: list[int] | None) -> int:
    def progress(line: str) -> None:
        if not args.quiet:
            print(line, file=sys.stderr, flush=True)

    for name, fields in trials.items():
        # Said even with --quiet: a run of changed levels must not pass for the shipped ones.
        print(f"trying level {level_number(name)} with "
              + ", ".join(f"{k}={v}" for k, v in fields.items())
              + f" (version {level_version(name, args.game)})", file=sys.stderr, flush=True)

    if args.line_check:
        chosen: tuple[str, ...] = LADDER[1:]
        if args.levels:
            try:
                chosen = tuple(level_name(x) for x in args.levels.split(","))
            except ValueError as e:
                print(f"error: --levels: {e}", file=sys.stderr)
                return 2
        res = line_check(args.games or 10, args.size or 16, args.seed, chosen, progress)
        if args.json:
            print(json.dumps(res))
        else:
            for num, row in res["levels"].items():
                print(f"level {num} ({row['name']}, {row['iterations']} it.): won "
                      f"{row['wins']}/{row['games']}, first block at distance "
                      f"{row['first_block_distance']}")
        return 0
    options = {"size": args.size} if args.size else {}
    if args.fit:
        try:
            results = [r for path in args.fit for r in read_runs(path, args.game)]
        except ValueError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        if args.games:
            results = [r for r in results if "kept" in r or r["i"] < args.games]
        # a game counted once (the last file's); a kept total once per source
        results = list({(r["pair"], r["i"] if "kept" not in r else r["kept"]): r
                        for r in results}.values())
        mixed = mixed_versions(results)
        if mixed:
            print("error: these games played two versions of a level (it changed between "
                  "runs), so their ratings would not belong to one ladder: "
                  + " | ".join(mixed), file=sys.stderr)
            return 2
        res = fit_or_scores(results)
        counts: dict[int, int] = {}
        for r in results:
            counts[r["pair"]] = counts.get(r["pair"], 0) + outcome(r)[3]
        kept = [f"pair {r['pair'] + 1}: {r['kept']}" for r in results if "kept" in r]
        if kept:
            res["kept"] = sorted(kept)
        rounds = min(counts.values()) if counts else 0
        res.update(game=args.game, rounds=rounds, rounds_most=max(counts.values()) if counts else 0, seed=args.seed,
                   budgets=played_budgets(results, args.game),
                   command=f"python -m game.ai.ladder {args.game} --games {rounds} "
                           f"--seed {args.seed}" + "".join(f" --try {t}" for t in args.trials))
    else:
        out = open(args.out, "a", encoding="utf-8") if args.out else None
        try:
            res = run_ladder(args.game, args.games or 20, args.seed, options, args.max_minutes,
                             out, progress, only, args.start)
        except KeyboardInterrupt:
            print("error: interrupted", file=sys.stderr)
            return 130
        finally:
            if out is not None:
                out.close()
    print(json.dumps(res) if args.json else table(res))
    return 0


if __name__ == "__main__":
    from ..cli import run_command     # a closed pipe (| head) ends quietly
    sys.exit(run_command(main))
