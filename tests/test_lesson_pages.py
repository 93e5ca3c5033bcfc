"""A lesson's page as a player reads it: the Next button says where it goes (Next, Skip, Next
lesson, Finish back to the list) and goes there; the narration is as tall as its words with
the feedback right under it, nothing cut, no empty box."""
from __future__ import annotations

import pygame
import pytest

from ui_helpers import click_widget, make_app, settle, step


def lesson_app(spec: str, size: str = "1280x800"):
    app = make_app("--scene", spec, "--window", size)
    settle(app)
    step(app, 2)
    return app


def last_step(app) -> None:
    sc = app.scene
    sc.open_step(len(sc.lesson.steps) - 1)
    step(app, 2)
    if sc.step.kind == "demo":
        sc.finish_animation()
        settle(app)


def test_next_on_a_lessons_last_step_reads_next_lesson_and_goes_there():
    app = lesson_app("lesson:onager:4")
    sc = app.scene
    last_step(app)
    nxt = sc.w["next"]
    assert nxt.text == "Next lesson" and "lesson 5" in nxt.tool_tip_text
    click_widget(app, nxt)
    settle(app)
    assert sc.mode == "lesson" and (sc.lesson_i, sc.step_i) == (4, 0)
    assert sc.w["next"].text == "Next"
    app.close()


def test_finish_on_the_last_lesson_goes_back_to_the_list():
    app = lesson_app("lesson:onager:6")
    sc = app.scene
    last_step(app)
    nxt = sc.w["next"]
    assert nxt.text == "Finish" and "back to the list" in nxt.tool_tip_text
    click_widget(app, nxt)
    settle(app)
    assert sc.mode == "index" and app.scene is sc
    app.close()


@pytest.mark.parametrize("size", ["1024x640", "2560x1440"])
def test_the_narration_is_as_tall_as_its_words_with_the_feedback_under_it(size):
    app = lesson_app("lesson:onager:6:2", size)          # a strategy tip: its caption is the feedback
    sc = app.scene
    text, box = sc.w["text"], sc.w["feedback"]
    assert text.scroll_bar is None                       # the words fit: no scrolling
    assert box.visible and box.fits and box.lines        # the caption whole, at its size
    gap = box.rect.top - text.rect.bottom
    assert 0 <= gap <= sc.px(12)                         # right under the narration
    room = sc.layout.feedback_bottom - sc.layout.text_top
    assert text.rect.h + gap + box.rect.h < room         # not stretched to fill the panel
    app.close()


def test_a_step_with_nothing_to_say_shows_no_empty_feedback_box():
    app = lesson_app("lesson:onager:4:8", "1024x640")    # a narration without a caption
    sc = app.scene
    assert not sc.w["feedback"].visible and sc.w["text"].scroll_bar is None
    app.close()
