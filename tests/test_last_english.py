"""The last English a player could meet in the window (issue 36): saved games' and files'
problems, the review's and the stand-in engine's failures, the board's hover fallback, a
missing board, the puzzle store's messages and a damaged record's count.

Each message is checked in the pseudo-language (``xx``), where everything that comes from the
catalogue is bracketed ⁅…⁆: a message that is not bracketed, or that carries the English of an
exception or of the system, was never looked up.
"""
from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from game import i18n, storage
from game.i18n import CLOSE, OPEN
from game.scenes.menu import MenuScene
from game.ui import problems

import ui_helpers as helpers
from ui_helpers import board


def said(text: str) -> bool:
    """A whole message from the catalogue (in ``xx``)."""
    return text.startswith(OPEN) and text.endswith(CLOSE)


def put_unfinished(name: str, text: str) -> Path:
    folder = storage.unfinished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- files: the kind of refusal
@pytest.mark.parametrize("code, kind", [(errno.ENOSPC, "disk-full"), (errno.EACCES, "permission"),
                                        (errno.ENOENT, "not-found"), (errno.EIO, "other")])
def test_a_system_refusal_is_worded_by_its_kind_and_keeps_the_path(tmp_path, monkeypatch, code, kind):
    target = tmp_path / "games" / "mine.txt"

    def refuse(src, dst):
        raise OSError(code, "the system's own words")
    monkeypatch.setattr(storage.os, "replace", refuse)
    with pytest.raises(storage.StorageError) as caught:
        storage.atomic_write_text(target, "text")
    e = caught.value
    assert (e.kind, e.path, e.failure) == ("save", target, kind)
    assert str(target) in str(e)                                  # the English for the log
    words = problems.storage_words(e)
    assert str(target) in words and "the system's own words" not in words
    assert problems.failure_words(kind) in words
    assert {"disk-full": "the disk is full", "permission": "you have no permission to do that there",
            "not-found": "it is not there", "other": "the system refused"}[kind] in words
    i18n.set_language("xx")
    words = problems.storage_words(e)
    assert said(words) and str(target) in words and "the system's own words" not in words


def test_a_file_too_large_or_not_text_is_worded(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(storage.StorageError) as caught:
        storage.read_text(big, max_bytes=1000)
    assert caught.value.kind == "too-large" and caught.value.facts["limit_kb"] == 1
    nul = tmp_path / "nul.txt"
    nul.write_bytes(b"a\x00b")
    with pytest.raises(storage.StorageError) as caught2:
        storage.read_text(nul)
    i18n.set_language("xx")
    assert said(problems.storage_words(caught.value)) and "big.txt" in problems.storage_words(caught.value)
    assert said(problems.storage_words(caught2.value)) and "NUL" not in problems.storage_words(caught2.value)


# ---------------------------------------------------------------- the menu's saved games
def test_the_menu_words_a_corrupt_saved_game():
    put_unfinished("1-amoeba.txt", '[Game "amoeba"]\n\n1. zz9-zz8 a1-a2\n')
    app = helpers.make_app("--lang", "xx")
    try:
        menu = app.scene
        assert isinstance(menu, MenuScene)
        assert said(menu.message), menu.message
        assert "refused" not in menu.message and "corrupt-1" in menu.message   # the path stays
    finally:
        app.close()


def test_the_menu_words_a_damaged_saved_game():
    put_unfinished("1-amoeba.txt", '[Game "amoeba"]\n\n1. a1-a2 zz9-zz8\n')
    record, note = storage.load_unfinished(storage.unfinished_dir() / "1-amoeba.txt")
    assert record is not None and note is not None and note.kind == "damaged"
    assert "Amoeba game was damaged" in note                       # English for the log
    i18n.set_language("xx")
    words = problems.storage_note_words(note)
    assert said(words) and "was damaged" not in words and "1-amoeba.corrupt-1.txt" in words


def test_setting_a_game_aside_is_worded(monkeypatch):
    put_unfinished("1-onyx.txt", '[Game "onyx"]\n\n1. f6 e7\n')
    put_unfinished("2-onyx.txt", '[Game "onyx"]\n\n1. f6 e7 2. c3\n')
    app = helpers.make_app("--lang", "xx")
    try:
        menu = app.scene
        assert isinstance(menu, MenuScene) and menu.recent
        asked: list[tuple[str, ...]] = []
        monkeypatch.setattr(menu, "open_dialog", lambda *a: asked.append(a))
        menu.ask_set_aside(menu.recent[0])
        (_kind, title, text, button), = asked
        assert said(title) and said(text) and said(button)

        def refuse(path):
            raise storage.StorageError("cannot move: Permission denied", "set-aside", path, "permission",
                                       dest=storage.unfinished_dir() / "older")
        monkeypatch.setattr(storage, "set_aside_unfinished", refuse)
        menu.set_aside_confirmed()
        assert said(menu.message) and "Permission denied" not in menu.message
        monkeypatch.undo()
        menu.ask_set_aside = lambda entry: None
        menu._aside_path = menu.recent[0]["path"]
        menu.set_aside_confirmed()
        assert said(menu.message) and "older" in menu.message
    finally:
        app.close()


# ---------------------------------------------------------------- the board
def test_the_review_failure_and_the_stand_in_engine_are_worded(monkeypatch):
    import sys
    from game.scenes.board.engine import StubEngine, _next_event

    def broken():
        raise RuntimeError("an English traceback line")
        yield
    i18n.set_language("xx")
    (ev,), rest = _next_event(broken(), "review", "ply")
    assert ev[0] == "error" and said(ev[1]) and "English" not in ev[1] and rest is None
    monkeypatch.setitem(sys.modules, "game.ai.review", None)       # the engine package missing
    from game.rules import make_game
    stub = StubEngine()
    stub.review(make_game("onyx"))
    (ev,) = stub.review_poll()
    assert ev[0] == "error" and said(ev[1]) and "No module" not in ev[1]


def test_the_review_failed_status_is_worded():
    app = helpers.make_app("--lang", "xx", "--game", "onyx", "--moves", "f6 e7")
    try:
        helpers.settle(app, 10)
        sc = board(app)

        class Failing:
            notice = ""

            def review_poll(self):
                return [("error", "it broke")]
        sc.review.engine = Failing()
        sc.review._nodes = []
        sc.review._poll()
        assert sc.review.state == "error"
        assert said(sc.panel.status) and "it broke" in sc.panel.status
    finally:
        app.close()


def test_the_hover_fallback_counts_in_words(monkeypatch):
    from game.scenes.board.controller import TIP_AFTER
    app = helpers.make_app("--lang", "xx", "--game", "amoeba")
    try:
        helpers.settle(app, 5)
        ctl = board(app).board
        monkeypatch.setattr(ctl.input, "describe", lambda lab: "")
        monkeypatch.setattr(ctl, "_stacks", lambda: {"d4": ("B", "W")})
        ctl.hover_label, ctl.hover_time, ctl.drag = "d4", TIP_AFTER + 0.01, None
        text = ctl.tooltip_text()
        assert said(text) and "d4" in text and "2" in text
    finally:
        app.close()


def test_a_missing_board_is_worded(monkeypatch):
    import game.scenes.board.scene as S
    import game.scenes.tutorial as T
    from game.views import ViewUnavailable

    def no_view(name, **kw):
        raise ViewUnavailable("The board could not be loaded: an English reason")
    monkeypatch.setattr(S, "view_for", no_view)
    monkeypatch.setattr(T, "view_for", no_view)
    app = helpers.make_app("--lang", "xx", "--game", "onyx")
    try:
        sc = board(app)
        assert sc.view is None and said(sc.error) and "English" not in sc.error
        tut = T.TutorialScene("amoeba")
        tut._get_view({})
        assert said(tut.view_error) and "English" not in tut.view_error
    finally:
        app.close()


# ---------------------------------------------------------------- the puzzle store, the records
def test_the_puzzle_store_says_what_is_lost(tmp_path):
    from game.puzzles.store import load_store
    path = tmp_path / "puzzles.json"
    path.write_text("{ not json", encoding="utf-8")
    _store, message = load_store(path)
    assert "My puzzles" in message and "Puzzle Rush" in message and "ratings" in message
    path.write_text(json.dumps({"version": 99}), encoding="utf-8")
    i18n.set_language("xx")
    _store, message = load_store(path)
    assert said(message)


def test_a_damaged_record_counts_the_moves_it_kept():
    from game.scenes.files import load_path
    app = helpers.make_app("--game", "onyx")
    try:
        sc = board(app)
        bad = storage.records_dir() / "damaged.txt"
        bad.parent.mkdir(parents=True, exist_ok=True)
        bad.write_text('[Game "onyx"]\n\n1. a1 b2\n2. zz99\n', encoding="utf-8")
        assert load_path(sc, bad)
        helpers.settle(app, 10)
        status = board(app).panel.status
        # the move list's count ('1. a1 b2' is one move), as a file that loads whole is counted
        assert "(1 move kept)" in status, status
    finally:
        app.close()


def test_the_library_words_a_file_it_cannot_open(tmp_path):
    from game.scenes.files import read_record
    from game.scenes.library import Entry, parse_entry
    no_game = tmp_path / "notes.txt"
    no_game.write_text("just some notes\n", encoding="utf-8")
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    i18n.set_language("xx")
    entry = Entry(storage.scan_record(no_game))
    parse_entry(entry)
    assert not entry.openable and said(entry.warning) and "notes.txt" in entry.warning
    record, problem = read_record(folder)
    assert record is None and said(problem) and "folder.txt" in problem and "it is a folder" not in problem



def test_the_analysis_failures_are_worded(monkeypatch):
    from game.scenes.board.engine import StubEngine

    def broken(self, *a, **kw):
        raise RuntimeError("an English traceback line")
    monkeypatch.setattr(StubEngine, "analyse", broken)
    app = helpers.make_app("--lang", "xx", "--scene", "analysis:amoeba")
    try:
        helpers.settle(app, 20)
        sc = app.scene
        assert said(sc._an_error) and "English" not in sc._an_error
        monkeypatch.undo()
        monkeypatch.setattr(StubEngine, "analyse_poll", broken)
        sc._an_key = None                                          # a new request, then a failed poll
        helpers.settle(app, 20)
        assert said(sc._an_error) and "English" not in sc._an_error
    finally:
        app.close()


def test_a_puzzle_board_without_its_board_is_worded(monkeypatch):
    import game.scenes.puzzle_board as P
    from game.views import ViewUnavailable

    def no_view(name, **kw):
        raise ViewUnavailable("The board could not be loaded: an English reason")
    monkeypatch.setattr(P, "view_for", no_view)
    i18n.set_language("xx")
    sc = P.PuzzleBoardScene("onyx", puzzles=[])
    assert sc._get_view({}) is None and said(sc.view_error) and "English" not in sc.view_error


def test_the_editor_says_why_a_position_was_not_saved(monkeypatch):
    from game.scenes.editor import EditorScene

    def full(path, record):
        raise storage.StorageError(f"cannot save {path}: No space left on device", "save", path, "disk-full")
    monkeypatch.setattr(storage, "save_record", full)
    app = helpers.make_app("--lang", "xx", "--scene", "editor:amoeba", "--window", "1024x640")
    try:
        helpers.settle(app, 5)
        sc = app.scene
        assert isinstance(sc, EditorScene) and sc.valid
        sc.save_to(storage.records_dir() / "position.txt")        # (Save, then the library's Save)
        assert sc.message_kind == "error" and said(sc.message) and "No space" not in sc.message
    finally:
        app.close()


def test_a_screen_the_menu_cannot_open_says_so_in_words(monkeypatch):
    import game.scenes.menu as M

    def broken(*a, **kw):
        raise RuntimeError("an English traceback line")
    monkeypatch.setattr(M, "make_scene", broken)
    i18n.set_language("xx")
    for page in (M.tutorial_scene("amoeba", "Amoeba"), M.puzzles_scene("rush"), M.settings_scene()):
        assert said(page.message) and "English" not in page.message


def test_the_tutorial_progress_messages_are_worded(tmp_path, monkeypatch):
    from game.progress import Progress, load_progress, save_progress
    i18n.set_language("xx")
    bad = tmp_path / "progress.json"
    bad.write_text("{ not json", encoding="utf-8")
    _p, note = load_progress(bad)
    assert said(note) and "progress.json" in note
    folder = tmp_path / "a-folder.json"
    folder.mkdir()
    _p, note = load_progress(folder)
    assert said(note) and "a-folder.json" in note

    def refuse(src, dst):
        raise OSError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(storage.os, "replace", refuse)
    note = save_progress(Progress(), tmp_path / "p.json")
    assert said(note) and "Permission denied" not in note


def test_a_refused_agreement_and_a_refused_puzzle_move_are_worded(monkeypatch):
    from game.rules.base import RulesError
    import game.scenes.puzzle_board as P
    app = helpers.make_app("--lang", "xx", "--game", "onyx", "--moves", "f6 e7")
    try:
        helpers.settle(app, 5)
        sc = board(app)

        def refuse(*a, **kw):
            raise RulesError("an English refusal")
        monkeypatch.setattr(sc.match, "agree", refuse)
        sc.offers.agree()
        assert said(sc.panel.status) and "English" not in sc.panel.status
    finally:
        app.close()
    notes: list[str] = []
    puzzle = P.PuzzleBoardScene("onyx", puzzles=[])
    monkeypatch.setattr(puzzle, "note", lambda text, bad=False: notes.append(text))
    from game.rules import make_game
    puzzle.game, puzzle.solver = make_game("onyx"), make_game("onyx").to_move
    assert not puzzle.judge("not a move")
    assert notes and said(notes[0])


def test_the_computer_players_failures_are_worded(monkeypatch):
    from game.scenes.board.engine import EngineFailure, StubEngine
    app = helpers.make_app("--lang", "xx", "--game", "onyx", "--white", "easy")
    try:
        helpers.settle(app, 5)
        sc = board(app)
        comp = sc.computer
        comp.error(BrokenPipeError("an English pipe error"))
        assert said(sc.panel.status) and "English" not in sc.panel.status
        comp.error(EngineFailure("⁅the words of a reply⁆"))       # a reply's words are kept
        assert "⁅the words of a reply⁆" in sc.panel.status

        def closed(*a, **kw):
            raise RuntimeError("the engine client is closed")
        monkeypatch.setattr(StubEngine, "answer", closed)
        comp.engine = StubEngine()
        comp.waiting = "hint"
        comp.collect()
        assert said(sc.panel.status) and "closed" not in sc.panel.status
    finally:
        app.close()


def test_the_settings_files_problems_are_worded():
    from game.settings import settings_path
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('theme = "no such theme"\nanim_speed = "fast"\n', encoding="utf-8")
    app = helpers.make_app("--lang", "xx")
    try:
        message = app.scene.message
        assert said(message) and "no such theme" not in message and "not valid" not in message
        assert "2" in message                                      # the values left out, counted
        assert "theme" in message and "anim_speed" in message      # and named as the file names them
    finally:
        app.close()
    settings_path().write_text("[[[", encoding="utf-8")
    app = helpers.make_app("--lang", "xx", "--game", "onyx")      # a start on a board: said there
    try:
        helpers.settle(app, 5)
        status = board(app).panel.status
        assert said(status) and "settings.corrupt-1.toml" in status and "damaged" not in status
    finally:
        app.close()


def test_the_analysis_and_editor_failures_and_a_bad_puzzle_bank_are_worded(monkeypatch):
    from game.rules.base import RulesError
    import game.scenes.editor as E
    import game.scenes.puzzle_board as P
    from game.puzzles.bank import BankError
    app = helpers.make_app("--lang", "xx", "--scene", "analysis:amoeba")
    try:
        helpers.settle(app, 5)
        sc = app.scene

        def refuse():
            raise RulesError("an English refusal")
        monkeypatch.setattr(sc, "game_from_here", refuse)
        assert not sc.play_from_here()
        assert said(sc.panel.status) and "English" not in sc.panel.status
    finally:
        app.close()
    app = helpers.make_app("--lang", "xx", "--scene", "editor:amoeba", "--window", "1024x640")
    try:
        helpers.settle(app, 5)
        ed = app.scene

        def broken(*a, **kw):
            raise RuntimeError("an English traceback line")
        monkeypatch.setattr(E, "make_scene", broken)
        monkeypatch.setattr(E.EditorScene, "has_analysis", lambda self: True)
        ed.analyse()
        assert ed.message_kind == "error" and said(ed.message) and "English" not in ed.message
    finally:
        app.close()

    def bad_bank(game):
        raise BankError("/somewhere/onyx.toml", "p3", "an English problem")
    monkeypatch.setattr(P, "load_bank", bad_bank)
    sc = P.PuzzleBoardScene("onyx")
    assert said(sc.bank_error) and "onyx.toml" in sc.bank_error and "English" not in sc.bank_error


# ---------------------------------------------------------------- the question cards' buttons
def test_every_question_cards_buttons_are_worded():
    """The scenes' question cards took an English 'Cancel' as their default second button:
    Resign?, Play on from here?, Replace the game?, Set the game aside? said 'Cancel' in
    Japanese and Uzbek. Every card's words, buttons included, come from the catalogue."""
    app = helpers.make_app("--lang", "xx", "--game", "amoeba", "--moves", "b3-c4 e4-e3")
    try:
        sc = board(app)
        helpers.settle(app)
        sc.offers.resign()
        card = sc.dialog
        assert card is not None
        assert said(card.confirm_button.text) and said(card.cancel_button.text), \
            (card.confirm_button.text, card.cancel_button.text)
    finally:
        app.close()
