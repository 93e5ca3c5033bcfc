"""The typed-move box under the move list (issue 22, item 6): it shows exactly what it holds.

Each test drives the box as a person does: a click, then the events SDL sends for a key (a
KEYDOWN, for a character also a TEXTINPUT, then a KEYUP) through the app's frames, so
pygame-gui and the board see them in their real order. What the box shows is read from its
picture (``box.image``): the columns with ink between its borders.

Each failed with pygame-gui's ``UITextEntryLine``: after an accepted move it drew its hint and
inserted what was typed into it; select-all + BackSpace deleted from the hint, which stayed
drawn; after Escape a click on the box did not give it the keyboard back (pygame-gui still
counted it as focused), so c, -, +, h, Left, Ctrl+Z reached the board; a refused text showed
the parser's wording.
"""
from __future__ import annotations

import pygame
import pytest

from ui_helpers import board, click, make_app, settle, step

GAMES = ("amoeba", "onyx", "onager")
KEYS = {"-": pygame.K_MINUS, "+": pygame.K_PLUS, " ": pygame.K_SPACE, ">": pygame.K_PERIOD}


# ---------------------------------------------------------------- a person at the keyboard
def post_key(k: int, mod: int = 0, text: str = "") -> None:
    """One key as SDL sends it: KEYDOWN, the character (TEXTINPUT) if it types one, KEYUP."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    if text and not mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0))


def press(app, k: int, mod: int = 0, text: str = "") -> None:
    post_key(k, mod, text)
    step(app, 2)


def type_text(app, text: str) -> None:
    for ch in text:
        code = KEYS.get(ch) or pygame.key.key_code(ch.lower())
        post_key(code, pygame.KMOD_SHIFT if ch.isupper() else 0, ch)
        step(app, 1)


def focus_box(app, sc):
    box = sc.w["movebox"]
    click(app, box.get_abs_rect().center)
    assert box.is_focused, "a click on the box gives it the keyboard"
    return box


def enter(app) -> None:
    press(app, pygame.K_RETURN, 0, "\r")


def first_move(sc) -> str:
    legal = sc.match.legal_strs()
    return next((t for t in legal if "-" in t), legal[0])


def play_typed(app, sc, move: str | None = None) -> str:
    move = move or first_move(sc)
    focus_box(app, sc)
    type_text(app, move)
    enter(app)
    settle(app)
    assert sc.match.history and sc.match.history[-1].text == move, sc.panel.status
    return move


# ---------------------------------------------------------------- what the box draws
def ink_columns(box) -> list[int]:
    """The x of every column of the box's picture, between its borders, with anything drawn in
    it (text, hint, selection or cursor): pixels far from the box's own background."""
    img = box.image
    w, h = img.get_size()
    bg = img.get_at((w - 4, h // 2))           # the far right inside the border: background
    cols = []
    for x in range(4, w - 4):
        for y in range(4, h - 4):
            c = img.get_at((x, y))
            if abs(c.r - bg.r) + abs(c.g - bg.g) + abs(c.b - bg.b) > 90:
                cols.append(x)
                break
    return cols


def drawn_width(box) -> int:
    cols = ink_columns(box)
    return cols[-1] - cols[0] + 1 if cols else 0


def assert_shows(box, text: str) -> None:
    """The box's picture shows ``text`` and nothing else (a cursor at most next to it)."""
    assert box.get_text() == text
    want = box.font.size(text)[0] if text else 0
    got = drawn_width(box)
    assert abs(got - want) <= 6, f"drawn {got} px wide for {text!r} ({want} px)"
    if hasattr(box, "shown"):               # what the picture was drawn from
        assert box.shown == text, f"the box draws {box.shown!r}, holds {text!r}"


@pytest.fixture(params=GAMES)
def game_app(request):
    app = make_app("--game", request.param)
    sc = board(app)
    settle(app)
    yield app, sc
    app.close()


# ---------------------------------------------------------------- the hint and the text
def test_the_hint_shows_only_while_the_box_is_empty_and_not_in_use(game_app):
    app, sc = game_app
    box = sc.w["movebox"]
    assert box.get_text() == "" and box.placeholder_text.strip() != ""
    assert drawn_width(box) > box.font.size("Type a move")[0]      # the hint is drawn
    focus_box(app, sc)
    assert drawn_width(box) <= 3                                    # at most the cursor
    type_text(app, "c")
    assert_shows(box, "c")


def test_after_an_accepted_move_typing_shows_the_text_not_the_hint_with_it_inside(game_app):
    app, sc = game_app
    play_typed(app, sc)
    box = sc.w["movebox"]
    assert box.is_focused                       # the box keeps the keyboard for the next move
    assert_shows(box, "")
    type_text(app, "dc4")
    assert_shows(box, "dc4")


@pytest.mark.parametrize("delete", [pygame.K_BACKSPACE, pygame.K_DELETE], ids=["backspace", "delete"])
def test_select_all_then_backspace_or_delete_clears_what_is_drawn(game_app, delete):
    app, sc = game_app
    play_typed(app, sc)                         # the state the testers were in
    box = sc.w["movebox"]
    type_text(app, "dc4>c5")
    press(app, pygame.K_a, pygame.KMOD_CTRL)
    press(app, delete)
    assert_shows(box, "")
    assert drawn_width(box) <= 3
    type_text(app, "ab")                        # and typing starts afresh
    assert_shows(box, "ab")


def test_editing_keys_move_the_cursor_and_select(game_app):
    app, sc = game_app
    box = focus_box(app, sc)
    type_text(app, "c3d4")
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    type_text(app, "-")
    assert_shows(box, "c3-d4")
    press(app, pygame.K_HOME)
    press(app, pygame.K_DELETE)
    press(app, pygame.K_END)
    press(app, pygame.K_BACKSPACE)
    assert_shows(box, "3-d")
    press(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    type_text(app, "x")                         # replaces the selection ("d")
    assert_shows(box, "3-x")


# ---------------------------------------------------------------- keys stay in the box
LEAKS = {
    "c": (pygame.K_c, 0, "c"),
    "minus": (pygame.K_MINUS, 0, "-"),
    "plus": (pygame.K_PLUS, 0, "+"),
    "equals": (pygame.K_EQUALS, 0, "="),
    "h": (pygame.K_h, 0, "h"),
    "left": (pygame.K_LEFT, 0, ""),
    "home": (pygame.K_HOME, 0, ""),
    "ctrl+a": (pygame.K_a, pygame.KMOD_CTRL, ""),     # the box's own Ctrl keys (Ctrl+Z, Ctrl+Y: the board's)
    "slash": (pygame.K_SLASH, 0, "/"),
}


def _board_state(app, sc):
    return (app.settings.show_coords, app.settings.anim_speed, sc.browse_ply, len(sc.match.history),
            len(sc.match.future), sc.toolbar.history.replaying)


@pytest.mark.parametrize("again", [False, True], ids=["first-focus", "after-escape"])
@pytest.mark.parametrize("name", list(LEAKS))
def test_no_key_reaches_the_board_or_the_toolbar_while_the_box_has_the_keyboard(name, again):
    k, mod, text = LEAKS[name]
    app = make_app("--game", "amoeba")
    sc = board(app)
    hints = []
    sc.request_hint = lambda *a, **kw: hints.append(1)       # H would ask the computer
    play_typed(app, sc)                       # a move: Left, Home and Ctrl+Z have something to do
    box = sc.w["movebox"]
    if again:                                 # Escape, then a click on the box: its keyboard again
        press(app, pygame.K_ESCAPE, 0, "\x1b")
        assert not box.is_focused and app.scene is sc
        click(app, box.get_abs_rect().center)
    type_text(app, "b2")
    before = _board_state(app, sc)
    press(app, k, mod, text)
    assert _board_state(app, sc) == before, f"{name} reached the board"
    assert not hints, f"{name} asked for a hint"
    assert box.is_focused
    if text and text != "/":
        assert_shows(box, "b2" + text)        # the character went into the box, drawn there
    app.close()


def test_ctrl_z_and_ctrl_y_undo_and_redo_while_the_box_keeps_the_keyboard():
    app = make_app("--game", "amoeba")
    sc = board(app)
    play_typed(app, sc)
    box = sc.w["movebox"]
    type_text(app, "b2")
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app)
    assert not sc.match.history and len(sc.match.future) == 1
    assert box.is_focused and box.get_text() == "b2"
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    settle(app)
    assert len(sc.match.history) == 1 and box.is_focused and box.get_text() == "b2"
    app.close()


@pytest.mark.parametrize("game", GAMES)
def test_escape_leaves_the_box_not_the_board_and_a_click_gives_the_keyboard_back(game):
    app = make_app("--game", game)
    sc = board(app)
    settle(app)
    box = focus_box(app, sc)
    type_text(app, "c")
    press(app, pygame.K_ESCAPE, 0, "\x1b")
    assert app.scene is sc and not sc.leaving
    assert not box.is_focused and box not in (app.ui.get_focus_set() or set())
    assert_shows(box, "c")                                   # the text stays
    coords = app.settings.show_coords
    press(app, pygame.K_l, pygame.KMOD_CTRL)                 # the board has the keyboard again
    assert app.settings.show_coords != coords and box.get_text() == "c" and not box.is_focused
    focus_box(app, sc)                                       # and a click gives it to the box
    press(app, pygame.K_END)
    type_text(app, "3")
    assert_shows(box, "c3")
    assert app.settings.show_coords != coords
    app.close()


# ---------------------------------------------------------------- playing
@pytest.mark.parametrize("game", GAMES)
def test_a_typed_move_plays_and_animates_through_play_move(game):
    app = make_app("--game", game)
    sc = board(app)
    settle(app)
    played = []
    real = sc.play_move
    sc.play_move = lambda text, *a, **kw: (played.append(text), real(text, *a, **kw))[1]
    move = first_move(sc)
    box = focus_box(app, sc)
    type_text(app, move.upper())
    enter(app)
    assert played and sc.anim is not None, sc.panel.status
    settle(app)
    assert [pm.text for pm in sc.match.history] == [move]
    assert_shows(box, "")
    assert box.is_focused
    app.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_text_stays_and_the_reason_is_in_player_words(game):
    app = make_app("--game", game)
    sc = board(app)
    settle(app)
    box = focus_box(app, sc)
    type_text(app, "3")
    enter(app)
    assert not sc.match.history and sc.panel.status_kind == "error"
    assert sc.panel.status.startswith("“3” is not a move: type a move such as "), sc.panel.status
    example = sc.panel.status.rsplit(" ", 1)[-1].rstrip(".")
    assert example in sc.match.legal_strs()
    assert "'" not in sc.panel.status and game.title() not in sc.panel.status      # no parser wording
    assert_shows(box, "3")
    assert box.is_focused
    app.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_fits_the_box_in_the_smallest_window(game):
    app = make_app("--game", game, "--window", "1024x640")
    sc = board(app)
    box = sc.w["movebox"]
    room = box.inner_rect().w if hasattr(box, "inner_rect") else box.rect.w - 18
    assert box.font.size(box.placeholder_text)[0] <= room
    moves = sc.w["moves"].rect
    assert box.rect.h == sc.px(30) and (box.rect.x, box.rect.w) == (moves.x, moves.w)   # where it always was
    # (issue 23 item 9: the status box sits between the move list and the move box, so a longer
    # message grows into the list and the move box never moves)
    status = sc.w["status"].rect
    assert status.top >= moves.bottom and box.rect.top == status.bottom + sc.px(8)
    app.close()


def test_the_mouse_places_the_cursor_and_a_double_click_selects_all():
    app = make_app("--game", "amoeba")
    sc = board(app)
    box = focus_box(app, sc)
    type_text(app, "c3-d4")
    left = (box.rect.x + box.inner_rect().x + 1, box.rect.centery)
    step(app, 40)                                   # not a double click
    click(app, left)
    type_text(app, "x")
    assert_shows(box, "xc3-d4")
    step(app, 40)
    click(app, box.rect.center, frames=1)
    click(app, box.rect.center, frames=1)
    type_text(app, "a")
    assert_shows(box, "a")
    app.close()


def test_onyx_offers_swap_in_the_hint_only_where_it_can_be_played():
    # "swap" is one position's move (White's answer to Black's first, with the pie rule),
    # not a way of writing moves: the empty box names it only there
    app = make_app("--game", "onyx", "--pie", "--black", "human", "--white", "human")
    sc = board(app)
    settle(app)
    box = sc.w["movebox"]
    assert box.placeholder_text == "Type a move: f6, ef67"
    sc.play_move("f6")
    settle(app)
    assert box.placeholder_text == "Type a move: f6, ef67, swap"
    sc.play_move("b12")
    settle(app)
    assert box.placeholder_text == "Type a move: f6, ef67"
    app.close()
    app = make_app("--game", "onyx", "--black", "human", "--white", "human")
    sc = board(app)
    settle(app)
    sc.play_move("f6")
    settle(app)
    assert sc.w["movebox"].placeholder_text == "Type a move: f6, ef67"       # no pie rule: no swap
    app.close()


def test_a_refused_text_is_replaced_by_the_next_move_typed():
    # c4-g1 refused, then Ctrl+Z, Ctrl+Y, Escape and c4-d4 typed on the board: the box held
    # "c4-g1c4-d4", refused as not a move
    app = make_app("--game", "amoeba", "--black", "human", "--white", "human")
    sc = board(app)
    settle(app)
    box = focus_box(app, sc)
    type_text(app, "c4-g1")
    enter(app)
    assert sc.panel.status_kind == "error" and box.get_text() == "c4-g1"
    assert box.selected_text() == "c4-g1"              # it stays, selected
    type_text(app, "c3")                               # typing replaces it
    assert_shows(box, "c3")
    for k in "-g1":                                    # refused again, then the keyboard goes back to the board
        type_text(app, k)
    enter(app)
    press(app, pygame.K_ESCAPE)
    assert not box.is_focused
    type_text(app, "c3-d4")                            # typed on the board: a new move, not an addition
    assert_shows(box, "c3-d4")
    enter(app)
    assert [pm.text for pm in sc.match.history] == ["c3-d4"]
    app.close()


def test_a_click_back_into_the_box_keeps_a_refused_text_selected():
    # i5 refused, a click into the box, c3 typed: the box read "i5c3" (the click had put the
    # cursor after the refused text); a second click places the cursor as in any text box
    app = make_app("--game", "amoeba", "--black", "human", "--white", "human")
    sc = board(app)
    settle(app)
    box = focus_box(app, sc)
    type_text(app, "c4-g1")
    enter(app)
    assert box.selected_text() == "c4-g1"
    click(app, box.rect.center)
    assert box.selected_text() == "c4-g1"              # still the whole refused text
    type_text(app, "c3")
    assert_shows(box, "c3")
    type_text(app, "-g1")
    enter(app)                                         # refused again
    click(app, box.rect.center)
    click(app, (box.rect.right - 4, box.rect.centery))  # a second click: the cursor, no selection
    assert box.selected_text() == ""
    app.close()
