"""The board scene: the board on the left, a side panel on the right.

Works for every game through ``game.views.view_for``/``input_for`` and the rules protocol.
``BoardScene`` is a ``Scene`` made of parts, one concern a file, each owning its state and
reached by its name (see docs/architecture.md, "The board scene package"):

* ``scene.py`` (here): life cycle, ``build_ui``, moves and their animations, undo/redo, events,
  ``decorations``, each frame's ``update`` and ``needs_frames``, the one dialog;
* ``scene.board`` (``controller.py``): clicks, drag and drop, hover, Escape/Backspace/Enter;
* ``scene.panel`` (``panel.py``): the side panel, the status line, labels, the action row;
* ``scene.computer`` (``computer.py``): the computer's turns, hints, answers, Move now;
* ``scene.offers`` (``offers.py``): resign and offers, and their questions;
* ``scene.banner`` (``banner.py``) and ``scene.drawing`` (``drawing.py``): the result card;
  the board with its layers, the thinking pill, icons, tooltip;
* ``scene.history``, ``scene.redoing``, ``scene.toolbar``, ``scene.review``, ``scene.movebox``,
  ``scene.sounds``, ``scene.saver``: browsing, Redo's round, the toolbar, the game review, typed
  moves, sounds and the autosave.

Frame time: every frame must stay well under 16 ms, also the one in which a move lands, so
nothing here redoes per move work that grows with the game's length (see docs/architecture.md,
"Frame budget"); while a move animates, the board under it is drawn once and kept.
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Self

import pygame
import pygame_gui

from ...anim.moves import MovePlayer
from ...clock import TimeControl
from ...i18n import N_, _, decimal, ngettext
from ...match import HUMAN, Match
from ...names import game_title, side_name
from ...rules import make_game
from ...rules.base import Color, Game, Motion, RulesError
from ...ui.focus import focusables as focus_items, ring_on as focus_ring_on
from ...ui.problems import clause, refusal_words
from ...views import BoardInput, BoardView, Decorations, ViewUnavailable, input_for, view_for
from ..base import Scene, is_board_scene, is_button, make_scene, register
from .controller import BoardController, OnBoard
from .banner import BoardBanner
from .clocks import BoardClocks
from .comments import BoardComments
from .leaving import LeaveQuestion
from .drawing import BoardDrawing
from .computer import THINK_MIN, BoardComputer
from .history import BoardHistory
from .idle import still_time
from .movebox import MoveBox
from .offers import BoardOffers
from .panel import BoardPanel
from .redo import BoardRedoRound
from .review import BoardReview
from .saving import BoardAutosave
from .sounds import BoardSounds
from .toolbar import NAV_KEYS, BoardToolbar

log = logging.getLogger(__name__)

__all__ = ["BoardScene", "THINK_MIN"]


def rematch_words(start: dict[Color, str]) -> str:
    """What a rematch says first: the colours went round (``start``: the seats of the game
    before, by colour)."""
    humans = [c for c in Color if start[c] == HUMAN]
    if len(humans) == 1:
        return _("Rematch, colours swapped: you play {side} now.").format(side=side_name(humans[0].other.word))
    return _("Rematch, colours swapped: who played White plays Black now, and moves first.")


@register("board")
class BoardScene(Scene):
    """The board of one game in play: see the module's docstring for how the parts fit."""

    title = "Game"
    is_board = True
    is_analysis = False               # the analysis board says True (analysis.py)
    asks_before_branching = True      # a move from an earlier position asks first (history.py)
    stops_at_game = True              # Right and End stop where the game stands (history.py)
    unavailable_words = N_("{game} cannot be played yet: {why}")
    _anim: Any = None                 # the running animation (the ``anim`` property)
    _settings_seen: Any = None        # the settings' version the view last followed

    def __init__(self, match: Match | None, error: str = "") -> None:
        super().__init__()
        self.board = BoardController(self)          # clicks, drag, hover, Escape/Backspace/Enter (controller.py)
        self.match = match
        self.error = error
        self.view = None                            # the board controller's (OnBoard, below)
        self.input = None
        self.mover = MovePlayer(self._animation_done)   # plays and animates every move (anim/moves.py)
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.w: dict[str, Any] = {}                 # the scene's widgets (made by the panel and the toolbar)
        self.dialog: Any = None                     # the question card, or the library (Scene.dialog)
        self.dialog_kind = ""
        self.ring_on = ""       # a toolbar button the keyboard's ring starts on (a game loaded by the keyboard: 'load')
        self._last_labels: tuple[int, tuple[str, ...]] = (-1, ())
        self.leaving = False                        # Menu / New game pressed: no more engine work
        self.active_at = 0.0                        # scene time of the last input or change (idle)
        self.drawing = BoardDrawing(self)           # the board, the thinking pill, icons, tooltip (drawing.py)
        self.banner = BoardBanner(self)             # the result banner at game over (banner.py)
        self.panel = BoardPanel(self)               # the side panel, the status line, the action row (panel.py)
        self.history = BoardHistory(self)           # browsing the line, replay (history.py)
        self.redoing = BoardRedoRound(self)         # Redo's round of recorded moves (redo.py)
        self.toolbar = BoardToolbar(self)           # history / file buttons and their keys (toolbar.py)
        self.sounds = BoardSounds(self)             # move and game-over sounds (sounds.py)
        self.saver = BoardAutosave(self)            # the autosave after every change (saving.py)
        self.review = BoardReview(self)             # the engine's review of the game (review.py)
        self.movebox = MoveBox(self, frozenset(NAV_KEYS))   # typed moves (movebox.py: every board's one move box)
        self.computer = BoardComputer(self)         # the computer's turns, hints, answers (computer.py)
        self.offers = BoardOffers(self)             # resign and offers, their questions (offers.py)
        self.clocks = BoardClocks(self)             # the game clocks, when the game has a time control (clocks.py)
        self.comments = BoardComments(self)         # the comment of the position shown, and its editor (comments.py)
        self.leave_question = LeaveQuestion(self)   # the question before leaving work no file holds (leaving.py)

    # ------------------------------------------------------------ creation
    @classmethod
    def start(cls, game_name: str, options: dict[str, Any] | None = None, players: dict[str, str] | None = None,
              moves: Any = (), time_control: TimeControl | None = None) -> Self:
        """A board scene for a new game (an error page if the game cannot be made), with clocks
        when a ``time_control`` is given."""
        try:
            game = make_game(game_name, **(options or {}))
        except (ImportError, RulesError, ValueError, KeyError, TypeError) as exc:  # module missing, bad options
            log.warning("cannot make %s: %s", game_name, exc)
            why = (clause(refusal_words(exc, game_name)) if isinstance(exc, RulesError) else
                   _("its rules cannot be loaded"))
            scene = cls(None, _(cls.unavailable_words).format(game=game_title(game_name), why=why))
            scene.game_name = game_name
            return scene
        pl = players or {}
        match = Match(game, {Color.BLACK: pl.get("black", HUMAN), Color.WHITE: pl.get("white", HUMAN)},
                      time_control=time_control)
        scene = cls(match)
        for text in moves:
            try:
                match.play(text)
            except RulesError as exc:
                scene.set_status(_("Could not replay {move}: {why}").format(move=text, why=refusal_words(exc)),
                                 "error")
                break
        return scene

    game_name = ""

    @property
    def game(self) -> Game | None:
        return self.match.game if self.match else None

    @property
    def browse_ply(self) -> int | None:
        """The ply shown while browsing (None: the board shows where the game stands)."""
        m = self.match
        return m.ply if m is not None and m.browsing else None

    @property
    def marks(self) -> list[tuple[str, ...]]:
        """The last-move marks of the position shown (one entry, or none at the start)."""
        labels = self.last_move_labels()
        return [labels] if labels else []

    def last_move_labels(self) -> tuple[str, ...]:
        """The points the move that led to the position shown touched (cached per position)."""
        m = self.match
        if m is None or m.node.move is None:
            return ()
        uid = m.node.uid
        if self._last_labels[0] != uid:
            try:
                from .. import files
                labels = files.labels_of(m.motions_of(m.node))
            except RulesError:
                labels = ()
            self._last_labels = (uid, labels)
        return self._last_labels[1]

    def enter(self, app: Any) -> None:
        if self.match is not None:
            self.game_name = self.match.name
            try:
                self.view = view_for(self.match.name, **self.match.game.options())
                self.input = input_for(self.match.name, self.view)
            except ViewUnavailable as exc:       # its English is for the log; the window says it in words
                log.warning("the board scene has no board: %s", exc)
                self.view, self.input = None, None
                self.error = _("The {game} board is not available.").format(game=game_title(self.match.name))
            self.computer.start(app)
            self.clocks.start(app)
        self.board.attach(self.view, self.input)
        super().enter(app)
        if self.view is not None:
            self.view.show_coords = app.settings.show_coords
            self.view.set_look(app.theme, app.settings.flip)
        self.refresh()
        el = self.toolbar.buttons.get(self.ring_on) if self.ring_on else None
        if el is not None and el.visible and el.is_enabled:
            focus_ring_on(app, el)

    def exit(self) -> None:
        self.close_dialog()
        self.computer.close()
        self.history.close()
        self.review.close()
        self.clocks.stop()                          # what the side to move spent goes into the last autosave
        self.saver.close()                          # the last autosave is written before leaving
        self.drawing.release()
        super().exit()

    # ------------------------------------------------------------ the scene's one dialog
    # (open_dialog: Scene's, the question card; ``kind`` says whose it is: ``offers.KINDS``, the
    # history's 'branch', the files' 'overwrite'…)
    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = None
        self.dialog_kind = ""

    def request_hint(self) -> None:
        """Ctrl+H and the Hint button: the computer suggests a move (the analysis board answers with
        its engine panel instead)."""
        self.computer.ask_hint()

    # ------------------------------------------------------------ the panel (panel.py)
    def relayout(self, keep_ring: bool = True) -> None:
        """A new layout (a resize, full screen) lands the move being animated first: the panel,
        built anew, shows the game as it stands (a panel waits for a move's landing to show it,
        and a new one has nothing to show until then)."""
        self.mover.finish()
        super().relayout(keep_ring)

    def build_ui(self) -> None:
        """The board area on the left (less the review's strip under it), the panel on the right."""
        self.board_rect, panel_rect = self.panel.split(self.size, self.px)
        self.board_rect = self.review.layout(self.board_rect)
        if self.view is not None:
            self.view.layout(self.board_rect)
            self.board.hover(self.board.mouse)      # the board moved under a still pointer: what it is over now
        self.w = {}
        self.drawing.hold_tip()         # a new layout: no stack tooltip until the mouse moves
        self.banner.rebuilt()           # the result banner's buttons are made again (banner.sync)
        self.panel.build(panel_rect)
        self.review.build_ui()
        self.refresh_panel()

    def warm_tasks(self) -> list[Any]:
        """First-time work done one piece a frame after the panel is built (the toolbar runs
        them), so the frame of the first move does not pay for it: the panel's, and the buffer
        that keeps the board under animations."""
        return self.panel.warm_tasks() + [self.drawing.warm_buffer]

    def set_status(self, text: "str | RulesError", kind: str = "info") -> None:
        """Say something in the status line ('info', 'warn', 'error', or 'offer': a pointer to a
        button the result card has too, which the card leaves out), until the next change
        (a refusal of the rules core is worded from its values)."""
        self.panel.set_status(text, kind)

    def refresh(self) -> None:
        """The position changed: the click logic follows it and the panel is brought up to date."""
        self.active_at = self.time
        self.drawing.hold_tip()         # no stack tooltip until the mouse moves again (it would be stale)
        m = self.match
        self.computer.drop_stale_hint()
        if self.input is not None:
            playable = m is not None and not m.is_over and m.is_human(m.to_move) and self.anim is None
            self.input.set_game(m.game if playable and m is not None else None)
        self.refresh_panel()

    def refresh_panel(self) -> None:
        """The panel shows the state as it is (the analysis board adds its buttons)."""
        self.panel.refresh()

    # ------------------------------------------------------------ moves
    def play_move(self, text: str) -> bool:
        """Play a move (from a click, the engine, a hint...) with its animation."""
        m = self.match
        if m is None or self.view is None:
            return False
        if self.history.intercept_move(text):       # browsing: step on, or ask before a new line
            return True
        refused = self.clocks.gate_move()           # paused, or the mover's time is up
        if refused:
            self.set_status(refused, "warn")
            return False
        self.mover.finish()

        def apply() -> list[Motion]:
            motions = m.play(text)                  # a refusal raises: nothing has changed
            self.clocks.move_played()               # the mover's time stops, with its increment
            self.review.line_changed()              # a new move: a running review stops
            self.panel.move_played()
            self.computer.move_played()
            self.redoing.stop()
            return motions

        try:
            motions = self.mover.play(self.view, m.game.stacks(), apply, self.anim_speed())
        except RulesError as exc:
            self.set_status(exc, "error")
            return False
        self.animation_started()
        if any(mo.kind == "swap" for mo in motions):
            self.set_status(self.swap_message())
        return True

    def swap_message(self) -> str:
        """After the pie rule's swap: who plays which colour now."""
        m = self.match
        if m is None:
            return ""
        humans = [c for c in Color if m.is_human(c)]
        if len(humans) == 1:
            return _("Colours swapped: you now play {side}.").format(side=side_name(humans[0].word))
        return _("Colours swapped: the first player now plays White.")

    def anim_speed(self) -> float:
        return self.app.settings.anim_speed if self.app else 1.0

    def start_animation(self, before: dict[str, tuple[str, ...]], motions: list[Motion]) -> None:
        """Animate motions already played (a replay step, a redo) through the mover."""
        self.mover.show_motions(self.view, before, motions, self.anim_speed())
        self.animation_started()

    def animation_started(self) -> None:
        if self.anim is not None:
            if self.input is not None:
                self.input.set_game(None)
            self.refresh_panel()

    def _animation_done(self) -> None:
        self.panel.move_landed()
        self.refresh()

    def finish_animation(self) -> None:
        self.mover.finish()

    def redo(self) -> None:
        """Redo (Ctrl+Y, the button): a round of recorded moves comes back (redo.py)."""
        self.redoing.start()

    def undo(self) -> None:
        """Undo (Ctrl+Z): a move half made (an open chain's landing, a split's first drop) is
        taken back a click at a time, as Backspace does; else the last move, and against the
        computer back to where a person is to move."""
        m = self.match
        if m is None:
            return
        inp = self.input
        if inp is not None and len(inp.prefix) > 1 and self.board.take_back():
            return
        self.redoing.stop()
        self.finish_animation()
        self.computer.cancel()
        self.review.cancel()
        self.history.stop_replay()
        if not any(m.is_human(c) for c in Color):
            self.computer.pause()                   # two computers: Undo stops them ("Play on")
        if not m.undo():
            self.set_status(_("Nothing to undo."), "warn")
            return
        # against the computer, take back to the last position where a human is to move
        humans = [c for c in Color if m.is_human(c)]
        while humans and not m.is_over and not m.is_human(m.to_move) and m.live.parent is not None:
            m.undo()
        self.panel.clear_status()
        self.refresh()


    def save_game(self) -> None:
        """Save… (Ctrl+S): a file dialog in the records folder (game.scenes.files)."""
        self.finish_animation()
        from .. import files
        files.open_save_dialog(self)

    def load_game(self) -> None:
        """Load… (Ctrl+O): a file dialog; a good record replaces this board (game.scenes.files)."""
        self.finish_animation()
        from .. import files
        files.open_load_dialog(self)

    def browse(self, delta: int) -> None:
        """Step through the moves of the game (history.py)."""
        self.history.browse(delta)


    # ------------------------------------------------------------ events
    def back(self) -> bool:
        """Escape closes the innermost thing open on the board, one a press: the question card,
        the move box's keyboard, a running review, a replay, the selection, the result card (as
        its × does), the review's strip (as its Close does); with nothing open it leaves."""
        if self.dialog is not None:
            self.close_dialog()
            return True
        if self.movebox.focused():
            self.movebox.leave()            # Escape gives the keyboard back to the board
            return True
        if self.review.back():               # Escape stops a running review
            return True
        if self.history.replaying:
            self.history.stop_replay()       # Escape stops a replay; a second one leaves
            return True
        if self.board.cancel():              # Escape clears the selection (an open chain with it)
            return True
        if self.banner.shown():
            self.banner.set_open(False)      # the action row offers "Show the result" again
            return True
        if self.review.shown:
            self.review.button("close")      # Review on the toolbar shows it again
            return True
        if self.app is not None and len(self.app.scenes) > 1 and self.app.scene is self:
            if self.asks_before_leaving(self.back_out):
                return True
            self.leave()          # the app pops this scene next
        return False

    def asks_before_leaving(self, go: Callable[[], None]) -> bool:
        """Would leaving by ``go`` lose the player's work (``BoardAutosave.lost_on_leaving``)?
        Then ask first (True: asked; ``go`` comes later, or never)."""
        return self.leave_question.ask(go)

    def asks_before_quitting(self, go: Callable[[], None]) -> bool:
        """The window's close button asks as any way out; pressed again while asking, it quits."""
        if self.leave_question.open:
            return False
        return self.asks_before_leaving(go)

    def leaving_words(self) -> tuple[str, str]:
        """The question before leaving: its title and its words (a game board asks only when
        its game could not be written among the unfinished games)."""
        return (_("Save the game first?"),
                _("Your game could not be written among the unfinished games (the message before "
                  "said why): leaving now loses it. Save… can keep it in another folder."))

    def replacing_words(self, file: str) -> str:
        """What Load's "Replace the game?" says of the work on this board that no file holds
        (``file``: the name of the one opening, HTML-escaped)."""
        n = max(1, self.match.moves_count()) if self.match is not None else 1
        return ngettext("The game on the board ({n} move) is not saved: opening {file} replaces it."
                        "<br><br>Open it anyway?",
                        "The game on the board ({n} moves) is not saved: opening {file} replaces it."
                        "<br><br>Open it anyway?", n).format(n=n, file=file)

    def back_out(self) -> None:
        """Back to the screen below (Menu, Escape)."""
        assert self.app is not None
        self.leave()
        self.app.pop()

    def pause(self) -> None:
        """Another scene on top (settings…): the computer stops thinking and the clocks wait
        until the board is back."""
        self.computer.cancel()
        self.clocks.cover(True)
        super().pause()

    def resume(self) -> None:
        self.clocks.cover(False)
        super().resume()
        # pygame-gui's show() shows every widget of the scene, also those its state keeps
        # hidden (the status box while the result card stands in its place): built anew, each
        # shows as the state says
        self.relayout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.active_at = self.time
        if self.leave_question.answer(event):
            return True
        if self.toolbar.handle_event(event):
            return True
        if self.review.handle_event(event):
            return True
        if self.comments.handle_event(event):
            return True
        answer = self.dialog_answer(event)
        if answer is not None:
            self.offers.dialog_done(*answer)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event)
        if self.dialog is not None:
            return False
        if self.movebox.handle_event(event):
            return True                  # typed moves; while the box has the keyboard, its keys
        if event.type == pygame.MOUSEMOTION:
            if tuple(event.pos) != tuple(self.mouse):
                self.drawing.release_tip()      # the mouse moved: a tooltip may come again
            return self.board.handle_event(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.banner.covers(event.pos):
            return True                   # the result banner is not the board
        if event.type == pygame.MOUSEBUTTONDOWN and self.anim is not None:
            self.board.pointer_at(event.pos)
            self.anim.finish()            # a click during an animation finishes it at once...
            if self.anim is not None:     # (another began as it ended)
                return True
            # ... and counts as the click it is: a piece picked as the computer's move lands
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.board.handle_event(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    @property
    def anim(self) -> Any:
        """The running animation (a move's, or a browsing cross-fade), None when still."""
        return self.mover.anim

    @property
    def anim_before(self) -> dict[str, tuple[str, ...]]:
        """The picture the running animation starts from."""
        return self.mover.before

    # ------------------------------------------------------------ the board area (controller.py)
    view: OnBoard[BoardView | None] = OnBoard()
    input: OnBoard[BoardInput | None] = OnBoard()
    hover_label: OnBoard[str | None] = OnBoard()
    hover_time: OnBoard[float] = OnBoard()
    mouse: OnBoard[tuple[int, int]] = OnBoard()

    def board_gate(self) -> bool:
        """May a click on the board go to the input? If not, the status line says why."""
        m = self.match
        if m is None or self.view is None or self.input is None:
            return False
        if m.is_over:       # the result itself is the card's (or the status box's head); the card has New game
            self.set_status(_("The game is over: Undo takes a move back, or start a new game."), "offer")
            return False
        refused = self.clocks.gate_move()           # paused, or the mover's time is up
        if refused:
            self.set_status(refused, "warn")
            return False
        if not m.is_human(m.to_move):
            if self.computer.retry():               # the computer had failed: ask it again
                self.set_status(_("Asking {side} (computer) again…").format(side=side_name(m.to_move.word)))
                return False
            self.set_status(_("Please wait: {side} (computer) is thinking.").format(side=side_name(m.to_move.word)),
                            "warn")
            return False
        return True

    def board_move(self, text: str) -> bool:
        """A move came out of the board (a click, a drop, Enter at the end of a chain, the move box)."""
        return self.play_move(text)

    def movebox_open(self) -> bool:
        """A character typed on the board starts a move while the game goes on."""
        return self.match is not None and not self.match.is_over

    def movebox_said(self, text: str, error: bool) -> None:
        """The move box's words: a refused text; else the box took the keyboard (the status
        line says how to type, ``panel.default_status``) or gave it back."""
        if error:
            self.set_status(text, "error")
            return
        if self.movebox.focused():
            self.panel.clear_status()
        self.panel.update_status_box()

    def board_said(self, res: Any) -> None:
        """What a click did that was not a move: its message in the status line (or none)."""
        if res.message:
            self.set_status(res.message, "warn" if not res.changed else "info")
        else:
            self.panel.clear_status()
            self.panel.update_status_box()

    def _button(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        W = self.w
        if is_button(event, W.get("undo")):
            self.undo()
        elif is_button(event, W.get("hint")):
            self.request_hint()
        elif is_button(event, W.get("redo")):
            self.redo()
        elif is_button(event, W.get("resign")):
            self.offers.resign()
        elif is_button(event, W.get("offer")):
            self.offers.offer()
        elif is_button(event, W.get("new")):
            self.new_game()
        elif is_button(event, W.get("menu")):
            if not self.asks_before_leaving(self.back_out):
                self.back_out()
        elif is_button(event, W.get("keys")):
            self.app.show_keys()
        elif is_button(event, W.get("pause")):
            self.clocks.toggle_pause()
        elif self.banner.button(event):
            pass
        else:
            for k, el in list(W.items()):
                if k.startswith("act:") and is_button(event, el):
                    self.panel.do_action(k[4:])
                    return True
            return False
        return True

    def say_notice(self, app: Any) -> None:
        """``app``'s notice (the game left for this one is kept) said on this board, once, before
        it opens: a board the New game form or the editor opens (else the menu says it)."""
        if app.notice and not self.panel.status:
            self.panel.open_with(app.notice)
            app.notice = ""

    def new_game(self) -> None:
        """New game: the form, with this game's seats and options (asked first when leaving would
        lose work: ``asks_before_leaving``)."""
        if not self.asks_before_leaving(self.open_new_game):
            self.open_new_game()

    def open_new_game(self) -> None:
        assert self.app is not None
        self.leave()
        kept = self.saver.kept_text()
        self.app.notice = kept                       # said once: by the next board or the menu
        m = self.match
        start = m.start_players if m else {}
        players = {c.word: start[c] for c in Color} if m else None   # the seats chosen, before a pie swap
        opts = m.game.options() if m else {}
        back_to = self.saver.own_file() if kept else None    # (kept: New game's Back returns to it)
        self.app.replace(make_scene("new_game", self.game_name or "amoeba", opts, players,
                                    time_control=m.time_control if m else None, back_to=back_to))

    def rematch(self) -> None:
        """The same game again at once, the seats' colours swapped."""
        assert self.app is not None
        m = self.match
        if m is None:
            return
        self.leave()
        start = m.start_players
        players = {"black": start[Color.WHITE], "white": start[Color.BLACK]}
        board = make_scene("new_board", self.game_name or m.name, m.start_game.options(), players,
                           time_control=m.time_control)
        if is_board_scene(board):
            board.panel.open_with(rematch_words(start))
        self.app.replace(board)

    def leave(self) -> None:
        """The scene is about to go (Menu, New game, Escape): stop the computer at once."""
        self.leaving = True
        self.redoing.stop()
        self.finish_animation()
        self.computer.cancel()
        self.review.cancel()
        self.panel.update_status_box()

    def _key(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        # every shortcut is Ctrl+key: a plain letter, digit or move mark types a move (movebox.py)
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key in NAV_KEYS and not ctrl:
            # (the toolbar takes these first; they come here from an empty move box that has the
            # keyboard, movebox.py, and browse as they do without it, an animation or not)
            self.toolbar.button(NAV_KEYS[event.key])
            return True
        if self.anim is not None:  # input waits for the animation; a key press finishes it
            self.anim.finish()
            return True
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save_game()
        elif ctrl and event.key == pygame.K_o:
            self.load_game()
        elif ctrl and event.key == pygame.K_p:
            self.clocks.toggle_pause()
        elif ctrl and event.key == pygame.K_l and self.view is not None:
            self.app.settings.show_coords = not self.app.settings.show_coords
            self.view.show_coords = self.app.settings.show_coords
            self.view.layout(self.board_rect)
        elif ctrl and event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.app.settings.anim_speed = min(8.0, self.app.settings.anim_speed * 1.5)
            self.set_status(_("Animation speed ×{speed}").format(speed=decimal(self.app.settings.anim_speed, 2)))
        elif ctrl and event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.app.settings.anim_speed = max(0.25, self.app.settings.anim_speed / 1.5)
            self.set_status(_("Animation speed ×{speed}").format(speed=decimal(self.app.settings.anim_speed, 2)))
        elif ctrl and event.key == pygame.K_h:
            self.request_hint()
        elif ctrl and event.key == pygame.K_m:
            self.computer.move_now()       # 'Move now' (says nothing when the computer is not thinking)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE, pygame.K_f) \
                and self.board.handle_event(event):
            pass                          # Enter ends an open chain, Backspace takes back one landing, Ctrl+F flips
        else:
            return False
        return True



    # ------------------------------------------------------------ drawing (drawing.py, banner.py)
    def decorations(self) -> Decorations:
        """What the board shows over the position: last move, targets and selection (the
        controller), threats, the hint, the result's points, the review's marks."""
        deco = Decorations(time=self.display_time())
        m = self.match
        if m is None:
            return deco
        deco.last_move = self.last_move_labels()
        if self.anim is not None:
            deco.hidden = dict(self.anim.hidden)
            deco.last_move = ()
            return deco
        if m.is_over:
            try:
                deco.result = list(m.game.highlight_result()) if m.game.is_over else []
            except (RulesError, ValueError, KeyError, TypeError):
                deco.result = []        # no result cells to light
            deco.hover = self.hover_label
            return deco
        deco.threats = self.panel.threats()
        deco.dangers = self.panel.dangers_shown()     # the game's end one move away, before it lands
        if self.input is not None and m.is_human(m.to_move):
            self.board.decorate(deco, self.app is None or bool(self.app.settings.show_targets))
            if self.computer.hint is not None:
                opt = next((o for o in self.input.options if o.text == self.computer.hint), None)
                if opt is not None:
                    self.input.show_move(deco, opt, _("Hint"))
        self.review.decorate(deco)          # the review's better move, before a marked move
        return deco

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after the widgets: the panel's colour icons, the toolbar's, the stack tooltip."""
        self.drawing.draw_overlay(surface)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.review.keep_clear()

    @property
    def opaque(self) -> bool:
        """``draw`` paints the whole window (its static layer): the app skips its backdrop."""
        return self.drawing.opaque

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """What the scene draws itself over its area, for the layout audit (the thinking pill, the
        banner's texts; the analysis board adds its panel's)."""
        return self.drawing.layout_rects()

    # ------------------------------------------------------------ idle (App.idle)
    def display_time(self) -> float:
        """The time highlights are drawn at: the scene's time for a few seconds after the last
        input or change, then held where the breathing glow is brightest (``idle.still_time``),
        so a board waiting for a click stops changing and the window can sleep (``App.idle``)."""
        return min(self.time, still_time(self.active_at))

    def wake_after(self) -> float | None:
        """A running game clock: the window wakes when its face changes (once a second)."""
        return self.clocks.wake_after()

    def needs_frames(self) -> bool:
        """Something moves or waits for time (else the app may sleep until the next event): each
        part says what it waits for."""
        if self.anim is not None or self.redoing.running or self.computer.needs_frames() \
                or self.review.needs_frames() or self.movebox.needs_frames():
            return True
        if self.history.replaying or self.toolbar.needs_frames() or self.sounds.needs_frames():
            return True
        if self.board.needs_frames():
            return True                          # a drag, or a tooltip on its way
        return self.time < still_time(self.active_at)      # highlights still breathing

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        super().update(dt)
        self.leave_question.tend()
        self.board.update(dt)
        if self.anim is not None:
            self.anim.update(dt)
        self.panel.sync_actions()
        self.banner.sync()
        self.movebox.update()
        if self.banner.first_sight() and self.app is not None \
                and (self.movebox.focused() or self.app.focus is not None):
            # the game ended while the player used the keyboard (typing a move, the ring on a
            # button or in a question it answered): the ring goes to the result card (once: Tab
            # may take it on from the card into the box later, and on past it)
            self.movebox.leave()
            first = self.banner.first_button()
            if first is not None:
                focus_ring_on(self.app, first)
        self._ring_past_the_end()
        self.toolbar.update(dt)
        self.history.update(dt)
        self.review.update(dt)
        self._follow_settings()
        self.sounds.update(dt)
        self.clocks.update(dt)          # the side to move's time, its flag
        self.computer.collect()         # an answer to a question (a hint, an offer)
        m = self.match
        if self.redoing.running and self.anim is None and m is not None and self.dialog is None:
            self.redoing.step()         # the next move of a Redo round (the computer's recorded reply)
            return
        self.computer.take_turn(dt)

    def _ring_past_the_end(self) -> None:
        """The game ended with the keyboard's ring on a button the end disabled (Resign, its
        question confirmed by the keyboard): the ring goes where the keyboard goes on, the result
        card's first button, else the panel's first that can be pressed."""
        app, m = self.app, self.match
        ring = app.focus if app is not None else None
        if app is None or ring is None or m is None or not m.is_over or self.dialog is not None \
                or not ring.alive() or ring.is_enabled:
            return
        first = self.banner.first_button() if self.banner.shown() else None
        if first is None:
            panel = [el for key, el in self.w.items() if not key.startswith("banner:")]
            first = next((el for el in focus_items(app) if any(el is p for p in panel)), None)
        if first is not None:
            focus_ring_on(app, first)

    def after_frame(self) -> None:
        """Called by the app after each frame is drawn: the autosave (saving.py)."""
        self.saver.after_frame()

    def _follow_settings(self) -> None:
        """The view follows the settings when they changed (``settings.version``: the settings
        scene, keys); the settings save themselves (game.scenes.settings)."""
        app = self.app
        if app is None or self.match is None:
            return
        st = app.settings
        seen = (st.version, self.view, self.input)
        if self._settings_seen == seen:
            return
        self._settings_seen = seen
        if self.view is not None:
            relay = self.view.show_coords != st.show_coords
            self.view.show_coords = st.show_coords
            self.view.set_look(app.theme, st.flip)
            if relay:
                self.view.layout(self.board_rect)
        for key in ("moves", "status"):
            if key in self.w:
                self.w[key].theme = app.theme       # the move list and status box draw in it too
        targets = bool(st.show_targets)
        if self.input is not None and self.input.show_targets != targets:
            self.input.show_targets = targets       # texts worded for highlights on or off (views/base.py)
            self.panel.update_status_box()


register("new_board")(BoardScene.start)
