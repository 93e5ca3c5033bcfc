"""The analysis board says the same of a position in every run: its budget is iterations,
never the clock (``game.ai.analysis.board_budget``), its end is what ``python -m game.ai.analyse
GAME --board`` prints, and a position browsed to again shows its finished analysis at once."""
from __future__ import annotations

import importlib
import json

import pygame
import pytest

from game.ai.analyse import analyse_rounds, board_budget, main as analyse_main
from game.scenes.board import StubEngine
from game.scenes.board.analysis import AnalysisScene

import ui_helpers as helpers

analysis = importlib.import_module("game.ai.analyse")    # (game.ai names a function analyse too)
from ui_helpers import key, step


@pytest.fixture(autouse=True)
def _small_board_budget(monkeypatch):
    # the board's own budget (no fixed number given), made small
    monkeypatch.setattr(StubEngine, "analyse_iterations", None)
    monkeypatch.setattr(analysis, "BOARD_ITERATIONS", {"amoeba": 2400, "onyx": 1200, "onager": 1600})


def test_the_boards_rounds_add_up_to_its_budget_and_stay_short():
    b = board_budget("amoeba")
    assert b["seconds"] is None and b["iterations"] == 2400
    full = analysis.BOARD_ITERATIONS
    for total in (300_000, 150_000, 40_000):
        rounds = analyse_rounds(None, total, max(analysis.ANALYSE_FIRST_ITERATIONS, total // analysis.BOARD_ROUND_SHARE))
        its = [n for _s, n in rounds]
        assert all(s is None for s, _n in rounds) and sum(its) == total
        assert its[0] == analysis.ANALYSE_FIRST_ITERATIONS and max(its) <= total // analysis.BOARD_ROUND_SHARE
    assert full is analysis.BOARD_ITERATIONS


def _finished(app, sc: AnalysisScene, limit: int = 40) -> dict:
    for _ in range(limit):
        step(app)
        if sc._an_final or sc._an_error:
            break
    assert sc._an_final and not sc._an_error, sc._an_error
    return sc._an


@pytest.mark.parametrize("name", ["amoeba", "onager"])
def test_the_board_ends_where_the_command_does_in_every_run(name, capsys):
    figures = []
    for _run in range(2):
        app = helpers.make_app("--scene", f"analysis:{name}", "--window", "1024x640")
        sc = app.scene
        assert isinstance(sc, AnalysisScene)
        a = _finished(app, sc)
        st = sc.panel_state()
        figures.append((st.black, [(ln.move, ln.value, ln.visits) for ln in st.lines], sc._an_done))
        app.close()
    assert figures[0] == figures[1]                     # the same in every run
    assert analyse_main([name, "--board", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    black, lines, done = figures[0]
    assert done == analysis.BOARD_ITERATIONS[name]
    assert out["value"] == pytest.approx(black, abs=0.001)
    assert [(x["move"], x["value"], x["visits"]) for x in out["lines"]] == [
        (m, pytest.approx(v, abs=0.001), n) for m, v, n in lines]


def test_a_position_browsed_to_again_shows_its_end_at_once(monkeypatch):
    app = helpers.make_app("--scene", "analysis:amoeba", "--moves", "c4-d4", "--window", "1024x640")
    sc = app.scene
    end = _finished(app, sc)
    asked = []
    real = StubEngine.analyse
    monkeypatch.setattr(StubEngine, "analyse", lambda self, *a, **k: (asked.append(a), real(self, *a, **k))[1])
    key(app, pygame.K_LEFT)                                     # the start: searched
    _finished(app, sc)
    assert len(asked) == 1
    key(app, pygame.K_RIGHT)                                    # back: its end at once, no new search
    step(app)
    assert sc._an_final and sc._an == end and len(asked) == 1
    assert "2,400 iterations" in sc.panel_state().note and "thinking" not in sc.panel_state().note
    app.close()
