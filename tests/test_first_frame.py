"""A board's first frame: the same picture whatever the hash seed, and what the start does not load."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _env() -> dict[str, str]:
    """This process's environment with the picture cache on (tests/conftest.py turns it off)."""
    return {k: v for k, v in os.environ.items() if k != "ABSTRACT_TRIO_NO_PICTURE_CACHE"}


def _first_frame(tmp_path: Path, game: str, seed: str) -> bytes:
    out = tmp_path / f"{game}-{seed}.png"
    env = dict(os.environ, PYTHONHASHSEED=seed, ABSTRACT_TRIO_HOME=str(tmp_path / f"home-{seed}"))
    done = subprocess.run([sys.executable, "main.py", "--game", game, "--window", "1024x640",
                           "--screenshot", str(out), "--frames", "2"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    import pygame
    return pygame.image.tobytes(pygame.image.load(str(out)), "RGB")


def test_amoebas_first_frame_does_not_depend_on_the_hash_seed(tmp_path):
    # the starting stones' rings overlap: drawn from a set, their order followed PYTHONHASHSEED
    # (seeds 1 and 2 drew them in different orders)
    assert _first_frame(tmp_path, "amoeba", "1") == _first_frame(tmp_path, "amoeba", "2")


def test_a_board_read_from_the_picture_cache_is_the_board_drawn(tmp_path):
    """The first start keeps the empty board's picture, the second reads it: both frames are the
    frame of a start that draws the board (the cache off)."""
    def frame(tag: str, home: Path, **env: str) -> bytes:
        out = tmp_path / f"{tag}.png"
        done = subprocess.run([sys.executable, "main.py", "--game", "onyx", "--window", "1024x640",
                               "--screenshot", str(out), "--frames", "2"], cwd=ROOT, capture_output=True,
                              text=True, timeout=120, env=dict(_env(), ABSTRACT_TRIO_HOME=str(home), **env))
        assert done.returncode == 0, done.stderr
        import pygame
        return pygame.image.tobytes(pygame.image.load(str(out)), "RGB")

    kept = tmp_path / "kept"
    drawn = frame("drawn", tmp_path / "off", ABSTRACT_TRIO_NO_PICTURE_CACHE="1")
    assert frame("first", kept) == drawn
    pictures = sorted((kept / "cache" / "pictures").glob("*.pict"))
    assert len(pictures) == 2                              # the board and the backdrop
    written = [p.stat().st_mtime_ns for p in pictures]
    assert frame("second", kept) == drawn
    assert [p.stat().st_mtime_ns for p in pictures] == written      # read, not drawn and written again


def _fonts(app) -> set[str]:
    return set(app.ui.get_theme().get_font_dictionary().loaded_fonts)


def test_the_languages_own_fonts_load_with_the_settings_not_at_the_start():
    """Noto Sans JP (4.5 MB) draws only the word 日本語 in Settings' language menu: a start on a
    board does not load it; Settings does, and keeps it through a theme change."""
    from ui_helpers import make_app
    from game.scenes.base import make_scene
    app = make_app("--game", "onyx", "--window", "1024x640")
    app.step(1 / 60)
    assert not any("jp" in f for f in _fonts(app)) and "#lang_ja" not in app.scaled_theme(1.0, app.theme, "en")
    assert "#lang_uz" in app.scaled_theme(1.0, app.theme, "en")           # a name in the Latin font costs nothing
    app.push(make_scene("settings"))
    app.finish_transition()
    app.step(1 / 60)
    assert any("noto_sans_jp" in f for f in _fonts(app))
    app.settings.theme = "dark"
    assert "#lang_ja" in app.scaled_theme(app.ui_scale, app.theme, app.language)
    app.close()


def test_after_the_first_frame_collections_resume_with_the_start_frozen(tmp_path):
    """main() runs the start without garbage collections; after the first frame they are on again,
    and what the start made is frozen out of them (not collected: it lives on)."""
    code = ("import gc, sys\nfrom game.app import main\n"
            f"status = main(['--game', 'onyx', '--screenshot', {str(tmp_path / 'f.png')!r}, '--frames', '2'])\n"
            "print(gc.isenabled(), gc.get_freeze_count())\nsys.exit(status)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, ABSTRACT_TRIO_HOME=str(tmp_path / "home")))
    assert done.returncode == 0, done.stderr
    enabled, frozen = done.stdout.split()[-2:]
    assert enabled == "True" and int(frozen) > 10_000
