"""History browsing, replay, autosave, sounds and the file buttons of the board scene.

``BoardExtras(scene)`` is created by ``BoardScene`` and called from a few hooks there
(``build_ui``, ``handle_event``, ``update``, ``after_frame``, ``refresh_panel``,
``draw_overlay``, ``play_move``, ``exit``), so this part of the board lives in its own module:

* Browsing: the position shown is the match's own (``Match.undo``/``redo`` move along the
  line; ``Match.future`` holds the later moves). ◀ ▶ |◀ ▶| buttons, Left/Right/Home/End, and a
  click on a move in the move list. Forward steps play the move's animation, backward steps and
  jumps cross-fade. While browsing (``scene.browse_ply`` is set) the computer does not move,
  and a new move asks first before it discards the later moves. A game that ended by
  resignation or agreement keeps its result while browsing (it comes back at the end).
* Replay: from the start, one move after another at the animation speed; any click or key stops.
* Autosave after every change (``game.autosave.Autosaver``; the text is made at the end of a
  light frame, the file written in a background thread).
* Sounds for move animations and the end of the game (``game.sound``).
* Save…, Load…, Picture and the settings button (``game.scenes.files``, ``game.scenes.settings``).
"""
from __future__ import annotations

import html
import math
import re
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton

from .anim.moves import MoveAnimation
from .autosave import Autosaver, reapply_result
from .rules.base import Result, RulesError
from .rules.record import UI_REASONS
from .sound import bank, sounds_for
from .views import draw as D

if TYPE_CHECKING:  # pragma: no cover
    from .scenes.board import BoardScene

FADE_TIME = 0.22          # seconds for a backward step / jump cross-fade at speed 1
REPLAY_PAUSE = 0.45       # seconds between replayed moves at speed 1
NAV_KEYS = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_HOME: "first", pygame.K_END: "last"}
_ICON = (236, 226, 206)

__all__ = ["BoardExtras", "FadeAnimation", "MoveList", "link_rect"]


class FadeAnimation:
    """A cross-fade between two positions (a step back in the history, or a jump).

    Duck-types ``MoveAnimation`` for the board scene: ``hidden``, ``update``, ``draw``,
    ``finish``, ``done``, ``on_complete``. Points whose stacks differ are hidden on the board
    and drawn here: the old stack fading out, the new one fading in.
    """

    def __init__(self, view: Any, before: dict[str, tuple[str, ...]], after: dict[str, tuple[str, ...]],
                 speed: float = 1.0, on_complete: Callable[[], None] | None = None) -> None:
        self.view = view
        self.before = dict(before)
        self.after = dict(after)
        self.changed = sorted(lab for lab in set(before) | set(after) if before.get(lab, ()) != after.get(lab, ()))
        self.hidden = {lab: len(before.get(lab, ())) for lab in self.changed if before.get(lab)}
        self.duration = FADE_TIME / max(0.05, float(speed))
        self.time = 0.0
        self.motions: list[Any] = []
        self.on_complete = on_complete
        self._ended = False

    @property
    def done(self) -> bool:
        return self._ended

    def update(self, dt: float) -> bool:
        if self._ended:
            return True
        self.time += dt
        if self.time >= self.duration:
            self.finish()
        return self._ended

    def finish(self) -> None:
        if self._ended:
            return
        self.time = self.duration
        self._ended = True
        if self.on_complete:
            cb, self.on_complete = self.on_complete, None
            cb()

    def draw(self, surface: pygame.Surface) -> None:
        u = 1.0 if self.duration <= 0 else max(0.0, min(1.0, self.time / self.duration))
        u = u * u * (3 - 2 * u)
        order = sorted(self.changed, key=lambda q: self.view.pixel_of(q)[1] if q in getattr(self.view, "_pix", {})
                       else 0)
        for lab in order:
            try:
                xy = self.view.pixel_of(lab)
            except KeyError:
                continue
            old, new = self.before.get(lab, ()), self.after.get(lab, ())
            if old and u < 0.99:
                self.view.draw_stack(surface, xy, old, alpha=int(255 * (1 - u)), badge=False)
            if new and u > 0.01:
                self.view.draw_stack(surface, xy, new, alpha=int(255 * u), badge=u > 0.9)


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


# colours of the move list (they match the theme's text boxes)
LIST_BG = (18, 15, 12, 208)
LIST_BORDER = (90, 68, 48)
LIST_NUMBER = (160, 136, 104)
LIST_PLAYED = (239, 228, 208)
LIST_SHOWN = (255, 226, 140)
LIST_LATER = (138, 124, 104)
LIST_HOVER = (255, 224, 160)
LIST_THUMB = (122, 90, 58)
LIST_THUMB_ACTIVE = (224, 176, 96)
LIST_TRACK = (40, 32, 26)
STATUS_BG = (42, 31, 22, 208)
STATUS_BORDER = (138, 106, 66)


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
        col = max((self._width(recs[i], True) for i in range(0, len(recs), 2)), default=0)
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
            text = recs[ply]
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
                s = self._text(piece, colour, shown)
                img.blit(s, (x, y))
                if hover:
                    uy = y + self.font.get_ascent() + max(1, self._px(2))
                    pygame.draw.line(img, colour, (x, uy), (x + s.get_width() - 1, uy), max(1, self._px(1)))
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


def warm_font(size: int, bold: bool = False) -> None:
    """Load a font size's glyphs now (a few ms), not in the frame that first needs them."""
    D.font(int(size), bool(bold)).size(GLYPHS)


def prime_disabled_look(button: Any) -> None:
    """Make pygame-gui draw a button's disabled look now (it does so the first time the button
    is disabled, ~1 ms a button, often in the frame of a move); the button is left as it was."""
    if button is None or not button.alive() or not getattr(button, "is_enabled", False) \
            or getattr(button, "hovered", False):
        return
    button.disable()
    button.enable()


_TAG_RE = re.compile(r"<(/?)(b|font|br)\b([^>]*)>", re.I)
_COLOUR_RE = re.compile(r"color\s*=\s*['\"]?#([0-9a-fA-F]{6})")


def rich_runs(markup: str, colour: tuple[int, int, int]) -> list[list[tuple[str, tuple[int, int, int], bool]]]:
    """The small HTML subset of the status line as paragraphs of (text, colour, bold) runs.

    Understood: ``<font color='#rrggbb'>``, ``<b>``, ``<br>`` and character entities.
    """
    paras: list[list[tuple[str, tuple[int, int, int], bool]]] = [[]]
    colours = [colour]
    bold = 0
    pos = 0
    for mt in _TAG_RE.finditer(markup):
        if mt.start() > pos:
            paras[-1].append((html.unescape(markup[pos:mt.start()]), colours[-1], bold > 0))
        pos = mt.end()
        closing, tag = mt.group(1) == "/", mt.group(2).lower()
        if tag == "br":
            paras.append([])
        elif tag == "b":
            bold = max(0, bold + (-1 if closing else 1))
        elif closing:
            if len(colours) > 1:
                colours.pop()
        else:
            c = _COLOUR_RE.search(mt.group(3))
            colours.append(tuple(int(c.group(1)[k:k + 2], 16) for k in (0, 2, 4)) if c else colours[-1])  # type: ignore[arg-type]
    if pos < len(markup):
        paras[-1].append((html.unescape(markup[pos:]), colours[-1], bold > 0))
    return paras


class StatusText(UIElement):
    """The status line under the move list: a few wrapped lines of coloured text.

    ``set_text(markup)`` takes the same small HTML subset as a ``UITextBox`` (``html_text``
    keeps it) but lays it out in well under a millisecond and never builds a scroll bar: a
    text too long for the box is set a little smaller, then cut with an ellipsis.
    """

    def __init__(self, rect: pygame.Rect, manager: Any, container: Any = None, scale: float = 1.0,
                 size: int = 15) -> None:
        super().__init__(rect, manager, container, starting_height=1, layer_thickness=1,
                         element_id=["status_text"])
        self.scale = max(0.5, float(scale))
        self.size = size
        self.pad_x, self.pad_y = self._px(10), self._px(6)
        self.html_text = ""
        self.renders = 0
        self._widths: dict[tuple[int, bool, str], int] = {}
        self._redraw()

    def fonts_to_warm(self) -> list[tuple[int, bool]]:
        """The smaller sizes a long text may need (see ``warm_font``)."""
        return [(sz, b) for sz in range(self._px(self.size) - 1, self._smallest() - 1, -1) for b in (False, True)]

    def _smallest(self) -> int:
        return max(8, self._px(self.size - 3))

    def _w(self, f: pygame.font.Font, size: int, bold: bool, word: str) -> int:
        key = (size, bold, word)
        w = self._widths.get(key)
        if w is None:
            if len(self._widths) > 4000:
                self._widths.clear()
            w = self._widths[key] = f.size(word)[0]
        return w

    def _px(self, n: float) -> int:
        return int(round(n * self.scale))

    def set_text(self, html_text: str) -> None:
        if html_text != self.html_text:
            self.html_text = html_text
            self._redraw()

    def set_dimensions(self, dimensions: Any, clamp_to_container: bool = False) -> None:
        super().set_dimensions(dimensions, clamp_to_container)
        self._redraw()

    def _wrap(self, size: int, width: int) -> list[list[tuple[str, tuple[int, int, int], bool, int]]]:
        """Lines of (text, colour, bold, x) for a font size."""
        fonts = {False: D.font(size, False), True: D.font(size, True)}
        lines: list[list[tuple[str, tuple[int, int, int], bool, int]]] = []
        for para in rich_runs(self.html_text, LIST_PLAYED):
            line: list[tuple[str, tuple[int, int, int], bool, int]] = []
            x = 0
            for text, colour, bold in para:
                f = fonts[bold]
                for word in re.split(r"(?<= )", text):
                    if not word:
                        continue
                    w = self._w(f, size, bold, word)
                    if x + self._w(f, size, bold, word.rstrip()) > width and x > 0:
                        lines.append(line)
                        line, x = [], 0
                        word = word.lstrip() or word
                        w = self._w(f, size, bold, word)
                    if line and line[-1][1] == colour and line[-1][2] == bold:
                        t, c, b, x0 = line[-1]
                        line[-1] = (t + word, c, b, x0)
                    else:
                        line.append((word, colour, bold, x))
                    x += w
            lines.append(line)
        return lines

    def _redraw(self) -> None:
        w, h = max(1, self.rect.w), max(1, self.rect.h)
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        img.fill(STATUS_BG)
        pygame.draw.rect(img, STATUS_BORDER, img.get_rect(), 1)
        width, room = w - 2 * self.pad_x, h - 2 * self.pad_y
        size = self._px(self.size)
        smallest = self._smallest()
        while True:
            lines = self._wrap(size, width)
            lh = D.font(size, False).get_linesize() + max(1, size // 5)
            if len(lines) * lh - (lh - D.font(size, False).get_linesize()) <= room or size <= smallest:
                break
            size -= 1
        fit = max(1, (room + lh - D.font(size, False).get_linesize()) // lh)
        if len(lines) > fit:
            lines = lines[:fit]
            if lines[-1]:
                t, c, b, x0 = lines[-1][-1]
                lines[-1][-1] = (t.rstrip() + "…", c, b, x0)
        y = self.pad_y
        for line in lines:
            for text, colour, bold, x in line:
                img.blit(D.font(size, bold).render(text, True, colour), (self.pad_x + x, y))
            y += lh
        self._set_image(img.premul_alpha())
        self.renders += 1


class FastLabel(UIElement):
    """A one-line label that keeps the picture of every text it has shown.

    A ``UILabel`` lays its text out again on every change (about a millisecond); the board's
    turn and count labels change with almost every move between a few texts ("Black to move",
    "White to move"), so this one only swaps a cached picture. Left-aligned, vertically centred,
    like the theme's labels; ``text`` and ``font`` as on a ``UILabel``.
    """

    def __init__(self, rect: pygame.Rect, text: str, manager: Any, container: Any = None, size: int = 15,
                 bold: bool = False, colour: tuple[int, int, int] = (241, 230, 210)) -> None:
        super().__init__(rect, manager, container, starting_height=1, layer_thickness=1,
                         element_id=["fast_label"])
        self.font = D.font(int(size), bool(bold))
        self.colour = tuple(colour)
        self.text = ""
        self._pictures: dict[str, pygame.Surface] = {}
        self.renders = 0
        self._show(str(text), force=True)

    def set_text(self, text: str) -> None:
        self._show(str(text))

    def _show(self, text: str, force: bool = False) -> None:
        if text == self.text and not force:
            return
        self.text = text
        pic = self._pictures.get(text)
        if pic is None:
            if len(self._pictures) > 32:
                self._pictures.clear()
            w, h = max(1, self.rect.w), max(1, self.rect.h)
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            img.fill((0, 0, 0, 0))
            if text:
                t = self.font.render(text, True, self.colour)
                img.blit(t, (0, (h - t.get_height()) // 2))
            pic = self._pictures[text] = img.premul_alpha()
            self.renders += 1
        self._set_image(pic)


class BoardExtras:
    """The board scene's history, replay, autosave, sounds and file/settings buttons."""

    def __init__(self, scene: "BoardScene") -> None:
        self.scene = scene
        self.autosaver = Autosaver()
        self.final: Result | None = None        # a UI-level result to put back at the end of the line
        self.replaying = False
        self.replay_wait = 0.0
        self.buttons: dict[str, UIButton] = {}
        self.clock = 0.0
        self._pending_sounds: list[tuple[float, str]] = []
        self._anim_seen: Any = None
        self._result_seen: Any = "unset"
        self._win_pending = False
        self._confirm_text = ""
        self._bypass = False
        self.icons: dict[str, tuple[pygame.Rect, str]] = {}
        self._warm: list[Callable[[], None]] = []    # first-time work done one piece a frame (see build_ui)
        self._save_anim: Any = None                  # the autosave waits out a move's first frame (after_frame)

    # ------------------------------------------------------------ helpers
    @property
    def app(self) -> Any:
        return self.scene.app

    @property
    def match(self) -> Any:
        return self.scene.match

    @property
    def browsing(self) -> bool:
        return self.scene.browse_ply is not None

    def total(self) -> int:
        m = self.match
        return 0 if m is None else len(m.history) + len(m.future)

    def speed(self) -> float:
        app = self.app
        return max(0.25, float(app.settings.anim_speed)) if app is not None else 1.0

    def px(self, n: float) -> int:
        return self.scene.px(n)

    # ------------------------------------------------------------ layout
    def compact(self) -> bool:
        """One row of icon buttons when the panel is short or narrow (small windows)."""
        sc = self.scene
        px = self.px
        p = sc.panel_rect
        iw = p.w - px(36)
        text_w = D.font(px(15)).size("Picture")[0] + px(20)
        return p.h < px(700) or (iw - px(36) - 3 * px(6)) // 3 < text_w

    def reserve_height(self) -> int:
        """Height the button rows take below the move list."""
        rows = 1 if self.compact() else 2
        return rows * (self.px(32) + self.px(6))

    def build_ui(self, rect: pygame.Rect) -> None:
        """The history row (|◀ ◀ ▶ ▶| Replay) and the file row (Save… Load… Picture ⚙);
        one row of icons in small windows."""
        sc = self.scene
        px = self.px
        self.buttons = {}
        self.icons = {}
        bh, gap = px(32), px(6)
        x, y, w = rect.x, rect.y + gap, rect.w
        tips = {"first": "Go to the start of the game (Home)", "back": "One move back (Left arrow)",
                "forward": "One move forward (Right arrow)", "last": "Back to the game (End)",
                "replay": "Replay the whole game from the start", "save": "Save this game as a record file (Ctrl+S)",
                "load": "Open a saved game (Ctrl+O)", "picture": "Save the board as a PNG picture",
                "settings": "Settings: speed, sound, colours, full screen (F11)"}

        def add(key: str, r: pygame.Rect, label: str = "", icon: str = "") -> None:
            self.buttons[key] = UIButton(r, label, sc.ui, container=sc.root, tool_tip_text=tips[key])
            if icon:
                self.icons[key] = (r, icon)

        if self.compact():
            keys = ["first", "back", "forward", "last", "replay", "save", "load", "picture", "settings"]
            n = len(keys)
            bw = (w - gap * (n - 1)) // n
            extra = w - (bw * n + gap * (n - 1))
            xx = x
            for i, key in enumerate(keys):
                wd = bw + (1 if i < extra else 0)
                add(key, pygame.Rect(xx, y, wd, bh), "", "gear" if key == "settings" else key)
                xx += wd + gap
        else:
            icon_w = max(px(34), (w - 4 * gap) // 6)
            for i, key in enumerate(("first", "back", "forward", "last")):
                add(key, pygame.Rect(x + i * (icon_w + gap), y, icon_w, bh), "", key)
            rx = x + 4 * (icon_w + gap)
            add("replay", pygame.Rect(rx, y, x + w - rx, bh), "Replay")
            y += bh + gap
            gear_w = bh + px(4)
            cw = (w - gear_w - 3 * gap) // 3
            for i, (key, label) in enumerate((("save", "Save…"), ("load", "Load…"), ("picture", "Picture"))):
                add(key, pygame.Rect(x + i * (cw + gap), y, cw, bh), label)
            add("settings", pygame.Rect(x + w - gear_w, y, gear_w, bh), "", "gear")
        # first-time work the board would otherwise do in the frame of a move: fonts it may need
        # later (the game-over banner, the thinking pill, a long status text set smaller), the
        # scene's own (disabled button looks, icons): one piece a frame from now on
        status = sc.w.get("status") if sc.w else None
        fonts = [(px(30), True), (px(16), False), (px(15), True)]
        if status is not None and hasattr(status, "fonts_to_warm"):
            fonts += status.fonts_to_warm()
        self._warm = [lambda f=f: warm_font(*f) for f in fonts]
        tasks = getattr(sc, "warm_tasks", None)
        if callable(tasks):
            self._warm += list(tasks())
        for b in self.buttons.values():
            self._warm.append(lambda b=b: prime_disabled_look(b))
        self.refresh_panel()

    # ------------------------------------------------------------ panel
    def refresh_panel(self) -> None:
        """Button states, the move list with links, and the browsing note."""
        sc = self.scene
        m = self.match
        if not self.buttons:
            return
        busy = bool(sc.waiting) or sc.dialog is not None
        n = len(m.history) if m is not None else 0
        total = self.total()
        for key, ok in (("first", n > 0), ("back", n > 0), ("forward", n < total), ("last", n < total),
                        ("replay", total > 0), ("save", m is not None), ("load", True),
                        ("picture", sc.view is not None), ("settings", True)):
            b = self.buttons.get(key)
            if b is None:
                continue
            ok = ok and not (busy and key not in ("settings",))
            (b.enable() if ok else b.disable())
        rb = self.buttons.get("replay")
        if rb is not None:
            if "replay" in self.icons:
                r, _ = self.icons["replay"]
                self.icons["replay"] = (r, "stop" if self.replaying else "replay")
            else:
                label = "Stop" if self.replaying else "Replay"
                if rb.text != label:
                    rb.set_text(label)
        if self.browsing:
            for key in ("resign", "offer", "hint"):
                el = sc.w.get(key)
                if el is not None:
                    el.disable()
        self.update_move_list()

    def update_move_list(self, force: bool = False) -> None:
        """The move list (a ``MoveList``): every move a link to its position, the shown one marked.

        Cheap when nothing changed; a new move costs one redraw of the rows in view.
        """
        sc = self.scene
        m = self.match
        box = sc.w.get("moves") if sc.w else None
        if box is None or m is None or not hasattr(box, "set_moves"):
            return
        line = [pm.record for pm in m.history] + [pm.record for pm in m.future]
        box.set_moves(line, len(m.history), follow=not self.browsing)
        if force:
            box._dirty = True

    @property
    def _href_colour(self) -> dict[str, tuple[int, int, int]]:
        """Link colours by ply number ('1', '2', ...): played, shown, later (tests)."""
        box = self.scene.w.get("moves") if self.scene.w else None
        if box is None or not hasattr(box, "colour_of"):
            return {}
        return {str(j + 1): box.colour_of(j) for j in range(len(box.records))}

    # ------------------------------------------------------------ browsing
    def browse(self, delta: int) -> None:
        m = self.match
        if m is None:
            return
        self.browse_to(len(m.history) + delta)

    def browse_to(self, ply: int, animate: bool = True) -> bool:
        """Show the position after ``ply`` moves of the line; False if nothing changed."""
        sc = self.scene
        m = self.match
        if m is None or sc.view is None:
            return False
        ply = max(0, min(self.total(), int(ply)))
        cur = len(m.history)
        if ply == cur:
            if not m.future and self.browsing:
                self._at_end()
            return False
        sc.finish_animation()
        if sc.dialog is not None:
            return False
        sc.cancel_engine()
        if not m.future and m.result is not None and m.result.reason in UI_REASONS:
            self.final = m.result            # resigned / agreed: keep it for the end of the line
        if sc.input is not None:
            sc.input.cancel()
        before = m.game.stacks()
        motions = None
        if ply < cur:
            while len(m.history) > ply:
                if not m.undo():
                    break
        else:
            while len(m.history) < ply:
                motions = m.redo()
                if motions is None:
                    break
                sc.marks.append(sc.labels_of(motions))
        del sc.marks[len(m.history):]
        sc.status = ""
        sc.status_kind = "info"
        single_forward = motions is not None and ply == cur + 1 and len(m.history) == ply
        at_end = not m.future
        if at_end:
            self._at_end()
        else:
            sc.browse_ply = len(m.history)
        if animate and single_forward:
            sc.start_animation(before, motions)   # type: ignore[arg-type]
        elif animate:
            self._fade(before)
        else:
            sc.refresh()
        self._note()
        return True

    def _at_end(self) -> None:
        """Back at the end of the line: live play again (and the kept result returns)."""
        sc = self.scene
        sc.browse_ply = None
        if self.final is not None and self.match is not None and self.match.result is None:
            reapply_result(self.match, self.final)
        self.final = None

    def _fade(self, before: dict[str, tuple[str, ...]]) -> None:
        sc = self.scene
        m = self.match
        after = m.game.stacks()
        sc.anim_before = before
        sc.anim = FadeAnimation(sc.view, before, after, speed=self.speed(), on_complete=sc._animation_done)
        if sc.input is not None:
            sc.input.set_game(None)
        sc.refresh_panel()

    def _note(self) -> None:
        """The status line while browsing."""
        sc = self.scene
        m = self.match
        if m is None:
            return
        if self.browsing:
            n, total = len(m.history), self.total()
            where = f"Start of the game ({total} moves)" if n == 0 else f"Move {n} of {total}"
            if self.replaying:
                sc.set_status(f"Replay: {where.lower()}. Click or press a key to stop.")
            else:
                sc.set_status(f"{where}. Press End to return to the game.")
        else:
            sc.status = ""
            sc._update_status_box()

    # ------------------------------------------------------------ a new move while browsing
    def intercept_move(self, text: str) -> bool:
        """Called by ``play_move``: True if the move is handled here (stepping or confirming)."""
        if self._bypass or not self.browsing:
            return False
        m = self.match
        if m is None or not m.future:
            return False
        nxt = m.future[0]
        try:
            same = m.game.move_str(m.game.parse_move(text)) == nxt.text
        except RulesError:
            return False
        if same:
            self.browse_to(len(m.history) + 1)
            return True
        later = len(m.future)
        self._confirm_text = text
        words = "move" if later == 1 else "moves"
        self.scene.open_dialog("branch", "Play a new move here?",
                               f"Playing {html.escape(text)} here replaces the {later} later {words} of this "
                               f"game.<br><br>They cannot be brought back.", "Play it")
        return True

    def _branch_confirmed(self) -> None:
        text, self._confirm_text = self._confirm_text, ""
        sc = self.scene
        sc.browse_ply = None
        self.final = None
        self._bypass = True
        try:
            sc.play_move(text)
        finally:
            self._bypass = False

    def _branch_cancelled(self) -> None:
        self._confirm_text = ""
        sc = self.scene
        if sc.input is not None:
            sc.input.cancel()
        sc.refresh()
        self._note()

    # ------------------------------------------------------------ replay
    def toggle_replay(self) -> None:
        if self.replaying:
            self.stop_replay()
        else:
            self.start_replay()

    def start_replay(self) -> None:
        m = self.match
        if m is None or self.total() == 0:
            return
        self.scene.finish_animation()
        self.browse_to(0, animate=len(m.history) > 0)
        if self.total() == 0:
            return
        self.replaying = True
        self.replay_wait = REPLAY_PAUSE
        self._note()
        self.refresh_panel()

    def stop_replay(self) -> None:
        if not self.replaying:
            return
        self.replaying = False
        self._note()
        self.refresh_panel()

    def _replay_step(self, dt: float) -> None:
        sc = self.scene
        if sc.anim is not None or sc.dialog is not None:
            return
        m = self.match
        if m is None or not m.future:
            self.replaying = False
            if self.browsing:
                self._at_end()
            sc.refresh()
            self.refresh_panel()
            sc.set_status("Replay finished.")
            return
        self.replay_wait -= dt
        if self.replay_wait <= 0:
            self.replay_wait = REPLAY_PAUSE / self.speed()
            self.browse_to(len(m.history) + 1)
            if self.replaying:
                self._note()

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Runs before the board's own handling; True if the event was used here."""
        sc = self.scene
        t = event.type
        if t == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and sc.dialog is not None \
                and event.ui_element is sc.dialog and sc.dialog_kind in ("branch", "overwrite"):
            kind = sc.dialog_kind
            sc.dialog = None
            sc.dialog_kind = ""
            if kind == "branch":
                self._branch_confirmed()
            else:
                from .scenes import files
                files.overwrite_confirmed(sc)
            return True
        if t == pygame_gui.UI_WINDOW_CLOSE and sc.dialog is not None and event.ui_element is sc.dialog \
                and sc.dialog_kind == "branch":
            sc.dialog = None
            sc.dialog_kind = ""
            self._branch_cancelled()
            return True
        if t == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            from .scenes import files
            return files.path_picked(sc, event)
        if t == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is sc.w.get("moves"):
            if sc.dialog is None:
                self.stop_replay()
                try:
                    self.browse_to(int(event.link_target))
                except (TypeError, ValueError):
                    pass
            return True
        if t == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    if sc.dialog is None:
                        self.button(key)
                    return True
            return False
        if sc.dialog is not None:
            return False
        if t == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key in NAV_KEYS and not ctrl:
                self.stop_replay()
                self.button(NAV_KEYS[event.key])
                return True
            if self.replaying:
                self.stop_replay()
                return event.key != pygame.K_ESCAPE
            return False
        if t == pygame.MOUSEBUTTONDOWN and sc.board_rect.collidepoint(event.pos):
            if self.replaying:
                self.stop_replay()
                sc.finish_animation()
                return True
            m = self.match
            if self.browsing and sc.anim is None and m is not None and event.button == 1 \
                    and (m.is_over or not m.is_human(m.to_move)):
                n = len(m.history)
                sc.set_status(f"You are looking at move {n} of {self.total()}. Press End to go back to the game.",
                              "warn")
                return True
        return False

    def button(self, key: str) -> None:
        sc = self.scene
        m = self.match
        if key != "replay" and key in ("first", "back", "forward", "last"):
            self.stop_replay()
        if key == "first":
            self.browse_to(0)
        elif key == "back":
            self.browse(-1)
        elif key == "forward":
            self.browse(1)
        elif key == "last":
            self.browse_to(self.total())
        elif key == "replay":
            self.toggle_replay()
        elif key == "save":
            self.stop_replay()
            sc.save_game()
        elif key == "load":
            self.stop_replay()
            sc.load_game()
        elif key == "picture":
            from .scenes import files
            files.export_picture(sc)
        elif key == "settings":
            self.stop_replay()
            from .scenes.menu import settings_scene
            if sc.app is not None:
                sc.app.push(settings_scene())
        _ = m

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        sc = self.scene
        self.clock += dt
        if self._warm:
            try:
                self._warm.pop(0)()
            except Exception:     # a widget killed meanwhile: nothing to prepare
                pass
        m = self.match
        if m is None:
            return
        if self.replaying:
            self._replay_step(dt)
        if self.browsing and not m.future:
            self._at_end()
            sc.refresh()
        elif self.browsing and sc.browse_ply != len(m.history):
            sc.browse_ply = len(m.history)      # Undo / Redo while browsing
        # the view follows the settings (changed in the settings scene or with keys)
        app = self.app
        if app is not None and sc.view is not None and sc.view.show_coords != app.settings.show_coords:
            sc.view.show_coords = app.settings.show_coords
            sc.view.layout(sc.board_rect)
        if app is not None:
            from .scenes import settings as settings_mod
            settings_mod.sync_from_app(app)
        self._sounds(m)

    def after_frame(self) -> None:
        """After a frame is drawn (``App.step``): the autosave after every change. Making the
        record text takes a few ms, so in the frame in which a move starts its animation (a
        heavy one) it waits for the next (an animation frame, which is light); only the writing
        is left to the background thread."""
        m = self.match
        app = self.app
        if m is None or (app is not None and not getattr(app, "autosave_enabled", True)):
            return
        anim = self.scene.anim
        if anim is not None and anim is not self._save_anim:
            self._save_anim = anim               # a move (or a step back) began this frame
            return
        self.autosaver.update(m, self.final if self.browsing else None)

    def _sounds(self, m: Any) -> None:
        sc = self.scene
        anim = sc.anim
        if anim is not None and anim is not self._anim_seen:
            self._anim_seen = anim
            self._pending_sounds = []
            if isinstance(anim, MoveAnimation):
                start = self.clock - anim.time
                self._pending_sounds = [(start + t, name) for t, name in
                                        sounds_for(anim.motions, anim.before, anim.speed)]
        if anim is None and self._pending_sounds:
            # the animation was cut short: one landing sound, not a burst
            name = next((n for _, n in self._pending_sounds if n != "move"), self._pending_sounds[-1][1])
            self._pending_sounds = []
            bank().play(name)
        due = [n for t, n in self._pending_sounds if t <= self.clock]
        if due:
            self._pending_sounds = [(t, n) for t, n in self._pending_sounds if t > self.clock]
            for n in due:
                bank().play(n)
        res = m.result
        if self._result_seen == "unset":
            self._result_seen = res
        elif res != self._result_seen:
            if res is not None and not self.browsing and self._result_seen is None:
                self._win_pending = True
            self._result_seen = res
        if self._win_pending and anim is None:
            self._win_pending = False
            if m.result is not None:
                bank().play("win")

    # ------------------------------------------------------------ drawing
    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Icons on the blank history and settings buttons (the font has no such glyphs)."""
        for key, (rect, kind) in self.icons.items():
            b = self.buttons.get(key)
            if b is None or not b.visible:
                continue
            enabled = b.is_enabled if hasattr(b, "is_enabled") else True
            col = _ICON if enabled else (125, 115, 104)
            draw_icon(surface, kind, b.get_abs_rect(), col)

    # ------------------------------------------------------------ life cycle
    def close(self) -> None:
        self.replaying = False
        app = self.app
        try:
            if app is None or getattr(app, "autosave_enabled", True):
                self.autosaver.update(self.match, self.final if self.browsing else None)
        except Exception:
            pass
        self.autosaver.flush(5.0)


def draw_icon(surface: pygame.Surface, kind: str, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """Small antialiased icons drawn on blank buttons (the UI font has no such glyphs):
    first |◀, back ◀, forward ▶, last ▶|, replay ↻▶, stop ■, save ⤓, load (folder), picture, gear."""
    s = min(rect.h, rect.w) * 0.36
    cx, cy = rect.center
    if kind == "gear":
        _gear(surface, (cx, cy), min(rect.h, rect.w) * 0.30, colour)
        return
    lw = max(2, round(s * 0.2))
    if kind == "stop":
        q = s * 0.55
        pygame.draw.rect(surface, colour, pygame.Rect(round(cx - q), round(cy - q), round(2 * q), round(2 * q)),
                         border_radius=max(1, lw // 2))
        return
    if kind == "replay":
        r = s * 0.78
        arc = [(cx + r * math.cos(a), cy + r * math.sin(a))
               for a in (math.radians(d) for d in range(-60, 241, 15))]
        pygame.draw.lines(surface, colour, False, arc, lw)
        ex, ey = arc[0]
        D.polygon_aa(surface, colour, [(ex + s * 0.34, ey - s * 0.05), (ex - s * 0.18, ey - s * 0.36),
                                       (ex - s * 0.12, ey + s * 0.26)])
        t = s * 0.34
        D.polygon_aa(surface, colour, [(cx + t, cy), (cx - t * 0.6, cy - t), (cx - t * 0.6, cy + t)])
        return
    if kind == "save":
        top, bot = cy - s * 0.75, cy + s * 0.25
        pygame.draw.line(surface, colour, (cx, top), (cx, bot - s * 0.2), lw)
        D.polygon_aa(surface, colour, [(cx, bot + s * 0.12), (cx - s * 0.42, bot - s * 0.34),
                                       (cx + s * 0.42, bot - s * 0.34)])
        tray = [(cx - s * 0.8, cy + s * 0.2), (cx - s * 0.8, cy + s * 0.72), (cx + s * 0.8, cy + s * 0.72),
                (cx + s * 0.8, cy + s * 0.2)]
        pygame.draw.lines(surface, colour, False, tray, lw)
        return
    if kind == "load":
        body = pygame.Rect(round(cx - s * 0.85), round(cy - s * 0.45), round(s * 1.7), round(s * 1.15))
        tab = pygame.Rect(body.x, body.y - round(s * 0.25), round(s * 0.7), round(s * 0.35))
        pygame.draw.rect(surface, colour, tab, border_radius=max(1, lw // 2))
        pygame.draw.rect(surface, colour, body, border_radius=max(1, lw // 2))
        pygame.draw.line(surface, (58, 44, 34), (body.x + lw, body.y + round(s * 0.3)),
                         (body.right - lw - 1, body.y + round(s * 0.3)), max(1, lw // 2))
        return
    if kind == "picture":
        frame = pygame.Rect(round(cx - s * 0.9), round(cy - s * 0.65), round(s * 1.8), round(s * 1.3))
        pygame.draw.rect(surface, colour, frame, lw, border_radius=max(1, lw // 2))
        D.polygon_aa(surface, colour, [(frame.x + lw, frame.bottom - lw), (cx - s * 0.2, cy - s * 0.1),
                                       (cx + s * 0.25, cy + s * 0.3), (cx + s * 0.45, cy + s * 0.1),
                                       (frame.right - lw, frame.bottom - lw)])
        pygame.draw.circle(surface, colour, (round(cx + s * 0.45), round(cy - s * 0.3)), max(2, round(s * 0.17)))
        return
    w = s * 0.9
    if kind in ("back", "first"):
        tri = [(cx - w * 0.55, cy), (cx + w * 0.45, cy - s * 0.62), (cx + w * 0.45, cy + s * 0.62)]
    else:
        tri = [(cx + w * 0.55, cy), (cx - w * 0.45, cy - s * 0.62), (cx - w * 0.45, cy + s * 0.62)]
    if kind in ("first", "last"):
        shift = w * 0.28 * (1 if kind == "first" else -1)
        tri = [(x + shift, y) for x, y in tri]
        bar_x = cx - w * 0.62 if kind == "first" else cx + w * 0.62
        bar_x += shift
        bw = max(2, int(s * 0.22))
        pygame.draw.rect(surface, colour, pygame.Rect(int(bar_x - bw / 2), int(cy - s * 0.62), bw, int(s * 1.24) + 1))
    D.polygon_aa(surface, colour, tri)


def _gear(surface: pygame.Surface, c: tuple[float, float], r: float, colour: tuple[int, int, int]) -> None:
    teeth = 8
    pts = []
    for i in range(teeth * 4):
        a = 2 * math.pi * i / (teeth * 4)
        rr = r if (i % 4) in (0, 1) else r * 0.74
        pts.append((c[0] + rr * math.cos(a + math.pi / (teeth * 4)), c[1] + rr * math.sin(a + math.pi / (teeth * 4))))
    D.polygon_aa(surface, colour, pts)
    pygame.draw.circle(surface, (58, 44, 34), (round(c[0]), round(c[1])), max(2, round(r * 0.36)))
