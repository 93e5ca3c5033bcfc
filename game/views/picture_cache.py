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

The files are a 32-bit picture's pixels as they are in memory, behind a header with its masks:
nothing is converted either way (PNG would cost more to write and to read than drawing). At
most ``KEEP`` pictures and ``KEEP_BYTES`` are kept (the oldest go).
"""
from __future__ import annotations

import logging
import os
import struct
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

try:        # hashlib's own BLAKE2: importing hashlib loads OpenSSL first, 2 ms of every start
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

if TYPE_CHECKING:  # pragma: no cover
    from .base import BoardView

log = logging.getLogger(__name__)

MAGIC = b"ATPICT02"
_HEAD = struct.Struct("<8sIIB4I")    # magic, width, height, per-pixel alpha (0, 1), the four colour masks
SUFFIX = ".pict"
KEEP = 8                             # pictures kept at most (the newest) ...
KEEP_BYTES = 96 << 20                # ... and at most this much of them (a 3200x2000 backdrop is 24 MiB)
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
    h = blake2b(digest_size=16)
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
    return blake2b(repr(every).encode(), digest_size=20).hexdigest()


def picture_key(view: BoardView) -> str:
    """The name of ``view``'s empty-board picture as it stands now."""
    from .. import i18n
    cls = type(view)
    return key_for("board", f"{cls.__module__}.{cls.__qualname__}", sorted(view.options.items()),
                   tuple(view.rect), view.flip, view.show_coords, repr(view.theme), i18n.font_files(),
                   view.picture_facts())


def enabled() -> bool:
    return not os.environ.get(ENV_OFF)


def load(key: str, size: tuple[int, int]) -> pygame.Surface | None:
    """The picture kept under ``key``, of ``size``, in the pixel format it was kept in, or None."""
    path = cache_dir() / (key + SUFFIX)
    w, h = size
    try:
        with open(path, "rb") as f:
            head = f.read(_HEAD.size)
            pixels = f.read(w * h * 4 + 1)
    except OSError:
        return None
    if len(head) != _HEAD.size or len(pixels) != w * h * 4:
        _foreign(path)
        return None
    magic, fw, fh, alpha, *masks = _HEAD.unpack(head)
    if (magic, fw, fh) != (MAGIC, w, h) or alpha not in (0, 1):
        _foreign(path)
        return None
    try:
        picture = pygame.Surface((w, h), pygame.SRCALPHA if alpha else 0, 32, masks)
        picture.get_buffer().write(pixels)
    except (ValueError, TypeError, pygame.error):     # masks no surface can have: a foreign file
        _foreign(path)
        return None
    return picture


def _foreign(path: Path) -> None:
    log.info("the picture %s is not one this program wrote: drawn anew", path)


def store(key: str, picture: pygame.Surface, slot: str) -> None:
    """Keep ``picture`` under ``key``: its pixels as they are in memory, written in the background
    (so nothing may draw on ``picture`` any more). Only 32-bit pictures are kept. ``slot``: what
    the picture is of (a game's board, the backdrop): a newer picture for a slot replaces one
    still waiting to be written, so a window resized by dragging writes (and holds) a few
    pictures, not one per size it passed through."""
    w, h = picture.get_size()
    if picture.get_bitsize() != 32 or picture.get_pitch() != 4 * w:
        return
    alpha = 1 if picture.get_flags() & pygame.SRCALPHA else 0
    head = _HEAD.pack(MAGIC, w, h, alpha, *picture.get_masks())
    folder = cache_dir()
    job = lambda: _write(folder, key, head, picture)       # noqa: E731
    if _held is not None:
        _held[slot] = job
        return
    from ..writer import writer
    writer().submit(("picture", slot), job)


# Pictures kept while the program starts wait here (the slot's newest) until its first frame is
# shown (``write_held``): writing the board and the backdrop at 1280x800 (6.8 MB) took 13 ms of
# the first frame here, thread or not, on a busy two-core machine.
_held: dict[str, Callable[[], None]] | None = None


def hold_writes() -> None:
    """Pictures kept from now on wait for ``write_held`` (the app, before its first frame)."""
    global _held
    if _held is None:
        _held = {}


def write_held() -> None:
    """Write the pictures kept since ``hold_writes`` (in the background), and any later at once."""
    global _held
    held, _held = _held, None
    if held:
        from ..writer import writer
        for slot, job in held.items():
            writer().submit(("picture", slot), job)


def _write(folder: Path, key: str, head: bytes, picture: pygame.Surface) -> None:
    """Write one picture (a temporary file, then renamed: a reader never sees half a picture)
    and forget the oldest beyond ``KEEP`` or ``KEEP_BYTES``; a folder that cannot be written is no error.
    A failed write removes its temporary file; those of a killed program go once stale."""
    from ..storage import remove_stale_temps
    tmp = folder / f".{key}.{os.getpid()}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(head)
            # the pixels as they are: no copy (pygame's stubs give BufferProxy the buffer protocol only on Python 3.12+)
            f.write(picture.get_buffer())  # type: ignore[arg-type]
        os.replace(tmp, folder / (key + SUFFIX))
        total = 0
        for i, old in enumerate(sorted(folder.glob("*" + SUFFIX), key=_mtime, reverse=True)):
            total += _size(old)
            if i >= KEEP or (i and total > KEEP_BYTES):     # the newest stays, whatever its size
                old.unlink(missing_ok=True)
    except OSError:
        log.info("a picture could not be kept in %s", folder, exc_info=True)
        try:
            tmp.unlink(missing_ok=True)       # megabytes that nothing would read
        except OSError:
            pass
    remove_stale_temps(folder, "*")           # ".<key>.<pid>.tmp", as atomic_write_text's are named


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
