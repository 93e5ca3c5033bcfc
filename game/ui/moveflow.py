"""The move list's content, made from the game tree: rows of the main line and variations.

No pygame here: ``flatten(tree)`` turns a :class:`~game.rules.tree.GameTree` into
:class:`Line` s that ``game.ui.movelist.MoveList`` lays out and draws.

* A main-line row is a :class:`Line` with a ``label`` ("12", "Lakes") and the tokens of
  Black's and White's plies of that numbered move (``black``, ``white``; either may be empty,
  e.g. a game that starts with White to move). An opening phase's row (Onager's lakes, placed
  by both sides in turn) holds all its plies in ``black``, in the order they were played.
* A variation is a :class:`Line` with ``depth`` >= 1 and a ``flow`` of tokens: "(", move
  numbers, moves, ")"; it comes right after the row (or variation line) of the move it is an
  alternative to. A variation inside a variation is a line of its own, one level deeper,
  right after the variation's move it is an alternative to, and the rest of the outer
  variation continues on a further line at the outer depth (or the outer variation closes
  before it when that move was its last).
* A move token's ``key`` is the link target a click posts: the ply number ("12") for a move
  of the main line (as before variations existed), ``"v<uid>"`` for a move in a variation.
  ``tone`` says how it is drawn: ``played`` (on the way to where the game stands), ``later``
  (the main line after it: the redo line) or ``variation``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from ..rules.base import Color
from ..rules.tree import GameNode, GameTree

__all__ = ["Token", "Line", "flatten", "key_of", "node_for_key"]


@dataclass(frozen=True)
class Token:
    text: str
    key: str | None = None          # link target of a move; None for numbers and brackets
    tone: str = "played"            # 'played', 'later', 'variation', 'number'


@dataclass(frozen=True)
class Line:
    label: str | None = None                   # a main-line row's label ("12", "Lakes")
    black: tuple[Token, ...] = ()
    white: tuple[Token, ...] = ()
    depth: int = 0                             # 0 main line, 1 a variation, 2 one inside it...
    flow: tuple[Token, ...] = ()               # a variation's tokens


@dataclass
class _Row:
    """A main-line row being filled while the main line is walked."""
    row: int
    label: str
    black: list[Token] = field(default_factory=list)
    white: list[Token] = field(default_factory=list)


def key_of(node: GameNode) -> str:
    """The link key of a node: its ply on the main line, else 'v<uid>'."""
    return str(node.ply) if node.is_main_line() else f"v{node.uid}"


def node_for_key(tree: GameTree, key: str) -> GameNode | None:
    """The node a link key names (None if it names none)."""
    key = str(key)
    if key.isdigit():
        n = int(key)
        if n == 0:
            return tree.root
        for node in tree.root.main_line():
            if node.ply == n:
                return node
        return None
    if key.startswith("v") and key[1:].isdigit():
        uid = int(key[1:])
        for node in tree.nodes():
            if node.uid == uid:
                return node
    return None


def _move_token(node: GameNode, tone: str, marks: dict[int, str] | None = None) -> Token:
    text = node.move.record if node.move is not None else ""
    return Token(text, key_of(node) if tone != "variation" else f"v{node.uid}", tone)


def _variation_lines(start: GameNode, depth: int, out: list[Line]) -> None:
    """The lines of the variation that begins with ``start`` (an alternative move).

    An alternative to one of the variation's later moves follows that move, one level deeper;
    the variation goes on on a further line (its number repeated), or closes before it when
    that move was its last.
    """
    flow: list[Token] = [Token("(", None, "number")]
    node: GameNode | None = start
    first = True
    while node is not None:
        slot = node.slot
        assert slot is not None
        prev = node.parent.slot if node.parent is not None else None
        if first or slot.color == Color.BLACK or prev is None or prev.row != slot.row:
            flow.append(Token(slot.prefix, None, "number"))
        flow.append(Token(node.move.record if node.move else "", f"v{node.uid}", "variation"))
        first = False
        alts = node.parent.children[1:] if node is not start and node.parent is not None else []
        nxt = node.children[0] if node.children else None
        if alts:
            if nxt is None:
                flow.append(Token(")", None, "number"))
            out.append(Line(depth=depth, flow=tuple(flow)))
            flow = []
            for alt in alts:
                _variation_lines(alt, depth + 1, out)
            if nxt is None:
                return
            first = True
        node = nxt
    flow.append(Token(")", None, "number"))
    out.append(Line(depth=depth, flow=tuple(flow)))


def flatten(tree: GameTree) -> list[Line]:
    """The move list's lines for ``tree`` (see the module docstring)."""
    out: list[Line] = []
    live_ply = tree.live.ply
    row: _Row | None = None
    pending: list[GameNode] = []          # main-line nodes whose alternatives follow the row

    def close_row() -> None:
        nonlocal row
        if row is None:
            return
        if row.black or row.white:   # (a row reopened for White's reply that never came: none)
            out.append(Line(label=row.label, black=tuple(row.black), white=tuple(row.white)))
        row = None
        for n in pending:
            for alt in n.alternatives():
                _variation_lines(alt, 1, out)
        pending.clear()

    for ply, node in enumerate(tree.root.main_line(), 1):     # (node.ply walks to the root)
        slot = node.slot
        assert slot is not None
        if row is None or row.row != slot.row:
            close_row()
            row = _Row(slot.row, slot.label)
        tone = "played" if ply <= live_ply else "later"
        # a phase's row (the lakes) holds all its plies in ``black``, in the order placed
        column = row.black if slot.color == Color.BLACK or slot.phase is not None else row.white
        column.append(Token(node.move.record if node.move else "", str(ply), tone))
        if node.parent is not None and len(node.parent.children) > 1:
            pending.append(node)
        if node.parent is not None and len(node.parent.children) > 1 and slot.color == Color.BLACK \
                and slot.phase is None:
            close_row()                    # a variation of Black's move comes before White's reply
            row = _Row(slot.row, slot.label)
    close_row()
    return out


def lines_text(lines: Iterable[Line]) -> list[str]:
    """Plain text of the lines (tests, debugging)."""
    out = []
    for ln in lines:
        if ln.flow or ln.depth:
            out.append("  " * ln.depth + " ".join(t.text for t in ln.flow))
        else:
            b = " ".join(t.text for t in ln.black) or "…"
            w = " ".join(t.text for t in ln.white)
            out.append(f"{ln.label}. {b} {w}".rstrip())
    return out
