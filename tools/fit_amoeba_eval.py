"""Fit the weights of Amoeba's static evaluation (``game.ai.amoeba_eval.WEIGHTS``, ``BIAS``).

    python tools/fit_amoeba_eval.py --outcomes        # the weights in use (about 15 minutes)
    python tools/fit_amoeba_eval.py [--games 100] [--iterations 300] [--playouts 200] [--seed 1]

With ``--outcomes`` (the weights in use):

1. Games: Hard with the weights before (``PLAYOUT_WEIGHTS``) against itself at
   ``--iterations`` (default 800 here) a move, each side keeping its search tree,
   8% of the moves random; one batch of games per ``--chunks`` entry ``seed:games``
   (default ``1:200,2:200,3:400,4:400``), each from its own seed. Positions: every
   one from the third ply on whose side to move cannot capture the enemy Kernel at
   once; drawn games are left out.
2. Labels: the result of the game for the position's side to move (1 won, 0 lost).
3. Fit: logistic regression as below, then every weight multiplied by ``--sharpen``
   (default 3). The fitted chances are flat (an engine game is hard to call from one
   position), and the search needs positions told apart: at 0.25 s a move, Hard with the
   fitted weights won 10 of 26 games against the playout-fitted weights, with them
   sharpened threefold 21 of 28.

Without it (the weights before):

1. Positions: quick engine games (Hard at a fixed number of iterations, one move in ten
   random, both from ``--seed``); every position from the third ply on whose side to move
   cannot capture the enemy Kernel at once.
2. Labels: from each position, ``--playouts`` decisive playouts (the playouts Easy scores its
   leaves with, cut off at 150 plies); the label is the mover's mean result.
3. Fit: logistic regression of the labels on ``amoeba_eval.features`` (cross-entropy with
   soft labels, Newton steps, a tiny ridge), in plain Python.

Prints the fit (R², mean squared error) and the weights in the form of the module's
constants. Deterministic for its arguments; about a minute on one core with the defaults.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.amoeba_eval import (FEATURES, PLAYOUT_BIAS, PLAYOUT_WEIGHTS,  # noqa: E402
                                 AmoebaKnowledge, features, kernel_capture)
from game.ai.levels import choose_move, get_level  # noqa: E402
from game.ai.mcts import SearchTree, search  # noqa: E402
from game.rules import make_game  # noqa: E402


def _game(rng: random.Random, random_share: float, max_plies: int, choose) -> tuple[list, Any]:
    """One engine game (``choose(game, mover)`` gives the move; a share ``random_share``
    of the moves random): every position from the third ply on whose mover cannot
    capture the enemy Kernel at once, and the finished (or capped) game."""
    g = make_game("amoeba")
    seen = []
    while g.result is None and g.ply < max_plies:
        c = g._c
        if g.ply >= 2 and kernel_capture(g._st, c, g._kp[1 - c]) is None:
            seen.append(g.copy())
        if rng.random() < random_share:
            ms = g.legal_moves()
            g.play(ms[int(rng.random() * len(ms))])
        else:
            g.play(choose(g, c))
    return seen, g


def positions(games: int, iterations: int, rng: random.Random) -> list:
    out = []
    for _ in range(games):
        seen, _g = _game(rng, 0.1, 200,
                         lambda g, c: choose_move(g, "hard", rng, iterations=iterations))
        out += seen
    return out


def outcome_positions(chunks: list[tuple[int, int]], iterations: int) -> tuple[list, list[float]]:
    """Positions of Hard's games against itself (with the playout-fitted weights) and, for
    each, the result for its mover."""
    kn = AmoebaKnowledge(static=True, plies=4, weights=PLAYOUT_WEIGHTS, bias=PLAYOUT_BIAS)
    params = replace(get_level("hard", "amoeba").params, iterations=iterations, seconds=None,
                     fallback_iterations=iterations)
    pos: list = []
    ys: list[float] = []
    for seed, games in chunks:
        rng = random.Random(seed)
        for _ in range(games):
            trees = {0: SearchTree(), 1: SearchTree()}
            seen, g = _game(rng, 0.08, 300,
                            lambda g, c: search(g, kn, params, rng, tree=trees[c]).move)
            res = g.result
            if res is None or res.winner is None:
                continue
            winner = int(res.winner)
            for h in seen:
                pos.append(h)
                ys.append(1.0 if h._c == winner else 0.0)
    return pos, ys


def label(pos: list, playouts: int, rng: random.Random) -> list[float]:
    k = AmoebaKnowledge(cutoff=150)
    ys = []
    for g in pos:
        v = 0.0
        for _ in range(playouts):
            vb = k.simulate(g.copy(), rng)
            v += vb if g._c == 0 else 1.0 - vb
        ys.append(v / playouts)
    return ys


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is small and well conditioned)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for j in range(col, n + 1):
                m[r][j] -= f * m[col][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def fit(xs: list[list[float]], ys: list[float], steps: int = 30) -> list[float]:
    rows = [x + [1.0] for x in xs]
    k = len(rows[0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[1e-3 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(rows, ys):
            z = sum(a * b for a, b in zip(w, x))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            d = p * (1.0 - p)
            for i in range(k):
                grad[i] += (p - y) * x[i]
                xi = x[i] * d
                hrow = hess[i]
                for j in range(k):
                    hrow[j] += xi * x[j]
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
    return w


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--outcomes", action="store_true",
                    help="label positions by the results of engine games (the weights in use)")
    ap.add_argument("--chunks", default="1:200,2:200,3:400,4:400",
                    help="with --outcomes: batches of games, seed:games,...")
    ap.add_argument("--sharpen", type=float, default=3.0,
                    help="with --outcomes: multiply the fitted weights by this")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--iterations", type=int, default=None,
                    help="Hard's iterations a move (default 300; 800 with --outcomes)")
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    t = time.time()
    if args.outcomes:
        chunks = [(int(a), int(b)) for a, b in (c.split(":") for c in args.chunks.split(","))]
        pos, ys = outcome_positions(chunks, args.iterations or 800)
    else:
        rng = random.Random(args.seed)
        pos = positions(args.games, args.iterations or 300, rng)
        ys = label(pos, args.playouts, rng)
    xs = [features(g) for g in pos]
    w = fit(xs, ys)
    preds = [1.0 / (1.0 + math.exp(-sum(a * b for a, b in zip(w, x + [1.0])))) for x in xs]
    mean = sum(ys) / len(ys)
    var = sum((y - mean) ** 2 for y in ys) / len(ys)
    mse = sum((p - y) ** 2 for p, y in zip(preds, ys)) / len(ys)
    print(f"{len(ys)} positions, mean label {mean:.3f}, MSE {mse:.4f}, R² {1 - mse / var:.3f}, "
          f"{time.time() - t:.0f} s")
    for name, v in zip(FEATURES, w):
        print(f"  {name:>20s} {v:+.3f}")
    if args.outcomes:
        print(f"fitted: WEIGHTS = ({', '.join(f'{v:.3f}' for v in w[:-1])}), BIAS = {w[-1]:.3f}; "
              f"sharpened by {args.sharpen:g}:")
        w = [round(v, 3) * args.sharpen for v in w]
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w[:-1]) + ")")
    print(f"BIAS = {w[-1]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
