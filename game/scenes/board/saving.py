"""The board scene's autosave: after every change, off the drawing path.

``Autosaver.update(match)`` (``game.autosave``) at the end of every frame (``App.step``
calls the scene's ``after_frame()``), except the frame in which a move's animation starts (a
heavy one: it waits for the next). The record text is made here (a few ms) only when the line
changed; the background writer thread only writes the file. The record holds the whole tree
and the review's verdicts as move comments (``Autosaver.annotate`` = ``BoardReview.annotate``;
a review that finished, stopped or failed is a change worth writing), so Continue brings the
review back (``board_from_record`` → ``BoardReview.adopt``); in a game with clocks each move's
time is a ``%clk`` comment and the time the side to move has spent of its turn a ``ClockUsed``
header, written every few seconds while its clock runs (``BoardClocks``), so Continue after a
quit or a kill -9 brings both clocks back.

Each game has its own file among the unfinished games (``game.storage.unfinished_dir()``): a
new game gets a new file on its first write, a game resumed from its file (Continue, Recent
games) keeps writing that file (``keep_file``), a loaded record gets a new file. So leaving a
game (New game, Load, quitting) never overwrites another one; ``kept_text`` says so.

Work not saved (``unsaved_work``) is the one answer every question before losing the board's
game reads (Load's "Replace the game?", the analysis board's "Save the analysis first?"): the
game is not kept among the unfinished games and its tree is not what a file holds of it
(``tree_state``: every move, its place, its comments), as saved, loaded, or, on a board that keeps
nothing by itself, as it opened (``mark_kept``).
"""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...i18n import _
from ...names import game_title
from ...ui.words import slot_words
from .part import ScenePart

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # pragma: no cover
    from ...autosave import Autosaver
    from ...rules.tree import GameTree
    from .scene import BoardScene

TreeState = tuple[tuple[str, ...], tuple[tuple[int, tuple[str, ...]], ...]]
NOTHING_KEPT: TreeState = ((), ())     # no file holds the game yet: only an empty tree matches it


def tree_state(tree: GameTree) -> TreeState:
    """What a record of ``tree`` holds of the player's work, to tell whether it changed: the
    start's comments, and every move (one added or removed), in its order (a variation moved
    up), with its comments. An empty tree is ``NOTHING_KEPT``."""
    moves = tuple((n.uid, tuple(n.comments)) for n in tree.nodes() if n is not tree.root)
    return tuple(tree.root.comments), moves


class BoardAutosave(ScenePart):
    """Keeps the game's own file among the unfinished games (or ``last-game.txt`` for a finished
    game) up to date."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self._autosaver: Autosaver | None = None     # made when first needed (``autosaver``)
        self._save_anim: Any = None                  # the autosave waits out a move's first frame
        self._kept_tree: TreeState = NOTHING_KEPT    # ``tree_state`` as a file holds it (``mark_kept``)

    @property
    def autosaver(self) -> "Autosaver":
        """The game's autosaver, made (and ``game.autosave`` imported) when first asked for: after
        the board's first frame, or never in a ``--screenshot`` run."""
        if self._autosaver is None:
            from ...autosave import Autosaver
            self._autosaver = Autosaver(annotate=self._annotate, annotate_key=self._review_key)
        return self._autosaver

    def _annotate(self, record: Any) -> Any:
        """The record with the board's review as move comments (``BoardReview.annotate``) and
        what the side to move has spent of its turn on a running clock (``BoardClocks.annotate``)."""
        return self.scene.clocks.annotate(self.scene.review.annotate(record))

    def _review_key(self) -> Any:
        """Changes when the review's verdicts changed (and it is not running), and every few
        seconds while a game clock runs (``BoardClocks.autosave_key``)."""
        return (self.scene.review.autosave_key(), self.scene.clocks.autosave_key())

    @property
    def path(self) -> Path | None:
        """The game's file (None until a new game's first write)."""
        return self.autosaver.path

    def own_file(self) -> Path | None:
        """The game's file among the unfinished games, named now if it was not written yet (the
        next write goes there); None on a board that writes no game."""
        if self.match is None or not self._enabled():
            return None
        return self.autosaver.file_for(self.match)

    def keep_file(self, path: str | os.PathLike[str]) -> None:
        """The game was resumed from ``path``: go on writing that file (not a new one)."""
        self.autosaver.path = Path(path)

    def _enabled(self) -> bool:
        """Are games written (the scene's ``writes_files``: not in a ``--screenshot`` run)?"""
        return self.scene.writes_files()

    def writing_fails(self) -> bool:
        """The autosave's last write of a game failed and none has worked since (the "Not saved"
        card said why): the game is not kept among the unfinished games."""
        return self._enabled() and self._autosaver is not None and self._autosaver.bg.failing("game")

    def lost_on_leaving(self) -> bool:
        """Would leaving the board lose work (the question before leaving asks then)? A game
        board keeps its game, unless writing it fails."""
        return self.writing_fails() and self.unsaved_work()

    def kept_text(self) -> str:
        """What to tell the player when they leave this game for another one: 'Your Onyx game
        (move 2) is kept …' if it is kept among the unfinished games, else ''."""
        m = self.match
        if m is None or not self._enabled() or not self.autosaver.keeps(m) or self.writing_fails():
            return ""
        # (the menu's Continue holds the latest game, its list the ones before: it is in one)
        return _("Your {game} game ({turn} to move) is kept: you can go on with it from the menu.").format(
            game=game_title(m.name), turn=slot_words(m.next_turn()))

    def mark_kept(self) -> None:
        """The game as it stands is no work to lose: a file holds it (saved, loaded), or it is
        what a board that keeps nothing by itself opened with (the analysis board)."""
        self._kept_tree = tree_state(self.match.tree) if self.match is not None else NOTHING_KEPT

    def unsaved_work(self) -> bool:
        """Would leaving or replacing this board lose the player's work: its game is not kept
        among the unfinished games (``kept_text``: a finished game, a board that keeps nothing)
        and its tree changed since a file held it (``mark_kept``)?"""
        m = self.match
        return m is not None and tree_state(m.tree) != self._kept_tree and not self.kept_text()

    def after_frame(self) -> None:
        """After a frame is drawn (``App.step``): the autosave after every change. Making the
        record text takes a few ms, so in the frame in which a move starts its animation (a
        heavy one) it waits for the next (an animation frame, which is light); only the writing
        is left to the background thread."""
        m = self.match
        if m is None or not self._enabled():
            return
        anim = self.scene.anim
        if anim is not None and anim is not self._save_anim:
            self._save_anim = anim               # a move (or a step back) began this frame
            return
        self.autosaver.update(m)

    def close(self) -> None:
        try:
            if self._enabled():
                self.autosaver.update(self.match)
        except Exception:       # the autosave (files, the writer thread) must not stop the scene closing
            log.exception("the last autosave failed")
        if self._autosaver is not None:
            self._autosaver.flush(5.0)

    def write_now(self) -> None:
        """Write the autosave at once (a game just loaded: Continue must offer it, not the one before)."""
        if self.match is None or not self._enabled():
            return
        try:
            self.autosaver.opened(self.match)
            self.autosaver.update(self.match, force=True)
        except Exception:       # the autosave (files, the writer thread): the game plays on without it
            log.exception("writing the autosave failed")
