"""``python -m game.ai.analyse`` (a position's value and best lines) and the review's
accuracy and slide note (``game.ai.review``). Iteration budgets only: no clock."""
from __future__ import annotations

import json

import pytest

from game.ai.analyse import analyse_position, build_position, main
from game.ai.review import (PlyReview, game_accuracy, mark_for, move_accuracy, summarize)
from game.rules.amoeba import START as AMOEBA_START
from game.rules.base import Color

IT = 60

# Amoeba: White's Kernel on d4, where Black's c3 takes it.
AMOEBA_KERNEL_HANGS = AMOEBA_START.replace("f3: Wk", "d4: Wk")
# Amoeba, White to move: Black's Kernel on c3 next to White's d3 (d3-c3 takes it).
AMOEBA_WHITE_TAKES = (AMOEBA_START.replace("b3: Bk", "b3: B").replace("c3: B", "c3: Bk")
                      .replace("e1: W", "d3: W"))
# Onyx: Black's chain e1..e11 connects at e12.
ONYX_BLACK = ("Black: " + " ".join(f"e{i}" for i in range(1, 12))
              + "; White: d12 f12 h3 h4 h5 h6 h7 h8 h9 i9 j9")
# Onyx: White's row 5 from a to k connects at l5.
ONYX_WHITE = "White: " + " ".join(f"{c}5" for c in "abcdefghijk") + "; Black: c3 d7 f7"
# Onager: Black's j3 reaches White's back row (j3-k3) and no reply answers it.
ONAGER_RUNNER = "j3: B; e3: B; c4: W; d5: W; f8: W"


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------ wins in one
@pytest.mark.parametrize("name,setup,to_move,move,value", [
    ("amoeba", AMOEBA_KERNEL_HANGS, "black", "c3-d4", 1.0),
    ("amoeba", AMOEBA_WHITE_TAKES, "white", "d3-c3", 0.0),
    ("onyx", ONYX_BLACK, "black", "e12", 1.0),
    ("onyx", ONYX_WHITE, "white", "l5", 0.0),
    ("onager", ONAGER_RUNNER, "black", "j3-k3", 1.0),
])
def test_analyse_finds_the_win_in_one(capsys, name, setup, to_move, move, value) -> None:
    code, out, err = run(capsys, name, "--setup", setup, "--to-move", to_move,
                         "--iterations", str(IT), "--json")
    assert code == 0 and not err
    data = json.loads(out)
    assert set(data) == {"to_move", "value", "lines"}
    assert data["to_move"] == to_move and data["value"] == value
    top = data["lines"][0]
    assert top["move"] == move and top["value"] == value and top["line"][0] == move


def test_lines_are_sorted_legal_lines_with_black_chances() -> None:
    game = build_position("amoeba")
    a = analyse_position(game, iterations=300, lines=4, seed=1)
    assert a.to_move == "black" and 0.0 <= a.value <= 1.0 and len(a.lines) == 4
    visits = [ln.visits for ln in a.lines]
    assert visits == sorted(visits, reverse=True)
    assert len({ln.move for ln in a.lines}) == 4
    for ln in a.lines:
        assert 0.0 <= ln.value <= 1.0 and ln.line[0] == ln.move
        g = game.copy()
        for text in ln.line:
            g.push(text)                        # every line is playable
    again = analyse_position(build_position("amoeba"), iterations=300, lines=4, seed=1)
    assert again == a                           # no clock: deterministic


def test_moves_after_the_start_and_white_to_move(capsys) -> None:
    code, out, _ = run(capsys, "onyx", "--size", "12", "e5", "--iterations", "80", "--lines",
                       "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["to_move"] == "white" and len(data["lines"]) == 2
    code, out, _ = run(capsys, "onyx", "e5", "--iterations", "80")
    assert code == 0 and "White to move" in out and "Black's chance" in out


def test_forced_and_finished_positions() -> None:
    done = build_position("amoeba", setup=AMOEBA_KERNEL_HANGS, moves=["c3-d4"])
    a = analyse_position(done)
    assert a.value == 1.0 and a.lines == () and a.proven == "black"


def test_the_lake_phase_is_searched_for_the_lines_asked(capsys) -> None:
    """Onager's lakes are searched like any move: as many lines as asked, each with visits of
    its own search (the players' engine places them by a rule, unsearched)."""
    lakes = analyse_position(build_position("onager"), iterations=IT)
    assert lakes.to_move == "black" and len(lakes.lines) == 3 and lakes.iterations > 0
    assert all(ln.visits > 0 for ln in lakes.lines)
    code, out, _ = run(capsys, "onager", "d7", "--iterations", "120", "--lines", "2")
    rows = [ln for ln in out.splitlines() if ln.lstrip()[:2] in ("1.", "2.")]
    assert code == 0 and "White to move" in out and " 0 iterations searched" not in out
    assert len(rows) == 2, out


@pytest.mark.parametrize("args,words", [
    (["chess"], "invalid choice"),
    (["amoeba", "--size", "12"], "--size is for onyx only"),
    (["onyx", "--size", "13"], "12, 16 or 20"),
    (["amoeba", "zz"], "move 1 'zz' refused"),
    (["amoeba", "--seconds", "1", "--iterations", "5"], "not allowed"),
    (["amoeba", "--seconds", "0"], "--seconds must be"),
    (["amoeba", "--lines", "0"], "--lines must be"),
    (["onyx", "--setup", "Blak: a1"], "Blak"),
    (["amoeba", "--to-move", "white"], "--to-move needs --setup"),
])
def test_bad_input_exits_2_with_one_line(capsys, args, words) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err


# ------------------------------------------------------------------ review accuracy
def test_move_accuracy_curve() -> None:
    assert move_accuracy(0.0) == 100.0 and move_accuracy(-0.2) == 100.0
    assert move_accuracy(None) == 100.0
    assert 95 < move_accuracy(0.01) < 96 and 79 < move_accuracy(0.05) < 80
    assert 40 < move_accuracy(0.20) < 41 and move_accuracy(1.0) < 1.1


def test_game_accuracy_cannot_read_high_for_a_slide() -> None:
    assert game_accuracy([]) is None
    assert game_accuracy([0.0] * 30) == pytest.approx(100.0)
    slide = [0.49 / 40] * 40                    # 52% to 3% a point at a time
    old = 100 * sum(1 - d for d in slide) / len(slide)
    assert old > 98                             # what the review said before
    assert game_accuracy(slide) < 75
    one_blunder = [0.0] * 20 + [0.5]
    assert game_accuracy(one_blunder) < 70
    assert game_accuracy([0.0] * 20 + [0.1]) > 85   # one inaccuracy in a good game


def _slide_plies(n_moves: int = 40, start: float = 0.52, end: float = 0.03) -> list[PlyReview]:
    """Black's chance falls evenly on Black's moves; White's moves keep it."""
    plies = []
    v = start
    step = (start - end) / n_moves
    for i in range(1, 2 * n_moves + 1):
        mover = "black" if i % 2 else "white"
        after = round(start - step * ((i + 1) // 2), 3) if mover == "black" else v
        drop = round(v - after, 3) if mover == "black" else 0.0
        plies.append(PlyReview(i, f"m{i}", mover, mover, "b", ("b",), v, after, None, None,
                               drop, mark_for(drop)))
        v = after
    return plies


def test_a_steady_slide_is_named_in_the_summary() -> None:
    s = summarize(_slide_plies())
    assert (s.black.blunders, s.black.mistakes, s.black.inaccuracies) == (0, 0, 0)
    assert s.black.accuracy < 75 and s.white.accuracy == 100.0
    assert s.black.lost == pytest.approx(49.0, abs=0.5)
    (sl,) = s.slides
    assert sl.player == "black" and sl.from_ply == 1 and sl.to_ply == 79
    assert sl.chance_from == 0.52 and sl.chance_to == pytest.approx(0.03, abs=0.002)
    assert s.notes() == ["Black's chance slid from 52% to 3% over moves 1\u201340 "
                         "without one big mistake"]
    names = {"black": "You", "white": "Computer"}
    assert s.notes(names.get, lambda ply: f"#{ply}") == [
        "Your chance slid from 52% to 3% over moves #1\u2013#79 without one big mistake"]
    data = s.to_json()
    assert data["slides"][0]["player"] == "black" and data["notes"] == s.notes()


def test_no_slide_note_when_a_blunder_explains_the_fall() -> None:
    plies = _slide_plies(n_moves=4, start=0.5, end=0.5)   # a quiet game ...
    plies.append(PlyReview(9, "m9", "black", "black", "b", ("b",), 0.5, 0.05, None, None,
                           0.45, "??"))                    # ... and one blunder
    s = summarize(plies)
    assert s.slides == () and s.notes() == []
    small = summarize(_slide_plies(n_moves=20, start=0.5, end=0.3))   # a fall of 20 points
    assert small.slides == ()


def test_fill_gives_the_round_to_the_lines_with_fewest_visits_first() -> None:
    from game.ai.analyse import _fill
    assert _fill([0, 0, 0], 300) == [100, 100, 100]          # fresh lines: equal shares
    assert _fill([300, 300, 0], 600) == [100, 100, 400]      # a new line catches up first
    assert _fill([1000, 1000, 0], 300) == [0, 0, 300]
    assert sum(_fill([7, 3, 3], 10)) == 10 and _fill([], 10) == []


def test_a_line_new_in_a_later_round_catches_up_with_the_others() -> None:
    """The board's worker keeps the lines' searches from round to round: a move that enters
    the answer later gets the larger share of the round, so every line shown ends the round
    on a search of the same size and none is left muted."""
    from game.ai.analyse import AnalysisTrees
    game = build_position("amoeba")
    trees = AnalysisTrees()
    first = analyse_position(game, iterations=1200, lines=2, seed=0, tree=trees)
    assert [ln.visits for ln in first.lines] == [300, 300]
    second = analyse_position(game, iterations=1200, lines=3, seed=1, tree=trees)
    visits = [ln.visits for ln in second.lines]
    assert len(visits) == 3 and max(visits) - min(visits) <= 2, visits
    assert all(ln.reliable for ln in second.lines)


def test_reserve_moves_get_searches_of_their_own_and_the_best_lines_are_shown() -> None:
    """With ``reserve`` the most visited moves beyond the lines shown are searched like the
    lines, from the same budget, and the best of them all shown: three lines and two reserves
    show the first three of five lines searched alike."""
    game = build_position("amoeba")
    five = analyse_position(game, iterations=3000, lines=5, seed=0)
    three = analyse_position(game, iterations=3000, lines=3, seed=0, reserve=2)
    assert [ln.visits for ln in five.lines] == [300] * 5
    assert three.lines == five.lines[:3] and three.value == five.value


def test_a_timed_analysis_keeps_to_the_trees_iteration_cap(monkeypatch):
    # the analysis board asks for 30 s and no iteration count: the cap on the tree's memory
    # (worker.ANALYSE_ITERATIONS, 300,000) applied only when neither was given, and the
    # board showed 378,081 iterations
    import itertools
    from game.ai import worker
    monkeypatch.setattr(worker, "ANALYSE_ITERATIONS", 600)
    ticks = itertools.count()
    reply = worker.analyse_request({"game": "amoeba", "seconds": 5.0, "lines": 2, "request_id": "t"},
                                   clock=lambda: next(ticks) * 1e-4)      # 50,000 looks at the clock
    assert reply is not None and reply.ok
    assert 0 < reply.info["done"] <= 600
