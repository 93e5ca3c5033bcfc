"""What the player has done in rated puzzles and Puzzle Rush, kept with the player's data.

One small JSON file, ``puzzles.json`` in the user data folder (``game.storage.data_dir()``),
written atomically (``game.storage.atomic_write_text``). Per game: the puzzle rating
(``rating.Rating``), the puzzles tried lately (so the next one is another), the last rating
changes, the daily puzzles done, Puzzle Rush's rounds and personal bests, and "My puzzles":
the player's own mistakes found by a review (``mistakes.MyPuzzle``), with how often each was
tried and solved.

Format version 2 added "My puzzles" (``mine`` per game); a version 1 file is read as it is,
with none. The version was raised so that an older program, which would read a version 2
file and drop the part it does not know on its next save, moves the file aside instead.

A file that cannot be read is never lost and never stops the game: it is moved aside
(``puzzles.corrupt-<n>.json``), the player starts afresh and is told where it went. Values
that make no sense inside a readable file are left out one by one.
"""
from __future__ import annotations

import datetime as _dt
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from ..i18n import _
from ..storage import StorageError, atomic_write_text, data_dir, failure_kind, move_aside, read_text
from ..ui.problems import clause, failure_words, storage_words
from .mistakes import MyPuzzle
from .rating import START, Rating
from .rush import Result

__all__ = ["PuzzleStore", "GameStats", "RushBest", "load_store", "save_store", "store_path", "STORE_NAME"]

STORE_NAME = "puzzles.json"
VERSION = 2
READS = (1, 2)           # the versions this program reads (1: before "My puzzles")
KEEP_RECENT = 60         # puzzle ids remembered as tried lately
KEEP_HISTORY = 30        # rating changes remembered
KEEP_DAYS = 90           # daily puzzles remembered
KEEP_BESTS = 10          # rows of the personal bests table
KEEP_MINE = 200          # "My puzzles" per game; beyond it the oldest solved ones go first


def store_path() -> Path:
    return data_dir() / STORE_NAME


@dataclass(frozen=True)
class RushBest:
    """One row of the personal bests: a finished round and its day (ISO date)."""

    score: int
    solved: int
    streak: int
    strikes: int
    day: str

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "solved": self.solved, "streak": self.streak,
                "strikes": self.strikes, "day": self.day}


@dataclass
class GameStats:
    """One game's rated puzzles and rounds of Rush."""

    rating: Rating = START
    recent: list[str] = field(default_factory=list)                    # ids, oldest first
    history: list[tuple[str, bool, float, float]] = field(default_factory=list)   # id, solved, before, after
    daily: dict[str, bool] = field(default_factory=dict)               # ISO date -> solved
    rounds: int = 0
    bests: list[RushBest] = field(default_factory=list)                # best first
    mine: list[MyPuzzle] = field(default_factory=list)                 # My puzzles, oldest first

    # ------------------------------------------------------------ My puzzles
    def my_puzzle(self, pid: str) -> MyPuzzle | None:
        return next((p for p in self.mine if p.id == pid), None)

    def add_mine(self, puzzles: "list[MyPuzzle] | tuple[MyPuzzle, ...]") -> int:
        """Keep new exercises (one per id: a mistake kept already stays as it is, with its
        tries). Returns how many were new. Past KEEP_MINE, the oldest solved ones, then the
        oldest, make room."""
        have = {p.id for p in self.mine}
        new = []
        for p in puzzles:
            if p.id not in have:
                have.add(p.id)
                new.append(p)
        self.mine.extend(new)
        while len(self.mine) > KEEP_MINE:
            old = next((p for p in self.mine if p.solved), self.mine[0])
            self.mine.remove(old)
        return len([p for p in new if p in self.mine])

    def mine_tried(self, pid: str, solved: bool) -> MyPuzzle | None:
        """One try of a puzzle of mine counted (None: there is no such puzzle)."""
        for i, p in enumerate(self.mine):
            if p.id == pid:
                self.mine[i] = p.tried(solved)
                return self.mine[i]
        return None

    def remove_mine(self, pid: str) -> bool:
        before = len(self.mine)
        self.mine = [p for p in self.mine if p.id != pid]
        return len(self.mine) != before


    def tried(self, pid: str, solved: bool, before: Rating, after: Rating) -> None:
        """A rated puzzle was tried: remembered, its rating change kept."""
        self.rating = after
        if pid in self.recent:
            self.recent.remove(pid)
        self.recent.append(pid)
        del self.recent[:-KEEP_RECENT]
        self.history.append((pid, solved, before.rating, after.rating))
        del self.history[:-KEEP_HISTORY]

    def mark_daily(self, day: _dt.date, solved: bool) -> None:
        key = day.isoformat()
        self.daily[key] = self.daily.get(key, False) or solved
        for old in sorted(self.daily)[:-KEEP_DAYS]:
            del self.daily[old]

    def add_round(self, result: Result, day: _dt.date) -> int | None:
        """A finished round of Rush: counted, and kept among the bests if it is one. Returns its
        place in the table (0: a new personal best), None when it is not in the table. A round
        that solved nothing is counted but is nobody's best: the table lists achievements."""
        self.rounds += 1
        if result.score <= 0 and result.solved == 0:
            return None
        row = RushBest(result.score, result.solved, result.best_streak, result.strikes, day.isoformat())
        rows = sorted([*self.bests, row], key=lambda b: (-b.score, -b.solved, -b.streak))
        place = next((i for i, b in enumerate(rows) if b is row), None)
        self.bests = rows[:KEEP_BESTS]
        return place if place is not None and place < KEEP_BESTS else None

    @property
    def best_score(self) -> int:
        return self.bests[0].score if self.bests else 0

    def to_json(self) -> dict[str, Any]:
        r = self.rating
        return {"rating": {"rating": round(r.rating, 3), "rd": round(r.rd, 3), "vol": round(r.vol, 6),
                           "played": r.played},
                "recent": list(self.recent),
                "history": [[pid, ok, round(a, 3), round(b, 3)] for pid, ok, a, b in self.history],
                "daily": dict(sorted(self.daily.items())),
                "rush": {"rounds": self.rounds, "bests": [b.to_json() for b in self.bests]},
                "mine": [p.to_json() for p in self.mine]}

    @classmethod
    def from_json(cls, data: Any, game: str = "") -> "GameStats":
        """What can be read; anything malformed is left out (never raises). ``game``: the
        game these stats are for (a puzzle of mine of another game is left out)."""
        s = cls()
        if not isinstance(data, dict):
            return s
        mine = data.get("mine")
        if isinstance(mine, list):
            kept = [MyPuzzle.from_json(p) for p in mine]
            s.add_mine([p for p in kept if p is not None and (not game or p.game == game)])
        r = data.get("rating")
        if isinstance(r, dict):
            nums = [x for x in (r.get(k) for k in ("rating", "rd", "vol")) if _number(x)]
            played = r.get("played", 0)
            if len(nums) == 3 and 0 < nums[1] <= 1000 and 0 < nums[2] < 1 \
                    and -1000 < nums[0] < 5000 and isinstance(played, int) and played >= 0:
                s.rating = Rating(float(nums[0]), float(nums[1]), float(nums[2]), played)
        recent = data.get("recent")
        if isinstance(recent, list):
            s.recent = [x for x in recent if isinstance(x, str) and 0 < len(x) < 100][-KEEP_RECENT:]
        history = data.get("history")
        if isinstance(history, list):
            s.history = [(h[0], h[1], float(h[2]), float(h[3])) for h in history
                         if isinstance(h, list) and len(h) == 4 and isinstance(h[0], str)
                         and isinstance(h[1], bool) and _number(h[2]) and _number(h[3])][-KEEP_HISTORY:]
        daily = data.get("daily")
        if isinstance(daily, dict):
            s.daily = {k: v for k, v in daily.items() if isinstance(k, str) and _iso_day(k) and isinstance(v, bool)}
        rush = data.get("rush")
        if isinstance(rush, dict):
            rounds = rush.get("rounds", 0)
            s.rounds = rounds if isinstance(rounds, int) and not isinstance(rounds, bool) and rounds >= 0 else 0
            bests = rush.get("bests")
            if isinstance(bests, list):
                rows = [_best(b) for b in bests]
                s.bests = sorted([b for b in rows if b is not None],
                                 key=lambda b: (-b.score, -b.solved, -b.streak))[:KEEP_BESTS]
        return s


def _number(x: Any) -> TypeGuard[float]:
    """A finite number that ``float()`` takes (an int of hundreds of digits is none)."""
    if not isinstance(x, (int, float)) or isinstance(x, bool):
        return False
    try:
        return math.isfinite(float(x))
    except OverflowError:
        return False


def _iso_day(text: str) -> bool:
    try:
        _dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _best(b: Any) -> RushBest | None:
    if not isinstance(b, dict):
        return None
    ints = [x for x in (b.get(k) for k in ("score", "solved", "streak", "strikes"))
            if isinstance(x, int) and not isinstance(x, bool) and x >= 0]
    day = b.get("day")
    if len(ints) != 4:
        return None
    if not isinstance(day, str) or not _iso_day(day):
        return None
    return RushBest(ints[0], ints[1], ints[2], ints[3], day)


@dataclass
class PuzzleStore:
    """Every game's ``GameStats`` (made on first use)."""

    games: dict[str, GameStats] = field(default_factory=dict)
    last_game: str = ""                 # the game of the last puzzle screen or round (the menu opens it)

    def of(self, game: str) -> GameStats:
        return self.games.setdefault(game, GameStats())

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, "last_game": self.last_game,
                "games": {g: s.to_json() for g, s in sorted(self.games.items())}}

    @classmethod
    def from_json(cls, data: Any) -> "PuzzleStore":
        store = cls()
        games = data.get("games") if isinstance(data, dict) else None
        if isinstance(games, dict):
            store.games = {g: GameStats.from_json(v, g) for g, v in games.items()
                           if isinstance(g, str) and len(g) < 40}
        last = data.get("last_game") if isinstance(data, dict) else None
        store.last_game = last if isinstance(last, str) and len(last) < 40 else ""
        return store


def load_store(path: str | Path | None = None) -> tuple[PuzzleStore, str | None]:
    """The saved store (empty when there is none) and a message for the player when the file
    could not be used (it is then moved aside, never deleted). Never raises."""
    p = Path(path) if path is not None else store_path()
    try:
        if not p.exists():
            return PuzzleStore(), None
    except OSError as e:  # pragma: no cover - exists() swallows most errors
        return PuzzleStore(), _("Your puzzle ratings, My puzzles and Puzzle Rush bests could not be checked: "
                                "{problem}").format(problem=failure_words(failure_kind(e)))
    problem = ""
    try:
        data = json.loads(read_text(p, record=False))
    except StorageError as e:
        problem = clause(storage_words(e))
    except (ValueError, RecursionError):      # (a file nested too deep is damaged too)
        problem = _("{name} is damaged").format(name=p.name)
    else:
        version = data.get("version") if isinstance(data, dict) else None
        if isinstance(version, int) and not isinstance(version, bool) and version in READS:
            return PuzzleStore.from_json(data), None
        problem = _("{name} has an unknown format").format(name=p.name)
    try:
        dest = move_aside(p, p.stem, p.suffix)
    except StorageError as e:
        return PuzzleStore(), _("Your puzzle ratings, My puzzles and Puzzle Rush bests could not be read ({problem}) "
                                "nor moved aside ({why}); they start afresh and {path} is left as it is until they "
                                "are saved.").format(problem=problem, why=clause(storage_words(e)), path=p)
    return PuzzleStore(), _("Your puzzle ratings, My puzzles and Puzzle Rush bests could not be read ({problem}); the "
                            "file was kept as {name} and they start afresh.").format(problem=problem, name=dest.name)


def save_store(store: PuzzleStore, path: str | Path | None = None) -> str | None:
    """Write the store atomically; a message for the player when that failed."""
    p = Path(path) if path is not None else store_path()
    try:
        atomic_write_text(p, json.dumps(store.to_json(), indent=1, ensure_ascii=False) + "\n")
    except StorageError as e:
        return _("Your puzzle ratings, My puzzles and Puzzle Rush bests could not be saved: {problem}").format(
            problem=storage_words(e))
    return None
