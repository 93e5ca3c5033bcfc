"""The analysis board's engine panel: an evaluation bar and the engine's best lines.

``EvalPanel`` is a plain drawing object (not a pygame-gui element), like the review's graph
(``game.ui.graph``): the analysis board (``game/scenes/board/analysis.py``) gives it two
rectangles (``layout``: a narrow upright bar beside the board, a strip under it for the lines;
``hide``: none, while the review's strip stands in their place), the engine's answer so far
(``show``) and draws it each frame; its picture is cached and drawn again only when what it
shows changes (``renders`` counts the times), so a frame costs two blits. ``line_at(pos)``
says which line a click hit, ``hover_at(pos)`` what the mouse is over (the heading or a line:
its tooltip); ``text_rects()`` names the texts it draws (the layout audit).

One viewpoint: every percentage it shows is Black's chance to win (White's is the rest),
whoever is to move; the heading says so and its tooltip says it in full.

What it shows:

* the bar: Black's chance (the dark part, from Black's side of the board: the bottom, or the
  top when the board is flipped; White's the light part), a mark at 50%;
* the strip: a heading (Black's chance, the side to move, how far the search is), then the
  best moves (at most ``ROWS``) in the engine's order, best first for the side to move: each
  with Black's chance after it, the line the engine expects and its visits (at the right); a
  line not searched enough to compare with the others (``reliable`` False) is dim; or a word
  when the engine is off, thinking or failed;
* a tooltip over the heading (whose chance the figures are, whose lines) and over a line (its
  move, Black's chance after it, its visits, whether it is proven or still provisional).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from ..i18n import _, ngettext, number
from ..names import side_name
from ..themes import Theme, theme_named
from ..views import draw as D
from .text import ellipsize
from .words import chance_text

__all__ = ["EvalPanel", "PanelLine", "PanelState", "ROWS", "HEAD", "STRIP_ROWS"]

ROWS = 3             # lines shown
STRIP_ROWS = ROWS + 1
ROW_H = 21           # px at UI scale 1
HEAD = -1            # ``hover``: the heading (a line's is its index)
TEXT, DIM, GOLD = (239, 228, 208), (178, 164, 142), (255, 214, 130)
MUTED, MUTED_GOLD = (128, 118, 104), (160, 140, 100)    # a line not searched enough: its texts
TIP_BG, TIP_EDGE = (28, 22, 18, 240), (196, 160, 104)
BAR_BLACK, BAR_WHITE = (24, 22, 22), (236, 230, 216)    # (the strip's fill and edge: the theme's)
BAR_FRAME = (196, 160, 104)


def visits_text(n: int) -> str:
    """A line's visits as the strip and its tooltip say them ('4,210 visits')."""
    return ngettext("{n} visit", "{n} visits", n).format(n=number(n))


@dataclass(frozen=True)
class PanelLine:
    """One of the best moves: its text (record form), Black's chance after it (whoever moves),
    the line, how many visits the search gave it, and whether that is enough to compare it with
    the others (``reliable``; False: drawn muted)."""

    move: str
    value: float
    line: tuple[str, ...] = ()
    proven: str | None = None
    visits: int = 0
    reliable: bool = True


@dataclass(frozen=True)
class PanelState:
    """All the panel shows (its picture is kept while this stays the same)."""

    on: bool = False
    black: float | None = None          # Black's chance (None: not known yet)
    mover: str = ""                      # "Black" / "White" ("" for a finished position)
    lines: tuple[PanelLine, ...] = ()
    note: str = ""                       # 'thinking… 1,250 iterations', 'Black wins', the error
    flip: bool = False
    theme: str = "classic"
    extra: tuple[Any, ...] = field(default_factory=tuple)
    proven: str | None = None            # the headline's result when known for sure


class EvalPanel:
    """The bar and the lines (see the module docstring)."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = max(0.5, float(scale))
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.strip = pygame.Rect(0, 0, 0, 0)
        self.state = PanelState()
        self.hover: int | None = None          # a line's index, HEAD, or None
        self.renders = 0                       # how many times its picture was made (tests)
        self._kept: tuple[Any, pygame.Surface, pygame.Surface] | None = None
        self._tip: tuple[Any, pygame.Surface | None, tuple[int, int]] | None = None
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}

    def px(self, n: float) -> int:
        return int(round(n * self.scale))

    # ------------------------------------------------------------ geometry
    @staticmethod
    def bar_width(px: Any) -> int:
        return px(18)

    @staticmethod
    def strip_height(px: Any) -> int:
        return px(14) + STRIP_ROWS * px(ROW_H)

    def layout(self, bar: pygame.Rect, strip: pygame.Rect) -> None:
        self.bar, self.strip = pygame.Rect(bar), pygame.Rect(strip)
        self._kept = None

    def hide(self) -> None:
        """No place on the screen (the review's strip stands in it): nothing drawn, hit or named."""
        self.layout(pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.hover = None

    @property
    def placed(self) -> bool:
        """Has it a place on the screen (``layout``, not ``hide``)?"""
        return self.bar.w > 0 and self.strip.w > 0

    def _rows(self) -> list[pygame.Rect]:
        """The heading's rectangle, then one per line."""
        S = self.strip
        pad = self.px(10)
        rh = self.px(ROW_H)
        y = S.y + self.px(7)
        return [pygame.Rect(S.x + pad, y + i * rh, S.w - 2 * pad, rh) for i in range(STRIP_ROWS)]

    def line_at(self, pos: Sequence[int]) -> int | None:
        """The index of the line under ``pos`` (0 = best), or None."""
        if not self.state.on or not self.strip.collidepoint(pos):
            return None
        for i, r in enumerate(self._rows()[1:1 + len(self.state.lines)]):
            if r.collidepoint(pos):
                return i
        return None

    def hover_at(self, pos: Sequence[int]) -> int | None:
        """What ``pos`` is over: a line's index, ``HEAD`` (the heading), or None."""
        if not self.state.on or not self.strip.collidepoint(pos):
            return None
        i = self.line_at(pos)
        if i is not None:
            return i
        return HEAD if self._rows()[0].collidepoint(pos) else None

    def text_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """(name, rect, bounds, font size) of each text drawn (``layout_rects``)."""
        out: list[tuple[str, pygame.Rect, pygame.Rect | None, int]] = []
        if not self.placed:
            return out
        size = self.px(14)
        n = 1 + (len(self.state.lines) if self.state.on else 0)
        for i, r in enumerate(self._rows()[:n]):
            h = self._font(size, i == 0).get_height()
            out.append((f"engine line {i}", pygame.Rect(r.x, r.centery - h // 2, r.w, h), self.strip, size))
        return out

    # ------------------------------------------------------------ state
    def show(self, state: PanelState) -> None:
        self.state = state

    def colours(self) -> Theme:
        """The theme it is drawn in: the one its state names (the app's, given with every
        state), so the picture's cache keys on it too."""
        return theme_named(self.state.theme)

    def _font(self, size: int, bold: bool = False) -> pygame.font.Font:
        f = self._fonts.get((size, bold))
        if f is None:
            f = self._fonts[(size, bold)] = D.font(size, bold)
        return f

    def _cut(self, text: str, width: int, size: int, bold: bool, what: str = "engine panel") -> str:
        return ellipsize(text, self._font(size, bold), width, what)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if not self.placed:
            return
        key = (self.state, self.hover, tuple(self.bar), tuple(self.strip), self.scale)
        if self._kept is None or self._kept[0] != key:
            bar = pygame.Surface(self.bar.size, pygame.SRCALPHA)
            self._draw_bar(bar)
            strip = pygame.Surface(self.strip.size, pygame.SRCALPHA)
            self._draw_strip(strip)
            self._kept = (key, bar, strip)
            self.renders += 1
        surface.blit(self._kept[1], self.bar.topleft)
        surface.blit(self._kept[2], self.strip.topleft)
        self._draw_tip(surface, key)

    # ------------------------------------------------------------ the tooltip
    def tip_text(self) -> str:
        """The tooltip of what the mouse is over ('' for none)."""
        st = self.state
        if not st.on or self.hover is None:
            return ""
        if self.hover == HEAD:
            who = _(" The lines are the best first for {side}, the side to move.").format(
                side=side_name(st.mover)) if st.mover else ""
            return _("Every percentage here is Black's chance to win: the bar, the lines and the tags "
                     "on the board (White's chance is the rest).") + who
        if not 0 <= self.hover < len(st.lines):
            return ""
        ln = st.lines[self.hover]
        words = [_("{move}: Black's chance {chance} after it").format(move=ln.move, chance=chance_text(ln.value, ln.proven)),
                 visits_text(ln.visits)]
        if ln.proven in ("black", "white"):
            words.append(_("{side} wins (proven)").format(side=side_name(ln.proven)))
        elif ln.proven == "draw":
            words.append(_("a draw (proven)"))
        if not ln.reliable:
            words.append(_("not searched enough yet to compare with the others"))
        return _("{facts}. Click or press Ctrl+{n} to play it.").format(facts=" · ".join(words),
                                                                         n=self.hover + 1)

    def _draw_tip(self, surface: pygame.Surface, key: Any) -> None:
        """The tooltip, just above the strip (over the board's lower edge), at the mouse's row."""
        if self.hover is None:
            return
        if self._tip is None or self._tip[0] != key:
            self._tip = (key,) + self._make_tip(surface.get_rect())
        img, at = self._tip[1], self._tip[2]
        if img is not None:
            surface.blit(img, at)

    def _make_tip(self, screen: pygame.Rect) -> tuple[pygame.Surface | None, tuple[int, int]]:
        text, hover = self.tip_text(), self.hover
        if not text or hover is None:          # (a tip's text is for a row under the mouse)
            return None, (0, 0)
        size = self.px(13)
        f = self._font(size)
        pad = self.px(8)
        width = min(self.strip.w, self.px(460))
        lines: list[str] = []
        for word in text.split():
            if lines and f.size(lines[-1] + " " + word)[0] <= width - 2 * pad:
                lines[-1] += " " + word
            else:
                lines.append(word)
        lh = f.get_linesize()
        w = min(width, max(f.size(t)[0] for t in lines) + 2 * pad)
        h = lh * len(lines) + 2 * pad
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(img, TIP_BG, img.get_rect(), border_radius=self.px(6))
        pygame.draw.rect(img, TIP_EDGE, img.get_rect(), max(1, self.px(1)), border_radius=self.px(6))
        for i, t in enumerate(lines):
            D.text(img, self._cut(t, w - 2 * pad, size, False, "engine panel: tooltip"), (pad, pad + i * lh), size, TEXT,
                   anchor="topleft", shadow=False)
        rows = self._rows()
        row = rows[0] if hover == HEAD else rows[1 + hover]
        rect = pygame.Rect(0, 0, w, h)
        rect.bottomleft = (row.x, self.strip.y - self.px(4))
        rect.clamp_ip(screen)
        return img, rect.topleft

    def _draw_bar(self, surf: pygame.Surface) -> None:
        r = surf.get_rect()
        rad = max(2, r.w // 3)
        st = self.state
        pygame.draw.rect(surf, BAR_WHITE if st.on else (90, 80, 70), r, border_radius=rad)
        if st.on and st.black is not None:
            h = round(r.h * max(0.0, min(1.0, st.black)))
            if h > 0:
                part = pygame.Rect(r.x, r.y if st.flip else r.bottom - h, r.w, h)
                clip = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(clip, BAR_BLACK + (255,), r, border_radius=rad)
                keep = pygame.Surface(r.size, pygame.SRCALPHA)
                keep.blit(clip, part.topleft, part.move(-r.x, -r.y))
                surf.blit(keep, (0, 0))
        mid = r.centery
        pygame.draw.line(surf, (200, 60, 50) if st.on else (130, 120, 110), (r.x, mid), (r.right - 1, mid),
                         max(1, self.px(2)))
        pygame.draw.rect(surf, BAR_FRAME, r, max(2, self.px(2)), border_radius=rad)

    def _draw_strip(self, surf: pygame.Surface) -> None:
        r = surf.get_rect()
        T = self.colours()
        pygame.draw.rect(surf, T.strip_fill, r, border_radius=self.px(8))
        pygame.draw.rect(surf, T.panel_border, r, max(1, self.px(1)), border_radius=self.px(8))
        st = self.state
        rows = [row.move(-self.strip.x, -self.strip.y) for row in self._rows()]
        size = self.px(14)
        head = rows[0]
        if not st.on:
            self._text(surf, st.note or _("Engine off: press Engine on (Ctrl+E) for its view."), head, size, DIM, True)
            return
        words = []
        if st.black is not None:
            words.append(_("Black's chance {chance}").format(chance=chance_text(st.black, st.proven)))
        if st.note:
            words.append(st.note)
        if self.hover == HEAD:
            pygame.draw.rect(surf, (255, 255, 255, 22), head.inflate(self.px(8), 0), border_radius=self.px(4))
        self._text(surf, "  ·  ".join(words) or _("Thinking…"), head, size, GOLD, True)
        if st.lines:
            bold = self._font(size, True)
            small = self.px(12)
            col = bold.size("8. ")[0]
            move_w = max(bold.size(ln.move)[0] for ln in st.lines) + self.px(12)
            val_w = bold.size("100%")[0] + self.px(12)
            visits = [visits_text(ln.visits) if ln.visits else "" for ln in st.lines]
            vis_w = max(self._font(small).size(t)[0] for t in visits)
            for i, (ln, row) in enumerate(zip(st.lines, rows[1:])):
                if self.hover == i:
                    pygame.draw.rect(surf, (255, 255, 255, 22), row.inflate(self.px(8), 0),
                                     border_radius=self.px(4))
                text, gold, dim = (TEXT, GOLD, DIM) if ln.reliable else (MUTED, MUTED_GOLD, MUTED)
                x = row.x
                self._text(surf, f"{i + 1}.", pygame.Rect(x, row.y, col, row.h), size, dim, False)
                x += col
                self._text(surf, ln.move, pygame.Rect(x, row.y, move_w, row.h), size, text, True)
                x += move_w
                self._text(surf, chance_text(ln.value, ln.proven), pygame.Rect(x, row.y, val_w, row.h), size, gold, True)
                x += val_w
                right = row.right
                if visits[i] and right - x >= vis_w + self.px(12):
                    vr = pygame.Rect(right - vis_w, row.y, vis_w, row.h)
                    t = self._font(small).size(visits[i])[0]
                    self._text(surf, visits[i], pygame.Rect(vr.right - t, row.y, t, row.h), small, dim, False)
                    right = vr.x - self.px(12)
                rest = " ".join(ln.line[1:]) if len(ln.line) > 1 else ""
                if rest and right - x > self.px(30):
                    self._text(surf, rest, pygame.Rect(x, row.y, right - x, row.h), size, dim, False,
                               "engine panel: the rest of a line")

    def _text(self, surf: pygame.Surface, text: str, rect: pygame.Rect, size: int,
              colour: tuple[int, int, int], bold: bool, what: str = "engine panel") -> None:
        t = self._cut(text, rect.w, size, bold, what)
        if t and t != "…":
            D.text(surf, t, (rect.x, rect.centery), size, colour, anchor="midleft", bold=bold, shadow=False)
