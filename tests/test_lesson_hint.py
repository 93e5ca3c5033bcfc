"""A 'your turn' step helps a player who is stuck: Ctrl+H gives the step's hint, then marks a move
that does it on the board; two wrong tries mark one as well (a mouse player has no Ctrl+H).

Driven headless like a person: keys and clicks on the board's points, one stepped frame at a time.
"""
from __future__ import annotations

import pygame

from game import levels as L
from game.app import App
from game.scenes.tutorial import TutorialScene
from game.ui.keys import keys_for

from ui_helpers import click, key
from test_lesson_feedback import app  # noqa: F401  (the fixture: a 1024x640 app, fast animations)
from test_tutorial import feedback_text, open_tutorial, point, settle


def open_step(app: App, game: str, lesson: int, step_no: int) -> TutorialScene:
    scene = open_tutorial(app, game)
    scene.open_lesson(lesson - 1, step_no - 1)
    settle(app)
    assert scene.step.kind == "try" and not scene.solved
    return scene


def ctrl_h(app: App) -> None:
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    settle(app)


def test_ctrl_h_gives_the_hint_then_marks_a_move_that_does_it(app: App) -> None:
    scene = open_step(app, "amoeba", 2, 3)              # move the whole stack of three on d4
    assert scene.decorations().tags == {}
    ctrl_h(app)
    said = feedback_text(scene)
    assert said.startswith("Hint: ") and L.plain_text(scene.step.hint) in said
    assert scene.decorations().tags == {}               # words first: nothing given away yet
    ctrl_h(app)
    assert feedback_text(scene) == "Hint: One move that does it is marked: d4-a1."
    deco = scene.decorations()
    assert deco.tags == {"a1": "Hint"} and deco.arrows == [("d4", "a1")] and deco.selected == "d4"
    click(app, point(scene, "d4"), frames=1)
    click(app, point(scene, "a1"), frames=1)
    settle(app)
    assert scene.solved and "Well done!" in feedback_text(scene)
    assert scene.decorations().tags == {}               # solved: the mark is gone
    scene.replay()                                      # the step again: no mark until asked
    settle(app)
    assert not scene.solved and scene.decorations().tags == {}


def test_two_wrong_tries_mark_a_move(app: App) -> None:
    scene = open_step(app, "onyx", 3, 2)                # capture the two white stones
    for p in ("a1", "a2"):
        click(app, point(scene, p), frames=1)
        settle(app)
    said = feedback_text(scene)
    assert said.startswith("Not quite (a2).") and said.endswith("One move that does it is marked: c4.")
    assert scene.decorations().tags == {"c4": "Hint"}
    assert "marked" not in feedback_text(scene).split("Not quite (a2).")[0]


def test_a_chain_is_marked_and_named_by_its_landings(app: App) -> None:
    scene = open_step(app, "onager", 3, 2)              # a chain of at least two jumps from b2
    ctrl_h(app)
    ctrl_h(app)
    assert feedback_text(scene) == "Hint: One move that does it is marked: b2-b4-d6."
    deco = scene.decorations()
    assert deco.arrows == [("b2", "b4"), ("b4", "d6")] and deco.tags == {"d6": "Hint"}


def test_ctrl_h_does_nothing_on_a_step_that_asks_nothing(app: App) -> None:
    scene = open_tutorial(app, "amoeba")
    scene.open_lesson(0, 0)
    settle(app)
    assert scene.step.kind != "try"
    before = scene.feedback
    ctrl_h(app)
    assert scene.feedback == before and scene.hint_move is None


def test_the_lesson_keys_list_names_the_hint(app: App) -> None:
    scene = open_step(app, "amoeba", 2, 3)
    _title, sections = keys_for(scene)
    rows = dict(sections[0][1])
    assert rows["Ctrl+H"] == "Your turn: a hint, then a move that does it"


def test_the_pie_rule_step_names_the_swap_button_and_rings_it(app: App) -> None:
    scene = open_step(app, "onyx", 5, 3)                # White takes Black's first stone: no point to mark
    ctrl_h(app)
    ctrl_h(app)
    said = feedback_text(scene)
    assert said.endswith("One move that does it: Swap."), said
    assert "marked" not in said and scene.decorations().tags == {}
    assert app.focus is scene.w["swap"]
    key(app, pygame.K_RETURN)                           # the ring's button: the step is done
    settle(app)
    assert scene.solved


def test_a_split_hint_points_where_to_click_and_stays_once_its_stack_is_picked(app: App) -> None:
    scene = open_step(app, "amoeba", 2, 5)              # split the stack on c3
    ctrl_h(app)
    ctrl_h(app)
    deco = scene.decorations()
    assert deco.arrows == [("c3", "c4")] and deco.tags == {"c4": "Hint"}        # the first drop, not c6
    assert {p for p, _pieces in deco.ghosts} == {"c4", "c5", "c6"}               # where its pieces land
    click(app, point(scene, "c3"), frames=1)            # the stack picked: the hint still shows the way
    assert scene.decorations().tags == {"c4": "Hint"}
    click(app, point(scene, "c4"), frames=1)
    settle(app)
    assert scene.solved
