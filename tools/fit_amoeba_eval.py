"""Fit the weights of Amoeba's static evaluation (``game.ai.amoeba_eval.WEIGHTS``, ``BIAS``).

    python tools/fit_amoeba_eval.py [--games 100] [--iterations 300] [--playouts 200] [--seed 1]

1. Positions: quick engine games (Hard at a fixed number of iterations, one move in ten
   random, both from ``--seed``); every position from the third ply on whose side to move
   cannot capture the enemy Kernel at once.
2. Labels: from each position, ``--playouts`` decisive playouts (the playouts Easy scores its
   leaves with, cut off at 150 plies); the label is the mover's mean result.
3. Fit: logistic regression of the labels on ``amoeba_eval.features`` (cross-entropy with
   soft labels, Newton steps, a tiny ridge), in plain Python.

Prints the fit (R², mean squared error) and the weights in the form of the module's
constants. Deterministic for a seed; about a minute on one core with the defaults.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.amoeba_eval import FEATURES, AmoebaKnowledge, features, kernel_capture  # noqa: E402
from game.ai.levels import choose_move  # noqa: E402
from game.rules import make_game  # noqa: E402


def positions(games: int, iterations: int, rng: random.Random) -> list:
    out = []
    for _ in range(games):
        g = make_game("amoeba")
        while g.result is None and g.ply < 200:
            c = g._c
            if g.ply >= 2 and kernel_capture(g._st, c, g._kp[1 - c]) is None:
                out.append(g.copy())
            if rng.random() < 0.1:
                ms = g.legal_moves()
                g.play(ms[int(rng.random() * len(ms))])
            else:
                g.play(choose_move(g, "hard", rng, iterations=iterations))
    return out


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
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    t = time.time()
    pos = positions(args.games, args.iterations, rng)
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
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w[:-1]) + ")")
    print(f"BIAS = {w[-1]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
