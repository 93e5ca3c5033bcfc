"""A one-line text entry that draws exactly the text it holds.

pygame-gui's ``UITextEntryLine`` keeps two copies of its text: ``text`` and the laid-out text it
draws. They drift apart: ``set_text("")`` while it has the keyboard lays out the placeholder,
so the next letters are inserted into the hint ("Type a move: c3-d4, dc4>c5|4>a1") and a
select-all + BackSpace deletes from the hint, which stays drawn. This entry has one copy: its
picture is drawn again from ``text``, the cursor and the selection after every change.

* The placeholder (hint) is drawn only while the entry is empty and does not have the keyboard.
* Keys: characters (``TEXTINPUT``), BackSpace, Delete (the selection, else one character),
  Left/Right (Ctrl: a word), Home/End, Shift with any of them selects, Ctrl+A selects all,
  Ctrl+C/X/V copy, cut and paste (when the system clipboard is there), Enter posts
  ``pygame_gui.UI_TEXT_ENTRY_FINISHED`` (``event.text``, ``event.ui_element``) like the
  pygame-gui entry. Every other key is used up while the entry has the keyboard (Escape is
  the owner's: ``blur()`` gives the keyboard back).
* The mouse: a click takes the keyboard (pygame-gui's focus) and puts the cursor there,
  Shift+click or a drag selects, a double click selects all.
* Looks: the theme's ``text_entry_line`` block (colours, border, padding, font size, so the UI
  scale applies); the cursor blinks while the entry has the keyboard.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement

from ..views import draw as D
from .text import theme_colour, theme_font_size

log = logging.getLogger(__name__)

BLINK = 0.53            # seconds the cursor is on, then off
DOUBLE_CLICK = 0.4      # seconds between two clicks that select all
_CTRL = pygame.KMOD_CTRL | pygame.KMOD_META


class KeyboardTarget(UIElement):
    """A widget that takes the keyboard when the ring reaches it or a click lands on it
    (``game.ui.focus``: a Tab stop that, once reached, hears the keys): a text entry, the game
    library's list. ``take_keyboard()`` and ``blur()`` give it the keyboard and take it back."""

    def take_keyboard(self) -> None:
        """Take the keyboard (as a click on it does)."""
        mgr = self.ui_manager
        if mgr is not None:
            focused = mgr.get_focus_set()
            if focused and self in focused and not self.is_focused:
                mgr.set_focus_set(None)        # the manager and the entry disagree: start afresh
            mgr.set_focus_set(self)
        if not self.is_focused:
            self.focus()

    def blur(self) -> None:
        """Give the keyboard back: pygame-gui's focus goes too (else a click on the entry would
        not give it the keyboard again: the manager thinks it still has it)."""
        mgr = self.ui_manager
        focused = mgr.get_focus_set() if mgr is not None else None
        if focused and self in focused:
            mgr.set_focus_set(None)
        if self.is_focused:
            self.unfocus()


class TextEntry(KeyboardTarget):
    """A one-line text entry (see the module's docstring); ``get_text``/``set_text`` and
    ``is_focused`` as on a ``UITextEntryLine``; ``blur()`` gives the keyboard back."""

    def __init__(self, relative_rect: pygame.Rect, manager: Any, container: Any = None, *,
                 placeholder_text: str = "", max_length: int = 60, object_id: Any = None,
                 refuse: str = "", line_break: str = "") -> None:
        super().__init__(relative_rect, manager, container, starting_height=1, layer_thickness=1,
                         object_id=object_id, element_id=["text_entry_line"])
        self.text = ""
        self.refuse = str(refuse)       # characters it never takes (the move box: '/' and '?')
        self.line_break = str(line_break)   # what a pasted text's line breaks become ('': none)
        self.placeholder_text = str(placeholder_text)
        self.max_length = int(max_length)
        self.cursor = 0                 # index in text
        self.anchor = 0                 # the other end of the selection (== cursor: none)
        self.scroll = 0                 # pixels of text hidden on the left
        self.blink = 0.0
        self.cursor_on = True
        self._drag = False
        self._last_click = (-1.0, 0)      # (time, x) of the last click: a double click selects all
        self._clock = 0.0
        self._hold = False              # the next click keeps the whole text selected (``hold_selection``)
        self.shown = ""                 # what the picture shows (the text, the hint or nothing)
        self.rebuild_from_changed_theme_data()

    # ------------------------------------------------------------ the text
    def get_text(self) -> str:
        return self.text

    def set_placeholder(self, text: str) -> None:
        """A new hint for the empty entry (the move box's examples follow the game's phase)."""
        text = str(text)
        if text != self.placeholder_text:
            self.placeholder_text = text
            self._draw()

    def set_text(self, text: str) -> None:
        text = self._clean(str(text))[: self.max_length]
        self.text = text
        self.cursor = self.anchor = len(text)
        self.scroll = 0
        self._changed()

    def clear(self) -> None:
        self.set_text("")

    def selection(self) -> tuple[int, int]:
        return (min(self.cursor, self.anchor), max(self.cursor, self.anchor))

    def hold_selection(self) -> None:
        """Select the whole text, and keep it selected through the next click into the box (a
        refused move: clicking back in to try again, the next try replaces it rather than runs
        on after it); a second click places the cursor as usual."""
        self.select_all()
        self._hold = True

    def select_all(self) -> None:
        """The whole text selected (what is typed next replaces it)."""
        self.anchor, self.cursor = 0, len(self.text)

    def selected_text(self) -> str:
        a, b = self.selection()
        return self.text[a:b]

    def _clean(self, text: str) -> str:
        if self.line_break and len(text.splitlines()) > 1:       # one line, its parts kept apart
            text = self.line_break.join(line.strip() for line in text.splitlines() if line.strip())
        return "".join(ch for ch in text if ch.isprintable() and ch not in "\r\n\t" and ch not in self.refuse)

    def type_text(self, text: str) -> None:
        """``text`` typed at the cursor, as the keyboard types it."""
        self._replace(text)

    def _replace(self, new: str) -> None:
        """Replace the selection (or insert at the cursor) with ``new``."""
        a, b = self.selection()
        new = self._clean(new)[: max(0, self.max_length - (len(self.text) - (b - a)))]
        if not new and a == b:
            return
        self.text = self.text[:a] + new + self.text[b:]
        self.cursor = self.anchor = a + len(new)
        self._changed()

    # ------------------------------------------------------------ focus
    def focus(self) -> None:
        super().focus()
        pygame.key.set_repeat(500, 30)
        try:
            pygame.key.set_text_input_rect(self.rect)
        except Exception:   # pragma: no cover  (pygame: no text input rectangle on this platform)
            log.warning("no text input rectangle on this platform", exc_info=True)
        self._changed()

    def unfocus(self) -> None:
        super().unfocus()
        pygame.key.set_repeat(0)
        self.anchor = self.cursor
        self._drag = False
        self._changed()

    def hide(self) -> None:
        if self.is_focused:
            self.blur()
        super().hide()

    def disable(self) -> None:
        if self.is_focused:
            self.blur()
        super().disable()
        self._changed()

    def enable(self) -> None:
        super().enable()
        self._changed()

    # ------------------------------------------------------------ events
    def process_event(self, event: pygame.event.Event) -> bool:
        t = event.type
        if not (self.visible and self.is_enabled and self.alive()):
            return False
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.rect.collidepoint(event.pos):
                return False
            was_focused = bool(self.is_focused)
            if not was_focused:
                self.take_keyboard()
            x = int(event.pos[0])
            double = was_focused and 0 <= self._clock - self._last_click[0] < DOUBLE_CLICK \
                and abs(x - self._last_click[1]) <= 4
            self._last_click = (self._clock, x)
            hold, self._hold = self._hold, False
            if hold and self.anchor != self.cursor:
                self.anchor, self.cursor = 0, len(self.text)
            elif double:
                self.anchor, self.cursor = 0, len(self.text)
            else:
                self.cursor = self._index_at(event.pos[0])
                if not (pygame.key.get_mods() & pygame.KMOD_SHIFT):
                    self.anchor = self.cursor
                self._drag = True
            self._changed()
            return True
        if t == pygame.MOUSEMOTION and self._drag:
            self.cursor = self._index_at(event.pos[0])
            self._changed()
            return False
        if t == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag:
            self._drag = False
            return self.rect.collidepoint(event.pos)
        if not self.is_focused:
            return False
        if t == pygame.TEXTINPUT:
            self._replace(event.text)
            return True
        if t == pygame.KEYDOWN:
            return self._key(event)
        if t == pygame.KEYUP:
            return event.key != pygame.K_ESCAPE
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        k, mod = event.key, event.mod
        ctrl, shift = bool(mod & _CTRL), bool(mod & pygame.KMOD_SHIFT)
        a, b = self.selection()
        n = len(self.text)
        if k == pygame.K_ESCAPE:
            return False                        # the owner's (the board: give the keyboard back)
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for kind in (pygame_gui.UI_TEXT_ENTRY_FINISHED,):
                pygame.event.post(pygame.event.Event(kind, {"text": self.text, "ui_element": self,
                                                            "ui_object_id": self.most_specific_combined_id}))
            return True
        if ctrl and k == pygame.K_a:
            self.select_all()
        elif ctrl and k in (pygame.K_c, pygame.K_x):
            if a != b:
                self._put_clipboard(self.text[a:b])
                if k == pygame.K_x:
                    self._replace("")
        elif ctrl and k == pygame.K_v:
            self._replace(self._get_clipboard())
        elif k == pygame.K_BACKSPACE:
            if a == b and a > 0:
                self.anchor = self._word_left(a) if ctrl else a - 1
            self._replace("")
        elif k == pygame.K_DELETE:
            if a == b and b < n:
                self.anchor = self._word_right(b) if ctrl else b + 1
            self._replace("")
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            if k == pygame.K_HOME:
                to = 0
            elif k == pygame.K_END:
                to = n
            elif a != b and not shift:
                to = a if k == pygame.K_LEFT else b       # a selection collapses to its edge
            elif k == pygame.K_LEFT:
                to = self._word_left(self.cursor) if ctrl else max(0, self.cursor - 1)
            else:
                to = self._word_right(self.cursor) if ctrl else min(n, self.cursor + 1)
            self.cursor = to
            if not shift:
                self.anchor = to
        else:
            return True                         # any other key is the entry's while it has the keyboard
        self._changed()
        return True

    def _word_left(self, i: int) -> int:
        while i > 0 and self.text[i - 1] == " ":
            i -= 1
        while i > 0 and self.text[i - 1] != " ":
            i -= 1
        return i

    def _word_right(self, i: int) -> int:
        n = len(self.text)
        while i < n and self.text[i] == " ":
            i += 1
        while i < n and self.text[i] != " ":
            i += 1
        return i

    @staticmethod
    def _put_clipboard(text: str) -> None:
        try:
            pygame.scrap.put_text(text)
        except Exception:   # pragma: no cover  (pygame's clipboard: headless, or not initialised)
            log.warning("the clipboard cannot be written", exc_info=True)

    @staticmethod
    def _get_clipboard() -> str:
        try:
            return str(pygame.scrap.get_text() or "")
        except Exception:   # pragma: no cover  (pygame's clipboard: headless, or not initialised)
            log.warning("the clipboard cannot be read", exc_info=True)
            return ""

    # ------------------------------------------------------------ time
    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        self._clock += time_delta
        if self.hovered and self.is_enabled and self.ui_manager is not None:
            self.ui_manager.set_text_hovered(True)      # the I-beam mouse cursor, as on pygame-gui's entry
        if not self.is_focused:
            return
        self.blink += time_delta
        if self.blink >= BLINK:
            self.blink %= BLINK
            self.cursor_on = not self.cursor_on
            self._draw()

    # ------------------------------------------------------------ looks
    def rebuild_from_changed_theme_data(self) -> None:
        theme, ids = self.ui_theme, self.combined_element_ids
        self.bg = theme_colour(theme, "dark_bg", ids, (18, 15, 12, 208))
        self.fg = theme_colour(theme, "normal_text", ids, (239, 228, 208))
        self.sel_fg = theme_colour(theme, "selected_text", ids, (255, 255, 255))
        self.sel_bg = theme_colour(theme, "selected_bg", ids, (138, 98, 50))
        self.border_colour = theme_colour(theme, "normal_border", ids, (90, 68, 48))
        self.caret = theme_colour(theme, "text_cursor", ids, (240, 192, 112))
        self.dim = theme_colour(theme, "disabled_text", ids, (138, 124, 104))
        try:
            raw = theme.get_misc_data("border_width", ids) or 1
            width = int(raw) if not isinstance(raw, dict) else 1     # a width a side: our default
        except Exception:           # pygame-gui's theme: our default
            log.debug("theme border width for %s not usable", ids, exc_info=True)
            width = 1
        # in pygame-gui's shape (a width a side); the entry draws one width all round
        self.border_width = {"left": width, "right": width, "top": width, "bottom": width}
        try:
            pad = str(theme.get_misc_data("padding", ids) or "8,4").split(",")
            self.padding = (int(pad[0]), int(pad[1]))
        except Exception:           # pygame-gui's theme: our default
            log.debug("theme padding for %s not usable", ids, exc_info=True)
            self.padding = (8, 4)
        self.font = D.font(theme_font_size(theme, ids, 14))
        self._draw()

    def inner_rect(self) -> pygame.Rect:
        """Where the text goes, in the entry's own coordinates."""
        bw, (px, _py) = self.border_width["left"], self.padding
        return pygame.Rect(bw + px, bw, max(1, self.rect.w - 2 * (bw + px)), max(1, self.rect.h - 2 * bw))

    def _x_of(self, i: int) -> int:
        return self.font.size(self.text[:i])[0]

    def _index_at(self, x_abs: float) -> int:
        x = x_abs - self.rect.x - self.inner_rect().x + self.scroll
        best, best_d = 0, abs(x)
        for i in range(1, len(self.text) + 1):
            d = abs(self._x_of(i) - x)
            if d < best_d:
                best, best_d = i, d
        return best

    def _changed(self) -> None:
        self.blink = 0.0
        self.cursor_on = True
        self._draw()

    def _draw(self) -> None:
        w, h = max(1, self.rect.w), max(1, self.rect.h)
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        img.fill(self.bg)
        if self.border_width["left"] > 0:
            pygame.draw.rect(img, self.border_colour, img.get_rect(), self.border_width["left"])
        inner = self.inner_rect()
        focused = bool(self.is_focused)
        if not self.text:
            self.scroll = 0
            self.shown = "" if focused else self.placeholder_text
            if self.shown:
                pic = self.font.render(self.shown, True, self.dim)
                img.blit(pic, (inner.x, inner.centery - pic.get_height() // 2), area=pygame.Rect(0, 0, inner.w, h))
        else:
            self.shown = self.text
            cx = self._x_of(self.cursor)
            if cx - self.scroll > inner.w - 2:          # keep the cursor in view
                self.scroll = cx - inner.w + 2
            elif cx - self.scroll < 0:
                self.scroll = cx
            self.scroll = max(0, min(self.scroll, max(0, self._x_of(len(self.text)) - inner.w + 2)))
            line = pygame.Surface((inner.w, inner.h), pygame.SRCALPHA)
            line.fill((0, 0, 0, 0))
            th = self.font.get_height()
            ty = (inner.h - th) // 2
            colour = self.fg if self.is_enabled else self.dim
            line.blit(self.font.render(self.text, True, colour), (-self.scroll, ty))
            a, b = self.selection()
            if focused and a != b:
                xa, xb = self._x_of(a) - self.scroll, self._x_of(b) - self.scroll
                pygame.draw.rect(line, self.sel_bg, pygame.Rect(xa, ty, xb - xa, th))
                line.blit(self.font.render(self.text[a:b], True, self.sel_fg), (xa, ty))
            img.blit(line, inner.topleft)
        if focused and self.cursor_on:
            x = inner.x + self._x_of(self.cursor) - self.scroll if self.text else inner.x
            th = self.font.get_height()
            top = inner.centery - th // 2
            pygame.draw.line(img, self.caret, (x, top + 1), (x, top + th - 2), max(1, th // 14))
        self._set_image(img.premul_alpha())

    def set_dimensions(self, dimensions: Any, clamp_to_container: bool = False) -> None:
        super().set_dimensions(dimensions, clamp_to_container)
        self._draw()
