"""Amoeba's static evaluation (Medium and Hard): its features, its values, the fitting tool."""
from __future__ import annotations

import importlib.util
import math
import random
from pathlib import Path

from game.ai import amoeba_eval
from game.ai.amoeba_eval import (FEATURES, WEIGHTS, AmoebaKnowledge, capture_count, features,
                                 static_value)
from game.ai.levels import analyse, knowledge_of, get_level
from game.rules import game_class, make_game
from game.rules.base import Color

ROOT = Path(__file__).resolve().parent.parent


def pos(text: str, to_move: str):
    return game_class("amoeba").from_position(text, Color.parse(to_move))


def test_the_start_is_even_and_seen_from_the_side_to_move():
    g = make_game("amoeba")
    f = features(g)
    assert len(f) == len(FEATURES) == len(WEIGHTS)
    assert f[:4] == [0, 0.0, 0, 0.0]              # the start is symmetric: no difference,
    assert f[4] == f[5] and f[6] == f[7] and f[8] == f[9]    # no threat, both sides alike
    v = static_value(g)
    assert 0.4 < v < 0.6
    g.push("c3-d4")
    w = static_value(g)                       # still Black's value with White to move
    assert 0.0 < w < 1.0 and abs(w - v) < 0.2


def test_a_threatened_kernel_is_bad_for_its_owner():
    # The single white piece on e4 stands one step from the black Kernel on d4: White
    # threatens to capture it, and Black, to move, must parry. On e6 it threatens nothing.
    threatened = pos("d4: Bk; e4: W; a1: B; a2: B; g1: Wk; g2: W", "black")
    safe = pos("d4: Bk; e6: W; a1: B; a2: B; g1: Wk; g2: W", "black")
    assert capture_count(threatened.point_stacks, 1, threatened.kernel_points[0]) == 1
    assert capture_count(safe.point_stacks, 1, safe.kernel_points[0]) == 0
    # The weights come from engine games, where one threat is usually parried: it costs
    # Black something; two (c4 and e4) cost it the game more often than not.
    assert static_value(threatened) < static_value(safe) - 0.1
    ft = features(threatened)
    assert ft[FEATURES.index("threats")] == 1 and ft[FEATURES.index("threatened")] == 1.0
    two = pos("d4: Bk; e4: W; c4: W; a1: B; a2: B; g1: Wk; g2: W", "black")
    assert capture_count(two.point_stacks, 1, two.kernel_points[0]) == 2
    assert static_value(two) < 0.15 < static_value(threatened)


def test_a_split_threat_by_a_lower_piece_is_counted():
    # As in spec 8.4, from White's side: White's d1 stack (B, W, W; top W) splits east
    # and drops its second piece, a W, on d3, the black Kernel's point; its whole-stack
    # move lands on d4 and captures nothing.
    g = pos("d1: B,W,W; d3: Bk; b3: Wk; g4: B", "black")
    assert capture_count(g.point_stacks, 1, g.kernel_points[0]) == 1


def test_static_knowledge_plays_the_levels_and_keeps_the_tactics():
    kn = knowledge_of(get_level("hard", "amoeba"), make_game("amoeba"))
    assert isinstance(kn, AmoebaKnowledge) and kn.static
    first = knowledge_of(get_level("1", "amoeba"), make_game("amoeba"))
    assert not first.static and first.cutoff == 60            # level 1: the playouts
    easy = knowledge_of(get_level("easy", "amoeba"), make_game("amoeba"))
    assert isinstance(easy, AmoebaKnowledge) and easy.static  # Easy: the game's knowledge
    # A win in one is still found and proven; a lost position is still known as lost.
    g = pos("d1: W,B,B; d3: Wk; b3: Bk; g4: W", "black")
    res = analyse(g, "hard", random.Random(1), iterations=300)
    assert g.move_str(res.move) == "d1>d4" and res.proven == 1
    # Leaves are scored in (0, 1) and the simulation never leaves a finished game unscored.
    rng = random.Random(2)
    for seed in range(20):
        h = make_game("amoeba")
        r = random.Random(seed)
        for _ in range(r.randrange(0, 30)):
            if h.result is not None:
                break
            ms = h.legal_moves()
            h.play(ms[int(r.random() * len(ms))])
        if h.result is None:
            v = kn.simulate(h.copy(), rng)
            assert 0.0 <= v <= 1.0 and not math.isnan(v)


def test_the_fitting_tool_recovers_known_weights():
    spec = importlib.util.spec_from_file_location("fit_amoeba_eval",
                                                  ROOT / "tools" / "fit_amoeba_eval.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    rng = random.Random(4)
    true = [0.8, -1.5, 0.3]
    xs, ys = [], []
    for _ in range(400):
        x = [rng.uniform(-2, 2) for _ in range(2)]
        z = true[0] * x[0] + true[1] * x[1] + true[2]
        xs.append(x)
        ys.append(1.0 / (1.0 + math.exp(-z)))          # soft labels, exactly logistic
    w = tool.fit(xs, ys, steps=15)
    assert all(abs(a - b) < 0.01 for a, b in zip(w, true))
    assert amoeba_eval.BIAS is not None


def test_the_fitting_tool_labels_positions_by_the_results_of_engine_games():
    spec = importlib.util.spec_from_file_location("fit_amoeba_eval",
                                                  ROOT / "tools" / "fit_amoeba_eval.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    pos_a, ys_a = tool.outcome_positions([(5, 2)], 40)
    pos_b, ys_b = tool.outcome_positions([(5, 2)], 40)
    assert pos_a and len(pos_a) == len(ys_a) and set(ys_a) <= {0.0, 1.0}
    assert ys_a == ys_b and [features(g) for g in pos_a] == [features(g) for g in pos_b]
    # Every position's label is its mover's result: the two sides' positions disagree.
    assert 0 < sum(ys_a) < len(ys_a)
