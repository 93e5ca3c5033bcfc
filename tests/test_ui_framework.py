"""UI framework: tweens, match, scene machine, resize, screenshots, monkey test (headless)."""
from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from game.anim.tween import Tween, Tweens, easing_function
from game.app import MIN_SIZE, App, main, parse_args
from game.match import Match
from game.rules import make_game
from game.rules.base import Color, GameOverError, IllegalMoveError, InvalidMoveError
from game.scenes.base import Scene
from game.views.base import BoardView

from ui_helpers import DT, click, click_widget, key, step
import ui_helpers as helpers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---------------------------------------------------------------- a person using the app (ui_helpers)
def settle(app: App) -> None:
    """Let fades, animations and the computer finish."""
    helpers.settle(app, 40, thinking=True)


@pytest.fixture
def app():
    yield from helpers.running_app(fade=True, ready=settle)


# ---------------------------------------------------------------- tweens
def test_tween_delay_easing_and_callback():
    obj = {"x": 0.0, "pos": (0.0, 10.0)}
    done = []
    t = Tween(obj, {"x": 10.0, "pos": (4.0, 0.0)}, 1.0, delay=0.5, easing="linear", on_complete=lambda: done.append(1))
    t.update(0.25)
    assert obj["x"] == 0.0 and not t.started
    t.update(0.5)  # 0.25 s into the tween
    assert obj["x"] == pytest.approx(2.5)
    assert obj["pos"] == pytest.approx((1.0, 7.5))
    t.update(1.0)
    assert t.done and obj["x"] == 10.0 and done == [1]
    t.update(1.0)
    assert done == [1]  # the callback runs once


def test_tween_finish_and_group():
    class Box:
        a = 0.0
        b = 5.0
    box = Box()
    group = Tweens()
    ended = []
    group.on_complete = lambda: ended.append(True)
    group.add(Tween(box, {"a": 1.0}, 2.0, easing="easeOutBack"))
    group.add(Tween(box, {"b": 0.0}, 0.5, delay=3.0))
    group.update(0.1)
    assert 0 < box.a < 1 and box.b == 5.0
    group.finish()
    assert box.a == 1.0 and box.b == 0.0 and group.done and ended == [True]


def test_unknown_easing_is_a_clear_error():
    with pytest.raises(ValueError, match="pytweening"):
        easing_function("easeSideways")


# ---------------------------------------------------------------- move animations (generic)
class FlatView(BoardView):
    """A stand-in board: point 'xN' sits at pixel (100·N, 100)."""

    def pixel_of(self, label):
        return (100 * int(label[1:]), 100)

    def draw_stack(self, surface, xy, pieces, **kw):
        pass


def test_chain_of_jumps_is_one_disc_landing_on_top_of_each_stack():
    from game.anim.moves import MoveAnimation
    from game.rules.base import Motion
    before = {"x1": ("B",), "x3": ("W",), "x5": ("W",)}
    motions = [Motion("jump", "x1", "x3", ("B",), step=0, via=("x2",)),
               Motion("jump", "x3", "x5", ("B",), step=1, via=("x4",))]
    anim = MoveAnimation(FlatView(), before, motions)
    assert anim.hidden == {"x1": 1}  # the white discs jumped onto stay in view
    assert len(anim.sprites) == 1
    segs = anim.sprites[0].segments
    assert [(s.a, s.b, s.level_a, s.level_b) for s in segs] == [("x1", "x3", 0, 1), ("x3", "x5", 1, 1)]
    assert anim.sprites[0].at(0.0, FlatView())[:2] == (100, 100)
    anim.finish()
    assert anim.sprites[0].at(anim.time, FlatView()) == pytest.approx((500, 100, 1))


def test_place_and_remove_fade_and_steps_run_in_order():
    from game.anim.moves import MoveAnimation
    from game.rules.base import Motion
    motions = [Motion("place", None, "x2", ("B",), step=0), Motion("remove", "x3", None, ("W",), step=1)]
    anim = MoveAnimation(FlatView(), {"x3": ("W",)}, motions, speed=1.0)
    place, remove = anim.sprites
    assert anim.hidden == {"x3": 1} and place.alpha == 0.0
    anim.update(place.segments[0].t1)
    assert place.alpha == pytest.approx(255.0) and remove.alpha == 255.0  # removal waits for its step
    assert remove.segments[0].t0 >= place.segments[0].t1
    anim.finish()
    assert remove.alpha == 0.0 and place.at(anim.time, FlatView()) == (200, 100, 0)


# ---------------------------------------------------------------- match
def test_match_play_undo_redo_and_text():
    m = Match(make_game("amoeba"))
    motions = m.play("c3-d4")
    assert motions and motions[0].src == "c3" and motions[0].dst == "d4"
    m.play("E3 - D3")
    assert m.moves_text() == "1. c3-d4 e3-d3"
    assert m.undo() and m.moves_text() == "1. c3-d4" and m.can_redo
    assert m.redo() is not None and m.moves_text() == "1. c3-d4 e3-d3" and not m.can_redo
    m.undo()
    m.play("e1-d1")  # a new move clears the redo list
    assert not m.can_redo
    with pytest.raises(InvalidMoveError):
        m.play("c3d4")
    with pytest.raises(IllegalMoveError):
        m.play("a1-d4")
    assert m.moves_text() == "1. c3-d4 e1-d1"


def test_match_resign_and_agreement():
    m = Match(make_game("amoeba"), {Color.WHITE: "easy"})
    assert m.is_human(Color.BLACK) and not m.is_human(Color.WHITE)
    m.play("c3-d4")
    r = m.resign(Color.WHITE)
    assert r.winner == Color.BLACK and r.reason == "resign" and m.is_over
    with pytest.raises(GameOverError):
        m.play("e3-d3")
    assert m.undo() and not m.is_over  # undo takes back the resignation first
    r = m.agree()
    assert r.reason == "agreement" and m.result == r and m.game.is_over
    assert m.undo() and not m.is_over and m.legal_strs()
    assert m.moves_text() == "1. c3-d4"


# ---------------------------------------------------------------- scenes
class Probe(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.log: list[str] = []
        self.dts: list[float] = []

    def enter(self, app) -> None:
        self.log.append("enter")
        super().enter(app)

    def exit(self) -> None:
        self.log.append("exit")
        super().exit()

    def pause(self) -> None:
        self.log.append("pause")
        super().pause()

    def resume(self) -> None:
        self.log.append("resume")
        super().resume()

    def update(self, dt: float) -> None:
        self.dts.append(dt)


def test_scene_machine_push_pop_replace_with_fade(app):
    a, b, c = Probe(), Probe(), Probe()
    app.reset([a])
    settle(app)
    app.push(b)
    assert app.transitioning and app.scene is a  # fading out first
    step(app, 3)
    assert 0 < app.fade <= 1
    settle(app)
    assert app.scene is b and a.log == ["enter", "pause"] and app.fade == 0
    app.replace(c)
    settle(app)
    assert app.scene is c and b.log == ["enter", "exit"] and b.root is None
    key(app, pygame.K_ESCAPE)  # Escape goes back
    settle(app)
    assert app.scene is a and a.log[-1] == "resume" and c.log[-1] == "exit"
    assert all(abs(d - 0.1) < 1e-9 or abs(d - DT) < 1e-9 for d in a.dts)  # time is passed in


def test_escape_on_menu_stays_and_window_close_quits(app):
    from game.scenes.menu import MenuScene
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert isinstance(app.scene, MenuScene) and app.running
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(DT)
    assert not app.running


def test_menu_new_game_board_and_back(app):
    from game.scenes.board import BoardScene
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import NewGameScene
    menu = app.scene
    assert isinstance(menu, MenuScene)
    amoeba = next(c for c in menu.cards if c["name"] == "amoeba")
    click_widget(app, amoeba["play"])
    settle(app)
    assert isinstance(app.scene, NewGameScene) and app.scene.game_name == "amoeba"
    click_widget(app, app.scene.widgets["start"])
    settle(app)
    board = app.scene
    assert isinstance(board, BoardScene) and board.match is not None and board.match.name == "amoeba"
    assert [type(s).__name__ for s in app.scenes] == ["MenuScene", "BoardScene"]
    click_widget(app, board.w["menu"])
    settle(app)
    assert app.scene is menu and board.root is None
    # the menu's own widgets are back
    assert amoeba["play"].visible


def test_tutorial_and_settings_stubs_go_back(app):
    menu = app.scene
    click_widget(app, menu.cards[0]["tutorial"])
    settle(app)
    assert app.scene is not menu
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert app.scene is menu
    click_widget(app, menu.settings_btn)
    settle(app)
    assert app.scene is not menu
    click_widget(app, app.scene.back_btn)
    settle(app)
    assert app.scene is menu


def test_resize_relayouts_and_clamps(app):
    from game.scenes.board import BoardScene
    app.reset([app.scene, BoardScene.start("amoeba")])
    settle(app)
    board = app.scene
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    step(app, 2)
    assert app.size == (1920, 1080)
    assert board.panel.rect.right <= 1920 and board.view.rect == board.board_rect
    assert board.w["undo"].get_abs_rect().right <= 1920
    x, y = board.view.pixel_of("d4")
    assert board.board_rect.collidepoint(x, y)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=600, h=400, size=(600, 400)))
    step(app, 2)
    assert app.size == MIN_SIZE
    for lab in board.view.points():
        assert board.board_rect.collidepoint(board.view.pixel_of(lab))
    # the menu below rebuilds for the new size when it comes back
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert app.scene.root.get_abs_rect().size == MIN_SIZE


def test_missing_view_is_a_friendly_message(app, monkeypatch):
    from game.scenes.board import scene as board_mod
    from game.views import ViewUnavailable, view_for

    with pytest.raises(ViewUnavailable, match="not available"):
        view_for("nosuchgame")

    def missing(name, **options):
        raise ViewUnavailable(f"The {name.capitalize()} board is not available yet in this version.")
    monkeypatch.setattr(board_mod, "view_for", missing)
    app.push(board_mod.BoardScene.start("amoeba"))
    settle(app)
    sc = app.scene
    assert sc.view is None and "not available" in sc.error
    click(app, sc.board_rect.center)  # clicks do nothing, nothing crashes
    step(app, 3)
    bad = board_mod.BoardScene.start("nosuchgame")
    app.replace(bad)
    settle(app)
    assert app.scene is bad and "cannot be played" in bad.error


def test_screenshot_option_writes_png(tmp_path):
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), "--frames", "3", "--game", "amoeba", "--window", "1024x640"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (1024, 640)


def test_screenshot_in_a_real_process(tmp_path):
    out = tmp_path / "menu.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "main.py", "--screenshot", str(out), "--frames", "2"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert out.is_file() and pygame.image.load(str(out)).get_size() == (1280, 800)


def test_bad_arguments_are_refused():
    with pytest.raises(SystemExit):
        parse_args(["--window", "big"])
    with pytest.raises(SystemExit):
        parse_args(["--black", "grandmaster"])
    assert parse_args(["--game", "amoeba", "--white", "hard"]).white == "hard"


def test_bench_ui_measures_frames_during_animations():
    from game.bench_ui import frame_times
    times = frame_times(frames=30)
    assert len(times) == 30 and all(t > 0 for t in times)


@pytest.mark.parametrize("scene", ["lesson:amoeba:2:3", "puzzles:amoeba", "board:onyx"])
def test_a_screenshot_run_writes_none_of_the_players_files(scene, tmp_path):
    # a lesson's screenshot noted the lesson in tutorial-progress.json, the puzzles' screen
    # wrote puzzles.json: a --screenshot run leaves the data folder as it was (the picture
    # cache aside)
    from game.storage import data_dir
    out = tmp_path / "shot.png"
    moves = ["--moves", "f6 e6"] if scene.startswith("board") else []
    assert main(["--scene", scene, *moves, "--screenshot", str(out), "--frames", "5", "--window", "1024x640"]) == 0
    home = data_dir()
    written = [p for p in home.rglob("*") if p.is_file() and "cache" not in p.relative_to(home).parts]
    assert written == []
