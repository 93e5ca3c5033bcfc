"""The name of an emptied point stays readable: it is drawn over the last move's ring round that
point (the ring hid 'e2' after e2-d3), under the pieces."""
from __future__ import annotations

import pygame

from game.rules import make_game
from game.views import draw as D
from game.views.amoeba import AmoebaView
from game.views.decorations import Decorations


def test_an_emptied_points_name_is_drawn_over_the_last_moves_ring(monkeypatch):
    pygame.font.init()
    view = AmoebaView()
    view.layout(pygame.Rect(0, 0, 700, 640))
    game = make_game("amoeba")
    for mv in ("c3-d3", "e2-d3"):
        game.push(mv)
    deco = Decorations()
    deco.last_move = ["e2", "d3"]
    order: list[str] = []
    real_label, real_blit = D.label, D.blit_center

    def label(surface, text, *a, **k):
        order.append(f"label {text}")
        return real_label(surface, text, *a, **k)

    def blit_center(surface, img, pos, *a, **k):
        if tuple(map(round, pos)) == tuple(map(round, view.pixel_of("e2"))):
            order.append("ring e2")
        return real_blit(surface, img, pos, *a, **k)

    monkeypatch.setattr(D, "label", label)
    monkeypatch.setattr(D, "blit_center", blit_center)
    surface = pygame.Surface((700, 640))
    view.draw_under(surface, game.stacks(), deco)
    assert "ring e2" in order and "label e2" in order
    assert order.index("label e2") > order.index("ring e2")
