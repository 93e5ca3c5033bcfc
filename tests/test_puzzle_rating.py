"""Rated puzzles: Glicko-2 through the library, the store (round trip, a damaged file kept),
the next puzzle near the rating and of a tag, the daily puzzle."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from game.puzzles.bank import BankPuzzle
from game.puzzles.daily import daily_puzzle
from game.puzzles.rating import START, Rating, choose_next, rate
from game.puzzles.rush import End, Result
from game.puzzles.store import GameStats, PuzzleStore, load_store, save_store, store_path


def bank(n: int = 40, game: str = "onyx", step: int = 50) -> tuple[BankPuzzle, ...]:
    tags = ("capture", "double-threat", "edge-template", "midpoint")
    return tuple(BankPuzzle(f"{game}-m{i:04d}", game, {}, (), ("a1",), 800 + step * i, (tags[i % 4],))
                 for i in range(n))


# ---------------------------------------------------------------- ratings
def test_a_win_raises_a_loss_lowers_and_the_deviation_shrinks():
    won = rate(START, 1500, True)
    lost = rate(START, 1500, False)
    assert won.rating > START.rating > lost.rating
    assert won.rd < START.rd and lost.rd < START.rd
    assert won.played == lost.played == 1


def test_the_library_does_the_arithmetic():
    import glicko2
    p = glicko2.Player(rating=1400, rd=200, vol=0.06)
    p.update_player([1700], [80.0], [1])
    r = rate(Rating(1400, 200, 0.06), 1700, True)
    assert (r.rating, r.rd, r.vol) == pytest.approx((p.rating, p.rd, p.vol))


def test_beating_a_hard_puzzle_gains_more_than_an_easy_one():
    r = Rating(1500, 120, 0.06, 20)
    assert rate(r, 1900, True).rating - r.rating > rate(r, 1100, True).rating - r.rating
    assert r.rating - rate(r, 1100, False).rating > r.rating - rate(r, 1900, False).rating


def test_deviation_keeps_shrinking_over_many_puzzles():
    r = START
    rds = []
    for i in range(20):
        r = rate(r, 1500 + (i % 3) * 100, i % 2 == 0)
        rds.append(r.rd)
    assert rds[-1] < rds[0] < START.rd
    assert not r.provisional and START.provisional


# ---------------------------------------------------------------- the next puzzle
def test_next_puzzle_is_near_the_rating():
    b = bank()
    for rating in (800, 1300, 2000, 2750):
        p = choose_next(b, rating, seed=3)
        assert p is not None
        assert abs(p.rating - rating) <= 150


def test_next_puzzle_is_not_one_tried_recently():
    b = bank()
    recent = [p.id for p in b if abs(p.rating - 1500) <= 200]
    p = choose_next(b, 1500, recent, seed=1)
    assert p is not None and p.id not in recent
    assert abs(p.rating - 1500) <= 400


def test_every_puzzle_tried_gives_the_one_tried_longest_ago():
    b = bank(5)
    recent = [b[3].id, b[0].id, b[1].id, b[2].id, b[4].id]
    assert choose_next(b, 1000, recent).id == b[3].id


def test_tag_filter():
    b = bank()
    for tag in ("capture", "midpoint"):
        for seed in range(5):
            p = choose_next(b, 1500, tag=tag, seed=seed)
            assert p is not None and tag in p.tags
    assert choose_next(b, 1500, tag="kernel-hunt") is None


def test_choice_is_deterministic_for_a_seed():
    b = bank()
    assert choose_next(b, 1500, seed=7) == choose_next(b, 1500, seed=7)
    assert len({choose_next(b, 1500, seed=s).id for s in range(30)}) > 1


# ---------------------------------------------------------------- daily
def test_daily_puzzle_is_the_same_for_a_date_and_changes_with_it():
    b = bank(100)
    day = dt.date(2026, 12, 5)
    assert daily_puzzle(b, day) == daily_puzzle(tuple(reversed(b)), day)
    days = {daily_puzzle(b, day + dt.timedelta(days=i)).id for i in range(30)}
    assert len(days) > 10
    ratings = sorted(p.rating for p in b)
    for i in range(30):
        p = daily_puzzle(b, day + dt.timedelta(days=i))
        assert ratings[20] <= p.rating <= ratings[80]
    assert daily_puzzle((), day) is None


def test_daily_puzzle_is_fixed_across_runs():
    """The choice hashes the date (SHA-256), not Python's salted ``hash``: the same answer in
    every run and on every machine."""
    b = bank(100)
    assert daily_puzzle(b, dt.date(2026, 1, 1)).id == "onyx-m0036"
    assert daily_puzzle(b, dt.date(2026, 12, 25)).id == "onyx-m0045"


# ---------------------------------------------------------------- the store
def test_store_round_trip(tmp_path):
    path = tmp_path / "puzzles.json"
    store = PuzzleStore()
    s = store.of("onyx")
    before = s.rating
    after = rate(before, 1600, True)
    s.tried("onyx-m0001", True, before, after)
    s.mark_daily(dt.date(2026, 12, 5), True)
    place = s.add_round(Result(900, 8, 5, 3, End.STRIKES), dt.date(2026, 12, 5))
    assert place == 0
    store.of("amoeba").add_round(Result(100, 1, 1, 3, End.TIME), dt.date(2026, 12, 4))
    assert save_store(store, path) is None
    back, problem = load_store(path)
    assert problem is None
    assert back.to_json() == store.to_json()
    o = back.of("onyx")
    assert o.rating.rating == pytest.approx(after.rating, abs=1e-3)
    assert o.recent == ["onyx-m0001"] and o.daily == {"2026-12-05": True}
    assert o.bests[0].score == 900 and o.rounds == 1


def test_store_lives_in_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("ABSTRACT_TRIO_HOME", str(tmp_path))
    assert store_path() == tmp_path / "puzzles.json"
    store = PuzzleStore()
    store.of("onager").rounds = 4
    assert save_store(store) is None
    assert load_store()[0].of("onager").rounds == 4


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"version": 99}', "\x00\x01"])
def test_a_damaged_store_is_kept_aside_with_a_message(tmp_path, text):
    path = tmp_path / "puzzles.json"
    path.write_text(text, encoding="utf-8")
    store, problem = load_store(path)
    assert problem and "puzzles.corrupt-1.json" in problem
    assert store.to_json() == PuzzleStore().to_json()
    assert (tmp_path / "puzzles.corrupt-1.json").read_text(encoding="utf-8") == text
    assert not path.exists()


def test_bad_values_are_left_out_one_by_one(tmp_path):
    path = tmp_path / "puzzles.json"
    data = {"version": 1, "games": {"onyx": {
        "rating": {"rating": "high", "rd": 80, "vol": 0.06, "played": 1},
        "recent": ["a", 5, ""], "history": [["a", True, 1500, 1510], ["b", "yes", 1, 2]],
        "daily": {"2026-12-05": True, "tomorrow": True},
        "rush": {"rounds": -3, "bests": [{"score": 5, "solved": 1, "streak": 1, "strikes": 0, "day": "2026-12-05"},
                                         {"score": "many"}]}}}}
    path.write_text(json.dumps(data), encoding="utf-8")
    store, problem = load_store(path)
    assert problem is None
    s = store.of("onyx")
    assert s.rating == START and s.recent == ["a"] and len(s.history) == 1
    assert s.daily == {"2026-12-05": True} and s.rounds == 0 and [b.score for b in s.bests] == [5]


def test_personal_bests_table_keeps_the_best_ten():
    s = GameStats()
    day = dt.date(2026, 12, 5)
    places = [s.add_round(Result(score, score // 100, 1, 3, End.TIME), day) for score in range(100, 1300, 100)]
    assert places[-1] == 0 and s.rounds == 12
    assert [b.score for b in s.bests] == list(range(1200, 200, -100))
    assert s.add_round(Result(50, 0, 0, 3, End.STRIKES), day) is None
    assert s.add_round(Result(650, 6, 2, 3, End.TIME), day) == 6


def test_a_round_that_solved_nothing_is_counted_but_is_no_best():
    s = GameStats()
    assert s.add_round(Result(0, 0, 0, 0, End.TIME), dt.date(2026, 12, 5)) is None
    assert s.rounds == 1 and s.bests == [] and s.best_score == 0


def test_recent_list_is_bounded_and_moves_a_retried_puzzle_last():
    s = GameStats()
    r = START
    for i in range(70):
        s.tried(f"p{i}", True, r, r)
    assert len(s.recent) == 60 and s.recent[-1] == "p69"
    s.tried("p30", False, r, r)
    assert s.recent[-1] == "p30" and s.recent.count("p30") == 1
