"""Where the game's files are: the theme, icon and sounds (``assets/``), the lessons and
puzzles (``levels/``), and the program's version.

In the repository both are top-level folders, used as they are when the game runs from the
source tree (``python main.py``, ``python -m game``) or from an editable install. A wheel
(``pip install .``, ``pipx install .``) carries them inside the package as
``game/data/assets`` and ``game/data/levels`` (``pyproject.toml`` maps them at build time),
where ``importlib.resources`` finds them. Installs are unpacked folders, so the answers are
plain paths.

``missing_files()`` lists what the game needs but cannot find; ``report_missing()`` (called
at every start) names each on stderr, so a broken install says what is wrong instead of
showing grey default buttons and empty tutorials.
"""
from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path
from typing import TextIO

DIST_NAME = "abstract-trio"
PACKAGE = "game"
SOURCE_ROOT = Path(__file__).resolve().parent.parent    # the repository, when run from it
SOUND_NAMES = ("place", "stack", "move", "capture", "win", "tick", "right", "wrong", "timeup")   # assets/sounds/<name>.wav (game.sound)

__all__ = ["assets_dir", "levels_dir", "sounds_dir", "theme_file", "icon_file", "version",
           "required_files", "missing_files", "report_missing", "DIST_NAME", "SOUND_NAMES"]


def _folder(name: str) -> Path:
    """``game/data/<name>`` inside an installed package, else the repository's ``<name>/``.

    An install that lacks the folder gets the in-package path (reported missing), never a
    same-named folder that happens to lie beside the package in site-packages.
    """
    inside: Path | None = None
    try:
        found = resources.files(PACKAGE) / "data" / name
        inside = Path(str(found))
        if found.is_dir():
            return inside
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError, TypeError, ValueError):
        pass
    if inside is None or (SOURCE_ROOT / "pyproject.toml").is_file():
        return SOURCE_ROOT / name
    return inside


def assets_dir() -> Path:
    """The folder of ``theme.json``, ``icon.png`` and ``sounds/``."""
    return _folder("assets")


def levels_dir() -> Path:
    """The folder of the tutorial courses and puzzle sets (``<game>.toml``, ``puzzles-<game>.toml``)."""
    return _folder("levels")


def sounds_dir() -> Path:
    return assets_dir() / "sounds"


def theme_file() -> Path:
    return assets_dir() / "theme.json"


def icon_file() -> Path:
    return assets_dir() / "icon.png"


def version() -> str:
    """The installed version; from ``pyproject.toml`` when running uninstalled from the source tree."""
    from importlib import metadata      # (only here: it takes a while to import)
    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        pass
    try:
        import tomllib
        with open(SOURCE_ROOT / "pyproject.toml", "rb") as f:
            return str(tomllib.load(f)["project"]["version"]) + " (not installed)"
    except (OSError, KeyError, TypeError, ValueError):  # no pyproject.toml, or none that says (TOMLDecodeError is a ValueError)
        return "(unknown version: not installed)"


def required_files() -> list[tuple[str, Path]]:
    """(what it is for, path) of every file the game needs."""
    from .rules import GAME_NAMES
    out = [("theme", theme_file()), ("window icon", icon_file())]
    out += [(f"sound {name!r}", sounds_dir() / f"{name}.wav") for name in SOUND_NAMES]
    for game in GAME_NAMES:
        out.append((f"{game} tutorial", levels_dir() / f"{game}.toml"))
        out.append((f"{game} puzzles", levels_dir() / f"puzzles-{game}.toml"))
    return out


def missing_files() -> list[tuple[str, Path]]:
    return [(what, path) for what, path in required_files() if not path.is_file()]


def report_missing(stream: TextIO | None = None) -> list[tuple[str, Path]]:
    """Name every missing game file on ``stream`` (stderr); returns them (empty: all there)."""
    missing = missing_files()
    out = stream if stream is not None else sys.stderr
    for what, path in missing:
        print(f"{DIST_NAME}: warning: missing game file ({what}): {path}", file=out)
    if missing:
        print(f"{DIST_NAME}: the game runs without them; reinstall it to get them back "
              f"(in its source folder: pip install --force-reinstall .)", file=out)
    return missing
