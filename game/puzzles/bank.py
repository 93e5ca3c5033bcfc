"""The puzzle bank: mined puzzles kept as data in ``levels/bank-<game>.toml``.

Pure: no pygame, no clocks; the one file read is in ``load_bank``/``read_bank``.

Bank file::

    format = 1
    kind = "bank"
    game = "onyx"

    [[puzzles]]
    id = "onyx-m0001"                 # stable: <game>-m<number>
    options = { size = 12, open = false, pie = false }   # as the referee takes them ({} but Onyx)
    moves = ["f6", "g7", ...]         # from the start to the puzzle's position (record notation)
    solution = ["c5", "d5", "c6"]     # solver, defence, solver, ...: the last one wins
    rating = 1230                     # initial rating (see game.puzzles.mine.rate)
    tags = ["capture"]                # ids of TAGS[game]
    proof = "exhaustive"              # how it was proved: exhaustive | engine

A puzzle's position is reached by replaying ``moves`` through the rules core from the
game's initial position with ``options``; the side to move there is the solver.
Errors are ``BankError`` (the file, the puzzle and the problem in words), never anything
else for bad data.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from game.resources import levels_dir
from game.rules import GAME_NAMES, make_game
from game.rules.base import Color, Game, RulesError

FORMAT = 1
KIND = "bank"

# What a puzzle is about, per game (ids; the interface words them).
TAGS: dict[str, tuple[str, ...]] = {
    "amoeba": ("kernel-hunt", "split", "merge"),
    "onyx": ("capture", "double-threat", "edge-template", "midpoint"),
    "onager": ("chain", "jump-onto-stack", "back-row"),
}
# How a puzzle was proved: an exhaustive search over every defence within its depth, or the
# engine's verified lines where that search did not fit its node budget.
PROOFS = ("exhaustive", "engine")
MAX_SOLVER_MOVES = 6
ONYX_OPTIONS = ("size", "open", "pie")


class BankError(Exception):
    """A bank file that cannot be used: which file, which puzzle, and what is wrong."""

    def __init__(self, file: str | Path, where: str, problem: str) -> None:
        self.file = str(file)
        self.where = where
        self.problem = problem
        super().__init__(str(self))

    def __str__(self) -> str:
        place = f" [{self.where}]" if self.where else ""
        return f"{Path(self.file).name}{place}: {self.problem}"


@dataclass(frozen=True)
class BankPuzzle:
    """One mined puzzle: the game and options, the moves to its position, the solution line."""

    id: str
    game: str
    options: dict[str, Any]
    moves: tuple[str, ...]
    solution: tuple[str, ...]
    rating: int
    tags: tuple[str, ...]
    proof: str = field(default="exhaustive", compare=False)

    def start(self) -> Game:
        """The puzzle's position, replayed from the initial position by the rules core.
        Raises RulesError (or ValueError for bad options) when the moves are not legal."""
        game = make_game(self.game, **dict(self.options))
        for text in self.moves:
            game.push(text)
        return game

    @property
    def solver(self) -> Color:
        """The side to move in the puzzle's position: the one who wins."""
        return self.start().to_move

    @property
    def solver_moves(self) -> int:
        return (len(self.solution) + 1) // 2

    @property
    def difficulty(self) -> tuple[int, int]:
        """How hard it is, easiest first: its rating, then its depth (the solver's moves). The
        rating only says which engine level finds the first move, so many puzzles share one
        (most of a bank is the lowest level's); a longer line is the harder of two such."""
        return (self.rating, self.solver_moves)

    def line_end(self) -> Game:
        """The position after the whole solution (raises RulesError when a move is illegal)."""
        game = self.start()
        for text in self.solution:
            game.push(text)
        return game

    def solved_by_line(self) -> bool:
        """Whether the solution, replayed by the rules core, ends in the solver's win: the game
        is over with the solver the winner, or (Onager, whose back-row majority is judged when
        the solver's turn starts) every reply of the defence ends it so: a majority that stands.
        False when a move of the line is illegal."""
        try:
            start = self.start()
            solver = start.to_move
            end = self.line_end()
        except (RulesError, ValueError):
            return False
        return wins_now(end, solver)

    def to_json(self) -> dict[str, Any]:
        """The export form: exactly these seven keys."""
        return {"id": self.id, "game": self.game, "options": dict(self.options),
                "moves": list(self.moves), "solution": list(self.solution),
                "rating": self.rating, "tags": list(self.tags)}


def wins_now(game: Game, solver: Color) -> bool:
    """``solver`` has won in ``game``: the game is over in its favour, or every legal reply of
    the other side (to move) ends it in ``solver``'s favour (Onager's majority that stands)."""
    res = game.result
    if res is not None:
        return res.winner == solver
    if game.to_move == solver:
        return False
    replies = game.legal_moves()
    for m in replies:
        game.play(m)
        try:
            res = game.result
        finally:
            game.undo()
        if res is None or res.winner != solver:
            return False
    return bool(replies)


def bank_path(game: str) -> Path:
    return levels_dir() / f"bank-{game}.toml"


def load_bank(game: str) -> tuple[BankPuzzle, ...]:
    """The shipped bank of ``game``, sorted by rating (then id). Raises BankError."""
    if game not in GAME_NAMES:
        raise BankError(f"bank-{game}.toml", "", f"unknown game {game!r}: choose one of {', '.join(GAME_NAMES)}")
    return read_bank(bank_path(game), game)


def read_bank(path: str | Path, game: str | None = None) -> tuple[BankPuzzle, ...]:
    """A bank file's puzzles, sorted by rating (then id); ``game``: the game it must be for."""
    file = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise BankError(file, "", f"cannot read the file: {e.strerror or e}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BankError(file, "", "the file is not UTF-8 text") from None
    except (tomllib.TOMLDecodeError, RecursionError) as e:     # (nested too deep: not readable either)
        raise BankError(file, "", f"not valid TOML: {e}") from None
    return parse_bank(data, file, game)


def parse_bank(data: Mapping[str, Any], file: str = "bank", game: str | None = None) -> tuple[BankPuzzle, ...]:
    """Puzzles from a bank file's parsed TOML (checked: structure, options, tags, ids)."""
    head = "file header"
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise BankError(file, head, f"format {fmt!r} is not supported (this program reads format {FORMAT})")
    if data.get("kind", KIND) != KIND:
        raise BankError(file, head, f"this is a {data.get('kind')!r} file, expected a {KIND!r} file")
    name = data.get("game")
    if name not in GAME_NAMES:
        raise BankError(file, head, f"'game' must be one of {', '.join(GAME_NAMES)}, not {name!r}")
    if game is not None and name != game:
        raise BankError(file, head, f"this bank is for {name}, expected {game}")
    unknown = sorted(set(data) - {"format", "kind", "game", "title", "puzzles"})
    if unknown:
        raise BankError(file, head, f"unknown key(s) {', '.join(map(repr, unknown))}")
    rows = data.get("puzzles", [])
    if not isinstance(rows, list):
        raise BankError(file, head, "'puzzles' must be a list of [[puzzles]] tables")
    out: list[BankPuzzle] = []
    seen: set[str] = set()
    for i, row in enumerate(rows, start=1):
        p = _puzzle(file, str(name), i, row)
        if p.id in seen:
            raise BankError(file, p.id, "the id is used twice")
        seen.add(p.id)
        out.append(p)
    return tuple(sorted(out, key=lambda p: (p.rating, p.id)))


def _puzzle(file: str, game: str, index: int, row: Any) -> BankPuzzle:
    where = f"puzzle {index}"
    if not isinstance(row, dict):
        raise BankError(file, where, "each puzzle must be a table")
    pid = row.get("id")
    if not isinstance(pid, str) or not pid:
        raise BankError(file, where, "missing 'id' (a string)")
    where = pid
    unknown = sorted(set(row) - {"id", "options", "moves", "solution", "rating", "tags", "proof"})
    if unknown:
        raise BankError(file, where, f"unknown key(s) {', '.join(map(repr, unknown))}")

    def strings(key: str, required: bool) -> tuple[str, ...]:
        value = row.get(key, None if required else [])
        if not isinstance(value, list) or not all(isinstance(x, str) and x for x in value):
            raise BankError(file, where, f"'{key}' must be a list of move strings")
        return tuple(value)

    options = row.get("options", {})
    if not isinstance(options, dict):
        raise BankError(file, where, "'options' must be a table")
    options = _check_options(file, where, game, options)
    moves = strings("moves", True)
    solution = strings("solution", True)
    if len(solution) % 2 != 1:
        raise BankError(file, where, "the solution must end with the solver's move (an odd number of moves)")
    if (len(solution) + 1) // 2 > MAX_SOLVER_MOVES:
        raise BankError(file, where, f"the solution has more than {MAX_SOLVER_MOVES} solver moves")
    rating = row.get("rating")
    if not isinstance(rating, int) or isinstance(rating, bool):
        raise BankError(file, where, f"'rating' must be a whole number, not {rating!r}")
    tags = row.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise BankError(file, where, "'tags' must be a list of strings")
    bad = [t for t in tags if t not in TAGS[game]]
    if bad:
        raise BankError(file, where, f"unknown tag(s) {', '.join(map(repr, bad))} "
                                     f"(tags of {game}: {', '.join(TAGS[game])})")
    proof = row.get("proof", "exhaustive")
    if proof not in PROOFS:
        raise BankError(file, where, f"'proof' must be one of {', '.join(PROOFS)}, not {proof!r}")
    return BankPuzzle(pid, game, options, moves, solution, rating, tuple(tags), proof)


def _check_options(file: str, where: str, game: str, options: dict[str, Any]) -> dict[str, Any]:
    if game != "onyx":
        if options:
            raise BankError(file, where, f"{game} has no options (got {', '.join(sorted(options))})")
        return {}
    unknown = sorted(set(options) - set(ONYX_OPTIONS))
    if unknown:
        raise BankError(file, where, f"unknown Onyx option(s) {', '.join(unknown)}")
    size = options.get("size", 12)
    if size not in (12, 16, 20) or isinstance(size, bool):
        raise BankError(file, where, f"Onyx 'size' must be 12, 16 or 20, not {size!r}")
    flags = {k: options.get(k, False) for k in ("open", "pie")}
    for k, v in flags.items():
        if not isinstance(v, bool):
            raise BankError(file, where, f"Onyx '{k}' must be true or false, not {v!r}")
    return {"size": size, **flags}


def dump_bank(game: str, puzzles: tuple[BankPuzzle, ...] | list[BankPuzzle]) -> str:
    """The TOML text of a bank file (sorted by id: stable diffs)."""
    lines = [f"# Mined puzzles for {game}: python -m game.puzzles mine (docs/puzzles.md).",
             "# Each is re-checked by python -m game.puzzles verify.", "",
             f"format = {FORMAT}", f'kind = "{KIND}"', f'game = "{game}"', ""]
    for p in sorted(puzzles, key=lambda p: p.id):
        lines.append("[[puzzles]]")
        lines.append(f'id = "{p.id}"')
        if p.options:
            inner = ", ".join(f"{k} = {_toml_value(v)}" for k, v in p.options.items())
            lines.append(f"options = {{ {inner} }}")
        lines.append(f"moves = {_toml_list(p.moves)}")
        lines.append(f"solution = {_toml_list(p.solution)}")
        lines.append(f"rating = {p.rating}")
        lines.append(f"tags = {_toml_list(p.tags)}")
        lines.append(f'proof = "{p.proof}"')
        lines.append("")
    return "\n".join(lines)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _toml_list(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(_toml_value(x) for x in items) + "]"


__all__ = ["BankPuzzle", "BankError", "TAGS", "PROOFS", "load_bank", "read_bank", "parse_bank",
           "dump_bank", "bank_path", "wins_now", "RulesError"]
