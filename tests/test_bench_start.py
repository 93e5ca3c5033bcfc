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
