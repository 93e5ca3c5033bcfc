"""``Game.dangers()``: every way a game can end one move from now, as values (the rules core).

Hand-made positions for each game (a threat of the other side, the side to move's own chance,
a position with no danger, a threat that an answer undoes), and a cross-check against the rules
played out through the public API (every move and, for Onager, every answer) over random games.
"""
from __future__ import annotations

import random

import pytest

from game.rules import make_game
from game.rules.amoeba import Amoeba
from game.rules.base import Color, Danger, Game, Reason, Threat
from game.rules.onager import Onager
from game.rules.onyx import Onyx

B, W = Color.BLACK, Color.WHITE
COLUMN_F = " ".join(f"f{i}" for i in range(1, 12))          # Black's stones f1..f11: one short of row 12


# ---------------------------------------------------------------- the declared default
def test_the_base_game_declares_no_danger():
    assert Game.dangers is not None
    g = Onager.new()                                         # the lake phase: nothing can end the game yet
    assert g.in_setup and g.dangers() == []
    for name in ("amoeba", "onyx", "onager"):
        assert make_game(name).dangers() == [], name        # no danger at any start


# ---------------------------------------------------------------- Onyx: a stone that connects
def test_onyx_the_other_side_connects_next_move():
    g = Onyx.from_position(f"Black: {COLUMN_F}; White: a5 b5", W)
    assert g.dangers() == [Danger(B, False, Threat.CONNECT, ("f12",), (("f12",),), ("f12",))]


def test_onyx_the_side_to_move_connects_now():
    g = Onyx.from_position(f"Black: {COLUMN_F}; White: a5 b5", B)
    (d,) = g.dangers()
    assert d.who == B and d.now and d.moves == ("f12",)
    g.push("f12")
    assert g.result is not None and g.result.reason == Reason.CONNECTION


def test_onyx_both_sides_and_a_blocked_point():
    row_6 = " ".join(f"{c}6" for c in "bcdeghijk")          # White: b6..k6 without f6, one short at a6 and l6
    g = Onyx.from_position(f"Black: {COLUMN_F}; White: {row_6}", B)
    found = {(d.who, d.now): d.moves for d in g.dangers()}
    assert found == {(B, True): ("f12",)}                   # White needs two more stones: no threat
    g = Onyx.from_position(f"Black: {COLUMN_F} f12; White: a5", B)   # Black has connected: over
    assert g.is_over and g.dangers() == []


def test_onyx_no_danger_in_a_quiet_position():
    assert Onyx.from_position("Black: c4 d5; White: b4 e6", B).dangers() == []


# ---------------------------------------------------------------- Amoeba: the Kernel taken
def test_amoeba_a_whole_stack_move_takes_the_kernel_next_move():
    g = Amoeba.from_position("b3: Bk; c3: W; f3: Wk", B)    # c3-b3 would land on the Black Kernel
    (d,) = g.dangers()
    assert d == Danger(W, False, Threat.KERNEL, ("c3-b3",), (("c3", "b3"),), ("b3",))


def test_amoeba_only_a_split_that_drops_the_right_colour_counts():
    (d,) = Amoeba.from_position("c3: Bk; d3: W,W; f3: Wk", B).dangers()
    assert d.who == W and d.moves == ("d3>b3",) and d.paths == (("d3", "c3", "b3"),) and d.cells == ("c3",)
    assert Amoeba.from_position("c3: Bk; d3: B,W; f3: Wk", B).dangers() == []   # it would drop a Black piece


def test_amoeba_the_side_to_move_takes_the_kernel_now():
    g = Amoeba.from_position("b3: Bk; c3: W; f3: Wk", W)
    (d,) = g.dangers()
    assert d.who == W and d.now and d.moves == ("c3-b3",)
    g.push(d.moves[0])
    assert g.result is not None and g.result.winner == W and g.result.reason == Reason.KERNEL_CAPTURED


# ---------------------------------------------------------------- Onager: the back rows
LONG_JUMP = "i2: W; e5: W; d8: B; c2: B"          # White's i2 over e5 lands on a5, Black's back row


def test_onager_a_long_jump_onto_the_back_row_that_stands():
    g = Onager.from_position(LONG_JUMP, B)
    assert g.dangers() == [Danger(W, False, Threat.BACK_ROW, ("i2-a5",), (("i2", "a5"),), ("a5",), (1, 0))]
    g = Onager.from_position(LONG_JUMP, W)                 # White to move: its win, one turn away
    (d,) = g.dangers()
    assert d.now and d.who == W and d.moves == ("i2-a5",)
    g.push("i2-a5")
    g.push(g.legal_strs()[0])                              # whatever Black answers…
    assert g.result is not None and g.result.winner == W and g.result.reason == Reason.BACK_ROW_MAJORITY


def test_onager_a_lead_that_an_answer_undoes_is_no_danger():
    # Black's j3 can walk onto White's back row: 1 to 1 after the jump, so it does not stand
    assert Onager.from_position("i2: W; e5: W; d8: B; j3: B", B).dangers() == []
    # Black's c5 can jump over b5 onto a5, on top of the White disc: the lead is undone
    assert Onager.from_position("i2: W; e5: W; d8: B; c5: B; b5: B", B).dangers() == []


def test_onager_a_lead_that_stands_already():
    g = Onager.from_position("k1: B; k3: W,B; a2: W; i1: W; j1: W; c4: B", W)   # Black leads 2 to 1
    (d,) = [d for d in g.dangers() if d.kind == Threat.LEAD]
    assert d.who == B and not d.now and d.moves == () and d.cells == ("k1", "k3") and d.score == (2, 1)
    assert all(x.kind != Threat.BACK_ROW or x.who != B for x in g.dangers())   # (the lead is the threat)


def test_onager_a_quiet_position_has_no_danger():
    quiet = "c3: B; c4: B; i4: W; i5: W"                    # short jumps only, nowhere near a back row
    assert Onager.from_position(quiet, B).dangers() == [] and Onager.from_position(quiet, W).dangers() == []


# ---------------------------------------------------------------- purity
@pytest.mark.parametrize("game", [Onager.from_position(LONG_JUMP, B), Amoeba.from_position("b3: Bk; c3: W; f3: Wk", B),
                                  Onyx.from_position(f"Black: {COLUMN_F}; White: a5 b5", W)])
def test_dangers_leave_the_position_as_it_was(game):
    before = (game.key(), game.stacks(), game.to_move, game.ply, game.legal_strs())
    game.dangers()
    assert (game.key(), game.stacks(), game.to_move, game.ply, game.legal_strs()) == before


# ---------------------------------------------------------------- against the rules played out
def _ends(g: Game, mover: Color) -> set[str]:
    """The moves after which ``mover`` (to move in ``g``) has won at once (Onyx, Amoeba)."""
    out = set()
    for text in g.legal_strs():
        after = g.copy()
        after.push(text)
        if after.result is not None and after.result.winner == mover and after.result.reason in (
                Reason.CONNECTION, Reason.KERNEL_CAPTURED):
            out.add(text)
    return out


def _far(g: Onager, c: Color) -> int:
    return g.counts()[c.word]


def _lead_takers(g: Onager) -> set[str]:
    """Onager, by playing out every move and every answer: the moves of the side to move after
    which it leads on the far rows (it did not before) and still leads after any answer."""
    me = g.to_move
    out = set()
    if _far(g, me) > _far(g, me.other):
        return out
    for text in g.legal_strs():
        after = g.copy()
        after.push(text)
        if _far(after, me) <= _far(after, me.other):
            continue
        if after.result is not None:
            if after.result.winner == me:
                out.add(text)
            continue
        stands = True
        for answer in after.legal_strs():
            last = after.copy()
            last.push(answer)
            if last.result is None or last.result.winner != me:
                stands = False
                break
        if stands:
            out.add(text)
    return out


def _other_side(g: Game) -> Game | None:
    """The same position with the other side to move (None when that position is over)."""
    other = type(g).from_position(g.position_text(), g.to_move.other,
                                  **{k: v for k, v in g.options().items() if k != "pie"})
    return None if other.is_over else other


def _expected(g: Game) -> dict[tuple[Color, bool], set[str]]:
    out: dict[tuple[Color, bool], set[str]] = {}
    for side, now in ((g.to_move, True), (g.to_move.other, False)):
        h = g if now else _other_side(g)
        if h is None:
            continue
        found = _lead_takers(h) if isinstance(h, Onager) else _ends(h, side)   # type: ignore[arg-type]
        if found:
            out[(side, now)] = found
    return out


def _positions(name: str, count: int, seed: int, plies: tuple[int, int]) -> list[Game]:
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        g = make_game(name)
        for _ in range(rng.randrange(*plies)):
            if g.is_over:
                break
            moves = g.legal_moves()
            g.play(moves[rng.randrange(len(moves))])
        if not g.is_over and not g.in_setup:
            out.append(g)
    return out


@pytest.mark.parametrize("name,count,plies", [("amoeba", 60, (10, 120)), ("onyx", 40, (60, 160)),
                                              ("onager", 40, (10, 120))])
def test_dangers_match_the_rules_played_out(name, count, plies):
    seen = 0
    for g in _positions(name, count, 35, plies):
        got = {(d.who, d.now): set(d.moves) for d in g.dangers() if d.moves}
        assert got == _expected(g), g.position_text()
        for d in g.dangers():
            assert d.now == (d.who == g.to_move)
            assert len(d.paths) == len(d.moves)
            for path, text in zip(d.paths, d.moves):   # each path runs from the move's start to its end
                assert g.parse_text("-".join(path))[0] == g.parse_move(text) if name == "onager" else path[0] in text
                assert (d.cells[0] in path) if name == "amoeba" else (path[-1] in d.cells)
        seen += bool(got)
    assert seen >= 3, "the random positions held too few dangers to check"
