"""Issue 25: the chrome around the boards (status and header, the result banner, keys, small things).

Headless and stepped (``ui_helpers``); each numbered item of the issue has tests that failed
before it was built:

2. the status line and the header read one source for whose turn it is (also during a move's
   animation), the normal status never keeps a warning's colour, Onyx is never told to 'click
   one of your pieces', Redo is off after an agreement;
3. a result banner on the board: the winner by name and colour (after an Onyx swap the name
   follows the player), the reason, Review / New game / Rematch, × shrinks it to a strip, never
   while browsing, no side-to-move disc in the header at game over;
5. the keys overlay (F1, ?, the ? button), Tab focus with a visible ring, Enter presses the
   focused button, confirms a dialog and acts on the menu, Escape closes an open list only;
6. New game's check boxes drawn like Settings', tooltips short, never over a dialog and never
   over their widget, the Next button's tooltip follows its text, parser words never reach a
   player, puzzle difficulty in words, lessons done / started / not started told apart.
"""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.rules.base import Color
from game.scenes.board import BoardScene
from game.scenes.board import drawing as drawing_mod
from ui_helpers import board, click_widget, key, make_app, post_key, settle, step


def _key(app, k, mod=0, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    step(app, 2)


def _status(sc) -> str:
    return sc.w["status"].html_text


@pytest.fixture
def amoeba_vs_computer():
    app = make_app("--game", "amoeba", "--white", "hard")
    settle(app)
    yield app
    app.close()


# ---------------------------------------------------------------- item 2: one source for the turn
def test_header_and_status_agree_while_a_move_lands(amoeba_vs_computer):
    app = amoeba_vs_computer
    sc = board(app)
    assert sc.play_move("b3-c4")
    step(app, 3)                                   # the move is animating: the panel waits for it
    assert sc.anim is not None
    header = sc.w["turn"].text
    status = _status(sc)
    side, _ = sc.panel.turn_shown()
    assert header == f"{side.title} to move"
    assert "thinking" not in status, (header, status)
    assert side.title in status
    settle(app, thinking=True)


def test_status_colour_is_normal_again_after_a_warning_and_undo(amoeba_vs_computer):
    app = amoeba_vs_computer
    sc = board(app)
    sc.play_move("b3-c4")
    settle(app, thinking=True)
    sc.set_status("Please wait: White (computer) is thinking.", "warn")
    assert "#ffb070" in _status(sc)
    sc.undo()
    step(app)
    assert "#ffb070" not in _status(sc) and "#efe4d0" in _status(sc)


def test_onyx_is_never_told_to_click_its_pieces():
    app = make_app("--game", "onyx")
    try:
        settle(app)
        sc = board(app)
        sc.input.idle_message = lambda: ""         # the fallback words, for every game
        assert "click one of your pieces" not in sc.panel.default_status()
        assert sc.panel.default_status() == "Black to move."
    finally:
        app.close()


def test_redo_is_off_after_an_agreement():
    app = make_app("--game", "amoeba", "--moves", "b3-c4 e4-e3")
    try:
        settle(app)
        sc = board(app)
        sc.undo()
        settle(app)
        assert sc.w["redo"].is_enabled
        sc.offers.agree()
        step(app)
        assert sc.match.is_over and not sc.w["redo"].is_enabled
    finally:
        app.close()


# ---------------------------------------------------------------- item 3: the result banner
def test_banner_names_the_winner_gives_the_reason_and_the_next_steps(amoeba_vs_computer):
    app = amoeba_vs_computer
    sc = board(app)
    sc.play_move("b3-c4")
    settle(app, thinking=True)
    settle(app, until=lambda: sc.match.to_move == Color.BLACK and sc.anim is None, limit=200)
    sc.match.resign(Color.BLACK)
    sc.refresh()
    step(app, 2)
    assert sc.banner.shown() and sc.banner.is_open()
    geo = sc.banner.geometry()
    assert geo["head"] == "Computer – Level 8 (Hard) wins as White"   # as New game names it
    assert geo["why"] == "Black resigned"
    keys = {k for k in sc.w if k.startswith("banner:")}
    assert keys == {"banner:review", "banner:analyse", "banner:new", "banner:rematch", "banner:close"}
    assert sc.w["banner:rematch"].text == "Rematch"
    # × closes it: the whole board is seen (nothing of the banner on it, so no coordinate is
    # covered); the status box keeps the result and the action row shows it again
    click_widget(app, sc.w["banner:close"])
    step(app, 1)
    assert not sc.banner.shown() and sc.banner.rect is None and not [k for k in sc.w if k.startswith("banner:")]
    assert sc.banner.text_rects() == [] and not sc.banner.covers(sc.board_rect.center)
    assert sc.w["status"].head in ("Computer – Level 8 (Hard) wins as White", "Computer wins as White")   # (as it fits)
    assert sc.panel.current_actions() == [("Show the result", "__result__")]
    click_widget(app, sc.w["act:__result__"])
    assert sc.banner.is_open() and "banner:rematch" in sc.w and "act:__result__" not in sc.w


def test_banner_two_people_and_never_while_browsing():
    app = make_app("--scene", "gameover:amoeba", "--moves", "b3-c4 e4-e3")
    try:
        settle(app)
        sc = board(app)
        assert sc.banner.shown()
        assert sc.banner.geometry()["head"] == "White wins"        # two people: the colour
        key(app, pygame.K_LEFT)
        settle(app)
        assert sc.match.browsing
        assert not sc.banner.shown() and not any(k.startswith("banner:") for k in sc.w)
        key(app, pygame.K_END)
        settle(app)
        assert sc.banner.shown() and "banner:new" in sc.w
    finally:
        app.close()


def test_no_side_to_move_disc_in_the_header_at_game_over(monkeypatch):
    app = make_app("--scene", "gameover:onyx:agree")
    try:
        settle(app)
        sc = board(app)
        assert sc.w["turn"].text == "Draw"
        drawn = []
        real = drawing_mod.colour_icon
        monkeypatch.setattr(drawing_mod, "colour_icon", lambda surf, at, *a, **k: (drawn.append(tuple(at)),
                                                                                    real(surf, at, *a, **k)))
        step(app)
        assert tuple(sc.panel.turn_icon) not in drawn
    finally:
        app.close()


def test_after_an_onyx_swap_the_winners_name_follows_the_player():
    app = make_app("--game", "onyx", "--pie", "--white", "easy", "--moves", "f6 swap")
    try:
        settle(app)
        sc = board(app)
        m = sc.match
        assert m.is_human(Color.WHITE) and not m.is_human(Color.BLACK)     # the players exchanged colours
        m.resign(Color.WHITE)
        sc.refresh()
        step(app, 2)
        assert sc.banner.geometry()["head"] == "Computer – Level 2 (Easy) wins as Black"
        assert sc.w["turn"].text == "Computer wins"
    finally:
        app.close()


def test_rematch_swaps_the_colours():
    app = make_app("--scene", "gameover:amoeba", "--white", "easy")
    try:
        settle(app)
        sc = board(app)
        click_widget(app, sc.w["banner:rematch"])
        settle(app)
        new = board(app)
        assert new is not sc and not new.match.is_over
        assert new.match.players[Color.BLACK] == "easy" and new.match.is_human(Color.WHITE)
    finally:
        app.close()


# ---------------------------------------------------------------- item 5: keys
def test_keys_overlay_lists_the_screens_shortcuts_and_escape_closes_only_it():
    app = make_app("--game", "amoeba")
    try:
        settle(app)
        sc = board(app)
        _key(app, pygame.K_F1)
        assert app.keys_overlay is not None
        texts = " ".join(t for _, rows in app.keys_overlay.sections for k, t in rows)
        keys = " ".join(k for _, rows in app.keys_overlay.sections for k, t in rows)
        for k in ("Ctrl+Z", "Ctrl+H", "Ctrl+L", "Ctrl+Plus / Minus", "Left / Right", "Home / End", "Tab / Shift+Tab",
                  "F11"):
            assert k in keys, k
        assert "Coordinates" in texts
        _key(app, pygame.K_ESCAPE)
        assert app.keys_overlay is None and app.scene is sc          # the board stays
        click_widget(app, sc.w["keys"])                               # the ? button
        assert app.keys_overlay is not None
        _key(app, pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
        assert app.keys_overlay is None
    finally:
        app.close()


def test_keys_overlay_on_the_menu_and_a_lesson():
    app = make_app("--scene", "lesson:amoeba:1")
    try:
        settle(app)
        _key(app, pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
        keys = [k for _, rows in app.keys_overlay.sections for k, _ in rows]
        assert "Left" in keys and "Ctrl+R" in keys and app.keys_overlay.place == "lesson"
        assert app.keys_overlay.layout_rects()
    finally:
        app.close()


def test_tab_moves_a_visible_focus_and_enter_presses_it():
    app = make_app("--scene", "menu")
    try:
        settle(app)
        assert app.focus is None
        _key(app, pygame.K_TAB)
        first = app.focus
        assert isinstance(first, pygame_gui.elements.UIButton)
        _key(app, pygame.K_TAB)
        assert app.focus is not first
        _key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert app.focus is first
        # the ring is drawn around it
        r = first.rect.inflate(app.px(6), app.px(6))
        assert tuple(app.screen.get_at((r.centerx, r.top))[:3]) == (255, 214, 120)
        order = app.focusables()
        settings = next(b for b in order if b.text == "Settings")
        while app.focus is not settings:
            _key(app, pygame.K_TAB)
        _key(app, pygame.K_RETURN)
        settle(app)
        assert type(app.scene).__name__ == "SettingsScene"
    finally:
        app.close()


def test_enter_on_the_menu_opens_new_game():
    app = make_app("--scene", "menu")
    try:
        settle(app)
        _key(app, pygame.K_RETURN)
        settle(app)
        assert type(app.scene).__name__ == "NewGameScene"
    finally:
        app.close()


def test_enter_confirms_resign():
    app = make_app("--game", "amoeba")
    try:
        settle(app)
        sc = board(app)
        click_widget(app, sc.w["resign"])
        assert sc.dialog is not None
        _key(app, pygame.K_RETURN)
        step(app, 2)
        assert sc.match.is_over and sc.match.result.reason == "resign"
    finally:
        app.close()


def test_escape_on_an_open_drop_down_closes_only_the_list():
    app = make_app("--scene", "new:amoeba")
    try:
        settle(app)
        sc = app.scene
        dd = sc.widgets["black"]
        click_widget(app, dd)
        step(app, 2)
        assert dd.current_state is dd.menu_states["expanded"]
        _key(app, pygame.K_ESCAPE)
        step(app, 2)
        assert app.scene is sc and dd.current_state is dd.menu_states["closed"]
        _key(app, pygame.K_ESCAPE)
        settle(app)
        assert app.scene is not sc                                    # the next Escape goes back
    finally:
        app.close()


# ---------------------------------------------------------------- item 6: small things
def test_new_game_check_boxes_show_the_drawn_tick():
    app = make_app("--scene", "new:onyx", "--open")
    try:
        settle(app)
        sc = app.scene
        box = sc.widgets["open"]
        assert box.get_state()
        assert box._get_display_symbol() == ""                 # no 'X' glyph
        assert hasattr(sc, "draw_overlay")
        r = box.get_abs_rect()
        tick = [app.screen.get_at((x, y))[:3] for x in range(r.x, r.right) for y in range(r.y, r.bottom)]
        assert (255, 226, 168) in tick
    finally:
        app.close()


@pytest.mark.parametrize("theme", ["classic", "dark"])
def test_an_open_list_covers_the_ticks_below_it(theme):
    # New game, Onyx, Pie rule ticked: the Board list opens over the two check boxes; a tick
    # drawn over the list made its item look chosen. The ticks are the theme's heading colour.
    from game.themes import THEMES
    app = make_app("--scene", "new:onyx", "--pie", "--open", "--theme", theme)
    try:
        settle(app)
        sc = app.scene
        colour = tuple(THEMES[theme].heading)
        boxes = [sc.widgets["open"], sc.widgets["pie"]]

        def ticks() -> int:
            return sum(app.screen.get_at((x, y))[:3] == colour for b in boxes
                       for r in [b.get_abs_rect()] for x in range(r.x, r.right) for y in range(r.y, r.bottom))

        assert ticks() > 20                                      # both ticked, both drawn
        assert all(b._get_display_symbol() == "" for b in boxes)   # no glyph of pygame-gui's under them
        click_widget(app, sc.widgets["size"])
        step(app, 3)
        from game.ui.focus import open_drop_down
        menu = open_drop_down(app)
        assert menu is not None
        shown = menu.current_state.options_selection_list.get_abs_rect()
        assert any(shown.colliderect(b.get_abs_rect()) for b in boxes)
        covered = [(x, y) for b in boxes for r in [b.get_abs_rect().clip(shown)]
                   for x in range(r.x, r.right) for y in range(r.y, r.bottom)]
        assert covered and not any(app.screen.get_at(p)[:3] == colour for p in covered)
        post_key(pygame.K_ESCAPE)                                  # the list closes: the ticks again
        step(app, 3)
        assert open_drop_down(app) is None and ticks() > 20
    finally:
        app.close()


def test_settings_open_list_covers_the_sound_tick():
    # Settings, Play sounds ticked: the Language list opens over the Sound row's box
    from game.ui.focus import open_drop_down
    app = make_app("--scene", "settings")
    try:
        settle(app)
        sc = app.scene
        box = sc.widgets["sound"]
        if not box.get_state():
            click_widget(app, box)
            settle(app)
        assert box.get_state()
        colour = tuple(app.theme.heading)
        r = box.get_abs_rect()
        assert any(app.screen.get_at((x, y))[:3] == colour for x in range(r.x, r.right) for y in range(r.y, r.bottom))
        click_widget(app, sc.widgets["language"])
        step(app, 3)
        menu = open_drop_down(app)
        assert menu is not None
        hidden = r.clip(menu.current_state.options_selection_list.get_abs_rect())
        assert hidden.w * hidden.h > 0
        assert not any(app.screen.get_at((x, y))[:3] == colour
                       for x in range(hidden.x, hidden.right) for y in range(hidden.y, hidden.bottom))
    finally:
        app.close()


def test_a_relaid_check_box_never_shows_pygame_guis_glyph():
    # the theme gives check boxes no symbol of their own, so a box made again (a relayout, a
    # theme change) shows only the drawn tick
    from game.scenes.settings import SettingsScene  # noqa: F401  (Settings' boxes as well)
    app = make_app("--scene", "new:onyx", "--pie")
    try:
        settle(app)
        sc = app.scene
        for _ in range(2):
            sc.relayout()
            box = sc.widgets["pie"]
            assert box.get_state() and box.check_symbol == "" and box._get_display_symbol() == ""
    finally:
        app.close()


def test_tooltips_are_short_and_keep_off_their_widget_and_dialogs(monkeypatch):
    from game.ui.overlays import TIP_LINES, tooltip_rect
    long = "word " * 200
    _rect, lines = tooltip_rect(long, (400, 300), lambda n: int(n), pygame.Rect(0, 0, 1280, 800))
    assert len(lines) <= TIP_LINES
    app = make_app("--game", "amoeba")
    try:
        settle(app)
        sc = board(app)
        btn = sc.w["hint"]
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: btn.rect.center)
        for _ in range(150):
            step(app, 1, 1 / 30)
            if app.tooltip_rects():
                break
        tips = app.tooltip_rects()
        assert tips, "no tooltip came"
        for r in tips:
            assert not r.colliderect(btn.rect), (r, btn.rect)
            assert r.h < app.px(21) * 5
        sc.offers.resign()                                  # a dialog opens under the pointer's tooltip
        step(app, 2)
        dialog = sc.dialog.rect
        assert all(dialog.contains(r) for r in app.tooltip_rects())
    finally:
        app.close()


def test_next_buttons_tooltip_follows_its_text():
    app = make_app("--scene", "lesson:amoeba:1")
    try:
        settle(app)
        sc = app.scene
        nxt = sc.w["next"]
        assert nxt.text == "Next" and nxt.tool_tip_text.startswith("Next step")
        sc.open_step(len(sc.lesson.steps) - 1)          # the last step: it says where it goes
        step(app, 2)
        assert nxt.text == "Next lesson" and "Next step" not in (nxt.tool_tip_text or "")
        assert nxt.tool_tip_text.startswith("On to lesson 2")
    finally:
        app.close()


def test_parser_words_never_reach_a_player():
    """A refusal reaches the status line as a value and is worded there; a text is shown as given."""
    from game.rules import RulesError
    app = make_app("--game", "amoeba")
    try:
        settle(app)
        sc = board(app)
        refusal = RulesError("move 5 '3' refused: '3' is not an Amoeba move", kind="move-refused", n=5, move="3",
                             cause=("", {}, "invalid"))
        sc.set_status(refusal, "error")
        assert sc.panel.status == "Move 5 (“3”) is not a move of this game."
        sc.set_status("move 5 '3' refused", "error")           # words are never parsed back
        assert sc.panel.status == "move 5 '3' refused"
    finally:
        app.close()


def test_puzzle_difficulty_in_words_and_lessons_told_apart():
    app = make_app("--scene", "tutorial:amoeba")
    try:
        settle(app)
        sc = app.scene
        course = sc.course.lessons
        sc.progress.mark_lesson("amoeba", course[0].id)
        sc.progress.set_resume("amoeba", course[1].id, 2)
        sc.relayout()
        step(app)
        puzzles = [b.text for b in sc.w["puzzle_buttons"]]
        assert puzzles and all("*" not in t and ("difficulty" in t or "/5" in t) for t in puzzles)
        lessons = sc.w["lesson_buttons"]
        assert "done" in lessons[0].text and "step 3 of" in lessons[1].text
        assert "done" not in lessons[2].text and "step" not in lessons[2].text
        orange = [b for b in lessons if "#primary_button" in b.object_ids]
        assert orange == [lessons[1]]               # only the lesson to go on with is orange
    finally:
        app.close()


def test_keys_scene_option():
    app = make_app("--scene", "keys:board")
    try:
        step(app)
        assert app.keys_overlay is not None and app.keys_overlay.place == "board"
        assert isinstance(app.scene, BoardScene)
    finally:
        app.close()


def test_a_drop_down_is_chosen_with_the_keyboard_alone():
    app = make_app("--scene", "new:amoeba")
    try:
        settle(app)
        sc = app.scene
        dd = sc.widgets["white"]
        for _ in range(12):
            _key(app, pygame.K_TAB)
            if app.focus is not None and dd.rect.contains(app.focus.rect):
                break
        assert app.focus is not None and dd.rect.contains(app.focus.rect)
        _key(app, pygame.K_RETURN)                   # the list opens
        step(app, 2)
        assert dd.current_state is dd.menu_states["expanded"]
        from game.scenes.newgame import player_choices
        label, value = player_choices("amoeba")[1]    # the first computer: Level 1 · rated about …
        _key(app, pygame.K_TAB)                      # its first item (Human), then that one
        _key(app, pygame.K_TAB)
        assert app.focus.text == label and label.startswith("Computer – Level 1")
        _key(app, pygame.K_RETURN)
        step(app, 2)
        assert sc.players["white"] == value == "1" and app.scene is sc
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
@pytest.mark.parametrize("black, white", [("hard", "easy"), ("7", "medium"), ("hard", "hard")])
def test_the_players_line_fits_with_two_computers(lang, black, white):
    # '黒: CPU（むずかしい） · 白: CPU（やさし' was cut at 1024x640: a last form names the levels
    app = make_app("--game", "onyx", "--black", black, "--white", white, "--lang", lang, "--window", "1024x640")
    try:
        sc = board(app)
        sc.computer.cancel()
        label = sc.w["players"]
        text = sc.panel.players_text()
        assert label.font.size(text)[0] <= label.rect.w - sc.px(10), text
    finally:
        app.close()


@pytest.mark.parametrize("scene, rows", [("board:amoeba", ["c3-d4", "d4>a1"]), ("board:onyx", ["f6", "ef67", "swap"]),
                                         ("lesson:onager:1:1", ["b3-c4", "c5-i8-g8", "e4"]), ("menu", [])])
def test_the_keys_overlay_says_how_a_move_is_written(scene, rows):
    # a keyboard player had to learn '-' (the whole stack) and '>' (a split) from the move box's
    # placeholder, a lesson or an error: the keys list of a screen where moves are typed says it
    from game.ui.keys import keys_for
    app = make_app("--scene", scene, "--window", "1024x640")
    try:
        settle(app)
        _title, sections = keys_for(app.scene)
        written = [k for head, items in sections if head == "Writing a move" for k, _t in items]
        assert written == rows
    finally:
        app.close()


@pytest.mark.parametrize("window, said", [("1280x800", "B: Human · W: Computer – Level 8 (Hard)"),
                                          ("1024x640", "B: Human · W: Computer – Level 8")])
def test_the_players_line_names_the_level_as_new_game_does(window, said):
    # it said 'Computer (Hard)' where New game says 'Computer – Level 8 (Hard) · rated about …';
    # where the level's name does not fit, its number stays (not 'CPU (Hard)')
    app = make_app("--game", "onager", "--black", "human", "--white", "hard", "--window", window)
    try:
        sc = board(app)
        sc.computer.cancel()
        assert sc.panel.players_text() == said
    finally:
        app.close()
