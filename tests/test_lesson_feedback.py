"""A lesson's answer to a wrong try names the real mistake, and what the board says is what it shows.

Found in the Amoeba course, lesson 2 ("Moving and splitting"):

* step 3 asks for the whole stack on d4 to be moved; the split d4>g4 (clicks d4 then e4) was
  answered "A stack of three travels exactly three points", though the split did reach a corner:
  the mistake is the form of the move. Now a wrong try whose form is the mistake (a split where
  every answer moves the whole stack, or the other way round: ``levels.Goal.wrong_form``) is told
  so first;
* step 5 asks for a split. The board marked only the splits of c3, yet the selection said "green
  moves all 3; blue splits them", and a click on the unmarked far point was "not a target",
  while the same move typed was answered with the step's hint. Now the board marks both forms, as
  its words say, and the whole-stack move is answered in the same words clicked or typed.

Driven headless like a person: synthetic clicks on the board's points and typed keys.
"""
from __future__ import annotations

import pytest

from game import i18n
from game import levels as L
from game.app import App
from game.scenes.tutorial import TutorialScene

from ui_helpers import click, step
from test_movebox import enter, focus_box, type_text
from test_tutorial import feedback_text, open_tutorial, point, settle

WANTS_WHOLE = "That is a split: this step wants the whole stack moved."
WANTS_SPLIT = "That moves the whole stack: this step wants a split."


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("ABSTRACT_TRIO_HOME", str(tmp_path))
    a = App((1024, 640), fade=False)
    a.settings.anim_speed = 8.0
    yield a
    a.close()


def open_step(app: App, lesson_id: str, title: str) -> TutorialScene:
    scene = open_tutorial(app, "amoeba")
    assert scene.course is not None
    li = next(i for i, ls in enumerate(scene.course.lessons) if ls.id == lesson_id)
    si = next(i for i, st in enumerate(scene.course.lessons[li].steps) if st.title == title)
    scene.open_lesson(li, si)
    settle(app)
    assert scene.step.kind == "try" and not scene.solved
    return scene


def clicks(app: App, scene: TutorialScene, *labels: str) -> None:
    for label in labels:
        click(app, point(scene, label), frames=1)
    settle(app)


def typed(app: App, scene: TutorialScene, text: str) -> None:
    box = focus_box(app, scene)
    box.set_text("")
    type_text(app, text)
    step(app, 2)
    enter(app)
    settle(app)


# ---------------------------------------------------------------- step 3: the whole stack
def test_a_split_on_the_whole_stack_step_is_told_it_is_a_split(app: App) -> None:
    scene = open_step(app, "moving", "Your turn: a stack of three")
    start = scene.game.position_text()
    clicks(app, scene, "d4", "e4")                      # the near point: the split d4>g4
    said = feedback_text(scene)
    # named as clicked: the split's notation ('d4>g4', a point not clicked) is taught in lesson 4
    assert said.startswith("Not quite (d4 → e4). " + WANTS_WHOLE), said
    assert L.plain_text(scene.step.hint) in said        # then where a whole stack of three goes
    assert not scene.solved and scene.game.position_text() == start
    clicked = said
    typed(app, scene, "d4>g4")                          # typed: as typed, the same words (a second miss: a move marked)
    assert feedback_text(scene) == clicked.replace("d4 → e4", "d4>g4") + " One move that does it is marked: d4-a1."
    assert not scene.solved and scene.game.position_text() == start


def test_a_wrong_try_of_the_right_form_gets_only_the_hint(app: App) -> None:
    scene = open_step(app, "moving", "Your turn: a stack of three")
    clicks(app, scene, "b3", "a2")                      # the Kernel moves whole, as asked: not the form
    said = feedback_text(scene)
    assert said == "Not quite (b3-a2). " + L.plain_text(scene.step.hint), said
    clicks(app, scene, "d4", "g4")                      # the far point: the whole stack to a corner
    assert scene.solved and "Well done" in feedback_text(scene)


# ---------------------------------------------------------------- step 5: a split
def test_the_split_step_marks_what_its_words_name(app: App) -> None:
    scene = open_step(app, "moving", "Your turn: split")
    clicks(app, scene, "c3")
    inp = scene.input
    assert inp is not None and inp.prefix == ("c3",)
    kinds = {o.kind for o in inp.next_steps().values()}
    assert kinds == {"move", "split"}, kinds           # far (whole stack) and near (split) marks
    for kind in kinds:                                   # each mark the note names is on the board
        assert inp.mark_word(kind, "") in scene.note, scene.note
    assert "f4" in inp.next_steps() and inp.next_steps()["f4"].kind == "move"


def test_the_whole_stack_move_on_the_split_step_clicked_or_typed(app: App) -> None:
    scene = open_step(app, "moving", "Your turn: split")
    start = scene.game.position_text()
    clicks(app, scene, "c3", "f4")                      # the far mark: c3-f4
    clicked = feedback_text(scene)
    assert clicked.startswith("Not quite (c3-f4). " + WANTS_SPLIT), clicked
    assert L.plain_text(scene.step.hint) in clicked
    assert "not a target" not in scene.note
    assert not scene.solved and scene.game.position_text() == start
    typed(app, scene, "c3-f4")                          # the same refusal, in the same words
    assert feedback_text(scene) == clicked + " One move that does it is marked: c3>c6."
    assert not scene.solved and scene.game.position_text() == start
    clicks(app, scene, "c3", "c4")                      # the near mark: the split c3>c6
    assert scene.solved and "Well done" in feedback_text(scene)


def test_the_wrong_form_words_are_translated(app: App) -> None:
    i18n.set_language("ja")
    scene = open_step(app, "moving", "Your turn: split")
    clicks(app, scene, "c3", "f4")
    said = feedback_text(scene)
    assert "c3-f4" in said and WANTS_SPLIT not in said and "分離" in said, said


# ---------------------------------------------------------------- the rule behind it
def _step(game: str, title: str) -> L.Step:
    course = L.load_course(L.course_path(game))
    return next(s for s in course.steps() if s.title == title)


def _wrong_form(step: L.Step, text: str) -> str | None:
    g = step.start()
    assert step.goal is not None and g is not None
    return step.goal.wrong_form(g, g.parse_move(text))


def test_wrong_form_only_where_every_answer_has_the_other_form() -> None:
    whole = _step("amoeba", "Your turn: a stack of three")
    assert _wrong_form(whole, "d4>g4") == "stack-move"
    assert _wrong_form(whole, "b3-a2") is None          # wrong, but of the asked form
    split = _step("amoeba", "Your turn: split")
    assert _wrong_form(split, "c3-f4") == "split"
    tall = _step("amoeba", "Your turn: the tall stack")  # either form is an answer
    g = tall.start()
    assert tall.goal is not None and all(tall.goal.wrong_form(g, m) is None for m in g.legal_moves())
    course = L.load_course(L.course_path("amoeba"))     # a goal about an outcome asks for no form
    for st in course.steps():
        if st.goal is not None and st.goal.kind in ("wins", "safe"):
            g = st.start()
            assert all(st.goal.wrong_form(g, m) is None for m in g.legal_moves()), st.where
    walk = next(s for s in L.load_course(L.course_path("onager")).steps()
                if s.goal is not None and s.goal.kind == "any-walk")
    g = walk.start()
    assert all(walk.goal.wrong_form(g, m) is None for m in g.legal_moves())   # forms are Amoeba's


# ---------------------------------------------------------------- Onager: a step that asks for a jump
def test_a_piece_with_walks_only_is_told_the_step_asks_for_another_kind(app: App) -> None:
    # 'Your turn: jump past a lake' marks jumps only: a click on h2 (four empty neighbours, no
    # jump) read 'Your piece on h2 cannot move: no empty neighbour and no jump.'
    scene = open_tutorial(app, "onager")
    assert scene.course is not None
    li, si = next((i, j) for i, ls in enumerate(scene.course.lessons) for j, st in enumerate(ls.steps)
                  if st.title == "Your turn: jump past a lake")
    scene.open_lesson(li, si)
    settle(app)
    clicks(app, scene, "h2")
    said = scene.note
    assert "cannot move" not in said and "h2" in said, said
    assert "kind" in said, said


# ---------------------------------------------------------------- a path asked for, and the end
def test_the_right_move_by_another_path_is_told_which_path_is_asked(app: App) -> None:
    # Onager's "read a path": b2-d6 written short was refused with "Not quite (b2-b4-d6)", a
    # path the player never typed
    scene = open_tutorial(app, "onager")
    assert scene.course is not None
    li = next(i for i, ls in enumerate(scene.course.lessons)
              if any(st.title == "Your turn: read a path" for st in ls.steps))
    si = next(i for i, st in enumerate(scene.course.lessons[li].steps) if st.title == "Your turn: read a path")
    scene.open_lesson(li, si)
    settle(app)
    start = scene.game.position_text()
    for text in ("b2-d6", "b2-b4-d6"):
        typed(app, scene, text)
        said = feedback_text(scene)
        assert said == "That move ends right, but this step asks for its path: b2-d4-d6.", said
        assert not scene.solved and scene.game.position_text() == start
    # the refused text stays selected: the next try typed replaces it
    box = focus_box(app, scene)
    box.set_text("b2-d6")
    enter(app)
    settle(app)
    assert box.get_text() == "b2-d6" and box.selection() == (0, 5), box.selection()
    type_text(app, "b2-d4-d6")
    step(app, 2)
    enter(app)
    settle(app)
    assert scene.solved and "Well done" in feedback_text(scene)


def test_a_lesson_solved_to_its_last_step_is_done_without_next(app: App) -> None:
    # solving the last step and leaving with Escape left the lesson "0 of 6 done"
    scene = open_tutorial(app, "onager")
    assert scene.course is not None
    li = next(i for i, ls in enumerate(scene.course.lessons)
              if any(st.title == "Your turn: read a path" for st in ls.steps))
    lesson = scene.course.lessons[li]
    assert lesson.steps[-1].title == "Your turn: read a path"
    for i, st in enumerate(lesson.steps[:-1]):
        if st.kind == "try":
            scene.progress.mark_try("onager", lesson.id, i)
    scene.open_lesson(li, len(lesson.steps) - 1)
    settle(app)
    assert not scene.progress.lesson_done("onager", lesson.id)
    typed(app, scene, "b2-d4-d6")
    assert scene.solved and scene.progress.lesson_done("onager", lesson.id)


def test_back_to_the_list_by_the_keyboard_the_ring_is_on_the_lesson_to_take(app: App) -> None:
    # Escape from a lesson drew the lesson to take next orange, but no ring was on it: Enter and
    # Space did nothing, and the first Tab went elsewhere
    import pygame
    from ui_helpers import key
    scene = open_step(app, "moving", "Your turn: a stack of three")
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert scene.mode == "index"
    buttons = scene.layout.w["lesson_buttons"]
    nxt = scene.layout.next_lesson
    assert 0 <= nxt and app.focus is buttons[nxt]
    key(app, pygame.K_RETURN)
    settle(app)
    assert scene.mode == "lesson" and scene.lesson is scene.course.lessons[nxt]
