"""New-game setup: who plays Black and White, the clocks, and the Onyx variant; then Start."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UILabel, UITextBox

from ..ai.levels import LADDER
from ..clock import MAX_INCREMENT, MAX_INITIAL, PRESETS, TimeControl, think_budget
from ..i18n import N_, _
from ..match import HUMAN
from ..names import GAME_KEYS, game_title, level_words, side_name
from ..settings import Settings
from ..ui.choice import ChoiceMenu
from ..ui.entry import TextEntry
from ..ui.overlays import draw_ticks
from ..ui.text import wrapped_html
from ..views import draw as D
from .base import Scene, is_board_scene, is_button, make_scene, register

log = logging.getLogger(__name__)

# A new game: the player (Black) against the computer at level 2, a beginner's level.
DEFAULT_PLAYERS = {"black": HUMAN, "white": "easy"}


def player_choices(game_name: str, settings: Settings | None = None,
                   time_control: TimeControl | None = None, size: int | None = None) -> tuple[tuple[str, str], ...]:
    """(words, value): Human, then "Computer – Level N · rated about R" for each level (R: the
    shipped rating of the level in this game, rounded to tens; ``game.ai.ladder``), with the
    names Easy, Medium and Hard after the three levels that have them; with the player's
    ``settings``, a level whose think time makes it stronger or weaker than rated says so, and
    with a ``time_control``, a level that the clock's share of its first move cuts short."""
    limit = (think_budget(time_control.initial, time_control.increment)
             if time_control is not None else None)
    out = [(_("Human"), HUMAN)]
    for name in LADDER:
        seconds = settings.level_seconds(name) if settings is not None else None
        words = level_words(game_name, name, seconds, limit, size)
        # Translators: a computer player in the New game form, e.g. "Computer – Level 3 · rated about 1270"
        out.append((_("Computer – {level}").format(level=words), name))
    return tuple(out)


# The clocks: none, the presets (minutes + seconds a move), or the player's own. The
# drop-down's values: NO_CLOCK, a preset's TimeControl, CUSTOM_CLOCK.
NO_CLOCK, CUSTOM_CLOCK = "none", "custom"
CLOCK_VALUES: tuple[Any, ...] = (NO_CLOCK, *PRESETS, CUSTOM_CLOCK)


def clock_value(tc: TimeControl | None) -> Any:
    """The clock drop-down's value for a time control (a preset's own, else custom)."""
    if tc is None:
        return NO_CLOCK
    return tc if tc in PRESETS else CUSTOM_CLOCK


def clock_words(value: Any) -> str:
    """The clock drop-down's words for a value: 'No clock', '5 min + 3 s', 'Custom…'."""
    if value == NO_CLOCK or value is None:
        return _("No clock")
    if isinstance(value, TimeControl):
        m = value.initial // 60
        if value.increment:
            # Translators: a clock preset, minutes each plus seconds added a move
            return _("{minutes} min + {seconds} s").format(minutes=m, seconds=value.increment)
        return _("{minutes} min").format(minutes=m)
    return _("Custom…")


def clock_choice(tc: TimeControl | None) -> str:
    """The clock drop-down's words for a time control: 'No clock', '5 min + 3 s', 'Custom…'."""
    return clock_words(clock_value(tc))


def clock_options() -> list[tuple[str, Any]]:
    return [(clock_words(v), v) for v in CLOCK_VALUES]


def minutes_text(seconds: int) -> str:
    """A time in the custom clock's minutes box: '5', or '0:30' when not whole minutes."""
    m, s = divmod(int(seconds), 60)
    return f"{m}" if s == 0 else f"{m}:{s:02d}"


def custom_clock(minutes: str, increment: str) -> TimeControl:
    """The custom clock from its two boxes: minutes ('5', or '1:30' with seconds) and seconds a
    move ('3'; empty: 0). ValueError in the player's words."""
    m_text, i_text = minutes.strip(), increment.strip() or "0"
    head, colon, tail = m_text.partition(":")
    if not (head.isascii() and head.isdigit()) or (colon and not (tail.isascii() and tail.isdigit()
                                                                  and len(tail) == 2 and int(tail) < 60)):
        raise ValueError(_("Clock: give the minutes as a whole number (or minutes:seconds, 0:30)."))
    if not (i_text.isascii() and i_text.isdigit()):
        raise ValueError(_("Clock: give the seconds added per move as a whole number."))
    total = int(head) * 60 + (int(tail) if colon else 0)
    if not 1 <= total <= MAX_INITIAL:
        raise ValueError(_("Clock: from 1 second to {hours} hours each.").format(hours=MAX_INITIAL // 3600))
    if not 0 <= int(i_text) <= MAX_INCREMENT:
        raise ValueError(_("Clock: from 0 to {seconds} seconds added per move.").format(seconds=MAX_INCREMENT))
    return TimeControl(total, int(i_text))


ONYX_SIZES = (12, 16, 20)
# what each game is about, under its options
ABOUT = {"amoeba": N_("One board of 37 points; each side has a Kernel. Capture the other Kernel, or "
                      "control more stacks when the game is counted."),
         "onyx": N_("Join your two edges; a stone that closes a square captures across it."),
         "onager": N_("Black places the first and the third lake, White the second; then Black moves "
                      "first. Get more discs onto the far row than your opponent has on yours.")}


@register("new_game")
class NewGameScene(Scene):
    title = N_("New game")

    def needs_frames(self) -> bool:
        """Nothing here moves by itself: the window may sleep until the next event."""
        return False

    def keys_place(self) -> str:
        return "form"

    def __init__(self, game_name: str = "amoeba", options: dict[str, Any] | None = None,
                 players: dict[str, str] | None = None, time_control: TimeControl | None = None,
                 clock_given: bool = False, ring_on: str = "", back_to: Path | None = None) -> None:
        super().__init__()
        # the unfinished game this form was opened from (a board's New game): Back returns to it
        self.back_to = back_to
        self.ring_on = ring_on     # a widget the keyboard's ring starts on (back from the editor: 'setup')
        self.game_name = game_name
        self.options: dict[str, Any] = dict(options or {})
        self.players = {**DEFAULT_PLAYERS, **(players or {})}
        self.custom = ("5", "3")                   # the custom clock's boxes
        self.set_clock(time_control)
        # what the caller chose (a board's New game, the command line); the rest is offered as
        # the player last chose it for this game (``Settings.last``, taken in ``enter``)
        # (``clock_given``: no clock was the choice, as back from Set up…, not the last one's)
        self.given = (dict(players or {}), bool(options), time_control is not None or clock_given)
        self.problem = ""                          # why the form cannot start (a custom clock's words)
        # the custom clock's line for the problem: (left of the labels, left of the fields, top, right)
        self.problem_line: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.widgets: dict[str, Any] = {}
        self.panel_rect = pygame.Rect(0, 0, 10, 10)

    def set_clock(self, time_control: TimeControl | None) -> None:
        """The clocks chosen (None: no clock): the drop-down's value and the custom boxes."""
        self.time_control = time_control
        self.clock = clock_value(time_control)
        if time_control is not None:
            self.custom = (minutes_text(time_control.initial), str(time_control.increment))

    def enter(self, app: Any) -> None:
        self.take_last(app, *self.given)
        super().enter(app)
        el = self.widgets.get(self.ring_on) if self.ring_on else None
        if el is not None and el.visible and el.is_enabled:
            from ..ui import focus as focus_ui
            focus_ui.ring_on(app, el)

    def take_last(self, app: Any, players: dict[str, str], options: bool, clock: bool) -> None:
        """Offer what the player last chose for this game (``Settings.last``), except what was
        given: the players of the sides not given, the variant, the clock."""
        last = app.settings.last.get(self.game_name)
        if last is None:
            return
        valid = {value for _words, value in player_choices(self.game_name)}
        for side, who in (("black", last.black), ("white", last.white)):
            if side not in players and who in valid:
                self.players[side] = who
        if not options and self.game_name == "onyx":
            self.options = dict(last.options)
        if not clock:
            try:
                self.set_clock(TimeControl.parse(last.clock) if last.clock else None)
            except ValueError:          # (checked when the settings were read)
                pass

    def app_settings(self) -> Settings | None:
        """The player's settings (think time per level), once the form is on an app."""
        return self.app.settings if self.app is not None else None

    def build_ui(self) -> None:
        w, h = self.size
        px = self.px
        # the same size for every game (room for Onyx's options), so the tabs and buttons stay put
        # when another game is chosen
        content = px(96 + 64 + 3 * 54 + 136 + 130)
        pw, ph = min(px(620), int(w * 0.6)), min(content, int(h * 0.92))
        # wider when a player's words need it ('Computer – Level 5 (Medium) · rated about 1560' in
        # a longer language): the labels' column, the longest choice and its arrow
        label_font, choice_font = D.font(px(18), True), D.font(px(16), True)
        names = (side_name("black"), side_name("white"), _("Clock"), _("Board"))
        lw_need = max(px(110), max(label_font.size(t)[0] for t in names) + px(24))
        longest = max(choice_font.size(t)[0] for g in GAME_KEYS for size in ((None, 16) if g == "onyx" else (None,))
                      for t, _v in player_choices(g, self.app_settings(), self.time_control, size))  # (every game's)
        need = lw_need + longest + px(48) + px(80)
        pw = max(pw, min(need, int(w * 0.92)))
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x = self.panel_rect.x + px(40)
        y = self.panel_rect.y + px(96)
        fw = pw - px(80)
        W = self.widgets = {}
        # game tabs
        tab_w = (fw - px(20)) // 3
        for i, name in enumerate(GAME_KEYS):
            b = UIButton(pygame.Rect(x + i * (tab_w + px(10)), y, tab_w, px(40)), game_title(name), self.ui,
                         container=self.root, object_id="#primary_button" if name == self.game_name else None)
            W[f"tab_{name}"] = b
        y += px(64)
        # the labels' column as wide as its longest word needs (every language), within reason
        labels = {"black": side_name("black"), "white": side_name("white"), "clock": _("Clock"),
                  "size": _("Board")}
        label_font = D.font(px(18), True)
        lw = max(px(110), min(fw // 3, max(label_font.size(t)[0] for t in labels.values()) + px(24)))
        for color in ("black", "white"):
            UILabel(pygame.Rect(x, y, lw - px(10), px(40)), labels[color], self.ui, container=self.root,
                    object_id="#counts_label")
            W[color] = ChoiceMenu(player_choices(self.game_name, self.app_settings(), self.time_control,
                                                 self.options.get("size")),
                                  self.players[color],
                                  pygame.Rect(x + lw, y, fw - lw, px(40)), self.ui, container=self.root)
            y += px(54)
        self._build_clock(x, y, lw, fw, labels["clock"])
        y += px(54) + (px(20) if self.clock == CUSTOM_CLOCK else 0)     # a custom clock: a line for its problem
        if self.game_name == "onyx":
            UILabel(pygame.Rect(x, y, lw - px(10), px(40)), labels["size"], self.ui, container=self.root,
                    object_id="#counts_label")
            W["size"] = ChoiceMenu([(f"{n}×{n}", n) for n in ONYX_SIZES], int(self.options.get("size", 12)),
                                   pygame.Rect(x + lw, y, px(160), px(40)), self.ui, container=self.root)
            y += px(46)
            W["open"] = UICheckBox(pygame.Rect(x + lw, y + px(6), px(24), px(24)), _("Open start (empty board)"),
                                   self.ui, container=self.root, initial_state=bool(self.options.get("open")))
            y += px(34)
            W["pie"] = UICheckBox(pygame.Rect(x + lw, y + px(6), px(24), px(24)),
                                  _("Pie rule (second player may swap)"),
                                  self.ui, container=self.root, initial_state=bool(self.options.get("pie")))
            y += px(38)             # (the rows close up: the game's description keeps two lines below)
        bottom = self.panel_rect.bottom - px(70)
        if self.game_name in ABOUT:
            lines = wrapped_html(_(ABOUT[self.game_name]), D.font(px(15)), fw - px(24))
            W["about"] = UITextBox(f"<font color='#b8a890'>{lines}</font>",
                                   pygame.Rect(x, y + px(4), fw, min(px(96), bottom - px(6) - y - px(4))), self.ui,
                                   container=self.root, object_id="#plain_text")
        # Back, Set up… and Start game: Start as wide as its words need, Set up… in between
        button_font = D.font(px(18), True)
        back_w = max(px(120), D.font(px(16), True).size(_("Back"))[0] + px(40))
        start_w = max(px(200), button_font.size(_("Start game"))[0] + px(48))
        W["back"] = UIButton(pygame.Rect(x, bottom, back_w, px(48)), _("Back"), self.ui, container=self.root)
        W["start"] = UIButton(pygame.Rect(self.panel_rect.right - px(40) - start_w, bottom, start_w, px(48)),
                              _("Start game"), self.ui, container=self.root, object_id="#primary_button")
        gap = px(10)            # between Back and Start: the position editor of this game
        W["setup"] = UIButton(pygame.Rect(W["back"].rect.right + gap, bottom, W["start"].rect.x - W["back"].rect.right
                                          - 2 * gap, px(48)), _("Set up…"), self.ui, container=self.root,
                              tool_tip_text=_("Set up any position of this game, then play, analyse or save it"))

    def _build_clock(self, x: int, y: int, lw: int, fw: int, label: str) -> None:
        """The clock row: a drop-down of the time controls and, for a custom one, its minutes
        and seconds a move."""
        px = self.px
        W = self.widgets
        UILabel(pygame.Rect(x, y, lw - px(10), px(40)), label, self.ui, container=self.root,
                object_id="#counts_label")
        custom = self.clock == CUSTOM_CLOCK
        small = D.font(px(15))
        unit_min, unit_s = _("min +"), _("s")
        min_w = small.size(unit_min)[0] + px(8)
        s_w = small.size(unit_s)[0] + px(8)
        ew = px(52)
        boxes = 2 * ew + min_w + s_w + 3 * px(6) + px(10)
        dw = max(px(130), fw - lw - boxes) if custom else fw - lw
        dw = min(dw, px(200)) if custom else dw
        W["clock"] = ChoiceMenu(clock_options(), self.clock, pygame.Rect(x + lw, y, dw, px(40)),
                                self.ui, container=self.root)
        self.problem_line = (x, x + lw, y + px(44), x + fw)
        if not custom:
            return
        bx = x + lw + dw + px(10)
        W["clock_min"] = TextEntry(pygame.Rect(bx, y + px(4), ew, px(32)), self.ui, container=self.root,
                                   placeholder_text=_("min"), max_length=6)
        W["clock_min"].set_text(self.custom[0])
        UILabel(pygame.Rect(bx + ew + px(4), y, min_w, px(40)), unit_min, self.ui, container=self.root,
                object_id="#player_label")
        bx += ew + px(4) + min_w + px(6)
        W["clock_inc"] = TextEntry(pygame.Rect(bx, y + px(4), ew, px(32)), self.ui, container=self.root,
                                   placeholder_text=_("s"), max_length=4)
        W["clock_inc"].set_text(self.custom[1])
        UILabel(pygame.Rect(bx + ew + px(4), y, s_w, px(40)), unit_s, self.ui, container=self.root,
                object_id="#player_label")

    # ------------------------------------------------------------ state
    def read_clock(self) -> bool:
        """The clock chosen (``time_control``) from its drop-down and boxes; False, with the
        reason in ``problem``, when a custom clock cannot be read."""
        W = self.widgets
        if "clock" in W:
            self.clock = W["clock"].value
        if "clock_min" in W and "clock_inc" in W:
            self.custom = (W["clock_min"].get_text(), W["clock_inc"].get_text())
        self.problem = ""
        if self.clock == CUSTOM_CLOCK:
            try:
                self.time_control = custom_clock(*self.custom)
            except ValueError as e:
                self.problem = str(e)
                return False
            return True
        self.time_control = self.clock if isinstance(self.clock, TimeControl) else None
        return True

    def read_widgets(self) -> None:
        W = self.widgets
        for color in ("black", "white"):
            if color in W:
                self.players[color] = str(W[color].value)
        if self.game_name == "onyx" and "size" in W:
            self.options["size"] = int(W["size"].value)
            self.options["open"] = bool(W["open"].get_state())
            self.options["pie"] = bool(W["pie"].get_state())

    def choose_game(self, name: str) -> None:
        self.read_widgets()
        self.read_clock()
        if name != self.game_name:
            self.game_name = name
            self.options = {}
            if self.app is not None:
                self.take_last(self.app, {}, False, False)     # that game's last choices
            self.relayout()

    def back(self) -> bool:
        """Escape: as Back, when it returns to a game (else the app goes back a screen)."""
        if super().back():
            return True
        if self.back_to is None:
            return False
        self.go_back()
        return True

    def go_back(self) -> None:
        """Back: to the game this form was opened from (as Continue opens it), else the screen below."""
        assert self.app is not None
        board = self._game_left()
        if board is None:
            self.app.pop()
            return
        self.app.notice = ""                # ('your game is kept': it is back on the screen)
        self.app.replace(board)

    def _game_left(self) -> Scene | None:
        """The board of the game the form was opened from, read back from its file (None: it
        cannot be, and Back is the screen below)."""
        if self.back_to is None:
            return None
        from ..rules.base import RulesError
        from ..storage import load_unfinished
        from ..writer import flush_writes
        flush_writes()                      # (its last move is written as the board goes)
        record, _note = load_unfinished(self.back_to)
        if record is None:
            return None
        try:
            return make_scene("board_from_record", record, keep=self.back_to)
        except RulesError:                  # (a record that parsed replays: never expected)
            log.warning("the game left for New game could not be opened again", exc_info=True)
            return None

    def start(self) -> None:
        self.read_widgets()
        assert self.app is not None
        if not self.read_clock():
            return                          # the form says why (``problem``)
        opts = dict(self.options) if self.game_name == "onyx" else {}
        self.app.settings.remember(self.game_name, self.players["black"], self.players["white"], opts,
                                   self.time_control.text if self.time_control is not None else "")
        board = make_scene("new_board", self.game_name, opts, dict(self.players),
                           time_control=self.time_control)
        if is_board_scene(board):
            board.say_notice(self.app)      # the game left for this one is kept: said once, here
        self.app.replace(board)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            W = self.widgets
            for name in GAME_KEYS:
                if is_button(event, W.get(f"tab_{name}")):
                    self.choose_game(name)
                    return True
            if is_button(event, W.get("start")):
                self.start()
                return True
            if is_button(event, W.get("setup")):
                self.read_widgets()
                self.read_clock()               # (a custom clock it cannot read: the one before)
                assert self.app is not None
                opts = dict(self.options) if self.game_name == "onyx" else {}
                self.app.replace(make_scene("editor", self.game_name, opts, dict(self.players),
                                            time_control=self.time_control))
                return True
            if is_button(event, W.get("back")):
                self.go_back()
                return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            size = self.options.get("size")
            self.read_widgets()
            was = self.time_control, self.clock == CUSTOM_CLOCK, size
            self.read_clock()
            if was != (self.time_control, self.clock == CUSTOM_CLOCK, self.options.get("size")):
                # the custom clock's boxes come or go; the players' words say what the clock
                # (and the Onyx board's size) does to each level
                self.relayout()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.panel_rect
        px = self.px
        surface.blit(D.rounded_panel(r.size, (0, 0, 0, 90), radius=px(20)), r.move(6, 9))
        surface.blit(D.rounded_panel(r.size, (32, 25, 20, 240), radius=px(20), border=(150, 110, 66, 255)), r)
        D.text(surface, _("New game"), (r.centerx, r.y + px(48)), px(34), (255, 226, 168), bold=True)
        if self.problem:
            D.text(surface, self.problem, self.problem_rect().topleft, px(14), (255, 128, 112), anchor="topleft")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The ticks of the checked boxes."""
        draw_ticks(surface, (self.widgets.get(key) for key in ("open", "pie")),
                   self.app.theme if self.app is not None else None)

    def problem_rect(self) -> pygame.Rect:
        """Where the custom clock's problem is written: under the clock's fields, or from the
        labels' edge when it is longer than the fields' width."""
        left, fields, top, right = self.problem_line
        w, h = D.font(self.px(14)).size(self.problem)
        return pygame.Rect(fields if fields + w <= right else left, top, w, h)

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """The title the scene draws itself (the layout audit checks it): (name, rect, bounds, size)."""
        r = self.panel_rect
        rect = pygame.Rect((0, 0), D.font(self.px(34), True).size(_("New game")))
        rect.center = (r.centerx, r.y + self.px(48))
        out: list[tuple[str, pygame.Rect, pygame.Rect | None, int]] = [("title", rect, r, self.px(34))]
        if self.problem:
            out.append(("clock_problem", self.problem_rect(), r, self.px(14)))
        return out
