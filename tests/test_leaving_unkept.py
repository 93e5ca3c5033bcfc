"""Leaving a board never loses work without a question, whatever way out the player takes.

* a game board keeps its game among the unfinished games; when that cannot be written (a full
  disk, a folder the player may not write) the "Not saved" card says so, the board no longer
  says "Your game is kept", and Menu, New game and the window's close button ask "Save the game
  first?" (Save…, Leave without saving, Stay);
* the analysis board asks the same before the window closes as before Menu (its added moves are
  kept by no file); closing the window again while it asks quits.

Headless, stepped frames, the in-process ``StubEngine``.
"""
from __future__ import annotations

import pygame

from game.scenes import files
from game.scenes.board.analysis import AnalysisScene
from game.scenes.board.leaving import LEAVE
from game.scenes.menu import MenuScene
from game.storage import unfinished_dir
from game.writer import writer

import ui_helpers as helpers
from ui_helpers import board, click_widget, key, step


def settle(app) -> None:
    helpers.settle(app, 60)


def _blocked_game(*moves: str):
    """A game board whose autosave cannot write (a file where its folder should be)."""
    folder = unfinished_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("in the way", encoding="utf-8")
    app = helpers.make_app("--game", "onyx", "--window", "1280x800")
    settle(app)
    sc = board(app)
    sc.computer.cancel()
    for mv in moves:
        assert sc.board_move(mv)
        settle(app)
    writer().flush()
    step(app, 3)
    if app.not_saved.open:
        key(app, pygame.K_ESCAPE)           # the "Not saved" card said it: closed
        step(app, 2)
    return app, sc


def _quit_event(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app, 2)


def test_a_game_that_cannot_be_written_asks_before_menu_and_stay_keeps_it():
    app, sc = _blocked_game("e5", "k5")
    try:
        assert sc.saver.writing_fails() and sc.saver.kept_text() == ""      # "kept" would be a lie
        click_widget(app, sc.w["menu"])
        step(app, 2)
        assert app.scene is sc and sc.dialog_kind == LEAVE
        assert "could not be written" in sc.dialog.text
        key(app, pygame.K_ESCAPE)                        # Stay
        settle(app)
        assert app.scene is sc and sc.dialog is None and len(sc.match.history) == 2
    finally:
        app.close()


def test_leave_without_saving_goes_and_save_keeps_the_game_elsewhere(tmp_path):
    app, sc = _blocked_game("e5", "k5")
    try:
        click_widget(app, sc.w["new"])                   # New game asks too
        step(app, 2)
        assert sc.dialog_kind == LEAVE
        click_widget(app, sc.dialog.other_button)        # Leave without saving
        settle(app)
        assert app.scene is not sc
    finally:
        app.close()
    app, sc = _blocked_game("e5", "k5")
    try:
        click_widget(app, sc.w["menu"])
        step(app, 2)
        assert sc.dialog_kind == LEAVE
        click_widget(app, sc.dialog.confirm_button)      # Save…: the library, then the board goes
        step(app, 3)
        assert sc.dialog_kind == "save"
        assert files.save_to(sc, tmp_path / "kept.txt")
        sc.close_dialog()
        settle(app)
        assert (tmp_path / "kept.txt").exists()
        assert isinstance(app.scene, MenuScene)
    finally:
        app.close()


def test_closing_the_window_over_a_game_that_cannot_be_written_asks_and_again_quits():
    app, sc = _blocked_game("e5", "k5")
    try:
        _quit_event(app)
        assert app.running and sc.dialog_kind == LEAVE
        _quit_event(app)                                  # the close button again: it quits
        assert not app.running
    finally:
        app.close()


def test_a_game_that_is_written_leaves_and_quits_without_a_question():
    app = helpers.make_app("--game", "onyx", "--window", "1280x800")
    try:
        settle(app)
        sc = board(app)
        sc.computer.cancel()
        assert sc.board_move("e5")
        settle(app)
        writer().flush()
        step(app, 2)
        assert not sc.saver.writing_fails() and sc.saver.kept_text()
        _quit_event(app)
        assert not app.running and sc.dialog is None
    finally:
        app.close()


def test_closing_the_window_over_the_analysis_board_asks_for_the_moves_added():
    app = helpers.make_app("--scene", "analysis:onyx", "--window", "1280x800")
    try:
        settle(app)
        sc = app.scene
        assert isinstance(sc, AnalysisScene)
        _quit_event(app)                                  # nothing added: it quits
        assert not app.running
    finally:
        app.close()
    app = helpers.make_app("--scene", "analysis:onyx", "--window", "1280x800")
    try:
        settle(app)
        sc = app.scene
        assert sc.board_move("e5")
        settle(app)
        _quit_event(app)
        assert app.running and sc.dialog_kind == LEAVE and "Save the analysis first?" in sc.dialog.title
        key(app, pygame.K_ESCAPE)                         # Stay
        settle(app)
        assert app.running and app.scene is sc and sc.dialog is None
    finally:
        app.close()
