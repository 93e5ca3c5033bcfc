"""Pieces read as what they are (issue 35): Onyx's midpoint stones clearly smaller than corner
stones and apart from them, at rest and while placed; every Amoeba stack of two or more shows
its height, at rest and while it slides (one threshold: the view's ``badge_from``)."""
from __future__ import annotations

import pygame
import pytest

from game.anim.moves import MoveAnimation
from game.rules.amoeba import Amoeba
from game.rules.base import Color
from game.rules.onyx import Onyx
from game.views import Decorations, view_for
from game.views import draw as D

B, W = Color.BLACK, Color.WHITE


def drawn_radius(view, stacks: dict, label: str) -> int:
    """How far to the left of ``label``'s centre the drawing differs from the empty board (the
    stone's face; its shadow falls to the lower right)."""
    empty = pygame.Surface(view.rect.size)
    full = pygame.Surface(view.rect.size)
    view.draw(empty, {}, Decorations())
    view.draw(full, stacks, Decorations())
    x, y = view.pixel_of(label)
    r = 0
    while x - r - 1 >= 0 and empty.get_at((x - r - 1, y)) != full.get_at((x - r - 1, y)):
        r += 1
    return r


@pytest.mark.parametrize("size", [12, 20])
@pytest.mark.parametrize("window", [(700, 640), (2000, 1400)])
def test_onyx_midpoint_stones_are_smaller_and_clear_of_the_corners(size, window):
    view = view_for("onyx", size=size)
    view.layout(pygame.Rect((0, 0), window))
    g = Onyx.from_position("Black: c3 e5; White: de56", B, size=size)   # de56 is the square d5 d6 e5 e6's midpoint
    stacks = g.stacks()
    corner = drawn_radius(view, stacks, "c3")
    mid = drawn_radius(view, stacks, "de56")
    assert 0.52 <= mid / corner <= 0.8, (mid, corner)      # smaller, yet seen on 20x20 (below)
    (ax, ay), (bx, by) = view.pixel_of("e5"), view.pixel_of("de56")
    assert mid + corner < ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 - 2   # a gap between the two stones
    sil = view.silhouette("de56")
    assert sil is not None and sil[3] <= corner * 0.8                   # clicked as it is drawn


def test_onyx_a_stone_placed_on_a_midpoint_falls_in_at_its_own_size():
    view = view_for("onyx")
    view.layout(pygame.Rect(0, 0, 800, 640))
    g = Onyx.from_position("Black: c3; White: a5", W)
    move = g.parse_move("de56")
    anim = MoveAnimation(view, g.stacks(), g.motions(move))
    assert [sp.scale(anim.time, view) for sp in anim.sprites] == [view.MID_SCALE]
    corner = MoveAnimation(view, g.stacks(), g.motions(g.parse_move("d4")))
    assert [sp.scale(corner.time, view) for sp in corner.sprites] == [1.0]


def test_amoeba_every_stack_of_two_or_more_shows_its_height_at_rest():
    view = view_for("amoeba")
    view.layout(pygame.Rect(0, 0, 800, 640))
    g = Amoeba.from_position("d4: B,B; c3: W,B,W; b3: Bk; f3: Wk; a1: B", B)
    labels = []
    real = D.badge
    try:
        D.badge = lambda surface, center, label, size, *a, **k: (labels.append(label), real(surface, center, label, size, *a, **k))
        view.draw(pygame.Surface((800, 640)), g.stacks(), Decorations())
    finally:
        D.badge = real
    assert sorted(labels) == ["2", "3"]                  # the single pieces show none
    assert set(view._badges) == {"d4", "c3"}             # the badges are part of their stacks (hit tests)


def test_amoeba_a_sliding_stack_shows_its_height_as_at_rest(monkeypatch):
    view = view_for("amoeba")
    view.layout(pygame.Rect(0, 0, 800, 640))
    g = Amoeba.from_position("d4: B,B; b3: Bk; f3: Wk; a1: B", B)
    move = g.parse_move("d4-d2")
    anim = MoveAnimation(view, g.stacks(), g.motions(move))
    labels = []
    real = D.badge
    monkeypatch.setattr(D, "badge", lambda surface, center, label, size, *a, **k:
                        (labels.append(label), real(surface, center, label, size, *a, **k)))
    surf = pygame.Surface((800, 640))
    anim.update(anim.duration / 2)
    anim.draw(surf)
    assert labels == ["2"]


@pytest.mark.parametrize("size", [12, 16, 20])
def test_an_onyx_midpoint_stone_stands_out_from_the_empty_points(size):
    # on 20x20 at 1024x640 a midpoint's stone was hardly bigger than an empty midpoint's collar
    from game.views import view_for
    v = view_for("onyx", size=size)
    v.layout(pygame.Rect(0, 0, 640, 640))
    pr, mr = v.point_radii()
    collar = mr + max(2, mr // 2)
    mid = next(lab for lab in v.points() if v.is_midpoint(lab))
    stone = v.radius_px * v.piece_scale(mid)
    assert stone >= 1.5 * collar, (stone, collar)
    assert stone + v.radius_px <= 0.707 * v.scale          # and it never touches a corner's stone
