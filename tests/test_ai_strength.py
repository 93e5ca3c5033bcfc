"""The engine understands connection: Onyx Medium, on a quarter of its budget, beats
the scripted runners of ``game.ai.runners`` on every board size.

The issue this answers: a player who ran a straight line of stones along one side
of the board (and a greedy shortest-path runner) beat Hard on 16×16 and 20×20. Here
Medium plays with 375 iterations (a quarter of its 1500: a slow or loaded machine, and
the floor below which Medium and Hard never stop for time, ``levels.MIN_ITERATIONS``)
against

* ``line``: a straight run along the side of the board, then the greedy runner;
* ``runner``: the greedy shortest-path runner from the first move;

on 12×12, 16×16 and 20×20, the engine's colour alternating. Every budget is an
iteration count (no clock), so each game is the same on any machine and the test is
deterministic. A game is played until it is decided: a connection, or the engine's
search proves its win (an exact proof: every defence tried), or the runner is cut
off (no path of its own left, captures counted). The report's tables come from this
``play_out`` (many seeds, both colours) and from ``python -m game.ai.match``. (With 150
iterations, a tenth, Medium lost 3 of 40 games to these runners on 12×12.)
"""
from __future__ import annotations

import random

import pytest

from game.ai.levels import MIN_ITERATIONS, choose_move
from game.ai.onyx_eval import INF, distances, path_distance
from game.ai.runners import RUNNER_NAMES, line_points, runner_move
from game.rules import make_game
from game.rules.base import Color

QUARTER_MEDIUM = MIN_ITERATIONS     # 375
PLY_CAP = 400


def play_out(size: int, runner: str, engine: Color, iterations: int = QUARTER_MEDIUM,
             seed: int = 0) -> tuple[str, int]:
    """(how the game was decided, plies): 'engine' / 'proven' / 'cut' when the engine
    won, 'runner' when the runner connected, 'cap' at the ply cap."""
    game = make_game("onyx", size=size)
    rng = random.Random(seed)
    runner_s = 2 - int(engine)          # the runner's stone value
    while game.result is None and game.ply < PLY_CAP:
        if game.to_move == engine:
            info: dict = {}
            move = choose_move(game, "medium", rng, iterations=iterations, info=info)
            if info.get("proven") == 1:
                return "proven", game.ply
        else:
            if path_distance(game, runner_s) >= INF:
                return "cut", game.ply
            move = runner_move(game, runner, rng)
        game.play(move)
    if game.result is None:
        return "cap", game.ply
    return ("engine" if game.result.winner == engine else "runner"), game.ply


GAMES = [(12, "line", Color.BLACK), (12, "runner", Color.WHITE),
         (16, "line", Color.WHITE), (16, "runner", Color.BLACK),
         (20, "line", Color.BLACK), (20, "runner", Color.WHITE)]


@pytest.mark.parametrize("size,runner,engine", GAMES,
                         ids=[f"{n}-{r}-engine-{c.word}" for n, r, c in GAMES])
def test_medium_on_a_quarter_of_its_budget_beats_the_runners(size, runner, engine):
    how, plies = play_out(size, runner, engine)
    assert how in ("engine", "proven", "cut"), (how, plies)


def test_medium_second_stops_a_line_along_the_edge_on_20x20():
    # Black runs column a; Medium, White, moves second. Before the move order's single-file
    # rule (``onyx_eval.FRAGILE``) Medium lost this game in 35 plies, and 4 of 6 seeds.
    how, plies = play_out(20, "line", Color.WHITE, seed=1)
    assert how in ("engine", "proven", "cut"), (how, plies)


def test_medium_first_stops_the_runner_on_12x12():
    # Medium, Black, against the greedy runner. With the two-distance potential alone as the
    # leaf value (it counts a path in single file as cut) Medium lost this game in 28 plies;
    # the leaf value now counts such a path by its plain length plus
    # ``onyx_eval.PLAIN_CAP``.
    how, plies = play_out(12, "runner", Color.BLACK, seed=10)
    assert how in ("engine", "proven", "cut"), (how, plies)


@pytest.mark.parametrize("runner,seed", [("runner", 36), ("line", 42)])
def test_medium_as_white_keeps_the_runner_from_capturing_its_way_through(runner, seed):
    # Medium, White, 12x12. Before the leaf value counted the mover's best capture, Medium
    # lost these games in 75 and 69 plies: its own capturable stones counted as solid,
    # and the runner took them one by one.
    how, plies = play_out(12, runner, Color.WHITE, seed=seed)
    assert how in ("engine", "proven", "cut"), (how, plies)


# Two games Medium lost before the move order's race rule (``onyx_eval.RACE_BONUS``: a side
# that needs more stones than the opponent tries first the points on every one of the
# opponent's shortest paths).
def test_medium_as_white_blocks_the_runner_along_the_far_edge_on_12x12():
    # The runner runs column l through Black's start stones l6, l7. Without the rule Medium
    # first put a stone on column l at ply 13 and lost in 37 plies. 1,200 iterations:
    # Medium's 1 s gave it about 2,000 on 12x12 with two matches on the 2 cores.
    how, plies = play_out(12, "runner", Color.WHITE, iterations=1200, seed=0)
    assert how in ("engine", "proven", "cut"), (how, plies)


def test_medium_as_black_escapes_the_ladder_on_16x16():
    # Without the rule: a ladder, the runner extending along row 11 while Medium ran
    # beside it on row 12, lost in 96 plies.
    how, plies = play_out(16, "runner", Color.BLACK, seed=15)
    assert how in ("engine", "proven", "cut"), (how, plies)


# The two games Medium is known to lose at 375 iterations without its tree (in the game it
# keeps its tree). In both it is far ahead, its value about 1, when the runner starts to
# cut its path: every move looks won, and the search cannot tell them apart. Strict: the
# day the engine wins one, its test fails, to be made a plain test.
@pytest.mark.xfail(strict=True, reason="known loss: ahead by 9 stones at ply 26 (value 1.00), "
                   "Medium is laddered out of its lead")
def test_medium_as_black_keeps_its_lead_against_the_line_on_16x16():
    how, plies = play_out(16, "line", Color.BLACK, seed=9)
    assert how in ("engine", "proven", "cut"), (how, plies)


@pytest.mark.xfail(strict=True, reason="known loss: 4 stones from connecting after ply 51 "
                   "(value 0.98), Medium loses its path stones to the runner's capture at e1 "
                   "(back to 10) and then the race")
def test_medium_as_white_beats_the_runner_on_16x16_seed_23():
    how, plies = play_out(16, "runner", Color.WHITE, seed=23)
    assert how in ("engine", "proven", "cut"), (how, plies)


# ------------------------------------------------------------------ the runners themselves
def test_the_line_runner_runs_its_line_and_wins_against_nobody():
    # Unopposed (the other side plays far away), the line fills column a and connects.
    game = make_game("onyx", size=12)
    rng = random.Random(1)
    col = line_points(game, "line")
    far = [p for p in game.legal_moves() if p not in col and game._g.xy[p][0] >= 6
           and p < game._g.nc]
    while game.result is None:
        if game.to_move == Color.BLACK:
            game.play(runner_move(game, "line", rng))
        else:
            game.play(far.pop())
    assert game.result.winner == Color.BLACK
    assert all(game._cell[p] == 1 for p in col)
    assert game.ply == 2 * 10 - 1          # the 10 empty points of column a, one a turn


def test_the_greedy_runner_shortens_its_path_every_move():
    game = make_game("onyx", size=16)
    rng = random.Random(2)
    for _ in range(6):
        before = distances(game)[0]
        game.play(runner_move(game, "runner", rng))
        assert distances(game)[0] == before - 1
        game.play(max(m for m in game.legal_moves() if m < game._g.nc))   # White far away


def test_runner_names_and_errors():
    assert set(RUNNER_NAMES) == {"line", "line-b", "line-far", "runner"}
    with pytest.raises(ValueError):
        runner_move(make_game("amoeba"), "line", random.Random(0))
    with pytest.raises(ValueError):
        runner_move(make_game("onyx"), "sprinter", random.Random(0))
