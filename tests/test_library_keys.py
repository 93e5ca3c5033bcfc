"""The game library (Load… / Save…) with the keyboard, and what it says of names and folders.

* The list is a Tab stop with the ring on it (Load opens with it there); Up/Down, Home/End,
  Page Up/Down move its selection while it has the keyboard, not while a button has the ring;
  Enter on it opens the selected game (Load) or saves over it after asking (Save).
* "Other folder…" closed with Escape, Cancel or × goes back to the library it came from (same
  mode, folder and name), not to the board; a file picked there opens as before.
* A save name that is a folder's is refused in the dialog; a name of dots says it is no name.
* A games folder that cannot be opened says so; an unreadable record's row names its file;
  the footer counts the saved games, not every file listed.
"""
from __future__ import annotations

import datetime
from pathlib import Path

import pygame
import pytest

from game.rules import make_game
from game.rules.record import format_record, record_from_game
from game.scenes.board import BoardScene
from game.scenes.library import LibraryDialog
from game.scenes.menu import MenuScene
from game.storage import last_game_path, records_dir
from game.ui import focus as focus_ui

from test_library import _dialog, _write
from ui_helpers import board, click_widget, key, make_app, settle, step, tab_to

CTRL = pygame.KMOD_CTRL


def _record(game: str, moves: list[str], day: int) -> str:
    g = make_game(game)
    for m in moves:
        g.play(g.parse_move(m))
    return format_record(record_from_game(g, ["Ann", "Bob"], datetime.date(2026, 1, day)))


def _library(n: int) -> list[Path]:
    """``n`` Onyx records, the first the newest (dates and file times in that order)."""
    openings = [["f6"], ["f6", "h12"], ["f6", "h12", "g8"], ["g8"], ["g8", "f6"]]
    return [_write(f"game {k}.txt", _record("onyx", openings[k % len(openings)], 20 - k), age_days=k)
            for k in range(n)]


def _open_load_by_keys(app) -> LibraryDialog:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    tab_to(app, menu.load_btn)
    key(app, pygame.K_RETURN)
    step(app, 2)
    return _dialog(app)


def _drawn(dlg: LibraryDialog, monkeypatch) -> dict[str, str]:
    """The texts the dialog draws, by their layout name ('row 0 file', 'empty 0', ...)."""
    said: dict[str, str] = {}
    draw_text = LibraryDialog._text

    def text(self, surf, words, pos, size, colour, bold, bounds, name):
        said[name] = words
        draw_text(self, surf, words, pos, size, colour, bold, bounds, name)

    monkeypatch.setattr(LibraryDialog, "_text", text)
    dlg.settle()
    return said


# ---------------------------------------------------------------- 1. the list and the keyboard
def test_load_opens_with_the_ring_on_the_list_and_its_keys_move_the_selection():
    paths = _library(5)
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        dlg = _open_load_by_keys(app)
        assert dlg.canvas in focus_ui.focusables(app)               # a Tab stop
        assert app.focus is dlg.canvas and dlg.canvas.is_focused   # the ring starts on it, with the keyboard
        assert dlg.selected == 0 and dlg.entries[0].path == paths[0]
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)
        assert dlg.selected == 2
        key(app, pygame.K_UP)
        assert dlg.selected == 1
        key(app, pygame.K_END)
        assert dlg.selected == 4
        key(app, pygame.K_HOME)
        assert dlg.selected == 0
        key(app, pygame.K_PAGEDOWN)
        assert dlg.selected > 0
        key(app, pygame.K_PAGEUP)
        assert dlg.selected == 0
        # with the ring on a button, Up and Down are not the list's
        tab_to(app, dlg.buttons["other"])
        assert not dlg.canvas.is_focused
        key(app, pygame.K_DOWN)
        assert dlg.selected == 0
        # Tab comes back to the list, which takes the keyboard again
        tab_to(app, dlg.canvas)
        assert dlg.canvas.is_focused
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)
        assert dlg.selected == 2
        chosen = dlg.entries[2].path
        key(app, pygame.K_RETURN)                                   # Enter on the list: that game opens
        settle(app)
        sc = board(app)
        assert sc.panel.status.startswith(f"Loaded {chosen.name}:"), sc.panel.status
        assert app.focus is sc.toolbar.buttons["load"]              # chosen by the keyboard (files.load_path)
    finally:
        app.close()


def test_enter_on_a_focused_button_presses_it_not_the_list():
    _library(3)
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        dlg = _open_load_by_keys(app)
        tab_to(app, dlg.buttons["sort_game"])
        key(app, pygame.K_DOWN)                                     # not the list's: nothing moves
        assert dlg.selected == 0
        key(app, pygame.K_RETURN)                                   # the button with the ring is pressed
        step(app, 2)
        assert dlg.sort_key == "game" and app.scene.dialog is dlg and dlg.alive()
    finally:
        app.close()


def test_a_click_on_a_row_gives_the_list_the_keyboard_and_a_list_key_brings_the_ring():
    _library(4)
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        click_widget(app, app.scene.load_btn)                       # the mouse: no ring
        dlg = _dialog(app)
        assert app.focus is None
        click_widget(app, dlg.buttons["sort_date"])                 # the keyboard left the list
        assert not dlg.canvas.is_focused
        key(app, pygame.K_DOWN)                                     # a list key: the ring and keyboard on the list
        assert dlg.selected == 1 and app.focus is dlg.canvas and dlg.canvas.is_focused
    finally:
        app.close()


def test_delete_from_the_list_asks_and_the_ring_comes_back_to_the_list():
    _library(3)
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        dlg = _open_load_by_keys(app)
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DELETE)
        step(app, 2)
        assert dlg._confirm is not None and not dlg.canvas.is_focused      # the question's keys are its own
        key(app, pygame.K_ESCAPE)                                   # only the question closes
        step(app, 2)
        assert app.scene.dialog is dlg and app.focus is dlg.canvas and dlg.canvas.is_focused
        key(app, pygame.K_DELETE)
        step(app, 2)
        key(app, pygame.K_RETURN)                                   # "Move it"
        step(app, 3)
        assert len(dlg.entries) == 2 and app.focus is dlg.canvas and dlg.canvas.is_focused
        key(app, pygame.K_UP)
        assert dlg.selected == 0
    finally:
        app.close()


def test_save_enter_on_the_list_saves_over_the_selected_game_after_asking():
    paths = _library(3)
    app = make_app("--game", "onyx", "--window", "1024x640")
    try:
        sc = board(app)
        key(app, pygame.K_s, CTRL)
        dlg = _dialog(app)
        assert dlg.name_entry is not None and dlg.name_entry.is_focused   # saving: the name keeps the keyboard
        tab_to(app, dlg.canvas)
        assert dlg.canvas.is_focused and not dlg.name_entry.is_focused
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)
        assert dlg.selected == 1 and dlg.name_entry.get_text() == paths[1].stem
        key(app, pygame.K_RETURN)
        step(app, 2)
        assert sc.dialog is not None and sc.dialog_kind == "overwrite"     # "Replace the file?"
        assert sc.path_to_overwrite == paths[1]
    finally:
        app.close()


def test_the_keys_sheet_opens_from_the_list():
    _library(2)
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        dlg = _open_load_by_keys(app)
        assert dlg.canvas.is_focused
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT,
                                             unicode="?", scancode=0))
        step(app, 2)
        assert app.keys_overlay is not None
    finally:
        app.close()


# ---------------------------------------------------------------- 2. "Other folder…" and Escape
def test_escape_cancel_and_close_in_other_folder_go_back_to_the_library():
    folder = records_dir()
    _library(2)
    app = make_app("--game", "onyx", "--window", "1024x640")
    try:
        sc = board(app)
        key(app, pygame.K_s, CTRL)
        dlg = _dialog(app)
        dlg.name_entry.set_text("my evening")
        for how in ("escape", "cancel", "close"):
            click_widget(app, dlg.buttons["other"])
            other = sc.dialog
            assert other is not None and other is not dlg and not dlg.visible
            if how == "escape":
                key(app, pygame.K_ESCAPE)
            else:
                click_widget(app, other.cancel_button if how == "cancel" else other.close_window_button)
                step(app, 2)
            assert not other.alive(), how
            assert sc.dialog is dlg and dlg.visible and sc.dialog_kind == "save", how
            assert dlg.folder == folder and dlg.name_entry.get_text() == "my evening", how
            assert isinstance(app.scene, BoardScene)
        key(app, pygame.K_ESCAPE)                                   # then Escape closes the library
        assert sc.dialog is None and not dlg.alive()
    finally:
        app.close()


def test_a_file_picked_in_other_folder_opens_and_the_library_goes(tmp_path):
    text = _record("onyx", ["f6", "h12"], 3)
    elsewhere = tmp_path / "away.txt"
    elsewhere.write_text(text, encoding="utf-8")
    _library(1)
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        dlg = _open_load_by_keys(app)
        tab_to(app, dlg.buttons["other"])
        key(app, pygame.K_RETURN)                                   # "Other folder…" by the keyboard
        step(app, 2)
        other = app.scene.dialog
        assert other is not dlg and not dlg.visible
        key(app, pygame.K_ESCAPE)
        step(app, 2)
        assert app.scene.dialog is dlg and app.focus is dlg.buttons["other"]   # the ring back where it was
        key(app, pygame.K_RETURN)
        step(app, 2)
        other = app.scene.dialog
        other.file_path_text_line.set_text(str(elsewhere))
        other.current_file_path = elsewhere
        other.ok_button.enable()
        click_widget(app, other.ok_button)
        settle(app)
        assert not dlg.alive()
        assert board(app).panel.status.startswith("Loaded away.txt:")
    finally:
        app.close()


def test_the_ring_goes_into_other_folder_back_to_the_library_then_to_load():
    _library(2)
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        menu = app.scene
        dlg = _open_load_by_keys(app)
        tab_to(app, dlg.buttons["other"])
        key(app, pygame.K_RETURN)
        step(app, 2)
        other = menu.dialog
        assert app.focus is other.first_ring() and app.focus in focus_ui.focusables(app)   # the ring went in
        key(app, pygame.K_ESCAPE)
        step(app, 2)
        assert menu.dialog is dlg and app.focus is dlg.buttons["other"]
        key(app, pygame.K_ESCAPE)
        step(app, 2)
        assert menu.dialog is None and app.focus is menu.load_btn   # where the keyboard opened the library
    finally:
        app.close()


# ---------------------------------------------------------------- 3. a folder of that name
def test_a_save_name_that_is_a_folder_is_refused_in_the_dialog():
    folder = records_dir() / "mysave.txt"
    folder.mkdir(parents=True)
    app = make_app("--game", "onyx", "--window", "1024x640")
    try:
        sc = board(app)
        key(app, pygame.K_s, CTRL)
        dlg = _dialog(app)
        dlg.name_entry.set_text("mysave")
        key(app, pygame.K_RETURN)
        step(app, 3)
        assert list(folder.iterdir()) == []                         # nothing written inside it
        assert sorted(p.name for p in records_dir().iterdir()) == ["mysave.txt"]
        assert sc.dialog is dlg and dlg.alive()                     # the player picks another name
        assert dlg.note == "A folder named mysave.txt is in the way: type another name." and dlg.note_kind == "warn"
        dlg.name_entry.set_text("mysave 2")
        key(app, pygame.K_RETURN)
        step(app, 3)
        assert (records_dir() / "mysave 2.txt").is_file() and sc.dialog is None
    finally:
        app.close()


# ---------------------------------------------------------------- 4. a folder that cannot be opened
@pytest.mark.parametrize("mode", ["load", "save"])
def test_a_games_folder_that_cannot_be_opened_says_so(mode, monkeypatch):
    where = records_dir()
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text("not a folder", encoding="utf-8")             # a plain file where the folder goes
    app = make_app("--game", "onyx", "--window", "1024x640") if mode == "save" else make_app("--window", "1024x640")
    try:
        settle(app)
        if mode == "save":
            key(app, pygame.K_s, CTRL)
        else:
            click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        said = _drawn(dlg, monkeypatch)
        shown = " ".join(t for n, t in sorted(said.items()) if n.startswith("empty"))
        assert "No saved games" not in dlg.note and "Nothing saved" not in shown and "No saved games" not in shown
        assert dlg.note == "This folder cannot be opened: Other folder… chooses another." and dlg.note_kind == "error"
        assert shown.startswith("Cannot open ") and "part of its path is not a folder" in shown, shown
    finally:
        app.close()


def test_a_games_folder_without_permission_says_why(monkeypatch):
    _library(2)
    where = records_dir()
    real = Path.iterdir

    def refused(self):
        if self == where:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)
    monkeypatch.setattr(Path, "iterdir", refused)         # (the tests may run as root: no chmod)
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        said = _drawn(dlg, monkeypatch)
        shown = " ".join(t for n, t in sorted(said.items()) if n.startswith("empty"))
        assert dlg.entries == [] and dlg.note_kind == "error"
        assert shown.startswith("Cannot open ") and "you have no permission to do that there" in shown, shown
    finally:
        app.close()


# ---------------------------------------------------------------- 5. unreadable rows name their file
def test_an_unreadable_record_is_named_in_its_row(monkeypatch):
    _library(1)
    _write("broken game.txt", '[Game "onyx"]\n\n1. zz99 qq77\n', age_days=5)
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        said = _drawn(dlg, monkeypatch)
        i = next(k for k, e in enumerate(dlg.entries) if e.path.name == "broken game.txt")
        assert not dlg.entries[i].openable and dlg.entries[i].warning
        row = [t for n, t in said.items() if n.startswith(f"row {i} ")]
        assert any(dlg.entries[i].warning == t for t in row), row          # why it does not open
        assert any(t.endswith("broken game.txt") for t in row), row         # and which file it is
        assert said.get(f"row {i} detail", "") == ""                        # (no result, no length)
    finally:
        app.close()


# ---------------------------------------------------------------- 6. names of dots
@pytest.mark.parametrize("typed", ["..", ".", " . . ", "...   "])
def test_a_name_of_only_dots_says_it_cannot_be_a_files_name(typed):
    app = make_app("--game", "onyx", "--window", "1024x640")
    try:
        sc = board(app)
        key(app, pygame.K_s, CTRL)
        dlg = _dialog(app)
        dlg.name_entry.set_text(typed)
        key(app, pygame.K_RETURN)
        step(app, 3)
        assert sc.dialog is dlg and dlg.note == "A file's name cannot be only dots and spaces: type another name."
        assert not any(records_dir().iterdir())
        dlg.name_entry.set_text("")                                  # nothing typed: as before
        key(app, pygame.K_RETURN)
        step(app, 3)
        assert dlg.note == "Type a name for the file first."
    finally:
        app.close()


# ---------------------------------------------------------------- 7. the footer's count
def test_the_footer_counts_the_saved_games_listed():
    _library(10)
    _write("notes.txt", "shopping: milk\n", age_days=30)           # listed, no game record
    last_game_path().write_text(_record("onyx", ["f6", "h12", "g8", "k10"], 28), encoding="utf-8")
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        assert len(dlg.entries) == 12                               # 10 games, the notes, the last game
        assert dlg.note == "10 saved games, newest first.", dlg.note
        click_widget(app, dlg.buttons["sort_game"])
        assert dlg.note == "10 saved games, by game."
    finally:
        app.close()
