"""Issue 24, items 5 to 7: every lesson step's text is true to its board and its animation.

The coordinates a step's text (and caption) names are exactly what the board shows: each named
point is highlighted or part of the step's arrows, demo moves or asked moves, and each highlight
is named (or the text says what the marks are). Text in double quotes is a typed example, not a
point of the board. Then the particular steps the issue found wrong."""
from __future__ import annotations

import re

import pytest

from game import levels as L
from game.rules.base import RulesError

_LABEL = re.compile(r"(?<![A-Za-z0-9>*-])([a-z]{1,2}[0-9]{1,4})(?![A-Za-z0-9])")
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
GAMES = ("amoeba", "onager", "onyx")


def _steps():
    for game in GAMES:
        course = L.load_course(L.course_path(game))
        for li, lesson in enumerate(course.lessons, 1):
            for si, step in enumerate(lesson.steps, 1):
                yield pytest.param(game, step, id=f"{game}-{li}.{si}")


def _words(step: L.Step) -> str:
    return _QUOTED.sub(" ", L.plain_text(step.text) + " " + L.plain_text(step.caption))


def named_points(step: L.Step) -> set[str]:
    game = step.start()
    ok = L._label_checker(game)
    return {m for m in _LABEL.findall(_words(step)) if ok(m)}


def shown_points(step: L.Step) -> set[str]:
    """What the step's board points out: highlights, arrows (crossed out too), the demo's moves with
    every point they touch, and the moves a try step asks for."""
    out = set(step.highlights) | {p for a in step.arrows + step.blocked for p in a}
    game = step.start()
    texts = list(step.moves) + (list(step.goal.moves) if step.goal is not None else [])
    for text in texts:
        out |= {p for p in re.split(r"[->]", text) if p}
        if text in step.moves:
            try:
                move = game.parse_move(text)
                for m in game.motions(move):
                    out |= {p for p in (m.src, m.dst, *m.via) if p}
                game.play(move)
            except RulesError:
                pass
    return out


@pytest.mark.parametrize("game,step", list(_steps()))
def test_every_point_the_text_names_is_shown_on_the_board(game, step):
    if step.setup is None:
        assert not named_points_without_board(step), "a step without a board names points"
        return
    missing = named_points(step) - shown_points(step)
    assert not missing, f"named in the text but not marked on the board: {sorted(missing)}"


def named_points_without_board(step: L.Step) -> set[str]:
    return set()


@pytest.mark.parametrize("game,step", list(_steps()))
def test_every_highlight_is_named_or_explained(game, step):
    if not step.highlights:
        return
    words = _words(step)
    if re.search(r"\bmarked\b|\bringed\b|\bcircled\b", words, re.I):
        return
    unnamed = set(step.highlights) - named_points(step)
    assert not unnamed, f"highlighted but never named or explained: {sorted(unnamed)}"


# ---------------------------------------------------------------- the steps the issue found wrong
def _step(game: str, lesson: int, step: int) -> L.Step:
    return L.load_course(L.course_path(game)).lessons[lesson - 1].steps[step - 1]


def _after_demo(step: L.Step):
    g = step.start()
    for text in step.moves:
        g.play(g.parse_move(text))
    return g


def test_amoeba_tall_stack_demo_says_what_it_ends_with():
    step = _step("amoeba", 2, 9)
    end = _after_demo(step).stacks()["d4"]
    assert len(end) == 5 and end[-1].startswith("W")
    words = L.plain_text(step.caption)
    assert "five" in words and "White on top" in words and "stack of 4" not in words


def test_amoeba_what_you_may_do_shows_every_direction():
    step = _step("amoeba", 2, 6)
    g = step.start()
    whole = {g.move_str(m).split("-")[1] for m in g.legal_moves() if g.move_str(m).startswith("d4-")}
    assert {a[-1] for a in step.arrows if a[0] == "d4"} == whole and len(whole) == 6


def test_amoeba_typing_moves_says_where_moves_are_typed():
    words = L.plain_text(_step("amoeba", 4, 2).text)
    assert "move box under the move list" in words


def test_no_line_of_a_step_starts_with_a_mark_after_a_key_word():
    """A key word's following comma or full stop stays with it, and so does the space after it
    (pygame-gui may break a line between two differently styled pieces of text, which left
    ', and' or ' the same disc' at a line's start)."""
    from game.scenes.tutorial import markup_html
    assert markup_html("**Tall stacks**, and more.").startswith("<b><font color='#ffd27a'>Tall stacks, </font></b>and")
    for game in GAMES:
        for lesson in L.load_course(L.course_path(game)).lessons:
            for step in lesson.steps:
                for text in (step.text, step.caption, step.hint, step.praise):
                    assert not re.search(r"</font></b>[,.;:!?) ]", markup_html(text)), text


def test_onager_walk_step_marks_only_walks():
    from game.scenes.tutorial import TutorialScene
    scene = TutorialScene("onager")
    scene.open_lesson(1, 1)
    assert scene.step.goal.kind == "any-walk"
    res = scene.input.click("c4")
    targets = scene.input.targets()
    assert targets and set(targets.values()) == {"walk"}, targets
    assert "c6" not in targets                    # c4 over c5 to c6 is a jump: not offered here
    assert "jump" not in res.message


def test_onager_blocked_jump_is_crossed_out_not_an_arrow():
    from game.scenes.tutorial import TutorialScene
    step = _step("onager", 2, 6)
    assert step.blocked == (("f2", "f6"),) and not step.arrows
    scene = TutorialScene("onager")
    scene.open_lesson(1, 5)
    deco = scene.decorations()
    assert deco.blocked == [("f2", "f6")] and deco.arrows == []


def test_lakes_are_called_blue_and_no_step_counts_move_sequences():
    for game in GAMES:
        for lesson in L.load_course(L.course_path(game)).lessons:
            for step in lesson.steps:
                words = L.plain_text(step.text + " " + step.caption).lower()
                assert "grey lake" not in words
                assert "sequence" not in words and "count how many" not in words, step.where


def test_onyx_neighbour_step_circles_f6_and_all_its_neighbours():
    from game.rules.onyx import geometry
    step = _step("onyx", 1, 2)
    g = geometry(12)
    f6 = g.parse_point("f6")
    want = {"f6"} | {step.start().labels[q] for q in g.nbrs[f6]}
    assert set(step.highlights) == want


def test_onyx_safe_stones_step_marks_all_eight_start_stones():
    step = _step("onyx", 3, 8)
    assert {"a6", "a7", "l6", "l7", "f1", "g1", "f12", "g12"} <= set(step.highlights)


@pytest.mark.parametrize("game,step", list(_steps()))
def test_praise_never_claims_a_capture_that_some_right_answer_does_not_make(game, step):
    if step.kind != "try" or "captur" not in step.praise.lower():
        return
    g = step.start()
    for m in step.goal.solutions(g):
        assert "*" in g.record_str(m), f"{g.move_str(m)} is accepted, but the praise speaks of a capture"
