"""One way to play and animate a move: the board scene (a game, the computer, replay, the
analysis board) and the tutorial (a lesson's demonstration, a puzzle's defence) both play
moves through a ``MovePlayer`` (``game.anim.moves``) and the rules core's text entry
(``Game.play_text`` / ``Match.play`` on ``Game.parse_text``), not through copies of it."""
from __future__ import annotations

import inspect

import pytest

from game.anim.moves import MovePlayer
from game.app import App
from game.rules import make_game
from game.scenes.base import Scene
from game.scenes.board import BoardScene
from game.scenes.tutorial import TutorialScene

import ui_helpers as helpers
from ui_helpers import click_widget, settle, step


@pytest.fixture
def calls(monkeypatch):
    seen: list[str] = []
    real = MovePlayer.play

    def spy(self, view, before, apply, speed=1.0, hold=0.0):
        motions = real(self, view, before, apply, speed, hold)
        seen.append("played")
        return motions

    monkeypatch.setattr(MovePlayer, "play", spy)
    return seen


def test_the_board_and_the_tutorial_own_the_same_mover_class():
    board = BoardScene.start("amoeba")
    lesson = TutorialScene("amoeba")
    assert type(board.mover) is MovePlayer and type(lesson.mover) is MovePlayer
    # no second copy of "make a MoveAnimation" in either scene
    for cls in (BoardScene, TutorialScene):
        assert "MoveAnimation(" not in inspect.getsource(inspect.getmodule(cls))


def test_a_game_move_and_a_lesson_demo_both_go_through_the_mover(calls):
    app = helpers.make_app("--game", "amoeba")
    try:
        sc = app.scene
        assert isinstance(sc, BoardScene)
        assert sc.play_move("c3-d4")
        assert calls == ["played"] and sc.anim is not None and sc.anim is sc.mover.anim
        settle(app)
        assert sc.anim is None and sc.match.game.ply == 1
    finally:
        app.close()
    app = App((1024, 640), fade=False)
    try:
        app.settings.anim_speed = 8.0
        app.push(Scene())
        lesson = TutorialScene("amoeba")
        app.push(lesson)
        step(app, 2)
        click_widget(app, lesson.w["lesson_buttons"][1])
        click_widget(app, lesson.w["next"])              # a demonstration step: c3-e4 over d4
        for _ in range(50):
            step(app)
            if calls[1:]:
                break
        assert calls == ["played", "played"]
        assert lesson.anim is lesson.mover.anim
    finally:
        app.close()


@pytest.mark.parametrize("name,text", [("onager", "b2-c2"), ("amoeba", "c3-d4")])
def test_text_moves_are_read_one_way(name, text):
    """``Game.play_text`` (the tutorial's) and ``Match.play`` (the board's) read a move's text
    with the same ``parse_text``: the same move, the same motions."""
    from game.match import Match
    g = make_game(name)
    if name == "onager":
        for lake in ("e4", "f9", "g3"):
            g.push(lake)
    m = Match(g.copy())
    move, motions = g.play_text(text)
    assert m.play(text) == motions and m.game.moves_played()[-1] == move
