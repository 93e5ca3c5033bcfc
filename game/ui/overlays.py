"""Pictures drawn over a scene: the tooltip that follows the mouse and the 'not available' card."""
from __future__ import annotations

from typing import Callable

import pygame

from ..views import draw as D
from .text import wrap

__all__ = ["draw_tooltip", "draw_unavailable"]


def draw_tooltip(surface: pygame.Surface, text: str, mouse: tuple[int, int], px: Callable[[float], int]) -> pygame.Rect:
    """A small dark card with ``text`` wrapped beside the mouse, kept inside the window; its rect."""
    f = D.font(px(15))
    lines = wrap(text, f, px(320))
    w = max(f.size(s)[0] for s in lines) + px(24)
    lh = px(21)
    h = len(lines) * lh + px(16)
    x, y = mouse[0] + px(18), mouse[1] + px(18)
    sw, sh = surface.get_size()
    x = min(x, sw - w - 8)
    y = min(y, sh - h - 8)
    surface.blit(D.rounded_panel((w, h), (16, 13, 10, 235), radius=8, border=(192, 138, 64, 255), border_width=1),
                 (x, y))
    for i, line in enumerate(lines):
        D.text(surface, line, (x + px(12), y + px(8) + i * lh), px(15), D.PALETTE["text"], anchor="topleft",
               shadow=False)
    return pygame.Rect(x, y, w, h)


def draw_unavailable(surface: pygame.Surface, area: pygame.Rect, message: str, px: Callable[[float], int]) -> None:
    """A card in the middle of ``area``: 'Not available yet' and why (a game or view that is missing)."""
    box = pygame.Rect(0, 0, min(px(640), area.w - 40), px(200))
    box.center = area.center
    surface.blit(D.rounded_panel(box.size, (30, 24, 19, 235), radius=px(18), border=(150, 110, 66, 255)), box)
    D.text(surface, "Not available yet", (box.centerx, box.y + px(50)), px(30), (255, 226, 168), bold=True)
    y = box.y + px(100)
    for line in wrap(message or "This game cannot be shown.", D.font(px(17)), box.w - px(60))[:4]:
        D.text(surface, line, (box.centerx, y), px(17), D.PALETTE["text"])
        y += px(26)
