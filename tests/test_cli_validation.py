"""Every command-line option is checked before any work (issue 27).

A bad value, an option that does not apply, an output folder that does not exist, an input
file that is not text: ONE line on stderr (no argparse usage lines), exit status 2, and
nothing done (no window, no review, no folder created). SIGINT and SIGTERM end the game and
the tools quickly, with one line and status 128 + the signal.

Most checks call the parsers in-process (a subprocess that imports pygame is slow); a few
run the real commands in a subprocess with SDL's dummy drivers.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import bench
from game.ai import review
from game.app import parse_args

ROOT = Path(__file__).resolve().parent.parent
MAIN = str(ROOT / "main.py")


def refused(capsys, call, *words: str) -> str:
    """Run ``call``; it must refuse with status 2 and one line on stderr holding ``words``."""
    try:
        code = call()
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "error:" in err and "usage" not in err.lower() and "Traceback" not in err, err
    for w in words:
        assert w in err, (w, err)
    return err


# ------------------------------------------------------------------ python main.py
@pytest.mark.parametrize("argv,words", [
    (["--window", "99999x99999"], ["--window must be between 1024x640 and 8192x8192, not 99999x99999"]),
    (["--window", "0x0"], ["--window must be between", "not 0x0"]),
    (["--window", "10x10"], ["--window must be between", "not 10x10"]),
    (["--window", "1023x640"], ["not 1023x640"]),
    (["--window", "8193x800"], ["not 8193x800"]),
    (["--window", "wide"], ["--window must look like"]),
    (["--speed", "-1"], ["--speed must be a number more than 0", "'-1'"]),
    (["--speed", "0"], ["--speed must be a number more than 0", "'0'"]),
    (["--speed", "abc"], ["--speed must be", "'abc'"]),
    (["--speed", "nan"], ["--speed must be"]),
    (["--speed", "11"], ["--speed", "at most 10"]),
    (["--frames", "0", "--screenshot", "{tmp}/x.png"], ["--frames must be a whole number from 1 to 100000"]),
    (["--frames", "100001", "--screenshot", "{tmp}/x.png"], ["--frames must be", "'100001'"]),
    (["--frames", "2.5", "--screenshot", "{tmp}/x.png"], ["--frames must be"]),
    (["--frames", "5"], ["--frames", "--screenshot PATH"]),
    (["--size", "16", "--game", "amoeba"], ["--size is for Onyx only", "not for amoeba"]),
    (["--size", "13", "--game", "onyx"], ["--size must be 12, 16 or 20"]),
    (["--open", "--pie", "--game", "onager"], ["--open and --pie are for Onyx only", "not for onager"]),
    (["--pie"], ["--pie is for Onyx only", "not for --scene menu"]),
    (["--open", "--scene", "tutorial:onyx"], ["--open is for Onyx only"]),
    (["--size", "12", "--scene", "new:amoeba"], ["not for amoeba"]),
    (["--screenshot", "{tmp}/missing/sub/x.png"], ["--screenshot: the folder", "does not exist"]),
    (["--screenshot", "{tmp}"], ["--screenshot:", "is a folder"]),
    (["--screenshot", "{tmp}/x.txt"], ["--screenshot:", ".png"]),
    (["--black", "grandmaster"], ["--black must be human, easy, medium or hard"]),
    (["--scene", "nowhere"], ["--scene must be one of"]),
])
def test_main_refuses_bad_input_in_one_line(argv, words, tmp_path, capsys):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    refused(capsys, lambda: parse_args(argv), *words)
    assert not (tmp_path / "missing").exists()       # a missing folder is refused, never made


@pytest.mark.parametrize("argv", [
    ["--window", "1024x640"], ["--window", "8192x8192"], ["--window", "1920×1080"],
    ["--speed", "0.1"], ["--speed", "10"],
    ["--frames", "1", "--screenshot", "{tmp}/a.png"], ["--frames", "100000", "--screenshot", "{tmp}/a.bmp"],
    ["--game", "onyx", "--size", "16", "--open", "--pie"], ["--scene", "new:onyx", "--size", "12"],
    ["--scene", "board:onyx", "--pie"], ["--scene", "load:onyx", "--open"],
])
def test_main_accepts_values_in_range(argv, tmp_path):
    parse_args([a.replace("{tmp}", str(tmp_path)) for a in argv])


def test_main_py_refuses_a_huge_window_before_opening_it(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, MAIN, "--window", "99999x99999", "--screenshot", "x.png",
                           "--frames", "2"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "main.py: error: --window must be between 1024x640 and 8192x8192, not 99999x99999\n"
    assert not (tmp_path / "x.png").exists()


# ------------------------------------------------------------------ python -m game.bench
@pytest.mark.parametrize("argv,words", [
    (["rules", "--runs", "0"], ["--runs must be a whole number from 1 to 100, not '0'"]),
    (["rules", "--runs", "-1", "--seconds", "0"], ["--runs must be"]),
    (["rules", "--seconds", "0"], ["--seconds must be a number more than 0"]),
    (["rules", "--seconds", "-2"], ["--seconds must be"]),
    (["rules", "--seconds", "abc"], ["--seconds must be", "'abc'"]),
    (["rules", "--runs", "x"], ["--runs must be"]),
    (["fly"], ["invalid choice: 'fly'"]),
    ([], ["required"]),
    (["ui", "--runs", "2"], ["--runs does not apply to ui"]),
    (["idle", "--seconds", "2", "--game", "onyx"], ["--seconds and --game do not apply to idle"]),
    (["idle", "--runs", "50"], ["--runs must be", "for idle"]),
])
def test_bench_refuses_bad_input_in_one_line(argv, words, capsys):
    refused(capsys, lambda: bench.main(argv), *words)


# ------------------------------------------------------------------ python -m game.ai.review
@pytest.fixture
def no_review(monkeypatch):
    """The review must not start: a refusal comes before any work."""
    def boom(*a, **k):
        raise AssertionError("the review ran")
    monkeypatch.setattr(review, "review_game", boom)


@pytest.fixture
def record(tmp_path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text('[Game "amoeba"]\n\n1. c3-d4\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("argv,words", [
    (["--seconds", "-1"], ["--seconds must be a number more than 0", "'-1'"]),
    (["--seconds", "0"], ["--seconds must be"]),
    (["--seconds", "abc"], ["--seconds must be", "'abc'"]),
    (["--seconds", "inf"], ["--seconds must be"]),
    (["--iterations", "0"], ["--iterations must be a whole number from 1"]),
    (["--iterations", "-4"], ["--iterations must be"]),
    (["--iterations", "many"], ["--iterations must be"]),
    (["--annotate", "{tmp}/missing/out.txt"], ["--annotate: the folder", "does not exist"]),
    (["--annotate", "{tmp}"], ["--annotate:", "is a folder"]),
    (["--json", "--annotate", "-"], ["standard output"]),
])
def test_review_refuses_bad_options_in_one_line(argv, words, record, tmp_path, no_review, capsys):
    argv = [str(record)] + [a.replace("{tmp}", str(tmp_path)) for a in argv]
    refused(capsys, lambda: review.main(argv), *words)
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("content,words", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", ["a binary file"]),
    (b'\xff\xfe[\x00G\x00a\x00m\x00e\x00', ["a binary file"]),                # UTF-16
    ('[Game "amoeba"]\n[Black "J\xf6rg"]\n'.encode("latin-1"), ["not UTF-8 text"]),
])
def test_review_names_a_file_that_is_not_text(content, words, tmp_path, no_review, capsys):
    path = tmp_path / "game.bin"
    path.write_bytes(content)
    err = refused(capsys, lambda: review.main([str(path), "--iterations", "5"]), "cannot read", *words)
    assert "codec" not in err


def test_review_of_a_folder_or_nothing(tmp_path, no_review, capsys):
    refused(capsys, lambda: review.main([str(tmp_path), "--iterations", "5"]), "cannot read")
    refused(capsys, lambda: review.main([str(tmp_path / "none.txt")]), "cannot read")


# ------------------------------------------------------------------ signals
def _catches_sigterm(pid: int) -> bool:
    """The process has a handler for SIGTERM (from /proc: bit 15 of SigCgt)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("SigCgt:"):
                    return bool(int(line.split()[1], 16) & (1 << (signal.SIGTERM - 1)))
    except OSError:
        pass
    return False


def _stop(argv: list[str], cwd: Path, sig: int) -> tuple[subprocess.CompletedProcess, float]:
    """Start a command, wait until it handles SIGTERM, let it work a moment, send ``sig``;
    the finished process and how long it took to end. Every command here would run for minutes
    or for ever unstopped, so ending within the 30 s wait is the signal's doing (the time itself
    depends on the machine's load and is not asserted on)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, *argv], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not _catches_sigterm(proc.pid) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert proc.poll() is None, proc.communicate()
        time.sleep(1.0)                                  # into the work (the window, the loop)
        t0 = time.monotonic()
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err), took


needs_proc = pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads /proc (Linux)")


@needs_proc
def test_sigterm_ends_a_long_screenshot_run_without_saving(tmp_path):
    done, took = _stop([MAIN, "--scene", "menu", "--frames", "100000", "--screenshot", "shot.png"],
                       tmp_path, signal.SIGTERM)
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    assert done.stderr.count("\n") == 1 and "no screenshot saved" in done.stderr, done.stderr
    assert not (tmp_path / "shot.png").exists()


@needs_proc
def test_sigint_ends_the_game_loop(tmp_path):
    done, took = _stop([MAIN, "--game", "amoeba"], tmp_path, signal.SIGINT)
    assert done.returncode == 128 + signal.SIGINT, done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, done.stderr


@needs_proc
def test_sigterm_ends_a_benchmark_with_one_line(tmp_path):
    done, took = _stop(["-m", "game.bench", "rules", "--runs", "100", "--seconds", "30"], ROOT,
                       signal.SIGTERM)
    assert done.returncode == 128 + signal.SIGTERM
    assert done.stderr == "python -m game.bench: error: interrupted, no report\n"


@pytest.mark.parametrize("argv", [
    ["game.ai.bestmove", "onyx", "--level", "1", "--seed", "-4"],
    ["game.ai.analyse", "onyx", "--seed", "-1"],
    ["game.ai.match", "onyx", "--black", "1", "--white", "1", "--games", "1", "--seed", "-3"],
    ["game.ai.ladder", "onyx", "--seed", "-3", "--games", "1"],
])
def test_every_command_takes_the_same_seeds(argv):
    # bestmove took a negative seed that analyse refused: one rule, 0 to 2**32 - 1, for all
    proc = subprocess.run([sys.executable, "-m", *argv], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "from 0 to 4294967295" in proc.stderr, proc.stderr
    assert proc.stdout == ""


@pytest.mark.parametrize("module", ["game.ai.analyse", "game.ai.match"])
def test_an_onyx_size_is_refused_in_the_same_words_everywhere(module):
    extra = ["--black", "1", "--white", "1", "--games", "1"] if module.endswith("match") else []
    proc = subprocess.run([sys.executable, "-m", module, "onyx", "--size", "0", *extra],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "must be 12, 16 or 20, not '0'" in proc.stderr, proc.stderr
