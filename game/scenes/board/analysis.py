"""The analysis board: play both sides freely, keep every line, ask the engine what it thinks.

``AnalysisScene`` is a ``BoardScene`` (the controller, the move list with its variations, the
browsing keys, Save/Load, the toolbar) that overrides only what differs:

* both sides are people and nothing asks first: a move from an earlier position simply adds a
  variation there (the line shown goes on in it; the main line and where it stands stay as
  they were), the move already in the tree is just stepped onto, nothing is ever deleted
  (``play_move``);
* no offers, resignation or hint: their buttons are 'Engine on/off' and 'Play from here' (with
  the level it plays at, a click changes it); Undo and Redo share their row (Flip is the
  toolbar's, as on every board, and Ctrl+F);
* the engine panel (``game.ui.evalbar.EvalPanel``): a bar beside the board and a strip under
  it with the best ``ROWS`` moves in the engine's order (best first for the side to move), the
  lines the engine expects and their visits; the same moves on the board as arrows or ghost
  pieces tagged with their rank and value (the views' decorations, as the hint and the
  review's 'Better' move). One viewpoint everywhere: the bar, the heading, every line and every
  tag show Black's chance (``Line.value`` is Black's chance after the move, whoever moves). A
  line the engine has not searched enough to stand beside the others (``reliable`` False) is
  drawn muted: dim in the strip, a faint arrow and a tag in brackets on the board.
  The engine is its own worker request (``WorkerEngine.analyse``, kind ANALYSE in
  ``game.ai.worker``; in tests ``StubEngine.analyse``, in this process with a tiny budget): a
  new position shown cancels the old request and starts one, each round's partial reply
  updates the panel; Engine off (or E) cancels it; leaving or another scene on top stops it;
* the engine costs the window nothing: the search runs in the worker, and while it streams the
  board does not ask for frames (``needs_frames``); a timer event (``WAKE``, 0.1 s after a frame
  at first, later up to 0.5 s as the worker's rounds grow longer: ``wake_ms``) wakes the sleeping
  loop to collect replies, and what is drawn (``panel_state``, the marks) is made again only when a
  reply changed what the engine says (``_an_rev``);
* 'Play from here' opens a normal board (pushed: its Back comes back here) with a new game of
  the moves to the position shown, the player on the side to move, the computer on the other
  at the level chosen;
* no autosave: an analysis is not a game in progress (Save… writes it as a record). So leaving
  (Escape, Menu or Back, New game) while the tree holds work not saved
  (``BoardAutosave.unsaved_work``, which Load's "Replace the game?" reads too: moves, a
  variation moved or removed, a comment, since the board opened or was last saved) asks
  first: "Save the analysis first?" with Save… (the Save dialog; once the file is written the
  board goes), Leave without saving, and Stay (Escape). What the board opened with (a game's
  moves, a record's, ``--moves``) is no work of the player's: it leaves at once;
* the review (the toolbar's Review: ``_Review``) shows its strip in the engine panel's place:
  while the strip shows, the panel, its marks on the board and Ctrl+N are gone and the engine
  rests (its request cancelled: the review's worker has the processor); closing the strip
  brings the panel back and the engine picks up at the position shown. Engine on and H ask
  for the engine's view: they close the strip. Its 'Analyse from here' is not offered here.

Scenes: ``analysis`` (``AnalysisScene.of_position(game, options, moves)``: the menu's Analyse, the
command line's ``--scene analysis:GAME``), ``analysis_of`` (``AnalysisScene.of_match(match,
node)``: a copy of a game's tree at ``node``: the review's 'Analyse from here') and
``analysis_from_record`` (``AnalysisScene.of_record(record)``: a record's tree, where it was left).
"""
from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any, Protocol, Sequence, runtime_checkable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ...i18n import N_, _, ngettext, number
from ...names import game_title, level_words, side_name
from ...match import HUMAN, LEVELS, Match
from ...rules.base import Color, RulesError
from ...rules.tree import GameNode, GameTree
from ...views import draw as D
from ...views.base import ghosts_of
from ...ui.evalbar import ROWS, EvalPanel, PanelLine, PanelState
from ...ui.layout import button_width, row_widths
from ...ui.problems import refusal_words
from ...ui.words import chance_text, variant_words
from ..base import WAKE, is_button, register
from .computer import make_engine
from .engine import Analyser, close_engine
from .review import REVIEW_KEY, BoardReview
from .saving import BoardAutosave
from .scene import BoardScene

log = logging.getLogger(__name__)

__all__ = ["AnalysisScene", "copy_tree", "WAKE", "wake_ms"]

WAKE_FIRST_MS = 100                 # the worker's first rounds are short (800 iterations, then doubling) ...
WAKE_MAX_MS = 500                   # ... its later ones a few seconds: a reply waits at most this long to be seen
FINISHED_KEPT = 256                 # finished analyses kept (a few KB each)
MUTED_ALPHA = 70                    # a line not searched enough: its arrow or ghost, faint


def wake_ms(replies: int) -> int:
    """How often the loop wakes to look for the worker's next reply, after ``replies`` replies:
    the worker's rounds double in length, so the wakes grow apart too (100, 100, 200, 400, then
    500 ms) and a reply is seen within a fraction of its round."""
    return min(WAKE_MAX_MS, WAKE_FIRST_MS * 2 ** max(0, replies - 1))


@runtime_checkable
class JumpArcs(Protocol):
    """A view that draws a jump as an arc over its pivot (Onager's: ``game.views.onager``,
    imported lazily by ``view_for``, so named here by what it does)."""

    def pivot_of(self, a: str, b: str) -> str | None: ...

    def jump_arc(self, surface: pygame.Surface, a: str, b: str, colour: Sequence[int], alpha: int = 190) -> None: ...


class _NoAutosave(BoardAutosave):
    """The analysis board keeps no file among the unfinished games."""

    def kept_text(self) -> str:
        return ""

    def lost_on_leaving(self) -> bool:
        return self.unsaved_work()          # (nothing keeps what was added here but a file)

    def after_frame(self) -> None:
        pass

    def close(self) -> None:
        pass

    def write_now(self) -> None:
        pass


class _Review(BoardReview):
    """The analysis board's review: when its strip comes, goes or changes its height, the
    engine's panel is placed (or hidden) in the board area it leaves; it advises (its 'Better'
    move, its status line) only with its strip."""

    def __init__(self, scene: "AnalysisScene") -> None:
        super().__init__(scene)
        self.analysis = scene

    def lay_out_board(self) -> None:
        super().lay_out_board()
        self.analysis.place_engine()

    def advises(self) -> bool:
        """Its 'Better' move and verdicts only while the strip shows (else the engine's marks
        and lines are there: one recommendation at a time)."""
        return self.shown


class _Gone:
    """In place of a board button the analysis board does not have (the panel enables it)."""

    def enable(self) -> None:
        pass

    def disable(self) -> None:
        pass

    def kill(self) -> None:
        pass


def copy_tree(tree: GameTree, at: GameNode | None = None) -> tuple[GameTree, GameNode]:
    """A copy of ``tree`` (moves, comments, annotations but the review's verdicts; no
    resignations or agreements: the analysis goes on from any position) and the copy of ``at``
    (default: the cursor), which is the copy's cursor.

    The review's verdicts stay with the game reviewed: on the copy they would bring back the
    review's marks and its 'Better' arrow beside the engine's own lines, two recommendations
    from two searches on one board."""
    at = at if at is not None else tree.cursor
    new = GameTree()
    new.root.comments = list(tree.root.comments)
    twin = {tree.root.uid: new.root}
    work = [(tree.root, new.root)]
    while work:
        old, node = work.pop()
        for child in old.children:
            c = GameNode(node, child.move)
            node.children.append(c)
            c.comments = list(child.comments)
            c.annotations = {k: v for k, v in child.annotations.items() if k != REVIEW_KEY}
            twin[child.uid] = c
            work.append((child, c))
    new.live = twin.get(tree.live.uid, new.root)
    new.cursor = twin.get(at.uid, new.root)
    return new, new.cursor


# Ctrl+1 ... Ctrl+9 (the number row or the keypad): the engine's line of that number is played.
_NUMBER_ROW = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
               pygame.K_8, pygame.K_9)
_KEYPAD = (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5, pygame.K_KP6,
           pygame.K_KP7, pygame.K_KP8, pygame.K_KP9)
LINE_KEYS = {k: n for keys in (_NUMBER_ROW, _KEYPAD) for n, k in enumerate(keys, 1)}


def _add_tag(tags: dict[str, str], point: str, tag: str) -> None:
    """A line's tag at the point its move ends on; lines that end on one point (two stacks
    moving to it) share its tag, best first ('1 · 49%, 2 · 48%'), so no line's number is lost."""
    tags[point] = f"{tags[point]}, {tag}" if point in tags else tag


class AnalysisScene(BoardScene):
    """The analysis board (see the module docstring)."""

    title = "Analysis"
    asks_before_branching = False                       # a move from anywhere adds a variation
    stops_at_game = False                               # Right and End follow the line shown to its end
    unavailable_words = N_("{game} cannot be analysed yet: {why}")
    is_analysis = True                                  # (the result banner offers no "Analyse" here)
    # the worker's budget per position: the board's for the game (``game.ai.analyse.BOARD_ITERATIONS``)
    analyse_iterations: int | None = None                # (tests: a fixed number instead)

    def __init__(self, match: Match | None, error: str = "") -> None:
        if match is not None:
            match.players = {Color.BLACK: HUMAN, Color.WHITE: HUMAN}
        super().__init__(match, error)
        self.saver = _NoAutosave(self)
        self.review = _Review(self)
        self.engine_on = True
        self.analyser: Any = None            # its own engine (the board's is for a computer player)
        self.evalpanel = EvalPanel()
        self._shown_at: Any = None            # the node (uid) whose lines the strip shows
        self._held = False                    # the strip holds its lines (the pointer is on one)
        self._hover_at: Any = None            # the position (uid) where the pointer last moved
        self.play_level = "medium"
        self._an_key: Any = None              # the node analysed (uid)
        self._an: dict[str, Any] | None = None   # the latest answer (Analysis.to_dict())
        self._an_done = 0
        self._an_final = False
        self._an_error = ""
        self._an_replies = 0                  # replies of the request in progress (the wake timer's pace)
        self._an_rev = 0                      # grows when what the engine says changes (caches key on it)
        # the finished analyses of the positions met (by node): the search is the same in every
        # run, so a position browsed to again shows its end at once instead of searching anew
        self._finished: OrderedDict[Any, tuple[dict[str, Any], int]] = OrderedDict()
        self._wake = 0                        # the wake timer's period now (ms; 0: off)
        self._state_kept: tuple[Any, PanelState | None] = (None, None)
        self._deco_kept: tuple[Any, Any] = (None, None)
        self._muted: list[tuple[str, Any]] = []   # the muted lines' marks, drawn faint over the board

    # ------------------------------------------------------------ creation
    @classmethod
    def of_position(cls, game_name: str, options: dict[str, Any] | None = None,
                    moves: Sequence[str] = ()) -> "AnalysisScene":
        """An analysis board for ``game_name`` (its variant ``options``), after ``moves``: the
        board scene's start, both sides played by people."""
        return cls.start(game_name, options, None, moves)

    @classmethod
    def of_match(cls, match: Match, node: GameNode | None = None) -> "AnalysisScene":
        """An analysis board with a copy of ``match``'s game tree, showing ``node`` (default:
        the position ``match`` shows). The game itself is not changed."""
        from ...autosave import player_name
        tree = copy_tree(match.tree, node)[0]
        copy = Match(match.start_game, {Color.BLACK: HUMAN, Color.WHITE: HUMAN}, tree=tree)
        # a record of the analysis keeps what the game's record says: its headers, and its
        # players' names (who played the moves, though people play both sides here)
        copy.headers = dict(match.headers)
        start = match.start_players
        copy.names = {c: match.names.get(c) or player_name(start[c]) for c in Color}
        return cls(copy)

    @classmethod
    def of_record(cls, record: Any, status: str = "") -> "AnalysisScene":
        """An analysis board for a record's game tree (a loaded file), where it was left."""
        from ...autosave import match_from_record
        match = match_from_record(record)
        scene = cls.of_match(match)
        if status:
            scene.panel.open_with(status)
        return scene

    # ------------------------------------------------------------ leaving: the work not saved
    def enter(self, app: Any) -> None:
        self.saver.mark_kept()          # what the board opened with (a game's moves, --moves) is not the player's work
        super().enter(app)

    def leaving_words(self) -> tuple[str, str]:
        return (_("Save the analysis first?"),
                _("The moves and comments you added here are not saved: the analysis board "
                  "keeps nothing by itself."))

    def replacing_words(self, file: str) -> str:
        """Load's question names the player's own work here, not the moves the board opened with."""
        return _("The moves and comments you added here are not saved: opening {file} replaces them."
                 "<br><br>Open it anyway?").format(file=file)

    # ------------------------------------------------------------ layout
    def build_ui(self) -> None:
        super().build_ui()
        self.evalpanel = EvalPanel(scale=self.k)
        self.place_engine()
        self._build_buttons()
        self.refresh_panel()

    def place_engine(self) -> None:
        """The engine's bar beside the board and its strip under it, in the board area the board
        scene and its review left (``board_rect``), the board in the rest; none while the
        review's strip is shown (one engine's view at a time: its marks would stand beside the
        review's 'Better' move, its lines over the review's graph)."""
        self._deco_kept = (None, None)
        if self.review.shown:
            self.evalpanel.hide()
            return
        px = self.px
        full = pygame.Rect(self.board_rect)
        bw, gap = EvalPanel.bar_width(px), px(8)
        sh = EvalPanel.strip_height(px)
        board = pygame.Rect(full.x + bw + gap, full.y, full.w - bw - gap, max(px(120), full.h - sh - gap))
        strip = pygame.Rect(full.x, board.bottom + gap, full.w, full.bottom - board.bottom - gap)
        bar = pygame.Rect(full.x, board.y + px(6), bw, board.h - px(12))
        self.board_rect = board
        if self.view is not None:
            self.view.layout(board)
        self.evalpanel.layout(bar, strip)

    def _build_buttons(self) -> None:
        """Engine, Play from here (and its level) in place of the offer and Resign; Undo and Redo
        share their row with no Hint (the engine panel is the hint here)."""
        W = self.w
        if "hint" not in W or isinstance(W["hint"], _Gone):
            return
        hint, offer, resign = W["hint"].relative_rect, W["offer"].relative_rect, W["resign"].relative_rect
        for key in ("hint", "offer", "resign"):
            W[key].kill()
            W[key] = _Gone()
        px = self.px
        gap = px(8)
        undo, redo = W.get("undo"), W.get("redo")
        if undo is not None and redo is not None:
            row = undo.relative_rect.union(hint)
            undo_w = row_widths([button_width(b.text, px, self.ui) for b in (undo, redo)], row.w, gap)[0]
            undo.set_dimensions((undo_w, row.h))
            redo.set_relative_position((row.x + undo_w + gap, row.y))
            redo.set_dimensions((row.w - undo_w - gap, row.h))
        # the level's button as wide as its longest word needs, Play from here the rest
        widest = max(button_width(_("Level {number}").format(number=n), px, self.ui)
                     for n in range(1, len(LEVELS) + 1))
        play_need = button_width(_("Play from here"), px, self.ui, "#primary_button")
        level_w = max(px(64), min(offer.w // 3, widest))
        if play_need + gap + level_w > offer.w:      # both cannot have their room: each its share of it
            level_w = max(px(64), (offer.w - gap) * level_w // (play_need + level_w))
        W["play_here"] = UIButton(pygame.Rect(offer.x, offer.y, offer.w - level_w - gap, offer.h),
                                  _("Play from here"), self.ui, container=self.root, object_id="#primary_button",
                                  tool_tip_text=_("A game against the computer from this position: "
                                                  "you play the side to move"))
        W["level"] = UIButton(pygame.Rect(offer.right - level_w, offer.y, level_w, offer.h),
                              self._level_short(), self.ui, container=self.root,
                              tool_tip_text=self._level_tip())
        engine = pygame.Rect(resign)
        new = W.get("new")
        if new is not None and new.relative_rect.y == resign.y:
            # Engine and New game share their row by the words they need, as the panel's rows do
            row = engine.union(new.relative_rect)
            need_e = max(button_width(t, px, self.ui) for t in (_("Engine off"), _("Engine on")))
            engine.w, _new_w = row_widths([need_e, button_width(new.text, px, self.ui, "#primary_button")],
                                          row.w, gap)
            new.set_relative_position((engine.right + gap, row.y))
            new.set_dimensions((row.right - engine.right - gap, row.h))
        W["engine"] = UIButton(engine, self._engine_label(), self.ui, container=self.root,
                               tool_tip_text=_("Switch the engine's view on or off (Ctrl+E)"))
        title = W.get("title")
        if title is not None:
            room = title.relative_rect.w - px(8)
            name = _("Analysis  ·  {game}").format(game=game_title(self.game_name))
            options = self.match.game.options() if self.match is not None else {}
            variants = [f"{name}  ·  {v}" for v in (variant_words(options), variant_words(options, short=True)) if v]
            for cand in (*variants, name, _("Analysis")):
                if D.font(px(15), True).size(cand)[0] <= room:
                    title.set_text(cand)
                    break

    def _engine_label(self) -> str:
        return _("Engine off") if self.engine_on else _("Engine on")

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        return super().layout_rects() + self.evalpanel.text_rects()

    # ------------------------------------------------------------ moves: every new one a variation
    def play_move(self, text: str) -> bool:
        """A move from the position shown, never asking: at the end of the line where the game
        stands it goes on as usual; anywhere else it is added as a variation there (or the move
        already in the tree is stepped onto), and the main line stays as it was."""
        m = self.match
        if m is None or self.view is None:
            return False
        tree = m.tree
        cur = tree.cursor
        if cur is tree.live and not cur.children:
            return super().play_move(text)
        live = tree.live
        order = {n.uid: list(n.children) for n in [tree.root] + cur.path()}
        ok = super().play_move(text)             # no "Play on from here?": asks_before_branching
        if not ok:
            return False
        for n in [tree.root] + cur.path():       # the order before the move: the new one last
            kids = order.get(n.uid)
            if kids is None:
                continue
            extra = [k for k in n.children if k not in kids]
            n.children[:] = [k for k in kids if k in n.children] + extra
        tree.live = live
        tree.touch()
        self.history.update_move_list(force=True)
        self.refresh_panel()
        return True

    def undo(self) -> None:
        """Undo on the analysis board: one move back (browsing; the move stays in the tree)."""
        m = self.match
        if m is None or m.tree.cursor.parent is None:
            self.set_status(_("This is the start: nothing before it."), "warn")
            return
        self.history.show(m.tree.cursor.parent)

    def redo(self) -> None:
        """Redo on the analysis board: one move on along the line shown (past where the game
        stands too)."""
        m = self.match
        if m is None:
            return
        line = m.line()
        if m.tree.cursor.ply >= len(line):
            self.set_status(_("This is the end of the line."), "warn")
            return
        self.history.show(line[m.tree.cursor.ply])

    def request_hint(self) -> None:
        """H: the engine panel is the hint here."""
        if not self.engine_on:
            self.toggle_engine()
        else:
            self.review.hide()          # the engine's view in the review strip's place
            self.set_status(_("The engine's best moves are on the board and under it."))

    # ------------------------------------------------------------ the engine
    def _get_analyser(self) -> Any:
        if self.analyser is None and self.app is not None:
            self.analyser = make_engine(self.app)
        return self.analyser

    @staticmethod
    def _cancel(eng: Any) -> None:
        """Stop ``eng``'s request in progress, if it has an engine at all."""
        if eng is None:
            return
        try:
            eng.cancel()
        except Exception:           # the engine worker's client: a gone worker has nothing to stop
            log.warning("cancelling the analysis failed", exc_info=True)

    def stop_analysis(self) -> None:
        """Cancel the engine's request (the worker stops searching at once)."""
        self._cancel(self.analyser)
        self._an_key = None
        self._set_wake(0)

    def toggle_engine(self) -> None:
        self.engine_on = not self.engine_on
        if self.engine_on:
            self.review.hide()          # the engine's view asked for: in the review strip's place
        else:
            self.stop_analysis()
            self._an, self._an_error = None, ""
            self._an_rev += 1
        btn = self.w.get("engine")
        if isinstance(btn, UIButton):
            btn.set_text(self._engine_label())
        self.set_status(_("The engine is thinking about each position shown.") if self.engine_on
                        else _("Engine off."))

    def streaming(self) -> bool:
        """A request is in progress and its final answer has not come yet."""
        m = self.match
        return (self.engine_on and self._an_key is not None and not self._an_final and not self._an_error
                and self.analyser is not None and m is not None and not m.is_over and not self.leaving)

    def _set_wake(self, ms: int) -> None:
        """One ``WAKE`` event in ``ms`` milliseconds (0: none). Armed again by every frame while
        the engine streams, so a board no longer updated (gone without ``exit``) leaves at most
        one stray event behind, never a timer that goes on waking the loop."""
        if ms == 0 and self._wake == 0:
            return
        self._wake = ms
        try:
            pygame.time.set_timer(WAKE, ms, 1)
        except pygame.error:            # no timer subsystem (pygame shut down): nothing to wake
            log.warning("the analysis board's wake timer could not be set", exc_info=True)

    def _sync_wake(self) -> None:
        self._set_wake(wake_ms(self._an_replies) if self.streaming() else 0)

    def _analysis_step(self) -> None:
        """Each frame: a new position shown starts a new request; collect what came in."""
        m = self.match
        if m is None or not self.engine_on or self.leaving or self.app is None:
            self._set_wake(0)
            return
        if self.review.shown:           # the review's strip in the panel's place: the engine rests
            if self._an_key is not None:
                self.stop_analysis()
            return
        key = (m.tree.cursor.uid, m.is_over)
        if key != self._an_key:
            self._an_key = key
            self._an, self._an_done, self._an_final, self._an_error = None, 0, False, ""
            self._an_replies = 0
            self._an_rev += 1
            kept = self._finished.get(key)
            if kept is not None:
                self._finished.move_to_end(key)
                self._an, self._an_done = kept
                self._an_final = True
                self._cancel(self.analyser)         # the position searched before this one
                self._sync_wake()
                return
            eng = self._get_analyser()
            if m.is_over or not isinstance(eng, Analyser):
                self._cancel(eng)
                if eng is not None and not isinstance(eng, Analyser):
                    self._an_error = _("This engine cannot analyse.")
                self._sync_wake()
                return
            try:
                eng.analyse(m.game.copy(), lines=ROWS, iterations=self.analyse_iterations)
            except Exception as exc:    # the engine worker's client
                log.warning("starting the analysis failed: %s", exc)
                self._an_error = _("The analysis could not start: {why}").format(
                    why=_("it ran into an error of its own"))
                self._sync_wake()
                return
        if self._an_final or self._an_error or m.is_over:
            self._sync_wake()
            return
        try:
            events = self.analyser.analyse_poll()
        except Exception as exc:        # the engine worker's client
            log.warning("polling the analysis failed: %s", exc)
            events = [("error", _("it ran into an error of its own"))]
        for ev in events:
            self._an_replies += 1
            before = (self._an, self._an_done, self._an_final, self._an_error)
            if ev[0] == "error":
                self._an_error = str(ev[1])
            else:
                info = ev[1]
                if isinstance(info.get("analysis"), dict):
                    self._an = info["analysis"]
                self._an_done = int(info.get("done") or 0)
                self._an_final = ev[0] == "done"
                if self._an_final and self._an is not None:
                    self._finished[key] = (self._an, self._an_done)
                    while len(self._finished) > FINISHED_KEPT:
                        self._finished.popitem(last=False)
            if (self._an, self._an_done, self._an_final, self._an_error) != before:
                self._an_rev += 1       # a reply that says nothing new redraws nothing
        note = self.analyser.notice if self.analyser is not None else ""
        if note:
            self.analyser.notice = ""
            self.set_status(note, "warn")
        self._sync_wake()

    def panel_state(self) -> PanelState:
        """What the engine panel shows now (made again only when it can have changed: a reply
        that changed the answer, another position, Engine on/off, the board turned, the theme)."""
        m = self.match
        flip = bool(self.app.settings.flip) if self.app is not None else False
        theme = self.app.theme.name if self.app is not None else "classic"
        # (node uids are unique for the program's run: another match has other nodes)
        key = (self._an_rev, self.engine_on, flip, theme,
               None if m is None else (m.tree.cursor.uid, m.is_over))
        state = self._state_kept[1]
        if self._state_kept[0] != key or state is None:
            state = self._panel_state(flip, theme)
            self._state_kept = (key, state)
        return state

    def _panel_state(self, flip: bool, theme: str) -> PanelState:
        m = self.match
        if not self.engine_on:
            return PanelState(False, flip=flip, theme=theme)
        if m is None:
            return PanelState(True, note=_("No position."), flip=flip, theme=theme)
        r = m.result
        if r is not None:
            black = 0.5 if r.winner is None else float(r.winner == Color.BLACK)
            return PanelState(True, black, "", (), self.panel.result_sentence(r), flip, theme,
                              proven="draw" if r.winner is None else r.winner.word)
        if self._an_error:
            return PanelState(True, None, "", (), self._an_error, flip, theme)
        a = self._an
        if a is None or self._an_key != (m.tree.cursor.uid, m.is_over):
            return PanelState(True, None, m.to_move.title, (),
                              _("{side} to move · thinking…").format(side=side_name(m.to_move.word)), flip, theme)
        # every value is Black's chance as the engine gives it; the order is the engine's (best
        # first for the side to move)
        lines = tuple(PanelLine(str(x.get("move", "")), float(x.get("value", 0.5)),
                                tuple(str(t) for t in x.get("line") or ()), x.get("proven"),
                                int(x.get("visits") or 0), bool(x.get("reliable", True)))
                      for x in (a.get("lines") or ())[:ROWS])
        proven = a.get("proven")
        if proven in ("black", "white"):
            how = _("{side} wins").format(side=side_name(proven))
        elif proven == "draw":
            how = _("a draw")
        else:
            how = ngettext("{n} iteration", "{n} iterations", self._an_done).format(n=number(self._an_done))
            how = how if self._an_final else _("{facts} · thinking…").format(facts=how)
        note = _("{side} to move · {how}").format(side=side_name(m.to_move.word), how=how)
        black = float(a.get("value", 0.5))
        if proven is None and lines:
            black = lines[0].value      # the headline is the best line's (an average of all tried misleads)
            proven = lines[0].proven
        return PanelState(True, black, m.to_move.title, lines, note, flip, theme, proven=proven)

    def engine_lines(self) -> tuple[PanelLine, ...]:
        """The best moves the panel shows now (best first for the side to move; tests)."""
        return self.panel_state().lines

    # ------------------------------------------------------------ on the board
    def decorations(self) -> Any:
        deco = super().decorations()
        m = self.match
        self._muted = []
        if (not self.engine_on or not self.evalpanel.placed or m is None or m.is_over or self.anim is not None
                or self.input is None or self.input.prefix or self.board.drag is not None):
            return deco
        lines = self.shown_lines()                  # (the board's tags say what the strip says)
        if not lines:
            return deco
        key = (m.tree.cursor.uid, lines)
        if self._deco_kept[0] != key:
            self._deco_kept = (key, self._marks_for(lines))
        arrows, ghosts, tags, targets, muted = self._deco_kept[1]
        deco.arrows = list(deco.arrows) + arrows
        deco.ghosts = list(deco.ghosts) + ghosts
        for label, t in tags.items():
            deco.tags.setdefault(label, t)
        for label, kind in targets.items():
            deco.targets.setdefault(label, kind)
        self._muted = muted
        return deco

    def _marks_for(self, lines: Sequence[PanelLine]) -> tuple[list, list, dict, dict, list]:
        """Arrows (moves from one point to another), ghosts (placements), tags ('1 · 64%': rank
        and Black's chance), targets; and the muted lines' marks (('arrow', (from, to)) or
        ('ghost', (point, pieces))), drawn faint by ``draw``, their tags in brackets."""
        m, inp = self.match, self.input
        assert m is not None and inp is not None     # decorations asks only with a game and its input
        g = m.game
        arrows: list[tuple[str, str]] = []
        ghosts: list[tuple[str, tuple[str, ...]]] = []
        tags: dict[str, str] = {}
        targets: dict[str, str] = {}
        muted: list[tuple[str, Any]] = []
        by_record = {}
        try:
            by_record = {g.record_str(mv): mv for mv in g.legal_moves()}
        except (RulesError, ValueError, KeyError, TypeError):
            by_record = {}              # the lines' moves are parsed one by one below
        # two lines drawn as one arrow (Amoeba's whole-stack move and a split towards the same
        # point): their tags name the moves, so the player can tell whose figure is whose
        drawn: dict[tuple[str, str], int] = {}
        for ln in lines:
            try:
                found = by_record.get(ln.move)
                opt = inp.clicks_for(g, found if found is not None else g.parse_move(ln.move))
            except (RulesError, ValueError, KeyError, TypeError):
                continue
            if opt and opt.clicks and len(set(opt.clicks)) > 1:
                way = (opt.clicks[0], inp.arrow_end(opt))
                drawn[way] = drawn.get(way, 0) + 1
        for i, ln in enumerate(lines):
            mv = by_record.get(ln.move)
            try:
                if mv is None:
                    mv = g.parse_move(ln.move)
                opt = inp.clicks_for(g, mv)
            except (RulesError, ValueError, KeyError, TypeError):
                continue                # a line the rules cannot read: not drawn
            if not opt or not opt.clicks:
                continue
            end = inp.arrow_end(opt)
            shared = len(set(opt.clicks)) > 1 and drawn.get((opt.clicks[0], end), 0) > 1
            tag = f"{i + 1} · {ln.move} {chance_text(ln.value, ln.proven)}" if shared else \
                f"{i + 1} · {chance_text(ln.value, ln.proven)}"
            if not ln.reliable:
                if len(set(opt.clicks)) > 1:
                    muted.append(("arrow", (opt.clicks[0], end)))
                else:
                    muted.extend(("ghost", gh) for gh in ghosts_of(g, mv))
                _add_tag(tags, end, f"({tag})")
                continue
            if len(set(opt.clicks)) > 1:
                arrows.append((opt.clicks[0], end))
            else:
                ghosts.extend(ghosts_of(g, mv))
            _add_tag(tags, end, tag)
            targets.setdefault(end, opt.kind)
        return arrows, ghosts, tags, targets, muted

    def _draw_muted(self, surface: pygame.Surface) -> None:
        """The muted lines' moves, faint: a thin see-through arrow (an Onager jump's arc), or
        see-through ghost pieces."""
        view = self.view
        if not self._muted or view is None:
            return
        colour = view.theme.select
        stacks = self.match.game.stacks() if self.match is not None else {}
        arcs = view if isinstance(view, JumpArcs) else None     # Onager's views draw a jump as an arc
        for kind, what in self._muted:
            try:
                if kind == "arrow":
                    a, b = what
                    pa, pb = view.pixel_of(a), view.pixel_of(b)
                    if arcs is not None and arcs.pivot_of(a, b) is not None:
                        arcs.jump_arc(surface, a, b, colour, alpha=MUTED_ALPHA)
                    else:
                        D.arrow(surface, pa, pb, colour, width=max(2, view.scale * 0.05),
                                head=max(7, view.scale * 0.2), alpha=MUTED_ALPHA, shorten=view.radius_px * 0.9)
                else:
                    lab, pieces = what
                    view.draw_stack(surface, view.pixel_of(lab), pieces, alpha=MUTED_ALPHA,
                                    base_level=len(stacks.get(lab, ())), badge=False, shadow=False)
            except (KeyError, ValueError, TypeError, pygame.error):
                continue                # a point the view does not have, a mark it cannot draw: left out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.view is not None and self.match is not None and self.evalpanel.placed:
            if self.anim is None:
                self._draw_muted(surface)
            state, here = self.panel_state(), self.match.tree.cursor.uid
            shown = self.evalpanel.state
            # while the pointer is on a line, the lines hold still (a new round would re-sort them
            # under it: a click then played another move than the one read), in this position
            # (the pointer came onto the line in this position: one left there by a click that
            # played a move holds nothing, or the new position's strip would never fill)
            held = (self.evalpanel.hover is not None and self.evalpanel.hover >= 0 and shown is not None
                    and shown.on and state.on and self._shown_at == here and self._hover_at == here)
            if not held:
                self.evalpanel.show(state)
                self._shown_at = here
            self._held = held
            self.evalpanel.draw(surface)

    def shown_lines(self) -> tuple[PanelLine, ...]:
        """The engine's lines as the strip shows them: while it holds them under the pointer,
        those (a click, Ctrl+N and the board's tags go by what is read), else the engine's; none
        while the strip is hidden (the review's in its place)."""
        if not self.evalpanel.placed:
            return ()
        if self._held and self.match is not None and self._shown_at == self.match.tree.cursor.uid:
            return self.evalpanel.state.lines
        return self.engine_lines()

    # ------------------------------------------------------------ Play from here
    def _level_short(self) -> str:
        """The level button's word: 'Level 5' (its name and rating are in the status)."""
        from ...ai.levels import level_number
        return _("Level {number}").format(number=level_number(self.play_level))

    def _level_tip(self) -> str:
        """The level button's tooltip: the level in full, as New game and the status say it."""
        # Translators: {level} is e.g. "Level 5 (Medium) · rated about 1560"
        return _("Play from here against {level} (click to change)").format(level=self._level_about())

    def _level_about(self) -> str:
        """'Level 5 (Medium) · rated about 1560' for this game."""
        seconds = self.app.settings.level_seconds(self.play_level) if self.app is not None else None
        m = self.match
        return level_words(m.name if m is not None else "", self.play_level, seconds,
                           size=m.game.options().get("size") if m is not None else None)

    def cycle_level(self) -> None:
        i = LEVELS.index(self.play_level) if self.play_level in LEVELS else 0
        self.play_level = LEVELS[(i + 1) % len(LEVELS)]
        btn = self.w.get("level")
        if btn is not None:
            btn.set_text(self._level_short())
            btn.set_tooltip(self._level_tip())
        self.set_status(_("Play from here: the computer plays at {level}.").format(level=self._level_about()))

    def game_from_here(self) -> Match | None:
        """A new match of the moves to the position shown: the player on the side to move, the
        computer (``play_level``) on the other. None when the position is finished."""
        m = self.match
        if m is None or m.is_over:
            return None
        match = Match(m.start_game)
        for node in m.tree.cursor.path():
            match.play(node.played.replay_text)
        me = match.to_move
        match.players = {me: HUMAN, me.other: self.play_level}
        return match

    def play_from_here(self) -> bool:
        if self.app is None:
            return False
        try:
            match = self.game_from_here()
        except RulesError as exc:
            self.set_status(_("Could not set up the game: {why}").format(why=refusal_words(exc, self.game_name)),
                            "error")
            return False
        if match is None:
            self.set_status(_("The game is over in this position: browse back to play from an earlier one."), "warn")
            return False
        self.stop_analysis()
        self.finish_animation()
        board = BoardScene(match)
        board.panel.open_with(_("Your game from the analysis: you play {side}, the computer {other} ({level}). "
                                "Back returns here.").format(side=side_name(match.to_move.word),
                                                                other=side_name(match.to_move.other.word),
                                                                level=self._level_about()))
        self.app.push(board)
        return True

    # ------------------------------------------------------------ events and time
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == WAKE:
            return True                 # it only woke the loop: this frame's update polls the worker
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            W = self.w
            if is_button(event, W.get("engine")):
                self.toggle_engine()
                return True
            if is_button(event, W.get("play_here")):
                self.play_from_here()
                return True
            if is_button(event, W.get("level")):
                self.cycle_level()
                return True
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_e and self.dialog is None
                and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)):     # Ctrl+E: a plain e types a move
            self.toggle_engine()
            return True
        if (event.type == pygame.KEYDOWN and event.key in LINE_KEYS and self.dialog is None
                and self.anim is None and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)):
            lines = self.shown_lines()                  # Ctrl+N: line N's first move, as a click on it
            n = LINE_KEYS[event.key]
            if n <= len(lines):
                self.play_move(lines[n - 1].move)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.evalpanel.hover = self.evalpanel.hover_at(event.pos)
            self._hover_at = self.match.tree.cursor.uid if self.match is not None else None
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.dialog is None
                and self.anim is None):
            i = self.evalpanel.line_at(event.pos)
            lines = self.shown_lines()
            if i is not None and i < len(lines):
                self.play_move(lines[i].move)     # a click on a line plays its first move
                return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._analysis_step()

    def refresh_panel(self) -> None:
        super().refresh_panel()
        W = self.w
        m = self.match
        if not W or m is None or "play_here" not in W:
            return
        busy = self.anim is not None
        for key, ok in (("play_here", not m.is_over and not busy),
                        ("undo", m.tree.cursor.parent is not None and not busy),
                        ("redo", m.tree.cursor.ply < len(m.line()) and not busy)):
            el = W.get(key)
            if el is not None:
                (el.enable() if ok else el.disable())

    def pause(self) -> None:
        self.stop_analysis()                # Play from here, settings…: the engine rests
        super().pause()

    def leave(self) -> None:
        self.stop_analysis()
        super().leave()

    def exit(self) -> None:
        self._set_wake(0)
        close_engine(self.analyser, "the analysis engine")
        self.analyser = None
        super().exit()


register("analysis_of")(AnalysisScene.of_match)
register("analysis_from_record")(AnalysisScene.of_record)
register("analysis")(AnalysisScene.of_position)
