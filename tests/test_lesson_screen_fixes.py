"""The lesson screens as a tester found them (lessons audit A), each fix seen as a player sees it.

* Onyx lesson 5, "take the swap": the button row keeps its layout while the step lasts, so a
  double click on Swap never lands on "Lessons and puzzles" grown into its place; and the list
  button's words stay centred when its width changes between steps.
* Onyx lesson 2, "a midpoint": a click on an empty point that is not the answer is a wrong try,
  answered as the same point typed is ("Not quite (h3)…"), not "Click an empty point".
* The list: Enter opens the lesson drawn orange, the one to take next.
* Onager lesson 2, "walk", by keyboard: a task done (by a typed move) and left with Escape is
  not set again on return: the lesson goes on from the step after it.
* Minor: a refused text leaves the move box once the task is done; Skip is drawn plain, away
  from Next's place, where a greyed Next stands while the task is open: a quick second click on
  Next does not skip the task that has just appeared; a lesson left with a
  task undone says which step is still to do.

Driven headless like a person: clicks on widgets and board points, typed keys.
"""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import App
from game.ui import focus as focus_ui
from game.scenes.tutorial import TutorialScene

from ui_helpers import click, click_widget, key, move_mouse, step, type_move
from test_tutorial import feedback_text, open_tutorial, point, settle


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ABSTRACT_TRIO_HOME", str(tmp_path))
    a = App((1024, 640), fade=False)
    a.settings.anim_speed = 8.0
    yield a
    a.close()


def open_step(app: App, game: str, lesson_id: str, title: str) -> TutorialScene:
    """The lesson page of ``game``'s step called ``title``, opened from the list."""
    scene = open_tutorial(app, game)
    assert scene.course is not None
    li = next(i for i, ls in enumerate(scene.course.lessons) if ls.id == lesson_id)
    si = next(i for i, st in enumerate(scene.course.lessons[li].steps) if st.title == title)
    scene.open_lesson(li, si)
    settle(app)
    step(app, 2)
    return scene


def ink_middle(app: App, rect: pygame.Rect) -> float:
    """The middle, left to right, of the light words drawn inside a button (its border left out)."""
    inner = rect.inflate(-app.px(12), -rect.h // 2)     # (the middle rows: no rounded corner's border)
    cols = [x for x in range(inner.left, inner.right)
            if any(sum(app.screen.get_at((x, y))[:3]) > 560 for y in range(inner.top, inner.bottom))]
    assert cols, "no words drawn in the button"
    return (cols[0] + cols[-1]) / 2


# ---------------------------------------------------------------- #1, #13: the Swap row
def test_a_double_click_on_swap_stays_in_the_lesson_and_the_row_keeps_its_place(app: App) -> None:
    scene = open_step(app, "onyx", "variants", "Your turn: take the swap")
    swap, index = scene.w["swap"], scene.w["index"]
    assert swap.visible
    where, list_rect = swap.rect.center, index.rect.copy()
    click(app, where, frames=1)
    click(app, where, frames=1)                 # the second click of a double click
    settle(app)
    step(app, 2)
    assert scene.mode == "lesson" and scene.solved, "the double click left the lesson"
    assert not swap.visible
    assert index.rect == list_rect and not index.rect.collidepoint(where)


def test_the_list_button_words_stay_centred_when_the_swap_place_goes(app: App,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_step(app, "onyx", "variants", "Your turn: take the swap")
    index = scene.w["index"]
    rest = index.rect.move(app.px(10), 0).midleft
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: rest)     # the pointer rests on the list button
    move_mouse(app, rest)
    step(app, 30)
    key(app, pygame.K_LEFT)                     # the step before: no Swap, the list button takes the row
    settle(app)
    step(app, 30)
    assert scene.step.kind != "try" and index.rect.w > scene.w["next"].rect.w * 2
    assert abs(ink_middle(app, index.rect) - index.rect.centerx) <= app.px(6)


# ---------------------------------------------------------------- #2: a wrong point clicked
def test_a_click_on_a_wrong_empty_point_is_answered_as_the_point_typed(app: App) -> None:
    scene = open_step(app, "onyx", "placing", "Your turn: a midpoint")
    type_move(app, "h3")
    settle(app)
    typed = feedback_text(scene)
    assert typed.startswith("Not quite (h3).")
    scene.replay()
    settle(app)
    start = scene.game.position_text()
    click(app, point(scene, "h3"), frames=1)
    settle(app)
    assert feedback_text(scene) == typed and scene.note == ""
    assert scene.game.position_text() == start and not scene.solved
    click(app, point(scene, "j9"), frames=1)    # again: a wrong try, never 'Selection cleared.'
    settle(app)
    assert feedback_text(scene).startswith("Not quite (j9).") and scene.note == ""


# ---------------------------------------------------------------- #3: Enter on the list
def test_enter_on_the_list_opens_the_lesson_drawn_orange(app: App) -> None:
    scene = open_tutorial(app, "onager")
    assert scene.course is not None
    scene.progress.mark_lesson("onager", scene.course.lessons[0].id)
    scene.show_index()                          # lesson 1 done: lesson 2 is the one drawn orange
    step(app, 2)
    assert scene.layout.next_lesson == 1 and app.focus is None
    key(app, pygame.K_RETURN)
    settle(app)
    assert scene.mode == "lesson" and scene.lesson_i == 1


# ---------------------------------------------------------------- #4: Escape after a typed move
def test_escape_after_a_typed_move_keeps_the_done_task(app: App) -> None:
    # Escape after a task done by a typed move went to the list, and the lesson opened again on
    # the same task, set anew: it goes on from the step after it
    scene = open_step(app, "onager", "moving", "Your turn: walk")
    type_move(app, "c4-c6")                     # a wrong try: the box keeps the keyboard
    assert scene.movebox.focused() and "Escape: back to the board" in scene.w["feedback"].html_text
    type_move(app, "c4-d5")
    settle(app)
    assert scene.solved and feedback_text(scene).startswith("Well done!")
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    assert scene.mode == "index"
    button = scene.w["lesson_buttons"][1]
    assert "step 3 of 9" in button.text         # on from the task done, not back to it
    click_widget(app, button)
    settle(app)
    assert scene.mode == "lesson" and scene.step_i == 2


# ---------------------------------------------------------------- #15: minor things
def test_a_refused_text_leaves_the_move_box_when_the_task_is_done_by_clicks(app: App) -> None:
    scene = open_step(app, "onyx", "placing", "Your turn: a midpoint")
    type_move(app, "h3")
    box = scene.w["movebox"]
    assert box.get_text() == "h3"
    answer = scene.game.move_str(scene.step.goal.solutions(scene.game)[0])
    click(app, point(scene, answer), frames=1)
    settle(app)
    assert scene.solved and box.get_text() == ""


def test_skip_is_drawn_plain_away_from_next_and_a_quick_second_click_on_next_does_not_skip(app: App) -> None:
    scene = open_step(app, "onyx", "placing", "Your turn: place a stone")
    scene.open_step(0)                          # the step before the task
    settle(app)
    step(app, 2)
    nxt, back = scene.w["next"], scene.w["back"]
    where = nxt.rect.center
    orange = app.screen.get_at((nxt.rect.x + app.px(6), nxt.rect.centery))[:3]
    click(app, where, frames=1)
    click(app, where, frames=1)                 # the second click of a double click
    step(app, 2)
    assert scene.step_i == 1 and nxt.text == "Skip", "the quick second click skipped the task"
    assert not nxt.rect.collidepoint(where) and scene.w["next_wait"].rect.collidepoint(where)
    plain = app.screen.get_at((nxt.rect.x + app.px(6), nxt.rect.centery))[:3]
    assert plain != orange and plain == app.screen.get_at((back.rect.x + app.px(6), back.rect.centery))[:3]
    click_widget(app, nxt)                      # Skip, where it is: on without the task
    assert scene.step_i == 2 and nxt.rect.collidepoint(where) and nxt.text == "Next"


def test_a_lesson_left_with_a_task_undone_says_which_step_is_to_do(app: App) -> None:
    scene = open_tutorial(app, "onager")
    assert scene.course is not None
    lesson = scene.course.lessons[1]
    for i in (1, 6):                            # 'a long jump' (step 4) skipped
        scene.progress.mark_try("onager", lesson.id, i)
    scene.progress.set_resume("onager", lesson.id, len(lesson.steps) - 1)
    scene.show_index()
    step(app, 2)
    text = scene.w["lesson_buttons"][1].text
    assert "step 4 to do" in text and "9 of 9" not in text


def test_a_second_enter_on_the_next_that_opened_a_task_does_not_skip_it(app: App) -> None:
    scene = open_step(app, "onyx", "placing", "Your turn: place a stone")
    scene.open_step(0)                          # the step before the task
    settle(app)
    focus_ui.ring_on(app, scene.w["next"])      # the keyboard's ring on Next (Tab brought it there)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                   # pressed again at once
    step(app, 2)
    assert scene.step_i == 1 and not scene.solved, "the second Enter skipped the task"
    assert "Skip button" in scene.note


def test_the_keys_list_of_the_lessons_list_says_what_enter_opens(app: App) -> None:
    from game.ui.keys import keys_for
    scene = open_tutorial(app, "amoeba")
    assert scene.mode == "index"
    _title, sections = keys_for(scene)
    rows = [row for _head, items in sections for row in items]
    assert ("Enter", "Open the highlighted lesson: the one to take next") in rows
