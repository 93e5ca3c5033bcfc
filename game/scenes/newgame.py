"""New-game setup: who plays Black and White, the clocks, and the Onyx variant; then Start."""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextBox

from ..ai.ladder import about
from ..ai.levels import LADDER
from ..clock import PRESETS, TimeControl
from ..match import HUMAN
from ..ui.entry import TextEntry
from ..ui.overlays import draw_tick
from ..views import draw as D
from .base import Scene, is_board_scene, is_button, make_scene, register

# The position editor's choices (it offers the three named levels; tests/test_editor.py
# checks the two lists stay the same). The form itself offers every level of the ladder.
PLAYER_CHOICES = (("Human", HUMAN), ("Computer – Easy", "easy"), ("Computer – Medium", "medium"),
                  ("Computer – Hard", "hard"))
# A new game: the player (Black) against the computer at level 2, a beginner's level.
DEFAULT_PLAYERS = {"black": HUMAN, "white": "easy"}


def player_choices(game_name: str) -> tuple[tuple[str, str], ...]:
    """Human, then "Computer – Level N · about R" for each level (R: the shipped rating of
    the level in this game, rounded to tens; ``game.ai.ladder``), with the names Easy,
    Medium and Hard after the three levels that have them."""
    out = [("Human", HUMAN)]
    for name in LADDER:
        out.append((f"Computer – {about(game_name, name)}", name))
    return tuple(out)
# The clocks: none, the presets (minutes + seconds a move), or the player's own.
NO_CLOCK, CUSTOM_CLOCK = "No clock", "Custom…"


def clock_choice(tc: TimeControl | None) -> str:
    """The clock drop-down's words for a time control: 'No clock', '5 min + 3 s', 'Custom…'."""
    if tc is None:
        return NO_CLOCK
    if tc in PRESETS:
        m = tc.initial // 60
        return f"{m} min + {tc.increment} s" if tc.increment else f"{m} min"
    return CUSTOM_CLOCK


CLOCK_CHOICES = (NO_CLOCK,) + tuple(clock_choice(tc) for tc in PRESETS) + (CUSTOM_CLOCK,)


def minutes_text(seconds: int) -> str:
    """A time in the custom clock's minutes box: '5', or '0:30' when not whole minutes."""
    m, s = divmod(int(seconds), 60)
    return f"{m}" if s == 0 else f"{m}:{s:02d}"


def custom_clock(minutes: str, increment: str) -> TimeControl:
    """The custom clock from its two boxes: minutes ('5', or '1:30' with seconds) and seconds a
    move ('3'; empty: 0). ValueError in the player's words."""
    m_text, i_text = minutes.strip(), increment.strip() or "0"
    head, colon, tail = m_text.partition(":")
    if not head.isdigit() or (colon and not (tail.isdigit() and len(tail) == 2 and int(tail) < 60)):
        raise ValueError("Clock: give the minutes as a whole number (or minutes:seconds, 0:30).")
    if not i_text.isdigit():
        raise ValueError("Clock: give the seconds added a move as a whole number.")
    total = int(head) * 60 + (int(tail) if colon else 0)
    try:
        return TimeControl(total, int(i_text))
    except ValueError as e:
        raise ValueError(f"Clock: {e}.") from None


GAME_TITLES = {"amoeba": "Amoeba", "onyx": "Onyx", "onager": "Onager"}
ONYX_SIZES = ("12", "16", "20")
# shown where Onyx has its options, for the games that have none
ABOUT = {"amoeba": ("One board of 37 points; each side has a Kernel. Capture the other Kernel, or "
                    "control more stacks when the game is counted."),
         "onager": ("Black places the first and the third lake, White the second; then Black moves "
                    "first. Get more discs onto the far row than your opponent has on yours.")}


def _choice_text(who: str, game_name: str = "amoeba") -> str:
    choices = player_choices(game_name)
    for text, value in choices:
        if value == who:
            return text
    return choices[0][0]


def _choice_value(text: str, game_name: str = "amoeba") -> str:
    for t, value in player_choices(game_name):
        if t == text:
            return value
    return HUMAN


@register("new_game")
class NewGameScene(Scene):
    title = "New game"

    def needs_frames(self) -> bool:
        """Nothing here moves by itself: the window may sleep until the next event."""
        return False

    def keys_place(self) -> str:
        return "form"

    def __init__(self, game_name: str = "amoeba", options: dict[str, Any] | None = None,
                 players: dict[str, str] | None = None, time_control: TimeControl | None = None) -> None:
        super().__init__()
        self.game_name = game_name
        self.options: dict[str, Any] = dict(options or {})
        self.players = {**DEFAULT_PLAYERS, **(players or {})}
        self.time_control = time_control           # the clocks chosen (None: no clock)
        self.clock_words = clock_choice(time_control)
        self.custom = (minutes_text(time_control.initial), str(time_control.increment)) \
            if time_control is not None else ("5", "3")   # the custom clock's boxes
        self.problem = ""                          # why the form cannot start (a custom clock's words)
        self.problem_at: tuple[int, int] = (0, 0)
        self.widgets: dict[str, Any] = {}
        self.panel_rect = pygame.Rect(0, 0, 10, 10)

    def build_ui(self) -> None:
        w, h = self.size
        px = self.px
        # the same size for every game (room for Onyx's options), so the tabs and buttons stay put
        # when another game is chosen
        content = px(96 + 64 + 3 * 54 + 136 + 130)
        pw, ph = min(px(620), int(w * 0.6)), min(content, int(h * 0.92))
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x = self.panel_rect.x + px(40)
        y = self.panel_rect.y + px(96)
        fw = pw - px(80)
        W = self.widgets = {}
        # game tabs
        tab_w = (fw - px(20)) // 3
        for i, name in enumerate(GAME_TITLES):
            b = UIButton(pygame.Rect(x + i * (tab_w + px(10)), y, tab_w, px(40)), GAME_TITLES[name], self.ui,
                         container=self.root, object_id="#primary_button" if name == self.game_name else None)
            W[f"tab_{name}"] = b
        y += px(64)
        lw = px(150)
        for color in ("black", "white"):
            UILabel(pygame.Rect(x, y, lw - px(10), px(40)), color.capitalize(), self.ui, container=self.root,
                    object_id="#counts_label")
            W[color] = UIDropDownMenu([t for t, _ in player_choices(self.game_name)],
                                      _choice_text(self.players[color], self.game_name),
                                      pygame.Rect(x + lw, y, fw - lw, px(40)), self.ui, container=self.root)
            y += px(54)
        self._build_clock(x, y, lw, fw)
        y += px(54)
        if self.game_name == "onyx":
            UILabel(pygame.Rect(x, y, lw - px(10), px(40)), "Board", self.ui, container=self.root,
                    object_id="#counts_label")
            size = str(self.options.get("size", 12))
            W["size"] = UIDropDownMenu([f"{s}×{s}" for s in ONYX_SIZES], f"{size}×{size}",
                                       pygame.Rect(x + lw, y, px(160), px(40)), self.ui, container=self.root)
            y += px(52)
            W["open"] = UICheckBox(pygame.Rect(x + lw, y + px(6), px(24), px(24)), "Open start (empty board)",
                                   self.ui, container=self.root, initial_state=bool(self.options.get("open")))
            y += px(40)
            W["pie"] = UICheckBox(pygame.Rect(x + lw, y + px(6), px(24), px(24)), "Pie rule (second player may swap)",
                                  self.ui, container=self.root, initial_state=bool(self.options.get("pie")))
            y += px(44)
            for key in ("open", "pie"):
                try:
                    W[key].set_check_symbol("")  # the tick is drawn (draw_overlay), as in Settings
                except AttributeError:
                    pass
        if self.game_name in ABOUT:
            W["about"] = UITextBox(f"<font color='#b8a890'>{ABOUT[self.game_name]}</font>",
                                   pygame.Rect(x, y + px(4), fw, px(96)), self.ui, container=self.root,
                                   object_id="#plain_text")
        bottom = self.panel_rect.bottom - px(70)
        W["back"] = UIButton(pygame.Rect(x, bottom, px(160), px(48)), "Back", self.ui, container=self.root)
        W["start"] = UIButton(pygame.Rect(self.panel_rect.right - px(40) - px(220), bottom, px(220), px(48)),
                              "Start game", self.ui, container=self.root, object_id="#primary_button")
        gap = px(10)            # between Back and Start: the position editor of this game
        W["setup"] = UIButton(pygame.Rect(W["back"].rect.right + gap, bottom, W["start"].rect.x - W["back"].rect.right
                                          - 2 * gap, px(48)), "Set up…", self.ui, container=self.root,
                              tool_tip_text="Set up any position of this game, then play, analyse or save it")

    def _build_clock(self, x: int, y: int, lw: int, fw: int) -> None:
        """The clock row: a drop-down of the time controls and, for a custom one, its minutes
        and seconds a move."""
        px = self.px
        W = self.widgets
        UILabel(pygame.Rect(x, y, lw - px(10), px(40)), "Clock", self.ui, container=self.root,
                object_id="#counts_label")
        custom = self.clock_words == CUSTOM_CLOCK
        dw = px(170) if custom else fw - lw
        W["clock"] = UIDropDownMenu(list(CLOCK_CHOICES), self.clock_words, pygame.Rect(x + lw, y, dw, px(40)),
                                    self.ui, container=self.root)
        self.problem_at = (x + lw, y + px(47))
        if not custom:
            return
        bx = x + lw + dw + px(10)
        ew = px(52)
        W["clock_min"] = TextEntry(pygame.Rect(bx, y + px(4), ew, px(32)), self.ui, container=self.root,
                                   placeholder_text="min", max_length=6)
        W["clock_min"].set_text(self.custom[0])
        UILabel(pygame.Rect(bx + ew + px(4), y, px(44), px(40)), "min +", self.ui, container=self.root,
                object_id="#player_label")
        bx += ew + px(52)
        W["clock_inc"] = TextEntry(pygame.Rect(bx, y + px(4), ew, px(32)), self.ui, container=self.root,
                                   placeholder_text="s", max_length=4)
        W["clock_inc"].set_text(self.custom[1])
        UILabel(pygame.Rect(bx + ew + px(4), y, px(24), px(40)), "s", self.ui, container=self.root,
                object_id="#player_label")

    # ------------------------------------------------------------ state
    def read_clock(self) -> bool:
        """The clock chosen (``time_control``) from its drop-down and boxes; False, with the
        reason in ``problem``, when a custom clock cannot be read."""
        W = self.widgets
        if "clock" in W:
            sel = W["clock"].selected_option
            self.clock_words = str(sel[0] if isinstance(sel, tuple) else sel)
        if "clock_min" in W and "clock_inc" in W:
            self.custom = (W["clock_min"].get_text(), W["clock_inc"].get_text())
        self.problem = ""
        if self.clock_words == CUSTOM_CLOCK:
            try:
                self.time_control = custom_clock(*self.custom)
            except ValueError as e:
                self.problem = str(e)
                return False
            return True
        self.time_control = next((tc for tc in PRESETS if clock_choice(tc) == self.clock_words), None)
        return True

    def read_widgets(self) -> None:
        W = self.widgets
        for color in ("black", "white"):
            if color in W:
                self.players[color] = _choice_value(W[color].selected_option[0]
                                                    if isinstance(W[color].selected_option, tuple)
                                                    else W[color].selected_option, self.game_name)
        if self.game_name == "onyx" and "size" in W:
            sel = W["size"].selected_option
            sel = sel[0] if isinstance(sel, tuple) else sel
            self.options["size"] = int(str(sel).split("×")[0])
            self.options["open"] = bool(W["open"].get_state())
            self.options["pie"] = bool(W["pie"].get_state())

    def choose_game(self, name: str) -> None:
        self.read_widgets()
        self.read_clock()
        if name != self.game_name:
            self.game_name = name
            self.options = {}
            self.relayout()

    def start(self) -> None:
        self.read_widgets()
        assert self.app is not None
        if not self.read_clock():
            return                          # the form says why (``problem``)
        opts = dict(self.options) if self.game_name == "onyx" else {}
        board = make_scene("new_board", self.game_name, opts, dict(self.players),
                           time_control=self.time_control)
        notice = self.app.notice
        if notice and is_board_scene(board) and not board.panel.status:
            board.panel.open_with(notice)   # the game left for this one is kept: said once, here
            self.app.notice = ""
        self.app.replace(board)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            W = self.widgets
            for name in GAME_TITLES:
                if is_button(event, W.get(f"tab_{name}")):
                    self.choose_game(name)
                    return True
            if is_button(event, W.get("start")):
                self.start()
                return True
            if is_button(event, W.get("setup")):
                self.read_widgets()
                assert self.app is not None
                opts = dict(self.options) if self.game_name == "onyx" else {}
                self.app.replace(make_scene("editor", self.game_name, opts, dict(self.players)))
                return True
            if is_button(event, W.get("back")):
                assert self.app is not None
                self.app.pop()
                return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.read_widgets()
            was = self.clock_words
            self.read_clock()
            if (was == CUSTOM_CLOCK) != (self.clock_words == CUSTOM_CLOCK):
                self.relayout()             # the custom clock's boxes come or go
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
        D.text(surface, "New game", (r.centerx, r.y + px(48)), px(34), (255, 226, 168), bold=True)
        if self.problem:
            D.text(surface, self.problem, self.problem_at, px(14), (255, 128, 112), anchor="topleft")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Ticks in the checked boxes, the same as Settings' (the UI font has no check mark)."""
        for key in ("open", "pie"):
            box = self.widgets.get(key)
            if box is not None and box.visible and box.get_state():
                draw_tick(surface, box.get_abs_rect())

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """The title the scene draws itself (the layout audit checks it): (name, rect, bounds, size)."""
        r = self.panel_rect
        rect = pygame.Rect((0, 0), D.font(self.px(34), True).size("New game"))
        rect.center = (r.centerx, r.y + self.px(48))
        out: list[tuple[str, pygame.Rect, pygame.Rect | None, int]] = [("title", rect, r, self.px(34))]
        if self.problem:
            prob = pygame.Rect(self.problem_at, D.font(self.px(14)).size(self.problem))
            out.append(("clock_problem", prob, r, self.px(14)))
        return out
