"""Every command line as a shell uses it: piped into a reader that stops early (``| head``),
asked for ``--help``, given a move the shell cut at '>'.

A reader that goes away is a closed pipe: the command ends quietly with the status a shell
expects of SIGPIPE (141), never with a BrokenPipeError traceback. The pipe here is closed
before the command starts, so its first write meets it (deterministic, no timing).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# (module, arguments): each entry point with an answer on stdout (cheap to compute)
TALKERS = [
    ("game.rules", ["onyx", "legal"]),
    ("game.rules", ["amoeba", "perft", "1"]),
    ("game.ai.bestmove", ["amoeba", "--level", "random"]),
    ("game.ai.analyse", ["onyx", "--iterations", "40", "--lines", "2"]),
    ("game.ai.match", ["amoeba", "--black", "random", "--white", "random", "--games", "1", "--quiet"]),
    ("game.records", ["show", "RECORD"]),
    ("game.ai.review", ["RECORD", "--iterations", "5"]),
    ("game", ["--version"]),
]
HELPS = [
    ("game.rules", ["--help"]), ("game.rules", ["onyx", "legal", "--help"]),
    ("game.rules", ["onyx", "perft", "--help"]), ("game.records", ["--help"]),
    ("game.records", ["show", "--help"]), ("game.ai.analyse", ["--help"]),
    ("game.ai.analyse", ["onyx", "--help"]), ("game.ai.review", ["--help"]),
    ("game.ai.match", ["--help"]), ("game.ai.bestmove", ["--help"]), ("game.ai.ladder", ["--help"]),
    ("game.bench", ["--help"]), ("game.bench", ["rules", "--help"]), ("game", ["--help"]),
]


@pytest.fixture()
def record(tmp_path: Path) -> str:
    path = tmp_path / "game.txt"
    path.write_text('[Game "Amoeba"]\n\n1. b3-c4 e4-e3 2. c3-d4\n', encoding="utf-8")
    return str(path)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return env


def run_into_closed_pipe(module: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``python -m module args`` with stdout a pipe nobody reads any more."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-m", module, *args], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, env=_env(), timeout=120)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("module,args", TALKERS, ids=[f"{m} {' '.join(a)}" for m, a in TALKERS])
def test_a_closed_pipe_ends_quietly_with_status_141(module, args, record):
    args = [record if a == "RECORD" else a for a in args]
    proc = run_into_closed_pipe(module, args)
    assert "Traceback" not in proc.stderr and "BrokenPipeError" not in proc.stderr, proc.stderr
    assert proc.returncode == 141, (proc.returncode, proc.stderr)


@pytest.mark.parametrize("module,args", HELPS, ids=[f"{m} {' '.join(a)}" for m, a in HELPS])
def test_every_help_ends_with_a_newline_and_minds_a_closed_pipe(module, args):
    proc = subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True,
                          cwd=ROOT, env=_env(), timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip(), (proc.returncode, proc.stderr)
    assert proc.stdout.endswith("\n"), repr(proc.stdout[-40:])
    closed = run_into_closed_pipe(module, args)
    assert "Traceback" not in closed.stderr, closed.stderr
    # argparse itself drops a help text it could not write: 0 then, else the closed pipe's 141
    assert closed.returncode in (0, 141), closed.returncode


def test_run_command_gives_the_status_of_main_and_of_its_exit():
    from game.cli import run_command
    assert run_command(lambda: 3) == 3
    assert run_command(lambda: sys.exit(2)) == 2


def test_a_move_the_shell_cut_at_the_split_mark_says_so_in_quotes(capsys):
    """``legal c3>d4`` unquoted reaches the referee as 'c3' (the shell writes to a file d4):
    the refusal quotes the whole move it got and says that the shell cut it."""
    from game.rules.__main__ import main
    assert main(["amoeba", "legal", "c3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "move 1 'c3' refused" in err
    assert "unquoted, the shell cuts a move at '>'" in err and "quote the whole move" in err
    assert main(["amoeba", "legal", "c3>c3"]) == 2
    err = capsys.readouterr().err
    assert "move 1 'c3>c3' refused" in err and "shell" not in err, err
    assert main(["onyx", "legal", "e5", "e5"]) == 2       # a game without '>': no word of the shell
    assert "shell" not in capsys.readouterr().err
