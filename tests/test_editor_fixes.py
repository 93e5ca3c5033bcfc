"""The position editor keeps what a player did and says what it does (game/scenes/editor.py,
game/scenes/editor_model.py, game/ui/keys.py).

* Undo / Redo (Ctrl+Z / Ctrl+Y, the Undo and Redo buttons, the set-up box too) take back every
  change: a click, Clear board, Start position, a typed text, a smaller Onyx board; Clear board
  and Start position say that Ctrl+Z brings the position back.
* A smaller Onyx board says how many stones it took off, and Ctrl+Z brings them back.
* Leaving an impossible position does not advise Save, which cannot be pressed.
* The side-to-move row reads as such in every language (its words, or a caption before it).
* Uzbek "Ochiq boshlanish" keeps the panel's inner margin.
* An Onager set-up text quotes a wrong piece as typed; a lake in a stack is pointed to "Lakes: a1".
* No lake placed is said as such, not "Only 0 of the 3 lakes".

Headless, synthetic events, stepped frames.
"""
from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UILabel

from game.i18n import _
from game.names import side_name
from game.scenes.editor import EditorScene
from ui_helpers import click_point, click_widget, key, make_app, settle, step

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def editor():
    apps = []

    def open_editor(game: str, *args: str, window: str = "1024x640"):
        app = make_app("--scene", f"editor:{game}", "--window", window, *args)
        settle(app)
        apps.append(app)
        assert isinstance(app.scene, EditorScene)
        return app, app.scene

    yield open_editor
    for app in apps:
        app.close()


def status(sc: EditorScene) -> str:
    return sc.status_markup()


def choose(app, menu, value) -> None:
    """Open a drop-down and click the choice that means ``value``, as a player does."""
    words = next(w for w, v in zip((t for t, _v in menu.options_list), menu.values) if v == value)
    click_widget(app, menu)
    step(app, 2)
    items = menu.current_state.options_selection_list.item_list_container.elements
    click_widget(app, next(b for b in items if b.text == words))
    step(app, 3)


def type_in_box(app, sc: EditorScene, text: str) -> None:
    """'/' gives the set-up box the keyboard; select all, type ``text``, Enter (the box keeps it)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="/", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="/"))
    step(app, 2)
    assert sc.widgets["text"].is_focused
    key(app, pygame.K_a, CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app, 2)
    key(app, pygame.K_RETURN)


# ---------------------------------------------------------------- 1. undo and redo
def test_ctrl_z_and_ctrl_y_take_back_clicks_clear_board_and_start_position(editor):
    app, sc = editor("onager")
    start = dict(sc.model.stacks)
    assert not sc.widgets["undo"].is_enabled and not sc.widgets["redo"].is_enabled
    click_widget(app, sc.widgets["clear"])
    assert sc.model.stacks == {}
    assert "Ctrl+Z" in status(sc) and "cleared" in status(sc)          # the status says it can be undone
    assert sc.widgets["undo"].is_enabled
    click_point(app, "c3")
    assert sc.model.stacks == {"c3": ("B",)}
    key(app, pygame.K_z, CTRL)
    assert sc.model.stacks == {}
    key(app, pygame.K_z, CTRL)
    assert sc.model.stacks == start                                   # the board before Clear board
    assert not sc.widgets["undo"].is_enabled and sc.widgets["redo"].is_enabled
    key(app, pygame.K_y, CTRL)
    assert sc.model.stacks == {}
    key(app, pygame.K_y, CTRL)
    assert sc.model.stacks == {"c3": ("B",)}
    assert sc.widgets["text"].get_text() == sc.position_text() == "c3: B"
    # Start position: the lake phase and the side go back, and Undo (the button) undoes all of it
    click_widget(app, sc.widgets["lake_phase"])
    step(app, 2)
    assert sc.model.lake_phase is False
    click_widget(app, sc.widgets["start"])
    assert sc.model.stacks == start and sc.model.lake_phase is True
    assert "Ctrl+Z" in status(sc)
    click_widget(app, sc.widgets["undo"])
    assert sc.model.stacks == {"c3": ("B",)} and sc.model.lake_phase is False
    assert sc.widgets["lake_phase"].is_checked is False                # the box shows the state
    click_widget(app, sc.widgets["redo"])
    assert sc.model.stacks == start and sc.model.lake_phase is True


def test_ctrl_z_in_the_set_up_box_takes_back_a_typed_position(editor):
    app, sc = editor("onyx")
    before = dict(sc.model.stacks)
    type_in_box(app, sc, "Black: f6; White: e5")
    assert sc.model.stacks == {"f6": ("B",), "e5": ("W",)}
    assert sc.widgets["text"].is_focused                              # the box still has the keyboard
    key(app, pygame.K_z, CTRL)
    assert sc.model.stacks == before
    assert sc.widgets["text"].get_text() == sc.position_text()
    key(app, pygame.K_y, CTRL)
    assert sc.model.stacks == {"f6": ("B",), "e5": ("W",)}


def test_the_side_and_the_onyx_options_are_undone_with_their_widgets(editor):
    app, sc = editor("onyx")
    click_widget(app, sc.widgets["side_white"])
    assert sc.model.to_move.word == "white"
    key(app, pygame.K_z, CTRL)
    assert sc.model.to_move.word == "black"
    assert "#primary_button" in sc.widgets["side_black"].get_object_ids()


def test_the_keys_list_has_undo_and_redo(editor):
    app, sc = editor("amoeba")
    key(app, pygame.K_F1)
    sections = dict(app.keys_overlay.sections)
    key(app, pygame.K_ESCAPE)
    rows = dict(sections["The editor's buttons"])
    assert "Undo" in rows["Ctrl+Z / Ctrl+Y"]


# ---------------------------------------------------------------- 2. a smaller Onyx board
def test_a_smaller_onyx_board_says_what_it_removed_and_ctrl_z_brings_it_back(editor):
    app, sc = editor("onyx")
    choose(app, sc.widgets["size"], 20)
    assert sc.model.size == 20
    click_point(app, "t20")
    click_point(app, "s19")
    had = dict(sc.model.stacks)
    choose(app, sc.widgets["size"], 12)
    assert sc.model.size == 12 and "t20" not in sc.model.stacks
    assert "2 stones off the 12×12 board were removed: Ctrl+Z brings them back." in status(sc)
    key(app, pygame.K_z, CTRL)
    assert sc.model.size == 20 and sc.model.stacks == had
    assert sc.widgets["size"].value == 20 and sc.view.pixel_of("t20") is not None


# ---------------------------------------------------------------- 3. leaving an impossible position
def test_leaving_an_impossible_position_does_not_advise_save(editor):
    app, sc = editor("amoeba")
    click_widget(app, sc.widgets["clear"])
    assert not sc.widgets["save"].is_enabled
    key(app, pygame.K_ESCAPE)
    assert sc.dialog_kind == "leave"
    assert "not kept" in sc.dialog.text and "Save keeps it" not in sc.dialog.text
    key(app, pygame.K_ESCAPE)                                         # Stay
    assert isinstance(app.scene, EditorScene)
    key(app, pygame.K_z, CTRL)                                        # a legal position again: Save is advised
    assert sc.widgets["save"].is_enabled
    click_point(app, "a1", button=3)                                  # one black piece fewer: still legal
    assert sc.valid
    key(app, pygame.K_ESCAPE)
    assert "Save keeps it" in sc.dialog.text


# ---------------------------------------------------------------- 4, 5. the panel in every language
@pytest.mark.parametrize("window", ["1024x640", "3840x2160"])
@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
@pytest.mark.parametrize("game", ["onyx", "onager"])
def test_the_side_to_move_row_reads_as_the_side_to_move(editor, game, lang, window):
    app, sc = editor(game, "--lang", lang, window=window)
    black = sc.widgets["side_black"]
    words = _("{side} to move").format(side=side_name("black"))
    if black.text != words:                                           # the colour alone: a caption before it
        captions = [el for el in sc.root.elements if isinstance(el, UILabel)
                    and el.rect.right <= black.rect.x and abs(el.rect.centery - black.rect.centery) <= 2]
        assert [c.text for c in captions] == [_("To move:")], (lang, window, black.text)


@pytest.mark.parametrize("window", ["1024x640", "3840x2160"])
@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
def test_the_open_start_box_keeps_the_panels_inner_margin(editor, lang, window):
    app, sc = editor("onyx", "--lang", lang, window=window)
    label = sc.widgets["open"].text_label
    inner = sc.panel_rect.right - sc.px(16)
    assert label.font.size(label.text)[0] + label.rect.x <= inner, (lang, label.text)
    assert label.rect.right <= inner and sc.widgets["pie"].rect.right <= inner


# ---------------------------------------------------------------- 6. a lake written in a stack
def test_a_wrong_piece_is_quoted_as_typed_and_a_lake_is_pointed_to_the_lakes_form(editor):
    app, sc = editor("onager")
    type_in_box(app, sc, "a1: L,B")
    said = status(sc)
    assert "“L” on a1" in said and "“l”" not in said
    assert "Lakes: a1" in said
    type_in_box(app, sc, "a1: X")
    said = status(sc)
    assert "“X” on a1" in said and "Lakes:" not in said


# ---------------------------------------------------------------- 7. no lake placed
def test_no_lake_placed_is_said_as_such(editor):
    app, sc = editor("onager")
    click_widget(app, sc.widgets["clear"])
    click_widget(app, sc.widgets["lake_phase"])
    step(app, 2)
    click_point(app, "c3")
    said = status(sc)
    assert "Only 0" not in said
    assert "No lake is placed" in said
