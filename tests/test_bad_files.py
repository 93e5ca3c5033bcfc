"""Files and names the system or the parsers refuse: never a crash, never a file lost.

A data file nested too deep for Python's parsers (a RecursionError, not a decode error) is
damaged like any other: set aside, the game starts afresh. A file name longer than the system
takes is refused with words that say so, before anything is written; a record named GAME.TXT
is listed; a screenshot the system refuses at the last moment ends with a message.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game import levels as L
from game.cli import output_problem
from game.progress import load_progress, progress_path
from game.puzzles.store import load_store, store_path
from game.scenes import files
from game.settings import Settings, load_settings, settings_path
from game.storage import NAME_MAX_BYTES, StorageError, atomic_write_text, list_record_files, name_fits
from game.ui.problems import storage_words

from ui_helpers import board, key, make_app, step

MAIN = str(Path(__file__).resolve().parent.parent / "main.py")
DEEP_JSON = "[" * 100_000 + "]" * 100_000
DEEP_TOML = "x = " + "[" * 20_000 + "]" * 20_000 + "\n"


def _kept(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.stem}.corrupt-*{path.suffix}"))


# ---------------------------------------------------------------- nested too deep
def test_settings_nested_too_deep_start_with_the_defaults_and_are_kept():
    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(DEEP_TOML, encoding="utf-8")
    settings, notes = load_settings()
    assert settings == Settings() and len(notes) == 1
    assert not p.exists() and [k.read_text(encoding="utf-8") for k in _kept(p)] == [DEEP_TOML]


def test_puzzle_store_nested_too_deep_starts_afresh_and_is_kept():
    p = store_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(DEEP_JSON, encoding="utf-8")
    store, note = load_store()
    assert note is not None and "damaged" in note and store.last_game == ""
    assert not p.exists() and len(_kept(p)) == 1


@pytest.mark.parametrize("text,word", [
    (DEEP_JSON, "damaged"),
    ("{ not json", "damaged"),
    (json.dumps({"version": 99, "done": ["onyx/lesson/1"]}), "unknown format"),   # a later version's
])
def test_tutorial_progress_that_cannot_be_used_is_kept_not_overwritten(text, word):
    p = progress_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    progress, note = load_progress()
    assert progress.done == set() and note is not None and word in note
    kept = _kept(p)
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
    assert kept[0].name in note and not p.exists()


def test_a_level_file_nested_too_deep_is_a_level_error(tmp_path):
    f = tmp_path / "deep.toml"
    f.write_text(DEEP_TOML, encoding="utf-8")
    with pytest.raises(L.LevelError):
        L.load_course(f)


# ---------------------------------------------------------------- names
def test_a_name_as_long_as_the_system_takes_is_saved_and_a_longer_one_is_refused_in_words(tmp_path):
    fits = "あ" * ((NAME_MAX_BYTES - 4) // 3) + ".txt"          # 253 bytes: its temporary file is longer
    assert name_fits(fits)
    assert atomic_write_text(tmp_path / fits, "x").read_text(encoding="utf-8") == "x"
    assert [p.name for p in tmp_path.iterdir()] == [fits]        # no temporary file left
    too_long = "あ" * 100 + ".txt"
    assert not name_fits(too_long)
    with pytest.raises(StorageError) as caught:
        atomic_write_text(tmp_path / too_long, "x")
    assert caught.value.failure == "name-too-long"
    assert storage_words(caught.value).endswith("its name is too long.")
    assert [p.name for p in tmp_path.iterdir()] == [fits]


def test_a_record_named_in_capitals_is_listed(tmp_path):
    (tmp_path / "FINAL.TXT").write_text('[Game "onyx"]\n', encoding="utf-8")
    (tmp_path / "notes.md").write_text("x", encoding="utf-8")
    assert [i.name for i in list_record_files(tmp_path)] == ["FINAL.TXT"]


def test_saving_under_a_name_too_long_says_so_and_writes_nothing():
    app = make_app("--game", "onyx", "--window", "1024x640")
    try:
        sc = board(app)
        key(app, pygame.K_s, pygame.KMOD_CTRL)
        dlg = sc.dialog
        dlg.name_entry.set_text("あ" * 120)
        key(app, pygame.K_RETURN)
        step(app, 2)
        assert app.running and dlg.alive() and dlg.note_kind == "warn" and "too long" in dlg.note
        assert list_record_files(dlg.folder) == []
    finally:
        app.close()


@pytest.mark.parametrize("typed,words", [("あ" * 120, "too long"), ("", "Type a name")])
def test_the_other_folder_dialog_refuses_a_name_the_system_would_not_take(tmp_path, typed, words):
    app = make_app("--game", "onyx", "--window", "1024x640")
    try:
        sc = board(app)
        sc.dialog, sc.dialog_kind = object(), "save"
        event = SimpleNamespace(ui_element=sc.dialog, text=str(tmp_path / typed) if typed else "")
        assert files.path_picked(sc, event)
        assert words in sc.panel.status and sc.panel.status_kind == "warn"
        assert list(tmp_path.iterdir()) == []
    finally:
        app.close()


# ---------------------------------------------------------------- the command line
def test_a_screenshot_the_system_refuses_at_the_end_is_a_message(tmp_path):
    target = Path("/proc/trio-screenshot.png")     # (as root) a folder that passes the checks, takes no file
    if output_problem(str(target), "--screenshot"):
        pytest.skip("here /proc is refused before the game starts")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.run([sys.executable, MAIN, "--frames", "1", "--screenshot", str(target)], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.startswith(f"main.py: cannot save the screenshot {target}: ")


def test_a_folder_picked_in_the_other_folder_dialog_takes_the_game_under_its_offered_name(tmp_path):
    # picking the folder /x itself (not a file in it) saved the game as /x.txt beside it
    target = tmp_path / "club"
    target.mkdir()
    app = make_app("--game", "onyx", "--window", "1024x640")
    try:
        sc = board(app)
        sc.dialog, sc.dialog_kind = object(), "save"
        assert files.path_picked(sc, SimpleNamespace(ui_element=sc.dialog, text=str(target)))
        saved = list(target.iterdir())
        assert len(saved) == 1 and saved[0].suffix == ".txt" and "Onyx" in saved[0].name, saved
        assert not (tmp_path / "club.txt").exists() and "Saved" in sc.panel.status
    finally:
        app.close()


def test_a_data_file_that_is_not_text_is_not_asked_about_as_a_game_record():
    # a damaged puzzles.json was said to be "not text this program can read (UTF-8): is it a
    # game record?" - a question about the wrong kind of file
    p = store_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(b"\xff\xfe\x00binary")
    _store, note = load_store()
    assert note is not None and "UTF-8" in note and "record" not in note
    record = p.parent / "game.txt"
    record.write_bytes(b"\xff\xfe binary")
    with pytest.raises(StorageError) as caught:
        from game.storage import load_record
        load_record(record)
    assert storage_words(caught.value).endswith("is it a game record?")
