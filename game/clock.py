"""Game clocks: a time control, each side's time, and what the computer may spend of it.

No pygame here and no clock of its own: ``GameClock`` is given a ``now`` function (the app passes
``time.monotonic``, tests a stepped clock) and reads nothing else.

* ``TimeControl(initial, increment)``: seconds at the start and seconds added after each move,
  written as in PGN's ``TimeControl`` header, ``"300+3"`` (``parse``, ``text``); ``PRESETS`` are
  the New game form's choices (1+0, 3+2, 5+3, 10+5, 15+10 in minutes + seconds).
* ``GameClock``: the two sides' times, the side whose clock counts (``turn``), start, stop,
  pause and resume, ``press`` (the side to move finished its move: the increment is added and
  the other side's turn begins), the flag (``flagged``) and when the shown time next changes
  (``next_change``: a running clock needs at most one picture a second).
* ``%clk`` comments, as PGN keeps each move's remaining time: ``{[%clk 0:04:57]}`` after the
  move (``clk_text``, ``clk_of``, ``with_clk``); ``times_at(node, control)`` reads the times of
  a position of a game tree from them (Undo, browsing, a loaded or continued game).
* ``think_budget``: the most a computer may think about one move by its clock.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from .rules.base import Color
from .rules.tree import GameNode

__all__ = ["TimeControl", "PRESETS", "GameClock", "clock_text", "clk_text", "clk_of", "with_clk",
           "clk_commands", "without_clk", "times_at", "think_budget", "MAX_INITIAL", "MAX_INCREMENT", "WARN_AT"]

MAX_INITIAL = 24 * 3600      # a time control's time: 1 second up to a day
MAX_INCREMENT = 3600         # and its increment: 0 up to an hour a move
WARN_AT = 10.0               # the last seconds shown in the warning colour, with a tick a second

_TC_RE = re.compile(r"^\s*(\d{1,9})\s*(?:\+\s*(\d{1,9})\s*)?$")
_CLK_RE = re.compile(r"\[%clk\s+(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d{1,3})?)\s*\]")


@dataclass(frozen=True)
class TimeControl:
    """Seconds each side has at the start (``initial``) and seconds added after each of its
    moves (``increment``): PGN's ``TimeControl "300+3"``."""

    initial: int
    increment: int = 0

    def __post_init__(self) -> None:
        if not 1 <= int(self.initial) <= MAX_INITIAL:
            raise ValueError(f"a clock needs from 1 second to {MAX_INITIAL // 3600} hours, not {self.initial} s")
        if not 0 <= int(self.increment) <= MAX_INCREMENT:
            raise ValueError(f"the increment is from 0 to {MAX_INCREMENT} seconds a move, not {self.increment}")

    @classmethod
    def parse(cls, text: str) -> "TimeControl":
        """``"300+3"`` (seconds + seconds a move) or ``"300"``; ValueError saying what is wrong."""
        m = _TC_RE.match(str(text))
        if m is None:
            raise ValueError(f"must look like SECONDS+INCREMENT (e.g. 300+3), not {str(text)!r}")
        return cls(int(m.group(1)), int(m.group(2) or 0))

    @classmethod
    def of_minutes(cls, minutes: int, seconds: int = 0) -> "TimeControl":
        return cls(int(minutes) * 60, int(seconds))

    @property
    def text(self) -> str:
        """As PGN writes it: '300+3'."""
        return f"{self.initial}+{self.increment}"

    def label(self) -> str:
        """As players say it, minutes + seconds a move: '5+3', '1+0'; '0:30+2' for a time that
        is not whole minutes."""
        m, s = divmod(self.initial, 60)
        head = f"{m}" if s == 0 else f"{m}:{s:02d}"
        return f"{head}+{self.increment}"

    def words(self) -> str:
        """'5 min + 3 s a move', '1 min', '30 s + 2 s a move'."""
        m, s = divmod(self.initial, 60)
        parts = ([f"{m} min"] if m else []) + ([f"{s} s"] if s else [])
        head = " ".join(parts)
        return f"{head} + {self.increment} s a move" if self.increment else head


PRESETS: tuple[TimeControl, ...] = tuple(TimeControl.of_minutes(m, s)
                                         for m, s in ((1, 0), (3, 2), (5, 3), (10, 5), (15, 10)))


# ---------------------------------------------------------------- words
def clock_text(seconds: float) -> str:
    """A clock face: '4:57', '0:09', '1:02:03'. A started second counts as whole (a clock
    shows 0:00 only when its time is up)."""
    s = max(0, math.ceil(round(seconds, 6)))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def clk_text(seconds: float) -> str:
    """The ``%clk`` command of a remaining time: '[%clk 0:04:57]', with tenths when it has them
    ('[%clk 0:04:57.3]'; rounded down, so a game read back never has more time than it had)."""
    tenths = math.floor(max(0.0, float(seconds)) * 10 + 1e-6)
    whole, tenth = divmod(tenths, 10)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"[%clk {h}:{m:02d}:{s:02d}{f'.{tenth}' if tenth else ''}]"


def _clk_seconds(m: "re.Match[str]") -> float:
    return int(m.group(1)) * 3600 + int(m.group(2)) * 60 + float(m.group(3))


def clk_of(comments: Iterable[str]) -> float | None:
    """The remaining time a move's comments give (its ``[%clk H:MM:SS]``), or None."""
    for text in comments:
        m = _CLK_RE.search(text)
        if m is not None:
            return _clk_seconds(m)
    return None


def clk_commands(comments: Iterable[str]) -> list[str]:
    """The ``[%clk ...]`` commands of a move's comments, as written."""
    return [m.group(0) for text in comments for m in _CLK_RE.finditer(text)]


def without_clk(comments: Iterable[str]) -> list[str]:
    """A move's comments without their ``[%clk ...]`` commands: the words a person wrote (a
    comment that held only a time goes)."""
    out = []
    for text in comments:
        rest = " ".join(_CLK_RE.sub(" ", text).split())
        if rest:
            out.append(rest)
    return out


def with_clk(comments: Iterable[str], seconds: float) -> list[str]:
    """The comments with their ``%clk`` replaced by ``seconds`` (other words are kept; a comment
    that held only the old one goes)."""
    return without_clk(comments) + [clk_text(seconds)]


def times_at(node: GameNode, control: TimeControl) -> dict[Color, float]:
    """Each side's time at the position ``node`` of a game tree: the ``%clk`` of its last move
    on the path there, or the time control's time when it has none. A clock stays with its
    player: after an Onyx pie swap the times kept before it count for the other colour."""
    out: dict[Color, float] = {}
    at: GameNode | None = node
    flip = False            # an Onyx pie swap on the way: the times before it went with the players
    while at is not None and len(out) < 2:
        pm = at.move
        if pm is not None:
            flip ^= bool(pm.exchange)       # (the swapper's own time: the colour it plays after)
            color = pm.color.other if flip else pm.color
            clk = clk_of(at.comments) if color not in out else None
            if clk is not None:
                out[color] = clk
        at = at.parent
    return {c: out.get(c, float(control.initial)) for c in Color}


# ---------------------------------------------------------------- the clock
class GameClock:
    """Both sides' times under one time control; ``now`` tells the time (seconds, monotonic).

    ``base[c]`` is side ``c``'s time when its current turn began; the side whose turn it is
    (``turn``) spends from it while the clock runs (``spent``). ``press()`` ends the turn: the
    time spent comes off, the increment is added, and the other side's turn begins (the clock
    stopped until ``start``: the board starts it when the move has landed). ``pause`` stops it
    until ``resume`` (a ``start`` meanwhile does nothing).
    """

    def __init__(self, control: TimeControl, now: Callable[[], float],
                 turn: Color = Color.BLACK) -> None:
        self.control = control
        self._now = now
        self.base: dict[Color, float] = {c: float(control.initial) for c in Color}
        self.turn = turn
        self._used = 0.0                   # spent of this turn before the clock last started
        self._since: float | None = None   # when it last started (None: stopped)
        self.paused = False

    # ------------------------------------------------------------ reading
    @property
    def running(self) -> bool:
        return self._since is not None

    def spent(self) -> float:
        """What the side to move has used of its current turn."""
        run = self._now() - self._since if self._since is not None else 0.0
        return self._used + max(0.0, run)

    def remaining(self, color: Color) -> float:
        """Side ``color``'s time now (negative once its flag fell)."""
        return self.base[color] - (self.spent() if color == self.turn else 0.0)

    def times(self) -> dict[Color, float]:
        return {c: self.remaining(c) for c in Color}

    def flagged(self) -> Color | None:
        """The side to move when its time is up, else None."""
        return self.turn if self.remaining(self.turn) <= 0.0 else None

    def next_change(self) -> float | None:
        """Seconds until the running clock's face changes (``clock_text``) or its flag falls;
        None while it is stopped."""
        if self._since is None:
            return None
        left = self.remaining(self.turn)
        if left <= 0.0:
            return 0.0
        frac = left - math.floor(left)
        return frac if frac > 1e-6 else 1.0

    # ------------------------------------------------------------ changing
    def start(self) -> None:
        """The side to move's time runs (not while paused)."""
        if self._since is None and not self.paused:
            self._since = self._now()

    def stop(self) -> None:
        """The time stops where it is (what was spent stays spent)."""
        if self._since is not None:
            self._used = self.spent()
            self._since = None

    def pause(self) -> None:
        self.stop()
        self.paused = True

    def resume(self) -> None:
        self.paused = False
        self.start()

    def press(self, next_turn: Color | None = None) -> float:
        """The side to move finished its move: its time less what it spent, plus the increment;
        the next side's turn begins, stopped (``next_turn``: the other side unless given, e.g.
        after Onyx's pie swap the same colour moves again). Returns the mover's new time."""
        mover = self.turn
        left = self.base[mover] - self.spent() + self.control.increment
        self.base[mover] = left
        self._since = None
        self._used = 0.0
        self.turn = mover.other if next_turn is None else next_turn
        return left

    def exchange(self) -> None:
        """The players exchanged colours (Onyx's pie swap): each keeps its own time."""
        self.base = {Color.BLACK: self.base[Color.WHITE], Color.WHITE: self.base[Color.BLACK]}

    def set_times(self, times: Mapping[Color, float], turn: Color, spent: float = 0.0) -> None:
        """Both sides' times at the start of ``turn``'s turn, of which it has spent ``spent``
        (a position taken back, a continued game); a running clock goes on running."""
        was = self._since is not None
        self.base = {c: float(times[c]) for c in Color}
        self.turn = turn
        self._used = max(0.0, float(spent))
        self._since = self._now() if was else None


# ---------------------------------------------------------------- the computer's share
MOVES_LEFT = 30          # the computer plans for this many more moves of its own
RESERVE = 2.0            # and keeps this much back (a quarter of its time, when it has less)
MIN_THINK = 0.02         # but always takes a glance


def think_budget(remaining: float, increment: float, level_seconds: float | None = None) -> float:
    """The most a computer thinks about one move by its clock: the smaller of its level's time
    (``level_seconds``; None: no limit of its own) and its share of its time, the time left
    after a reserve spread over ``MOVES_LEFT`` moves, plus the increment. Never more than half
    of what it has left, never less than ``MIN_THINK``."""
    left = max(0.0, float(remaining))
    reserve = min(RESERVE, left / 4)
    share = (left - reserve) / MOVES_LEFT + max(0.0, float(increment))
    share = min(share, left / 2)
    if level_seconds is not None:
        share = min(share, float(level_seconds))
    return max(MIN_THINK, share)
