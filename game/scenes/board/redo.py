"""Redo against the computer: the player's move and the computer's recorded replies come back.

``BoardRedoRound`` (``scene.redoing``) is a part of the board scene that owns its state: ``left``
counts the moves of a Redo round still to replay. ``start`` plays one round of the redo line
(the main line after where the game stands, ``Match.redo_moves``): the next move, then every move
after it that a computer player made, up to the next human's move, each with its animation;
the scene calls ``step`` each frame once the previous move has landed (the computer does not
think meanwhile) and ``stop`` when anything else happens (a move, Undo, leaving).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import _
from ...match import HUMAN
from ...rules.base import Color
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene


class BoardRedoRound(ScenePart):
    """Redo's round of recorded moves (see the module docstring)."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.left = 0              # moves of the round still to replay (the computer's replies)

    @property
    def running(self) -> bool:
        return self.left > 0

    def stop(self) -> None:
        self.left = 0

    def start(self) -> None:
        """Play again what Undo took back: the player's move and the computer's replies after it
        (the recorded moves, each with its animation), so the rest of the redo line stays."""
        sc = self.scene
        m = self.match
        if m is None:
            return
        sc.finish_animation()
        sc.computer.cancel()
        if not m.can_redo:
            sc.set_status(_("Nothing to redo."), "warn")
            return
        if m.browsing:
            sc.history.end()
            sc.finish_animation()
        self.left = self._round()
        self.step()

    def _round(self) -> int:
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

    def step(self) -> None:
        """Replay the next move of the redo line with its animation."""
        sc = self.scene
        m = self.match
        assert m is not None
        before = m.game.stacks()
        motions = m.redo()
        if motions is None:
            if not self.left:
                sc.set_status(_("Nothing to redo."), "warn")
            self.left = 0
            return
        self.left = max(0, self.left - 1)
        sc.panel.move_played()
        sc.start_animation(before, motions)
        if any(mo.kind == "swap" for mo in motions):
            sc.set_status(sc.swap_message())
