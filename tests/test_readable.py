"""Issue 24: the board reads true. Tall stacks stay on their point (height on the base, a stack
card bottom to top), previews warn of a move that loses at once, Onager jumps arc over a lit
pivot, Onyx marks carry a halo, and capture demos hold still around each capture."""
from __future__ import annotations

import pygame
import pytest

from game.rules.amoeba import Amoeba
from game.rules.base import Color
from game.views import Decorations
from game.views.amoeba import AmoebaInput, AmoebaView


@pytest.fixture(autouse=True, scope="module")
def _display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield


def _amoeba(position: str, to_move: Color = Color.BLACK) -> tuple[AmoebaView, AmoebaInput, Amoeba]:
    view = AmoebaView()
    view.layout(pygame.Rect(0, 0, 700, 640))
    inp = AmoebaInput(view)
    game = Amoeba.from_position(position, to_move)
    inp.set_game(game)
    return view, inp, game


# ---------------------------------------------------------------- 2. previews warn of a move that loses at once
def test_a_split_onto_your_own_kernel_is_warned_in_its_preview_and_the_status():
    # c5: White under Black; split towards a3 drops the white bottom piece on b4, Black's Kernel
    view, inp, game = _amoeba("c5: W,B; b4: Bk; f3: Wk; g1: W")
    res = inp.click("c5")
    assert "b4 loses at once (your Kernel is captured)" in res.message
    inp.hover("b4")
    deco = Decorations()
    inp.decorate(deco)
    assert deco.tags == {"b4": "Split 2 to a3 — loses at once: your Kernel is captured"}
    inp.hover("a3")                     # the whole-stack move there is safe: no warning
    deco = Decorations()
    inp.decorate(deco)
    assert deco.tags == {"a3": "Move all 2"}


def test_onager_walk_that_uncovers_an_enemy_on_your_back_row_is_warned():
    from game.rules.onager import Onager
    from game.views.onager import OnagerInput, OnagerView
    view = OnagerView()
    view.layout(pygame.Rect(0, 0, 700, 640))
    inp = OnagerInput(view)
    game = Onager.from_position("a2: W,B; e5: B; j3: W", Color.BLACK)
    inp.set_game(game)
    res = inp.click("a2")
    assert res.message.endswith("Careful: a1, a3, b2 and b3 lose at once (White starts its turn ahead on the back rows).")
    inp.hover("b2")
    deco = Decorations()
    inp.decorate(deco)
    assert deco.tags["b2"] == "Walk — loses at once: White starts its turn ahead on the back rows"
    inp.cancel()
    inp.click("e5")                     # e5 walking away changes nothing on the back rows
    inp.hover("e6")
    deco = Decorations()
    inp.decorate(deco)
    assert deco.tags["e6"] == "Walk"


# ---------------------------------------------------------------- 1. tall stacks stay on their point
def _inside(sil, x, y) -> bool:
    sx, y0, y1, rx, ry = sil
    dx = (x - sx) / rx
    if abs(dx) > 1:
        return False
    dy = (y - min(max(y, y0), y1)) / ry
    return dx * dx + dy * dy <= 1.0


def _outline(sil, k: int = 48):
    """Points on the edge of a drawn stack (its top face's upper half, its sides, its bottom rim)."""
    import math
    sx, y0, y1, rx, ry = sil
    out = []
    for i in range(k):
        a = 2 * math.pi * i / k
        out.append((sx + rx * math.cos(a) * 0.999, (y0 if math.sin(a) < 0 else y1) + ry * math.sin(a) * 0.999))
    return out


def _in_polygon(pt, poly) -> bool:
    x, y = pt
    inside = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _views():
    from game.views.onager import OnagerView
    return [AmoebaView, OnagerView]


@pytest.mark.parametrize("size", [(700, 640), (1400, 1300)])
@pytest.mark.parametrize("view_cls", _views(), ids=lambda c: c.__name__)
def test_a_stack_of_any_height_stays_on_its_point(view_cls, size):
    """Every height up to all the pieces of the game on every point: nothing of the stack is drawn
    over another point or the single piece standing there, nor over the frame; its height badge
    sits on its base, nearer its own point than any other."""
    view = view_cls()
    view.layout(pygame.Rect(0, 0, *size))
    surf = pygame.Surface(size, pygame.SRCALPHA)
    labels = list(view.points())
    inner = view._hexagon(view.margin * 0.70) if view_cls is AmoebaView else view._outline(0.72)
    for n in (2, 3, 4, 6, 7, 11, 22):
        for lab in labels:
            stacks = {q: ("W",) for q in labels}
            stacks[lab] = ("B", "W") * (n // 2) + ("B",) * (n % 2)
            view.draw(surf, stacks, Decorations(), board=False)
            sil = view.silhouette(lab)
            edge = _outline(sil)
            px, py = view.pixel_of(lab)
            for q in labels:
                if q == lab:
                    continue
                qx, qy = view.pixel_of(q)
                assert not _inside(sil, qx, qy), f"a stack of {n} on {lab} covers the point {q}"
                other = view.silhouette(q)
                assert not any(_inside(other, x, y) for x, y in edge), f"a stack of {n} on {lab} overlaps {q}"
            assert all(_in_polygon(pt, inner) for pt in edge), f"a stack of {n} on {lab} is drawn over the frame"
            if n >= view.badge_from:
                bx, by, _, _ = view._badges[lab]
                near = min(labels, key=lambda q: (view.pixel_of(q)[0] - bx) ** 2 + (view.pixel_of(q)[1] - by) ** 2)
                assert near == lab, f"the height badge of {lab} sits nearer {near}"
                assert by > py - view.radius_px, "the height is on the stack's base"


def test_the_stack_card_lists_the_pieces_bottom_to_top():
    view, inp, game = _amoeba("c2: B,W,B,Bk,W,B; d3: W; f3: Wk; a1: W; a4: B")
    text = inp.describe("c2")
    assert text.splitlines() == [
        "c2: 6 pieces, you control it.",
        "Bottom to top: Black, White, Black, Black Kernel, White, Black."]
    from game.views.onager import describe_stack
    assert describe_stack("d4", ("W", "B", "W")).endswith("\nBottom to top: White, Black, White.")
    from game.views.amoeba import describe_stack as amoeba_card
    assert amoeba_card("e4", ("W", "W", "B", "Wk")).endswith("\nBottom to top: White ×2, Black, White Kernel.")


@pytest.mark.parametrize("n", [2, 5, 8, 11])
def test_the_stack_card_fits_its_tooltip_whole(n):
    """The card is read in a tooltip of a few lines: a stack of up to 11 mixed pieces is listed
    whole (nothing cut off with '…')."""
    from game.ui.overlays import tooltip_rect
    from game.views.amoeba import describe_stack as amoeba_card
    from game.views.onager import describe_stack as onager_card
    pieces = tuple("BW"[i % 2] for i in range(n - 1)) + ("Bk",)
    for text in (amoeba_card("c2", pieces, "White"), onager_card("k3", tuple("WB"[i % 2] for i in range(n)), "Black")):
        _, lines = tooltip_rect(text, (100, 100), lambda v: int(v), pygame.Rect(0, 0, 1024, 640))
        assert not lines[-1].endswith("…"), lines


def test_right_click_on_a_stack_with_nothing_selected_opens_its_card_at_once():
    from ui_helpers import make_app, post_click, step
    app = make_app("--game", "amoeba", "--window", "1024x640", "--moves", "c2-d3 e3-d3")
    try:
        app.finish_transition()
        step(app, 3)
        scene = app.scene
        ctl = scene.board
        x, y = ctl.view.pixel_of("d3")
        post_click((x, y), button=3)
        step(app, 1)
        assert ctl.tooltip_text().startswith("d3: 2 pieces")
        assert "Bottom to top:" in ctl.tooltip_text()
        # with a stack selected, a right click clears the selection (and shows no card)
        ctl.input.click("c1")
        assert ctl.input.prefix == ("c1",)
        ctl.hover_label, ctl.hover_time = None, 0.0
        post_click((x, y), button=3)
        step(app, 1)
        assert ctl.input.prefix == ()
        assert ctl.tooltip_text() == ""
    finally:
        app.close()


# ---------------------------------------------------------------- 3. Onager: the jump over the pivot
def _onager_view():
    from game.views.onager import OnagerView
    view = OnagerView()
    view.layout(pygame.Rect(0, 0, 700, 640))
    return view


def test_onager_jump_preview_is_an_arc_over_a_lit_pivot():
    from game.rules.onager import Onager
    from game.views.onager import OnagerInput
    view = _onager_view()
    assert view.pivot_of("a3", "c5") == "b4" and view.pivot_of("c2", "c8") == "c5"
    assert view.pivot_of("b3", "c4") is None and view.pivot_of("a1", "c4") is None
    pts = view.arc_points("a3", "c5")
    top = min(y for _, y in pts)
    assert top < view.pixel_of("b4")[1] - view.scale * 0.5, "the arc rises well over the pivot"
    game = Onager.from_position("a3: B; b4: B; c5: W; j3: W", Color.BLACK)
    inp = OnagerInput(view)
    inp.set_game(game)
    inp.click("a3")
    inp.hover("c5")
    deco = Decorations()
    inp.decorate(deco)
    lit, arcs = [], []
    view.draw_pivot = lambda surface, label, strength=1.0, fill=False: lit.append(label)
    view.jump_arc = lambda surface, a, b, colour, alpha=190: arcs.append((a, b))
    surf = pygame.Surface((700, 640), pygame.SRCALPHA)
    view.draw(surf, game.stacks(), deco, board=False)
    assert "b4" in lit and arcs == [("a3", "c5")]
    inp.hover("a4")                            # a walk: a straight arrow, no pivot
    lit.clear(), arcs.clear()
    deco = Decorations()
    inp.decorate(deco)
    view.draw(surf, game.stacks(), deco, board=False)
    assert lit == [] and arcs == []


def test_onager_jump_animation_rises_over_the_lit_pivot_with_its_shadow_below():
    from game.anim.moves import MoveAnimation
    from game.rules.onager import Onager
    view = _onager_view()
    game = Onager.from_position("a3: B; b4: B; c5: W; j3: W", Color.BLACK)
    before = game.stacks()
    motions = game.motions(game.parse_move("a3-c5"))
    anim = MoveAnimation(view, before, motions, speed=1.0)
    lit, shadows, stacks = [], [], []
    view.draw_pivot = lambda surface, label, strength=1.0, fill=False: lit.append((label, strength))
    view.draw_ground_shadow = lambda surface, xy, h: shadows.append((xy, h))
    real = view.draw_stack
    view.draw_stack = lambda surface, xy, pieces, **kw: stacks.append((xy, kw)) or real(surface, xy, pieces, **kw)
    surf = pygame.Surface((700, 640), pygame.SRCALPHA)
    anim.update(anim.duration / 2)
    anim.draw(surf)
    assert lit and lit[0][0] == "b4" and lit[0][1] > 0.9
    (gx, gy), h = shadows[0]
    bx, by = view.pixel_of("b4")
    assert abs(gx - bx) < 3 and abs(gy - by) < 3, "the shadow runs on the board, under the pivot at mid-flight"
    assert h >= view.scale * 0.5, "the disc is well above the board over the pivot"
    xy, kw = stacks[-1]
    assert kw["shadow"] is False


def test_onager_chain_numbers_sit_apart_from_height_badges():
    view = _onager_view()
    stacks = {"b4": ("B", "W", "B", "W"), "d6": ("B", "W"), "b2": ("B",)}
    surf = pygame.Surface((700, 640), pygame.SRCALPHA)
    deco = Decorations(last_move=("b2", "b4", "d6"))
    view.draw(surf, stacks, deco, board=False)
    for lab in ("b4", "d6"):
        bx, by, half, rad = view._badges[lab]
        sx, sy = view.path_number_spot(lab)
        number_r = max(11, int(view.cell_px * 0.36)) / 2 + 2
        assert abs(sx - bx) > half + rad + number_r or abs(sy - by) > rad + number_r, lab


# ---------------------------------------------------------------- 4. Onyx marks read on any wood
def _lum(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


@pytest.mark.parametrize("theme", ["classic", "dark", "colour-blind"])
def test_onyx_corner_points_and_closed_midpoints_stand_out_on_the_wood(theme):
    """Each mark holds both a clearly lighter and a clearly darker part than the wood around it, so
    it reads whatever the wood's shade (the dark theme's wood included)."""
    import math
    from game.rules.onyx import Onyx
    from game.themes import theme_named
    from game.views.onyx import OnyxView
    view = OnyxView()
    if hasattr(view, "set_look"):
        view.set_look(theme=theme_named(theme))
    view.layout(pygame.Rect(0, 0, 640, 640))
    game = Onyx.new()
    surf = pygame.Surface((640, 640), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 255))
    view.draw(surf, game.stacks(), Decorations())
    pr, mr = view.point_radii()

    def light_halo(lab: str, inner: float, ring: tuple[float, float]) -> tuple[float, float]:
        """(share of the mark's pixels clearly lighter than the wood around, how much darker its
        darkest part is): a light halo round a dark hole or plug."""
        x, y = view.pixel_of(lab)
        wood = sorted(_lum(surf.get_at((int(x + r * math.cos(a)), int(y + r * math.sin(a)))))
                      for r in (ring[0], ring[1]) for a in [k * math.pi / 18 + 0.09 for k in range(36)])
        base = wood[len(wood) // 2]
        mark = [_lum(surf.get_at((int(x + dx), int(y + dy))))
                for dx in range(-int(inner), int(inner) + 1) for dy in range(-int(inner), int(inner) + 1)
                if dx * dx + dy * dy <= inner * inner]
        return sum(1 for m in mark if m - base >= 50) / len(mark), base - min(mark)

    for lab in ("e4", "h9", "c10"):                       # empty corner points
        share, darker = light_halo(lab, pr * 2.1, (pr * 3.2, pr * 3.6))
        assert share >= 0.3 and darker >= 20, (theme, lab, share, darker)
    closed = view.closed_midpoints(game.stacks())
    assert "fg12" in closed
    share, darker = light_halo("fg12", mr * 2.4, (mr * 3.6, mr * 4.0))
    assert share >= 0.3 and darker >= 20, (theme, "fg12", share, darker)


# ---------------------------------------------------------------- 4. the capture demo holds still
def test_onyx_capture_demo_holds_before_and_after_the_capture_and_replays_at_half_speed():
    from game.scenes.tutorial import TutorialScene
    scene = TutorialScene("onyx")
    scene.open_lesson(2, 0)                       # lesson 3 step 1: b5 captures a5 and b4
    assert scene.step.moves == ("b5",)
    scene.wait = 0.0
    scene.update(0.01)
    anim = scene.anim
    assert anim is not None
    windows = anim._windows
    kinds = {m.step: m.kind for m in anim.motions}
    place = [w for st, w in windows.items() if kinds[st] == "place"][0]
    remove = [w for st, w in windows.items() if kinds[st] == "remove"][0]
    assert remove[0] - place[1] >= 0.8, "the stones stay a while after the stone lands, before they go"
    assert remove[1] - remove[0] >= 1.0, "the stones leave slowly"
    assert anim.duration - remove[1] >= 0.8, "the emptied points are held before the demo ends"
    normal = scene.speed
    scene.replay()
    assert scene.slow_replay and abs(scene.speed - normal / 2) < 1e-9
    scene.next_step()
    assert not scene.slow_replay


def test_pieces_landing_on_a_pressed_stack_meet_its_top():
    """A split's last piece lands on a stack of five: at the end of its flight it sits exactly
    where the stack's pressed levels put its top (no float, then no jump when the move is done)."""
    from game.anim.moves import MoveAnimation
    view, inp, game = _amoeba("d1: B,W; d3: W,W,B,W,B; b4: Bk; f3: Wk", Color.WHITE)
    before = game.stacks()
    motions = game.motions(game.parse_move("d1>d3"))
    anim = MoveAnimation(view, before, motions, speed=1.0)
    calls = []
    real = view.draw_stack
    view.draw_stack = lambda surface, xy, pieces, **kw: calls.append((xy, pieces, kw)) or real(surface, xy, pieces, **kw)
    surf = pygame.Surface((700, 640), pygame.SRCALPHA)
    anim.update(anim.duration - 1e-4)
    anim.draw(surf)
    (x, y), pieces, kw = min(calls, key=lambda c: abs(c[0][0] - view.pixel_of("d3")[0]))   # the piece on d3
    lv = kw.get("spacing") or view.level_for(1)
    assert abs(x - view.pixel_of("d3")[0]) < 2
    want = 5 * view.level_for(6)                                 # five under it, in a stack of six
    assert abs(kw["lift"] * lv - want) < 2.0, (kw["lift"] * lv, want)
