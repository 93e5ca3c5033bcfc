"""Browsing, variations and replay of the board scene: views of the match's game tree.

The rules (``docs/timeline.md``):

* Browsing (arrow keys, Home/End, a click on any move of the list, the review's graph) moves
  the tree's cursor (``Match.goto``) and never changes the game; End returns to the live
  position, where the game stands. Right stops there: the moves after it are the redo line,
  which Redo (Ctrl+Y) plays again. A forward step plays the move's animation, other steps
  cross-fade (``game.anim.fade``). While browsing the computer does not move.
* A move played from an earlier position becomes the game's line; what followed there stays
  as a variation (against the computer it asks first). The next move of the line just steps on.
* Resignations and agreements belong to the position where they happened (``GameNode.ending``),
  so browsing away and back finds them there.
* Replay: from the start to where the game stands, at the animation speed; a click or key stops.
* The move list (``game.ui.movelist.MoveList``) shows the tree (``game.ui.moveflow.flatten``):
  the main line in numbered rows, variations indented, every move a link.

The buttons and keys that drive it are in ``toolbar.py``.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from ...anim.fade import FadeAnimation
from ...i18n import _, ngettext
from ...rules.base import RulesError
from ...rules.tree import GameNode
from ...ui.moveflow import flatten, key_of, node_for_key
from ...ui.words import where_words
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene

REPLAY_PAUSE = 0.45       # seconds between replayed moves at speed 1


class BoardHistory(ScenePart):
    """Where in the game tree the board is, the move list, and the replay."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.replaying = False
        self.replay_wait = 0.0
        self._confirm_text = ""
        self._bypass = False
        self._lines_key: Any = None
        self._lines_box: Any = None

    def total(self) -> int:
        """The plies of the line through the position shown."""
        m = self.match
        return 0 if m is None else len(m.line())

    def speed(self) -> float:
        app = self.app
        return max(0.25, float(app.settings.anim_speed)) if app is not None else 1.0

    # ------------------------------------------------------------ the move list
    def update_move_list(self, force: bool = False) -> None:
        """The move list shows the tree, the shown move marked. Cheap when nothing changed."""
        sc = self.scene
        m = self.match
        box = sc.panel.move_list()
        if box is None or m is None:
            return
        tree = m.tree
        key = (tree.version, tree.cursor.uid, tree.live.uid)
        if key == self._lines_key and box is self._lines_box and not force:
            return
        self._lines_key, self._lines_box = key, box      # a new list (after a resize) is filled
        current = None if tree.cursor.parent is None else key_of(tree.cursor)
        box.set_lines(flatten(tree), current, follow=not self.browsing)
        if force:
            box._dirty = True

    @property
    def _href_colour(self) -> dict[str, tuple[int, int, int]]:
        """Link colours by ply number ('1', '2', ...): played, shown, later (tests)."""
        box = self.scene.panel.move_list()
        if box is None:
            return {}
        return {str(j + 1): box.colour_of(j) for j in range(len(box.records))}

    # ------------------------------------------------------------ browsing
    def step_target(self, delta: int) -> GameNode | None:
        """The node ``delta`` plies from the one shown along the line shown: on a game's board
        Right stops where the game stands (Redo goes beyond it); on the analysis board, where
        there is no game to stand at, it follows the line shown in the move list to its end."""
        m = self.match
        if m is None:
            return None
        if self.scene.stops_at_game:
            return m.tree.step_target(delta)
        line = m.line()
        i = max(0, min(len(line), m.tree.cursor.ply + int(delta)))
        return m.tree.root if i == 0 else line[i - 1]

    def last_node(self) -> GameNode | None:
        """Where End goes: where the game stands, or (the analysis board) the end of the line
        shown."""
        m = self.match
        if m is None:
            return None
        if self.scene.stops_at_game:
            return m.tree.live
        line = m.line()
        return line[-1] if line else m.tree.root

    def browse(self, delta: int) -> None:
        node = self.step_target(delta)
        if node is not None:
            self.show(node)

    def browse_to(self, ply: int, animate: bool = True) -> bool:
        """Show the position after ``ply`` moves of the line through the position shown
        (past the live position only along the redo line); False if nothing changed."""
        m = self.match
        if m is None:
            return False
        line = m.line()
        ply = max(0, min(len(line), int(ply)))
        return self.show(m.tree.root if ply == 0 else line[ply - 1], animate)

    def browse_key(self, key: str) -> bool:
        """Show the move a move-list link names (a ply number or 'v<uid>')."""
        m = self.match
        node = node_for_key(m.tree, key) if m is not None else None
        return node is not None and self.show(node)

    def end(self) -> bool:
        """End: back to where the game stands (the analysis board: the end of the line shown)."""
        node = self.last_node()
        return node is not None and self.show(node)

    def show(self, node: GameNode, animate: bool = True) -> bool:
        """Show ``node``'s position; False if nothing changed."""
        sc = self.scene
        m = self.match
        if m is None or sc.view is None:
            return False
        if node is m.tree.cursor:
            return False
        sc.finish_animation()
        if sc.dialog is not None:
            return False
        sc.computer.cancel()
        if sc.input is not None:
            sc.input.cancel()
        before = m.game.stacks()
        motions = m.goto(node)
        sc.panel.clear_status()
        if animate and motions is not None:
            sc.start_animation(before, motions)
        elif animate:
            self._fade(before)
        else:
            sc.refresh()
        self._note()
        return True

    def _fade(self, before: dict[str, tuple[str, ...]]) -> None:
        sc = self.scene
        m = self.match
        after = m.game.stacks()
        sc.mover.show(FadeAnimation(sc.view, before, after, speed=self.speed(),
                                    on_complete=sc.mover.done), before)
        if sc.input is not None:
            sc.input.set_game(None)
        sc.refresh_panel()

    def where(self) -> str:
        """The browsing note: which position is shown and how to get back."""
        m = self.match
        if m is None:
            return ""
        node = m.tree.cursor
        words = where_words(node)
        if not node.is_main_line():
            words = _("A variation: {where}").format(where=words)
        elif m.tree.live.is_ancestor_of(node):
            words = _("{where} (taken back: Redo plays it again)").format(where=words)
        return words

    def note_words(self) -> str:
        """The status line's words while browsing (or replaying), '' while not."""
        if self.match is None or not self.browsing:
            return ""
        where = self.where()
        if self.replaying:
            return _("Replay: {where}. Click or press a key to stop.").format(where=where)
        m = self.match
        if m.live_result is None and not m.is_human(m.game_at(m.live).to_move):
            # the computer moves only where the game stands, not under the player's eyes
            return _("{where}. The computer waits: press End to return to the game.").format(where=where)
        return _("{where}. Press End to return to the game.").format(where=where)

    def _note(self) -> None:
        """The status line while browsing."""
        sc = self.scene
        m = self.match
        if m is None:
            return
        if self.browsing:
            sc.set_status(self.note_words())
        else:
            sc.panel.clear_status()
            sc.panel.update_status_box()

    # ------------------------------------------------------------ a move while browsing
    def intercept_move(self, text: str) -> bool:
        """Called by ``play_move``: True if the move is handled here (stepping or confirming)."""
        if self._bypass or not self.browsing or not self.scene.asks_before_branching:
            return False
        m = self.match
        if m is None:
            return False
        try:
            canon = m.game.move_str(m.game.parse_move(text))
        except RulesError:
            return False
        line = m.line()
        cur = m.tree.cursor
        nxt = line[cur.ply] if cur.ply < len(line) else None
        if nxt is not None and nxt.move is not None and nxt.move.text == canon \
                and cur.is_ancestor_of(m.tree.live) and nxt.is_ancestor_of(m.tree.live):
            self.show(nxt)                     # the game's own next move: step on
            return True
        # every move of the line after this position goes into the variation: the moves to where
        # the game stands and the ones taken back after it (the redo line)
        later = cur.end().ply - cur.ply if cur.is_ancestor_of(m.tree.live) else 0
        self._confirm_text = text
        if later > 0:
            body = ngettext("The game goes on from here with {move}. The {n} later move "
                            "stays in the move list as a variation.",
                            "The game goes on from here with {move}. The {n} later moves "
                            "stay in the move list as a variation.", later).format(move=html.escape(text), n=later)
        else:
            body = _("The game goes on from this position with {move}. The moves played "
                     "after the position you left stay in the move list as a variation.").format(move=html.escape(text))
        self.scene.open_dialog("branch", _("Play on from here?"), body, _("Play it"))
        return True

    def branch_confirmed(self) -> None:
        """The player confirmed the move asked about (``intercept_move``): it is played, the
        game going on from the position shown."""
        text, self._confirm_text = self._confirm_text, ""
        sc = self.scene
        self._bypass = True
        try:
            sc.play_move(text)
        finally:
            self._bypass = False

    def branch_cancelled(self) -> None:
        """The player closed the question: no move, the position shown stays."""
        self._confirm_text = ""
        sc = self.scene
        if sc.input is not None:
            sc.input.cancel()
        sc.refresh()
        self._note()

    # ------------------------------------------------------------ variations
    def promote(self) -> bool:
        """Move the variation shown one place up; in first place it is the game's line, its
        moves the redo line from the branch point (``GameTree.promote``)."""
        m = self.match
        if m is None or m.tree.variation_start(m.tree.cursor) is None:
            self.scene.set_status(_("Click a move of a variation first, then promote it."), "warn")
            return False
        sc = self.scene
        sc.finish_animation()
        sc.computer.cancel()
        m.tree.promote(m.tree.cursor)
        main = m.tree.cursor.is_main_line()
        self.update_move_list(force=True)
        sc.refresh()
        sc.set_status(_("This line is now the game's: Redo plays its moves.") if main
                      else _("The variation moved up in the move list."))
        return True

    def delete_variation(self) -> bool:
        """Delete the variation the position shown is in (from its first move on)."""
        m = self.match
        if m is None:
            return False
        start = m.tree.variation_start(m.tree.cursor)
        if start is None:
            self.scene.set_status(_("Click a move of a variation first, then delete it."), "warn")
            return False
        n = start.count() + 1
        parent = start.parent
        assert parent is not None
        if not self.show(parent) and m.tree.cursor is not parent:
            m.goto(parent)
        if m.tree.delete(start) is None:
            return False
        self.update_move_list(force=True)
        self.scene.set_status(ngettext("Variation deleted ({n} move).", "Variation deleted ({n} moves).", n).format(n=n))
        return True

    # ------------------------------------------------------------ replay
    def toggle_replay(self) -> None:
        if self.replaying:
            self.stop_replay()
        else:
            self.start_replay()

    def start_replay(self) -> None:
        m = self.match
        if m is None or m.tree.live.parent is None:
            return
        self.scene.finish_animation()
        if m.tree.cursor.parent is not None:
            self.show(m.tree.root)
        self.replaying = True
        self.replay_wait = REPLAY_PAUSE
        self._note()
        self.scene.toolbar.refresh_panel()

    def close(self) -> None:
        """The scene is left: a replay stops where it is, with nothing more to show."""
        self.replaying = False

    def stop_replay(self) -> None:
        if not self.replaying:
            return
        self.replaying = False
        self._note()
        self.scene.toolbar.refresh_panel()

    def _replay_step(self, dt: float) -> None:
        sc = self.scene
        if sc.anim is not None or sc.dialog is not None:
            return
        m = self.match
        if m is None or not m.browsing:
            self.replaying = False
            sc.refresh()
            self.scene.toolbar.refresh_panel()
            sc.set_status(_("Replay finished."))
            return
        self.replay_wait -= dt
        if self.replay_wait <= 0:
            self.replay_wait = REPLAY_PAUSE / self.speed()
            live = m.tree.live
            nxt = next((n for n in live.path() if n.parent is m.tree.cursor), None)
            if nxt is None:
                self.show(live)
            else:
                self.show(nxt)
            if self.replaying and self.browsing:
                self._note()

    # ------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        """Each frame: the replay's next step."""
        if self.match is None:
            return
        if self.replaying:
            self._replay_step(dt)
