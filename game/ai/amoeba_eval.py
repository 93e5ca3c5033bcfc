"""Amoeba knowledge for the search: Kernel captures in one, safe playouts, evaluation.

Reads the rules core's flat state (``_st`` stacks, ``_c`` side to move, ``_kp``
Kernel points) for speed; it never changes a position except through ``play``.
"""
from __future__ import annotations

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


class AmoebaKnowledge(Knowledge):
    """Immediate Kernel captures, decisive playouts cut off and scored by stack count."""

    name = "amoeba"

    def __init__(self, cutoff: int = 60, decisive: bool = True, defend: int = 0) -> None:
        super().__init__()
        self.cutoff = cutoff
        self.decisive = decisive
        self.defend = defend      # playouts: tries to answer a threat on the own Kernel

    def win_now(self, game: Game) -> Move | None:
        c = game._c  # type: ignore[attr-defined]
        return kernel_capture(game._st, c, game._kp[1 - c])  # type: ignore[attr-defined]

    def simulate(self, game: Game, rng: random.Random) -> float:
        if not self.decisive:
            game.random_playout(rng, self.cutoff)
            return result_value(game) if game.result is not None else self.evaluate(game)
        st = game._st  # type: ignore[attr-defined]
        kp = game._kp  # type: ignore[attr-defined]
        rnd = rng.random
        play = game.play
        undo = game.undo
        legal = game.legal_moves
        defend = self.defend
        for _ in range(self.cutoff):
            if game.result is not None:
                return result_value(game)
            c = game._c  # type: ignore[attr-defined]
            if kernel_capture(st, c, kp[1 - c]) is not None:
                return 1.0 if c == 0 else 0.0
            ms = legal()
            if defend and kernel_capture(st, 1 - c, kp[c]) is not None:
                # The opponent threatens our Kernel: try a few moves for one that parries.
                for _t in range(defend):
                    play(ms[int(rnd() * len(ms))])
                    if game.result is not None or kernel_capture(st, 1 - c, kp[c]) is None:
                        break
                    undo()
                else:
                    play(ms[int(rnd() * len(ms))])
                continue
            play(ms[int(rnd() * len(ms))])
        if game.result is not None:
            return result_value(game)
        return self.evaluate(game)

    def evaluate(self, game: Game) -> float:
        if game.result is not None:
            return result_value(game)
        st = game._st  # type: ignore[attr-defined]
        n = [0, 0]
        for s in st:
            if s:
                n[s[-1] & 1] += 1
        d = n[0] - n[1]
        return 0.5 + max(-0.4, min(0.4, d * 0.05))
