"""The puzzle miner (game.puzzles.mine): planted wins are found, forks are rejected, tags and
ratings come from the rules core and the ladder. Fast: small hand-made positions only."""
from __future__ import annotations

import json

from game.ai.ladder import rating as ladder_rating
from game.puzzles import __main__ as cli
from game.puzzles.mine import (BEYOND, MineStats, level_rating, mine_game, puzzle_at, tags_of,
                               finding_level)
from game.puzzles.prove import Budget, only_wins, stubborn_reply, win_plies
from game.rules import make_game
from game.rules.record import format_record, record_from_game

OPEN = {"size": 12, "open": True, "pie": False}


def _alternate(black: list[str], white: list[str]) -> list[str]:
    return [x for pair in zip(black, white) for x in pair]


# Black's column c with one gap at c5; White has blocked the diagonals b5, d5 and plays far
# away on column k: c5 is Black's only connecting stone.
PLANTED = _alternate(["c1", "c2", "c3", "c4", "c6", "c7", "c8", "c9", "c10", "c11", "c12"],
                     ["b5", "d5", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9"])
# Column c from c1 to c11: c12 and d12 both connect (two winning moves).
FORK = _alternate(["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11"],
                  ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10", "k11"])


def _game(moves: list[str], options: dict = OPEN):
    g = make_game("onyx", **options)
    for m in moves:
        g.push(m)
    return g


def test_mining_finds_the_planted_win_in_a_record(tmp_path):
    found = mine_game("onyx", OPEN, PLANTED, "planted", max_moves=2, nodes=3_000)
    last = found[-1]
    assert last.moves == tuple(PLANTED) and last.solution == ("c5",)
    assert last.proof == "exhaustive"
    # the same through the command, from a record file
    rec = record_from_game(_game(PLANTED), ["A", "B"], "2026-12-05")
    path = tmp_path / "planted.txt"
    path.write_text(format_record(rec), encoding="utf-8")
    out = tmp_path / "bank.toml"
    assert cli.main(["mine", str(path), "--no-rate", "--depth", "2", "--nodes", "3000",
                     "--out", str(out)]) == 0
    from game.puzzles.bank import read_bank
    bank = read_bank(out, "onyx")
    assert any(p.solution == ("c5",) and p.moves == tuple(PLANTED) for p in bank)
    assert all(p.solved_by_line() for p in bank)


def test_two_winning_moves_are_rejected():
    g = _game(FORK)
    assert len(only_wins(g, 1, Budget(10**6), stop_at=5)) == 2
    st = MineStats()
    assert puzzle_at(g, 2, 100_000, st) is None
    assert st.two_wins == 1


def test_finished_positions_are_rejected():
    g = _game(PLANTED)
    g.push("c5")
    assert g.is_over
    st = MineStats()
    assert puzzle_at(g, 2, 10_000, st) is None


def test_onager_wins_count_the_defences_reply():
    assert win_plies("onager", 1) == 2 and win_plies("onyx", 1) == 1 and win_plies("amoeba", 2) == 3


def test_stubborn_defence_blocks_a_threat():
    # After Black's c11 (column c to c11), White must block c12 or d12; neither saves it, so
    # both hold out one move; the reply chosen leaves Black a single winning answer.
    g = _game(FORK[:-2])
    g.push("c11")
    reply = stubborn_reply(g, g.to_move.other, 1, Budget(10**6))
    assert g.move_str(reply) in ("c12", "d12")


def test_tags_from_the_rules_core():
    g = _game(PLANTED)
    assert tags_of(g, [g.parse_move("c5")]) == ()
    amoeba = make_game("amoeba")
    assert set(tags_of(amoeba, [])) <= {"kernel-hunt", "split", "merge"}


def test_rating_is_the_lowest_level_that_finds_it():
    g = _game(PLANTED)
    assert finding_level(g, g.parse_move("c5")) == 1
    assert level_rating("onyx", 1) == ladder_rating("onyx", "1")
    top = max(ladder_rating("onyx", str(n)) or 0 for n in range(1, 9) if n != 2)
    top = max(top, ladder_rating("onyx", "easy"))
    assert level_rating("onyx", None) == top + BEYOND
    ratings = [level_rating("amoeba", n) for n in range(1, 9)]
    assert ratings == sorted(ratings)


def test_mine_refuses_bad_input(tmp_path, capsys):
    assert cli.main(["mine"]) == 2
    assert cli.main(["mine", str(tmp_path / "missing.txt")]) == 2
    bad = tmp_path / "bad.txt"
    bad.write_text("this is not a record", encoding="utf-8")
    assert cli.main(["mine", str(bad)]) == 2
    assert cli.main(["mine", "--selfplay", "x"]) == 2
    assert cli.main(["frobnicate"]) == 2
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err
