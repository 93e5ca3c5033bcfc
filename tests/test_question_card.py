"""Every question the game asks is one card: centred on the window, sized to its words (never
cut, never scrolled), buttons that fit their words at every UI scale, and ready for the
keyboard (Enter answers yes, Escape no, Tab moves between the two)."""
from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UITextBox

from game.scenes import files
from game.storage import records_dir
from game.ui.dialogs import QuestionCard
from game.ui.focus import focusables

from ui_helpers import board, click_widget, key, make_app, settle, step

SIZES = ("1024x640", "3840x2160")


def check_card(app, card) -> None:
    """The card as a player sees it: whole, in the middle, nothing cut or scrolled."""
    assert isinstance(card, QuestionCard), card
    win = pygame.Rect((0, 0), app.size)
    assert win.contains(card.rect) and card.fits, (card.title, card.rect, card.body.lines)
    shadow = app.px(6)
    middle = pygame.Rect(card.rect.x, card.rect.y, card.rect.w - shadow, card.rect.h - shadow).center
    assert abs(middle[0] - win.centerx) <= 2 and abs(middle[1] - win.centery) <= 2
    assert card.body.lines and not card.body.cut and not card.body.shrunk
    assert card.title_label.font.size(card.title)[0] <= card.title_label.rect.w
    for b in (card.confirm_button, card.cancel_button):
        assert card.rect.contains(b.rect)
        w, h = b.font.get_rect(b.text).size
        assert w <= b.rect.w - 8 and h <= b.rect.h, (b.text, b.rect)
    assert not card.confirm_button.rect.colliderect(card.cancel_button.rect)
    assert not any(isinstance(el, UITextBox) for el in card.get_container().elements)   # no scrolling box


def finished_unsaved_board(size: str):
    app = make_app("--game", "amoeba", "--window", size, "--moves", "b3-c4 e4-e3")
    settle(app)
    sc = board(app)
    sc.offers.resign()
    step(app, 2)
    click_widget(app, sc.dialog.confirm_button)
    settle(app)
    assert sc.match.is_over
    return app, sc


@pytest.mark.parametrize("size", SIZES)
def test_the_board_questions_are_cards_that_fit(size, tmp_path):
    app = make_app("--game", "onyx", "--window", size, "--moves", "f6 e7 c3")
    settle(app)
    sc = board(app)
    sc.offers.resign()
    step(app, 2)
    check_card(app, sc.dialog)
    assert sc.dialog.title == "Resign?" and "resigns" in " ".join(sc.dialog.body.lines)
    key(app, pygame.K_ESCAPE)
    assert sc.dialog is None and not sc.match.is_over
    sc.offers.offer()
    step(app, 2)
    check_card(app, sc.dialog)
    key(app, pygame.K_RETURN)                       # Enter: "Offer it"; the other person is asked
    settle(app)
    check_card(app, sc.dialog)
    assert sc.dialog_kind == "offer" and sc.dialog.cancel_button.text == "Decline"
    click_widget(app, sc.dialog.cancel_button)
    settle(app)
    sc.history.browse_key("1")                      # back to move 1: a new move there asks first
    settle(app)
    sc.play_move("d4")
    step(app, 2)
    assert sc.dialog_kind == "branch"
    check_card(app, sc.dialog)
    app.close()
    app, sc = finished_unsaved_board(size)
    record = tmp_path / "other.txt"
    record.write_text('[Game "Amoeba"]\n\n1. b3-c4 *\n', encoding="utf-8")
    files.ask_before_loading(sc, record)
    step(app, 2)
    assert sc.dialog_kind == "replace"
    check_card(app, sc.dialog)
    assert "replaces it" in " ".join(sc.dialog.body.lines)
    app.close()


def test_enter_escape_and_tab_on_a_card():
    app = make_app("--game", "amoeba", "--window", "1280x800", "--moves", "b3-c4")
    settle(app)
    sc = board(app)
    sc.offers.resign()
    step(app, 2)
    card = sc.dialog
    assert focusables(app) == [card.cancel_button, card.confirm_button]     # Tab: only the card's answers
    key(app, pygame.K_TAB)
    assert app.focus is card.cancel_button
    key(app, pygame.K_TAB)
    assert app.focus is card.confirm_button
    key(app, pygame.K_TAB)
    assert app.focus is card.cancel_button
    key(app, pygame.K_RETURN)                       # the ring on Cancel: Enter presses Cancel
    settle(app)
    assert sc.dialog is None and not sc.match.is_over
    sc.offers.resign()
    step(app, 2)
    key(app, pygame.K_RETURN)                       # no ring: Enter answers yes
    settle(app)
    assert sc.match.is_over and sc.match.result.reason == "resign"
    app.close()


def test_a_card_lays_itself_out_again_when_the_window_changes():
    app = make_app("--game", "amoeba", "--window", "1024x640", "--moves", "b3-c4")
    settle(app)
    sc = board(app)
    sc.offers.resign()
    step(app, 2)
    small = sc.dialog.confirm_button.rect.h
    app.resize((3840, 2160))
    step(app, 2)
    check_card(app, sc.dialog)
    assert sc.dialog.confirm_button.rect.h > small
    app.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_and_library_questions_are_cards_that_fit(size):
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / ("a long name of a game record that a player typed " * 2 + ".txt")
    path.write_text('[Game "Amoeba"]\n\n1. b3-c4 *\n', encoding="utf-8")
    app = make_app("--window", size)
    settle(app)
    menu = app.scene
    menu.ask_set_aside({"path": folder / "x.txt", "text": "Onyx · 3 moves · Black to move"})
    step(app, 2)
    check_card(app, menu.dialog)
    key(app, pygame.K_ESCAPE)
    assert menu.dialog is None
    click_widget(app, menu.load_btn)
    settle(app)
    lib = menu.dialog
    lib.ask_delete()
    step(app, 2)
    check_card(app, lib._confirm)
    assert "trash folder" in " ".join(lib._confirm.body.lines)
    key(app, pygame.K_ESCAPE)                       # only the question goes
    assert lib._confirm is None and menu.dialog is lib and path.exists()
    app.close()
