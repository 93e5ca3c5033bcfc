"""The game library (issue 25 item 4): the dialog behind Load… and Save….

Records listed with a picture of their final position, game, players, result, length and date,
sorted by date, game or result; reading and pictures done lazily, one piece a frame, cached per
file; damaged files listed with a warning (and still opened); Delete… moves to a trash folder;
Save with a name field; "Other folder…" is the stock file dialog. Also the storage helpers
behind it, the settings' short folder name and the menu's message that goes once it was seen.
"""
from __future__ import annotations

import datetime
import os
import random
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog

from game.rules import make_game
from game.rules.record import format_record, parse_record, record_from_game
from game.scenes import library as L
from game.scenes.library import LibraryDialog
from game.scenes.menu import MenuScene
from game.storage import (friendly_path, list_record_files, records_dir, scan_record, trash_record)
from game.ui.thumbnail import ThumbnailCache, position_picture

from ui_helpers import board, click, click_widget, key, make_app, settle, step


def _record(name: str, seed: int, plies: int, players=("Ann", "Bob"), day: int = 1) -> tuple[str, list[str]]:
    g = make_game(name)
    rng = random.Random(seed)
    while not g.is_over and g.ply < plies:
        g.play(rng.choice(g.legal_moves()))
    rec = record_from_game(g, list(players), datetime.date(2026, 1, day))
    return format_record(rec), list(parse_record(format_record(rec)).moves)


def _write(name: str, text: str, age_days: float = 0.0) -> Path:
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    t = 1_700_000_000 - age_days * 86400
    os.utime(path, (t, t))
    return path


def _library(n: int = 3) -> list[Path]:
    out = []
    for k in range(n):
        game = ("amoeba", "onyx", "onager")[k % 3]
        text, _ = _record(game, k, 30 + 7 * k, day=1 + k)
        out.append(_write(f"{game} {k}.txt", text, age_days=n - k))
    return out


def _dialog(app) -> LibraryDialog:
    dlg = app.scene.dialog
    assert isinstance(dlg, LibraryDialog), dlg
    return dlg


def _row_center(dlg: LibraryDialog, i: int) -> tuple[int, int]:
    dlg.show_selected()
    r = dlg.list_rect.move(dlg.canvas.rect.topleft)
    return (r.x + r.w // 3, r.y + 1 + i * dlg.row_h - dlg.scroll + dlg.row_h // 2)


# ---------------------------------------------------------------- storage
def test_listing_reads_headers_only_and_keeps_what_is_not_a_record():
    paths = _library(3)
    _write("notes.txt", "shopping list\n")
    infos = list_record_files()
    assert {i.name for i in infos} == {p.name for p in paths} | {"notes.txt"}
    by = {i.name: i for i in infos}
    onyx = by["onyx 1.txt"]
    rec = parse_record(paths[1].read_text(encoding="utf-8"))
    assert (onyx.game, onyx.black, onyx.white, onyx.date) == ("onyx", "Ann", "Bob", "2026-01-02")
    assert onyx.result == rec.result_word and onyx.key[0] == str(paths[1]) and onyx.size == paths[1].stat().st_size
    assert onyx.moves == rec.tree.root.end().slot.number           # the last numbered row
    assert by["notes.txt"].problem and not by["notes.txt"].game
    assert scan_record(records_dir() / "gone.txt").problem


def test_trash_moves_the_file_and_never_overwrites():
    p = _write("a.txt", "x")
    first = trash_record(p)
    assert not p.exists() and first.read_text() == "x" and first.parent.name == "trash"
    p2 = _write("a.txt", "y")
    second = trash_record(p2)
    assert second != first and second.read_text() == "y" and first.read_text() == "x"
    assert "trash" not in {i.name for i in list_record_files()}


def test_friendly_path_leaves_random_folders_out():
    home = Path.home()
    assert friendly_path(home / ".local" / "share" / "abstract-trio") == "~/…/share/abstract-trio"
    assert friendly_path(home / "games") == "~/games"
    short = friendly_path("/tmp/pytest-of-x/pytest-12/test_abc0/home/games")
    assert short == "…/home/games" and "pytest" not in short


# ---------------------------------------------------------------- pictures
def test_each_game_draws_its_final_position_and_the_cache_is_bounded():
    pygame.display.init()
    pygame.display.set_mode((100, 100))
    for name in ("amoeba", "onyx", "onager"):
        g = make_game(name)
        pic = position_picture(name, g.options(), g.stacks(), (64, 64))
        assert pic.get_size() == (64, 64)
        assert pic.get_bounding_rect().w > 40          # something was drawn
    text, _ = _record("onyx", 3, 20)
    rec = parse_record(text)
    cache = ThumbnailCache(limit=2)
    a = cache.make(("f", 1, 1), rec, (40, 40))
    assert cache.make(("f", 1, 1), rec, (40, 40)) is a and cache.made == 1
    cache.make(("f", 2, 1), rec, (40, 40))
    cache.make(("f", 3, 1), rec, (40, 40))
    assert len(cache) == 2 and cache.get(("f", 1, 1), (40, 40)) is None


# ---------------------------------------------------------------- the dialog
def test_opening_does_no_reading_or_drawing_then_one_piece_a_frame():
    L.THUMBS.clear()
    L._PARSED.clear()
    _library(12)
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        click_widget(app, menu.load_btn)     # the press is handled in the second frame: it opens there
        dlg = _dialog(app)
        made = L.THUMBS.made
        parsed = sum(e.parsed for e in dlg.entries)
        assert len(dlg.entries) == 12 and parsed + made == 1      # the frame it opened in did one piece
        assert dlg.entries[0].path.name == "onager 11.txt"          # newest first, selected
        counts = []
        for _ in range(6):
            app.step(1 / 60)
            counts.append(sum(e.parsed for e in dlg.entries) + L.THUMBS.made)
        assert all(b - a == 1 for a, b in zip([parsed + made] + counts, counts))   # one piece a frame
        assert pygame.event.peek(L.WAKE)                  # an idle loop is woken for the next piece
        step(app, 60)
        assert all(e.parsed for e in dlg.entries)
        done = L.THUMBS.made
        key(app, pygame.K_ESCAPE)
        assert menu.dialog is None and not dlg.alive()
        # opened again: everything comes from the caches (per file: path, modified time, size)
        click_widget(app, menu.load_btn)
        dlg = _dialog(app)
        step(app, 20)
        assert L.THUMBS.made == done
        touched = dlg.entries[0].path
        os.utime(touched, (1_800_000_000, 1_800_000_000))
        key(app, pygame.K_ESCAPE)
        click_widget(app, menu.load_btn)
        step(app, 20)
        assert L.THUMBS.made > done                       # a changed file gets a new picture
    finally:
        app.close()


def test_rows_say_game_players_result_length_and_sort_by_game_and_result():
    text_a, _ = _record("amoeba", 4, 400, players=("Cleo", "Dan"), day=3)
    text_o, moves_o = _record("onyx", 2, 12, day=9)
    _write("a.txt", text_a, age_days=5)
    _write("o.txt", text_o, age_days=1)
    app = make_app("--window", "1024x640")
    try:
        click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        dlg.settle()
        names = [e.path.name for e in dlg.entries]
        assert names == ["o.txt", "a.txt"]                 # by date, newest first
        rec_a = parse_record(text_a)
        a = dlg.entries[1]
        assert a.moves == rec_a.tree.root.end().slot.number and a.moves > 0
        texts = " | ".join(t for t, *_ in [(n,) for n, *_ in dlg.layout_rects()])
        assert "row 1 title" in texts and "preview game" in texts
        click_widget(app, dlg.buttons["sort_game"])
        assert [e.path.name for e in dlg.entries] == ["a.txt", "o.txt"] and dlg.sort_key == "game"
        click_widget(app, dlg.buttons["sort_result"])
        won = [e.info.result for e in dlg.entries]
        assert won == sorted(won, key=lambda w: L._RESULT_ORDER[w])
        assert L.result_words("white", "resign") == "White won (resigned)"
        assert L.result_words("*") == "Not finished"
    finally:
        app.close()


def test_double_click_opens_a_game_from_the_menu():
    _library(2)
    text, moves = _record("onyx", 7, 14)
    path = _write("mine.txt", text, age_days=0)
    app = make_app("--window", "1024x640")
    try:
        click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        i = next(k for k, e in enumerate(dlg.entries) if e.path == path)
        pos = _row_center(dlg, i)
        click(app, pos, frames=1)
        assert dlg.selected == i and app.scene.dialog is dlg
        click(app, pos, frames=2)
        settle(app)
        sc = board(app)
        assert [pm.text for pm in sc.match.history] == moves and "Loaded mine.txt" in sc.panel.status
        assert not dlg.alive()
    finally:
        app.close()


def test_a_damaged_record_is_listed_with_a_warning_and_opens_its_good_moves():
    bad = _write("damaged.txt", '[Game "onyx"]\n[Black "x"]\n\n1. a1 b2\n2. zz99\n')
    app = make_app("--game", "onyx", "--window", "1024x640")
    try:
        sc = board(app)
        key(app, pygame.K_o, pygame.KMOD_CTRL)
        dlg = _dialog(app)
        assert sc.dialog_kind == "load"
        dlg.pick(bad)
        step(app, 3)
        e = dlg.entries[dlg.selected]
        assert e.openable and e.warning.startswith("Damaged") and "zz99" in e.warning
        assert any(n.startswith("preview") for n, *_ in dlg.layout_rects())
        key(app, pygame.K_RETURN)
        settle(app)
        sc2 = board(app)
        assert sc2 is not sc and [pm.text for pm in sc2.match.history] == ["a1", "b2"]
        assert "damaged.txt is damaged" in sc2.panel.status
    finally:
        app.close()


def test_delete_asks_then_moves_the_file_to_the_trash():
    paths = _library(3)
    app = make_app("--window", "1024x640")
    try:
        click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        target = dlg.entries[0].path
        click_widget(app, dlg.buttons["delete"])
        assert dlg._confirm is not None and target.exists()
        click_widget(app, dlg._confirm.cancel_button)
        step(app, 2)
        assert dlg._confirm is None and target.exists() and app.scene.dialog is dlg
        key(app, pygame.K_DELETE)
        assert dlg._confirm is not None
        click_widget(app, dlg._confirm.confirm_button)
        step(app, 2)
        assert not target.exists() and (target.parent / "trash" / target.name).exists()
        assert target not in [e.path for e in dlg.entries] and len(dlg.entries) == 2
        assert "trash" in dlg.note and app.scene.dialog is dlg
        assert {p for p in paths if p.exists()} == {e.path for e in dlg.entries}
        click_widget(app, dlg.cancel_button)
        step(app, 2)
        assert app.scene.dialog is None
    finally:
        app.close()


def test_save_prefills_a_name_enter_saves_and_an_existing_name_asks():
    _library(1)
    app = make_app("--game", "onyx", "--window", "1024x640")
    try:
        sc = board(app)
        key(app, pygame.K_s, pygame.KMOD_CTRL)
        dlg = _dialog(app)
        assert sc.dialog_kind == "save" and dlg.name_entry.get_text().startswith(datetime.date.today().isoformat())
        assert "Onyx" in dlg.name_entry.get_text() and dlg.name_entry.is_focused
        dlg.name_entry.set_text("evening game")
        key(app, pygame.K_RETURN)
        step(app, 2)                     # the entry's Enter, then the library's answer
        saved = records_dir() / "evening game.txt"
        assert saved.exists() and "Saved" in sc.panel.status and sc.dialog is None
        # the list shows what is there; a click on a row takes its name; saving over it asks
        key(app, pygame.K_s, pygame.KMOD_CTRL)
        dlg = _dialog(app)
        i = next(k for k, e in enumerate(dlg.entries) if e.path == saved)
        click(app, _row_center(dlg, i))
        assert dlg.name_entry.get_text() == "evening game"
        click_widget(app, dlg.ok_button)
        step(app, 2)
        assert sc.dialog is not None and sc.dialog_kind == "overwrite"
        click_widget(app, sc.dialog.cancel_button)      # No: back in the library, the name kept
        step(app, 2)
        again = _dialog(app)
        assert sc.dialog is again and sc.dialog_kind == "save" and again.name_entry.get_text() == "evening game"
        again.name_entry.set_text("another evening")
        click_widget(app, again.ok_button)
        step(app, 2)
        assert (records_dir() / "another evening.txt").exists() and sc.dialog is None
    finally:
        app.close()


def test_other_folder_opens_the_stock_file_dialog_and_escape_closes():
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        assert isinstance(menu, MenuScene)
        click_widget(app, menu.load_btn)
        dlg = _dialog(app)
        click_widget(app, dlg.buttons["other"])
        assert isinstance(menu.dialog, UIFileDialog) and menu.dialog_kind == "load" and not dlg.visible
        key(app, pygame.K_ESCAPE)                   # the file dialog closes: back to the library
        assert menu.dialog is dlg and dlg.visible and menu.dialog_kind == "load" and dlg.mode == "load"
        key(app, pygame.K_ESCAPE)                   # then the library
        assert menu.dialog is None and not dlg.alive()
        click_widget(app, menu.load_btn)
        dlg = _dialog(app)
        assert dlg.entries == [] and "No saved games" in " ".join(dlg.note.split())
        click_widget(app, dlg.close_window_button)
        step(app, 2)
        assert menu.dialog is None and app.scene is menu
    finally:
        app.close()


def test_the_library_follows_a_window_resize():
    _library(2)
    app = make_app("--window", "1024x640")
    try:
        click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        app.resize((3840, 2160))
        step(app, 2)
        win = pygame.Rect((0, 0), app.size)
        assert win.contains(dlg.rect) and dlg.rect.w > 1500
        assert all(win.contains(pygame.Rect(r)) for _, r, *_ in dlg.layout_rects())
    finally:
        app.close()


# ---------------------------------------------------------------- the menu's message, the settings' folder
def test_the_menus_message_goes_once_it_was_seen():
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        assert isinstance(menu, MenuScene)
        menu.set_message("The saved game could not be read (line 3). It was kept as x.txt.", "warn")
        click_widget(app, menu.settings_btn)
        settle(app)
        assert app.scene is not menu
        key(app, pygame.K_ESCAPE)
        settle(app)
        assert app.scene is menu and menu.message == ""
    finally:
        app.close()


def test_settings_name_their_folder_in_short():
    from game.settings import settings_path
    app = make_app("--scene", "settings", "--window", "1024x640")
    try:
        text, *_ = app.scene._saved_in()
        folder = settings_path().parent
        assert text.startswith("Saved in ") and str(folder) not in text and folder.name in text
        assert len(text) < len("Saved in ") + 40
    finally:
        app.close()


def test_the_last_finished_game_is_listed_until_it_is_saved():
    # a game finished and left unsaved was kept only as last-game.txt, which Load did not list:
    # once the game-over screen was left, it could not be opened or reviewed again
    from game.storage import last_game_path
    paths = _library(2)
    g = make_game("onyx")
    for m in ["f6", "h12"]:
        g.play(g.parse_move(m))
    rec = record_from_game(g, ["You", "Computer (Easy)"], datetime.date(2026, 12, 7))
    from game.rules.base import Color, Reason, Result
    rec.result = Result(Color.WHITE, Reason.RESIGN)
    text = format_record(rec)
    last_game_path().parent.mkdir(parents=True, exist_ok=True)
    last_game_path().write_text(text, encoding="utf-8")
    app = make_app("--window", "1024x640")
    try:
        click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        last = [e for e in dlg.entries if e.path == last_game_path()]
        assert len(last) == 1 and last[0].label == "the last game you finished, not saved"
        assert len(dlg.entries) == len(paths) + 1
        dlg.pick(last_game_path())
        step(app, 3)
        key(app, pygame.K_RETURN)
        settle(app)
        sc = board(app)
        assert [pm.text for pm in sc.match.history] == ["f6", "h12"] and sc.match.is_over
        assert sc.panel.status.startswith("Loaded the last game you finished: 1 move.")   # not its file's name
    finally:
        app.close()
    _write("kept.txt", text)                              # saved: the saved file stands for it
    app = make_app("--window", "1024x640")
    try:
        click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        assert all(e.path != last_game_path() for e in dlg.entries) and len(dlg.entries) == len(paths) + 1
    finally:
        app.close()


def test_deleting_the_last_finished_game_names_it_in_words():
    from game.storage import last_game_path
    g = make_game("onyx")
    g.play(g.parse_move("f6"))
    last_game_path().parent.mkdir(parents=True, exist_ok=True)
    last_game_path().write_text(format_record(record_from_game(g, ["You", "Computer (Easy)"],
                                                               datetime.date(2026, 12, 7))), encoding="utf-8")
    app = make_app("--window", "1024x640")
    try:
        click_widget(app, app.scene.load_btn)
        dlg = _dialog(app)
        dlg.pick(last_game_path())
        step(app, 2)
        dlg.ask_delete()
        step(app, 2)
        words = dlg._confirm.body.html_text
        assert "the last game you finished, not saved" in words and "last-game.txt" not in words, words
        dlg.delete_confirmed()
        step(app, 2)
        assert not last_game_path().exists()
    finally:
        app.close()
