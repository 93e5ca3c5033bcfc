"""A game or the settings that cannot be written are said, not lost without a word: the writer
keeps each failure once (until writing the same thing works again) and the window shows a card.

Headless: the folder of unfinished games is a file, so no game can be written there.
"""
from __future__ import annotations

import pygame
import pytest

from game import storage
from game.writer import BackgroundWriter, writer

from ui_helpers import board, key, make_app, settle, type_move


def test_the_writer_says_a_failure_once_until_it_works_again():
    bg = BackgroundWriter(threaded=False)
    boom = OSError("disk full")

    def fail() -> None:
        raise boom

    bg.submit("a", fail, what="game")
    bg.submit("a", fail, what="game")                  # the same failure again: said once
    bg.submit("p", fail)                              # a cache's picture: the log only
    assert bg.take_failures() == [("game", boom)] and bg.take_failures() == []
    bg.submit("a", lambda: None, what="game")         # works again ...
    bg.submit("a", fail, what="game")                 # ... so a new failure is said
    assert bg.take_failures() == [("game", boom)]
    assert len(bg.errors) == 4


@pytest.fixture
def no_folder(monkeypatch):
    monkeypatch.setenv("ABSTRACT_TRIO_SYNC_WRITES", "1")
    monkeypatch.setattr("game.writer._WRITER", None)
    folder = storage.unfinished_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder", encoding="utf-8")
    yield folder
    monkeypatch.setattr("game.writer._WRITER", None)


def test_a_game_that_cannot_be_written_says_so_once(no_folder):
    app = make_app("--game", "onyx", "--black", "human", "--white", "human")
    try:
        assert writer().threaded is False
        sc = board(app)
        type_move(app, "f6")
        settle(app, 20)
        card = app.not_saved.card
        assert card is not None and card.alive()
        words = card.body.html_text
        assert "Your game is not being saved" in words and "unfinished" in words, words
        assert "a file of that name is in the way" in words, words      # (not "the system refused")
        key(app, pygame.K_RETURN)                      # OK
        settle(app, 5)
        assert not card.alive()
        type_move(app, "g7")                           # still failing: no second card
        settle(app, 20)
        assert app.not_saved.card is card and sc.match.moves_count() >= 1
    finally:
        app.close()


def test_escape_closes_the_card_and_nothing_under_it(no_folder):
    app = make_app("--game", "onyx", "--black", "human", "--white", "human")
    try:
        sc = board(app)
        type_move(app, "f6")
        settle(app, 20)
        card = app.not_saved.card
        assert card is not None and card.alive()
        plies = sc.match.moves_count()
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="g7"))    # typing: not behind the card
        key(app, pygame.K_ESCAPE)
        settle(app, 10)
        assert not card.alive() and app.scene is sc and sc.match.moves_count() == plies   # still the game
        assert sc.movebox.text == ""
    finally:
        app.close()


def test_settings_that_cannot_be_written_are_not_called_saved(monkeypatch):
    from game.scenes.settings import save_prefs, settings_path
    monkeypatch.setenv("ABSTRACT_TRIO_SYNC_WRITES", "1")
    monkeypatch.setattr("game.writer._WRITER", None)
    app = make_app("--scene", "settings", "--window", "1024x640")
    try:
        settle(app, 5)
        sc = app.scene
        assert sc._saved_in()[0].startswith("Saved in")
        settings_path().mkdir(parents=True, exist_ok=True)      # a folder where the file goes
        save_prefs(app)
        settle(app, 5)
        assert app.not_saved.card is not None and "Your settings could not be saved" in app.not_saved.card.body.html_text
        assert sc._saved_in()[0].startswith("Not saved in")
        settings_path().rmdir()
        save_prefs(app)                                          # written again: saved, and said so
        settle(app, 5)
        assert sc._saved_in()[0].startswith("Saved in")
    finally:
        app.close()
        monkeypatch.setattr("game.writer._WRITER", None)
