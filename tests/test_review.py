"""Game review (game.ai.review): planted blunders in each game, quiet openings, the pie rule
and lakes, the summary, comments in records, and the command line. Small fixed budgets."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.ai.levels import choose_move
from game.ai.review import (BLUNDER, INACCURACY, MISTAKE, PlyReview, comment_text,
                            comments_to_review, mark_for, parse_comment, review, review_game,
                            review_moves, review_ply, review_positions, review_to_comments,
                            summarize)
from game.rules import game_class, make_game
from game.rules.amoeba import START as AMOEBA_START
from game.rules.base import Color, Game
from game.rules.record import format_record, parse_record, record_from_game

ROOT = Path(__file__).resolve().parent.parent
IT = 150   # iterations per position: the planted cases rest on exact checks, not on the budget


def setup_game(name: str, position: str, to_move: Color, moves: list[str]) -> Game:
    game = game_class(name).from_position(position, to_move)
    for m in moves:
        game.push(m)
    return game


def as_record(game: Game):
    """The game through a record file's text and back (set-up positions included)."""
    return parse_record(format_record(record_from_game(game, ("Ann", "Bob"), "2026-01-01")))


def plies_of(game: Game, iterations: int = IT) -> list[PlyReview]:
    """The review's plies in order (``review_game`` yields them from the last one back)."""
    return sorted(review_game(as_record(game), iterations=iterations, seed=1),
                  key=lambda p: p.ply)


# ------------------------------------------------------------------ planted blunders
# Amoeba: the start position with White's Kernel moved from f3 to d4, where c3 takes it.
AMOEBA_KERNEL_HANGS = AMOEBA_START.replace("f3: Wk", "d4: Wk")
# Amoeba: the start with White's e1 piece on d3: Black's Kernel stepping to c3 is taken by d3-c3.
AMOEBA_D3 = AMOEBA_START.replace("e1: W", "d3: W")
# Onyx: Black's chain e1..e11 connects at e12 only (d12 and f12 are White's).
ONYX_CHAIN = ("Black: " + " ".join(f"e{i}" for i in range(1, 12))
              + "; White: d12 f12 h3 h4 h5 h6 h7 h8 h9 i9 j9")
# Onager: Black's j3 reaches White's back row (j3-k3) and no reply can answer it.
ONAGER_RUNNER = "j3: B; e3: B; c4: W; d5: W; f8: W"
# Onager: White's b3 threatens Black's back row; only d3-b3 (a jump onto it) or h5-g6 hold.
ONAGER_THREAT = "b3: W; c3: B; d3: B; h5: B; g5: W; f8: W"


def test_amoeba_missed_kernel_capture_is_a_blunder() -> None:
    game = setup_game("amoeba", AMOEBA_KERNEL_HANGS, Color.BLACK, ["a1-a2"])
    (p,) = plies_of(game)
    assert (p.ply, p.move, p.mover, p.player) == (1, "a1-a2", "black", "black")
    assert p.mark == "??" and p.reason == "missed-win" and p.judged
    assert p.best == "c3-d4" and p.line[0] == "c3-d4"
    assert p.value_before == 1.0 and p.proven_before == "black"
    assert p.value_after < 1.0 and p.proven_after != "black"


def test_amoeba_move_allowing_the_kernel_capture_is_a_blunder() -> None:
    game = setup_game("amoeba", AMOEBA_D3, Color.BLACK, ["b3-c3", "d3-c3"])
    p1, p2 = plies_of(game)
    assert p1.mark == "??" and p1.reason == "allows-win"
    assert p1.value_after == 0.0 and p1.proven_after == "white"
    assert p1.best != "b3-c3" and p1.value_before > 0.0
    # White takes the Kernel: the game is over and its value exact; a winning move is no error
    assert game.result is not None and game.result.winner == Color.WHITE
    assert (p2.mover, p2.value_before, p2.value_after, p2.proven_after) == ("white", 0.0, 0.0, "white")
    assert p2.mark == "" and p2.drop == 0.0


def test_onyx_missed_and_allowed_connections_are_blunders() -> None:
    game = setup_game("onyx", ONYX_CHAIN, Color.BLACK, ["a1", "h10", "e12"])
    p1, p2, p3 = plies_of(game)
    assert p1.mark == "??" and p1.reason == "missed-win" and p1.best == "e12"
    assert p2.mark == "??" and p2.reason == "allows-win" and p2.best == "e12"  # White must block
    assert p2.value_after == 1.0 and p2.proven_after == "black"
    assert p3.mark == "" and p3.value_after == 1.0 and p3.proven_after == "black"


def test_onager_missed_back_row_win_is_a_blunder() -> None:
    game = setup_game("onager", ONAGER_RUNNER, Color.BLACK, ["j3-i3"])
    (p,) = plies_of(game)
    assert p.mark == "??" and p.reason == "missed-win"
    assert p.best == "j3-k3" and p.proven_before == "black"


def test_onager_move_that_lets_the_opponent_win_next_turn_is_a_blunder() -> None:
    (p,) = plies_of(setup_game("onager", ONAGER_THREAT, Color.BLACK, ["h5-h6"]))
    assert p.mark == "??" and p.reason == "allows-win"
    assert p.value_after == 0.0 and p.proven_after == "white"
    (ok,) = plies_of(setup_game("onager", ONAGER_THREAT, Color.BLACK, ["d3-b3"]))
    assert ok.mark != "??" and ok.proven_after is None


@pytest.mark.parametrize("name", ["amoeba", "onyx", "onager"])
def test_sane_moves_in_a_quiet_opening_are_not_blunders(name: str) -> None:
    game = make_game(name)
    rng = random.Random(3)
    for _ in range(11 if name == "onager" else 8):       # Onager: three lakes first
        game.play(choose_move(game, "medium", rng, iterations=80))
    plies = plies_of(game, iterations=120)
    assert len(plies) == game.ply
    assert not [p for p in plies if p.mark == "??"], plies
    for a, b in zip(plies, plies[1:]):
        assert a.value_after == b.value_before          # one value per position: one graph
    for p in plies:
        assert 0.0 <= p.value_before <= 1.0 and 0.0 <= p.value_after <= 1.0
        assert p.best and p.line and p.line[0] == p.best
        assert p.mark in ("", "?!", "?", "??")


# ------------------------------------------------------------------ special moves
def test_onager_lakes_are_not_judged() -> None:
    plies = sorted(review_moves("onager", {}, ["e4", "f9", "g3", "b2-c2", "j4-i4"],
                                iterations=60, seed=2), key=lambda p: p.ply)
    assert [p.reason for p in plies[:3]] == ["setup"] * 3
    assert all(not p.judged and p.mark == "" and p.drop is None for p in plies[:3])
    assert [p.mover for p in plies] == ["black", "white", "black", "black", "white"]
    assert plies[3].judged and plies[4].judged


def test_onyx_pie_rule_swap_changes_the_player_not_the_colour() -> None:
    game = make_game("onyx", pie=True)
    for m in ["f6", "swap", "e5", "g7"]:
        game.push(m)
    plies = plies_of(game, iterations=60)
    assert [p.reason for p in plies[:2]] == ["pie", "pie"]
    assert not plies[0].judged and not plies[1].judged
    swap = plies[1]
    assert (swap.move, swap.mover, swap.player) == ("swap", "white", "white")
    assert swap.value_after == swap.value_before            # same board, same colour to move
    assert (plies[2].mover, plies[2].player) == ("white", "black")   # the first player now
    assert (plies[3].mover, plies[3].player) == ("black", "white")
    assert plies[2].judged and plies[2].best != "swap"
    summary = summarize(plies)
    assert summary.black.moves == 1 and summary.white.moves == 1


def test_marks_and_thresholds() -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.10, 0.20, 0.30)
    assert [mark_for(d) for d in (-0.5, 0.0, 0.099, 0.1, 0.199, 0.2, 0.299, 0.3, 1.0)] == \
        ["", "", "", "?!", "?!", "?", "?", "??", "??"]


# ------------------------------------------------------------------ summary and API
def _ply(n: int, player: str, drop: float | None, mark: str, judged: bool = True) -> PlyReview:
    return PlyReview(n, f"m{n}", player, player, "b", ("b",), 0.5, 0.5, None, None, drop, mark,
                     "" if judged else "forced", judged)


def test_summary_counts_accuracy_and_biggest_swing() -> None:
    plies = [_ply(1, "black", 0.35, "??"), _ply(2, "white", 0.0, ""), _ply(3, "black", -0.1, ""),
             _ply(4, "white", 0.15, "?!"), _ply(5, "black", 0.25, "?"),
             _ply(6, "white", None, "", judged=False), _ply(7, "black", 1.5, "??")]
    s = summarize(plies)
    assert (s.black.blunders, s.black.mistakes, s.black.inaccuracies, s.black.moves) == (2, 1, 0, 4)
    assert (s.white.blunders, s.white.mistakes, s.white.inaccuracies, s.white.moves) == (0, 0, 1, 2)
    # Accuracy: lichess-style (exponential per move, weighted and harmonic means, the net
    # chance lost); tests/test_analyse.py checks the formula itself.
    assert s.black.accuracy is not None and s.black.accuracy < 30      # lost 200 points
    assert s.white.accuracy is not None and 50 < s.white.accuracy < 90   # one ?! of 15 points
    assert s.white.lost == 15.0 and s.black.lost == 200.0
    assert s.biggest_swing["ply"] == 7 and s.biggest_swing["size"] == 1.5
    empty = summarize([])
    assert empty.black.accuracy is None and empty.biggest_swing is None


def test_review_object_json_and_determinism() -> None:
    game = setup_game("amoeba", AMOEBA_D3, Color.BLACK, ["b3-c3"])
    a = review(game, iterations=40, seed=5)
    b = review(game, iterations=40, seed=5)
    assert a.plies == b.plies and a.complete
    data = json.loads(json.dumps(a.to_json()))
    assert data["summary"]["black"]["blunders"] == 1
    assert data["plies"][0]["mark"] == "??" and data["thresholds"]["blunder"] == BLUNDER


def test_review_ply_on_its_own() -> None:
    before = game_class("amoeba").from_position(AMOEBA_KERNEL_HANGS, Color.BLACK)
    key = before.key()
    p = review_ply(before, "a1-a2", iterations=40)
    assert p.mark == "??" and p.best == "c3-d4" and p.ply == 1
    assert before.key() == key and before.ply == 0
    good = review_ply(before, "c3-d4", iterations=40)
    assert good.mark == "" and good.value_after == 1.0 and good.proven_after == "black"


def test_review_positions_from_plain_data() -> None:
    positions = review_positions("amoeba", {}, ["c3-d4", "e3-d3"])
    assert [p.ply for p in positions] == [0, 1, 2]
    setup = {"position": ONAGER_RUNNER, "to_move": "black"}
    positions = review_positions("onager", {}, ["j3-k3"], setup)
    assert positions[0].position_text() == game_class("onager").from_position(
        ONAGER_RUNNER, Color.BLACK).position_text()


def test_progress_and_cancel_between_plies() -> None:
    game = make_game("amoeba")
    for m in ["c3-d4", "e3-d3", "a1-a2", "e1-e2"]:
        game.push(m)
    seen: list[tuple[int, int]] = []
    out = list(review_game(game, iterations=20, progress=lambda d, t: seen.append((d, t))))
    assert len(out) == 4 and seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    stop = threading.Event()
    got = []
    for p in review_game(game, iterations=20, cancel=stop):   # from the last ply back
        got.append(p)
        if p.ply == 3:
            stop.set()
    assert [p.ply for p in got] == [4, 3]
    partial = review(game, iterations=20, cancel=lambda: True)
    assert partial.plies == [] and not partial.complete


# ------------------------------------------------------------------ comments in records
def test_review_comments_round_trip_through_a_record() -> None:
    game = setup_game("onyx", ONYX_CHAIN, Color.BLACK, ["a1", "h10", "e12"])
    record = as_record(game)
    record.comments = {2: ["a human note"], 0: ["played at the club"]}
    plies = sorted(review_game(record, iterations=60, seed=1), key=lambda p: p.ply)
    annotated = review_to_comments(record, plies, annotator="test")
    text = format_record(annotated)
    assert '[Annotator "test"]' in text
    assert "{?? missed a forced win; best: e12;" in text
    back = parse_record(text)
    assert back == annotated
    assert comments_to_review(back) == plies
    assert back.comments[2][1] == "a human note" and back.comments[0] == ["played at the club"]
    # a second review replaces the first one's comments and keeps the human ones
    again = review_to_comments(back, plies[:1], only_marked=True)
    assert again.comments[2] == ["a human note"] and len(again.comments[1]) == 1
    assert [p.ply for p in comments_to_review(again)] == [1]
    # the record without the review still formats as before
    assert format_record(record_from_game(game, ("Ann", "Bob"), "2026-01-01")) == \
        format_record(parse_record(format_record(record_from_game(game, ("Ann", "Bob"),
                                                                  "2026-01-01"))))


def test_comment_text_is_readable_and_parses_back() -> None:
    p = PlyReview(12, "c3-d4", "black", "black", "e3-d3", ("e3-d3", "c4-c5"), 0.62, 0.0,
                  None, "white", 0.62, "??", "allows-win", True)
    text = comment_text(p)
    assert text == "?? allows a forced win; best: e3-d3; line: e3-d3 c4-c5; black: 62.0% -> white wins"
    f = parse_comment(text)
    assert f is not None and f["mark"] == "??" and f["value_before"] == 0.62
    assert f["proven_after"] == "white" and f["line"] == ("e3-d3", "c4-c5")
    quiet = comment_text(PlyReview(3, "e5", "white", "white", "e5", ("e5",), 0.5, 0.515))
    assert quiet == "best: e5; black: 50.0% -> 51.5%"
    for not_ours in ("a human note", "best: e5", "?? best: e5; black: 150% -> 20%",
                     "best: e5; black: 50% -> 40%; colour: red", "what? best: e5; black: 1% -> 2%"):
        assert parse_comment(not_ours) is None


# ------------------------------------------------------------------ command line
def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.ai.review", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.fixture
def planted_file(tmp_path: Path) -> Path:
    game = setup_game("amoeba", AMOEBA_D3, Color.BLACK, ["c3-d4", "e3-e4", "b3-c3"])
    path = tmp_path / "game.txt"
    path.write_text(format_record(record_from_game(game, ("Ann", "Bob"), "2026-01-01")),
                    encoding="utf-8")
    return path


def test_cli_json_schema_and_summary_counts(planted_file: Path) -> None:
    out = run_cli(str(planted_file), "--iterations", "40", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) >= {"plies", "summary"}
    assert len(data["plies"]) == 3
    for p in data["plies"]:
        assert set(p) >= {"ply", "move", "best", "value_before", "value_after", "mark"}
        assert isinstance(p["value_before"], float) and p["mark"] in ("", "?!", "?", "??")
    assert [p["ply"] for p in data["plies"]] == [1, 2, 3]
    assert data["plies"][2]["mark"] == "??"
    s = data["summary"]
    assert set(s) >= {"black", "white", "biggest_swing"}
    for seat in ("black", "white"):
        assert set(s[seat]) >= {"blunders", "mistakes", "inaccuracies", "accuracy"}
        mine = [p for p in data["plies"] if p["player"] == seat and p["judged"]]
        for key, mark in (("blunders", "??"), ("mistakes", "?"), ("inaccuracies", "?!")):
            assert s[seat][key] == sum(p["mark"] == mark for p in mine)
    assert s["black"]["blunders"] >= 1
    assert set(s["biggest_swing"]) >= {"ply", "size"}


def test_cli_table_and_annotate(planted_file: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "annotated.txt"
    out = run_cli(str(planted_file), "--iterations", "30", "--annotate", str(out_file))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(line.split()[:2] == ["3", "b3-c3"] and "??" in line for line in lines)
    assert any(line.startswith("Black") and "1 blunders" in line for line in lines)
    record = parse_record(out_file.read_text(encoding="utf-8"))
    assert [p.ply for p in comments_to_review(record)] == [1, 2, 3]
    assert record.headers["Annotator"].startswith("abstract-trio review")


@pytest.mark.parametrize("content,words", [
    ('[Game "amoeba"]\n\n1. c3-d4 c3-d4\n', "line 3: move 1 (White) 'c3-d4' refused"),
    ('[Game "chess"]\n', "unknown game"),
    ("", "empty record"),
    ('[Game "amoeba"]\n\n1. c3-d4 {unclosed\n', "not closed"),
])
def test_cli_bad_file_exits_2_with_one_line(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(content, encoding="utf-8")
    out = run_cli(str(path), "--iterations", "10")
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and words in out.stderr


def test_cli_missing_file_exits_2(tmp_path: Path) -> None:
    out = run_cli(str(tmp_path / "nothing.txt"), "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "cannot read" in out.stderr
