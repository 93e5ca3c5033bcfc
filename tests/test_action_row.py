"""The action row under the move list: every button's words whole, and a tooltip that says
what that button does."""
from __future__ import annotations

import html

import pytest

from game import i18n
from game.scenes.board.analysis import AnalysisScene
from game.ui.layout import button_width
from ui_helpers import make_app, settle


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
def test_the_variation_buttons_fit_and_say_what_they_do(lang):
    # at 1024x640 'Make main line' read 'Make main lin…' (Uzbek: both buttons cut), and both
    # buttons' tooltips spoke of the pie rule
    app = make_app("--scene", "analysis:amoeba", "--moves", "a3-a4 f3-g2", "--window", "1024x640",
                   "--lang", lang)
    try:
        settle(app, 30)
        sc = app.scene
        assert isinstance(sc, AnalysisScene)
        m = sc.match
        sc.history.browse_to(1)
        settle(app)
        sc.board_move(next(t for t in m.legal_strs() if t != "f3-g2"))
        settle(app)
        pie = i18n._("Take over the other colour (pie rule)")
        for key in ("__promote__", "__delete__"):
            button = sc.w[f"act:{key}"]
            assert button_width(button.text, sc.px, sc.ui, "#primary_button") <= button.rect.w, button.text
            assert button.tool_tip_text and pie not in button.tool_tip_text
        whole = i18n._("Make main line")
        promote = sc.w["act:__promote__"]
        assert promote.text == whole or whole in promote.tool_tip_text   # a short label keeps the whole in its tip
    finally:
        app.close()


def test_a_message_in_the_old_language_goes_when_the_language_changes():
    # a Japanese 'welcome back' stayed on the board after Settings chose Uzbek: boxes in the
    # Uzbek font; the status line says the position's own words in the new language instead
    app = make_app("--game", "amoeba", "--black", "human", "--white", "human", "--window", "1024x640",
                   "--lang", "ja")
    try:
        sc = app.scene
        settle(app)
        said = i18n._("That action is not available now.")
        assert said != "That action is not available now."                  # said in Japanese
        sc.set_status(said, "warn")
        settle(app)
        assert said in sc.w["status"].html_text
        app.settings.language = "uz"
        settle(app)
        assert i18n.language() == "uz"
        assert sc.panel.status == "" and said not in sc.w["status"].html_text
        assert html.escape(sc.panel.default_status()) in sc.w["status"].html_text
    finally:
        app.close()
        i18n.set_language("en")


def test_browsing_says_the_computer_waits_for_the_player_to_return():
    # the computer never moved while the player looked back, and nothing said why
    from ui_helpers import board
    app = make_app("--game", "amoeba", "--black", "human", "--white", "2", "--window", "1024x640")
    try:
        sc = board(app)
        settle(app)
        assert sc.play_move(sc.match.legal_strs()[0])
        sc.finish_animation()
        sc.browse(-1)
        settle(app, until=lambda: sc.anim is None)
        assert sc.match.browsing and not sc.match.is_human(sc.match.game_at(sc.match.live).to_move)
        assert "The computer waits: press End to return to the game." in sc.w["status"].html_text
        sc.history.browse_to(len(sc.match.live.path()))
        settle(app, thinking=True)
        assert not sc.match.browsing
    finally:
        app.close()


def test_a_game_continued_where_the_player_looked_back_says_so():
    # Continue opened the position browsed, under 'Welcome back: Amoeba, move 3, Black to move.'
    from game.autosave import match_record
    from game.match import Match
    from game.rules import make_game
    from game.scenes import files
    m = Match(make_game("amoeba"), {})
    for _ in range(2):
        m.play(m.legal_strs()[0])
    m.goto(m.live.parent)
    assert m.browsing
    sc = files.board_from_record(match_record(m), "Welcome back: Amoeba, move 3, Black to move.")
    assert sc.match.browsing
    assert sc.panel.status.startswith("Welcome back") and "Press End to return to the game." in sc.panel.status
