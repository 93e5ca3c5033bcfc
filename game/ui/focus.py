"""The keyboard on every screen: Tab focus with a visible ring, Enter and Space, Escape on lists,
Enter on dialogs, and where button tooltips may go.

pygame-gui's buttons have no keyboard focus, so the app keeps one (``app.focus``): Tab and
Shift+Tab move it through the enabled buttons and check boxes of the dialog on top, else of the
current scene, in reading order; a ring is drawn round it; Enter or Space presses it as a click
on its middle would. A mouse press takes the ring away. Escape closes an open drop-down list
before anything else, then a question a dialog asked over itself (the library's "Delete the
game?"), before the scene's own ``back``; Enter on a dialog presses its confirm (or OK) button.
Button tooltips never cover their own widget and never show over a dialog for what the dialog
covers.

Functions of the app (``game.app.App`` passes itself); nothing here imports the app. A dialog
of the game's own (the library) says what Enter and Escape do on it as a ``GameDialog``.
"""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.core.interfaces import IUIElementInterface
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryBox, UITextEntryLine
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog

from .entry import TextEntry

__all__ = ["GameDialog", "close_drop_down", "close_question", "confirm_modal", "draw_focus", "focusables",
           "keep_tip_off", "keyboard_key", "modal", "move_focus", "press", "typing"]

RING = (255, 214, 120)          # the focus ring, over a dark edge so it reads on light and dark widgets


class GameDialog:
    """What the keyboard asks of a dialog window of the game's own (mixed into its
    ``UIWindow``): ``ok_button`` is what Enter presses (``confirm_modal``); ``back()`` closes a
    question the dialog asked over itself and says True, else False (``close_question``)."""

    ok_button: UIButton             # (made with the dialog's widgets)

    def back(self) -> bool:
        return False


def typing(app: Any) -> bool:
    """A text box has the keyboard (its keys are its own)."""
    try:
        focused = app.ui.get_focus_set() or set()
    except AttributeError:      # no pygame-gui manager (yet): nothing has the keyboard
        focused = set()
    return any(isinstance(el, (UITextEntryLine, UITextEntryBox, TextEntry)) and el.is_focused for el in focused)


def keyboard_key(app: Any, event: pygame.event.Event) -> bool:
    """F1 / ? (the keys), Tab / Shift+Tab (the focus), Enter / Space (press the focused widget).
    True when the key was used here."""
    key = event.key
    if key == pygame.K_F1 or (event.unicode == "?" and not typing(app)):
        app.show_keys()
        return True
    if key == pygame.K_TAB and not typing(app):
        move_focus(app, -1 if event.mod & pygame.KMOD_SHIFT else 1)
        return True
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and app.focus is not None and not typing(app):
        if app.focus in focusables(app):
            press(app, app.focus)
            return True
        app.focus = None
    return False


def modal(app: Any) -> Any:
    """The top-most visible window (a dialog) of the UI, or None."""
    top = None
    for el in app.ui.get_sprite_group().sprites():
        if isinstance(el, pygame_gui.elements.UIWindow) and el.alive() and el.visible:
            if top is None or el.layer > top.layer:
                top = el
    return top


def _inside(el: UIElement, root: Any) -> bool:
    """Is ``el`` inside the container ``root`` (its container chain)?"""
    c = el.ui_container
    for _ in range(20):
        if c is None:
            return False
        if c is root:
            return True
        c = c.ui_container if isinstance(c, UIElement) else None
    return False


def _ids(el: IUIElementInterface | None) -> str:
    """The element's object and element ids, one string ('' for no element)."""
    if el is None:
        return ""
    return " ".join(str(i) for i in el.get_object_ids() + el.get_element_ids())


def focusables(app: Any) -> list[Any]:
    """What Tab moves through, in reading order: the enabled buttons and check boxes of the dialog
    on top, else of the current scene (of a drop-down only its box; a window's × aside)."""
    E = pygame_gui.elements
    top = modal(app)
    root = app.scene.root if app.scene is not None else None
    out = []
    for el in app.ui.get_sprite_group().sprites():
        if not isinstance(el, (E.UIButton, E.UICheckBox)) or "tool_tip" in _ids(el):
            continue
        if not el.alive() or not el.visible or not el.is_enabled or el.rect.w <= 0 or el.rect.h <= 0:
            continue
        parent = el.parent_element
        in_list = isinstance(parent, E.UISelectionList)          # an open list's items: Tab, then Enter chooses
        if not in_list and (isinstance(parent, UIDropDownMenu) or "drop_down" in _ids(parent)) \
                and "selected_option" not in _ids(el):
            continue
        if "close_button" in _ids(el):
            continue
        if top is not None:
            if not top.rect.contains(el.rect):
                continue
        elif root is not None and not _inside(el, root):
            continue
        out.append(el)
    out.sort(key=lambda e: (e.rect.y // max(1, app.px(10)), e.rect.x))
    return out


def move_focus(app: Any, step: int) -> None:
    """The next (``step`` 1) or previous (-1) widget; when the focused one went (a drop-down that
    opened replaces its box), the next after where it was: an open list's first item."""
    items = focusables(app)
    if not items:
        app.focus = None
        return
    if app.focus in items:
        app.focus = items[(items.index(app.focus) + step) % len(items)]
    else:
        was = app._focus_at
        after = [e for e in items if was is not None and (e.rect.y, e.rect.x) > was]
        app.focus = after[0] if step > 0 and after else items[0 if step > 0 else -1]
    app._focus_at = (app.focus.rect.y, app.focus.rect.x)


def press(app: Any, el: Any) -> None:
    """Press a widget as a click on its middle would (buttons, check boxes, drop-downs)."""
    keep = app.focus
    pos = el.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle_event(pygame.event.Event(kind, pos=pos, button=1))
    if keep is not None and keep.alive():
        app.focus = keep


def close_drop_down(app: Any) -> bool:
    """Escape on an open drop-down list closes the list only; else Escape on a question the
    scene's dialog asked closes the question only (``close_question``). The app asks this
    before the scene's ``back()``: True when the Escape was used here."""
    for el in app.ui.get_sprite_group().sprites():
        if isinstance(el, UIDropDownMenu) and el.alive() and el.visible:
            expanded = el.menu_states.get("expanded")
            if expanded is not None and el.current_state is expanded:
                expanded.should_transition = True
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


def draw_focus(app: Any, surface: pygame.Surface) -> None:
    """The ring round the focused widget (none once it is gone or hidden)."""
    el = app.focus
    if el is None:
        return
    if not el.alive() or not el.visible:
        app.focus = None
        return
    r = pygame.Rect(el.rect).inflate(app.px(6), app.px(6))
    w = max(2, app.px(2))
    pygame.draw.rect(surface, (20, 14, 8), r.inflate(2 * w, 2 * w), w, border_radius=app.px(8))
    pygame.draw.rect(surface, RING, r, w, border_radius=app.px(7))


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
