"""What the command lines share: one-line refusals, checked numbers, output paths, signals.

Every command (``python main.py``, ``python -m game.bench``, ``python -m game.ai.review``)
refuses a bad input the same way: ONE line on stderr, ``PROG: error: WHAT``, and exit
status 2, before any work starts. ``OneLineParser`` is argparse with that ``error()``;
``whole``/``positive`` are argparse types for numbers in a range; ``output_problem`` says
why a file cannot be written (a missing folder is refused, never created).

``on_stop_signals`` routes SIGINT and SIGTERM to a handler for as long as a command runs:
the game posts a QUIT (so the main loop ends and the autosave is written), the tools raise
KeyboardInterrupt (``interrupt``) and stop with one line. Nothing here imports pygame.
"""
from __future__ import annotations

import argparse
import math
import os
import re
import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class OneLineParser(argparse.ArgumentParser):
    """argparse whose refusals are one line on stderr (``PROG: error: ...``), exit status 2,
    without the usage lines argparse prints by default (``--help`` still shows them)."""

    def error(self, message: str):  # type: ignore[override]
        text = " ".join(str(message).split())
        # argparse says "argument --runs: must be ..." for our types: "--runs must be ..."
        m = re.match(r"argument (\S+?): (must .*)$", text)
        if m:
            text = f"{m.group(1).split('/')[-1]} {m.group(2)}"
        self.exit(2, f"{self.prog}: error: {text}\n")


def whole(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi``."""
    def parse(text: str) -> int:
        try:
            value = int(str(text).strip())
        except ValueError:
            value = None
        if value is None or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be a whole number from {lo} to {hi}, not {text!r}")
        return value
    return parse


def positive(hi: float) -> Callable[[str], float]:
    """An argparse type: a number more than 0 and at most ``hi`` (no nan, no infinity)."""
    def parse(text: str) -> float:
        try:
            value = float(str(text).strip())
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and 0 < value <= hi):
            raise argparse.ArgumentTypeError(f"must be a number more than 0 and at most {hi:g}, not {text!r}")
        return value
    return parse


def output_problem(path: str, option: str) -> str:
    """Why a file cannot be written at ``path`` ('' when it can), checked before any work:
    no name, a folder in the way, a missing or read-only folder."""
    if not path or path.endswith(("/", os.sep)):
        return f"{option} needs a file name, not {path!r}"
    p = Path(path)
    if p.is_dir():
        return f"{option}: {path} is a folder, not a file"
    folder = p.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        return f"{option}: the folder {folder} {what} (it is not created)"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{option}: the folder {folder} cannot be written to"
    if p.exists() and not os.access(p, os.W_OK):
        return f"{option}: {path} cannot be written to"
    return ""


def read_text_file(path: str, max_bytes: int = 10_000_000) -> str:
    """The text of a UTF-8 file; ValueError with one readable sentence when it is missing,
    unreadable, too big or not text (a binary file, another encoding)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    if len(data) > max_bytes:
        raise ValueError(f"cannot read {path}: larger than {max_bytes // 1_000_000} MB, not a game record")
    if b"\0" in data:
        raise ValueError(f"cannot read {path}: a binary file, not a text record")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ValueError(f"cannot read {path}: not UTF-8 text (byte {e.start + 1} is not valid)") from None


@contextmanager
def on_stop_signals(handler: Callable[[int], Any]) -> Iterator[None]:
    """While inside, SIGINT and SIGTERM call ``handler(signum)``; the former handlers come back
    afterwards. Outside the main thread (where Python cannot set handlers) it does nothing."""
    old: dict[int, Any] = {}
    for sig in STOP_SIGNALS:
        try:
            old[sig] = signal.signal(sig, lambda signum, frame: handler(signum))
        except (ValueError, OSError):     # not the main thread
            pass
    try:
        yield
    finally:
        for sig, previous in old.items():
            try:
                signal.signal(sig, previous if previous is not None else signal.SIG_DFL)
            except (ValueError, OSError, TypeError):
                pass


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM during a tool's work; ``status`` is the exit status (128 + signal)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.status = 128 + int(signum)


def interrupt(signum: int) -> None:
    """A handler for ``on_stop_signals``: stop the work where it is (as Ctrl+C does)."""
    raise Interrupted(signum)


def exit_status(exc: BaseException) -> int:
    """The exit status after an interruption: 130 for Ctrl+C, 143 for SIGTERM."""
    return getattr(exc, "status", 128 + int(signal.SIGINT))
