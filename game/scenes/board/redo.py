"""Redo against the computer: the player's move and the computer's recorded replies come back.

A mixin of ``BoardScene`` (``scene.py``). ``redo`` plays one round of the redo line (the main
line after where the game stands, ``Match.redo_moves``): the next move, then every move after
it that a computer player made, up to the next human's move, each with its animation
(``redo_left`` counts what is left; ``update`` plays the next when the previous one has
landed, and the computer does not think meanwhile).
"""
from __future__ import annotations

from typing import Any

from ...match import HUMAN
from ...rules.base import Color


class BoardRedo:
    """Redo methods of the board scene (mixed into ``BoardScene``)."""

    match: Any
    redo_left: int

    def redo(self) -> None:
        """Play again what Undo took back: the player's move and the computer's replies after it
        (the recorded moves, each with its animation), so the rest of the redo line stays."""
        m = self.match
        if m is None:
            return
        self.finish_animation()
        self.cancel_engine()
        if not m.can_redo:
            self.set_status("Nothing to redo.", "warn")
            return
        if m.browsing:
            self.history.end()
            self.finish_animation()
        self.redo_left = self._redo_round()
        self._redo_step()

    def _redo_round(self) -> int:
        """How many moves of the redo line make one round: the next move, then every move after
        it that a computer player made, up to the next human's move."""
        m = self.match
        assert m is not None
        players = dict(m.players)
        n = 0
        for i, pm in enumerate(m.redo_moves):
            if i > 0 and players.get(pm.color, HUMAN) == HUMAN:
                break
            n += 1
            if pm.exchange:
                players[Color.BLACK], players[Color.WHITE] = players[Color.WHITE], players[Color.BLACK]
        return max(1, n)

    def _redo_step(self) -> None:
        """Replay the next move of the redo line with its animation."""
        m = self.match
        assert m is not None
        before = m.game.stacks()
        motions = m.redo()
        if motions is None:
            if not self.redo_left:
                self.set_status("Nothing to redo.", "warn")
            self.redo_left = 0
            return
        self.redo_left = max(0, self.redo_left - 1)
        self.status = ""
        self.panel_waits = True
        self.start_animation(before, motions)
        if any(mo.kind == "swap" for mo in motions):
            self.set_status(self.swap_message())
