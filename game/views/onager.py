"""Onager on screen: a wooden board of 91 hexagonal cells, shaded discs, stacks and lakes.

The board: raised hex tiles in a wooden tray, Black's back row (row a, bottom) stained dark,
White's back row (row k, top) pale, the centre f6 inlaid with brass (no lake may go there).
Lakes are slate-blue stones lying in a water cell. Stacks show every disc's rim, so the
alternating colours can be read at a glance, with a height badge from two discs up.

Input (from the rules core's ``walk_targets``, ``chain_steps`` and legal moves only):
  - setup phase: one click on a legal cell places a lake (hovering previews it);
  - play phase: click an own piece: green cells are walks, blue cells jumps onto empty cells,
    orange cells jumps onto an enemy piece. A walk or a jump onto an empty cell ends the move.
    A jump onto an enemy piece that can go on keeps the move open: the disc waits on that
    cell, the next landings are shown, and clicking the disc again (its current cell) ends
    the move there (so do Enter and the End move button). Clicking the start cell takes the
    chain back (the disc stays picked up there; a second click puts it down), and a cell the
    disc already landed on is refused with the rule (spec 4.6.4: never twice on one cell).
The move text is the path form ``x-y1-...-ym``, so the rules core (and the animation, where
the caller hands the path to ``motions``) follow exactly the hops the player chose.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

import pygame

from ..rules.base import Game, RulesError
from ..rules.hexgrid import grid
from ..rules.onager import Onager
from . import draw as D
from ..i18n import N_, _, ngettext
from ..names import side_name
from .arcs import draw_arc
from .base import BoardInput, BoardView, ClickResult, Decorations, Option
from .onager_shapes import _hex_pts, hex_shape, lake_stone, tile_overlay, warning_badge, water_cell

SQRT3 = math.sqrt(3.0)
SS = D.SS
CENTRE = "f6"
CORNERS = ("f11", "k6", "k1", "f1", "a1", "a6")   # anticlockwise from the east
LAKE_HINT = N_("Place a lake: any empty cell except the centre")   # translated when shown
COLOUR_NAME = {"B": "Black", "W": "White"}

# Highlight colours by target kind are the theme's (``view.theme.kind_colour(kind)``: walk, jump,
# stack, end, lake, place, no), like the result, last move, threat and selection colours.


PIVOT_GLOW = (255, 246, 190)    # local colour (not a theme value): a jump's pivot, lit in previews and animations


# ====================================================================== the view
class OnagerView(BoardView):
    name = "onager"
    margin = 1.32
    disc_radius = 0.37
    disc_thickness = 0.12
    badge_from = 2
    max_visible = 8
    max_rise = 0.22          # as Amoeba: a stack stays on its cell at any height (issue 24)
    badge_at_base = True

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.grid = grid(6)
        self.note = ""                            # a hint drawn on the board (set by the input)
        self._all: dict[str, tuple[str, ...]] = {}

    # ------------------------------------------------------------ geometry
    def points(self) -> Sequence[str]:
        return self.grid.labels

    def model_xy(self, label: str) -> tuple[float, float]:
        return self.grid.xy(self.grid.index[label])

    @property
    def cell_px(self) -> float:
        """Circumradius of a cell in pixels (centre to a corner)."""
        return self.scale / SQRT3

    @property
    def hit_radius(self) -> float:
        """Off the drawn stacks the whole hexagon counts (the nearest centre is the cell's own)."""
        return self.cell_px

    def _outline(self, grow: float) -> list[tuple[float, float]]:
        """The board hexagon with its corners pushed out by ``grow`` cells (screen pixels)."""
        out = []
        for lab in CORNERS:
            x, y = self.model_xy(lab)
            k = (math.hypot(x, y) + grow) / math.hypot(x, y)
            out.append(self.to_pixel(x * k, y * k))
        return out

    # ------------------------------------------------------------ the static board
    def render_board(self, surf: pygame.Surface, offset: tuple[int, int]) -> None:
        ox, oy = offset
        s = self.scale
        size = surf.get_size()

        def sh(pts: list[tuple[float, float]], dx: float = 0.0, dy: float = 0.0) -> list[tuple[float, float]]:
            return [(x + ox + dx, y + oy + dy) for x, y in pts]

        def mask_of(pts: list[tuple[float, float]]) -> pygame.Surface:
            mask = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
            return mask

        frame_g, tray_g = 1.22, 0.72
        outer, tray = sh(self._outline(frame_g)), sh(self._outline(tray_g))
        # soft drop shadow (each layer here goes once blitted: D.blit_polygons, D.blit_masked)
        D.blit_polygons(surf, [((0, 0, 0, 15), sh(self._outline(frame_g + i * 0.035), s * 0.05, s * 0.1))
                               for i in range(7, 0, -1)])
        # the frame: darker wood with bevelled edges
        # (the tray's wood is made again below rather than kept: one board-sized layer less at once)
        frame = D.wood(size, seed=11, theme=self.theme)
        frame.fill((150, 112, 84), special_flags=pygame.BLEND_RGB_MULT)
        D.blit_masked(surf, frame, mask_of(outer))
        del frame
        lw = max(2, int(s * 0.035))
        for i in range(6):
            a, b = outer[i], outer[(i + 1) % 6]
            ny = (a[1] + b[1]) / 2 - (oy + self.to_pixel(0, 0)[1])
            light = ny < 0 or (ny <= 1 and (a[0] + b[0]) / 2 < ox + self.to_pixel(0, 0)[0])
            pygame.draw.line(surf, (236, 200, 150) if light else (70, 42, 20), a, b, lw)
        pygame.draw.aalines(surf, self.theme.wood_edge, True, outer)
        # the tray the cells stand in: dark, with a shadowed upper edge
        trayimg = D.wood(size, seed=11, theme=self.theme)
        trayimg.fill((92, 64, 46), special_flags=pygame.BLEND_RGB_MULT)
        D.blit_masked(surf, trayimg, mask_of(tray))
        del trayimg
        for i in range(6):
            a, b = tray[i], tray[(i + 1) % 6]
            ny = (a[1] + b[1]) / 2 - (oy + self.to_pixel(0, 0)[1])
            pygame.draw.line(surf, (40, 24, 10) if ny < 0 else (214, 176, 126), a, b, max(2, int(s * 0.03)))
        # back-row inlays on the frame: ebony below row a, ivory above row k
        self._inlay(surf, sh, (tray_g + frame_g) / 2)
        # the cells: light wood tiles, each bevelled; back rows stained
        rc = self.cell_px
        tr = rc * 0.935
        face = D.wood(size, seed=5, theme=self.theme)
        face.fill((255, 244, 228), special_flags=pygame.BLEND_RGB_MULT)
        mask = pygame.Surface(size, pygame.SRCALPHA)
        for lab in self.grid.labels:
            px, py = self.pixel_of(lab)
            pygame.draw.polygon(mask, (255, 255, 255, 255), _hex_pts(px + ox, py + oy, tr))
        D.blit_masked(surf, face, mask)
        del face, mask
        g = self.grid
        for p, lab in enumerate(g.labels):
            px, py = self.pixel_of(lab)
            kind = "black" if g.row_of[p] == 0 else "white" if g.row_of[p] == g.rows - 1 else "plain"
            D.blit_center(surf, tile_overlay(int(tr), kind), (px + ox, py + oy))
        # warm light from the upper left
        glow = pygame.Surface(size, pygame.SRCALPHA)
        cx, cy = self.to_pixel(*self.model_to_screen(-2.0, 2.2))      # the upper left as seen
        for i in range(10, 0, -1):
            pygame.draw.circle(glow, (255, 240, 210, 5), (cx + ox, cy + oy), s * 0.85 * i)
        glow.blit(mask_of(tray), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(glow, (0, 0))
        del glow
        self._centre_mark(surf, offset)
        if self.show_coords:
            self._coords(surf, offset)

    def _inlay(self, surf: pygame.Surface, sh: Any, grow: float) -> None:
        """Inlaid strips on the frame: ebony along Black's edge (bottom), ivory along White's (top)."""
        pts = sh(self._outline(grow))
        # corner order: 0 f11, 1 k6, 2 k1, 3 f1, 4 a1, 5 a6 -> top edge 2-1, bottom edge 4-5
        h = max(4, int(self.scale * 0.12))
        for (i, j), col, rim in (((2, 1), (244, 236, 218), (140, 126, 104)), ((4, 5), (38, 38, 46), (12, 12, 14))):
            (ax, ay), (bx, _) = pts[i], pts[j]
            inset = (bx - ax) * 0.07
            r = pygame.Rect(0, 0, int(bx - ax - 2 * inset), h)
            r.center = (round((ax + bx) / 2), round(ay))
            pygame.draw.rect(surf, (60, 36, 16), r.inflate(4, 4).move(1, 1), border_radius=h)
            pygame.draw.rect(surf, rim, r.inflate(2, 2), border_radius=h)
            pygame.draw.rect(surf, col, r, border_radius=h)
            hi = tuple(min(255, c + 40) for c in col)
            pygame.draw.line(surf, hi, (r.x + h, r.y + 1), (r.right - h, r.y + 1), 1)

    def _centre_mark(self, surf: pygame.Surface, offset: tuple[int, int]) -> None:
        """The centre f6: a brass ring and a six-pointed star (no lake may be placed here)."""
        px, py = self.pixel_of(CENTRE)
        cx, cy = px + offset[0], py + offset[1]
        r = self.scale * 0.30
        size = int(2 * r + 8)
        big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
        c = size * SS / 2
        R = r * SS
        gold, dark = (226, 178, 70), (120, 80, 24)
        pygame.draw.circle(big, (*dark, 200), (c + SS, c + SS), R, max(2, int(R * 0.12)))
        pygame.draw.circle(big, (*gold, 235), (c, c), R, max(2, int(R * 0.10)))
        for rot in (90, 270):
            tri = [(c + R * 0.62 * math.cos(math.radians(rot + 120 * k)),
                    c - R * 0.62 * math.sin(math.radians(rot + 120 * k))) for k in range(3)]
            pygame.draw.polygon(big, (*gold, 210), tri, max(2, int(R * 0.07)))
        img = pygame.transform.smoothscale(big, (size, size))
        D.blit_center(surf, img, (cx, cy))

    def _coords(self, surf: pygame.Surface, offset: tuple[int, int]) -> None:
        ox, oy = offset
        s = self.scale
        g = self.grid
        big = max(13, int(s * 0.3))
        ink, halo = self.theme.frame_ink, self.theme.frame_halo
        out = -1 if self.flip else 1            # a row's first cell is on the west (east when flipped)
        for i in range(g.rows):
            row = [p for p in range(g.size) if g.row_of[p] == i]
            letter = chr(ord("a") + i)
            for p, side in ((row[0], -1), (row[-1], 1)):
                x, y = self.pixel_of(g.labels[p])
                D.label(surf, letter, (x + ox + out * side * s * 0.86, y + oy), big, ink, halo)

    def coord_rects(self) -> list[pygame.Rect]:
        if not self.show_coords:
            return []
        s = self.scale
        g = self.grid
        big = max(13, int(s * 0.3))
        out_dir = -1 if self.flip else 1
        out = []
        for i in range(g.rows):
            row = [p for p in range(g.size) if g.row_of[p] == i]
            letter = chr(ord("a") + i)
            for p, side in ((row[0], -1), (row[-1], 1)):
                x, y = self.pixel_of(g.labels[p])
                r = pygame.Rect((0, 0), D.font(big, True).size(letter)).inflate(4, 0)
                r.center = (round(x + out_dir * side * s * 0.86), round(y))
                out.append(r)
        return out

    def point_label_rect(self, label: str) -> pygame.Rect | None:
        if label not in self._pix:
            return None
        x, y = self._pix[label]
        r = pygame.Rect((0, 0), D.font(self.cell_label_size(), False).size(label)).inflate(4, 0)
        r.center = (round(x), round(y + self.scale * 0.31))
        return r

    def cell_label_size(self) -> int:
        """Font size of the names of the empty cells (grows with the board)."""
        return max(11, int(self.scale * 0.19))

    def _cell_labels(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]]) -> None:
        """Each empty cell's name in its lower part (pieces cover the others), in ink that stands
        out from the cell: light on Black's dark back row, dark on White's pale one, the theme's
        label colours elsewhere."""
        g = self.grid
        size = self.cell_label_size()
        off = self.scale * 0.31
        P = self.theme
        dark_row = (P["frame_ink"], P["frame_halo"])
        pale_row = ((58, 32, 12), (250, 240, 222))
        plain = (P["coord_ink"], P["coord_halo"])
        for p, lab in enumerate(g.labels):
            if stacks.get(lab):
                continue
            x, y = self._pix[lab]
            row = g.row_of[p]
            ink, halo = dark_row if row == 0 else pale_row if row == g.rows - 1 else plain
            D.label(surface, lab, (x, y + off), size, ink, (*halo[:3], 200), bold=False)

    # ------------------------------------------------------------ pieces
    def piece_sprite(self, code: str, radius: int) -> pygame.Surface:
        if code == "L":
            return lake_stone(radius, max(2, int(self.level_px * 0.8)), self.squash)
        top, hi, side = self.theme.piece(code)
        return D.disc(radius, max(2, int(self.level_px)), top, hi, side, "", self.squash)

    def draw(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]],
             deco: Decorations | None = None, board: bool = True) -> None:
        self._all = stacks
        super().draw(surface, stacks, deco, board)

    # ------------------------------------------------------------ highlights
    def _hex(self, surface: pygame.Surface, label: str, k: float, color: Sequence[int], alpha: float,
             width: int = 0, glow: int = 0) -> None:
        a = max(0, min(255, int(alpha) // 15 * 15))
        if a and label in self._pix:
            D.blit_center(surface, hex_shape(int(self.cell_px * k), (*color[:3], a), width, glow), self._pix[label])

    def draw_under(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        T = self.theme
        rc = self.cell_px
        p = self.pulse(deco.time)
        thin = max(2, int(rc * 0.07))
        bold = max(3, int(rc * 0.11))
        glow = max(3, int(rc * 0.22))
        if self.show_coords:
            self._cell_labels(surface, stacks)
        for lab, st in stacks.items():
            if st and st[0] == "L" and lab in self._pix:
                D.blit_center(surface, water_cell(int(rc * 0.935)), self._pix[lab])
        for lab in deco.result:
            self._hex(surface, lab, 0.9, T.result, 110, 0)
            self._hex(surface, lab, 0.86, T.result, 255, bold, glow)
        for lab in deco.marks:             # a lesson's highlights: the same glowing outline
            if lab not in deco.result:
                self._hex(surface, lab, 0.9, T.result, 70, 0)
                self._hex(surface, lab, 0.86, T.result, 255, bold, glow)
        for lab in deco.last_move:
            self._hex(surface, lab, 0.9, T.last, 45, 0)
            self._hex(surface, lab, 0.85, T.last, 210, thin + 1)
        for lab in deco.threats + self.danger_cells(deco):
            self._hex(surface, lab, 0.9, T.threat, 60 + 50 * p, 0)
            self._hex(surface, lab, 0.86, T.threat, 160 + 95 * p, bold, glow)
        for lab in self.in_order(deco.selectable):
            if lab != deco.selected:
                self._hex(surface, lab, 0.9, T.select, 25 + 30 * p, 0)
                self._hex(surface, lab, 0.84, T.select, 150 + 105 * p, thin + 1, glow // 2)
        if deco.selected:
            self._hex(surface, deco.selected, 0.9, T.select, 70, 0)
            self._hex(surface, deco.selected, 0.84, T.select, 255, bold, glow)
        for lab, kind in deco.preview_targets.items():
            c = T.kind_colour(kind)
            self._hex(surface, lab, 0.84, c, 40, 0)
            if lab in self._pix:
                D.blit_center(surface, D.dot(max(3, int(rc * 0.12)), (*c, 170)), self._pix[lab])
        for lab in deco.reach:
            if lab not in deco.targets:
                c = T.kind_colour("stack" if stacks.get(lab) else "jump")
                strong = lab == deco.hover
                self._hex(surface, lab, 0.84, c, 255 if strong else 150 + 60 * p, bold if strong else thin,
                          glow if strong else 0)
        for lab, kind in deco.targets.items():
            c = T.kind_colour(kind)
            strong = lab == deco.hover
            self._hex(surface, lab, 0.9, c, 120 if strong else 70 + 25 * p, 0)
            self._hex(surface, lab, 0.84, c, 255 if strong else 170 + 60 * p, bold if strong else thin,
                      glow if strong else 0)
            if lab in self._pix and not stacks.get(lab) and kind != "no":
                D.blit_center(surface, D.dot(max(3, int(rc * 0.17)), (*c, 220)), self._pix[lab])
        for a, b in deco.arrows:               # a jump's pivot, lit
            pv = self.pivot_of(a, b)
            if pv is not None:
                self.draw_pivot(surface, pv, fill=True)

    # ------------------------------------------------------------ jumps: over the pivot
    def pivot_of(self, a: str, b: str) -> str | None:
        """The cell in the middle of a jump from ``a`` to ``b`` (its pivot: a jump lands as far beyond
        the pivot as it started before it), or None when a and b are not a jump apart on one line."""
        if a not in self.grid.index or b not in self.grid.index:
            return None
        (ax, ay), (bx, by) = self.model_xy(a), self.model_xy(b)
        dx, dy = bx - ax, by - ay
        dist = math.hypot(dx, dy)
        k = round(dist)
        ang = math.degrees(math.atan2(dy, dx)) % 60.0
        if k < 2 or k % 2 or abs(dist - k) > 1e-6 or min(ang, 60.0 - ang) > 1e-3:
            return None
        mx, my = (ax + bx) / 2, (ay + by) / 2
        for lab in self.grid.labels:
            x, y = self.model_xy(lab)
            if abs(x - mx) < 1e-6 and abs(y - my) < 1e-6:
                return lab
        return None

    def arc_points(self, a: str, b: str, n: int = 24) -> list[tuple[float, float]]:
        """Screen points of the flight from ``a`` to ``b``: a parabola peaking over the middle (the
        pivot), as high as the animation's arc (``jump_height``)."""
        (ax, ay), (bx, by) = self._pix[a], self._pix[b]
        h = self.jump_height(a, b)
        return [(ax + (bx - ax) * t, ay + (by - ay) * t - h * 4 * t * (1 - t)) for t in (i / n for i in range(n + 1))]

    def jump_height(self, a: str, b: str) -> float:
        """Pixels a jumping disc rises at the top of its arc (longer jumps fly higher)."""
        (ax, ay), (bx, by) = self._pix[a], self._pix[b]
        steps = math.hypot(bx - ax, by - ay) / max(1.0, self.scale)
        return self.scale * (0.32 + 0.15 * steps)

    def jump_arc(self, surface: pygame.Surface, a: str, b: str, colour: Sequence[int], alpha: int = 190) -> None:
        """A jump's arrow: a curve rising over the pivot with its head on the landing cell, its
        shadow a faint straight line on the board below (``arcs.draw_arc``)."""
        draw_arc(surface, self.arc_points(a, b), self._pix[a], self._pix[b], self.radius_px * 0.9, self.scale,
                 colour, alpha)

    def draw_pivot(self, surface: pygame.Surface, label: str, strength: float = 1.0, fill: bool = False) -> None:
        """The pivot of a jump lit: a bright glowing outline round its cell (previews, animations;
        ``fill`` also lights the cell itself, for drawing under the pieces)."""
        if label in self._pix and strength > 0.02:
            rc = self.cell_px
            if fill:
                self._hex(surface, label, 0.9, PIVOT_GLOW, 90 * strength, 0)
            self._hex(surface, label, 0.86, PIVOT_GLOW, 255 * strength, max(3, int(rc * 0.11)), max(3, int(rc * 0.22)))

    def draw_over(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        T = self.theme
        rc = self.cell_px
        lv = self.level_px
        # the chain so far: a glowing line through the landings, the disc waiting on the last one
        path = [lab for lab in deco.path if lab in self._pix]
        if len(path) >= 2:
            self._trail(surface, [self._pix[lab] for lab in path])
            mover = self._all.get(path[0], ())
            if mover:
                under = len(stacks.get(path[-1], ()))
                self.draw_stack(surface, self._pix[path[-1]], (mover[-1],), base_level=under, lift=0.7,
                                badge=False, shadow=False)
                # the waiting disc is clicked to end the move: all of it counts as its cell
                self.note_raised(path[-1], (under + 0.7) * self.level_for(under + 1) + int(lv) * 0.5)
        # target markers on top of occupied targets (so they stay visible over stacks)
        for lab, kind in deco.targets.items():
            n = len(stacks.get(lab, ())) if kind != "no" else 0
            if path and lab == path[-1]:
                n += 1
            if n and lab in self._pix:
                px, py = self._pix[lab]
                c = T.kind_colour(kind)
                top = py - (n - 1) * self.level_for(n) - lv * 0.5 - (0.7 * lv if path and lab == path[-1] else 0)
                D.blit_center(surface, D.dot(max(3, int(rc * 0.15)), (20, 16, 12, 160)), (px + 1, top + 1))
                D.blit_center(surface, D.dot(max(3, int(rc * 0.14)), (*c, 235)), (px, top))
        self.draw_blocked(surface, deco)
        for a, b in deco.arrows:
            if a in self._pix and b in self._pix:
                if self.pivot_of(a, b) is not None:      # a jump: an arc rising over its pivot
                    self.jump_arc(surface, a, b, T.select)
                    continue
                D.arrow(surface, self._pix[a], self._pix[b], T.select, width=max(3, self.scale * 0.07),
                        head=max(8, self.scale * 0.22), alpha=150, shorten=self.radius_px * 0.9)
        for lab, pieces in deco.ghosts:
            if lab in self._pix:
                below = len(stacks.get(lab, ()))
                self.draw_stack(surface, self._pix[lab], pieces, alpha=150, base_level=below, badge=False)
        if len(deco.last_move) >= 2 and len(path) < 2:
            self._last_path(surface, stacks, [lab for lab in deco.last_move if lab in self._pix])
        for lab in deco.threats + self.danger_cells(deco):
            if lab in self._pix:
                px, py = self._pix[lab]
                n = len(stacks.get(lab, ()))
                top = py - max(0, n - 1) * self.level_for(max(1, n))
                D.blit_center(surface, warning_badge(int(rc * 0.42), T.threat), (px - rc * 0.62, top - rc * 0.42))
        self.draw_danger_ways(surface, stacks, deco)
        self.draw_tags(surface, stacks, deco)
        if deco.hover and deco.hover in self._pix and deco.hover not in deco.targets:
            self._hex(surface, deco.hover, 0.86, (255, 255, 255), 150, max(2, int(rc * 0.06)))
        if self.note:
            x0, y0 = self.to_pixel(0, 0)
            top = self._outline(1.22)[1][1]
            self._pill(surface, _(self.note), (x0, top + (y0 - top) * 0.0 + self.scale * 0.12),
                       max(12, int(self.scale * 0.24)), border=(120, 206, 255, 200))

    def draw_danger_ways(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        """The way of each threatening move (``deco.dangers``): its jumps as arcs over their pivots
        (a walk as an arrow) in the danger colour, from the disc to where it lands."""
        col = self.theme.threat
        for d in deco.dangers:
            for path in d.paths:
                hops = [(a, b) for a, b in zip(path, path[1:]) if a in self._pix and b in self._pix]
                for a, b in hops:
                    if self.pivot_of(a, b) is not None:
                        self.jump_arc(surface, a, b, col, alpha=210)
                    else:
                        D.arrow(surface, self._pix[a], self._pix[b], col, width=max(3, self.scale * 0.07),
                                head=max(8, self.scale * 0.22), alpha=200, shorten=self.radius_px * 0.9)
                if hops:
                    self._hex(surface, path[0], 0.84, col, 200, max(2, int(self.cell_px * 0.07)))

    def _last_path(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], labels: list[str]) -> None:
        """The last move's way, kept until the next move: a thin line from the start over every
        landing to the final cell (an arrow), and the landings of a chain numbered in order."""
        if len(labels) < 2:
            return
        rc = self.cell_px
        pts = [self._pix[lab] for lab in labels]
        w = max(3, int(rc * 0.1))
        col = self.theme.last
        if len(pts) > 2:
            x0 = min(p[0] for p in pts) - w * 2
            y0 = min(p[1] for p in pts) - w * 2
            layer = pygame.Surface((max(p[0] for p in pts) - x0 + w * 4, max(p[1] for p in pts) - y0 + w * 4),
                                   pygame.SRCALPHA)
            local = [(x - x0, y - y0) for x, y in pts[:-1]]
            pygame.draw.lines(layer, (40, 22, 6, 120), False, local, w + 2)
            pygame.draw.lines(layer, (*col, 200), False, local, w)
            for q in local[1:]:
                pygame.draw.circle(layer, (*col, 230), q, w)
            surface.blit(layer, (x0, y0))
        D.arrow(surface, pts[-2], pts[-1], col, width=w, head=max(8, rc * 0.36), alpha=200,
                shorten=rc * 0.45)
        D.blit_center(surface, D.ring(max(3, int(rc * 0.18)), max(2, w // 2 + 1), (*col, 230)), pts[0])
        if len(labels) > 2:                 # a chain: number the landings, on top of what stands there
            size = max(11, int(rc * 0.36))
            for k, lab in enumerate(labels[1:], 1):
                spot = self.path_number_spot(lab)
                D.blit_center(surface, D.dot(size // 2 + 2, (40, 24, 8, 220)), spot)
                D.blit_center(surface, D.dot(size // 2 + 1, (*col, 255)), spot)
                D.text(surface, str(k), spot, size, (30, 18, 6), bold=True, shadow=False)

    def path_number_spot(self, label: str) -> tuple[float, float]:
        """Where the last chain's landing number on ``label`` goes: left of the stack's base, apart
        from its height badge (right of the base) and its top."""
        px, py = self._pix[label]
        return px - self.cell_px * 0.62, py + self.cell_px * 0.1

    def _trail(self, surface: pygame.Surface, pts: list[tuple[int, int]]) -> None:
        """A soft golden line through the cells a chain has landed on so far."""
        rc = self.cell_px
        pad = int(rc * 0.3) + 4
        x0 = min(p[0] for p in pts) - pad
        y0 = min(p[1] for p in pts) - pad
        w = max(p[0] for p in pts) - x0 + pad
        h = max(p[1] for p in pts) - y0 + pad
        local = [(x - x0, y - y0) for x, y in pts]
        for width, col in ((max(6, int(rc * 0.2)), (255, 214, 90, 70)), (max(3, int(rc * 0.08)), (255, 226, 140, 210))):
            layer = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.lines(layer, col, False, local, width)
            for q in local:
                pygame.draw.circle(layer, col, q, width // 2)
            surface.blit(layer, (x0, y0))

    def tag_background(self) -> tuple[int, ...]:
        return (*self.theme.tag_bg[:3], 222)    # a little more opaque over the hexes' wood

    def _pill(self, surface: pygame.Surface, text: str, center: tuple[float, float], size: int,
              border: Sequence[int] = (255, 255, 255, 90)) -> None:
        """A note in a pill centred on ``center``, kept inside the board's area (the tags of
        points: ``draw_tags``)."""
        f = D.font(size, True)
        w = f.size(text)[0] + size
        box = D.rounded_panel((w, int(size * 1.65)), self.tag_background(), radius=size // 2,
                              border=tuple(border), border_width=1)
        x = min(max(center[0], self.rect.x + w / 2 + 2), self.rect.right - w / 2 - 2)
        y = max(center[1], self.rect.y + size)
        surface.blit(box, box.get_rect(center=(round(x), round(y))))
        D.text(surface, text, (x, y), size, self.theme.text, bold=True, shadow=False)


# ====================================================================== text helpers
def describe_stack(label: str, pieces: Sequence[str], viewer: str | None = None) -> str:
    """Hover text for a cell in words: a lake, a disc, or a stack with its discs counted.

    ``viewer`` ('Black'/'White') marks that side's top disc "(yours)"; None: neutral.
    'd6: 3 discs (2 White, 1 Black), only the top one moves.
     Bottom to top: White, Black, White.' (the stack card: short enough for a tooltip)
    """
    extra = ""
    row = label[0]
    if pieces and pieces[-1] in COLOUR_NAME:
        top = pieces[-1]
        if row == "k" and top == "B":
            extra = _("It counts for Black (White's back row).")
        elif row == "a" and top == "W":
            extra = _("It counts for White (Black's back row).")
    if not pieces:
        if label == CENTRE:
            return _("{cell}: the centre (no lake may be placed here).").format(cell=label)
        return _("{cell}: empty cell.").format(cell=label)
    if pieces[0] == "L":
        return _("{cell}: a lake. Nothing stands or lands on it and it is never a pivot; "
                 "it blocks a jump only between the jumper and its pivot.").format(cell=label)
    top = COLOUR_NAME.get(pieces[-1], "")
    mine = viewer is not None and viewer == top
    if len(pieces) == 1:
        one = (_("{cell}: a {side} disc (yours).") if mine else _("{cell}: a {side} disc.")).format(
            cell=label, side=side_name(top) if top else "?")
        return one + (" " + extra if extra else "")
    other = "Black" if top == "White" else "White"
    n_top = sum(1 for p in pieces if COLOUR_NAME.get(p) == top)
    counts = _("{n} {side}, {m} {other}").format(n=n_top, side=side_name(top), m=len(pieces) - n_top,
                                                 other=side_name(other))
    names = [side_name(COLOUR_NAME[p]) if p in COLOUR_NAME else "?" for p in pieces]
    sep = _(", ")
    order = sep.join(names) if len(names) <= 4 else f"{names[0]}{sep}{names[1]} … {names[-1]}"
    n = len(pieces)
    card = ngettext("{cell}: {n} disc ({counts}), only the top one moves.",
                    "{cell}: {n} discs ({counts}), only the top one moves.", n).format(cell=label, n=n, counts=counts)
    card += "\n" + (_("Bottom to top: {pieces} (yours).") if mine else _("Bottom to top: {pieces}.")).format(
        pieces=order)
    return card + ("\n" + extra if extra else "")


# ====================================================================== input
def _onager(game: Game) -> Onager:
    """The Onager position an Onager input reads its routes from (walks, chains, paths)."""
    assert isinstance(game, Onager), game
    return game


class OnagerInput(BoardInput):
    """Lakes by one click; moves by clicking the piece, then each landing (chains hop by hop)."""

    def __init__(self, view: BoardView | None = None) -> None:
        super().__init__(view)
        self._stacks: dict[str, tuple[str, ...]] = {}
        self._lakes: set[str] = set()
        self._setup = False
        self._tcache: dict[tuple[str, ...], dict[str, str]] = {}
        # the kinds of target a lesson's step allows (``restrict_to``), None: every kind
        self.kinds_allowed: set[str] | None = None

    # ------------------------------------------------------------ options (from the legal moves)
    def clicks_for(self, game: Game, move: Any) -> Option:
        """The clicks that make ``move``: a lake cell; from, to; or from, each landing (+ end click)."""
        text = game.move_str(move)
        if "-" not in text:
            return Option((text,), text, "lake")
        src, dst = text.split("-")
        on = _onager(game)
        if dst in on.walk_targets(src):
            return Option((src, dst), text, "walk")
        path = tuple(self.paths.get(text) or on.path(move))
        stacks = self._stacks or game.stacks()
        clicks = path
        if stacks.get(dst) and on.chain_steps(src, list(path[1:])):
            clicks = path + (dst,)                                     # click the disc again to stop
        return Option(clicks, text, "stack" if stacks.get(dst) else "jump")

    def restrict_to(self, texts: set[str]) -> None:
        """Only these moves (a lesson's 'walk a disc'): walks and jumps are kept or dropped by kind,
        since a chain's landings are clicked one by one (``targets``)."""
        super().restrict_to(texts)
        walks = {o.kind == "walk" for o in self.options if "-" in o.text}
        self.kinds_allowed = {"walk"} if walks == {True} else {"jump", "stack", "end"} if walks == {False} else None
        self._tcache = {}

    def set_game(self, game: Game | None) -> None:
        self.kinds_allowed = None
        self._stacks = game.stacks() if game is not None else {}
        self._lakes = set()
        self._setup = game.in_setup if game is not None else False
        self._tcache = {}
        super().set_game(game)
        if game is not None and not game.is_over and self._setup:
            self._lakes = {o.clicks[0] for o in self.options}
        if isinstance(self.view, OnagerView):
            self.view.note = LAKE_HINT if (self._setup and self.options) else ""

    # ------------------------------------------------------------ where the player may click
    @property
    def mover(self) -> str:
        """'B' or 'W': the colour letter of the side to move."""
        return "W" if self.game is not None and self.game.to_move.word == "white" else "B"

    def targets(self, prefix: tuple[str, ...] | None = None) -> dict[str, str]:
        """Cells the next click may land on -> kind ('walk', 'jump', 'stack'; 'end' for the current cell)."""
        pre = self.prefix if prefix is None else prefix
        if pre in self._tcache:
            return self._tcache[pre]
        out: dict[str, str] = {}
        g = self.game
        if g is not None and pre and not self._setup and not g.is_over:
            start, landed = pre[0], list(pre[1:])
            try:
                if not landed:
                    for lab in _onager(g).walk_targets(start):
                        out[lab] = "walk"
                for lab in _onager(g).chain_steps(start, landed):
                    out[lab] = "stack" if self._stacks.get(lab) else "jump"
            except RulesError:
                out = {}
            if landed:
                out[landed[-1]] = "end"
            allowed = self.kinds_allowed
            if allowed is not None:
                out = {lab: kind for lab, kind in out.items() if kind in allowed}
        if len(self._tcache) > 64:
            self._tcache.clear()
        self._tcache[pre] = out
        return out

    def starts(self) -> set[str]:
        if self._setup:
            return set(self._lakes)
        return super().starts()

    def chain_ends(self) -> dict[str, tuple[str, ...]]:
        """Where the selected disc's chains can end beyond its first jumps, each with the way it
        goes there (its start, then every landing: the fewest jumps, or the route a lesson asks
        for). Empty unless one disc is selected and no jump is made yet."""
        if len(self.prefix) != 1 or self._setup:
            return {}
        start = self.prefix[0]
        near = self.targets()
        out: dict[str, tuple[str, ...]] = {}
        for o in self.options:
            way = o.clicks[:-1] if len(o.clicks) >= 2 and o.clicks[-1] == o.clicks[-2] else o.clicks
            if way[:1] == (start,) and len(way) >= 3 and way[-1] not in near:
                out[way[-1]] = way
        return out

    def next_steps(self, prefix: tuple[str, ...] | None = None) -> dict[str, Option]:
        pre = self.prefix if prefix is None else prefix
        if not pre:
            return super().next_steps(pre)
        out: dict[str, Option] = {}
        for lab, kind in self.targets(pre).items():
            path = pre if kind == "end" else pre + (lab,)
            out[lab] = Option(pre + (lab,), self._path_text(path), kind)
        return out

    @staticmethod
    def _path_text(path: Sequence[str]) -> str:
        return "-".join(path)

    def _continues(self, start: str, landed: list[str]) -> bool:
        """Does a chain that landed on ``landed[-1]`` (an enemy piece) have a further jump?"""
        assert self.game is not None
        try:
            return bool(_onager(self.game).chain_steps(start, landed))
        except RulesError:
            return False

    # ------------------------------------------------------------ clicks
    def _click(self, label: str | None) -> ClickResult:
        g = self.game
        if g is None or g.is_over or not self.options:
            return ClickResult(None, _("No move can be made now."))
        if label is None:
            if self.prefix:
                return self.cancel()
            return ClickResult(None, _("Click on a cell of the board."))
        if self._setup:
            if label in self._lakes:
                return ClickResult(label, "", True)
            return ClickResult(None, self.why_not(label), False)
        if not self.prefix:
            if label in self.starts():
                self.prefix = (label,)
                return ClickResult(None, self.after_select_message(), True)
            return ClickResult(None, self.why_not(label), False)
        start, landed = self.prefix[0], list(self.prefix[1:])
        targets = self.targets()
        kind = targets.get(label)
        if kind == "end":
            return self.end_move()
        if kind is not None:
            if kind == "walk":
                self.prefix = ()
                return ClickResult(f"{start}-{label}", "", True)
            path = self.prefix + (label,)
            if kind == "stack" and self._continues(start, landed + [label]):
                self.prefix = path
                return ClickResult(None, self.after_select_message(), True)
            self.prefix = ()
            return ClickResult(self._path_text(path), "", True)
        ends = self.chain_ends()
        if label in ends:                   # a chain's end, clicked (or dropped on) straight away
            self.prefix = ()
            return ClickResult(self._path_text(ends[label]), "", True)
        if len(landed) >= 2 and label == landed[-2]:    # the previous landing: one jump taken back
            return self.step_back()
        if label == start:
            if landed:                      # a step back, as clicking the selected piece is elsewhere
                self.prefix = (start,)
                return ClickResult(None, self.taken_back_message(), True)
            self.prefix = ()
            return ClickResult(None, _("Selection cleared."), True)
        if label in self.starts():          # another own piece: select it instead
            self.prefix = (label,)
            note = _("The chain from {cell} is taken back. ").format(cell=start) if landed else ""
            return ClickResult(None, note + self.after_select_message(), True)
        return ClickResult(None, self.why_not(label), False)

    def taken_back_message(self) -> str:
        start = self.prefix[0] if self.prefix else ""
        return _("Chain taken back: the disc is on {cell} again, still picked up (it may never land on "
                 "its start cell). Click where it should land, or click {cell} again to put it down.").format(cell=start)

    def step_back(self) -> ClickResult:
        """Backspace (or a click on the previous landing): the chain's last jump is taken back."""
        if len(self.prefix) <= 2:
            if len(self.prefix) == 2:
                self.prefix = self.prefix[:1]
                return ClickResult(None, self.taken_back_message(), True)
            return super().step_back()
        self.prefix = self.prefix[:-1]
        here = self.prefix[-1]
        return ClickResult(None, _("Last jump taken back: the disc is on {cell} again. Jump on, or click {cell} "
                                   "again (or press Enter) to end the move there.").format(cell=here), True)

    def can_end(self) -> bool:
        """True while a chain is open (a button 'End move' may call ``end_move``)."""
        return len(self.prefix) >= 2

    def end_move(self) -> ClickResult:
        """End an open chain on the cell the disc stands on now."""
        if not self.can_end():
            return ClickResult(None, _("There is no jump in progress to end."))
        path, self.prefix = self.prefix, ()
        return ClickResult(self._path_text(path), "", True)

    # ------------------------------------------------------------ texts
    def idle_message(self) -> str:
        """Status text when nothing is selected (for a scene that asks for it)."""
        g = self.game
        if g is None or g.is_over:
            return ""
        who = side_name(g.to_move.word)
        if self._setup:
            return _("{hint} ({side}, lake {n} of 3).").format(hint=_(LAKE_HINT), side=who, n=self._lake_number())
        if not self.show_targets:
            return _("{side} to move: click one of your discs (a stack with your colour on top).").format(side=who)
        return _("{side} to move: click a glowing piece.").format(side=who)

    def threat_message(self, threats: Sequence[str]) -> str:
        """The 'Danger:' line for ``game.threats()``: the other side leads on the mover's back row,
        so it wins at the start of its next turn unless this move changes the count. The words
        that matter come first (a narrow status box cuts the end)."""
        g = self.game
        if not threats or g is None:
            return ""
        opp = side_name(g.to_move.other.word)
        counts = g.counts()
        theirs, mine = counts.get(g.to_move.other.word), counts.get(g.to_move.word)
        cells = ", ".join(threats)
        if theirs is not None and mine is not None:
            return _("{side} wins next turn: it leads on your back row {theirs} to {mine} ({cells}).").format(
                side=opp, theirs=theirs, mine=mine, cells=cells)
        return _("{side} wins next turn: it leads on your back row ({cells}).").format(side=opp, cells=cells)

    def _lake_number(self) -> int:
        return 1 + sum(1 for st in self._stacks.values() if st == ("L",))

    def after_select_message(self) -> str:
        """What to click now, and a warning when a target's move loses at once."""
        return self._select_words() + self.danger_note()

    def _select_words(self) -> str:
        if not self.prefix:
            return self.idle_message()
        enemy = side_name("white" if self.mover == "B" else "black")
        if len(self.prefix) >= 2:
            here = self.prefix[-1]
            return _("On {cell} (jump {n}): jump on, or click {cell} again (or press Enter) "
                     "to end the move there.").format(cell=here, n=len(self.prefix) - 1)
        kinds = set(self.targets().values())
        cell = self.prefix[0]
        if not self.show_targets:           # nothing is marked: say what the disc can do
            parts = [text for kind, text in (("walk", _("walk to an empty neighbour")),
                                             ("jump", _("jump over your own piece")),
                                             ("stack", _("jump onto {side}").format(side=enemy))) if kind in kinds]
            # Translators: the ways a disc can move, joined by ", or "
            return _("{cell}: {ways}.").format(cell=cell, ways=_(", or ").join(parts))
        words = {k: self.mark_word(k, "") for k in ("walk", "jump", "stack")}
        if all(words.values()):
            # Translators: {colour} is a mark's colour ("green"); the ways are joined by ", or "
            parts = [text.format(colour=words[kind], side=enemy) for kind, text in (
                ("walk", _("step to any {colour} cell")),
                ("jump", _("jump over your own piece to any {colour} cell")),
                ("stack", _("jump onto {side} at any {colour} cell"))) if kind in kinds]
            return _("{cell} selected: {ways}.").format(cell=cell, ways=_(", or ").join(parts))
        parts = [text for kind, text in (("walk", _("walk")), ("jump", _("jump")),
                                         ("stack", _("jump onto {side}").format(side=enemy))) if kind in kinds]
        return _("{cell}: click a highlighted cell to {ways}; hover one to see which.").format(
            cell=cell, ways=_(" or ").join(parts))

    def tag_text(self, label: str, kind: str) -> str:
        if kind == "walk":
            return _("Walk")
        if kind == "jump":
            return _("Jump (ends the move)")
        if kind == "end":
            return _("End the move here")
        start, landed = self.prefix[0], list(self.prefix[1:])
        if kind == "stack":
            return _("Jump on top · more jumps") if self._continues(start, landed + [label]) else _("Jump on top")
        return ""

    def tag_for(self, option: Option) -> str:
        return self.tag_text(option.clicks[-1], option.kind)

    def describe(self, label: str) -> str:
        # while input is off (computer's turn, game over) the view still knows what it drew
        stacks = self._stacks if self.game is not None else self.shown_stacks()
        if len(self.prefix) >= 2 and stacks.get(self.prefix[0]):
            # mid-chain the jumper waits on its last landing, lifted off its start: the card says so
            stacks = dict(stacks)
            start, here = self.prefix[0], self.prefix[-1]
            jumper = stacks[start][-1]
            stacks[start] = stacks[start][:-1]
            stacks[here] = stacks.get(here, ()) + (jumper,)
        return describe_stack(label, stacks.get(label, ()), self.viewer())

    def why_not(self, label: str) -> str:
        g = self.game
        if g is None or g.is_over:
            return _("The game is over.")
        L = label
        pieces = self._stacks.get(label, ())
        me = side_name(g.to_move.word)
        if self._setup:
            if label == CENTRE:
                return _("No lake may go on the centre {cell}. {hint}.").format(cell=CENTRE, hint=_(LAKE_HINT))
            if pieces and pieces[0] == "L":
                return _("{cell} already holds a lake. {hint}.").format(cell=L, hint=_(LAKE_HINT))
            return _("{cell} already holds a disc. {hint}.").format(cell=L, hint=_(LAKE_HINT))
        if self.prefix:
            start, landed = self.prefix[0], self.prefix[1:]
            if landed and label in landed[:-1]:
                why = _("{cell}: this disc has already landed there in this move, and a disc may never land "
                        "twice on the same cell in one turn.").format(cell=L)
            elif pieces and pieces[0] == "L":
                why = _("{cell} is a lake: no disc may land there.").format(cell=L)
            elif pieces and pieces[-1] == self.mover:
                why = _("{cell} holds your own piece: land on an empty cell or an enemy piece.").format(cell=L)
            elif landed:
                why = _("No jump from {start} lands on {cell}: a jump goes over one of your pieces (the "
                        "pivot) to the cell as far beyond it.").format(start=landed[-1], cell=L)
            elif any(o.clicks[:2] == (start, label) for o in self.dropped):     # a lesson's step of one kind
                why = (_("{cell} is reached by a jump, but this step asks for a walk: click an empty "
                         "neighbour.") if self.kinds_allowed == {"walk"} else
                       _("{cell} is reached by a walk, but this step asks for a jump.")).format(cell=L)
            else:
                why = _("{cell} is not a target: walk to an empty neighbour, or jump over your own "
                        "piece to the cell as far beyond it.").format(cell=L)
            if landed:
                return _("{why} Click {here} to end the move there, or {start} to take the chain back.").format(
                    why=why, here=landed[-1], start=start)
            return why
        if not pieces:
            if not self.show_targets:
                return _("{cell} is empty. Click one of your discs.").format(cell=L)
            return _("{cell} is empty. Click a glowing piece.").format(cell=L)
        if pieces[0] == "L":
            return _("{cell} is a lake: it never moves.").format(cell=L)
        if pieces[-1] != self.mover:
            owner = side_name(COLOUR_NAME.get(pieces[-1], ""))
            return _("The piece on {cell} is {owner}'s (its top disc). It is {side}'s turn.").format(
                cell=L, owner=owner, side=me)
        if self.moves_elsewhere(L):           # a lesson's step that marks one kind of move
            return _("The piece on {cell} has no move of the kind this step asks for.").format(cell=L)
        return _("Your piece on {cell} cannot move: no empty neighbour and no jump.").format(cell=L)

    # ------------------------------------------------------------ display
    def decorate(self, deco: Decorations) -> None:
        deco.hover = self.hover_label
        if not self.options or self.game is None:
            return
        h = self.hover_label
        if self._setup:
            if h is not None:
                deco.preview_targets = {lab: "lake" for lab in self._lakes}
                if h in self._lakes:
                    deco.targets = {h: "lake"}
                    deco.ghosts = [(h, ("L",))]
                else:
                    deco.targets = {h: "no"}
                    deco.tags = {h: _("No lake on the centre") if h == CENTRE else _("Taken")}
            return
        if not self.prefix:
            deco.selectable = self.glowing()
            if h is not None and h in deco.selectable:
                deco.preview_targets = dict(self.targets((h,)))
            return
        start = self.prefix[0]
        deco.selected = start
        deco.path = self.prefix
        targets = self.targets()
        deco.targets = dict(targets)
        if len(self.prefix) >= 2:
            deco.hidden = {**deco.hidden, start: deco.hidden.get(start, 0) + 1}
        if len(self.prefix) >= 2 and (h not in targets or targets[h] == "end"):
            deco.tags = {self.prefix[-1]: _("Click to end the move here")}
        ends = self.chain_ends()
        deco.reach = ends
        if h in ends:                       # a chain's end: its way, jump by jump, and the disc there
            way = ends[h]
            deco.ghosts = [(h, (self.mover,))]
            deco.arrows = list(zip(way, way[1:]))
            n = len(way) - 1
            tag = ngettext("Chain of {n} jump: {way}", "Chain of {n} jumps: {way}", n).format(n=n, way="-".join(way))
            opt = Option(way, self._path_text(way), "stack")
            why = self.loses_at_once(opt)
            deco.tags = {h: _("{tag} — loses at once: {why}").format(tag=tag, why=why) if why else tag}
            deco.warned = {h} if why else set()
        if h in targets:
            kind = targets[h]
            if kind != "end":
                deco.ghosts = [(h, (self.mover,))]
                deco.arrows = [(self.prefix[-1], h)]
                tag = self.tag_text(h, kind)
                step = self.next_steps().get(h)
                why = self.loses_at_once(step) if step is not None else ""
                if why:
                    tag = _("{tag} — loses at once: {why}").format(tag=tag, why=why)
                if tag:
                    deco.tags = {h: tag}
                    deco.warned = {h} if why else set()
