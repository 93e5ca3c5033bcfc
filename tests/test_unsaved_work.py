"""Work not saved is one fact of the board (``BoardAutosave.unsaved_work``), read by every
question that protects it:

* the analysis board: Load's "Replace the game?" asks exactly when leaving would ask "Save the
  analysis first?": not for what the board opened with, yes for any move added (also at the end
  of a variation that was there), not after a save;
* a game board keeps its behaviour: its unfinished game is kept by the autosave (no question),
  a finished game not saved asks before Load replaces it, a saved one does not, and Menu never asks;
* closing the review's strip (its Close, Escape) takes away the status message the review put
  there ('Better: e12' after "Jump to it"), on every board.

Headless, stepped frames, the in-process ``StubEngine`` with tiny budgets.
"""
from __future__ import annotations

import datetime
from pathlib import Path

import pygame
import pytest

from game.rules import game_class, make_game
from game.rules.base import Color
from game.rules.record import format_record, record_from_game
from game.scenes import files
from game.scenes.board import BoardScene, StubEngine
from game.scenes.board.analysis import AnalysisScene
from game.scenes.board.leaving import LEAVE
from game.scenes.menu import MenuScene

import ui_helpers as helpers
from ui_helpers import board, click_widget, key, step

ONYX_CHAIN = ("Black: " + " ".join(f"e{i}" for i in range(1, 12))
              + "; White: d12 f12 h3 h4 h5 h6 h7 h8 h9 i9 j9")


@pytest.fixture(autouse=True)
def _tiny_budgets(monkeypatch):
    monkeypatch.setattr(StubEngine, "analyse_iterations", 40)
    monkeypatch.setattr(StubEngine, "review_iterations", 30)


def settle(app) -> None:
    helpers.settle(app, 60)


def record_file(tmp_path: Path, moves: list[str]) -> Path:
    g = make_game("onyx")
    for t in moves:
        g.push(t)
    path = tmp_path / "other.txt"
    path.write_text(format_record(record_from_game(g, ("Ann", "Bob"), datetime.date(2026, 12, 1))), encoding="utf-8")
    return path


def analysis_app(*args: str):
    app = helpers.make_app("--scene", "analysis:onyx", *args, "--window", "1280x800")
    settle(app)
    assert isinstance(app.scene, AnalysisScene)
    return app


def add_moves(app, sc, *moves: str) -> None:
    for mv in moves:
        assert sc.board_move(mv)
        settle(app)


def load_asks(app, sc, path: Path) -> bool:
    """Load ``path`` on ``sc``: True if it asked "Replace the game?" (the question is then
    answered No, the board stays as it was); False if it loaded at once."""
    files.ask_before_loading(sc, path)
    step(app, 2)
    if sc.dialog_kind != "replace":
        return False
    assert app.scene is sc
    key(app, pygame.K_ESCAPE)                           # No: the board and its work stay
    settle(app)
    assert app.scene is sc and sc.dialog is None
    return True


def leave_asks(app, sc) -> bool:
    """Would leaving ``sc`` ask "Save the analysis first?" (asked: answered Stay; not asked: the
    board stays, as the way out given does nothing)?"""
    if not sc.asks_before_leaving(lambda: None):
        return False
    settle(app)
    assert sc.dialog_kind == LEAVE
    key(app, pygame.K_ESCAPE)                           # Stay
    settle(app)
    assert app.scene is sc and sc.dialog is None
    return True


# ------------------------------------------------------------------ the analysis board
@pytest.mark.parametrize("moves", [(), ("--moves", "e5 k5 h8")])
def test_load_right_after_opening_the_analysis_board_asks_nothing(tmp_path, moves):
    app = analysis_app(*moves)
    try:
        sc = app.scene
        assert not sc.saver.unsaved_work()
        files.ask_before_loading(sc, record_file(tmp_path, ["c3"]))
        settle(app)
        assert sc.dialog is None and app.scene is not sc
        assert isinstance(app.scene, AnalysisScene) and [pm.text for pm in app.scene.match.history] == ["c3"]
    finally:
        app.close()


def test_a_move_at_the_end_of_a_variation_asks_before_load_as_before_leaving_and_a_save_settles_both(tmp_path):
    path = record_file(tmp_path, ["c3"])
    app = analysis_app("--moves", "e5 k5")
    try:
        sc = app.scene
        key(app, pygame.K_LEFT)
        add_moves(app, sc, "h8")                        # a variation at move 2
        assert load_asks(app, sc, path) and leave_asks(app, sc)
        assert files.save_to(sc, tmp_path / "saved.txt")
        assert not load_asks(app, sc, path) and app.scene is not sc
    finally:
        app.close()
    app = analysis_app("--moves", "e5 k5")
    try:
        sc = app.scene
        key(app, pygame.K_LEFT)
        add_moves(app, sc, "h8")
        assert files.save_to(sc, tmp_path / "saved.txt")
        # the main line and the number of variations as they were: only the variation grew
        add_moves(app, sc, "c3")
        assert sc.match.tree.count_variations() == 1
        assert sc.saver.unsaved_work()
        assert load_asks(app, sc, path)
        assert leave_asks(app, sc)
        assert files.save_to(sc, tmp_path / "saved.txt")
        assert not sc.saver.unsaved_work()
        files.ask_before_loading(sc, path)              # saved: Load asks nothing
        settle(app)
        assert sc.dialog is None and app.scene is not sc
    finally:
        app.close()


def test_the_analysis_boards_load_asks_exactly_when_leaving_would(tmp_path, monkeypatch):
    path = record_file(tmp_path, ["c3"])
    loaded = []
    monkeypatch.setattr(files, "load_path", lambda scene, p: loaded.append(p))     # the board stays
    app = analysis_app("--moves", "e5")
    try:
        sc = app.scene
        seen = []
        for change in (lambda: None,
                       lambda: add_moves(app, sc, "k5"),
                       lambda: files.save_to(sc, tmp_path / "a.txt"),
                       lambda: sc.comments.keep(sc.match.tree.cursor, "a fine move"),
                       lambda: files.save_to(sc, tmp_path / "a.txt"),
                       lambda: key(app, pygame.K_LEFT)):       # browsing is no work
            change()
            settle(app)
            n = len(loaded)
            asks = load_asks(app, sc, path)
            assert len(loaded) == n + (not asks)
            assert asks == leave_asks(app, sc) == sc.saver.unsaved_work()
            seen.append(asks)
        assert seen == [False, True, False, True, False, False]
    finally:
        app.close()


# ------------------------------------------------------------------ a game board: as it was
def test_a_game_board_asks_before_load_only_for_a_finished_game_not_saved(tmp_path):
    path = record_file(tmp_path, ["c3"])
    app = helpers.make_app("--game", "onyx", "--window", "1280x800")
    try:
        settle(app)
        sc = board(app)
        assert not load_asks(app, sc, path) and app.scene is not sc      # no moves: loaded at once
    finally:
        app.close()
    app = helpers.make_app("--game", "onyx", "--black", "human", "--white", "human", "--moves", "f6 e7",
                           "--window", "1280x800")
    try:
        settle(app)
        sc = board(app)
        files.ask_before_loading(sc, path)              # unfinished: kept among the unfinished games
        settle(app)
        assert sc.dialog is None and app.scene is not sc
    finally:
        app.close()
    app = helpers.make_app("--game", "onyx", "--black", "human", "--white", "human", "--moves", "f6 e7",
                           "--window", "1280x800")
    try:
        settle(app)
        sc = board(app)
        sc.offers.resign()
        step(app, 2)
        click_widget(app, sc.dialog.confirm_button)
        settle(app)
        assert sc.match.is_over
        assert load_asks(app, sc, path)                 # finished, not saved: asked
        assert files.save_to(sc, tmp_path / "kept.txt")
        click_widget(app, sc.w["menu"])                 # Menu never asks: the autosave keeps the game
        settle(app)
        assert isinstance(app.scene, MenuScene)
    finally:
        app.close()
    app = helpers.make_app("--game", "onyx", "--black", "human", "--white", "human", "--moves", "f6 e7",
                           "--window", "1280x800")
    try:
        settle(app)
        sc = board(app)
        sc.offers.resign()
        step(app, 2)
        click_widget(app, sc.dialog.confirm_button)
        settle(app)
        assert files.save_to(sc, tmp_path / "kept.txt")
        files.ask_before_loading(sc, path)              # saved: loaded at once
        settle(app)
        assert sc.dialog is None and app.scene is not sc
    finally:
        app.close()


def test_a_comment_added_to_a_finished_game_after_its_save_is_work_not_saved(tmp_path):
    app = helpers.make_app("--game", "onyx", "--black", "human", "--white", "human", "--moves", "f6 e7",
                           "--window", "1280x800")
    try:
        settle(app)
        sc = board(app)
        sc.offers.resign()
        step(app, 2)
        click_widget(app, sc.dialog.confirm_button)
        settle(app)
        assert sc.saver.unsaved_work()
        assert files.save_to(sc, tmp_path / "kept.txt")
        assert not sc.saver.unsaved_work()
        assert sc.comments.keep(sc.match.tree.cursor, "well played")
        assert sc.saver.unsaved_work() and load_asks(app, sc, record_file(tmp_path, ["c3"]))
    finally:
        app.close()


def test_a_game_loaded_is_not_work_until_it_changes(tmp_path):
    g = make_game("onyx")
    for t in ("f6", "e7"):
        g.push(t)
    app = helpers.make_app("--game", "onyx", "--window", "1280x800")
    try:
        settle(app)
        loaded = files.board_from_record(record_from_game(g, ("Ann", "Bob"), datetime.date(2026, 12, 1)))
        app.push(loaded)
        app.finish_transition()
        settle(app)
        assert not loaded.saver.unsaved_work()
    finally:
        app.close()


# ------------------------------------------------------------------ the review's status message
def planted(kind: str):
    """The Onyx chain game (Black misses the win in one) on an analysis board or a game board."""
    app = helpers.make_app("--game", "onyx", "--window", "1280x800")
    settle(app)
    game = game_class("onyx").from_position(ONYX_CHAIN, Color.BLACK)
    for m in ("a1", "h10", "e12"):
        game.push(m)
    record = record_from_game(game, ("Human", "Human"), "2026-01-01")
    sc = AnalysisScene.of_record(record) if kind == "analysis" else files.board_from_record(record)
    app.push(sc)
    app.finish_transition()
    settle(app)
    return app, sc


@pytest.mark.parametrize("how", ["Close", "Escape"])
@pytest.mark.parametrize("kind", ["analysis", "game"])
def test_closing_the_review_strip_takes_its_status_message_away(kind, how):
    app, sc = planted(kind)
    try:
        assert isinstance(sc, AnalysisScene) == (kind == "analysis") and isinstance(sc, BoardScene)
        click_widget(app, sc.toolbar.buttons["review"], check="enabled")
        for _ in range(400):
            if not sc.review.running:
                break
            step(app)
        assert sc.review.state == "done"
        settle(app)
        rv = sc.review
        click_widget(app, rv.buttons["jump"], check="enabled")
        settle(app)
        assert "Better: e12" in sc.panel.status
        if how == "Close":
            click_widget(app, rv.buttons["close"], check="enabled")
        else:
            key(app, pygame.K_ESCAPE)
        settle(app)
        assert not rv.shown and app.scene is sc
        assert "Better" not in sc.panel.status
    finally:
        app.close()


def test_closing_the_strip_keeps_a_message_that_is_not_the_reviews():
    app, sc = planted("game")
    try:
        click_widget(app, sc.toolbar.buttons["review"], check="enabled")
        for _ in range(400):
            if not sc.review.running:
                break
            step(app)
        settle(app)
        sc.set_status("Saved: somewhere.txt")
        click_widget(app, sc.review.buttons["close"], check="enabled")
        settle(app)
        assert sc.panel.status == "Saved: somewhere.txt"
    finally:
        app.close()


def test_the_analysis_boards_review_advises_only_with_its_strip():
    # browsing after the strip closed still said the review's 'Better: e12' (and the engine's
    # lines said theirs): on the analysis board the review advises only with its strip
    app, sc = planted("analysis")
    try:
        click_widget(app, sc.toolbar.buttons["review"], check="enabled")
        for _ in range(400):
            if not sc.review.running:
                break
            step(app)
        settle(app)
        click_widget(app, sc.review.buttons["jump"], check="enabled")
        settle(app)
        assert "Better: e12" in sc.panel.status
        click_widget(app, sc.review.buttons["close"], check="enabled")
        settle(app)
        sc.history.browse_to(1)
        settle(app)
        sc.history.browse_to(2)
        settle(app)
        assert "Better" not in sc.panel.status
        deco = sc.decorations()
        assert not [a for a in deco.arrows if "Better" in str(a)]
    finally:
        app.close()


def test_loads_question_on_the_analysis_board_speaks_of_the_moves_added_not_of_the_whole_game(tmp_path):
    # it said 'The game on the board (3 moves) is not saved' of a board opened with two moves
    # and one added: the two were never the player's work
    path = record_file(tmp_path, ["c3"])
    app = analysis_app("--moves", "e5 k5")
    try:
        sc = app.scene
        add_moves(app, sc, "h8")
        files.ask_before_loading(sc, path)
        step(app, 2)
        assert sc.dialog_kind == "replace"
        text = sc.dialog.text
        assert "moves and comments you added here are not saved" in text and "other.txt" in text
        assert "3 moves" not in text and "The game on the board" not in text
    finally:
        app.close()


def test_loads_question_on_a_game_board_counts_the_games_moves(tmp_path):
    path = record_file(tmp_path, ["c3"])
    app = helpers.make_app("--game", "onyx", "--window", "1280x800")
    try:
        settle(app)
        sc = board(app)
        sc.computer.cancel()
        for mv in ("e5", "k5"):
            assert sc.board_move(mv)
            settle(app)
        sc.match.resign(Color.BLACK)
        sc.refresh_panel()
        settle(app)
        files.ask_before_loading(sc, path)
        step(app, 2)
        assert sc.dialog_kind == "replace"
        assert "The game on the board (1 move) is not saved: opening other.txt replaces it." in sc.dialog.text
    finally:
        app.close()
