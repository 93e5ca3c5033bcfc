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

Functions of the app (``game.app.App`` passes itself); nothing here imports the app.
"""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

__all__ = ["close_drop_down", "close_question", "confirm_modal", "draw_focus", "focusables", "keep_tip_off",
           "keyboard_key", "modal", "move_focus", "press", "typing"]

RING = (255, 214, 120)          # the focus ring, over a dark edge so it reads on light and dark widgets


def typing(app: Any) -> bool:
    """A text box has the keyboard (its keys are its own)."""
    try:
        focused = app.ui.get_focus_set() or set()
    except AttributeError:      # no pygame-gui manager (yet): nothing has the keyboard
        focused = set()
    return any("Entry" in type(el).__name__ and getattr(el, "is_focused", True) for el in focused)


def keyboard_key(app: Any, event: pygame.event.Event) -> bool:
    """F1 / ? (the keys), Tab / Shift+Tab (the focus), Enter / Space (press the focused widget).
    True when the key was used here."""
    key = event.key
    if key == pygame.K_F1 or (getattr(event, "unicode", "") == "?" and not typing(app)):
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


def _inside(el: Any, root: Any) -> bool:
    """Is ``el`` inside the container ``root`` (its container chain)?"""
    c = getattr(el, "ui_container", None)
    for _ in range(20):
        if c is None:
            return False
        if c is root:
            return True
        c = getattr(c, "ui_container", None)
    return False


def _ids(el: Any) -> str:
    return " ".join(str(i) for i in (getattr(el, "object_ids", None) or []) + (getattr(el, "element_ids", None) or []))


def focusables(app: Any) -> list[Any]:
    """What Tab moves through, in reading order: the enabled buttons and check boxes of the dialog
    on top, else of the current scene (of a drop-down only its box; a window's × aside)."""
    E = pygame_gui.elements
    top = modal(app)
    root = getattr(app.scene, "root", None)
    out = []
    for el in app.ui.get_sprite_group().sprites():
        if not isinstance(el, (E.UIButton, E.UICheckBox)) or "tool_tip" in _ids(el):
            continue
        if not el.alive() or not el.visible or not el.is_enabled or el.rect.w <= 0 or el.rect.h <= 0:
            continue
        parent = getattr(el, "parent_element", None)
        in_list = isinstance(parent, E.UISelectionList)          # an open list's items: Tab, then Enter chooses
        if not in_list and (isinstance(parent, E.UIDropDownMenu) or "drop_down" in _ids(parent)) \
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
        if isinstance(el, pygame_gui.elements.UIDropDownMenu) and el.alive() and el.visible:
            states = getattr(el, "menu_states", {})
            if states and el.current_state is states.get("expanded"):
                el.current_state.should_transition = True
                return True
    return close_question(app)


def close_question(app: Any) -> bool:
    """Escape on a question the scene's dialog asked over itself (the library's "Delete the
    game?"): the dialog's ``back()`` closes only the question. False when the dialog has no
    ``back`` or asks nothing: the scene's ``back()`` closes the dialog then, as before."""
    back = getattr(getattr(app.scene, "dialog", None), "back", None)
    return bool(back()) if callable(back) else False


def confirm_modal(app: Any) -> bool:
    """Enter on a dialog: its confirm (or OK) button, if it has one that is enabled."""
    top = modal(app)
    if top is None:
        return False
    for name in ("confirm_button", "ok_button"):
        btn = getattr(top, name, None)
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
