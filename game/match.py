"""A match: one game in progress plus who plays each side and an undo/redo history.

No pygame here. The board scene, the computer player, tutorials and tests all change the
position through a ``Match`` so that history, undo/redo and UI-level endings (resignation,
agreement) live in one place.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .rules.base import Color, Game, GameOverError, IllegalMoveError, Motion, Move, Result, RulesError

HUMAN = "human"
LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class PlayedMove:
    """One move of the history: its canonical text and the form shown in records."""

    text: str     # canonical (move_str), always readable by parse_move in the position before
    record: str   # record_str (may carry a suffix, e.g. Onyx '*')
    color: Color  # the side that played it
    path: tuple[str, ...] = ()   # the landings the player chose (Onager chains), when given
    exchange: bool = False       # the players exchanged colours with it (Onyx pie rule's swap)


class Match:
    """A Game, the players of each colour, and the history of moves (with redo)."""

    def __init__(self, game: Game, players: Mapping[Color, str] | None = None) -> None:
        self._start = game.copy()
        self.game = game
        self.players: dict[Color, str] = {Color.BLACK: HUMAN, Color.WHITE: HUMAN}
        if players:
            for color, who in players.items():
                self.players[Color(color)] = who
        self.history: list[PlayedMove] = []
        self._redo: list[PlayedMove] = []
        self._override: Result | None = None
        self._agreed_in_core = False

    # ------------------------------------------------------------ state
    @property
    def name(self) -> str:
        return self.game.name

    @property
    def to_move(self) -> Color:
        return self.game.to_move

    @property
    def result(self) -> Result | None:
        """The result: a UI-level ending (resign/agreement) first, else the game's own."""
        if self._override is not None:
            return self._override
        return self.game.result

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def is_human(self, color: Color) -> bool:
        return self.players.get(color, HUMAN) == HUMAN

    def legal_strs(self) -> list[str]:
        return [] if self.is_over else self.game.legal_strs()

    @property
    def can_undo(self) -> bool:
        return self._override is not None or bool(self.history)

    @property
    def can_redo(self) -> bool:
        return self._override is None and bool(self._redo)

    @property
    def future(self) -> list[PlayedMove]:
        """The moves Redo would play again, next one first (history browsing, records)."""
        return list(reversed(self._redo))

    @property
    def last_move(self) -> PlayedMove | None:
        return self.history[-1] if self.history else None

    # ------------------------------------------------------------ moves
    def parse(self, move: Move | str) -> Move:
        """A legal move of the current position from text or a move value; raises RulesError."""
        if self.is_over:
            raise GameOverError(f"the game is over: {self.result.describe()}")  # type: ignore[union-attr]
        if isinstance(move, str):
            return self.game.parse_move(move)
        if move not in self.game.legal_moves():
            raise IllegalMoveError(f"{move!r} is not a legal move here")
        return move

    def play(self, move: Move | str) -> list[Motion]:
        """Play a move (text or move value). Returns the motions computed before playing.

        A chain given as a path (Onager ``b2-b4-d6``) keeps the landings the player chose for
        its motions. A move whose motions include a ``swap`` (Onyx pie rule) exchanges the
        players of the two colours: the first player now plays White.
        """
        path: tuple[str, ...] = ()
        parse_path = getattr(self.game, "parse_path", None)
        if isinstance(move, str) and parse_path is not None and not self.is_over:
            m, given = parse_path(move)
            given = tuple(given)
            path = given if len(given) > 2 else ()
            motions = self.game.motions(m, path=list(given)) if path else self.game.motions(m)
        else:
            m = self.parse(move)
            motions = self.game.motions(m)
        exchange = any(mo.kind == "swap" for mo in motions)
        played = PlayedMove(self.game.move_str(m), self.game.record_str(m), self.game.to_move, path, exchange)
        self.game.play(m)
        self.history.append(played)
        self._redo.clear()
        if exchange:
            self._exchange()
        return motions

    def _exchange(self) -> None:
        self.players[Color.BLACK], self.players[Color.WHITE] = self.players[Color.WHITE], self.players[Color.BLACK]

    @property
    def start_players(self) -> dict[Color, str]:
        """Who sat at each colour when the game started (before any pie-rule swap)."""
        out = dict(self.players)
        if sum(1 for pm in self.history if pm.exchange) % 2:
            out[Color.BLACK], out[Color.WHITE] = out[Color.WHITE], out[Color.BLACK]
        return out

    @property
    def swapped(self) -> bool:
        """Have the players exchanged colours (Onyx pie rule)?"""
        return bool(getattr(self.game, "swapped", False))

    def undo(self) -> bool:
        """Take back the last move, or a resignation/agreement first. False if nothing to undo."""
        if self._override is not None:
            self._override = None
            return True
        if self._agreed_in_core:
            self._agreed_in_core = False
            cancel = getattr(self.game, "cancel_agreement", None)
            try:
                if cancel is None:
                    raise RulesError("no cancel_agreement")
                cancel()
            except RulesError:
                self._rebuild()
            return True
        if not self.history:
            return False
        self.game.undo()
        pm = self.history.pop()
        if pm.exchange:
            self._exchange()
        self._redo.append(pm)
        return True

    def redo(self) -> list[Motion] | None:
        """Play again the last move taken back; returns its motions, or None."""
        if not self.can_redo or self.is_over:
            return None
        nxt = self._redo[-1]
        try:
            text = "-".join(nxt.path) if nxt.path else nxt.text
            self.game.parse_move(text)
        except RulesError:
            self._redo.clear()
            return None
        redo_rest = self._redo[:-1]
        try:
            motions = self.play(text)
        except RulesError:
            self._redo.clear()
            return None
        self._redo = redo_rest
        return motions

    def _rebuild(self) -> None:
        """Replay the history on a fresh copy of the start (used after an agreement in the core)."""
        game = self._start.copy()
        for pm in self.history:
            game.push(pm.text)
        self.game = game

    # ------------------------------------------------------------ endings
    def resign(self, color: Color) -> Result:
        """``color`` resigns: the other side wins, reason 'resign'."""
        if self.is_over:
            raise GameOverError("the game is already over")
        self._override = Result(Color(color).other, "resign")
        return self._override

    def has_core_agreement(self) -> bool:
        """Does this game's rules core define an ending by agreement?"""
        return type(self.game).end_by_agreement is not Game.end_by_agreement

    def agree(self, winner: Color | None = None) -> Result:
        """End the game by agreement.

        Uses the game's ``end_by_agreement()`` where the rules define one (Amoeba: stack count;
        Onager: draw). Otherwise (Onyx) the agreement is UI-level and ``winner`` is the agreed
        result (None: a draw).
        """
        if self.is_over:
            raise GameOverError("the game is already over")
        if self.has_core_agreement():
            result = self.game.end_by_agreement()
            self._agreed_in_core = True
            return result
        self._override = Result(winner, "agreement")
        return self._override

    # ------------------------------------------------------------ text
    def moves_text(self) -> str:
        """The move list, numbered by full moves: '1. c3-d4 e3-d3 2. ...'."""
        parts: list[str] = []
        for i, pm in enumerate(self.history):
            if i % 2 == 0:
                parts.append(f"{i // 2 + 1}.")
            parts.append(pm.record)
        return " ".join(parts)

    def move_pairs(self) -> list[tuple[int, str, str]]:
        """History as (number, first, second) rows for a two-column move list."""
        rows: list[tuple[int, str, str]] = []
        for i in range(0, len(self.history), 2):
            a = self.history[i].record
            b = self.history[i + 1].record if i + 1 < len(self.history) else ""
            rows.append((i // 2 + 1, a, b))
        return rows

    def info(self) -> dict[str, Any]:
        """Header data for a record / save file (the players as they sat at the start)."""
        start = self.start_players
        return {
            "game": self.game.name,
            "options": self.game.options(),
            "black": start[Color.BLACK],
            "white": start[Color.WHITE],
            "result": self.result.to_json() if self.result else None,
        }
