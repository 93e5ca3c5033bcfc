"""Pictures drawn over a scene: the tooltip that follows the mouse and the 'not available' card."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

import pygame

from ..i18n import _
from ..themes import CLASSIC, Theme
from ..views import draw as D
from .text import wrap

__all__ = ["draw_tick", "draw_ticks", "draw_tooltip", "draw_unavailable", "tooltip_rect"]


TIP_LINES = 4      # at most this many lines in a tooltip


def draw_tick(surface: pygame.Surface, r: pygame.Rect, colour: tuple[int, int, int] = CLASSIC.heading) -> None:
    """The check mark of a ticked check box (the UI font has none; the theme gives check boxes no
    symbol, so this is all a ticked box shows)."""
    lw = max(2, r.h // 7)
    pts = [(r.x + r.w * 0.24, r.y + r.h * 0.52), (r.x + r.w * 0.43, r.y + r.h * 0.72),
           (r.x + r.w * 0.78, r.y + r.h * 0.28)]
    pygame.draw.lines(surface, colour, False, pts, lw)
    for p in pts:
        pygame.draw.circle(surface, colour, (round(p[0]), round(p[1])), lw // 2)


def draw_ticks(surface: pygame.Surface, boxes: Iterable[Any], theme: Theme | None) -> None:
    """The ticks of the checked boxes among ``boxes`` (None or hidden ones are passed over), in the
    theme's heading colour: a scene's ``draw_overlay`` (drawn under open lists and dialogs)."""
    colour = (theme or CLASSIC).heading
    for box in boxes:
        if box is not None and box.visible and box.get_state():
            draw_tick(surface, box.get_abs_rect(), colour)


def tooltip_rect(text: str, mouse: tuple[int, int], px: Callable[[float], int], window: pygame.Rect,
                 avoid: Sequence[pygame.Rect] = ()) -> tuple[pygame.Rect, list[str]]:
    """Where the tooltip of ``text`` goes and its lines: beside the mouse (below right, else below
    left, above right, above left), inside ``window``, covering none of ``avoid`` if it can."""
    f = D.font(px(15))
    lines = wrap(text, f, px(320))
    if len(lines) > TIP_LINES:            # a tooltip is a few lines, never a column over the buttons
        lines = lines[:TIP_LINES]
        lines[-1] = lines[-1].rstrip(" .,;:") + "…"
    w = max(f.size(s)[0] for s in lines) + px(24)
    h = len(lines) * px(21) + px(16)
    mx, my = mouse
    first = None
    # nearest first; further out only when what it must keep off stands all round the pointer
    # (a selected stack's targets ring it)
    spots = [(x, y) for d in (px(18), px(70), px(130), px(200))
             for x, y in ((mx + d, my + d), (mx - d - w, my + d), (mx + d, my - d - h), (mx - d - w, my - d - h),
                          (mx - w // 2, my + d), (mx - w // 2, my - d - h))]
    for x, y in spots:
        r = pygame.Rect(x, y, w, h)
        r.clamp_ip(window.inflate(-16, -16))
        if first is None:
            first = r
        if not r.collidepoint(mouse) and not any(r.colliderect(a) for a in avoid):
            return r, lines
    assert first is not None            # (there is always a spot to try)
    return first, lines


def draw_tooltip(surface: pygame.Surface, text: str, mouse: tuple[int, int], px: Callable[[float], int],
                 avoid: Sequence[pygame.Rect] = (), bounds: pygame.Rect | None = None,
                 theme: Theme = CLASSIC) -> pygame.Rect:
    """A small card with ``text`` wrapped beside the mouse, kept inside ``bounds`` (the board's
    area; else the window) and off the rectangles in ``avoid`` (the last move's points) where it
    can be, in ``theme``'s card colours; its rect."""
    area = surface.get_rect() if bounds is None else bounds.clip(surface.get_rect())
    r, lines = tooltip_rect(text, mouse, px, area, avoid)
    surface.blit(D.rounded_panel(r.size, theme.card_fill, radius=8, border=theme.card_border, border_width=1),
                 r.topleft)
    for i, line in enumerate(lines):
        D.text(surface, line, (r.x + px(12), r.y + px(8) + i * px(21)), px(15), theme.text, anchor="topleft",
               shadow=False)
    return r


def draw_unavailable(surface: pygame.Surface, area: pygame.Rect, message: str, px: Callable[[float], int],
                     theme: Theme = CLASSIC) -> None:
    """A card in the middle of ``area``: 'Not available yet' and why (a game or view that is
    missing), in ``theme``'s card colours."""
    box = pygame.Rect(0, 0, min(px(640), area.w - 40), px(200))
    box.center = area.center
    surface.blit(D.rounded_panel(box.size, theme.card_fill, radius=px(18), border=theme.card_border), box)
    D.text(surface, _("Not available yet"), (box.centerx, box.y + px(50)), px(30), theme.heading, bold=True)
    y = box.y + px(100)
    for line in wrap(message or _("This game cannot be shown."), D.font(px(17)), box.w - px(60))[:4]:
        D.text(surface, line, (box.centerx, y), px(17), theme.text)
        y += px(26)
