"""Play that never surprises (issue 10): offers, redo, seats, loading, the panel's timing,
Continue with a redo list, drag and drop, typed moves. Each test failed before its fix.

Driven headless with synthetic events and a stepped clock (tests/conftest.py).
"""
from __future__ import annotations

import datetime
import random
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import autosave as AS
from game.app import App, build, parse_args
from game.rules import make_game
from game.rules.base import Color, Game
from game.rules.record import format_record, parse_record, record_from_game
from game.scenes import files
from game.scenes.board import BoardScene, StubEngine
from game.scenes.menu import MenuScene
from game.scenes.newgame import NewGameScene
from game.storage import list_unfinished
from ui_helpers import board, calm, click, step
from ui_helpers import click_widget as ui_click_widget
from ui_helpers import settle as ui_settle



# ---------------------------------------------------------------- helpers (tests/ui_helpers.py)
def settle(app: App) -> None:
    """Fades, animations, a whole Redo round and the computer's reply finish."""
    ui_settle(app, 80, until=lambda: calm(app, thinking=True) and not (hasattr(app.scene, "redoing") and app.scene.redoing.running))


def post(kind: int, pos: tuple[int, int], button: int = 1) -> None:
    """A raw mouse event; motion with the left button held (a drag)."""
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(1, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=(int(pos[0]), int(pos[1])), button=button))


def click_widget(app: App, element) -> None:
    ui_click_widget(app, element, check="enabled")


class SilentEngine(StubEngine):
    """A computer that thinks for ever (counts its searches); offers and hints as the stub."""

    def __init__(self) -> None:
        super().__init__()
        self.starts = 0

    def start(self, game: Game, level: str) -> None:
        self.starts += 1

    def poll(self) -> str | None:
        return None


class CountingEngine(StubEngine):
    def __init__(self) -> None:
        super().__init__(seed=7)
        self.starts = 0

    def start(self, game: Game, level: str) -> None:
        self.starts += 1
        super().start(game, level)


def make_app(*args: str, engine: type = StubEngine) -> App:
    app = build(parse_args(list(args)), fade=False)
    app.engine_factory = engine
    for sc in app.scenes:
        if isinstance(sc, BoardScene):
            if sc.computer.engine is not None:
                sc.computer.engine.close()
            sc.computer.engine = engine()
    settle(app)
    return app


def play_clicks(app: App, text: str) -> None:
    """Play a legal move by clicking the points the input asks for."""
    sc = board(app)
    opt = next(o for o in sc.input.options if o.text == text)
    for lab in opt.clicks:
        click(app, sc.view.pixel_of(lab))
    settle(app)


def human_move(app: App, rng: random.Random) -> str:
    sc = board(app)
    opt = rng.choice([o for o in sc.input.options if o.clicks])
    play_clicks(app, opt.text)
    return opt.text


# ---------------------------------------------------------------- 1. offers
def test_no_offer_while_the_computer_is_thinking_and_the_spinner_stops_at_the_end():
    app = make_app("--game", "amoeba", "--black", "human", "--white", "easy", engine=SilentEngine)
    sc = board(app)
    human_move(app, random.Random(1))
    step(app, 5)
    assert sc.computer.thinking and sc.match.to_move == Color.WHITE
    assert not sc.w["offer"].is_enabled                   # the button: only on your own turn
    sc.offers.offer()                                            # and the action itself (a key, a stale click)
    step(app, 2)
    assert sc.dialog is None and not sc.match.is_over
    assert "own turn" in sc.panel.status
    # resigning while the computer thinks ends the game: the spinner and the search stop
    sc.offers.resign()
    pygame.event.post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=sc.dialog))
    step(app, 3)
    assert sc.match.is_over and not sc.computer.thinking
    app.close()


def test_an_offer_on_your_own_turn_is_answered_by_the_computer():
    app = make_app("--game", "amoeba", "--black", "human", "--white", "easy")
    sc = board(app)
    assert sc.w["offer"].is_enabled
    click_widget(app, sc.w["offer"])
    settle(app)
    # issue 25 item 1: the player first confirms, seeing what the offer means (the count)
    assert sc.dialog is not None and sc.dialog_kind == "offer_ask" and sc.match.result is None
    assert "Black 11, White 11: a draw" in sc.offers.consequence()
    click_widget(app, sc.dialog.confirm_button)
    settle(app)
    assert sc.dialog is None                              # nobody is asked to accept their own offer
    assert "(computer)" in sc.panel.status
    app.close()


# ---------------------------------------------------------------- 2. redo
def test_redo_against_the_computer_brings_back_its_recorded_replies():
    app = make_app("--game", "amoeba", "--black", "human", "--white", "easy", engine=CountingEngine)
    sc = board(app)
    rng = random.Random(3)
    for _ in range(3):
        human_move(app, rng)
        settle(app)
    m = sc.match
    line = [pm.text for pm in m.history]
    assert len(line) == 6 and m.to_move == Color.BLACK
    for _ in range(2):
        click_widget(app, sc.w["undo"])
        settle(app)
    assert len(m.history) == 2 and len(m.future) == 4
    starts = sc.computer.engine.starts
    click_widget(app, sc.w["redo"])
    step(app, 2)
    assert sc.anim is not None                           # each move comes back with its animation
    settle(app)
    assert [pm.text for pm in m.history] == line[:4] and [pm.text for pm in m.future] == line[4:]
    assert sc.computer.engine.starts == starts                    # the computer did not think again
    click_widget(app, sc.w["redo"])
    settle(app)
    assert [pm.text for pm in m.history] == line and not m.future
    app.close()


# ---------------------------------------------------------------- 3. seats after a pie swap
def test_new_game_after_a_pie_swap_offers_the_seats_the_player_chose():
    app = make_app("--game", "onyx", "--pie", "--black", "human", "--white", "easy", engine=SilentEngine)
    sc = board(app)
    play_clicks(app, "f6")
    assert sc.play_move("swap")                          # the computer takes over Black
    settle(app)
    assert sc.match.players[Color.BLACK] == "easy"
    click_widget(app, sc.w["new"])
    settle(app)
    form = app.scene
    assert isinstance(form, NewGameScene)
    assert form.players == {"black": "human", "white": "easy"}
    app.close()


# ---------------------------------------------------------------- 4. load asks first, autosave at once
def _record_file(tmp_path: Path, moves: list[str]) -> Path:
    g = make_game("onyx")
    for t in moves:
        g.push(t)
    path = tmp_path / "other.txt"
    path.write_text(format_record(record_from_game(g, ("Ann", "Bob"), datetime.date(2026, 12, 1))), encoding="utf-8")
    return path


def newest_unfinished() -> list[str]:
    """The moves of the newest unfinished game's file (each game in progress has its own)."""
    AS.writer().flush()
    found = list_unfinished()
    return parse_record(found[0][0].read_text(encoding="utf-8")).moves if found else []


def test_load_keeps_an_unfinished_game_asks_for_a_finished_unsaved_one_and_continue_offers_the_loaded_one(
        tmp_path):
    app = make_app("--game", "onyx")
    sc = board(app)
    play_clicks(app, "f6")
    play_clicks(app, "e7")
    path = _record_file(tmp_path, ["c3", "d4", "e5"])
    files.ask_before_loading(sc, path)          # an unfinished game is kept among the recent games: no question
    settle(app)
    loaded = board(app)
    assert loaded is not sc and sc.dialog is None
    assert [pm.text for pm in loaded.match.history] == ["c3", "d4", "e5"]
    assert newest_unfinished() == ["c3", "d4", "e5"]        # written at once, before any move
    assert sorted(len(parse_record(p.read_text(encoding="utf-8")).moves) for p, _ in list_unfinished()) == [2, 3]
    # a finished game that is not saved is not among the recent games: Load asks first
    opt = next(o for o in loaded.input.options if o.clicks)
    play_clicks(app, opt.text)
    ui_click_widget(app, loaded.w["resign"])
    ui_click_widget(app, loaded.dialog.confirm_button)
    settle(app)
    assert loaded.match.result is not None
    files.ask_before_loading(loaded, path)
    step(app, 2)
    assert app.scene is loaded and loaded.dialog is not None and loaded.dialog_kind == "replace"
    pygame.event.post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=loaded.dialog))
    settle(app)
    again = board(app)
    assert again is not loaded and [pm.text for pm in again.match.history] == ["c3", "d4", "e5"]
    # a saved game is replaced without a question
    files.save_to(again, tmp_path / "kept.txt")
    files.ask_before_loading(again, path)
    settle(app)
    assert app.scene is not again and board(app).dialog is None
    app.close()


def test_load_from_the_menu_keeps_the_game_continue_would_bring_back(tmp_path):
    app = make_app("--game", "onyx")
    play_clicks(app, "f6")
    click_widget(app, board(app).w["menu"])
    settle(app)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.continue_btn is not None
    files.ask_before_loading(menu, _record_file(tmp_path, ["c3"]))
    settle(app)
    assert menu.dialog is None and [pm.text for pm in board(app).match.history] == ["c3"]
    click_widget(app, board(app).w["menu"])
    settle(app)
    assert app.scene is menu and [list(e["record"].moves) for e in menu.recent] == [["f6"]]
    app.close()


# ---------------------------------------------------------------- 5. the panel waits for the animation
def test_the_panel_shows_the_computer_move_when_its_animation_lands():
    app = make_app("--game", "amoeba", "--black", "human", "--white", "easy", "--speed", "0.5")
    sc = board(app)
    opt = random.Random(5).choice([o for o in sc.input.options if o.clicks])
    for lab in opt.clicks:
        click(app, sc.view.pixel_of(lab))
    # the computer's move starts after its short thinking time; catch the frames it animates
    seen = []
    for _ in range(600):
        step(app, 1)
        if sc.anim is not None and len(sc.match.history) == 2:
            seen.append((sc.w["turn"].text, len(sc.w["moves"].records)))
        if seen and sc.anim is None:
            break
    assert seen, "the computer's move was never seen animating"
    assert all(turn == "White to move" and rows == 1 for turn, rows in seen), seen
    settle(app)
    assert sc.w["turn"].text == "Black to move" and len(sc.w["moves"].records) == 2
    app.close()


# ---------------------------------------------------------------- 8. Continue with a redo list
def test_continue_with_a_redo_list_plays_on_with_hint_resign_and_offer():
    app = make_app("--game", "onyx")
    sc = board(app)
    for t in ("f6", "e7", "c3", "d4"):
        play_clicks(app, t)
    click_widget(app, sc.w["undo"])
    settle(app)
    click_widget(app, sc.w["undo"])
    settle(app)
    click_widget(app, sc.w["menu"])
    settle(app)
    menu = app.scene
    click_widget(app, menu.continue_btn)
    settle(app)
    sc2 = board(app)
    assert [pm.text for pm in sc2.match.history] == ["f6", "e7"]
    assert [pm.text for pm in sc2.match.future] == ["c3", "d4"]
    assert sc2.browse_ply is None
    for key in ("hint", "resign", "offer", "redo"):
        assert sc2.w[key].is_enabled, key
    click_widget(app, sc2.w["redo"])
    settle(app)
    assert [pm.text for pm in sc2.match.history] == ["f6", "e7", "c3"]
    app.close()


# ---------------------------------------------------------------- drag and drop
def _drag(app: App, src: tuple[int, int], dst: tuple[int, int], frames: int = 6) -> None:
    post(pygame.MOUSEMOTION, src)
    post(pygame.MOUSEBUTTONDOWN, src)
    step(app, 1)
    for i in range(1, frames + 1):
        x = src[0] + (dst[0] - src[0]) * i / frames
        y = src[1] + (dst[1] - src[1]) * i / frames
        post(pygame.MOUSEMOTION, (int(x), int(y)))
        step(app, 1)


@pytest.mark.parametrize("game, args", [("amoeba", ()), ("onager", ())])
def test_drag_a_piece_and_drop_it_on_a_target_plays_the_move(game, args):
    app = make_app("--game", game, *args)
    sc = board(app)
    if game == "onager":                  # the three lakes first, typed
        for text in ("e3", "g5", "d6"):
            assert sc.movebox.typed(text), sc.panel.status
            settle(app)
    opt = next(o for o in sc.input.options if len(o.clicks) == 2 and o.clicks[0] != o.clicks[1])
    src, dst = (sc.view.pixel_of(lab) for lab in opt.clicks)
    n = len(sc.match.history)
    _drag(app, src, dst)
    assert sc.board.dragging() == opt.clicks[0]
    deco = sc.decorations()
    assert deco.hidden.get(opt.clicks[0]) == len(sc.match.game.stacks()[opt.clicks[0]])  # carried, not on its point
    post(pygame.MOUSEBUTTONUP, dst)
    step(app, 2)
    settle(app)
    assert len(sc.match.history) == n + 1
    assert sc.match.history[-1].text.startswith(opt.clicks[0]), (sc.match.history[-1].text, opt.text)
    app.close()


def test_a_drop_back_on_its_point_keeps_the_piece_selected_and_click_click_still_works():
    app = make_app("--game", "amoeba")
    sc = board(app)
    opt = next(o for o in sc.input.options if len(o.clicks) == 2)
    src, dst = (sc.view.pixel_of(lab) for lab in opt.clicks)
    _drag(app, src, (src[0] + 40, src[1]))
    post(pygame.MOUSEBUTTONUP, src)
    step(app, 2)
    assert sc.input.prefix == (opt.clicks[0],) and not sc.match.history
    click(app, dst)
    settle(app)
    assert len(sc.match.history) == 1
    app.close()


# ---------------------------------------------------------------- typed moves
def _type(app: App, sc: BoardScene, text: str) -> None:
    box = sc.w["movebox"]
    click(app, box.get_abs_rect().center)
    assert box.is_focused
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        step(app, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    step(app, 2)


def test_a_typed_move_is_played_with_its_animation_and_capitals_and_spaces_are_fine():
    app = make_app("--game", "amoeba")
    sc = board(app)
    legal = sc.match.legal_strs()
    move = next(t for t in legal if "-" in t)
    _type(app, sc, move.upper().replace("-", " - "))
    assert sc.anim is not None
    settle(app)
    assert [pm.text for pm in sc.match.history] == [move]
    assert sc.w["movebox"].get_text() == ""
    app.close()


def test_a_refused_typed_move_says_why_and_keeps_the_text():
    app = make_app("--game", "amoeba")
    sc = board(app)
    _type(app, sc, "c3d4")
    assert not sc.match.history
    assert sc.panel.status_kind == "error" and "c3d4" in sc.panel.status and len(sc.panel.status) > len("c3d4") + 20
    assert sc.w["movebox"].get_text() == "c3d4"
    app.close()


def test_keys_typed_in_the_move_box_are_not_board_shortcuts():
    app = make_app("--game", "amoeba")
    sc = board(app)
    coords = app.settings.show_coords
    _type(app, sc, "c")                    # C toggles coordinates on the board, not here
    assert app.settings.show_coords == coords
    app.close()


# ---------------------------------------------------------------- the same kind of fault elsewhere
def test_escape_during_a_replay_stops_it_and_stays_on_the_board():
    app = make_app("--game", "onyx")
    sc = board(app)
    for t in ("f6", "e7", "c3"):
        play_clicks(app, t)
    click_widget(app, sc.toolbar.buttons["replay"])
    step(app, 3)
    assert sc.history.replaying
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    step(app, 3)
    assert app.scene is sc and not sc.history.replaying
    app.close()
