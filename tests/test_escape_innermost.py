"""Escape closes the innermost thing on a board, Tab goes on past the result card, and an empty
move box that has the keyboard lets the browsing keys browse.

* Escape on the result card (the ring on one of its buttons, or nowhere) closes the card as its
  × does, and only a later Escape leaves the board; on a review's strip it closes the strip as
  its Close does; with a review running, the card and the strip open, each Escape closes one
  of them, innermost first (the running review stops first: "Review stopped.").
* Tab on the result card goes through its buttons and its ×, then on to the rest of the board
  (the move box, the toolbar, Undo…), as Shift+Tab does the other way.
* After a move typed in the move box the box keeps the keyboard; while it is empty Left /
  Right / Home / End browse the moves as they do without it; with text in it they are its own.

Each test presses keys through the app's frames (tests/ui_helpers.py), as a player does.
"""
from __future__ import annotations

import pygame
import pytest

from game.scenes.board import StubEngine
from ui_helpers import board, click_widget, key, make_app, settle, step, tab_to, type_move

QUIET = "e5 f6 g7 h8 d4 c3 e4 f4"          # an Onyx opening of eight plies (tests/test_review_ui.py)


@pytest.fixture(autouse=True)
def _tiny_budget(monkeypatch):
    monkeypatch.setattr(StubEngine, "review_iterations", 30)


def over_board(*extra: str):
    """(app, board): an Onyx game of ``QUIET`` that ended by resignation, its result card open,
    over the menu."""
    app = make_app("--scene", "gameover:onyx", "--moves", QUIET, *extra)
    settle(app)
    sc = board(app)
    assert sc.match.is_over and sc.banner.shown()
    return app, sc


def escape(app) -> None:
    key(app, pygame.K_ESCAPE)
    settle(app, 10)


def on_menu(app) -> bool:
    return type(app.scene).__name__ == "MenuScene"


def review_to_the_end(app, sc) -> None:
    click_widget(app, sc.toolbar.buttons["review"], check="enabled")
    settle(app, 400, dt=1 / 60, until=lambda: not sc.review.running, fail="the review did not finish")
    assert sc.review.state == "done" and sc.review.shown


# ---------------------------------------------------------------- Escape: the result card
@pytest.mark.parametrize("ring", ["on the card", "nowhere"])
def test_escape_closes_the_result_card_before_it_leaves_the_board(ring):
    app, sc = over_board()
    try:
        if ring == "on the card":
            tab_to(app, sc.w["banner:new"])
        escape(app)
        assert app.scene is sc and not sc.leaving              # still on the board
        assert not sc.banner.shown() and sc.banner.closed()   # closed as its × closes it
        assert not [k for k in sc.w if k.startswith("banner:")]
        assert sc.panel.current_actions() == [("Show the result", "__result__")]
        escape(app)
        assert on_menu(app)                                    # nothing open: Escape leaves
    finally:
        app.close()


# ---------------------------------------------------------------- Escape: the review's strip
def test_escape_closes_the_review_strip_before_it_leaves_the_board():
    app = make_app("--game", "onyx", "--moves", QUIET)
    try:
        settle(app)
        sc = board(app)
        full = sc.board_rect.copy()
        review_to_the_end(app, sc)
        tab_to(app, sc.review.buttons["jump"])
        key(app, pygame.K_RETURN)                              # Jump to it
        settle(app, 20)
        assert sc.browse_ply is not None and sc.review.shown
        escape(app)
        assert app.scene is sc and not sc.leaving
        assert not sc.review.shown and sc.review.strip_rect is None and sc.board_rect == full
        escape(app)
        assert on_menu(app)
    finally:
        app.close()


def test_escape_while_the_review_runs_stops_it_and_then_closes_one_thing_a_press():
    app, sc = over_board()
    try:
        rv = sc.review
        click_widget(app, sc.toolbar.buttons["review"], check="enabled")   # the card stays open
        step(app, 3)
        assert rv.running and rv.shown and sc.banner.shown()
        escape(app)                                            # 1: the running review stops
        assert app.scene is sc and not rv.running and rv.state == "stopped"
        assert "Review stopped." in sc.panel.status
        assert rv.shown and rv.plies and sc.banner.shown()     # (what it judged stays shown)
        escape(app)                                            # 2: the result card
        assert app.scene is sc and not sc.banner.shown() and rv.shown
        escape(app)                                            # 3: the review's strip
        assert app.scene is sc and not rv.shown and not sc.leaving
        escape(app)                                            # 4: nothing open: the menu
        assert on_menu(app)
    finally:
        app.close()


# ---------------------------------------------------------------- Tab past the result card
def test_tab_goes_on_from_the_result_card_to_the_rest_of_the_board():
    app, sc = over_board()
    try:
        card = {k: el for k, el in sc.w.items() if k.startswith("banner:")}
        assert set(card) == {"banner:close", "banner:review", "banner:analyse", "banner:new", "banner:rematch"}
        ring = app.focusables()
        tab_to(app, sc.w["banner:review"])
        seen = []
        for _ in range(len(ring)):
            key(app, pygame.K_TAB)
            seen.append(app.focus)
        # once round the whole ring, the card's buttons and × among it, each once
        assert all(any(el is s for s in seen) for el in ring), "Tab did not reach every widget"
        assert sum(1 for s in seen if any(s is el for el in card.values())) == len(card)
        assert app.focus is sc.w["banner:review"]
        assert sc.w["movebox"] in seen and sc.toolbar.buttons["first"] in seen and sc.w["menu"] in seen
        # backwards too
        back = []
        for _ in range(len(ring)):
            key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
            back.append(app.focus)
        assert all(any(el is s for s in back) for el in ring)
    finally:
        app.close()


# ---------------------------------------------------------------- browsing from an empty move box
@pytest.mark.parametrize("scene", ["board", "analysis"])
def test_an_empty_move_box_lets_the_browsing_keys_browse(scene):
    args = ("--scene", "analysis:onyx") if scene == "analysis" else ("--game", "onyx")
    app = make_app(*args)
    try:
        settle(app)
        sc = board(app)
        box = sc.w["movebox"]
        for mv in ("e5", "f6", "g7"):
            type_move(app, mv)
            settle(app)
        assert len(sc.match.line()) == 3 and sc.match.node is sc.match.line()[-1]
        assert box.is_focused and box.get_text() == ""         # the box keeps the keyboard
        line = sc.match.line()

        def shown():
            return sc.match.node

        key(app, pygame.K_LEFT)
        settle(app)
        assert shown() is line[1]                              # one move back
        key(app, pygame.K_HOME)
        settle(app)
        assert shown() is sc.match.tree.root                   # the start
        key(app, pygame.K_RIGHT)
        settle(app)
        assert shown() is line[0]                              # one move forward
        key(app, pygame.K_END)
        settle(app)
        assert shown() is line[2]                              # back to the game
        assert box.is_focused and app.scene is sc              # the box kept the keyboard throughout
        # with text in the box the keys are the box's: the board stays where it is
        type_keys = [("h", pygame.K_h), ("8", pygame.K_8)]
        for ch, k in type_keys:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0))
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=ch, scancode=0))
            step(app, 1)
        assert box.get_text() == "h8"
        for k in (pygame.K_LEFT, pygame.K_HOME, pygame.K_END, pygame.K_RIGHT):
            key(app, k)
            settle(app)
            assert shown() is line[2] and box.is_focused and box.get_text() == "h8"
    finally:
        app.close()
