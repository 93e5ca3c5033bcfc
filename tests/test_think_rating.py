"""A level's rating is measured at its own budget: when the player's think time (Settings)
makes Medium or Hard search more or less, New game, the thinking line and the analysis board
say it is stronger or weaker than its rating instead of showing the rating alone."""
from __future__ import annotations

import pytest

from game import i18n
from game.ai import ladder
from game.ai.levels import THINK_DEFAULTS
from game.clock import TimeControl, think_budget
from game.names import level_words
from game.settings import Settings


def _about(game: str, level: str) -> int:
    r = ladder.rating(game, level)
    assert r is not None
    return int(round(r, -1))


def test_the_default_think_time_shows_the_rating_alone():
    for level, seconds in THINK_DEFAULTS.items():
        assert level_words("onyx", level, seconds) == level_words("onyx", level)
        assert level_words("onyx", level, seconds).endswith(f"· rated about {_about('onyx', level)}")


def test_more_time_is_stronger_less_is_weaker_for_medium_and_hard():
    r5, r8 = _about("amoeba", "medium"), _about("amoeba", "hard")
    assert level_words("amoeba", "medium", 3.0) == \
        f"Level 5 (Medium) · rated about {r5}, stronger at 3 s a move"
    assert level_words("amoeba", "hard", 1.0) == f"Level 8 (Hard) · rated about {r8}, weaker at 1 s a move"
    assert level_words("amoeba", "hard", 0.25).endswith("weaker at 0.25 s a move")


def test_easy_keeps_its_budget_whatever_its_think_time():
    # Levels 1-4 lose by their move choice, not their time: their budget does not scale.
    for seconds in (0.1, 2.0, 30.0):
        assert level_words("onager", "easy", seconds) == level_words("onager", "easy")


def test_settings_give_a_think_time_only_to_the_levels_that_have_one():
    s = Settings()
    s.think_medium = 5.0
    assert s.level_seconds("medium") == 5.0 and s.level_seconds(" Hard ") == THINK_DEFAULTS["hard"]
    assert s.level_seconds("3") is None and s.level_seconds("human") is None


def test_new_game_and_the_thinking_line_follow_the_settings():
    from game.scenes.board.panel import _level_words
    from game.scenes.newgame import player_choices
    s = Settings()
    assert player_choices("onyx", s) == player_choices("onyx")
    s.think_medium, s.think_hard = 3.0, 1.0
    words = dict((v, w) for w, v in player_choices("onyx", s))
    plain = dict((v, w) for w, v in player_choices("onyx"))
    assert dict((v, w) for w, v in player_choices("amoeba", s))["medium"].endswith(
        "stronger at 3 s a move")
    assert words["medium"].endswith("stronger at 3 s a move")
    assert words["4"] == plain["4"]       # a weak level keeps its budget
    assert words["hard"].endswith("weaker at 1 s a move")
    assert words["6"] == plain["6"]
    assert _level_words("onyx", "hard", s).endswith("weaker at 1 s a move")
    assert _level_words("onyx", "hard") == level_words("onyx", "hard")


def test_a_clock_that_cuts_the_think_time_makes_a_level_weaker_with_it():
    # 1 minute a side: a thirtieth after the reserve, about 1.9 s, and half of that for the
    # levels that search on to twice their time (levels 5-8).
    bullet = think_budget(60, 0)
    r8 = _about("onyx", "hard")
    assert level_words("onyx", "hard", THINK_DEFAULTS["hard"], bullet) == \
        f"Level 8 (Hard) · rated about {r8}, weaker with this clock"
    assert level_words("onyx", "7", None, bullet).endswith("weaker with this clock")
    # a clock that leaves the level its whole time changes nothing
    assert level_words("onyx", "hard", THINK_DEFAULTS["hard"], think_budget(900, 10)) == \
        level_words("onyx", "hard")
    # levels 1-4 keep their budget (they lose by their choice), so no clock weakens them
    for level in ("1", "easy", "3", "4"):
        assert level_words("onyx", level, None, 0.05) == level_words("onyx", level)
    # more think time in Settings, which the clock cuts to less than the level's own
    assert level_words("amoeba", "medium", 3.0, bullet).endswith("weaker with this clock")
    # ... or to more than its own: stronger, at what the clock leaves it
    assert level_words("amoeba", "medium", 3.0, 4.0).endswith("stronger at 2 s a move")


def test_new_game_says_what_the_chosen_clock_does_to_each_level():
    from game.scenes.newgame import player_choices
    s = Settings()
    plain = dict((v, w) for w, v in player_choices("onyx", s))
    bullet = dict((v, w) for w, v in player_choices("onyx", s, TimeControl(60, 0)))
    long = dict((v, w) for w, v in player_choices("onyx", s, TimeControl(900, 10)))
    assert long == plain
    from game.ai.levels import searching_levels
    strong = searching_levels("onyx")
    assert strong == ("medium", "6", "7", "hard")
    for level in strong:
        assert bullet[level] == plain[level] + ", weaker with this clock"
    for level in ("human", "1", "easy", "3", "4"):
        assert bullet[level] == plain[level]


def test_the_form_and_the_thinking_line_follow_the_clock():
    from test_clock import _choose
    from ui_helpers import click_widget, make_app, settle
    app = make_app("--scene", "new:onyx", "--black", "hard", "--white", "hard")
    try:
        settle(app)
        form = app.scene
        assert "clock" not in form.widgets["white"].selected_option[0]
        _choose(app, form.widgets["clock"], "15 min + 10 s")
        assert "clock" not in form.widgets["white"].selected_option[0]
        _choose(app, form.widgets["clock"], "1 min")
        assert app.scene is form and form.time_control == TimeControl(60, 0)
        assert form.players == {"black": "hard", "white": "hard"}
        assert form.widgets["white"].selected_option[0].endswith("weaker with this clock")
        click_widget(app, form.widgets["start"])
        settle(app)
        board = app.scene
        assert board.computer.thinking
        assert "weaker with this clock" in board.w["status"].html_text
    finally:
        app.close()
    from game.scenes.board.panel import _level_words
    assert _level_words("onyx", "hard", Settings(), think_budget(60, 0)).endswith(
        "weaker with this clock")
    assert _level_words("onyx", "hard", Settings(), None) == level_words("onyx", "hard")


@pytest.mark.parametrize("lang", ["ja", "uz"])
def test_the_words_are_translated(lang):
    try:
        i18n.set_language(lang)
        more, less = level_words("amoeba", "medium", 3.0), level_words("onyx", "hard", 0.5)
        plain = level_words("amoeba", "medium")
        half = i18n.decimal(0.5)
    finally:
        i18n.set_language("en")
    assert "stronger" not in more and "weaker" not in less
    assert more.startswith(plain) and less != plain and more != less
    assert "3" in more and half in less


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
def test_the_longest_words_fit_the_new_game_form_at_1024x640(lang):
    """The form is as wide as its longest choice needs: with a changed think time (the
    longest words a level can show) every level still fits, in every language."""
    from test_layout_audit import audit
    from ui_helpers import make_app, settle
    # (Amoeba: its Medium, unlike Onyx's, scales with its think time)
    app = make_app("--scene", "new:amoeba", "--window", "1024x640", "--lang", lang)
    try:
        app.settings.think_medium, app.settings.think_hard = 0.5, 10.0
        settle(app)
        sc = app.scene
        sc.relayout()
        settle(app)
        for _w, value in player_choices_of(sc)[1:]:
            sc.players["white"] = value
            sc.relayout()
            settle(app)
            assert sc.widgets["white"].value == value and audit(app) == [], (lang, value)
        shown = {v: w for w, v in player_choices_of(sc)}
        assert "0" in shown["medium"] and "10" in shown["hard"]
        assert shown["medium"] != shown["hard"]
        sc.set_clock(TimeControl(60, 0))           # a clock that cuts levels 5-8 short
        for _w, value in player_choices_of(sc)[1:]:
            sc.players["white"] = value
            sc.relayout()
            settle(app)
            assert sc.widgets["white"].value == value and audit(app) == [], (lang, value)
        assert sc.widgets["white"].selected_option[0] != shown["hard"]
    finally:
        app.close()
        i18n.set_language("en")


def player_choices_of(sc):
    from game.scenes.newgame import player_choices
    return player_choices(sc.game_name, sc.app_settings(), sc.time_control)
