"""Proofs for mined puzzles: forced wins counted in the solver's moves, the only winning move,
the defence's most stubborn reply. Built on the exhaustive search of ``game.levels``
(``forced_win``: every defence tried), with a node budget on every call.

Depth is counted in solver moves. ``win_plies(game, k)``: the plies within which ``k`` solver
moves win: ``2k - 1`` where the winning move ends the game (Amoeba's Kernel capture, Onyx's
connection), ``2k`` in Onager, whose back-row majority is judged when the solver's turn
starts, after the defence's reply (a majority that stands). Pure: no pygame, no clocks.
"""
from __future__ import annotations

from game.rules.base import Color, Game, Move
from game.rules.onyx import Onyx

__all__ = ["SearchBudget", "forced_win", "win_plies", "wins_within", "win_depth", "only_wins", "stubborn_reply",
           "Budget"]

# Games whose win is judged after the defence's reply (the winning position must stand).
_STANDING_WINS = ("onager",)


class SearchBudget(Exception):
    """The exhaustive search went over its node budget."""


def forced_win(game: Game, winner: Color, plies: int, budget: list[int] | None = None,
               killers: dict[int, list[Move]] | None = None) -> bool:
    """Whether ``winner`` wins within ``plies`` plies whatever the other side does.

    The game is used as a scratch board (moves are played and undone). Exhaustive:
    every move of the other side is tried. ``budget`` is a one-item list of nodes left.
    A win in one Onyx stone is read from the rules core's connecting points instead of
    playing every stone (the same answer: a connection is Onyx's only win, and no midpoint
    connects), which makes the deeper Onyx proofs affordable.
    """
    res = game.result
    if res is not None:
        return res.winner == winner
    if plies <= 0:
        return False
    if plies == 1 and game.to_move == winner and isinstance(game, Onyx) and not game.options()["pie"]:
        return bool(game.connecting_points(winner + 1))
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise SearchBudget()
    if killers is None:
        killers = {}
    moves = game.legal_moves()
    if game.to_move == winner:
        first = [m for m in killers.get(plies, ()) if m in moves]
        order = first + [m for m in moves if m not in first] if first else moves
        for m in order:
            game.play(m)
            try:
                ok = forced_win(game, winner, plies - 1, budget, killers)
            finally:
                game.undo()
            if ok:
                ks = killers.setdefault(plies, [])
                if m not in ks:
                    ks.insert(0, m)
                    del ks[4:]
                return True
        return False
    for m in moves:
        game.play(m)
        try:
            ok = forced_win(game, winner, plies - 1, budget, killers)
        finally:
            game.undo()
        if not ok:
            return False
    return True


class Budget:
    """Nodes the exhaustive search may still visit (one list shared by ``forced_win`` calls)."""

    def __init__(self, nodes: int) -> None:
        self.left = [nodes]
        self.start = nodes

    @property
    def used(self) -> int:
        return self.start - self.left[0]


def win_plies(game_name: str, solver_moves: int) -> int:
    if solver_moves <= 0:
        return 0
    return 2 * solver_moves if game_name in _STANDING_WINS else 2 * solver_moves - 1


def wins_within(game: Game, solver: Color, solver_moves: int, budget: Budget) -> bool:
    """Whether ``solver`` wins within ``solver_moves`` of its moves against every defence
    (``game`` is not changed; raises SearchBudget)."""
    if solver_moves <= 0:
        res = game.result
        return res is not None and res.winner == solver
    return forced_win(game.copy(), solver, win_plies(game.name, solver_moves), budget.left)


def win_depth(game: Game, max_moves: int, budget: Budget) -> int | None:
    """The fewest solver moves (1..max_moves) in which the side to move forces a win, or None."""
    solver = game.to_move
    for k in range(1, max_moves + 1):
        if wins_within(game, solver, k, budget):
            return k
    return None


def only_wins(game: Game, solver_moves: int, budget: Budget, stop_at: int = 2) -> list[Move]:
    """The side to move's moves that win within ``solver_moves`` (this one included), in
    canonical order; stops once ``stop_at`` are found (a puzzle needs exactly one)."""
    solver = game.to_move
    plies = win_plies(game.name, solver_moves) - 1      # after this move
    out: list[Move] = []
    g = game.copy()
    for m in sorted(g.legal_moves(), key=g.move_sort_key):
        g.play(m)
        try:
            ok = forced_win(g, solver, plies, budget.left)
        finally:
            g.undo()
        if ok:
            out.append(m)
            if len(out) >= stop_at:
                break
    return out


def stubborn_reply(game: Game, solver: Color, solver_moves: int, budget: Budget) -> Move | None:
    """The defence's (the side to move's) most stubborn reply when ``solver`` wins within
    ``solver_moves`` more moves: the longest resistance (the most solver moves still needed),
    then the fewest winning answers left to the solver (it blocks a threat rather than play
    elsewhere; counted up to two), then the canonical order. None when there is no reply."""
    moves = sorted(game.legal_moves(), key=game.move_sort_key)
    if not moves:
        return None
    scored = []
    g = game.copy()
    for i, m in enumerate(moves):
        g.play(m)
        try:
            hold = 0
            while hold < solver_moves and not wins_within(g, solver, hold, budget):
                hold += 1
        finally:
            g.undo()
        scored.append((hold, i, m))
    top = max(h for h, _, _ in scored)
    best = []
    for hold, i, m in scored:
        if hold != top:
            continue
        g.play(m)
        try:
            answers = len(only_wins(g, hold, budget)) if hold > 0 and not g.is_over else 0
        finally:
            g.undo()
        best.append((answers, i, m))
    return min(best)[2]
