"""Every screen words a winning chance one way (``game.ui.words.chance_text``): 100% and 0%
only when the result is known for sure, '<1%' / '>99%' for a search's value at an end."""
from __future__ import annotations

from types import SimpleNamespace

import pygame

from game import i18n
from game.scenes.board.review_show import slide_words, verdict
from game.ui.graph import EvalGraph
from game.ui.words import chance_text


def test_an_end_is_claimed_only_when_proven():
    assert chance_text(0.0) == "<1%" and chance_text(0.004) == "<1%"
    assert chance_text(1.0) == ">99%" and chance_text(0.996) == ">99%"
    assert chance_text(0.0, "white") == "0%" and chance_text(1.0, "black") == "100%"
    assert chance_text(0.5, "draw") == "50%" and chance_text(0.641) == "64%"
    # a side's chance from Black's
    assert chance_text(0.25, side="white") == "75%" and chance_text(1.0, "black", "white") == "0%"
    assert chance_text(0.0, side="white") == ">99%"


def _ply(before, after, proven_before=None, proven_after=None, mover="black"):
    return SimpleNamespace(mover=mover, value_before=before, value_after=after, proven_before=proven_before,
                           proven_after=proven_after, reason="")


def test_the_review_says_less_than_one_percent_for_an_unproven_zero():
    # an unfinished position the search gave 0.0 is not a certain loss: the analysis board says 1%
    assert verdict(_ply(0.03, 0.0)) == "Black's chance 3% to <1%"
    assert verdict(_ply(0.03, 0.0, proven_after="white")) == "Black's chance 3% to 0%"
    sl = SimpleNamespace(from_ply=3, to_ply=9, chance_from=0.52, chance_to=0.0, marked=0.0)
    assert "from 52% to <1%" in slide_words(sl, "Black", False, lambda ply: str((ply + 1) // 2))


def test_the_graph_label_is_in_the_players_language_and_honest():
    g = EvalGraph(pygame.Rect(0, 0, 300, 90))
    g.set_data([0.5, 0.36, 0.0, 0.0], {1: "?!"}, 3, {1: "1. a3-a2", 2: "1... e1-d2", 3: "2. c1-d2"}, key=1,
               proven={3: "white"})
    g.hover = 1
    assert g.hover_text() == "1. a3-a2 ?!  Black 36%"
    g.hover = 2
    assert g.hover_text().endswith("Black <1%")
    g.hover = 3
    assert g.hover_text().endswith("Black 0%")
    i18n.set_language("uz")
    try:
        g.hover = 1
        assert g.hover_text() == "1. a3-a2 ?!  Qora 36%"
    finally:
        i18n.set_language("en")
