"""When the board needs frames, and when the window may sleep (``App.idle``).

A mixin of ``BoardScene`` (``scene.py``). Highlights breathe for ``BREATHE_FOR`` seconds after
the last input or change, then hold at full glow (``display_time``), so a board waiting for a
click stops changing; ``needs_frames`` lists what moves or waits for time.
"""
from __future__ import annotations

import math
from typing import Any

BREATHE_FOR = 4.0  # seconds highlights breathe after the last input or change, then hold still (idle)


def still_time(active_at: float) -> float:
    """When highlights stop breathing after the last input or change at ``active_at``: the first
    moment of full glow after ``BREATHE_FOR`` seconds (the views' pulse is 0.5 + 0.5 sin(t · 2.2π)).
    The board scene and the tutorial's pages use it alike."""
    end = active_at + BREATHE_FOR
    return (math.ceil(end * 1.1 - 0.25) + 0.25) / 1.1


class BoardIdle:
    """Idle methods of the board scene (mixed into ``BoardScene``)."""

    time: float
    active_at: float
    match: Any

    def display_time(self) -> float:
        """The time highlights are drawn at: the scene's time for a few seconds after the last
        input or change, then held where the breathing glow is brightest, so a board waiting for
        a click stops changing and the window can sleep (``App.idle``)."""
        return min(self.time, self._still_time())

    def _still_time(self) -> float:
        """When the highlights stop: the first moment of full glow after ``BREATHE_FOR`` seconds
        (the views' pulse is 0.5 + 0.5 sin(t · 2.2π))."""
        return still_time(self.active_at)

    def needs_frames(self) -> bool:
        """Something moves or waits for time (else the app may sleep until the next event)."""
        if self.anim is not None or self.thinking or self.waiting or self.redoing.running or self.drag is not None \
                or self.review.needs_frames():
            return True
        if self.history.replaying or self.toolbar._warm or self.sounds._pending_sounds or self.sounds._win_pending:
            return True
        m = self.match
        if (m is not None and not m.is_over and not m.is_human(m.to_move) and not self.engine_failed
                and self.browse_ply is None and not self.leaving and self.engine is not None):
            return True                          # the computer's turn is about to start
        if self.board.needs_frames():
            return True                          # a drag, or a tooltip on its way
        return self.time < self._still_time()      # highlights still breathing
