"""The level ladder (issue 31): levels 1..8 by number and by name everywhere, the ladder's
order (a cheap check: level 8 beats level 1 at a low budget), the ratings fit, the shipped
data, the weak levels' softmax, and New game's default. Iteration budgets and seeded rngs
only: the ladder itself and the Onyx line-runner check are benchmarks
(``python -m game.ai.ladder``), not tests."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from game.ai import bestmove, ladder
from game.ai import match as ai_match
from game.ai.knowledge import Knowledge
from game.ai.levels import (LADDER, LEVEL_NAMES, get_level, level_name, level_number,
                            softmax_pick)
from game.ai.mcts import SearchResult
from game.ai.registry import knowledge_for
from game.rules import make_game


def test_levels_by_number_and_by_name():
    assert [level_number(n) for n in LADDER] == list(range(1, 9))
    assert [level_name(str(i)) for i in range(1, 9)] == list(LADDER)
    assert level_name("2") == level_name("Easy") == "easy"
    assert level_name("5") == "medium" and level_name("8") == "hard"
    assert level_name(" Level 3 ") == "3"
    assert level_number("random") == level_number("uct") == 0
    for name in LEVEL_NAMES:                    # the old names keep working
        assert get_level(name).name == name
    assert get_level("2", "onyx") == get_level("easy", "onyx")
    for bad in ("0", "9", "grandmaster", ""):
        with pytest.raises(ValueError):
            level_name(bad)


def test_levels_grow_in_budget_and_only_the_weak_ones_draw_moves():
    """Among the levels that search with the same knowledge, a higher level searches more
    and draws its move less loosely; the weak levels (a softmax draw) are the ladder's
    lowest, and the three strongest play their search's own move. (Onyx's levels 2 and 3
    search more than level 4 but with random playouts: the ladder measures the order.)"""
    for game in ("amoeba", "onyx", "onager"):
        lvs = [get_level(n, game) for n in LADDER]
        for classic in (True, False):
            group = [lv for lv in lvs if lv.classic == classic]
            its = [lv.params.fallback_iterations for lv in group]
            assert its == sorted(its) and len(set(its)) == len(its), (game, classic)
            soft = [lv.softmax for lv in group]
            assert soft == sorted(soft, reverse=True), (game, classic)
        weak = [lv.weak for lv in lvs]
        assert weak == sorted(weak, reverse=True) and weak[0] and not any(weak[5:])
        assert get_level("1", game).min_visits == 1 and get_level("3", game).min_visits == 2


def test_commands_take_levels_by_number(capsys):
    assert bestmove.main(["amoeba", "--level", "1", "--seed", "3"]) == 0
    assert capsys.readouterr().out.strip()
    assert bestmove.main(["amoeba", "--level", "9"]) == 2
    assert "unknown level" in capsys.readouterr().err
    assert ai_match.player_name("3") == "3" and ai_match.player_name("2") == "easy"
    assert ai_match.player_name("line") == "line"
    assert ai_match.main(["onager", "--black", "1", "--white", "2", "--games", "1",
                          "--iterations", "5", "--seed", "1", "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["black"] == "1" and out["white"] == "easy"
    assert ai_match.main(["onager", "--black", "9", "--white", "2"]) == 2


def test_the_app_takes_levels_by_number():
    import argparse
    from game.cli import _who
    assert _who("3") == "3" and _who("Hard") == "hard" and _who("human") == "human"
    assert _who("computer") == "medium" and _who("computer-2") == "easy"
    for bad in ("9", "random", "grandmaster"):
        with pytest.raises(argparse.ArgumentTypeError):
            _who(bad)


@pytest.mark.parametrize("game", ["amoeba", "onager"])
def test_level_8_beats_level_1_at_a_low_budget(game):
    """The ladder's order, cheaply: level 8 with 200 iterations against level 1 with its
    own budget, one game with each colour."""
    strong = ai_match.Player("hard", iterations=200)
    weak = ai_match.Player("1", iterations=ladder.ladder_iterations("1", game))
    for i, (black, white) in enumerate(((strong, weak), (weak, strong))):
        rec = ai_match.play_game(game, {}, black, white, random.Random(100 + i),
                                 ai_match.Tally(), 400)
        assert rec.winner_level == "hard", (game, i, rec.reason, rec.plies)


def _results(pairs_scores: dict[tuple[str, str], tuple[int, int]]) -> list[dict]:
    out = []
    for (a, b), (wa, wb) in pairs_scores.items():
        out += [{"black": a, "white": b, "winner": a}] * wa
        out += [{"black": b, "white": a, "winner": b}] * wb
    return out


def test_the_fit_orders_the_levels_and_gives_intervals():
    names = ("random",) + LADDER
    scores = {(names[i + 1], names[i]): (16, 4) for i in range(8)}     # 80% each step
    res = ladder.fit(_results(scores))
    rows = res["levels"]
    assert rows[0]["name"] == "random" and rows[0]["rating"] == 0
    ratings = [r["rating"] for r in rows]
    assert ratings == sorted(ratings)
    for r in rows[1:]:
        assert r["low"] < r["rating"] < r["high"]
        # 16-4 with half a win each way added: odds 16.5/4.5, about 226 points
        assert 215 <= r["gap"] <= 235 and r["gap_low"] > 0
        assert r["games_below"] == 20 and r["score_below"] == 16
    widths = [r["high"] - r["low"] for r in rows[1:]]
    assert widths == sorted(widths)             # the uncertainty adds up along the chain


def test_the_fit_survives_a_clean_sweep():
    res = ladder.fit(_results({("1", "random"): (20, 0), ("easy", "1"): (10, 10)}))
    one = res["levels"][1]
    assert 400 < one["rating"] < 1200 and res["levels"][2]["gap"] == 0


def test_the_shipped_ladder_and_its_words():
    data = ladder.shipped()
    for game in ("amoeba", "onyx", "onager"):
        rows = data[game]["levels"]
        assert [r["level"] for r in rows] == list(range(9))
        assert data[game]["command"].startswith(f"python -m game.ai.ladder {game}")
        r3 = ladder.rating(game, "3")
        assert isinstance(r3, int)
        assert ladder.about(game, "3") == f"Level 3 · about {round(r3, -1)}"
        assert ladder.rating(game, "easy") == ladder.rating(game, "2")
    assert ladder.rating("amoeba", "random") is None and ladder.about("amoeba", "hard")[:7] == \
        "Level 8"


def test_no_level_is_shown_as_weaker_than_the_one_below():
    """New game and the thinking line show these ratings: a player choosing a higher level
    must never read a lower figure."""
    data = ladder.shipped()
    for game in ("amoeba", "onyx", "onager"):
        ratings = [r["rating"] for r in data[game]["levels"]]
        assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings), (game, ratings)


def test_softmax_never_draws_a_move_that_loses_at_once():
    game = make_game("amoeba")
    moves = game.legal_moves()[:3]
    res = SearchResult(moves[0], 100, 0.6, visits={m: 30 for m in moves},
                       values={moves[0]: 0.6, moves[1]: 0.59, moves[2]: 0.58})
    seen = {softmax_pick(game, res, 0.1, random.Random(s)) for s in range(40)}
    assert seen == set(moves)                   # near-equal values: each is drawn
    res.values[moves[2]] = 0.1
    seen = {softmax_pick(game, res, 0.05, random.Random(s)) for s in range(40)}
    assert moves[2] not in seen                 # 50 points worse: hardly ever
    assert softmax_pick(game, res, 0.1, random.Random(0), allowed=[moves[1]]) == moves[0]


def test_softmax_leaves_out_a_move_after_which_the_opponent_wins(monkeypatch):
    game = make_game("amoeba")
    moves = game.legal_moves()[:2]
    k = knowledge_for("amoeba")
    bad = moves[1]

    def win_now(g):         # the opponent "wins at once" after ``bad`` only
        return g.moves_played()[-1] if g.moves_played()[-1] == bad else None
    monkeypatch.setattr(type(k), "win_now", lambda self, g: win_now(g))
    res = SearchResult(moves[0], 100, 0.5, visits={m: 30 for m in moves},
                       values={moves[0]: 0.5, moves[1]: 0.5})
    assert {softmax_pick(game, res, 0.5, random.Random(s)) for s in range(20)} == {moves[0]}
    assert isinstance(k, Knowledge)


def test_new_game_starts_the_player_as_black_against_level_2():
    from game.scenes.newgame import DEFAULT_PLAYERS, NewGameScene, player_choices
    assert DEFAULT_PLAYERS == {"black": "human", "white": "easy"}
    form = NewGameScene("onyx")
    assert form.players == {"black": "human", "white": "easy"}
    assert NewGameScene("amoeba", players={"white": "hard"}).players["white"] == "hard"
    choices = player_choices("amoeba")
    assert [v for _, v in choices] == ["human", *LADDER]
    assert choices[2][0].startswith("Computer – Level 2 (Easy) · rated about ")
    assert choices[3][0].startswith("Computer – Level 3 · rated about ")


def test_level_2_stops_the_straight_line_on_16x16_early():
    """The cheap version of ``python -m game.ai.ladder onyx --line-check``: one seeded game,
    level 2 (White) against the straight run along column a; it wins and its first block
    comes before the run is 6 stones from connecting."""
    res = ladder.line_check(1, 16, ladder.DEFAULT_SEED, levels=["easy"])
    row = res["levels"]["2"]
    assert row["wins"] == 1
    assert row["min_first_block"] is not None and row["min_first_block"] > 6


def test_the_thinking_line_names_the_level_and_its_rating():
    from game.scenes.board.panel import _level_words
    r5 = round(ladder.rating("onyx", "medium"), -1)
    assert _level_words("onyx", "medium") == f"Level 5 (Medium) · rated about {r5}"
    assert _level_words("onyx", "3").startswith("Level 3 · rated about ")
    assert _level_words("onyx", "uct") == "uct"


# Onyx 16x16 after 43 plies of a line-check game: White is 6 stones from connecting,
# Black 13.
RACE_MOVES = ("a1 a3 b8 b3 p10 p11 o10 o2 p2 p4 o3 o4 n4 n3 c2 c3 o14 m3 o11 k3 l3 l4 m4 "
              "m3 o6 l4 n16 j4 j3 k4 n15 i5 i4 j5 l6 h5 o13 g5 b10 e3 d3 d2 d3").split()


def _race_position():
    game = make_game("onyx", size=16)
    for text in RACE_MOVES:
        game.push(text)
    return game


def test_a_weak_level_well_ahead_in_a_race_runs_home():
    """A small search values every move of a won race near 1 and can wander; a weak level
    whose own move does not bring it nearer plays the runner's move instead."""
    from game.ai import levels
    from game.ai.onyx_eval import distances
    game = _race_position()
    assert distances(game) == (13, 6)
    wander = game.parse_move("a16")              # a corner far from White's path
    for seed in range(3):
        move = levels._run_home(game, wander, random.Random(seed))
        after = game.copy()
        after.play(move)
        assert distances(after)[1] == 5, game.move_str(move)
    # Not ahead by three: the level's own move stands.
    assert levels._run_home(make_game("onyx", size=16), wander, random.Random(0)) == wander


def test_weak_levels_play_their_search_in_a_race(monkeypatch):
    """An Onyx level with the race rule draws no softmax move in a race (on its own
    budget); the others keep drawing there (level 1's glance and level 4's dozen
    iterations pick no better than their softmax does). Medium and above play their
    search's own move everywhere."""
    from game.ai import levels
    game = _race_position()
    drawn: list[int] = []
    monkeypatch.setattr(levels, "softmax_pick",
                        lambda g, res, *a, **k: drawn.append(res.iterations) or res.move)
    weak = ("1", "easy", "3", "4")
    assert [get_level(n, "onyx").weak for n in LADDER] == [True] * 4 + [False] * 4
    assert [get_level(n, "onyx").race_rule for n in weak] == [False, True, True, False]
    for name in weak:
        drawn.clear()
        levels.choose_move(game, name, random.Random(0))
        rule = get_level(name, "onyx").race_rule
        assert drawn == ([] if rule else [ladder.ladder_iterations(name, "onyx")]), name


# A game the greedy runner (Black) won against level 2 on 16x16 (line check, seed 31, game 7):
# here White's threat-stopping a5 let Black capture at b5, and White's distance went 6 -> 10.
_CAPTURE_GAME = (
    "a1 a6 p16 o2 p2 p3 o3 p15 o15 o14 p14 p12 p1 o12 p4 n13 n11 m13 p7 l13 j13 j15 k14 k15 l15 l14 "
    "o2 i15 k11 g15 f15 g14 f14 f13 g13 h13 f16 g14 f13 h14 h12 g12 f12 g13 e11 k14 e10 e9 f10 f9 g10 "
    "g9 h10 i11 h9 i8 h8 i10 g6 g7 h7 h6 i5 d10 h7 i6 g6 g1 g5 e1 h6 h5 g2 f1 e2 c1 d1 d2 g4 i2 e3 b2 "
    "a2 b3 a3 b4 j3 k1 h3 i3 i4 j4 i7 j7 j6 j5 k7 n5 m5 m6 k5 k6 l5 j7 j8 k8 a4 b1 d9")


def test_weak_levels_see_a_capture_coming():
    """The Onyx levels with the capture guard (3 and 4) do not leave the opponent a capture that
    sets them back two stones or more in the race when another move (here one that also
    stops the threat) does not; level 2 only one that sets it back four or more."""
    from game.ai import levels
    from game.ai.onyx_eval import capture_points, distances
    game = make_game("onyx", size=16)
    for text in _CAPTURE_GAME.split():
        game.push(text)
    assert game.ply == 109 and distances(game) == (6, 7)

    def worst_race(move) -> int:
        """White's race (Black's distance less White's) after ``move`` and Black's best capture."""
        g = game.copy()
        g.play(move)
        d = distances(g)
        worst = d[0] - d[1]
        for c in capture_points(g, 1):
            g.play(c)
            dc = distances(g)
            worst = min(worst, dc[0] - dc[1])
            g.undo()
        return worst

    assert worst_race(game.parse_move("a5")) == -4              # the move the level played
    from game.ai.levels import BIG_CAPTURE_SWING, CAPTURE_SWING
    assert [get_level(n, "onyx").guard for n in LADDER] == \
        [0, BIG_CAPTURE_SWING] + [CAPTURE_SWING] * 2 + [0] * 4
    for name in ("easy", "3", "4"):
        for seed in range(2):
            move = levels.choose_move(game, name, random.Random(seed),
                                      iterations=ladder.ladder_iterations(name, "onyx"))
            assert worst_race(move) >= 0, (name, seed, game.move_str(move))


def test_games_of_some_pairs_give_their_scores_not_a_traceback(tmp_path, capsys):
    """A run with --pairs (or a --fit of its file alone) cannot link every level to random:
    the command says so and prints each pair's score instead of failing."""
    path = tmp_path / "some.jsonl"
    games = [{"game": "onyx", "pair": 2, "i": i, "black": "3", "white": "easy",
              "winner": "3" if i % 3 else "easy", "reason": "connection", "plies": 40, "seconds": 1}
             for i in range(6)]
    path.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    assert ladder.main(["onyx", "--fit", str(path)]) == 0
    out = capsys.readouterr().out
    assert "no ratings" in out and "easy - 3" in out and "4/6" in out
    assert ladder.main(["onyx", "--fit", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pairs"][0]["score"] == 4.0


def test_a_fit_refuses_games_of_two_versions_of_a_level(tmp_path, capsys, monkeypatch):
    """Each game's record carries its players' versions (search budget, move choice, the
    weak levels' rules): games played before and after a level changed are not one ladder."""
    from game.ai import levels
    before = {n: ladder.level_version(n, "onyx") for n in ("3", "4", "medium")}
    assert len(set(before.values())) == 3
    assert ladder.level_version("3", "onyx") == before["3"]          # stable
    monkeypatch.setattr(levels, "CAPTURE_SWING", 3)
    assert ladder.level_version("medium", "onyx") != before["medium"]

    def rec(pair, i, black, white, versions):
        return {"game": "onyx", "pair": pair, "i": i, "black": black, "white": white,
                "winner": black, "reason": "connection", "plies": 40, "seconds": 1,
                **({"versions": versions} if versions else {})}
    one = tmp_path / "one.jsonl"
    two = tmp_path / "two.jsonl"
    one.write_text("".join(json.dumps(rec(3, i, "4", "3", {"black": before["4"], "white": before["3"]}))
                           + "\n" for i in range(4)), encoding="utf-8")
    two.write_text("".join(json.dumps(rec(4, i, "medium", "4", {"black": before["medium"], "white": "0123456789"}))
                           + "\n" for i in range(4))
                   + json.dumps(rec(4, 9, "medium", "4", None)) + "\n", encoding="utf-8")
    assert ladder.main(["onyx", "--fit", str(one)]) == 0
    capsys.readouterr()
    assert ladder.main(["onyx", "--fit", str(one), str(two)]) == 2
    err = capsys.readouterr().err
    assert "two versions" in err and "level 4: " in err and "pair 4" in err and "pair 5" in err
    played = ladder.play_pair_game("onyx", "random", "1", 0, 0, 31)
    assert played["versions"] == {"black": ladder.level_version("1", "onyx"), "white": "random"}


def test_a_trial_changes_a_level_for_its_run_only(tmp_path, capsys):
    """--try plays a level changed, to measure the change before it ships: its games carry
    the changed level's version (the one the same values get once shipped), the change is
    said even with --quiet, and it ends with the run."""
    from game.ai import levels
    shipped = {(g, n): (get_level(n, g), ladder.level_version(n, g))
               for g in ("amoeba", "onyx", "onager") for n in LADDER}
    # A trial that changes nothing is the shipped level itself, version and all.
    for (g, n), (lv, version) in shipped.items():
        levels.try_levels(g, {n: {"softmax": lv.softmax,
                                  "iterations": lv.params.fallback_iterations}})
        assert get_level(n, g) == lv and ladder.level_version(n, g) == version
        levels.try_levels(g, {})
    path = tmp_path / "trial.jsonl"
    argv = ["onyx", "--pairs", "1", "--games", "2", "--out", str(path), "--quiet",
            "--try", "1:iterations=3,softmax=0"]
    assert ladder.main(argv) == 0
    err = capsys.readouterr().err
    assert "trying level 1 with iterations=3, softmax=0.0" in err
    games = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    tried = {r["versions"]["black" if r["black"] == "1" else "white"] for r in games}
    assert len(games) == 2 and tried != {shipped[("onyx", "1")][1]} and len(tried) == 1
    # Over: the level is the shipped one again, and another game never saw the trial.
    assert get_level("1", "onyx") == shipped[("onyx", "1")][0]
    # A fit of those games (without the trial) says the budget they were played at.
    assert all(r["iterations"][side] == 3 for r in games
               for side in ("black", "white") if r[side] == "1")
    assert ladder.main(["onyx", "--fit", str(path), "--json"]) == 0
    budgets = json.loads(capsys.readouterr().out)["budgets"]
    assert budgets["1"] == 3 and budgets["hard"] == ladder.ladder_iterations("hard", "onyx")
    levels.try_levels("onyx", {"hard": {"iterations": 6000}})
    try:
        assert ladder.ladder_iterations("8", "onyx") == 6000
        assert get_level("hard", "onyx").params.min_iterations == shipped[("onyx", "hard")][0].params.min_iterations
        assert get_level("hard", "amoeba") == shipped[("amoeba", "hard")][0]
    finally:
        levels.try_levels("onyx", {})
    # A level tried with another's values plays as that one (its knowledge's search
    # parameters follow: the connection knowledge widens its tree, random playouts do not).
    levels.try_levels("onyx", {"3": {"classic": False, "race_rule": False, "race_distance": 6,
                                     "iterations": 12, "softmax": 0.3}})
    try:
        tried, four = get_level("3", "onyx"), get_level("4", "onyx")
        assert replace(tried.params, seconds=0) == replace(four.params, seconds=0)
        assert replace(tried, name="4", number=4, description="", params=None) == \
            replace(four, description="", params=None)
    finally:
        levels.try_levels("onyx", {})
    for bad in ("8", "8:speed=2", "8:iterations=0", "random:iterations=3", "2:softmax=nan",
                "2:race_rule=maybe", "9:softmax=1"):
        assert ladder.main(["onyx", "--try", bad, "--fit", str(path)]) == 2
        assert capsys.readouterr().err.startswith("error: --try ")
    assert get_level("1", "onyx") == shipped[("onyx", "1")][0]


def test_a_kept_total_fits_as_its_games_do(tmp_path, capsys):
    """A pair whose games were not kept one by one (an earlier ladder's, where the same
    levels stood in other places) counts by its total: the fit is the one its games give."""
    names = ("random",) + LADDER
    scores = {(names[i + 1], names[i]): (15, 5) for i in range(8)}
    games = _results(scores)
    as_games = ladder.fit(games)
    kept = [g for g in games if {g["black"], g["white"]} != {"6", "7"}]
    kept.append(ladder.kept_total(6, 20, 15.0, "an earlier ladder's pair 7", "onyx"))
    assert ladder.fit(kept) == as_games
    assert ladder.pair_scores(kept)[6] == {"pair": 6, "lower": "6", "upper": "7",
                                           "games": 20, "score": 15.0}
    path = tmp_path / "runs.jsonl"
    records = []
    for k in range(8):
        lower, upper = names[k], names[k + 1]
        for i in range(20):
            records.append({"game": "onyx", "pair": k, "i": i, "black": upper if i % 2 else lower,
                            "white": lower if i % 2 else upper, "winner": upper if i < 15 else lower})
    path.write_text("".join(json.dumps(r) + "\n" for r in records if r["pair"] != 6)
                    + json.dumps(ladder.kept_total(6, 20, 15.0, "an earlier ladder's", "onyx"))
                    + "\n", encoding="utf-8")
    assert ladder.main(["onyx", "--fit", str(path), "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert [r["rating"] for r in res["levels"]] == [r["rating"] for r in as_games["levels"]]
    assert res["kept"] == ["pair 7: an earlier ladder's"] and res["rounds"] == 20


@pytest.mark.parametrize("line", ['{"game": "onyx", "pair": 6, "kept": "x", "games": 10, "score": 11}',
                                  '{"game": "onyx", "pair": 2, "i": 0, "black": "hard", "white": "1", "winner": "1"}',
                                  '{"game": "onyx", "pair": 2, "black": "3", "white": "easy", "winner": "3"}',
                                  '{"game": "onyx", "pair": 40, "kept": "x", "games": 1, "score": 1}',
                                  '[1, 2]', '{"game": "onyx"', '{"game": "onyx", "black": "nobody"}'])
def test_a_fit_of_a_bad_record_says_where_it_is(tmp_path, capsys, line):
    path = tmp_path / "bad.jsonl"
    path.write_text('\n' + line + '\n', encoding="utf-8")
    assert ladder.main(["onyx", "--fit", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}, line 2: ") and err.count("\n") == 1
    assert ladder.main(["onyx", "--fit", str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl" in capsys.readouterr().err


def test_the_fit_tables_head_says_how_many_games_its_pairs_have():
    # '60 games per pair' headed a fit whose pairs had 60 to 240 games
    from game.ai.ladder import table
    row = {"level": 0}
    assert table({"game": "onyx", "rounds": 60, "rounds_most": 240, "seed": 31, "levels": [row]}).startswith(
        "onyx: 60 to 240 games per pair, seed 31")
    assert table({"game": "onyx", "rounds": 20, "seed": 31, "levels": [row]}).startswith("onyx: 20 games per pair")
