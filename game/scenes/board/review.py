"""The board scene's game review (``scene.review``): the engine's view of the game on screen.

``BoardReview`` is a helper object the scene owns, like the toolbar and the history. The
engine work is ``game.ai.review`` run in a worker process of its own (``WorkerEngine.review``
over ``EngineClient.review``, a second worker beside the computer player's, started on the
first Review): the window never waits for it. The worker sends one reply per ply, so the
progress moves and the graph fills in as the plies arrive; replies of an older request are
dropped (request ids). In tests ``StubEngine.review`` runs the real review in this process
with a tiny budget, one ply a frame.

What the player sees:

* a strip under the board (the board gives up its height while a review is shown): the
  evaluation graph (``game.ui.graph.EvalGraph``, a click browses to that ply) and a column
  with the progress bar and Cancel while the review runs, then the summary (accuracy per
  player, the biggest swing, "Jump to it", the marks' thresholds) and Close;
* the marks ``?!``, ``?``, ``??`` after the moves in the move list (``MoveList.set_marks``);
* in the position before a marked move (browsing, or after Undo), the engine's better move on
  the board (an arrow or ghost pieces, tagged "Better", as hints are drawn), and in the
  status line the verdict, the chances before and after, and the better line.

A running review stops at once on Cancel, Escape, a new move, Undo, leaving the board and
loading another game (the scene's hooks call ``cancel``). A new move replacing later moves
drops the verdicts past the branch. Saving writes the review into the record as comments
(``annotate``, called by ``game.scenes.files.save_to``); a loaded record with them brings the
review back at once (``adopt``, from ``board_from_record``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ...match import HUMAN
from ...rules.base import Color
from ...ui.graph import EvalGraph
from .engine import default_engine_factory
from .review_show import REVIEW_SECONDS, ReviewDisplay, _rv

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene


def ply_from_json(d: dict) -> Any:
    """A ``PlyReview`` from its ``to_json()`` (what the worker sends)."""
    best = str(d.get("best") or d.get("move") or "")
    return _rv().PlyReview(int(d["ply"]), str(d["move"]), str(d["mover"]), str(d.get("player") or d["mover"]),
                           best, tuple(d.get("line") or (best,)), float(d["value_before"]),
                           float(d["value_after"]), d.get("proven_before"), d.get("proven_after"),
                           d.get("drop"), str(d.get("mark") or ""), str(d.get("reason") or ""),
                           bool(d.get("judged", True)))


class BoardReview(ReviewDisplay):
    """The review of the board's game: running it, and showing it (see the module docstring)."""

    def __init__(self, scene: "BoardScene") -> None:
        self.scene = scene
        self.engine: Any = None
        self.state = "idle"            # idle | running | done | stopped | error
        self.plies: dict[int, Any] = {}   # ply -> PlyReview, for the line reviewed
        self.line: tuple[str, ...] = ()   # the moves (record form) the verdicts belong to
        self.total = 0                 # plies being reviewed
        self.done = 0                  # plies done
        self.summary: Any = None
        self.error = ""
        self.annotator = ""
        self.seconds: float | None = REVIEW_SECONDS
        self.iterations: int | None = None
        self.shown = False             # the strip under the board
        self.version = 0               # bumped when the verdicts change
        self.started_at = 0.0
        self.finished_in: float | None = None
        self.strip_rect: pygame.Rect | None = None
        self.graph: EvalGraph | None = None
        self.buttons: dict[str, UIButton] = {}
        self._full_board: pygame.Rect | None = None
        self._list_key: Any = None
        self._status_key: Any = None
        self._deco: tuple[Any, Any] = (None, None)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._over_key: Any = None

    # ------------------------------------------------------------ state
    @property
    def running(self) -> bool:
        return self.state == "running"

    def needs_frames(self) -> bool:
        return self.running

    def _touch(self) -> None:
        self.version += 1

    def current_line(self) -> tuple[str, ...]:
        m = self.scene.match
        if m is None:
            return ()
        return tuple(pm.record for pm in m.history) + tuple(pm.record for pm in m.future)

    def _line_game(self) -> Any:
        """A copy of the game at the end of the line (the moves Redo would replay too)."""
        m = self.scene.match
        g = m.game.copy()
        for pm in m.future:
            path = getattr(pm, "path", ())
            g.play(g.parse_move("-".join(path) if path else pm.text))
        return g

    def valid(self) -> int:
        """How many plies of the line the verdicts cover."""
        return len(self.line)

    # ------------------------------------------------------------ running
    def _make_engine(self) -> Any:
        app = self.scene.app
        factory = getattr(app, "engine_factory", None) or default_engine_factory()
        try:
            return factory()
        except Exception:
            return None

    def start(self) -> bool:
        """Review the whole line (moves played and the ones Redo would replay) in the background."""
        sc = self.scene
        m = sc.match
        if m is None or sc.view is None:
            return False
        line = self.current_line()
        if not line:
            sc.set_status("Nothing to review yet: no move has been played.", "warn")
            return False
        if self.engine is None:
            self.engine = self._make_engine()
        if self.engine is None or not hasattr(self.engine, "review"):
            sc.set_status("The review needs the computer player, which is not available.", "warn")
            return False
        sc.history.stop_replay()
        if sc.thinking or sc.waiting:
            sc.cancel_engine()          # the computer waits while the review runs
        try:
            self.engine.review(self._line_game(), seconds=self.seconds, iterations=self.iterations, seed=0)
        except Exception as exc:
            sc.set_status(f"The review could not start: {exc}", "error")
            return False
        self.plies, self.line, self.total, self.done = {}, line, len(line), 0
        self.summary, self.error, self.finished_in = None, "", None
        self.annotator = ""
        self.state = "running"
        self.started_at = sc.time
        self._touch()
        self._show(True)
        sc.set_status(f"Reviewing {len(line)} moves in the background (Esc stops it).")
        sc.refresh_panel()
        return True

    def cancel(self, why: str = "") -> bool:
        """Stop a running review at once (its partial verdicts stay shown); True if one ran."""
        if not self.running:
            return False
        if self.engine is not None:
            try:
                self.engine.cancel()
            except Exception:
                pass
        self.state = "stopped"
        self.line = self.line[:self.done]
        self.plies = {k: v for k, v in self.plies.items() if k <= self.done}
        self.summary = self._summarize() if self.plies else None
        self._touch()
        if not self.plies:
            self._show(False)
        if why:
            self.scene.set_status(why)
        self.scene.refresh_panel()
        return True

    def close(self) -> None:
        """The scene exits: stop the review's worker."""
        self.state = "idle" if self.state == "running" else self.state
        if self.engine is not None:
            try:
                self.engine.close()
            except Exception:
                pass
            self.engine = None

    def line_changed(self) -> None:
        """A new move was played (scene.play_move): a running review stops; verdicts past a
        branch (a new move replacing later ones) no longer belong to the line."""
        if self.running:
            self.cancel()
        if not self.line:
            return
        line = self.current_line()
        keep = 0
        for keep in range(min(len(line), len(self.line)) + 1):
            if keep == len(line) or keep == len(self.line) or line[keep] != self.line[keep]:
                break
        if keep < len(self.line):
            self.line = self.line[:keep]
            self.plies = {k: v for k, v in self.plies.items() if k <= keep}
            self.summary = self._summarize() if self.plies else None
            self._touch()
            if not self.plies:
                self._show(False)

    def back(self) -> bool:
        """Escape: stop a running review (True: Escape was used)."""
        return self.cancel("Review stopped.")

    def _summarize(self) -> Any:
        plies = [self.plies[k] for k in sorted(self.plies)]
        return _rv().summarize(plies)

    def _poll(self) -> None:
        try:
            events = self.engine.review_poll()
        except Exception as exc:
            events = [("error", str(exc))]
        changed = False
        for ev in events:
            if ev[0] == "ply":
                try:
                    p = ply_from_json(ev[1])
                except (KeyError, TypeError, ValueError):
                    continue
                if 1 <= p.ply <= len(self.line):
                    self.plies[p.ply] = p
                    self.done = max(self.done, min(len(self.line), int(ev[2])))
                    changed = True
            elif ev[0] == "done":
                self.state = "done"
                self.done = len(self.line)
                self.finished_in = self.scene.time - self.started_at
                self.summary = self._summarize()
                changed = True
                self._finished_status()
            elif ev[0] == "error":
                self.state = "error"
                self.error = str(ev[1])
                self.line = self.line[:self.done]
                self.summary = self._summarize() if self.plies else None
                changed = True
                self.scene.set_status(f"The review failed: {self.error}", "error")
        note = getattr(self.engine, "notice", "")
        if note and isinstance(note, str):
            self.engine.notice = ""
            self.scene.set_status(note, "warn")
        if changed:
            self._touch()
            if not self.running:
                self.scene.refresh_panel()

    def _finished_status(self) -> None:
        s = self.summary
        if s is None:
            return
        counts = []
        for seat in ("black", "white"):
            side = s.side(seat)
            marks = ", ".join(f"{n} {m}" for n, m in ((side.blunders, "??"), (side.mistakes, "?"),
                                                      (side.inaccuracies, "?!")) if n)
            counts.append(f"{self.seat_name(seat)} {marks or 'no marks'}")
        self.scene.set_status("Review done: " + "; ".join(counts) + ".")

    # ------------------------------------------------------------ records
    def annotate(self, record: Any) -> Any:
        """``record`` (the whole line) with the review as move comments (Save…)."""
        if not self.plies or self.state == "running":
            return record
        line = self.current_line()
        n = self.valid()
        if tuple(line[:n]) != self.line[:n] or len(record.moves) < n:
            return record
        rv = _rv()
        budget = (f"{self.seconds:g} s per position" if self.seconds else
                  f"{self.iterations} iterations per position" if self.iterations else "")
        annotator = self.annotator or (f"{rv.ANNOTATOR}, {budget}" if budget else rv.ANNOTATOR)
        try:
            return rv.review_to_comments(record, [self.plies[k] for k in sorted(self.plies)], annotator)
        except Exception:
            return record

    def adopt(self, record: Any) -> bool:
        """A loaded record's review comments become this board's review (no engine run)."""
        try:
            plies = _rv().comments_to_review(record)
        except Exception:
            return False
        line = self.current_line()
        plies = [p for p in plies if 1 <= p.ply <= len(line)]
        if not plies:
            return False
        self.plies = {p.ply: p for p in plies}
        last = max(self.plies)
        self.line = line[:last]
        self.total = self.done = last
        self.state = "done"
        self.annotator = record.headers.get("Annotator", "")
        self.summary = self._summarize()
        self.shown = True
        self._touch()
        return True

    # ------------------------------------------------------------ who
    def seat_name(self, seat: str) -> str:
        """'You' / 'Computer' against the computer, else 'Black' / 'White' (seats at the start)."""
        m = self.scene.match
        start = getattr(m, "start_players", None) or getattr(m, "players", {}) if m is not None else {}
        color = Color.BLACK if seat == "black" else Color.WHITE
        humans = [c for c in Color if start.get(c, HUMAN) == HUMAN]
        if len(humans) == 1:
            return "You" if color in humans else "Computer"
        return color.title

    # ------------------------------------------------------------ each frame
    def update(self, dt: float) -> None:
        sc = self.scene
        if self.running and self.engine is not None:
            self._poll()
        if sc.w:
            self._sync_buttons()
            self._sync_move_list()
            self._sync_graph()
            self._sync_status()
            self._offer_after_game()

    def _offer_after_game(self) -> None:
        """A game against the computer just ended: offer the review (once per ending)."""
        sc = self.scene
        m = sc.match
        if m is None or not m.is_over or sc.anim is not None or sc.browse_ply is not None or self.running:
            return
        key = (len(m.history), str(m.result))
        if key == self._over_key:
            return
        self._over_key = key
        if self.plies and self.valid() >= len(m.history):
            return
        humans = [c for c in Color if m.is_human(c)]
        if len(humans) == 1 and not sc.status:
            sc.set_status("Press Review for the engine's view: accuracy and the biggest swing.")

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        sc = self.scene
        t = event.type
        if t == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.button(key)
                    return True
            return False
        g = self.graph
        if g is None:
            return False
        if t == pygame.MOUSEMOTION:
            hover = g.ply_at(event.pos) if sc.dialog is None else None
            if hover != g.hover:
                g.hover = hover
            return False
        if t == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 and sc.dialog is None:
            ply = g.ply_at(event.pos)
            if ply is None:
                return False
            self.jump(ply)
            return True
        return False

    def jump(self, ply: int) -> None:
        """Browse to the position after ``ply`` moves (the graph's click, Jump to it)."""
        sc = self.scene
        sc.history.stop_replay()
        sc.finish_animation()
        sc.history.browse_to(ply)

    def button(self, key: str) -> None:
        if key == "cancel":
            self.cancel("Review stopped.")
        elif key == "jump":
            swing = self.summary.biggest_swing if self.summary is not None else None
            if swing:
                self.jump(max(0, int(swing["ply"]) - 1))
        elif key == "close":
            self._show(False)

    def toggle(self) -> None:
        """The toolbar's Review button: start (or show again) / stop."""
        if self.running:
            self.cancel("Review stopped.")
        elif self.state == "done" and self.plies and self.valid() == len(self.current_line()):
            self._show(True)
            self.scene.set_status("This game is reviewed: click the graph or a move to look closer.")
        else:
            self.start()
