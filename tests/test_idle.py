"""Quiet when idle (issue 12): the loop sleeps while nothing moves, and wakes for any event.

Functional checks with a stepped clock; the CPU figures come from ``python -m game.bench idle``.
"""
from __future__ import annotations

import time

import pygame

from game.app import App, build, parse_args, wait_for_events
from game.scenes.board import BoardScene, StubEngine
from game.scenes.board.idle import BREATHE_FOR

DT = 1 / 60


def make_app(*args: str) -> App:
    app = build(parse_args(list(args)), fade=False)
    app.engine_factory = StubEngine
    return app


def step_for(app: App, seconds: float) -> None:
    for _ in range(int(seconds / DT) + 1):
        app.step(DT)


def test_the_menu_is_idle_at_once():
    app = make_app()
    app.step(DT)
    assert app.idle()
    app.close()


def test_a_board_waiting_for_a_click_goes_idle_with_its_highlights_at_full_glow():
    app = make_app("--game", "amoeba")
    sc = app.scene
    assert isinstance(sc, BoardScene)
    app.step(DT)
    assert not app.idle()                         # highlights breathe for a while after a change
    step_for(app, BREATHE_FOR + 1.5)
    assert app.idle() and not sc.needs_frames()
    assert abs(sc.view.pulse(sc.display_time()) - 1.0) < 1e-6     # held at full glow, not mid-breath
    t = sc.display_time()
    step_for(app, 1.0)
    assert sc.display_time() == t                 # nothing on the board changes any more
    # a move wakes it: its animation runs at full rate
    opt = next(o for o in sc.input.options if o.clicks)
    for lab in opt.clicks:
        pos = sc.view.pixel_of(lab)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(DT)
    assert sc.anim is not None and not app.idle()
    app.close()


def test_the_computer_thinking_keeps_the_window_drawing():
    app = make_app("--game", "onyx", "--black", "easy")
    sc = app.scene

    class Slow(StubEngine):
        def poll(self):
            return None
    sc.computer.engine = Slow()
    step_for(app, BREATHE_FOR + 1.5)
    assert sc.computer.thinking and not app.idle()
    app.close()


def test_the_analysis_board_is_idle_while_its_engine_streams_and_when_it_is_off():
    from game.scenes.board.analysis import AnalysisScene

    class Streaming(StubEngine):
        """An analysis that never ends and has said nothing yet (the worker still searching)."""
        def analyse(self, game, lines=3, seconds=None, iterations=None, seed=0):
            self.polls = 0

        def analyse_poll(self):
            self.polls += 1
            return []
    app = make_app("--scene", "analysis:onyx")
    sc = app.scene
    assert isinstance(sc, AnalysisScene)
    sc.analyser = eng = Streaming()
    step_for(app, BREATHE_FOR + 1.5)
    assert sc.streaming() and eng.polls > 0
    assert app.idle() and not sc.needs_frames()   # the worker searches; the window may sleep
    sc.toggle_engine()
    step_for(app, BREATHE_FOR + 1.5)
    polls = eng.polls
    step_for(app, 1.0)
    assert app.idle() and eng.polls == polls      # engine off: a board like any other
    app.close()


def test_a_focused_move_box_keeps_its_cursor_blinking():
    app = make_app("--game", "amoeba")
    sc = app.scene
    step_for(app, BREATHE_FOR + 1.5)
    assert app.idle()
    box = sc.w["movebox"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.get_abs_rect().center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=box.get_abs_rect().center, button=1))
    app.step(DT)
    assert box.is_focused and not app.idle()
    app.close()


def test_waiting_returns_at_once_when_an_event_arrives(monkeypatch):
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    naps: list[float] = []              # counted, not timed: the machine's load cannot change it
    real_sleep = time.sleep
    monkeypatch.setattr(time, "sleep", lambda s: (naps.append(s), real_sleep(s)))
    events = wait_for_events(time.monotonic() + 5.0)
    assert any(e.type == pygame.KEYDOWN for e in events)
    assert naps == []                    # an event already queued: not one nap
    assert wait_for_events(time.monotonic() + 0.05) == []      # and times out when nothing comes
    app.close()
