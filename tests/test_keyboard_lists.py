"""The keyboard on Settings' drop-down lists and sliders (game.ui.focus), as a stranger's audit
found them: Enter on the option already chosen left its list open; Left and Right on a slider
went through a click on its arrow; the ring went round a drop-down's words only, not its arrow;
the chosen language's name was the one drop-down box not in bold.

Each test presses keys as SDL sends them through the app's frames (tests/ui_helpers.py) and
checks what a player sees: the list open or closed, where the ring is and what it goes round,
the value of a slider, the weight of the words in a box.
"""
from __future__ import annotations

import pygame
import pytest

from game.ui import focus
from ui_helpers import click_widget, make_app, settle, step

RING = focus.RING


def post(k: int, mod: int = 0, text: str = "") -> None:
    """One key as SDL sends it: KEYDOWN, the character (TEXTINPUT) if it types one, KEYUP."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0))


def press(app, k: int, mod: int = 0, text: str = "", frames: int = 2) -> None:
    post(k, mod, text)
    step(app, frames)


CHOOSE = {"enter": (pygame.K_RETURN, "\r"), "space": (pygame.K_SPACE, " ")}


def tab_to(app, cond, limit: int = 40) -> None:
    for _ in range(limit):
        if app.focus is not None and cond(app.focus):
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached it (the ring is on {app.focus})")


def settings_app(language: str | None = None):
    app = make_app("--scene", "settings", "--window", "1024x640")
    settle(app)
    if language is not None:                    # a language chosen: the scene is built anew in it
        app.settings.language = language
        settle(app)
        step(app, 2)
    return app


def is_open(menu) -> bool:
    return menu.current_state is menu.menu_states["expanded"]


def ring_on_box_of(app, menu) -> bool:
    return app.focus is not None and focus._menu_of(app.focus) is menu \
        and app.focus is menu.current_state.selected_option_button


def chosen_item(menu):
    """The button of the open list's item that is the drop-down's choice now."""
    state = menu.current_state
    return next(item["button_element"] for item in state.options_selection_list.item_list
                if item["text"] == menu.selected_option[0])


# ---------------------------------------------------------------- 1. the option already chosen
@pytest.mark.parametrize("how", sorted(CHOOSE))
@pytest.mark.parametrize("which, language", [("language", "en"), ("language", None), ("theme", None)])
def test_enter_or_space_on_the_option_already_chosen_closes_the_list(which, language, how):
    # Language: Tab to it, Enter opens its list, the ring to the current language, Enter: the
    # list stayed open (pygame-gui's list only dropped its selection); choosing another closed it
    app = settings_app(language)
    try:
        menu = app.scene.widgets[which]
        before, version = menu.value, app.settings.version
        tab_to(app, lambda el: focus._menu_of(el) is menu)
        press(app, pygame.K_RETURN, 0, "\r")                  # the list opens
        assert is_open(menu)
        current = chosen_item(menu)
        for k in (pygame.K_DOWN, pygame.K_UP, pygame.K_UP, pygame.K_DOWN):
            if app.focus is current:
                break
            press(app, k)
        if app.focus is not current:                            # (the first or the last item)
            press(app, pygame.K_UP if focus._list_items(menu)[0][1] is current else pygame.K_DOWN)
        assert app.focus is current, app.focus
        press(app, *CHOOSE[how])
        step(app, 2)
        menu = app.scene.widgets[which]
        assert not is_open(menu)                                # chosen (again): the list closes
        assert focus.open_drop_down(app) is None
        assert menu.value == before and app.settings.version == version
        assert ring_on_box_of(app, menu), app.focus             # the ring back on the box
        press(app, pygame.K_RETURN, 0, "\r")                    # and Enter opens it again
        assert is_open(app.scene.widgets[which])
    finally:
        app.close()


def test_a_click_on_the_option_already_chosen_closes_the_list_too():
    app = settings_app()
    try:
        menu = app.scene.widgets["theme"]
        click_widget(app, menu)
        step(app, 2)
        assert is_open(menu)
        click_widget(app, chosen_item(menu))
        step(app, 3)
        assert not is_open(menu) and app.settings.theme == menu.value
    finally:
        app.close()


def test_after_the_chosen_language_again_tab_goes_on_down_the_rows():
    # the list left open covered the rows under it: Tab skipped the slider's arrow and the
    # check boxes under the list, and went through the list's items among the rows
    app = settings_app("en")
    try:
        W = app.scene.widgets
        menu = W["language"]
        tab_to(app, lambda el: focus._menu_of(el) is menu)
        press(app, pygame.K_RETURN, 0, "\r")
        current = chosen_item(menu)
        for k in (pygame.K_DOWN, pygame.K_UP):
            if app.focus is not current:
                press(app, k)
        press(app, pygame.K_RETURN, 0, "\r")
        step(app, 2)
        speed, volume = W["speed"], W["volume"]
        want = [speed.left_button, speed.sliding_button, speed.right_button, W["sound"],
                volume.left_button, volume.sliding_button, volume.right_button, W["coords"]]
        seen = []
        for _ in want:
            press(app, pygame.K_TAB)
            seen.append(app.focus)
        assert seen == want
    finally:
        app.close()


# ---------------------------------------------------------------- 2. sliders
@pytest.mark.parametrize("part", ["left_button", "sliding_button", "right_button"])
@pytest.mark.parametrize("which", ["speed", "volume"])
def test_left_and_right_on_any_part_of_a_slider_move_it_and_the_ring_stays(which, part):
    app = settings_app()
    try:
        slider = app.scene.widgets[which]
        target = getattr(slider, part)
        tab_to(app, lambda el: el is target)
        ui_focus = app.ui.get_focus_set()
        lo, hi = sorted(slider.value_range)
        values = [slider.get_current_value()]
        for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_LEFT, pygame.K_LEFT):
            press(app, k)
            assert app.focus is target, (k, app.focus)          # the ring where it was
            values.append(slider.get_current_value())
        assert values[2] > values[1] > values[0] and values[5] < values[4] < values[3] < values[2]
        assert app.ui.get_focus_set() == ui_focus                   # a key, no click: no arrow took the focus
        if which == "speed":                                        # and the setting follows
            from game.scenes.settings import _slider_to_speed
            assert app.settings.anim_speed == _slider_to_speed(values[-1])
        else:
            assert app.settings.volume == pytest.approx(values[-1] / 100)
        assert lo <= values[-1] <= hi
    finally:
        app.close()


@pytest.mark.parametrize("end", [pygame.K_LEFT, pygame.K_RIGHT])
def test_tab_goes_top_to_bottom_each_widget_once_wherever_the_thumbs_stand(end):
    app = settings_app()
    try:
        W = app.scene.widgets
        for which in ("speed", "volume"):                       # each thumb to an end, by the keyboard
            slider = W[which]
            tab_to(app, lambda el: el is slider.sliding_button)
            for _ in range(25):
                press(app, end, frames=1)
            step(app, 2)
        speed, volume = W["speed"], W["volume"]
        want = [W["language"].current_state.selected_option_button,
                speed.left_button, speed.sliding_button, speed.right_button, W["sound"],
                volume.left_button, volume.sliding_button, volume.right_button,
                W["coords"], W["flip"], W["highlights"], W["theme"].current_state.selected_option_button,
                W["fullscreen"]]
        want += [W[f"think:{lv}"].current_state.selected_option_button for lv in ("medium", "hard")]
        want += [W["defaults"], W["back"]]
        assert focus.focusables(app) == want
        press(app, pygame.K_TAB)
        start = app.focus
        seen = [start]
        for _ in range(len(want) - 1):
            press(app, pygame.K_TAB)
            seen.append(app.focus)
        i = want.index(start)
        assert seen == want[i:] + want[:i]                      # top to bottom, each once
        press(app, pygame.K_TAB)
        assert app.focus is start
    finally:
        app.close()


# ---------------------------------------------------------------- 3. the ring round a drop-down
def _ring_pixels_right_of(app, x: int, row: int) -> list[int]:
    surf = app.screen
    return [xx for xx in range(x, min(surf.get_width(), x + app.px(40)))
            if tuple(surf.get_at((xx, row))[:3]) == RING]


@pytest.mark.parametrize("which, language", [("language", None), ("language", "en"), ("theme", None)])
def test_the_ring_goes_round_the_whole_drop_down_box_its_arrow_too(which, language):
    app = settings_app(language)
    try:
        menu = app.scene.widgets[which]
        tab_to(app, lambda el: focus._menu_of(el) is menu)
        step(app, 2)
        state = menu.current_state
        box, arrow = state.selected_option_button, state.open_button
        assert app.focus is box and arrow is not None
        # the ring's right side stands beyond the arrow button, not between the words and it
        assert _ring_pixels_right_of(app, arrow.rect.right, box.rect.centery), "the ring ends at the words"
        # and over the arrow's middle, above it
        top = [y for y in range(arrow.rect.top - app.px(10), arrow.rect.top)
               if tuple(app.screen.get_at((arrow.rect.centerx, y))[:3]) == RING]
        assert top, "no ring over the arrow"
    finally:
        app.close()


# ---------------------------------------------------------------- 4. the words in bold
@pytest.mark.parametrize("language", ["en", "ja", "uz", None])
def test_the_chosen_language_is_bold_as_every_other_drop_downs_words(language):
    app = settings_app(language)
    try:
        W = app.scene.widgets
        theme = app.ui.get_theme()

        def font_of(menu) -> dict:
            return theme.get_font_info(menu.current_state.selected_option_button.combined_element_ids)

        lang, other = font_of(W["language"]), font_of(W["theme"])
        assert lang["bold"] == other["bold"] is True
        if language is not None:                # its own script's font, and size as the others
            from game import i18n
            assert lang["name"] == i18n.theme_font(language)["name"]
        assert lang["size"] == other["size"]
        # the open list's items as every list's items are
        weights = []
        for which in ("language", "theme"):
            menu = W[which]
            click_widget(app, menu)
            step(app, 2)
            items = [b for _, b in focus._list_items(menu) if b is not None]
            assert items
            weights.append({theme.get_font_info(b.combined_element_ids)["bold"] for b in items})
            click_widget(app, menu.current_state.selected_option_button)
            step(app, 2)
        assert weights[0] == weights[1] and len(weights[0]) == 1
    finally:
        app.close()


@pytest.mark.parametrize("game", ["amoeba", "onager"])
def test_a_lesson_opened_by_keyboard_goes_on_with_enter(game):
    # Tab and Enter on the list opened lesson 1 with the ring left on Replay (the list's place):
    # the next Enter replayed the step instead of going on, as the keys overlay says it does
    from ui_helpers import key, make_app, settle
    app = make_app("--scene", f"tutorial:{game}", "--window", "1280x800")
    try:
        settle(app)
        sc = app.scene
        key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
        settle(app)
        assert sc.mode == "lesson" and sc.step_i == 0 and app.focus is None
        key(app, pygame.K_RETURN)
        settle(app)
        assert sc.step_i == 1
    finally:
        app.close()


def test_the_ring_comes_back_to_its_button_when_a_dialog_closes():
    # Resign by keyboard: Enter on Resign asks; Tab into the question and Cancel: the ring went
    # nowhere, and the next Tab began again at the top (16 Tabs back to Resign)
    from ui_helpers import board, key, make_app, settle
    from game.ui.focus import focusables, ring_on
    app = make_app("--game", "amoeba", "--white", "easy", "--window", "1280x800")
    try:
        settle(app)
        sc = board(app)
        sc.computer.cancel()
        resign = sc.w["resign"]
        assert resign in focusables(app)
        ring_on(app, resign)
        key(app, pygame.K_RETURN)                    # the question
        settle(app)
        assert sc.dialog is not None
        key(app, pygame.K_TAB)                       # into it: its first button
        assert app.focus is not None and app.focus is not resign
        cancel = sc.dialog.cancel_button
        ring_on(app, cancel)
        key(app, pygame.K_RETURN)                    # Cancel
        settle(app)
        assert sc.dialog is None and not sc.match.is_over
        assert app.focus is resign
    finally:
        app.close()
