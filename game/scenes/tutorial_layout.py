"""The tutorial scene's layout: the list page and the lesson and puzzle pages' panel.

A mixin of ``TutorialScene`` (``tutorial.py``). Every length is scaled with ``px`` (big
screens), the buttons are as wide as their texts need, and the feedback under the narration is
a ``StatusText`` sized to its text (``_fit_feedback``: never scrolled, never cut), the narration
(``#narration``) taking the rest of the room. ``layout_rects`` names the texts the scene draws
itself, for the layout audit (tests/test_layout_audit.py).
"""
from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextBox

from ..ui.layout import split
from ..ui.text import StatusText
from ..views import draw as D

__all__ = ["PANEL_MAX", "PANEL_MIN", "PANEL_SHARE", "TITLES", "TutorialLayout"]

PANEL_MIN, PANEL_MAX, PANEL_SHARE = 340, 480, 0.32
DIFFICULTY_OF = 5        # puzzles' difficulty is shown as 'difficulty N of 5'


def difficulty_text(n: int) -> str:
    """A puzzle's difficulty in words ('difficulty 3 of 5'), never a row of asterisks."""
    return f"difficulty {max(1, int(n))} of {max(DIFFICULTY_OF, int(n))}"


class NextButton(UIButton):
    """The lesson and puzzle page's Next button: its tooltip follows what it reads (Next,
    Finish, Skip, Next puzzle), so a button reading 'Finish' never says 'Next step'."""

    TIPS = {"Next": "Next step (Right arrow)",
            "Finish": "Finish: back to the list of lessons and puzzles (Right arrow)",
            "Skip": "Go on without this task (it is not marked done)",
            "Next puzzle": "The next puzzle"}

    def set_text(self, text: str, *args: Any, **kwargs: Any) -> None:
        super().set_text(text, *args, **kwargs)
        tip = self.TIPS.get(text)
        if tip is not None:
            self.set_tooltip(tip)
TITLES = {"amoeba": "Amoeba", "onyx": "Onyx", "onager": "Onager"}


class TutorialLayout:
    """Layout methods of the tutorial scene (mixed into ``TutorialScene``; uses its attributes)."""

    w: dict[str, Any]
    mode: str
    game_name: str
    course: Any
    puzzles: Any
    progress: Any
    progress_note: str
    view: Any

    def _build_index(self) -> None:
        w, h = self.size
        W = self.w
        px = self.px
        title = TITLES.get(self.game_name, self.game_name.capitalize())
        y = int(h * 0.04)
        W["heading"] = UILabel(pygame.Rect(0, y, w, px(64)), f"{title}: lessons and puzzles", self.ui,
                               container=self.root, object_id="#big_title")
        y += px(64) + px(2)
        # "n of m lessons done" is drawn under the heading (_draw_index), the column heads under it
        self._done_at = (w // 2, y + px(11))
        y += px(22) + px(10)
        col_w = min(px(520), int(w * 0.42))
        gap = int(w * 0.04)
        x1 = (w - 2 * col_w - gap) // 2
        x2 = x1 + col_w + gap
        W["lessons_head"] = UILabel(pygame.Rect(x1, y, col_w, px(30)), "Lessons", self.ui, container=self.root,
                                    object_id="#heading")
        W["puzzles_head"] = UILabel(pygame.Rect(x2, y, col_w, px(30)), "Puzzles", self.ui, container=self.root,
                                    object_id="#heading")
        top = y + px(34)
        bottom = h - px(96) - (px(30) if self.progress_note else 0)
        step = px(8)
        W["lesson_buttons"] = []
        if self.course is not None:
            n = len(self.course.lessons)
            bh = max(px(30), min(px(46), (bottom - top) // max(1, n) - step))
            # done, started and not started read differently; only the lesson to take next is orange
            states = [self.lesson_state(ls) for ls in self.course.lessons]
            nxt = next((i for i, st in enumerate(states) if st[0] == "started"),
                       next((i for i, st in enumerate(states) if st[0] == "new"), -1))
            for i, lesson in enumerate(self.course.lessons):
                state, where = states[i]
                text = f"{i + 1}. {lesson.title}" + {"done": "   ·   done", "started": f"   ·   {where}",
                                                      "new": ""}[state]
                if D.font(px(16), True).size(text)[0] + px(30) > col_w:
                    text = f"{i + 1}. {lesson.title}" + {"done": "  ·  done", "started": "  ·  started", "new": ""}[state]
                tip = {"done": f"Done · {len(lesson.steps)} steps", "started": f"Started: {where} · go on",
                       "new": f"Not started · {len(lesson.steps)} steps"}[state]
                b = UIButton(pygame.Rect(x1, top + i * (bh + step), col_w, bh), text, self.ui, container=self.root,
                             object_id="#primary_button" if i == nxt else None, tool_tip_text=tip)
                W["lesson_buttons"].append(b)
        else:
            W["lessons_error"] = UITextBox(self._error_html(self.course_error),
                                           pygame.Rect(x1, top, col_w, px(200)),
                                           self.ui, container=self.root, object_id="#status_box")
        W["puzzle_buttons"] = []
        if self.puzzles is not None:
            n = len(self.puzzles.puzzles)
            bh = max(px(28), min(px(46), (bottom - top) // max(1, n) - step))
            for i, p in enumerate(self.puzzles.puzzles):
                done = self.progress.puzzle_solved(self.game_name, p.id)
                text = f"{p.title}  ·  {difficulty_text(p.difficulty)}" + ("   ·   solved" if done else "")
                if D.font(px(16), True).size(text)[0] + px(30) > col_w:
                    text = f"{p.title}  ·  {max(1, p.difficulty)}/{DIFFICULTY_OF}" + ("  ·  solved" if done else "")
                b = UIButton(pygame.Rect(x2, top + i * (bh + step), col_w, bh), text, self.ui, container=self.root,
                             tool_tip_text=p.prompt)
                W["puzzle_buttons"].append(b)
        else:
            W["puzzles_error"] = UITextBox(self._error_html(self.puzzles_error),
                                           pygame.Rect(x2, top, col_w, px(200)),
                                           self.ui, container=self.root, object_id="#status_box")
        W["menu"] = UIButton(pygame.Rect(w // 2 - px(100), h - px(70), px(200), px(44)), "Main menu", self.ui,
                             container=self.root, tool_tip_text="Back to the main menu (Esc)")
        if self.progress_note:
            W["note"] = UILabel(pygame.Rect(0, h - px(110), w, px(30)), self.progress_note, self.ui,
                                container=self.root, object_id="#centered_label")

    def _build_page(self) -> None:
        self.board_rect, self.panel_rect = split(self.size, self.px, PANEL_MIN, PANEL_MAX, PANEL_SHARE)
        if self.view is not None:
            self.view.layout(self.board_rect)
        W = self.w
        px = self.px
        p = self.panel_rect
        x, iw = p.x + px(16), p.w - px(32)
        y = p.y + px(12)
        W["title"] = UILabel(pygame.Rect(x, y, iw, px(28)), "", self.ui, container=self.root, object_id="#heading")
        y += px(28)
        W["where"] = UILabel(pygame.Rect(x, y, iw, px(26)), "", self.ui, container=self.root,
                             object_id="#player_label")
        y += px(32)
        bh, gap = px(42), px(8)
        bottom = p.bottom - px(14)
        row2 = bottom - bh
        row1 = row2 - gap - bh
        # the narration above, the feedback (sized to its text by _fit_feedback) above the buttons
        self._text_top, self._feedback_bottom = y, row1 - px(10)
        fb_h = px(36)
        fb_y = self._feedback_bottom - fb_h
        fonts = self.ui.get_theme().get_font_dictionary()
        if not fonts.check_font_preloaded(fonts.create_font_id(self._title_size(), "noto_sans", True, False)):
            self.ui.preload_fonts([{"name": "noto_sans", "point_size": self._title_size(), "style": "bold"}])
        # (the narration is the one box that may scroll: a long step at a small window)
        W["text"] = UITextBox("", pygame.Rect(x, y, iw, max(px(80), fb_y - px(10) - y)), self.ui,
                              container=self.root, object_id="#narration")
        W["feedback"] = StatusText(pygame.Rect(x, fb_y, iw, fb_h), self.ui, container=self.root, scale=self.k)
        if self.app is not None:
            W["feedback"].theme = self.app.theme
        if self.mode == "lesson":
            specs = [("back", "Back", None, "Previous step (Left arrow)"),
                     ("replay", "Replay", None, "Show this step again (R)"),
                     ("next", "Next", "#primary_button", "Next step (Right arrow)")]
            longest = ("Finish", "Skip")
        else:
            specs = [("replay", "Restart", None, "Start the puzzle again (R)"),
                     ("solution", "Solution", None, "Show the winning line"),
                     ("next", "Next puzzle", "#primary_button", "The next puzzle")]
            longest = ("Finish",)
        # widths after the texts (the longest a button may show), the rest shared out
        font = {None: D.font(px(16), True), "#primary_button": D.font(px(18), True)}
        need = [max(font[oid].size(t)[0] for t in (label, *(longest if key == "next" else ()))) + px(26)
                for key, label, oid, _ in specs]
        spare = max(0, iw - 2 * gap - sum(need))
        xx = x
        for i, (key, label, oid, tip) in enumerate(specs):
            bw = need[i] + spare // 3 + (spare % 3 if i == 2 else 0)
            cls = NextButton if key == "next" else UIButton
            W[key] = cls(pygame.Rect(xx, row1, bw, bh), label, self.ui, container=self.root,
                         object_id=oid, tool_tip_text=tip)
            xx += bw + gap
        swap_w = font[None].size("Swap")[0] + px(40)
        W["index"] = UIButton(pygame.Rect(x, row2, iw - gap - swap_w, bh), "Lessons and puzzles", self.ui,
                              container=self.root, tool_tip_text="Back to the list (Esc)")
        W["swap"] = UIButton(pygame.Rect(x + iw - swap_w, row2, swap_w, bh), "Swap", self.ui, container=self.root,
                             tool_tip_text="Pie rule: take over your opponent's colour")

    def lesson_state(self, lesson: Any) -> tuple[str, str]:
        """('done' | 'started' | 'new', where it stands: 'step 3 of 8')."""
        if self.progress.lesson_done(self.game_name, lesson.id):
            return "done", ""
        at = self.progress.resume_step(self.game_name, lesson.id)
        tried = any(self.progress.try_done(self.game_name, lesson.id, i) for i in range(len(lesson.steps)))
        if at > 0 or tried:
            return "started", f"step {min(at + 1, len(lesson.steps))} of {len(lesson.steps)}"
        return "new", ""

    def _title_size(self) -> int:
        """The step title's type size in the narration: larger than the body (15), scaled."""
        return self.px(19)

    def _fit_feedback(self, content: str) -> None:
        """Size the feedback box to its text (one line at least, never scrolled or cut), the
        narration box above taking the rest of the room."""
        W = self.w
        box, text = W.get("feedback"), W.get("text")
        if box is None or text is None:
            return
        px = self.px
        room = self._feedback_bottom - self._text_top
        most = max(box.needed_height("&nbsp;"), room - px(130))      # the narration keeps 120 px at least
        h = max(box.needed_height("&nbsp;"), min(most, box.needed_height(content)))
        y = self._feedback_bottom - h
        if box.rect.h != h:
            box.set_relative_position((box.relative_rect.x, y))
            box.set_dimensions((box.rect.w, h))
        th = max(px(80), y - px(10) - self._text_top)
        if text.rect.h != th:
            text.set_dimensions((text.rect.w, th))


    def _done_text(self) -> tuple[str, tuple[int, int], int]:
        """'n of m lessons done' under the heading of the list page: (text, centre, size)."""
        if self.course is None:
            return "", (0, 0), 0
        n_done = sum(1 for ls in self.course.lessons if self.progress.lesson_done(self.game_name, ls.id))
        w, h = self.size
        return (f"{n_done} of {len(self.course.lessons)} lessons done",
                getattr(self, "_done_at", (w // 2, int(h * 0.04) + self.px(77))), self.px(16))

    def _draw_index(self, surface: pygame.Surface) -> None:
        text, at, size = self._done_text()
        if text:
            D.text(surface, text, at, size, D.PALETTE["text_dim"])

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """Texts this scene draws itself (the layout audit checks them): (name, rect, bounds, size)."""
        if self.mode != "index":
            return []
        text, at, size = self._done_text()
        if not text:
            return []
        r = pygame.Rect((0, 0), D.font(size).size(text))
        r.center = at
        return [("lessons done", r, None, size)]
