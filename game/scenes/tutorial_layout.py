"""The tutorial scene's layout (``scene.layout``): the list page and the lesson and puzzle pages' panel.

A part of ``TutorialScene`` (``tutorial.py``): it owns the widgets (``w``), the board and panel
rects and where the panel's texts go, builds the pages (``build``) and writes where the page
stands into the panel (``refresh``). Every length is scaled with ``px`` (big screens), the
buttons are as wide as their texts need. The narration (``#narration``) is as tall as its
words, the move box right under it on a step that takes a typed move, and the feedback under
those is a ``StatusText`` sized to its text (``fit_texts``: never scrolled, never cut; hidden
while it has nothing to say); only a narration too long for the panel scrolls. The Next button says where it goes (``next_action``: Next, Skip, Next
lesson, Finish back to the list); while a task is open it says Skip, plain, in Replay's place
(``set_next``). No button grows or moves into the place of one just pressed while a page
lasts (Swap's place: ``swap_room``). ``layout_rects`` names the texts the scene draws
itself, for the layout audit (tests/test_layout_audit.py).
"""
from __future__ import annotations

import html
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextBox

from .. import i18n
from ..levels_i18n import T_, Tn_, Tp_, content
from ..names import game_title
from ..ui import focus as focus_ui
from ..ui.layout import draw_panel, split
from ..ui.text import StatusText
from ..views import draw as D
from .board.movebox import TYPING_WORDS
from ..ui.dangers import DANGER_COLOUR, warning_line
from .tutorial_part import TutorialPart
from .tutorial_text import (BAD_COLOUR, DIM_COLOUR, HOW_TO_MOVE, KEY_COLOUR, Run, broken_html, key_runs,
                            markup_html, needs_breaking)

__all__ = ["PANEL_MAX", "PANEL_MIN", "PANEL_SHARE", "TutorialLayout"]

PANEL_MIN, PANEL_MAX, PANEL_SHARE = 340, 480, 0.32
NOTHING_SAID = "&nbsp;"     # the feedback with no words: the box is hidden (fit_texts)
TITLE_COLOUR = "#ffe2a8"    # a step's title and a puzzle's task over the narration
DIFFICULTY_OF = 5        # puzzles' difficulty is shown as 'difficulty N of 5'


def difficulty_text(n: int) -> str:
    """A puzzle's difficulty in words ('difficulty 3 of 5'), never a row of asterisks."""
    return T_("difficulty {n} of {most}").format(n=max(1, int(n)), most=max(DIFFICULTY_OF, int(n)))


def step_of(n: int, total: int) -> str:
    """Where a lesson stands: 'step 3 of 8'."""
    return T_("step {n} of {total}").format(n=n, total=total)


class TutorialLayout(TutorialPart):
    """The pages' widgets and rects (``scene.layout``); see the module docstring."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.w: dict[str, Any] = {}                 # the page's widgets by name
        self.next_lesson = -1                       # the list's lesson to take next (drawn orange)
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.text_top = 0                           # the narration's top, the feedback's bottom (build_page)
        self.feedback_bottom = 0
        self.movebox_bottom = 0
        self._fitted: tuple[str, str] | None = None     # (feedback, narration) the boxes were sized for
        self._next_tip = ""                         # the Next button's tooltip as last set
        self._skipping = False                      # the Next button says Skip, in Replay's place (set_next)
        self.slots: dict[str, pygame.Rect] = {}     # the first row's places by the button made there
        self.done_at = (0, 0)                       # centre of 'n of m lessons done' (build_index)
        self.index_widths = (0, 0)                  # the list button's width without and beside Swap
        # the page showed Swap: its place stays in the row while the page lasts (``page_opened``),
        # so the list button never grows under the pointer into the place of the Swap just pressed
        self.swap_room = False

    def build(self) -> None:
        """The widgets of the page the scene is on (the list, or a lesson's or puzzle's panel)."""
        self.w = {}
        self.next_lesson = -1
        self.scene.movebox.forget()
        if self.scene.mode == "index":
            self.build_index()
        else:
            self.build_page()

    def build_index(self) -> None:
        sc = self.scene
        w, h = sc.size
        W = self.w
        px = self.px
        ui, root = sc.ui, sc.root
        y = int(h * 0.04)
        W["heading"] = UILabel(pygame.Rect(0, y, w, px(64)),
                               T_("{game}: lessons and puzzles").format(game=game_title(sc.game_name)), ui,
                               container=root, object_id="#big_title")
        y += px(64) + px(2)
        # "n of m lessons done" is drawn under the heading (draw_index), the column heads under it
        self.done_at = (w // 2, y + px(11))
        y += px(22) + px(10)
        col_w = min(px(520), int(w * 0.42))
        gap = int(w * 0.04)
        x1 = (w - 2 * col_w - gap) // 2
        x2 = x1 + col_w + gap
        W["lessons_head"] = UILabel(pygame.Rect(x1, y, col_w, px(30)), T_("Lessons"), ui, container=root,
                                    object_id="#heading")
        W["puzzles_head"] = UILabel(pygame.Rect(x2, y, col_w, px(30)), T_("Puzzles"), ui, container=root,
                                    object_id="#heading")
        top = y + px(34)
        bottom = h - px(96) - (px(30) if sc.progress_note else 0)
        step = px(8)
        W["lesson_buttons"] = []
        if sc.course is not None:
            n = len(sc.course.lessons)
            bh = max(px(30), min(px(46), (bottom - top) // max(1, n) - step))
            # done, started and not started read differently; only the lesson to take next is orange
            states = [self.lesson_state(ls) for ls in sc.course.lessons]
            nxt = next((i for i, st in enumerate(states) if st[0] == "started"),
                       next((i for i, st in enumerate(states) if st[0] == "new"), -1))
            self.next_lesson = nxt
            for i, lesson in enumerate(sc.course.lessons):
                state, where = states[i]
                name = f"{i + 1}. {content(lesson.title)}"
                text = name + {"done": "   ·   " + T_("done"), "started": f"   ·   {where}", "new": ""}[state]
                if D.font(px(16), True).size(text)[0] + px(30) > col_w:
                    text = name + {"done": "  ·  " + T_("done"), "started": "  ·  " + T_("started"),
                                   "new": ""}[state]
                steps = len(lesson.steps)
                tip = {"done": Tn_("Done · {n} step", "Done · {n} steps", steps).format(n=steps),
                       "started": T_("Started: {where} · go on").format(where=where),
                       "new": Tn_("Not started · {n} step", "Not started · {n} steps", steps).format(n=steps)}[state]
                b = UIButton(pygame.Rect(x1, top + i * (bh + step), col_w, bh), text, ui, container=root,
                             object_id="#primary_button" if i == nxt else None, tool_tip_text=tip)
                W["lesson_buttons"].append(b)
        else:
            W["lessons_error"] = UITextBox(self.error_html(sc.course_error),
                                           pygame.Rect(x1, top, col_w, px(200)),
                                           ui, container=root, object_id="#status_box")
        W["puzzle_buttons"] = []
        if sc.puzzles is not None:
            n = len(sc.puzzles.puzzles)
            bh = max(px(28), min(px(46), (bottom - top) // max(1, n) - step))
            for i, p in enumerate(sc.puzzles.puzzles):
                done = sc.progress.puzzle_solved(sc.game_name, p.id)
                title = content(p.title)
                text = f"{title}  ·  {difficulty_text(p.difficulty)}" + ("   ·   " + T_("solved") if done else "")
                if D.font(px(16), True).size(text)[0] + px(30) > col_w:
                    text = f"{title}  ·  {max(1, p.difficulty)}/{DIFFICULTY_OF}" + ("  ·  " + T_("solved") if done else "")
                b = UIButton(pygame.Rect(x2, top + i * (bh + step), col_w, bh), text, ui, container=root,
                             tool_tip_text=content(p.prompt))
                W["puzzle_buttons"].append(b)
        else:
            W["puzzles_error"] = UITextBox(self.error_html(sc.puzzles_error),
                                           pygame.Rect(x2, top, col_w, px(200)),
                                           ui, container=root, object_id="#status_box")
        W["menu"] = UIButton(pygame.Rect(w // 2 - px(100), h - px(70), px(200), px(44)), T_("Main menu"), ui,
                             container=root, tool_tip_text=T_("Back to the main menu (Esc)"))
        if sc.progress_note:
            W["note"] = UILabel(pygame.Rect(0, h - px(110), w, px(30)), sc.progress_note, ui,
                                container=root, object_id="#centered_label")

    def build_page(self) -> None:
        sc = self.scene
        self._fitted, self._next_tip = None, ""     # new widgets: sized and worded afresh
        self._skipping = False                      # (the Next button is made orange, in its place)
        self.board_rect, self.panel_rect = split(sc.size, self.px, PANEL_MIN, PANEL_MAX, PANEL_SHARE)
        if sc.view is not None:
            sc.view.layout(self.board_rect)
        W = self.w
        px = self.px
        ui, root = sc.ui, sc.root
        p = self.panel_rect
        x, iw = p.x + px(16), p.w - px(32)
        y = p.y + px(12)
        W["title"] = UILabel(pygame.Rect(x, y, iw, px(28)), "", ui, container=root, object_id="#heading")
        y += px(28)
        W["where"] = UILabel(pygame.Rect(x, y, iw, px(26)), "", ui, container=root,
                             object_id="#player_label")
        y += px(32)
        bh, gap = px(42), px(8)
        bottom = p.bottom - px(14)
        row2 = bottom - bh
        row1 = row2 - gap - bh
        box_h = px(30)
        box_y = row1 - gap - box_h
        # the narration above, the feedback (sized to its text by fit_feedback) above the move
        # box, the move box above the buttons
        self.text_top, self.feedback_bottom = y, box_y - px(8)
        self.movebox_bottom = box_y + box_h     # (the words' room when the page has no move box)
        fb_h = px(36)
        fb_y = self.feedback_bottom - fb_h
        fonts = ui.get_theme().get_font_dictionary()
        face = i18n.font_name()         # the language's font (the theme's)
        if not fonts.check_font_preloaded(fonts.create_font_id(self.title_size(), face, True, False)):
            ui.preload_fonts([{"name": face, "point_size": self.title_size(), "style": "bold"}])
        # (the narration is the one box that may scroll: a long step at a small window)
        W["text"] = UITextBox("", pygame.Rect(x, y, iw, max(px(80), fb_y - px(10) - y)), ui,
                              container=root, object_id="#narration")
        W["feedback"] = StatusText(pygame.Rect(x, fb_y, iw, fb_h), ui, container=root, scale=sc.k)
        W["movebox"] = sc.movebox.make(pygame.Rect(x, box_y, iw, box_h), ui, root)
        if self.app is not None:
            W["feedback"].theme = self.app.theme
        if sc.mode == "lesson":
            specs = [("back", T_("Back"), None, T_("Previous step (Left arrow)")),
                     ("replay", T_("Replay"), None, T_("Show this step again (Ctrl+R)")),
                     ("next", T_("Next"), "#primary_button", T_("Next step (Right arrow)"))]
            longest: dict[str, tuple[str, ...]] = {"next": (T_("Finish"), T_("Next lesson")),
                                                   "replay": (T_("Skip"),)}
        else:
            specs = [("replay", T_("Restart"), None, T_("Start the puzzle again (Ctrl+R)")),
                     ("solution", T_("Solution"), None, T_("Show the winning line")),
                     ("next", T_("Next puzzle"), "#primary_button", T_("The next puzzle"))]
            longest = {"next": (T_("Finish"),), "solution": (T_("Hint"),)}
        # widths after the texts (the longest a button may show), the rest shared out
        font = {None: D.font(px(16), True), "#primary_button": D.font(px(18), True)}
        words = [max(font[oid].size(t)[0] for t in (label, *longest.get(key, ())))
                 for key, label, oid, _ in specs]
        pad = max(px(10), min(px(26), (iw - 2 * gap - sum(words)) // len(specs)))   # a narrow panel: less padding
        need = [w + pad for w in words]
        spare = max(0, iw - 2 * gap - sum(need))
        xx = x
        for i, (key, label, oid, tip) in enumerate(specs):
            bw = need[i] + spare // 3 + (spare % 3 if i == 2 else 0)
            self.slots[key] = pygame.Rect(xx, row1, bw, bh)
            W[key] = UIButton(self.slots[key], label, ui, container=root, object_id=oid, tool_tip_text=tip)
            xx += bw + gap
        if sc.mode == "lesson":
            # while a task is open, Next stands greyed in its place (a quick second click on the Next
            # that opened the task lands on it) and the Next button, saying Skip, takes Replay's
            W["next_wait"] = UIButton(self.slots["next"], T_("Next"), ui, container=root,
                                      object_id="#primary_button", visible=0)
            W["next_wait"].disable()
        swap = Tp_("pie rule", "Swap")
        swap_w = font[None].size(swap)[0] + px(40)
        # the list button takes the row, and makes room for Swap only while Swap shows (Onyx's
        # pie rule, right after Black's first stone: ``refresh``)
        self.index_widths = (iw, iw - gap - swap_w)
        W["index"] = UIButton(pygame.Rect(x, row2, iw, bh), T_("Lessons and puzzles"), ui,
                              container=root, tool_tip_text=T_("Back to the list (Esc)"))
        W["swap"] = UIButton(pygame.Rect(x + iw - swap_w, row2, swap_w, bh), swap, ui, container=root,
                             tool_tip_text=T_("Pie rule: take over your opponent's colour"))

    def page_opened(self) -> None:
        """A new step or puzzle: its button row is laid out afresh (``swap_room``)."""
        self.swap_room = False

    # ------------------------------------------------------------ the panel's texts
    def refresh(self) -> None:
        """Write where the lesson or puzzle page stands into the panel: titles, the narration,
        the feedback and the note under it, the buttons' texts, the Swap button."""
        sc = self.scene
        W = self.w
        if sc.mode == "index" or not W:
            return
        if sc.mode == "lesson":
            lesson, step = sc.lesson, sc.step
            self.set_label(W["title"], f"{sc.lesson_i + 1}. {content(lesson.title)}")
            where = T_("Step {n} of {total}").format(n=sc.step_i + 1, total=len(lesson.steps))
            kind = {"narration": "", "demo": "  ·  " + T_("watch"), "try": "  ·  " + T_("your turn")}[step.kind]
            self.set_label(W["where"], where + kind)
            big = self.title_size()
            title, text = content(step.title), content(step.text)
            runs: list[Run] = [(title, True, TITLE_COLOUR, big), ("\n\n", False, None, None)] if title else []
            runs += key_runs(text)
            if needs_breaking(runs):
                self.set_box(W["text"], broken_html(runs, self.narration_width(), self.px(15)))
            else:
                head = (f"<b><font color='{TITLE_COLOUR}' pixel_size={big}>{html.escape(title)}</font></b><br><br>"
                        if title else "")
                self.set_box(W["text"], head + markup_html(text))
            self.set_next(*self.next_action())
            can_back = sc.step_i > 0 or sc.lesson_i > 0
            if W["back"].is_enabled != can_back:
                (W["back"].enable() if can_back else W["back"].disable())
        else:
            p = sc.puzzle
            self.set_label(W["title"], content(p.title))
            n = len(sc.puzzles.puzzles) if sc.puzzles else 0
            self.set_label(W["where"], T_("Puzzle {n} of {total}  ·  difficulty {level}").format(
                n=sc.puzzle_i + 1, total=n, level=p.difficulty))
            what = (T_("Find the winning move.") if p.plies <= 2 and p.goal == "win"
                    else T_("Find the move that wins against any defence.") if p.goal == "win"
                    else T_("Find a move after which the opponent cannot win."))
            how = HOW_TO_MOVE.get(sc.game_name)
            # Translators: {how} is how to make a move on this game's board (a sentence or two)
            how = (T_("{how} The defence answers each of your moves.").format(how=T_(how)) if how
                   else T_("The defence answers each of your moves."))
            prompt = content(p.prompt)
            runs = [(t, True, KEY_COLOUR if c else TITLE_COLOUR, self.title_size()) for t, _, c, _ in key_runs(prompt)]
            runs += [("\n\n", False, None, None), (what, False, None, None), ("\n\n", False, None, None),
                     (how, False, DIM_COLOUR, None)]
            if needs_breaking(runs):
                self.set_box(W["text"], broken_html(runs, self.narration_width(), self.px(15)))
            else:
                self.set_box(W["text"], f"<b><font color='{TITLE_COLOUR}' pixel_size={self.title_size()}>"
                                        f"{markup_html(prompt)}</font></b><br><br>"
                                        f"{html.escape(what)}<br><br><font color='{DIM_COLOUR}'>"
                                        f"{html.escape(how)}</font>")
            self.set_next(*self.next_action())
            self.set_label(W["solution"], T_("Hint") if sc.puzzle_play.hints_left() else T_("Solution"))
        box = W["movebox"]
        typed = sc.takes_typed_moves()
        if box.visible != typed:            # the move box only where a step takes a typed move
            (box.show() if typed else box.hide())
            self._fitted = None             # (the words above it take its room, or give it back)
        if box.is_enabled != sc.task_open():       # …and open while the task is
            (box.enable() if sc.task_open() else box.disable())
        extra = ""
        dangers = sc.dangers_shown()
        if dangers:                         # a live position: the game's end one move away
            danger = T_("Danger:")
            extra = (f"<br><font color='{DANGER_COLOUR}'><b>{html.escape(danger)}</b> "
                     f"{html.escape(warning_line(dangers, dangers[0].who.other))}</font>")
        if sc.view is None and sc.view_error:
            extra = f"<br><font color='{BAD_COLOUR}'>{html.escape(sc.view_error)}</font>"
        note = ""
        if sc.note:
            note = f"{'<br>' if sc.feedback else ''}<font color='{sc.note_colour}'>{html.escape(sc.note)}</font>"
        elif sc.movebox.focused():
            note = f"{'<br>' if sc.feedback else ''}<font color='{DIM_COLOUR}'>{html.escape(i18n._(TYPING_WORDS))}</font>"
        feedback = ((sc.feedback + note) if (sc.feedback or note) else NOTHING_SAID) + extra
        if (feedback, W["text"].html_text) != self._fitted:
            self.fit_texts(feedback)
        self.set_box(W["feedback"], feedback)
        if (feedback == NOTHING_SAID) == W["feedback"].visible:     # no words: no empty box
            (W["feedback"].hide() if feedback == NOTHING_SAID else W["feedback"].show())
        g, inp = sc.game, sc.input
        swap_ok = g is not None and inp is not None and inp.game is not None and "swap" in g.legal_strs()
        if W["swap"].visible != swap_ok:
            (W["swap"].show() if swap_ok else W["swap"].hide())
        self.swap_room = self.swap_room or swap_ok
        index_w = self.index_widths[1 if self.swap_room else 0]
        if W["index"].relative_rect.w != index_w:
            W["index"].set_dimensions((index_w, W["index"].relative_rect.h))
            W["index"].rebuild()            # (its words centred again in the new width)

    def next_action(self) -> tuple[str, str]:
        """(words, tooltip) of the Next button: what pressing it does (``TutorialScene.next_step``)."""
        sc = self.scene
        if sc.mode == "puzzle":
            n = len(sc.puzzles.puzzles) if sc.puzzles else 0
            if sc.puzzle_i + 1 < n:
                return T_("Next puzzle"), T_("The next puzzle")
            return T_("Finish"), T_("Finish: back to the list of lessons and puzzles")
        if sc.step.kind == "try" and not sc.solved:
            return T_("Skip"), T_("Go on without this task (it is not marked done)")
        if sc.step_i + 1 < len(sc.lesson.steps):
            return T_("Next"), T_("Next step (Right arrow)")
        lessons = sc.course.lessons if sc.course is not None else ()
        if sc.lesson_i + 1 < len(lessons):
            following = lessons[sc.lesson_i + 1]
            return T_("Next lesson"), T_("On to lesson {n}, {title} (Right arrow)").format(
                n=sc.lesson_i + 2, title=content(following.title))
        return T_("Finish"), T_("Finish: back to the list of lessons and puzzles (Right arrow)")

    def set_next(self, text: str, tip: str) -> None:
        """The Next button's words and tooltip, changed only when they differ. While a lesson's
        task is open it says Skip, drawn plain in Replay's place (Replay shows nothing new
        before a move), and a greyed Next stands in its own place: quick clicks on Next never
        go past the task that has just appeared."""
        W = self.w
        button = W["next"]
        skipping = self.scene.mode == "lesson" and self.scene.task_open()
        if skipping != self._skipping:
            self._skipping = skipping
            button.change_object_id(None if skipping else "#primary_button")
            place = self.slots["replay" if skipping else "next"]
            button.set_relative_position(place.topleft)
            button.set_dimensions(place.size)
            (W["replay"].hide() if skipping else W["replay"].show())
            (W["next_wait"].show() if skipping else W["next_wait"].hide())
            if skipping and self.app is not None:
                focus_ui.ring_off(self.app, button)    # (a second Enter says to move first, never skips)
        self.set_label(button, text)
        if self._next_tip != tip:
            self._next_tip = tip
            button.set_tooltip(tip)

    @staticmethod
    def set_label(widget: UILabel | UIButton, text: str) -> None:
        """Change a label's or button's text only when it differs (redrawing costs time)."""
        if widget.text != text:
            widget.set_text(text)

    @staticmethod
    def set_box(box: UITextBox | StatusText, content: str) -> None:
        if box.html_text != content:
            box.set_text(content)

    @staticmethod
    def error_html(message: str) -> str:
        head = T_("This part of the tutorial cannot be shown.")
        return f"<font color='{BAD_COLOUR}'><b>{html.escape(head)}</b></font><br>{html.escape(message)}"

    def lesson_state(self, lesson: Any) -> tuple[str, str]:
        """('done' | 'started' | 'new', where it stands: 'step 3 of 8'; once the player has
        reached its last step, the tasks still to do: 'step 4 to do')."""
        sc = self.scene
        progress, name = sc.progress, sc.game_name
        if progress.lesson_done(name, lesson.id):
            return "done", ""
        at = sc.resume_step(lesson)
        total = len(lesson.steps)
        tried = any(progress.try_done(name, lesson.id, i) for i in range(total))
        if not (at > 0 or tried):
            return "new", ""
        left = [i + 1 for i, st in enumerate(lesson.steps) if st.kind == "try" and i < at
                and not progress.try_done(name, lesson.id, i)]
        if at + 1 >= total and left:
            return "started", Tn_("step {steps} to do", "steps {steps} to do", len(left)).format(
                steps=i18n._(", ").join(str(n) for n in left))
        return "started", step_of(min(at + 1, total), total)

    def narration_width(self) -> int:
        """The width the narration's lines may take: the box's, less its padding and border, the
        scroll bar it may need, and room for the line break the text box puts at a line's end
        (a line as wide as the box would push it onto a row of its own)."""
        box = self.w["text"]
        return box.rect.w - 2 * box.padding[0] - box.border_width["left"] - box.border_width["right"] \
            - self.px(20) - self.px(16)

    def title_size(self) -> int:
        """The step title's type size in the narration: larger than the body (15), scaled."""
        return self.px(19)

    def fit_texts(self, content: str) -> None:
        """The narration as tall as its words, and right under it what answers the player: on a
        step that takes a typed move the move box, then the feedback under the move box (the
        task, where to type it, what came of it, read top down; the room left over falls above
        the buttons, not between the task and its box); elsewhere the feedback. The feedback is
        sized to its text (one line at least, never scrolled or cut). When all does not fit,
        the feedback keeps its height (the narration keeps 120 px at least) and the narration
        takes the rest, scrolling."""
        W = self.w
        box, text = W.get("feedback"), W.get("text")
        if box is None or text is None:
            return
        px = self.px
        gap = px(10)
        movebox = W.get("movebox")
        room = self.movebox_bottom - self.text_top      # down to the buttons
        if movebox is not None and movebox.visible:
            room -= movebox.rect.h + gap        # the move box goes under the narration, in this room
        else:
            movebox = None                      # (hidden: the words take its room)
        one = box.needed_height("&nbsp;")
        fb_h = max(one, min(max(one, room - px(130)), box.needed_height(content)))
        quiet = content == NOTHING_SAID           # nothing to say: the box hides (refresh)
        th = max(px(80), min(self.narration_height(text), room - (0 if quiet else gap + fb_h)))
        if text.rect.h != th:
            text.set_dimensions((text.rect.w, th))
            text.rebuild()                  # (else its words stay clipped to the old height)
        y = self.text_top + th + gap
        if movebox is not None:
            if movebox.relative_rect.y != y:
                movebox.set_relative_position((movebox.relative_rect.x, y))
            y += movebox.rect.h + gap
        if box.rect.h != fb_h or box.relative_rect.y != y:
            box.set_relative_position((box.relative_rect.x, y))
            box.set_dimensions((box.rect.w, fb_h))
        self._fitted = (content, text.html_text)

    def narration_height(self, text: UITextBox) -> int:
        """The height the narration's words need at its width: its rows as pygame-gui laid
        them out, and the box's padding, border, shadow and corners."""
        layout = text.text_box_layout
        if layout is None or not layout.layout_rows:
            return max(self.px(80), self.feedback_bottom - self.text_top)
        words = max(row.bottom for row in layout.layout_rows) - layout.layout_rect.y
        border = text.border_width["top"] + text.border_width["bottom"]
        chrome = 2 * text.padding[1] + border + 2 * text.shadow_width + sum(text.rounded_corner_height_offsets)
        return int(words) + chrome + self.px(4)

    # ------------------------------------------------------------ drawing
    def draw_panel(self, surface: pygame.Surface) -> None:
        """The card behind the lesson or puzzle page's panel, in the app's theme."""
        draw_panel(surface, self.panel_rect, self.theme)

    def done_text(self) -> tuple[str, tuple[int, int], int]:
        """'n of m lessons done' under the heading of the list page: (text, centre, size)."""
        sc = self.scene
        if sc.course is None:
            return "", (0, 0), 0
        n_done = sum(1 for ls in sc.course.lessons if sc.progress.lesson_done(sc.game_name, ls.id))
        total = len(sc.course.lessons)
        return (Tn_("{n} of {total} lesson done", "{n} of {total} lessons done", total).format(n=n_done, total=total),
                self.done_at, self.px(16))

    def draw_index(self, surface: pygame.Surface) -> None:
        text, at, size = self.done_text()
        if text:
            D.text(surface, text, at, size, D.PALETTE["text_dim"])

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """Texts the scene draws itself (the layout audit checks them): (name, rect, bounds, size)."""
        if self.scene.mode != "index":
            return []
        text, at, size = self.done_text()
        if not text:
            return []
        r = pygame.Rect((0, 0), D.font(size).size(text))
        r.center = at
        return [("lessons done", r, None, size)]
