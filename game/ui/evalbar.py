"""The analysis board's engine panel: an evaluation bar and the engine's best lines.

``EvalPanel`` is a plain drawing object (not a pygame-gui element), like the review's graph
(``game.ui.graph``): the analysis board (``game/scenes/board/analysis.py``) gives it two
rectangles (``layout``: a narrow upright bar beside the board, a strip under it for the lines),
the engine's answer so far (``show``) and draws it each frame; its picture is cached and drawn
again only when what it shows changes, so a frame costs two blits. ``line_at(pos)`` says which
line a click hit; ``text_rects()`` names the texts it draws (the layout audit).

What it shows:

* the bar: Black's chance (the dark part, from Black's side of the board: the bottom, or the
  top when the board is flipped; White's the light part), a mark at 50%;
* the strip: a heading (Black's chance in words, the side to move, how far the search is),
  then the best moves (at most ``ROWS``), each with its value for the side to move and the line
  the engine expects; or a word when the engine is off, thinking or failed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import pygame

from ..themes import CLASSIC, Theme
from ..views import draw as D

__all__ = ["EvalPanel", "PanelLine", "ROWS", "pct", "STRIP_ROWS"]

ROWS = 3             # lines shown
STRIP_ROWS = ROWS + 1
ROW_H = 21           # px at UI scale 1
TEXT, DIM, GOLD = (239, 228, 208), (178, 164, 142), (255, 214, 130)
BAR_BLACK, BAR_WHITE, BAR_EDGE = (24, 22, 22), (236, 230, 216), (106, 78, 52)
BAR_FRAME = (196, 160, 104)


def pct(value: float) -> str:
    """'64%' ('100%' and '0%' only when exact, else at most 99% / at least 1%)."""
    v = max(0.0, min(1.0, float(value)))
    n = round(100 * v)
    if 0 < v < 1:
        n = max(1, min(99, n))
    return f"{n}%"


@dataclass(frozen=True)
class PanelLine:
    """One of the best moves: its text (record form), its value for the side to move, the line."""

    move: str
    value: float
    line: tuple[str, ...] = ()
    proven: str | None = None


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


class EvalPanel:
    """The bar and the lines (see the module docstring)."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = max(0.5, float(scale))
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.strip = pygame.Rect(0, 0, 0, 0)
        self.state = PanelState()
        self.theme: Theme = CLASSIC
        self.hover: int | None = None
        self._kept: tuple[Any, pygame.Surface, pygame.Surface] | None = None
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

    def text_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """(name, rect, bounds, font size) of each text drawn (``layout_rects``)."""
        out = []
        size = self.px(14)
        n = 1 + (len(self.state.lines) if self.state.on else 0)
        for i, r in enumerate(self._rows()[:n]):
            h = self._font(size, i == 0).get_height()
            out.append((f"engine line {i}", pygame.Rect(r.x, r.centery - h // 2, r.w, h), self.strip, size))
        return out

    # ------------------------------------------------------------ state
    def show(self, state: PanelState) -> None:
        self.state = state

    def _font(self, size: int, bold: bool = False) -> pygame.font.Font:
        f = self._fonts.get((size, bold))
        if f is None:
            f = self._fonts[(size, bold)] = D.font(size, bold)
        return f

    def _cut(self, text: str, width: int, size: int, bold: bool) -> str:
        f = self._font(size, bold)
        if f.size(text)[0] <= width:
            return text
        while text and f.size(text + "…")[0] > width:
            text = text[:-1]
        return text.rstrip() + "…"

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.bar.w <= 0 or self.strip.w <= 0:
            return
        key = (self.state, self.hover, tuple(self.bar), tuple(self.strip), self.scale)
        if self._kept is None or self._kept[0] != key:
            bar = pygame.Surface(self.bar.size, pygame.SRCALPHA)
            self._draw_bar(bar)
            strip = pygame.Surface(self.strip.size, pygame.SRCALPHA)
            self._draw_strip(strip)
            self._kept = (key, bar, strip)
        surface.blit(self._kept[1], self.bar.topleft)
        surface.blit(self._kept[2], self.strip.topleft)

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
        pygame.draw.rect(surf, (44, 34, 28, 235), r, border_radius=self.px(8))
        pygame.draw.rect(surf, BAR_EDGE, r, max(1, self.px(1)), border_radius=self.px(8))
        st = self.state
        rows = [row.move(-self.strip.x, -self.strip.y) for row in self._rows()]
        size = self.px(14)
        head = rows[0]
        if not st.on:
            self._text(surf, st.note or "Engine off: press Engine on (E) for its view.", head, size, DIM, True)
            return
        words = []
        if st.black is not None:
            words.append(f"Black's chance {pct(st.black)}")
        if st.note:
            words.append(st.note)
        self._text(surf, "  ·  ".join(words) or "Thinking…", head, size, GOLD, True)
        if st.lines:
            col = self._font(size, True).size("8. ")[0]
            move_w = max(self._font(size, True).size(ln.move)[0] for ln in st.lines) + self.px(12)
            val_w = self._font(size, True).size("100%")[0] + self.px(12)
            for i, (ln, row) in enumerate(zip(st.lines, rows[1:])):
                if self.hover == i:
                    pygame.draw.rect(surf, (255, 255, 255, 22), row.inflate(self.px(8), 0),
                                     border_radius=self.px(4))
                x = row.x
                self._text(surf, f"{i + 1}.", pygame.Rect(x, row.y, col, row.h), size, DIM, False)
                x += col
                self._text(surf, ln.move, pygame.Rect(x, row.y, move_w, row.h), size, TEXT, True)
                x += move_w
                self._text(surf, pct(ln.value), pygame.Rect(x, row.y, val_w, row.h), size, GOLD, True)
                x += val_w
                rest = " ".join(ln.line[1:]) if len(ln.line) > 1 else ""
                if rest and row.right - x > self.px(30):
                    self._text(surf, rest, pygame.Rect(x, row.y, row.right - x, row.h), size, DIM, False)

    def _text(self, surf: pygame.Surface, text: str, rect: pygame.Rect, size: int,
              colour: tuple[int, int, int], bold: bool) -> None:
        t = self._cut(text, rect.w, size, bold)
        if t and t != "…":
            D.text(surf, t, (rect.x, rect.centery), size, colour, anchor="midleft", bold=bold, shadow=False)
