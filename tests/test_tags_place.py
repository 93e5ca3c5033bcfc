"""Where a tag over the board goes (game.views.tags; issue 35, the by-hand pass): Onager's
"Taken" over a lake hid part of the name of the cell above; a tag keeps off every cell name
shown near it, not only its move's.

Headless: the view drawn at the board sizes of a 1024x640 and a 2560x1440 window.
"""
from __future__ import annotations

import pygame
import pytest

from game.views import Decorations, view_for
from game.views import draw as D


@pytest.mark.parametrize("size", [(670, 620), (1500, 1400)])     # the board's area, smallest and large window
def test_a_tag_over_a_lake_hides_no_cell_name(size):
    view = view_for("onager")
    view.layout(pygame.Rect((0, 0), size))
    points = list(view.points())
    hidden = []
    for lake in points:
        stacks = {lake: ("L",), "c3": ("L",)} if lake != "c3" else {lake: ("L",)}
        deco = Decorations(targets={lake: "no"}, tags={lake: "Taken"}, hover=lake)
        font_size = max(11, int(view.scale * 0.2))           # as the view draws its tags
        tag = (D.font(font_size, True).size("Taken")[0] + font_size, int(font_size * 1.6))
        r = view.tag_rect(lake, tag, stacks, deco)
        assert view.rect.contains(r)
        names = {p: view.point_label_rect(p) for p in points if not stacks.get(p)}   # empty cells show theirs
        hidden += [(lake, p) for p, name in names.items() if name is not None and r.colliderect(name)]
    assert hidden == []
