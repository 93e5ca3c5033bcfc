"""How plies group into numbered moves: one function for every surface.

Pure Python. A *ply* is one turn of one side; a *move* (in the numbered sense used everywhere
a player reads it: the move list, records, the review, status lines, file names) is a row of
the move list: Black's ply and White's reply share a number. A game with an un-numbered
opening phase (Onager's three lakes, ``Game.turn_phase()``) lists that phase's plies in one
row named after it, and Black's double turn (third lake, then the first move) falls apart into
the "Lakes" row and move 1. A row starts with each of Black's plies; White's reply joins the
row of the Black ply before it. A second White ply in a row (after the Onyx pie rule's ``swap``,
White moves again) starts a row of its own: "1. f6 swap", then "2... c3". A game that starts
with White to move begins with "1... ".

``next_slot(prev, phase, color)`` places one ply after another (``prev`` None for the first);
``slots_for(start, moves)`` places a whole line by replaying it; ``rows(slots, texts)`` groups
texts into :class:`Row` s for a two-column list.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .base import Color, Game, RulesError

__all__ = ["Slot", "Row", "next_slot", "slots_for", "rows", "slot_after_plies", "moves_among"]


@dataclass(frozen=True)
class Slot:
    """Where one ply sits in the numbered move list.

    ``row`` is the row's index (0 the first), ``number`` the move number (0 while still in an
    opening phase), ``phase`` the opening phase's name (None for numbered play) and ``color``
    the column.
    """

    row: int
    number: int
    phase: str | None
    color: Color

    @property
    def label(self) -> str:
        """The row's label: '12' or the phase's name ('Lakes')."""
        return self.phase if self.phase is not None else str(self.number)

    @property
    def prefix(self) -> str:
        """The number before a ply written on its own: '12.' (Black), '12...' (White), 'Lakes:'."""
        if self.phase is not None:
            return f"{self.phase}:"
        return f"{self.number}." if self.color == Color.BLACK else f"{self.number}..."

    def words(self) -> str:
        """'move 12, White' / 'the lakes, Black': how a status line names this ply."""
        if self.phase is not None:
            return f"{self.phase.lower()}, {self.color.title}"
        return f"move {self.number}, {self.color.title}"

    def ref(self) -> str:
        """'move 12 (White)' / 'the lakes (Black)': how a message about a record names a ply,
        numbered as the record writes it (``12. b w``)."""
        if self.phase is not None:
            return f"the {self.phase.lower()} ({self.color.title})"
        return f"move {self.number} ({self.color.title})"


def next_slot(prev: Slot | None, phase: str | None, color: Color) -> Slot:
    """The slot of a ply by ``color`` (in ``phase``) that follows ``prev``."""
    color = Color(color)
    if prev is None:
        return Slot(0, 0 if phase is not None else 1, phase, color)
    if phase is not None:
        if prev.phase == phase:
            return Slot(prev.row, prev.number, phase, color)
        return Slot(prev.row + 1, prev.number, phase, color)
    if prev.phase is not None or color == Color.BLACK or prev.color == Color.WHITE:
        return Slot(prev.row + 1, prev.number + 1, None, color)   # (White again: after the Onyx swap)
    return Slot(prev.row, prev.number, None, color)     # White's reply


def slots_for(start: Game, moves: Iterable[str]) -> list[Slot]:
    """The slots of ``moves`` (texts) played from ``start`` (not changed). Stops at a refused move."""
    g = start.copy()
    out: list[Slot] = []
    prev: Slot | None = None
    for text in moves:
        phase, color = g.turn_phase(), g.to_move
        try:
            g.play(g.parse_move(text))
        except RulesError:
            break
        prev = next_slot(prev, phase, color)
        out.append(prev)
    return out


def slot_after_plies(slots: Sequence[Slot], plies: int) -> Slot | None:
    """The slot of the last of the first ``plies`` plies (None at the start)."""
    return slots[plies - 1] if 0 < plies <= len(slots) else None


@dataclass
class Row:
    """One row of a two-column move list: its label and each side's plies in it. A phase's row
    (Onager's lakes, placed by both sides in turn) is read in ``order``, not by columns."""

    label: str
    black: list[str] = field(default_factory=list)
    white: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)   # every ply of the row, in the order played
    phase: bool = False                               # an opening phase's row ('Lakes'), read in order

    def to_json(self) -> dict[str, str | None]:
        return {"label": self.label, "black": " ".join(self.black) or None,
                "white": " ".join(self.white) or None}


def moves_among(slots: Iterable[Slot | None]) -> int:
    """How many numbered moves these plies' slots touch, as the move list numbers them (a move:
    Black's ply and White's reply; an opening phase's row, Onager's lakes, is no move)."""
    return len({s.number for s in slots if s is not None and s.phase is None})


def rows(slots: Sequence[Slot], texts: Sequence[str]) -> list[Row]:
    """Group ``texts`` (one per slot) into rows."""
    out: list[Row] = []
    for slot, text in zip(slots, texts):
        if not out or len(out) <= slot.row:
            out.append(Row(slot.label, phase=slot.phase is not None))
        (out[-1].black if slot.color == Color.BLACK else out[-1].white).append(text)
        out[-1].order.append(text)
    return out
