"""Player settings: one ``Settings`` object is both what the scenes read (``app.settings``) and
what is kept in ``settings.toml`` in the config folder, with the same names everywhere.

Every change of a field bumps ``settings.version`` and calls the listeners (``listen``): the app
applies what must be applied (sound, the widgets' colours, full screen) and saves the file in
the background when a value really changed; nothing compares settings frame by frame.

Loading is never fatal: unknown keys are ignored, a bad value is replaced by its default
(with a warning for the player), and a file that is not valid TOML is moved aside to
``settings.corrupt-<n>.toml`` and the defaults are used: the player is told in plain words
where the old file is (the menu, or the board a start opens on), the parser's details go to
the log. Saving is atomic.

The file is flat and written by hand here (no TOML writer dependency)::

    anim_speed = 1.0
    sound = true
    volume = 0.8
    show_coords = true
    show_targets = true
    theme = "classic"
    fullscreen = false
    flip = false
    think_easy = 0.25
    think_medium = 1.0
    think_hard = 2.8
    language = "system"
    window_size = "1280x800"

Files of earlier versions named three of them differently (``animation_speed``,
``show_coordinates``, ``show_highlights``): they are read under those names too.

    [last.onyx]
    black = "human"
    white = "hard"
    options = { size = 12, open = false, pie = true }
    clock = "300+3"

``window_size`` is the size the window was left at (the next start opens at it unless
``--window`` says otherwise; "" before the first resize); ``last`` is what New game chose
for each game, offered again the next time (``clock``: PGN's TimeControl, "" for none).
"""
from __future__ import annotations

import logging
import math
import os
import tomllib     # Python 3.11+ (pyproject.toml: requires-python)
from dataclasses import MISSING, asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from .clock import TimeControl
from .rules import GAME_NAMES, make_game
from .rules.base import RulesError
from .storage import StorageError, StorageNote, atomic_write_text, config_dir, failure_kind, move_aside, read_text
from .i18n import LANGUAGES as _LANGUAGES, SYSTEM as _SYSTEM
from .themes import THEME_NAMES as THEMES

log = logging.getLogger(__name__)

SETTINGS_NAME = "settings.toml"
SPEED_RANGE = (0.25, 4.0)
THINK_RANGE = (0.1, 30.0)   # the computer's think time per move, seconds (as game.ai.levels.THINK_RANGE)
THINK_KEYS = {"easy": "think_easy", "medium": "think_medium", "hard": "think_hard"}
MAX_NAME = 100
WINDOW_RANGE = ((1024, 640), (8192, 8192))   # a remembered window size (as --window takes)
LANGUAGE_CHOICES = (_SYSTEM, *_LANGUAGES)   # 'system': the system's language (game.i18n)

__all__ = ["Settings", "LastChoice", "THEMES", "LANGUAGE_CHOICES", "SPEED_RANGE", "THINK_RANGE", "THINK_KEYS", "settings_path", "load_settings",
           "save_settings", "settings_to_toml", "settings_from_dict"]


@dataclass
class LastChoice:
    """What the player last chose for one game: who plays each colour, and the variant."""

    black: str = "human"
    white: str = "human"
    options: dict[str, Any] = field(default_factory=dict)
    clock: str = ""              # the time control as PGN writes it ('300+3'), '' for no clock


Listener = Callable[[str], None]


@dataclass
class Settings:
    """The player's settings, live and saved (see the module docstring)."""

    anim_speed: float = 1.0           # animation speed multiplier: 0.25 (slow) .. 4.0 (fast) saved
    sound: bool = True
    volume: float = 0.8               # 0 .. 1
    show_coords: bool = True          # coordinates around the board (Ctrl+L)
    show_targets: bool = True         # highlight legal moves and targets
    theme: str = "classic"            # one of THEMES (game.themes)
    fullscreen: bool = False
    flip: bool = False                # the board turned half round: Black's side at the top (Ctrl+F)
    think_easy: float = 0.25          # the computer's think time per move at each level, seconds
    think_medium: float = 1.0         # (defaults: the levels' budgets, game.ai.levels.THINK_DEFAULTS;
    think_hard: float = 2.8           # range THINK_RANGE)
    language: str = _SYSTEM           # one of LANGUAGE_CHOICES: 'system', 'en', 'ja', 'uz'
    window_size: str = ""             # the window's size as it was left: 'WxH' ('' never resized)
    last: dict[str, LastChoice] = field(default_factory=dict)  # by game name

    def __post_init__(self) -> None:
        object.__setattr__(self, "_version", 0)
        object.__setattr__(self, "_listeners", [])

    def __setattr__(self, name: str, value: Any) -> None:
        d = self.__dict__
        changed = name in _FIELDS and name in d and d[name] != value
        object.__setattr__(self, name, value)
        if changed and "_version" in d:
            object.__setattr__(self, "_version", d["_version"] + 1)
            for fn in list(d["_listeners"]):
                fn(name)

    @property
    def version(self) -> int:
        """Bumped by every change of a field's value (a cheap "anything new?" for callers)."""
        return int(self.__dict__.get("_version", 0))

    def listen(self, fn: Listener) -> None:
        """Call ``fn(field_name)`` after each change of a field's value."""
        self.__dict__["_listeners"].append(fn)

    def unlisten(self, fn: Listener) -> None:
        if fn in self.__dict__["_listeners"]:
            self.__dict__["_listeners"].remove(fn)

    def update(self, **values: Any) -> None:
        """Set several fields (each change is announced)."""
        for k, v in values.items():
            if k not in _FIELDS:
                raise AttributeError(f"no setting {k!r}")
            setattr(self, k, v)

    def assign(self, other: "Settings") -> None:
        """Take every value of ``other`` (Restore defaults, a loaded file), announcing changes."""
        for f in fields(Settings):
            setattr(self, f.name, getattr(other, f.name))

    def think_time(self, level: str) -> float:
        """The computer's think time per move at ``level`` ('easy', 'medium' or 'hard'; a
        KeyError for another), seconds."""
        return {"easy": self.think_easy, "medium": self.think_medium, "hard": self.think_hard}[level]

    def level_seconds(self, level: str) -> float | None:
        """The player's think time for a computer level that has one in Settings ('easy',
        'medium', 'hard'), else None: the level thinks its own budget."""
        name = str(level).strip().lower()
        if name not in THINK_KEYS:
            return None
        v = self.think_time(name)
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None

    def copy(self) -> "Settings":
        """An independent copy of the values (no listeners)."""
        return replace(self, last=dict(self.last))

    def remember(self, game: str, black: str, white: str,
                 options: Mapping[str, Any] | None = None, clock: str = "") -> "Settings":
        """Keep the last choice for ``game`` (in place); returns the settings."""
        last = dict(self.last)
        last[game] = LastChoice(str(black), str(white), dict(options or {}), str(clock))
        self.last = last
        return self


_FIELDS = frozenset(f.name for f in fields(Settings))
_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Settings) if f.default is not MISSING}
# names of earlier files -> the field
_OLD_NAMES = {"animation_speed": "anim_speed", "show_coordinates": "show_coords", "show_highlights": "show_targets"}


def settings_path() -> Path:
    return config_dir() / SETTINGS_NAME


# ----------------------------------------------------------------- validation
def _number(value: Any, lo: float, hi: float) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        f = float(value)
    except OverflowError:           # an int too large for a float: out of range like any other
        return None
    if not math.isfinite(f) or not lo <= f <= hi:
        return None
    return f


def _name(value: Any) -> str | None:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        return None
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        return None
    return value


def _scalar(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, (bool, int, str))


def _last_choice(game: str, value: Any, warn: list[str]) -> LastChoice | None:
    if game not in GAME_NAMES:
        warn.append(f"last choices for an unknown game {game!r} were ignored")
        return None
    if not isinstance(value, dict):
        warn.append(f"last choices for {game} were not a table and were ignored")
        return None
    choice = LastChoice()
    sides = {"black": choice.black, "white": choice.white}
    for side, default in sides.items():
        if side in value:
            name = _name(value[side])
            if name is None:
                warn.append(f"last {side} player for {game} ({value[side]!r}) is not valid; "
                            f"using {default!r}")
            else:
                sides[side] = name
    choice.black, choice.white = sides["black"], sides["white"]
    if "options" in value:
        opts = value["options"]
        ok = isinstance(opts, dict) and all(isinstance(k, str) and _scalar(v) for k, v in opts.items())
        if ok:
            try:
                make_game(game, **opts)
            except (RulesError, ValueError, TypeError):
                ok = False
        if ok:
            choice.options = dict(opts)
        else:
            warn.append(f"last variant for {game} ({opts!r}) is not valid; using the standard game")
    if "clock" in value:
        text = value["clock"]
        try:
            choice.clock = TimeControl.parse(text).text if text != "" else ""
        except (ValueError, TypeError):
            warn.append(f"last clock for {game} ({text!r}) is not valid; using no clock")
    return choice


def window_size(text: str) -> tuple[int, int] | None:
    """'1280x800' as (1280, 800); None for '' or anything else."""
    w, _, h = str(text).lower().partition("x")
    # ASCII digits only: str.isdigit() also takes '²' and other digits int() refuses; and few
    # of them, as int() refuses thousands
    ok = all(0 < len(n) <= 9 and n.isascii() and n.isdigit() for n in (w, h))
    return (int(w), int(h)) if ok else None


def settings_from_dict(data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from parsed TOML; bad values become defaults, each with a warning."""
    s = Settings()
    warn: list[str] = []
    if not isinstance(data, Mapping):
        return s, ["settings were not a table; using defaults"]
    named = {_OLD_NAMES[k]: k for k in data if k in _OLD_NAMES and _OLD_NAMES[k] not in data}   # as the file says
    data = {**{new: data[old] for new, old in named.items()}, **{k: v for k, v in data.items() if k not in _OLD_NAMES}}

    def bad(key: str, why: str) -> None:
        as_written = named.get(key, key)     # the file's own key: what whoever edited it will look for
        warn.append(StorageNote(f"{as_written} = {data[key]!r} is not valid ({why}); using {_DEFAULTS[key]!r}",
                                "setting-value", key=as_written))

    if "anim_speed" in data:
        v = _number(data["anim_speed"], *SPEED_RANGE)
        if v is None:
            bad("anim_speed", f"a number from {SPEED_RANGE[0]} to {SPEED_RANGE[1]}")
        else:
            s.anim_speed = v
    if "volume" in data:
        v = _number(data["volume"], 0.0, 1.0)
        if v is None:
            bad("volume", "a number from 0 to 1")
        else:
            s.volume = v
    for key in THINK_KEYS.values():
        if key in data:
            v = _number(data[key], *THINK_RANGE)
            if v is None:
                bad(key, f"seconds from {THINK_RANGE[0]} to {THINK_RANGE[1]}")
            else:
                setattr(s, key, v)
    for key in ("sound", "show_coords", "show_targets", "fullscreen", "flip"):
        if key in data:
            if isinstance(data[key], bool):
                setattr(s, key, data[key])
            else:
                bad(key, "true or false")
    if "theme" in data:
        if data["theme"] in THEMES:
            s.theme = data["theme"]
        else:
            bad("theme", "one of " + ", ".join(THEMES))
    if "language" in data:
        if data["language"] in LANGUAGE_CHOICES:
            s.language = data["language"]
        else:
            bad("language", "one of " + ", ".join(LANGUAGE_CHOICES))
    if "window_size" in data:
        text = data["window_size"]
        size = window_size(text) if isinstance(text, str) else None
        if text == "" or (size is not None and all(lo <= v <= hi for v, lo, hi in zip(size, *WINDOW_RANGE))):
            s.window_size = text
        else:
            bad("window_size", "WIDTHxHEIGHT, e.g. 1280x800")
    if "last" in data:
        last = data["last"]
        if isinstance(last, dict):
            for game, value in last.items():
                choice = _last_choice(game, value, warn)
                if choice is not None:
                    s.last[game] = choice
        else:
            warn.append("last choices were not a table and were ignored")
    return s, warn


# ----------------------------------------------------------------- TOML out
def _toml_string(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _toml_key(k: str) -> str:
    if k and all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in k):
        return k
    return _toml_string(k)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"cannot save the number {v!r}")
        return repr(v)
    if isinstance(v, str):
        return _toml_string(v)
    if isinstance(v, Mapping):
        inner = ", ".join(f"{_toml_key(str(k))} = {_toml_value(x)}" for k, x in v.items())
        return "{ " + inner + " }" if inner else "{}"
    raise ValueError(f"cannot save a value of type {type(v).__name__}")


def settings_to_toml(settings: Settings) -> str:
    lines = ["# Abstract Trio settings. Written by the program; unknown keys are ignored.", ""]
    for name, value in asdict(settings).items():      # the fields in their order
        if name == "last":
            continue
        if name == "anim_speed":        # the board's keys reach 8: a file keeps the range it loads
            value = max(SPEED_RANGE[0], min(SPEED_RANGE[1], float(value)))
        lines.append(f"{name} = {_toml_value(value)}")
    for game, choice in settings.last.items():
        lines.append("")
        lines.append(f"[last.{_toml_key(game)}]")
        lines.append(f"black = {_toml_value(choice.black)}")
        lines.append(f"white = {_toml_value(choice.white)}")
        lines.append(f"options = {_toml_value(choice.options)}")
        lines.append(f"clock = {_toml_value(choice.clock)}")
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------- files
def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Settings, list[str]]:
    """The saved settings and a list of warnings for the player. Never raises.

    A missing file gives the defaults and no warning. A file that cannot be read as TOML
    is moved aside to ``settings.corrupt-<n>.toml`` (with a warning saying where).
    """
    p = Path(path) if path is not None else settings_path()
    try:
        if not p.exists():
            return Settings(), []
    except OSError as e:  # pragma: no cover
        return Settings(), [StorageNote(f"could not check the settings file ({e}); using defaults",
                                        "settings-unchecked", error=StorageError(str(e), "open", p, failure_kind(e)))]
    try:
        data = tomllib.loads(read_text(p, max_bytes=100_000, record=False))
    except StorageError as e:
        problem = str(e)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as e:    # (nested too deep: damaged too)
        problem = f"it is not valid TOML: {e!r}"
    else:
        try:
            s, warn = settings_from_dict(data)
        except Exception as e:          # a bug here must not stop every start: logged in full
            log.error("%s could not be used: %r", p, e, exc_info=True)
            return Settings(), [StorageNote(f"{p.name} could not be used ({e!r}); using defaults", "settings-unusable",
                                            file=p.name)]
        for w in warn:                   # the window counts them; the log names them
            log.warning("%s: %s", p.name, w)
        return s, [StorageNote(f"{p.name}: {w}", w.kind, **w.facts) if isinstance(w, StorageNote) else f"{p.name}: {w}"
                   for w in warn]
    # the words are the interface's (``game.ui.problems.settings_warning_words``): a StorageNote
    log.warning("%s could not be read: %s", p, problem)      # the details, for whoever looks
    try:
        dest = move_aside(p, p.stem, p.suffix)
    except StorageError as e:
        return Settings(), [StorageNote(f"Your settings file was damaged, so the game started with its defaults. "
                                        f"The old file could not be moved aside ({e}).", "settings-damaged",
                                        error=e, path=p)]
    return Settings(), [StorageNote(f"Your settings file was damaged, so the game started with its defaults. "
                                    f"The old file is kept as {dest}.", "settings-damaged", kept=dest)]


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> Path:
    """Save the settings atomically; raises StorageError if the file cannot be written."""
    p = Path(path) if path is not None else settings_path()
    try:
        text = settings_to_toml(settings)
    except ValueError as e:
        raise StorageError(f"cannot save the settings: {e}") from None
    return atomic_write_text(p, text)
