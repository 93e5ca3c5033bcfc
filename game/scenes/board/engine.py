"""The board scene's computer player: the ``Engine`` protocol and its two implementations.

* ``WorkerEngine``: the adapter over ``game.ai.worker.EngineClient`` (the search in a separate
  process, started on the first request, so games between people never start one). Each request
  sends the game name, options and the moves in notation (``request_position``: plus a set-up
  dict for a position that did not start new) with a request id; replies with another id are
  dropped. A worker that crashed is restarted by the client; its message goes to ``notice``.
* ``StubEngine``: random legal moves (seeded), when ``game.ai`` is missing and in tests.
"""
from __future__ import annotations

import importlib.util
import logging
import random
from typing import TYPE_CHECKING, Any, Callable, Protocol, runtime_checkable

from ...i18n import _
from ...ui.problems import reply_words
from ...rules.base import Color, Game, RulesError

if TYPE_CHECKING:
    from ...settings import Settings

log = logging.getLogger(__name__)

__all__ = ["Engine", "StubEngine", "WorkerEngine", "default_engine_factory", "request_position", "EngineFailure",
           "engine_failure_words"]


class EngineFailure(RuntimeError):
    """The computer player could not do what it was asked: ``words`` says why, already in the
    player's language (a clause for 'The computer player failed: …')."""

    def __init__(self, words: str) -> None:
        super().__init__(words)
        self.words = words


def engine_failure_words(exc: BaseException) -> str:
    """Why an engine call failed, for a player: an ``EngineFailure``'s words; any other
    exception (the worker's client, a pipe) is the program's own error, its text for the log."""
    return exc.words if isinstance(exc, EngineFailure) else _("it ran into an error of its own")


class Engine(Protocol):
    """What the board scene needs from a computer player (the engine helper provides one).
    An engine that subclasses it gets the defaults of ``notice``, ``think_settings`` and
    ``move_now``."""

    notice: str = ""            # a message for the player (its worker crashed and was restarted…)
    think_settings: Settings | None = None  # the player's settings (think time per level), set by ``make_engine``

    def start(self, game: Game, level: str, limit: float | None = None) -> None:
        """Begin thinking about ``game`` (a private copy) at a level ('easy', 'medium', 'hard').
        ``limit``: in a game with clocks, the most the move may take (``game.clock.think_budget``;
        given only then)."""

    def poll(self) -> str | None:
        """The chosen move as text once ready, else None. Never blocks."""

    def cancel(self) -> None:
        """Forget the current search (undo, new game, leaving the scene)."""

    def move_now(self) -> bool:
        """'Move now': the search in progress answers at once with its best move so far
        (``poll`` returns it); False when there is nothing to hurry (by default)."""
        return False

    def close(self) -> None:
        """Release resources (worker processes)."""


# What an engine may do besides playing, each declared (an engine says it can by
# subclassing; a scene asks with isinstance and, when it cannot, says so to the player).
@runtime_checkable
class Adviser(Protocol):
    """An engine that answers questions: a hint for the side to move, or whether the
    computer accepts its opponent's offer to end the game."""

    def ask(self, kind: str, game: Game, computer: Color | None = None) -> None:
        """Start an 'offer' (does ``computer`` accept ending now?) or a 'hint' question."""

    def answer(self) -> tuple[str, Any] | None:
        """('offer', bool) or ('hint', move text) once ready; ('error', message) on failure."""


@runtime_checkable
class Reviewer(Protocol):
    """An engine that reviews a game, ply by ply."""

    def review(self, game: Game, seconds: float | None = None, iterations: int | None = None,
               seed: int | None = 0) -> None:
        """Start reviewing ``game``'s whole history (``review_poll`` collects it)."""

    def review_poll(self) -> list[tuple[Any, ...]]:
        """What the review found since the last call: ``("ply", ply_json, done, total)``
        per ply, then ``("done", total, info)``; or ``("error", message)``. Never blocks."""


@runtime_checkable
class Analyser(Protocol):
    """An engine that analyses a position for the analysis board."""

    def analyse(self, game: Game, lines: int = 3, iterations: int | None = None, seed: int | None = 0) -> None:
        """Start analysing ``game`` (``analyse_poll`` collects it): the analysis board's budget
        for the game (``game.ai.analyse.board_budget``), or ``iterations``; never on the clock."""

    def analyse_poll(self) -> list[tuple[Any, ...]]:
        """What the analysis found since the last call: ``("partial", info)`` per round,
        then ``("done", info)``; or ``("error", message)``. Never blocks."""


def _next_event(it: Any, what: str, more: str) -> tuple[list[tuple[Any, ...]], Any]:
    """The next event of an in-process stream (the stub's review or analysis) and the stream
    left (None once it ended: an event other than ``more``, the end, or a failure)."""
    if it is None:
        return [], None
    try:
        ev = next(it)
    except StopIteration:
        return [], None
    except Exception as exc:           # the in-process stand-in for the engine worker
        log.exception("the %s failed", what)
        return [("error", _("it ran into an error of its own"))], None
    return [ev], (it if ev[0] == more else None)


class StubEngine(Engine, Adviser, Reviewer, Analyser):
    """Stand-in computer player: a random legal move (seeded). Used by tests and when game.ai is absent."""

    def __init__(self, seed: int = 2024) -> None:
        self.rng = random.Random(seed)
        self._move: str | None = None
        self._answer: tuple[str, Any] | None = None
        self.limits: list[float | None] = []     # each move's clock limit, as asked (tests)

    def start(self, game: Game, level: str, limit: float | None = None) -> None:
        self.limits.append(limit)
        moves = game.legal_strs()
        self._move = self.rng.choice(moves) if moves else None

    def poll(self) -> str | None:
        m, self._move = self._move, None
        return m

    def move_now(self) -> bool:
        """Nothing to hurry: the stub's move is ready at once."""
        return self._move is not None

    def ask(self, kind: str, game: Game, computer: Color | None = None) -> None:
        """Start an 'offer' (does ``computer`` accept ending now?) or a 'hint' question."""
        if kind == "offer":
            self._answer = ("offer", self.accepts_offer(game, computer if computer is not None else game.to_move.other))
        else:
            moves = game.legal_strs()
            self._answer = ("hint", self.rng.choice(moves) if moves else None)

    def answer(self) -> tuple[str, Any] | None:
        """('offer', bool) or ('hint', move text) once ready; ('error', message) on failure."""
        a, self._answer = self._answer, None
        return a

    def cancel(self) -> None:
        self._move = None
        self._answer = None
        self._review = None
        self._analysis = None

    def close(self) -> None:
        self.cancel()

    # a game review in this process (tests): the real review with a tiny budget, one ply a poll
    review_iterations = 24
    _review: Any = None

    def review(self, game: Game, seconds: float | None = None, iterations: int | None = None,
               seed: int | None = 0) -> None:
        """Start reviewing ``game``'s whole history (``seconds`` and ``iterations`` are ignored:
        a stand-in's fixed budget of ``review_iterations`` per position, deterministic, so that
        tests of the review's screens do not pay for the real review's effort). See
        ``review_poll``."""
        self._review = None
        try:
            from ...ai.review import review_game
        except ImportError as exc:         # the engine package is missing
            log.warning("no review without the engine: %s", exc)
            self._review = iter([("error", _("the computer player is not installed"))])
            return
        total = len(game.moves_played())
        plies = review_game(game.copy(), iterations=self.review_iterations, seed=seed)

        def events() -> Any:
            done = 0
            for p in plies:                  # from the last ply back: ``done`` counts them
                done += 1
                yield ("ply", p.to_json(), done, total)
            yield ("done", total, {})
        self._review = events()

    def review_poll(self) -> list[tuple[Any, ...]]:
        """What the review found since the last call (one ply per call here): ``("ply",
        ply_json, done, total)``, then ``("done", total, info)``; or ``("error", message)``."""
        ev, self._review = _next_event(self._review, "review", "ply")
        return ev

    # the analysis board's engine panel in this process (tests): the real analysis with a tiny
    # budget in rounds, one round a poll (as the worker streams them), deterministic
    analyse_iterations = 60
    _analysis: Any = None

    def analyse(self, game: Game, lines: int = 3, iterations: int | None = None, seed: int | None = 0) -> None:
        """Start analysing ``game`` (``analyse_iterations`` in all unless ``iterations`` is
        given, in rounds). See ``analyse_poll``."""
        self._analysis = None
        try:
            from ...ai.analyse import board_budget
            from ...ai.worker import analyse_request
        except ImportError as exc:         # the engine package is missing
            log.warning("no analysis without the engine: %s", exc)
            self._analysis = iter([("error", _("the computer player is not installed"))])
            return
        moves, setup = request_position(game)
        payload = {"request_id": 0, "game": game.name, "options": game.options(), "moves": moves,
                   "setup": setup, "lines": lines, "seed": seed,
                   **board_budget(game.name, iterations or self.analyse_iterations)}

        def events() -> Any:
            sent: list[Any] = []
            final = analyse_request(payload, send=sent.append)
            for r in sent:
                yield ("partial", dict(r.info))
            if final is None:
                return
            if not final.ok:
                yield ("error", reply_words(final))
            else:
                yield ("done", dict(final.info))
        self._analysis = events()

    def analyse_poll(self) -> list[tuple[Any, ...]]:
        """What the analysis found since the last call (one round per call here): ``("partial",
        info)``, then ``("done", info)`` (``info["analysis"]``: ``Analysis.to_dict()``); or
        ``("error", message)``."""
        ev, self._analysis = _next_event(self._analysis, "analysis", "partial")
        return ev

    def accepts_offer(self, game: Game, color: Color) -> bool:
        """Accept an ending by agreement when it is not a loss for ``color``."""
        try:
            probe = game.copy()
            result = probe.end_by_agreement()
        except RulesError:
            return False
        return result.winner in (None, color)


def request_position(game: Game) -> tuple[list[str], dict[str, Any] | None]:
    """The moves (canonical text) that lead to ``game``, and a set-up dict if it did not start new."""
    g = game.copy()
    moves: list[str] = []
    while g.ply > 0:
        try:
            m = g.undo()
        except (RulesError, ValueError, IndexError):     # no more history to take back
            break
        moves.append(g.move_str(m))
    moves.reverse()
    setup = None
    try:
        # the record's own reading of the start: the set-up text, side and the from_position
        # options the text does not carry (Onager's lake phase, Onyx's moves made and swap)
        from ...rules.record import record_from_game
        rec = record_from_game(g, ("", ""), "")
        if rec.setup is not None:
            setup = {"position": rec.setup, "to_move": rec.to_move.word,
                     "options": dict(rec.setup_options)}
    except RulesError:
        setup = {"position": g.position_text(), "to_move": g.to_move.word}
    return moves, setup


class WorkerEngine(Engine, Adviser, Reviewer, Analyser):
    """The Engine protocol over ``game.ai.worker.EngineClient`` (a separate process).

    The process starts on the first request, so games between people never start one.
    """

    def __init__(self, client_factory: Any = None) -> None:
        self._factory = client_factory
        self._client: Any = None
        self._rid = 0
        self._kind = ""
        self.notice = ""
        self.think_settings = None

    def _get(self) -> Any:
        if self._client is None:
            if self._factory is not None:
                self._client = self._factory()
            else:
                from ...ai.worker import EngineClient
                self._client = EngineClient()
        return self._client

    def _args(self, game: Game) -> dict[str, Any]:
        moves, setup = request_position(game)
        self._rid += 1
        return {"game_name": game.name, "options": game.options(), "moves": moves, "request_id": self._rid,
                "setup": setup}

    def think_seconds(self, level: str) -> float | None:
        """The player's think time for ``level`` (Settings), or None: the level's budget."""
        return None if self.think_settings is None else self.think_settings.level_seconds(level)

    def start(self, game: Game, level: str, limit: float | None = None) -> None:
        args = self._args(game)
        self._kind = "move"
        seconds = self.think_seconds(level)
        if limit is not None:
            args["limit"] = limit           # the clock's share: the worker keeps within it
        if seconds is None:
            self._get().request(level=level, **args)
        else:
            self._get().request(level=level, seconds=seconds, **args)

    def move_now(self) -> bool:
        """'Move now': the worker stops the move search in progress and answers at once with
        its best move so far (``poll`` returns it). False when no move is being searched."""
        if self._client is None or self._kind != "move":
            return False
        return bool(self._client.move_now())

    def ask(self, kind: str, game: Game, computer: Color | None = None) -> None:
        args = self._args(game)
        self._kind = kind
        if kind == "offer":
            self._get().answer_offer(computer=computer.word if computer is not None else None, **args)
        else:
            self._get().hint(**args)

    def _reply(self) -> Any:
        if self._client is None:
            return None
        r = self._client.poll()
        if r is None or r.request_id != self._rid:
            return None
        return r

    def poll(self) -> str | None:
        r = self._reply()
        if r is None:
            return None
        if r.ok:
            return r.move
        if r.retrying:
            self.notice = reply_words(r)
            return None
        raise EngineFailure(reply_words(r))

    def answer(self) -> tuple[str, Any] | None:
        r = self._reply()
        if r is None:
            return None
        if not r.ok:
            if r.retrying:
                self.notice = reply_words(r)
                return None
            return ("error", reply_words(r))
        return ("offer", bool(r.accept)) if self._kind == "offer" else ("hint", r.move)

    def review(self, game: Game, seconds: float | None = None, iterations: int | None = None,
               seed: int | None = 0) -> None:
        """Start reviewing ``game``'s whole history in the worker (``review_poll`` collects it)."""
        args = self._args(game)
        self._kind = "review"
        self._get().review(seconds=seconds, iterations=iterations, seed=seed, **args)

    def review_poll(self, limit: int = 64) -> list[tuple[Any, ...]]:
        """What the worker sent since the last call, in order: ``("ply", ply_json, done,
        total)`` per ply, then ``("done", total, info)``; or ``("error", message)``. Replies of
        an older request are dropped (request id); never blocks."""
        return self._stream(limit,
                            lambda info: ("ply", info.get("ply") or {}, int(info.get("done", 0)),
                                          int(info.get("total", 0))),
                            lambda info: ("done", int(info.get("total", 0)), info))

    def analyse(self, game: Game, lines: int = 3, iterations: int | None = None, seed: int | None = 0) -> None:
        """Start the engine's analysis of ``game`` in the worker (``analyse_poll`` collects it)
        at the analysis board's budget (or ``iterations``); it replaces (cancels) the request
        in progress."""
        from ...ai.analyse import board_budget
        args = self._args(game)
        self._kind = "analyse"
        self._get().analyse(lines=lines, seed=seed, **board_budget(game.name, iterations), **args)

    def analyse_poll(self, limit: int = 16) -> list[tuple[Any, ...]]:
        """What the worker sent since the last call, in order: ``("partial", info)`` per round,
        then ``("done", info)`` (``info["analysis"]``: ``Analysis.to_dict()``); or ``("error",
        message)``. Replies of an older request are dropped (request id); never blocks."""
        return self._stream(limit, lambda info: ("partial", info), lambda info: ("done", info))

    def _stream(self, limit: int, partial: Callable[[dict[str, Any]], tuple[Any, ...]],
                done: Callable[[dict[str, Any]], tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        """The replies of a streamed request (a review, an analysis) as events, at most ``limit``:
        ``partial(info)`` per partial reply, then ``done(info)``, or ``("error", message)``; a
        worker restart leaves its words in ``notice``."""
        out: list[tuple[Any, ...]] = []
        for _turn in range(limit):
            r = self._reply()
            if r is None:
                break
            if not r.ok:
                if r.retrying:
                    self.notice = reply_words(r)
                    continue
                out.append(("error", reply_words(r)))
                break
            info = dict(r.info or {})
            if info.get("partial"):
                out.append(partial(info))
                continue
            out.append(done(info))
            break
        return out

    def cancel(self) -> None:
        if self._client is not None:
            self._client.cancel()

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None


def close_engine(engine: Any, whose: str = "the engine") -> None:
    """Close an engine whose worker may already be gone (the board's, the analysis board's, the
    tutorial's): a failure is logged, never raised."""
    if engine is None:
        return
    try:
        engine.close()
    except Exception:   # the engine worker's client: closing a gone worker
        log.warning("closing %s failed", whose, exc_info=True)


def default_engine_factory() -> Any:
    """WorkerEngine when the engine package is installed, else the StubEngine."""
    # looked up, not imported: the engine loads in its own process, and when first asked
    if importlib.util.find_spec(f"{__package__.split('.')[0]}.ai") is None:
        log.warning("the engine package is missing: the stand-in engine plays")
        return StubEngine
    return WorkerEngine
