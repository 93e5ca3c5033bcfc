"""What must fit at the smallest window (1024x640): Settings' think-time lists open upwards
inside their card, every item whole; the library's footer says the order the list is in."""
from __future__ import annotations

import pytest

from ui_helpers import click_widget, make_app, settle, step

import test_library as TL


@pytest.mark.parametrize("size", ["1024x640", "2560x1440"])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_think_time_lists_open_upwards_inside_the_card(size, level):
    app = make_app("--scene", "settings", "--window", size)
    settle(app)
    sc = app.scene
    menu = sc.widgets[f"think:{level}"]
    click_widget(app, menu)
    step(app, 3)
    state = menu.current_state
    assert state is menu.menu_states["expanded"]
    lst = state.options_selection_list
    assert lst.rect.bottom <= menu.rect.centery < menu.rect.bottom    # upwards, from the box
    assert sc.panel_rect.contains(lst.rect)                          # inside the card (and the window)
    assert lst.scroll_bar is None                                    # every choice shown
    for item in lst.item_list:
        button = item["button_element"]
        w = button.font.get_rect(button.text).w
        assert w <= button.rect.w, (button.text, button.rect)
    app.close()


def test_the_librarys_footer_follows_the_sort():
    TL._library(3)
    app = make_app("--window", "1024x640")
    settle(app)
    click_widget(app, app.scene.load_btn)
    settle(app)
    dlg = TL._dialog(app)
    assert dlg.note == "3 saved games, newest first."
    click_widget(app, dlg.buttons["sort_game"])
    step(app, 2)
    assert dlg.note == "3 saved games, by game."
    click_widget(app, dlg.buttons["sort_result"])
    step(app, 2)
    assert dlg.note == "3 saved games, by result."
    app.close()


def test_a_text_cut_with_an_ellipsis_is_noted_while_the_audit_watches():
    import pygame
    from game.ui.text import cuts, ellipsize, watch_cuts
    from game.views import draw as D
    pygame.font.init()
    font = D.font(15)
    long = "Accuracy: Computer (Medium) 91% · You 64% · Biggest swing: 23. c3-d4"
    assert ellipsize(long, font, 120, "review summary").endswith("…")
    assert cuts() == []                                     # not watching: nothing kept
    watch_cuts(True)
    shown = ellipsize(long, font, 120, "review summary")
    assert ellipsize("short", font, 500, "review summary") == "short"
    assert cuts() == [("review summary", long, shown)] and font.size(shown)[0] <= 120
    watch_cuts(False)
    assert cuts() == []


@pytest.mark.parametrize("scene,lang,keys,room", [
    ("editor:onager", "ja", ("piece_B", "piece_W", "piece_L"), 24),
    ("editor:amoeba", "uz", ("piece_B", "piece_W", "piece_Bk", "piece_Wk"), 24),
    ("analysis:onager", "uz", ("play_here", "level"), 16),       # (a row too narrow for more)
    ("analysis:amoeba", "ja", ("play_here", "level"), 16),
])
def test_buttons_keep_room_around_their_words_at_1024x640(scene, lang, keys, room):
    # at 1024x640 the editor's chosen piece ('黒ディスク', in the larger font of a chosen
    # button) and the analysis board's 'Shu yerdan o‘ynash' ran from border to border
    from game.ui.layout import button_width
    app = make_app("--scene", scene, "--window", "1024x640", "--lang", lang)
    try:
        settle(app)
        sc = app.scene
        widgets = getattr(sc, "w", None) or sc.widgets
        for key in keys:
            if key not in widgets:
                continue
            b = widgets[key]
            primary = "#primary_button" in b.get_object_ids()
            words = button_width(b.text, sc.px, sc.ui, "#primary_button" if primary else None) - sc.px(24)
            assert b.rect.w >= words + sc.px(room), (key, b.text, b.rect.w, words)   # room: both sides
    finally:
        app.close()
