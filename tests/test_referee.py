"""The referee command: python -m game.rules GAME legal|perft ..."""
import json
import subprocess
import sys
import pathlib

import pytest

from game.rules.__main__ import main

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_amoeba_initial(capsys):
    code, out, err = run(capsys, "amoeba", "legal")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["to_move"] == "black" and data["result"] is None
    assert len(data["legal"]) == 52 and data["legal"][0] == "a1-a2"


def test_finished_game_has_no_legal_moves(capsys):
    moves = "b3-b2 f3-f2 b2-b3 f2-f3 b3-b2 f3-f2 b2-b3 f2-f3".split()
    code, out, _ = run(capsys, "amoeba", "legal", *moves)
    data = json.loads(out)
    assert code == 0
    assert data["legal"] == [] and data["result"] == {"winner": "draw", "reason": "repetition-count"}


@pytest.mark.parametrize("args,fragment", [
    (["amoeba", "legal", "c3-d4", "f3-f2", "c3>d4"], "move 3"),
    (["amoeba", "legal", "c3d4"], "move 1"),
    (["onyx", "legal", "f6", "f6"], "move 2"),
    (["onyx", "legal", "swap"], "move 1"),
    (["onager", "legal", "f6"], "move 1"),
    (["onager", "legal", "c3", "f9", "h5", "e4"], "move 4"),
])
def test_refused_move_exit_2_one_line(capsys, args, fragment):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err and "Traceback" not in err


@pytest.mark.parametrize("args", [[], ["chess", "legal"], ["amoeba", "fly"], ["amoeba", "perft"],
                                  ["amoeba", "perft", "x"], ["amoeba", "legal", "--size", "12"],
                                  ["onyx", "legal", "--size", "13"], ["onyx", "legal", "--size"],
                                  ["onyx", "legal", "--bogus"]])
def test_usage_errors_exit_2(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.startswith("error:")


def test_perft_and_options(capsys):
    assert run(capsys, "amoeba", "perft", "2")[1].strip() == "2704"
    assert run(capsys, "onyx", "perft", "1", "--open")[1].strip() == "204"
    assert run(capsys, "onyx", "perft", "1", "--size", "16")[1].strip() == "356"
    assert run(capsys, "onager", "perft", "2")[1].strip() == "4032"
    data = json.loads(run(capsys, "onyx", "legal", "--pie", "f6")[1])
    assert "swap" in data["legal"] and len(data["legal"]) == 190


def test_subprocess_stdout_is_only_json():
    out = subprocess.run([sys.executable, "-m", "game.rules", "onager", "legal", "c3", "f9", "h5"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert len(data["legal"]) == 22 and data["to_move"] == "black"
    bad = subprocess.run([sys.executable, "-m", "game.rules", "onager", "legal", "c3", "f9", "h5", "b3d5"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and bad.stdout == "" and "Traceback" not in bad.stderr


# ------------------------------------------------------------------ bad input: one line, exit 2
def one_line_error(code, out, err, status=2):
    assert code == status and out == ""
    assert err.startswith("error:") and err.count("\n") == 1 and "Traceback" not in err


def test_perft_too_deep_is_refused_with_the_limit(capsys):
    from game.rules.__main__ import MAX_PERFT_DEPTH
    code, out, err = run(capsys, "amoeba", "perft", "2000")
    one_line_error(code, out, err)
    assert str(MAX_PERFT_DEPTH) in err
    code, out, err = run(capsys, "onyx", "perft", str(MAX_PERFT_DEPTH + 1), "--open")
    one_line_error(code, out, err)


def test_perft_at_the_limit_is_accepted(capsys):
    from game.rules.__main__ import MAX_PERFT_DEPTH
    drawn = "b3-b2 f3-f2 b2-b3 f2-f3 b3-b2 f3-f2 b2-b3 f2-f3".split()   # finished: no moves
    code, out, err = run(capsys, "amoeba", "perft", str(MAX_PERFT_DEPTH), *drawn)
    assert code == 0 and err == "" and out.strip() == "0"


def test_perft_too_deep_in_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "game.rules", "amoeba", "perft", "2000"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


@pytest.mark.parametrize("exc", [RecursionError, MemoryError])
def test_perft_running_out_of_stack_or_memory_is_one_line(capsys, monkeypatch, exc):
    import game.rules.__main__ as referee

    def boom(game, depth):
        raise exc()
    monkeypatch.setattr(referee, "perft", boom)
    code, out, err = run(capsys, "amoeba", "perft", "3")
    one_line_error(code, out, err)
    assert "perft" in err


def test_perft_interrupted_is_one_line(capsys, monkeypatch):
    import game.rules.__main__ as referee

    def stop(game, depth):
        raise KeyboardInterrupt
    monkeypatch.setattr(referee, "perft", stop)
    code, out, err = run(capsys, "amoeba", "perft", "3")
    one_line_error(code, out, err, status=130)


@pytest.mark.parametrize("args", [
    [], ["amoeba"], ["chess", "legal"], ["amoeba", "fly"], ["amoeba", "perft"],
    ["amoeba", "perft", "x"], ["amoeba", "perft", "-1"], ["amoeba", "perft", "2.5"],
    ["amoeba", "perft", "1e3"], ["amoeba", "legal", "--size", "12"], ["amoeba", "legal", "--open"],
    ["onyx", "legal", "--size", "13"], ["onyx", "legal", "--size", "0"],
    ["onyx", "legal", "--size", "-12"], ["onyx", "legal", "--size"], ["onyx", "legal", "--size=x"],
    ["onyx", "legal", "--bogus"], ["onyx", "perft", "1", "--bogus"],
    ["amoeba", "legal", "zz9"], ["amoeba", "perft", "1", "c3-d9"], ["onager", "legal", ""],
])
def test_every_bad_input_is_one_line_exit_2(capsys, args):
    one_line_error(*run(capsys, *args))


def test_help_anywhere_prints_usage(capsys):
    for args in (["--help"], ["-h"], ["onyx", "--help"], ["amoeba", "perft", "-h"]):
        code, out, err = run(capsys, *args)
        assert code == 0 and err == "" and out.startswith("usage:")
