"""Onager's board geometry and move generation, shared by the rules core (``onager.py``) and
the engine's knowledge (through ``onager``'s names).

The board is two flat lists over the 91 cells (see ``onager``): ``top[p]`` 0 empty, 1 black
piece on top, 2 white piece on top, 3 lake (plus the OFF sentinel, always a lake), and
``hgt[p]`` the number of discs. Pure: no pygame, no files, no clocks.
"""
from __future__ import annotations

from .base import Color
from .hexgrid import grid

# ----------------------------------------------------------------- geometry
G = grid(6)
N = G.size                      # 91
CENTRE = G.index["f6"]
EMPTY, BLACK, WHITE, LAKE = 0, 1, 2, 3
ROW_A = tuple(p for p in range(N) if G.row_of[p] == 0)          # Black's back row
ROW_K = tuple(p for p in range(N) if G.row_of[p] == G.rows - 1)  # White's back row
A_LO, A_HI = ROW_A[0], ROW_A[-1] + 1
K_LO, K_HI = ROW_K[0], ROW_K[-1] + 1
BACK = tuple(p in ROW_A or p in ROW_K for p in range(N))
DISCS_PER_COLOUR = 13
LAKES = 3
CODE_OF = {Color.BLACK: BLACK, Color.WHITE: WHITE}
COLOR_OF = {BLACK: Color.BLACK, WHITE: Color.WHITE}
LETTER = {BLACK: "B", WHITE: "W"}

# OFF is a sentinel cell index just past the board; ``_top[OFF]`` is always a
# lake, so a landing "off the board" fails the landing test without a branch.
OFF = N
ALL = tuple(range(N))
ADJ: tuple[tuple[int, ...], ...] = tuple(tuple(a) for a in G.adjacent)
# JP[p]: for each direction whose ray from p has at least 2 cells, the pairs
# (pivot candidate ray[i], landing ray[2i+1]) in order. The first non-empty
# pivot candidate decides the direction; if the first non-empty cell lies
# beyond the last pair, its landing would be off the board.
JP: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple((ray[i], ray[2 * i + 1]) for i in range(len(ray) // 2))
          for ray in G.rays[p] if len(ray) >= 2)
    for p in range(N))
# DIRS[p]: for each direction with a neighbour n0: (n0, landing over n0 or OFF,
# the remaining (pivot, landing) pairs from i = 1). Walks and jumps in one scan.
DIRS: tuple[tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...], ...] = tuple(
    tuple((ray[0], ray[1] if len(ray) >= 2 else OFF,
           tuple((ray[i], ray[2 * i + 1]) for i in range(1, len(ray) // 2)))
          for ray in G.rays[p] if ray)
    for p in range(N))
# For the playout's move cache (see random_playout): RAYS[x] the non-empty rays
# from x as (distance, cell) pairs.
RAYS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple(enumerate(r, 1)) for r in G.rays[p] if r) for p in range(N))


# --------------------------------------------------------- move generation
# The three generators below share one scan; they are written out separately
# because this is the engine's hot path. ``top`` must have the OFF sentinel.

def _chains(A: int, c: int, top: list[int], hgt: list[int], moves: list[int], start: int,
            front: list[int], JP: tuple = JP) -> None:
    """Append the chain destinations of the piece on A (spec 4.8).

    ``moves[start:]`` already holds A's walks and single jumps; ``front`` the
    single-jump landings on enemy pieces. Breadth-first on the chain board:
    expand only landings on enemy pieces, never land on A or twice. (Walk
    targets in ``seen`` do no harm: a chain never ends next to A, spec 7.1.)
    """
    ap = moves.append
    b = (A + 1) << 8
    e = 3 - c
    top[A] = e if hgt[A] > 1 else EMPTY          # the chain board (4.6.3)
    seen = {m & 255 for m in moves[start:]}
    seen.add(A)
    for X in front:                 # the list grows while we walk it: BFS order
        for seq in JP[X]:
            for P, L in seq:
                t = top[P]
                if t:
                    if t == c and L not in seen:
                        t = top[L]
                        if not t:
                            seen.add(L)
                            ap(b | L)
                        elif t == e:
                            seen.add(L)
                            ap(b | L)
                            front.append(L)
                    break
    top[A] = c


def _piece_moves(A: int, c: int, top: list[int], hgt: list[int], moves: list[int],
                 DIRS: tuple = DIRS) -> bool:
    """Append every legal move of the own piece on A to ``moves``.

    Returns True when the piece has a chain (a single jump onto an enemy piece),
    False when its moves depend only on the cells its scan read.
    """
    ap = moves.append
    start = len(moves)
    b = (A + 1) << 8
    e = 3 - c
    front = None
    for n0, L, rest in DIRS[A]:
        t = top[n0]
        if t:
            if t == c:
                t = top[L]
                if not t:
                    ap(b | L)
                elif t == e:
                    ap(b | L)
                    if front is None:
                        front = [L]
                    else:
                        front.append(L)
            continue
        ap(b | n0)
        for P, L in rest:
            t = top[P]
            if t:
                if t == c:
                    t = top[L]
                    if not t:
                        ap(b | L)
                    elif t == e:
                        ap(b | L)
                        if front is None:
                            front = [L]
                        else:
                            front.append(L)
                break
    if front is None:
        return False
    _chains(A, c, top, hgt, moves, start, front)
    return True


def moves_for(c: int, top: list[int], hgt: list[int], DIRS: tuple = DIRS, ALL: tuple = ALL) -> list[int]:
    """All play-phase moves of colour code c, grouped by from-cell (no end checks)."""
    moves: list[int] = []
    ap = moves.append
    e = 3 - c
    for A in ALL:
        if top[A] != c:
            continue
        start = len(moves)
        b = (A + 1) << 8
        front = None
        for n0, L, rest in DIRS[A]:
            t = top[n0]
            if t:
                if t == c:
                    t = top[L]
                    if not t:
                        ap(b | L)
                    elif t == e:
                        ap(b | L)
                        if front is None:
                            front = [L]
                        else:
                            front.append(L)
                continue
            ap(b | n0)
            for P, L in rest:
                t = top[P]
                if t:
                    if t == c:
                        t = top[L]
                        if not t:
                            ap(b | L)
                        elif t == e:
                            ap(b | L)
                            if front is None:
                                front = [L]
                            else:
                                front.append(L)
                    break
        if front is not None:
            _chains(A, c, top, hgt, moves, start, front)
    return moves


def _has_move(c: int, top: list[int], hgt: list[int]) -> bool:
    """Whether colour code c has any legal move (quick walk test, then full)."""
    mine = [A for A in ALL if top[A] == c]
    for A in mine:
        for n in ADJ[A]:
            if not top[n]:
                return True
    out: list[int] = []
    for A in mine:
        _piece_moves(A, c, top, hgt, out)
        if out:
            return True
    return False


def _single_jumps(X: int, c: int, board: list[int]) -> list[int]:
    """Landing cells of single jumps from X for colour c on ``board`` (a chain board)."""
    out = []
    for seq in JP[X]:
        for P, L in seq:
            t = board[P]
            if t:
                if t == c and not (board[L] & c):
                    out.append(L)
                break
    return out


def _count_change(top: list[int], hgt: list[int], move: int, c: int) -> tuple[int, int]:
    """How a play move of colour c changes (c's discs on its far row, the other's on theirs): its
    disc leaves the start (uncovering an enemy disc on a stack) and lands on top of the end."""
    f = (move >> 8) - 1
    t = move & 255
    mine = theirs = 0
    if BACK[f]:
        if f in FAR[c]:
            mine -= 1
        elif hgt[f] > 1:                     # the disc underneath is the other side's, on its far row
            theirs += 1
    if BACK[t]:
        if t in FAR[c]:
            mine += 1
        elif top[t] == 3 - c:
            theirs -= 1
    return mine, theirs


def _far_row(c: int) -> tuple[int, ...]:
    """The row where colour code c's discs count: the other side's back row."""
    return ROW_K if c == BLACK else ROW_A


FAR = {BLACK: frozenset(ROW_K), WHITE: frozenset(ROW_A)}   # each colour code's far row, as a set
