"""The board's warning of what is coming: which of the rules core's dangers a player is shown,
and their words.

``Game.dangers()`` gives values (who threatens, with which moves, on which points); the
interface decides who is told and says it: ``shown`` picks the dangers a person at the board
should see now, ``danger_words`` words one ("White connects at k7 next move"), from the side
of the player it threatens ("your Kernel") when that player reads it. Pure: no pygame.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from ..i18n import _, ngettext
from ..names import side_name
from ..rules.base import Color, Danger, Game, RulesError, Threat

__all__ = ["shown", "danger_words", "warning_line", "MAX_NAMED", "DANGER_COLOUR", "DangerCache"]

MAX_NAMED = 3          # a warning names at most this many moves or points, then counts the rest
DANGER_COLOUR = "#ff7060"   # the warning line's colour in the status texts (the panel's, a lesson's)


class DangerCache:
    """``Game.dangers()`` asked once per position, for a board that draws many frames of
    one position (the board's panel, a lesson)."""

    def __init__(self) -> None:
        self._kept: tuple[Any, list[Danger]] | None = None   # (position, its dangers)

    def of(self, game: Game) -> list[Danger]:
        key = (game.name, game.key(), game.ply, game.to_move)
        if self._kept is None or self._kept[0] != key:
            try:
                found = list(game.dangers())
            except (RulesError, ValueError, KeyError, TypeError):
                found = []              # a position the rules cannot judge: no warning
            self._kept = (key, found)
        return self._kept[1]


def shown(dangers: Sequence[Danger], to_move: Color, human: Callable[[Color], bool]) -> list[Danger]:
    """The dangers a person should be warned of: the other side's threats while a person is to
    move (there is still time to stop them), and a computer's own win in one while it is to move
    against a person (the person sees it before it lands). Never a person's own chance: that
    would be a hint."""
    out = []
    for d in dangers:
        if d.now:
            if not human(to_move) and human(to_move.other):
                out.append(d)
        elif human(to_move):
            out.append(d)
    return out


def _listed(items: Sequence[str]) -> str:
    """'k7', 'k7 or j8', 'k7, j8 or h9', 'k7, j8, h9 or 2 more'."""
    items = list(items)
    sep = _(", ")
    if len(items) > MAX_NAMED:
        rest = len(items) - MAX_NAMED
        return ngettext("{items} or {n} more", "{items} or {n} more", rest).format(
            items=sep.join(items[:MAX_NAMED]), n=rest)
    if len(items) <= 1:
        return "".join(items)
    return _("{items} or {last}").format(items=sep.join(items[:-1]), last=items[-1])


def danger_words(d: Danger, you: Color | None = None) -> str:
    """One danger in words, for the player of colour ``you`` (None: nobody in particular, the
    colours are named): 'White connects at k7 next move'."""
    who = side_name(d.who.word)
    victim = d.who.other
    yours = you == victim
    other = side_name(victim.word)
    moves = _listed(d.moves)
    if d.kind == Threat.CONNECT:
        return _("{side} connects at {moves} next move").format(side=who, moves=moves)
    if d.kind == Threat.KERNEL:
        if d.cells:
            text = (_("{side} takes your Kernel on {point} next move ({moves})") if yours
                    else _("{side} takes {other}'s Kernel on {point} next move ({moves})"))
        else:
            text = (_("{side} takes your Kernel next move ({moves})") if yours
                    else _("{side} takes {other}'s Kernel next move ({moves})"))
        return text.format(side=who, other=other, point=d.cells[0] if d.cells else "", moves=moves)
    scored = len(d.score) == 2
    a, b = (d.score[0], d.score[1]) if scored else ("", "")
    if d.kind == Threat.LEAD:
        cells = _(", ").join(d.cells)
        if yours:
            text = (_("{side} wins next turn: it leads on your back row {a} to {b} ({cells})") if scored
                    else _("{side} wins next turn: it leads on your back row ({cells})"))
        else:
            text = (_("{side} wins next turn: it leads on {other}'s back row {a} to {b} ({cells})") if scored
                    else _("{side} wins next turn: it leads on {other}'s back row ({cells})"))
        return text.format(side=who, other=other, a=a, b=b, cells=cells)
    if d.kind == Threat.BACK_ROW:
        text = (_("{side} takes the back-row lead {a} to {b} next move with {moves}, and no answer undoes it")
                if scored else _("{side} takes the back-row lead next move with {moves}, and no answer undoes it"))
        return text.format(side=who, a=a, b=b, moves=moves)
    return _("{side} can end the game next move ({moves})").format(side=who, moves=moves)


def warning_line(dangers: Sequence[Danger], you: Color | None = None) -> str:
    """The warning for several dangers, most pressing first, one sentence each."""
    return " ".join(_("{danger}.").format(danger=danger_words(d, you)) for d in dangers)
