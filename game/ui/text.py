"""Text widgets and helpers shared by the scenes.

* ``StatusText``: a few wrapped lines of coloured text (a small HTML subset), laid out in well
  under a millisecond, set smaller then cut when too long, never scrolled.
* ``FastLabel``: a one-line label that keeps a picture of every text it has shown.
* ``wrap``: split plain text into lines that fit a width; ``rich_runs``: the HTML subset parsed.
* ``warm_font`` / ``prime_disabled_look``: first-time work done ahead of the frame that needs it.
"""
from __future__ import annotations

import html
import re
from typing import Any

import pygame
from pygame_gui.core import UIElement

from ..views import draw as D
from .style import LIST_PLAYED, STATUS_BG, STATUS_BORDER

__all__ = ["FastLabel", "StatusText", "prime_disabled_look", "rich_runs", "warm_font", "wrap"]


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines that fit ``width`` pixels (a word longer than the width stands alone)."""
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in para.split():
            trial = f"{cur} {word}".strip()
            if font.size(trial)[0] <= width or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = word
        lines.append(cur)
    return lines


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
