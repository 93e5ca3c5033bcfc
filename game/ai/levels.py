"""Playing levels and the one call the rest of the program makes: ``choose_move``.

Levels
------
========  ==============================================================  ==========
level     what it is                                                      budget
========  ==============================================================  ==========
random    a uniformly random legal move                                   none
easy      MCTS-Solver with the game's knowledge, small budget, and some   0.25 s
          randomness among the good moves (a beginner can beat it)
medium    MCTS-Solver with the game's knowledge (also used for hints)     1 s
hard      MCTS-Solver with the game's knowledge                           2.8 s
uct       plain UCT: uniformly random playouts, no solver, no tactics:    2.8 s
          the baseline Hard is measured against
========  ==============================================================  ==========

Time is injected: ``choose_move(..., clock=time.monotonic)`` runs until the
level's time budget (or an explicit ``deadline`` on that clock) is used up.
Without a clock a level runs its fixed ``iterations`` budget instead, so a
seeded call is deterministic (the tests rely on this). ``cancel`` (a callable
returning True, or an Event) stops a search early; the best move so far is
still returned and it is always legal.

The Onyx pie rule is decided here, not in the tree: White swaps when the search
says Black's first stone left White worse than even; Black, knowing White may
swap, opens with a move of about even value rather than the strongest one.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable

from ..rules.base import Color, Game, Move
from .knowledge import Knowledge, knowledge_for, plain_knowledge
from .mcts import SearchParams, SearchResult, search

LEVEL_NAMES = ("random", "easy", "medium", "hard", "uct")
PLAYING_LEVELS = ("easy", "medium", "hard")   # offered to players in the menu


@dataclass(frozen=True)
class Level:
    name: str
    description: str
    params: SearchParams | None        # None: the random mover
    plain: bool = False                # True: generic knowledge (the uct baseline)


HARD_SECONDS = 2.8

_BASE: dict[str, Level] = {
    "random": Level("random", "plays a random legal move", None),
    "easy": Level("easy", "a quick look ahead; makes mistakes",
                  SearchParams(seconds=0.25, fallback_iterations=250, temperature=0.6, min_share=0.35)),
    "medium": Level("medium", "a solid player",
                    SearchParams(seconds=1.0, fallback_iterations=1500)),
    "hard": Level("hard", "the strongest: uses its whole thinking time",
                  SearchParams(seconds=HARD_SECONDS, fallback_iterations=4000)),
    "uct": Level("uct", "baseline: plain UCT with random playouts, Hard's time",
                 SearchParams(seconds=HARD_SECONDS, fallback_iterations=4000, solver=False,
                              knowledge=False), plain=True),
}

# Per-game adjustments of the search parameters (measured; see the report in docs).
_PER_GAME: dict[str, dict[str, dict[str, Any]]] = {
    "amoeba": {},
    "onyx": {},
    "onager": {},
}


def get_level(name: str, game_name: str | None = None) -> Level:
    """The level called ``name`` (adjusted for ``game_name``); ValueError if unknown."""
    key = str(name).strip().lower()
    if key not in _BASE:
        raise ValueError(f"unknown level {name!r}: choose one of {', '.join(LEVEL_NAMES)}")
    lv = _BASE[key]
    extra = _PER_GAME.get(game_name or "", {}).get(key)
    if extra and lv.params is not None:
        lv = replace(lv, params=replace(lv.params, **extra))
    return lv


def knowledge_of(lv: Level, game: Game) -> Knowledge:
    return plain_knowledge() if lv.plain else knowledge_for(game.name)


def _swap_move(game: Game) -> Move | None:
    swap = getattr(game, "SWAP", None)
    if swap is not None and swap in game.legal_moves():
        return swap
    return None


def _pie_first_move(game: Game) -> bool:
    """Black's very first move of an Onyx game played with the pie rule."""
    if game.name != "onyx" or not game.options().get("pie"):
        return False
    return getattr(game, "_plies0", 0) + game.ply == 0


def analyse(game: Game, level_name: str, rng: random.Random | None = None,
            clock: Callable[[], float] | None = None, deadline: float | None = None,
            cancel: Any = None, params: SearchParams | None = None) -> SearchResult:
    """Search with a level's budget and return the full result (move, value, visits).

    Used for hints and for answering offers. The random level gives a random move
    with no evaluation.
    """
    if game.result is not None:
        raise ValueError("the game is over: there is no move to choose")
    rng = rng if rng is not None else random.Random()
    lv = get_level(level_name, game.name)
    if lv.params is None:
        moves = game.legal_moves()
        return SearchResult(moves[int(rng.random() * len(moves))])
    return search(game, knowledge_of(lv, game), params or lv.params, rng, clock=clock,
                  deadline=deadline, cancel=cancel)


SWAP_BELOW = 0.45   # White swaps when its best reply is worth less than this


def choose_move(game: Game, level: str, rng: random.Random | None = None,
                deadline: float | None = None, cancel: Any = None,
                clock: Callable[[], float] | None = None) -> Move:
    """The level's move for the side to move in ``game`` (an internal, legal move).

    ``game`` is not changed. ``deadline`` is a time on ``clock``; ``cancel`` stops
    the search early (the best move found so far is returned).
    """
    if game.result is not None:
        raise ValueError("the game is over: there is no move to choose")
    rng = rng if rng is not None else random.Random()
    lv = get_level(level, game.name)
    if lv.params is None:
        moves = game.legal_moves()
        return moves[int(rng.random() * len(moves))]
    res = analyse(game, level, rng, clock=clock, deadline=deadline, cancel=cancel)
    swap = _swap_move(game)
    if swap is not None and not lv.plain:
        # res.value is White's chance with its best ordinary reply.
        if res.proven == -1 or (res.proven == 0 and res.value < SWAP_BELOW):
            return swap
        return res.move
    if _pie_first_move(game) and not lv.plain and res.visits and res.proven == 0:
        return _balanced_opening(res, rng)
    return res.move


def _balanced_opening(res: SearchResult, rng: random.Random) -> Move:
    """With the pie rule, Black opens with a move of about even value (not the best)."""
    most = max(res.visits.values())
    pool = [m for m, n in res.visits.items() if n >= max(3, most // 8)]
    if not pool:
        return res.move
    pool.sort(key=lambda m: abs(res.values[m] - 0.52) + rng.random() * 0.02)
    return pool[0]


def hint(game: Game, rng: random.Random | None = None, clock: Callable[[], float] | None = None,
         cancel: Any = None) -> Move:
    """A suggested move for the side to move, with the Medium budget."""
    return choose_move(game, "medium", rng, cancel=cancel, clock=clock)


def answer_offer(game: Game, rng: random.Random | None = None,
                 clock: Callable[[], float] | None = None, cancel: Any = None,
                 level_name: str = "medium") -> bool:
    """Whether the computer accepts its opponent's offer to end the game now.

    The computer is the player NOT to move (the offer comes from the side to move).
    Amoeba: the game would end by stack count, so accept when that count does not
    leave the computer behind and playing on does not look winning for it.
    Onager: a draw; accept when the search says the computer is not winning.
    Onyx has no ending by agreement in its rules: the computer declines.
    """
    if game.result is not None:
        return False
    me = game.to_move.other
    name = game.name
    if name not in ("amoeba", "onager"):
        return False
    res = analyse(game, level_name, rng, clock=clock, cancel=cancel)
    # res.value is the side to move's (the offerer's) chance; mine is the rest.
    mine = 1.0 - res.value
    if res.proven == 1:
        mine = 0.0
    elif res.proven == -1:
        mine = 1.0
    if name == "amoeba":
        trial = game.copy()
        outcome = trial.end_by_agreement()
        if outcome.winner is None:
            return mine <= 0.55
        if outcome.winner == me:
            return True
        return False
    return mine <= 0.55


__all__ = ["LEVEL_NAMES", "PLAYING_LEVELS", "Level", "get_level", "analyse", "choose_move", "hint",
           "answer_offer", "Color"]
