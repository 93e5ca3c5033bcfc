"""The settings scene: reached from the menu and the board, applied live, saved, loaded again."""
from __future__ import annotations

import pygame
import pytest

from game import themes
from game.app import App
from game.autosave import writer
from game.scenes.board import BoardScene
from game.scenes.menu import MenuScene
from game.scenes.settings import SettingsScene, _slider_to_speed, _speed_to_slider, prefs
from game.settings import load_settings, settings_path
from game.sound import bank
from game.views import draw as D

from ui_helpers import click_widget, key, step
import ui_helpers as helpers


def settle(app: App) -> None:
    helpers.settle(app, 40)


def choose(app: App, dropdown, text: str) -> None:
    """Open a drop-down and click one of its options, as a person would."""
    click_widget(app, dropdown)
    step(app, 2)
    state = dropdown.current_state
    items = state.options_selection_list.item_list_container.elements
    target = next(b for b in items if getattr(b, "text", "") == text)
    click_widget(app, target)
    step(app, 2)


def make_app(*args: str) -> App:
    app = helpers.make_app(*args, stub_boards=False)     # boards opened by the command line keep their engine
    settle(app)
    return app


@pytest.fixture(autouse=True)
def classic_theme():
    yield
    bank().configure(True, 0.8)


def open_settings_from_menu(app: App) -> SettingsScene:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    click_widget(app, menu.settings_btn)
    settle(app)
    sc = app.scene
    assert isinstance(sc, SettingsScene)
    return sc


def test_settings_round_trip_through_the_scene():
    app = make_app()
    sc = open_settings_from_menu(app)
    W = sc.widgets
    # animation speed: the slider's right arrow, three clicks
    start = _speed_to_slider(1.0)
    for _ in range(3):
        click_widget(app, W["speed"].right_button)
    step(app, 3)
    want = _slider_to_speed(start + 15)
    assert app.settings.anim_speed == pytest.approx(want) and want > 1.0
    # sound off, volume (its slider is disabled while sound is off)
    click_widget(app, W["sound"])
    assert bank().enabled is False and not W["volume"].is_enabled
    click_widget(app, W["sound"])
    assert bank().enabled is True and W["volume"].is_enabled
    click_widget(app, W["volume"].left_button)
    step(app, 3)
    assert prefs(app).volume == pytest.approx(0.75)
    # coordinates and highlights
    click_widget(app, W["coords"])
    click_widget(app, W["highlights"])
    assert app.settings.show_coords is False and app.settings.show_targets is False
    # colour theme, applied at once
    classic_move = app.theme.move
    choose(app, W["theme"], "Colour-blind safe")
    assert prefs(app).theme == "colour-blind" and app.theme.move != classic_move
    click_widget(app, W["back"])
    settle(app)
    assert isinstance(app.scene, MenuScene)
    app.close()
    writer().flush()

    saved, warnings = load_settings()
    assert not warnings
    assert saved.anim_speed == pytest.approx(want) and saved.volume == pytest.approx(0.75)
    assert (saved.sound, saved.show_coords, saved.show_targets, saved.theme) == \
        (True, False, False, "colour-blind")
    assert "theme = \"colour-blind\"" in settings_path().read_text(encoding="utf-8")

    app2 = make_app("--game", "amoeba")
    assert app2.settings.anim_speed == pytest.approx(want)
    assert app2.settings.show_coords is False and app2.settings.show_targets is False
    assert app2.theme is themes.THEMES["colour-blind"] and app2.theme.move != classic_move
    board = app2.scene
    assert isinstance(board, BoardScene) and board.view.show_coords is False
    app2.close()


def test_settings_from_the_board_apply_live():
    app = make_app("--game", "onyx", "--window", "1024x640")
    board = app.scene
    assert isinstance(board, BoardScene) and board.view.show_coords
    click_widget(app, board.toolbar.buttons["settings"])
    settle(app)
    sc = app.scene
    assert isinstance(sc, SettingsScene)
    click_widget(app, sc.widgets["coords"])
    choose(app, sc.widgets["theme"], "Dark")
    key(app, pygame.K_ESCAPE)               # Escape goes back too
    settle(app)
    assert app.scene is board
    step(app, 2)
    assert board.view.show_coords is False
    assert app.theme is themes.THEMES["dark"] and board.view.theme is app.theme
    # keys on the board are kept as settings too
    key(app, pygame.K_l, pygame.KMOD_CTRL)
    step(app, 2)
    writer().flush()
    saved, _ = load_settings()
    assert saved.show_coords is True and saved.theme == "dark"
    app.close()


def test_restore_defaults_and_bad_settings_file():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('animation_speed = 99\nvolume = 0.5\ntheme = "neon"\n', encoding="utf-8")
    app = make_app()
    menu = app.scene
    assert "animation_speed" in menu.message and "theme" in menu.message
    assert prefs(app).volume == 0.5 and prefs(app).anim_speed == 1.0
    sc = open_settings_from_menu(app)
    click_widget(app, sc.widgets["defaults"])
    # every setting at once (the window's size too): asked first; Cancel keeps them
    assert sc.dialog is not None and prefs(app).volume == 0.5
    click_widget(app, sc.dialog.cancel_button)
    step(app, 2)
    assert sc.dialog is None and prefs(app).volume == 0.5
    click_widget(app, sc.widgets["defaults"])
    key(app, pygame.K_ESCAPE)                  # Escape answers as Cancel does: Settings stays
    assert app.scene is sc and sc.dialog is None and prefs(app).volume == 0.5
    click_widget(app, sc.widgets["defaults"])
    click_widget(app, sc.dialog.confirm_button)
    step(app, 2)
    assert sc.dialog is None and prefs(app).volume == 0.8
    assert sc.widgets["volume"].get_current_value() == 80
    app.close()


def test_colour_blind_palette_separates_the_highlights():
    pal = themes.theme_colours("colour-blind")
    assert D.PALETTE["move"] == (110, 220, 130)      # the classic colours, never changed

    def hue(c):
        import colorsys
        return colorsys.rgb_to_hsv(*(v / 255 for v in c[:3]))[0] * 360

    # targets blue, splits orange, danger vermilion: no red/green pair
    assert 180 <= hue(pal["move"]) <= 220
    assert 25 <= hue(pal["split"]) <= 45
    assert hue(pal["threat"]) < 30
    assert abs(hue(pal["move"]) - hue(pal["threat"])) > 120
    # Black and White pieces differ in lightness in every theme
    for name in themes.THEMES:
        p = themes.theme_colours(name)
        assert sum(p["white_top"][:3]) - sum(p["black_top"][:3]) > 400


def test_speed_slider_mapping_is_monotonic_and_friendly():
    values = [_slider_to_speed(i) for i in range(0, 101, 5)]
    assert values == sorted(values) and values[0] == 0.25 and values[-1] == 4.0
    assert _slider_to_speed(_speed_to_slider(1.0)) == 1.0


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
def test_the_think_time_lists_fit_their_longest_words(lang):
    # in Japanese at 1024x640 three equal lists were too narrow: "むずかしい 2.8秒" touched
    # its border; each list is now as wide as its longest option needs, the rest shared (and
    # where the levels' names do not fit, the levels go by their numbers)
    from game.scenes.settings import timed_levels
    from game.ui.layout import button_width
    app = helpers.make_app("--scene", "settings", "--window", "1024x640", "--lang", lang)
    try:
        step(app, 2)
        sc = app.scene
        for level in timed_levels():
            menu = sc.widgets[f"think:{level}"]
            words = [w for w, _id in menu.options_list]
            need = max(button_width(w, sc.px, sc.ui) for w in words) + sc.px(20)
            assert menu.rect.w >= need, (level, menu.rect.w, need, words)
        if lang == "en":          # the levels as New game names them
            assert "Level 5 (Medium) 1 s" in [w for w, _id in sc.widgets["think:medium"].options_list]
    finally:
        app.close()


def test_the_think_time_row_offers_only_levels_a_time_changes():
    # 'Easy 2 s' and 'Easy 0.1 s' played the same: a weak level keeps its budget whatever its
    # time, so its choice is not offered
    from game.ai.levels import get_level
    app = helpers.make_app("--scene", "settings", "--window", "1024x640")
    try:
        step(app, 2)
        shown = {k[6:] for k in app.scene.widgets if k.startswith("think:")}
        assert shown == {"medium", "hard"} and get_level("easy").weak
    finally:
        app.close()


def test_the_command_lines_language_is_said_beside_the_saved_choice():
    # with --lang uz the Language row showed 'Tizim tili' (System default) on an Uzbek screen:
    # the row now says which language this run uses, until Settings chooses one
    from game import i18n
    app = helpers.make_app("--scene", "settings", "--window", "1024x640", "--lang", "uz")
    try:
        step(app, 2)
        sc = app.scene
        note = sc.widgets["language_note"]
        assert "Oʻzbekcha" in note.text and "--lang" in note.text
        sc.change(language="ja")
        step(app, 2)
        assert i18n.language() == "ja" and "language_note" not in app.scene.widgets
    finally:
        app.close()
        i18n.set_language("en")
