"""Onyx: the rules core, exact to ``docs/rules/onyx.md``.

Points are integer indices. Corner points come first, in canonical order
(column letter, then row number: ``a1 a2 ... a12 b1 ...``); the midpoints of
the square cells follow, ordered the same way by their cell (column, then lower
row: ``ab23 ab45 ... ab1011 bc12 bc34 ...`` for n = 12). Sorting move indices
therefore gives the canonical order used by ``legal_strs``: corner points, then
midpoints, then ``swap`` (the spec fixes no order; tests compare sets).

Moves are ints: a point index for a placement, ``Onyx.SWAP`` (-1) for the pie
rule's ``swap``.

Motions (see ``base.Motion``):

* a placement is ``Motion('place', None, point, ('B',) or ('W',), step=0)``
  followed by one ``Motion('remove', captured_point, None, (colour,), step=1)``
  per captured stone (0, 2 or 4 of them, all in step 1);
* ``swap`` is a single ``Motion('swap', None, None, ())``: no stone moves; the
  view should show that the players have exchanged colours (``swapped``).
"""
from __future__ import annotations

import random
import re
from functools import lru_cache
from itertools import compress
from operator import not_
from typing import Any

from .base import (Color, Danger, Game, Reason, GameOverError, IllegalMoveError, InvalidMoveError, Motion,
                   PositionError, Result, Threat, normalise, split_position)

SIZES = (12, 16, 20)
LETTERS = "abcdefghijklmnopqrstuvwxyz"
EMPTY, BLACK_STONE, WHITE_STONE = 0, 1, 2  # cell values; a colour c has stone value c + 1
_PIECE = ("", "B", "W")
_NOT_A_ROOT: list[int] = []   # members[p] of a stone that is not its component's root
_MOVE_RE = re.compile(r"^(swap|[a-z][a-z]?[0-9]+(\*|\*\*)?)$")
class PointError(ValueError):
    """A name that is no point of the board, with what the interface words it by (``kind``,
    ``facts``: as a ``RulesError``'s)."""

    def __init__(self, message: str, kind: str = "", **facts: Any) -> None:
        super().__init__(message)
        self.kind = kind
        self.facts = facts


_CORNER_RE = re.compile(r"^([a-z])([1-9][0-9]*)$")
_MID_RE = re.compile(r"^([a-z])([a-z])([0-9]+)$")


class Geometry:
    """The point graph of section 2 for one board size (built once, shared, never changed):
    the engine's connection knowledge reads it (``Onyx.geometry``)."""

    def __init__(self, n: int) -> None:
        self.n = n
        nc = n * n
        self.nc = nc
        labels: list[str] = []
        xy: list[tuple[int, int]] = []
        for x in range(n):
            for y in range(1, n + 1):
                labels.append(f"{LETTERS[x]}{y}")
                xy.append((x, y))

        def c(x: int, y: int) -> int:
            return x * n + (y - 1)

        self.corner = c
        # Square cells and their midpoints.
        self.cell_mid: dict[tuple[int, int], int] = {}
        self.mid_corners: dict[int, tuple[int, int, int, int]] = {}
        for x in range(n - 1):
            for y in range(1, n):
                if (x + y) % 2 == 0:
                    m = len(labels)
                    labels.append(f"{LETTERS[x]}{LETTERS[x + 1]}{y}{y + 1}")
                    xy.append((x, y))
                    self.cell_mid[(x, y)] = m
                    self.mid_corners[m] = (c(x, y), c(x + 1, y), c(x, y + 1), c(x + 1, y + 1))
        self.size = len(labels)
        self.labels = labels
        self.xy = xy  # corner: (x, y); midpoint: (x, y) of its cell
        self.index = {lab: i for i, lab in enumerate(labels)}

        # Adjacency, by kind.
        ortho: list[tuple[int, int]] = []
        diag: list[tuple[int, int]] = []
        midl: list[tuple[int, int]] = []
        for x in range(n):
            for y in range(1, n + 1):
                if x + 1 < n:
                    ortho.append((c(x, y), c(x + 1, y)))
                if y + 1 <= n:
                    ortho.append((c(x, y), c(x, y + 1)))
        for x in range(n - 1):
            for y in range(1, n):
                if (x + y) % 2 == 1:
                    if x % 2 == 0:
                        diag.append((c(x, y), c(x + 1, y + 1)))
                    else:
                        diag.append((c(x, y + 1), c(x + 1, y)))
        for m, cs in self.mid_corners.items():
            for q in cs:
                midl.append((m, q))
        self.ortho, self.diag, self.midlinks = ortho, diag, midl
        nb: list[list[int]] = [[] for _ in range(self.size)]
        for a, b in ortho + diag + midl:
            nb[a].append(b)
            nb[b].append(a)
        self.nbrs: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(v)) for v in nb)

        # Squares of each corner point: (midpoint, A, B, Q) with Q opposite P.
        sq: list[tuple[tuple[int, int, int, int], ...]] = []
        mids_of: list[tuple[int, ...]] = []
        for p in range(nc):
            x, y = xy[p]
            cells = [(x - 1, y - 1), (x, y)] if (x + y) % 2 == 0 else [(x, y - 1), (x - 1, y)]
            entries = []
            for (cx, cy) in cells:
                mid = self.cell_mid.get((cx, cy))
                if mid is None:
                    continue
                qx = cx if x == cx + 1 else cx + 1
                qy = cy if y == cy + 1 else cy + 1
                entries.append((mid, c(qx, y), c(x, qy), c(qx, qy)))
            sq.append(tuple(entries))
            mids_of.append(tuple(e[0] for e in entries))
        self.squares = tuple(sq)
        self.mids_of = tuple(mids_of)

        # Edge masks per stone value: bit 1 = first edge, bit 2 = second edge.
        black = [0] * self.size
        white = [0] * self.size
        for p in range(nc):
            x, y = xy[p]
            black[p] = (1 if y == 1 else 0) | (2 if y == n else 0)
            white[p] = (1 if x == 0 else 0) | (2 if x == n - 1 else 0)
        self.edge: tuple[tuple[int, ...], ...] = ((), tuple(black), tuple(white))

        # Zobrist keys (fixed seed, per size).
        zr = random.Random(0x0_17_0A_12 + n)
        self.z: tuple[tuple[int, ...], ...] = (
            (), tuple(zr.getrandbits(64) for _ in range(self.size)),
            tuple(zr.getrandbits(64) for _ in range(self.size)))
        self.z_white = zr.getrandbits(64)
        self.z_swap = zr.getrandbits(64)

        h = n // 2
        last = n - 1
        self.start_black = tuple(sorted((c(0, h), c(0, h + 1), c(last, h), c(last, h + 1))))
        self.start_white = tuple(sorted((c(h - 1, 1), c(h, 1), c(h - 1, n), c(h, n))))
        self.all_points = tuple(range(self.size))

    # ------------------------------------------------------------ notation
    def parse_point(self, s: str) -> int:
        """Index of a normalised point name; raises ValueError saying why it is no point."""
        p = self.index.get(s)
        if p is not None:
            return p
        n = self.n
        m = _CORNER_RE.match(s)
        if m:
            x = LETTERS.index(m.group(1))
            y = int(m.group(2))
            if x >= n:
                raise ValueError(f"{s!r} is not a point: column {m.group(1)!r} is off the "
                                 f"{n}×{n} board (columns a–{LETTERS[n - 1]})")
            if y > n:
                raise ValueError(f"{s!r} is not a point: row {y} is off the {n}×{n} board "
                                 f"(rows 1–{n})")
            return self.corner(x, y)
        m = _MID_RE.match(s)
        if m:
            c1, c2, digits = m.groups()
            x = LETTERS.index(c1)
            if LETTERS.index(c2) != x + 1:
                raise ValueError(f"{s!r} is not a point: a midpoint needs two consecutive "
                                 "columns in ascending order, like de1112")
            if x + 1 >= n:
                raise ValueError(f"{s!r} is not a point: column {c2!r} is off the {n}×{n} board")
            for y in range(1, n):
                if digits == f"{y}{y + 1}":
                    break
            else:
                raise ValueError(f"{s!r} is not a point: a midpoint's rows must be two "
                                 f"consecutive rows between 1 and {n}, lower first, like {c1}{c2}34")
            mid = self.cell_mid.get((x, y))
            if mid is None:
                raise PointError(f"{s!r} is not a point: the cell {c1}{c2}{y}{y + 1} is a "
                                 "triangle pair, not a square, so it has no midpoint", kind="no-midpoint",
                                 cell=f"{c1}{c2}{y}{y + 1}")
            return mid
        if re.match(r"^[a-z][0-9]+$", s):
            raise ValueError(f"{s!r} is not a point: rows are written without leading zeros")
        raise ValueError(f"{s!r} is not a point name (examples: d12, de1112)")


@lru_cache(maxsize=None)
def geometry(n: int) -> Geometry:
    """Shared, immutable board graph for size n (12, 16 or 20)."""
    if n not in SIZES:
        raise ValueError(f"Onyx board size must be 12, 16 or 20, not {n!r}")
    return Geometry(n)


def _check_size(size: Any) -> int:
    try:
        n = int(size)
    except (TypeError, ValueError):
        raise PositionError(f"Onyx board size must be 12, 16 or 20, not {size!r}", kind="board-size",
                            size=str(size)) from None
    if n != size or n not in SIZES:
        raise PositionError(f"Onyx board size must be 12, 16 or 20, not {size!r}", kind="board-size", size=str(size))
    return n


def setup_problem(to_move: Color | str, **options: Any) -> str:
    """What the pie settings of a set-up position contradict, in English ('' when nothing);
    ``setup_refusal`` gives it as a value."""
    refusal = setup_refusal(to_move, **options)
    return str(refusal) if refusal is not None else ""


def setup_refusal(to_move: Color | str, **options: Any) -> PositionError | None:
    """What the pie settings of a set-up position contradict (None when nothing): section 3.pie.

    ``from_position`` takes ``plies`` and ``swapped`` as given; a position editor checks them
    here too. The swap is White's answer right after Black's first move (``plies`` 1, White to
    move), and it is itself a move, so colours have been swapped only once two plies were made.
    """
    colour = to_move if isinstance(to_move, Color) else Color.parse(str(to_move))
    pie = bool(options.get("pie", False))
    plies = options.get("plies", 0)
    swapped = bool(options.get("swapped", False))
    if swapped and not pie:
        return PositionError("colours can only have been swapped with the pie rule on", kind="swap-without-pie")
    if swapped and isinstance(plies, int) and plies < 2:
        return PositionError("the swap is White's second-ply answer: swapped colours need at least 2 moves "
                             "played", kind="swap-too-early")
    if pie and plies == 1 and colour != Color.WHITE:
        return PositionError("only White may swap, right after Black's first move: White must be to move",
                             kind="swap-white-only")
    return None


_NO_CAPTURE: tuple[int, ...] = ()
_IS_BLACK = BLACK_STONE.__eq__
_IS_WHITE = WHITE_STONE.__eq__


class Onyx(Game):
    """An Onyx game: position, side to move, history and result."""

    name = "onyx"
    SWAP = -1

    __slots__ = ("_g", "_cell", "_blocked", "_to_move", "_result", "_history", "_caps",
                 "_key", "_captured", "_swapped", "_pie", "_open", "_plies0")

    # ---------------------------------------------------------- construction
    def __init__(self, size: int = 12, open: bool = False, pie: bool = False) -> None:
        n = _check_size(size)
        self._g = g = geometry(n)
        self._cell = [EMPTY] * g.size
        self._blocked = [0] * g.size
        self._to_move = Color.BLACK
        self._result: Result | None = None
        self._history: list[int] = []
        self._caps: list[tuple[int, ...]] = []
        self._key = 0
        self._captured = [0, 0]
        self._swapped = False
        self._pie = bool(pie)
        self._open = bool(open)
        self._plies0 = 0

    def _put(self, p: int, v: int) -> None:
        """Place a stone of value v on p (set-up only)."""
        g = self._g
        self._cell[p] = v
        self._blocked[p] += 1
        if p < g.nc:
            for m in g.mids_of[p]:
                self._blocked[m] += 1
        self._key ^= g.z[v][p]

    @classmethod
    def new(cls, **options: Any) -> "Onyx":
        size, open_, pie = cls._options(options, ())
        game = cls(size, open_, pie)
        if not open_:
            g = game._g
            for p in g.start_black:
                game._put(p, BLACK_STONE)
            for p in g.start_white:
                game._put(p, WHITE_STONE)
        return game

    @staticmethod
    def _options(options: dict[str, Any], extra: tuple[str, ...]) -> tuple[int, bool, bool]:
        allowed = ("size", "open", "pie") + extra
        for k in options:
            if k not in allowed:
                raise PositionError(f"unknown Onyx option {k!r} (options: {', '.join(allowed)})")
        size = _check_size(options.get("size", 12))
        return size, bool(options.get("open", False)), bool(options.get("pie", False))

    @classmethod
    def from_position(cls, text: str, to_move: Color | str = Color.BLACK, **options: Any) -> "Onyx":
        """Set-up position ``"Black: a4 b3 bc34; White: a5 b4"``.

        Options: ``size`` (12/16/20), ``open`` and ``pie`` (variant flags), ``plies``
        (moves already made: with the pie rule, ``swap`` is legal when this is 1),
        ``swapped`` (whether the players have already exchanged colours).
        """
        size, open_, pie = cls._options(options, ("plies", "swapped"))
        plies = options.get("plies", 0)
        if not isinstance(plies, int) or isinstance(plies, bool) or plies < 0:
            raise PositionError(f"plies must be a whole number >= 0, not {plies!r}")
        if not isinstance(to_move, Color):
            try:
                to_move = Color.parse(str(to_move))
            except ValueError as e:
                raise PositionError(str(e)) from None
        if not isinstance(text, str):
            raise PositionError("the position must be text like 'Black: a4 b3; White: a5'")
        game = cls(size, open_, pie)
        game._plies0 = plies
        game._swapped = bool(options.get("swapped", False))
        g = game._g
        seen: dict[str, str] = {}
        given: set[Color] = set()
        for head, body in split_position(text):
            try:
                colour = Color.parse(head)
            except ValueError:
                raise PositionError(f"unknown entry {head!r}: expected 'Black: ...' or 'White: ...'",
                                    kind="not-a-colour", text=head) from None
            if colour in given:
                raise PositionError(f"{colour.title} is listed twice", kind="colour-twice", colour=colour.word)
            given.add(colour)
            for tok in body.replace(",", " ").split():
                s = tok.lower()
                try:
                    p = g.parse_point(s)
                except ValueError as e:
                    raise PositionError(str(e), kind="not-a-point", text=tok) from None
                lab = g.labels[p]
                if lab in seen:
                    raise PositionError(f"{lab} is given twice ({seen[lab]} and {colour.title})", kind="listed-twice",
                                        cell=lab)
                seen[lab] = colour.title
                game._put(p, colour + 1)
        # A crossed square with an empty midpoint cannot arise in play (section 8.11).
        cell = game._cell
        for m, (a, b, c, d) in g.mid_corners.items():
            if cell[m] == EMPTY and cell[a] and cell[a] == cell[d] and cell[b] and cell[b] == cell[c] \
                    and cell[a] != cell[b]:
                raise PositionError(
                    f"square {g.labels[m]} is crossed ({g.labels[a]} {g.labels[d]} against "
                    f"{g.labels[b]} {g.labels[c]}) with an empty midpoint, which cannot arise in play",
                    kind="crossed", square=g.labels[m], stones=(g.labels[a], g.labels[d], g.labels[b], g.labels[c]))
        game._to_move = to_move
        if to_move == Color.WHITE:
            game._key ^= g.z_white
        for colour in (Color.BLACK, Color.WHITE):
            if game._connected(colour + 1):
                game._result = Result(colour, Reason.CONNECTION)
                break
        return game

    def copy(self) -> "Onyx":
        c = object.__new__(Onyx)
        c._g = self._g
        c._cell = self._cell[:]
        c._blocked = self._blocked[:]
        c._to_move = self._to_move
        c._result = self._result
        c._history = self._history[:]
        c._caps = self._caps[:]
        c._key = self._key
        c._captured = self._captured[:]
        c._swapped = self._swapped
        c._pie = self._pie
        c._open = self._open
        c._plies0 = self._plies0
        return c

    # ----------------------------------------------------------------- state
    @property
    def size(self) -> int:
        return self._g.n

    @property
    def to_move(self) -> Color:
        return self._to_move

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def ply(self) -> int:
        return len(self._history)

    @property
    def swapped(self) -> bool:
        """True once the players have exchanged colours with the pie rule's ``swap``."""
        return self._swapped

    @property
    def start_ply(self) -> int:
        return self._plies0

    @property
    def cells(self) -> list[int]:
        """Each point's stone (0 empty, 1 Black, 2 White), by point index (not a copy)."""
        return self._cell

    @property
    def geometry(self) -> Geometry:
        """The board's geometry (points, cells, neighbours, edges): the engine's connection
        knowledge reads it."""
        return self._g

    @property
    def labels(self) -> list[str]:
        return self._g.labels

    def moves_played(self) -> list[int]:
        return list(self._history)

    def key(self) -> int:
        if self._pie and self._result is None and self._plies0 + len(self._history) == 1:
            return self._key ^ self._g.z_swap
        return self._key

    def options(self) -> dict[str, Any]:
        return {"size": self._g.n, "open": self._open, "pie": self._pie}

    def stone(self, p: int) -> str:
        """'B', 'W' or '' for the point index p."""
        return _PIECE[self._cell[p]]

    def _swap_legal(self) -> bool:
        return self._pie and self._result is None and self._plies0 + len(self._history) == 1

    def legal_moves(self) -> list[int]:
        if self._result is not None:
            return []
        moves = list(compress(self._g.all_points, map(not_, self._blocked)))
        if self._pie and self._plies0 + len(self._history) == 1:
            moves.append(self.SWAP)
        return moves

    def is_legal(self, move: int) -> bool:
        if self._result is not None:
            return False
        if move == self.SWAP:
            return self._swap_legal()
        return 0 <= move < self._g.size and not self._blocked[move]

    # ------------------------------------------------------------ play/undo
    def _captures(self, p: int, s: int) -> tuple[int, ...]:
        """Stones captured by a stone of value s on corner point p (before removal)."""
        cell = self._cell
        o = 3 - s
        out: tuple[int, ...] = ()
        for m, a, b, q in self._g.squares[p]:
            if cell[q] == s and cell[a] == o and cell[b] == o and cell[m] == EMPTY:
                out += (a, b)
        return out

    def play(self, move: int) -> None:
        if move == -1:
            self._history.append(move)
            self._caps.append(_NO_CAPTURE)
            self._swapped = not self._swapped
            return
        g = self._g
        cell = self._cell
        blocked = self._blocked
        s = self._to_move + 1
        zs = g.z[s]
        cell[move] = s
        blocked[move] += 1
        key = self._key ^ zs[move] ^ g.z_white
        caps = _NO_CAPTURE
        if move < g.nc:
            for m in g.mids_of[move]:
                blocked[m] += 1
            o = 3 - s
            for m, a, b, q in g.squares[move]:
                if cell[q] == s and cell[a] == o and cell[b] == o and cell[m] == EMPTY:
                    caps += (a, b)
            if caps:
                zo = g.z[o]
                mids_of = g.mids_of
                for a in caps:
                    cell[a] = EMPTY
                    blocked[a] -= 1
                    key ^= zo[a]
                    for m in mids_of[a]:
                        blocked[m] -= 1
                self._captured[s - 1] += len(caps)
            self._key = key
            self._history.append(move)
            self._caps.append(caps)
            if self._wins_from(move, s):
                self._result = Result(Color(s - 1), Reason.CONNECTION)
        else:
            self._key = key
            self._history.append(move)
            self._caps.append(caps)
        self._to_move = Color(2 - s)

    def _wins_from(self, p: int, s: int) -> bool:
        """Does the stone of value s on p belong to a chain joining s's two edges?"""
        cell = self._cell
        em = self._g.edge[s]
        nbrs = self._g.nbrs
        mask = em[p]
        seen = {p}
        stack = [p]
        while stack:
            x = stack.pop()
            for y in nbrs[x]:
                if cell[y] == s and y not in seen:
                    seen.add(y)
                    stack.append(y)
                    mask |= em[y]
                    if mask == 3:
                        return True
        return False

    def _connected(self, s: int) -> bool:
        """Does colour (stone value) s have a connection anywhere on the board?"""
        em = self._g.edge[s]
        cell = self._cell
        nbrs = self._g.nbrs
        stack = [p for p in range(self._g.nc) if cell[p] == s and em[p] & 1]
        seen = set(stack)
        while stack:
            x = stack.pop()
            if em[x] & 2:
                return True
            for y in nbrs[x]:
                if cell[y] == s and y not in seen:
                    seen.add(y)
                    stack.append(y)
        return False

    def undo(self) -> int:
        if not self._history:
            raise IllegalMoveError("there is no move to take back")
        move = self._history.pop()
        caps = self._caps.pop()
        self._result = None
        if move == -1:
            self._swapped = not self._swapped
            return move
        g = self._g
        cell = self._cell
        blocked = self._blocked
        s = cell[move]
        cell[move] = EMPTY
        blocked[move] -= 1
        key = self._key ^ g.z[s][move] ^ g.z_white
        if move < g.nc:
            for m in g.mids_of[move]:
                blocked[m] -= 1
            if caps:
                o = 3 - s
                zo = g.z[o]
                mids_of = g.mids_of
                for a in caps:
                    cell[a] = o
                    blocked[a] += 1
                    key ^= zo[a]
                    for m in mids_of[a]:
                        blocked[m] += 1
                self._captured[s - 1] -= len(caps)
        self._key = key
        self._to_move = Color(s - 1)
        return move

    # -------------------------------------------------------------- notation
    def move_str(self, move: int) -> str:
        if move == self.SWAP:
            return "swap"
        return self._g.labels[move]

    def record_str(self, move: int) -> str:
        if move == self.SWAP:
            return "swap"
        caps = self._captures(move, self._to_move + 1) if move < self._g.nc else ()
        return self._g.labels[move] + "*" * (len(caps) // 2)

    def move_sort_key(self, move: int) -> int:
        return self._g.size if move == self.SWAP else move

    def point_index(self, label: str) -> int:
        """Index of a point name (case/space-insensitive); raises InvalidMoveError."""
        try:
            return self._g.parse_point(normalise(label))
        except ValueError as e:
            raise InvalidMoveError(str(e)) from None

    def parse_move(self, text: str) -> int:
        s = normalise(text) if isinstance(text, str) else ""
        if not s:
            raise InvalidMoveError("empty move: name a point such as d12 or de1112, or swap")
        if s == "pass":
            raise InvalidMoveError("passing is not allowed in Onyx: place a stone")
        if not _MOVE_RE.match(s):
            if s.startswith("swap"):
                raise InvalidMoveError(f"{s!r} is not a move: swap never has a suffix")
            raise InvalidMoveError(f"{s!r} is not a move: write a point such as d12 or de1112 "
                                   "(optionally with * or ** for captures), or swap")
        if s == "swap":
            if self._result is not None:
                raise GameOverError(f"the game is over ({self._result.describe()}): no more moves", result=self._result)
            if not self._pie:
                raise IllegalMoveError("swap is only allowed when playing with the pie rule", kind="swap-no-pie")
            if not self._swap_legal():
                raise IllegalMoveError("swap is only allowed as White's answer to Black's first move",
                                       kind="swap-not-now", side=self._to_move.word)
            return self.SWAP
        stars = len(s) - len(s.rstrip("*"))
        name = s[:len(s) - stars]
        try:
            p = self._g.parse_point(name)
        except PointError as e:
            raise InvalidMoveError(str(e), kind=e.kind, **e.facts) from None
        except ValueError as e:
            raise InvalidMoveError(str(e)) from None
        if self._result is not None:
            raise GameOverError(f"the game is over ({self._result.describe()}): no more moves", result=self._result)
        g = self._g
        if self._cell[p] != EMPTY:
            colour = "black" if self._cell[p] == 1 else "white"
            raise IllegalMoveError(f"{name} is already occupied by a {colour} stone",
                                   kind="occupied", cell=g.labels[p], colour=colour)
        if p >= g.nc and self._blocked[p]:
            occ = [g.labels[q] for q in g.mid_corners[p] if self._cell[q] != EMPTY]
            raise IllegalMoveError(f"midpoint {name} can be played only when all four corners of its "
                                   f"square are empty; occupied: {' '.join(occ)}",
                                   kind="midpoint-blocked", cell=g.labels[p], corners=tuple(occ))
        if stars:
            caps = self._captures(p, self._to_move + 1) if p < g.nc else ()
            if len(caps) != 2 * stars:
                actual = {0: "captures nothing", 2: "captures 2 stones", 4: "captures 4 stones"}[len(caps)]
                raise IllegalMoveError(f"{s} claims {2 * stars} captured stones, but {name} "
                                       f"{actual} (write {g.labels[p] + '*' * (len(caps) // 2)})",
                                       kind="wrong-captures", text=s, cell=g.labels[p], claimed=2 * stars,
                                       captures=len(caps), write=g.labels[p] + "*" * (len(caps) // 2))
        return p

    # ----------------------------------------------------------- description
    def motions(self, move: int, path: list[str] | None = None) -> list[Motion]:
        if move == self.SWAP:
            return [Motion("swap", None, None, ())]
        g = self._g
        s = self._to_move + 1
        out = [Motion("place", None, g.labels[move], (_PIECE[s],), 0)]
        if move < g.nc:
            for a in self._captures(move, s):
                out.append(Motion("remove", g.labels[a], None, (_PIECE[3 - s],), 1))
        return out

    def stacks(self) -> dict[str, tuple[str, ...]]:
        labels = self._g.labels
        return {labels[p]: (_PIECE[v],) for p, v in enumerate(self._cell) if v}

    def position_text(self) -> str:
        labels = self._g.labels
        cell = self._cell
        black = " ".join(labels[p] for p, v in enumerate(cell) if v == BLACK_STONE)
        white = " ".join(labels[p] for p, v in enumerate(cell) if v == WHITE_STONE)
        return f"Black: {black}; White: {white}"

    def counts(self) -> dict[str, int]:
        """Stones captured by each colour so far (in this game object's history)."""
        return {"black": self._captured[0], "white": self._captured[1]}

    def captured_by(self, move: int) -> list[str]:
        """Labels of the stones a legal move would capture in the current position."""
        if move == self.SWAP or move >= self._g.nc:
            return []
        return [self._g.labels[a] for a in self._captures(move, self._to_move + 1)]

    def threats(self) -> list[str]:
        """The mover's stones that the opponent could capture with one move."""
        if self._result is not None:
            return []
        g = self._g
        cell = self._cell
        me = self._to_move + 1
        opp = 3 - me
        hit: set[int] = set()
        for p in range(g.nc):
            if cell[p] == EMPTY:
                for m, a, b, q in g.squares[p]:
                    if cell[q] == opp and cell[a] == me and cell[b] == me and cell[m] == EMPTY:
                        hit.add(a)
                        hit.add(b)
        return [g.labels[p] for p in sorted(hit)]

    def dangers(self) -> list[Danger]:
        """The points where a stone would join its side's two edges: the side to move's (it wins
        with this move) and the other side's (it wins with its next one unless it is blocked)."""
        if self._result is not None:
            return []
        labels = self._g.labels
        out = []
        for colour in (self._to_move, self._to_move.other):
            points = tuple(labels[p] for p in self.connecting_points(colour + 1))
            if points:
                out.append(Danger(colour, colour == self._to_move, Threat.CONNECT, points,
                                  tuple((lab,) for lab in points), points))
        return out

    def connecting_points(self, s: int) -> list[int]:
        """Empty points where a stone of value s would complete a chain joining s's two edges,
        in canonical order. (A midpoint never does: it may be played only while the four corners
        it links are empty. Captures take only the other colour's stones.)"""
        g = self._g
        cell = self._cell
        em = g.edge[s]
        nbrs = g.nbrs
        group: dict[int, int] = {}          # stone -> index of its chain in ``edges``
        edges: list[int] = []               # each chain's edges (bit 1, bit 2)
        for p in range(g.size):
            if cell[p] != s or p in group:
                continue
            i = len(edges)
            group[p] = i
            mask = 0
            stack = [p]
            while stack:
                x = stack.pop()
                mask |= em[x]
                for y in nbrs[x]:
                    if cell[y] == s and y not in group:
                        group[y] = i
                        stack.append(y)
            edges.append(mask)
        out = []
        blocked = self._blocked
        for p in range(g.nc):
            if blocked[p]:
                continue
            mask = em[p]
            for y in nbrs[p]:
                k = group.get(y)
                if k is not None:
                    mask |= edges[k]
            if mask == 3:
                out.append(p)
        return out

    def winning_chain(self) -> list[int]:
        """A shortest chain of the winner's stones joining its edges (point indices), or []."""
        if self._result is None or self._result.winner is None:
            return []
        s = self._result.winner + 1
        g = self._g
        cell = self._cell
        em = g.edge[s]
        prev: dict[int, int] = {}
        frontier = [p for p in range(g.nc) if cell[p] == s and em[p] & 1]
        for p in frontier:
            prev[p] = -1
        while frontier:
            nxt = []
            for x in frontier:
                if em[x] & 2:
                    path = []
                    while x != -1:
                        path.append(x)
                        x = prev[x]
                    return path[::-1]
                for y in g.nbrs[x]:
                    if cell[y] == s and y not in prev:
                        prev[y] = x
                        nxt.append(y)
            frontier = nxt
        return []

    def highlight_result(self) -> list[str]:
        labels = self._g.labels
        return [labels[p] for p in self.winning_chain()]

    # ------------------------------------------------------------ search
    def random_playout(self, rng: random.Random, max_plies: int = 1000) -> Result | None:
        """Uniformly random legal moves until the game ends or max_plies moves are made."""
        done = 0
        # The pie rule's window (the first two plies) goes through the generic path.
        while (self._result is None and done < max_plies and self._pie
               and self._plies0 + len(self._history) < 2):
            moves = self.legal_moves()
            self.play(moves[int(rng.random() * len(moves))])
            done += 1
        if self._result is not None or done >= max_plies:
            return self._result
        g = self._g
        N = g.size
        NC = g.nc
        cell = self._cell
        blocked = self._blocked
        nbrs = g.nbrs
        squares = g.squares
        mids_of = g.mids_of
        edge = g.edge
        z1, z2 = g.z[1], g.z[2]
        hist = self._history
        capl = self._caps
        rnd = rng.random
        legal = list(compress(g.all_points, map(not_, blocked)))
        if not legal:  # cannot happen in an unfinished game (section 6); be safe anyway
            return self._result
        pos = [0] * N
        for i, p in enumerate(legal):
            pos[p] = i
        # Exact connected components of both colours: comp id, member lists, edge masks.
        comp = [-1] * N
        # a component's stones, by its root (a stone not a root: the shared empty list, never
        # appended to: only roots get stones)
        members: list[list[int]] = [_NOT_A_ROOT] * N
        mask = [0] * N
        for p in compress(g.all_points, cell):
            v = cell[p]
            if comp[p] < 0:
                em = edge[v]
                comp[p] = p
                mem = [p]
                k = em[p]
                for x in mem:
                    for y in nbrs[x]:
                        if cell[y] == v and comp[y] < 0:
                            comp[y] = p
                            mem.append(y)
                            k |= em[y]
                members[p] = mem
                mask[p] = k
        s = self._to_move + 1
        ncap = [0, 0, 0]
        winner = 0
        hist_append = hist.append
        capl_append = capl.append
        legal_pop = legal.pop
        legal_append = legal.append
        budget = max_plies - done
        while budget > 0:
            budget -= 1
            i = int(rnd() * len(legal))
            p = legal[i]
            last = legal_pop()
            if last != p:
                legal[i] = last
                pos[last] = i
            cell[p] = s
            blocked[p] += 1
            hist_append(p)
            if p >= NC:
                comp[p] = p
                members[p] = [p]
                mask[p] = 0
                capl_append(_NO_CAPTURE)
                s = 3 - s
                continue
            for m in mids_of[p]:
                b = blocked[m]
                blocked[m] = b + 1
                if not b:
                    j = pos[m]
                    last = legal_pop()
                    if last != m:
                        legal[j] = last
                        pos[last] = j
            o = 3 - s
            caps = _NO_CAPTURE
            for m, a, b, q in squares[p]:
                if cell[q] == s and cell[a] == o and cell[b] == o and not cell[m]:
                    caps += (a, b)
            capl_append(caps)
            if caps:
                ncap[s] += len(caps)
                roots = set()
                for a in caps:
                    cell[a] = 0
                    blocked[a] = 0
                    pos[a] = len(legal)
                    legal_append(a)
                    for m in mids_of[a]:
                        b = blocked[m] - 1
                        blocked[m] = b
                        if not b:
                            pos[m] = len(legal)
                            legal_append(m)
                    roots.add(comp[a])
                    comp[a] = -1
                # Relabel the opponent's components that lost stones.
                em = edge[o]
                for r in roots:
                    old = members[r]
                    members[r] = _NOT_A_ROOT
                    rest = [x for x in old if cell[x] == o]
                    for x in rest:
                        comp[x] = -1
                    for x in rest:
                        if comp[x] < 0:
                            comp[x] = x
                            mem = [x]
                            k = em[x]
                            for z in mem:
                                for y in nbrs[z]:
                                    if cell[y] == o and comp[y] < 0:
                                        comp[y] = x
                                        mem.append(y)
                                        k |= em[y]
                            members[x] = mem
                            mask[x] = k
            # Join p to the mover's neighbouring components.
            best = -1
            for q in nbrs[p]:
                if cell[q] == s:
                    r = comp[q]
                    if best < 0:
                        best = r
                    elif r != best:
                        mb = members[best]
                        mr = members[r]
                        if len(mr) > len(mb):
                            best, r, mb, mr = r, best, mr, mb
                        for x in mr:
                            comp[x] = best
                        mb += mr
                        members[r] = _NOT_A_ROOT
                        mask[best] |= mask[r]
            if best < 0:
                comp[p] = p
                members[p] = [p]
                mask[p] = edge[s][p]
            else:
                comp[p] = best
                members[best].append(p)
                k = mask[best] | edge[s][p]
                mask[best] = k
                if k == 3:
                    winner = s
                    break
            s = 3 - s
        # Bring the rest of the state in line with the moves made.
        self._captured[0] += ncap[1]
        self._captured[1] += ncap[2]
        if winner:
            self._result = Result(Color(winner - 1), Reason.CONNECTION)
            s = 3 - s
        self._to_move = Color(s - 1)
        key = g.z_white if s == 2 else 0
        for p in compress(g.all_points, map(_IS_BLACK, cell)):
            key ^= z1[p]
        for p in compress(g.all_points, map(_IS_WHITE, cell)):
            key ^= z2[p]
        self._key = key
        return self._result
