"""When highlights stop breathing, so the window may sleep (``App.idle``).

Highlights breathe for ``BREATHE_FOR`` seconds after the last input or change, then hold at full
glow, so a board waiting for a click stops changing. The board scene (``display_time``,
``needs_frames``) and the tutorial's pages use ``still_time`` alike.
"""
from __future__ import annotations

import math

BREATHE_FOR = 4.0  # seconds highlights breathe after the last input or change, then hold still (idle)


def still_time(active_at: float) -> float:
    """When highlights stop breathing after the last input or change at ``active_at``: the first
    moment of full glow after ``BREATHE_FOR`` seconds (the views' pulse is 0.5 + 0.5 sin(t · 2.2π)).
    The board scene and the tutorial's pages use it alike."""
    end = active_at + BREATHE_FOR
    return (math.ceil(end * 1.1 - 0.25) + 0.25) / 1.1
