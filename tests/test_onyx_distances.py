"""The Onyx distance maps against slow, obvious definitions of the same distances.

``onyx_eval``'s maps are bucket searches tuned for speed; these tests restate what they
compute as plain fixpoints over the point graph (Dijkstra-like relaxation until nothing
changes) and compare every point on positions of random games, all three board sizes.
"""
from __future__ import annotations

import random

import pytest

from game.ai import onyx_eval as oe
from game.rules import make_game

INF = oe.INF


def _positions(size: int, count: int, seed: int) -> list:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        g = make_game("onyx", size=size)
        for _ in range(rng.randrange(0, 3 * size * size // 4)):
            if g.result is not None:
                break
            g.play(rng.choice(g.legal_moves()))
        out.append(g)
    return out


def _kinds(game, s: int, soft: set[int]) -> list[str]:
    """Per point: 'own', 'empty' (an empty corner), 'soft' (a capturable opponent corner
    stone) or 'wall' (any other opponent stone, and every empty midpoint)."""
    geo = game.geometry
    out = []
    for p, v in enumerate(game.cells):
        if v == s:
            out.append("own")
        elif v == 0:
            out.append("empty" if p < geo.nc else "wall")
        else:
            out.append("soft" if p in soft else "wall")
    return out


def _plain_reference(game, s: int, edge: int, soft: set[int]) -> list[int]:
    """Fewest empty points to fill from the edge to each point: entering an own stone
    costs 0, an empty corner 1, a capturable stone 2; walls are never entered."""
    geo = game.geometry
    kinds = _kinds(game, s, soft)
    cost = {"own": 0, "empty": 1, "soft": 2}
    d = [INF] * geo.size
    for p in range(geo.nc):
        if geo.edge[s][p] & edge and kinds[p] in cost:
            d[p] = cost[kinds[p]]
    changed = True
    while changed:
        changed = False
        for p in range(geo.size):
            if kinds[p] not in cost:
                continue
            for q in geo.nbrs[p]:
                if d[q] + cost[kinds[p]] < d[p]:
                    d[p] = d[q] + cost[kinds[p]]
                    changed = True
    return d


def _two_reference(game, s: int, edge: int, soft: set[int]) -> list[int]:
    """The two-distance: an own stone takes its best neighbour; an empty corner one more
    than the second best of its neighbours (an own neighbour, and the edge, count twice),
    a capturable stone one more again."""
    geo = game.geometry
    kinds = _kinds(game, s, soft)
    d = [INF] * geo.size
    changed = True
    while changed:
        changed = False
        for p in range(geo.size):
            kind = kinds[p]
            if kind == "wall":
                continue
            on_edge = p < geo.nc and bool(geo.edge[s][p] & edge)
            if kind == "own":
                best = 0 if on_edge else min((d[q] for q in geo.nbrs[p]), default=INF)
            else:
                arrivals = [0, 0] if on_edge else []
                for q in geo.nbrs[p]:
                    if kinds[q] == "own":
                        arrivals += [d[q], d[q]]
                    elif kinds[q] in ("empty", "soft"):
                        arrivals.append(d[q])
                arrivals.sort()
                second = arrivals[1] if len(arrivals) > 1 else INF
                best = INF if second >= INF else second + (1 if kind == "empty" else 2)
            if best < d[p]:
                d[p] = best
                changed = True
    return d


@pytest.mark.parametrize("size, seed", [(12, 1), (16, 2), (20, 3)])
def test_maps_match_their_definitions(size, seed):
    for game in _positions(size, 12, seed):
        for s in (1, 2):
            soft = oe._soft(oe.capture_points(game, s))
            maps = {}
            for edge in (1, 2):
                maps[edge] = _plain_reference(game, s, edge, soft)
                assert oe.distance_map(game, s, edge, soft) == maps[edge]
                two = _two_reference(game, s, edge, soft)
                assert oe.two_distance_map(game, s, edge, soft) == two
            # The connection distance: the cheapest way from the first edge to the second.
            geo = game.geometry
            far = min((maps[1][p] for p in range(geo.nc) if geo.edge[s][p] & 2), default=INF)
            assert oe.path_distance(game, s, soft) == far


@pytest.mark.parametrize("size, seed", [(12, 4), (16, 5)])
def test_potentials_are_the_least_sums(size, seed):
    for game in _positions(size, 12, seed):
        maps = oe.ConnectionMaps(game, two=True)
        nc = game.geometry.nc
        for a, b, d in ((maps.m1, maps.m2, maps.d_me), (maps.o1, maps.o2, maps.d_opp)):
            sums = [a[p] + b[p] - (game.cells[p] == 0) for p in range(nc)]
            least = min(sums)
            assert d == (least if least < INF else INF)
