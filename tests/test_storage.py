"""Files: atomic writes, the autosave surviving a kill, records chosen by the player."""
from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest

from game import storage
from game.rules import make_game
from game.rules.base import Color, Game, Result
from game.rules.record import RecordError, format_record, record_from_game
from game.storage import StorageError
from game.ui.words import record_file_words


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    return tmp_path


def game_text(seed: int, plies: int, name: str = "amoeba", ui: Result | None = None) -> str:
    game: Game = make_game(name)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.result is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    return format_record(record_from_game(game, ("Ann", "Bob"), "2026-11-29", ui))


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ------------------------------------------------------------------ folders
def test_env_variable_chooses_the_folder(home: Path) -> None:
    assert storage.data_dir() == home and storage.config_dir() == home
    assert storage.autosave_path() == home / "autosave.txt"


def test_platformdirs_folders_without_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(storage.HOME_ENV)
    assert "abstract-trio" in str(storage.data_dir())
    assert "abstract-trio" in str(storage.config_dir())


# ------------------------------------------------------------------ atomic writes
def test_atomic_write_creates_replaces_and_leaves_no_temp(home: Path) -> None:
    target = home / "sub" / "dir" / "file.txt"
    storage.atomic_write_text(target, "one\n")
    storage.atomic_write_text(target, "two ünïcode\n")
    assert target.read_text(encoding="utf-8") == "two ünïcode\n"
    assert names(target.parent) == ["file.txt"]


def test_atomic_write_refuses_a_folder_and_a_file_as_folder(home: Path) -> None:
    (home / "folder").mkdir()
    with pytest.raises(StorageError, match="folder"):
        storage.atomic_write_text(home / "folder", "x")
    (home / "plain").write_text("x")
    with pytest.raises(StorageError):
        storage.atomic_write_text(home / "plain" / "inside.txt", "x")


def test_failed_replace_keeps_the_previous_autosave(home: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    first = game_text(1, 10)
    storage.save_autosave(first)

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(storage.os, "replace", broken_replace)
        with pytest.raises(StorageError, match="No space left"):
            storage.save_autosave(game_text(1, 12))
    assert storage.autosave_path().read_text(encoding="utf-8") == first
    assert names(home) == ["autosave.txt"]          # the temporary file was cleaned up
    record, message = storage.load_autosave()
    assert message is None and record is not None and len(record.moves) == 10


class Killed(BaseException):
    """Stands for the process dying: no except clause of the program runs."""


@pytest.mark.parametrize("where", ["fsync", "replace"])
def test_kill_during_a_write_leaves_the_previous_autosave(home: Path, where: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    first = game_text(2, 8)
    storage.save_autosave(first)

    def kill(*args: object) -> None:
        raise Killed()

    with monkeypatch.context() as patch:
        patch.setattr(storage.os, where, kill)
        with pytest.raises(Killed):
            storage.save_autosave(game_text(2, 9))
    temps = [n for n in names(home) if n.endswith(".tmp")]
    assert len(temps) == 1                          # what a real kill leaves behind
    assert storage.autosave_path().read_text(encoding="utf-8") == first
    record, message = storage.load_autosave()
    assert message is None and record is not None and len(record.moves) == 8
    # a young temp file may belong to a write in progress: kept; an old one is removed
    assert temps[0] in names(home)
    old = time.time() - 3600
    os.utime(home / temps[0], (old, old))
    storage.load_autosave()
    assert names(home) == ["autosave.txt"]


def test_half_written_temp_file_is_never_read_as_the_autosave(home: Path) -> None:
    good = game_text(3, 6)
    storage.save_autosave(good)
    (home / ".autosave.txt.abc123.tmp").write_text(game_text(3, 20)[:50], encoding="utf-8")
    record, message = storage.load_autosave()
    assert message is None and record is not None and len(record.moves) == 6


# ------------------------------------------------------------------ autosave
def test_no_autosave(home: Path) -> None:
    assert storage.load_autosave() == (None, None)


def test_autosave_round_trip_with_record_object(home: Path) -> None:
    text = game_text(4, 15, "onyx")
    storage.save_autosave(text)
    record, message = storage.load_autosave()
    assert message is None and record is not None
    storage.save_autosave(record)
    assert storage.autosave_path().read_text(encoding="utf-8") == text


@pytest.mark.parametrize("content", [
    b"garbage that is not a record",
    b'[Game "amoeba"]\n\n1. c3-d4 c3-d4\n',
    b'[Game "amoeba"]\n[Result "\xff\xfe"]\n',
    b"x" * (storage.MAX_FILE_BYTES + 1),
    b"",
])
def test_corrupt_autosave_is_moved_aside_with_a_message(home: Path, content: bytes) -> None:
    storage.autosave_path().write_bytes(content)
    record, message = storage.load_autosave()
    assert record is None and message is not None
    kept = home / "autosave.corrupt-1.txt"
    assert str(kept) in message and "could not be read" in message
    assert kept.read_bytes() == content              # never deleted
    assert not storage.autosave_path().exists()
    # a second corrupt autosave does not overwrite the first one
    storage.autosave_path().write_bytes(b"more garbage")
    record, message = storage.load_autosave()
    assert record is None and message is not None and "autosave.corrupt-2.txt" in message
    assert kept.read_bytes() == content
    assert storage.load_autosave() == (None, None)


def test_corrupt_autosave_message_names_the_line(home: Path) -> None:
    storage.autosave_path().write_text('[Game "amoeba"]\n\n1. c3-d4 c3-d4\n', encoding="utf-8")
    _, message = storage.load_autosave()
    assert message is not None and "line 3: move 1 (White) 'c3-d4' refused" in message


def test_clear_autosave_keeps_a_finished_game(home: Path) -> None:
    finished = game_text(5, 1000)
    assert '[Result "*"]' not in finished
    storage.save_autosave(finished)
    assert storage.clear_autosave() == home / "last-game.txt"
    assert names(home) == ["last-game.txt"]
    last = storage.load_last_game()
    assert last is not None and last.result is not None
    assert storage.load_autosave() == (None, None)


def test_clear_autosave_with_the_final_record(home: Path) -> None:
    storage.save_autosave(game_text(6, 10))
    final = game_text(6, 10, ui=Result(Color.WHITE, "resign"))
    assert storage.clear_autosave(final) == home / "last-game.txt"
    assert names(home) == ["last-game.txt"]
    last = storage.load_last_game()
    assert last is not None and last.result == Result(Color.WHITE, "resign")


def test_starting_anew_drops_the_unfinished_autosave_but_not_the_last_game(home: Path) -> None:
    storage.clear_autosave(game_text(7, 1000))
    storage.save_autosave(game_text(8, 4))
    assert storage.clear_autosave() is None
    assert names(home) == ["last-game.txt"]
    assert storage.clear_autosave() is None        # nothing to clear: fine


def test_clear_autosave_never_deletes_a_corrupt_file(home: Path) -> None:
    storage.autosave_path().write_text("junk", encoding="utf-8")
    storage.clear_autosave()
    assert (home / "autosave.corrupt-1.txt").read_text(encoding="utf-8") == "junk"


def test_load_last_game_missing_or_broken(home: Path) -> None:
    assert storage.load_last_game() is None
    storage.last_game_path().write_text("junk", encoding="utf-8")
    assert storage.load_last_game() is None


# ------------------------------------------------------------------ records
def test_save_and_load_a_record(home: Path) -> None:
    text = game_text(9, 30, "onager")
    path = storage.save_record(home / "games" / "my game.txt", text)
    record = storage.load_record(path)
    assert format_record(record) == text
    storage.save_record(path, record)
    assert path.read_text(encoding="utf-8") == text


def test_load_accepts_bom_and_windows_line_ends(home: Path) -> None:
    text = game_text(10, 12)
    path = home / "windows.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert format_record(storage.load_record(path)) == text


@pytest.mark.parametrize("make,words", [
    (lambda p: None, "no such file"),
    (lambda p: p.mkdir(), "folder"),
    (lambda p: p.write_bytes(b"x" * (storage.MAX_FILE_BYTES + 1)), "too large"),
    (lambda p: p.write_bytes('[Game "amoeba"]\n[Black "Zoë"]\n'.encode("latin-1")), "not UTF-8"),
    (lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "not"),
    (lambda p: p.write_bytes(b'[Game "amoeba"]\x00\n'), "NUL"),
])
def test_unreadable_files_give_clear_errors(home: Path, make, words: str) -> None:
    path = home / "record.txt"
    make(path)
    with pytest.raises(StorageError) as info:
        storage.load_record(path)
    assert words in str(info.value)
    assert "record.txt" in str(info.value)


def test_permission_problems_give_clear_errors(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = home / "record.txt"
    path.write_text(game_text(11, 3), encoding="utf-8")

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patch:
        patch.setattr(storage, "open", denied, raising=False)
        with pytest.raises(StorageError, match="permission denied"):
            storage.load_record(path)
    with monkeypatch.context() as patch:
        patch.setattr(storage.tempfile, "mkstemp", denied)
        with pytest.raises(StorageError, match="permission denied"):
            storage.save_record(home / "other.txt", "x")
    assert not (home / "other.txt").exists()


def test_bad_contents_raise_record_error_naming_the_line(home: Path) -> None:
    path = home / "bad.txt"
    path.write_text('[Game "onyx"]\n\n1. a6\n', encoding="utf-8")
    with pytest.raises(RecordError, match=r"line 3: move 1 \(Black\) 'a6' refused"):
        storage.load_record(path)


# ------------------------------------------------------------------ browsing saved games
def test_suggested_names_are_safe_and_free(home: Path) -> None:
    record = storage.load_record(storage.save_record(home / "x.txt", game_text(12, 5)))
    record.headers["Black"] = 'A/B: "C"?'
    first = storage.suggest_record_path(record_file_words(record))
    assert first.parent == storage.records_dir()
    assert first.name == "2026-11-29 Amoeba, A-B- -C-- vs Bob.txt"
    storage.save_record(first, record)
    second = storage.suggest_record_path(record_file_words(record))
    assert second.name == "2026-11-29 Amoeba, A-B- -C-- vs Bob (2).txt"


def test_list_records_newest_first_with_problems_reported(home: Path) -> None:
    folder = storage.records_dir()
    assert storage.list_records() == []
    old = storage.save_record(folder / "old.txt", game_text(13, 4))
    os.utime(old, (time.time() - 100, time.time() - 100))
    storage.save_record(folder / "new.txt", game_text(14, 1000, "onyx"))
    (folder / "broken.txt").write_text('[Game "onyx"]\n\n1. a6\n', encoding="utf-8")
    os.utime(folder / "broken.txt", (time.time() - 50, time.time() - 50))
    (folder / "notes.md").write_text("not a record", encoding="utf-8")
    listed = storage.list_records()
    assert [p.name for p, _, _ in listed] == ["new.txt", "broken.txt", "old.txt"]
    assert listed[0][1] is not None and listed[0][1].game == "onyx" and listed[0][2] is None
    assert listed[1][1] is None and "line 3" in (listed[1][2] or "")
