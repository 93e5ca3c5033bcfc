"""The keyboard on every screen: Tab focus with a visible ring, Enter and Space, Escape on lists,
Enter on dialogs, and where button tooltips may go.

pygame-gui's buttons have no keyboard focus, so the app keeps one (``app.focus``): Tab and
Shift+Tab move it through the enabled buttons, check boxes and text entries (``TextEntry``: the
move box) of the dialog on top, else of the current scene, in reading order; a ring is drawn
round it; Enter or Space presses it as a click on its middle would; an entry the ring reaches
takes the keyboard, and Tab moves on out of it. A mouse press takes the ring away. In an open
drop-down list Up and Down move the ring through its items, Enter or Space chooses the one with
the ring and closes the list, the one already chosen too (with the ring elsewhere, the list
closes as it is); the ring stays on the drop-down when its list opens or closes
(``settle_focus``), and goes round its whole box, words and arrow. Left and Right move a slider
one of whose parts (its arrows, its thumb) has the ring, which stays on that part; Tab goes
through a slider's parts left to right wherever its thumb stands. Escape closes an open drop-down list before
anything else, then a question a dialog asked over itself (the library's "Delete the game?"),
before the scene's own ``back``; Enter on a dialog presses its confirm (or OK) button. A dialog of
the game's own takes the ring as it opens (``ring_into_dialog``); when it closes the ring goes
back to the widget it came from.
Button tooltips never cover their own widget and never show over a dialog for what the dialog
covers.

Functions of the app (``game.app.App`` passes itself); nothing here imports the app. A dialog
of the game's own (the library) says what Enter and Escape do on it as a ``GameDialog``.
"""
from __future__ import annotations

import re
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.core.interfaces import IUIElementInterface
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryBox, UITextEntryLine
from pygame_gui.elements.ui_drop_down_menu import UIClosedDropDownState, UIExpandedDropDownState
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog

from .entry import KeyboardTarget, TextEntry

__all__ = ["GameDialog", "close_drop_down", "close_question", "confirm_modal", "draw_focus", "focus_place",
           "come_back", "escape", "focusables", "forget", "keep_place", "keep_tip_off", "keyboard_key", "leave_place",
           "modal", "mouse_press", "move_focus", "nudge", "open_drop_down", "place_left", "press", "ring_into_dialog", "ring_off", "ring_on", "settle_focus", "typing"]

RING = (255, 214, 120)          # the focus ring, over a dark edge so it reads on light and dark widgets



class GameDialog:
    """What the keyboard asks of a dialog window of the game's own (mixed into its
    ``UIWindow``): ``ok_button`` is what Enter presses (``confirm_modal``); ``back()`` closes a
    question the dialog asked over itself and says True, else False (``close_question``);
    ``first_ring()`` is where the ring starts when the dialog opens (``ring_into_dialog``)."""

    ok_button: UIButton             # (made with the dialog's widgets)
    ring_placed = False             # the ring has gone in once (it starts there only when the dialog opens)

    def back(self) -> bool:
        return False

    def first_ring(self) -> Any:
        """The widget the ring starts on (None: the ring stays where it was, under the dialog)."""
        return None


def typing(app: Any) -> bool:
    """A text box has the keyboard (its keys are its own)."""
    try:
        focused = app.ui.get_focus_set() or set()
    except AttributeError:      # no pygame-gui manager (yet): nothing has the keyboard
        focused = set()
    return any(isinstance(el, (UITextEntryLine, UITextEntryBox, TextEntry)) and el.is_focused for el in focused)


def keyboard_owner(app: Any) -> KeyboardTarget | None:
    """The game's own widget that has the keyboard (a text entry, the library's list), if one
    has it: its keys (Enter, Space, arrows) are its own; Tab moves on out of it."""
    try:
        focused = app.ui.get_focus_set() or set()
    except AttributeError:      # no pygame-gui manager (yet)
        return None
    return next((el for el in focused if isinstance(el, KeyboardTarget) and el.is_focused), None)


def keyboard_key(app: Any, event: pygame.event.Event) -> bool:
    """F1 / ? (the keys), Tab / Shift+Tab (the focus), Up / Down in an open drop-down list,
    Left / Right on a slider, Enter / Space (press the focused widget; in an open list choose).
    True when the key was used here."""
    key = event.key
    if key == pygame.K_F1 or (event.unicode == "?" and not typing(app)):
        app.show_keys()
        return True
    settle_focus(app)
    ring_into_dialog(app)
    menu = open_drop_down(app)
    if menu is not None and key in (pygame.K_UP, pygame.K_DOWN) and not typing(app):
        step_list(app, menu, -1 if key == pygame.K_UP else 1)
        return True
    if key == pygame.K_TAB:
        entry = keyboard_owner(app)
        if entry is None and typing(app):
            return False                        # a pygame-gui entry keeps its Tab
        if entry is not None:               # Tab moves on out of the entry that has the keyboard
            if entry in focusables(app):
                ring_on(app, entry)
            entry.blur()
        move_focus(app, -1 if event.mod & pygame.KMOD_SHIFT else 1)
        return True
    slider = _slider_of(app.focus)
    if slider is not None and key in (pygame.K_LEFT, pygame.K_RIGHT) and not typing(app):
        nudge(slider, -1 if key == pygame.K_LEFT else 1)    # the ring stays on the part it is on
        return True
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not typing(app) \
            and keyboard_owner(app) is None:
        if app.focus is not None and app.focus in focusables(app):
            chosen_in = menu if menu is not None and _menu_of(app.focus) is menu else None
            if chosen_in is not None and _is_chosen_item(chosen_in, app.focus):
                # the item already chosen: pygame-gui's list would only drop its selection and
                # stay open; chosen again, the list closes as it is
                close_drop_down(app)
                return True
            press(app, app.focus)
            if chosen_in is not None:
                ring_on_menu(app, chosen_in)   # the choice is made: the ring stays on its drop-down
            return True
        app.focus = None
        if menu is not None:                   # Enter in an open list never reaches the screen
            close_drop_down(app)
            return True
    return False


def _slider_of(el: Any) -> pygame_gui.elements.UIHorizontalSlider | None:
    """The slider ``el`` is a part of (its arrows, its thumb), if it is one."""
    parent = el.parent_element if isinstance(el, UIElement) else None
    return parent if isinstance(parent, pygame_gui.elements.UIHorizontalSlider) else None


def nudge(slider: pygame_gui.elements.UIHorizontalSlider, step: int) -> None:
    """Move a slider one click of its arrows left (-1) or right (1) and say so as its arrows do
    (``UI_HORIZONTAL_SLIDER_MOVED``), with no click: a click on an arrow (the mouse's press,
    which takes the ring away and gives pygame-gui's focus to the arrow) was how the keyboard
    moved it, and the ring did not always stay on the part it was on."""
    if not slider.alive() or not slider.is_enabled:
        return
    lo, hi = sorted(slider.value_range)
    old = slider.get_current_value()
    new = max(lo, min(hi, old + step * slider.increment))
    if new == old:
        return
    slider.set_current_value(new, False)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
        "value": slider.get_current_value(), "ui_element": slider,
        "ui_object_id": slider.most_specific_combined_id}))


def _is_chosen_item(menu: UIDropDownMenu, el: Any) -> bool:
    """Is ``el`` the item of the open list that is the drop-down's choice now?"""
    return any(button is el and item.get("selected") for item, button in _list_items(menu))


def _box_ring(el: Any) -> pygame.Rect:
    """What the ring goes round: a drop-down's whole box (its words and its arrow button) when
    ``el`` is that box, else ``el`` itself."""
    r = pygame.Rect(el.rect)
    menu = _menu_of(el)
    state = menu.current_state if menu is not None else None
    if isinstance(state, (UIExpandedDropDownState, UIClosedDropDownState)) and state.selected_option_button is el:
        arrow = state.close_button if isinstance(state, UIExpandedDropDownState) else state.open_button
        if arrow is not None and arrow.alive() and arrow.visible:
            r.union_ip(arrow.rect)
    return r


def _reading_key(el: Any, row: int) -> tuple[int, int, int]:
    """Where a widget comes in reading order: its row (``row`` px high), then left to right. A
    slider's parts come together where the slider is, left arrow, thumb, right arrow, wherever
    its thumb stands."""
    slider = _slider_of(el)
    if slider is not None:
        parts = [slider.left_button, slider.sliding_button, slider.right_button]
        nth = next((i for i, p in enumerate(parts) if p is el), 1)
        return (slider.rect.y // row, slider.rect.x, nth)
    return (el.rect.y // row, el.rect.x, 0)


def open_drop_down(app: Any) -> UIDropDownMenu | None:
    """The drop-down whose list is open, if one is."""
    for el in app.ui.get_sprite_group().sprites():
        if isinstance(el, UIDropDownMenu) and el.alive() and el.visible:
            expanded = el.menu_states.get("expanded")
            if expanded is not None and el.current_state is expanded:
                return el
    return None


def _menu_of(el: Any) -> UIDropDownMenu | None:
    """The drop-down a widget belongs to (its box, or an item of its open list), if any."""
    for _ in range(4):
        parent = el.parent_element if isinstance(el, UIElement) else None
        if parent is None:
            return None
        if isinstance(parent, UIDropDownMenu):
            return parent
        el = parent
    return None


def _list_items(menu: UIDropDownMenu) -> list[tuple[Any, Any]]:
    """(item, its button or None while scrolled out of view) of an open drop-down's list."""
    state = menu.current_state
    lst = state.options_selection_list if isinstance(state, UIExpandedDropDownState) else None
    if lst is None:
        return []
    return [(item, item["button_element"]) for item in lst.item_list]


def step_list(app: Any, menu: UIDropDownMenu, step: int) -> None:
    """Up (-1) or Down (1) in an open drop-down list: the ring to the item above or below
    (from the box: the one after or before the current choice), scrolled into view."""
    items = _list_items(menu)
    if not items:
        return
    buttons = [b for _, b in items]
    if app.focus is not None and app.focus in buttons:
        i = buttons.index(app.focus) + step
    else:
        chosen = menu.selected_option[0] if isinstance(menu.selected_option, tuple) else menu.selected_option
        now = next((k for k, (item, _) in enumerate(items) if item["text"] == chosen), -1)
        i = now + step if now >= 0 else (0 if step > 0 else len(items) - 1)
    i = max(0, min(len(items) - 1, i))
    button = buttons[i]
    if button is None or not button.alive():
        state = menu.current_state
        bar = state.options_selection_list.scroll_bar if isinstance(state, UIExpandedDropDownState) \
            and state.options_selection_list is not None else None
        if bar is not None:                     # scroll it into view; the ring follows next frame
            bar.set_scroll_from_start_percentage(max(0.0, min(1.0, i / max(1, len(items)))))
        app.focus = None
        app._focus_drop = menu
        return
    ring_on(app, button)
    app._focus_drop = menu


def ring_on(app: Any, el: Any) -> None:
    """The focus ring on ``el`` (a widget that takes the keyboard, as the move box when typing starts)."""
    app.focus = el
    app._focus_at = (el.rect.y, el.rect.x)
    app._focus_drop = _menu_of(el)


def forget(app: Any) -> None:
    """A new screen: no ring, and the next Tab starts at its first widget (a scene change, a
    lesson's page opened from the list)."""
    app.focus = None
    app._focus_drop = None
    app._focus_at = None
    app._focus_return = None


def ring_off(app: Any, el: Any) -> None:
    """The ring leaves ``el`` (the move box gave the keyboard back): nothing has the ring."""
    if app.focus is el:
        app.focus = None
        app._focus_drop = None


def ring_on_menu(app: Any, menu: UIDropDownMenu) -> None:
    """The ring goes to the drop-down's box, now or when it is made again (``settle_focus``)."""
    app.focus = None
    app._focus_drop = menu
    settle_focus(app)


def settle_focus(app: Any) -> None:
    """A drop-down that opens or closes makes its box anew: the ring that was on it (or in its
    list) goes to the new box."""
    menu = app._focus_drop
    if menu is None:
        return
    el = app.focus
    if el is not None and el.alive() and el.visible:
        return
    if not menu.alive() or not menu.visible:
        app._focus_drop = None
        return
    state = menu.current_state
    box = state.selected_option_button if isinstance(state, (UIExpandedDropDownState, UIClosedDropDownState)) else None
    if box is not None and box.alive() and box.visible:
        app.focus = box
        app._focus_at = (box.rect.y, box.rect.x)


def modal(app: Any) -> Any:
    """The top-most visible window (a dialog) of the UI, or None."""
    top = None
    for el in app.ui.get_sprite_group().sprites():
        if isinstance(el, pygame_gui.elements.UIWindow) and el.alive() and el.visible:
            if top is None or el.layer > top.layer:
                top = el
    return top


def _inside(el: UIElement, root: Any) -> bool:
    """Is ``el`` inside ``root`` (a container, or a window: its own container) by its container
    chain?"""
    roots = (root, root.get_container()) if isinstance(root, pygame_gui.elements.UIWindow) else (root,)
    c = el.ui_container
    for _ in range(20):
        if c is None:
            return False
        if any(c is r for r in roots):
            return True
        c = c.ui_container if isinstance(c, UIElement) else None
    return False


def _ids(el: IUIElementInterface | None) -> str:
    """The element's object, class and element ids, one string ('' for no element). (A drop-down
    whose options carry ids, ``ChoiceMenu``, gives its box the option's id and the class
    '@selected_option'.)"""
    if el is None:
        return ""
    return " ".join(str(i) for i in el.get_object_ids() + el.get_class_ids() + el.get_element_ids())


def focusables(app: Any) -> list[Any]:
    """What Tab moves through, in reading order: the enabled buttons and check boxes of the dialog
    on top, else of the current scene (of a drop-down only its box; a window's × aside; nothing an
    open list covers)."""
    E = pygame_gui.elements
    top = modal(app)
    root = app.scene.root if app.scene is not None else None
    out = []
    # an open list covers what lies under it (the New game form's Clock under its White list)
    lists = [el.rect for el in app.ui.get_sprite_group().sprites()
             if isinstance(el, E.UISelectionList) and el.alive() and el.visible]
    for el in app.ui.get_sprite_group().sprites():
        if not isinstance(el, (E.UIButton, E.UICheckBox, KeyboardTarget)) or "tool_tip" in _ids(el):
            continue
        if not el.alive() or not el.visible or not el.is_enabled or el.rect.w <= 0 or el.rect.h <= 0:
            continue
        parent = el.parent_element
        in_list = isinstance(parent, E.UISelectionList)          # an open list's items: Tab, then Enter chooses
        if not in_list and (isinstance(parent, UIDropDownMenu) or "drop_down" in _ids(parent)) \
                and "selected_option" not in _ids(el):
            continue
        if "close_button" in _ids(el) or "title_bar" in _ids(el):
            continue
        if not in_list and any(r.colliderect(el.rect) for r in lists):
            continue
        if top is not None:                 # a dialog's own widgets, not what lies under it
            if not (_inside(el, top) or in_list and top.rect.contains(el.rect)):
                continue
        elif root is not None and not _inside(el, root):
            continue
        out.append(el)
    row = max(1, app.px(10))
    out.sort(key=lambda e: _reading_key(e, row))
    groups = app.scene.tab_groups() if top is None and app.scene is not None else []
    if groups:          # the scene's columns, each whole where its first widget comes (Scene.tab_groups)
        group_of = {el: i for i, group in enumerate(groups) for el in group}
        shown = set(out)
        ordered, done = [], set()
        for el in out:
            g = group_of.get(el)
            if g is None:
                ordered.append(el)
            elif g not in done:
                done.add(g)
                ordered += [m for m in groups[g] if m in shown]
        out = ordered
    return out


def focus_place(app: Any) -> int | None:
    """Where the ring is among what Tab goes through (its index; on a drop-down, its box), so
    that a screen built anew keeps it (``keep_place``); None when there is no ring."""
    target = app.focus
    menu = app._focus_drop
    if target is None and menu is not None and menu.alive():
        state = menu.current_state
        if isinstance(state, (UIExpandedDropDownState, UIClosedDropDownState)):
            target = state.selected_option_button
    items = focusables(app)
    return items.index(target) if target is not None and target in items else None


def keep_place(app: Any, place: int | None) -> None:
    """The ring on the widget at ``place`` among what Tab goes through (``focus_place``)."""
    items = focusables(app)
    if place is not None and items:
        ring_on(app, items[min(place, len(items) - 1)])


def move_focus(app: Any, step: int) -> None:
    """The next (``step`` 1) or previous (-1) widget; when the focused one went (a drop-down that
    opened replaces its box), the next after where it was: an open list's first item."""
    items = focusables(app)
    before = app.focus
    if not items:
        app.focus = None
        return
    if app.focus in items:
        new = items[(items.index(app.focus) + step) % len(items)]
    elif app.focus is not None and app.focus.alive() and app.focus.visible:
        new = items[0 if step > 0 else -1]      # a dialog opened over it: the dialog's first widget
        app._focus_return = app.focus           # (and back to it when the dialog goes: draw_focus)
    else:
        was = app._focus_at
        top = modal(app)
        if was is not None and top is not None and not top.rect.collidepoint(was[1], was[0]):
            was = None              # a place under a dialog is none in it: Tab starts at its first
        at = [i for i, e in enumerate(items) if (e.rect.y, e.rect.x) == was]
        after = [e for e in items if was is not None and (e.rect.y, e.rect.x) > was]
        if at:                      # the control the mouse used last: on from it, as from the ring
            new = items[(at[0] + step) % len(items)]
        else:
            new = after[0] if step > 0 and after else items[0 if step > 0 else -1]
    if isinstance(before, KeyboardTarget) and before is not new:
        before.blur()
    ring_on(app, new)
    app._focus_named = new                   # Tab brought it: an icon button's name shows
    if isinstance(new, KeyboardTarget):
        new.take_keyboard()                     # an entry (or a list) the ring reaches takes the keyboard


def mouse_press(app: Any, pos: tuple[int, int]) -> None:
    """A mouse press takes the ring away; the control pressed (a drop-down's box, also for an
    item of its open list) becomes the keyboard's place all the same, so that Tab goes on from
    the last control used, by the mouse or by a key (``move_focus``)."""
    hit = next((el for el in focusables(app) if _box_ring(el).collidepoint(pos)), None)
    app.focus = None
    app._focus_drop = None
    menu = _menu_of(hit) if hit is not None else None
    state = menu.current_state if menu is not None else None
    if isinstance(state, (UIExpandedDropDownState, UIClosedDropDownState)) \
            and state.selected_option_button is not None:
        hit = state.selected_option_button      # (made anew where it stands when the list closes)
    if hit is not None:
        app._focus_at = (hit.rect.y, hit.rect.x)


def place_left(app: Any) -> tuple[int, bool] | None:
    """Where the keyboard is among the screen's widgets as another screen goes over it: the
    ring's place (True), else the place of the control the mouse used last (False: no ring
    shows); None for neither, or in a dialog."""
    if modal(app) is not None:
        return None
    ring = focus_place(app)
    if ring is not None:
        return ring, True
    at = [i for i, e in enumerate(focusables(app)) if (e.rect.y, e.rect.x) == app._focus_at]
    return (at[0], False) if at else None


def leave_place(app: Any, scene: Any, left: tuple[int, bool] | None) -> None:
    """``scene`` goes under another one with the keyboard at ``left`` (``place_left``): the ring
    comes back there (``Scene.ring_left``); a place the mouse left is kept for ``come_back``
    (``Scene.mouse_left``)."""
    if left is None:
        return
    place, shown = left
    if shown:
        scene.ring_left = place
    else:
        scene.mouse_left = place


def come_back(app: Any, scene: Any, keys: bool) -> None:
    """``scene`` is on top again, opened over by the mouse: the button that opened the screen
    that went gets the ring when the player came back with the keyboard (``keys``: the ring
    showed there), else Tab goes on from it."""
    place, scene.mouse_left = scene.mouse_left, None
    items = focusables(app)
    if place is None or app.focus is not None or not items:
        return
    el = items[min(place, len(items) - 1)]
    if keys:
        ring_on(app, el)
    else:
        app._focus_at = (el.rect.y, el.rect.x)


def press(app: Any, el: Any) -> None:
    """Press a widget as a click on its middle would (buttons, check boxes, drop-downs)."""
    keep, drop = app.focus, app._focus_drop
    pos = el.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1))
    app._focus_drop = drop                      # (the press took the ring away, as a mouse press does)
    if keep is not None and keep.alive():
        app.focus = keep


def close_drop_down(app: Any) -> bool:
    """Escape on an open drop-down list closes the list only; else Escape on a question the
    scene's dialog asked closes the question only (``close_question``). The app asks this
    before the scene's ``back()``: True when the Escape was used here."""
    menu = open_drop_down(app)
    if menu is not None:
        state = menu.current_state
        assert state is not None                # open: in its expanded state
        state.should_transition = True
        ring_on_menu(app, menu)                 # the ring stays on the drop-down
        return True
    return close_question(app)


def close_question(app: Any) -> bool:
    """Escape on a question the scene's dialog asked over itself (the library's "Delete the
    game?"): the dialog's ``back()`` closes only the question. False when the dialog is not a
    ``GameDialog`` or asks nothing: the scene's ``back()`` closes the dialog then, as before."""
    dialog = app.scene.dialog if app.scene is not None else None
    return isinstance(dialog, GameDialog) and dialog.back()


def confirm_modal(app: Any) -> bool:
    """Enter on a dialog: its confirm (or OK) button, if it has one that is enabled."""
    top = modal(app)
    if isinstance(top, UIConfirmationDialog):
        btn = top.confirm_button
    elif isinstance(top, (UIFileDialog, GameDialog)):
        btn = top.ok_button
    else:
        return False
    if btn is not None and btn.alive() and btn.is_enabled:
        press(app, btn)
        return True
    return False


def escape(app: Any, scene: Any) -> bool:
    """Escape: an open list closes, else the scene closes its innermost thing (``back``); a
    question that Escape opened ('End the round?', 'Save the analysis first?') is the
    keyboard's, ring or no ring before: its ring on the answer Enter presses. True when the
    scene has nothing left to close (the app goes back a screen)."""
    if close_drop_down(app):
        return False
    before = modal(app)
    if scene.back():
        top = modal(app)
        if isinstance(top, GameDialog) and top is not before:
            ring_into_dialog(app, keys=True)
        return False
    return True


def ring_into_dialog(app: Any, keys: bool = False) -> None:
    """A dialog of the game's own that has just opened takes the ring on its ``first_ring()``
    (a question card: the answer Enter presses), and the ring goes back to the widget it was on
    when the dialog closes (``draw_focus``), as when Tab takes it into a dialog (``move_focus``).
    Once per dialog, and only for the keyboard (the ring on the widget that opened it): a
    dialog the mouse opened shows no ring, and a click in it takes the ring away as anywhere."""
    top = modal(app)
    if not isinstance(top, GameDialog) or top.ring_placed:
        return
    top.ring_placed = True
    was = app.focus
    if was is None and not keys:            # opened by the mouse: no ring (a key shows it again)
        return
    start = top.first_ring()
    if start is None or start not in focusables(app):
        return
    if was is not None and was.alive() and not _inside(was, top):
        app._focus_return = was
    app._focus_named = None
    ring_on(app, start)


def draw_focus(app: Any, surface: pygame.Surface) -> None:
    """The ring round the focused widget (none once it is gone or hidden)."""
    settle_focus(app)
    ring_into_dialog(app)
    el = app.focus
    if el is None:
        return
    if not el.alive() or not el.visible:
        app.focus = None
        back = app._focus_return                # a dialog the ring went into closed: back where it was
        if not el.alive() and back is not None and back.alive() and back.visible and modal(app) is None:
            # (it may be disabled until the scene handles the dialog's answer: the toolbar's Load)
            app._focus_return = None
            app._focus_named = None
            ring_on(app, back)
            return
        # a press that made the widgets anew (New game's game buttons): the ring goes to the
        # one now standing where the focused one stood, so the keyboard goes on from there
        # (none there, as the result card's Review that closed the card: the screen's first, so the
        # keyboard goes on at all)
        items = focusables(app) if not el.alive() else []
        again = [e for e in items if (e.rect.y, e.rect.x) == app._focus_at] or items[:1]
        if not again:
            return
        ring_on(app, again[0])
        el = again[0]
    top = modal(app)
    if top is not None and not _inside(el, top) and el is not top:
        return                                  # under a dialog: its ring shows when the dialog goes
    r = _box_ring(el).inflate(app.px(6), app.px(6))
    w = max(2, app.px(2))
    pygame.draw.rect(surface, (20, 14, 8), r.inflate(2 * w, 2 * w), w, border_radius=app.px(8))
    pygame.draw.rect(surface, RING, r, w, border_radius=app.px(7))
    if isinstance(el, UIButton) and len(el.text.strip()) <= 1 and el.tool_tip_text and el is app._focus_named:
        _draw_name(app, surface, r, str(el.tool_tip_text))


def _draw_name(app: Any, surface: pygame.Surface, ring: pygame.Rect, words: str) -> None:
    """What a button with no words of its own does (an icon: its tooltip's words), under the
    ring, else above it: a tooltip shows for the pointer, and the keyboard has none."""
    from ..views import draw as D
    from .text import wrap
    size = app.px(14)
    font = D.font(size)
    lines = wrap(re.sub(r"<[^>]*>", " ", words), font, app.px(300))
    pad, line_h = app.px(8), font.get_linesize()
    box = pygame.Rect(0, 0, max(font.size(t)[0] for t in lines) + 2 * pad, len(lines) * line_h + 2 * pad)
    box.midtop = (ring.centerx, ring.bottom + app.px(4))
    if box.bottom > surface.get_height():
        box.midbottom = (ring.centerx, ring.top - app.px(4))
    box.clamp_ip(surface.get_rect())
    surface.blit(D.rounded_panel(box.size, (20, 24, 30, 235), radius=app.px(8), border=RING), box)
    for i, line in enumerate(lines):
        D.text(surface, line, (box.x + pad, box.y + pad + i * line_h), size, (240, 236, 226), anchor="topleft",
               shadow=False)


def keep_tip_off(app: Any, tip: Any, el: Any) -> None:
    """A tooltip never covers the widget under the pointer: below it, else above it."""
    r, own = pygame.Rect(tip.rect), pygame.Rect(el.rect)
    if not r.colliderect(own):
        return
    win = pygame.Rect((0, 0), app.size)
    gap = app.px(6)
    below = r.copy()
    below.top = own.bottom + gap
    above = r.copy()
    above.bottom = own.top - gap
    for cand in (below, above):
        cand.clamp_ip(win)
        if not cand.colliderect(own):
            tip.set_position(cand.topleft)
            return
