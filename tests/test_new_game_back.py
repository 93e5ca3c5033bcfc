"""New game opened from a game: Back (its button or Escape) returns to that game, where it was;
from the menu, Back is the menu as before. A finished game has nothing to return to."""
from __future__ import annotations

import pygame

from game.scenes.menu import MenuScene
from game.scenes.newgame import NewGameScene

import ui_helpers as helpers
from ui_helpers import board, click_widget, key, step


def settle(app) -> None:
    helpers.settle(app, 60)


def _game_then_new_game(*moves: str):
    app = helpers.make_app("--game", "onyx", "--window", "1280x800")
    settle(app)
    sc = board(app)
    sc.computer.cancel()
    for mv in moves:
        assert sc.board_move(mv)
        settle(app)
    click_widget(app, sc.w["new"])
    settle(app)
    assert isinstance(app.scene, NewGameScene)
    return app


def test_back_from_new_game_returns_to_the_game_it_was_opened_from():
    app = _game_then_new_game("e5", "k5", "c3")
    try:
        click_widget(app, app.scene.widgets["back"])
        settle(app)
        sc = board(app)
        assert [pm.text for pm in sc.match.history] == ["e5", "k5", "c3"]
        assert len(app.scenes) == 2 and isinstance(app.scenes[0], MenuScene)
    finally:
        app.close()


def test_escape_from_new_game_returns_to_the_game_too():
    app = _game_then_new_game("e5")
    try:
        key(app, pygame.K_ESCAPE)
        settle(app)
        assert [pm.text for pm in board(app).match.history] == ["e5"]
    finally:
        app.close()


def test_back_from_a_new_game_opened_in_the_menu_is_the_menu():
    app = helpers.make_app("--scene", "new:amoeba", "--window", "1280x800")
    try:
        settle(app)
        assert isinstance(app.scene, NewGameScene) and app.scene.back_to is None
        click_widget(app, app.scene.widgets["back"])
        settle(app)
        assert isinstance(app.scene, MenuScene)
    finally:
        app.close()
