"""The move list of the board scene's panel: a small pygame-gui element of its own.

It keeps its rows laid out (a new move lays out only its own row; a change earlier in the line
relays from there), draws only the rows in view from cached text surfaces and redraws only when
something changed, so a move costs the same at ply 5 and at ply 300. A click on a move posts
``UI_TEXT_BOX_LINK_CLICKED`` with the ply number as ``link_target``.
"""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement

from ..views import draw as D
from .style import (LIST_BG, LIST_BORDER, LIST_HOVER, LIST_LATER, LIST_NUMBER, LIST_PLAYED, LIST_SHOWN, LIST_THUMB,
                    LIST_THUMB_ACTIVE, LIST_TRACK)

__all__ = ["MoveList", "link_rect", "MARK_COLOURS"]

# the review's marks after a move (game.ai.review): inaccuracy, mistake, blunder
MARK_COLOURS = {"?!": (240, 212, 84), "?": (255, 150, 60), "??": (255, 86, 72)}


def link_rect(textbox: Any, href: str) -> pygame.Rect | None:
    """Screen rectangle of a link in the move list (None if it is scrolled out of view).

    Works for ``MoveList`` (``href`` is the ply number) and for a pygame-gui text box with links.
    """
    own = getattr(textbox, "link_rect", None)
    if callable(own):
        return own(href)
    layout = getattr(textbox, "text_box_layout", None)
    if layout is None:
        return None
    try:
        base_x, base_y = textbox._calculate_hyperlinks_offsets()
    except Exception:
        return None
    box = textbox.get_abs_rect()
    for row in layout.layout_rows:
        for ch in row.items:
            if getattr(ch, "href", None) == href:
                r = pygame.Rect(base_x + ch.x, base_y + ch.y, ch.width, ch.height)
                return r if box.collidepoint(r.center) else None
    return None


def _pieces(text: str) -> list[str]:
    """A move text cut where it may wrap: after each '-' of a chain ('b2-', 'b4-', 'd6')."""
    out, cur = [], ""
    for ch in text:
        cur += ch
        if ch == "-":
            out.append(cur)
            cur = ""
    if cur or not out:
        out.append(cur)
    return out


class MoveList(UIElement):
    """The move list: numbered rows of two moves, each move a link to the position after it.

    A pygame-gui element that draws only the rows in view, from cached text surfaces, so a
    new move costs the same at ply 5 and at ply 300 (a ``UITextBox`` re-parses and re-lays
    out its whole HTML on every change). ``set_moves(records, current, follow)`` updates it;
    a click on a move posts ``UI_TEXT_BOX_LINK_CLICKED`` with ``link_target`` the ply number,
    like a text box link. Mouse wheel and a draggable scroll bar scroll it. Played moves are
    light, the shown one (``current``) bold gold, moves Redo would replay dim; the move under
    the mouse is underlined.
    """

    def __init__(self, rect: pygame.Rect, manager: Any, container: Any = None, scale: float = 1.0) -> None:
        super().__init__(rect, manager, container, starting_height=1, layer_thickness=1,
                         element_id=["move_list"])
        self.scale = max(0.5, float(scale))
        px = self._px
        self.font = D.font(px(15), False)
        self.bold = D.font(px(15), True)
        self.pad_x, self.pad_y = px(8), px(6)
        self.row_h = self.font.get_linesize() + px(5)
        self.bar_w = max(6, px(9))
        self.records: tuple[str, ...] = ()
        self.marks: dict[int, str] = {}   # 0-based ply -> the review's mark ('?!', '?', '??'), see set_marks
        self.current = 0
        self.scroll = 0                   # pixels from the top of the content
        self.hover_ply: int | None = None
        self._pressed_ply: int | None = None
        self._drag: tuple[int, int] | None = None     # (mouse y, scroll) when the thumb was grabbed
        self._lines: list[list[tuple[int, int, str]]] = []   # per line: (ply index, x, text piece)
        self._numbers: list[str] = []                        # per line: "12." or ""
        self._first_line: list[int] = []                     # per ply: its first line
        self._pair_line: list[int] = []                      # per row number: its first line
        self._cols: tuple[int, int, int, int] | None = None
        self._num_w = 0
        self._widths: dict[tuple[str, bool], int] = {}
        self._surfs: dict[tuple[str, tuple[int, int, int], bool], pygame.Surface] = {}
        self._dirty = True
        self.renders = 0                  # how many times the image was drawn (tests, benchmarks)
        self._layout()
        self._redraw()

    # ------------------------------------------------------------ geometry
    def _px(self, n: float) -> int:
        return int(round(n * self.scale))

    @property
    def view_h(self) -> int:
        return max(1, self.rect.h - 2 * self.pad_y)

    @property
    def content_h(self) -> int:
        return len(self._lines) * self.row_h

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view_h)

    def _width(self, text: str, bold: bool = False) -> int:
        key = (text, bold)
        w = self._widths.get(key)
        if w is None:
            w = (self.bold if bold else self.font).size(text)[0]
            self._widths[key] = w
        return w

    def _columns(self) -> tuple[int, int, int, int]:
        """(right edge, number width, first column x, second column x) for the records."""
        recs = self.records
        right = self.rect.w - self.pad_x - self.bar_w - self._px(4)
        num_w = self._width(f"{max(1, (len(recs) + 1) // 2)}.") if recs else 0
        x1 = self.pad_x + num_w + self._px(8)
        col = max((self._width(self._label(i), True) for i in range(0, len(recs), 2)), default=0)
        col = min(col, (right - x1) // 2 - self._px(18))     # a long chain does not push every row
        x2 = x1 + max(col, self._px(44)) + self._px(18)
        return right, num_w, x1, x2

    def _layout(self, keep: int = 0) -> None:
        """Lines of the list for the current width: a number, the first move, the second move
        in an aligned column; a pair that does not fit goes on two lines, a long chain wraps.

        ``keep``: the first ``keep`` records are unchanged since the last layout; their lines
        are kept when the columns did not move (a new move lays out one row, not the list).
        """
        recs = self.records
        cols = self._columns()
        right, self._num_w, x1, x2 = cols
        start_pair = min(keep, len(recs)) // 2
        if cols != self._cols or start_pair > len(self._pair_line):
            start_pair = 0
        self._cols = cols
        if start_pair > 0:
            cut = self._pair_line[start_pair] if start_pair < len(self._pair_line) else len(self._lines)
            lines, numbers = self._lines[:cut], self._numbers[:cut]
            first, pair_line = self._first_line[:2 * start_pair], self._pair_line[:start_pair]
        else:
            lines, numbers, first, pair_line = [], [], [], []
        width = self._width
        gap = self._px(12)

        def place(ply: int, x: int, start: int) -> int:
            """Put a move's pieces from x on the last line, wrapping at 'start'; the x after it."""
            text = self._label(ply)
            first.append(len(lines) - 1)
            if x + width(text, True) <= right or x == start:
                pieces = [text] if x + width(text, True) <= right else _pieces(text)
            else:
                lines.append([])
                numbers.append("")
                first[-1] = len(lines) - 1
                x = start
                pieces = [text] if x + width(text, True) <= right else _pieces(text)
            for piece in pieces:
                w = width(piece, True)
                if x + w > right and x > start:
                    lines.append([])
                    numbers.append("")
                    x = start
                lines[-1].append((ply, x, piece))
                x += w
            return x

        for i in range(2 * start_pair, len(recs), 2):
            pair_line.append(len(lines))
            lines.append([])
            numbers.append(f"{i // 2 + 1}.")
            end = place(i, x1, x1)
            if i + 1 < len(recs):
                place(i + 1, x2 if end + gap <= x2 else end + gap, x1)
        self._lines, self._numbers, self._first_line, self._pair_line = lines, numbers, first, pair_line
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def _label(self, ply: int) -> str:
        """A move as the list shows it: its record text and the review's mark after it."""
        return self.records[ply] + self.marks.get(ply, "")

    def set_marks(self, marks: Any) -> bool:
        """The review's marks after the moves: {0-based ply: '?!' | '?' | '??'} (others
        dropped); True if anything changed. Relays out from the first ply that changed."""
        new = {int(k): str(v) for k, v in dict(marks).items() if v in MARK_COLOURS}
        if new == self.marks:
            return False
        changed = [k for k in set(new) | set(self.marks) if new.get(k) != self.marks.get(k)]
        self.marks = new
        self._layout(max(0, min(changed)))
        self._dirty = True
        return True

    def rows(self) -> list[str]:
        """The lines as text, e.g. '12. e3 k8' (what the list shows, for tests)."""
        out = []
        for num, items in zip(self._numbers, self._lines):
            words: list[str] = [num] if num else []
            last = None
            for ply, _x, piece in items:
                if ply == last:
                    words[-1] += piece
                else:
                    words.append(piece)
                last = ply
            out.append(" ".join(words))
        return out

    def ply_rects(self, ply: int) -> list[pygame.Rect]:
        """Screen rectangles of a move (0-based ply) in the content, before clipping to the view."""
        if not (0 <= ply < len(self.records)):
            return []
        out = []
        top = self.rect.y + self.pad_y - self.scroll
        for li in range(self._first_line[ply], len(self._lines)):
            found = False
            for p, x, piece in self._lines[li]:
                if p == ply:
                    found = True
                    out.append(pygame.Rect(self.rect.x + x, top + li * self.row_h, self._width(piece, True),
                                           self.row_h))
            if not found and out:
                break
        return out

    def link_rect(self, href: str) -> pygame.Rect | None:
        """Screen rectangle of move number ``href`` (1-based ply), None when out of view."""
        try:
            ply = int(href) - 1
        except (TypeError, ValueError):
            return None
        view = pygame.Rect(self.rect.x, self.rect.y + self.pad_y, self.rect.w, self.view_h)
        for r in self.ply_rects(ply):
            if view.collidepoint(r.center):
                return r
        return None

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The move (0-based ply) under a screen point, or None."""
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        if not (self.pad_y <= y < self.rect.h - self.pad_y) or x >= self.rect.w - self.bar_w - self._px(4):
            return None
        li = (y - self.pad_y + self.scroll) // self.row_h
        if not (0 <= li < len(self._lines)):
            return None
        slack = self._px(5)
        for ply, cx, piece in self._lines[li]:
            if cx - slack <= x < cx + self._width(piece, True) + slack:
                return ply
        return None

    def _thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb (element coordinates), None when everything fits."""
        if self.max_scroll <= 0:
            return None
        track = self._track()
        h = max(self._px(24), int(track.h * self.view_h / max(1, self.content_h)))
        h = min(h, track.h)
        y = track.y + int((track.h - h) * self.scroll / self.max_scroll)
        return pygame.Rect(track.x, y, track.w, h)

    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.w - self.bar_w - self._px(3), self._px(4), self.bar_w,
                           self.rect.h - 2 * self._px(4))

    # ------------------------------------------------------------ state
    def set_moves(self, records: Any, current: int, follow: bool = True) -> bool:
        """Show ``records`` (the whole line) with ``current`` moves played; True if anything changed.

        ``follow``: keep the newest move in view (live play); otherwise the current move is
        scrolled into view only when it is out of view (browsing).
        """
        recs = tuple(records)
        current = max(0, min(len(recs), int(current)))
        if recs == self.records and current == self.current:
            return False
        if recs != self.records:
            old, keep = self.records, 0
            for keep in range(min(len(old), len(recs)) + 1):
                if keep == len(old) or keep == len(recs) or old[keep] != recs[keep]:
                    break
            self.records = recs
            self._layout(keep)
        self.current = current
        if follow:
            self.scroll = self.max_scroll
        elif current > 0:
            rects = self.ply_rects(current - 1)
            if rects:
                top = rects[0].y - (self.rect.y + self.pad_y)
                bottom = rects[-1].bottom - (self.rect.y + self.pad_y)
                if top < 0 or bottom > self.view_h:
                    want = self.scroll + (top + bottom) // 2 - self.view_h // 2
                    self.scroll = max(0, min(self.max_scroll, want))
        else:
            self.scroll = 0
        self._dirty = True
        return True

    def scroll_by(self, pixels: int) -> None:
        new = max(0, min(self.max_scroll, self.scroll + int(pixels)))
        if new != self.scroll:
            self.scroll = new
            self._dirty = True

    def colour_of(self, ply: int) -> tuple[int, int, int]:
        """The colour of move ``ply`` (0-based): shown, played or later."""
        if ply + 1 == self.current:
            return LIST_SHOWN
        return LIST_PLAYED if ply < self.current else LIST_LATER

    def set_dimensions(self, dimensions: Any, clamp_to_container: bool = False) -> None:
        at_end = self.scroll >= self.max_scroll
        super().set_dimensions(dimensions, clamp_to_container)
        self._cols = None
        self._layout()
        if at_end:
            self.scroll = self.max_scroll
        self._redraw()

    # ------------------------------------------------------------ drawing
    def _text(self, text: str, colour: tuple[int, int, int], bold: bool) -> pygame.Surface:
        key = (text, colour, bold)
        s = self._surfs.get(key)
        if s is None:
            if len(self._surfs) > 3000:
                self._surfs.clear()
            s = (self.bold if bold else self.font).render(text, True, colour)
            self._surfs[key] = s
        return s

    def _redraw(self) -> None:
        w, h = max(1, self.rect.w), max(1, self.rect.h)
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        img.fill(LIST_BG)
        pygame.draw.rect(img, LIST_BORDER, img.get_rect(), 1)
        clip = pygame.Rect(1, self.pad_y, w - 2, h - 2 * self.pad_y)
        img.set_clip(clip)
        if not self.records:
            img.blit(self._text("No moves yet.", LIST_NUMBER, False), (self.pad_x, self.pad_y))
        first = max(0, self.scroll // self.row_h)
        last = min(len(self._lines), (self.scroll + self.view_h) // self.row_h + 1)
        text_dy = (self.row_h - self.font.get_linesize()) // 2
        for li in range(first, last):
            y = self.pad_y + li * self.row_h - self.scroll + text_dy
            num = self._numbers[li]
            if num:
                s = self._text(num, LIST_NUMBER, False)
                img.blit(s, (self.pad_x + self._num_w - s.get_width(), y))
            for ply, x, piece in self._lines[li]:
                shown = ply + 1 == self.current
                hover = ply == self.hover_ply
                colour = LIST_HOVER if hover and not shown else self.colour_of(ply)
                mark = self.marks.get(ply, "")
                if mark and piece.endswith(mark):       # the mark after the move, in its colour
                    s = self._text(piece[:-len(mark)], colour, shown)
                    img.blit(s, (x, y))
                    m = self._text(mark, MARK_COLOURS[mark], True)
                    img.blit(m, (x + s.get_width(), y))
                    width = s.get_width() + m.get_width()
                else:
                    s = self._text(piece, colour, shown)
                    img.blit(s, (x, y))
                    width = s.get_width()
                if hover:
                    uy = y + self.font.get_ascent() + max(1, self._px(2))
                    pygame.draw.line(img, colour, (x, uy), (x + width - 1, uy), max(1, self._px(1)))
        img.set_clip(None)
        thumb = self._thumb()
        if thumb is not None:
            r = max(2, self.bar_w // 2)
            pygame.draw.rect(img, LIST_TRACK, self._track(), border_radius=r)
            pygame.draw.rect(img, LIST_THUMB_ACTIVE if self._drag is not None else LIST_THUMB, thumb,
                             border_radius=r)
        self._set_image(img.premul_alpha())
        self._dirty = False
        self.renders += 1

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if not self.alive():
            return
        hover = None
        if self.hovered and self._drag is None:
            hover = self.ply_at(self.ui_manager.get_mouse_position())
        if hover != self.hover_ply:
            self.hover_ply = hover
            self._dirty = True
        if self._dirty:
            self._redraw()

    # ------------------------------------------------------------ events
    def process_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.alive():
            return False
        t = event.type
        if t == pygame.MOUSEWHEEL:
            if self.hovered and self.max_scroll > 0:
                self.scroll_by(-int(getattr(event, "y", 0)) * self.row_h * 2)
                return True
            return False
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        pos = self.ui_manager.calculate_scaled_mouse_position(pos)
        local = (pos[0] - self.rect.x, pos[1] - self.rect.y)
        if t == pygame.MOUSEMOTION and self._drag is not None:
            y0, s0 = self._drag
            track, thumb = self._track(), self._thumb()
            if thumb is not None and track.h > thumb.h:
                self.scroll_by(s0 + (pos[1] - y0) * self.max_scroll / (track.h - thumb.h) - self.scroll)
            return True
        if t == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 and self.rect.collidepoint(pos):
            thumb = self._thumb()
            if thumb is not None and thumb.inflate(self._px(6), 0).collidepoint(local):
                self._drag = (pos[1], self.scroll)
                self._dirty = True
            elif thumb is not None and self._track().inflate(self._px(6), 0).collidepoint(local):
                self.scroll_by(self.view_h if local[1] > thumb.centery else -self.view_h)
            else:
                self._pressed_ply = self.ply_at(pos)
            return True
        if t == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            if self._drag is not None:
                self._drag = None
                self._dirty = True
                return True
            pressed, self._pressed_ply = self._pressed_ply, None
            if pressed is not None and self.ply_at(pos) == pressed:
                pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, {
                    "link_target": str(pressed + 1), "ui_element": self,
                    "ui_object_id": self.most_specific_combined_id}))
                return True
            return self.rect.collidepoint(pos)
        return False


GLYPHS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;!?()-–…'×·%"
