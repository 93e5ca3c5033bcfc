"""The board scene's game review (``scene.review``): the engine's view of the game on screen.

``BoardReview`` is a helper object the scene owns, like the toolbar and the history. The
engine work is ``game.ai.review`` run in a worker process of its own (``WorkerEngine.review``
over ``EngineClient.review``, a second worker beside the computer player's, started on the
first Review): the window never waits for it. The worker sends one reply per ply, so the
progress moves and the graph fills in as the plies arrive; replies of an older request are
dropped (request ids). In tests ``StubEngine.review`` runs the real review in this process
with a tiny budget, one ply a frame.

Where the verdicts live: on the game tree's nodes (``game.rules.tree``). The verdict on a move
is ``node.annotations["review"]`` (a ``PlyReview``) of that move's node; a review puts them on
the nodes of the line it reviews, captured when it starts (``_nodes``), so browsing, a new move
or a variation made meanwhile cannot misplace one. Nothing else keeps them: what is shown is
read from the nodes of the line shown (``match.line()``): ``plies`` (ply -> verdict), ``valid()``
and ``summary`` are a view of them, made again when the tree, the position shown or the verdicts
change. A variation's moves have no verdicts unless that line was reviewed; a new move that
replaces later ones leaves their verdicts on their nodes, in the variation.

What the player sees:

* a strip under the board (the board gives up its height while a review is shown): the
  evaluation graph (``game.ui.graph.EvalGraph``, a click browses to that ply) and a column
  with the progress bar and Cancel while the review runs, then the summary (accuracy per
  player, the biggest swing, "Jump to it", the marks' thresholds) and Close;
* the marks ``?!``, ``?``, ``??`` after the main line's moves in the move list
  (``MoveList.set_marks``);
* in the position before a marked move (browsing, or after Undo), the engine's better move on
  the board (an arrow or ghost pieces, tagged "Better", as hints are drawn), and in the
  status line the verdict, the chances before and after, and the better line.

A running review stops at once on Cancel, Escape, a new move, Undo, leaving the board and
loading another game (the scene's hooks call ``cancel``). Records: ``annotate`` writes the
verdicts as move comments (``game.ai.review.review_to_comments`` for the main line; a
variation's verdicts as comments of its moves) - Save… (``game.scenes.files.save_to``) and the
autosave (``BoardAutosave`` gives it to the ``Autosaver``; ``autosave_key`` makes a finished or
stopped review a change worth writing) both call it. ``adopt`` (``board_from_record``: Load,
Continue) puts a record's review comments back on the nodes as verdicts, at once, without the
engine.

Learning from mistakes: when a review the player ran finishes, the ``?`` and ``??`` moves of the
player's own seats (the human ones; both between two people) are kept at once as "My puzzles"
(``game.puzzles.mistakes``, kept with the player's data by ``game.puzzles.store``, one per
position however often it is reviewed), and the strip says how many and offers Practise (the
My puzzles screen, ``game.scenes.my_puzzles``). Kept without asking because the review was asked
for to learn from the game: a question after it would be one more thing to answer after every
game, and nothing is lost by keeping (a puzzle solved can be removed). A review read back from
a record (``adopt``) keeps nothing: the game may be anyone's.
"""
from __future__ import annotations

import datetime as _dt
import logging
import dataclasses
from typing import TYPE_CHECKING, Any, Iterator

import pygame
import pygame_gui

from ...i18n import _, ngettext
from ...match import HUMAN
from ...names import side_name
from ...rules.base import Color, Game, RulesError
from ...rules.numbering import moves_among
from ...rules.tree import GameNode, GameTree
from ...ui.review_words import review_done_words
from ..base import make_scene
from .engine import Reviewer, default_engine_factory
from .review_show import REVIEW_ITERATIONS, ReviewDisplay, _rv

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # pragma: no cover
    from ...ai.review import Summary
    from ...rules.record import Record
    from .scene import BoardScene


def ply_from_json(d: dict) -> Any:
    """A ``PlyReview`` from its ``to_json()`` (what the worker sends)."""
    best = str(d.get("best") or d.get("move") or "")
    return _rv().PlyReview(int(d["ply"]), str(d["move"]), str(d["mover"]), str(d.get("player") or d["mover"]),
                           best, tuple(d.get("line") or (best,)), float(d["value_before"]),
                           float(d["value_after"]), d.get("proven_before"), d.get("proven_after"),
                           d.get("drop"), str(d.get("mark") or ""), str(d.get("reason") or ""),
                           bool(d.get("judged", True)))


REVIEW_KEY = "review"      # node.annotations[REVIEW_KEY]: the PlyReview of that node's move


def node_review(node: Any) -> Any:
    """The verdict on ``node``'s move (a ``PlyReview``), or None."""
    return node.annotations.get(REVIEW_KEY) if node is not None else None


def _ply_as(p: Any, ply: int) -> Any:
    """``p`` numbered as ply ``ply`` of its line (a node's depth is its ply: normally the same)."""
    return p if p.ply == ply else dataclasses.replace(p, ply=ply)


def _off_main(tree: GameTree) -> Iterator[tuple[GameNode, int]]:
    """The nodes off the main line, with their plies."""
    work: list[tuple[GameNode, int, bool]] = [(tree.root, 0, True)]
    while work:
        node, ply, main = work.pop()
        for k, child in enumerate(node.children):
            on_main = main and k == 0
            if not on_main:
                yield child, ply + 1
            work.append((child, ply + 1, on_main))


def _copy_with_comments(tree: GameTree) -> GameTree:
    """A copy of ``tree``'s moves, comments and endings where a variation's move with a verdict
    has it as its first comment (``comment_text``), for a record's variations."""
    rv = _rv()
    new = GameTree()
    new.root.comments = list(tree.root.comments)
    work: list[tuple[GameNode, GameNode, int, bool]] = [(tree.root, new.root, 0, True)]
    while work:
        old, node, ply, main = work.pop()
        for k, child in enumerate(old.children):
            c = GameNode(node, child.move)
            node.children.append(c)
            c.ending = child.ending
            c.comments = list(child.comments)
            on_main = main and k == 0
            p = node_review(child)
            if p is not None and not on_main:
                c.comments = [rv.comment_text(_ply_as(p, ply + 1))] + [
                    t for t in c.comments if rv.parse_comment(t) is None]
            work.append((child, c, ply + 1, on_main))
    new.live = new.cursor = new.root.end()
    return new


def annotate_record(record: Record, tree: GameTree, annotator: str) -> Record:
    """A copy of ``record`` (made from ``tree``) with the verdicts on the tree's nodes as move
    comments and an ``Annotator`` header; ``record`` itself when no node has one. The main
    line's go through ``review_to_comments`` (earlier review comments replaced, others kept);
    a variation's are the first comment of its move in a copy of the tree (``record.tree``)."""
    rv = _rv()
    plies = []
    for i, (node, text) in enumerate(zip(tree.root.main_line(), record.moves), start=1):
        if node.move is None or node.move.record.lower() != str(text).lower():
            break
        p = node_review(node)
        if p is not None:
            plies.append(_ply_as(p, i))
    in_variations = any(node_review(n) is not None for n, _ in _off_main(tree))
    if not plies and not in_variations:
        return record
    kept = record.tree
    record.tree = None                    # not copied (the game's own tree)
    try:
        out = rv.review_to_comments(record, plies, annotator)
    finally:
        record.tree = kept
    out.tree = _copy_with_comments(tree) if in_variations and kept is not None else kept
    return out


def adopt_record(record: Any, tree: GameTree) -> int:
    """The review comments of ``record`` as verdicts on ``tree``'s nodes (``tree``: the record's
    game tree, as ``match_from_record`` made it); their texts leave the nodes' comments. The
    main line's come from ``comments_to_review``; a variation's move is read back the same way
    (a record of the path to it). Returns how many nodes got a verdict."""
    rv = _rv()
    got: list[GameNode] = []
    main = list(tree.root.main_line())
    for p in rv.comments_to_review(record):
        if 1 <= p.ply <= len(main):
            node = main[p.ply - 1]
            if node.move is not None and node.move.record.lower() == p.move.lower():
                node.annotations[REVIEW_KEY] = p
                got.append(node)
    for node, ply in list(_off_main(tree)):
        texts = [t for t in node.comments if rv.parse_comment(t) is not None]
        if not texts:
            continue
        path = node.path()
        sub = dataclasses.replace(record, moves=[n.played.record for n in path],
                                  comments={ply: texts[:1]}, tree=None, result=None)
        try:
            found = rv.comments_to_review(sub)
        except (RulesError, ValueError, KeyError, TypeError):
            continue                    # a comment that is no verdict: left as text
        if found and found[-1].ply == ply:
            node.annotations[REVIEW_KEY] = found[-1]
            got.append(node)
    for node in got:
        node.comments = [t for t in node.comments if rv.parse_comment(t) is None]
    return len(got)


class BoardReview(ReviewDisplay):
    """The review of the board's game: running it, and showing it (see the module docstring)."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)       # the display's state (review_show.py)
        self.engine: Any = None
        self.state = "idle"            # idle | running | done | stopped | error (the last run)
        self._nodes: list[Any] = []    # the nodes of the line being (or last) reviewed
        self.total = 0                 # plies being reviewed
        self.done = 0                  # plies done
        self.error = ""
        self.annotator = ""
        # a fixed effort, not time: the same game reviews the same on any machine
        self.seconds: float | None = None
        self.iterations: int | None = REVIEW_ITERATIONS
        self.version = 0               # bumped when verdicts on the nodes change
        self._settled = 0              # the version when no review was running (the autosave's key)
        self.started_at = 0.0
        self.finished_in: float | None = None
        self._over_key: Any = None
        # the view of the line shown (made again when its key changes)
        self._view_key: Any = None
        self._view_plies: dict[int, Any] = {}
        self._view_valid = 0
        self._view_sig: Any = None
        self.data_rev = 0              # grows when what the line shown says changes (caches key on it)
        self._summary: tuple[Any, Any] = (None, None)
        self.kept: tuple[str, ...] = ()  # ids of the My puzzles the last run found (kept)

    # ------------------------------------------------------------ state
    @property
    def running(self) -> bool:
        return self.state == "running"

    def needs_frames(self) -> bool:
        return self.running

    def _touch(self) -> None:
        self.version += 1
        if not self.running:
            self._settled = self.version

    def autosave_key(self) -> int:
        """Changes when the verdicts changed and no review is running (a review's progress is
        written when it ends, is stopped or fails, not after every ply)."""
        return self._settled

    def _view(self) -> None:
        """Read the verdicts of the line shown from its nodes (when the tree, the position
        shown or the verdicts changed since the last time)."""
        m = self.scene.match
        if m is None:
            key: Any = None
        else:
            tree = m.tree
            key = (id(tree), tree.version, tree.cursor.uid, self.version)
        if key == self._view_key:
            return
        self._view_key = key
        plies: dict[int, Any] = {}
        valid, gap = 0, False
        line = m.line() if m is not None else []
        for i, node in enumerate(line, start=1):
            p = node_review(node)
            if p is None:
                gap = True
                continue
            plies[i] = _ply_as(p, i)
            if not gap:
                valid = i
        sig = (len(line), tuple(plies.items()))
        self._view_plies, self._view_valid = plies, valid
        if sig != self._view_sig:
            self._view_sig = sig
            self.data_rev += 1

    @property
    def plies(self) -> dict[int, Any]:
        """The verdicts of the line shown: ply -> PlyReview (read from its nodes)."""
        self._view()
        return self._view_plies

    def valid(self) -> int:
        """How many plies of the line shown, from the start, have their verdict."""
        self._view()
        return self._view_valid

    @property
    def summary(self) -> "Summary | None":
        """The summary (accuracy, the biggest swing) of the verdicts of the line shown."""
        self._view()
        if self._summary[0] != self.data_rev:
            plies = self._view_plies
            self._summary = (self.data_rev, _rv().summarize([plies[k] for k in sorted(plies)]) if plies else None)
        return self._summary[1]

    def main_marks(self) -> dict[int, str]:
        """The marks of the main line's moves: ply -> mark (what the move list shows)."""
        m = self.scene.match
        if m is None:
            return {}
        out = {}
        for i, node in enumerate(m.tree.root.main_line(), start=1):
            p = node_review(node)
            if p is not None and p.mark:
                out[i] = p.mark
        return out

    def variation_marks(self) -> dict[str, str]:
        """The marks of the moves off the main line: link key ('v12') -> mark."""
        m = self.scene.match
        if m is None:
            return {}
        out = {}
        for node, _ply in _off_main(m.tree):
            p = node_review(node)
            if p is not None and p.mark:
                out[f"v{node.uid}"] = p.mark
        return out

    def current_line(self) -> tuple[str, ...]:
        m = self.scene.match
        if m is None:
            return ()
        out = []
        for n in m.line():
            assert n.move is not None        # the line's nodes come after the root: each has its move
            out.append(n.move.record)
        return tuple(out)

    def _line(self) -> list[GameNode]:
        """The line a review runs on: the moves played and those Redo would replay, up to an
        ending (an agreement, a resignation, a flag) that closes the game: moves kept in the
        tree after it (taken back, then the game ended earlier) are no moves of this game."""
        m = self.scene.match
        assert m is not None
        line = m.line()
        end = next((i for i, node in enumerate(line) if node.ending is not None), None)
        return line if end is None else line[:end + 1]

    def _line_game(self, line: list[GameNode]) -> Game:
        """The game at the end of ``line``, its moves replayed from the start (wherever the
        position shown is, and whatever ending the rules core applied to it there)."""
        m = self.scene.match
        assert m is not None                 # start() reviews a game only
        return m.game_at(line[-1])

    def _on_run_line(self) -> bool:
        """Is the line shown the one the last review ran on (from its start)?"""
        m = self.scene.match
        if m is None or not self._nodes:
            return False
        line = m.line()
        return len(line) >= len(self._nodes) and all(a is b for a, b in zip(line, self._nodes))

    # ------------------------------------------------------------ running
    def _make_engine(self) -> Any:
        app = self.scene.app
        factory = (app.engine_factory if app is not None else None) or default_engine_factory()
        try:
            return factory()
        except Exception:               # starting the engine worker
            log.warning("the review engine could not start", exc_info=True)
            return None

    def start(self) -> bool:
        """Review the whole line (moves played and the ones Redo would replay) in the background."""
        sc = self.scene
        m = sc.match
        if m is None or sc.view is None:
            return False
        nodes = self._line()
        if not nodes:
            sc.set_status(_("Nothing to review yet: no move has been played."), "warn")
            return False
        if self.engine is None:
            self.engine = self._make_engine()
        if not isinstance(self.engine, Reviewer):
            sc.set_status(_("The review needs the computer player, which is not available."), "warn")
            return False
        sc.history.stop_replay()
        if sc.computer.busy:
            sc.computer.cancel()          # the computer waits while the review runs
        try:
            self.engine.review(self._line_game(nodes), seconds=self.seconds, iterations=self.iterations, seed=0)
        except Exception as exc:        # the engine worker's client
            log.warning("the review could not start: %s", exc)
            sc.set_status(_("The review could not start: {why}").format(why=_("it ran into an error of its own")),
                          "error")
            return False
        for node in nodes:              # the line's verdicts are made again
            node.annotations.pop(REVIEW_KEY, None)
        self._nodes, self.total, self.done = list(nodes), len(nodes), 0
        self.kept = ()
        self.error, self.finished_in = "", None
        self.annotator = ""
        self.state = "running"
        self.started_at = sc.time
        self._touch()
        self._show(True)
        moves = self.progress()[1]          # counted as the move list numbers them, as the library does
        self.say(ngettext("Reviewing {n} move in the background (Esc stops it).",
                          "Reviewing {n} moves in the background (Esc stops it).", moves).format(n=moves))
        sc.refresh_panel()
        return True

    def progress(self) -> tuple[int, int]:
        """(moves reviewed, moves to review), counted as the move list numbers them
        (``numbering.moves_among``: Onager's lakes are no move); the review goes from the
        game's end, so the moves done are those of its last plies."""
        nodes = self._nodes
        if not nodes:
            return self.done, self.total
        done = nodes[len(nodes) - self.done:] if self.done else []
        return moves_among(nd.slot for nd in done), moves_among(nd.slot for nd in nodes)

    def cancel(self, why: str = "") -> bool:
        """Stop a running review at once (its partial verdicts stay on their nodes); True if one ran."""
        if not self.running:
            return False
        if self.engine is not None:
            try:
                self.engine.cancel()
            except Exception:           # the engine worker's client: a gone worker has nothing to stop
                log.warning("cancelling the review failed", exc_info=True)
        self.state = "stopped"
        self._touch()
        if not self.plies:
            self._show(False)
        if why:
            self.say(why)
        self.scene.refresh_panel()
        return True

    def close(self) -> None:
        """The scene exits: stop the review's worker."""
        if self.state == "running":
            self.state = "stopped"
            self._touch()
        if self.engine is not None:
            try:
                self.engine.close()
            except Exception:           # the engine worker's client: closing a gone worker
                log.warning("closing the review engine failed", exc_info=True)
            self.engine = None

    def line_changed(self) -> None:
        """A new move was played (scene.play_move): a running review stops. The verdicts stay
        on their nodes (moves replaced by the new one keep theirs, in the variation)."""
        if self.running:
            self.cancel()

    def back(self) -> bool:
        """Escape: stop a running review (True: Escape was used)."""
        return self.cancel(_("Review stopped."))

    def _poll(self) -> None:
        try:
            events = self.engine.review_poll()
        except Exception as exc:        # the engine worker's client
            log.warning("polling the review failed: %s", exc)
            events = [("error", _("it ran into an error of its own"))]
        changed = False
        nodes = self._nodes
        for ev in events:
            if ev[0] == "ply":
                try:
                    p = ply_from_json(ev[1])
                except (KeyError, TypeError, ValueError):
                    continue
                if 1 <= p.ply <= len(nodes):
                    nodes[p.ply - 1].annotations[REVIEW_KEY] = p
                    self.done = max(self.done, min(len(nodes), int(ev[2])))
                    changed = True
            elif ev[0] == "done":
                self.state = "done"
                self.done = len(nodes)
                self.finished_in = self.scene.time - self.started_at
                changed = True
            elif ev[0] == "error":
                self.state = "error"
                self.error = str(ev[1])
                changed = True
                self.scene.set_status(_("The review failed: {why}").format(why=self.error), "error")
        note = self.engine.notice if self.engine is not None else ""
        if note:
            self.engine.notice = ""
            self.scene.set_status(note, "warn")
        if changed:
            self._touch()
            if self.state == "done":
                self._finished_status()
                self.keep_mistakes()
            if not self.running:
                self.scene.refresh_panel()

    def _finished_status(self) -> None:
        s = self.summary
        if s is None:
            return
        m = self.scene.match
        self.say(review_done_words(s, m.start_players if m is not None else {}))

    # ------------------------------------------------------------ My puzzles
    def keep_mistakes(self, today: _dt.date | None = None) -> int:
        """The finished run's ``?`` and ``??`` moves of the human seats kept as My puzzles
        (``self.kept``: their ids). Returns how many were new; a store that cannot be read or
        written is said in the status line."""
        from ...puzzles.mistakes import exercises, start_of
        from ...puzzles.store import load_store, save_store
        m = self.scene.match
        nodes = self._nodes
        if m is None or not nodes or start_of(m.game) is None:
            return 0
        start = m.start_players
        seats = [c.word for c in Color if start.get(c, HUMAN) == HUMAN]
        plies = [_ply_as(p, i) for i, p in enumerate((node_review(n) for n in nodes), start=1) if p is not None]
        moves = [n.move.record for n in nodes if n.move is not None]
        found = exercises(m.game.name, m.game.options(), moves, plies, seats, today or _dt.date.today())
        self.kept = tuple(p.id for p in found)
        if not found:
            return 0
        store, note = load_store()
        new = store.of(m.game.name).add_mine(found)
        problem = save_store(store) or note
        if problem:
            self.scene.set_status(problem, "warn")
        return new

    def practise(self) -> None:
        """Practise: the My puzzles screen of this game, at the first mistake the run kept."""
        sc = self.scene
        m = sc.match
        if m is None or sc.app is None or not self.kept:
            return
        sc.history.stop_replay()
        sc.finish_animation()
        sc.app.push(make_scene("my_puzzles", m.game.name, focus=self.kept[0]))

    # ------------------------------------------------------------ records
    def annotate(self, record: Any) -> Any:
        """``record`` (a record of this board's game tree, ``match_record``) with the verdicts on
        the tree's nodes as move comments: the main line's through
        ``game.ai.review.review_to_comments``, a variation's as comments of its moves (in a copy
        of the tree: the game's own tree is not changed). Save… and the autosave call it."""
        m = self.scene.match
        if m is None:
            return record
        try:
            return annotate_record(record, m.tree, self._annotator())
        except (ImportError, RulesError, ValueError, KeyError, TypeError):
            log.warning("the review's verdicts could not be written to the record", exc_info=True)
            return record

    def _annotator(self) -> str:
        rv = _rv()
        budget = (f"{self.seconds:g} s per position" if self.seconds else
                  f"{self.iterations} iterations per position" if self.iterations else "")
        return self.annotator or (f"{rv.ANNOTATOR}, {budget}" if budget else rv.ANNOTATOR)

    def adopt(self, record: Any) -> bool:
        """A loaded record's review comments become verdicts on this board's tree (no engine
        run): the main line's (``comments_to_review``) and a variation's. The comments'
        texts leave the nodes' comments (the verdicts are written back from the nodes)."""
        m = self.scene.match
        if m is None:
            return False
        try:
            n = adopt_record(record, m.tree)
        except (ImportError, RulesError, ValueError, KeyError, TypeError):
            log.warning("the record's verdicts could not be read", exc_info=True)
            return False
        if not n:
            return False
        self._touch()
        self._nodes = []
        self.total = self.done = self.valid()
        self.state = "done"
        self.annotator = record.headers.get("Annotator", "")
        self.shown = bool(self.plies)
        self._touch()
        return True

    # ------------------------------------------------------------ who
    def seat_name(self, seat: str) -> str:
        """'You' / 'Computer' against the computer, else 'Black' / 'White' (seats at the start)."""
        m = self.scene.match
        start = m.start_players if m is not None else {}
        color = Color.BLACK if seat == "black" else Color.WHITE
        humans = [c for c in Color if start.get(c, HUMAN) == HUMAN]
        if len(humans) == 1:
            return _("You") if color in humans else _("Computer")
        return side_name(color.word)

    # ------------------------------------------------------------ each frame
    def update(self, dt: float) -> None:
        sc = self.scene
        if self.running and self.engine is not None:
            self._poll()
        if sc.w:
            self.fit_strip()                # the column's words may need a taller strip
            self._sync_buttons()
            self._sync_move_list()
            self._sync_graph()
            self._sync_status()
            self._offer_after_game()

    def _offer_after_game(self) -> None:
        """A game against the computer just ended: offer the review (once per ending)."""
        sc = self.scene
        m = sc.match
        if m is None or not m.is_over or sc.anim is not None or sc.browse_ply is not None or self.running:
            return
        if sc.history.total() == 0:         # (lost on time before a move: nothing to review)
            return
        key = (len(m.history), str(m.result))
        if key == self._over_key:
            return
        self._over_key = key
        if self.plies and self.valid() >= len(m.history):
            return
        humans = [c for c in Color if m.is_human(c)]
        if len(humans) == 1 and not sc.panel.status:
            sc.set_status(_("Press Review for the engine's view: accuracy and the biggest swing."), "offer")

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event) -> bool:
        sc = self.scene
        t = event.type
        if t == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self.button(key)
                    return True
            return False
        g = self.graph
        if g is None:
            return False
        if t == pygame.MOUSEMOTION:
            hover = g.ply_at(event.pos) if sc.dialog is None else None
            if hover != g.hover:
                g.hover = hover
            return False
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1 and sc.dialog is None:
            ply = g.ply_at(event.pos)
            if ply is None:
                return False
            self.jump(ply)
            return True
        return False

    def jump(self, ply: int) -> None:
        """Browse to the position after ``ply`` moves (the graph's click, Jump to it)."""
        sc = self.scene
        sc.history.stop_replay()
        sc.finish_animation()
        sc.history.browse_to(ply)

    def button(self, key: str) -> None:
        if key == "cancel":
            self.cancel(_("Review stopped."))
        elif key == "jump":
            swing = self.summary.biggest_swing if self.summary is not None else None
            if swing:
                self.focus_ply = int(swing["ply"])      # its better move is shown, marked or not
                self._status_key = None
                self.jump(max(0, int(swing["ply"]) - 1))
        elif key == "analyse":
            self.analyse_here()
        elif key == "practise":
            self.practise()
        elif key == "close":
            self.hide()

    def analyse_here(self) -> None:
        """'Analyse from here': the analysis board (``game/scenes/board/analysis.py``) with a copy
        of this game's tree at the position shown, over this board (its Menu comes back)."""
        sc = self.scene
        m = sc.match
        if m is None or sc.app is None:
            return
        sc.history.stop_replay()
        sc.finish_animation()
        sc.app.push(make_scene("analysis_of", m, m.tree.cursor))

    def toggle(self) -> None:
        """The toolbar's Review button: start (or show again) / stop."""
        if self.running:
            self.cancel(_("Review stopped."))
        elif self.plies and self.valid() == len(self.current_line()):   # the line shown is reviewed
            self._show(True)
            self.say(_("This game is reviewed: click the graph or a move to look closer."))
        else:
            self.start()
