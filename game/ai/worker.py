"""The computer opponent in its own process, so the window never freezes.

The board scene holds one ``EngineClient``:

    client = EngineClient()
    client.request("amoeba", {}, ["c3-d4", "e3-d3"], "hard", request_id=7)
    ...                                    # every frame:
    reply = client.poll()                  # never blocks; None while thinking
    if reply is not None and reply.request_id == 7:
        if reply.ok:
            match.play_text(reply.move)    # canonical text of the move
        else:
            show(reply.error_kind, reply.error_facts)   # values: the interface words them
                                                        # (reply.error: English, for the log)
    client.cancel()                        # undo / new game / leaving the board
    client.close()                         # quitting

* One request at a time: a new request (move, hint, offer or review) cancels
  the one in progress; ``cancel()`` drops it at once (its answer is never delivered).
* A review (``client.review(...)``, kind REVIEW) streams: one partial reply per
  ply (``info["partial"]`` True, ``info["ply"]`` the ply's ``PlyReview`` as JSON),
  then the final reply; see ``review_request``.
* An analysis (``client.analyse(...)``, kind ANALYSE, the analysis board) streams
  too: the search goes on in rounds of growing budget in one search tree, and each
  round sends the value and top lines so far (``info["analysis"]``); see
  ``analyse_request``. A new request or ``cancel()`` stops it inside a round.
* A move request may carry the player's think time (``seconds``, per level, from
  Settings) and, in a game with clocks, the most its clock lets it take (``limit``,
  ``levels.clock_limited``); ``move_now()`` ('Move now' on the board) makes the search in progress
  stop and answer at once with its best move so far (a shared counter, like cancel's).
* Medium and Hard keep their search tree from one request to the next and,
  after answering a move, think on the player's time (pondering) until the
  next request, ``cancel()`` or ``close()`` (see ``ponder``).
* The position is sent as text (the moves in the specs' notation, after an
  optional set-up position), so nothing but plain data crosses the process
  boundary, and the worker checks every move with the rules core.
* A worker that dies (or hangs past its budget plus ``hang_margin`` seconds)
  is detected by ``poll()``, restarted, and reported as a reply with ``ok``
  False and a message; the request is tried once more on the new worker
  (``retrying`` is True then), so the game goes on.
* The process uses the ``spawn`` start method (safe on every platform and
  with a pygame parent); it imports no pygame.
* No orphans: the worker ends by itself within a fraction of a second when
  the game that started it is gone, however it went (``kill -9`` included),
  also in the middle of a search (a watchdog thread waits on the parent's
  sentinel and calls ``os._exit``). Requests and replies go over plain pipes
  (``Pipe``) and the cancel counter is shared memory without a lock: no
  semaphore exists, so the resource-tracker process that ``spawn`` starts on
  POSIX has nothing to clean up and ends as soon as the worker is gone (it
  lives only while the game or the worker holds its pipe).

This module is the only part of ``game.ai`` that reads a clock: it gives the
search its deadline (``time.monotonic``).
"""
from __future__ import annotations

import logging
import multiprocessing as mp
import os
import queue
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..rules import game_class, make_game
from ..rules.base import Color, Game, RulesError
from .analyse import ANALYSE_FIRST_ITERATIONS, ANALYSE_ROUND_MAX, analyse_in_rounds

log = logging.getLogger(__name__)

MOVE, HINT, OFFER = "move", "hint", "offer"
REVIEW = "review"    # a game review: one partial reply per ply, then a final one (see review_request)
ANALYSE = "analyse"  # the analysis board: the top lines, one partial reply per round (see analyse_request)
STREAMING = (REVIEW, ANALYSE)    # kinds whose partial replies each restart the hang clock


@dataclass(frozen=True)
class EngineReply:
    """The answer to one request (or an error report)."""

    request_id: Any
    kind: str                       # "move", "hint", "offer" or "error"
    ok: bool
    move: str | None = None         # canonical text of the chosen move (move, hint)
    accept: bool | None = None      # the answer to an offer
    error: str | None = None        # the English of what went wrong, when not ok (logs)
    # what went wrong as values, for the interface to word (game.ui.problems.reply_words):
    # 'cancelled', 'game-over' (winner, reason), 'move-refused' (n, move, cause), 'refused'
    # (cause: a RulesError's value), 'bad-request', 'crashed', 'restarted' (dead, code, retrying)
    error_kind: str = ""
    error_facts: dict = field(default_factory=dict)
    retrying: bool = False          # after a crash: the request was sent again
    info: dict = field(default_factory=dict)   # iterations, value, seconds


# ------------------------------------------------------------------ worker side
def build_game(game_name: str, options: dict | None, moves: Sequence[str] | None,
               setup: dict | None = None) -> Game:
    """The position a request describes: a new game or a set-up position, then moves.

    ``setup`` is ``{"position": text, "to_move": "black"|"white", "options": {...}}``
    (the extra options are those of ``from_position``, e.g. Onager ``setup=True``).
    Raises ValueError or a RulesError with a readable message.
    """
    options = dict(options or {})
    if setup:
        extra = dict(setup.get("options") or {})
        cls = game_class(game_name)
        to_move = setup.get("to_move", "black")
        if not isinstance(to_move, Color):
            to_move = Color.parse(str(to_move))
        game = cls.from_position(setup.get("position", ""), to_move, **options, **extra)
    else:
        game = make_game(game_name, **options)
    for n, text in enumerate(moves or (), start=1):
        try:
            game.push(text)
        except RulesError as e:
            raise RulesError(f"move {n} {text!r} refused: {e}", kind="move-refused", n=n, move=text,
                             cause=e.value()) from None
    return game


def refusal_reply(rid: Any, kind: str, message: str, e: Exception) -> EngineReply:
    """The reply to a request the rules (or its own data) refuse, with the refusal's values."""
    if isinstance(e, RulesError) and e.kind == "move-refused":
        return EngineReply(rid, kind, False, error=message, error_kind=e.kind, error_facts=dict(e.facts))
    if isinstance(e, RulesError):
        return EngineReply(rid, kind, False, error=message, error_kind="refused", error_facts={"cause": e.value()})
    return EngineReply(rid, kind, False, error=message, error_kind="bad-request")


def handle(payload: dict, cancel: Any = None, clock: Any = None) -> EngineReply:
    """Answer one request in this process (the worker calls this; so can tests)."""
    from .levels import (THINK_DEFAULTS, analyse, answer_offer, choose_move, clock_limited, get_level,
                         think_seconds)

    rid = payload.get("request_id")
    kind = payload.get("kind", MOVE)
    if kind == REVIEW:                   # every ply's verdict in the final reply's info["plies"]
        return (review_request(payload, cancel=cancel, clock=clock)
                or EngineReply(rid, REVIEW, False, error="the review was cancelled", error_kind="cancelled"))
    if kind == ANALYSE:                  # the final round's answer (no partial replies here)
        return (analyse_request(payload, cancel=cancel, clock=clock)
                or EngineReply(rid, ANALYSE, False, error="the analysis was cancelled", error_kind="cancelled"))
    clock = clock or time.monotonic
    t0 = clock()
    try:
        game = build_game(payload["game"], payload.get("options"), payload.get("moves"),
                          payload.get("setup"))
        if game.result is not None:
            r = game.result
            return EngineReply(rid, kind, False, error=f"the game is over ({r.describe()})", error_kind="game-over",
                               error_facts={"winner": r.winner.word if r.winner is not None else None,
                                            "reason": r.reason})
        seed = payload.get("seed")
        import random
        rng = random.Random(seed)
        if kind == OFFER:
            computer = payload.get("computer")
            if computer is not None and not isinstance(computer, Color):
                computer = Color.parse(str(computer))
            ok = answer_offer(game, rng, clock=clock, cancel=cancel, computer=computer)
            return EngineReply(rid, kind, True, accept=ok, info={"seconds": round(clock() - t0, 3)})
        if kind == HINT:
            hinted = hint_move(game, cancel)
            if hinted is not None:
                return EngineReply(rid, kind, True, move=game.move_str(hinted),
                                   info={"seconds": round(clock() - t0, 3)})
        level = payload.get("level", "medium") if kind == MOVE else "medium"
        lv = get_level(level, game.name)     # a readable error for an unknown level
        info: dict = {}
        seconds = None
        if kind == MOVE and payload.get("seconds") is not None and level in THINK_DEFAULTS:
            seconds = think_seconds(level, payload.get("seconds"))   # the player's think time
        if kind == MOVE and payload.get("limit") is not None:
            seconds = clock_limited(lv, seconds, payload["limit"])
        move = choose_move(game, level, rng, cancel=cancel, clock=clock, info=info,
                           tree=search_tree(level, game.name), seconds=seconds)
        info.update(seconds=round(clock() - t0, 3), level=level)
        return EngineReply(rid, kind, True, move=game.move_str(move), info=info)
    except (RulesError, ValueError, KeyError, TypeError) as e:
        return refusal_reply(rid, kind, f"the computer player could not use this position: {e}", e)


# How long a hint may take before the worker counts as hung (plus its margin): the first
# round's 800 iterations take about 2 s on a 20x20 Onyx board on a quiet machine.
HINT_SECONDS = 6.0


def hint_move(game: Any, cancel: Any = None) -> Any:
    """A hint: the analysis board's best line at its first round's effort (the review's), so
    a hint, the review's better move and the analysis board say the same of a position.
    None where the analysis does not decide (the Onyx pie rule's swap: the level's rule)."""
    from .analyse import analyse_position

    if game.name == "onyx" and game.options().get("pie") and game.ply < 2:
        return None
    a = analyse_position(game, iterations=ANALYSE_FIRST_ITERATIONS, lines=3, seed=0,
                         cancel=cancel)
    if not a.lines:
        return None
    try:
        return game.parse_move(a.lines[0].move)
    except RulesError:
        return None


def review_request(payload: dict, cancel: Any = None, clock: Any = None, send: Any = None
                   ) -> EngineReply | None:
    """Answer a review request (kind REVIEW): the engine's verdict on every ply of a game.

    The payload holds the game as in every request (``game``, ``options``, ``moves``,
    ``setup``) plus ``seconds`` (per position, on ``clock``) and/or ``iterations``, and
    ``seed``. Each ply reviewed goes to ``send`` (when given) at once as a partial reply:
    ``info = {"partial": True, "ply": PlyReview.to_json(), "done": ply, "total": plies}``;
    the reply returned is the final one (``partial`` False, ``done``, ``total``, ``seconds``;
    without ``send`` also ``plies``, every ply's JSON). None when cancelled.
    """
    from .review import review_moves

    rid = payload.get("request_id")
    clock = clock or time.monotonic
    t0 = clock()
    moves = list(payload.get("moves") or [])
    total = len(moves)
    seconds = payload.get("seconds")
    collected: list[dict] = []
    done = 0
    try:
        plies = review_moves(payload["game"], payload.get("options"), moves, payload.get("setup"),
                             seconds=seconds, iterations=payload.get("iterations"),
                             clock=clock if seconds else None, cancel=cancel,
                             seed=payload.get("seed", 0))
        for p in plies:                      # from the last ply back: ``done`` counts them
            done += 1
            if send is not None:
                send(EngineReply(rid, REVIEW, True, info={"partial": True, "ply": p.to_json(),
                                                          "done": done, "total": total}))
            else:
                collected.append(p.to_json())
    except (RulesError, ValueError, KeyError, TypeError) as e:
        return refusal_reply(rid, REVIEW, f"the review could not use this game: {e}", e)
    if cancel is not None and cancel():
        return None
    info: dict = {"partial": False, "done": done, "total": total,
                  "seconds": round(clock() - t0, 3)}
    if send is None:
        info["plies"] = sorted(collected, key=lambda p: p["ply"])
    return EngineReply(rid, REVIEW, True, info=info)


ANALYSE_SECONDS = 30.0          # a timed analysis thinks at most this long on one position
ANALYSE_ITERATIONS = 300_000    # and at most this many iterations (the tree's memory)


def analyse_request(payload: dict, cancel: Any = None, clock: Any = None, send: Any = None
                    ) -> EngineReply | None:
    """Answer an analysis request (kind ANALYSE): Black's chance and the top lines of a position.

    The payload holds the position as every request (``game``, ``options``, ``moves``,
    ``setup``), ``lines`` (how many first moves, default 3), ``seconds`` (on ``clock``) and/or
    ``iterations`` (without ``seconds`` no clock is read: the same answer on any machine), and
    ``seed``. The search (``game.ai.analyse.analyse_position``, the Hard level's) runs in rounds
    of growing budget (``game.ai.analyse.analyse_rounds``) into one search tree; after each round but the last
    the answer so far goes to ``send`` (when given) as a partial reply, ``info = {"partial":
    True, "analysis": Analysis.to_dict(), "done": iterations so far, "round": n}``. The reply
    returned is the final one (``partial`` False, the same keys and ``seconds``). A proven
    result, a forced move or a win at once end it early. None when cancelled.
    """
    rid = payload.get("request_id")
    clock = clock or time.monotonic
    t0 = clock()
    seconds = payload.get("seconds")
    iterations = payload.get("iterations")
    if seconds is None and iterations is None:
        seconds = ANALYSE_SECONDS
    if iterations is None:                  # (a timed analysis too: the tree's memory bounds it)
        iterations = ANALYSE_ITERATIONS
    lines = int(payload.get("lines") or 3)
    seed = int(payload.get("seed") or 0)

    def partial(info: dict) -> None:
        if send is not None:
            send(EngineReply(rid, ANALYSE, True, info=dict(info, partial=True)))
    try:
        game = build_game(payload["game"], payload.get("options"), payload.get("moves"),
                          payload.get("setup"))
        got = analyse_in_rounds(game, seconds, iterations, payload.get("round_most"), lines, seed,
                                clock=clock, cancel=cancel, each_round=partial)
    except (RulesError, ValueError, KeyError, TypeError) as e:
        return refusal_reply(rid, ANALYSE, f"the analysis could not use this position: {e}", e)
    if got is None:
        return None
    info = dict(got[1], partial=False, seconds=round(clock() - t0, 3))
    return EngineReply(rid, ANALYSE, True, info=info)


# ------------------------------------------------------------------ keeping the work
# The worker is long-lived: it keeps each level's search tree from one request to the next
# (tree reuse: the next search starts from the subtree of the position reached), and after
# answering a move it thinks on the player's time (pondering) in the position after its
# move, into the same tree, at most one move's budget (``levels.move_iterations``: a head
# start bounded by the level's own budget), until the next request arrives or the game cancels
# (``EngineClient.cancel()``, a new request, closing): the search checks every few
# iterations, so it stops at once. The weak levels neither keep their tree nor ponder
# (``Level.keeps_tree``: they stay as beatable as the ladder measured); random and uct
# have nothing to keep.
PONDER_SECONDS = 20.0        # at most this long on the player's time after each move (0: off)
PONDER_ITERATIONS = 50_000   # and never more than this many iterations (the tree's memory)
_TREES: dict[str, Any] = {}


def search_tree(level: str, game_name: str) -> Any:
    """The worker's tree for ``level`` in ``game_name`` (a ``SearchTree``), or None for a
    level that keeps none (``Level.keeps_tree``)."""
    from .levels import get_level
    lv = get_level(level, game_name)
    if not lv.keeps_tree:
        return None
    # By the level's own name: "8" and "hard" are one level, so they share one tree.
    tree = _TREES.get(lv.name)
    if tree is None:
        from .mcts import SearchTree
        tree = _TREES[lv.name] = SearchTree()
    return tree


def ponder(payload: dict, reply: EngineReply, stop: Any, clock: Any = None,
           seconds: float | None = None) -> int:
    """Think on the player's time after answering the move request ``payload`` with
    ``reply``: search the position after the computer's move into the level's tree until
    ``stop()`` is true (or PONDER_SECONDS / PONDER_ITERATIONS are used up). Returns the
    iterations done (0 when there is nothing to ponder)."""
    from dataclasses import replace
    from .levels import analyse, get_level, move_iterations

    seconds = PONDER_SECONDS if seconds is None else seconds
    if seconds <= 0 or not reply.ok or reply.kind != MOVE or reply.move is None:
        return 0
    level = payload.get("level", "medium")
    try:
        tree = search_tree(level, str(payload.get("game")))
    except ValueError:
        return 0
    if tree is None:
        return 0
    try:
        game = build_game(payload["game"], payload.get("options"), payload.get("moves"),
                          payload.get("setup"))
        game.push(reply.move)
        if game.result is not None or stop():
            return 0
        lv = get_level(level, game.name)
        if lv.params is None:
            return 0
        import random
        # at most one move's budget (the level's ladder budget at the player's think time):
        # the ladder plays without pondering, so this head start is kept small
        its = min(PONDER_ITERATIONS, move_iterations(lv, payload.get("seconds")) or PONDER_ITERATIONS)
        params = replace(lv.params, iterations=its, seconds=seconds,
                         fallback_iterations=its, temperature=0.0)
        res = analyse(game, level, random.Random(payload.get("seed")), clock=clock or time.monotonic,
                      cancel=stop, params=params, tree=tree)
        return res.iterations
    except (RulesError, ValueError, KeyError, TypeError):
        return 0


PARENT_CHECK = 0.25      # seconds between the watchdog's checks of the parent (besides its sentinel)


def _watch_parent(parent_pid: int, sentinel: Any, interval: float = PARENT_CHECK) -> None:
    """Worker thread: end this process at once when the game that started it is gone.

    The parent's sentinel (a pipe the parent holds open) becomes readable when the parent
    exits or is killed; a changed ``os.getppid()`` is the fallback. ``os._exit`` ends the
    process even while the main thread is deep in a search.
    """
    from multiprocessing.connection import wait
    while True:
        if sentinel is not None:
            try:
                if wait([sentinel], interval):
                    os._exit(0)
            except (OSError, ValueError):
                sentinel = None
        else:
            time.sleep(interval)
        if os.getppid() != parent_pid:
            os._exit(0)


class _PipeGone(Exception):
    """The reply pipe is closed (the game is gone): the worker ends."""


def _serve(requests: Any, replies: Any, cancelled: Any, parent_pid: int | None = None,
           hurry: Any = None) -> None:
    """Worker process main loop: one request at a time until the None sentinel or the end of
    the request pipe (the game closed it or is gone). ``hurry`` (shared, like ``cancelled``):
    a move request whose number it reaches stops searching and answers with its best move
    so far ('move now')."""
    parent = mp.parent_process()
    threading.Thread(target=_watch_parent, name="parent-watch", daemon=True,
                     args=(parent_pid if parent_pid is not None else os.getppid(),
                           parent.sentinel if parent is not None else None)).start()
    while True:
        try:
            item = requests.recv()
            while item is not None and requests.poll(0):
                item = requests.recv()      # only the newest request counts: the others were cancelled
        except (EOFError, OSError):
            return
        if item is None:
            return
        gen, payload = item
        if cancelled.value >= gen:
            continue

        def stop(gen: int = gen) -> bool:
            return cancelled.value >= gen

        def send(reply: EngineReply, gen: int = gen) -> None:
            if cancelled.value < gen:        # a review's partial replies (one per ply)
                try:
                    replies.send((gen, reply))
                except (OSError, ValueError):
                    raise _PipeGone from None

        try:
            if payload.get("kind") == REVIEW:
                reply = review_request(payload, cancel=stop, send=send)
            elif payload.get("kind") == ANALYSE:
                reply = analyse_request(payload, cancel=stop, send=send)
            else:
                def stop_or_hurry(gen: int = gen) -> bool:
                    return cancelled.value >= gen or (hurry is not None and hurry.value >= gen)

                reply = handle(payload, cancel=stop_or_hurry if payload.get("kind", MOVE) == MOVE
                               else stop)
        except _PipeGone:
            return                    # the game closed the reply pipe
        except Exception as e:        # never let a bug kill the worker silently
            log.exception("the engine worker's request failed")
            reply = EngineReply(payload.get("request_id"), payload.get("kind", MOVE), False,
                                error=f"the computer player failed: {type(e).__name__}: {e}",
                                error_kind="crashed")
        if reply is None or cancelled.value >= gen:
            continue
        try:
            replies.send((gen, reply))
        except (OSError, ValueError):
            return
        if payload.get("kind", MOVE) == MOVE and reply.ok:
            def player_moved(gen: int = gen) -> bool:
                return cancelled.value >= gen or requests.poll(0)

            try:
                ponder(payload, reply, player_moved)
            except (EOFError, OSError):
                return
            except Exception:         # pondering is a bonus: never let it break the worker
                log.warning("the engine worker's pondering failed", exc_info=True)


_CLOSE = object()


class _Sender:
    """The game's end of the request pipe: sends from a background thread, so a request never
    waits for a busy (or stuck) worker to read the one before."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self._items: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="engine-sender", daemon=True)
        self._thread.start()

    def put(self, item: Any) -> None:
        self._items.put(item)

    def _run(self) -> None:
        while True:
            item = self._items.get()
            if item is _CLOSE:
                break
            try:
                self._conn.send(item)
            except (OSError, ValueError):   # the worker is gone
                break
        try:
            self._conn.close()
        except OSError:
            pass

    def close(self) -> None:
        """Send what is queued, then close the pipe (the worker sees its end)."""
        self._items.put(_CLOSE)


# ------------------------------------------------------------------ client side
@dataclass
class _Pending:
    gen: int
    payload: dict
    started: float
    budget: float
    retried: bool = False


class EngineClient:
    """Non-blocking front of the worker process (see the module docstring)."""

    _hurry: Any = None          # the shared "move now" counter, made with the worker process

    def __init__(self, hang_margin: float = 20.0, start: bool = True) -> None:
        self._ctx = mp.get_context("spawn")
        self._hang_margin = hang_margin
        self._proc: Any = None
        self._requests: Any = None
        self._replies: Any = None
        self._cancelled: Any = None
        self._gen = 0
        self._pending: _Pending | None = None
        self._closed = False
        self.restarts = 0
        if start:
            self._start()

    # ------------------------------------------------------------ process
    def _start(self) -> None:
        req_recv, req_send = self._ctx.Pipe(duplex=False)
        rep_recv, rep_send = self._ctx.Pipe(duplex=False)
        self._cancelled = self._ctx.Value("q", self._gen, lock=False)   # no lock: no semaphore
        self._hurry = self._ctx.Value("q", self._gen, lock=False)       # 'move now' (move_now)
        self._proc = self._ctx.Process(target=_serve, args=(req_recv, rep_send, self._cancelled,
                                                            os.getpid(), self._hurry),
                                       name="engine-worker", daemon=True)
        try:
            self._proc.start()
        finally:
            req_recv.close()        # the worker's ends: only the worker holds them now
            rep_send.close()
        self._requests = _Sender(req_send)
        self._replies = rep_recv

    def _stop_process(self) -> None:
        proc = self._proc
        self._proc = None
        if proc is None:
            return
        if proc.is_alive():
            proc.terminate()
            proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join(1.0)
        for end in (self._requests, self._replies):
            if end is None:           # a start that failed before the pipes were kept
                continue
            try:
                end.close()
            except Exception:         # the pipe to a stopped worker process: nothing more to close
                log.warning("closing the engine worker's pipe failed", exc_info=True)

    def _restart(self) -> None:
        self._stop_process()
        self.restarts += 1
        self._start()

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def busy(self) -> bool:
        """True while a request is waiting for its answer."""
        return self._pending is not None

    # ------------------------------------------------------------ requests
    def _send(self, payload: dict, budget: float) -> None:
        if self._closed:
            raise RuntimeError("the engine client is closed")
        self.cancel()
        if not self.alive:
            self._restart()
        self._gen += 1
        self._pending = _Pending(self._gen, payload, time.monotonic(), budget)
        self._requests.put((self._gen, payload))

    def request(self, game_name: str, options: dict | None, moves: Sequence[str] | None,
                level: str, request_id: Any, setup: dict | None = None,
                seed: int | None = None, seconds: float | None = None,
                limit: float | None = None) -> None:
        """Ask for the computer's move at ``level`` in the position given (non-blocking).
        ``seconds``: the player's think time for the level (Settings; range-checked by
        ``levels.think_seconds``), else the level's budget. ``limit``: the most the move may
        take by the computer's clock (``levels.clock_limited``), whatever its level. ``move_now()``
        hurries it."""
        from .levels import THINK_DEFAULTS, clock_limited, get_level, think_seconds
        lv = get_level(level, game_name)
        if seconds is not None and lv.name in THINK_DEFAULTS:
            seconds = think_seconds(lv.name, seconds)
        else:
            seconds = None
        budget = (seconds or lv.params.seconds or 0.0) if lv.params is not None else 0.0
        if limit is not None:
            budget = clock_limited(lv, seconds, limit) or 0.0
        self._send({"kind": MOVE, "request_id": request_id, "game": game_name,
                    "options": dict(options or {}), "moves": list(moves or []), "setup": setup,
                    "level": lv.name, "seed": seed, "seconds": seconds, "limit": limit}, budget)

    def move_now(self) -> bool:
        """'Move now': the move request in progress stops searching and answers at once with
        its best move so far (``poll()`` returns it as usual). False when no move request is
        waiting (nothing to hurry)."""
        p = self._pending
        hurry = self._hurry
        if p is None or hurry is None or p.payload.get("kind", MOVE) != MOVE:
            return False
        hurry.value = p.gen
        return True

    def hint(self, game_name: str, options: dict | None, moves: Sequence[str] | None,
             request_id: Any, setup: dict | None = None, seed: int | None = None) -> None:
        """Ask for a suggested move for the side to move (non-blocking): the analysis board's
        first round's best line (``hint_move``), a fixed effort of a few seconds at most."""
        self._send({"kind": HINT, "request_id": request_id, "game": game_name,
                    "options": dict(options or {}), "moves": list(moves or []), "setup": setup,
                    "seed": seed}, HINT_SECONDS)

    def answer_offer(self, game_name: str, options: dict | None, moves: Sequence[str] | None,
                     request_id: Any, setup: dict | None = None, seed: int | None = None,
                     computer: str | None = None) -> None:
        """Ask whether the computer accepts its opponent's offer to end the game.

        ``computer`` is the computer's colour ("black"/"white"; default: the side
        not to move). Amoeba: end and count; Onager: a draw. The reply's
        ``accept`` is the answer.
        (The Onyx pie rule needs no offer: the computer as White plays ``swap`` as
        its move when it wants to.)
        """
        from .levels import get_level
        params = get_level("medium").params
        self._send({"kind": OFFER, "request_id": request_id, "game": game_name,
                    "options": dict(options or {}), "moves": list(moves or []), "setup": setup,
                    "seed": seed, "computer": computer},
                   (params.seconds if params is not None else None) or 1.0)

    def review(self, game_name: str, options: dict | None, moves: Sequence[str] | None,
               request_id: Any, setup: dict | None = None, seconds: float | None = None,
               iterations: int | None = None, seed: int | None = 0) -> None:
        """Ask for a review of the game given (non-blocking): ``poll()`` then returns one partial
        reply per ply as it is done (``info["partial"]`` True, ``info["ply"]`` the ply's
        ``PlyReview.to_json()``, ``info["done"]``/``info["total"]``), then the final reply
        (``partial`` False). ``seconds`` per position (or ``iterations``). Like every request it
        replaces the one in progress, and ``cancel()`` stops it between two plies or inside a
        search. The hang check runs per ply: each partial reply restarts its clock."""
        # at most ~3 searches for a ply; with iterations, a 20x20 Onyx position takes about 2 s
        # on a quiet machine (the first ply values two positions)
        per_ply = 4.0 * float(seconds) if seconds else 30.0
        self._send({"kind": REVIEW, "request_id": request_id, "game": game_name,
                    "options": dict(options or {}), "moves": list(moves or []), "setup": setup,
                    "seconds": seconds, "iterations": iterations, "seed": seed}, per_ply)

    def analyse(self, game_name: str, options: dict | None, moves: Sequence[str] | None,
                request_id: Any, setup: dict | None = None, lines: int = 3,
                seconds: float | None = None, iterations: int | None = None,
                seed: int | None = 0, round_most: int | None = None) -> None:
        """Ask for the engine's view of the position given (non-blocking): ``poll()`` then
        returns a partial reply after each round of the search (``info["partial"]`` True,
        ``info["analysis"]`` the ``Analysis.to_dict()`` so far: Black's chance, the top
        ``lines``), then the final reply (``partial`` False). Budget: ``seconds`` and/or
        ``iterations`` (neither: ANALYSE_SECONDS, ANALYSE_ITERATIONS), rounds of iterations at
        most ``round_most`` (``game.ai.analyse.board_budget``). Like every request it replaces the one in
        progress; ``cancel()`` stops it inside a round. Each partial reply restarts the hang
        clock."""
        # a round of iterations alone takes what the machine needs: a few seconds here
        per_round = 2.0 * ANALYSE_ROUND_MAX if seconds else 30.0
        self._send({"kind": ANALYSE, "request_id": request_id, "game": game_name,
                    "options": dict(options or {}), "moves": list(moves or []), "setup": setup,
                    "lines": int(lines), "seconds": seconds, "iterations": iterations,
                    "seed": seed, "round_most": round_most}, per_round)

    def cancel(self) -> None:
        """Forget the request in progress at once; the worker stops searching it (and stops
        thinking on the player's time after its last move)."""
        if self._pending is not None and self._cancelled is not None:
            self._cancelled.value = self._pending.gen
        elif self._cancelled is not None and self._cancelled.value < self._gen:
            self._cancelled.value = self._gen      # stop pondering
        self._pending = None

    def poll(self) -> EngineReply | None:
        """The answer to the current request if it is ready, else None. Never blocks."""
        if self._closed:
            return None
        pending = self._pending
        while True:
            try:
                if not self._replies.poll(0):
                    break
                gen, reply = self._replies.recv()
            except (EOFError, OSError, ValueError):     # the worker is gone (found below)
                break
            if pending is not None and gen == pending.gen:
                if reply.kind in STREAMING and reply.ok and reply.info.get("partial"):
                    pending.started = time.monotonic()    # a review or analysis streams: one reply per ply/round
                    return reply
                self._pending = None
                return reply
        if pending is None:
            if self._proc is not None and not self._proc.is_alive():
                self._restart()     # died while idle: have a fresh one ready
            return None
        dead = not self.alive
        hung = time.monotonic() - pending.started > pending.budget + self._hang_margin
        if not (dead or hung):
            return None
        code = self._proc.exitcode if self._proc is not None else None
        what = (f"stopped unexpectedly (exit code {code})" if dead
                else "stopped answering")
        self._restart()
        rid = pending.payload.get("request_id")
        if not pending.retried:
            self._gen += 1
            self._pending = _Pending(self._gen, pending.payload, time.monotonic(), pending.budget,
                                     retried=True)
            self._requests.put((self._gen, pending.payload))
            return EngineReply(rid, "error", False, retrying=True,
                               error=f"The computer player {what}; it was restarted and is "
                                     f"thinking again.", error_kind="restarted",
                               error_facts={"dead": dead, "code": code, "retrying": True})
        self._pending = None
        return EngineReply(rid, "error", False,
                           error=f"The computer player {what} again; it was restarted. "
                                 f"Ask it to move again, or play on.", error_kind="restarted",
                           error_facts={"dead": dead, "code": code, "retrying": False})

    def close(self) -> None:
        """Stop the worker process (quitting). Safe to call more than once."""
        if self._closed:
            return
        self.cancel()
        self._closed = True
        proc = self._proc
        if proc is not None and proc.is_alive():
            try:
                self._requests.put(None)
            except Exception:         # the worker process's pipe: it is stopped below anyway
                log.warning("asking the engine worker to stop failed", exc_info=True)
            proc.join(1.0)
        self._stop_process()

    def __enter__(self) -> "EngineClient":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:             # a finaliser must not raise: the worker process is gone or going
            log.debug("closing the engine worker at collection failed", exc_info=True)
