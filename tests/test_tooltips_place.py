"""Where a button's tooltip stands and when it shows (game.ui.tips; issue 35, the by-hand pass):

* a button just pressed shows no tooltip while the pointer stays on it (Review's tooltip stood
  over the review strip it had just opened); it may come again once the pointer left;
* a tooltip keeps off the words a scene draws and keeps clear (``Scene.keep_clear``: the
  review strip's accuracy lines), as off a control;
* the board's tooltips stand next to their button, over panel text if need be, never a board's
  width away, and cover no control (the move box is one).

Headless, stepped frames (tests/conftest.py, tests/ui_helpers.py).
"""
from __future__ import annotations

import pygame
import pytest

from pygame_gui.elements import UITooltip

from game.ui.tips import CONTROLS

from ui_helpers import make_app, settle, step

SIZES = ["1024x640", "2560x1440"]


def rest_on(app, monkeypatch, el, frames: int = 150) -> list[pygame.Rect]:
    """The pointer rests on ``el`` (at most ``frames`` frames, until a tooltip shows); the tooltips' rects."""
    at = el.rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)
    for _ in range(frames):
        step(app)
        if app.tooltip_rects():
            break
    return app.tooltip_rects()


def away(app, monkeypatch) -> None:
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (3, 3))
    step(app, 3)


def press(app, monkeypatch, el) -> None:
    """The pointer moves onto ``el`` and presses it, as a hand does (down and up a frame apart)."""
    at = el.rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    step(app, 2)


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """How far apart two rectangles stand (0 when they touch or overlap)."""
    return max(0, a.left - b.right, b.left - a.right) + max(0, a.top - b.bottom, b.top - a.bottom)


def reviewed(size: str):
    app = make_app("--game", "onyx", "--moves", "f6 g7 e5 h8", "--window", size)
    settle(app)
    return app


@pytest.mark.parametrize("size", SIZES)
def test_a_pressed_buttons_tooltip_stays_back_until_the_pointer_leaves(monkeypatch, size):
    app = reviewed(size)
    try:
        sc = app.scene
        but = sc.toolbar.buttons["review"]
        assert rest_on(app, monkeypatch, but)          # it has a tooltip…
        press(app, monkeypatch, but)
        settle(app)
        assert sc.review.shown
        step(app, 240)                                 # …which stays back while the pointer rests on it
        assert not app.tooltip_rects()
        assert sc.keep_clear()
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (but.rect.centerx + 1, but.rect.centery))
        step(app, 120)                                 # (moved, but still on the button it pressed)
        assert not app.tooltip_rects()
        away(app, monkeypatch)
        tips = rest_on(app, monkeypatch, but)          # it left and came back: the tooltip may come
        assert tips
        for r in tips:                                 # …and keeps off the strip's words
            assert not any(r.colliderect(k) for k in sc.keep_clear()), (r, sc.keep_clear())
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_no_tooltip_covers_the_review_strips_words(monkeypatch, size):
    app = reviewed(size)
    try:
        sc = app.scene
        press(app, monkeypatch, sc.toolbar.buttons["review"])
        settle(app)
        keep = sc.keep_clear()
        assert keep and all(k.colliderect(sc.review.strip_rect) for k in keep)
        buttons = [b for key, b in sc.toolbar.buttons.items() if b.visible and b.is_enabled and b.tool_tip_text]
        buttons += [sc.w[k] for k in ("undo", "hint", "resign", "new")]
        buttons += [b for b in sc.review.buttons.values() if b.visible]
        seen = 0
        for but in buttons:
            away(app, monkeypatch)
            tips = rest_on(app, monkeypatch, but)
            seen += bool(tips)
            for r in tips:
                assert not any(r.colliderect(k) for k in keep), (but.text, r, keep)
        assert seen >= 8
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game,moves", [("amoeba", "b3-c4 e4-e3"), ("onyx", "f6 g7")])
def test_board_tooltips_stand_next_to_their_button(monkeypatch, size, game, moves):
    app = make_app("--game", game, "--moves", moves, "--window", size)
    try:
        settle(app)
        sc = app.scene
        # before: Hint's and flip's stood left of the panel, 200 to 440 px off (New game's still
        # does at 1024x640: the panel has no free place nearer)
        near = app.px(140)
        for name in ("undo", "hint", "flip", "resign", "offer"):
            but = sc.w[name] if name in sc.w else sc.toolbar.buttons[name]
            away(app, monkeypatch)
            tips = rest_on(app, monkeypatch, but)
            assert tips, name
            for r in tips:
                assert gap(r, but.rect) <= near, (name, r, but.rect, gap(r, but.rect))
                assert not r.colliderect(but.rect), name
                hit = [type(o).__name__ for o in app.ui.get_sprite_group().sprites()
                       if isinstance(o, CONTROLS) and o.visible and o.alive() and o is not but
                       and "tool_tip" not in o.get_element_ids() and r.colliderect(o.rect)]
                assert not hit, (name, hit)
                assert not r.colliderect(sc.movebox.box.rect), name      # the move box is a control
    finally:
        app.close()


@pytest.mark.parametrize("theme", ["classic", "dark", "colour-blind"])
def test_a_tooltip_hides_the_text_it_stands_over(monkeypatch, theme):
    """A tooltip may stand over panel text: its card is opaque (the text under it showed through)."""
    app = make_app("--game", "amoeba", "--moves", "b3-c4 e4-e3", "--window", "1024x640", "--theme", theme)
    try:
        settle(app)
        assert rest_on(app, monkeypatch, app.scene.w["hint"])
        tips = [el for el in app.ui.get_sprite_group().sprites() if isinstance(el, UITooltip) and el.alive()]
        assert tips and all(t.text_block.background_colour.a == 255 for t in tips)
    finally:
        app.close()
