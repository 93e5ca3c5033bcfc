"""A match: one game tree, the position shown, and who plays each side.

No pygame here. The board scene, the computer player, tutorials and tests all change the
game through a ``Match``; its history is one :class:`~game.rules.tree.GameTree` (moves,
variations, comments, the review's notes, resignations and agreements) and every view of the
history (Undo/Redo, browsing, the move list, the autosave, records) reads that tree.

* ``match.game`` is the position at the tree's cursor (what the board shows). Browsing
  (:meth:`goto`) moves the cursor and never changes the tree or the live node.
* ``play`` plays from the cursor: the move becomes the live node, on the main line; what was
  the main line from there stays as a variation (nothing is deleted).
* ``undo``/``redo`` move the live node along the main line (the moves taken back stay as the
  redo line) and bring the cursor with it.
* Resignations and agreements are ``ending`` s of the node where they happened: browsing back
  and returning finds them where they were.

The player-facing rules are written in ``docs/timeline.md``.
"""
from __future__ import annotations

from typing import Any, Mapping

from .clock import TimeControl
from .rules.base import Color, Game, GameOverError, IllegalMoveError, Motion, Move, Reason, Result, RulesError
from .rules.numbering import Row, Slot, next_slot, rows
from .rules.tree import GameNode, GameTree, PlayedMove

HUMAN = "human"
LEVELS = ("1", "easy", "3", "4", "medium", "6", "7", "hard")   # as game.ai.levels.LADDER

__all__ = ["HUMAN", "LEVELS", "Match", "PlayedMove"]


class Match:
    """A game tree, the position at its cursor, and the players of each colour."""

    def __init__(self, game: Game, players: Mapping[Color, str] | None = None,
                 tree: GameTree | None = None, time_control: TimeControl | None = None) -> None:
        self.time_control = time_control              # played with clocks (game.clock), else None
        # what a record this match came from said of itself: its headers in order (Event, Date,
        # ... but not the ones a record of the match writes anew: result, moves, where it stands)
        # and its players' names by the colour each started with (a saved game keeps them)
        self.headers: dict[str, str] = {}
        self.names: dict[Color, str] = {}
        self._start = game.copy()
        self.game = game
        self.players: dict[Color, str] = {Color.BLACK: HUMAN, Color.WHITE: HUMAN}
        if players:
            for color, who in players.items():
                self.players[Color(color)] = who
        self._start_players = dict(self.players)
        self.tree = tree if tree is not None else GameTree()
        self._at: GameNode = self.tree.root          # the node self.game stands at
        self._agreed = False                          # the rules core's agreement is applied to self.game
        if game.ply:                                  # a game handed over mid-way: its moves are the line
            self._start = game.copy()
            for _ in range(game.ply):
                self._start.undo()
            self._start_players = dict(self.players)
            replay = self._start.copy()
            node = self.tree.root
            for m in game.moves_played():
                pm = self._played(replay, m, ())
                replay.play(m)
                node = node.add(pm, main=True)
            self._at = self.tree.live = self.tree.cursor = node
        if tree is not None:
            self.game = self._start.copy()
            self._at = self.tree.root
            self.players = dict(self._start_players)
            self._seek(self.tree.cursor)

    # ------------------------------------------------------------ state
    @property
    def name(self) -> str:
        return self.game.name

    @property
    def start_game(self) -> Game:
        """A copy of the game at its start position."""
        return self._start.copy()

    @property
    def node(self) -> GameNode:
        """The node shown (the tree's cursor)."""
        return self.tree.cursor

    @property
    def live(self) -> GameNode:
        return self.tree.live

    @property
    def browsing(self) -> bool:
        """Is the position shown an other one than where the game stands?"""
        return self.tree.browsing

    @property
    def to_move(self) -> Color:
        return self.game.to_move

    @property
    def result(self) -> Result | None:
        """The result at the position shown: its ending (resign/agreement) first, else the game's."""
        return self.tree.cursor.ending or self.game.result

    @property
    def live_result(self) -> Result | None:
        """The result where the game stands."""
        if self.tree.cursor is self.tree.live:
            return self.result
        return self.tree.live.ending or self.game_at(self.tree.live).result

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def is_human(self, color: Color) -> bool:
        return self.players.get(color, HUMAN) == HUMAN

    def legal_strs(self) -> list[str]:
        return [] if self.is_over else self.game.legal_strs()

    @property
    def history(self) -> list[PlayedMove]:
        """The moves from the start to the position shown."""
        return self.tree.cursor.moves()

    @property
    def ply(self) -> int:
        return self.tree.cursor.ply

    @property
    def future(self) -> list[PlayedMove]:
        """The moves after the position shown along the line browsing walks (to the live
        position, then the redo line), next one first."""
        line = self.tree.line_through_cursor()
        return [n.played for n in line[self.tree.cursor.ply:]]

    def line(self) -> list[GameNode]:
        """The nodes of the line through the cursor (see ``GameTree.line_through_cursor``)."""
        return self.tree.line_through_cursor()

    @property
    def redo_moves(self) -> list[PlayedMove]:
        """What Redo plays again, next first."""
        return [n.played for n in self.tree.redo_line()]

    @property
    def can_undo(self) -> bool:
        live = self.tree.live
        return live.ending is not None or live.parent is not None

    @property
    def can_redo(self) -> bool:
        live = self.tree.live
        return live.ending is None and bool(live.children)   # a position with moves after it is not over

    @property
    def last_move(self) -> PlayedMove | None:
        return self.tree.cursor.move

    # ------------------------------------------------------------ moving the game along the tree
    def _seek(self, target: GameNode) -> list[Motion] | None:
        """Put ``self.game`` at ``target``; the motions when it is one move forward, else None."""
        at = self._at
        if target is at:
            return None
        self._cancel_core_agreement()
        try:
            return self._walk(at, target)
        finally:
            self._apply_core_agreement()

    def _walk(self, at: GameNode, target: GameNode) -> list[Motion] | None:
        if target.parent is at:
            motions = self._play_on_game(target.played)
            self._at = target
            return motions
        back = at
        while not back.is_ancestor_of(target):
            self.game.undo()
            if back.move is not None and back.move.exchange:
                self._exchange()
            assert back.parent is not None      # the root is everyone's ancestor
            back = back.parent
        for node in target.path()[back.ply:]:
            self._play_on_game(node.played)
        self._at = target
        return None

    def _cancel_core_agreement(self) -> None:
        """Take the rules core's agreement off ``self.game`` (before it moves or the ending goes)."""
        if not self._agreed:
            return
        self._agreed = False
        try:
            self.game.cancel_agreement()
        except RulesError:
            g = self._start.copy()
            for n in self._at.path():
                g.push(n.played.text)
            self.game = g

    def _apply_core_agreement(self) -> None:
        """The position shown ended by an agreement the rules core defines: apply it there too,
        so ``self.game`` says what the rules say (Amoeba's count, Onager's draw)."""
        end = self._at.ending
        if self._agreed or end is None or end.reason != Reason.AGREEMENT or not self.has_core_agreement() \
                or self.game.result is not None:
            return
        try:
            self.game.end_by_agreement()
            self._agreed = True
        except RulesError:
            pass

    def _play_on_game(self, pm: PlayedMove) -> list[Motion]:
        g = self.game
        if pm.path and g.CHAINS:
            m, given = g.parse_path(pm.replay_text)
            motions = g.motions(m, path=list(given))
        else:
            m = g.parse_move(pm.text)
            motions = g.motions(m)
        g.play(m)
        if pm.exchange:
            self._exchange()
        return motions

    def game_at(self, node: GameNode) -> Game:
        """A copy of the game at ``node`` (any node of the tree)."""
        if node is self._at:
            return self.game.copy()
        g = self._start.copy()
        for n in node.path():
            g.push(n.played.text)
        return g

    def motions_of(self, node: GameNode) -> list:
        """The motions of ``node``'s move, played from the position before it."""
        pm = node.move
        if pm is None or node.parent is None:
            return []
        if node is self._at and not self._agreed:
            g = self.game.copy()
            g.undo()
        else:
            g = self.game_at(node.parent)
        if pm.path and g.CHAINS:
            m, given = g.parse_path(pm.replay_text)
            return g.motions(m, path=list(given))
        return g.motions(g.parse_move(pm.text))

    def goto(self, node: GameNode) -> list[Motion] | None:
        """Show ``node`` (browsing; the game itself does not change). Returns the motions
        when it is one move after the position shown, else None."""
        if node.root is not self.tree.root:
            raise ValueError("that node is not in this match's tree")
        motions = self._seek(node)
        self.tree.cursor = node
        return motions

    def goto_live(self) -> list[Motion] | None:
        """Back to where the game stands."""
        return self.goto(self.tree.live)

    # ------------------------------------------------------------ moves
    def parse(self, move: Move | str) -> Move:
        """A legal move of the position shown from text or a move value; raises RulesError."""
        result = self.result
        if result is not None:
            raise GameOverError(f"the game is over: {result.describe()}")
        if isinstance(move, str):
            return self.game.parse_move(move)
        if move not in self.game.legal_moves():
            raise IllegalMoveError(f"{move!r} is not a legal move here")
        return move

    def _played(self, game: Game, m: Move, path: tuple[str, ...], motions: list[Motion] | None = None
                ) -> PlayedMove:
        if motions is None:
            motions = game.motions(m)
        exchange = any(mo.kind == "swap" for mo in motions)
        return PlayedMove(game.move_str(m), game.record_str(m), game.to_move, path, exchange,
                          game.turn_phase())

    def play(self, move: Move | str) -> list[Motion]:
        """Play a move (text or move value) from the position shown. Returns the motions
        computed before playing.

        The move becomes the live node on the main line (an existing child of the same move is
        reused, so replaying a line keeps its comments and review). A chain given as a path
        (Onager ``b2-b4-d6``) keeps the landings the player chose for its motions. A move whose
        motions include a ``swap`` (Onyx pie rule) exchanges the players of the two colours.
        """
        path: tuple[str, ...] = ()
        result = self.result
        if result is not None:
            raise GameOverError(f"the game is over: {result.describe()}")
        if isinstance(move, str):
            m, given = self.game.parse_text(move)
            path = tuple(given or ())
            motions = self.game.motions(m, path=given) if given else self.game.motions(m)
        else:
            m = self.parse(move)
            motions = self.game.motions(m)
        played = self._played(self.game, m, path, motions)
        self.game.play(m)
        node = self.tree.play(played)
        self._at = node
        if played.exchange:
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

    def line_exchanged(self) -> bool:
        """Did the players exchange colours (an odd number of Onyx swaps) on the game's line, the
        main line to its end? A record names its players by the colours they played there."""
        return sum(1 for n in self.tree.root.main_line() if n.move is not None and n.move.exchange) % 2 == 1

    @property
    def swapped(self) -> bool:
        """Have the players exchanged colours (Onyx pie rule)?"""
        return self.game.swapped

    def undo(self) -> bool:
        """Take back the last move where the game stands, or a resignation/agreement first.
        The cursor comes back to the game. False if there is nothing to undo."""
        live = self.tree.live
        if self.tree.cursor is not live:
            self.goto(live)
        if live.ending is not None:
            self._cancel_core_agreement()
            live.ending = None
            return True
        if live.parent is None:
            return False
        self.tree.back()
        self._seek(self.tree.live)
        return True

    def redo(self) -> list[Motion] | None:
        """Play again the next move of the redo line; returns its motions, or None."""
        if not self.can_redo:
            return None
        if self.tree.cursor is not self.tree.live:
            self.goto(self.tree.live)
        node = self.tree.forward()
        if node is None:
            return None
        return self._seek(node)

    # ------------------------------------------------------------ endings
    def _end_here(self) -> GameNode:
        if self.is_over:
            raise GameOverError("the game is already over")
        if self.tree.browsing:
            self.goto(self.tree.live)
            if self.is_over:
                raise GameOverError("the game is already over")
        return self.tree.live

    def resign(self, color: Color) -> Result:
        """``color`` resigns where the game stands: the other side wins, reason 'resign'."""
        node = self._end_here()
        node.ending = Result(Color(color).other, Reason.RESIGN)
        return node.ending

    def flag(self, color: Color) -> Result:
        """``color``'s clock ran out where the game stands: the other side wins, reason 'time'."""
        node = self._end_here()
        node.ending = Result(Color(color).other, Reason.TIME)
        return node.ending

    def has_core_agreement(self) -> bool:
        """Does this game's rules core define an ending by agreement?"""
        return type(self.game).end_by_agreement is not Game.end_by_agreement

    def agreement_result(self, winner: Color | None = None) -> Result:
        """What an agreement now would give (the rules core's count where it has one)."""
        if self.has_core_agreement():
            return self.game.copy().end_by_agreement()
        return Result(winner, Reason.AGREEMENT)

    def agree(self, winner: Color | None = None) -> Result:
        """End the game by agreement where it stands.

        Uses the game's ``end_by_agreement()`` where the rules define one (Amoeba: stack count;
        Onager: draw), on a copy: the position itself is unchanged. Otherwise (Onyx) the
        agreement is UI-level and ``winner`` is the agreed result (None: a draw).
        """
        node = self._end_here()
        node.ending = self.agreement_result(winner)
        self._apply_core_agreement()
        return node.ending

    def set_ending(self, result: Result | None) -> bool:
        """Put a UI-level ending (from a record) on the live node; False if it cannot be."""
        if result is None:
            return False
        try:
            if result.reason == Reason.RESIGN and result.winner is not None:
                self.resign(result.winner.other)
            elif result.reason == Reason.TIME and result.winner is not None:
                self.flag(result.winner.other)
            elif result.reason == Reason.AGREEMENT:
                self.agree(result.winner)
            else:
                return False
        except RulesError:
            return False
        return True

    # ------------------------------------------------------------ text
    def next_turn(self, node: GameNode | None = None) -> Slot:
        """The numbered-move slot of the next ply at ``node`` (default: where the game stands):
        ``.words()`` reads 'move 12, White'."""
        node = node or self.tree.live
        g = self.game if node is self._at else self.game_at(node)
        return next_slot(node.slot, g.turn_phase(), g.to_move)

    def moves_count(self) -> int:
        """How many numbered moves the game's line holds (a move = Black's ply and White's)."""
        slot = self.tree.root.end().slot
        return slot.number if slot is not None else 0

    def position_words(self, node: GameNode | None = None) -> str:
        """A short name of a position for files and notes: 'start', 'move 12', 'lakes'."""
        node = node or self.tree.cursor
        slot = node.slot
        if slot is None:
            return "start"
        return slot.phase.lower() if slot.phase is not None else f"move {slot.number}"

    def slots(self, nodes: list[GameNode] | None = None) -> list[Slot]:
        """The numbered-move slots of ``nodes`` (default: the line through the cursor)."""
        return [n.played_slot for n in (nodes if nodes is not None else self.line())]

    def rows(self) -> list[Row]:
        """The line through the cursor as numbered rows (black, white columns)."""
        line = self.line()
        return rows(self.slots(line), [n.played.record for n in line])

    def moves_text(self) -> str:
        """The moves to the position shown, numbered: '1. c3-d4 e3-d3 2. ...'."""
        parts: list[str] = []
        for node in self.tree.cursor.path():
            slot = node.slot
            assert slot is not None and node.move is not None
            prev = node.parent.slot if node.parent is not None else None
            if prev is None or prev.row != slot.row:
                parts.append(slot.prefix)
            parts.append(node.move.record)
        return " ".join(parts)

    def move_pairs(self) -> list[tuple[str, str, str]]:
        """The moves to the position shown as (label, black, white) rows."""
        played = [(n.slot, n.move.record) for n in self.tree.cursor.path()
                  if n.move is not None and n.slot is not None]
        return [(r.label, " ".join(r.black), " ".join(r.white))
                for r in rows([slot for slot, _ in played], [text for _, text in played])]

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
