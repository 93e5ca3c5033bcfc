"""Record command: look at a game record from the command line.

    python -m game.records show FILE [--json] [--recover]
    python -m game.records format FILE [--recover]

``show`` prints the main line's numbered move list, one row a line (the label, Black's plies,
White's plies; rows grouped by ``game.rules.numbering``; Onager's lakes row in the order they
were placed). With ``--json`` it prints exactly one
JSON object instead::

    {"game": "onyx", "result": "black" | "white" | "draw" | "*",
     "rows": [{"label": "1", "black": "f6", "white": "swap"}, ...],
     "plies": 3, "variations": 0, "comments": 0, "recovered_plies": null, "error": null}

(a row's ``black``/``white`` hold that side's record forms in the row, space separated, or
null). ``format`` prints the record in canonical form (``format_record``).

A file that cannot be read (missing, unreadable, binary, too large) or is not a valid record:
exit status 2 and one line on stderr. ``--recover`` loads a damaged record up to its last good
move (``parse_record(text, recover=True)``): what was recovered is printed, the exit status is
0, a one-line note on stderr says what was lost (and ``--json`` gives it as ``error``); a record
whose headers do not tell the game still exits 2. Bad arguments: exit status 2, one line.
"""
from __future__ import annotations

import json
import sys
from typing import Any

from .rules.numbering import Row, rows, slots_for
from .rules.record import Record, RecordError, format_record, parse_record
from .storage import StorageError, read_text

USAGE = "usage: python -m game.records show FILE [--json] [--recover] | format FILE [--recover]"


class UsageError(Exception):
    pass


def parse_args(argv: list[str]) -> tuple[str, str, bool, bool]:
    """(command, file, json, recover); raises UsageError."""
    if not argv:
        raise UsageError("no command: show or format")
    command, rest = argv[0], argv[1:]
    if command not in ("show", "format"):
        raise UsageError(f"unknown command {command!r} (show or format)")
    as_json = recover = False
    files: list[str] = []
    only_files = False
    for a in rest:
        if only_files or not a.startswith("--"):
            files.append(a)
        elif a == "--":
            only_files = True
        elif a == "--json" and command == "show":
            as_json = True
        elif a == "--recover":
            recover = True
        else:
            raise UsageError(f"unknown option {a} for {command}")
    if not files:
        raise UsageError(f"{command} needs a FILE")
    if len(files) > 1:
        raise UsageError(f"{command} takes one FILE, not {len(files)}")
    return command, files[0], as_json, recover


def move_rows(record: Record) -> list[Row]:
    """The main line grouped into numbered rows."""
    tree = record.tree
    if tree is not None:
        main = tree.main_line()
        if [n.played.record for n in main] == record.moves:
            return rows([n.played_slot for n in main], record.moves)
    return rows(slots_for(record.start(), record.moves), record.moves)


def summary(record: Record) -> dict[str, Any]:
    """The JSON object ``show --json`` prints."""
    tree = record.tree
    if tree is not None:
        variations, comments = tree.count_variations(), tree.count_comments()
    else:
        variations, comments = 0, sum(len(v) for v in record.comments.values())
    return {
        "game": record.game,
        "result": record.result_word,
        "rows": [row.to_json() for row in move_rows(record)],
        "plies": len(record.moves),
        "variations": variations,
        "comments": comments,
        "recovered_plies": record.recovered_plies,
        "error": record.error,
    }


def show_text(record: Record) -> str:
    """The move list as text: one row a line, the label, Black's plies, White's plies."""
    found = move_rows(record)
    if not found:
        return "(no moves)"
    # a phase's row (the lakes) reads in the order the plies were played, across the columns
    table = [(row.label + ("." if row.label.isdigit() else ":"),
              " ".join(row.order) if row.phase else " ".join(row.black) or "...",
              "" if row.phase else " ".join(row.white), row.phase) for row in found]
    wl = max(len(t[0]) for t in table)
    wb = max((len(t[1]) for t in table if not t[3]), default=0)
    return "\n".join((f"{label:>{wl}} {black}" if phase else f"{label:>{wl}} {black:<{wb}}  {white}").rstrip()
                     for label, black, white, phase in table)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if any(a in ("-h", "--help") for a in args):         # also after a command: show --help
        print(__doc__.strip())
        return 0
    try:
        command, path, as_json, recover = parse_args(args)
    except UsageError as e:
        print(f"error: {e} ({USAGE})", file=sys.stderr)
        return 2
    try:
        text = read_text(path)
        record = parse_record(text, recover=recover)
        out = (format_record(record).rstrip("\n") if command == "format"
               else json.dumps(summary(record)) if as_json else show_text(record))
    except StorageError as e:
        print(f"error: {_one_line(str(e))}", file=sys.stderr)
        return 2
    except RecordError as e:
        print(f"error: {path}: {_one_line(str(e))}", file=sys.stderr)
        return 2
    print(out)
    if record.error is not None:
        print(f"note: {path}: {_one_line(record.error)}", file=sys.stderr)
    return 0


def _one_line(text: str) -> str:
    return " ".join(text.split())


if __name__ == "__main__":
    from .cli import run_command     # a closed pipe (| head) ends quietly
    sys.exit(run_command(main))
