"""Puzzle Rush (``--scene rush:GAME``): three minutes of mined puzzles, easy to hard.

The round's rules are the pure model ``game.puzzles.rush.Rush`` (the clock on time passed in,
strikes, the streak's bonus seconds, the score, which puzzle comes next); this scene only shows
it and takes the player's moves on the normal board (``PuzzleBoardScene``: clicks, drag and
drop, the move box). The model's events become sounds (right, wrong, the last seconds' ticks,
time up) and tweens (``game.anim.tween``): the score counts up and pops, the combo meter
fills, the board flashes, the strikes shake, the bonus seconds float up.

Pages: a short count-in, the round, the result (the score, a personal best, the table of
personal bests kept with the player's data by ``game.puzzles.store``, the missed puzzles to
retry), and a missed puzzle being retried (not scored). Keyboard (its own keys page, F1): moves
typed in the move box (or a letter on the board), Enter plays again on the result page (the
keyboard's ring starts on Play again there), Ctrl+S the solution of a puzzle retried, Escape
ends the round, leaves a retry, or goes back to the menu; Tab reaches every button.

The round's clock (and the count-in) stops while the player cannot see the board: the keys
overlay or the app's "Not saved" card over it, the window minimised or in the background. The
clock then reads "Paused". Escape's question "End the round?" leaves it running: the board is
still in sight behind it.

A wrong move says which puzzle it was about ("Puzzle 2: …"): the next puzzle follows at once,
and the panel's heading names the puzzle on the board. The missed puzzles' buttons say their
number in the round where two have the same rating.
"""
from __future__ import annotations

import datetime as _dt
import math
from pathlib import Path
from typing import Any, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ..anim.tween import Tween, Tweens
from ..i18n import N_, _, number, ngettext
from ..names import game_title
from ..puzzles.bank import BankPuzzle
from ..puzzles.rush import End, Event, Rush
from ..puzzles.store import KEEP_BESTS, load_store, save_store
from ..sound import bank as sound_bank
from ..ui import focus as focus_ui
from ..ui.layout import draw_panel
from ..ui.text import wrap
from ..views import draw as D
from .base import is_button, register
from .puzzle_board import PuzzleBoardScene, to_play_words

__all__ = ["RushScene", "COUNT_IN"]

COUNT_IN = 2.4           # seconds of 3, 2, 1 before the clock starts
NEXT_WAIT = 0.45         # seconds the solved or missed puzzle stays before the next one
MAX_RETRY_BUTTONS = 8

END_WORDS = {End.TIME: N_("Time's up!"), End.STRIKES: N_("Three strikes!"),
             End.PUZZLES: N_("Every puzzle done!"), End.QUIT: N_("Round ended")}
HOT = (255, 190, 80)
# the window's events that take the board out of the player's sight (True) or give it back
AWAY_EVENTS = {pygame.WINDOWFOCUSLOST: ("focus", True), pygame.WINDOWFOCUSGAINED: ("focus", False),
               pygame.WINDOWMINIMIZED: ("shown", True), pygame.WINDOWRESTORED: ("shown", False),
               pygame.WINDOWSHOWN: ("shown", False), pygame.WINDOWHIDDEN: ("shown", True)}
# pygame's older ACTIVEEVENT: ``state`` says what changed (these bits), ``gain`` which way
ACTIVE_BITS = {2: "focus", 4: "shown"}      # SDL's APPINPUTFOCUS, APPACTIVE


def clock_text(seconds: float) -> str:
    """The round's clock as it reads: 2:47 (whole seconds, rounded up)."""
    s = max(0, math.ceil(seconds - 1e-9))
    return f"{s // 60}:{s % 60:02d}"


@register("rush")
class RushScene(PuzzleBoardScene):
    """One round of Puzzle Rush and its result; see the module docstring."""

    title = N_("Puzzle Rush")
    speed_factor = 1.6

    def __init__(self, game_name: str, puzzles: Sequence[BankPuzzle] | None = None,
                 store_file: str | Path | None = None, today: _dt.date | None = None,
                 seed: int | None = None) -> None:
        super().__init__(game_name, puzzles)
        self.store_file = store_file
        self.store, self.store_note = load_store(store_file)
        self.stats = self.store.of(game_name)
        self.store.last_game = game_name
        self.today = today if today is not None else _dt.date.today()
        self.seed_given = seed
        self.fx: dict[str, float] = {}
        self.tweens = Tweens()
        self.buttons: dict[str, Any] = {}
        self.retry_buttons: list[tuple[Any, BankPuzzle]] = []
        self.away: set[str] = set()             # why the window is out of sight ("focus", "shown")
        self.new_round()

    # ------------------------------------------------------------ the round
    def new_round(self) -> None:
        seed = self.seed_given if self.seed_given is not None else self.stats.rounds
        self.seed_given = None
        self.rush = Rush(self.puzzles, seed=seed)
        self.solved_again: set[str] = set()     # the round's missed puzzles solved on a retry (ids)
        self.mode = "count" if not self.rush.over else "result"
        self.count = COUNT_IN
        self.next_wait = -1.0
        self.place: int | None = None
        self.shown_index = 0                    # the round's puzzle on the board (its index)
        self.message = ""
        self.message_bad = False
        self.retrying: BankPuzzle | None = None
        self.fx = {"score": 0.0, "pop": 1.0, "meter": 0.0, "flash": 0.0, "good": 1.0, "shake": 0.0,
                   "gain": 0.0, "gain_rise": 0.0, "bonus": 0.0, "bonus_rise": 0.0, "beat": 0.0, "level_pop": 1.0}
        self.tweens = Tweens()
        self.load(None)

    def keys_place(self) -> str:
        return "rush"

    def start_play(self) -> None:
        self.mode = "play"
        self.shown_index = self.rush.index
        self.load(self.rush.current)
        self.say(_("Find the winning move."))

    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad = text, bad

    def note(self, text: str, bad: bool = False) -> None:
        if text:
            self.say(text, bad)

    def _tween(self, to: dict[str, Any], duration: float, easing: str = "easeOutQuad",
               start: dict[str, Any] | None = None, delay: float = 0.0) -> None:
        self.tweens.items = [t for t in self.tweens.items if not set(t.to) & set(to)]
        self.tweens.add(Tween(self.fx, to, duration, easing=easing, start=start, delay=delay))

    def _events(self, events: list[Event]) -> None:
        """The model's events: sounds and tweens (words are said where the move is judged)."""
        r = self.rush
        for ev in events:
            if ev is Event.RIGHT:
                sound_bank().play("right")
                self._tween({"score": float(r.score)}, 0.5)
                self._tween({"pop": 1.0}, 0.35, "easeOutBack", start={"pop": 1.35})
                self._tween({"gain": 0.0, "gain_rise": 1.0}, 0.9, "easeOutCubic", start={"gain": 1.0, "gain_rise": 0.0})
                self._tween({"flash": 0.0}, 0.45, start={"flash": 0.55})
                self.fx["good"] = 1.0
                self._tween({"meter": r.meter if r.meter > 0 else 1.0}, 0.3, "easeOutCubic")
            elif ev is Event.BONUS:
                self._tween({"bonus": 0.0, "bonus_rise": 1.0}, 1.4, "easeOutCubic", start={"bonus": 1.0, "bonus_rise": 0.0})
                self._tween({"level_pop": 1.0}, 0.5, "easeOutElastic", start={"level_pop": 1.6})
                self._tween({"meter": 0.0}, 0.35, "easeInQuad", delay=0.35)
            elif ev is Event.WRONG:
                sound_bank().play("wrong")
                self._tween({"flash": 0.0}, 0.6, start={"flash": 0.6})
                self.fx["good"] = 0.0
                self._tween({"shake": 0.0}, 0.5, "easeOutQuad", start={"shake": 1.0})
                self._tween({"meter": 0.0}, 0.3)
            elif ev is Event.HURRY:
                sound_bank().play("tick")
                self._tween({"beat": 0.0}, 0.5, start={"beat": 1.0})
            elif ev is Event.OVER:
                if r.end is End.TIME:
                    sound_bank().play("timeup")
                self.finish_round()

    def finish_round(self) -> None:
        """The round is over: kept among the bests (saved), the result page."""
        if self.dialog_kind == "end_round":
            self.close_dialog()             # (the time ran out while Escape's question was open)
        self.stop()
        self.next_wait = -1.0
        self.place = self.stats.add_round(self.rush.result(), self.today)
        problem = save_store(self.store, self.store_file)
        if problem:
            self.store_note = problem
        self.fx["score"] = float(self.rush.score)
        self.mode = "result"
        self.retrying = None
        self._result_page()

    def _result_page(self) -> None:
        """The result page built: a keyboard's ring there starts on Play again, the button Enter
        presses (as the keys page says); Tab goes on to the Menu and the retries."""
        app = self.app
        if app is None:
            return
        ring = app.focus is not None            # (the mouse's player gets no ring; Enter works anyway)
        self.relayout(keep_ring=False)
        if ring:
            focus_ui.ring_on(app, self.buttons["again"])

    # the board's outcomes
    def puzzle_solved(self) -> None:
        if self.mode == "retry":
            sound_bank().play("right")
            if self.retrying is not None:
                self.solved_again.add(self.retrying.id)
            self.say(_("Solved! Press Escape to go back to the result."))
            self._retry_buttons()
            return
        if self.mode != "play":
            return
        pts = self.rush.multiplier * self.rush.rules.points
        self.say(_("Right! +{points}").format(points=number(pts)))
        self._events(self.rush.right())
        if self.mode == "play":
            self.next_wait = NEXT_WAIT

    def puzzle_progress(self) -> None:
        self.say(_("Good, go on."))

    def puzzle_wrong(self, move_text: str) -> None:
        if self.mode == "retry":
            sound_bank().play("wrong")
            self.say(_("{move} is not it. Try again, or ask for the solution.").format(move=move_text), True)
            self.enable_input()
            return
        if self.mode != "play":
            return
        want = self.line[self.step] if self.step < len(self.line) else ""
        # the next puzzle comes at once: the words name the puzzle they are about
        self.say(_("Puzzle {n}: {move} is not it ({answer} was). Strike!").format(
            n=self.rush.index + 1, move=move_text, answer=want), True)
        self._events(self.rush.wrong())
        if self.mode == "play":
            self.next_wait = NEXT_WAIT

    def solution_shown(self) -> None:
        self.say(_("{sentence}.").format(sentence=self.solution_words()))

    def show_solution(self) -> None:
        """A retried puzzle's solution (the round itself has none)."""
        if self.mode != "retry" or self.done:
            return
        super().show_solution()
        self._retry_buttons()

    def _retry_buttons(self) -> None:
        """A retry solved or its solution shown: nothing left to show, the ring goes to Back."""
        b = self.buttons.get("solution")
        if b is None:
            return
        b.disable() if self.done else b.enable()
        self.pass_ring(b, self.buttons.get("result"))

    def next_puzzle(self) -> None:
        self.next_wait = -1.0
        if self.rush.current is None:
            return
        self.shown_index = self.rush.index
        self.load(self.rush.current)

    def retry(self, puzzle: BankPuzzle) -> None:
        self.mode = "retry"
        self.retrying = puzzle
        self.relayout()
        self.load(puzzle)
        self._retry_buttons()
        self.say(_("Retry: not scored. Find the winning move."))

    def back_to_result(self) -> None:
        self.stop()
        self.mode = "result"
        self.retrying = None
        self.load(None)
        self._result_page()

    def play_again(self) -> None:
        self.stop()
        self.new_round()
        self.relayout()

    # ------------------------------------------------------------ time
    @property
    def paused(self) -> bool:
        """The round's clock waits: the board is out of the player's sight (module docstring)."""
        if self.mode not in ("count", "play"):
            return False
        app = self.app
        covered = app is not None and (app.keys_overlay is not None or app.not_saved.open)
        return covered or bool(self.away)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.tweens.update(dt)
        if self.paused:
            return
        if self.mode == "count":
            self.count -= dt
            if self.count <= 0:
                self.start_play()
            return
        if self.mode != "play":
            return
        self._events(self.rush.tick(dt))
        if self.mode == "play" and self.next_wait >= 0 and self.anim is None:
            self.next_wait -= dt
            if self.next_wait < 0:
                self.next_puzzle()

    # ------------------------------------------------------------ layout
    def build_ui(self) -> None:
        w, h = self.size
        px = self.px
        m = px(16)
        self.buttons = {}
        self.retry_buttons = []
        self.movebox.forget()
        if self.mode == "result":
            self._build_result()
            return
        panel_w = max(px(300), min(px(420), int(w * 0.34)))
        self.panel = pygame.Rect(w - panel_w - m, m, panel_w, h - 2 * m)
        self._board_rect = pygame.Rect(m, m, w - panel_w - 3 * m, h - 2 * m)
        self.relayout_board()
        p = self.panel
        bh = px(40)
        inner = p.inflate(-2 * px(18), 0)
        y = p.bottom - px(18) - bh
        if self.mode == "retry":
            half = (inner.w - px(10)) // 2
            self.buttons["solution"] = UIButton(pygame.Rect(inner.x, y, half, bh), _("Solution"), self.ui,
                                                container=self.root, tool_tip_text=_("Play the solution's line"))
            self.buttons["result"] = UIButton(pygame.Rect(inner.x + half + px(10), y, inner.w - half - px(10), bh),
                                              _("Back"), self.ui, container=self.root, object_id="#primary_button",
                                              tool_tip_text=_("Back to the round's result (Escape)"))
            self._retry_buttons()
        else:
            self.buttons["end"] = UIButton(pygame.Rect(inner.x, y, inner.w, bh), _("End the round"), self.ui,
                                           container=self.root, object_id="#danger_button",
                                           tool_tip_text=_("Stop now and see the result (Escape)"))
        self.movebox.make(pygame.Rect(inner.x, y - px(10) - bh, inner.w, bh), self.ui, self.root)
        self.text_bottom = y - 2 * px(10) - bh

    def _build_result(self) -> None:
        w, h = self.size
        px = self.px
        self._board_rect = pygame.Rect(0, 0, 0, 0)
        card_w = min(px(980), w - 2 * px(24))
        # the missed puzzles' buttons, in rows as wide as the card allows
        missed = self._missed()[:MAX_RETRY_BUTTONS]
        rh, gap = px(34), px(8)
        font = D.font(px(15), True)
        # one solved on a retry says so (and is not offered again); two of the same rating say
        # their number in the round too (the round's panel named each so)
        ratings = [p.rating for p in missed]
        labels = []
        for p in missed:
            n = self.rush.queue.index(p) + 1 if p in self.rush.queue else 0
            if ratings.count(p.rating) > 1 and n:
                words = _("Puzzle {n} solved (rated {rating})") if p.id in self.solved_again else \
                    _("Retry puzzle {n} (rated {rating})")
            else:
                words = _("Solved (rated {rating})") if p.id in self.solved_again else _("Retry (rated {rating})")
            labels.append(words.format(n=number(n), rating=number(p.rating)))
        widths = [font.size(t)[0] + px(26) for t in labels]
        rows: list[list[int]] = [[]] if missed else []
        room = card_w - 2 * px(30)
        used = 0
        for i, wd in enumerate(widths):
            if rows[-1] and used + gap + wd > room:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + wd
            rows[-1].append(i)
        # The card is as tall as what it shows (the lines drawn by _draw_result, the bests
        # table, the retry rows, the buttons), centred; a full window's card left most of
        # it empty at large sizes.
        bh = px(44)
        tall = px(264) + (px(34) if self.place == 0 and self.rush.score > 0 else 0)
        if self.stats.bests:
            tall += px(30) + px(26) * (1 + min(len(self.stats.bests), KEEP_BESTS)) + px(12)
        if rows:
            tall += px(30) + len(rows) * (rh + gap) + px(16)
        if self.store_note:
            tall += px(30)
        tall += px(24) + bh + px(22)
        card_h = min(h - 2 * px(20), tall)
        self.card = pygame.Rect((w - card_w) // 2, max(px(20), (h - card_h) // 2), card_w, card_h)
        c = self.card
        y = c.bottom - px(22) - bh
        bw = max(px(180), D.font(px(16), True).size(_("Play again"))[0] + px(40))
        self.buttons["again"] = UIButton(pygame.Rect(c.centerx - bw - px(8), y, bw, bh), _("Play again"), self.ui,
                                         container=self.root, object_id="#primary_button",
                                         tool_tip_text=_("Another three minutes (Enter)"))
        self.buttons["menu"] = UIButton(pygame.Rect(c.centerx + px(8), y, bw, bh), _("Menu"), self.ui,
                                        container=self.root, tool_tip_text=_("Back to the menu (Escape)"))
        self.retry_top = y - px(16)
        if rows:
            top = y - px(16) - len(rows) * (rh + gap)
            self.retry_top = top - px(30)
            for r, row in enumerate(rows):
                total = sum(widths[i] for i in row) + gap * (len(row) - 1)
                x = c.centerx - total // 2
                for i in row:
                    b = UIButton(pygame.Rect(x, top + r * (rh + gap), widths[i], rh), labels[i], self.ui,
                                 container=self.root,
                                 tool_tip_text=_("Try this missed puzzle again (not scored)"))
                    if missed[i].id in self.solved_again:
                        b.disable()
                    self.retry_buttons.append((b, missed[i]))
                    x += widths[i] + gap

    def _missed(self) -> list[BankPuzzle]:
        """The round's missed puzzles, each once, in the order they came."""
        out: list[BankPuzzle] = []
        for p in self.rush.missed:
            if p not in out:
                out.append(p)
        return out

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        if self._window_event(event):
            return False                        # (a window's news: others may want it too)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            # a key or a click is the player at the board, whatever the window's news said (a
            # window given back without its focus event would stay paused)
            self.away.clear()
        for b, p in self.retry_buttons:
            if is_button(event, b):
                self.retry(p)
                return True
        if is_button(event, self.buttons.get("again")):
            self.play_again()
            return True
        if is_button(event, self.buttons.get("menu")):
            self.app.pop()
            return True
        if is_button(event, self.buttons.get("end")):
            self._events(self.rush.quit())
            return True
        answer = self.dialog_answer(event)
        if answer is not None:
            if answer == ("end_round", True) and self.mode in ("play", "count"):
                self._events(self.rush.quit())
            return True
        if is_button(event, self.buttons.get("result")):
            self.back_to_result()
            return True
        if is_button(event, self.buttons.get("solution")):
            self.show_solution()
            return True
        if self.mode == "result":
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play_again()
                return True
            return False
        if self.mode in ("play", "retry"):
            if self.board_event(event):
                return True
            if self.mode == "retry" and event.type == pygame.KEYDOWN and event.key == pygame.K_s \
                    and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.show_solution()            # (the Solution button's key)
                return True
        return False

    def _window_event(self, event: pygame.event.Event) -> bool:
        """The window went out of sight or came back (``away``). True: it was such an event."""
        if event.type in AWAY_EVENTS:
            why, gone = AWAY_EVENTS[event.type]
            self._away(why, gone)
            return True
        if event.type == pygame.ACTIVEEVENT:
            for bit, why in ACTIVE_BITS.items():
                if event.state & bit:
                    self._away(why, not event.gain)
            return True
        return False

    def _away(self, why: str, gone: bool) -> None:
        if gone:
            self.away.add(why)
        else:
            self.away.discard(why)

    def back(self) -> bool:
        """Escape: the move box or a selection first; then a retry goes back to the result, a
        round asks whether to end (then its result shows); on the result page the app goes back
        to the menu."""
        if self.dialog is not None:         # Escape on the question: no, the round goes on
            self.close_dialog()
            return True
        if self.mode in ("play", "retry") and self.board_back():
            return True
        if self.mode == "retry":
            self.back_to_result()
            return True
        if self.mode in ("play", "count"):
            # a timed round is not ended by a key pressed once too often: Escape asks (the
            # clock runs on); the End the round button ends it at once
            self.open_dialog("end_round", _("End the round?"),
                             _("The round ends now and scores what you have solved."),
                             _("End the round"), _("Keep playing"))
            return True
        return False

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.mode == "result":
            self._draw_result(surface)
            return
        # The count-in has no puzzle yet: the board area shows the count alone, not the
        # board's "no puzzle" message underneath it.
        if self.mode != "count" or self.view is not None:
            self.draw_board(surface)
        self._draw_flash(surface)
        if self.mode == "count":
            self._draw_count(surface)
        draw_panel(surface, self.panel, self.theme)
        if self.mode == "retry":
            self._draw_retry_panel(surface)
        else:
            self._draw_round_panel(surface)

    def _draw_flash(self, surface: pygame.Surface) -> None:
        a = self.fx.get("flash", 0.0)
        r = self.board_rect
        if a <= 0.01 or r.w <= 0:
            return
        colour = self.theme.move if self.fx.get("good", 1.0) > 0.5 else self.theme.threat
        width = max(3, self.px(10))
        frame = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(frame, (*colour, int(255 * min(1.0, a))), frame.get_rect(), width, border_radius=self.px(14))
        surface.blit(frame, r.topleft)

    def _draw_count(self, surface: pygame.Surface) -> None:
        r = self.board_rect
        n = max(1, math.ceil(self.count / (COUNT_IN / 3)))
        frac = (self.count / (COUNT_IN / 3)) % 1.0
        size = int(self.px(150) * (0.8 + 0.4 * frac))
        veil = D.rounded_panel((r.w, r.h), (0, 0, 0, 110), radius=self.px(14))
        surface.blit(veil, r.topleft)
        D.text(surface, str(n), r.center, size, self.theme.heading, bold=True, alpha=int(120 + 135 * frac))
        D.text(surface, _("Get ready"), (r.centerx, r.centery + self.px(110)), self.px(26), self.theme.text)

    def _draw_round_panel(self, surface: pygame.Surface) -> None:
        r, px, th = self.rush, self.px, self.theme
        p = self.panel
        x0, cx = p.x + px(22), p.centerx
        y = p.y + px(28)
        D.text(surface, _("Puzzle Rush · {game}").format(game=game_title(self.game_name)), (cx, y), px(20),
               th.heading, bold=True)
        # the clock
        y += px(62)
        hurry = r.time_left <= r.rules.hurry and not r.over
        beat = self.fx.get("beat", 0.0)
        colour = self.theme.threat if hurry else th.text
        if self.paused:                         # the time left, dimmed, and why it does not move
            D.text(surface, clock_text(r.time_left), (cx, y - px(8)), px(52), th.text_dim, bold=True)
            D.text(surface, _("Paused"), (cx, y + px(30)), px(16), HOT, bold=True)
        else:
            D.text(surface, clock_text(r.time_left), (cx, y), int(px(64) * (1 + 0.12 * beat)), colour, bold=True)
        bonus = self.fx.get("bonus", 0.0)
        if bonus > 0.01:
            D.text(surface, _("+{n} s").format(n=int(r.rules.bonus_seconds)),
                   (cx + px(120), y - px(30) * self.fx.get("bonus_rise", 0.0)), px(28), self.theme.move, bold=True,
                   alpha=int(255 * bonus))
        # the score
        y += px(70)
        D.text(surface, _("Score"), (cx, y), px(16), th.text_dim)
        y += px(40)
        pop = self.fx.get("pop", 1.0)
        D.text(surface, number(int(round(self.fx.get("score", 0.0)))), (cx, y), int(px(52) * pop), th.heading, bold=True)
        gain = self.fx.get("gain", 0.0)
        if gain > 0.01 and r.last_points:
            D.text(surface, f"+{number(r.last_points)}", (cx + px(110), y - px(36) * self.fx.get("gain_rise", 0.0)),
                   px(24), self.theme.move, bold=True, alpha=int(255 * gain))
        # streak and combo meter
        y += px(52)
        streak_colour = HOT if r.streak >= r.rules.bonus_every else th.text
        D.text(surface, ngettext("Streak: {n}", "Streak: {n}", r.streak).format(n=number(r.streak)),
               (x0, y), px(22), streak_colour, anchor="midleft", bold=True)
        lp = self.fx.get("level_pop", 1.0)
        D.text(surface, f"×{r.multiplier}", (p.right - px(22), y), int(px(30) * lp),
               HOT if r.level else th.text_dim, anchor="midright", bold=True)
        y += px(26)
        bar = pygame.Rect(x0, y, p.w - 2 * px(22), px(18))
        pygame.draw.rect(surface, (0, 0, 0), bar, border_radius=bar.h // 2)
        fill = bar.copy()
        fill.w = int(bar.w * max(0.0, min(1.0, self.fx.get("meter", 0.0))))
        if fill.w > 2:
            pygame.draw.rect(surface, HOT, fill, border_radius=bar.h // 2)
        pygame.draw.rect(surface, th.text_dim, bar, max(1, px(2)), border_radius=bar.h // 2)
        y += bar.h + px(18)
        D.text(surface, _("{n} in a row: +{s} s").format(n=r.rules.bonus_every, s=int(r.rules.bonus_seconds)),
               (cx, y), px(14), th.text_dim)
        # strikes
        y += px(36)
        shake = self.fx.get("shake", 0.0)
        dx = int(math.sin(self.time * 60) * px(8) * shake)
        rad = px(14)
        for i in range(r.rules.strikes):
            c = (cx - px(40) + i * px(40) + dx, y)
            hit = i < r.strikes
            # an empty slot in the dim text's colour: a darker grey vanished on the dark panel
            pygame.draw.circle(surface, self.theme.threat if hit else th.text_dim, c, rad, 0 if hit else max(1, px(2)))
            if hit:
                k = rad * 0.5
                pygame.draw.line(surface, (255, 255, 255), (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), max(2, px(3)))
                pygame.draw.line(surface, (255, 255, 255), (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), max(2, px(3)))
        # the puzzle and the last word
        y += px(34)
        pz = self.puzzle
        if pz is not None:
            info = _("Puzzle {n} · rated {rating} · {side}").format(      # the one on the board
                n=self.shown_index + 1, rating=number(pz.rating), side=to_play_words(self.solver))
            D.text(surface, info, (cx, y), px(15), th.text_dim)
        self._draw_message(surface, y + px(28))

    def _draw_message(self, surface: pygame.Surface, y: int) -> None:
        if not self.message:
            return
        p = self.panel
        colour = self.theme.threat if self.message_bad else self.theme.text
        for line in wrap(self.message, D.font(self.px(16)), p.w - self.px(44))[:3]:
            if y > self.text_bottom - self.px(10):
                break
            D.text(surface, line, (p.centerx, y), self.px(16), colour)
            y += self.px(22)

    def _draw_retry_panel(self, surface: pygame.Surface) -> None:
        px, th, p = self.px, self.theme, self.panel
        y = p.y + px(28)
        for line in wrap(_("Retry a missed puzzle"), D.font(px(20), True), p.w - px(44)):   # (a longer language)
            D.text(surface, line, (p.centerx, y), px(20), th.heading, bold=True)
            y += px(26)
        y -= px(26)
        pz = self.puzzle
        if pz is not None:
            y += px(36)
            n = self.rush.queue.index(pz) + 1 if pz in self.rush.queue else 0     # as its button says
            words = _("Puzzle {n} · rated {rating} · {side}").format(
                n=n, rating=number(pz.rating), side=to_play_words(self.solver)) if n else \
                _("Rated {rating} · {side}").format(rating=number(pz.rating), side=to_play_words(self.solver))
            D.text(surface, words, (p.centerx, y), px(16), th.text_dim)
        self._draw_message(surface, y + px(40))

    def _draw_result(self, surface: pygame.Surface) -> None:
        px, th, r = self.px, self.theme, self.rush
        c = self.card
        surface.blit(D.rounded_panel(c.size, th.panel_shadow, radius=px(18)), c.move(5, 8))
        surface.blit(D.rounded_panel(c.size, th.card_fill, radius=px(18), border=th.card_border), c)
        y = c.y + px(40)
        D.text(surface, _(END_WORDS[r.end or End.QUIT]), (c.centerx, y), px(34), th.heading, bold=True)
        y += px(36)
        D.text(surface, _("Puzzle Rush · {game}").format(game=game_title(self.game_name)), (c.centerx, y), px(16),
               th.text_dim)
        y += px(62)
        D.text(surface, number(r.score), (c.centerx, y), px(72), th.heading, bold=True)
        y += px(52)
        if self.place == 0 and r.score > 0:
            glow = 0.5 + 0.5 * math.sin(self.time * 4)
            D.text(surface, _("New personal best!"), (c.centerx, y), int(px(24) * (1 + 0.05 * glow)), HOT, bold=True)
            y += px(34)
        stats = _("{solved} solved · best streak {streak} · {strikes} of {most} strikes").format(
            solved=number(len(r.solved)), streak=number(r.best_streak), strikes=r.strikes, most=r.rules.strikes)
        D.text(surface, stats, (c.centerx, y), px(17), th.text)
        y += px(40)
        self._draw_bests(surface, y)
        if self.store_note:
            D.text(surface, self.store_note[:140], (c.centerx, c.bottom - px(86) - px(10)), px(13), self.theme.threat)
        if self.retry_buttons:
            D.text(surface, _("Missed puzzles: try them again"), (c.centerx, self.retry_top + px(8)), px(16),
                   th.text_dim, bold=True)

    def _draw_bests(self, surface: pygame.Surface, y: int) -> None:
        px, th = self.px, self.theme
        c = self.card
        bottom = (self.retry_top - px(12)) if self.retry_buttons else (c.bottom - px(90))
        row_h = px(26)
        rows = max(0, min(len(self.stats.bests), (bottom - y - px(30)) // row_h))
        if rows <= 0:
            return
        D.text(surface, _("Personal bests"), (c.centerx, y), px(18), th.heading, bold=True)
        y += px(30)
        cols = [(-px(200), _("#")), (-px(110), _("Score")), (px(10), _("Solved")), (px(110), _("Streak")),
                (px(230), _("Day"))]
        for off, word in cols:
            D.text(surface, word, (c.centerx + off, y), px(14), th.text_dim, bold=True)
        y += row_h
        for i, b in enumerate(self.stats.bests[:rows]):
            mine = i == self.place
            colour = HOT if mine else th.text
            try:
                day = _dt.date.fromisoformat(b.day)
                from ..i18n import date_text
                day_words = date_text(day)              # as the puzzle screen writes a day
            except ValueError:
                day_words = b.day
            cells = [str(i + 1), number(b.score), number(b.solved), number(b.streak), day_words]
            for (off, _w), cell in zip(cols, cells):
                D.text(surface, cell, (c.centerx + off, y), px(16), colour, bold=mine)
            y += row_h
