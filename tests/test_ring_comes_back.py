"""A screen opened by a button pressed from the keyboard: back from it, the keyboard's ring is on
that button again (``App.push`` keeps its place, ``Scene.resume`` puts it back), so a player
who only uses the keyboard goes on from where they were, not from the first widget."""
from __future__ import annotations

import pygame

from game.scenes.menu import MenuScene

from ui_helpers import key, make_app, step, tab_to



def test_back_from_settings_the_ring_is_on_settings(tmp_path):
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        assert isinstance(menu, MenuScene)
        tab_to(app, menu.settings_btn)
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


def test_back_from_the_editor_by_the_keyboard_the_ring_is_on_set_up(tmp_path):
    # New game and the editor replace each other: the ring was lost on the way back
    from game.scenes.base import make_scene
    from game.scenes.editor import EditorScene
    app = make_app("--window", "1024x640")
    try:
        app.push(make_scene("new_game", "onyx"))
        app.finish_transition()
        step(app, 2)
        form = app.scene
        tab_to(app, form.widgets["setup"])
        key(app, pygame.K_RETURN)
        app.finish_transition()
        step(app, 2)
        assert isinstance(app.scene, EditorScene)
        key(app, pygame.K_ESCAPE)                       # nothing changed: leaves at once
        app.finish_transition()
        step(app, 2)
        back = app.scene
        assert back is not form and app.focus is back.widgets["setup"]
    finally:
        app.close()


def test_another_games_puzzles_by_the_keyboard_keep_the_ring_on_the_tabs(tmp_path):
    from game.scenes.base import make_scene
    app = make_app("--window", "1024x640")
    try:
        app.push(make_scene("rated_puzzles", "amoeba", store_file=tmp_path / "p.json"))
        app.finish_transition()
        step(app, 2)
        sc = app.scene
        tab_to(app, sc.w["game:onyx"])
        key(app, pygame.K_RETURN)
        app.finish_transition()
        step(app, 2)
        assert app.scene is not sc and app.scene.game_name == "onyx"
        assert app.focus is app.scene.w["game:onyx"]
    finally:
        app.close()


def test_the_chain_keys_are_on_onagers_pages_only():
    from game.ui.keys import keys_for

    class Page:
        keys_place = staticmethod(lambda: "board")
        keys_missing = staticmethod(lambda: frozenset())

        def __init__(self, game):
            self.game_name = game
    for game in ("amoeba", "onyx", "onager"):
        _title, sections = keys_for(Page(game))
        texts = [text for _h, rows in sections for _k, text in rows]
        chain = "Take back one landing of a chain" in texts and "End an Onager chain where the disc stands" in texts
        assert chain == (game == "onager"), game
        assert any(head == "Writing a move" for head, _rows in sections), game
