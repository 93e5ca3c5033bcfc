"""The questions the game asks, and pygame-gui's dialogs laid out for the window's UI scale.

Every question ("Resign?", "Play on from here?", "Replace the game?", "Delete the game?", ...)
is one ``QuestionCard`` (``ask``): a card in the theme's card colours, centred on the window,
as wide as its words need (within the window) and as tall as they make it, so a text is never
cut or scrolled; its buttons are measured from their fonts at the UI scale. Enter presses the
answer that goes on (``ok_button``), where the keyboard's ring starts (``first_ring``), Escape
the other, Tab moves between them. A question with a third answer (``other``: "Leave without
saving" beside "Stay" and "Save…") has its button left of the others; its press is the asker's
to hear, as pygame-gui's ``UI_BUTTON_PRESSED`` of ``other_button``. It posts what
pygame-gui's confirmation dialog posts (``UI_CONFIRMATION_DIALOG_CONFIRMED``, then
``UI_WINDOW_CLOSE`` as it goes), so whoever asked answers the same events; when the window
changes size it lays itself out again.

``UIFileDialog`` places its buttons, icons and boxes at fixed pixel sizes (buttons 30 px high),
while the theme's fonts grow with ``app.ui_scale`` (``scaled_theme``): on a 4K screen the OK and
Cancel texts no longer fit. ``fit_file_dialog`` moves and sizes those parts with the scene's
``px`` (identity at scale 1).
"""
from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.core.interfaces import IUIManagerInterface
from pygame_gui.core.utility import translate
from pygame_gui.elements import UIButton, UIImage, UIWindow

from ..i18n import _
from ..themes import CLASSIC, Theme
from ..views import draw as D
from .focus import GameDialog
from .text import FastLabel, StatusText

__all__ = ["QuestionCard", "ask", "fit_file_dialog"]

Px = Callable[[float], int]


def _button_row(buttons: list[UIButton], px: Px) -> int:
    """Bottom-right buttons (the last one rightmost) as high and as wide as their text needs
    (pygame-gui sized them for its own font); their height."""
    g = px(10)
    bh = px(30)
    for b in buttons:
        font = b.font
        if font is not None:
            bh = max(bh, font.get_rect(_("Cancel")).h + px(8))
    for b in buttons:           # (each is placed from its right neighbour: pygame-gui's anchors)
        w = b.rect.w if b.font is None else max(b.rect.w, b.font.get_rect(translate(b.text)).w + px(24))
        b.set_dimensions((w, bh))
        b.set_relative_position((-(w + g), -(g + bh)))
        b.rebuild()             # (a button made taller keeps its text where it was: laid out again)
    return bh


def fit_file_dialog(dlg: Any, px: Px) -> Any:
    """A ``UIFileDialog`` at the UI scale: icon buttons, path line, file list, OK and Cancel."""
    try:
        bh = _button_row([dlg.ok_button, dlg.cancel_button], px)
        cw, ch = dlg.get_container().get_size()
        g = px(10)
        s = px(23)            # (the theme's corner radius fits from 23 px a side, scaled)
        for i, b in enumerate((dlg.home_button, dlg.delete_button, dlg.parent_directory_button,
                               dlg.refresh_button)):
            b.set_dimensions((s, s))
            b.set_relative_position((g + i * (s + px(2)), g))
            b.rebuild()
        line = dlg.file_path_text_line
        line.set_relative_position((g, g + s + g))
        line.set_dimensions((cw - 2 * g, line.rect.h))
        top = g + s + g + line.rect.h + g
        dlg.file_selection_list.set_relative_position((g, top))
        dlg.file_selection_list.set_dimensions((cw - 2 * g, max(px(60), ch - top - 2 * g - bh)))
    except AttributeError:
        pass
    return dlg


# ====================================================================== the question card
BODY_SIZE = 16          # the question's words (px at UI scale 1)
TITLE_SIZE = 21
WIDTHS = (440, 560, 700)        # the card's widths tried, narrowest first (px at scale 1)
TALL = 0.45                     # a text taller than this share of the window tries a wider card


class QuestionCard(UIWindow, GameDialog):
    """One question in the game's card style (see the module docstring). ``confirm_button``
    (also ``ok_button``: what Enter presses) goes on, ``cancel_button`` does not (``cancel``
    '': a card that only tells, with its one answer), ``other_button`` (``other``) is a third answer
    or None; ``title``, ``text`` (the status line's small HTML subset: ``<br>``, ``<b>``) and the
    button words are kept, so the card can lay itself out again at another size."""

    def __init__(self, manager: IUIManagerInterface, px: Px, title: str, text: str, ok: str,
                 cancel: str | None = None, *, other: str = "", danger: bool = False, theme: Theme = CLASSIC) -> None:
        cancel = _("Cancel") if cancel is None else cancel
        self.px = px
        self.title, self.text, self.ok, self.cancel, self.other = title, text, ok, cancel, other
        self.danger = danger
        self.theme = theme
        self._built_for: tuple[Any, ...] = ()
        super().__init__(pygame.Rect(0, 0, px(WIDTHS[0]), px(200)), manager, window_display_title=title,
                         object_id="#question_card", resizable=False, draggable=False)
        self.set_blocking(True)
        # the card takes the keyboard: a text box that had it (a typed move asking "Play on from
        # here?") lets go, so Enter answers the card as it says
        manager.set_focus_set(self)
        self.confirm_button: UIButton
        self.cancel_button: UIButton | None      # (none on a card that only tells: ``cancel`` '')
        self.other_button: UIButton | None       # (none but on a question with a third answer)
        self.title_label: FastLabel
        self.body: StatusText
        self._lay_out()

    # ------------------------------------------------------------ layout
    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.ui_manager.window_resolution), self.px(100))

    def _plan(self) -> dict[str, Any]:
        """Sizes: the card's width (the narrowest that keeps the words short of ``TALL`` of
        the window), the buttons' widths and height, the body's height."""
        px = self.px
        win_w, win_h = self.ui_manager.window_resolution
        pad, gap = px(22), px(10)
        bfont, pfont = D.font(px(16), True), D.font(px(18), True)
        bh = max(px(38), pfont.get_linesize() + px(12))
        ok_w = max(px(110), pfont.size(self.ok)[0] + px(40))
        cancel_w = max(px(110), bfont.size(self.cancel)[0] + px(40)) if self.cancel else 0
        other_w = max(px(110), bfont.size(self.other)[0] + px(40)) if self.other else 0
        title_font = D.font(px(TITLE_SIZE), True)
        need_w = max(title_font.size(self.title)[0],
                     ok_w + sum(gap + w for w in (cancel_w, other_w) if w))
        room = win_w - 2 * px(24)
        probe = StatusText(pygame.Rect(0, 0, 10, 10), self.ui_manager, scale=px(100) / 100,
                           size=BODY_SIZE, framed=False)
        try:
            for wanted in WIDTHS:
                inner = min(room - 2 * pad, max(px(wanted) - 2 * pad, need_w))
                probe.set_dimensions((inner + 2 * probe.pad_x, 10))
                body_h = probe.needed_height(self.text)
                if body_h <= TALL * win_h:
                    break
        finally:
            probe.kill()
        return {"pad": pad, "gap": gap, "bh": bh, "ok_w": ok_w, "cancel_w": cancel_w, "other_w": other_w,
                "inner": inner,
                "body_h": body_h, "title_h": title_font.get_linesize(), "body_pad": probe.pad_x}

    def _lay_out(self) -> None:
        """Make the card's parts for the window as it is (again after a resize)."""
        for el in list(self.get_container()):       # (a container iterates over its elements)
            el.kill()
        px = self.px
        p = self._plan()
        pad, inner, bh = p["pad"], p["inner"], p["bh"]
        shadow = px(6)
        w = inner + 2 * pad
        title_y = pad
        body_y = title_y + p["title_h"] + px(8)
        buttons_y = body_y + p["body_h"] + px(14)
        h = buttons_y + bh + pad
        win_w, win_h = self.ui_manager.window_resolution
        self.set_dimensions((w + shadow, h + shadow))
        self.set_position(((win_w - w) // 2, max(0, (win_h - h) // 2)))
        theme = self.theme
        pic = pygame.Surface((w + shadow, h + shadow), pygame.SRCALPHA)
        pic.blit(D.rounded_panel((w, h), theme.panel_shadow, radius=px(14)), (shadow, shadow))
        pic.blit(D.rounded_panel((w, h), theme.card_fill[:3] + (250,), radius=px(14),
                                 border=theme.card_border, border_width=max(2, px(2))), (0, 0))
        UIImage(pygame.Rect(0, 0, w + shadow, h + shadow), pic, self.ui_manager, container=self)
        self.title_label = FastLabel(pygame.Rect(pad, title_y, inner, p["title_h"]), self.title,
                                     self.ui_manager, container=self, size=px(TITLE_SIZE), bold=True,
                                     colour=theme.heading)
        self.body = StatusText(pygame.Rect(pad - p["body_pad"], body_y, inner + 2 * p["body_pad"], p["body_h"]),
                               self.ui_manager, container=self, scale=px(100) / 100, size=BODY_SIZE, framed=False)
        self.body.theme = theme
        self.body.set_text(self.text)
        right = pad + inner
        self.confirm_button = UIButton(pygame.Rect(right - p["ok_w"], buttons_y, p["ok_w"], bh), self.ok,
                                       self.ui_manager, container=self,
                                       object_id="#danger_button" if self.danger else "#primary_button")
        self.cancel_button = None if not self.cancel else UIButton(
            pygame.Rect(right - p["ok_w"] - p["gap"] - p["cancel_w"], buttons_y, p["cancel_w"], bh), self.cancel,
            self.ui_manager, container=self)
        left = right - p["ok_w"] - (p["gap"] + p["cancel_w"] if p["cancel_w"] else 0)
        self.other_button = None if not self.other else UIButton(
            pygame.Rect(left - p["gap"] - p["other_w"], buttons_y, p["other_w"], bh), self.other,
            self.ui_manager, container=self)
        self.ok_button = self.confirm_button
        self._built_for = self._key()

    @property
    def fits(self) -> bool:
        """Every word shows, at its size, inside the card and the window."""
        win = pygame.Rect((0, 0), self.ui_manager.window_resolution)
        return self.body.fits and win.contains(self.rect) and all(
            self.rect.contains(el.rect) for el in (self.title_label, self.body, self.confirm_button,
                                                   self.cancel_button, self.other_button) if el is not None)

    def first_ring(self) -> UIButton:
        """The keyboard's ring starts on the answer Enter presses, so the ring shows what Enter
        does; on a danger question (Resign, Delete) too: the ring on Cancel would make Enter
        cancel there and confirm on every other card, and the danger answer is red and named
        for what it does, a second key away from the button that asked."""
        return self.confirm_button

    # ------------------------------------------------------------ events
    def update(self, time_delta: float) -> None:
        if self._key() != self._built_for and self.alive():
            self._lay_out()                 # the window (or its UI scale) changed
        super().update(time_delta)

    def process_event(self, event: pygame.event.Event) -> bool:
        used = super().process_event(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is not None \
                and event.ui_element in (self.cancel_button, self.other_button):
            # (UIWindow.kill posts UI_WINDOW_CLOSE: after the third answer's press, which its
            # asker hears first, so the close is no answer of its own then)
            self.kill()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.confirm_button:
            pygame.event.post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                                 {"ui_element": self, "ui_object_id": self.most_specific_combined_id}))
            self.kill()
            return True
        return used


def ask(manager: IUIManagerInterface, px: Px, title: str, text: str, ok: str, cancel: str | None = None, *,
        other: str = "", danger: bool = False, theme: Theme = CLASSIC) -> QuestionCard:
    """A question on its card in the middle of the window (see ``QuestionCard``)."""
    return QuestionCard(manager, px, title, text, ok, cancel, other=other, danger=danger, theme=theme)
