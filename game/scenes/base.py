"""The Scene base class: one state of the app's scene machine.

A scene gets the app in ``enter``, builds its pygame-gui widgets inside ``self.root`` (a
container the size of the window, killed on exit), receives events, and is told how much time
passed in ``update(dt)`` (seconds; scenes never read a clock). ``resize`` rebuilds the widgets.

Scenes open one another by name through ``make_scene(name, ...)``: each scene module registers
its factory with ``@register(name)``, and ``HOMES`` names the module of each scene, imported the
first time one of its scenes is made (so the app starts without importing every screen, the
engine and the review). No scene module imports another, and the menu -> new game -> board ->
menu round trip is no import circle.
"""
from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeGuard, TypeVar

import pygame
import pygame_gui

from .. import i18n

if TYPE_CHECKING:  # pragma: no cover
    from ..app import App
    from .board.scene import BoardScene

F = TypeVar("F", bound=Callable[..., Any])
# The one event type of the window's own: it wakes an idle loop (a scene with work left, the
# analysis board's timer to collect the worker's replies). Taken here, where the app starts:
# closing a window (``pygame.display.quit``) starts pygame's numbering of new event types
# again, so a type taken later, by a scene's module imported late, would share its number
# with one of pygame-gui's and a widget's event would be read as a wake-up, or the reverse.
WAKE = pygame.event.custom_type()
SCENES: dict[str, Callable[..., "Scene"]] = {}
# The module (under game.scenes) that registers each scene name.
HOMES = {"menu": "menu", "message": "menu", "new_game": "newgame", "settings": "settings",
         "tutorial": "tutorial", "editor": "editor", "board_from_record": "files",
         "board": "board", "new_board": "board", "analysis": "board.analysis",
         "analysis_of": "board.analysis", "analysis_from_record": "board.analysis",
         "rush": "rush", "rated_puzzles": "rated_puzzles", "my_puzzles": "my_puzzles"}


def register(name: str) -> Callable[[F], F]:
    """Class or function decorator: ``make_scene(name, ...)`` calls it to make that scene."""
    def deco(factory: F) -> F:
        SCENES[name] = factory
        return factory
    return deco


def has_scene(name: str) -> bool:
    """Can ``make_scene`` make that scene: registered, or its module known (imported when one
    is first made, so asking imports nothing)."""
    return name in SCENES or name in HOMES


def registered(name: str) -> bool:
    """Is that scene registered (its module imported first if it is not yet)?"""
    if name not in SCENES and name in HOMES:
        import_module(f"{__package__}.{HOMES[name]}")
    return name in SCENES


def make_scene(name: str, *args: Any, **kwargs: Any) -> "Scene":
    """A new scene by its registered name: 'menu', 'new_game', 'board', 'new_board',
    'board_from_record', 'tutorial', 'settings', 'message'."""
    if name not in SCENES and name in HOMES:
        import_module(f"{__package__}.{HOMES[name]}")
    try:
        factory = SCENES[name]
    except KeyError:
        raise LookupError(f"no scene named {name!r} (known: {', '.join(sorted(HOMES))})") from None
    return factory(*args, **kwargs)


class Scene:
    """Base scene: override ``build_ui``, ``handle_event``, ``update``, ``draw``, and the
    optional hooks below (declared here with their defaults; the app calls them directly)."""

    title = ""
    # What the app, the keyboard (game.ui.focus, game.ui.keys) and the file dialogs
    # (game.scenes.files) ask of any scene, with the answer of a scene that has none of it.
    is_board = False          # a board scene (``BoardScene``: it holds a game; ``is_board_scene``)
    is_analysis = False       # the analysis board (a record loaded there opens on an analysis board)
    game_name = ""            # the game it plays or teaches ('' for none: the keys overlay's notation)
    dialog: Any = None        # the scene's one dialog while it is open (a question, the library, a file dialog)
    dialog_kind = ""          # whose it is ('load', 'save', 'replace', 'overwrite', …)
    path_to_load: Path | None = None        # a record waiting for "Replace the game?" (game.scenes.files)
    path_to_overwrite: Path | None = None   # a file waiting for "Replace the file?" (game.scenes.files)
    _built_in = ""            # the language its widgets were built in (a change rebuilds them on resume)

    def __init__(self) -> None:
        self.app: App | None = None
        self.root: pygame_gui.elements.UIPanel | pygame_gui.core.UIContainer | None = None
        self.time = 0.0
        self.active = False

    # ------------------------------------------------------------ life cycle
    def enter(self, app: "App") -> None:
        """The scene becomes current (first time)."""
        self.app = app
        self.active = True
        self._make_root()
        self.build_ui()

    def exit(self) -> None:
        """The scene leaves for good: free its widgets."""
        self.active = False
        self._kill_root()

    def enter_paused(self, app: "App") -> None:
        """The scene comes in under another one (``App.reset``): entered, then paused at once."""
        self.enter(app)
        self.pause()

    # a scene of this kind put in the place of one of its own (App.replace: the puzzles of another
    # game) is the same page with other contents: the keyboard's ring stays where it was
    same_page_on_replace = False

    # where the keyboard's ring was among this scene's widgets when another scene came on top
    # (``App.push``: the button that opened it, pressed by the keyboard); it comes back there
    ring_left: int | None = None
    # ... or, when no ring showed, where the mouse pressed the control that opened it: back
    # here, Tab goes on from it (``game.ui.focus.come_back``)
    mouse_left: int | None = None

    def pause(self) -> None:
        """Another scene is pushed on top: hide the widgets."""
        self.active = False
        if self.root is not None:
            self.root.hide()

    def resume(self) -> None:
        """The scene on top was popped: show the widgets again (rebuilt if the window or the
        language changed), the keyboard's ring where it was (on the button that opened the
        scene now gone, when it was pressed by the keyboard)."""
        self.active = True
        if self.root is None or self.root.get_abs_rect().size != self.size or self._built_in != i18n.language():
            self.relayout()
        else:
            self.root.show()
        self.return_ring()

    def return_ring(self) -> None:
        """The keyboard's ring back where it was when another scene came on top (``ring_left``),
        unless the scene has put it somewhere already."""
        from ..ui import focus
        place, self.ring_left = self.ring_left, None
        if place is not None and self.app is not None and self.app.scene is self and self.app.focus is None:
            focus.keep_place(self.app, place)

    def relayout(self, keep_ring: bool = True) -> None:
        """Rebuild the widgets for the current window size (VIDEORESIZE) or what they show; the
        keyboard's ring stays where it was among them (``game.ui.focus.keep_place``), unless
        ``keep_ring`` is False: another page of the scene (a lesson opened from the list), where
        the ring starts afresh as on a new screen."""
        from ..ui import focus
        place = focus.focus_place(self.app) if self.app is not None and self.app.scene is self else None
        self._kill_root()
        self._make_root()
        self.build_ui()
        if not keep_ring and self.app is not None:
            focus.forget(self.app)
        elif place is not None:
            focus.keep_place(self.app, place)

    def _make_root(self) -> None:
        assert self.app is not None
        self._built_in = i18n.language()
        self.root = pygame_gui.core.UIContainer(pygame.Rect((0, 0), self.size), manager=self.app.ui,
                                                object_id="#scene_root")

    def _kill_root(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None

    # ------------------------------------------------------------ hooks
    def build_ui(self) -> None:
        """Create widgets inside ``self.root`` and compute layout rects."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True if the event was used."""
        return False

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def back(self) -> bool:
        """Escape was pressed: return True if the scene handled it. Here: the scene's dialog (a
        question asked with ``open_dialog``) closes, as its Cancel would."""
        if self.dialog is not None:
            self.close_dialog()
            return True
        return False

    @property
    def opaque(self) -> bool:
        """Does the scene paint the whole window (the app draws no backdrop under it)?"""
        return False

    def writes_files(self) -> bool:
        """Are the player's files written (games, tutorial progress, puzzle records)? Not in a
        ``--screenshot`` run (``App.autosave_enabled``), which leaves the data folder as it was."""
        return self.app is None or bool(self.app.autosave_enabled)

    def needs_frames(self) -> bool:
        """Does anything move or wait for time? While False the app's loop sleeps until an
        event (an idle window costs almost no CPU). A scene that can be still says so."""
        return True

    def wake_after(self) -> float | None:
        """While the window sleeps (``needs_frames`` False): seconds after which the scene wants
        a frame all the same (a running game clock's face changes), None: not before an event."""
        return None

    def after_frame(self) -> None:
        """Work that may wait for the end of a frame (the board's autosave)."""

    def keep_clear(self) -> list[pygame.Rect]:
        """Words the scene draws itself (no widget) that a button's tooltip must not cover, as
        it covers no control (``game.ui.tips``): e.g. the review's accuracy lines."""
        return []

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn above the scene's own widgets and below pygame-gui's dialogs and tooltips
        (icons on buttons, ticks). A scene that overrides it gets that layering."""

    @classmethod
    def has_overlay(cls) -> bool:
        return cls.draw_overlay is not Scene.draw_overlay

    @property
    def anim(self) -> Any:
        """The animation running on the scene's board (None: nothing moves)."""
        return None

    def set_status(self, text: str, kind: str = "info") -> None:
        """Say something to the player where the scene says things ('info', 'warn' or 'error'):
        the board's status line, the menu's message. A scene with no such place says nothing."""

    def open_dialog(self, kind: str, title: str, text: str, ok: str, cancel: str | None = None,
                    danger: bool = False, other: str = "") -> None:
        """Ask a question on the game's question card (``game.ui.dialogs.ask``: centred on the
        window, sized to its words, Enter for ``ok``, Escape for ``cancel``), one at a time (an
        open one goes). ``kind`` says whose it is; the answer comes as pygame-gui's
        ``UI_CONFIRMATION_DIALOG_CONFIRMED`` or ``UI_WINDOW_CLOSE`` for ``self.dialog``.
        ``danger``: the answer that goes on cannot be taken back (Resign, Delete). ``other``: a
        third answer, the press of ``self.dialog.other_button`` (``QuestionCard``)."""
        from ..themes import CLASSIC
        from ..ui.dialogs import ask
        self.close_dialog()
        theme = self.app.theme if self.app is not None else CLASSIC
        self.dialog = ask(self.ui, self.px, title, text, ok, cancel, other=other, danger=danger, theme=theme)
        self.dialog_kind = kind

    def dialog_answer(self, event: pygame.event.Event) -> tuple[str, bool] | None:
        """What ``event`` says of the question asked with ``open_dialog``: (its kind, confirmed),
        confirmed False when it was closed without (Cancel, ×, Escape); None when the event is
        not about it. Answered or closed, the scene forgets it."""
        answers = (pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, pygame_gui.UI_WINDOW_CLOSE)
        if self.dialog is None or event.type not in answers or event.ui_element is not self.dialog:
            return None
        kind = self.dialog_kind
        self.dialog = None
        self.dialog_kind = ""
        return kind, event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED

    def close_dialog(self) -> None:
        """The scene's dialog goes (if one is open)."""
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog = None
        self.dialog_kind = ""

    def leave(self) -> None:
        """The scene is about to go (the board stops its computer at once)."""

    def asks_before_quitting(self, go: Callable[[], None]) -> bool:
        """The window's close button: would quitting now lose work? Then the scene asks first
        (True; ``go`` quits later, or never). A board asks as before any way out."""
        return False

    def tab_groups(self) -> list[list[Any]]:
        """Widgets Tab goes through as a group, each group whole before what follows it (a list
        in a column of its own: its items one after another, not row by row with the column
        beside it); the rest in reading order after the groups. None by default."""
        return []

    def keys_place(self) -> str:
        """Which list of keys the keys overlay shows over this scene (``game.ui.keys.place_of``):
        'board', 'analysis', 'lesson', 'puzzle', 'tutorial', 'menu', 'form', 'settings', 'editor',
        'rated', 'rush', 'mypuzzles' or 'other'."""
        return ("analysis" if self.is_analysis else "board") if self.is_board else "other"

    def keys_missing(self) -> frozenset[str]:
        """Rows (by their English key words) or whole sections (by their English headings) of
        this screen's list of keys that it lacks now: the keys overlay leaves them out (the
        editor without the analysis board: 'Analyse'; My puzzles with none: its moves)."""
        return frozenset()

    # ------------------------------------------------------------ helpers
    @property
    def size(self) -> tuple[int, int]:
        if self.app is None:
            return (1280, 800)
        return self.app.size

    @property
    def k(self) -> float:
        """UI scale of the window (1.0 up to 1280x800; bigger on large screens)."""
        return self.app.ui_scale if self.app is not None else 1.0

    def px(self, n: float) -> int:
        """A layout length scaled for the window."""
        return int(round(n * self.k))

    @property
    def ui(self) -> pygame_gui.UIManager:
        assert self.app is not None
        return self.app.ui

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


def is_board_scene(scene: Scene | None) -> TypeGuard["BoardScene"]:
    """Is ``scene`` a board scene (``Scene.is_board``)? Then it has the board's parts (``match``,
    ``review``, ``saver``, ``panel``…), and the type checker knows it."""
    return scene is not None and scene.is_board


def is_button(event: pygame.event.Event, element: Any) -> bool:
    """Was this event a press of that pygame-gui button?"""
    return event.type == pygame_gui.UI_BUTTON_PRESSED and element is not None and event.ui_element is element
