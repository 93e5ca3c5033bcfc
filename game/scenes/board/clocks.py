"""The board's game clocks: both sides' times in the panel, the flag, Pause, the computer's share.

``BoardClocks`` (``scene.clocks``) is a part of the board scene that owns the clocks of a game
played with a time control (``match.time_control``; none: everything here is off). The model is
``game.clock.GameClock``, told the time by ``app.clock`` (``time.monotonic``; tests step it).

* Whose time runs: the side to move where the game stands, once the last move has landed, while
  the game goes on and the board is on top (not paused, not left, not under another screen); a
  computer's only while it may think (not while the player browses, a review runs, or two
  computers wait for "Play on").
* A move (``move_played``, from ``scene.play_move``): the mover's time less what it spent, plus
  the increment, becomes the move's ``{[%clk 0:04:57]}`` comment (PGN's; the autosave, Save and
  Load keep it). Any other change of where the game stands (Undo, Redo, a loaded or continued
  game) sets both clocks to that position's times, read from those comments (``times_at``);
  a continued game also takes back what the side to move had already spent (``ClockUsed``, a
  header only the autosave writes: ``annotate``, ``autosave_key``; ``adopt``).
* The flag: a side whose time is up loses (``Match.flag``: ``[Reason "time"]``); a move that
  comes after it is refused (``gate_move``).
* Pause (a game between people; the panel's button, Ctrl+P) stops both clocks and the board.
* The panel: two boxes under the players (``build_ui``), the running one framed, the other
  dimmed, the last ``WARN_AT`` seconds in the theme's warning colour with a tick a second;
  browsing a game that goes on shows the clocks as they run (the player's own time runs),
  browsing a finished one the times of the position shown.
* Quiet when idle: nothing here needs frames; ``wake_after`` tells the app when the running
  face next changes (or the flag falls), so a running clock costs one picture a second.
* The computer: ``limit`` is the most its next move may take (``game.clock.think_budget``).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton

from ...clock import WARN_AT, GameClock, TimeControl, clock_text, think_budget, times_at, with_clk
from ...i18n import _
from ...names import side_name
from ...rules.base import Color
from ...rules.tree import GameNode
from ...sound import bank
from ...ui.icons import colour_icon
from ...ui.layout import button_width
from ...views import draw as D
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from ...rules.record import Record
    from .scene import BoardScene

CLOCK_USED_HEADER = "ClockUsed"    # the autosave's: seconds the side to move had spent of its turn
SAVE_EVERY = 3.0                   # a running clock is written this often (kill -9 loses no more)


class BoardClocks(ScenePart):
    """The game clocks of the board (see the module docstring)."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.clock: GameClock | None = None
        self.boxes: tuple[pygame.Rect, pygame.Rect] | None = None   # where the two clocks are drawn
        self._live_seen: GameNode | None = None     # the live node the clocks were last set for
        self._ending_seen: Any = None               # and its ending then (Undo takes a loss on time back)
        self._landing = False                       # a move was played: its animation is still running
        self._covered = False                       # another screen is over the board
        self._spent_kept = 0.0                      # a continued game's time spent of the turn (adopt)
        self._tick_shown: int | None = None         # the second the last tick sounded at

    # ------------------------------------------------------------ state
    @property
    def control(self) -> TimeControl | None:
        m = self.match
        return m.time_control if m is not None else None

    @property
    def on(self) -> bool:
        """The game is played with clocks."""
        return self.clock is not None

    @property
    def paused(self) -> bool:
        return self.clock is not None and self.clock.paused

    def _now(self) -> float:
        app = self.app
        return float(app.clock()) if app is not None else 0.0

    def start(self, app: Any) -> None:
        """The scene is entered: the clocks of its time control, at the times where the game stands."""
        tc = self.control
        if tc is None or app is None:
            self.clock = None
            return
        if self.clock is None:
            self.clock = GameClock(tc, self._now)
            self._follow_live()

    def adopt(self, record: Record) -> None:
        """A continued game: what the side to move had already spent of its turn (``ClockUsed``)."""
        text = record.headers.get(CLOCK_USED_HEADER, "").strip()
        try:
            spent = float(text) if text else 0.0
        except ValueError:
            spent = 0.0
        self._spent_kept = spent if math.isfinite(spent) and spent > 0 else 0.0

    def times_shown(self) -> dict[Color, float]:
        """The times the panel shows: the clocks as they run, also while the player browses a
        game that goes on (the player's own time runs then, and a face stopped at the position
        shown let a flag fall unseen); the position's times while browsing a finished game."""
        c = self.clock
        tc = self.control
        m = self.match
        if c is None or tc is None or m is None:
            return {}
        if m.browsing and m.live_result is not None:
            return times_at(m.tree.cursor, tc)
        return c.times()

    def limit(self, color: Color) -> float | None:
        """The most the computer playing ``color`` may think about its next move (None: no clocks)."""
        c = self.clock
        tc = self.control
        if c is None or tc is None:
            return None
        return think_budget(c.remaining(color), tc.increment)

    # ------------------------------------------------------------ changes
    def move_played(self) -> None:
        """A move was just played (``scene.play_move``): the mover's clock stops, it gets the
        increment, its time is kept with the move, and the other side's turn begins once the
        move has landed."""
        c = self.clock
        tc = self.control
        m = self.match
        if c is None or tc is None or m is None:
            return
        node = m.tree.live
        pm = node.move
        if pm is None:
            return
        if node.parent is not self._live_seen or c.turn != pm.color:
            # played from elsewhere (a branch from an earlier position): that position's times
            assert node.parent is not None
            c.set_times(times_at(node.parent, tc), pm.color)
        left = c.press(m.game_at(node).to_move if node is not m.tree.cursor else m.to_move)
        if pm.exchange:                     # a pie swap: the clocks go with the players
            c.exchange()
        node.comments = with_clk(node.comments, left)
        self._live_seen, self._ending_seen = node, node.ending
        self._landing = True
        self._tick_shown = None

    def _follow_live(self) -> None:
        """Where the game stands changed otherwise (Undo, Redo, a game loaded, an ending taken
        back): both clocks take that position's times."""
        c = self.clock
        tc = self.control
        m = self.match
        if c is None or tc is None or m is None:
            return
        live = m.tree.live
        same = live is self._live_seen
        if same and live.ending == self._ending_seen:
            return
        ended = live.ending is not None
        self._live_seen, self._ending_seen = live, live.ending
        if same and ended:
            return                          # the game ended here: the clocks stay as they stood
        turn = m.to_move if live is m.tree.cursor else m.game_at(live).to_move
        c.set_times(times_at(live, tc), turn, self._spent_kept)
        self._spent_kept = 0.0
        self._tick_shown = None
        self._landing = True                # (Redo's move: the time runs once it has landed)

    def toggle_pause(self) -> None:
        """The Pause button and Ctrl+P: both clocks stop (a game between people), or go on."""
        sc = self.scene
        c = self.clock
        m = self.match
        if c is None or m is None:
            sc.set_status(_("This game has no clocks."), "warn")
            return
        if not all(m.is_human(col) for col in Color):
            sc.set_status(_("Only a game between people can be paused."), "warn")
            return
        if m.live_result is not None:
            return
        if c.paused:
            c.resume()
            sc.set_status(_("The clocks run again."))
        else:
            c.pause()
            sc.set_status(_("Paused: both clocks are stopped. Resume (Ctrl+P) to play on."))
        self.sync_button()

    def cover(self, covered: bool) -> None:
        """Another screen over the board (``scene.pause``/``resume``): the clocks wait."""
        self._covered = covered
        if covered and self.clock is not None:
            self.clock.stop()

    def stop(self) -> None:
        """The scene goes: the clocks stop where they are (the autosave keeps what was spent)."""
        self._covered = True
        if self.clock is not None:
            self.clock.stop()

    def gate_move(self) -> str:
        """Why no move may be played now ('' when one may): the clocks are paused, or the side to
        move's time is up (its flag falls at once)."""
        c = self.clock
        m = self.match
        if c is None or m is None:
            return ""
        if c.paused:
            return _("The clocks are paused: Resume (Ctrl+P) to play on.")
        if not m.browsing and m.live_result is None and c.turn == m.to_move and c.remaining(c.turn) <= 0:
            self._flag(c.turn)
            return _("{side}'s time is up.").format(side=side_name(c.turn.word))
        return ""

    def _runs(self) -> bool:
        """Does the side to move's time run now?"""
        sc = self.scene
        m = self.match
        c = self.clock
        if c is None or m is None or m.live_result is not None or self._covered or sc.leaving:
            return False
        if self._landing:
            if sc.anim is not None:
                return False
            self._landing = False
        if m.is_human(c.turn):
            return True
        comp = sc.computer
        return comp.thinking or comp.turn_due()

    def _flag(self, color: Color) -> None:
        """``color``'s time is up: it loses on time."""
        sc = self.scene
        m = self.match
        c = self.clock
        if m is None or c is None or m.live_result is not None:
            return
        c.stop()
        sc.redoing.stop()
        sc.finish_animation()
        sc.computer.cancel()
        m.flag(color)
        sc.panel.clear_status()
        sc.refresh()

    def update(self, dt: float) -> None:
        """Each frame: follow where the game stands, run or stop the side to move's time, the
        flag, the tick of the last seconds."""
        c = self.clock
        m = self.match
        if c is None or m is None:
            return
        self._follow_live()
        if self._runs():
            c.start()
        else:
            c.stop()
        if not c.running:
            return
        left = c.remaining(c.turn)
        if left <= 0:
            self._flag(c.turn)
            return
        if left <= WARN_AT:
            second = math.ceil(left)
            if second != self._tick_shown:
                self._tick_shown = second
                bank().play("tick")

    def wake_after(self) -> float | None:
        """Seconds until the running clock's face next changes or its flag falls (the window
        sleeps until then at most); None while no clock runs."""
        return self.clock.next_change() if self.clock is not None else None

    # ------------------------------------------------------------ the autosave
    def annotate(self, record: Record) -> Record:
        """The autosave's record with what the side to move has spent of its turn (``adopt``
        reads it back), while the game goes on."""
        c = self.clock
        m = self.match
        if c is not None and m is not None and m.live_result is None:
            record.headers[CLOCK_USED_HEADER] = f"{c.spent():.1f}"
        return record

    def autosave_key(self) -> Any:
        """Changes every ``SAVE_EVERY`` seconds while a clock runs, and when it stops."""
        c = self.clock
        if c is None:
            return None
        spent = c.spent()
        return ("run", int(spent // SAVE_EVERY)) if c.running else ("stop", round(spent, 1))

    # ------------------------------------------------------------ the panel
    def row_height(self) -> int:
        """The height of the clocks' row in the panel (0: no clocks)."""
        return self.px(46) if self.control is not None else 0

    def build_ui(self, rect: pygame.Rect) -> None:
        """The two clocks in ``rect`` (Black's left, White's right) and, in a game between
        people, the Pause button after them."""
        sc = self.scene
        m = self.match
        self.boxes = None
        if self.control is None or m is None:
            return
        gap = self.px(8)
        x, w = rect.x, rect.w
        if all(m.is_human(c) for c in Color):
            bw = max(self.px(78), min(w // 3, max(button_width(t, self.px, sc.ui) for t in (_("Pause"), _("Resume")))))
            sc.w["pause"] = UIButton(pygame.Rect(rect.right - bw, rect.y + self.px(3), bw, rect.h - self.px(6)),
                                     _("Pause"), sc.ui, container=sc.root,
                                     tool_tip_text=_("Stop both clocks (Ctrl+P); press again to play on"))
            w -= bw + gap
        half = (w - gap) // 2
        self.boxes = (pygame.Rect(x, rect.y, half, rect.h), pygame.Rect(x + half + gap, rect.y, w - half - gap, rect.h))
        self.sync_button()

    def sync_button(self) -> None:
        """Pause or Resume, and off once the game is over."""
        sc = self.scene
        b = sc.w.get("pause")
        m = self.match
        if b is None or m is None:
            return
        text = _("Resume") if self.paused else _("Pause")
        if b.text != text:
            b.set_text(text)
        ok = m.live_result is None and not m.browsing
        if ok != b.is_enabled:
            b.enable() if ok else b.disable()

    def face_size(self, box: pygame.Rect) -> int:
        """The clock face's text size for a box: large, as far as the widest face of this time
        control fits ('00:00', or '0:00:00' from an hour up) beside the colour's disc."""
        tc = self.control
        widest = "0:00:00" if tc is not None and tc.initial + 60 * tc.increment >= 3600 else "00:00"
        room = box.w - int(box.h * 0.48) - self.px(26)
        size = min(self.px(30), int(box.h * 0.66))
        while size > self.px(14) and D.font(size, True).size(widest)[0] > room:
            size -= 1
        return size

    def _looks(self) -> tuple[dict[Color, float], Color | None, bool]:
        """(the times shown, the side whose clock is framed, whether the running one warns)."""
        m = self.match
        c = self.clock
        times = self.times_shown()
        if c is None or m is None or not times:
            return {}, None, False
        if m.live_result is not None or c.paused:
            return times, None, False
        if m.browsing:                  # the side whose time runs where the game stands, if any
            return (times, c.turn, True) if c.running else (times, None, False)
        # the header's side: while a move lands that is still its mover (whose time does not run)
        return times, self.scene.panel.turn_shown()[0], True

    def draw(self, surface: pygame.Surface) -> None:
        """Both clocks in their boxes (called over the widgets, ``drawing.draw_overlay``)."""
        if self.boxes is None:
            return
        times, framed, warns = self._looks()
        if not times:
            return
        theme = self.theme
        px = self.px
        for color, box in zip(Color, self.boxes):
            left = times[color]
            ink = theme.text if framed is None or framed == color else theme.text_dim
            if warns and framed == color and left <= WARN_AT:
                ink = theme.threat
            border = theme.banner_border if framed == color else theme.card_rule
            surface.blit(D.rounded_panel(box.size, theme.card_fill, radius=px(8), border=border,
                                         border_width=max(2, px(3)) if framed == color else 1), box)
            r = max(6, int(box.h * 0.24))
            colour_icon(surface, (box.x + px(8) + r, box.centery + r // 4), color, r)
            size = self.face_size(box)
            D.text(surface, clock_text(left), (box.right - px(10), box.centery), size, ink, anchor="midright",
                   bold=True, shadow=framed == color)

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """The clock faces (the layout audit checks them): (name, rect, bounds, size)."""
        out: list[tuple[str, pygame.Rect, pygame.Rect | None, int]] = []
        if self.boxes is None:
            return out
        times = self._looks()[0]
        for color, box in zip(Color, self.boxes):
            size = self.face_size(box)
            text = clock_text(times.get(color, float(self.control.initial if self.control else 0)))
            rect = pygame.Rect((0, 0), D.font(size, True).size(text))
            rect.midright = (box.right - self.px(10), box.centery)
            out.append((f"clock_{color.word}", rect, box, size))
        return out
