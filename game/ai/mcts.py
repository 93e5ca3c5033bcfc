"""Monte Carlo tree search with a solver (MCTS-Solver) over the Game protocol.

Pure Python: no pygame, no files, no clocks. Time is *injected*: the caller
passes ``clock`` (a function returning seconds) and a ``deadline`` on that
clock; without a clock the search runs a fixed number of iterations, which
makes it deterministic for a seeded ``rng``.

The search
----------
* Each tree node holds its legal moves and, per move, the visit count and the
  summed reward of the side to move there (arrays, not one object per child:
  a child gets its own node only when the search passes through it again).
* Selection is UCT. Unvisited moves are tried first, in the order chosen by
  the game's knowledge (``Knowledge.order``, random tie-breaks). With RAVE
  (``rave_k`` > 0, for placement games like Onyx) unvisited moves are scored by
  their all-moves-as-first statistics instead, and visited ones by a blend.
* A move tried for the first time is checked at once: a finished game is a
  proven win or loss (a draw is a terminal value of 0.5); when the side to move
  after it has an immediate win (``Knowledge.win_now``) the move is a proven
  loss. So the tree never plays into a loss in one.
* Proofs are backed up (MCTS-Solver, Winands et al. 2008): a node with a move
  proven to win is a proven win; a node whose moves have all been tried and
  all proven to lose is a proven loss. Each proof carries its length in plies,
  so a win is played by the shortest route found, and a loss is dragged out.
* The simulation is the game's ``Knowledge.simulate``: a random or heuristic
  playout, possibly cut off and scored by an evaluation, giving a value in
  [0, 1] for Black.
* Colours are explicit per node, so a side that moves twice in a row (Onager's
  third lake and first move) is handled exactly.
* The move played is the most visited one that is not a proven loss (random
  tie-breaks), or the shortest proven win; with ``temperature`` > 0 it is drawn
  among the well-visited moves (the Easy level's mistakes).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from ..rules.base import Game, Move
from .knowledge import Knowledge

Clock = Callable[[], float]
Cancel = Callable[[], bool]


@dataclass(frozen=True)
class SearchParams:
    """How one search runs: exploration, solver on/off, budget and move choice."""

    exploration: float = 0.7          # UCT constant c in Q + c*sqrt(ln N / n)
    solver: bool = True               # prove wins/losses and back them up
    knowledge: bool = True            # immediate-win checks in the tree and at the root
    rave_k: float = 0.0               # RAVE equivalence parameter (0: RAVE off)
    iterations: int | None = None     # hard cap on iterations (None: no cap)
    seconds: float | None = None      # time budget, used only when a clock is given
    fallback_iterations: int = 2000   # budget when seconds is set but no clock is given
    temperature: float = 0.0          # 0: most visited; >0: pick among good moves at random
    min_share: float = 1.0            # with temperature: candidates need visits >= share*max
    check_every: int = 4              # look at the clock / cancel flag every N iterations


@dataclass
class SearchResult:
    move: Move
    iterations: int = 0
    value: float = 0.5                # estimated value of ``move`` for the side to move
    proven: int = 0                   # +1 proven win for the side to move, -1 proven loss
    proof_plies: int = 0              # length of the proof in plies (when proven)
    visits: dict[Move, int] = field(default_factory=dict)
    values: dict[Move, float] = field(default_factory=dict)
    cancelled: bool = False
    pv: list[Move] = field(default_factory=list)   # principal variation, from ``move`` on

    def __post_init__(self) -> None:
        if not self.pv:
            self.pv = [self.move]


class Node:
    """A position in the tree with per-move statistics for its side to move."""

    __slots__ = ("parent", "pidx", "color", "moves", "kids", "n", "w", "proven", "plen", "term",
                 "total", "nxt", "status", "length", "an", "aw", "index")

    def __init__(self, parent: "Node | None", pidx: int, color: int, moves: list[Move],
                 rave: bool) -> None:
        k = len(moves)
        self.parent = parent
        self.pidx = pidx
        self.color = color                   # side to move here (0 black, 1 white)
        self.moves = moves
        self.kids: list[Node | None] = [None] * k
        self.n = [0] * k
        self.w = [0.0] * k                   # reward sums for ``color``
        self.proven = [0] * k                # +1 move wins for ``color``, -1 loses
        self.plen = [0] * k                  # plies to the end through the move, when proven
        self.term: list[float | None] = [None] * k   # value for ``color`` when the move ends the game
        self.total = 0
        self.nxt = 0                         # first move never tried (no-RAVE order)
        self.status = 0                      # +1 won for ``color``, -1 lost
        self.length = 0                      # plies to the end when proven
        if rave:
            self.an = [0] * k
            self.aw = [0.0] * k
            self.index = {m: i for i, m in enumerate(moves)}
        else:
            self.an = self.aw = None
            self.index = None


def _settle(node: Node, i: int) -> None:
    """Move i of ``node`` was just proven: update the node and back the proof up."""
    while True:
        if node.status:
            return
        if node.proven[i] == 1:
            node.status = 1
            node.length = node.plen[i]
        else:
            longest = 0
            for j, pv in enumerate(node.proven):
                if pv != -1:
                    return
                if node.plen[j] > longest:
                    longest = node.plen[j]
            node.status = -1
            node.length = longest
        p = node.parent
        if p is None:
            return
        i = node.pidx
        p.proven[i] = node.status if node.color == p.color else -node.status
        p.plen[i] = node.length + 1
        node = p


def _stopper(cancel: Any) -> Cancel | None:
    if cancel is None:
        return None
    if hasattr(cancel, "is_set"):
        return cancel.is_set
    if callable(cancel):
        return cancel
    raise TypeError("cancel must be a callable returning bool or an object with is_set()")


def search(game: Game, knowledge: Knowledge, params: SearchParams, rng: random.Random,
           clock: Clock | None = None, deadline: float | None = None,
           cancel: Any = None) -> SearchResult:
    """Search ``game`` (not modified) and return the chosen move with statistics.

    The budget is ``params.iterations`` and, when ``clock`` is given, ``deadline``
    (or now + ``params.seconds``). Without a clock, a time budget becomes
    ``params.fallback_iterations`` iterations.
    """
    if game.result is not None:
        raise ValueError("the game is over: there is no move to search")
    stop = _stopper(cancel)
    moves = knowledge.search_moves(game) or game.legal_moves()
    if len(moves) == 1:
        return SearchResult(moves[0])
    if params.knowledge:
        w = knowledge.win_now(game)
        if w is not None:
            return SearchResult(w, value=1.0, proven=1, proof_plies=knowledge.win_plies)
        q = knowledge.quick_move(game, rng)
        if q is not None:
            return SearchResult(q)

    max_iter = params.iterations
    if clock is not None:
        if deadline is None and params.seconds is not None:
            deadline = clock() + params.seconds
    else:
        deadline = None
        if params.seconds is not None:
            max_iter = params.fallback_iterations if max_iter is None \
                else min(max_iter, params.fallback_iterations)
    if max_iter is None and deadline is None:
        max_iter = params.fallback_iterations

    rave = params.rave_k > 0.0 and knowledge.rave
    rave_k = params.rave_k
    root = Node(None, -1, int(game.to_move), knowledge.order(game, list(moves), rng), rave)
    r0 = game.ply
    c = params.exploration
    solver = params.solver
    use_k = params.knowledge
    win_now = knowledge.win_now
    win_len = 1 + knowledge.win_plies
    simulate = knowledge.simulate
    order = knowledge.order
    search_moves = knowledge.search_moves
    log = math.log
    sqrt = math.sqrt
    rand = rng.random
    check_every = max(1, params.check_every)
    it = 0
    cancelled = False
    path: list[tuple[Node, int]] = []

    while True:
        if max_iter is not None and it >= max_iter:
            break
        if it % check_every == 0 and it:
            if stop is not None and stop():
                cancelled = True
                break
            if deadline is not None and clock() >= deadline:
                break
        if root.status:
            break
        it += 1
        g = game.copy()
        node = root
        path.clear()
        value_black = -1.0
        while True:
            # ---- selection within ``node``
            if rave:
                i = _select_rave(node, c, rave_k, log, sqrt, rand)
            elif node.nxt < len(node.moves):
                i = node.nxt
                node.nxt = i + 1
            else:
                i = _select_uct(node, c, log, sqrt, rand)
            path.append((node, i))
            color = node.color
            t = node.term[i]
            if t is not None:                       # a move that ends the game
                value_black = t if color == 0 else 1.0 - t
                break
            pv = node.proven[i]
            if pv:                                  # only without the solver's pruning
                value_black = 1.0 if (pv == 1) == (color == 0) else 0.0
                break
            g.play(node.moves[i])
            if node.n[i] == 0:
                # ---- first visit of this move: check it, then simulate
                res = g.result
                if res is not None:
                    if res.winner is None:
                        node.term[i] = 0.5
                        value_black = 0.5
                    else:
                        win = int(res.winner) == color
                        node.term[i] = 1.0 if win else 0.0
                        value_black = 1.0 if int(res.winner) == 0 else 0.0
                        if solver:
                            node.proven[i] = 1 if win else -1
                            node.plen[i] = 1
                            _settle(node, i)
                elif use_k and win_now(g) is not None:
                    opp_wins = int(g.to_move) != color
                    value_black = 0.0 if (color == 0) == opp_wins else 1.0
                    if solver:
                        node.proven[i] = -1 if opp_wins else 1
                        node.plen[i] = win_len
                        _settle(node, i)
                else:
                    value_black = simulate(g, rng)
                break
            kid = node.kids[i]
            if kid is None:
                kid = Node(node, i, int(g.to_move), order(g, search_moves(g), rng), rave)
                node.kids[i] = kid
            node = kid
        # ---- backpropagation
        for nd, i in path:
            r = value_black if nd.color == 0 else 1.0 - value_black
            nd.total += 1
            nd.n[i] += 1
            nd.w[i] += r
        if rave:
            _update_rave(path, g.moves_played()[r0:], value_black)

    res = _choose(root, params, rng, it, cancelled)
    res.pv = principal_variation(root, res.move)
    return res


def principal_variation(root: Node, move: Move, limit: int = 10) -> list[Move]:
    """The line the tree expects after ``move`` at ``root``: in each node below, the
    shortest proven win, else the most visited move not proven lost (``move`` first)."""
    line = [move]
    try:
        node = root.kids[root.moves.index(move)]
    except ValueError:
        return line
    while node is not None and len(line) < limit:
        tried = [j for j in range(len(node.moves)) if node.n[j]]
        if not tried:
            break
        if node.status == 1:
            wins = [j for j in tried if node.proven[j] == 1] or tried
            j = min(wins, key=lambda k: (node.plen[k], -node.n[k]))
        else:
            alive = [j for j in tried if node.proven[j] != -1] or tried
            j = max(alive, key=lambda k: (node.n[k], node.w[k] / node.n[k]))
        line.append(node.moves[j])
        node = node.kids[j]
    return line


def _select_uct(node: Node, c: float, log, sqrt, rand) -> int:
    """UCT over a node whose moves have all been tried; skips proven losses."""
    logn = log(node.total) if node.total > 1 else 0.0
    best = -1
    best_u = -1e18
    n = node.n
    w = node.w
    proven = node.proven
    for i in range(len(n)):
        if proven[i] == -1:
            continue
        ni = n[i]
        u = w[i] / ni + c * sqrt(logn / ni) + rand() * 1e-7
        if u > best_u:
            best_u = u
            best = i
    if best < 0:                      # every move proven lost (solver off keeps going)
        best = int(rand() * len(n))
    return best


def _select_rave(node: Node, c: float, k: float, log, sqrt, rand) -> int:
    """UCT-RAVE: blend of the move's own mean and its AMAF mean."""
    logn = log(node.total + 1)
    best = -1
    best_u = -1e18
    n = node.n
    w = node.w
    an = node.an
    aw = node.aw
    proven = node.proven
    for i in range(len(n)):
        if proven[i] == -1:
            continue
        ni = n[i]
        ai = an[i]
        a = aw[i] / ai if ai else 0.5
        if ni:
            beta = sqrt(k / (3.0 * ni + k))
            u = (1.0 - beta) * (w[i] / ni) + beta * a + c * sqrt(logn / ni)
        else:
            u = a + c * sqrt(logn) + 0.05
        u += rand() * 1e-6
        if u > best_u:
            best_u = u
            best = i
    if best < 0:
        best = int(rand() * len(n))
    return best


def _update_rave(path: list[tuple[Node, int]], seq: list[Move], value_black: float) -> None:
    """All-moves-as-first: credit each node's moves played later by the same side.

    Assumes the sides alternate (true for the placement games RAVE is used for).
    """
    for depth, (nd, _) in enumerate(path):
        r = value_black if nd.color == 0 else 1.0 - value_black
        index = nd.index
        an = nd.an
        aw = nd.aw
        seen = set()
        for m in seq[depth::2]:
            j = index.get(m)
            if j is not None and j not in seen:
                seen.add(j)
                an[j] += 1
                aw[j] += r


def _choose(root: Node, params: SearchParams, rng: random.Random, iterations: int,
            cancelled: bool) -> SearchResult:
    moves = root.moves
    n = root.n
    visits = {moves[i]: n[i] for i in range(len(moves)) if n[i]}
    values = {moves[i]: root.w[i] / n[i] for i in range(len(moves)) if n[i]}
    idx = range(len(moves))
    if root.status == 1:                     # a proven win: shortest first
        wins = [i for i in idx if root.proven[i] == 1]
        shortest = min(root.plen[i] for i in wins)
        pick = [i for i in wins if root.plen[i] == shortest]
        i = pick[int(rng.random() * len(pick))]
        return SearchResult(moves[i], iterations, 1.0, 1, shortest, visits, values, cancelled)
    if root.status == -1:                    # every move loses: drag it out
        longest = max(root.plen)
        pick = [i for i in idx if root.plen[i] == longest]
        most = max(n[i] for i in pick)
        pick = [i for i in pick if n[i] == most]
        i = pick[int(rng.random() * len(pick))]
        return SearchResult(moves[i], iterations, 0.0, -1, longest, visits, values, cancelled)
    alive = [i for i in idx if root.proven[i] != -1 and n[i] > 0]
    if not alive:
        untried = [i for i in idx if n[i] == 0]
        if untried:       # nothing searched yet (tiny budget or cancelled at once)
            i = untried[int(rng.random() * len(untried))]
            return SearchResult(moves[i], iterations, 0.5, 0, 0, visits, values, cancelled)
        i = max(idx, key=lambda j: (root.plen[j], n[j], rng.random()))
        return SearchResult(moves[i], iterations, 0.0, -1, root.plen[i], visits, values, cancelled)
    most = max(n[i] for i in alive)
    if params.temperature > 0.0:
        pool = [i for i in alive if n[i] >= params.min_share * most]
        weights = [(n[i] / most) ** (1.0 / params.temperature) for i in pool]
        i = rng.choices(pool, weights=weights)[0]
    else:
        pool = [i for i in alive if n[i] == most]
        if len(pool) > 1:
            best_v = max(root.w[i] / n[i] for i in pool)
            pool = [i for i in pool if root.w[i] / n[i] == best_v]
        i = pool[int(rng.random() * len(pool))]
    return SearchResult(moves[i], iterations, root.w[i] / n[i], 0, 0, visits, values, cancelled)
