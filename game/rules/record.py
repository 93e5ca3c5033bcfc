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
    2... c3**
    3. d4 e5

Headers come first, one per line, as ``[Name "value"]`` (``\\"`` and ``\\\\`` escape a quote
and a backslash). Known headers:

- ``Game`` (required, first): ``amoeba``, ``onyx`` or ``onager``.
- ``Variant``: the game's options as ``key=value`` words (``game.options()``); omitted when
  the game has none. Booleans are ``true``/``false`` (``yes``/``no``, ``on``/``off`` accepted).
- ``Black`` / ``White``: who played each colour in the game (after an Onyx ``swap`` the
  player who moved first plays White, and is named as White).
- ``Date``: free text, normally ``YYYY-MM-DD``.
- ``Result``: ``black``, ``white``, ``draw`` or ``*`` (not finished); ``Reason``: the reason
  (the rules core's, or a UI-level ``resign`` / ``agreement`` / ``time``).
- ``TimeControl``: a game played with clocks, as PGN writes it (``"300+3"``: seconds, plus
  seconds a move); each move's remaining time is then a ``{[%clk 0:04:57]}`` comment after it
  (``game.clock``). Kept like any other header.
- ``SetUp`` and ``ToMove``: for a game that started from a set-up position
  (``Game.position_text()`` and ``black``/``white``); ``SetUpOptions``: further
  ``from_position`` options as ``key=value`` words (Onyx ``plies``/``swapped``, Onager
  ``setup=true`` for a position in the lake phase).
- ``Plies``: the number of moves (written by ``format_record``, checked when present, so a
  file cut short at a line break is still caught). A file may end without a line break after
  its last move (``2. f8 i1``): that move is a whole move, read the same by every reader;
  only with a ``Plies`` header (the program's files end with a line break) is a last move
  that begins a longer one (``f1`` of ``f12``) taken as cut there.

Any other header is kept as it is, in its order (``format_record`` writes ``Game`` and
``Variant`` first, then the others as given, then ``Result``, ``Reason``, the set-up and
``Plies``). After the headers come the moves, whitespace separated,
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

Variations, as in PGN: ``( ... )`` after a move holds alternatives to that move (played from
the same position), nested as deep as needed, with ``{comments}`` inside, e.g.
``1. c3-d4 (1. e3-d3 d5-d4 {idea}) 1... e3-d3 (1... e2-e3 (1... e4-e5))``. They land in
``Record.tree`` (a :class:`~game.rules.tree.GameTree` whose main line is ``Record.moves``);
``game.rules.record_tree`` reads and writes the move section.

Move numbers come from ``game.rules.numbering``: one numbered row a line (``12. b w``; after
the Onyx pie rule's ``swap`` White's next ply is a row of its own: ``1. f6 swap`` ``2... c3**``); a game
that starts with White to move begins ``1... w``; Onager's three lakes are one row written
``Lakes: c3 c5 h5``, the numbered moves start after them. Inside and right after a variation a
ply gets its number again (``3... e3-d3``). ``Lakes:`` labels are ignored on input, like numbers.

``parse_record`` replays every move through the rules core, so a record that parses is a
legal game. Every problem raises :class:`RecordError` naming the line; with ``recover=True`` a
damaged move section (cut short, a refused move, garbage) loads up to its last good main-line
move instead, and the record says what was lost (``error``, ``recovered_plies``).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from . import GAME_NAMES, game_class
from .base import Color, Game, Reason, Result, RulesError
from .record_tree import (RecordError, main_nodes, main_slots, read_moves, rebuild_tree, result_of_line,
                          scan_line, slot_facts, stop_slot, stop_words, write_moves)
from .numbering import Slot, next_slot
from .tree import GameTree

__all__ = ["Record", "RecordError", "RecordNote", "parse_record", "format_record", "record_from_game",
           "record_from_tree", "UI_REASONS", "RESULT_WORDS"]

#: Endings decided outside the rules core (the rules core never produces these itself,
#: except Amoeba's and Onager's ``end_by_agreement``, which a record checks on replay).
UI_REASONS = (Reason.RESIGN, Reason.AGREEMENT, Reason.TIME)   # endings the players make, not the rules
RESULT_WORDS = ("black", "white", "draw", "*")

# Headers that map to Record fields (everything else lands in Record.headers).
_FIELD_HEADERS = ("Game", "Variant", "Result", "Reason", "SetUp", "ToMove", "SetUpOptions",
                  "Plies")
_HEADER_RE = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_OPTION_KEY_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_INT_RE = re.compile(r"^[+-]?\d{1,9}$")
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


@dataclass(frozen=True)
class RecordNote:
    """What a damaged record lost when it was read with ``recover=True``, as values for the
    interface to word (``Record.error`` says it in English for logs and the command line).

    ``kind``: 'stopped' (the moves stop at ``at``, the ply that could not be read: a ``Slot``),
    'result-damaged' (the Result header cannot be read and is dropped) or 'result-dropped'
    (it does not fit the moves); ``line``: the line of the problem (None: not tied to one);
    ``problem``: the ``RecordError`` behind it as ``(kind, facts, category)``.
    """

    kind: str
    line: int | None
    problem: tuple[str, dict[str, Any], str]
    at: Slot | None = None


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
    ``tree``: the whole game tree with its variations (set by ``parse_record`` and
    ``record_from_tree``; None otherwise); its main line is ``moves`` and its main-line
    comments are ``comments``, which ``format_record`` writes from ``moves``/``comments``.
    ``error`` and ``recovered_plies``: set by ``parse_record(text, recover=True)`` when the
    text was damaged: what stopped the reading (English) and the plies kept; ``note`` says the
    same as values (``RecordNote``), for the interface.
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
    tree: GameTree | None = field(default=None, compare=False, repr=False)
    error: str | None = field(default=None, compare=False)
    recovered_plies: int | None = field(default=None, compare=False)
    note: RecordNote | None = field(default=None, compare=False)

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
        slot: Slot | None = None
        for text in moves:
            slot = next_slot(slot, game.turn_phase(), game.to_move)
            try:
                game.play(game.parse_move(text))
            except RulesError as e:
                raise RecordError(f"{slot.ref()} {text!r} refused: {e}", kind="move-refused", move=text,
                                  cause=e.value(), **slot_facts(slot)) from None
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
        raise RecordError(f"cannot build a default {name} game: {e}", line, kind="variant") from None
    out: dict[str, Any] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq or not _OPTION_KEY_RE.match(key) or not value:
            raise RecordError(f"Variant: expected key=value words, not {word!r}", line, kind="variant",
                              why="form", text=_clip(word))
        if key in out:
            raise RecordError(f"Variant: option {key} is given twice", line, kind="variant", why="twice", key=key)
        if key not in defaults:
            known = ", ".join(sorted(defaults)) or "none"
            raise RecordError(f"Variant: {name} has no option {key!r} (its options: {known})", line,
                              kind="variant", why="unknown", key=key, game=name)
        try:
            out[key] = _coerce(key, value, defaults[key])
        except ValueError as e:
            default = defaults[key]
            wants = "bool" if isinstance(default, bool) else "int" if isinstance(default, int) else "number"
            raise RecordError(f"Variant: {e}", line, kind="variant", why=wants, key=key, text=_clip(value)) from None
    return out


def _parse_literal_options(text: str, line: int) -> dict[str, Any]:
    """``key=value`` words; true/false become booleans and whole numbers ints."""
    out: dict[str, Any] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq or not _OPTION_KEY_RE.match(key) or not value:
            raise RecordError(f"SetUpOptions: expected key=value words, not {_clip(word)!r}", line,
                              kind="setup-header")
        if key in out:
            raise RecordError(f"SetUpOptions: option {key} is given twice", line, kind="setup-header")
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
        raise RecordError(f"unknown game {name!r}: choose one of {', '.join(GAME_NAMES)}", kind="unknown-game",
                          text=name)
    cls = game_class(name)
    if setup is None:
        try:
            return cls.new(**options)
        except (RulesError, ValueError, TypeError) as e:
            raise RecordError(f"Variant refused by the {name} rules: {e}", variant_line, kind="variant", game=name,
                              cause=e.value() if isinstance(e, RulesError) else None) from None
    try:
        return cls.from_position(setup, to_move, **options, **setup_options)
    except (RulesError, ValueError, TypeError) as e:
        raise RecordError(f"SetUp position refused by the {name} rules: {e}", setup_line, kind="setup", game=name,
                          cause=e.value() if isinstance(e, RulesError) else None) from None


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
    if result is None or result.reason != Reason.AGREEMENT or game.result is not None:
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
def parse_record(text: str, recover: bool = False) -> Record:
    """Read a record and replay every move (variations too) through the rules core.

    Raises RecordError (naming the line) for: no or unknown ``Game``, malformed or
    repeated headers, bad ``Variant``/``SetUp``/``ToMove``/``Result``/``Reason`` values,
    headers after the moves, malformed tokens, refused moves (in variations too), moves
    after the end, unbalanced or empty ``( )``, and a ``Result`` that contradicts what the
    rules core says about the moves.

    ``recover=True``: a damaged move section (cut in the middle, a refused move, a wrong
    ``Plies`` count, an unclosed ``{`` or ``(``, garbage after good moves) loads up to its
    last good main-line move; ``Record.error`` says where and why it stopped, in a player's
    words, and ``Record.recovered_plies`` how many plies were kept (None: nothing lost). A
    ``Result`` that does not fit the kept moves is dropped. Headers that do not tell the
    game (no or unknown ``Game``, a bad ``Variant`` or ``SetUp``, ...) still raise.
    """
    if not isinstance(text, str):
        raise RecordError("a record must be text", kind="not-text")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()

    header_lines: dict[str, int] = {}
    values: dict[str, str] = {}
    headers: dict[str, str] = {}
    seen: dict[str, int] = {}  # header name in lower case -> line
    body: list[tuple[int, str, str]] = []  # (line number, kind, text): see record_tree
    in_moves = False
    blank_after_headers = False
    stop: RecordError | None = None           # where a damaged move section stops (recover)
    comment: tuple[list[str], int] | None = None   # a {comment} still open: pieces, line
    for lineno, raw in enumerate(lines, start=1):
        try:
            if comment is not None:        # inside a {comment} opened on an earlier line
                comment = scan_line(raw, lineno, body, comment)
                continue
            line = raw.strip()
            if not line or line.startswith("#"):
                if header_lines and not line:
                    blank_after_headers = True
                continue
            if line.startswith("[") and in_moves:
                raise RecordError("a header after the moves (headers must come first)", lineno,
                                  plain="a header line after the moves", kind="header-after-moves")
        except RecordError as e:
            if not recover:
                raise
            stop, comment = e, None
            break
        if line.startswith("["):
            m = _HEADER_RE.match(line)
            if not m:
                raise RecordError(f'malformed header {_clip(line)!r} (expected [Name "value"])',
                                  lineno, kind="bad-header")
            key, value = m.group(1), _unescape(m.group(2))
            canon = next((h for h in _FIELD_HEADERS if h.lower() == key.lower()), key)
            first = seen.get(canon.lower())
            if first is not None:
                raise RecordError(f"header {canon} is given twice (first on line {first})", lineno,
                                  kind="header-twice", name=canon)
            if not header_lines and canon != "Game":
                raise RecordError(f'the record must start with a [Game "..."] header, not {canon}',
                                  lineno, kind="no-game")
            header_lines[canon] = lineno
            seen[canon.lower()] = lineno
            if canon in _FIELD_HEADERS:
                values[canon] = value
            else:
                headers[canon] = value
            continue
        if not header_lines:
            raise RecordError('the record must start with a [Game "..."] header', lineno, kind="no-game")
        in_moves = True
        try:
            comment = scan_line(line, lineno, body, None)
        except RecordError as e:
            if not recover:
                raise
            stop = e
            break
    if comment is not None:
        unclosed = RecordError("a comment opened with { is not closed with }", comment[1],
                               plain="a comment opened with { is not closed", kind="unclosed-comment")
        if not recover:
            raise unclosed
        stop = unclosed

    if "Game" not in values:
        raise RecordError('empty record: no [Game "..."] header', 1 if not lines else len(lines), kind="no-game")

    name = values["Game"].strip().lower()
    if name not in GAME_NAMES:
        raise RecordError(f"unknown game {values['Game']!r}: choose one of {', '.join(GAME_NAMES)}",
                          header_lines["Game"], kind="unknown-game", text=_clip(values["Game"]))

    options = _parse_options(name, values.get("Variant", ""), header_lines.get("Variant", 0))

    to_move = Color.BLACK
    if "ToMove" in values:
        if "SetUp" not in values:
            raise RecordError("ToMove is only used with a SetUp position", header_lines["ToMove"],
                              kind="setup-header")
        try:
            to_move = Color.parse(values["ToMove"])
        except ValueError as e:
            raise RecordError(f"ToMove: {e}", header_lines["ToMove"], kind="setup-header") from None
    setup = values.get("SetUp")
    setup_options: dict[str, Any] = {}
    if "SetUpOptions" in values:
        so_line = header_lines["SetUpOptions"]
        if setup is None:
            raise RecordError("SetUpOptions is only used with a SetUp position", so_line, kind="setup-header")
        setup_options = _parse_literal_options(values["SetUpOptions"], so_line)
        for key in setup_options:
            if key in options:
                raise RecordError(f"SetUpOptions: {key} is already given in Variant", so_line, kind="setup-header")

    headers_cut = (recover and not in_moves and stop is None and not blank_after_headers
                   and "Plies" not in values)
    if headers_cut and setup is not None and "ToMove" not in values:
        raise RecordError("the file stops in its headers: the SetUp position has no ToMove",
                          max(header_lines.values()), kind="cut-headers")

    result_note: str | None = None
    note: RecordNote | None = None
    try:
        claimed, result_line = _parse_result_headers(values, header_lines)
    except RecordError as e:
        if not recover:
            raise
        claimed, result_line = _UNSET, None
        result_note = f"the Result header (line {e.line}) is damaged and is dropped: {e.problem}"
        note = RecordNote("result-damaged", e.line, e.value())

    game = _start_game(name, options, setup, to_move, setup_options,
                       header_lines.get("Variant"), header_lines.get("SetUp"))
    options = dict(game.options())  # canonical: every option, defaults included
    if setup is not None:
        setup = game.position_text()  # canonical

    # the file ends right after a move token (no line break): a token that is no move but the
    # start of one was cut there; one that is a move is a whole move, unless the record has a
    # Plies header (the program writes one, and a line break after the moves, so such a file
    # was cut short: 'f1' may be what is left of 'f12')
    tail_cut = (stop is None and bool(text) and not text[-1].isspace() and bool(body)
                and body[-1][1] == "move" and body[-1][0] == len(lines)
                and lines[-1].endswith(body[-1][2]))
    read = read_moves(game, body, recover, tail_cut, strict_tail=tail_cut and "Plies" in values)
    game, moves = read.game, read.moves
    stop = read.stop or stop
    lost = stop is not None

    if "Plies" in values:
        pl = header_lines["Plies"]
        problem, plain = None, None
        kind = ""                                  # the problem as values (RecordError)
        facts: dict[str, Any] = {}
        if not re.match(r"^\d{1,7}$", values["Plies"].strip()):
            problem = f"Plies must be a number of moves, not {_clip(values['Plies'])!r}"
            plain, at = "its Plies header is not a number", pl
            kind = "plies-not-a-number"
        elif int(values["Plies"]) != len(moves) and not lost:
            want = int(values["Plies"])
            problem = (f"the record has {len(moves)} moves but its Plies header (line {pl}) "
                       f"says {want}: is the file cut short or edited?")
            plain = f"the file has {len(moves)} plies but its Plies header says {want}"
            at = body[-1][0] if body else pl
            kind, facts = "plies", {"n": len(moves), "want": want}
        if problem is not None:
            if not recover:
                raise RecordError(problem, at, kind=kind, **facts)
            stop = stop or RecordError(problem, at, plain=plain, kind=kind, **facts)
    elif headers_cut:
        stop = RecordError("the file ends after its headers, with no moves and no Plies header",
                           max(header_lines.values()),
                           plain="the file ends after its headers (is it cut short?)", kind="cut-headers")

    error: str | None = result_note
    recovered: int | None = None
    if stop is not None:
        recovered = len(moves)
        where = "" if stop.line is None else f" (line {stop.line})"
        error = f"the file stops at {stop_words(read)}{where}: {stop.plain or stop.problem}"
        note = RecordNote("stopped", stop.line, stop.value(), stop_slot(read))
        result = game.result            # only the rules core can still be trusted
    else:
        try:
            result = _check_result(game, claimed, result_line)
        except RecordError as e:
            if not recover:
                raise
            result = game.result
            error = (f"the Result header (line {e.line}) does not fit the moves and is dropped: "
                     f"{e.problem}")
            note = RecordNote("result-dropped", e.line, e.value())
    tree = read.tree
    comments = {0: list(tree.root.comments)} if tree.root.comments else {}
    for ply, node in enumerate(tree.root.main_line(), start=1):
        if node.comments:
            comments[ply] = list(node.comments)
    return Record(game=name, options=options, headers=headers, moves=moves, result=result,
                  setup=setup, to_move=to_move, setup_options=setup_options, comments=comments,
                  tree=tree, error=error, recovered_plies=recovered, note=note)


def _clip(s: str, n: int = 30) -> str:
    return s if len(s) <= n else s[:n] + "…"


_UNSET = object()


def _parse_result_headers(values: dict[str, str], header_lines: dict[str, int]) -> tuple[Any, int | None]:
    """The claimed result: _UNSET (no Result header), None ('*') or a Result."""
    if "Result" not in values:
        if "Reason" in values:
            raise RecordError("a Reason header needs a Result header", header_lines["Reason"], kind="result-header")
        return _UNSET, None
    line = header_lines["Result"]
    word = values["Result"].strip().lower()
    if word not in RESULT_WORDS:
        raise RecordError(f"Result must be black, white, draw or *, not {values['Result']!r}", line,
                          kind="result-header")
    reason = values.get("Reason", "").strip().lower()
    if word == "*":
        if reason:
            raise RecordError("an unfinished game (Result *) has no Reason", header_lines["Reason"],
                              kind="result-header")
        return None, line
    if not reason:
        raise RecordError(f"Result {word} needs a Reason header (e.g. resign)", line, kind="result-header")
    if not re.match(r"^[a-z][a-z-]{0,39}$", reason):
        raise RecordError(f"Reason {values['Reason']!r} is not a reason word", header_lines["Reason"],
                          kind="result-header")
    winner = None if word == "draw" else Color.parse(word)
    if reason == Reason.RESIGN and winner is None:
        raise RecordError("a resignation cannot be a draw", line, kind="result-header")
    if reason == Reason.TIME and winner is None:
        raise RecordError("a game lost on time has a winner, not a draw", line, kind="result-header")
    return Result(winner, reason), line


def _check_result(game: Game, claimed: Any, line: int | None) -> Result | None:
    core = game.result
    if claimed is _UNSET:
        return core
    if core is not None:
        if claimed != core:
            raise RecordError(f"Result says {_describe(claimed)}, but the moves end the game: "
                              f"{core.describe()}", line, kind="result")
        return core
    if claimed is None:
        return None
    if claimed.reason not in UI_REASONS:
        raise RecordError(f"Result says {claimed.describe()}, but after the moves the game is not "
                          f"over (is the record cut short?)", line, kind="result")
    if claimed.reason == Reason.AGREEMENT:
        agreed = _core_agreement(game)
        if agreed is not None and agreed != claimed:
            raise RecordError(f"Result says {claimed.describe()}, but by the {game.name} rules an "
                              f"agreement here gives {agreed.describe()}", line, kind="result")
    return claimed


# ---------------------------------------------------------------- formatting
def format_record(record: Record) -> str:
    """The record as text: headers, a blank line, one numbered row of moves a line.

    The main line comes from ``record.moves`` and ``record.comments``; the variations from
    ``record.tree`` (where its main line agrees with ``record.moves``), written after the move
    they are alternatives to.
    """
    out = [f'[Game "{_escape(record.game)}"]']
    if record.options:
        out.append(f'[Variant "{_escape(_format_options(record.options))}"]')
    for key, value in record.headers.items():      # in the order given: a record keeps its own
        if key.lower() not in (h.lower() for h in _FIELD_HEADERS) and _HEADER_KEY_RE.match(key):
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
    moves = list(record.moves)
    nodes = main_nodes(record.tree, moves)
    start: Game | None = None
    if moves and len(nodes) < len(moves):      # a tree's moves know their slots already
        try:
            start = record.start()
        except RecordError:
            start = None

    def variations(i: int) -> list[Any]:
        if i >= len(nodes):
            return []
        parent = nodes[i].parent
        return parent.children[1:] if parent is not None else []

    slots: Sequence[Slot]
    if moves and len(nodes) == len(moves):
        slots = [n.slot for n in nodes if n.slot is not None]
        if len(slots) != len(nodes):
            slots = main_slots(start, moves, record.to_move)
    else:
        slots = main_slots(start, moves, record.to_move)
    out.extend(write_moves(moves, record.comments, slots, variations))
    return "\n".join(out) + "\n"


_HEADER_KEY_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")


def record_from_game(game: Game, players: Sequence[str] | Mapping[Any, str],
                     date: Day | str, ui_result: Result | None = None,
                     headers: Mapping[str, str] | None = None) -> Record:
    """A record of ``game`` (its whole history, from its start position).

    ``players``: the names at Black and White at the start, as ``(black, white)`` or a
    mapping keyed by Color or ``"black"``/``"white"``. ``date``: a ``datetime.date`` (or
    datetime: its day is used) or text; this module reads no clock, the caller passes it.
    ``ui_result``: a UI-level ending (resign, or an agreement the rules core does not
    define), used when the rules core's result is None. ``headers``: extra headers.
    """
    black, white = _player_names(players)
    date_text = _date_text(date)

    played = game.moves_played()
    start = game.copy()
    for _ in range(len(played)):
        start.undo()
    fresh, setup, to_move, setup_options = _start_of(start)
    moves: list[str] = []
    for m in played:
        moves.append(fresh.record_str(m))
        fresh.play(m)
    result = result_of_line(game, ui_result)
    return Record(game=game.name, options=dict(game.options()),
                  headers=_headers(black, white, date_text, headers), moves=moves, result=result,
                  setup=setup, to_move=to_move, setup_options=setup_options)


def record_from_tree(start: Game, tree: GameTree, players: Sequence[str] | Mapping[Any, str],
                     date: Day | str, ui_result: Result | None = None,
                     headers: Mapping[str, str] | None = None) -> Record:
    """A record of a whole game tree (main line and variations) from its start position.

    ``start`` is the game at the tree's root (not changed); ``players``, ``date``,
    ``headers``: as for :func:`record_from_game`. Every move of the tree is replayed through
    the rules core (RecordError names a refused one) and described canonically; the comments
    are kept. The result is the rules core's at the end of the main line, else ``ui_result``,
    else the ending recorded on the main line's last node. ``Record.tree`` is the replayed
    copy (the given tree is not changed or kept).
    """
    black, white = _player_names(players)
    first, setup, to_move, setup_options = _start_of(start.copy())
    new, end = rebuild_tree(first, tree)
    main = new.main_line()
    moves = [n.played.record for n in main]
    comments = {0: list(new.root.comments)} if new.root.comments else {}
    for ply, node in enumerate(main, start=1):
        if node.comments:
            comments[ply] = list(node.comments)
    if ui_result is None and end.result is None:
        ui_result = tree.root.end().ending
    result = result_of_line(end, ui_result)
    return Record(game=start.name, options=dict(start.options()),
                  headers=_headers(black, white, _date_text(date), headers), moves=moves,
                  result=result, setup=setup, to_move=to_move, setup_options=setup_options,
                  comments=comments, tree=new)


def _player_names(players: Sequence[str] | Mapping[Any, str]) -> tuple[str, str]:
    if isinstance(players, Mapping):
        def who(c: Color) -> str:
            for k in (c, c.word, c.title, int(c)):
                if k in players:
                    return str(players[k])
            return ""
        return who(Color.BLACK), who(Color.WHITE)
    return (str(players[0]), str(players[1])) if len(players) >= 2 else ("", "")


def _headers(black: str, white: str, date_text: str,
             headers: Mapping[str, str] | None) -> dict[str, str]:
    hdrs: dict[str, str] = {"Black": black, "White": white, "Date": date_text}
    for k, v in (headers or {}).items():
        if k not in hdrs and k.lower() not in (h.lower() for h in _FIELD_HEADERS):
            hdrs[str(k)] = str(v)
    return hdrs


def _start_of(start: Game) -> tuple[Game, str | None, Color, dict[str, Any]]:
    """For a game's start position (our copy): a game at the same position to replay on, and
    the SetUp, ToMove and SetUpOptions that write it (SetUp None: the initial position)."""
    options = dict(start.options())
    if start.result is not None and start.result.reason == Reason.AGREEMENT:
        start = _without_agreement(start)
    fresh = type(start).new(**options)
    if _same_state(start, fresh):
        return fresh, None, Color.BLACK, {}
    setup = start.position_text()
    fresh, setup_options = _rebuild_setup(start, setup, options)
    return fresh, setup, start.to_move, setup_options


@runtime_checkable
class Day(Protocol):
    """A ``datetime.date`` or a ``datetime`` (this module imports no clock): its ISO text
    starts with the day, ``YYYY-MM-DD``."""

    def isoformat(self) -> str: ...


def _date_text(date: Day | str) -> str:
    """ISO day of a date or datetime, or the text given."""
    return date.isoformat()[:10] if isinstance(date, Day) else str(date)


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
    try:
        game.cancel_agreement()
    except RulesError:
        pass
    return game


def _same_state(a: Game, b: Game) -> bool:
    """Same position, side, result and behaviour one move ahead (e.g. the pie rule's swap)."""
    if (a.key() != b.key() or a.to_move != b.to_move or a.result != b.result
            or a.swapped != b.swapped
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
    if start.swapped:
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
