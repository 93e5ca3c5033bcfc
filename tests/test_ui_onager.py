"""The Onager view and its click logic, and whole games played with the mouse (headless).

Positions are the worked examples of the spec (docs/rules/onager.md, section 8).
"""
from __future__ import annotations

import math
from functools import partial

import pygame
import pytest

from game.anim.moves import MoveAnimation
from game.app import App, build, parse_args
from game.match import Match
from game.rules import make_game
from game.rules.base import Color
from game.rules.onager import Onager
from game.scenes.board import BoardScene, StubEngine
from game.views import Decorations, input_for, view_for
from game.views.onager import LAKE_HINT, OnagerInput, OnagerView, describe_stack

from ui_helpers import move_mouse, settle, step
import ui_helpers as helpers

POS_8_5 = "b2: B; b3: B; b4: W; c3: B; d4: W; c5: B; d5: B; d6: W; Lakes: c4"
POS_8_6 = "f3: B; g2: B; h1: W; g1: B; f1: W; f4: B"
POS_8_7 = "k1: B; k3: W,B; a2: W; i1: W; j1: W; c4: B"


# ---------------------------------------------------------------- a person using the app (ui_helpers)
# here the mouse moves onto a cell in a frame of its own before it presses
click = partial(helpers.click, hover_first=True)
click_cell = partial(helpers.click_point, hover_first=True)


def play_clicks(app: App, *labels: str) -> None:
    for lab in labels:
        click_cell(app, lab)
    settle(app)


def open_position(app: App, text: str, to_move: Color) -> BoardScene:
    """Show a set-up position on the board (as loading a position would)."""
    scene = BoardScene(Match(Onager.from_position(text, to_move)))
    app.replace(scene)
    app.finish_transition()
    settle(app)
    return scene


@pytest.fixture
def app():
    yield from helpers.running_app("--game", "onager", "--window", "1280x800")


def fresh_input(game: Onager) -> OnagerInput:
    inp = input_for("onager", view_for("onager"))
    assert isinstance(inp, OnagerInput)
    inp.set_game(game)
    return inp


def all_clicked_moves(game: Onager) -> set[str]:
    """Every move text a person can produce by clicking (depth-first over the click tree)."""
    out: set[str] = set()
    inp = fresh_input(game)

    def walk(prefix: tuple[str, ...]) -> None:
        for lab in sorted(inp.targets(prefix)):
            inp.set_game(game)
            for x in prefix:
                assert inp.click(x).move is None
            res = inp.click(lab)
            if res.move:
                out.add(res.move)
            else:
                assert inp.prefix == prefix + (lab,)
                walk(inp.prefix)

    for start in sorted(inp.starts()):
        walk((start,))
    return out


# ---------------------------------------------------------------- geometry
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_cells_round_trip_and_the_whole_hexagon_is_clickable(size):
    view = OnagerView()
    rect = pygame.Rect(0, 0, int(size[0] * 0.7), size[1])
    view.layout(rect)
    labels = list(view.points())
    assert len(labels) == 91
    rc = view.cell_px
    for lab in labels:
        x, y = view.pixel_of(lab)
        assert rect.collidepoint(x, y)
        assert view.label_at((x, y)) == lab
        # near each corner of the hexagon (pointy top) the click still finds this cell
        for k in range(6):
            a = math.radians(90 + 60 * k)
            assert view.label_at((x + 0.8 * rc * math.cos(a), y - 0.8 * rc * math.sin(a))) == lab
    assert view.label_at(rect.topleft) is None
    # neighbours one spacing apart in all three axes: the board is not squashed
    f6, f7, g6 = (view.pixel_of(x) for x in ("f6", "f7", "g6"))
    assert abs(math.dist(f6, f7) - math.dist(f6, g6)) < 2
    assert view.pixel_of("a1")[1] > view.pixel_of("k1")[1]   # Black's row a at the bottom
    assert view.pixel_of("f1")[0] < view.pixel_of("f11")[0]  # numbers grow eastwards


def test_board_and_pieces_render_with_a_tall_stack_and_lakes():
    view = OnagerView()
    surf = pygame.Surface((900, 800), pygame.SRCALPHA)
    view.layout(surf.get_rect())
    game = Onager.from_position("d5: W,B,W,B,W,B; c3: B; Lakes: e4 g7", Color.BLACK)
    view.draw(surf, game.stacks(), Decorations(threats=["c3"], result=["d5"], last_move=("c3",)))
    # the lake cell is water (blue) and the centre carries the brass mark
    x, y = view.pixel_of("e4")
    r, g, b, _ = surf.get_at((int(x - view.cell_px * 0.6), int(y)))
    assert b > r and b > 90
    thumb = view.thumbnail((240, 200), game.stacks())
    assert thumb.get_size() == (240, 200)


# ---------------------------------------------------------------- click logic
def test_setup_one_click_places_a_lake_and_the_centre_is_refused():
    game = make_game("onager")
    inp = fresh_input(game)
    assert len(inp.starts()) == 64 and "f6" not in inp.starts()
    assert inp.idle_message().startswith(LAKE_HINT)
    res = inp.click("f6")
    assert res.move is None and "centre" in res.message and LAKE_HINT in res.message
    res = inp.click("b3")
    assert res.move is None and "already holds a disc" in res.message
    inp.hover("e5")
    deco = Decorations()
    inp.decorate(deco)
    assert deco.ghosts == [("e5", ("L",))] and len(deco.preview_targets) == 64
    assert inp.click("e5").move == "e5"
    game.push("e5")
    inp.set_game(game)
    assert "already holds a lake" in inp.click("e5").message


def test_selecting_a_piece_shows_walks_and_first_jump_landings():
    game = Onager.from_position(POS_8_5, Color.BLACK)
    inp = fresh_input(game)
    assert inp.click("b2").move is None
    deco = Decorations()
    inp.decorate(deco)
    assert deco.selected == "b2"
    walks = {lab for lab, k in deco.targets.items() if k == "walk"}
    onto = {lab for lab, k in deco.targets.items() if k == "stack"}
    assert walks == set(game.walk_targets("b2")) == {"a1", "a2", "b1", "c2"}
    assert onto == set(game.chain_steps("b2", [])) == {"b4", "d4"}
    assert inp.after_select_message() == "b2 selected: step to any green cell, or jump onto White at any orange cell."


def test_a_chain_stays_open_on_an_enemy_piece_and_ends_when_clicked_again():
    game = Onager.from_position(POS_8_5, Color.BLACK)
    inp = fresh_input(game)
    inp.click("b2")
    res = inp.click("b4")                    # onto the white b4: the chain may go on to d6
    assert res.move is None and inp.prefix == ("b2", "b4") and inp.can_end()
    deco = Decorations()
    inp.decorate(deco)
    assert deco.targets == {"d6": "stack", "b4": "end"}
    assert deco.hidden == {"b2": 1} and deco.path == ("b2", "b4")
    assert "click b4 again" in inp.after_select_message()
    assert inp.click("d6").move is None      # d6 is white too, and d4 is one more jump away
    assert inp.targets() == {"d4": "stack", "d6": "end"}
    res = inp.click("d6")                    # the disc again: stop here
    assert res.move == "b2-b4-d6" and inp.prefix == ()
    assert game.parse_path(res.move) == (game.parse_move("b2-d6"), ["b2", "b4", "d6"])
    # the end_move hook does the same as the click
    inp.click("b2")
    inp.click("d4")
    assert inp.end_move().move == "b2-d4" and not inp.can_end()


def test_every_legal_move_is_reachable_by_clicks_and_nothing_else():
    setup = make_game("onager")
    after_lakes = make_game("onager")
    for lake in ("c3", "f9", "h5"):
        after_lakes.push(lake)
    for game in (setup, after_lakes, Onager.from_position(POS_8_5, Color.BLACK),
                 Onager.from_position(POS_8_6, Color.BLACK), Onager.from_position(POS_8_7, Color.WHITE)):
        if game.in_setup:
            inp = fresh_input(game)
            clicked = {inp.click(lab).move for lab in sorted(inp.starts())}
        else:
            clicked = all_clicked_moves(game)
        made = {game.move_str(game.parse_move(t)) for t in clicked}
        assert made == set(game.legal_strs())
        # and each option's advertised clicks make exactly its move
        inp = fresh_input(game)
        for opt in inp.options:
            inp.set_game(game)
            results = [inp.click(lab) for lab in opt.clicks]
            assert all(r.move is None for r in results[:-1])
            assert game.move_str(game.parse_move(results[-1].move)) == opt.text


def test_illegal_clicks_explain_why_and_never_raise():
    game = Onager.from_position(POS_8_5, Color.BLACK)
    inp = fresh_input(game)
    assert "empty" in inp.click("e5").message
    assert "White's" in inp.click("b4").message
    assert "lake" in inp.click("c4").message
    inp.click("b2")
    res = inp.click("f6")
    assert res.move is None and not res.changed and "not a target" in res.message and inp.prefix == ("b2",)
    assert inp.click("c3").move is None and inp.prefix == ("c3",)  # another own piece: switch to it
    inp.set_game(game)
    inp.click("b2")
    inp.click("b4")
    res = inp.click("a1")
    assert res.move is None and "b4" in res.message and inp.prefix == ("b2", "b4")
    assert inp.click("zz9").move is None
    assert inp.click(None).message == "Selection cleared."
    assert inp.click("b2").move is None and inp.prefix == ("b2",)
    assert inp.click("b2").message == "Selection cleared." and inp.prefix == ()


def test_stack_tooltip_lists_the_discs_bottom_to_top():
    text = describe_stack("d4", ("W", "B", "W"))
    assert text == "d4: 3 discs (2 White, 1 Black), only the top one moves.\nBottom to top: White, Black, White."   # (issue 24: the card)
    assert "counts for Black" in describe_stack("k3", ("W", "B"))
    assert "lake" in describe_stack("c3", ("L",))
    game = Onager.from_position("d4: W,B,W; k3: W,B", Color.WHITE)
    assert fresh_input(game).describe("d4").startswith("d4: 3 discs")


# ---------------------------------------------------------------- animation
def test_chain_animation_follows_the_chosen_hops_with_one_disc():
    game = Onager.from_position(POS_8_5, Color.BLACK)
    view = OnagerView()
    view.layout(pygame.Rect(0, 0, 900, 800))
    move, path = game.parse_path("b2-b4-d6")
    anim = MoveAnimation(view, game.stacks(), game.motions(move, path), speed=1.0)
    assert anim.hidden == {"b2": 1}          # the white discs on b4 and d6 stay visible
    assert len(anim.sprites) == 1
    sp = anim.sprites[0]
    assert [s.b for s in sp.segments] == ["b4", "d6"]
    assert sp.segments[0].level_b == 1       # lands on top of the white disc


def test_chain_motions_follow_the_chosen_path():
    game = Onager.from_position(POS_8_5, Color.BLACK)
    move, path = game.parse_path("b2-d4-d6")
    motions = game.motions(move, path)
    assert [(m.kind, m.src, m.dst, m.via) for m in motions] == [("jump", "b2", "d4", ("c3",)),
                                                                ("jump", "d4", "d6", ("d5",))]


# ---------------------------------------------------------------- whole games with the mouse
def test_three_lakes_then_a_walk_and_a_single_jump_by_clicks(app):
    board = app.scene
    assert board.match.name == "onager" and isinstance(board.view, OnagerView)
    assert board.view.note == LAKE_HINT         # the setup hint is shown on the board
    move_mouse(app, board.view.pixel_of("c3"))
    deco = board.decorations()
    assert deco.ghosts == [("c3", ("L",))] and "f6" not in deco.preview_targets
    click_cell(app, "f6")                        # the centre: refused, explained, nothing changes
    assert "centre" in board.panel.status and board.match.history == []
    play_clicks(app, "c3")
    assert board.match.game.stacks()["c3"] == ("L",)
    play_clicks(app, "f9")                       # White's lake
    play_clicks(app, "h5")                       # Black's second lake, then Black moves first
    assert board.match.moves_text() == "Lakes: c3 f9 h5"      # the lakes are one row, by colour
    assert board.view.note == "" and not board.match.game.in_setup
    assert board.w["turn"].text == "Black to move"
    assert len(board.input.options) == 22        # spec 8.1
    # a walk
    play_clicks(app, "b3", "c4")
    # White walks too
    play_clicks(app, "j3", "i3")
    # a single jump onto an empty cell ends the move at once
    click_cell(app, "a2")
    targets = board.decorations().targets
    assert targets.get("c2") == "jump"
    move_mouse(app, board.view.pixel_of("c2"))
    assert board.decorations().tags == {"c2": "Jump (ends the move)"}
    click_cell(app, "c2")
    assert board.anim is not None                # animated...
    settle(app)
    assert board.match.moves_text() == "Lakes: c3 f9 h5 1. b3-c4 j3-i3 2. a2-c2"
    assert board.match.game.stacks()["c2"] == ("B",) and "a2" not in board.match.game.stacks()
    assert board.decorations().last_move == ("a2", "c2")
    assert board.w["count_b"].text == "Black  0"


def test_a_chain_by_clicking_each_landing(app):
    board = open_position(app, POS_8_6, Color.BLACK)
    click_cell(app, "f3")
    assert set(board.decorations().targets) == {"e2", "e3", "f2", "g3", "f5", "h1"}
    click_cell(app, "h1")                        # onto White: the move stays open
    assert board.input.prefix == ("f3", "h1") and board.match.history == []
    assert "click h1 again" in board.panel.default_status()
    deco = board.decorations()
    assert deco.targets == {"f1": "stack", "h1": "end"} and deco.hidden == {"f3": 1}
    click_cell(app, "f1")                        # onto White again
    assert board.decorations().targets == {"f7": "jump", "f1": "end"}
    click_cell(app, "f7")                        # onto an empty cell: the move ends there
    settle(app)
    m = board.match
    assert m.moves_text() == "1. f3-f7"
    assert m.game.stacks()["f7"] == ("B",) and m.game.stacks()["h1"] == ("W",)
    assert board.decorations().last_move == ("f3", "h1", "f1", "f7")
    assert board.w["turn"].text == "White to move"


def test_ending_a_chain_by_clicking_the_disc_again(app):
    board = open_position(app, POS_8_5, Color.BLACK)
    click_cell(app, "b2")
    click_cell(app, "b4")
    click_cell(app, "d6")
    assert board.input.prefix == ("b2", "b4", "d6")
    move_mouse(app, board.view.pixel_of("d6"))
    assert board.decorations().tags == {"d6": "Click to end the move here"}
    click_cell(app, "d6")
    settle(app)
    assert board.match.moves_text() == "1. b2-d6"
    assert board.match.game.stacks()["d6"] == ("W", "B")
    # Undo and Redo with the buttons
    click(app, board.w["undo"].get_abs_rect().center)
    settle(app)
    assert board.match.history == [] and board.match.game.stacks()["b2"] == ("B",)
    click(app, board.w["redo"].get_abs_rect().center)
    settle(app)
    assert board.match.moves_text() == "1. b2-d6"


def test_illegal_click_in_play_gives_a_message_and_changes_nothing(app):
    board = open_position(app, POS_8_5, Color.BLACK)
    before = board.match.game.stacks()
    click_cell(app, "d5")
    click_cell(app, "e7")
    assert "not a target" in board.panel.status and board.panel.status_kind == "warn"
    assert board.input.prefix == ("d5",) and board.match.history == []
    click(app, board.view.pixel_of("d5"), button=3)    # right click cancels
    assert board.input.prefix == ()
    click_cell(app, "d6")
    assert "White's" in board.panel.status and board.match.game.stacks() == before


def test_back_row_lead_is_marked_and_the_win_highlights_the_counted_cells(app):
    board = open_position(app, POS_8_7, Color.WHITE)  # Black leads 2 to 1, White to move
    assert board.decorations().threats == ["k1", "k3"]
    assert "k1, k3" in board.w["status"].html_text
    assert board.w["count_b"].text == "Black  2" and board.w["count_w"].text == "White  1"
    play_clicks(app, "a2", "a1")                      # does not answer the threat
    m = board.match
    assert m.is_over and m.result.winner == Color.BLACK and m.result.reason == "back-row-majority"
    assert board.w["turn"].text == "Black wins"
    assert board.decorations().result == ["a1", "k1", "k3"]
    click_cell(app, "k1")
    assert "over" in board.panel.status


def test_answering_the_threat_keeps_the_game_going(app):
    board = open_position(app, POS_8_7, Color.WHITE)
    play_clicks(app, "i1", "k1")                      # jump over j1 onto the black k1: 1 to 1
    assert not board.match.is_over and board.decorations().threats == []
    assert board.match.game.stacks()["k1"] == ("B", "W")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_board_scene_fits_the_window(size, tmp_path):
    a = build(parse_args(["--game", "onager", "--window", f"{size[0]}x{size[1]}",
                          "--moves", "c3 f9 h5 b3-c4"]), fade=False)
    try:
        settle(a)
        board = a.scene
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(board.panel.rect) and not board.panel.rect.colliderect(board.board_rect)
        for lab in board.view.points():
            assert board.board_rect.collidepoint(board.view.pixel_of(lab))
        assert board.match.moves_text() == "Lakes: c3 f9 h5 1. b3-c4"
        click_cell(a, "j3")
        step(a, 3)
        pygame.image.save(a.screen, str(tmp_path / "onager.png"))
        assert (tmp_path / "onager.png").stat().st_size > 10_000
    finally:
        a.close()


def test_random_clicks_never_break_the_board(app):
    """A seeded monkey: clicks anywhere (mostly on cells), right clicks, hovering; every frame draws."""
    import random
    rng = random.Random(7)
    board = app.scene
    labels = list(board.view.points())
    for i in range(110):
        if board.match.is_over:
            break
        if rng.random() < 0.85:
            # prefer what the player is offered, like a person would
            offered = list(board.input.targets()) or list(board.input.starts()) or labels
            lab = rng.choice(offered if rng.random() < 0.8 else labels)
            click_cell(app, lab)
        else:
            r = board.board_rect
            click(app, (rng.randint(r.x, r.right - 1), rng.randint(r.y, r.bottom - 1)), rng.choice((1, 3)))
        if i % 10 == 0:
            settle(app)
    settle(app)
    replay = make_game("onager")
    for pm in board.match.history:
        replay.push(pm.text)
    assert replay.stacks() == board.match.game.stacks()
    assert len(board.match.history) > 10


def test_undo_in_an_open_chain_takes_back_its_last_landing(app):
    # Undo mid-chain threw the open chain away and took back the moves before it too: it takes
    # back the chain's last landing (as Backspace does); a piece only selected is no move made
    board = open_position(app, POS_8_5, Color.BLACK)
    play_clicks(app, "b2", "b4")                 # a move first (onto White: it stays open)
    click_cell(app, "d6")
    assert board.input.prefix == ("b2", "b4", "d6")
    click_cell(app, "d6")                        # ends there
    settle(app)
    played = board.match.moves_text()
    white = [m for m in board.match.legal_strs()][0]
    board.play_move(white)
    settle(app)
    before = board.match.moves_text()
    chain = next(o for o in board.input.options if len(o.clicks) >= 3)
    for lab in chain.clicks[:2]:
        click_cell(app, lab)
    assert board.input.prefix == tuple(chain.clicks[:2])
    click(app, board.w["undo"].get_abs_rect().center)
    step(app, 2)
    assert board.input.prefix == tuple(chain.clicks[:1]) and board.match.moves_text() == before
    click(app, board.w["undo"].get_abs_rect().center)          # the piece only selected: a move goes
    settle(app)
    assert board.input.prefix == () and board.match.moves_text() == played


def test_a_hint_asked_in_an_open_chain_is_marked_on_the_board(app):
    # 'Hint: c5-g8 (marked on the board)' with the chain open showed no mark: the half-made
    # move hid the hint's marks; the hint now clears it
    board = open_position(app, POS_8_5, Color.BLACK)
    click_cell(app, "b2")
    click_cell(app, "b4")
    assert board.input.prefix == ("b2", "b4")
    board.computer.hint = None
    board.computer.engine = StubEngine()
    board.request_hint()
    settle(app)
    assert board.computer.hint is not None and "marked on the board" in board.panel.status
    assert board.input.prefix == () and "Hint" in board.decorations().tags.values()
