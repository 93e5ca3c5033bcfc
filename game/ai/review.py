"""Game review: the engine's verdict on every move of a game.

Pure Python like the rest of ``game.ai``: no pygame, no files, and no clock unless one is
passed in (``clock=time.monotonic``); only the command line below reads a file and the clock.

What a review holds
-------------------
The engine values every position of the game once: ``value(P0) .. value(Pn)`` where ``P0``
is the start and ``Pi`` the position after ply ``i``; the value after ply ``i`` is the value
before ply ``i + 1``, one number per position. A value is **Black's winning chance** in
[0, 1] (the colour Black, whoever sits there). It is exact when it is known for sure: a
finished game (1 / 0 / 0.5), a solver proof, or a win at once for the side to move
(``Knowledge.win_now``; for Onager a back-row win in two plies), so the planted cases below
come out right with tiny budgets.

Otherwise it comes from the analysis board's own analysis of the position
(``game.ai.analyse.analyse_position`` with REVIEW_LINES lines and a fixed number of
iterations, its random source drawn from the position: the same game reviews the same on
any machine, and ``best`` and ``line`` are the analysis board's best line at that budget),
in two steps:

1. the mean of all the visits of the analysis's first search. Measured on the three games,
   the mean leans *against* the side to move (it averages in that side's tries of poor
   moves), while the value of the best line leans *for* it (the replies below it are
   searched more thinly than the moves at the root), each by 5 to 15 points at review
   budgets: either one alone makes a curve that zig-zags with the turn;
2. then the game's continuation, from the last ply back (``_lift``): a position is worth at
   least what the move played from it reaches, for the side that played it. When the
   position after the move is worth more to the mover than this position's own search
   said, this position takes that value (and its proof, if the next one is proven won for
   the mover), and ``best`` is the move played. So a move never gains for the side that
   played it, the lean of step 1 is taken out along the game, and the curve falls only
   where a move gave something away.

``PlyReview`` (one per ply, 1-based ``ply``):

=============== ========================================================================
move            the move played, record form (``Game.record_str``)
mover           the colour that moved: ``"black"`` / ``"white"``
player          the seat of the player who moved, as at the start of the game (the
                record's Black / White): differs from ``mover`` after an Onyx ``swap``
best            the engine's move in the position before (record form)
line            a few moves of the engine's principal variation from the position
                before, starting with ``best``
value_before    Black's winning chance before the move (``value(P[ply-1])``)
value_after     Black's winning chance after it (``value(P[ply])``): the next ply's
                ``value_before``, so the values draw one graph
proven_before,  ``"black"`` / ``"white"`` / ``"draw"`` when that value is exact, else None
proven_after
drop            the mover's loss of winning chance: mover's chance before - after
                (negative: better than the engine expected); None when not judged
mark            ``"??"``, ``"?"``, ``"?!"`` or ``""``
reason          why: ``"missed-win"``, ``"allows-win"`` (the forced ``??`` below), or for
                a ply that is not judged ``"forced"``, ``"setup"``, ``"pie"``; else ``""``
judged          whether the move was judged at all (see below)
=============== ========================================================================

Marks
-----
From the drop in the MOVER's winning chance: ``?!`` inaccuracy when drop >= INACCURACY
(0.10), ``?`` mistake when drop >= MISTAKE (0.20), ``??`` blunder when drop >= BLUNDER
(0.30). Whatever the drop, a move is ALWAYS ``??`` when

* it misses a forced win (``reason "missed-win"``): the position before was a proven win
  for the mover (e.g. a win in one) and after the move it no longer is (the game was not
  won by it and the engine cannot prove the win any more); or
* it allows a forced win (``reason "allows-win"``): after the move the opponent has a
  proven win (e.g. can win at once), and the position before was not already proven lost
  for the mover (when every move loses, none is a blunder).

With small budgets a slower win that the solver does not prove counts as a missed win,
and a position lost by force that it does not prove makes every move ``??``.

Not judged (``judged`` False, no mark, ``drop`` None, left out of the summary):

* ``"forced"``: the only legal move;
* ``"setup"``: Onager's lake placements (the engine itself places lakes by a rule of thumb,
  without search, and values the set-up phase statically);
* ``"pie"``: the two decisions of the Onyx pie rule, Black's first stone and White's reply
  (``swap`` or a stone). A swap exchanges the players, not the colours: the board and the
  colour to move stay as they were, so Black's winning chance is the same before and after
  it, while the player who swaps (the one at White, who then plays Black) changes sides.
  Right after the first stone the engine's values are known to lean towards the side to
  move (see ``game.ai.levels``), which would mark sound swaps as blunders; ``best`` there
  is the engine's own pie play (``swap`` when the first stone is central).

Summary (``summarize``), per player seat (``"black"`` / ``"white"`` as at the start): the
counts of blunders, mistakes and inaccuracies, the number of judged moves, ``lost`` (the
net winning chance lost over the player's judged moves, in points) and ``accuracy`` in
percent (None without a judged move), after lichess's win-percentage accuracy (the idea,
our own constants; see ``game_accuracy``):

* a move's accuracy is ``100 * exp(-loss / 22)``, ``loss`` the points of winning chance
  it lost (``drop`` * 100, a gain counting as 0): 1 point 95.6, 5 points 79.7, 20 points 40;
* ``blend`` = the mean of (the moves' accuracies weighted by the volatility of Black's
  chance in the plies before each move, 0.5 to 12 points of standard deviation, and their
  harmonic mean);
* ``kept`` = ``100 * exp(-lost / 60)``; the accuracy is ``blend``, or ``(blend + kept) / 2``
  when ``kept`` is lower. So a game given away a point at a time cannot read as accurate:
  a steady slide from 52% to 3% over 40 moves reads about 69%, where the old mean of
  ``1 - drop`` read 98.8%; every move keeping the chance reads 100.

``biggest_swing``: the judged ply with the largest drop (ply, move, player, mover, size =
drop, values), None without judged plies. ``slides``: per player, the largest fall of its
chance (from before one of its judged moves to after a later one, the opponent's moves
between counted) when more than SLIDE_NOTE (30 points) and its marked moves explain less
than half of it (``accuracy.Slide``: player, from_ply, to_ply, chance_from, chance_to, marked);
``Summary.notes(seat_name, move_label)`` words them, e.g. "Black's chance slid from 52% to
3% over moves 8–40 without one big mistake".

API
---
* ``review_game(source, iterations=, seconds=, clock=, cancel=, progress=, seed=)``: a
  generator yielding one ``PlyReview`` per ply, from the LAST ply back to the first (each
  value needs the next one's); ``source`` is a ``Record`` or a
  ``Game`` (its whole history from its start). A background worker reports progress
  (``progress(done, total)`` after each ply) and can stop between plies (``cancel``: a
  callable returning True or an Event; it also stops the search in progress, and the ply
  being searched is then not yielded).
* ``review(source, ...) -> Review``: all plies in order and the summary (``Review.to_json()``).
* ``review_moves(game_name, options, moves, setup=None, ...)``: the same from plain data
  (the moves as text, ``setup`` as in ``game.ai.worker.build_game``), for a worker process.
* ``review_positions(game_name, options, moves, setup=None)``: the positions P0..Pn.
* ``review_ply(before, move, ...)``: one move on its own (two analyses; the continuation is
  the one move).
* ``summarize(plies) -> Summary``.
* ``review_to_comments(record, plies)`` / ``comments_to_review(record)``: store a review in
  a record as PGN-style move comments (see ``comment_text``) plus an ``Annotator`` header,
  and read it back.

Budget: per position, ``seconds`` on the injected ``clock`` and/or at most ``iterations``
iterations. Without a clock (or without ``seconds``) it is ``iterations`` (default
DEFAULT_ITERATIONS), which with a fixed ``seed`` makes a review deterministic (the tests).

Command line::

    python -m game.ai.review RECORD_FILE [--seconds S] [--iterations N] [--json]
                             [--annotate OUT] [--seed N]

prints a table (ply, move, Black's chance before and after in percent, mark, best move)
and the summary; ``--json`` prints ``{"game", "plies": [PlyReview...], "summary": {"black":
{"blunders", "mistakes", "inaccuracies", "accuracy", "moves"}, "white": {...},
"biggest_swing": {...} | null, "slides": [{...}], "notes": [text]}, "budget",
"thresholds"}`` (each side also has ``"lost"``). ``--annotate OUT`` also writes the
record with the review as comments (``-``: standard output, instead of the table). The
default budget is DEFAULT_ITERATIONS iterations per position, no clock (the same review on
any machine, and the app's); ``--seconds S`` thinks S seconds per position instead. A
file that cannot be read or parsed exits with status 2 and one line on stderr.
"""
from __future__ import annotations

import copy
import random
import re
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

from ..rules import game_class, make_game
from ..rules.base import Color, Game, Move, Reason, RulesError
from ..rules.onyx import Onyx
from ..rules.record import Record, RecordError, format_record, parse_record
from .accuracy import (SLIDE_NOTE, Slide, game_accuracy, move_accuracy, slide_of,
                       volatility_weights)
from .levels import get_level, knowledge_of
from .analyse import analyse_position, chance_words
from .mcts import cancel_check

__all__ = ["INACCURACY", "MISTAKE", "BLUNDER", "DEFAULT_ITERATIONS", "DEFAULT_SECONDS",
           "PlyReview", "SideSummary", "Summary", "Slide", "Review", "review_game", "review",
           "review_moves", "review_positions", "review_ply", "summarize", "mark_for",
           "move_accuracy", "game_accuracy", "SLIDE_NOTE",
           "comment_text", "parse_comment", "review_to_comments", "comments_to_review",
           "ANNOTATOR", "main"]

INACCURACY = 0.10   # ?!  drop in the mover's winning chance
MISTAKE = 0.20      # ?
BLUNDER = 0.30      # ??
DEFAULT_ITERATIONS = 800   # per position, when no clock is given (the app's review too)
REVIEW_LINES = 3           # the lines of each position's analysis, as the analysis board shows
DEFAULT_SECONDS = 0.5      # per position, with a clock and no iterations given (the API)
LINE_LENGTH = 6            # moves of the principal variation kept in ``line``
LEVEL = "hard"             # the level whose search and knowledge the review uses
ANNOTATOR = "abstract-trio review"
_FORCED_DEPTH = 8          # forced moves followed when valuing a position past the game

UNJUDGED = ("forced", "setup", "pie")
REASON_TEXT = {
    "missed-win": "missed a forced win",
    "allows-win": "allows a forced win",
    "forced": "only move",
    "setup": "set-up move, not judged",
    "pie": "pie rule, not judged",
}


# ------------------------------------------------------------------ results
@dataclass(frozen=True)
class PlyReview:
    """The verdict on one ply (see the module docstring for every field)."""

    ply: int
    move: str
    mover: str
    player: str
    best: str
    line: tuple[str, ...]
    value_before: float
    value_after: float
    proven_before: str | None = None
    proven_after: str | None = None
    drop: float | None = None
    mark: str = ""
    reason: str = ""
    judged: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "move": self.move, "mover": self.mover, "player": self.player,
                "best": self.best, "line": list(self.line), "value_before": self.value_before,
                "value_after": self.value_after, "proven_before": self.proven_before,
                "proven_after": self.proven_after, "drop": self.drop, "mark": self.mark,
                "reason": self.reason, "judged": self.judged}


@dataclass(frozen=True)
class SideSummary:
    blunders: int = 0
    mistakes: int = 0
    inaccuracies: int = 0
    accuracy: float | None = None   # percent, ``game_accuracy``; None: no judged move
    moves: int = 0                  # judged moves
    lost: float | None = None       # net winning chance lost over its moves, points (>= 0)

    def to_json(self) -> dict[str, Any]:
        return {"blunders": self.blunders, "mistakes": self.mistakes,
                "inaccuracies": self.inaccuracies, "accuracy": self.accuracy, "moves": self.moves,
                "lost": self.lost}


@dataclass(frozen=True)
class Summary:
    black: SideSummary
    white: SideSummary
    biggest_swing: dict[str, Any] | None = None
    slides: tuple[Slide, ...] = ()   # falls of a player's chance without big mistakes

    def side(self, seat: str | Color) -> SideSummary:
        word = seat.word if isinstance(seat, Color) else str(seat)
        return self.black if word == "black" else self.white

    def notes(self, seat_name: Callable[[str], str] | None = None,
              move_label: Callable[[int], str] | None = None) -> list[str]:
        """The summary's sentences beyond the numbers, one per slide, e.g. "Black's chance
        slid from 52% to 3% over moves 8–40 without one big mistake". ``seat_name(seat)``
        names a player ("You"), ``move_label(ply)`` gives a ply's move number."""
        return [sl.text(seat_name(sl.player) if seat_name else None, move_label)
                for sl in self.slides]

    def to_json(self) -> dict[str, Any]:
        return {"black": self.black.to_json(), "white": self.white.to_json(),
                "biggest_swing": dict(self.biggest_swing) if self.biggest_swing else None,
                "slides": [sl.to_json() for sl in self.slides], "notes": self.notes()}


@dataclass
class Review:
    game: str
    plies: list[PlyReview]
    summary: Summary
    budget: dict[str, Any] = field(default_factory=dict)
    complete: bool = True           # False when cancelled before the last ply

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "plies": [p.to_json() for p in self.plies],
                "summary": self.summary.to_json(), "budget": dict(self.budget),
                "complete": self.complete,
                "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER}}


# ------------------------------------------------------------------ marks
def mark_for(drop: float) -> str:
    """The mark of a drop in the mover's winning chance (thresholds only)."""
    if drop >= BLUNDER:
        return "??"
    if drop >= MISTAKE:
        return "?"
    if drop >= INACCURACY:
        return "?!"
    return ""


def _judge(mover: Color, vb: float, va: float, pb: str | None, pa: str | None
           ) -> tuple[float, str, str]:
    """(drop, mark, reason) of a judged move by ``mover``."""
    mb = vb if mover == Color.BLACK else 1.0 - vb
    ma = va if mover == Color.BLACK else 1.0 - va
    drop = round(mb - ma, 3)
    me, them = mover.word, mover.other.word
    if pb == me and pa != me:
        return drop, "??", "missed-win"
    if pa == them and pb != them:
        return drop, "??", "allows-win"
    return drop, mark_for(drop), ""


# ------------------------------------------------------------------ positions
def review_positions(game_name: str, options: Mapping[str, Any] | None = None,
                     moves: Sequence[str] = (), setup: Mapping[str, Any] | None = None
                     ) -> list[Game]:
    """The positions P0 (start) .. Pn (after the last move) of a game given as plain data.

    ``setup`` is ``{"position": text, "to_move": "black"|"white", "options": {...}}`` as in
    ``game.ai.worker.build_game``. Raises RulesError naming a refused move.
    """
    start = _build_start(game_name, options, setup)
    out = [start.copy()]
    game = start
    for n, text in enumerate(moves, start=1):
        try:
            game.push(text)
        except RulesError as e:
            raise RulesError(f"move {n} {text!r} refused: {e}", kind="move-refused", n=n, move=text,
                             cause=e.value()) from None
        out.append(game.copy())
    return out


def _build_start(game_name: str, options: Mapping[str, Any] | None,
                 setup: Mapping[str, Any] | None) -> Game:
    opts = dict(options or {})
    if not setup:
        return make_game(game_name, **opts)
    extra = dict(setup.get("options") or {})
    to_move = setup.get("to_move", "black")
    if not isinstance(to_move, Color):
        to_move = Color.parse(str(to_move))
    return game_class(game_name).from_position(setup.get("position", ""), to_move, **opts, **extra)


def _start_and_moves(source: Record | Game) -> tuple[Game, list[Move]]:
    if isinstance(source, Record):
        game = source.start()
        start = game.copy()
        moves: list[Move] = []
        for n, text in enumerate(source.moves, start=1):
            try:
                m = game.parse_move(text)
            except RulesError as e:
                raise RecordError(f"move {n} {text!r} refused: {e}", kind="move-refused", n=n, move=text,
                                  cause=e.value()) from None
            game.play(m)
            moves.append(m)
        return start, moves
    if isinstance(source, Game):
        moves = list(source.moves_played())
        start = source.copy()
        if start.result is not None and start.result.reason == Reason.AGREEMENT:
            try:
                start.cancel_agreement()
            except RulesError:
                pass
        for _ in range(len(moves)):
            start.undo()
        return start, moves
    raise TypeError("review a Record or a Game")


# ------------------------------------------------------------------ the engine
@dataclass(frozen=True)
class _Value:
    black: float                      # Black's winning chance
    proven: str | None                # "black"/"white"/"draw" when exact
    best: Move | None = None
    line: tuple[Move, ...] = ()
    searched: tuple[Move, ...] = ()   # the search's own line, when ``line`` is the pie play's


class _Cancelled(Exception):
    pass


class _Engine:
    """Values positions with the review budget: one analysis per position
    (``game.ai.analyse.analyse_position``, the analysis board's own, at REVIEW_LINES lines)."""

    def __init__(self, game: Game, iterations: int | None, seconds: float | None,
                 clock: Callable[[], float] | None, cancel: Any, seed: int | None) -> None:
        lv = get_level(LEVEL, game.name)
        assert lv.params is not None
        self.knowledge = knowledge_of(lv, game)
        secs = float(seconds) if seconds is not None and clock is not None else None
        timed = secs is not None
        if iterations is not None:
            iterations = max(1, int(iterations))
        if not timed and iterations is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = secs
        self.clock = clock if timed else None
        self.cancel = cancel
        self.seed = seed
        self.stop = cancel_check(cancel)
        self.rng = random.Random(seed)
        self.budget = {"seconds": self.seconds, "iterations": iterations}

    def cancelled(self) -> bool:
        return self.stop is not None and bool(self.stop())

    def value(self, game: Game, after: Callable[[], _Value] | None = None, depth: int = 0
              ) -> _Value:
        """The value of ``game`` (not changed), before the game's continuation is taken into
        account (``_lift``): the mean of the analysis's first search, and its best line.
        ``after``: the value of the position after its only move, when the caller knows it
        (saves a search)."""
        res = game.result
        if res is not None:
            word = "draw" if res.winner is None else res.winner.word
            return _Value(0.5 if res.winner is None else float(res.winner == Color.BLACK), word)
        k = self.knowledge
        quick = k.quick_move(game, self.rng)
        if quick is not None:            # decided without search (Onager lakes)
            return _Value(k.evaluate(game), None, quick, (quick,))
        moves = k.search_moves(game) or game.legal_moves()
        if len(moves) == 1:               # forced: the value of the position after it
            if after is not None:
                nxt = after()
            elif depth < _FORCED_DEPTH:
                child = game.copy()
                child.play(moves[0])
                nxt = self.value(child, None, depth + 1)
            else:
                nxt = _Value(k.evaluate(game), None)
            return _Value(nxt.black, nxt.proven, moves[0], ((moves[0],) + nxt.line)[:LINE_LENGTH])
        if self.cancelled():
            raise _Cancelled
        a = analyse_position(game, iterations=self.iterations, seconds=self.seconds,
                             clock=self.clock, lines=REVIEW_LINES, seed=self.seed,
                             cancel=self.cancel)
        if self.cancelled():
            raise _Cancelled
        proven = a.proven if a.proven in ("black", "white") else None
        black = a.value if proven else a.mean
        line: tuple[Move, ...] = ()
        if a.lines:
            line = _moves_of(game, a.lines[0].line)
        best = line[0] if line else None
        searched = line
        stage = _pie_stage(game)
        if stage is not None and isinstance(game, Onyx):
            from .onyx_eval import pie_opening, strong_opening
            if stage == "swap":
                played = game.moves_played()
                if played and played[-1] != game.SWAP and strong_opening(game, played[-1]):
                    best, line = game.SWAP, (game.SWAP,)
            else:
                best = pie_opening(game, self.rng)
                line = (best,)
        return _Value(min(1.0, max(0.0, black)), proven, best, line[:LINE_LENGTH], searched)

    @staticmethod
    def after_swap(before: _Value) -> _Value:
        """The value after an Onyx ``swap``: the same board and colour to move, so the same
        value (the search left ``swap`` out anyway); best and line are the search's."""
        line = before.searched or before.line
        return _Value(before.black, before.proven, line[0] if line else None, line)


def _moves_of(game: Game, texts: Sequence[str]) -> tuple[Move, ...]:
    """The moves of a line given as record texts, from ``game`` (not changed)."""
    g = game.copy()
    out = []
    for t in texts:
        try:
            m = g.parse_move(t)
        except RulesError:
            break
        out.append(m)
        g.play(m)
        if g.result is not None:
            break
    return tuple(out)


def _known(value: _Value) -> Callable[[], _Value]:
    """``value`` as the ``after`` of ``_Engine.value`` (known already: no search)."""
    return lambda: value


def _lift(game: Game, value: _Value, played: Move, nxt: _Value) -> _Value:
    """``value`` of ``game`` made consistent with the game's continuation: a position is worth
    at least what the move played from it reaches, for the side that played it (the
    search of the next position looked one move deeper down that line than the search of
    this one). When the next position is worth more to that side than this one's own
    search said, this one takes its value (and its proof, when the next one is proven won
    for that side), and the move played is the best. When the move played is the search's own
    best, this one takes the next one's value, lower too. An exact value stays as it is."""
    if value.proven is not None:
        return value
    if played == value.best and nxt.proven is None:
        # the search's own best move was played: the position is worth what that move reaches
        # (searched one move deeper), so the engine never marks its own choice as a loss
        return _Value(nxt.black, None, played, ((played,) + nxt.line)[:LINE_LENGTH], value.searched)
    me = game.to_move
    mine_now = value.black if me == Color.BLACK else 1.0 - value.black
    mine_next = nxt.black if me == Color.BLACK else 1.0 - nxt.black
    if mine_next <= mine_now:
        return value
    proven = nxt.proven if nxt.proven == me.word else None
    return _Value(nxt.black, proven, played, ((played,) + nxt.line)[:LINE_LENGTH])


def _pie_stage(game: Game) -> str | None:
    """``"first"``: Black's first stone of an Onyx game with the pie rule; ``"swap"``: the
    reply, where ``swap`` is legal; None otherwise."""
    if game.name != "onyx" or game.result is not None or not game.options().get("pie"):
        return None
    swap = game.SWAP
    if swap is not None and swap in game.legal_moves():
        return "swap"
    if game.start_ply + game.ply == 0:
        return "first"
    return None


def _r3(x: float) -> float:
    return round(float(x), 3)


def _ply_review(ply: int, before: Game, move: Move, player: Color, vb: _Value, va: _Value
                ) -> PlyReview:
    mover = before.to_move
    text = before.record_str(move)
    best_move = vb.best if vb.best is not None else move
    line = before.record_line(vb.line) if vb.line and vb.line[0] == best_move else ()
    line = line or (before.record_str(best_move),)
    best = line[0]
    value_before, value_after = _r3(vb.black), _r3(va.black)
    legal = before.legal_moves()
    if len(legal) == 1:
        reason = "forced"
    elif before.in_setup:
        reason = "setup"
    elif _pie_stage(before) is not None:
        reason = "pie"
    else:
        reason = ""
    if reason:
        return PlyReview(ply, text, mover.word, player.word, best, line, value_before,
                         value_after, vb.proven, va.proven, None, "", reason, False)
    drop, mark, why = _judge(mover, value_before, value_after, vb.proven, va.proven)
    return PlyReview(ply, text, mover.word, player.word, best, line, value_before, value_after,
                     vb.proven, va.proven, drop, mark, why, True)


# ------------------------------------------------------------------ reviews
def review_game(source: Record | Game, *, iterations: int | None = None,
                seconds: float | None = None, clock: Callable[[], float] | None = None,
                cancel: Any = None, progress: Callable[[int, int], Any] | None = None,
                seed: int | None = 0) -> Iterator[PlyReview]:
    """Yield one ``PlyReview`` per ply of ``source`` (a Record or a Game), in order.

    Budget per position: ``seconds`` on ``clock`` (both needed) and/or ``iterations``
    (default DEFAULT_ITERATIONS when there is no time budget). ``progress(done, total)`` is
    called after each ply; ``cancel`` (callable or Event) ends the generator between plies
    and interrupts the search in progress (that ply is not yielded). Raises RecordError if
    a Record's move is refused.
    """
    start, moves = _start_and_moves(source)
    engine = _Engine(start, iterations, seconds, clock, cancel, seed)
    yield from _review_iter(start, moves, engine, progress)


def _review_iter(start: Game, moves: list[Move], engine: _Engine,
                 progress: Callable[[int, int], Any] | None) -> Iterator[PlyReview]:
    """The plies' verdicts from the LAST ply back to the first: each position's value takes
    the game's continuation into account (``_lift``), so the value after a ply is known
    before the value before it."""
    positions = [start.copy()]
    g = start.copy()
    for m in moves:
        g.play(m)
        positions.append(g.copy())
    total = len(moves)
    swap = start.SWAP
    players = []
    swapped = start.swapped
    for i, m in enumerate(moves):
        mover = positions[i].to_move
        players.append(mover.other if swapped else mover)
        if swap is not None and m == swap:
            swapped = not swapped
    if engine.cancelled():
        return
    try:
        va = engine.value(positions[total])
    except _Cancelled:
        return
    done = 0
    for i in range(total, 0, -1):
        if engine.cancelled():
            return
        before, m = positions[i - 1], moves[i - 1]
        try:
            raw = engine.value(before, _known(va))
        except _Cancelled:
            return
        if swap is not None and m == swap:      # the same board and colour: the same value
            vb = _Value(va.black, va.proven, raw.best, raw.line, raw.searched)
        else:
            vb = _lift(before, raw, m, va)
        yield _ply_review(i, before, m, players[i - 1], vb, va)
        va = vb
        done += 1
        if progress is not None:
            progress(done, total)


def review(source: Record | Game, **kw: Any) -> Review:
    """The whole review (all plies and the summary); takes review_game's keywords."""
    start, moves = _start_and_moves(source)
    engine = _Engine(start, kw.get("iterations"), kw.get("seconds"), kw.get("clock"),
                     kw.get("cancel"), kw.get("seed", 0))
    plies = sorted(_review_iter(start, moves, engine, kw.get("progress")), key=lambda p: p.ply)
    return Review(start.name, plies, summarize(plies), dict(engine.budget),
                  complete=len(plies) == len(moves))


def review_moves(game_name: str, options: Mapping[str, Any] | None, moves: Sequence[str],
                 setup: Mapping[str, Any] | None = None, **kw: Any) -> Iterator[PlyReview]:
    """``review_game`` for a game given as plain data (moves as text); same keywords."""
    positions = review_positions(game_name, options, moves, setup)
    return review_game(positions[-1], **kw)


def review_ply(before: Game, move: Move | str, *, iterations: int | None = None,
               seconds: float | None = None, clock: Callable[[], float] | None = None,
               cancel: Any = None, seed: int | None = 0, ply: int | None = None,
               player: Color | str | None = None) -> PlyReview:
    """The verdict on one move in ``before`` (not changed): two searches.

    ``move`` is a legal move or its text. ``ply`` defaults to ``before.ply + 1`` and
    ``player`` to the colour to move. Raises RulesError for a refused move and
    RuntimeError when cancelled.
    """
    if isinstance(move, str):
        move = before.parse_move(move)
    elif move not in before.legal_moves():
        raise RulesError(f"{move!r} is not a legal move here")
    after = before.copy()
    after.play(move)
    engine = _Engine(before, iterations, seconds, clock, cancel, seed)
    try:
        if move == before.SWAP:
            vb = engine.value(before)
            va = engine.after_swap(vb)
        else:
            va = engine.value(after)
            vb = _lift(before, engine.value(before, lambda: va), move, va)
    except _Cancelled:
        raise RuntimeError("the review was cancelled") from None
    who = before.to_move if player is None else (
        player if isinstance(player, Color) else Color.parse(str(player)))
    return _ply_review(before.ply + 1 if ply is None else ply, before, move, who, vb, va)


def summarize(plies: Sequence[PlyReview]) -> Summary:
    """Per player seat: counts of ??, ?, ?! and the accuracy (``game_accuracy``); the
    biggest swing; the slides (``Slide``) of either player."""
    weights = volatility_weights(plies)
    sides = {}
    slides = []
    for seat in ("black", "white"):
        mine = [p for p in plies if p.judged and p.player == seat]
        acc = game_accuracy([p.drop for p in mine], [weights.get(p.ply, 1.0) for p in mine])
        lost = round(100.0 * max(0.0, sum(p.drop or 0.0 for p in mine)), 1) if mine else None
        sides[seat] = SideSummary(sum(p.mark == "??" for p in mine),
                                  sum(p.mark == "?" for p in mine),
                                  sum(p.mark == "?!" for p in mine),
                                  None if acc is None else round(acc, 1), len(mine), lost)
        sl = slide_of(seat, mine)
        if sl is not None:
            slides.append(sl)
    judged = [p for p in plies if p.judged]
    swing = None
    if judged:
        worst = max(judged, key=lambda p: (p.drop or 0.0, -p.ply))
        swing = {"ply": worst.ply, "move": worst.move, "player": worst.player,
                 "mover": worst.mover, "size": worst.drop, "value_before": worst.value_before,
                 "value_after": worst.value_after}
    return Summary(sides["black"], sides["white"], swing, tuple(slides))


# ------------------------------------------------------------------ comments
def comment_text(p: PlyReview) -> str:
    """The review of one ply as a record comment (without the braces), e.g.
    ``?? allows a forced win; best: e3-d3; line: e3-d3 c4-c5; black: 62.0% -> white wins``.

    Parts are separated by ``; ``: the verdict (mark and reason; absent when both are
    empty), ``best:``, ``line:`` (absent when it is just the best move), and ``black:``
    Black's chance before -> after (``black wins`` / ``white wins`` / ``draw`` when exact).
    """
    parts = []
    verdict = " ".join(x for x in (p.mark, REASON_TEXT.get(p.reason, p.reason)) if x)
    if verdict:
        parts.append(verdict)
    parts.append(f"best: {p.best}")
    if tuple(p.line) != (p.best,) and p.line:
        parts.append("line: " + " ".join(p.line))
    parts.append(f"black: {chance_words(p.value_before, p.proven_before)} -> "
                 f"{chance_words(p.value_after, p.proven_after)}")
    return "; ".join(parts)


_VALUE_RE = re.compile(r"^(?:(\d{1,3}(?:\.\d+)?)%|(black wins|white wins|draw))$")
_TEXT_REASON = {v: k for k, v in REASON_TEXT.items()}


def _read_value(text: str) -> tuple[float, str | None] | None:
    m = _VALUE_RE.match(text.strip().lower())
    if not m:
        return None
    if m.group(1) is not None:
        v = float(m.group(1)) / 100.0
        return (_r3(v), None) if 0.0 <= v <= 1.0 else None
    word = m.group(2)
    if word == "draw":
        return 0.5, "draw"
    winner = word.split()[0]
    return (1.0 if winner == "black" else 0.0), winner


def parse_comment(text: str) -> dict[str, Any] | None:
    """The fields of a review comment (``comment_text``'s form), or None if it is not one:
    ``mark``, ``reason``, ``best``, ``line``, ``value_before``, ``value_after``,
    ``proven_before``, ``proven_after``."""
    parts = [x.strip() for x in str(text).split(";")]
    out: dict[str, Any] = {"mark": "", "reason": ""}
    for n, part in enumerate(parts):
        key, colon, rest = part.partition(":")
        key = key.strip().lower()
        if colon and key in ("best", "line", "black"):
            if key in out:
                return None
            if key == "best":
                if len(rest.split()) != 1:
                    return None
                out["best"] = rest.strip()
            elif key == "line":
                out["line"] = tuple(rest.split())
            else:
                a, arrow, b = rest.partition("->")
                va, vb = _read_value(a), _read_value(b)
                if not arrow or va is None or vb is None:
                    return None
                out["black"] = True
                out["value_before"], out["proven_before"] = va
                out["value_after"], out["proven_after"] = vb
        elif n == 0:
            verdict = part
            for mark in ("??", "?!", "?"):
                if verdict.startswith(mark):
                    out["mark"] = mark
                    verdict = verdict[len(mark):].strip()
                    break
            if verdict:
                if verdict not in _TEXT_REASON:
                    return None
                out["reason"] = _TEXT_REASON[verdict]
        else:
            return None
    if "best" not in out or "black" not in out:
        return None
    del out["black"]
    out.setdefault("line", (out["best"],))
    return out


def review_to_comments(record: Record, plies: Sequence[PlyReview], annotator: str = ANNOTATOR,
                       only_marked: bool = False) -> Record:
    """A copy of ``record`` with the review as move comments and an ``Annotator`` header.

    Earlier review comments are replaced; other comments are kept, after the review's.
    ``only_marked``: write comments only for plies with a mark.
    """
    comments: dict[int, list[str]] = {}
    for ply, texts in record.comments.items():
        kept = [t for t in texts if parse_comment(t) is None]
        if kept:
            comments[ply] = kept
    for p in plies:
        if not 1 <= p.ply <= len(record.moves) or (only_marked and not p.mark):
            continue
        comments[p.ply] = [comment_text(p)] + comments.get(p.ply, [])
    headers = dict(record.headers)
    headers["Annotator"] = annotator
    out = copy.deepcopy(record)
    out.headers = headers
    out.comments = dict(sorted(comments.items()))
    return out


def comments_to_review(record: Record) -> list[PlyReview]:
    """The plies of ``record`` that carry a review comment, read back as PlyReviews
    (``mover``/``player`` from the moves, ``drop`` recomputed from the values)."""
    start, moves = _start_and_moves(record)
    g = start
    swapped = start.swapped
    swap = start.SWAP
    out: list[PlyReview] = []
    for i, m in enumerate(moves, start=1):
        mover = g.to_move
        player = mover.other if swapped else mover
        for text in record.comments.get(i, ()):
            f = parse_comment(text)
            if f is None:
                continue
            judged = f["reason"] not in UNJUDGED
            drop = None
            if judged:
                drop = _judge(mover, f["value_before"], f["value_after"],
                              f["proven_before"], f["proven_after"])[0]
            out.append(PlyReview(i, record.moves[i - 1], mover.word, player.word, f["best"],
                                 tuple(f["line"]), f["value_before"], f["value_after"],
                                 f["proven_before"], f["proven_after"], drop,
                                 f["mark"] if judged else "", f["reason"], judged))
            break
        if swap is not None and m == swap:
            swapped = not swapped
        g.play(m)
    return out


# ------------------------------------------------------------------ command line
def _table_row(p: PlyReview) -> str:
    return (f"{p.ply:>4}  {p.move:<12} {100 * p.value_before:6.1f}% {100 * p.value_after:6.1f}%"
            f"  {p.mark:<3} {p.best:<12} {REASON_TEXT.get(p.reason, '')}").rstrip()


def _summary_lines(s: Summary) -> list[str]:
    out = []
    for seat in ("black", "white"):
        side = s.side(seat)
        acc = "-" if side.accuracy is None else f"{side.accuracy:.1f}"
        out.append(f"{seat.title():<6} {side.blunders} blunders, {side.mistakes} mistakes, "
                   f"{side.inaccuracies} inaccuracies; accuracy {acc} ({side.moves} moves judged)")
    sw = s.biggest_swing
    if sw:
        out.append(f"Biggest swing: ply {sw['ply']} {sw['move']} ({sw['player']}), "
                   f"{100 * (sw['size'] or 0):.1f} points")
    out.extend(s.notes())
    return out


MAX_CLI_SECONDS = 600.0          # --seconds: per position
MAX_CLI_ITERATIONS = 10_000_000  # --iterations: per position


def main(argv: Sequence[str] | None = None) -> int:
    """The command line. Bad options, an unreadable or binary RECORD_FILE, a bad record or an
    --annotate file that cannot be written (a missing folder): one line on stderr and exit
    status 2, before the review starts. SIGINT or SIGTERM: one line, status 130 or 143."""
    from ..cli import (SEED_MAX, OneLineParser, exit_status, interrupt, on_stop_signals, output_problem, positive,
                       read_text_file, whole)

    ap = OneLineParser(prog="python -m game.ai.review",
                       description="Review a game record with the engine.")
    ap.add_argument("record", metavar="RECORD_FILE")
    ap.add_argument("--seconds", type=positive(MAX_CLI_SECONDS), default=None,
                    help=f"time per position instead of iterations, more than 0 and at most "
                         f"{MAX_CLI_SECONDS:g}")
    ap.add_argument("--iterations", type=whole(1, MAX_CLI_ITERATIONS), default=None,
                    help=f"iterations per position (default {DEFAULT_ITERATIONS}; alone: no "
                         f"clock, the same review on any machine)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--annotate", metavar="OUT", default=None,
                    help="write the record with the review as comments to OUT ('-': stdout; "
                         "its folder must exist)")
    ap.add_argument("--seed", type=whole(0, SEED_MAX), default=0)
    args = ap.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.json and args.annotate == "-":
        ap.error("--json and --annotate - would both print to standard output")
    if args.annotate not in (None, "-"):
        problem = output_problem(args.annotate, "--annotate")
        if problem:
            ap.error(problem)
    seconds = args.seconds
    if seconds is None and args.iterations is None:
        args.iterations = DEFAULT_ITERATIONS
    try:
        text = read_text_file(args.record)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        record = parse_record(text)
    except RecordError as e:
        print(f"error: {args.record}: {e}", file=sys.stderr)
        return 2
    try:
        with on_stop_signals(interrupt):
            return _review_command(args, record, seconds)
    except KeyboardInterrupt as e:
        print("error: interrupted, no review", file=sys.stderr)
        return exit_status(e)


def _review_command(args: Any, record: Record, seconds: float | None) -> int:
    """The review itself, once the options and the record are known to be good."""
    import json
    import time

    clock = time.monotonic if seconds is not None else None
    table = not args.json and args.annotate != "-"
    if table:
        print(f"{record.game} review, {len(record.moves)} plies; "
              + (f"{seconds} s" if seconds is not None else f"{args.iterations} iterations")
              + " per position")
        print(" ply  move         before   after  mark best")
    plies = sorted(review_game(record, iterations=args.iterations, seconds=seconds, clock=clock,
                               seed=args.seed), key=lambda p: p.ply)
    if table:
        for p in plies:
            print(_table_row(p))
    summary = summarize(plies)
    if args.annotate is not None:
        out = format_record(review_to_comments(record, plies,
                                               f"{ANNOTATOR}, " + (f"{seconds} s" if seconds
                                                                  else f"{args.iterations} it")
                                               + " per position"))
        if args.annotate == "-":
            sys.stdout.write(out)
        else:
            try:
                with open(args.annotate, "w", encoding="utf-8") as fh:
                    fh.write(out)
            except OSError as e:
                print(f"error: cannot write {args.annotate}: {e.strerror or e}", file=sys.stderr)
                return 2
    if args.json:
        res = Review(record.game, plies, summary,
                     {"seconds": seconds, "iterations": args.iterations})
        print(json.dumps(res.to_json()))
    elif table:
        print()
        for line in _summary_lines(summary):
            print(line)
    return 0


if __name__ == "__main__":
    from ..cli import run_command     # a closed pipe (| head) ends quietly
    sys.exit(run_command(main))
