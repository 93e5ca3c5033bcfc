"""The window, the main loop and the scene machine.

``App`` owns the window, ONE ``pygame_gui.UIManager`` and a stack of scenes (push, pop,
replace) with a short fade between scenes. ``App.step(dt)`` handles the queued events, updates
and draws once, so tests drive the app with a stepped clock; ``App.run()`` is the real loop.

    python main.py [--game amoeba] [--black human|1..8|easy|medium|hard] [--white ...]
                   [--size 12 --open --pie]            (Onyx variant)
                   [--window 1280x800] [--speed 1.0]
                   [--screenshot out.png --frames 30]  (render N frames, save, exit)
                   [--scene SCENE] [--theme classic|colour-blind|dark] [--version]
    SCENE: menu, new:GAME, board:GAME, tutorial:GAME, lesson:GAME:N[:STEP], puzzle:GAME:N,
           settings, load[:GAME], save[:GAME], gameover:GAME[:resign|agree],
           keys:menu|board|lesson|puzzle   (see --help)
    (installed: abstract-trio [same options]; also python -m game)
"""
from __future__ import annotations

import argparse
import gc
import json
import logging
import os
import sys
import time
import warnings

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if sys.platform.startswith("linux"):
    # SDL 2 draws a window's surface through an OpenGL texture by default on X11: that loads the GL
    # driver (with Mesa's llvmpipe about 100 MiB resident, and about 7 ms a flip at 1280x800);
    # the plain shared-memory path costs neither. SDL_FRAMEBUFFER_ACCELERATION=1 brings it back.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

# pygame-gui reads its translations as JSON; python-i18n, which it imports, imports PyYAML
# (when installed) only to offer YAML files, which nothing here reads: 10-20 ms of every
# start. The block lasts for this import alone.
_yaml_blocked = "yaml" not in sys.modules
if _yaml_blocked:
    sys.modules["yaml"] = None  # type: ignore[assignment]
try:
    import pygame_gui
finally:
    if _yaml_blocked:
        del sys.modules["yaml"]
from pygame_gui.core import UIElement
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.utility import SurfaceResource
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from . import i18n
from .anim.tween import Tween
# the command line lives in game.cli; parse_args is the app's entry to it
from .cli import (DEFAULT_SIZE, MIN_SIZE, game_options, on_stop_signals, parse_args, prog_name,
                  run_command, scene_parts)
from .png import save_picture
from .resources import assets_dir, report_missing
from .scenes.base import Scene
from .ui import focus as focus_ui
from .ui.shapes import use_widget_shapes
from .ui.tips import TipKeeper
from .settings import Settings
from .views import picture_cache
from .ui.not_saved import NotSaved
from .themes import CLASSIC, Theme, theme_named, ui_overrides

if TYPE_CHECKING:  # pragma: no cover
    from .scenes.board import BoardScene

log = logging.getLogger(__name__)

FPS = 60
IDLE_WAIT_MS = 1000    # longest sleep of an idle window between two frames
IDLE_POLL_S = 0.012    # how often an idle window looks for input (under a frame)
WAKE_LATE_S = 0.003    # an idle window woken for a scene's time (Scene.wake_after) wakes this much after it
FADE = 0.14  # seconds for each half of a scene fade
ASSETS = assets_dir()      # assets/ in the repository, game/data/assets in a wheel (game.resources)
THEME = ASSETS / "theme.json"
ICON = ASSETS / "icon.png"
TITLE = "Amoeba · Onyx · Onager"


def set_window_icon(path: Path = ICON) -> bool:
    """Give the window the game's icon (before the window opens); never raises."""
    try:
        if Path(path).is_file():
            pygame.display.set_icon(pygame.image.load(str(path)))
            return True
    except Exception:  # a file and pygame's display: a broken file or a display without icons: the default icon
        log.warning("the window icon %s cannot be set", path, exc_info=True)
    return False


def ui_scale_for(size: tuple[int, int]) -> float:
    """Widget and text scale for a window size: 1 up to 1280x800, larger on big screens (4K: 2.5)."""
    k = min(size[0] / 1280, size[1] / 800)
    return max(1.0, min(2.5, round(k * 4) / 4))


@lru_cache(maxsize=8)
def _theme_data() -> str:
    return THEME.read_text(encoding="utf-8") if THEME.is_file() else "{}"


def scaled_theme(scale: float, theme: Theme = CLASSIC, lang: str | None = None,
                 all_languages: bool = True) -> dict[str, Any]:
    """The theme of assets/theme.json in a colour theme's widget colours (``themes.ui_overrides``),
    with every font size (and list item height, corner radius, dialog title bar) times ``scale``,
    and every font the language's (``i18n.theme_font``: Noto Sans JP for Japanese). The names of
    the languages in Settings are each drawn in their own language's font (``#lang_<code>``);
    without ``all_languages`` only those in the font of ``lang`` (pygame-gui loads every font a
    theme names when it loads the theme: Noto Sans JP is a 4.5 MB file, a few ms at each start)."""
    data = ui_overrides(theme, json.loads(_theme_data()))
    face = i18n.theme_font(lang)
    defaults = data.setdefault("defaults", {})
    if isinstance(defaults, dict):
        defaults.setdefault("font", {"size": "16"})
    for block in data.values():
        if isinstance(block, dict):
            font = block.get("font")
            if isinstance(font, dict) and font.get("name") != SYMBOLS_FONT:
                font.update(face)
            if isinstance(font, dict) and "size" in font:
                font["size"] = str(int(round(int(font["size"]) * scale)))
            misc = block.get("misc")
            if isinstance(misc, dict):
                for key in ("list_item_height", "shape_corner_radius", "title_bar_height",
                            "open_button_width", "sliding_button_width", "text_offset",
                            "text_horiz_alignment_padding"):
                    if key in misc and str(misc[key]).isdigit():
                        misc[key] = str(int(round(int(misc[key]) * scale)))
    base = data.get("drop_down_menu", {}).get("font", {}) if isinstance(data.get("drop_down_menu"), dict) else {}
    own = i18n.theme_font(lang)["name"]
    for code in i18n.LANGUAGES:
        if not all_languages and i18n.theme_font(code)["name"] != own:
            continue
        # (bold as the buttons' words, which every other drop-down's box and items take: a block
        # naming a font but no weight would set the language's name apart, in regular)
        bold = data.get("button", {}).get("font", {}).get("bold", "0") if isinstance(data.get("button"), dict) else "0"
        data[f"#lang_{code}"] = {"font": {**i18n.theme_font(code), "size": str(base.get("size", "16")), "bold": bold}}
    window = data.setdefault("window", {})
    if isinstance(window, dict) and scale != 1.0:          # dialogs' title bars (pygame-gui: 28 px)
        misc = window.setdefault("misc", {})
        misc.setdefault("title_bar_height", str(int(round(28 * scale))))
    tip = data.setdefault("tool_tip", {})     # tooltips wrap at TIP_WIDTH px: a few lines, never a tall column
    if isinstance(tip, dict):
        tip.setdefault("misc", {})["rect_width"] = str(int(round(TIP_WIDTH * scale)))
    return data


# pygame-gui's font of the symbols on its own small buttons (list and slider arrows, a dialog's
# close button, scroll-bar arrows; the language's font may lack them): theme.json names it for
# those buttons so that their size is scaled; the name is kept.
SYMBOLS_FONT = "fira_code_symbols"
TIP_WIDTH = 300          # px at UI scale 1: a button tooltip's width (pygame-gui's 170 made 11-line columns)


class InlineLoader(IResourceLoader):
    """pygame-gui's fonts and images, loaded on the calling thread when the manager starts.

    pygame-gui's default loader starts five threads for a theme's dozen fonts and images and
    waits for them. Here that only adds the threads' own cost: making the manager at 1280x800
    took a median 15 ms (CPU and wall clock alike) with them, 10 ms without. A manager given a
    loader leaves the loading to its owner (``start()``); what is asked for after the start (a
    new scale's fonts) pygame-gui loads at once itself, as with its own loaders."""

    def __init__(self) -> None:
        self._queue: list[Any] = []
        self._started = False

    def add_resource(self, resource: Any) -> None:
        if self._started:
            raise ValueError("Too late to add this resource to the loader")
        self._queue.append(resource)

    def start(self) -> None:
        self._started = True
        queue, self._queue = self._queue, []
        # pictures made from images come after every image (pygame-gui's order)
        for resource in sorted(queue, key=lambda r: isinstance(r, SurfaceResource)):
            error = resource.load()
            if error is not None:       # pygame-gui's own loaders warn and go on (a default font or no image)
                warnings.warn(str(error))

    def update(self) -> tuple[bool, float]:
        return True, 1.0

    def started(self) -> bool:
        return self._started


_SIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)


class App:
    """The application: window + UI manager + scene machine."""

    # state other modules keep on the app, declared here where it lives
    _backdrop_theme = ""              # the theme the kept backdrop was drawn in
    _settings_attached = False        # game.scenes.settings.attach_settings ran
    _settings_quiet = 0               # settings changes not to be saved (nesting count)
    _allow_fullscreen = True          # tests turn full screen off
    _focus_before_keys: Any = None    # the widget the focus ring was on when the keys overlay opened
    _focus_at: Any = None             # the widget with the keyboard focus ring (game.ui.focus)
    _focus_return: Any = None         # where the ring goes back to when a dialog it went into closes
    # the icon button whose name shows under the ring: one Tab brought it to (a dialog opening or
    # closing takes the name away, so it never stands over what the dialog changed)
    _focus_named: Any = None
    _focus_drop: Any = None           # the drop-down whose box (or list) has the ring (game.ui.focus)
    notice = ""                       # a word for the menu, shown once (a game left for another)
    autosave_enabled = True           # games and tutorial progress are written (not in a --screenshot run)
    prefs_warnings: tuple[str, ...] = ()   # what was wrong in the settings file (the menu says it once)
    fullscreen = False                # the window is full screen (game.scenes.settings.set_fullscreen)
    windowed_size: tuple[int, int] | None = None   # the window's size and place before full screen
    windowed_pos: tuple[int, int] | None = None
    clock: Callable[[], float] = staticmethod(time.monotonic)   # what game clocks read (tests step their own)
    language_override: str | None = None  # --lang: the language of this run, over the settings' (not saved)
    language_fonts = False            # the theme names every language's font (``use_language_fonts``)

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, settings: Settings | None = None,
                 fade: bool = True) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        self.not_saved = NotSaved()       # the card saying a game or the settings are not being written
        pygame.display.init()
        pygame.font.init()
        w, h = max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
        pygame.display.set_caption(TITLE)
        set_window_icon()
        self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE  # type: ignore[attr-defined]
        except Exception:   # pygame's Window API; older pygame: the resize handler clamps instead (expected: info)
            log.info("no minimum window size: the resize handler clamps", exc_info=True)
        self.ui_scale = ui_scale_for((w, h))
        self.settings = settings or Settings()     # one object: live and saved (game.settings)
        self.language = i18n.language()     # the language the widgets and fonts are in now
        loader = InlineLoader()
        self.ui = pygame_gui.UIManager((w, h), self.scaled_theme(self.ui_scale, self.theme, self.language),
                                       enable_live_theme_updates=False, resource_loader=loader,
                                       starting_language=self.language)
        loader.start()
        use_widget_shapes(self.ui)          # rounded widgets drawn at their size, not 4x (memory)
        self.settings.listen(self._settings_changed)
        self.scenes: list[Scene] = []
        self.running = True
        self.fade_enabled = fade
        self.fade = 0.0                     # 0 clear .. 1 black
        self._fade_tween: Tween | None = None
        self._pending: Callable[[], None] | None = None
        self._backdrop: pygame.Surface | None = None
        self.frame = 0
        self.engine_factory: Callable[[], Any] | None = None  # set by the engine helper
        self._release_pending = False       # a resize freed big pictures: give them back after the frame
        self.keys_overlay: Any = None       # the keys overlay (F1 or ?), over every scene while open
        self.focus: Any = None              # the widget with the keyboard focus (Tab), drawn with a ring
        self.tips = TipKeeper()             # button tooltips: gone with their button, off other controls

    # ------------------------------------------------------------ properties
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    @property
    def transitioning(self) -> bool:
        return self._fade_tween is not None

    @property
    def theme(self) -> Theme:
        """The colours of the settings' theme, a value read at draw time (``game.themes``)."""
        return theme_named(self.settings.theme)

    def scaled_theme(self, scale: float, theme: Theme, lang: str) -> dict[str, Any]:
        """``scaled_theme`` with the languages' own fonts once a screen has asked for them."""
        return scaled_theme(scale, theme, lang, all_languages=self.language_fonts)

    def use_language_fonts(self) -> None:
        """Every language's name can be drawn in its own font from now on (``#lang_<code>``: the
        language menu in Settings). Not at the start: loading them is time before the first frame."""
        if not self.language_fonts:
            self.language_fonts = True
            self.ui.get_theme().load_theme(self.scaled_theme(self.ui_scale, self.theme, self.language))

    def _settings_changed(self, name: str) -> None:
        """The widgets take a new theme's colours (pygame-gui's theme data, rebuilt in place);
        a language chosen in Settings replaces the command line's for the rest of the run."""
        if name == "theme":
            self.ui.get_theme().load_theme(self.scaled_theme(self.ui_scale, self.theme, self.language))
            self.ui.rebuild_all_from_changed_theme_data()
        elif name == "language":
            self.language_override = None
            self.apply_language()

    def apply_language(self) -> bool:
        """Use the language chosen (``--lang``, else the settings'): messages, pygame-gui's own
        texts and the fonts of widgets and drawing follow; the current scene is rebuilt in it
        (the others when they come back: ``Scene.resume``). True when it changed."""
        code = i18n.set_language(self.language_override or self.settings.language)
        if code == self.language:
            return False
        self.language = code
        self.ui.set_locale(code)
        self.ui.get_theme().load_theme(self.scaled_theme(self.ui_scale, self.theme, code))
        self.ui.rebuild_all_from_changed_theme_data()
        from .views.draw import drop_caches
        drop_caches()               # texts drawn in the other language's font
        if self.scene is not None and self.scene.app is self and self.scene.root is not None:
            self.scene.relayout()
        return True

    def backdrop(self) -> pygame.Surface:
        """The shared table background (cached per window size)."""
        if (self._backdrop is None or self._backdrop.get_size() != self.size
                or self._backdrop_theme != self.settings.theme):
            from .views.draw import background
            self._backdrop = None           # the old one goes first (24 MiB at 3200x2000)
            self._backdrop = background(self.size, self.theme).convert()
            self._backdrop_theme = self.theme.name
        return self._backdrop

    def take_backdrop(self) -> pygame.Surface:
        """The backdrop for a scene to draw over and keep (the board's static layer); the app
        forgets it and draws a new one when it needs one again, so the window's felt is not
        held twice (24 MiB each at 3200x2000)."""
        back = self.backdrop()
        self._backdrop = None
        return back

    # ------------------------------------------------------------ scene machine
    def push(self, scene: Scene) -> None:
        """Show a new scene on top (the current one is paused, and keeps where the keyboard's ring
        was, or the control the mouse pressed, for when it comes back: ``focus.leave_place``)."""
        left = focus_ui.place_left(self)

        def go() -> None:
            if self.scene is not None:
                self.scene.pause()
                focus_ui.leave_place(self, self.scene, left)
            self.scenes.append(scene)
            scene.enter(self)
        self._transition(go)

    def pop(self) -> None:
        """Leave the current scene and go back to the one below. The last scene is never popped:
        an empty stack has nothing to draw or to handle input, so quitting is ``quit()``'s job.
        (Checked when the change happens, after any change still pending: two pops queued in
        one fade leave the bottom scene.)"""
        keys = self.focus is not None       # the player leaves with the keyboard (focus_ui.come_back)

        def go() -> None:
            if len(self.scenes) <= 1:
                log.warning("a pop of the last scene was refused (%s)", type(self.scene).__name__)
                return
            self.scenes.pop().exit()
            settle_memory()                 # what it held goes before the scene below builds again
            assert self.scene is not None
            self.scene.resume()
            focus_ui.come_back(self, self.scene, keys)
        self._transition(go)

    def replace(self, scene: Scene) -> None:
        """Leave the current scene and show another in its place (one of the same kind that says
        so, ``Scene.same_page_on_replace``: another game's puzzles, keeps the keyboard's ring where
        it was)."""
        ring = None if focus_ui.modal(self) is not None else focus_ui.focus_place(self)

        def go() -> None:
            same = bool(self.scenes) and type(self.scenes[-1]) is type(scene) and scene.same_page_on_replace
            if self.scenes:
                self.scenes.pop().exit()
                settle_memory()             # what it held goes before the new scene builds
            self.scenes.append(scene)
            scene.enter(self)
            if same and ring is not None:
                scene.ring_left = ring
                scene.return_ring()
        self._transition(go)

    def reset(self, scenes: Sequence[Scene]) -> None:
        """Replace the whole stack (e.g. a board started from the command line over the menu)."""
        def go() -> None:
            while self.scenes:
                self.scenes.pop().exit()
            for i, sc in enumerate(scenes):
                self.scenes.append(sc)
                if i < len(scenes) - 1:
                    sc.enter_paused(self)
                else:
                    sc.enter(self)
        self._transition(go)

    def _transition(self, action: Callable[[], None]) -> None:
        self.keys_overlay = None            # the keys belong to the screen that goes, and so does the focus
        focus_ui.forget(self)               # (the next screen's first Tab starts at its first widget)
        if self._pending is not None:
            # a change while fading: do the queued one now, then this one
            pending, self._pending = self._pending, None
            pending()
            self._fade_tween = None
        if not self.fade_enabled or self.scene is None:
            action()
            if self.fade_enabled:
                self.fade = 1.0
                self._fade_tween = Tween(self, {"fade": 0.0}, FADE, easing="easeOutQuad", on_complete=self._faded)
            return
        self._pending = action
        self._fade_tween = Tween(self, {"fade": 1.0}, FADE, easing="easeInQuad", on_complete=self._switch)

    def _switch(self) -> None:
        action, self._pending = self._pending, None
        if action is not None:
            action()
        self._fade_tween = Tween(self, {"fade": 0.0}, FADE, easing="easeOutQuad", start={"fade": 1.0},
                                 on_complete=self._faded)

    def _faded(self) -> None:
        self._fade_tween = None
        self.fade = 0.0

    def finish_transition(self) -> None:
        """Complete a running fade at once (tests, screenshots)."""
        guard = 0
        while self._fade_tween is not None and guard < 4:
            self._fade_tween.finish()
            guard += 1

    # ------------------------------------------------------------ events
    def quit(self) -> None:
        self.running = False

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
        if (w, h) != self.size:
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        if not self.fullscreen:
            self.settings.window_size = f"{w}x{h}"     # the next start opens at it (saved by the settings)
        self.ui.set_window_resolution((w, h))
        scale = ui_scale_for((w, h))
        if scale != self.ui_scale:
            self.ui_scale = scale
            self.ui.get_theme().load_theme(self.scaled_theme(scale, self.theme, self.language))
            from .views.draw import drop_caches
            drop_caches()           # fonts, texts and shapes of the old scale's sizes (memory)
        self._backdrop = None
        self._release_pending = True
        for sc in self.scenes:
            if sc is self.scene:
                sc.relayout()
        # paused scenes rebuild when they resume (Scene.resume checks the size)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.tips.notice(event)
        if event.type == pygame.QUIT:
            if self.scene is None or not self.scene.asks_before_quitting(self.quit):
                self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            if (event.x, event.y) != self.size:
                self.resize((event.x, event.y))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            from .scenes.settings import toggle_fullscreen
            toggle_fullscreen(self)     # full screen on and off, anywhere
            return
        if self.transitioning and (event.type in _INPUT_DURING_FADE or event.type in WIDGET_EVENTS):
            # A scene change is under way: input belongs to no scene. A widget event counts too:
            # pygame-gui posts it for a click handled before the change (Back pressed in the
            # same frame as Escape), and the scene below, or the old one, would act on it again.
            return
        if self.keys_overlay is not None:          # the keys overlay takes all input while open
            if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                    or event.type == pygame.KEYDOWN and event.unicode == "?"):
                self.close_keys(keep_focus=event.type != pygame.MOUSEBUTTONDOWN)
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.KEYUP,
                              pygame.TEXTINPUT, pygame.MOUSEWHEEL):
                return
        if event.type == pygame.KEYDOWN and focus_ui.keyboard_key(self, event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            focus_ui.mouse_press(self, event.pos)   # the mouse again: the focus ring goes
        try:
            consumed = self.ui.process_events(event)
        except Exception as exc:  # a pygame_gui widget slip (e.g. a text line's selection) must not end the app
            log.warning("a widget could not handle an event (%s: %s)", type(exc).__name__, exc, exc_info=True)
            return
        if self.not_saved.takes(self, event, consumed):
            return                                  # the app's own card is on top of the screen
        scene = self.scene
        if scene is None:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if focus_ui.escape(self, scene) and len(self.scenes) > 1:
                self.pop()                          # nothing left to close (an open list, then the scene's)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not consumed and not focus_ui.typing(self) and focus_ui.confirm_modal(self):
            return                                  # Enter confirms the dialog on top
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        scene.handle_event(event)

    # ------------------------------------------------------------ keys overlay, keyboard focus (game.ui.focus)
    def show_keys(self) -> None:
        """The keys overlay: every shortcut of the current screen (F1, ?, a Help button)."""
        from .ui.keys import KeysOverlay
        self._focus_before_keys = self.focus      # the ring comes back when the overlay closes
        self.focus = None
        self.keys_overlay = KeysOverlay(self.scene, self.theme)

    def close_keys(self, keep_focus: bool = True) -> None:
        """The keys overlay goes; the focus ring goes back where it was (``keep_focus``: not
        after a click, which takes the ring away)."""
        self.keys_overlay = None
        was, self._focus_before_keys = self._focus_before_keys, None
        if keep_focus and was is not None and was in focus_ui.focusables(self):
            self.focus = was

    def px(self, n: float) -> int:
        return int(round(n * self.ui_scale))

    def focusables(self) -> list[Any]:
        """What Tab moves through, in reading order (``game.ui.focus.focusables``)."""
        return focus_ui.focusables(self)

    # ------------------------------------------------------------ frame
    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: handle queued events (after ``events``, already taken from the queue),
        update everything by dt seconds, draw."""
        dt = max(0.0, min(float(dt), 0.25))
        queued = list(events or ()) + pygame.event.get()
        sizes = [i for i, e in enumerate(queued) if e.type in _SIZE_EVENTS]
        if len(sizes) > 1:      # a window being dragged: each size lays every scene out, only the last counts
            gone = set(sizes[:-1])
            queued = [e for i, e in enumerate(queued) if i not in gone]
        for event in queued:
            self.handle_event(event)
            if not self.running:
                return
        self.update(dt)
        self.draw(self.screen)
        self.frame += 1
        if self.scene is not None:
            self.scene.after_frame()    # work that may wait for the end of a frame (the autosave)
        if self._release_pending:
            self._release_pending = False
            release_memory()    # the pictures of the old size were replaced in this frame

    def idle(self) -> bool:
        """Nothing moves and nothing waits for time: the loop may sleep until the next event.

        A scene says so with ``needs_frames()`` (the base scene always wants them); a fade, or
        a focused text box (its cursor blinks), keeps the window drawing at full rate."""
        if self._fade_tween is not None or self.fade > 0.001:
            return False
        sc = self.scene
        if sc is None:
            return True
        try:
            if sc.needs_frames():
                return False
        except (AttributeError, TypeError, ValueError, pygame.error):
            log.warning("the scene cannot say whether it is still: frames go on", exc_info=True)
            return False
        try:
            focused = self.ui.get_focus_set() or set()
        except AttributeError:      # no pygame-gui manager: nothing has the keyboard
            focused = set()
        return not any(isinstance(el, pygame_gui.elements.UITextEntryLine) for el in focused)

    def update(self, dt: float) -> None:
        if self._fade_tween is not None:
            self._fade_tween.update(dt)
        if self.scene is not None:
            self.scene.update(dt)
        self.not_saved.tend(self)       # a game or the settings that could not be written
        self.ui.update(dt)
        self.tips.tend(self, dt)

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        if sc is None or not sc.opaque:     # (a scene that covers the window paints it all)
            surface.blit(self.backdrop(), (0, 0))
        if sc is not None:
            sc.draw(surface)
        if sc is None or not sc.has_overlay():
            self.ui.draw_ui(surface)
        else:
            # the scene's own widgets, then its overlay (icons on buttons, ticks, its tooltip),
            # then whatever pygame-gui shows above the scene: dialogs and button tooltips
            below, above = self._ui_layers()
            surface.blits(below)
            sc.draw_overlay(surface)
            if above:
                surface.blits(above)
        focus_ui.draw_focus(self, surface)
        if self.keys_overlay is not None:
            self.keys_overlay.draw(surface, self.px)
        if self.fade > 0.001:
            veil = pygame.Surface(self.size)
            veil.fill((8, 10, 14))
            veil.set_alpha(int(255 * min(1.0, self.fade)))
            surface.blit(veil, (0, 0))

    def _ui_layers(self) -> tuple[list[Any], list[Any]]:
        """pygame-gui's visible sprites as blits: (the scene's own widgets, those above them:
        dialogs, tooltips). A scene's overlay goes between the two."""
        group = self.ui.get_sprite_group()
        root = self.scene.root if self.scene is not None else None
        try:
            cut = root.get_top_layer() if root is not None else None
            sprites = group._spritelist             # in drawing order, back to front
            layers = group._spritelayers
        except AttributeError:                      # another pygame-gui: all widgets first
            return list(group.visible), []
        if cut is None:
            return list(group.visible), []
        menu = focus_ui.open_drop_down(self)
        if menu is not None:
            # an open list covers the scene and what it draws over its widgets (a tick below it)
            state = menu.current_state
            shown = state.options_selection_list if isinstance(state, UIExpandedDropDownState) else None
            if shown is not None and shown in layers:
                cut = min(cut, layers[shown])
        below: list[Any] = []
        above: list[Any] = []
        for spr in sprites:
            if spr.image is None or not spr.visible:
                continue
            (below if layers.get(spr, 0) < cut else above).append(spr.blit_data)   # (top layer: exclusive)
        return below, above

    def tooltip_rects(self) -> list[pygame.Rect]:
        """Where pygame-gui button tooltips are showing now."""
        return [pygame.Rect(spr.rect) for spr in self.ui.get_sprite_group().sprites()
                if isinstance(spr, UIElement) and _is_tooltip(spr) and spr.visible and spr.rect.w > 0]

    def run(self, seconds: float | None = None, close: bool = True) -> int:
        """The real loop: 60 frames per second while something moves; while the window is idle
        (``idle()``) it sleeps (``wait_for_events``) and draws about once a second, so an
        idle window costs almost no CPU, and any event wakes it at once (no added latency).
        ``seconds``: stop after that long (benchmarks)."""
        clock = pygame.time.Clock()
        top = None
        stop = None if seconds is None else time.monotonic() + float(seconds)
        while self.running and (stop is None or time.monotonic() < stop):
            events: list[pygame.event.Event] = []
            if self.idle():
                end = time.monotonic() + IDLE_WAIT_MS / 1000.0
                wake = self.scene.wake_after() if self.scene is not None else None
                if wake is not None:        # a running game clock: its face changes then (at most 1 s)
                    end = time.monotonic() + min(IDLE_WAIT_MS / 1000.0, max(0.0, wake)) + WAKE_LATE_S
                if stop is not None:
                    end = min(end, stop)
                events = wait_for_events(end)
            dt = clock.tick(FPS) / 1000.0
            if events:
                dt = min(dt, 1.0 / FPS)     # fresh input starts its animations from their first frame
            self.step(dt, events)
            pygame.display.flip()
            if self.scene is not top:      # a new scene (under the dark fade): a good moment for it
                if top is None and not gc.isenabled():
                    start_collecting()      # the first frame of main() (collections off until here)
                    release_memory()
                    picture_cache.write_held()
                else:
                    settle_memory()
                    gc.enable()
                top = self.scene
        if close:
            self.close()
        return 0

    def close(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        try:
            from .writer import flush_writes
            flush_writes(5.0)           # the autosave and settings written in the background
        except Exception:               # the writer thread and its files: closing goes on
            log.exception("the last background writes could not be finished")
        pygame.display.quit()


_INPUT_DURING_FADE = frozenset((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.KEYUP,
                                pygame.TEXTINPUT))
# pygame-gui's own event types (a button pressed, a list changed, a text entered...): what
# widgets post for the scenes, as opposed to pygame's raw input
WIDGET_EVENTS = frozenset(value for name, value in vars(pygame_gui).items()
                          if name.startswith("UI_") and isinstance(value, int))


def _is_tooltip(el: UIElement) -> bool:
    """A pygame-gui tooltip or its text (their element ids end with the owner's chain: 'tool_tip')."""
    return "tool_tip" in el.get_element_ids()


def wait_for_events(end: float) -> list[pygame.event.Event]:
    """Sleep until an event arrives or the monotonic clock reaches ``end``; the events.

    Looks every ``IDLE_POLL_S`` (shorter than a frame at 60 fps, so input waits no longer than it
    would in a running loop). ``pygame.event.wait(timeout)`` would do the same but polls SDL
    every millisecond, which costs more CPU than this whole idle window."""
    while True:
        pygame.event.pump()
        events = pygame.event.get()
        if events:
            return events
        now = time.monotonic()
        if now >= end:
            return []
        time.sleep(min(IDLE_POLL_S, end - now))


def start_collecting() -> None:
    """After the first frame: garbage collections resume, with everything the start made frozen
    out of them unlooked-at. Nearly all of it lives on (at an Onyx start, about 500 of 53,000
    tracked objects are garbage) and a full collection to find those takes about 8 ms, so they
    wait for the next scene change (``settle_memory`` unfreezes and collects everything)."""
    gc.freeze()
    gc.enable()


def settle_memory() -> None:
    """Collect garbage now and keep the surviving objects out of later collections.

    A full collection of the program's long-lived objects (fonts, widgets, tables) takes tens
    of milliseconds; Python would run one at an unpredictable frame. Done after start-up and
    after each scene change (behind the fade), later collections only look at new objects.
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    release_memory()


_libc: Any = None


def release_memory() -> None:
    """Give memory freed by the C allocator back to the system (glibc's ``malloc_trim``; nothing
    elsewhere). Pictures of a window size (several MiB each) are freed into the allocator's heap,
    which keeps them resident: after a few resizes and scene changes the process held twice the
    memory it used (``python -m game.bench soak``). About a millisecond; called after scene
    changes (``settle_memory``) and after the frame of a resize."""
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                import ctypes
                lib = ctypes.CDLL(None)
                lib.malloc_trim.argtypes = [ctypes.c_size_t]
                _libc = lib
            except (OSError, AttributeError):   # not glibc (musl has no malloc_trim)
                _libc = False
    if _libc:
        _libc.malloc_trim(0)


GROW_SHARE = 0.7         # a larger desktop: the first window takes this share of its room (4K: 2128x1330)


def fit_to_desktop(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` made small enough to stand whole on a desktop of ``desktop`` pixels, with room for
    a title bar and a task bar (the shape kept, never below MIN_SIZE); on a larger desktop as
    large as ``GROW_SHARE`` of its room when that is more (a 4K screen: its words are not tiny
    there); ``None``: no desktop known."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return size
    room_w, room_h = int(desktop[0] * 0.95), int(desktop[1] * 0.88)
    room = min(room_w / size[0], room_h / size[1])
    k = room if room < 1.0 else max(1.0, room * GROW_SHARE)
    return max(MIN_SIZE[0], int(size[0] * k)), max(MIN_SIZE[1], int(size[1] * k))


def first_window_size() -> tuple[int, int]:
    """The window's size on a first start: the default, fitted to the desktop it opens on (a
    1366x768 laptop cannot show 1280x800 whole; a 4K screen opens it larger). A driver without
    a desktop (dummy, offscreen) keeps the default."""
    try:
        pygame.display.init()
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return DEFAULT_SIZE
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return DEFAULT_SIZE
    return fit_to_desktop(DEFAULT_SIZE, sizes[0] if sizes else None)


def build(args: argparse.Namespace, fade: bool = True) -> App:
    """Create the app and its first scenes from parsed arguments."""
    report_missing()            # a broken install names what it lacks on stderr
    i18n.set_language(args.lang or i18n.SYSTEM)     # the saved choice comes with the settings
    from .scenes.settings import attach_settings
    from .settings import load_settings, window_size
    loaded = load_settings()                # first: the window opens at the size it was left at
    size = args.window or window_size(loaded[0].window_size) or first_window_size()
    app = App(size, Settings(anim_speed=args.speed), fade=fade)
    attach_settings(app, speed=args.speed if args.speed != 1.0 else None, allow_fullscreen=not args.screenshot,
                    autosave=not args.screenshot, loaded=loaded)
    # after the saved settings: their language, taken in, would clear it (as one chosen in Settings does)
    app.language_override = args.lang
    app.apply_language()
    from .scenes.board import default_engine_factory
    app.engine_factory = default_engine_factory()
    if args.theme:
        use_theme(app, args.theme)
    app.reset(first_scenes(app, args))
    app.finish_transition()
    after_start(app, args)
    from .scenes.base import is_board_scene
    board = app.scene
    if app.prefs_warnings and is_board_scene(board) and not board.panel.status:
        from .ui.problems import settings_warning_words    # a start on a board: said there (the menu says it else)
        board.panel.open_with(settings_warning_words(app.prefs_warnings))
    return app


def use_theme(app: App, name: str) -> None:
    """Colours for this run (``--theme``): the settings' theme, applied at once, not saved by itself."""
    from .scenes.settings import quietly
    with quietly(app):
        app.settings.theme = theme_named(name).name


def _board(args: argparse.Namespace, game: str) -> "BoardScene":
    from .scenes.board import BoardScene
    return BoardScene.start(game, game_options(args), {"black": args.black, "white": args.white},
                            moves=args.moves.split() if args.moves else (), time_control=args.clock)


def first_scenes(app: App, args: argparse.Namespace) -> list[Scene]:
    """The scene stack ``--game``/``--scene`` asks for: always the menu at the bottom."""
    from .rules import RulesError
    from .scenes.base import make_scene
    from .scenes.menu import MenuScene
    kind, game, rest = scene_parts(args)
    menu = MenuScene()
    if kind == "keys":          # the keys overlay (after_start) over a menu, an Amoeba board, lesson or puzzle
        if game == "board":
            return [menu, _board(args, "amoeba")]
        return [menu] if game == "menu" else [menu, make_scene("tutorial", "amoeba")]
    if kind in ("board", "gameover", "save") or (kind == "load" and game):
        board = _board(args, game)
        m = board.match
        if kind == "gameover" and m is not None and not m.is_over:
            try:
                m.agree() if rest and rest[0] == "agree" else m.resign(m.to_move)
            except RulesError:    # the rules refuse an agreement here: a resignation then
                m.resign(m.to_move)
        return [menu, board]
    if kind in ("new", "editor"):     # the New game form, or the position editor
        name = "new_game" if kind == "new" else "editor"
        players = dict(args.players_given) if kind == "new" else \
            {"black": args.black, "white": args.white}
        if kind == "new":
            return [menu, make_scene(name, game, game_options(args), players, time_control=args.clock)]
        return [menu, make_scene(name, game, game_options(args), players)]
    if kind == "analysis":     # the analysis board (after --moves)
        return [menu, make_scene("analysis", game, game_options(args), args.moves.split() if args.moves else ())]
    if kind in ("tutorial", "lesson", "puzzle"):
        return [menu, make_scene("tutorial", game)]
    if kind == "rush":          # Puzzle Rush, and the rated puzzles
        return [menu, make_scene("rush", game)]
    if kind == "puzzles":
        return [menu, make_scene("rated_puzzles", game)]
    if kind == "mypuzzles":
        return [menu, make_scene("my_puzzles", game)]
    if kind == "settings":
        return [menu, make_scene("settings")]
    return [menu]


def after_start(app: App, args: argparse.Namespace) -> None:
    """What ``--scene`` asks for once the scenes are in: a lesson or puzzle page, a file dialog."""
    kind, game, rest = scene_parts(args)
    sc = app.scene
    if sc is None:
        return
    lessons = None
    if kind in ("keys", "lesson", "puzzle"):      # (the lessons load only when asked for)
        from .scenes.tutorial import TutorialScene
        lessons = sc if isinstance(sc, TutorialScene) else None
    if kind == "keys":
        if lessons is not None and game == "lesson":
            lessons.open_lesson(0, 0)
        elif lessons is not None and game == "puzzle":
            lessons.open_puzzle(0)
        app.show_keys()
    elif kind == "lesson" and lessons is not None:
        lessons.open_lesson(int(rest[0]) - 1, int(rest[1]) - 1 if len(rest) > 1 else 0)
    elif kind == "puzzle" and lessons is not None:
        lessons.open_puzzle(int(rest[0]) - 1)
    elif kind in ("save", "load"):
        from .scenes import files
        from .scenes.base import is_board_scene
        if kind == "save" and is_board_scene(sc) and sc.match is not None:
            files.open_save_dialog(sc)
        else:
            files.open_load_dialog(sc)


def setup_logging(level: int = logging.WARNING) -> None:
    """Warnings (and worse) to stderr, one short line each ('game.app: WARNING: ...'). Called by
    ``main`` only, never at import; a no-op when the root logger already has a handler (under
    pytest its capture handlers are there, so tests print nothing beyond its capture)."""
    logging.basicConfig(level=level, format="%(name)s: %(levelname)s: %(message)s", stream=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int | str | None:
    """Run the game (or render a --screenshot). SIGINT and SIGTERM end it within a frame or
    two: they post a QUIT, so the scenes close and the autosave is written as on a normal
    exit; the exit status is then 128 + the signal (130, 143) and no screenshot is saved.
    Its words on stdout (--help, --version, a screenshot's line) piped into a reader that
    closes early end quietly with status 141 (``game.cli.run_command``)."""
    return run_command(_run, argv)


def _run(argv: Sequence[str] | None = None) -> int:
    stopped: list[int] = []
    setup_logging()

    def stop(signum: int) -> None:
        stopped.append(signum)
        try:
            if pygame.display.get_init():
                pygame.event.post(pygame.event.Event(pygame.QUIT))
        except pygame.error:      # no event queue yet: the flag is looked at before each frame
            pass

    # No garbage collections before the first frame: the start makes tens of thousands of
    # objects that all live on (modules, widgets, fonts), and the collector would look at them
    # about sixty times for nothing (~5 ms). They resume after the first frame, with what the
    # start made frozen out of them (``start_collecting``).
    gc.disable()
    try:
        return _start(argv, stopped, stop)
    finally:
        gc.enable()


def _start(argv: Sequence[str] | None, stopped: list[int], stop: Callable[[int], None]) -> int:
    with on_stop_signals(stop):
        args = parse_args(sys.argv[1:] if argv is None else argv)
        picture_cache.hold_writes()     # the pictures drawn for the first frame are written after it
        app = build(args, fade=not args.screenshot)
        if args.screenshot:
            for _ in range(args.frames):
                if stopped or not app.running:
                    break
                app.step(1.0 / FPS)
                if not gc.isenabled():
                    start_collecting()      # after the first frame, as App.run
                    picture_cache.write_held()
            if stopped:
                app.close()
                print(f"{prog_name()}: stopped by a signal, no screenshot saved", file=sys.stderr)
                return 128 + stopped[0]
            out = Path(args.screenshot)
            size, frames = app.size, app.frame
            try:
                save_picture(app.screen, out)
            except (OSError, pygame.error) as e:    # checked before, refused now (/proc, a full disk)
                app.close()
                why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
                print(f"{prog_name()}: cannot save the screenshot {out}: {why}", file=sys.stderr)
                return 1
            app.close()
            print(f"saved {out} ({size[0]}x{size[1]}, {frames} frames)")
            return 0
        if stopped:
            app.close()
        else:
            app.run()
        return 128 + stopped[0] if stopped else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
