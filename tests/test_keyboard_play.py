"""Playing by keyboard alone: typed moves on every board, Tab to the move box, drop-downs.

Each test presses keys as SDL sends them (a KEYDOWN with its character, then for a character a
TEXTINPUT, then a KEYUP) through the app's frames, on a stepped clock, and checks what a player
sees change: the board's position, the box, the focus ring, the settings.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.scenes.board import BoardScene
from game.scenes.board.movebox import TYPING_WORDS
from game.scenes.newgame import NewGameScene
from game.settings import settings_path
from ui_helpers import board, click_point, make_app, move_mouse, settle, step

GAMES = ("amoeba", "onyx", "onager")
CTRL = pygame.KMOD_CTRL
CHAR_KEYS = {"-": pygame.K_MINUS, ">": pygame.K_PERIOD, "*": pygame.K_8, "/": pygame.K_SLASH, " ": pygame.K_SPACE}


# ---------------------------------------------------------------- a person at the keyboard
def post(k: int, mod: int = 0, text: str = "") -> None:
    """One key as SDL sends it: KEYDOWN, the character (TEXTINPUT) if it types one, KEYUP."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    if text and not mod & CTRL:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0))


def press(app, k: int, mod: int = 0, text: str = "", frames: int = 2) -> None:
    post(k, mod, text)
    step(app, frames)


def enter(app) -> None:
    press(app, pygame.K_RETURN, 0, "\r")


def type_keys(app, text: str) -> None:
    """Each character typed as its key (a capital with Shift), one frame each."""
    for ch in text:
        code = CHAR_KEYS.get(ch) or pygame.key.key_code(ch.lower())
        shift = pygame.KMOD_SHIFT if ch.isupper() or ch in ">*" else 0
        post(code, shift, ch)
        step(app, 1)


def tab_to(app, cond, limit: int = 40) -> None:
    """Tab until the focus ring is on a widget for which ``cond`` holds."""
    for _ in range(limit):
        if app.focus is not None and cond(app.focus):
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached it (the ring is on {app.focus})")


def wins_at_once(game, move) -> bool:
    after = game.copy()
    mover = game.to_move
    after.play(move)
    return after.result is not None and after.result.winner == mover


def pick(game, rng: random.Random) -> str:
    """What the test player types: a move that wins at once, else one of the legal moves."""
    legal = sorted(game.legal_moves(), key=game.move_sort_key)
    wins = [m for m in legal if wins_at_once(game, m)]
    return game.move_str(wins[0] if wins else rng.choice(legal))


# ---------------------------------------------------------------- a whole game from the menu
def play_by_keyboard(app, sc: BoardScene, seed: int = 1, limit: int = 400) -> int:
    """Type every move of the human side until the game ends; the number of moves typed."""
    rng = random.Random(seed)
    box = sc.w["movebox"]
    typed = 0
    for _ in range(limit):
        settle(app, 80, thinking=True, check_first=True)
        m = sc.match
        if m.is_over:
            return typed
        assert m.is_human(m.to_move), "the computer did not answer"
        text = pick(m.game, rng)
        type_keys(app, text)
        assert box.is_focused and box.get_text() == text, (box.get_text(), text)
        enter(app)
        assert m.history and m.history[-1].text == text or m.is_over, sc.panel.status
        typed += 1
        assert box.is_focused or m.is_over          # the box keeps the keyboard for the next move
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_against_the_computer_by_keyboard_alone(game):
    app = make_app("--scene", "menu")
    try:
        settle(app)
        enter(app)                                          # Enter: New game (no game to continue)
        settle(app)
        form = app.scene
        assert isinstance(form, NewGameScene)
        if form.game_name != game:
            tab_to(app, lambda el: el is form.widgets[f"tab_{game}"])
            enter(app)
            settle(app)
        assert form.game_name == game and form.players == {"black": "human", "white": "easy"}
        enter(app)                                          # Start
        settle(app)
        sc = board(app)
        assert sc.game_name == game and sc.match.players[sc.match.to_move.other] == "easy"
        typed = play_by_keyboard(app, sc)
        assert typed > 0 and sc.match.is_over
        settle(app, 40)
        first = sc.banner.first_button()                  # the result card, its first button ringed
        assert sc.banner.shown() and first is not None and app.focus is first
        assert first.text == "Review"
        enter(app)                                          # Review
        assert sc.review.running or sc.review.summary is not None
        settle(app, 400, until=lambda: not sc.review.running, fail="the review did not finish")
        assert sc.review.summary is not None and sc.review.plies
        for _ in range(4):                                  # Escape, Escape…: back to the menu
            if type(app.scene).__name__ == "MenuScene":
                break
            press(app, pygame.K_ESCAPE, 0, "\x1b")
            settle(app)
        assert type(app.scene).__name__ == "MenuScene"
    finally:
        app.close()
