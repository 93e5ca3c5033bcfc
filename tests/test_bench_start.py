"""python -m game.bench start: whole starts timed from outside; figures are printed, never judged."""
from __future__ import annotations

import json

import pytest

from game import bench, bench_start


def test_start_times_this_program_and_another_checkout(capsys):
    root = bench_start.program_root()
    assert bench.main(["start", "--runs", "1", "--against", str(root), "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["runs"] == 1 and res["window"] == "1280x800"      # a fresh home: the default window
    assert res["start_s"] > 0 and res["against_start_s"] > 0 and res["ratio_wall"] > 0
    assert res["against"] == str(root)


def test_a_folder_that_is_not_the_game_is_named(tmp_path, capsys):
    assert bench.main(["start", "--runs", "1", "--against", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert str(tmp_path) in err and "no game/__main__.py" in err and "Traceback" not in err


@pytest.mark.parametrize("argv, words", [(["start", "--runs", "51"], "from 1 to 50 for start"),
                                         (["rules", "--against", "x"], "--against does not apply to rules")])
def test_start_options_are_checked(argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        bench.main(argv)
    assert stop.value.code == 2 and words in capsys.readouterr().err


def test_again_keeps_one_home_for_every_start_of_a_program(capsys, monkeypatch):
    homes = []

    def one_start(root, home, out):
        homes.append(home)
        return {"wall_s": 1.0, "cpu_s": 0.5, "window": "1280x800"}
    monkeypatch.setattr(bench_start, "one_start", one_start)
    root = bench_start.program_root()
    assert bench.main(["start", "--runs", "2", "--against", str(root), "--again", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["again"] is True and res["ratio_wall"] == 1.0 and res["ratio_wall_range"] == [1.0, 1.0]
    assert len(homes) == 6 and len(set(homes)) == 2          # a warm-up and two starts each, one home each
    homes.clear()
    assert bench.main(["start", "--runs", "2", "--json"]) == 0
    assert len(set(homes)) == 3 and json.loads(capsys.readouterr().out)["again"] is False


def test_again_is_for_start_only(capsys):
    with pytest.raises(SystemExit) as stop:
        bench.main(["rules", "--again"])
    assert stop.value.code == 2 and "--again does not apply to rules" in capsys.readouterr().err
