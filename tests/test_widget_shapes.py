"""Rounded widgets drawn at their own size (game/ui/shapes.py): the app's theme draws them through
``WidgetShapes``, and every look of a button, panel, window and drop-down comes out as pygame-gui's
own 4x drawing does, byte for byte, at small and 4K scales, in every theme, for widgets small
enough to be drawn whole and big enough to be stretched."""
from __future__ import annotations

import warnings

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UIPanel, UIWindow

from game.app import scaled_theme
from game.themes import theme_named
from game.ui.shapes import Look, WidgetShapes, draw_look, use_widget_shapes

SIZES = ((30, 30), (150, 44), (322, 44), (774, 100), (1205, 85), (68, 60), (41, 300), (300, 900), (12, 12))


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield


def managers(scale: float, theme: str) -> tuple[pygame_gui.UIManager, pygame_gui.UIManager]:
    data = scaled_theme(scale, theme_named(theme))
    plain = pygame_gui.UIManager((4000, 2400), data, enable_live_theme_updates=False)
    flat = pygame_gui.UIManager((4000, 2400), data, enable_live_theme_updates=False)
    use_widget_shapes(flat)
    return plain, flat


def same_looks(a: object, b: object) -> list[str]:
    """The looks of two widgets' shapes that differ (each look drawn by its shape)."""
    sa, sb = a.drawable_shape, b.drawable_shape     # type: ignore[attr-defined]
    assert list(sa.states) == list(sb.states)
    wrong = []
    for state in sa.states:
        sa.redraw_state(state)
        sb.redraw_state(state)
        pa, pb = sa.states[state].surface, sb.states[state].surface
        if pa.get_size() != pb.get_size() or \
                pygame.image.tobytes(pa, "RGBA") != pygame.image.tobytes(pb, "RGBA"):
            wrong.append(state)
    return wrong


@pytest.mark.parametrize("scale,theme", [(1.0, "classic"), (1.5, "dark"), (2.5, "classic"),
                                         (2.5, "colour-blind")])
def test_rounded_widgets_look_as_pygame_gui_draws_them(scale, theme):
    plain, flat = managers(scale, theme)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)    # pygame-gui clamps a tiny widget's corners (both alike)
        for size in SIZES:
            rect = pygame.Rect((0, 0), size)
            makers = [lambda m: UIButton(rect, "", manager=m),
                      lambda m: UIButton(rect, "", manager=m, object_id="#primary_button"),
                      lambda m: UIButton(rect, "", manager=m, object_id="#icon_button"),
                      lambda m: UIPanel(rect, manager=m)]
            if min(size) >= 100:
                makers.append(lambda m: UIWindow(rect, manager=m))
            if size[1] <= 100:
                makers.append(lambda m: UIDropDownMenu(["one", "two"], "one", rect, manager=m))
            for make in makers:
                a, b = make(plain), make(flat)
                assert same_looks(a, b) == [], (size, type(a).__name__)
                a.kill()
                b.kill()


def test_a_look_is_drawn_small_and_stretched():
    """A 4K button's look: its middle is its background, the border runs along its edges and
    its corners are rounded off."""
    look = Look((800, 100), 5, 5, (25, 25, 25, 25), pygame.Color("#7a5a3a"), pygame.Color("#3a2c22"))
    base = pygame.Surface((800, 100), pygame.SRCALPHA)
    base.fill((0, 0, 0, 0))
    pic = draw_look(look, base)
    assert pic is not None and pic.get_size() == (800, 100)
    assert pic.get_at((400, 50)) == pygame.Color("#3a2c22")
    assert pic.get_at((400, 7)) == pygame.Color("#7a5a3a")        # the border along the top
    assert pic.get_at((5, 5)).a == 0                               # outside the rounded corner


def test_the_app_draws_its_widgets_through_widget_shapes():
    from game.app import App
    app = App((1024, 640), fade=False)
    try:
        assert isinstance(app.ui.get_theme().shape_cache, WidgetShapes)
        button = UIButton(pygame.Rect(0, 0, 200, 44), "Play", manager=app.ui)
        shape = button.drawable_shape
        for state in list(shape.states_to_redraw_queue):
            shape.redraw_state(state)
        assert shape.states["hovered"].surface.get_size() == (200, 44)
        # pygame-gui's 4x work pictures are never made
        assert shape.temp_additive_shape is None and shape.temp_subtractive_shape is None
    finally:
        app.close()


def test_a_look_is_drawn_once_for_every_manager_and_the_kept_ones_stay_bounded(monkeypatch):
    from game.ui import shapes
    if pygame.display.get_surface() is None:        # (a test before may have closed the display)
        pygame.display.init()
        pygame.display.set_mode((64, 64))
    monkeypatch.setattr(shapes, "_kept", shapes.OrderedDict())
    monkeypatch.setattr(shapes, "_kept_bytes", 0)
    drawn: list[Look] = []
    real = shapes.draw_look
    monkeypatch.setattr(shapes, "draw_look", lambda look, base: drawn.append(look) or real(look, base))
    first, second = managers(1.0, "classic")[1], managers(1.0, "classic")[1]
    a = UIButton(pygame.Rect(10, 10, 150, 44), "Undo", manager=first)
    assert drawn, "a new look is drawn"
    looks = len(drawn)
    b = UIButton(pygame.Rect(10, 10, 150, 44), "Redo", manager=second)
    assert len(drawn) == looks, "the same look in another manager (a new window, a scene built again) is found"
    a.drawable_shape.states["normal"].surface.fill((255, 0, 0))      # a widget's picture is its own copy
    c = UIButton(pygame.Rect(10, 10, 150, 44), "Undo", manager=second)
    assert c.drawable_shape.states["normal"].surface.get_at((75, 22)) != pygame.Color(255, 0, 0)
    # the kept pictures are bounded: many sizes later, at most KEEP_BYTES (the newest stays)
    monkeypatch.setattr(shapes, "KEEP_BYTES", 200_000)
    for w in range(100, 400, 10):
        UIButton(pygame.Rect(0, 0, w, 60), "x", manager=second)
    assert 0 < shapes._kept_bytes <= 200_000
    assert 1 < shapes.kept_looks() < 30
