"""Choices a player made are remembered: New game offers the last players, variant and clock
of each game; the window opens at the size it was left at; a damaged settings file is said on
screen in a player's words (the menu, or the board a start opens on)."""
from __future__ import annotations

import pytest

from game.app import build, parse_args
from game.clock import TimeControl
from game.settings import load_settings, settings_path
from game.scenes.newgame import NewGameScene

from ui_helpers import board, make_app, settle, step


def start_from_form(app, game: str, black: str, white: str, options: dict, clock: TimeControl | None):
    form = NewGameScene(game)
    app.push(form)
    app.finish_transition()
    step(app, 2)
    form.players = {"black": black, "white": white}
    form.options = dict(options)
    form.set_clock(clock)
    form.relayout()
    form.start()
    settle(app)
    return board(app)


def test_new_game_offers_the_last_players_variant_and_clock_of_each_game():
    app = make_app()
    settle(app)
    sc = start_from_form(app, "onyx", "medium", "human", {"size": 16, "open": True, "pie": True},
                         TimeControl(300, 3))
    assert sc.match.players == {sc.match.to_move: "medium", sc.match.to_move.other: "human"}
    start_from_form(app, "amoeba", "human", "hard", {}, None)
    saved, _warnings = load_settings()                      # kept on disk (the settings' writer)
    assert saved.last["onyx"].clock == "300+3" and saved.last["onyx"].options["size"] == 16
    form = NewGameScene("onyx")                             # the menu's Play: nothing given
    app.push(form)
    app.finish_transition()
    step(app, 2)
    W = form.widgets
    assert (W["black"].value, W["white"].value) == ("medium", "human")
    assert W["size"].value == 16 and W["open"].get_state() and W["pie"].get_state()
    assert W["clock"].value == TimeControl(300, 3)
    form.choose_game("amoeba")                              # each game its own
    step(app, 2)
    W = form.widgets
    assert (W["black"].value, W["white"].value) == ("human", "hard") and W["clock"].value == "none"
    app.close()


def test_the_window_opens_at_the_size_it_was_left_at():
    app = build(parse_args([]), fade=False)
    assert app.size == (1280, 800)                          # the first start: the default
    app.resize((1500, 900))
    step(app, 2)
    app.close()
    assert load_settings()[0].window_size == "1500x900"
    app = build(parse_args([]), fade=False)
    assert app.size == (1500, 900)
    app.close()
    app = build(parse_args(["--window", "1024x640"]), fade=False)    # --window still decides
    assert app.size == (1024, 640)
    app.close()


def test_a_damaged_settings_file_is_said_in_a_players_words():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('anim_speed = [1,\ntheme = "dark"\n', encoding="utf-8")
    app = make_app()
    settle(app)
    message = app.scene.message
    assert "Your settings file was damaged" in message and "settings.corrupt-1.toml" in message
    assert "TOML" not in message and "line 2" not in message          # no parser's words
    app.close()
    settings_path().write_text("[[[", encoding="utf-8")
    app = make_app("--game", "onyx")                        # a start on a board: said there
    settle(app)
    assert "Your settings file was damaged" in board(app).panel.status
    app.close()


def test_a_first_window_stands_whole_on_a_small_desktop():
    from game.app import fit_to_desktop
    from game.cli import DEFAULT_SIZE, MIN_SIZE
    assert fit_to_desktop(DEFAULT_SIZE, (1920, 1080)) == DEFAULT_SIZE       # room: the default
    w, h = fit_to_desktop(DEFAULT_SIZE, (1366, 768))                       # a common laptop
    assert h <= 768 * 0.88 and w <= 1366 and abs(w / h - 1.6) < 0.01
    assert fit_to_desktop(DEFAULT_SIZE, (800, 600)) == MIN_SIZE             # never below the smallest
    assert fit_to_desktop(DEFAULT_SIZE, None) == DEFAULT_SIZE


@pytest.mark.parametrize("desktop", [(3840, 2160), (5120, 2880), (2560, 1440)])
def test_a_first_window_on_a_large_desktop_is_in_proportion(desktop):
    # a 4K screen opened the game at 1280x800, a ninth of the desktop, its words 14 px high
    from game.app import fit_to_desktop
    from game.cli import DEFAULT_SIZE
    w, h = fit_to_desktop(DEFAULT_SIZE, desktop)
    assert abs(w / h - 1.6) < 0.01 and w <= desktop[0] * 0.95 and h <= desktop[1] * 0.88
    assert w >= DEFAULT_SIZE[0] and w * h >= 0.25 * desktop[0] * desktop[1]    # a quarter of the screen, at least
