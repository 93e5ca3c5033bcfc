"""How the game words an ending: the one table of the words for each ``Reason``.

The rules core says why a game ended as a value (``game.rules.base.Reason``, kept in records
as the ``[Reason]`` header); every screen that words an ending takes its words from here: the
result card (``ending_sentence``), the status line and the messages about a game that ended
(``result_line``: "Black wins: White resigned."), the library's list (``result_words``), the
lessons and puzzles (``describe_result``), and the board's warning that a move loses at once
(``loss_words``).
"""
from __future__ import annotations

from typing import Mapping

from ..rules.base import Color, Game, Reason, Result

__all__ = ["REASON_WORDS", "reason_phrase", "result_words", "describe_result", "loss_words",
           "ending_sentence", "result_line"]


# Per reason: (the phrase for an ending, the short word after a result, what losing by it
# means to the mover: "{other}" is the other side's colour).
REASON_WORDS: dict[Reason, tuple[str, str, str]] = {
    Reason.KERNEL_CAPTURED: ("the Kernel was captured", "Kernel captured", "your Kernel is captured"),
    Reason.NO_MOVES: ("no legal move left", "no moves", "you are left without a move"),
    Reason.REPETITION_COUNT: ("third repetition, stacks counted", "repetition", ""),
    Reason.CONNECTION: ("the two sides are connected", "connected", "{other} is connected"),
    Reason.BACK_ROW_MAJORITY: ("more pieces on the far row", "far row",
                               "{other} starts its turn ahead on the back rows"),
    Reason.AGREEMENT: ("ended by agreement", "agreed", ""),
    Reason.RESIGN: ("resignation", "resigned", ""),
    Reason.TIME: ("the time ran out", "on time", "your time runs out"),
}


def _words(reason: str) -> tuple[str, str, str]:
    try:
        return REASON_WORDS[Reason(reason)]
    except ValueError:              # a reason from a record this version does not know
        plain = reason.replace("-", " ")
        return plain, plain, plain


def reason_phrase(reason: str) -> str:
    """'the Kernel was captured' (a reason the table lacks: its own words, dashes as spaces)."""
    return _words(reason)[0]


def result_words(word: str, reason: str = "") -> str:
    """'Black won (resigned)', 'Draw (agreed)', 'Not finished' (a record's result and reason)."""
    base = {"black": "Black won", "white": "White won", "draw": "Draw"}.get(word, "Not finished")
    why = _words(reason)[1] if reason else ""
    return f"{base} ({why})" if why and word in ("black", "white", "draw") else base


def describe_result(game: Game) -> str:
    """'White wins: the Kernel was captured.' ('' while the game goes on)."""
    r = game.result
    if r is None:
        return ""
    who = "Draw" if r.winner is None else f"{r.winner.title} wins"
    return f"{who}: {reason_phrase(r.reason)}."


def loss_words(reason: str, mover: Color) -> str:
    """What losing by ``reason`` at once means to ``mover``: 'your Kernel is captured'."""
    words = _words(reason)[2] or _words(reason)[0]
    return words.format(other=mover.other.title)


def ending_sentence(result: Result, game_name: str, counts: Mapping[str, object],
                    size: int = 12, to_move: Color | None = None) -> str:
    """The result card's sentence: who did what, in this game's words ('White captured Black's
    Kernel', 'Black connected rows 1 and 12', 'Ended by agreement: stacks counted (Black 9 –
    White 8)'). ``counts``: the panel's counts by colour word (stacks, far-row pieces)."""
    win = result.winner
    lose = win.other.title if win is not None else ""
    score = ""
    if "black" in counts and "white" in counts:
        score = f"Black {counts['black']} – White {counts['white']}"
    reason = result.reason
    if reason == Reason.KERNEL_CAPTURED and win is not None:
        return f"{win.title} captured {lose}'s Kernel"
    if reason == Reason.NO_MOVES:
        stuck = lose if win is not None else (to_move.title if to_move is not None else "")
        return f"{stuck} has no legal move left"
    if reason == Reason.CONNECTION and win is not None:
        edges = (f"rows 1 and {size}" if win == Color.BLACK
                 else f"columns a and {'abcdefghijklmnopqrstuvwxyz'[size - 1]}")
        return f"{win.title} connected {edges}"
    if reason == Reason.BACK_ROW_MAJORITY and win is not None:
        mine = counts.get(win.word, "?")
        theirs = counts.get(win.other.word, "?")
        return f"More pieces on the far row: {win.title} {mine}, {lose} {theirs}"
    if reason == Reason.REPETITION_COUNT:
        return "Third repetition: stacks counted" + (f" ({score})" if score else "")
    if reason == Reason.AGREEMENT:
        return "Ended by agreement" + (f": stacks counted ({score})"
                                       if game_name == "amoeba" and score else "")
    if reason == Reason.RESIGN and win is not None:
        return f"{lose} resigned"
    if reason == Reason.TIME and win is not None:
        return f"{lose} ran out of time"
    phrase = reason_phrase(reason)
    return phrase[:1].upper() + phrase[1:]


def result_line(result: Result, game_name: str, counts: Mapping[str, object] | None = None,
                size: int = 12, to_move: Color | None = None) -> str:
    """A result as one sentence, brackets only round a count: 'Black wins: White resigned.',
    'White wins: White connected columns a and l.', 'Draw. Ended by agreement.'"""
    sentence = ending_sentence(result, game_name, counts or {}, size, to_move)
    if result.winner is None:
        return f"Draw. {sentence}."
    return f"{result.winner.title} wins: {sentence}."
