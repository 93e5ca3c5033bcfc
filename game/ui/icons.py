"""Small drawn icons: the history and file buttons' symbols, and the colour discs of the panel."""
from __future__ import annotations

import math

import pygame

from ..rules.base import Color
from ..views import draw as D

__all__ = ["colour_icon", "draw_icon"]


def colour_icon(surface: pygame.Surface, center: tuple[int, int], color: Color, r: int) -> None:
    """A small shaded disc of a player's colour (turn and count lines of a panel)."""
    top, hi, side = D.piece_colors("W" if color == Color.WHITE else "B")
    spr = D.disc(r, max(2, r // 3), top, hi, side, "", 0.78)
    ax, ay = D.disc_anchor(r, 0.78)
    surface.blit(spr, (center[0] - ax, center[1] - ay - r // 4))


def draw_icon(surface: pygame.Surface, kind: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """Small antialiased icons drawn on blank buttons (the UI font has no such glyphs):
    first |◀, back ◀, forward ▶, last ▶|, replay ↻▶, stop ■, save ⤓, load (folder), picture, gear,
    comment (a speech bubble)."""
    s = min(rect.h, rect.w) * 0.36
    cx, cy = rect.center
    if kind == "gear":
        _gear(surface, (cx, cy), min(rect.h, rect.w) * 0.30, colour)
        return
    lw = max(2, round(s * 0.2))
    if kind == "stop":
        q = s * 0.55
        pygame.draw.rect(surface, colour, pygame.Rect(round(cx - q), round(cy - q), round(2 * q), round(2 * q)),
                         border_radius=max(1, lw // 2))
        return
    if kind == "replay":
        r = s * 0.78
        arc = [(cx + r * math.cos(a), cy + r * math.sin(a))
               for a in (math.radians(d) for d in range(-60, 241, 15))]
        pygame.draw.lines(surface, colour, False, arc, lw)
        ex, ey = arc[0]
        D.polygon_aa(surface, colour, [(ex + s * 0.34, ey - s * 0.05), (ex - s * 0.18, ey - s * 0.36),
                                       (ex - s * 0.12, ey + s * 0.26)])
        t = s * 0.34
        D.polygon_aa(surface, colour, [(cx + t, cy), (cx - t * 0.6, cy - t), (cx - t * 0.6, cy + t)])
        return
    if kind == "save":
        top, bot = cy - s * 0.75, cy + s * 0.25
        pygame.draw.line(surface, colour, (cx, top), (cx, bot - s * 0.2), lw)
        D.polygon_aa(surface, colour, [(cx, bot + s * 0.12), (cx - s * 0.42, bot - s * 0.34),
                                       (cx + s * 0.42, bot - s * 0.34)])
        tray = [(cx - s * 0.8, cy + s * 0.2), (cx - s * 0.8, cy + s * 0.72), (cx + s * 0.8, cy + s * 0.72),
                (cx + s * 0.8, cy + s * 0.2)]
        pygame.draw.lines(surface, colour, False, tray, lw)
        return
    if kind == "load":
        body = pygame.Rect(round(cx - s * 0.85), round(cy - s * 0.45), round(s * 1.7), round(s * 1.15))
        tab = pygame.Rect(body.x, body.y - round(s * 0.25), round(s * 0.7), round(s * 0.35))
        pygame.draw.rect(surface, colour, tab, border_radius=max(1, lw // 2))
        pygame.draw.rect(surface, colour, body, border_radius=max(1, lw // 2))
        pygame.draw.line(surface, (58, 44, 34), (body.x + lw, body.y + round(s * 0.3)),
                         (body.right - lw - 1, body.y + round(s * 0.3)), max(1, lw // 2))
        return
    if kind == "picture":
        frame = pygame.Rect(round(cx - s * 0.9), round(cy - s * 0.65), round(s * 1.8), round(s * 1.3))
        pygame.draw.rect(surface, colour, frame, lw, border_radius=max(1, lw // 2))
        D.polygon_aa(surface, colour, [(frame.x + lw, frame.bottom - lw), (cx - s * 0.2, cy - s * 0.1),
                                       (cx + s * 0.25, cy + s * 0.3), (cx + s * 0.45, cy + s * 0.1),
                                       (frame.right - lw, frame.bottom - lw)])
        pygame.draw.circle(surface, colour, (round(cx + s * 0.45), round(cy - s * 0.3)), max(2, round(s * 0.17)))
        return
    if kind == "comment":           # a speech bubble with two lines of words
        bubble = pygame.Rect(round(cx - s * 0.9), round(cy - s * 0.72), round(s * 1.8), round(s * 1.2))
        pygame.draw.rect(surface, colour, bubble, lw, border_radius=max(2, round(s * 0.3)))
        D.polygon_aa(surface, colour, [(cx - s * 0.45, bubble.bottom - lw), (cx - s * 0.05, bubble.bottom - lw),
                                       (cx - s * 0.55, cy + s * 0.85)])
        for k, length in ((0, 0.95), (1, 0.6)):
            yy = round(cy - s * 0.32 + k * s * 0.38)
            pygame.draw.line(surface, colour, (round(cx - s * 0.5), yy), (round(cx - s * 0.5 + s * length), yy),
                             max(1, lw - 1))
        return
    w = s * 0.9
    if kind in ("back", "first"):
        tri = [(cx - w * 0.55, cy), (cx + w * 0.45, cy - s * 0.62), (cx + w * 0.45, cy + s * 0.62)]
    else:
        tri = [(cx + w * 0.55, cy), (cx - w * 0.45, cy - s * 0.62), (cx - w * 0.45, cy + s * 0.62)]
    if kind in ("first", "last"):
        shift = w * 0.28 * (1 if kind == "first" else -1)
        tri = [(x + shift, y) for x, y in tri]
        bar_x = cx - w * 0.62 if kind == "first" else cx + w * 0.62
        bar_x += shift
        bw = max(2, int(s * 0.22))
        pygame.draw.rect(surface, colour, pygame.Rect(int(bar_x - bw / 2), int(cy - s * 0.62), bw, int(s * 1.24) + 1))
    D.polygon_aa(surface, colour, tri)


def _gear(surface: pygame.Surface, c: tuple[float, float], r: float, colour: tuple[int, int, int]) -> None:
    teeth = 8
    pts = []
    for i in range(teeth * 4):
        a = 2 * math.pi * i / (teeth * 4)
        rr = r if (i % 4) in (0, 1) else r * 0.74
        pts.append((c[0] + rr * math.cos(a + math.pi / (teeth * 4)), c[1] + rr * math.sin(a + math.pi / (teeth * 4))))
    D.polygon_aa(surface, colour, pts)
    pygame.draw.circle(surface, (58, 44, 34), (round(c[0]), round(c[1])), max(2, round(r * 0.36)))
