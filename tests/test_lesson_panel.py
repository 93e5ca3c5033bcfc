"""A lesson's "your turn" page, read top down (issue 35, the by-hand pass): the narration, right
under it the move box, right under that the feedback; the room left over falls above the
buttons, not between the task and where it is done. (Before, the feedback stood under the
narration and the move box far below it, over the buttons.)"""
from __future__ import annotations

import pytest

from ui_helpers import make_app, settle, step


@pytest.mark.parametrize("size", ["1024x640", "2560x1440"])
@pytest.mark.parametrize("spec", ["lesson:onyx:2:2", "lesson:amoeba:4:3", "lesson:amoeba:3:3", "puzzle:onyx:1"])
def test_the_move_box_and_the_feedback_follow_the_narration(spec, size):
    app = make_app("--scene", spec, "--window", size)
    try:
        settle(app)
        step(app, 2)
        sc = app.scene
        text, box, feedback = sc.w["text"], sc.w["movebox"], sc.w["feedback"]
        assert box.visible and feedback.visible and text.scroll_bar is None
        near = sc.px(12)
        assert 0 <= box.rect.top - text.rect.bottom <= near, (text.rect, box.rect)
        assert 0 <= feedback.rect.top - box.rect.bottom <= near, (box.rect, feedback.rect)
        assert feedback.fits
        buttons = min(sc.w[k].rect.top for k in ("replay", "next", "index"))
        assert feedback.rect.bottom < buttons
    finally:
        app.close()


@pytest.mark.parametrize("spec,swap", [("lesson:onyx:3:2", False), ("lesson:onyx:5:3", True),
                                       ("lesson:amoeba:4:3", False)])
def test_the_list_button_takes_the_row_unless_swap_shows(spec, swap):
    # On Onyx's pages the list button always left a Swap button's room, empty where no swap
    # can be played (all but one page): it makes that room only while Swap shows.
    app = make_app("--scene", spec, "--window", "1024x640")
    try:
        settle(app)
        step(app, 2)
        sc = app.scene
        index, swap_btn = sc.w["index"].rect, sc.w["swap"].rect
        row_left, row_right = sc.w["back"].rect.left, sc.layout.slots["next"].right   # (the row's last place)
        assert sc.w["swap"].visible == swap and index.left == row_left
        if swap:
            assert index.right < swap_btn.left and swap_btn.right == row_right
        else:
            assert index.right == row_right
    finally:
        app.close()


def test_a_narration_longer_than_its_box_scrolls_by_the_keyboard():
    # Amoeba's lesson 1, step 3 ("Six directions") at 1024x640: the text ran past its box and
    # Down, Page Down and Enter on the scroll bar's arrow did not move it
    import pygame
    from ui_helpers import key
    app = make_app("--scene", "lesson:amoeba:1:3", "--window", "1024x640")
    try:
        settle(app)
        sc = app.scene
        bar = sc.w["text"].scroll_bar
        assert bar is not None and bar.start_percentage == 0
        key(app, pygame.K_PAGEDOWN)
        step(app, 2)
        down = bar.start_percentage
        assert down > 0 and sc.step_i == 2                          # scrolled; still the same step
        key(app, pygame.K_UP)
        step(app, 2)
        assert bar.start_percentage < down
        key(app, pygame.K_PAGEUP)
        step(app, 2)
        assert bar.start_percentage == 0
    finally:
        app.close()


def test_a_lesson_puzzles_solution_is_said_in_moves_too():
    # the tutorial's puzzle said "The solution, against the best defence:" and no moves
    app = make_app("--scene", "puzzle:amoeba:1", "--window", "1024x640")
    try:
        settle(app)
        sc = app.scene
        line = sc.puzzle_play.canonical_line()
        sc.puzzle_play.show_solution()
        step(app, 1)
        assert line and ("against the best defence: " + " ".join(line)) in sc.feedback, sc.feedback
    finally:
        app.close()
