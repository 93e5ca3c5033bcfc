"""The daily puzzle: one puzzle per game and day, the same for everyone on that date.

Pure: the date is passed in (a scene gives today's). The choice hashes the game and the date
with SHA-256 (Python's own ``hash`` of a string changes from run to run), among the bank's
middle ratings so a day's puzzle is neither trivial nor a monster.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
from typing import Sequence

from .bank import BankPuzzle

__all__ = ["daily_puzzle", "MIDDLE"]

MIDDLE = (0.2, 0.8)      # the share of the bank (by rating) the daily puzzle is drawn from


def daily_puzzle(puzzles: Sequence[BankPuzzle], day: _dt.date) -> BankPuzzle | None:
    """The puzzle of ``day`` among ``puzzles`` (None when there are none)."""
    if not puzzles:
        return None
    ranked = sorted(puzzles, key=lambda p: (p.rating, p.id))
    lo, hi = int(len(ranked) * MIDDLE[0]), int(len(ranked) * MIDDLE[1])
    pool = ranked[lo:hi] if hi - lo >= 1 else ranked
    game = ranked[0].game
    digest = hashlib.sha256(f"{game}:{day.isoformat()}".encode()).digest()
    return pool[int.from_bytes(digest[:8], "big") % len(pool)]
