"""Curved arrows: a jump's flight drawn as an arc (Onager previews and lessons), shared by views."""
from __future__ import annotations

import math
from typing import Sequence

import pygame


def draw_arc(surface: pygame.Surface, pts: list[tuple[float, float]], a_xy: tuple[float, float],
             b_xy: tuple[float, float], r: float, scale: float, colour: Sequence[int], alpha: int = 190) -> None:
    """An arrow along ``pts`` (screen points from a to b) with its head at the end, kept ``r`` pixels
    off both ends, and its shadow: a faint straight line on the board from a to b."""
    (ax, ay), (bx, by) = a_xy, b_xy
    pts = [p for p in pts if math.hypot(p[0] - ax, p[1] - ay) > r and math.hypot(p[0] - bx, p[1] - by) > r]
    if len(pts) < 2:
        return
    w = max(3, int(scale * 0.07))
    allp = pts + [(ax, ay), (bx, by)]
    x0 = int(min(p[0] for p in allp)) - w * 6
    y0 = int(min(p[1] for p in allp)) - w * 6
    x1 = int(max(p[0] for p in allp)) + w * 6
    y1 = int(max(p[1] for p in allp)) + w * 6
    layer = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
    loc = [(x - x0, y - y0) for x, y in pts]
    pygame.draw.line(layer, (20, 12, 6, 70), (ax - x0, ay - y0), (bx - x0, by - y0), max(2, w // 2))
    pygame.draw.lines(layer, (30, 18, 8, min(255, alpha)), False, [(x + 1, y + 2) for x, y in loc], w + 2)
    pygame.draw.lines(layer, (*colour[:3], alpha), False, loc, w)
    (px, py), (qx, qy) = loc[-2], loc[-1]
    d = math.hypot(qx - px, qy - py) or 1.0
    ux, uy = (qx - px) / d, (qy - py) / d
    hd = max(8.0, scale * 0.22)
    tip = (qx + ux * hd * 0.3, qy + uy * hd * 0.3)
    head = [tip, (tip[0] - ux * hd - uy * hd * 0.55, tip[1] - uy * hd + ux * hd * 0.55),
            (tip[0] - ux * hd + uy * hd * 0.55, tip[1] - uy * hd - ux * hd * 0.55)]
    pygame.draw.polygon(layer, (*colour[:3], alpha), head)
    surface.blit(layer, (x0, y0))
