"""Issue 23 item 9: the panel holds still. A longer status message grows the status box into
the move list only; no button and not the move box moves under the pointer."""
from __future__ import annotations

import pytest

import ui_helpers as helpers
from ui_helpers import board, step

LONG = ("Danger: your Kernel can be captured next move by the stack on d4, and the stack on c3 "
        "can split onto b4 as well. " * 3)


def rects(sc) -> dict[str, tuple]:
    out = {k: tuple(w.rect) for k, w in sc.w.items() if k not in ("status", "moves") and hasattr(w, "rect")}
    out.update({f"tool:{k}": tuple(b.rect) for k, b in sc.toolbar.buttons.items()})
    return out


@pytest.mark.parametrize("size", ["1024x640", "1920x1080"])
@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
def test_a_long_status_moves_no_button(game, size):
    app = helpers.make_app("--game", game, "--window", size)
    try:
        helpers.settle(app, 30)
        sc = board(app)
        before, status_before = rects(sc), tuple(sc.w["status"].rect)
        list_before = sc.w["moves"].rect.h
        sc.set_status(LONG, "warn")
        step(app, 3)
        assert rects(sc) == before
        assert sc.w["status"].rect.h > status_before[3]            # it grew…
        assert sc.w["status"].rect.bottom == status_before[1] + status_before[3]   # …upwards
        assert sc.w["moves"].rect.h < list_before                   # into the move list
        sc.set_status("Short.")
        step(app, 3)
        assert rects(sc) == before and tuple(sc.w["status"].rect) == status_before
    finally:
        app.close()


@pytest.mark.parametrize("size", ["1024x640", "1920x1080"])
def test_the_new_game_form_keeps_its_size_across_games(size):
    app = helpers.make_app("--scene", "new:amoeba", "--window", size)
    try:
        helpers.settle(app, 30)
        sc = app.scene
        where = {k: tuple(sc.widgets[k].rect) for k in ("tab_amoeba", "tab_onyx", "tab_onager", "back", "start")}
        panel = tuple(sc.panel_rect)
        for name in ("onyx", "onager", "amoeba"):
            sc.choose_game(name)
            step(app, 2)
            assert tuple(sc.panel_rect) == panel
            assert {k: tuple(sc.widgets[k].rect) for k in where} == where
    finally:
        app.close()
