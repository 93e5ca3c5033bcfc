"""Shared drawing helpers: fonts, textures, shaded discs with depth, rings, arrows, labels.

Everything expensive is rendered once and cached by its integer size, so a frame is mostly
blits. Antialiasing is done by drawing at a larger size and smooth-scaling down.

Memory: every cache is bounded. Pictures are kept by ``surface_cache`` (least recently used
first out, at most so many entries AND so many MiB of pixels: a window-sized panel at 4K is
30 MiB, a text 30 KiB); fonts by ``font`` (at most ``FONTS`` sizes: one with its glyphs loaded is
about half a MiB). ``drop_caches()`` empties them all (the app calls it when the window's ui
scale changes: the sizes in use then all change); ``cache_report()`` gives their sizes
(``python -m game.bench soak --holders``, ``tests/test_soak.py``).
"""
from __future__ import annotations

import math
import random
from collections import OrderedDict
from functools import lru_cache, update_wrapper
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple, Sequence

import pygame

from .. import i18n
from ..themes import CLASSIC, Theme
from . import glyphs

Color3 = tuple[int, int, int]
SS = 3  # supersampling factor for cached shapes

# ------------------------------------------------------------------ palette
# The classic theme's colours, read-only: the colours of a theme are values (``game.themes``),
# given to the drawing at draw time (``view.theme``, the functions' ``theme`` arguments); this
# mapping is only the default of drawing that is not told a theme.
PALETTE: Mapping[str, tuple[int, ...]] = MappingProxyType(CLASSIC.palette())


def colour_name(kind: str, theme: Theme = CLASSIC) -> str:
    """The colour word of a highlight kind in a theme ('' when texts must not name it)."""
    return theme.colour_name(kind)


# ------------------------------------------------------------------ bounded caches
_CACHES: list["SurfaceCache"] = []   # every surface_cache, for drop_caches and cache_report
MiB = 2 ** 20


def _bytes_of(value: Any) -> int:
    """The pixel memory of a cached value (a surface: its rows; anything else: nothing)."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    return 0


class CacheInfo(NamedTuple):
    """What ``cache_info()`` says of a picture cache (the fields of ``functools.lru_cache``'s)."""
    hits: int
    misses: int
    maxsize: int
    currsize: int


class SurfaceCache:
    """A function whose results are kept like ``functools.lru_cache``'s, with a second bound:
    the pixels of the kept surfaces (``_bytes_of``), at most ``max_bytes`` (the least recently
    used go first; the newest is always kept). It has ``cache_info()``, ``cache_clear()`` and
    ``cache_bytes()``."""

    def __init__(self, fn: Callable[..., Any], maxsize: int, max_bytes: int) -> None:
        self._fn = fn
        self.name: str = fn.__name__
        self.maxsize = maxsize
        self.max_bytes = max_bytes
        self._store: OrderedDict[Any, tuple[Any, int]] = OrderedDict()
        self._hits = self._misses = self._bytes = 0
        update_wrapper(self, fn)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        store = self._store
        hit = store.get(key)
        if hit is not None:
            store.move_to_end(key)
            self._hits += 1
            return hit[0]
        self._misses += 1
        value = self._fn(*args, **kwargs)
        size = _bytes_of(value)
        store[key] = (value, size)
        self._bytes += size
        while len(store) > 1 and (len(store) > self.maxsize or self._bytes > self.max_bytes):
            _, (_, old) = store.popitem(last=False)
            self._bytes -= old
        return value

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self._hits, self._misses, self.maxsize, len(self._store))

    def cache_clear(self) -> None:
        self._store.clear()
        self._hits = self._misses = self._bytes = 0

    def cache_bytes(self) -> int:
        return self._bytes


def surface_cache(maxsize: int, max_mib: float) -> Callable[[Callable[..., Any]], SurfaceCache]:
    """A decorator: ``functools.lru_cache`` with a second bound, the pixels of the cached
    surfaces, at most ``max_mib`` MiB (``SurfaceCache``). Sizes change with the window
    (resizes, ui scales), so a count alone would let large pictures of every size ever shown
    pile up."""
    limit = int(max_mib * MiB)

    def deco(fn: Callable[..., Any]) -> SurfaceCache:
        cache = SurfaceCache(fn, maxsize, limit)
        _CACHES.append(cache)
        return cache
    return deco


def drop_caches() -> None:
    """Empty every drawing cache (fonts, texts, shapes, panels, textures): after the window's
    ui scale changed, the sizes in use all change and the old pictures would only hold memory."""
    for cache in _CACHES:
        cache.cache_clear()
    _font.cache_clear()
    glyphs.drop_caches()
    _wood_tile.cache_clear()
    _noise_tile.cache_clear()


def cache_report() -> dict[str, tuple[int, int, int]]:
    """{name: (entries, bytes, byte bound)} of the picture caches, and the fonts (entries, 0, 0)."""
    out = {fn.name: (fn.cache_info().currsize, fn.cache_bytes(), fn.max_bytes) for fn in _CACHES}
    out["font"] = (_font.cache_info().currsize, 0, 0)
    return out


# ------------------------------------------------------------------ fonts
FONTS = 32     # font sizes kept (each with its loaded glyphs is about half a MiB)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font in the language in use (``i18n.font_files``: Noto Sans, or Noto Sans JP
    for Japanese, both shipped with pygame-gui; pygame's default if missing). Characters it
    lacks (a Japanese name in English) come from the other fonts shipped (``glyphs.Face``)."""
    regular, heavy = i18n.font_files()
    return _font(max(6, int(size)), heavy if bold else regular, bool(bold))


@lru_cache(maxsize=FONTS)
def _font(size: int, name: str, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = glyphs.font_path(name)
    try:
        return glyphs.Face(path, size, bold)
    except (OSError, FileNotFoundError):
        return glyphs.Face(None, size, bold)


@surface_cache(maxsize=512, max_mib=6)
def _render(s: str, size: int, color: tuple[int, ...], bold: bool) -> pygame.Surface:
    return font(size, bold).render(s, True, color[:3])


def text(surface: pygame.Surface, s: str, pos: tuple[float, float], size: int,
         color: Sequence[int] = CLASSIC.text, anchor: str = "center", bold: bool = False,
         shadow: bool = True, alpha: int = 255) -> pygame.Rect:
    """Draw a label; anchor is a pygame.Rect attribute name ('center', 'midleft', 'topleft', ...)."""
    img = _render(s, int(size), tuple(color[:3]), bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        off = max(1, size // 14)
        surface.blit(_faded(s, int(size), (0, 0, 0), bold, int(110 * alpha / 255)), rect.move(off, off))
    surface.blit(img if alpha >= 255 else _faded(s, int(size), tuple(color[:3]), bold, int(alpha)), rect)
    return rect


@surface_cache(maxsize=512, max_mib=3)
def _faded(s: str, size: int, color: tuple[int, ...], bold: bool, alpha: int) -> pygame.Surface:
    """A rendered text with a surface alpha, as its own copy: the cached picture is never changed
    (``set_alpha(None)`` on a rendered text would turn its blending off for every later use)."""
    img = _render(s, size, color, bold).copy()
    img.set_alpha(max(0, min(255, alpha)))
    return img


@surface_cache(maxsize=1024, max_mib=3)
def _label_img(s: str, size: int, ink: tuple[int, ...], halo: tuple[int, ...], bold: bool) -> pygame.Surface:
    f = font(size, bold)
    core = f.render(s, True, ink[:3])
    edge = f.render(s, True, halo[:3])
    w = max(1, round(size / 9))                       # halo width, grows with the text
    out = pygame.Surface((core.get_width() + 2 * w, core.get_height() + 2 * w), pygame.SRCALPHA)
    for dx in range(-w, w + 1):
        for dy in range(-w, w + 1):
            if dx * dx + dy * dy <= w * w + 1:
                out.blit(edge, (w + dx, w + dy))
    if len(halo) > 3 and halo[3] < 255:
        out.fill((255, 255, 255, halo[3]), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(core, (w, w))
    return out


def label(surface: pygame.Surface, s: str, pos: tuple[float, float], size: int,
          ink: Sequence[int] | None = None, halo: Sequence[int] | None = None, anchor: str = "center",
          bold: bool = True, alpha: int = 255, theme: Theme = CLASSIC) -> pygame.Rect:
    """A coordinate label: ink letters inside a halo of the contrasting colour, so they stay
    readable on wood grain, lines and every theme (defaults: the theme's ``coord_*``)."""
    ink = tuple(ink if ink is not None else theme.coord_ink)
    halo = tuple(halo if halo is not None else theme.coord_halo)
    img = _label_img(s, max(6, int(size)), ink, halo, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(img, rect)
    return rect


# ------------------------------------------------------------------ textures
def vertical_gradient(size: tuple[int, int], top: Sequence[int], bottom: Sequence[int]) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    small = pygame.Surface((1, 64))
    for y in range(64):
        k = y / 63
        small.set_at((0, y), tuple(int(a + (b - a) * k) for a, b in zip(top[:3], bottom[:3])))
    return pygame.transform.smoothscale(small, (w, h))


@lru_cache(maxsize=8)
def _wood_tile(seed: int, light: Color3 = CLASSIC.wood_light, dark: Color3 = CLASSIC.wood_dark) -> pygame.Surface:
    """A small wood-grain tile (grain running vertically here; ``wood`` turns it).

    One strip of growth rings is drawn once and blitted column by column with a wavy
    vertical offset, which bends the grain like real wood (fast: no per-pixel maths).
    """
    rng = random.Random(seed)
    w, h = 96, 240
    p = [rng.uniform(0, 6.28) for _ in range(4)]
    strip = pygame.Surface((1, 2 * h))
    for y in range(2 * h):
        v = y / h
        k = 0.5 + 0.32 * math.sin(v * 46.0 + p[3]) + 0.12 * math.sin(v * 190.0) + 0.05 * math.sin(v * 7.0)
        k = min(1.0, max(0.0, k))
        strip.set_at((0, y), tuple(int(dark[i] + (light[i] - dark[i]) * k) for i in range(3)))
    tile = pygame.Surface((w, h))
    for x in range(w):
        u = x / w
        shift = 3.2 * math.sin(u * 5.0 + p[0]) + 1.3 * math.sin(u * 13 + p[1])
        off = int((shift / 46.0) * h) % h
        tile.blit(strip, (x, -off))
        shade = int(10 * math.sin(u * 3 + p[2]))
        if shade:
            col = (abs(shade),) * 3
            tile.fill(col, (x, 0, 1, h), special_flags=pygame.BLEND_RGB_ADD if shade > 0 else pygame.BLEND_RGB_SUB)
    return tile


def wood(size: tuple[int, int], seed: int = 7, theme: Theme = CLASSIC) -> pygame.Surface:
    """A wood surface of the given size (grain runs left-right) in the theme's wood colours."""
    w, h = max(1, size[0]), max(1, size[1])
    tile = _wood_tile(seed, tuple(theme.wood_light[:3]), tuple(theme.wood_dark[:3]))
    return pygame.transform.smoothscale(pygame.transform.rotate(tile, 90), (w, h))


@lru_cache(maxsize=4)
def _noise_tile(seed: int) -> pygame.Surface:
    """128x128 grey noise at alpha 10, made from bytes at once (a pixel at a time took 75 ms
    of every start)."""
    n = 128 * 128
    grey = random.Random(seed).randbytes(n)
    rgba = bytearray(4 * n)
    rgba[0::4] = grey
    rgba[1::4] = grey
    rgba[2::4] = grey
    rgba[3::4] = bytes([10]) * n
    return pygame.image.frombuffer(bytes(rgba), (128, 128), "RGBA").copy()


def felt(size: tuple[int, int], color: Sequence[int] = CLASSIC.felt, seed: int = 3) -> pygame.Surface:
    """Table felt: a soft vignette gradient with fine noise."""
    w, h = max(1, size[0]), max(1, size[1])
    base = pygame.Surface((w, h))
    c = color[:3]
    dark = tuple(max(0, int(v * 0.45)) for v in c)
    # radial vignette from a small image, smooth-scaled
    small = pygame.Surface((32, 20), 0, base)
    for y in range(20):
        for x in range(32):
            dx = (x - 15.5) / 16
            dy = (y - 9.5) / 10
            k = min(1.0, math.hypot(dx, dy) / 1.25)
            small.set_at((x, y), tuple(int(a + (b - a) * k * k) for a, b in zip(c, dark)))
    if base.get_bitsize() in (24, 32):
        pygame.transform.smoothscale(small, (w, h), base)   # into the felt: no second window-sized picture
    else:
        base.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))
    tile = _noise_tile(seed)
    if pygame.display.get_surface() is not None:
        # in the window's pixel format the blits take SDL's fast path (same pixels): 5 ms
        # instead of 80 at 2560x1440
        tile = tile.convert_alpha()
    for y in range(0, h, 128):
        for x in range(0, w, 128):
            base.blit(tile, (x, y))
    return base


def background(size: tuple[int, int], theme: Theme = CLASSIC) -> pygame.Surface:
    """The app's backdrop: a dark felt table in the theme's colour (kept on disk between runs:
    ``picture_cache``; the felt is drawn in the window's pixel format when there is a window).
    Not to be drawn on: ``convert()`` it first (the cache may still be writing its pixels)."""
    from . import picture_cache
    size = (max(1, size[0]), max(1, size[1]))
    window = pygame.display.get_surface()
    fmt = (window.get_bitsize(), window.get_masks()) if window is not None else None
    key = picture_cache.key_for("backdrop", size, tuple(theme.backdrop), fmt) if picture_cache.enabled() else None
    picture = picture_cache.load(key, size) if key else None
    if picture is None:
        picture = felt(size, theme.backdrop)
        if key:
            picture_cache.store(key, picture, "backdrop")
    return picture


# ------------------------------------------------------------------ shapes
def _aa(surf_big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surf_big, size)


@surface_cache(maxsize=1024, max_mib=6)
def ring(radius: int, width: int, color: tuple[int, ...], glow: bool = False, edge: bool = False) -> pygame.Surface:
    """An antialiased ring (optionally with a soft glow); blit centred. ``edge``: a dark edge on
    both sides of it, so that a thin ring in a light hue stands out from the wood under it."""
    radius = max(2, radius)
    width = max(1, width)
    pad = width * 3 + (radius // 2 if glow else 2)
    size = 2 * (radius + pad)
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = (size * SS // 2, size * SS // 2)
    rgb = color[:3]
    a = color[3] if len(color) > 3 else 255
    if edge:
        e = max(1, (width + 2) // 3)
        pygame.draw.circle(big, (24, 16, 10, int(a * 0.85)), c, (radius + e) * SS, (width + 2 * e) * SS)
    if glow:
        steps = 8
        for i in range(steps, 0, -1):
            k = i / steps
            rr = int((radius + pad * 0.8 * k) * SS)
            pygame.draw.circle(big, (*rgb, int(a * 0.10 * (1 - k) + 2)), c, rr, max(1, int(pad * SS / steps) + 1))
    pygame.draw.circle(big, (*rgb, a), c, radius * SS, width * SS)
    return _aa(big, (size, size))


@surface_cache(maxsize=256, max_mib=2)
def dot(radius: int, color: tuple[int, ...]) -> pygame.Surface:
    """A filled antialiased circle; blit centred."""
    radius = max(1, radius)
    size = 2 * radius + 4
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    pygame.draw.circle(big, color, (size * SS // 2, size * SS // 2), radius * SS)
    return _aa(big, (size, size))


@surface_cache(maxsize=64, max_mib=3)
def soft_shadow(rx: int, ry: int, alpha: int = 90) -> pygame.Surface:
    """A blurred elliptical shadow; blit centred."""
    rx, ry = max(2, rx), max(2, ry)
    w, h = rx * 2 + 8, ry * 2 + 8
    small = pygame.Surface((32, 32), pygame.SRCALPHA)
    for y in range(32):
        for x in range(32):
            d = math.hypot((x - 15.5) / 16, (y - 15.5) / 16)
            k = max(0.0, 1.0 - d)
            small.set_at((x, y), (0, 0, 0, int(alpha * k * k)))
    return pygame.transform.smoothscale(small, (w, h))


def blit_center(surface: pygame.Surface, img: pygame.Surface, center: tuple[float, float],
                alpha: int = 255) -> None:
    if alpha <= 0:
        return
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


def arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
          color: Sequence[int], width: float = 6, head: float = 18, alpha: int = 200,
          shorten: float = 0.0) -> None:
    """A translucent arrow from a to b (shortened at both ends by ``shorten`` pixels)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d < 1 + 2 * shorten:
        return
    ux, uy = dx / d, dy / d
    ax, ay = a[0] + ux * shorten, a[1] + uy * shorten
    bx, by = b[0] - ux * shorten, b[1] - uy * shorten
    nx, ny = -uy, ux
    hw = width / 2
    hx, hy = bx - ux * head, by - uy * head
    pts = [(ax + nx * hw, ay + ny * hw), (hx + nx * hw, hy + ny * hw), (hx + nx * head * 0.6, hy + ny * head * 0.6),
           (bx, by), (hx - nx * head * 0.6, hy - ny * head * 0.6), (hx - nx * hw, hy - ny * hw),
           (ax - nx * hw, ay - ny * hw)]
    minx = int(min(p[0] for p in pts)) - 2
    miny = int(min(p[1] for p in pts)) - 2
    w = int(max(p[0] for p in pts)) - minx + 3
    h = int(max(p[1] for p in pts)) - miny + 3
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    local = [(x - minx, y - miny) for x, y in pts]
    pygame.draw.polygon(layer, (*color[:3], alpha), local)
    pygame.draw.aalines(layer, (*color[:3], min(255, alpha + 40)), True, local)
    surface.blit(layer, (minx, miny))


def rounded_panel(size: tuple[int, int], color: Sequence[int], radius: int = 14,
                  border: Sequence[int] | None = None, border_width: int = 2) -> pygame.Surface:
    """A translucent rounded rectangle (banners, tooltips, cards); cached, do not modify."""
    return _rounded_panel((max(2, int(size[0])), max(2, int(size[1]))), tuple(color), int(radius),
                          tuple(border) if border is not None else None, int(border_width))


@surface_cache(maxsize=128, max_mib=24)
def _rounded_panel(size: tuple[int, int], color: tuple[int, ...], radius: int,
                   border: tuple[int, ...] | None, border_width: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, color, surf.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, border, surf.get_rect(), border_width, border_radius=radius)
    return surf


# ------------------------------------------------------------------ discs
@surface_cache(maxsize=512, max_mib=8)
def disc(radius: int, thickness: int, top: Color3, hi: Color3, side: Color3,
         mark: str = "", squash: float = 0.78) -> pygame.Surface:
    """A shaded disc seen slightly from above: an elliptic top face over a darker rim.

    The returned sprite's centre of the TOP face is at (w/2, ry + 2) where ry = radius*squash;
    use :func:`disc_anchor`. ``mark``: '' plain, 'kernel' gold inlay ring and a gem,
    'ring' a thin inlay ring.
    """
    r = max(3, radius)
    t = max(1, thickness)
    ry = max(2, int(r * squash))
    w, h = 2 * r + 4, 2 * ry + t + 4
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    R, RY, T = r * SS, ry * SS, t * SS
    cx, cy = w * SS // 2, (ry + 2) * SS
    # rim: a stack of ellipses from the bottom up, darker towards the bottom edge
    for i in range(T, -1, -max(1, SS // 2)):
        k = i / max(1, T)
        col = tuple(int(c * (1.0 - 0.35 * k)) for c in side)
        pygame.draw.ellipse(big, col, (cx - R, cy - RY + i, 2 * R, 2 * RY))
    if mark == "kernel":
        # a gold band round the Kernel's edge: it shows at any depth of a stack (each disc's rim does)
        gold_rim, gold_line = (222, 170, 52), (120, 80, 14)
        pygame.draw.ellipse(big, gold_line, (cx - R, cy - RY + int(T * 0.72), 2 * R, 2 * RY))
        pygame.draw.ellipse(big, gold_rim, (cx - R, cy - RY + int(T * 0.58), 2 * R, 2 * RY))
    # rim highlight band on the left side
    band = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    pygame.draw.ellipse(band, (*hi, 40), (cx - R, cy - RY + T // 2, int(R * 1.2), 2 * RY))
    big.blit(band, (0, 0))
    # top face: radial-ish gradient from the highlight (upper left) to the base colour
    steps = 14
    for i in range(steps):
        k = i / (steps - 1)
        rr = R * (1.0 - 0.72 * k)
        rry = RY * (1.0 - 0.72 * k)
        ox = -R * 0.22 * k
        oy = -RY * 0.30 * k
        col = tuple(int(a + (b - a) * (k ** 1.6) * 0.85) for a, b in zip(top, hi))
        pygame.draw.ellipse(big, col, (cx + ox - rr, cy + oy - rry, 2 * rr, 2 * rry))
    # crisp edge of the top face
    edge = tuple(min(255, int(c * 1.08) + 6) for c in top)
    pygame.draw.ellipse(big, edge, (cx - R, cy - RY, 2 * R, 2 * RY), max(1, SS))
    if mark == "kernel":
        gold, gold_dark = (236, 186, 64), (150, 104, 24)
        rr, rry = int(R * 0.66), int(RY * 0.66)
        pygame.draw.ellipse(big, gold_dark, (cx - rr, cy - rry + SS, 2 * rr, 2 * rry), int(R * 0.16))
        pygame.draw.ellipse(big, gold, (cx - rr, cy - rry, 2 * rr, 2 * rry), int(R * 0.13))
        # gem: a faceted diamond in the middle
        g = R * 0.30
        gy = g * squash
        gem_base = (214, 40, 62) if sum(top) > 380 else (246, 78, 92)
        pts = [(cx, cy - gy), (cx + g, cy), (cx, cy + gy), (cx - g, cy)]
        pygame.draw.polygon(big, tuple(int(c * 0.55) for c in gem_base), pts)
        pygame.draw.polygon(big, gem_base, [(cx, cy - gy), (cx + g, cy), (cx, cy)])
        pygame.draw.polygon(big, tuple(min(255, int(c * 1.25) + 30) for c in gem_base),
                            [(cx, cy - gy), (cx - g, cy), (cx, cy)])
        pygame.draw.circle(big, (255, 240, 240), (int(cx - g * 0.35), int(cy - gy * 0.4)), max(1, int(R * 0.06)))
    elif mark == "ring":
        rr, rry = int(R * 0.6), int(RY * 0.6)
        pygame.draw.ellipse(big, tuple(int(c * 0.8) for c in top), (cx - rr, cy - rry, 2 * rr, 2 * rry), max(1, SS))
    return _aa(big, (w, h))


@surface_cache(maxsize=64, max_mib=1)
def gem(radius: int) -> pygame.Surface:
    """A small faceted red gem in a gold setting (the Kernel's sign, e.g. on a stack holding a
    buried Kernel); blit centred."""
    r = max(3, int(radius))
    size = 2 * r + 4
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = size * SS / 2
    R = r * SS
    pygame.draw.circle(big, (60, 36, 8, 200), (c + SS, c + SS), R)
    pygame.draw.circle(big, (236, 186, 64), (c, c), R)
    pygame.draw.circle(big, (150, 104, 24), (c, c), R, max(1, SS))
    g = R * 0.62
    base = (214, 40, 62)
    pygame.draw.polygon(big, tuple(int(v * 0.55) for v in base), [(c, c - g), (c + g, c), (c, c + g), (c - g, c)])
    pygame.draw.polygon(big, base, [(c, c - g), (c + g, c), (c, c)])
    pygame.draw.polygon(big, (255, 120, 130), [(c, c - g), (c - g, c), (c, c)])
    pygame.draw.circle(big, (255, 240, 240), (c - g * 0.35, c - g * 0.4), max(1, R * 0.12))
    return _aa(big, (size, size))


def disc_anchor(radius: int, squash: float = 0.78) -> tuple[int, int]:
    """Offset of the top-face centre inside a :func:`disc` sprite of that radius."""
    r = max(3, radius)
    return r + 2, max(2, int(r * squash)) + 2


def piece_colors(code: str, theme: Theme = CLASSIC) -> tuple[Color3, Color3, Color3]:
    """(top, highlight, side) colours for a piece code starting with B or W, in a theme."""
    return theme.piece(code)


def badge(surface: pygame.Surface, center: tuple[float, float], label: str, size: int,
          fg: Sequence[int] = (30, 24, 16), bg: Sequence[int] = (250, 226, 150)) -> None:
    """A small rounded number badge (stack heights)."""
    f = font(size, True)
    img = f.render(label, True, fg[:3])
    w = max(img.get_width() + size // 2, int(size * 1.2))
    h = int(size * 1.25)
    box = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
    pygame.draw.rect(box, (0, 0, 0, 90), (2, 2, w, h), border_radius=h // 2)
    pygame.draw.rect(box, bg, (0, 0, w, h), border_radius=h // 2)
    pygame.draw.rect(box, (120, 84, 30), (0, 0, w, h), 1, border_radius=h // 2)
    box.blit(img, img.get_rect(center=(w // 2, h // 2)))
    surface.blit(box, box.get_rect(center=(round(center[0]), round(center[1]))))


# ------------------------------------------------------------------ layers of a big picture
# A board is drawn in layers the size of the board's picture (10-16 MiB each at 4K); each new
# one costs its allocation and its page faults. These draw only over what a layer covers, in
# a layer of that size, and the layers go as soon as they are blitted.
def poly_bounds(polys: Sequence[Sequence[tuple[float, float]]], size: tuple[int, int]) -> pygame.Rect:
    """Where polygons can draw on a surface of ``size``: their bounding box and a pixel more,
    clipped to the surface, its corner at even pixels. Drawn on a layer of this size and moved
    by that corner (whole, even pixels: the same rounding) they cover the same pixels as on a
    layer of the whole surface."""
    xs = [p[0] for pts in polys for p in pts]
    ys = [p[1] for pts in polys for p in pts]
    if not xs:
        return pygame.Rect(0, 0, 0, 0)
    x0 = max(0, math.floor(min(xs)) - 2)
    y0 = max(0, math.floor(min(ys)) - 2)
    x0 -= x0 % 2
    y0 -= y0 % 2
    x1 = min(size[0], math.ceil(max(xs)) + 2)
    y1 = min(size[1], math.ceil(max(ys)) + 2)
    return pygame.Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))


def blit_polygons(surface: pygame.Surface, shapes: Sequence[tuple[Sequence[int], Sequence[tuple[float, float]]]]) -> None:
    """Polygons ``(colour, points)`` drawn in turn into one layer (a later one covers an
    earlier one, translucent colours are not added up), the layer blended onto ``surface``
    once: as a layer of the whole surface would, in a layer of their size."""
    box = poly_bounds([pts for _, pts in shapes], surface.get_size())
    if box.w <= 0 or box.h <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    for colour, pts in shapes:
        pygame.draw.polygon(layer, colour, [(x - box.x, y - box.y) for x, y in pts])
    surface.blit(layer, box.topleft)


def blit_masked(surface: pygame.Surface, texture: pygame.Surface, mask: pygame.Surface) -> None:
    """``texture`` (opaque) where ``mask`` (opaque white in the shape, clear elsewhere, the size of
    both) is white, onto ``surface``; ``mask`` becomes the masked texture. The same pixels as
    texture-into-a-layer then the layer multiplied by the mask, in one layer instead of two."""
    mask.blit(texture, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    surface.blit(mask, (0, 0))


def polygon_aa(surface: pygame.Surface, color: Sequence[int], points: Sequence[tuple[float, float]]) -> None:
    pygame.draw.polygon(surface, color, points)
    pygame.draw.aalines(surface, color, True, points)
