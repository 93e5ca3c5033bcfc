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

from ..i18n import N_, _
from ..names import side_name
from ..rules.base import Color, Game, Reason, Result

__all__ = ["REASON_WORDS", "reason_phrase", "result_words", "describe_result", "loss_words",
           "ending_sentence", "result_line"]


# Per reason: (the phrase for an ending, the short word after a result, what losing by it
# means to the mover: "{other}" is the other side's colour). English, translated when shown.
REASON_WORDS: dict[Reason, tuple[str, str, str]] = {
    Reason.KERNEL_CAPTURED: (N_("the Kernel was captured"), N_("Kernel captured"), N_("your Kernel is captured")),
    Reason.NO_MOVES: (N_("no legal move left"), N_("no moves"), N_("you are left without a move")),
    Reason.REPETITION_COUNT: (N_("third repetition, stacks counted"), N_("repetition"), ""),
    Reason.CONNECTION: (N_("the two sides are connected"), N_("connected"), N_("{other} is connected")),
    Reason.BACK_ROW_MAJORITY: (N_("more pieces on the far row"), N_("far row"),
                               N_("{other} starts its turn ahead on the back rows")),
    Reason.AGREEMENT: (N_("ended by agreement"), N_("agreed"), ""),
    Reason.RESIGN: (N_("resignation"), N_("resigned"), ""),
    Reason.TIME: (N_("the time ran out"), N_("on time"), N_("your time runs out")),
}


_NOT_FINISHED = N_("Not finished")


def _words(reason: str) -> tuple[str, str, str]:
    try:
        phrase, short, loss = REASON_WORDS[Reason(reason)]
        return _(phrase), _(short), _(loss) if loss else ""
    except ValueError:              # a reason from a record this version does not know
        plain = reason.replace("-", " ")
        return plain, plain, plain


def reason_phrase(reason: str) -> str:
    """'the Kernel was captured' (a reason the table lacks: its own words, dashes as spaces)."""
    return _words(reason)[0]


def result_words(word: str, reason: str = "") -> str:
    """'Black won (resigned)', 'Draw (agreed)', 'Not finished' (a record's result and reason)."""
    bases = {"black": N_("Black won"), "white": N_("White won"), "draw": N_("Draw")}
    base = _(bases.get(word, _NOT_FINISHED))
    why = _words(reason)[1] if reason else ""
    return _("{result} ({why})").format(result=base, why=why) if why and word in bases else base


def describe_result(game: Game) -> str:
    """'White wins: the Kernel was captured.' ('' while the game goes on)."""
    r = game.result
    if r is None:
        return ""
    if r.winner is None:
        return _("Draw: {why}.").format(why=reason_phrase(r.reason))
    return _("{side} wins: {why}.").format(side=side_name(r.winner.word), why=reason_phrase(r.reason))


def loss_words(reason: str, mover: Color) -> str:
    """What losing by ``reason`` at once means to ``mover``: 'your Kernel is captured'."""
    words = _words(reason)[2] or _words(reason)[0]
    return words.format(other=side_name(mover.other.word))


def ending_sentence(result: Result, game_name: str, counts: Mapping[str, object],
                    size: int = 12, to_move: Color | None = None) -> str:
    """The result card's sentence: who did what, in this game's words ('White captured Black's
    Kernel', 'Black connected rows 1 and 12', 'Ended by agreement: stacks counted (Black 9 –
    White 8)'). ``counts``: the panel's counts by colour word (stacks, far-row pieces)."""
    win = result.winner
    side = side_name(win.word) if win is not None else ""
    lose = side_name(win.other.word) if win is not None else ""
    score = ""
    if "black" in counts and "white" in counts:
        score = _("Black {black} – White {white}").format(black=counts["black"], white=counts["white"])
    reason = result.reason
    if reason == Reason.KERNEL_CAPTURED and win is not None:
        return _("{side} captured {other}'s Kernel").format(side=side, other=lose)
    if reason == Reason.NO_MOVES:
        stuck = lose if win is not None else (side_name(to_move.word) if to_move is not None else "")
        return _("{side} has no legal move left").format(side=stuck)
    if reason == Reason.CONNECTION and win is not None:
        if win == Color.BLACK:
            return _("{side} connected rows 1 and {n}").format(side=side, n=size)
        return _("{side} connected columns a and {last}").format(
            side=side, last="abcdefghijklmnopqrstuvwxyz"[size - 1])
    if reason == Reason.BACK_ROW_MAJORITY and win is not None:
        mine = counts.get(win.word, "?")
        theirs = counts.get(win.other.word, "?")
        return _("More pieces on the far row: {side} {mine}, {other} {theirs}").format(
            side=side, mine=mine, other=lose, theirs=theirs)
    if reason == Reason.REPETITION_COUNT:
        if score:
            return _("Third repetition: stacks counted ({score})").format(score=score)
        return _("Third repetition: stacks counted")
    if reason == Reason.AGREEMENT:
        if game_name == "amoeba" and score:
            return _("Ended by agreement: stacks counted ({score})").format(score=score)
        return _("Ended by agreement")
    if reason == Reason.RESIGN and win is not None:
        return _("{side} resigned").format(side=lose)
    if reason == Reason.TIME and win is not None:
        return _("{side} ran out of time").format(side=lose)
    phrase = reason_phrase(reason)
    return phrase[:1].upper() + phrase[1:]


def result_line(result: Result, game_name: str, counts: Mapping[str, object] | None = None,
                size: int = 12, to_move: Color | None = None) -> str:
    """A result as one sentence, brackets only round a count: 'Black wins: White resigned.',
    'White wins: White connected columns a and l.', 'Draw. Ended by agreement.'"""
    sentence = ending_sentence(result, game_name, counts or {}, size, to_move)
    if result.winner is None:
        return _("Draw. {why}.").format(why=sentence)
    return _("{side} wins: {why}.").format(side=side_name(result.winner.word), why=sentence)
