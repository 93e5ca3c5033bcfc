"""Onager rules core, exact to ``docs/rules/onager.md``.

Board state is two flat lists over the 91 cells (canonical order, see hexgrid):

* ``_top[p]``: 0 empty, 1 black piece on top, 2 white piece on top, 3 lake
  (plus one sentinel entry ``_top[OFF]``, always a lake, see OFF below);
* ``_hgt[p]``: number of discs (1 for a lake, 0 for an empty cell).

Colours alternate in every stack (spec 3.4), so (top, height) is the whole
stack. Moves are ints: a lake placement is the cell index (0..90); a play
move is ``((from + 1) << 8) | to``, so plain int order is the canonical order
of spec 6.7 (lakes first, then by from-cell, then to-cell).
"""
from __future__ import annotations

import random
import re
from collections import deque
from typing import Any

from .base import (Color, Danger, Game, Reason, GameOverError, IllegalMoveError, InvalidMoveError, Motion,
                   PositionError, Result, RulesError, Threat, normalise, split_position)

# the board's geometry and the move generators (onager_moves.py), under their names here too
from .onager_moves import (G, N, CENTRE, EMPTY, BLACK, WHITE, LAKE, ROW_A, ROW_K, A_LO, A_HI, K_LO, K_HI,
                           BACK, DISCS_PER_COLOUR, LAKES, CODE_OF, COLOR_OF, LETTER, OFF, ALL, ADJ, JP, DIRS,
                           RAYS, FAR, _chains, _piece_moves, moves_for, _has_move, _single_jumps, _count_change,
                           _far_row)

# ------------------------------------------------------------------ zobrist
_ZR = random.Random(0x0DA6E5)
MAXH = 2 * DISCS_PER_COLOUR + 1
# ZC[p][code*32 + h]: cell p showing top ``code`` at height h (0 for empty).
ZC: list[list[int]] = []
for _p in range(N):
    row = [0] * 128
    for _code in (BLACK, WHITE):
        for _h in range(1, 32):
            row[_code * 32 + _h] = _ZR.getrandbits(64)
    row[LAKE * 32 + 1] = _ZR.getrandbits(64)
    ZC.append(row)
Z_WHITE = _ZR.getrandbits(64)
Z_SETUP = [0] + [_ZR.getrandbits(64) for _ in range(LAKES)]   # by placements left
del _p, _code, _h, row

# Tests set this to make random_playout compare its cached move lists with moves_for.
_CHECK_PLAYOUT = False

REASON_MAJORITY = Reason.BACK_ROW_MAJORITY
REASON_NO_MOVES = Reason.NO_MOVES
REASON_AGREEMENT = Reason.AGREEMENT


# ---------------------------------------------------------------- the game
_CELL_RE = re.compile(r"^[a-k](10|11|[1-9])$")


class Onager(Game):
    """Onager: setup phase of three lakes, then walks, jumps and chains."""

    name = "onager"
    CHAINS = True                       # a chain may be given as its path (``parse_path``)

    __slots__ = ("_top", "_hgt", "_turn", "_setup_left", "_result", "_hist", "_key")

    # ----------------------------------------------------------- creation
    def __init__(self) -> None:
        self._top: list[int] = [EMPTY] * N + [LAKE]     # + the OFF sentinel
        self._hgt: list[int] = [0] * N
        self._turn: int = BLACK            # colour code of the side to move
        self._setup_left: int = LAKES      # lake placements still to make
        self._result: Result | None = None
        self._hist: list[int] = []
        self._key: int = 0

    @classmethod
    def new(cls, **options: Any) -> "Onager":
        if options:
            raise ValueError(f"Onager has no options (got {', '.join(sorted(options))})")
        g = cls()
        for p in range(N):
            if G.row_of[p] <= 1:
                g._top[p], g._hgt[p] = BLACK, 1
            elif G.row_of[p] >= G.rows - 2:
                g._top[p], g._hgt[p] = WHITE, 1
        g._key = g._compute_key()
        return g

    @classmethod
    def from_position(cls, text: str, to_move: Color | str = Color.BLACK, **options: Any) -> "Onager":
        setup = bool(options.pop("setup", False))
        if options:
            raise PositionError(f"unknown option(s) for Onager: {', '.join(sorted(options))}")
        if isinstance(to_move, str):
            try:
                to_move = Color.parse(to_move)
            except ValueError as e:
                raise PositionError(str(e)) from None
        if not isinstance(text, str):
            raise PositionError("the position must be text")
        g = cls()
        top, hgt = g._top, g._hgt
        lakes: list[int] = []
        seen_lakes_entry = False
        discs = {BLACK: 0, WHITE: 0}
        for head, body in split_position(text):
            h = normalise(head)
            if h == "lakes":
                if seen_lakes_entry:
                    raise PositionError("the Lakes entry appears twice", kind="lakes-twice")
                seen_lakes_entry = True
                for part in body.replace(",", " ").split():
                    lab = part.lower()
                    if lab not in G.index:
                        raise PositionError(f"{part!r} in Lakes is not a cell of the Onager board", kind="not-a-point",
                                            text=part)
                    p = G.index[lab]
                    if p in lakes:
                        raise PositionError(f"lake {lab} is listed twice", kind="listed-twice", cell=lab)
                    if p == CENTRE:
                        raise PositionError("a lake can never be on the centre f6", kind="lake-on-centre", cell="f6")
                    lakes.append(p)
                continue
            if h not in G.index:
                raise PositionError(f"{head.strip()!r} is not a cell of the Onager board (a1 to k6)", kind="not-a-point",
                                    text=head.strip())
            p = G.index[h]
            if hgt[p]:
                raise PositionError(f"cell {h} is listed twice", kind="listed-twice", cell=h)
            typed = [x.strip() for x in body.split(",")]    # a refusal quotes them as typed
            parts = [normalise(x) for x in typed]
            if not parts or any(x == "" for x in parts):
                raise PositionError(f"cell {h}: expected discs B or W separated by commas, got {body!r}",
                                    kind="empty-stack", cell=h)
            prev = EMPTY            # (no disc yet: never equal to a colour)
            for x, as_typed in zip(parts, typed):
                if x not in ("b", "w"):
                    raise PositionError(f"cell {h}: {as_typed!r} is not a disc (B or W)", kind="not-a-piece", cell=h,
                                        text=as_typed)
                code = BLACK if x == "b" else WHITE
                if code == prev:
                    raise PositionError(f"cell {h}: colours must alternate in a stack (spec 3.4)",
                                        kind="not-alternating", cell=h)
                prev = code
                discs[code] += 1
            top[p], hgt[p] = prev, len(parts)
        for code, n in discs.items():
            if n > DISCS_PER_COLOUR:
                raise PositionError(f"{COLOR_OF[code].title} has {n} discs; there are only "
                                    f"{DISCS_PER_COLOUR}", kind="too-many-discs", colour=COLOR_OF[code].word,
                                    count=n, most=DISCS_PER_COLOUR)
        if len(lakes) > LAKES:
            raise PositionError(f"{len(lakes)} lakes given; there are only {LAKES}", kind="too-many-lakes",
                                count=len(lakes), most=LAKES)
        for p in lakes:
            if hgt[p]:
                raise PositionError(f"cell {G.labels[p]} holds both a lake and discs", kind="lake-and-discs",
                                    cell=G.labels[p])
            top[p], hgt[p] = LAKE, 1
        g._turn = CODE_OF[Color(to_move)]
        if setup:
            if len(lakes) >= LAKES:
                raise PositionError("a setup-phase position has at most 2 lakes placed", kind="lake-phase-full")
            g._setup_left = LAKES - len(lakes)
            placer = BLACK if len(lakes) != 1 else WHITE
            if g._turn != placer:
                raise PositionError(f"with {len(lakes)} lake(s) placed, {COLOR_OF[placer].title} "
                                    "places the next lake (order Black, White, Black)", kind="lake-placer",
                                    placed=len(lakes), colour=COLOR_OF[placer].word)
        else:
            g._setup_left = 0
        g._key = g._compute_key()
        if not setup:
            g._check_start()
        return g

    def copy(self) -> "Onager":
        g = Onager.__new__(Onager)
        g._top = self._top[:]
        g._hgt = self._hgt[:]
        g._turn = self._turn
        g._setup_left = self._setup_left
        g._result = self._result
        g._hist = self._hist[:]
        g._key = self._key
        return g

    def _compute_key(self) -> int:
        k = 0
        top, hgt = self._top, self._hgt
        for p in range(N):
            if top[p]:
                k ^= ZC[p][top[p] * 32 + hgt[p]]
        if self._turn == WHITE:
            k ^= Z_WHITE
        return k ^ Z_SETUP[self._setup_left]

    # -------------------------------------------------------------- state
    @property
    def to_move(self) -> Color:
        return COLOR_OF[self._turn]

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def ply(self) -> int:
        return len(self._hist)

    @property
    def in_setup(self) -> bool:
        """True during the setup phase (lake placements)."""
        return self._setup_left > 0

    # The position as the engine's knowledge reads it (``game.ai.onager_eval``), for speed:
    # the board's own lists, not copies; only ``play`` and ``undo`` change them.
    @property
    def tops(self) -> list[int]:
        """The top of each cell by index (EMPTY, BLACK, WHITE or LAKE), then OFF's entry."""
        return self._top

    @property
    def heights(self) -> list[int]:
        """The number of discs on each cell, by index."""
        return self._hgt

    @property
    def turn(self) -> int:
        """The side to move as its code in ``tops`` (BLACK or WHITE)."""
        return self._turn

    def turn_phase(self) -> str | None:
        """The lake placements (Black, White, Black) share one row named "Lakes" in move lists;
        the numbered moves start with Black's first move after them."""
        return "Lakes" if self._setup_left else None

    def moves_played(self) -> list[int]:
        return list(self._hist)

    def key(self) -> int:
        return self._key

    def options(self) -> dict[str, Any]:
        return {}

    # -------------------------------------------------------------- moves
    def legal_moves(self) -> list[int]:
        if self._result is not None:
            return []
        top = self._top
        if self._setup_left:
            return [p for p in ALL if not top[p] and p != CENTRE]
        return moves_for(self._turn, top, self._hgt)

    def _check_start(self) -> None:
        """Start-of-turn checks of spec 5.2 (play phase only)."""
        top = self._top
        c = self._turn
        if c == BLACK:
            y = top[K_LO:K_HI].count(BLACK)
            x = top[A_LO:A_HI].count(WHITE)
        else:
            y = top[A_LO:A_HI].count(WHITE)
            x = top[K_LO:K_HI].count(BLACK)
        if y > x:
            self._result = Result(COLOR_OF[c], REASON_MAJORITY)
        elif not _has_move(c, top, self._hgt):
            self._result = Result(COLOR_OF[3 - c], REASON_NO_MOVES)

    def play(self, move: int) -> None:
        top, hgt = self._top, self._hgt
        c = self._turn
        k = self._key
        if move < 256:                                   # lake placement
            p = move
            top[p], hgt[p] = LAKE, 1
            k ^= ZC[p][LAKE * 32 + 1] ^ Z_SETUP[self._setup_left]
            self._setup_left -= 1
            k ^= Z_SETUP[self._setup_left]
            self._hist.append(move)
            if self._setup_left:
                self._turn = 3 - c
                self._key = k ^ Z_WHITE
                return
            # third lake: Black (the placer) also makes the first move
            self._key = k
            self._check_start()
            return
        f = (move >> 8) - 1
        t = move & 255
        zf, zt = ZC[f], ZC[t]
        h = hgt[f]
        k ^= zf[c * 32 + h]
        h -= 1
        hgt[f] = h
        if h:
            top[f] = 3 - c
            k ^= zf[(3 - c) * 32 + h]
        else:
            top[f] = EMPTY
        h = hgt[t]
        if h:
            k ^= zt[top[t] * 32 + h]
        h += 1
        hgt[t] = h
        top[t] = c
        self._key = k ^ zt[c * 32 + h] ^ Z_WHITE
        self._turn = 3 - c
        self._hist.append(move)
        self._check_start()

    def undo(self) -> int:
        if not self._hist:
            raise RulesError("there is no move to take back")
        move = self._hist.pop()
        top, hgt = self._top, self._hgt
        k = self._key
        self._result = None      # every move was played from an unfinished game
        if move < 256:
            p = move
            k ^= ZC[p][LAKE * 32 + 1] ^ Z_SETUP[self._setup_left]
            top[p], hgt[p] = EMPTY, 0
            if self._setup_left:
                k ^= Z_WHITE
            self._setup_left += 1
            k ^= Z_SETUP[self._setup_left]
            self._turn = WHITE if self._setup_left == 2 else BLACK
            self._key = k
            return move
        f = (move >> 8) - 1
        t = move & 255
        c = top[t]                                       # the mover
        zf, zt = ZC[f], ZC[t]
        h = hgt[t]
        k ^= zt[c * 32 + h]
        h -= 1
        hgt[t] = h
        if h:
            top[t] = 3 - c
            k ^= zt[(3 - c) * 32 + h]
        else:
            top[t] = EMPTY
        h = hgt[f]
        if h:
            k ^= zf[top[f] * 32 + h]
        h += 1
        hgt[f] = h
        top[f] = c
        self._key = k ^ zf[c * 32 + h] ^ Z_WHITE
        self._turn = c
        return move

    def end_by_agreement(self) -> Result:
        """End the game as a draw by agreement (spec 5.5), in either phase."""
        if self._result is not None:
            raise GameOverError(f"the game is already over: {self._result.describe()}", result=self._result)
        self._result = Result(None, REASON_AGREEMENT)
        return self._result

    def cancel_agreement(self) -> None:
        """Take back an ending by agreement (the UI's undo); otherwise do nothing."""
        if self._result is not None and self._result.reason == REASON_AGREEMENT:
            self._result = None

    def random_playout(self, rng: random.Random, max_plies: int = 1000) -> Result | None:
        """Play uniformly random legal moves until the game ends or ``max_plies``.

        Lakes first (random empty cells other than f6) while in the setup phase.
        The play phase keeps, for this playout only, each piece's move list and
        drops it when a cell its scan read changes (exact dependencies, see below);
        pieces with chains are always recomputed. The move set each turn is
        exactly ``legal_moves()`` (in another order).
        """
        if self._result is not None:
            return self._result
        top, hgt = self._top, self._hgt
        rnd = rng.random
        plies = 0
        while self._setup_left:
            if plies >= max_plies:
                return None
            cells = [p for p in ALL if not top[p] and p != CENTRE]
            self.play(cells[int(rnd() * len(cells))])
            plies += 1
            if self._result is not None:
                return self._result
        c = self._turn
        result = None
        ap_hist = self._hist.append
        chains = _chains
        RAYS_, BACK_, DIRS_ = RAYS, BACK, DIRS
        # cache[A]: the move list of the piece on A, valid while no cell it read changed.
        # A piece on A read: the cells of each ray up to the first non-empty one, and,
        # when that one is an own pivot P at distance k, the landing A + 2k·d.
        # After a move changes cell X, the pieces that read X are: the piece on X; the
        # first non-empty cell on each ray from X; and on each ray, a non-empty cell A
        # at distance 2k whose previous non-empty cell P (its pivot) is at distance k
        # and has A's colour. (If P, A or a cell between them changed in the same
        # move, A is caught as the first non-empty cell seen from that cell.)
        cache: list[list[int] | None] = [None] * N
        pieces = [[], [A for A in ALL if top[A] == BLACK], [A for A in ALL if top[A] == WHITE]]
        nb = top[K_LO:K_HI].count(BLACK)     # Black's pieces on White's back row
        nw = top[A_LO:A_HI].count(WHITE)     # White's pieces on Black's back row
        check = _CHECK_PLAYOUT
        while True:
            own = pieces[c]
            moves: list[int] = []
            e = 3 - c
            for A in own:
                ms = cache[A]
                if ms is None:
                    # _piece_moves written out (the hot path)
                    ms = []
                    ap = ms.append
                    b = (A + 1) << 8
                    front = None
                    for n0, L, rest in DIRS_[A]:
                        y = top[n0]
                        if y:
                            if y == c:
                                y = top[L]
                                if not y:
                                    ap(b | L)
                                elif y == e:
                                    ap(b | L)
                                    if front is None:
                                        front = [L]
                                    else:
                                        front.append(L)
                            continue
                        ap(b | n0)
                        for P, L in rest:
                            y = top[P]
                            if y:
                                if y == c:
                                    y = top[L]
                                    if not y:
                                        ap(b | L)
                                    elif y == e:
                                        ap(b | L)
                                        if front is None:
                                            front = [L]
                                        else:
                                            front.append(L)
                                break
                    if front is None:
                        cache[A] = ms
                    else:
                        chains(A, c, top, hgt, ms, 0, front)
                moves += ms
            if check:
                assert sorted(moves) == sorted(moves_for(c, top, hgt)), "playout move cache out of date"
            if not moves:
                result = Result(COLOR_OF[3 - c], REASON_NO_MOVES)
                break
            if plies >= max_plies:
                break
            m = moves[int(rnd() * len(moves))]
            f = (m >> 8) - 1
            t = m & 255
            h = hgt[f] - 1
            hgt[f] = h
            own.remove(f)
            if h:
                top[f] = e
                pieces[e].append(f)
            else:
                top[f] = EMPTY
            if top[t] == e:
                pieces[e].remove(t)
            hgt[t] += 1
            top[t] = c
            own.append(t)
            ap_hist(m)
            plies += 1
            for X in (f, t):
                cache[X] = None
                for ray in RAYS_[X]:
                    j = 0              # distance of the last non-empty cell seen
                    for k, Y in ray:
                        y = top[Y]
                        if y:
                            if not j:
                                cache[Y] = None
                            elif k == j + j and y == top[ray[j - 1][1]]:
                                cache[Y] = None
                            j = k
            if BACK_[f] or BACK_[t]:
                nb = top[K_LO:K_HI].count(BLACK)
                nw = top[A_LO:A_HI].count(WHITE)
            c = e
            if c == BLACK:
                if nb > nw:
                    result = Result(Color.BLACK, REASON_MAJORITY)
                    break
            elif nw > nb:
                result = Result(Color.WHITE, REASON_MAJORITY)
                break
        self._turn = c
        self._result = result
        self._key = self._compute_key()
        return result

    # ----------------------------------------------------------- notation
    def move_str(self, move: int) -> str:
        if move < 256:
            return G.labels[move]
        return f"{G.labels[(move >> 8) - 1]}-{G.labels[move & 255]}"

    def move_sort_key(self, move: int) -> int:
        return move

    @staticmethod
    def _cells(text: str) -> list[int]:
        """Split normalised text on '-' and check each part against the cell grammar."""
        if not text:
            raise InvalidMoveError("empty move: give a cell (lake) or from-to (move)")
        parts = text.split("-")
        out = []
        for part in parts:
            if not part:
                raise InvalidMoveError(f"{text!r}: empty cell between '-' signs "
                                       "(write a move as from-to, e.g. b3-c4)")
            if not _CELL_RE.match(part) or part not in G.index:
                raise InvalidMoveError(f"{part!r} is not a cell of the Onager board "
                                       "(rows a to k, numbered from 1 without leading zeros)")
            out.append(G.index[part])
        return out

    def parse_path(self, text: str) -> tuple[int, list[str]]:
        """Read a lake, a move ``x-y`` or a path ``x-y1-...-ym`` (spec 6.5).

        Returns the move and its path labels: the cell for a lake, the given path
        for the path form, and a fewest-jumps path (see ``path``) for ``x-y``.
        """
        if not isinstance(text, str):
            raise InvalidMoveError("a move must be text")
        norm = normalise(text)
        cells = self._cells(norm)
        if self._result is not None:
            raise GameOverError(f"the game is over ({self._result.describe()}): no move is legal", result=self._result)
        top = self._top
        if self._setup_left:
            if len(cells) != 1:
                raise IllegalMoveError(f"{norm!r}: the setup phase is still on; "
                                       f"{self.to_move.title} places a lake on one empty cell",
                                       kind="lake-phase", text=norm, side=self.to_move.word)
            p = cells[0]
            if p == CENTRE:
                raise IllegalMoveError("a lake may not be placed on the centre f6", kind="lake-centre",
                                       cell=G.labels[p])
            if top[p]:
                what = "a lake" if top[p] == LAKE else "a disc"
                raise IllegalMoveError(f"{G.labels[p]} already holds {what}; a lake needs an empty cell",
                                       kind="lake-occupied", cell=G.labels[p],
                                       holds="lake" if top[p] == LAKE else "disc")
            return p, [G.labels[p]]
        if len(cells) == 1:
            raise IllegalMoveError(f"{norm!r} is a lake placement, but the setup phase is over; "
                                   "write a move as from-to, e.g. b3-c4", kind="lakes-over", text=norm)
        c = self._turn
        x = cells[0]
        xl = G.labels[x]
        if top[x] != c:
            raise IllegalMoveError(f"{xl} does not hold a {self.to_move.word} piece "
                                   f"({self.to_move.title} is to move)", kind="not-your-piece", cell=xl,
                                   side=self.to_move.word)
        if len(cells) == 2:
            y = cells[1]
            moves: list[int] = []
            _piece_moves(x, c, top, self._hgt, moves)
            m = ((x + 1) << 8) | y
            if m not in moves:
                raise IllegalMoveError(f"{xl}-{G.labels[y]} is not a legal move: "
                                       f"{G.labels[y]} is neither a walk nor a jump destination from {xl}",
                                       kind="not-a-destination", cell=G.labels[y], start=xl)
            return m, self.path(m)
        board = self._chain_board(x)
        landed: set[int] = set()
        prev = x
        e = 3 - c
        for j, y in enumerate(cells[1:], start=1):
            yl = G.labels[y]
            if y == x:
                raise IllegalMoveError(f"path {norm!r} lands on its start cell {xl}", kind="lands-on-start",
                                       cell=xl)
            if y in landed:
                raise IllegalMoveError(f"path {norm!r} lands on {yl} twice", kind="lands-twice", cell=yl)
            if y not in _single_jumps(prev, c, board):
                raise IllegalMoveError(f"path {norm!r}: {yl} is not one jump from {G.labels[prev]}",
                                       kind="not-one-jump", cell=yl, start=G.labels[prev])
            if j < len(cells) - 1 and board[y] != e:
                raise IllegalMoveError(f"path {norm!r}: the jump onto {yl} lands on an empty cell, "
                                       "which ends the turn", kind="chain-ended", cell=yl)
            landed.add(y)
            prev = y
        return ((x + 1) << 8) | cells[-1], [G.labels[p] for p in cells]

    def parse_move(self, text: str) -> int:
        return self.parse_path(text)[0]

    # ------------------------------------------------------ chain helpers
    def _chain_board(self, A: int) -> list[int]:
        board = self._top[:N]
        board[A] = (3 - board[A]) if self._hgt[A] > 1 else EMPTY
        return board

    def _label(self, label: str) -> int:
        lab = normalise(label) if isinstance(label, str) else ""
        if lab not in G.index:
            raise InvalidMoveError(f"{label!r} is not a cell of the Onager board")
        return G.index[lab]

    def path(self, move: int) -> list[str]:
        """Start cell then each landing cell, with the fewest jumps (walk: [from, to])."""
        if move < 256:
            return [G.labels[move]]
        f = (move >> 8) - 1
        t = move & 255
        if t in ADJ[f]:
            return [G.labels[f], G.labels[t]]
        c = self._top[f]
        if c not in (BLACK, WHITE):
            raise IllegalMoveError(f"{self.move_str(move)}: {G.labels[f]} holds no piece")
        board = self._chain_board(f)
        e = 3 - c
        parent = {f: -1}
        q = deque([f])
        while q:
            X = q.popleft()
            for L in _single_jumps(X, c, board):
                if L in parent:
                    continue
                parent[L] = X
                if L == t:
                    out = [t]
                    while parent[out[-1]] != -1:
                        out.append(parent[out[-1]])
                    return [G.labels[p] for p in reversed(out)]
                if board[L] == e:
                    q.append(L)
        raise IllegalMoveError(f"{self.move_str(move)} is not a legal move in this position")

    def chain_steps(self, start_label: str, landed_labels: list[str]) -> list[str]:
        """Cells one further jump can land on, given the landings so far (spec 4.6).

        Empty ``landed_labels``: the first jumps from the start. Returns [] when the
        start holds no piece of the side to move, outside the play phase, or when
        the last landing was on an empty cell (the turn is then over). Raises
        IllegalMoveError when the landings are not a legal chain.
        """
        A = self._label(start_label)
        landed = [self._label(x) for x in landed_labels]
        c = self._turn
        if self._result is not None or self._setup_left or self._top[A] != c:
            return []
        board = self._chain_board(A)
        e = 3 - c
        prev = A
        seen = {A}
        for y in landed:
            if prev != A and board[prev] != e:
                raise IllegalMoveError(f"the chain already ended on the empty cell {G.labels[prev]}",
                                       kind="chain-ended", cell=G.labels[prev])
            if y in seen:
                raise IllegalMoveError(f"a chain may not land on {G.labels[y]} "
                                       f"{'(its start cell)' if y == A else 'twice'}",
                                       kind="lands-on-start" if y == A else "lands-twice", cell=G.labels[y])
            if y not in _single_jumps(prev, c, board):
                raise IllegalMoveError(f"{G.labels[y]} is not one jump from {G.labels[prev]}",
                                       kind="not-one-jump", cell=G.labels[y], start=G.labels[prev])
            seen.add(y)
            prev = y
        if prev != A and board[prev] != e:
            return []
        return [G.labels[L] for L in sorted(_single_jumps(prev, c, board)) if L not in seen]

    def walk_targets(self, label: str) -> list[str]:
        """Empty neighbours a piece of the side to move on ``label`` can walk to."""
        A = self._label(label)
        if self._result is not None or self._setup_left or self._top[A] != self._turn:
            return []
        return [G.labels[n] for n in sorted(ADJ[A]) if not self._top[n]]

    # -------------------------------------------------------- description
    def motions(self, move: int, path: list[str] | None = None) -> list[Motion]:
        if move < 256:
            return [Motion(kind="place", src=None, dst=G.labels[move], pieces=("L",))]
        f = (move >> 8) - 1
        t = move & 255
        colour = LETTER.get(self._top[f], "B")
        if t in ADJ[f]:
            return [Motion(kind="move", src=G.labels[f], dst=G.labels[t], pieces=(colour,))]
        cells = [G.index.get(normalise(x) if isinstance(x, str) else "", -1) for x in (path or ())]
        if len(cells) < 2 or -1 in cells or cells[0] != f or cells[-1] != t:
            cells = [G.index[x] for x in self.path(move)]
        out = []
        for step, (a, b) in enumerate(zip(cells, cells[1:])):
            lb = G.line_between(a, b)
            via: tuple[str, ...] = ()
            if lb is not None and lb[1] % 2 == 0:
                via = (G.labels[G.rays[a][lb[0]][lb[1] // 2 - 1]],)
            out.append(Motion(kind="jump", src=G.labels[a], dst=G.labels[b], pieces=(colour,),
                              step=step, via=via))
        return out

    def stacks(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, tuple[str, ...]] = {}
        top, hgt = self._top, self._hgt
        for p in ALL:
            t = top[p]
            if t == LAKE:
                out[G.labels[p]] = ("L",)
            elif t:
                h = hgt[p]
                out[G.labels[p]] = tuple(LETTER[t if (h - 1 - i) % 2 == 0 else 3 - t] for i in range(h))
        return out

    def position_text(self) -> str:
        parts = []
        lakes = []
        for lab, st in self.stacks().items():
            if st == ("L",):
                lakes.append(lab)
            else:
                parts.append(f"{lab}: {','.join(st)}")
        if lakes:
            parts.append("Lakes: " + " ".join(lakes))
        return "; ".join(parts)

    def discs(self) -> dict[str, int]:
        """Number of discs of each colour on the board (buried ones included)."""
        out = {"black": 0, "white": 0}
        for st in self.stacks().values():
            for x in st:
                if x == "B":
                    out["black"] += 1
                elif x == "W":
                    out["white"] += 1
        return out

    # ------------------------------------------------------ UI helpers
    def counts(self) -> dict[str, int]:
        """Pieces on the opponent's back row: Black's on row k, White's on row a."""
        top = self._top
        return {"black": top[K_LO:K_HI].count(BLACK), "white": top[A_LO:A_HI].count(WHITE)}

    def threats(self) -> list[str]:
        """The opponent's pieces on the mover's back row, when the opponent leads."""
        if self._result is not None or self._setup_left:
            return []
        top = self._top
        c = self._turn
        mine, theirs = (ROW_A, ROW_K) if c == BLACK else (ROW_K, ROW_A)
        x = [p for p in mine if top[p] == 3 - c]
        y = sum(1 for p in theirs if top[p] == c)
        return [G.labels[p] for p in x] if len(x) > y else []

    def dangers(self) -> list[Danger]:
        """How the back rows can decide the game one move from now (spec 5.2): the other side
        already leads on the mover's back row (it wins when its turn starts unless this move
        changes the count); and, for either side, the moves that take the lead so that no answer
        undoes it (the side to move's win with its next turn, the other side's threat)."""
        if self._result is not None or self._setup_left:
            return []
        top = self._top
        c = self._turn
        o = 3 - c
        out = []
        x = [p for p in _far_row(o) if top[p] == o]
        y = sum(1 for p in _far_row(c) if top[p] == c)
        if len(x) > y:
            out.append(Danger(COLOR_OF[o], False, Threat.LEAD, cells=tuple(G.labels[p] for p in x),
                              score=(len(x), y)))
        for s in (c, o):
            found = self._lead_takers(s)
            if found:
                moves = [m for m, _ in found]
                out.append(Danger(COLOR_OF[s], s == c, Threat.BACK_ROW, tuple(self.move_str(m) for m in moves),
                                  tuple(tuple(self.path(m)) for m in moves),
                                  tuple(dict.fromkeys(G.labels[m & 255] for m in moves)), found[0][1]))
        return out

    def _lead_takers(self, s: int) -> list[tuple[int, tuple[int, int]]]:
        """Moves of colour s (as if it were to move) after which s leads on the far rows and no
        answer of the other side undoes the lead, so s wins when its turn starts again: each with
        (s's discs on its far row, the other's) right after it. A move changes the counts only
        where it starts and where it lands, so they are counted, not played; one that takes the
        lead by a single disc is played on a scratch board to look at every answer."""
        e = 3 - s
        top, hgt = self._top, self._hgt
        mine = sum(1 for p in _far_row(s) if top[p] == s)
        theirs = sum(1 for p in _far_row(e) if top[p] == e)
        if mine > theirs:
            return []                        # it leads already: the threat is that lead (Threat.LEAD)
        board: Onager | None = None
        out = []
        for m in moves_for(s, top, hgt):
            dm, dt = _count_change(top, hgt, m, s)
            if mine + dm <= theirs + dt:
                continue
            lead = (mine + dm, theirs + dt)
            if lead[0] - lead[1] < 2:        # an answer can take back one disc of a lead, never two
                if board is None:
                    board = Onager()
                    board._top, board._hgt, board._turn, board._setup_left = top[:], hgt[:], s, 0
                board.play(m)
                stands = self._lead_stands(board, s)
                board.undo()
                if not stands:
                    continue
            out.append((m, lead))
        return out

    @staticmethod
    def _lead_stands(board: "Onager", s: int) -> bool:
        """On ``board``, where s just took the lead by one disc and the other side is to move: does
        every answer leave s leading when its turn starts (or the other side without a move)?"""
        res = board._result
        if res is not None:
            return res.winner == COLOR_OF[s]
        e = 3 - s
        top, hgt = board._top, board._hgt
        for r in moves_for(e, top, hgt):
            dt, dm = _count_change(top, hgt, r, e)
            if dm - dt <= -1:
                return False
        return True

    def highlight_result(self) -> list[str]:
        """Why the game ended: the back-row cells that counted, or the stuck pieces."""
        res = self._result
        if res is None or res.winner is None:
            return []
        top = self._top
        if res.reason == REASON_MAJORITY:
            cells = [p for p in ROW_A if top[p] == WHITE] + [p for p in ROW_K if top[p] == BLACK]
        else:   # no-moves: the pieces of the player who cannot move
            loser = 3 - CODE_OF[res.winner]
            cells = [p for p in ALL if top[p] == loser]
        return [G.labels[p] for p in sorted(cells)]

    def __repr__(self) -> str:
        state = self._result.describe() if self._result else f"{self.to_move.title} to move"
        phase = "setup" if self._setup_left else "play"
        return f"<Onager {phase}, {state}, ply {self.ply}>"
