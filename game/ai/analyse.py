"""Analyse one position: the engine's value and its best lines.

Pure Python like the rest of ``game.ai``: no pygame, no files, no clock unless one is passed
in (``clock=time.monotonic``); only the command line below reads the clock.

    python -m game.ai.analyse GAME [--size N --open --pie] [--setup TEXT [--to-move SIDE]]
                              [MOVE ...] [--seconds S | --iterations N | --board] [--lines K]
                              [--seed N] [--json]

The position is GAME's start (Onyx options ``--size``, ``--open``, ``--pie``), or with
``--setup TEXT`` a position in the game's set-up notation (``Game.from_position``: Amoeba
``"d4: W,B,B; b3: Bk; f3: Wk"``, Onyx ``"Black: a4 b3; White: a5"``, Onager as its
``position_text``); the side to move in a set-up is ``--to-move black|white`` (default
black: the text itself does not say). The MOVEs (the specs' notation) are then played
from it. The engine is the Hard level's search and game knowledge (``levels``) with the
budget given: ``--seconds S`` on the clock (default 2 s) or ``--iterations N`` (no clock:
with ``--seed``, the same answer on any machine), or ``--board``: the analysis board's
budget for the game, searched in its rounds (``BOARD_ITERATIONS``, ``analyse_in_rounds``), so the
figures are those the window shows once its engine has finished.

Prints the side to move, Black's winning chance and the best K lines (``--lines``, default
3), best first for the side to move: each a first move, Black's chance after it, the visits
of its own search and the line the search expects (the most visited reply at each step, a
proven win's shortest route). The headline is the best line's value. ``--json`` prints one
object::

    {"to_move": "black"|"white", "value": float,
     "lines": [{"move": str, "value": float, "line": [str, ...], "visits": int,
                "reliable": bool}, ...]}

``value`` is always Black's chance in [0, 1] (the colour Black); a proven result is exact:
1.0 (Black wins), 0.0 (White wins), 0.5 (a draw). Moves are in record form
(``Game.record_str``: Onyx marks captures with ``*``). A win at once for the side to move
is found before any search (the knowledge's ``win_now``: Amoeba's Kernel capture, Onyx's
connecting stone, Onager's back-row majority that no reply undoes), and is then the only
line. A position with one legal move gives that move, valued by the position after it; a
finished position gives its result and no lines; Onager's lake placements are searched like
any other move (the players' engine places its lakes by a rule, unsearched). The Onyx ``swap`` of the pie rule is not analysed (the
engine decides it by rule, ``levels``).

Bad input (an unknown game or option, a number out of range, an Onyx option for another
game, a set-up or move the rules refuse): one line on stderr and exit status 2, before any
search. SIGINT or SIGTERM: one line, status 130 or 143.
"""
from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from ..rules import GAME_NAMES, game_class, make_game
from ..rules.__main__ import refusal
from ..rules.base import Color, Game, Move, RulesError
from .levels import get_level, knowledge_of
from .mcts import (Cancel, CancelEvent, SearchTree, cancel_check, principal_variation,
                   search)

__all__ = ["Line", "Analysis", "AnalysisTrees", "analyse_position", "position_rng", "analysis_from_dict", "build_position", "main",
           "DEFAULT_SECONDS", "DEFAULT_LINES", "LINE_LENGTH",
           "chance_words", "BOARD_ITERATIONS", "board_budget", "analyse_rounds", "analyse_in_rounds"]

LEVEL = "hard"              # whose search and knowledge
DEFAULT_SECONDS = 2.0       # the command line's budget without --iterations
DEFAULT_ITERATIONS = 2000   # analyse_position's budget without a clock
DEFAULT_LINES = 3
LINE_LENGTH = 10            # moves of each line
_FORCED_DEPTH = 8           # only moves followed to value a position


@dataclass(frozen=True)
class Line:
    move: str                       # record form
    value: float                    # Black's chance after ``move``
    line: tuple[str, ...]           # the expected line, ``move`` first
    visits: int = 0                 # the search's visits of ``move``
    proven: str | None = None       # "black"/"white"/"draw" when ``value`` is exact
    reliable: bool = True           # searched enough to stand beside the other lines

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "value": self.value, "line": list(self.line),
                "visits": self.visits, "reliable": self.reliable}

    def to_dict(self) -> dict[str, Any]:
        """Everything, for a reply of the worker (``to_json`` is the command line's form)."""
        return {"move": self.move, "value": self.value, "line": list(self.line),
                "visits": self.visits, "proven": self.proven, "reliable": self.reliable}


@dataclass(frozen=True)
class Analysis:
    to_move: str                    # "black" / "white" ("" for a finished position)
    value: float                    # Black's chance in the position
    lines: tuple[Line, ...] = ()
    proven: str | None = None       # "black"/"white"/"draw" when ``value`` is exact
    iterations: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    mean: float = 0.5               # Black's chance as the mean of all the root's visits

    def to_json(self) -> dict[str, Any]:
        return {"to_move": self.to_move, "value": self.value,
                "lines": [ln.to_json() for ln in self.lines]}

    def to_dict(self) -> dict[str, Any]:
        """Everything but ``extra``, as plain data (what the worker sends: ``analysis_from_dict``
        reads it back)."""
        return {"to_move": self.to_move, "value": self.value, "proven": self.proven,
                "iterations": self.iterations, "mean": self.mean,
                "lines": [ln.to_dict() for ln in self.lines]}


def analysis_from_dict(d: dict[str, Any]) -> Analysis:
    """An ``Analysis`` from its ``to_dict()``."""
    lines = tuple(Line(str(x.get("move", "")), float(x.get("value", 0.5)),
                       tuple(str(t) for t in x.get("line") or ()), int(x.get("visits") or 0),
                       x.get("proven"), bool(x.get("reliable", True)))
                  for x in d.get("lines") or ())
    return Analysis(str(d.get("to_move", "")), float(d.get("value", 0.5)), lines, d.get("proven"),
                    int(d.get("iterations") or 0), mean=float(d.get("mean", d.get("value", 0.5))))


def _r3(x: float) -> float:
    return round(min(1.0, max(0.0, float(x))), 3)


def _black(mover: Color, v: float) -> float:
    return v if mover == Color.BLACK else 1.0 - v


def build_position(game_name: str, options: dict[str, Any] | None = None,
                   setup: str | None = None, to_move: Color | str = Color.BLACK,
                   moves: Sequence[str] = ()) -> Game:
    """The position to analyse: the start (or ``setup`` with ``to_move``), then ``moves``.
    Raises RulesError (or ValueError for a bad option) naming what was refused."""
    opts = dict(options or {})
    if setup is None:
        game = make_game(game_name, **opts)
    else:
        side = Color.parse(to_move) if isinstance(to_move, str) else to_move
        game = game_class(game_name).from_position(setup, side, **opts)
    for n, text in enumerate(moves, start=1):
        try:
            game.push(text)
        except RulesError as e:
            raise refusal(game_name, n, text, e) from None
    return game


def position_rng(game: Game, seed: int | None = 0) -> random.Random:
    """The random source of a search of ``game``: drawn from the position itself (its game,
    options and key) and ``seed``, so a position is searched the same way wherever it is
    met (the analysis board, the review, the command line) and in every run."""
    return random.Random(f"{seed or 0}/{game.name}/{sorted(game.options().items())}/{game.key()}")


class AnalysisTrees:
    """The searches of one analysed position, kept by a caller that asks again (the analysis
    board's worker streams rounds): the position's own tree and one tree per line shown."""

    def __init__(self) -> None:
        self.root = SearchTree()
        self.lines: dict[Move, SearchTree] = {}


def _candidates(root: Any, lines: int) -> list[Move]:
    """The root moves the analysis shows: the most visited ones not proven lost (proven wins
    first, shortest first), at most ``lines``; proven losses only when nothing else was tried."""
    idx = [i for i in range(root.width) if root.n[i] or root.proven[i]]
    alive = [i for i in idx if root.proven[i] != -1] or idx
    alive.sort(key=lambda i: (root.proven[i] != 1, root.plen[i] if root.proven[i] == 1 else 0,
                              -root.n[i], i))
    return [root.moves[i] for i in alive[:lines]]


def _visits(tree: SearchTree | None) -> int:
    """The visits a line's kept search has (0: none yet)."""
    return 0 if tree is None or tree.root is None else tree.root.total


@dataclass(frozen=True)
class _Verdict:
    mine: float                 # the mover's chance after the move
    proven: str | None
    visits: int
    line: tuple[Move, ...]      # after the move


def _verify(game: Game, move: Move, mover: Color, k: Any, params: Any, seed: int | None,
            clock: Any, cancel: Any, tree: SearchTree) -> tuple[_Verdict, int]:
    """A line's own search: the position after ``move`` searched with ``params`` (its random
    source from that position, ``position_rng``), continuing ``tree``. Returns the verdict
    and the iterations done."""
    child = game.copy()
    child.play(move)
    res = child.result
    if res is not None:
        word = "draw" if res.winner is None else res.winner.word
        mine = 0.5 if res.winner is None else float(res.winner == mover)
        return _Verdict(mine, word, 0, ()), 0
    r = search(child, k, params, position_rng(child, seed), clock=clock, cancel=cancel, tree=tree)
    node = tree.root
    them = child.to_move
    if r.proven and (node is None or r.iterations == 0 or node.status):
        winner = them if r.proven == 1 else them.other
        visits = sum(node.n[:node.width]) if node is not None else 0
        return _Verdict(float(winner == mover), winner.word, visits,
                        tuple(r.pv or [r.move])), r.iterations
    if node is None:                            # pragma: no cover - a search keeps its root
        return _Verdict(1.0 - r.value, None, r.iterations, (r.move,)), r.iterations
    total = sum(node.n[:node.width])
    theirs = sum(node.w[:node.width]) / total if total else 1.0 - 0.5
    return _Verdict(1.0 - theirs, None, total, tuple(r.pv or [r.move])), r.iterations


def _fill(have: Sequence[int], budget: int) -> list[int]:
    """The iterations each line gets this round, ``budget`` in all: to the lines with the
    fewest visits first, up to a common level (water filling), so that lines new to the
    answer catch up with the others and every line shown ends the round on a search of
    about the same size. Lines with equal visits get equal shares."""
    n = len(have)
    if n == 0:
        return []
    order = sorted(range(n), key=lambda i: have[i])
    level, left = float(have[order[0]]), float(budget)
    for k in range(1, n + 1):
        # the k lowest lines stand at ``level``: raise them to the next line's visits, or as
        # far as the budget goes
        nxt = have[order[k]] if k < n else math.inf
        if (nxt - level) * k >= left:
            level += left / k
            break
        left -= (nxt - level) * k
        level = float(nxt)
    gets = [max(0, int(level - v)) for v in have]
    for i in order[:max(0, budget - sum(gets))]:     # what the rounding left: the lowest first
        gets[i] += 1
    return gets


def analyse_position(game: Game, *, iterations: int | None = None, seconds: float | None = None,
                     clock: Callable[[], float] | None = None, lines: int = DEFAULT_LINES,
                     seed: int | None = 0, cancel: Cancel | CancelEvent | None = None,
                     tree: AnalysisTrees | None = None, reserve: int = 0,
                     _depth: int = 0) -> Analysis:
    """The engine's view of ``game`` (not changed): Black's chance and the best ``lines``.

    How the lines are found and valued: a search of the position (the Hard level's) picks
    the ``lines`` moves it visited most; then each gets a search of its own, of the same
    size for every line, of the position after it (``_verify``: its random source drawn
    from that position, ``position_rng``). A line's ``value`` is Black's chance from its
    own search (the mean of its visits), so moves that are equally good (mirror twins) get
    equal searches and equal values, whichever the first search happened to favour; the
    lines are sorted best-first for the side to move, and the headline ``value`` is the
    best line's (minimax at the root). ``mean`` is the mean of all the first search's
    visits (Black's chance as the review measures a position). A line whose search fell
    short of its share (cancelled, out of time, or new in this round) is
    ``reliable=False``; ``visits`` counts its own search's.

    Budget: at most ``iterations`` iterations (DEFAULT_ITERATIONS when there is no time
    budget) and/or ``seconds`` on ``clock`` (both needed): half for the first search, half
    shared by the lines (with a clock: as many iterations a line as the first search's pace
    allows, and at most twice the lines' share of the time). ``tree``: an ``AnalysisTrees``
    kept by the caller; a second call with the same trees and position goes on with every
    search where the first stopped (the analysis board's worker streams its answer this way,
    ``game.ai.worker.analyse_request``), and the lines' half goes first to the lines with
    the fewest visits (``_fill``): a move new to the answer catches up with the lines shown
    before, so the lines end each call on searches of about the same size. Without kept
    trees every line gets the same share. ``reserve``: that many more of the most visited
    moves get a search of their own from the same budget, and the best ``lines`` of them
    all are shown (a move as good as one shown, a mirror twin, that the first search
    happened to visit less is not left out for a worse one; the board's later rounds).
    ``iterations`` in the answer counts this call's.
    """
    res0 = game.result
    if res0 is not None:
        word = "draw" if res0.winner is None else res0.winner.word
        v = 0.5 if res0.winner is None else float(res0.winner == Color.BLACK)
        return Analysis("", v, (), word, mean=v)
    lv = get_level(LEVEL, game.name)
    assert lv.params is not None
    k = knowledge_of(lv, game)
    rng = position_rng(game, seed)
    secs = float(seconds) if seconds is not None and clock is not None else None
    timed = secs is not None
    if iterations is not None:
        iterations = max(1, int(iterations))
    elif not timed:
        iterations = DEFAULT_ITERATIONS
    lines = max(1, int(lines))
    share = None if iterations is None else max(1, iterations // (2 * lines))
    half = None if iterations is None or share is None else max(1, iterations - lines * share)
    params = replace(lv.params, temperature=0.0, min_share=1.0, iterations=half, quick=False,
                     seconds=secs / 2.0 if secs is not None else None,
                     fallback_iterations=half or DEFAULT_ITERATIONS, min_iterations=0)
    line_params = replace(params, iterations=share,
                          seconds=secs / (2.0 * lines) if secs is not None else None,
                          fallback_iterations=share or DEFAULT_ITERATIONS // (2 * lines))
    mover = game.to_move
    moves = k.search_moves(game) or game.legal_moves()
    if len(moves) == 1:                         # forced: the value of the position after it
        child = game.copy()
        child.play(moves[0])
        if _depth < _FORCED_DEPTH:
            sub = analyse_position(child, iterations=iterations, seconds=seconds, clock=clock,
                                   lines=1, seed=seed, cancel=cancel, _depth=_depth + 1)
            v, proven, its = sub.value, sub.proven, sub.iterations
            rest = sub.lines[0].line if sub.lines else ()
        else:
            v, proven, its, rest = _r3(k.evaluate(child)), None, 0, ()
        text = game.record_str(moves[0])
        return Analysis(mover.word, v, (Line(text, v, ((text,) + rest)[:LINE_LENGTH], 0, proven),),
                        proven, its, mean=v)
    trees = tree if tree is not None else AnalysisTrees()
    clk = clock if timed else None
    stop = cancel_check(cancel)
    r = search(game, k, params, rng, clock=clk, cancel=cancel, tree=trees.root)
    root = trees.root.root
    if r.proven == 1 and (root is None or r.iterations == 0):   # a win at once (win_now)
        v = float(mover == Color.BLACK)
        text = game.record_str(r.move)
        return Analysis(mover.word, v, (Line(text, v, (text,), 0, mover.word),), mover.word, 0,
                        mean=v)
    if root is None:                            # pragma: no cover - every other case searches
        v = _r3(_black(mover, r.value))
        text = game.record_str(r.move)
        return Analysis(mover.word, v, (Line(text, v, (text,)),), None, r.iterations, mean=v)
    its = r.iterations
    if secs is not None:    # the lines share the other half: as many iterations each as the pace allows
        line_params = replace(line_params, iterations=max(1, r.iterations // lines),
                              seconds=secs / lines)
    tot = sum(root.n[:root.width])
    mean = _black(mover, sum(root.w[:root.width]) / tot) if tot else 0.5
    if root.status:                             # proven: the proofs are the lines
        winner = mover if root.status == 1 else mover.other
        mean = float(winner == Color.BLACK)
    shown = _candidates(root, lines + max(0, int(reserve)))
    where = {m: i for i, m in enumerate(root.moves[:root.width])}
    target = max(t.root.total for t in trees.lines.values() if t.root is not None) \
        if any(t.root is not None for t in trees.lines.values()) else 0
    out: list[tuple[tuple, Line]] = []
    stopped = r.cancelled
    # The lines' searches share lines x share iterations (with a clock, the pace's share of
    # the time), the reserves' included: when the caller keeps the trees (the board's
    # rounds), a line new to the answer gets the larger part until it has caught up.
    searched = [m for m in shown if not root.proven[where[m]]]
    per = line_params.iterations or line_params.fallback_iterations
    have = [_visits(trees.lines.get(m)) for m in searched]
    gets = dict(zip(searched, _fill(have, per * min(len(searched), lines))))
    for m in shown:
        i = where[m]
        pv = root.proven[i]
        if pv or stopped or (stop is not None and stop()):
            stopped = stopped or not pv
            verdict = None
        else:
            line_tree = trees.lines.setdefault(m, SearchTree())
            n_its = gets[m]                 # 0: its kept search is read as it stands
            own = replace(line_params, iterations=n_its, fallback_iterations=n_its,
                          seconds=None if line_params.seconds is None
                          else line_params.seconds * n_its / per)
            verdict, done = _verify(game, m, mover, k, own, seed, clk, cancel, line_tree)
            its += done
            target = max(target, verdict.visits)
        if verdict is None:
            mine = 1.0 if pv == 1 else 0.0 if pv == -1 else root.w[i] / max(1, root.n[i])
            proven = mover.word if pv == 1 else mover.other.word if pv == -1 else None
            visits, after = root.n[i], tuple(principal_variation(root, m, LINE_LENGTH)[1:])
        else:
            mine, proven, visits, after = verdict.mine, verdict.proven, verdict.visits, \
                verdict.line
        seq = [m, *after][:LINE_LENGTH]
        out.append(((proven, mine, visits, m), Line(game.record_str(m), _r3(_black(mover, mine)),
                                                    game.record_line(seq), visits, proven)))
    lines_out = []
    for (proven, mine, visits, m), ln in out:
        exact = proven is not None
        lines_out.append(((0 if exact and mine == 1.0 else 2 if exact and mine == 0.0 else 1,
                           -round(mine, 3), -visits), replace(
                               ln, reliable=exact or (visits >= 0.9 * target and visits > 0))))
    lines_out.sort(key=lambda x: x[0])
    ranked = tuple(ln for _, ln in lines_out)
    top = ranked[:lines]
    proven_all: str | None
    if root.status:
        value, proven_all = mean, (mover if root.status == 1 else mover.other).word
    elif top:
        best = top[0]
        value = best.value
        proven_all = best.proven if best.proven in ("draw", mover.word) else None
        if best.proven == mover.other.word:     # every line shown loses: so does the position
            proven_all = best.proven if len(ranked) == len(moves) else None
    else:
        value, proven_all = _r3(mean), None
    return Analysis(mover.word, value, top, proven_all, its, mean=_r3(mean))


# ------------------------------------------------------------------ command line
MAX_CLI_SECONDS = 600.0
MAX_CLI_ITERATIONS = 10_000_000
MAX_LINES = 50


def chance_words(value: float, proven: str | None) -> str:
    """Black's chance as the command lines print it: '52.3%', 'black wins', 'draw'."""
    if proven == "draw":
        return "draw"
    if proven in ("black", "white"):
        return f"{proven} wins"
    return f"{100.0 * value:.1f}%"


# ------------------------------------------------------------------ the analysis board's rounds
# The analysis board's budget for one position, in iterations and never on the clock, so that
# a position shows the same figures in every run and on any machine (and as
# ``python -m game.ai.analyse GAME --board``): about 12, 23 and 25 s on this project's 2-core
# machine (Amoeba's search runs some 25,000 iterations a second, Onager's 6,600, Onyx's 1,600).
BOARD_ITERATIONS = {"amoeba": 300_000, "onager": 150_000, "onyx": 40_000}
# its rounds double from the first, up to this share of the budget, so the board shows the
# search's progress every few seconds to the end
BOARD_ROUND_SHARE = 6
ANALYSE_FIRST = 0.25            # seconds of the first timed round; each next round doubles (at most ROUND_MAX)
ANALYSE_ROUND_MAX = 4.0
# After the first round, this many more moves than shown get a line search of their own and
# the best lines of them all are shown (``analyse_position``'s ``reserve``): the first search
# favours one of two equal moves, and its twin would otherwise be left out for a worse one.
ANALYSE_RESERVE = 2
# The first round is a fixed effort, the review's (``game.ai.review.DEFAULT_ITERATIONS``): at
# first the analysis board shows the review's own search of the position (seeded from the
# position: its lines, the best one the review's Better move; its headline is the best
# line's value where the review's chance is the search's mean, lifted by the game's
# continuation), then it searches on.
ANALYSE_FIRST_ITERATIONS = 800


def analyse_rounds(seconds: float | None, iterations: int | None, most: int | None = None
                   ) -> list[tuple[float | None, int | None]]:
    """The rounds of an analysis: (seconds, iterations) of each, growing, that add up to the
    budget (``seconds`` on the clock and/or ``iterations``). The first round is
    ANALYSE_FIRST_ITERATIONS iterations without a clock (fewer when the budget is smaller);
    ``most``: no round of iterations alone is longer than this (the board's rounds)."""
    first = ANALYSE_FIRST_ITERATIONS if iterations is None else min(int(iterations),
                                                                    ANALYSE_FIRST_ITERATIONS)
    out: list[tuple[float | None, int | None]] = [(None, max(1, first))]
    if seconds is not None:
        left, step = float(seconds), ANALYSE_FIRST
        while left > 1e-9:
            t = min(step, left)
            out.append((t, None))
            left -= t
            step = min(ANALYSE_ROUND_MAX, step * 2)
        if iterations is not None:       # both: the iterations cap the whole (checked by the caller)
            out = [out[0]] + [(t, int(iterations)) for t, _ in out[1:]]
        return out
    total = max(1, int(iterations or ANALYSE_FIRST_ITERATIONS))
    done, step = out[0][1] or 0, 2 * (out[0][1] or 1)
    while done < total:
        n = min(step, total - done, most or step)
        out.append((None, n))
        done += n
        step *= 2
    return out


def board_budget(game_name: str, iterations: int | None = None) -> dict[str, Any]:
    """The budget of the analysis board's request for ``game_name`` (``BOARD_ITERATIONS``, or
    ``iterations`` given instead): the payload's keys that set it."""
    total = int(iterations or BOARD_ITERATIONS.get(game_name, min(BOARD_ITERATIONS.values())))
    return {"seconds": None, "iterations": total, "round_most": max(ANALYSE_FIRST_ITERATIONS,
                                                                   total // BOARD_ROUND_SHARE)}


def analyse_in_rounds(game: Any, seconds: float | None, iterations: int | None, round_most: int | None,
                      lines: int, seed: int, clock: Any = None, cancel: Any = None,
                      each_round: Any = None) -> tuple[Any, dict] | None:
    """The analysis of ``game`` in rounds (``analyse_rounds``) into one search tree, as the
    analysis board runs it: the ``Analysis`` at the end and its facts ``{"analysis":
    Analysis.to_dict(), "done": iterations, "round": n}``; ``each_round(facts)`` after every
    round but the last. None when cancelled."""
    tree = AnalysisTrees()
    rounds = analyse_rounds(seconds, iterations, round_most)
    done = 0
    a: Any = None
    info: dict = {}
    for n, (secs, its) in enumerate(rounds, start=1):
        if secs is not None and iterations is not None:   # a timed round, capped
            its = max(1, int(iterations) - done)
        a = analyse_position(game, iterations=its, seconds=secs,
                             clock=clock if secs is not None else None, lines=lines,
                             seed=seed + n - 1, cancel=cancel, tree=tree,
                             reserve=ANALYSE_RESERVE if n > 1 else 0)
        if cancel is not None and cancel():
            return None
        done += a.iterations
        info = {"analysis": a.to_dict(), "done": done, "round": n}
        last = (n == len(rounds) or a.proven is not None or a.iterations == 0
                or (iterations is not None and done >= int(iterations)))
        if last:
            break
        if each_round is not None:
            each_round(info)
    return a, info


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    import json
    import time

    from ..cli import (SEED_MAX, OneLineParser, exit_status, interrupt, on_stop_signals, onyx_size, positive,
                       whole)

    ap = OneLineParser(prog="python -m game.ai.analyse",
                       description="The engine's value and best lines for a position.")
    ap.add_argument("game", type=str.lower, choices=GAME_NAMES)
    ap.add_argument("moves", nargs="*", metavar="MOVE", help="moves played from the position")
    ap.add_argument("--size", type=onyx_size, default=None, help="onyx: 12, 16 or 20")
    ap.add_argument("--open", action="store_true", help="onyx: the open start")
    ap.add_argument("--pie", action="store_true", help="onyx: the pie rule")
    ap.add_argument("--setup", metavar="TEXT", default=None,
                    help="a position in the game's set-up notation instead of the start")
    ap.add_argument("--to-move", metavar="SIDE", type=str.lower, choices=("black", "white"),
                    default=None, help="who moves in the --setup position (default black)")
    budget = ap.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=positive(MAX_CLI_SECONDS), default=None,
                        help=f"thinking time (default {DEFAULT_SECONDS:g})")
    budget.add_argument("--iterations", type=whole(1, MAX_CLI_ITERATIONS), default=None,
                        help="a fixed number of iterations instead (no clock)")
    budget.add_argument("--board", action="store_true",
                        help="the analysis board's budget and rounds: the figures the window shows at the end")
    ap.add_argument("--lines", type=whole(1, MAX_LINES), default=DEFAULT_LINES,
                    help=f"how many first moves to show (default {DEFAULT_LINES})")
    ap.add_argument("--seed", type=whole(0, SEED_MAX), default=0)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_intermixed_args(list(sys.argv[1:] if argv is None else argv))
    options: dict[str, Any] = {}
    if args.game != "onyx":
        for flag, given in (("--size", args.size is not None), ("--open", args.open),
                            ("--pie", args.pie)):
            if given:
                ap.error(f"{flag} is for onyx only")
    else:
        if args.size is not None:
            options["size"] = args.size
        if args.open:
            options["open"] = True
        if args.pie:
            options["pie"] = True
    if args.to_move is not None and args.setup is None:
        ap.error("--to-move needs --setup (the start says who moves)")
    try:
        game = build_position(args.game, options, args.setup, args.to_move or "black",
                              args.moves)
    except (RulesError, ValueError) as e:
        ap.error(" ".join(str(e).split()) or "the position was refused")
    seconds = args.seconds
    if seconds is None and args.iterations is None and not args.board:
        seconds = DEFAULT_SECONDS
    clock = time.monotonic if seconds is not None else None
    try:
        with on_stop_signals(interrupt):
            if args.board:
                plan = board_budget(game.name)
                got = analyse_in_rounds(game, None, plan["iterations"], plan["round_most"], args.lines,
                                        args.seed)
                assert got is not None          # (nothing cancels it)
                a = got[0]
            else:
                a = analyse_position(game, iterations=args.iterations, seconds=seconds, clock=clock,
                                     lines=args.lines, seed=args.seed)
    except KeyboardInterrupt as e:
        print("error: interrupted, no analysis", file=sys.stderr)
        return exit_status(e)
    if args.json:
        print(json.dumps(a.to_json()))
        return 0
    if not a.to_move:
        print(f"The game is over: {chance_words(a.value, a.proven)}.")
        return 0
    budget_text = (f"{seconds:g} s" if seconds is not None else f"{args.iterations} iterations")
    print(f"{args.game}: {a.to_move.title()} to move; Black's chance {chance_words(a.value, a.proven)} "
          f"({budget_text}, {a.iterations} iterations searched)")
    for n, ln in enumerate(a.lines, start=1):
        visits = f"{ln.visits:,}" + ("" if ln.reliable else "?")
        print(f"{n:>2}. {ln.move:<12} {chance_words(ln.value, ln.proven):>10} {visits:>9}  "
              f"{' '.join(ln.line)}")
    return 0


if __name__ == "__main__":
    from ..cli import run_command     # a closed pipe (| head) ends quietly
    sys.exit(run_command(main))
