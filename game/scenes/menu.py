"""The main menu: one card per game with a small picture of its board; Continue, Load game…,
Settings, Quit.

"Continue" offers the game in progress that was autosaved ("Continue: Onyx, move 23, Black to
move"); an autosave that cannot be read is set aside by ``game.storage`` and the menu says so.
Also the small ``MessageScene`` used for features that are not there yet ("coming soon").
"""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox
from pygame_gui.windows import UIConfirmationDialog

from ..views import ViewUnavailable, view_for
from ..views import draw as D
from ..ui.dialogs import fit_confirmation
from ..ui.text import wrap
from .base import Scene, is_button, make_scene, register

GAMES: tuple[tuple[str, str, str], ...] = (
    ("amoeba", "Amoeba", "Stack, split and hunt down the enemy Kernel."),
    ("onyx", "Onyx", "Join your two sides; capture across the squares."),
    ("onager", "Onager", "Catapult your discs to the far row."),
)


def board_picture(game_name: str, size: tuple[int, int]) -> pygame.Surface:
    """A small picture of the game's starting position, drawn by its own view."""
    try:
        from ..rules import make_game
        view = view_for(game_name)
        stacks = make_game(game_name).stacks()
        return view.thumbnail(size, stacks)
    except (ViewUnavailable, ImportError, Exception):  # no view or rules yet: a placeholder
        return placeholder_picture(game_name, size)


def placeholder_picture(game_name: str, size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    s = min(w, h) * 0.8
    rect = pygame.Rect(0, 0, int(s), int(s))
    rect.center = (w // 2, h // 2)
    wood = D.wood(rect.size, seed=5)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(s * 0.08))
    wood = wood.convert_alpha() if pygame.display.get_surface() else wood
    wood.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(wood, rect)
    n = 7
    for i in range(n):
        for j in range(n):
            x = rect.x + s * (0.15 + 0.7 * i / (n - 1))
            y = rect.y + s * (0.15 + 0.7 * j / (n - 1))
            pygame.draw.circle(surf, (90, 56, 28), (x, y), max(2, s * 0.02))
    D.text(surf, "coming soon", rect.center, max(12, int(s * 0.1)), (255, 240, 210), bold=True)
    return surf


@register("menu")
class MenuScene(Scene):
    title = "Menu"

    def needs_frames(self) -> bool:
        """Nothing here moves by itself: the window may sleep until the next event."""
        return False

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, Any]] = []
        self._pictures: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self.settings_btn: UIButton | None = None
        self.quit_btn: UIButton | None = None
        self.continue_btn: UIButton | None = None
        self.load_btn: UIButton | None = None
        self.message_box: UITextBox | None = None
        self.resume_record: Any = None     # the autosaved Record, if there is one
        self.resume_text = ""              # 'Onyx, move 23, Black to move'
        self.message = ""                  # shown under the buttons (corrupt autosave, bad file…)
        self.message_kind = "info"
        self.dialog: Any = None            # the Load game file dialog
        self.dialog_kind = ""

    # ------------------------------------------------------------ the game in progress
    def check_autosave(self) -> None:
        """Look for an autosaved game in progress (a corrupt one is set aside with a message)."""
        from ..autosave import describe_record, writer
        from ..storage import load_autosave
        writer().flush(2.0)     # a board that just closed may still be writing it
        record, problem = load_autosave()
        if record is not None and record.result is not None:
            record = None       # a finished game is not offered (it is the last game)
        self.resume_record = record
        self.resume_text = describe_record(record) if record is not None else ""
        if problem:
            self.set_message(problem, "warn")

    def set_message(self, text: str, kind: str = "info") -> None:
        self.message = text
        self.message_kind = kind
        self._show_message()

    def _show_message(self) -> None:
        box = self.message_box
        if box is None:
            return
        import html
        colour = {"warn": "#ffb070", "error": "#ff8070"}.get(self.message_kind, "#efe4d0")
        if self.message:
            box.set_text(f"<font color='{colour}'>{html.escape(self.message)}</font>")
            box.show()
        else:
            box.hide()

    def enter(self, app: Any) -> None:
        self.app = app
        self.check_autosave()
        warnings = getattr(app, "prefs_warnings", None)
        if warnings and not self.message:
            self.set_message("Settings: " + "; ".join(warnings), "warn")
        super().enter(app)

    def exit(self) -> None:
        """The menu goes (the app starts again from other scenes): its dialog goes with it."""
        self.close_dialog()
        super().exit()

    def resume(self) -> None:  # type: ignore[override]
        """Back from a game: the game in progress may have changed."""
        self.check_autosave()
        super().resume()
        self.relayout()

    def build_ui(self) -> None:
        w, h = self.size
        self.cards = []
        n = len(GAMES)
        margin = int(w * 0.05)
        gap = int(w * 0.025)
        px = self.px
        card_w = min(px(440), (w - 2 * margin - (n - 1) * gap) // n)
        top = int(h * 0.22)
        card_h = min(int(h * 0.62), int(card_w * 1.45))
        msg_h = px(66) if self.message else 0           # two lines for a message under the buttons
        bh = px(44)
        card_h = min(card_h, h - top - px(24) - bh - px(20) - (msg_h + px(8) if msg_h else 0))
        x0 = (w - (n * card_w + (n - 1) * gap)) // 2
        blurb_font = D.font(px(15))
        for i, (name, title, blurb) in enumerate(GAMES):
            rect = pygame.Rect(x0 + i * (card_w + gap), top, card_w, card_h)
            lines = wrap(blurb, blurb_font, rect.w - px(32))      # the tagline: one or two lines
            play_y = rect.bottom - 2 * bh - px(26)
            blurb_y = play_y - px(10) - len(lines) * blurb_font.get_linesize()
            pic = pygame.Rect(rect.x + px(16), rect.y + px(64), rect.w - px(32), blurb_y - px(8) - rect.y - px(64))
            play = UIButton(pygame.Rect(rect.x + px(20), play_y, rect.w - px(40), bh), "Play",
                            self.ui, container=self.root, object_id="#primary_button",
                            tool_tip_text=f"Set up a game of {title}")
            tut = UIButton(pygame.Rect(rect.x + px(20), rect.bottom - bh - px(16), rect.w - px(40), bh), "Tutorial",
                           self.ui, container=self.root, tool_tip_text=f"Learn {title} step by step")
            self.cards.append({"name": name, "title": title, "blurb": blurb, "rect": rect, "pic": pic,
                               "play": play, "tutorial": tut, "lines": lines, "blurb_y": blurb_y,
                               "line_h": blurb_font.get_linesize()})
        bw, gap = px(150), px(16)
        y = min(h - bh - px(20) - (msg_h + px(8) if msg_h else 0), top + card_h + px(24))
        widths: list[tuple[str, int]] = []
        if self.resume_record is not None:
            label = f"Continue: {self.resume_text}"
            cw = min(D.font(px(18), True).size(label)[0] + px(44), w - 2 * margin - 3 * (bw + gap))
            widths.append(("continue", max(bw, cw)))
        widths += [("load", bw), ("settings", bw), ("quit", bw)]
        x = (w - (sum(wd for _, wd in widths) + gap * (len(widths) - 1))) // 2
        self.continue_btn = None
        for key, wd in widths:
            r = pygame.Rect(x, y, wd, bh)
            if key == "continue":
                self.continue_btn = UIButton(r, f"Continue: {self.resume_text}", self.ui, container=self.root,
                                             object_id="#primary_button",
                                             tool_tip_text="Go on with the game you left (it is saved after every move)")
            elif key == "load":
                self.load_btn = UIButton(r, "Load game…", self.ui, container=self.root,
                                         tool_tip_text="Open a saved game record")
            elif key == "settings":
                self.settings_btn = UIButton(r, "Settings", self.ui, container=self.root)
            else:
                self.quit_btn = UIButton(r, "Quit", self.ui, container=self.root, object_id="#danger_button")
            x += wd + gap
        mw = min(px(900), w - 2 * margin)
        mh = max(px(30), min(msg_h or px(30), h - (y + bh + px(8)) - px(6)))
        self.message_box = UITextBox("", pygame.Rect((w - mw) // 2, y + bh + px(8), mw, mh), self.ui,
                                     container=self.root, object_id="#status_box")
        self._show_message()

    def continue_game(self) -> None:
        """Open the autosaved game where it was left."""
        assert self.app is not None
        record = self.resume_record
        if record is None:
            return
        try:
            board = make_scene("board_from_record", record, f"Welcome back: {self.resume_text}.")
        except Exception as exc:  # a record that parsed replays; never crash the menu anyway
            self.set_message(f"The saved game could not be restored: {exc}", "error")
            return
        self.app.push(board)

    def back(self) -> bool:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
            self.dialog_kind = ""
            return True
        return False

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = None
        self.dialog_kind = ""

    def open_dialog(self, kind: str, title: str, text: str, ok: str) -> None:
        """A confirmation dialog in the middle of the window (e.g. before a load replaces the autosave)."""
        self.close_dialog()
        rect = pygame.Rect(0, 0, self.px(440), self.px(250))
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        self.dialog = fit_confirmation(UIConfirmationDialog(rect, text, self.ui, window_title=title,
                                                            action_short_name=ok, blocking=True), self.px)
        self.dialog_kind = kind

    def unsaved_autosave_moves(self) -> int:
        """Moves of the game Continue would bring back (a load from the menu replaces it)."""
        rec = self.resume_record
        return len(rec.moves) if rec is not None else 0

    def picture(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        key = (name, size)
        if key not in self._pictures:
            self._pictures[key] = board_picture(name, size)
        return self._pictures[key]

    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            from .files import path_picked
            return path_picked(self, event)
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and self.dialog is not None \
                and event.ui_element is self.dialog and self.dialog_kind == "replace":
            self.dialog = None
            self.dialog_kind = ""
            from .files import replace_confirmed
            replace_confirmed(self)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and self.dialog is not None and event.ui_element is self.dialog:
            self.dialog = None
            self.dialog_kind = ""
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if is_button(event, self.continue_btn):
            self.continue_game()
            return True
        if is_button(event, self.load_btn):
            if self.dialog is None:
                from .files import open_load_dialog
                self.set_message("")
                open_load_dialog(self)
            return True
        for card in self.cards:
            if is_button(event, card["play"]):
                self.app.push(make_scene("new_game", card["name"]))
                return True
            if is_button(event, card["tutorial"]):
                self.app.push(tutorial_scene(card["name"], card["title"]))
                return True
        if is_button(event, self.settings_btn):
            self.app.push(settings_scene())
            return True
        if is_button(event, self.quit_btn):
            self.app.quit()
            return True
        return False

    def _texts(self) -> list[tuple[str, str, tuple[int, int], int, bool, pygame.Rect | None]]:
        """The texts the menu draws: (name, text, centre, size, bold, the card it belongs to)."""
        w, h = self.size
        px = self.px
        ty = int(h * 0.1)
        out = [("title", "Amoeba  ·  Onyx  ·  Onager", (w // 2, ty), max(28, int(h * 0.062)), True, None),
               ("subtitle", "Three abstract strategy games. Play a friend at this table or the computer.",
                (w // 2, ty + int(h * 0.065)), max(14, int(h * 0.024)), False, None)]
        for card in self.cards:
            r: pygame.Rect = card["rect"]
            out.append((f"{card['name']} title", card["title"], (r.centerx, r.y + px(30)), px(30), True, r))
            for i, line in enumerate(card["lines"]):
                out.append((f"{card['name']} tagline {i + 1}", line,
                            (r.centerx, card["blurb_y"] + (2 * i + 1) * card["line_h"] // 2), px(15), False, r))
        return out

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """Where the menu's own texts go (the layout audit checks them): (name, rect, bounds, size)."""
        out = []
        for name, text, at, size, bold, card in self._texts():
            r = pygame.Rect((0, 0), D.font(size, bold).size(text))
            r.center = at
            out.append((name, r, card, size))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        for card in self.cards:
            r: pygame.Rect = card["rect"]
            shadow = D.rounded_panel((r.w, r.h), (0, 0, 0, 90), radius=px(18))
            surface.blit(shadow, r.move(5, 8))
            surface.blit(D.rounded_panel((r.w, r.h), (34, 27, 21, 235), radius=px(18), border=(150, 110, 66, 255)), r)
            pic: pygame.Rect = card["pic"]
            if pic.w > 20 and pic.h > 20:
                surface.blit(self.picture(card["name"], pic.size), pic)
        for name, text, at, size, bold, _ in self._texts():
            colour = (255, 226, 168) if bold else D.PALETTE["text_dim"]
            D.text(surface, text, at, size, colour, bold=bold)


@register("message")
class MessageScene(Scene):
    """A simple page with a heading, a message and a Back button (features still to come)."""

    def needs_frames(self) -> bool:
        """Nothing here moves by itself: the window may sleep until the next event."""
        return False

    def __init__(self, heading: str, message: str) -> None:
        super().__init__()
        self.heading = heading
        self.message = message
        self.back_btn: UIButton | None = None

    def build_ui(self) -> None:
        w, h = self.size
        self.back_btn = UIButton(pygame.Rect(w // 2 - self.px(100), int(h * 0.62), self.px(200), self.px(46)), "Back",
                                 self.ui,
                                 container=self.root, object_id="#primary_button")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if is_button(event, self.back_btn):
            assert self.app is not None
            self.app.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        px = self.px
        box = pygame.Rect(0, 0, min(px(760), int(w * 0.7)), int(h * 0.42))
        box.center = (w // 2, int(h * 0.48))
        surface.blit(D.rounded_panel(box.size, (30, 24, 19, 235), radius=px(18), border=(150, 110, 66, 255)), box)
        D.text(surface, self.heading, (w // 2, box.y + px(60)), px(36), (255, 226, 168), bold=True)
        y = box.y + px(120)
        for line in wrap(self.message, D.font(px(18)), box.w - px(80)):
            D.text(surface, line, (w // 2, y), px(18), D.PALETTE["text"])
            y += px(28)


def tutorial_scene(name: str, title: str) -> Scene:
    """The tutorial of a game; a message page if it cannot be opened (never a crash in the menu)."""
    try:
        return make_scene("tutorial", name)
    except Exception as exc:
        return MessageScene(f"{title} tutorial", f"The lessons cannot be opened: {exc}. The Play screen "
                            "marks every legal move: click one of your glowing pieces to see where it can go.")


def settings_scene() -> Scene:
    """The settings scene (a message page if it cannot be opened)."""
    try:
        return make_scene("settings")
    except Exception as exc:
        return MessageScene("Settings", f"Settings cannot be opened: {exc}. Keys on the board: C shows or hides "
                            "coordinates, + and - change the animation speed, Ctrl+Z undoes, Ctrl+Y redoes.")
