"""Medium and Hard think at least MIN_ITERATIONS iterations, however slow the clock runs,
and still stop at once when cancelled."""
from __future__ import annotations

import random

from game.ai.levels import MIN_ITERATIONS, choose_move, get_level
from game.rules import make_game


class SlowClock:
    """A clock on which every reading takes a second: the deadline passes at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_a_slow_machine_still_gets_the_minimum_search():
    assert MIN_ITERATIONS == get_level("medium").params.min_iterations == \
        get_level("hard").params.min_iterations
    for name in ("amoeba", "onyx", "onager"):
        game = make_game(name, **({"size": 12} if name == "onyx" else {}))
        if name == "onager":
            for lake in ("d9", "g5", "i6"):
                game.push(lake)
        for level in ("medium", "hard"):
            info: dict = {}
            move = choose_move(game, level, random.Random(1), clock=SlowClock(), info=info)
            assert move in game.legal_moves()
            assert MIN_ITERATIONS <= info["iterations"] <= MIN_ITERATIONS + 12, (name, level)
    # Easy keeps no floor: on the same clock it stops at the first look.
    info = {}
    choose_move(make_game("amoeba"), "easy", random.Random(1), clock=SlowClock(), info=info)
    assert info["iterations"] < MIN_ITERATIONS


def test_cancel_still_stops_at_once():
    game = make_game("amoeba")
    looks = [0]

    def cancel() -> bool:
        looks[0] += 1
        return looks[0] > 2

    info: dict = {}
    move = choose_move(game, "hard", random.Random(2), clock=SlowClock(), cancel=cancel, info=info)
    assert move in game.legal_moves() and info["iterations"] <= 12
