"""The tutorial's puzzle page: the defence that fights back, wrong moves played and refuted on the
board, hints in steps, the Solution line (a mixin of ``TutorialScene``; see tutorial.py).

The opponent's answers are proved by the rules core within the puzzle's depth (``levels``:
``strongest_reply``, ``fastest_win``), so they are the same every time; the computer player
(Hard) answers only when that search is too big."""
from __future__ import annotations

import logging
import html
import re
from typing import Any

from .. import levels as L
from ..ui.endings import describe_result
from .tutorial_text import (BAD_COLOUR, BETWEEN, DIM_COLOUR, FIRST_WAIT, GOOD_COLOUR, REPLY_WAIT,
                            markup_html)

log = logging.getLogger(__name__)


class TutorialPuzzles:
    """Puzzle methods of ``TutorialScene`` (which owns the state they use)."""

    game: Any
    puzzles: Any

    def restart_puzzle(self) -> None:
        self._stop()
        p = self.puzzle
        self.solved = False
        self.autoplay = False
        self.refuting = self.refuted = False
        self._set_game(p.setup)
        self.feedback = f"<font color='{DIM_COLOUR}'>{markup_html(p.prompt)}</font>"
        self._enable_input()
        self._refresh_panel()

    def show_solution(self) -> None:
        if self.mode != "puzzle":
            return
        self.restart_puzzle()
        self.autoplay = True
        self.wait = FIRST_WAIT * 0.6 / self.pace
        if self.input is not None:
            self.input.set_game(None)
        self.feedback = f"<font color='{DIM_COLOUR}'>The solution, against the best defence:</font>"
        self._refresh_panel()

    def _solver_move(self) -> str | None:
        """The solution's next move for the solver (scripted while the line is followed)."""
        g = self.game
        p = self.puzzle
        if g is None or g.is_over:
            return None
        played = [g.move_str(m) for m in g.moves_played()]
        line = self._canonical_line()
        if played == line[:len(played)] and len(played) < len(line):
            return line[len(played)]
        left = p.plies - g.ply
        if p.goal == "win":
            wins = L.winning_moves(g.copy(), left)
            return g.move_str(sorted(wins, key=g.move_sort_key)[0]) if wins else None
        return None

    def _canonical_line(self) -> list[str]:
        """The puzzle's solution in canonical move names (paths written short)."""
        g = self.puzzle.start()
        out = []
        for text in self.puzzle.solution:
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
        g, p = self.game, self.puzzle
        if g is None or g.is_over:
            return None
        played = [g.move_str(m) for m in g.moves_played()]
        line = self._canonical_line()
        if not self.refuting and played == line[:len(played)] and len(played) < len(line):
            return line[len(played)]
        left = max(1, p.plies - g.ply)
        if p.goal == "save":
            return L.fastest_win(g.copy(), left, budget_nodes=L.DEFENCE_BUDGET)
        keys = sorted({c for t in line for c in re.split(r"[->*]", t) if c})
        return L.strongest_reply(g.copy(), p.mover, left, prefer=keys, budget_nodes=L.DEFENCE_BUDGET)

    def _puzzle_after_move(self) -> None:
        """After any move in a puzzle: solved, failed, or whose turn is next."""
        g, p = self.game, self.puzzle
        if g is None:
            return
        if self.refuting:                      # a wrong move: the opponent's answer, then 'Try again'
            if g.to_move == p.mover or g.is_over:
                self._refuted()
            else:
                self.reply_wait = REPLY_WAIT / self.pace
            return
        if p.goal == "win" and g.result is not None:
            if g.result.winner == p.mover:
                self._puzzle_solved()
            else:
                self._say(f"{describe_result(g)} Press Restart to try again.", BAD_COLOUR)
            return
        if p.goal == "save":
            if not self.autoplay and not self.solved and g.ply >= 1:
                self._puzzle_solved()
                return
            if self.autoplay and g.ply >= len(p.solution):
                self._puzzle_solved()
                return
        if g.ply >= p.plies or g.is_over:
            return
        if g.to_move == p.mover:
            if self.autoplay:
                self.wait = BETWEEN / self.pace
            else:
                self._enable_input()
                last = g.moves_played()[-1] if g.moves_played() else None
                answer = f"{g.to_move.other.title} answered {self._last_text}. " if last is not None else ""
                self._say(answer + "Your move again.", DIM_COLOUR)
        elif not self.solved:
            self.reply_wait = REPLY_WAIT / self.pace

    def _refuted(self) -> None:
        """The refutation is on the board: say what it did; the next click (or R) tries again."""
        g, p = self.game, self.puzzle
        assert g is not None
        self.refuting, self.refuted = False, True
        if self.input is not None:
            self.input.set_game(None)
        wrong = html.escape(self.wrong_text)
        if g.result is not None:
            what = f"{wrong} does not do it: {html.escape(describe_result(g))}"
        else:
            reply = html.escape(self._last_text)
            who = g.to_move.other.title
            what = (f"{wrong} does not do it: {who} answers {reply}, and "
                    + ("the win is gone." if p.goal == "win" else f"{who} now wins by force."))
        hint = " Stuck? Ask for a Hint." if self.hints_shown < len(p.hints) else ""
        self.feedback = (f"<font color='{BAD_COLOUR}'>{what}</font><br><font color='{DIM_COLOUR}'>"
                         f"<b>Try again:</b> click the board or press R to go back to the start.{hint}</font>")
        self.note = ""
        self._refresh_panel()

    def give_hint(self) -> None:
        """The Hint button (H): the nudge, then the fuller hint; once both are out the button is
        Solution and plays the answer (only when asked)."""
        if self.mode != "puzzle":
            return
        hints = self.puzzle.hints
        if self.hints_shown >= len(hints):
            self.show_solution()
            return
        self.hints_shown += 1
        label = "Hint" if self.hints_shown == 1 else f"Hint {self.hints_shown}"
        self.feedback = f"<font color='{DIM_COLOUR}'><b>{label}:</b> {markup_html(hints[self.hints_shown - 1])}</font>"
        self.note = ""
        self._refresh_panel()

    def _puzzle_solved(self) -> None:
        p = self.puzzle
        self.solved = True
        if not self.autoplay:
            self.progress.mark_puzzle(self.game_name, p.id)
            self.save()
            self._say(("Solved! " + p.praise) if p.praise else "Solved!", GOOD_COLOUR)
        else:
            self._say((p.praise or "That is the solution.") + " Now try it yourself: Restart.", GOOD_COLOUR)
        if self.input is not None:
            self.input.set_game(None)

    def _defend(self, dt: float) -> None:
        """Let the opponent answer: the rules core's proof within the puzzle's depth (deterministic);
        the computer player (Hard) only when that search is too big."""
        g = self.game
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
                self.wait = BETWEEN / self.pace
                if move is None:
                    move = L.best_defence(g.copy(), self.puzzle.mover, max(1, self.puzzle.plies - g.ply))
                if move is not None:
                    self.animate(move)
                return
        if self.engine is not None:
            try:
                if not self.engine_busy:
                    self.engine.start(g.copy(), "hard")
                    self.engine_busy = True
                    if not self.autoplay:
                        self._say(f"{g.to_move.title} (computer) is looking for the best defence…", DIM_COLOUR)
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
        self.wait = BETWEEN / self.pace
        if move is not None:
            self.animate(move)
