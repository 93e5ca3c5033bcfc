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
* Progressive widening (``width0`` > 0): a node considers only the first
  ``width0 + widen * sqrt(visits)`` moves of the knowledge's order, so a small
  budget is spent on the moves the knowledge thinks matter. Proofs stay exact:
  a node is a proven loss only when every move, tried or not yet admitted, is
  proven lost (when all admitted moves are lost, the next one is admitted).

Keeping the work
----------------
* Tree reuse: pass a ``SearchTree`` (``search(..., tree=t)``) and the next
  search of a position reached from the last root by the moves played since
  starts from that subtree (its visits, values and proofs), not from nothing.
  The budget counts new iterations only.
* Transpositions (``SearchParams.transpose``, for Amoeba whose positions
  repeat): a position reached again by another order of moves shares its node
  (found by ``game.key()``). Endings that depend on the history (Amoeba's
  repetition) are never cached in a shared node: they are checked each time.

The budget
----------
* With a clock, the time budget (``params.seconds`` or ``deadline``) is soft and
  twice it is hard (``HARD_FACTOR``): ``min_iterations`` is a floor the search
  keeps past the soft deadline only while it stays within the hard one. Near the
  hard deadline the clock is read every iteration and the search stops when the
  next iteration (at the recent pace) would end past it, so a move never takes
  more than twice its budget, however loaded the machine.
* When the pace says the floor will not be reached by the soft deadline, the
  rest of the search scores its leaves with ``Knowledge.cheap_simulate`` (the
  static evaluation, no playout): cheaper iterations instead of waiting.
* ``cancel`` (checked every ``check_every`` iterations) stops at once with the
  best move so far: the worker's 'move now' and its cancelling both use it.
"""
from __future__ import annotations

import math
import random
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, runtime_checkable

from ..rules.base import Game, Move, Reason
from .knowledge import Knowledge

Clock = Callable[[], float]
Cancel = Callable[[], bool]


@runtime_checkable
class CancelEvent(Protocol):
    """An event that cancels when set (``threading.Event``, ``multiprocessing.Event``)."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class SearchParams:
    """How one search runs: exploration, solver on/off, budget and move choice."""

    exploration: float = 0.7          # UCT constant c in Q + c*sqrt(ln N / n)
    solver: bool = True               # prove wins/losses and back them up
    knowledge: bool = True            # immediate-win checks in the tree and at the root
    quick: bool = True                # play the knowledge's quick move (Onager's lakes) unsearched;
                                      # the analysis searches those positions too (False)
    rave_k: float = 0.0               # RAVE equivalence parameter (0: RAVE off)
    iterations: int | None = None     # hard cap on iterations (None: no cap)
    seconds: float | None = None      # time budget, used only when a clock is given
    fallback_iterations: int = 2000   # budget when seconds is set but no clock is given
    temperature: float = 0.0          # 0: most visited; >0: pick among good moves at random
    min_share: float = 1.0            # with temperature: candidates need visits >= share*max
    check_every: int = 4              # look at the clock / cancel flag every N iterations
    width0: int = 0                   # progressive widening: moves admitted at first (0: all)
    widen: float = 1.0                # ... plus widen * sqrt(node visits)
    transpose: bool = False           # share nodes of repeated positions (game.key())
    min_iterations: int = 0           # with a clock: no stop at the soft deadline before this
                                      # many (never past the hard one: HARD_FACTOR x the budget)


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


PREFIX = 32      # with widening, a node stores its first width0 + PREFIX moves of the order


class Node:
    """A position in the tree with per-move statistics for its side to move.

    The statistics are kept for the admitted moves only (``width`` of them: all moves
    without progressive widening); with widening a node also stores just the start of
    the knowledge's move order and asks for the whole order again when it needs more
    (``_grow``), so a node of a 20×20 Onyx board costs a few hundred bytes, not tens of
    kilobytes. ``nmoves`` is the number of legal moves of the position.
    """

    __slots__ = ("parent", "pidx", "color", "moves", "kids", "n", "w", "proven", "plen", "term",
                 "total", "nxt", "status", "length", "an", "aw", "index", "width", "nmoves",
                 "__weakref__")

    def __init__(self, parent: "Node | None", pidx: int, color: int, moves: list[Move],
                 rave: bool, width: int = 0) -> None:
        self.nmoves = len(moves)
        k = width if 0 < width < len(moves) else len(moves)
        if k < len(moves):
            moves = moves[:k + PREFIX]
        # A weak link up: the tree is owned from the root down, so a search's tree (and the
        # part of a kept tree that a move leaves behind) is freed as soon as it is dropped,
        # not later by the cyclic collector, and a process's memory does not wait on it.
        self.parent: weakref.ref[Node] | None = weakref.ref(parent) if parent is not None else None
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
        self.width = k                       # moves admitted so far (progressive widening)
        # all-moves-as-first statistics and a move -> index map, with RAVE only
        self.an: list[int] | None = [0] * k if rave else None
        self.aw: list[float] | None = [0.0] * k if rave else None
        self.index: dict[Move, int] | None = {m: i for i, m in enumerate(moves[:k])} if rave else None


def _grow(node: Node, width: int, g: Game, order, search_moves, rng: random.Random) -> None:
    """Admit moves up to ``width`` (at most all): extend the statistics, and fetch the rest
    of the move order from the knowledge when the stored start of it runs out (``g`` is
    the node's position; the moves admitted so far keep their places)."""
    width = min(width, node.nmoves)
    old = node.width
    if width <= old:
        return
    moves = node.moves
    if width > len(moves):
        have = moves[:old]
        known = set(have)
        moves = have + [m for m in order(g, search_moves(g), rng) if m not in known]
        node.moves = moves
    extra = width - old
    node.kids.extend([None] * extra)
    node.n.extend([0] * extra)
    node.w.extend([0.0] * extra)
    node.proven.extend([0] * extra)
    node.plen.extend([0] * extra)
    node.term.extend([None] * extra)
    if node.an is not None:
        assert node.aw is not None and node.index is not None     # RAVE keeps all three
        node.an.extend([0] * extra)
        node.aw.extend([0.0] * extra)
        index = node.index
        for j in range(old, width):
            index[moves[j]] = j
    node.width = width


def _settle(node: Node, i: int) -> None:
    """Move i of ``node`` was just proven: update the node and back the proof up."""
    while True:
        if node.status:
            return
        if node.proven[i] == 1:
            node.status = 1
            node.length = node.plen[i]
        else:
            if node.width < node.nmoves:     # moves not admitted yet are not proven
                return
            longest = 0
            for j, pv in enumerate(node.proven):
                if pv != -1:
                    return
                if node.plen[j] > longest:
                    longest = node.plen[j]
            node.status = -1
            node.length = longest
        p = node.parent() if node.parent is not None else None
        if p is None:
            return
        i = node.pidx
        p.proven[i] = node.status if node.color == p.color else -node.status
        p.plen[i] = node.length + 1
        node = p


def cancel_check(cancel: Cancel | CancelEvent | None) -> Cancel | None:
    """The callable that says whether to stop, from what a caller gives as ``cancel``:
    nothing, a callable returning True to stop, or an event (``CancelEvent``)."""
    if cancel is None:
        return None
    if isinstance(cancel, CancelEvent):
        return cancel.is_set
    if callable(cancel):
        return cancel
    raise TypeError("cancel must be a callable returning bool or an event with is_set()")


class SearchTree:
    """The tree of the last search, kept for the next one (tree reuse).

    ``search(game, ..., tree=t)`` first looks in ``t`` for the node of ``game``: the
    stored root's position, then the moves played since (they must all be in the
    tree). The search then goes on from that node and stores its own root back.
    One ``SearchTree`` per player: it holds one line of play.
    """

    def __init__(self) -> None:
        self.root: Node | None = None
        self._history: list[Move] = []
        self._ident: tuple | None = None
        self._knowledge: Knowledge | None = None    # the tree holds this knowledge's values
        self.table: dict[int, Node] = {}
        self.reused = 0            # visits found in the reused subtree, last search

    @staticmethod
    def _identity(game: Game, knowledge: Knowledge, rave: bool, key: int) -> tuple:
        try:
            opts = tuple(sorted(game.options().items()))
        except AttributeError:  # pragma: no cover - a game without options()
            opts = ()
        return (game.name, opts, knowledge.name, rave, key)

    def take(self, game: Game, knowledge: Knowledge, rave: bool) -> "Node | None":
        """The stored node for ``game`` (re-rooted: no parent), or None."""
        root = self.root
        self.reused = 0
        if root is None:
            return None
        hist = game.moves_played()
        old = self._history
        if len(hist) < len(old) or hist[:len(old)] != old:
            return None
        back = game.copy()
        for _ in range(len(hist) - len(old)):
            back.undo()
        if knowledge is not self._knowledge or \
                self._identity(back, knowledge, rave, back.key()) != self._ident:
            return None
        node = root
        for m in hist[len(old):]:
            try:
                i = node.index[m] if node.index is not None else node.moves.index(m)
            except (KeyError, ValueError):
                return None
            if i >= node.width:
                return None
            kid = node.kids[i]
            if kid is None:
                return None
            node = kid
        if node.color != int(game.to_move) or node.total == 0:
            return None
        node.parent = None
        node.pidx = -1
        self.reused = node.total
        return node

    def keep(self, game: Game, knowledge: Knowledge, rave: bool, root: "Node") -> None:
        self.root = root
        self._history = game.moves_played()
        self._ident = self._identity(game, knowledge, rave, game.key())
        self._knowledge = knowledge

    def clear(self) -> None:
        self.root = None
        self._history = []
        self._ident = None
        self._knowledge = None
        self.table = {}


MAX_DEPTH = 300   # plies of tree descent in one iteration (a guard against cycles)
HARD_FACTOR = 2.0  # with a clock, no search runs past this many times its time budget


def search(game: Game, knowledge: Knowledge, params: SearchParams, rng: random.Random,
           clock: Clock | None = None, deadline: float | None = None,
           cancel: Any = None, tree: SearchTree | None = None) -> SearchResult:
    """Search ``game`` (not modified) and return the chosen move with statistics.

    The budget is ``params.iterations`` and, when ``clock`` is given, ``deadline``
    (or now + ``params.seconds``). Without a clock, a time budget becomes
    ``params.fallback_iterations`` iterations. ``tree``: reuse (and keep) the
    tree between searches (see ``SearchTree``).
    """
    if game.result is not None:
        raise ValueError("the game is over: there is no move to search")
    t0 = clock() if clock is not None else 0.0
    stop = cancel_check(cancel)
    moves = knowledge.search_moves(game) or game.legal_moves()
    if len(moves) == 1:
        return SearchResult(moves[0])
    if params.knowledge:
        w = knowledge.win_now(game)
        if w is not None:
            return SearchResult(w, value=1.0, proven=1, proof_plies=knowledge.win_plies)
        q = knowledge.quick_move(game, rng) if params.quick else None
        if q is not None:
            return SearchResult(q)

    max_iter = params.iterations
    hard = None
    if clock is not None:
        if deadline is None and params.seconds is not None:
            deadline = t0 + params.seconds
        if deadline is not None:
            hard = t0 + HARD_FACTOR * max(0.0, deadline - t0)
    else:
        deadline = None
        if params.seconds is not None:
            max_iter = params.fallback_iterations if max_iter is None \
                else min(max_iter, params.fallback_iterations)
    if max_iter is None and deadline is None:
        max_iter = params.fallback_iterations

    rave = params.rave_k > 0.0 and knowledge.rave
    rave_k = params.rave_k
    width0 = params.width0
    widen = params.widen
    root = tree.take(game, knowledge, rave) if tree is not None else None
    if root is None:
        root = Node(None, -1, int(game.to_move), knowledge.order(game, list(moves), rng), rave,
                    width0)
    seen: set[int] | None = None
    if knowledge.repetition_draw:
        seen = _history_keys(game)
    table: dict[int, Node] | None = None
    if params.transpose:
        table = tree.table if tree is not None else {}
        if tree is not None and root is not tree.root:
            table.clear()
    r0 = game.ply
    c = params.exploration
    solver = params.solver
    use_k = params.knowledge
    win_now = knowledge.win_now
    win_len = 1 + knowledge.win_plies
    simulate = knowledge.simulate
    cheap_simulate = knowledge.cheap_simulate
    order = knowledge.order
    search_moves = knowledge.search_moves
    log = math.log
    sqrt = math.sqrt
    rand = rng.random
    check_every = max(1, params.check_every)
    min_it = params.min_iterations if max_iter is None else min(params.min_iterations, max_iter)
    it = 0
    cancelled = False
    path: list[tuple[Node, int]] = []
    look_at, look_t, pace = 0, t0, 0.0     # the last clock look (iterations, time); time per iteration
    near = False                           # near the hard deadline: the clock every iteration

    while True:
        if max_iter is not None and it >= max_iter:
            break
        if it and (near or it % check_every == 0):
            if stop is not None and stop():
                cancelled = True
                break
            if deadline is not None and clock is not None and hard is not None:
                now = clock()
                if it > look_at:
                    pace = (now - look_t) / (it - look_at)
                look_at, look_t = it, now
                if now >= deadline and it >= min_it:
                    break
                if now + pace > hard:          # the next iteration would end past the hard deadline
                    break
                near = now + (check_every + 1) * pace > (hard if it < min_it else deadline)
                if it < min_it and it > check_every and simulate is not cheap_simulate \
                        and pace > 0.0 and it + (deadline - now) / pace < min_it:
                    # (the pace between two looks: the first one's includes the set-up)
                    simulate = cheap_simulate      # behind the floor's pace: cheaper leaves
        if root.status:
            break
        it += 1
        g = game.copy()
        node = root
        path.clear()
        value_black = -1.0
        line_keys: set[int] | None = set() if seen is not None else None
        while True:
            # ---- selection within ``node``
            if node.width < node.nmoves:
                wd = width0 + int(widen * sqrt(node.total))
                if wd > node.width:
                    _grow(node, wd, g, order, search_moves, rng)
            if rave:
                i = _select_rave(node, c, rave_k, log, sqrt, rand)
            elif node.nxt < node.width:
                i = node.nxt
                node.nxt = i + 1
            else:
                i = _select_uct(node, c, log, sqrt, rand)
            if i < 0:
                if node.width < node.nmoves:        # every admitted move is lost: admit one
                    i = node.width
                    _grow(node, i + 1, g, order, search_moves, rng)
                    if not rave:
                        node.nxt = i + 1
                else:                               # all proven lost (solver off goes on)
                    i = int(rand() * node.width)
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
            res = g.result
            if line_keys is not None and seen is not None and res is None:
                key = g.key()
                if key in seen or key in line_keys:     # a cycle: scored as a draw
                    value_black = 0.5
                    break
                line_keys.add(key)
            if node.n[i] == 0:
                # ---- first visit of this move: check it, then simulate
                if res is not None:
                    if res.winner is None:
                        value_black = 0.5
                        if table is None:
                            node.term[i] = 0.5
                    else:
                        win = int(res.winner) == color
                        value_black = 1.0 if int(res.winner) == 0 else 0.0
                        if table is None or res.reason != Reason.REPETITION_COUNT:
                            node.term[i] = 1.0 if win else 0.0
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
            if res is not None:                     # a history-dependent end (not cached)
                value_black = 0.5 if res.winner is None else \
                    (1.0 if int(res.winner) == 0 else 0.0)
                break
            kid = node.kids[i]
            if kid is None:
                if table is not None:
                    key = g.key()
                    kid = table.get(key)
                    if kid is None or kid.color != int(g.to_move):
                        kid = _new_node(node, i, g, order, search_moves, rng, rave, width0)
                        table[key] = kid
                else:
                    kid = _new_node(node, i, g, order, search_moves, rng, rave, width0)
                node.kids[i] = kid
            if kid.status and solver:               # proven through another parent
                node.proven[i] = kid.status if kid.color == color else -kid.status
                node.plen[i] = kid.length + 1
                _settle(node, i)
                win = node.proven[i] == 1
                value_black = 1.0 if win == (color == 0) else 0.0
                break
            if len(path) >= MAX_DEPTH:
                value_black = simulate(g, rng)
                break
            node = kid
        # ---- backpropagation
        for nd, i in path:
            r = value_black if nd.color == 0 else 1.0 - value_black
            nd.total += 1
            nd.n[i] += 1
            nd.w[i] += r
        if rave:
            _update_rave(path, g.moves_played()[r0:], value_black)

    chosen = _choose(root, params, rng, it, cancelled)
    chosen.pv = principal_variation(root, chosen.move)
    if tree is not None:
        tree.keep(game, knowledge, rave, root)
    return chosen


def _history_keys(game: Game) -> set[int]:
    """The keys of the positions of ``game`` so far, the current one included."""
    keys = {game.key()}
    back = game.copy()
    for _ in range(len(back.moves_played())):
        back.undo()
        keys.add(back.key())
    return keys


def _new_node(parent: Node, i: int, g: Game, order, search_moves, rng: random.Random,
              rave: bool, width0: int) -> Node:
    return Node(parent, i, int(g.to_move), order(g, search_moves(g), rng), rave, width0)


def principal_variation(root: Node, move: Move, limit: int = 10) -> list[Move]:
    """The line the tree expects after ``move`` at ``root``: in each node below, the
    shortest proven win, else the most visited move not proven lost (``move`` first)."""
    line = [move]
    try:
        i = root.moves.index(move)
    except ValueError:
        return line
    node = root.kids[i] if i < root.width else None
    while node is not None and len(line) < limit:
        nd = node
        tried = [j for j in range(nd.width) if nd.n[j]]
        if not tried:
            break
        if nd.status == 1:
            wins = [j for j in tried if nd.proven[j] == 1] or tried
            j = min(wins, key=lambda k: (nd.plen[k], -nd.n[k]))
        else:
            alive = [j for j in tried if nd.proven[j] != -1] or tried
            j = max(alive, key=lambda k: (nd.n[k], nd.w[k] / nd.n[k]))
        line.append(nd.moves[j])
        node = nd.kids[j]
    return line


_ISQ = [0.0] + [1.0 / math.sqrt(k) for k in range(1, 1 << 16)]   # 1/sqrt(n), n < 65536


def _select_uct(node: Node, c: float, log, sqrt, rand) -> int:
    """UCT over the admitted moves of a node (all tried); skips proven losses."""
    logn = log(node.total) if node.total > 1 else 0.0
    cs = c * sqrt(logn)
    best = -1
    best_u = -1e18
    n = node.n
    w = node.w
    proven = node.proven
    isq = _ISQ
    big = len(isq)
    for i in range(node.width):
        if proven[i] == -1:
            continue
        ni = n[i]
        u = w[i] / ni + cs * (isq[ni] if ni < big else 1.0 / sqrt(ni)) + rand() * 1e-7
        if u > best_u:
            best_u = u
            best = i
    return best                       # -1: every admitted move is proven lost


def _select_rave(node: Node, c: float, k: float, log, sqrt, rand) -> int:
    """UCT-RAVE over the admitted moves: blend of the move's own mean and its AMAF mean.
    Untried moves with equal AMAF values are taken in the knowledge's order."""
    logn = log(node.total + 1)
    best = -1
    best_u = -1e18
    n = node.n
    w = node.w
    an = node.an
    aw = node.aw
    assert an is not None and aw is not None        # a RAVE search's nodes keep them
    proven = node.proven
    explore = c * sqrt(logn) + 0.05
    for i in range(node.width):
        if proven[i] == -1:
            continue
        ni = n[i]
        ai = an[i]
        a = aw[i] / ai if ai else 0.5
        if ni:
            beta = sqrt(k / (3.0 * ni + k))
            u = (1.0 - beta) * (w[i] / ni) + beta * a + c * sqrt(logn / ni)
        else:
            u = a + explore - i * 1e-6
        u += rand() * 1e-7
        if u > best_u:
            best_u = u
            best = i
    return best                       # -1: every admitted move is proven lost


def _update_rave(path: list[tuple[Node, int]], seq: list[Move], value_black: float) -> None:
    """All-moves-as-first: credit each node's moves played later by the same side.

    Assumes the sides alternate (true for the placement games RAVE is used for).
    """
    for depth, (nd, _) in enumerate(path):
        r = value_black if nd.color == 0 else 1.0 - value_black
        index = nd.index
        an = nd.an
        aw = nd.aw
        assert index is not None and an is not None and aw is not None
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
    visits = {moves[i]: n[i] for i in range(root.width) if n[i]}
    values = {moves[i]: root.w[i] / n[i] for i in range(root.width) if n[i]}
    idx = range(root.width)
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
        if root.width < len(moves):          # the admitted moves lose: the next one
            return SearchResult(moves[root.width], iterations, 0.5, 0, 0, visits, values,
                                cancelled)
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
