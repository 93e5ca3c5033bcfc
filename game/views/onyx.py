"""Onyx on screen: a board of squares and triangle pairs with owner-coloured edges, and stones.

The rules graph (spec section 2) is drawn on a straight grid: every cell is either a *square*
(x + y even; darker inlay, both diagonals drawn, its midpoint a small dot in the middle) or a
*triangle pair* (lighter wood, one diagonal). Thick bands along the frame show who owns each
edge: Black owns rows 1 and n (bottom and top), White owns column a and the last column (left
and right); the corner pieces of the frame are split diagonally because a board corner belongs
to both edges. Coordinates are written in the bands.

Input: one click places a stone. Only legal points light up when the mouse is over them (a
midpoint only while the four corners of its square are empty); the stones the move would
capture are crossed out before the click (from ``game.motions(move)``'s 'remove' entries).
``swap`` (pie rule) is not a board point: ``OnyxInput.extra_actions()`` offers it as a button
("Swap colours") and ``OnyxInput.action_move(key)`` gives the move text to play.
"""
from __future__ import annotations

import logging
import dataclasses
import math
from functools import lru_cache
from typing import Any, Sequence

import pygame

from ..rules.base import Game, RulesError
from ..rules.onyx import SIZES, geometry
from ..i18n import N_, _, ngettext
from ..names import side_name
from . import draw as D
from .base import BoardInput, BoardView, Decorations, Option

log = logging.getLogger(__name__)

SWAP_TEXT = "swap"
SWAP_LABEL = N_("Swap colours")

# board colours (in the family of the Amoeba board and the theme)
# The bands', the inlaid squares', captures' and the winning chain's colours are the theme's
# (``view.theme``: band_black, band_white and their sheens, text_on_black/white, square_tint,
# capture, win_gold), read at draw time.


# ====================================================================== sprites
@lru_cache(maxsize=16)
def _stone_with_shadow(code: str, r: int) -> tuple[pygame.Surface, tuple[int, int]]:
    """A resting stone over its shadow, premultiplied, and its top-left offset from the point:
    the same pixels as ``draw_stack`` blitting the two (lift 0, full alpha), in one blit."""
    spr = stone_sprite(code, r)
    sh = D.soft_shadow(int(r * 1.12), int(r * 1.02), 90)
    (sw, shh), (hw, hh) = spr.get_size(), sh.get_size()
    s_tl = (-(sw // 2), -(shh // 2))
    d_tl = (round(r * 0.14) - hw // 2, round(r * 0.22) - hh // 2)
    x0, y0 = min(s_tl[0], d_tl[0]), min(s_tl[1], d_tl[1])
    x1, y1 = max(s_tl[0] + sw, d_tl[0] + hw), max(s_tl[1] + shh, d_tl[1] + hh)
    comp = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
    comp.fill((0, 0, 0, 0))
    comp.blit(sh.premul_alpha(), (d_tl[0] - x0, d_tl[1] - y0), special_flags=pygame.BLEND_PREMULTIPLIED)
    comp.blit(spr.premul_alpha(), (s_tl[0] - x0, s_tl[1] - y0), special_flags=pygame.BLEND_PREMULTIPLIED)
    return comp, (x0, y0)


@lru_cache(maxsize=64)
def stone_sprite(code: str, radius: int) -> pygame.Surface:
    """A shaded stone seen from above: a slightly domed face over a darker lower edge.

    The face centre is the sprite centre; the sprite is square (side 2*radius + 6, and
    room for the lower edge, which lies a tenth of the radius below the face: a big stone's was
    cut flat at the sprite's bottom).
    """
    r = max(3, radius)
    size = 2 * (r + 3 + math.ceil(r * 0.10))
    S = D.SS
    big = pygame.Surface((size * S, size * S), pygame.SRCALPHA)
    c = size * S / 2
    R = r * S
    white = code.startswith("W")
    if white:
        base, hi, edge = (214, 206, 186), (255, 254, 248), (150, 138, 114)
    else:
        base, hi, edge = (30, 32, 38), (112, 118, 134), (8, 8, 12)
    # the lower edge (thickness), seen below the face
    t = max(1.0, R * 0.10)
    pygame.draw.circle(big, edge, (c, c + t), R)
    # the face: concentric circles drifting to the upper left, base colour -> highlight
    steps = 18
    for i in range(steps):
        k = i / (steps - 1)
        rr = R * (1.0 - 0.80 * k)
        ox, oy = -R * 0.30 * k, -R * 0.34 * k
        w = k ** 1.8 * (0.9 if white else 0.75)
        col = tuple(int(a + (b - a) * w) for a, b in zip(base, hi))
        pygame.draw.circle(big, col, (c + ox, c + oy), rr)
    # a darker ring just inside the rim (the dome turning away from the light)
    ring_col = tuple(int(v * (0.82 if white else 0.7)) for v in base)
    pygame.draw.circle(big, ring_col, (c, c), R, max(1, int(R * 0.06)))
    # specular glint
    glint = pygame.Surface((size * S, size * S), pygame.SRCALPHA)
    gw, gh = R * 0.62, R * 0.40
    pygame.draw.ellipse(glint, (255, 255, 255, 95 if white else 70),
                        (c - R * 0.62, c - R * 0.72, gw, gh))
    pygame.draw.ellipse(glint, (255, 255, 255, 120 if white else 90),
                        (c - R * 0.50, c - R * 0.64, gw * 0.5, gh * 0.5))
    big.blit(glint, (0, 0))
    return pygame.transform.smoothscale(big, (size, size))


@lru_cache(maxsize=64)
def cross_sprite(radius: int, width: int, color: tuple[int, ...]) -> pygame.Surface:
    """An antialiased × (capture preview); blit centred."""
    r = max(3, radius)
    size = 2 * r + 2 * width + 4
    S = D.SS
    big = pygame.Surface((size * S, size * S), pygame.SRCALPHA)
    c = size * S / 2
    d = r * S * 0.72
    w = max(1, width * S)
    shadow = (0, 0, 0, min(255, color[3] if len(color) > 3 else 255) // 2)
    for col, off in ((shadow, S * 1.5), (color, 0)):
        pygame.draw.line(big, col, (c - d + off, c - d + off), (c + d + off, c + d + off), w)
        pygame.draw.line(big, col, (c - d + off, c + d + off), (c + d + off, c - d + off), w)
        pygame.draw.circle(big, col, (c - d + off, c - d + off), w / 2)
        pygame.draw.circle(big, col, (c + d + off, c + d + off), w / 2)
        pygame.draw.circle(big, col, (c - d + off, c + d + off), w / 2)
        pygame.draw.circle(big, col, (c + d + off, c - d + off), w / 2)
    return pygame.transform.smoothscale(big, (size, size))


MARK_HALO = (250, 236, 206, 235)   # local colour (not a theme value): the halo round point marks


@lru_cache(maxsize=16)
def _closed_mark(radius: int) -> pygame.Surface:
    """A closed midpoint: a dark plug over its collar with a light ×; blit centred."""
    r = max(3, radius)
    plug = D.dot(r + 1, (78, 46, 22, 255))
    ring = D.ring(r + 1 + max(2, r // 3), max(2, r // 3 + 1), MARK_HALO)   # a light halo round the plug
    w = max(1, r // 3)
    outline = cross_sprite(max(3, int(r * 1.05)), w + 2, (30, 16, 6, 255))  # a dark edge round the ×
    cross = cross_sprite(max(3, int(r * 1.05)), w, (250, 230, 190, 255))
    size = max(ring.get_width(), plug.get_width(), outline.get_width()) + 2
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    D.blit_center(out, ring, (size / 2, size / 2))
    D.blit_center(out, plug, (size / 2, size / 2))
    D.blit_center(out, outline, (size / 2, size / 2))
    D.blit_center(out, cross, (size / 2, size / 2))
    return out


def _mix(a: Sequence[int], b: Sequence[int], k: float) -> tuple[int, int, int]:
    return (int(a[0] + (b[0] - a[0]) * k), int(a[1] + (b[1] - a[1]) * k),
            int(a[2] + (b[2] - a[2]) * k))


# ====================================================================== view
class OnyxView(BoardView):
    """The Onyx board for size 12, 16 or 20 (option ``size``)."""

    name = "onyx"
    margin = 1.02          # board units from the outer points to the edge of the frame
    disc_radius = 0.34     # a stone on a corner point and one on a midpoint (0.71 away) never overlap
    MID_SCALE = 0.78       # a midpoint's stone is this much of a corner's: clearly apart from its four corners
    disc_thickness = 0.12
    squash = 1.0
    badge_from = 99        # stones never stack
    SURFACE = 0.42         # the playing surface reaches this far beyond the outer points
    BAND_PX = 22           # the owner bands are at least this many pixels wide (room for coordinates)
    TAG_SCALE = 0.24       # its tags' text: its points stand closer than the other boards'

    def tag_background(self) -> tuple[int, ...]:
        return (20, 24, 30, 215)        # dark: a tag reads over the light squares and triangles

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        size = options.get("size", 12)
        self.n = size if size in SIZES else 12
        self.geo = geometry(self.n)
        self._xy: dict[str, tuple[float, float]] = {}
        g = self.geo
        for p, lab in enumerate(g.labels):
            x, y = g.xy[p]
            self._xy[lab] = (float(x), float(y)) if p < g.nc else (x + 0.5, y + 0.5)
        self._mid_corner_labels = [(g.labels[m], tuple(g.labels[q] for q in cs)) for m, cs in g.mid_corners.items()]
        # the winning chain's glowing links: (key, layer or None, its top-left), for the last chain drawn
        self._chain_cache: tuple[Any, pygame.Surface | None, tuple[int, int]] | None = None

    @property
    def BAND(self) -> float:
        """Where the owner bands end, in units beyond the outer points (then the frame's lip)."""
        return self.margin - 0.08

    def layout(self, rect: pygame.Rect | Sequence[int]) -> None:
        """Fit the board; small boards (size 20 in a small window) get a wider frame for the bands."""
        rect = pygame.Rect(rect)
        side = max(60, min(rect.w, rect.h))
        units = self.n - 1
        base = type(self).margin
        px = self.BAND_PX if self.show_coords else 6   # thumbnails have no coordinates
        need = (px * units + (self.SURFACE + 0.08) * side) / max(1, side - 2 * px)
        self.margin = min(1.7, max(base, need))
        super().layout(rect)

    # ------------------------------------------------------------ geometry
    def points(self) -> Sequence[str]:
        return self.geo.labels

    def flip_words(self, flipped: bool) -> str:
        """Black owns two sides (rows 1 and n) and White two (columns a and the last): said by
        where row 1 and column a stand."""
        return (_("row 1 at the top, column a on the right") if flipped
                else _("row 1 at the bottom, column a on the left"))

    def model_xy(self, label: str) -> tuple[float, float]:
        return self._xy[label]

    def is_midpoint(self, label: str) -> bool:
        p = self.geo.index.get(label)
        return p is not None and p >= self.geo.nc

    def piece_scale(self, label: str) -> float:
        """A stone on a midpoint is drawn smaller than one on a corner point (``MID_SCALE``), so the
        two kinds of point read apart and a midpoint's stone never touches its corners' stones."""
        return self.MID_SCALE if self.is_midpoint(label) else 1.0

    def _ring(self, surface: pygame.Surface, label: str, radius: float, width: int, color: Sequence[int],
              alpha: float = 255, glow: bool = False) -> None:
        """A ring round a point, as big as that point's stone (smaller on a midpoint)."""
        k = self.piece_scale(label)
        super()._ring(surface, label, radius * k, max(1, round(width * k)) if k < 1 else width, color, alpha, glow)

    def _rect_pts(self, d: float) -> list[tuple[float, float]]:
        """Model rectangle d units outside the outer corner points: bl, br, tr, tl."""
        n = self.n
        return [(-d, 1 - d), (n - 1 + d, 1 - d), (n - 1 + d, n + d), (-d, n + d)]

    def _px(self, pts: Sequence[tuple[float, float]], offset: tuple[int, int]) -> list[tuple[float, float]]:
        ox, oy = offset
        out = []
        for x, y in pts:
            px, py = self.to_pixel(x, y)
            out.append((px + ox, py + oy))
        return out

    # ------------------------------------------------------------ the static board
    def render_board(self, surf: pygame.Surface, offset: tuple[int, int]) -> None:
        s = self.scale
        n = self.n
        g = self.geo
        W, H = surf.get_size()
        box = pygame.Rect(0, 0, W, H)

        outer = self._px(self._rect_pts(self.margin * 0.97), offset)
        band = self._px(self._rect_pts(self.BAND), offset)
        inner = self._px(self._rect_pts(self.SURFACE), offset)

        # drop shadow under the whole board (each layer here goes once blitted: D.blit_polygons)
        shadows = []
        for i in range(6, 0, -1):
            pts = self._px(self._rect_pts(self.margin * 0.97 + i * 0.025), offset)
            shadows.append(((0, 0, 0, 18), [(x + s * 0.05, y + s * 0.09) for x, y in pts]))
        D.blit_polygons(surf, shadows)

        # the frame: dark wood with a bevel
        frame = D.wood(box.size, seed=17, theme=self.theme)
        frame.fill((140, 104, 80), special_flags=pygame.BLEND_RGB_MULT)
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), outer)
        D.blit_masked(surf, frame, mask)
        del frame, mask
        lw = max(2, int(s * 0.035))
        bl, br, tr, tl = outer[2:] + outer[:2] if self.flip else outer    # as seen: the light comes from the top left
        pygame.draw.line(surf, (232, 196, 146), tl, tr, lw)
        pygame.draw.line(surf, (226, 188, 138), tl, bl, lw)
        pygame.draw.line(surf, (70, 42, 20), bl, br, lw)
        pygame.draw.line(surf, (78, 48, 24), tr, br, lw)

        # owner bands: Black along rows 1 and n, White along the columns a and last;
        # the corners are split diagonally (a board corner belongs to both edges)
        self._render_bands(surf, band, inner)

        # the playing surface: light wood, square cells inlaid darker
        m2 = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(m2, (255, 255, 255, 255), inner)
        D.blit_masked(surf, D.wood(box.size, seed=5, theme=self.theme), m2.copy())
        ox, oy = offset
        # square cells: a darker inlay with a light lower-right and dark upper-left edge
        sq_mask = pygame.Surface(box.size, pygame.SRCALPHA)
        for (cx, cy) in g.cell_mid:
            pts = self._px([(cx, cy), (cx + 1, cy), (cx + 1, cy + 1), (cx, cy + 1)], offset)
            pygame.draw.polygon(sq_mask, (255, 255, 255, 255), pts)
        inlay = D.wood(box.size, seed=23, theme=self.theme)
        inlay.fill(self.theme.square_tint, special_flags=pygame.BLEND_RGB_MULT)
        D.blit_masked(surf, inlay, sq_mask)
        del inlay, sq_mask
        # triangle pairs: the two triangles catch the light a little differently
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        for cx in range(n - 1):
            for cy in range(1, n):
                if (cx + cy) % 2 == 0:
                    continue
                a, b, c, d = self._px([(cx, cy), (cx + 1, cy), (cx + 1, cy + 1), (cx, cy + 1)], offset)
                if cx % 2 == 0:   # '/' from a to c
                    upper, lower = [a, c, d], [a, b, c]
                else:             # '\\' from d to b
                    upper, lower = [b, c, d], [a, b, d]
                pygame.draw.polygon(shade, (255, 246, 224, 34), upper)
                pygame.draw.polygon(shade, (60, 30, 10, 22), lower)
        surf.blit(shade, (0, 0))
        del shade
        ew = max(1, int(s * 0.025))
        for (cx, cy) in g.cell_mid:
            a, b, c, d = self._px([(cx, cy), (cx + 1, cy), (cx + 1, cy + 1), (cx, cy + 1)], offset)
            pygame.draw.line(surf, (120, 80, 46), (d[0], d[1] + ew), (c[0], c[1] + ew), ew)
            pygame.draw.line(surf, (226, 196, 152), (a[0], a[1] - ew), (b[0], b[1] - ew), ew)
        # soft light from the top left over the whole surface
        glow = pygame.Surface(box.size, pygame.SRCALPHA)
        gx, gy = self.to_pixel(*self.model_to_screen(-0.2 * n, 1.25 * n))     # the upper left as seen
        for i in range(10, 0, -1):
            pygame.draw.circle(glow, (255, 240, 210, 5), (gx + ox, gy + oy), s * n * 0.12 * i)
        glow.blit(m2, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(glow, (0, 0))
        del glow, m2
        # inner lip of the playing surface
        ib, ir, it, il = inner[2:] + inner[:2] if self.flip else inner
        lw2 = max(2, int(s * 0.03))
        pygame.draw.line(surf, (96, 60, 30), il, it, lw2)
        pygame.draw.line(surf, (96, 60, 30), il, ib, lw2)
        pygame.draw.line(surf, (238, 208, 166), ib, ir, lw2)
        pygame.draw.line(surf, (238, 208, 166), it, ir, lw2)

        # engraved lines: every adjacency of the rules graph (square diagonals run via the midpoint)
        line_w = max(1, int(s * 0.045))
        diag_w = max(1, int(s * 0.032))
        light = (232, 200, 154)
        dark = self.theme.line

        def engrave(a: tuple[float, float], b: tuple[float, float], w: int) -> None:
            pygame.draw.line(surf, light, (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1), w)
            pygame.draw.line(surf, dark, a, b, w)

        P = self._pix
        lab = g.labels

        def at(p: int) -> tuple[float, float]:
            x, y = P[lab[p]]
            return (x + ox, y + oy)

        for pa, pb in g.diag:
            engrave(at(pa), at(pb), diag_w)
        for (cx, cy), m in g.cell_mid.items():
            c00, c10, c01, c11 = g.mid_corners[m]
            engrave(at(c00), at(c11), diag_w)
            engrave(at(c10), at(c01), diag_w)
        for pa, pb in g.ortho:
            engrave(at(pa), at(pb), line_w)
        # points: corner points as holes, midpoints as round holes in a light collar (open
        # midpoints keep that look; closed ones are crossed out over it, see draw_under)
        pr, mr = self.point_radii()
        hole = D.dot(pr, (64, 36, 16, 255))
        rim = D.ring(pr, max(1, pr // 3), (240, 212, 172, 190))
        # a light halo all round each hole (local colour, not a theme value): the dark hole in a
        # light ring reads on any wood, the dark theme's too (issue 24)
        halo = D.dot(pr + max(2, int(pr * 0.75)), MARK_HALO)
        core = D.dot(max(1, pr // 2), (36, 20, 8, 255))
        mid = D.dot(mr, (52, 28, 10, 255))
        collar = D.dot(mr + max(2, mr // 2), (246, 226, 190, 235))
        collar_edge = D.dot(mr + max(2, mr // 2) + 1, (70, 40, 16, 200))
        for p in range(g.size):
            x, y = at(p)
            if p < g.nc:
                D.blit_center(surf, halo, (x, y))
                D.blit_center(surf, rim, (x + 1, y + 1))
                D.blit_center(surf, hole, (x, y))
                D.blit_center(surf, core, (x, y))
            else:
                D.blit_center(surf, collar_edge, (x, y))
                D.blit_center(surf, collar, (x, y))
                D.blit_center(surf, mid, (x, y))
        if self.show_coords:
            self._render_coords(surf, offset)

    def point_radii(self) -> tuple[int, int]:
        """Radii in pixels of a corner point's hole and of a midpoint's hole: big enough to read on
        the wood grain of a 20 x 20 board in a small window (at least 3 px), growing with the board."""
        s = self.scale
        return max(3, int(s * 0.085)), max(3, int(s * 0.075))

    def closed_midpoints(self, stacks: dict[str, tuple[str, ...]]) -> list[str]:
        """Empty midpoints that cannot be played now: a corner of their square holds a stone."""
        out = []
        for m, corners in self._mid_corner_labels:
            if m not in stacks and any(c in stacks for c in corners):
                out.append(m)
        return out

    def linked(self, a: str, b: str) -> bool:
        """Whether two points are joined by a line of the board (spec 2: adjacency)."""
        g = self.geo
        pa, pb = g.index.get(a), g.index.get(b)
        return pa is not None and pb is not None and pb in g.nbrs[pa]

    def _render_bands(self, surf: pygame.Surface, band: list[tuple[float, float]],
                      inner: list[tuple[float, float]]) -> None:
        bl, br, tr, tl = band
        ibl, ibr, itr, itl = inner
        sides = [
            ("B", [bl, br, ibr, ibl], (0, -1)),   # row 1 (bottom)
            ("B", [tl, tr, itr, itl], (0, 1)),    # row n (top)
            ("W", [bl, tl, itl, ibl], (-1, 0)),   # column a (left)
            ("W", [br, tr, itr, ibr], (1, 0)),    # last column (right)
        ]
        for owner, poly, _ in sides:
            t = self.theme
            base, sheen = (t.band_black, t.band_black_sheen) if owner == "B" else (t.band_white, t.band_white_sheen)
            # a soft sheen along the middle of the band
            a, b, c, d = poly
            m1 = ((a[0] * 0.62 + d[0] * 0.38), (a[1] * 0.62 + d[1] * 0.38))
            m2 = ((b[0] * 0.62 + c[0] * 0.38), (b[1] * 0.62 + c[1] * 0.38))
            m3 = ((b[0] * 0.2 + c[0] * 0.8), (b[1] * 0.2 + c[1] * 0.8))
            m4 = ((a[0] * 0.2 + d[0] * 0.8), (a[1] * 0.2 + d[1] * 0.8))
            D.blit_polygons(surf, [((*base, 255), poly), ((*_mix(base, sheen, 0.45), 255), [m1, m2, m3, m4])])
            col = (18, 18, 22) if owner == "B" else (150, 136, 112)
            pygame.draw.aalines(surf, col, True, poly)
        # the diagonal seams at the corners
        seam = (120, 100, 80)
        for o, i in ((bl, ibl), (br, ibr), (tr, itr), (tl, itl)):
            pygame.draw.line(surf, seam, o, i, max(1, int(self.scale * 0.02)))

    def _render_coords(self, surf: pygame.Surface, offset: tuple[int, int]) -> None:
        ox, oy = offset
        s = self.scale
        n = self.n
        size = max(11, int((self.BAND - self.SURFACE) * s * 0.66))
        mid_band = (self.SURFACE + self.BAND) / 2
        letters = "abcdefghijklmnopqrstuvwxyz"
        for col in range(n):
            for y in (1 - mid_band, n + mid_band):
                px, py = self.to_pixel(col, y)
                D.text(surf, letters[col], (px + ox, py + oy), size, self.theme.text_on_black, bold=True, shadow=False)
        for row in range(1, n + 1):
            for x in (-mid_band, n - 1 + mid_band):
                px, py = self.to_pixel(x, row)
                D.text(surf, str(row), (px + ox, py + oy), size, self.theme.text_on_white, bold=True, shadow=False)

    def coord_rects(self) -> list[pygame.Rect]:
        if not self.show_coords:
            return []
        s, n = self.scale, self.n
        size = max(11, int((self.BAND - self.SURFACE) * s * 0.66))
        mid_band = (self.SURFACE + self.BAND) / 2
        font = D.font(size, True)
        spots: list[tuple[str, tuple[float, float]]] = [
            ("abcdefghijklmnopqrstuvwxyz"[x], (x, y)) for x in range(n) for y in (1 - mid_band, n + mid_band)]
        spots += [(str(y), (x, y)) for y in range(1, n + 1) for x in (-mid_band, n - 1 + mid_band)]
        out = []
        for text, (x, y) in spots:
            r = pygame.Rect((0, 0), font.size(text)).inflate(4, 0)
            r.center = tuple(round(v) for v in self.to_pixel(x, y))
            out.append(r)
        return out

    # ------------------------------------------------------------ stones
    def piece_sprite(self, code: str, radius: int) -> pygame.Surface:
        return stone_sprite("W" if code.startswith("W") else "B", radius)

    def draw_stack(self, surface: pygame.Surface, xy: tuple[float, float], pieces: Sequence[str],
                   scale: float = 1.0, alpha: int = 255, lift: float = 0.0, base_level: int = 0,
                   badge: bool = True, shadow: bool = True, spacing: float | None = None) -> None:
        """A single stone standing on ``xy`` (``lift`` in levels raises it, for the animations).
        ``spacing`` is not used: a stone stands alone, there are no levels to press together."""
        if not pieces:
            return
        r = max(3, int(self.radius_px * scale))
        x, y = xy
        if shadow and alpha == 255 and not lift and not base_level and not surface.get_flags() & pygame.SRCALPHA:
            # the common case (a stone at rest on the screen): stone and shadow in one blit
            comp, (ox, oy) = _stone_with_shadow("W" if pieces[-1].startswith("W") else "B", r)
            surface.blit(comp, (round(x) + ox, round(y) + oy), special_flags=pygame.BLEND_PREMULTIPLIED)
            return
        up = (lift + base_level) * self.level_px
        if shadow and alpha > 40:
            k = 1.0 / (1.0 + 0.15 * max(0.0, lift))
            sh = D.soft_shadow(int(r * 1.12 * k), int(r * 1.02 * k), int((90 if lift < 0.5 else 55) * alpha / 255))
            D.blit_center(surface, sh, (x + r * 0.14 + up * 0.25, y + r * 0.22))
        spr = self.piece_sprite(pieces[-1], r)
        D.blit_center(surface, spr, (x, y - up), alpha)

    def stack_top_y(self, label: str, n: int) -> float:
        return float(self.pixel_of(label)[1])

    def silhouette(self, label: str) -> tuple[float, float, float, float, float] | None:
        """A stone as drawn: its round face on the point and its lower edge just below."""
        if label not in self._tops or label not in self._pix:
            return None
        px, py = self._pix[label]
        r = max(3, int(self.radius_px * self.piece_scale(label)))
        return px, py, py + max(1.0, r * 0.10), r, r

    # ------------------------------------------------------------ decorations
    def draw_under(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        r = self.radius_px
        p = self.pulse(deco.time)
        P = self.theme
        pix = self._pix
        # closed midpoints (a corner of the square is taken): crossed out, so they do not look
        # like the open ones, which keep their light collar
        cross = self._closed_sprite()
        for lab in self.closed_midpoints(stacks):
            D.blit_center(surface, cross, pix[lab])
        # the winning chain: a glowing gold path along the links between its stones
        chain = [lab for lab in deco.result if lab in pix]
        if len(chain) >= 2:
            layer, topleft = self._chain_layer(tuple(chain), stacks)
            if layer is not None:
                surface.blit(layer, topleft)
        for lab in chain:
            self._ring(surface, lab, r * 1.34, max(2, r // 5), P["result"], 255, True)
        # points a lesson marks: plain rings, no links
        for lab in deco.marks:
            if lab in pix and lab not in deco.result:
                self._ring(surface, lab, r * 1.3, max(2, r // 6), P["result"], 255, True)
        # stones in danger (the scene passes game.threats())
        for lab in deco.threats:
            if lab in pix:
                self._ring(surface, lab, r * 1.3, max(2, r // 5), P["threat"], 150 + 105 * p, True)
        # points a scene offers or picked (Onyx's own input lights only the hovered point)
        for lab in self.in_order(deco.selectable):
            if lab in pix and lab != deco.selected:
                self._ring(surface, lab, r * 1.2, max(2, r // 8), P["select"], 110 + 110 * p, True)
        if deco.selected and deco.selected in pix:
            self._ring(surface, deco.selected, r * 1.24, max(3, r // 5), P["select"], 255, True)
        # the hovered legal point
        for lab, kind in deco.targets.items():
            if lab in pix:
                c = P.get(kind, P["move"])
                self._ring(surface, lab, r * 1.22, max(2, r // 6), c, 255, True)
        # the last move: where the stone landed and where stones were taken
        for i, lab in enumerate(deco.last_move):
            if lab in pix and i > 0 and lab not in stacks:
                self._ring(surface, lab, r * 0.8, max(1, r // 10), P["threat"], 150)

    def draw_danger_ways(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        """Where a stone would connect (``deco.dangers``): a faint stone of the side that threatens
        on the empty point, ringed in the danger colour, with a '!' badge."""
        r = self.radius_px
        p = self.pulse(deco.time)
        for d in deco.dangers:
            code = "B" if d.who.word == "black" else "W"
            for lab in d.cells:
                if lab not in self._pix or lab in stacks:
                    continue
                rr = r * self.piece_scale(lab)
                self.draw_stack(surface, self._pix[lab], (code,), alpha=120, shadow=False,
                                scale=self.piece_scale(lab))
                self._ring(surface, lab, rr * 1.08, max(2, int(rr) // 5), self.theme.threat, 170 + 85 * p, True)
                x, y = self._pix[lab]
                self.danger_badge(surface, (x + rr * 0.78, y - rr * 0.78), max(5, rr * 0.36))

    def chain_links(self, chain: Sequence[str], stacks: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
        """The links of a chain that really exist: two of its points joined by a line of the board,
        both holding stones of one colour (a chain is never drawn across a missing link, e.g.
        between the opposite corners of a square)."""
        out = []
        pts = [lab for lab in chain if lab in stacks]
        for i, a in enumerate(pts):
            ca = stacks[a][-1][:1]
            for b in pts[i + 1:]:
                if stacks[b][-1][:1] == ca and self.linked(a, b):
                    out.append((a, b))
        return out

    def _chain_layer(self, chain: tuple[str, ...], stacks: dict[str, tuple[str, ...]] | None = None
                     ) -> tuple[pygame.Surface | None, tuple[int, int]]:
        """The glowing gold links of a winning chain (cached per chain, stones and layout)."""
        links = tuple(self.chain_links(chain, stacks or {}))
        key = (chain, links, tuple(self.rect), self.scale, self.flip, self.theme.name)
        cached = self._chain_cache
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        if not links:
            self._chain_cache = (key, None, (0, 0))
            return None, (0, 0)
        pts = [self._pix[lab] for lab in chain]
        w = max(4, int(self.scale * 0.22))
        pad = w * 2
        x0 = min(p[0] for p in pts) - pad
        y0 = min(p[1] for p in pts) - pad
        x1 = max(p[0] for p in pts) + pad
        y1 = max(p[1] for p in pts) + pad
        layer = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
        for width, a in ((w * 2, 50), (int(w * 1.3), 90), (w, 230)):
            col = (*self.theme.win_gold, a)
            for la, lb in links:
                p, q = self._pix[la], self._pix[lb]
                p, q = (p[0] - x0, p[1] - y0), (q[0] - x0, q[1] - y0)
                pygame.draw.line(layer, col, p, q, max(1, width))
            for la, lb in links:
                for lab in (la, lb):
                    x, y = self._pix[lab]
                    pygame.draw.circle(layer, col, (x - x0, y - y0), max(1, width // 2))
        self._chain_cache = (key, layer, (x0, y0))
        return layer, (x0, y0)

    def _closed_sprite(self) -> pygame.Surface:
        """What covers a closed midpoint: its light collar plugged with dark wood and a light cross
        on it (an open one keeps the light collar round a dark hole)."""
        _, mr = self.point_radii()
        return _closed_mark(mr + max(2, mr // 2))

    SWAP_TITLE = N_("Colours swapped")
    SWAP_TEXT = N_("The players exchange colours; the stones stay where they are.")

    def draw_effect(self, surface: pygame.Surface, kind: str, u: float) -> None:
        """A move without pieces, as an event (the animation calls it, u from 0 to 1): the pie
        rule's swap flashes every stone twice and shows a 'Colours swapped' banner on the board."""
        if kind != "swap":
            return
        pix = self._pix
        r = self.radius_px
        flash = abs(math.sin(u * math.pi * 2.0))           # two flashes
        a = int(230 * flash * (1.0 - 0.4 * u))
        if a >= 15:
            for lab, st in self._all.items():
                if lab in pix and st:
                    col = (255, 250, 236) if st[-1].startswith("B") else (40, 40, 48)
                    self._ring(surface, lab, r * (1.05 + 0.25 * flash), max(2, r // 4), col, a, True)
        fade = max(0.0, min(1.0, u / 0.1, (1.0 - u) / 0.15))
        if fade <= 0.02:
            return
        side = min(self.rect.w, self.rect.h)
        big, small = max(18, int(side * 0.05)), max(12, int(side * 0.024))
        title, text = _(self.SWAP_TITLE), _(self.SWAP_TEXT)
        w = max(D.font(big, True).size(title)[0], D.font(small).size(text)[0]) + big * 2
        h = int(big * 1.6 + small * 2.2)
        box = pygame.Rect(0, 0, min(w, self.rect.w - 8), h)
        # in the upper or the lower third of the board, whichever holds fewer stones
        ys = [pix[lab][1] for lab, st in self._all.items() if st and lab in pix]
        mid = self.rect.centery
        upper = sum(1 for y in ys if y < mid)
        box.center = (self.rect.centerx, self.rect.y + self.rect.h * (0.3 if upper <= len(ys) - upper else 0.7))
        alpha = int(255 * fade) // 15 * 15
        D.blit_center(surface, D.rounded_panel(box.size, (22, 18, 14, 235), radius=h // 3,
                                               border=(*self.theme.win_gold, 255), border_width=max(2, big // 10)),
                      box.center, alpha)
        D.text(surface, title, (box.centerx, box.y + big * 1.0), big, (255, 226, 140), bold=True,
               alpha=alpha)
        D.text(surface, text, (box.centerx, box.y + big * 1.75 + small * 0.75), small,
               self.theme.text, shadow=False, alpha=alpha)

    def draw_over(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        r = self.radius_px
        pix = self._pix
        p = self.pulse(deco.time)
        self.draw_blocked(surface, deco)
        # arrows (a lesson's, a hint's)
        for a, b in deco.arrows:
            if a in pix and b in pix:
                D.arrow(surface, pix[a], pix[b], self.theme.select, width=max(3, self.scale * 0.08),
                        head=max(8, self.scale * 0.24), alpha=150, shorten=r * 0.9)
        # ghost of the stone about to be placed, and its tag ("Captures 2", "Wins!")
        for lab, pieces in deco.ghosts:
            if lab in pix:
                self.draw_stack(surface, pix[lab], pieces, alpha=215, shadow=False, scale=self.piece_scale(lab))
        # last placed stone: a small dot on its face, as on a go board
        if deco.last_move:
            lab = deco.last_move[0]
            if lab in pix and lab in stacks:
                T = self.theme
                col = T.last_dot_on_white if stacks[lab][-1].startswith("W") else T.last_dot_on_black
                D.blit_center(surface, D.dot(max(3, int(r * self.piece_scale(lab)) // 3), (*col, 255)), pix[lab])
        # threatened stones: a pulsing red ring on the stone's edge and a small warning badge
        for lab in deco.threats:
            if lab in pix and lab in stacks:
                self._ring(surface, lab, r * 0.92, max(2, r // 7), self.theme.threat, 170 + 85 * p)
                x, y = pix[lab]
                rl = r * self.piece_scale(lab)
                br = max(5, int(rl * 0.36))
                bx, by = x + rl * 0.72, y - rl * 0.72
                D.blit_center(surface, D.dot(br + 1, (60, 10, 6, 200)), (bx + 1, by + 1))
                D.blit_center(surface, D.dot(br, (*self.theme.threat[:3], 255)), (bx, by))
                D.text(surface, "!", (bx, by), max(8, int(br * 1.6)), (255, 255, 255), bold=True, shadow=False)
        self.draw_danger_ways(surface, stacks, deco)
        # stones the hovered move would capture: crossed out
        for lab in deco.captures:
            if lab in pix:
                D.blit_center(surface, cross_sprite(int(r * 0.8), max(2, r // 4), (*self.theme.capture, 235)), pix[lab])
                self._ring(surface, lab, r * 1.08, max(2, r // 7), self.theme.capture, 220)
        # the winning chain: a gold gem on each stone
        for lab in deco.result:
            if lab in pix and lab in stacks:
                gem = max(2, int(r * self.piece_scale(lab)) // 3)
                D.blit_center(surface, D.dot(gem, (120, 80, 10, 200)), (pix[lab][0] + 1, pix[lab][1] + 1))
                D.blit_center(surface, D.dot(gem, (*self.theme.win_gold, 255)), pix[lab])
        self.draw_tags(surface, stacks, deco)      # clear of the stone, its captures, the coordinates


# ====================================================================== input
class OnyxInput(BoardInput):
    """One click on a lit point places a stone; 'Swap colours' is an extra action (pie rule)."""

    def __init__(self, view: BoardView | None = None) -> None:
        super().__init__(view)
        self._by_label: dict[str, Option] = {}
        self._preview: dict[str, tuple[list[str], bool]] = {}

    # ------------------------------------------------------------ options
    def clicks_for(self, game: Game, move: Any) -> Option:
        text = game.move_str(move)
        if text == SWAP_TEXT:
            return Option((), SWAP_TEXT, "swap")   # not a board point: see extra_actions()
        return Option((text,), text, "place")

    def set_game(self, game: Game | None) -> None:
        super().set_game(game)
        self._by_label = {o.clicks[0]: o for o in self.options if o.clicks}
        self._preview = {}

    def next_steps(self, prefix: tuple[str, ...] | None = None) -> dict[str, Option]:
        pre = self.prefix if prefix is None else prefix
        return dict(self._by_label) if not pre else {}

    def starts(self) -> set[str]:
        return set(self._by_label)

    def extra_actions(self) -> list[tuple[str, str]]:
        """Moves that are not board points, as (button label, move text): the pie rule's swap."""
        if self.game is None or self.game.is_over:
            return []
        return [(_(SWAP_LABEL), o.text) for o in self.options if o.text == SWAP_TEXT]

    def action_move(self, key: str) -> str | None:
        """The move text of an extra action (None if it is not available now)."""
        for label, text in self.extra_actions():
            if key in (label, text):
                return text
        return None

    def preview(self, label: str) -> tuple[list[str], bool]:
        """(stones captured, whether it wins) if the mover places on ``label`` (from the rules core)."""
        if label in self._preview:
            return self._preview[label]
        caps: list[str] = []
        wins = False
        g = self.game
        if g is not None and label in self._by_label and label in self._moves_by_text:
            move = self._moves_by_text[label]
            try:
                caps = [m.src for m in g.motions(move) if m.kind == "remove" and m.src]
                probe = g.copy()
                probe.play(move)
                wins = probe.result is not None and probe.result.winner == g.to_move
            except (RulesError, KeyError, IndexError, ValueError):
                caps, wins = [], False
        self._preview[label] = (caps, wins)
        return caps, wins

    # ------------------------------------------------------------ texts
    def tag_for(self, option: Option) -> str:
        caps, wins = self.preview(option.clicks[0]) if option.clicks else ([], False)
        parts = []
        if caps:
            parts.append(_("Captures {n}").format(n=len(caps)))
        if wins:
            parts.append(_("Wins!"))
        return " · ".join(parts)

    def after_select_message(self) -> str:
        return _("Click an empty point to place your stone.")

    def _geo(self):
        """The board's geometry: the game's while input is on, else the view's (what it drew)."""
        if self.game is not None:
            return geometry(int(self.game.options().get("size", 12)))
        return self.view.geo if isinstance(self.view, OnyxView) else None

    def _corners(self, label: str) -> list[str]:
        geo = self._geo()
        if geo is None:
            return []
        p = geo.index.get(label)
        if p is None or p < geo.nc:
            return []
        return [geo.labels[q] for q in geo.mid_corners[p]]

    def why_not(self, label: str) -> str:
        g = self.game
        if g is None or g.is_over:
            return _("The game is over.")
        stacks = g.stacks()
        me = side_name(g.to_move.word)
        if label in stacks:
            if stacks[label][-1].startswith("B"):
                return _("{point} already holds a black stone. {side}: click an empty point.").format(point=label, side=me)
            return _("{point} already holds a white stone. {side}: click an empty point.").format(point=label, side=me)
        corners = self._corners(label)
        if corners:
            busy = [c for c in corners if c in stacks]
            return ngettext("The midpoint {point} can be played only while all four corners of its square "
                            "are empty ({taken} is taken).",
                            "The midpoint {point} can be played only while all four corners of its square "
                            "are empty ({taken} are taken).", len(busy)).format(point=label, taken=", ".join(busy))
        return _("{point} cannot be played now. {side}: click an empty point.").format(point=label, side=me)

    def describe(self, label: str) -> str:
        """Hover text: 'e5: a Black stone.', '(yours)' for the side to move while input is on."""
        g = self.game
        stacks = self.shown_stacks()
        if label not in stacks:
            corners = self._corners(label)
            if corners:
                return _("{point}: the midpoint of a square (playable only while its four corners are empty).").format(
                    point=label)
            return _("{point}: empty point.").format(point=label)
        who = "Black" if stacks[label][-1].startswith("B") else "White"
        stone = (_("{point}: a {side} stone (yours)") if self.viewer() == who else _("{point}: a {side} stone")).format(
            point=label, side=side_name(who))
        geo = self._geo()
        p = geo.index.get(label) if geo is not None else None
        if p is not None and p >= geo.nc:
            return _("{stone} on a midpoint: it can never be captured, and it links the square's corners.").format(
                stone=stone)
        if p is not None and not geo.mids_of[p]:
            return _("{stone} on a board corner: it can never be captured.").format(stone=stone)
        try:
            if g is not None and label in g.threats():
                return _("{stone}, in danger: {side} can capture it next move!").format(
                    stone=stone, side=side_name(g.to_move.other.word))
        except (RulesError, ValueError, KeyError, TypeError):
            log.warning("the threats could not be found", exc_info=True)    # the words without the danger
        return _("{stone}.").format(stone=stone)

    # ------------------------------------------------------------ display
    def decorate(self, deco: Decorations) -> None:
        """Light up only the hovered point if it is legal, with its ghost stone and captures."""
        h = self.hover_label
        deco.hover = None
        deco.selectable = set()
        captures: list[str] = []
        if self.game is not None and h is not None and h in self._by_label:
            opt = self._by_label[h]
            deco.hover = h
            deco.targets = {h: "place"}
            colour = "W" if self.game.to_move.word == "white" else "B"
            deco.ghosts = [(h, (colour,))]
            captures, _ = self.preview(h)
            self.tag_hovered(deco, h, opt)
        deco.captures = captures


def with_captures(deco: Decorations, labels: Sequence[str]) -> Decorations:
    """A copy of ``deco`` that marks ``labels`` as about to be captured (tutorials, tests)."""
    out = dataclasses.replace(deco)
    out.captures = list(labels)
    return out


__all__ = ["OnyxInput", "OnyxView", "SWAP_LABEL", "SWAP_TEXT", "cross_sprite", "stone_sprite", "with_captures"]
