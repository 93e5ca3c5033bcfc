"""The Game protocol shared by Amoeba, Onyx and Onager.

Pure Python: no pygame, no files, no clocks. Every face of the program (mouse,
computer opponent, tutorials, records, the referee command) goes through this.

Moves are small ints chosen by each game (an index or a packed code): opaque to everyone but
the game that made them, hashable and cheap.
Their text form is the specs' notation: ``move_str`` gives the canonical name,
``parse_move`` reads (case- and space-insensitive) input in the current
position and raises a ``RulesError`` subclass that says why it is refused.
"""
from __future__ import annotations

import enum
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Sequence

Move = int


class Color(enum.IntEnum):
    BLACK = 0
    WHITE = 1

    @property
    def other(self) -> "Color":
        return Color(1 - self)

    @property
    def word(self) -> str:
        """Lower-case name used in JSON and notation: 'black' or 'white'."""
        return "black" if self == Color.BLACK else "white"

    @property
    def title(self) -> str:
        return "Black" if self == Color.BLACK else "White"

    @classmethod
    def parse(cls, text: str) -> "Color":
        t = text.strip().lower()
        if t in ("black", "b"):
            return cls.BLACK
        if t in ("white", "w"):
            return cls.WHITE
        raise ValueError(f"not a colour: {text!r} (expected black or white)")


@dataclass(frozen=True)
class Result:
    """How a finished game ended. ``winner`` is None for a draw."""

    winner: Color | None
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"winner": self.winner.word if self.winner is not None else "draw", "reason": self.reason}

    def describe(self) -> str:
        who = "Draw" if self.winner is None else f"{self.winner.title} wins"
        return f"{who} ({self.reason.replace('-', ' ')})"


class Reason(enum.StrEnum):
    """Why a game ended: the one table of endings. The rules end games for the first five;
    the players end them by the last three (a record's ``[Reason]`` header keeps the value;
    the interface words each one, ``game.ui.endings``)."""

    KERNEL_CAPTURED = "kernel-captured"      # Amoeba
    NO_MOVES = "no-moves"                    # Amoeba, Onager
    REPETITION_COUNT = "repetition-count"    # Amoeba: the third repetition, stacks counted
    CONNECTION = "connection"                # Onyx
    BACK_ROW_MAJORITY = "back-row-majority"  # Onager
    AGREEMENT = "agreement"                  # the players agreed (Amoeba counts, Onager draws)
    RESIGN = "resign"                        # a player resigned
    TIME = "time"                            # a player's clock ran out (game.clock)


class Threat(enum.StrEnum):
    """What a ``Danger`` threatens: the game's end one move away (the interface words each kind)."""

    CONNECT = "connect"      # Onyx: a stone that joins the side's two edges
    KERNEL = "kernel"        # Amoeba: a move that takes the other side's Kernel
    LEAD = "lead"            # Onager: the side already leads on the other's back row (wins when its turn starts)
    BACK_ROW = "back-row"    # Onager: a move that takes the lead on the back rows, and no answer undoes it


@dataclass(frozen=True)
class Danger:
    """A threat to end the game, one move away, as values (``Game.dangers``).

    who:    the side that threatens;
    now:    ``who`` is the side to move and can do it with this move; else it can with its next
            move unless the side to move prevents it;
    kind:   what it does (``Threat``);
    moves:  the moves that carry it out, canonical text, in canonical order (empty when it
            needs no move: an Onager lead that stands already);
    paths:  each move's points, from where it starts over every landing to where it ends;
    cells:  the points at stake: where the moves land, the Kernel they take, the discs that lead;
    score:  Onager: (who's discs on the far row, the other's) once it happened; () elsewhere.
    """

    who: Color
    now: bool
    kind: Threat
    moves: tuple[str, ...] = ()
    paths: tuple[tuple[str, ...], ...] = ()
    cells: tuple[str, ...] = ()
    score: tuple[int, ...] = ()


class RulesError(ValueError):
    """Base class of every refusal by the rules core.

    ``str(e)`` is the English for logs and the command line. What the interface shows is made
    from values: ``kind`` names the problem (a key of the interface's table, '' for one it has
    no words for) and ``facts`` holds its values (cells, counts, colour words, a nested
    ``cause``: the refusal behind this one, as ``(kind, facts, category)``).
    """

    def __init__(self, message: str = "", *, kind: str = "", **facts: Any) -> None:
        super().__init__(message)
        self.kind = kind
        self.facts: dict[str, Any] = facts

    @property
    def category(self) -> str:
        """The family of refusal, for the interface's fallback words: 'invalid' (not a move
        of this game), 'illegal' (a move, not legal here), 'over' (the game is finished),
        'position', 'record' or 'rules'."""
        return "rules"

    def value(self) -> tuple[str, dict[str, Any], str]:
        """This refusal as plain values ``(kind, facts, category)``: what a ``cause`` holds,
        and what crosses a process boundary (the engine worker's reply)."""
        return self.kind, dict(self.facts), self.category


class InvalidMoveError(RulesError):
    """The text is not a move in this game's notation at all."""

    @property
    def category(self) -> str:
        return "invalid"


class IllegalMoveError(RulesError):
    """The text names a move, but it is not legal in the current position."""

    @property
    def category(self) -> str:
        return "illegal"


class GameOverError(IllegalMoveError):
    """The game is finished: no move is legal. ``result`` gives the facts ``winner`` (a colour
    word, None for a draw) and ``reason``."""

    def __init__(self, message: str = "", *, result: "Result | None" = None, kind: str = "game-over",
                 **facts: Any) -> None:
        if result is not None:
            facts.update(winner=result.winner.word if result.winner is not None else None, reason=result.reason)
        super().__init__(message, kind=kind, **facts)

    @property
    def category(self) -> str:
        return "over"


class PositionError(RulesError):
    """A set-up position (text) cannot be read or is not valid for this game."""

    @property
    def category(self) -> str:
        return "position"


@dataclass(frozen=True)
class Motion:
    """One physical piece motion, as the view should animate it.

    kind:   'move'   a stack or disc slides/hops from src to dst (whole-stack move, walk)
            'jump'   a disc arcs from src over ``via`` (the pivot) to dst (Onager)
            'drop'   one piece peeled off a stack onto dst (Amoeba split)
            'place'  a new piece appears on dst (Onyx stone, Onager lake); src is None
            'remove' a piece leaves the board from src (Onyx capture); dst is None
            'swap'   the players exchange colours (Onyx pie rule); no piece moves
    pieces: the piece codes carried, bottom to top ('B', 'W', 'Bk', 'Wk', 'L').
    step:   motions with the same step happen together; steps run in order.
    via:    points passed over (Amoeba: the points jumped; Onager: the pivot).
    """

    kind: str
    src: str | None
    dst: str | None
    pieces: tuple[str, ...]
    step: int = 0
    via: tuple[str, ...] = ()


class Game(ABC):
    """One game in progress: position, side to move, history and result.

    Subclasses keep their state in flat integer-indexed structures and update
    a Zobrist key incrementally. ``play`` trusts that its move came from
    ``legal_moves`` (the fast path for the engine); ``push`` checks text.
    """

    name: ClassVar[str]

    # ------------------------------------------- optional hooks, declared with their defaults
    # A game overrides what its rules have; callers use these directly (no probing).
    SWAP: ClassVar[Move | None] = None   # the pie rule's swap move (Onyx), None in games without one
    CHAINS: ClassVar[bool] = False  # moves may be given as paths of landings (Onager: parse_path)

    @property
    def swapped(self) -> bool:
        """Have the players exchanged colours (the pie rule's swap)? Never, by default."""
        return False

    @property
    def in_setup(self) -> bool:
        """Is the game in an un-numbered set-up phase (Onager's lakes)? Not by default."""
        return False

    @property
    def start_ply(self) -> int:
        """Plies played before this object's history began (a set-up position saying how far
        the game had gone: Onyx's pie rule counts from the real start). 0 by default."""
        return 0

    def parse_path(self, text: str) -> tuple[Move, list[str]]:
        """A move given as a path of landings and its path labels (games with CHAINS)."""
        raise InvalidMoveError(f"{self.name} has no moves given as paths: {text!r}")

    def cancel_agreement(self) -> None:
        """Take back an ending by agreement; a RulesError where there is none to take back."""
        raise RulesError(f"{self.name} has no ending by agreement in its rules")

    def counts(self) -> dict[str, int]:
        """What the game counts for each side, keyed 'black' and 'white' (Amoeba: stacks
        controlled; Onyx: stones captured; Onager: pieces on the far row). Empty by default."""
        return {}

    def threats(self) -> list[str]:
        """The mover's points in danger from the opponent's next move (a Kernel that can be
        captured, stones that can be taken, the far row about to be lost). None by default."""
        return []

    def highlight_result(self) -> list[str]:
        """Points that show why the game ended (empty while it goes on). None by default."""
        return []

    def dangers(self) -> list[Danger]:
        """Every way the game can end one move from now, for either side: what the side to move
        can do with this move (``now``) and what the other side could do with its next one
        unless it is prevented. Pure and quick enough for each position shown (callers keep the
        answer per position). None by default."""
        return []

    # ----------------------------------------------------------------- state
    @property
    @abstractmethod
    def to_move(self) -> Color: ...

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """None while the game goes on."""

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """All legal moves (empty once the game is over)."""

    @abstractmethod
    def play(self, move: Move) -> None:
        """Play a move taken from ``legal_moves()``; no validation."""

    @abstractmethod
    def undo(self) -> Move:
        """Take back the last move played; returns it. Restores the exact position and key."""

    @abstractmethod
    def key(self) -> int:
        """Stable position key (Zobrist): equal positions, equal keys."""

    @abstractmethod
    def copy(self) -> "Game": ...

    @property
    @abstractmethod
    def ply(self) -> int:
        """Number of moves played since the start (or the set-up position)."""

    @abstractmethod
    def moves_played(self) -> list[Move]:
        """The moves played so far, oldest first."""

    # -------------------------------------------------------------- notation
    @abstractmethod
    def move_str(self, move: Move) -> str:
        """Canonical name of a move (lower case, no spaces, no suffix)."""

    def record_str(self, move: Move) -> str:
        """Form used in records, for a legal move in the current position.

        Same as move_str except where the spec adds something (Onyx: ``*``/``**``).
        """
        return self.move_str(move)

    def record_line(self, moves: Iterable[Move]) -> tuple[str, ...]:
        """Record forms of a line of moves played from this position (which is not changed),
        each as ``record_str`` gives it where it is played; the line stops at the first move
        that cannot be played there (a line kept from another position)."""
        g = self.copy()
        out = []
        for m in moves:
            if g.result is not None or m not in g.legal_moves():
                break
            out.append(g.record_str(m))
            g.play(m)
        return tuple(out)

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move in the current position; raise InvalidMoveError or IllegalMoveError."""

    @abstractmethod
    def move_sort_key(self, move: Move) -> Any:
        """Key giving the specs' canonical order of moves."""

    def legal_strs(self) -> list[str]:
        """Legal moves as canonical text, in canonical order."""
        return [self.move_str(m) for m in sorted(self.legal_moves(), key=self.move_sort_key)]

    def push(self, text: str) -> Move:
        """Parse and play a move given as text; the position is unchanged on error."""
        move = self.parse_move(text)
        self.play(move)
        return move

    def parse_text(self, text: str) -> tuple[Move, list[str] | None]:
        """A move given as text, with the landings a player chose for a chain when the text
        is a path of more than one jump (games with CHAINS: ``b2-b4-d6``), else None.
        Raises RulesError (the position is unchanged)."""
        if self.CHAINS:
            move, given = self.parse_path(text)
            return move, (list(given) if len(given) > 2 else None)
        return self.parse_move(text), None

    def play_text(self, text: str) -> tuple[Move, list[Motion]]:
        """Play a move given as text and return it with its motions (computed before it is
        played, along the path given for a chain). Raises RulesError (nothing changes)."""
        move, path = self.parse_text(text)
        motions = self.motions(move, path=path) if path else self.motions(move)
        self.play(move)
        return move, motions

    # ----------------------------------------------------------- description
    @abstractmethod
    def motions(self, move: Move, path: list[str] | None = None) -> list[Motion]:
        """Physical effect of a legal move in the current position, in order. ``path``: the
        landings a player chose for a chain (games with CHAINS; others ignore it)."""

    @abstractmethod
    def stacks(self) -> dict[str, tuple[str, ...]]:
        """Contents of every occupied point: label -> piece codes bottom to top.

        Lakes appear as ('L',). Empty points are absent.
        """

    @abstractmethod
    def position_text(self) -> str:
        """The position in the set-up notation read by ``from_position``."""

    @classmethod
    @abstractmethod
    def new(cls, **options: Any) -> "Game":
        """A new game from the initial position."""

    @classmethod
    @abstractmethod
    def from_position(cls, text: str, to_move: Color, **options: Any) -> "Game":
        """A game starting from a set-up position; raises PositionError."""

    def options(self) -> dict[str, Any]:
        """The variant options this game was made with (for records and copies)."""
        return {}

    def turn_phase(self) -> str | None:
        """The name of the un-numbered opening phase the next ply belongs to, or None.

        Move numbers count the play phase only; a game with a set-up phase (Onager's lakes)
        names it here and ``game.rules.numbering`` lists its plies in one row of that name.
        """
        return None

    # ------------------------------------------------------------- endings
    def end_by_agreement(self) -> Result:
        """End the game by agreement (if the game's spec allows it)."""
        raise RulesError(f"{self.name} has no ending by agreement in its rules")

    # ------------------------------------------------------------ search
    def random_playout(self, rng: random.Random, max_plies: int = 1000) -> Result | None:
        """Play random legal moves (mutating self) until the game ends or max_plies.

        Games override this with a faster version; the engine uses it.
        """
        for _ in range(max_plies):
            if self.result is not None:
                break
            moves = self.legal_moves()
            self.play(moves[rng.randrange(len(moves))])
        return self.result


def perft(game: Game, depth: int) -> int:
    """Number of move sequences of the given length (leaf nodes counted in bulk)."""
    if depth == 0:
        return 1
    moves = game.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        game.play(m)
        total += perft(game, depth - 1)
        game.undo()
    return total


def normalise(text: str) -> str:
    """Remove every whitespace character and convert to lower case (all three specs)."""
    return "".join(text.split()).lower()


def describe_moves(moves: Iterable[str]) -> str:
    return " ".join(moves)


def split_position(text: str) -> list[tuple[str, str]]:
    """Split 'a: x; b: y z' into [('a','x'), ('b','y z')], tolerating stray spaces."""
    out: list[tuple[str, str]] = []
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        if ":" not in part:
            raise PositionError(f"expected 'name: contents' in {part!r}", kind="no-colon", text=part)
        head, _, body = part.partition(":")
        out.append((head.strip(), body.strip()))
    return out


def sequence_str(items: Sequence[str]) -> str:
    return ",".join(items)
