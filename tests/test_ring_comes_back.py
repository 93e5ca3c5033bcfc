"""A screen opened by a button pressed from the keyboard: back from it, the keyboard's ring is on
that button again (``App.push`` keeps its place, ``Scene.resume`` puts it back), so a player
who only uses the keyboard goes on from where they were, not from the first widget."""
from __future__ import annotations

import pygame

from game.scenes.menu import MenuScene

from ui_helpers import key, make_app, step


def _tab_to(app, widget, limit: int = 40) -> None:
    for _ in range(limit):
        if app.focus is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {widget}")


def test_back_from_settings_the_ring_is_on_settings(tmp_path):
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        assert isinstance(menu, MenuScene)
        _tab_to(app, menu.settings_btn)
        key(app, pygame.K_RETURN)
        app.finish_transition()
        step(app, 2)
        assert app.scene is not menu
        key(app, pygame.K_ESCAPE)
        app.finish_transition()
        step(app, 2)
        assert app.scene is menu and app.focus is menu.settings_btn
    finally:
        app.close()


def test_a_mouse_click_leaves_no_ring_to_come_back_to(tmp_path):
    from ui_helpers import click_widget
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        click_widget(app, menu.settings_btn)
        app.finish_transition()
        step(app, 2)
        key(app, pygame.K_ESCAPE)
        app.finish_transition()
        step(app, 2)
        assert app.scene is menu and app.focus is None
    finally:
        app.close()
