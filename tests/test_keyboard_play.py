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
from game.settings import settings_path, settings_to_toml
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
            assert app.focus is form.widgets[f"tab_{game}"]     # the ring stays on the game chosen
            tab_to(app, lambda el: el.text == "Start game")
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


# ---------------------------------------------------------------- typing on the board
def position_board(app, game) -> BoardScene:
    """A board over the menu with ``game``'s position, a person on both sides."""
    from game.match import Match
    from game.rules.base import Color
    sc = BoardScene(Match(game, {Color.BLACK: "human", Color.WHITE: "human"}))
    app.reset([app.scenes[0], sc])
    settle(app)
    return sc


@pytest.mark.parametrize("game", GAMES)
def test_typing_on_the_board_changes_no_setting_and_leaves_settings_toml_alone(game):
    app = make_app("--game", game)
    try:
        sc = board(app)
        settle(app)
        path = settings_path()
        before_file = path.read_bytes() if path.exists() else None
        before, version = settings_to_toml(app.settings), app.settings.version
        box = sc.w["movebox"]
        assert not box.is_focused and app.focus is None
        for ch, k in (("c", pygame.K_c), ("-", pygame.K_MINUS), ("+", pygame.K_PLUS), ("=", pygame.K_EQUALS),
                      ("h", pygame.K_h), ("m", pygame.K_m), ("f", pygame.K_f), ("e", pygame.K_e), ("r", pygame.K_r)):
            press(app, k, pygame.KMOD_SHIFT if ch == "+" else 0, ch)
            if ch in "c-hmfer":                              # a move starts, the character in the box
                assert box.is_focused and box.get_text() == ch, ch
                press(app, pygame.K_BACKSPACE)
                press(app, pygame.K_ESCAPE, 0, "\x1b")      # the board has the keyboard again
            assert app.scene is sc and not box.is_focused and box.get_text() == ""
        step(app, 5)
        from game.autosave import writer
        writer().flush()
        assert settings_to_toml(app.settings) == before and app.settings.version == version
        assert (path.read_bytes() if path.exists() else None) == before_file
        assert not sc.match.history and sc.computer.hint is None
    finally:
        app.close()


@pytest.mark.parametrize("game", GAMES)
def test_tab_reaches_the_box_slash_focuses_it_escape_leaves_it(game):
    app = make_app("--game", game)
    try:
        sc = board(app)
        settle(app)
        box = sc.w["movebox"]
        assert box in app.focusables()                     # in the focus order, where it is drawn
        tab_to(app, lambda el: el is box)
        assert box.is_focused and app.focus is box         # the ring on it, and the keyboard
        assert sc.panel.default_status() == TYPING_WORDS and TYPING_WORDS in sc.w["status"].html_text
        press(app, pygame.K_TAB)                           # Tab goes on out of it
        assert not box.is_focused and app.focus is not box and app.focus is not None
        press(app, pygame.K_SLASH, 0, "/")                 # / from anywhere on the board
        assert box.is_focused and app.focus is box and box.get_text() == ""
        type_keys(app, "b2")
        press(app, pygame.K_ESCAPE, 0, "\x1b")             # Escape: back to the board, not off it
        assert app.scene is sc and not sc.leaving and not box.is_focused and app.focus is None
        assert box.get_text() == "b2" and TYPING_WORDS not in sc.w["status"].html_text
        press(app, pygame.K_SLASH, 0, "/")
        assert box.is_focused and box.get_text() == "b2"
    finally:
        app.close()


def test_ctrl_z_y_f1_and_f11_work_while_the_box_has_the_keyboard(monkeypatch):
    app = make_app("--game", "amoeba")
    try:
        sc = board(app)
        settle(app)
        box = sc.w["movebox"]
        move = pick(sc.match.game, random.Random(3))
        type_keys(app, move)
        enter(app)
        settle(app)
        assert [pm.text for pm in sc.match.history] == [move] and box.is_focused
        press(app, pygame.K_z, CTRL)
        settle(app)
        assert not sc.match.history and box.is_focused
        press(app, pygame.K_y, CTRL)
        settle(app)
        assert [pm.text for pm in sc.match.history] == [move] and box.is_focused
        press(app, pygame.K_F1)
        assert app.keys_overlay is not None
        press(app, pygame.K_ESCAPE, 0, "\x1b")
        assert app.keys_overlay is None and app.scene is sc
        toggled = []
        import game.scenes.settings as scenes_settings
        monkeypatch.setattr(scenes_settings, "toggle_fullscreen", lambda a: toggled.append(a))
        press(app, pygame.K_F11)
        assert toggled == [app]
    finally:
        app.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_typed_moves_preview_is_the_hovers_own(game):
    app = make_app("--game", game)
    try:
        sc = board(app)
        settle(app)
        if game == "onager":                               # past the lakes: a move with a source
            for _ in range(3):
                lake = sc.match.legal_strs()[-1]
                press(app, pygame.K_SLASH, 0, "/")
                type_keys(app, lake)
                enter(app)
                settle(app)
                press(app, pygame.K_ESCAPE, 0, "\x1b")
            assert not sc.match.game.in_setup
        inp = sc.input
        opt = next(o for o in inp.options if len(o.clicks) == 2) if game != "onyx" else inp.options[0]
        plain = sc.decorations()
        assert not plain.ghosts
        # the mouse: the first points clicked, the pointer on the last
        for lab in opt.clicks[:-1]:
            click_point(app, lab)
        move_mouse(app, sc.view.pixel_of(opt.clicks[-1]))
        hovered = sc.decorations()
        assert hovered.ghosts or hovered.arrows
        if sc.input.prefix:
            press(app, pygame.K_ESCAPE, 0, "\x1b")         # the selection cleared
        move_mouse(app, (sc.board_rect.right + 2, sc.board_rect.bottom - 2))
        assert app.scene is sc
        assert not sc.input.prefix and not sc.decorations().ghosts
        type_keys(app, opt.text.upper())                   # the same move typed
        typed = sc.decorations()
        for name in ("ghosts", "arrows", "tags", "targets", "selected", "path", "hover", "captures"):
            assert getattr(typed, name) == getattr(hovered, name), name
        assert not sc.input.prefix                         # the selection itself untouched
        type_keys(app, "9")                                # no move: no preview
        assert not sc.decorations().ghosts and not sc.decorations().arrows
    finally:
        app.close()


@pytest.mark.parametrize("path,landings", [("f3-h1-f1-f7", ("f3", "h1", "f1", "f7")),
                                            ("f3-h1-f1", ("f3", "h1", "f1"))])
def test_onager_chains_typed_as_paths_play_as_one_move_along_that_route(path, landings):
    from game.rules.onager import Onager
    app = make_app("--scene", "menu")
    try:
        sc = position_board(app, Onager.from_position("f3: B; g2: B; h1: W; g1: B; f1: W; f4: B", "black"))
        before = sc.match.game.stacks()
        press(app, pygame.K_SLASH, 0, "/")
        type_keys(app, path)
        deco = sc.decorations()                            # the route previewed as the hover shows it
        assert deco.path == landings[:-1] and deco.selected == "f3"
        enter(app)
        assert sc.anim is not None
        settle(app)
        played = sc.match.history[-1]
        assert len(sc.match.history) == 1 and played.path == landings
        assert played.text == f"{landings[0]}-{landings[-1]}"
        after = sc.match.game.stacks()
        assert "f3" not in after and after.get(landings[-1], ())[-1:] == ("B",) and after != before
    finally:
        app.close()


def test_a_path_that_is_no_route_is_refused_in_a_players_words():
    from game.rules.onager import Onager
    app = make_app("--scene", "menu")
    try:
        sc = position_board(app, Onager.from_position("f3: B; g2: B; h1: W; g1: B; f1: W; f4: B", "black"))
        press(app, pygame.K_SLASH, 0, "/")
        type_keys(app, "f3-h1-f1-h1")
        enter(app)
        assert not sc.match.history and sc.panel.status_kind == "error"
        assert sc.panel.status.startswith("“f3-h1-f1-h1”") and sc.w["movebox"].get_text() == "f3-h1-f1-h1"
    finally:
        app.close()


# ---------------------------------------------------------------- drop-downs
def test_drop_down_up_down_enter_choose_and_escape_keeps_the_ring():
    from game.scenes.newgame import player_choices
    app = make_app("--scene", "new:amoeba")
    try:
        settle(app)
        form = app.scene
        dd = form.widgets["white"]
        tab_to(app, lambda el: dd.rect.contains(el.rect))
        enter(app)                                          # the list opens; the ring stays on its box
        assert dd.current_state is dd.menu_states["expanded"] and app.focus is not None
        assert dd.rect.contains(app.focus.rect) or app.focus.rect.colliderect(dd.rect)
        choices = [t for t, _ in player_choices("amoeba")]
        now = choices.index(dd.selected_option[0])
        press(app, pygame.K_DOWN)
        press(app, pygame.K_DOWN)
        press(app, pygame.K_UP)
        assert app.focus.text == choices[now + 1]          # down, down, up: the one after the choice
        enter(app)                                          # Enter chooses it, and starts nothing
        step(app, 2)
        assert app.scene is form and form.players["white"] == player_choices("amoeba")[now + 1][1]
        assert dd.current_state is dd.menu_states["closed"]
        assert app.focus is not None and dd.rect.contains(app.focus.rect)       # the ring on the drop-down
        enter(app)                                          # Enter on it opens the list again
        assert dd.current_state is dd.menu_states["expanded"]
        press(app, pygame.K_DOWN)
        press(app, pygame.K_ESCAPE, 0, "\x1b")              # Escape closes the list only
        step(app, 2)
        assert app.scene is form and dd.current_state is dd.menu_states["closed"]
        assert form.players["white"] == player_choices("amoeba")[now + 1][1]
        assert app.focus is not None and dd.rect.contains(app.focus.rect)
    finally:
        app.close()


def test_enter_in_a_list_opened_by_the_mouse_closes_it_and_starts_no_game():
    from ui_helpers import click_widget
    app = make_app("--scene", "new:amoeba")
    try:
        settle(app)
        form = app.scene
        dd = form.widgets["black"]
        click_widget(app, dd)
        step(app, 2)
        assert dd.current_state is dd.menu_states["expanded"] and app.focus is None
        enter(app)
        step(app, 2)
        assert app.scene is form and dd.current_state is dd.menu_states["closed"]
        assert form.players["black"] == "human"
        assert app.focus is not None and dd.rect.contains(app.focus.rect)
    finally:
        app.close()


# ---------------------------------------------------------------- a lesson's task, a puzzle
def test_the_notation_lessons_task_takes_a_typed_move():
    app = make_app("--scene", "menu")
    try:
        from game.scenes.base import make_scene
        tut = make_scene("tutorial", "amoeba")
        app.reset([app.scenes[0], tut])
        settle(app)
        i = next(k for k, ls in enumerate(tut.course.lessons) if ls.id == "notation")
        j = next(k for k, st in enumerate(tut.course.lessons[i].steps) if st.kind == "try")
        tut.open_lesson(i, j)
        settle(app)
        box = tut.w["movebox"]
        assert box.visible and box.is_enabled and box in app.focusables()
        type_keys(app, "d4-g4")                            # a plain letter starts a typed move
        assert box.is_focused and box.get_text() == "d4-g4"
        enter(app)                                         # not the move asked for: said, not played
        settle(app)
        assert not tut.solved and "Not quite" in tut.feedback and box.get_text() == "d4-g4"
        press(app, pygame.K_a, CTRL)
        press(app, pygame.K_BACKSPACE)
        type_keys(app, "D4 > A1")
        enter(app)
        settle(app)
        assert tut.solved and "Well done" in tut.feedback
        assert tut.game.stacks().get("a1") and box.get_text() == ""
        assert not box.is_enabled and app.focus is not box  # the task is done: the board takes no move
        press(app, pygame.K_RETURN, 0, "\r")               # Enter goes on to the next step
        settle(app)
        assert tut.step_i == j + 1 or tut.lesson_i == i + 1
    finally:
        app.close()


def test_a_puzzle_takes_typed_moves_and_its_keys_are_ctrl():
    app = make_app("--scene", "puzzle:amoeba:1")
    try:
        settle(app)
        tut = app.scene
        box = tut.w["movebox"]
        assert box.is_enabled
        g = tut.game
        first = g.legal_strs()[0]
        press(app, pygame.K_r, 0, "r")                     # a plain r types: no restart
        assert box.is_focused and box.get_text() == "r"
        press(app, pygame.K_BACKSPACE)
        type_keys(app, first)
        enter(app)
        settle(app, 200)
        assert tut.game.ply > 0 or tut.solved                # played, judged, answered
        press(app, pygame.K_ESCAPE, 0, "\x1b")
        press(app, pygame.K_r, CTRL)                       # Ctrl+R: the puzzle again
        settle(app, 60)
        assert tut.game.ply == 0 and app.scene is tut
    finally:
        app.close()


def test_the_ring_stays_on_a_game_button_the_new_game_card_made_anew():
    """New game: Enter on a game's button makes the card anew for that game; the ring was gone
    (the next Tab found its way by position, but nothing showed where the keyboard was)."""
    app = make_app("--scene", "new:onyx", "--window", "1024x640")
    try:
        settle(app)
        sc = app.scene
        assert isinstance(sc, NewGameScene)
        tab_to(app, lambda el: el.text == "Amoeba")
        at = app.focus.rect.copy()
        old = app.focus
        enter(app)
        settle(app)
        assert not old.alive()                       # the card was made anew…
        assert app.focus is not None and app.focus.alive() and app.focus.rect == at   # …the ring on its new Amoeba
        assert app.focus.text == "Amoeba"
        press(app, pygame.K_TAB)
        assert app.focus.text == "Onyx"
    finally:
        app.close()


@pytest.mark.parametrize("opener", ["save", "load"])
def test_tab_stays_in_the_save_and_load_dialogs(opener):
    # Tab went on past the dialog's Date, Game and Result into the board's buttons behind it
    # (the move box, the icons, Undo, Resign...), and the title bar took the ring too
    from game.ui import focus
    app = make_app("--game", "amoeba", "--window", "1024x640")
    try:
        settle(app)
        tab_to(app, lambda el: getattr(el, "text", "") == "Hint")    # a ring on the board first
        press(app, pygame.K_s if opener == "save" else pygame.K_o, CTRL, frames=3)
        top = focus.modal(app)
        assert top is not None
        seen = []
        for _ in range(30):
            press(app, pygame.K_TAB)
            seen.append(app.focus)
            assert app.focus is not None and focus._inside(app.focus, top), app.focus
            assert "title_bar" not in focus._ids(app.focus)
        assert len({id(el) for el in seen}) == len(focus.focusables(app)) >= 3
    finally:
        app.close()


def test_the_first_tab_of_a_new_screen_starts_at_its_first_widget():
    # from the menu's last widget, Play then Tab landed on New game's Back (the widget after
    # where the ring had been on the menu), not on its first
    from game.ui import focus
    app = make_app("--window", "1024x640")
    try:
        settle(app)
        tab_to(app, lambda el: getattr(el, "text", "") == "Play")
        enter(app)
        settle(app)
        press(app, pygame.K_TAB)
        assert app.focus is focus.focusables(app)[0], app.focus
    finally:
        app.close()


def test_an_icon_button_reached_by_tab_says_what_it_does():
    # the board's twelve icon buttons had no words when the ring reached them: their tooltip
    # shows for the pointer only
    from game.ui import focus
    app = make_app("--game", "amoeba", "--window", "1024x640")
    try:
        settle(app)
        said = []
        real = focus._draw_name
        focus._draw_name = lambda app_, surface, ring, words: (said.append(words), real(app_, surface, ring, words))
        try:
            tab_to(app, lambda el: "#icon_button" in el.get_object_ids() and "Ctrl+O" in (el.tool_tip_text or ""))
            step(app, 2)
            assert said and said[-1] == "Open a saved game (Ctrl+O)"
            tab_to(app, lambda el: getattr(el, "text", "") == "Hint")
            said.clear()
            step(app, 2)
            assert said == []                       # a button with words of its own: no more
        finally:
            focus._draw_name = real
    finally:
        app.close()


def test_left_and_right_move_a_slider_with_the_ring():
    # in Settings Left and Right did nothing on a slider: only Enter on its tiny arrows moved it
    from game.ui import focus
    app = make_app("--scene", "settings", "--window", "1024x640")
    try:
        settle(app)
        slider = app.scene.widgets["speed"]
        tab_to(app, lambda el: focus._slider_of(el) is slider)
        before = slider.get_current_value()
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RIGHT)
        assert slider.get_current_value() > before
        press(app, pygame.K_LEFT)
        press(app, pygame.K_LEFT)
        press(app, pygame.K_LEFT)
        assert slider.get_current_value() < before
        assert focus._slider_of(app.focus) is slider            # the ring stays on it
    finally:
        app.close()


def test_tab_goes_down_the_tutorials_lessons_then_its_puzzles():
    # the list's Tab order zig-zagged: lesson 1, a puzzle, a puzzle, lesson 2, a puzzle...
    from game.ui import focus
    app = make_app("--scene", "tutorial:amoeba", "--window", "1024x640")
    try:
        settle(app)
        sc = app.scene
        lessons, puzzles = sc.w["lesson_buttons"], sc.w["puzzle_buttons"]
        items = focus.focusables(app)
        i = items.index(lessons[0])
        run = [el for el in lessons + puzzles if el in items]
        assert items[i:i + len(run)] == run
    finally:
        app.close()


def test_a_choice_that_rebuilds_the_form_keeps_the_ring_on_it():
    # Clock '1 min' chosen by the keyboard: the form is built anew (the players' words say
    # what the clock does to each level) and the ring was gone
    from game.ui import focus
    app = make_app("--scene", "new:amoeba", "--window", "1024x640")
    try:
        settle(app)
        form = app.scene
        tab_to(app, lambda el: focus._menu_of(el) is form.widgets["clock"])
        enter(app)                                  # the list opens
        for _ in range(12):
            if "1" in getattr(app.focus, "text", "") and "min" in getattr(app.focus, "text", ""):
                break
            press(app, pygame.K_DOWN)
        enter(app)                                  # chosen: the form is built anew
        step(app, 3)
        form = app.scene
        assert form.widgets["clock"].words() != "No clock"
        assert app.focus is not None and focus._menu_of(app.focus) is form.widgets["clock"], app.focus
    finally:
        app.close()


def test_a_split_hint_rings_the_point_to_click_not_where_it_ends():
    # Amoeba: the hint b1>d1 (a split) rang d1, where it ends; a click there plays the whole
    # stack's b1-d1, and the review then called the player's move the worst of the game
    app = make_app("--game", "amoeba", "--black", "human", "--white", "human")
    try:
        sc = board(app)
        settle(app)
        for mv in ("b3-a3", "f3-g3"):
            sc.play_move(mv)
            settle(app)
        opt = next(o for o in sc.input.options if o.text == "a3>a1")
        assert opt.kind == "split" and opt.clicks == ("a3", "a2")
        sc.computer.hint = "a3>a1"
        deco = sc.decorations()
        assert deco.targets == {"a2": "split"} and deco.selected == "a3"      # the click to make
        # the arrow and tag lead to that click too (followed to a1, the arrow made players play the
        # whole stack there); the split's pieces show where they land
        assert deco.arrows == [("a3", "a2")] and deco.tags == {"a2": "Hint"}
        assert {p for p, _pieces in deco.ghosts} == {"a2", "a1"}
    finally:
        app.close()
