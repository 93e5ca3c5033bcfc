"""The themes' colours stay apart where they must: Onager's jump and walk targets for colour-blind
eyes, the review graph's marks without their colours, the dark graph's areas on its ground; and
the drawings that kept classic's brown in the dark theme (the engine-lines strip, the menu's game
cards, the keys overlay) take the app's theme."""
from __future__ import annotations

import math

import pygame
import pytest

from game.themes import CLASSIC, THEMES
from game.ui.evalbar import EvalPanel, PanelState
from game.ui.graph import MARK_COLOURS, EvalGraph

from ui_helpers import make_app, step

CB, DARK = THEMES["colour-blind"], THEMES["dark"]


# ---------------------------------------------------------------- colour science (no numpy)
def _lin(c: tuple[int, ...]) -> list[float]:
    out = []
    for v in c[:3]:
        v /= 255
        out.append(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
    return out


def _unlin(c: list[float]) -> tuple[float, float, float]:
    out = []
    for v in c:
        v = min(1.0, max(0.0, v))
        out.append(255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))
    return tuple(out)  # type: ignore[return-value]


# Machado, Oliveira & Fernandes (2009), severity 1.0, in linear RGB
_CVD = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}


def _sim(c: tuple[int, ...], kind: str | None) -> tuple[float, ...]:
    if kind is None:
        return tuple(c[:3])
    lin = _lin(c)
    return _unlin([sum(m * v for m, v in zip(row, lin)) for row in _CVD[kind]])


def _lab(c: tuple[float, ...]) -> tuple[float, float, float]:
    r, g, b = _lin(c)  # type: ignore[arg-type]
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: tuple[int, ...], b: tuple[int, ...], kind: str | None = None) -> float:
    return math.dist(_lab(_sim(a, kind)), _lab(_sim(b, kind)))


def lightness(c: tuple[int, ...]) -> float:
    return _lab(tuple(c[:3]))[0]


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG's contrast ratio."""
    def lum(c: tuple[int, ...]) -> float:
        r, g, bl = _lin(c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# ---------------------------------------------------------------- 1. Onager's jumps, colour-blind
def test_colour_blind_jumps_differ_from_walks_in_lightness_and_for_red_green_eyes():
    # The jumps were lavender (150, 140, 255): to a deuteranope hardly apart from the walks' sky
    # blue (a difference of about 20, the same lightness).
    walk, jump = CB.kind_colour("walk"), CB.kind_colour("jump")
    assert abs(lightness(walk) - lightness(jump)) >= 15          # told apart by lightness too
    for kind in (None, "deuteranopia", "protanopia"):
        assert delta_e(walk, jump, kind) >= 24, kind


def test_colour_blind_jumps_stay_apart_from_the_other_targets_and_visible_on_the_wood():
    jump = CB.kind_colour("jump")
    for kind in (None, "deuteranopia", "protanopia"):
        for other in ("stack", "end", "no"):
            assert delta_e(jump, CB.kind_colour(other), kind) >= 40, (other, kind)
        for ground in ("wood_light", "wood_dark", "black_top", "white_top"):
            assert delta_e(jump, CB[ground], kind) >= 40, (ground, kind)


# ---------------------------------------------------------------- 2. the graph's marks
def _graph_render(theme, marks: dict[int, str]) -> pygame.Surface:
    g = EvalGraph(pygame.Rect(0, 0, 320, 100))
    g.theme = theme
    g.set_data([0.5, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3], marks, 8, key=tuple(marks.items()))
    g.set_current(0)
    surf = pygame.Surface(g.rect.size, pygame.SRCALPHA)
    g.draw(surf)
    return surf


def _mark_pixels(theme, mark: str) -> dict[tuple[int, int], tuple[int, ...]]:
    """The pixels a mark changes, by their place from the mark's centre."""
    plain = _graph_render(theme, {})
    marked = _graph_render(theme, {4: mark})
    g = EvalGraph(pygame.Rect(0, 0, 320, 100))
    g.total = 8
    cx, cy = round(g.x_of(4)), round(g.y_of(0.3))
    out = {}
    for x in range(cx - 20, cx + 21):
        for y in range(cy - 20, cy + 21):
            if plain.get_at((x, y)) != marked.get_at((x, y)):
                out[(x - cx, y - cy)] = tuple(marked.get_at((x, y)))
    return out


@pytest.mark.parametrize("name", list(THEMES))
def test_graph_marks_differ_by_size_and_outline_not_only_by_colour(name):
    # ?? and ? were dots of one size, red and orange: told apart only by colour.
    theme = THEMES[name]
    px = {mark: _mark_pixels(theme, mark) for mark in MARK_COLOURS}
    area = {mark: len(p) for mark, p in px.items()}
    assert area["??"] >= 1.6 * area["?"], area
    assert area["?"] >= 1.2 * area["?!"], area
    # the blunder's dot has a light ring round it (light on the dark area, outlined on the light one)
    light = [c for c in px["??"].values() if min(c[:3]) >= 225 and c[:3] != MARK_COLOURS["??"]]
    assert len(light) >= 20, len(light)
    assert not [c for c in px["?"].values() if min(c[:3]) >= 225]


def test_graph_marks_are_drawn_the_same_in_every_theme():
    for mark in MARK_COLOURS:
        drawn = [_mark_pixels(t, mark) for t in THEMES.values()]
        assert all(d == drawn[0] for d in drawn), mark


# ---------------------------------------------------------------- 3. the dark graph's contrast
def test_dark_graph_areas_stand_out_from_the_ground():
    # Black's area (10, 10, 12) almost vanished on the ground (30, 31, 36): a ratio of 1.2.
    assert contrast(DARK.graph_bg, DARK.graph_black) >= 1.8
    assert contrast(DARK.graph_bg, DARK.graph_black) >= contrast(CLASSIC.graph_bg, CLASSIC.graph_black)
    for name, t in THEMES.items():
        assert contrast(t.graph_bg, t.graph_white) >= 4.5, name          # White's area still light
        assert lightness(t.graph_white) > lightness(t.graph_bg) > lightness(t.graph_black), name
        assert contrast(t.graph_label, t.graph_bg) >= 4.5, name          # 'Black' / 'White'
        assert contrast(t.graph_mid, t.graph_bg) >= 3.0, name            # the dashed 50% line


def test_dark_graph_drawn_black_area_is_clearly_darker_than_its_ground():
    g = EvalGraph(pygame.Rect(0, 0, 320, 100))
    g.theme = DARK
    g.set_data([0.5, 0.95, 0.95, 0.95, 0.95], {}, 4, key=1)
    surf = pygame.Surface(g.rect.size)
    surf.fill(DARK.panel_fill[:3])                       # the panel it lies on
    g.draw(surf)
    black = tuple(surf.get_at((round(g.x_of(2.5)), round(g.y_of(0.7)))))     # under the curve, above 50%
    ground = tuple(surf.get_at((round(g.x_of(2.5)), round(g.y_of(0.2)))))    # no area there
    assert contrast(black, ground) >= 1.8, (black, ground)


# ---------------------------------------------------------------- 4. widgets take the app's theme
def test_classic_keeps_its_colours_in_the_new_fields():
    assert CLASSIC.strip_fill == (44, 34, 28, 235)
    assert CLASSIC.panel_border == (106, 78, 52, 255)          # the strip's edge, as before
    assert CLASSIC.menu_card_fill == (34, 27, 21, 235)
    assert CLASSIC.card_border == (150, 110, 66, 255)          # the game cards' border, as before
    assert CLASSIC.overlay_fill == (26, 20, 16, 246)
    assert CLASSIC.overlay_border == (214, 170, 96, 255)
    assert CLASSIC.icon == (236, 226, 206) and CLASSIC.icon_disabled == (125, 115, 104)
    assert CLASSIC.heading == (255, 226, 168)                  # the keys overlay's titles


def _near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 3) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3]))


def _over_black(c: tuple[int, ...]) -> tuple[int, ...]:
    a = c[3] if len(c) > 3 else 255
    return tuple(round(v * a / 255) for v in c[:3])


@pytest.mark.parametrize("name", list(THEMES))
def test_the_engine_lines_strip_takes_the_theme(name):
    theme = THEMES[name]
    p = EvalPanel()
    p.layout(pygame.Rect(0, 0, 18, 200), pygame.Rect(30, 220, 500, 100))
    p.show(PanelState(False, theme=name))              # the analysis board names the app's theme
    surf = pygame.Surface((600, 400))
    surf.fill((0, 0, 0))
    p.draw(surf)
    inside = tuple(surf.get_at((p.strip.right - 6, p.strip.bottom - 12)))
    assert _near(inside, _over_black(theme.strip_fill)), (inside, theme.strip_fill)
    edge = tuple(surf.get_at((p.strip.x, p.strip.centery)))
    assert _near(edge, theme.panel_border), (edge, theme.panel_border)


def test_dark_strip_menu_card_and_overlay_are_not_classics_brown():
    for field in ("strip_fill", "menu_card_fill", "overlay_fill", "overlay_border", "card_border",
                  "panel_border", "icon_disabled"):
        assert getattr(DARK, field) != getattr(CLASSIC, field), field
    # graphite, not brown: no channel far above the others
    for field in ("strip_fill", "menu_card_fill", "overlay_fill", "icon_disabled"):
        c = getattr(DARK, field)[:3]
        assert max(c) - min(c) <= 12, (field, c)


@pytest.mark.parametrize("name", list(THEMES))
def test_menu_game_cards_take_the_theme(name):
    theme = THEMES[name]
    app = make_app("--theme", name, "--scene", "menu", "--window", "1024x640")
    try:
        step(app, 3)
        sc = app.scene
        assert sc.cards
        surf = pygame.Surface(app.size)
        surf.fill((0, 0, 0))
        sc.draw(surf)
        for card in sc.cards:
            r: pygame.Rect = card["rect"]
            fill = tuple(surf.get_at((r.x + 5, r.centery)))
            assert _near(fill, _over_black(theme.menu_card_fill)), (fill, theme.menu_card_fill)
            edge = tuple(surf.get_at((r.x, r.centery)))
            assert _near(edge, theme.card_border), (edge, theme.card_border)
    finally:
        app.close()


@pytest.mark.parametrize("name", list(THEMES))
def test_keys_overlay_takes_the_theme(name):
    theme = THEMES[name]
    app = make_app("--theme", name, "--scene", "menu", "--window", "1024x640")
    try:
        step(app, 2)
        app.show_keys()
        ov = app.keys_overlay
        surf = pygame.Surface(app.size)
        surf.fill((0, 0, 0))
        ov.draw(surf, app.px)
        card = ov.card
        fill = tuple(surf.get_at((card.x + 5, card.centery)))
        assert _near(fill, theme.overlay_fill, tol=6), (fill, theme.overlay_fill)
        edge = tuple(surf.get_at((card.x, card.centery)))
        assert _near(edge, theme.overlay_border), (edge, theme.overlay_border)
    finally:
        app.close()


# ---------------------------------------------------------------- 5. the toolbar's disabled icons
def test_dark_disabled_icon_colour_is_a_dim_grey_not_tan():
    c = DARK.icon_disabled
    assert max(c) - min(c) <= 8                                       # grey, like dark's disabled text
    assert contrast(c, (32, 33, 37)) >= 2.5                           # still seen on a disabled button
    assert contrast(DARK.icon, c) >= 2.5                              # clearly dimmer than an enabled one


def test_onyx_last_stone_dot_takes_the_themes_last_move_hue():
    # it was always orange, while the colour-blind theme marks the last move purple in the
    # other games
    import pygame
    from game.rules import make_game
    from game.themes import THEMES
    from game.views import Decorations, view_for
    g = make_game("onyx")
    g.play(g.parse_move("f6"))
    g.play(g.parse_move("h12"))
    for name in ("classic", "colour-blind"):
        view = view_for("onyx")
        view.theme = THEMES[name]
        view.layout(pygame.Rect(0, 0, 800, 800))
        surface = pygame.Surface((800, 800), pygame.SRCALPHA)
        view.draw_over(surface, g.stacks(), Decorations(last_move=("h12",)))
        x, y = (round(v) for v in view.pixel_of("h12"))
        want = THEMES[name].last_dot_on_white
        got = surface.get_at((x, y))[:3]
        assert max(abs(a - b) for a, b in zip(got, want)) <= 12, (name, got, want)
