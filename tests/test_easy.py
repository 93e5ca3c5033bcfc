"""Easy answers a threat to win in one or to connect in two before its search
(``levels.threat_stoppers``): the issue's straight line no longer wins in 12 moves.
Iteration budgets only (no clock); these tests give Easy 250 iterations (more than its
own ladder budget) so that they test the threat check, not the softmax's luck."""
from __future__ import annotations

import random

import pytest

from game.ai.levels import THREAT_DISTANCE, choose_move, get_level, threat_stoppers
from game.ai.onyx_eval import path_distance
from game.ai.onyx_eval import connecting_point
from game.ai.runners import greedy_move, line_points, runner_move
from game.rules import game_class, make_game
from game.rules.amoeba import START as AMOEBA_START
from game.rules.base import Color

EASY_IT = 250


def test_every_ladder_level_answers_threats() -> None:
    # The weak levels lose by their softmax choice, never by ignoring a threat (issue 31).
    for name in ("1", "easy", "3", "medium", "hard"):
        assert get_level(name, "onyx").answers_threats
    assert not get_level("random", "onyx").answers_threats
    assert not get_level("uct", "amoeba").answers_threats


def column(col: str, rows: int, to_move: Color = Color.WHITE):
    """Onyx 12x12: Black's stones on ``col``1..``col``rows, two White stones out of the way."""
    return game_class("onyx").from_position(
        "Black: " + " ".join(f"{col}{i}" for i in range(1, rows + 1)) + "; White: h3 j8", to_move)


def names(game, moves) -> set[str]:
    return {game.move_str(m) for m in moves}


def test_onyx_connection_in_two_is_seen_and_stopped() -> None:
    game = column("b", 10)
    assert path_distance(game, 1) == 2
    stops = threat_stoppers(game)
    assert names(game, stops) == {"b11", "b12"}
    for m in stops:
        g = game.copy()
        g.play(m)
        assert path_distance(g, 1) > 2
    for seed in range(3):
        move = choose_move(game, "easy", random.Random(seed), iterations=EASY_IT)
        assert move in stops


def test_onyx_threat_seen_one_stone_earlier() -> None:
    # Three to go (THREAT_DISTANCE): any stone on the column's end lengthens the path.
    assert THREAT_DISTANCE == 3
    game = column("d", 9)
    assert names(game, threat_stoppers(game)) == {"d10", "d11", "d12"}
    assert threat_stoppers(column("d", 8)) is None      # four to go: no threat yet


def test_onyx_double_threat_is_still_blocked() -> None:
    # Column c is crossed by diagonals: c1..c10 has two ways to finish and no stone stops
    # both; Easy still blocks in front (the least potential left to Black), not elsewhere.
    game = column("c", 10)
    assert path_distance(game, 1) == 2
    stops = threat_stoppers(game)
    assert stops and names(game, stops) <= {"b11", "b12", "c11", "c12", "d12"}
    move = choose_move(game, "easy", random.Random(0), iterations=EASY_IT)
    assert move in stops


def test_amoeba_kernel_threat_is_answered() -> None:
    # Black's Kernel on c3 next to White's d3: d3-c3 would take it.
    pos = (AMOEBA_START.replace("b3: Bk", "b3: B").replace("c3: B", "c3: Bk")
           .replace("e1: W", "d3: W"))
    game = game_class("amoeba").from_position(pos, Color.BLACK)
    assert game.threats() == ["c3"]
    stops = threat_stoppers(game)
    assert stops and len(stops) < len(game.legal_moves())
    for seed in range(3):
        move = choose_move(game, "easy", random.Random(seed), iterations=EASY_IT)
        assert move in stops
        g = game.copy()
        g.play(move)
        assert g.threats() == [] or g.result is not None or not _kernel_taken_next(g)


def _kernel_taken_next(g) -> bool:
    from game.ai.registry import knowledge_for
    return knowledge_for("amoeba").win_now(g) is not None


def test_onager_back_row_threat_is_answered() -> None:
    # White's b3 threatens Black's back row: only d3-b3 or h5-g6 hold.
    game = game_class("onager").from_position("b3: W; c3: B; d3: B; h5: B; g5: W; f8: W",
                                              Color.BLACK)
    stops = {game.move_str(m) for m in threat_stoppers(game)}
    assert stops == {"d3-b3", "h5-g6"}
    for seed in range(3):
        assert game.move_str(choose_move(game, "easy", random.Random(seed),
                                         iterations=EASY_IT)) in stops


@pytest.mark.parametrize("runner_colour,line_name,seed", [
    (Color.BLACK, "line", 0), (Color.WHITE, "line", 2), (Color.BLACK, "line-b", 1),
    (Color.BLACK, "c", 0), (Color.BLACK, "c", 1)])
def test_the_straight_line_no_longer_wins_in_12_against_easy(runner_colour, line_name, seed):
    """The issue: c1, c2, ... c12 won in 12 moves and no reply of Easy's touched the line.
    The runner fills its line from one end (``runners.line``, ``line-b``, or the issue's
    column c), then runs greedily; Easy must block it before the line is complete, so the
    runner cannot connect in its first 12 moves."""
    game = make_game("onyx", size=12)
    rng = random.Random(seed)
    if line_name == "c":
        line = [game.parse_move(f"c{i}") for i in range(1, 13)]
    else:
        line = []
    touched = False
    while game.result is None and game.ply < 24:
        if game.to_move == runner_colour:
            if line_name != "c":
                line = line or line_points(game, line_name)
                move = runner_move(game, line_name, rng)
            else:
                move = connecting_point(game, 1)
                if move is None:
                    free = [p for p in line if game.cells[p] == 0]
                    mine = all(game.cells[p] in (0, 1) for p in line)
                    move = free[0] if mine and free else greedy_move(game, rng)
        else:
            move = choose_move(game, "easy", rng, iterations=EASY_IT)
            touched = touched or move in line
        game.play(move)
    assert game.result is None or game.result.winner != runner_colour, game.ply
    assert touched
