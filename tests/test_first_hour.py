"""What a new player met in the first hour: the result card's disc clear of the headline, a
damaged settings file's message that fits the menu, the flip named truly per game, and an Onyx
game after a pie swap continuing with the seats it was played with."""
from __future__ import annotations

import pygame
import pytest

from game.scenes.board import banner as banner_module
from game.ui.icons import colour_icon
from game.views import draw as D

from ui_helpers import board, key, make_app, settle, step


def _ink(font: pygame.font.Font, text: str, topleft: tuple[int, int]) -> pygame.Rect:
    """Where a line's letters are painted (not the font's box)."""
    return font.render(text, True, (255, 255, 255)).get_bounding_rect().move(topleft)


def _disc_ink(size: tuple[int, int], centre: tuple[int, int], colour, r: int) -> pygame.Rect:
    """Where ``colour_icon`` paints its disc."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    colour_icon(layer, centre, colour, r)
    return layer.get_bounding_rect()


@pytest.mark.parametrize("window,theme,winner", [
    ("1024x640", "classic", "white"), ("1024x640", "dark", "white"), ("1024x640", "colour-blind", "white"),
    ("1280x800", "classic", "white"), ("2560x1440", "dark", "white"), ("3840x2160", "colour-blind", "white"),
    ("1024x640", "classic", "black"), ("2560x1440", "dark", "black")])
def test_the_result_cards_disc_stands_clear_of_the_headline(monkeypatch, window, theme, winner):
    if winner == "white":
        app = make_app("--scene", "gameover:onyx:resign", "--window", window, "--theme", theme)
        settle(app)
    else:                                   # White resigns after Black's first stone: Black wins
        app = make_app("--game", "onyx", "--moves", "h6", "--window", window, "--theme", theme)
        settle(app)
        board(app).offers.resign()
        step(app, 2)
        key(app, pygame.K_RETURN)
        settle(app)
    sc = board(app)
    assert sc.banner.shown()
    drawn: list = []
    monkeypatch.setattr(banner_module, "colour_icon", lambda _s, centre, colour, r: drawn.append((centre, colour, r)))
    surface = pygame.Surface(app.screen.get_size())
    sc.banner.draw(surface)
    (centre, colour, r), = drawn
    disc = _disc_ink(surface.get_size(), centre, colour, r)
    geo = sc.banner.geometry()
    name, head, rect, size = next(t for t in sc.banner._texts(geo) if t[0] == "banner head")
    letters = _ink(D.font(size, True), head, rect.topleft)
    gap = letters.left - disc.right
    assert gap >= sc.px(9), (window, theme, gap)                        # a clear gap, at every size
    assert abs(disc.centery - letters.centery) <= sc.px(3)              # level with the letters
    card = geo["rect"]
    assert disc.left - card.left >= geo["pad"] - 1 and card.contains(disc)
    app.close()


@pytest.mark.parametrize("window", ["1024x640", "1280x800", "2560x1440"])
def test_a_damaged_settings_files_message_fits_the_menu(window):
    from game.storage import config_dir
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.toml").write_text('theme = "dark\n[[[ broken', encoding="utf-8")
    app = make_app("--scene", "menu", "--window", window)
    settle(app)
    menu = app.scene
    box = menu.message_box
    assert "damaged" in menu.message and box is not None and box.visible
    assert box.scroll_bar is None, (window, box.rect)                    # every word in sight
    assert box.rect.bottom <= app.screen.get_height()
    load = menu.load_btn
    assert load is not None and load.rect.bottom <= box.rect.top         # under the buttons, not over them
    app.close()


def test_a_longer_message_set_later_grows_its_box():
    app = make_app("--scene", "menu", "--window", "1024x640")
    settle(app)
    menu = app.scene
    menu.set_message("A file was refused. " * 14, "warn")
    app.step(0.05)
    box = menu.message_box
    assert box is not None and box.scroll_bar is None and box.rect.bottom <= 640
    assert all(card["play"].rect.bottom <= menu.load_btn.rect.top for card in menu.cards)
    app.close()


def test_the_flip_setting_says_the_truth_for_every_game():
    from game.names import GAME_KEYS, game_title
    from game.views import view_for
    app = make_app("--scene", "settings", "--window", "1024x640")
    settle(app)
    flip = app.scene.widgets["flip"]
    assert "Black at the top" not in flip.text            # Onyx's Black owns the top and the bottom
    assert "half round" in flip.text and "Ctrl+F" in flip.text
    tip = flip.tool_tip_text or ""
    for name in GAME_KEYS:                                  # each game names its sides in its own words
        assert f"{game_title(name)}: {view_for(name).flip_words(True)}" in tip
    assert "Onyx: row 1 at the top, column a on the right" in tip
    app.close()


@pytest.mark.parametrize("seats,after", [
    (("--white", "easy"), {"black": "easy", "white": "human"}),      # the computer took the human's stone
    (("--black", "easy"), {"black": "human", "white": "easy"}),      # the human took the computer's stone
])
def test_an_onyx_game_continued_after_a_swap_keeps_its_seats(seats, after):
    from game.rules.base import Color
    app = make_app("--game", "onyx", "--pie", *seats, "--moves", "h6 swap")
    settle(app)
    sc = board(app)
    want = {Color.BLACK: after["black"], Color.WHITE: after["white"]}
    assert sc.match.players == want
    sc.saver.write_now()                                  # as a quit leaves it
    sc.saver.autosaver.flush(5.0)
    app.close()
    app = make_app("--scene", "menu")
    settle(app)
    app.scene.continue_game()
    app.finish_transition()
    settle(app)
    back = board(app)
    assert back.match.players == want                     # the person is still the person
    assert [pm.text for pm in back.match.history] == ["h6", "swap"]
    assert back.match.is_human(Color.WHITE) == (after["white"] == "human")
    app.close()


@pytest.mark.parametrize("window", ["1024x640", "1280x800", "2560x1440"])
def test_continue_keeps_its_words_beside_the_menus_other_buttons(window):
    app = make_app("--game", "amoeba", "--moves", "c3-d4 e2-e3")
    settle(app)
    sc = board(app)
    sc.saver.write_now()
    sc.saver.autosaver.flush(5.0)
    app.close()
    app = make_app("--scene", "menu", "--window", window)
    settle(app)
    menu = app.scene
    cont = menu.continue_btn
    assert cont is not None
    assert "…" not in cont.text                                                      # never cut
    if menu.continue_short:                     # only the game's name: the whole in its tooltip
        assert cont.text == "Continue: Amoeba" and menu.resume_text in cont.tool_tip_text
    else:
        assert cont.text == "Continue: " + menu.resume_text
    buttons = [cont, menu.load_btn, menu.puzzles_btn, menu.rush_btn, menu.settings_btn, menu.quit_btn]
    screen = pygame.Rect((0, 0), app.screen.get_size())
    for i, a in enumerate(buttons):
        assert screen.contains(a.rect)
        assert all(not a.rect.colliderect(b.rect) for b in buttons[i + 1:])
        assert all(not a.rect.colliderect(card["rect"]) for card in menu.cards)
    app.close()
