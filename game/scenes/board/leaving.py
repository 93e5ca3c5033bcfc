"""The question before leaving a board whose work no file holds.

Every way out of a board (Menu, Escape, New game, the window's close button) goes through
``LeaveQuestion.ask(go)``: when leaving would lose work (``BoardAutosave.unsaved_work``: the
analysis board's moves and comments, or a game the autosave could not write) it asks first,
with three answers: Save… (the Save dialog; the board goes once the file is written), Leave
without saving, Stay (its button, Escape, ×). Otherwise ``go`` runs at once. The words are the
board's (``BoardScene.leaving_words``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from ...i18n import _
from ..base import is_button
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene

LEAVE = "leave"                     # the scene's dialog kind of the question before leaving


class LeaveQuestion(ScenePart):
    """The board's question before leaving (see the module docstring)."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.going: Callable[[], None] | None = None     # the way out the question is about
        self.save_then: Callable[[], None] | None = None  # ... and after Save…, once the file is written

    @property
    def open(self) -> bool:
        return self.scene.dialog_kind == LEAVE and self.going is not None

    def ask(self, go: Callable[[], None]) -> bool:
        """Leaving by ``go`` would lose work no file holds: the question (True), else False."""
        sc = self.scene
        if not sc.saver.lost_on_leaving():
            return False
        self.going = go
        title, text = sc.leaving_words()
        sc.open_dialog(LEAVE, title, text, _("Save…"), _("Stay"), other=_("Leave without saving"))
        return True

    def answer(self, event: pygame.event.Event) -> bool:
        """The question answered: Save…, Leave without saving, or Stay. True if ``event`` was that."""
        sc = self.scene
        go = self.going
        if sc.dialog_kind != LEAVE or go is None:
            return False
        if is_button(event, sc.dialog.other_button):         # Leave without saving
            sc.dialog, sc.dialog_kind = None, ""             # (the card closes itself)
            self.going = None
            go()
            return True
        answer = sc.dialog_answer(event)
        if answer is None:
            return False
        self.going = None
        if answer[1]:
            self.save_then = go
            sc.save_game()
        return True

    def leave_now(self) -> None:
        """Leave without asking again (the window's close button pressed a second time)."""
        go, self.going = self.going, None
        if go is not None:
            go()

    def tend(self) -> None:
        """After Save… from the question: once its dialogs are closed, the board goes if the file
        was written (else it stays: the save was given up, or the status says why it failed)."""
        go = self.save_then
        if go is None or self.scene.dialog is not None:
            return
        self.save_then = None
        if not self.scene.saver.unsaved_work():
            go()
