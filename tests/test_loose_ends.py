"""Loose ends a player meets: the menu's pictures follow the colour theme, Escape on the library's
"Delete the game?" closes only the question."""
from __future__ import annotations

import pygame
import pytest

from game.scenes import menu as M
from game.scenes.library import LibraryDialog
from game.scenes.menu import MenuScene
from game.themes import THEMES

from test_library import _library
from ui_helpers import click_widget, key, make_app, step

GAMES = ("amoeba", "onyx", "onager")


# ---------------------------------------------------------------- the menu's pictures and the theme
@pytest.mark.parametrize("game", GAMES)
def test_a_board_picture_is_drawn_in_the_theme_it_is_given(game):
    size = (180, 160)
    classic = M.board_picture(game, size, THEMES["classic"])
    dark = M.board_picture(game, size, THEMES["dark"])
    assert pygame.image.tobytes(classic, "RGBA") != pygame.image.tobytes(dark, "RGBA")
    # no theme given: the classic look, as before
    assert pygame.image.tobytes(M.board_picture(game, size), "RGBA") == pygame.image.tobytes(classic, "RGBA")


def _opaque_differences(classic: pygame.Surface, dark: pygame.Surface) -> list[tuple[int, int]]:
    """Points where both pictures are opaque and their colours differ (a sparse grid)."""
    w, h = dark.get_size()
    out = []
    for x in range(2, w - 2, 7):
        for y in range(2, h - 2, 7):
            a, b = classic.get_at((x, y)), dark.get_at((x, y))
            if a.a == 255 and b.a == 255 and a[:3] != b[:3]:
                out.append((x, y))
    return out


def test_the_menu_shows_its_pictures_in_the_theme_chosen_in_settings():
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        assert isinstance(menu, MenuScene)
        step(app, 2)
        card = menu.cards[1]
        pic: pygame.Rect = card["pic"]
        classic = menu.picture(card["name"], pic.size).copy()
        app.settings.theme = "dark"
        step(app, 2)
        dark = menu.picture(card["name"], pic.size)
        points = _opaque_differences(classic, dark)
        assert points, "the dark picture looks like the classic one"
        # what the menu drew in the last frame is the dark picture
        drawn = [tuple(app.screen.get_at((pic.x + x, pic.y + y)))[:3] for x, y in points]
        assert drawn == [tuple(dark.get_at(p))[:3] for p in points]
        app.settings.theme = "classic"
        step(app, 2)
        back = menu.picture(card["name"], pic.size)
        assert pygame.image.tobytes(back, "RGBA") == pygame.image.tobytes(classic, "RGBA")
    finally:
        app.close()
