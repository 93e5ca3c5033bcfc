"""python -m game.bench soak [--json] [--rounds N | --minutes M] [--holders]: memory in a long session.

The real ``App`` is driven headless (SDL's dummy drivers, a private ABSTRACT_TRIO_HOME), one
stepped frame at a time, through what a long evening of play does, round after round:

* a game of each of Amoeba, Onyx and Onager between two computer players (the in-process
  ``StubEngine``: seeded random moves, so every run is the same), every move animated; the
  window is resized during the games (small, large, 4K-like scales and back);
* a game review of the Onyx game (the real ``game.ai.review`` with a tiny budget), the game
  saved, loaded again and browsed from its first move to its last;
* a few lesson pages of one game's tutorial (demo moves animate);
* a change of colour theme (classic, dark, colour-blind in turn);
* back at the menu: a full garbage collection (as ``App.run`` does after a scene change), then
  the resident memory (``VmRSS`` of /proc/self/status; the peak is ``VmHWM``).

The first round is the warm-up (fonts, textures, the review's modules are loaded once);
``growth_mib`` is the memory at the end less the memory after it. ``--holders`` adds what holds
the memory at the end: pygame surfaces alive (count and MiB) and the drawing caches' sizes,
and, with ``tracemalloc`` running, the lines whose allocations grew most since the warm-up (the
run is then slower). ``run`` is what ``game.bench`` calls; ``soak`` returns the figures.
"""
from __future__ import annotations

import gc
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    from .scenes.board import BoardScene

ROUNDS = 4                  # the default: about 1-3 minutes on a modest machine (20 resizes)
MAX_ROUNDS = 200
MAX_MINUTES = 240.0
WINDOW = (1280, 800)
DT = 1 / 60
GAMES = ("amoeba", "onyx", "onager")
MOVES_PER_GAME = 16
# window sizes a round goes through during its games (ui scales 1, 1.25, 1.5, 2, 2.5), then WINDOW
SIZES = ((1024, 640), (1600, 1000), (2560, 1600), (1920, 1200), (3200, 2000), (1440, 900))
RESIZES_PER_ROUND = 5       # four during the games, one back to WINDOW: 20 over the default run
THEMES = ("dark", "colour-blind", "classic")
LESSON_STEPS = 4
REVIEW_ITERATIONS = 12      # per position: the review's work is the engine's, not the UI's


def rss_mib() -> dict[str, float]:
    """This process's resident memory now (``VmRSS``) and at its peak (``VmHWM``), in MiB."""
    out = {"VmRSS": 0.0, "VmHWM": 0.0}
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                key, _, value = line.partition(":")
                if key in out:
                    out[key] = int(value.split()[0]) / 1024.0       # kB
    except OSError:              # no /proc (not Linux): the figures stay 0
        pass
    return out


def surfaces() -> tuple[int, float]:
    """(how many pygame surfaces are alive, their pixels in MiB). Surfaces are not tracked by the
    garbage collector themselves, so they are found among the referents of the objects it tracks
    (and of the untracked dicts and tuples those hold: widgets, caches). The objects
    ``settle_memory`` froze are unfrozen first (``gc.get_objects`` does not list them)."""
    import pygame
    gc.unfreeze()
    seen: dict[int, Any] = {}
    visited: set[int] = set()
    todo = gc.get_objects()
    while todo:
        obj = todo.pop()
        for ref in gc.get_referents(obj):
            if isinstance(ref, pygame.Surface):
                seen[id(ref)] = ref
            elif isinstance(ref, (dict, tuple, list)) and not gc.is_tracked(ref) and id(ref) not in visited:
                visited.add(id(ref))
                todo.append(ref)
    total = 0
    for s in seen.values():
        try:
            total += s.get_bytesize() * s.get_width() * s.get_height()
        except pygame.error:     # a surface of a closed display: its pixels are gone, not counted
            continue
    return len(seen), total / 2 ** 20


def cache_sizes() -> dict[str, int]:
    """The current sizes of the drawing caches (``functools.lru_cache``s of the view and UI
    modules, the text caches of ``game.ui.text``): each has a bound, see ``test_soak``."""
    out: dict[str, int] = {}
    for modname in ("game.views.draw", "game.views.amoeba", "game.views.onyx", "game.views.onager",
                    "game.ui.text", "game.scenes.menu"):
        mod = sys.modules.get(modname)
        if mod is None:
            continue
        for name, fn in sorted(vars(mod).items()):
            info = getattr(fn, "cache_info", None)     # a module's values: a functools.lru_cache has one
            if callable(info) and not isinstance(fn, type) and fn.__module__ == modname:
                out[f"{modname.rsplit('.', 1)[-1]}.{name}"] = info().currsize
    shapes = sys.modules.get("game.ui.shapes")
    if shapes is not None:
        out["shapes.kept_looks"] = shapes.kept_looks()      # bounded by shapes.KEEP_BYTES
    return out


class Soak:
    """One long session on a live ``App`` (see the module docstring); counters of what it did."""

    def __init__(self, app: Any, moves_per_game: int = MOVES_PER_GAME, lesson_steps: int = LESSON_STEPS,
                 sizes: tuple[tuple[int, int], ...] = SIZES, window: tuple[int, int] = WINDOW,
                 records: Path | None = None, dt: float = DT) -> None:
        self.app = app
        self.dt = dt
        self.moves_per_game = moves_per_game
        self.lesson_steps = lesson_steps
        self.sizes = sizes
        self.window = window
        self.records = records or Path(tempfile.mkdtemp(prefix="trio-soak-"))
        self.moves = self.resizes = self.themes = self.reviews = self.loads = self.lessons = 0
        self.frames = 0
        self.rounds = 0
        self._size_i = 0
        self._top: Any = None

    # ------------------------------------------------------------ frames
    def frame(self, n: int = 1) -> None:
        """``n`` frames of the real loop's work (without its sleeping): a step, and a garbage
        collection after a scene change, as ``App.run`` does."""
        from .app import settle_memory
        for _ in range(n):
            self.app.step(self.dt)
            self.frames += 1
            if self.app.scene is not self._top:
                self._top = self.app.scene
                settle_memory()

    def until(self, done: Callable[[], bool], limit: int) -> bool:
        for _ in range(limit):
            if done():
                return True
            self.frame()
        return done()

    def resize(self, size: tuple[int, int]) -> None:
        """The window resized by its user (a VIDEORESIZE event through the app's own handler)."""
        import pygame
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        self.frame(2)
        self.resizes += 1

    def next_size(self) -> tuple[int, int]:
        size = self.sizes[self._size_i % len(self.sizes)]
        self._size_i += 1
        return size

    # ------------------------------------------------------------ parts of a round
    def play_game(self, name: str, resize_at: tuple[int, ...] = ()) -> "BoardScene":
        """A game between two computer players, animated, until ``moves_per_game`` moves or its
        end; the window is resized after the moves in ``resize_at``. Returns the board."""
        from .scenes.board import BoardScene
        board = BoardScene.start(name, {}, {"black": "easy", "white": "easy"})
        self.app.push(board)
        self.frame()
        m = board.match
        played = 0
        pending = list(resize_at)
        limit = 400 * max(1, self.moves_per_game)          # frames: a stuck game never hangs the soak
        while m is not None and played < self.moves_per_game and not m.is_over and limit > 0:
            before = m.moves_count()
            self.frame()
            limit -= 1
            played += max(0, m.moves_count() - before)
            if pending and played >= pending[0]:
                pending.pop(0)
                self.resize(self.next_size())
        self.moves += played
        self.until(lambda: self.app.scene.anim is None, 240)
        return board

    def review_save_load(self, board: "BoardScene") -> None:
        """Review the board's game, save it, load it again (replacing the board) and browse it."""
        import pygame

        from .scenes import files
        review = board.review
        if board.match is not None and board.match.moves_count() and review.start():
            self.until(lambda: not review.running, 2000)
            self.reviews += 1
        path = self.records / f"soak-{self.rounds}.txt"
        if files.save_to(board, path) and files.load_path(board, path):
            self.frame(3)
            self.loads += 1
            for key, times in ((pygame.K_HOME, 1), (pygame.K_RIGHT, 6), (pygame.K_END, 1), (pygame.K_LEFT, 3)):
                for _ in range(times):
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
                    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
                    self.frame(2)
                    self.until(lambda: self.app.scene.anim is None, 120)

    def lesson(self, name: str) -> None:
        """A few pages of a lesson of ``name``'s tutorial, their demo moves animated."""
        from .scenes.tutorial import TutorialScene
        tutorial = TutorialScene(name)
        self.app.push(tutorial)
        self.frame(2)
        course = tutorial.course
        if course is None or not course.lessons:
            return
        tutorial.open_lesson(self.rounds % len(course.lessons), 0)
        for i in range(self.lesson_steps):
            self.until(lambda: not tutorial.busy, 600)
            if i < self.lesson_steps - 1:
                tutorial.next_step()
                self.frame()
        self.lessons += 1

    def to_menu(self) -> None:
        """Back to the menu alone (the scenes above it leave), a few frames there."""
        from .scenes.menu import MenuScene
        while len(self.app.scenes) > 1:
            self.app.scene.leave()
            self.app.pop()
            self.frame()
        if not isinstance(self.app.scene, MenuScene):       # (the stack never loses its menu)
            self.app.reset([MenuScene()])
        self.frame(10)

    def change_theme(self) -> None:
        from .app import use_theme
        use_theme(self.app, THEMES[self.rounds % len(THEMES)])
        self.themes += 1
        self.frame(3)

    def round(self) -> None:
        """One round of the session; it ends at the menu at the starting window size."""
        per_game = max(0, RESIZES_PER_ROUND - 1)
        for i, name in enumerate(GAMES):
            # the resizes during the games: spread over them, after a few moves each
            mine = per_game // len(GAMES) + (1 if i < per_game % len(GAMES) else 0)
            step = max(1, self.moves_per_game // (mine + 1))
            board = self.play_game(name, tuple(step * (k + 1) for k in range(mine)))
            if name == "onyx":
                self.review_save_load(board)
            del board           # (a session holds no board it left: this one would keep its widgets)
            self.to_menu()
        self.lesson(GAMES[self.rounds % len(GAMES)])
        self.to_menu()
        self.change_theme()
        if RESIZES_PER_ROUND:
            self.resize(self.window)
        self.frame(10)
        self.rounds += 1


def _measure() -> float:
    from .app import settle_memory
    settle_memory()
    return rss_mib()["VmRSS"]


def soak(rounds: int | None = ROUNDS, minutes: float | None = None, holders: bool = False, trace: bool | None = None,
         moves_per_game: int = MOVES_PER_GAME, lesson_steps: int = LESSON_STEPS,
         sizes: tuple[tuple[int, int], ...] = SIZES, window: tuple[int, int] = WINDOW,
         dt: float = DT) -> dict[str, Any]:
    """Run the session (``rounds`` rounds, or rounds until ``minutes`` have passed, at least two)
    and return the figures (``dt``: seconds a frame; a longer one is a quicker run, as tests
    want). ``holders``: add what holds the memory at the end; ``trace`` (the default: as
    ``holders``) with tracemalloc's lines grown since the warm-up. Uses SDL's dummy drivers
    unless others are set, and a private home folder (the player's games and settings are never
    touched)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .storage import HOME_ENV
    home = tempfile.TemporaryDirectory(prefix="trio-soak-")
    saved_home = os.environ.get(HOME_ENV)
    os.environ[HOME_ENV] = home.name
    tracer = None
    if holders if trace is None else trace:
        import tracemalloc
        tracemalloc.start(1)
        tracer = tracemalloc
    t0 = time.monotonic()
    try:
        from .app import build, parse_args
        from .scenes.board import StubEngine

        class SoakEngine(StubEngine):
            review_iterations = REVIEW_ITERATIONS

        app = build(parse_args(["--window", f"{window[0]}x{window[1]}"]), fade=False)
        app.engine_factory = SoakEngine
        try:
            run = Soak(app, moves_per_game, lesson_steps, sizes, window, Path(home.name), dt)
            run.frame(10)
            start = _measure()
            per_round: list[float] = []
            warm_snap = None
            deadline = None if minutes is None else t0 + 60.0 * minutes
            while True:
                run.round()
                per_round.append(_measure())
                if tracer is not None and warm_snap is None:
                    warm_snap = tracer.take_snapshot()
                if deadline is None:
                    if run.rounds >= (rounds or ROUNDS):
                        break
                elif time.monotonic() >= deadline and run.rounds >= 2:
                    break
            end = per_round[-1]
            result: dict[str, Any] = {
                "rss_start_mib": round(start, 1),
                "rss_warm_mib": round(per_round[0], 1),
                "rss_end_mib": round(end, 1),
                "rss_peak_mib": round(rss_mib()["VmHWM"], 1),
                "growth_mib": round(end - per_round[0], 1),
                "rss_rounds_mib": [round(v, 1) for v in per_round],
                "moves": run.moves,
                "resizes": run.resizes,
                "theme_changes": run.themes,
                "reviews": run.reviews,
                "loads": run.loads,
                "lessons": run.lessons,
                "rounds": run.rounds,
                "frames": run.frames,
                "seconds": round(time.monotonic() - t0, 1),
            }
            if holders:
                count, mib = surfaces()
                result["surfaces"] = count
                result["surfaces_mib"] = round(mib, 1)
                result["caches"] = cache_sizes()
                if tracer is not None and warm_snap is not None:
                    diff = tracer.take_snapshot().compare_to(warm_snap, "lineno")
                    result["grown_since_warm_kib"] = [
                        f"{d.size_diff / 1024:+.0f} KiB {d.traceback[0].filename.split('site-packages/')[-1]}"
                        f":{d.traceback[0].lineno}" for d in diff[:12]]
            return result
        finally:
            app.close()
    finally:
        if tracer is not None:
            tracer.stop()
        if saved_home is None:
            os.environ.pop(HOME_ENV, None)
        else:
            os.environ[HOME_ENV] = saved_home
        home.cleanup()


def run(json_out: bool = False, rounds: int | None = None, minutes: float | None = None,
        holders: bool = False) -> int:
    result = soak(rounds=rounds if minutes is None else None, minutes=minutes, holders=holders)
    if json_out:
        print(json.dumps(result))
        return 0
    print(f"Soak: {result['rounds']} rounds in {result['seconds']} s: {result['moves']} moves, "
          f"{result['resizes']} resizes, {result['theme_changes']} theme changes, {result['reviews']} reviews, "
          f"{result['loads']} loads, {result['lessons']} lessons")
    print(f"Memory (MiB resident): start {result['rss_start_mib']}, after the warm-up {result['rss_warm_mib']}, "
          f"end {result['rss_end_mib']} (growth {result['growth_mib']:+}), peak {result['rss_peak_mib']}")
    print("  after each round: " + ", ".join(f"{v}" for v in result["rss_rounds_mib"]))
    if holders:
        print(f"Surfaces alive: {result['surfaces']} ({result['surfaces_mib']} MiB)")
        print("Caches: " + ", ".join(f"{k} {v}" for k, v in result["caches"].items()))
        for line in result.get("grown_since_warm_kib", []):
            print("  " + line)
    return 0
