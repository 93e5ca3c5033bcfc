"""python -m game.bench levels: a move's cost at each level, against its think time (figures
are printed, never judged; budgets shrunk here so that the test stays quick)."""
from __future__ import annotations

import json

import pytest

from game import bench, bench_levels
from game.ai import ladder


def test_every_level_of_a_game_is_timed(capsys, monkeypatch):
    monkeypatch.setattr(ladder, "ladder_iterations", lambda level, game: 3)
    assert bench.main(["levels", "--game", "onyx", "--runs", "1", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    rows = res["onyx"]
    assert list(res) == ["onyx"] and [r["level"] for r in rows] == list(range(1, 9))
    assert [r["name"] for r in rows][1::3] == ["easy", "medium", "hard"]
    for r in rows:
        assert r["iterations"] == 3 and r["seconds_per_move"] >= 0 and r["think_seconds"] > 0
        assert r["fits"] == (r["seconds_per_move"] <= r["think_seconds"])


def test_a_level_slower_than_its_think_time_is_named():
    rows = [{"level": 8, "name": "hard", "iterations": 3000, "seconds_per_move": 4.2,
             "iterations_per_s": 714, "think_seconds": 2.8, "fits": False},
            {"level": 3, "name": "3", "iterations": 150, "seconds_per_move": 0.08,
             "iterations_per_s": 1875, "think_seconds": 0.25, "fits": True}]
    text = bench_levels.report({"onyx": rows}).splitlines()
    assert text[0].startswith("onyx:")
    assert "level 8 (hard)" in text[1] and "plays below its rating here" in text[1]
    assert "level 3 " in text[2] and "below its rating" not in text[2]


@pytest.mark.parametrize("argv, words", [(["levels", "--seconds", "1"], "--seconds does not apply to levels"),
                                         (["levels", "--game", "go"], "invalid choice")])
def test_levels_options_are_checked(argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        bench.main(argv)
    assert stop.value.code == 2 and words in capsys.readouterr().err
