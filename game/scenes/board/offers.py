"""Offers, resignation, hints and the confirmation dialogs of the board scene.

A mixin of ``BoardScene`` (``scene.py``). Offers (amoeba.md §5.4: the player to move offers,
the opponent accepts): Amoeba "Offer to end and count" -> ``end_by_agreement()`` (stack count);
Onager "Offer draw"; Onyx "Offer to stop" -> ``Match.agree(winner=None)``. With two people a
confirmation dialog asks the other player; a computer opponent is asked through the engine's
``ask("offer", ...)`` and answers later (``_answer``). Hints: ``request_hint`` asks the engine
for a move for the human to move, shown on the board until the position changes.
"""
from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.windows import UIConfirmationDialog

from ...rules.base import Color, RulesError
from ...ui.dialogs import fit_confirmation

OFFER_TEXT = {
    "amoeba": "{me} offers to end the game now and count the stacks (the higher count wins).<br><br>"
              "{other}, do you accept?",
    "onager": "{me} offers a draw.<br><br>{other}, do you accept?",
    "onyx": "{me} offers to stop the game here without a winner.<br><br>{other}, do you accept?",
}


class BoardOffers:
    """Offer, resign, hint and dialog methods of the board scene (mixed into ``BoardScene``)."""

    match: Any
    def resign(self) -> None:
        m = self.match
        if m is None or m.is_over:
            return
        humans = [c for c in Color if m.is_human(c)]
        who = m.to_move if m.to_move in humans or not humans else humans[0]
        self.open_dialog("resign", "Resign?", f"{who.title} resigns and {who.other.title} wins.<br><br>Are you sure?",
                         "Resign")
        self._resigner = who

    def offer(self) -> None:
        """The player to move offers; the opponent accepts (amoeba.md §5.4). Only on a human's turn."""
        m = self.match
        if m is None or m.is_over:
            return
        me = m.to_move
        other = me.other
        if not m.is_human(me) or self.thinking:
            self.set_status("You can make an offer on your own turn.", "warn")
            return
        if not m.is_human(other):
            if self.engine is not None and hasattr(self.engine, "ask"):
                try:
                    self.engine.ask("offer", m.game.copy(), other)
                    self.waiting = "offer"
                    self.set_status(f"{other.title} (computer) is considering the offer…")
                    self.refresh_panel()
                    return
                except Exception as exc:
                    self.set_status(f"The computer player could not answer: {exc}", "error")
                    return
            self.set_status(f"{other.title} (computer) declines the offer.", "warn")
            return
        text = OFFER_TEXT.get(self.game_name, OFFER_TEXT["onager"]).format(me=me.title, other=other.title)
        self.open_dialog("offer", "An offer", text, "Accept")

    def _agree(self) -> None:
        assert self.match is not None
        try:
            self.match.agree()
        except RulesError as exc:
            self.set_status(str(exc), "error")
            return
        self.status = ""
        self.refresh()

    def open_dialog(self, kind: str, title: str, text: str, ok: str) -> None:
        self.close_dialog()
        w, h = self.size
        rect = pygame.Rect(0, 0, self.px(420), self.px(240))
        rect.center = self.board_rect.center if self.board_rect.w > 440 else (w // 2, h // 2)
        self.dialog = fit_confirmation(UIConfirmationDialog(rect, text, self.ui, window_title=title,
                                                            action_short_name=ok, blocking=True), self.px)
        self.dialog_kind = kind

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = None
        self.dialog_kind = ""

    def cancel_engine(self) -> None:
        self.thinking = False
        self.think_time = 0.0
        self.waiting = ""
        self.engine_failed = False
        self.hint = None
        if self.engine is not None:
            try:
                self.engine.cancel()
            except Exception:
                pass


    # ------------------------------------------------------------ hints and answers
    def request_hint(self) -> None:
        """Ask the engine for a suggested move for the human to move (key H); shown as an arrow."""
        m = self.match
        if m is None or m.is_over or not m.is_human(m.to_move) or self.anim is not None:
            return
        if self.engine is None or not hasattr(self.engine, "ask"):
            self.set_status("No hint is available.", "warn")
            return
        try:
            self.engine.ask("hint", m.game.copy())
        except Exception as exc:
            self.set_status(f"No hint: {exc}", "error")
            return
        self.waiting = "hint"
        self.set_status("Looking for a good move…")

    def _answer(self, kind: str, value: Any) -> None:
        m = self.match
        self.waiting = ""
        if m is None:
            return
        if kind == "error":
            self.set_status(f"The computer player could not answer: {value}", "error")
        elif kind == "offer":
            other = m.to_move.other
            if value and not m.is_over:
                self._agree()
                self.set_status(f"{other.title} (computer) accepts.")
            else:
                self.set_status(f"{other.title} (computer) declines the offer.", "warn")
        elif kind == "hint" and value:
            self.hint = str(value)
            actions = dict((k, label) for label, k in self.current_actions())
            if self.hint in actions:
                self.set_status(f"Hint: {actions[self.hint]} (the button below the moves).")
            else:
                self.set_status(f"Hint: {self.hint} (marked on the board). Play it, or any other move.")
        self.refresh_panel()
