"""Loose ends a player meets: the menu's pictures follow the colour theme; Escape on the library's
"Delete the game?" closes only the question; --black/--white need a game; the Tab focus ring
comes back after the keys overlay."""
from __future__ import annotations

import datetime
from pathlib import Path

import pygame
import pytest

from game.rules import make_game
from game.rules.record import format_record, record_from_game
from game.scenes import menu as M
from game.scenes.library import LibraryDialog
from game.scenes.menu import MenuScene
from game.storage import records_dir
from game.themes import THEMES

from ui_helpers import click, click_widget, key, make_app, step

GAMES = ("amoeba", "onyx", "onager")


# ---------------------------------------------------------------- the menu's pictures and the theme
@pytest.mark.parametrize("game", GAMES)
def test_a_board_picture_is_drawn_in_the_theme_it_is_given(game):
    size = (180, 160)
    classic = M.board_picture(game, size, THEMES["classic"])
    dark = M.board_picture(game, size, THEMES["dark"])
    assert pygame.image.tobytes(classic, "RGBA") != pygame.image.tobytes(dark, "RGBA")
    # no theme given: the classic look, as before
    assert pygame.image.tobytes(M.board_picture(game, size), "RGBA") == pygame.image.tobytes(classic, "RGBA")


def _opaque_differences(classic: pygame.Surface, dark: pygame.Surface) -> list[tuple[int, int]]:
    """Points where both pictures are opaque and their colours differ (a sparse grid)."""
    w, h = dark.get_size()
    out = []
    for x in range(2, w - 2, 7):
        for y in range(2, h - 2, 7):
            a, b = classic.get_at((x, y)), dark.get_at((x, y))
            if a.a == 255 and b.a == 255 and a[:3] != b[:3]:
                out.append((x, y))
    return out


def test_the_menu_shows_its_pictures_in_the_theme_chosen_in_settings():
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        assert isinstance(menu, MenuScene)
        step(app, 2)
        card = menu.cards[1]
        pic: pygame.Rect = card["pic"]
        classic = menu.picture(card["name"], pic.size).copy()
        app.settings.theme = "dark"
        step(app, 2)
        dark = menu.picture(card["name"], pic.size)
        points = _opaque_differences(classic, dark)
        assert points, "the dark picture looks like the classic one"
        # what the menu drew in the last frame is the dark picture
        drawn = [tuple(app.screen.get_at((pic.x + x, pic.y + y)))[:3] for x, y in points]
        assert drawn == [tuple(dark.get_at(p))[:3] for p in points]
        app.settings.theme = "classic"
        step(app, 2)
        back = menu.picture(card["name"], pic.size)
        assert pygame.image.tobytes(back, "RGBA") == pygame.image.tobytes(classic, "RGBA")
    finally:
        app.close()


# ---------------------------------------------------------------- Escape on the library's question
def _saved_game(name: str = "kept game.txt") -> Path:
    """A short Amoeba record in the records folder (the test's private home)."""
    g = make_game("amoeba")
    for _ in range(4):
        g.play(g.legal_moves()[0])
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(format_record(record_from_game(g, ["Ann", "Bob"], datetime.date(2026, 1, 1))), encoding="utf-8")
    return path


@pytest.mark.parametrize("ask", ["delete key", "delete button"])
def test_escape_on_delete_the_game_closes_only_the_question(ask):
    path = _saved_game()
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        click_widget(app, menu.load_btn)
        dlg = menu.dialog
        assert isinstance(dlg, LibraryDialog) and dlg.entries[dlg.selected].path == path
        if ask == "delete key":
            key(app, pygame.K_DELETE)
        else:
            click_widget(app, dlg.buttons["delete"])
        question = dlg._confirm
        assert question is not None and question.alive()
        key(app, pygame.K_ESCAPE)
        assert not question.alive() and dlg._confirm is None          # the question is gone
        assert app.scene is menu and menu.dialog is dlg and dlg.alive()  # the library stays open
        assert path.exists() and not (path.parent / "trash" / path.name).exists()
        # the library answers as before: Delete asks again, a second Escape (nothing asked) closes it
        key(app, pygame.K_DELETE)
        assert dlg._confirm is not None
        key(app, pygame.K_ESCAPE)
        assert dlg.alive() and dlg._confirm is None
        key(app, pygame.K_ESCAPE)
        assert menu.dialog is None and not dlg.alive() and app.scene is menu and path.exists()
    finally:
        app.close()


def test_escape_on_the_boards_library_question_keeps_the_library_and_the_board():
    path = _saved_game()
    app = make_app("--game", "onyx", "--window", "1024x640")
    try:
        sc = app.scene
        key(app, pygame.K_o, pygame.KMOD_CTRL)
        dlg = sc.dialog
        assert isinstance(dlg, LibraryDialog)
        key(app, pygame.K_DELETE)
        assert dlg._confirm is not None
        key(app, pygame.K_ESCAPE)
        assert dlg._confirm is None and sc.dialog is dlg and dlg.alive() and app.scene is sc
        assert path.exists()
    finally:
        app.close()


# ---------------------------------------------------------------- the command line and the keys overlay (game/app.py)


@pytest.mark.parametrize("argv", [
    ["--black", "hard"], ["--white", "easy", "--black", "medium"],
    ["--white", "easy", "--scene", "settings"], ["--black", "hard", "--scene", "tutorial:onyx"],
    ["--black", "hard", "--scene", "lesson:amoeba:1"], ["--white", "hard", "--scene", "analysis:onyx"],
    ["--black", "easy", "--scene", "load"], ["--white", "easy", "--scene", "keys:menu"],
])
def test_players_without_a_game_are_refused_in_one_line(argv, capsys):
    from game.app import parse_args
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    assert err.count("\n") == 1 and "error:" in err and "usage" not in err.lower(), err
    assert "need" in err and "a game" in err and "--game" in err, err
    assert ("--black" in argv) == ("--black" in err) and ("--white" in argv) == ("--white" in err), err


@pytest.mark.parametrize("argv", [
    ["--game", "amoeba", "--black", "hard"], ["--scene", "board:onager", "--white", "easy"],
    ["--scene", "gameover:onyx", "--white", "hard"], ["--scene", "new:onyx", "--black", "easy"],
    ["--scene", "save", "--white", "easy"], ["--scene", "load:onyx", "--black", "easy"],
    ["--scene", "editor:amoeba", "--white", "medium"], ["--scene", "keys:board", "--black", "hard"],
])
def test_players_with_a_game_are_taken(argv):
    from game.app import parse_args
    args = parse_args(argv)
    side = "black" if "--black" in argv else "white"
    assert getattr(args, side) == argv[argv.index(f"--{side}") + 1]
    assert {args.black, args.white} <= {"human", "easy", "medium", "hard"}


def test_no_players_given_are_people():
    from game.app import parse_args
    args = parse_args([])
    assert args.black == args.white == "human"


@pytest.mark.parametrize("close", [pygame.K_ESCAPE, pygame.K_F1])
def test_the_focus_ring_comes_back_when_the_keys_overlay_closes(close):
    app = make_app("--window", "1024x640")
    try:
        step(app, 2)
        key(app, pygame.K_TAB)
        key(app, pygame.K_TAB)
        ringed = app.focus
        assert ringed is not None and ringed in app.focusables()
        key(app, pygame.K_F1)
        assert app.keys_overlay is not None
        key(app, close)
        assert app.keys_overlay is None and app.focus is ringed
        key(app, pygame.K_TAB)                       # and Tab goes on from there
        items = app.focusables()
        assert app.focus is items[(items.index(ringed) + 1) % len(items)]
    finally:
        app.close()


def test_a_click_that_closes_the_keys_overlay_leaves_no_ring():
    """A mouse press takes the ring away, the one that closes the keys overlay too."""
    app = make_app("--window", "1024x640")
    try:
        step(app, 2)
        key(app, pygame.K_TAB)
        assert app.focus is not None
        key(app, pygame.K_F1)
        click(app, (5, 5))
        assert app.keys_overlay is None and app.focus is None
    finally:
        app.close()
