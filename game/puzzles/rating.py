"""A player's puzzle rating (Glicko-2) and the choice of the next rated puzzle.

Pure: no pygame, no files, no clocks. The rating system is the maintained ``glicko2`` library;
this module only keeps its three numbers as a value (``Rating``) between updates. Each puzzle
tried is one rating period with one game against the puzzle, whose rating comes from the bank
with a fixed deviation (``PUZZLE_RD``): the bank's ratings are estimates from the engine's
levels, not from players, so the puzzle side never moves.

``choose_next`` picks the next puzzle near the player's rating among those not tried recently
(optionally of one tag), the same one for the same arguments (a seed, not a clock).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

import glicko2

from .bank import BankPuzzle

__all__ = ["Rating", "START", "PUZZLE_RD", "PROVISIONAL_RD", "NEAREST", "rate", "to_settle", "choose_next"]

PUZZLE_RD = 80.0        # the deviation a bank rating is given (an estimate, never updated)
PROVISIONAL_RD = 110.0  # a player's rating with a wider deviation is provisional
NEAREST = 6             # the next puzzle is drawn from this many candidates nearest the rating


@dataclass(frozen=True)
class Rating:
    """A player's puzzle rating in one game: Glicko-2's rating, deviation and volatility, and
    how many rated puzzles went into it."""

    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06
    played: int = 0

    @property
    def shown(self) -> int:
        """The rating as a player reads it: a whole number."""
        return int(round(self.rating))

    @property
    def provisional(self) -> bool:
        """Still uncertain (lichess marks such a rating with '?')."""
        return self.rd > PROVISIONAL_RD


START = Rating()


def rate(player: Rating, puzzle_rating: float, solved: bool) -> Rating:
    """The player's rating after one puzzle of ``puzzle_rating``: solved is a win against the
    puzzle, failed a loss (the ``glicko2`` library's update, one game in the period)."""
    p = glicko2.Player(rating=player.rating, rd=player.rd, vol=player.vol)
    p.update_player([float(puzzle_rating)], [PUZZLE_RD], [1.0 if solved else 0.0])
    return Rating(p.rating, p.rd, p.vol, player.played + 1)


@lru_cache(maxsize=8)               # (the screen asks each frame; the answer is the rating's)
def to_settle(player: Rating, most: int = 100) -> int:
    """How many more rated puzzles make the rating no longer provisional (0: it is not), when
    they are rated near it, as ``choose_next`` gives them. Each puzzle narrows the deviation by
    as much whether it is solved or not, so the count does not depend on the results."""
    n = 0
    while player.provisional and n < most:
        player = rate(player, player.rating, True)
        n += 1
    return n


def choose_next(puzzles: Sequence[BankPuzzle], rating: float, recent: Iterable[str] = (),
                tag: str | None = None, seed: int = 0) -> BankPuzzle | None:
    """The next puzzle for a player rated ``rating``: of ``tag`` when given, not one of
    ``recent`` (ids, oldest first) while others are left, drawn (with ``seed``) among the
    ``NEAREST`` candidates closest to the rating. When every puzzle of the tag was tried
    recently, the one tried longest ago. None: no puzzle has that tag."""
    pool = [p for p in puzzles if tag is None or tag in p.tags]
    if not pool:
        return None
    order = {pid: i for i, pid in enumerate(recent)}
    fresh = [p for p in pool if p.id not in order]
    if not fresh:
        return min(pool, key=lambda p: (order[p.id], abs(p.rating - rating), p.id))
    near = sorted(fresh, key=lambda p: (abs(p.rating - rating), p.id))[:NEAREST]
    return random.Random(seed).choice(near)

