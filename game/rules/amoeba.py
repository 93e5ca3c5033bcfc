"""Amoeba: the rules core, exact to ``docs/rules/amoeba.md``.

Pure Python: no pygame, no files, no clocks.

Representation
--------------
* Points are the indices 0..36 of ``hexgrid.grid(4)`` (canonical order).
* A piece is an int: bit 0 is the colour (0 black, 1 white), bit 1 marks a Kernel,
  so ``B=0, W=1, Bk=2, Wk=3``. A stack is a tuple of pieces, bottom to top; an
  empty point holds ``()``. Tuples are immutable, so ``copy()`` is a flat list copy.
* A move is an int ``src * 128 + split * 64 + dst`` (``split`` is 1 for ``from>to``).
  Sorting these ints gives the spec's canonical order (section 6.5): from-point,
  then ``-`` before ``>``, then to-point. ``move_sort_key`` is the identity.
* ``key()`` is a Zobrist key over (point, height index, piece) plus the side to
  move, updated incrementally. Repetition (section 5.2) counts positions by it.

Ending by agreement (section 5.4)
---------------------------------
``end_by_agreement()`` sets the result (stack count, reason ``agreement``) while
the game is not over, and raises ``GameOverError`` otherwise. It is not a move and
is not in the history. ``cancel_agreement()`` clears such a result again (for the
UI's undo). ``undo()`` of a board move also clears any result, since no move can
be played once a game is over, so the position before the last move was unfinished.
"""
from __future__ import annotations

import random
import re
from typing import Any

from .base import (Color, Danger, Game, Reason, GameOverError, IllegalMoveError, InvalidMoveError, Motion,
                   PositionError, Result, RulesError, Threat, normalise, split_position)
from .hexgrid import grid

__all__ = ["Amoeba"]

G = grid(4)
N = G.size  # 37
LABELS: tuple[str, ...] = tuple(G.labels)
INDEX: dict[str, int] = dict(G.index)

B, W, BK, WK = 0, 1, 2, 3
CODES = ("B", "W", "Bk", "Wk")
CODE_OF = {"b": B, "w": W, "bk": BK, "wk": WK}
KERNEL = (BK, WK)  # kernel piece of each colour
COLORS = (Color.BLACK, Color.WHITE)

SPLIT = 64
MAXH = 22  # 22 pieces in all: no stack can be taller

# ------------------------------------------------------------------ tables
# PATH[src*64 + dst] = points src+1d .. src+kd (dst last) when dst is k steps from src.
PATH: list[tuple[int, ...]] = [()] * (N * 64)     # () where dst is not on a line from src
# MOVES[p][h] = legal move ints (whole moves and, for h >= 2, splits) of a
# height-h stack on p, in canonical order. Empty for h >= 7.
MOVES: list[tuple[tuple[int, ...], ...]] = []
for _p in range(N):
    for _d in range(6):
        _ray = G.rays[_p][_d]
        for _k in range(1, len(_ray) + 1):
            PATH[_p * 64 + _ray[_k - 1]] = _ray[:_k]
    _row: list[tuple[int, ...]] = [()]
    for _h in range(1, MAXH + 1):
        _dsts = sorted(G.rays[_p][_d][_h - 1] for _d in range(6) if len(G.rays[_p][_d]) >= _h)
        _ms = [_p * 128 + _t for _t in _dsts]
        if _h >= 2:
            _ms += [_p * 128 + SPLIT + _t for _t in _dsts]
        _row.append(tuple(_ms))
    MOVES.append(tuple(_row))
MOVES_T = tuple(MOVES)

# Zobrist: ZP[p][i*4 + piece] for piece at height index i on point p; ZSIDE when White moves.
_zr = random.Random(0xA40EBA)
ZP: tuple[tuple[int, ...], ...] = tuple(tuple(_zr.getrandbits(64) for _ in range(MAXH * 4))
                                        for _ in range(N))
ZSIDE = _zr.getrandbits(64)

_MOVE_RE = re.compile(r"^([a-z]+[0-9]+)([->])([a-z]+[0-9]+)$")
_POINT_RE = re.compile(r"^[a-g][1-7]$")

REPETITION = Result(None, Reason.REPETITION_COUNT)  # marker inside random_playout (identity)

START = ("a1: B; a2: B; a3: B; a4: B; b3: Bk; c1: B; c2: B; c3: B; c4: B; c5: B; c6: B; "
         "e1: W; e2: W; e3: W; e4: W; e5: W; e6: W; f3: Wk; g1: W; g2: W; g3: W; g4: W")


def _zkey(st: list[tuple[int, ...]], c: int) -> int:
    k = ZSIDE if c else 0
    for p in range(N):
        z = ZP[p]
        for i, pc in enumerate(st[p]):
            k ^= z[i * 4 + pc]
    return k


def _point(text: str) -> int:
    """Index of a (normalised) point label; InvalidMoveError if it is not one of the 37."""
    if _POINT_RE.match(text) and text in INDEX:
        return INDEX[text]
    raise InvalidMoveError(f"{text!r} is not a point of the Amoeba board "
                           f"(rows a-g; a and g hold 1-4, b and f 1-5, c and e 1-6, d 1-7)")


class Amoeba(Game):
    """A game of Amoeba in progress (see the module docstring)."""

    name = "amoeba"

    __slots__ = ("_st", "_mv", "_c", "_key", "_kp", "_res", "_hist", "_seen")

    # ----------------------------------------------------------- creation
    def __init__(self) -> None:
        self._st: list[tuple[int, ...]] = [()] * N
        # _mv[c][p]: the legal moves of the stack on p if colour c controls it, else ().
        self._mv: tuple[list[tuple[int, ...]], list[tuple[int, ...]]] = ([()] * N, [()] * N)
        self._c = 0
        self._key = 0
        self._kp = [-1, -1]  # point of each colour's Kernel
        self._res: Result | None = None
        # one entry per move: (move, key before, kernel points before, src stack, dst stack)
        self._hist: list[tuple] = []
        self._seen: dict[int, int] = {}  # repetition counts by key

    @classmethod
    def new(cls, **options: Any) -> "Amoeba":
        _check_options(options)
        return cls.from_position(START, Color.BLACK)

    @classmethod
    def from_position(cls, text: str, to_move: Color | str = Color.BLACK, **options: Any) -> "Amoeba":
        """Read ``"d4: W,B,B; b3: Bk; f3: Wk"`` (stacks bottom to top; B, Bk, W, Wk).

        Case and spacing are free. The position must hold exactly one Kernel of each
        colour and at most ten normal pieces of each colour. The end checks of
        section 5.1 run at once, with the player not to move as the one who moved.
        """
        _check_options(options)
        if isinstance(to_move, str):
            try:
                to_move = Color.parse(to_move)
            except ValueError as e:
                raise PositionError(str(e)) from None
        elif not isinstance(to_move, Color):
            if to_move in (0, 1):
                to_move = Color(to_move)
            else:
                raise PositionError(f"side to move must be black or white, not {to_move!r}")
        if not isinstance(text, str):
            raise PositionError("a position must be given as text, e.g. 'd4: W,B,B; b3: Bk; f3: Wk'")
        st: list[tuple[int, ...]] = [()] * N
        tally = [0, 0, 0, 0]
        for head, body in split_position(text):
            lab = normalise(head)
            if lab not in INDEX or not _POINT_RE.match(lab):
                raise PositionError(f"{head!r} is not a point of the Amoeba board", kind="not-a-point", text=head)
            p = INDEX[lab]
            if st[p]:
                raise PositionError(f"point {lab} is listed twice", kind="listed-twice", cell=lab)
            typed = [x.strip() for x in body.split(",")]    # a refusal quotes them as typed
            parts = [normalise(x) for x in typed]
            if not body.strip() or any(not x for x in parts):
                raise PositionError(f"point {lab}: list its pieces bottom to top, separated by "
                                    f"commas (B, Bk, W, Wk)", kind="empty-stack", cell=lab)
            stack = []
            for x, as_typed in zip(parts, typed):
                if x not in CODE_OF:
                    raise PositionError(f"point {lab}: {as_typed!r} is not a piece (use B, Bk, W or Wk)",
                                        kind="not-a-piece", cell=lab, text=as_typed)
                stack.append(CODE_OF[x])
                tally[CODE_OF[x]] += 1
            st[p] = tuple(stack)
        for pc, most, what in ((BK, 1, "black Kernel"), (WK, 1, "white Kernel"),
                               (B, 10, "black normal pieces"), (W, 10, "white normal pieces")):
            if tally[pc] > most:
                raise PositionError(f"too many {what}: {tally[pc]} (at most {most})", kind="too-many",
                                    piece=CODES[pc], count=tally[pc], most=most)
        for pc, what in ((BK, "black"), (WK, "white")):
            if tally[pc] == 0:
                raise PositionError(f"the {what} Kernel (written {CODES[pc]}) is missing", kind="kernel-missing",
                                    colour=what)
        g = cls()
        g._st = st
        g._c = int(to_move)
        for c in (0, 1):
            g._kp[c] = next(p for p in range(N) if KERNEL[c] in st[p])
        for p in range(N):
            g._refresh(p)
        g._key = _zkey(st, g._c)
        g._seen = {g._key: 1}
        g._res = g._load_checks()
        return g

    def _load_checks(self) -> Result | None:
        """Section 5.1 for a loaded position: X is the player not to move."""
        st, kp = self._st, self._kp
        y = self._c
        x = 1 - y
        if st[kp[y]][-1] & 1 == x:
            return Result(COLORS[x], Reason.KERNEL_CAPTURED)
        if st[kp[x]][-1] & 1 == y:
            return Result(COLORS[y], Reason.KERNEL_CAPTURED)
        if not self._has_moves(y):
            return Result(COLORS[x], Reason.NO_MOVES)
        return None

    def copy(self) -> "Amoeba":
        g = Amoeba.__new__(Amoeba)
        g._st = self._st[:]
        g._mv = (self._mv[0][:], self._mv[1][:])
        g._c = self._c
        g._key = self._key
        g._kp = self._kp[:]
        g._res = self._res
        g._hist = self._hist[:]
        g._seen = self._seen.copy()
        return g

    def options(self) -> dict[str, Any]:
        return {}

    # -------------------------------------------------------------- state
    @property
    def to_move(self) -> Color:
        return COLORS[self._c]

    @property
    def result(self) -> Result | None:
        return self._res

    @property
    def ply(self) -> int:
        return len(self._hist)

    # The position as the engine's knowledge reads it (``game.ai.amoeba_eval``), for speed:
    # the board's own lists, not copies; only ``play`` and ``undo`` change them.
    @property
    def point_stacks(self) -> list[tuple[int, ...]]:
        """Each point's stack of pieces, bottom to top (``()``: empty), by point index."""
        return self._st

    @property
    def stack_moves(self) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """[colour][point]: the legal moves of the stack on the point when that colour
        controls it, else ``()``."""
        return self._mv

    @property
    def mover(self) -> int:
        """The side to move as a piece's colour bit: 0 Black, 1 White."""
        return self._c

    @property
    def kernel_points(self) -> list[int]:
        """The point of each colour's Kernel ([Black's, White's])."""
        return self._kp

    def moves_played(self) -> list[int]:
        return [h[0] for h in self._hist]

    def key(self) -> int:
        return self._key

    def repetitions(self) -> int:
        """How many times the current position has occurred (1 for a fresh position)."""
        return self._seen.get(self._key, 0)

    def _refresh(self, p: int) -> None:
        """Recompute the move table entries of point p from its stack."""
        s = self._st[p]
        if s:
            c = s[-1] & 1
            self._mv[c][p] = MOVES_T[p][len(s)]
            self._mv[1 - c][p] = ()
        else:
            self._mv[0][p] = self._mv[1][p] = ()

    def _has_moves(self, c: int) -> bool:
        return any(self._mv[c])

    def legal_moves(self) -> list[int]:
        if self._res is not None:
            return []
        ms: list[int] = []
        for t in self._mv[self._c]:
            if t:
                ms += t
        return ms

    def _count_result(self, reason: str) -> Result:
        n = self._counts()
        if n[0] > n[1]:
            return Result(Color.BLACK, reason)
        if n[1] > n[0]:
            return Result(Color.WHITE, reason)
        return Result(None, reason)

    def _counts(self) -> list[int]:
        n = [0, 0]
        for s in self._st:
            if s:
                n[s[-1] & 1] += 1
        return n

    # --------------------------------------------------------- play / undo
    def play(self, move: int) -> None:
        if self._res is not None:
            raise GameOverError(f"the game is over ({self._res.describe()}): no move is legal", result=self._res)
        st = self._st
        mv = self._mv
        src = move >> 7
        dst = move & 63
        s = st[src]
        key = self._key
        kp = self._kp
        k0, k1 = kp
        old_dst = st[dst]
        x = self._c
        y = 1 - x
        mvx = mv[x]
        self._hist.append((move, key, k0, k1, s, old_dst))
        zs = ZP[src]
        if move & SPLIT:
            path = PATH[src * 64 + dst]
            i = 0
            for q in path:
                pc = s[i]
                t = st[q]
                h = len(t)
                key ^= zs[i * 4 + pc] ^ ZP[q][h * 4 + pc]
                st[q] = t + (pc,)
                col = pc & 1
                mv[col][q] = MOVES_T[q][h + 1]
                mv[1 - col][q] = ()
                i += 1
            if k0 == src:
                kp[0] = path[s.index(BK)]
            if k1 == src:
                kp[1] = path[s.index(WK)]
        else:
            zd = ZP[dst]
            b = len(old_dst) * 4
            i = 0
            for pc in s:
                key ^= zs[i + pc] ^ zd[b + i + pc]
                i += 4
            nd = old_dst + s
            st[dst] = nd
            mvx[dst] = MOVES_T[dst][len(nd)]
            mv[y][dst] = ()
            if k0 == src:
                kp[0] = dst
            if k1 == src:
                kp[1] = dst
        st[src] = ()
        mvx[src] = ()
        key ^= ZSIDE
        self._key = key
        self._c = y
        seen = self._seen
        n = seen.get(key, 0) + 1
        seen[key] = n
        # Section 5.1, in order.
        if st[kp[y]][-1] & 1 == x:
            self._res = Result(COLORS[x], Reason.KERNEL_CAPTURED)
        elif st[kp[x]][-1] & 1 == y:
            self._res = Result(COLORS[y], Reason.KERNEL_CAPTURED)
        elif n >= 3:
            self._res = self._count_result(Reason.REPETITION_COUNT)
        elif not any(mv[y]):
            self._res = Result(COLORS[x], Reason.NO_MOVES)

    def undo(self) -> int:
        """Take back the last board move: position, side, key, counts and result as before it."""
        if not self._hist:
            raise RulesError("there is no move to take back")
        move, key, k0, k1, s, old_dst = self._hist.pop()
        seen = self._seen
        n = seen[self._key] - 1
        if n:
            seen[self._key] = n
        else:
            del seen[self._key]
        st = self._st
        src = move >> 7
        dst = move & 63
        refresh = self._refresh
        if move & SPLIT:
            for q in PATH[src * 64 + dst]:
                st[q] = st[q][:-1]
                refresh(q)
        else:
            st[dst] = old_dst
            refresh(dst)
        st[src] = s
        refresh(src)
        self._key = key
        self._kp[0] = k0
        self._kp[1] = k1
        self._c ^= 1
        self._res = None
        return move

    # ----------------------------------------------------------- agreement
    def end_by_agreement(self) -> Result:
        """Section 5.4: end now by stack count, reason ``agreement``."""
        if self._res is not None:
            raise GameOverError(f"the game is already over ({self._res.describe()})", result=self._res)
        self._res = self._count_result(Reason.AGREEMENT)
        return self._res

    def cancel_agreement(self) -> None:
        """Take back an ending by agreement (the game goes on as before it)."""
        if self._res is None or self._res.reason != Reason.AGREEMENT:
            raise RulesError("the game did not end by agreement, so there is nothing to cancel")
        self._res = None

    # ------------------------------------------------------- random playout
    def random_playout(self, rng: random.Random, max_plies: int = 1000) -> Result | None:
        """Play uniformly random legal moves until the game ends or ``max_plies``.

        Each move is ``moves[int(rng.random() * len(moves))]`` over the full legal
        move list (the same list and order as ``legal_moves()``), i.e. uniform over
        the legal moves. The effect equals ``play()`` of the same moves (history,
        repetition counts, key and result included).
        """
        if self._res is not None:
            return self._res
        st = self._st
        kp = self._kp
        hist = self._hist
        push = hist.append
        seen = self._seen
        seen_get = seen.get
        rnd = rng.random
        key = self._key
        x = self._c  # side to move
        y = 1 - x
        mvx = self._mv[x]
        mvy = self._mv[y]
        kx = kp[x]  # kernel of the side to move
        ky = kp[y]
        kx_piece = KERNEL[x]
        ky_piece = KERNEL[y]
        ms: list[int] = []
        for t in mvx:
            if t:
                ms += t
        res = None
        for _ in range(max_plies):
            move = ms[int(rnd() * len(ms))]
            src = move >> 7
            dst = move & 63
            s = st[src]
            old_dst = st[dst]
            if x:
                push((move, key, ky, kx, s, old_dst))
            else:
                push((move, key, kx, ky, s, old_dst))
            zs = ZP[src]
            if move & SPLIT:
                path = PATH[src * 64 + dst]
                i = 0
                for q in path:
                    pc = s[i]
                    t = st[q]
                    h = len(t)
                    key ^= zs[i * 4 + pc] ^ ZP[q][h * 4 + pc]
                    st[q] = t + (pc,)
                    if pc & 1 == x:
                        mvx[q] = MOVES_T[q][h + 1]
                        mvy[q] = ()
                    else:
                        mvy[q] = MOVES_T[q][h + 1]
                        mvx[q] = ()
                    i += 1
                if kx == src:
                    kx = path[s.index(kx_piece)]
                if ky == src:
                    ky = path[s.index(ky_piece)]
            else:
                zd = ZP[dst]
                b = len(old_dst) * 4
                i = 0
                for pc in s:
                    key ^= zs[i + pc] ^ zd[b + i + pc]
                    i += 4
                nd = old_dst + s
                st[dst] = nd
                mvx[dst] = MOVES_T[dst][len(nd)]
                mvy[dst] = ()
                if kx == src:
                    kx = dst
                if ky == src:
                    ky = dst
            st[src] = ()
            mvx[src] = ()
            key ^= ZSIDE
            n = seen_get(key, 0) + 1
            seen[key] = n
            # Section 5.1, in order; x has just moved, y is to move.
            if st[ky][-1] & 1 == x:
                res = Result(COLORS[x], Reason.KERNEL_CAPTURED)
            elif st[kx][-1] & 1 != x:
                res = Result(COLORS[y], Reason.KERNEL_CAPTURED)
            # the side to move is now y: swap roles
            x, y = y, x
            mvx, mvy = mvy, mvx
            kx, ky = ky, kx
            kx_piece, ky_piece = ky_piece, kx_piece
            if res is not None:
                break
            if n >= 3:
                res = REPETITION  # placeholder, computed below with the final position
                break
            ms = []
            for t in mvx:
                if t:
                    ms += t
            if not ms:
                res = Result(COLORS[y], Reason.NO_MOVES)
                break
        self._key = key
        self._c = x
        kp[x] = kx
        kp[y] = ky
        if res is REPETITION:
            res = self._count_result(Reason.REPETITION_COUNT)
        self._res = res
        return res

    # ------------------------------------------------------------ notation
    def move_str(self, move: int) -> str:
        return f"{LABELS[move >> 7]}{'>' if move & SPLIT else '-'}{LABELS[move & 63]}"

    def move_sort_key(self, move: int) -> int:
        return move

    def parse_move(self, text: str) -> int:
        """Section 6.4: normalise, match ``^(P)(-|>)(P)$``, then require a legal move."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move must be text like 'c3-d4' or 'd4>g4', not {text!r}")
        t = normalise(text)
        m = _MOVE_RE.match(t)
        if not m:
            raise InvalidMoveError(f"{text!r} is not an Amoeba move: write from-point, '-' (move "
                                   f"the whole stack) or '>' (split), to-point, e.g. c3-d4 or d4>g4")
        src, dst = _point(m.group(1)), _point(m.group(3))
        split = m.group(2) == ">"
        if self._res is not None:
            raise GameOverError(f"the game is over ({self._res.describe()}): no move is legal", result=self._res)
        s = self._st[src]
        who = COLORS[self._c].title
        if not s:
            raise IllegalMoveError(f"there is no stack on {LABELS[src]}", kind="no-stack", cell=LABELS[src])
        if s[-1] & 1 != self._c:
            raise IllegalMoveError(f"{LABELS[src]} is controlled by {COLORS[s[-1] & 1].title}; "
                                   f"{who} is to move", kind="not-yours", cell=LABELS[src],
                                   owner=COLORS[s[-1] & 1].word, side=COLORS[self._c].word)
        h = len(s)
        if split and h == 1:
            raise IllegalMoveError(f"{LABELS[src]} holds one piece: only a stack of two or more "
                                   f"can split (use '-' to move it)", kind="split-single", cell=LABELS[src])
        if src == dst:
            raise IllegalMoveError(f"a move must leave {LABELS[src]}: the two points are the same",
                                   kind="same-point", cell=LABELS[src])
        path = PATH[src * 64 + dst]
        if not path:
            raise IllegalMoveError(f"{LABELS[dst]} is not in a straight line from {LABELS[src]}",
                                   kind="not-in-line", cell=LABELS[dst], start=LABELS[src])
        if len(path) != h:
            pieces = "one piece" if h == 1 else f"{h} pieces"
            raise IllegalMoveError(f"{LABELS[src]} holds {pieces}, so it must land exactly {h} "
                                   f"step{'s' if h > 1 else ''} away, not {len(path)}",
                                   kind="wrong-distance", cell=LABELS[src], to=LABELS[dst], height=h,
                                   distance=len(path))
        return src * 128 + (SPLIT if split else 0) + dst

    # --------------------------------------------------------- description
    def motions(self, move: int, path: list[str] | None = None) -> list[Motion]:
        """A whole move is one 'move' motion; a split is one 'drop' per piece, bottom first.
        (An Amoeba move has one path: a ``path`` given is not needed.)"""
        src = move >> 7
        dst = move & 63
        s = self._st[src]
        line = PATH[src * 64 + dst]
        if len(line) != len(s) or not s:
            raise IllegalMoveError(f"{self.move_str(move)} is not a legal move here")
        lab = LABELS[src]
        if move & SPLIT:
            return [Motion("drop", lab, LABELS[line[i]], (CODES[s[i]],), step=i,
                           via=tuple(LABELS[q] for q in line[:i]))
                    for i in range(len(s))]
        return [Motion("move", lab, LABELS[dst], tuple(CODES[pc] for pc in s), step=0,
                       via=tuple(LABELS[q] for q in line[:-1]))]

    def stacks(self) -> dict[str, tuple[str, ...]]:
        return {LABELS[p]: tuple(CODES[pc] for pc in s) for p, s in enumerate(self._st) if s}

    def position_text(self) -> str:
        return "; ".join(f"{lab}: {','.join(s)}" for lab, s in self.stacks().items())

    # ---------------------------------------------------------- UI helpers
    def counts(self) -> dict[str, int]:
        """Stacks controlled by each colour (section 5.3)."""
        n = self._counts()
        return {"black": n[0], "white": n[1]}

    def threats(self) -> list[str]:
        """The point of the mover's Kernel if the opponent, were it their turn, could capture it."""
        if self._res is not None:
            return []
        c = self._c
        o = 1 - c
        st = self._st
        kp = self._kp[c]
        for p in range(N):
            s = st[p]
            if not s or s[-1] & 1 != o:
                continue
            for move in MOVES_T[p][len(s)]:
                dst = move & 63
                if not move & SPLIT:
                    if dst == kp:
                        return [LABELS[kp]]
                else:
                    path = PATH[p * 64 + dst]
                    for i, q in enumerate(path):
                        if q == kp and s[i] & 1 == o:
                            return [LABELS[kp]]
        return []

    def dangers(self) -> list[Danger]:
        """The moves that take a Kernel: the side to move's (it wins with this move) and the other
        side's, were it to move (it wins with its next move unless the side to move prevents it)."""
        if self._res is not None:
            return []
        out = []
        for c in (self._c, 1 - self._c):
            moves = self._kernel_takers(c)
            if moves:
                paths = tuple((LABELS[m >> 7],) + tuple(LABELS[q] for q in PATH[(m >> 7) * 64 + (m & 63)])
                              if m & SPLIT else (LABELS[m >> 7], LABELS[m & 63]) for m in moves)
                out.append(Danger(COLORS[c], c == self._c, Threat.KERNEL, tuple(self.move_str(m) for m in moves),
                                  paths, (LABELS[self._kp[1 - c]],)))
        return out

    def _kernel_takers(self, c: int) -> list[int]:
        """The moves of colour c that would leave it controlling the other Kernel's stack (a whole
        stack landing on it, or a split dropping one of c's pieces there), in canonical order."""
        st = self._st
        kp = self._kp[1 - c]
        out = []
        for p in range(N):
            s = st[p]
            if not s or s[-1] & 1 != c:
                continue
            for move in MOVES_T[p][len(s)]:
                dst = move & 63
                if not move & SPLIT:
                    if dst == kp:
                        out.append(move)
                    continue
                for i, q in enumerate(PATH[p * 64 + dst]):
                    if q == kp:
                        if s[i] & 1 == c:
                            out.append(move)
                        break
        return sorted(out)

    def highlight_result(self) -> list[str]:
        """Points that show why the game ended (empty while it goes on).

        kernel-captured: the captured Kernel's point; no-moves: the loser's stacks
        (all too tall to move); a count: the winner's stacks, or every stack for a draw.
        """
        r = self._res
        if r is None:
            return []
        if r.reason == Reason.KERNEL_CAPTURED:
            assert r.winner is not None
            return [LABELS[self._kp[1 - int(r.winner)]]]
        st = self._st
        if r.reason == Reason.NO_MOVES:
            assert r.winner is not None
            who = 1 - int(r.winner)
        elif r.winner is None:
            return [LABELS[p] for p in range(N) if st[p]]
        else:
            who = int(r.winner)
        return [LABELS[p] for p in range(N) if st[p] and st[p][-1] & 1 == who]


def _check_options(options: dict[str, Any]) -> None:
    if options:
        raise RulesError(f"Amoeba has no options (got {', '.join(sorted(options))})")
