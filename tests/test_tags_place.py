"""Where a tag over the board goes (game.views.tags; issue 35, the by-hand pass): Onager's
"Taken" over a lake hid part of the name of the cell above; a tag keeps off every cell name
shown near it, not only its move's; and tags on points near each other (the analysis board's
engine lines) keep clear of each other.

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


def _note_tags(view) -> list[pygame.Rect]:
    """The places ``view`` gives its tags from now on, in the order it draws them."""
    placed: list[pygame.Rect] = []
    real = view.tag_rect

    def noting(*args, **kwargs):
        r = real(*args, **kwargs)
        placed.append(r)
        return r
    view.tag_rect = noting
    return placed


@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
@pytest.mark.parametrize("size", [(670, 620), (1500, 1400)])
def test_tags_on_nearby_points_do_not_hide_each_other(game, size):
    # The analysis board tags each engine line's end ('1 · 35%'); two lines ending two points
    # apart (Amoeba c4>a4 and c4>a2) once put both tags in the one free place between them,
    # and the later tag hid the first one's number. Every pair of points up to two apart, on
    # the start position, each move from the point between them, drawn as the view draws its tags.
    from game.rules import make_game
    view = view_for(game)
    view.layout(pygame.Rect((0, 0), size))
    surface = pygame.Surface(size, pygame.SRCALPHA)
    stacks = make_game(game).stacks()
    points = list(view.points())
    placed = _note_tags(view)
    near = 2.2 * view.radius_px * 2
    overlaps = []
    for i, a in enumerate(points):
        for b in points[i + 1:]:
            (ax, ay), (bx, by) = view.pixel_of(a), view.pixel_of(b)
            if (ax - bx) ** 2 + (ay - by) ** 2 > near ** 2:
                continue
            mid = ((ax + bx) / 2, (ay + by) / 2)             # the moves come from the point between them
            src = min((p for p in points if p not in (a, b)),
                      key=lambda p: (view.pixel_of(p)[0] - mid[0]) ** 2 + (view.pixel_of(p)[1] - mid[1]) ** 2)
            deco = Decorations(arrows=[(src, a), (src, b)], tags={a: "1 · 35%", b: "3 · 32%"})
            placed.clear()
            view.draw_over(surface, stacks, deco)
            assert len(placed) == 2
            if placed[0].colliderect(placed[1]):
                overlaps.append((a, b))
    assert overlaps == []


def test_the_analysis_boards_line_tags_do_not_hide_each_other():
    # The case seen on the analysis board: Amoeba after b3-c4 e4-e3, the engine's lines
    # c4>a4, c4>c6 and c4>a2; the third line's tag was put over the first's number.
    import ui_helpers as helpers
    from game.ui.evalbar import PanelLine
    app = helpers.make_app("--scene", "analysis:amoeba", "--moves", "b3-c4 e4-e3", "--window", "1280x800")
    try:
        sc = app.scene
        lines = tuple(PanelLine(mv, v, (mv,), None, 2759, True)
                      for mv, v in (("c4>a4", 0.35), ("c4>c6", 0.33), ("c4>a2", 0.32)))
        sc.engine_lines = lambda: lines                     # type: ignore[method-assign]
        placed = _note_tags(sc.view)
        helpers.step(app)
        assert set(sc.decorations().tags.values()) == {"1 · 35%", "2 · 33%", "3 · 32%"}
        assert len(placed) == 3
        assert not any(a.colliderect(b) for i, a in enumerate(placed) for b in placed[i + 1:]), placed
    finally:
        app.close()



def test_two_lines_drawn_as_one_arrow_name_their_moves():
    # A whole-stack move and a split towards the same point draw one arrow: its tag read
    # "2 · 37%, 3 · 32%", and nothing said which figure was the split's
    import ui_helpers as helpers
    from game.ui.evalbar import PanelLine
    moves = "c1-d2 e1-d2 a3-a2 f3-f4 c5-c6 g1-f1 c6>e5 e6-e5 d6-e5 e4-d5 c4-d4 e3-d4 c2-c3 f4-f5 a4-b4 d4-b4 c3-c5 d5-c5"
    app = helpers.make_app("--scene", "analysis:amoeba", "--moves", moves, "--window", "1280x800")
    try:
        sc = app.scene
        lines = tuple(PanelLine(mv, v, (mv,), None, 2158, True)
                      for mv, v in (("e5-e1", 0.38), ("a2-c4", 0.37), ("a2>c4", 0.32)))
        sc.engine_lines = lambda: lines                     # type: ignore[method-assign]
        helpers.step(app)
        assert set(sc.decorations().tags.values()) == {"1 · 38%", "2 · a2-c4 37%, 3 · a2>c4 32%"}
    finally:
        app.close()


@pytest.mark.parametrize("size", [(670, 620), (1500, 1400), (1900, 1800)])
def test_an_engine_tag_keeps_off_the_kernel_when_it_can(size):
    # The analysis board at 3840x2160, Amoeba's start, lines c6-c5, a3-b4 and c3-d4: the
    # tag of b4 lay left of it, over the Kernel on b3 (clear of the move's own cells, but over
    # the piece the game is about). Among the places clear of the move, the one that hides
    # least of the other pieces.
    from game.rules import make_game
    from game.views import tags
    view = view_for("amoeba")
    view.layout(pygame.Rect((0, 0), size))
    surface = pygame.Surface(size, pygame.SRCALPHA)
    stacks = make_game("amoeba").stacks()
    placed = _note_tags(view)
    deco = Decorations(arrows=[("c6", "c5"), ("a3", "b4"), ("c3", "d4")],
                       tags={"c5": "1 · 55%", "b4": "2 · 53%", "d4": "3 · 52%"})
    view.draw_over(surface, stacks, deco)
    kernel = tags.cell_rect(view, "b3", stacks)
    assert len(placed) == 3 and not placed[1].colliderect(kernel)


@pytest.mark.parametrize("size", [(670, 620), (1500, 1400), (1900, 1800)])
def test_an_onyx_line_tag_keeps_off_the_other_lines_stones_and_the_frame(size):
    # The analysis board at 3840x2160 (Onyx after i5 i7 i6 i1 i2 i4, lines k2, l2 and k1):
    # the tag of l2, on the board's right edge, stood over the frame beside its row number;
    # kept on the ground it lay over k2's faint stone, which it did not count as a piece. An
    # edge point's tag may reach over the frame, but it stays centred on the ground.
    from game.rules import make_game
    from game.views import tags
    game = make_game("onyx")
    for mv in "i5 i7 i6 i1 i2 i4".split():
        game.push(mv)
    view = view_for("onyx")
    view.layout(pygame.Rect((0, 0), size))
    surface = pygame.Surface(size, pygame.SRCALPHA)
    stacks = game.stacks()
    placed = _note_tags(view)
    deco = Decorations(ghosts=[("k2", ("B",)), ("l2", ("B",)), ("k1", ("B",))],
                       tags={"k2": "1 · 50%", "l2": "2 · 49%", "k1": "3 · 45%"})
    view.draw_over(surface, stacks, deco)
    assert len(placed) == 3
    play = tags.play_rect(view)
    for lab, r in zip(("k2", "l2", "k1"), placed):
        assert play.collidepoint(r.center), (lab, r, play)
        others = [tags.cell_rect(view, g, stacks, 1) for g in ("k2", "l2", "k1") if g != lab]
        assert not any(r.colliderect(o) for o in others), lab
    assert not any(a.colliderect(b) for i, a in enumerate(placed) for b in placed[i + 1:]), placed


@pytest.mark.parametrize("size", [(670, 620), (1500, 1400)])
def test_a_hinted_splits_tag_keeps_off_the_point_to_click(size):
    # the hint e3>e1 rings e2 (a split's first drop: the point to click) and tags e1, where the
    # move ends: the tag stood on e2's ring, over the very point the player had to click
    from game.rules import make_game
    from game.views.tags import cell_rect
    g = make_game("amoeba")
    view = view_for("amoeba")
    view.layout(pygame.Rect((0, 0), size))
    stacks = {lab: tuple(s) for lab, s in g.stacks().items()}
    stacks["e3"] = ("W", "B")
    stacks.pop("e1", None)
    stacks.pop("e2", None)
    deco = Decorations(arrows=[("e3", "e1")], selected="e3", targets={"e2": "split"}, tags={"e1": "Hint"})
    font_size = max(11, int(view.scale * 0.2))
    tag = (D.font(font_size, True).size("Hint")[0] + font_size, int(font_size * 1.6))
    r = view.tag_rect("e1", tag, stacks, deco)
    assert not r.colliderect(cell_rect(view, "e2", stacks))
