"""The tutorial's puzzle play (``scene.puzzle_play``): the defence that fights back, wrong moves
played and refuted on the board, hints in steps, the Solution line.

A part of ``TutorialScene`` (``tutorial.py``): it owns the puzzle's state (solved, the Solution
line playing, a refutation coming or shown, hints given, the defence's timer and the computer
player) and reaches the page through the scene's named methods (``set_game``, ``animate``,
``say``, ``tell``…).

The opponent's answers are proved by the rules core within the puzzle's depth (``levels``:
``strongest_reply``, ``fastest_win``), so they are the same every time; the computer player
(Hard) answers only when that search is too big."""
from __future__ import annotations

import logging
import html
import re
from typing import Any

from .. import levels as L
from ..levels_i18n import T_, content
from ..names import side_name
from ..ui.endings import describe_result
from .board.engine import close_engine
from .tutorial_part import TutorialPart
from .tutorial_text import (BAD_COLOUR, BETWEEN, DIM_COLOUR, FIRST_WAIT, GOOD_COLOUR, REPLY_WAIT,
                            markup_html)

log = logging.getLogger(__name__)

__all__ = ["PuzzlePlay"]


class PuzzlePlay(TutorialPart):
    """One puzzle being solved (``scene.puzzle_play``); see the module docstring."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.solved = False
        self.autoplay = False              # the Solution button is playing the line
        self.refuting = False              # a wrong move was played, its refutation is coming
        self.refuted = False               # the refutation is on the board; a click or R tries again
        self.wrong_text = ""               # that wrong move
        self.hints_shown = 0               # hints given so far (the nudge, then the fuller hint)
        self.reply_wait = -1.0             # seconds until the defence answers (<0: none)
        self.wait = 0.0                    # seconds until the Solution line's next move
        self.engine: Any = None            # the computer player, for defences too big to prove
        self.engine_busy = False

    # ------------------------------------------------------------ the computer player
    def start_engine(self, app: Any) -> None:
        """Make the computer player with the app's engine factory (none: proofs only)."""
        factory = app.engine_factory
        if factory is not None:
            try:
                self.engine = factory()
            except Exception:           # starting the engine worker process
                log.warning("the tutorial's engine could not start", exc_info=True)
                self.engine = None

    def close(self) -> None:
        close_engine(self.engine, "the tutorial's engine")

    # ------------------------------------------------------------ state
    def busy(self) -> bool:
        """The defence is due, or the Solution line still has moves to play."""
        if self.reply_wait >= 0:
            return True
        g = self.scene.game
        return self.autoplay and g is not None and not g.is_over and not self.solved

    def hints_left(self) -> bool:
        """A hint is still to give (else the Hint button is Solution)."""
        return self.hints_shown < len(self.scene.puzzle.hints)

    def new_puzzle(self) -> None:
        """Another puzzle is opened: no hints given yet."""
        self.hints_shown = 0

    def stop(self) -> None:
        """Stop the defence's timer, the Solution line and the computer's search."""
        self.wait = 0.0
        self.reply_wait = -1.0
        self.autoplay = False
        if self.engine_busy and self.engine is not None:
            try:
                self.engine.cancel()
            except Exception:           # the engine worker's client: a gone worker has nothing to stop
                log.warning("cancelling the tutorial's engine failed", exc_info=True)
        self.engine_busy = False

    # ------------------------------------------------------------ the player's side
    def restart(self) -> None:
        sc = self.scene
        sc.stop()
        p = sc.puzzle
        self.solved = False
        self.autoplay = False
        self.refuting = self.refuted = False
        sc.set_game(p.setup)
        sc.enable_input()
        sc.tell(f"<font color='{DIM_COLOUR}'>{markup_html(content(p.prompt))}</font>")

    def show_solution(self) -> None:
        sc = self.scene
        if sc.mode != "puzzle":
            return
        self.restart()
        self.autoplay = True
        self.wait = FIRST_WAIT * 0.6 / sc.pace
        sc.disable_input()
        said = T_("The solution, against the best defence: {moves}").format(moves=" ".join(self.canonical_line()))
        sc.tell(f"<font color='{DIM_COLOUR}'>{html.escape(said)}</font>")

    def give_hint(self) -> None:
        """The Hint button (Ctrl+H): the nudge, then the fuller hint; once both are out the button is
        Solution and plays the answer (only when asked)."""
        sc = self.scene
        if sc.mode != "puzzle":
            return
        hints = sc.puzzle.hints
        if self.hints_shown >= len(hints):
            self.show_solution()
            return
        self.hints_shown += 1
        label = T_("Hint:") if self.hints_shown == 1 else T_("Hint {n}:").format(n=self.hints_shown)
        sc.tell(f"<font color='{DIM_COLOUR}'><b>{html.escape(label)}</b> "
                f"{markup_html(content(hints[self.hints_shown - 1]))}</font>")

    def judge(self, move: Any, text: str) -> None:
        """The player's move (legal): a good one is played; a wrong one is played too, and the
        defence answers it on the board (``after_move``), then a click tries again."""
        sc = self.scene
        g, p = sc.game, sc.puzzle
        if g is None or self.solved or self.autoplay or g.to_move != p.mover:
            return
        if L.puzzle_move_ok(p, g, move):
            sc.animate(text)
            sc.say(T_("Good move…") if p.goal == "win" else T_("Good move."), DIM_COLOUR)
        else:
            self.refuting = True
            self.wrong_text = g.move_str(move)
            sc.animate(text)
            sc.say("", BAD_COLOUR, prefix=html.escape(T_("{move}: watch the answer…").format(move=self.wrong_text)))

    # ------------------------------------------------------------ the lines
    def _solver_move(self) -> str | None:
        """The solution's next move for the solver (scripted while the line is followed)."""
        g, p = self.scene.game, self.scene.puzzle
        if g is None or g.is_over:
            return None
        played = [g.move_str(m) for m in g.moves_played()]
        line = self.canonical_line()
        if played == line[:len(played)] and len(played) < len(line):
            return line[len(played)]
        left = p.plies - g.ply
        if p.goal == "win":
            wins = L.winning_moves(g.copy(), left)
            return g.move_str(sorted(wins, key=g.move_sort_key)[0]) if wins else None
        return None

    def canonical_line(self) -> list[str]:
        """The puzzle's solution in canonical move names (paths written short)."""
        puzzle = self.scene.puzzle
        g = puzzle.start()
        out = []
        for text in puzzle.solution:
            m = g.parse_move(text)
            out.append(g.move_str(m))
            g.play(m)
        return out

    def _defence_move(self) -> str | None:
        """The opponent's answer, proved by an exhaustive search within the puzzle's depth: the
        solution line's while it is followed (its defences are the strongest, tests/test_puzzles_fight),
        else the strongest reply (``levels.strongest_reply``: a refutation of a wrong move, or the
        longest, tightest resistance); in a 'save' puzzle after a wrong move, the quickest win.
        Raises ``levels.SearchBudget`` when the proof is too big (the computer player answers then)."""
        g, p = self.scene.game, self.scene.puzzle
        if g is None or g.is_over:
            return None
        played = [g.move_str(m) for m in g.moves_played()]
        line = self.canonical_line()
        if not self.refuting and played == line[:len(played)] and len(played) < len(line):
            return line[len(played)]
        left = max(1, p.plies - g.ply)
        if p.goal == "save":
            return L.fastest_win(g.copy(), left, budget_nodes=L.DEFENCE_BUDGET)
        keys = sorted({c for t in line for c in re.split(r"[->*]", t) if c})
        return L.strongest_reply(g.copy(), p.mover, left, prefer=keys, budget_nodes=L.DEFENCE_BUDGET)

    # ------------------------------------------------------------ after each move, and in time
    def after_move(self) -> None:
        """After any move in a puzzle: solved, failed, or whose turn is next."""
        sc = self.scene
        g, p = sc.game, sc.puzzle
        if g is None:
            return
        if self.refuting:                      # a wrong move: the opponent's answer, then 'Try again'
            if g.to_move == p.mover or g.is_over:
                self._refuted()
            else:
                self.reply_wait = REPLY_WAIT / sc.pace
            return
        if p.goal == "win" and g.result is not None:
            if g.result.winner == p.mover:
                self._solved()
            else:
                sc.say(T_("{result} Press Restart to try again.").format(result=describe_result(g)), BAD_COLOUR)
            return
        if p.goal == "save":
            if not self.autoplay and not self.solved and g.ply >= 1:
                self._solved()
                return
            if self.autoplay and g.ply >= len(p.solution):
                self._solved()
                return
        if g.ply >= p.plies or g.is_over:
            return
        if g.to_move == p.mover:
            if self.autoplay:
                self.wait = BETWEEN / sc.pace
            else:
                sc.enable_input()
                last = g.moves_played()[-1] if g.moves_played() else None
                sc.say(T_("{side} answered {move}. Your move again.").format(
                    side=side_name(g.to_move.other.word), move=sc.last_move_text) if last is not None
                    else T_("Your move again."), DIM_COLOUR)
        elif not self.solved:
            self.reply_wait = REPLY_WAIT / sc.pace

    def update(self, dt: float) -> None:
        """Time passes on the puzzle page (no animation running): the Solution line's next
        move, or the defence's answer."""
        sc = self.scene
        g, p = sc.game, sc.puzzle
        if g is None or g.is_over:
            return
        if self.autoplay and g.to_move == p.mover and g.ply < p.plies:
            self.wait -= dt
            if self.wait <= 0:
                mv = self._solver_move()
                if mv is None:
                    self.autoplay = False
                else:
                    sc.animate(mv)
            return
        if g.to_move != p.mover and (self.reply_wait >= 0 or self.autoplay):
            self._defend(dt)

    def _refuted(self) -> None:
        """The refutation is on the board: say what it did; the next click (or Ctrl+R) tries again."""
        sc = self.scene
        g, p = sc.game, sc.puzzle
        assert g is not None
        self.refuting, self.refuted = False, True
        sc.disable_input()
        wrong = self.wrong_text
        if g.result is not None:
            what = T_("{move} does not do it: {result}").format(move=wrong, result=describe_result(g))
        else:
            reply = sc.last_move_text
            who = side_name(g.to_move.other.word)
            what = (T_("{move} does not do it: {side} answers {reply}, and the win is gone.") if p.goal == "win"
                    else T_("{move} does not do it: {side} answers {reply} and now wins by force."))
            what = what.format(move=wrong, side=who, reply=reply)
        again = T_("click the board or press Ctrl+R to go back to the start.")
        if self.hints_left():
            again += " " + T_("Stuck? Ask for a Hint.")
        head = T_("Try again:")
        sc.tell(f"<font color='{BAD_COLOUR}'>{html.escape(what)}</font><br><font color='{DIM_COLOUR}'>"
                f"<b>{html.escape(head)}</b> {html.escape(again)}</font>")

    def _solved(self) -> None:
        sc = self.scene
        p = sc.puzzle
        self.solved = True
        if not self.autoplay:
            sc.progress.mark_puzzle(sc.game_name, p.id)
            sc.save()
            sc.say(T_("Solved!") + (" " + content(p.praise) if p.praise else ""), GOOD_COLOUR)
        else:
            sc.say((content(p.praise) if p.praise else T_("That is the solution.")) + " "
                   + T_("Now try it yourself: Restart."), GOOD_COLOUR)
        sc.disable_input()

    def _defend(self, dt: float) -> None:
        """Let the opponent answer: the rules core's proof within the puzzle's depth (deterministic);
        the computer player (Hard) only when that search is too big."""
        sc = self.scene
        g = sc.game
        assert g is not None
        if self.reply_wait > 0:
            self.reply_wait -= dt
            if self.reply_wait > 0:
                return
        self.reply_wait = 0.0          # due now (and stays due while the computer thinks)
        if self.autoplay and self.wait > 0:
            self.wait -= dt
            if self.wait > 0:
                return
        move: str | None = None
        if not self.engine_busy:
            try:
                move = self._defence_move()      # the proof: deterministic
            except L.SearchBudget:
                move = None
            if move is not None or self.engine is None:
                self.reply_wait = -1.0
                self.wait = BETWEEN / sc.pace
                if move is None:
                    move = L.best_defence(g.copy(), sc.puzzle.mover, max(1, sc.puzzle.plies - g.ply))
                if move is not None:
                    sc.animate(move)
                return
        if self.engine is not None:
            try:
                if not self.engine_busy:
                    self.engine.start(g.copy(), "hard")
                    self.engine_busy = True
                    if not self.autoplay:
                        sc.say(T_("{side} (computer) is looking for the best defence…").format(
                            side=side_name(g.to_move.word)), DIM_COLOUR)
                move = self.engine.poll()
            except Exception:           # the engine worker's client: the puzzle goes on without it
                log.warning("the tutorial's engine failed", exc_info=True)
                self.engine = None
                self.engine_busy = False
            if self.engine is not None and move is None:
                return
            self.engine_busy = False
        if move is None:
            legal = sorted(g.legal_moves(), key=g.move_sort_key)
            move = g.move_str(legal[0]) if legal else None
        self.reply_wait = -1.0
        self.wait = BETWEEN / sc.pace
        if move is not None:
            sc.animate(move)
