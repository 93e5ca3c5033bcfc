"""What a start found wrong is all said: a damaged settings file is named beside a damaged
unfinished game, not hidden behind it (the theme and language went back to their defaults)."""
from __future__ import annotations

from game.settings import settings_path
from game.storage import unfinished_dir
from game.scenes.menu import MenuScene
from ui_helpers import make_app, settle


def _damaged_settings() -> None:
    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text('theme = "dark"\nthis is [[ not toml\n', encoding="utf-8")


def _damaged_game() -> None:
    folder = unfinished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "20261201-120000-000000-onyx.txt").write_bytes(b"\xff\xfe\x00garbage\x81")


def test_a_damaged_settings_file_is_said_beside_a_damaged_game():
    _damaged_settings()
    _damaged_game()
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        menu = app.scene
        assert isinstance(menu, MenuScene)
        assert "Settings:" in menu.message and "settings file was damaged" in menu.message
        assert "set aside" in menu.message.lower() or "could not be read" in menu.message.lower(), menu.message
        assert menu.message_box is not None and menu.message_box.visible
    finally:
        app.close()


def test_values_that_cannot_be_used_are_said_beside_a_damaged_game():
    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text('volume = 99\ntheme = "neon"\n', encoding="utf-8")
    _damaged_game()
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        menu = app.scene
        assert "volume, theme" in menu.message and "\n" in menu.message
    finally:
        app.close()
