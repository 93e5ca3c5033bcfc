"""Issue 23 item 6: the move list and the status box draw in the theme too, and follow a change."""
from __future__ import annotations

from game.themes import THEMES

import ui_helpers as helpers
from ui_helpers import board, step


def test_move_list_and_status_box_follow_the_theme():
    app = helpers.make_app("--game", "onyx", "--moves", "f6 g7", "--window", "1280x800")
    try:
        helpers.settle(app, 30)
        sc = board(app)
        names = [t.name for t in (THEMES.values() if isinstance(THEMES, dict) else THEMES)]
        assert "dark" in names and "classic" in names
        app.settings.theme = "classic"
        step(app, 3)
        box, status = sc.w["moves"], sc.w["status"]
        assert box.theme.name == status.theme.name == "classic"
        bg_classic = box.image.get_at((2, 2))
        st_classic = status.image.get_at((2, 2))
        app.settings.theme = "dark"
        step(app, 3)
        assert box.theme.name == status.theme.name == "dark"
        assert box.image.get_at((2, 2)) != bg_classic and status.image.get_at((2, 2)) != st_classic
        sc.relayout() if hasattr(sc, "relayout") else None          # new widgets keep it
        step(app, 3)
        assert sc.w["moves"].theme.name == sc.w["status"].theme.name == "dark"
    finally:
        app.close()
