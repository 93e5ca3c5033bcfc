"""The game library: the dialog behind Load… and Save… (board, menu, Ctrl+O / Ctrl+S).

``LibraryDialog(scene, mode, folder, name=..., on_other=...)`` is a pygame-gui window kept in
``scene.dialog`` like the stock file dialog it replaces, and it answers the same way: Open (or
Save) posts ``pygame_gui.UI_FILE_DIALOG_PATH_PICKED`` with the chosen path as ``event.text`` and
closes, so ``game.scenes.files.path_picked`` loads or saves (asking before it replaces anything).

* The list: every record of the folder (``game.storage.list_record_files``: the headers only,
  so the dialog opens within a frame) with a small picture of its final position, the game,
  the players, the result and the length in numbered moves (once replayed, as the board opens
  it: ``shown_result``; none for a file that does not open) and the date; sorted by date, game or
  result (the buttons on top); the selected game's larger picture and details on the right.
  Loading from the saved games' own folder, the last game finished (``last-game.txt``, kept
  when a game ends) is listed too until a saved file holds it (``last_game_entry``).
* Lazy work, one piece a frame (``update``): the selected record is read first, then the rows
  in sight, then the others; each record is replayed once (``parse_record``; a damaged one with
  ``recover=True``: it is listed with a warning and still opens, up to its last good move) and
  its picture drawn once (``game.ui.thumbnail``, cached per file: path, modified time, size).
  While work is left the dialog posts ``WAKE`` so an idle window keeps drawing.
* Load: double click or Open opens the selected game; Delete… asks, then moves the file to the
  ``trash`` folder beside it (``game.storage.trash_record``: never deleted). Save: a name field
  (prefilled with ``storage.suggest_record_path``'s name), Enter or Save saves; a click on a row
  takes its name (saving over it asks first). "Other folder…" opens the stock file dialog
  (``on_other``) over the library, which waits hidden until that dialog closes
  (``game.scenes.files.OtherFolderDialog``). Escape (the scene's ``back``), Cancel or the
  window's × close it; while "Delete the game?" is open, Escape closes only that question
  (``back``). A folder that cannot be opened is said so (``storage_words``).
* Keys: the list (with its preview) is a Tab stop that, like a text entry, takes the keyboard
  when the ring reaches it (``_Canvas``; Load opens with it there): Up/Down, Page Up/Down,
  Home/End move the selection, Enter (or Space) opens or saves over the selected game, Delete
  asks to move it to the trash, ? shows the keys. With the ring on a button, its keys are the
  button's; with no ring, a list key puts the ring on the list.
* ``layout_rects()``: the texts it draws, for the layout audit.
"""
from __future__ import annotations

import datetime as _dt
import html
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIWindow
from pygame_gui.core import UIElement

from ..i18n import N_, _, ngettext, pgettext
from ..names import game_title
from ..ui.words import player_words
from ..rules.record import Record, RecordError, parse_record
from ..themes import CLASSIC, Theme
from ..storage import (NAME_MAX_BYTES, RECORD_SUFFIX, RecordInfo, StorageError, friendly_path, is_folder,
                       last_game_path, list_record_folder, name_fits, read_text, record_moves, records_dir,
                       safe_file_name, same_path, scan_record, trash_record, TRASH_FOLDER)
from ..ui import style as S
from ..ui.dialogs import QuestionCard, ask
from ..ui.endings import result_words
from ..ui.entry import KeyboardTarget, TextEntry
from ..ui.focus import GameDialog, ring_on
from ..ui.text import ellipsize, wrap
from ..ui.problems import clause, record_note_words, record_words, storage_words
from ..ui.thumbnail import ThumbnailCache, placeholder
from ..views import draw as D
from .base import WAKE, Scene

__all__ = ["LibraryDialog", "Entry", "WAKE", "THUMBS", "library_rect", "SORTS"]

THUMBS = ThumbnailCache(limit=240)      # pictures of final positions, shared by every opening
_PARSED: "OrderedDict[tuple[str, int, int], tuple[Record | None, str, bool]]" = OrderedDict()
_MAX_PARSED = 400
SORTS = (("date", N_("Date")), ("game", N_("Game")), ("result", N_("Result")))   # translated when shown
DOUBLE_CLICK = 0.45
TITLE_BAR = 28              # px at UI scale 1: pygame-gui's title bar, as the app's theme scales it
_RESULT_ORDER = {"black": 0, "white": 1, "draw": 2, "*": 3}
_LIST_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)

# colours (the window's own are the theme's; these match the move list and the panel)
TEXT = (239, 228, 208)
DIM = (176, 156, 128)
HEAD = (255, 226, 168)
WARN = (255, 176, 112)
ERROR = (255, 128, 112)
ROW_SEL = (122, 86, 44)
ROW_HOVER = (58, 45, 34)


@dataclass
class Entry:
    """One file of the list: its headers, then (lazily) its parsed record."""

    info: RecordInfo
    record: Record | None = None
    parsed: bool = False
    warning: str = ""          # damaged (still opens) or unreadable (does not)
    openable: bool = True
    moves: int = 0
    label: str = ""            # said in the row instead of the file's name ('' : the name)

    @property
    def path(self) -> Path:
        return self.info.path


def last_game_entry(entries: list[Entry]) -> Entry | None:
    """The last finished game (``storage.last_game_path``, kept when a game ends), for the list
    of the saved games while no saved file holds the same game: a game left unsaved at its end
    can still be opened, reviewed and saved. None when there is none."""
    path = last_game_path()
    try:
        there = path.is_file()
    except OSError:
        there = False
    if not there:
        return None
    info = scan_record(path)
    if not info.game or any(info.same_game(e.info) for e in entries):
        return None
    return Entry(info, label=_("the last game you finished, not saved"))


def library_rect(scene: Scene) -> pygame.Rect:
    w, h = scene.size
    px = scene.px
    rect = pygame.Rect(0, 0, min(px(980), w - px(40)), min(px(640), h - px(36)))
    rect.center = (w // 2, h // 2)
    return rect


def parse_entry(entry: Entry) -> None:
    """Read and replay one record (cached per file key); sets record, warning, openable, moves."""
    info = entry.info
    entry.parsed = True
    if info.error is not None and not info.game:
        entry.openable, entry.warning = False, storage_words(info.error)
        return
    hit = _PARSED.get(info.key)
    if hit is None:
        rec: Record | None = None
        warning, ok = "", True
        try:
            text = read_text(info.path)
        except StorageError as e:
            hit = (None, storage_words(e), False)
        else:
            try:
                rec = parse_record(text)
            except RecordError as e:
                try:
                    rec = parse_record(text, recover=True)
                except RecordError:
                    rec = None
                if rec is not None and rec.moves and rec.note is not None and rec.note.kind != "stopped":
                    warning = record_note_words(rec.note)       # only a header is left out: every move opens
                elif rec is not None and rec.moves and rec.note is not None:   # recovered: what it lost
                    warning = _("Damaged: {why}. It opens up to there.").format(why=clause(record_note_words(rec.note)))
                else:
                    plain = record_words(e.kind, e.facts)
                    line = e.line
                    warning = (_("Cannot be read: line {line}: {why}").format(line=line, why=plain) if line and plain
                               else _("Cannot be read: {why}").format(why=plain))
                    rec, ok = None, False
            hit = (rec, warning, ok)
        _PARSED[info.key] = hit
        while len(_PARSED) > _MAX_PARSED:
            _PARSED.popitem(last=False)
    else:
        _PARSED.move_to_end(info.key)
    entry.record, entry.warning, entry.openable = hit
    rec = entry.record
    # the rows of its move list (``record_moves``); unread, what its last row says (``scan_record``)
    entry.moves = record_moves(rec) if rec is not None else info.moves


def shown_result(entry: Entry) -> tuple[str, str] | None:
    """The result and reason the board shows when ``entry`` is opened: the replayed record's
    (the rules core's where the moves end the game, else the Result header it accepted, as
    ``game.scenes.files`` opens it). None while it is not read, or when it cannot be opened."""
    rec = entry.record
    if rec is None:
        return None
    return rec.result_word, rec.reason or ""


def _result_rank(entry: Entry) -> int:
    shown = shown_result(entry)
    return _RESULT_ORDER.get(shown[0] if shown is not None else entry.info.result, 3)


def date_text(info: RecordInfo) -> str:
    if info.date:
        return info.date
    try:
        return _dt.date.fromtimestamp(info.mtime).isoformat() if info.mtime else ""
    except (OverflowError, OSError, ValueError):
        return ""


def fit(text: str, font: pygame.font.Font, width: int, what: str) -> str:
    """``text`` cut with an ellipsis to at most ``width`` pixels (``what``: the kind of text,
    for the layout audit: ``game.ui.text.ellipsize``)."""
    return ellipsize(text, font, width, what, strip=" ·,")


class _Canvas(KeyboardTarget):
    """The list and the preview: one picture drawn by the dialog, mouse events handed to it; the
    list's Tab stop: when the ring reaches it (or a click) it takes the keyboard, and its keys
    are the list's (``LibraryDialog._list_key``)."""

    def __init__(self, rect: pygame.Rect, manager: Any, container: Any, owner: "LibraryDialog") -> None:
        self.owner = owner
        super().__init__(rect, manager, container, starting_height=1, layer_thickness=1,
                         element_id=["library_list"])
        self._set_image(pygame.Surface(self.rect.size, pygame.SRCALPHA))

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return bool(self.is_focused and self.visible and self.is_enabled) and self.owner._list_key(event)
        return self.owner._mouse(event)


class LibraryDialog(UIWindow, GameDialog):
    """The game library (see the module's docstring). ``mode`` is 'load' or 'save'."""

    _ring_list = False          # the ring goes back to the list (``_keys_follow_ring``)

    def __init__(self, scene: Scene, mode: str, folder: Path, name: str = "",
                 on_other: Callable[[], Any] | None = None, title: str = "") -> None:
        self.scene = scene
        self.mode = "save" if mode == "save" else "load"
        self.folder = Path(folder)
        self.on_other = on_other
        self.px: Callable[[float], int] = scene.px
        title = title or (_("Save this game") if self.mode == "save" else _("Load a game"))
        super().__init__(library_rect(scene), scene.ui, window_display_title=title,
                         object_id="#library", resizable=False, draggable=False)
        self.set_blocking(True)
        self._fit_title_bar()
        infos, self.folder_error = list_record_folder(self.folder)
        self.entries: list[Entry] = [Entry(i) for i in infos]
        if self.mode == "load" and same_path(self.folder, records_dir()):
            last = last_game_entry(self.entries)
            if last is not None:
                self.entries.append(last)
        self.sort_key = "date"
        self.selected: int | None = None
        self.hover: int | None = None
        self.scroll = 0
        self.note = ""
        self.note_kind = "info"
        self.clock = 0.0
        self._last_click: tuple[int, float] = (-1, -10.0)
        self._drag: int | None = None        # the scroll thumb held: mouse y minus the thumb's top
        self._confirm: QuestionCard | None = None
        self._confirm_path: Path | None = None
        self._texts: list[tuple[str, pygame.Rect, pygame.Rect, int]] = []
        self._dirty = True
        self._built_for: tuple[int, int] = scene.size
        self.buttons: dict[str, UIButton] = {}
        self.name_entry: TextEntry | None = None
        self._sort()
        if self.entries and self.mode == "load":
            self.selected = 0
        self._build(name)
        if self.mode == "save" and self.name_entry is not None:
            self.name_entry.take_keyboard()
            self.name_entry.cursor = self.name_entry.anchor = len(self.name_entry.get_text())
        elif self.entries:
            self.canvas.take_keyboard()
        self.note, self.note_kind = self._count_note()
        self._draw()

    # ------------------------------------------------------------ layout
    def _build(self, name: str = "") -> None:
        px = self.px
        cw, ch = self.get_container().get_rect().size
        g = px(12)
        bfont = D.font(px(16), True)
        bh = max(px(36), bfont.get_linesize() + px(10))
        y = g
        if self.mode == "save":
            lw = D.font(px(16)).size(_("Name"))[0] + px(12)
            UILabel(pygame.Rect(g, y, lw, bh), _("Name"), self.ui_manager, container=self, object_id="#player_label")
            self.name_entry = TextEntry(pygame.Rect(g + lw + px(6), y, cw - 2 * g - lw - px(6), bh), self.ui_manager,
                                        container=self, placeholder_text=_("A name for the file"), max_length=120)
            self.name_entry.set_text(name)
            y += bh + px(8)
        lw = D.font(px(16)).size(_("Sort by"))[0] + px(12)
        UILabel(pygame.Rect(g, y, lw, bh), _("Sort by"), self.ui_manager, container=self, object_id="#player_label")
        x = g + lw + px(6)
        tips = {"date": _("Sort the games by date"), "game": _("Sort the games by game"),
                "result": _("Sort the games by result")}
        words = {"date": _("Date"), "game": pgettext("sort", "Game"), "result": _("Result")}
        for key, _label in SORTS:
            label = words[key]
            bw = bfont.size(label)[0] + px(36)
            b = UIButton(pygame.Rect(x, y, bw, bh), label, self.ui_manager, container=self,
                         tool_tip_text=tips[key])
            self.buttons[f"sort_{key}"] = b
            x += bw + px(6)
        where = _("In {folder}").format(folder=friendly_path(self.folder))
        room = cw - g - (x + px(10))
        lab_font = D.font(px(15))
        if room > px(80):
            text = fit(where, lab_font, room - px(10), "library: the folder")
            self.folder_label = UILabel(pygame.Rect(cw - g - room, y, room, bh), text, self.ui_manager,
                                        container=self, object_id="#player_label")
        y += bh + px(10)
        # the buttons at the bottom
        by = ch - g - bh
        specs_left = [("other", _("Other folder…"), None, _("Choose a file in another folder")),
                      ("delete", _("Delete…"), "#danger_button", _("Move the selected file to the trash folder"))]
        x = g
        for key, label, oid, tip in specs_left:
            bw = bfont.size(label)[0] + px(36)
            self.buttons[key] = UIButton(pygame.Rect(x, by, bw, bh), label, self.ui_manager, container=self,
                                         object_id=oid, tool_tip_text=tip)
            x += bw + px(8)
        ok_label = _("Save") if self.mode == "save" else _("Open")
        pfont = D.font(px(18), True)
        cancel_w = bfont.size(_("Cancel"))[0] + px(40)
        ok_w = max(cancel_w, pfont.size(ok_label)[0] + px(48))
        self.cancel_button = UIButton(pygame.Rect(cw - g - cancel_w, by, cancel_w, bh), _("Cancel"),
                                      self.ui_manager, container=self)
        self.ok_button = UIButton(pygame.Rect(cw - g - cancel_w - px(8) - ok_w, by, ok_w, bh), ok_label,
                                  self.ui_manager, container=self, object_id="#primary_button",
                                  tool_tip_text=_("Save the game under this name") if self.mode == "save"
                                  else _("Open the selected game"))
        self.buttons["ok"] = self.ok_button
        self.buttons["cancel"] = self.cancel_button
        canvas = pygame.Rect(g, y, cw - 2 * g, by - px(10) - y)
        self.canvas = _Canvas(canvas, self.ui_manager, self, self)
        self._geometry(canvas.size)
        self._sync_buttons()

    def _geometry(self, size: tuple[int, int]) -> None:
        """Where the list, its rows, the preview and the note go inside the canvas."""
        px = self.px
        w, h = size
        self.note_h = px(26)
        list_w = int(w * 0.58)
        self.list_rect = pygame.Rect(0, 0, list_w, h - self.note_h - px(4))
        self.preview_rect = pygame.Rect(list_w + px(14), 0, w - list_w - px(14), self.list_rect.h)
        self.note_rect = pygame.Rect(0, h - self.note_h, w, self.note_h)
        self.row_h = px(76)
        self.thumb = self.row_h - px(12)
        self.bar_w = px(10)
        self.title_size, self.line_size, self.small_size = px(16), px(14), px(13)
        lines = D.font(px(20), True).get_linesize() + 7 * D.font(px(14)).get_linesize() + px(16)
        side = min(self.preview_rect.w - px(16), self.preview_rect.h - lines - px(12))
        self.preview_side = max(px(40), side)

    def relayout(self) -> None:
        """The window changed size (or UI scale): the dialog is built again at the new size (the
        ring and the keyboard stay on the list when they were there)."""
        name = self.name_entry.get_text() if self.name_entry is not None else ""
        app = self.scene.app
        self._ring_list, keys = app is not None and app.focus is self.canvas, self.canvas.is_focused
        for el in list(self.get_container()):       # (a container iterates over its elements)
            el.kill()
        self.buttons = {}
        self.name_entry = None
        self._fit_title_bar()
        rect = library_rect(self.scene)
        self.set_dimensions(rect.size)
        self.set_position(rect.topleft)
        self._built_for = self.scene.size
        self._build(name)
        if keys:
            self.canvas.take_keyboard()
        self._keys_follow_ring()
        self._dirty = True

    def _fit_title_bar(self) -> None:
        """The title bar at the UI scale: pygame-gui sizes it (and its font) from the theme only when
        the window is made, and a theme loaded for scale 1 leaves a larger scale's height in place."""
        self.rebuild_from_changed_theme_data()
        height = self.px(TITLE_BAR)
        if self.title_bar_height != height:
            self.title_bar_height = height
            if self.close_window_button is not None:
                self.title_bar_close_button_width = height
            self.rebuild()
        for part in (self.title_bar, self.close_window_button):
            if part is not None:
                part.rebuild_from_changed_theme_data()

    # ------------------------------------------------------------ the list
    def _sort(self) -> None:
        keep = self.entries[self.selected].path if self.selected is not None and self.entries else None
        key = self.sort_key
        if key == "game":
            self.entries.sort(key=lambda e: (e.info.game or "~", -e.info.mtime, e.info.name))
        elif key == "result":
            self.entries.sort(key=lambda e: (_result_rank(e), -e.info.mtime, e.info.name))
        else:
            self.entries.sort(key=lambda e: (date_text(e.info), e.info.mtime), reverse=True)
        self.entries.sort(key=lambda e: not e.info.game)      # files that are no records last (stable)
        if keep is not None:
            self.selected = next((i for i, e in enumerate(self.entries) if e.path == keep), None)
        self._dirty = True

    def set_sort(self, key: str) -> None:
        if key not in dict(SORTS):
            return
        self.sort_key = key
        self._sort()
        self.note, self.note_kind = self._count_note()     # the footer says the order shown
        self._sync_buttons()
        self.show_selected()

    def _count_note(self) -> tuple[str, str]:
        """The footer and its kind: the saved games listed (files with a game: not the last game)."""
        if self.folder_error is not None:
            return _("This folder cannot be opened: Other folder… chooses another."), "error"
        n = sum(1 for e in self.entries if not e.label and e.info.game)
        if not n:
            last_only = any(e.label for e in self.entries)
            return (_("No saved games here yet, only the last game you finished.") if last_only else
                    _("No saved games here yet.") if self.mode == "load" else
                    _("No saved games here yet: this is the first.")), "info"
        if self.sort_key == "game":
            return ngettext("{n} saved game, by game.", "{n} saved games, by game.", n).format(n=n), "info"
        if self.sort_key == "result":
            return ngettext("{n} saved game, by result.", "{n} saved games, by result.", n).format(n=n), "info"
        return ngettext("{n} saved game, newest first.", "{n} saved games, newest first.", n).format(n=n), "info"

    def select(self, i: int | None) -> None:
        if i is not None:
            i = max(0, min(len(self.entries) - 1, i)) if self.entries else None
        if i == self.selected:
            return
        self.selected = i
        if i is not None and self.mode == "save" and self.name_entry is not None:
            self.name_entry.set_text(self.entries[i].path.stem)
        self.show_selected()
        self._sync_buttons()
        self._dirty = True

    def select_path(self, path: Path) -> bool:
        """Select the row of ``path`` (True if it is listed)."""
        p = Path(path)
        for i, e in enumerate(self.entries):
            if e.path == p or e.path.resolve() == p.resolve():
                self.select(i)
                return True
        return False

    def pick(self, path: Path) -> None:
        """As a person would choose ``path``: select its row (load) or type its name (save)."""
        if self.mode == "save":
            if self.name_entry is not None:
                self.name_entry.set_text(Path(path).name)
        else:
            self.select_path(Path(path))

    def show_selected(self) -> None:
        """Scroll so that the selected row is in sight."""
        if self.selected is None:
            return
        top = self.selected * self.row_h
        h = self.list_rect.h - 2
        if top < self.scroll:
            self.scroll = top
        elif top + self.row_h > self.scroll + h:
            self.scroll = top + self.row_h - h
        self._clamp()
        self._dirty = True

    def _clamp(self) -> None:
        most = max(0, len(self.entries) * self.row_h - (self.list_rect.h - 2))
        self.scroll = max(0, min(most, self.scroll))

    def visible_rows(self) -> range:
        first = self.scroll // self.row_h
        last = (self.scroll + self.list_rect.h) // self.row_h + 1
        return range(max(0, first), min(len(self.entries), last))

    def _sync_buttons(self) -> None:
        for key, _label in SORTS:
            b = self.buttons.get(f"sort_{key}")
            if b is not None:
                (b.select() if key == self.sort_key else b.unselect())
        sel = self.entries[self.selected] if self.selected is not None and self.entries else None
        delete = self.buttons.get("delete")
        if delete is not None:
            (delete.enable() if sel is not None else delete.disable())
        (self.canvas.enable() if self.entries else self.canvas.disable())   # (an empty list is no Tab stop)
        if self.mode == "load":
            ok = sel is not None and sel.openable and not (sel.info.problem and not sel.info.game)
            (self.ok_button.enable() if ok else self.ok_button.disable())

    # ------------------------------------------------------------ answers
    def _post_path(self, path: Path) -> None:
        data = {"text": str(path), "ui_element": self, "ui_object_id": self.most_specific_combined_id}
        pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, data))
        self.kill()

    def open_selected(self) -> None:
        if self.selected is None or not self.entries:
            return
        e = self.entries[self.selected]
        if not e.parsed:
            parse_entry(e)
        if not e.openable:
            why = e.warning or (storage_words(e.info.error) if e.info.error is not None else "")
            self.say(_("{file}: {why}").format(file=e.path.name, why=why), "error")
            self._sync_buttons()
            return
        self._post_path(e.path)

    def save_named(self) -> None:
        text = (self.name_entry.get_text() if self.name_entry is not None else "").strip()
        name = safe_file_name(text, limit=NAME_MAX_BYTES)
        if not name:        # (a file's name loses the dots and spaces at its ends: "..", "." leave nothing)
            self.say(_("A file's name cannot be only dots and spaces: type another name.") if text else
                     _("Type a name for the file first."), "warn")
            return
        path = self.folder / name
        if path.suffix.lower() != RECORD_SUFFIX:
            path = path.with_name(path.name + RECORD_SUFFIX)
        if not name_fits(path.name):
            self.say(_("That name is too long for a file: shorten it."), "warn")
            return
        if is_folder(path):         # (saving there would put the game inside it, under another name)
            self.say(_("A folder named {name} is in the way: type another name.").format(name=path.name), "warn")
            return
        self._post_path(path)

    def choose(self) -> None:
        """Enter on the list: open the selected game, or save over it (asked first), else the name."""
        if self.mode == "load":
            self.open_selected()
        elif self.selected is not None and self.entries:
            self._post_path(self.entries[self.selected].path)
        else:
            self.save_named()

    def ask_delete(self) -> None:
        if self.selected is None or not self.entries or self._confirm is not None:
            return
        entry = self.entries[self.selected]
        path = entry.path
        self._confirm_path = path
        self._ring_list = self.scene.app is not None and self.scene.app.focus is self.canvas
        self.canvas.blur()          # the question's keys are its own
        px = self.px
        # the row's own words (the last game finished is no file name a player chose)
        text = _("Move {file} to the trash folder?<br><br>It is kept in {folder}, where you can move it back.").format(
            file=html.escape(entry.label or path.name), folder=html.escape(friendly_path(path.parent / TRASH_FOLDER)))
        app = self.scene.app
        self._confirm = ask(self.ui_manager, px, _("Delete the game?"), text, _("Move it"), danger=True,
                            theme=app.theme if app is not None else CLASSIC)

    def delete_confirmed(self) -> None:
        path, self._confirm_path = self._confirm_path, None
        self._confirm = None
        if path is None:
            return
        try:
            dest = trash_record(path)
        except StorageError as e:
            self.say(_("Could not move the file: {why}").format(why=storage_words(e)), "error")
            return
        i = next((k for k, e in enumerate(self.entries) if e.path == path), None)
        said = self.entries[i].label if i is not None else ""
        if i is not None:
            del self.entries[i]
            if self.selected is not None:
                self.selected = min(self.selected, len(self.entries) - 1) if self.entries else None
        self._clamp()
        self._sync_buttons()
        self.say(_("{file} was moved to {folder}.").format(file=said or path.name, folder=friendly_path(dest.parent)))

    def first_ring(self) -> Any:
        """The keyboard's ring starts where the keyboard goes on: the name (saving), else the
        list (its Enter opens the selected game), or Cancel when nothing is listed."""
        if self.name_entry is not None:
            return self.name_entry
        return self.canvas if self.canvas.is_enabled else self.cancel_button

    def back(self) -> bool:
        """Escape while the library asks "Delete the game?": only the question closes (the file
        is kept, the library stays open). False when nothing is asked: the scene closes the
        library then (``game.ui.focus.close_question`` asks this before the scene's ``back``)."""
        if self._confirm is None:
            return False
        self._confirm.kill()
        self._confirm, self._confirm_path = None, None
        return True

    def _keys_follow_ring(self) -> None:
        """The list has the keyboard while the ring is on it; the ring comes back (``_ring_list``)."""
        app = self.scene.app
        if app is None or self._confirm is not None or not self.visible:
            return
        if self._ring_list and self.canvas.is_enabled:
            ring_on(app, self.canvas)
        self._ring_list = False
        if app.focus is self.canvas and not self.canvas.is_focused and self.canvas.is_enabled:
            self.canvas.take_keyboard()
        elif app.focus is not None and app.focus is not self.canvas and self.canvas.is_focused:
            self.canvas.blur()

    def say(self, text: str, kind: str = "info") -> None:
        self.note, self.note_kind = text, kind
        self._dirty = True

    def kill(self) -> None:
        if self._confirm is not None:
            self._confirm.kill()
            self._confirm = None
        super().kill()

    # ------------------------------------------------------------ events
    def process_event(self, event: pygame.event.Event) -> bool:
        handled = super().process_event(event)
        t = event.type
        if t == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.cancel_button:
                self.kill()
                return True
            if el is self.ok_button:
                (self.save_named() if self.mode == "save" else self.open_selected())
                return True
            if el is self.buttons.get("delete"):
                self.ask_delete()
                return True
            if el is self.buttons.get("other"):
                if self.on_other is not None:
                    self.on_other()
                return True
            for key, _label in SORTS:
                if el is self.buttons.get(f"sort_{key}"):
                    self.set_sort(key)
                    return True
        elif t == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.name_entry is not None \
                and event.ui_element is self.name_entry:
            self.save_named()
            return True
        elif t == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and self._confirm is not None \
                and event.ui_element is self._confirm:
            self.delete_confirmed()
            return True
        elif t == pygame_gui.UI_WINDOW_CLOSE and self._confirm is not None and event.ui_element is self._confirm:
            self._confirm, self._confirm_path = None, None
            return True
        elif t == pygame.KEYDOWN and self.alive() and self._confirm is None:
            if self.name_entry is not None and self.name_entry.is_focused:
                return handled
            return self._key(event) or handled
        return handled

    def _key(self, event: pygame.event.Event) -> bool:
        """A key neither the list nor the name has: with the ring on a button, the button's; with
        no ring, a list key puts the ring and the keyboard on the list, Enter opens or saves."""
        k = event.key
        app = self.scene.app
        if k == pygame.K_DELETE and self.selected is not None:
            self.ask_delete()
            return True
        if app is not None and app.focus is not None:
            return False
        if k in _LIST_KEYS and self.canvas.is_enabled:
            if app is not None:
                ring_on(app, self.canvas)
            self.canvas.take_keyboard()
            return self._list_key(event)
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            (self.save_named() if self.mode == "save" else self.open_selected())
            return True
        return False

    def _list_key(self, event: pygame.event.Event) -> bool:
        """A key while the list has the keyboard (``_Canvas``)."""
        if not self.alive() or self._confirm is not None:
            return False
        k = event.key
        n = len(self.entries)
        page = max(1, self.list_rect.h // self.row_h - 1)
        cur = self.selected if self.selected is not None else -1
        moves = {pygame.K_DOWN: cur + 1, pygame.K_UP: max(0, cur - 1), pygame.K_PAGEDOWN: cur + page,
                 pygame.K_PAGEUP: max(0, cur - page), pygame.K_HOME: 0, pygame.K_END: n - 1}
        if k in moves and n:
            self.select(moves[k])
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose()
            return True
        if k == pygame.K_DELETE and self.selected is not None:
            self.ask_delete()
            return True
        return False

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        r = self.list_rect.move(self.canvas.rect.topleft)
        if not r.collidepoint(pos) or pos[0] >= r.right - self.bar_w - 4:
            return None
        i = (pos[1] - r.y + self.scroll) // self.row_h
        return i if 0 <= i < len(self.entries) else None

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb (canvas coordinates), None when all rows fit."""
        total = len(self.entries) * self.row_h
        view = self.list_rect.h - 2
        if total <= view:
            return None
        track = pygame.Rect(self.list_rect.right - self.bar_w - 3, self.list_rect.y + 3, self.bar_w, view - 4)
        th = max(self.px(28), track.h * view // total)
        ty = track.y + (track.h - th) * self.scroll // max(1, total - view)
        return track, pygame.Rect(track.x, ty, track.w, th)

    def _mouse(self, event: pygame.event.Event) -> bool:
        t = event.type
        if not self.alive() or self._confirm is not None:
            return False
        origin = self.canvas.rect.topleft
        if t == pygame.MOUSEWHEEL:          # the dialog is modal: the wheel scrolls its list
            self.scroll -= int(event.y) * self.row_h
            self._clamp()
            self._dirty = True
            return True
        if t == pygame.MOUSEMOTION:
            if self._drag is not None:
                bar = self._bar()
                if bar is not None:
                    track, thumb = bar
                    y = event.pos[1] - origin[1] - self._drag
                    total = len(self.entries) * self.row_h - (self.list_rect.h - 2)
                    self.scroll = int((y - track.y) * total / max(1, track.h - thumb.h))
                    self._clamp()
                    self._dirty = True
                return True
            hover = self._row_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self._dirty = True
            return False
        if t == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.canvas.rect.collidepoint(event.pos):
            bar = self._bar()
            local = (event.pos[0] - origin[0], event.pos[1] - origin[1])
            if bar is not None and bar[0].inflate(6, 0).collidepoint(local):
                track, thumb = bar
                if thumb.collidepoint(local):
                    self._drag = local[1] - thumb.y
                else:               # a click on the track pages there
                    page = self.list_rect.h - self.row_h
                    self.scroll += page if local[1] > thumb.y else -page
                    self._clamp()
                    self._dirty = True
                return True
            i = self._row_at(event.pos)
            if i is not None:
                again = self._last_click[0] == i and self.clock - self._last_click[1] <= DOUBLE_CLICK
                self._last_click = (i, self.clock)
                self.select(i)
                if again:
                    self._last_click = (-1, -10.0)
                    (self.save_named() if self.mode == "save" else self.open_selected())
            return True
        return False

    # ------------------------------------------------------------ lazy work
    @property
    def theme(self) -> Theme | None:
        """The app's colour theme (pictures are drawn and cached in it); None before the scene has an app."""
        app = self.scene.app
        return app.theme if app is not None else None

    def pending(self) -> Entry | tuple[Entry, int] | None:
        """The next piece of work: an entry to read, or (entry, picture size) to draw."""
        if not self.entries:
            return None
        order: list[int] = []
        if self.selected is not None:
            order.append(self.selected)
        order += [i for i in self.visible_rows() if i != self.selected]
        for i in order:
            e = self.entries[i]
            if not e.parsed:
                return e
            if i == self.selected and e.record is not None and \
                    THUMBS.get(e.info.key, (self.preview_side, self.preview_side), self.theme) is None:
                return (e, self.preview_side)
            if e.record is not None and THUMBS.get(e.info.key, (self.thumb, self.thumb), self.theme) is None:
                return (e, self.thumb)
        return next((e for e in self.entries if not e.parsed), None)

    def work_once(self) -> bool:
        """Do one piece of lazy work; False when there is nothing left."""
        job = self.pending()
        if job is None:
            return False
        if isinstance(job, Entry):
            parse_entry(job)
            if self.selected is not None and self.entries[self.selected] is job:
                self._sync_buttons()
        else:
            entry, side = job
            THUMBS.make(entry.info.key, entry.record, (side, side), self.theme)
        self._dirty = True
        return True

    def settle(self) -> None:
        """Do all the lazy work now (tests, screenshots)."""
        while self.work_once():
            pass
        self._draw()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if not self.alive():
            return
        if not self.visible:        # (waiting under "Other folder…": ``game.scenes.files.OtherFolderDialog``)
            return
        self._keys_follow_ring()
        self.clock += time_delta
        if self.scene.size != self._built_for:
            self.relayout()
        if self.work_once() and not pygame.event.peek(WAKE):
            pygame.event.post(pygame.event.Event(WAKE, {}))
        if self._dirty:
            self._draw()

    # ------------------------------------------------------------ drawing
    def _text(self, surf: pygame.Surface, text: str, pos: tuple[int, int], size: int, colour: tuple[int, int, int],
              bold: bool, bounds: pygame.Rect, name: str) -> None:
        font = D.font(size, bold)
        text = fit(text, font, bounds.right - pos[0], "library: " + name.split(" ")[0])
        if not text:
            return
        img = font.render(text, True, colour)
        rect = img.get_rect(topleft=pos)
        surf.blit(img, rect)
        if bounds.contains(rect):       # (a row half out of the list, cut by its edge, is not counted)
            off = self.canvas.rect.topleft
            self._texts.append((name, rect.move(off), bounds.move(off), size))

    def _draw(self) -> None:
        self._dirty = False
        canvas = self.canvas
        px = self.px
        surf = pygame.Surface(canvas.rect.size, pygame.SRCALPHA)
        bg = self.background_colour if isinstance(self.background_colour, pygame.Color) else pygame.Color(35, 28, 22)
        surf.fill((bg[0], bg[1], bg[2], 255))
        self._texts = []
        lr = self.list_rect
        pygame.draw.rect(surf, S.LIST_BG[:3], lr, border_radius=px(8))
        pygame.draw.rect(surf, S.LIST_BORDER, lr, width=max(1, px(1)), border_radius=px(8))
        inner = lr.inflate(-4, -4)
        prev_clip = surf.get_clip()
        surf.set_clip(inner)
        text_right = inner.right - self.bar_w - px(8)
        if not self.entries:
            msg = _("No saved games in this folder yet.") if self.mode == "load" else _("Nothing saved here yet.")
            bounds = pygame.Rect(inner.x, inner.y, text_right - inner.x, inner.h)
            font = D.font(self.line_size)
            lines = [msg] if self.folder_error is None else wrap(storage_words(self.folder_error), font,
                                                                  bounds.w - px(32))
            for k, line in enumerate(lines):
                self._text(surf, line, (inner.x + px(16), inner.y + px(16) + k * font.get_linesize()), self.line_size,
                           DIM if self.folder_error is None else ERROR, False, bounds, f"empty {k}")
        for i in self.visible_rows():
            self._draw_row(surf, i, pygame.Rect(inner.x, lr.y + 1 + i * self.row_h - self.scroll,
                                                text_right - inner.x + px(6), self.row_h), inner)
        surf.set_clip(prev_clip)
        bar = self._bar()
        if bar is not None:
            track, thumb = bar
            pygame.draw.rect(surf, S.LIST_TRACK, track, border_radius=track.w // 2)
            pygame.draw.rect(surf, S.LIST_THUMB_ACTIVE if self._drag is not None else S.LIST_THUMB, thumb,
                             border_radius=track.w // 2)
        self._draw_preview(surf)
        colour = {"warn": WARN, "error": ERROR}.get(self.note_kind, DIM)
        nr = self.note_rect
        if self.note:
            self._text(surf, self.note, (nr.x + px(4), nr.y + (nr.h - D.font(self.small_size).get_linesize()) // 2),
                       self.small_size, colour, False, nr, "note")
        canvas._set_image(surf)

    def _draw_row(self, surf: pygame.Surface, i: int, row: pygame.Rect, clip: pygame.Rect) -> None:
        px = self.px
        e = self.entries[i]
        info = e.info
        if i == self.selected:
            pygame.draw.rect(surf, ROW_SEL, row.inflate(-px(4), -px(4)), border_radius=px(6))
        elif i == self.hover:
            pygame.draw.rect(surf, ROW_HOVER, row.inflate(-px(4), -px(4)), border_radius=px(6))
        side = self.thumb
        tr = pygame.Rect(row.x + px(8), row.y + (row.h - side) // 2, side, side)
        pic = THUMBS.get(info.key, (side, side), self.theme) if e.record is not None else None
        if pic is None and e.parsed and e.record is None:
            pic = placeholder((side, side))
        if pic is not None:
            surf.blit(pic, tr)
        else:
            pygame.draw.rect(surf, (46, 37, 29), tr.inflate(-px(6), -px(6)), border_radius=px(6))
        x = tr.right + px(12)
        bounds = pygame.Rect(x, row.y, row.right - x - px(6), row.h).clip(clip)
        game = game_title(info.game) if info.game else _("Unknown game")
        players = _("{black} vs {white}").format(black=player_words(info.black) if info.black else "?",
                                                 white=player_words(info.white) if info.white else "?") \
            if (info.black or info.white) else ""
        title = f"{game} · {players}" if players else game
        tf, lf, sf = D.font(self.title_size, True), D.font(self.line_size), D.font(self.small_size)
        gap = (row.h - tf.get_linesize() - lf.get_linesize() - sf.get_linesize()) // 2
        y = row.y + max(px(2), gap)
        self._text(surf, title, (x, y), self.title_size, HEAD if i == self.selected else TEXT, True, bounds, f"row {i} title")
        y += tf.get_linesize()
        moves = e.moves if e.parsed else info.moves
        length = ngettext("{n} move", "{n} moves", moves).format(n=moves) if moves else pgettext("record length", "no moves")
        shown = shown_result(e)
        detail = f"{result_words(*shown)} · {length}" if shown is not None else ""
        colour = WARN if e.openable else ERROR
        if e.warning and not detail:        # unreadable: its problem where the result goes, its file below
            self._text(surf, e.warning, (x, y), self.line_size, colour, False, bounds, f"row {i} warning")
        else:
            self._text(surf, detail, (x, y), self.line_size, TEXT, False, bounds, f"row {i} detail")
        y += lf.get_linesize()
        file = e.label or info.name
        if e.warning and detail:            # damaged, it opens: the file named with its problem
            self._text(surf, _("{file}: {why}").format(file=file, why=e.warning), (x, y), self.small_size, colour,
                       False, bounds, f"row {i} warning")
        else:
            self._text(surf, " · ".join(w for w in (date_text(info), file) if w), (x, y), self.small_size, DIM, False,
                       bounds, f"row {i} file")

    def _draw_preview(self, surf: pygame.Surface) -> None:
        px = self.px
        pr = self.preview_rect
        pygame.draw.rect(surf, (30, 24, 19), pr, border_radius=px(8))
        pygame.draw.rect(surf, S.LIST_BORDER, pr, width=max(1, px(1)), border_radius=px(8))
        inner = pr.inflate(-px(16), -px(12))
        if self.selected is None or not self.entries:
            msg = _("Choose a game to see it here.") if self.entries else ""
            if msg:
                self._text(surf, msg, (inner.x, inner.y + px(4)), self.line_size, DIM, False, inner, "preview hint")
            return
        e = self.entries[self.selected]
        info = e.info
        side = self.preview_side
        box = pygame.Rect(pr.x + (pr.w - side) // 2, pr.y + px(10), side, side)
        pic = THUMBS.get(info.key, (side, side), self.theme) if e.record is not None else None
        if pic is None and e.parsed and e.record is None:
            pic = placeholder((side, side))
        if pic is not None:
            surf.blit(pic, box)
        else:
            pygame.draw.rect(surf, (46, 37, 29), box.inflate(-px(10), -px(10)), border_radius=px(8))
        y = box.bottom + px(8)
        bounds = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        tf = D.font(px(20), True)
        game = game_title(info.game) if info.game else _("Unknown game")
        self._text(surf, game, (inner.x, y), px(20), HEAD, True, bounds, "preview game")
        y += tf.get_linesize()
        lf = D.font(self.line_size)
        moves = e.moves if e.parsed else info.moves
        lines = []
        if info.black or info.white:
            lines.append((_("Black: {black} · White: {white}").format(
                black=player_words(info.black) if info.black else "?",
                white=player_words(info.white) if info.white else "?"), TEXT))
        shown = shown_result(e)
        if shown is not None:
            lines.append((ngettext("{result} after {n} move", "{result} after {n} moves", moves).format(
                result=result_words(*shown), n=moves) if moves else result_words(*shown), TEXT))
        lines.append((date_text(info) or _("no date"), DIM))
        lines.append((e.label or info.name, DIM))
        problem = e.warning or (storage_words(info.error) if info.error is not None else "")
        if problem:
            lines.append((problem, WARN if e.openable else ERROR))
        k = 0
        for text, colour in lines:
            for part in wrap(text, lf, inner.w):
                if y + lf.get_linesize() > bounds.bottom:
                    return
                self._text(surf, part, (inner.x, y), self.line_size, colour, False, bounds, f"preview {k}")
                y += lf.get_linesize()
                k += 1

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect, int]]:
        """The texts drawn in the list, the preview and the note (window coordinates), for the
        layout audit: (name, rect, bounds, size)."""
        return list(self._texts)
