"""The engine in the player's hands (issue 26 item 3): no move past twice its budget on any
machine (the floor of iterations holds only within that hard deadline, and the search makes
cheaper iterations when it falls behind), 'Move now' (the worker answers at once with its best
move so far), and a think time per level in the settings.

Time is injected: the clocks here advance by the work done (each leaf scored costs its time),
never by the wall clock; the real worker is waited for in a bounded poll loop, with no timing
asserts.
"""
from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from game.ai import worker
from game.ai.levels import (MIN_ITERATIONS, THINK_DEFAULTS, THINK_RANGE, choose_move, get_level,
                            knowledge_of, think_seconds)
from game.ai.mcts import HARD_FACTOR, search
from game.rules import make_game
from game.scenes.board.engine import Engine
from game.settings import THINK_KEYS, Settings, settings_from_dict, settings_to_toml
import game.settings as settings_mod


class WorkClock:
    """A clock that only moves when work is done (``spend``); reading it is free."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def spend(self, seconds: float) -> None:
        self.now += seconds


class Costly:
    """The level's knowledge, each leaf costing ``cost`` seconds on ``clock`` (``cheap`` for
    the cheaper leaves a search short of time asks for)."""

    def __init__(self, knowledge, clock: WorkClock, cost: float, cheap: float) -> None:
        self._k, self._clock, self._cost, self._cheap = knowledge, clock, cost, cheap
        self.cheap_calls = 0

    def __getattr__(self, name):
        return getattr(self._k, name)

    def simulate(self, game, rng):
        self._clock.spend(self._cost)
        return self._k.simulate(game, rng)

    def cheap_simulate(self, game, rng):
        self.cheap_calls += 1
        self._clock.spend(self._cheap)
        return self._k.cheap_simulate(game, rng)


def position(name: str):
    game = make_game(name, **({"size": 12} if name == "onyx" else {}))
    if name == "onager":
        for lake in ("d9", "g5", "i6"):
            game.push(lake)
    return game


@pytest.mark.parametrize("name", ["amoeba", "onyx", "onager"])
def test_a_loaded_machine_never_takes_more_than_twice_the_budget(name):
    game = position(name)
    from game.ai.levels import searching_levels
    lowest = searching_levels(name)[0]   # Medium; Onyx: 6
    for level in (lowest, "hard"):
        lv = get_level(level, game.name)
        budget = lv.params.seconds
        # So slow that the floor would take budget * 4 at full cost: the old search waited for it.
        cost = budget * 4 / MIN_ITERATIONS
        clock = WorkClock()
        k = Costly(knowledge_of(lv, game), clock, cost, cost / 4)
        start = clock()
        res = search(game, k, lv.params, random.Random(3), clock=clock)
        took = clock() - start
        assert res.move in game.legal_moves()
        assert took <= HARD_FACTOR * budget + 1e-9, (name, level, took)
        # it used the time it had past the budget, with cheaper leaves
        assert took > budget and k.cheap_calls > 0, (name, level)
        assert res.iterations > MIN_ITERATIONS // 4, (name, level, res.iterations)


def test_the_floor_still_holds_within_the_hard_deadline():
    """A little slow: the floor is reached after the budget but before twice it, and the
    search stops there (no cheaper leaves needed when the pace reaches the floor in time)."""
    game = position("amoeba")
    lv = get_level("medium", "amoeba")
    cost = lv.params.seconds * 1.5 / MIN_ITERATIONS
    clock = WorkClock()
    k = Costly(knowledge_of(lv, game), clock, cost, cost)
    start = clock()
    res = search(game, k, lv.params, random.Random(1), clock=clock)
    assert MIN_ITERATIONS <= res.iterations <= MIN_ITERATIONS + lv.params.check_every
    assert lv.params.seconds < clock() - start <= HARD_FACTOR * lv.params.seconds


def test_a_fast_machine_stops_at_the_budget():
    game = position("onager")
    lv = get_level("hard", "onager")
    clock = WorkClock()
    cost = lv.params.seconds / (4 * MIN_ITERATIONS)
    k = Costly(knowledge_of(lv, game), clock, cost, cost)
    start = clock()
    res = search(game, k, lv.params, random.Random(1), clock=clock)
    assert res.iterations >= 3 * MIN_ITERATIONS and k.cheap_calls == 0
    assert clock() - start <= lv.params.seconds + 2 * lv.params.check_every * cost


def test_a_clock_whose_every_reading_costs_a_second_still_ends_the_search():
    """The old SlowClock (a second per reading): the floor no longer keeps the search going."""
    now = [0.0]

    def slow() -> float:
        now[0] += 1.0
        return now[0]

    for name in ("amoeba", "onyx", "onager"):
        game = position(name)
        for level in ("easy", "medium", "hard"):
            info: dict = {}
            now[0] = 0.0
            move = choose_move(game, level, random.Random(1), clock=slow, info=info)
            assert move in game.legal_moves()
            assert info["iterations"] < MIN_ITERATIONS
            budget = get_level(level).params.seconds
            # readings: the search's first, then at most the hard deadline plus one reading
            assert now[0] <= 1.0 + HARD_FACTOR * budget + 1.0 + 1.0, (name, level, now[0])


# ---------------------------------------------------------------- think time per level
def test_think_seconds_defaults_and_range():
    assert THINK_DEFAULTS == {lv: get_level(lv).params.seconds for lv in ("easy", "medium", "hard")}
    assert think_seconds("Medium") == 1.0 and think_seconds("hard", None) == THINK_DEFAULTS["hard"]
    assert think_seconds("easy", "0.5") == 0.5
    assert think_seconds("hard", 1000) == THINK_RANGE[1] and think_seconds("easy", 0) == THINK_RANGE[0]
    assert think_seconds("medium", float("nan")) == 1.0
    with pytest.raises(ValueError):
        think_seconds("uct", 1.0)
    # the settings hold the same defaults and range (kept apart so the settings need no engine)
    s = Settings()
    assert {lv: getattr(s, key) for lv, key in THINK_KEYS.items()} == THINK_DEFAULTS
    assert settings_mod.THINK_RANGE == THINK_RANGE


def test_think_time_settings_are_saved_and_range_checked():
    s, warn = settings_from_dict({"think_easy": 0.5, "think_medium": 99, "think_hard": "x"})
    assert s.think_easy == 0.5 and s.think_medium == 1.0 and s.think_hard == THINK_DEFAULTS["hard"]
    assert len(warn) == 2 and all("think_" in w for w in warn)
    import tomllib
    s.think_hard = 6.0
    back, warn = settings_from_dict(tomllib.loads(settings_to_toml(s)))
    assert not warn and (back.think_easy, back.think_medium, back.think_hard) == (0.5, 1.0, 6.0)


def test_a_move_request_uses_the_think_time_on_its_clock():
    clock = WorkClock()

    def ticking() -> float:            # 10 ms of work per reading
        clock.spend(0.01)
        return clock()

    worker._TREES.clear()
    payload = {"kind": "move", "request_id": 1, "game": "onyx", "options": {"size": 12},
               "moves": ["f6"], "level": "hard", "seed": 1, "seconds": 0.3}
    reply = worker.handle(payload, clock=ticking)
    assert reply.ok and reply.info["seconds"] <= HARD_FACTOR * 0.3 + 0.05
    worker._TREES.clear()
    long = worker.handle(dict(payload, seconds=3.0), clock=ticking)
    assert long.ok and long.info["iterations"] > reply.info["iterations"]
    worker._TREES.clear()


class RecordingClient:
    def __init__(self) -> None:
        self.calls: list[tuple[str, dict]] = []
        self.hurried = 0

    def request(self, **kw) -> None:
        self.calls.append(("request", kw))

    def hint(self, **kw) -> None:
        self.calls.append(("hint", kw))

    def move_now(self) -> bool:
        self.hurried += 1
        return True

    def poll(self):
        return None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_worker_engine_sends_the_players_think_time_and_moves_now():
    from game.scenes.board import WorkerEngine
    client = RecordingClient()
    eng = WorkerEngine(client_factory=lambda: client)
    assert eng.move_now() is False                  # nothing asked yet
    game = make_game("onyx", size=12)
    eng.start(game, "hard")
    assert "seconds" not in client.calls[-1][1]     # no settings: the level's budget
    st = Settings()
    st.think_hard = 5.0
    eng.think_settings = st
    eng.start(game, "hard")
    assert client.calls[-1][1]["seconds"] == 5.0 and client.calls[-1][1]["level"] == "hard"
    assert eng.move_now() is True and client.hurried == 1
    eng.ask("hint", game)
    assert eng.move_now() is False                  # only a move is hurried


# ---------------------------------------------------------------- move now
def test_move_now_in_process_answers_with_a_legal_move():
    """The worker's search stops at the first look once hurried, with a legal move."""
    looks = [0]

    def hurried() -> bool:
        looks[0] += 1
        return True

    payload = {"kind": "move", "request_id": 5, "game": "amoeba", "options": {}, "moves": [],
               "level": "hard", "seed": 2, "seconds": 30.0}
    worker._TREES.clear()
    reply = worker.handle(payload, cancel=hurried, clock=WorkClock())
    assert reply.ok and reply.info["iterations"] <= 8 and looks[0] >= 1
    game = worker.build_game("amoeba", {}, [])
    game.push(reply.move)                           # legal
    worker._TREES.clear()


@pytest.mark.skipif(not hasattr(worker, "EngineClient"), reason="no worker")
def test_move_now_on_the_real_worker():
    client = worker.EngineClient()
    try:
        assert client.move_now() is False           # nothing to hurry
        moves = ["f6", "g7"]
        client.request("onyx", {"size": 12}, moves, "hard", request_id=9, seed=1, seconds=30.0)
        assert client.move_now() is True
        reply = None
        for _ in range(1200):                       # bounded: at most a minute for a slow start
            reply = client.poll()
            if reply is not None:
                break
            time.sleep(0.05)
        assert reply is not None and reply.ok and reply.request_id == 9, reply
        game = worker.build_game("onyx", {"size": 12}, moves)
        game.push(reply.move)                       # a legal move
        assert reply.info["iterations"] < 4000      # stopped well before a 30 s search's end
    finally:
        client.close()


class SlowEngine(Engine):
    """A computer that thinks until told to move now (then its first legal move)."""

    def __init__(self) -> None:
        self.game = None
        self.hurried = 0

    def start(self, game, level) -> None:
        self.game = game
        self.hurried = 0

    def poll(self):
        if self.hurried and self.game is not None:
            return self.game.legal_strs()[0]
        return None

    def move_now(self) -> bool:
        self.hurried += 1
        return True

    def cancel(self) -> None:
        self.game = None

    def close(self) -> None:
        pass


@pytest.fixture
def slow_board():
    """A board where the computer (Black) thinks until told to move now: (app, scene, engine)."""
    from ui_helpers import board, make_app, step
    app = make_app("--game", "amoeba", "--black", "hard", "--window", "1280x800")
    try:
        sc = board(app)
        eng = sc.computer.engine = SlowEngine()
        step(app, 3, 0.05)
        assert sc.computer.thinking
        yield app, sc, eng
    finally:
        app.close()


def _until_it_moved(app, sc, plies: int) -> None:
    from ui_helpers import step
    for _ in range(40):
        step(app, 1, 0.05)
        if len(sc.match.game.moves_played()) > plies:
            break
    assert len(sc.match.game.moves_played()) == plies + 1 and not sc.computer.thinking


def test_board_shows_move_now_while_the_computer_thinks(slow_board):
    from ui_helpers import click_widget, step
    from game.scenes.board.computer import MOVE_NOW_AFTER
    app, sc, eng = slow_board
    assert ("Move now", "__movenow__") not in sc.panel.current_actions()
    for _ in range(int(MOVE_NOW_AFTER / 0.05) + 4):
        step(app, 1, 0.05)
    assert sc.panel.current_actions() == [("Move now", "__movenow__")]
    btn = sc.w.get("act:__movenow__")
    assert btn is not None
    plies = len(sc.match.game.moves_played())
    click_widget(app, btn)
    assert eng.hurried >= 1
    _until_it_moved(app, sc, plies)
    assert ("Move now", "__movenow__") not in sc.panel.current_actions()


def test_m_is_move_now_while_the_computer_thinks_and_nothing_otherwise(slow_board):
    import pygame
    from ui_helpers import key
    app, sc, eng = slow_board
    plies = len(sc.match.game.moves_played())
    key(app, pygame.K_m, pygame.KMOD_CTRL)
    assert eng.hurried == 1 and "best move so far" in sc.panel.status
    _until_it_moved(app, sc, plies)
    before = eng.hurried
    key(app, pygame.K_m, pygame.KMOD_CTRL)        # the human's turn: Ctrl+M does nothing
    assert eng.hurried == before and not sc.computer.thinking
    assert "best move so far" not in sc.panel.status
