"""Tutorial courses and puzzles, kept as data in ``levels/*.toml``.

Course file (``levels/<game>.toml``)::

    format = 1
    kind = "course"
    game = "amoeba"                   # amoeba | onyx | onager
    title = "Learn Amoeba"

    [[lessons]]
    id = "moving"                     # used to remember progress
    title = "Moving and splitting"

    [[lessons.steps]]
    kind = "narration"                # narration | demo | try
    rules = ["4.3", "7.6"]            # spec sections taught (tests check the coverage)
    title = "Height is distance"
    text = "A stack moves **exactly as many points** as it is high."   # **key words**
    position = "start"                # optional for narration: a board to show
    highlights = ["d4"]               # points ringed on the board
    arrows = ["c3-e4", "b2-b4-d6"]    # arrows along points joined by '-'
    blocked = ["f2-f6"]               # a move that does NOT exist, drawn crossed out (checked illegal)

  Every step may have ``position`` (the spec's set-up text, or ``"start"``), ``to_move``
  (``"black"``/``"white"``, default black) and ``options`` (e.g. ``{ pie = true, plies = 1 }``
  for Onyx, ``{ setup = true }`` for Onager's lake phase), ``highlights``, ``arrows``, ``caption``.

  ``demo`` adds ``moves`` (played in order with the real animations; Onager chains may be
  written as paths, ``"b2-b4-d6"``), ``agreement = true`` (end by agreement afterwards) and
  ``expect`` (the result afterwards: ``none``, ``draw:REASON``, ``black:REASON``, ``white:REASON``).

  ``try`` adds ``goal`` (see ``TRY_GOALS``; ``move``/``any-of`` take ``moves``, ``safe`` takes
  ``plies``), ``hint`` (shown after a wrong try) and ``praise`` (after a right one).

Puzzle file (``levels/puzzles-<game>.toml``)::

    format = 1
    kind = "puzzles"
    game = "amoeba"

    [[puzzles]]
    id = "amoeba-08"
    title = "The fork"
    difficulty = 4                    # files list puzzles easiest first
    position = "g4: W,W,W,Wk; f3: B,B; b3: Bk; a1: B; c6: W"
    to_move = "black"
    goal = "win"                      # win: the side to move wins within `plies` plies;
    plies = 3                         # save: the other side cannot win within `plies` plies
    solution = ["f3>f5", "g4>c3", "b3-c3"]   # with the scripted defence
    prompt = "Black to play and win in two."
    nudge = "..."                     # the first hint: never names the answer (optional)
    hint = "..."                      # the second, fuller hint; then the Solution button
    praise = "..."

Everything goes through the rules core: positions are read by ``Game.from_position``, moves
by ``parse_move``, goals are judged on the real position. ``validate`` re-checks a loaded
file; puzzles are proved by an exhaustive search over every defence (``deep=True``).

Errors are ``LevelError``: the file, the place (lesson/step or puzzle id) and the problem in
words. Nothing here raises anything else for bad data, so the game can show the message
instead of crashing (``open_course`` / ``open_puzzles``).
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from game.puzzles.prove import SearchBudget, forced_win
from game.resources import levels_dir
from game.rules import GAME_NAMES, game_class
from game.rules.base import Color, Game, Move, RulesError
from game.rules.onyx import Onyx

FORMAT = 1
LEVELS_DIR = levels_dir()      # levels/ in the repository, game/data/levels in a wheel (game.resources)

STEP_KINDS = ("narration", "demo", "try")

# Goals of a try-it step: what the player's single move must do.
TRY_GOALS: dict[str, str] = {
    "move": "play the given move",
    "any-of": "play one of the given moves",
    "any-move": "play any legal move",
    "any-split": "split a stack (Amoeba)",
    "any-stack-move": "move a whole stack (Amoeba)",
    "any-merge": "land a whole stack on another stack (Amoeba)",
    "any-capture": "capture stones (Onyx)",
    "double-capture": "capture four stones at once (Onyx)",
    "any-midpoint": "place a stone on a midpoint (Onyx)",
    "any-walk": "walk a disc (Onager)",
    "any-jump": "jump (Onager)",
    "any-chain": "jump at least twice in one turn (Onager)",
    "lake": "place a lake (Onager)",
    "lead": "get more pieces on the enemy back row than the enemy has on yours (Onager)",
    "wins": "win at once",
    "safe": "make a move after which the opponent cannot win within the given plies",
}
GAME_GOALS: dict[str, tuple[str, ...]] = {
    "amoeba": ("any-split", "any-stack-move", "any-merge"),
    "onyx": ("any-capture", "double-capture", "any-midpoint"),
    "onager": ("any-walk", "any-jump", "any-chain", "lake", "lead"),
}
PUZZLE_GOALS = ("win", "save")
# Goals that ask for particular moves or a kind of move: when every answer has one form and the
# player's move the other (``Goal.wrong_form``), the form was the mistake, and the tutorial says so.
# (A goal about an outcome, such as 'wins' or 'safe', asks for no form, whatever its answers are.)
FORM_ASKED_GOALS = ("move", "any-of", "any-split", "any-stack-move", "any-merge")

# Result spelled in files: "none", "draw:REASON", "black:REASON", "white:REASON".
_RESULT_RE = re.compile(r"^(none|draw|black|white)(?::([a-z-]+))?$")
_MARK_RE = re.compile(r"\*\*(.+?)\*\*", re.S)


# ====================================================================== errors
class LevelError(Exception):
    """A level file that cannot be used: which file, where in it, and what is wrong.

    ``problem`` is the English for the author (logs, ``python -m game.levels``); ``kind`` is
    the value the tutorial words: 'unreadable', 'not-utf8', 'not-toml' (the file as a whole),
    else 'invalid' (a mistake at ``where``, described by ``problem``)."""

    def __init__(self, file: str | Path, where: str, problem: str, kind: str = "invalid") -> None:
        self.file = str(file)
        self.where = where
        self.problem = problem
        self.kind = kind
        super().__init__(str(self))

    def __str__(self) -> str:
        place = f" [{self.where}]" if self.where else ""
        return f"{Path(self.file).name}{place}: {self.problem}"


# ====================================================================== data
@dataclass(frozen=True)
class Setup:
    """A board to start from: set-up text (or ``start``), side to move and options."""

    game: str
    position: str = "start"
    to_move: Color = Color.BLACK
    options: Mapping[str, Any] = field(default_factory=dict)

    def make(self) -> Game:
        """A fresh game object for this set-up; raises RulesError or ValueError."""
        cls = game_class(self.game)
        if self.position.strip().lower() == "start":
            game = cls.new(**dict(self.options))
            if game.to_move != self.to_move:
                raise RulesError(f"{self.to_move.title} is not to move in the initial position")
            return game
        return cls.from_position(self.position, self.to_move, **dict(self.options))


@dataclass(frozen=True)
class Goal:
    """What a try-it move must achieve (see TRY_GOALS)."""

    kind: str
    moves: tuple[str, ...] = ()
    plies: int = 2

    def met(self, game: Game, move: Move) -> bool:
        """Whether ``move`` (legal in ``game``) reaches the goal. ``game`` is unchanged."""
        return _goal_met(self, game, move)

    def solutions(self, game: Game) -> list[Move]:
        """Every legal move that reaches the goal, in canonical order."""
        return [m for m in sorted(game.legal_moves(), key=game.move_sort_key) if self.met(game, m)]

    def wrong_form(self, game: Game, move: Move) -> str | None:
        """The form (``move_form``) every answer has, when ``move`` (legal in ``game``) has another:
        a split where the step wants the whole stack moved, or the other way round. None when the
        form is not the mistake (or the goal asks for no form, or the game has no forms)."""
        form = move_form(game, move)
        if form is None or self.kind not in FORM_ASKED_GOALS:
            return None
        forms = {move_form(game, m) for m in self.solutions(game)}
        return next(iter(forms)) if len(forms) == 1 and form not in forms else None

    def describe(self) -> str:
        if self.kind in ("move", "any-of"):
            return f"{TRY_GOALS[self.kind]}: {' or '.join(self.moves)}"
        if self.kind == "safe":
            return f"{TRY_GOALS[self.kind]} ({self.plies})"
        return TRY_GOALS.get(self.kind, self.kind)


@dataclass(frozen=True)
class Step:
    kind: str
    where: str
    rules: tuple[str, ...] = ()
    title: str = ""
    text: str = ""
    setup: Setup | None = None
    moves: tuple[str, ...] = ()
    arrows: tuple[tuple[str, ...], ...] = ()
    blocked: tuple[tuple[str, ...], ...] = ()      # arrows of moves that do not exist, drawn crossed out
    highlights: tuple[str, ...] = ()
    caption: str = ""
    expect: str | None = None
    agreement: bool = False
    goal: Goal | None = None
    hint: str = ""
    praise: str = ""

    def start(self) -> Game | None:
        """A fresh game at the step's position (None for a narration without a board)."""
        return self.setup.make() if self.setup is not None else None


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Course:
    game: str
    title: str
    lessons: tuple[Lesson, ...]
    path: str = ""

    def steps(self) -> Iterator[Step]:
        for lesson in self.lessons:
            yield from lesson.steps

    def rules_taught(self) -> set[str]:
        return {r for s in self.steps() for r in s.rules}


@dataclass(frozen=True)
class Puzzle:
    id: str
    title: str
    difficulty: int
    setup: Setup
    goal: str            # "win" or "save"
    plies: int           # win: within this many plies; save: survive this many plies
    solution: tuple[str, ...]
    prompt: str = ""
    hint: str = ""
    praise: str = ""
    where: str = ""
    nudge: str = ""      # the first hint: points the way without naming the answer (default: the hint)

    @property
    def hints(self) -> tuple[str, ...]:
        """The hints in the order they are given: the nudge, then the fuller hint (the answer
        itself is the solution line, shown only when asked)."""
        out = [h for h in (self.nudge, self.hint) if h]
        return tuple(dict.fromkeys(out))

    @property
    def mover(self) -> Color:
        return self.setup.to_move

    def start(self) -> Game:
        return self.setup.make()


@dataclass(frozen=True)
class PuzzleSet:
    game: str
    title: str
    puzzles: tuple[Puzzle, ...]
    path: str = ""


# ============================================================= text markup
def markup_spans(text: str) -> list[tuple[str, bool]]:
    """Split narration text into (piece, is_key_word) spans; ``**x**`` marks key words."""
    out: list[tuple[str, bool]] = []
    pos = 0
    for m in _MARK_RE.finditer(text):
        if m.start() > pos:
            out.append((text[pos:m.start()], False))
        out.append((m.group(1), True))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], False))
    return out


def key_words(text: str) -> list[str]:
    return [s for s, key in markup_spans(text) if key]


def plain_text(text: str) -> str:
    return "".join(s for s, _ in markup_spans(text))


def _markup_problem(text: str) -> str | None:
    rest = _MARK_RE.sub("", text)
    if "**" in rest:
        return "unbalanced ** key-word marks"
    return None


# ============================================================= loading
class _Reader:
    """Reads one TOML table with precise errors."""

    def __init__(self, file: str, where: str, table: Any) -> None:
        self.file, self.where = file, where
        if not isinstance(table, dict):
            raise LevelError(file, where, f"expected a table, found {type(table).__name__}")
        self.table = table
        self.used: set[str] = set()

    def fail(self, problem: str) -> LevelError:
        return LevelError(self.file, self.where, problem)

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., what: str = "") -> Any:
        self.used.add(key)
        if key not in self.table:
            if default is ...:
                raise self.fail(f"missing '{key}'" + (f" ({what})" if what else ""))
            return default
        value = self.table[key]
        if isinstance(value, bool) and kind in (int, (int,)):
            raise self.fail(f"'{key}' must be a whole number, not {value!r}")
        if not isinstance(value, kind):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(f"'{key}' must be {_article(names)}, not {value!r}")
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        value = self.get(key, list, [])
        if not all(isinstance(x, str) for x in value):
            raise self.fail(f"'{key}' must be a list of strings")
        return tuple(value)

    def done(self, allowed_extra: Sequence[str] = ()) -> None:
        unknown = sorted(set(self.table) - self.used - set(allowed_extra))
        if unknown:
            raise self.fail(f"unknown key(s) {', '.join(repr(k) for k in unknown)}")


def _article(name: str) -> str:
    return ("an " if name[:1] in "aeiou" else "a ") + {"str": "string", "int": "whole number",
                                                        "list": "list", "dict": "table",
                                                        "bool": "true/false"}.get(name, name)


def _read_toml(path: str | Path) -> tuple[str, dict[str, Any]]:
    file = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise LevelError(file, "", f"cannot read the file: {e.strerror or e}", "unreadable") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise LevelError(file, "", "the file is not UTF-8 text", "not-utf8") from None
    except (tomllib.TOMLDecodeError, RecursionError) as e:     # (nested too deep: not readable either)
        raise LevelError(file, "", f"not valid TOML: {e}", "not-toml") from None
    return file, data


def _read_header(file: str, data: dict[str, Any], expected: str) -> tuple[_Reader, str, str]:
    top = _Reader(file, "file header", data)
    fmt = top.get("format", int, FORMAT)
    if fmt != FORMAT:
        raise top.fail(f"format {fmt} is not supported (this program reads format {FORMAT})")
    kind = top.get("kind", str, expected)
    if kind != expected:
        raise top.fail(f"this is a '{kind}' file, expected a '{expected}' file")
    game = top.get("game", str, what="amoeba, onyx or onager")
    if game not in GAME_NAMES:
        raise top.fail(f"unknown game {game!r}: choose one of {', '.join(GAME_NAMES)}")
    title = top.get("title", str, "")
    return top, game, title


def _read_setup(r: _Reader, game: str, required: bool) -> Setup | None:
    if "position" not in r.table:
        if required:
            raise r.fail("missing 'position' (set-up text, or \"start\")")
        for key in ("to_move", "options"):
            if key in r.table:
                raise r.fail(f"'{key}' given without a 'position'")
        return None
    position = r.get("position", str)
    side = r.get("to_move", str, "black")
    try:
        colour = Color.parse(side)
    except ValueError:
        raise r.fail(f"to_move must be \"black\" or \"white\", not {side!r}") from None
    options = r.get("options", dict, {})
    return Setup(game, position, colour, dict(options))


def _read_arrows(r: _Reader, key: str = "arrows") -> tuple[tuple[str, ...], ...]:
    out = []
    for a in r.strings(key):
        parts = tuple(p.strip().lower() for p in a.split("-"))
        if len(parts) < 2 or not all(parts):
            raise r.fail(f"arrow {a!r} must name two or more points joined by '-', like \"d4-g4\"")
        out.append(parts)
    return tuple(out)


def _read_step(file: str, game: str, where: str, table: Any) -> Step:
    r = _Reader(file, where, table)
    kind = r.get("kind", str, what="narration, demo or try")
    if kind not in STEP_KINDS:
        raise r.fail(f"unknown step kind {kind!r}: use one of {', '.join(STEP_KINDS)}")
    rules = r.strings("rules")
    title = r.get("title", str, "")
    text = r.get("text", str, "" if kind != "narration" else ...)
    problem = _markup_problem(text)
    if problem:
        raise r.fail(problem)
    setup = _read_setup(r, game, required=kind != "narration")
    arrows = _read_arrows(r)
    blocked = _read_arrows(r, "blocked")
    highlights = tuple(h.strip().lower() for h in r.strings("highlights"))
    caption = r.get("caption", str, "")
    if _markup_problem(caption):
        raise r.fail("caption: unbalanced ** key-word marks")
    step: dict[str, Any] = dict(kind=kind, where=where, rules=rules, title=title, text=text, setup=setup,
                                arrows=arrows, blocked=blocked, highlights=highlights, caption=caption)
    if kind == "demo":
        step["moves"] = r.strings("moves")
        expect = r.get("expect", str, None)
        if expect is not None and not _RESULT_RE.match(expect):
            raise r.fail(f"expect {expect!r} must be none, draw:REASON, black:REASON or white:REASON")
        step["expect"] = expect
        step["agreement"] = r.get("agreement", bool, False)
    elif kind == "try":
        goal_kind = r.get("goal", str, what="what the move must do")
        if goal_kind not in TRY_GOALS:
            raise r.fail(f"unknown goal {goal_kind!r}: use one of {', '.join(TRY_GOALS)}")
        for g, kinds in GAME_GOALS.items():
            if goal_kind in kinds and g != game:
                raise r.fail(f"goal {goal_kind!r} belongs to {g}, not {game}")
        moves = r.strings("moves")
        if goal_kind in ("move", "any-of") and not moves:
            raise r.fail(f"goal {goal_kind!r} needs 'moves'")
        if goal_kind == "move" and len(moves) != 1:
            raise r.fail("goal 'move' takes exactly one move (use 'any-of' for several)")
        if goal_kind not in ("move", "any-of") and moves:
            raise r.fail(f"goal {goal_kind!r} takes no 'moves'")
        plies = r.get("plies", int, 2)
        if not 1 <= plies <= 3:
            raise r.fail("'plies' must be 1, 2 or 3")
        step["goal"] = Goal(goal_kind, moves, plies)
        step["hint"] = r.get("hint", str, what="shown after a wrong try")
        step["praise"] = r.get("praise", str, what="shown after a right try")
        for key in ("hint", "praise"):
            if _markup_problem(step[key]):
                raise r.fail(f"{key}: unbalanced ** key-word marks")
    r.done()
    return Step(**step)


def parse_course(path: str | Path) -> Course:
    """Read a course file without playing anything; raises LevelError."""
    file, data = _read_toml(path)
    top, game, title = _read_header(file, data, "course")
    lessons_raw = top.get("lessons", list, what="the [[lessons]] of the course")
    top.done()
    if not lessons_raw:
        raise top.fail("the course has no lessons")
    lessons = []
    ids: set[str] = set()
    for li, lt in enumerate(lessons_raw, 1):
        lr = _Reader(file, f"lesson {li}", lt)
        lid = lr.get("id", str, f"lesson-{li}")
        if lid in ids:
            raise lr.fail(f"lesson id {lid!r} is used twice")
        ids.add(lid)
        ltitle = lr.get("title", str, what="the lesson's name")
        steps_raw = lr.get("steps", list, what="the [[lessons.steps]] of the lesson")
        lr.done()
        if not steps_raw:
            raise lr.fail("the lesson has no steps")
        steps = tuple(_read_step(file, game, f"lesson {li} '{ltitle}', step {si}", st)
                      for si, st in enumerate(steps_raw, 1))
        lessons.append(Lesson(lid, ltitle, steps))
    return Course(game, title, tuple(lessons), file)


def parse_puzzles(path: str | Path) -> PuzzleSet:
    """Read a puzzle file without playing anything; raises LevelError."""
    file, data = _read_toml(path)
    top, game, title = _read_header(file, data, "puzzles")
    raw = top.get("puzzles", list, what="the [[puzzles]] of the file")
    top.done()
    if not raw:
        raise top.fail("the file has no puzzles")
    puzzles = []
    ids: set[str] = set()
    for i, pt in enumerate(raw, 1):
        pid = pt.get("id") if isinstance(pt, dict) and isinstance(pt.get("id"), str) else f"#{i}"
        r = _Reader(file, f"puzzle {pid}", pt)
        pid = r.get("id", str, what="a short name")
        if pid in ids:
            raise r.fail(f"puzzle id {pid!r} is used twice")
        ids.add(pid)
        ptitle = r.get("title", str, what="the puzzle's name")
        difficulty = r.get("difficulty", int, what="1 (easy) upwards")
        setup = _read_setup(r, game, required=True)
        assert setup is not None
        goal = r.get("goal", str, what="win or save")
        if goal not in PUZZLE_GOALS:
            raise r.fail(f"unknown puzzle goal {goal!r}: use win or save")
        plies = r.get("plies", int, what="how many plies (single moves) deep")
        if not 1 <= plies <= 5:
            raise r.fail("'plies' must be between 1 and 5")
        solution = r.strings("solution")
        if not solution:
            raise r.fail("missing 'solution' (the moves of the solution line)")
        prompt = r.get("prompt", str, what="the task, e.g. 'Black to play and win'")
        hint = r.get("hint", str, "")
        nudge = r.get("nudge", str, "")
        praise = r.get("praise", str, "")
        for key, val in (("prompt", prompt), ("hint", hint), ("nudge", nudge), ("praise", praise)):
            if _markup_problem(val):
                raise r.fail(f"{key}: unbalanced ** key-word marks")
        r.done()
        puzzles.append(Puzzle(pid, ptitle, difficulty, setup, goal, plies, solution, prompt, hint, praise,
                              f"puzzle {pid}", nudge))
    return PuzzleSet(game, title, tuple(puzzles), file)


def load_course(path: str | Path, deep: bool = False) -> Course:
    """Read and check a course; raises LevelError (the first problem found)."""
    course = parse_course(path)
    errors = validate(course, deep=deep)
    if errors:
        raise errors[0]
    return course


def load_puzzles(path: str | Path, deep: bool = False) -> PuzzleSet:
    """Read and check a puzzle set; raises LevelError. ``deep`` also proves every defence fails."""
    puzzles = parse_puzzles(path)
    errors = validate(puzzles, deep=deep)
    if errors:
        raise errors[0]
    return puzzles


def open_course(path: str | Path) -> Course | LevelError:
    """For the game: the course, or the error to show. Never raises for bad data."""
    try:
        return load_course(path)
    except LevelError as e:
        return e


def open_puzzles(path: str | Path) -> PuzzleSet | LevelError:
    try:
        return load_puzzles(path)
    except LevelError as e:
        return e


def course_path(game: str) -> Path:
    return LEVELS_DIR / f"{game}.toml"


def puzzles_path(game: str) -> Path:
    return LEVELS_DIR / f"puzzles-{game}.toml"


# ============================================================= validation
def validate(item: Course | PuzzleSet, deep: bool = True) -> list[LevelError]:
    """Every problem found, checked against the rules core (empty list: all good)."""
    if isinstance(item, Course):
        found = [e for step in item.steps() for e in _check_step(item.path, item.game, step)]
        return found or [e for lesson in item.lessons for e in _check_tasks(item.path, lesson)]
    return [e for p in item.puzzles for e in _check_puzzle(item.path, item.game, p, deep)]


def _make(file: str, where: str, setup: Setup) -> Game:
    try:
        return setup.make()
    except (RulesError, ValueError, TypeError) as e:
        raise LevelError(file, where, f"bad position {setup.position!r}: {e}") from None


def _label_checker(game: Game) -> Callable[[str], bool]:
    if isinstance(game, Onyx):
        onyx = game

        def ok(label: str) -> bool:
            try:
                onyx.point_index(label)
                return True
            except RulesError:
                return False
        return ok
    from game.rules.hexgrid import grid
    index = grid(4 if game.name == "amoeba" else 6).index
    return lambda label: label in index


def _play_line(file: str, where: str, game: Game, moves: Sequence[str]) -> list[Move]:
    played = []
    for i, text in enumerate(moves, 1):
        try:
            played.append(game.push(text))
        except RulesError as e:
            before = " ".join(moves[:i - 1])
            after = f" after {before}" if before else ""
            raise LevelError(file, where, f"move {i} {text!r}{after} is refused: {e}") from None
    return played


def result_code(game: Game) -> str:
    """The game's result in the files' spelling: none, draw:REASON, black:REASON…"""
    res = game.result
    if res is None:
        return "none"
    who = "draw" if res.winner is None else res.winner.word
    return f"{who}:{res.reason}"


def _result_matches(expect: str, actual: str) -> bool:
    return actual == expect or (":" not in expect and actual.split(":")[0] == expect)


def _check_step(file: str, game_name: str, step: Step) -> list[LevelError]:
    where = step.where
    try:
        unknown = [r for r in step.rules if not re.fullmatch(r"[0-9]+(\.[0-9a-z-]+)*", r)]
        if unknown:
            raise LevelError(file, where, f"rule numbers look wrong: {unknown}")
        if step.setup is None:
            if step.arrows or step.highlights or step.blocked:
                raise LevelError(file, where, "arrows/highlights need a 'position' to draw on")
            return []
        game = _make(file, where, step.setup)
        ok = _label_checker(game)
        for label in step.highlights + tuple(p for a in step.arrows + step.blocked for p in a):
            if not ok(label):
                raise LevelError(file, where, f"{label!r} is not a point of the {game_name} board")
        for a in step.blocked:               # a crossed-out arrow shows a move that really does not exist
            try:
                game.parse_move("-".join(a))
            except RulesError:
                continue
            raise LevelError(file, where, f"blocked arrow {'-'.join(a)!r} is a legal move")
        if step.kind == "demo":
            over = game.result
            if over is not None and step.moves:
                raise LevelError(file, where, f"the game is already over ({over.describe()})")
            _play_line(file, where, game, step.moves)
            if step.agreement:
                try:
                    game.end_by_agreement()
                except RulesError as e:
                    raise LevelError(file, where, f"cannot end by agreement: {e}") from None
            if step.expect is not None and not _result_matches(step.expect, result_code(game)):
                raise LevelError(file, where, f"expected the result {step.expect}, "
                                              f"but the rules core gives {result_code(game)}")
        elif step.kind == "try":
            assert step.goal is not None
            over = game.result
            if over is not None:
                raise LevelError(file, where, f"nothing to try: the game is over ({over.describe()})")
            for text in step.goal.moves:
                try:
                    game.parse_move(text)
                except RulesError as e:
                    raise LevelError(file, where, f"goal move {text!r} is refused: {e}") from None
            if not step.goal.solutions(game):
                raise LevelError(file, where, f"no legal move reaches the goal ({step.goal.describe()})")
            if step.goal.kind not in ("any-move", "lake") and \
                    len(step.goal.solutions(game)) == len(game.legal_moves()):
                raise LevelError(file, where, f"every legal move reaches the goal ({step.goal.describe()}): "
                                              "nothing can be tried wrong")
    except LevelError as e:
        return [e]
    return []


ASKS_AT_MOST = 3        # a task with this many answers or fewer asks for each of them


def _check_tasks(file: str, lesson: Lesson) -> list[LevelError]:
    """A try step never asks for a move a demo of its lesson already played on the same board
    (the same position, the same side to move): the player would only repeat what was shown.
    A task asks for a move when it is one of its few answers (``ASKS_AT_MOST``: "place any
    stone" asks for none). Steps are assumed checked (``_check_step``)."""
    shown: dict[int, list[tuple[str, Move, str]]] = {}     # position key -> (demo, move, its text)
    for step in lesson.steps:
        if step.setup is None:
            continue
        game = step.setup.make()
        if step.kind == "demo":
            for text in step.moves:
                move = game.parse_move(text)
                shown.setdefault(game.key(), []).append((step.where, move, text))
                game.play(move)
        elif step.kind == "try" and step.goal is not None:
            answers = set(step.goal.solutions(game))
            for where, move, text in shown.get(game.key(), []):
                if move in answers and len(answers) <= ASKS_AT_MOST:
                    return [LevelError(file, step.where, f"the task can be done with {text!r}, the move "
                                                         f"{where.split(', ')[-1]} just played on the same "
                                                         "board: give the task a board of its own")]
    return []


# ------------------------------------------------------------------ goals
def _mover_wins(game: Game, mover: Color) -> bool:
    res = game.result
    return res is not None and res.winner == mover


def move_form(game: Game, move: Move) -> str | None:
    """The form of an Amoeba move (rules 4.3 and 4.4): 'split' (written ``d4>g4``) or 'stack-move'
    (the whole stack, ``d4-g4``). None in the other games."""
    if game.name != "amoeba":
        return None
    return "split" if ">" in game.move_str(move) else "stack-move"


def _goal_met(goal: Goal, game: Game, move: Move) -> bool:
    kind = goal.kind
    text = game.move_str(move)
    if kind in ("move", "any-of"):
        for t in goal.moves:
            try:
                if game.parse_move(t) == move:
                    return True
            except RulesError:
                continue
        return False
    if kind == "any-move":
        return True
    if kind == "any-split":
        return move_form(game, move) == "split"
    if kind == "any-stack-move":
        return move_form(game, move) == "stack-move"
    if kind == "any-merge":
        return "-" in text and text.split("-")[1] in game.stacks()
    if kind in ("any-capture", "double-capture"):
        stars = game.record_str(move)[len(text):]
        return len(stars) >= (1 if kind == "any-capture" else 2)
    if kind == "any-midpoint":
        return text != "swap" and not re.fullmatch(r"[a-z][0-9]+", text)
    if kind == "lake":
        return "-" not in text
    if kind in ("any-walk", "any-jump", "any-chain"):
        if "-" not in text:
            return False
        jumps = sum(1 for m in game.motions(move) if m.kind == "jump")
        return {"any-walk": jumps == 0, "any-jump": jumps >= 1, "any-chain": jumps >= 2}[kind]
    mover = game.to_move
    g = game.copy()
    g.play(move)
    if kind == "wins":
        return _mover_wins(g, mover)
    if kind == "lead":
        counts = g.counts()
        return g.result is None and counts[mover.word] > counts[mover.other.word]
    if kind == "safe":
        return not forced_win(g, mover.other, goal.plies - 1)
    raise ValueError(f"unknown goal {kind!r}")


# ------------------------------------------------------------------ search
# The exhaustive search lives with the puzzle miner, which shares it (game.puzzles.prove).


def winning_moves(game: Game, plies: int) -> list[Move]:
    """Moves of the side to move that force a win within ``plies`` plies (this one included)."""
    mover = game.to_move
    out = []
    for m in game.legal_moves():
        g = game.copy()
        g.play(m)
        if forced_win(g, mover, plies - 1):
            out.append(m)
    return out


def best_defence(game: Game, winner: Color, plies: int) -> str | None:
    """The reply that holds out longest against ``winner``'s forced win within ``plies``.

    Ties go to the first move in canonical order. Used as the scripted defence when the
    player leaves a puzzle's solution line (and no computer player is available).
    """
    moves = sorted(game.legal_moves(), key=game.move_sort_key)
    if not moves:
        return None
    best, best_k = moves[0], -1
    for m in moves:
        g = _after(game, m)
        k = 0
        while k < plies and not forced_win(g, winner, k):
            k += 1
        if k > best_k:
            best, best_k = m, k
            if best_k >= plies:
                break
    return game.move_str(best)


DEFENCE_BUDGET = 400_000   # positions the defence may search for a proof before asking the computer player


def _labels_of(text: str) -> set[str]:
    return {p for p in re.split(r"[->*]", text) if p}


def strongest_reply(game: Game, attacker: Color, plies: int, prefer: Sequence[str] = (),
                    budget_nodes: int = DEFENCE_BUDGET) -> str | None:
    """The defender's (the side to move) strongest reply when ``attacker`` tries to win within
    ``plies`` plies, this reply included. Exhaustive, so deterministic; raises SearchBudget when
    the proof needs more than ``budget_nodes`` positions.

    * A reply after which the attacker can no longer force the win (a refutation), if any: among
      those, one that lands on a point of ``prefer`` (the solver's key points) first.
    * Else every reply loses: the one that holds out longest, then the one that leaves the attacker
      the fewest winning moves (it blocks a threat instead of playing far away), then ``prefer``.
    Ties go to the canonical order."""
    moves = sorted(game.legal_moves(), key=game.move_sort_key)
    if not moves:
        return None
    budget = [budget_nodes]
    keen = set(prefer)
    scored = []
    for i, m in enumerate(moves):
        after = _after(game, m)
        text = game.move_str(m)
        near = 0 if _labels_of(text) & keen else 1
        if not forced_win(after.copy(), attacker, plies - 1, budget):
            scored.append(((0, 0, 0, near, i), text))
            continue
        hold = next(k for k in range(plies) if forced_win(after.copy(), attacker, k, budget))
        wins = 0
        for m2 in after.legal_moves():
            after.play(m2)
            try:
                wins += forced_win(after, attacker, hold - 1, budget)
            finally:
                after.undo()
        scored.append(((1, -hold, wins, near, i), text))
    return min(scored)[1]


def fastest_win(game: Game, plies: int, budget_nodes: int = DEFENCE_BUDGET) -> str | None:
    """The side to move's quickest forced win within ``plies`` plies (canonical order on ties),
    or None: the refutation of a wrong move in a 'save' puzzle."""
    budget = [budget_nodes]
    mover = game.to_move
    moves = sorted(game.legal_moves(), key=game.move_sort_key)
    for k in range(1, plies + 1):
        for m in moves:
            if forced_win(_after(game, m), mover, k - 1, budget):
                return game.move_str(m)
    return None


def puzzle_move_ok(puzzle: Puzzle, game: Game, move: Move) -> bool:
    """For the puzzle scene: does the solver's ``move`` keep the puzzle solved?

    ``game`` is the current puzzle position with the solver to move; plies already
    used are ``game.ply``. Judged by the rules core, not by the scripted line.
    """
    left = puzzle.plies - game.ply
    g = game.copy()
    g.play(move)
    if puzzle.goal == "win":
        return forced_win(g, puzzle.mover, left - 1)
    return not forced_win(g, puzzle.mover.other, left - 1)


def _check_puzzle(file: str, game_name: str, p: Puzzle, deep: bool,
                  budget_nodes: int = 2_000_000) -> list[LevelError]:
    where = p.where
    try:
        game = _make(file, where, p.setup)
        over = game.result
        if over is not None:
            raise LevelError(file, where, f"the game is already over ({over.describe()})")
        mover = p.mover
        line = game.copy()
        _play_line(file, where, line, p.solution)
        if p.goal == "win":
            if not _mover_wins(line, mover):
                raise LevelError(file, where, f"the solution line does not end in a {mover.title} win "
                                              f"(result: {result_code(line)})")
            if line.ply > p.plies:
                raise LevelError(file, where, f"the solution takes {line.ply} plies, more than the stated {p.plies}")
        else:
            if line.result is not None and line.result.winner == mover.other:
                raise LevelError(file, where, "the solution line loses")
        if not deep:
            return []
        budget = [budget_nodes]
        try:
            if p.goal == "win":
                # Every defence fails: the whole tree to the stated depth.
                if not forced_win(game.copy(), mover, p.plies, budget):
                    raise LevelError(file, where, f"{mover.title} has no forced win within {p.plies} plies: "
                                                  "some defence escapes")
                # The win really needs that many plies (a 'win in two' is not a win in one).
                if p.plies > 1 and forced_win(game.copy(), mover, p.plies - 1, budget):
                    raise LevelError(file, where, f"{mover.title} already wins within {p.plies - 1} plies; "
                                                  "state the shorter depth")
                # Each defence in the solution line is one of the defender's moves, and the
                # solver's moves in it keep the win.
                g = game.copy()
                for i, text in enumerate(p.solution):
                    m = g.parse_move(text)
                    if g.to_move == mover and not forced_win(_after(g, m), mover, p.plies - i - 1, budget):
                        raise LevelError(file, where, f"solution move {i + 1} {text!r} lets the defence escape")
                    g.play(m)
            else:
                # plies counts the saving move too: afterwards the other side must not
                # force a win in the remaining plies-1.
                first = game.parse_move(p.solution[0])
                if forced_win(_after(game, first), mover.other, p.plies - 1, budget):
                    raise LevelError(file, where, f"after {p.solution[0]} {mover.other.title} still wins "
                                                  f"within {p.plies - 1} plies")
                losing = [m for m in game.legal_moves()
                          if forced_win(_after(game, m), mover.other, p.plies - 1, budget)]
                if not losing:
                    raise LevelError(file, where, "there is no threat: every move is safe")
        except SearchBudget:
            raise LevelError(file, where, f"the proof search went over {budget_nodes} positions") from None
    except LevelError as e:
        return [e]
    return []


def _after(game: Game, move: Move) -> Game:
    g = game.copy()
    g.play(move)
    return g
