"""Marks a player looks for stand out from what lies under them."""
from __future__ import annotations

import pygame

from game.views import draw as D


def _luminance(rgb) -> float:
    def ch(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (ch(x) for x in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_last_moves_ring_has_a_dark_edge_on_the_wood():
    # the classic theme's orange ring on the wood measured 1.96:1; its edge is dark enough to
    # read at 3:1 or more against the wood whatever the ring's hue
    pygame.init()
    wood = (161, 116, 72)
    ring = D.ring(40, 4, (255, 170, 60, 225), edge=True)
    c = ring.get_width() // 2

    def over_wood(surface) -> list[tuple[float, float, float]]:
        out = []
        for y in range(surface.get_height()):
            p = surface.get_at((c, y))
            k = p.a / 255
            out.append(tuple(p[i] * k + wood[i] * (1 - k) for i in range(3)))
        return out

    edged = min(_luminance(p) for p in over_wood(ring))
    plain = min(_luminance(p) for p in over_wood(D.ring(40, 4, (255, 170, 60, 225))))
    assert (max(edged, _luminance(wood)) + 0.05) / (min(edged, _luminance(wood)) + 0.05) >= 3.0
    assert plain >= _luminance(wood) - 1e-9          # (the plain ring has nothing darker than the wood)
