"""Board views and board input: the shared part of every game's face.

``BoardView`` knows the geometry of one board on screen (label <-> pixel, hit testing) and
draws a position (``stacks``) with ``Decorations`` (highlights, hidden pieces, ghosts).
``BoardInput`` turns clicks on labels into move text, using only the game's legal moves
and ``motions()``: it never re-derives rules. A game's input class only says which labels
a person clicks, in order, to make each legal move (``clicks_for``).
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import pygame

from ..i18n import _, ngettext
from ..names import side_name
from ..rules.base import Game, RulesError
from ..themes import CLASSIC, Theme
from ..ui.endings import loss_words
from . import draw as D
from . import picture_cache
from . import tags
from .decorations import Decorations, RenderState

log = logging.getLogger(__name__)

WARN_BORDER = (255, 110, 80, 230)   # local colour (not a theme value): the border of such a tag
BLOCKED_INK = (255, 96, 72)         # local colour: a crossed-out arrow (a move that does not exist)


# ====================================================================== view
class BoardView:
    """Geometry and drawing of one game's board. Subclasses give points and model coordinates."""

    name = ""
    margin = 0.9           # board units around the outermost points
    disc_radius = 0.36     # in board units (neighbour distance = 1)
    disc_thickness = 0.11
    squash = 0.78          # ellipse ratio of a disc's top face
    max_visible = 9        # taller stacks are compressed
    badge_from = 3         # show a height badge from this height
    max_rise: float | None = None   # board units a stack's top may rise above its point (None: no cap);
                                    # taller stacks are compressed so they never reach another point
    badge_at_base = False  # the height badge on the stack's base (beside its own point), not on its top

    def __init__(self, **options: Any) -> None:
        self.options = options
        self.generation = 0                          # bumped when the board's picture changes (RenderState)
        self.theme: Theme = CLASSIC                  # the colours, read at draw time (the scene sets app.theme)
        self.flip = False                            # turned half round: Black's side at the top (layout)
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.scale = 1.0
        self._show_coords = True
        self._pix: dict[str, tuple[int, int]] = {}
        self._bg_surf: pygame.Surface | None = None
        self._bg_state: RenderState | None = None
        self._heights: dict[str, int] = {}
        self._all: dict[str, tuple[str, ...]] = {}   # the position last drawn (hover texts while input is off)
        self._tops: dict[str, float] = {}            # label -> pixels from its point up to the top face drawn
        self._order: list[str] = []                  # labels of the stacks drawn, in drawing order
        self._badges: dict[str, tuple[float, float, float, float]] = {}   # label -> its height badge (a pill)

    # ------------------------------------------------------------ render state
    @property
    def show_coords(self) -> bool:
        return self._show_coords

    @show_coords.setter
    def show_coords(self, on: bool) -> None:
        if bool(on) != self._show_coords:
            self._show_coords = bool(on)
            self.generation += 1

    @property
    def _bg(self) -> pygame.Surface | None:
        """The cached empty board; setting it to None (a new layout, another theme)
        drops it and bumps the generation, so every cache keyed on ``render_state`` follows."""
        return self._bg_surf

    @_bg.setter
    def _bg(self, surf: pygame.Surface | None) -> None:
        if surf is None:
            self.generation += 1
        self._bg_surf = surf

    def drop_picture(self) -> None:
        """Free the cached empty board (its scene left); ``board_surface`` draws it again if asked."""
        self._bg_surf = None

    def render_state(self) -> RenderState:
        """The value every cache of this board's picture is keyed on (see ``RenderState``)."""
        r = self.rect
        return RenderState((r.x, r.y, r.w, r.h), self.flip, self._show_coords, self.theme.name, self.generation)

    # ------------------------------------------------------------ geometry hooks
    def points(self) -> Sequence[str]:
        """Every point label, in canonical order."""
        raise NotImplementedError

    def model_xy(self, label: str) -> tuple[float, float]:
        """Board coordinates of a point in neighbour distances: x east, y north."""
        raise NotImplementedError

    # ------------------------------------------------------------ layout
    def set_look(self, theme: Theme | None = None, flip: bool | None = None) -> None:
        """Take the app's theme and flip setting (each frame is fine: a change of flip lays the
        board out again; a change of theme shows in ``render_state``, so every cache follows)."""
        if theme is not None:
            self.theme = theme
        if flip is not None and bool(flip) != self.flip:
            self.flip = bool(flip)
            if self.rect.w > 1:
                self.layout(self.rect)

    def flip_words(self, flipped: bool) -> str:
        """Where the board's sides stand, turned half round or not, in this game's words
        (the status line after Ctrl+F, the Flip button's tooltip)."""
        return _("Black's side at the top") if flipped else _("Black's side at the bottom")

    def model_to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Model coordinates as the board is shown: turned half round when flipped."""
        return (-x, -y) if self.flip else (x, y)

    def layout(self, rect: pygame.Rect | Sequence[int]) -> None:
        """Fit the board into ``rect`` (any size), centred, keeping its proportions (turned half
        round when ``flip``: every label <-> pixel mapping follows)."""
        rect = pygame.Rect(rect)
        pts = [self.model_to_screen(*self.model_xy(lab)) for lab in self.points()]
        minx = min(p[0] for p in pts) - self.margin
        maxx = max(p[0] for p in pts) + self.margin
        miny = min(p[1] for p in pts) - self.margin
        maxy = max(p[1] for p in pts) + self.margin
        bw, bh = maxx - minx, maxy - miny
        self.scale = max(4.0, min(rect.w / bw, rect.h / bh))
        cx = rect.x + rect.w / 2 - (minx + maxx) / 2 * self.scale
        cy = rect.y + rect.h / 2 + (miny + maxy) / 2 * self.scale
        self._origin = (cx, cy)
        self.rect = rect
        self._pix = {}
        for lab in self.points():
            x, y = self.model_to_screen(*self.model_xy(lab))
            self._pix[lab] = (round(cx + x * self.scale), round(cy - y * self.scale))
        self._bg = None

    def to_pixel(self, x: float, y: float) -> tuple[float, float]:
        """Model coordinates (y north) to screen pixels (turned half round when flipped)."""
        ox, oy = self._origin
        if self.flip:
            x, y = -x, -y
        return ox + x * self.scale, oy - y * self.scale

    def in_order(self, labels: Iterable[str]) -> list[str]:
        """``labels`` in the board's own order (``points()``; labels off the board last, by name).
        What is drawn from a set (rings that overlap) goes in this order, so a picture never
        depends on the order Python happens to iterate a set in (PYTHONHASHSEED)."""
        rank = {lab: i for i, lab in enumerate(self._pix)} if self._pix else {}
        return sorted(labels, key=lambda q: (rank.get(q, len(rank)), q))

    def pixel_of(self, label: str) -> tuple[int, int]:
        """Screen pixel of a point's centre (its board position, the base of a stack)."""
        return self._pix[label]

    @property
    def radius_px(self) -> int:
        return max(3, int(self.disc_radius * self.scale))

    @property
    def level_px(self) -> float:
        """Pixels one piece adds to a stack's height on screen."""
        return max(1.0, self.disc_thickness * self.scale)

    def level_for(self, n: int) -> float:
        """Screen height of each of n pieces (compressed for very tall stacks)."""
        lv = self.level_px if n <= self.max_visible else self.level_px * self.max_visible / n
        if self.max_rise is not None and n > 1:
            lv = min(lv, self.max_rise * self.scale / (n - 1))
        return lv

    @staticmethod
    def badge_size(r: int) -> int:
        """The font size of a height badge on pieces of radius ``r``: 11 at least, so the
        number still reads on the smallest board (Onager's at 1024x640: 9 was a speck)."""
        return max(11, int(r * 0.55))

    def badge_center(self, x: float, y: float, total: int, r: float, lv: float, lift: float = 0.0) -> tuple[float, float]:
        """Where the height badge of a stack of ``total`` on pixel (x, y) goes: beside its top, or on
        its base (``badge_at_base``: right of the bottom piece, nearer its own point than any other)."""
        if self.badge_at_base:
            return x + r * 0.95, y - lift * lv + r * 0.12
        return x + r * 0.95, y - (total - 1 + lift) * lv - r * 0.55

    @property
    def hit_radius(self) -> float:
        """How far from a point (pixels) a click off any drawn stack still finds it."""
        return self.scale * 0.5

    def silhouette(self, label: str) -> tuple[float, float, float, float, float] | None:
        """Where the stack on ``label`` was last drawn: ``(x, y_top, y_bottom, rx, ry)``, the union
        of the ellipses of radii (rx, ry) centred on (x, y) for y_top <= y <= y_bottom (the top
        face of the top piece down to the rim of the bottom one). None: nothing drawn there."""
        up = self._tops.get(label)
        if up is None or label not in self._pix:
            return None
        px, py = self._pix[label]
        r = self.radius_px
        ry = max(2, int(r * self.squash))
        face = int(self.level_px) * 0.5
        rim = max(2, int(self.level_px))
        return px, py - up, py - face + rim, r, ry

    def stack_at(self, pos: tuple[float, float]) -> str | None:
        """The stack drawn under a pixel; where stacks overlap, the one drawn last (on top)."""
        x, y = pos
        for lab in reversed(self._order):
            badge = self._badges.get(lab)
            if badge is not None:
                bx, by, half, rad = badge          # a pill: within rad of a horizontal segment
                if math.hypot(max(0.0, abs(x - bx) - half), y - by) <= rad:
                    return lab
            sil = self.silhouette(lab)
            if sil is None:
                continue
            sx, y0, y1, rx, ry = sil
            dx = (x - sx) / rx
            if abs(dx) > 1:
                continue
            dy = (y - min(max(y, y0), y1)) / ry
            if dx * dx + dy * dy <= 1.0:
                return lab
        return None

    def label_at(self, pos: tuple[int, int]) -> str | None:
        """The point under a pixel: the stack drawn there (its whole drawn height, the top-most
        one where stacks overlap), else the nearest point within ``hit_radius``."""
        if not self._pix:
            return None
        lab = self.stack_at(pos)
        if lab is not None:
            return lab
        x, y = pos
        best, best_d = None, float("inf")
        for lab, (px, py) in self._pix.items():
            d = math.hypot(x - px, y - py)
            if d < best_d:
                best, best_d = lab, d
        return best if best_d <= self.hit_radius else None

    def _note_drawn(self, shown: dict[str, tuple[str, ...]]) -> None:
        """Remember what was drawn where (for ``label_at``), in drawing order."""
        self._heights = {lab: len(p) for lab, p in shown.items()}
        self._order = sorted((q for q in shown if q in self._pix), key=lambda q: self._pix[q][1])
        face = int(self.level_px) * 0.5
        self._tops = {lab: (len(shown[lab]) - 1) * self.level_for(len(shown[lab])) + face for lab in self._order}
        self._badges = {}
        r = max(3, self.radius_px)
        size = self.badge_size(r)
        for lab in self._order:
            n = len(shown[lab])
            if n >= self.badge_from:       # as draw_stack places it (D.badge: a pill of about 1.2 x 1.25 sizes)
                px, py = self._pix[lab]
                w = max(len(str(n)) * size * 0.62 + size / 2, size * 1.2)
                rad = size * 1.25 / 2
                bx, by = self.badge_center(px, py, n, r, self.level_for(n))
                self._badges[lab] = (bx - 1, by - 1, max(0.0, w / 2 - rad), rad)

    def note_raised(self, label: str, up: float) -> None:
        """A piece drawn over everything on ``label`` whose top face is ``up`` pixels above the point
        (a disc waiting in an Onager chain): it is clicked as that point."""
        if label not in self._pix:
            return
        self._tops[label] = max(self._tops.get(label, 0.0), up)
        if label in self._order:
            self._order.remove(label)
        self._order.append(label)

    # ------------------------------------------------------------ drawing
    def board_surface(self) -> pygame.Surface:
        """The static board (cached per render state)."""
        state = self.render_state()
        if self._bg_surf is None or self._bg_state != state:
            self._bg_surf = None        # the old picture goes first (at 4K each is 16 MiB)
            key = picture_cache.picture_key(self) if picture_cache.enabled() else None
            surf = picture_cache.load(key, self.rect.size) if key else None
            if surf is None:
                surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
                self.render_board(surf, (-self.rect.x, -self.rect.y))
                if key:
                    picture_cache.store(key, surf, f"board {type(self).__qualname__}")
            self._bg_surf = surf.convert_alpha() if pygame.display.get_surface() is not None else surf
            self._bg_state = state
        return self._bg_surf

    def picture_facts(self) -> tuple[Any, ...]:
        """What the empty board's picture depends on beyond the options, the layout, the flip, the
        coordinates and the theme (the disk cache keys on it: ``picture_cache``); none here."""
        return ()

    def render_board(self, surf: pygame.Surface, offset: tuple[int, int]) -> None:
        """Draw the static board onto ``surf``; add ``offset`` to pixel_of() positions."""
        for lab in self.points():
            px, py = self.pixel_of(lab)
            D.blit_center(surf, D.dot(max(2, int(self.scale * 0.06)), (60, 40, 20, 255)),
                          (px + offset[0], py + offset[1]))

    def draw(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]],
             deco: Decorations | None = None, board: bool = True) -> None:
        """Draw the board (unless ``board`` is False: already there), the stacks and the decorations."""
        deco = deco or Decorations()
        if board:
            surface.blit(self.board_surface(), self.rect.topleft)
        shown: dict[str, tuple[str, ...]] = {}
        for lab, pieces in stacks.items():
            hide = deco.hidden.get(lab, 0)
            keep = pieces[: max(0, len(pieces) - hide)] if hide else pieces
            if keep:
                shown[lab] = tuple(keep)
        self._all = stacks
        self.draw_under(surface, shown, deco)
        self._note_drawn(shown)
        for lab in self._order:
            alpha = self.stack_alpha(lab, shown, deco)
            k = self.piece_scale(lab)
            if alpha >= 255 and k == 1.0:
                self.draw_stack(surface, self._pix[lab], shown[lab])
            else:
                self.draw_stack(surface, self._pix[lab], shown[lab], alpha=alpha, scale=k)
        self.draw_over(surface, shown, deco)

    def piece_scale(self, label: str) -> float:
        """How big the pieces on ``label`` are drawn, against the view's ``disc_radius`` (1; Onyx
        draws a midpoint's stone smaller). The board, its animations and previews all ask here."""
        return 1.0

    def stack_alpha(self, label: str, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> int:
        """How opaque the stack on ``label`` is drawn (255; a view may see through a stack)."""
        return 255

    def pulse(self, t: float, speed: float = 2.2) -> float:
        """0..1 breathing value for highlights."""
        return 0.5 + 0.5 * math.sin(t * speed * math.pi)

    def _ring(self, surface: pygame.Surface, label: str, radius: float, width: int, color: Sequence[int],
              alpha: float = 255, glow: bool = False) -> None:
        """A ring around a point; alpha is quantised so the cached sprites can be reused."""
        a = max(0, min(255, int(alpha) // 15 * 15))
        if a:
            D.blit_center(surface, D.ring(int(radius), max(1, width), (*color[:3], a), glow), self._pix[label])

    def draw_under(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        """Highlights drawn below the pieces (rings on the board)."""
        r = self.radius_px
        p = self.pulse(deco.time)
        P = self.theme
        for lab in deco.result:
            if lab in self._pix:
                self._ring(surface, lab, r * 1.3, max(2, r // 6), P["result"], 255, True)
        for lab in deco.marks:
            if lab in self._pix and lab not in deco.result:
                self._ring(surface, lab, r * 1.3, max(2, r // 6), P["result"], 255, True)
        for lab in deco.last_move:
            if lab in self._pix:
                D.blit_center(surface, D.ring(int(r * 1.16), max(2, r // 10), (*P["last"][:3], 225), edge=True), self._pix[lab])
        for lab in deco.threats:
            if lab in self._pix:
                self._ring(surface, lab, r * 1.32, max(2, r // 6), P["threat"], 140 + 115 * p, True)
        for lab in self.danger_cells(deco):
            self._ring(surface, lab, r * 1.32, max(2, r // 6), P["threat"], 140 + 115 * p, True)
        for lab in self.in_order(deco.selectable):
            if lab in self._pix and lab != deco.selected:
                self._ring(surface, lab, r * 1.2, max(2, r // 8), P["select"], 110 + 110 * p, True)
        if deco.selected and deco.selected in self._pix:
            self._ring(surface, deco.selected, r * 1.24, max(3, r // 5), P["select"], 255, True)
        for lab, kind in deco.preview_targets.items():   # a dot, or a faint ring round a stack (over its dot)
            c = P.get(kind, P["move"])
            if lab in stacks:
                self._ring(surface, lab, r * 1.22, max(2, r // 8), c, 150)
            elif lab in self._pix:
                D.blit_center(surface, D.dot(max(3, r // 4), (*c[:3], 160)), self._pix[lab])
        for lab, kind in deco.targets.items():
            if lab in self._pix:
                c = P.get(kind, P["move"])
                strong = lab == deco.hover
                self._ring(surface, lab, r * (1.3 if strong else 1.22), max(2, r // 6), c,
                           255 if strong else 170 + 70 * p, strong)
                D.blit_center(surface, D.dot(max(3, r // 3), (*c[:3], 210)), self._pix[lab])

    def draw_blocked(self, surface: pygame.Surface, deco: Decorations) -> None:
        """Arrows of moves that cannot be made (a lesson's 'no jump here'): dashed, crossed out
        where they stop, so they never read like the arrow of a legal move."""
        for a, b in deco.blocked:
            if a not in self._pix or b not in self._pix:
                continue
            (ax, ay), (bx, by) = self._pix[a], self._pix[b]
            d = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / d, (by - ay) / d
            w = max(3, int(self.scale * 0.06))
            dash = max(6.0, self.scale * 0.16)
            t = self.radius_px * 0.9
            while t < d - self.radius_px * 0.9:
                e = min(t + dash, d - self.radius_px * 0.9)
                pygame.draw.line(surface, (40, 20, 12), (ax + ux * t + 1, ay + uy * t + 1), (ax + ux * e + 1, ay + uy * e + 1), w + 2)
                pygame.draw.line(surface, BLOCKED_INK, (ax + ux * t, ay + uy * t), (ax + ux * e, ay + uy * e), w)
                t = e + dash * 0.7
            cx, cy = bx - ux * self.radius_px * 0.9, by - uy * self.radius_px * 0.9
            k = max(6.0, self.scale * 0.16)
            for sx in (-1, 1):
                pygame.draw.line(surface, (40, 20, 12), (cx - k + 1, cy - sx * k + 1), (cx + k + 1, cy + sx * k + 1), w + 3)
                pygame.draw.line(surface, BLOCKED_INK, (cx - k, cy - sx * k), (cx + k, cy + sx * k), w + 1)

    def draw_over(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        """Decorations drawn over the pieces: arrows, ghosts, hover ring."""
        self.draw_blocked(surface, deco)
        for a, b in deco.arrows:
            if a in self._pix and b in self._pix:
                D.arrow(surface, self._pix[a], self._pix[b], self.theme.select, width=max(3, self.scale * 0.08),
                        head=max(8, self.scale * 0.24), alpha=150, shorten=self.radius_px * 0.9)
        for lab, kind in deco.targets.items():
            n = len(stacks.get(lab, ()))
            if n and lab in self._pix:
                px, py = self._pix[lab]
                c = self.theme.get(kind, self.theme.move)
                top = py - (n - 1) * self.level_for(n) - self.level_px * 0.5
                D.blit_center(surface, D.dot(max(3, self.radius_px // 3), (*c[:3], 230)), (px, top))
        for lab, pieces in deco.ghosts:
            if lab in self._pix:
                below = len(stacks.get(lab, ()))
                self.draw_stack(surface, self._pix[lab], pieces, alpha=150, base_level=below, badge=False)
        if deco.hover and deco.hover in self._pix and deco.hover not in deco.targets:
            D.blit_center(surface, D.ring(int(self.radius_px * 1.15), max(2, self.radius_px // 10), (255, 255, 255, 150)),
                          self._pix[deco.hover])
        self.draw_danger_ways(surface, stacks, deco)
        self.draw_tags(surface, stacks, deco)       # last: no arrow crosses a tag's words

    # ------------------------------------------------------------ tags over the board
    TAG_SCALE = 0.2         # a tag's text size, in board spacings

    def tag_background(self) -> tuple[int, ...]:
        """The fill of a tag's pill (a view whose board needs more contrast says so)."""
        return tuple(self.theme.tag_bg)

    def draw_tags(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        """Every tag of ``deco`` ('Hint', '1 · 35%', a warning…): a pill beside its point where
        ``tag_rect`` finds it room, clear of the tags placed before it; bordered in red when
        its move loses at once."""
        placed: list[pygame.Rect] = []
        for lab, tag in deco.tags.items():
            if lab not in self._pix:
                continue
            size = max(11, int(self.scale * self.TAG_SCALE))
            w = D.font(size, True).size(tag)[0] + size
            h = int(size * 1.6)
            warns = lab in deco.warned
            box = D.rounded_panel((w, h), self.tag_background(), radius=h // 2,
                                  border=WARN_BORDER if warns else (255, 255, 255, 100),
                                  border_width=2 if warns else 1)
            at = self.tag_rect(lab, (w, h), stacks, deco, placed)
            placed.append(at)
            surface.blit(box, at)
            D.text(surface, tag, at.center, size, self.theme.text, bold=True, shadow=False)

    def coord_rects(self) -> list[pygame.Rect]:
        """Where the board's coordinate labels stand (screen pixels; none when hidden): a tag
        keeps off them. Each view with labels on its frame says where."""
        return []

    def point_label_rect(self, label: str) -> pygame.Rect | None:
        """Where a point's own name is written beside it (views that name their points), else None."""
        return None

    def cell_rect(self, label: str, stacks: dict[str, tuple[str, ...]], extra: int = 0) -> pygame.Rect:
        """The pixels a point's piece or stack (with ``extra`` pieces more) takes, about."""
        return tags.cell_rect(self, label, stacks, extra)

    def tag_rect(self, label: str, size: tuple[int, int], stacks: dict[str, tuple[str, ...]],
                 deco: Decorations, placed: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """Where a tag (``size`` pixels) for ``label`` goes, clear of the tags ``placed`` before
        it (``game.views.tags.tag_rect``)."""
        return tags.tag_rect(self, label, size, stacks, deco, placed)

    # ------------------------------------------------------------ the game's end one move away
    def danger_cells(self, deco: Decorations) -> list[str]:
        """The points at stake in ``deco.dangers`` that no threat ring marks already."""
        out: list[str] = []
        for d in deco.dangers:
            out.extend(lab for lab in d.cells if lab in self._pix and lab not in deco.threats and lab not in out)
        return out

    def danger_badge(self, surface: pygame.Surface, xy: tuple[float, float], radius: float) -> None:
        """A small round '!' badge in the theme's danger colour, centred on ``xy``."""
        br = max(5, int(radius))
        x, y = xy
        D.blit_center(surface, D.dot(br + 1, (60, 10, 6, 200)), (x + 1, y + 1))
        D.blit_center(surface, D.dot(br, (*self.theme.threat[:3], 255)), (x, y))
        D.text(surface, "!", (x, y), max(8, int(br * 1.6)), (255, 255, 255), bold=True, shadow=False)

    def draw_danger_ways(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        """Each threatening move of ``deco.dangers`` as an arrow in the danger colour, from where it
        starts to where it lands, and a '!' badge on what is at stake (over the pieces)."""
        r = self.radius_px
        col = self.theme.threat
        drawn: set[tuple[str, str]] = set()
        for d in deco.dangers:
            for path in d.paths:
                # to the first point at stake on the way (a split takes the Kernel where it drops a piece)
                end = next((lab for lab in path[1:] if lab in d.cells), path[-1])
                a = path[0]
                if a == end or (a, end) in drawn or a not in self._pix or end not in self._pix:
                    continue
                drawn.add((a, end))
                D.arrow(surface, self._pix[a], self._pix[end], col, width=max(3, self.scale * 0.07),
                        head=max(8, self.scale * 0.22), alpha=190, shorten=r * 0.9)
            for lab in d.cells:
                if lab in self._pix:
                    x, y = self._pix[lab]
                    n = len(stacks.get(lab, ()))
                    top = y - max(0, n - 1) * self.level_for(max(1, n))
                    self.danger_badge(surface, (x - r * 0.85, top - r * 0.75), r * 0.36)

    # ------------------------------------------------------------ pieces
    def piece_sprite(self, code: str, radius: int) -> pygame.Surface:
        """The sprite of one piece (a shaded disc by default)."""
        top, hi, side = self.theme.piece(code)
        mark = "kernel" if code.endswith("k") else ""
        return D.disc(radius, max(2, int(self.level_px)), top, hi, side, mark, self.squash)

    def draw_stack(self, surface: pygame.Surface, xy: tuple[float, float], pieces: Sequence[str],
                   scale: float = 1.0, alpha: int = 255, lift: float = 0.0, base_level: int = 0,
                   badge: bool = True, shadow: bool = True, spacing: float | None = None) -> None:
        """Draw pieces (bottom to top) standing on pixel ``xy``.

        ``lift`` raises the whole stack by that many levels (animations); ``base_level``
        puts it on top of that many pieces already there (previews). ``spacing``: pixels a level
        (default ``level_for`` the drawn height; an animation gives the spacing of the stack the
        pieces leave or land on, so they meet its pressed-together levels).
        """
        if not pieces:
            return
        n = len(pieces)
        r = max(3, int(self.radius_px * scale))
        total = n + base_level
        lv = (spacing if spacing is not None else self.level_for(total)) * scale
        ax, ay = D.disc_anchor(r, self.squash)
        x, y = xy
        if shadow and alpha > 40 and base_level == 0:
            sh = D.soft_shadow(int(r * 1.08), int(r * self.squash * 0.95), 80 if lift < 0.5 else 50)
            D.blit_center(surface, sh, (x + r * 0.10 + lift * lv * 0.3, y + r * 0.16))
        for i, code in enumerate(pieces):
            spr = self.piece_sprite(code, r)
            level = base_level + i + lift
            top_y = y - level * lv - int(self.level_px * scale) * 0.5
            pos = (round(x - ax), round(top_y - ay))
            if alpha < 255:
                spr = spr.copy()
                spr.set_alpha(alpha)
            surface.blit(spr, pos)
        if badge and total >= self.badge_from:
            D.badge(surface, self.badge_center(x, y, total, r, lv, lift), str(total), self.badge_size(r))

    # ------------------------------------------------------------ animation hooks (moves.py)
    def jump_height(self, a: str, b: str) -> float | None:
        """Pixels a piece jumping from ``a`` to ``b`` rises at the top of its arc, or None: the
        animation's own arc (higher for longer jumps)."""
        return None

    def draw_effect(self, surface: pygame.Surface, kind: str, u: float) -> None:
        """A motion without pieces shown as an event (``kind`` 'swap'), ``u`` from 0 to 1 over its
        time. Nothing by default."""

    def draw_pivot(self, surface: pygame.Surface, label: str, strength: float = 1.0, fill: bool = False) -> None:
        """The pivot of a jump lit while a piece flies over it (``strength`` 0..1). Nothing by default."""

    def draw_ground_shadow(self, surface: pygame.Surface, xy: tuple[float, float], height_px: float) -> None:
        """The shadow of a piece flying ``height_px`` above the board point ``xy`` (a jump): on the
        board right under it, smaller and fainter the higher it is."""
        r = self.radius_px
        k = max(0.45, 1.0 - height_px / max(1.0, self.scale * 2.2))
        sh = D.soft_shadow(max(2, int(r * 1.05 * k)), max(2, int(r * self.squash * 0.9 * k)), int(30 + 60 * k))
        D.blit_center(surface, sh, (xy[0] + r * 0.1, xy[1] + r * 0.14))

    def stack_top_y(self, label: str, n: int) -> float:
        """Screen y of the top face of a stack of n pieces on ``label``."""
        return self.pixel_of(label)[1] - (n - 1) * self.level_for(n)

    # ------------------------------------------------------------ thumbnails
    def thumbnail(self, size: tuple[int, int], stacks: dict[str, tuple[str, ...]]) -> pygame.Surface:
        """A small picture of a position (menu cards)."""
        surf = pygame.Surface(size, pygame.SRCALPHA)
        saved = (self.rect, self.show_coords)
        drawn = (self._all, self._heights, self._tops, self._order, self._badges)
        self.show_coords = False
        self.layout(pygame.Rect(0, 0, *size))
        self.draw(surf, stacks, Decorations())
        self.show_coords = saved[1]
        self.layout(saved[0])
        self._all, self._heights, self._tops, self._order, self._badges = drawn   # hit tests: the board
        return surf


# ====================================================================== input
@dataclass(frozen=True)
class Option:
    """One legal move as a person makes it: the labels clicked, in order."""

    clicks: tuple[str, ...]
    text: str          # canonical move text
    kind: str = "move"  # how its last target is drawn ('move', 'split', 'place', 'jump', ...)


@dataclass
class ClickResult:
    move: str | None = None    # a complete move (canonical text) to play
    message: str = ""          # status line text (why a click was refused, or what to do next)
    changed: bool = False      # the selection changed
    clicks: tuple[str, ...] = ()   # the points clicked to make ``move``


def ghosts_of(game: Game, move: Any) -> list[tuple[str, tuple[str, ...]]]:
    """Where each piece of ``move`` would land in ``game``, from the rules core's motions, as
    (point, pieces) in the order the move puts them down: the "ghost" preview of a move (a
    selected target, a hint, the engine's and the review's better move); empty for a move the
    rules cannot animate."""
    per_dst: dict[str, list[str]] = {}
    try:
        for mo in sorted(game.motions(move), key=lambda m: m.step):
            if mo.dst is not None and mo.kind != "remove":
                per_dst.setdefault(mo.dst, []).extend(mo.pieces)
    except (RulesError, ValueError, KeyError, TypeError):
        return []                   # a move the rules cannot animate: no ghosts
    return [(k, tuple(v)) for k, v in per_dst.items()]


class BoardInput:
    """Generic click logic over ``Option``s built from the legal moves.

    Subclasses implement ``clicks_for(game, move)`` (and may give a move kind, friendlier
    refusal messages with ``why_not`` and hover descriptions with ``describe``).
    """

    def __init__(self, view: BoardView | None = None) -> None:
        self.view = view
        self.game: Game | None = None
        self.options: list[Option] = []
        self.prefix: tuple[str, ...] = ()
        self.hover_label: str | None = None
        self._moves_by_text: dict[str, Any] = {}
        self._ghost_cache: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        self._loss_cache: dict[tuple[int, str], str] = {}      # loses_at_once, per position (set_game)
        # whether the board shows the highlights (settings: show_targets); the board scene keeps it
        # up to date, and the texts are worded for it ("click a marked point" only when marked)
        self.show_targets = True
        # routes asked for (games with chains: a tutorial step "play the chain b2-d4-d6"): move
        # text -> path; that move's option is then clicked along this path (``clicks_for``)
        self.paths: dict[str, tuple[str, ...]] = {}

    # ------------------------------------------------------------ per game
    def clicks_for(self, game: Game, move: Any) -> Option:
        """How a person makes ``move``: default, click its source and destination labels if any."""
        raise NotImplementedError

    def why_not(self, label: str) -> str:
        """Why clicking ``label`` did nothing (override for game-specific reasons)."""
        if self.prefix:
            return _("{point} is not a target for {start}. Click a marked point, or click elsewhere to cancel.").format(
                point=label, start=self.prefix[0])
        return _("Nothing can be played from {point}.").format(point=label)

    def describe(self, label: str) -> str:
        """Hover text for a point (override): words a player reads, never piece codes."""
        return ""

    def shown_stacks(self) -> dict[str, tuple[str, ...]]:
        """The position hover texts speak of: the game's while input is on, else what the view drew
        last (the computer's turn, a finished game, history browsing)."""
        if self.game is not None:
            return self.game.stacks()
        return dict(self.view._all) if self.view is not None else {}

    def viewer(self) -> str | None:
        """The colour word ('Black'/'White') whose pieces hover texts call "yours": the side to move
        while a person may click (input on), else None (neutral texts: "Black's Kernel")."""
        g = self.game
        if g is None or g.is_over:
            return None
        return g.to_move.title

    def idle_message(self) -> str:
        """Status text while nothing is selected (override for game-specific wording)."""
        g = self.game
        if g is None or g.is_over:
            return ""
        who = side_name(g.to_move.word)
        board = [o for o in self.options if o.clicks]   # moves made on the board (not e.g. a swap button)
        if board and all(len(o.clicks) == 1 and o.kind == "place" for o in board):
            return _("{side} to move: click a point to place a stone.").format(side=who)
        if not self.show_targets:
            return _("{side} to move: click one of your pieces.").format(side=who)
        return _("{side} to move: click a glowing piece.").format(side=who)

    def mark_word(self, kind: str, plain: str | None = None) -> str:
        """How a text names a target mark: its colour in the current theme ('green') where the
        theme names it, else ``plain`` (the colour-blind theme names no colours)."""
        theme = self.view.theme if self.view is not None else CLASSIC
        name = theme.colour_name(kind)
        return _(name) if name else (_("a highlighted point") if plain is None else plain)

    def threat_message(self, threats: Sequence[str]) -> str:
        """Warning text for ``game.threats()`` (empty: no warning). Override per game."""
        if not threats:
            return ""
        g = self.game
        cells = ", ".join(threats)
        if g is not None and g.name == "amoeba":
            return _("Your Kernel on {points} can be captured next move!").format(points=cells)
        return _("{points} can be captured next move!").format(points=cells)

    # ------------------------------------------------------------ state
    def set_game(self, game: Game | None) -> None:
        """Use this position (call after every move, undo, redo or when play is disabled)."""
        self.game = game
        self.prefix = ()
        self.options = []
        self.dropped: list[Option] = []         # the moves a step does not offer (``restrict_to``)
        self._moves_by_text = {}
        self._ghost_cache = {}
        self._loss_cache = {}
        if game is None or game.is_over:
            return
        for m in sorted(game.legal_moves(), key=game.move_sort_key):
            try:
                opt = self.clicks_for(game, m)
            except (RulesError, KeyError, IndexError, ValueError):
                continue
            self.options.append(opt)
            self._moves_by_text[opt.text] = m

    def reset(self) -> None:
        self.prefix = ()

    def restrict_to(self, texts: set[str]) -> None:
        """Offer only these moves (canonical texts) until the next ``set_game``: a lesson step that
        asks for one kind of move (a walk, a split) marks no target of another kind."""
        self.dropped = [o for o in self.options if o.text not in texts]
        self.options = [o for o in self.options if o.text in texts]
        self._moves_by_text = {t: m for t, m in self._moves_by_text.items() if t in texts}

    def moves_elsewhere(self, label: str) -> bool:
        """Has ``label`` moves the current step does not offer (``restrict_to``)?"""
        return any(o.clicks[:1] == (label,) for o in self.dropped) and label not in self.starts()

    def starts(self) -> set[str]:
        return {o.clicks[0] for o in self.options if o.clicks}

    def glowing(self) -> set[str]:
        """Pieces lit as ones to pick: all with a move, also those a step offers none of (a 'find it' task's answer not alone)."""
        return self.starts() | {o.clicks[0] for o in self.dropped if o.clicks}

    def next_steps(self, prefix: tuple[str, ...] | None = None) -> dict[str, Option]:
        """Labels that may be clicked after ``prefix`` -> an option they lead to."""
        pre = self.prefix if prefix is None else prefix
        n = len(pre)
        out: dict[str, Option] = {}
        for o in self.options:
            if len(o.clicks) > n and o.clicks[:n] == pre:
                lab = o.clicks[n]
                if lab not in out or len(o.clicks) == n + 1:
                    out[lab] = o
        return out

    # ------------------------------------------------------------ events
    def hover(self, label: str | None) -> None:
        self.hover_label = label

    def cancel(self) -> ClickResult:
        had = bool(self.prefix)
        self.prefix = ()
        return ClickResult(None, _("Selection cleared.") if had else "", had)

    def step_back(self) -> ClickResult:
        """Take back the last click of the selection (Backspace): one landing of a chain, or the
        selected piece itself. ``changed`` is False when nothing was selected."""
        if not self.prefix:
            return ClickResult(None, "", False)
        self.prefix = self.prefix[:-1]
        if not self.prefix:
            return ClickResult(None, _("Selection cleared."), True)
        return ClickResult(None, self.after_select_message(), True)

    def extra_actions(self) -> list[tuple[str, str]]:
        """Moves that are not board points, as (button label, action key): the pie rule's swap (none here)."""
        return []

    def action_move(self, key: str) -> str | None:
        """The move text of an extra action's key (None: not available now)."""
        return None

    def can_end(self) -> bool:
        """An open chain may end where it stands (Enter, an 'End move' button); games with chains
        override it with ``end_move``."""
        return False

    def end_move(self) -> ClickResult:
        return ClickResult(None, _("There is no move in progress to end."))

    def click(self, label: str | None) -> ClickResult:
        """A left click on a point (None: off the board). Never raises."""
        try:
            return self._click(label)
        except Exception as exc:  # a view bug must not end the game
            log.exception("a click on %s could not be used", label)
            self.prefix = ()
            return ClickResult(None, _("That click could not be used ({error}).").format(error=exc), True)

    def _click(self, label: str | None) -> ClickResult:
        if self.game is None or self.game.is_over or not self.options:
            return ClickResult(None, _("No move can be made now."))
        if label is None:
            return self.cancel() if self.prefix else ClickResult(None, _("Click on a point of the board."))
        steps = self.next_steps()
        if label in steps:
            new = self.prefix + (label,)
            done = [o for o in self.options if o.clicks == new]
            longer = [o for o in self.options if len(o.clicks) > len(new) and o.clicks[:len(new)] == new]
            if done and not longer:
                self.prefix = ()
                return ClickResult(done[0].text, "", True, done[0].clicks)
            self.prefix = new
            return ClickResult(None, self.after_select_message(), True)
        if self.prefix and label == self.prefix[-1]:
            self.prefix = self.prefix[:-1]
            return ClickResult(None, _("Selection cleared.") if not self.prefix else "", True)
        if self.prefix:
            fresh = self.next_steps(())
            if label in fresh:
                self.prefix = ()
                return self._click(label)
        return ClickResult(None, self.why_not(label), False)

    def after_select_message(self) -> str:
        n = len(self.next_steps())
        return ngettext("{point} selected: {n} possible target.", "{point} selected: {n} possible targets.",
                        n).format(point=self.prefix[-1], n=n)

    # ------------------------------------------------------------ display
    def arrow_end(self, option: Option) -> str:
        """Where the preview arrow of an option points (default: its last click)."""
        return option.clicks[-1]

    def tag_for(self, option: Option) -> str:
        """Short text shown over a hovered target (override)."""
        return ""

    # ------------------------------------------------------------ moves that lose at once
    def loses_at_once(self, option: Option) -> str:
        """Why the move ``option`` leads to (the end of a chain counts as its move) loses on the spot,
        or '' when it does not: the move is played on a copy of the game and the rules core's result
        read (a split dropping an enemy piece on your own Kernel, an Onager disc leaving a stack that
        uncovers an enemy piece on your back row, ...)."""
        g = self.game
        if g is None or g.is_over:
            return ""
        cache = self._loss_cache
        key = (g.ply, option.text)
        if key in cache:
            return cache[key]
        why = ""
        move = self._moves_by_text.get(option.text)
        try:
            if move is None:
                move = g.parse_move(option.text)
            after = g.copy()
            mover = g.to_move
            after.play(move)
            res = after.result
            if res is not None and res.winner is not None and res.winner != mover:
                why = loss_words(res.reason, mover)
        except (RulesError, ValueError, KeyError, AttributeError):
            why = ""
        if len(cache) > 512:
            cache.clear()
        cache[key] = why
        return why

    def tag_hovered(self, deco: Decorations, label: str, option: Option) -> None:
        """The hovered point's tag for the move ``option`` (``warned_tag``), drawn as a warning
        when the move loses at once."""
        tag = self.warned_tag(option)
        if tag:
            deco.tags = {label: tag}
            if self.loses_at_once(option):
                deco.warned = {label}

    def warned_tag(self, option: Option) -> str:
        """The hovered target's tag, with the warning when its move loses at once:
        'Split 2 to a4 — loses at once: your Kernel is captured'."""
        tag = self.tag_for(option)
        why = self.loses_at_once(option)
        if why:
            return (_("{tag} — loses at once: {why}").format(tag=tag, why=why) if tag
                    else _("Loses at once: {why}").format(why=why))
        return tag

    def danger_note(self) -> str:
        """' Careful: a4 loses at once (your Kernel is captured).' for the targets of the selection
        whose move loses on the spot ('' when none does)."""
        if not self.prefix:
            return ""
        bad: dict[str, list[str]] = {}
        for lab, opt in self.next_steps().items():
            why = self.loses_at_once(opt)
            if why:
                bad.setdefault(why, []).append(lab)
        if not bad:
            return ""
        def listed(labs: list[str]) -> str:
            return labs[0] if len(labs) == 1 else _("{points} and {last}").format(
                points=", ".join(labs[:-1]), last=labs[-1])
        parts = [ngettext("{points} loses at once ({why})", "{points} lose at once ({why})", len(labs)).format(
                 points=listed(labs), why=why) for why, labs in bad.items()]
        # Translators: appended to the line that says what to click; the warnings joined by "; "
        return _(" Careful: {warnings}.").format(warnings=_("; ").join(parts))

    def option_at(self, label: str) -> Option | None:
        return self.next_steps().get(label)

    def option_of(self, move: Any) -> Option | None:
        """The option that makes ``move`` in the position set (None: not a move there)."""
        return next((o for o in self.options if self._moves_by_text.get(o.text) == move), None)

    @staticmethod
    def route(option: Option) -> tuple[str, ...]:
        """The points an option's clicks go through, each once in turn ('b2', 'd4', 'd6')."""
        c = option.clicks
        return tuple(p for i, p in enumerate(c) if i == 0 or p != c[i - 1])

    def show_move(self, deco: Decorations, option: Option, tag: str,
                  ghosts: list[tuple[str, tuple[str, ...]]] | None = None) -> None:
        """``option`` on ``deco`` as a move suggested to the player (a hint, the review's better
        move): arrows from the piece to the points to click, a split's or a placing's pieces as
        ghosts (``ghosts`` or the input's), ring and ``tag`` on the last click; nothing else selectable.
        While a piece off its way is picked it is not shown (its own piece picked: it stays)."""
        if not option.clicks or tuple(option.clicks[:len(self.prefix)]) != tuple(self.prefix):
            return
        deco.selectable = set()
        way = self.route(option)
        click = option.clicks[-1]
        if len(way) > 2:                # a chain of jumps: an arrow for each, not one across them
            deco.arrows = list(zip(way, way[1:]))
        elif len(way) == 2:             # to where to click: a split's first drop, not its end
            deco.arrows = [(way[0], click)]
        if len(way) > 1:
            deco.selected = way[0]
        if len(way) == 1 or (len(way) == 2 and click != self.arrow_end(option)):    # a placing, a split
            deco.ghosts = ghosts if ghosts is not None else self.ghosts_for(option)   # (none: not animated)
        deco.targets = {click: option.kind}
        deco.tags = {click: tag}

    def ghosts_for(self, option: Option) -> list[tuple[str, tuple[str, ...]]]:
        """Where each piece of a move would land, from the rules core's motions."""
        if option.text in self._ghost_cache:
            return self._ghost_cache[option.text]
        out: list[tuple[str, tuple[str, ...]]] = []
        if self.game is not None and option.text in self._moves_by_text:
            out = ghosts_of(self.game, self._moves_by_text[option.text])
        self._ghost_cache[option.text] = out
        return out

    def decorate_hover(self, deco: Decorations, clicks: Sequence[str]) -> None:
        """What ``decorate`` shows with ``clicks[:-1]`` selected and the pointer on ``clicks[-1]``
        (a typed move's preview: the hover's own drawing); the selection and hover stay as they were."""
        kept = (self.prefix, self.hover_label)
        self.prefix, self.hover_label = tuple(clicks[:-1]), clicks[-1]
        try:
            self.decorate(deco)
        finally:
            self.prefix, self.hover_label = kept

    def decorate(self, deco: Decorations) -> None:
        """Add the selection state to ``deco``."""
        deco.hover = self.hover_label
        if not self.options:
            return
        deco.selectable = self.glowing() if not self.prefix else set()
        if self.prefix:
            deco.selected = self.prefix[0]
            deco.path = self.prefix
            steps = self.next_steps()
            deco.targets = {lab: o.kind for lab, o in steps.items()}
            h = self.hover_label
            if h in steps:
                opt = steps[h]
                if len(opt.clicks) == len(self.prefix) + 1:
                    deco.ghosts = self.ghosts_for(opt)
                    deco.arrows = [(self.prefix[-1], self.arrow_end(opt))]
                    self.tag_hovered(deco, h, opt)
        elif self.hover_label is not None and self.hover_label in deco.selectable:
            steps = self.next_steps((self.hover_label,))
            deco.preview_targets = {lab: o.kind for lab, o in steps.items()}
