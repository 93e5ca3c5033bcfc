"""The card in which a player writes or edits a move's comment.

``CommentCard`` is a question card (``game.ui.dialogs.QuestionCard``: the game's card style,
centred, sized to its words, Escape or Cancel to leave) with a text box under its words: the
box holds the comment and has the keyboard from the start, so a player types at once; Enter
(or Save) keeps what the box holds. ``answer`` is the box's text when it was kept; the card
posts ``UI_CONFIRMATION_DIALOG_CONFIRMED`` then, like every question card.
"""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from ..i18n import _
from ..themes import CLASSIC, Theme
from .dialogs import Px, QuestionCard
from .entry import TextEntry

__all__ = ["CommentCard", "MAX_COMMENT"]

MAX_COMMENT = 400          # characters a comment may hold (a record keeps it on one line)
ENTRY_H = 36               # the text box's height (px at UI scale 1)


class CommentCard(QuestionCard):
    """A move's comment in a text box on a card (see the module docstring)."""

    def __init__(self, manager: pygame_gui.UIManager, px: Px, title: str, text: str, comment: str, *,
                 theme: Theme = CLASSIC) -> None:
        self.comment = comment
        self.entry: TextEntry | None = None
        self.answer: str | None = None
        self._text_h = 0
        super().__init__(manager, px, title, text, _("Save"), _("Cancel"), theme=theme)

    def _plan(self) -> dict[str, Any]:
        plan = super()._plan()
        self._text_h = plan["body_h"]
        plan["body_h"] += self.px(ENTRY_H) + self.px(10)        # the box goes under the words
        return plan

    def _lay_out(self) -> None:
        typed = self.entry.get_text() if self.entry is not None else self.comment
        super()._lay_out()                  # (every part made anew: the box too)
        body = self.body.relative_rect
        self.body.set_dimensions((body.w, self._text_h))
        pad = self.body.pad_x
        r = pygame.Rect(body.x + pad, body.y + self._text_h + self.px(10), body.w - 2 * pad, self.px(ENTRY_H))
        self.entry = TextEntry(r, self.ui_manager, container=self, max_length=MAX_COMMENT,
                               placeholder_text=_("Write a comment on this move"))
        self.entry.set_text(typed)
        self.entry.take_keyboard()

    @property
    def fits(self) -> bool:
        return super().fits and self.entry is not None and self.rect.contains(self.entry.rect)

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.confirm_button:
            self.answer = self.text_typed()
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.answer = self.text_typed()          # Enter in the box: kept, as Save does
            pygame.event.post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                                 {"ui_element": self, "ui_object_id": self.most_specific_combined_id}))
            self.kill()
            return True
        return super().process_event(event)

    def text_typed(self) -> str:
        return self.entry.get_text() if self.entry is not None else self.comment
