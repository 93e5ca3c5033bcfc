"""Save…, Load… and Picture: the file dialogs of the board scene and the menu.

* ``open_save_dialog(scene)`` / ``open_load_dialog(scene)``: the game library
  (``game.scenes.library.LibraryDialog``) on the records folder (``game.storage.records_dir()``),
  kept in ``scene.dialog`` so the board's own rules apply while it is open (Escape closes it,
  keys and clicks do not reach the board, the computer waits). Its "Other folder…" opens
  pygame-gui's ``UIFileDialog`` over it (``open_other_dialog``; the library waits hidden and
  comes back when the file dialog closes with no path picked: Escape, Cancel, ×); both answer
  with ``UI_FILE_DIALOG_PATH_PICKED``.
* ``path_picked(scene, event)``: the dialog's answer. Saving writes the record atomically
  (asking before it replaces another file); loading reads and checks the whole record first,
  so a bad file only gives a message naming the problem and its line, and nothing changes.
  Loading over an unfinished game keeps that game among the recent games and says so; only work
  not saved asks first (``BoardAutosave.unsaved_work``: a finished game, the analysis board's
  moves and comments); the loaded game gets a file of its own.
* ``board_from_record(record)``: a board scene for a record (used by Load and Continue).
* ``export_picture(scene)``: the board as a PNG in the pictures folder, the path in the status.
"""
from __future__ import annotations

import contextlib
import datetime as _dt
import logging
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog

from ..i18n import _, ngettext
from ..png import save_picture
from ..rules.base import Color, Motion
from ..ui.dialogs import fit_file_dialog
from ..ui.focus import GameDialog, ring_on
from ..ui.problems import clause, record_error_words, record_note_words, record_words, storage_words
from ..ui.words import record_file_words
from .base import Scene, is_board_scene, make_scene, register
from ..storage import (RECORD_SUFFIX, StorageError, data_dir, failure_kind, load_record, read_text, records_dir,
                       name_fits, save_record, suggest_record_path)

# the record format and the autosave's conversions are imported where a record is read or
# written: every board imports this module, and a start that only shows a board reads none
if TYPE_CHECKING:  # pragma: no cover
    from ..rules.record import Record
    from .library import LibraryDialog     # (imported when a dialog opens: 20 ms less at every start)
    from .board.scene import BoardScene

log = logging.getLogger(__name__)

PICTURES_FOLDER = "pictures"

__all__ = ["open_save_dialog", "open_load_dialog", "open_other_dialog", "OtherFolderDialog", "path_picked",
           "board_from_record", "export_picture", "load_path", "pictures_dir", "dialog_rect"]


def labels_of(motions: list[Motion]) -> tuple[str, ...]:
    """The points a move touched (its last-move marks), like ``BoardScene.labels_of``."""
    out: list[str] = []
    for mo in motions:
        for lab in (mo.src, mo.dst):
            if lab and lab not in out:
                out.append(lab)
    return tuple(out)


@register("board_from_record")
def board_from_record(record: Record, status: str = "", keep: Path | None = None) -> "BoardScene":
    """A board scene showing a record's game tree, where it was left (or at its end); ``keep``:
    the record is an unfinished game's file, which its board goes on writing (Continue, New
    game's Back).

    A record whose players are both computers opens paused: the computers wait for the
    player's "Play on" instead of starting to play at once."""
    from ..autosave import match_from_record
    match = match_from_record(record)
    scene = make_scene("board", match)
    assert is_board_scene(scene)
    scene.review.adopt(record)              # review comments back on the nodes: the graph and marks at once
    scene.clocks.adopt(record)              # a continued game: the time its side to move had spent
    scene.saver.mark_kept()                 # the file holds it: no work of the player's yet
    if keep is not None:
        scene.saver.keep_file(keep)
    if not any(match.is_human(c) for c in (Color.BLACK, Color.WHITE)) and match.live_result is None:
        scene.computer.pause()
    if status:
        # a game left while looking back opens there: the words say where, not only where the
        # game stands (the welcome names the game's own position)
        browsed = scene.history.note_words()
        scene.panel.open_with(f"{status} {browsed}" if browsed else status)
    return scene


def dialog_rect(scene: Scene) -> pygame.Rect:
    w, h = scene.size
    px = scene.px
    rect = pygame.Rect(0, 0, min(px(620), w - 40), min(px(460), h - 40))
    rect.center = (w // 2, h // 2)
    return rect


def _records_folder() -> Path:
    folder = records_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    return folder


@contextlib.contextmanager
def _dialog_made() -> Iterator[None]:
    """pygame-gui makes a file dialog's icon buttons 20 px square with the theme's corner radius
    (which grows with the UI scale) and warns that it clamps it; ``fit_file_dialog`` then gives
    them their size. Those warnings about the moment in between are not shown."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Clamping shape_corner_radius")
        yield


def _suggested_path(scene: Scene) -> Path:
    """A free name in the records folder for the board's game (``game.txt`` when none can be made)."""
    from ..rules.record import RecordError
    from ..autosave import match_record
    m = scene.match if is_board_scene(scene) else None
    if m is not None:
        try:
            return suggest_record_path(record_file_words(match_record(m)), _records_folder())
        except (RecordError, StorageError, OSError):
            pass
    return _records_folder() / f"game{RECORD_SUFFIX}"


def _keep(scene: Scene, dialog: Any, kind: str) -> Any:
    """The dialog becomes the scene's one dialog (``scene.dialog``, ``scene.dialog_kind``)."""
    scene.dialog = dialog
    scene.dialog_kind = kind
    return dialog


def open_load_dialog(scene: Scene) -> LibraryDialog:
    """The game library for choosing a record to open (kept in ``scene.dialog``)."""
    scene.close_dialog()
    from .library import LibraryDialog
    dlg = LibraryDialog(scene, "load", _records_folder(), on_other=lambda: open_other_dialog(scene, "load", dlg))
    return _keep(scene, dlg, "load")


def open_save_dialog(scene: Scene, at: Path | None = None) -> LibraryDialog | None:
    """The game library with a name field for saving the board's game (kept in ``scene.dialog``):
    in the records folder with the suggested name, or in ``at``'s folder with its name."""
    if not is_board_scene(scene) or scene.match is None:
        return None
    scene.close_dialog()
    from .library import LibraryDialog
    folder, name = (at.parent, at.stem) if at is not None else (_records_folder(), _suggested_path(scene).stem)
    dlg = LibraryDialog(scene, "save", folder, name=name, on_other=lambda: open_other_dialog(scene, "save", dlg))
    return _keep(scene, dlg, "save")


PATH_LIMIT = 400        # characters in the file dialog's path box (room for any folder a player uses)


class OtherFolderDialog(UIFileDialog, GameDialog):
    """pygame-gui's file dialog for the library's "Other folder…"; the library (``library``)
    waits hidden under it, as it was. A file picked (OK), the library goes (the scene opens or
    saves the file); closed by the player (Cancel, ×, Escape: ``back``, asked before the scene's
    own), the library is the scene's dialog again, the ring back on its "Other folder…" when the
    keyboard opened it (the innermost thing closes, not the library with it)."""

    def __init__(self, *args: Any, library: LibraryDialog | None = None, **kw: Any) -> None:
        self.library = library
        app = library.scene.app if library is not None else None
        self.ring_back = app is not None and app.focus is not None
        self._by_player = False
        super().__init__(*args, **kw)

    def process_event(self, event: pygame.event.Event) -> bool:
        # (its Cancel and × close it within this same call)
        pressed = event.ui_element if event.type == pygame_gui.UI_BUTTON_PRESSED else None
        self._by_player = pressed is not None and (pressed is self.cancel_button or pressed is self.close_window_button)
        try:
            return super().process_event(event)
        finally:
            self._by_player = False

    def first_ring(self) -> Any:
        """OK (what Enter presses), or Cancel while no file is chosen."""
        return self.ok_button if self.ok_button.is_enabled else self.cancel_button

    def back(self) -> bool:
        if self.library is None:
            return False                # (the scene's own Escape closes it)
        self._by_player = True
        self.kill()
        return True

    def kill(self) -> None:
        library = self.library if self.alive() else None
        self.library = None
        back = self._by_player
        super().kill()
        if library is None:
            return
        if not back or not library.alive():
            library.kill()
            return
        scene = library.scene
        scene.dialog, scene.dialog_kind = library, library.mode
        library.show()
        library.set_blocking(True)
        other = library.buttons.get("other")
        if self.ring_back and scene.app is not None and other is not None:
            ring_on(scene.app, other)


def open_other_dialog(scene: Scene, kind: str, library: LibraryDialog | None = None) -> Any:
    """The library's "Other folder…": pygame-gui's file dialog, starting in the records folder,
    over ``library``, which waits hidden (``OtherFolderDialog``); without one the scene's dialog
    closes."""
    if library is None:
        scene.close_dialog()
    else:
        library.hide()
        library.set_blocking(False)
        scene.dialog, scene.dialog_kind = None, ""
    with _dialog_made():
        if kind == "save":
            dlg = OtherFolderDialog(dialog_rect(scene), scene.ui, window_title=_("Save this game in another folder"),
                                    initial_file_path=str(_suggested_path(scene)), allow_existing_files_only=False,
                                    library=library)
        else:
            dlg = OtherFolderDialog(dialog_rect(scene), scene.ui, window_title=_("Load a game from another folder"),
                                    initial_file_path=str(_records_folder()), allow_existing_files_only=True,
                                    allowed_suffixes={RECORD_SUFFIX}, library=library)
        fit_file_dialog(dlg, scene.px)
        # pygame-gui's path box lays its whole text out again on every key, in time that grows
        # with the square of its length: a long paste froze the window for seconds
        dlg.file_path_text_line.set_text_length_limit(max(PATH_LIMIT, len(dlg.file_path_text_line.get_text())))
    if dlg.ring_back and scene.app is not None:
        # the keyboard's ring goes in now: the button it leaves waits hidden, and the ring goes
        # back to it when the dialog closes (to the board's Load when the library goes)
        ring_on(scene.app, dlg.first_ring())
    return _keep(scene, dlg, "save" if kind == "save" else "load")


def path_picked(scene: Scene, event: Any) -> bool:
    """The file dialog's OK: save or load. True if the event belonged to this scene's dialog."""
    if scene.dialog is None or event.ui_element is not scene.dialog:
        return False
    kind = scene.dialog_kind
    scene.dialog = None
    scene.dialog_kind = ""
    path = Path(event.text)
    if kind == "save" and is_board_scene(scene):           # (only a board saves)
        if not path.name:
            scene.set_status(_("Type a name for the file first."), "warn")
            return True
        if _is_folder(path):                                # a folder picked: the game goes into it
            path = path / _suggested_path(scene).name
        if not path.suffix:
            path = path.with_suffix(RECORD_SUFFIX)
        if not name_fits(path.name):
            scene.set_status(_("That name is too long for a file: shorten it."), "warn")
            return True
        if _is_file(path):
            scene.path_to_overwrite = path
            scene.open_dialog("overwrite", _("Replace the file?"),
                              _("{file} already exists.<br><br>Replace it with this game?").format(file=_html(path.name)),
                              _("Replace"))
            return True
        save_to(scene, path)
    elif kind == "load":
        ask_before_loading(scene, path)
    return True


def _is_last_game(path: Path) -> bool:
    """Is ``path`` the last finished game kept by the autosave (``storage.last_game_path``)?"""
    from ..storage import last_game_path
    try:
        return path.resolve() == last_game_path().resolve()
    except (OSError, ValueError):
        return False


def _is_folder(path: Path) -> bool:
    """Is there a folder at ``path`` (see ``_is_file``)?"""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _is_file(path: Path) -> bool:
    """Is there a file at ``path`` (a path the system refuses to look at has none: saving
    there then says why)?"""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def ask_before_loading(scene: Scene, path: Path) -> None:
    """Load ``path``, after asking when it would replace a game that is not saved (a file that
    cannot be read is refused first: nothing to ask about)."""
    record, problem = read_record(path)
    if record is None:
        scene.set_status(problem, "error")
        return
    # an unfinished game is never lost: it stays among the recent games (the menu's Continue
    # game is not replaced either), so only work no file holds asks first (the question before
    # leaving the analysis board reads the same fact)
    if is_board_scene(scene) and scene.match is not None and scene.saver.unsaved_work():
        scene.path_to_load = path
        scene.open_dialog("replace", _("Replace the game?"), scene.replacing_words(_html(Path(path).name)),
                          _("Open it"))
        return
    load_path(scene, path)


def replace_confirmed(scene: Scene) -> None:
    """The player agreed to replace the game with the file picked (``ask_before_loading``)."""
    path, scene.path_to_load = scene.path_to_load, None
    if path is not None:
        load_path(scene, path)


def overwrite_confirmed(scene: Scene) -> None:
    path, scene.path_to_overwrite = scene.path_to_overwrite, None
    if path is not None:
        save_to(scene, path)


def overwrite_cancelled(scene: Scene) -> None:
    """"Replace the file?" answered No: the library again, in that folder with the name typed,
    so another name can be given (not the board, as if saving had been given up)."""
    path, scene.path_to_overwrite = scene.path_to_overwrite, None
    if path is not None:
        open_save_dialog(scene, path)


def save_to(scene: Scene, path: Path) -> bool:
    """Write the board's game to ``path``; the status says where, or why not."""
    from ..rules.record import RecordError
    from ..autosave import match_record
    if not is_board_scene(scene) or scene.match is None:
        return False
    m = scene.match
    try:
        # the verdicts of the review on the tree's nodes as move comments
        record = scene.review.annotate(match_record(m))
        saved = save_record(path, record)
    except (StorageError, RecordError, OSError) as e:
        log.warning("cannot save the game to %s: %s", path, e)
        if isinstance(e, RecordError):
            why = record_error_words(e)
        else:
            why = storage_words(e if isinstance(e, StorageError) else
                                StorageError(str(e), "save", path, failure_kind(e)))
        scene.set_status(_("Could not save the game: {why}").format(why=why), "error")
        return False
    scene.saver.mark_kept()
    scene.set_status(_("Saved: {file}").format(file=saved))
    return True


def read_record(path: Path) -> tuple[Record | None, str]:
    """A record from a file, or None and a message for the player (with the line number)."""
    from ..rules.record import RecordError, parse_record
    try:
        return load_record(path), ""
    except RecordError as e:
        try:                              # damaged: load what is good; the file stays as it is
            rec = parse_record(read_text(path), recover=True)
        except (RecordError, StorageError):
            rec = None
        if rec is not None and rec.moves:
            return rec, ""
        why = record_words(e.kind, e.facts)
        if e.line:
            return None, _("{file} is not a game record this program can read: line {line}: {why}").format(
                file=Path(path).name, line=e.line, why=why)
        return None, _("{file} is not a game record this program can read: {why}").format(
            file=Path(path).name, why=why)
    except StorageError as e:
        log.warning("cannot open %s: %s", path, e)
        return None, storage_words(e)           # a sentence that names the file already


def load_path(scene: Scene, path: Path) -> bool:
    """Load a record into a new board scene (replacing ``scene`` if it is a board)."""
    from ..rules.record import RecordError
    record, problem = read_record(path)
    if record is None:
        scene.set_status(problem, "error")
        return False
    try:
        if scene.is_analysis:        # on the analysis board it stays one
            board = make_scene("analysis_from_record", record)
            assert is_board_scene(board)
        else:
            board = board_from_record(record)
        n = board.match.moves_count() if board.match is not None else 0
        name = Path(path).name
        if _is_last_game(Path(path)):          # (listed in words: not by its file's name)
            status = ngettext("Loaded the last game you finished: {n} move.",
                              "Loaded the last game you finished: {n} moves.", n).format(n=n)
        else:
            status = ngettext("Loaded {file}: {n} move.", "Loaded {file}: {n} moves.", n).format(file=name, n=n)
        if record.result is not None and not (board.match is not None and board.match.is_over):
            status += " " + board.panel.result_sentence(record.result)   # (a finished game's card says it)
        if n:                                   # (a set-up position alone has nothing to step through)
            status += " " + _("Step through it with the arrow keys or press Replay.")
        if record.note is not None and record.note.kind != "stopped":   # only a header left out: all moves are there
            status += " " + record_note_words(record.note)
        elif record.note is not None:           # damaged: what was lost (set with ``error``)
            kept = n                            # the moves kept, as the move list numbers them (and 'Loaded')
            status = ngettext("{file} is damaged: {why}. It was loaded up to there ({n} move kept); the file "
                              "itself is unchanged.",
                              "{file} is damaged: {why}. It was loaded up to there ({n} moves kept); the file "
                              "itself is unchanged.", kept).format(file=name, why=clause(record_note_words(record.note)),
                                                                   n=kept)
        if board.computer.paused:
            status += " " + _("Both sides are computers: press Play on to let them go on.")
        board.panel.open_with(status)
    except (RecordError, StorageError, ValueError) as e:
        log.warning("cannot load %s: %s", path, e)
        why = (record_error_words(e) if isinstance(e, RecordError) else
               storage_words(e) if isinstance(e, StorageError) else _("Something in it cannot be read."))
        scene.set_status(_("Could not load {file}: {why}").format(file=Path(path).name, why=why), "error")
        return False
    app = scene.app
    if app is None:
        return False
    kept_words = _kept_text(scene)
    if kept_words:
        board.panel.open_with(f"{board.panel.status} {kept_words}")    # the game left on the board is kept: say so
    board.saver.write_now()         # a new file among the unfinished games: Continue offers it from now on
    if app.focus is not None:       # chosen by the keyboard: it goes on from the new board's Load
        board.ring_on = "load"
    if scene.is_board:
        scene.leave()
        app.replace(board)
    else:
        app.push(board)
    return True


def _kept_text(scene: Scene) -> str:
    """'Your Onyx game (move 2) is kept …' when the board's game stays among the unfinished games."""
    return scene.saver.kept_text() if is_board_scene(scene) else ""


def _html(s: str) -> str:
    import html
    return html.escape(s)


# ----------------------------------------------------------------- pictures
def pictures_dir() -> Path:
    return data_dir() / PICTURES_FOLDER


def export_picture(scene: "BoardScene", folder: Path | None = None) -> Path | None:
    """Save the board area as a PNG; the status line shows the path (or the problem)."""
    if scene.app is None or scene.view is None:
        return None
    surf = pygame.Surface(scene.app.size)
    saved_hover = scene.hover_label
    scene.hover_label = None
    try:
        surf.blit(scene.app.backdrop(), (0, 0))
        scene.draw(surf)
    finally:
        scene.hover_label = saved_hover
    rect = scene.board_rect.clip(surf.get_rect())
    rect = pygame.Rect(scene.view.rect).clip(surf.get_rect()) or rect
    picture = surf.subsurface(rect).copy()
    base = Path(folder) if folder is not None else pictures_dir()
    m = scene.match
    where = m.position_words() if m is not None else "start"
    stem = f"{_dt.date.today().isoformat()} {scene.game_name or 'game'} {where}"
    path = base / f"{stem}.png"
    k = 2
    while path.exists():
        path = base / f"{stem} ({k}).png"
        k += 1
    try:
        base.mkdir(parents=True, exist_ok=True)
        save_picture(picture, path)
    except (OSError, pygame.error) as e:
        log.warning("cannot save the picture %s: %s", path, e)
        why = (storage_words(StorageError(str(e), "save", path, failure_kind(e))) if isinstance(e, OSError) else
               _("The picture could not be made."))
        scene.set_status(_("Could not save the picture: {why}").format(why=why), "error")
        return None
    scene.set_status(_("Picture saved: {file}").format(file=path))
    return path
