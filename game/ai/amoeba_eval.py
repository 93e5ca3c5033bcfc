"""Amoeba knowledge for the search: Kernel captures in one, playouts, a static evaluation.

Two ways to score a leaf of the tree:

* playouts (Easy, and the engine before): random moves until a side can capture
  the other's Kernel (that side wins) or ``cutoff`` plies, then the stack count;
* the static evaluation (Medium and Hard, ``static=True``): a few random plies
  with the same capture checks, then ``static_value``, a logistic function of
  ten features of the position (``features``: stack count, mobility, the
  opponent's captures of the mover's Kernel, stacks in line with each Kernel,
  the Kernel stacks' heights and moves). Its weights (``WEIGHTS``) were fitted
  (``tools/fit_amoeba_eval.py --outcomes``) to the results of 1,200 games of
  Hard against itself (about 35,000 positions), then sharpened threefold. The
  weights before (``PLAYOUT_WEIGHTS``) were fitted to the mean result of 200
  random playouts from each position: they predict what the playouts say, and
  a playout cannot parry, so they called a single threat to a Kernel nearly
  lost; the engine parries it, and the weights from its games value it at much
  less. At 0.25 s a move, Hard with the new weights won 21 of 28 games against
  itself with the old ones.

Reads the rules core's flat state (``_st`` stacks, ``_c`` side to move, ``_kp``
Kernel points, ``_mv`` move tables) for speed; it never changes a position
except through ``play``.
"""
from __future__ import annotations

import math
import random

from ..rules.amoeba import MOVES_T, N, SPLIT, Amoeba
from ..rules.base import Game, Move
from ..rules.hexgrid import OPPOSITE, grid
from .knowledge import Knowledge, result_value

G = grid(4)
RAYS = G.rays
# TOWARD[k][d]: for each point kp and direction d, the pairs (p, dist, back) where p is
# ``dist`` steps from kp along d and ``back`` = OPPOSITE[d] (the way p moves to reach kp).
TOWARD: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((p, k, OPPOSITE[d]) for d in range(6) for k, p in enumerate(RAYS[kp][d], 1))
    for kp in range(N))


def kernel_capture(st: list, c: int, kp: int) -> int | None:
    """A move by colour c capturing the Kernel on kp (move int), or None."""
    for p, k, back in TOWARD[kp]:
        s = st[p]
        if not s or s[-1] & 1 != c:
            continue
        h = len(s)
        if h < k:
            continue
        ray = RAYS[p][back]
        if len(ray) < h:
            continue
        if h == k:
            return p * 128 + kp
        if s[k - 1] & 1 == c:
            return p * 128 + SPLIT + ray[h - 1]
    return None


def capture_count(st: list, c: int, kp: int) -> int:
    """How many moves of colour c would capture the Kernel on kp (were it c's turn)."""
    n = 0
    for p, k, back in TOWARD[kp]:
        s = st[p]
        if not s or s[-1] & 1 != c:
            continue
        h = len(s)
        if h < k or len(RAYS[p][back]) < h:
            continue
        if h == k or s[k - 1] & 1 == c:
            n += 1
    return n


def aligned_count(st: list, c: int, kp: int) -> int:
    """How many stacks of colour c stand in a straight line with the point kp."""
    n = 0
    for p, _k, _back in TOWARD[kp]:
        s = st[p]
        if s and s[-1] & 1 == c:
            n += 1
    return n


FEATURES = ("stacks", "mobility", "threats", "threatened", "their aligned", "our aligned",
            "our kernel height", "their kernel height", "our kernel moves", "their kernel moves")
# Fitted by ``python tools/fit_amoeba_eval.py --outcomes`` (see the module docstring); for the
# side to move.
WEIGHTS = (0.120, 0.474, -1.842, 1.392, 0.036, 0.033, -0.498, 0.462, 0.015, 0.003)
BIAS = -0.072
# The weights before, fitted to the mean result of playouts (the tool without --outcomes);
# the games the tool fits WEIGHTS to are played with them.
PLAYOUT_WEIGHTS = (-0.022, 0.202, -1.117, -1.791, -0.061, 0.049, -0.130, 0.111, -0.113, 0.124)
PLAYOUT_BIAS = -0.053


def features(game: Amoeba) -> list[float]:
    """The evaluation's features of ``game`` for its side to move (x; y the other side):
    stacks controlled (x - y), legal moves (x - y, in tens), y's captures of x's Kernel
    (count, and 1 if any), y's stacks in line with x's Kernel, x's with y's, the heights
    of both Kernels' stacks and the moves of both Kernels' stacks."""
    st = game.point_stacks
    mv = game.stack_moves
    x = game.mover
    y = 1 - x
    kx = game.kernel_points[x]
    ky = game.kernel_points[y]
    cnt = [0, 0]
    for s in st:
        if s:
            cnt[s[-1] & 1] += 1
    mob_x = 0
    for t in mv[x]:
        mob_x += len(t)
    mob_y = 0
    for t in mv[y]:
        mob_y += len(t)
    caps = capture_count(st, y, kx)
    return [cnt[x] - cnt[y], (mob_x - mob_y) / 10.0, caps, 1.0 if caps else 0.0,
            aligned_count(st, y, kx), aligned_count(st, x, ky),
            len(st[kx]), len(st[ky]), len(mv[x][kx]), len(mv[y][ky])]


def static_value(game: Amoeba, weights: tuple = WEIGHTS, bias: float = BIAS) -> float:
    """The static evaluation of an unfinished position, for Black, in (0, 1)."""
    z = bias
    for a, b in zip(weights, features(game)):
        z += a * b
    if z > 30.0:
        z = 30.0
    elif z < -30.0:
        z = -30.0
    v = 1.0 / (1.0 + math.exp(-z))
    return v if game.mover == 0 else 1.0 - v


def _amoeba(game: Game) -> Amoeba:
    """The position the search hands this game's knowledge, as the ``Amoeba`` it is."""
    assert isinstance(game, Amoeba), game
    return game


class AmoebaKnowledge(Knowledge):
    """Immediate Kernel captures; leaves scored by decisive playouts cut off and scored by
    stack count, or (``static``) by a few decisive plies and the static evaluation."""

    name = "amoeba"

    def __init__(self, cutoff: int = 60, decisive: bool = True, static: bool = False,
                 plies: int = 4, weights: tuple = WEIGHTS, bias: float = BIAS) -> None:
        super().__init__()
        self.weights = weights
        self.bias = bias
        self.cutoff = cutoff
        self.decisive = decisive
        self.static = static
        self.plies = plies

    def win_now(self, game: Game) -> Move | None:
        amoeba = _amoeba(game)
        c = amoeba.mover
        return kernel_capture(amoeba.point_stacks, c, amoeba.kernel_points[1 - c])

    def simulate(self, game: Game, rng: random.Random) -> float:
        if not self.static and not self.decisive:
            game.random_playout(rng, self.cutoff)
            return result_value(game) if game.result is not None else self.evaluate(game)
        v = self._plies(_amoeba(game), rng, self.plies if self.static else self.cutoff)
        return self.evaluate(game) if v is None else v

    @staticmethod
    def _plies(game: Amoeba, rng: random.Random, plies: int) -> float | None:
        """Up to ``plies`` random moves, stopping when the game ends or the side to move can
        capture the enemy Kernel (that side wins): the value for Black, or None if undecided."""
        st = game.point_stacks
        kp = game.kernel_points
        rnd = rng.random
        play = game.play
        legal = game.legal_moves
        for _ in range(plies):
            if game.result is not None:
                return result_value(game)
            c = game.mover
            if kernel_capture(st, c, kp[1 - c]) is not None:
                return 1.0 if c == 0 else 0.0
            ms = legal()
            play(ms[int(rnd() * len(ms))])
        if game.result is not None:
            return result_value(game)
        return None

    def evaluate(self, game: Game) -> float:
        if game.result is not None:
            return result_value(game)
        amoeba = _amoeba(game)
        st = amoeba.point_stacks
        if self.static:
            c = amoeba.mover
            if kernel_capture(st, c, amoeba.kernel_points[1 - c]) is not None:
                return 1.0 if c == 0 else 0.0
            return static_value(amoeba, self.weights, self.bias)
        n = [0, 0]
        for s in st:
            if s:
                n[s[-1] & 1] += 1
        d = n[0] - n[1]
        return 0.5 + max(-0.4, min(0.4, d * 0.05))
