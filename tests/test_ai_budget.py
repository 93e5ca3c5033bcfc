"""Every level stops at its ladder budget of iterations on a fast machine (Medium and Hard: more
with a longer think time, in proportion), and pondering adds at most one move's budget. Medium
and Hard think at least MIN_ITERATIONS iterations when the machine is slow, but only
within twice their budget (the search's hard deadline), and still stop at once when cancelled.
(More in tests/test_engine_control.py: clocks that move with the work done.)"""
from __future__ import annotations

import random

from game.ai.levels import MIN_ITERATIONS, choose_move, get_level, searching_levels
from game.ai.mcts import HARD_FACTOR
from game.rules import make_game


class SlowClock:
    """A clock on which every reading takes ``step`` seconds (default a second: the deadline
    passes at once)."""

    def __init__(self, step: float = 1.0) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_slow_machine_gets_the_minimum_search_within_twice_the_budget():
    assert MIN_ITERATIONS == get_level("medium").params.min_iterations == \
        get_level("hard").params.min_iterations
    for name in ("amoeba", "onyx", "onager"):
        game = make_game(name, **({"size": 12} if name == "onyx" else {}))
        if name == "onager":
            for lake in ("d9", "g5", "i6"):
                game.push(lake)
        for level in strong_levels(name):
            budget = get_level(level, name).params.seconds
            # the floor's readings (one per 4 iterations) take 1.5 budgets: past the budget,
            # within the hard deadline
            clock = SlowClock(1.5 * budget * 4 / MIN_ITERATIONS)
            info: dict = {}
            move = choose_move(game, level, random.Random(1), clock=clock, info=info)
            assert move in game.legal_moves()
            assert MIN_ITERATIONS <= info["iterations"] <= MIN_ITERATIONS + 12, (name, level)
            assert clock.now <= HARD_FACTOR * budget + 2 * clock.step
            # a second a reading: the hard deadline ends the search long before the floor
            info = {}
            clock = SlowClock()
            move = choose_move(game, level, random.Random(1), clock=clock, info=info)
            assert move in game.legal_moves() and info["iterations"] < MIN_ITERATIONS
    # Easy keeps no floor: on the same clock it stops at the first look; so does Onyx's
    # level 4, a weak level.
    for name, level in (("amoeba", "easy"), ("onyx", "4")):
        info = {}
        choose_move(make_game(name), level, random.Random(1), clock=SlowClock(), info=info)
        assert info["iterations"] < MIN_ITERATIONS


def strong_levels(game_name: str) -> tuple[str, str]:
    """The lowest level that is not weak (it keeps a floor of iterations and scales its
    budget with the think time: Medium, in Onyx level 6) and Hard."""
    return searching_levels(game_name)[0], "hard"


def test_cancel_still_stops_at_once():
    game = make_game("amoeba")
    looks = [0]

    def cancel() -> bool:
        looks[0] += 1
        return looks[0] > 2

    info: dict = {}
    move = choose_move(game, "hard", random.Random(2), clock=SlowClock(), cancel=cancel, info=info)
    assert move in game.legal_moves() and info["iterations"] <= 12


def test_every_level_plays_its_ladder_budget_on_a_fast_machine():
    # The ladder measured each level at its budget of iterations, and New game shows that
    # rating; with time to spare (a clock that hardly moves) a level stops at the budget. The
    # strong levels once searched on to the end of their seconds: 5-20 times their budget.
    from game.ai.ladder import ladder_iterations
    from game.ai.levels import LADDER, move_iterations
    for name in ("amoeba", "onyx", "onager"):
        for level in LADDER:
            assert move_iterations(get_level(level, name)) == ladder_iterations(level, name), (name, level)
    fast = SlowClock(1e-6)
    game = make_game("onyx")
    for text in ("f6", "h12", "f8"):
        game.push(text)
    info: dict = {}
    choose_move(game, "medium", random.Random(2), clock=fast, info=info)
    assert info["iterations"] == ladder_iterations("medium", "onyx")


def test_a_longer_think_time_scales_the_budget_of_medium_and_hard_only():
    from game.ai.levels import THINK_DEFAULTS, move_iterations
    for level in ("medium", "hard"):
        lv = get_level(level, "onager")
        own = THINK_DEFAULTS[level]
        assert move_iterations(lv, 2 * own) == 2 * move_iterations(lv)
        assert move_iterations(lv, own / 4) == round(move_iterations(lv) / 4)
    easy = get_level("easy", "onager")
    assert move_iterations(easy, 4 * THINK_DEFAULTS["easy"]) == move_iterations(easy)   # it loses by its choice
    game = make_game("onyx")
    game.push("f6")
    info: dict = {}
    choose_move(game, "hard", random.Random(3), clock=SlowClock(1e-6), info=info,
                seconds=THINK_DEFAULTS["hard"] / 4)
    assert info["iterations"] == round(move_iterations(get_level("hard", "onyx")) / 4)
    info = {}
    choose_move(game, "medium", random.Random(3), clock=SlowClock(1e-6), info=info,
                seconds=2 * THINK_DEFAULTS["medium"])
    assert info["iterations"] == 2 * move_iterations(get_level("medium", "onyx"))
    # Onyx's level 4 is a weak level: a longer think time leaves it its budget.
    four = get_level("4", "onyx")
    assert four.weak
    info = {}
    choose_move(game, "4", random.Random(3), clock=SlowClock(1e-6), info=info,
                seconds=4 * four.params.seconds)
    assert info["iterations"] == move_iterations(four)


def test_pondering_thinks_at_most_one_moves_budget():
    from game.ai.levels import move_iterations
    from game.ai.worker import MOVE, EngineReply, ponder
    payload = {"kind": MOVE, "game": "onyx", "options": {}, "moves": ["f6"], "setup": None,
               "level": "6", "seed": 1, "seconds": None}
    reply = EngineReply("r", MOVE, True, move="h12")
    done = ponder(payload, reply, lambda: False, clock=SlowClock(1e-6), seconds=20.0)
    assert done == move_iterations(get_level("6", "onyx"))
