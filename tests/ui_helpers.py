"""Synthetic input for the headless UI tests: a person using the app, one stepped frame at a time.

One home for what the UI test files share (``from ui_helpers import ...``; pytest puts tests/ on
``sys.path``, see tests/conftest.py). The variants the files had are keyword arguments here:

* ``settle``: how many frames at most (``limit``), of how long (``dt``), whether it also waits
  for the computer (``thinking``), whether it looks before each frame or after it
  (``check_first``), a condition of its own (``until``) and whether it fails when it runs out
  (``fail``);
* ``click``: how many frames follow the press (``frames``) and whether the mouse first moves there
  in a frame of its own (``hover_first``, as the board-view tests click);
* ``click_widget``: what it asserts first (``check``: visible, visible and enabled, or nothing);
* ``make_app`` (stub engines, no fades) and ``running_app`` (for fixtures: the engines the
  command line picks, settled, closed afterwards).

The ``post_*`` functions only queue events (no frame); ``extra`` attributes go on every event
they post (the monkey test tags its inputs with them).
"""
from __future__ import annotations

import time
from typing import Any, Callable, Iterator

import pygame

from game.app import App, build, parse_args
from game.scenes.board import BoardScene, StubEngine

DT = 1 / 60

Pos = tuple[float, float]


# ---------------------------------------------------------------- events (queued, no frame)
def _ipos(pos: Pos) -> tuple[int, int]:
    return (int(pos[0]), int(pos[1]))


def post_motion(pos: Pos, **extra: Any) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=_ipos(pos), rel=(0, 0), buttons=(0, 0, 0),
                                         **extra))


def post_press(pos: Pos, button: int = 1, **extra: Any) -> None:
    """A button pressed and released where the mouse is (no motion)."""
    pos = _ipos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, **extra))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, **extra))


def post_click(pos: Pos, button: int = 1, **extra: Any) -> None:
    """The mouse moves to ``pos``, presses and releases, all in the next frame."""
    post_motion(pos, **extra)
    post_press(pos, button, **extra)


def post_key(k: int, mod: int = 0, **extra: Any) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0, **extra))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0, **extra))


# ---------------------------------------------------------------- frames
# keys of the characters of a typed move that are not their own key code
CHAR_KEYS = {"-": pygame.K_MINUS, ">": pygame.K_PERIOD, "*": pygame.K_8}


def post_typed(k: int, text: str = "", mod: int = 0) -> None:
    """A key as typing sends it: down, the text it types (if any), up."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0))


def type_move(app: App, text: str) -> None:
    """A move typed on the board (the move box takes it), then Enter."""
    for ch in text:
        post_typed(CHAR_KEYS.get(ch) or pygame.key.key_code(ch), ch, pygame.KMOD_SHIFT if ch == ">" else 0)
        step(app, 1)
    post_typed(pygame.K_RETURN, "\r")
    step(app, 2)


def step(app: App, n: int = 1, dt: float = DT) -> None:
    for _ in range(n):
        app.step(dt)


def calm(app: App, thinking: bool = False) -> bool:
    """No fade running and no animation in the current scene (with ``thinking``: no computer search either)."""
    sc = app.scene
    return (not app.transitioning and getattr(sc, "anim", None) is None
            and not (thinking and getattr(getattr(sc, "computer", None), "thinking", False)))


def settle(app: App, limit: int = 60, dt: float = 0.1, *, thinking: bool = False,
           until: Callable[[], bool] | None = None, check_first: bool = False, fail: str | None = None) -> None:
    """Let fades and animations finish: frames of ``dt`` seconds, at most ``limit`` of them, until
    ``calm(app, thinking)`` (or ``until()`` when given) holds.

    ``check_first``: look before each frame (no frame at all when already settled) instead of after it.
    ``fail``: raise ``AssertionError(fail)`` when ``limit`` frames did not settle it (else just return).
    """
    done = until if until is not None else (lambda: calm(app, thinking))
    for _ in range(limit):
        if check_first and done():
            return
        app.step(dt)
        if not check_first and done():
            return
    if fail is not None:
        raise AssertionError(fail)


def wait_until(app: App, cond: Callable[[], bool], timeout: float = 15.0, dt: float = DT) -> float:
    """Step frames (real time passes: the worker thinks) until cond(); returns the seconds waited."""
    t0 = time.monotonic()
    while not cond():
        if time.monotonic() - t0 > timeout:
            raise AssertionError(f"timed out after {timeout} s")
        app.step(dt)
        time.sleep(0.004)
    return time.monotonic() - t0


# ---------------------------------------------------------------- a person using the app
def move_mouse(app: App, pos: Pos) -> None:
    """The mouse moves to ``pos``; one frame."""
    post_motion(pos)
    step(app)


def click(app: App, pos: Pos, button: int = 1, *, frames: int = 2, hover_first: bool = False) -> None:
    """Move there, press and release, then ``frames`` frames (a widget's press is handled on the next one).

    ``hover_first``: the mouse moves there in a frame of its own (``move_mouse``) before the press.
    """
    if hover_first:
        move_mouse(app, pos)
        post_press(pos, button)
    else:
        post_click(pos, button)
    step(app, frames)


def click_point(app: App, label: str, **kw: Any) -> None:
    """Click a board point (or cell) where the current scene's view itself says it is."""
    click(app, app.scene.view.pixel_of(label), **kw)


def click_widget(app: App, element: Any, *, check: str | None = "visible", **kw: Any) -> None:
    """Click the middle of a widget; ``check``: assert first that it is "visible", "enabled"
    (visible and enabled) or nothing (None)."""
    if check == "visible":
        assert element.visible, f"{element} is hidden"
    elif check == "enabled":
        assert element.visible and element.is_enabled, f"{element} cannot be clicked"
    elif check is not None:
        raise ValueError(f"unknown check {check!r}")
    click(app, element.get_abs_rect().center, **kw)


def key(app: App, k: int, mod: int = 0) -> None:
    """Press and release a key; two frames."""
    post_key(k, mod)
    step(app, 2)


def tab_to(app: App, widget: Any, limit: int = 40) -> None:
    """Tab until the keyboard's ring is on ``widget`` (as a player does)."""
    for _ in range(limit):
        if app.focus is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {widget} (the ring is on {app.focus})")


# ---------------------------------------------------------------- the app
def make_app(*args: str, stub_boards: bool = True) -> App:
    """The app as the command line ``args`` build it, without fades; computer players are the
    in-process ``StubEngine``. ``stub_boards``: the boards the command line opened get one too
    (their engine closed); else they keep the engine they were built with."""
    app = build(parse_args(list(args)), fade=False)
    app.engine_factory = StubEngine          # computer players move at once, in-process
    if stub_boards:
        for sc in app.scenes:
            if isinstance(sc, BoardScene):
                if sc.computer.engine is not None:
                    sc.computer.engine.close()
                sc.computer.engine = StubEngine()
    return app


def running_app(*args: str, fade: bool = False, ready: Callable[[App], None] | None = None) -> Iterator[App]:
    """For a fixture (``yield from running_app(...)``): the app the command line ``args`` build,
    with the engines they choose, ``ready(app)`` (default: ``settle``) before the test, closed after it."""
    app = build(parse_args(list(args)), fade=fade)
    (ready or settle)(app)
    yield app
    app.close()


def board(app: App) -> BoardScene:
    """The current scene, which must be a board."""
    sc = app.scene
    assert isinstance(sc, BoardScene), sc
    return sc


def drawn_text_rects(draw: Callable[[], Any]) -> list[pygame.Rect]:
    """The rectangles of the texts ``draw()`` writes with ``game.views.draw.text`` (a scene's
    own drawn words, which no widget audit sees)."""
    from game.views import draw as D
    rects: list[pygame.Rect] = []
    real = D.text

    def noting(surface: pygame.Surface, s: str, *a: Any, **kw: Any) -> pygame.Rect:
        r = real(surface, s, *a, **kw)
        rects.append(r)
        return r
    D.text = noting
    try:
        draw()
    finally:
        D.text = real
    return rects
