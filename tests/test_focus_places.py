"""Where the keyboard's ring goes when the screen changes under it: to the result card when a
game ends by the player's key, to "Show the result" when the card closes, back to the button
that opened a screen over the menu, on from the control the mouse used last, and on the same
control of the editor when Undo builds its widgets anew."""
from __future__ import annotations

import pygame
import pytest

from game.ui import focus as focus_ui

from ui_helpers import board, click_widget, key, make_app, settle, step, tab_to


@pytest.fixture
def onyx():
    a = make_app("--game", "onyx", "--black", "human", "--white", "2", "--window", "1280x800")
    settle(a)
    yield a
    a.close()


def _resign_by_keys(app):
    sc = board(app)
    click_widget(app, sc.w["resign"])           # the question opened by the mouse, answered by keys
    step(app, 2)
    card = sc.dialog
    assert card is not None
    tab_to(app, card.confirm_button)
    key(app, pygame.K_RETURN)
    step(app, 3)
    assert sc.match.is_over and sc.banner.shown()
    return sc


def test_resign_by_the_keyboard_against_the_computer_rings_the_result_card(onyx):
    sc = _resign_by_keys(onyx)
    first = sc.banner.first_button()
    assert first is not None and onyx.focus is first


@pytest.mark.parametrize("how", ["escape", "close"])
def test_the_card_closed_by_the_keyboard_leaves_the_ring_on_show_the_result(onyx, how):
    sc = _resign_by_keys(onyx)
    if how == "escape":
        key(onyx, pygame.K_ESCAPE)
    else:
        tab_to(onyx, sc.w["banner:close"])
        key(onyx, pygame.K_RETURN)
    step(onyx, 2)
    again = sc.w.get("act:__result__")
    assert not sc.banner.shown() and again is not None and onyx.focus is again
    key(onyx, pygame.K_RETURN)                  # it opens the card again, the ring on it
    step(onyx, 2)
    assert sc.banner.shown() and onyx.focus is sc.banner.first_button()


def test_back_from_settings_opened_by_the_mouse_tab_goes_on_from_settings(tmp_path):
    from game.scenes.menu import MenuScene
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        assert isinstance(menu, MenuScene)
        click_widget(app, menu.settings_btn)
        app.finish_transition()
        step(app, 2)
        sc = app.scene
        tab_to(app, sc.widgets["sound"])
        key(app, pygame.K_SPACE)                # a change by the keyboard: the ring is shown
        key(app, pygame.K_ESCAPE)
        app.finish_transition()
        step(app, 2)
        assert app.scene is menu and app.focus is menu.settings_btn
    finally:
        app.close()


def test_back_from_settings_by_the_mouse_all_the_way_tab_goes_on_from_settings(tmp_path):
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        click_widget(app, menu.settings_btn)
        app.finish_transition()
        step(app, 2)
        click_widget(app, app.scene.widgets["back"])
        app.finish_transition()
        step(app, 2)
        assert app.scene is menu and app.focus is None          # the mouse: no ring shown
        key(app, pygame.K_TAB)
        items = focus_ui.focusables(app)
        assert app.focus is items[items.index(menu.settings_btn) + 1]
    finally:
        app.close()


def test_tab_after_a_mouse_choice_goes_on_from_that_control(tmp_path):
    from game.scenes.base import make_scene
    app = make_app("--window", "1024x640")
    try:
        app.push(make_scene("settings"))
        app.finish_transition()
        step(app, 2)
        sc = app.scene
        think = next(el for k, el in sc.widgets.items() if k.startswith("think:"))
        tab_to(app, think.current_state.selected_option_button)
        key(app, pygame.K_RETURN)               # its list opens
        key(app, pygame.K_ESCAPE)               # and closes: the ring on the think time
        assert app.focus is not None
        theme = sc.widgets["theme"]
        click_widget(app, theme.current_state.selected_option_button)
        step(app, 2)
        item = next(b for b in focus_ui.focusables(app) if b.parent_element is not None
                    and focus_ui._menu_of(b) is theme and b is not theme.current_state.selected_option_button)
        click_widget(app, item)
        step(app, 3)
        assert app.focus is None
        key(app, pygame.K_TAB)
        items = focus_ui.focusables(app)
        box = sc.widgets["theme"].current_state.selected_option_button
        assert app.focus is items[items.index(box) + 1]
    finally:
        app.close()


@pytest.fixture
def editor():
    a = make_app("--scene", "editor:onyx", "--window", "1024x640")
    settle(a)
    yield a
    a.close()


def _side_changed(editor):
    sc = editor.scene
    click_widget(editor, sc.widgets["side_white"])
    step(editor, 2)
    editor.focus = editor._focus_at = None
    return sc


def test_undo_of_the_side_to_move_with_the_ring_on_undo_keeps_it_there_or_beside(editor):
    sc = _side_changed(editor)
    tab_to(editor, sc.widgets["undo"])
    key(editor, pygame.K_z, pygame.KMOD_CTRL)   # the last change undone: Undo cannot be pressed
    step(editor, 2)
    assert not sc.widgets["undo"].is_enabled and editor.focus is sc.widgets["redo"]


def test_undo_of_a_stone_by_its_button_leaves_the_ring_on_redo(editor):
    # undoing a stone rebuilds nothing: the ring stayed on the greyed Undo, Tab started over
    sc = editor.scene
    sc.click_point("f6")
    step(editor, 2)
    editor.focus = editor._focus_at = None
    tab_to(editor, sc.widgets["undo"])
    key(editor, pygame.K_RETURN)
    step(editor, 2)
    assert "f6" not in sc.model.stacks
    assert not sc.widgets["undo"].is_enabled and editor.focus is sc.widgets["redo"]


def test_undo_in_the_set_up_box_keeps_it_the_keyboard(editor):
    sc = _side_changed(editor)
    tab_to(editor, sc.widgets["text"])
    assert sc.widgets["text"].is_focused
    key(editor, pygame.K_z, pygame.KMOD_CTRL)
    step(editor, 2)
    box = sc.widgets["text"]
    assert box.is_focused and editor.focus is box
