"""Offers, resignation, hints and the confirmation dialogs of the board scene.

A mixin of ``BoardScene`` (``scene.py``). Offers (amoeba.md §5.4: the player to move offers,
the opponent accepts): Amoeba "Offer to end and count" -> ``end_by_agreement()`` (stack count);
Onager "Offer draw"; Onyx "Offer to stop" -> ``Match.agree(winner=None)``. With two people a
confirmation dialog asks the other player; a computer opponent is asked through the engine's
``ask("offer", ...)`` and answers later (``_answer``). Hints: ``request_hint`` asks the engine
for a move for the human to move, shown on the board until the position changes.
"""
from __future__ import annotations

import logging
from typing import Any

import pygame
from pygame_gui.windows import UIConfirmationDialog

from ...rules.base import Color, RulesError
from ...ui.dialogs import fit_confirmation

log = logging.getLogger(__name__)

OFFER_TEXT = {
    "amoeba": "{me} offers to end the game now and count the stacks. {means}<br><br>{other}, do you accept?",
    "onager": "{me} offers a draw. {means}<br><br>{other}, do you accept?",
    "onyx": "{me} offers to stop the game here without a winner. {means}<br><br>{other}, do you accept?",
}
OFFER_TITLE = {"amoeba": "Offer to end and count?", "onager": "Offer a draw?", "onyx": "Offer to stop?"}


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
        """The player to move offers; the opponent accepts (amoeba.md §5.4). Only on a human's
        turn. The player first sees what the offer means (the count and the result it would give)
        and confirms; then the other player (a person: Accept or Decline; the computer: through
        the engine) answers, and either answer is said."""
        m = self.match
        if m is None or m.is_over:
            return
        me = m.to_move
        if not m.is_human(me) or self.thinking:
            self.set_status("You can make an offer on your own turn.", "warn")
            return
        self.open_dialog("offer_ask", OFFER_TITLE.get(self.game_name, "Offer a draw?"),
                         f"{self.offer_consequence()}<br><br>{me.other.title} is asked to accept.", "Offer it")

    def offer_consequence(self) -> str:
        """What an agreement now would mean, in words: the count and the result."""
        m = self.match
        try:
            res = m.agreement_result(None)
        except RulesError as exc:
            return f"The game cannot end by agreement here: {exc}."
        outcome = "a draw" if res.winner is None else f"{res.winner.title} wins"
        if self.game_name == "amoeba":
            counts = self.counts()
            b, w = counts.get("black", "?"), counts.get("white", "?")
            return (f"If it is accepted, the game ends now and the stacks are counted: Black {b}, "
                    f"White {w}: {outcome}.")
        return f"If it is accepted, the game ends now: {outcome}."

    def send_offer(self) -> None:
        """The player confirmed the offer: ask the other player."""
        m = self.match
        if m is None or m.is_over:
            return
        me = m.to_move
        other = me.other
        if not m.is_human(other):
            if self.engine is not None and hasattr(self.engine, "ask"):
                try:
                    self.engine.ask("offer", m.game.copy(), other)
                    self.waiting = "offer"
                    self.set_status(f"{other.title} (computer) is considering the offer…")
                    self.refresh_panel()
                    return
                except Exception as exc:    # the engine worker's client
                    log.warning("asking the engine about an offer failed: %s", exc)
                    self.set_status(f"The computer player could not answer: {exc}", "error")
                    return
            self.set_status(f"{other.title} (computer) declines the offer.", "warn")
            return
        text = OFFER_TEXT.get(self.game_name, OFFER_TEXT["onager"]).format(
            me=me.title, other=other.title, means=self.offer_consequence())
        self.open_dialog("offer", "An offer", text, "Accept")
        cancel = getattr(self.dialog, "cancel_button", None)
        if cancel is not None:
            cancel.set_text("Decline")

    def offer_declined(self) -> None:
        """The other player closed the offer without accepting it."""
        m = self.match
        if m is not None:
            self.set_status(f"{m.to_move.other.title} declines the offer. The game goes on.", "warn")

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
            except Exception:   # the engine worker's client: a gone worker has nothing to stop
                log.warning("cancelling the engine failed", exc_info=True)


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
        except Exception as exc:        # the engine worker's client
            log.warning("asking the engine for a hint failed: %s", exc)
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
