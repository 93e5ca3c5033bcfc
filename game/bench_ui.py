"""UI benchmarks: frame time during move animations, and program start-up time.

    python -m game.bench_ui [--json]

``run(json)`` is what ``game.bench`` calls (it prints; ``measure()`` returns the numbers). Frame times are measured headless (SDL dummy
driver) at 1280x800: one ``App.step`` = events + update + draw of a whole frame while a move
animation is running. Start-up is the wall time of ``python main.py --screenshot X --frames 1``.
"""
from __future__ import annotations

import json as _json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    if not s:
        return 0.0
    k = min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))
    return s[k]


def frame_times(frames: int = 400, size: tuple[int, int] = (1280, 800), game: str = "amoeba",
                seed: int = 7) -> list[float]:
    """Seconds per frame (update + draw) while moves animate, over random legal games."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .app import build, parse_args
    from .storage import HOME_ENV
    home, saved_home = tempfile.TemporaryDirectory(prefix="trio-bench-"), os.environ.get(HOME_ENV)
    os.environ[HOME_ENV] = home.name    # the benchmark's games never touch the player's autosave
    app = build(parse_args(["--game", game, "--window", f"{size[0]}x{size[1]}"]), fade=False)
    rng = random.Random(seed)
    times: list[float] = []
    try:
        for _ in range(5):
            app.step(1 / 60)
        scene: Any = app.scene
        guard = 0
        while len(times) < frames and guard < frames * 20:
            guard += 1
            m = scene.match
            if m is None:
                break
            if m.is_over or len(m.history) > 120:
                while m.history:
                    m.undo()
                scene.marks.clear()
                scene.refresh()
            if scene.anim is None:
                moves = m.legal_strs()
                if not moves:
                    continue
                scene.play_move(rng.choice(moves))
            t0 = time.perf_counter()
            app.step(1 / 60)
            times.append(time.perf_counter() - t0)
    finally:
        app.close()
        if saved_home is None:
            os.environ.pop(HOME_ENV, None)
        else:
            os.environ[HOME_ENV] = saved_home
        home.cleanup()
    return times


def startup_time(repeat: int = 3) -> float:
    """Median wall time of ``python main.py --screenshot ... --frames 1`` (seconds)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "startup.png"
        for _ in range(repeat):
            t0 = time.perf_counter()
            proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--screenshot", str(out), "--frames", "1"],
                                  cwd=str(ROOT), env=env, capture_output=True, text=True, timeout=120)
            runs.append(time.perf_counter() - t0)
            if proc.returncode != 0:
                raise RuntimeError(f"main.py --screenshot failed: {proc.stderr.strip()[-400:]}")
    return statistics.median(runs)


def measure() -> dict[str, Any]:
    """The UI figures: frame time during animations (ms) and start-up time (s)."""
    times = frame_times()
    return {
        "ui_frame_ms_median": round(statistics.median(times) * 1000, 2) if times else None,
        "ui_frame_ms_p99": round(_percentile(times, 0.99) * 1000, 2) if times else None,
        "ui_frames_measured": len(times),
        "ui_window": "1280x800",
        "ui_startup_s": round(startup_time(), 3),
    }


def run(json: bool = False, json_out: bool | None = None) -> int:
    """Measure and print (one JSON object with ``json``); returns 0 as a process exit code.

    ``json_out`` is accepted as another name of ``json`` (``python -m game.bench ui --json``).
    """
    as_json = bool(json if json_out is None else json_out)
    result = measure()
    if as_json:
        print(_json.dumps(result))
    else:
        print(f"UI frame during animations at 1280x800: median {result['ui_frame_ms_median']} ms, "
              f"p99 {result['ui_frame_ms_p99']} ms over {result['ui_frames_measured']} frames")
        print(f"Start-up (main.py --screenshot --frames 1): {result['ui_startup_s']} s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(json="--json" in sys.argv[1:]))
