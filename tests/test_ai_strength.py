"""The engine understands connection: Onyx's search beats the scripted runners of
``game.ai.runners``.

The strength matches themselves (the search on 375 iterations against the ``line`` and
``runner`` players on 12×12, 16×16 and 20×20, both colours, and every game it once lost, with
what fixed it) take minutes, so they are a benchmark: ``python -m game.bench strength``
(``game.bench_strength``; status 0 when every game ends as expected). The suite keeps the same
code path on a small budget: two short games on 12×12 at 100 iterations a move (no clock, so
each game is the same on any machine) that the engine must win, and the benchmark's own report
and status, on those games.
"""
from __future__ import annotations

import json
import random

import pytest

from game import bench, bench_strength
from game.ai.onyx_eval import distances
from game.ai.runners import RUNNER_NAMES, line_points, runner_move
from game.bench_strength import ENGINE_WINS, GAMES, StrengthGame
from game.rules import make_game
from game.rules.base import Color

SHORT = [StrengthGame(12, "line", Color.BLACK, iterations=100),
         StrengthGame(12, "runner", Color.WHITE, iterations=100)]


def test_the_engine_on_a_small_budget_beats_the_runners_on_12x12_through_the_benchmark(monkeypatch, capsys):
    monkeypatch.setattr(bench_strength, "GAMES", SHORT)
    assert bench.main(["strength", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["wins"] == out["of"] == 2 and out["as_expected"]
    assert [g["game"] for g in out["games"]] == [e.name for e in SHORT]
    assert all(g["how"] in ENGINE_WINS and g["engine_won"] and g["plies"] > 0 for g in out["games"])


def test_the_strength_benchmark_status_follows_the_expected_results(monkeypatch, capsys):
    monkeypatch.setattr(bench_strength, "GAMES", SHORT)
    # A loss where a win is expected, or a win where a loss is known, is status 1.
    monkeypatch.setattr(bench_strength, "play_out", lambda *a, **k: ("runner", 40))
    assert bench.main(["strength"]) == 1
    assert "UNEXPECTED LOSS" in capsys.readouterr().out
    monkeypatch.setattr(bench_strength, "GAMES", [StrengthGame(16, "line", Color.BLACK, 9, known_loss=True)])
    assert bench.main(["strength"]) == 0
    monkeypatch.setattr(bench_strength, "play_out", lambda *a, **k: ("cut", 40))
    assert bench.main(["strength"]) == 1
    assert "now won" in capsys.readouterr().out


def test_the_benchmark_keeps_every_size_both_runners_and_the_games_once_lost():
    plain = [g for g in GAMES if not g.known_loss and g.iterations == bench_strength.ENGINE_ITERATIONS]
    assert {(g.size, g.runner) for g in plain} >= {(n, r) for n in (12, 16, 20) for r in ("line", "runner")}
    assert {g.engine for g in plain} == {Color.BLACK, Color.WHITE}
    assert len({g.name for g in GAMES}) == len(GAMES)
    assert all(g.why for g in GAMES if g.seed or g.known_loss or g.iterations != bench_strength.ENGINE_ITERATIONS)


# ------------------------------------------------------------------ the runners themselves
def test_the_line_runner_runs_its_line_and_wins_against_nobody():
    # Unopposed (the other side plays far away), the line fills column a and connects.
    game = make_game("onyx", size=12)
    rng = random.Random(1)
    col = line_points(game, "line")
    far = [p for p in game.legal_moves() if p not in col and game.geometry.xy[p][0] >= 6
           and p < game.geometry.nc]
    while game.result is None:
        if game.to_move == Color.BLACK:
            game.play(runner_move(game, "line", rng))
        else:
            game.play(far.pop())
    assert game.result.winner == Color.BLACK
    assert all(game.cells[p] == 1 for p in col)
    assert game.ply == 2 * 10 - 1          # the 10 empty points of column a, one a turn


def test_the_greedy_runner_shortens_its_path_every_move():
    game = make_game("onyx", size=16)
    rng = random.Random(2)
    for _ in range(6):
        before = distances(game)[0]
        game.play(runner_move(game, "runner", rng))
        assert distances(game)[0] == before - 1
        game.play(max(m for m in game.legal_moves() if m < game.geometry.nc))   # White far away


def test_runner_names_and_errors():
    assert set(RUNNER_NAMES) == {"line", "line-b", "line-far", "runner"}
    with pytest.raises(ValueError):
        runner_move(make_game("amoeba"), "line", random.Random(0))
    with pytest.raises(ValueError):
        runner_move(make_game("onyx"), "sprinter", random.Random(0))
