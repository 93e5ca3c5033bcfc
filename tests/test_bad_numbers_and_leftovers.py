"""Hand-edited files with numbers no float or int takes, unreadable tutorial progress, and the
picture cache's temporary files: loading never crashes, nothing the player did is written
over, and no leftovers pile up."""
from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

import pygame
import pytest

from game import progress as progress_mod
from game import storage
from game.progress import Progress, load_progress, save_progress
from game.puzzles.store import load_store
from game.settings import Settings, load_settings, window_size
from game.storage import StorageError, StorageNote
from game.ui.problems import settings_warning_words
from game.views import picture_cache

HUGE = "1" + "0" * 400          # an int TOML and JSON read, but float() cannot take


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    return tmp_path


# ----------------------------------------------------------------- settings
@pytest.mark.parametrize("line,key", [
    pytest.param('window_size = "²x800"', "window_size", id="superscript"),
    pytest.param('window_size = "1280x٨٠٠"', "window_size", id="arabic-indic"),
    pytest.param(f'window_size = "{"9" * 5000}x800"', "window_size", id="too-many-digits"),
    pytest.param(f"volume = {HUGE}", "volume", id="volume"),
    pytest.param(f"anim_speed = -{HUGE}", "anim_speed", id="anim_speed"),
    pytest.param(f"think_hard = {HUGE}", "think_hard", id="think_hard"),
])
def test_a_number_nothing_takes_is_a_bad_value_not_a_crash(home: Path, line: str, key: str) -> None:
    (home / "settings.toml").write_text(f'{line}\ntheme = "dark"\n', encoding="utf-8")
    s, warn = load_settings()
    assert getattr(s, key) == getattr(Settings(), key) and s.theme == "dark"
    assert len(warn) == 1 and isinstance(warn[0], StorageNote) and warn[0].kind == "setting-value"
    assert warn[0].facts["key"] == key


def test_window_size_takes_ascii_digits_only() -> None:
    assert window_size("1280x800") == (1280, 800) and window_size("1280X800") == (1280, 800)
    assert window_size("²x800") is None and window_size("1280x²") is None and window_size("x800") is None


def test_an_unexpected_error_in_reading_the_values_still_gives_defaults(
        home: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    (home / "settings.toml").write_text('theme = "dark"\n', encoding="utf-8")

    def broken(data):
        raise RuntimeError("a bug")
    monkeypatch.setattr("game.settings.settings_from_dict", broken)
    with caplog.at_level(logging.ERROR, logger="game.settings"):
        s, warn = load_settings()
    assert s == Settings() and len(warn) == 1 and isinstance(warn[0], StorageNote)
    said = settings_warning_words(warn)                              # the window words it truly
    assert "The settings in settings.toml could not be used" in said and "read or written" not in str(said), said
    logged = [r for r in caplog.records if r.exc_info and "a bug" in str(r.exc_info[1])]
    assert logged and (home / "settings.toml").exists()             # the file is left as it is


# ----------------------------------------------------------------- puzzles.json
def test_puzzle_numbers_float_cannot_take_are_left_out(home: Path) -> None:
    history = [["a", True, 1500, 1510], ["b", False, int(HUGE), 1500], ["c", True, 1500, -int(HUGE)]]
    data = {"version": 2, "games": {"onyx": {
        "history": history,
        "rating": {"rating": int(HUGE), "rd": 100, "vol": 0.06, "played": 3}}}}
    (home / "puzzles.json").write_text(json.dumps(data), encoding="utf-8")
    store, note = load_store()
    assert note is None
    stats = store.of("onyx")
    assert stats.history == [("a", True, 1500.0, 1510.0)]
    assert stats.rating.played == 0                                  # the unusable rating is left out


# ----------------------------------------------------------------- tutorial progress
def _kept(p: Path) -> list[Path]:
    return sorted(p.parent.glob(f"{p.stem}.corrupt-*{p.suffix}"))


def test_unreadable_progress_is_moved_aside_not_overwritten(home: Path) -> None:
    p = progress_mod.progress_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    raw = b'\xff\xfe{"version": 1, "done": ["onyx/lesson/1"]}'
    p.write_bytes(raw)
    got, note = load_progress()
    kept = _kept(p)
    assert got.done == set() and len(kept) == 1 and kept[0].read_bytes() == raw
    assert note is not None and kept[0].name in note
    assert save_progress(Progress(done={"amoeba/lesson/board"})) is None
    assert kept[0].read_bytes() == raw


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="permissions do not stop root")
def test_progress_without_read_permission_is_moved_aside(home: Path) -> None:
    p = progress_mod.progress_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text('{"version": 1, "done": ["onyx/lesson/1"]}', encoding="utf-8")
    p.chmod(0)
    try:
        _got, note = load_progress()
        kept = _kept(p)
        assert len(kept) == 1 and note is not None and kept[0].name in note and not p.exists()
    finally:
        for f in _kept(p) + [p]:
            if f.exists():
                f.chmod(0o600)


@pytest.mark.parametrize("raw", [b"\xff\xfe not utf-8", b"{ not json"], ids=["unreadable", "damaged"])
def test_progress_that_cannot_be_moved_aside_is_not_saved_over(
        home: Path, monkeypatch: pytest.MonkeyPatch, raw: bytes) -> None:
    p = progress_mod.progress_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(raw)

    def stuck(path, stem, suffix):
        raise StorageError(f"cannot move {path} aside: permission denied", "move-aside", path, "permission")
    monkeypatch.setattr(progress_mod, "move_aside", stuck)
    _got, note = load_progress()
    assert note is not None and "moved aside" in note
    refused = save_progress(Progress(done={"amoeba/lesson/board"}))
    assert refused is not None and p.name in refused and p.read_bytes() == raw
    other = home / "elsewhere.json"                                   # another file is saved as ever
    assert save_progress(Progress(), other) is None and other.exists()
    p.write_text('{"version": 1, "done": ["onyx/lesson/1"]}', encoding="utf-8")   # mended by hand
    got, note = load_progress()
    assert note is None and got.done == {"onyx/lesson/1"}
    assert save_progress(got) is None


# ----------------------------------------------------------------- picture cache
def _picture() -> pygame.Surface:
    return pygame.Surface((4, 3), pygame.SRCALPHA, 32)


def _head(picture: pygame.Surface) -> bytes:
    w, h = picture.get_size()
    return picture_cache._HEAD.pack(picture_cache.MAGIC, w, h, 1, *picture.get_masks())


def _temps(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp"))


def test_a_failed_picture_write_leaves_no_temporary_file(home: Path) -> None:
    folder = picture_cache.cache_dir()
    (folder / ("k" * 40 + picture_cache.SUFFIX)).mkdir(parents=True)     # the picture's name is taken by a folder
    picture = _picture()
    picture_cache._write(folder, "k" * 40, _head(picture), picture)
    assert _temps(folder) == []


def test_stale_picture_temporaries_are_cleaned_up(home: Path) -> None:
    folder = picture_cache.cache_dir()
    folder.mkdir(parents=True)
    stale = folder / f".{'a' * 40}.99999.tmp"          # left by a killed program two hours ago
    stale.write_bytes(b"x" * 100)
    two_hours_ago = time.time() - 7200
    os.utime(stale, (two_hours_ago, two_hours_ago))
    fresh = folder / f".{'b' * 40}.99998.tmp"          # another program writing just now
    fresh.write_bytes(b"x" * 100)
    picture = _picture()
    picture_cache._write(folder, "c" * 40, _head(picture), picture)
    assert (folder / ("c" * 40 + picture_cache.SUFFIX)).exists()
    assert _temps(folder) == [fresh]
