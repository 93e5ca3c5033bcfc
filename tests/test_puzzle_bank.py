"""The mined puzzle bank (levels/bank-<game>.toml): every solution replayed by the rules core
ends in the solver's win; the export's and the stats' forms; broken files give clear errors."""
from __future__ import annotations

import json

import pytest

from game.puzzles import TAGS, BankError, BankPuzzle, load_bank
from game.puzzles import __main__ as cli
from game.puzzles.bank import read_bank, wins_now
from game.rules import GAME_NAMES, make_game

MIN_PUZZLES = 200
MIN_SPAN = 1000


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_solution_replayed_by_the_referee_ends_in_the_solvers_win(game):
    bank = load_bank(game)
    assert len(bank) >= MIN_PUZZLES
    for p in bank:
        g = make_game(p.game, **p.options)
        for text in p.moves:
            g.push(text)
        assert not g.is_over, p.id
        solver = g.to_move
        for text in p.solution:
            g.push(text)
        assert wins_now(g, solver), p.id
        assert 1 <= p.solver_moves <= 6


@pytest.mark.parametrize("game", GAME_NAMES)
def test_bank_is_sorted_rated_tagged(game):
    bank = load_bank(game)
    ratings = [p.rating for p in bank]
    assert ratings == sorted(ratings)
    assert max(ratings) - min(ratings) >= MIN_SPAN
    assert len({p.id for p in bank}) == len(bank)
    assert all(set(p.tags) <= set(TAGS[game]) for p in bank)
    assert all(p.options == ({"size": 12, "open": False, "pie": False} if game == "onyx" else {})
               for p in bank)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_bank_ratings_are_the_ladders(game):
    """A puzzle's initial rating is the shipped rating of the lowest level that finds it (or
    BEYOND the strongest): the same figures New game shows for the levels."""
    from game.puzzles.mine import level_rating
    allowed = {level_rating(game, n) for n in [*range(1, 9), None]}
    assert {p.rating for p in load_bank(game)} <= allowed


def test_rate_gives_the_ladders_rating_again(tmp_path, monkeypatch, capsys):
    easy = [p for p in load_bank("onyx") if p.rating == min(q.rating for q in load_bank("onyx"))][:2]
    stale = [BankPuzzle(p.id, p.game, p.options, p.moves, p.solution, 100, p.tags, p.proof) for p in easy]
    monkeypatch.setattr(cli, "load_bank", lambda game: tuple(stale))
    out = tmp_path / "bank.toml"
    assert cli.main(["rate", "--game", "onyx", "--out", str(out)]) == 0
    assert [p.rating for p in read_bank(out, "onyx")] == [p.rating for p in sorted(easy, key=lambda p: p.id)]
    assert cli.main(["rate", "--out", str(out)]) == 2          # --out needs one game


def test_export_format(capsys):
    assert cli.main(["export", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) >= MIN_PUZZLES * len(GAME_NAMES)
    for row in rows:
        assert list(row) == ["id", "game", "options", "moves", "solution", "rating", "tags"]
        assert isinstance(row["moves"], list) and len(row["solution"]) % 2 == 1
    assert cli.main(["export"]) == 2


def test_stats(capsys):
    assert cli.main(["stats", "--json"]) == 0
    st = json.loads(capsys.readouterr().out)
    assert st["total"] == sum(st["games"][g]["count"] for g in GAME_NAMES)
    for g in GAME_NAMES:
        row = st["games"][g]
        assert sum(row["rating_bands"].values()) == row["count"]
        assert set(row["tags"]) <= set(TAGS[g])


def test_verify_proves_a_few_puzzles(monkeypatch, capsys):
    few = [p for g in GAME_NAMES for p in load_bank(g) if p.solver_moves <= 2][::97][:6]
    monkeypatch.setattr(cli, "bank", lambda games: few)
    assert cli.main(["verify", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["sound"] and out["puzzles"] == len(few)


def test_verify_reports_an_unsound_puzzle(monkeypatch, capsys):
    good = next(p for p in load_bank("onyx") if p.solver_moves == 1)
    g = good.start()
    wrong = next(m for m in g.legal_strs() if m != good.solution[0])
    bad = BankPuzzle("onyx-bad", "onyx", good.options, good.moves, (wrong,), 700, ())
    monkeypatch.setattr(cli, "bank", lambda games: [good, bad])
    assert cli.main(["verify"]) == 1
    assert "onyx-bad" in capsys.readouterr().out


BROKEN = {
    "not toml": ("[[puzzles]\n", "not valid TOML"),
    "wrong game": ('format = 1\nkind = "bank"\ngame = "chess"\n', "'game' must be one of"),
    "no moves": ('format = 1\nkind = "bank"\ngame = "amoeba"\n[[puzzles]]\nid = "x"\n'
                 'solution = ["d4-e4"]\nrating = 1\n', "'moves' must be a list"),
    "bad tag": ('format = 1\nkind = "bank"\ngame = "amoeba"\n[[puzzles]]\nid = "x"\nmoves = []\n'
                'solution = ["d4-e4"]\nrating = 1\ntags = ["capture"]\n', "unknown tag"),
    "even line": ('format = 1\nkind = "bank"\ngame = "amoeba"\n[[puzzles]]\nid = "x"\nmoves = []\n'
                  'solution = ["a", "b"]\nrating = 1\n', "solver's move"),
    "bad option": ('format = 1\nkind = "bank"\ngame = "onyx"\n[[puzzles]]\nid = "x"\nmoves = []\n'
                   'solution = ["a1"]\nrating = 1\noptions = { size = 13 }\n', "'size' must be"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_bank_file_gives_a_clear_error(tmp_path, name):
    text, words = BROKEN[name]
    path = tmp_path / "bank-test.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BankError) as e:
        read_bank(path)
    assert words in str(e.value) and "bank-test.toml" in str(e.value)


def test_missing_file_and_illegal_line(tmp_path):
    with pytest.raises(BankError, match="cannot read"):
        read_bank(tmp_path / "none.toml")
    p = BankPuzzle("x", "amoeba", {}, ("zz9",), ("d4-e4",), 1, ())
    assert not p.solved_by_line()
