"""The game in progress on disk: records of a match, resume, and writes off the frame's path.

* ``player_name(who)`` / ``player_from_name(name)``: "Human", "Computer (Hard)" <-> match players.
* ``match_record(match, ...)``: the record of a match's whole line (the moves played and the ones
  Redo would play again), its result, and a ``Current`` header when the player looks at an
  earlier move, so a resumed game comes back exactly as it was left.
* ``match_from_record(record)``: a Match rebuilt from a record.
* ``BackgroundWriter`` and ``writer()`` (``game.writer``, named here too): files written in a
  small daemon thread; only the latest job of each key is run (a burst of moves costs one write).
* ``Autosaver``: what the board scene uses; it watches the match and autosaves after every
  change (move, undo, redo, resign, agreement), or keeps a finished game as the last game.

No pygame here.
"""
from __future__ import annotations

import logging
import datetime as _dt
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Hashable

from .clock import TimeControl
from .match import HUMAN, LEVELS, Match
from .rules.base import Color, Game, Result, RulesError
from .rules.numbering import Slot, next_slot, slots_for
from .rules.record import UI_REASONS, Record, RecordError, format_record, parse_record, record_from_game
from .rules.tree import GameNode, GameTree, PlayedMove
from .storage import (StorageError, atomic_write_text, keep_unfinished_bounded, last_game_path, list_unfinished,
                      new_unfinished_path, set_aside_unfinished, unfinished_dir)
from .writer import BackgroundWriter, writer

log = logging.getLogger(__name__)

CURRENT_HEADER = "Current"
REDO_HEADER = "Redo"      # older files: "yes" = the game stood at Current (the moves after it a redo list)
LIVE_HEADER = "Live"      # the ply where the game stands, when moves after it were taken back
CURRENT_PATH_HEADER = "CurrentPath"   # the position shown in a variation: child indices from the start
TIME_CONTROL_HEADER = "TimeControl"   # a game with clocks: "300+3" (PGN's; each move's time is a %clk comment)
_COMPUTER_RE = re.compile(r"^\s*computer\s*(?:\(\s*([a-z0-9]+)\s*\)|[-:]\s*([a-z0-9]+))?\s*$", re.I)

__all__ = ["player_name", "player_from_name", "match_record", "match_from_record", "describe_record",
           "Standing", "record_standing",
           "stands_unfinished", "seat_names", "STATE_HEADERS",
           "BackgroundWriter", "Autosaver", "writer", "CURRENT_HEADER", "TIME_CONTROL_HEADER",
           "time_control_of"]


# ----------------------------------------------------------------- players
def player_name(who: str) -> str:
    """The name written in a record for a match player: 'Human' or 'Computer (Hard)'."""
    if who == HUMAN or not who:
        return "Human"
    if who in LEVELS:
        return f"Computer ({who.capitalize()})"
    return str(who)


def player_from_name(name: str) -> str:
    """A match player from a record's name: a level for 'Computer (Hard)', else human."""
    m = _COMPUTER_RE.match(name or "")
    if not m:
        return HUMAN
    level = (m.group(1) or m.group(2) or "medium").lower()
    return level if level in LEVELS else "medium"


# ----------------------------------------------------------------- records
def _line_game(match: Match) -> Game:
    """A copy of the game at the end of the main line (the game's line, redo line included)."""
    return match.game_at(match.tree.root.end())


def _line_end_result(match: Match) -> Result | None:
    """The result at the end of the main line: its ending (resign, agreement) or the rules'."""
    end = match.tree.root.end()
    return end.ending or _line_game(match).result


#: Headers a record of a match writes anew every time (where the game stands, what the side
#: to move had spent of its turn): a match loaded from a record does not keep them.
STATE_HEADERS = (CURRENT_HEADER, REDO_HEADER, LIVE_HEADER, CURRENT_PATH_HEADER, "ClockUsed")


def seat_names(match: Match) -> dict[Color, str]:
    """The players' names by the colour they played on the game's line (after an Onyx swap on
    it, the player who moved first is White): the names the match came with (a loaded record's
    Black and White), else 'Human' / 'Computer (Hard)'."""
    start = match.start_players
    names = {c: match.names.get(c) or player_name(start[c]) for c in Color}
    if match.line_exchanged():
        return {Color.BLACK: names[Color.WHITE], Color.WHITE: names[Color.BLACK]}
    return names


def match_record(match: Match, date: Any = None, headers: dict[str, str] | None = None) -> Record:
    """The record of the match's game tree: the main line with its variations and comments,
    the result at the main line's end, and where the player stands.

    Headers: those the match came with (``match.headers``, a loaded record's, in their order),
    ``Black`` and ``White`` naming the players by the colours they played (``seat_names``),
    ``Date`` (the record's own, else ``date`` or today), then ``headers``; ``Current`` gives
    the ply shown when it is an earlier position of the main line, ``CurrentPath`` the child
    indices from the start when it is in a variation, and ``Live`` the ply where the game
    stands when moves after it were taken back (the redo line), so a resumed game comes back
    exactly as it was left (endings belong to the tree's nodes); ``TimeControl`` a game played
    with clocks (its moves' times are ``%clk`` comments).
    """
    tree = match.tree
    end_node = tree.root.end()
    game = _line_game(match)
    ui = end_node.ending if game.result is None else None
    names = seat_names(match)
    rec = record_from_game(game, (names[Color.BLACK], names[Color.WHITE]),
                           date if date is not None else _dt.date.today(), ui_result=ui)
    extra = {k: v for k, v in match.headers.items() if k not in STATE_HEADERS and k not in _RECORD_FIELDS}
    extra["Black"], extra["White"] = names[Color.BLACK], names[Color.WHITE]   # in their place, if given
    extra.setdefault("Date", rec.headers["Date"])
    extra.update(headers or {})
    if match.time_control is not None and _control(extra.get(TIME_CONTROL_HEADER, "")) != match.time_control:
        extra[TIME_CONTROL_HEADER] = match.time_control.text     # (a record's own way of writing it stays)
    if tree.live is not end_node:
        extra[LIVE_HEADER] = str(tree.live.ply)
    cur = tree.cursor
    if cur is not tree.live:
        if cur.is_main_line():
            extra[CURRENT_HEADER] = str(cur.ply)
        else:
            extra[CURRENT_PATH_HEADER] = ".".join(
                str(n.branch) for n in cur.path())
    rec.headers = {k: v for k, v in extra.items() if k not in _RECORD_FIELDS}
    comments: dict[int, list[str]] = {}
    if tree.root.comments:
        comments[0] = list(tree.root.comments)
    for node in tree.root.main_line():
        if node.comments:
            comments[node.ply] = list(node.comments)
    rec.comments = comments
    rec.tree = tree
    return rec


# headers a Record keeps in its own fields (never among its other headers)
_RECORD_FIELDS = frozenset(("Game", "Variant", "Result", "Reason", "SetUp", "ToMove", "SetUpOptions", "Plies"))


def tree_of_record(record: Record) -> GameTree:
    """The record's game tree (its variations when the record has them, else its moves)."""
    if record.tree is not None:
        return record.tree
    tree = GameTree()
    game = record.start()
    node = tree.root
    node.comments = list(record.comments.get(0, ()))
    for n, text in enumerate(record.moves, start=1):
        try:
            m = game.parse_move(text)
            motions = game.motions(m)
            pm = PlayedMove(game.move_str(m), game.record_str(m), game.to_move, (),
                            any(mo.kind == "swap" for mo in motions), game.turn_phase())
            game.play(m)
        except RulesError as e:
            raise RecordError(f"move {n} {text!r} refused: {e}") from None
        node = node.add(pm, main=True)
        node.comments = list(record.comments.get(n, ()))
    tree.live = tree.cursor = node
    return tree


def _node_at_path(tree: GameTree, text: str) -> GameNode | None:
    node = tree.root
    for part in text.split("."):
        if not part.strip().isdigit() or int(part) >= len(node.children):
            return None
        node = node.children[int(part)]
    return node


def match_from_record(record: Record, players: dict[Color, str] | None = None) -> Match:
    """A match rebuilt from a record: its tree, the result at the main line's end (a
    resignation or agreement as that node's ending), and where the player stood (``Current``,
    ``CurrentPath``, ``Live``; older files: ``Redo "yes"`` = the game stood at ``Current``).
    The match keeps the record's headers (``Match.headers``, but the ``STATE_HEADERS``) and
    its players' names (``Match.names``), so a record of it says what the file said.

    A ``TimeControl`` header gives the match its clocks (one that cannot be read is left out:
    the game is played on without them).

    Raises RecordError when a move is refused (a record that parsed never does).
    """
    tree = tree_of_record(record)
    # the record names its players by the colours they played on its line: after an Onyx swap
    # there, the player who moved first (the match's Black at the start) is its White
    exchanged = sum(1 for n in tree.root.main_line() if n.move is not None and n.move.exchange) % 2 == 1
    first, second = (record.white, record.black) if exchanged else (record.black, record.white)
    if players is None:
        players = {Color.BLACK: player_from_name(first), Color.WHITE: player_from_name(second)}
    end = tree.root.end()
    res = record.result
    if res is not None and res.reason in UI_REASONS:
        end.ending = res
    live = cursor = end
    h = record.headers
    current = h.get(CURRENT_HEADER, "").strip()
    at = int(current) if current.isdigit() and int(current) < end.ply else None
    live_text = h.get(LIVE_HEADER, "").strip()
    if live_text.isdigit() and int(live_text) < end.ply:
        live = _main_node(tree, int(live_text))
    elif at is not None and h.get(REDO_HEADER, "").strip().lower() == "yes":
        live = _main_node(tree, at)              # an older file: the game stood at Current
    cursor = live
    if at is not None:
        cursor = _main_node(tree, at)
    path = h.get(CURRENT_PATH_HEADER, "").strip()
    if path:
        cursor = _node_at_path(tree, path) or cursor
    tree.live, tree.cursor = live, cursor
    match = Match(record.start(), players, tree=tree, time_control=time_control_of(record))
    match.headers = {k: v for k, v in record.headers.items() if k not in STATE_HEADERS}
    match.names = {c: name for c, name in ((Color.BLACK, first), (Color.WHITE, second)) if name}
    return match


def time_control_of(record: Record) -> TimeControl | None:
    """The record's ``TimeControl`` header as a time control (None: none, or not readable)."""
    control = _control(record.headers.get(TIME_CONTROL_HEADER, ""))
    if control is None and record.headers.get(TIME_CONTROL_HEADER, "").strip():
        log.warning("the record's TimeControl %r cannot be read: no clocks",
                    record.headers[TIME_CONTROL_HEADER])
    return control


def _control(text: str) -> TimeControl | None:
    """A ``TimeControl`` header's value as a time control (None: empty or not readable)."""
    text = text.strip()
    if not text:
        return None
    try:
        return TimeControl.parse(text)
    except ValueError:
        return None


def _main_node(tree: GameTree, ply: int) -> GameNode:
    node = tree.root
    for _ in range(ply):
        if not node.children:
            break
        node = node.children[0]
    return node


def stands_unfinished(record: Record) -> bool:
    """Does the game of this record stand unfinished where it was left: no result, or a
    finished game taken back from its end (its ``Live`` header before the last move)?"""
    if record.result is None:
        return True
    live = record.headers.get(LIVE_HEADER, "").strip()
    return live.isdigit() and int(live) < len(record.moves)


@dataclass(frozen=True)
class Standing:
    """Where a saved game stands, as values (the interface words it: ``game.ui.words``):
    its game, its plies, the result it ended with (None while it goes on), the numbered slot of
    the next ply (None once over) and ``readable`` (False: the moves could not be replayed)."""

    game: str
    plies: int
    result: Result | None = None
    next: Slot | None = None
    readable: bool = True


def record_standing(record: Record) -> Standing:
    """Where ``record``'s game stands: where it was left (``Live``/``Current`` with ``Redo``),
    or its result."""
    plies = len(record.moves)
    h = record.headers
    upto: int | None = None
    live_text = h.get(LIVE_HEADER, "").strip()
    current = h.get(CURRENT_HEADER, "").strip()
    if live_text.isdigit() and int(live_text) < plies:
        upto = int(live_text)
    elif current.isdigit() and int(current) < plies and h.get(REDO_HEADER, "").strip().lower() == "yes":
        upto = int(current)
    try:
        start = record.start()
        moves = record.moves if upto is None else record.moves[:upto]
        slots = slots_for(start, moves)
        game = record.replay(upto)
    except (RulesError, ValueError):
        return Standing(record.game, plies, readable=False)
    if record.result is not None and upto is None:
        return Standing(record.game, plies, result=record.result)
    if game.result is not None:
        return Standing(record.game, plies, result=game.result)
    return Standing(record.game, plies, next=next_slot(slots[-1] if slots else None, game.turn_phase(), game.to_move))


def describe_record(record: Record) -> str:
    """'Onyx, move 23, Black to move' (English, for logs and tests; the menu words a
    ``record_standing`` in the player's language with ``game.ui.words.standing_words``)."""
    st = record_standing(record)
    title = st.game.capitalize()
    if not st.readable:
        return f"{title}, {st.plies} plies"
    if st.result is not None:
        return f"{title}, {st.result.describe()}"
    assert st.next is not None
    return f"{title}, {st.next.words()} to move"


def _write_job(path: Path, text: str) -> Callable[[], None]:
    """Write a game in progress to its own file; a file new to the unfinished folder keeps the
    folder bounded (``keep_unfinished_bounded``: the oldest moved to ``older/``, never deleted)."""
    def job() -> None:
        fresh = not path.exists()
        atomic_write_text(path, text)
        if fresh and path.parent == unfinished_dir():
            keep_unfinished_bounded(keep=path)
    return job


def _within(part: Record, whole: Record) -> bool:
    """Is ``part`` (a game left unfinished) a beginning of the game ``whole``: the same game,
    variant, start, players and date, and its moves the first of ``whole``'s?"""
    same = all(part.headers.get(k) == whole.headers.get(k) for k in ("Black", "White", "Date"))
    return (same and part.game == whole.game and part.options == whole.options and part.setup == whole.setup
            and part.to_move == whole.to_move and 0 < len(part.moves) <= len(whole.moves)
            and whole.moves[:len(part.moves)] == part.moves)


def _set_aside_beginnings(finished: Record) -> None:
    """The unfinished games that are beginnings of ``finished`` (a game saved, left, and later
    played to its end from the saved copy) leave the menu's Continue: moved to ``older/``,
    never deleted. A file that cannot be read is left for the menu to report."""
    for path, _when in list_unfinished():
        try:
            left = parse_record(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeError, RecordError, RecursionError, ValueError):
            continue
        if _within(left, finished):
            try:
                set_aside_unfinished(path)
            except StorageError as e:
                log.warning("a finished game's unfinished copy stays: %s", e)


def _finish_job(auto: Path | None, last: Path, text: str, finished: Record | None = None) -> Callable[[], None]:
    """A finished game: kept as the last game, its unfinished file (if any) removed, and the
    copies left unfinished of its beginning set aside (``finished``: its record)."""
    def job() -> None:
        atomic_write_text(last, text)
        if auto is not None:
            try:
                auto.unlink()
            except FileNotFoundError:
                pass
        if finished is not None:
            _set_aside_beginnings(finished)
    return job


class Autosaver:
    """Watches one match and keeps its own file in step with it.

    ``path`` is the game's file among the unfinished games (``game.storage.unfinished_dir()``):
    given for a game resumed from its file, else made on the first write
    (``new_unfinished_path(game, stamp)``, the stamp from the clock), so another game's file
    is never overwritten. ``update(match)`` is called every frame: when the match
    changed since the last call (a move, undo, redo, resignation, agreement, or the shown ply
    while browsing), the record text is made (on the caller's thread) and written in the
    background: a game that stands unfinished to ``path`` (also a finished game taken back
    from its end: its ``Live`` header says where it stands), a finished one to
    ``last-game.txt`` (and ``path`` is removed), unless it was opened finished (``opened``). The first call only takes note of the state (a resumed or loaded
    game is not rewritten until something changes), and a line with no moves is never
    written (a new game has no file until its first move).

    ``annotate`` (optional) is given each record before it is written and returns the record
    to write (the board's review adds its verdicts as move comments); ``annotate_key``
    (optional) is part of the state key, so a change it reports (a review finished) is a
    change worth writing. A failing ``annotate`` leaves the record as it was.
    """

    def __init__(self, bg: BackgroundWriter | None = None, path: str | os.PathLike[str] | None = None,
                 annotate: Callable[[Record], Record] | None = None,
                 annotate_key: Callable[[], Hashable] | None = None) -> None:
        self.bg = bg or writer()
        self.path: Path | None = Path(path) if path is not None else None
        self.annotate = annotate
        self.annotate_key = annotate_key
        self._key: Any = None
        self._seen = False
        self._came_finished: tuple[Any, Result] | None = None    # where a game that came finished ends
        self._line_probe: Any = None
        self._line_end: Result | None = None
        self.writes = 0

    def _end_of_line(self, match: Match) -> tuple[Any, Result | None]:
        """(the tree's shape, the result at the main line's end), the replay cached while the
        tree's shape and the endings are unchanged."""
        tree = match.tree
        end = tree.root.end()
        probe = (id(tree), tree.version, end.uid, end.ending)
        if probe != self._line_probe:
            self._line_probe = probe
            self._line_end = _line_end_result(match)
        return probe, self._line_end

    def _standing(self, match: Match) -> tuple[Any, Result | None]:
        """(the tree's shape, the result where the game stands): a game taken back from its
        end stands unfinished (a position with moves after it is not over)."""
        line, end = self._end_of_line(match)
        live = match.tree.live
        if live.ending is not None:
            return line, live.ending
        return line, (end if live is match.tree.root.end() else None)

    def state_key(self, match: Match) -> Any:
        """What is written: the tree, its result, where the game stands and the position shown
        (unfinished games), the players."""
        line, end = self._standing(match)
        extra = self.annotate_key() if self.annotate_key is not None else None
        if end is not None:
            return (line, end, extra)
        tree = match.tree
        players = tuple(sorted((int(c), w) for c, w in match.start_players.items()))
        return (line, None, tree.live.uid, tree.cursor.uid, tree.live.ending, players, extra)

    def _record(self, match: Match, date: Any) -> Record:
        """The record written: ``match_record``, then ``annotate`` (if given; kept as it was when
        ``annotate`` fails)."""
        rec = match_record(match, date)
        if self.annotate is not None:
            try:
                rec = self.annotate(rec)
            except Exception as e:  # the game is written without its notes rather than not at all
                log.warning("the autosave's notes could not be added: %s", e)
                self.bg.errors.append(f"{type(e).__name__}: {e}")
        return rec

    def opened(self, match: Match) -> None:
        """``match`` was opened from a file. One that comes finished was not finished here:
        ``last-game.txt`` keeps the game the player last finished (this one has a file of its
        own), until it is taken back and so becomes a game of theirs."""
        end = self._standing(match)[1]
        self._came_finished = (match.tree.live.uid, end) if end is not None else None

    def update(self, match: Match | None, force: bool = False) -> bool:
        """Write if the match changed (or ``force``); True when a write was queued."""
        if match is None:
            return False
        key = self.state_key(match)
        if not self._seen:
            self._seen = True
            self._key = key
            if not force:
                return False
        if key == self._key and not force:
            return False
        self._key = key
        if not match.tree.root.children:
            return False
        today = _dt.date.today()
        end = self._standing(match)[1]
        if end is not None and (match.tree.live.uid, end) == self._came_finished:
            return False
        last = last_game_path()
        if end is None:
            self._came_finished = None      # taken back: from now on a game of the player's
            # the text is made here (a few ms, on the caller's thread): the writer thread only
            # writes, so it hardly ever holds the interpreter while a frame is being drawn
            try:
                text = format_record(self._record(match, today))
            except (RulesError, RecordError, ValueError) as e:
                self.bg.errors.append(str(e))
                return False
            auto = self.file_for(match)
            self.bg.submit(("autosave", auto), _write_job(auto, text), what="game")
        else:
            rec = self._record(match, today)
            text = format_record(rec)
            self.bg.submit(("autosave", self.path), _finish_job(self.path, last, text, rec), what="game")
        self.writes += 1
        return True

    def file_for(self, match: Match) -> Path:
        """The game's own file: ``path``, or a new one in the unfinished folder (made once)."""
        if self.path is None:
            stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
            self.path = new_unfinished_path(match.name, stamp)
        return self.path

    def keeps(self, match: Match | None) -> bool:
        """Whether the match is kept among the unfinished games when the player leaves it:
        its line has moves and it stands unfinished (also a finished game taken back)."""
        if match is None or not match.tree.root.children:
            return False
        return self._standing(match)[1] is None

    def flush(self, timeout: float = 5.0) -> bool:
        return self.bg.flush(timeout)
