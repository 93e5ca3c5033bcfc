"""Typed moves: the one move box of every board (a game's, a lesson's task, a puzzle).

``MoveBox`` serves a host scene (the board scene's ``scene.movebox``, the tutorial's lesson and
puzzle pages) through the hooks the host declares (``MoveBoxHost``), the same way the board
controller does: a typed move comes out of the board as a click would, through
``board_gate()`` and ``board_move(text)``. The host's layout makes the widget with ``make``
(a ``game.ui.entry.TextEntry``: it draws exactly what it holds) and calls ``handle_event``,
``update`` and, on Escape, ``leave``.

* A letter, a digit or a move character typed while nothing has the keyboard starts a typed
  move (the character goes into the box), ``/`` gives the box the keyboard; Tab reaches it
  (``game.ui.focus``). Board shortcuts are Ctrl+key, so typing a move fires none.
* While the box has the keyboard its keys are its own, except Ctrl shortcuts the entry does not
  use itself (Ctrl+Z, Ctrl+Y…), which the host's key handling gets, and, while the box is empty,
  the keys the host browses with (``browse_keys``: the board's Left / Right / Home / End): an
  empty box's cursor has nowhere to go, so they browse the moves as they do without the box;
  F1 and F11 are the app's.
* Enter plays the move (spaces are ignored and capitals are fine: "C3 - D4" is c3-d4; an Onager
  chain typed as a path, ``b2-b4-d6``, goes along that route); the box keeps the keyboard for
  the next move. A refused text stays, selected (what is typed next replaces it, an arrow key
  edits it; a move typed on the board after Escape replaces it too), and the host says why in a
  player's words.
* While the text is a legal move the board shows it as a hover over its last point would
  (``BoardController.preview``: the controller's own drawing, not a copy).
* Escape gives the keyboard back to the board without leaving it.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

import pygame
import pygame_gui

from ...i18n import N_, _
from ...rules.base import GameOverError, IllegalMoveError, InvalidMoveError, RulesError
from ...ui import focus as focus_ui
from ...ui.entry import TextEntry
from ...ui.problems import cause_words
from .controller import BoardController

__all__ = ["MoveBox", "MoveBoxHost", "EXAMPLES", "PHASE_EXAMPLES", "placeholder", "TYPING_WORDS", "starts_a_move"]

# moves as each game writes them (notation: the same in every language), shown in the empty box
EXAMPLES = {"amoeba": ("c3-d4", "d4>a1"), "onyx": ("f6", "ef67", "swap"), "onager": ("b2-b4", "b2-b4-d6")}
# examples that are one position's move, not a way of writing any move: shown only where
# they can be played (Onyx's pie-rule swap, White's answer to Black's first move)
ONLY_WHEN_LEGAL = frozenset({"swap"})


# the opening phases' own moves (``Game.turn_phase()``): Onager's lakes are single cells
PHASE_EXAMPLES = {("onager", "Lakes"): ("e4",)}


def placeholder(game_name: str, phase: str | None = None, legal: "list[str] | None" = None,
                playable: "Callable[[str], bool] | None" = None, tasks: bool = False) -> str:
    """What the empty box says: 'Type a move: c3-d4, d4>a1'; in Onager's lake phase
    'Type a lake's cell: e4' (a cell still free: one of ``legal`` when given). ``playable``
    says whether an ``ONLY_WHEN_LEGAL`` example can be played on the board (without it,
    they are left out). On a board that sets tasks (``tasks``: a lesson, a puzzle) no example is
    a move that can be played there: it could be the answer."""
    if phase is not None and (game_name, phase) in PHASE_EXAMPLES:
        cells = list(PHASE_EXAMPLES[(game_name, phase)])
        if legal is not None:
            cells = [e for e in cells if e in legal] or legal[:1]
        return _("Type a lake's cell: {examples}").format(examples=_(", ").join(cells))
    examples = tuple(e for e in EXAMPLES.get(game_name, ())
                     if (e not in ONLY_WHEN_LEGAL or (playable is not None and playable(e)))
                     and not (tasks and playable is not None and playable(e)))
    if not examples:
        return _("Type a move")
    return _("Type a move: {examples}").format(examples=_(", ").join(examples))   # (ja: 、)


def _playable(game: Any, text: str) -> bool:
    """Can ``text`` be played in this position (a refusal is an answer, not an error)?"""
    try:
        return game.parse_move(text) in game.legal_moves()
    except RulesError:
        return False


TYPING_WORDS = N_("Type the move, then Enter (Escape: back to the board).")   # translated when shown
# what the box never takes: the keys that mean something else on a board ('/' gives the box
# the keyboard, '?' shows the keys)
REFUSED = "/?"
# the punctuation of the games' notations (Amoeba c3-d4, d4>a1; Onyx f6*): typed on the board,
# these start a move as letters and digits do
MOVE_MARKS = "->*"
_CTRL = pygame.KMOD_CTRL | pygame.KMOD_META
# Ctrl keys the entry uses itself (select all, copy, cut, paste, word moves and deletes)
ENTRY_CTRL_KEYS = frozenset((pygame.K_a, pygame.K_c, pygame.K_x, pygame.K_v, pygame.K_LEFT, pygame.K_RIGHT,
                             pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END))


def _ctrl_held() -> bool:
    """Is Ctrl (or Cmd) down, without Alt (AltGr, which types characters, is Ctrl+Alt on some systems)?"""
    mods = pygame.key.get_mods()
    return bool(mods & _CTRL) and not mods & pygame.KMOD_ALT


def starts_a_move(text: str) -> bool:
    """Does this typed text (a TEXTINPUT's) start a move: letters, digits, move marks."""
    return bool(text) and all(ch.isascii() and (ch.isalnum() or ch in MOVE_MARKS) for ch in text)


class MoveBoxHost(Protocol):
    """What a ``MoveBox`` asks of the scene it sits in (see the module docstring)."""

    @property
    def app(self) -> Any: ...

    @property
    def game_name(self) -> str: ...

    @property
    def board(self) -> BoardController: ...

    def movebox_open(self) -> bool:
        """May a character typed on the board start a move now (a task to do, a game going on)?"""
        ...

    def finish_animation(self) -> None:
        """A typed move waits for no animation: the running one ends at once."""
        ...

    def board_gate(self) -> bool:
        """May a move from the board be made now? (The host says why not itself.)"""
        ...

    def board_move(self, text: str) -> bool:
        """A complete move (canonical text, or an Onager path): True when it was taken."""
        ...

    def movebox_said(self, text: str, error: bool) -> None:
        """Why a typed text is refused (``error``); '' when the box took or gave back the
        keyboard (while it has it the host says ``TYPING_WORDS`` where it says what to do)."""
        ...


class MoveBox:
    """The move box of one board area (see the module docstring)."""

    def __init__(self, host: MoveBoxHost, browse_keys: frozenset[int] = frozenset(), *, tasks: bool = False) -> None:
        self.host = host
        self.browse_keys = browse_keys          # the host's keys while the box is empty (module docstring)
        self.tasks = tasks                      # the host sets tasks (a lesson, a puzzle): ``placeholder``
        self.box: TextEntry | None = None       # the widget, while the host's layout shows one
        self.text = ""                          # what it holds (kept over a relayout)
        self._had_keyboard = False              # it had the keyboard before the relayout
        self._focus_seen = False                # whether it had the keyboard at the last update
        self._refused: str | None = None        # the text refused last, while the box still holds it

    # ------------------------------------------------------------ the widget
    def make(self, rect: pygame.Rect, ui: Any, container: Any) -> TextEntry:
        """The entry widget in ``rect`` (the host's layout), with the text it held before and,
        after a relayout, the keyboard."""
        keep = self._had_keyboard or self.focused()
        self.box = TextEntry(rect, ui, container=container, refuse=REFUSED,
                             placeholder_text=self.hint())
        if self.text:
            self.box.set_text(self.text)
        if keep:
            self.box.take_keyboard()
        self._had_keyboard = False
        return self.box

    def hint(self) -> str:
        """The empty box's examples for the position on the board (its phase: Onager's lakes)."""
        inp = self.host.board.input
        game = inp.game if inp is not None else None
        if game is None:
            return placeholder(self.host.game_name)
        phase = game.turn_phase()
        return placeholder(self.host.game_name, phase, game.legal_strs() if phase is not None else None,
                           playable=lambda text: _playable(game, text), tasks=self.tasks)

    def shown(self) -> bool:
        box = self.box
        return box is not None and box.alive() and box.visible and box.is_enabled

    def focused(self) -> bool:
        box = self.box
        return bool(box is not None and box.alive() and box.is_focused)

    def forget(self) -> None:
        """The host's widgets go (a relayout or a page change): the text and focus are kept."""
        box = self.box
        self._had_keyboard = bool(box is not None and box.is_focused)
        self.box = None

    def clear(self) -> None:
        """An empty box (a new page, a move played)."""
        self.text = ""
        if self.box is not None:
            self.box.set_text("")
        self.host.board.preview("")

    # ------------------------------------------------------------ the keyboard
    def take(self, text: str = "") -> bool:
        """The box gets the keyboard (and the focus ring), ``text`` typed at its end. False when
        there is no box to type in."""
        box = self.box
        app = self.host.app
        if box is None or not self.shown():
            return False
        box.take_keyboard()
        if text and self._refused is not None and box.get_text() == self._refused:
            box.clear()                 # a new move typed on the board replaces the one refused
        if text:
            box.type_text(text)
        if app is not None:
            focus_ui.ring_on(app, box)
        return True

    def leave(self) -> None:
        """Escape: the keyboard goes back to the board (and pygame-gui's focus too, so a later
        click on the box gives it the keyboard again); the ring leaves the box."""
        box = self.box
        app = self.host.app
        if box is not None:
            box.blur()
            if app is not None:
                focus_ui.ring_off(app, box)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The box's events: Enter's text, its keys while it has the keyboard, and typing on the
        board while nothing has it. True: used here."""
        box = self.box
        if box is None:
            return False
        if event.type == pygame.TEXTINPUT and _ctrl_held():
            return True                 # the text of a Ctrl shortcut (Ctrl+1 plays a line): not typed
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is box:
            self.typed(event.text)
            return True
        if self.focused():
            if event.type == pygame.KEYDOWN:
                if event.key in self.browse_keys and not event.mod & _CTRL and not box.get_text():
                    return False        # nothing to move the cursor through: the host browses
                # Ctrl shortcuts the entry does not use (Ctrl+Z, Ctrl+Y…) are the host's
                return not (event.mod & _CTRL and event.key not in ENTRY_CTRL_KEYS)
            return event.type in (pygame.KEYUP, pygame.TEXTINPUT)
        app = self.host.app
        if app is None or focus_ui.typing(app) or not self.shown():
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SLASH, pygame.K_KP_DIVIDE) \
                and not event.mod & _CTRL:
            return self.take()
        if event.type == pygame.TEXTINPUT and starts_a_move(event.text) and self.host.movebox_open():
            return self.take(event.text)
        return False

    def needs_frames(self) -> bool:
        """The box's cursor blinks while it has the keyboard."""
        return self.focused()

    def update(self) -> None:
        """Each frame: the board previews the text while it changes; the host hears when the
        box takes or gives back the keyboard (a click, Tab, a letter, Escape)."""
        box = self.box
        if box is None or not box.alive():
            return
        focused = self.focused()
        app = self.host.app
        inp = self.host.board.input
        if inp is not None and inp.game is not None:   # (no position to play on: the hint stays)
            box.set_placeholder(self.hint())
        if not focused and app is not None and not self.shown():
            focus_ui.ring_off(app, box)           # disabled (no task on a lesson's page): no ring on it
        if focused != self._focus_seen:
            self._focus_seen = focused
            self.host.movebox_said("", False)
        now = box.get_text()
        if now != self.text:
            self.text = now
            self.host.board.preview(now)
            if now != self._refused:
                self._refused = None

    # ------------------------------------------------------------ playing
    def refused_text(self, text: str, exc: RulesError, legal: list[str]) -> str:
        """Why a typed text is not played, in a player's words (not the parser's): the refusal's
        kind worded by ``game.ui.problems`` ('“c3>c1” cannot be played: c3 holds one piece; …'),
        else its family's."""
        if isinstance(exc, InvalidMoveError):
            why = cause_words(exc.kind, exc.facts, exc.category, self.host.game_name)
            if why:                                 # a name the rules can say more of (Onyx's ef56)
                return _("“{text}” is not a move: {why}.").format(text=text, why=why)
            example = next((t for t in legal if "-" in t), next((t for t in legal if any(c.isdigit() for c in t)), ""))
            if not example:
                example = EXAMPLES.get(self.host.game_name, ("c3-d4",))[0]
            return _("“{text}” is not a move: type a move such as {example}.").format(text=text, example=example)
        if isinstance(exc, GameOverError):          # the refusal's family, never its English words
            return _("“{text}” cannot be played: the game is over.").format(text=text)
        why = cause_words(exc.kind, exc.facts, exc.category, self.host.game_name)   # its kind's words
        if why:
            # Translators: a typed move refused; {why} is the rules' reason, as the end of a sentence,
            # e.g. "c3 holds one piece; only a stack of two or more can split"
            return _("“{text}” cannot be played: {why}.").format(text=text, why=why)
        return _("“{text}” cannot be played in this position.").format(text=text)

    def _refuse(self) -> bool:
        """A refused text stays, selected: typing replaces it (also after a click back into the
        box), an arrow key edits it (False)."""
        box = self.box
        if box is not None:
            box.hold_selection()
            self._refused = box.get_text()
        return False

    def typed(self, text: str) -> bool:
        """A move typed in the box (Enter); True if it was taken."""
        host = self.host
        text = " ".join(str(text).split())
        if not text:
            return False
        host.finish_animation()
        if not host.board_gate():
            return False
        game = host.board.input.game if host.board.input is not None else None
        if game is None:
            host.movebox_said(_("No move can be made now."), True)
            return False
        compact = text.replace(" ", "")
        try:
            move, path = game.parse_text(compact)
            legal = game.legal_strs()
        except RulesError as exc:
            try:
                legal = game.legal_strs()
            except RulesError:
                legal = []
            host.movebox_said(self.refused_text(text, exc, legal), True)
            return self._refuse()
        canonical = "-".join(path) if path else game.move_str(move)
        if canonical not in legal and not path:      # read, yet not among the legal moves: no words of its own
            host.movebox_said(self.refused_text(text, IllegalMoveError(f"{canonical} is not legal here"), legal),
                              True)
            return self._refuse()
        if host.board.input is not None:
            host.board.cancel()
        if not host.board_move(canonical):
            # refused by the page (a lesson's task wants another move or path): the text stays,
            # selected, so the next try replaces it rather than running on after it
            return self._refuse()
        self.clear()
        return True
