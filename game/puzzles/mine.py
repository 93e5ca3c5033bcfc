"""The puzzle miner: positions where exactly one move keeps a forced win, from engine games of
mixed levels and from records.

A puzzle (``puzzle_at``) is a position that is not over where the side to move (the solver)
forces a win within 1 to ``MAX_SOLVER_MOVES`` of its moves, fewest first, and exactly one
move keeps that win. The line is followed while every solver move stays the only one that
wins within the moves left; the defence plays its most stubborn reply (the longest
resistance; ties in the canonical move order). It ends in a win by the rules (Kernel
captured, sides connected, a back-row majority that stands: ``bank.wins_now``). Positions
where two moves win, or where a later solver move is not the only one, are rejected. Every
proof is the exhaustive search of ``game.levels`` (``prove``) under a node budget; a
position whose proof goes over it is skipped.

Tags come from the rules core's facts about the solver's moves (``tags_of``): their motions
(a split drops pieces, a merge lands on a stack, a chain jumps twice or more, a jump that
lands on a disc makes a stack, a stone that removes stones captures), the result (a Kernel
captured, a back-row majority) and the position (Onyx: a move after which two or more points
would connect is a double threat; when two of those lie on the solver's own edges it is an
edge template; a stone on a square's midpoint).

The initial rating (``rate``): the lowest ladder level (1..8) whose ``choose_move`` finds the
first solver move for at least ``RATE_NEED`` of ``RATE_SEEDS`` seeds (fixed iterations, no
clock: deterministic), mapped to that level's measured rating (``game/ai/ladder.json``
through ``game.ai.ladder.rating``; the highest rating of the levels up to it, so a harder
puzzle never rates lower). A puzzle no level finds rates ``BEYOND`` points above level 8.

Pure: no pygame, no files, no clocks (the command reads the records and writes the bank).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence

from game.ai.ladder import rating as ladder_rating
from game.ai.levels import LADDER, choose_move
from game.rules import make_game
from game.rules.base import Color, Game, Move, Reason, RulesError
from game.rules.onyx import Onyx

from .bank import MAX_SOLVER_MOVES, BankPuzzle, wins_now
from .prove import Budget, SearchBudget, only_wins, stubborn_reply, win_depth

# Self-play pairings (Black's level, White's level), used in turn: weak levels blunder often,
# so their games are full of positions with a short forced win; a stronger side converts.
MIX: tuple[tuple[str, str], ...] = (("1", "1"), ("1", "easy"), ("easy", "1"), ("easy", "easy"),
                                    ("1", "3"), ("3", "1"), ("easy", "3"), ("3", "easy"))
MAX_PLIES = {"amoeba": 300, "onyx": 300, "onager": 800}      # self-play games stop here
# Node budget of one position's proofs (forced_win's nodes), and the deepest puzzle looked for.
NODES = {"amoeba": 20_000, "onyx": 20_000, "onager": 20_000}
DEPTH = {"amoeba": 4, "onyx": 3, "onager": 3}
# The deep search is tried near the game's end (where a side converts); earlier positions
# are tried for SHALLOW solver moves only (a missed short win), which costs far less.
NEAR_END = 16
SHALLOW = 2
PER_GAME = 4               # puzzles kept from one game (the positions far apart)
RATE_SEEDS = 3
RATE_NEED = 2
BEYOND = 200
ONYX_OPTIONS = {"size": 12, "open": False, "pie": False}


@dataclass(frozen=True)
class Found:
    """A mined puzzle before it has an id and a rating."""

    game: str
    options: dict[str, Any]
    moves: tuple[str, ...]
    solution: tuple[str, ...]
    tags: tuple[str, ...]
    proof: str = "exhaustive"
    source: str = ""
    nodes: int = 0

    def puzzle(self, pid: str, rating: int) -> BankPuzzle:
        return BankPuzzle(pid, self.game, dict(self.options), self.moves, self.solution, rating,
                          self.tags, self.proof)


@dataclass
class MineStats:
    positions: int = 0
    found: int = 0
    two_wins: int = 0
    no_win: int = 0
    over_budget: int = 0
    broken_line: int = 0
    games: int = 0
    extra: dict[str, int] = field(default_factory=dict)


def default_options(game_name: str) -> dict[str, Any]:
    return dict(ONYX_OPTIONS) if game_name == "onyx" else {}


# ------------------------------------------------------------------ one position
def puzzle_at(game: Game, max_moves: int = MAX_SOLVER_MOVES, nodes: int = 50_000,
              stats: MineStats | None = None) -> tuple[tuple[Move, ...], int] | None:
    """The puzzle's line (internal moves, solver's first and last) at ``game``'s position and
    the nodes its proof took, or None: the game is over, the side to move has no forced win
    within ``max_moves`` moves, two moves win, a later solver move is not the only one, or
    the proof goes over ``nodes``. ``game`` is not changed."""
    st = stats if stats is not None else MineStats()
    st.positions += 1
    if game.is_over or game.in_setup:
        st.no_win += 1
        return None
    budget = Budget(nodes)
    try:
        k = win_depth(game, max_moves, budget)
        if k is None:
            st.no_win += 1
            return None
        solver = game.to_move
        g = game.copy()
        line: list[Move] = []
        for left in range(k, 0, -1):
            wins = only_wins(g, left, budget)
            if len(wins) != 1:
                if line:
                    st.broken_line += 1
                else:
                    st.two_wins += 1
                return None
            line.append(wins[0])
            g.play(wins[0])
            if left == 1:
                break
            reply = stubborn_reply(g, solver, left - 1, budget)
            if reply is None or g.is_over:
                st.broken_line += 1
                return None
            line.append(reply)
            g.play(reply)
        if not wins_now(g, solver):
            st.broken_line += 1
            return None
    except SearchBudget:
        st.over_budget += 1
        return None
    st.found += 1
    return tuple(line), budget.used


# ------------------------------------------------------------------ tags
def tags_of(game: Game, line: Sequence[Move]) -> tuple[str, ...]:
    """What the solution does, from the rules core's facts (see the module docstring)."""
    solver = game.to_move
    g = game.copy()
    tags: set[str] = set()
    for i, m in enumerate(line):
        mine = i % 2 == 0
        if mine:
            before = g.stacks()
            motions = g.motions(m)
            kinds = [mo.kind for mo in motions]
            if g.name == "amoeba":
                if "drop" in kinds:
                    tags.add("split")
                if any(mo.kind == "move" and mo.dst in before for mo in motions):
                    tags.add("merge")
            elif g.name == "onager":
                if kinds.count("jump") >= 2:
                    tags.add("chain")
                if any(mo.kind == "jump" and mo.dst in before for mo in motions):
                    tags.add("jump-onto-stack")
            elif isinstance(g, Onyx):
                if "remove" in kinds:
                    tags.add("capture")
                if m >= g.geometry.nc:
                    tags.add("midpoint")
        g.play(m)
        if mine and isinstance(g, Onyx) and i + 1 < len(line):
            points = g.connecting_points(solver + 1)
            if len(points) >= 2:
                tags.add("double-threat")
                edge = g.geometry.edge[solver + 1]
                if sum(1 for p in points if edge[p]) >= 2:
                    tags.add("edge-template")
    res = g.result
    if g.name == "amoeba" and res is not None and res.reason == Reason.KERNEL_CAPTURED:
        tags.add("kernel-hunt")
    if g.name == "onager" and (res is None or res.reason == Reason.BACK_ROW_MAJORITY):
        tags.add("back-row")
    order = {"amoeba": ("kernel-hunt", "split", "merge"),
             "onyx": ("capture", "double-threat", "edge-template", "midpoint"),
             "onager": ("chain", "jump-onto-stack", "back-row")}[g.name]
    return tuple(t for t in order if t in tags)


# ------------------------------------------------------------------ rating
def finds(game: Game, move: Move, level: str, seeds: int = RATE_SEEDS, need: int = RATE_NEED) -> bool:
    """Whether ``level``'s ``choose_move`` plays ``move`` for at least ``need`` of ``seeds``
    seeds (fixed iterations: deterministic)."""
    hits = 0
    for s in range(seeds):
        if choose_move(game, level, random.Random(1000 + s)) == move:
            hits += 1
            if hits >= need:
                return True
        elif hits + (seeds - s - 1) < need:
            return False
    return False


def finding_level(game: Game, move: Move) -> int | None:
    """The lowest ladder level (1..8) that finds ``move``, or None."""
    for n, name in enumerate(LADDER, start=1):
        if finds(game, move, name):
            return n
    return None


def level_rating(game_name: str, level: int | None) -> int:
    """The rating of a puzzle first found by ``level`` (None: by no level)."""
    known = [ladder_rating(game_name, LADDER[n - 1]) for n in range(1, len(LADDER) + 1)]
    ratings = [r if r is not None else 0 for r in known]
    if level is None:
        return max(ratings) + BEYOND
    return max(ratings[:level])


def rate(game: Game, move: Move) -> int:
    return level_rating(game.name, finding_level(game, move))


# ------------------------------------------------------------------ games to mine
def selfplay_game(game_name: str, index: int, seed: int = 0) -> tuple[dict[str, Any], list[str]]:
    """Game ``index`` of the self-play: its options and its moves (record form)."""
    options = default_options(game_name)
    black, white = MIX[index % len(MIX)]
    g = make_game(game_name, **options)
    rng = random.Random(f"{game_name}-{seed}-{index}")
    moves: list[str] = []
    while g.result is None and g.ply < MAX_PLIES[game_name]:
        level = black if g.to_move == Color.BLACK else white
        m = choose_move(g, level, rng)
        moves.append(g.record_str(m))
        g.play(m)
    return options, moves


def mine_game(game_name: str, options: dict[str, Any], moves: Sequence[str], source: str = "",
              max_moves: int | None = None, nodes: int | None = None, per_game: int = PER_GAME,
              stats: MineStats | None = None) -> list[Found]:
    """Puzzles along one game (a record's or a self-play game's moves from the start): every
    position is tried, from the end backwards (where the wins are); once one is found, the
    positions inside its line are skipped. Raises RulesError for an illegal move."""
    st = stats if stats is not None else MineStats()
    st.games += 1
    depth = max_moves if max_moves is not None else DEPTH[game_name]
    budget = nodes if nodes is not None else NODES[game_name]
    g = make_game(game_name, **options)
    for text in moves:
        g.push(text)
    out: list[Found] = []
    skip_until = len(moves) + 1
    for ply in range(len(moves), -1, -1):
        if ply < len(moves):
            g.undo()
        if g.in_setup:
            break
        if ply >= skip_until:
            continue
        found = puzzle_at(g, depth if len(moves) - ply <= NEAR_END else min(depth, SHALLOW),
                          budget, st)
        if found is None:
            continue
        line, used = found
        out.append(Found(game_name, dict(options), tuple(moves[:ply]), g.record_line(line),
                         tags_of(g, line), "exhaustive", f"{source}@{ply}", used))
        skip_until = ply - 3
        if len(out) >= per_game:
            break
    return out[::-1]


def dedupe(found: Iterable[Found]) -> list[Found]:
    """One puzzle per position (the first), in order."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for f in found:
        g = make_game(f.game, **f.options)
        for t in f.moves:
            g.push(t)
        key = (g.key(), g.to_move)
        if key in seen:
            continue
        seen.add(key)
        out.append(f)
    return out


def rated(game_name: str, found: Sequence[Found], first_id: int = 1) -> Iterator[BankPuzzle]:
    """Each found puzzle with its id (``<game>-m0001`` ...) and rating (``rate``)."""
    for i, f in enumerate(found, start=first_id):
        g = make_game(f.game, **f.options)
        for t in f.moves:
            g.push(t)
        yield f.puzzle(f"{game_name}-m{i:04d}", rate(g, g.parse_move(f.solution[0])))


__all__ = ["Found", "MineStats", "puzzle_at", "tags_of", "rate", "finding_level", "level_rating",
           "selfplay_game", "mine_game", "dedupe", "rated", "MIX", "RulesError"]
