"""Puzzle Rush: the rules of one round, as a pure model (no pygame, no clocks, no files).

A round lasts ``Rules.seconds`` (three minutes) of time passed in with ``tick(dt)``. The
puzzles come from easy to hard: a sample of the bank drawn with a seed, sorted by difficulty
(``BankPuzzle.difficulty``: the rating, then the depth). The sample takes even shares of the
bank's steps of difficulty (``climb``): a plain sample would be mostly the most common step
(two thirds of the Onyx bank is the lowest rating), and a round would never leave it. A
puzzle solved adds to the score (more while the combo is high) and to the streak; every
``Rules.bonus_every`` puzzles solved in a row add ``Rules.bonus_seconds`` to the clock. A
wrong move costs a strike and breaks the streak, and the round goes on with the next puzzle;
the third strike ends it, as do the clock and the last puzzle.

What happened comes back as ``Event`` values (facts, not words): the scene plays sounds and
animations for them and words them through ``game.i18n``.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Sequence

from .bank import BankPuzzle

__all__ = ["Rules", "Rush", "Event", "End", "Result", "RULES", "climb"]


@dataclass(frozen=True)
class Rules:
    seconds: float = 180.0       # the round's clock
    strikes: int = 3             # wrong moves that end the round
    bonus_every: int = 5         # puzzles solved in a row that fill the combo meter
    bonus_seconds: float = 10.0  # ... and what a full meter adds to the clock
    hurry: float = 10.0          # the last seconds, ticked one by one
    points: int = 100            # a puzzle's points at combo level 0
    max_level: int = 4           # the combo multiplier is 1 + level, level at most this
    queue: int = 60              # puzzles drawn for a round (more than anyone solves in 3 min)


RULES = Rules()


class Event(Enum):
    RIGHT = "right"              # a puzzle solved
    WRONG = "wrong"              # a wrong move: a strike
    BONUS = "bonus"              # the combo meter filled: seconds added
    HURRY = "hurry"              # one of the last seconds began (once a second)
    OVER = "over"                # the round ended (``Rush.end`` says how)


class End(Enum):
    TIME = "time"
    STRIKES = "strikes"
    PUZZLES = "puzzles"          # the last puzzle of the queue was done
    QUIT = "quit"                # the player left


@dataclass(frozen=True)
class Result:
    """A finished round, as kept in the personal bests."""

    score: int
    solved: int
    best_streak: int
    strikes: int
    end: End


def climb(puzzles: Sequence[BankPuzzle], n: int, rng: random.Random) -> list[BankPuzzle]:
    """``n`` of ``puzzles`` (all when fewer), easiest first: each step of difficulty gives as
    many as the others (a step with fewer gives all it has, the rest share what it leaves),
    drawn at random within the step; where there are more steps than ``n``, ``n`` of the steps."""
    steps: dict[tuple[int, int], list[BankPuzzle]] = {}
    for p in sorted(puzzles, key=lambda p: p.id):         # (the same draw whatever the order given)
        steps.setdefault(p.difficulty, []).append(p)
    groups = [steps[k] for k in sorted(steps)]
    for g in groups:
        rng.shuffle(g)
    take = [0] * len(groups)
    left = min(n, len(puzzles))
    while left > 0:
        open_ = [i for i, g in enumerate(groups) if take[i] < len(g)]
        if left < len(open_):
            open_ = rng.sample(open_, left)
        for i in open_:
            take[i] += 1
        left -= len(open_)
    picked = [p for g, k in zip(groups, take) for p in g[:k]]
    return sorted(picked, key=lambda p: (p.difficulty, p.id))


@dataclass
class Rush:
    """One round; see the module docstring. ``puzzles``: the bank to draw from."""

    puzzles: Sequence[BankPuzzle]
    seed: int = 0
    rules: Rules = RULES
    queue: list[BankPuzzle] = field(init=False)
    index: int = 0
    time_left: float = field(init=False)
    elapsed: float = 0.0
    strikes: int = 0
    streak: int = 0
    best_streak: int = 0
    score: int = 0
    solved: list[BankPuzzle] = field(default_factory=list)
    missed: list[BankPuzzle] = field(default_factory=list)
    bonus_total: float = 0.0
    end: End | None = None
    last_points: int = 0

    def __post_init__(self) -> None:
        self.queue = climb(self.puzzles, self.rules.queue, random.Random(self.seed))
        self.time_left = float(self.rules.seconds)
        if not self.queue:
            self.end = End.PUZZLES

    # ------------------------------------------------------------ what is shown
    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def current(self) -> BankPuzzle | None:
        """The puzzle to solve now (None once the round is over)."""
        if self.over or self.index >= len(self.queue):
            return None
        return self.queue[self.index]

    @property
    def level(self) -> int:
        """The combo level: full meters in the current streak (the multiplier is 1 + level)."""
        return min(self.rules.max_level, self.streak // self.rules.bonus_every)

    @property
    def meter(self) -> float:
        """How full the combo meter is (0..1): puzzles in a row towards the next bonus."""
        return (self.streak % self.rules.bonus_every) / self.rules.bonus_every

    @property
    def multiplier(self) -> int:
        return 1 + self.level

    def result(self) -> Result:
        return Result(self.score, len(self.solved), self.best_streak, self.strikes, self.end or End.QUIT)

    # ------------------------------------------------------------ what happens
    def tick(self, dt: float) -> list[Event]:
        """``dt`` seconds pass: HURRY as each of the last seconds begins, OVER at zero."""
        if self.over or dt <= 0:
            return []
        before = self.time_left
        self.time_left = max(0.0, before - dt)
        self.elapsed += dt
        out: list[Event] = []
        hurry = self.rules.hurry
        shown = math.ceil(self.time_left)         # the whole seconds on the clock's face
        if self.time_left > 0 and shown < math.ceil(before) and shown <= hurry:
            out.append(Event.HURRY)
        if self.time_left <= 0:
            out += self._finish(End.TIME)
        return out

    def right(self) -> list[Event]:
        """The current puzzle was solved."""
        p = self.current
        if p is None:
            return []
        self.last_points = self.rules.points * self.multiplier
        self.score += self.last_points
        self.streak += 1
        self.best_streak = max(self.best_streak, self.streak)
        self.solved.append(p)
        out = [Event.RIGHT]
        if self.streak % self.rules.bonus_every == 0:
            self.time_left += self.rules.bonus_seconds
            self.bonus_total += self.rules.bonus_seconds
            out.append(Event.BONUS)
        return out + self._advance()

    def wrong(self) -> list[Event]:
        """A wrong move in the current puzzle: a strike, the streak gone, the next puzzle."""
        p = self.current
        if p is None:
            return []
        self.strikes += 1
        self.streak = 0
        self.missed.append(p)
        out = [Event.WRONG]
        if self.strikes >= self.rules.strikes:
            return out + self._finish(End.STRIKES)
        return out + self._advance()

    def quit(self) -> list[Event]:
        """The player leaves the round."""
        return [] if self.over else self._finish(End.QUIT)

    def _advance(self) -> list[Event]:
        self.index += 1
        if self.index >= len(self.queue):
            return self._finish(End.PUZZLES)
        return []

    def _finish(self, how: End) -> list[Event]:
        self.end = how
        return [Event.OVER]
