"""History browsing and replay of the board scene.

* Browsing: the position shown is the match's own (``Match.undo``/``redo`` move along the
  line; ``Match.future`` holds the later moves). Forward steps play the move's animation,
  backward steps and jumps cross-fade (``game.anim.fade``). While browsing (``scene.browse_ply``
  is set) the computer does not move, and a new move asks first before it discards the later
  moves. A game that ended by resignation or agreement keeps its result while browsing (it
  comes back at the end of the line: ``final``).
* Replay: from the start, one move after another at the animation speed; any click or key stops.
* The move list (``game.ui.movelist.MoveList``) follows the line: every move a link to its
  position, the shown one marked.

The buttons and keys that drive it are in ``toolbar.py``.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ...anim.fade import FadeAnimation
from ...autosave import reapply_result
from ...rules.base import Result, RulesError
from ...rules.record import UI_REASONS
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene

REPLAY_PAUSE = 0.45       # seconds between replayed moves at speed 1


class BoardHistory(ScenePart):
    """Where in the game's line the board is, and the replay."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.final: Result | None = None        # a UI-level result to put back at the end of the line
        self.replaying = False
        self.replay_wait = 0.0
        self._confirm_text = ""
        self._bypass = False

    def total(self) -> int:
        m = self.match
        return 0 if m is None else len(m.history) + len(m.future)

    def speed(self) -> float:
        app = self.app
        return max(0.25, float(app.settings.anim_speed)) if app is not None else 1.0

    def update_move_list(self, force: bool = False) -> None:
        """The move list (a ``MoveList``): every move a link to its position, the shown one marked.

        Cheap when nothing changed; a new move costs one redraw of the rows in view.
        """
        sc = self.scene
        m = self.match
        box = sc.w.get("moves") if sc.w else None
        if box is None or m is None or not hasattr(box, "set_moves"):
            return
        line = [pm.record for pm in m.history] + [pm.record for pm in m.future]
        box.set_moves(line, len(m.history), follow=not self.browsing)
        if force:
            box._dirty = True

    @property
    def _href_colour(self) -> dict[str, tuple[int, int, int]]:
        """Link colours by ply number ('1', '2', ...): played, shown, later (tests)."""
        box = self.scene.w.get("moves") if self.scene.w else None
        if box is None or not hasattr(box, "colour_of"):
            return {}
        return {str(j + 1): box.colour_of(j) for j in range(len(box.records))}

    def browse(self, delta: int) -> None:
        m = self.match
        if m is None:
            return
        self.browse_to(len(m.history) + delta)

    def browse_to(self, ply: int, animate: bool = True) -> bool:
        """Show the position after ``ply`` moves of the line; False if nothing changed."""
        sc = self.scene
        m = self.match
        if m is None or sc.view is None:
            return False
        ply = max(0, min(self.total(), int(ply)))
        cur = len(m.history)
        if ply == cur:
            if not m.future and self.browsing:
                self._at_end()
            return False
        sc.finish_animation()
        if sc.dialog is not None:
            return False
        sc.cancel_engine()
        if not m.future and m.result is not None and m.result.reason in UI_REASONS:
            self.final = m.result            # resigned / agreed: keep it for the end of the line
        if sc.input is not None:
            sc.input.cancel()
        before = m.game.stacks()
        motions = None
        if ply < cur:
            while len(m.history) > ply:
                if not m.undo():
                    break
        else:
            while len(m.history) < ply:
                motions = m.redo()
                if motions is None:
                    break
                sc.marks.append(sc.labels_of(motions))
        del sc.marks[len(m.history):]
        sc.status = ""
        sc.status_kind = "info"
        single_forward = motions is not None and ply == cur + 1 and len(m.history) == ply
        at_end = not m.future
        if at_end:
            self._at_end()
        else:
            sc.browse_ply = len(m.history)
        if animate and single_forward:
            sc.start_animation(before, motions)   # type: ignore[arg-type]
        elif animate:
            self._fade(before)
        else:
            sc.refresh()
        self._note()
        return True

    def _at_end(self) -> None:
        """Back at the end of the line: live play again (and the kept result returns)."""
        sc = self.scene
        sc.browse_ply = None
        if self.final is not None and self.match is not None and self.match.result is None:
            reapply_result(self.match, self.final)
        self.final = None

    def _fade(self, before: dict[str, tuple[str, ...]]) -> None:
        sc = self.scene
        m = self.match
        after = m.game.stacks()
        sc.anim_before = before
        sc.anim = FadeAnimation(sc.view, before, after, speed=self.speed(), on_complete=sc._animation_done)
        if sc.input is not None:
            sc.input.set_game(None)
        sc.refresh_panel()

    def _note(self) -> None:
        """The status line while browsing."""
        sc = self.scene
        m = self.match
        if m is None:
            return
        if self.browsing:
            n, total = len(m.history), self.total()
            where = f"Start of the game ({total} moves)" if n == 0 else f"Move {n} of {total}"
            if self.replaying:
                sc.set_status(f"Replay: {where.lower()}. Click or press a key to stop.")
            else:
                sc.set_status(f"{where}. Press End to return to the game.")
        else:
            sc.status = ""
            sc._update_status_box()

    def intercept_move(self, text: str) -> bool:
        """Called by ``play_move``: True if the move is handled here (stepping or confirming)."""
        if self._bypass or not self.browsing:
            return False
        m = self.match
        if m is None or not m.future:
            return False
        nxt = m.future[0]
        try:
            same = m.game.move_str(m.game.parse_move(text)) == nxt.text
        except RulesError:
            return False
        if same:
            self.browse_to(len(m.history) + 1)
            return True
        later = len(m.future)
        self._confirm_text = text
        words = "move" if later == 1 else "moves"
        self.scene.open_dialog("branch", "Play a new move here?",
                               f"Playing {html.escape(text)} here replaces the {later} later {words} of this "
                               f"game.<br><br>They cannot be brought back.", "Play it")
        return True

    def _branch_confirmed(self) -> None:
        text, self._confirm_text = self._confirm_text, ""
        sc = self.scene
        sc.browse_ply = None
        self.final = None
        self._bypass = True
        try:
            sc.play_move(text)
        finally:
            self._bypass = False

    def _branch_cancelled(self) -> None:
        self._confirm_text = ""
        sc = self.scene
        if sc.input is not None:
            sc.input.cancel()
        sc.refresh()
        self._note()

    def toggle_replay(self) -> None:
        if self.replaying:
            self.stop_replay()
        else:
            self.start_replay()

    def start_replay(self) -> None:
        m = self.match
        if m is None or self.total() == 0:
            return
        self.scene.finish_animation()
        self.browse_to(0, animate=len(m.history) > 0)
        if self.total() == 0:
            return
        self.replaying = True
        self.replay_wait = REPLAY_PAUSE
        self._note()
        self.scene.toolbar.refresh_panel()

    def stop_replay(self) -> None:
        if not self.replaying:
            return
        self.replaying = False
        self._note()
        self.scene.toolbar.refresh_panel()

    def _replay_step(self, dt: float) -> None:
        sc = self.scene
        if sc.anim is not None or sc.dialog is not None:
            return
        m = self.match
        if m is None or not m.future:
            self.replaying = False
            if self.browsing:
                self._at_end()
            sc.refresh()
            self.scene.toolbar.refresh_panel()
            sc.set_status("Replay finished.")
            return
        self.replay_wait -= dt
        if self.replay_wait <= 0:
            self.replay_wait = REPLAY_PAUSE / self.speed()
            self.browse_to(len(m.history) + 1)
            if self.replaying:
                self._note()

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        """Each frame: the replay's next step, and browsing that reached the end (or Undo/Redo)."""
        sc = self.scene
        m = self.match
        if m is None:
            return
        if self.replaying:
            self._replay_step(dt)
        if self.browsing and not m.future:
            self._at_end()
            sc.refresh()
        elif self.browsing and sc.browse_ply != len(m.history):
            sc.browse_ply = len(m.history)      # Undo / Redo while browsing
