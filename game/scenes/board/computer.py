"""The computer players of one board: their turns, hints and answers to offers.

``BoardComputer`` (``scene.computer``) is a part of the board scene that owns the engine
(``engine.py``: ``WorkerEngine`` over the worker process, or ``StubEngine``) and what it is
doing: ``thinking`` (a move for the side to move, ``think_time`` seconds so far), ``waiting``
('offer' or 'hint' while the engine answers a question), ``failed`` (stop asking a failing engine
until the next change), ``hint`` (a suggested move, shown as an arrow until the position changes)
and ``paused`` (two computers wait for "Play on": ``pause``, ``play_on``).

The scene calls ``update(dt)`` each frame (``collect`` reads an answer, ``take_turn`` starts the
computer's search and plays its move), ``cancel`` whenever the position changes under it (a
move, Undo, browsing, leaving) and ``close`` when it goes. Every call into the engine is a
boundary (a worker process): a failure is logged and said in the status line, never raised.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ...i18n import _
from ...names import side_name
from .engine import (Adviser, StubEngine, close_engine, default_engine_factory,
                     engine_failure_words)
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from ...app import App
    from .scene import BoardScene

log = logging.getLogger(__name__)

THINK_MIN = 0.35        # seconds a computer move is shown as "thinking" at least
MOVE_NOW_AFTER = 0.75   # seconds of thinking before "Move now" is offered (a quick move would make the row blink)


class BoardComputer(ScenePart):
    """The computer's side of the board scene (see the module docstring)."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.engine: Any = None
        self.thinking = False
        self.think_time = 0.0
        self.waiting = ""           # 'offer' or 'hint' while the engine answers
        self.failed = False         # stop asking a failing engine until the next change
        self.hint: str | None = None
        self.paused = False         # two computers: they wait for "Play on"

    # ------------------------------------------------------------ life
    def start(self, app: Any) -> None:
        """Make the engine: ``app.engine_factory()`` when the engine is installed, else a stub."""
        self.engine = make_engine(app)

    def close(self) -> None:
        close_engine(self.engine)

    def use_engine(self, engine: Any) -> None:
        """Think with ``engine`` from now on (a benchmark's real worker); the one it replaces is closed."""
        close_engine(self.engine)
        self.engine = engine

    @property
    def busy(self) -> bool:
        """Thinking of a move or answering a question."""
        return self.thinking or bool(self.waiting)

    def cancel(self) -> None:
        """The position changes under the engine: it stops, the hint goes, a failure is forgiven."""
        self.thinking = False
        self.think_time = 0.0
        self.waiting = ""
        self.failed = False
        self.hint = None
        if self.engine is not None:
            try:
                self.engine.cancel()
            except Exception:   # the engine worker's client: a gone worker has nothing to stop
                log.warning("cancelling the engine failed", exc_info=True)

    def pause(self) -> None:
        """Two computers stop and wait for "Play on" (Undo; a loaded record of theirs)."""
        self.paused = True

    def play_on(self) -> None:
        """The "Play on" button: paused computers take their turns again."""
        self.paused = False

    def forget_failure(self) -> None:
        """A new move: a computer that failed may be asked again."""
        self.failed = False

    def move_played(self) -> None:
        """A move was played: the hint for the position before goes, a failure is forgiven."""
        self.hint = None
        self.failed = False

    def retry(self) -> bool:
        """A click on the board after the computer failed: ask it again (True if it had failed)."""
        if not self.failed:
            return False
        self.failed = False
        self.thinking = False
        return True

    # ------------------------------------------------------------ questions
    def ask_hint(self) -> None:
        """Ask the engine for a suggested move for the human to move (Ctrl+H); shown as an arrow."""
        sc = self.scene
        m = self.match
        if m is None or m.is_over or not m.is_human(m.to_move) or sc.anim is not None:
            return
        if not isinstance(self.engine, Adviser):
            sc.set_status(_("No hint is available."), "warn")
            return
        try:
            self.engine.ask("hint", m.game.copy())
        except Exception as exc:        # the engine worker's client
            log.warning("asking the engine for a hint failed: %s", exc)
            sc.set_status(_("No hint: {why}").format(why=engine_failure_words(exc)), "error")
            return
        self.waiting = "hint"
        sc.set_status(_("Looking for a good move…"))

    def ask_offer(self) -> bool:
        """Ask the computer opponent about the offer just made; False if it cannot be asked."""
        sc = self.scene
        m = self.match
        other = m.to_move.other
        if not isinstance(self.engine, Adviser):
            return False
        try:
            self.engine.ask("offer", m.game.copy(), other)
        except Exception as exc:    # the engine worker's client
            log.warning("asking the engine about an offer failed: %s", exc)
            sc.set_status(_("The computer player could not answer: {why}").format(why=engine_failure_words(exc)),
                          "error")
            return True
        self.waiting = "offer"
        sc.set_status(_("{side} (computer) is considering the offer…").format(side=side_name(other.word)))
        sc.refresh_panel()
        return True

    def move_now(self) -> None:
        """'Move now': the worker answers at once with its best move so far."""
        eng = self.engine
        hurried = False
        if self.thinking and eng is not None:
            try:
                hurried = bool(eng.move_now())
            except Exception:       # the engine worker's client
                log.warning("asking the engine to move now failed", exc_info=True)
        if hurried:
            self.scene.set_status(_("The computer plays its best move so far."))

    def may_move_now(self) -> bool:
        """'Move now' is offered: the computer has thought a while and its engine can hurry."""
        return self.thinking and self.think_time >= MOVE_NOW_AFTER and self.engine is not None

    def answer(self, kind: str, value: Any) -> None:
        """The engine's answer to a question (an offer, a hint) or its error."""
        sc = self.scene
        m = self.match
        self.waiting = ""
        if m is None:
            return
        if kind == "error":
            sc.set_status(_("The computer player could not answer: {why}").format(why=value), "error")
        elif kind == "offer":
            sc.offers.answered(bool(value))
        elif kind == "hint" and value:
            self.hint = str(value)
            actions = dict((k, label) for label, k in sc.panel.current_actions())
            if self.hint in actions:
                sc.set_status(_("Hint: {action} (the button below the moves).").format(action=actions[self.hint]))
            else:
                if sc.input is not None and sc.input.prefix:
                    sc.board.cancel()       # a move half made (a chain) would hide the hint's marks
                sc.set_status(_("Hint: {move} (marked on the board). Play it, or any other move.").format(move=self.hint))
        sc.refresh_panel()

    def drop_stale_hint(self) -> None:
        """The position changed: a hint that is no longer a legal move goes."""
        m = self.match
        if m is not None and self.hint is not None and self.hint not in m.legal_strs():
            self.hint = None

    # ------------------------------------------------------------ each frame
    def collect(self) -> None:
        """Read the engine's answer to a question, if it came."""
        if not self.waiting or self.engine is None:
            return
        try:
            ans = self.engine.answer()
        except Exception as exc:    # the engine worker's client
            log.warning("reading the engine's answer failed: %s", exc)
            ans = ("error", engine_failure_words(exc))
        if ans is not None:
            self.answer(*ans)

    def turn_due(self) -> bool:
        """The computer is to move and nothing holds it back (an animation, a dialog, browsing…)."""
        sc = self.scene
        m = self.match
        return (m is not None and sc.anim is None and sc.dialog is None and not m.is_over and not self.waiting
                and not m.is_human(m.to_move) and self.engine is not None and not self.failed
                and not sc.leaving and not m.browsing and not self.paused and not sc.review.running)

    def take_turn(self, dt: float) -> None:
        """The computer's turn: start its search, and play its move once it has one (after
        ``THINK_MIN`` seconds at least, so a quick move is still seen coming)."""
        sc = self.scene
        m = self.match
        if self.thinking and (m is None or m.is_over or m.is_human(m.to_move)):
            self.thinking = False       # the game ended (resigned, agreed) while the computer thought
            self.think_time = 0.0
            try:
                self.engine.cancel()
            except Exception:   # the engine worker's client: a gone worker has nothing to stop
                log.warning("cancelling the engine failed", exc_info=True)
            sc.panel.update_status_box()
        if not self.turn_due():
            if self.waiting:
                self.take_notice()
            return
        limit = sc.clocks.limit(m.to_move)     # a game with clocks: the most this move may take
        if not self.thinking:
            self.thinking = True
            self.think_time = 0.0
            try:
                if limit is None:
                    self.engine.start(m.game.copy(), m.players[m.to_move])
                else:
                    self.engine.start(m.game.copy(), m.players[m.to_move], limit=limit)
            except Exception as exc:    # the engine worker's client (error() logs it)
                self.error(exc)
                return
            sc.panel.update_status_box()
        self.think_time += dt
        speed = self.app.settings.anim_speed if self.app else 1.0
        shown = THINK_MIN / max(0.25, speed)
        if limit is not None:
            shown = min(shown, limit / 2)      # its clock runs: a quick move is not held back long
        if self.think_time < shown:
            return
        mv = None
        try:
            mv = self.engine.poll()
        except Exception as exc:    # the engine worker's client (error() logs it)
            self.error(exc)
        self.take_notice()
        if mv:
            self.thinking = False
            if not sc.play_move(mv):
                self.failed = True

    def about_to_move(self) -> bool:
        """The computer's turn is about to start (the board needs frames to start it)."""
        m = self.match
        return (m is not None and not m.is_over and not m.is_human(m.to_move) and not self.failed
                and not self.browsing and not self.scene.leaving and self.engine is not None)

    def needs_frames(self) -> bool:
        return self.busy or self.about_to_move()

    def take_notice(self) -> None:
        """Show a message the engine left (e.g. its worker crashed and was restarted)."""
        note = self.engine.notice if self.engine is not None else ""
        if note:
            self.engine.notice = ""
            self.scene.set_status(note, "warn")

    def error(self, exc: Exception) -> None:
        """The computer could not move: say so; a click on the board asks it again, Undo takes back."""
        log.warning("the computer player failed: %s", exc)
        self.thinking = False
        self.failed = True
        self.scene.set_status(_("The computer player failed: {why}. Click the board to ask it again, or Undo.").format(
            why=engine_failure_words(exc)), "error")


def make_engine(app: "App | None") -> Any:
    """An engine for ``app``: ``app.engine_factory()`` (the worker), else the stand-in."""
    factory = (app.engine_factory if app is not None else None) or default_engine_factory()
    try:
        eng = factory()
    except Exception:       # starting the engine worker process
        log.warning("the engine could not start: the stand-in engine plays", exc_info=True)
        return StubEngine()
    if app is not None:
        eng.think_settings = app.settings    # think time per level
    return eng
