"""Issue 26: the analysis board opens from game over (the result banner's Analyse button), at the
position shown, with the game's tree; the game itself is not changed."""
from __future__ import annotations

import ui_helpers as helpers
from ui_helpers import board, click_widget


def test_the_banner_offers_analyse_and_opens_the_analysis_board():
    app = helpers.make_app("--scene", "gameover:onyx", "--white", "hard", "--moves", "f6 g7 e5",
                           "--window", "1280x800")
    try:
        helpers.settle(app, 40)
        sc = board(app)
        assert ("analyse", "Analyse") in [(k, label) for k, label, _ in sc.banner_actions()]
        before = sc.match.tree.version
        click_widget(app, sc.w["banner:analyse"])
        helpers.settle(app, 40)
        an = app.scene
        assert getattr(an, "is_analysis", False) and an is not sc
        assert [pm.text for pm in an.match.history] == ["f6", "g7", "e5"]
        assert ("analyse", "Analyse") not in [(k, label) for k, label, _ in an.banner_actions()]
        assert sc.match.tree.version == before
    finally:
        app.close()
