"""The position editor: set up any position of a game, checked by the rules core; save it as a
record (SetUp), analyse it or play it. Registered as 'editor' (``make_scene("editor", game_name,
options, players)``; ``--scene editor:GAME``).

The board on the left shows the position (the game's own view); the panel on the right holds the
palette (the pieces one can put: a click on a point puts the chosen piece, a right click takes
the top piece off), the side to move, the game's options (Onyx: board size, open start, the pie
rule and its state; Onager: the lake phase), Clear board / Start position, Undo / Redo
(Ctrl+Z / Ctrl+Y, in the set-up box too: every change, Clear board, Start position, a smaller
Onyx board and a typed text included, can be taken back), the rules core's verdict in a status
line, who plays each side, and Play / Analyse / Save / Back. Under the board the position's
set-up text (``Game.position_text()``'s form) can be read, typed or pasted (Enter or "Use
text"); "/" gives that box the keyboard (as the board's move box), and the keys
overlay (F1) has the editor's own list (``game.ui.keys.EDITOR``, with the box's form for the game).
Save opens the game library with a name field, as the board's Save does (a name offered; a file
of that name already there is replaced only when the player says so).

Back and Escape (Escape in the box first leaves the box) leave at once while nothing would be
lost; when the position changed since the editor opened or since Save (or a typed text is not
used yet) they ask first ("Leave the editor?": Leave / Stay; Save is advised only when the
position can be saved).

The model is ``editor_model.SetUpModel`` (no pygame): its stacks are the one source; every change
is checked by the game's ``from_position`` and an impossible position's reason is said in a
player's words. Play, Analyse and Save are disabled while the position is impossible (Play and
Analyse also when it is already decided). Analyse shows only when the analysis board is
registered ('analysis_of', which takes a Match: a set-up start included); it is pushed, so
leaving it comes back here.
"""
from __future__ import annotations

import logging
import datetime as _dt
import html
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UILabel

from ..clock import TimeControl
from ..i18n import N_, _, ngettext, pgettext
from ..match import HUMAN, Match
from ..names import game_title, side_name
from ..rules import Color
from ..rules.base import RulesError
from ..themes import CLASSIC
from ..ui.choice import ChoiceMenu
from ..ui import focus as focus_ui
from ..ui.entry import TextEntry
from ..ui.layout import button_width, draw_panel, split
from ..ui.overlays import draw_ticks
from ..ui.text import StatusText
from ..views import BoardView, Decorations, ViewUnavailable, view_for
from ..views import draw as D
from .base import Scene, is_board_scene, is_button, make_scene, register, registered
from .editor_model import LAKE, ONYX_SIZES, PALETTES, PIE_STATES, TITLES, Check, History, SetUpModel, State
# the players offered are the New game form's own: Human and every level of the ladder with its rating
from .newgame import player_choices

log = logging.getLogger(__name__)

BAD = "#ff9a7a"
GOOD = "#a8d890"
NOTE = "#f0c070"
HINTS = {
    "amoeba": N_("Click a point to put the chosen piece on top of its stack; right click takes the top piece off."),
    "onyx": N_("Click a point to put the chosen stone there; right click takes it off."),
    "onager": N_("Click a cell to put a disc on top (or a lake); right click takes the top one off."),
}


@register("editor")
class EditorScene(Scene):
    title = "Set up a position"

    def __init__(self, game_name: str = "amoeba", options: dict[str, Any] | None = None,
                 players: dict[str, str] | None = None, time_control: TimeControl | None = None) -> None:
        super().__init__()
        self.time_control = time_control            # the New game form's clock, kept for its return
        self.game_name = game_name if game_name in TITLES else "amoeba"
        opts = dict(options or {}) if self.game_name == "onyx" else {}
        self.model = SetUpModel.start(self.game_name, **opts)
        self.piece = PALETTES[self.game_name][0][0]
        self.players = {"black": HUMAN, "white": HUMAN, **(players or {})}
        self.view: BoardView | None = None
        self.view_error = ""
        self.widgets: dict[str, Any] = {}
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.heading_at = (0, 0)
        self.hover: str | None = None
        self.verdict: Check = self.model.check()
        self.typed_error = ""        # a typed text the rules core refused (the board keeps its position)
        self.message = ""            # what the last action did ("Saved as …")
        self.message_kind = "info"
        self.saved_path: Any = None  # the last record written by Save
        self.path_to_overwrite: Path | None = None   # a file Save asks before replacing
        self._leave_by_keyboard = False              # Back or Escape by the keyboard (the ring goes with it)
        self._kept = self.snapshot()  # the position as it opened or was last saved: leaving it loses nothing
        self.history = History(self.snapshot())     # Undo / Redo
        self._make_view()

    # ------------------------------------------------------------ state
    @property
    def valid(self) -> bool:
        return self.verdict.ok and not self.typed_error

    @property
    def playable(self) -> bool:
        return self.verdict.playable and not self.typed_error

    def position_text(self) -> str:
        """The text the entry shows: the rules core's own (canonical) text of a legal position."""
        game = self.verdict.game
        return game.position_text() if game is not None else self.model.text()

    def snapshot(self) -> State:
        """Everything of the position set up: its stacks, the side to move and the options."""
        return self.model.state()

    def _typed(self) -> bool:
        """The set-up box holds a text the board does not show (typed, not used yet)."""
        box = self.widgets.get("text")
        return box is not None and box.get_text() != self.position_text()

    def unsaved(self) -> bool:
        """Would leaving lose something the player did: the position changed since the editor
        opened (or since Save), or a text typed in the set-up box that the board does not show."""
        return self._typed() or self.snapshot() != self._kept

    def keys_place(self) -> str:
        """The keys overlay's list of the editor's own keys (``game.ui.keys.EDITOR``)."""
        return "editor"

    def has_analysis(self) -> bool:
        """The analysis board is there: 'analysis_of' opens it on a Match (a set-up start included)."""
        return registered("analysis_of")

    def keys_missing(self) -> frozenset[str]:
        return frozenset() if self.has_analysis() else frozenset({"Analyse"})

    def _make_view(self) -> None:
        try:
            self.view = view_for(self.game_name, **self.model.variant())
            self.view_error = ""
        except ViewUnavailable as exc:       # its English is for the log; the window says it in words
            log.warning("the position editor has no board: %s", exc)
            self.view, self.view_error = None, _("The board cannot be shown.")
        if self.view is not None and self.board_rect.w > 10:
            self.view.layout(self.board_rect)

    def changed(self, message: str = "") -> None:
        """The model changed: Undo can take it back; check it again, show the text, the verdict
        and the buttons."""
        self.history.commit(self.snapshot())
        self._refresh(message)

    def _refresh(self, message: str = "") -> None:
        """The model is as it should be shown: check it, show the text, the verdict and the buttons."""
        self.verdict = self.model.check()
        self.typed_error = ""
        self.message, self.message_kind = message, "info"
        self._show_text()
        self.sync()

    def _show_text(self) -> None:
        """The position's text in the entry, from its start (the cursor at the front)."""
        box = self.widgets.get("text")
        if box is not None:
            box.set_text(self.position_text())
            box.cursor = box.anchor = 0
            box.scroll = 0
            box.rebuild_from_changed_theme_data()

    def use_text(self, text: str) -> None:
        """A typed or pasted set-up text: the rules core reads it (or says why not)."""
        verdict = self.model.load_text(text)
        if verdict.ok:
            self.changed()
            return
        self.verdict = self.model.check()
        self.typed_error = verdict.reason
        self.message = ""
        self.sync()

    # ------------------------------------------------------------ undo
    def undo(self) -> None:
        """Ctrl+Z or Undo: a text typed in the set-up box and not used yet goes first (the box
        shows the position again); else the position before the last change comes back."""
        if self._typed():
            self._refresh()
            return
        self._restore(self.history.undo())

    def redo(self) -> None:
        """Ctrl+Y or Redo: the change Undo took back is made again."""
        self._restore(self.history.redo())

    def _restore(self, state: State | None) -> None:
        if state is None:
            return
        before = self.snapshot()
        place = focus_ui.focus_place(self.app) if self.app is not None else None
        size = self.model.size
        self.model.restore(state)
        if self.model.size != size:          # another Onyx board: its view
            self._make_view()
        if state[1:] != before[1:] and self.app is not None:   # the side or an option: their widgets
            self.read_widgets()
            # (made anew before _refresh disables Undo or Redo: the ring's place among what Tab
            # goes through is still the one it had)
            self.relayout()
        self._refresh()
        ring = self.app.focus if self.app is not None else None
        if ring is not None and not ring.is_enabled:
            # the ring was on Undo (or Redo), which has nothing left to do: it goes on to the
            # control that now stands at its place among what Tab goes through (Redo beside it)
            focus_ui.keep_place(self.app, place)

    # ------------------------------------------------------------ edits
    def choose_piece(self, code: str) -> None:
        self.piece = code
        self.relayout()

    def set_side(self, colour: Color) -> None:
        if colour != self.model.to_move:
            self.model.to_move = colour
            self.changed()
            self.relayout()

    def click_point(self, label: str, button: int = 1) -> None:
        if button == 3:
            self.model.take(label)
        else:
            self.model.put(label, self.piece)
        self.changed()

    def set_size(self, size: int) -> None:
        if size != self.model.size:
            gone = self.model.set_size(size)
            self._make_view()
            self.changed(ngettext(
                "{n} stone off the {size}×{size} board was removed: Ctrl+Z brings it back.",
                "{n} stones off the {size}×{size} board were removed: Ctrl+Z brings them back.",
                gone).format(n=gone, size=size) if gone else "")
            if self.app is not None:    # the players' words name the board a level was rated on
                self.read_widgets()
                self.relayout()

    # ------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        px = self.px
        area, self.panel_rect = split(self.size, px, 360, 440, 0.36)
        strip = px(38)
        # the players above the board, across its width: their words (every level with its
        # rating, as the New game form says them) need more room than the panel has, and
        # their lists open downwards over the board, every level in sight. Each side's name
        # stands before its box, or above it when the longest words need the whole width.
        dh, rgap = px(36), px(6)
        choices = self.player_options()
        name_font = D.font(px(18), True)
        lw = max(name_font.size(side_name(c))[0] for c in ("black", "white")) + px(14)
        need = max(D.font(px(16), True).size(t)[0] for t, _v in choices) + px(32)     # the box's arrow, borders
        above = need > area.w - lw
        lh = name_font.get_linesize() + px(2) if above else 0
        players_h = 2 * (lh + dh) + rgap + px(10)
        self.board_rect = pygame.Rect(area.x, area.y + players_h, area.w, area.h - players_h - strip - px(10))
        if self.view is not None:
            self.view.layout(self.board_rect)
        W: dict[str, Any] = {}
        self.widgets = W
        ui, root = self.ui, self.root
        for i, side in enumerate(("black", "white")):
            ry = area.y + i * (lh + dh + rgap)
            name = pygame.Rect(area.x, ry, area.w, lh) if above else pygame.Rect(area.x, ry, lw - px(6), dh)
            UILabel(name, side_name(side), ui, container=root, object_id="#counts_label")
            box = (pygame.Rect(area.x, ry + lh, area.w, dh) if above else
                   pygame.Rect(area.x + lw, ry, area.w - lw, dh))
            W[side] = ChoiceMenu(choices, self.players[side], box, ui, container=root)
        use_w = px(120)
        W["text"] = TextEntry(pygame.Rect(area.x, area.bottom - strip, area.w - use_w - px(8), strip), ui,
                              container=root, max_length=4000, line_break="; ",      # a position pasted a line a point
                              refuse="/",          # '/' is the key that gives it the keyboard: never typed
                              placeholder_text=_("Type or paste a position here, then press Enter"))
        self._show_text()
        W["use_text"] = UIButton(pygame.Rect(area.right - use_w, area.bottom - strip, use_w, strip), _("Use text"),
                                 ui, container=root, tool_tip_text=_("Read the typed position (Enter)"))
        p = self.panel_rect
        x, iw = p.x + px(16), p.w - px(32)
        y = p.y + px(14)
        self.heading_at = (p.centerx, y + px(16))
        y += px(40)
        bh, gap = px(38), px(8)
        palette = PALETTES[self.game_name]
        cols = 3 if len(palette) == 3 else 2
        # (measured in the chosen piece's larger font: any of them may be the one chosen)
        if max(button_width(_(t), px, ui, "#primary_button") for _c, t in palette) > (iw - 2 * gap) // 3:
            cols = 2                         # a longer language: two to a row
        cw = (iw - (cols - 1) * gap) // cols
        for i, (code, text) in enumerate(palette):
            r = pygame.Rect(x + (i % cols) * (cw + gap), y + (i // cols) * (bh + gap), cw, bh)
            W[f"piece_{code}"] = UIButton(r, _(text), ui, container=root,
                                          object_id="#primary_button" if code == self.piece else None,
                                          tool_tip_text=self._piece_tip(code))
        y += -(-len(palette) // cols) * (bh + gap)
        half = (iw - gap) // 2
        words = {c: _("{side} to move").format(side=side_name(c.word)) for c in Color}
        # the words when they fit the half row, else a caption before the colours alone (the
        # words in their tooltips): a bare "Black / White" under the palette reads as more pieces
        wide = max(D.font(px(16), True).size(t)[0] for t in words.values()) + px(24) > half
        sx, sw = x, half
        if wide:
            caption = _("To move:")
            capw = D.font(px(18), True).size(caption)[0] + px(12)
            UILabel(pygame.Rect(x, y, capw - px(6), bh), caption, ui, container=root, object_id="#counts_label")
            sx, sw = x + capw, (iw - capw - gap) // 2
        for i, colour in enumerate((Color.BLACK, Color.WHITE)):
            W[f"side_{colour.word}"] = UIButton(pygame.Rect(sx + i * (sw + gap), y, sw, bh),
                                                side_name(colour.word) if wide else words[colour], ui, container=root,
                                                tool_tip_text=words[colour] if wide else None,
                                                object_id="#primary_button" if colour == self.model.to_move else None)
        y += bh + gap
        y = self._build_options(x, y, iw)
        W["clear"] = UIButton(pygame.Rect(x, y, half, bh), _("Clear board"), ui, container=root,
                              tool_tip_text=_("Take every piece off the board"))
        W["start"] = UIButton(pygame.Rect(x + half + gap, y, half, bh), _("Start position"), ui, container=root,
                              tool_tip_text=_("The game's starting position"))
        y += bh + gap
        W["undo"] = UIButton(pygame.Rect(x, y, half, bh), pgettext("editing", "Undo"), ui, container=root,
                             tool_tip_text=_("Take back the last change to the position (Ctrl+Z)"))
        W["redo"] = UIButton(pygame.Rect(x + half + gap, y, half, bh), pgettext("editing", "Redo"), ui,
                             container=root, tool_tip_text=_("Make the change taken back again (Ctrl+Y)"))
        y += bh + px(10)
        # from the bottom up: Save / Back, Play / Analyse
        bottom = p.bottom - px(14)
        row = px(44)
        W["save"] = UIButton(pygame.Rect(x, bottom - row, half, row), _("Save"), ui, container=root,
                             tool_tip_text=_("Save the position as a game record"))
        W["back"] = UIButton(pygame.Rect(x + half + gap, bottom - row, half, row), _("Back"), ui, container=root)
        top = bottom - 2 * row - gap
        if self.has_analysis():
            W["play"] = UIButton(pygame.Rect(x, top, half, row), _("Play"), ui, container=root,
                                 object_id="#primary_button", tool_tip_text=_("Play a game from this position"))
            W["analyse"] = UIButton(pygame.Rect(x + half + gap, top, half, row), _("Analyse"), ui, container=root,
                                    tool_tip_text=_("Study this position on the analysis board"))
        else:
            W["play"] = UIButton(pygame.Rect(x, top, iw, row), _("Play"), ui, container=root,
                                 object_id="#primary_button", tool_tip_text=_("Play a game from this position"))
        W["status"] = StatusText(pygame.Rect(x, y, iw, max(px(40), top - px(10) - y)), ui, container=root,
                                 scale=self.k)
        if self.app is not None:
            W["status"].theme = self.app.theme
        self.sync()

    def player_options(self) -> tuple[tuple[str, str], ...]:
        """The New game form's players (``newgame.player_choices``): Human and each level of the
        ladder with its rating (on this Onyx board's size; the player's think times). A game
        played from here has no clock, so no clock cuts a level short."""
        settings = self.app.settings if self.app is not None else None
        size = int(self.model.size) if self.game_name == "onyx" else None
        return player_choices(self.game_name, settings, None, size)

    def _build_options(self, x: int, y: int, iw: int) -> int:
        px, ui, root, W = self.px, self.ui, self.root, self.widgets
        dh = px(36)
        if self.game_name == "onyx":
            lw = max(px(60), D.font(px(18), True).size(_("Board"))[0] + px(12))     # from its word
            UILabel(pygame.Rect(x, y, lw - px(6), dh), _("Board"), ui, container=root, object_id="#counts_label")
            W["size"] = ChoiceMenu([(f"{s}×{s}", int(s)) for s in ONYX_SIZES], int(self.model.size),
                                   pygame.Rect(x + lw, y, px(110), dh), ui, container=root)
            W["open"] = UICheckBox(pygame.Rect(x + lw + px(124), y + px(6), px(24), px(24)), _("Open start"), ui,
                                   container=root, initial_state=self.model.open)
            y += dh + px(8)
            if W["open"].text_label.rect.right > x + iw:     # a longer language: a row of its own
                W["open"].set_relative_position((x, y + px(6)))
                y += dh + px(8)
            W["pie"] = ChoiceMenu([(_(p[1]), p[0]) for p in PIE_STATES], self.model.pie,
                                  pygame.Rect(x, y, iw, dh), ui, container=root)
            y += dh + px(8)
        elif self.game_name == "onager":
            W["lake_phase"] = UICheckBox(pygame.Rect(x, y + px(6), px(24), px(24)),
                                         _("Lake phase (lakes still to place)"), ui, container=root,
                                         initial_state=self.model.lake_phase)
            y += dh + px(8)
        return y

    def _piece_tip(self, code: str) -> str:
        if self.game_name == "onyx":
            return _("Click a point to put this stone there")
        if code == LAKE:
            return _("Click an empty cell to put a lake there (at most 3, never on f6)")
        return _("Click a point to put this on top of its stack")

    def sync(self) -> None:
        """The status line and the buttons as the verdict says."""
        W = self.widgets
        for key, on in (("play", self.playable), ("analyse", self.playable), ("save", self.valid),
                        ("undo", self.history.can_undo()), ("redo", self.history.can_redo())):
            b = W.get(key)
            if b is not None:
                b.enable() if on else b.disable()
        status = W.get("status")
        if status is not None:
            status.set_text(self.status_markup())

    def status_markup(self) -> str:
        """The status line: the verdict in a player's words, then what the last action did or a hint."""
        esc = html.escape
        if self.typed_error:
            label = esc(_("That text is not a position:"))
            head = f"<font color='{BAD}'><b>{label}</b> {esc(self.typed_error)}</font>"
        elif not self.verdict.ok:
            label = esc(_("Impossible position:"))
            head = f"<font color='{BAD}'><b>{label}</b> {esc(self.verdict.reason)}</font>"
        else:
            game = self.verdict.game
            assert game is not None
            if game.result is not None:
                head = f"<font color='{NOTE}'>{esc(self.verdict.note)}</font>"
            else:
                n = len(game.legal_moves())
                legal = esc(_("A legal position."))
                head = f"<font color='{GOOD}'><b>{legal}</b></font> " + esc(ngettext(
                    "{side} to move, {n} legal move.", "{side} to move, {n} legal moves.", n).format(
                    side=side_name(game.to_move.word), n=n))
                if self.verdict.note:
                    head += f" <font color='{NOTE}'>{esc(self.verdict.note)}</font>"
        if self.message:
            colour = BAD if self.message_kind == "error" else GOOD
            return f"{head}<br><font color='{colour}'>{esc(self.message)}</font>"
        if not self.valid:
            wait = esc(_("Play and Save wait for a legal position."))
            return f"{head}<br>{wait}"
        return f"{head}<br>{esc(_(HINTS[self.game_name]))}"

    def read_widgets(self) -> None:
        W = self.widgets
        for colour in ("black", "white"):
            if colour in W:
                self.players[colour] = str(W[colour].value)

    # ------------------------------------------------------------ actions
    def play(self) -> None:
        game = self.verdict.game
        if not self.playable or game is None or self.app is None:
            return
        self.read_widgets()
        match = Match(game.copy(), {Color.BLACK: self.players["black"], Color.WHITE: self.players["white"]})
        board = make_scene("board", match)
        if is_board_scene(board):
            board.say_notice(self.app)      # the game left for the New game form is kept: said here
        self.app.replace(board)

    def analyse(self) -> None:
        game = self.verdict.game
        if not self.playable or game is None or self.app is None or not self.has_analysis():
            return
        try:
            scene = make_scene("analysis_of", Match(game.copy(), {Color.BLACK: HUMAN, Color.WHITE: HUMAN}))
        except Exception as exc:  # the analysis board is another engineer's: never crash here
            log.exception("the analysis board cannot open the position")
            from ..ui.problems import refusal_words
            why = (refusal_words(exc, self.game_name) if isinstance(exc, RulesError) else
                   _("an error in the program (the log has its details)"))
            self.message, self.message_kind = _("The analysis board cannot open this position: {why}").format(
                why=why), "error"
            self.sync()
            return
        self.app.push(scene)

    def save(self) -> None:
        """Save the position as a record (SetUp, ToMove): the game library opens with a name
        field, as the board's Save does (a suggested name, the saved games listed; an existing
        name asks before it is replaced)."""
        from ..storage import records_dir, suggest_record_path
        from ..ui.words import record_file_words
        from .library import LibraryDialog
        record = self._record()
        if record is None or self.app is None:
            return
        self.close_dialog()
        name = suggest_record_path(record_file_words(record), records_dir()).stem
        self.dialog = LibraryDialog(self, "save", records_dir(), name=name, title=_("Save this position"))
        self.dialog_kind = "save"

    def _record(self) -> Any:
        """The position as a record to save, None when there is none (not legal, or refused:
        the message says why)."""
        from ..autosave import player_name
        from ..rules.record import RecordError, record_from_game
        from ..ui.problems import refusal_words
        game = self.verdict.game
        if not self.valid or game is None:
            return None
        self.read_widgets()
        names = (player_name(self.players["black"]), player_name(self.players["white"]))
        try:
            return record_from_game(game.copy(), names, _dt.date.today(),
                                    headers={"Event": f"{TITLES[self.game_name]} set-up"})
        except (RulesError, RecordError, ValueError) as exc:  # a position no record can hold
            log.warning("the position could not be saved: %s", exc)
            why = refusal_words(exc, self.game_name) if isinstance(exc, RulesError) else \
                _("Something in it cannot be read.")
            self.message, self.message_kind = _("The position could not be saved: {why}").format(why=why), "error"
            self.sync()
            return None

    def path_picked(self, text: str) -> None:
        """The library's Save: the name typed (a file there already: asked first)."""
        from ..storage import RECORD_SUFFIX, name_fits
        path = Path(text)
        if not path.name:
            self.message, self.message_kind = _("Type a name for the file first."), "warn"
            self.sync()
            return
        if not path.suffix:
            path = path.with_suffix(RECORD_SUFFIX)
        if not name_fits(path.name):
            self.message, self.message_kind = _("That name is too long for a file: shorten it."), "warn"
            self.sync()
            return
        try:
            there = path.is_file()
        except (OSError, ValueError):
            there = False
        if there:
            self.path_to_overwrite = path
            self.open_dialog("overwrite", _("Replace the file?"),
                             _("{file} already exists.<br><br>Replace it with this position?").format(
                                 file=html.escape(path.name)), _("Replace"))
            return
        self.save_to(path)

    def save_to(self, path: Path) -> None:
        """Write the position's record to ``path``; the message says where, or why not."""
        from ..storage import StorageError, friendly_path, save_record
        from ..ui.problems import storage_words
        record = self._record()
        if record is None:
            return
        try:
            saved = save_record(path, record)
        except (StorageError, OSError) as exc:
            log.warning("the position could not be saved: %s", exc)
            why = storage_words(exc) if isinstance(exc, StorageError) else _("Something in it cannot be read.")
            self.message, self.message_kind = _("The position could not be saved: {why}").format(why=why), "error"
        else:
            self.saved_path = saved
            self._kept = self.snapshot()     # kept in the record: leaving now loses nothing
            self.message, self.message_kind = _("Saved as {file}").format(file=friendly_path(saved)), "info"
        self.sync()

    def go_back(self, keyboard: bool = False) -> None:
        """Back to the New game form of this game (with its options and players); ``keyboard``:
        by the keyboard, so the ring waits on its Set up… button, where the player left."""
        if self.app is None:
            return
        self.read_widgets()
        opts = self.model.variant() if self.game_name == "onyx" else {}
        self.app.replace(make_scene("new_game", self.game_name, opts, dict(self.players),
                                    time_control=self.time_control, clock_given=True,
                                    ring_on="setup" if keyboard else ""))

    def leave_editor(self, keyboard: bool = False) -> None:
        """Back (the button or Escape): at once when nothing would be lost, else asked first."""
        if self.app is None:
            return
        self._leave_by_keyboard = keyboard or self.app.focus is not None
        if not self.unsaved():
            self.go_back(self._leave_by_keyboard)
            return
        # Save is advised only while it can be pressed: an impossible position cannot be saved
        text = (_("The position you set up is not kept.<br><br>Save keeps it as a game record.") if self.valid else
                _("The position you set up is not kept.<br><br>It cannot be saved while it is impossible."))
        self.open_dialog("leave", _("Leave the editor?"), text, _("Leave"), _("Stay"))

    def back(self) -> bool:
        """Escape: the set-up box gives back the keyboard first; the question asked closes (Stay);
        else Back."""
        box = self.widgets.get("text")
        if box is not None and box.is_focused:
            box.blur()
            return True
        if self.dialog is not None:
            self.close_dialog()
            return True
        self.leave_editor(keyboard=True)
        return True

    def relayout(self, keep_ring: bool = True) -> None:
        """The widgets made anew (Undo of the side to move or an option, another board size, the
        window's size): the set-up box that had the keyboard has it again, as the ring is kept."""
        box = self.widgets.get("text")
        typing = keep_ring and box is not None and box.is_focused
        super().relayout(keep_ring)
        if typing:
            self.take_box()

    def take_box(self) -> bool:
        """'/': the set-up box takes the keyboard (and the focus ring), as the board's move box does."""
        box = self.widgets.get("text")
        if box is None or self.app is None or not box.visible:
            return False
        box.take_keyboard()
        focus_ui.ring_on(self.app, box)
        return True

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        W = self.widgets
        t = event.type
        if t == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and self.dialog is not None \
                and event.ui_element is self.dialog and self.dialog_kind == "save":
            self.dialog, self.dialog_kind = None, ""
            self.path_picked(str(event.text))
            return True
        answer = self.dialog_answer(event)
        if answer is not None:
            if answer == ("leave", True):
                self.go_back(self._leave_by_keyboard)
            elif answer == ("overwrite", True) and self.path_to_overwrite is not None:
                path, self.path_to_overwrite = self.path_to_overwrite, None
                self.save_to(path)
            return True
        if t == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event)
        if (t == pygame.KEYDOWN and event.key in (pygame.K_z, pygame.K_y)
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and self.dialog is None):
            # the board's keys (Ctrl+Z also with Shift, as there); in the set-up box too, where
            # a typed text is often what replaced the position
            self.undo() if event.key == pygame.K_z else self.redo()
            return True
        if (t == pygame.KEYDOWN and event.key in (pygame.K_SLASH, pygame.K_KP_DIVIDE)
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and self.dialog is None
                and self.app is not None and not focus_ui.typing(self.app)):
            return self.take_box()
        if t == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is W.get("text"):
            self.use_text(W["text"].get_text())
            return True
        if t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is W.get("size"):
                self.set_size(int(W["size"].value))
            elif event.ui_element is W.get("pie"):
                self.model.pie = str(W["pie"].value)
                self.changed()
            else:
                self.read_widgets()
            return True
        if t in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = t == pygame_gui.UI_CHECK_BOX_CHECKED
            if event.ui_element is W.get("open"):
                self.model.open = on
                self.changed()
            elif event.ui_element is W.get("lake_phase"):
                self.model.lake_phase = on
                self.changed()
            return True
        if t == pygame.MOUSEMOTION:
            self.hover = self._label_at(event.pos)
            return False
        if t == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            label = self._label_at(event.pos)
            if label is not None:
                box = W.get("text")
                if box is not None and box.is_focused:
                    box.blur()
                self.click_point(label, event.button)
                return True
        return False

    def _button(self, event: pygame.event.Event) -> bool:
        W = self.widgets
        for code, _text in PALETTES[self.game_name]:
            if is_button(event, W.get(f"piece_{code}")):
                self.choose_piece(code)
                return True
        for colour in (Color.BLACK, Color.WHITE):
            if is_button(event, W.get(f"side_{colour.word}")):
                self.set_side(colour)
                return True
        actions = {"clear": self._clear, "start": self._start, "undo": self.undo, "redo": self.redo,
                   "play": self.play, "analyse": self.analyse,
                   "save": self.save, "back": self.leave_editor,
                   "use_text": lambda: self.use_text(W["text"].get_text())}
        for key, fn in actions.items():
            if is_button(event, W.get(key)):
                fn()
                return True
        return False

    def _clear(self) -> None:
        had = bool(self.model.stacks)
        self.model.clear()
        self.changed(_("Board cleared: Ctrl+Z brings the position back.") if had else "")

    def _start(self) -> None:
        before = self.snapshot()
        self.model.reset_to_start()
        self.changed(_("The start position is set up: Ctrl+Z brings back the one before.")
                     if self.snapshot() != before else "")
        self.relayout()           # the side to move and the Onager lake phase go back too

    def _label_at(self, pos: tuple[int, int]) -> str | None:
        if self.view is None or not self.board_rect.collidepoint(pos):
            return None
        return self.view.label_at(pos)

    def needs_frames(self) -> bool:
        """Only the text entry's cursor blinks: otherwise the window may wait for the next event."""
        box = self.widgets.get("text")
        return bool(box is not None and box.is_focused)

    # ------------------------------------------------------------ drawing
    def shown_stacks(self) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
        """What the view draws (an Onager lake on discs is shown as its discs, tagged) and the tags."""
        shown: dict[str, tuple[str, ...]] = {}
        tags: dict[str, str] = {}
        for lab, pieces in self.model.stacks.items():
            if LAKE in pieces and len(pieces) > 1:
                shown[lab] = tuple(p for p in pieces if p != LAKE)
                tags[lab] = "lake?"
            else:
                shown[lab] = pieces
        return shown, tags

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme if self.app is not None else CLASSIC
        draw_panel(surface, self.panel_rect, theme)
        D.text(surface, self.heading(), self.heading_at, self.heading_size(), (255, 226, 168), bold=True)
        if self.view is None:
            D.text(surface, self.view_error or _("The board cannot be shown."), self.board_rect.center, self.px(20),
                   D.PALETTE["text_dim"])
            return
        if self.app is not None:
            self.view.set_look(self.app.theme, self.app.settings.flip)
            self.view.show_coords = self.app.settings.show_coords
        shown, tags = self.shown_stacks()
        deco = Decorations(hover=self.hover, tags=tags, marks=list(tags))
        self.view.draw(surface, shown, deco)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The ticks of the checked boxes."""
        draw_ticks(surface, (self.widgets.get(key) for key in ("open", "lake_phase")),
                   self.app.theme if self.app is not None else None)

    def heading_size(self) -> int:
        """22 px, or smaller (not under 15) while a longer language's heading is wider than the panel."""
        room = self.panel_rect.w - self.px(24)
        return next((s for s in range(self.px(22), self.px(15) - 1, -1)
                     if D.font(s, True).size(self.heading())[0] <= room), self.px(15))

    def heading(self) -> str:
        return _("Set up a position · {game}").format(game=game_title(self.game_name))

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """The heading the scene draws itself (the layout audit checks it)."""
        size = self.heading_size()
        r = pygame.Rect((0, 0), D.font(size, True).size(self.heading()))
        r.center = self.heading_at
        return [("heading", r, self.panel_rect, size)]
