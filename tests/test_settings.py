"""Settings: TOML round trip, bad values replaced by defaults, corrupt files set aside."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings as hsettings
from hypothesis import strategies as st

from game import storage
from game.settings import (THEMES, LastChoice, Settings, load_settings, save_settings,
                           settings_from_dict, settings_path, settings_to_toml)
from game.settings import tomllib
from game.storage import StorageError


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    return tmp_path


def test_missing_file_gives_defaults_without_warnings(home: Path) -> None:
    assert load_settings() == (Settings(), [])
    assert settings_path() == home / "settings.toml"


def test_round_trip(home: Path) -> None:
    s = Settings(anim_speed=0.25, sound=False, volume=0.0, show_coords=False,
                 show_targets=False, theme="colour-blind", fullscreen=True, flip=True)
    s = s.remember("onyx", "human", "hard", {"size": 16, "open": True, "pie": False})
    s = s.remember("amoeba", 'Ann "A\\B"', "easy")
    save_settings(s)
    loaded, warnings = load_settings()
    assert warnings == []
    assert loaded == s
    assert loaded.last["onyx"] == LastChoice("human", "hard", {"size": 16, "open": True, "pie": False})
    assert sorted(p.name for p in home.iterdir()) == ["settings.toml"]


def test_file_is_plain_toml_a_person_can_read(home: Path) -> None:
    text = settings_to_toml(Settings().remember("onyx", "human", "medium", {"size": 12}))
    assert "anim_speed = 1.0\n" in text and 'theme = "classic"\n' in text and "flip = false\n" in text
    assert "[last.onyx]\n" in text and "options = { size = 12 }" in text
    assert tomllib.loads(text)["last"]["onyx"]["white"] == "medium"


@hsettings(max_examples=60, deadline=None)
@given(speed=st.floats(0.25, 4.0), volume=st.floats(0.0, 1.0), theme=st.sampled_from(THEMES),
       flags=st.lists(st.booleans(), min_size=5, max_size=5),
       name=st.text(st.characters(min_codepoint=32, max_codepoint=0x2FFF), min_size=1, max_size=30)
       .filter(lambda s: s.strip() and "\x7f" not in s))
def test_round_trip_property(speed: float, volume: float, theme: str, flags: list[bool],
                             name: str) -> None:
    s = Settings(speed, flags[0], volume, flags[1], flags[2], theme, flags[3], flags[4])
    s = s.remember("onager", name, "hard")
    loaded, warnings = settings_from_dict(tomllib.loads(settings_to_toml(s)))
    assert warnings == [] and loaded == s


def test_unknown_keys_are_ignored(home: Path) -> None:
    settings_path().write_text('future_option = 3\ntheme = "dark"\n[window]\nwidth = 800\n',
                               encoding="utf-8")
    s, warnings = load_settings()
    assert warnings == [] and s == Settings(theme="dark")


@pytest.mark.parametrize("line,field", [
    ("anim_speed = 10", "anim_speed"),
    ("anim_speed = 0.1", "anim_speed"),
    ("anim_speed = nan", "anim_speed"),
    ('anim_speed = "fast"', "anim_speed"),
    ("anim_speed = true", "anim_speed"),
    ("volume = 1.5", "volume"),
    ("volume = -0.1", "volume"),
    ("volume = inf", "volume"),
    ('sound = "yes"', "sound"),
    ("show_coords = 1", "show_coords"),
    ("show_targets = []", "show_targets"),
    ('theme = "pink"', "theme"),
    ("theme = 3", "theme"),
    ('fullscreen = "no"', "fullscreen"),
])
def test_bad_value_becomes_the_default_with_a_warning(home: Path, line: str, field: str) -> None:
    settings_path().write_text(f"{line}\nsound = false\n" if field != "sound" else line + "\n",
                               encoding="utf-8")
    s, warnings = load_settings()
    assert getattr(s, field) == getattr(Settings(), field)
    assert len(warnings) == 1 and field in warnings[0] and "not valid" in warnings[0]
    if field != "sound":
        assert s.sound is False                       # good values next to it are kept


def test_int_values_accepted_for_numbers(home: Path) -> None:
    settings_path().write_text("animation_speed = 2\nvolume = 1\n", encoding="utf-8")
    assert load_settings() == (Settings(anim_speed=2.0, volume=1.0), [])


def test_bad_last_choices(home: Path) -> None:
    settings_path().write_text(
        '[last.chess]\nblack = "human"\n'
        '[last.onyx]\nblack = 5\nwhite = "hard"\noptions = { size = 13 }\n'
        '[last.amoeba]\noptions = { size = 12 }\n'
        '[last.onager]\nblack = "human"\nwhite = "easy"\n', encoding="utf-8")
    s, warnings = load_settings()
    assert set(s.last) == {"onyx", "amoeba", "onager"}
    assert s.last["onyx"] == LastChoice("human", "hard", {})
    assert s.last["amoeba"] == LastChoice()
    assert s.last["onager"] == LastChoice("human", "easy", {})
    text = " | ".join(warnings)
    assert len(warnings) == 4
    assert "chess" in text and "black player for onyx" in text
    assert "variant for onyx" in text and "variant for amoeba" in text
    settings_path().write_text("last = 3\n", encoding="utf-8")
    s, warnings = load_settings()
    assert s == Settings() and len(warnings) == 1


@pytest.mark.parametrize("content", [
    b"volume = \n",
    b"[[[ not toml",
    b'theme = "dark"\ntheme = "classic"\n',
    b"theme = \"\xff\"\n",
    b"x" * 200_000,
])
def test_corrupt_file_is_set_aside_and_defaults_used(home: Path, content: bytes) -> None:
    settings_path().write_bytes(content)
    s, warnings = load_settings()
    assert s == Settings()
    kept = home / "settings.corrupt-1.toml"
    assert len(warnings) == 1 and str(kept) in warnings[0] and "defaults" in warnings[0]
    assert kept.read_bytes() == content
    assert not settings_path().exists()
    save_settings(Settings(theme="dark"))          # a fresh file can be written next to it
    assert load_settings() == (Settings(theme="dark"), [])


def test_save_failure_raises_storage_error_and_keeps_the_old_file(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(Settings(theme="dark"))

    def broken(*args: object) -> None:
        raise OSError(30, "Read-only file system")

    with monkeypatch.context() as patch:
        patch.setattr(storage.os, "replace", broken)
        with pytest.raises(StorageError, match="Read-only"):
            save_settings(Settings(theme="classic"))
    assert load_settings() == (Settings(theme="dark"), [])


def test_values_that_cannot_be_saved(home: Path) -> None:
    with pytest.raises(StorageError):
        save_settings(Settings().remember("onyx", "h", "h", {"size": [12]}))
    with pytest.raises(StorageError):
        save_settings(Settings(volume=float("nan")))


def test_explicit_path(tmp_path: Path) -> None:
    path = tmp_path / "elsewhere" / "s.toml"
    save_settings(Settings(fullscreen=True), path)
    assert load_settings(path) == (Settings(fullscreen=True), [])
