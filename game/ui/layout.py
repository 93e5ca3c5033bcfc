"""The screen split the board and tutorial scenes share: the board on the left, a panel on the right.

``split(size, px, ...)`` gives both rectangles for a window size (``px`` scales layout lengths
for big windows, see ``Scene.px``); ``panel_background`` is the panel's picture (a soft shadow
and a dark rounded card in the theme's colours), drawn by a scene or pre-composed into its static layer.
"""
from __future__ import annotations

from typing import Callable

import pygame

from ..themes import CLASSIC, Theme
from ..views import draw as D

__all__ = ["PANEL_FILL", "PANEL_BORDER", "draw_panel", "split"]

PANEL_FILL = CLASSIC.panel_fill          # the classic theme's (each theme has its own: Theme.panel_*)
PANEL_BORDER = CLASSIC.panel_border


def split(size: tuple[int, int], px: Callable[[float], int], panel_min: int, panel_max: int,
          share: float) -> tuple[pygame.Rect, pygame.Rect]:
    """(board_rect, panel_rect) for a window: the panel takes ``share`` of the width, kept between
    ``px(panel_min)`` and ``px(panel_max)``; an even margin all round and between them."""
    w, h = size
    pw = max(px(panel_min), min(px(panel_max), int(w * share)))
    m = max(12, int(h * 0.02))
    panel = pygame.Rect(w - pw - m, m, pw, h - 2 * m)
    board = pygame.Rect(m, m, w - pw - 3 * m, h - 2 * m)
    return board, panel


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme = CLASSIC) -> None:
    """The side panel's card with its shadow in a theme's colours (cached pictures: one blit each)."""
    surface.blit(D.rounded_panel(rect.size, theme.panel_shadow, radius=16), rect.move(4, 6))
    surface.blit(D.rounded_panel(rect.size, theme.panel_fill, radius=16, border=theme.panel_border), rect)
