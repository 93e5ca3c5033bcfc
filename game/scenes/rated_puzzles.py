"""Rated puzzles (``--scene puzzles:GAME``, the menu's Puzzles): the bank's mined puzzles, one
after another near the player's puzzle rating, with a tag filter and the daily puzzle.

The first try of a puzzle counts: solved, the rating goes up; a wrong move, it goes down
(``game.puzzles.rating``: Glicko-2 through the library), and the change shows beside the
rating; the Solution asked for before any try counts as a miss, and its message says so with
the same figures. A provisional rating is marked "?" (``rating_text``, the one way a puzzle
rating is written), and the line under it says how many more rated puzzles settle it. The puzzle can then be tried again without rating, or its solution played; Next
(Enter once the puzzle is done) chooses another near the new rating, not one tried lately
(``choose_next``), of the tag chosen; Next on a puzzle not tried skips it, unrated and unsaved, and
the puzzles skipped are not offered again while others are left (for the screen's session). Ctrl+R
starts the puzzle on the board again (after the rated try, not rated). The daily puzzle is the same for everyone on a date
(``game.puzzles.daily``); the player's ratings, the puzzles tried and the daily puzzles done are
kept with the player's data (``game.puzzles.store``). The hand-made puzzles stay the
tutorial's. My puzzles opens the player's own mistakes found by reviews (``my_puzzles.py``).

The board is the normal one (``PuzzleBoardScene``): clicks, drag and drop, typed moves, the
defence's replies played and animated as every move is. Keyboard (its own keys page, F1):
Tab reaches every button and the tag list, Enter plays the next puzzle once this one is done,
Ctrl+S the solution, Ctrl+R the puzzle again, Escape leaves the move box, a selection, then the
screen. Once there is nothing left to show, the Solution button is disabled and its ring goes
to Next; back from Rush or My puzzles, the ring is on the button that opened them (``Scene.resume``).
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ..anim.tween import Tween, Tweens
from ..i18n import N_, _, date_text, ngettext, number
from ..names import GAME_KEYS, game_title
from ..puzzles.bank import TAGS, BankPuzzle
from ..puzzles.daily import daily_puzzle
from ..puzzles.rating import Rating, choose_next, rate, to_settle
from ..puzzles.store import load_store, save_store
from ..sound import bank as sound_bank
from ..ui.choice import ChoiceMenu
from ..ui.layout import draw_panel
from ..ui.text import ellipsize, wrap
from ..views import draw as D
from .base import is_button, make_scene, register
from .puzzle_board import PuzzleBoardScene, tag_words, to_play_words

__all__ = ["RatedPuzzlesScene"]

ALL = ""                 # the tag filter's value for every tag


def rating_text(r: Rating) -> str:
    """A player's puzzle rating as it is written everywhere: 1,717, or 1,717? while provisional."""
    return number(r.shown) + ("?" if r.provisional else "")


@register("rated_puzzles")
class RatedPuzzlesScene(PuzzleBoardScene):
    """See the module docstring."""

    title = N_("Rated puzzles")
    same_page_on_replace = True        # another game's tab: the ring stays on the tabs

    def __init__(self, game_name: str, puzzles: Sequence[BankPuzzle] | None = None,
                 store_file: str | Path | None = None, today: _dt.date | None = None) -> None:
        super().__init__(game_name, puzzles)
        self.store_file = store_file
        self.store, self.store_note = load_store(store_file)
        self.stats = self.store.of(game_name)
        self.today = today if today is not None else _dt.date.today()
        self.tag = ALL
        self.daily = False             # the puzzle on the board is the daily puzzle
        self.outcome = ""              # '', 'solved', 'failed' (the rated try), 'shown'
        self.change = 0                # the last rating change (of the ratings as shown)
        self.miss = ""                 # the Solution asked for before any try: the rating it cost
        self.fx: dict[str, float] = {"rating": self.stats.rating.rating, "change": 0.0, "pop": 1.0}
        self.tweens = Tweens()
        self.message = ""
        self.message_bad = False
        self.w: dict[str, Any] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.skipped: list[str] = []   # puzzles left untried by Next (this session: not offered again soon)

    def keys_place(self) -> str:
        return "rated"

    def enter(self, app: Any) -> None:
        super().enter(app)
        if self.store.last_game != self.game_name and self.writes_files():   # the menu opens these next time
            self.store.last_game = self.game_name
            self.store_note = save_store(self.store, self.store_file) or self.store_note
        if self.puzzle is None:
            self.next_puzzle()

    # ------------------------------------------------------------ choosing
    def next_puzzle(self) -> None:
        """Another puzzle near the rating. The one on the board, left untried, is skipped: not
        rated, not saved as tried, and not chosen again while others are left."""
        s = self.stats
        p = self.puzzle
        if p is not None and p.id not in s.recent and p.id not in self.skipped:
            self.skipped.append(p.id)
        recent = list(s.recent) + [pid for pid in self.skipped if pid not in s.recent]
        p = choose_next(self.puzzles, s.rating.rating, recent, self.tag or None,
                        seed=s.rating.played + len(self.skipped))
        self.open(p, daily=False)

    def try_again(self) -> None:
        """Ctrl+R: the puzzle from its start again (once the rated try is over, not rated)."""
        p = self.puzzle
        if p is None or not self.load(p):
            return
        self.say(_("Try again (not rated): find the winning move.") if self.outcome else _("Find the winning move."))
        self._buttons()

    def daily_puzzle(self) -> None:
        self.open(daily_puzzle(self.puzzles, self.today), daily=True)

    def open(self, p: BankPuzzle | None, daily: bool) -> None:
        self.daily = daily and p is not None
        self.outcome = ""
        self.miss = ""
        self.fx["change"] = 0.0
        if p is None:
            self.load(None)
            self.say(_("No puzzle of this kind yet.") if self.puzzles else "", True)
        elif self.load(p):
            if self.daily and self.today.isoformat() in self.stats.daily:
                self.say(_("You did today's puzzle already: this try is not rated."))
                self.outcome = "again"
            else:
                self.say(_("Find the winning move."))
        self._buttons()

    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad = text, bad

    def note(self, text: str, bad: bool = False) -> None:
        if text:
            self.say(text, bad)

    # ------------------------------------------------------------ the rated try
    def _rated(self, solved: bool) -> None:
        """The first try's outcome: the rating through Glicko-2, kept and saved."""
        p = self.puzzle
        if p is None or self.outcome:
            return
        s = self.stats
        before = s.rating
        after = rate(before, p.rating, solved)
        s.tried(p.id, solved, before, after)
        if self.daily:
            s.mark_daily(self.today, solved)
        self.change = after.shown - before.shown
        self.outcome = "solved" if solved else "failed"
        self.tweens = Tweens()
        self.tweens.add(Tween(self.fx, {"rating": after.rating}, 0.8, easing="easeOutCubic"))
        self.tweens.add(Tween(self.fx, {"change": 1.0}, 0.25, easing="easeOutQuad", start={"change": 0.0}))
        self.tweens.add(Tween(self.fx, {"pop": 1.0}, 0.4, easing="easeOutBack", start={"pop": 1.3}))
        problem = save_store(self.store, self.store_file)
        if problem:
            self.store_note = problem

    def puzzle_solved(self) -> None:
        sound_bank().play("right")
        first = not self.outcome
        self._rated(True)
        if first:
            self.say(_("Solved! Your rating: {rating} ({change}).").format(
                rating=rating_text(self.stats.rating), change=self.change_text()))
        else:
            self.say(_("Solved."))
        self._buttons()

    def puzzle_progress(self) -> None:
        self.say(_("Good move: keep going."))

    def puzzle_wrong(self, move_text: str) -> None:
        sound_bank().play("wrong")
        first = not self.outcome
        self._rated(False)
        lead = _("{move} is not it.").format(move=move_text)
        if first:
            self.say(_("{lead} Your rating: {rating} ({change}). Try again (not rated), the Solution, or Next.").format(
                lead=lead, rating=rating_text(self.stats.rating), change=self.change_text()), True)
        else:
            self.say(_("{lead} Try again.").format(lead=lead), True)
        self.enable_input()
        self._buttons()

    def solution_shown(self) -> None:
        self.say(self._after_miss(_("{solution}. Next (Enter) for another puzzle.").format(
            solution=self.solution_words())))

    def show_solution(self) -> None:
        if self.puzzle is None:
            return
        if not self.outcome:            # asking for the answer is not solving it
            before = self.stats.rating
            self._rated(False)
            self.miss = _("The solution counts as a miss: your rating went from {before} to {after} ({change}).").format(
                before=rating_text(before), after=rating_text(self.stats.rating), change=self.change_text())
        super().show_solution()
        self.outcome = self.outcome or "shown"
        self.say(self._after_miss(self.solution_words()))     # in words as well as on the board
        self._buttons()

    def _after_miss(self, words: str) -> str:
        """``words`` after what the Solution cost, when it cost the rating (said until the next puzzle)."""
        return f"{self.miss} {words}" if self.miss else words

    def change_text(self) -> str:
        c = self.change
        return f"+{number(c)}" if c >= 0 else f"−{number(-c)}"

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        super().update(dt)
        self.tweens.update(dt)

    def needs_frames(self) -> bool:
        return (self.anim is not None or self.reply_wait >= 0 or self.autoplay or not self.tweens.done
                or self.board.needs_frames() or self.movebox.needs_frames())

    # ------------------------------------------------------------ layout
    def build_ui(self) -> None:
        px = self.px
        inner = self.board_and_panel()
        p = self.panel
        bh = px(38)
        gap = px(8)
        W: dict[str, Any] = {}
        self.game_tabs(W, inner, lambda g: _("Rated puzzles of {game}").format(game=game_title(g)))
        y = p.bottom - px(16) - bh
        half = (inner.w - gap) // 2
        W["rush"] = UIButton(pygame.Rect(inner.x, y, half, bh), _("Puzzle Rush"), self.ui, container=self.root,
                             tool_tip_text=_("Three minutes of puzzles, easy to hard"))
        W["menu"] = UIButton(pygame.Rect(inner.x + half + gap, y, inner.w - half - gap, bh), _("Menu"), self.ui,
                             container=self.root, tool_tip_text=_("Back to the menu (Escape)"))
        y -= bh + gap
        W["daily"] = UIButton(pygame.Rect(inner.x, y, half, bh), _("Daily puzzle"), self.ui, container=self.root,
                              tool_tip_text=_("The puzzle of {day}").format(day=date_text(self.today)))
        W["solution"] = UIButton(pygame.Rect(inner.x + half + gap, y, inner.w - half - gap, bh), _("Solution"),
                                 self.ui, container=self.root, tool_tip_text=_("Play the solution's line (Ctrl+S); a puzzle not yet tried counts as not solved"))
        y -= bh + gap
        W["next"] = UIButton(pygame.Rect(inner.x, y, half, bh), _("Next puzzle"), self.ui, container=self.root,
                             object_id="#primary_button", tool_tip_text=_("Another puzzle near your rating (Enter)"))
        W["mine"] = UIButton(pygame.Rect(inner.x + half + gap, y, inner.w - half - gap, bh), _("My puzzles"), self.ui,
                             container=self.root,
                             tool_tip_text=_("Your own mistakes from reviewed games, to solve again"))
        y -= bh + gap
        options = [(_("Every theme"), ALL)] + [(tag_words(t), t) for t in TAGS.get(self.game_name, ())]
        W["tag"] = ChoiceMenu(options, self.tag, pygame.Rect(inner.x, y, inner.w, bh), self.ui, container=self.root)
        y -= bh + gap
        self.movebox.make(pygame.Rect(inner.x, y, inner.w, bh), self.ui, self.root)
        self.text_bottom = y - gap
        self.w = W
        self._buttons()

    def _buttons(self) -> None:
        """Which buttons can be pressed now."""
        W = self.w
        if not W:
            return
        # solved, or its solution shown: nothing left to show (Ctrl+R starts it again)
        W["solution"].enable() if self.puzzle is not None and not self.done else W["solution"].disable()
        W["daily"].enable() if self.puzzles else W["daily"].disable()
        W["next"].enable() if self.puzzles else W["next"].disable()
        self.pass_ring(W["solution"], W["next"], W["daily"])
        box = self.movebox.box
        if box is not None:             # no puzzle (none of this theme): no move to type
            box.enable() if self.puzzle is not None else box.disable()

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        W = self.w
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is W.get("tag"):
            self.tag = str(W["tag"].value)
            self.next_puzzle()
            return True
        for g in GAME_KEYS:
            if is_button(event, W.get(f"game:{g}")):
                if g != self.game_name:
                    self.app.replace(make_scene("rated_puzzles", g, store_file=self.store_file, today=self.today))
                return True
        if is_button(event, W.get("next")):
            self.next_puzzle()
            return True
        if is_button(event, W.get("daily")):
            self.daily_puzzle()
            return True
        if is_button(event, W.get("solution")):
            self.show_solution()
            return True
        if is_button(event, W.get("mine")):
            self.app.push(make_scene("my_puzzles", self.game_name, store_file=self.store_file, today=self.today))
            return True
        if is_button(event, W.get("rush")):
            self.app.push(make_scene("rush", self.game_name, store_file=self.store_file, today=self.today))
            return True
        if is_button(event, W.get("menu")):
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and (self.outcome or self.puzzle is None) and not self.movebox.text.strip() and self.anim is None \
                and not self.board.can_end():
            self.next_puzzle()          # Enter with nothing typed, once the rated try is over
            return True
        if self.board_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key == pygame.K_s and ctrl and not self.done:
                self.show_solution()
                return True
            if event.key == pygame.K_r and ctrl:
                self.try_again()
                return True
        return False

    def back(self) -> bool:
        return self.board_back()

    def resume(self) -> None:
        """Back from a round of Rush: its store was saved, read it again."""
        self.store, note = load_store(self.store_file)
        self.stats = self.store.of(self.game_name)
        self.store_note = note or self.store_note
        super().resume()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_board(surface)
        draw_panel(surface, self.panel, self.theme)
        px, th, p = self.px, self.theme, self.panel
        cx = p.centerx
        y = p.y + px(76)
        D.text(surface, _("Your puzzle rating"), (cx, y), px(16), th.text_dim)
        y += px(46)
        r = self.stats.rating
        shown = rating_text(replace(r, rating=self.fx["rating"]))       # (counting to the new rating)
        rect = D.text(surface, shown, (cx, y), int(px(50) * self.fx["pop"]), th.heading, bold=True)
        if self.outcome in ("solved", "failed") and self.fx["change"] > 0.01:
            D.text(surface, self.change_text(), (rect.right + px(12), y), px(24), self.theme.move if self.change >= 0 else self.theme.threat,
                   anchor="midleft", bold=True, alpha=int(255 * self.fx["change"]))
        y += px(40)
        if r.provisional:               # what the "?" means (a longer language: two lines)
            n = to_settle(r)
            why = ngettext("Provisional (?) for {n} more rated puzzle",
                           "Provisional (?) for {n} more rated puzzles", n).format(n=number(n))
            for line in wrap(why, D.font(px(13)), p.w - px(44))[:2]:
                D.text(surface, line, (cx, y - px(6)), px(13), th.text_dim)
                y += px(17)
        pz = self.puzzle
        if pz is not None:
            head = _("Daily puzzle · {day}").format(day=date_text(self.today)) if self.daily else \
                _("Puzzle rated {rating}").format(rating=number(pz.rating))
            D.text(surface, head, (cx, y), px(18), th.heading if self.daily else th.text, bold=True)
            y += px(26)
            bits = [to_play_words(self.solver)]
            if self.daily:
                bits.append(_("rated {rating}").format(rating=number(pz.rating)))
            if pz.tags and self.outcome:        # what it is about, once it is done (before, a hint)
                bits.append(_(", ").join(tag_words(t) for t in pz.tags))
            # within the panel: a second line where the words need it (a daily's rating and themes)
            room = p.w - px(44)
            about = wrap(" · ".join(bits), D.font(px(15)), room)
            if len(about) > 2:
                about = about[:1] + [ellipsize(" ".join(about[1:]), D.font(px(15)), room, "puzzle facts")]
            for line in about:
                D.text(surface, line, (cx, y), px(15), th.text_dim)
                y += px(20)
            y += px(10)
        colour = self.theme.threat if self.message_bad else th.text
        lines = wrap(self.message, D.font(px(16)), p.w - px(44)) if self.message else []
        for line in lines:
            if y > self.text_bottom - px(12):
                break
            D.text(surface, line, (cx, y), px(16), colour)
            y += px(22)
        if self.store_note and y < self.text_bottom - px(12):
            # as many lines as there is room for: the note ends with where the old file was kept
            font, width = D.font(px(13)), p.w - px(44)
            note = wrap(self.store_note, font, width)
            room = max(1, (self.text_bottom - px(6) - y) // px(18))
            if len(note) > room:
                note = note[:room - 1] + [ellipsize(" ".join(note[room - 1:]), font, width, "puzzle store note")]
            for line in note:
                D.text(surface, line, (cx, y + px(6)), px(13), self.theme.threat)
                y += px(18)
