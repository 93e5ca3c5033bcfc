"""The analysis board's leaving, its review and its one Flip (``game/scenes/board/analysis.py``):

* leaving with work not saved (moves added since the board opened or was saved) asks first:
  "Save the analysis first?" with Save…, Leave without saving and Stay, by the keyboard too;
  nothing added, or saved since, leaves at once;
* the review's strip stands in the engine panel's place: the panel, its marks and its lines
  go while the strip shows (the engine rests), the graph takes clicks, 'Better' is the only
  move recommended; closing the strip brings the panel back; no "Analyse" in the strip here;
* one Flip: the toolbar's (and Ctrl+F), not a second button of the board's own.

Headless, stepped frames, the in-process ``StubEngine`` with tiny budgets.
"""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.rules import game_class
from game.rules.base import Color
from game.rules.record import record_from_game
from game.scenes.board import StubEngine
from game.scenes.board.analysis import AnalysisScene
from game.scenes.board.leaving import LEAVE
from game.scenes.menu import MenuScene
from game.ui import keys as keys_ui

import ui_helpers as helpers
from ui_helpers import click, click_widget, key, step

ONYX_CHAIN = ("Black: " + " ".join(f"e{i}" for i in range(1, 12))
              + "; White: d12 f12 h3 h4 h5 h6 h7 h8 h9 i9 j9")


@pytest.fixture(autouse=True)
def _tiny_budgets(monkeypatch):
    monkeypatch.setattr(StubEngine, "analyse_iterations", 40)
    monkeypatch.setattr(StubEngine, "review_iterations", 30)


def settle(app) -> None:
    helpers.settle(app, 60)


def analysis_app(*args: str, size: str = "1280x800"):
    app = helpers.make_app("--scene", "analysis:onyx", *args, "--window", size)
    settle(app)
    assert isinstance(app.scene, AnalysisScene)
    return app


def add_moves(app, sc: AnalysisScene, *moves: str) -> None:
    for mv in moves:
        assert sc.board_move(mv)
        settle(app)


# ------------------------------------------------------------------ leaving
def test_escape_with_moves_added_asks_and_stay_keeps_them():
    app = analysis_app()
    try:
        sc = app.scene
        add_moves(app, sc, "e5", "k5")
        key(app, pygame.K_LEFT)
        add_moves(app, sc, "h8")                        # a variation
        nodes = sum(1 for _ in sc.match.tree.nodes())
        key(app, pygame.K_ESCAPE)
        settle(app)
        assert app.scene is sc and sc.dialog_kind == LEAVE      # asked, not gone
        card = sc.dialog
        assert card.title == "Save the analysis first?"
        assert [card.confirm_button.text, card.cancel_button.text, card.other_button.text] == \
            ["Save…", "Stay", "Leave without saving"]
        assert card.fits
        # the keyboard: the ring starts on Save… (Enter), Tab goes through the three answers
        ring = []
        for _ in range(3):
            key(app, pygame.K_TAB)
            ring.append(app.focus)
        assert {id(b) for b in ring} == {id(card.confirm_button), id(card.cancel_button), id(card.other_button)}
        key(app, pygame.K_ESCAPE)                       # Escape: Stay
        settle(app)
        assert app.scene is sc and sc.dialog is None and not sc.leaving
        assert sum(1 for _ in sc.match.tree.nodes()) == nodes
        # the board goes on as before: the engine thinks again about the position shown
        for _ in range(30):
            step(app)
            if sc._an_final:
                break
        assert sc._an_final and sc.engine_lines()
        # Menu asks too; Stay's button keeps the board
        click_widget(app, sc.w["menu"], check="enabled")
        settle(app)
        assert sc.dialog_kind == LEAVE
        click_widget(app, sc.dialog.cancel_button)
        settle(app)
        assert app.scene is sc and sc.dialog is None
        # Leave without saving: gone, to the menu
        key(app, pygame.K_ESCAPE)
        settle(app)
        click_widget(app, sc.dialog.other_button)
        settle(app)
        assert isinstance(app.scene, MenuScene)
    finally:
        app.close()


def test_new_game_with_moves_added_asks_first():
    app = analysis_app()
    try:
        sc = app.scene
        add_moves(app, sc, "e5")
        click_widget(app, sc.w["new"], check="enabled")
        settle(app)
        assert app.scene is sc and sc.dialog_kind == LEAVE
        click_widget(app, sc.dialog.other_button)
        settle(app)
        assert type(app.scene).__name__ == "NewGameScene"
    finally:
        app.close()


@pytest.mark.parametrize("how", ["command line moves", "a game's copy"])
def test_nothing_added_leaves_at_once(how):
    if how == "command line moves":
        app = analysis_app("--moves", "e5 k5 h8")
    else:
        app = helpers.make_app("--game", "onyx", "--moves", "e5 k5 h8", "--window", "1280x800")
        settle(app)
        game = app.scene
        app.push(AnalysisScene.of_match(game.match))
        app.finish_transition()
        settle(app)
    try:
        sc = app.scene
        assert isinstance(sc, AnalysisScene) and not sc.saver.unsaved_work()
        key(app, pygame.K_LEFT)                         # browsing is no work to lose
        key(app, pygame.K_LEFT)
        settle(app)
        assert not sc.saver.unsaved_work()
        key(app, pygame.K_ESCAPE)
        settle(app)
        assert app.scene is not sc and sc.dialog is None
    finally:
        app.close()


def pick_path(app, sc: AnalysisScene, path: Path) -> None:
    """The Save dialog's OK with ``path`` (as the library posts it)."""
    assert sc.dialog is not None and sc.dialog_kind == "save"
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                         {"ui_element": sc.dialog, "text": str(path)}))
    settle(app)


def test_save_from_the_question_leaves_once_the_file_is_written(tmp_path):
    app = analysis_app()
    try:
        sc = app.scene
        add_moves(app, sc, "e5", "k5")
        key(app, pygame.K_ESCAPE)
        settle(app)
        assert sc.dialog_kind == LEAVE
        key(app, pygame.K_RETURN)                       # Enter: Save…
        settle(app)
        assert app.scene is sc and sc.dialog_kind == "save"
        # the Save dialog given up: the board stays, its work with it
        key(app, pygame.K_ESCAPE)
        settle(app)
        assert app.scene is sc and sc.saver.unsaved_work()
        # asked again; saved this time: the board goes
        key(app, pygame.K_ESCAPE)
        settle(app)
        key(app, pygame.K_RETURN)
        settle(app)
        target = tmp_path / "analysis.txt"
        pick_path(app, sc, target)
        assert target.exists() and "k5" in target.read_text(encoding="utf-8")
        assert isinstance(app.scene, MenuScene)
    finally:
        app.close()


def test_saved_since_the_last_change_leaves_at_once_and_a_new_move_asks_again(tmp_path):
    app = analysis_app()
    try:
        sc = app.scene
        add_moves(app, sc, "e5")
        sc.save_game()
        settle(app)
        pick_path(app, sc, tmp_path / "a.txt")
        assert app.scene is sc and not sc.saver.unsaved_work()
        add_moves(app, sc, "k5")                        # a change after the save
        assert sc.saver.unsaved_work()
        key(app, pygame.K_ESCAPE)
        settle(app)
        assert sc.dialog_kind == LEAVE
        key(app, pygame.K_ESCAPE)                       # Stay
        settle(app)
        sc.save_game()
        settle(app)
        pick_path(app, sc, tmp_path / "b.txt")
        key(app, pygame.K_ESCAPE)
        settle(app)
        assert isinstance(app.scene, MenuScene)
    finally:
        app.close()


def test_a_comment_written_counts_as_work():
    app = analysis_app("--moves", "e5")
    try:
        sc = app.scene
        assert not sc.saver.unsaved_work()
        assert sc.comments.keep(sc.match.tree.cursor, "a fine move")
        assert sc.saver.unsaved_work()
    finally:
        app.close()


# ------------------------------------------------------------------ the review on the analysis board
def planted_analysis(size: str):
    """The analysis board of the Onyx chain game (Black misses the win in one: ??)."""
    app = helpers.make_app("--game", "onyx", "--window", size)
    settle(app)
    game = game_class("onyx").from_position(ONYX_CHAIN, Color.BLACK)
    for m in ("a1", "h10", "e12"):
        game.push(m)
    sc = AnalysisScene.of_record(record_from_game(game, ("Human", "Human"), "2026-01-01"))
    app.push(sc)
    app.finish_transition()
    settle(app)
    return app, sc


def run_review(app, sc: AnalysisScene) -> None:
    click_widget(app, sc.toolbar.buttons["review"], check="enabled")
    for _ in range(400):
        if not sc.review.running:
            break
        step(app)
    assert sc.review.state == "done", sc.review.state
    settle(app)


@pytest.mark.parametrize("size", ["1024x640", "3840x2160"])
def test_the_review_strip_stands_in_the_engine_panels_place(size):
    app, sc = planted_analysis(size)
    try:
        key(app, pygame.K_LEFT)                         # (the game's end has no lines to show)
        for _ in range(30):
            step(app)
        assert sc.evalpanel.placed and sc.engine_lines()
        run_review(app, sc)
        rv = sc.review
        S = rv.strip_rect
        assert rv.shown and S is not None and rv.graph is not None
        # one strip: the engine's panel (bar and lines) has no place, the board stands clear of the strip
        assert not sc.evalpanel.placed and not sc.evalpanel.text_rects()
        assert not sc.board_rect.colliderect(S)
        assert not any(r.colliderect(S) for _, r, _, _ in sc.layout_rects() if r.w > 0 and r.h > 0
                       and not S.contains(r))
        assert "analyse" not in rv.buttons and "close" in rv.buttons     # it is the analysis board already
        # the engine rests while the strip shows
        assert sc._an_key is None and not sc.streaming()
        # the graph takes the clicks
        g = rv.graph
        click(app, (round(g.x_of(1)), g.plot.centery))
        settle(app)
        assert sc.browse_ply == 1 and g.current == 1
        # Jump to it: the review's better move, no engine mark beside it
        click_widget(app, rv.buttons["jump"], check="enabled")
        settle(app)
        assert len(sc.match.history) == 0
        deco = sc.decorations()
        assert deco.tags == {"e12": "Better"}, deco.tags
        assert sc.shown_lines() == ()
        # Close: the engine's panel comes back, the engine thinks again, its marks return
        click_widget(app, rv.buttons["close"], check="enabled")
        settle(app)
        assert not rv.shown and sc.evalpanel.placed
        assert sc.board_rect.right <= sc.evalpanel.strip.right and sc.board_rect.bottom < sc.evalpanel.strip.y
        for _ in range(30):
            step(app)
            if sc._an_final:
                break
        assert sc._an_final and sc.engine_lines()
        tags = sc.decorations().tags
        assert "Better" not in tags.values() and any(t.startswith("1 · ") for t in tags.values())
    finally:
        app.close()


def test_engine_on_and_h_bring_the_engine_back_in_the_strips_place():
    app, sc = planted_analysis("1280x800")
    try:
        run_review(app, sc)
        assert sc.review.shown
        key(app, pygame.K_h, pygame.KMOD_CTRL)
        settle(app)
        assert not sc.review.shown and sc.evalpanel.placed
        click_widget(app, sc.toolbar.buttons["review"], check="enabled")      # shown again: reviewed
        settle(app)
        assert sc.review.shown and not sc.evalpanel.placed
        click_widget(app, sc.w["engine"], check="enabled")                    # Engine off: nothing to show
        assert not sc.engine_on and sc.review.shown
        click_widget(app, sc.w["engine"], check="enabled")                    # Engine on: its view
        settle(app)
        assert sc.engine_on and not sc.review.shown and sc.evalpanel.placed
    finally:
        app.close()


# ------------------------------------------------------------------ one Flip
def test_one_flip_control_the_toolbars_and_ctrl_f_still_turns_the_board():
    app = analysis_app("--moves", "e5", size="1024x640")
    try:
        sc = app.scene
        assert "flip" not in sc.w                         # no second Flip of the board's own
        flip = sc.toolbar.buttons["flip"]
        ring = []
        for _ in range(40):
            key(app, pygame.K_TAB)
            if app.focus in ring:
                break
            ring.append(app.focus)
        flips = [b for b in ring if b is flip or getattr(b, "text", "") == "Flip"]
        assert flips == [flip]
        # Undo and Redo take the row Hint had
        undo, redo = sc.w["undo"], sc.w["redo"]
        row = sc.w["moves"].rect                          # (the panel's inner width, as the move list's)
        assert undo.rect.x == row.x and abs(redo.rect.right - row.right) <= 2 and redo.rect.x > undo.rect.right
        before = app.settings.flip
        key(app, pygame.K_f, pygame.KMOD_CTRL)
        assert app.settings.flip != before
        click_widget(app, flip, check="enabled")
        assert app.settings.flip == before
        # the keys list says Ctrl+F, as it works; no row names a Flip button
        rows = [k for _title, rows in keys_ui.ANALYSIS for k, _what in rows]
        assert "Ctrl+F" in rows
        assert not any("Flip button" in what for _title, rows in keys_ui.ANALYSIS for _k, what in rows)
    finally:
        app.close()
