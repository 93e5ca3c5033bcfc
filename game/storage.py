"""Files: where they live, atomic writes, the autosave, and records chosen by the player.

Everything the program keeps lives in two folders: the user data folder (records, the
autosave, the last finished game) and the config folder (settings), from platformdirs.
Set ``ABSTRACT_TRIO_HOME`` to use one folder of your choice for both (tests do).

Nothing here is ever silently deleted: a corrupt autosave is moved aside to
``autosave.corrupt-<n>.txt`` and the caller gets a message to show.

Unfinished games: each game in progress has its own file in ``<data>/unfinished/``
(``<stamp>-<game>.txt``, the stamp made by the caller), so starting or loading another game
never overwrites one. ``list_unfinished()`` (newest first), ``load_unfinished(path)``,
``remove_unfinished(path)`` (only when the player asks or the game finished),
``set_aside_unfinished(path)`` (the menu's ×: moved to ``older/``), and
``keep_unfinished_bounded()``: at most ``MAX_UNFINISHED`` (12) files are kept there; older ones
are moved to ``<data>/unfinished/older/``, never deleted. The single ``autosave.txt`` of
earlier versions is moved into the folder by ``migrate_legacy_autosave()``.
"""
from __future__ import annotations

import errno
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

# the record format (rules.record) is imported by the functions that read or write a record:
# a start that only shows a board reads none
if TYPE_CHECKING:  # pragma: no cover
    from .rules.record import Record

APP_NAME = "abstract-trio"
HOME_ENV = "ABSTRACT_TRIO_HOME"
MAX_FILE_BYTES = 1_000_000
AUTOSAVE_NAME = "autosave.txt"         # earlier versions' single autosave (moved into UNFINISHED_FOLDER)
UNFINISHED_FOLDER = "unfinished"
OLDER_FOLDER = "older"
MAX_UNFINISHED = 12
_CORRUPT_MARK = ".corrupt-"
LAST_GAME_NAME = "last-game.txt"
RECORD_SUFFIX = ".txt"
_TMP_PREFIX = "."
_TMP_SUFFIX = ".tmp"
# a file name's longest, in bytes, on the systems the game runs on (ext4, APFS, NTFS: 255)
NAME_MAX_BYTES = 255
# the most of a file's name its temporary file repeats (leaving room for mkstemp's part)
TMP_NAME_BYTES = 200
STALE_TMP_SECONDS = 60.0

__all__ = ["StorageError", "data_dir", "config_dir", "atomic_write_text", "read_text",
           "save_autosave", "load_autosave", "clear_autosave", "autosave_path", "last_game_path",
           "load_last_game", "save_record", "load_record", "move_aside", "MAX_FILE_BYTES",
           "records_dir", "safe_file_name", "suggest_record_path", "list_records", "remove_stale_temps",
           "unfinished_dir", "new_unfinished_path", "list_unfinished", "load_unfinished",
           "remove_unfinished", "set_aside_unfinished", "keep_unfinished_bounded", "migrate_legacy_autosave", "MAX_UNFINISHED",
           "RecordInfo", "scan_record", "record_moves", "list_record_files", "list_record_folder", "same_path",
           "is_folder", "trash_record", "friendly_path", "TRASH_FOLDER",
           "StorageNote", "failure_kind"]


class StorageError(Exception):
    """A file cannot be read or written. Its English ``str()`` (with the system's own words) is
    for logs and the command line; the window words it from the values (``game.ui.problems.
    storage_words``): ``kind`` names what could not be done ('open', 'save', 'write', 'mkdir',
    'folder-target', 'too-large', 'not-utf8', 'nul', 'no-game', 'move-aside', 'keep-last',
    'remove', 'not-unfinished', 'set-aside', 'gone', 'trash'; 'other' for a message of its own),
    ``path`` the file or folder, ``failure`` the kind of refusal from the system (``failure_kind``)
    and ``facts`` anything more (``dest``, ``limit_kb``, ``at``, ``record``: False for a file that
    is not a game record, which its words then do not ask about)."""

    def __init__(self, message: str, kind: str = "other", path: str | os.PathLike[str] | None = None,
                 failure: str = "", **facts: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.path = Path(path) if path is not None else None
        self.failure = failure
        self.facts = facts


class StorageNote(str):
    """A message about a saved game for the player (``load_autosave``, ``load_unfinished``,
    ``migrate_legacy_autosave``): the string is English, for logs and the command line; the
    window words ``kind`` and ``facts`` (``game.ui.problems.storage_note_words``).

    Kinds: 'unchecked' (``path``, ``error``), 'unreadable' (``problem``: the StorageError or
    RecordError, ``kept``: where the file went), 'unreadable-stuck' (``problem``, ``error``: why
    it could not be moved, ``path``), 'damaged' (``game``, ``note``: the record's RecordNote,
    ``kept``), 'damaged-unrepaired' (``game``, ``note``, ``error``), 'last-game-unkept'
    (``path``, ``error``), 'not-moved' (``path``, ``dest``, ``failure``)."""

    kind: str
    facts: dict[str, object]

    def __new__(cls, text: str, kind: str, **facts: object) -> "StorageNote":
        note = super().__new__(cls, text)
        note.kind = kind
        note.facts = facts
        return note


# ----------------------------------------------------------------- folders
def data_dir() -> Path:
    """Folder for records and the autosave (not created here)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """Folder for settings (not created here)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def last_game_path() -> Path:
    return data_dir() / LAST_GAME_NAME


def failure_kind(e: OSError) -> str:
    """What kind of refusal an OSError is, from its errno: 'not-found', 'permission',
    'disk-full', 'name-too-long', 'is-folder', 'not-folder', 'exists' or 'other' (its own text goes to
    the log only)."""
    code = e.errno
    if isinstance(e, FileNotFoundError) or code == errno.ENOENT:
        return "not-found"
    if isinstance(e, PermissionError) or code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "permission"
    if code in (errno.ENOSPC, errno.EFBIG):
        return "disk-full"
    if code == errno.ENAMETOOLONG:
        return "name-too-long"
    if isinstance(e, IsADirectoryError):
        return "is-folder"
    if isinstance(e, NotADirectoryError):
        return "not-folder"
    if isinstance(e, FileExistsError) or code == errno.EEXIST:
        return "exists"             # (a folder to be made where a file of that name stands)
    return "other"


def _why(e: OSError) -> str:
    if isinstance(e, PermissionError):
        return "permission denied"
    if isinstance(e, IsADirectoryError):
        return "it is a folder, not a file"
    if isinstance(e, FileNotFoundError):
        return "no such file or folder"
    if isinstance(e, NotADirectoryError):
        return "part of the path is not a folder"
    return e.strerror or str(e)


# ----------------------------------------------------------------- writing
def atomic_write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` (UTF-8, '\\n' line ends) so that ``path`` holds the old or the new text.

    Writes a temporary file in the same folder, flushes and fsyncs it, then ``os.replace``s
    it over ``path``. The folder is created if needed. On failure the temporary file is
    removed and StorageError is raised; the previous file is untouched.
    """
    target = Path(path)
    try:
        is_folder = target.is_dir()
    except OSError as e:              # (a name longer than the system takes)
        raise StorageError(f"cannot save {target}: {_why(e)}", "save", target, failure_kind(e)) from None
    if is_folder:
        raise StorageError(f"cannot save to {target}: it is a folder", "folder-target", target)
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StorageError(f"cannot create the folder {folder}: {_why(e)}", "mkdir", folder, failure_kind(e)) from None
    data = text.encode("utf-8")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=_TMP_PREFIX + _tmp_stem(target.name) + ".",
                                        suffix=_TMP_SUFFIX, dir=folder)
    except OSError as e:
        raise StorageError(f"cannot write in {folder}: {_why(e)}", "write", folder, failure_kind(e)) from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise StorageError(f"cannot save {target}: {_why(e)}", "save", target, failure_kind(e)) from None
    _fsync_dir(folder)
    return target


def _tmp_stem(name: str) -> str:
    """The part of ``name`` a temporary file's name repeats: short enough that a name the
    system takes (at most NAME_MAX_BYTES) still has a temporary file it takes."""
    return name.encode("utf-8")[:TMP_NAME_BYTES].decode("utf-8", "ignore")


def name_fits(name: str) -> bool:
    """Will the system take ``name`` as a file's name (its length in bytes)?"""
    return 0 < len(name.encode("utf-8", "surrogateescape")) <= NAME_MAX_BYTES


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable where the OS allows it (not on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temps(folder: Path, name: str, older_than: float = STALE_TMP_SECONDS) -> int:
    """Remove temporary files of ``atomic_write_text`` for ``name`` left by a killed program.

    Such a file is never the real data (the real file is replaced only once it is complete).
    Only files older than ``older_than`` seconds go, so a write in progress is left alone.
    Returns how many were removed.
    """
    removed = 0
    now = time.time()
    try:
        candidates = list(folder.glob(f"{_TMP_PREFIX}{_tmp_stem(name)}.*{_TMP_SUFFIX}"))
    except OSError:
        return 0
    for p in candidates:
        try:
            if now - p.stat().st_mtime >= older_than:
                p.unlink()
                removed += 1
        except OSError:
            pass
    return removed


# ----------------------------------------------------------------- reading
def read_text(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES, record: bool = True) -> str:
    """Read a UTF-8 text file (a BOM is allowed); StorageError says what is wrong (``record``:
    whether it should be a game record, which its words then ask about)."""
    p = Path(path)
    try:
        if p.is_dir():
            raise StorageError(f"cannot open {p}: it is a folder, not a file", "open", p, "is-folder")
        with open(p, "rb") as f:
            data = f.read(max_bytes + 1)
    except StorageError:
        raise
    except OSError as e:
        raise StorageError(f"cannot open {p}: {_why(e)}", "open", p, failure_kind(e)) from None
    what = "a game record" if record else "this program's file"
    if len(data) > max_bytes:
        raise StorageError(f"{p.name} is too large to be {what} (more than {max_bytes // 1000} kB)",
                           "too-large", p, limit_kb=max_bytes // 1000, record=record)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise StorageError(f"{p.name} is not UTF-8 text (bad byte at position {e.start})"
                           + ("; is it a game record?" if record else ""), "not-utf8", p, at=e.start,
                           record=record) from None
    if "\x00" in text:
        raise StorageError(f"{p.name} is not a text file (it contains NUL bytes)", "nul", p)
    return text.removeprefix("\ufeff")


def move_aside(path: Path, stem: str, suffix: str) -> Path:
    """Rename ``path`` to ``<stem>.corrupt-<n><suffix>`` (first free n) in the same folder."""
    n = 1
    while True:
        dest = path.with_name(f"{stem}.corrupt-{n}{suffix}")
        if not dest.exists():
            break
        n += 1
    try:
        os.replace(path, dest)
    except OSError as e:
        raise StorageError(f"cannot move {path} aside: {_why(e)}", "move-aside", path, failure_kind(e)) from None
    return dest


# ----------------------------------------------------------------- autosave
def save_autosave(record: str | Record) -> Path:
    """Save the game in progress (text or Record) atomically; raises StorageError."""
    from .rules.record import format_record
    text = record if isinstance(record, str) else format_record(record)
    return atomic_write_text(autosave_path(), text)


def load_autosave() -> tuple[Record | None, StorageNote | None]:
    """The saved game in progress, if any, and a message for the player, if any.

    - no autosave: ``(None, None)``;
    - a good one: ``(record, None)``;
    - a corrupt one: it is moved aside to ``autosave.corrupt-<n>.txt`` and the result is
      ``(None, message)`` (the message names the problem and where the file went).
    Never raises.
    """
    from .rules.record import RecordError, parse_record
    path = autosave_path()
    remove_stale_temps(path.parent, path.name)
    try:
        if not path.exists() and not path.is_symlink():
            return None, None
    except OSError as e:  # pragma: no cover - exists() swallows most errors
        return None, StorageNote(f"The saved game could not be checked: {_why(e)}.", "unchecked",
                                 path=path, error=StorageError(str(e), "open", path, failure_kind(e)))
    try:
        record = parse_record(read_text(path))
    except (StorageError, RecordError) as e:
        problem: StorageError | RecordError = e
    else:
        return record, None
    try:
        dest = move_aside(path, "autosave", ".txt")
    except StorageError as e2:
        return None, StorageNote(f"The saved game could not be read ({problem}), and it could not be moved "
                                 f"aside either ({e2}). It is still at {path}.", "unreadable-stuck",
                                 problem=problem, error=e2, path=path)
    return None, StorageNote(f"The saved game could not be read ({problem}). It was kept as {dest} "
                             f"and a new game can start.", "unreadable", problem=problem, kept=dest)


def clear_autosave(final: str | Record | None = None) -> Path | None:
    """Remove the autosave when a game finishes or the player starts anew.

    A finished game (``final``, or the autosave itself if it holds a finished game) is kept
    as ``last-game.txt``, whose path is returned. An unfinished autosave is simply removed
    (the player chose to start anew); a corrupt one is moved aside, never deleted.
    Raises StorageError if ``last-game.txt`` cannot be written (the autosave is then kept).
    """
    from .rules.record import RecordError, format_record, parse_record
    path = autosave_path()
    kept: Path | None = None
    if final is not None:
        text = final if isinstance(final, str) else format_record(final)
        kept = atomic_write_text(last_game_path(), text)
    elif path.exists():
        try:
            record = parse_record(read_text(path))
        except (StorageError, RecordError):
            move_aside(path, "autosave", ".txt")
            return None
        if record.result is not None:
            try:
                os.replace(path, last_game_path())
            except OSError as e:
                raise StorageError(f"cannot keep the finished game as {last_game_path()}: "
                                   f"{_why(e)}", "keep-last", last_game_path(), failure_kind(e)) from None
            return last_game_path()
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise StorageError(f"cannot remove the saved game {path}: {_why(e)}", "remove", path,
                           failure_kind(e)) from None
    return kept


# ----------------------------------------------------------------- unfinished games
_CLAIMED: set[Path] = set()     # paths handed out in this run (their first write may still wait)


def unfinished_dir() -> Path:
    """Folder of the games in progress, one file each (not created here)."""
    return data_dir() / UNFINISHED_FOLDER


def _safe_part(text: str) -> str:
    out = "".join(ch if (ch.isalnum() or ch in "-_") else "-" for ch in str(text)).strip("-")
    return out[:40] or "game"


def new_unfinished_path(game: str, stamp: str) -> Path:
    """A free path ``<unfinished>/<stamp>-<game>.txt`` for a new game in progress.

    ``stamp`` is made by the caller (e.g. ``20261202-074906-123456`` from the clock); a name
    already on disk or handed out before in this run gets ``-2``, ``-3``… Nothing is written.
    """
    folder = unfinished_dir()
    base = f"{_safe_part(stamp)}-{_safe_part(game)}"
    path = folder / f"{base}{RECORD_SUFFIX}"
    n = 2
    while path in _CLAIMED or path.exists():
        path = folder / f"{base}-{n}{RECORD_SUFFIX}"
        n += 1
    _CLAIMED.add(path)
    return path


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0


def list_unfinished() -> list[tuple[Path, float]]:
    """The unfinished games' files, newest first, as ``(path, modified time)``.

    Files set aside (``*.corrupt-<n>.txt``), temporary files and the ``older`` folder are
    not listed. Temporary files left by a killed program (over a minute old) are removed.
    """
    folder = unfinished_dir()
    try:
        if not folder.is_dir():
            return []
        remove_stale_temps(folder, "*")
        paths = [p for p in folder.glob(f"*{RECORD_SUFFIX}")
                 if not p.name.startswith(_TMP_PREFIX) and _CORRUPT_MARK not in p.name and p.is_file()]
    except OSError:
        return []
    found = [(p, _mtime(p)) for p in paths]
    found.sort(key=lambda e: (-e[1], e[0].name))
    return found


def load_unfinished(path: str | os.PathLike[str]) -> tuple[Record | None, StorageNote | None]:
    """One unfinished game: ``(record, None)``; ``(None, None)`` if the file is gone; a corrupt
    file is moved aside (``<name>.corrupt-<n>.txt`` in the same folder, no longer listed) and the
    result is ``(None, message)``. Never raises."""
    from .rules.record import RecordError, format_record, parse_record
    p = Path(path)
    try:
        if not p.exists():
            return None, None
    except OSError as e:  # pragma: no cover
        return None, StorageNote(f"The saved game {p.name} could not be checked: {_why(e)}.", "unchecked",
                                 path=p, error=StorageError(str(e), "open", p, failure_kind(e)))
    text = None
    try:
        text = read_text(p)
        return parse_record(text), None
    except (StorageError, RecordError) as e:
        problem: StorageError | RecordError = e
    if text is not None:                 # damaged: keep what is good, the original set aside
        try:
            rec = parse_record(text, recover=True)
        except RecordError:
            rec = None
        if rec is not None and rec.moves:
            try:
                dest = move_aside(p, p.stem, RECORD_SUFFIX)
                atomic_write_text(p, format_record(rec))
            except StorageError as e2:
                return rec, StorageNote(f"Your saved {rec.game.capitalize()} game was damaged ({rec.error}); "
                                        f"it was loaded up to there, but the file could not be repaired ({e2}).",
                                        "damaged-unrepaired", game=rec.game, note=rec.note, error=e2)
            return rec, StorageNote(f"Your saved {rec.game.capitalize()} game was damaged: {rec.error}. It was "
                                    f"loaded up to there; the damaged file was kept as {dest.name}.",
                                    "damaged", game=rec.game, note=rec.note, kept=dest)
    try:
        dest = move_aside(p, p.stem, RECORD_SUFFIX)
    except StorageError as e2:
        return None, StorageNote(f"A saved game could not be read ({problem}), and it could not be moved "
                                 f"aside either ({e2}). It is still at {p}.", "unreadable-stuck",
                                 problem=problem, error=e2, path=p)
    return None, StorageNote(f"A saved game could not be read ({problem}). It was kept as {dest}.",
                             "unreadable", problem=problem, kept=dest)


def remove_unfinished(path: str | os.PathLike[str]) -> bool:
    """Remove an unfinished game's file (the player set it aside, or the game finished).

    Only files in the unfinished folder are removed; False if there was nothing to remove.
    Raises StorageError when the file cannot be removed.
    """
    p = Path(path)
    if p.parent.resolve() != unfinished_dir().resolve():
        raise StorageError(f"{p} is not a game in progress", "not-unfinished", p)
    try:
        p.unlink()
    except FileNotFoundError:
        return False
    except OSError as e:
        raise StorageError(f"cannot remove the saved game {p}: {_why(e)}", "remove", p, failure_kind(e)) from None
    return True


def keep_unfinished_bounded(keep: str | os.PathLike[str] | None = None,
                            limit: int = MAX_UNFINISHED) -> list[Path]:
    """Keep at most ``limit`` files in the unfinished folder.

    The oldest beyond the limit are moved (never deleted) to ``<unfinished>/older/``, where
    they can still be opened with Load; ``keep`` (the game being written) is never moved.
    Returns where the moved files went. Never raises (a file that cannot be moved stays).
    """
    entries = list_unfinished()
    keep_p = Path(keep) if keep is not None else None
    extra = len(entries) - max(0, limit)
    if extra <= 0:
        return []
    moved: list[Path] = []
    for p, _ in reversed(entries):
        if len(moved) >= extra:
            break
        if keep_p is not None and p == keep_p:
            continue
        try:
            moved.append(set_aside_unfinished(p))
        except StorageError:
            continue
    return moved


def set_aside_unfinished(path: str | os.PathLike[str]) -> Path:
    """Move an unfinished game's file to ``<unfinished>/older/`` (off the menu's list, never
    deleted: Load opens it); returns where it went. Raises StorageError."""
    p = Path(path)
    older = unfinished_dir() / OLDER_FOLDER
    try:
        older.mkdir(parents=True, exist_ok=True)
        dest = older / p.name
        n = 2
        while dest.exists():
            dest = older / f"{p.stem}-{n}{p.suffix}"
            n += 1
        os.replace(p, dest)
    except OSError as e:
        raise StorageError(f"cannot move the saved game {p} to {older}: {_why(e)}", "set-aside", p,
                           failure_kind(e), dest=older) from None
    return dest


def migrate_legacy_autosave() -> tuple[Path | None, StorageNote | None]:
    """Move the single ``autosave.txt`` of earlier versions into the unfinished folder.

    Returns ``(new path or None, message or None)``: an unfinished game becomes
    ``<unfinished>/<its time>-<game>.txt`` (its modified time kept); a finished one becomes the
    last game; a corrupt one is moved aside as ``load_autosave`` does, with its message.
    Never raises.
    """
    path = autosave_path()
    try:
        if not path.exists():
            return None, None
    except OSError:  # pragma: no cover
        return None, None
    record, problem = load_autosave()
    if record is None:
        return None, problem
    if record.result is not None:
        try:
            clear_autosave()
        except StorageError as e:
            return None, StorageNote(f"The finished game in {path} could not be kept as the last game: {e}",
                                     "last-game-unkept", path=path, error=e)
        return None, None
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(_mtime(path)))
    dest = new_unfinished_path(record.game, stamp)
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, dest)
    except OSError as e:
        return None, StorageNote(f"The saved game {path} could not be moved to {dest.parent}: {_why(e)}.",
                                 "not-moved", path=path, dest=dest.parent, failure=failure_kind(e))
    keep_unfinished_bounded(keep=dest)
    return dest, None


def load_last_game() -> Record | None:
    """The last finished game, or None if there is none or it cannot be read."""
    from .rules.record import RecordError, parse_record
    path = last_game_path()
    if not path.exists():
        return None
    try:
        return parse_record(read_text(path))
    except (StorageError, RecordError):
        return None


# ----------------------------------------------------------------- records
RECORDS_FOLDER = "games"
_UNSAFE = set('<>:"/\\|?*')


def records_dir() -> Path:
    """Default folder for saved records (``games`` in the data folder; not created here)."""
    return data_dir() / RECORDS_FOLDER


def safe_file_name(text: str, limit: int = 80) -> str:
    """``text`` as a file's name on every system: the characters some refuse (``<>:"/\\|?*``,
    control characters) become '-', no space or dot at either end, at most ``limit``
    characters ('' when nothing is left)."""
    name = "".join("-" if (ch in _UNSAFE or ord(ch) < 32) else ch for ch in text).strip(" .")
    return name[:limit].strip(" .")


def suggest_record_path(stem: str, folder: str | os.PathLike[str] | None = None) -> Path:
    """A free record file in ``folder`` (default records_dir) named from ``stem`` (the
    interface words it: ``game.ui.words.record_file_words``): ``stem.txt``, else
    ``stem (2).txt``…; ``game.txt`` for a stem with nothing a file name can keep."""
    base = Path(folder) if folder is not None else records_dir()
    name = safe_file_name(stem) or "game"
    path = base / f"{name}{RECORD_SUFFIX}"
    n = 2
    while path.exists():
        path = base / f"{name} ({n}){RECORD_SUFFIX}"
        n += 1
    return path


def list_records(folder: str | os.PathLike[str] | None = None
                 ) -> list[tuple[Path, Record | None, str | None]]:
    """Every ``*.txt`` in ``folder`` (default records_dir), newest first, as
    ``(path, record, None)`` or ``(path, None, problem)`` for one that cannot be read."""
    from .rules.record import RecordError
    base = Path(folder) if folder is not None else records_dir()
    try:
        paths = [p for p in base.glob(f"*{RECORD_SUFFIX}") if p.is_file()]
    except OSError:
        return []
    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0
    out: list[tuple[Path, Record | None, str | None]] = []
    for p in sorted(paths, key=lambda q: (-mtime(q), q.name)):
        try:
            out.append((p, load_record(p), None))
        except (StorageError, RecordError) as e:
            out.append((p, None, str(e)))
    return out


TRASH_FOLDER = "trash"
_HEADER_LINE = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
# a row of the move section: "12. b w", or "12... w" (a row White starts: after the Onyx
# pie rule's swap, or a set-up with White to move; game.rules.numbering)
_ROW_NUMBER = re.compile(r"^(\d{1,5})\.")


@dataclass
class RecordInfo:
    """What a record file says about itself without replaying its moves (its headers and the
    number of its last main-line row): cheap enough to list hundreds of files in one frame.

    ``key`` is ``(path, modified time in ns, size)``: a picture or a parse of the file made for
    one key is stale once the file changes. ``problem`` is set when the file cannot be read as
    text or has no ``Game`` header (it is still listed: the player sees why)."""

    path: Path
    mtime: float = 0.0
    size: int = 0
    key: tuple[str, int, int] = ("", 0, 0)
    game: str = ""
    black: str = ""
    white: str = ""
    date: str = ""
    result: str = "*"              # black, white, draw or * (not finished)
    reason: str = ""
    moves: int = 0                 # numbered moves, from the last row number written (``record_moves``)
    plies: int | None = None       # the Plies header, if any
    problem: str | None = None     # English, for logs; ``error`` holds it as a value
    error: StorageError | None = None

    @property
    def name(self) -> str:
        return self.path.name

    def same_game(self, other: "RecordInfo") -> bool:
        """Do the two files' headers and lengths say the same game?"""
        return (self.game, self.black, self.white, self.date, self.result, self.reason, self.moves, self.plies) == \
            (other.game, other.black, other.white, other.date, other.result, other.reason, other.moves, other.plies)


def is_folder(path: str | os.PathLike[str]) -> bool:
    """Is there a folder at ``path`` (a path the system refuses to look at has none)?"""
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):
        return False


def same_path(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Are ``a`` and ``b`` the same file or folder (as written, where the system cannot say)?"""
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return Path(a) == Path(b)


def scan_record(path: str | os.PathLike[str]) -> RecordInfo:
    """The headers of one record file (``RecordInfo``); never raises."""
    p = Path(path)
    info = RecordInfo(p)
    try:
        st = p.stat()
        info.mtime, info.size = st.st_mtime, st.st_size
        info.key = (str(p), st.st_mtime_ns, st.st_size)
    except OSError as e:
        info.error = StorageError(f"cannot open {p.name}: {_why(e)}", "open", p, failure_kind(e))
        info.problem = str(info.error)
        return info
    try:
        text = read_text(p)
    except StorageError as e:
        info.problem, info.error = str(e), e
        return info
    values: dict[str, str] = {}
    last_row = 0
    comment, depth = False, 0       # inside a {comment} or a (variation) that goes on to this line
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not comment and not depth:
            m = _HEADER_LINE.match(line)
            if m:
                values.setdefault(m.group(1).lower(), re.sub(r"\\(.)", r"\1", m.group(2)))
                continue
            r = _ROW_NUMBER.match(line)
            if r:
                last_row = int(r.group(1))
        if "{" in line or "}" in line or "(" in line or ")" in line or comment:
            comment, depth = _open_after(line, comment, depth)
    info.game = values.get("game", "").strip().lower()
    info.black, info.white = values.get("black", ""), values.get("white", "")
    info.date = values.get("date", "")
    word = values.get("result", "*").strip().lower()
    info.result = word if word in ("black", "white", "draw") else "*"
    info.reason = values.get("reason", "")
    plies = values.get("plies", "").strip()
    info.plies = int(plies) if plies.isdigit() else None
    info.moves = last_row
    if not info.game:
        info.error = StorageError(f'{p.name} is not a game record (no [Game "..."] header)', "no-game", p)
        info.problem = str(info.error)
    return info


def _open_after(line: str, comment: bool, depth: int) -> tuple[bool, int]:
    """Whether a {comment} is still open after ``line``, and how many (variations) are."""
    for ch in line:
        if comment:
            comment = ch != "}"
        elif ch == "{":
            comment = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
    return comment, depth


def record_moves(record: Record) -> int:
    """How many numbered moves a record's main line holds, as its move list numbers them: the
    number of the last row (``game.rules.numbering``: Black's ply and White's reply share a
    row; White's ply after the Onyx pie rule's swap starts a row of its own; Onager's lakes
    are a row of their own, not a move). ``Match.moves_count`` says the same of a game in
    play, and ``scan_record`` reads the same number from a file's last row without replaying it:
    "1. f6 swap / 2... e6 / 3. e7" (Plies 4) is 3 moves."""
    from .rules.record import RecordError
    from .rules.record_tree import main_slots
    if record.tree is not None:
        slot = record.tree.root.end().slot
        return slot.number if slot is not None else 0
    try:
        start = record.start()
    except RecordError:
        start = None
    slots = main_slots(start, record.moves, record.to_move)
    return slots[-1].number if slots else 0


def list_record_files(folder: str | os.PathLike[str] | None = None) -> list[RecordInfo]:
    """Every ``*.txt`` record (any case) in ``folder`` (default records_dir), newest first, with what its
    headers say (``scan_record``); nothing is replayed. Temporary files are not listed. A folder
    that cannot be opened lists nothing (``list_record_folder`` says why)."""
    return list_record_folder(folder)[0]


def list_record_folder(folder: str | os.PathLike[str] | None = None
                       ) -> tuple[list[RecordInfo], StorageError | None]:
    """``list_record_files`` and why the folder could not be opened: a StorageError ('open', the
    folder, the system's refusal: a file where the folder should be, no permission), None when
    it was listed. A folder that is not there yet is none: it has no games (saving makes it)."""
    base = Path(folder) if folder is not None else records_dir()
    try:
        paths = [p for p in base.iterdir() if p.suffix.lower() == RECORD_SUFFIX
                 and not p.name.startswith(_TMP_PREFIX) and p.is_file()]
    except OSError as e:
        kind = failure_kind(e)
        if kind == "not-found":
            return [], None
        return [], StorageError(f"cannot open the folder {base}: {_why(e)}", "open", base, kind)
    found = [scan_record(p) for p in paths]
    found.sort(key=lambda i: (-i.mtime, i.path.name))
    return found, None


def trash_record(path: str | os.PathLike[str]) -> Path:
    """Move a record into the ``trash`` folder next to it (never deleted: it can be moved back);
    returns where it went. A name already in the trash gets `` (2)``, `` (3)``… Raises
    StorageError."""
    p = Path(path)
    trash = p.parent / TRASH_FOLDER
    try:
        if not p.is_file():
            raise StorageError(f"{p.name} is not there any more", "gone", p)
        trash.mkdir(parents=True, exist_ok=True)
        dest = trash / p.name
        n = 2
        while dest.exists():
            dest = trash / f"{p.stem} ({n}){p.suffix}"
            n += 1
        os.replace(p, dest)
    except OSError as e:
        raise StorageError(f"cannot move {p.name} to {trash}: {_why(e)}", "trash", p, failure_kind(e),
                           dest=trash) from None
    return dest


def friendly_path(path: str | os.PathLike[str]) -> str:
    """A short name of a folder or file for a person: ``~/…/abstract-trio/games`` under the home
    folder, otherwise ``…/<parent>/<name>`` (a temporary folder's random names stay out)."""
    p = Path(path)
    try:
        home = Path.home()
    except (RuntimeError, OSError):  # pragma: no cover - no home folder
        home = None
    parts = p.parts
    if home is not None:
        try:
            rel = p.relative_to(home)
        except ValueError:
            rel = None
        if rel is not None:
            rp = rel.parts
            if len(rp) <= 2:
                return str(Path("~", *rp)) if rp else "~"
            return str(Path("~", "…", *rp[-2:]))
    return str(p) if len(parts) <= 3 else str(Path("…", *parts[-2:]))


def save_record(path: str | os.PathLike[str], record: str | Record) -> Path:
    """Save a record to a path the player chose; raises StorageError."""
    from .rules.record import format_record
    text = record if isinstance(record, str) else format_record(record)
    return atomic_write_text(path, text)


def load_record(path: str | os.PathLike[str]) -> Record:
    """Load a record from a path the player chose.

    Raises StorageError when the file cannot be read (missing, a folder, no permission,
    too large, not UTF-8) and RecordError (naming the line) when its contents are wrong.
    """
    from .rules.record import parse_record
    return parse_record(read_text(path))
