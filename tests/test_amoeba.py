"""Amoeba rules core against docs/rules/amoeba.md (sections named in each test)."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import make_game
from game.rules.__main__ import main as referee
from game.rules.amoeba import Amoeba
from game.rules.base import (Color, GameOverError, IllegalMoveError, InvalidMoveError, Motion,
                             PositionError, Result, RulesError, perft)
from game.rules.hexgrid import DIRECTIONS, grid

G = grid(4)
BLACK, WHITE = Color.BLACK, Color.WHITE
ROOT = str(Path(__file__).resolve().parent.parent)

START_STACKS = {**{p: ("B",) for p in "a1 a2 a3 a4 c1 c2 c3 c4 c5 c6".split()},
                **{p: ("W",) for p in "g1 g2 g3 g4 e1 e2 e3 e4 e5 e6".split()},
                "b3": ("Bk",), "f3": ("Wk",)}


def pos(text: str, to_move: Color = BLACK) -> Amoeba:
    return Amoeba.from_position(text, to_move)


def legal(g: Amoeba) -> set[str]:
    return set(g.legal_strs())


def from_point(g: Amoeba, point: str) -> set[str]:
    return {m for m in g.legal_strs() if m.startswith(point) and m[len(point)] in "->"}


def spec_moves(g: Amoeba) -> set[str]:
    """Section 4.6 straight from the axial coordinates of section 2.1 (independent of the core)."""
    if g.result is not None:
        return set()
    return board_moves(g.stacks(), g.to_move)


def board_moves(stacks: dict, side: Color) -> set[str]:
    out = set()
    at = {qr: lab for lab, qr in zip(G.labels, G.qr)}
    me = "B" if side == BLACK else "W"
    for lab, stack in stacks.items():
        if stack[-1][0] != me:
            continue
        q, r = G.qr[G.index[lab]]
        h = len(stack)
        for _, dq, dr in DIRECTIONS:
            t = at.get((q + h * dq, r + h * dr))
            if t is not None:
                out.add(f"{lab}-{t}")
                if h >= 2:
                    out.add(f"{lab}>{t}")
    return out


def play_all(g: Amoeba, moves: str) -> Amoeba:
    for m in moves.split():
        g.push(m)
    return g


def random_game(seed: int, plies: int) -> tuple[Amoeba, list[Amoeba]]:
    """A random legal game from the start; returns the game and a snapshot before each move."""
    rng = random.Random(seed)
    g = Amoeba.new()
    snaps = []
    for _ in range(plies):
        ms = g.legal_moves()
        if not ms:
            break
        snaps.append(g.copy())
        g.play(rng.choice(ms))
    return g, snaps


# ------------------------------------------------------------------ 2 Board
def test_2_2_board():
    assert G.size == 37
    assert [G.row_length(i) for i in range(7)] == [4, 5, 6, 7, 6, 5, 4]
    corners = [lab for lab, nb in zip(G.labels, G.adjacent) if len(nb) == 3]
    assert corners == ["a1", "a4", "d1", "d7", "g1", "g4"]
    # no point has more than 6 points beyond it in any direction
    assert max(len(ray) for rays in G.rays for ray in rays) == 6


# ------------------------------------------------------------ 3 Pieces, start
def test_3_4_initial_position():
    g = Amoeba.new()
    assert g.stacks() == START_STACKS
    assert g.to_move == BLACK and g.result is None and g.ply == 0
    assert g.counts() == {"black": 11, "white": 11}
    assert g.name == "amoeba" and make_game("amoeba").stacks() == START_STACKS
    assert g.options() == {}


def test_3_1_eleven_pieces_each():
    c = Counter(p for s in Amoeba.new().stacks().values() for p in s)
    assert c == {"B": 10, "W": 10, "Bk": 1, "Wk": 1}


def test_3_3_top_piece_controls():
    g = pos("d4: W,B; c3: B,W; a1: W,Bk; g1: B,Wk", WHITE)
    assert g.counts() == {"black": 2, "white": 2}
    assert from_point(g, "c3") and from_point(g, "g1")
    assert not from_point(g, "d4") and not from_point(g, "a1")


# ------------------------------------------------------------ 4 Moves
def test_4_1_turns_alternate_and_no_pass():
    g = Amoeba.new()
    g.push("c3-d4")
    assert g.to_move == WHITE and g.ply == 1
    g.push("e3-d3")
    assert g.to_move == BLACK and len(g.moves_played()) == 2
    with pytest.raises(InvalidMoveError):
        g.parse_move("pass")


def test_4_2_only_own_stacks_kernel_moves_like_a_piece():
    g = Amoeba.new()
    assert all(m[:2] not in {"e1", "e2", "f3", "g1"} for m in g.legal_strs())
    assert from_point(g, "b3") == {"b3-a2", "b3-a3", "b3-b2", "b3-b4", "b3-c3", "b3-c4"}
    with pytest.raises(IllegalMoveError, match="controlled by White"):
        g.parse_move("e3-d3")
    with pytest.raises(IllegalMoveError, match="no stack"):
        g.parse_move("d4-d5")
    # a stack holding your own Kernel anywhere may move
    g = pos("d4: Bk,W,B; f3: Wk")
    assert "d4-a1" in legal(g)


def test_4_3_whole_stack_move_jumps_and_lands_on_top():
    g = pos("d4: W,B,B; b3: Bk; f3: Wk; e4: W,W; g4: W")
    g.push("d4-g4")
    assert g.stacks() == {"b3": ("Bk",), "f3": ("Wk",), "e4": ("W", "W"), "g4": ("W", "W", "B", "B")}
    assert g.result is None and g.to_move == WHITE


def test_4_4_split_one_piece_per_point():
    g = pos("d4: W,B,B; b3: Bk; f3: Wk; e4: W,W; g4: W")
    g.push("d4>g4")
    assert g.stacks() == {"b3": ("Bk",), "f3": ("Wk",), "e4": ("W", "W", "W"), "f4": ("B",),
                          "g4": ("W", "B")}
    assert g.counts() == {"black": 3, "white": 2}


def test_4_5_height_one_has_no_split():
    g = Amoeba.new()
    assert not any(">" in m for m in g.legal_strs())
    with pytest.raises(IllegalMoveError, match="one piece"):
        g.parse_move("c3>d4")


def test_4_6_move_set_size():
    g = pos("d4: B,B; b3: Bk; f3: Wk")
    assert len(from_point(g, "d4")) == 6 * 2
    g = pos("a1: B,B,B,B; b3: Bk; f3: Wk")
    assert from_point(g, "a1") == {"a1-e4", "a1>e4"}
    for h in range(7, 11):
        g = pos(f"d1: {','.join(['B'] * h)}; b3: Bk; f3: Wk")
        assert from_point(g, "d1") == set()
    for h in (4, 5, 6):
        g = pos(f"d4: {','.join(['B'] * h)}; b3: Bk; f3: Wk")
        assert from_point(g, "d4") == set()


def test_4_7_conservation_in_a_long_random_game():
    g, snaps = random_game(7, 400)
    for s in snaps + [g]:
        assert Counter(p for st_ in s.stacks().values() for p in st_) == \
            {"B": 10, "W": 10, "Bk": 1, "Wk": 1}


def test_4_8_checks_run_after_the_move():
    g = pos("d4: Bk; d5: Wk")
    g.push("d4-d5")
    assert g.result == Result(BLACK, "kernel-captured")


# ------------------------------------------------------------ 5 End
def test_5_1_check_order_when_loading():
    # Both Kernels captured: check 1 (the player not to move, X, wins) comes first.
    g = pos("d4: Wk,B; b3: Bk,W", BLACK)
    assert g.result == Result(WHITE, "kernel-captured")
    g = pos("d4: Wk,B; b3: Bk,W", WHITE)
    assert g.result == Result(BLACK, "kernel-captured")
    # Check 2 at load: Y controls X's Kernel.
    g = pos("d4: Wk,B; b3: Bk", BLACK)
    assert g.result == Result(BLACK, "kernel-captured")
    # Check 4 at load.
    g = pos("d4: B,B,B,Bk; a1: B,W,W; g1: Wk", BLACK)
    assert g.result == Result(WHITE, "no-moves")
    assert g.legal_moves() == [] and perft(g, 1) == 0


def test_5_2_loaded_position_counts_once():
    text = "d4: Bk; a1: Wk"
    g = pos(text)
    assert g.repetitions() == 1
    cycle = "d4-d5 a1-a2 d5-d4 a2-a1"
    play_all(g, cycle)
    assert g.result is None and g.repetitions() == 2
    play_all(g, cycle)
    assert g.result == Result(None, "repetition-count")


def test_5_3_stack_count():
    g = pos("d4: W,B,B,Bk; a1: W; g1: Wk; b3: B", BLACK)
    assert g.counts() == {"black": 2, "white": 2}
    assert g.end_by_agreement() == Result(None, "agreement")


def test_5_4_agreement():
    g = pos("d4: Bk; a1: W; g1: Wk; c3: W")
    r = g.end_by_agreement()
    assert r == Result(WHITE, "agreement") and g.result == r and g.is_over
    assert g.legal_moves() == [] and g.threats() == []
    assert set(g.highlight_result()) == {"a1", "g1", "c3"}
    with pytest.raises(GameOverError):
        g.end_by_agreement()
    with pytest.raises(GameOverError):
        g.push("d4-d5")
    g.cancel_agreement()
    assert g.result is None and "d4-d5" in legal(g)
    with pytest.raises(RulesError, match="did not end by agreement"):
        g.cancel_agreement()
    # agreement is not a move: not in the history, and undo of a board move clears it
    g.push("d4-d5")
    g.end_by_agreement()
    assert g.ply == 1 and g.result.reason == "agreement"
    g.undo()
    assert g.result is None and g.ply == 0
    # not allowed once the game is over by the board
    g = pos("d4: Bk; d5: Wk")
    g.push("d4-d5")
    with pytest.raises(GameOverError):
        g.end_by_agreement()
    with pytest.raises(RulesError):
        g.cancel_agreement()


def test_5_5_finished_game_rejects_moves():
    g = pos("d4: Bk; d5: Wk")
    g.push("d4-d5")
    assert g.is_over and g.legal_moves() == [] and g.legal_strs() == []
    with pytest.raises(GameOverError):
        g.parse_move("d5-d7")
    with pytest.raises(GameOverError):
        g.play(0)
    assert g.result == Result(BLACK, "kernel-captured")


def test_5_6_perft_convention():
    g = Amoeba.new()
    assert perft(g, 0) == 1
    over = pos("d4: Wk,B; b3: Bk")
    assert perft(over, 0) == 1 and perft(over, 1) == 0 and perft(over, 3) == 0


# ------------------------------------------------------------ 6 Notation
@pytest.mark.parametrize("text,canon", [("C3-D4", "c3-d4"), ("c3-d4", "c3-d4"),
                                        (" c3 - d4 ", "c3-d4"), ("\tC3-\nd4", "c3-d4")])
def test_6_4_accepted(text, canon):
    g = Amoeba.new()
    assert g.move_str(g.parse_move(text)) == canon


def test_6_4_accepted_split():
    g = pos("d4: W,B,B; b3: Bk; f3: Wk")
    assert g.move_str(g.parse_move(" d4 > g4 ")) == "d4>g4"
    assert g.move_str(g.parse_move("D4-G4")) == "d4-g4"


@pytest.mark.parametrize("text", ["c3d4", "c3\u2013d4", "c3x d4", "c3:d4", "", "c3-", "-d4",
                                  "c3--d4", "c3-d4-d5", "c3>>d4", "c3 - d4 x", "33-44"])
def test_6_4_rejected_malformed(text):
    g = Amoeba.new()
    with pytest.raises(InvalidMoveError):
        g.parse_move(text)
    assert g.stacks() == START_STACKS and g.ply == 0


@pytest.mark.parametrize("point", ["a5", "d8", "h1", "c0", "c03", "g5", "b6", "e7"])
def test_6_1_invalid_points(point):
    g = Amoeba.new()
    with pytest.raises(InvalidMoveError, match="not a point"):
        g.parse_move(f"c3-{point}")
    with pytest.raises(InvalidMoveError, match="not a point"):
        g.parse_move(f"{point}-c3")


def test_6_4_rejected_illegal():
    g = Amoeba.new()
    with pytest.raises(IllegalMoveError, match="one piece"):
        g.parse_move("c3>d4")
    with pytest.raises(IllegalMoveError, match="1 step"):
        g.parse_move("c3-e4")
    with pytest.raises(IllegalMoveError, match="straight line"):
        g.parse_move("a1-c2")
    with pytest.raises(IllegalMoveError, match="the same"):
        g.parse_move("c3-c3")
    g = pos("d4: B,B; b3: Bk; f3: Wk")
    with pytest.raises(IllegalMoveError, match="2 pieces.*2 steps.*not 3"):
        g.parse_move("d4-g4")
    with pytest.raises(InvalidMoveError):
        g.parse_move(42)  # type: ignore[arg-type]
    assert g.ply == 0 and g.stacks()["d4"] == ("B", "B")


def test_6_5_canonical_order():
    g = pos("d4: W,B,B; b3: Bk; f3: Wk")
    assert [m for m in g.legal_strs() if m.startswith("d4")] == \
        "d4-a1 d4-a4 d4-d1 d4-d7 d4-g1 d4-g4 d4>a1 d4>a4 d4>d1 d4>d7 d4>g1 d4>g4".split()
    assert g.legal_strs()[:6] == "b3-a2 b3-a3 b3-b2 b3-b4 b3-c3 b3-c4".split()


def test_6_6_record():
    g = play_all(Amoeba.new(), "c3-d4 e3-d3")
    assert [g.move_str(m) for m in g.moves_played()] == ["c3-d4", "e3-d3"]
    assert g.record_str(g.parse_move("d4-e4")) == "d4-e4"


# ------------------------------------------------------------ 7 Edge cases
def test_7_1_self_capture_by_split():
    g = pos("d2: W,B; d3: Bk; f3: Wk; g1: W")
    g.push("d2>d4")
    assert g.result == Result(WHITE, "kernel-captured")
    assert g.highlight_result() == ["d3"]


def test_7_2_capture_by_lower_piece():
    g = pos("d1: W,B,B; d3: Wk; b3: Bk; g4: W")
    g.push("d1>d4")
    assert g.result == Result(BLACK, "kernel-captured")


def test_7_3_both_kernels_mover_wins():
    g = pos("d2: W,B; d3: Bk; d4: Wk; g1: W")
    g.push("d2>d4")
    assert g.result == Result(BLACK, "kernel-captured")
    assert g.highlight_result() == ["d4"]


def test_7_4_buried_kernel():
    g = pos("c3: W,B; e4: Wk,B,W; b3: Bk; g1: W")
    assert g.result is None
    g.push("c3-e4")
    assert g.result == Result(BLACK, "kernel-captured")


def test_7_5_too_tall():
    for corner, only in (("a1", "e4"), ("a4", "e3"), ("g1", "c4"), ("g4", "c3"),
                         ("d1", "d5"), ("d7", "d3")):
        for h in (4, 5, 6):
            g = pos(f"{corner}: {','.join(['B'] * h)}; b3: Bk; f3: Wk")
            ms = from_point(g, corner)
            assert len(ms) == 2 and all(m[2] in "->" for m in ms)
            if h == 4:
                assert ms == {f"{corner}-{only}", f"{corner}>{only}"}


def test_7_6_nothing_blocks():
    g = pos("d1: B,B,B; d2: W,W,W,W; d3: Wk; b3: Bk")
    assert {"d1-d4", "d1>d4"} <= legal(g)
    g.push("d1-d4")
    assert g.stacks()["d2"] == ("W",) * 4 and g.stacks()["d3"] == ("Wk",)


def test_7_7_landing_on_own_stacks():
    g = pos("c3: B; c4: B,B; b3: Bk; f3: Wk")
    g.push("c3-c4")
    assert g.stacks()["c4"] == ("B", "B", "B")
    g = pos("c2: B,B; c3: B; c4: B; b3: Bk; f3: Wk")
    g.push("c2>c4")
    assert g.stacks()["c3"] == ("B", "B") and g.stacks()["c4"] == ("B", "B")


def test_7_8_carrying_enemy_pieces():
    g = pos("c2: W,W,B; b3: Bk; f3: Wk")
    g.push("c2-f3")
    assert g.stacks()["f3"] == ("Wk", "W", "W", "B")
    assert g.result == Result(BLACK, "kernel-captured")
    g = pos("c2: W,W,B; b3: Bk; f3: Wk")
    g.push("c2>c5")
    assert g.stacks()["c3"] == ("W",) and g.stacks()["c4"] == ("W",) and g.stacks()["c5"] == ("B",)
    assert g.counts() == {"black": 2, "white": 3}


def test_7_9_no_moves_while_controlling_stacks():
    g = pos("d4: B,B,B,Bk; a1: B,W,W; g1: Wk", WHITE)
    assert g.result is None
    g.push("g1-g2")
    assert g.result == Result(WHITE, "no-moves")
    assert g.highlight_result() == ["d4"]


def test_7_10_repeated_position_still_has_moves():
    g = play_all(Amoeba.new(), "b3-b2 f3-f2 b2-b3 f2-f3 b3-b2 f3-f2 b2-b3 f2-f3")
    assert g.result.reason == "repetition-count"
    again = pos(g.position_text(), g.to_move)
    assert again.result is None and again.legal_moves()


def test_7_11_both_kernels_in_one_stack():
    g = pos("d4: Bk; d5: Wk")
    g.push("d4-d5")
    assert g.stacks()["d5"] == ("Wk", "Bk") and g.result == Result(BLACK, "kernel-captured")
    assert g.highlight_result() == ["d5"]


def test_7_12_side_to_move_is_part_of_position():
    assert Amoeba.from_position("d4: Bk; a1: Wk", BLACK).key() != \
        Amoeba.from_position("d4: Bk; a1: Wk", WHITE).key()
    g = pos("d4: Bk; a1: Wk")
    k0, stacks0 = g.key(), g.stacks()
    play_all(g, "d4-d5 a1-a2 d5-e4 a2-a1 e4-d4")  # same arrangement, White to move
    assert g.stacks() == stacks0 and g.to_move == WHITE
    assert g.key() != k0 and g.repetitions() == 1


# ------------------------------------------------------------ 8 Worked examples
EX_8_1 = ("a1-a2 a1-b1 a1-b2 a2-a1 a2-a3 a2-b2 a2-b3 a3-a2 a3-a4 a3-b3 a3-b4 a4-a3 a4-b4 a4-b5 "
          "b3-a2 b3-a3 b3-b2 b3-b4 b3-c3 b3-c4 c1-b1 c1-c2 c1-d1 c1-d2 c2-b1 c2-b2 c2-c1 c2-c3 "
          "c2-d2 c2-d3 c3-b2 c3-b3 c3-c2 c3-c4 c3-d3 c3-d4 c4-b3 c4-b4 c4-c3 c4-c5 c4-d4 c4-d5 "
          "c5-b4 c5-b5 c5-c4 c5-c6 c5-d5 c5-d6 c6-b5 c6-c5 c6-d6 c6-d7").split()


def test_8_1_initial_moves():
    g = Amoeba.new()
    assert len(EX_8_1) == 52 and legal(g) == set(EX_8_1)
    assert len(g.legal_moves()) == 52 == len(set(g.legal_moves()))


def test_8_1_perft_1_to_3():
    g = Amoeba.new()
    assert [perft(g, d) for d in (1, 2, 3)] == [52, 2704, 138506]
    assert g.stacks() == START_STACKS and g.ply == 0 and g.repetitions() == 1


def test_8_1_perft_4():
    g = Amoeba.new()
    k = g.key()
    assert perft(g, 4) == 7079544
    assert g.key() == k and g.ply == 0


def test_8_2_height_three_in_centre():
    g = pos("d4: W,B,B; b3: Bk; f3: Wk")
    assert from_point(g, "d4") == set(
        "d4-a1 d4-a4 d4-d1 d4-d7 d4-g1 d4-g4 d4>a1 d4>a4 d4>d1 d4>d7 d4>g1 d4>g4".split())
    assert len(g.legal_moves()) == 18
    g.push("d4>g4")
    assert g.position_text() == "b3: Bk; e4: W; f3: Wk; f4: B; g4: B"
    assert g.to_move == WHITE and g.result is None


def test_8_3_tall_stacks():
    g = pos("d1: B,B,W,W,B,B; b3: Bk; f3: Wk; g4: W,W,B,W,B,W,B")
    assert legal(g) == set("b3-a2 b3-a3 b3-b2 b3-b4 b3-c3 b3-c4 d1-d7 d1>d7".split())
    g.push("d1>d7")
    s = g.stacks()
    assert "d1" not in s
    assert {p: s[p] for p in "d2 d3 d4 d5 d6 d7".split()} == {
        "d2": ("B",), "d3": ("B",), "d4": ("W",), "d5": ("W",), "d6": ("B",), "d7": ("B",)}


def test_8_4_lower_piece_captures():
    text = "d1: W,B,B; d3: Wk; b3: Bk; g4: W"
    g = pos(text)
    assert from_point(g, "d1") == set("d1-a1 d1-d4 d1-g1 d1>a1 d1>d4 d1>g1".split())
    g.push("d1>d4")
    assert g.position_text() == "b3: Bk; d2: W; d3: Wk,B; d4: B; g4: W"
    assert g.result == Result(BLACK, "kernel-captured")
    g = pos(text)
    g.push("d1-d4")
    assert g.stacks()["d4"] == ("W", "B", "B") and g.stacks()["d3"] == ("Wk",) and g.result is None
    g = pos("d1: B,W,B; d3: Wk; b3: Bk; g4: W")
    g.push("d1>d4")
    assert g.position_text() == "b3: Bk; d2: B; d3: Wk,W; d4: B; g4: W"
    assert g.result is None and len(g.legal_moves()) == 15


def test_8_5_self_capture():
    text = "d2: W,B; d3: Bk; f3: Wk; g1: W"
    g = pos(text)
    assert from_point(g, "d2") == set("d2-b2 d2-d4 d2-f2 d2>b2 d2>d4 d2>f2".split())
    g.push("d2>d4")
    assert g.position_text() == "d3: Bk,W; d4: B; f3: Wk; g1: W"
    assert g.result == Result(WHITE, "kernel-captured")
    g = pos(text)
    g.push("d2-d4")
    assert g.stacks()["d4"] == ("W", "B") and g.result is None
    g = pos("d2: W,B; d3: Bk; d4: Wk; g1: W")
    g.push("d2>d4")
    assert g.position_text() == "d3: Bk,W; d4: Wk,B; g1: W"
    assert g.result == Result(BLACK, "kernel-captured")


def test_8_6_no_moves():
    g = pos("d4: B,B,B,Bk; a1: B; a3: W,W; g1: Wk", WHITE)
    assert legal(g) == set("a3-a1 a3-c3 a3-c5 a3>a1 a3>c3 a3>c5 g1-f1 g1-f2 g1-g2".split())
    g.push("a3-a1")
    assert g.position_text() == "a1: B,W,W; d4: B,B,B,Bk; g1: Wk"
    assert g.result == Result(WHITE, "no-moves")


def test_8_7_covering_buried_kernel():
    text = "c3: W,B; e4: Wk,B,W; b3: Bk; g1: W"
    g = pos(text)
    assert from_point(g, "c3") == set(
        "c3-a1 c3-a3 c3-c1 c3-c5 c3-e2 c3-e4 c3>a1 c3>a3 c3>c1 c3>c5 c3>e2 c3>e4".split())
    g.push("c3-e4")
    assert g.stacks()["e4"] == ("Wk", "B", "W", "W", "B")
    assert g.result == Result(BLACK, "kernel-captured")
    g = pos(text)
    g.push("c3>e4")
    assert g.stacks()["d4"] == ("W",) and g.stacks()["e4"] == ("Wk", "B", "W", "B")
    assert g.result == Result(BLACK, "kernel-captured")
    assert g.highlight_result() == ["e4"]


CYCLE = "b3-b2 f3-f2 b2-b3 f2-f3"


def test_8_8_threefold_draw():
    g = Amoeba.new()
    start = g.key()
    play_all(g, CYCLE)
    assert g.key() == start and g.repetitions() == 2 and g.result is None
    play_all(g, "b3-b2 f3-f2 b2-b3")
    assert g.result is None
    g.push("f2-f3")
    assert g.result == Result(None, "repetition-count")
    assert g.highlight_result() and set(g.highlight_result()) == set(START_STACKS)


def test_8_8_undo_decrements_counts():
    g = Amoeba.new()
    play_all(g, CYCLE)
    for _ in range(4):
        g.undo()
    assert g.repetitions() == 1
    play_all(g, CYCLE + " b3-b2 f3-f2 b2-b3")
    assert g.result is None
    g.push("f2-f3")
    assert g.result.reason == "repetition-count"
    g.undo()
    assert g.result is None and g.repetitions() == 2  # plies 3 and 7
    g.push("f2-f3")
    assert g.result == Result(None, "repetition-count")


def test_8_9_threefold_win():
    g = play_all(Amoeba.new(), "c1-d1 e1-d1")
    assert g.stacks()["d1"] == ("B", "W")
    play_all(g, CYCLE + " " + CYCLE[:-6])
    assert g.result is None
    g.push("f2-f3")
    assert g.ply == 10 and g.counts() == {"black": 10, "white": 11}
    assert g.result == Result(WHITE, "repetition-count")
    assert len(g.highlight_result()) == 11 and "d1" in g.highlight_result()


# ------------------------------------------------------------ set-up text
def test_position_text_round_trip_and_spacing():
    g = Amoeba.from_position("  D4 : w , b,B ; B3:bk;f3: WK ;", "white")
    assert g.position_text() == "b3: Bk; d4: W,B,B; f3: Wk" and g.to_move == WHITE
    assert Amoeba.from_position(Amoeba.new().position_text(), BLACK).key() == Amoeba.new().key()


@pytest.mark.parametrize("text,msg", [
    ("z9: B; b3: Bk; f3: Wk", "not a point"),
    ("a5: B; b3: Bk; f3: Wk", "not a point"),
    ("d4: X; b3: Bk; f3: Wk", "not a piece"),
    ("d4: ; b3: Bk; f3: Wk", "list its pieces"),
    ("d4: B,,W; b3: Bk; f3: Wk", "list its pieces"),
    ("d4: B; d4: W; b3: Bk; f3: Wk", "twice"),
    ("d4: B; f3: Wk", "black Kernel"),
    ("b3: Bk", "white Kernel"),
    ("b3: Bk; c3: Bk; f3: Wk", "too many black Kernel"),
    ("b3: Bk; f3: Wk; d4: " + ",".join(["W"] * 11), "too many white normal"),
    ("d4 W; b3: Bk; f3: Wk", "name: contents"),
    ("", "Kernel"),
])
def test_position_errors(text, msg):
    with pytest.raises(PositionError, match=msg):
        Amoeba.from_position(text, BLACK)


def test_position_bad_side_and_options():
    with pytest.raises(PositionError):
        Amoeba.from_position("b3: Bk; f3: Wk", "purple")
    with pytest.raises(PositionError):
        Amoeba.from_position(None, BLACK)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="no options"):
        Amoeba.new(size=5)
    with pytest.raises(RulesError):
        Amoeba.new().undo()


# ------------------------------------------------------------ motions & UI helpers
def test_motions_move_and_split():
    g = pos("d4: W,B,B; b3: Bk; f3: Wk")
    assert g.motions(g.parse_move("d4-g4")) == [
        Motion("move", "d4", "g4", ("W", "B", "B"), step=0, via=("e4", "f4"))]
    assert g.motions(g.parse_move("d4>g4")) == [
        Motion("drop", "d4", "e4", ("W",), step=0, via=()),
        Motion("drop", "d4", "f4", ("B",), step=1, via=("e4",)),
        Motion("drop", "d4", "g4", ("B",), step=2, via=("e4", "f4"))]
    g = Amoeba.new()
    assert g.motions(g.parse_move("b3-c4")) == [Motion("move", "b3", "c4", ("Bk",))]


def apply_motions(stacks: dict, motions: list[Motion]) -> dict:
    out = {k: list(v) for k, v in stacks.items()}
    for mo in sorted(motions, key=lambda m: m.step):
        src = out[mo.src]
        assert tuple(src[:len(mo.pieces)]) == mo.pieces
        del src[:len(mo.pieces)]
        if not src:
            del out[mo.src]
        out.setdefault(mo.dst, []).extend(mo.pieces)
    return {k: tuple(v) for k, v in out.items()}


def test_counts_and_threats():
    assert Amoeba.new().threats() == []
    g = pos("b3: Bk; c3: W; f3: Wk")  # c3-b3 would capture
    assert g.threats() == ["b3"]
    g = pos("c3: Bk; d3: W,W; f3: Wk")  # only the split d3>b3 drops a W on c3
    assert g.threats() == ["c3"]
    g = pos("c3: Bk; d3: B,W; f3: Wk")  # that split would drop a black piece: no threat
    assert g.threats() == []
    g = pos("c3: Bk; d3: W,W; f3: Wk", WHITE)  # White to move: Black cannot reach f3
    assert g.threats() == []
    assert pos("d4: W,B; c3: B,W; b3: Bk; f3: Wk").counts() == {"black": 2, "white": 2}
    assert Amoeba.new().highlight_result() == []


# ------------------------------------------------------------ properties
PROP = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROP
@given(st.integers(0, 2**32 - 1), st.integers(0, 150))
def test_prop_random_games(seed, plies):
    g, snaps = random_game(seed, plies)
    for before in snaps:
        after = before.copy()
        moves = after.legal_moves()
        # legal moves agree with section 4.6 computed independently
        assert set(after.legal_strs()) == spec_moves(after)
        assert len(moves) == len(set(moves))
        assert after.legal_strs() == sorted(after.legal_strs(), key=lambda m: (
            G.index[m[:2]], m[2] == ">", G.index[m[3:]]))
        for m in moves:
            assert after.parse_move(after.move_str(m)) == m
        m = g.moves_played()[before.ply]
        mo = before.motions(m)
        after.play(m)
        # pieces conserved; motions describe the move
        assert Counter(p for s in after.stacks().values() for p in s) == \
            {"B": 10, "W": 10, "Bk": 1, "Wk": 1}
        assert apply_motions(before.stacks(), mo) == after.stacks()
        # the key is the key of the position, whatever the path
        assert after.key() == Amoeba.from_position(after.position_text(), after.to_move).key()
        # undo restores exactly
        k, s, tm = before.key(), before.stacks(), before.to_move
        assert after.undo() == m
        assert (after.key(), after.stacks(), after.to_move, after.result) == (k, s, tm, None)
        assert after.legal_moves() == before.legal_moves()
        assert after.repetitions() == before.repetitions()
    if g.result is not None:
        r = g.result
        assert g.legal_moves() == []
        with pytest.raises(GameOverError):
            g.play(0)
        assert g.result == r
    # copies are independent
    c = g.copy()
    if not c.is_over:
        c.play(c.legal_moves()[0])
        assert c.ply == g.ply + 1 and g.key() != c.key()
    while g.ply:
        g.undo()
    assert g.stacks() == START_STACKS and g.key() == Amoeba.new().key() and g.repetitions() == 1


@PROP
@given(st.integers(0, 2**32 - 1), st.integers(1, 400))
def test_prop_random_playout_equals_play(seed, max_plies):
    a = Amoeba.new()
    r = a.random_playout(random.Random(seed), max_plies)
    b = Amoeba.new()
    rng = random.Random(seed)
    while b.result is None and b.ply < max_plies:
        ms = b.legal_moves()
        b.play(ms[int(rng.random() * len(ms))])  # the documented uniform choice
    assert a.moves_played() == b.moves_played()
    assert (r, a.result, a.key(), a.stacks(), a.to_move, a.repetitions()) == \
        (b.result, b.result, b.key(), b.stacks(), b.to_move, b.repetitions())
    assert a.legal_moves() == b.legal_moves() and a.threats() == b.threats()
    while a.ply:
        a.undo()
    assert a.key() == Amoeba.new().key() and a.repetitions() == 1


@PROP
@given(st.randoms(use_true_random=False))
def test_prop_loaded_positions(rnd):
    """Random set-ups: legal moves match section 4.6, and load checks follow section 5.1."""
    pieces = ["B"] * rnd.randint(0, 10) + ["W"] * rnd.randint(0, 10) + ["Bk", "Wk"]
    rnd.shuffle(pieces)
    points = rnd.sample(G.labels, rnd.randint(1, len(pieces)))
    stacks: dict[str, list[str]] = {p: [] for p in points}
    for i, pc in enumerate(pieces):
        stacks[points[i] if i < len(points) else rnd.choice(points)].append(pc)
    text = "; ".join(f"{p}: {','.join(s)}" for p, s in stacks.items())
    side = rnd.choice([BLACK, WHITE])
    g = Amoeba.from_position(text, side)
    assert g.stacks() == {p: tuple(s) for p, s in stacks.items()}
    kb = next(p for p, s in stacks.items() if "Bk" in s)
    kw = next(p for p, s in stacks.items() if "Wk" in s)
    top = {p: s[-1][0] for p, s in stacks.items()}
    x, y = ("W", "B") if side == BLACK else ("B", "W")
    ky, kx = (kb, kw) if side == BLACK else (kw, kb)
    if top[ky] == x:
        assert g.result == Result(side.other, "kernel-captured")
    elif top[kx] == y:
        assert g.result == Result(side, "kernel-captured")
    elif not board_moves(g.stacks(), side):
        assert g.result == Result(side.other, "no-moves")
    else:
        assert g.result is None
        assert legal(g) == spec_moves(g)
        for m in g.legal_moves():
            before = g.stacks()
            mo = g.motions(m)
            g.play(m)
            assert apply_motions(before, mo) == g.stacks()
            g.undo()
            assert g.stacks() == before


# ------------------------------------------------------------ referee
def test_referee_worked_examples(capsys):
    assert referee(["amoeba", "legal"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["to_move"] == "black" and set(out["legal"]) == set(EX_8_1) and out["result"] is None
    assert referee(["amoeba", "legal"] + (CYCLE + " " + CYCLE).split()) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["legal"] == [] and out["result"] == {"winner": "draw", "reason": "repetition-count"}
    assert referee(["amoeba", "legal", "c1-d1", "e1-d1"] + (CYCLE + " " + CYCLE).split()) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == {"winner": "white", "reason": "repetition-count"}
    assert referee(["amoeba", "perft", "2"]) == 0
    assert capsys.readouterr().out.strip() == "2704"
    assert referee(["amoeba", "legal", "C3 - D4", "e3-e5"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and "move 2" in err.err and "e3-e5" in err.err


def test_referee_subprocess():
    p = subprocess.run([sys.executable, "-m", "game.rules", "amoeba", "legal", "b3-b2"],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["to_move"] == "white" and len(out["legal"]) == 52 and out["result"] is None
