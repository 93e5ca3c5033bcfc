"""The move list of the board scene's panel: a small pygame-gui element of its own.

It shows the game tree as :class:`~game.ui.moveflow.Line` s (``moveflow.flatten``): the main
line in numbered rows (a label column, Black's plies in the first column, White's in the
second), variations under the move they are alternatives to, indented by their depth, smaller
and muted. Every move is a link: a click posts ``UI_TEXT_BOX_LINK_CLICKED`` with the move's key
as ``link_target`` (the ply number for the main line, ``"v<uid>"`` for a variation move).

It keeps its lines laid out (a new move lays out only the lines that changed: the laid-out
lines of the unchanged prefix are kept), draws only the rows in view from cached text surfaces
and redraws only when something changed, so a move costs the same at ply 5 and at ply 300.
Scrolling stops at row tops: a row is either wholly in view at the top or scrolled past.
"""
from __future__ import annotations

import logging
from bisect import bisect_left, bisect_right
from typing import Any, Sequence

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.core.text import HyperlinkTextChunk
from pygame_gui.elements import UITextBox

from ..i18n import _
from ..views import draw as D
from .words import phase_name
from .moveflow import Line, Token
from ..themes import CLASSIC, Theme

log = logging.getLogger(__name__)

__all__ = ["MoveList", "link_rect", "MARK_COLOURS", "LIST_VARIATION", "lines_for_records"]

# the review's marks after a move (game.ai.review): inaccuracy, mistake, blunder
MARK_COLOURS = {"?!": (240, 212, 84), "?": (255, 150, 60), "??": (255, 86, 72)}
LIST_VARIATION = (172, 180, 168)     # moves of a variation: muted, a little cooler than the line's
LIST_GUIDE = (62, 50, 40)            # the thin rule left of a variation
ELLIPSIS = "…"                       # Black's side of a list's first row when White moves first

# kinds of laid-out pieces
MAIN, VAR, TEXT = 0, 1, 2            # a main-line move, a variation move, a number/bracket/ellipsis


def link_rect(textbox: "MoveList | UITextBox", href: str) -> pygame.Rect | None:
    """Screen rectangle of a link in the move list (None if it is scrolled out of view).

    Works for ``MoveList`` (``href`` is a move's key: the ply number "12" or "v<uid>") and for
    a pygame-gui text box with links.
    """
    if isinstance(textbox, MoveList):
        return textbox.link_rect(href)
    layout = textbox.text_box_layout
    if layout is None:
        return None
    try:
        base_x, base_y = textbox._calculate_hyperlinks_offsets()
    except Exception:           # a private pygame-gui method (may change between versions): no link found
        log.warning("the move list's links cannot be located", exc_info=True)
        return None
    box = textbox.get_abs_rect()
    for row in layout.layout_rows:
        for ch in row.items:
            if isinstance(ch, HyperlinkTextChunk) and ch.href == href:
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


def lines_for_records(records: Sequence[str], current: int) -> list[Line]:
    """A plain main line as ``Line`` s: rows of two numbered by ply÷2 (``MoveList.set_moves``)."""
    out = []
    for i in range(0, len(records), 2):
        black = (Token(records[i], str(i + 1), "played" if i < current else "later"),)
        white = (Token(records[i + 1], str(i + 2), "played" if i + 1 < current else "later"),) \
            if i + 1 < len(records) else ()
        out.append(Line(label=str(i // 2 + 1), black=black, white=white))
    return out


class _Row:
    """One row of the list as drawn: a label ('12.', 'Lakes' or ''), its pieces
    ``(key, x, text, kind)``, small (a variation's row), its depth and height."""

    __slots__ = ("label", "items", "small", "depth", "h")

    def __init__(self, label: str, small: bool, depth: int, h: int) -> None:
        self.label = label
        self.items: list[tuple[str | None, int, str, int]] = []
        self.small = small
        self.depth = depth
        self.h = h

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Row) and (self.label, self.items, self.small, self.depth, self.h) == \
            (other.label, other.items, other.small, other.depth, other.h)

    def __repr__(self) -> str:
        return f"_Row({self.label!r}, {self.items!r}, small={self.small}, depth={self.depth})"


class MoveList(UIElement):
    """The move list: the main line in numbered rows, variations indented, every move a link.

    ``set_lines(lines, current, follow)`` shows ``moveflow.Line`` s (``current`` = the key of
    the move shown, None at the start); ``set_moves(records, current, follow)`` a plain line.
    A click on a move posts ``UI_TEXT_BOX_LINK_CLICKED`` with ``link_target`` the move's key,
    like a text box link. Mouse wheel and a draggable scroll bar scroll it. Played moves are
    light, the shown one bold gold, moves Redo would replay dim, variation moves muted; the move
    under the mouse is underlined.
    """

    def __init__(self, rect: pygame.Rect, manager: Any, container: Any = None, scale: float = 1.0) -> None:
        super().__init__(rect, manager, container, starting_height=1, layer_thickness=1,
                         element_id=["move_list"])
        self.scale = max(0.5, float(scale))
        px = self._px
        self.font = D.font(px(15), False)
        self.bold = D.font(px(15), True)
        self.small = D.font(px(13), False)
        self.small_bold = D.font(px(13), True)
        self.pad_x, self.pad_y = px(8), px(6)
        self.row_h = self.font.get_linesize() + px(5)
        self.small_h = self.small.get_linesize() + px(3)
        self.indent = px(14)
        self.bar_w = max(6, px(9))
        self.lines: tuple[Line, ...] = ()
        self.marks: dict[int, str] = {}   # 0-based ply -> the review's mark ('?!', '?', '??'), see set_marks
        self.var_marks: dict[str, str] = {}   # a variation move's key ('v12') -> its mark
        self.current_key: str | None = None
        self.scroll = 0                   # pixels from the top of the content (always a row's top)
        self.hover_key: str | None = None
        self._pressed_key: str | None = None
        self._drag: tuple[int, int] | None = None     # (mouse y, scroll) when the thumb was grabbed
        self._rows: list[_Row] = []
        self._tops: list[int] = [0]                   # per row its top in the content; then the content's height
        self._line_row: list[int] = []                # per line: its first row
        self._shapes: list[tuple] = []                # per line: what its layout depends on
        self._key_row: dict[str, int] = {}            # per move key: its first row
        self._key_line: dict[str, int] = {}           # per move key: its line
        self._tone: dict[str, str] = {}               # per move key: 'played', 'later', 'variation'
        self._records: tuple[str, ...] | None = ()
        self._cols: tuple[int, int, int, int] | None = None
        self._colw: list[tuple[int, int, int]] = []   # per line: what it asks of the columns
        self._widths: dict[tuple[str, int], int] = {}
        self._surfs: dict[tuple[str, tuple[int, int, int], int], pygame.Surface] = {}
        self._dirty = True
        self.renders = 0                  # how many times the image was drawn (tests, benchmarks)
        self.laid_out = 0                 # how many lines were laid out (tests: a move lays out one or two)
        self._layout()
        self._redraw()

    # ------------------------------------------------------------ geometry

    _theme: Theme = CLASSIC

    @property
    def theme(self) -> Theme:
        """The colours it is drawn in (its owner sets the app's theme; classic by default)."""
        return self._theme

    @theme.setter
    def theme(self, theme: Theme) -> None:
        if theme is not self._theme:
            self._theme = theme
            self._dirty = True
    def _px(self, n: float) -> int:
        return int(round(n * self.scale))

    @property
    def view_h(self) -> int:
        return max(1, self.rect.h - 2 * self.pad_y)

    @property
    def content_h(self) -> int:
        return self._tops[-1]

    @property
    def max_scroll(self) -> int:
        """The largest scroll: the first row top from which the rest fits in the view."""
        tops = self._tops
        over = tops[-1] - self.view_h
        if over <= 0 or len(tops) < 2:
            return 0
        i = min(bisect_left(tops, over), len(tops) - 2)
        return tops[i]

    def _snap(self, y: float, nearest: bool = False) -> int:
        """A scroll position on a row top (the one at or above ``y``; the nearest with ``nearest``)."""
        y = max(0.0, min(float(self.max_scroll), y))
        tops = self._tops
        i = max(0, bisect_right(tops, y) - 1)
        if nearest and i + 1 < len(tops) - 1 and tops[i + 1] - y < y - tops[i]:
            i += 1
        return min(tops[i], self.max_scroll)

    def _row_index(self, y: int) -> int:
        """The row at content height ``y`` (may be len(rows) past the end)."""
        return max(0, bisect_right(self._tops, y) - 1)

    def _font(self, small: bool, bold: bool) -> pygame.font.Font:
        if small:
            return self.small_bold if bold else self.small
        return self.bold if bold else self.font

    def _width(self, text: str, bold: bool = False, small: bool = False) -> int:
        key = (text, 2 * small + bold)
        w = self._widths.get(key)
        if w is None:
            w = self._font(small, bold).size(text)[0]
            self._widths[key] = w
        return w

    def _mark_of(self, key: str | None) -> str:
        """The review's mark after the move of this link key (main line or variation), or ''."""
        if key is None:
            return ""
        if key.isdigit():
            return self.marks.get(int(key) - 1, "")
        return self.var_marks.get(key, "")

    def _label(self, tok: Token) -> str:
        """A move as the list shows it: its record text and the review's mark."""
        return tok.text + self._mark_of(tok.key)

    def _side_w(self, toks: tuple[Token, ...]) -> int:
        return sum(self._width(self._label(t), True) for t in toks) + self._px(7) * max(0, len(toks) - 1)

    def _contribution(self, ln: Line) -> tuple[int, int, int]:
        """What a line asks of the columns: (label width, Black's side, a named row's whole start)."""
        if ln.depth or ln.flow:
            return (0, 0, 0)
        side = self._side_w(ln.black) if ln.black else self._width(ELLIPSIS, True)
        if ln.label is not None and ln.label.isdigit():
            return (self._width(ln.label + "."), side, 0)
        return (0, 0, self._width(phase_name(ln.label or "")) + self._px(8) + side)   # 'Lakes': plies after the name

    def _columns(self) -> tuple[int, int, int, int]:
        """(right edge, label width, first column x, second column x) for the main-line rows."""
        right = self.rect.w - self.pad_x - self.bar_w - self._px(4)
        cw = self._colw
        num_w = max((c[0] for c in cw), default=0)
        col = max((c[1] for c in cw), default=0)
        named = max((c[2] for c in cw), default=0)
        x1 = self.pad_x + num_w + self._px(8)
        col = max(col, named - (x1 - self.pad_x))
        col = min(col, (right - x1) // 2 - self._px(18))     # a long chain does not push every row
        x2 = x1 + max(col, self._px(44)) + self._px(18)
        return right, num_w, x1, x2

    def _shape(self, ln: Line) -> tuple:
        """What a line's layout depends on (not the tones: they change colours only)."""
        if ln.depth or ln.flow:
            return (ln.depth, tuple((self._label(t), t.key) for t in ln.flow))
        return (ln.label, tuple((self._label(t), t.key) for t in ln.black),
                tuple((self._label(t), t.key) for t in ln.white))

    # ------------------------------------------------------------ layout
    def _layout(self, keep: int = 0) -> None:
        """Lay the lines out for the current width, keeping the first ``keep`` lines' rows
        (unchanged since the last layout) when the columns did not move."""
        keep = max(0, min(keep, len(self._line_row), len(self.lines)))
        del self._colw[keep:]
        self._colw.extend(self._contribution(ln) for ln in self.lines[keep:])
        cols = self._columns()
        if cols != self._cols:
            keep = 0
        self._cols = cols
        cut = self._line_row[keep] if keep < len(self._line_row) else len(self._rows)
        for row in self._rows[cut:]:
            for key, _x, _t, kind in row.items:
                if key is not None:
                    self._key_row.pop(key, None)
                    self._key_line.pop(key, None)
        del self._rows[cut:]
        del self._tops[cut + 1:]
        del self._line_row[keep:]
        del self._shapes[keep:]
        for i in range(keep, len(self.lines)):
            ln = self.lines[i]
            self._line_row.append(len(self._rows))
            self._shapes.append(self._shape(ln))
            if ln.depth or ln.flow:
                self._lay_variation(ln, i)
            else:
                self._lay_main(ln, i)
            self.laid_out += 1
        tops = self._tops
        for row in self._rows[len(tops) - 1:]:
            tops.append(tops[-1] + row.h)
        self._records = None
        self.scroll = self._snap(self.scroll)

    def _new_row(self, label: str, small: bool, depth: int) -> _Row:
        row = _Row(label, small, depth, self.small_h if small else self.row_h)
        self._rows.append(row)
        return row

    def _put(self, line_i: int, key: str | None, x: int, text: str, kind: int) -> None:
        row = self._rows[-1]
        if key is not None and key not in self._key_row:
            self._key_row[key] = len(self._rows) - 1
            self._key_line[key] = line_i
        row.items.append((key, x, text, kind))

    @property
    def _laid_cols(self) -> tuple[int, int, int, int]:
        """The columns of the last layout (rows are placed and drawn only after one)."""
        assert self._cols is not None, "the move list is not laid out"
        return self._cols

    def _place(self, line_i: int, text: str, key: str | None, kind: int, x: int, start: int,
               small: bool, depth: int) -> int:
        """Put a move's text from x on the last row, wrapping at ``start`` (after a '-' when it
        does not fit a row); the x after it."""
        width, right = self._width, self._laid_cols[0]
        bold = kind != TEXT
        if x + width(text, bold, small) > right and x > start:
            self._new_row("", small, depth)
            x = start
        pieces = [text] if x + width(text, bold, small) <= right else _pieces(text)
        for piece in pieces:
            w = width(piece, bold, small)
            if x + w > right and x > start:
                self._new_row("", small, depth)
                x = start
            self._put(line_i, key, x, piece, kind)
            x += w
        return x

    def _lay_main(self, ln: Line, line_i: int) -> None:
        """A numbered row: the label, Black's plies in the first column, White's in the second
        (after the first when it does not reach it); a pair that does not fit goes on two rows."""
        _right, num_w, x1, x2 = self._laid_cols
        label = ln.label or ""
        label = label + "." if label.isdigit() else phase_name(label)
        self._new_row(label, False, 0)
        x = x1
        if label and not label[:-1].isdigit():          # 'Lakes': wider than the numbers
            x = max(x1, self.pad_x + self._width(label) + self._px(8))
        word = self._px(7)
        end = x
        if ln.black:
            for j, tok in enumerate(ln.black):
                end = self._place(line_i, self._label(tok), tok.key, MAIN, end + (word if j else 0), x1, False, 0)
        elif ln.white and line_i == 0:
            # a list that starts with White's move (a set-up position): '1. … e5'. Later, a row
            # without Black's ply is White moving again after the Onyx swap: its Black cell
            # stays empty (an ellipsis there reads as a move left out)
            self._put(line_i, None, x, ELLIPSIS, TEXT)
            end = x + self._width(ELLIPSIS)
        gap = self._px(12)
        for j, tok in enumerate(ln.white):
            at = (x2 if end + gap <= x2 else end + gap) if j == 0 else end + word
            end = self._place(line_i, self._label(tok), tok.key, MAIN, at, x1, False, 0)

    def _lay_variation(self, ln: Line, line_i: int) -> None:
        """A variation's flow, indented by its depth, in the small font, wrapped within the width
        at the same indentation: '(' and a move number stay with the move after them, ')' with
        the move before it."""
        depth = max(1, ln.depth)
        start = self.pad_x + depth * self.indent
        right = self._laid_cols[0]
        width = self._width
        space = width(" ", False, True)
        units: list[list[Token]] = []
        glue = False
        for tok in ln.flow:
            if units and (glue or tok.text == ")"):
                units[-1].append(tok)
            else:
                units.append([tok])
            glue = tok.key is None and tok.text != ")"     # '(' and numbers hold on to what follows

        def w_of(tok: Token) -> int:
            return width(self._label(tok), tok.key is not None, True)

        def sep(prev: Token | None, tok: Token) -> int:
            return 0 if prev is None or prev.text == "(" or tok.text == ")" else space

        self._new_row("", True, depth)
        x = start
        prev: Token | None = None
        for unit in units:
            first = sep(None if x == start else prev, unit[0])
            total = first + sum(w_of(t) + (sep(unit[k - 1], t) if k else 0) for k, t in enumerate(unit))
            if x + total > right and x > start:
                self._new_row("", True, depth)
                x, first = start, 0
            x += first
            for k, tok in enumerate(unit):
                if k:
                    x += sep(unit[k - 1], tok)
                if tok.key is None:
                    self._put(line_i, None, x, tok.text, TEXT)
                    x += w_of(tok)
                else:
                    x = self._place(line_i, self._label(tok), tok.key, VAR, x, start, True, depth)
                prev = tok

    # ------------------------------------------------------------ state
    def set_lines(self, lines: Sequence[Line], current: str | None, follow: bool = True) -> bool:
        """Show ``lines`` (``moveflow.flatten`` of the tree) with the move keyed ``current`` shown
        (None: the start position); True if anything changed.

        Only what changed is laid out again: the rows of the lines before the first changed
        one are kept. ``follow``: keep the newest move in view (live play); otherwise the shown
        move is scrolled into view only when it is out of view (browsing).
        """
        new = tuple(lines)
        current = None if current is None else str(current)
        old = self.lines
        keep, n, toned = 0, min(len(old), len(new)), False
        while keep < n:                          # the unchanged prefix: its rows are kept
            a, b = old[keep], new[keep]
            if a is not b and a != b:
                if self._shape(b) != self._shapes[keep]:
                    break
                self._set_tones(b)               # the same layout in other colours
                toned = True
            keep += 1
        relay = keep < len(new) or len(new) != len(old)
        if not relay and not toned and current == self.current_key:
            self.lines = new
            return False
        self.lines = new
        if relay:
            for ln in new[keep:]:
                self._set_tones(ln)
            self._layout(keep)
        self.current_key = current
        self._show_current(follow)
        self._dirty = True
        return True

    def _set_tones(self, ln: Line) -> None:
        for tok in ln.flow or (ln.black + ln.white):
            if tok.key is not None:
                self._tone[tok.key] = tok.tone

    def _show_current(self, follow: bool) -> None:
        """Scroll after a change: to the end when following (the shown move kept in view),
        else the shown move into view when it is out of it."""
        rects = self._key_rects(self.current_key) if self.current_key is not None else []
        if follow:
            self.scroll = self.max_scroll
        elif self.current_key is None:
            self.scroll = 0
            return
        if not rects:
            return
        top, bottom = rects[0].top, rects[-1].bottom             # content coordinates
        if top >= self.scroll and bottom <= self.scroll + self.view_h:
            return
        if follow:                                               # the shown move as the last row in view
            want = bottom - self.view_h
            self.scroll = self._snap(want)
            if self.scroll < want:
                self.scroll = self._snap(self._tops[self._row_index(self.scroll) + 1])
        else:
            self.scroll = self._snap((top + bottom) // 2 - self.view_h // 2)     # centred
        if top < self.scroll or top >= self.scroll + self.view_h:
            self.scroll = self._snap(top)

    def set_moves(self, records: Any, current: int, follow: bool = True) -> bool:
        """Show ``records`` (a plain line, numbered by ply÷2) with ``current`` moves played;
        True if anything changed. See :meth:`set_lines`."""
        recs = tuple(records)
        current = max(0, min(len(recs), int(current)))
        return self.set_lines(lines_for_records(recs, current), str(current) if current else None, follow)

    def set_marks(self, marks: Any, variations: Any = None) -> bool:
        """The review's marks after the main line's moves: {0-based ply: '?!' | '?' | '??'}
        (others dropped), and after variations' moves: {link key 'v12': mark}; True if anything
        changed. Relays out from the first line that changed."""
        new = {int(k): str(v) for k, v in dict(marks).items() if v in MARK_COLOURS}
        var = {str(k): str(v) for k, v in dict(variations or {}).items() if v in MARK_COLOURS}
        if new == self.marks and var == self.var_marks:
            return False
        changed = [str(k + 1) for k in set(new) | set(self.marks) if new.get(k) != self.marks.get(k)]
        changed += [k for k in set(var) | set(self.var_marks) if var.get(k) != self.var_marks.get(k)]
        self.marks, self.var_marks = new, var
        lines = [self._key_line.get(k, len(self.lines)) for k in changed]
        self._layout(min(lines))
        self._dirty = True
        return True

    @property
    def current(self) -> int:
        """The plies of the main-line position shown (0 at the start; -1 when a variation's
        move is shown)."""
        key = self.current_key
        if key is None:
            return 0
        return int(key) if key.isdigit() else -1

    @property
    def records(self) -> tuple[str, ...]:
        """The main line's move texts, in order."""
        if self._records is None:
            moves: list[tuple[int, str]] = []
            for ln in self.lines:
                if not (ln.depth or ln.flow):
                    moves.extend((int(t.key), t.text) for t in ln.black + ln.white if t.key and t.key.isdigit())
            moves.sort()
            self._records = tuple(t for _k, t in moves)
        return self._records

    def scroll_by(self, pixels: int) -> None:
        """Scroll by about ``pixels``, to the row top at or above where that lands (at least a
        row when ``pixels`` is at least a row)."""
        target = self.scroll + int(pixels)
        new = self._snap(target)
        if pixels > 0 and new <= self.scroll and target >= self._tops[self._row_index(self.scroll) + 1]:
            new = self._snap(self._tops[self._row_index(self.scroll) + 1])
        if new != self.scroll:
            self.scroll = new
            self._dirty = True

    def scroll_rows(self, rows: int) -> None:
        """Scroll by whole rows (the mouse wheel)."""
        i = max(0, min(len(self._rows), self._row_index(self.scroll) + int(rows)))
        new = self._snap(self._tops[i])
        if new != self.scroll:
            self.scroll = new
            self._dirty = True

    def colour_of(self, ply: int) -> tuple[int, int, int]:
        """The colour of main-line move ``ply`` (0-based): shown, played or later."""
        return self._colour(str(ply + 1), MAIN)

    def _colour(self, key: str | None, kind: int) -> tuple[int, int, int]:
        if kind == TEXT or key is None:
            return self.theme.list_number
        if key == self.current_key:
            return self.theme.list_shown
        tone = self._tone.get(key, "played")
        if tone == "later":
            return self.theme.list_later
        if tone == "variation" or kind == VAR:
            return LIST_VARIATION
        return self.theme.list_played

    def set_dimensions(self, dimensions: Any, clamp_to_container: bool = False) -> None:
        at_end = self.scroll >= self.max_scroll
        super().set_dimensions(dimensions, clamp_to_container)
        self._cols = None
        self._layout()
        self.scroll = self.max_scroll if at_end else self._snap(self.scroll)
        self._redraw()

    # ------------------------------------------------------------ reading it (tests, clicks)
    def rows(self) -> list[str]:
        """The rows as text, as the list shows them: '12. e3 k8', 'Lakes c3 h5 c5', '1. … e5',
        a variation's rows indented two spaces a level: '  (12... d4 13. e5)'."""
        out = []
        for row in self._rows:
            words: list[str] = [row.label] if row.label else []
            last: str | None = None
            text = ""
            for key, _x, piece, _kind in row.items:
                if key is not None and key == last:
                    text += piece
                elif row.small and (text.endswith("(") or piece == ")"):
                    text += piece
                else:
                    text += (" " if text else "") + piece
                last = key
            if text:
                words.append(text)
            out.append("  " * row.depth + " ".join(words))
        return out

    def _key_rects(self, key: str | None) -> list[pygame.Rect]:
        """Rectangles of a move in content coordinates (y from the top of the content)."""
        r0 = self._key_row.get(key) if key is not None else None
        if r0 is None:
            return []
        out = []
        for ri in range(r0, len(self._rows)):
            row = self._rows[ri]
            found = False
            for k, x, piece, kind in row.items:
                if k == key:
                    found = True
                    out.append(pygame.Rect(x, self._tops[ri], self._width(piece, True, row.small), row.h))
            if not found:
                break
        return out

    def key_rects(self, key: str) -> list[pygame.Rect]:
        """Screen rectangles of a move (by key) before clipping to the view."""
        dx, dy = self.rect.x, self.rect.y + self.pad_y - self.scroll
        return [r.move(dx, dy) for r in self._key_rects(str(key))]

    def ply_rects(self, ply: int) -> list[pygame.Rect]:
        """Screen rectangles of a main-line move (0-based ply), before clipping to the view."""
        return self.key_rects(str(ply + 1)) if ply >= 0 else []

    def link_rect(self, href: str) -> pygame.Rect | None:
        """Screen rectangle of the move keyed ``href`` ("12" = the 12th ply of the main line,
        "v<uid>" a variation's move), None when out of view."""
        view = pygame.Rect(self.rect.x, self.rect.y + self.pad_y, self.rect.w, self.view_h)
        for r in self.key_rects(str(href)):
            if view.collidepoint(r.center):
                return r
        return None

    def key_at(self, pos: tuple[int, int]) -> str | None:
        """The key of the move under a screen point, or None."""
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        if not (self.pad_y <= y < self.rect.h - self.pad_y) or x >= self.rect.w - self.bar_w - self._px(4):
            return None
        ri = self._row_index(y - self.pad_y + self.scroll)
        if ri >= len(self._rows):
            return None
        row = self._rows[ri]
        slack = self._px(5)
        best, dist = None, slack + 1
        for key, cx, piece, kind in row.items:
            if key is None:
                continue
            w = self._width(piece, True, row.small)
            d = 0 if cx <= x < cx + w else min(abs(x - cx), abs(x - cx - w))
            if d < dist:
                best, dist = key, d
        return best

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The main-line move (0-based ply) under a screen point, or None."""
        key = self.key_at(pos)
        return int(key) - 1 if key is not None and key.isdigit() else None

    @property
    def hover_ply(self) -> int | None:
        key = self.hover_key
        return int(key) - 1 if key is not None and key.isdigit() else None

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

    # ------------------------------------------------------------ drawing
    def _text(self, text: str, colour: tuple[int, int, int], bold: bool, small: bool = False) -> pygame.Surface:
        key = (text, colour, 2 * small + bold)
        s = self._surfs.get(key)
        if s is None:
            if len(self._surfs) > 3000:
                self._surfs.clear()
            s = self._font(small, bold).render(text, True, colour)
            self._surfs[key] = s
        return s

    def _redraw(self) -> None:
        w, h = max(1, self.rect.w), max(1, self.rect.h)
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        img.fill(self.theme.list_bg)
        pygame.draw.rect(img, self.theme.list_border, img.get_rect(), 1)
        clip = pygame.Rect(1, self.pad_y, w - 2, h - 2 * self.pad_y)
        img.set_clip(clip)
        if not self.lines:
            img.blit(self._text(_("No moves yet."), self.theme.list_number, False), (self.pad_x, self.pad_y))
        first = self._row_index(self.scroll)
        bottom = self.scroll + self.view_h
        line_w = max(1, self._px(1))
        for ri in range(first, len(self._rows)):
            top = self._tops[ri]
            if top >= bottom:
                break
            row = self._rows[ri]
            font = self.small if row.small else self.font
            y = self.pad_y + top - self.scroll + (row.h - font.get_linesize()) // 2
            if row.small:                      # a thin rule left of the variation, one per level
                for d in range(1, row.depth + 1):
                    gx = self.pad_x + d * self.indent - self._px(6)
                    pygame.draw.line(img, LIST_GUIDE, (gx, self.pad_y + top - self.scroll),
                                     (gx, self.pad_y + top - self.scroll + row.h - 1), line_w)
            if row.label:
                s = self._text(row.label, self.theme.list_number, False)
                x = self.pad_x + self._laid_cols[1] - s.get_width() if row.label[:-1].isdigit() else self.pad_x
                img.blit(s, (x, y))
            slack = 0                          # a ')' hugs the move before it as drawn (laid out bold)
            for key, x, piece, kind in row.items:
                if kind == TEXT:
                    img.blit(self._text(piece, self.theme.list_number, False, row.small), (x - (slack if piece == ")" else 0), y))
                    continue
                shown = key == self.current_key
                hover = key == self.hover_key
                colour = self.theme.list_hover if hover and not shown else self._colour(key, kind)
                mark = self._mark_of(key) if kind in (MAIN, VAR) else ""
                if mark and piece.endswith(mark):       # the mark after the move, in its colour
                    s = self._text(piece[:-len(mark)], colour, shown, row.small)
                    img.blit(s, (x, y))
                    m = self._text(mark, MARK_COLOURS[mark], True, row.small)
                    img.blit(m, (x + s.get_width(), y))
                    width = s.get_width() + m.get_width()
                else:
                    s = self._text(piece, colour, shown, row.small)
                    img.blit(s, (x, y))
                    width = s.get_width()
                slack = self._width(piece, True, row.small) - width
                if hover:
                    uy = y + font.get_ascent() + max(1, self._px(2))
                    pygame.draw.line(img, colour, (x, uy), (x + width - 1, uy), line_w)
        img.set_clip(None)
        thumb = self._thumb()
        if thumb is not None:
            r = max(2, self.bar_w // 2)
            pygame.draw.rect(img, self.theme.list_track, self._track(), border_radius=r)
            pygame.draw.rect(img, self.theme.list_thumb_active if self._drag is not None else self.theme.list_thumb, thumb,
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
            hover = self.key_at(self.ui_manager.get_mouse_position())
        if hover != self.hover_key:
            self.hover_key = hover
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
                self.scroll_rows(-int(event.y) * 2)
                return True
            return False
        if t not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False                # only these have a ``pos``
        pos = self.ui_manager.calculate_scaled_mouse_position(event.pos)
        local = (pos[0] - self.rect.x, pos[1] - self.rect.y)
        if t == pygame.MOUSEMOTION and self._drag is not None:
            y0, s0 = self._drag
            track, thumb = self._track(), self._thumb()
            if thumb is not None and track.h > thumb.h:
                new = self._snap(s0 + (pos[1] - y0) * self.max_scroll / (track.h - thumb.h), nearest=True)
                if new != self.scroll:
                    self.scroll = new
                    self._dirty = True
            return True
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(pos):
            thumb = self._thumb()
            if thumb is not None and thumb.inflate(self._px(6), 0).collidepoint(local):
                self._drag = (pos[1], self.scroll)
                self._dirty = True
            elif thumb is not None and self._track().inflate(self._px(6), 0).collidepoint(local):
                self.scroll_by(self.view_h if local[1] > thumb.centery else -self.view_h)
            else:
                self._pressed_key = self.key_at(pos)
            return True
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._drag is not None:
                self._drag = None
                self._dirty = True
                return True
            pressed, self._pressed_key = self._pressed_key, None
            if pressed is not None and self.key_at(pos) == pressed:
                pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, {
                    "link_target": pressed, "ui_element": self,
                    "ui_object_id": self.most_specific_combined_id}))
                return True
            return self.rect.collidepoint(pos)
        return False


GLYPHS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;!?()-–…'×·%"
