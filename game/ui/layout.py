"""The screen split the board and tutorial scenes share: the board on the left, a panel on the right.

``split(size, px, ...)`` gives both rectangles for a window size (``px`` scales layout lengths
for big windows, see ``Scene.px``); ``panel_background`` is the panel's picture (a soft shadow
and a dark rounded card in the theme's colours), drawn by a scene or pre-composed into its static layer.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from ..themes import CLASSIC, Theme
from ..views import draw as D

__all__ = ["PANEL_FILL", "PANEL_BORDER", "button_width", "draw_panel", "row_widths", "split"]

PANEL_FILL = CLASSIC.panel_fill          # the classic theme's (each theme has its own: Theme.panel_*)
PANEL_BORDER = CLASSIC.panel_border


def button_width(label: str, px: Callable[[float], int], ui: Any, object_id: str | None = None) -> int:
    """The width a button of the UI manager ``ui`` (with ``object_id``, e.g. '#primary_button',
    whose font is larger) needs to show ``label`` whole, measured in the theme's own font. Once a
    button is rebuilt (a theme or language change), pygame-gui centres its text in a view that
    starts past the border, the shadow and the rounded corner but is as wide as the whole
    button, so the text needs that room on each side (at scale 1: 7 px before it, 4 after it,
    doubled by the centring); what runs past the right border is cut."""
    ids = [object_id, "button"] if object_id else ["button"]
    return int(ui.get_theme().get_font(ids).get_rect(label).w) + px(24)


def row_widths(needs: list[int], width: int, gap: int) -> list[int]:
    """The widths of a row of buttons across ``width``: equal shares, unless one needs more
    than its share (``needs``: ``button_width`` of each) and all fit side by side, then each
    its need and an equal part of what is left."""
    n = max(1, len(needs))
    share = (width - gap * (n - 1)) // n
    if needs and max(needs) > share and sum(needs) + gap * (n - 1) <= width:
        spare = (width - gap * (n - 1) - sum(needs)) // n
        return [nd + spare for nd in needs]
    return [share] * len(needs)


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
