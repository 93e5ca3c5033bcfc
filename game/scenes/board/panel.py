"""The board scene's side panel: its layout, the status line, the labels and the action buttons.

``BoardPanel`` (``scene.panel``) is a part of the board scene that owns the panel's state: its
``rect``, the status message (``status``, ``status_kind``; ``set_status``), the turn it shows
(``turn_shown``: while a move animates, ``waits``, the position before it; ``move_played``,
``move_landed``) and the action row. Other parts change the message through ``set_status``,
``clear_status`` and ``open_with`` (a new board's first words).
``build(rect)`` lays out the title and Menu button, whose turn, the players, the counts, the move
list (``game.ui.movelist``), the move box, the status line (``game.ui.text.StatusText``) and the
buttons, into the scene's widgets (``scene.w``); ``refresh`` brings them up to date after every
change; ``current_actions``/``sync_actions``/``do_action`` keep one button per move that is not a
board point (Onyx "Swap colours", Onager "End move") and the row's other buttons (Play on, Move
now, a variation's).
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UILabel

from ... import i18n
from ...i18n import N_, _, pgettext
from ...match import HUMAN
from ...names import game_title, level_words, side_name
from ...rules.base import Color, Danger, RulesError
from ...ui.dangers import DANGER_COLOUR, DangerCache, shown as shown_dangers, warning_line
from ...ui.endings import result_line
from ...ui.icons import colour_icon
from ...ui.layout import button_width, row_widths, split
from ...ui.movelist import MoveList
from ...ui.problems import refusal_words
from ...ui.text import FastLabel, StatusText, prime_disabled_look
from ...ui.words import LEVEL_NAMES, computer_words, variant_words
from ...views import draw as D
from .movebox import TYPING_WORDS
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from ...settings import Settings
    from .scene import BoardScene


PANEL_MIN, PANEL_MAX, PANEL_SHARE = 320, 460, 0.27   # 320: a Danger line in 3 lines at 1024x640
COUNT_CAPTION = {"amoeba": N_("Stacks controlled"), "onyx": N_("Stones captured"), "onager": N_("On the far row")}
OFFER_LABEL = {"amoeba": N_("Offer to end and count"), "onager": N_("Offer draw"), "onyx": N_("Offer to stop")}

# What each action button does, said in its tooltip; any other key is the input's own move
# (the pie rule's swap, ``extra_actions``).
_PIE_TIP = N_("Take over the other colour (pie rule)")
_ACTION_TIPS = {
    "__end__": N_("Finish the move on the cell the disc stands on (Enter)"),
    "__result__": N_("The result card again: Review, New game, Rematch"),
    "__movenow__": N_("Stop the computer's search: it plays its best move so far (Ctrl+M)"),
    "__promote__": N_("The variation shown moves one place up; in first place it is the game's line"),
    "__delete__": N_("Delete the variation shown, from its first move on"),
    "__playon__": N_("The two computers play on"),
}


class BoardPanel(ScenePart):
    """The side panel (see the module docstring)."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(0, 0, 10, 10)
        self._status = ("", "")             # (a message, the language it was said in)
        self.status_kind = "info"           # 'info', 'warn', 'error', 'offer' (``card_note``)
        self.waits = False                  # the panel shows the move when its animation lands
        self._dangers = DangerCache()
        self._turn_kept: tuple[Color, Any] | None = None   # the header's turn as last shown (turn_shown)
        self._acts_shown: list[tuple[str, str]] | None = None   # extra action buttons now shown
        self._note_shown: str | None = None                      # the comment shown under the move list
        self._moves_rect = pygame.Rect(0, 0, 10, 10)
        self._moves_base = pygame.Rect(0, 0, 10, 10)
        self._status_base: pygame.Rect | None = None
        self._status_grow = 0
        self.turn_icon = (0, 0)
        self.count_icons = ((0, 0), (0, 0))

    @staticmethod
    def split(size: tuple[int, int], px: Any) -> tuple[pygame.Rect, pygame.Rect]:
        """(board area, panel) for a window of ``size``."""
        return split(size, px, PANEL_MIN, PANEL_MAX, PANEL_SHARE)

    # ------------------------------------------------------------ layout
    def build(self, rect: pygame.Rect) -> None:
        """Make the panel's widgets in ``rect`` (into ``scene.w``), the toolbar's row included."""
        sc = self.scene
        px = self.px
        self.rect = rect
        W = sc.w
        p = self.rect
        x, iw = p.x + px(18), p.w - px(36)
        y = p.y + px(14)
        compact = p.h < px(720)          # a low window: the move list keeps room for 5 rows and more
        name = game_title(sc.game_name) if sc.game_name else _("Game")
        options = self.match.game.options() if self.match is not None else {}
        titles = [f"{name}  ·  {v}" for v in (variant_words(options), variant_words(options, short=True)) if v]
        # a board opened over another (the analysis board from a review) goes back to that one
        over = sc.app is not None and len(sc.app.scenes) > 1 and sc.app.scenes[-2].is_board and sc.app.scene is sc
        word, tip = ((_("Back"), _("Back to the board under this one (Esc)")) if over else
                     (_("Menu"), _("Back to the main menu (Esc)")))
        menu_w = max(px(74), D.font(px(15), True).size(word)[0] + px(22))   # laid out from its word
        W["menu"] = UIButton(pygame.Rect(x + iw - menu_w, y, menu_w, px(30)), word, sc.ui, container=sc.root,
                             tool_tip_text=tip)
        keys_w = px(34)
        W["keys"] = UIButton(pygame.Rect(x + iw - menu_w - px(6) - keys_w, y, keys_w, px(30)), "?", sc.ui,
                             container=sc.root, tool_tip_text=_("Keys and shortcuts (F1 or ?)"))
        room = iw - menu_w - keys_w - px(12)
        head_font = D.font(px(15), True)
        for cand in (*titles, name):
            title = cand
            if head_font.size(cand)[0] + px(8) <= room:
                break
        W["title"] = UILabel(pygame.Rect(x, y + px(2), room, px(26)), title, sc.ui,
                             container=sc.root, object_id="#heading")
        y += px(34)
        fsize = lambda n: int(round(n * sc.k))   # noqa: E731  (the theme's font sizes, scaled)
        # labels that change with the moves: cached pictures (#turn_label look)
        W["turn"] = FastLabel(pygame.Rect(x + px(34), y, iw - px(34), px(36)), "", sc.ui, container=sc.root,
                              size=fsize(24), bold=True, colour=(255, 226, 168))
        self.turn_icon = (x + px(14), y + px(18))
        y += px(40)
        W["players"] = FastLabel(pygame.Rect(x, y, iw, px(24)), "", sc.ui, container=sc.root,
                                 object_id="#player_label")
        y += px(30)
        clock_h = sc.clocks.row_height()     # a game with clocks: both clocks under the players
        if clock_h:
            sc.clocks.build_ui(pygame.Rect(x, y, iw, clock_h))
            y += clock_h + px(8 if compact else 10)
        # (headings as tall as the step to what follows: at 22 a Japanese heading at 4K was 1 px short)
        W["count_head"] = UILabel(pygame.Rect(x, y, iw, px(24)), _(COUNT_CAPTION.get(sc.game_name, N_("Score"))), sc.ui,
                                  container=sc.root, object_id="#heading")
        y += px(24)
        half = iw // 2
        W["count_b"] = FastLabel(pygame.Rect(x + px(30), y, half - px(30), px(30)), "", sc.ui, container=sc.root,
                                 size=fsize(18), bold=True)          # (#counts_label look)
        W["count_w"] = FastLabel(pygame.Rect(x + half + px(30), y, half - px(30), px(30)), "", sc.ui,
                                 container=sc.root, size=fsize(18), bold=True)
        self.count_icons = ((x + px(13), y + px(15)), (x + half + px(13), y + px(15)))
        y += px(34 if compact else 40)
        bh, gap = px(32 if compact else 40), px(8)
        n_rows = 3
        buttons_h = n_rows * bh + (n_rows - 1) * gap
        status_h = px(64)                  # two lines; a longer text grows into the move list
        bottom = p.bottom - px(16)
        by = bottom - buttons_h
        # from the bottom up: the game's buttons, the history and file buttons, the move box, the
        # status box, then the move list fills the rest. A long status grows upwards into the move
        # list only (_fit_status), so no button ever moves under the pointer.
        box_h = px(30)
        # the icons in two rows where one would make them narrow, unless the move list would
        # then keep less than a few moves (a game with clocks in a low window)
        moves_top = y if compact else y + px(24)
        extra_h = sc.toolbar.fit(by - px(10) - box_h - px(8) - status_h - px(8) - moves_top, keep=px(80))
        tool_y = by - px(10) - extra_h
        box_y = tool_y - box_h
        sy = box_y - px(8) - status_h
        if not compact:                  # (a low window: the list needs no heading to be read as the moves)
            W["moves_head"] = UILabel(pygame.Rect(x, y, iw, px(24)), _("Moves"), sc.ui, container=sc.root,
                                      object_id="#heading")
            y += px(24)
        self._moves_rect = pygame.Rect(x, y, iw, max(px(50), sy - px(8) - y))
        W["moves"] = MoveList(self._moves_rect.copy(), sc.ui, container=sc.root, scale=sc.k)
        W["movebox"] = sc.movebox.make(pygame.Rect(x, box_y, iw, box_h), sc.ui, sc.root)
        W["comment"] = sc.comments.make(pygame.Rect(x, sy, iw, px(30)), sc.ui, sc.root)
        self._acts_shown = None   # the action buttons (Swap colours, End move) are placed by sync_actions
        W["status"] = StatusText(pygame.Rect(x, sy, iw, status_h), sc.ui, container=sc.root, scale=sc.k)
        if sc.app is not None:
            W["moves"].theme = W["status"].theme = sc.app.theme
        self._status_base, self._moves_base, self._status_grow = W["status"].rect.copy(), self._moves_rect.copy(), 0
        offer = _(OFFER_LABEL.get(sc.game_name, N_("Offer draw")))
        # a row of buttons, each (key, label, object id, tooltip)
        rows: list[list[tuple[str, str, str | None, str]]] = [
            [("undo", _("Undo"), None, self.undo_tip()),
             ("redo", _("Redo"), None, _("Play again a move you took back (Ctrl+Y)")),
             ("hint", _("Hint"), None, _("Ask the computer for a good move (Ctrl+H)"))],
            [("offer", offer, None, _("The other player is asked to accept"))],
            [("resign", _("Resign"), "#danger_button", _("Give up this game")),
             ("new", _("New game"), "#primary_button", _("Set up a new game"))]]
        for row_i, row in enumerate(rows):
            widths = row_widths([button_width(label, px, sc.ui, oid) for _, label, oid, _ in row], iw, gap)
            bx = x
            for col, (key, label, oid, tip) in enumerate(row):
                r = pygame.Rect(bx, by + row_i * (bh + gap), widths[col], bh)
                bx += widths[col] + gap
                W[key] = UIButton(r, label, sc.ui, container=sc.root, object_id=oid, tool_tip_text=tip)
        sc.toolbar.build_ui(pygame.Rect(x, tool_y, iw, extra_h))

    def move_list(self) -> MoveList | None:
        """The move list, once built."""
        box = self.scene.w.get("moves") if self.scene.w else None
        return box if isinstance(box, MoveList) else None

    def status_box(self) -> StatusText | None:
        """The status line, once built."""
        box = self.scene.w.get("status") if self.scene.w else None
        return box if isinstance(box, StatusText) else None

    def undo_tip(self) -> str:
        """What Undo takes back, as its tooltip says: against the computer, the player's own
        last move and the computer's reply (``BoardScene.undo`` goes back to a person's turn)."""
        m = self.match
        if self.scene.is_analysis:
            return _("One move back: the move stays on the board's tree (Ctrl+Z)")
        if m is not None and any(m.is_human(c) for c in Color) and not all(m.is_human(c) for c in Color):
            return _("Take back your last move and the computer's reply (Ctrl+Z)")
        return _("Take back the last move (Ctrl+Z)")

    def warm_tasks(self) -> list[Any]:
        """First-time work done one piece a frame after the panel is built (the toolbar
        runs them), so the frame of the first move does not pay for it: the disabled looks of
        the panel's buttons and the colour icons."""
        tasks: list[Any] = [lambda b=b: prime_disabled_look(b) for k, b in self.scene.w.items()
                            if isinstance(b, UIButton) and k != "menu"]

        def icons() -> None:
            scratch = pygame.Surface((self.px(40), self.px(40)), pygame.SRCALPHA)
            for c in Color:
                for r in (self.px(13), self.px(11)):
                    colour_icon(scratch, (self.px(20), self.px(20)), c, r)

        return tasks + [icons]


    # ------------------------------------------------------------ state -> screen
    def move_played(self) -> None:
        """A move was played (or played again by Redo): the old status goes, and the panel
        waits for the move to land."""
        self.clear_status()
        self.waits = True

    def move_landed(self) -> None:
        """The animation is over: the panel shows the position as it is (at the next refresh)."""
        self.waits = False

    @property
    def status(self) -> str:
        """The message on the status line, else "" (the game's own words, ``default_status``).
        A message said in another language than the one in use is gone: a message is words,
        not values, and after a change of language in Settings it would stay in the old one
        (in the old one's script, boxes in the new font)."""
        text, lang = self._status
        return text if lang == i18n.language() else ""

    @status.setter
    def status(self, text: str) -> None:
        self._status = (text, i18n.language())

    def set_status(self, text: "str | RulesError", kind: str = "info") -> None:
        """A message on the status line: words already in the player's language, or a refusal
        of the rules core, worded here from its values (``game.ui.problems``)."""
        self.status = refusal_words(text, self.scene.game_name) if isinstance(text, RulesError) else text
        self.status_kind = kind
        self.update_status_box()

    def card_note(self) -> str:
        """The message the result card shows under the result: the status message, unless it
        only points at a button the card has itself (kind 'offer': Review)."""
        return "" if self.status_kind == "offer" else self.status

    def clear_status(self) -> None:
        """The message goes: the status line says the game's own words again (at the next
        ``update_status_box`` or ``refresh``)."""
        self.status = ""
        self.status_kind = "info"

    def open_with(self, text: str) -> None:
        """The message a board opens with, as given (a loaded file's, a game set up elsewhere):
        set before the scene is shown, it is on the status line from its first refresh."""
        self.status = text
        self.status_kind = "info"

    def turn_shown(self) -> tuple[Color, Any]:
        """(the side the panel shows to move, the result it shows): the one source the header,
        its disc and the status line read. While a move animates (``waits``) that is still
        the position before it: the panel shows a move when it lands."""
        sc = self.scene
        m = self.match
        kept = self._turn_kept
        if self.waits and sc.anim is not None and kept is not None:
            return kept
        return m.to_move, m.result

    def result_sentence(self, result: Any) -> str:
        """A result in one sentence, in this game's words: 'Black wins: White resigned.'"""
        m = self.match
        size = int(m.game.options().get("size", 12) or 12) if m is not None else 12
        return result_line(result, self.scene.game_name, self.counts(), size,
                           m.to_move if m is not None else None)

    def default_status(self) -> str:
        sc = self.scene
        m = self.match
        if m is None:
            return ""
        browsing = sc.history.note_words()      # (a position of the past: nobody is to move now)
        if browsing:
            return browsing
        side, result = self.turn_shown()
        if result is not None:
            return self.result_sentence(result)
        who = side_name(side.word)
        if side != m.to_move and sc.anim is not None:
            last = m.last_move
            return (_("{side} plays {move}.").format(side=who, move=last.text) if last is not None
                    else _("{side} to move.").format(side=who))
        if not m.is_human(m.to_move):
            if sc.computer.failed:
                return _("{side} (computer) could not move. Click the board to ask it again, or Undo.").format(side=who)
            return _("Computer is thinking… ({side}, {level})").format(
                side=who, level=_level_words(m.name, m.players[m.to_move],
                                             sc.app.settings if sc.app is not None else None,
                                             sc.clocks.limit(m.to_move), m.game.options().get("size")))
        if sc.movebox.focused():
            return _(TYPING_WORDS)
        if sc.input is not None and sc.input.prefix:
            return sc.input.after_select_message()
        if sc.input is not None and sc.input.game is not None:
            try:
                text = sc.input.idle_message()
            except (RulesError, ValueError, KeyError, TypeError):
                text = ""               # the usual words below
            if text:
                return text
        return _("{side} to move.").format(side=who)

    def update_status_box(self) -> None:
        sc = self.scene
        box = self.status_box()
        if box is None:
            return
        text = self.status or self.default_status()
        colour = {"warn": "#ffb070", "error": "#ff8070"}.get(self.status_kind, "#efe4d0")
        if not self.status:
            colour = "#efe4d0"            # the game's own words: never in a warning's colour
        threats = self.threats()
        extra = ""
        m = self.match
        dangers = self.dangers_shown()
        if dangers and m is not None:       # what is coming, before it lands: the game's end one move away
            warn = warning_line(dangers, dangers[0].who.other)
            head = html.escape(_("Danger:"))
            extra = f"<br><font color='{DANGER_COLOUR}'><b>{head}</b> {html.escape(warn)}</font>"
        elif threats and m and not m.is_over and sc.anim is None and m.is_human(m.to_move):
            warn = ""
            if sc.input is not None:
                try:
                    warn = sc.input.threat_message(threats)
                except (RulesError, ValueError, KeyError, TypeError):
                    warn = ""
            else:
                warn = _("{points} can be taken next move!").format(points=", ".join(t.upper() for t in threats))
            if warn:
                head = html.escape(_("Danger:"))
                extra = f"<br><font color='#ff7060'><b>{head}</b> {html.escape(warn)}</font>"
        content = f"<font color='{colour}'>{html.escape(text)}</font>{extra}"
        head = ""
        if m is not None and m.is_over and sc.anim is None:   # game over: winner, why, and a message if any
            head, why = sc.banner.result_texts()
            head = self.status_head(box) or head
            content = f"<font color='#efe4d0'>{html.escape(_('{sentence}.').format(sentence=why))}</font>"
            if self.status:
                content += f"<br><font color='{colour}'>{html.escape(self.status)}</font>"
        card = sc.banner.shown()            # the result card stands in the box's place while it is open
        if card == box.visible:
            (box.hide() if card else box.show())
            self._status_grow = -1          # (its height is decided anew)
        if card:
            self._fit_status(sc.banner.geometry()["rect"].h, whole=True)
            sc.banner.sync()                # a new message moves the card: its buttons go with it now
        elif box.html_text != content or box.head != head or self._status_grow < 0:
            self._fit_status(box.needed_height(content, head))
        if box.html_text != content or box.head != head:
            box.set_text(content, head)

    def card_room(self) -> tuple[pygame.Rect, int]:
        """Where the result card may go: the status box's own place (its width and bottom) and
        the most height it may take, growing upwards into the move list (which keeps a row)."""
        base = self._status_base
        box = self.status_box()
        if base is None:
            base = box.rect.copy() if box is not None else pygame.Rect(self.rect.x, self.rect.centery, self.rect.w, 0)
        return base.copy(), base.h + self._moves_base.h + self.px(8)

    def _fit_status(self, need: int, whole: bool = False) -> None:
        """Give the status box the height its text needs (``need``): it grows upwards into the
        move list (down to one row of it; two while the review is shown, the move shown and its
        neighbour in view), and nothing else moves; past that the text is set smaller, then cut (``StatusText``). Back
        to its size when the text is short again.
        ``whole``: the result card's place, which may take the whole list (hidden while it does)."""
        sc = self.scene
        W = sc.w
        base, box = self._status_base, W.get("status")
        if base is None or box is None or "moves" not in W:
            return
        rows = W["moves"]
        keep = 2 if sc.review.shown else 1      # browsing a reviewed game: the move and its neighbour
        if self.current_actions():          # sync_actions' row under the list: the list keeps one row
            keep, acts = 1, self.px(40) + self.px(8)
        else:
            acts = 0
        most = max(0, self._moves_base.h - (keep * rows.row_h + 2 * rows.pad_y + acts))
        if whole and need - base.h > most:
            most = self._moves_base.h + self.px(8)
        grow = min(max(0, need - base.h), most)
        if grow == self._status_grow:
            return
        self._status_grow = grow
        self._moves_rect = self._moves_base.copy()
        self._moves_rect.h = max(1, self._moves_rect.h - grow)
        listed = self._moves_base.h - grow >= self.px(28)
        if W["moves"].visible != listed:
            (W["moves"].show() if listed else W["moves"].hide())
        box.set_relative_position((base.x, base.y - grow))
        box.set_dimensions((base.w, base.h + grow))
        self._acts_shown = None            # the action buttons and the move list's height follow
        self.sync_actions()

    def threats(self) -> list[str]:
        sc = self.scene
        g = sc.game
        if g is None or g.is_over or self.match is None or self.match.is_over:
            return []
        try:
            return list(g.threats())
        except (RulesError, ValueError, KeyError, TypeError):
            return []

    def dangers(self) -> list[Danger]:
        """The game's end one move away in the position shown (``Game.dangers``), asked once
        per position."""
        g = self.scene.game
        if g is None or g.is_over:
            return []
        return self._dangers.of(g)

    def dangers_shown(self) -> list[Danger]:
        """The dangers the players are warned of now (``ui.dangers.shown``: the other side's
        threats on a person's turn, a computer's win in one on its own), none while a move
        animates or once the game is over."""
        m = self.match
        g = self.scene.game
        if m is None or g is None or m.is_over or self.scene.anim is not None:
            return []
        return shown_dangers(self.dangers(), g.to_move, m.is_human)

    def refresh(self) -> None:
        sc = self.scene
        W = sc.w
        m = self.match
        if not W:
            return
        if m is None:
            W["turn"].set_text(_("Not available"))
            self.update_status_box()
            for key in ("undo", "redo", "resign", "offer"):
                W[key].disable()
            return
        if not (self.waits and sc.anim is not None):   # a move shows when its animation lands
            self.refresh_labels()
        busy = sc.anim is not None or bool(sc.computer.waiting) or sc.redoing.running
        human = m.is_human(m.to_move)
        offer_ok = not m.is_over and not busy and human and not sc.computer.thinking   # offers on your own turn
        for key, ok in (("undo", m.can_undo and not busy), ("redo", m.can_redo and not busy),
                        ("hint", not m.is_over and not busy and human),
                        ("resign", not m.is_over and not busy), ("offer", offer_ok)):
            (W[key].enable() if ok else W[key].disable())
        self.sync_actions()
        sc.clocks.sync_button()
        sc.toolbar.refresh_panel()
        self.update_status_box()

    def refresh_labels(self) -> None:
        """Turn, players and counts (the move list follows in the toolbar's refresh)."""
        sc = self.scene
        W = sc.w
        m = self.match
        self._turn_kept = (m.to_move, m.result)
        r = m.result
        turn = W["turn"]
        x0 = self.turn_icon[0] - self.px(14) + (0 if r is not None else self.px(34))   # no disc at game over
        if turn.get_abs_rect().x != x0:
            turn.set_position((x0, turn.get_abs_rect().y))
        if r is not None:
            W["turn"].set_text(_("Draw") if r.winner is None else self.winner_words(short=True))
        else:
            W["turn"].set_text(_("{side} to move").format(side=side_name(m.to_move.word)))
        W["players"].set_text(self.players_text())
        counts = self.counts()
        W["count_b"].set_text(f"{pgettext('side', 'Black')}  {counts.get('black', '–')}")
        W["count_w"].set_text(f"{pgettext('side', 'White')}  {counts.get('white', '–')}")

    def player_name(self, color: Color) -> str:
        """Who plays ``color`` now (after an Onyx swap the name follows the player): 'You',
        'Computer – Level 8 (Hard)', or the colour itself between two people."""
        m = self.match
        humans = [c for c in Color if m.is_human(c)]
        if m.is_human(color):
            return _("You") if len(humans) == 1 else side_name(color.word)
        return computer_words(m.players[color])

    def winner_words(self, short: bool = False, with_side: bool | None = None) -> str:
        """'You win as White', 'Computer – Level 8 (Hard) wins as Black', 'Black wins' (two people), 'Draw';
        ``short``: 'You win', 'Computer wins'; ``with_side`` (with ``short``): 'Computer wins as White'."""
        with_side = not short if with_side is None else with_side
        m = self.match
        r = m.result if m is not None else None
        if r is None:
            return ""
        if r.winner is None:
            return _("Draw")
        side = side_name(r.winner.word)
        humans = [c for c in Color if m.is_human(c)]
        if len(humans) == 2:                     # two people: the colour wins
            return _("{side} wins").format(side=side)
        if m.is_human(r.winner):
            return _("You win") if short and not with_side else _("You win as {side}").format(side=side)
        if short:
            return _("Computer wins") if not with_side else _("Computer wins as {side}").format(side=side)
        return _("{player} wins as {side}").format(player=computer_words(m.players[r.winner]), side=side)

    def winner_forms(self) -> list[list[str]]:
        """Shorter forms of ``winner_words()`` for a narrow headline, longest first, each a list
        of lines: who won, then the side ('Computer – Level 8 (Hard) wins' / 'as Black'); 'Computer wins
        as Black'; 'Computer wins' / 'as Black'. None when a colour wins (two people) or a draw."""
        m = self.match
        r = m.result if m is not None else None
        if r is None or r.winner is None or all(m.is_human(c) for c in Color):
            return []
        # Translators: the second line of a result's headline, under "Computer – Level 8 (Hard) wins"
        side = _("as {side}").format(side=side_name(r.winner.word))
        if m.is_human(r.winner):
            return [[_("You win"), side]]
        who = _("{player} wins").format(player=computer_words(m.players[r.winner]))
        return [[who, side], [self.winner_words(short=True, with_side=True)], [_("Computer wins"), side]]

    def status_head(self, box: StatusText) -> str:
        """The status box's headline at game over: the winner's words as long as they fit
        ('Computer – Level 8 (Hard) wins as White', 'Computer wins as White', 'Computer wins')."""
        m = self.match
        r = m.result if m is not None else None
        full = self.winner_words()
        if r is None or r.winner is None:
            return full
        cands = [full, self.winner_words(short=True, with_side=True), self.winner_words(short=True)]
        room = box.rect.w - self.px(16)
        for cand in cands:
            try:
                if box.head_font().size(cand)[0] <= room:
                    return cand
            except pygame.error:        # no font to measure with: the longest words
                return cand
        return cands[-1]

    def players_text(self) -> str:
        """'Black: Human · White: Computer – Level 2 (Easy)', saying so after an Onyx pie-rule swap."""
        sc = self.scene
        m = self.match
        if m is None:
            return ""
        label = sc.w.get("players")
        room = label.rect.w - self.px(10) if label is not None else 10 ** 6
        f = label.font if label is not None else None
        if f is None:
            f = D.font(self.px(16))
        if sc.is_analysis:              # both sides are the player's: no seats, a record's names at most
            from ...autosave import player_from_name, player_name
            people = [m.names.get(c, "") for c in Color]
            if all(n and player_from_name(n) == HUMAN and n != player_name(HUMAN) for n in people):
                named = _("Analysis: {black} (Black) · {white} (White)").format(black=people[0], white=people[1])
                if f.size(named)[0] <= room:
                    return named
            return _("Analysis: you move both sides")
        names = {c: (_("Human") if m.is_human(c) else computer_words(m.players[c])) for c in Color}
        swapped = m.swapped
        b, w = names[Color.BLACK], names[Color.WHITE]
        short = {c: (_("Human") if m.is_human(c) else computer_words(m.players[c], short=True)) for c in Color}
        sb, sw = short[Color.BLACK], short[Color.WHITE]
        plain = {c: (_("Human") if m.is_human(c) else computer_words(m.players[c], plain=True)) for c in Color}
        texts = [_("Black: {black}   ·   White: {white}").format(black=b, white=w),
                 _("Black: {black} · White: {white}").format(black=b, white=w),
                 # Translators: B and W: Black and White, shortened for a narrow panel
                 _("B: {black} · W: {white}").format(black=b, white=w),
                 _("B: {black} · W: {white}").format(black=plain[Color.BLACK], white=plain[Color.WHITE]),
                 _("B: {black} · W: {white}").format(black=sb, white=sw)]
        tiny = {c: (_("Human") if m.is_human(c) else computer_words(m.players[c], tiny=True)) for c in Color}
        texts.append(_("B: {black} · W: {white}").format(black=tiny[Color.BLACK], white=tiny[Color.WHITE]))
        if swapped:
            texts = ([_("{players}  (colours swapped)").format(players=t) for t in texts[1:]]
                     + [_("{players} · swapped").format(players=t) for t in texts[2:]]
                     + [_("Swapped: B {black} · W {white}").format(black=sb, white=sw)])
        for t in texts:
            try:
                if f.size(t)[0] <= room:
                    return t
            except pygame.error:        # no font to measure with: the longest words
                return t
        return texts[-1]


    # ------------------------------------------------------------ extra action buttons
    def current_actions(self) -> list[tuple[str, str]]:
        """Buttons for now, as (label, key): the game's input's (Onyx 'Swap colours', Onager
        'End move'), a variation's (make it the main line, delete it) while one is shown,
        'Show the result' at game over once the result card was closed, 'Play on' while two computers wait (a loaded record of theirs opens paused), and
        'Move now' while the computer has thought ``computer.MOVE_NOW_AFTER`` seconds (not sooner: a quick
        move would make the row blink)."""
        sc = self.scene
        inp = sc.input
        m = self.match
        if m is not None and sc.anim is None and m.tree.variation_start(m.tree.cursor) is not None:
            return [(_("Make main line"), "__promote__"), (_("Remove line"), "__delete__")]
        if sc.banner.closed():
            return [(_("Show the result"), "__result__")]
        if m is not None and sc.computer.paused and not m.browsing and m.live_result is None:
            return [(_("Play on"), "__playon__")]
        if m is not None and sc.anim is None and not m.is_over and sc.computer.may_move_now():
            return [(_("Move now"), "__movenow__")]
        if inp is None or m is None or m.is_over or sc.anim is not None or not m.is_human(m.to_move):
            return []
        out: list[tuple[str, str]] = []
        try:
            out.extend((str(label), str(key)) for label, key in inp.extra_actions())
            if inp.can_end():
                out.append((_("End move"), "__end__"))
        except (RulesError, ValueError, KeyError, TypeError):
            return []
        return out

    def sync_actions(self) -> None:
        """Show one button per current action, in a row taken from the bottom of the move list,
        and above it the comment of the position shown (``scene.comments``), when it has one."""
        sc = self.scene
        W = sc.w
        if not W or sc.root is None or "moves" not in W:
            return
        acts = self.current_actions()
        note = sc.comments.shown()
        if acts == self._acts_shown and note == self._note_shown:
            return
        renew = acts != self._acts_shown
        if renew:
            for k in [k for k in W if k.startswith("act:")]:
                W.pop(k).kill()
        self._acts_shown, self._note_shown = acts, note
        base = self._moves_rect
        bh, gap = self.px(40), self.px(8)
        moves_rect = base.copy()
        bottom = base.bottom - (bh + gap if acts else 0)
        note_h = sc.comments.height_for(note, base.w)
        if note_h and bottom - base.y - note_h - gap < self.px(44):     # the list keeps two rows
            note_h = max(0, bottom - base.y - gap - self.px(44))
            note_h = note_h if note_h >= self.px(28) else 0
        sc.comments.place(pygame.Rect(base.x, bottom - note_h, base.w, note_h) if note_h else None, note)
        if note_h:
            bottom -= note_h + gap
        moves_rect.h = max(self.px(40), bottom - base.y)
        if acts and renew:
            y = base.bottom - bh
            widths = row_widths([button_width(label, self.px, sc.ui, "#primary_button") for label, _k in acts],
                                base.w, gap)
            x = base.x
            for (label, key), cw in zip(acts, widths):
                r = pygame.Rect(x, y, cw, bh)
                x += cw + gap
                tip = _(_ACTION_TIPS.get(key, _PIE_TIP))
                # labels for a row too narrow for the whole ones (two buttons at 1024x640 in Uzbek)
                short = {"__promote__": pgettext("variation button", "Main line"),
                         "__delete__": pgettext("variation button", "Remove")}.get(key)
                if short is not None and button_width(label, self.px, sc.ui, "#primary_button") > cw:
                    # a narrow panel in a longer language: the short label, the whole one in the tip
                    label, tip = short, _("{label}: {tip}").format(label=label, tip=tip)
                W[f"act:{key}"] = UIButton(r, label, sc.ui, container=sc.root, object_id="#primary_button",
                                           tool_tip_text=tip)
        if W["moves"].rect.size != moves_rect.size:
            W["moves"].set_dimensions(moves_rect.size)

    def do_action(self, key: str) -> None:
        """An action button (or Enter): play the input's move for it; the move list's
        variation buttons; Play on for two computers."""
        sc = self.scene
        inp = sc.input
        m = self.match
        if key == "__promote__":
            sc.history.promote()
            return
        if key == "__delete__":
            sc.history.delete_variation()
            return
        if key == "__result__":
            sc.banner.set_open(True)
            return
        if key == "__movenow__":
            sc.computer.move_now()
            return
        if key == "__playon__":
            sc.computer.play_on()
            self.set_status(_("The computers play on. Undo or Menu stops them."))
            self.sync_actions()
            return
        if inp is None or m is None or m.is_over or not m.is_human(m.to_move) or sc.anim is not None:
            return
        if key == "__end__":
            res = inp.end_move()
            text = res.move
            if not text and res.message:
                self.set_status(res.message, "warn")
        else:
            text = inp.action_move(key)
            if not text:
                self.set_status(_("That action is not available now."), "warn")
        if text:
            sc.play_move(text)
        else:
            self.sync_actions()

    def counts(self) -> dict[str, Any]:
        sc = self.scene
        g = sc.game
        if g is None:
            return {}
        try:
            return dict(g.counts())
        except (RulesError, ValueError, KeyError, TypeError):
            return {}


def _level_words(game_name: str, level: str, settings: Settings | None = None,
                 limit: float | None = None, size: int | None = None) -> str:
    """How the thinking line names the computer: its level and the ladder's rating,
    'Level 5 (Medium) · rated about 1560' ('Medium' as it was when the level is not a ladder's);
    with the player's ``settings``, whether its think time makes it stronger or weaker, and
    with its clock's ``limit`` for this move, whether the clock cuts it short."""
    from ...ai.levels import LADDER, level_name
    try:
        name = level_name(level)
    except ValueError:
        return str(level)
    if name in LADDER:
        return level_words(game_name, name, settings.level_seconds(name) if settings is not None else None,
                           limit, size)
    named = LEVEL_NAMES.get(name)
    return _(named) if named else name
