"""What the command lines share: one-line refusals, checked numbers, output paths, signals.

Every command (``python main.py``, ``python -m game.bench``, ``python -m game.ai.review``)
refuses a bad input the same way: ONE line on stderr, ``PROG: error: WHAT``, and exit
status 2, before any work starts. ``OneLineParser`` is argparse with that ``error()``;
``whole``/``positive`` are argparse types for numbers in a range; ``output_problem`` says
why a file cannot be written (a missing folder is refused, never created).

``on_stop_signals`` routes SIGINT and SIGTERM to a handler for as long as a command runs:
the game posts a QUIT (so the main loop ends and the autosave is written), the tools raise
KeyboardInterrupt (``interrupt``) and stop with one line. Nothing here imports pygame.
"""
from __future__ import annotations

import argparse
import math
import os
import re
import signal
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, NoReturn, Sequence

from .resources import DIST_NAME, version
from .themes import THEMES

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class OneLineParser(argparse.ArgumentParser):
    """argparse whose refusals are one line on stderr (``PROG: error: ...``), exit status 2,
    without the usage lines argparse prints by default (``--help`` still shows them)."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(str(message).split())
        # argparse says "argument --runs: must be ..." for our types: "--runs must be ..."
        m = re.match(r"argument (\S+?): (must .*)$", text)
        if m:
            text = f"{m.group(1).split('/')[-1]} {m.group(2)}"
        self.exit(2, f"{self.prog}: error: {text}\n")


SEED_MAX = 2 ** 32 - 1      # a seed any of the commands takes: 0 to this


def whole(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi``."""
    def parse(text: str) -> int:
        try:
            value = int(str(text).strip())
        except ValueError:
            value = None
        if value is None or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be a whole number from {lo} to {hi}, not {text!r}")
        return value
    return parse


def positive(hi: float) -> Callable[[str], float]:
    """An argparse type: a number more than 0 and at most ``hi`` (no nan, no infinity)."""
    def parse(text: str) -> float:
        try:
            value = float(str(text).strip())
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and 0 < value <= hi):
            raise argparse.ArgumentTypeError(f"must be a number more than 0 and at most {hi:g}, not {text!r}")
        return value
    return parse


def output_problem(path: str, option: str) -> str:
    """Why a file cannot be written at ``path`` ('' when it can), checked before any work:
    no name, a folder in the way, a missing or read-only folder."""
    if not path or path.endswith(("/", os.sep)):
        return f"{option} needs a file name, not {path!r}"
    p = Path(path)
    if p.is_dir():
        return f"{option}: {path} is a folder, not a file"
    folder = p.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        return f"{option}: the folder {folder} {what} (it is not created)"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{option}: the folder {folder} cannot be written to"
    if p.exists() and not os.access(p, os.W_OK):
        return f"{option}: {path} cannot be written to"
    return ""


def read_text_file(path: str, max_bytes: int = 10_000_000) -> str:
    """The text of a UTF-8 file; ValueError with one readable sentence when it is missing,
    unreadable, too big or not text (a binary file, another encoding)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    if len(data) > max_bytes:
        raise ValueError(f"cannot read {path}: larger than {max_bytes // 1_000_000} MB, not a game record")
    if b"\0" in data:
        raise ValueError(f"cannot read {path}: a binary file, not a text record")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ValueError(f"cannot read {path}: not UTF-8 text (byte {e.start + 1} is not valid)") from None


@contextmanager
def on_stop_signals(handler: Callable[[int], Any]) -> Iterator[None]:
    """While inside, SIGINT and SIGTERM call ``handler(signum)``; the former handlers come back
    afterwards. Outside the main thread (where Python cannot set handlers) it does nothing."""
    old: dict[signal.Signals, Any] = {}
    for sig in STOP_SIGNALS:
        try:
            old[sig] = signal.signal(sig, lambda signum, frame: handler(signum))
        except (ValueError, OSError):     # not the main thread
            pass
    try:
        yield
    finally:
        for sig, previous in old.items():
            try:
                signal.signal(sig, previous if previous is not None else signal.SIG_DFL)
            except (ValueError, OSError, TypeError):
                pass


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM during a tool's work; ``status`` is the exit status (128 + signal)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.status = 128 + int(signum)


def interrupt(signum: int) -> None:
    """A handler for ``on_stop_signals``: stop the work where it is (as Ctrl+C does)."""
    raise Interrupted(signum)


def exit_status(exc: BaseException) -> int:
    """The exit status after an interruption: 130 for Ctrl+C, 143 for SIGTERM."""
    return exc.status if isinstance(exc, Interrupted) else 128 + int(signal.SIGINT)


CLOSED_PIPE_STATUS = 128 + 13      # what a shell reports for a command ended by SIGPIPE (141)


def run_command(main: Callable[..., Any], *args: Any) -> int | str | None:
    """Run a command's ``main`` for ``sys.exit``, quiet when its reader goes away.

    Python ignores SIGPIPE, so a command piped into ``head`` meets a BrokenPipeError on a
    later write (or on the last flush at exit) and prints a traceback. Here that ends the
    command as the shell expects of a closed pipe: no words, status 141. Standard output is
    pointed at the null device first, so the interpreter's own flush at exit finds nothing
    left to write. Every entry point (``python -m game.rules``, ``game.records``,
    ``game.ai.*``, ``game.bench``, the game itself) ends through this."""
    try:
        try:
            status = main(*args)
        except SystemExit as exc:          # argparse's --help and refusals end this way
            status = exc.code
        sys.stdout.flush()
    except BrokenPipeError:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError):      # no file descriptor behind stdout (a test's capture)
            pass
        return CLOSED_PIPE_STATUS
    return status


# ====================================================================== the game's command line
# (python main.py / abstract-trio / python -m game: parse_args; the app builds from its answer)
MIN_SIZE = (1024, 640)          # the smallest window the screens are laid out for
DEFAULT_SIZE = (1280, 800)
MAX_WINDOW = (8192, 8192)     # --window: from MIN_SIZE up to this (a bigger one takes minutes a frame)
MAX_SPEED = 10.0              # --speed: more than 0, at most this
MAX_FRAMES = 100_000          # --frames: from 1 up to this
ONYX_SIZES = (12, 16, 20)
_SHOT_TYPES = (".png", ".bmp", ".jpg", ".jpeg", ".tga")   # what pygame.image.save writes


def _window_size(text: str) -> tuple[int, int]:
    """A ``--window`` value: WxH within MIN_SIZE..MAX_WINDOW (a smaller one is refused, not enlarged)."""
    try:
        w, h = text.strip().lower().replace("×", "x").split("x")
        size = int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must look like WIDTHxHEIGHT (e.g. 1280x800), not {text!r}") from None
    if not (MIN_SIZE[0] <= size[0] <= MAX_WINDOW[0] and MIN_SIZE[1] <= size[1] <= MAX_WINDOW[1]):
        raise argparse.ArgumentTypeError(f"must be between {MIN_SIZE[0]}x{MIN_SIZE[1]} and "
                                         f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}, not {size[0]}x{size[1]}")
    return size


def onyx_size(text: str) -> int:
    """An argparse type: an Onyx board size (12, 16 or 20)."""
    t = text.strip()
    if t.isdigit() and int(t) in ONYX_SIZES:
        return int(t)
    raise argparse.ArgumentTypeError(f"must be {ONYX_SIZES[0]}, {ONYX_SIZES[1]} or {ONYX_SIZES[2]}, not {text!r}")


def _who(text: str) -> str:
    """human, a level 1..8 or its name (easy 2, medium 5, hard 8), or computer[-LEVEL]."""
    t = text.strip().lower()
    from .match import HUMAN
    if t == HUMAN:
        return t
    if t.startswith("computer"):
        t = t.replace("computer-", "").replace("computer", "") or "medium"
    from .ai.levels import LADDER, level_name
    try:
        name = level_name(t)
    except ValueError:
        name = ""
    if name in LADDER:
        return name
    raise argparse.ArgumentTypeError(f"must be human, easy, medium or hard, or a level 1 to 8, "
                                     f"not {text!r}")


def _clock(text: str) -> Any:
    """A ``--clock`` value: SECONDS+INCREMENT as PGN's TimeControl (``300+3``; ``2+0`` is a
    two-second game), or SECONDS alone."""
    from .clock import MAX_INCREMENT, MAX_INITIAL, TimeControl
    try:
        return TimeControl.parse(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be SECONDS+INCREMENT (e.g. 300+3: 5 minutes and 3 seconds a move), with 1 to "
            f"{MAX_INITIAL} seconds and an increment of 0 to {MAX_INCREMENT}, not {text!r}") from None


GAME_NAMES = ("amoeba", "onyx", "onager")
SCENES_HELP = ("menu, new:GAME, board:GAME, editor:GAME, tutorial:GAME, lesson:GAME:N[:STEP], puzzle:GAME:N, settings, "
               "analysis:GAME, puzzles:GAME, rush:GAME, mypuzzles:GAME, "
               "load[:GAME], save[:GAME], gameover:GAME[:resign|agree], keys:menu|board|lesson|puzzle")
KEYS_PLACES = ("menu", "board", "lesson", "puzzle")     # --scene keys:PLACE: the keys overlay over that screen


def _scene(text: str) -> str:
    """A ``--scene`` value, checked for its form (numbers are checked against the course later)."""
    t = text.strip().lower()
    kind, *rest = t.split(":")
    game_ok = bool(rest) and rest[0] in GAME_NAMES
    numbers = all(p.isdigit() and int(p) >= 1 for p in rest[1:])
    ok = ((kind in ("menu", "settings") and not rest)
          or (kind in ("load", "save") and (not rest or (len(rest) == 1 and game_ok)))
          or (kind in ("new", "board", "tutorial", "editor") and len(rest) == 1 and game_ok)
          or (kind in ("analysis", "puzzles", "rush", "mypuzzles") and len(rest) == 1 and game_ok)
          or (kind == "gameover" and game_ok and (len(rest) == 1 or (len(rest) == 2 and rest[1] in ("resign", "agree"))))
          or (kind == "lesson" and game_ok and len(rest) in (2, 3) and numbers)
          or (kind == "puzzle" and game_ok and len(rest) == 2 and numbers)
          or (kind == "keys" and len(rest) == 1 and rest[0] in KEYS_PLACES))
    if not ok:
        raise argparse.ArgumentTypeError(f"must be one of {SCENES_HELP} (GAME: amoeba, onyx or onager; "
                                         f"N, STEP from 1), not {text!r}")
    return t


def scene_parts(args: argparse.Namespace) -> tuple[str, str, list[str]]:
    """(kind, game, the rest) of ``--scene``; ``--game X`` is ``board:X`` (``args``: ``parse_args``'s)."""
    if args.game:
        return "board", args.game, []
    kind, *rest = (args.scene or "menu").split(":")
    game = rest[0] if rest else ("amoeba" if kind == "save" else "")   # save: over an Amoeba board
    return kind, game, rest[1:]


_Parser = OneLineParser       # refusals: one line on stderr, exit status 2 (game.cli)


def prog_name() -> str:
    """The command's name in messages: abstract-trio, main.py or python -m game."""
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if name in ("", "-c", "__main__.py"):
        return "python -m game"
    return name


class _VersionAction(argparse.Action):
    """``--version``: looked up only when asked (importlib.metadata is slow to import)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(f"{DIST_NAME} {version()}")
        parser.exit()


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = _Parser(prog=prog_name(), description="Play Amoeba, Onyx and Onager with the mouse or the keyboard.")
    p.add_argument("--version", action=_VersionAction, help="print the version and exit")
    p.add_argument("--game", choices=("amoeba", "onyx", "onager"), help="start this game at once")
    p.add_argument("--black", type=_who, default=None,
                   help="human, a level 1-8, or easy (2), medium (5), hard (8) (with a game)")
    p.add_argument("--white", type=_who, default=None,
                   help="human, a level 1-8, or easy (2), medium (5), hard (8) (with a game)")
    p.add_argument("--clock", type=_clock, default=None, metavar="SECONDS+INCREMENT",
                   help="play with clocks, e.g. 300+3: 5 minutes each and 3 seconds more a move (with a game)")
    p.add_argument("--size", type=onyx_size, help="Onyx board size: 12, 16 or 20")
    p.add_argument("--open", action="store_true", help="Onyx: open start (empty board)")
    p.add_argument("--pie", action="store_true", help="Onyx: pie rule")
    p.add_argument("--window", type=_window_size, default=None,
                   help=f"window size, e.g. 1280x800 ({MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_WINDOW[0]}x{MAX_WINDOW[1]}; "
                        f"default: the size it was left at, else {DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]})")
    p.add_argument("--speed", type=positive(MAX_SPEED), default=1.0,
                   help=f"animation speed multiplier (more than 0, at most {MAX_SPEED:g})")
    p.add_argument("--screenshot", metavar="PATH",
                   help="render --frames frames, save the window to PATH (.png, .bmp, .jpg or .tga; "
                        "its folder must exist), exit")
    p.add_argument("--frames", type=whole(1, MAX_FRAMES), default=None,
                   help=f"frames to render for --screenshot (1 to {MAX_FRAMES}, default 30)")
    p.add_argument("--moves", default="", help="moves to play first (space separated, for screenshots)")
    p.add_argument("--scene", type=_scene, default="menu",
                   help=f"first scene: {SCENES_HELP}; e.g. tutorial:onyx, lesson:amoeba:2:3, board:onager")
    p.add_argument("--theme", type=_theme, default=None, help="colours for this run: " + ", ".join(THEMES))
    p.add_argument("--lang", type=_lang, default=None,
                   help="language of this run: en, ja or uz (xx: the test pseudo-language); "
                        "not saved (Settings chooses the lasting one)")
    args = p.parse_args(argv)
    if args.game and args.scene != "menu":
        p.error("--game starts a board: it cannot be used with --scene " + args.scene)
    problem = _check_options(args) or _check_scene(args)
    if problem:
        p.error(problem)
    # the players named on the command line (the New game form keeps its own default for
    # a side not named: the player Black against level 2)
    args.players_given = {side: who for side, who in (("black", args.black), ("white", args.white))
                          if who is not None}
    args.black, args.white = args.black or "human", args.white or "human"
    if args.frames is None:
        args.frames = 30
    return args


# the scenes that set up a game: they take the players (and, for Onyx, the variant)
_GAME_KINDS: tuple[str, ...] = ("board", "gameover", "save", "new", "editor")
_GAME_KINDS += ("analysis",)     # the analysis board takes the Onyx variant too
_CLOCK_KINDS = ("board", "gameover", "save", "new")     # the scenes of a game that --clock starts


def _check_options(args: argparse.Namespace) -> str:
    """What is wrong with options that do not apply here ('' when nothing): the Onyx variant
    with another game (or none), --frames without --screenshot,
    a --screenshot that cannot be written (checked now: its folder is never created)."""
    kind, game, _ = scene_parts(args)
    sets_up = kind in _GAME_KINDS or (kind == "load" and bool(game))
    onyx = [name for name, on in (("--size", args.size), ("--open", args.open), ("--pie", args.pie)) if on]
    if onyx and not (sets_up and game == "onyx"):
        names = " and ".join((", ".join(onyx[:-1]), onyx[-1])) if len(onyx) > 1 else onyx[0]
        here = game if sets_up else f"--scene {args.scene}"
        return (f"{names} {'are' if len(onyx) > 1 else 'is'} for Onyx only (--game onyx, or --scene new:onyx, "
                f"board:onyx, gameover:onyx, save:onyx or load:onyx), not for {here}")
    players = [name for name, who in (("--black", args.black), ("--white", args.white)) if who is not None]
    if players and not ((sets_up and kind != "analysis") or (kind == "keys" and game == "board")):
        return (f"{' and '.join(players)} need{'' if len(players) > 1 else 's'} a game: --game amoeba, onyx or "
                f"onager, or --scene new:GAME, board:GAME, gameover:GAME, save, load:GAME or editor:GAME")
    if args.clock is not None and not (kind in _CLOCK_KINDS and game):
        return ("--clock needs a game to play: --game amoeba, onyx or onager, or --scene new:GAME, "
                "board:GAME, gameover:GAME or save:GAME")
    if args.frames is not None and not args.screenshot:
        return "--frames counts the frames of a --screenshot: add --screenshot PATH"
    if args.screenshot is not None:
        problem = output_problem(args.screenshot, "--screenshot")
        if problem:
            return problem
        if Path(args.screenshot).suffix.lower() not in _SHOT_TYPES:
            return (f"--screenshot: {args.screenshot} must end with {', '.join(_SHOT_TYPES[:-1])} "
                    f"or {_SHOT_TYPES[-1]}")
    return ""


def _theme(text: str) -> str:
    from .themes import THEMES
    t = text.strip().lower().replace("_", "-")
    t = {"colourblind": "colour-blind", "colorblind": "colour-blind", "color-blind": "colour-blind"}.get(t, t)
    if t not in THEMES:
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(THEMES)}, not {text!r}")
    return t


def _lang(text: str) -> str:
    from .i18n import LANGUAGES, PSEUDO
    t = text.strip().lower()
    if t not in (*LANGUAGES, PSEUDO):
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(LANGUAGES)} or {PSEUDO}, not {text!r}")
    return t


def _check_scene(args: argparse.Namespace) -> str:
    """What is wrong with ``--scene`` and ``--moves`` together ('' when nothing): lesson, step
    and puzzle numbers within the course, moves that can be played."""
    kind, game, rest = scene_parts(args)
    if kind in ("lesson", "puzzle"):
        from . import levels as L
        if kind == "lesson":
            course = L.open_course(L.LEVELS_DIR / f"{game}.toml")
            if not isinstance(course, L.Course):
                return f"the {game} lessons cannot be read: {course}"
            n = int(rest[0])
            if n > len(course.lessons):
                return f"{game} has {len(course.lessons)} lessons, not {n}"
            steps = len(course.lessons[n - 1].steps)
            if len(rest) > 1 and int(rest[1]) > steps:
                return f"lesson {n} of {game} has {steps} steps, not {rest[1]}"
        else:
            puzzles = L.open_puzzles(L.LEVELS_DIR / f"puzzles-{game}.toml")
            if not isinstance(puzzles, L.PuzzleSet):
                return f"the {game} puzzles cannot be read: {puzzles}"
            if int(rest[0]) > len(puzzles.puzzles):
                return f"{game} has {len(puzzles.puzzles)} puzzles, not {rest[0]}"
    if args.moves:
        if kind not in ("board", "gameover", "save", "load", "analysis") or not game:
            return "--moves needs a board: --game GAME, or --scene board:GAME, gameover:GAME or save:GAME"
        from .rules import RulesError, make_game
        try:
            g = make_game(game, **game_options(args))
        except (ImportError, RulesError, ValueError, KeyError, TypeError) as exc:  # no rules module, bad options
            return f"{game} cannot be set up: {exc}"
        for i, text in enumerate(args.moves.split()):
            try:
                g.push(text)
            except (RulesError, ValueError, KeyError, TypeError) as exc:  # a move the rules refuse
                return f"--moves: move {i + 1} ({text}) cannot be played: {exc}"
    return ""


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    if scene_parts(args)[1] == "onyx":
        if args.size:
            opts["size"] = args.size
        if args.open:
            opts["open"] = True
        if args.pie:
            opts["pie"] = True
    return opts
