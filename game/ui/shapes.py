"""Rounded widgets drawn at their own size: pygame-gui's shape cache for the app's UI manager.

pygame-gui draws each look (normal, hovered, selected, disabled, active) of a rounded widget on a
picture four times its size each way, then smooths it down, and keeps the big white shapes
between looks: in a 3200x2000 window a menu's twenty buttons held 70-170 MiB of them at once.
The outline of a rounded rectangle only varies near its corners; its straight edges and middle
are the same along their length. ``WidgetShapes`` (given to the theme through its declared
``shape_cache`` setter) answers pygame-gui's cache lookup for a rounded rectangle by drawing the
same steps (shape, border, the hole the background is cleared through, the background, the
4x smoothing) on a picture just big enough for the corners, then stretching its middle row and
column to the widget's size. The result is pygame-gui's picture, pixel for pixel
(``tests/test_widget_shapes.py``); the biggest temporary picture is a few hundred pixels square.
"""
from __future__ import annotations

import sys
from array import array
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame
from pygame_gui.core.colour_gradient import ColourGradient
from pygame_gui.core.drawable_shapes import RoundedRectangleShape
from pygame_gui.core.interfaces import IUIManagerInterface
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.utility import apply_colour_to_surface, basic_blit

AA = 4              # pygame-gui's supersampling of rounded rectangles (RoundedRectangleShape)
OVERLAP = 1         # pygame-gui's default border_overlap, which assets/theme.json never changes
TILE = 32           # rows stretched at a time into a tall widget's middle


@dataclass(frozen=True)
class Look:
    """What pygame-gui's cache id of a rounded rectangle says (``SurfaceCache.build_cache_id``)."""
    size: tuple[int, int]
    shadow: int
    border: int
    radii: tuple[int, ...]
    border_colour: pygame.Color
    bg_colour: pygame.Color

    def key(self) -> tuple[Any, ...]:
        """The look as a key (pygame's colours are not hashable)."""
        return (self.size, self.shadow, self.border, self.radii, tuple(self.border_colour), tuple(self.bg_colour))


# Looks drawn are kept (the newest, up to ``KEEP_BYTES``) for every manager of the program: a
# scene built again, a dialog opened again or a new window's widgets find their pictures
# instead of drawing them (0.3 ms a look; a board's panel has about fifty).
KEEP_BYTES = 8 << 20
_kept: "OrderedDict[tuple[Any, ...], pygame.Surface]" = OrderedDict()
_kept_bytes = 0


def _keep(key: tuple[Any, ...], picture: pygame.Surface) -> None:
    global _kept_bytes
    _kept[key] = picture
    _kept_bytes += _bytes(picture)
    while _kept_bytes > KEEP_BYTES and len(_kept) > 1:
        _, old = _kept.popitem(last=False)
        _kept_bytes -= _bytes(old)


def _bytes(picture: pygame.Surface) -> int:
    return picture.get_width() * picture.get_height() * picture.get_bytesize()


def kept_looks() -> int:
    """How many looks are kept now (the soak reports it: bounded by ``KEEP_BYTES``)."""
    return len(_kept)


class WidgetShapes(SurfaceCache):
    """pygame-gui's shape cache, plus: a rounded rectangle's look not in it is drawn at the
    widget's size (``draw_look``) instead of at four times its size. pygame-gui asks for a cache
    id (``build_cache_id``), then looks it up (``find_surface_in_cache``) and copies what it
    finds; rectangles, ellipses and gradients are left to pygame-gui."""

    def __init__(self, manager: IUIManagerInterface) -> None:
        super().__init__()
        self._manager = manager
        self._asked: tuple[str, Look] | None = None     # the last id built, and its look

    def build_cache_id(self, shape: str, size: tuple[int, int], shadow_width: int,  # type: ignore[override]
                       border_widths: dict[str, int], border_colour: pygame.Color, bg_colour: pygame.Color,
                       corner_radius: list[int] | None = None) -> str:
        key = SurfaceCache.build_cache_id(shape, size, shadow_width, border_widths, border_colour,
                                          bg_colour, corner_radius)
        plain = not isinstance(border_colour, ColourGradient) and not isinstance(bg_colour, ColourGradient)
        if shape == "rounded_rectangle" and corner_radius is not None and plain:
            self._asked = (key, Look((int(size[0]), int(size[1])), int(shadow_width),
                                     int(border_widths["left"]), tuple(int(r) for r in corner_radius),
                                     pygame.Color(border_colour), pygame.Color(bg_colour)))
        else:
            self._asked = None
        return key

    def find_surface_in_cache(self, lookup_id: str) -> pygame.Surface | None:
        found = super().find_surface_in_cache(lookup_id)
        asked, self._asked = self._asked, None
        if found is not None or asked is None or asked[0] != lookup_id:
            return found
        look = asked[1]
        if look.size[0] <= 0 or look.size[1] <= 0:
            return None
        key = look.key()
        picture = _kept.get(key)
        if picture is None:
            picture = draw_look(look, self._base(look))
            if picture is not None:
                _keep(key, picture)
        else:
            _kept.move_to_end(key)
        return picture          # pygame-gui copies what it finds: the kept picture is never drawn on

    def _base(self, look: Look) -> pygame.Surface:
        """What pygame-gui draws a look on: the widget's shadow (the same call as the shape's),
        else a clear picture."""
        if look.shadow > 0:
            return self._manager.get_shadow(look.size, look.shadow, "rectangle",
                                            corner_radius=[r + look.shadow for r in look.radii])
        return _clear(look.size)


def _clear(size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, flags=pygame.SRCALPHA, depth=32)
    surf.fill((0, 0, 0, 0))
    return surf


def _large_radii(radii: tuple[int, ...] | list[int], rect: pygame.Rect) -> list[int]:
    """The radii pygame-gui draws a shape of ``rect`` (4x pixels) with (its clamp, then 4x)."""
    limit = min(rect.width / 2, rect.height / 2)
    return [max(int(limit), 0) * AA if r > limit else max(r, 0) * AA for r in radii]


@dataclass(frozen=True)
class _Cut:
    """One axis of a look drawn small: pixels ``keep`` .. ``keep + gone`` of the widget (1x) are
    left out of the small picture; they repeat its pixel ``keep``."""
    keep: int
    gone: int

    def to_full(self, x: int, offset: int) -> int:
        """A small picture's 4x coordinate (in a layer drawn at ``offset``) to the widget's."""
        return x if x + offset < self.keep * AA else x + self.gone * AA

    def to_small(self, x: int, offset: int) -> int:
        """A widget's 4x coordinate (in a layer at ``offset``) to the small picture's."""
        edge = self.keep * AA - offset
        if x < edge:
            return x
        return x - self.gone * AA if x >= edge + self.gone * AA else edge


def _cut(length: int, corner: int) -> _Cut:
    """Keep ``corner`` pixels at each end and one of the middle (when there is more)."""
    if length <= 2 * corner + 1:
        return _Cut(length, 0)
    return _Cut(corner, length - 2 * corner - 1)


@lru_cache(maxsize=64)
def _scaled_index(full: int, to: int, across: bool) -> array:
    """Where pygame's nearest-neighbour scale from ``full`` to ``to`` pixels takes each pixel from
    (read off a scaled row or column of numbered pixels: exactly what ``transform.scale`` does)."""
    numbers = array("I", range(full))
    if sys.byteorder == "big":          # the bytes of each number low first: R, G, B, A
        numbers.byteswap()
    size = (full, 1) if across else (1, full)
    scaled = pygame.transform.scale(pygame.image.frombytes(numbers.tobytes(), size, "RGBA"),
                                    (to, 1) if across else (1, to))
    out = array("I")
    out.frombytes(pygame.image.tobytes(scaled, "RGBA"))
    if sys.byteorder == "big":
        out.byteswap()
    return out


def _remap(src: pygame.Surface, cols: list[int], rows: list[int]) -> pygame.Surface:
    """``src`` resampled: pixel (x, y) of the result is ``src``'s (cols[x], rows[y]); consecutive
    runs are copied as blocks."""
    wide = _clear((len(cols), src.get_height()))
    for start, first, n in _runs(cols):
        wide.blit(src, (start, 0), (first, 0, n, src.get_height()), special_flags=pygame.BLEND_PREMULTIPLIED)
    out = _clear((len(cols), len(rows)))
    for start, first, n in _runs(rows):
        out.blit(wide, (0, start), (0, first, len(cols), n), special_flags=pygame.BLEND_PREMULTIPLIED)
    return out


def _runs(index: list[int]) -> list[tuple[int, int, int]]:
    """(start, first source, length) of each run of consecutive source pixels in ``index``."""
    runs: list[tuple[int, int, int]] = []
    for i, v in enumerate(index):
        if runs and runs[-1][1] + runs[-1][2] == v and runs[-1][0] + runs[-1][2] == i:
            s, f, n = runs[-1]
            runs[-1] = (s, f, n + 1)
        else:
            runs.append((i, v, 1))
    return runs


@dataclass(frozen=True)
class _Outline:
    """The white shapes of a rounded rectangle's looks, drawn 4x on the small picture, and where
    they go: the same for every look of a widget (only the colours change)."""
    small: tuple[int, int]
    cx: _Cut
    cy: _Cut
    border_rect: pygame.Rect
    bg_rect: pygame.Rect
    hole: pygame.Rect
    template: pygame.Surface | None     # the border's shape (None: no border)
    bg_shape: pygame.Surface
    cutter: pygame.Surface | None       # the hole the background is cleared through


@lru_cache(maxsize=8)
def _outline(size: tuple[int, int], s: int, b: int, radii: tuple[int, ...]) -> _Outline | None:
    width, height = size
    corner = s + b + OVERLAP + max(radii, default=0) + 2
    cx, cy = _cut(width, corner), _cut(height, corner)
    small = (width - cx.gone, height - cy.gone)

    def rects(w: int, h: int) -> tuple[pygame.Rect, pygame.Rect]:
        border = pygame.Rect(s * AA, s * AA, (w - 2 * s) * AA, (h - 2 * s) * AA)
        inner = pygame.Rect((b + s) * AA, (b + s) * AA, border.width - 2 * b * AA, border.height - 2 * b * AA)
        return border, inner

    border_full, bg_full = rects(width, height)
    if bg_full.width <= 0 or bg_full.height <= 0:
        return None                 # (no background to draw: pygame-gui's own drawing)
    border_rect, bg_rect = rects(*small)
    scale = min(bg_full.width / max(border_full.width, 1), bg_full.height / max(border_full.height, 1))
    bg_large = _large_radii([int(r * scale) for r in radii], bg_full)
    template = None
    if b > 0:
        template = _clear(border_rect.size)
        RoundedRectangleShape.draw_colourless_rounded_rectangle(_large_radii(radii, border_full), template)
        # pygame-gui's background shape is the border's, scaled to the background's size
        mx = _scaled_index(border_full.width, bg_full.width, True)
        my = _scaled_index(border_full.height, bg_full.height, False)
        cols = [cx.to_small(mx[cx.to_full(x, bg_rect.x)], border_rect.x) for x in range(bg_rect.width)]
        rows = [cy.to_small(my[cy.to_full(y, bg_rect.y)], border_rect.y) for y in range(bg_rect.height)]
        bg_shape = _remap(template, cols, rows)
    else:
        bg_shape = _clear(bg_rect.size)
        RoundedRectangleShape.draw_colourless_rounded_rectangle(bg_large, bg_shape)
    hole = bg_rect.inflate(-2 * OVERLAP * AA, -2 * OVERLAP * AA)
    cutter = None
    if hole.width > 0 and hole.height > 0:
        cutter = _clear(hole.size)
        RoundedRectangleShape.draw_colourless_rounded_rectangle(bg_large, cutter, AA // 2)
    return _Outline(small, cx, cy, border_rect, bg_rect, hole, template, bg_shape, cutter)


def draw_look(look: Look, base: pygame.Surface) -> pygame.Surface | None:
    """pygame-gui's picture of a rounded rectangle's look (``RoundedRectangleShape.redraw_state``
    before its text and images) on a copy of ``base``, drawn on a small picture."""
    o = _outline(look.size, look.shadow, look.border, look.radii)
    if o is None:
        return None
    big = _clear((o.small[0] * AA, o.small[1] * AA))
    if o.template is not None:
        coloured = o.template.copy()
        apply_colour_to_surface(look.border_colour, coloured)
        basic_blit(big, coloured, o.border_rect)
    if o.cutter is not None:
        big.blit(o.cutter, o.hole, special_flags=pygame.BLEND_RGBA_SUB)
    coloured = o.bg_shape.copy()
    apply_colour_to_surface(look.bg_colour, coloured)
    basic_blit(big, coloured, o.bg_rect)
    return _stretched(pygame.transform.smoothscale(big, o.small), base.copy(), o.cx, o.cy)


def _stretched(small: pygame.Surface, out: pygame.Surface, cx: _Cut, cy: _Cut) -> pygame.Surface:
    """``small`` blended onto ``out`` (the widget's size) with its middle row and column repeated
    over what was cut."""
    sw, sh = small.get_size()
    width = sw + cx.gone
    wide = small
    if cx.gone:
        wide = _clear((width, sh))
        wide.blit(small, (0, 0), (0, 0, cx.keep, sh), special_flags=pygame.BLEND_PREMULTIPLIED)
        middle = pygame.transform.scale(small.subsurface((cx.keep, 0, 1, sh)), (cx.gone, sh))
        wide.blit(middle, (cx.keep, 0), special_flags=pygame.BLEND_PREMULTIPLIED)
        wide.blit(small, (cx.keep + cx.gone, 0), (cx.keep, 0, sw - cx.keep, sh),
                  special_flags=pygame.BLEND_PREMULTIPLIED)
    if not cy.gone:
        basic_blit(out, wide, (0, 0))
        return out
    basic_blit(out, wide, (0, 0), pygame.Rect(0, 0, width, cy.keep))
    basic_blit(out, wide, (0, cy.keep + cy.gone), pygame.Rect(0, cy.keep, width, sh - cy.keep))
    tile = pygame.transform.scale(wide.subsurface((0, cy.keep, width, 1)), (width, min(TILE, cy.gone)))
    for y in range(cy.keep, cy.keep + cy.gone, TILE):
        basic_blit(out, tile, (0, y), pygame.Rect(0, 0, width, min(TILE, cy.keep + cy.gone - y)))
    return out


def use_widget_shapes(manager: Any) -> None:
    """Give ``manager``'s theme a ``WidgetShapes`` cache (before any widget is made)."""
    manager.get_theme().shape_cache = WidgetShapes(manager)
