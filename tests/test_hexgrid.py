"""Section 2.1 of docs/rules/amoeba.md and onager.md: the hex-hex geometry both games use."""
import pytest

from game.rules.hexgrid import DIR_NAMES, grid


def nb(g, label):
    p = g.index[label]
    return {DIR_NAMES[d]: g.labels[q] for d, q in enumerate(g.neighbour[p]) if q >= 0}


@pytest.mark.parametrize("side,count,rows", [(4, 37, [4, 5, 6, 7, 6, 5, 4]),
                                             (6, 91, [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6])])
def test_size_and_rows(side, count, rows):
    g = grid(side)
    assert g.size == count == 3 * side * side - 3 * side + 1
    assert [g.row_length(i) for i in range(g.rows)] == rows


def test_amoeba_examples():
    g = grid(4)
    assert g.qr[g.index["a1"]] == (0, -3) and g.cube(g.index["a1"])[2] == 3
    assert nb(g, "a1") == {"E": "a2", "NE": "b2", "NW": "b1"}
    assert g.qr[g.index["c1"]] == (-2, -1)
    assert nb(g, "c1") == {"E": "c2", "NE": "d2", "NW": "d1", "SE": "b1"}
    assert g.qr[g.index["d4"]] == (0, 0)
    assert nb(g, "d4") == {"E": "d5", "W": "d3", "NE": "e4", "NW": "e3", "SE": "c4", "SW": "c3"}
    assert g.qr[g.index["e6"]] == (2, 1) and g.cube(g.index["e6"])[2] == -3
    line = [g.labels[p] for p in range(g.size) if g.qr[p][0] == 0]
    assert line == "a1 b2 c3 d4 e4 f4 g4".split()
    ray = [g.labels[p] for p in g.rays[g.index["b2"]][DIR_NAMES.index("NE")]]
    assert ray == "c3 d4 e4 f4 g4".split()
    assert g.line_between(g.index["a1"], g.index["c2"]) is None


def test_onager_examples():
    g = grid(6)
    assert g.qr[g.index["a1"]] == (0, -5)
    assert nb(g, "a1") == {"E": "a2", "NE": "b2", "NW": "b1"}
    assert g.qr[g.index["h1"]] == (-5, 2) and g.cube(g.index["h1"])[2] == 3
    assert nb(g, "h1") == {"E": "h2", "NE": "i1", "SE": "g2", "SW": "g1"}
    assert nb(g, "f6") == {"E": "f7", "W": "f5", "NE": "g6", "NW": "g5", "SE": "e6", "SW": "e5"}
    assert g.qr[g.index["g10"]] == (4, 1) and g.cube(g.index["g10"])[2] == -5
    assert g.qr[g.index["c3"]] == (0, -3)
    ray = [g.labels[p] for p in g.rays[g.index["k1"]][DIR_NAMES.index("SE")]]
    assert ray == "j2 i3 h4 g5 f6 e6 d6 c6 b6 a6".split()


@pytest.mark.parametrize("side", [4, 6])
def test_degrees_and_beyond_formula(side):
    g = grid(side)
    degrees = sorted(len(a) for a in g.adjacent)
    assert degrees.count(3) == 6
    R = g.R
    for p in range(g.size):
        q, r, z = g.cube(p)
        # E: min(R - q, R + z), as in the spec
        assert g.beyond(p, 0) == min(R - q, R + z)
        for d in range(6):
            for k, t in enumerate(g.rays[p][d], start=1):
                assert g.line_between(p, t) == (d, k)


@pytest.mark.parametrize("side", [4, 6])
def test_label_arithmetic(side):
    """Item 6: label arithmetic agrees with axial coordinates."""
    g = grid(side)
    R = g.R
    for p in range(g.size):
        i, n = g.row_of[p], g.num_of[p]
        up_ne = (i + 1, n + 1) if i < R else (i + 1, n)
        up_nw = (i + 1, n) if i < R else (i + 1, n - 1)
        down_se = (i - 1, n + 1) if i > R else (i - 1, n)
        down_sw = (i - 1, n) if i > R else (i - 1, n - 1)
        expect = {"E": (i, n + 1), "W": (i, n - 1), "NE": up_ne, "NW": up_nw, "SE": down_se, "SW": down_sw}
        for d, name in enumerate(DIR_NAMES):
            ri, rn = expect[name]
            ok = 0 <= ri < g.rows and 1 <= rn <= g.row_length(ri)
            want = f"{chr(97 + ri)}{rn}" if ok else None
            got = g.labels[g.neighbour[p][d]] if g.neighbour[p][d] >= 0 else None
            assert got == want
