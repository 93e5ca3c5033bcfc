"""The computer player is sent the exact position: a set-up start keeps the from_position options
its text does not carry (Onager's lake phase, Onyx's moves made and pie state)."""
from __future__ import annotations

from game.ai.worker import build_game
from game.rules import game_class, make_game
from game.rules.base import Color
from game.scenes.board.engine import request_position


def same(a, b) -> bool:
    return (a.position_text() == b.position_text() and a.to_move == b.to_move
            and a.legal_strs() == b.legal_strs() and a.key() == b.key())


def test_onager_lake_phase_setup_reaches_the_worker():
    g = game_class("onager").from_position("Lakes: c3", Color.WHITE, setup=True)
    g.push("c5")
    moves, setup = request_position(g)
    assert moves == ["c5"] and setup is not None and setup["options"].get("setup") is True
    assert same(build_game("onager", g.options(), moves, setup), g)


def test_onyx_pie_state_setup_reaches_the_worker():
    start = make_game("onyx", pie=True)
    start.push("f6")
    g = game_class("onyx").from_position(start.position_text(), Color.WHITE, pie=True, plies=1)
    assert "swap" in g.legal_strs()
    moves, setup = request_position(g)
    assert moves == [] and setup is not None
    assert same(build_game("onyx", g.options(), moves, setup), g)


def test_a_new_game_sends_no_setup():
    g = make_game("amoeba")
    g.push("c1-d2")
    assert request_position(g) == (["c1-d2"], None)
