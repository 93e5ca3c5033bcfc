"""Full screen (F11 and the settings check box) and back: the same window, in the same place, at the
same size, its widgets rebuilt once per switch, and the first click afterwards reaches the board.

Headless (SDL's dummy driver, tests/conftest.py). The bug it guards against showed only in a real
window under a window manager: ``pygame.display.set_mode(..., FULLSCREEN)`` and back destroyed the
window and opened a new one, which the window manager placed 20 px lower (its title bar) each
round trip and often left without the keyboard focus, so the first click only focused it. The
real-window check (Xvfb + openbox + xdotool) stays manual; here the tests make sure the window is
never recreated, that its remembered place is put back, and that nothing stale eats a click.
"""
from __future__ import annotations

import warnings

import pygame
import pytest

import game.scenes.settings as S
from game.scenes.board import BoardScene
from game.scenes.settings import SettingsScene, prefs, set_fullscreen
from game.settings import Settings, save_settings, settings_path

from ui_helpers import click, click_widget, key, make_app, settle, step

WINDOW = (1280, 800)


def real_window() -> pygame.Window:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


@pytest.fixture
def board_app():
    app = make_app("--game", "amoeba", "--window", f"{WINDOW[0]}x{WINDOW[1]}")
    settle(app)
    assert isinstance(app.scene, BoardScene) and app.size == WINDOW
    yield app
    app.close()


@pytest.fixture
def no_set_mode(monkeypatch):
    """Count the calls of pygame.display.set_mode (each one may recreate the window)."""
    calls: list[tuple] = []
    real = pygame.display.set_mode

    def counting(*args, **kw):
        calls.append(args)
        return real(*args, **kw)
    monkeypatch.setattr(pygame.display, "set_mode", counting)
    return calls


def count_relayouts(monkeypatch, scene) -> list[tuple[int, int]]:
    """Every rebuild of ``scene``'s widgets, with the window size it was built for."""
    seen: list[tuple[int, int]] = []
    real = scene.relayout

    def counting() -> None:
        seen.append(scene.app.size)
        real()
    monkeypatch.setattr(scene, "relayout", counting)
    return seen


class SpyWindow:
    """The real window, with every move recorded; ``creep`` moves it on set_windowed the way a
    window manager placed the re-opened window (+1, +20) before the fix."""

    def __init__(self, real, moves: list, creep: tuple[int, int] = (0, 0)) -> None:
        object.__setattr__(self, "real", real)
        object.__setattr__(self, "moves", moves)
        object.__setattr__(self, "creep", creep)

    def __getattr__(self, name):
        return getattr(self.real, name)

    def __setattr__(self, name, value) -> None:
        if name == "position":
            self.moves.append(tuple(value))
        setattr(self.real, name, value)

    def set_windowed(self) -> None:
        self.real.set_windowed()
        if self.creep != (0, 0):
            x, y = self.real.position
            self.real.position = (x + self.creep[0], y + self.creep[1])


# ---------------------------------------------------------------- F11 round trips
def test_f11_round_trips_keep_the_same_window_its_size_and_place(board_app, no_set_mode):
    app = board_app
    win = real_window()
    win.position = (200, 120)
    start = tuple(win.position)
    desktop = tuple(pygame.display.get_desktop_sizes()[0])
    for _ in range(3):
        key(app, pygame.K_F11)
        assert app.fullscreen and prefs(app).fullscreen
        assert app.size == desktop == tuple(app.ui.window_resolution)
        key(app, pygame.K_F11)
        assert not app.fullscreen and not prefs(app).fullscreen
        assert app.size == WINDOW == tuple(app.ui.window_resolution)
        assert tuple(real_window().position) == start
    assert no_set_mode == []            # never a new window (set_mode would open one)
    assert app.screen is pygame.display.get_surface()


def test_each_switch_rebuilds_the_board_once(board_app, monkeypatch):
    app = board_app
    board = app.scene
    seen = count_relayouts(monkeypatch, board)
    key(app, pygame.K_F11)
    step(app, 5)                        # the resize events the switch queued change nothing more
    assert seen == [tuple(pygame.display.get_desktop_sizes()[0])]
    key(app, pygame.K_F11)
    step(app, 5)
    assert seen[1:] == [WINDOW]
    assert board.view is not None and board.board_rect.w > 0


def test_the_first_click_after_leaving_full_screen_reaches_the_board(board_app):
    app = board_app
    board = app.scene
    key(app, pygame.K_F11)
    click(app, board.view.pixel_of("a1"))       # clicks in full screen: a1 selected, then let go
    assert board.input.prefix == ("a1",)
    click(app, board.view.pixel_of("a1"))
    assert board.input.prefix == ()
    key(app, pygame.K_F11)
    assert app.size == WINDOW
    click(app, board.view.pixel_of("b3"))       # the very first click: Black's Kernel is selected
    assert board.input.prefix == ("b3",)
    assert "b3" in board.panel.status


def test_the_first_click_after_the_check_box_left_full_screen(board_app, monkeypatch):
    app = board_app
    board = app.scene
    key(app, pygame.K_F11)
    click_widget(app, board.toolbar.buttons["settings"])
    settle(app)
    sc = app.scene
    assert isinstance(sc, SettingsScene) and sc.widgets["fullscreen"].get_state() is True
    seen = count_relayouts(monkeypatch, sc)
    click_widget(app, sc.widgets["fullscreen"])
    step(app, 5)
    assert not app.fullscreen and app.size == WINDOW
    assert seen == [WINDOW]                     # rebuilt once, for the window's size
    assert sc.widgets["fullscreen"].get_state() is False
    focused = app.ui.get_focus_set() or set()
    assert all(el.alive() for el in focused)    # no focus left on a killed check box
    click_widget(app, sc.widgets["back"])       # the first click after leaving: Done works
    settle(app)
    assert app.scene is board
    click(app, board.view.pixel_of("b3"))
    assert board.input.prefix == ("b3",)


def test_f11_while_the_settings_are_open_updates_the_check_box_once(board_app, monkeypatch):
    app = board_app
    click_widget(app, app.scene.toolbar.buttons["settings"])
    settle(app)
    sc = app.scene
    assert isinstance(sc, SettingsScene)
    seen = count_relayouts(monkeypatch, sc)
    key(app, pygame.K_F11)
    step(app, 3)
    assert len(seen) == 1 and sc.widgets["fullscreen"].get_state() is True
    key(app, pygame.K_F11)
    step(app, 3)
    assert len(seen) == 2 and sc.widgets["fullscreen"].get_state() is False


# ---------------------------------------------------------------- the remembered place
def test_leaving_full_screen_puts_the_window_back_where_it_was(board_app, monkeypatch):
    app = board_app
    real_window().position = (300, 150)
    moves: list = []
    monkeypatch.setattr(S, "_window", lambda: SpyWindow(real_window(), moves, creep=(1, 20)))
    assert set_fullscreen(app, True)
    assert app.windowed_pos == (300, 150) and app.windowed_size == WINDOW
    assert moves == []
    assert set_fullscreen(app, False)
    assert moves == [(300, 150)]                # the remembered place, even if the window manager moved it
    assert tuple(real_window().position) == (300, 150) and app.size == WINDOW


def test_without_the_window_api_set_mode_is_used_and_the_place_restored(board_app, monkeypatch, no_set_mode):
    app = board_app
    real_window().position = (250, 90)
    moves: list = []
    monkeypatch.setattr(S, "_window", lambda: SpyWindow(real_window(), moves))

    def refuse(*a):
        raise pygame.error("no full screen on this window")
    monkeypatch.setattr(S, "_switch_window", refuse)
    assert set_fullscreen(app, True) and app.fullscreen
    assert no_set_mode and no_set_mode[-1][1] & pygame.FULLSCREEN
    assert set_fullscreen(app, False) and not app.fullscreen
    assert app.size == WINDOW and moves == [(250, 90)]
    assert tuple(real_window().position) == (250, 90)
    click(app, app.scene.view.pixel_of("b3"))
    assert app.scene.input.prefix == ("b3",)


def test_a_display_that_refuses_changes_nothing(board_app, monkeypatch):
    app = board_app

    def refuse(*a):
        raise pygame.error("refused")
    monkeypatch.setattr(S, "_switch_window", refuse)
    monkeypatch.setattr(S, "_switch_set_mode", refuse)
    assert set_fullscreen(app, True) is False
    assert not S.is_fullscreen(app) and app.size == WINDOW and not prefs(app).fullscreen


def test_only_the_resize_events_of_the_new_size_are_dropped():
    pygame.display.init()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=800))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    S._drop_resize_events((1280, 800))
    left = pygame.event.get()
    assert [(e.type, getattr(e, "w", None)) for e in left if e.type in S._RESIZE_EVENTS] == \
        [(pygame.VIDEORESIZE, 1100)]
    assert any(e.type == pygame.KEYDOWN for e in left)


def test_started_in_full_screen_returns_to_the_window_size_asked_for(no_set_mode):
    save_settings(Settings(fullscreen=True), settings_path())
    app = make_app("--game", "amoeba", "--window", "1100x700")
    try:
        settle(app)
        assert app.fullscreen and app.size == tuple(pygame.display.get_desktop_sizes()[0])
        start_pos = app.windowed_pos
        key(app, pygame.K_F11)
        assert not app.fullscreen and app.size == (1100, 700)
        assert tuple(real_window().position) == start_pos
        assert len(no_set_mode) == 1            # only the App's first window
    finally:
        app.close()
