"""Puzzle Rush: the round's rules on a stepped clock (the pure model), and the scene driven
headless with synthetic events (moves typed in the move box, Enter, Escape)."""
from __future__ import annotations

import datetime as dt

import pytest

from game.puzzles.bank import BankPuzzle
from game.puzzles.rush import RULES, End, Event, Rules, Rush


def bank(n: int = 80) -> tuple[BankPuzzle, ...]:
    return tuple(BankPuzzle(f"onyx-m{i:04d}", "onyx", {}, (), ("a1",), 600 + 25 * i, ("capture",))
                 for i in range(n))


def run(rush: Rush, seconds: float, dt_: float = 0.25) -> list[Event]:
    out: list[Event] = []
    t = 0.0
    while t < seconds - 1e-9 and not rush.over:
        out += rush.tick(dt_)
        t += dt_
    return out


# ---------------------------------------------------------------- the model
def test_puzzles_go_from_easy_to_hard():
    r = Rush(bank(), seed=4)
    ratings = [p.rating for p in r.queue]
    assert ratings == sorted(ratings) and len(ratings) == RULES.queue
    assert Rush(bank(), seed=4).queue == r.queue
    assert Rush(bank(), seed=5).queue != r.queue


def test_three_minutes_then_time_is_up():
    r = Rush(bank())
    assert r.time_left == 180
    events = run(r, 179.0)
    assert not r.over and r.time_left == pytest.approx(1.0)
    assert events.count(Event.HURRY) == 10          # as the clock shows 10, 9, ... 1
    events = run(r, 5.0)
    assert r.over and r.end is End.TIME and events[-1] is Event.OVER
    assert Event.HURRY not in events
    assert r.tick(1.0) == [] and r.right() == [] and r.wrong() == []


def test_three_strikes_and_out():
    r = Rush(bank())
    first = r.current
    assert r.wrong() == [Event.WRONG] and r.strikes == 1 and r.current is not first
    assert r.wrong() == [Event.WRONG]
    assert r.wrong() == [Event.WRONG, Event.OVER]
    assert r.end is End.STRIKES and r.current is None
    assert len(r.missed) == 3 and r.missed[0] is first


def test_a_streak_fills_the_meter_and_adds_seconds():
    r = Rush(bank())
    run(r, 30.0)
    assert r.time_left == pytest.approx(150.0)
    events = []
    for i in range(RULES.bonus_every - 1):
        events += r.right()
        assert r.meter == pytest.approx((i + 1) / RULES.bonus_every)
    assert Event.BONUS not in events and r.level == 0
    assert r.right() == [Event.RIGHT, Event.BONUS]
    assert r.time_left == pytest.approx(150.0 + RULES.bonus_seconds)
    assert r.level == 1 and r.meter == 0 and r.multiplier == 2
    assert r.score == RULES.bonus_every * RULES.points


def test_a_wrong_move_breaks_the_streak_and_the_combo():
    r = Rush(bank())
    for _ in range(7):
        r.right()
    assert r.streak == 7 and r.level == 1
    score = r.score
    r.wrong()
    assert r.streak == 0 and r.level == 0 and r.best_streak == 7
    r.right()
    assert r.score == score + RULES.points


def test_points_grow_with_the_combo_up_to_a_ceiling():
    rules = Rules(bonus_every=2, max_level=2)
    r = Rush(bank(), rules=rules)
    gains = []
    for _ in range(8):
        before = r.score
        r.right()
        gains.append(r.score - before)
    assert gains == [100, 100, 200, 200, 300, 300, 300, 300]


def test_the_last_puzzle_ends_the_round():
    r = Rush(bank(3))
    assert len(r.queue) == 3
    r.right()
    r.wrong()
    assert r.right() == [Event.RIGHT, Event.OVER]
    assert r.end is End.PUZZLES
    assert Rush(()).over


def test_result_and_quit():
    r = Rush(bank())
    r.right()
    r.right()
    r.wrong()
    assert r.quit() == [Event.OVER] and r.end is End.QUIT
    res = r.result()
    assert (res.score, res.solved, res.best_streak, res.strikes, res.end) == (200, 2, 2, 1, End.QUIT)


def test_a_round_on_a_stepped_clock_saves_a_personal_best(tmp_path):
    from game.puzzles.store import PuzzleStore, load_store, save_store
    path = tmp_path / "puzzles.json"
    store = PuzzleStore()
    r = Rush(bank(), seed=1)
    for _ in range(5):           # a streak of five: ten seconds more
        run(r, 3.0)
        r.right()
    assert r.time_left == pytest.approx(180 - 15 + RULES.bonus_seconds)
    r.wrong()
    run(r, 400.0)
    assert r.end is End.TIME
    day = dt.date(2026, 12, 5)
    assert store.of("onyx").add_round(r.result(), day) == 0
    assert save_store(store, path) is None
    back = load_store(path)[0].of("onyx")
    assert back.best_score == 500 and back.bests[0].streak == 5 and back.bests[0].day == "2026-12-05"
