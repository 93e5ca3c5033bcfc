"""The Amoeba view and its click logic, and a whole game played with the mouse (headless)."""
from __future__ import annotations

from functools import partial
import math

import pygame
import pytest

from game.anim.moves import MoveAnimation
from game.app import build, parse_args
from game.rules import make_game
from game.rules.amoeba import Amoeba
from game.rules.base import Color
from game.scenes.board.engine import Engine as EngineProtocol
from game.views import Decorations, input_for, view_for
from game.views.amoeba import AmoebaInput, AmoebaView

from ui_helpers import DT, move_mouse, settle, step
import ui_helpers as helpers

# ---------------------------------------------------------------- a person using the app (ui_helpers)
# here the mouse moves onto a point in a frame of its own before it presses, and widgets are not
# checked for visibility first
click = partial(helpers.click, hover_first=True)
click_point = partial(helpers.click_point, hover_first=True)
click_widget = partial(helpers.click_widget, check=None, hover_first=True)


@pytest.fixture
def board_app():
    yield from helpers.running_app("--game", "amoeba", "--window", "1280x800")


# ---------------------------------------------------------------- geometry
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)])
def test_pixel_and_label_round_trip_at_every_size(size):
    view = AmoebaView()
    rect = pygame.Rect(0, 0, int(size[0] * 0.7), size[1])
    view.layout(rect)
    labels = list(view.points())
    assert len(labels) == 37
    for lab in labels:
        x, y = view.pixel_of(lab)
        assert rect.collidepoint(x, y)
        assert view.label_at((x, y)) == lab
        # tolerant: a click a third of the spacing away still finds the point
        assert view.label_at((x + view.scale * 0.3, y)) == lab
    # neighbours are one spacing apart and the board is not squashed
    ax, ay = view.pixel_of("d4")
    bx, by = view.pixel_of("d5")
    cx, cy = view.pixel_of("e4")
    assert abs(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 - ((cx - ax) ** 2 + (cy - ay) ** 2) ** 0.5) < 2
    assert view.label_at((rect.x + 2, rect.y + 2)) is None  # a corner of the rect is off the board
    centre = ((ax + bx + cx) / 3, (ay + by + cy) / 3)  # middle of the triangle d4 d5 e4
    assert view.label_at(centre) is None


def test_black_is_at_the_bottom_and_rows_run_west_to_east():
    view = AmoebaView()
    view.layout(pygame.Rect(0, 0, 800, 800))
    assert view.pixel_of("a1")[1] > view.pixel_of("g1")[1]  # row a at the bottom
    assert view.pixel_of("d1")[0] < view.pixel_of("d7")[0]  # numbers grow eastwards


# ---------------------------------------------------------------- click logic
def _input_for(game: Amoeba) -> AmoebaInput:
    inp = input_for("amoeba", view_for("amoeba"))
    inp.set_game(game)
    return inp


def test_targets_are_exactly_the_legal_moves():
    game = Amoeba.from_position("d4: W,B,B; b3: Bk; f3: Wk", Color.BLACK)  # spec 8.2
    inp = _input_for(game)
    assert inp.starts() == {"d4", "b3"}
    assert inp.click("d4").move is None
    deco = Decorations()
    inp.decorate(deco)
    assert deco.selected == "d4"
    far = {lab for lab, kind in deco.targets.items() if kind == "move"}
    near = {lab for lab, kind in deco.targets.items() if kind == "split"}
    assert far == {"a1", "a4", "d1", "d7", "g1", "g4"}  # T = p + 3·d
    assert near == {"c3", "c4", "d3", "d5", "e3", "e4"}  # p + 1·d for the splits
    made = set()
    for lab in far | near:
        inp.set_game(game)
        inp.click("d4")
        made.add(inp.click(lab).move)
    assert made == {m for m in game.legal_strs() if m.startswith("d4")}


def test_split_preview_shows_where_each_piece_lands():
    game = Amoeba.from_position("d4: W,B,B; b3: Bk; f3: Wk", Color.BLACK)
    inp = _input_for(game)
    inp.click("d4")
    inp.hover("e4")  # the near point towards g4: split d4>g4
    deco = Decorations()
    inp.decorate(deco)
    assert dict(deco.ghosts) == {"e4": ("W",), "f4": ("B",), "g4": ("B",)}
    assert deco.arrows == [("d4", "g4")] and "Split" in deco.tags["e4"]
    inp.hover("g4")  # the far point: the whole stack
    deco = Decorations()
    inp.decorate(deco)
    assert dict(deco.ghosts) == {"g4": ("W", "B", "B")} and deco.tags["g4"] == "Move all 3"


def test_illegal_clicks_explain_why_and_never_raise():
    game = make_game("amoeba")
    inp = _input_for(game)
    assert "empty" in inp.click("d4").message
    assert "White" in inp.click("e3").message  # not yours
    inp.click("c3")
    res = inp.click("d6")
    assert res.move is None and "not a target" in res.message
    assert inp.click(None).message == "Selection cleared."
    assert inp.click("zz9").move is None
    game2 = Amoeba.from_position("d4: B,B,B,Bk; a1: W; a3: B,B; g1: Wk; b5: W", Color.BLACK)
    inp2 = _input_for(game2)
    assert "cannot move" in inp2.click("d4").message


def test_clicking_another_own_stack_switches_selection():
    inp = _input_for(make_game("amoeba"))
    inp.click("c3")
    inp.click("a1")  # a1 is not a target of c3 but is Black's own: select it instead
    assert inp.prefix == ("a1",)
    inp.click("a1")  # clicking the selected stack again deselects it
    assert inp.prefix == ()


def test_stack_tooltip_lists_the_pieces():
    game = Amoeba.from_position("c3: B,W,Bk; f3: Wk", Color.BLACK)
    inp = _input_for(game)
    text = inp.describe("c3")
    assert text == "c3: 3 pieces, you control it.\nBottom to top: Black, White, Black Kernel."


# ---------------------------------------------------------------- animation
def test_split_animation_hides_source_and_lands_pieces_in_order():
    game = Amoeba.from_position("d4: W,B,B; b3: Bk; f3: Wk", Color.BLACK)
    view = AmoebaView()
    view.layout(pygame.Rect(0, 0, 900, 800))
    before = game.stacks()
    motions = game.motions(game.parse_move("d4>g4"))
    ended = []
    anim = MoveAnimation(view, before, motions, speed=1.0, on_complete=lambda: ended.append(1))
    assert anim.hidden == {"d4": 3}
    start = {sp.pieces: sp.at(0.0, view)[:2] for sp in anim.sprites}
    assert all(xy == view.pixel_of("d4") for xy in start.values())
    # the bottom piece arrives first, the top piece last
    arrivals = sorted(anim.sprites, key=lambda sp: sp.segments[-1].t1)
    assert [sp.segments[-1].b for sp in arrivals] == ["e4", "f4", "g4"]
    anim.update(anim.duration / 2)
    assert not anim.done
    for _ in range(200):
        if anim.update(DT):
            break
    assert anim.done and ended == [1]
    end = {sp.segments[-1].b: sp.at(anim.time, view)[:2] for sp in anim.sprites}
    assert end == {lab: view.pixel_of(lab) for lab in ("e4", "f4", "g4")}


def test_slower_animation_takes_longer_and_finish_jumps_to_the_end():
    game = make_game("amoeba")
    view = AmoebaView()
    view.layout(pygame.Rect(0, 0, 900, 800))
    m = game.parse_move("c3-d4")
    fast = MoveAnimation(view, game.stacks(), game.motions(m), speed=2.0)
    slow = MoveAnimation(view, game.stacks(), game.motions(m), speed=0.5)
    assert slow.duration == pytest.approx(fast.duration * 4)
    slow.finish()
    assert slow.done and slow.time == slow.duration


# ---------------------------------------------------------------- the whole game with the mouse
def test_a_whole_game_by_clicking_including_a_split(board_app):
    app = board_app
    board = app.scene
    assert board.match.name == "amoeba"
    click_point(app, "b3")            # Black: the Kernel onto c3
    assert board.input.prefix == ("b3",)
    click_point(app, "c3")
    assert board.anim is not None     # the move is animated...
    assert board.match.game.stacks()["c3"] == ("B", "Bk")
    click(app, board.view.pixel_of("a1"))  # ...and a click finishes the animation at once
    assert board.anim is None
    settle(app)
    click_point(app, "f3")            # White: the Kernel onto e4
    click_point(app, "e4")
    settle(app)
    assert board.match.moves_text() == "1. b3-c3 f3-e4"
    # White's Kernel stack (2 high on e4) could land on c3 next: the Black Kernel is in danger
    assert board.panel.threats() == ["c3"] and board.decorations().threats == ["c3"]
    assert "Danger" in board.w["status"].html_text
    # Black splits c3 (B, Bk) towards e4: the near point is d4 (p + 1·d), the Kernel lands on e4
    click_point(app, "c3")
    deco = board.decorations()
    assert deco.targets.get("d4") == "split" and deco.targets.get("e4") == "move"
    move_mouse(app, board.view.pixel_of("d4"))
    assert dict(board.decorations().ghosts) == {"d4": ("B",), "e4": ("Bk",)}
    click_point(app, "d4")
    settle(app)
    m = board.match
    assert m.moves_text() == "1. b3-c3 f3-e4 2. c3>e4"
    assert m.is_over and m.result.winner == Color.BLACK and m.result.reason == "kernel-captured"
    assert board.decorations().result == ["e4"]
    assert board.w["turn"].text == "Black wins"
    assert not board.w["resign"].is_enabled and board.w["undo"].is_enabled
    # clicks on the finished board only explain
    click_point(app, "a1")
    assert "over" in board.panel.status
    # undo / redo with the panel buttons
    click_widget(app, board.w["undo"])
    settle(app)
    assert not m.is_over and m.moves_text() == "1. b3-c3 f3-e4"
    click_widget(app, board.w["redo"])
    settle(app)
    assert m.is_over and m.moves_text() == "1. b3-c3 f3-e4 2. c3>e4"


def test_offer_to_end_and_count_is_accepted_by_the_other_player(board_app):
    app = board_app
    board = app.scene
    click_point(app, "c1")
    click_point(app, "d1")
    settle(app)
    click_point(app, "e1")
    click_point(app, "d1")  # White on top of d1: Black 10 stacks, White 11
    settle(app)
    assert board.w["offer"].is_enabled
    click_widget(app, board.w["offer"])
    assert board.dialog is not None and board.dialog_kind == "offer_ask"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    step(app, 2)
    assert board.dialog is None and app.scene is board  # Escape closes the dialog only
    click_widget(app, board.w["offer"])
    assert "Black 10, White 11: White wins" in board.offers.consequence()
    click_widget(app, board.dialog.confirm_button)      # Black confirms the offer…
    step(app, 2)
    assert board.dialog is not None and board.dialog_kind == "offer"
    assert board.dialog.cancel_button.text == "Decline"
    click_widget(app, board.dialog.cancel_button)       # …White declines: said, and play goes on
    step(app, 2)
    assert board.dialog is None and board.match.result is None and "declines" in board.panel.status
    click_widget(app, board.w["offer"])
    click_widget(app, board.dialog.confirm_button)
    step(app, 2)
    click_widget(app, board.dialog.confirm_button)      # White accepts
    step(app, 2)
    r = board.match.result
    assert r is not None and r.reason == "agreement" and r.winner == Color.WHITE
    assert board.w["turn"].text == "White wins"


def test_resign_with_confirmation(board_app):
    app = board_app
    board = app.scene
    click_widget(app, board.w["resign"])
    click_widget(app, board.dialog.confirm_button)
    step(app, 2)
    assert board.match.result.winner == Color.WHITE and board.match.result.reason == "resign"


def test_right_click_and_escape_cancel_a_selection(board_app):
    app = board_app
    board = app.scene
    click_point(app, "c3")
    assert board.input.prefix == ("c3",)
    click(app, board.view.pixel_of("c3"), button=3)
    assert board.input.prefix == ()
    click_point(app, "c3")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    step(app, 2)
    assert board.input.prefix == () and app.scene is board


def test_computer_side_is_played_through_the_engine_hook():
    app = build(parse_args(["--game", "amoeba", "--white", "easy"]), fade=False)
    try:
        settle(app)
        board = app.scene
        calls = []

        class Engine(EngineProtocol):
            def start(self, game, level):
                calls.append((game.to_move, level))
                self.move = game.legal_strs()[0]

            def poll(self):
                return self.move

            def cancel(self):
                pass

            def close(self):
                pass
        board.computer.engine = Engine()
        click_point(app, "c3")
        click_point(app, "d4")
        for _ in range(30):
            step(app, 1, 0.1)
        assert calls == [(Color.WHITE, "easy")]
        assert len(board.match.history) == 2 and board.match.to_move == Color.BLACK
        click_widget(app, board.w["undo"])  # takes back the computer's move and the human's
        settle(app)
        assert board.match.history == []
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_board_scene_fits_the_window(size):
    app = build(parse_args(["--game", "amoeba", "--window", f"{size[0]}x{size[1]}", "--moves", "c3-c4 e3-d3"]),
                fade=False)
    try:
        settle(app)
        board = app.scene
        assert app.size == size
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(board.panel.rect) and not board.panel.rect.colliderect(board.board_rect)
        for key in ("undo", "redo", "resign", "offer", "new", "menu"):
            r = board.w[key].get_abs_rect()
            assert screen.contains(r) and board.panel.rect.contains(r)
        for lab in board.view.points():
            assert board.board_rect.collidepoint(board.view.pixel_of(lab))
        assert board.match.moves_text() == "1. c3-c4 e3-d3"
        assert board.decorations().last_move == ("e3", "d3")
    finally:
        app.close()


def test_hint_and_offer_to_the_computer_go_through_the_engine():
    from game.scenes.board import StubEngine
    app = build(parse_args(["--game", "amoeba", "--white", "medium"]), fade=False)
    try:
        settle(app)
        board = app.scene
        board.computer.engine = StubEngine(seed=5)
        click_widget(app, board.w["hint"])
        step(app, 2)
        hint = board.computer.hint
        assert hint in board.match.legal_strs() and f"Hint: {hint}" in board.panel.status
        deco = board.decorations()
        assert deco.arrows and deco.arrows[0][0] == hint[:2]
        # the offer is answered by the computer (White): counts are 11-11, a draw, so it accepts
        click_widget(app, board.w["offer"])
        step(app, 2)
        click_widget(app, board.dialog.confirm_button)   # the player confirms the offer first
        step(app, 2)
        r = board.match.result
        assert r is not None and r.reason == "agreement" and r.winner is None
        assert "accepts" in board.panel.status
    finally:
        app.close()


def test_worker_engine_sends_the_moves_and_reads_the_replies():
    from types import SimpleNamespace

    from game.scenes.board import WorkerEngine

    class FakeClient:
        def __init__(self):
            self.sent = []
            self.reply = None

        def request(self, **kw):
            self.sent.append(("move", kw))

        def answer_offer(self, **kw):
            self.sent.append(("offer", kw))

        def hint(self, **kw):
            self.sent.append(("hint", kw))

        def poll(self):
            r, self.reply = self.reply, None
            return r

        def cancel(self):
            pass

        def close(self):
            pass
    client = FakeClient()
    eng = WorkerEngine(client_factory=lambda: client)
    game = make_game("amoeba")
    game.push("c3-d4")
    game.push("e3-d3")
    eng.start(game, "hard")
    kind, kw = client.sent[-1]
    assert kind == "move" and kw["moves"] == ["c3-d4", "e3-d3"] and kw["level"] == "hard" and kw["setup"] is None
    assert eng.poll() is None
    client.reply = SimpleNamespace(request_id=kw["request_id"] - 1, ok=True, move="a1-b1", retrying=False)
    assert eng.poll() is None  # an old answer is ignored
    client.reply = SimpleNamespace(request_id=kw["request_id"], ok=True, move="c4-c3", retrying=False)
    assert eng.poll() == "c4-c3"
    eng.ask("offer", game, Color.WHITE)
    kind, kw = client.sent[-1]
    assert kind == "offer" and kw["computer"] == "white"
    client.reply = SimpleNamespace(request_id=kw["request_id"], ok=True, accept=False, retrying=False)
    assert eng.answer() == ("offer", False)
    loaded = Amoeba.from_position("d4: W,B,B; b3: Bk; f3: Wk", Color.BLACK)
    eng.start(loaded, "easy")
    # the set-up goes with the from_position options its text does not carry (none for Amoeba)
    assert client.sent[-1][1]["setup"] == {"position": loaded.position_text(), "to_move": "black", "options": {}}


def test_a_hovered_stacks_targets_show_on_occupied_points_too():
    # hovering d4 after c3-d4: its landings on empty points had dots, those on stacks (every
    # capture and merge among them) nothing, the dot hidden under the piece
    pygame.init()
    g = make_game("amoeba")
    g.push("c3-d4")
    g.push("e4-e3")
    inp = _input_for(g)
    view = inp.view
    view.layout(pygame.Rect(0, 0, 800, 700))
    inp.hover("d4")
    deco = Decorations()
    inp.decorate(deco)
    occupied = [lab for lab in deco.preview_targets if lab in g.stacks()]
    assert occupied, deco.preview_targets
    stacks = {lab: tuple(s) for lab, s in g.stacks().items()}

    def picture(d: Decorations) -> pygame.Surface:
        surf = pygame.Surface((800, 700))
        view.draw(surf, stacks, d)
        return surf

    shown, bare = picture(deco), picture(Decorations(selectable=deco.selectable))
    r = view.radius_px
    for lab in occupied:
        x, y = view.pixel_of(lab)
        ring = [(int(x + r * 1.2 * math.cos(a / 20 * math.tau)), int(y + r * 1.2 * math.sin(a / 20 * math.tau)))
                for a in range(20)]
        assert sum(shown.get_at(p) != bare.get_at(p) for p in ring) >= 6, lab     # (the stack hides its foot)
