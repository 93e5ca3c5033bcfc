"""Onager's cached pictures: hexagonal cells and rings, the raised tiles, lakes and their stones,
and the danger badge (``game.views.onager`` draws with them)."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ..themes import CLASSIC
from . import draw as D

SS = D.SS


def _hex_pts(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon (the Onager cell shape: flat sides face east and west)."""
    return [(cx + r * math.cos(math.radians(90 + 60 * i)), cy - r * math.sin(math.radians(90 + 60 * i)))
            for i in range(6)]


@lru_cache(maxsize=512)
def hex_shape(radius: int, color: tuple[int, ...], width: int = 0, glow: int = 0) -> pygame.Surface:
    """An antialiased pointy-top hexagon: filled (width 0) or a ring; optional outer glow. Blit centred."""
    radius = max(3, int(radius))
    pad = width + glow + 3
    size = 2 * (radius + pad)
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = size * SS / 2
    rgb = tuple(color[:3])
    a = color[3] if len(color) > 3 else 255
    if glow:
        for i in range(glow, 0, -1):
            k = i / glow
            pygame.draw.polygon(big, (*rgb, int(a * 0.34 * (1 - k) ** 1.5)),
                                _hex_pts(c, c, (radius + width / 2 + i) * SS))
    if width <= 0:
        pygame.draw.polygon(big, (*rgb, a), _hex_pts(c, c, radius * SS))
    else:
        pygame.draw.polygon(big, (*rgb, a), _hex_pts(c, c, (radius + width / 2) * SS))
        pygame.draw.polygon(big, (0, 0, 0, 0), _hex_pts(c, c, (radius - width / 2) * SS))
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=16)
def tile_overlay(radius: int, kind: str) -> pygame.Surface:
    """Bevel and stain of one raised cell (over the wood): light upper-left, dark lower-right edges.

    kind: 'plain', 'black' (Black's back row, dark stain), 'white' (White's back row, pale).
    """
    radius = max(3, int(radius))
    size = 2 * radius + 4
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = size * SS / 2
    R = radius * SS
    stain = {"plain": (255, 236, 200, 10), "black": (30, 22, 20, 175), "white": (255, 251, 240, 175)}[kind]
    pygame.draw.polygon(big, stain, _hex_pts(c, c, R))
    bevel = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    outer = _hex_pts(c, c, R)
    inner = _hex_pts(c, c, R * 0.86)
    lx, ly = -0.55, -0.83                      # light from the upper left (screen y down)
    for i in range(6):
        j = (i + 1) % 6
        mx = (outer[i][0] + outer[j][0]) / 2 - c
        my = (outer[i][1] + outer[j][1]) / 2 - c
        n = math.hypot(mx, my)
        f = (mx * lx + my * ly) / n
        if f >= 0:
            col = (255, 244, 222, int(40 + 120 * f))
        else:
            col = (40, 22, 8, int(50 + 130 * -f))
        pygame.draw.polygon(bevel, col, [outer[i], outer[j], inner[j], inner[i]])
    big.blit(bevel, (0, 0))
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=8)
def water_cell(radius: int) -> pygame.Surface:
    """A lake's water: a deep blue hexagon, lighter towards the upper left, with ripples."""
    radius = max(3, int(radius))
    size = 2 * radius + 4
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = size * SS / 2
    R = radius * SS
    deep, light = (26, 70, 112), (84, 150, 196)
    steps = 12
    for i in range(steps):
        k = i / (steps - 1)
        col = tuple(int(a + (b - a) * k ** 1.3) for a, b in zip(deep, light))
        pygame.draw.polygon(big, (*col, 255), _hex_pts(c - R * 0.22 * k, c - R * 0.22 * k, R * (1 - 0.7 * k)))
    # clip the offset gradient back to the cell
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), _hex_pts(c, c, R))
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    ripple = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    for k, a in ((0.55, 70), (0.78, 46)):
        rx, ry = R * k, R * k * 0.6
        pygame.draw.ellipse(ripple, (200, 232, 255, a), (c - rx, c - ry + R * 0.1, 2 * rx, 2 * ry), max(1, SS))
    big.blit(ripple, (0, 0))
    pygame.draw.polygon(big, (14, 40, 70, 255), _hex_pts(c, c, R), max(1, int(SS * 1.5)))
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=32)
def lake_stone(radius: int, thickness: int, squash: float) -> pygame.Surface:
    """The grey-blue lake disc with two engraved waves on its top face."""
    spr = D.disc(radius, thickness, (112, 132, 150), (204, 220, 232), (56, 70, 86), "", squash).copy()
    ax, ay = D.disc_anchor(radius, squash)
    big = pygame.Surface((spr.get_width() * SS, spr.get_height() * SS), pygame.SRCALPHA)
    r = radius * SS
    for dy, a in ((-0.22, 150), (0.12, 120)):
        pts = []
        for i in range(25):
            u = -0.55 + 1.1 * i / 24
            x = ax * SS + u * r
            y = ay * SS + (dy + 0.07 * math.sin(u * 11)) * r * squash
            pts.append((x, y))
        pygame.draw.lines(big, (40, 70, 100, a), False, pts, max(2, int(r * 0.07)))
        pygame.draw.lines(big, (232, 244, 255, a // 2), False, [(x, y - r * 0.05) for x, y in pts],
                          max(1, int(r * 0.03)))
    spr.blit(pygame.transform.smoothscale(big, spr.get_size()), (0, 0))
    return spr


@lru_cache(maxsize=16)
def warning_badge(size: int, colour: tuple[int, int, int] = CLASSIC.threat) -> pygame.Surface:
    """A small round badge with '!' in the theme's danger colour (back-row danger)."""
    size = max(10, int(size))
    s = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    D.blit_center(s, D.dot(size // 2 + 1, (60, 8, 4, 200)), (s.get_width() / 2 + 1, s.get_height() / 2 + 1))
    D.blit_center(s, D.dot(size // 2, (*colour[:3], 255)), (s.get_width() / 2, s.get_height() / 2))
    D.text(s, "!", (s.get_width() / 2, s.get_height() / 2), int(size * 0.8), (255, 255, 255), bold=True,
           shadow=False)
    return s
