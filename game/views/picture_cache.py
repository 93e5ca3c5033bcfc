"""Pictures that take long to draw kept on disk between runs (the user cache folder): the
empty board and the window's backdrop.

Drawing an empty board takes about 13 ms for the board of a 1280x800 window and 39 ms at
2560x1440, the backdrop 5 and 18 ms; reading their pixels back takes about 1 and 3. ``load``
gives the picture kept under a key, or None; ``store`` keeps one (written off the frame's path
by ``game.writer``). A key (``key_for``) is a digest of everything the picture depends on: what
the caller names (``picture_key``: the view's class and options, its rectangle, flip and
coordinates, the theme's colours, the language's font files), and always pygame's, SDL's and
SDL_ttf's versions and the source of the code that draws (``game/views``, ``game/themes.py``).
A missing, short or foreign file is a miss: the picture is drawn as without a cache.

The files are raw pixels (RGBA, or RGB for an opaque picture) behind a small header: PNG would
cost more to write and to read than drawing. At most ``KEEP`` pictures are kept (the oldest go).
"""
from __future__ import annotations

import hashlib
import logging
import os
import struct
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from .base import BoardView

log = logging.getLogger(__name__)

MAGIC = b"ATPICT01"
_HEAD = struct.Struct("<8sII4s")     # magic, width, height, pixel format ("RGBA" or "RGB ")
SUFFIX = ".pict"
KEEP = 8                             # pictures kept (a 2560x1440 board is about 8 MiB)
FOLDER = "pictures"
ENV_OFF = "ABSTRACT_TRIO_NO_PICTURE_CACHE"     # set (to anything): draw every board anew


def cache_dir() -> Path:
    """Where pictures are kept: ``cache/pictures`` under ``ABSTRACT_TRIO_HOME`` when it is
    set (tests), else the user cache folder (platformdirs)."""
    from ..storage import APP_NAME, HOME_ENV
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "cache" / FOLDER
    import platformdirs
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / FOLDER


@lru_cache(maxsize=1)
def _code_digest() -> str:
    """The source of the code that draws boards: a changed line draws them anew."""
    here = Path(__file__).resolve().parent
    h = hashlib.blake2b(digest_size=16)
    for path in sorted(here.glob("*.py")) + [here.parent / "themes.py"]:
        try:
            h.update(path.name.encode())
            h.update(path.read_bytes())
        except OSError:
            h.update(b"?")
    return h.hexdigest()


def _libraries() -> str:
    try:
        ttf = pygame.font.get_sdl_ttf_version()
    except (AttributeError, pygame.error):
        ttf = None
    return f"{pygame.version.ver}|{pygame.get_sdl_version()}|{ttf}"


def key_for(*facts: object) -> str:
    """The name of a picture that depends on ``facts`` (their ``repr``) and on the code and the
    libraries that draw it (a hex digest)."""
    every = (facts, _libraries(), _code_digest())
    return hashlib.blake2b(repr(every).encode(), digest_size=20).hexdigest()


def picture_key(view: BoardView) -> str:
    """The name of ``view``'s empty-board picture as it stands now."""
    from .. import i18n
    cls = type(view)
    return key_for("board", f"{cls.__module__}.{cls.__qualname__}", sorted(view.options.items()),
                   tuple(view.rect), view.flip, view.show_coords, repr(view.theme), i18n.font_files(),
                   view.picture_facts())


def enabled() -> bool:
    return not os.environ.get(ENV_OFF)


def _format(alpha: bool) -> tuple[str, int]:
    return ("RGBA", 4) if alpha else ("RGB", 3)


def load(key: str, size: tuple[int, int], alpha: bool = True) -> pygame.Surface | None:
    """The picture kept under ``key``, of ``size``, or None. ``alpha``: with per-pixel alpha
    (an RGBA surface), else opaque (RGB)."""
    path = cache_dir() / (key + SUFFIX)
    w, h = size
    fmt, depth = _format(alpha)
    try:
        with open(path, "rb") as f:
            data = f.read(_HEAD.size + w * h * depth + 1)
    except OSError:
        return None
    if len(data) != _HEAD.size + w * h * depth or _HEAD.unpack_from(data) != (MAGIC, w, h, fmt.ljust(4).encode()):
        log.info("the picture %s is not one this program wrote: drawn anew", path)
        return None
    try:
        return pygame.image.frombytes(data[_HEAD.size:], (w, h), fmt)
    except (ValueError, pygame.error):
        return None


def store(key: str, picture: pygame.Surface, alpha: bool = True) -> None:
    """Keep ``picture`` under ``key`` (its pixels are copied now, written in the background)."""
    w, h = picture.get_size()
    fmt, _depth = _format(alpha)
    data = _HEAD.pack(MAGIC, w, h, fmt.ljust(4).encode()) + pygame.image.tobytes(picture, fmt)
    from ..writer import writer
    writer().submit(("picture", key), lambda: _write(cache_dir(), key, data))


def _write(folder: Path, key: str, data: bytes) -> None:
    """Write one picture (a temporary file, then renamed: a reader never sees half a picture)
    and forget the oldest beyond ``KEEP``; a folder that cannot be written is no error."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f".{key}.{os.getpid()}.tmp"
        tmp.write_bytes(data)
        os.replace(tmp, folder / (key + SUFFIX))
        kept = sorted(folder.glob("*" + SUFFIX), key=_mtime, reverse=True)
        for old in kept[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        log.info("a picture could not be kept in %s", folder, exc_info=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
