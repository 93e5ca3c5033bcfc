"""The command line's scene option (``--scene``, ``--theme``) and the layout fixes the layout audit
(tests/test_layout_audit.py) asked for: wrapping, the growing status box, the game-over banner's
home, the thinking pill, tooltips and the draw order of overlays."""
from __future__ import annotations

import pygame
import pytest

from game.app import App, after_start, first_scenes, main, parse_args
from game.scenes.board import BoardScene, StubEngine
from game.scenes.settings import attach_settings
from game.ui.text import StatusText, wrap
from game.views import draw as D

GOOD = ["menu", "new:onyx", "board:amoeba", "tutorial:onager", "lesson:amoeba:2", "lesson:onyx:1:3",
        "puzzle:onager:1", "settings", "load", "load:onyx", "save", "save:onager", "gameover:amoeba",
        "gameover:onyx:agree", "gameover:onager:resign"]
BAD = ["bogus", "board", "board:chess", "lesson:amoeba", "lesson:amoeba:0", "lesson:amoeba:x",
       "lesson:amoeba:99", "lesson:amoeba:1:99", "puzzle:onyx:99", "puzzle:onyx:1:2", "settings:onyx",
       "gameover:onyx:win", "menu:amoeba"]


def make_app(size=(1024, 640)) -> App:
    app = App(size, fade=False)
    attach_settings(app, allow_fullscreen=False, autosave=False)
    app.engine_factory = StubEngine
    return app


def start(app: App, *argv: str) -> None:
    args = parse_args(list(argv))
    app.reset(first_scenes(app, args))
    app.finish_transition()
    after_start(app, args)
    app.step(1 / 60)


@pytest.mark.parametrize("value", GOOD)
def test_good_scene_values_parse(value):
    assert parse_args(["--scene", value]).scene == value


@pytest.mark.parametrize("argv", [["--scene", v] for v in BAD] + [
    ["--theme", "pink"], ["--scene", "board:onyx", "--moves", "zz9"], ["--scene", "menu", "--moves", "f6"],
    ["--game", "onyx", "--scene", "settings"], ["--frames", "0"], ["--window", "big"]])
def test_bad_values_exit_2_with_one_line(argv, capsys):
    with pytest.raises(SystemExit) as e:
        parse_args(argv)
    out, err = capsys.readouterr()
    assert e.value.code == 2 and out == ""
    assert err.count("\n") == 1 and "error:" in err and "usage" not in err, err


def test_theme_option():
    for name in ("classic", "colour-blind", "dark"):
        assert parse_args(["--theme", name]).theme == name
    assert parse_args(["--theme", "Colorblind"]).theme == "colour-blind"
    assert parse_args([]).theme is None


def test_every_scene_value_opens_its_scene():
    app = make_app()
    try:
        for value, kind in [("menu", "MenuScene"), ("new:onyx", "NewGameScene"), ("board:onager", "BoardScene"),
                            ("tutorial:onyx", "TutorialScene"), ("settings", "SettingsScene"),
                            ("load", "MenuScene"), ("save", "BoardScene"), ("gameover:onyx", "BoardScene")]:
            start(app, "--scene", value)
            assert type(app.scene).__name__ == kind, value
            assert type(app.scenes[0]).__name__ == "MenuScene"
        start(app, "--scene", "lesson:amoeba:2:3")
        assert (app.scene.mode, app.scene.lesson_i, app.scene.step_i) == ("lesson", 1, 2)
        start(app, "--scene", "puzzle:onyx:2")
        assert (app.scene.mode, app.scene.puzzle_i) == ("puzzle", 1)
        start(app, "--scene", "load")
        assert app.scene.dialog is not None and app.scene.dialog_kind == "load"
        start(app, "--scene", "save:onyx", "--moves", "f6")
        board = app.scene
        assert board.dialog_kind == "save" and board.game_name == "onyx" and len(board.match.history) == 1
        start(app, "--scene", "gameover:amoeba", "--moves", "b3-c4")
        m = app.scene.match
        assert m.is_over and m.result.reason == "resign" and len(m.history) == 1
        start(app, "--scene", "gameover:onyx:agree")
        assert app.scene.match.is_over and app.scene.match.result.winner is None
        start(app, "--scene", "board:onyx", "--moves", "f6 g7", "--white", "easy")
        assert len(app.scene.match.history) == 2 and app.scene.match.players[app.scene.match.to_move] == "human"
    finally:
        app.close()


def test_screenshot_of_a_scene_with_a_theme(tmp_path):
    out = tmp_path / "lesson.png"
    assert main(["--scene", "lesson:onyx:1", "--theme", "dark", "--window", "1024x640",
                 "--screenshot", str(out), "--frames", "2"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 640)


# ---------------------------------------------------------------- wrapping
def test_wrap_never_starts_a_line_with_punctuation_or_a_space_and_breaks_paths_at_separators():
    f = D.font(15)
    text = "Black played c3 , then d4 ; and more words to wrap around the edge , again and again . Done"
    for width in range(60, 400, 7):
        for line in wrap(text, f, width):
            assert line == line.strip() and (not line or line[0] not in ",.;:!?)"), (width, line)
    path = "Saved: /home/someone/games/2026-12-01 amoeba Human vs Human (3).txt"
    lines = wrap(path, f, 150)
    assert all(f.size(s)[0] <= 150 for s in lines)
    assert " ".join(lines).replace("/ ", "/") == path
    assert any(s.endswith("/") for s in lines)          # broken after a separator, not mid-word


def test_status_text_wraps_runs_without_leading_punctuation(tmp_path):
    app = make_app()
    try:
        st = StatusText(pygame.Rect(0, 0, 220, 400), app.ui)
        st.set_text("You played <b>c3</b>, then <b>d4</b>, and <font color='#ff7060'>e5</font>; and on and on "
                    "and on with <b>f6</b>.")
        assert st.fits and all(s and s[0] not in ",.;: " for s in st.lines), st.lines
        st.set_text("Saved: /tmp/some/rather/long/folder/name/2026-12-01 onyx Human vs Human.txt")
        assert st.fits and all(D.font(15).size(s)[0] <= 200 for s in st.lines), st.lines
    finally:
        app.close()


# ---------------------------------------------------------------- the board's status box and banner
LONG = {"amoeba": ["d4"], "onyx": ["b4", "c3", "h4", "i3", "j2", "k1", "l1", "a1"],
        "onager": ["b1", "c1", "d1", "e1", "f1"]}


@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
def test_status_box_grows_so_the_longest_message_and_danger_line_read_whole(game):
    app = make_app()
    try:
        start(app, "--scene", f"board:{game}")
        board = app.scene
        box = board.w["status"]
        h0, moves_h0, bottom0 = box.rect.h, board.w["moves"].rect.h, box.rect.bottom
        board.panel.threats = lambda: LONG[game]          # the most threatened position, and a long message
        board.set_status("On e5 (jump 2): jump on, or click e5 again (or press Enter) to end the move there.")
        app.step(1 / 60)
        assert "Danger" in box.html_text and box.fits, box.lines
        assert box.rect.h > h0 and board.w["moves"].rect.h < moves_h0
        assert box.rect.bottom == bottom0          # grown upwards, into the move list only (issue 23 item 9)
        mb = board.w["movebox"]
        assert not mb.visible or not box.rect.colliderect(mb.rect)     # (it makes room when it must)
        for b in board.toolbar.buttons.values():
            assert not box.rect.colliderect(b.rect) and not (mb.visible and b.rect.colliderect(mb.rect))
        board.panel.threats = lambda: []
        board.set_status("")
        app.step(1 / 60)
        assert box.rect.h == h0 and board.w["moves"].rect.h == moves_h0 and mb.visible     # back to its size
    finally:
        app.close()


def test_game_over_banner_beside_the_board_and_the_result_in_the_status_box():
    # (issue 25 changed this: the result banner is on the board, with its buttons, and shrinks
    # to a strip at the board's top edge; the status box keeps the winner and the reason.
    # Issue 35 moved the card into the panel, in the status box's place: never over the position)
    app = make_app()
    try:
        for argv in (["--scene", "gameover:amoeba"], ["--scene", "gameover:onyx:agree"],
                     ["--scene", "gameover:onager:agree", "--moves", "d7 f9 e8"]):
            start(app, *argv)
            board = app.scene
            app.step(1 / 60)
            status = board.w["status"]
            _head, why = board.banner.result_texts()
            assert status.head == board.panel.winner_words() and why in status.html_text and status.fits
            assert board.panel.rect.contains(board.banner.rect)
            assert not board.banner.rect.colliderect(board.board_rect)
            assert not board.banner.rect.colliderect(board.w["moves"].rect)
            board.banner.set_open(False)
            app.step(1 / 60)
            assert board.banner.rect is None and "act:__result__" in board.w   # the board whole, the result in the panel
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080), (3840, 2160)])
def test_thinking_pill_covers_no_board_coordinates_or_points(size):
    app = make_app(size)
    try:
        for game in ("amoeba", "onyx", "onager"):
            start(app, "--scene", f"board:{game}", "--black", "easy")
            board = app.scene
            assert board.computer.thinking
            box = board.drawing.thinking_rect
            if box is None:
                continue                        # no free spot: the panel says it (spinner and status)
            mask = board.drawing.board_mask()
            off = (box.x - board.view.rect.x, box.y - board.view.rect.y)
            assert mask.overlap(pygame.Mask(box.size, fill=True), off) is None, (game, box)
            for lab in board.view.points():
                assert not box.collidepoint(board.view.pixel_of(lab))
    finally:
        app.close()


# ---------------------------------------------------------------- tooltips and draw order
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_selected_stack_has_no_card_over_its_targets(size):
    """Clicking a stack selects it and the pointer rests there: the stack's card stood over the
    green and blue points the player looks at next, or, kept off them, far from the pointer over
    other pieces. The selection has no card: the status box says what it does next. The same
    stack not selected has its card."""
    app = make_app(size)
    try:
        start(app, "--scene", "board:amoeba", "--moves", "b3-c4 e4-e3")
        board = app.scene

        def rest(cell: str, click: bool) -> pygame.Rect | None:
            pos = board.view.pixel_of(cell)
            kinds = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) if click else (pygame.MOUSEMOTION,)
            for kind in kinds:
                extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
                pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
                app.step(1 / 60)
            board.drawing.tooltip_shown = None
            for _ in range(90):
                app.step(1 / 60)
            return board.drawing.tooltip_shown

        for cell in ("c4", "c3"):                                 # a stack of two, one piece
            assert rest(cell, click=True) is None, cell
            assert board.board.selected() == cell
            assert len(board.board.target_rects()) >= 3           # its moves are shown
            assert cell in board.w["status"].html_text            # the status box speaks of it
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                                 scancode=0))
            app.step(1 / 60)
            assert board.board.selected() is None
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 60)
        assert rest("c4", click=False) is not None                # not selected: its card comes
    finally:
        app.close()


def test_stack_tooltip_waits_for_the_mouse_after_a_move(monkeypatch):
    app = make_app((1280, 800))
    try:
        start(app, "--scene", "board:amoeba")
        board = app.scene
        lab = next(lab for lab, st in board.match.game.stacks().items() if st)
        pos = board.view.pixel_of(lab)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        board.drawing.tooltip_shown = None
        for _ in range(60):
            app.step(1 / 60)
        assert board.drawing.tooltip_shown is not None          # resting on a stack: its tooltip
        board.play_move(board.match.legal_strs()[0])
        board.finish_animation()
        board.drawing.tooltip_shown = None
        for _ in range(60):
            app.step(1 / 60)
        assert board.drawing.tooltip_shown is None              # after the move: none until the mouse moves
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 1, pos[1]), rel=(1, 0),
                                             buttons=(0, 0, 0)))
        for _ in range(60):
            app.step(1 / 60)
        if board.match.game.stacks().get(board.hover_label):
            assert board.drawing.tooltip_shown is not None
        if board.drawing.tooltip_shown is not None and board.marks:
            for r in board.drawing.last_move_rects():
                assert not board.drawing.tooltip_shown.colliderect(r)
    finally:
        app.close()


def test_button_tooltips_go_with_their_scene(monkeypatch):
    app = make_app((1280, 800))
    try:
        start(app, "--scene", "board:amoeba")
        board = app.scene
        gear = board.toolbar.buttons["settings"]
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: gear.rect.center)
        for _ in range(90):
            app.step(1 / 60)
        assert app.tooltip_rects(), "the gear's tooltip shows"
        below, above = app._ui_layers()
        assert above, "tooltips are drawn after the scene's overlay (the gear icon)"
        from game.scenes.base import make_scene
        app.push(make_scene("settings"))
        app.finish_transition()
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (5, 5))
        app.step(1 / 60)
        assert not app.tooltip_rects(), "no tooltip of the paused board stays over the settings"
    finally:
        app.close()


def test_overlays_are_drawn_under_dialogs():
    app = make_app()
    try:
        start(app, "--scene", "save")
        board = app.scene
        below, above = app._ui_layers()
        dialog_images = {id(s.image) for s in app.ui.get_sprite_group().sprites()
                         if s.visible and s.image is not None and board.dialog.rect.contains(s.rect)
                         and getattr(s, "ui_container", None) is not board.root}
        assert dialog_images and dialog_images <= {id(b[0]) for b in above}
    finally:
        app.close()


@pytest.mark.parametrize("game", ["onyx", "amoeba"])
def test_stack_tooltip_stays_on_the_board_area_in_the_theme(game):
    """A stack at the board's right edge: its card keeps inside the board's area (never over
    the panel's title or text) and is drawn in the theme's card colours."""
    app = make_app((1024, 640))
    try:
        start(app, "--scene", f"board:{game}", "--theme", "dark")
        board = app.scene
        stacks = board.match.game.stacks()
        lab = max((lab for lab, st in stacks.items() if st), key=lambda lab: board.view.pixel_of(lab)[0])
        pos = board.view.pixel_of(lab)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        board.drawing.tooltip_shown = None
        for _ in range(90):
            app.step(1 / 60)
        tip = board.drawing.tooltip_shown
        assert tip is not None and board.board_rect.contains(tip), (tip, board.board_rect)
        assert not tip.colliderect(board.panel.rect)
        inside = tuple(app.screen.get_at((tip.x + 4, tip.centery)))[:3]      # (the card's fill, nearly opaque)
        assert all(abs(a - b) <= 20 for a, b in zip(inside, app.theme.card_fill[:3])), inside
    finally:
        app.close()


def test_mid_chain_the_jumper_has_no_card():
    """Onager lesson 3, a chain under way: the disc stands on b4 over a White one. Its card
    ('b4: 2 discs…'), kept off the next jumps and the end tag, stood over the board's other side."""
    app = make_app((1024, 640))
    try:
        start(app, "--scene", "lesson:onager:3:2")
        sc = app.scene
        for _ in range(120):
            app.step(1 / 60)
        ctl = sc.board
        for cell in ("b2", "b4"):
            pos = sc.view.pixel_of(cell)
            for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
                pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
                app.step(1 / 60)
        assert ctl.selected() == "b4"                     # mid-chain: the jumper stands on b4
        for _ in range(120):
            app.step(1 / 60)
        assert ctl.hover_label == "b4" and ctl.tooltip_text() == ""
    finally:
        app.close()
