"""The position editor (game/scenes/editor.py, its model game/scenes/editor_model.py).

Positions are set up by clicks on the board as a person makes them (``click_point``: where the
view says the point is; right clicks take pieces off), the text the editor shows is the rules
core's own ``position_text()`` and ``from_position`` reads it back to the same stacks; an
impossible position says the core's reason in a player's words and disables Play and Save;
Save writes a record (SetUp, ToMove) that loads back; Play opens a board of that position.
Headless, stepped frames, files under the test's own ABSTRACT_TRIO_HOME.
"""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.rules import Color, game_class
from game.rules.onyx import setup_problem
from game.scenes.base import SCENES
from game.scenes.editor import EditorScene
from game.scenes.editor_model import SetUpModel, player_words
from game.storage import load_record, records_dir
from ui_helpers import click, click_point, click_widget, key, make_app, settle, step


@pytest.fixture
def editor():
    apps = []

    def open_editor(game: str, *args: str):
        app = make_app("--scene", f"editor:{game}", "--window", "1024x640", *args)
        settle(app)
        apps.append(app)
        assert isinstance(app.scene, EditorScene)
        return app, app.scene

    yield open_editor
    for app in apps:
        app.close()


def right_click(app, label: str) -> None:
    click(app, app.scene.view.pixel_of(label), button=3)


def enabled(scene: EditorScene, key: str) -> bool:
    return bool(scene.widgets[key].is_enabled)


def round_trip(scene: EditorScene) -> None:
    """The entry's text is the core's position_text(), and from_position reads it to the same stacks."""
    text = scene.widgets["text"].get_text()
    game = game_class(scene.game_name).from_position(text, scene.model.to_move, **scene.model.options())
    assert text == game.position_text()
    assert {k: tuple(v) for k, v in game.stacks().items()} == scene.model.stacks


# ---------------------------------------------------------------- Amoeba
def test_amoeba_by_clicks_text_round_trip_and_kernel_reason(editor):
    app, sc = editor("amoeba")
    assert sc.valid and enabled(sc, "play") and enabled(sc, "save")
    click_widget(app, sc.widgets["clear"])
    assert sc.model.stacks == {}
    assert "Amoeba needs exactly one Kernel of each colour" in sc.status_markup()
    assert not enabled(sc, "play") and not enabled(sc, "save")
    if "analyse" in sc.widgets:
        assert not enabled(sc, "analyse")
    click_widget(app, sc.widgets["piece_Bk"])
    click_point(app, "b3")
    assert "the white Kernel is missing" in sc.status_markup()
    click_widget(app, sc.widgets["piece_Wk"])
    click_point(app, "f3")
    click_widget(app, sc.widgets["piece_B"])
    click_point(app, "d4")
    click_point(app, "d4")
    click_widget(app, sc.widgets["piece_W"])
    click_point(app, "d4")
    assert sc.model.stacks == {"b3": ("Bk",), "f3": ("Wk",), "d4": ("B", "B", "W")}
    assert sc.widgets["text"].get_text() == "b3: Bk; d4: B,B,W; f3: Wk"
    assert sc.valid and enabled(sc, "play") and enabled(sc, "save")
    round_trip(sc)
    right_click(app, "d4")                       # the top piece comes off
    assert sc.model.stacks["d4"] == ("B", "B")
    click_widget(app, sc.widgets["side_white"])
    assert sc.model.to_move == Color.WHITE and "White to move" in sc.status_markup()
    round_trip(sc)
    click_widget(app, sc.widgets["piece_Bk"])    # a second black Kernel
    click_point(app, "a1")
    assert "there are 2 black Kernels" in sc.status_markup()
    assert not enabled(sc, "play") and not enabled(sc, "save")


def test_typed_text_is_read_by_the_rules_core(editor):
    app, sc = editor("amoeba")
    sc.widgets["text"].set_text("D4: w,b,b; b3: BK; f3: wk")
    click_widget(app, sc.widgets["use_text"])
    assert sc.model.stacks == {"d4": ("W", "B", "B"), "b3": ("Bk",), "f3": ("Wk",)}
    assert sc.widgets["text"].get_text() == "b3: Bk; d4: W,B,B; f3: Wk"       # the core's own text
    assert sc.valid
    sc.widgets["text"].set_text("d4: X")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, text="d4: X",
                                         ui_element=sc.widgets["text"]))
    step(app, 2)
    assert "That text is not a position" in sc.status_markup() and "is not a piece" in sc.status_markup()
    assert not enabled(sc, "play") and not enabled(sc, "save")
    assert sc.model.stacks["d4"] == ("W", "B", "B")           # the board keeps its position
    click_point(app, "g1")                                       # a click: the board is the source again
    assert sc.valid and sc.widgets["text"].get_text() == sc.verdict.game.position_text()


def test_a_position_pasted_a_point_a_line_is_read(editor):
    # pasted with one point a line, "d4: Bk⏎f3: Wk" lost its line break and read as "d4: Bkf3: Wk"
    app, sc = editor("amoeba")
    box = sc.widgets["text"]
    box.clear()
    box.type_text("d4: Bk\r\n\nf3: Wk\n")         # as the clipboard gives it (Ctrl+V)
    assert box.get_text() == "d4: Bk; f3: Wk"
    click_widget(app, sc.widgets["use_text"])
    assert sc.model.stacks == {"d4": ("Bk",), "f3": ("Wk",)}


# ---------------------------------------------------------------- Onyx
def test_onyx_by_clicks_and_pie_state(editor):
    app, sc = editor("onyx", "--size", "16", "--pie")
    assert sc.model.size == 16 and sc.model.pie == "first"
    click_widget(app, sc.widgets["clear"])
    click_point(app, "c3")
    click_point(app, "cd23")
    click_widget(app, sc.widgets["piece_W"])
    click_point(app, "e5")
    click_point(app, "c3")                      # replaces the black stone
    assert sc.model.stacks == {"c3": ("W",), "cd23": ("B",), "e5": ("W",)}
    assert sc.widgets["text"].get_text() == "Black: cd23; White: c3 e5"
    round_trip(sc)
    right_click(app, "e5")
    assert "e5" not in sc.model.stacks
    sc.model.pie = "now"                         # the pie drop-down: White may swap now
    sc.changed()
    assert "Only White may swap" in sc.status_markup() and not enabled(sc, "play")
    click_widget(app, sc.widgets["side_white"])
    assert sc.valid and "swap" in sc.verdict.game.legal_strs()
    round_trip(sc)


def test_onyx_crossed_square_reason(editor):
    app, sc = editor("onyx")
    click_widget(app, sc.widgets["clear"])
    for lab in ("b1", "c2"):
        click_point(app, lab)
    click_widget(app, sc.widgets["piece_W"])
    for lab in ("c1", "b2"):
        click_point(app, lab)
    assert "Square bc12 is crossed" in sc.status_markup()
    assert not enabled(sc, "save")


# ---------------------------------------------------------------- Onager
def test_onager_discs_lakes_and_reasons(editor):
    app, sc = editor("onager")
    assert sc.model.lake_phase
    click_widget(app, sc.widgets["piece_L"])
    click_point(app, "a1")
    assert "A lake cannot hold a disc (on a1)" in sc.status_markup()
    assert not enabled(sc, "play") and not enabled(sc, "save")
    right_click(app, "a1")
    assert sc.model.stacks["a1"] == ("B",) and sc.valid
    click_point(app, "d4")
    assert "White places the next one" in sc.status_markup() and not enabled(sc, "play")
    click_widget(app, sc.widgets["side_white"])
    assert sc.valid and enabled(sc, "play")
    round_trip(sc)
    right_click(app, "b7")                       # 13 discs a side: room for one more of each
    right_click(app, "k6")
    click_widget(app, sc.widgets["piece_B"])
    click_point(app, "e5")
    click_point(app, "e5")                       # two black discs on one another
    assert "do not alternate" in sc.status_markup()
    right_click(app, "e5")
    click_widget(app, sc.widgets["piece_W"])
    click_point(app, "e5")
    assert sc.model.stacks["e5"] == ("B", "W") and sc.valid
    assert "e5: B,W" in sc.widgets["text"].get_text() and "Lakes: d4" in sc.widgets["text"].get_text()
    round_trip(sc)


def test_onager_play_phase_checkbox(editor):
    app, sc = editor("onager")
    click_widget(app, sc.widgets["lake_phase"])
    assert not sc.model.lake_phase
    assert "No lake is placed" in sc.status_markup() and sc.playable
    click_widget(app, sc.widgets["piece_L"])
    for lab in ("d4", "f9", "h5", "e6"):
        click_point(app, lab)
    assert "There are only 3 lakes" in sc.status_markup()


# ---------------------------------------------------------------- Save, Play, Analyse, entry point
def save_as_offered(app, sc) -> None:
    """Save opens the game library with a name already offered: Enter saves under it."""
    from game.scenes.library import LibraryDialog
    assert isinstance(sc.dialog, LibraryDialog) and sc.dialog.mode == "save"
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert sc.dialog is None


def test_save_writes_a_record_that_loads_back(editor):
    app, sc = editor("amoeba")
    click_widget(app, sc.widgets["clear"])
    for code, lab in (("Bk", "c3"), ("Wk", "e4"), ("W", "d4"), ("B", "d4")):
        click_widget(app, sc.widgets[f"piece_{code}"])
        click_point(app, lab)
    click_widget(app, sc.widgets["side_white"])
    text = sc.widgets["text"].get_text()
    click_widget(app, sc.widgets["save"], check="enabled")
    save_as_offered(app, sc)
    path = sc.saved_path
    assert path is not None and path.parent == records_dir() and path.exists()
    assert "Saved as" in sc.status_markup()
    record = load_record(path)
    assert record.game == "amoeba" and record.setup == text and record.to_move == Color.WHITE
    assert record.moves == []
    start = record.start()
    assert start.position_text() == text and start.to_move == Color.WHITE
    # loaded, a position with no moves is not offered to be stepped through (its step and
    # Replay buttons are off): the status says what was loaded and no more
    from game.scenes import files
    assert files.load_path(sc, path)
    settle(app)
    loaded = app.scene.panel.status
    assert loaded.startswith("Loaded ") and "0 moves" in loaded and "Step through" not in loaded


def test_save_onyx_pie_state_and_onager_lake_phase(editor):
    app, sc = editor("onyx", "--pie")
    sc.model.pie = "swapped"
    sc.changed()
    click_widget(app, sc.widgets["save"], check="enabled")
    save_as_offered(app, sc)
    start = load_record(sc.saved_path).start()
    assert start.swapped and start.options()["pie"]
    app2, sc2 = editor("onager")
    click_widget(app2, sc2.widgets["piece_L"])
    click_point(app2, "d4")
    click_widget(app2, sc2.widgets["side_white"])
    click_widget(app2, sc2.widgets["save"], check="enabled")
    save_as_offered(app2, sc2)
    start = load_record(sc2.saved_path).start()
    assert start.turn_phase() is not None and start.to_move == Color.WHITE
    assert "Lakes: d4" in start.position_text()


def test_play_opens_a_board_with_that_position(editor):
    app, sc = editor("onyx")
    click_widget(app, sc.widgets["clear"])
    click_point(app, "f6")
    click_widget(app, sc.widgets["side_white"])
    text = sc.widgets["text"].get_text()
    click_widget(app, sc.widgets["play"], check="enabled")
    settle(app)
    board = app.scene
    assert getattr(board, "is_board", False) and not isinstance(board, EditorScene)
    assert board.match.game.position_text() == text and board.match.game.to_move == Color.WHITE
    assert board.match.game.options()["size"] == 12


def test_analyse_opens_the_analysis_board_when_registered(editor):
    app, sc = editor("amoeba")
    if "analysis_of" not in SCENES:
        assert "analyse" not in sc.widgets
        return
    click_widget(app, sc.widgets["clear"])
    for code, lab in (("Bk", "b3"), ("Wk", "f3"), ("B", "d4")):
        click_widget(app, sc.widgets[f"piece_{code}"])
        click_point(app, lab)
    text = sc.widgets["text"].get_text()
    click_widget(app, sc.widgets["analyse"], check="enabled")
    settle(app)
    assert app.scene is not sc and app.scene.match.game.position_text() == text


def test_new_game_form_opens_the_editor_with_its_options(editor):
    app = make_app("--scene", "new:onyx", "--size", "20", "--white", "easy", "--window", "1024x640")
    try:
        settle(app)
        click_widget(app, app.scene.widgets["setup"])
        settle(app)
        sc = app.scene
        assert isinstance(sc, EditorScene) and sc.model.size == 20 and sc.players["white"] == "easy"
        click_widget(app, sc.widgets["back"])
        settle(app)
        assert type(app.scene).__name__ == "NewGameScene"
    finally:
        app.close()


# ---------------------------------------------------------------- the model and the rules core
def _refusal(name, text, to_move="black", **opts):
    from game.rules import RulesError, game_class
    with pytest.raises(RulesError) as caught:
        game_class(name).from_position(text, to_move, **opts)
    return caught.value


def test_reasons_in_player_words():
    """The editor words the rules core's refusal from its kind and facts, not from its English."""
    lake = _refusal("onager", "c3: B; Lakes: c3 d4 h5")
    assert lake.kind == "lake-and-discs" and lake.facts == {"cell": "c3"}
    assert player_words("onager", lake) == "A lake cannot hold a disc (on c3)."
    assert player_words("amoeba", _refusal("amoeba", "d4: Bk")).startswith(
        "Amoeba needs exactly one Kernel of each colour: the white Kernel")
    assert player_words("amoeba", _refusal("amoeba", "d4: Bk; d4: Wk")) == "Point d4 is listed twice."
    assert setup_problem("black", pie=True, plies=1)
    assert setup_problem("white", pie=True, plies=1) == ""
    assert setup_problem("white", pie=True, plies=1, swapped=True)
    assert setup_problem("white", swapped=True, plies=2)


@pytest.mark.parametrize("name", ["amoeba", "onyx", "onager"])
def test_start_position_text_is_the_cores(name):
    m = SetUpModel.start(name)
    verdict = m.check()
    assert verdict.ok and m.text() == verdict.game.position_text()


@pytest.mark.parametrize("clock", ["1 min", "No clock"])
def test_set_up_and_back_keeps_the_forms_clock(clock):
    # Clock '1 min' chosen, then Set up… and back (Escape): the form said 'No clock' again.
    # And 'No clock' chosen where the last game had one stays 'No clock'.
    from game.settings import LastChoice
    from test_settings_scene import choose
    app = make_app("--scene", "new:amoeba", "--window", "1024x640")
    try:
        app.settings.last["amoeba"] = LastChoice(clock="300+3")
        settle(app)
        form = app.scene
        choose(app, form.widgets["clock"], clock)
        click_widget(app, form.widgets["setup"])
        settle(app)
        assert isinstance(app.scene, EditorScene)
        key(app, pygame.K_ESCAPE)
        settle(app)
        form = app.scene
        assert type(form).__name__ == "NewGameScene"
        assert form.widgets["clock"].words() == clock
    finally:
        app.close()
