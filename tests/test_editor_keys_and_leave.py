"""The position editor as a keyboard-only player and a player who set up a position meet it
(game/scenes/editor.py, game/scenes/editor_model.py, game/ui/keys.py).

* F1 shows the editor's own keys: how to reach the set-up box, its form for the game shown (the
  examples are positions the game's own parser reads), Enter, what Play / Analyse / Save do, Esc;
  "/" gives the set-up box the keyboard and a position typed there is used with Enter.
* Escape or Back leave at once while nothing would be lost; a position changed since the editor
  opened (or since Save) is asked about first ("Leave the editor?": Leave / Stay), and Escape in
  the set-up box first leaves the box.
* A finished position says who joined what, in the result card's words ("White wins: White
  connected columns a and l."), never "the two sides are connected".

Headless, synthetic events, stepped frames.
"""
from __future__ import annotations

import pygame
import pytest

from game.scenes.editor import EditorScene
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


def type_key(app, k: int, char: str) -> None:
    """A key that types a character, as SDL sends it: KEYDOWN, TEXTINPUT, KEYUP; two frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=char, scancode=0))
    step(app, 2)


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app, 2)


def keys_card(app) -> tuple[str, dict[str, list[tuple[str, str]]]]:
    """F1: the keys overlay's title and its sections as the player reads them (then closed)."""
    key(app, pygame.K_F1)
    overlay = app.keys_overlay
    assert overlay is not None
    shown = overlay.title, dict(overlay.sections)
    key(app, pygame.K_ESCAPE)
    assert app.keys_overlay is None
    return shown


def leave_card(app):
    """The question card open over the editor, if one is."""
    return app.scene.dialog if isinstance(app.scene, EditorScene) else None


# ---------------------------------------------------------------- 1. the keys
@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
def test_f1_lists_the_editors_keys_and_the_set_up_box_form_of_the_game(editor, game):
    app, sc = editor(game)
    title, sections = keys_card(app)
    assert title == "Keys · Set up a position"
    assert isinstance(app.scene, EditorScene)              # F1 and Esc on the card: the editor stays
    box_keys = dict(sections["The set-up box"])
    assert "set-up box" in box_keys["/"] and "Enter" in box_keys and "Esc" in box_keys
    buttons = dict(sections["The editor's buttons"])
    assert {"Play", "Save"} <= set(buttons) and "position" in buttons["Play"]
    assert ("Analyse" in buttons) == ("analyse" in sc.widgets)   # only a button the editor has
    assert "Everywhere" in sections
    # the form of the set-up box for this game: examples its own parser reads as a legal position
    form = sections["Writing a position"]
    example = form[0][0] if game != "onager" else "; ".join(k for k, _t in form)
    verdict = sc.model.check(example)
    assert verdict.ok, (example, verdict.reason)
    heads = [h for h in sections]
    assert len(set(heads)) == len(heads)


def test_slash_gives_the_set_up_box_the_keyboard_and_enter_uses_the_typed_position(editor):
    app, sc = editor("onyx")
    box = sc.widgets["text"]
    assert not box.is_focused
    type_key(app, pygame.K_SLASH, "/")
    assert box.is_focused and app.focus is box           # the keyboard and the focus ring
    assert "/" not in box.get_text()                      # the key itself is not typed
    key(app, pygame.K_a, pygame.KMOD_CTRL)                # select all, then type over it
    type_text(app, "Black: f6 ef67; White: e5")
    key(app, pygame.K_RETURN)
    assert sc.model.stacks == {"f6": ("B",), "ef67": ("B",), "e5": ("W",)}
    assert sc.valid and "A legal position." in sc.status_markup()
    key(app, pygame.K_ESCAPE)                             # Escape in the box: the box first
    assert not box.is_focused and isinstance(app.scene, EditorScene) and sc.dialog is None


# ---------------------------------------------------------------- 2. leaving
def test_escape_leaves_at_once_when_nothing_changed(editor):
    app, sc = editor("onyx")
    click_point(app, "f6")
    click(app, sc.view.pixel_of("f6"), button=3)          # put and taken off: the position it opened with
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert type(app.scene).__name__ == "NewGameScene"


def test_escape_asks_before_a_changed_position_is_lost_and_stay_keeps_it(editor):
    app, sc = editor("onyx")
    click_point(app, "f6")
    assert sc.model.stacks["f6"] == ("B",)
    key(app, pygame.K_ESCAPE)
    settle(app)
    card = leave_card(app)
    assert app.scene is sc and card is not None and card.alive()
    assert card.title == "Leave the editor?" and "not kept" in card.text
    assert (card.ok, card.cancel) == ("Leave", "Stay")
    key(app, pygame.K_ESCAPE)                             # Escape on the question: Stay
    settle(app)
    assert app.scene is sc and sc.dialog is None and sc.model.stacks["f6"] == ("B",)
    click_widget(app, sc.widgets["back"])                 # Back asks the same
    settle(app)
    card = leave_card(app)
    assert card is not None
    click_widget(app, card.cancel_button)                 # Stay
    settle(app)
    assert app.scene is sc and sc.dialog is None
    click_widget(app, sc.widgets["back"])
    settle(app)
    assert leave_card(app) is not None
    key(app, pygame.K_RETURN)                             # Enter: Leave
    settle(app)
    assert type(app.scene).__name__ == "NewGameScene"


def test_a_typed_text_not_used_yet_is_asked_about_too(editor):
    app, sc = editor("amoeba")
    type_key(app, pygame.K_SLASH, "/")
    type_text(app, "x")
    key(app, pygame.K_ESCAPE)                             # leaves the box
    assert sc.dialog is None and app.scene is sc
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert leave_card(app) is not None and app.scene is sc


def test_after_save_escape_leaves_at_once(editor):
    app, sc = editor("onyx")
    click_point(app, "f6")
    click_widget(app, sc.widgets["save"], check="enabled")
    key(app, pygame.K_RETURN)                           # the library's Save, under the name offered
    step(app, 2)
    assert "Saved as" in sc.status_markup()
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert type(app.scene).__name__ == "NewGameScene"


# ---------------------------------------------------------------- 3. a finished position
def use(app, sc, text: str) -> None:
    """A position typed over the set-up box's text (a click gives it the keyboard), then Enter."""
    click_widget(app, sc.widgets["text"])
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    type_text(app, text)
    key(app, pygame.K_RETURN)
    assert sc.typed_error == "", sc.typed_error


def test_a_finished_onyx_position_says_whose_edges_are_joined(editor):
    app, sc = editor("onyx")
    use(app, sc, "Black: a1; White: " + " ".join(f"{c}6" for c in "abcdefghijkl"))
    said = sc.status_markup()
    assert "White wins: White connected columns a and l." in said, said
    assert "two sides are connected" not in said
    assert not sc.widgets["play"].is_enabled and sc.widgets["save"].is_enabled
    use(app, sc, "Black: " + " ".join(f"f{n}" for n in range(1, 13)) + "; White: a1")
    said = sc.status_markup()
    assert "Black wins: Black connected rows 1 and 12." in said, said


def test_a_finished_onager_position_says_the_far_row_count(editor):
    app, sc = editor("onager")
    click_widget(app, sc.widgets["lake_phase"])           # the lakes are placed: the game is on
    assert not sc.model.lake_phase
    use(app, sc, "k1: B; k2: B; e4: W; Lakes: c3 d5 h6")
    said = sc.status_markup()
    assert "Black wins: More pieces on the far row: Black 2, White 0." in said, said


def test_save_names_the_file_in_the_library_and_asks_before_replacing(editor):
    # Save wrote under a name of its own ('… (2).txt' the second time), with no way to name it
    from game.scenes.library import LibraryDialog
    from game.storage import records_dir
    app, sc = editor("onyx")
    click_widget(app, sc.widgets["save"], check="enabled")
    dlg = sc.dialog
    assert isinstance(dlg, LibraryDialog) and dlg.mode == "save" and dlg.name_entry is not None
    assert dlg.window_display_title == "Save this position"
    dlg.name_entry.set_text("黒の練習")                  # any name the player types, Japanese too
    key(app, pygame.K_RETURN)
    step(app, 2)
    path = records_dir() / "黒の練習.txt"
    assert sc.saved_path == path and path.exists() and "Saved as" in sc.status_markup()
    before = path.read_text(encoding="utf-8")
    click_widget(app, sc.widgets["save"], check="enabled")
    sc.dialog.name_entry.set_text("黒の練習")
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert sc.dialog_kind == "overwrite"                 # asked first
    key(app, pygame.K_ESCAPE)                            # no: the file stays as it was
    step(app, 2)
    assert sc.dialog is None and path.read_text(encoding="utf-8") == before
