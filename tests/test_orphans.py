"""No orphans: a game killed with ``kill -9`` while the computer thinks leaves no process behind.

A real game process (a small script around ``EngineClient``, and the app itself with two
computer players) is started in its own session, its engine worker and multiprocessing's
resource tracker are found among its children in /proc, the game is killed with SIGKILL in
the middle of a search, and both children must exit by themselves (the times are printed, not
asserted on: a loaded machine may take longer; unwatched children would live on). (An exited
child of a killed parent stays a zombie until the machine's init reaps it; a zombie runs no
code and holds nothing, so it counts as gone.)
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WAIT = 30.0             # seconds to wait for every child to go after kill -9 (a bound, not a measure)

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="needs Linux /proc to find the game's child processes")

CLIENT_SCRIPT = """
import sys, time
from game.ai.worker import EngineClient
if __name__ == "__main__":
    client = EngineClient()
    if "idle" not in sys.argv:
        client.request("onyx", {"size": 20}, [], "hard", request_id=1)
    print("worker", client.pid, flush=True)
    time.sleep(120)
"""


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent pid, start time) of a process, None if there is none."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1]), int(fields[19])


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _children(ppid: int) -> dict[int, str]:
    out = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            st = _stat(int(entry.name))
            if st is not None and st[1] == ppid:
                out[int(entry.name)] = _cmdline(int(entry.name))
    return out


def _running(pid: int, started: int) -> bool:
    st = _stat(pid)
    return st is not None and st[2] == started and st[0] not in ("Z", "X")


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return 0


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               ABSTRACT_TRIO_HOME=str(tmp_path / "home"))
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _kill_and_watch(cmd: list[str], tmp_path: Path, wait_for: tuple[str, ...],
                    searching: bool = True) -> dict[str, float]:
    """Start ``cmd``, wait until it has children matching ``wait_for`` (and the worker is busy
    searching), kill -9 the game, and return how long each child took to go."""
    proc = subprocess.Popen(cmd, cwd=str(tmp_path), env=_env(tmp_path), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        found: dict[str, int] = {}
        end = time.monotonic() + 30
        while time.monotonic() < end and len(found) < len(wait_for):
            assert proc.poll() is None, f"the game ended early: {proc.communicate()[1].decode()[-2000:]}"
            for pid, cmdline in _children(proc.pid).items():
                for key in wait_for:
                    if key in cmdline:
                        found.setdefault(key, pid)
            time.sleep(0.05)
        assert len(found) == len(wait_for), f"children not found: {found}, {_children(proc.pid)}"
        worker = found["multiprocessing.spawn"]
        ticks = _cpu_ticks(worker)
        end = time.monotonic() + 60     # (a bound on the wait for the search to be under way)
        while searching and _cpu_ticks(worker) < ticks + 30 and time.monotonic() < end:  # ~0.3 s of search
            time.sleep(0.05)
        assert not searching or _cpu_ticks(worker) >= ticks + 30, "the engine worker is not searching"
        if not searching:
            time.sleep(0.5)         # the worker has started and waits for a request
        started = {key: _stat(pid)[2] for key, pid in found.items()}        # type: ignore[index]
        os.kill(proc.pid, signal.SIGKILL)
        t0 = time.monotonic()
        proc.wait(5)
        gone: dict[str, float] = {}
        while time.monotonic() - t0 < WAIT and len(gone) < len(found):
            for key, pid in found.items():
                if key not in gone and not _running(pid, started[key]):
                    gone[key] = time.monotonic() - t0
            time.sleep(0.01)
        left = {key: _cmdline(found[key]) for key in found if key not in gone}
        assert not left, f"still running {WAIT:.0f} s after kill -9 of the game: {left}"
        print(f"children gone after kill -9: {gone}")
        return gone
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)     # whatever a failed test left behind
        except (ProcessLookupError, PermissionError):
            pass
        if proc.poll() is None:
            proc.wait(5)


@pytest.mark.parametrize("state", ["searching", "idle"])
def test_worker_and_tracker_end_when_the_client_is_killed(tmp_path, state):
    gone = _kill_and_watch([sys.executable, "-c", CLIENT_SCRIPT, state], tmp_path,
                           ("multiprocessing.spawn", "multiprocessing.resource_tracker"),
                           searching=state == "searching")
    assert set(gone) == {"multiprocessing.spawn", "multiprocessing.resource_tracker"}, gone


def test_worker_and_tracker_end_when_the_app_is_killed_while_the_computer_thinks(tmp_path):
    gone = _kill_and_watch([sys.executable, str(ROOT / "main.py"), "--game", "onyx", "--size", "20",
                            "--black", "hard", "--white", "hard"], tmp_path,
                           ("multiprocessing.spawn", "multiprocessing.resource_tracker"))
    assert set(gone) == {"multiprocessing.spawn", "multiprocessing.resource_tracker"}, gone


def test_a_closed_client_leaves_no_worker():
    from game.ai.worker import EngineClient
    client = EngineClient()
    pid = client.pid
    started = _stat(pid)[2]            # type: ignore[index]
    client.request("amoeba", {}, [], "hard", request_id=1)
    client.close()
    t0 = time.monotonic()
    while _running(pid, started) and time.monotonic() - t0 < WAIT:
        time.sleep(0.01)
    assert not _running(pid, started)
