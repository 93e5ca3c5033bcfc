"""Start to a board's first frame: ``python -m game.bench start [--runs N] [--against DIR] [--json]``.

Each run is a whole new process, ``python -m game --game onyx --screenshot F --frames 2`` (the
program as a player starts it, up to its first two frames, the PNG written and the process
ended), with a fresh home folder (no saved window size or settings) and SDL's dummy drivers
unless the caller chose others. Figures: the median wall-clock seconds and CPU seconds (user +
system, the system's accounting of the finished child; Unix only) of ``--runs`` runs after
one warm-up run.

``--against DIR`` times another checkout of the program (a folder with ``game/__main__.py``,
e.g. a ``git worktree`` of an earlier commit) in the same call, the two in turn, and gives the
median of the run-by-run ratios (this program / the other), with the lowest and the highest: a
ratio taken this way holds when the machine's speed drifts, an absolute time does not.

``--again``: each program starts every time in one home of its own, so the counted starts find
what the warm-up start left there (the pictures of ``game.views.picture_cache``, and whatever
else a program keeps): a player's usual start rather than the first one ever.

Bytecode is the caller's choice: with ``PYTHONDONTWRITEBYTECODE`` set and no ``__pycache__``,
every start compiles every module it imports; an installed wheel starts from bytecode.
"""
from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

RUNS = 5
MAX_RUNS = 50
TIMEOUT_S = 120.0         # one start; a program that takes longer is reported, not waited for
_SAVED = re.compile(r"\((\d+)x(\d+), (\d+) frames\)")


class StartError(Exception):
    """A start could not be timed (the program failed or took too long); the message says why."""


def program_root() -> Path:
    """The folder that holds this program's ``game`` package (a checkout or site-packages)."""
    return Path(__file__).resolve().parent.parent


def check_root(root: Path) -> Path:
    """``root`` as a folder whose ``game`` package can be started; StartError if it is not one."""
    root = Path(root).expanduser()
    if not (root / "game" / "__main__.py").is_file():
        raise StartError(f"{root} is not a checkout of the game (no game/__main__.py in it)")
    return root.resolve()


def _cpu_children() -> float:
    try:
        import resource
    except ImportError:         # not Unix: no per-child accounting
        return float("nan")
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def one_start(root: Path, home: Path, out: Path) -> dict[str, Any]:
    """Time one start of the program in ``root``: {'wall_s', 'cpu_s', 'window'}."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    for var in ("HOME", "USERPROFILE", "APPDATA", "LOCALAPPDATA"):
        env[var] = str(home)
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env.pop(var, None)
    cmd = [sys.executable, "-m", "game", "--game", "onyx", "--screenshot", str(out), "--frames", "2"]
    cpu0 = _cpu_children()
    t0 = time.perf_counter()
    try:
        done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise StartError(f"a start in {root} took more than {TIMEOUT_S:g} s") from None
    wall = time.perf_counter() - t0
    cpu = _cpu_children() - cpu0
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        raise StartError(f"the start in {root} failed with status {done.returncode}: {last}")
    m = _SAVED.search(done.stdout)
    return {"wall_s": wall, "cpu_s": cpu, "window": f"{m.group(1)}x{m.group(2)}" if m else "?"}


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 4)


def measure(runs: int = RUNS, against: Path | None = None, again: bool = False) -> dict[str, Any]:
    """The figures (see the module's text); StartError when a start cannot be timed."""
    roots = [check_root(program_root())] + ([check_root(against)] if against is not None else [])
    results: list[list[dict[str, Any]]] = [[] for _ in roots]
    with tempfile.TemporaryDirectory(prefix="bench-start-") as tmp:
        for i in range(runs + 1):                   # the first round warms the disk cache: not counted
            for k, root in enumerate(roots):
                home = Path(tmp) / (f"home-{k}" if again else f"home-{k}-{i}")
                home.mkdir(exist_ok=True)
                r = one_start(root, home, Path(tmp) / f"first-{k}.png")
                if i:
                    results[k].append(r)
    ours = results[0]
    out: dict[str, Any] = {
        "start_s": _median([r["wall_s"] for r in ours]),
        "start_cpu_s": _median([r["cpu_s"] for r in ours]),
        "runs": runs,
        "window": ours[-1]["window"],
        "bytecode_written": not sys.flags.dont_write_bytecode,
        "again": again,
    }
    if against is not None:
        other = results[1]
        out["against"] = str(roots[1])
        out["against_start_s"] = _median([r["wall_s"] for r in other])
        out["against_start_cpu_s"] = _median([r["cpu_s"] for r in other])
        wall = [a["wall_s"] / b["wall_s"] for a, b in zip(ours, other)]
        out["ratio_wall"] = _median(wall)
        out["ratio_wall_range"] = [round(min(wall), 4), round(max(wall), 4)]
        if all(b["cpu_s"] > 0 for b in other):
            cpu = [a["cpu_s"] / b["cpu_s"] for a, b in zip(ours, other)]
            out["ratio_cpu"] = _median(cpu)
            out["ratio_cpu_range"] = [round(min(cpu), 4), round(max(cpu), 4)]
    return out


def run(json_out: bool = False, runs: int = RUNS, against: str | None = None, again: bool = False) -> int:
    try:
        res = measure(runs, Path(against) if against is not None else None, again)
    except StartError as e:
        print(f"python -m game.bench start: error: {e}", file=sys.stderr)
        return 1
    if json_out:
        print(json.dumps(res))
        return 0
    which = "a start after a first one" if again else "a first start"
    print(f"start to first frame ({which}, {res['window']}, median of {runs}): {res['start_s']:.3f} s wall, "
          f"{res['start_cpu_s']:.3f} s CPU")
    if against is not None:
        print(f"{res['against']}: {res['against_start_s']:.3f} s wall, {res['against_start_cpu_s']:.3f} s CPU")
        lo, hi = res["ratio_wall_range"]
        cpu = ""
        if "ratio_cpu" in res:
            clo, chi = res["ratio_cpu_range"]
            cpu = f", CPU {res['ratio_cpu']:.2f}x ({clo:.2f} to {chi:.2f})"
        print(f"this program / that one, run by run: wall {res['ratio_wall']:.2f}x ({lo:.2f} to {hi:.2f}){cpu}")
    return 0
