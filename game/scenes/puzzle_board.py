"""A board on which the bank's mined puzzles are solved: the base of the rated-puzzle screen
(``rated_puzzles.py``) and Puzzle Rush (``rush.py``).

``PuzzleBoardScene`` holds one ``BankPuzzle`` on the normal board parts: ``scene.board`` (the
``BoardController``: clicks, drag and drop, hover, Escape/Backspace/Enter as on the board),
``scene.movebox`` (typed moves) and ``scene.mover`` (the ``MovePlayer`` that plays and animates
every move, the defence's replies included). It judges the player's moves against the
solution: the solution's move, or any move that wins at once by the rules, is right; the
defence then answers with the solution's next move after a short wait; the puzzle is solved
when the solver's last move is played. Any other move is wrong. What follows a right or wrong
move is the subclass's (``puzzle_solved``, ``puzzle_wrong``, ``puzzle_progress``).

The scene never reads a clock: replies, animations and sounds run on ``update(dt)``.
"""
from __future__ import annotations

import logging
from pathlib import PurePath
from typing import Any, Callable, Sequence

import pygame

from ..anim.moves import MoveAnimation, MovePlayer
from ..i18n import N_, _
from ..names import game_title
from ..ui.problems import refusal_words
from ..puzzles.bank import BankError, BankPuzzle, load_bank
from ..rules.base import Color, Game, Motion, RulesError
from ..sound import bank as sound_bank, sounds_for
from ..themes import CLASSIC, Theme
from ..views import BoardView, Decorations, ViewUnavailable, view_for
from .base import Scene
from .board.controller import BoardController, OnBoard
from .board.movebox import MoveBox

log = logging.getLogger(__name__)

__all__ = ["PuzzleBoardScene", "REPLY_WAIT", "motion_labels", "TAG_WORDS", "tag_words", "to_play_words", "GOOD", "BAD"]

REPLY_WAIT = 0.35        # seconds before the defence answers (at animation speed 1)
# what a puzzle is about (game.puzzles.bank.TAGS), in words
TAG_WORDS = {"kernel-hunt": N_("Kernel hunt"), "split": N_("Split"), "merge": N_("Merge"),
             "capture": N_("Capture"), "double-threat": N_("Double threat"), "edge-template": N_("Edge template"),
             "midpoint": N_("Midpoint"), "chain": N_("Chain"), "jump-onto-stack": N_("Jump onto a stack"),
             "back-row": N_("Back row")}


GOOD = (140, 226, 140)   # a right move, a rating gained
BAD = (255, 110, 90)     # a wrong move, a rating lost


def to_play_words(color: Color | None) -> str:
    """Who solves the puzzle: 'Black to play'."""
    if color is None:
        return ""
    return _("Black to play") if color == Color.BLACK else _("White to play")


def tag_words(tag: str) -> str:
    """A tag as the player reads it (its id when it has no words yet)."""
    words = TAG_WORDS.get(tag)
    return _(words) if words else tag.replace("-", " ")


def motion_labels(motions: Sequence[Motion]) -> tuple[str, ...]:
    """The points a move's motions touched, in order (the last move's marks)."""
    out: list[str] = []
    for m in motions:
        for lab in (m.src, *m.via, m.dst):
            if lab and lab not in out:
                out.append(lab)
    return tuple(out)


class PuzzleBoardScene(Scene):
    """One board for bank puzzles; see the module docstring. ``puzzles``: the bank to use
    (tests give their own; default: the game's shipped bank, ``load_bank``)."""

    speed_factor = 1.0                   # moves animate at the player's speed times this

    def __init__(self, game_name: str, puzzles: Sequence[BankPuzzle] | None = None) -> None:
        super().__init__()
        self.game_name = game_name
        self.bank_error = ""
        if puzzles is None:
            try:
                puzzles = load_bank(game_name)
            except BankError as exc:             # a file shipped with the game: its details are for the log
                log.warning("the puzzle bank cannot be used: %s", exc)
                self.bank_error = _("The puzzle file {file} cannot be used (the log has the details).").format(
                    file=PurePath(exc.file).name)
                puzzles = ()
        self.puzzles: tuple[BankPuzzle, ...] = tuple(puzzles)
        self.board = BoardController(self)
        self.movebox = MoveBox(self, tasks=True)
        self.mover = MovePlayer(self._anim_done)
        self.views: dict[tuple, BoardView | None] = {}
        self.view_error = ""
        self.puzzle: BankPuzzle | None = None
        self.game: Game | None = None
        self.solver: Color | None = None
        self.line: list[str] = []          # the solution in canonical move names
        self.start_ply = 0
        self.reply_wait = -1.0             # seconds until the defence answers (<0: none due)
        self.autoplay = False              # the solution is being shown
        self.autoplay_wait = 0.0
        self.done = False                  # solved or shown: the board takes no more moves
        self.last_labels: tuple[str, ...] = ()
        self._board_rect = pygame.Rect(0, 0, 100, 100)
        self._sounds: list[tuple[float, str]] = []
        self._anim_seen: Any = None
        self.clock = 0.0                   # scene time for sounds due

    view = OnBoard()
    input = OnBoard()
    mouse = OnBoard()

    # ------------------------------------------------------------ the host's hooks
    @property
    def board_rect(self) -> pygame.Rect:
        return self._board_rect

    @property
    def theme(self) -> Theme:
        return self.app.theme if self.app is not None else CLASSIC

    @property
    def anim(self) -> Any:
        return self.mover.anim

    def keys_place(self) -> str:
        return "puzzle"

    def board_gate(self) -> bool:
        return (self.view is not None and self.input is not None and self.game is not None
                and self.input.game is not None and self.anim is None)

    def board_move(self, text: str) -> bool:
        return self.judge(text)

    def board_said(self, res: Any) -> None:
        if res.message:
            self.note(res.message, bad=not res.changed)

    def movebox_open(self) -> bool:
        return self.input is not None and self.input.game is not None

    def finish_animation(self) -> None:
        self.mover.finish()

    def movebox_said(self, text: str, error: bool) -> None:
        if error:
            self.note(text, bad=True)

    # ------------------------------------------------------------ what subclasses add
    def note(self, text: str, bad: bool = False) -> None:
        """What a click or a typed text did (a refusal, a selection)."""

    def puzzle_progress(self) -> None:
        """A right move was played and the defence answered: the solver is to move again."""

    def puzzle_solved(self) -> None:
        """The solver's last move is on the board."""

    def puzzle_wrong(self, move_text: str) -> None:
        """The player's move is not the solution (it was not played)."""

    def solution_shown(self) -> None:
        """The solution line finished playing (``show_solution``)."""

    def solution_words(self) -> str:
        """The solution in words, to be read again once its line has played on the board."""
        return _("The solution, against the best defence: {moves}").format(moves=" ".join(self.line))

    # ------------------------------------------------------------ the puzzle on the board
    @property
    def pace(self) -> float:
        base = self.app.settings.anim_speed if self.app is not None else 1.0
        return max(0.25, base * self.speed_factor)

    def _get_view(self, options: dict[str, Any]) -> BoardView | None:
        key = tuple(sorted((k, v) for k, v in options.items() if k == "size"))
        if key not in self.views:
            try:
                self.views[key] = view_for(self.game_name, **dict(key))
            except ViewUnavailable as exc:       # its English is for the log; the window says it in words
                log.warning("the puzzle board has no board: %s", exc)
                self.views[key] = None
                self.view_error = _("The {game} board is not available.").format(game=game_title(self.game_name))
        view = self.views[key]
        if view is not None and self.app is not None:
            view.set_look(self.app.theme, self.app.settings.flip)
        return view

    def load(self, puzzle: BankPuzzle | None) -> bool:
        """Put ``puzzle`` on the board, the solver to move (False: it cannot be set up)."""
        self.stop()
        self.puzzle = puzzle
        self.game = None
        self.done = False
        self.last_labels = ()
        self.movebox.clear()
        if puzzle is None:
            self.board.attach(None, None)
            return False
        try:
            g = puzzle.start()
            self.line = self._canonical(g, puzzle.solution)
        except (RulesError, ValueError) as exc:
            log.warning("the puzzle %s cannot be set up: %s", puzzle.id, exc)
            why = refusal_words(exc, self.game_name) if isinstance(exc, RulesError) else _(
                "Something in it cannot be read.")
            self.view_error = _("This puzzle cannot be set up: {problem}").format(problem=why)
            self.board.attach(None, None)
            return False
        self.game = g
        self.solver = g.to_move
        self.start_ply = g.ply
        self.board.show(self.game_name, self._get_view(dict(g.options())))
        self.enable_input()
        return True

    @staticmethod
    def _canonical(g: Game, solution: Sequence[str]) -> list[str]:
        g = g.copy()
        out = []
        for text in solution:
            m = g.parse_move(text)
            out.append(g.move_str(m))
            g.play(m)
        return out

    def enable_input(self) -> None:
        if self.input is not None and self.game is not None and not self.game.is_over and not self.done:
            self.input.set_game(self.game)

    def disable_input(self) -> None:
        if self.input is not None:
            self.input.set_game(None)

    def stop(self) -> None:
        """No reply, solution or animation under way."""
        self.mover.drop()
        self.reply_wait = -1.0
        self.autoplay = False
        self.board.drop_drag()
        self.disable_input()

    @property
    def step(self) -> int:
        """Plies of the solution played so far."""
        return self.game.ply - self.start_ply if self.game is not None else 0

    def animate(self, text: str) -> bool:
        g = self.game
        if g is None:
            return False
        self.mover.finish()
        try:
            motions = self.mover.play(self.view, g.stacks(), lambda: g.play_text(text)[1], self.pace)
        except RulesError as exc:
            self.note(refusal_words(exc, self.game_name), bad=True)
            return False
        self.last_labels = motion_labels(motions)
        if self.anim is not None:
            self.disable_input()
        return True

    def judge(self, text: str) -> bool:
        """The player's move (legal, canonical): right moves are played, a wrong one goes to
        ``puzzle_wrong``. True when it was taken."""
        g = self.game
        if g is None or self.done or self.autoplay or g.to_move != self.solver:
            return False
        try:
            move = g.parse_move(text)
        except RulesError as exc:
            self.note(refusal_words(exc, self.game_name), bad=True)
            return False
        name = g.move_str(move)
        i = self.step
        expected = self.line[i] if i < len(self.line) else None
        if name == expected or self._wins_at_once(text):
            if name != expected:
                self.line = self.line[:i] + [name]          # another move that wins at once: the end
            self.animate(text)
            return True
        self.disable_input()
        self.puzzle_wrong(name)
        return True

    def _wins_at_once(self, text: str) -> bool:
        g = self.game
        if g is None:
            return False
        trial = g.copy()
        try:
            trial.play_text(text)
        except RulesError:
            return False
        r = trial.result
        return r is not None and r.winner == self.solver

    def show_solution(self) -> None:
        """Play the whole line from the puzzle's position (nothing more is judged)."""
        p = self.puzzle
        if p is None:
            return
        self.load(p)
        self.done = True
        self.disable_input()
        self.autoplay = True
        self.autoplay_wait = REPLY_WAIT / self.pace

    def _anim_done(self) -> None:
        g = self.game
        if g is None:
            return
        if self.autoplay:
            if self.step >= len(self.line) or g.is_over:
                self.autoplay = False
                self.solution_shown()
            else:
                self.autoplay_wait = REPLY_WAIT / self.pace
            return
        if self.done:
            return
        solved = (g.result is not None and g.result.winner == self.solver) or \
            (g.to_move != self.solver and self.step >= len(self.line))
        if solved:
            self.done = True
            self.disable_input()
            self.puzzle_solved()
        elif g.to_move != self.solver and not g.is_over:
            self.reply_wait = REPLY_WAIT / self.pace
        elif g.to_move == self.solver and not g.is_over:
            self.enable_input()
            self.puzzle_progress()

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        self.board.update(dt)
        self.movebox.update()
        self._update_sounds()
        if self.anim is not None:
            self.anim.update(dt)
            return
        g = self.game
        if g is None:
            return
        if self.autoplay:
            self.autoplay_wait -= dt
            if self.autoplay_wait <= 0 and self.step < len(self.line) and not g.is_over:
                self.animate(self.line[self.step])
            return
        if self.reply_wait >= 0:
            self.reply_wait -= dt
            if self.reply_wait < 0 and self.step < len(self.line) and not g.is_over:
                self.animate(self.line[self.step])

    def _update_sounds(self) -> None:
        """Each move's sounds at its animation's steps (as on the board)."""
        anim = self.anim
        if anim is not None and anim is not self._anim_seen:
            self._anim_seen = anim
            self._sounds = []
            if isinstance(anim, MoveAnimation):
                start = self.clock - anim.time
                self._sounds = [(start + t, n) for t, n in sounds_for(anim.motions, anim.before, anim.speed)]
        if anim is None and self._sounds:
            name = next((n for _, n in self._sounds if n != "move"), self._sounds[-1][1])
            self._sounds = []
            sound_bank().play(name)
        due = [n for t, n in self._sounds if t <= self.clock]
        if due:
            self._sounds = [(t, n) for t, n in self._sounds if t > self.clock]
            for n in due:
                sound_bank().play(n)

    def needs_frames(self) -> bool:
        return True

    # ------------------------------------------------------------ events
    def board_event(self, event: pygame.event.Event) -> bool:
        """The board's and the move box's share of an event. True: used."""
        if self.movebox.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            return self.board.handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and self.anim is not None and self.board_rect.collidepoint(event.pos):
            self.anim.finish()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.board.handle_event(event)
        if event.type == pygame.KEYDOWN and self.anim is None:
            return self.board.handle_event(event)
        return False

    def pass_ring(self, gone: Any, *to: Any) -> None:
        """``gone`` was just disabled (nothing left for it to do): the keyboard's ring, if it was on
        it, goes to the first of ``to`` that can be pressed (none: the ring goes)."""
        app = self.app
        if app is None or gone is None or app.focus is not gone or gone.is_enabled:
            return
        from ..ui import focus as focus_ui
        for el in to:
            if el is not None and el.alive() and el.visible and el.is_enabled:
                focus_ui.ring_on(app, el)
                return
        focus_ui.ring_off(app, gone)

    def board_back(self) -> bool:
        """Escape on the board: the move box gives the keyboard back, a selection is cleared."""
        if self.movebox.focused():
            self.movebox.leave()
            return True
        return self.board.cancel()

    # ------------------------------------------------------------ drawing
    def decorations(self) -> Decorations:
        deco = Decorations(time=self.time)
        if self.anim is not None:
            deco.hidden = dict(self.anim.hidden)
            return deco
        deco.last_move = self.last_labels
        g = self.game
        if g is not None and g.is_over:
            try:
                deco.result = list(g.highlight_result())
            except (RulesError, ValueError, KeyError, TypeError):
                log.warning("the result cells could not be found", exc_info=True)
        self.board.decorate(deco)
        return deco

    def draw_board(self, surface: pygame.Surface) -> None:
        view, g = self.view, self.game
        if view is None or g is None:
            r = self.board_rect
            from ..views import draw as D
            why = self.bank_error or self.view_error or _("No puzzle to show.")
            D.text(surface, why, r.center, self.px(18), self.theme.text_dim)
            return
        view.set_look(self.theme, self.app.settings.flip if self.app is not None else None)
        stacks = self.mover.before if self.anim is not None else g.stacks()
        view.draw(surface, stacks, self.decorations())
        if self.anim is not None:
            self.anim.draw(surface)
        self.board.draw_drag(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.anim is None and self.view is not None:
            self.board.draw_tooltip(surface)

    def relayout_board(self) -> None:
        """The board's area changed (a resize): the view follows."""
        if self.view is not None:
            self.view.layout(self.board_rect)

    def board_and_panel(self) -> pygame.Rect:
        """The puzzle screens' layout: the board on the left, the panel on the right (36% of
        the window, 320 to 440 px). Returns the panel's inner column."""
        w, h = self.size
        px = self.px
        m = px(16)
        self.movebox.forget()
        panel_w = max(px(320), min(px(440), int(w * 0.36)))
        self.panel = pygame.Rect(w - panel_w - m, m, panel_w, h - 2 * m)
        self._board_rect = pygame.Rect(m, m, w - panel_w - 3 * m, h - 2 * m)
        self.relayout_board()
        return self.panel.inflate(-2 * px(18), 0)

    def game_tabs(self, widgets: dict[str, Any], inner: pygame.Rect, tip: Callable[[str], str]) -> None:
        """The three games as tabs at the top of the panel (``widgets["game:NAME"]``), this
        screen's game highlighted; ``tip(game)`` is each tab's tooltip."""
        from pygame_gui.elements import UIButton
        from ..names import GAME_KEYS
        from ..ui.layout import button_width, row_widths
        px = self.px
        gap = px(8)
        oids = {g: "#primary_button" if g == self.game_name else None for g in GAME_KEYS}
        widths = row_widths([button_width(game_title(g), px, self.ui, oids[g]) for g in GAME_KEYS], inner.w, gap)
        x = inner.x
        for g, tw in zip(GAME_KEYS, widths):
            widgets[f"game:{g}"] = UIButton(pygame.Rect(x, self.panel.y + px(14), tw, px(32)),
                                            game_title(g), self.ui, container=self.root,
                                            object_id=oids[g], tool_tip_text=tip(g))
            x += tw + gap

    def exit(self) -> None:
        self.stop()
        super().exit()
