"""What the player has done in the tutorials: lessons finished, try-it steps solved, puzzles
solved, and where each lesson was left. Kept as a small JSON file in the user data folder
(``game.storage.data_dir()``), written atomically; a missing or damaged file never stops the
game: it starts afresh and says why.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .i18n import _
from .storage import StorageError, atomic_write_text, data_dir, failure_kind, move_aside, read_text
from .ui.problems import storage_words

PROGRESS_NAME = "tutorial-progress.json"
VERSION = 1


def progress_path() -> Path:
    return data_dir() / PROGRESS_NAME


@dataclass
class Progress:
    """Completed items are keys like ``amoeba/lesson/moving``, ``amoeba/try/moving/3`` and
    ``onyx/puzzle/onyx-05``; ``resume`` maps ``game/lesson`` to the step index to reopen."""

    done: set[str] = field(default_factory=set)
    resume: dict[str, int] = field(default_factory=dict)

    # ------------------------------------------------------------ lessons
    def lesson_done(self, game: str, lesson: str) -> bool:
        return f"{game}/lesson/{lesson}" in self.done

    def mark_lesson(self, game: str, lesson: str) -> None:
        self.done.add(f"{game}/lesson/{lesson}")
        self.resume.pop(f"{game}/{lesson}", None)

    def try_done(self, game: str, lesson: str, step: int) -> bool:
        return f"{game}/try/{lesson}/{step}" in self.done

    def mark_try(self, game: str, lesson: str, step: int) -> None:
        self.done.add(f"{game}/try/{lesson}/{step}")

    def resume_step(self, game: str, lesson: str) -> int:
        return self.resume.get(f"{game}/{lesson}", 0)

    def set_resume(self, game: str, lesson: str, step: int) -> None:
        self.resume[f"{game}/{lesson}"] = max(0, int(step))

    # ------------------------------------------------------------ puzzles
    def puzzle_solved(self, game: str, puzzle: str) -> bool:
        return f"{game}/puzzle/{puzzle}" in self.done

    def mark_puzzle(self, game: str, puzzle: str) -> None:
        self.done.add(f"{game}/puzzle/{puzzle}")

    def count(self, game: str, kind: str) -> int:
        return sum(1 for k in self.done if k.startswith(f"{game}/{kind}/"))

    # ------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, "done": sorted(self.done),
                "resume": {k: self.resume[k] for k in sorted(self.resume)}}

    @classmethod
    def from_json(cls, data: Any) -> "Progress":
        """Read what can be read; anything malformed is left out (never raises)."""
        p = cls()
        if not isinstance(data, dict):
            return p
        done = data.get("done", [])
        if isinstance(done, list):
            p.done = {x for x in done if isinstance(x, str) and 0 < len(x) < 200}
        resume = data.get("resume", {})
        if isinstance(resume, dict):
            p.resume = {k: v for k, v in resume.items()
                        if isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1000}
        return p


# Progress files that could be neither read nor moved aside in this run: the lessons done may
# be in them, so ``save_progress`` does not write over them (a later load that finds the file
# readable, moved or gone lifts this).
_not_overwritten: set[Path] = set()


def load_progress(path: str | Path | None = None) -> tuple[Progress, str | None]:
    """The saved progress (empty when there is none) and a message if the file was unusable.
    An unusable file (unreadable, damaged, or of a format this version does not know) is moved
    aside, never overwritten: the lessons done are still in it. One that cannot be moved aside
    either is left alone: ``save_progress`` refuses to write over it in this run."""
    p = Path(path) if path is not None else progress_path()
    _not_overwritten.discard(p.absolute())
    if not p.exists():
        return Progress(), None
    unreadable: StorageError | None = None
    damaged = False
    try:
        text = read_text(p, record=False)
    except StorageError as e:
        if e.failure in ("is-folder", "not-found"):     # no file of lessons to keep (and none to write over)
            return Progress(), _("Your tutorial progress could not be read: {problem}").format(problem=storage_words(e))
        unreadable = e
    else:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):          # (a file nested too deep is damaged too)
            damaged = True
        else:
            if isinstance(data, dict) and data.get("version") == VERSION:
                return Progress.from_json(data), None
    try:
        kept = move_aside(p, p.stem, p.suffix)
    except StorageError as e:
        _not_overwritten.add(p.absolute())
        return Progress(), _("Your tutorial progress in {file} cannot be read, nor moved aside: {problem}").format(
            file=p.name, problem=storage_words(e))
    if unreadable is not None:
        return Progress(), _("Your tutorial progress could not be read: {problem} It was kept as {kept} and starts "
                             "afresh.").format(problem=storage_words(unreadable), kept=kept.name)
    if damaged:
        return Progress(), _("Your tutorial progress in {file} is damaged; it was kept as {kept} and starts "
                             "afresh.").format(file=p.name, kept=kept.name)
    return Progress(), _("Your tutorial progress in {file} has an unknown format; it was kept as {kept} and "
                         "starts afresh.").format(file=p.name, kept=kept.name)


def save_progress(progress: Progress, path: str | Path | None = None) -> str | None:
    """Write the progress atomically; returns a message for the player if that failed or was
    refused (a file ``load_progress`` could neither read nor move aside)."""
    p = Path(path) if path is not None else progress_path()
    if p.absolute() in _not_overwritten:
        return _("Your tutorial progress is not saved in {file}: that file could not be read nor moved aside, "
                 "and saving would write over the lessons done in it.").format(file=p.name)
    try:
        atomic_write_text(p, json.dumps(progress.to_json(), indent=1) + "\n")
    except StorageError as e:
        return _("Your tutorial progress could not be saved: {problem}").format(problem=storage_words(e))
    except OSError as e:  # pragma: no cover - storage wraps these
        return _("Your tutorial progress could not be saved: {problem}").format(
            problem=storage_words(StorageError(str(e), "save", p, failure_kind(e))))
    return None
