"""What a player does while a move animates is not lost.

* a click on the board while the computer's move lands finishes the animation and is the click
  it was: the piece under it is picked (it only finished the animation, and a player who clicked
  within the 0.7 s of a move saw nothing happen);
* a new layout while a move animates (a resize, full screen) shows the panel of the game as it
  stands: the panel waits for a move's landing, and one built anew was blank (no turn, no
  players, "No moves yet.", every button off) until the computer's next move.

Headless, stepped frames, the in-process ``StubEngine``.
"""
from __future__ import annotations

from game.rules.base import Color
from game.scenes.settings import toggle_fullscreen

import ui_helpers as helpers
from ui_helpers import board, click, step, wait_until


def test_a_click_as_the_computers_move_lands_picks_the_piece():
    app = helpers.make_app("--game", "amoeba", "--white", "easy", "--window", "1280x800")
    try:
        helpers.settle(app)
        sc = board(app)
        assert sc.board_move("b3-c3")
        # the computer answers; catch its move while it animates
        wait_until(app, lambda: sc.anim is not None and sc.match.to_move == Color.BLACK and len(sc.match.history) == 2)
        assert sc.anim is not None
        click(app, sc.view.pixel_of("a1"), frames=1)
        assert sc.anim is None
        assert sc.input.prefix == ("a1",), "the click only finished the animation"
    finally:
        app.close()


def _mid_animation(app):
    sc = board(app)
    assert sc.board_move("b3-c3")
    step(app, 2)
    assert sc.anim is not None
    return sc


def test_a_resize_while_a_move_animates_shows_the_game_as_it_stands():
    app = helpers.make_app("--game", "amoeba", "--window", "1280x800")
    try:
        helpers.settle(app)
        sc = _mid_animation(app)
        app.resize((1024, 700))
        step(app, 1)
        assert sc.w["turn"].text == "White to move"
        assert sc.w["players"].text.startswith("Black: Human")
        assert sc.w["undo"].is_enabled
        assert "b3-c3" in sc.w["moves"].records
    finally:
        app.close()


def test_full_screen_while_a_move_animates_shows_the_game_as_it_stands():
    app = helpers.make_app("--game", "amoeba", "--window", "1280x800")
    try:
        helpers.settle(app)
        sc = _mid_animation(app)
        toggle_fullscreen(app)
        step(app, 1)
        assert sc.w["turn"].text == "White to move" and sc.w["players"].text
    finally:
        app.close()


def test_after_a_resize_the_hover_follows_the_board_under_the_still_pointer():
    # the ring of the point hovered before stayed where the point no longer was
    app = helpers.make_app("--game", "amoeba", "--window", "1280x800")
    try:
        helpers.settle(app)
        sc = board(app)
        pos = sc.view.pixel_of("c3")
        helpers.move_mouse(app, pos)
        assert sc.board.hover_label == "c3"
        app.resize((1024, 640))
        step(app, 1)
        assert sc.board.hover_label == sc.view.label_at(pos)
        assert sc.board.hover_label != "c3"
    finally:
        app.close()
