"""The main menu: one card per game with a small picture of its board; Continue, Load game…,
Settings, Quit.

"Continue" offers the newest unfinished game ("Continue: Onyx, move 23, Black to move"); under
it a short list of the other recent unfinished games (up to ``MAX_RECENT``), each a button that
resumes that game. Every game in progress has its own file (``game.storage.list_unfinished``), so
New game, Load and quitting never lose one; a file that cannot be read is set aside by
``game.storage`` and the menu says so. ``app.notice`` (set by a board left for another game) is
shown once under the buttons.
Also the small ``MessageScene`` used for features that are not there yet ("coming soon").
"""
from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox

from ..i18n import N_, _, ngettext
from ..names import GAME_KEYS, game_tagline, game_title
from ..themes import CLASSIC, Theme
from ..views import ViewUnavailable, view_for
from ..views import draw as D
from ..ui.text import ellipsize, wrap, wrapped_html
from .base import Scene, is_button, make_scene, register

log = logging.getLogger(__name__)

MAX_RECENT = 5          # recent unfinished games listed under Continue


def age_text(seconds: float) -> str:
    """'just now', '5 min ago', '2 h ago', 'yesterday', '3 days ago'."""
    s = max(0.0, float(seconds))
    if s < 60:
        return _("just now")
    if s < 3600:
        return _("{n} min ago").format(n=int(s // 60))
    if s < 86400:
        return _("{n} h ago").format(n=int(s // 3600))
    days = int(s // 86400)
    return _("yesterday") if days == 1 else ngettext("{n} day ago", "{n} days ago", days).format(n=days)


def fit_text(text: str, font: pygame.font.Font, width: int, what: str = "menu") -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` pixels wide in ``font``
    (``what``: the kind of text, for the layout audit: ``game.ui.text.ellipsize``)."""
    return ellipsize(text, font, width, what, strip=" ·,")


def board_picture(game_name: str, size: tuple[int, int], theme: Theme | None = None) -> pygame.Surface:
    """A small picture of the game's starting position, drawn by its own view in ``theme``'s
    colours (the app's theme; classic when none is given)."""
    try:
        from ..rules import make_game
        view = view_for(game_name)
        view.set_look(theme=theme)
        stacks = make_game(game_name).stacks()
        return view.thumbnail(size, stacks)
    except (ViewUnavailable, ImportError, Exception):  # no view or rules yet: a placeholder
        return placeholder_picture(game_name, size, theme)


def placeholder_picture(game_name: str, size: tuple[int, int], theme: Theme | None = None) -> pygame.Surface:
    """A wooden square saying "coming soon", for a game without a view or rules yet."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    s = min(w, h) * 0.8
    rect = pygame.Rect(0, 0, int(s), int(s))
    rect.center = (w // 2, h // 2)
    wood = D.wood(rect.size, seed=5, theme=theme or CLASSIC)
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
    D.text(surf, _("coming soon"), rect.center, max(12, int(s * 0.1)), (255, 240, 210), bold=True)
    return surf


@register("menu")
class MenuScene(Scene):
    title = N_("Menu")
    _aside_path: Any = None      # the recent game whose × asks "set it aside?"

    def needs_frames(self) -> bool:
        """Nothing here moves by itself: the window may sleep until the next event."""
        return False

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, Any]] = []
        self._pictures: dict[tuple[str, tuple[int, int], str], pygame.Surface] = {}   # (game, size, theme)
        self.settings_btn: UIButton | None = None
        self.quit_btn: UIButton | None = None
        self.continue_btn: UIButton | None = None
        self.load_btn: UIButton | None = None
        self.keys_btn: UIButton | None = None
        self.puzzles_btn: UIButton | None = None
        self.rush_btn: UIButton | None = None
        self.message_box: UITextBox | None = None
        self.resume_record: Any = None     # the newest unfinished game's Record, if there is one
        self.resume_path: Path | None = None   # its file
        self.resume_text = ""              # 'Onyx, move 23, Black to move'
        self.continue_short = False        # Continue names only the game (the whole in its tooltip)
        self.recent: list[dict[str, Any]] = []   # the other unfinished games: path, record, mtime, text, label, btn
        self.notice = ""                   # app.notice shown once (cleared when the menu comes back)
        self.recent_heading: Any = None    # where "Recent games" is drawn over the list (None: no room)
        self._aside_path: Path | None = None   # the recent game the × asks about
        self.message = ""                  # shown under the buttons (corrupt autosave, bad file…)
        self.message_kind = "info"
        self._message_fit: tuple[str, int, int] | None = None   # (message, width, height its box needs), measured
        self.dialog: Any = None            # the Load game file dialog, or a question
        self._head: dict[str, Any] | None = None    # the title and subtitle as laid out (_head_layout)
        self._grow = 1.0                   # how much wider than usual the cards are (a huge window)

    # ------------------------------------------------------------ the game in progress
    def check_autosave(self) -> None:
        """Look for the unfinished games, newest first: the newest is Continue's, the next ones
        (up to MAX_RECENT) the recent list. An ``autosave.txt`` of an earlier version is moved
        among them first; a file that cannot be read is set aside with a message."""
        from ..autosave import record_standing, stands_unfinished, writer
        from ..ui.words import standing_words
        from ..ui.problems import storage_note_words
        from ..storage import list_unfinished, load_unfinished, migrate_legacy_autosave
        writer().flush(2.0)     # a board that just closed may still be writing its file
        problems: list[str] = []
        _, note = migrate_legacy_autosave()
        if note:
            log.warning("%s", note)
            problems.append(storage_note_words(note))
        now = time.time()
        found: list[dict[str, Any]] = []
        for path, mtime in list_unfinished():
            if len(found) > MAX_RECENT:
                break
            record, note = load_unfinished(path)
            if note:
                log.warning("%s", note)
                problems.append(storage_note_words(note))
            if record is None or not stands_unfinished(record):
                continue        # a finished game is not offered (it is the last game)
            try:
                text = standing_words(record_standing(record))
            except Exception:   # a record read from a file: never let one file break the menu
                log.warning("cannot describe the saved game %s", path, exc_info=True)
                n = len(record.moves)
                text = ngettext("{game}, {n} move", "{game}, {n} moves", n).format(game=game_title(record.game), n=n)
            found.append({"path": path, "record": record, "mtime": mtime, "text": text,
                          "label": f"{text} · {age_text(now - mtime)}", "btn": None, "aside": None})
        first = found[0] if found else None
        self.resume_record = first["record"] if first else None
        self.resume_path = first["path"] if first else None
        self.resume_text = first["text"] if first else ""
        self.recent = found[1:]
        if problems:
            more = (" " + ngettext("({n} more set aside.)", "({n} more set aside.)", len(problems) - 1).format(
                n=len(problems) - 1)) if len(problems) > 1 else ""
            self.set_message(problems[0] + more, "warn")

    def show_notice(self) -> None:
        """The app's notice (a game left for another one is kept), once; the previous one goes."""
        app = self.app
        notice = app.notice if app is not None else ""
        if self.notice and self.message == self.notice:
            self.set_message("")
        self.notice = ""
        if notice and app is not None:
            app.notice = ""
            if not self.message:
                self.notice = notice
                self.set_message(notice)

    def set_message(self, text: str, kind: str = "info") -> None:
        self.message = text
        self.message_kind = kind
        self._show_message()
        box = self.message_box
        if box is not None and self.message and self.active and \
                self._message_height(box.rect.w) > box.rect.h:    # the box was laid out for another text
            self.relayout()

    def set_status(self, text: str, kind: str = "info") -> None:
        """What the file dialogs say (a file refused): the menu's message."""
        self.set_message(text, kind)

    def keys_place(self) -> str:
        return "menu"

    def _show_message(self) -> None:
        box = self.message_box
        if box is None:
            return
        colour = {"warn": "#ffb070", "error": "#ff8070"}.get(self.message_kind, "#efe4d0")
        if self.message:
            lines = wrapped_html(self.message, D.font(self.px(15)), box.rect.w - self.px(28))
            box.set_text(f"<font color='{colour}'>{lines}</font>")
            box.show()
        else:
            box.hide()

    def enter(self, app: Any) -> None:
        self.app = app
        self.check_autosave()
        self.show_notice()
        warnings = app.prefs_warnings
        if warnings:
            # said beside what the start found (a damaged game set aside), never instead of it:
            # the theme and the language the player chose went back to their defaults
            from ..ui.problems import settings_warning_words
            said = _("Settings: {problems}").format(problems=settings_warning_words(warnings))
            if self.message and self.message != self.notice:
                kind = "error" if self.message_kind == "error" else "warn"
                self.set_message(f"{self.message}\n{said}", kind)
            else:
                self.set_message(said, "warn")
        super().enter(app)

    def exit(self) -> None:
        """The menu goes (the app starts again from other scenes): its dialog goes with it."""
        self.close_dialog()
        super().exit()

    def resume(self) -> None:
        """Back from a game: the games in progress may have changed. A message shown before
        (a saved game that could not be read, a file refused) was seen: it goes."""
        if self.message and self.message != self.notice:
            self.message, self.message_kind = "", "info"
        self.check_autosave()
        self.show_notice()
        self.active = True
        self.relayout()             # (built anew: the saved games may have changed)
        self.return_ring()

    def enter_paused(self, app: Any) -> None:
        """Under the first scene of a start (a board from the command line): nothing shows yet,
        so ``resume`` looks for the saved games and builds the widgets when the menu comes back
        (50 ms less before the board's first frame)."""
        self.app = app
        self.active = False

    def pause(self) -> None:
        """A scene goes over the menu: its widgets go (``resume`` builds them anew), so a big
        window does not keep hidden pictures of them, nor a theme change redraw them."""
        self.active = False
        self._kill_root()
        # (a killed widget keeps its pictures while anything refers to it: 100 MiB at 4K)
        self.cards = [{k: v for k, v in card.items() if k not in ("play", "tutorial", "analyse")}
                      for card in self.cards]
        for entry in self.recent:
            entry["btn"] = entry["aside"] = None
        self.continue_btn = self.load_btn = self.settings_btn = self.quit_btn = self.keys_btn = None
        self.puzzles_btn = self.rush_btn = None
        self.message_box = None

    def build_ui(self) -> None:
        w, h = self.size
        self.cards = []
        n = len(GAME_KEYS)
        margin = int(w * 0.05)
        gap = int(w * 0.025)
        px = self.px
        # the cards: as wide as the scale allows, wider on a huge window (a share of its smaller side)
        card_w = min(max(px(440), int(min(w, h) * 0.22)), (w - 2 * margin - (n - 1) * gap) // n)
        # the texts drawn on the cards (and the title over them) grow with such a wider card
        self._grow = grow = max(1.0, card_w / px(440))
        head = self._head_layout(w, h)
        edge = px(14)                                   # the least room above and below the content
        top = edge + head["height"]                     # the cards' top, were the content at the top
        mw = min(px(900), w - 2 * margin)
        msg_h = self._message_height(mw)                # one or two lines for a message under the buttons
        bh = px(44)
        recent = self.recent[:MAX_RECENT]
        cols = 2 if len(recent) > 1 else 1               # the recent games under Continue: rows of two
        rows = -(-len(recent) // cols)
        rh, rgap = px(34), px(6)
        list_h = rows * rh + (rows - 1) * rgap + px(10) if rows else 0
        labels, fixed, cont_w, own_row = self._button_row(w, margin, px(16))
        # Continue on a row of its own when its words do not fit beside the others
        cont_row = bh + px(12) if own_row else 0
        below = px(24) + bh + cont_row + list_h + px(20) + (msg_h + px(8) if msg_h else 0)
        blurb_size, title_size, pic_y = px(15 * grow), px(30 * grow), px(64 * grow)
        blurb_font = D.font(blurb_size)
        line_h = blurb_font.get_linesize()
        most_lines = max(len(wrap(game_tagline(g), blurb_font, card_w - px(32))) for g in GAME_KEYS)

        def card_height(top_y: int) -> int:
            return min(int(h * 0.62), int(card_w * 1.45), h - top_y - below - edge + px(20))

        def picture_h(height: int, side_by_side: bool) -> int:
            buttons = bh + px(16) if side_by_side else 2 * bh + px(26)
            return height - pic_y - buttons - px(10) - most_lines * line_h - px(8)

        card_h = card_height(top)
        head_h = px(26)         # "Recent games" over the list, where the cards' pictures can spare the room
        # (compact too when only it leaves room for "Recent games" over the list)
        compact = bool(recent) and (picture_h(card_h, False) < px(120) or picture_h(card_h - head_h, False) < px(100))
        if compact:             # room for the recent games: cards a little higher, Play and Tutorial side by side
            top -= head["gap"] // 3
            card_h = card_height(top)
        self.recent_heading = None
        if recent and picture_h(card_h - head_h, compact) >= px(100):
            list_h += head_h
            below += head_h
            card_h = card_height(top)
            self.recent_heading = head_h
        # the content (title to the last row under the cards) in the middle of the window's height
        content_h = top - edge + card_h + below - px(20)
        head["top"] = max(edge, (h - content_h) // 2)
        head["size"] = (w, h)
        top += head["top"] - edge
        self._head = head
        x0 = (w - (n * card_w + (n - 1) * gap)) // 2
        words = {"play": _("Play"), "tutorial": _("Tutorial"), "analyse": _("Analyse")}
        for i, name in enumerate(GAME_KEYS):
            title, blurb = game_title(name), game_tagline(name)
            rect = pygame.Rect(x0 + i * (card_w + gap), top, card_w, card_h)
            lines = wrap(blurb, blurb_font, rect.w - px(32))      # the tagline: one or two lines
            if compact:         # Play, Tutorial and Analyse in one row, each as its words need
                room = rect.w - px(60)
                need = {k: D.font(px(16), True).size(t)[0] + px(20) for k, t in words.items()}
                need["play"] = D.font(px(18), True).size(words["play"])[0] + px(20)
                if sum(need.values()) <= room:      # the room left shared out evenly
                    spare = (room - sum(need.values())) // 3
                    play_w, tut_w = need["play"] + spare, need["tutorial"] + spare
                else:                               # too little room: each gives up the same share
                    total = sum(need.values())
                    play_w, tut_w = need["play"] * room // total, need["tutorial"] * room // total
                play_r = pygame.Rect(rect.x + px(20), rect.bottom - bh - px(16), play_w, bh)
                tut_r = pygame.Rect(play_r.right + px(10), play_r.y, tut_w, bh)
            else:
                play_r = pygame.Rect(rect.x + px(20), rect.bottom - 2 * bh - px(26), rect.w - px(40), bh)
                tut_r = pygame.Rect(rect.x + px(20), rect.bottom - bh - px(16), (rect.w - px(50)) // 2, bh)
            ana_r = pygame.Rect(tut_r.right + px(10), tut_r.y, rect.right - px(20) - tut_r.right - px(10), bh)
            play_y = play_r.y
            blurb_y = play_y - px(10) - len(lines) * blurb_font.get_linesize()
            # every card's picture as tall as the one over the longest tagline: the three alike
            pic_bottom = play_y - px(10) - most_lines * blurb_font.get_linesize() - px(8)
            pic = pygame.Rect(rect.x + px(16), rect.y + pic_y, rect.w - px(32), pic_bottom - rect.y - pic_y)
            play = UIButton(play_r, words["play"],
                            self.ui, container=self.root, object_id="#primary_button",
                            tool_tip_text=_("Set up a game of {game}").format(game=title))
            tut = UIButton(tut_r, words["tutorial"], self.ui, container=self.root,
                           tool_tip_text=_("Learn {game} step by step: lessons, then puzzles").format(game=title))
            ana = UIButton(ana_r, words["analyse"], self.ui, container=self.root,
                           tool_tip_text=_("An analysis board for {game}: try lines, ask the engine").format(game=title))
            self.cards.append({"name": name, "title": title, "blurb": blurb, "rect": rect, "pic": pic,
                               "play": play, "tutorial": tut, "analyse": ana, "lines": lines, "blurb_y": blurb_y,
                               "line_h": blurb_font.get_linesize(), "blurb_size": blurb_size,
                               "title_size": title_size, "title_y": rect.y + title_size})
        gap = px(16)
        y = min(h - bh - cont_row - px(20) - list_h - (msg_h + px(8) if msg_h else 0), top + card_h + px(24))
        button_rows: list[list[tuple[str, int]]] = [fixed]
        if cont_w:
            if own_row:
                button_rows.insert(0, [("continue", cont_w)])
            else:
                button_rows[0] = [("continue", cont_w)] + fixed
        self.continue_btn = None
        places: list[tuple[str, int, int, int]] = []      # (key, x, y, width)
        for row in button_rows:
            x = (w - (sum(wd for _, wd in row) + gap * (len(row) - 1))) // 2
            for key, wd in row:
                places.append((key, x, y, wd))
                x += wd + gap
            if row is not button_rows[-1]:
                y += bh + px(12)
        for key, x, y, wd in places:
            r = pygame.Rect(x, y, wd, bh)
            if key == "continue":
                fitted = fit_text(labels[key], D.font(px(18), True), wd - px(24), "menu: Continue")
                tip = (_("Go on with the game you left: {game} (it is saved after every move)").format(
                    game=self.resume_text) if self.continue_short else
                    _("Go on with the game you left (it is saved after every move)"))
                self.continue_btn = UIButton(r, fitted, self.ui,
                                             container=self.root, object_id="#primary_button", tool_tip_text=tip)
            elif key == "load":
                self.load_btn = UIButton(r, labels[key], self.ui, container=self.root,
                                         tool_tip_text=_("Open a saved game record"))
            elif key == "puzzles":
                self.puzzles_btn = UIButton(r, labels[key], self.ui, container=self.root,
                                            tool_tip_text=_("Rated puzzles mined from games, near your rating"))
            elif key == "rush":
                self.rush_btn = UIButton(r, labels[key], self.ui, container=self.root,
                                         tool_tip_text=_("Three minutes of puzzles, easy to hard"))
            elif key == "settings":
                self.settings_btn = UIButton(r, labels[key], self.ui, container=self.root)
            else:
                self.quit_btn = UIButton(r, labels[key], self.ui, container=self.root, object_id="#danger_button")
        y += bh
        kw = px(40)                       # the keys overlay's button, top right
        self.keys_btn = UIButton(pygame.Rect(w - kw - px(14), px(14), kw, px(34)), "?", self.ui, container=self.root,
                                 tool_tip_text=_("Keys and shortcuts (F1 or ?)"))
        if recent:
            col_w = min(px(520), (w - 2 * margin - (cols - 1) * gap) // cols)
            rx0 = (w - (cols * col_w + (cols - 1) * gap)) // 2
            label_font = D.font(px(16), True)
            y0 = y + px(10)
            if self.recent_heading:
                self.recent_heading = pygame.Rect(rx0, y + px(4), cols * col_w + (cols - 1) * gap, head_h)
                y0 = y + head_h + px(6)
            xw = rh                     # the small × that sets a game aside
            for i, entry in enumerate(recent):
                r = pygame.Rect(rx0 + (i % cols) * (col_w + gap), y0 + (i // cols) * (rh + rgap),
                                col_w - xw - px(4), rh)
                fitted = fit_text(entry["label"], label_font, r.w - px(28), "menu: a recent game")
                entry["btn"] = UIButton(r, fitted, self.ui,
                                        container=self.root,
                                        tool_tip_text=_("Go on with this unfinished game ({game})").format(
                                            game=entry["text"]))
                entry["aside"] = UIButton(pygame.Rect(r.right + px(4), r.y, xw, rh), "×", self.ui,
                                          container=self.root,
                                          tool_tip_text=_("Set this game aside (it is kept in the older games "
                                                          "folder)"))
            y += list_h
        mh = max(px(30), min(msg_h or px(30), h - (y + px(8)) - px(6)))
        self.message_box = UITextBox("", pygame.Rect((w - mw) // 2, y + px(8), mw, mh), self.ui,
                                     container=self.root, object_id="#status_box")
        self._show_message()
        self._fit_message(mw, mh)

    def _button_row(self, w: int, margin: int, gap: int) -> tuple[dict[str, str], list[tuple[str, int]], int, bool]:
        """The buttons under the cards: their words by key, the fixed ones' (key, width), the
        Continue button's width (0: no game to continue) and whether Continue needs a row of its
        own. Continue's words are never cut: beside the others when they fit (the others as
        narrow as their words if need be), else only the game's name there (the whole in its
        tooltip), else a row of its own."""
        px = self.px
        labels = {"load": _("Load game…"), "puzzles": _("Puzzles"), "rush": _("Puzzle Rush"),
                  "settings": _("Settings"), "quit": _("Quit")}
        button_font = D.font(px(16), True)

        def widths(roomy: bool) -> list[tuple[str, int]]:
            least = {"puzzles": 110, "rush": 110} if roomy else {}
            return [(key, max(px(least.get(key, 150 if roomy else 90)), button_font.size(t)[0] + px(36)))
                    for key, t in labels.items()]

        fixed = widths(True)
        self.continue_short = False
        if self.resume_record is None:
            return labels, fixed, 0, False
        full = _("Continue: {game}").format(game=self.resume_text)
        short = _("Continue: {game}").format(game=game_title(self.resume_record.game))
        cont_font = D.font(px(18), True)
        for roomy, words in ((True, full), (False, full), (False, short)):
            row = widths(roomy)
            need = max(px(150), cont_font.size(words)[0] + px(44))
            if need <= w - 2 * margin - sum(wd + gap for _key, wd in row):
                labels["continue"] = words
                self.continue_short = words is short and short != full
                return labels, row, need, False
        labels["continue"] = full
        return labels, fixed, min(max(px(150), cont_font.size(full)[0] + px(44)), w - 2 * margin), True

    def _message_lines(self, width: int) -> list[str]:
        """The message's lines in a box ``width`` wide (as ``_show_message`` breaks them)."""
        return wrap(self.message, D.font(self.px(15)), width - self.px(28))

    def _message_height(self, width: int) -> int:
        """The height the message's box needs at ``width``, laid out from its lines (0: no
        message): as measured on the box when it was, else reckoned from the font."""
        if not self.message:
            return 0
        fit = self._message_fit
        if fit is not None and fit[:2] == (self.message, width):
            return fit[2]
        font = D.font(self.px(15))
        ls = font.get_linesize()
        n = max(1, len(self._message_lines(width)))
        # pygame-gui's text boxes set lines 1.25 apart; padding, border and shadow round them
        return (n - 1) * round(ls * 1.25) + ls + self.px(24)

    def _fit_message(self, width: int, given: int) -> None:
        """Measure what the message's box really needs (its rows as pygame-gui laid them out,
        and the box's padding, border, shadow and corners); when the reckoning fell short, lay
        the menu out again once with the measured height."""
        box = self.message_box
        if box is None or not self.message:
            return
        layout = box.text_box_layout
        if layout is None or not layout.layout_rows:
            return
        words = max(row.bottom for row in layout.layout_rows) - layout.layout_rect.y
        border = box.border_width["top"] + box.border_width["bottom"]
        chrome = 2 * box.padding[1] + border + 2 * box.shadow_width + sum(box.rounded_corner_height_offsets)
        need = int(words) + chrome + self.px(2)
        known = self._message_fit
        self._message_fit = (self.message, width, need)
        if need > given and (known is None or known[:2] != (self.message, width) or known[2] < need):
            self.relayout()

    def continue_game(self) -> None:
        """Open the newest unfinished game where it was left."""
        if self.resume_record is None:
            return
        self.resume_game(self.resume_record, self.resume_path, self.resume_text)

    def resume_game(self, record: Any, path: Path | None, text: str) -> None:
        """Open an unfinished game where it was left; its board goes on writing the same file."""
        assert self.app is not None
        try:
            board = make_scene("board_from_record", record, _("Welcome back: {game}.").format(game=text), keep=path)
        except Exception:  # a record that parsed replays; never crash the menu anyway
            log.exception("restoring the saved game %s failed", path)
            self.set_message(_("The saved game could not be restored: {problem}").format(problem=_program_error()),
                             "error")
            return
        self.app.push(board)

    def analyse(self, game_name: str) -> None:
        """A card's Analyse: the analysis board for the game, in its standard variant."""
        assert self.app is not None
        self.app.push(make_scene("analysis", game_name, {}))

    def ask_set_aside(self, entry: dict[str, Any]) -> None:
        """The × of a recent game: ask, then move its file to the older games (never deleted)."""
        import html
        self._aside_path = entry["path"]
        self.open_dialog("set_aside", _("Set the game aside?"),
                         _("{game}<br><br>It leaves this list and is kept in {folder}, where Load can open it.").format(
                             game=html.escape(entry['text']),
                             folder=html.escape(str(Path(entry['path']).parent / 'older'))),
                         _("Set aside"))

    def set_aside_confirmed(self) -> None:
        from ..storage import StorageError, set_aside_unfinished
        from ..ui.problems import storage_words
        path = self._aside_path
        self._aside_path = None
        if path is None:
            return
        try:
            dest = set_aside_unfinished(path)
        except StorageError as e:
            log.warning("cannot set the game aside: %s", e)
            self.set_message(_("The game could not be set aside: {why}").format(why=storage_words(e)), "error")
            return
        self.check_autosave()
        self.set_message(_("Set aside: {file} (in {folder}).").format(file=dest.name, folder=dest.parent))
        self.relayout()

    def default_action(self) -> None:
        """What Enter does on the menu: Continue (the game left last), else the first game's Play."""
        assert self.app is not None
        if self.continue_btn is not None:
            self.continue_game()
        elif self.cards:
            self.app.push(make_scene("new_game", self.cards[0]["name"]))

    def picture(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A card's picture in the app's current theme (drawn once per game, size and theme:
        after a theme change in Settings the next draw shows the new colours)."""
        theme = self.app.theme if self.app is not None else None
        key = (name, size, theme.name if theme is not None else "")
        if key not in self._pictures:
            self._pictures[key] = board_picture(name, size, theme)
        return self._pictures[key]

    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            from .files import path_picked
            return path_picked(self, event)
        answer = self.dialog_answer(event)
        if answer is not None:
            kind, confirmed = answer
            if confirmed and kind == "replace":
                from .files import replace_confirmed
                replace_confirmed(self)
            elif confirmed and kind == "set_aside":
                self.set_aside_confirmed()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.dialog is None:
            self.default_action()             # Enter: Continue the last game, else Play the first game
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if is_button(event, self.keys_btn):
            self.app.show_keys()
            return True
        if is_button(event, self.continue_btn):
            self.continue_game()
            return True
        for entry in self.recent:
            if is_button(event, entry.get("btn")):
                self.resume_game(entry["record"], entry["path"], entry["text"])
                return True
            if is_button(event, entry.get("aside")):
                self.ask_set_aside(entry)
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
            if is_button(event, card.get("analyse")):
                self.analyse(card["name"])
                return True
        if is_button(event, self.puzzles_btn):
            self.app.push(puzzles_scene("rated_puzzles"))
            return True
        if is_button(event, self.rush_btn):
            self.app.push(puzzles_scene("rush"))
            return True
        if is_button(event, self.settings_btn):
            self.app.push(settings_scene())
            return True
        if is_button(event, self.quit_btn):
            self.app.quit()
            return True
        return False

    def _head_layout(self, w: int, h: int) -> dict[str, Any]:
        """The title and the subtitle over the cards: their sizes and lines, and the height they
        take with the room under them (``top``: where the title's line starts; ``build_ui`` sets it
        so that the whole menu stands in the middle of the window). Sized from the window's height
        as a 16:10 window of its width would have it (never more: a tall window's title is not
        huge), at most so much bigger than the widgets' scale, and shrunk to fit the width (the
        subtitle, at its smallest, on more lines): never cut."""
        px = self.px
        grow = self._grow
        eh = min(h, w * 10 // 16)
        room = w - 2 * max(int(w * 0.05), px(62))      # (clear of the keys' button, top right)

        def fitted(text: str, size: int, least: int, bold: bool) -> tuple[int, list[str]]:
            size = max(least, size)
            for _try in range(8):
                wide = D.font(size, bold).size(text)[0]
                if wide <= room or size <= least:
                    break
                size = max(least, min(size - 1, int(size * room / wide)))
            f = D.font(size, bold)
            return size, ([text] if f.size(text)[0] <= room else wrap(text, f, room) or [text])

        title_size, title_lines = fitted("  ·  ".join(game_title(g) for g in GAME_KEYS),
                                         min(max(28, int(eh * 0.062)), px(60 * grow)), px(20), True)
        sub_size, sub_lines = fitted(_("Three abstract strategy games. Play a friend at this table or the computer."),
                                     min(max(14, int(eh * 0.024)), px(24 * grow)), max(14, px(14)), False)
        title_ls, sub_ls = D.font(title_size, True).get_linesize(), D.font(sub_size).get_linesize()
        gap = max(px(16), round(sub_size * 1.6))        # between the subtitle and the cards
        between = max(px(2), title_size // 10)
        height = len(title_lines) * title_ls + between + len(sub_lines) * sub_ls + gap
        return {"title": (title_size, title_lines, title_ls), "subtitle": (sub_size, sub_lines, sub_ls),
                "between": between, "gap": gap, "height": height, "top": px(14)}

    def _texts(self) -> list[tuple[str, str, tuple[int, int], int, bool, pygame.Rect | None]]:
        """The texts the menu draws: (name, text, centre, size, bold, the card it belongs to)."""
        w, h = self.size
        px = self.px
        head = self._head if self._head is not None and self._head.get("size") == (w, h) else None
        if head is None:        # (not laid out for this size yet: the title at the top)
            head = self._head_layout(w, h)
        out: list[tuple[str, str, tuple[int, int], int, bool, pygame.Rect | None]] = []
        y = head["top"]
        for key, bold in (("title", True), ("subtitle", False)):
            size, lines, ls = head[key]
            for i, line in enumerate(lines):
                out.append((key if i == 0 else f"{key} {i + 1}", line, (w // 2, y + ls // 2), size, bold, None))
                y += ls
            y += head["between"]
        for card in self.cards:
            r: pygame.Rect = card["rect"]
            out.append((f"{card['name']} title", card["title"], (r.centerx, card["title_y"]), card["title_size"],
                        True, r))
            for i, line in enumerate(card["lines"]):
                out.append((f"{card['name']} tagline {i + 1}", line,
                            (r.centerx, card["blurb_y"] + (2 * i + 1) * card["line_h"] // 2), card["blurb_size"],
                            False, r))
        head = self.recent_heading
        if isinstance(head, pygame.Rect) and self.recent:
            out.append(("recent heading", _("Recent games"), head.center, px(16), True, head))
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
        T = self.app.theme if self.app is not None else CLASSIC     # the cards' colours: the app's theme
        for card in self.cards:
            r: pygame.Rect = card["rect"]
            shadow = D.rounded_panel((r.w, r.h), (0, 0, 0, 90), radius=px(18))
            surface.blit(shadow, r.move(5, 8))
            surface.blit(D.rounded_panel((r.w, r.h), T.menu_card_fill, radius=px(18), border=T.card_border), r)
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
        self.back_btn = UIButton(pygame.Rect(w // 2 - self.px(100), int(h * 0.62), self.px(200), self.px(46)), _("Back"),
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


def _program_error() -> str:
    """What a player is told of an exception the program did not expect (its text and trace go
    to the log, in English)."""
    return _("an error in the program (the log has its details)")


def tutorial_scene(name: str, title: str) -> Scene:
    """The tutorial of a game; a message page if it cannot be opened (never a crash in the menu)."""
    try:
        return make_scene("tutorial", name)
    except Exception:    # opening a scene from the menu: a message page, never a crash
        log.exception("the %s tutorial cannot be opened", name)
        return MessageScene(_("{game} tutorial").format(game=title),
                            _("The lessons cannot be opened: {problem}. The Play screen marks every legal move: "
                              "click one of your glowing pieces to see where it can go.").format(problem=_program_error()))


def puzzles_scene(name: str) -> Scene:
    """The rated puzzles or Puzzle Rush ('rated_puzzles', 'rush') of the game played there last
    (the first game's at first); a message page if it cannot be opened."""
    try:
        from ..puzzles.store import load_store
        last = load_store()[0].last_game
        return make_scene(name, last if last in GAME_KEYS else GAME_KEYS[0])
    except Exception:    # opening a scene from the menu: a message page, never a crash
        log.exception("the %s scene cannot be opened", name)
        return MessageScene(_("Puzzles"), _("The puzzles cannot be opened: {problem}.").format(problem=_program_error()))


def settings_scene() -> Scene:
    """The settings scene (a message page if it cannot be opened)."""
    try:
        return make_scene("settings")
    except Exception:    # opening a scene from the menu: a message page, never a crash
        log.exception("the settings cannot be opened")
        return MessageScene(_("Settings"), _("Settings cannot be opened: {problem}. Keys on the board: Ctrl+L "
                                             "shows or hides coordinates, + and - change the animation speed, "
                                             "Ctrl+Z undoes, Ctrl+Y redoes.").format(problem=_program_error()))
