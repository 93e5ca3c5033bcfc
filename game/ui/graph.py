"""The review's evaluation graph: Black's winning chance after every ply of a game.

``EvalGraph`` is a plain drawing object (not a pygame-gui element): the board scene's review
(``game/scenes/board/review.py``) gives it a rectangle and the values, draws it each frame and
asks it which ply a click hit (``ply_at``). Its picture is cached and drawn again only when the
values, the marks, the shown ply or the ply under the mouse change, so a frame costs one blit.

What it shows: the plot from ply 0 (the start) to the last ply of the line; Black's chance is
up (100% at the top, White winning at the bottom), the area between the curve and the 50% line
dark where Black leads and light where White leads; a dashed 50% line; the marked plies as
dots in the marks' colours (?! yellow, ? orange, ?? red, as in the move list) and sizes, the
same in every theme so that they differ without their colours (?! a small dot, ? a plain one,
?? a large one in a light ring: ``draw_mark``); the shown ply as
a gold upright line; the ply under the mouse as a faint one with its move and value.
"""
from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

import pygame

from ..themes import CLASSIC, Theme
from ..i18n import _, pgettext
from ..views import draw as D
from .movelist import MARK_COLOURS
from .words import chance_text

__all__ = ["EvalGraph", "draw_graph_icon", "draw_mark", "mark_radius", "MARK_COLOURS", "MARK_ORDER"]

# its colours are the theme's (``graph.theme``, set by whoever draws it: graph_bg, graph_black,
# graph_white, graph_mid, graph_curve, graph_current, graph_border, graph_label)


class EvalGraph:
    """Black's chance after each ply (``values[0]`` the start, ``values[i]`` after ply ``i``;
    None where not known yet), over ``total`` plies, with marks {ply: mark} and the shown ply."""

    def __init__(self, rect: pygame.Rect, scale: float = 1.0) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = max(0.5, float(scale))
        self.values: tuple[float | None, ...] = ()
        self.marks: dict[int, str] = {}
        self.labels: dict[int, str] = {}     # ply -> the move as the hover line shows it ('12... e3-d3')
        self.proven: dict[int, str] = {}     # ply -> 'black' / 'white' / 'draw' where the value is exact
        self.total = 0
        self.current = 0
        self.hover: int | None = None
        self._key: Any = None
        self._data_key: Any = None
        self._image: pygame.Surface | None = None
        self.renders = 0                     # pictures drawn (tests)
        self.theme: Theme = CLASSIC          # the colours (read when drawn; the picture keys on its name)

    def _px(self, n: float) -> int:
        return max(1, int(round(n * self.scale)))

    # ------------------------------------------------------------ data
    def set_data(self, values: Sequence[float | None], marks: Mapping[int, str], total: int,
                 labels: Mapping[int, str] | None = None, key: Any = None,
                 proven: Mapping[int, str] | None = None) -> None:
        """New values (see the class); ``proven``: the plies whose value is known for sure;
        ``key`` names this data (unchanged key: nothing to do)."""
        if key is not None and key == self._data_key:
            return
        self.values = tuple(None if v is None else min(1.0, max(0.0, float(v))) for v in values)
        self.marks = {int(k): v for k, v in marks.items() if v in MARK_COLOURS}
        self.labels = dict(labels or {})
        self.proven = dict(proven or {})
        self.total = max(0, int(total))
        self._data_key = key if key is not None else object()

    def set_current(self, ply: int) -> None:
        self.current = max(0, int(ply))

    # ------------------------------------------------------------ geometry
    @property
    def plot(self) -> pygame.Rect:
        """The plotting area inside the frame."""
        return self.rect.inflate(-2 * self._px(6), -2 * self._px(6))

    def x_of(self, ply: float) -> float:
        p = self.plot
        return p.x + p.w * (ply / self.total if self.total else 0.0)

    def y_of(self, value: float) -> float:
        p = self.plot
        return p.y + p.h * (1.0 - value)

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The ply nearest a point inside the graph (None outside it)."""
        if not self.rect.collidepoint(pos) or self.total <= 0:
            return None
        p = self.plot
        f = (pos[0] - p.x) / max(1, p.w)
        return max(0, min(self.total, int(round(f * self.total))))

    # ------------------------------------------------------------ drawing
    def key(self) -> Any:
        """What the picture depends on (a caller may cache what it draws the graph into)."""
        return (self._data_key, self.current, self.hover, self.rect.size, self.theme.name)

    def draw(self, surface: pygame.Surface, offset: tuple[int, int] = (0, 0)) -> None:
        """Blit the graph at its rectangle (moved by ``offset``); drawn again only when changed."""
        key = self.key()
        if self._image is None or key != self._key:
            self._image = self._render()
            self._key = key
        surface.blit(self._image, (self.rect.x + offset[0], self.rect.y + offset[1]))

    def _render(self) -> pygame.Surface:
        self.renders += 1
        w, h = self.rect.size
        img = pygame.Surface((max(2, w), max(2, h)), pygame.SRCALPHA)
        r = self._px(8)
        T = self.theme
        pygame.draw.rect(img, (*T.graph_bg, 235), img.get_rect(), border_radius=r)
        off = pygame.Vector2(self.rect.topleft)
        plot = self.plot.move(-self.rect.x, -self.rect.y)
        mid = plot.y + plot.h / 2

        def pt(ply: int, v: float) -> tuple[float, float]:
            return (self.x_of(ply) - off.x, self.y_of(v) - off.y)

        # the curve in runs of known values; the area to the 50% line dark (Black) / light (White)
        runs: list[list[tuple[int, float]]] = []
        cur: list[tuple[int, float]] = []
        for i, v in enumerate(self.values[: self.total + 1]):
            if v is None:
                if cur:
                    runs.append(cur)
                cur = []
            else:
                cur.append((i, v))
        if cur:
            runs.append(cur)
        for run in runs:
            pts = [pt(i, v) for i, v in run]
            if len(pts) == 1:
                pts = [pts[0], (pts[0][0] + 1, pts[0][1])]
            poly = [(pts[0][0], mid)] + pts + [(pts[-1][0], mid)]
            for clip, colour in ((pygame.Rect(0, 0, w, int(math.ceil(mid))), T.graph_black),
                                 (pygame.Rect(0, int(mid), w, h), T.graph_white)):
                img.set_clip(clip.clip(plot.inflate(2, 2)))
                pygame.draw.polygon(img, (*colour, 235), poly)
            img.set_clip(None)
        # the 50% line, dashed
        dash, x = self._px(6), plot.x
        while x < plot.right:
            pygame.draw.line(img, T.graph_mid, (x, mid), (min(plot.right, x + dash), mid), 1)
            x += 2 * dash
        lw = self._px(2)
        for run in runs:
            pts = [pt(i, v) for i, v in run]
            if len(pts) >= 2:
                pygame.draw.lines(img, T.graph_curve, False, pts, lw)
        # the shown ply and the ply under the mouse
        if self.total > 0:
            if self.hover is not None and self.hover != self.current:
                hx = round(self.x_of(self.hover) - off.x)
                pygame.draw.line(img, (255, 255, 255, 90), (hx, plot.y), (hx, plot.bottom), 1)
            cx = round(self.x_of(min(self.current, self.total)) - off.x)
            pygame.draw.line(img, (*T.graph_current, 230), (cx, plot.y), (cx, plot.bottom), lw)
        # the marks: told apart by size and outline as well as by colour (see ``draw_mark``)
        dot_r = self._px(4)
        for ply, mark in sorted(self.marks.items(), key=lambda m: MARK_ORDER.index(m[1])):
            val = self.values[ply] if 0 <= ply < len(self.values) else None
            if val is not None:
                mx, my = pt(ply, val)
                draw_mark(img, mark, (round(mx), round(my)), self._px)
        val = self.values[self.current] if 0 <= self.current < len(self.values) else None
        if val is not None:
            mx, my = pt(self.current, val)
            pygame.draw.circle(img, T.graph_current, (round(mx), round(my)), dot_r, max(1, self._px(2)))
        # words: which side is up, and the ply under the mouse
        size = self._px(12)
        D.text(img, pgettext("side", "Black"), (plot.x + self._px(4), plot.y + self._px(1)), size, T.graph_label, anchor="topleft",
               shadow=False)
        D.text(img, pgettext("side", "White"), (plot.x + self._px(4), plot.bottom - self._px(1)), size, T.graph_label,
               anchor="bottomleft", shadow=False)
        if self.hover is not None:
            self._hover_label(img, plot, off, size)
        pygame.draw.rect(img, T.graph_border, img.get_rect(), 1, border_radius=r)
        return img

    def hover_text(self) -> str:
        """The label over the ply under the mouse: '12... e3-d3 ?!  Black 36%' ('' for none)."""
        ply = self.hover
        if ply is None:
            return ""
        v = self.values[ply] if 0 <= ply < len(self.values) else None
        move = self.labels.get(ply, "")
        text = _("Start") if ply == 0 else move.strip()     # the labels come numbered ('12... e3-d3')
        if ply in self.marks:
            text += " " + self.marks[ply]
        if v is not None:
            text += "  " + _("Black {chance}").format(chance=chance_text(v, self.proven.get(ply)))
        return text

    def _hover_label(self, img: pygame.Surface, plot: pygame.Rect, off: pygame.Vector2, size: int) -> None:
        ply = self.hover
        assert ply is not None
        text = self.hover_text()
        f = D.font(size, True)
        tw, th = f.size(text)
        pad = self._px(5)
        x = self.x_of(ply) - off.x + self._px(8)
        if x + tw + 2 * pad > plot.right:
            x = self.x_of(ply) - off.x - self._px(8) - tw - 2 * pad
        box = pygame.Rect(round(max(plot.x, x)), plot.y + self._px(2), tw + 2 * pad, th + self._px(2))
        img.blit(D.rounded_panel(box.size, (20, 16, 12, 225), radius=self._px(5),
                                 border=(150, 120, 80, 200), border_width=1), box)
        D.text(img, text, (box.x + pad, box.centery), size, (245, 236, 220), anchor="midleft", bold=True,
               shadow=False)


MARK_ORDER = ("?!", "?", "??")      # the mildest first: a blunder's mark is drawn over the others
MARK_OUTLINE = (20, 16, 12)        # the dark rim round every mark (it stands out from both areas)
MARK_RING = (250, 246, 236)        # a blunder's light ring


def mark_radius(mark: str, px: Any) -> int:
    """The radius of a mark's coloured dot: ?! small, ? plain, ?? large (``px``: scale a size)."""
    return {"?!": px(3), "?": px(4), "??": px(5)}.get(mark, px(4))


def draw_mark(img: pygame.Surface, mark: str, at: tuple[int, int], px: Any) -> None:
    """One mark on the graph, the same in every theme, so that it is told apart without its colour:
    ?? a large dot in a light ring, ? a plain dot, ?! a small dot; each with a dark rim."""
    r = mark_radius(mark, px)
    rim = max(1, px(1))
    if mark == "??":
        ring = max(2, px(2))
        pygame.draw.circle(img, MARK_OUTLINE, at, r + ring + rim)
        pygame.draw.circle(img, MARK_RING, at, r + ring)
    else:
        pygame.draw.circle(img, MARK_OUTLINE, at, r + rim)
    pygame.draw.circle(img, MARK_COLOURS[mark], at, r)


def draw_graph_icon(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A small line chart (the Review button's icon in the one-row toolbar)."""
    s = min(rect.w, rect.h) * 0.36
    cx, cy = rect.center
    lw = max(2, round(s * 0.2))
    pts = [(cx - s, cy + s * 0.35), (cx - s * 0.45, cy - s * 0.1), (cx, cy + s * 0.3),
           (cx + s * 0.45, cy - s * 0.6), (cx + s, cy - s * 0.25)]
    pygame.draw.line(surface, colour, (cx - s, cy + s * 0.85), (cx + s, cy + s * 0.85), max(1, lw // 2))
    pygame.draw.lines(surface, colour, False, pts, lw)
