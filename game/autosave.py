"""The game in progress on disk: records of a match, resume, and writes off the frame's path.

* ``player_name(who)`` / ``player_from_name(name)``: "Human", "Computer (Hard)" <-> match players.
* ``match_record(match, ...)``: the record of a match's whole line (the moves played and the ones
  Redo would play again), its result, and a ``Current`` header when the player looks at an
  earlier move, so a resumed game comes back exactly as it was left.
* ``match_from_record(record)``: a Match (and the last-move labels of each ply) rebuilt from a record.
* ``BackgroundWriter``: writes files in a small daemon thread; only the latest job of each key
  is run (a burst of moves costs one write). ``flush()`` waits for it (scene exit, tests).
* ``Autosaver``: what the board scene uses; it watches the match and autosaves after every
  change (move, undo, redo, resign, agreement), or keeps a finished game as the last game.

No pygame here.
"""
from __future__ import annotations

import datetime as _dt
import os
import re
import threading
from pathlib import Path
from typing import Any, Callable, Hashable

from .match import HUMAN, LEVELS, Match
from .rules.base import Color, Game, Motion, Result, RulesError
from .rules.record import Record, RecordError, format_record, record_from_game
from .storage import StorageError, atomic_write_text, autosave_path, last_game_path

CURRENT_HEADER = "Current"
REDO_HEADER = "Redo"      # "yes": the moves after Current were taken back (a redo list), not being browsed
_COMPUTER_RE = re.compile(r"^\s*computer\s*(?:\(\s*([a-z]+)\s*\)|[-:]\s*([a-z]+))?\s*$", re.I)

__all__ = ["player_name", "player_from_name", "match_record", "match_from_record", "describe_record",
           "BackgroundWriter", "Autosaver", "writer", "CURRENT_HEADER"]


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
    """A copy of the game at the end of the match's line (after the moves Redo would replay)."""
    g = match.game.copy()
    for pm in match.future:
        path = getattr(pm, "path", ())
        text = "-".join(path) if path else pm.text
        try:
            g.play(g.parse_move(text))
        except RulesError:
            break
    return g


def match_record(match: Match, date: Any = None, final: Result | None = None,
                 headers: dict[str, str] | None = None, live: bool = False) -> Record:
    """The record of the match's whole line.

    ``final`` is the line's result when it is not the game's own (a resignation or agreement
    the player browsed back from); by default the match's UI-level ending is used when the
    player stands at the end of the line. A ``Current`` header gives the ply shown when the
    player stands before the end; with ``live`` (the player took moves back with Undo rather than
    browsing to an earlier move) a ``Redo "yes"`` header says so, and the game resumes there in
    play, the later moves kept as its redo list.
    """
    game = _line_game(match)
    future = match.future
    ui: Result | None = final
    if ui is None and not future and match.result is not None and match.game.result is None:
        ui = match.result
    if game.result is not None:
        ui = None
    start = getattr(match, "start_players", match.players)
    names = (player_name(start[Color.BLACK]), player_name(start[Color.WHITE]))
    extra = dict(headers or {})
    if future:
        extra[CURRENT_HEADER] = str(len(match.history))
        if live:
            extra[REDO_HEADER] = "yes"
    return record_from_game(game, names, date if date is not None else _dt.date.today(), ui_result=ui,
                            headers=extra)


def match_from_record(record: Record, players: dict[Color, str] | None = None,
                      labels: Callable[[list[Motion]], tuple[str, ...]] | None = None
                      ) -> tuple[Match, list[tuple[str, ...]], Result | None]:
    """Rebuild a match from a record: every move is played through ``Match.play``.

    Returns ``(match, marks, final)``: ``marks`` are ``labels(motions)`` for each ply played
    (for the board's last-move marks), ``final`` the record's UI-level result when the match
    is left before the end (``Current`` header), to be applied again at the end.
    Raises RecordError when a move is refused (a record that parsed never does).
    """
    game = record.start()
    if players is None:
        players = {Color.BLACK: player_from_name(record.black), Color.WHITE: player_from_name(record.white)}
    match = Match(game, players)
    marks: list[tuple[str, ...]] = []
    for n, text in enumerate(record.moves, start=1):
        try:
            motions = match.play(text)
        except RulesError as e:
            raise RecordError(f"move {n} {text!r} refused: {e}") from None
        marks.append(labels(motions) if labels else ())
    final: Result | None = None
    res = record.result
    if res is not None and match.game.result is None:
        final = res
        _apply_result(match, res)
    current = record.headers.get(CURRENT_HEADER, "").strip()
    if current.isdigit() and int(current) < len(record.moves):
        target = int(current)
        while len(match.history) > target:
            if not match.undo():
                break
        del marks[len(match.history):]
    else:
        final = None
    return match, marks, final


def _apply_result(match: Match, res: Result) -> bool:
    """End a match as a record says (resign / agreement); False if it cannot be done."""
    if match.is_over:
        return False
    try:
        if res.reason == "resign" and res.winner is not None:
            match.resign(res.winner.other)
        elif res.reason == "agreement":
            match.agree(res.winner)
        else:
            return False
    except RulesError:
        return False
    return True


def reapply_result(match: Match, res: Result | None) -> bool:
    """Put back a UI-level ending (after browsing back to the end of a resigned game)."""
    if res is None:
        return False
    return _apply_result(match, res)


def describe_record(record: Record) -> str:
    """'Onyx, move 23, Black to move' for the menu's Continue button."""
    title = record.game.capitalize()
    plies = len(record.moves)
    try:
        current = record.headers.get(CURRENT_HEADER, "").strip()
        upto = int(current) if current.isdigit() and int(current) < plies else None
        game = record.replay(upto)
        to_move = game.to_move.title
        shown = plies if upto is None else upto
    except (RulesError, ValueError):
        return f"{title}, {plies} moves"
    if record.result is not None and upto is None:
        return f"{title}, {record.result.describe()}"
    return f"{title}, move {shown // 2 + 1}, {to_move} to move"


# ----------------------------------------------------------------- writing in the background
class BackgroundWriter:
    """Runs file jobs in one daemon thread; a newer job for the same key replaces a waiting one.

    ``threaded=False`` runs jobs at once (used when threads are unwanted). Errors are kept in
    ``errors`` (latest last) for the UI to show; a job never raises into the caller.
    """

    def __init__(self, threaded: bool = True) -> None:
        self.threaded = threaded
        self._jobs: dict[Hashable, Callable[[], Any]] = {}
        self._order: list[Hashable] = []
        self._cond = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []
        self.done = 0
        self.last_seconds = 0.0

    def submit(self, key: Hashable, job: Callable[[], Any]) -> None:
        if not self.threaded:
            self._run(job)
            return
        with self._cond:
            if key not in self._jobs:
                self._order.append(key)
            self._jobs[key] = job
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="abstract-trio-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self, job: Callable[[], Any]) -> None:
        import time
        t0 = time.perf_counter()
        try:
            job()
        except (StorageError, RecordError, OSError, ValueError) as e:
            self.errors.append(str(e))
        except Exception as e:  # never let a background write kill the program
            self.errors.append(f"{type(e).__name__}: {e}")
        self.last_seconds = time.perf_counter() - t0
        self.done += 1

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._order:
                    self._busy = False
                    self._cond.notify_all()
                    if not self._cond.wait(timeout=30.0) and not self._order:
                        self._thread = None
                        return
                key = self._order.pop(0)
                job = self._jobs.pop(key)
                self._busy = True
            self._run(job)

    @property
    def idle(self) -> bool:
        with self._cond:
            return not self._order and not self._busy

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every submitted job ran; False on timeout."""
        if not self.threaded:
            return True
        import time
        end = time.monotonic() + timeout
        with self._cond:
            while self._order or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(timeout=min(0.05, left))
        return True

    def take_errors(self) -> list[str]:
        out, self.errors = self.errors, []
        return out


_WRITER: BackgroundWriter | None = None


def writer() -> BackgroundWriter:
    """The process-wide background writer."""
    global _WRITER
    if _WRITER is None:
        _WRITER = BackgroundWriter(threaded=os.environ.get("ABSTRACT_TRIO_SYNC_WRITES") != "1")
    return _WRITER


def _save_job(path: Path, match_copy: Match, final: Result | None, date: _dt.date) -> Callable[[], None]:
    def job() -> None:
        rec = match_record(match_copy, date, final)
        atomic_write_text(path, format_record(rec))
    return job


def _write_job(path: Path, text: str) -> Callable[[], None]:
    def job() -> None:
        atomic_write_text(path, text)
    return job


def _finish_job(auto: Path, last: Path, text: str) -> Callable[[], None]:
    def job() -> None:
        atomic_write_text(last, text)
        try:
            auto.unlink()
        except FileNotFoundError:
            pass
    return job


class _Snapshot:
    """What a background job needs of a match, copied on the main thread."""

    def __init__(self, match: Match) -> None:
        self.game = match.game.copy()
        self.future = list(match.future)
        self.history = list(match.history)
        self.players = dict(match.players)
        self.start_players = dict(getattr(match, "start_players", match.players))
        self._result = match.result

    @property
    def result(self) -> Result | None:
        return self._result


class Autosaver:
    """Watches one match and keeps the autosave in step with it.

    ``update(match, final)`` is called every frame: when the match changed since the last
    call (a move, undo, redo, resignation, agreement, or the shown ply while browsing), the
    record text is made (on the caller's thread) and written in the background: an
    unfinished line to the autosave, a finished one to ``last-game.txt`` (and the autosave is
    removed). The first call only takes note of the
    state (a resumed or loaded game is not rewritten until something changes), and a line
    with no moves is never written (a previous game's autosave is kept until the new game's
    first move).
    """

    def __init__(self, bg: BackgroundWriter | None = None) -> None:
        self.bg = bg or writer()
        self._key: Any = None
        self._seen = False
        self._line_probe: Any = None
        self._line_end: Result | None = None
        self.writes = 0

    def _end_of_line(self, match: Match, final: Result | None) -> tuple[Any, Result | None]:
        """(the whole line as move texts, its result), the replay cached while the line is unchanged."""
        line = tuple(pm.text for pm in match.history) + tuple(pm.text for pm in match.future)
        probe = (line, final, match.result if not match.future else None)
        if probe != self._line_probe:
            self._line_probe = probe
            self._line_end = _line_result(match, final)
        return line, self._line_end

    def state_key(self, match: Match, final: Result | None, live: bool = False) -> Any:
        """What is written: the line, its result, the shown ply and whether it is a redo list
        (unfinished lines), the players."""
        line, end = self._end_of_line(match, final)
        if end is not None:
            return (line, end)
        players = tuple(sorted((int(c), w) for c, w in getattr(match, "start_players", match.players).items()))
        return (line, None, len(match.history) if match.future else None, bool(live and match.future), players)

    def update(self, match: Match | None, final: Result | None = None, force: bool = False,
               live: bool = False) -> bool:
        """Write if the match changed; True when a write was queued. ``live``: the player is not
        browsing (later moves are a redo list, see ``match_record``)."""
        if match is None:
            return False
        key = self.state_key(match, final, live)
        if not self._seen:
            self._seen = True
            self._key = key
            if not force:
                return False
        if key == self._key and not force:
            return False
        self._key = key
        if not match.history and not match.future:
            return False
        today = _dt.date.today()
        end = self._line_end
        auto, last = autosave_path(), last_game_path()
        if end is None:
            # the text is made here (a few ms, on the caller's thread): the writer thread only
            # writes, so it hardly ever holds the interpreter while a frame is being drawn
            try:
                text = format_record(match_record(match, today, final, live=live))
            except (RulesError, RecordError, ValueError) as e:
                self.bg.errors.append(str(e))
                return False
            self.bg.submit("autosave", _write_job(auto, text))
        else:
            text = format_record(match_record(match, today, final))
            self.bg.submit("autosave", _finish_job(auto, last, text))
        self.writes += 1
        return True

    def flush(self, timeout: float = 5.0) -> bool:
        return self.bg.flush(timeout)


def _line_result(match: Match, final: Result | None) -> Result | None:
    """The result at the end of the match's line (None: unfinished)."""
    if not match.future:
        return match.result
    if final is not None:
        return final
    g = _line_game(match)
    return g.result
