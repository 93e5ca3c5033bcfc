"""Game records: a few headers and the move list, in the specs' notation.

Pure text in and out: no files, no clock (the date is passed in). Example::

    [Game "onyx"]
    [Variant "size=12 open=false pie=true"]
    [Black "Human"]
    [White "Computer (Hard)"]
    [Date "2026-11-29"]
    [Result "black"]
    [Reason "connection"]

    1. f6 swap
    2. c3** d4

Headers come first, one per line, as ``[Name "value"]`` (``\\"`` and ``\\\\`` escape a quote
and a backslash). Known headers:

- ``Game`` (required, first): ``amoeba``, ``onyx`` or ``onager``.
- ``Variant``: the game's options as ``key=value`` words (``game.options()``); omitted when
  the game has none. Booleans are ``true``/``false`` (``yes``/``no``, ``on``/``off`` accepted).
- ``Black`` / ``White``: who sat at each colour at the start of the game (after an Onyx
  ``swap`` the first player plays White; the record keeps the names as they started).
- ``Date``: free text, normally ``YYYY-MM-DD``.
- ``Result``: ``black``, ``white``, ``draw`` or ``*`` (not finished); ``Reason``: the reason
  (the rules core's, or a UI-level ``resign`` / ``agreement``).
- ``SetUp`` and ``ToMove``: for a game that started from a set-up position
  (``Game.position_text()`` and ``black``/``white``); ``SetUpOptions``: further
  ``from_position`` options as ``key=value`` words (Onyx ``plies``/``swapped``, Onager
  ``setup=true`` for a position in the lake phase).
- ``Plies``: the number of moves (written by ``format_record``, checked when present, so a
  file cut short at a line break is still caught).

Any other header is kept as it is. After the headers come the moves, whitespace separated,
in the specs' record forms (Onyx ``*``/``**`` suffixes; Onager the three lakes then the
moves, path forms like ``b2-b4-d6`` accepted). Move numbers (``1.``, ``12...``, ``3.f6``)
are optional and ignored on input. Lines starting with ``#`` are comments (dropped).

Move comments, as in PGN: ``{text}`` after a move belongs to that move, e.g.
``12. c3-d4 {?? best: e3-d3} e3-d3``; ``{text}`` before the first move belongs to the game
(ply 0). A comment may touch its move (``c3-d4{...}``), may span lines (inside one, ``#``
and ``[`` lines are text) and ends at the first ``}``; there is no nesting or escape. Several
comments after one move are kept in order. They land in ``Record.comments`` (ply -> list of
texts, each with its whitespace runs turned into single spaces; empty ones are dropped) and
``format_record`` writes them back after their moves (a ``}`` in a text becomes ``)``). A
record without comments formats exactly as before. The game review (``game.ai.review``)
stores its verdicts this way, with an ``Annotator`` header.

``parse_record`` replays every move through the rules core, so a record that parses is a
legal game. Every problem raises :class:`RecordError` naming the line.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from . import GAME_NAMES, game_class
from .base import Color, Game, Result, RulesError

__all__ = ["Record", "RecordError", "parse_record", "format_record", "record_from_game",
           "UI_REASONS", "RESULT_WORDS"]

#: Endings decided outside the rules core (the rules core never produces these itself,
#: except Amoeba's and Onager's ``end_by_agreement``, which a record checks on replay).
UI_REASONS = ("resign", "agreement")
RESULT_WORDS = ("black", "white", "draw", "*")

# Headers that map to Record fields (everything else lands in Record.headers).
_FIELD_HEADERS = ("Game", "Variant", "Result", "Reason", "SetUp", "ToMove", "SetUpOptions",
                  "Plies")
_HEADER_RE = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_NUMBER_RE = re.compile(r"^(\d+)\.+(.*)$")
_TOKEN_RE = re.compile(r"^[A-Za-z0-9*>\-]+$")
_OPTION_KEY_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_INT_RE = re.compile(r"^[+-]?\d{1,9}$")
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_MAX_TOKEN = 40


class RecordError(RulesError):
    """A record cannot be read. ``line`` is the 1-based line number (None if not tied to one)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        self.problem = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


@dataclass
class Record:
    """One game as a record.

    ``options`` are the game's variant options; ``headers`` holds every other header
    (``Black``, ``White``, ``Date`` and any unknown ones) in order. ``moves`` are the record
    forms (``record_str``), canonical once parsed. ``result`` is the final result, from the
    rules core or a UI-level ending (resign, agreement); None while the game goes on.
    ``setup``/``to_move`` describe a set-up start position (None: the game's initial one).
    ``comments`` maps a ply to the comments written after that move (``{...}`` in the text;
    ply 0: before the first move), in order; plies without comments are absent.
    """

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    result: Result | None = None
    setup: str | None = None
    to_move: Color = Color.BLACK
    setup_options: dict[str, Any] = field(default_factory=dict)
    comments: dict[int, list[str]] = field(default_factory=dict)

    # ------------------------------------------------------------- views
    @property
    def result_word(self) -> str:
        """``black``, ``white``, ``draw`` or ``*``."""
        return _result_word(self.result)

    @property
    def reason(self) -> str | None:
        return self.result.reason if self.result is not None else None

    @property
    def black(self) -> str:
        return self.headers.get("Black", "")

    @property
    def white(self) -> str:
        return self.headers.get("White", "")

    @property
    def date(self) -> str:
        return self.headers.get("Date", "")

    # ------------------------------------------------------------ replay
    def start(self) -> Game:
        """The game at its start position (initial or set-up); raises RecordError."""
        return _start_game(self.game, self.options, self.setup, self.to_move, self.setup_options,
                           None, None)

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first ``upto`` moves (all of them by default).

        With all moves replayed, an ending by agreement that the rules core defines
        (Amoeba, Onager) is applied too, so ``game.result`` matches. Resignations and
        Onyx agreements exist only in ``self.result``. Raises RecordError if a move is refused.
        """
        moves = self.moves if upto is None else self.moves[:max(0, upto)]
        game = self.start()
        for n, text in enumerate(moves, start=1):
            try:
                game.play(game.parse_move(text))
            except RulesError as e:
                raise RecordError(f"move {n} {text!r} refused: {e}") from None
        if upto is None or upto >= len(self.moves):
            _apply_core_agreement(game, self.result)
        return game


# ---------------------------------------------------------------- helpers
def _result_word(result: Result | None) -> str:
    if result is None:
        return "*"
    return "draw" if result.winner is None else result.winner.word


def _escape(value: str) -> str:
    value = " ".join(str(value).splitlines())  # header values are single lines
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _format_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _format_options(options: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={_format_value(v)}" for k, v in options.items())


def _coerce(key: str, text: str, default: Any) -> Any:
    """Read an option value with the type of the game's default for it."""
    low = text.lower()
    if isinstance(default, bool):
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise ValueError(f"option {key} must be true or false, not {text!r}")
    if isinstance(default, int):
        if not _INT_RE.match(text):
            raise ValueError(f"option {key} must be a whole number, not {text!r}")
        return int(text)
    if isinstance(default, float):
        try:
            f = float(text)
        except ValueError:
            raise ValueError(f"option {key} must be a number, not {text!r}") from None
        if not math.isfinite(f):
            raise ValueError(f"option {key} must be a finite number, not {text!r}")
        return f
    return text


def _parse_options(name: str, text: str, line: int) -> dict[str, Any]:
    try:
        defaults = game_class(name).new().options()
    except (RulesError, ValueError, TypeError) as e:  # pragma: no cover - rules defect
        raise RecordError(f"cannot build a default {name} game: {e}", line) from None
    out: dict[str, Any] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq or not _OPTION_KEY_RE.match(key) or not value:
            raise RecordError(f"Variant: expected key=value words, not {word!r}", line)
        if key in out:
            raise RecordError(f"Variant: option {key} is given twice", line)
        if key not in defaults:
            known = ", ".join(sorted(defaults)) or "none"
            raise RecordError(f"Variant: {name} has no option {key!r} (its options: {known})", line)
        try:
            out[key] = _coerce(key, value, defaults[key])
        except ValueError as e:
            raise RecordError(f"Variant: {e}", line) from None
    return out


def _parse_literal_options(text: str, line: int) -> dict[str, Any]:
    """``key=value`` words; true/false become booleans and whole numbers ints."""
    out: dict[str, Any] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq or not _OPTION_KEY_RE.match(key) or not value:
            raise RecordError(f"SetUpOptions: expected key=value words, not {_clip(word)!r}", line)
        if key in out:
            raise RecordError(f"SetUpOptions: option {key} is given twice", line)
        low = value.lower()
        if low in ("true", "yes", "on"):
            out[key] = True
        elif low in ("false", "no", "off"):
            out[key] = False
        elif _INT_RE.match(value):
            out[key] = int(value)
        else:
            out[key] = value
    return out


def _start_game(name: str, options: Mapping[str, Any], setup: str | None, to_move: Color,
                setup_options: Mapping[str, Any], variant_line: int | None,
                setup_line: int | None) -> Game:
    if name not in GAME_NAMES:
        raise RecordError(f"unknown game {name!r}: choose one of {', '.join(GAME_NAMES)}")
    cls = game_class(name)
    if setup is None:
        try:
            return cls.new(**options)
        except (RulesError, ValueError, TypeError) as e:
            raise RecordError(f"Variant refused by the {name} rules: {e}", variant_line) from None
    try:
        return cls.from_position(setup, to_move, **options, **setup_options)
    except (RulesError, ValueError, TypeError) as e:
        raise RecordError(f"SetUp position refused by the {name} rules: {e}", setup_line) from None


def _core_agreement(game: Game) -> Result | None:
    """What the rules core says an agreement now gives (None: the core has no such rule)."""
    if type(game).end_by_agreement is Game.end_by_agreement:
        return None
    probe = game.copy()
    try:
        return probe.end_by_agreement()
    except RulesError:
        return None


def _apply_core_agreement(game: Game, result: Result | None) -> None:
    if result is None or result.reason != "agreement" or game.result is not None:
        return
    if type(game).end_by_agreement is Game.end_by_agreement:
        return
    try:
        game.end_by_agreement()
    except RulesError:
        pass


def _describe(result: Result | None) -> str:
    return "not finished" if result is None else result.describe()


# ---------------------------------------------------------------- parsing
def parse_record(text: str) -> Record:
    """Read a record and replay every move through the rules core.

    Raises RecordError (naming the line) for: no or unknown ``Game``, malformed or
    repeated headers, bad ``Variant``/``SetUp``/``ToMove``/``Result``/``Reason`` values,
    headers after the moves, malformed tokens, refused moves, moves after the end, and a
    ``Result`` that contradicts what the rules core says about the moves.
    """
    if not isinstance(text, str):
        raise RecordError("a record must be text")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()

    header_lines: dict[str, int] = {}
    values: dict[str, str] = {}
    headers: dict[str, str] = {}
    seen: dict[str, int] = {}  # header name in lower case -> line
    body: list[tuple[int, str, bool]] = []  # (line number, token or comment, is a comment)
    in_moves = False
    comment: tuple[list[str], int] | None = None   # a {comment} still open: pieces, line
    for lineno, raw in enumerate(lines, start=1):
        if comment is not None:        # inside a {comment} opened on an earlier line
            comment = _scan_moves(raw, lineno, body, comment)
            continue
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            if in_moves:
                raise RecordError("a header after the moves (headers must come first)", lineno)
            m = _HEADER_RE.match(line)
            if not m:
                raise RecordError(f'malformed header {_clip(line)!r} (expected [Name "value"])',
                                  lineno)
            key, value = m.group(1), _unescape(m.group(2))
            canon = next((h for h in _FIELD_HEADERS if h.lower() == key.lower()), key)
            first = seen.get(canon.lower())
            if first is not None:
                raise RecordError(f"header {canon} is given twice (first on line {first})", lineno)
            if not header_lines and canon != "Game":
                raise RecordError(f'the record must start with a [Game "..."] header, not {canon}',
                                  lineno)
            header_lines[canon] = lineno
            seen[canon.lower()] = lineno
            if canon in _FIELD_HEADERS:
                values[canon] = value
            else:
                headers[canon] = value
            continue
        if not header_lines:
            raise RecordError('the record must start with a [Game "..."] header', lineno)
        in_moves = True
        comment = _scan_moves(line, lineno, body, None)
    if comment is not None:
        raise RecordError("a comment opened with { is not closed with }", comment[1])

    if "Game" not in values:
        raise RecordError('empty record: no [Game "..."] header', 1 if not lines else len(lines))

    name = values["Game"].strip().lower()
    if name not in GAME_NAMES:
        raise RecordError(f"unknown game {values['Game']!r}: choose one of {', '.join(GAME_NAMES)}",
                          header_lines["Game"])

    options = _parse_options(name, values.get("Variant", ""), header_lines.get("Variant", 0))

    to_move = Color.BLACK
    if "ToMove" in values:
        if "SetUp" not in values:
            raise RecordError("ToMove is only used with a SetUp position", header_lines["ToMove"])
        try:
            to_move = Color.parse(values["ToMove"])
        except ValueError as e:
            raise RecordError(f"ToMove: {e}", header_lines["ToMove"]) from None
    setup = values.get("SetUp")
    setup_options: dict[str, Any] = {}
    if "SetUpOptions" in values:
        so_line = header_lines["SetUpOptions"]
        if setup is None:
            raise RecordError("SetUpOptions is only used with a SetUp position", so_line)
        setup_options = _parse_literal_options(values["SetUpOptions"], so_line)
        for key in setup_options:
            if key in options:
                raise RecordError(f"SetUpOptions: {key} is already given in Variant", so_line)

    claimed, result_line = _parse_result_headers(values, header_lines)

    game = _start_game(name, options, setup, to_move, setup_options,
                       header_lines.get("Variant"), header_lines.get("SetUp"))
    options = dict(game.options())  # canonical: every option, defaults included
    if setup is not None:
        setup = game.position_text()  # canonical

    moves: list[str] = []
    comments: dict[int, list[str]] = {}
    for lineno, token, is_comment in body:
        if is_comment:
            text = " ".join(token.split())
            if text:
                comments.setdefault(len(moves), []).append(text)
            continue
        m = _NUMBER_RE.match(token)
        if m:
            token = m.group(2)
            if not token:
                continue
        if len(token) > _MAX_TOKEN or not _TOKEN_RE.match(token):
            raise RecordError(f"move {len(moves) + 1}: malformed token {_clip(token)!r}", lineno)
        n = len(moves) + 1
        if game.result is not None:
            raise RecordError(f"move {n} {token!r} comes after the end of the game "
                              f"({game.result.describe()})", lineno)
        try:
            move = game.parse_move(token)
            rec = game.record_str(move)
            game.play(move)
        except RulesError as e:
            raise RecordError(f"move {n} {token!r} refused: {e}", lineno) from None
        moves.append(rec)

    if "Plies" in values:
        pl = header_lines["Plies"]
        if not re.match(r"^\d{1,7}$", values["Plies"].strip()):
            raise RecordError(f"Plies must be a number of moves, not {_clip(values['Plies'])!r}", pl)
        want = int(values["Plies"])
        if want != len(moves):
            at = body[-1][0] if body else pl
            raise RecordError(f"the record has {len(moves)} moves but its Plies header (line {pl}) "
                              f"says {want}: is the file cut short or edited?", at)
    result = _check_result(game, claimed, result_line)
    return Record(game=name, options=options, headers=headers, moves=moves, result=result,
                  setup=setup, to_move=to_move, setup_options=setup_options, comments=comments)


def _scan_moves(text: str, lineno: int, body: list[tuple[int, str, bool]],
               open_comment: tuple[list[str], int] | None) -> tuple[list[str], int] | None:
    """Split one line of the move section into tokens and ``{comments}``, appended to body.

    ``open_comment`` is a comment still open from an earlier line: its pieces and the line
    it opened on (None: none). Returns the comment left open at the end of this line, if any.
    A comment is put in body with the line it opened on.
    """
    i, n = 0, len(text)
    while i < n:
        if open_comment is not None:
            pieces, first = open_comment
            j = text.find("}", i)
            if j < 0:
                pieces.append(text[i:])
                return open_comment
            pieces.append(text[i:j])
            body.append((first, " ".join(pieces), True))
            open_comment = None
            i = j + 1
            continue
        j = i
        while j < n and text[j] not in "{}":
            j += 1
        for token in text[i:j].split():
            body.append((lineno, token, False))
        if j >= n:
            break
        if text[j] == "}":
            raise RecordError("a } without a { before it (comments are written {like this})",
                              lineno)
        open_comment = ([], lineno)
        i = j + 1
    return open_comment


def _clip(s: str, n: int = 30) -> str:
    return s if len(s) <= n else s[:n] + "…"


_UNSET = object()


def _parse_result_headers(values: dict[str, str], header_lines: dict[str, int]) -> tuple[Any, int | None]:
    """The claimed result: _UNSET (no Result header), None ('*') or a Result."""
    if "Result" not in values:
        if "Reason" in values:
            raise RecordError("a Reason header needs a Result header", header_lines["Reason"])
        return _UNSET, None
    line = header_lines["Result"]
    word = values["Result"].strip().lower()
    if word not in RESULT_WORDS:
        raise RecordError(f"Result must be black, white, draw or *, not {values['Result']!r}", line)
    reason = values.get("Reason", "").strip().lower()
    if word == "*":
        if reason:
            raise RecordError("an unfinished game (Result *) has no Reason", header_lines["Reason"])
        return None, line
    if not reason:
        raise RecordError(f"Result {word} needs a Reason header (e.g. resign)", line)
    if not re.match(r"^[a-z][a-z-]{0,39}$", reason):
        raise RecordError(f"Reason {values['Reason']!r} is not a reason word", header_lines["Reason"])
    winner = None if word == "draw" else Color.parse(word)
    if reason == "resign" and winner is None:
        raise RecordError("a resignation cannot be a draw", line)
    return Result(winner, reason), line


def _check_result(game: Game, claimed: Any, line: int | None) -> Result | None:
    core = game.result
    if claimed is _UNSET:
        return core
    if core is not None:
        if claimed != core:
            raise RecordError(f"Result says {_describe(claimed)}, but the moves end the game: "
                              f"{core.describe()}", line)
        return core
    if claimed is None:
        return None
    if claimed.reason not in UI_REASONS:
        raise RecordError(f"Result says {claimed.describe()}, but after the moves the game is not "
                          f"over (is the record cut short?)", line)
    if claimed.reason == "agreement":
        agreed = _core_agreement(game)
        if agreed is not None and agreed != claimed:
            raise RecordError(f"Result says {claimed.describe()}, but by the {game.name} rules an "
                              f"agreement here gives {agreed.describe()}", line)
    return claimed


# ---------------------------------------------------------------- formatting
def format_record(record: Record) -> str:
    """The record as text (headers, a blank line, two moves per numbered line)."""
    out = [f'[Game "{_escape(record.game)}"]']
    if record.options:
        out.append(f'[Variant "{_escape(_format_options(record.options))}"]')
    extra = {k: v for k, v in record.headers.items()
             if k.lower() not in (h.lower() for h in _FIELD_HEADERS) and _HEADER_KEY_RE.match(k)}
    for key in ("Black", "White", "Date"):
        if key in extra:
            out.append(f'[{key} "{_escape(extra.pop(key))}"]')
    for key, value in extra.items():
        out.append(f'[{key} "{_escape(value)}"]')
    out.append(f'[Result "{record.result_word}"]')
    if record.result is not None:
        out.append(f'[Reason "{_escape(record.result.reason)}"]')
    if record.setup is not None:
        out.append(f'[SetUp "{_escape(record.setup)}"]')
        out.append(f'[ToMove "{record.to_move.word}"]')
        if record.setup_options:
            out.append(f'[SetUpOptions "{_escape(_format_options(record.setup_options))}"]')
    out.append(f'[Plies "{len(record.moves)}"]')
    out.append("")
    moves = record.moves
    notes = _comment_texts(record.comments, len(moves))
    if not notes:
        for i in range(0, len(moves), 2):
            out.append(f"{i // 2 + 1}. " + " ".join(moves[i:i + 2]))
        return "\n".join(out) + "\n"
    if notes.get(0):
        out.append(" ".join(notes[0]))
    for i in range(0, len(moves), 2):
        words = []
        for ply in range(i + 1, min(i + 2, len(moves)) + 1):
            words.append(moves[ply - 1])
            words.extend(notes.get(ply, ()))
        out.append(f"{i // 2 + 1}. " + " ".join(words))
    return "\n".join(out) + "\n"


def _comment_texts(comments: Mapping[int, Sequence[str]] | None, plies: int) -> dict[int, list[str]]:
    """``{text}`` forms of the comments of plies 0..plies (others are ignored), by ply."""
    out: dict[int, list[str]] = {}
    for ply, texts in (comments or {}).items():
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= plies:
            continue
        if isinstance(texts, str):
            texts = [texts]
        for text in texts:
            clean = " ".join(str(text).replace("}", ")").split())
            if clean:
                out.setdefault(ply, []).append("{" + clean + "}")
    return out


_HEADER_KEY_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")


def record_from_game(game: Game, players: Sequence[str] | Mapping[Any, str],
                     date: Any, ui_result: Result | None = None,
                     headers: Mapping[str, str] | None = None) -> Record:
    """A record of ``game`` (its whole history, from its start position).

    ``players``: the names at Black and White at the start, as ``(black, white)`` or a
    mapping keyed by Color or ``"black"``/``"white"``. ``date``: a ``datetime.date`` (or
    datetime: its day is used) or text; this module reads no clock, the caller passes it.
    ``ui_result``: a UI-level ending (resign, or an agreement the rules core does not
    define), used when the rules core's result is None. ``headers``: extra headers.
    """
    if isinstance(players, Mapping):
        def who(c: Color) -> str:
            for k in (c, c.word, c.title, int(c)):
                if k in players:
                    return str(players[k])
            return ""
        black, white = who(Color.BLACK), who(Color.WHITE)
    else:
        black, white = (str(players[0]), str(players[1])) if len(players) >= 2 else ("", "")
    date_text = _date_text(date)

    options = dict(game.options())
    played = game.moves_played()
    start = game.copy()
    for _ in range(len(played)):
        start.undo()
    if start.result is not None and start.result.reason == "agreement":
        start = _without_agreement(start)
    fresh = type(game).new(**options)
    setup: str | None = None
    to_move = Color.BLACK
    setup_options: dict[str, Any] = {}
    if not _same_state(start, fresh):
        setup = start.position_text()
        to_move = start.to_move
        fresh, setup_options = _rebuild_setup(start, setup, options)
    moves: list[str] = []
    for m in played:
        moves.append(fresh.record_str(m))
        fresh.play(m)

    result = game.result
    if result is None:
        result = ui_result
    elif ui_result is not None and ui_result != result:
        raise RecordError(f"the game already ended ({result.describe()}); "
                          f"it cannot also end with {ui_result.describe()}")
    hdrs: dict[str, str] = {"Black": black, "White": white, "Date": date_text}
    for k, v in (headers or {}).items():
        if k not in hdrs and k.lower() not in (h.lower() for h in _FIELD_HEADERS):
            hdrs[str(k)] = str(v)
    return Record(game=game.name, options=options, headers=hdrs, moves=moves, result=result,
                  setup=setup, to_move=to_move, setup_options=setup_options)


def _date_text(date: Any) -> str:
    """ISO day of a date or datetime (duck-typed: this module imports no clock), or str()."""
    day = getattr(date, "date", None)
    if callable(day):  # a datetime
        date = day()
    iso = getattr(date, "isoformat", None)
    return str(iso()) if callable(iso) else str(date)


# Options of ``from_position`` that ``position_text()`` does not carry, tried in turn when
# recording a game that began from a set-up position: the first that reproduces the state
# is written as SetUpOptions. (Onyx: moves already made, for the pie rule; Onager: the
# lake phase.)
_SETUP_EXTRAS: dict[str, list[dict[str, Any]]] = {
    "onyx": [{}, {"plies": 1}, {"plies": 2}],
    "onager": [{}, {"setup": True}],
}


def _without_agreement(game: Game) -> Game:
    """Take back an ending by agreement on our own copy (Amoeba, Onager: cancel_agreement)."""
    cancel = getattr(game, "cancel_agreement", None)
    if callable(cancel):
        try:
            cancel()
        except RulesError:
            pass
    return game


def _same_state(a: Game, b: Game) -> bool:
    """Same position, side, result and behaviour one move ahead (e.g. the pie rule's swap)."""
    if (a.key() != b.key() or a.to_move != b.to_move or a.result != b.result
            or getattr(a, "swapped", False) != getattr(b, "swapped", False)
            or a.position_text() != b.position_text()):
        return False
    if a.result is not None:
        return True
    la, lb = a.legal_strs(), b.legal_strs()
    if la != lb:
        return False
    if not la:
        return True
    a2, b2 = a.copy(), b.copy()
    a2.play(a2.parse_move(la[0]))
    b2.play(b2.parse_move(la[0]))
    return a2.key() == b2.key() and a2.legal_strs() == b2.legal_strs()


def _rebuild_setup(start: Game, setup: str, options: dict[str, Any]) -> tuple[Game, dict[str, Any]]:
    """A game from ``from_position`` equal to ``start``, and the extra options it needed."""
    cls = type(start)
    extras = [dict(e) for e in _SETUP_EXTRAS.get(start.name, [{}])]
    if getattr(start, "swapped", False):
        for e in extras:
            e["swapped"] = True
    first: tuple[Game, dict[str, Any]] | None = None
    for extra in extras:
        try:
            g = cls.from_position(setup, start.to_move, **options, **extra)
        except (RulesError, ValueError, TypeError):
            continue
        if first is None:
            first = (g, extra)
        if _same_state(g, start):
            return g, extra
    if first is None:
        raise RecordError(f"the start position of this {start.name} game cannot be written "
                          f"as a SetUp header ({setup!r} is refused by from_position)")
    return first
