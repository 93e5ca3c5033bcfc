"""Onyx knowledge for the search: connection distances, move order, evaluation.

Onyx is a connection game, so the knowledge is the one Hex programs use: how
many more stones each side needs to join its edges, and in how many ways.

Distances
---------
``distance_map(game, s, edge)`` is, for every point, the fewest empty points
colour ``s`` must still fill to reach it from one of its edges (the point
itself included), by a 0-1-2 shortest-path search over the point graph:

* an own stone costs 0, an empty corner point 1;
* an opponent's stone is a wall, unless ``s`` can capture it with one move
  now (two opponent stones on a diagonal of a square whose midpoint is empty,
  an own stone on a third corner and the fourth one empty): then it costs 2
  (the capturing stone, then the point itself);
* a midpoint counts only when it holds an own stone (it links the opposite
  corners of its square, cost 0). An empty midpoint can be played only while
  its four corners are empty, and then the path through two of those corners
  is as short, so it never shortens a path and is left out.

The side's distance (``path_distance``; 0 once connected) is the cost of its
cheapest edge-to-edge path. ``two_distance_map`` is the two-distance of Hex
programs (Queenbee): an empty point costs one more than the *second* best of
its neighbours, since the opponent blocks the best one; an own stone passes on
the best and counts as two neighbours (it cannot be cut), as does the edge. A
side's ``potential`` is the least sum of its two-distances from both edges
over the points: a path with two ways round every cut is short, a run along
the side of the board that one stone blocks is long.

What the search uses (``OnyxKnowledge``)
----------------------------------------
* ``evaluate`` (every leaf of the tree: no random playouts): a logistic
  function of the difference of the two sides' potentials, with half a point
  for the side to move. (Measured at 0.3 s a move on 12×12: 6-2 against
  10-ply random playouts before the evaluation, 6-0 against shortest-path
  distances instead of potentials.) A side's potential counts at most its
  plain distance plus ``PLAIN_CAP`` (3): the two-distance counts a run in
  single file (along an edge, past a wall) as cut before any stone cuts it,
  and a search that believes it lets the run reach the end (Medium at 375
  iterations, 12×12: 6 of 120 games lost to the runners without the cap, 2
  with it; it costs about a quarter of the iterations). The side to move may
  also capture (``captures``): its best capture is played, and the value is
  at least the one after it, the opponent to move with its distance longer by
  what the capture added to its shortest path. A side's stones the opponent
  can capture otherwise count as stones (one capture a turn is all it can
  make); without it, Medium lost long games to a runner that took its path
  stones one by one (375 iterations, 12×12, seeds 30-59 both colours: 2 of 120
  lost, none with it; it costs about 3% of the iterations).
* ``order``: the moves sorted by their slack, how far off a least-potential
  path of either side they lie (the opponent's counts more when it is ahead),
  with bonuses for captures and for taking the point where the opponent would
  capture; midpoints come after their corners. A side that loses the plain race
  (it needs more stones than the opponent) tries first the opponent's cuts
  (``plain_paths``: the points on every one of its shortest paths, where a stone
  lengthens it); without this Medium lost a run along the far edge on 12×12 and a
  ladder on 16×16 (``tests/test_ai_strength.py``). The tree widens progressively
  over this order (``SearchParams.width0``), so a few hundred iterations go to
  the moves that matter: blocking a run along the side of the board, or a
  shortest-path runner, is among the first moves tried. The maps computed to
  evaluate a position are kept (``cache`` positions), so ordering it when the
  tree expands it later costs nothing.
* ``win_now``: a connecting point in one (as before).
* ``repetition_draw``: captures can bring a position back, and the rules have
  no draw: the search scores a repeated position 0.5, so a side that is ahead
  leaves a capture cycle.

``UniformOnyxKnowledge`` is the knowledge from before (uniform random playouts
to the end, random order): the Easy level keeps it.

Reads the position as the rules core declares it for the engine (``Onyx.cells``, the
stones by point, and ``Onyx.geometry``, the board's graph) for speed; it never changes a
position except through ``play``. The search hands its knowledge a ``Game``
(``Knowledge``); ``OnyxKnowledge`` takes it as the ``Onyx`` it is (``_onyx``).
"""
from __future__ import annotations

import math
import random
from operator import add, sub

from ..rules.base import Game, Move
from ..rules.onyx import Onyx
from .knowledge import Knowledge, result_value

INF = 1 << 20


def connecting_point(game: Onyx, s: int) -> int | None:
    """An empty corner point where a stone of value s (1 black, 2 white) connects its edges.

    Captures only remove the opponent's stones, so the mover connects exactly when
    the new stone joins own groups that together touch both of the mover's edges.
    """
    geo = game.geometry
    cell = game.cells
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


# ------------------------------------------------------------------ tables
class _Tables:
    """Per board size: the squares by their diagonals, and each side's edge points."""

    def __init__(self, geo) -> None:
        self.geo = geo
        # (midpoint, a, d, b, c): a-d and b-c are the two diagonals of the square.
        self.squares = tuple((m, c00, c11, c10, c01)
                             for m, (c00, c10, c01, c11) in sorted(geo.mid_corners.items()))
        self.edge_points = {(s, bit): tuple(p for p in range(geo.nc) if geo.edge[s][p] & bit)
                            for s in (1, 2) for bit in (1, 2)}
        # Points of a midpoint's square, to score a midpoint by its corners.
        self.mid_corners = dict(geo.mid_corners)
        nc = geo.nc
        # Neighbours for the distance searches: a corner's corner neighbours, then its
        # midpoints (a midpoint counts only with an own stone on it); a midpoint's corners.
        self.cnbrs = tuple(tuple(y for y in geo.nbrs[p] if y < nc) if p < nc else geo.nbrs[p]
                           for p in range(geo.size))
        self.mids_of = tuple(geo.mids_of[p] if p < nc else () for p in range(geo.size))


_TABLES: dict[int, _Tables] = {}


def tables(game: Onyx) -> _Tables:
    geo = game.geometry
    t = _TABLES.get(geo.n)
    if t is None or t.geo is not geo:
        t = _TABLES[geo.n] = _Tables(geo)
    return t


# ------------------------------------------------------------------ captures
def capture_points(game: Onyx, s: int) -> dict[int, tuple[int, ...]]:
    """The captures colour s (stone value) could make with one stone now:
    {empty corner point: the opponent's stones it would capture}."""
    cell = game.cells
    o = 3 - s
    out: dict[int, tuple[int, ...]] = {}
    for m, a, d, b, c in tables(game).squares:
        if cell[m]:
            continue
        va = cell[a]
        vd = cell[d]
        vb = cell[b]
        vc = cell[c]
        if va == o and vd == o:
            if vb == s and vc == 0:
                out[c] = out.get(c, ()) + (a, d)
            elif vc == s and vb == 0:
                out[b] = out.get(b, ()) + (a, d)
        elif vb == o and vc == o:
            if va == s and vd == 0:
                out[d] = out.get(d, ()) + (b, c)
            elif vd == s and va == 0:
                out[a] = out.get(a, ()) + (b, c)
    return out


def _soft(caps: dict[int, tuple[int, ...]]) -> set[int]:
    out: set[int] = set()
    for stones in caps.values():
        out.update(stones)
    return out


# ------------------------------------------------------------------ distances
def _edge_start(tab: "_Tables", cell: list[int], s: int, edge: int, soft: set[int],
                d: list[int]) -> tuple[list[int], list[int], list[int]]:
    """The first buckets of a distance search from edge ``edge`` for colour s: its own stones
    on the edge at 0, empty points at 1, capturable opponent stones at 2 (``d`` filled in)."""
    b0: list[int] = []
    b1: list[int] = []
    b2: list[int] = []
    for p in tab.edge_points[(s, edge)]:
        v = cell[p]
        if v == s:
            d[p] = 0
            b0.append(p)
        elif v == 0:
            d[p] = 1
            b1.append(p)
        elif p in soft:
            d[p] = 2
            b2.append(p)
    return b0, b1, b2


def distance_map(game: Onyx, s: int, edge: int, soft: set[int] | None = None,
                 target: int = 0) -> list[int] | int:
    """Fewest empty points colour s needs from its edge ``edge`` (bit 1 or 2) to each point.

    ``soft``: opponent stones that cost 2 instead of being walls (those s can capture;
    default: computed). With ``target`` (the other edge's bit) returns just the cost of
    the cheapest path to that edge (INF when there is none) and stops as soon as it is known.
    """
    tab = tables(game)
    cell = game.cells
    if soft is None:
        soft = _soft(capture_points(game, s))
    # A corner's corner neighbours and its midpoints apart: an empty midpoint is never on
    # a path (see above), so only a midpoint with an own stone is looked at.
    cnbrs = tab.cnbrs
    mids_of = tab.mids_of
    em = tab.geo.edge[s]
    d = [INF] * len(cell)
    b0, b1, b2 = _edge_start(tab, cell, s, edge, soft, d)
    level = 0
    while b0 or b1 or b2:
        up = level + 1
        pop = b0.pop
        push0 = b0.append
        push1 = b1.append
        while b0:
            x = pop()
            if d[x] != level:
                continue
            if target and em[x] & target:
                return level
            # Own stones are at ``level`` or unreached, empty points at ``up`` at best.
            for y in cnbrs[x]:
                if d[y] <= up:
                    continue
                v = cell[y]
                if v == 0:
                    d[y] = up
                    push1(y)
                elif v == s:
                    d[y] = level
                    push0(y)
                elif y in soft and d[y] > up + 1:
                    d[y] = up + 1
                    b2.append(y)
            for m in mids_of[x]:
                if cell[m] == s and d[m] > level:
                    d[m] = level
                    push0(m)
        level = up
        b0, b1, b2 = b1, b2, []
    return INF if target else d


def _whole_map(game: Onyx, s: int, edge: int, soft: set[int] | None) -> list[int]:
    """``distance_map`` of every point (no target: always the whole map)."""
    d = distance_map(game, s, edge, soft)
    assert isinstance(d, list)
    return d


def two_distance_map(game: Onyx, s: int, edge: int, soft: set[int] | None = None) -> list[int]:
    """The two-distance of every point from edge ``edge`` (bit 1 or 2) for colour s: an
    empty point needs the second best of its neighbours (the opponent blocks the best
    one), plus one. An own stone takes the best of its neighbours and counts as two
    neighbours for the empty points next to it (a group cannot be cut); the edge counts
    as two neighbours of its points. Opponent stones are walls, except those s can
    capture (``soft``, default: computed), which cost one point more."""
    tab = tables(game)
    cell = game.cells
    if soft is None:
        soft = _soft(capture_points(game, s))
    cnbrs = tab.cnbrs
    mids_of = tab.mids_of
    size = len(cell)
    d = [INF] * size
    seen = bytearray(size)         # an empty point with one arrival so far
    b0, b1, b2 = _edge_start(tab, cell, s, edge, soft, d)
    level = 0
    pop = b0.pop
    while b0 or b1 or b2:
        up = level + 1
        push1 = b1.append
        while b0:
            x = pop()
            if d[x] != level:
                continue
            if cell[x] == s:                       # an own stone: every neighbour gets up
                for y in cnbrs[x]:
                    if d[y] <= up:
                        continue
                    v = cell[y]
                    if v == 0:
                        d[y] = up
                        push1(y)
                    elif v == s:
                        d[y] = level
                        b0.append(y)
                    elif y in soft and d[y] > up + 1:
                        d[y] = up + 1
                        b2.append(y)
                for m in mids_of[x]:
                    if cell[m] == s and d[m] > level:
                        d[m] = level
                        b0.append(m)
            else:                                  # an empty (or soft) point: second arrival
                for y in cnbrs[x]:
                    if d[y] <= up:
                        continue
                    v = cell[y]
                    if v == 0:
                        if seen[y]:
                            d[y] = up
                            push1(y)
                        else:
                            seen[y] = 1
                    elif v == s:
                        d[y] = level
                        b0.append(y)
                    elif y in soft:
                        if seen[y]:
                            if d[y] > up + 1:
                                d[y] = up + 1
                                b2.append(y)
                        else:
                            seen[y] = 1
                for m in mids_of[x]:
                    if cell[m] == s and d[m] > level:
                        d[m] = level
                        b0.append(m)
        level = up
        b0, b1, b2 = b1, b2, []
        pop = b0.pop
    return d


def potential(game: Onyx, s: int, soft: set[int] | None = None) -> tuple[int, int, list[int], list[int]]:
    """(potential, mobility, map from edge 1, map from edge 2) of colour s: the potential is
    the least two-distance sum over the corner points (an empty point counted once), the
    mobility the number of points that reach it. INF: no way through at all."""
    if soft is None:
        soft = _soft(capture_points(game, s))
    a = two_distance_map(game, s, 1, soft)
    b = two_distance_map(game, s, 2, soft)
    sums = _sums(a, b, _empty_corners(game))
    best = min(sums, default=INF)
    if best >= INF:
        return INF, 0, a, b
    return best, sums.count(best), a, b


def path_distance(game: Onyx, s: int, soft: set[int] | None = None) -> int:
    """The fewest empty points colour s (1 black, 2 white) still needs to connect (0: done)."""
    d = distance_map(game, s, 1, soft, target=2)
    assert isinstance(d, int)
    return d


def distances(game: Onyx) -> tuple[int, int]:
    """(Black's, White's) connection distance."""
    return path_distance(game, 1), path_distance(game, 2)


def logistic_value(d_me: int, d_opp: int, scale: float, tempo: float) -> float:
    """Winning chance in [0, 1] for the side to move, from its distance d_me and the
    opponent's d_opp (potentials or distances; INF: no way through)."""
    x = min(d_opp, 199) - min(d_me, 199) + tempo
    return 1.0 / (1.0 + math.exp(-scale * x))


class ConnectionMaps:
    """Both sides' distance maps from both edges, their distances and capture points.

    ``two=False``: shortest-path distances (``distance_map``; ``d_me``/``d_opp`` the
    connection distances). ``two=True``: two-distances (``two_distance_map``;
    ``d_me``/``d_opp`` the potentials, as ``potential``).
    """

    __slots__ = ("me", "opp", "caps_me", "caps_opp", "soft_me", "soft_opp", "d_me", "d_opp",
                 "m1", "m2", "o1", "o2", "two", "plain")

    def __init__(self, game: Onyx, two: bool = False) -> None:
        me = int(game.to_move) + 1
        opp = 3 - me
        self.me, self.opp = me, opp
        self.two = two
        self.caps_me = capture_points(game, me)
        self.caps_opp = capture_points(game, opp)
        self.soft_me = soft_me = _soft(self.caps_me)
        self.soft_opp = soft_opp = _soft(self.caps_opp)
        self.plain: tuple[int, int] | None = None
        if two:
            self.m1 = two_distance_map(game, me, 1, soft_me)
            self.m2 = two_distance_map(game, me, 2, soft_me)
            self.o1 = two_distance_map(game, opp, 1, soft_opp)
            self.o2 = two_distance_map(game, opp, 2, soft_opp)
            empty = _empty_corners(game)
            self.d_me = _least_sum(self.m1, self.m2, empty)
            self.d_opp = _least_sum(self.o1, self.o2, empty)
            return
        self.m1 = _whole_map(game, me, 1, soft_me)
        self.m2 = _whole_map(game, me, 2, soft_me)
        self.o1 = _whole_map(game, opp, 1, soft_opp)
        self.o2 = _whole_map(game, opp, 2, soft_opp)
        ep = tables(game).edge_points
        m1, o1 = self.m1, self.o1
        self.d_me = min((m1[p] for p in ep[(me, 2)]), default=INF)
        self.d_opp = min((o1[p] for p in ep[(opp, 2)]), default=INF)
        self.plain = (self.d_me, self.d_opp)

    def plain_distances(self, game: Onyx) -> tuple[int, int]:
        """(the mover's, the opponent's) plain connection distance, computed once."""
        if self.plain is None:
            self.plain = (path_distance(game, self.me, self.soft_me),
                          path_distance(game, self.opp, self.soft_opp))
        return self.plain


def _empty_corners(game: Onyx) -> list[bool]:
    """One flag per corner point: whether it is empty."""
    nc = game.geometry.nc
    return [v == 0 for v in game.cells[:nc]]


def _sums(a: list[int], b: list[int], empty: list[bool]) -> list[int]:
    """a[p] + b[p] at each corner point, an empty point counted once (``empty``: one flag per
    corner point, so the sums stop at the corners); INF or more where a side is not reached."""
    return list(map(sub, map(add, a, b), empty))


def _least_sum(a: list[int], b: list[int], empty: list[bool]) -> int:
    """The least of ``_sums``; INF when no point is reached from both edges."""
    best = min(_sums(a, b, empty), default=INF)
    return best if best < INF else INF


def plain_paths(game: Onyx, s: int, soft: set[int] | None = None) -> tuple[int, list[int], list[int]]:
    """(colour s's plain distance, the empty points on any shortest path of it, the cuts).

    A cut is an empty point on every shortest path: a stone there lengthens the path. A
    shortest path fills one empty point at each step of the distance from its first edge
    (a capturable stone of the other side on it takes two steps), so a point is a cut when
    no other point of a shortest path shares its step. ``soft`` as in ``distance_map``.
    """
    if soft is None:
        soft = _soft(capture_points(game, s))
    p1 = _whole_map(game, s, 1, soft)
    p2 = _whole_map(game, s, 2, soft)
    d = min((p1[p] for p in tables(game).edge_points[(s, 2)]), default=INF)
    if d <= 0 or d >= INF:
        return d, [], []
    cell = game.cells
    steps = [0] * (d + 2)
    on: list[int] = []
    for p in range(game.geometry.nc):
        a = p1[p]
        v = cell[p]
        if v == 0:
            if a + p2[p] - 1 == d:
                on.append(p)
                steps[a] += 1
        elif v != s and a + p2[p] - 2 == d:
            steps[a - 1] += 1
            steps[a] += 1
    return d, on, [p for p in on if steps[p1[p]] == 1]


FRAGILE = 1.5          # potential > FRAGILE * plain distance + 2: a path in single file
FRAGILE_BONUS = 6.0    # the order's bonus for the points on the opponent's plain shortest paths
# Boards the rule is used on: it won 6 of 6 where Medium had lost 4 of 6 on 20x20, but on
# 12x12 Medium lost 3 of 13 games to the edge line with it against 1 of 20 without it.
FRAGILE_MIN_SIZE = 16
# The order's bonus for the cuts of the opponent's plain shortest paths (``plain_paths``)
# when the side to move loses the race, i.e. needs more stones than the opponent. Medium
# at 375 iterations against the runners, both colours, 200 games (12x12 seeds 30-59;
# 16x16 the runner 10-29, the line 0-19): 2 lost with it and 2 without, not the same
# games. It wins the two recorded losses of the tests, costs no measurable speed, and
# tries the cut of a run along the edge first where the rest of the order tried the
# points beside it.
RACE_BONUS = 6.0
# The leaf value counts a side's distance as at most its plain distance plus this (None: off).
PLAIN_CAP = 3


def move_scores(game: Onyx, maps: ConnectionMaps | None = None) -> dict[Move, float]:
    """A score per legal move of the side to move (higher: try first)."""
    if maps is None:
        maps = ConnectionMaps(game)
    nc = game.geometry.nc
    m1, m2, o1, o2 = maps.m1, maps.m2, maps.o1, maps.o2
    dm, do = maps.d_me, maps.d_opp
    # The opponent's paths matter more the closer the opponent is to connecting.
    w_opp = 1.3 if do <= dm else 0.9
    caps_me, caps_opp = maps.caps_me, maps.caps_opp
    out: dict[Move, float] = {}
    corner_score: dict[int, float] = {}
    for p in game.legal_moves():
        if p < 0:
            continue
        if p < nc:
            sm = m1[p] + m2[p] - 1 - dm          # slack: 0 on a shortest path
            so = o1[p] + o2[p] - 1 - do
            if sm > 40:
                sm = 40
            if so > 40:
                so = 40
            sc = -min(sm, so * w_opp) - 0.35 * (sm + so * w_opp)
            if p in caps_me:
                sc += 1.5 + 0.5 * len(caps_me[p])
            if p in caps_opp:
                sc += 1.5 + 0.5 * len(caps_opp[p])
            out[p] = sc
            corner_score[p] = sc
    if maps.two and do < INF:
        plain_me, plain = maps.plain_distances(game)
        # A two-distance counts a path in single file (along an edge, past a wall) as cut
        # already; when the opponent's plain distance is much shorter than its potential,
        # the points of its plain shortest paths are where it must be stopped: try them early.
        fragile = (game.size >= FRAGILE_MIN_SIZE
                   and plain < INF and do > FRAGILE * plain + 2)
        # A side that needs more stones than the opponent loses a plain race: it must cut
        # the opponent's path, and only a stone on every shortest path lengthens it.
        race = plain_me > plain
        if fragile or race:
            _, on, cuts = plain_paths(game, maps.opp, maps.soft_opp)
            if fragile:
                for p in on:
                    if p in out:
                        out[p] += FRAGILE_BONUS
            if race:
                for p in cuts:
                    if p in out:
                        out[p] += RACE_BONUS
    mids = tables(game).mid_corners
    for p in game.legal_moves():
        if p >= nc:
            cs = mids[p]
            best = max(corner_score.get(q, -99.0) for q in cs)
            out[p] = best - 1.5
    return out


def _onyx(game: Game) -> Onyx:
    """The position the search hands this game's knowledge, as the ``Onyx`` it is."""
    assert isinstance(game, Onyx), game
    return game


class OnyxKnowledge(Knowledge):
    """Connection distances: move order and the evaluation of the leaves (see above).

    ``two`` (default): two-distance potentials; else shortest-path distances.
    ``playout_plies``: random moves before the evaluation (0: none, the best measured).
    """

    name = "onyx"
    rave = True
    repetition_draw = True      # captures can repeat positions; the rules have no draw

    def __init__(self, playout_plies: int = 0, scale: float = 0.7, tempo: float = 0.5,
                 two: bool = True, cache: int = 1000, plain_cap: int | None = PLAIN_CAP,
                 captures: bool = True) -> None:
        super().__init__()
        self.plain_cap = plain_cap
        self.captures = captures
        self.playout_plies = playout_plies
        self.scale = scale
        self.tempo = tempo
        self.two = two
        self.cache = cache
        self._maps: dict[tuple, ConnectionMaps] = {}

    def _remember(self, game: Onyx, maps: ConnectionMaps) -> None:
        if not self.cache:
            return
        memo = self._maps
        if len(memo) >= self.cache:
            for old in list(memo)[: self.cache // 4]:     # forget the oldest quarter
                del memo[old]
        memo[(game.size, game.key())] = maps

    def maps(self, game: Onyx) -> ConnectionMaps:
        """The position's ConnectionMaps (the ones kept when it was evaluated, if any)."""
        m = self._maps.get((game.size, game.key()))
        if m is None or m.two != self.two:
            m = ConnectionMaps(game, self.two)
        return m

    def win_now(self, game: Game) -> Move | None:
        if game.result is not None:
            return None
        return connecting_point(_onyx(game), int(game.to_move) + 1)

    def order(self, game: Game, moves: list[Move], rng: random.Random) -> list[Move]:
        if game.result is not None or not moves:
            return moves
        onyx = _onyx(game)
        scores = move_scores(onyx, self.maps(onyx))
        rnd = rng.random
        keyed = [(scores.get(m, -99.0) + rnd() * 0.01, m) for m in moves]
        keyed.sort(reverse=True)
        return [m for _, m in keyed]

    def simulate(self, game: Game, rng: random.Random) -> float:
        if self.playout_plies and game.result is None:
            game.random_playout(rng, self.playout_plies)
        return self.evaluate(game)

    def evaluate(self, game: Game) -> float:
        if game.result is not None:
            return result_value(game)
        game = _onyx(game)
        maps = ConnectionMaps(game, self.two)
        self._remember(game, maps)
        d_me, d_opp = maps.d_me, maps.d_opp
        k = self.plain_cap
        if k is not None and self.two:
            # A path in single file (along an edge, past a wall) has a two-distance as if
            # it were cut already; it is cut only once the other side spends a stone on
            # it. Counted as its plain length plus ``plain_cap``, a short one is a threat.
            plain_me, plain_opp = maps.plain_distances(game)
            d_me = min(d_me, plain_me + k)
            d_opp = min(d_opp, plain_opp + k)
        v = logistic_value(d_me, d_opp, self.scale, self.tempo)
        if self.captures and maps.caps_me:
            plain_opp = maps.plain_distances(game)[1]
            v = max(v, self._capture_value(game, maps.opp, d_me, d_opp, plain_opp, maps.caps_me))
        return v if int(game.to_move) == 0 else 1.0 - v

    def _capture_value(self, game: Onyx, opp: int, d_me: int, d_opp: int, plain_opp: int,
                       caps: dict[int, tuple[int, ...]]) -> float:
        """The mover's value after its best capture (0 when none lengthens the opponent's path).

        The capture is played: the opponent, to move after it, has its distance longer by
        what the capture added to its shortest path (the one capture a turn the mover can
        really make, so stones that are merely capturable still count as stones).
        """
        if plain_opp >= INF:
            return 0.0
        best = plain_opp
        for q in caps:
            game.play(q)
            if game.result is None:
                d = path_distance(game, opp)
                if d > best:
                    best = d
            game.undo()
        if best == plain_opp:
            return 0.0
        return 1.0 - logistic_value(min(d_opp + best - plain_opp, INF), d_me, self.scale,
                                    self.tempo)


class UniformOnyxKnowledge(OnyxKnowledge):
    """The knowledge of the engine before connection distances: immediate connections,
    uniform random playouts to the end, RAVE, random move order. Easy keeps it, so Easy
    is no stronger than it was (a beginner can beat it)."""

    name = "onyx-uniform"
    repetition_draw = False

    def order(self, game: Game, moves: list[Move], rng: random.Random) -> list[Move]:
        rng.shuffle(moves)
        return moves

    def simulate(self, game: Game, rng: random.Random) -> float:
        game.random_playout(rng, self.playout_cap)
        return result_value(game)


# ------------------------------------------------------------------ pie rule
def centrality(game: Onyx, p: int) -> float:
    """Distance of point p from the centre of the board, in rows/columns (Chebyshev).

    A midpoint sits in the middle of its square cell.
    """
    geo = game.geometry
    n = geo.n
    cx, cy = geo.xy[p]
    half = 0.5 if p >= geo.nc else 0.0
    return max(abs(cx + half - (n - 1) / 2.0), abs(cy + half - (n + 1) / 2.0))


def strong_opening(game: Onyx, p: int) -> bool:
    """Whether a first stone on p is strong enough for White to take it with ``swap``:
    a stone in the central region (within n/4 of the centre both ways)."""
    n = game.size
    return centrality(game, p) <= n / 4.0


def pie_opening(game: Onyx, rng: random.Random) -> Move:
    """Black's first move under the pie rule: good but not worth swapping, i.e. just
    outside the central region (chosen at random among those points)."""
    n = game.size
    moves = [m for m in game.legal_moves() if m >= 0]
    ring = [m for m in moves if n / 4.0 < centrality(game, m) <= n / 4.0 + 1.5]
    pool = ring or [m for m in moves if not strong_opening(game, m)] or moves
    return pool[int(rng.random() * len(pool))]
