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
        assert ("analyse", "Analyse") in [(k, label) for k, label, _ in sc.banner.actions()]
        before = sc.match.tree.version
        click_widget(app, sc.w["banner:analyse"])
        helpers.settle(app, 40)
        an = app.scene
        assert getattr(an, "is_analysis", False) and an is not sc
        assert [pm.text for pm in an.match.history] == ["f6", "g7", "e5"]
        assert ("analyse", "Analyse") not in [(k, label) for k, label, _ in an.banner.actions()]
        assert sc.match.tree.version == before
    finally:
        app.close()


def test_load_on_the_analysis_board_opens_the_record_there(tmp_path):
    from game import autosave as AS
    from game.match import Match
    from game.rules import make_game
    from game.rules.record import format_record
    from game.scenes import files
    m = Match(make_game("amoeba"))
    for t in ("c1-d2", "e2-d2"):
        m.play(t)
    path = tmp_path / "g.txt"
    path.write_text(format_record(AS.match_record(m)), encoding="utf-8")
    app = helpers.make_app("--scene", "analysis:onyx", "--window", "1280x800")
    try:
        helpers.settle(app, 40)
        assert getattr(app.scene, "is_analysis", False)
        assert files.load_path(app.scene, path)
        helpers.settle(app, 40)
        assert getattr(app.scene, "is_analysis", False) and app.scene.match.name == "amoeba"
        assert [pm.text for pm in app.scene.match.tree.root.end().moves()] == ["c1-d2", "e2-d2"]
    finally:
        app.close()
