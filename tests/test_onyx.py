"""Onyx rules core, exact to docs/rules/onyx.md (tests named after its sections)."""
from __future__ import annotations

import json
import pathlib
import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import make_game
from game.rules.__main__ import main as referee
from game.rules.base import (Color, GameOverError, IllegalMoveError, InvalidMoveError, Motion,
                             PositionError, Result, perft)
from game.rules.onyx import Onyx, geometry

ROOT = pathlib.Path(__file__).resolve().parent.parent
B, W = Color.BLACK, Color.WHITE


def pos(text: str, to_move: Color = B, **opts) -> Onyx:
    return Onyx.from_position(text, to_move, **opts)


def stones(g: Onyx) -> tuple[set[str], set[str]]:
    st_ = g.stacks()
    return ({p for p, v in st_.items() if v == ("B",)}, {p for p, v in st_.items() if v == ("W",)})


def nbr_labels(n: int, label: str) -> set[str]:
    geo = geometry(n)
    return {geo.labels[q] for q in geo.nbrs[geo.index[label]]}


def random_game(seed: int, **opts) -> tuple[Onyx, random.Random]:
    return Onyx.new(**opts), random.Random(seed)


OPTION_SETS = [{}, {"pie": True}, {"open": True}, {"open": True, "pie": True},
               {"size": 16}, {"size": 20, "pie": True}]


# ===================================================================== 2. Board and coordinates
@pytest.mark.parametrize("n", [12, 16, 20])
def test_2_sizes_supported(n):
    g = Onyx.new(size=n)
    assert g.size == n and g.options() == {"size": n, "open": False, "pie": False}


@pytest.mark.parametrize("bad", [8, 10, 13, 14, 24, 0, -12, "12", None, 12.5, True])
def test_2_other_sizes_rejected(bad):
    with pytest.raises(ValueError, match="12, 16 or 20"):
        Onyx.new(size=bad)
    with pytest.raises(PositionError):
        Onyx.from_position("Black: a1", B, size=bad)


def test_2_unknown_option_rejected():
    with pytest.raises(PositionError, match="unknown Onyx option"):
        Onyx.new(colour="red")


@pytest.mark.parametrize("n,last", [(12, "l"), (16, "p"), (20, "t")])
def test_2_corner_points_and_letters(n, last):
    geo = geometry(n)
    corners = geo.labels[:geo.nc]
    assert len(corners) == n * n
    cols = sorted({lab[0] for lab in corners})
    assert "".join(cols) == "abcdefghijklmnopqrst"[:n] and cols[-1] == last
    assert {"a1", f"a{n}", f"{last}1", f"{last}{n}", "d12"} <= set(corners)
    assert f"a{n + 1}" not in geo.index and "a0" not in geo.index


@pytest.mark.parametrize("n", [12, 16, 20])
def test_2_cells_squares_and_triangle_pairs(n):
    geo = geometry(n)
    squares = len(geo.cell_mid)
    assert squares == ((n - 1) ** 2 - 1) // 2
    assert (n - 1) ** 2 - squares == ((n - 1) ** 2 + 1) // 2
    for cell in [(0, 1), (n - 2, 1), (0, n - 1), (n - 2, n - 1)]:
        assert cell not in geo.cell_mid  # board-corner cells are triangle pairs
    for (x, y), m in geo.cell_mid.items():
        assert (x + y) % 2 == 0
        c = geo.corner
        assert set(geo.mid_corners[m]) == {c(x, y), c(x + 1, y), c(x, y + 1), c(x + 1, y + 1)}


def test_2_midpoint_names():
    geo = geometry(12)
    assert geo.labels[geo.cell_mid[(3, 11)]] == "de1112"
    assert geo.labels[geo.cell_mid[(1, 9)]] == "bc910"
    assert geo.labels[geo.cell_mid[(0, 10)]] == "ab1011"


@pytest.mark.parametrize("n,corners,mids,points,ortho,diag,midl,adj,degrees", [
    (12, 144, 60, 204, 264, 61, 240, 565, {7: 100, 5: 20, 4: 20, 3: 2, 2: 2}),
    (16, 256, 112, 368, 480, 113, 448, 1041, {7: 196, 5: 28, 4: 28, 3: 2, 2: 2}),
    (20, 400, 180, 580, 760, 181, 720, 1661, {7: 324, 5: 36, 4: 36, 3: 2, 2: 2}),
])
def test_2_counts_table(n, corners, mids, points, ortho, diag, midl, adj, degrees):
    geo = geometry(n)
    assert geo.nc == corners and geo.size - geo.nc == mids and geo.size == points
    assert (len(geo.ortho), len(geo.diag), len(geo.midlinks)) == (ortho, diag, midl)
    assert sum(len(v) for v in geo.nbrs) == 2 * adj
    assert len({frozenset(e) for e in geo.ortho + geo.diag + geo.midlinks}) == adj
    assert dict(Counter(len(geo.nbrs[p]) for p in range(geo.nc))) == degrees
    assert all(len(geo.nbrs[m]) == 4 for m in range(geo.nc, geo.size))


NEIGHBOURS_12 = {
    "a1": "a2 b1 b2", "l12": "k12 l11 k11", "a12": "a11 b12", "l1": "k1 l2",
    "a5": "a4 a6 b5 b6 ab45", "f1": "e1 g1 f2 fg12",
    "f6": "e6 g6 f5 f7 e5 ef67 fg56", "b11": "a11 c11 b10 b12 c10 ab1011 bc1112",
    "de1112": "d11 e11 d12 e12",
}


@pytest.mark.parametrize("label", sorted(NEIGHBOURS_12))
def test_2_neighbour_table_n12(label):
    assert nbr_labels(12, label) == set(NEIGHBOURS_12[label].split())


def test_2_adjacency_symmetric_and_only_listed_kinds():
    for n in (12, 16, 20):
        geo = geometry(n)
        for p, nb in enumerate(geo.nbrs):
            assert p not in nb
            for q in nb:
                assert p in geo.nbrs[q]
            if p >= geo.nc:  # a midpoint is adjacent to no other midpoint
                assert all(q < geo.nc for q in nb)


def test_2_no_diagonal_points_n12():
    geo = geometry(12)
    diag_ends = {p for e in geo.diag for p in e}
    without = {geo.labels[p] for p in range(geo.nc) if p not in diag_ends}
    expected = set("a12 l1 b1 d1 f1 h1 j1 a2 a4 a6 a8 a10 l3 l5 l7 l9 l11 c12 e12 g12 i12 k12".split())
    assert without == expected and len(expected) == 22


@pytest.mark.parametrize("n", [12, 16, 20])
def test_2_derived_diagonal_partner_formula(n):
    geo = geometry(n)
    diag = {frozenset(e) for e in geo.diag}
    for p in range(geo.nc):
        x, y = geo.xy[p]
        if x % 2 == 0 and y % 2 == 1:
            px, py = x + 1, y + 1
        elif x % 2 == 1 and y % 2 == 0:
            px, py = x - 1, y - 1
        elif x % 2 == 1 and y % 2 == 1:
            px, py = x + 1, y - 1
        else:
            px, py = x - 1, y + 1
        partners = [q for q in geo.nbrs[p] if frozenset((p, q)) in diag]
        if 0 <= px < n and 1 <= py <= n:
            assert partners == [geo.corner(px, py)]
        else:
            assert partners == []
            assert x in (0, n - 1) or y in (1, n)  # every interior point has a partner


@pytest.mark.parametrize("n", [12, 16, 20])
def test_2_derived_squares_of_corner_and_degrees(n):
    geo = geometry(n)
    last = n - 1
    for p in range(geo.nc):
        x, y = geo.xy[p]
        cells = [(x - 1, y - 1), (x, y)] if (x + y) % 2 == 0 else [(x, y - 1), (x - 1, y)]
        mids = {geo.cell_mid[c] for c in cells if c in geo.cell_mid}
        assert set(geo.mids_of[p]) == mids
        assert mids == {m for m in geo.nbrs[p] if m >= geo.nc}
        board_corner = x in (0, last) and y in (1, n)
        edge = x in (0, last) or y in (1, n)
        if board_corner:
            assert len(mids) == 0
        elif edge:
            assert len(mids) == 1 and len(geo.nbrs[p]) in (4, 5)
        else:
            assert len(mids) == 2 and len(geo.nbrs[p]) == 7
            a, b = (set(geo.mid_corners[m]) for m in mids)
            assert a & b == {p}  # the two squares share only p, diagonally across
    deg = {lab: len(geo.nbrs[geo.index[lab]]) for lab in
           ("a1", f"{'abcdefghijklmnopqrst'[last]}{n}", f"a{n}", f"{'abcdefghijklmnopqrst'[last]}1")}
    assert list(deg.values()) == [3, 3, 2, 2]


@pytest.mark.parametrize("n", [12, 16, 20])
def test_2_opposite_corners_not_adjacent(n):
    geo = geometry(n)
    for m, (a, b, c, d) in geo.mid_corners.items():
        assert d not in geo.nbrs[a] and c not in geo.nbrs[b]
        assert b in geo.nbrs[a] and c in geo.nbrs[a] and b in geo.nbrs[d] and c in geo.nbrs[d]


@pytest.mark.parametrize("n", [12, 16, 20])
def test_2_edges(n):
    geo = geometry(n)
    black, white = geo.edge[1], geo.edge[2]
    L = "abcdefghijklmnopqrst"[n - 1]
    for p in range(geo.size):
        if p >= geo.nc:
            assert black[p] == white[p] == 0  # a midpoint is never on an edge
            continue
        x, y = geo.xy[p]
        assert bool(black[p]) == (y in (1, n)) and bool(white[p]) == (x in (0, n - 1))
    for lab in ("a1", f"a{n}", f"{L}1", f"{L}{n}"):
        p = geo.index[lab]
        assert black[p] and white[p]  # board corners belong to two edges


DRAWING_12 = r"""
12  . - . - . - . - . - W - W - . - . - . - . - .  12
    | / | * | / | * | / | * | / | * | / | * | / |
11  . - . - . - . - . - . - . - . - . - . - . - .  11
    | * | \ | * | \ | * | \ | * | \ | * | \ | * |
10  . - . - . - . - . - . - . - . - . - . - . - .  10
    | / | * | / | * | / | * | / | * | / | * | / |
 9  . - . - . - . - . - . - . - . - . - . - . - .  9
    | * | \ | * | \ | * | \ | * | \ | * | \ | * |
 8  . - . - . - . - . - . - . - . - . - . - . - .  8
    | / | * | / | * | / | * | / | * | / | * | / |
 7  B - . - . - . - . - . - . - . - . - . - . - B  7
    | * | \ | * | \ | * | \ | * | \ | * | \ | * |
 6  B - . - . - . - . - . - . - . - . - . - . - B  6
    | / | * | / | * | / | * | / | * | / | * | / |
 5  . - . - . - . - . - . - . - . - . - . - . - .  5
    | * | \ | * | \ | * | \ | * | \ | * | \ | * |
 4  . - . - . - . - . - . - . - . - . - . - . - .  4
    | / | * | / | * | / | * | / | * | / | * | / |
 3  . - . - . - . - . - . - . - . - . - . - . - .  3
    | * | \ | * | \ | * | \ | * | \ | * | \ | * |
 2  . - . - . - . - . - . - . - . - . - . - . - .  2
    | / | * | / | * | / | * | / | * | / | * | / |
 1  . - . - . - . - . - W - W - . - . - . - . - .  1
"""


def test_2_drawing_n12_matches_graph_and_start():
    geo = geometry(12)
    g = Onyx.new()
    lines = [ln for ln in DRAWING_12.splitlines() if ln.strip()]
    diag = {frozenset(e) for e in geo.diag}
    seen_cells = 0
    for i, ln in enumerate(lines):
        if i % 2 == 0:
            y = int(ln[:2])
            for x in range(12):
                ch = ln[4 + 4 * x]
                assert g.stone(geo.corner(x, y)) == ("" if ch == "." else ch)
        else:
            y = int(lines[i + 1][:2])  # the line shows the cells of the row below
            for x in range(11):
                ch = ln[6 + 4 * x]
                c = geo.corner
                if ch == "*":
                    assert (x, y) in geo.cell_mid
                elif ch == "/":
                    assert frozenset((c(x, y), c(x + 1, y + 1))) in diag
                else:
                    assert ch == "\\" and frozenset((c(x, y + 1), c(x + 1, y))) in diag
                seen_cells += 1
    assert seen_cells == 121


# ===================================================================== 3. Initial position and variants
@pytest.mark.parametrize("n,black,white,edge_squares", [
    (12, "a6 a7 l6 l7", "f1 g1 f12 g12", "ab67 kl67 fg12 fg1112"),
    (16, "a8 a9 p8 p9", "h1 i1 h16 i16", "ab89 op89 hi12 hi1516"),
    (20, "a10 a11 t10 t11", "j1 k1 j20 k20", "ab1011 st1011 jk12 jk1920"),
])
def test_3_standard_start(n, black, white, edge_squares):
    g = Onyx.new(size=n)
    assert stones(g) == (set(black.split()), set(white.split()))
    assert g.to_move == B and g.result is None and g.ply == 0 and not g.swapped
    geo = geometry(n)
    for sq in edge_squares.split():
        corners = {geo.labels[q] for q in geo.mid_corners[geo.index[sq]]}
        assert len(corners & (set(black.split()) | set(white.split()))) == 2
    assert g.options() == {"size": n, "open": False, "pie": False}


def test_3_open_variant_and_pie_default_off():
    g = Onyx.new(open=True)
    assert g.stacks() == {} and g.to_move == B
    assert Onyx.new().options()["pie"] is False
    assert Onyx.new(open=True, pie=True).options() == {"size": 12, "open": True, "pie": True}


@pytest.mark.parametrize("opts", [{}, {"open": True}])
def test_3_pie_swap(opts):
    g = Onyx.new(pie=True, **opts)
    assert "swap" not in g.legal_strs()
    with pytest.raises(IllegalMoveError, match="swap"):
        g.parse_move("swap")
    g.push("f6")
    before = g.stacks()
    assert "swap" in g.legal_strs()
    k = g.key()
    assert g.record_str(Onyx.SWAP) == "swap"
    assert g.motions(Onyx.SWAP) == [Motion("swap", None, None, ())]
    g.push("Swap")
    assert g.stacks() == before and g.to_move == W and g.swapped and g.ply == 2
    assert g.result is None and g.counts() == {"black": 0, "white": 0}
    assert "swap" not in g.legal_strs() and g.key() != k
    with pytest.raises(IllegalMoveError):
        g.parse_move("swap")
    assert g.undo() == Onyx.SWAP and not g.swapped and g.key() == k and g.to_move == W
    g.push("swap")
    g.push("g6")
    assert g.to_move == B and "swap" not in g.legal_strs()


def test_3_swap_not_when_over():
    g = pos("White: b2 c2 d2 e2 f2 g2 h2 i2 j2 k2 l2; Black: a2 a3", W, pie=True, plies=0)
    g.push("a1")
    assert g.is_over and g.ply == 1 and g.legal_moves() == []
    with pytest.raises(GameOverError):
        g.parse_move("swap")


# ===================================================================== 4. Moves
def test_4_placement_rules():
    g = Onyx.new()
    with pytest.raises(IllegalMoveError, match="occupied"):
        g.parse_move("a6")
    with pytest.raises(IllegalMoveError, match="four corners"):
        g.parse_move("ab67")
    k = g.key()
    g.push("e5")
    assert g.to_move == W and g.stacks()["e5"] == ("B",)
    with pytest.raises(IllegalMoveError):
        g.push("e5")
    with pytest.raises(IllegalMoveError):
        g.push("de56")  # e5 is a corner of de56
    assert g.to_move == W and g.ply == 1
    g.undo()
    assert g.key() == k


def test_4_no_pass():
    g = Onyx.new()
    for text in ("pass", "PASS", ""):
        with pytest.raises(InvalidMoveError):
            g.parse_move(text)
    assert Onyx.SWAP not in g.legal_moves()


def test_4_finished_game_has_no_legal_moves():
    g = pos("Black: c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12", W)
    assert g.result == Result(B, "connection")
    assert g.legal_moves() == [] and g.legal_strs() == [] and g.threats() == []
    with pytest.raises(GameOverError):
        g.parse_move("a1")


# ===================================================================== 5. Capture
def test_5_captures_are_0_2_or_4_and_never_own():
    for seed in range(20):
        g, rng = random_game(seed, open=seed % 2 == 0)
        while not g.is_over:
            moves = g.legal_moves()
            m = moves[rng.randrange(len(moves))]
            mover = g.to_move
            mine_before = stones(g)[mover]
            caps = g.captured_by(m)
            assert len(caps) in (0, 2, 4)
            g.play(m)
            assert mine_before <= stones(g)[mover]


def test_5_midpoint_never_captures():
    g = pos("Black: c3; White: b3 c4 b4", B)
    m = g.parse_move("bc12")
    assert g.captured_by(m) == [] and g.record_str(m) == "bc12"


def test_5_permanent_stones_in_random_games():
    """Start stones (edge pairs), board-corner stones and midpoint stones are never captured."""
    for seed in range(30):
        g, rng = random_game(seed)
        start = Onyx.new().stacks()
        permanent: dict[str, tuple] = dict(start)
        while not g.is_over:
            moves = g.legal_moves()
            m = moves[rng.randrange(len(moves))]
            g.play(m)
            lab = g.move_str(m)
            if m >= g._g.nc or lab in ("a1", "a12", "l1", "l12"):
                permanent[lab] = g.stacks()[lab]
            st_ = g.stacks()
            assert all(st_.get(p) == v for p, v in permanent.items())
            for mid in ("ab67", "kl67", "fg12", "fg1112"):
                assert g.point_index(mid) not in g.legal_moves()


def test_5_no_crossed_square_with_empty_midpoint():
    for seed in range(15):
        g, rng = random_game(seed, open=True)
        geo = g._g
        while not g.is_over:
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
            cell = g._cell
            for m, (a, b, c, d) in geo.mid_corners.items():
                if cell[m] == 0 and cell[a] and cell[b]:
                    assert not (cell[a] == cell[d] and cell[b] == cell[c] and cell[a] != cell[b])


def test_5_captured_points_replayable_at_once():
    g = pos("Black: a4 b3 c2 c4 d3; White: a5 b4 d2", B)
    g.push("b5*")
    assert {"a5", "b4"} <= set(g.legal_strs())
    g.push("b4")  # White replays a captured point at once
    assert g.stacks()["b4"] == ("W",)


def test_5_automatic_and_compulsory():
    g = pos("Black: a4 b3 c2 c4 d3; White: a5 b4 d2", W)
    with pytest.raises(IllegalMoveError):
        g.push("c3*")  # cannot capture in only one of the two squares
    g.push("c3")  # without a suffix, both squares still capture
    assert stones(g) == ({"a4"}, {"a5", "b4", "c3", "d2"})


# ===================================================================== 6. End of the game
def test_6_connection_for_mover_only_and_reason():
    g = pos("Black: c1 c2 c4 c5 c6 c7 c8 c9 c10 c11 c12", W)
    assert g.result is None
    g.push("a1")
    assert g.result is None
    g.push("c3")
    assert g.result == Result(B, "connection") and g.result.to_json() == {"winner": "black", "reason": "connection"}


def test_6_random_games_always_end_with_one_connection():
    for seed in range(20):
        g = Onyx.new(**OPTION_SETS[seed % len(OPTION_SETS)])
        res = g.random_playout(random.Random(seed), 10_000)
        assert res is not None and res.reason == "connection"
        assert g._connected(res.winner + 1) and not g._connected(2 - res.winner)
        chain = g.winning_chain()
        assert chain and all(g._cell[p] == res.winner + 1 for p in chain)


def test_6_unfinished_game_always_has_an_empty_corner():
    for seed in range(20):
        g, rng = random_game(seed)
        while not g.is_over:
            assert any(g._cell[p] == 0 for p in range(g._g.nc)) and g.legal_moves()
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])


def test_6_no_draw_full_board():
    # Fill every corner point with a random colour: exactly one colour is connected.
    rng = random.Random(5)
    geo = geometry(12)
    for _ in range(30):
        black = [geo.labels[p] for p in range(geo.nc) if rng.random() < 0.5]
        white = [geo.labels[p] for p in range(geo.nc) if geo.labels[p] not in black]
        try:
            g = pos(f"Black: {' '.join(black)}; White: {' '.join(white)}")
        except PositionError:
            continue  # a crossed square: cannot arise in play
        assert g.result is not None
        assert g._connected(1) != g._connected(2)


# ===================================================================== 7. Notation
@pytest.mark.parametrize("text,label", [
    ("d12", "d12"), ("D12", "d12"), (" d 1 2 ", "d12"), ("DE 11 12", "de1112"),
    ("bc910", "bc910"), ("ab1011", "ab1011"), ("de1112", "de1112"), ("l12", "l12"), ("a1", "a1"),
    ("B\t5", "b5"),
])
def test_7_accepted_points(text, label):
    g = Onyx.new(open=True)
    assert g.move_str(g.parse_move(text)) == label


@pytest.mark.parametrize("text", [
    "ab910", "ab12", "kl1112", "fg1011", "ac34", "ba34", "bc43", "a06", "a13", "m1", "bc911",
    "a0", "z9", "abc12", "a", "12", "swap*", "swap**", "a1***", "*", "a1-b2", "ab", "lm1112",
    "ab0102", "ab1112x", "a-1", "pass", "za12", "zz1", "yz12",
])
def test_7_rejected_not_points(text):
    g = Onyx.new(open=True, pie=True)
    with pytest.raises(InvalidMoveError):
        g.parse_move(text)


def test_7_midpoint_names_roundtrip_all_sizes():
    for n in (12, 16, 20):
        geo = geometry(n)
        for p, lab in enumerate(geo.labels):
            assert geo.parse_point(lab) == p
        assert geo.parse_point("ab1011" if n >= 12 else "") == geo.cell_mid[(0, 10)]


def test_7_row_split_examples():
    geo = geometry(12)
    with pytest.raises(ValueError, match="triangle pair"):
        geo.parse_point("ab910")
    assert geo.xy[geo.parse_point("bc910")] == (1, 9)
    assert geo.xy[geo.parse_point("ab1011")] == (0, 10)
    assert geo.xy[geo.parse_point("de1112")] == (3, 11)
    g20 = geometry(20)
    assert g20.xy[g20.parse_point("jk910")] == (9, 9)
    assert g20.xy[g20.parse_point("ab1819")] == (0, 18)
    assert g20.xy[g20.parse_point("rs1920")] == (17, 19)


def test_7_suffix_must_match():
    g = pos("Black: b3; White: b4 c3", B)
    with pytest.raises(IllegalMoveError, match="captures 2"):
        g.parse_move("c4**")
    assert g.parse_move("c4*") == g.parse_move("c4") == g.parse_move("C4 *")
    h = pos("White: b4 c3", B)
    with pytest.raises(IllegalMoveError, match="captures nothing"):
        h.parse_move("c4*")
    assert h.stacks() == {"b4": ("W",), "c3": ("W",)}


def test_7_canonical_output_and_record_form():
    g = pos("Black: a4 b3 c2 c4 d3; White: a5 b4 d2", W)
    m = g.parse_move("c3")
    assert g.move_str(m) == "c3" and g.record_str(m) == "c3**"
    g2 = pos("Black: a4 b3 c2 c4 d3; White: a5 b4 d2", B)
    assert g2.record_str(g2.parse_move("b5")) == "b5*" and g2.record_str(g2.parse_move("e5")) == "e5"
    assert g2.move_str(Onyx.SWAP) == "swap"


def test_7_canonical_order_is_corners_then_midpoints():
    g = Onyx.new(open=True)
    strs = g.legal_strs()
    assert strs[:3] == ["a1", "a2", "a3"] and strs[11:14] == ["a12", "b1", "b2"]
    assert strs[144] == "ab23" and strs[-1] == "kl1011"
    g.push("f6")
    assert Onyx.new(open=True, pie=True).move_sort_key(Onyx.SWAP) > max(g.legal_moves())


# ===================================================================== 8. Edge cases and rulings
def test_8_1_board_corners_on_both_edges():
    g = pos("White: b12 c12 d12 e12 f12 g12 h12 i12 j12 k12 l12; Black: a11", W)
    g.push("a12")
    assert g.result == Result(W, "connection")
    g = pos("Black: a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11", B)
    g.push("a12")
    assert g.result == Result(B, "connection")


def test_8_2_midpoints_on_no_edge():
    # Black column b from row 1 to 11; a midpoint of an edge square is never on row 12.
    g = pos("Black: b1 b2 b3 b4 b5 b6 b7 b8 b9 b10", B)
    m = g.parse_move("bc1112")
    g.play(m)
    assert g.result is None
    geo = g._g
    assert geo.edge[1][m] == geo.edge[2][m] == 0


def test_8_3_opposite_corners_never_adjacent():
    # c6 and d7 are opposite corners of square cd67: not linked without a Black midpoint stone.
    base = "c1 c2 c4 c5 c6 d7 d8 d9 d10 d11 d12"
    g = pos(f"Black: {base}; White: b3 e6 e7")
    g.push("c3")
    assert g.result is None
    g = pos(f"Black: {base}; White: b3 e6 e7 cd67")
    g.push("c3")
    assert g.result is None  # a White midpoint links only White stones (8.4)


def test_8_4_occupied_midpoint_blocks_captures_whatever_colour():
    for text in ("Black: b3 c2 c4 d3 bc34; White: b4 d2", "Black: b3 c2 c4 d3; White: b4 d2 bc34"):
        g = pos(text, W)
        assert set(g.captured_by(g.parse_move("c3"))) == {"c2", "d3"}  # bc34 protects b3, c4
    # ... but it links corners only for its own colour (see also 8.3).
    g = pos("White: a6 b6 c6 d6 e6 f7 g7 h7 i7 j7 k7 l7 ef67", W)
    assert g.result == Result(W, "connection")
    g = pos("White: a6 b6 c6 d6 e6 f7 g7 h7 i7 j7 k7 l7; Black: ef67", W)
    assert g.result is None


def test_8_5_midpoint_legality_uses_current_board_only():
    g = pos("Black: e5; White: d5 e6", B)
    cd45 = g.point_index("cd45")
    assert cd45 not in g.legal_moves()
    g.push("d6*")
    assert cd45 in g.legal_moves()  # d5 was occupied before, but is empty now


def test_8_6_captures_evaluated_before_removal():
    g = pos("Black: a4 b3 c2 c4 d3; White: a5 b4 d2", W)
    assert g.record_str(g.parse_move("c3")) == "c3**"


def test_8_7_capture_needs_a_square():
    g = pos("Black: c2; White: b2 c3", B)
    assert g.record_str(g.parse_move("b3")) == "b3"


def test_8_8_no_suicide_rule():
    g = pos("Black: c4; White: b4", B)
    g.push("b3")  # legal although White can now capture b3 and c4
    assert g.stacks()["b3"] == ("B",)
    assert g.record_str(g.parse_move("c3")) == "c3*"


def test_8_9_no_ko():
    g = pos("Black: c4; White: b4", B)
    g.push("b3")
    g.push("c3*")
    g.push("c4")  # Black replays a captured point at once
    g.push("b3")  # and White may play the other one
    assert stones(g) == ({"c4"}, {"b3", "b4", "c3"})


def test_8_10_pass_rejected():
    g = Onyx.new(pie=True)
    with pytest.raises(InvalidMoveError, match="pass"):
        g.push("pass")
    assert g.ply == 0


def test_8_11_setup_positions():
    g = pos("Black: a1 b2 c3 d4 e5; White: f6", W)  # unbalanced counts are fine
    assert g.to_move == W and g.result is None and len(g.stacks()) == 6
    g = pos("White: a3 b3 c3 d3 e3 f3 g3 h3 i3 j3 k3 l3", B)  # already connected
    assert g.result == Result(W, "connection") and g.legal_moves() == []
    assert g.highlight_result() == "a3 b3 c3 d3 e3 f3 g3 h3 i3 j3 k3 l3".split()
    with pytest.raises(PositionError, match="crossed"):
        pos("Black: b3 c4; White: b4 c3")
    assert pos("Black: b3 c4 bc34; White: b4 c3").result is None  # blocked midpoint: fine


def test_8_12_swap_in_setup_positions():
    text = "Black: a6 a7 l6 l7 f6; White: f1 g1 f12 g12"
    assert "swap" in pos(text, W, pie=True, plies=1).legal_strs()
    assert "swap" not in pos(text, W, pie=False, plies=1).legal_strs()
    assert "swap" not in pos(text, W, pie=True, plies=0).legal_strs()
    assert "swap" not in pos(text, W, pie=True, plies=2).legal_strs()
    g = pos(text, W, pie=True, plies=1)
    g.push("swap")
    assert g.swapped and g.ply == 1 and g.to_move == W


def test_8_13_moves_after_the_end_rejected():
    g = pos("Black: c1 c2 c4 c5 c6 c7 c8 c9 c10 c11 c12; White: a1")
    g.push("c3")
    res = g.result
    for text in ("a2", "de1112", "swap"):
        with pytest.raises(GameOverError):
            g.push(text)
    with pytest.raises(InvalidMoveError):
        g.push("zz")  # malformed text is still reported as malformed
    assert g.result is res and g.ply == 1


def test_8_14_perft_conventions():
    assert perft(Onyx.new(), 0) == 1
    done = pos("Black: c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12", W)
    assert perft(done, 0) == 1 and perft(done, 1) == 0 and perft(done, 2) == 0
    g = Onyx.new(pie=True)
    g.push("f6")
    assert perft(g, 1) == 190  # swap counts as a move


def test_8_15_colours_keep_their_edges_after_swap():
    g = Onyx.new(open=True, pie=True)
    g.push("c1")
    g.push("swap")
    # White (now played by the first player) still connects columns a and l.
    black = "c2 c3 c4 c6 c7 c8 c9 c10 c11 c12 d12".split()
    white = "a5 b5 c5 d5 e5 f5 g5 h5 i5 j5 k5 l5".split()
    for w, b in zip(white, black):
        g.push(w)
        assert g.result is None
        g.push(b)
        assert g.result is None
    g.push("l5")
    assert g.result == Result(W, "connection") and g.swapped
    assert g.highlight_result() == white
    # Black still connects rows 1 and 12 after a swap.
    h = Onyx.from_position("Black: " + " ".join(f"c{y}" for y in range(1, 12)), B, swapped=True)
    assert h.swapped
    h.push("c12")
    assert h.result == Result(B, "connection")


# ===================================================================== 9. Worked examples
W1_POS = "Black: a4 b3 c2 c4 d3; White: a5 b4 d2"


def test_W1_single_capture():
    g = pos(W1_POS, B)
    m = g.parse_move("b5")
    assert m in g.legal_moves() and g.record_str(m) == "b5*"
    assert g.counts() == {"black": 0, "white": 0}
    g.push("b5*")
    assert stones(g) == (set("a4 b3 b5 c2 c4 d3".split()), {"d2"}) and g.result is None
    assert g.counts() == {"black": 2, "white": 0}


def test_W2_double_capture():
    g = pos(W1_POS, W)
    assert g.record_str(g.parse_move("c3")) == "c3**"
    g.push("c3**")
    assert stones(g) == ({"a4"}, set("a5 b4 c3 d2".split())) and g.result is None
    assert g.counts() == {"black": 0, "white": 4}


def test_W3_capture_order_matters():
    g = pos(W1_POS, B)
    g.push("b5")
    assert g.record_str(g.parse_move("c3")) == "c3*"
    g.push("c3*")
    assert stones(g)[0] == set("a4 b3 b5 c4".split())


def test_W4_occupied_midpoint_protects_its_square():
    for mid_colour in ("Black", "White"):
        other = "White" if mid_colour == "Black" else "Black"
        base = {"Black": "b3 c2 c4 d3", "White": "b4 d2"}
        base[mid_colour] += " bc34"
        g = pos(f"Black: {base['Black']}; White: {base['White']}", W)
        assert g.record_str(g.parse_move("c3")) == "c3*", other
        g.push("c3*")
        assert stones(g)[0] >= {"b3", "c4"} and not stones(g)[0] & {"c2", "d3"}
    g = pos("Black: b3 c2 c4 d3 bc34; White: b4 d2 cd23", W)
    assert g.record_str(g.parse_move("c3")) == "c3"


def test_W5_own_stone_opposite_required():
    g = pos("White: b4 c3", B)
    assert g.record_str(g.parse_move("c4")) == "c4"
    g = pos("Black: b3; White: b4 c3", B)
    assert g.record_str(g.parse_move("c4")) == "c4*"
    with pytest.raises(IllegalMoveError):
        g.parse_move("c4**")
    g.push("c4*")
    assert stones(g) == ({"b3", "c4"}, set())
    g = pos("Black: b3 c4; White: b4", B)
    assert g.record_str(g.parse_move("c3")) == "c3"


def test_W6_triangle_pair_never_captures():
    g = pos("Black: c2; White: b2 c3", B)
    m = g.parse_move("b3")
    assert m in g.legal_moves() and g.record_str(m) == "b3"
    geo = g._g
    assert (1, 2) not in geo.cell_mid
    assert frozenset((geo.index["b3"], geo.index["c2"])) in {frozenset(e) for e in geo.diag}


def test_W7_double_capture_other_shape():
    g = pos("Black: f4 d6; White: e4 f5 d5 e6", B)
    assert g.record_str(g.parse_move("e5")) == "e5**"
    assert set(g.captured_by(g.parse_move("e5"))) == set("e4 f5 d5 e6".split())
    for colour in ("Black", "White"):
        text = ("Black: f4 d6 ef45; White: e4 f5 d5 e6" if colour == "Black"
                else "Black: f4 d6; White: e4 f5 d5 e6 ef45")
        g = pos(text, B)
        assert g.record_str(g.parse_move("e5")) == "e5*"
        assert set(g.captured_by(g.parse_move("e5"))) == {"d5", "e6"}


def test_W8_midpoint_legality_in_standard_start():
    g = Onyx.new()
    legal = set(g.legal_strs())
    for mid in ("fg1112", "fg12", "ab67", "kl67"):
        assert mid not in legal
        with pytest.raises(IllegalMoveError):
            g.parse_move(mid)
    assert {"de1112", "bc910", "ab1011"} <= legal
    for text in ("ab12", "kl1112", "fg1011"):
        with pytest.raises(InvalidMoveError, match="not a point"):
            g.parse_move(text)


def test_W9_midpoint_becomes_legal_again():
    g = pos("Black: e5; White: d5 e6", B)
    with pytest.raises(IllegalMoveError):
        g.parse_move("cd45")
    assert g.record_str(g.parse_move("d6")) == "d6*"
    g.push("d6")
    assert g.to_move == W
    assert "cd45" in g.legal_strs()
    with pytest.raises(IllegalMoveError):
        g.parse_move("de56")


W10_BLACK = "c1 c2 c4 c5 c6 d7 d8 d9 d10 d11 d12"


def test_W10_win_through_midpoint():
    g = pos(f"Black: {W10_BLACK} cd67; White: b3 e6 e7", B)
    assert g.result is None
    g.push("c3")
    assert g.result == Result(B, "connection")
    assert g.highlight_result() == "c1 c2 c3 c4 c5 c6 cd67 d7 d8 d9 d10 d11 d12".split()
    g = pos(f"Black: {W10_BLACK}; White: b3 e6 e7", B)
    g.push("c3")
    assert g.result is None and g.highlight_result() == []


def test_W11_win_touching_board_corner():
    g = pos("White: b2 c2 d2 e2 f2 g2 h2 i2 j2 k2 l2; Black: a2 a3", W)
    g.push("a1")
    assert g.result == Result(W, "connection")
    assert g.highlight_result() == "a1 b2 c2 d2 e2 f2 g2 h2 i2 j2 k2 l2".split()
    row12 = "b12 c12 d12 e12 f12 g12 h12 i12 j12 k12 l12"
    g = pos(f"White: {row12}; Black: a11", W)
    g.push("a12")
    assert g.result == Result(W, "connection")
    g = pos(f"White: {row12.replace(' l12', '')}; Black: a11", W)
    g.push("a12")
    assert g.result is None


def test_W12_capture_and_win_in_one_move():
    g = pos("Black: b4 c1 c2 d3 d4 d5 d6 d7 d8 d9 d10 d11 d12; White: b3 c4", B)
    m = g.parse_move("c3")
    assert g.record_str(m) == "c3*"
    assert g.motions(m) == [Motion("place", None, "c3", ("B",), 0),
                           Motion("remove", "b3", None, ("W",), 1),
                           Motion("remove", "c4", None, ("W",), 1)]
    g.push("c3*")
    assert g.result == Result(B, "connection")
    assert stones(g)[1] == set()
    chain = g.highlight_result()
    assert chain == "c1 c2 c3 d4 d5 d6 d7 d8 d9 d10 d11 d12".split()  # c3-d4 is a diagonal


@pytest.mark.parametrize("n,standard,open_", [(12, 192, 204), (16, 356, 368), (20, 568, 580)])
def test_W13_first_move_counts(n, standard, open_):
    assert len(Onyx.new(size=n).legal_moves()) == standard
    assert len(Onyx.new(size=n, open=True).legal_moves()) == open_
    if n == 12:
        corners = [m for m in Onyx.new().legal_moves() if m < 144]
        assert len(corners) == 136


def test_W13_after_f6_and_swap():
    g = Onyx.new()
    g.push("f6")
    assert len(g.legal_moves()) == 189
    g = Onyx.new(pie=True)
    with pytest.raises(IllegalMoveError):
        g.push("swap")  # not as Black's first move
    g.push("f6")
    assert len(g.legal_moves()) == 190 and "swap" in g.legal_strs()
    before = g.stacks()
    g.push("swap")
    assert g.stacks() == before and g.to_move == W and len(g.legal_moves()) == 189
    assert "swap" not in g.legal_strs()
    g = Onyx.new()
    g.push("f6")
    with pytest.raises(IllegalMoveError, match="pie rule"):
        g.push("swap")


W14 = [
    ({}, [1, 192, 36448, 6840856]),
    ({"pie": True}, [1, 192, 36640, 6877304]),
    ({"open": True}, [1, 204, 41172, 8220704]),
    ({"open": True, "pie": True}, [1, 204, 41376, 8261876]),
]


@pytest.mark.parametrize("opts,counts", W14)
def test_W14_perft(opts, counts):
    g = Onyx.new(**opts)
    k = g.key()
    assert [perft(g, d) for d in range(4)] == counts
    assert g.key() == k and g.ply == 0


# ===================================================================== set-up text, UI helpers
def test_position_text_roundtrip_and_variations():
    g = Onyx.new()
    text = g.position_text()
    assert text == "Black: a6 a7 l6 l7; White: f1 f12 g1 g12"
    h = Onyx.from_position(text, B)
    assert h.key() == g.key() and h.stacks() == g.stacks()
    v = Onyx.from_position("  white : G12, g1 F12 f1 ;BLACK:L7 l6 A7 a6;", "black")
    assert v.key() == g.key()
    assert Onyx.from_position("", B).stacks() == {}
    assert Onyx.from_position("Black: ; White:", W).to_move == W
    assert Onyx.from_position("Black: bc34 a4", B).position_text() == "Black: a4 bc34; White: "


@pytest.mark.parametrize("text,fragment", [
    ("Black: a4 zz9", "not a point"), ("Black: a13", "row 13"), ("Red: a4", "unknown entry"),
    ("Black: a4; Black: a5", "twice"), ("Black: a4; White: a4", "given twice"),
    ("Black: a4 a4", "given twice"), ("Black a4", "expected"), ("Black: ab12", "triangle pair"),
])
def test_position_errors(text, fragment):
    with pytest.raises(PositionError, match=fragment):
        Onyx.from_position(text, B)


def test_position_bad_options():
    with pytest.raises(PositionError):
        Onyx.from_position("Black: a1", "green")
    with pytest.raises(PositionError, match="plies"):
        Onyx.from_position("Black: a1", B, plies=-1)
    with pytest.raises(PositionError):
        Onyx.from_position("Black: p16", B, size=12)
    assert Onyx.from_position("Black: p16", B, size=16).stacks() == {"p16": ("B",)}


def test_motions_place_and_removes():
    g = pos(W1_POS, W)
    m = g.parse_move("c3")
    mot = g.motions(m)
    assert mot[0] == Motion("place", None, "c3", ("W",), 0)
    assert {x.src for x in mot[1:]} == {"b3", "c4", "c2", "d3"}
    assert all(x.kind == "remove" and x.dst is None and x.pieces == ("B",) and x.step == 1 for x in mot[1:])
    assert g.motions(g.parse_move("e5")) == [Motion("place", None, "e5", ("W",), 0)]
    assert g.motions(g.parse_move("de1112")) == [Motion("place", None, "de1112", ("W",), 0)]


def test_threats():
    assert pos(W1_POS, W).threats() == ["a5", "b4"]  # Black's b5 would take them
    assert pos(W1_POS, B).threats() == ["b3", "c2", "c4", "d3"]
    assert pos("Black: c4; White: b4", B).threats() == []
    assert Onyx.new().threats() == []


def test_counts_follow_undo():
    g = pos(W1_POS, W)
    g.push("c3")
    assert g.counts() == {"black": 0, "white": 4}
    g.undo()
    assert g.counts() == {"black": 0, "white": 0} and g.position_text() == pos(W1_POS, W).position_text()


def test_key_includes_side_to_move_and_swap_window():
    a = Onyx.from_position("Black: a1", B)
    b = Onyx.from_position("Black: a1", W)
    assert a.key() != b.key()
    c = Onyx.from_position("Black: a1", W, pie=True, plies=1)
    assert c.key() != b.key()
    assert Onyx.from_position("Black: a1", W, pie=True, plies=3).key() == b.key()


def test_undo_with_empty_history():
    with pytest.raises(IllegalMoveError):
        Onyx.new().undo()


def test_copy_is_independent():
    g = pos(W1_POS, W)
    c = g.copy()
    c.push("c3")
    assert g.stacks() == pos(W1_POS, W).stacks() and g.ply == 0 and g.counts()["white"] == 0
    assert c.counts()["white"] == 4 and c.copy().key() == c.key()


def test_make_game_registry():
    g = make_game("onyx", size=16, pie=True)
    assert isinstance(g, Onyx) and g.options() == {"size": 16, "open": False, "pie": True}


# ===================================================================== property tests
def play_random(g: Onyx, rng: random.Random, plies: int) -> None:
    for _ in range(plies):
        if g.is_over:
            return
        moves = g.legal_moves()
        g.play(moves[rng.randrange(len(moves))])


def snapshot(g: Onyx):
    return (g.position_text(), g.key(), g.to_move, g.result, g.counts(), g.swapped,
            sorted(g.legal_moves()), g.ply)


PROP = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROP
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(OPTION_SETS) - 1))
def test_prop_undo_restores_everything(seed, which):
    rng = random.Random(seed)
    g = Onyx.new(**OPTION_SETS[which])
    snaps = [snapshot(g)]
    while not g.is_over:
        play_random(g, rng, 1)
        snaps.append(snapshot(g))
    while g.ply:
        snaps.pop()
        g.undo()
        assert snapshot(g) == snaps[-1]


@PROP
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(OPTION_SETS) - 1))
def test_prop_notation_motions_and_keys(seed, which):
    rng = random.Random(seed)
    opts = OPTION_SETS[which]
    g = Onyx.new(**opts)
    while not g.is_over:
        moves = g.legal_moves()
        for m in rng.sample(moves, min(12, len(moves))) + ([Onyx.SWAP] if Onyx.SWAP in moves else []):
            name, rec = g.move_str(m), g.record_str(m)
            assert g.parse_move(name) == m == g.parse_move(rec) == g.parse_move(" ".join(rec.upper()))
        m = moves[rng.randrange(len(moves))]
        before = g.stacks()
        mot = g.motions(m)
        mover = g.to_move
        g.play(m)
        after = g.stacks()
        if m == Onyx.SWAP:
            assert before == after
        else:
            assert mot[0].kind == "place" and after[mot[0].dst] == (("B",) if mover == B else ("W",))
            removed = {x.src for x in mot[1:]}
            assert set(before) - set(after) == removed and set(after) - set(before) == {mot[0].dst}
            if m >= g._g.nc:  # 8.2: a midpoint placement never captures or wins
                assert removed == set() and g.result is None
        if g.ply % 4 and not g.is_over:
            continue
        # key equals a key computed from scratch
        fresh = Onyx.from_position(g.position_text(), g.to_move, pie=g._pie, plies=g.ply,
                                   size=g.size)
        assert fresh.key() == g.key() and fresh.result == g.result
        assert g.result is None or not g._connected(2 - g.result.winner)
    res = g.result
    assert g.legal_moves() == []
    for text in ("a1", "swap"):
        with pytest.raises(GameOverError):
            g.push(text)
    assert g.result is res


@PROP
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(OPTION_SETS) - 1),
       prefix=st.integers(0, 40), budget=st.sampled_from([0, 1, 3, 20, 1000]))
def test_prop_random_playout_equals_play(seed, which, prefix, budget):
    rng = random.Random(seed)
    opts = OPTION_SETS[which]
    g = Onyx.new(**opts)
    play_random(g, rng, prefix)
    c = g.copy()
    res = c.random_playout(rng, budget)
    assert c.ply - g.ply <= budget and (res is not None or c.ply - g.ply == budget)
    h = Onyx.new(**opts)
    for m in c.moves_played():
        assert m in h.legal_moves()
        h.play(m)
    assert snapshot(h) == snapshot(c) and h.moves_played() == c.moves_played()
    assert res == c.result == h.result
    while c.ply > g.ply:
        c.undo()
    assert snapshot(c) == snapshot(g)


def test_random_playout_on_finished_game_changes_nothing():
    g = pos("Black: c1 c2 c3 c4 c5 c6 c7 c8 c9 c10 c11 c12", W)
    k = g.key()
    assert g.random_playout(random.Random(1)) == Result(B, "connection")
    assert g.ply == 0 and g.key() == k


def test_random_playout_from_setup_position():
    text = "Black: a4 b3 c2 c4 d3 bc910; White: a5 b4 d2 e5 f6"
    for seed in range(20):
        g = pos(text, W, pie=True, plies=1)
        res = g.random_playout(random.Random(seed))
        h = pos(text, W, pie=True, plies=1)
        for m in g.moves_played():
            h.play(m)
        assert res == h.result and snapshot(h) == snapshot(g) and res is not None


# ===================================================================== referee command
def run(capsys, *args):
    code = referee(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_referee_worked_examples(capsys):
    code, out, _ = run(capsys, "onyx", "legal")
    data = json.loads(out)
    assert code == 0 and len(data["legal"]) == 192 and data["to_move"] == "black"
    assert not {"fg1112", "fg12", "ab67", "kl67"} & set(data["legal"])  # W8
    data = json.loads(run(capsys, "onyx", "legal", "--pie", "f6")[1])
    assert len(data["legal"]) == 190 and "swap" in data["legal"]  # W13
    data = json.loads(run(capsys, "onyx", "legal", "--pie", "f6", "SWAP")[1])
    assert len(data["legal"]) == 189 and data["to_move"] == "white"
    assert run(capsys, "onyx", "perft", "2", "--open", "--pie")[1].strip() == "41376"  # W14
    assert run(capsys, "onyx", "perft", "1", "--size", "20")[1].strip() == "568"
    code, out, err = run(capsys, "onyx", "legal", "c4*")
    assert code == 2 and out == "" and "captures nothing" in err
    # A short won game on the open board: Black runs up column c while White dawdles.
    moves = []
    for y in range(1, 13):
        moves.append(f"c{y}")
        if y < 12:
            moves.append(f"k{y}")
    data = json.loads(run(capsys, "onyx", "legal", "--open", *moves)[1])
    assert data["result"] == {"winner": "black", "reason": "connection"} and data["legal"] == []


def test_referee_subprocess():
    out = subprocess.run([sys.executable, "-m", "game.rules", "onyx", "legal", "--open", "e5", "d5",
                          "f4", "e6", "d6*"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["to_move"] == "white" and "cd45" in data["legal"] and "de56" not in data["legal"]
    assert "d5" in data["legal"] and "e6" in data["legal"]
