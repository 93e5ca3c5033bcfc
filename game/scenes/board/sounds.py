"""Sounds of the board scene: each move's animation steps, and the end of the game.

``sounds_for(motions, before, speed)`` (``game.sound``) times place / stack / move / capture
sounds to the animation's steps; an animation cut short plays one landing sound; "win" when a
game ends (not while browsing back into a finished one).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...anim.moves import MoveAnimation
from ...sound import bank, sounds_for
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene


class BoardSounds(ScenePart):
    """Plays the sounds due for the board's animations, one frame at a time."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.clock = 0.0
        self._pending_sounds: list[tuple[float, str]] = []
        self._anim_seen: Any = None
        self._result_seen: Any = "unset"
        self._win_pending = False

    def needs_frames(self) -> bool:
        """Sounds are due at times still to come (a move's steps, the win's fanfare)."""
        return bool(self._pending_sounds) or self._win_pending

    def update(self, dt: float) -> None:
        sc = self.scene
        self.clock += dt
        m = self.match
        if m is None:
            return
        anim = sc.anim
        if anim is not None and anim is not self._anim_seen:
            self._anim_seen = anim
            self._pending_sounds = []
            if isinstance(anim, MoveAnimation):
                start = self.clock - anim.time
                self._pending_sounds = [(start + t, name) for t, name in
                                        sounds_for(anim.motions, anim.before, anim.speed)]
        if anim is None and self._pending_sounds:
            # the animation was cut short: one landing sound, not a burst
            name = next((n for _, n in self._pending_sounds if n != "move"), self._pending_sounds[-1][1])
            self._pending_sounds = []
            bank().play(name)
        due = [n for t, n in self._pending_sounds if t <= self.clock]
        if due:
            self._pending_sounds = [(t, n) for t, n in self._pending_sounds if t > self.clock]
            for n in due:
                bank().play(n)
        res = m.result
        if self._result_seen == "unset":
            self._result_seen = res
        elif res != self._result_seen:
            if res is not None and sc.browse_ply is None and self._result_seen is None:
                self._win_pending = True
            self._result_seen = res
        if self._win_pending and anim is None:
            self._win_pending = False
            if m.result is not None:
                bank().play("win")
