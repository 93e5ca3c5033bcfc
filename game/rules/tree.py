"""A game as a tree of moves: the main line, its variations, comments, the review, a cursor.

Pure Python (no pygame, no files, no clocks). This is the one model of a game's history; the
match (``game.match``), browsing, Undo/Redo, the move list, the autosave, records and the
review are views of it or operations on it.

* A :class:`GameNode` is the position after one move (the root: the start position). Its
  ``children`` are the moves tried from there, in order: the first is the main line, the
  others are variations. A node keeps the move (:class:`PlayedMove`), the comments written
  after it, ``annotations`` (the review's mark, values and better move live here) and an
  ``ending``: a result decided outside the rules (a resignation or an agreement) at that
  position.
* A :class:`GameTree` has a root and two pointers: ``live``, where the game stands (the last
  move played; Undo moves it back, Redo forward along the main line), and ``cursor``, the
  position shown (browsing moves only the cursor). The live node is always on the main line:
  playing from any position promotes the path to it, and what was the main line there stays
  as a variation. Nothing is deleted except by :meth:`GameNode.delete`.

The rules on the player's time line that sit on top of this are in ``docs/timeline.md``.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Iterator

from .base import Color, Result
from .numbering import Slot, next_slot

__all__ = ["PlayedMove", "GameNode", "GameTree"]


@dataclass(frozen=True)
class PlayedMove:
    """One move as played: its canonical text and the form shown in records."""

    text: str     # canonical (move_str), always readable by parse_move in the position before
    record: str   # record_str (may carry a suffix, e.g. Onyx '*')
    color: Color  # the side that played it
    path: tuple[str, ...] = ()   # the landings the player chose (Onager chains), when given
    exchange: bool = False       # the players exchanged colours with it (Onyx pie rule's swap)
    phase: str | None = None     # the un-numbered opening phase it belongs to (Onager "Lakes")

    @property
    def replay_text(self) -> str:
        """The text that plays this move again with the same motions (a chain's path)."""
        return "-".join(self.path) if self.path else self.text


class GameNode:
    """The position after one move (the root: the start position)."""

    __slots__ = ("parent", "move", "children", "comments", "annotations", "ending", "uid", "_slot")
    _uids = itertools.count(1)

    def __init__(self, parent: "GameNode | None" = None, move: PlayedMove | None = None) -> None:
        self.parent = parent
        self.move = move
        self.children: list[GameNode] = []
        self.comments: list[str] = []
        self.annotations: dict[str, Any] = {}
        self.ending: Result | None = None
        self.uid = next(GameNode._uids)      # names the node in links while the program runs
        self._slot: Slot | None = None

    # ------------------------------------------------------------ where
    @property
    def ply(self) -> int:
        n, node = 0, self
        while node.parent is not None:
            n += 1
            node = node.parent
        return n

    @property
    def root(self) -> "GameNode":
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def path(self) -> list["GameNode"]:
        """The nodes from the first move to this one (empty for the root)."""
        out: list[GameNode] = []
        node: GameNode | None = self
        while node is not None and node.parent is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        return out

    def moves(self) -> list[PlayedMove]:
        """The moves from the start to this position."""
        return [n.played for n in self.path()]

    @property
    def played(self) -> PlayedMove:
        """The move that led to this position: every node but the root has one (those of
        ``path``, ``main_line`` and ``children``). ValueError on the root."""
        if self.move is None:
            raise ValueError("the start position is reached by no move")
        return self.move

    @property
    def played_slot(self) -> Slot:
        """``slot`` of a node that has a move (ValueError on the root)."""
        slot = self.slot
        if slot is None:
            raise ValueError("the start position has no place in the move list")
        return slot

    @property
    def branch(self) -> int:
        """Its place among its parent's children: 0 on the main line from there, then the
        variations in order (0 for the root)."""
        return 0 if self.parent is None else self.parent.children.index(self)

    def alternatives(self) -> list["GameNode"]:
        """The variations beside this node's main line: its parent's other children after
        the first (none for the root)."""
        return [] if self.parent is None else self.parent.children[1:]

    def is_ancestor_of(self, other: "GameNode") -> bool:
        """Is this node on the path to ``other`` (or ``other`` itself)?"""
        node: GameNode | None = other
        while node is not None:
            if node is self:
                return True
            node = node.parent
        return False

    def is_main_line(self) -> bool:
        """Is this node on the main line (every step the first child)?"""
        node = self
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    def starts_variation(self) -> bool:
        """Is this node a variation, i.e. not its parent's first child?"""
        return self.parent is not None and self.parent.children[0] is not self

    @property
    def slot(self) -> Slot | None:
        """Where this move sits in the numbered move list (None for the root)."""
        if self.move is None:
            return None
        if self._slot is None:
            chain: list[GameNode] = []
            node: GameNode | None = self
            while node is not None and node.move is not None and node._slot is None:
                chain.append(node)
                node = node.parent
            prev = node._slot if node is not None and node.move is not None else None
            for n in reversed(chain):
                prev = next_slot(prev, n.played.phase, n.played.color)
                n._slot = prev
        return self._slot

    # ------------------------------------------------------------ lines
    def main_line(self) -> Iterator["GameNode"]:
        """The nodes after this one along first children."""
        node = self
        while node.children:
            node = node.children[0]
            yield node

    def end(self) -> "GameNode":
        """The last node of the main line from here."""
        node = self
        while node.children:
            node = node.children[0]
        return node

    def child_for(self, text: str) -> "GameNode | None":
        """The child whose move has this canonical text."""
        for c in self.children:
            if c.move is not None and c.move.text == text:
                return c
        return None

    def add(self, move: PlayedMove, main: bool = False) -> "GameNode":
        """The child for ``move`` (the existing one for the same move), first if ``main``."""
        node = self.child_for(move.text)
        if node is None:
            node = GameNode(self, move)
            self.children.append(node)
        elif move.path and node.move is not None and node.move.path != move.path:
            node.move = move          # the same move by another chain of landings: keep the newest
        if main:
            self.children.remove(node)
            self.children.insert(0, node)
        return node

    # ------------------------------------------------------------ editing
    def promote_to_main(self) -> None:
        """Make every step of the path to this node the first child."""
        node = self
        while node.parent is not None:
            kids = node.parent.children
            if kids[0] is not node:
                kids.remove(node)
                kids.insert(0, node)
            node = node.parent

    def promote(self) -> None:
        """Move the variation this node is in one place up among its siblings."""
        node = self
        while node.parent is not None and not node.starts_variation():
            node = node.parent
        if node.parent is None:
            return
        kids = node.parent.children
        i = kids.index(node)
        kids[i - 1], kids[i] = kids[i], kids[i - 1]

    def delete(self) -> None:
        """Remove this node and everything after it from the tree."""
        if self.parent is not None and self in self.parent.children:
            self.parent.children.remove(self)
        self.parent = None

    def count(self) -> int:
        """The nodes below this one (not counting itself)."""
        n, stack = 0, list(self.children)
        while stack:
            node = stack.pop()
            n += 1
            stack.extend(node.children)
        return n

    def __repr__(self) -> str:
        what = self.move.record if self.move else "start"
        return f"<GameNode {what} ply={self.ply} children={len(self.children)}>"


class GameTree:
    """A root, the live node (where the game stands) and the cursor (the position shown)."""

    def __init__(self) -> None:
        self.root = GameNode()
        self.live = self.root
        self.cursor = self.root
        self.version = 0          # grows with every change of the tree's shape (caches key on it)

    def touch(self) -> None:
        """Say that the tree's shape changed (a node promoted, deleted or added by hand)."""
        self.version += 1

    # ------------------------------------------------------------ views
    @property
    def browsing(self) -> bool:
        return self.cursor is not self.live

    def main_line(self) -> list[GameNode]:
        return list(self.root.main_line())

    def count_variations(self) -> int:
        """How many variations (children after the first) the tree holds."""
        n, stack = 0, [self.root]
        while stack:
            node = stack.pop()
            n += max(0, len(node.children) - 1)
            stack.extend(node.children)
        return n

    def count_comments(self) -> int:
        n, stack = 0, [self.root]
        while stack:
            node = stack.pop()
            n += len(node.comments)
            stack.extend(node.children)
        return n

    def redo_line(self) -> list[GameNode]:
        """The main line after the live node: what Redo plays again, next first."""
        return list(self.live.main_line())

    def line_through_cursor(self) -> list[GameNode]:
        """The line browsing walks: the path to the cursor, then on to the live node when the
        cursor is before it, else along first children."""
        path = self.cursor.path()
        if self.cursor.is_ancestor_of(self.live):
            path.extend(self.live.path()[len(path):])
            path.extend(self.live.main_line())
        else:
            path.extend(self.cursor.main_line())
        return path

    def step_target(self, delta: int) -> GameNode:
        """The node ``delta`` plies from the cursor along :meth:`line_through_cursor`."""
        line = self.line_through_cursor()
        i = self.cursor.ply + int(delta)
        i = max(0, min(len(line), i))
        if self.cursor.is_ancestor_of(self.live) and delta > 0:
            i = min(i, self.live.ply)        # Right stops at the game: Redo goes beyond it
        return self.root if i == 0 else line[i - 1]

    # ------------------------------------------------------------ changes
    def play(self, move: PlayedMove) -> GameNode:
        """A move from the cursor: it becomes the live node, on the main line."""
        node = self.cursor.add(move)
        node.promote_to_main()
        self.live = self.cursor = node
        self.version += 1
        return node

    def back(self) -> GameNode | None:
        """Undo one move: the live node goes to its parent (the move stays as the redo line)."""
        if self.live.parent is None:
            return None
        self.live = self.cursor = self.live.parent
        self.version += 1
        return self.live

    def forward(self) -> GameNode | None:
        """Redo one move: the live node goes to its first child."""
        if not self.live.children:
            return None
        self.live = self.cursor = self.live.children[0]
        self.version += 1
        return self.live

    def variation_start(self, node: GameNode) -> GameNode | None:
        """The first move of the variation ``node`` is in (None on the main line)."""
        while node.parent is not None and not node.starts_variation():
            node = node.parent
        return node if node.parent is not None else None

    def promote(self, node: GameNode) -> bool:
        """Move the variation ``node`` is in one place up among the alternatives at its branch.

        When it becomes the main line, it is the game's line from its branch point on: the
        live node goes back to the branch point (if it was on the old main line after it) and
        the promoted moves are the redo line; the old main line stays as a variation.
        """
        start = self.variation_start(node)
        if start is None:
            return False
        parent = start.parent
        assert parent is not None
        kids = parent.children
        i = kids.index(start)
        kids[i - 1], kids[i] = kids[i], kids[i - 1]
        if not self.live.is_main_line():
            self.live = parent
        self.version += 1
        return True

    def delete(self, node: GameNode) -> GameNode | None:
        """Delete the variation ``node`` is in (from its first move on); the cursor goes to its
        branch point if it was inside. Returns the branch point, None if there is no variation."""
        start = self.variation_start(node)
        if start is None or start.is_ancestor_of(self.live):
            return None
        parent = start.parent
        assert parent is not None           # a variation starts below its branch point
        if start.is_ancestor_of(self.cursor):
            self.cursor = parent
        start.delete()
        self.version += 1
        return parent

    def nodes(self) -> Iterator[GameNode]:
        """Every node, depth first, main line before variations."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))
