"""The rules core's refusals in the player's words.

The rules core, the record reader and the engine worker refuse with values: a ``RulesError``
whose ``kind`` names the problem and whose ``facts`` hold what it is about (cells, counts,
colour words, a move's number and text, the refusal behind it as ``cause``); their English
``str()`` is for logs and the command line. Here each kind is worded through the catalogue
when the window shows it. A kind without words of its own is said by its family (``category``:
not a move of this game, not legal here, the game is over, a position or a record that cannot
be read), never by showing the English. Notation (moves, cells) stays as it is.
"""
from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..i18n import _, ngettext, pgettext
from ..names import game_title, side_name
from ..rules.base import RulesError

if TYPE_CHECKING:  # pragma: no cover
    from ..ai.worker import EngineReply
    from ..rules.record import RecordNote
    from ..storage import StorageError, StorageNote

__all__ = ["position_words", "move_refusal_words", "record_words", "record_error_words", "record_note_words",
           "refusal_words", "cause_sentence", "cause_words", "MOVE_KINDS", "reply_words", "clause", "failure_words",
           "storage_words", "storage_note_words", "settings_warning_words", "write_failure_words", "variant_words"]

Facts = Mapping[str, Any]


def _piece_name(code: str) -> str:
    """An Amoeba piece code as a player names it."""
    return {"B": _("black pieces"), "W": _("white pieces"), "Bk": _("black Kernels"),
            "Wk": _("white Kernels")}.get(code, code)


# ---------------------------------------------------------------- set-up positions
_POSITION: dict[str, Callable[[str, Facts], str]] = {
    "board-size": lambda g, f: _("An Onyx board is 12×12, 16×16 or 20×20, not {size}×{size}.").format(
        size=f.get("size")),
    "kernel-missing": lambda g, f: (
        _("Amoeba needs exactly one Kernel of each colour: the black Kernel is missing.")
        if f.get("colour") == "black" else
        _("Amoeba needs exactly one Kernel of each colour: the white Kernel is missing.")),
    "too-many": lambda g, f: (
        _("Amoeba needs exactly one Kernel of each colour: there are {n} {pieces}.").format(
            n=f.get("count"), pieces=_piece_name(str(f.get("piece"))))
        if str(f.get("piece", "")).endswith("k") else
        _("Each side has {most} pieces besides its Kernel: {side} has {n}.").format(
            most=f.get("most"), side=side_name("white" if f.get("piece") == "W" else "black"), n=f.get("count"))),
    "listed-twice": lambda g, f: (_("Point {cell} is listed twice.") if g == "amoeba" else
                                  _("Cell {cell} is listed twice.") if g == "onager" else
                                  _("{cell} is listed twice.")).format(cell=f.get("cell")),
    "not-a-point": lambda g, f: _("“{text}” is not a point of the {game} board.").format(
        text=f.get("text"), game=game_title(g)),
    "not-a-piece": lambda g, f: _not_a_piece(g, f),
    "empty-stack": lambda g, f: _("List the pieces on {cell} from the bottom up, separated by commas.").format(
        cell=f.get("cell")),
    "no-colon": lambda g, f: _("Each entry is written “where: what”, as in “{example}”.").format(
        example={"amoeba": "d4: W,B", "onyx": "Black: a4 b3", "onager": "c3: B,W"}.get(g, "d4: B")),
    "not-a-colour": lambda g, f: _("“{text}” is not a side: write Black: or White: before the points.").format(
        text=f.get("text")),
    "colour-twice": lambda g, f: _("{side} is listed twice.").format(side=side_name(str(f.get("colour")))),
    "crossed": lambda g, f: _(
        "Square {square} is crossed ({a} and {d} against {b} and {c}) with an empty middle: that never "
        "happens in play, because the last of those stones would have captured two.").format(
        square=f.get("square"), **dict(zip("adbc", f.get("stones", ("?",) * 4)))),
    "swap-without-pie": lambda g, f: _("Colours can only have been swapped with the pie rule on."),
    "swap-too-early": lambda g, f: _("Swapping is White's answer to Black's first move: swapped colours "
                                     "need at least 2 moves played."),
    "swap-white-only": lambda g, f: _("Only White may swap, right after Black's first move: make White "
                                      "the side to move."),
    "lakes-twice": lambda g, f: _("The lakes are listed twice."),
    "lake-on-centre": lambda g, f: _("A lake can never be on the centre, f6."),
    "not-alternating": lambda g, f: _("The discs on {cell} do not alternate in colour: a disc only ever lands "
                                      "on an enemy disc.").format(cell=f.get("cell")),
    "too-many-discs": lambda g, f: _("{side} has {n} discs: each side has only {most}.").format(
        side=side_name(str(f.get("colour"))), n=f.get("count"), most=f.get("most")),
    "too-many-lakes": lambda g, f: _("There are only {most} lakes ({n} are on the board).").format(
        most=f.get("most"), n=f.get("count")),
    "lake-and-discs": lambda g, f: _("A lake cannot hold a disc (on {cell}).").format(cell=f.get("cell")),
    "lake-phase-full": lambda g, f: _("In the lake phase at most 2 lakes are on the board: with all 3 placed, "
                                      "untick Lake phase."),
    "lake-placer": lambda g, f: ngettext(
        "With {n} lake placed, {side} places the next one (Black, White, Black): make {side} the side to move.",
        "With {n} lakes placed, {side} places the next one (Black, White, Black): make {side} the side to move.",
        int(f.get("placed", 0))).format(n=f.get("placed"), side=side_name(str(f.get("colour")))),
}


def _not_a_piece(game_name: str, facts: Facts) -> str:
    """A piece the game does not have; an Onager lake written in a cell's stack ('a1: L') is
    pointed to the form lakes are written in, which is where a player looks for it."""
    said = _("“{text}” on {cell} is not a piece of this game.").format(text=facts.get("text"), cell=facts.get("cell"))
    if game_name == "onager" and str(facts.get("text", "")).strip().upper() == "L":
        said += " " + _("Lakes are written on their own, as in “Lakes: {cell}”.").format(cell=facts.get("cell"))
    return said


def position_words(game_name: str, exc: RulesError) -> str:
    """Why the rules core refuses a set-up position, as a sentence for a player."""
    say = _POSITION.get(exc.kind)
    if say is not None:
        return say(game_name, exc.facts)
    return _("This position cannot be set up in {game}.").format(game=game_title(game_name))


# ---------------------------------------------------------------- moves
def _cells(cells: Any) -> str:
    """Cells named in a refusal, as a list: 'a1, a2'."""
    return _(", ").join(str(c) for c in (cells or ()))


# Why the rules refuse a move typed or given as text (an ``IllegalMoveError``'s kind and facts),
# each as the end of a sentence: no capital, no full stop ('“c3>c1” cannot be played: …').
_MOVE: dict[str, Callable[[str, Facts], str]] = {
    # Amoeba
    "no-stack": lambda g, f: _("there is no stack on {cell}").format(cell=f.get("cell")),
    "not-yours": lambda g, f: _("{cell} is controlled by {owner} (its top piece), and it is {side}'s turn").format(
        cell=f.get("cell"), owner=side_name(str(f.get("owner"))), side=side_name(str(f.get("side")))),
    "split-single": lambda g, f: _("{cell} holds one piece; only a stack of two or more can split").format(
        cell=f.get("cell")),
    "same-point": lambda g, f: _("it starts and ends on {cell}").format(cell=f.get("cell")),
    "not-in-line": lambda g, f: _("{cell} is not in a straight line from {start}").format(
        cell=f.get("cell"), start=f.get("start")),
    "wrong-distance": lambda g, f: ngettext(
        "{cell} holds {n} piece, so it must land exactly {n} step away, not {d}",
        "{cell} holds {n} pieces, so it must land exactly {n} steps away, not {d}",
        int(f.get("height", 0))).format(cell=f.get("cell"), n=f.get("height"), d=f.get("distance")),
    # Onyx
    "swap-no-pie": lambda g, f: _("swap is a move only in a game with the pie rule"),
    "swap-not-now": lambda g, f: _("swap is only White's answer to Black's first move"),
    "occupied": lambda g, f: (_("{cell} already holds a black stone") if f.get("colour") == "black" else
                              _("{cell} already holds a white stone")).format(cell=f.get("cell")),
    "midpoint-blocked": lambda g, f: ngettext(
        "the midpoint {cell} can be played only while the four corners of its square are empty, "
        "and {corners} holds a stone",
        "the midpoint {cell} can be played only while the four corners of its square are empty, "
        "and {corners} hold stones",
        len(f.get("corners") or ())).format(cell=f.get("cell"), corners=_cells(f.get("corners"))),
    "no-midpoint": lambda g, f: _("{cell} is a pair of triangles, not a square, so it has no midpoint").format(
        cell=f.get("cell")),
    "wrong-captures": lambda g, f: (
        _("{cell} captures nothing here (write {write})") if not f.get("captures") else
        ngettext("{cell} captures {n} stone here (write {write})", "{cell} captures {n} stones here (write {write})",
                 int(f.get("captures", 0)))).format(cell=f.get("cell"), n=f.get("captures"), write=f.get("write")),
    # Onager
    "lake-phase": lambda g, f: _("the lakes are still being placed, and {side} places one on an empty cell").format(
        side=side_name(str(f.get("side")))),
    "lake-centre": lambda g, f: _("a lake may not be placed on the centre, {cell}").format(cell=f.get("cell")),
    "lake-occupied": lambda g, f: (_("{cell} already holds a lake; a lake needs an empty cell")
                                   if f.get("holds") == "lake" else
                                   _("{cell} already holds a disc; a lake needs an empty cell")).format(
        cell=f.get("cell")),
    "lakes-over": lambda g, f: _("all three lakes are placed, so a move goes from cell to cell, such as {example}").format(
        example="b2-b4"),
    "not-your-piece": lambda g, f: _("it is {side}'s turn, and {cell} has no {side} disc on top").format(
        cell=f.get("cell"), side=side_name(str(f.get("side")))),
    "not-a-destination": lambda g, f: _("{cell} is neither a walk nor a jump away from {start}").format(
        cell=f.get("cell"), start=f.get("start")),
    "lands-on-start": lambda g, f: _("a chain may not land on its start cell, {cell}").format(cell=f.get("cell")),
    "lands-twice": lambda g, f: _("a chain may not land on {cell} twice").format(cell=f.get("cell")),
    "not-one-jump": lambda g, f: _("{cell} is not one jump from {start}").format(
        cell=f.get("cell"), start=f.get("start")),
    "chain-ended": lambda g, f: _("the jump onto {cell} lands on an empty cell, which ends the move").format(
        cell=f.get("cell")),
}

MOVE_KINDS = frozenset(_MOVE)   # the kinds of a refused move that have words of their own


def cause_words(kind: str, facts: Facts, category: str, game_name: str = "") -> str:
    """Why a move was refused, as the end of a sentence ('' when there are no more words than
    the family says)."""
    if kind == "game-over":
        from .endings import result_words
        winner = facts.get("winner") or "draw"
        return result_words(str(winner), str(facts.get("reason", "")))
    if category in ("illegal", "invalid"):
        say = _MOVE.get(kind)
        if say is not None:
            return say(game_name, facts)
    return ""


def _where(facts: Facts) -> str:
    """'Move 5', 'Move 5, White', 'Lakes, Black': the ply a refusal names."""
    n, side, phase = facts.get("n"), facts.get("side"), facts.get("phase")
    if phase and side:
        from .words import phase_name
        return _("{phase}, {side}").format(phase=phase_name(str(phase)), side=side_name(str(side)))
    if side:
        return _("Move {n}, {side}").format(n=n, side=side_name(str(side)))
    return _("Move {n}").format(n=n)


def move_refusal_words(facts: Facts, named: bool = True) -> str:
    """'Move 5 (“3”) is not a move of this game.': a move of a game or a record refused, from
    the refusal's facts (``n``, ``side`` and ``phase`` when known, ``move``, ``cause``);
    not ``named`` when the sentence around it names the ply already."""
    move = facts.get("move")
    kind, cause, category = facts.get("cause") or ("", {}, "rules")
    if not named:
        if category == "invalid":
            return _("“{move}” is not a move of this game.").format(move=move)
        if category == "over":
            return _("“{text}” comes after the end of the game.").format(text=move)
        return _("“{move}” is not a legal move there.").format(move=move)
    where = _where(facts)
    if category == "invalid":
        return _("{where} (“{move}”) is not a move of this game.").format(where=where, move=move)
    if category == "over":
        why = cause_words(kind, cause, category)
        if why:
            return _("{where} (“{move}”) comes after the end of the game ({result}).").format(
                where=where, move=move, result=why)
        return _("{where} (“{move}”) comes after the end of the game.").format(where=where, move=move)
    return _("{where} (“{move}”) is not a legal move there.").format(where=where, move=move)


# ---------------------------------------------------------------- records
_RECORD: dict[str, Callable[[Facts], str]] = {
    "move-refused": move_refusal_words,
    "not-a-move": lambda f: _("{where}: “{text}” is not a move.").format(where=_where(f), text=f.get("text")),
    "after-end": lambda f: _("{where}: “{text}” comes after the end of the game.").format(
        where=_where(f), text=f.get("text")),
    "cut-move": lambda f: _("The file ends inside the move “{text}”.").format(text=f.get("text")),
    "cut-headers": lambda f: _("The file ends after its headers (is it cut short?)."),
    "plies": lambda f: ngettext("The file has {n} move but its Plies header says {want}.",
                                "The file has {n} moves but its Plies header says {want}.",
                                int(f.get("n", 0))).format(n=f.get("n"), want=f.get("want")),
    "plies-not-a-number": lambda f: _("Its Plies header is not a number."),
    "unknown-game": lambda f: _("“{text}” is not a game this program plays.").format(text=f.get("text")),
    "no-game": lambda f: _("This is not a game record: it does not start with a [Game \"...\"] header."),
    "not-text": lambda f: _("This file is not text."),
    "bad-header": lambda f: _("A header line cannot be read (headers are written [Name \"value\"])."),
    "header-twice": lambda f: _("The {name} header is given twice.").format(name=f.get("name")),
    "header-after-moves": lambda f: _("A header line comes after the moves."),
    "unclosed-comment": lambda f: _("A comment opened with { is not closed."),
    "stray-brace": lambda f: _("A } has no { before it."),
    "unclosed-variation": lambda f: _("A variation opened with ( is not closed."),
    "stray-paren": lambda f: _("A ) has no ( before it."),
    "empty-variation": lambda f: _("A variation ( ) is empty."),
    "deep-variation": lambda f: _("Variations are nested too deep."),
    "lone-variation": lambda f: _("A variation ( follows no move."),
    "setup": lambda f: _("The rules refuse its set-up position: {why}").format(
        why=cause_sentence(f.get("cause"), str(f.get("game", "")))),
    "setup-header": lambda f: _("Its set-up headers (ToMove, SetUpOptions) cannot be used."),
    "variant": lambda f: variant_words(f),
    "result-header": lambda f: _("Its Result or Reason header cannot be read."),
    "result": lambda f: _("Its Result header does not fit the moves."),
}


_AT_PLY: dict[str, Callable[[Facts], str]] = {
    "move-refused": lambda f: move_refusal_words(f, named=False),
    "not-a-move": lambda f: _("“{text}” is not a move.").format(text=f.get("text")),
    "after-end": lambda f: _("“{text}” comes after the end of the game.").format(text=f.get("text")),
}


def record_words(kind: str, facts: Facts, where: bool = True) -> str:
    """A record's problem (``RecordError.kind`` and its facts) as a sentence for a player;
    without ``where``, a problem at a ply does not name it (the sentence around it does)."""
    say = _RECORD.get(kind) if where else _AT_PLY.get(kind, _RECORD.get(kind))
    return say(facts) if say is not None else _("Something in it cannot be read.")


def record_error_words(exc: RulesError) -> str:
    """Why a record cannot be read, with its line: 'Line 7: Move 3, White: “zz” is not a move.'"""
    from ..rules.record import RecordError     # the records' machinery: not loaded by a start
    said = refusal_words(exc)
    line = exc.line if isinstance(exc, RecordError) else None
    return _("Line {line}: {problem}").format(line=line, problem=said) if line is not None else said


def record_note_words(note: RecordNote) -> str:
    """What a recovered record lost (``Record.note``, a ``RecordNote``), for a player:
    'The file stops at move 14, White (line 9): “zz” is not a move.'"""
    kind, facts, _category = note.problem
    problem = record_words(kind, facts, where=note.kind != "stopped" or note.at is None)
    if note.kind == "stopped":
        from .words import slot_words
        where = slot_words(note.at) if note.at is not None else ""
        if note.line is not None:
            return _("The file stops at {where} (line {line}): {problem}").format(
                where=where, line=note.line, problem=problem)
        return _("The file stops at {where}: {problem}").format(where=where, problem=problem)
    # the kinds of a dropped Result header say no more than these sentences do
    if note.kind == "result-damaged":
        # (the line may be the Reason's: a Reason without a Result, a '*' with a Reason)
        return _("The Result or Reason header (line {line}) cannot be used and is left out.").format(line=note.line)
    return _("The Result header (line {line}) does not fit the moves and is left out.").format(line=note.line)


def variant_words(facts: Facts) -> str:
    """Why a record's Variant header cannot be used (``RecordError`` kind 'variant': ``why`` and
    the option, or the rules' ``cause``), as a sentence."""
    why, key, text = facts.get("why"), facts.get("key"), facts.get("text")
    if why == "form":
        return _("The Variant header is written as option=value words, not “{text}”.").format(text=text)
    if why == "twice":
        return _("The Variant header gives the option {key} twice.").format(key=key)
    if why == "unknown":
        return _("{game} has no option “{key}” in its Variant header.").format(
            game=game_title(str(facts.get("game", ""))), key=key)
    if why == "bool":
        return _("The option {key} is true or false, not “{value}”.").format(key=key, value=text)
    if why == "int":
        return _("The option {key} is a whole number, not “{value}”.").format(key=key, value=text)
    if facts.get("cause"):
        return cause_sentence(facts.get("cause"), str(facts.get("game", "")))
    return _("Its Variant header cannot be used.")


def cause_sentence(cause: Any, game_name: str = "") -> str:
    """A refusal's value ``(kind, facts, category)`` in words."""
    if not cause:
        return _("Something in it cannot be read.")
    kind, facts, category = cause
    if category == "position":
        say = _POSITION.get(kind)
        if say is not None:
            return say(game_name, facts)
        if game_name:
            return _("This position cannot be set up in {game}.").format(game=game_title(game_name))
        return _("This position cannot be set up.")
    if category == "record":
        return record_words(kind, facts)
    if kind == "move-refused":
        return move_refusal_words(facts)
    why = cause_words(kind, facts, category, game_name) if category != "over" else ""
    if why and category == "invalid":
        # Translators: {why} says why a text names no move, e.g. "ef56 is a pair of triangles, …"
        return _("That is not a move of this game: {why}.").format(why=why)
    if why:
        # Translators: {why} is the rules' reason, e.g. "there is no stack on d4" (as after "“c3>c1” cannot be played:")
        return _("That move is not legal here: {why}.").format(why=why)
    return _FAMILY.get(category, _FAMILY["rules"])()


_FAMILY: dict[str, Callable[[], str]] = {
    "invalid": lambda: _("That is not a move of this game."),
    "illegal": lambda: _("That move is not legal here."),
    "over": lambda: _("The game is over."),
    "rules": lambda: _("The rules refuse this."),
}


def refusal_words(exc: RulesError, game_name: str = "") -> str:
    """Any refusal of the rules core in words: its kind's own, else its family's."""
    return cause_sentence(exc.value(), game_name)


# ---------------------------------------------------------------- the engine worker
def clause(sentence: str) -> str:
    """A sentence of ours used as the end of a longer one: its full stop goes."""
    return sentence[:-1] if sentence.endswith((".", "。")) else sentence


def reply_words(reply: "EngineReply") -> str:
    """What the engine worker could not do (an ``EngineReply`` that is not ok), from its
    ``error_kind`` and ``error_facts``: a clause for 'The computer player could not answer: …',
    or, for a restart (``retrying``), the whole notice."""
    kind, f = reply.error_kind, reply.error_facts
    if kind == "restarted":             # its process ended (``dead``) or stopped answering
        if f.get("retrying"):
            return (_("The computer player stopped unexpectedly and was restarted; it is thinking again.")
                    if f.get("dead") else
                    _("The computer player stopped answering and was restarted; it is thinking again."))
        return (_("The computer player stopped unexpectedly again and was restarted. Ask it to move again, "
                  "or play on.") if f.get("dead") else
                _("The computer player stopped answering again and was restarted. Ask it to move again, "
                  "or play on."))
    if kind == "move-refused":
        return clause(move_refusal_words(f))
    if kind == "game-over":
        from .endings import result_words
        return _("the game is over ({result})").format(
            result=result_words(str(f.get("winner") or "draw"), str(f.get("reason", ""))))
    if kind == "cancelled":
        return _("it was stopped")
    if kind == "refused":
        return clause(cause_sentence(f.get("cause")))
    if kind == "crashed":
        return _("it ran into an error of its own")
    if kind == "bad-request":
        return _("it could not use this position")
    return pgettext("engine", "it gave no answer")


# ---------------------------------------------------------------- files
def failure_words(failure: str) -> str:
    """Why the system refused a file (``storage.failure_kind``), as the end of a sentence."""
    return {"not-found": _("it is not there"),
            "permission": _("you have no permission to do that there"),
            "disk-full": _("the disk is full"),
            "name-too-long": _("its name is too long"),
            "is-folder": _("it is a folder, not a file"),
            "not-folder": _("part of its path is not a folder"),
            "exists": _("a file of that name is in the way")}.get(failure, _("the system refused"))


_STORAGE: dict[str, Callable[[str, str, Facts], str]] = {
    "folder-target": lambda path, why, f: _("Cannot save to {path}: it is a folder.").format(path=path),
    "mkdir": lambda path, why, f: _("Cannot create the folder {path}: {why}.").format(path=path, why=why),
    "write": lambda path, why, f: _("Cannot write in the folder {path}: {why}.").format(path=path, why=why),
    "save": lambda path, why, f: _("Cannot save {path}: {why}.").format(path=path, why=why),
    "open": lambda path, why, f: _("Cannot open {path}: {why}.").format(path=path, why=why),
    "too-large": lambda path, why, f: (
        _("{path} is too large to be a game record (more than {kb} kB).") if f.get("record", True) else
        _("{path} is too large to be this program's file (more than {kb} kB).")).format(path=path, kb=f.get("limit_kb")),
    "not-utf8": lambda path, why, f: (
        _("{path} is not text this program can read (UTF-8): is it a game record?") if f.get("record", True) else
        _("{path} is not text this program can read (UTF-8).")).format(path=path),
    "nul": lambda path, why, f: _("{path} is not a text file.").format(path=path),
    "no-game": lambda path, why, f: _("{path} is not a game record: it has no [Game \"...\"] header.").format(
        path=path),
    "move-aside": lambda path, why, f: _("Cannot move {path} aside: {why}.").format(path=path, why=why),
    "keep-last": lambda path, why, f: _("Cannot keep the finished game as {path}: {why}.").format(path=path, why=why),
    "remove": lambda path, why, f: _("Cannot remove the saved game {path}: {why}.").format(path=path, why=why),
    "not-unfinished": lambda path, why, f: _("{path} is not a game in progress.").format(path=path),
    "set-aside": lambda path, why, f: _("Cannot move the saved game {path} to {folder}: {why}.").format(
        path=path, folder=f.get("dest"), why=why),
    "gone": lambda path, why, f: _("{path} is not there any more.").format(path=path),
    "trash": lambda path, why, f: _("Cannot move {path} to {folder}: {why}.").format(
        path=path, folder=f.get("dest"), why=why),
}


_ABOUT_CONTENTS = ("too-large", "not-utf8", "nul", "no-game", "gone")


def storage_words(exc: "StorageError") -> str:
    """A file that cannot be read or written (a ``StorageError``), as a sentence: what could not
    be done, the path, and the kind of refusal; the system's own text stays in the log."""
    say = _STORAGE.get(exc.kind)
    path = str(exc.path) if exc.path is not None else ""
    if exc.kind in _ABOUT_CONTENTS and exc.path is not None:
        path = exc.path.name            # what is wrong is inside the file: its name says which
    if say is None:
        return (_("The file {path} cannot be read or written.").format(path=path) if path else
                _("A file cannot be read or written."))
    return say(path, failure_words(exc.failure), exc.facts)


def write_failure_words(what: str, error: BaseException) -> str:
    """A background write that failed (``game.writer``: 'game' or 'settings'), as the window says
    it: what is not kept, why, and what happens now."""
    from ..storage import StorageError
    why = storage_words(error) if isinstance(error, StorageError) else _("The file cannot be written.")
    if what == "settings":
        return _("Your settings could not be saved: {why} They apply until the game closes; the next start will not have them.").format(
            why=why)
    return _("Your game is not being saved: {why} Play goes on, and it is tried again after each move; "
             "Save (Ctrl+S) can put it in another folder.").format(why=why)


def _unreadable(problem: Any) -> str:
    """'A saved game could not be read (line 3): …': a record's refusal with its line, or a file's."""
    if isinstance(problem, RulesError):
        from ..rules.record import RecordError
        said = refusal_words(problem)
        if isinstance(problem, RecordError) and problem.line is not None:
            return _("A saved game could not be read (line {line}): {problem}").format(line=problem.line, problem=said)
        return _("A saved game could not be read: {problem}").format(problem=said)
    return _("A saved game could not be read: {problem}").format(problem=storage_words(problem))


def _error_words(facts: Mapping[str, object]) -> str:
    """The words of a note's ``error``: every note that has one is given a ``StorageError``
    (anything else is said as it is rather than lost)."""
    from ..storage import StorageError
    error = facts["error"]
    return storage_words(error) if isinstance(error, StorageError) else str(error)


def storage_note_words(note: "StorageNote") -> str:
    """What happened to a saved game the menu looked at (``storage.StorageNote``), for a player."""
    from ..rules.record import RecordNote
    f = note.facts
    if note.kind in ("damaged", "damaged-unrepaired"):
        game = game_title(str(f.get("game", "")))
        lost = f.get("note")            # the record's RecordNote, None when it lost nothing
        why = clause(record_note_words(lost)) if isinstance(lost, RecordNote) else _("Something in it cannot be read.")
        if note.kind == "damaged":
            kept = f.get("kept")
            return _("Your saved {game} game was damaged: {why}. It was loaded up to there; the damaged file "
                     "was kept as {file}.").format(game=game, why=why, file=PurePath(str(kept)).name)
        return _("Your saved {game} game was damaged: {why}. It was loaded up to there, but the file could not "
                 "be repaired: {error}").format(game=game, why=why, error=_error_words(f))
    if note.kind == "unreadable":
        return _("{unreadable} It was kept as {path}.").format(unreadable=_unreadable(f.get("problem")),
                                                               path=f.get("kept"))
    if note.kind == "unreadable-stuck":
        return _("{unreadable} It could not be moved aside either: {error} It is still at {path}.").format(
            unreadable=_unreadable(f.get("problem")), error=_error_words(f), path=f.get("path"))
    if note.kind == "last-game-unkept":
        return _("The finished game in {path} could not be kept as the last game: {error}").format(
            path=f.get("path"), error=_error_words(f))
    if note.kind == "not-moved":
        return _("The saved game {path} could not be moved to {folder}: {why}.").format(
            path=f.get("path"), folder=f.get("dest"), why=failure_words(str(f.get("failure", ""))))
    if note.kind == "settings-damaged":
        if "kept" in f:
            return _("Your settings file was damaged, so the game started with its defaults. The old file is "
                     "kept as {path}.").format(path=f.get("kept"))
        return _("Your settings file was damaged, so the game started with its defaults. The old file could not "
                 "be moved aside: {error}").format(error=_error_words(f))
    if note.kind == "settings-unusable":
        return _("The settings in {file} could not be used, so the game started with its defaults; the file is "
                 "left as it is.").format(file=f.get("file", ""))
    if note.kind == "settings-unchecked":
        return _("The settings file could not be checked, so the game started with its defaults: {error}").format(
            error=_error_words(f))
    if "error" in f:
        return _("A saved game could not be checked: {error}").format(error=_error_words(f))
    return _("A saved game could not be checked.")


def settings_warning_words(warnings: "Sequence[str]") -> str:
    """What ``settings.load_settings`` found wrong, for a player: a file problem (a StorageNote)
    in its words; values that could not be used are named by the file's own keys (the reasons,
    in English, are for the log); other unusable entries are counted."""
    from ..storage import StorageNote
    notes = [w for w in warnings if isinstance(w, StorageNote)]
    keys = [str(w.facts.get("key")) for w in notes if w.kind == "setting-value"]
    said = [storage_note_words(w) for w in notes if w.kind != "setting-value"]
    if keys:
        said.append(ngettext("{n} setting in the settings file could not be used, so its default stands in: {keys}.",
                             "{n} settings in the settings file could not be used, so their defaults stand in: "
                             "{keys}.", len(keys)).format(n=len(keys), keys=", ".join(keys)))
    values = sum(1 for w in warnings if not isinstance(w, StorageNote))
    if values:
        said.append(ngettext("{n} setting in the settings file could not be used: its default stands in "
                             "(the log names it).",
                             "{n} settings in the settings file could not be used: their defaults stand in "
                             "(the log names them).", values).format(n=values))
    return " ".join(said)
