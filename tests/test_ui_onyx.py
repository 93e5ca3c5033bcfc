"""The Onyx view and its click logic, and whole games played with the mouse (headless)."""
from __future__ import annotations

from functools import partial

import pygame
import pytest

from game.anim.moves import MoveAnimation
from game.app import App, build, parse_args
from game.match import Match
from game.rules.base import Color
from game.rules.onyx import Onyx
from game.scenes.board import BoardScene
from game.views import Decorations, input_for, view_for
from game.views.onyx import SWAP_LABEL, OnyxInput, OnyxView

from ui_helpers import move_mouse, settle
import ui_helpers as helpers

# ---------------------------------------------------------------- a person using the app (ui_helpers)
# here the mouse moves onto a point in a frame of its own before it presses, and widgets are not
# checked for visibility first
click = partial(helpers.click, hover_first=True)
click_point = partial(helpers.click_point, hover_first=True)
click_widget = partial(helpers.click_widget, check=None, hover_first=True)


def play(app: App, label: str) -> None:
    """Click a point and let the animation run to its end."""
    click_point(app, label)
    settle(app)


def hover(app: App, label: str) -> Decorations:
    move_mouse(app, app.scene.view.pixel_of(label))
    return app.scene.decorations()


def press_extra_action(app: App, label: str) -> None:
    """What the board scene's extra-action button does: play the move the input offers."""
    board = app.scene
    text = board.input.action_move(label)
    assert text is not None, f"{label!r} is not offered"
    assert board.play_move(text)
    settle(app)


def app_with(game: Onyx, window: str = "1280x800") -> App:
    """The app showing a board scene for this game (a set-up position or a new game)."""
    app = build(parse_args(["--window", window]), fade=False)
    app.push(BoardScene(Match(game)))
    app.finish_transition()
    settle(app)
    return app


@pytest.fixture
def pie_app():
    yield from helpers.running_app("--game", "onyx", "--pie", "--window", "1280x800")


# ---------------------------------------------------------------- geometry
@pytest.mark.parametrize("n", [12, 16, 20])
@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
def test_every_point_is_on_the_board_and_found_where_it_is_drawn(n, window):
    view = OnyxView(size=n)
    rect = pygame.Rect(12, 12, int(window[0] * 0.7), window[1] - 24)
    view.layout(rect)
    labels = list(view.points())
    assert len(labels) == {12: 204, 16: 368, 20: 580}[n]
    for lab in labels:
        x, y = view.pixel_of(lab)
        assert rect.collidepoint(x, y)
        assert view.label_at((x, y)) == lab
    # a click a little off a point still finds it (a quarter of the spacing away)
    x, y = view.pixel_of("c3")
    assert view.label_at((x + view.scale * 0.25, y)) == "c3"
    # readable at the smallest window: stones and owner bands keep a useful size
    assert view.radius_px >= 8
    assert (view.BAND - view.SURFACE) * view.scale >= view.BAND_PX - 1


def test_board_layout_rows_columns_and_midpoints():
    view = OnyxView(size=12)
    view.layout(pygame.Rect(0, 0, 900, 900))
    a1, l1, a12 = view.pixel_of("a1"), view.pixel_of("l1"), view.pixel_of("a12")
    assert a1[1] > a12[1]          # row 1 at the bottom
    assert a1[0] < l1[0]           # column a on the left
    # the midpoint de1112 sits in the middle of the square d11 e11 d12 e12
    corners = [view.pixel_of(c) for c in ("d11", "e11", "d12", "e12")]
    mx = sum(c[0] for c in corners) / 4
    my = sum(c[1] for c in corners) / 4
    px, py = view.pixel_of("de1112")
    assert abs(px - mx) <= 1 and abs(py - my) <= 1
    assert view.is_midpoint("de1112") and not view.is_midpoint("d11")


def test_owner_bands_are_drawn_in_the_owners_colours():
    view = OnyxView(size=12)
    view.layout(pygame.Rect(0, 0, 800, 800))
    surf = pygame.Surface((800, 800), pygame.SRCALPHA)
    view.show_coords = False
    view.render_board(surf, (0, 0))
    mid = (view.SURFACE + view.BAND) / 2

    def brightness(x: float, y: float) -> int:
        px, py = view.to_pixel(x, y)
        c = surf.get_at((int(px), int(py)))
        return c.r + c.g + c.b

    # Black owns rows 1 and 12 (bottom and top bands), White columns a and l (left and right)
    for y in (1 - mid, 12 + mid):
        assert brightness(5.5, y) < 250
    for x in (-mid, 11 + mid):
        assert brightness(x, 6.5) > 600


# ---------------------------------------------------------------- click logic
def _input(game: Onyx) -> OnyxInput:
    inp = input_for("onyx", view_for("onyx", **game.options()))
    inp.set_game(game)
    return inp


def test_only_legal_points_light_up_and_only_on_hover():
    game = Onyx.new()
    inp = _input(game)
    assert len(inp.starts()) == 192                      # spec W13: 136 corner points + 56 midpoints
    deco = Decorations()
    inp.decorate(deco)
    assert deco.selectable == set() and deco.targets == {}  # nothing glows by itself
    for lab in ("e5", "de1112", "bc910"):
        inp.hover(lab)
        deco = Decorations()
        inp.decorate(deco)
        assert deco.targets == {lab: "place"} and deco.ghosts == [(lab, ("B",))]
    for lab in ("f1", "fg1112", "ab67"):                 # occupied; midpoints with occupied corners
        inp.hover(lab)
        deco = Decorations()
        inp.decorate(deco)
        assert deco.targets == {} and deco.hover is None and deco.ghosts == []


def test_captures_are_marked_before_the_click():
    game = Onyx.from_position("Black: a4 b3 c2 c4 d3; White: a5 b4 d2", Color.WHITE)  # spec W2
    inp = _input(game)
    inp.hover("c3")
    deco = Decorations()
    inp.decorate(deco)
    assert sorted(deco.captures) == ["b3", "c2", "c4", "d3"]
    assert deco.tags == {"c3": "Captures 4"}
    inp.hover("e7")
    deco = Decorations()
    inp.decorate(deco)
    assert deco.captures == [] and deco.tags == {}


def test_illegal_clicks_explain_why_and_change_nothing():
    game = Onyx.new()
    inp = _input(game)
    res = inp.click("f1")
    assert res.move is None and "already holds a white stone" in res.message
    res = inp.click("fg12")
    assert res.move is None and "midpoint fg12" in res.message and "f1, g1" in res.message
    assert inp.click(None).move is None
    assert inp.click("zz99").move is None
    assert inp.click("e5").move == "e5"
    assert inp.click("de1112").move == "de1112"


def test_swap_is_an_extra_action_not_a_board_point():
    game = Onyx.new(pie=True)
    inp = _input(game)
    assert inp.extra_actions() == []                      # Black's first move: no swap
    game.push("e5")
    inp.set_game(game)
    assert inp.extra_actions() == [(SWAP_LABEL, "swap")]
    assert inp.action_move(SWAP_LABEL) == "swap" and inp.action_move("swap") == "swap"
    assert "swap" not in inp.starts()
    game.push("swap")
    inp.set_game(game)
    assert inp.extra_actions() == [] and inp.action_move(SWAP_LABEL) is None
    no_pie = Onyx.new()
    no_pie.push("e5")
    assert _input(no_pie).extra_actions() == []


def test_tooltips_describe_stones():
    game = Onyx.from_position("Black: a4 b3 c2 c4 d3 a1 cd67; White: a5 b4 d2", Color.WHITE)
    inp = _input(game)
    assert "in danger" in inp.describe("a5")             # Black's b5 would take a5 and b4
    assert "can never be captured" in inp.describe("a1")
    assert "midpoint" in inp.describe("cd67")
    assert inp.describe("e5") == "e5: empty point."


# ---------------------------------------------------------------- animation
def test_double_capture_animation_lifts_the_four_stones_after_the_placement():
    game = Onyx.from_position("Black: a4 b3 c2 c4 d3; White: a5 b4 d2", Color.WHITE)
    view = OnyxView(size=12)
    view.layout(pygame.Rect(0, 0, 900, 800))
    before = game.stacks()
    anim = MoveAnimation(view, before, game.motions(game.parse_move("c3")), speed=1.0)
    assert anim.hidden == {"b3": 1, "c4": 1, "c2": 1, "d3": 1}
    place = [sp for sp in anim.sprites if sp._place[0] == "place"]
    removes = [sp for sp in anim.sprites if sp._place[0] == "remove"]
    assert len(place) == 1 and len(removes) == 4
    assert all(r.segments[0].t0 >= place[0].segments[0].t1 for r in removes)
    surf = pygame.Surface((900, 800), pygame.SRCALPHA)
    for _ in range(120):                                   # draws every frame without error
        view.draw(surf, before, Decorations(hidden=anim.hidden))
        anim.draw(surf)
        if anim.update(0.05):
            break
    assert anim.done


# ---------------------------------------------------------------- whole games with the mouse
def test_standard_start_with_pie_swap_threats_double_and_single_capture(pie_app):
    app = pie_app
    board = app.scene
    assert board.match.name == "onyx" and board.match.game.options()["pie"]
    assert board.input.extra_actions() == []
    play(app, "a4")                                       # Black
    assert board.input.extra_actions() == [(SWAP_LABEL, "swap")]
    press_extra_action(app, SWAP_LABEL)                   # White answers with swap
    g = board.match.game
    assert g.swapped and g.to_move == Color.WHITE and board.w["turn"].text == "White to move"
    assert board.input.extra_actions() == []
    assert board.match.moves_text() == "1. a4 swap"
    for lab in "a5 b3 b4 c2 d2 c4 k3 d3".split():
        play(app, lab)
    # numbered by colour (game.rules.numbering): White's a5 after its swap is a row of its own
    assert board.match.moves_text() == "1. a4 swap 2... a5 3. b3 b4 4. c2 d2 5. c4 k3 6. d3"
    assert g.to_move == Color.WHITE
    # White's a5 and b4 can be taken by Black's b5: marked as threats
    deco = board.decorations()
    assert sorted(deco.threats) == ["a5", "b4"]
    assert "Danger" in board.w["status"].html_text
    # an illegal click: a message, nothing changes
    click_point(app, "b3")
    assert "already holds a black stone" in board.panel.status and len(board.match.history) == 10
    # hovering c3 marks the four stones of the Onyx double capture before the click
    deco = hover(app, "c3")
    assert sorted(deco.captures) == ["b3", "c2", "c4", "d3"] and deco.tags == {"c3": "Captures 4"}
    play(app, "c3")
    assert board.match.history[-1].record == "c3**"
    assert all(lab not in g.stacks() for lab in ("b3", "c2", "c4", "d3"))
    assert g.counts() == {"black": 0, "white": 4}
    assert board.w["count_w"].text == "White  4"
    # Black takes back two with the single capture b5 (a4 is Black: square ab45)
    deco = hover(app, "b5")
    assert sorted(deco.captures) == ["a5", "b4"] and deco.tags == {"b5": "Captures 2"}
    play(app, "b5")
    assert board.match.history[-1].record == "b5*"
    assert board.match.moves_text().endswith("6. d3 c3** 7. b5*")
    assert board.w["count_b"].text == "Black  2"
    assert board.decorations().last_move[0] == "b5"
    # the midpoint ab45 is still closed (Black holds a4 and b5): clicking it explains
    click_point(app, "ab45")
    assert "midpoint ab45" in board.panel.status and len(board.match.history) == 12
    # undo the single capture with the panel button: the stones come back
    click_widget(app, board.w["undo"])
    settle(app)
    assert {"a5", "b4"} <= set(g.stacks()) and g.counts()["black"] == 0


def test_a_game_to_a_win_by_connection_through_a_midpoint():
    # spec W10, White to move first: Black's c3 then joins c1-c2-c3-...-c6-cd67-d7-...-d12
    game = Onyx.from_position("Black: c1 c2 c4 c5 c6 d7 d8 d9 d10 d11 d12 cd67; White: b3 e6 e7", Color.WHITE)
    app = app_with(game)
    try:
        board = app.scene
        play(app, "k5")                                   # White
        deco = hover(app, "c3")
        assert deco.tags == {"c3": "Wins!"} and deco.captures == []
        play(app, "c3")                                   # Black connects rows 1 and 12
        m = board.match
        assert m.is_over and m.result.winner == Color.BLACK and m.result.reason == "connection"
        assert board.w["turn"].text == "Black wins"
        chain = board.decorations().result
        assert chain == m.game.highlight_result()
        assert chain[0][1:] == "1" and chain[-1][1:] == "12" and "cd67" in chain
        assert board.decorations().threats == []
        assert not board.w["resign"].is_enabled and board.w["undo"].is_enabled
        click_point(app, "h8")                            # a click on the finished board only explains
        assert "over" in board.panel.status and "h8" not in m.game.stacks()
        # the banner is drawn and the frame renders at 1024x640 too
        app.resize((1024, 640))
        settle(app)
        for lab in board.view.points():
            assert board.board_rect.collidepoint(board.view.pixel_of(lab))
        click_widget(app, board.w["undo"])
        settle(app)
        assert not m.is_over and m.game.to_move == Color.BLACK
    finally:
        app.close()


def test_capture_and_win_in_one_click():
    # spec W12: c3 captures b3 c4 and links c2 with d3
    game = Onyx.from_position("Black: b4 c1 c2 d3 d4 d5 d6 d7 d8 d9 d10 d11 d12; White: b3 c4", Color.BLACK)
    app = app_with(game)
    try:
        board = app.scene
        deco = hover(app, "c3")
        assert sorted(deco.captures) == ["b3", "c4"] and deco.tags == {"c3": "Captures 2 · Wins!"}
        play(app, "c3")
        assert board.match.history[-1].record == "c3*"
        assert board.match.result.winner == Color.BLACK
        assert "c3" in board.decorations().result
    finally:
        app.close()


@pytest.mark.parametrize("n,window", [(12, "1024x640"), (16, "1280x800"), (20, "1024x640"), (20, "1920x1080")])
def test_every_size_fits_the_window(n, window):
    app = build(parse_args(["--game", "onyx", "--size", str(n), "--window", window]), fade=False)
    try:
        settle(app)
        board = app.scene
        assert board.view.n == n
        w, h = (int(v) for v in window.split("x"))
        assert app.size == (w, h)
        assert not board.panel.rect.colliderect(board.board_rect)
        for lab in board.view.points():
            assert board.board_rect.collidepoint(board.view.pixel_of(lab))
        play(app, "e5")
        assert board.match.moves_text() == "1. e5"
    finally:
        app.close()
