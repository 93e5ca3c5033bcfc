"""UI benchmarks: frame times during move animations, in the frames where moves land, start-up time.

    python -m game.bench ui [--json]        (or python -m game.bench_ui [--json])

``run(json)`` is what ``game.bench`` calls (it prints; ``measure()`` returns the numbers).
Everything is measured headless (SDL dummy driver) at 1280x800, with a private
ABSTRACT_TRIO_HOME (the player's autosave is never touched), each figure the median of
several runs:

* ``frame_ms_p50`` / ``frame_ms_p99``: one ``App.step`` (events + update + draw of a whole
  frame) while move animations run, over random Amoeba games.
* ``move_frame_ms_max``: the worst frame in which a move lands, over one long Onyx game of
  150 plies played through the board scene's own move path: the frame where the move is
  played (the move list, status and buttons update, the animation starts) and the frame
  where its animation ends (the next player's input and panel are set up).
  ``move_frame_ms_p50`` is the median of those frames.
* ``thinking_frame_ms_p50`` / ``_p99``: frames while the computer (Onyx, hard) thinks in its
  worker process, at a real loop's pace (the search must not slow the window).
* ``startup_s``: wall time of ``python main.py --screenshot X --frames 1``.
* ``theme_switch_s``: at ``THEME_WINDOW`` (2560x1440) on an Onyx board, the wall time from a
  change of the colour theme (as the Settings scene makes it: ``settings.update(theme=...)``)
  until the next frame is drawn, in the new theme; each theme in turn, each run in a new app
  (so each change draws its theme's pictures for the first time). ``theme_switch_s_max``: the
  slowest of them.

The games are random but seeded; the long game picks "calm" moves (``calm_move``: never one
that ends the game, and in Onyx the fewest captures, so the board fills up), so it does not
end early.
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
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
WINDOW = (1280, 800)
THEME_WINDOW = (2560, 1440)
RUNS = 3
LONG_PLIES = 150


def _percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    if not s:
        return 0.0
    k = min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))
    return s[k]


@contextmanager
def _app(game: str, size: tuple[int, int]) -> Iterator[Any]:
    """A headless app showing a new board of ``game``, with a private home folder."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .app import build, parse_args
    try:
        from .app import settle_memory
    except ImportError:             # (an older app)
        import gc

        def settle_memory() -> None:
            gc.collect()
    from .storage import HOME_ENV
    home, saved_home = tempfile.TemporaryDirectory(prefix="trio-bench-"), os.environ.get(HOME_ENV)
    os.environ[HOME_ENV] = home.name    # the benchmark's games never touch the player's autosave
    app = build(parse_args(["--game", game, "--window", f"{size[0]}x{size[1]}"]), fade=False)
    try:
        for _ in range(40):             # 2/3 s: the board prepares fonts and looks one a frame first
            app.step(1 / 60)
        settle_memory()                 # as App.run does after a scene change
        yield app
    finally:
        app.close()
        if saved_home is None:
            os.environ.pop(HOME_ENV, None)
        else:
            os.environ[HOME_ENV] = saved_home
        home.cleanup()


# games where the fewest counted pieces (game.counts()) keeps a game going: Onager counts the
# pieces on the far row, Onyx the captured stones; Amoeba counts the stacks each side controls,
# and keeping that low soon leaves a side without a move
FEWEST_COUNTED = {"onyx", "onager"}


def calm_move(game: Any, rng: random.Random) -> str | None:
    """A random legal move that does not end the game (nor leave the other side without a
    move), in Onyx and Onager one that adds the fewest counted pieces: long games for
    benchmarks and tests. None when there is no legal move."""
    from .rules.base import RulesError
    moves = game.legal_strs()
    if not moves:
        return None
    use_counts = getattr(game, "name", "") in FEWEST_COUNTED
    best: list[str] = []
    best_v: float | None = None
    for text in moves:
        g = game.copy()
        try:
            g.play(g.parse_move(text))
        except (RulesError, ValueError, KeyError, TypeError):
            continue                    # a move these rules refuse: not a candidate
        if g.result is not None or not g.legal_strs():
            continue
        v = 0.0
        if use_counts:
            try:
                v = float(sum(int(x) for x in g.counts().values()))
            except (RulesError, ValueError, KeyError, TypeError, AttributeError):   # no counts: all equal
                v = 0.0
        if best_v is None or v < best_v:
            best, best_v = [text], v
        elif v == best_v:
            best.append(text)
    return rng.choice(best or moves)


def anim_frames(frames: int = 400, size: tuple[int, int] = WINDOW, game: str = "amoeba",
                seed: int = 7) -> list[tuple[float, float]]:
    """(wall seconds, CPU seconds of this thread) per frame while moves animate, over random games.

    The CPU time leaves out what other processes on the machine take from it.
    """
    rng = random.Random(seed)
    times: list[tuple[float, float]] = []
    with _app(game, size) as app:
        scene: Any = app.scene
        guard = 0
        while len(times) < frames and guard < frames * 20:
            guard += 1
            m = scene.match
            if m is None:
                break
            if m.is_over or len(m.history) > 120:
                while m.undo():
                    pass
                scene.refresh()
            if scene.anim is None:
                moves = m.legal_strs()
                if not moves:
                    continue
                scene.play_move(rng.choice(moves))
            c0, t0 = time.thread_time(), time.perf_counter()
            app.step(1 / 60)
            times.append((time.perf_counter() - t0, time.thread_time() - c0))
    return times


def frame_times(frames: int = 400, size: tuple[int, int] = WINDOW, game: str = "amoeba",
                seed: int = 7) -> list[float]:
    """Seconds per frame (update + draw) while moves animate, over random legal games."""
    return [w for w, _ in anim_frames(frames, size, game, seed)]


def move_frame_times(plies: int = LONG_PLIES, size: tuple[int, int] = WINDOW, game: str = "onyx",
                     seed: int = 11) -> list[tuple[int, str, float, float]]:
    """Frames in which moves land over one long game: ``(ply, kind, wall seconds, CPU seconds)``.

    ``kind`` 'play': the move is played through ``BoardScene.play_move`` and one frame
    runs (as when a click or the computer's answer plays it); 'land': the frame in which its
    animation ends. The frames between are stepped but not recorded.
    """
    rng = random.Random(seed)
    out: list[tuple[int, str, float, float]] = []
    with _app(game, size) as app:
        scene: Any = app.scene
        m = scene.match
        for ply in range(1, plies + 1):
            if m is None or m.is_over:
                break
            text = calm_move(m.game, rng)
            if text is None:
                break
            c0, t0 = time.thread_time(), time.perf_counter()
            scene.play_move(text)
            app.step(1 / 60)
            out.append((ply, "play", time.perf_counter() - t0, time.thread_time() - c0))
            guard = 0
            while scene.anim is not None and guard < 200:
                guard += 1
                c0, t0 = time.thread_time(), time.perf_counter()
                app.step(1 / 60 if guard % 4 == 0 else 0.1)   # most of the animation in big steps
                wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
                if scene.anim is None:
                    out.append((ply, "land", wall, cpu))
            app.step(1 / 60)
    return out


def thinking_frames(seconds: float = 3.0, size: tuple[int, int] = WINDOW, game: str = "onyx",
                    level: str = "hard") -> list[tuple[float, float]]:
    """Frames drawn while the computer thinks in its worker process (the real ``WorkerEngine``):
    ``(wall seconds, CPU seconds of the UI thread)`` per ``App.step`` over ``seconds``."""
    from .scenes.board import WorkerEngine
    out: list[tuple[float, float]] = []
    with _app(game, size) as app:
        scene: Any = app.scene
        scene.match.players[scene.match.to_move.other] = level
        scene.computer.use_engine(WorkerEngine())
        opening = calm_move(scene.match.game, random.Random(3))
        if opening is None:
            return out
        scene.play_move(opening)
        guard = 0
        while not scene.computer.thinking and guard < 600:
            guard += 1
            app.step(1 / 60)
        end = time.perf_counter() + seconds
        while scene.computer.thinking and time.perf_counter() < end:
            c0, t0 = time.thread_time(), time.perf_counter()
            app.step(1 / 60)
            out.append((time.perf_counter() - t0, time.thread_time() - c0))
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))   # a real loop's pace
        scene.computer.cancel()
        scene.computer.engine.close()
    return out


def theme_switch_times(size: tuple[int, int] = THEME_WINDOW, game: str = "onyx") -> list[float]:
    """Seconds from a theme change to the end of the next frame, for each theme in turn (the
    classic theme last), on a new board at ``size``."""
    from .themes import THEME_NAMES
    out: list[float] = []
    with _app(game, size) as app:
        first = app.settings.theme
        order = [t for t in THEME_NAMES if t != first] + [first]
        for name in order:
            t0 = time.perf_counter()
            app.settings.update(theme=name)
            app.step(1 / 60)
            out.append(time.perf_counter() - t0)
            for _ in range(30):                 # half a second in the new theme
                app.step(1 / 60)
    return out


def startup_time(repeat: int = 3) -> float:
    """Median wall time of ``python main.py --screenshot ... --frames 1`` (seconds)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    runs = []
    # the source tree's main.py; an installed game (no main.py beside the package): python -m game
    start = [sys.executable, str(ROOT / "main.py")] if (ROOT / "main.py").is_file() else [sys.executable, "-m", "game"]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "startup.png"
        env["ABSTRACT_TRIO_HOME"] = tmp
        for _ in range(repeat):
            t0 = time.perf_counter()
            proc = subprocess.run([*start, "--screenshot", str(out), "--frames", "1"],
                                  cwd=str(ROOT), env=env, capture_output=True, text=True, timeout=120)
            runs.append(time.perf_counter() - t0)
            if proc.returncode != 0:
                raise RuntimeError(f"main.py --screenshot failed: {proc.stderr.strip()[-400:]}")
    return statistics.median(runs)


def _ms(x: float) -> float:
    return round(x * 1000, 2)


def measure(runs: int = RUNS, plies: int = LONG_PLIES) -> dict[str, Any]:
    """The UI figures (medians over ``runs`` runs): frame times in ms, start-up in s.

    Wall-clock figures, plus the same in CPU time of the UI thread (``*_cpu_*``: what the
    program itself spends, without the time other programs on a busy machine take from it).
    """
    runs = max(1, int(runs))
    med = statistics.median
    a_wall: dict[str, list[float]] = {"p50": [], "p99": []}
    a_cpu: dict[str, list[float]] = {"p50": [], "p99": []}
    counted = 0
    for r in range(runs):
        frames = anim_frames(seed=7 + r)
        counted += len(frames)
        for store, vals in ((a_wall, [w for w, _ in frames]), (a_cpu, [c for _, c in frames])):
            if vals:
                store["p50"].append(med(vals))
                store["p99"].append(_percentile(vals, 0.99))
    m_wall: dict[str, list[float]] = {"max": [], "p50": []}
    m_cpu: dict[str, list[float]] = {"max": [], "p50": []}
    landed = 0
    for r in range(runs):
        frames2 = move_frame_times(plies=plies, seed=11 + r)
        landed = max(landed, max((f[0] for f in frames2), default=0))
        for store, vals in ((m_wall, [f[2] for f in frames2]), (m_cpu, [f[3] for f in frames2])):
            if vals:
                store["max"].append(max(vals))
                store["p50"].append(med(vals))
    t_wall: dict[str, list[float]] = {"p50": [], "p99": []}
    t_cpu: dict[str, list[float]] = {"p50": [], "p99": []}
    for r in range(runs):
        frames3 = thinking_frames()
        for store, vals in ((t_wall, [w for w, _ in frames3]), (t_cpu, [c for _, c in frames3])):
            if vals:
                store["p50"].append(med(vals))
                store["p99"].append(_percentile(vals, 0.99))
    switches: list[float] = []
    for r in range(runs):
        switches += theme_switch_times()
    startup = startup_time()

    def fig(xs: list[float]) -> float | None:
        return _ms(med(xs)) if xs else None

    result: dict[str, Any] = {
        "frame_ms_p50": fig(a_wall["p50"]),
        "frame_ms_p99": fig(a_wall["p99"]),
        "move_frame_ms_max": fig(m_wall["max"]),
        "move_frame_ms_p50": fig(m_wall["p50"]),
        "startup_s": round(startup, 3),
        "theme_switch_s": round(med(switches), 3) if switches else None,
        "theme_switch_s_max": round(max(switches), 3) if switches else None,
        "theme_window": f"{THEME_WINDOW[0]}x{THEME_WINDOW[1]}",
        "thinking_frame_ms_p50": fig(t_wall["p50"]),
        "thinking_frame_ms_p99": fig(t_wall["p99"]),
        "thinking_frame_cpu_ms_p50": fig(t_cpu["p50"]),
        "thinking_frame_cpu_ms_p99": fig(t_cpu["p99"]),
        "frame_cpu_ms_p50": fig(a_cpu["p50"]),
        "frame_cpu_ms_p99": fig(a_cpu["p99"]),
        "move_frame_cpu_ms_max": fig(m_cpu["max"]),
        "move_frame_cpu_ms_p50": fig(m_cpu["p50"]),
        "window": f"{WINDOW[0]}x{WINDOW[1]}",
        "runs": runs,
        "frames_measured": counted,
        "long_game": f"onyx, {landed} plies",
    }
    # the names of the first version of this benchmark
    result.update({"ui_frame_ms_median": result["frame_ms_p50"], "ui_frame_ms_p99": result["frame_ms_p99"],
                   "ui_startup_s": result["startup_s"]})
    return result


def run(json: bool = False, json_out: bool | None = None) -> int:
    """Measure and print (one JSON object with ``json``); returns 0 as a process exit code.

    ``json_out`` is accepted as another name of ``json`` (``python -m game.bench ui --json``).
    """
    as_json = bool(json if json_out is None else json_out)
    result = measure()
    if as_json:
        print(_json.dumps(result))
    else:
        print(f"UI frame during animations at {result['window']}: p50 {result['frame_ms_p50']} ms, "
              f"p99 {result['frame_ms_p99']} ms (median of {result['runs']} runs)")
        print(f"Frames where a move lands ({result['long_game']}): worst {result['move_frame_ms_max']} ms, "
              f"median {result['move_frame_ms_p50']} ms (median of {result['runs']} runs)")
        print(f"  the same in CPU time of the UI thread: animations p50 {result['frame_cpu_ms_p50']} ms, "
              f"p99 {result['frame_cpu_ms_p99']} ms; moves worst {result['move_frame_cpu_ms_max']} ms, "
              f"median {result['move_frame_cpu_ms_p50']} ms")
        print(f"Frames while the computer thinks (Onyx, hard, worker process): p50 "
              f"{result['thinking_frame_ms_p50']} ms, p99 {result['thinking_frame_ms_p99']} ms "
              f"(CPU of the UI thread p50 {result['thinking_frame_cpu_ms_p50']} ms, "
              f"p99 {result['thinking_frame_cpu_ms_p99']} ms)")
        print(f"Start-up (main.py --screenshot --frames 1): {result['startup_s']} s")
        print(f"Theme change to its next frame at {result['theme_window']} (Onyx board): median "
              f"{result['theme_switch_s']} s, slowest {result['theme_switch_s_max']} s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(json="--json" in sys.argv[1:]))
