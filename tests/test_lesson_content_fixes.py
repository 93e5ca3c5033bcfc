"""The lessons say what is true, and their feedback names the real mistake (lessons audit A).

* #5 Onager, lesson 3 "Your turn: a chain": stopping after one jump onto b4 was answered "First
  jump onto a white disc (b4 or d4)…", which the player had just done. The hint now says what is
  missing: one jump is not a chain, go on jumping.
* #6 Onager, lesson 2 "Your turn: walk": jumps are not marked there, and nothing said so. The
  task now says the step asks for a walk (the board's own words: see the xfail test).
* #7 Onyx, lesson 4 "Your turn: capture and win": d2 won without capturing. White now holds d2,
  so the only win is c3, which captures b3 and c4, and the praise says so.
* #10 Onager's lesson 6 said a route must "go round" a lake, against lesson 2's lake that is
  jumped over; Onyx's "no draws" sat beside "agreeing on a result"; Onager's lessons called the
  win a "back-row majority" where the game's result says "more pieces on the far row".
* #11 Onyx, lesson 1: the crossed-out midpoints on the board are explained where the board is
  first shown.

Fixed outside the course files: a wrong try's "Not quite" goes when the next try begins (its
hint stays); a walk-only step says a jump's landing is a jump's; a "find it" step lights every
piece that moves, not only the answer; the move box's examples on a lesson's board are never a
move that can be played there. Still open, marked ``xfail``: a wrong click early in Amoeba's
lessons is named in split notation ('Not quite (d4>g1)') before that notation is taught.

Played headless like a person: synthetic clicks on the board's points and typed keys.
"""
from __future__ import annotations

import re

import pytest

from game import levels as L
from game.app import App
from game.rules.base import Reason, Result
from game.scenes.tutorial import TutorialScene
from game.ui.endings import describe_result
from game.views.decorations import Decorations

from ui_helpers import click
from test_tutorial import feedback_text, open_tutorial, point, settle


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("ABSTRACT_TRIO_HOME", str(tmp_path))
    a = App((1024, 640), fade=False)
    a.settings.anim_speed = 8.0
    yield a
    a.close()


def course(game: str) -> L.Course:
    return L.load_course(L.course_path(game))


def find_step(game: str, title: str) -> L.Step:
    return next(st for st in course(game).steps() if st.title == title)


def open_step(app: App, game: str, title: str) -> TutorialScene:
    scene = open_tutorial(app, game)
    assert scene.course is not None
    li, si = next((i, j) for i, ls in enumerate(scene.course.lessons) for j, st in enumerate(ls.steps)
                  if st.title == title)
    scene.open_lesson(li, si)
    settle(app)
    return scene


def clicks(app: App, scene: TutorialScene, *labels: str) -> None:
    for label in labels:
        click(app, point(scene, label), frames=1)
    settle(app)


def plain(text: str) -> str:
    return L.plain_text(text).strip()


# ---------------------------------------------------------------- #5 a chain stopped early
def test_a_chain_stopped_after_one_jump_is_told_to_go_on_jumping(app: App) -> None:
    scene = open_step(app, "onager", "Your turn: a chain")
    clicks(app, scene, "b2", "b4", "b4")               # one jump onto White, then stop
    said = feedback_text(scene)
    assert said.startswith("Not quite (b2-b4)."), said
    assert "First jump onto" not in said               # what the player had just done
    assert "only one jump" in said and "go on jumping" in said, said
    assert not scene.solved and scene.game.ply == 0
    clicks(app, scene, "b2", "b4", "d6", "d6")         # going on: the chain is a chain
    assert scene.solved and "Well done" in feedback_text(scene)


def test_the_not_quite_goes_when_the_player_goes_on(app: App) -> None:
    scene = open_step(app, "onager", "Your turn: a chain")
    clicks(app, scene, "b2", "b4", "b4")
    assert "Not quite" in feedback_text(scene)
    clicks(app, scene, "b2", "b4")                     # a new chain on its way
    assert "Not quite" not in feedback_text(scene)


# ---------------------------------------------------------------- #6 walk only
def test_the_walk_task_says_that_only_walks_are_asked_for() -> None:
    st = find_step("onager", "Your turn: walk")
    assert st.goal is not None and st.goal.kind == "any-walk"
    text = plain(st.text)
    assert "asks for a walk" in text and "only walks are marked" in text, text
    # a jump exists there (c4 over c5 to c6): that is why the task has to say it
    game = st.start()
    assert "c4-c6" in game.legal_strs()


def test_a_jump_target_on_the_walk_step_names_the_steps_restriction(app: App) -> None:
    scene = open_step(app, "onager", "Your turn: walk")
    clicks(app, scene, "c4", "c6")
    note = scene.note
    assert "walk" in note and "or jump over your own piece" not in note, note


# ---------------------------------------------------------------- #7 capture and win
def test_every_win_of_the_capture_and_win_task_captures() -> None:
    st = find_step("onyx", "Your turn: capture and win")
    game = st.start()
    assert st.goal is not None and st.goal.kind == "wins"
    wins = [game.record_str(m) for m in st.goal.solutions(game)]
    assert wins == ["c3*"], wins                        # d2 used to win without a capture
    assert "captures" in plain(st.text)


def test_the_capturing_win_is_praised_for_its_capture(app: App) -> None:
    scene = open_step(app, "onyx", "Your turn: capture and win")
    clicks(app, scene, "c3")
    said = feedback_text(scene)
    assert scene.solved and said.startswith("Well done!"), said
    assert "capture" in said and "b3" in said and "c4" in said, said
    assert "b3" not in scene.game.stacks() and "c4" not in scene.game.stacks()


# ---------------------------------------------------------------- #8 a task to find a disc
def test_the_find_it_task_does_not_glow_only_its_answer(app: App) -> None:
    scene = open_step(app, "onager", "Your turn: jump past a lake")
    movable = {t.split("-")[0] for t in scene.game.legal_strs()}
    deco = Decorations()
    scene.input.decorate(deco)                          # what the board glows
    assert set(deco.selectable) == movable, (deco.selectable, movable)
    clicks(app, scene, "h2")                            # a disc without a jump: told so, truly
    assert "kind" in scene.note and "Click a glowing piece" not in scene.note, scene.note


# ---------------------------------------------------------------- #9 notation before it is taught
def test_an_early_wrong_try_is_not_named_in_split_notation(app: App) -> None:
    scene = open_step(app, "amoeba", "Your turn: a stack of three")
    clicks(app, scene, "d4", "e3")                     # the near mark: a split towards g1
    said = feedback_text(scene)
    assert said.startswith("Not quite") and ">" not in said and "g1" not in said, said


@pytest.mark.parametrize("game, title, not_shown", [("amoeba", "Your turn: read the notation", "d4>a1"),
                                                    ("onager", "Your turn: read a path", "b2-b4-d6")])
def test_the_move_box_example_does_not_give_the_answer(app: App, game: str, title: str, not_shown: str) -> None:
    scene = open_step(app, game, title)
    hint = scene.movebox.hint()
    assert not_shown not in hint, hint


# ---------------------------------------------------------------- #10 texts that agree
def test_lakes_are_not_said_to_be_always_gone_round() -> None:
    routes = find_step("onager", "Tip: routes")
    caption = plain(routes.caption)
    assert "round it" not in caption and "before" in caption, caption
    # what the rules core says: a lake beyond the pivot is jumped over (lesson 2's demo)
    demo = find_step("onager", "Over a lake, beyond the pivot")
    game = demo.start()
    assert "f2-f6" in game.legal_strs() and "f5" in game.stacks()
    # and a lake before the pivot stops the jump (the "blocked" demo)
    blocked = find_step("onager", "A lake before the pivot blocks")
    assert "f2-f6" not in blocked.start().legal_strs()


def test_onyx_no_draws_agrees_with_the_agreed_stop() -> None:
    st = next(s for s in course("onyx").steps() if "6.no-draws" in s.rules)
    text = plain(st.text)
    assert "agreeing on a result" not in text
    assert "agreeing to stop" in text and "no winner" in text, text
    # the app's agreed stop (Offer to stop: "without a winner") is a result without a winner,
    # which the game words as a draw
    class Stopped:
        result = Result(None, Reason.AGREEMENT)
    said = describe_result(Stopped())                   # type: ignore[arg-type]
    assert said.startswith("Draw"), said
    assert "records it as a draw" in text


def test_onager_lessons_name_the_win_as_the_game_does() -> None:
    c = course("onager")
    texts = [plain(t) for s in c.steps() for t in (s.title, s.text, s.caption, s.hint, s.praise)]
    assert not [t for t in texts if re.search(r"back-row majority", t)]
    # the result of a back-row win, in the game's words, and the lesson that teaches it
    demo = next(s for s in c.steps() if s.expect == "white:back-row-majority")
    said = describe_result(demo.start())
    assert "far row" in said, said
    rule = next(s for s in c.steps() if s.kind == "narration" and "5.2.1" in s.rules)
    assert "more pieces on the far row" in plain(rule.text) and "far row" in rule.title.lower()
    first = c.lessons[0].steps[0]
    assert "far row" in plain(first.text)


# ---------------------------------------------------------------- #11 the crossed midpoints
def test_the_first_onyx_board_says_what_the_crossed_midpoints_are() -> None:
    c = course("onyx")
    first = next(s for s in c.lessons[0].steps if s.setup is not None)
    game = first.start()
    # the start stones close midpoints (a corner taken), and the board crosses those out
    legal = game.legal_strs()
    assert "de56" in legal                              # an open midpoint, by its name
    assert not [m for m in ("ab67", "kl67", "fg12", "fg1112") if m in legal]   # closed by start stones
    text = plain(first.text)
    assert "crossed out" in text and "closed" in text, text
