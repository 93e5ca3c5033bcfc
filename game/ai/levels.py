"""Playing levels and the one call the rest of the program makes: ``choose_move``.

Levels
------
Eight levels on a ladder, 1 to 8 (``LADDER``); three keep their names: Easy is 2,
Medium 5 and Hard 8 (``level_name``: "2" and "easy" are the same level everywhere).
Their strength is measured, not guessed: ``python -m game.ai.ladder GAME`` plays
adjacent levels against each other and fits ratings (``docs/ai-levels.md``; the
result ships as ``game/ai/ladder.json`` and New game shows it).

=====  ======  ==========================================  ====================  =================
level  name    what it is                                  iterations (Onager,   softmax
                                                           Onyx, Amoeba)
=====  ======  ==========================================  ====================  =================
1              classic knowledge, a glance                 12, 8, 6              0.25, 0.25, 0.4
2      easy    a glance further (Onyx: classic knowledge)  40, 40, 25            0.12, 0.15, 0.15
3              a short search (Onyx: classic knowledge)    120, 150, 80          0.03, 0.06, 0.04
4              the game's knowledge                        250, 12, 150          0.015, 0.3, 0.02
5      medium  the game's knowledge                        400, 800, 800         -
6                                                          900, 1500, 2000       -
7                                                          2800, 3000, 5000      -
8      hard    the strongest                               10000, 6000, 12000    -
random         a uniformly random legal move (the ladder's anchor, rating 0)
uct            the baseline: plain UCT, uniformly random playouts, no solver, no tactics
=====  ======  ==========================================  ====================  =================

(``_RUNGS``, ``_GAME_RUNGS``; the per-game differences in what a level is: ``_GAME_LEVELS``.)
Onyx's connection knowledge makes even a dozen iterations play well, so its weaker levels
differ by their knowledge more than by their budget: levels 1-3 search with random
playouts, level 4 is the dozen iterations with connection distances. The weak levels
(``Level.weak``: 1-4) lose by choosing plausible second-best moves: their
move is drawn from the search's well-visited moves with weight exp(value / softmax)
(``softmax_pick``; never a move after which the opponent wins at once), and they cap
their iterations so that a fast machine does not make them stronger than measured. The
others play the most visited move and keep their tree between moves
(``Level.keeps_tree``). No level ignores a threat: every level looks for one before its
search (``threat_stoppers``), and in Onyx also blocks a run that is ``RACE_DISTANCE`` (6)
stones from connecting (levels 2 and 3: ``WEAK_RACE_DISTANCE``, 10) when it is not nearer
itself; levels 3 and 4 there (Amoeba and Onager: none) never leave the opponent a capture
that costs them two stones in the race when another of their candidate moves does not,
level 2 one that costs it four (``Level.guard``).

The game knowledge (``knowledge_for``): Amoeba, Kernel captures in one (in the tree
and in the simulations), and leaves scored by four random plies and a static
evaluation fitted to the results of engine games (``amoeba_eval``; level 1: playouts cut
off after 60 plies and scored by stack count); Onager, two-ply back-row wins (found by
counting what each reply changes, not by playing it: the same wins, twice as fast;
level 1 plays them out), short advance-biased rollouts scored by the race,
which take or even the back-row count when a move can (level 1's rollouts do not), lakes
placed where they block the opponent most; Onyx, connection distances (``onyx_eval``):
connections in one, the moves ordered by how near they lie to a shortest path of
either side (the opponent's cuts first when it wins the plain race), and every leaf of
the tree scored by both sides' two-distance potentials, each at most the plain
distance plus 3 so that a run in single file counts as a threat, and at least what the
mover's best capture leaves (no random playouts), with RAVE and progressive widening
over that order (``width0``), so that even a small budget spends itself on the moves
that matter: the search on 375 iterations blocks a run along the side of
the board and a greedy shortest-path runner on 12×12, 16×16 and 20×20
(``tests/test_ai_strength.py``). Level 1 keeps the classic knowledge
(``registry.classic_knowledge_for``: for Onyx uniform random playouts; Onyx's levels 2
and 3 keep it too), and before its
search every level looks for a threat (``threat_stoppers``): in Amoeba and Onager a win in one for
the opponent (a Kernel capture; a back-row majority no reply undoes), in Onyx an opponent
at most ``THREAT_DISTANCE`` (3) stones from connecting; when the move its search picks
does not stop it, it plays the stopping move the search liked best (``tests/test_easy.py``:
the straight line along a side or up column c no longer wins in 12 moves). At distance 2
a line up a column crossed by diagonals (c, e, ...) already has two ways to finish, so
the check looks one stone earlier; when no stone lengthens the path, it blocks where the
opponent's two-distance potential is left worst.

The search keeps its work when asked to (``tree=SearchTree()``, one per
player: the match runner and the worker process do): the next search starts
from the subtree of the position reached. Positions met again are scored as a
draw in Onyx, whose captures can cycle for ever (``Knowledge.repetition_draw``).

Time is injected: ``choose_move(..., clock=time.monotonic)`` runs until the
level's ladder budget of iterations is done or its time budget (or an explicit
``deadline`` on that clock) is used up, whichever comes first: the ladder measured
that budget, so the rating New game shows is the level's on any machine fast enough
to do it in time (``move_iterations``). ``seconds=`` replaces the time budget (the
player's think time per level, Settings: ``think_seconds``, defaults
``THINK_DEFAULTS`` for Easy, Medium and Hard; the other levels' seconds are in
``_RUNGS``); for the levels that are not weak it scales the budget of iterations
alike, so a longer think time is how a player asks for more (a weak level keeps its
budget). Those levels keep on past
the time budget up to ``MIN_ITERATIONS``, but never past twice the budget (the
search's hard deadline, ``mcts.HARD_FACTOR``).
Without a clock a level runs its fixed iteration budget instead (the iterations
above), so a seeded call is deterministic (the tests rely on
this). ``cancel`` (a callable returning True, or an Event) stops a search
early; the best move so far is still returned and it is always legal.

The Onyx pie rule is decided here, not in the tree (``swap`` exchanges the
players, not the colours): White swaps when Black's first stone is in the
central region of the board; Black, knowing White may swap, opens just outside
it. (Measured: random-playout values right after the first stone are too
biased towards the side to move to set a swap threshold on.)
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any, Callable

from ..rules.base import Color, Game, Move
from ..rules.onyx import Onyx
from .knowledge import Knowledge
from .registry import classic_knowledge_for, knowledge_for, plain_knowledge
from .mcts import HARD_FACTOR, SearchParams, SearchResult, SearchTree, search

LEVEL_NAMES = ("random", "easy", "medium", "hard", "uct")
PLAYING_LEVELS = ("easy", "medium", "hard")   # the named levels (kept for saved settings)
# The ladder: level N is LADDER[N - 1]; three of them keep their names (Easy 2, Medium 5,
# Hard 8) so that saved settings, records and the command line's names still work.
LADDER = ("1", "easy", "3", "4", "medium", "6", "7", "hard")
LEVEL_NUMBERS = tuple(str(i) for i in range(1, len(LADDER) + 1))
ALL_LEVELS = LEVEL_NAMES + LEVEL_NUMBERS     # every name get_level accepts


@dataclass(frozen=True)
class Level:
    name: str
    description: str
    params: SearchParams | None        # None: the random mover
    plain: bool = False                # True: generic knowledge (the uct baseline)
    classic: bool = False              # True: the knowledge before connection distances
    answers_threats: bool = False      # True: stops a win in one or two first (``threat_stoppers``)
    number: int = 0                    # its place on the ladder, 1..8 (0: random, uct)
    softmax: float = 0.0               # >0: the move is drawn with weight exp(value / softmax)
    race_distance: int = 0             # Onyx: also blocks a run this near when not ahead
    race_rule: bool = False            # Onyx: in a race plays its search's move, runs home
    guard: int = 0                     # Onyx: sees coming a capture that swings the race
                                       # this many stones (0: none; ``_guard_captures``)
    min_visits: int = 2                # softmax: candidates need this many visits

    @property
    def weak(self) -> bool:
        """A level that draws its move by softmax: it keeps its ladder budget whatever its
        think time, has no floor of iterations and searches afresh at every move (its
        strength is what the ladder measured, on any machine)."""
        return self.softmax > 0

    @property
    def keeps_tree(self) -> bool:
        """Whether the level keeps its search tree from one move to the next (and the worker
        ponders for it): the ladder's levels that play their search's own move."""
        return self.number > 0 and not self.weak


HARD_SECONDS = 2.8
# Medium and Hard do not stop at their time budget before this many iterations (a quarter
# of Medium's iteration budget), but only within the search's hard deadline, twice the
# budget (``mcts.HARD_FACTOR``): on a slow or busy machine a move takes at most twice its
# time, and when the floor's pace falls behind the search scores its leaves without
# playouts (``Knowledge.cheap_simulate``) to do more iterations in that time. Measured:
# Medium with 375 iterations beat the side-line run and the shortest-path runner on 12×12
# in all 40 games (both colours, 10 seeds each); with 150 it lost 3 of 40. Cancelling (and
# the worker's 'move now') still stops a search at once.
MIN_ITERATIONS = 375

# The player's think time per level (Settings): the defaults are the levels' budgets, and a
# value outside THINK_RANGE is brought inside it (``think_seconds``).
THINK_DEFAULTS = {"easy": 0.25, "medium": 1.0, "hard": HARD_SECONDS}
THINK_RANGE = (0.1, 30.0)


def level_name(name: Any) -> str:
    """The canonical name of a level given by name or number ("2" and "Easy" -> "easy",
    "3" -> "3"); ValueError if there is no such level."""
    key = str(name).strip().lower()
    if key.startswith("level"):
        key = key[5:].strip()
    if key in LEVEL_NUMBERS:
        return LADDER[int(key) - 1]
    if key in LEVEL_NAMES:
        return key
    raise ValueError(f"unknown level {name!r}: choose 1 to {len(LADDER)} or one of "
                     f"{', '.join(LEVEL_NAMES)}")


def level_number(name: Any) -> int:
    """The level's place on the ladder (1..8), 0 for random and uct; ValueError if unknown."""
    key = level_name(name)
    return LADDER.index(key) + 1 if key in LADDER else 0


def think_seconds(level: str, value: Any = None) -> float:
    """The think time in seconds for a playing ``level``: ``value`` when it is a number
    (clamped into THINK_RANGE), else the level's default. ValueError for another level."""
    try:
        key = level_name(level)
    except ValueError:
        key = str(level)
    if key not in THINK_DEFAULTS:
        raise ValueError(f"no think time for level {level!r}: choose one of "
                         f"{', '.join(THINK_DEFAULTS)}")
    try:
        v = float(value)
    except (TypeError, ValueError):
        return THINK_DEFAULTS[key]
    if v != v:                          # NaN
        return THINK_DEFAULTS[key]
    return min(THINK_RANGE[1], max(THINK_RANGE[0], v))


# The ladder's budgets (iterations without a clock; the ladder measures these, so its
# ratings hold on any machine) and seconds with one (the app). Every level also caps its
# iterations at the budget, so that a fast machine does not make it stronger than measured:
# the seconds of the levels above the weak ones do several times their budget on a desktop
# machine. The weak levels lose by drawing among the search's good moves (softmax over
# their values, in units of the value: 0.1 makes a move 10 points worse e times less
# likely), never by ignoring a threat: every level answers one first (``threat_stoppers``).
# (iterations, seconds, softmax, classic knowledge)
_RUNGS = {
    "1": (12, 0.1, 0.25, True),
    "easy": (40, THINK_DEFAULTS["easy"], 0.12, True),
    "3": (80, 0.25, 0.06, False),
    "4": (160, 0.4, 0.03, False),
    "medium": (400, THINK_DEFAULTS["medium"], 0.0, False),
    "6": (900, 1.5, 0.0, False),
    # (Onager's top levels stand 100 points apart only about three times the budget of the
    # one below; their seconds do that on a desktop machine. Amoeba and Onyx have their
    # own, ``_GAME_RUNGS``.)
    "7": (2800, 2.0, 0.0, False),
    "hard": (10000, HARD_SECONDS, 0.0, False),
}
_DESCRIPTIONS = {
    "1": "a beginner: sees a threat, little else",
    "easy": "a quick look ahead; makes mistakes",
    "3": "looks a little further; still slips",
    "4": "a careful club player",
    "medium": "a solid player",
    "6": "a strong player",
    "7": "a very strong player",
    "hard": "the strongest: uses its whole thinking time",
}
# Onyx: every level also blocks a run that is this many stones from connecting when it is
# not ahead in the race itself (the straight line along the side is stopped early).
RACE_DISTANCE = 6
# Onyx, the levels with a ``guard`` (3 and 4): a capture the opponent could answer with that
# sets us back this many stones in the race (the opponent's distance less ours) is a threat
# they answer. 400 iterations do not see it coming either: with the guard on the weak levels
# only, a level of 160 iterations won 21 of 36 against one of 400. Levels 5-8 (800
# iterations and more) are left to their search; each wins the line check 10 of 10.
# Level 2 sees only the captures that swing the race by ``BIG_CAPTURE_SWING``: with every
# capture of 2 it played level 3 about even (66 of 120 for level 3), with none it lost the
# line check 2 and 4 games of 10 (seeds 31 and 7), with these 1 and 1.
CAPTURE_SWING = 2
BIG_CAPTURE_SWING = 4
# Onyx, the weak levels' rules (``Level``, set per level in ``_GAME_LEVELS``): in a race
# (a side within the level's race distance of connecting) a level with ``race_rule``
# plays its search's own move (no softmax) and runs home when well ahead (``_racing``,
# ``_run_home``); the others keep their softmax there too (still among the moves that
# keep the race, ``_keeping_the_race``). A level with ``guard`` sees a capture coming
# (``_guard_captures``). (Measured, line check on 16x16, seeds 31, 7, 1, 2 and 3, ten
# games each: the levels of 12, 50 and 160 iterations won 148 of 150 with the capture
# guard, 139 without; raising their iterations in a race as well changed nothing
# measurable. The dozen iterations pick no better in a race than their softmax does:
# seeds 31 and 1-9, ten games each, that level won 95 of 100 playing its search's move
# there and 99 of 100 with its softmax. The levels of 50 and 160 iterations without the
# race rule lost games that they win with it: 9 of 10 on seeds 1 and 2.)


# Per game, the ladder's budgets that differ from ``_RUNGS`` (iterations, softmax): Onyx's
# iterations cost about ten times Amoeba's, so its top levels search fewer (its time
# budgets are what those take on a desktop machine); Amoeba's are cheap, and its levels
# need steeper steps to stand apart (measured: 12 and 40 iterations played even). Onyx's
# connection knowledge makes even a small search play well: its levels 1-3 search with
# random playouts (``_GAME_LEVELS``), level 4 is a dozen iterations drawing loosely, and
# Medium the first that plays its search's own move. The levels between those two stood
# less than 100 points from one or the other (50 iterations at softmax 0.1: 150 of 240
# against 12 at 0.3, +88; 100 playing its search's move: 74 of 120, +82, and 400 only 26
# of 48 against 1000), so Medium is 800 and each level above doubles the budget (+146,
# +172 and +219 a doubling). Amoeba's level 4 at 300
# iterations (softmax 0.01) sat with level 5 (+68); at 150 (0.02) level 5 wins 53 of 60,
# and level 3 at 80 (0.04) beats level 2 48 of 60 and loses 42 of 60 to level 4. Onager's
# level 3 at 80 (0.06) played level 2 18 of 30; at 120 (0.03) it wins 45 of 60, and level 4
# at 250 (0.015) wins 40 of 60 against it and loses 40 of 60 to level 5.
_GAME_RUNGS: dict[str, dict[str, tuple[int, float]]] = {
    "onyx": {"1": (8, 0.25), "easy": (40, 0.15), "3": (150, 0.06), "4": (12, 0.3),
             "medium": (800, 0.0), "6": (1500, 0.0), "7": (3000, 0.0), "hard": (6000, 0.0)},
    "amoeba": {"1": (6, 0.4), "easy": (25, 0.15), "3": (80, 0.04), "4": (150, 0.02),
               "medium": (800, 0.0), "6": (2000, 0.0), "7": (5000, 0.0),
               "hard": (12000, 0.0)},
    "onager": {"3": (120, 0.03), "4": (250, 0.015)},
}
# Per game, the levels' fields that differ from ``_rung``'s. Level 2 searches with the
# game's full knowledge in Onager and Amoeba (measured: with the classic knowledge it
# played about as well as level 1, 16.5 and 20 of 30; now 28 and 21 of 30). Onyx: levels 2
# and 3 keep the classic knowledge (random playouts), which is what makes them weaker than
# level 4 (connection distances make even a few iterations play well: 4 and 6 iterations
# at softmax 1.0 and 0.5 played even with level 4, 24 and 20 of 40), and block a run
# ``WEAK_RACE_DISTANCE`` stones from connecting (a search with random playouts sees a run
# late: at 6 stones level 1 wins the line check 3 of 10). Levels 3 and 4 see a capture
# coming, level 2 only a big one (``BIG_CAPTURE_SWING``), and levels 2 and 3 play their
# search's move in a race.
WEAK_RACE_DISTANCE = 10
_ONYX_WEAK = dict(classic=True, race_rule=True, race_distance=WEAK_RACE_DISTANCE)
_GAME_LEVELS: dict[str, dict[str, dict[str, Any]]] = {
    "onyx": {"easy": dict(_ONYX_WEAK, guard=BIG_CAPTURE_SWING),
             "3": dict(_ONYX_WEAK, guard=CAPTURE_SWING),
             "4": dict(classic=False, guard=CAPTURE_SWING)},
    "onager": {"easy": dict(classic=False)},
    "amoeba": {"easy": dict(classic=False)},
}


def _floor(its: int, softmax: float) -> int:
    """A level's ``min_iterations``: none for a weak level (it keeps its ladder budget)."""
    return 0 if softmax > 0 else min(MIN_ITERATIONS, its)


def _rung(name: str) -> Level:
    its, secs, soft, classic = _RUNGS[name]
    number = LADDER.index(name) + 1
    params = SearchParams(seconds=secs, fallback_iterations=its, iterations=its,
                          min_iterations=_floor(its, soft))
    # Level 1 draws among every move its glance tried: with a dozen iterations hardly any
    # move has two visits, and without this it played its search's first choice (measured:
    # it then beat level 2 on Amoeba 8 games of 11).
    return Level(name, _DESCRIPTIONS[name], params, classic=classic, answers_threats=True,
                 number=number, softmax=soft, race_distance=RACE_DISTANCE,
                 min_visits=1 if number == 1 else 2)


_BASE: dict[str, Level] = {
    "random": Level("random", "plays a random legal move", None),
    **{name: _rung(name) for name in LADDER},
    "uct": Level("uct", "baseline: plain UCT with random playouts, Hard's time",
                 SearchParams(seconds=HARD_SECONDS, fallback_iterations=4000, solver=False,
                              knowledge=False), plain=True),
}

# Per-game adjustments of the search parameters (Onyx: RAVE won 5-0 against plain UCT
# selection with the same knowledge at 1 s per move).
_ONYX_RAVE = {"rave_k": 500.0, "exploration": 0.25}
# The levels with connection knowledge: the tree widening over its move order.
_ONYX = dict(_ONYX_RAVE, width0=6, widen=1.0)


def get_level(name: str, game_name: str | None = None) -> Level:
    """The level called ``name`` (adjusted for ``game_name``, and for a trial of it:
    ``try_levels``); ValueError if unknown."""
    lv = _BASE[level_name(name)]
    trial = _TRIALS.get((game_name or "", lv.name), {})
    budget = {k: trial[k] for k in ("iterations", "softmax") if k in trial}
    shape = {k: v for k, v in trial.items() if k not in budget}
    lv = replace(lv, **{**_GAME_LEVELS.get(game_name or "", {}).get(lv.name, {}), **shape})
    extra: dict[str, Any] = {}
    if game_name == "onyx" and lv.number:
        extra.update(_ONYX_RAVE if lv.classic else _ONYX)
    own = _GAME_RUNGS.get(game_name or "", {}).get(lv.name)
    if budget and lv.params is not None:
        base_its = own[0] if own is not None else lv.params.fallback_iterations
        own = (budget.get("iterations", base_its),
               budget.get("softmax", own[1] if own is not None else lv.softmax))
    if own is not None and lv.params is not None:
        its, soft = own
        extra["fallback_iterations"] = its
        if lv.params.iterations is not None:
            extra["iterations"] = its
        extra["min_iterations"] = _floor(its, soft)
        lv = replace(lv, softmax=soft)
    if extra and lv.params is not None:
        lv = replace(lv, params=replace(lv.params, **extra))
    return lv


# Trial versions of levels, for measuring a change on the ladder before it ships
# (``python -m game.ai.ladder GAME --try 8:iterations=6000``): {(game, level): changes},
# applied by ``get_level`` as the same values would be once shipped (the budget and the
# softmax as ``_GAME_RUNGS`` sets them, the other fields as ``_GAME_LEVELS``), so a trial
# and its values shipped later are one ``ladder.level_version``. Set only by that command,
# for its own process; empty everywhere else.
_TRIALS: dict[tuple[str, str], dict[str, Any]] = {}
# The fields a trial may change, and how their values are read.
TRIAL_FIELDS: dict[str, type] = {"iterations": int, "softmax": float, "guard": int,
                                 "race_distance": int, "race_rule": bool, "classic": bool,
                                 "min_visits": int}


def try_levels(game_name: str, changes: dict[str, dict[str, Any]]) -> None:
    """From now on, in this process, play ``game_name``'s levels with these changes
    ({level: {field: value}}, fields from ``TRIAL_FIELDS``); an empty dict ends every trial
    of the game. ValueError for a level off the ladder (random, uct) or an unknown field."""
    for key in [k for k in _TRIALS if k[0] == game_name]:
        del _TRIALS[key]
    for level, fields in changes.items():
        name = level_name(level)
        if name not in LADDER:
            raise ValueError(f"only the ladder's levels 1 to {len(LADDER)} can be tried, "
                             f"not {level!r}")
        unknown = sorted(set(fields) - set(TRIAL_FIELDS))
        if unknown:
            raise ValueError(f"a trial can change {', '.join(TRIAL_FIELDS)}; not "
                             f"{', '.join(unknown)}")
        _TRIALS[(game_name, name)] = dict(fields)


def parse_trial(text: str) -> tuple[str, dict[str, Any]]:
    """'8:iterations=6000,softmax=0' -> ("hard", {"iterations": 6000, "softmax": 0.0});
    ValueError with the reason when it is not one."""
    level, sep, rest = text.partition(":")
    if not sep or not rest.strip():
        raise ValueError(f"{text!r}: write LEVEL:FIELD=VALUE[,FIELD=VALUE], e.g. 8:iterations=6000")
    name = level_name(level)
    fields: dict[str, Any] = {}
    for part in rest.split(","):
        key, eq, value = (x.strip() for x in part.partition("="))
        kind = TRIAL_FIELDS.get(key)
        if not eq or kind is None:
            raise ValueError(f"{part.strip()!r}: a trial can change "
                             f"{', '.join(TRIAL_FIELDS)} (FIELD=VALUE)")
        if kind is bool:
            if value.lower() not in ("true", "false", "1", "0"):
                raise ValueError(f"{key} is true or false, not {value!r}")
            fields[key] = value.lower() in ("true", "1")
            continue
        try:
            number = kind(value)
        except ValueError:
            raise ValueError(f"{key} is a number, not {value!r}") from None
        if not math.isfinite(number) or number < 0 or (key == "iterations" and number < 1):
            raise ValueError(f"{key} cannot be {value}")
        fields[key] = number
    return name, fields


def searching_levels(game_name: str | None = None) -> tuple[str, ...]:
    """The ladder's levels that play their search's own move (not ``Level.weak``), lowest
    first: they keep a floor of iterations, scale their budget with the think time and keep
    their tree (Medium and up)."""
    return tuple(n for n in LADDER if not get_level(n, game_name).weak)


def knowledge_of(lv: Level, game: Game) -> Knowledge:
    if lv.plain:
        return plain_knowledge()
    if lv.classic:
        return classic_knowledge_for(game.name)
    return knowledge_for(game.name)


def _swap_move(game: Game) -> Move | None:
    swap = game.SWAP
    if swap is not None and swap in game.legal_moves():
        return swap
    return None


def _pie_first_move(game: Game) -> bool:
    """Black's very first move of an Onyx game played with the pie rule."""
    if game.name != "onyx" or not game.options().get("pie"):
        return False
    return game.start_ply + game.ply == 0


def move_iterations(lv: Level, seconds: float | None = None,
                    params: SearchParams | None = None) -> int | None:
    """The most iterations a move of ``lv`` searches: its ladder budget (``params``: the
    level's own by default). Given a think time other than the level's own (``seconds``:
    Settings, or a game clock's share), the levels that play their search's move scale
    the budget alike (twice the time, twice the iterations); the weak ones (``Level.weak``)
    keep theirs, and what they lose by is their move choice, not their time. None for the
    random mover."""
    params = params if params is not None else lv.params
    if params is None or params.iterations is None:
        return None
    its = params.iterations
    own = lv.params.seconds if lv.params is not None else None
    if seconds is None or not own or lv.weak:
        return its
    return max(1, round(its * max(0.001, float(seconds)) / own))


def clock_limited(level: Level, seconds: float | None, limit: Any) -> float | None:
    """The time budget of a move the player's clock limits: at most ``limit`` seconds in all
    (the game's share of the computer's time, ``game.clock.think_budget``), else the level's
    own (``seconds``, or the level's). A level that searches on past its budget up to the
    search's hard deadline (``min_iterations``: twice the budget, ``mcts.HARD_FACTOR``) gets
    half the limit, so that it too is done within it."""
    try:
        cap = max(0.001, float(limit))
    except (TypeError, ValueError):
        return seconds
    if cap != cap:                      # NaN: no limit
        return seconds
    params = level.params
    if params is None:                  # the random mover does not think
        return seconds
    if params.min_iterations > 0:
        cap /= HARD_FACTOR
    own = seconds if seconds is not None else params.seconds
    return cap if own is None else min(float(own), cap)


def analyse(game: Game, level_name: str, rng: random.Random | None = None,
            clock: Callable[[], float] | None = None, deadline: float | None = None,
            cancel: Any = None, params: SearchParams | None = None,
            iterations: int | None = None, seconds: float | None = None,
            tree: SearchTree | None = None) -> SearchResult:
    """Search with a level's budget and return the full result (move, value, visits).

    Used for hints and for answering offers. The random level gives a random move
    with no evaluation. ``iterations`` replaces the level's budget by that many
    iterations (tests, tools); ``seconds`` replaces its time budget (with a clock);
    ``tree`` keeps the search tree for the next call (see ``mcts.SearchTree``).
    """
    if game.result is not None:
        raise ValueError("the game is over: there is no move to choose")
    rng = rng if rng is not None else random.Random()
    lv = get_level(level_name, game.name)
    if lv.params is None:
        moves = game.legal_moves()
        return SearchResult(moves[int(rng.random() * len(moves))])
    params = params or lv.params
    if iterations is not None:
        params = replace(params, iterations=max(1, int(iterations)), seconds=None,
                         fallback_iterations=max(1, int(iterations)))
    elif seconds is not None:
        params = replace(params, seconds=max(0.001, float(seconds)),
                         iterations=move_iterations(lv, seconds, params))
    return search(game, knowledge_of(lv, game), params, rng, clock=clock,
                  deadline=deadline, cancel=cancel, tree=tree)


def choose_move(game: Game, level: str, rng: random.Random | None = None,
                deadline: float | None = None, cancel: Any = None,
                clock: Callable[[], float] | None = None, iterations: int | None = None,
                info: dict | None = None, seconds: float | None = None,
                tree: SearchTree | None = None) -> Move:
    """The level's move for the side to move in ``game`` (an internal, legal move).

    ``game`` is not changed. ``deadline`` is a time on ``clock``; ``cancel`` stops
    the search early (the best move found so far is returned); ``iterations``
    replaces the level's budget by a fixed number of iterations, ``seconds`` its
    time budget. ``tree`` (a ``SearchTree``, one per player) keeps the search tree
    from one move to the next: the next search starts from the subtree of the
    position reached. When ``info`` is a dict it receives the search's
    ``iterations``, ``value``, ``proven`` and ``reused`` (visits kept from before).
    """
    if game.result is not None:
        raise ValueError("the game is over: there is no move to choose")
    rng = rng if rng is not None else random.Random()
    lv = get_level(level, game.name)
    if lv.params is None:
        moves = game.legal_moves()
        return moves[int(rng.random() * len(moves))]
    if isinstance(game, Onyx) and not lv.plain:
        from .onyx_eval import pie_opening, strong_opening
        swap = _swap_move(game)
        if swap is not None:
            # White answers Black's first stone: take it when it is strong.
            first = game.moves_played()[-1] if game.moves_played() else None
            if first is not None and first != swap and strong_opening(game, first):
                return swap
        elif _pie_first_move(game):
            return pie_opening(game, rng)
    stoppers = None
    if lv.answers_threats:
        stoppers = threat_stoppers(game)
        if stoppers is None and lv.race_distance and isinstance(game, Onyx):
            stoppers = threat_stoppers(game, lv.race_distance, race=True)
    # In a race a level with the race rule plays its search's move (and runs home when well ahead):
    # a second-best move there loses the race outright rather than a little value.
    racing = _racing(game, lv)
    res = analyse(game, level, rng, clock=clock, deadline=deadline, cancel=cancel,
                  iterations=iterations, seconds=seconds, tree=tree)
    move = res.move
    if lv.softmax > 0 and res.proven == 0 and not racing:
        move = softmax_pick(game, res, lv.softmax, rng, stoppers, lv.min_visits)
    if racing and isinstance(game, Onyx) and lv.softmax > 0 and res.proven != 1:
        move = _run_home(game, move, rng)
    if stoppers and move not in stoppers and res.proven != 1:
        # The search's pick lets the opponent win at once or connect in two: take instead
        # the stopping move the search liked best (most visits, then value).
        move = max(stoppers, key=lambda m: (res.visits.get(m, 0), res.values.get(m, 0.0),
                                            rng.random()))
    if isinstance(game, Onyx) and lv.guard and res.proven != 1:
        move = _guard_captures(game, move, res, stoppers, lv.guard)
    if info is not None:
        info.update(iterations=res.iterations, value=round(res.value, 3), proven=res.proven)
        if stoppers is not None:
            info["threat"] = True
            info["answered"] = move != res.move
        if tree is not None:
            info["reused"] = tree.reused
    return move


# A softmax candidate needs at least this share of the most visited move's visits (and
# two visits, ``Level.min_visits``): a move the search hardly looked at has no value worth
# the name.
SOFTMAX_SHARE = 0.05


def softmax_pick(game: Game, res: SearchResult, temperature: float, rng: random.Random,
                 allowed: list[Move] | None = None, min_visits: int = 2) -> Move:
    """A weak level's move: drawn among the search's well-visited moves with weight
    exp((value - best) / temperature) (values for the side to move), so a plausible
    second-best move is often played and a bad one hardly ever. Moves that let the
    opponent win at once are left out, and when ``allowed`` is given (the moves that
    stop a threat) only those are drawn. Falls back on the search's own move."""
    if not res.visits:
        return res.move
    most = max(res.visits.values())
    need = max(min_visits, SOFTMAX_SHARE * most)
    pool = [m for m, n in res.visits.items() if n >= need and m in res.values]
    if allowed:
        allowed_set = set(allowed)
        pool = [m for m in pool if m in allowed_set]
    if len(pool) < 2:
        return res.move
    pool.sort(key=lambda m: -res.values[m])
    if isinstance(game, Onyx):
        pool = _keeping_the_race(game, pool, res.move)
        if len(pool) < 2:
            return res.move
    k = knowledge_for(game.name)
    g = game.copy()
    safe = []
    for m in pool:
        g.play(m)
        over = g.result
        if over is not None:            # it ends the game: lost at once unless it wins or draws
            loses = over.winner is not None and over.winner != game.to_move
        else:
            loses = k.win_now(g) is not None and g.to_move != game.to_move
        g.undo()
        if not loses:
            safe.append(m)
    if not safe:
        return res.move
    top = res.values[safe[0]]
    weights = [math.exp((res.values[m] - top) / temperature) for m in safe]
    return rng.choices(safe, weights=weights)[0]


def _racing(game: Game, lv: Level) -> bool:
    """Onyx: a side is within the level's race distance of connecting."""
    if not isinstance(game, Onyx) or not lv.race_distance or not lv.race_rule:
        return False
    from .onyx_eval import distances
    return min(distances(game)) <= lv.race_distance


def _run_home(game: Onyx, move: Move, rng: random.Random) -> Move:
    """Onyx, a weak level well ahead in the race (within the race distance of connecting
    and three stones nearer than the opponent): when its move does not bring it nearer,
    it runs instead (the greedy runner's move). A small search values every move of a
    won race near 1 and can wander while the opponent cuts and captures its way back."""
    from .onyx_eval import distances
    from .runners import greedy_move
    me = 0 if game.to_move == Color.BLACK else 1
    d = distances(game)
    if d[me] > RACE_DISTANCE or d[1 - me] - d[me] < 3:
        return move
    g = game.copy()
    g.play(move)
    if g.result is not None or distances(g)[me] < d[me]:
        return move
    g.undo()
    run = greedy_move(g, rng)
    g.play(run)
    return run if g.result is not None or distances(g)[me] < d[me] else move


def _guard_captures(game: Onyx, move: Move, res: SearchResult, allowed: list[Move] | None,
                    swing: int) -> Move:
    """Onyx, the levels with a ``guard``: when ``move`` leaves the opponent a capture that swings
    the race by ``swing`` or more, the move among the search's candidates and the points that
    take the capture away (those of ``allowed`` only, when given: the moves that stop a
    threat) whose worst reply leaves the race best. A small search does not see a capture
    coming; a beginner who knows the rule does."""
    from .onyx_eval import capture_points
    me = 0 if game.to_move == Color.BLACK else 1
    opp_stone = 2 - me                       # the opponent's stone value (Black 1, White 2)
    g = game.copy()

    def outlook(m: Move) -> tuple[int, int]:
        """(the race after m's worst capture reply, the race after m)."""
        g.play(m)
        if g.result is not None:
            g.undo()
            return 10**6, 10**6
        after = worst = _race(g, me)
        for c in capture_points(g, opp_stone):
            g.play(c)
            worst = min(worst, -10**6 if g.result is not None else _race(g, me))
            g.undo()
        g.undo()
        return worst, after

    worst, after = outlook(move)
    if after - worst < swing:
        return move
    legal = set(game.legal_moves())
    g.play(move)
    takers = [p for p in capture_points(g, opp_stone) if p in legal]   # our stone there: no capture
    g.undo()
    most = max(res.visits.values(), default=0)
    visited = [m for m, n in res.visits.items() if n >= max(2, SOFTMAX_SHARE * most)]
    cands = dict.fromkeys([*visited, *takers, *(allowed or ())])
    if allowed:
        cands = dict.fromkeys(m for m in cands if m in allowed)
    best, best_key = move, (worst, after)
    for m in cands:
        key = outlook(m)
        if key > best_key:
            best, best_key = m, key
    return best


def _race(game: Onyx, me: int) -> int:
    """Onyx: the race for side ``me`` (0 Black, 1 White): the opponent's connection distance
    less its own."""
    from .onyx_eval import distances
    d = distances(game)
    return d[1 - me] - d[me]


def _keeping_the_race(game: Onyx, pool: list[Move], best: Move) -> list[Move]:
    """Onyx: the moves of ``pool`` that leave the connection race (the opponent's
    distance less ours) no worse than the search's own move does. A weak level's slip is
    a plausible second-best move, never a lost tempo in the race: a greedy runner that
    gains one stone at a time beats a level that gives tempi away."""
    me = 0 if game.to_move == Color.BLACK else 1
    g = game.copy()

    def balance(m: Move) -> int:
        g.play(m)
        race = _race(g, me)
        g.undo()
        return race

    floor = balance(best)
    return [m for m in pool if m == best or balance(m) >= floor]


# The check before the search (``threat_stoppers``): Onyx, the opponent's connection
# distance (empty points it still has to fill, captures counted) at which Easy blocks.
THREAT_DISTANCE = 3


def threat_stoppers(game: Game, distance: int | None = None,
                    race: bool = False) -> list[Move] | None:
    """The moves that stop the opponent's immediate threat, or None when there is no
    threat (or no move stops it). Easy plays one of them (``Level.answers_threats``).

    * Onyx: the opponent needs at most ``THREAT_DISTANCE`` more stones to connect
      (``onyx_eval.plain_paths``, captures counted). The candidates are the empty points
      on its shortest paths, our captures and the points where it would capture; each is
      played and the opponent's distance measured again. The stoppers are the moves that
      leave it the longest distance (all those leaving more than ``THREAT_DISTANCE``), if
      that is longer than now; when no move lengthens it (a double threat), the blocks
      that leave it the worst two-distance potential and fewest ways through, if worse
      than now (it may still connect, but not unopposed). ``distance`` replaces
      ``THREAT_DISTANCE``; with ``race`` the run counts as a threat only when we are not
      nearer to connecting ourselves (the levels block a long run early this way:
      ``Level.race_distance``).
    * Amoeba, Onager: the opponent wins with its next move (``Knowledge.win_now``: a
      Kernel capture; Onager's back-row majority that no reply undoes) after some of our
      moves: the stoppers are the moves after which it cannot (a move that ends the game
      in our favour or a draw included). When every move lets it win, the moves that do
      not lose on the spot (Onager: a majority left standing at its turn), if some do.
    """
    if game.result is not None or game.in_setup:
        return None
    if isinstance(game, Onyx):
        return _onyx_stoppers(game, THREAT_DISTANCE if distance is None else distance, race)
    return _win_in_one_stoppers(game)


def _onyx_stoppers(game: Onyx, limit: int, race: bool) -> list[Move] | None:
    from .onyx_eval import INF, capture_points, path_distance, plain_paths, potential
    me = int(game.to_move) + 1
    opp = 3 - me
    d, on, _cuts = plain_paths(game, opp)
    if d <= 0 or d > limit:
        return None
    if race and path_distance(game, me) < d:
        return None
    legal = set(game.legal_moves())
    if game.SWAP is not None:
        legal.discard(game.SWAP)
    cands = dict.fromkeys(on)
    cands.update(dict.fromkeys(capture_points(game, me)))
    cands.update(dict.fromkeys(capture_points(game, opp)))
    g = game.copy()
    after: dict[Move, int] = {}
    for p in cands:
        if p not in legal:
            continue
        g.play(p)
        res = g.result
        if res is not None:
            after[p] = INF if res.winner is None or int(res.winner) + 1 == me else -1
        else:
            after[p] = path_distance(g, opp)
        g.undo()
    if not after:
        return None
    best = max(after.values())
    if best > d:
        need = min(best, limit + 1)
        return [p for p, x in after.items() if x >= need]
    # No stone lengthens the path (two ways round every block, as along a column crossed
    # by diagonals): the blocks that leave the opponent the worst two-distance potential
    # (fewest ways through at that potential), when that is worse than now.
    pot0, mob0 = potential(game, opp)[:2]
    scored: dict[Move, tuple[int, int]] = {}
    for p, x in after.items():
        if x != d:
            continue
        g.play(p)
        pot, mob = potential(g, opp)[:2]
        g.undo()
        scored[p] = (pot, -mob)
    if not scored:
        return None
    top = max(scored.values())
    if top <= (pot0, -mob0):
        return None
    return [p for p, x in scored.items() if x == top]


def _win_in_one_stoppers(game: Game) -> list[Move] | None:
    k = knowledge_for(game.name)
    g = game.copy()
    me = g.to_move
    moves = k.search_moves(g)
    if len(moves) < 2:
        return None
    safe: list[Move] = []       # the opponent cannot win at once after them
    alive: list[Move] = []      # they do not lose at once themselves (Onager: a majority left standing)
    for m in moves:
        g.play(m)
        res = g.result
        if res is not None:
            ok = lives = res.winner is None or res.winner == me
        else:
            lives = True
            ok = k.win_now(g) is None
        g.undo()
        if ok:
            safe.append(m)
        if lives:
            alive.append(m)
    if safe and len(safe) < len(moves):
        return safe
    if not safe and alive and len(alive) < len(moves):
        # every move lets the opponent win, but some lose only if it sees how: never one that
        # loses on the spot (a beginner still holds on)
        return alive
    return None


def hint(game: Game, rng: random.Random | None = None, clock: Callable[[], float] | None = None,
         cancel: Any = None) -> Move:
    """A suggested move for the side to move, with the Medium budget."""
    return choose_move(game, "medium", rng, cancel=cancel, clock=clock)


def answer_offer(game: Game, rng: random.Random | None = None,
                 clock: Callable[[], float] | None = None, cancel: Any = None,
                 level_name: str = "medium", computer: Color | None = None,
                 iterations: int | None = None) -> bool:
    """Whether the computer accepts its opponent's offer to end the game now.

    ``computer`` is the computer's colour; by default the side NOT to move (the
    specs let the player to move make the offer).
    Amoeba: the game would end by stack count. Accept when the count makes the
    computer the winner; when it is a draw, accept unless the search says the
    computer is winning by playing on; decline when it would lose the count.
    Onager: a draw; accept when the search says the computer is not winning.
    Onyx has no ending by agreement in its rules: the computer declines.
    """
    if game.result is not None or game.name not in ("amoeba", "onager"):
        return False
    me = game.to_move.other if computer is None else Color(computer)
    if game.name == "amoeba":
        outcome = game.copy().end_by_agreement()
        if outcome.winner is not None:
            return outcome.winner == me
    res = analyse(game, level_name, rng, clock=clock, cancel=cancel, iterations=iterations)
    # res.value / res.proven are for the side to move.
    if res.proven:
        mover_value = 1.0 if res.proven == 1 else 0.0
    else:
        mover_value = res.value
    mine = mover_value if me == game.to_move else 1.0 - mover_value
    return mine <= ACCEPT_AT_MOST


# accept an ending when our chance by playing on is at most this: below even, so an even game
# is played on (at 0.55 a strong level took a draw offered at move 6 of an even game: any
# player could end a game against it early)
ACCEPT_AT_MOST = 0.45


__all__ = ["LEVEL_NAMES", "PLAYING_LEVELS", "LADDER", "LEVEL_NUMBERS", "ALL_LEVELS", "level_name",
           "level_number", "softmax_pick", "RACE_DISTANCE", "Level", "get_level", "think_seconds",
           "THINK_DEFAULTS", "THINK_RANGE", "analyse", "choose_move", "hint",
           "answer_offer", "threat_stoppers", "THREAT_DISTANCE", "Color", "SearchTree"]
