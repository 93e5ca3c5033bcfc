"""The review's results in a player's words.

The review (``game.ai.review``) gives counts: each side's blunders, mistakes and inaccuracies
(``SideSummary``). The status line says them here, through the catalogue, with the plural
each number needs: "Review done: no marks for you or the computer.", "Review done. You:
1 mistake and 2 inaccuracies; Computer: no marks."
"""
from __future__ import annotations

from typing import Any, Mapping

from ..i18n import _, ngettext
from ..match import HUMAN
from ..names import side_name
from ..rules.base import Color
from .words import and_list

__all__ = ["marks_words", "review_done_words"]


def marks_words(side: Any) -> str:
    """One side's marks ('1 blunder, 2 mistakes and 1 inaccuracy'), '' for none.
    ``side``: a ``game.ai.review.SideSummary``."""
    parts = []
    if side.blunders:
        parts.append(ngettext("{n} blunder", "{n} blunders", side.blunders).format(n=side.blunders))
    if side.mistakes:
        parts.append(ngettext("{n} mistake", "{n} mistakes", side.mistakes).format(n=side.mistakes))
    if side.inaccuracies:
        parts.append(ngettext("{n} inaccuracy", "{n} inaccuracies", side.inaccuracies).format(n=side.inaccuracies))
    return and_list(parts)


def review_done_words(summary: Any, players: Mapping[Color, str]) -> str:
    """The status line when a review ends. ``summary``: a ``game.ai.review.Summary``;
    ``players``: who sat at each colour at the start (``Match.start_players``), so that a game
    against the computer names 'you' and 'the computer', a game of two people the colours."""
    humans = [c for c in Color if players.get(c, HUMAN) == HUMAN]
    alone = humans[0] if len(humans) == 1 else None
    black, white = marks_words(summary.side("black")), marks_words(summary.side("white"))
    if not black and not white:
        if alone is not None:
            return _("Review done: no marks for you or the computer.")
        return _("Review done: no marks for Black or White.")

    def name(color: Color) -> str:
        if alone is None:
            return side_name(color.word)
        return _("You") if color == alone else _("Computer")

    order = [alone, alone.other] if alone is not None else [Color.BLACK, Color.WHITE]
    sides = []
    for color in order:
        marks = black if color == Color.BLACK else white
        # Translators: one player's marks in the review's summary, e.g. "You: 2 mistakes"
        sides.append(_("{player}: {marks}").format(player=name(color), marks=marks or _("no marks")))
    # Translators: the players' marks, joined by "; ", e.g. "You: 1 mistake; Computer: no marks"
    return _("Review done. {sides}.").format(sides=_("; ").join(sides))
