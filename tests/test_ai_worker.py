"""The engine worker process: request -> reply, cancel, crash -> restart, errors.

One spawned worker serves the whole module (starting a process costs about a
second). Every wait is bounded; poll() itself never blocks.
"""
from __future__ import annotations

import os
import signal
import time

import pytest

from game.ai.worker import EngineClient, EngineReply, build_game, handle
from game.rules import make_game
from game.rules.base import RulesError


def wait(client: EngineClient, timeout: float = 30.0) -> EngineReply:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        reply = client.poll()
        if reply is not None:
            return reply
        time.sleep(0.01)
    raise AssertionError("no reply from the engine worker in time")


@pytest.fixture(scope="module")
def client():
    c = EngineClient(hang_margin=20.0)
    yield c
    c.close()


def test_request_gives_a_legal_move(client):
    client.request("amoeba", {}, ["c3-d4", "e3-d3"], "easy", request_id="r1", seed=1)
    reply = wait(client)
    assert reply.ok and reply.request_id == "r1" and reply.kind == "move"
    game = make_game("amoeba")
    game.push("c3-d4")
    game.push("e3-d3")
    assert reply.move in game.legal_strs()
    assert not client.busy


def test_poll_does_not_block(client):
    client.request("onyx", {"size": 12}, [], "hard", request_id="slow")
    for _ in range(20):
        assert client.poll() is None     # Hard thinks for seconds: a poll that waited would get its move
    client.cancel()


def test_cancel_drops_the_answer_and_the_next_request_is_served(client):
    client.request("onager", {}, ["c3", "f9", "h5"], "hard", request_id="old")
    time.sleep(0.2)
    client.cancel()
    assert not client.busy and client.poll() is None
    client.request("onyx", {"pie": True}, ["f6"], "easy", request_id="new", seed=2)
    reply = wait(client)
    assert reply.request_id == "new" and reply.ok
    assert reply.move == "swap"          # a central first stone is worth taking
    # The cancelled search never delivers anything later.
    time.sleep(0.3)
    assert client.poll() is None


def test_a_new_request_replaces_the_one_in_progress(client):
    client.request("amoeba", {}, [], "hard", request_id="first")
    client.request("amoeba", {}, [], "random", request_id="second", seed=3)
    reply = wait(client)
    assert reply.request_id == "second" and reply.ok


def test_crash_is_detected_restarted_and_reported(client):
    # level 7's 1500 iterations: still searching when killed
    client.request("onyx", {}, [], "7", request_id="crash", seed=4)
    time.sleep(0.3)
    old_pid = client.pid
    os.kill(old_pid, signal.SIGKILL)
    reply = wait(client)
    assert not reply.ok and reply.request_id == "crash" and reply.retrying
    assert "restarted" in reply.error
    assert client.pid != old_pid and client.restarts >= 1
    again = wait(client)                  # the request is tried once more
    assert again.ok and again.request_id == "crash" and again.move


def test_hint_and_offer(client):
    client.hint("amoeba", {}, [], request_id="h", setup={
        "position": "d1: W,B,B; d3: Wk; b3: Bk; g4: W", "to_move": "black"})
    reply = wait(client)
    assert reply.ok and reply.kind == "hint" and reply.move == "d1>d4"
    client.answer_offer("amoeba", {}, [], request_id="o", setup={
        "position": "a1: B; a2: B; a3: B; g1: W; b3: Bk; f3: Wk", "to_move": "black"})
    reply = wait(client)
    assert reply.ok and reply.kind == "offer" and reply.accept is False   # White would lose the count
    client.answer_offer("amoeba", {}, [], request_id="o2", computer="black", setup={
        "position": "a1: B; a2: B; a3: B; g1: W; b3: Bk; f3: Wk", "to_move": "black"})
    reply = wait(client)
    assert reply.ok and reply.accept is True


def test_bad_requests_are_errors_not_crashes(client):
    client.request("amoeba", {}, ["c3-d4", "zz"], "easy", request_id="bad")
    reply = wait(client)
    assert not reply.ok and "refused" in reply.error and reply.request_id == "bad"
    client.request("onyx", {}, [], "easy", request_id="bad2", setup={"position": "Black: zz9",
                                                                      "to_move": "white"})
    reply = wait(client)
    assert not reply.ok and reply.error
    with pytest.raises(ValueError, match="unknown level"):
        client.request("amoeba", {}, [], "expert", request_id="bad3")
    pid = client.pid
    client.request("amoeba", {}, [], "random", request_id="ok", seed=5)
    assert wait(client).ok and client.pid == pid


def test_handle_in_process_and_build_game():
    game = build_game("onager", {}, ["c3", "f9"], None)
    assert game.in_setup and game.to_move.word == "black"
    with pytest.raises(RulesError, match="refused"):
        build_game("onager", {}, ["f6"], None)
    reply = handle({"kind": "move", "request_id": 1, "game": "onyx", "options": {"pie": True},
                    "moves": [], "level": "easy", "seed": 1})
    assert reply.ok and reply.move
    over = handle({"kind": "move", "request_id": 2, "game": "amoeba", "moves": [],
                   "setup": {"position": "c3: Bk,W; f3: Wk", "to_move": "white"}})
    assert not over.ok and "over" in over.error


def test_close_stops_the_process():
    c = EngineClient()
    pid = c.pid
    assert c.alive
    c.close()
    assert not c.alive and c.poll() is None
    c.close()                             # twice is fine
    with pytest.raises(RuntimeError):
        c.request("amoeba", {}, [], "easy", request_id=1)
    assert pid is not None
