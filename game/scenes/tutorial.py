"""The tutorial scene: lessons and puzzles of one game, from ``levels/*.toml``.

Three pages in one scene:

``index``   the course's lessons and the puzzles, each marked when done (progress is kept
            in the user data folder by ``game.progress``);
``lesson``  one step at a time beside the board: narration (key words highlighted),
            demos replayed with the board view's real move animations (slowed down), arrows
            and highlights, try-it steps judged by the rules core with hints and praise;
            Back / Replay / Next;
``puzzle``  a position to solve; the opponent answers each move with the strongest reply an
            exhaustive search proves within the puzzle's depth (the computer player only when
            that search is too big); a wrong move is played and refuted on the board, then a
            click tries again; Hint gives a nudge, then the fuller hint, then becomes Solution,
            which plays the whole line.

``TutorialScene`` is a ``Scene`` made of parts, as the board scene is (see docs/architecture.md,
"The tutorial scene"), each keeping its own state and reached by its name:

* ``tutorial.py`` (here): life cycle, the pages and the lesson's steps, the board (views,
  moves and their animations through ``mover``, a ``MovePlayer``), events, ``update``, drawing;
  the page's words (``feedback``, ``note``) and the named methods the parts call (``set_game``,
  ``animate``, ``say``, ``tell``, ``stop``…);
* ``scene.board`` (``board/controller.py``): clicks, drag and drop, hover, as on the board;
* ``scene.movebox`` (``board/movebox.py``): the move box of a task or puzzle, the board's own class;
* ``scene.layout`` (``tutorial_layout.py``): the widgets and rects of the pages, the panel's texts;
* ``scene.puzzle_play`` (``tutorial_puzzles.py``): the puzzle's state, judging the player's
  moves, the defence, hints and the Solution line.

Like every scene it never reads a clock: ``update(dt)`` drives timers and animations.
"""
from __future__ import annotations

import logging
import html
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from .. import levels as L
from ..levels_i18n import T_, Tp_, content
from ..names import game_title, side_name
from ..anim.moves import MovePlayer
from ..progress import load_progress, save_progress
from ..rules.base import Danger, Game, RulesError
from ..ui.dangers import DangerCache, shown as shown_dangers
from ..views import BoardView, Decorations, ViewUnavailable, view_for
from ..views import draw as D
from .base import Scene, is_button, register
from .board.controller import BoardController, OnBoard
from .board.movebox import MoveBox
from .board.idle import still_time
from .tutorial_layout import TutorialLayout
from .tutorial_puzzles import PuzzlePlay
from .tutorial_text import (BAD_COLOUR, BETWEEN, CAPTURE_HOLD, DEMO_SLOW, DIM_COLOUR, FIRST_WAIT, FORM_GOALS,
                            GOOD_COLOUR, WRONG_FORM, _cells, markup_html)
from ..ui.endings import describe_result
from ..ui.problems import refusal_words

__all__ = ["TutorialScene", "markup_html"]

log = logging.getLogger(__name__)


def level_error_words(error: L.LevelError) -> str:
    """A levels file that cannot be used, in the player's words (its English detail, for the
    file's author, goes to the log)."""
    log.warning("levels file refused: %s", error)
    name = Path(error.file).name
    if error.kind == "unreadable":
        return T_("The file {file} cannot be read.").format(file=name)
    if error.kind == "not-utf8":
        return T_("The file {file} is not UTF-8 text.").format(file=name)
    if error.kind == "not-toml":
        return T_("The file {file} is not valid TOML.").format(file=name)
    if error.where:
        return T_("The file {file} has a mistake at {where}.").format(file=name, where=error.where)
    return T_("The file {file} has a mistake.").format(file=name)

# the goals of a 'your turn' step about how the game ends: its board is a live position, where the
# board warns of the game's end one move away (a step about a kind of move gets no such noise)
LIVE_GOALS = ("safe", "wins", "lead")
# keys that scroll a narration longer than its box (a step's text read by the keyboard alone)
SCROLL_KEYS = {pygame.K_DOWN: 0.25, pygame.K_UP: -0.25, pygame.K_PAGEDOWN: 1.0, pygame.K_PAGEUP: -1.0}


@register("tutorial")
class TutorialScene(Scene):
    """The lessons and puzzles of one game: see the module's docstring for how the parts fit."""

    title = "Tutorial"

    def __init__(self, game_name: str, levels_dir: str | Path | None = None,
                 progress_file: str | Path | None = None) -> None:
        super().__init__()
        self.game_name = game_name
        folder = Path(levels_dir) if levels_dir is not None else L.LEVELS_DIR
        course = L.open_course(folder / f"{game_name}.toml")
        self.course: L.Course | None = course if isinstance(course, L.Course) else None
        self.course_error = level_error_words(course) if isinstance(course, L.LevelError) else ""
        puzzles = L.open_puzzles(folder / f"puzzles-{game_name}.toml")
        self.puzzles: L.PuzzleSet | None = puzzles if isinstance(puzzles, L.PuzzleSet) else None
        self.puzzles_error = level_error_words(puzzles) if isinstance(puzzles, L.LevelError) else ""
        self.progress_file = progress_file
        self.progress, self.progress_note = load_progress(progress_file)
        self._saved = self.progress.to_json()
        self.mode = "index"
        self.lesson_i = 0
        self.step_i = 0
        self.puzzle_i = 0
        self.game: Game | None = None
        self.views: dict[tuple, BoardView | None] = {}
        self._dangers = DangerCache()
        self.board = BoardController(self)   # clicks, drag, hover, Escape/Backspace/Enter: as on the board
        self.movebox = MoveBox(self, tasks=True)     # typed moves: the board's move box (board/movebox.py)
        self.layout = TutorialLayout(self)   # the pages' widgets and rects, the panel's texts (tutorial_layout.py)
        self.puzzle_play = PuzzlePlay(self)  # the puzzle's state, the defence, hints (tutorial_puzzles.py)
        self.active_at = 0.0                 # scene time of the last input or change (idle: highlights breathe)
        self.view_error = ""
        self.mover = MovePlayer(self._anim_done)    # plays and animates moves, as the board's
        self.last_move_text = ""           # the last move played, as it reads (a puzzle's answer is told)
        self.queue: list[str] = []         # demo moves still to play
        self.slow_replay = False           # the demo is being replayed at half speed (Replay)
        self.wait = 0.0                    # seconds until the demo's next move
        self.pending_agreement = False
        self.step_solved = False           # the 'your turn' step is solved
        self.step_misses = 0               # wrong tries on this 'your turn' step
        self.hint_text_shown = False       # this step's hint was asked for (Ctrl+H)
        self.hint_move: Any = None         # a move that does the step, marked on the board once asked
        self.feedback = ""
        self.feedback_colour = DIM_COLOUR
        self.retry_hint: str | None = None  # the hint a wrong try showed, said again when the next begins
        self.note = ""                     # what the last click on the board did (plain text)
        self.note_colour = DIM_COLOUR

    # the board area's view and input belong to its controller (game/scenes/board/controller.py)
    view = OnBoard()
    input = OnBoard()
    mouse = OnBoard()

    # ------------------------------------------------------------ what the parts keep, read here
    @property
    def w(self) -> dict[str, Any]:
        """The page's widgets by name (the layout's)."""
        return self.layout.w

    @property
    def board_rect(self) -> pygame.Rect:
        """The board's area on a lesson or puzzle page (the layout's; the board controller's too)."""
        return self.layout.board_rect

    @property
    def panel_rect(self) -> pygame.Rect:
        return self.layout.panel_rect

    @property
    def solved(self) -> bool:
        """The page's task is solved: the 'your turn' step, or the puzzle."""
        return self.puzzle_play.solved if self.mode == "puzzle" else self.step_solved

    @property
    def autoplay(self) -> bool:
        """Puzzle: the Solution button is playing the line."""
        return self.puzzle_play.autoplay

    @property
    def refuted(self) -> bool:
        """Puzzle: a wrong move was answered on the board; a click or R tries again."""
        return self.puzzle_play.refuted

    @property
    def busy(self) -> bool:
        """Something is still to happen by itself (animation, demo moves, the defence, a solution)."""
        if self.anim is not None or self.queue or self.pending_agreement:
            return True
        return self.puzzle_play.busy()

    def keys_place(self) -> str:
        """The keys overlay lists a lesson's keys, a puzzle's, or the course index's."""
        return self.mode if self.mode in ("lesson", "puzzle") else "tutorial"

    # ================================================================ life cycle
    def enter(self, app: Any) -> None:
        self.puzzle_play.start_engine(app)
        super().enter(app)

    def exit(self) -> None:
        self.puzzle_play.close()
        self.save()
        super().exit()

    def save(self) -> None:
        """Write the progress if it changed (a failure is shown on the index page), where the
        player's files are written (``writes_files``)."""
        if not self.writes_files():
            return
        now = self.progress.to_json()
        if now == self._saved:
            return
        note = save_progress(self.progress, self.progress_file)
        if note:
            self.progress_note = note
        else:
            self._saved = now

    @property
    def pace(self) -> float:
        """The player's animation speed setting (pauses shrink when it grows)."""
        return max(0.25, self.app.settings.anim_speed if self.app is not None else 1.0)

    @property
    def speed(self) -> float:
        """Demos run slower than the player's setting; a demo replayed (Replay, R) at half that."""
        base = self.app.settings.anim_speed if self.app is not None else 1.0
        return max(0.05, base * DEMO_SLOW * (0.5 if self.slow_replay else 1.0))

    # ================================================================ layout
    def build_ui(self) -> None:
        self.layout.build()
        if self.mode != "index":
            self.refresh_panel()

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """Texts this scene draws itself (the layout audit checks them): (name, rect, bounds, size)."""
        return self.layout.layout_rects()

    # ================================================================ pages
    def show_index(self, keyboard: bool = False) -> None:
        """The list of lessons and puzzles. ``keyboard``: the player came back by the keyboard
        (Escape, a button pressed with the ring on it), so the ring waits on the lesson to take
        next, the one drawn orange: Enter goes on with it."""
        self.stop()
        self.mode = "index"
        self.game = None
        self.save()
        if self.app is None:
            return
        keyboard = keyboard or self.app.focus is not None
        self.relayout(keep_ring=False)
        nxt = self.layout.next_lesson
        buttons = self.layout.w.get("lesson_buttons") or []
        if keyboard and 0 <= nxt < len(buttons):
            from ..ui import focus as focus_ui
            focus_ui.ring_on(self.app, buttons[nxt])

    def open_lesson(self, index: int, step: int | None = None) -> None:
        assert self.course is not None
        self.mode = "lesson"
        self.lesson_i = max(0, min(index, len(self.course.lessons) - 1))
        lesson = self.course.lessons[self.lesson_i]
        if step is None:
            step = 0 if self.progress.lesson_done(self.game_name, lesson.id) else self.resume_step(lesson)
        self.game = None
        self.step_i = max(0, min(step, len(lesson.steps) - 1))
        if self.app is not None:
            self.relayout(keep_ring=False)  # a new page: Enter goes on (Next), not the button the list had
        self.open_step(self.step_i)

    def resume_step(self, lesson: L.Lesson) -> int:
        """Where a lesson left goes on: the step the player was on, or the one after it when that
        step's task was done (a finished task is not set again)."""
        step = self.progress.resume_step(self.game_name, lesson.id)
        if 0 <= step < len(lesson.steps) - 1 and lesson.steps[step].kind == "try" \
                and self.progress.try_done(self.game_name, lesson.id, step):
            step += 1
        return step

    def open_puzzle(self, index: int) -> None:
        assert self.puzzles is not None
        self.mode = "puzzle"
        self.puzzle_i = max(0, min(index, len(self.puzzles.puzzles) - 1))
        self.puzzle_play.new_puzzle()
        self.movebox.clear()
        self.layout.page_opened()
        if self.app is not None:
            self.relayout(keep_ring=False)
        self.puzzle_play.restart()

    def give_hint(self) -> None:
        """The Hint button (Ctrl+H): the nudge, the fuller hint, then the solution (``puzzle_play``)."""
        self.puzzle_play.give_hint()

    @property
    def lesson(self) -> L.Lesson:
        assert self.course is not None
        return self.course.lessons[self.lesson_i]

    @property
    def step(self) -> L.Step:
        return self.lesson.steps[self.step_i]

    @property
    def puzzle(self) -> L.Puzzle:
        assert self.puzzles is not None
        return self.puzzles.puzzles[self.puzzle_i]

    # ================================================================ lesson steps
    def open_step(self, index: int) -> None:
        self.stop()
        self.slow_replay = False
        self.step_i = index
        step = self.step
        self.step_solved = False
        self.step_misses = 0
        self.hint_text_shown = False
        self.hint_move = None
        self.movebox.clear()
        self.layout.page_opened()
        self.feedback = ""
        self.feedback_colour = DIM_COLOUR
        if step.setup is not None:
            self.set_game(step.setup)
        elif self.game is None:
            self.set_game(L.Setup(self.game_name))
        if step.kind == "demo":
            self.queue = list(step.moves)
            self.wait = FIRST_WAIT / self.pace
            self.pending_agreement = step.agreement
            if step.caption:
                self.feedback = markup_html(content(step.caption))
            if not step.moves and not step.agreement:
                self._demo_finished()
        elif step.kind == "try":
            self.enable_input()
            said = T_("Your move: {side}.").format(side=self._side())
            self.feedback = f"<font color='{DIM_COLOUR}'>{html.escape(said)}</font>"
        elif step.caption:
            self.feedback = markup_html(content(step.caption))
        self.progress.set_resume(self.game_name, self.lesson.id, index)
        self._lesson_reached_end()
        self.refresh_panel()

    def _lesson_reached_end(self) -> None:
        """On the lesson's last step with every 'your turn' step solved, the lesson is done now,
        whether the player then presses Next or leaves (Escape, Back to the list)."""
        if self.mode == "lesson" and self.step_i == len(self.lesson.steps) - 1 and self.lesson_solved() \
                and not self.progress.lesson_done(self.game_name, self.lesson.id):
            self.progress.mark_lesson(self.game_name, self.lesson.id)
            self.save()

    def next_step(self) -> None:
        if self.mode == "puzzle":
            if self.puzzles is not None and self.puzzle_i + 1 < len(self.puzzles.puzzles):
                self.open_puzzle(self.puzzle_i + 1)
            else:
                self.show_index()
            return
        if self.step_i + 1 < len(self.lesson.steps):
            self.open_step(self.step_i + 1)
            return
        if self.lesson_solved():
            self.progress.mark_lesson(self.game_name, self.lesson.id)
        self.save()
        assert self.course is not None
        if self.lesson_i + 1 < len(self.course.lessons):
            self.open_lesson(self.lesson_i + 1, 0)
        else:
            self.show_index()

    def lesson_solved(self) -> bool:
        """Every 'your turn' step of the lesson solved (now or before): only then is it done;
        a step skipped with the Skip button does not count."""
        lesson = self.lesson
        return all(self.progress.try_done(self.game_name, lesson.id, i)
                   for i, st in enumerate(lesson.steps) if st.kind == "try")

    def takes_typed_moves(self) -> bool:
        """Does this page take a typed move (a 'your turn' step, a puzzle)? A step that tells or
        shows has no move box."""
        if self.mode == "lesson":
            return self.step.kind == "try"
        return self.mode == "puzzle"

    def task_open(self) -> bool:
        """A 'your turn' step or a puzzle not solved yet: keys do not go past it (the Skip or
        Next puzzle button does)."""
        if self.mode == "lesson":
            return self.step.kind == "try" and not self.solved
        return self.mode == "puzzle" and not self.solved

    def go_on_by_key(self) -> None:
        """Enter or Right (nothing to end on the board): the next step, unless a task is open."""
        if not self.task_open():
            self.next_step()
            return
        self._note(T_("Make your move on the board first (the Skip button goes on without it).")
                   if self.mode == "lesson" else
                   T_("Make your move on the board first (the Next puzzle button goes on without it)."), BAD_COLOUR)

    def prev_step(self) -> None:
        if self.mode == "lesson":
            if self.step_i > 0:
                self.open_step(self.step_i - 1)
            elif self.lesson_i > 0:
                assert self.course is not None
                self.open_lesson(self.lesson_i - 1, len(self.course.lessons[self.lesson_i - 1].steps) - 1)

    def replay(self) -> None:
        if self.mode == "lesson":
            slow = self.step.kind == "demo"        # watch it again, at half the speed
            self.open_step(self.step_i)
            self.slow_replay = slow
        elif self.mode == "puzzle":
            self.puzzle_play.restart()

    # ================================================================ the board
    def _get_view(self, options: dict[str, Any]) -> BoardView | None:
        key = tuple(sorted((k, v) for k, v in options.items() if k in ("size",)))
        if key not in self.views:
            try:
                self.views[key] = view_for(self.game_name, **dict(key))
                self._look(self.views[key])
            except ViewUnavailable as exc:       # its English is for the log; the window says it in words
                log.warning("the tutorial has no board: %s", exc)
                self.views[key] = None
                self.view_error = T_("The {game} board is not available.").format(game=game_title(self.game_name))
        return self.views[key]

    def _look(self, view: BoardView | None) -> None:
        """The app's theme and flip setting on the view (when it is made, and each frame)."""
        if view is not None and self.app is not None:
            view.set_look(self.app.theme, self.app.settings.flip)

    def set_game(self, setup: L.Setup) -> None:
        """Put a step's or a puzzle's position on the board (its view made or reused); the
        board takes no clicks until ``enable_input``."""
        try:
            self.game = setup.make()
        except (RulesError, ValueError) as exc:
            self.game = None
            log.warning("a lesson's position cannot be set up: %s", exc)
            why = refusal_words(exc, self.game_name) if isinstance(exc, RulesError) else T_("It cannot be read.")
            self.view_error = T_("This position cannot be set up: {problem}").format(problem=why)
            return
        view = self._get_view(dict(self.game.options()))
        if view is not self.view:
            self.board.show(self.game_name, view)
        self.disable_input()

    def enable_input(self) -> None:
        """The board takes the player's clicks on the position (a try-it step's kind of move only)."""
        if self.input is not None and self.game is not None and not self.game.is_over:
            self.input.paths = self._asked_paths()   # a step may ask for one route of a chain
            self.input.set_game(self.game)
            goal = self._try_goal()
            if goal is not None and goal.kind in FORM_GOALS and not self.step_solved:
                # a step asking for one kind of move marks only moves of that kind (no jump target on
                # 'walk a disc', to be answered 'Not quite'); which move is not given away
                g = self.game
                self.input.restrict_to({g.move_str(m) for m in goal.solutions(g)})

    def disable_input(self) -> None:
        """The board takes no clicks (a move is on its way, the task is done, the page is left)."""
        if self.input is not None:
            self.input.set_game(None)
    def _try_goal(self) -> L.Goal | None:
        if self.mode != "lesson" or self.step.kind != "try":
            return None
        return self.step.goal

    def _asked_paths(self) -> dict[str, tuple[str, ...]]:
        """Routes the try-it step writes out (``moves = ["b2-d4-d6"]``): move text -> path."""
        g, goal = self.game, self._try_goal()
        out: dict[str, tuple[str, ...]] = {}
        if g is None or goal is None or goal.kind not in ("move", "any-of"):
            return out
        for t in goal.moves:
            if len(_cells(t)) > 2:
                try:
                    move, path = g.parse_path(t)
                except RulesError:
                    continue
                out.setdefault(g.move_str(move), tuple(path))
        return out

    def _route_ok(self, goal: L.Goal, move: Any, text: str) -> bool:
        """A goal move written as a path (Onager ``b2-d4-d6``) asks for that route, not only for
        the move it names (``b2-d6``): the player's clicked path must be one of those written."""
        asked = self._asked_routes(goal, move)
        return not asked or _cells(text) in [_cells(t) for t in asked]

    def _asked_routes(self, goal: L.Goal, move: Any) -> list[str]:
        """The paths the goal writes out for ``move`` ([] when any route to it will do: the
        goal writes it short, or names no path)."""
        g = self.game
        if g is None or goal.kind not in ("move", "any-of"):
            return []
        asked = []
        for t in goal.moves:
            try:
                if g.parse_move(t) != move:
                    continue
            except RulesError:
                continue
            if len(_cells(t)) <= 2:
                return []                         # written short: any route to it
            asked.append(t)
        return asked

    def _side(self) -> str:
        return side_name(self.game.to_move.word) if self.game is not None else ""

    def stop(self) -> None:
        """Stop animations, timers and searches of the page being left (or started again)."""
        self.mover.drop()
        self.queue = []
        self.wait = 0.0
        self.pending_agreement = False
        self.puzzle_play.stop()
        self.note = ""
        self.board.drop_drag()
        self.disable_input()

    def animate(self, text: str) -> bool:
        """Play a move on the tutorial board with its animation; False if refused."""
        g = self.game
        if g is None:
            return False
        self.mover.finish()
        try:
            said = g.move_str(g.parse_text(text)[0])    # how the move reads, from before it
            self.mover.play(self.view, g.stacks(), lambda: g.play_text(text)[1], self.speed,
                            hold=CAPTURE_HOLD)
            self.last_move_text = said
        except RulesError as exc:
            self.say(refusal_words(exc, self.game_name), BAD_COLOUR)
            return False
        if self.anim is not None:
            self.disable_input()
        return True

    @property
    def anim(self) -> Any:
        """The running animation, None when still."""
        return self.mover.anim

    @property
    def anim_before(self) -> dict[str, tuple[str, ...]]:
        return self.mover.before

    def _anim_done(self) -> None:
        if self.mode == "lesson" and self.step.kind == "demo":
            if self.queue:
                self.wait = BETWEEN / self.pace
            else:
                self._demo_finished()
        elif self.mode == "puzzle":
            self.puzzle_play.after_move()
        self.refresh_panel()

    def _demo_finished(self) -> None:
        g = self.game
        if g is None:
            return
        if self.pending_agreement:
            self.pending_agreement = False
            try:
                g.end_by_agreement()
            except RulesError as exc:
                self.say(refusal_words(exc, self.game_name), BAD_COLOUR)
                return
        caption = markup_html(content(self.step.caption)) if self.step.caption else ""
        res = describe_result(g)
        if res:
            caption += ("<br>" if caption else "") + f"<b><font color='{GOOD_COLOUR}'>{html.escape(res)}</font></b>"
        again = T_("Replay (Ctrl+R) shows it again at half speed; Next goes on.")
        self.feedback = caption or f"<font color='{DIM_COLOUR}'>{html.escape(again)}</font>"
        self.refresh_panel()

    # ================================================================ moves by the player
    def player_move(self, text: str) -> bool:
        """A move made by the player on a try-it step or a puzzle (already a legal move text);
        True when it was played (a lesson's wrong try is not)."""
        g = self.game
        if g is None or self.anim is not None:
            return False
        try:
            move = g.parse_move(text)
        except RulesError as exc:
            self.say(refusal_words(exc, self.game_name), BAD_COLOUR)
            return False
        if self.mode == "lesson" and self.step.kind == "try" and not self.step_solved:
            goal = self.step.goal
            assert goal is not None
            route_ok = self._route_ok(goal, move, text)
            if goal.met(g, move) and not route_ok:
                # the right move by another path (or written short): say so, and which path the
                # step asks for, never a path the player did not take
                asked = self._asked_routes(goal, move)
                self.say(T_("That move ends right, but this step asks for its path: {path}.").format(
                    path=" / ".join(asked)), BAD_COLOUR)
                return False
            if goal.met(g, move) and route_ok:
                self.step_solved = True
                self.hint_move = None
                self.movebox.clear()              # a text refused before, or this move: no longer to play
                self.progress.mark_try(self.game_name, self.lesson.id, self.step_i)
                self._lesson_reached_end()
                self.animate(text)
                self.say(content(self.step.praise), GOOD_COLOUR, prefix=html.escape(T_("Well done!")) + " ")
                return True
            shown = "-".join(_cells(text)) if len(_cells(text)) > 2 else g.move_str(move)
            if ">" in shown and self.board.clicked:   # a split, clicked: as clicked (its notation comes later)
                shown = " → ".join(self.board.clicked)
            said = T_("Not quite ({move}).").format(move=shown)
            form = goal.wrong_form(g, move)       # a split for a whole-stack task (or back): say that first
            if form is not None:
                said += " " + T_(WRONG_FORM[form])
            self.step_misses += 1
            hint = content(self.step.hint)
            if self.step_misses >= 2 and self.hint_move is None:
                answer = self._mark_answer()           # stuck: one move that does it, on the board
                if answer:
                    hint += (" " if hint else "") + answer
            self.say(hint, BAD_COLOUR, prefix=html.escape(said) + " ")
            self.retry_hint = hint              # the next try begun: the hint stays, 'Not quite' goes
            self.enable_input()
            return False
        if self.mode == "puzzle":
            self.puzzle_play.judge(move, text)
            return True
        return False

    # ================================================================ a hint on a 'your turn' step
    def lesson_hint(self) -> None:
        """Ctrl+H on a 'your turn' step: its hint first, then a move that does it, marked on the
        board (two wrong tries mark one too)."""
        if self.mode != "lesson" or not self.task_open() or self.anim is not None or self.game is None:
            return
        step = self.step
        label = html.escape(T_("Hint:")) + " "
        if step.hint and not self.hint_text_shown:
            self.hint_text_shown = True
            self.say(content(step.hint), DIM_COLOUR, prefix=label)
            return
        answer = self._mark_answer()
        if answer:
            self.say(answer, DIM_COLOUR, prefix=label)

    def _mark_answer(self) -> str:
        """Show a move that does this step: marked on the board (``hint_move``), or, for the pie
        rule's swap (no point on the board), the ring on the Swap button. The sentence that says
        which ('' when none is found)."""
        g, goal = self.game, self._try_goal()
        if g is None or goal is None:
            return ""
        found: tuple[Any, str] | None = None
        if goal.kind in ("move", "any-of"):          # the step's own move, by the path it asks for
            for t in goal.moves:
                try:
                    move = g.parse_path(t)[0] if len(_cells(t)) > 2 else g.parse_move(t)
                except RulesError:
                    continue
                found = (move, t)
                break
        if found is None:
            answers = goal.solutions(g)
            found = (answers[0], g.move_str(answers[0])) if answers else None
        if found is None:
            return ""
        self.hint_move = found[0]
        self.active_at = self.time
        option = self.input.option_of(found[0]) if self.input is not None else None
        if self.input is not None and option is not None and option.clicks:
            way = self.input.route(option)                       # a chain by its landings
            return T_("One move that does it is marked: {move}.").format(move="-".join(way) if len(way) > 2
                                                                          else found[1])
        swap = self.w.get("swap")
        if self.app is not None and swap is not None and swap.visible and swap.is_enabled:
            self.app.focus = swap
            return T_("One move that does it: {move}.").format(move=Tp_("pie rule", "Swap"))
        return T_("One move that does it: {move}.").format(move=found[1])

    # ================================================================ the page's words
    def say(self, text: str, colour: str, prefix: str = "") -> None:
        """Course text (marked up) in ``colour`` as the feedback under the narration."""
        body = markup_html(text) if text else ""
        self.tell(f"<font color='{colour}'>{prefix}{body}</font>")

    def tell(self, feedback: str) -> None:
        """The feedback under the narration (HTML), the last click's note gone."""
        self.feedback = feedback
        self.retry_hint = None
        self.note = ""
        self.refresh_panel()

    def _note(self, text: str, colour: str = DIM_COLOUR) -> None:
        """What a click did (a refusal, a selection, a chain taken back), under the feedback;
        the next click replaces it, so no message stays once it is no longer true."""
        self.note = text
        self.note_colour = colour
        self.refresh_panel()

    def refresh_panel(self) -> None:
        """The page changed: the panel shows it (``layout.refresh``), highlights breathe a while."""
        self.active_at = self.time             # a change: highlights breathe for a while (needs_frames)
        self.layout.refresh()

    # ================================================================ events
    def back(self) -> bool:
        """Escape: gives the move box's keyboard back, clears the board's selection (an open
        chain) first, as on the board; else the list."""
        if self.mode != "index":
            if self.movebox.focused():
                self.movebox.leave()
                return True
            if self.board.cancel():
                return True
            self.show_index(keyboard=True)
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event)
        if self.mode == "index":
            return self._index_key(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.active_at = self.time
        if self.movebox.handle_event(event):
            return True                      # typed moves; while the box has the keyboard, its keys
        if event.type == pygame.MOUSEMOTION:
            return self.board.handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and self.anim is not None:
            self.anim.finish()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.board.handle_event(event)
        if event.type == pygame.KEYDOWN:
            if self.anim is None and self.board.handle_event(event):
                return True                  # Enter ended an open chain, Backspace took a landing back
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)    # a plain letter types a move
            if event.key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.go_on_by_key()
            elif event.key == pygame.K_LEFT:
                self.prev_step()
            elif event.key in SCROLL_KEYS:
                return self.scroll_text(SCROLL_KEYS[event.key])
            elif event.key == pygame.K_r and ctrl:
                self.replay()
            elif event.key == pygame.K_h and ctrl and self.mode == "puzzle":
                self.give_hint()
            elif event.key == pygame.K_h and ctrl and self.mode == "lesson" and self.task_open():
                self.lesson_hint()
            else:
                return False
            return True
        return False

    def _index_key(self, event: pygame.event.Event) -> bool:
        """Enter on the list (the ring on no button): the lesson drawn orange, the one to take
        next, as the look of its button says."""
        if event.type != pygame.KEYDOWN or event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return False
        nxt = self.layout.next_lesson
        if self.course is None or not 0 <= nxt < len(self.course.lessons):
            return False
        self.open_lesson(nxt)
        return True

    def tab_groups(self) -> list[list[Any]]:
        """The list's two columns, lessons then puzzles, each whole (not row by row)."""
        if self.mode != "index":
            return []
        return [list(self.w.get("lesson_buttons", [])), list(self.w.get("puzzle_buttons", []))]

    def scroll_text(self, pages: float) -> bool:
        """Scroll the narration by ``pages`` of its height (Up/Down a quarter, Page Up/Down a
        page), for the keyboard; False when it all shows (nothing to scroll)."""
        box = self.w.get("text")
        bar = box.scroll_bar if box is not None else None
        if bar is None:
            return False
        bar.set_scroll_from_start_percentage(bar.start_percentage + pages * bar.visible_percentage)
        bar.has_moved_recently = True           # (the box redraws its text from the bar's place)
        return True

    def click_board(self, pos: tuple[int, int]) -> None:
        """A click on the board (the controller asks ``board_gate`` first)."""
        self.board.click(pos)

    def end_chain(self) -> bool:
        """Enter while an Onager chain is open: end the move where the disc stands (as on the
        board). False when no chain can end (Enter then goes on, unless a task is open)."""
        return self.anim is None and self.board.end_chain()

    # the controller's hooks: lessons and puzzles only judge what comes out of the board
    def board_gate(self) -> bool:
        if self.view is None or self.input is None or self.game is None:
            return False
        if self.mode == "puzzle" and self.puzzle_play.refuted and self.anim is None:
            self.puzzle_play.restart()             # 'Try again': back to the puzzle's start
            return False
        if self.input.game is None:
            if self.mode == "lesson" and self.step.kind == "try" and self.step_solved:
                self.say(T_("Done already: press Next."), GOOD_COLOUR)
            return False
        return True

    def board_move(self, text: str) -> bool:
        self.note = ""
        return self.player_move(text)

    def board_said(self, res: Any) -> None:
        if res.changed and self.retry_hint is not None:     # a new try begun on the board
            self.say(self.retry_hint, DIM_COLOUR)
        self._note(res.message, DIM_COLOUR if res.changed else BAD_COLOUR)

    # the move box's hooks (board/movebox.py): a typed move goes through board_gate and board_move
    def movebox_open(self) -> bool:
        """A character typed on the board starts a move while a task is open."""
        return self.mode != "index" and self.task_open()

    def finish_animation(self) -> None:
        self.mover.finish()

    def movebox_said(self, text: str, error: bool) -> None:
        """A refused text under the feedback; else the box took or gave back the keyboard
        (``layout.refresh`` says how to type while it has it)."""
        if error:
            self._note(text, BAD_COLOUR)
        else:
            self.refresh_panel()

    def _button(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        W = self.w
        for i, b in enumerate(W.get("lesson_buttons", [])):
            if is_button(event, b):
                self.open_lesson(i)
                return True
        for i, b in enumerate(W.get("puzzle_buttons", [])):
            if is_button(event, b):
                self.open_puzzle(i)
                return True
        if is_button(event, W.get("menu")):
            self.app.pop()
        elif is_button(event, W.get("next")):
            self.next_step()
        elif is_button(event, W.get("back")):
            self.prev_step()
        elif is_button(event, W.get("replay")):
            self.replay()
        elif is_button(event, W.get("solution")):
            self.give_hint()                       # the nudge, the hint, then the solution
        elif is_button(event, W.get("index")):
            self.show_index()
        elif is_button(event, W.get("swap")):
            if self.game is not None and self.input is not None and self.input.game is not None:
                self.player_move("swap")
        else:
            return False
        return True

    # ================================================================ time
    def needs_frames(self) -> bool:
        """Something moves or waits for time: a demo, the defence, a solution, a drag, a coming
        tooltip, or highlights still breathing after the last input or change (``BREATHE_FOR``,
        as on the board). The list page, a finished demo and a puzzle waiting for a click are still."""
        if self.mode == "index":
            return False
        if self.busy or self.puzzle_play.engine_busy or self.board.needs_frames() or self.movebox.needs_frames():
            return True
        return self.time < still_time(self.active_at)

    def display_time(self) -> float:
        """The time highlights are drawn at: held at full glow once the page is still (idle.py)."""
        return min(self.time, still_time(self.active_at))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)
        self.movebox.update()
        if self.busy or self.puzzle_play.engine_busy:
            self.active_at = self.time        # highlights breathe on for a while after it ends
        if self.anim is not None:
            self.anim.update(dt)
            return
        if self.mode == "lesson" and (self.queue or self.pending_agreement):
            self.wait -= dt
            if self.wait <= 0:
                if self.queue:
                    self.animate(self.queue.pop(0))
                else:
                    self._demo_finished()
            return
        if self.mode == "puzzle":
            self.puzzle_play.update(dt)

    def dangers_shown(self) -> list[Danger]:
        """The other side's threats to end the game one move away, on a 'your turn' step whose
        board is a live position (``LIVE_GOALS``) while it takes the player's move; none on other
        steps, in puzzles (a warning would be a hint) or while a move is on its way."""
        g = self.game
        if self.mode != "lesson" or g is None or g.is_over or self.anim is not None or self.input is None \
                or self.input.game is None:
            return []
        goal = self._try_goal()
        if goal is None or goal.kind not in LIVE_GOALS:
            return []
        player = g.to_move
        return shown_dangers(self._dangers.of(g), player, lambda c: c == player)

    # ================================================================ drawing
    def decorations(self) -> Decorations:
        deco = Decorations(time=self.display_time())
        g = self.game
        if self.anim is not None:
            deco.hidden = dict(self.anim.hidden)
            if self.mode == "lesson":              # the step's rings stay while its demo plays (a capture's square)
                deco.marks = list(self.step.highlights)
            return deco
        if self.mode == "lesson":
            step = self.step
            deco.marks = list(step.highlights)     # plain rings (deco.result is a game's result: Onyx chains)
            if step.kind != "demo" or (self.queue and len(self.queue) == len(step.moves)) or not step.moves:
                for a in step.arrows:
                    deco.arrows.extend(zip(a, a[1:]))
            for a in step.blocked:             # a move that does not exist: crossed out, never like an arrow
                deco.blocked.extend(zip(a, a[1:]))
        if g is not None and g.is_over:
            try:
                deco.result = deco.result + list(g.highlight_result())
            except (RulesError, ValueError, KeyError, TypeError):
                log.warning("the result cells could not be found", exc_info=True)   # drawn without them
        self.board.decorate(deco)
        if self.mode == "lesson" and self.hint_move is not None and self.task_open() and self.input is not None:
            option = self.input.option_of(self.hint_move)
            if option is not None:
                self.input.show_move(deco, option, T_("Hint"))
        deco.dangers = self.dangers_shown()
        return deco

    def draw(self, surface: pygame.Surface) -> None:
        if self.mode == "index":
            self.layout.draw_index(surface)
            return
        self.layout.draw_panel(surface)
        if self.view is None or self.game is None:
            r = self.board_rect
            D.text(surface, T_("The board cannot be shown here yet."), r.center, self.px(22), D.PALETTE["text_dim"])
            return
        self._look(self.view)
        stacks = self.anim_before if self.anim is not None else self.game.stacks()
        self.view.draw(surface, stacks, self.decorations())
        if self.anim is not None:
            self.anim.draw(surface)
        self.board.draw_drag(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Over the widgets: the hover text of the stack under a resting pointer (as on the board)."""
        if self.mode == "index" or self.anim is not None or self.view is None:
            return
        self.board.draw_tooltip(surface)
