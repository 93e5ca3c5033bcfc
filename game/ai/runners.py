"""Scripted Onyx opponents that test whether the engine understands connection.

Two players a person can beat by blocking, but a search without any idea of
connection does not stop (the issue: a straight run along the side of the
board won against Hard in about 20 moves):

* ``line``: the side-line run. It fills a straight line that joins its own
  edges, along the side of the board (Black: column a, where its start stones
  are; White: row 1), in order from one end. Once the line is cut (an opponent's
  stone on it) it plays on as ``runner``.
* ``runner``: the greedy shortest-path runner. It connects at once when it can;
  otherwise it plays the point that leaves it the fewest empty points to fill
  (``onyx_eval.path_distance``, captures included), preferring among those the
  one that leaves the opponent the most, then at random.

``runner_move(game, name, rng)`` gives the move; the match runner accepts the
names as players (``python -m game.ai.match onyx --black line --white medium``).
Variants: ``line-b`` runs one line further in (Black: column b; White: row 2),
``line-far`` along the far side (Black: the last column; White: row n).
"""
from __future__ import annotations

import random

from ..rules.base import Game, Move
from ..rules.onyx import Onyx
from .onyx_eval import INF, ConnectionMaps, connecting_point, path_distance

RUNNER_NAMES = ("line", "line-b", "line-far", "runner")


def line_points(game: Onyx, which: str = "line") -> list[int]:
    """The points of the side to move's straight line, in the order the runner fills them."""
    geo = game.geometry
    n = geo.n
    black = int(game.to_move) == 0
    k = {"line": 0, "line-b": 1, "line-far": n - 1}[which]
    if black:        # a column, rows 1..n
        return [geo.corner(k, y) for y in range(1, n + 1)]
    row = 1 + k      # a row, columns a..last
    return [geo.corner(x, row) for x in range(n)]


def greedy_move(game: Onyx, rng: random.Random) -> Move:
    """The shortest-path runner's move (see the module docstring)."""
    s = int(game.to_move) + 1
    w = connecting_point(game, s)
    if w is not None:
        return w
    maps = ConnectionMaps(game)
    nc = game.geometry.nc
    legal = [m for m in game.legal_moves() if 0 <= m < nc]
    dm = maps.d_me
    # Candidates: the points on a shortest path of ours, and our captures.
    cands = [p for p in legal if maps.m1[p] + maps.m2[p] - 1 == dm] + \
        [p for p in maps.caps_me if p in legal]
    if not cands:
        cands = legal
    best = None
    best_key = None
    for p in dict.fromkeys(cands):
        game.play(p)
        if game.result is not None:
            game.undo()
            return p
        mine = path_distance(game, s)
        theirs = path_distance(game, 3 - s)
        game.undo()
        key = (mine, -min(theirs, INF), rng.random())
        if best_key is None or key < best_key:
            best, best_key = p, key
    assert best is not None
    return best


def runner_move(game: Game, name: str, rng: random.Random) -> Move:
    """The scripted player ``name`` (one of RUNNER_NAMES) moves in an Onyx game."""
    if not isinstance(game, Onyx):
        raise ValueError(f"the {name} player plays Onyx only")
    if name not in RUNNER_NAMES:
        raise ValueError(f"unknown scripted player {name!r}: choose one of {', '.join(RUNNER_NAMES)}")
    legal = game.legal_moves()
    swap = game.SWAP
    if swap in legal:
        legal = [m for m in legal if m != swap]
    if name.startswith("line"):
        s = int(game.to_move) + 1
        w = connecting_point(game, s)
        if w is not None:
            return w
        cell = game.cells
        pts = line_points(game, name)
        if all(cell[p] in (0, s) for p in pts):
            for p in pts:
                if cell[p] == 0 and p in legal:
                    return p
    return greedy_move(game, rng)
