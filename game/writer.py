"""Files written off the frame's path: one small daemon thread for the whole program.

``writer()`` is the process-wide ``BackgroundWriter`` (the autosave, last games and the settings
file go through it); ``flush_writes()`` waits for what was submitted, if anything was (the app
closing). Only the latest job of each key is run: a burst of moves costs one write. Its own
module so that writing the settings or closing the app does not load the autosave's record
machinery (``game.autosave`` re-exports both names).

No pygame here.
"""
from __future__ import annotations

import logging
import os
import threading
from typing import Any, Callable, Hashable

from .rules.base import RulesError
from .storage import StorageError

log = logging.getLogger(__name__)

__all__ = ["BackgroundWriter", "writer", "flush_writes"]


class BackgroundWriter:
    """Runs file jobs in one daemon thread; a newer job for the same key replaces a waiting one.

    ``threaded=False`` runs jobs at once (used when threads are unwanted). Errors are kept in
    ``errors`` (latest last); a job never raises into the caller. A job submitted with ``what``
    (what the player would lose: 'game', 'settings') that fails is also kept for the window to
    say (``take_failures``): once, until a write of the same ``what`` succeeds again.
    """

    def __init__(self, threaded: bool = True) -> None:
        self.threaded = threaded
        self._jobs: dict[Hashable, tuple[Callable[[], Any], str]] = {}
        self._order: list[Hashable] = []
        self._cond = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []
        self.failures: list[tuple[str, BaseException]] = []     # (what, error), not yet said
        self._failing: set[str] = set()                         # what fails now (said once)
        self.done = 0
        self.last_seconds = 0.0

    def submit(self, key: Hashable, job: Callable[[], Any], what: str = "") -> None:
        if not self.threaded:
            self._run(job, what)
            return
        with self._cond:
            if key not in self._jobs:
                self._order.append(key)
            self._jobs[key] = (job, what)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="abstract-trio-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self, job: Callable[[], Any], what: str = "") -> None:
        import time
        t0 = time.perf_counter()
        failed: BaseException | None = None
        try:
            job()
        except (StorageError, RulesError, OSError, ValueError) as e:   # (a record's errors are RulesErrors)
            log.warning("a background write failed: %s", e)
            self.errors.append(str(e))
            failed = e
        except Exception as e:  # the background writer thread: never let a write kill the program
            log.exception("a background write failed")
            self.errors.append(f"{type(e).__name__}: {e}")
            failed = e
        if what:
            with self._cond:
                if failed is None:
                    self._failing.discard(what)
                elif what not in self._failing:
                    self._failing.add(what)
                    self.failures.append((what, failed))
        self.last_seconds = time.perf_counter() - t0
        self.done += 1

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._order:
                    self._busy = False
                    self._cond.notify_all()
                    if not self._cond.wait(timeout=30.0) and not self._order:
                        self._thread = None
                        return
                key = self._order.pop(0)
                job, what = self._jobs.pop(key)
                self._busy = True
            self._run(job, what)

    @property
    def idle(self) -> bool:
        with self._cond:
            return not self._order and not self._busy

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every submitted job ran; False on timeout."""
        if not self.threaded:
            return True
        import time
        end = time.monotonic() + timeout
        with self._cond:
            while self._order or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(timeout=min(0.05, left))
        return True

    def take_errors(self) -> list[str]:
        out, self.errors = self.errors, []
        return out

    def failing(self, what: str) -> bool:
        """Did the last write of ``what`` fail (and none of it has worked since)?"""
        return what in self._failing

    def take_failures(self) -> list[tuple[str, BaseException]]:
        """The failures to tell the player of since the last call: (what, error)."""
        if not self.failures:           # (every frame asks: no lock while there is nothing)
            return []
        with self._cond:
            out, self.failures = self.failures, []
        return out


_WRITER: BackgroundWriter | None = None


def writer() -> BackgroundWriter:
    """The process-wide background writer."""
    global _WRITER
    if _WRITER is None:
        _WRITER = BackgroundWriter(threaded=os.environ.get("ABSTRACT_TRIO_SYNC_WRITES") != "1")
    return _WRITER


def flush_writes(timeout: float = 5.0) -> bool:
    """Wait for the background writes submitted so far (none made yet: nothing to wait for)."""
    return _WRITER.flush(timeout) if _WRITER is not None else True

