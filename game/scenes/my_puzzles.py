"""My puzzles (``--scene mypuzzles:GAME``; the Puzzles screen's My puzzles, the review's
Practise): the player's own mistakes, found by a game review, to solve again.

Each puzzle (``game.puzzles.mistakes.MyPuzzle``) is the position before a move of the player's
marked ``?`` or ``??``; the task is "find the better move": one move, the review's. It is
played on the same board as the bank's puzzles (``PuzzleBoardScene``, from
``MyPuzzle.puzzle()``): the better move (or a move that wins at once) is right, with the
"right" sound; any other move is wrong, with the "wrong" sound, and the better move is then
played on the board; Try again puts the position back. Every try is counted with the puzzle,
kept with the player's data (``game.puzzles.store``); a puzzle solved at least once can be
removed.

The panel lists the puzzles (the ones not solved yet first), a click on a row opens it.
Keyboard (its own keys page, F1): Tab reaches every button, Enter opens the next puzzle once this
one is done (or the try again when it was missed), Page Up / Page Down the previous / next,
Ctrl+S the answer, Ctrl+R tries again, Delete removes a solved puzzle (on one not solved yet it
says why it stays), Escape leaves the move box, a selection, then the screen. A puzzle removed
gives its place in the list, round, to the next (``step_by``'s order), which opens with its
task; "Removed" is a status line above it that the next thing said replaces. With no puzzle kept, the move box is disabled (nothing to
type a move on). Once the answer is on the board, the Answer button's ring goes to Next.
"""
from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from ..i18n import N_, _, date_text, ngettext
from ..names import GAME_KEYS, game_title
from ..puzzles.mistakes import MyPuzzle
from ..puzzles.store import load_store, save_store
from ..sound import bank as sound_bank
from ..ui.layout import draw_panel
from ..ui.movelist import MARK_COLOURS
from ..ui.text import wrap
from ..views import draw as D
from .base import is_button, make_scene, register
from .puzzle_board import GOOD, PuzzleBoardScene, to_play_words

__all__ = ["MyPuzzlesScene", "EMPTY_HINT"]

EMPTY_HINT = N_("Review a game: your ? and ?? moves come here.")


@register("my_puzzles")
class MyPuzzlesScene(PuzzleBoardScene):
    """See the module docstring. ``focus``: the id of the puzzle to open first."""

    title = N_("My puzzles")
    same_page_on_replace = True        # another game's tab: the ring stays on the tabs

    def __init__(self, game_name: str, store_file: str | Path | None = None, focus: str | None = None,
                 today: _dt.date | None = None) -> None:
        super().__init__(game_name, ())
        self.store_file = store_file
        self.store, self.store_note = load_store(store_file)
        self.stats = self.store.of(game_name)
        self.today = today if today is not None else _dt.date.today()
        self.focus = focus
        self.current: MyPuzzle | None = None
        self.outcome = ""              # '', 'solved', 'missed' (the answer then shown), 'shown'
        self.counted = False           # this try is counted with the puzzle already
        self.message = ""
        self.message_bad = False
        self.status = ""               # what was just done (a removal), until the next message
        self.w: dict[str, Any] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, str]] = []     # the list's rows on screen and their ids
        self.text_bottom = 0

    def keys_place(self) -> str:
        return "mypuzzles"

    def keys_missing(self) -> frozenset[str]:
        # no puzzle kept: no move to play or type, and none of the page's own keys does anything
        return frozenset() if self.stats.mine else frozenset({"My puzzles", "Typing a move", "Playing"})

    # ------------------------------------------------------------ the puzzles
    def ordered(self) -> list[MyPuzzle]:
        """The list as shown: not solved yet first, each part in the order found."""
        mine = self.stats.mine
        return [p for p in mine if not p.solved] + [p for p in mine if p.solved]

    def enter(self, app: Any) -> None:
        super().enter(app)
        if self.current is None:
            order = self.ordered()
            first = self.stats.my_puzzle(self.focus) if self.focus else None
            self.open(first or (order[0] if order else None))

    def open(self, p: MyPuzzle | None) -> None:
        self.current = p
        self.outcome = ""
        self.counted = False
        if p is None:
            self.load(None)
            self.say("")
        elif self.load(p.puzzle()):
            self.say(self.task())
        else:
            self.say(self.view_error, True)
        self._buttons()

    def task(self) -> str:
        p = self.current
        if p is None:
            return ""
        return _("Find the better move. In the game you played {move} ({mark}).").format(move=p.played, mark=p.mark)

    def step_by(self, k: int) -> None:
        """The previous (-1) or next (+1) puzzle of the list, round."""
        order = self.ordered()
        if not order:
            return
        ids = [p.id for p in order]
        i = ids.index(self.current.id) if self.current is not None and self.current.id in ids else -k
        self.open(self.at(i + k))

    def at(self, i: int) -> MyPuzzle | None:
        """The puzzle at place ``i`` of the list, round (None: the list is empty)."""
        order = self.ordered()
        return order[i % len(order)] if order else None

    def next_puzzle(self) -> None:
        """After a puzzle: the next one not solved yet (after this one), else the next one."""
        order = self.ordered()
        if not order:
            return
        ids = [p.id for p in order]
        i = ids.index(self.current.id) if self.current is not None and self.current.id in ids else -1
        rest = order[i + 1:] + order[:i + 1]
        todo = [p for p in rest if not p.solved and (self.current is None or p.id != self.current.id)]
        self.open(todo[0] if todo else rest[0])

    def retry(self) -> None:
        self.open(self.stats.my_puzzle(self.current.id) if self.current is not None else None)

    def remove(self) -> None:
        """Delete: a solved puzzle goes, the one that takes its place opens; one not solved yet
        stays (the list is of what is still to learn) and the player is told why."""
        p = self.current
        if p is None:
            return
        if not p.solved:
            self.status = _("Solve this puzzle once to remove it: the list keeps what is still to learn.")
            return
        i = [q.id for q in self.ordered()].index(p.id)
        self.stats.remove_mine(p.id)
        self._save()
        self.open(self.at(i))
        self.status = _("Removed from My puzzles.")

    def _count(self, solved: bool) -> None:
        """This try's outcome, kept with the puzzle (once a try)."""
        p = self.current
        if p is None or self.counted:
            return
        self.counted = True
        self.current = self.stats.mine_tried(p.id, solved) or p
        self._save()

    def _save(self) -> None:
        problem = save_store(self.store, self.store_file)
        if problem:
            self.store_note = problem

    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad = text, bad
        self.status = ""

    def note(self, text: str, bad: bool = False) -> None:
        if text:
            self.say(text, bad)

    # ------------------------------------------------------------ the board's verdicts
    def puzzle_solved(self) -> None:
        sound_bank().play("right")
        self._count(True)
        p = self.current
        self.outcome = "solved"
        if p is not None:
            self.say(_("Right: {move} is the better move. Next (Enter) for another.").format(move=p.best))
        self._buttons()

    def puzzle_wrong(self, move_text: str) -> None:
        sound_bank().play("wrong")
        self._count(False)
        p = self.current
        if p is None:
            return
        same = self.game is not None and self._same_move(move_text, p.played)
        lead = (_("{move} is the move you played in the game.") if same
                else _("{move} is not the review's move.")).format(move=move_text)
        super().show_solution()          # the better move, played on the board
        self.outcome = "missed"
        self.say(_("{lead} The better move, {best}, is on the board: Try again (Enter) or Next.").format(
            lead=lead, best=p.best), True)
        self._buttons()

    def _same_move(self, a: str, b: str) -> bool:
        g = self.game
        if g is None:
            return False
        try:
            return g.parse_move(a) == g.parse_move(b)
        except Exception:               # a move text the rules cannot read is not the same move
            return False

    def show_solution(self) -> None:
        p = self.current
        if p is None:
            return
        self._count(False)               # asking for the answer is not solving it
        super().show_solution()
        self.outcome = self.outcome or "shown"
        self.say(_("The better move: {best}.").format(best=p.best))
        self._buttons()

    def solution_shown(self) -> None:
        p = self.current
        if p is not None and len(p.line) > 1 and self.outcome == "shown":
            self.say(_("The better move: {best}, then {line}.").format(best=p.best, line=" ".join(p.line[1:3])))

    # ------------------------------------------------------------ time
    def needs_frames(self) -> bool:
        return (self.anim is not None or self.reply_wait >= 0 or self.autoplay
                or self.board.needs_frames() or self.movebox.needs_frames())

    # ------------------------------------------------------------ layout
    def build_ui(self) -> None:
        px = self.px
        inner = self.board_and_panel()
        p = self.panel
        bh = px(38)
        gap = px(8)
        half = (inner.w - gap) // 2
        W: dict[str, Any] = {}
        self.game_tabs(W, inner, lambda g: _("My puzzles of {game}").format(game=game_title(g)))

        def row(y: int, left: tuple[str, str, str], right: tuple[str, str, str], primary: str = "") -> None:
            for (key, label, tip), x, wd in ((left, inner.x, half), (right, inner.x + half + gap, inner.w - half - gap)):
                W[key] = UIButton(pygame.Rect(x, y, wd, bh), label, self.ui, container=self.root, tool_tip_text=tip,
                                  object_id="#primary_button" if key == primary else None)

        y = p.bottom - px(16) - bh
        row(y, ("remove", _("Remove"), _("Take a puzzle you have solved off the list (Delete)")),
            ("back", _("Back"), _("Back to where you came from (Escape)")))
        y -= bh + gap
        row(y, ("answer", _("Answer"), _("Play the better move on the board (Ctrl+S)")),
            ("retry", _("Try again"), _("Put the position back and try once more")))
        y -= bh + gap
        row(y, ("prev", _("Previous"), _("The previous puzzle (Page Up)")),
            ("next", _("Next"), _("The next puzzle not solved yet (Enter once this one is done; Page Down)")), "next")
        y -= bh + gap
        self.movebox.make(pygame.Rect(inner.x, y, inner.w, bh), self.ui, self.root)
        self.text_bottom = y - gap
        self.w = W
        self._buttons()

    def _buttons(self) -> None:
        W = self.w
        if not W:
            return
        p = self.current
        many = len(self.stats.mine) > 1
        for key, on in (("remove", p is not None and p.solved > 0), ("answer", p is not None and not self.outcome),
                        ("retry", p is not None and bool(self.outcome)), ("prev", many),
                        ("next", many or (p is not None and bool(self.outcome)))):
            W[key].enable() if on else W[key].disable()
        self.pass_ring(W["answer"], W["next"], W["retry"], W["back"])
        box = self.movebox.box
        if box is not None:             # no puzzle: no move to type (a disabled box still looks ready)
            box.show() if p is not None else box.hide()

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        W = self.w
        for g in GAME_KEYS:
            if is_button(event, W.get(f"game:{g}")):
                if g != self.game_name:
                    self.app.replace(make_scene("my_puzzles", g, store_file=self.store_file, today=self.today))
                return True
        actions = {"next": self.next_puzzle, "prev": lambda: self.step_by(-1), "retry": self.retry,
                   "answer": self.show_solution, "remove": self.remove, "back": self.app.pop}
        for key, act in actions.items():
            if is_button(event, W.get(key)):
                act()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, pid in self.rows:
                if rect.collidepoint(event.pos):
                    self.open(self.stats.my_puzzle(pid))
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.outcome and not self.movebox.text.strip() and self.anim is None \
                and not self.board.can_end():
            self.retry() if self.outcome == "missed" else self.next_puzzle()
            return True
        typed = bool(self.movebox.text.strip())      # keys edit a typed move, else they act here
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and not typed:
            self.step_by(-1 if event.key == pygame.K_PAGEUP else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE and not typed and self.current is not None:
            self.remove()
            return True
        if self.board_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key == pygame.K_s and ctrl and not self.outcome:
                self.show_solution()
                return True
            if event.key == pygame.K_r and ctrl and self.current is not None and self.outcome:
                self.retry()                # (the Try again button's key)
                return True
        return False

    def back(self) -> bool:
        return self.board_back()

    # ------------------------------------------------------------ drawing
    def draw_board(self, surface: pygame.Surface) -> None:
        if self.current is not None:
            super().draw_board(surface)
            return
        r, px, th = self.board_rect, self.px, self.theme
        D.text(surface, _("No puzzles of yours yet."), (r.centerx, r.centery - px(18)), px(24), th.heading, bold=True)
        for i, line in enumerate(wrap(_(EMPTY_HINT), D.font(px(18)), r.w - px(40))):
            D.text(surface, line, (r.centerx, r.centery + px(18) + i * px(26)), px(18), th.text_dim)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_board(surface)
        draw_panel(surface, self.panel, self.theme)
        px, th, p = self.px, self.theme, self.panel
        cx = p.centerx
        width = p.w - px(44)
        y = p.y + px(74)
        D.text(surface, _("My puzzles"), (cx, y), px(22), th.heading, bold=True)
        y += px(28)
        mine = self.stats.mine
        todo = sum(1 for q in mine if not q.solved)
        count = (ngettext("{n} to solve", "{n} to solve", todo).format(n=todo) + " · " +
                 ngettext("{n} kept", "{n} kept", len(mine)).format(n=len(mine))) if mine else _("None kept yet")
        D.text(surface, count, (cx, y), px(15), th.text_dim)
        y += px(30)
        q = self.current
        if q is not None:
            bits = [to_play_words(self.solver), _("found {day}").format(day=date_text(_dt.date.fromisoformat(q.found)))]
            D.text(surface, " · ".join(bits), (cx, y), px(15), th.text)
            y += px(22)
            if q.tries:
                D.text(surface, _("Tried {tries}, solved {solved}").format(tries=q.tries, solved=q.solved),
                       (cx, y), px(15), th.text_dim)
                y += px(22)
            y += px(6)
        for line in wrap(self.status, D.font(px(15), True), width) if self.status else []:
            D.text(surface, line, (cx, y), px(15), th.heading, bold=True)
            y += px(21)
        message = self.message
        colour = th.threat if self.message_bad else th.text
        for line in wrap(message, D.font(px(16)), width):
            D.text(surface, line, (cx, y), px(16), colour)
            y += px(22)
        if self.store_note:
            for line in wrap(self.store_note, D.font(px(13)), width)[:3]:
                D.text(surface, line, (cx, y + px(4)), px(13), th.threat)
                y += px(18)
        self._draw_list(surface, y + px(10))

    def _draw_list(self, surface: pygame.Surface, top: int) -> None:
        """As many rows of the list as fit above the move box, around the puzzle shown."""
        px, th, p = self.px, self.theme, self.panel
        self.rows = []
        rh = px(26)
        order = self.ordered()
        fit = max(0, (self.text_bottom - top) // rh)
        if not order or fit == 0:
            return
        ids = [q.id for q in order]
        i = ids.index(self.current.id) if self.current is not None and self.current.id in ids else 0
        first = max(0, min(i - fit // 2, len(order) - fit))
        x0, x1 = p.x + px(18), p.right - px(18)
        font = D.font(px(15))
        for k, q in enumerate(order[first:first + fit], start=first):
            rect = pygame.Rect(x0, top + (k - first) * rh, x1 - x0, rh - px(2))
            if q is self.current or (self.current is not None and q.id == self.current.id):
                pygame.draw.rect(surface, th.panel_border, rect, border_radius=px(6))
            left = f"{k + 1}. {q.played}"
            drawn = D.text(surface, left, (rect.x + px(8), rect.centery), px(15), th.text, anchor="midleft",
                           shadow=False)
            D.text(surface, q.mark, (drawn.right + px(4), rect.centery), px(15), MARK_COLOURS.get(q.mark, th.text),
                   anchor="midleft", bold=True, shadow=False)
            left += f" {q.mark}"
            right = _("solved") if q.solved else date_text(_dt.date.fromisoformat(q.found), "short")
            colour = GOOD if q.solved else th.text_dim
            if font.size(left)[0] + font.size(right)[0] + px(24) <= rect.w:
                D.text(surface, right, (rect.right - px(8), rect.centery), px(15), colour, anchor="midright",
                       shadow=False)
            self.rows.append((rect, q.id))
