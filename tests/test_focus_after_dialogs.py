"""The keyboard's ring around the board's dialogs, played by keys alone at 1280x800: a question
card opens with the ring on its answer, the ring comes back to the button that opened a dialog
(or goes where the keyboard goes on when that cannot be pressed any more), and an icon button's
name, shown under the ring, does not come back over the screen when a dialog closes."""
from __future__ import annotations

import pygame
import pytest

from game.scenes import files
from game.storage import records_dir
from game.ui import focus as focus_ui

from ui_helpers import board, key, make_app, settle, step, tab_to

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app("--game", "amoeba", "--window", "1280x800")
    settle(a)
    yield a
    a.close()


def _game_over_with_a_move(app):
    sc = board(app)
    sc.play_move("b3-c4")
    settle(app, thinking=True)
    settle(app, until=lambda: sc.anim is None and not sc.computer.thinking, limit=200)
    sc.match.resign(sc.match.to_move)
    sc.refresh()
    step(app, 3)
    assert sc.banner.shown()
    return sc


def test_a_question_card_opens_with_the_ring_on_the_answer_enter_presses(app):
    sc = board(app)
    resign = sc.w["resign"]
    tab_to(app, resign)
    key(app, pygame.K_RETURN)
    step(app, 2)
    card = sc.dialog
    assert card is not None and sc.dialog_kind == "resign"
    assert app.focus is card.ok_button is card.confirm_button      # (Enter presses it anyway)
    key(app, pygame.K_TAB)
    assert app.focus is card.cancel_button
    key(app, pygame.K_RETURN)                                       # Cancel: back on Resign
    step(app, 2)
    assert sc.dialog is None and not sc.match.is_over and app.focus is resign


def test_resign_confirmed_by_the_keyboard_puts_the_ring_on_the_result_card(app):
    sc = board(app)
    tab_to(app, sc.w["resign"])
    key(app, pygame.K_RETURN)
    step(app, 2)
    key(app, pygame.K_RETURN)                                       # the card's Resign
    step(app, 3)
    assert sc.match.is_over and sc.banner.shown()
    first = sc.banner.first_button()
    assert first is not None and app.focus is first and first.is_enabled


def test_cancel_of_the_load_dialog_brings_the_ring_back_to_load(app):
    sc = board(app)
    load = sc.toolbar.buttons["load"]
    tab_to(app, load)
    key(app, pygame.K_RETURN)
    step(app, 2)
    dlg = sc.dialog
    assert dlg is not None
    tab_to(app, dlg.cancel_button)
    key(app, pygame.K_RETURN)
    step(app, 3)
    assert sc.dialog is None and app.focus is load and load.is_enabled


def test_a_game_loaded_by_the_keyboard_keeps_the_ring_on_load(app):
    sc = board(app)
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    assert files.save_to(sc, folder / "kept.txt")
    tab_to(app, sc.toolbar.buttons["load"])
    key(app, pygame.K_RETURN)                                       # Load…
    step(app, 2)
    assert sc.dialog is not None and sc.dialog.ok_button.is_enabled
    key(app, pygame.K_RETURN)                                       # Open
    step(app, 3)
    settle(app)
    new = board(app)
    assert new is not sc
    assert app.focus is new.toolbar.buttons["load"]


def test_ctrl_o_then_escape_brings_the_ring_back(app):
    sc = board(app)
    load = sc.toolbar.buttons["load"]
    tab_to(app, load)
    key(app, pygame.K_o, CTRL)
    step(app, 2)
    assert sc.dialog is not None
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    assert sc.dialog is None and app.focus is load


def test_review_from_the_result_card_leaves_a_ring(app):
    sc = _game_over_with_a_move(app)
    review = sc.w["banner:review"]
    tab_to(app, review)
    key(app, pygame.K_RETURN)
    step(app, 3)
    assert not review.alive()
    assert app.focus is not None and app.focus in focus_ui.focusables(app)


def test_an_icon_buttons_name_does_not_come_back_after_the_save_dialog(app, monkeypatch):
    names: list[str] = []
    real = focus_ui._draw_name

    def noting(a, surface, ring, words):
        names.append(words)
        real(a, surface, ring, words)
    monkeypatch.setattr(focus_ui, "_draw_name", noting)
    sc = _game_over_with_a_move(app)
    keys_btn = sc.w["keys"]
    tab_to(app, keys_btn)
    step(app)
    assert names and names[-1].startswith("Keys and shortcuts")   # Tab brought the ring: its name shows
    key(app, pygame.K_s, CTRL)                                       # Save…
    step(app, 2)
    assert sc.dialog is not None
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    assert sc.dialog is None and app.focus is keys_btn              # the ring is back…
    names.clear()
    step(app, 2)
    assert names == []                                              # …without the name over the heading
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert app.focus is keys_btn and names                          # Tab brings it again
