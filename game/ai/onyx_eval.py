"""Onyx knowledge for the search: connections in one move, RAVE-friendly playouts.

Reads the rules core's flat state (``_cell`` stones, ``_g`` geometry) for speed;
it never changes a position except through ``play``.
"""
from __future__ import annotations

import random

from ..rules.base import Game, Move
from .knowledge import Knowledge, result_value


def connecting_point(game: Game, s: int) -> int | None:
    """An empty corner point where a stone of value s (1 black, 2 white) connects its edges.

    Captures only remove the opponent's stones, so the mover connects exactly when
    the new stone joins own groups that together touch both of the mover's edges.
    """
    geo = game._g  # type: ignore[attr-defined]
    cell = game._cell  # type: ignore[attr-defined]
    nbrs = geo.nbrs
    em = geo.edge[s]
    nc = geo.nc
    comp: dict[int, int] = {}
    masks: list[int] = []
    groups: list[list[int]] = []
    for p in range(geo.size):
        if cell[p] == s and p not in comp:
            cid = len(masks)
            comp[p] = cid
            mem = [p]
            k = em[p]
            for x in mem:
                for y in nbrs[x]:
                    if cell[y] == s and y not in comp:
                        comp[y] = cid
                        mem.append(y)
                        k |= em[y]
            masks.append(k)
            groups.append(mem)
    tried: set[int] = set()
    for cid, k in enumerate(masks):
        if not k:
            continue
        for x in groups[cid]:
            for y in nbrs[x]:
                if y < nc and cell[y] == 0 and y not in tried:
                    tried.add(y)
                    total = em[y]
                    for z in nbrs[y]:
                        if cell[z] == s:
                            total |= masks[comp[z]]
                    if total == 3:
                        return y
    return None


class OnyxKnowledge(Knowledge):
    """Immediate connections, uniform random playouts (fast, in the rules core), RAVE."""

    name = "onyx"
    rave = True

    def win_now(self, game: Game) -> Move | None:
        if game.result is not None:
            return None
        return connecting_point(game, int(game.to_move) + 1)

    def simulate(self, game: Game, rng: random.Random) -> float:
        game.random_playout(rng, self.playout_cap)
        return result_value(game)


# ------------------------------------------------------------------ pie rule
def centrality(game: Game, p: int) -> float:
    """Distance of point p from the centre of the board, in rows/columns (Chebyshev).

    A midpoint sits in the middle of its square cell.
    """
    geo = game._g  # type: ignore[attr-defined]
    n = geo.n
    x, y = geo.xy[p]
    if p >= geo.nc:
        x, y = x + 0.5, y + 0.5
    return max(abs(x - (n - 1) / 2.0), abs(y - (n + 1) / 2.0))


def strong_opening(game: Game, p: int) -> bool:
    """Whether a first stone on p is strong enough for White to take it with ``swap``:
    a stone in the central region (within n/4 of the centre both ways)."""
    n = game._g.n  # type: ignore[attr-defined]
    return centrality(game, p) <= n / 4.0


def pie_opening(game: Game, rng: random.Random) -> Move:
    """Black's first move under the pie rule: good but not worth swapping, i.e. just
    outside the central region (chosen at random among those points)."""
    n = game._g.n  # type: ignore[attr-defined]
    moves = [m for m in game.legal_moves() if m >= 0]
    ring = [m for m in moves if n / 4.0 < centrality(game, m) <= n / 4.0 + 1.5]
    pool = ring or [m for m in moves if not strong_opening(game, m)] or moves
    return pool[int(rng.random() * len(pool))]
