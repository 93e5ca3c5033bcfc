"""Button tooltips that never outlive their target and never cover another control.

pygame-gui shows a button's tooltip after the pointer rests on it and drops it only when the
pointer leaves a visible button. ``TipKeeper.tend`` (the app calls it every frame, after the
widgets' update) keeps every tooltip honest:

* it goes with its button: the button hidden (its scene paused under another), killed (a
  relayout), disabled, no longer under the pointer, or covered by a dialog; a tooltip whose
  button is gone from the screen altogether goes too (nothing else would take it away);
* it goes after ``TIP_LIFE`` seconds over a pointer at rest, and comes back only once the
  pointer moves (a tooltip left standing for half a minute reads as part of the screen);
* a button just pressed shows no tooltip until the pointer has left it: the player knows what it
  does, and what it did (a strip opened, a panel changed) is what they want to read now;
* it stands where it covers no other control (buttons, check boxes, text entries, lists) and
  none of the words the scene draws itself and asks to keep clear (``Scene.keep_clear``: the
  review's accuracy lines); among those places, the nearest to its button, where covering a
  text that is no control (a label, the status, the move list) counts as standing a little
  further off: a tooltip next to its button over a line of panel text reads as its button's,
  one a board's width away reads as detached. Never over its own button.
"""
from __future__ import annotations

import html
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer, UIElement
from pygame_gui.elements import UICheckBox, UITooltip

from . import focus as focus_ui
from .entry import TextEntry
from .text import wrapped_html

__all__ = ["TipKeeper", "TIP_LIFE", "fit_tip", "place_tip"]

TIP_LIFE = 8.0          # seconds a tooltip stands over a pointer at rest
KEEP = 100              # what covering a control or a kept-clear drawn text costs
TEXT_FAR = 40           # px (at scale 1) a covered text that is no control adds to a place's distance
CONTROLS: tuple[type, ...] = tuple(t for t in (
    pygame_gui.elements.UIButton, getattr(pygame_gui.elements, "UICheckBox", None),
    pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UIDropDownMenu,
    pygame_gui.elements.UIHorizontalSlider, pygame_gui.elements.UISelectionList, TextEntry) if t is not None)


def _is_tip(el: Any) -> bool:
    return "tool_tip" in el.get_element_ids()


def _owner(tip: UITooltip) -> Any:
    """The element a tooltip belongs to (None once that is unknown)."""
    return tip.parent_element


class TipKeeper:
    """The app's one keeper of button tooltips (``app.tips``): see the module docstring."""

    def __init__(self) -> None:
        self.age = 0.0                          # seconds the tooltip now shown has stood
        self.shown: UITooltip | None = None     # that tooltip
        self.pointer: tuple[int, int] | None = None   # where the pointer was when it last moved
        self.quiet: Any = None                  # a button whose tooltip timed out, until the pointer moves
        self.pressed: Any = None                # a button just pressed, until the pointer leaves it

    def notice(self, event: pygame.event.Event) -> None:
        """Every event the app handles: a button pressed keeps its tooltip back (module docstring)."""
        if event.type == pygame_gui.UI_BUTTON_START_PRESS:
            self.pressed = event.ui_element

    def tend(self, app: Any, dt: float) -> None:
        ui = app.ui
        mx, my = ui.get_mouse_position()
        pointer = (int(mx), int(my))
        moved = pointer != self.pointer
        self.pointer = pointer
        if moved:
            self.quiet = None
        pressed = self.pressed
        if pressed is not None and (not pressed.alive() or not pressed.visible
                                    or not pressed.rect.collidepoint(pointer)):
            pressed = self.pressed = None
        modal = focus_ui.modal(app)
        tips = [el for el in ui.get_sprite_group().sprites() if isinstance(el, UITooltip) and el.alive()]
        owners = [el for el in ui.get_sprite_group().sprites()
                  if isinstance(el, UIElement) and not _is_tip(el) and el.tool_tip is not None]
        for el in owners:                       # a tooltip goes with its button
            own_tip = el.tool_tip
            if own_tip is None:
                continue
            if not el.alive() or not el.visible or not el.hovered or not el.is_enabled or el is pressed \
                    or (modal is not None and not modal.rect.contains(el.rect)):
                own_tip.kill()
                el.tool_tip = None
        for tip in tips:                        # …and when its button has gone from the screen
            el = _owner(tip)
            if tip.alive() and (el is None or not el.alive() or el.tool_tip is not tip):
                tip.kill()
        # (the manager makes every tooltip a UITooltip: a sprite, which can be alive or not)
        live = [(el, el.tool_tip) for el in owners if isinstance(el.tool_tip, UITooltip) and el.tool_tip.alive()]
        for still in (self.quiet, pressed):
            if still is not None:
                still.hover_time = 0.0          # (pygame-gui would make it again at once)
        if not live:
            self.shown, self.age = None, 0.0
            return
        el, tip = live[-1]
        if tip is not self.shown:
            self.shown, self.age = tip, 0.0
            fit_tip(tip)
            place_tip(app, tip, el)
        elif moved:
            self.age = 0.0
        else:
            self.age += dt
        if self.age > TIP_LIFE:                 # stood long enough over a pointer at rest
            tip.kill()
            el.tool_tip = None
            self.shown, self.age, self.quiet = None, 0.0, el
            el.hover_time = 0.0


def fit_tip(tip: Any) -> None:
    """A tooltip's lines broken as ``wrapped_html`` breaks them, and a one-line tooltip as wide
    as its words. pygame-gui breaks lines at spaces only and cuts a longer run with a dash at
    both ends: a Japanese tooltip, which has no spaces, read '…a列が右（Ctrl+-' / '-F）'. The
    wrapping width (``TIP_WIDTH``) is for long texts: a card that wide round three words
    covers more of the screen than it says."""
    block = tip.text_block
    if block is None:
        return
    layout = block.text_box_layout
    if layout is not None and "<" not in block.html_text:      # plain words (no markup of its own)
        font = block.ui_theme.get_font(block.combined_element_ids)
        # (3% spare: pygame-gui sets a line break after each line, and moves a break
        # that does not fit to a row of its own)
        lines = wrapped_html(html.unescape(block.html_text), font, layout.layout_rect.w * 97 // 100)
        if lines != block.html_text:
            block.set_text(lines)
            tip.set_dimensions((tip.rect.w, block.rect.h))
            layout = block.text_box_layout
    if layout is None or len(layout.layout_rows) != 1:
        return
    spare = layout.layout_rect.w - layout.layout_rows[0].width
    if spare > 4:
        tip.set_dimensions((tip.rect.w - spare + 4, tip.rect.h))


def _others(app: Any, tip: Any, own: Any) -> list[tuple[pygame.Rect, int]]:
    """Where the other widgets on screen are, each with how much covering it costs: a control
    (something to click or type in) ``KEEP``, a text 1; and the words the scene draws and keeps
    clear, ``KEEP``."""
    scene = app.scene
    out = [(pygame.Rect(rect), KEEP) for rect in (scene.keep_clear() if scene is not None else ())]
    for el in app.ui.get_sprite_group().sprites():
        if not isinstance(el, UIElement) or el is own or el is tip or _is_tip(el) or not el.visible \
                or not el.alive() or isinstance(el, UIContainer) or el.rect.w <= 0 or el.rect.h <= 0:
            continue
        if getattr(tip, "text_block", None) is el:
            continue
        if el.rect.w >= app.size[0] and el.rect.h >= app.size[1]:
            continue                            # a window-sized root or backdrop
        out.append((pygame.Rect(el.rect), KEEP if isinstance(el, CONTROLS) else 1))
    return out


def place_tip(app: Any, tip: Any, el: Any) -> None:
    """Put ``tip`` where it covers no other control nor kept-clear words, as near its button as
    that allows (a text covered counting as ``TEXT_FAR`` px further): below or above it, beside
    it, beside the row of controls it stands in (over the board), or further up or down past the
    controls nearby; the place covering least when none is free. Never over its own button,
    always inside the window."""
    r, own = pygame.Rect(tip.rect), pygame.Rect(el.rect)
    label = el.text_label if isinstance(el, UICheckBox) else None
    if label is not None:                   # a check box's words are part of it: the tip keeps off them
        own.union_ip(label.rect)
    win = pygame.Rect((0, 0), app.size)
    gap = app.px(6)
    others = [(rect, w) for rect, w in _others(app, tip, el) if label is None or rect != label.rect]
    row = [rect for rect, w in others if w >= KEEP and rect.top < own.bottom and rect.bottom > own.top]
    xs = [r.x, own.x, own.right - r.w, own.left - gap - r.w, own.right + gap,
          min([rect.left for rect in row] + [own.left]) - gap - r.w,
          max([rect.right for rect in row] + [own.right]) + gap, win.right - r.w, win.left]
    step = max(4, app.px(8))
    text_far = app.px(TEXT_FAR)
    ys = [r.y, own.bottom + gap, own.top - gap - r.h, own.centery - r.h // 2]
    ys += [own.top - gap - r.h - k * step for k in range(1, 60)] + [own.bottom + gap + k * step for k in range(1, 60)]
    texts = [rect for rect, w in others if w < KEEP]
    ys += [rect.top for rect in texts]          # a tip over a text: its top in line with the text's
    places = []
    other_rects = [rect for rect, _ in others]
    weights = [w for _, w in others]
    for y in ys:
        for x in xs:
            cand = pygame.Rect(x, y, r.w, r.h).clamp(win)
            if cand.colliderect(own):
                continue
            hit = [weights[i] for i in cand.collidelistall(other_rects)]     # (a thousand places or so)
            cost = sum(w for w in hit if w >= KEEP)
            # how far it stands from its control: the gap between them (a tip just beside a
            # wide control is near it, however far their centres), a text covered a little more
            far = max(0, cand.left - own.right, own.left - cand.right) + max(0, cand.top - own.bottom, own.top - cand.bottom)
            far += text_far * sum(1 for w in hit if w < KEEP)
            # a text's first lines showing above the tip, cut by its edge, read as a muddle
            cut = sum(1 for rect in texts if rect.top < cand.top < rect.bottom and rect.colliderect(cand))
            # then one edge in line with its button's (it reads as the button's), then the nearest
            edge = min(abs(cand.left - own.left), abs(cand.right - own.right), abs(cand.centerx - own.centerx))
            places.append((cost, far, cut, edge, abs(cand.centerx - own.centerx) + abs(cand.centery - own.centery), cand))
    best = None
    if places:
        least = min(p[:2] for p in places)
        # among the places as good as the best but for a few px, one that cuts no text
        near = [p for p in places if p[0] == least[0] and p[1] <= least[1] + text_far // 2]
        best = min(near, key=lambda p: (p[2], p[1], p[3], p[4]))[-1]
    if best is not None and best.topleft != r.topleft:
        tip.set_position(best.topleft)
