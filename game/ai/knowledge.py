"""Game knowledge the search plugs in: move lists, immediate wins, simulations.

``Knowledge`` is the generic version that works for any game of the protocol
(uniform random playouts, immediate wins found by trying every move). Each game
has a faster, smarter subclass in its own module (``amoeba_eval``, ``onyx_eval``,
``onager_eval``), which imports this one; ``game.ai.registry`` imports those and
hands them out (``knowledge_for(name)``, ``plain_knowledge()``), so nothing here
imports a game's module back.
"""
from __future__ import annotations

import random
from ..rules.base import Color, Game, Move

PLAYOUT_CAP = 1000  # plies; a tool's cap (Onager has no move limit); a capped playout scores 0.5


def result_value(game: Game) -> float:
    """Value of a finished (or capped) game for Black: 1 win, 0 loss, 0.5 draw/unfinished."""
    res = game.result
    if res is None or res.winner is None:
        return 0.5
    return 1.0 if res.winner == Color.BLACK else 0.0


class Knowledge:
    """Generic knowledge: uniform random playouts, no special ordering."""

    name = "plain"
    rave = False   # whether all-moves-as-first statistics make sense (placement games)
    win_plies = 1  # plies from win_now's move to the end of the game
    # Games whose rules have no repetition ending (Onyx captures, Onager) can cycle for
    # ever: with this set, the search scores a position that already occurred (in the
    # game or earlier on the line searched) as a draw, so a side that is better leaves
    # the cycle and a side that is worse may keep it.
    repetition_draw = False

    def __init__(self, playout_cap: int = PLAYOUT_CAP) -> None:
        self.playout_cap = playout_cap

    # ----------------------------------------------------------- moves
    def search_moves(self, game: Game) -> list[Move]:
        """The moves the tree considers. The Onyx pie rule's ``swap`` is decided outside
        the tree (it exchanges the players, not the colours), so it is left out."""
        moves = game.legal_moves()
        swap = game.SWAP
        if swap is not None and swap in moves:
            moves = [m for m in moves if m != swap]
        return moves

    def order(self, game: Game, moves: list[Move], rng: random.Random) -> list[Move]:
        """Order in which the search first tries the moves (first = first). Default: random."""
        rng.shuffle(moves)
        return moves

    def quick_move(self, game: Game, rng: random.Random) -> Move | None:
        """A move chosen without search for this position (e.g. Onager lakes), or None."""
        return None

    # --------------------------------------------------------- tactics
    def win_now(self, game: Game) -> Move | None:
        """A move that wins at once for the side to move, or None (generic: try each)."""
        me = game.to_move
        for m in self.search_moves(game):
            game.play(m)
            res = game.result
            game.undo()
            if res is not None and res.winner == me:
                return m
        return None

    # ------------------------------------------------------ simulation
    def simulate(self, game: Game, rng: random.Random) -> float:
        """Play the game out (mutating it) and return its value for Black in [0, 1]."""
        game.random_playout(rng, self.playout_cap)
        return result_value(game)

    def cheap_simulate(self, game: Game, rng: random.Random) -> float:
        """A cheaper leaf value for a search short of time (``mcts``: behind the pace of its
        floor of iterations): the static evaluation, no playout. The plain knowledge, which
        has no evaluation, keeps its playouts."""
        if type(self).evaluate is Knowledge.evaluate:
            return self.simulate(game, rng)
        return self.evaluate(game)

    def evaluate(self, game: Game) -> float:
        """Static value for Black in [0, 1] (generic: no idea)."""
        if game.result is not None:
            return result_value(game)
        return 0.5


class PlainKnowledge(Knowledge):
    """The ``uct`` baseline: no tactics at all (win_now never reports a win)."""

    name = "plain"

    def win_now(self, game: Game) -> Move | None:
        return None
