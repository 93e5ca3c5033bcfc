"""Learn from your mistakes: a finished review's ``?`` and ``??`` moves of the player's own side
become exercises, "find the better move", kept as "My puzzles".

Pure like the rest of ``game.puzzles``: no pygame, no files, no clock (the date found is given).

An exercise (``MyPuzzle``) is the position before a marked move, reached by replaying
``moves`` from the game's start with ``options`` (as a bank puzzle's), with one solver move to
find: the review's better move (``PlyReview.best``). ``puzzle()`` gives it as a ``BankPuzzle``
(``solution = (best,)``), so the one puzzle board (``game.scenes.puzzle_board``) plays it as
it plays the bank's: the better move is right, and so is any move that wins at once by the
rules (the board's own rule); any other move is wrong.

Why only the review's move is accepted (besides a win at once): the review keeps, per position,
the first move of its best line and the values before and after the move played, not a value
for every other move. Accepting "any move within a margin of the best" would need an engine
search of each move the player tries, in the puzzle screen, at the review's budget (two
analyses of 800 iterations a try): slow on the machines the game runs on, and not the same
answer on every machine when timed. So the screen words a wrong answer as "not the review's
move" and shows the better one, and never says another move loses.

Which moves become exercises (``exercises``): the judged plies marked ``?`` or ``??`` of the
seats given (the human seats: both in a game between two people), whose better move differs
from the move played and is legal in the position; plies of a line the review did not cover,
forced, set-up and pie-rule moves (never marked) are left out. A game that did not start
from the game's initial position (set up in the editor) gives none: its moves cannot be
replayed from the start (``from_game``).

The id is stable, made from the game, the options and the moves to the position
(``puzzle_id``): the same mistake found by a second review of the same game, or in the same
position of another game, is one puzzle.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import json
from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping, Protocol, Sequence, TypeGuard

from ..rules import GAME_NAMES, make_game
from ..rules.base import Game, Reason, RulesError
from .bank import BankPuzzle

__all__ = ["MyPuzzle", "ReviewedPly", "MARKS", "exercises", "from_game", "start_of", "puzzle_id", "ID_PREFIX"]

MARKS = ("?", "??")          # the marks that make an exercise (``?!`` is left: an inaccuracy)
ID_PREFIX = "my-"
PROOF = "review"             # a BankPuzzle's ``proof``: the review's better move, not a proof


class ReviewedPly(Protocol):
    """What an exercise reads of a review's verdict on one ply (``game.ai.review.PlyReview``)."""

    ply: int
    move: str
    player: str
    best: str
    line: tuple[str, ...]
    mark: str
    reason: str
    judged: bool


@dataclass(frozen=True)
class MyPuzzle:
    """One of the player's mistakes as an exercise (see the module docstring)."""

    id: str
    game: str
    options: dict[str, Any]
    moves: tuple[str, ...]          # from the start to the position before the mistake
    played: str                     # the move played there (record form)
    best: str                       # the review's better move: the answer
    mark: str                       # "?" or "??"
    found: str                      # ISO date the review found it
    seat: str = ""                  # the seat that played it ("black"/"white", as at the start)
    reason: str = ""                # the review's reason ("missed-win", "allows-win" or "")
    line: tuple[str, ...] = ()      # the review's better line, from ``best``
    tries: int = 0                  # times tried on the puzzle board
    solved: int = 0                 # times solved there

    def puzzle(self) -> BankPuzzle:
        """The exercise as the puzzle board plays it: one solver move, the better one."""
        return BankPuzzle(self.id, self.game, dict(self.options), self.moves, (self.best,),
                          0, (), PROOF)

    @property
    def ply(self) -> int:
        """The mistake's ply in its game (1-based)."""
        return len(self.moves) + 1

    def tried(self, solved: bool) -> "MyPuzzle":
        return replace(self, tries=self.tries + 1, solved=self.solved + int(solved))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "options": dict(self.options), "moves": list(self.moves),
                "played": self.played, "best": self.best, "mark": self.mark, "found": self.found,
                "seat": self.seat, "reason": self.reason, "line": list(self.line),
                "tries": self.tries, "solved": self.solved}

    @classmethod
    def from_json(cls, data: Any) -> "MyPuzzle | None":
        """A stored exercise, or None when it makes no sense (never raises)."""
        if not isinstance(data, dict):
            return None
        pid, game = data.get("id"), data.get("game")
        texts = [t for t in (data.get(k) for k in ("played", "best", "mark", "found")) if isinstance(t, str) and t]
        if not (isinstance(pid, str) and 0 < len(pid) < 100 and game in GAME_NAMES and len(texts) == 4):
            return None
        played, best, mark, found = texts
        options = data.get("options", {})
        moves = data.get("moves")
        line = data.get("line", [])
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            return None
        if not _strings(moves) or not _strings(line) or mark not in MARKS or not _iso_day(found):
            return None
        seat, reason = data.get("seat", ""), data.get("reason", "")
        counts = [data.get(k, 0) for k in ("tries", "solved")]
        if not isinstance(seat, str) or not isinstance(reason, str):
            return None
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
            return None
        return cls(pid, str(game), dict(options), tuple(moves), played, best, mark, found,
                   seat, reason, tuple(line), counts[0], min(counts[1], counts[0]))


def _strings(x: Any) -> TypeGuard[list[str]]:
    return isinstance(x, list) and all(isinstance(t, str) and t for t in x)


def _iso_day(text: str) -> bool:
    try:
        _dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def puzzle_id(game: str, options: Mapping[str, Any], moves: Sequence[str]) -> str:
    """A stable id of the position: ``my-`` and 16 hex digits of a hash of the game, the options
    and the moves (lower case: record moves are read without regard to case)."""
    text = json.dumps([game, sorted(options.items()), [m.lower() for m in moves]], separators=(",", ":"))
    return ID_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def exercises(game: str, options: Mapping[str, Any], moves: Sequence[str], plies: Iterable[ReviewedPly],
              seats: Iterable[str], found: _dt.date) -> list[MyPuzzle]:
    """The exercises of a reviewed game given as plain data: ``moves`` the line reviewed from the
    game's start (record form), ``plies`` the review's verdicts on it, ``seats`` the player's
    own seats ("black"/"white" as at the start), ``found`` the day. In the order of the game,
    one per position. Moves the rules refuse end the line (never raises)."""
    own = set(seats)
    marked = {p.ply: p for p in plies
              if p.judged and p.mark in MARKS and p.player in own and 1 <= p.ply <= len(moves)}
    if not marked:
        return []
    try:
        g = make_game(game, **dict(options))
    except (RulesError, ValueError, TypeError):
        return []
    opts = dict(g.options())
    out: list[MyPuzzle] = []
    seen: set[str] = set()
    for ply, text in enumerate(moves, start=1):
        p = marked.get(ply)
        if p is not None and not g.is_over:
            puzzle = _exercise(g, game, opts, moves[:ply - 1], p, found)
            if puzzle is not None and puzzle.id not in seen:
                seen.add(puzzle.id)
                out.append(puzzle)
        try:
            g.push(text)
        except RulesError:
            break
    return out


def _exercise(g: Game, game: str, options: dict[str, Any], before: Sequence[str], p: ReviewedPly,
              found: _dt.date) -> MyPuzzle | None:
    """The exercise of the marked ply ``p`` in ``g`` (the position before it), or None."""
    try:
        played = g.parse_move(p.move)
        best = g.parse_move(p.best)
    except RulesError:
        return None
    if played == best:
        return None
    line = tuple(p.line) if p.line and p.line[0] == p.best else (p.best,)
    return MyPuzzle(puzzle_id(game, options, before), game, options, tuple(before), g.record_str(played),
                    g.record_str(best), p.mark, found.isoformat(), p.player, p.reason, line)


def start_of(game: Game) -> Game | None:
    """A copy of ``game`` (not changed) taken back to its start, when that start is the game's
    initial position with its options; None for a position set up in the editor."""
    start = game.copy()
    if start.result is not None and start.result.reason == Reason.AGREEMENT:
        try:
            start.cancel_agreement()
        except RulesError:
            return None
    try:
        for _ in start.moves_played():
            start.undo()
        initial = make_game(game.name, **dict(game.options()))
    except (RulesError, ValueError, TypeError):
        return None
    if start.start_ply != 0 or start.position_text() != initial.position_text() or start.to_move != initial.to_move:
        return None
    return start


def from_game(line_end: Game, plies: Iterable[ReviewedPly], seats: Iterable[str],
              found: _dt.date) -> list[MyPuzzle]:
    """``exercises`` of the line that ends in ``line_end`` (not changed), its moves from its start;
    none when that start is not the game's initial position (``start_of``)."""
    start = start_of(line_end)
    if start is None:
        return []
    moves = []
    for m in line_end.moves_played():
        moves.append(start.record_str(m))
        start.play(m)
    return exercises(line_end.name, dict(line_end.options()), moves, plies, seats, found)
