"""Themes as values (one registry, read at draw time), one Settings object, and the Flip toggle."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import settings as S
from game import themes
from game.app import parse_args, scaled_theme
from game.autosave import writer
from game.settings import Settings, load_settings, settings_path, settings_to_toml
from game.themes import CLASSIC, THEMES, Theme
from game.views import draw as D

from ui_helpers import board, click_point, click_widget, key, make_app, settle, step

GAMES = ("amoeba", "onyx", "onager")


# ---------------------------------------------------------------- the theme values
def test_one_registry_of_frozen_themes_used_everywhere():
    assert tuple(THEMES) == ("classic", "colour-blind", "dark")
    assert S.THEMES == tuple(THEMES)                       # the settings' list is the registry's
    for name, t in THEMES.items():
        assert isinstance(t, Theme) and t.name == name and t.title
        with pytest.raises(dataclasses.FrozenInstanceError):
            t.move = (0, 0, 0)                             # type: ignore[misc]
        assert parse_args(["--theme", name]).theme == name  # the command line takes each
    with pytest.raises(SystemExit):
        parse_args(["--theme", "pink"])
    with pytest.raises(TypeError):
        D.PALETTE["move"] = (1, 2, 3)                      # type: ignore[index]
    assert set(D.PALETTE) <= set(CLASSIC.palette())


def test_dark_theme_changes_panel_dialogs_graph_and_bands_too():
    dark, classic = THEMES["dark"], CLASSIC
    for field in ("wood_light", "panel_fill", "panel_border", "card_fill", "graph_bg", "graph_border",
                  "band_black", "band_white", "backdrop", "status_bg", "list_bg"):
        assert getattr(dark, field) != getattr(classic, field), field
    ui_dark, ui_classic = scaled_theme(1.0, dark), scaled_theme(1.0, classic)
    for block in ("defaults", "window", "window.#title_bar", "#primary_button", "text_box", "tool_tip"):
        assert ui_dark[block]["colours"] != ui_classic[block]["colours"], block
    assert scaled_theme(2.0, dark)["defaults"]["font"]["size"] == "32"     # still scaled


def test_the_arrows_of_lists_and_sliders_grow_with_the_interface():
    # At 3840x2160 (scale 2.5) every text was 2.5 times its size but pygame-gui's arrows on
    # a drop-down and a slider kept its 14 px symbols and 20 px buttons: slivers to aim at.
    ui = scaled_theme(2.5, CLASSIC, "ja")
    for block in ("drop_down_menu.#expand_button", "horizontal_slider.@arrow_button", "window.#close_button",
                  "vertical_scroll_bar.button", "horizontal_scroll_bar.button", "#file_dialog_icon_buttons"):
        assert ui[block]["font"] == {"name": "fira_code_symbols", "size": "35"}, block   # its glyphs kept
    assert ui["drop_down_menu"]["misc"]["open_button_width"] == "50"
    assert ui["horizontal_slider"]["misc"]["sliding_button_width"] == "50"
    assert ui["check_box"]["misc"]["text_offset"] == "12"                  # a box's gap to its words too
    assert ui["window.#title_bar"]["misc"]["text_horiz_alignment_padding"] == "25"   # a dialog's title
    assert "jp" in ui["drop_down_menu"]["font"]["name"]                      # the words: the language's font
    app = make_app("--scene", "settings", "--window", "3840x2160")
    try:
        settle(app)
        slider = app.scene.widgets["speed"]
        assert slider.left_button.rect.w == slider.right_button.rect.w == app.scene.px(20) > 20
        assert slider.sliding_button.rect.w == app.scene.px(20)
    finally:
        app.close()


def test_colour_blind_theme_names_no_colours_and_keeps_highlights_apart():
    cb = THEMES["colour-blind"]
    assert CLASSIC.colour_name("move") == "green" and cb.colour_name("move") == ""
    kinds = [cb.move, cb.split, cb.threat, cb.last, cb.select]
    assert len(set(kinds)) == len(kinds)
    assert cb.kind_colour("walk") != cb.kind_colour("stack")


# ---------------------------------------------------------------- read at draw time
def _board_pixels(app, sc) -> tuple:
    r = sc.view.rect
    p = sc.panel.rect
    return (tuple(app.screen.get_at((r.centerx, r.y + 3))), tuple(app.screen.get_at((p.x + 6, p.bottom - 8))),
            tuple(app.screen.get_at((2, 2))))


@pytest.mark.parametrize("game", GAMES)
def test_a_theme_change_redraws_board_panel_backdrop_and_widgets(game):
    app = make_app("--scene", f"board:{game}", "--window", "1024x640")
    try:
        settle(app)
        sc = board(app)
        before = _board_pixels(app, sc)
        shot = pygame.image.tobytes(sc.drawing.static_layer(), "RGB") + pygame.image.tobytes(sc.view.board_surface(), "RGBA")
        button = sc.w["new"] if "new" in sc.w else next(iter(sc.w.values()))
        colours = dict(getattr(button, "colours", {}))
        app.settings.theme = "dark"
        step(app, 2)
        assert sc.view.theme is THEMES["dark"] and sc.view.render_state().theme == "dark"
        after = _board_pixels(app, sc)
        assert all(a != b for a, b in zip(before, after)), (before, after)   # wood, panel, backdrop
        if colours:
            assert dict(button.colours) != colours                            # pygame-gui's colours too
        app.settings.theme = "classic"
        step(app, 2)
        again = pygame.image.tobytes(sc.drawing.static_layer(), "RGB") + pygame.image.tobytes(sc.view.board_surface(), "RGBA")
        assert again == shot                                                  # back exactly
    finally:
        app.close()


def test_views_read_the_theme_they_are_given_and_no_module_state_changes():
    from game.views import view_for
    v1, v2 = view_for("onager"), view_for("onager")
    v1.layout(pygame.Rect(0, 0, 400, 400))
    v2.layout(pygame.Rect(0, 0, 400, 400))
    v2.set_look(THEMES["dark"])
    a, b = v1.board_surface(), v2.board_surface()
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    assert v1.theme is CLASSIC and dict(D.PALETTE) == {k: v for k, v in CLASSIC.palette().items() if k in D.PALETTE}


# ---------------------------------------------------------------- one Settings class
def test_the_app_has_one_settings_object_saved_when_a_value_changes():
    app = make_app("--window", "1024x640")
    try:
        st = app.settings
        assert isinstance(st, Settings)
        from game.scenes.settings import prefs
        assert prefs(app) is st
        v = st.version
        st.show_coords = st.show_coords                     # the same value: nothing happens
        assert st.version == v
        st.volume = 0.5
        st.flip = True
        assert st.version == v + 2
        writer().flush(5.0)
        saved, warns = load_settings()
        assert warns == [] and saved.volume == 0.5 and saved.flip is True
        assert "flip = true" in settings_path().read_text(encoding="utf-8")
    finally:
        app.close()


def test_theme_from_the_command_line_is_not_saved(tmp_path):
    app = make_app("--window", "1024x640", "--theme", "dark")
    try:
        assert app.settings.theme == "dark" and app.theme is THEMES["dark"]
        writer().flush(5.0)
        assert not settings_path().exists()
    finally:
        app.close()


def test_files_of_earlier_versions_load_under_the_old_names():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("animation_speed = 2.0\nshow_coordinates = false\nshow_highlights = false\n"
                               'flip = "yes"\n', encoding="utf-8")
    s, warns = load_settings()
    assert (s.anim_speed, s.show_coords, s.show_targets, s.flip) == (2.0, False, False, False)
    assert len(warns) == 1 and "flip" in warns[0]
    text = settings_to_toml(s)
    assert "anim_speed = 2.0" in text and "animation_speed" not in text
    settings_path().write_text("animation_speed = 10\n", encoding="utf-8")
    s, warns = load_settings()
    assert s.anim_speed == 1.0 and len(warns) == 1 and "animation_speed = 10" in warns[0]   # as the file says


def test_speeds_beyond_the_saved_range_are_kept_live_and_saved_clamped():
    s = Settings()
    s.anim_speed = 8.0                                        # the board's + key goes this far
    assert "anim_speed = 4.0" in settings_to_toml(s)


# ---------------------------------------------------------------- flip
@pytest.mark.parametrize("game", GAMES)
def test_flip_turns_the_board_and_clicks_land_on_the_right_points(game):
    app = make_app("--scene", f"board:{game}", "--window", "1024x640")
    try:
        settle(app)
        sc = board(app)
        view = sc.view
        labels = list(view.points())
        plain = {lab: view.pixel_of(lab) for lab in labels}
        key(app, pygame.K_f, pygame.KMOD_CTRL)
        step(app, 2)
        assert app.settings.flip and view.flip and view.render_state().flip
        cx, cy = view.rect.center
        for lab in labels:                                    # turned half round about the board's centre
            x, y = view.pixel_of(lab)
            px, py = plain[lab]
            assert abs((x - cx) + (px - cx)) <= 2 and abs((y - cy) + (py - cy)) <= 2, lab
            assert view.label_at((x, y)) == lab
        # a real move by clicking the flipped points
        g = sc.match.game
        move_text = None
        for option in sc.input.options:
            if option.clicks:
                move_text = option
                break
        assert move_text is not None
        plies = len(sc.match.history)
        for lab in move_text.clicks:
            click_point(app, lab)
        settle(app)
        assert len(sc.match.history) == plies + 1, (game, move_text)
        _ = g
        # the toolbar's Flip button turns it back
        click_widget(app, sc.toolbar.buttons["flip"])
        step(app, 2)
        assert not app.settings.flip and not view.flip
        for lab in labels:
            assert view.label_at(view.pixel_of(lab)) == lab
    finally:
        app.close()


def test_flip_is_kept_in_the_settings_and_used_by_lessons():
    app = make_app("--scene", "lesson:onager:1", "--window", "1024x640")
    try:
        settle(app)
        sc = app.scene
        assert sc.view is not None and not sc.view.flip
        app.settings.flip = True
        step(app, 2)
        assert sc.view.flip
        for lab in sc.view.points():
            assert sc.view.label_at(sc.view.pixel_of(lab)) == lab
        writer().flush(5.0)
        assert load_settings()[0].flip is True
    finally:
        app.close()
    app = make_app("--scene", "board:amoeba", "--window", "1024x640")      # the next start keeps it
    try:
        settle(app)
        assert app.settings.flip and board(app).view.flip
    finally:
        app.close()


@pytest.mark.parametrize("scene", ["lesson:amoeba:2:5", "lesson:onager:2:2", "puzzle:onyx:1", "puzzle:amoeba:1"])
def test_f_flips_lessons_and_puzzles_too_and_clicks_land_after_it(scene):
    """F means the same on every board: a lesson's or a puzzle's board turns half round (kept in
    the settings, said in the panel), and a move clicked on the turned board is the move meant."""
    app = make_app("--scene", scene, "--window", "1024x640")
    try:
        settle(app)
        sc = app.scene
        view = sc.view
        before = {lab: view.pixel_of(lab) for lab in view.points()}
        key(app, pygame.K_f, pygame.KMOD_CTRL)
        step(app, 2)
        assert app.settings.flip and view.flip
        assert any(view.pixel_of(lab) != xy for lab, xy in before.items())
        option = next(o for o in sc.board.input.options if o.clicks)
        played: list[str] = []
        judge = sc.board_move
        sc.board_move = lambda text: (played.append(text), judge(text))      # what reached the lesson
        for lab in option.clicks:
            click_point(app, lab)
        settle(app, 60)
        assert played == [option.text], (option.text, played)
        key(app, pygame.K_f, pygame.KMOD_CTRL)                                  # and back
        step(app, 2)
        assert not app.settings.flip and not view.flip
    finally:
        app.close()
