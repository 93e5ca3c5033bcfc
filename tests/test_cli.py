"""The engine's command-line tools: python -m game.ai.match and python -m game.ai.bestmove.

Bad input of any kind: exit status 2 and one line on stderr, nothing on stdout.
Only the ``random`` level (or a stand-in for choose_move) is played here, so
the tests are quick and cheap.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import bestmove, match
from game.rules import make_game

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, command, *args):
    try:
        code = command.main(list(args))
    except SystemExit as e:          # argparse's way out: still a failure of main
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, out, err, status=2):
    assert code == status and out == "", (code, out, err)
    assert err.startswith("error:") and err.count("\n") == 1 and "Traceback" not in err, err


def random_mover(game, level, rng, **kwargs):
    """A stand-in for choose_move: a random legal move whatever the level (cheap)."""
    return rng.choice(game.legal_moves())


# ------------------------------------------------------------------ match: the tally
def check_consistent(data):
    assert data["black_wins"] + data["white_wins"] + data["draws"] == data["games"]
    assert data["capped"] <= data["draws"]
    assert len(data["wins"]) == 2
    assert sum(data["wins"].values()) == data["black_wins"] + data["white_wins"]


def test_match_same_level_counts_each_player(capsys):
    code, out, err = run(capsys, match, "amoeba", "--black", "random", "--white", "random",
                         "--games", "3", "--seed", "1", "--quiet", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    check_consistent(data)
    assert set(data["wins"]) == {"random (black)", "random (white)"}
    # no colour changes: the --black player's wins are Black's wins
    assert data["wins"]["random (black)"] == data["black_wins"]
    assert data["wins"]["random (white)"] == data["white_wins"]


def test_match_same_level_alternate_follows_the_players(capsys):
    code, out, _ = run(capsys, match, "amoeba", "--black", "random", "--white", "random",
                       "--games", "4", "--seed", "2", "--alternate", "--quiet", "--json",
                       "--records")
    assert code == 0
    data = json.loads(out)
    check_consistent(data)
    expected = {"random (black)": 0, "random (white)": 0}
    for i, rec in enumerate(data["records"]):
        if rec["winner_color"] is None:
            assert rec["winner_player"] is None
            continue
        # game 1 as given, then the players exchange colours from one game to the next
        first = "black" if i % 2 == 0 else "white"
        same = rec["winner_color"] == "black"
        player = "random (black)" if (first == "black") == same else "random (white)"
        assert rec["winner_player"] == player
        expected[player] += 1
    assert data["wins"] == expected


def test_match_different_levels_count_by_level(capsys, monkeypatch):
    monkeypatch.setattr(match, "choose_move", random_mover)
    out = match.run_match("amoeba", "easy", "random", 3, seed=4)
    check_consistent(out)
    assert set(out["wins"]) == {"easy", "random"}
    assert out["wins"]["easy"] == out["black_wins"] and out["wins"]["random"] == out["white_wins"]


def test_match_pie_swap_follows_the_players(monkeypatch):
    def swapper(game, level, rng, **kwargs):
        moves = game.legal_moves()
        return game.SWAP if game.SWAP in moves else rng.choice(moves)
    monkeypatch.setattr(match, "choose_move", swapper)
    out = match.run_match("onyx", "random", "random", 2, seed=3, options={"pie": True},
                          keep_records=True)
    check_consistent(out)
    for rec in out["records"]:
        assert rec["moves"][1] == "swap"
        # after the swap the --black player plays White
        if rec["winner_color"] == "white":
            assert rec["winner_player"] == "random (black)"
        elif rec["winner_color"] == "black":
            assert rec["winner_player"] == "random (white)"
    assert out["wins"]["random (black)"] == out["white_wins"]


def test_match_text_summary_mentions_a_cap_only_when_there_is_one(capsys):
    code, out, _ = run(capsys, match, "amoeba", "--black", "random", "--white", "random",
                       "--games", "2", "--seed", "1", "--quiet")
    assert code == 0
    assert "None" not in out and "capped" not in out
    assert "random (black)" in out and "random (white)" in out
    code, out, _ = run(capsys, match, "onager", "--black", "random", "--white", "random",
                       "--games", "1", "--seed", "1", "--quiet", "--max-plies", "12")
    assert code == 0 and "capped at 12 plies: 1" in out


def test_match_progress_lines_name_the_players(capsys):
    code, _, err = run(capsys, match, "amoeba", "--black", "random", "--white", "random",
                       "--games", "2", "--seed", "1")
    assert code == 0
    lines = err.splitlines()
    assert len(lines) == 2 and all("random (black)" in line for line in lines)


def test_match_levels_and_game_ignore_case(capsys):
    code, out, _ = run(capsys, match, "Amoeba", "--black", "RANDOM", "--white", "Random",
                       "--games", "1", "--seed", "1", "--quiet", "--json")
    assert code == 0 and json.loads(out)["black"] == "random"


@pytest.mark.parametrize("args", [
    [], ["amoeba"], ["chess", "--black", "random", "--white", "random"],
    ["amoeba", "--white", "random"], ["amoeba", "--black", "random"],
    ["amoeba", "--black", "nope", "--white", "random"],
    ["amoeba", "--black", "random", "--white", "random", "--games", "0"],
    ["amoeba", "--black", "random", "--white", "random", "--games", "-3"],
    ["amoeba", "--black", "random", "--white", "random", "--games", "x"],
    ["amoeba", "--black", "random", "--white", "random", "--games"],
    ["amoeba", "--black", "random", "--white", "random", "--seed", "x"],
    ["amoeba", "--black", "random", "--white", "random", "--seed", "1.5"],
    ["amoeba", "--black", "random", "--white", "random", "--max-plies", "0"],
    ["amoeba", "--black", "random", "--white", "random", "--max-plies", "-5"],
    ["amoeba", "--black", "random", "--white", "random", "--records"],
    ["amoeba", "--black", "random", "--white", "random", "--bogus"],
    ["amoeba", "--black", "random", "--white", "random", "extra"],
    ["amoeba", "--black", "random", "--white", "random", "--size", "12"],
    ["amoeba", "--black", "random", "--white", "random", "--pie"],
    ["onyx", "--black", "random", "--white", "random", "--size", "13"],
    ["onyx", "--black", "random", "--white", "random", "--size", "x"],
])
def test_match_bad_input_is_one_line_exit_2(capsys, args):
    one_line_error(*run(capsys, match, *args))


def test_match_help(capsys):
    code, out, err = run(capsys, match, "--help")
    assert code == 0 and out.startswith("usage:") and err == ""


def test_match_interrupted_is_one_line(capsys, monkeypatch):
    def stop(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(match, "run_match", stop)
    one_line_error(*run(capsys, match, "amoeba", "--black", "random", "--white", "random",
                        "--quiet"), status=130)


def test_match_bad_input_in_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "game.ai.match", "amoeba", "--black", "random",
                           "--white", "random", "--seed", "x"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


# ------------------------------------------------------------------ bestmove
def test_bestmove_requires_a_level(capsys):
    code, out, err = run(capsys, bestmove, "amoeba")
    one_line_error(code, out, err)
    assert "--level" in err
    code, out, err = run(capsys, bestmove, "amoeba", "c3-d4")
    one_line_error(code, out, err)


def test_bestmove_usage_does_not_promise_a_default():
    assert "default" not in (bestmove.__doc__ or "")
    assert "--level LEVEL" in bestmove.USAGE and "[--level" not in bestmove.USAGE


def test_bestmove_level_ignores_case(capsys):
    code, out, err = run(capsys, bestmove, "amoeba", "--level", "RANDOM", "--seed", "1")
    assert code == 0 and err == "" and out.strip() in make_game("amoeba").legal_strs()


@pytest.mark.parametrize("args", [
    [], ["chess", "--level", "random"], ["amoeba", "--level", "nope"], ["amoeba", "--level"],
    ["amoeba", "--level="], ["amoeba", "--level", "random", "--seed", "x"],
    ["amoeba", "--level", "random", "--seed"], ["amoeba", "--level", "random", "--seed", "1.5"],
    ["amoeba", "--level", "random", "--bogus"], ["amoeba", "--level", "random", "--open"],
    ["onyx", "--level", "random", "--size", "13"], ["onyx", "--level", "random", "--size"],
    ["amoeba", "--level", "random", "c3-d9"], ["amoeba", "--level", "random", "c3-d4", "zz"],
    ["amoeba", "--level", "random", ""],
    ["amoeba", "--level", "random"] + "b3-b2 f3-f2 b2-b3 f2-f3 b3-b2 f3-f2 b2-b3 f2-f3".split(),
])
def test_bestmove_bad_input_is_one_line_exit_2(capsys, args):
    one_line_error(*run(capsys, bestmove, *args))


def test_bestmove_help_anywhere(capsys):
    for args in (["--help"], ["onyx", "-h"], ["amoeba", "--level", "random", "--help"]):
        code, out, err = run(capsys, bestmove, *args)
        assert code == 0 and err == "" and out.startswith("usage:")


def test_bestmove_interrupted_is_one_line(capsys, monkeypatch):
    def stop(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(bestmove, "choose_move", stop)
    one_line_error(*run(capsys, bestmove, "amoeba", "--level", "random"), status=130)


def test_bestmove_without_level_in_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "game.ai.bestmove", "amoeba"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "--level" in proc.stderr
