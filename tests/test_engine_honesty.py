"""What the engine says can be believed: lines valued on searches of their own, one viewpoint
(Black's chance), best first, the headline the best line's, equal moves equal, the same
answer from run to run, and a review whose curve does not zig-zag with the turn.

Iteration budgets only (no clock): every figure here is the same on any machine.
"""
from __future__ import annotations

import json
import re

import pytest

from game.ai.analyse import analyse_position, main as analyse_main
from game.ai.review import DEFAULT_ITERATIONS, review_moves, summarize
from game.rules import game_class, make_game
from game.rules.base import Color

# Amoeba, Black to move, symmetric under the left-right mirror: d4-c3 and d4-c4 are twins.
AMOEBA_TWINS = ("a1: B; a2: B; a3: B; a4: B; c1: B; c2: B; c3: B; c4: B; c5: B; c6: B; d4: Bk; "
                "e1: W; e2: W; e3: W; e5: W; e6: W; g1: W; g2: W; g3: W; g4: W; f3: Wk; e4: W")
AMOEBA_ROW = {"a": 4, "b": 5, "c": 6, "d": 7, "e": 6, "f": 5, "g": 4}


def amoeba_mirror(move: str) -> str:
    """A move's twin under the left-right mirror: a row's k-th point <-> its last-but-(k-1)."""
    return re.sub(r"([a-g])(\d)", lambda m: m.group(1) + str(AMOEBA_ROW[m.group(1)]
                                                            - int(m.group(2)) + 1), move)


def onyx_half_turn(move: str, n: int = 12) -> str:
    """A stone's twin under the half turn of the Onyx board: (x, y) -> (n-1-x, n+1-y)."""
    m = re.fullmatch(r"([a-z])(\d+)", move)
    assert m, move
    return chr(ord("a") + n - 1 - (ord(m.group(1)) - ord("a"))) + str(n + 1 - int(m.group(2)))


def twin_gaps(analysis, mirror) -> list[float]:
    values = {ln.move: ln.value for ln in analysis.lines}
    return [abs(v - values[mirror(m)]) for m, v in values.items()
            if mirror(m) in values and mirror(m) != m]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mirror_twins_get_the_same_value_in_every_run(seed) -> None:
    game = game_class("amoeba").from_position(AMOEBA_TWINS, Color.BLACK)
    a = analyse_position(game, iterations=4000, lines=3, seed=seed)
    moves = [ln.move for ln in a.lines]
    assert {"d4-c3", "d4-c4"} <= set(moves)          # both twins shown, whichever came first
    gaps = twin_gaps(a, amoeba_mirror)
    assert gaps and max(gaps) <= 0.03, [(ln.move, ln.value) for ln in a.lines]


@pytest.mark.parametrize("seed", [0, 1])
def test_onyx_start_twins_under_the_half_turn(seed) -> None:
    a = analyse_position(make_game("onyx", size=12), iterations=1600, lines=2, seed=seed)
    assert {ln.move for ln in a.lines} == {"a5", "l8"}
    assert max(twin_gaps(a, onyx_half_turn)) <= 0.03


def test_amoeba_start_twins_and_seed_stability() -> None:
    runs = [analyse_position(make_game("amoeba"), iterations=12000, lines=2, seed=s)
            for s in (0, 1, 2)]
    for a in runs:
        assert all(g <= 0.03 for g in twin_gaps(a, amoeba_mirror))
    heads = [a.value for a in runs]
    assert max(heads) - min(heads) <= 0.03, heads


def test_lines_are_best_first_for_the_mover_and_the_headline_is_the_best_line() -> None:
    for name, moves in (("amoeba", ["c3-d4"]), ("amoeba", []), ("onager", [])):
        game = make_game(name)
        for m in moves:
            game.push(m)
        if name == "onager":                # past the lakes
            while game.in_setup:
                game.play(game.legal_moves()[0])
        a = analyse_position(game, iterations=1500, lines=3, seed=0)
        values = [ln.value for ln in a.lines]
        black = game.to_move == Color.BLACK
        assert values == sorted(values, reverse=black)          # best first for the mover
        assert a.value == a.lines[0].value                      # minimax at the root
        assert all(ln.visits > 0 and ln.reliable for ln in a.lines)
        assert len({ln.visits for ln in a.lines}) == 1          # searches of the same size


def test_the_same_position_gets_the_same_answer_wherever_it_is_met() -> None:
    """The search's random source comes from the position: the same position reached by
    another order of moves, or asked again, gets the very same analysis."""
    a = make_game("amoeba")
    for m in ["c3-d4", "e3-d3", "a1-b1"]:
        a.push(m)
    b = make_game("amoeba")
    for m in ["a1-b1", "e3-d3", "c3-d4"]:
        b.push(m)
    assert a.key() == b.key()
    first = analyse_position(a, iterations=1000, lines=3)
    assert analyse_position(b, iterations=1000, lines=3) == first
    assert analyse_position(a, iterations=1000, lines=3) == first


def test_command_json_gives_visits_and_blacks_chance_best_first(capsys) -> None:
    code = analyse_main(["amoeba", "c3-d4", "--iterations", "900", "--lines", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["to_move"] == "white"
    lines = out["lines"]
    assert {"move", "value", "line", "visits"} <= set(lines[0])
    values = [ln["value"] for ln in lines]
    assert values == sorted(values)                    # White to move: lowest Black chance first
    assert out["value"] == lines[0]["value"]


# ------------------------------------------------------------------ the review
# Onyx 12x12, Black (a person) against Medium; Black resigned after White's k10.
ONYX_GAME = ("f6 h12 f8 i12 f4 d12 f10 b12 f2 jk1112 e11 e12 c12 c11 d11 b11 j12 i11 k12 "
             "j11 k11 k10").split()


@pytest.fixture(scope="module")
def onyx_review():
    plies = sorted(review_moves("onyx", {"size": 12}, ONYX_GAME, iterations=DEFAULT_ITERATIONS,
                                seed=0), key=lambda p: p.ply)
    return plies, summarize(plies)


def test_the_review_curve_does_not_zig_zag_with_the_turn(onyx_review) -> None:
    plies, summary = onyx_review
    curve = [plies[0].value_before] + [p.value_after for p in plies]
    for p, q in zip(plies, plies[1:]):
        assert p.value_after == q.value_before          # one number per position
    net = abs(curve[-1] - curve[0])
    total = sum(abs(b - a) for a, b in zip(curve, curve[1:]))
    assert total <= 1.5 * net + 0.20, [round(100 * v) for v in curve]
    # a move never gains for the side that played it (the continuation is taken into account)
    for p in plies:
        if p.judged:
            assert p.drop is not None and p.drop >= 0.0


def test_the_review_of_a_lost_game_reads_true(onyx_review) -> None:
    plies, summary = onyx_review
    assert summary.black.accuracy is not None and summary.black.accuracy <= 70.0
    d11 = plies[14]                                   # 8. d11 missed the capture b11*
    assert (d11.ply, d11.move) == (15, "d11")
    assert d11.mark in ("?!", "?", "??") and d11.best == "b11*"
    c12 = plies[12]                                   # 7. c12, an edge stone: no gain
    assert c12.move == "c12" and c12.value_after <= c12.value_before


def test_the_reviews_better_move_is_the_analysis_boards_best_line(onyx_review) -> None:
    plies, _ = onyx_review
    checked = 0
    for p in plies:
        if not p.judged or not p.mark:
            continue
        game = make_game("onyx", size=12)
        for m in ONYX_GAME[:p.ply - 1]:
            game.push(m)
        a = analyse_position(game, iterations=DEFAULT_ITERATIONS, lines=3, seed=0)
        assert a.lines[0].move == p.best and tuple(a.lines[0].line[:len(p.line)]) == p.line
        checked += 1
    assert checked >= 2
