"""python -m game.bench idle [--json]: what an idle window costs.

Each screen runs in a fresh process (the real loop, ``App.run``, with SDL's dummy video and
audio drivers): after 1.5 s to settle, the process's CPU time over 5 s of a window where
nothing moves and nobody clicks, in percent of one core, and its resident memory. Screens:
the menu, a board waiting for a human's click, a lesson step after its demo has finished
(Onager lesson 3 step 3, a chain with a highlighted cell) and a puzzle waiting for a click
(Amoeba puzzle 1), and the Onyx analysis board with its engine on (the search runs in its
worker process, so only the window's own cost is measured: what it does with the worker's
stream of partial replies) and off (Engine off: a board like any other), and an Onyx board
between two people whose clock runs (10 minutes each: the window wakes once a second, when the
running clock's face changes). Medians of three runs.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from typing import Any

SETTLE_S = 7.0     # longer than the board's highlight breathing (BREATHE_FOR)
SCREENS = {        # screen -> (command line, seconds to settle: the lesson's demo plays first)
    "menu": ([], SETTLE_S),
    "board": (["--game", "onyx"], SETTLE_S),
    "lesson": (["--scene", "lesson:onager:3:3"], SETTLE_S + 5.0),
    "puzzle": (["--scene", "puzzle:amoeba:1"], SETTLE_S),
    # the engine searches Onyx's board budget (40,000 iterations, some 25 s) per position:
    # settle and measure fall inside it
    "analysis_on": (["--scene", "analysis:onyx"], SETTLE_S),
    "analysis_off": (["--scene", "analysis:onyx"], SETTLE_S),
    "clock": (["--game", "onyx", "--clock", "600+0"], SETTLE_S),
}
ENGINE_OFF = {"analysis_off"}    # screens whose analysis board has its engine switched off first
LABELS = {"analysis_on": "analysis, engine on", "analysis_off": "analysis, engine off",
          "clock": "board, clock running"}
MEASURE_S = 5.0
RUNS = 3

_CHILD = r"""
import json, os, resource, sys, tempfile, time
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("ABSTRACT_TRIO_HOME", tempfile.mkdtemp(prefix="trio-bench-"))
from game.app import build, parse_args
screen, settle, seconds = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
args = ["--window", "1280x800"] + json.loads(sys.argv[4])
app = build(parse_args(args), fade=False)
app.autosave_enabled = False
if sys.argv[5] == "off":
    app.scene.toggle_engine()
app.run(seconds=settle, close=False)
f0 = app.frame
t0, w0 = time.process_time(), time.monotonic()
app.run(seconds=seconds, close=False)
cpu, wall = time.process_time() - t0, time.monotonic() - w0
with open("/proc/self/statm") as f:
    rss = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
print(json.dumps({"cpu_pct": 100.0 * cpu / wall, "rss_mib": rss, "frames": app.frame - f0}))
app.close()
"""


def one(screen: str, settle: float | None = None, seconds: float = MEASURE_S) -> dict[str, float]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    args, wait = SCREENS[screen]
    settle = wait if settle is None else settle
    out = subprocess.run([sys.executable, "-c", _CHILD, screen, str(settle), str(seconds), json.dumps(args),
                          "off" if screen in ENGINE_OFF else "on"], env=env,
                         capture_output=True, text=True, timeout=120, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure(runs: int = RUNS, seconds: float = MEASURE_S, screens: Any = None) -> dict[str, Any]:
    res: dict[str, Any] = {}
    rss = []
    for screen in screens or SCREENS:
        runs_ = [one(screen, seconds=seconds) for _ in range(max(1, runs))]
        res[f"idle_cpu_pct_{screen}"] = round(statistics.median(r["cpu_pct"] for r in runs_), 2)
        res[f"idle_frames_per_s_{screen}"] = round(statistics.median(r["frames"] for r in runs_) / seconds, 1)
        rss += [r["rss_mib"] for r in runs_]
    res["rss_mib"] = round(statistics.median(rss), 1)
    return res


def run(json_out: bool = False, runs: int = RUNS) -> int:
    result = measure(runs)
    if json_out:
        print(json.dumps(result))
    else:
        print(f"Idle menu:  {result['idle_cpu_pct_menu']} % of a core "
              f"({result['idle_frames_per_s_menu']} frames/s)")
        for screen in SCREENS:
            if screen != "menu":
                name = LABELS.get(screen, screen) + ":"
                print(f"Idle {name:7} {result[f'idle_cpu_pct_{screen}']} % of a core "
                      f"({result[f'idle_frames_per_s_{screen}']} frames/s)")
        print(f"Memory: {result['rss_mib']} MiB resident")
    return 0
