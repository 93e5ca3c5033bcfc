"""The settings scene, and how the settings reach the running app.

There is one ``Settings`` object (``game.settings``): ``app.settings``, which the scenes read and
this scene edits, and which is kept in ``settings.toml``. ``attach_settings(app)`` loads the file
into it at start-up and listens to it: every change of a value is applied at once (sound and
volume to the sound bank, full screen to the window; the theme and flip are read at draw time)
and saved in the background. F11 anywhere: ``toggle_fullscreen(app)``.
"""
from __future__ import annotations

import html
import logging
import math
from pathlib import Path
import warnings
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UILabel

from .. import i18n, themes
from ..i18n import N_, _
from ..settings import (LANGUAGE_CHOICES, SPEED_RANGE, THINK_KEYS, THINK_RANGE, Settings, load_settings,
                        settings_path, settings_to_toml)
from ..names import GAME_KEYS, game_title, level_title
from ..ui.choice import ChoiceMenu
from ..ui.layout import button_width, row_widths
from ..ui.overlays import draw_ticks
from ..ui.slider import Slider
from ..ui.text import ellipsize
from ..sound import bank
from ..storage import atomic_write_text
from ..views import ViewUnavailable, view_for
from ..views import draw as D
from ..writer import writer
from .base import Scene, is_button, register

if TYPE_CHECKING:  # pragma: no cover
    from ..app import App

log = logging.getLogger(__name__)

__all__ = ["SettingsScene", "attach_settings", "prefs", "toggle_fullscreen", "set_fullscreen", "save_prefs",
           "quietly"]

SLIDER_STEPS = 100
CHECKS = {"sound": "sound", "coords": "show_coords", "flip": "flip", "highlights": "show_targets",
          "fullscreen": "fullscreen"}     # check box -> setting
# the computer's think time per level (seconds) offered in the Computer row; a saved value not
# in the list is offered too (``think_choices``)
THINK_CHOICES = {"easy": (0.1, 0.25, 0.5, 1.0, 2.0), "medium": (0.5, 1.0, 2.0, 3.0, 5.0, 10.0),
                 "hard": (1.0, 2.0, 2.8, 5.0, 10.0, 20.0, 30.0)}


def _think_text(level: str, v: float, plain: bool = False) -> str:
    """'Level 5 (Medium) 1 s': the level named as New game and the board name it; ``plain``
    (a row too narrow for the names): 'Level 5 1 s'."""
    from ..ai.levels import level_number
    title = _("Level {number}").format(number=level_number(level)) if plain else level_title(level)
    # Translators: a think time in Settings, e.g. "Level 5 (Medium) 1 s" (a level, then seconds a move)
    return _("{level} {seconds} s").format(level=title, seconds=i18n.decimal(v, 2))


def flip_tip() -> str:
    """The flip's tooltip: what the board turned half round shows, a game a line, in each
    game's own words (its view's ``flip_words``)."""
    lines = []
    for name in GAME_KEYS:
        try:
            sides = view_for(name).flip_words(True)
        except ViewUnavailable:
            continue
        # Translators: one game's line in the flip's tooltip, e.g. "Onyx: row 1 at the top, column a on the right"
        lines.append(_("{game}: {sides}").format(game=game_title(name), sides=sides))
    return "<br>".join(html.escape(line, quote=False) for line in lines)


def _clamp_think(v: float) -> float:
    return max(THINK_RANGE[0], min(THINK_RANGE[1], float(v)))


def timed_levels() -> list[str]:
    """The levels of the think time row: those whose play a longer think time changes. A weak
    level keeps its budget whatever its time (``Level.weak``): a choice there would change
    nothing, so it is not offered."""
    from ..ai.levels import get_level
    return [level for level in THINK_KEYS if not get_level(level).weak]


def think_choices(level: str, current: float, plain: bool = False) -> list[tuple[str, float]]:
    """The think time row's options for ``level`` as (words, seconds), the current value among
    them; ``plain``: the level by its number alone."""
    vals = set(THINK_CHOICES[level])
    vals.add(_clamp_think(current))
    return [(_think_text(level, v, plain), v) for v in sorted(vals)]


def language_choices() -> list[tuple[str, str]]:
    """(words, setting): the system's language, then each language by its own name."""
    return [(_("System default"), i18n.SYSTEM), *((i18n.ENDONYMS[code], code) for code in LANGUAGE_CHOICES[1:])]


# ----------------------------------------------------------------- app <-> settings
def prefs(app: "App") -> Settings:
    """The app's settings (``app.settings``)."""
    return app.settings


def _clamp_speed(v: float) -> float:
    return max(SPEED_RANGE[0], min(SPEED_RANGE[1], float(v)))


def attach_settings(app: "App", speed: float | None = None, allow_fullscreen: bool = True,
                    autosave: bool = True, loaded: tuple[Settings, list[str]] | None = None) -> list[str]:
    """Load the saved settings into ``app.settings`` at start-up and keep them applied and saved
    from then on; returns warnings for the player.

    ``speed`` (the command line's ``--speed``) overrides the saved animation speed for this run
    (not saved by itself); ``autosave=False`` (``--screenshot`` runs) keeps the games of this run
    off the disk; ``allow_fullscreen=False`` never changes the window. ``loaded``: what
    ``load_settings`` gave already (the start reads the window's size before it opens one).
    """
    app.autosave_enabled = autosave
    app._allow_fullscreen = allow_fullscreen
    loaded_settings, warns = loaded if loaded is not None else load_settings()
    app.prefs_warnings = tuple(warns)
    st = app.settings
    with quietly(app):
        st.assign(loaded_settings)
        if speed is not None:
            st.anim_speed = float(speed)
    bank().configure(st.sound, st.volume)
    app.apply_language()
    if allow_fullscreen and st.fullscreen != is_fullscreen(app):
        set_fullscreen(app, st.fullscreen, save=False)
    if not app._settings_attached:
        app._settings_attached = True
        st.listen(lambda name: _changed(app, name))
    return warns


class quietly:
    """``with quietly(app):`` changes of the settings are applied but not saved (``--theme``)."""

    def __init__(self, app: "App") -> None:
        self.app = app

    def __enter__(self) -> None:
        self.app._settings_quiet += 1

    def __exit__(self, *exc: Any) -> None:
        self.app._settings_quiet -= 1


def _changed(app: "App", name: str) -> None:
    """A setting changed its value: apply it where it is not read at draw time, and save."""
    st = app.settings
    if name in ("sound", "volume"):
        bank().configure(st.sound, st.volume)
    elif name == "fullscreen" and app._allow_fullscreen and st.fullscreen != is_fullscreen(app):
        set_fullscreen(app, st.fullscreen, save=False)
    if not app._settings_quiet:
        save_prefs(app)


def save_prefs(app: "App") -> None:
    """Write settings.toml in the background (only the newest settings are written)."""
    path = settings_path()
    text = settings_to_toml(app.settings)
    writer().submit(("settings", str(path)), lambda: atomic_write_text(path, text), what="settings")


# ----------------------------------------------------------------- full screen
# Full screen goes through the window itself (``pygame.Window``: ``set_fullscreen(desktop=True)`` /
# ``set_windowed()``), never through ``pygame.display.set_mode(..., FULLSCREEN)``: a change of
# set_mode's flags destroys the window and opens a new one, and a new window (1) is placed by the
# window manager at the old window's inner corner taken as its outer corner, so it crept down by
# the title bar's height (and right by the border) on every round trip, and (2) is often not given
# the keyboard focus, so the player's first click only focused it: SDL's X11 backend drops a click
# that arrives with the focus (SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH), the first click after leaving
# full screen was lost. The same window keeps its focus; its windowed size and place are
# remembered anyway and put back (``App.windowed_size``, ``App.windowed_pos``).
_RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED)


def is_fullscreen(app: "App") -> bool:
    return app.fullscreen


def _window() -> Any:
    """The display module's window as a ``pygame.Window`` (pygame-ce 2.5), or None."""
    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except Exception:           # pygame's Window API (varies by version and video driver)
        log.warning("the window cannot be reached", exc_info=True)
        return None


def _window_position(win: Any) -> tuple[int, int] | None:
    try:
        x, y = win.position
        return int(x), int(y)
    except Exception:           # pygame's Window API (some drivers have no position)
        log.warning("the window's position cannot be read", exc_info=True)
        return None


def _restore_position(win: Any, pos: tuple[int, int] | None) -> None:
    """Put the window back where it was before full screen (the window manager may not)."""
    if win is None or pos is None:
        return
    try:
        win.position = pos
    except Exception:           # pygame's Window API: the window stays where the window manager put it
        log.warning("the window's position cannot be restored", exc_info=True)


def _switch_window(app: "App", win: Any, on: bool) -> None:
    """Full screen on or off on the same window; raises pygame.error if the display refuses."""
    if on:
        win.set_fullscreen(desktop=True)
    else:
        win.set_windowed()
        size = app.windowed_size
        if size and tuple(win.size) != tuple(size):
            win.size = tuple(size)
        _restore_position(win, app.windowed_pos)


def _switch_set_mode(app: "App", on: bool) -> None:
    """The old way (no ``pygame.Window``, or it refused): a new window of the right kind."""
    if on:
        sizes = pygame.display.get_desktop_sizes()
        size = tuple(sizes[0]) if sizes else app.size
        pygame.display.set_mode(size, pygame.FULLSCREEN)
    else:
        size = app.windowed_size or app.size
        pygame.display.set_mode(size, pygame.RESIZABLE)
        _restore_position(_window(), app.windowed_pos)


def _drop_resize_events(size: tuple[int, int]) -> None:
    """The switch queues VIDEORESIZE and WINDOWSIZECHANGED events for the size the app has just
    laid out: handled in the next frame they would rebuild every widget a second time (a press
    before that rebuild and its release after it would be no click). Events of another size stay."""
    try:
        events = pygame.event.get(eventtype=_RESIZE_EVENTS)
    except pygame.error:
        return
    for ev in events:
        got = (ev.w, ev.h) if ev.type == pygame.VIDEORESIZE else (ev.x, ev.y)
        if got != tuple(size):
            pygame.event.post(ev)


def _drop_dead_focus(app: "App") -> None:
    """Widgets rebuilt for the new size: forget a focus on the killed ones."""
    try:
        focused = app.ui.get_focus_set()
        if focused and not any(el.alive() for el in focused):
            app.ui.set_focus_set(None)
    except Exception:           # pygame-gui's focus API: a stale focus is harmless
        log.warning("the focus could not be cleared", exc_info=True)


def set_fullscreen(app: "App", on: bool, save: bool = True) -> bool:
    """Switch between full screen and a window; False if the display refused."""
    on = bool(on)
    if on == is_fullscreen(app):
        return True
    win = _window()
    if on:
        app.windowed_size = app.size
        app.windowed_pos = _window_position(win) if win is not None else None
    try:
        if win is None:
            raise pygame.error("no pygame.Window")
        _switch_window(app, win, on)
    except pygame.error:
        try:
            _switch_set_mode(app, on)
        except pygame.error:
            return False
    app.screen = pygame.display.get_surface() or app.screen
    app.fullscreen = on
    app.resize(app.screen.get_size())       # rebuilds the current scene (a settings scene sees app.fullscreen)
    _drop_resize_events(app.size)
    _drop_dead_focus(app)
    if save:
        app.settings.fullscreen = on           # saved by the settings' listener
    else:
        with quietly(app):
            app.settings.fullscreen = on
    for sc in list(app.scenes):
        if isinstance(sc, SettingsScene) and sc is not app.scene:
            box = sc.widgets.get("fullscreen")
            if box is not None and box.get_state() != on:
                sc.sync_widgets()
    return True


def toggle_fullscreen(app: "App") -> bool:
    return set_fullscreen(app, not is_fullscreen(app))


# ----------------------------------------------------------------- the scene
def _speed_to_slider(v: float) -> int:
    lo, hi = math.log(SPEED_RANGE[0]), math.log(SPEED_RANGE[1])
    return int(round((math.log(_clamp_speed(v)) - lo) / (hi - lo) * SLIDER_STEPS))


def _slider_to_speed(pos: float) -> float:
    lo, hi = math.log(SPEED_RANGE[0]), math.log(SPEED_RANGE[1])
    v = math.exp(lo + (hi - lo) * max(0.0, min(1.0, pos / SLIDER_STEPS)))
    # friendly values: 0.25, 0.3 … 1.0 … 4.0 (two significant digits)
    return _clamp_speed(float(f"{v:.2g}"))


@register("settings")
class SettingsScene(Scene):
    """Animation speed, sound and volume, coordinates, highlights, colour theme, full screen,
    the computer's think time per level."""

    title = N_("Settings")

    def needs_frames(self) -> bool:
        """Nothing here moves by itself: the window may sleep until the next event."""
        return False

    def keys_place(self) -> str:
        return "settings"

    def __init__(self) -> None:
        super().__init__()
        self.widgets: dict[str, Any] = {}
        self.panel_rect = pygame.Rect(0, 0, 10, 10)
        self.rows: dict[str, pygame.Rect] = {}
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self.message = ""

    @property
    def back_btn(self) -> Any:
        """The Done button (the name other scenes' Back buttons have)."""
        return self.widgets.get("back")

    # ------------------------------------------------------------ layout
    def build_ui(self) -> None:
        assert self.app is not None
        w, h = self.size
        px = self.px
        p = prefs(self.app)
        labels = {"language": _("Language"), "speed": _("Animation speed"), "sound": _("Sound"),
                  "volume": _("Volume"), "coords": _("Board"), "flip": _("View"), "highlights": _("Help"),
                  "theme": _("Colours"), "fullscreen": _("Window"), "think": _("Think time")}
        rows = len(labels)
        pw = min(px(720), int(w * 0.84))
        ph = min(px(96) + rows * px(46) + px(124), h - px(24))
        # rows share what the panel has between its title and its foot (46 px each at most)
        row_h = max(px(36), min(px(46), (ph - px(84) - px(112)) // rows))
        pad = (row_h - px(34)) // 2          # a drop-down's (34 px) place in its row
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x = self.panel_rect.x + px(36)
        label_font = D.font(px(15))          # the labels' column as wide as its longest word needs
        lw = max(px(150), min(px(240), max(label_font.size(t)[0] for t in labels.values()) + px(20)))
        fx = x + lw
        fw = self.panel_rect.right - px(36) - fx
        y = self.panel_rect.y + px(84)
        W = self.widgets = {}
        self.rows = {}
        vw = px(70)

        def label(key: str) -> None:
            self.rows[key] = pygame.Rect(x, y, lw, row_h)
            W[f"{key}_label"] = UILabel(pygame.Rect(x, y + (row_h - px(30)) // 2, lw - px(10), px(30)), labels[key],
                                        self.ui, container=self.root, object_id="#player_label")

        def check(key: str, text: str, on: bool) -> None:
            W[key] = UICheckBox(pygame.Rect(fx, y + (row_h - px(24)) // 2, px(24), px(24)), text, self.ui,
                                container=self.root, initial_state=on)

        def slider(key: str, value: int, top: int) -> None:
            W[key] = Slider(pygame.Rect(fx, y + (row_h - px(28)) // 2, fw - vw - px(8), px(28)),
                            value, (0, top), self.ui, container=self.root, click_increment=5,
                            button_width=px(20))
            W[f"{key}_value"] = UILabel(pygame.Rect(fx + fw - vw, y + (row_h - px(30)) // 2, vw, px(30)), "",
                                        self.ui, container=self.root, object_id="#player_label")

        label("language")
        self.app.use_language_fonts()      # each language's name in its own font (not loaded at the start)
        W["language"] = ChoiceMenu(language_choices(), p.language, pygame.Rect(fx, y + pad, min(px(240), fw), px(34)),
                                   self.ui, container=self.root, ids=[f"#lang_{c}" for c in LANGUAGE_CHOICES])
        if self.app.language_override:
            # the command line's language is in force for this run, whatever the saved choice shows
            mw = min(px(240), fw)
            note = _("This run: {language} (--lang)").format(
                language=i18n.ENDONYMS.get(self.app.language, self.app.language))
            nw = fw - mw - px(12)
            lbl = W["language_note"] = UILabel(pygame.Rect(fx + mw + px(12), y + (row_h - px(30)) // 2, nw, px(30)),
                                               note, self.ui, container=self.root, object_id="#player_label")
            if lbl.font is not None and lbl.font.size(note)[0] > nw - px(8):
                lbl.set_text(ellipsize(note, lbl.font, nw - px(8), "settings note"))
        y += row_h
        label("speed")
        slider("speed", _speed_to_slider(p.anim_speed), SLIDER_STEPS)
        y += row_h
        label("sound")
        check("sound", _("Play sounds"), p.sound)
        y += row_h
        label("volume")
        slider("volume", int(round(p.volume * 100)), 100)
        y += row_h
        label("coords")
        check("coords", _("Show coordinates (Ctrl+L)"), p.show_coords)
        y += row_h
        label("flip")
        # (one setting for every game, and Black's side is not one side in every game: Onyx's
        # Black owns the top and the bottom; each game names its own in the tooltip)
        check("flip", _("Flip board: turned half round (Ctrl+F)"), p.flip)
        W["flip"].set_tooltip(flip_tip(), wrap_width=px(420))      # a game a line
        y += row_h
        label("highlights")
        check("highlights", _("Show legal moves and targets"), p.show_targets)
        y += row_h
        label("theme")
        dd_w = min(px(240), fw)
        W["theme"] = ChoiceMenu([(_(t.title), name) for name, t in themes.THEMES.items()], p.theme,
                                pygame.Rect(fx, y + pad, dd_w, px(34)), self.ui, container=self.root)
        self.preview_rect = pygame.Rect(fx + dd_w + px(14), y + pad - px(2), max(0, fw - dd_w - px(14)), px(38))
        y += row_h
        label("fullscreen")
        check("fullscreen", _("Full screen (F11)"), is_fullscreen(self.app))
        y += row_h
        label("think")
        gap = px(8)
        levels = timed_levels()
        for plain in (False, True):
            choices = {level: think_choices(level, p.think_time(level), plain) for level in levels}
            # each list as wide as its longest words need (and the arrow beside them), the rest shared
            needs = [max(button_width(words, px, self.ui) for words, _v in choices[level]) + px(20)
                     for level in levels]
            if sum(needs) + gap * (len(needs) - 1) <= fw:
                break
        xx = fx
        for level, tw in zip(levels, row_widths(needs, fw, gap)):
            W[f"think:{level}"] = ChoiceMenu(       # (the last row: its lists open upwards, inside the card)
                choices[level], _clamp_think(p.think_time(level)),
                pygame.Rect(xx, y + pad, tw, px(34)), self.ui, container=self.root,
                object_id="#upward_list")
            xx += tw + gap
        y += row_h
        bh = px(44)
        by = self.panel_rect.bottom - bh - px(22)
        words = (_("Restore defaults"), _("Done"))
        bw = max(px(180), *(D.font(px(18), True).size(t)[0] + px(40) for t in words))
        W["defaults"] = UIButton(pygame.Rect(self.panel_rect.x + px(36), by, bw, bh), words[0], self.ui,
                                 container=self.root,
                                 tool_tip_text=_("Put every setting back as it was at first (the language stays)"))
        W["back"] = UIButton(pygame.Rect(self.panel_rect.right - px(36) - bw, by, bw, bh), words[1], self.ui,
                             container=self.root, object_id="#primary_button", tool_tip_text=_("Back (Esc)"))
        self._values()

    def _values(self) -> None:
        assert self.app is not None
        p = prefs(self.app)
        W = self.widgets
        if "speed_value" in W:
            v = p.anim_speed
            # ×1.0 and up with one decimal, slower with two significant digits (×0.25, ×0.5)
            W["speed_value"].set_text("×" + (i18n.decimal(v, 1, fixed=True) if v >= 1
                                             else i18n.decimal(float(f"{v:.2g}"), 2)))
        if "volume_value" in W:
            # Translators: the volume in per cent, e.g. "80 %"
            W["volume_value"].set_text(_("{percent} %").format(percent=int(round(p.volume * 100))))
        if "volume" in W:
            (W["volume"].enable() if p.sound else W["volume"].disable())

    def sync_widgets(self) -> None:
        """Widgets follow settings changed elsewhere (F11)."""
        if self.app is None or self.root is None:
            return
        self.relayout()
        if not self.active and self.root is not None:
            self.root.hide()            # a paused scene keeps its widgets hidden

    # ------------------------------------------------------------ changes
    def change(self, **kw: Any) -> None:
        """Change settings: the app's listener applies and saves them."""
        assert self.app is not None
        self.app.settings.update(**kw)
        self._values()

    def handle_event(self, event: pygame.event.Event) -> bool:
        assert self.app is not None
        W = self.widgets
        t = event.type
        if t == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if event.ui_element is W.get("speed"):
                self.change(anim_speed=_slider_to_speed(event.value))
                return True
            if event.ui_element is W.get("volume"):
                self.change(volume=max(0.0, min(1.0, event.value / 100)))
                return True
        if t in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            on = t == pygame_gui.UI_CHECK_BOX_CHECKED
            for key, field in CHECKS.items():
                if event.ui_element is W.get(key):
                    self.change(**{field: on})
                    if key == "sound" and on:
                        bank().play("place")
                    return True
        if t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is W.get("theme"):
            self.change(theme=str(W["theme"].value))
            return True
        if t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is W.get("language"):
            self.change(language=str(W["language"].value))     # the app rebuilds this scene in it
            return True
        if t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for level, key in THINK_KEYS.items():
                menu = W.get(f"think:{level}")
                if menu is not None and event.ui_element is menu:
                    self.change(**{key: _clamp_think(float(menu.value))})
                    return True
        if is_button(event, W.get("defaults")):    # every setting at once: asked first
            self.open_dialog("defaults", _("Restore the defaults?"),
                             _("Every setting goes back to how the game came, the window's size too; "
                               "the language stays."), _("Restore"))
            return True
        answer = self.dialog_answer(event)
        if answer is not None:
            if answer == ("defaults", True):
                st = self.app.settings
                self.app.settings.assign(Settings(last=dict(st.last), language=st.language))
                self.relayout()
            return True
        if is_button(event, W.get("back")):
            self.app.pop()
            return True
        return False

    # ------------------------------------------------------------ drawing
    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The ticks of the checked boxes."""
        draw_ticks(surface, (self.widgets.get(key) for key in CHECKS), self.app.theme if self.app is not None else None)

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        r = self.panel_rect
        t = self.app.theme if self.app is not None else themes.CLASSIC
        surface.blit(D.rounded_panel(r.size, (0, 0, 0, 90), radius=px(18)), r.move(5, 8))
        surface.blit(D.rounded_panel(r.size, t.card_fill, radius=px(18), border=t.card_border), r)
        D.text(surface, _("Settings"), (r.centerx, r.y + px(42)), px(32), t.heading, bold=True)
        for key, row in self.rows.items():
            if key != "language":       # a rule between rows (none over the first)
                pygame.draw.line(surface, t.card_rule, (row.x, row.y), (r.right - px(36), row.y), 1)
        self._preview(surface, t)
        text, at, size = self._saved_in()
        D.text(surface, text, at, size, t.threat if writer().failing("settings") else t.text_dim, shadow=False)

    def _saved_in(self) -> tuple[str, tuple[int, int], int]:
        """'Saved in <folder>' under the rows, the folder in short (``storage.friendly_path``) to fit;
        'Not saved in <folder>' while writing there fails (the "Not saved" card says why)."""
        r = self.panel_rect
        size = self.px(13)
        room = r.w - 2 * self.px(36)
        from ..storage import friendly_path
        folder = settings_path().parent         # its folder in short ('~/…/abstract-trio'), never a raw temp path
        cands = [friendly_path(folder), str(Path("…", folder.name))]
        text = ""
        for cand in cands:
            text = (_("Not saved in {folder}") if writer().failing("settings") else _("Saved in {folder}")).format(
                folder=cand)
            if D.font(size).size(text)[0] <= room:
                break
        return text, (r.centerx, r.bottom - self.px(88)), size

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """Texts the scene draws itself (the layout audit checks them): (name, rect, bounds, size)."""
        r = self.panel_rect
        out: list[tuple[str, pygame.Rect, pygame.Rect | None, int]] = []
        for name, text, at, size, bold in (("title", _("Settings"), (r.centerx, r.y + self.px(42)), self.px(32), True),
                                           ("saved in", *self._saved_in(), False)):
            rect = pygame.Rect((0, 0), D.font(size, bold).size(text))
            rect.center = at
            out.append((name, rect, r, size))
        return out

    def _preview(self, surface: pygame.Surface, theme: themes.Theme) -> None:
        """Black and White pieces and the highlight colours of the chosen theme."""
        box = self.preview_rect
        if box.w < self.px(120):
            return
        P = theme
        rad = max(6, box.h // 3)
        x = box.x + rad + 2
        cy = box.centery
        for code in ("B", "W"):
            top, hi, side = theme.piece(code)
            spr = D.disc(rad, max(2, rad // 3), top, hi, side, "", 0.78)
            ax, ay = D.disc_anchor(rad, 0.78)
            surface.blit(spr, (x - ax, cy - ay - rad // 4))
            x += 2 * rad + self.px(8)
        for key in ("move", "split", "threat", "last", "select"):
            if x + rad > box.right:
                break
            col = P.get(key, (255, 255, 255))
            D.blit_center(surface, D.ring(rad - 1, max(2, rad // 3), (*col[:3], 255), False), (x, cy))
            D.blit_center(surface, D.dot(max(2, rad // 3), (*col[:3], 230)), (x, cy))
            x += 2 * rad + self.px(6)
