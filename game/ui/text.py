"""Text widgets and helpers shared by the scenes.

* ``StatusText``: a few wrapped lines of coloured text (a small HTML subset), laid out in well
  under a millisecond, set smaller then cut when too long, never scrolled.
* ``FastLabel``: a one-line label that keeps a picture of every text it has shown.
* ``wrap``: split plain text into lines that fit a width; ``rich_runs``: the HTML subset parsed.
* ``warm_font`` / ``prime_disabled_look``: first-time work done ahead of the frame that needs it.
"""
from __future__ import annotations

import html
import logging
import re
from typing import Any, Protocol

import pygame
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton

from ..views import draw as D
from ..themes import CLASSIC, Theme
from .style import LIST_PLAYED

log = logging.getLogger(__name__)

__all__ = ["FastLabel", "StatusText", "break_units", "cuts", "ellipsize", "prime_disabled_look", "rich_runs",
           "warm_font", "watch_cuts", "wrap", "wrapped_html"]


_CLOSING = ",.;:!?)]}…%»”’"
_SEPARATORS = "/\\"


def _parts(word: str, fits: Any) -> list[str]:
    """Where a word too wide for a line may break: after path separators (``/``, ``\\``), else
    after hyphens, underscores and dots; a part still too wide (``fits(text)`` false) breaks
    between characters."""
    for seps in (_SEPARATORS, "-_."):
        parts = [q for q in re.split("(?<=[" + re.escape(seps) + "])", word) if q]
        if len(parts) > 1:
            break
    else:
        parts = [word]
    out: list[str] = []
    for part in parts:
        out.extend(list(part) if len(part) > 1 and not fits(part) else [part])
    return out


# Line breaking in Japanese (kinsoku): no line starts with a closing mark, a small kana or a
# prolonged sound mark, none ends with an opening mark; between two other characters where
# either is wide (kana, kanji, full-width forms) a line may break without a space.
NO_LINE_START = _CLOSING + ("、。，．・：；？！゛゜ー〜‥)）]］}｝〕〉》」』】〙〗〟’”ゝゞヽヾ々"
                           "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ")
NO_LINE_END = "(（[［{｛〔〈《「『【〘〖〝‘“"
_WIDE = ((0x2E80, 0x303F), (0x3040, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF),
         (0x20000, 0x2FFFF))


def wide(ch: str) -> bool:
    """Is the character one of the scripts written without spaces (Japanese, Chinese)?"""
    o = ord(ch)
    return o >= _WIDE[0][0] and any(lo <= o <= hi for lo, hi in _WIDE)     # (most text is below them all)


def _segments(word: str) -> list[str]:
    """A word (no spaces) cut where a line may break inside it: between wide characters, never
    before a mark that may not start a line nor after one that may not end it."""
    segs: list[str] = []
    for ch in word:
        if not segs:
            segs.append(ch)
        elif ch in NO_LINE_START or segs[-1][-1] in NO_LINE_END:
            segs[-1] += ch
        elif wide(ch) or wide(segs[-1][-1]):
            segs.append(ch)
        else:
            segs[-1] += ch
    return segs


# where a line may break: spaces, never a no-break space (the thousands of '1 500' in Uzbek,
# which str.split() would break on)
_BREAKS = re.compile(r"[ \t\r\f\v\u2000-\u2006\u2008-\u200b\u3000]+")


def break_units(para: str) -> list[tuple[str, bool]]:
    """The pieces of a paragraph a line may break between, each with whether a space stands
    before it: English words (a lone closing mark kept with the word before it, so that no line
    starts with punctuation: "a , b"), and in Japanese single characters with their marks."""
    out: list[tuple[str, bool]] = []
    for word in _BREAKS.split(para):
        if not word:
            continue
        for i, seg in enumerate(_segments(word)):
            if out and i == 0 and all(c in NO_LINE_START for c in seg):
                text, spaced = out[-1]
                out[-1] = (f"{text} {seg}", spaced)
            elif out and i > 0:
                out.append((seg, False))
            else:
                out.append((seg, bool(out)))
    return out


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines that fit ``width`` pixels. Lines break at spaces and, in Japanese,
    between characters (``break_units``), never before a closing mark (。、」…) nor after an
    opening one; a word wider than a line (a file path) breaks after its ``/`` or ``\\``; a word
    of three letters or fewer is not left alone on a paragraph's last line."""
    lines: list[str] = []

    def fits(t: str) -> bool:
        return font.size(t)[0] <= width

    for para in text.split("\n"):
        first = len(lines)
        cur = ""
        at_space = False                # the last line break was at a space (not in a Japanese run)
        for unit, spaced in break_units(para):
            glue = " " if spaced and cur else ""
            trial = f"{cur}{glue}{unit}" if cur else unit
            if fits(trial):
                cur = trial
                continue
            if fits(unit):
                lines.append(cur)
                cur, at_space = unit, spaced
                continue
            at_space = False
            cur = f"{cur}{glue}" if cur else ""          # too wide for any line: in parts, from here on
            for part in _parts(unit, fits):
                if cur.strip() and not fits(cur + part):
                    lines.append(cur.rstrip())
                    cur = ""
                cur += part
        # no word of three letters or fewer alone on a paragraph's last line ('Oq 0.' broken
        # before its '0.'): the word before it comes down with it, where it fits
        if at_space and len(lines) > first and " " not in cur.strip() and 0 < len(cur.strip()) <= 3 \
                and " " in lines[-1]:
            head, _sp, word = lines[-1].rpartition(" ")
            if head.strip() and fits(f"{word} {cur}"):
                lines[-1], cur = head, f"{word} {cur}"
        lines.append(cur)
    return lines


def wrapped_html(text: str, font: pygame.font.Font, width: int) -> str:
    """Plain text as a text box's HTML with the lines already broken (``wrap``), so that a
    pygame-gui box, which breaks only at spaces (and hyphenates a long Japanese run), has
    nothing left to break."""
    return "<br>".join(html.escape(line) for line in wrap(text, font, width))


# ---------------------------------------------------------------- texts cut with an ellipsis
# Every place that shortens a text with '…' to fit goes through ``ellipsize`` and says what the
# text is (``what``). While the layout audit watches (``watch_cuts``) each cut is noted, so the
# audit fails on a text a player needs (tests/test_layout_audit.py: only a few kinds, such as a
# long folder path, may be cut). Nothing is noted otherwise.
_cuts: list[tuple[str, str, str]] | None = None


def watch_cuts(on: bool) -> None:
    """Start (a fresh list) or stop noting the texts ``ellipsize`` cuts."""
    global _cuts
    _cuts = [] if on else None


def cuts() -> list[tuple[str, str, str]]:
    """The texts cut since ``watch_cuts(True)``: (what, the whole text, what was shown)."""
    return list(_cuts or ())


class Measures(Protocol):
    """What measures a text: a pygame font, or a pygame-gui widget's own font."""

    def size(self, text: str) -> tuple[int, int]: ...


def ellipsize(text: str, font: Measures, width: int, what: str, strip: str = " ") -> str:
    """``text`` cut with an ellipsis to at most ``width`` pixels in ``font`` (the whole text
    when it fits); ``what`` names the kind of text for the audit, ``strip`` what may not stand
    before the '…'."""
    if font.size(text)[0] <= width:
        return text
    shown = text
    while shown and font.size(shown + "…")[0] > width:
        shown = shown[:-1]
    shown = shown.rstrip(strip) + "…"
    if _cuts is not None and len(_cuts) < 1000:
        _cuts.append((what, text, shown))
    return shown


GLYPHS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;!?()-–…'×·%"


def warm_font(size: int, bold: bool = False) -> None:
    """Load a font size's glyphs now (a few ms), not in the frame that first needs them."""
    D.font(int(size), bool(bold)).size(GLYPHS)


def prime_disabled_look(button: UIButton | None) -> None:
    """Make pygame-gui draw a button's disabled look now (it does so the first time the button
    is disabled, ~1 ms a button, often in the frame of a move); the button is left as it was."""
    if button is None or not button.alive() or not button.is_enabled or button.hovered:
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
            rgb = c.group(1) if c else ""
            colours.append((int(rgb[0:2], 16), int(rgb[2:4], 16), int(rgb[4:6], 16)) if c else colours[-1])
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
                 size: int = 15, framed: bool = True) -> None:
        super().__init__(rect, manager, container, starting_height=1, layer_thickness=1,
                         element_id=["status_text"])
        self.scale = max(0.5, float(scale))
        self.size = size
        self.framed = framed     # the status box's fill and border (False: words on what lies under)
        self.pad_x, self.pad_y = self._px(10), self._px(6)
        self.html_text = ""
        self.head = ""           # a headline over the text, larger and centred (the game-over banner)
        self.renders = 0
        self._widths: dict[tuple[int, bool, str], int] = {}
        self._redraw()


    _theme: Theme = CLASSIC

    @property
    def theme(self) -> Theme:
        """The colours it is drawn in (its owner sets the app's theme; classic by default)."""
        return self._theme

    @theme.setter
    def theme(self, theme: Theme) -> None:
        if theme is not self._theme:
            self._theme = theme
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

    def set_text(self, html_text: str, head: str = "") -> None:
        """The text (the HTML subset) and, with ``head``, a headline over it: then the box is a
        banner (a gold border, the lines centred)."""
        if html_text != self.html_text or head != self.head:
            self.html_text = html_text
            self.head = head
            self._redraw()

    def head_font(self) -> pygame.font.Font:
        """The headline's font (at the UI scale)."""
        return D.font(self._px(round(self.size * 1.6)), True)

    def _head_height(self, head: str) -> int:
        return self.head_font().get_linesize() + self._px(4) if head else 0

    def set_dimensions(self, dimensions: Any, clamp_to_container: bool = False) -> None:
        super().set_dimensions(dimensions, clamp_to_container)
        self._redraw()

    def _wrap(self, size: int, width: int) -> list[list[tuple[str, tuple[int, int, int], bool, int]]]:
        """Lines of (text, colour, bold, x) for a font size.

        Lines break at spaces (a word may be made of runs of several colours: "<b>c3</b>,"
        stays one word) and, in Japanese, between characters as ``break_units`` allows (kinsoku:
        never before 。、」 nor after 「); never before a lone closing mark; a word wider than the
        line (a file path) breaks after its separators; no line starts with a space."""
        fonts = {False: D.font(size, False), True: D.font(size, True)}
        lines: list[list[tuple[str, tuple[int, int, int], bool, int]]] = []
        for para in rich_runs(self.html_text, LIST_PLAYED):
            # words as lists of styled pieces; ``spaces[k]``: a space stands before word k (a
            # Japanese word boundary has none)
            words: list[list[tuple[str, tuple[int, int, int], bool]]] = [[]]
            spaces: list[bool] = [False]
            spaced = False
            for text, colour, bold in para:
                for tok in re.split(r"(\s+)", text):
                    if not tok:
                        continue
                    if tok.isspace():
                        spaced = True
                        continue
                    segs = _segments(tok) if any(wide(ch) for ch in tok) else [tok]
                    for i, seg in enumerate(segs):
                        if i > 0:
                            words.append([])
                            spaces.append(False)
                        elif spaced and words[-1] and not all(c in NO_LINE_START for c in seg):
                            words.append([])
                            spaces.append(True)
                        elif spaced and words[-1]:
                            t, c, b = words[-1][-1]
                            words[-1][-1] = (t + " ", c, b)
                        elif (words[-1] and wide(seg[0]) and wide(words[-1][-1][0][-1])
                              and seg[0] not in NO_LINE_START and words[-1][-1][0][-1] not in NO_LINE_END):
                            words.append([])               # a new run in the middle of Japanese
                            spaces.append(False)
                        words[-1].append((seg, colour, bold))
                    spaced = False
            line: list[tuple[str, tuple[int, int, int], bool, int]] = []
            x = 0
            space = {b: self._w(fonts[b], size, b, " ") for b in (False, True)}
            for word, spaced_before in zip(words, spaces):
                if not word:
                    continue
                ww = sum(self._w(fonts[b], size, b, t) for t, _, b in word)
                gap = space[word[0][2]] if line and spaced_before else 0
                if line and x + gap + ww > width and ww <= width:
                    lines.append(line)
                    line, x, gap = [], 0, 0
                if ww > width:            # wider than any line (a file path): in parts, from here on
                    pieces = [(q, c, b) for t, c, b in word
                              for q in _parts(t, lambda q, b=b: self._w(fonts[b], size, b, q) <= width)]
                else:
                    pieces = word
                x += gap
                for t, c, b in pieces:
                    tw = self._w(fonts[b], size, b, t)
                    if line and x + tw > width and ww > width:
                        lines.append(line)
                        line, x, gap = [], 0, 0
                    if line and line[-1][1] == c and line[-1][2] == b and \
                            line[-1][3] + self._w(fonts[b], size, b, line[-1][0]) + (space[b] if gap else 0) >= x - 1:
                        pt, pc, pb, px0 = line[-1]
                        merged = pt + (" " if gap else "") + t
                        line[-1] = (merged, pc, pb, px0)
                        # the run is drawn whole: its end is where the font sets it (kerned), not the
                        # sum of its words, else the next run of another style stands off by a gap
                        x = px0 + self._w(fonts[b], size, b, merged)
                    else:
                        line.append((t, c, b, x))
                        x += tw
                    gap = 0
            lines.append(line)
        return lines

    def _line_height(self, size: int) -> int:
        return D.font(size, False).get_linesize() + max(1, size // 5)

    def needed_height(self, html_text: str | None = None, head: str | None = None) -> int:
        """The height the text needs at the style's size (no smaller type, nothing cut)."""
        keep = self.html_text
        if html_text is not None:
            self.html_text = html_text
        try:
            size = self._px(self.size)
            lines = self._wrap(size, max(1, self.rect.w) - 2 * self.pad_x)
        finally:
            self.html_text = keep
        lh = self._line_height(size)
        head_h = self._head_height(self.head if head is None else head)
        return len(lines) * lh - (lh - D.font(size, False).get_linesize()) + 2 * self.pad_y + head_h

    @staticmethod
    def _plain(line: list[tuple[str, tuple[int, int, int], bool, int]], size: int) -> str:
        """A laid-out line as plain text (a space where pieces stand apart)."""
        out, end = "", 0
        for text, _, bold, x in line:
            if out and x > end + 1:
                out += " "
            out += text
            end = x + D.font(size, bold).size(text)[0]
        return out

    @property
    def fits(self) -> bool:
        """The text is shown whole at the style's size (not set smaller, not cut)."""
        return not self.shrunk and not self.cut

    def _redraw(self) -> None:
        w, h = max(1, self.rect.w), max(1, self.rect.h)
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        t = self.theme
        if self.framed:
            img.fill(t.status_bg)
        if self.head:
            pygame.draw.rect(img, t.banner_border, img.get_rect(), max(2, self._px(2)))
        elif self.framed:
            pygame.draw.rect(img, t.status_border, img.get_rect(), 1)
        head_h = self._head_height(self.head)
        width, room = w - 2 * self.pad_x, h - 2 * self.pad_y - head_h
        size = self._px(self.size)
        smallest = self._smallest()
        while True:
            lines = self._wrap(size, width)
            lh = self._line_height(size)
            if len(lines) * lh - (lh - D.font(size, False).get_linesize()) <= room or size <= smallest:
                break
            size -= 1
        fit = max(1, (room + lh - D.font(size, False).get_linesize()) // lh)
        self.shown_size = size
        self.shrunk = size < self._px(self.size)
        self.cut = len(lines) > fit
        # a text cut short can still be read whole: in the tooltip, under a resting pointer
        whole = "\n".join("".join(t for t, _c, _b in para) for para in rich_runs(self.html_text, LIST_PLAYED))
        tip = html.escape(((self.head + "\n") if self.head else "") + whole).replace("\n", "<br>") if self.cut else None
        if tip != self.tool_tip_text:
            self.set_tooltip(tip, delay=0.3)
        if len(lines) > fit:
            lines = lines[:fit]
            if lines[-1]:
                last, c, b, x0 = lines[-1][-1]
                lines[-1][-1] = (last.rstrip() + "…", c, b, x0)
        y = self.pad_y
        if self.head:
            pic = self.head_font().render(self.head, True, self.theme.banner_head)
            img.blit(pic, ((w - pic.get_width()) // 2, y))
            y += head_h
        for line in lines:
            shift = 0
            if self.head and line:          # a banner: lines centred
                last, _, b, x0 = line[-1]
                shift = max(0, (width - (x0 + D.font(size, b).size(last)[0])) // 2)
            for text, colour, bold, x in line:
                img.blit(D.font(size, bold).render(text, True, colour), (self.pad_x + x + shift, y))
            y += lh
        self.lines = [self._plain(line, size) for line in lines]
        self._set_image(img.premul_alpha())
        self.renders += 1


def theme_colour(theme: Any, name: str, ids: list[str], default: tuple[int, ...]) -> pygame.Color:
    """A colour of pygame-gui's theme for these element ids; ``default`` where it has none usable."""
    try:
        c = theme.get_colour(name, ids)
        return pygame.Color(c)
    except Exception:           # pygame-gui's theme (a gradient, a missing or bad colour): our default
        log.debug("theme colour %s for %s not usable", name, ids, exc_info=True)
        return pygame.Color(*default)


def theme_font_size(theme: Any, ids: list[str], default: int) -> int:
    """The point size of pygame-gui's theme font for these element ids; ``default`` where it has
    none usable."""
    try:
        return int(theme.get_font(ids).get_point_size())
    except Exception:           # pygame-gui's theme (a missing or bad font block): our default
        log.debug("theme font for %s not usable", ids, exc_info=True)
        return int(default)


class FastLabel(UIElement):
    """A one-line label that keeps the picture of every text it has shown.

    A ``UILabel`` lays its text out again on every change (about a millisecond); the board's
    turn and count labels change with almost every move between a few texts ("Black to move",
    "White to move"), so this one only swaps a cached picture. Left-aligned, vertically centred,
    like the theme's labels; ``text`` and ``font`` as on a ``UILabel``. With an ``object_id`` its
    colour and size are that block's of the theme (``#player_label``), as a ``UILabel``'s are.
    Its font borrows what it lacks (``glyphs.Face``): a name from a record in any script.
    """

    def __init__(self, rect: pygame.Rect, text: str, manager: Any, container: Any = None, size: int = 15,
                 bold: bool = False, colour: tuple[int, int, int] = (241, 230, 210),
                 object_id: str | None = None) -> None:
        super().__init__(rect, manager, container, starting_height=1, layer_thickness=1,
                         object_id=object_id, element_id=["fast_label"])
        self.themed = object_id is not None
        self.points, self.bold = int(size), bool(bold)
        self.font = D.font(self.points, self.bold)
        self.colour = tuple(colour)
        self.text = ""
        self._pictures: dict[str, pygame.Surface] = {}
        self.renders = 0
        if self.themed:
            self.rebuild_from_changed_theme_data()
        self._show(str(text), force=True)

    def rebuild_from_changed_theme_data(self) -> None:
        """A themed label takes its block's colour and size again (a theme chosen in Settings)."""
        if not self.themed:
            return
        ids = self.combined_element_ids
        self.colour = tuple(theme_colour(self.ui_theme, "normal_text", ids, self.colour))[:3]
        self.points = theme_font_size(self.ui_theme, ids, self.points)
        self.font = D.font(self.points, self.bold)
        self._pictures.clear()
        self._show(self.text, force=True)

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
