"""Onager's search knowledge: the rollouts' back-row tactics (``onager_eval.back_row_moves``)."""
from __future__ import annotations

import random

from game.ai.onager_eval import A_HI, A_LO, K_HI, K_LO, OnagerKnowledge, back_row_moves
from game.ai.registry import classic_knowledge_for, knowledge_for
from game.rules.base import Color
from game.rules.onager import Onager

BLACK = 1


def pos(text: str, to_move: str) -> Onager:
    return Onager.from_position(text, Color.parse(to_move))


def lead(top: list[int], c: int) -> int:
    """Colour c's pieces on the opponent's back row minus the opponent's on c's."""
    far, own = ((K_LO, K_HI), (A_LO, A_HI)) if c == BLACK else ((A_LO, A_HI), (K_LO, K_HI))
    return top[far[0]:far[1]].count(c) - top[own[0]:own[1]].count(3 - c)


def gains(game: Onager) -> set[int]:
    """The moves after which the mover's back-row lead is one more, found by playing them."""
    c = game.turn
    before = lead(game.tops, c)
    out = set()
    for m in game.legal_moves():
        game.play(m)
        if lead(game.tops, c) == before + 1:
            out.add(m)
        game.undo()
    return out


def test_spec_8_7_white_must_cover_k1():
    # Black leads 2 to 1 on the back rows; only i1-k1 evens it (a2-a1 walks along row a).
    game = pos("k1: B; k3: W,B; a2: W; i1: W; j1: W; c4: B", "white")
    assert [game.move_str(m) for m in back_row_moves(game, game.legal_moves())] == ["i1-k1"]
    kn = OnagerKnowledge(tactics=True)
    rng = random.Random(1)
    for _ in range(20):       # the rollout always answers the threat
        assert game.move_str(kn._policy_move(game, game.legal_moves(), rng)) == "i1-k1"


def test_level_count_offers_the_moves_that_take_the_lead():
    # 1 to 1: j2 steps onto row k and leads; k3 only walks along row k.
    game = pos("k3: B; j2: B; a3: W; e5: W; e6: W", "black")
    got = {game.move_str(m) for m in back_row_moves(game, game.legal_moves())}
    assert got == {"j2-k1", "j2-k2"}


def test_two_behind_has_no_such_moves():
    game = pos("k1: W,B; a1: W; a2: W; a3: W; i1: B; c4: W,B; j1: B", "black")
    assert lead(game.tops, BLACK) == -2 and game.result is None
    assert back_row_moves(game, game.legal_moves()) == []


def test_back_row_moves_are_exactly_the_gaining_moves_in_played_out_games():
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        game = Onager.new()
        while game.result is None and game.ply < 160:
            if not game.in_setup and -1 <= lead(game.tops, game.turn) <= 0:
                moves = game.legal_moves()
                assert set(back_row_moves(game, moves)) == gains(game)
                checked += 1
            elif not game.in_setup:
                assert back_row_moves(game, game.legal_moves()) == []
            ms = game.legal_moves()
            game.play(ms[int(rng.random() * len(ms))])
    assert checked > 1000


def test_medium_and_hard_play_the_tactics_and_easy_stays_as_it_was():
    assert knowledge_for("onager").tactics
    easy = classic_knowledge_for("onager")
    assert not easy.tactics and easy.rollout == 6
