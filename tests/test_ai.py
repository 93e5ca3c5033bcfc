"""The computer opponent: tactics in set positions, legality, budgets, levels, tools.

Budgets here are iteration counts (no clock), so every test is deterministic
for its seed and does not depend on the machine's speed.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import bestmove, match
from game.ai.registry import knowledge_for
from game.ai.levels import (LEVEL_NAMES, PLAYING_LEVELS, analyse, answer_offer, choose_move,
                            get_level)
from game.ai.mcts import SearchParams, search
from game.rules import game_class, make_game
from game.rules.base import Color

ROOT = Path(__file__).resolve().parent.parent


def pos(name: str, text: str, to_move: str, **options):
    return game_class(name).from_position(text, Color.parse(to_move), **options)


def pick(game, level: str = "hard", seed: int = 0, iterations: int = 3000) -> str:
    return game.move_str(choose_move(game, level, random.Random(seed), iterations=iterations))


def wins_at_once(game, move) -> bool:
    me = game.to_move
    game.play(move)
    res = game.result
    game.undo()
    return res is not None and res.winner == me


# --------------------------------------------------------------- win in one
WIN_IN_ONE = [
    # Amoeba 8.4: a lower piece of the split lands on the white Kernel.
    ("amoeba", "d1: W,B,B; d3: Wk; b3: Bk; g4: W", "black", {}, {"d1>d4"}),
    # Amoeba 8.7: covering a buried Kernel, by a move or a split.
    ("amoeba", "c3: W,B; e4: Wk,B,W; b3: Bk; g1: W", "black", {}, {"c3-e4", "c3>e4"}),
    # Onyx W10: a win through a midpoint.
    ("onyx", "Black: c1 c2 c4 c5 c6 d7 d8 d9 d10 d11 d12 cd67; White: b3 e6 e7", "black", {},
     {"c3"}),
    # Onyx W11 (a): a win touching a board corner.
    ("onyx", "White: b2 c2 d2 e2 f2 g2 h2 i2 j2 k2 l2; Black: a2 a3", "white", {}, {"a1"}),
    # Onyx W12: capture and win in one move.
    ("onyx", "Black: b4 c1 c2 d3 d4 d5 d6 d7 d8 d9 d10 d11 d12; White: b3 c4", "black", {},
     {"c3"}),
    # Onager: j2-k1 leads 1-0 on row k and White cannot cover k1 or reach row a:
    # Black wins at the start of its next turn, whatever White plays.
    ("onager", "a2: B; a5: B; b2: B; b5: B; c8: B; d3: B; d5: B; d6: B; e8: W; e9: W; e10: B; "
               "f1: W; f10: W; g3: W; g6: W; g9: B; i1: B; i7: W; i8: B; j2: B; j4: W; j6: W; "
               "k3: W; k4: W; k5: W; k6: W; Lakes: d9 g5 i6", "black", {}, {"j2-k1"}),
]


@pytest.mark.parametrize("name,text,to_move,options,wins", WIN_IN_ONE,
                         ids=[f"{w[0]}-{sorted(w[4])[0]}" for w in WIN_IN_ONE])
def test_finds_win_in_one(name, text, to_move, options, wins):
    game = pos(name, text, to_move, **options)
    # Any move that wins at once is fine (W12: d2 connects as well as c3).
    wins = set(wins) | {game.move_str(m) for m in game.legal_moves() if wins_at_once(game, m)}
    for level in ("easy", "medium", "hard"):
        assert pick(game, level, seed=1) in wins, level
    res = analyse(game, "hard", random.Random(2), iterations=3000)
    assert res.proven == 1 and game.move_str(res.move) in wins


# --------------------------------------------------------------- win in two
WIN_IN_TWO = [
    # Amoeba: found by exhaustive search; only f5>d7 wins by force in three plies.
    ("amoeba", "a1: B; b1: B,B; b2: W; b5: B,Bk; c2: B,W,W; c3: W; c5: B; d4: W,W; d5: B; "
               "d6: B,B; d7: W; f2: B; f5: Wk,W; g1: W; g2: W", "white", {"f5>d7"}),
    ("amoeba", "a2: W; a4: B,B; b1: B; b3: B,W; b4: B,W,Bk; c1: B; c3: W,B; c4: B; c6: W; "
               "d6: B,B,Wk; e1: W; g1: W; g3: W,W; g4: W", "black", {"b4>e6"}),
    # Onyx: j6 makes two connecting points; White cannot stop both (exhaustive search).
    ("onyx", "Black: a1 a6 a7 a10 a12 b1 b7 c1 c6 c8 c11 c12 d1 d11 d12 e2 e3 e11 f8 f10 g7 "
             "g8 h2 h8 h9 h12 i5 i7 i12 j4 j9 j10 j11 j12 k5 l1 l3 l5 l6 l7 l8 l9 bc34 bc56 "
             "de1112; White: a2 a3 a8 b3 b4 b6 b8 b12 c4 c9 d4 d10 e5 f1 f2 f3 f5 f6 f7 f12 g1 "
             "g4 g5 g6 g11 g12 h6 h10 i3 i6 j5 j7 j8 k2 k3 k4 k10 l2 l4 l11 l12 ab45 bc12 kl45",
     "white", {"j6"}),
    # Onager (exhaustive search): b2-j6, then whatever White does, a move to row k that
    # no reply can answer. A majority counts at the start of a turn: 4 plies in all.
    ("onager", "a1: B; a2: B; a3: B; a6: B; b2: B; b4: B; c2: B; c4: B; c7: B; c8: B; e7: B; "
               "f6: B; f7: B; g8: W; h4: W; i1: W; i2: W; i4: W; i5: W; i7: W; i8: W; j1: W; "
               "j4: W; j6: W; k1: W; k6: W; Lakes: c5 f5 h5", "black", {"b2-j6"}),
    ("onager", "a2: B; a5: B; a6: B; b2: B; b3: B; b5: B; b6: B; b7: B; c1: B; e5: B; f5: B; "
               "g3: B; g6: W; h1: W; h3: W; h4: W; h7: W; i1: W; i3: B; i6: W; i7: W; i8: W; "
               "j7: W; k1: W; k5: W; k6: W; Lakes: c3 e3 g7", "black", {"b5-j3", "i3-j3"}),
]


@pytest.mark.parametrize("name,text,to_move,wins", WIN_IN_TWO,
                         ids=[f"{w[0]}-{sorted(w[3])[0]}" for w in WIN_IN_TWO])
def test_finds_win_in_two(name, text, to_move, wins):
    game = pos(name, text, to_move)
    assert knowledge_for(name).win_now(game) is None      # no win in one here
    res = analyse(game, "hard", random.Random(3), iterations=4000)
    assert game.move_str(res.move) in wins
    plies = 4 if name == "onager" else 3                  # my move, any reply, my win
    assert res.proven == 1 and res.proof_plies == plies
    assert pick(game, "medium", seed=4, iterations=4000) in wins


def test_onager_8_7_never_allows_an_immediate_loss():
    # Black leads 2-1; every White move except i1-k1 lets Black win at once.
    game = pos("onager", "k1: B; k3: W,B; a2: W; i1: W; j1: W; c4: B", "white")
    for level, seed in (("easy", 1), ("medium", 2), ("hard", 3)):
        assert pick(game, level, seed=seed, iterations=800) == "i1-k1"


def test_lost_position_still_gives_a_legal_move_and_knows_it():
    # Amoeba: every Black move lets White capture the black Kernel next.
    game = pos("amoeba", "a2: B; a3: B; a4: B; b4: W,B,Bk; c2: B; c6: B; d1: B; d2: B; d5: B; "
                         "e2: W,W; e3: W,B,W; e6: W; f1: W; g2: W,Wk; g3: W; g4: W", "black")
    res = analyse(game, "hard", random.Random(5), iterations=2000)
    assert res.move in game.legal_moves()
    assert res.proven == -1 and res.proof_plies == 2


def test_shortest_win_is_preferred():
    # Amoeba 8.4 with more material: the capture in one is played, not a longer win.
    game = pos("amoeba", "d1: W,B,B; d3: Wk; b3: Bk; g4: W; a1: B; a2: B", "black")
    res = analyse(game, "hard", random.Random(6), iterations=500)
    assert game.move_str(res.move) == "d1>d4" and res.proof_plies == 1


# ----------------------------------------------------------------- legality
def random_position(name: str, rng: random.Random, **options):
    game = make_game(name, **options)
    for _ in range(rng.randrange(0, 60)):
        if game.result is not None:
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    if game.result is not None:
        game.undo()
    return game


VARIANTS = [("amoeba", {}), ("onyx", {}), ("onyx", {"pie": True}), ("onyx", {"size": 16, "open": True}),
            ("onager", {})]


@pytest.mark.parametrize("name,options", VARIANTS, ids=lambda v: str(v))
def test_never_returns_an_illegal_move(name, options):
    rng = random.Random(hash(name) % 1000 + len(options))
    for i in range(5):
        game = random_position(name, rng, **options)
        key = game.key()
        for level in LEVEL_NAMES:
            move = choose_move(game, level, random.Random(i), iterations=40)
            assert move in game.legal_moves(), (level, game.position_text())
            assert game.key() == key          # the game passed in is not changed


def test_special_phases_onyx_swap_and_onager_lakes():
    # Onager setup phase: a legal lake, never the centre.
    game = make_game("onager")
    for _ in range(3):
        lake = choose_move(game, "hard", random.Random(1), iterations=50)
        assert lake in game.legal_moves() and game.move_str(lake) != "f6"
        game.play(lake)
    assert not game.in_setup
    assert choose_move(game, "easy", random.Random(1), iterations=50) in game.legal_moves()
    # Onyx pie rule: White swaps a central first stone, not a corner one.
    central = make_game("onyx", pie=True)
    central.push("f6")
    assert central.move_str(choose_move(central, "hard", random.Random(2), iterations=50)) == "swap"
    corner = make_game("onyx", pie=True)
    corner.push("a1")
    assert corner.move_str(choose_move(corner, "hard", random.Random(2), iterations=200)) != "swap"
    # Black, who may be swapped, opens outside the central region but not on the rim.
    from game.ai.onyx_eval import centrality, strong_opening
    first = make_game("onyx", pie=True)
    for seed in range(5):
        m = choose_move(first, "medium", random.Random(seed), iterations=50)
        assert m in first.legal_moves() and not strong_opening(first, m)
        assert centrality(first, m) <= 12 / 4 + 1.5
    # The uct baseline never swaps (it knows nothing of the pie rule).
    assert central.move_str(choose_move(central, "uct", random.Random(3), iterations=30)) != "swap"


# ------------------------------------------------------------------ budgets
def test_iteration_budget_is_respected():
    game = make_game("amoeba")
    for n in (1, 17, 150):
        res = analyse(game, "hard", random.Random(0), iterations=n)
        assert res.iterations == n
        assert sum(res.visits.values()) == n


def test_deadline_on_an_injected_clock_is_respected():
    game = make_game("onyx")
    now = [0.0]

    def clock() -> float:
        now[0] += 0.01
        return now[0]

    from dataclasses import replace
    lv = get_level("hard", "onyx")
    params = replace(lv.params, min_iterations=0)
    res = search(game, knowledge_for("onyx"), params, random.Random(0), clock=clock,
                 deadline=0.5)
    # The clock is read every few iterations: about 50 readings fit before the deadline.
    assert 0 < res.iterations <= 50 * lv.params.check_every + lv.params.check_every
    assert now[0] >= 0.5
    # The level itself does not stop at its deadline before its floor of iterations, but
    # only within the hard deadline (twice the time it was given): from now[0], the deadline
    # 0.5 s away, the hard one 1 s away, 10 ms a reading: about 100 readings.
    from game.ai.mcts import HARD_FACTOR
    start = now[0]
    res = search(game, knowledge_for("onyx"), lv.params, random.Random(0), clock=clock,
                 deadline=start + 0.5)
    floor = lv.params.min_iterations
    assert floor > 0 and floor <= res.iterations <= floor + lv.params.check_every
    assert now[0] - start <= HARD_FACTOR * 0.5 + 0.02


def test_cancel_stops_the_search_with_a_legal_move():
    game = make_game("onager")
    for m in ("c3", "f9", "h5"):
        game.push(m)
    calls = [0]

    def cancel() -> bool:
        calls[0] += 1
        return calls[0] > 3

    res = search(game, knowledge_for("onager"), SearchParams(iterations=10_000), random.Random(0),
                 cancel=cancel)
    assert res.cancelled and res.iterations < 100
    assert res.move in game.legal_moves()


def test_info_reports_the_search():
    game = make_game("onyx")
    info: dict = {}
    move = choose_move(game, "easy", random.Random(3), iterations=64, info=info)
    assert move in game.legal_moves()
    assert info["iterations"] == 64 and 0.0 <= info["value"] <= 1.0 and info["proven"] == 0


def test_same_seed_same_move_without_a_clock():
    game = make_game("amoeba")
    game.push("c3-d4")
    a = choose_move(game, "medium", random.Random(42), iterations=300)
    b = choose_move(game, "medium", random.Random(42), iterations=300)
    assert a == b


def test_openings_vary_with_the_seed():
    game = make_game("amoeba")
    seen = {choose_move(game, "easy", random.Random(s), iterations=100) for s in range(8)}
    assert len(seen) >= 3


def test_levels():
    assert set(LEVEL_NAMES) == {"random", "easy", "medium", "hard", "uct"}
    assert PLAYING_LEVELS == ("easy", "medium", "hard")
    for name in ("amoeba", "onyx", "onager"):
        hard = get_level("hard", name).params
        uct = get_level("uct", name).params
        easy = get_level("easy", name).params
        medium = get_level("medium", name).params
        assert 0 < easy.seconds < medium.seconds < hard.seconds <= 3.0
        assert uct.seconds == hard.seconds and not uct.solver and not uct.knowledge
        assert easy.fallback_iterations < medium.fallback_iterations <= hard.fallback_iterations
    assert get_level(" HARD ").name == "hard"
    with pytest.raises(ValueError, match="unknown level"):
        get_level("grandmaster")
    with pytest.raises(ValueError, match="over"):
        choose_move(pos("amoeba", "c3: Bk,W; f3: Wk", "white"), "easy")


def test_a_level_declares_whether_it_keeps_its_tree_and_its_onyx_rules():
    """What a level is (its tree, its move choice, its Onyx guards) is declared on the
    ``Level``, the same for a level's name and its number, in every game."""
    from game.ai.levels import LADDER, LEVEL_NUMBERS
    for game in (None, "amoeba", "onyx", "onager"):
        for number, name in zip(LEVEL_NUMBERS, LADDER):
            lv, by_number = get_level(name, game), get_level(number, game)
            assert lv == by_number
            assert lv.keeps_tree == (lv.softmax == 0) and lv.weak == (lv.softmax > 0)
            assert lv.params.min_iterations == (0 if lv.weak else lv.params.min_iterations)
        for name in ("random", "uct"):
            assert not get_level(name, game).keeps_tree
    # Only Onyx's levels use the Onyx rules; its strongest are left to their search.
    assert not any(get_level(n, g).guard for n in LADDER for g in ("amoeba", "onager"))
    assert not any(get_level(n, "onyx").guard for n in ("medium", "6", "7", "hard"))
    assert all(get_level(n, "onyx").guard for n in ("easy", "3", "4"))


def test_hard_beats_random_quickly():
    # A tiny sanity match with small iteration budgets (the real numbers come from
    # python -m game.ai.match, see the report).
    rng = random.Random(9)
    for name in ("amoeba", "onager"):
        game = make_game(name)
        while game.result is None and game.ply < 200:
            if game.to_move == Color.BLACK:
                move = choose_move(game, "hard", rng, iterations=150)
            else:
                move = choose_move(game, "random", rng)
            game.play(move)
        assert game.result is not None and game.result.winner == Color.BLACK, name


# ------------------------------------------------------------------- offers
def test_amoeba_offer_follows_the_count():
    # White (the computer, not to move) leads 3-2 in stacks: ending now wins for it.
    ahead = pos("amoeba", "a1: B; a2: B; g1: W; g2: W; b3: Bk; f3: Wk; e3: W", "black")
    assert answer_offer(ahead, random.Random(0), iterations=200) is True
    # The computer would lose the count: it declines.
    behind = pos("amoeba", "a1: B; a2: B; a3: B; g1: W; b3: Bk; f3: Wk", "black")
    assert answer_offer(behind, random.Random(0), iterations=200) is False
    # Even count, but the computer (Black) can capture the white Kernel: it plays on.
    winning = pos("amoeba", "d1: W,B,B; d3: Wk; b3: Bk; g4: W", "white")
    assert winning.counts()["black"] == winning.counts()["white"]
    assert answer_offer(winning, random.Random(0), iterations=300, computer=Color.BLACK) is False


def test_onager_draw_offer_follows_the_evaluation():
    text = ("a2: B; a5: B; b2: B; b5: B; c8: B; d3: B; d5: B; d6: B; e8: W; e9: W; e10: B; "
            "f1: W; f10: W; g3: W; g6: W; g9: B; i1: B; i7: W; i8: B; j2: B; j4: W; j6: W; "
            "k3: W; k4: W; k5: W; k6: W; Lakes: d9 g5 i6")
    game = pos("onager", text, "black")       # Black wins with j2-k1
    assert answer_offer(game, random.Random(1), iterations=1500) is True      # White is lost
    assert answer_offer(game, random.Random(1), iterations=1500, computer=Color.BLACK) is False
    assert answer_offer(make_game("onyx"), random.Random(1), iterations=10) is False


# ------------------------------------------------------------------ commands
def test_bestmove_prints_one_legal_move(capsys):
    assert bestmove.main(["amoeba", "--level", "easy", "--seed", "3", "c3-d4"]) == 0
    out = capsys.readouterr()
    game = make_game("amoeba")
    game.push("c3-d4")
    assert out.out.count("\n") == 1 and out.out.strip() in game.legal_strs()
    assert out.err == ""


def test_bestmove_refuses_like_the_referee(capsys):
    assert bestmove.main(["amoeba", "--level", "easy", "c3-d9"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1 and "refused" in out.err
    assert bestmove.main(["onyx", "--level", "nope"]) == 2
    assert bestmove.main(["amoeba", "--pie"]) == 2
    assert bestmove.main(["onyx", "--level", "easy", "--size", "13"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and len(out.err.strip().splitlines()) == 3


def test_bestmove_command_in_a_real_process():
    proc = subprocess.run([sys.executable, "-m", "game.ai.bestmove", "onyx", "--level", "random",
                           "--seed", "1", "--pie", "f6"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    game = make_game("onyx", pie=True)
    game.push("f6")
    assert proc.stdout.strip() in game.legal_strs() and proc.stdout.count("\n") == 1


def test_match_runner_reports(capsys):
    out = match.run_match("amoeba", "easy", "random", 2, seed=1, alternate=True)
    assert out["games"] == 2 and out["black_wins"] + out["white_wins"] + out["draws"] == 2
    assert set(out["wins"]) == {"easy", "random"}
    assert set(out["avg_move_s"]) == {"easy", "random"}
    capped = match.run_match("onager", "random", "random", 1, seed=1, max_plies=12,
                             keep_records=True)
    assert capped["capped"] == 1 and capped["draws"] == 1 and capped["avg_plies"] == 12
    assert len(capped["records"][0]["moves"]) == 12 and capped["reasons"] == {"ply-cap": 1}
    assert match.main(["onyx", "--black", "random", "--white", "random", "--games", "1",
                       "--size", "12", "--pie", "--json", "--quiet", "--seed", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("games", "black", "white", "black_wins", "white_wins", "draws", "avg_plies",
                "avg_move_s"):
        assert key in data


# ------------------------------------------------------- Onyx: connection knowledge
def test_onyx_connection_distances():
    from game.ai.onyx_eval import INF, distances, path_distance, potential
    for n in (12, 16, 20):
        # Standard start: each side has its two start stones on one opponent edge.
        assert distances(make_game("onyx", size=n)) == (n - 2, n - 2)
        assert distances(make_game("onyx", size=n, open=True)) == (n, n)
    # W10: Black connects with c3 (a path through the midpoint stone cd67).
    w10 = pos("onyx", "Black: c1 c2 c4 c5 c6 d7 d8 d9 d10 d11 d12 cd67; White: b3 e6 e7", "black")
    assert path_distance(w10, 1) == 1
    # Without the midpoint stone c6 and d7 are not adjacent: one more point is needed.
    no_mid = pos("onyx", "Black: c1 c2 c4 c5 c6 d7 d8 d9 d10 d11 d12; White: b3 e6 e7", "black")
    assert path_distance(no_mid, 1) == 2
    # A wall: White's full row 6 cuts Black off; capturable stones are not walls.
    wall = pos("onyx", "White: " + " ".join(f"{c}6" for c in "abcdefghijkl"), "black")
    assert path_distance(wall, 1) >= INF
    assert path_distance(wall, 2) == 0
    # W1's capture: b5 captures a5 b4, so those White stones are soft for Black.
    w1 = pos("onyx", "Black: a4 b3 c2 c4 d3; White: a5 b4 d2", "black")
    from game.ai.onyx_eval import capture_points
    caps = capture_points(w1, 1)
    assert list(caps) == [w1.point_index("b5")]
    assert sorted(caps[w1.point_index("b5")]) == sorted([w1.point_index("a5"),
                                                          w1.point_index("b4")])
    pb, mob, _, _ = potential(make_game("onyx"), 1)
    assert 0 < pb < INF and mob > 0


def test_onyx_order_puts_the_block_of_a_side_run_first():
    # Black has run up column a (a1-a8); White to move. The first moves the tree tries
    # are on Black's remaining path a9-a12 or right next to it (columns a-c, rows 9-12).
    from game.ai.onyx_eval import ConnectionMaps
    game = make_game("onyx", size=12)
    for b, w in zip(("a1", "a2", "a3", "a4", "a5"), ("l12", "k12", "l11", "k11", "j12")):
        game.push(b)
        game.push(w)
    game.push("a8")
    k = knowledge_for("onyx")
    first = k.order(game, game.legal_moves(), random.Random(0))[:8]
    maps = ConnectionMaps(game)
    assert maps.d_opp == 4                  # a9 a10 a11 a12 left for Black
    on_path = {p for p in range(game.geometry.nc) if maps.o1[p] + maps.o2[p] - 1 == maps.d_opp}
    assert first[0] in on_path
    near = [m for m in first if game.geometry.xy[m][0] <= 2 and game.geometry.xy[m][1] >= 9]
    assert len(near) >= 5, [game.move_str(m) for m in first]


def test_onyx_plain_paths_finds_the_cuts():
    # Black's start stones l6 l7 and l8: to the bottom edge the path can go down column l
    # or, diagonally from l6, down column k; to the top only l9-l12 will do. A stone on
    # each of those lengthens the path, a stone on one of the other points does not.
    from game.ai.onyx_eval import INF, path_distance, plain_paths
    game = make_game("onyx", size=12)
    game.push("l8")
    d, on, cuts = plain_paths(game, 1)
    assert d == path_distance(game, 1) == 9
    assert {game.move_str(p) for p in cuts} == {"l9", "l10", "l11", "l12"}
    assert {game.move_str(p) for p in on} >= {"k1", "k5", "l1", "l5"}

    def lengthen(g, d, on):
        out = []
        for p in on:
            trial = g.copy()
            trial._cell[p] = 2          # a White stone there, nothing else changed
            if path_distance(trial, 1) > d:
                out.append(p)
        return out

    assert lengthen(game, d, on) == cuts
    # On the open board every point is on a shortest path and none is a cut.
    d, on, cuts = plain_paths(make_game("onyx", size=12, open=True), 1)
    assert (d, len(on), cuts) == (12, 144, [])
    # A White wall across row 6 with one gap at f6: the gap is a cut, and so is the
    # column above it (f6's only neighbour upwards is f7).
    wall = pos("onyx", "White: " + " ".join(f"{c}6" for c in "abcdeghijkl"), "black")
    d, on, cuts = plain_paths(wall, 1)
    assert d == 12 and [wall.move_str(p) for p in cuts] == [f"f{r}" for r in range(6, 13)]
    assert lengthen(wall, d, on) == cuts
    full = pos("onyx", "White: " + " ".join(f"{c}6" for c in "abcdefghijkl"), "black")
    assert plain_paths(full, 1) == (INF, [], [])


def test_onyx_order_cuts_a_path_it_loses_the_race_to(monkeypatch):
    # After l8 Black needs 9 stones and White 10, White to move: in a plain race Black
    # connects first, so White must cut, and only l9-l12 lengthen Black's path. They
    # are the first four moves the tree tries; without the race rule they are not.
    import game.ai.onyx_eval as oe
    game = make_game("onyx", size=12)
    game.push("l8")
    assert oe.distances(game) == (9, 10)
    k = knowledge_for("onyx")
    cuts = {game.point_index(c) for c in ("l9", "l10", "l11", "l12")}
    assert set(k.order(game, game.legal_moves(), random.Random(0))[:4]) == cuts
    monkeypatch.setattr(oe, "RACE_BONUS", 0.0)
    assert set(k.order(game, game.legal_moves(), random.Random(0))[:4]) != cuts


# White has run along Black's top edge (b12-g12) and needs h12-l12 in single file: its
# two-distance (19) counts that path as cut already, its plain distance is 5. Black to move.
SINGLE_FILE_12 = ("Black: a6 a7 b8 b11 c4 d2 d3 d11 e1 g9 h11 l6 l7 de1112; "
                  "White: a1 a11 b1 b12 c1 c12 d12 e12 f1 f12 g1 g12")


def test_onyx_leaf_value_sees_a_run_in_single_file():
    from game.ai.onyx_eval import ConnectionMaps, OnyxKnowledge, path_distance
    from game.rules.onyx import Onyx
    game = Onyx.from_position(SINGLE_FILE_12, "black", size=12)
    maps = ConnectionMaps(game, True)
    assert (maps.d_opp, path_distance(game, 2)) == (19, 5)
    # The potential alone calls Black all but won; counted as 5 + 3 the run is a threat.
    assert OnyxKnowledge(plain_cap=None).evaluate(game) > 0.95
    assert OnyxKnowledge().evaluate(game) < 0.5


def test_medium_blocks_the_run_in_single_file():
    # With the potential alone Medium played e9 here (its value 0.997) and lost the game
    # (a seeded game against the line runner, 12x12, 375 iterations). Now it blocks.
    from game.ai.onyx_eval import path_distance
    from game.rules.onyx import Onyx
    for seed in range(2):
        game = Onyx.from_position(SINGLE_FILE_12, "black", size=12)
        move = choose_move(game, "medium", random.Random(seed), iterations=375)
        game.play(move)
        assert path_distance(game, 2) > 5, game.move_str(move)


CAPTURE_12 = "Black: f6 k1 k2 k3 k4 k5 k6 k7; White: a6 b6 c6 d6 e6 f7 g7 h7 i7"


def test_onyx_leaf_value_counts_the_movers_best_capture():
    from game.ai.onyx_eval import OnyxKnowledge, capture_points, path_distance
    from game.rules.onyx import Onyx
    game = Onyx.from_position(CAPTURE_12, "black", size=12)
    # White is 4 points from across; Black's e7 takes e6 and f7 out of that path.
    (q, taken), = capture_points(game, 1).items()
    assert game.move_str(q) == "e7" and {game.move_str(p) for p in taken} == {"e6", "f7"}
    assert path_distance(game, 2) == 4
    game.play(q)
    assert path_distance(game, 2) == 8
    game.undo()
    # Without the capture the leaf value has Black behind; with it, ahead.
    assert OnyxKnowledge(captures=False).evaluate(game) < 0.3
    assert OnyxKnowledge().evaluate(game) > 0.7
    # The value is the same position afterwards (the capture was played and taken back).
    assert game.position_text() == Onyx.from_position(CAPTURE_12, "black", size=12).position_text()


def test_a_search_tree_is_freed_as_soon_as_it_is_dropped():
    """No reference cycles: a weak level's tree, and the part of a kept tree that a move
    leaves behind, go when dropped, not whenever the cyclic collector next runs."""
    import gc
    from game.ai.mcts import Node, SearchTree
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for name in ("amoeba", "onyx", "onager"):
            game = make_game(name)
            rng = random.Random(5)
            tree = SearchTree()
            for _ in range(3):
                game.play(choose_move(game, "3", rng))                  # keeps no tree
                game.play(choose_move(game, "hard", rng, iterations=300, tree=tree))
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, Node)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()
    assert left == []


# ------------------------------------------------------------ search: keeping the work
def test_tree_reuse_starts_from_the_subtree_played():
    from game.ai.mcts import SearchTree
    for name in ("amoeba", "onyx", "onager"):
        game = make_game(name)
        if name == "onager":
            for m in ("c3", "f9", "h5"):
                game.push(m)
        tree = SearchTree()
        rng = random.Random(1)
        info: dict = {}
        first = choose_move(game, "hard", rng, iterations=600, tree=tree, info=info)
        assert info["reused"] == 0
        game.play(first)
        reply = analyse(game, "hard", random.Random(2), iterations=100).move
        game.play(reply)
        info = {}
        move = choose_move(game, "hard", rng, iterations=200, tree=tree, info=info)
        assert move in game.legal_moves()
        # The new search started from what the last one had found below this position
        # (the reply may have been one the tree hardly looked at: then little is kept).
        assert info["reused"] >= 0 and info["iterations"] == 200
        res = analyse(game, "hard", random.Random(3), iterations=300, tree=tree)
        assert tree.reused > 0 and sum(res.visits.values()) >= 300 + 0
        # Another game (or a position not reached from the root) starts afresh.
        other = make_game(name)
        other.play(other.legal_moves()[-1])
        if name == "onager":
            continue
        analyse(other, "hard", random.Random(4), iterations=50, tree=tree)
        assert tree.reused == 0


def test_tree_reuse_keeps_proofs_and_never_gives_an_illegal_move():
    from game.ai.mcts import SearchTree
    game = pos("amoeba", "d1: W,B,B; d3: Wk; b3: Bk; g4: W; a1: B; a2: B; g1: W", "white")
    tree = SearchTree()
    rng = random.Random(5)
    for _ in range(6):
        if game.result is not None:
            break
        m = choose_move(game, "hard", rng, iterations=300, tree=tree)
        assert m in game.legal_moves()
        game.play(m)


def test_progressive_widening_keeps_proofs_exact():
    # Every Black move loses (the lost Amoeba position above): with only two moves
    # admitted at first the search still proves the loss, so it tried every move.
    from dataclasses import replace
    game = pos("amoeba", "a2: B; a3: B; a4: B; b4: W,B,Bk; c2: B; c6: B; d1: B; d2: B; d5: B; "
                         "e2: W,W; e3: W,B,W; e6: W; f1: W; g2: W,Wk; g3: W; g4: W", "black")
    params = replace(get_level("hard", "amoeba").params, width0=2, widen=0.0, iterations=3000)
    res = search(game, knowledge_for("amoeba"), params, random.Random(5))
    assert res.proven == -1 and res.proof_plies == 2
    assert len(res.visits) == len(game.legal_moves())
    # The win in two of Onyx (j6) is found with widening too (Onyx's levels use it).
    game = pos("onyx", WIN_IN_TWO[2][1], "white")
    res = analyse(game, "hard", random.Random(3), iterations=4000)
    assert game.move_str(res.move) == "j6" and res.proven == 1


def test_widening_nodes_keep_little_memory():
    # A 20×20 Onyx position has 568 moves; a node keeps statistics for its admitted
    # moves only and the start of the move order (the rest is asked for when needed).
    from game.ai.mcts import PREFIX, SearchTree
    game = make_game("onyx", size=20)
    tree = SearchTree()
    analyse(game, "medium", random.Random(1), iterations=300, tree=tree)
    root = tree.root
    assert root.nmoves == 568 and root.width < 40 and len(root.n) == root.width
    kids = [k for k in root.kids if k is not None]
    assert kids and all(len(k.moves) <= k.width + PREFIX and len(k.n) == k.width for k in kids)


def test_transpositions_share_nodes_and_keep_amoeba_exact():
    from dataclasses import replace
    from game.ai.mcts import SearchTree
    name, text, to_move, wins = WIN_IN_TWO[0]
    game = pos(name, text, to_move)
    params = replace(get_level("hard", "amoeba").params, transpose=True, iterations=4000)
    tree = SearchTree()
    res = search(game, knowledge_for("amoeba"), params, random.Random(3), tree=tree)
    assert game.move_str(res.move) in wins and res.proven == 1 and res.proof_plies == 3
    assert len(tree.table) > 0
    # Repetition endings depend on the history: never cached in a shared node.
    game = make_game("amoeba")
    for m in ("c3-d4", "e3-d3", "d4-c3", "d3-e3", "c3-d4", "e3-d3", "d4-c3"):
        game.push(m)
    res = search(game, knowledge_for("amoeba"), params, random.Random(4), tree=SearchTree())
    assert res.move in game.legal_moves()


def test_a_cycle_of_captures_is_scored_as_a_draw():
    # Onyx has no repetition rule: a position met again is scored 0.5 by the search, so
    # a side that is ahead leaves the cycle.
    from game.ai.mcts import _history_keys
    game = make_game("onyx")
    for m in ("f6", "g7", "f8"):
        game.push(m)
    keys = _history_keys(game)
    assert game.key() in keys and len(keys) == 4
    assert knowledge_for("onyx").repetition_draw and not knowledge_for("amoeba").repetition_draw


def test_worker_keeps_its_tree_and_ponders_until_the_player_moves():
    from game.ai import worker
    worker._TREES.clear()
    now = [0.0]

    def clock() -> float:              # an injected clock: 10 ms a reading
        now[0] += 0.01
        return now[0]

    payload = {"kind": "move", "request_id": 1, "game": "onyx", "options": {"size": 12},
               "moves": ["f6"], "level": "6", "seed": 1}
    reply = worker.handle(payload, clock=clock)
    assert reply.ok and reply.info["reused"] == 0
    calls = [0]

    def player_moved() -> bool:         # the player moves after 60 looks
        calls[0] += 1
        return calls[0] > 60

    done = worker.ponder(payload, reply, player_moved, clock=clock)
    assert 0 < done <= 60 * 4 + 4       # stopped at once (checked every 4 iterations)
    # The player answers with the move the pondering looked at most: its subtree is kept.
    tree = worker.search_tree("6", "onyx")
    root = tree.root
    best = max(range(root.width), key=lambda i: root.n[i])
    game = worker.build_game("onyx", {"size": 12}, ["f6", reply.move])
    nxt = dict(payload, request_id=2, moves=["f6", reply.move, game.move_str(root.moves[best])])
    again = worker.handle(nxt, clock=clock)
    assert again.ok and again.info["reused"] > 0
    # The weak levels keep nothing and never ponder; neither does a finished or refused game.
    for weak in ("easy", "4"):
        assert worker.search_tree(weak, "onyx") is None
        other = dict(payload, level=weak)
        assert worker.ponder(other, worker.handle(other, clock=clock), lambda: False, clock=clock) == 0
    assert worker.search_tree("medium", "amoeba") is not None
    assert worker.search_tree("medium", "onyx") is not None
    # A level's number and its name are one level, with one tree.
    assert worker.search_tree("8", "onyx") is worker.search_tree("hard", "onyx")
    assert worker.search_tree("level 6", "onyx") is tree
    assert worker.ponder(payload, worker.EngineReply(1, "move", False, error="x"),
                         lambda: False) == 0


def test_match_runner_plays_another_checkout_scripted_players_and_budgets(capsys):
    # Another checkout's engine (here this one) plays through its bestmove command.
    other = match.Player("random", source=str(ROOT))
    out = match.run_match("amoeba", match.Player("random"), other, 1, seed=3, max_plies=4,
                          keep_records=True)
    assert out["white"] == f"random@{ROOT.name}" and out["capped"] == 1
    assert len(out["records"][0]["moves"]) == 4
    # The scripted Onyx players are players of the match runner.
    out = match.run_match("onyx", "line", "random", 1, seed=1)
    assert sum(out["wins"].values()) == 1 and set(out["wins"]) == {"line", "random"}
    assert match.main(["onyx", "--black", "runner", "--white", "easy", "--iterations", "20",
                       "--games", "1", "--seed", "1", "--quiet", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["white_budget"]["iterations"] == 20 and data["avg_iterations"]["easy"] == 20
    # Refused: a missing checkout, a runner outside Onyx, a bad budget (one line, status 2).
    for argv in (["amoeba", "--black", "hard", "--white", "hard", "--white-from", "/nowhere"],
                 ["amoeba", "--black", "line", "--white", "random"],
                 ["onyx", "--black", "hard", "--white", "hard", "--seconds", "0"]):
        assert match.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("error:") and err.count("\n") == 1


def test_worker_loop_ponders_after_a_move_and_stops_when_told(monkeypatch):
    # The worker's own loop (``_serve``, the code the worker process runs), here in a thread so
    # that its pondering can be counted: after answering a move it thinks on the player's time,
    # looking at the cancel flag every few iterations; the client cancels at the search's 30th
    # look, and the very look that sees it ends the pondering. Counted in looks and iterations,
    # not seconds, so the machine's load cannot change the outcome.
    import multiprocessing as mp
    import os
    import threading
    from game.ai import worker
    from game.ai.mcts import SearchParams

    worker._TREES.clear()
    req_recv, req_send = mp.Pipe(duplex=False)
    rep_recv, rep_send = mp.Pipe(duplex=False)
    cancelled = mp.Value("q", 0, lock=False)
    looks: list[bool] = []               # each look at "has the player moved?" and its answer
    pondered: list[int] = []             # iterations of each pondering
    stopped = threading.Event()
    real_ponder = worker.ponder

    def counted_ponder(payload, reply, stop, clock=None, seconds=None):
        def look() -> bool:
            if len(looks) == 29:
                cancelled.value = 1      # the client's cancel(): the player left the board
            looks.append(stop())
            return looks[-1]
        pondered.append(real_ponder(payload, reply, look, clock=clock, seconds=seconds))
        stopped.set()
        return pondered[-1]

    monkeypatch.setattr(worker, "ponder", counted_ponder)
    loop = threading.Thread(target=worker._serve, args=(req_recv, rep_send, cancelled, os.getppid()),
                            daemon=True)
    loop.start()
    try:
        req_send.send((1, {"kind": "move", "request_id": "m", "game": "amoeba", "options": {},
                           "moves": ["c3-d4"], "level": "medium", "seed": 1}))
        assert rep_recv.poll(120)
        gen, reply = rep_recv.recv()
        assert gen == 1 and reply.ok and reply.request_id == "m"
        assert stopped.wait(120)         # (a new request would stop it too: it is sent after)
        assert not rep_recv.poll(0)      # a cancelled pondering sends nothing
        # The next request is served as usual.
        req_send.send((2, {"kind": "move", "request_id": "n", "game": "amoeba", "options": {},
                           "moves": ["c3-d4", reply.move], "level": "medium", "seed": 2}))
        assert rep_recv.poll(120)
        gen, nxt = rep_recv.recv()
        assert gen == 2 and nxt.ok and nxt.request_id == "n"
    finally:
        req_send.send(None)
        loop.join(60)
    assert not loop.is_alive()
    # It pondered after its first move, and stopped at the first look after the cancel.
    assert pondered and looks[:30] == [False] * 29 + [True]
    check = SearchParams().check_every
    assert 0 < pondered[0] <= 29 * check
    # (its second move was never cancelled: it pondered that one until the None sentinel)
    assert len(pondered) == 2


def test_worker_process_is_cancelled_and_serves_the_next_request():
    # The same through the real worker process, counted in messages: a move, a cancel while it
    # ponders, and the next request answered as usual.
    import time
    from game.ai.worker import EngineClient

    def answer(client: EngineClient):
        end = time.monotonic() + 120     # a bound on the wait, not a measure
        reply = None
        while reply is None and time.monotonic() < end:
            reply = client.poll()
            time.sleep(0.02)
        return reply

    client = EngineClient(hang_margin=30.0)
    try:
        client.request("amoeba", {}, ["c3-d4"], "medium", request_id="m", seed=1)
        reply = answer(client)
        assert reply is not None and reply.ok and reply.request_id == "m"
        client.cancel()                              # the player left the board
        assert client.poll() is None and not client.busy
        client.request("amoeba", {}, ["c3-d4", reply.move], "medium", request_id="n", seed=2)
        nxt = answer(client)
        assert nxt is not None and nxt.ok and nxt.request_id == "n"
        assert client.restarts == 0
    finally:
        client.close()


def test_cancel_check_takes_nothing_a_callable_or_an_event():
    import threading
    from game.ai.mcts import cancel_check
    assert cancel_check(None) is None
    flag = [False]
    check = cancel_check(lambda: flag[0])
    assert check is not None and not check()
    flag[0] = True
    assert check()
    ev = threading.Event()
    check = cancel_check(ev)
    assert check is not None and not check()
    ev.set()
    assert check()
    with pytest.raises(TypeError):
        cancel_check(3)   # type: ignore[arg-type]


def test_the_engine_reads_positions_only_through_what_the_rules_declare():
    """The search and its knowledge read a position through the properties each game declares
    for them (``Onyx.cells``, ``Onager.tops``, ``Amoeba.point_stacks`` ...), never through
    another object's private names."""
    import re

    import game.ai
    private = re.compile(r"\b(?!self\b|cls\b|os\b)[A-Za-z_]\w*\._[a-z]\w*")
    found = [f"{path.name}:{n}: {m.group()}"
             for path in sorted(Path(game.ai.__file__).parent.glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             for m in private.finditer(line)]
    assert found == []


def test_an_even_game_is_played_on_and_a_worse_one_is_drawn(monkeypatch):
    # a draw offered in an even Onager game (move 6) was taken: the computer plays on unless
    # it is worse off
    import game.ai.levels as levels
    from game.ai.mcts import SearchResult
    game = make_game("onager")
    for value, taken in ((0.5, False), (0.47, False), (0.6, True), (0.4, False)):
        # ``value`` is the mover's (Black's); the computer is White, its chance 1 - value
        monkeypatch.setattr(levels, "analyse", lambda *a, v=value, **k: SearchResult(move=None, value=v))
        assert answer_offer(game, random.Random(0), computer=Color.WHITE) is taken, value
