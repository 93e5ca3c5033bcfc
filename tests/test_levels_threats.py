"""No level loses on the spot when it need not (Onager's far rows are checked at the start of a
turn: a move that leaves the opponent a majority ends the game at once)."""
from __future__ import annotations

import random

import pytest

from game.ai.levels import choose_move, threat_stoppers
from game.rules import make_game

# White to move; Black's disc on k6 makes the far rows 1-0: only i8-k6 does not lose at once,
# and after it Black still has a winning move, so no move is safe for good
HELD_MAJORITY = "i3 c5 i6 b3-c4 k2-i4 a2-e6 j4-h4 e6-f6 k4-g4 b2-j6 k6-i8 j6-k6"


def _onager(moves: str):
    g = make_game("onager")
    for m in moves.split():
        g.play(g.parse_move(m))
    return g


def test_when_every_move_loses_the_stoppers_are_those_that_do_not_lose_at_once():
    g = _onager(HELD_MAJORITY)
    assert [g.record_str(m) for m in threat_stoppers(g)] == ["i8-k6"]


@pytest.mark.parametrize("level", ["1", "2"])
def test_the_weak_levels_do_not_lose_on_the_spot(level):
    g = _onager(HELD_MAJORITY)
    for seed in range(6):
        mv = choose_move(g, level, random.Random(seed))
        h = g.copy()
        h.play(mv)
        assert h.result is None, (level, seed, g.record_str(mv))


# a game of level 1 against level 2 (seed 11), 70 plies in: 5 of White's 50 moves lose at once
FAR_ROWS_GAME = ("i3 c5 i6 b3-c4 k2-i4 b4-d4 k6-i8 b7-c8 j6-k6 c4-d5 i8-h9 a6-e10 i4-h5 b1-c2 j5-f5 a3-b4 "
                 "h5-g6 c2-d2 j3-d7 a4-a3 k5-j5 b5-a4 k4-i4 d2-e2 k3-j3 b2-c3 f5-g4 d4-b2 h9-h8 e10-d9 j4-j6 "
                 "b2-c2 g6-g2 e2-e3 h8-i7 c3-g2 j1-i2 g2-f3 i2-j1 e3-d2 d7-e7 b6-a6 j5-i5 a2-g7 j7-i8 d9-e9 "
                 "g2-f2 a1-b1 i4-k2 d5-d4 i8-a3 c8-k3 e7-f7 c2-c3 j2-j4 d4-e5 j4-k4 e9-e1 k1-g7 e5-d4 g4-f4 "
                 "b1-b7 k2-j2 a5-e3 k4-k5 b4-b3 j2-k1 e1-e2 g7-k3 e3-a3")


def test_a_move_that_gives_the_opponent_the_far_rows_is_never_drawn():
    # walking a disc off the far row (or leaving the opponent's majority) loses at once; level
    # 1 drew such moves among many safe ones
    g = _onager(FAR_ROWS_GAME)
    losing = []
    for m in g.legal_moves():
        h = g.copy()
        h.play(m)
        if h.result is not None and h.result.winner != g.to_move:
            losing.append(m)
    assert 0 < len(losing) < len(g.legal_moves()) // 2
    for level in ("1", "2"):
        for seed in range(12):
            mv = choose_move(g, level, random.Random(seed))
            assert mv not in losing, (level, seed, g.record_str(mv))
