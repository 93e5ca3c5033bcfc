"""Memory at scene changes: what a scene held goes when it is left, and what lives on is frozen
out of later collections (``game.app.settle_memory``; the suite's other tests use a lighter
settle, see tests/conftest.py)."""
from __future__ import annotations

import gc
import weakref

from game import app as app_module
from game.app import App, settle_memory
from game.scenes.board import BoardScene, StubEngine
from game.scenes.menu import MenuScene


def test_a_left_board_is_freed_at_the_scene_change_and_the_rest_frozen(monkeypatch):
    monkeypatch.setattr(app_module, "settle_memory", settle_memory)   # the program's own, not the suite's
    app = App((1024, 640), fade=False)
    app.engine_factory = StubEngine
    try:
        app.reset([MenuScene(), BoardScene.start("onyx", {"size": 16}, {})])
        app.finish_transition()
        for _ in range(3):
            app.step(1 / 60)
        board = weakref.ref(app.scene)
        assert isinstance(board(), BoardScene)
        settle_memory()                     # as after the board's first frame: the board is frozen too
        assert gc.get_count()[2] == 0
        gc.disable()                        # only the scene change may collect
        try:
            app.pop()
            app.finish_transition()
            assert board() is None          # the board and everything it drew are gone
            assert gc.get_freeze_count() > 0 and gc.get_count()[2] == 0   # the rest is frozen
        finally:
            gc.enable()
        assert isinstance(app.scene, MenuScene)
        app.step(1 / 60)
    finally:
        app.close()
        gc.unfreeze()                       # the suite's own freeze comes back (tests/conftest.py)
        gc.collect()
        gc.freeze()
