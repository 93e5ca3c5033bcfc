"""The board scene with a computer player: pie-rule swaps, the real worker process, hints,
cancelling, a crashed worker, game-over banners, and whole games Human (random clicks) vs Easy.

Tests that start the real engine worker (``game.ai.worker``) wait in real time, with short
sleeps between frames; everything else steps the app with a fixed dt.
"""
from __future__ import annotations

import os
import random
import signal
import time

import pygame
import pytest

from game.app import App, build, parse_args
from game.rules.base import Color
from game.scenes.board import BoardScene, StubEngine, WorkerEngine

from ui_helpers import DT, click, key, post_click, step, wait_until
import ui_helpers as helpers

HAS_WORKER = True
try:
    from game.ai.worker import EngineClient  # noqa: F401
except Exception:  # pragma: no cover - the engine package is missing
    HAS_WORKER = False
needs_worker = pytest.mark.skipif(not HAS_WORKER, reason="game.ai.worker is not available")


# ---------------------------------------------------------------- a person using the app (ui_helpers)
def settle(app: App) -> None:
    """Let fades and animations finish, looking before each frame (no frame at all when nothing moves)."""
    helpers.settle(app, check_first=True)


def click_widget(app: App, element) -> None:
    helpers.click_widget(app, element, check="enabled")


def make_app(game: str, *extra: str, window: str = "1280x800", engine: str = "stub") -> App:
    app = build(parse_args(["--game", game, "--window", window, *extra]), fade=False)
    if engine == "stub":
        app.engine_factory = StubEngine
        app.scene.computer.engine = StubEngine()
    else:
        app.engine_factory = WorkerEngine
        app.scene.computer.engine = WorkerEngine()
    return app


def human_turn(app: App, rng: random.Random, misclick: float = 0.15) -> None:
    """A person playing at random with the mouse: a random legal option clicked point by point
    (sometimes a stray click first), or an action button (Onyx 'Swap colours')."""
    board: BoardScene = app.scene
    inp, view = board.input, board.view
    assert inp is not None and view is not None and inp.game is not None
    if rng.random() < misclick:
        br = board.board_rect
        before = len(board.match.history)
        click(app, (rng.randrange(br.left, br.right), rng.randrange(br.top, br.bottom)))
        if len(board.match.history) != before:
            return                               # the stray click was a move (Onyx: any empty point)
        if inp.prefix:
            click(app, view.pixel_of(inp.prefix[0]), button=3)   # right click: cancel
        assert not inp.prefix
    acts = [k for k in board.w if k.startswith("act:") and not k.endswith("__end__")]
    if acts and rng.random() < 0.5:
        before = len(board.match.history)
        click_widget(app, board.w[rng.choice(acts)])
        assert len(board.match.history) == before + 1
        return
    options = [o for o in inp.options if o.clicks]
    opt = rng.choice(options)
    before = len(board.match.history)
    for lab in opt.clicks:
        if len(board.match.history) != before:
            break
        post_click(view.pixel_of(lab))
        step(app, 1)
    step(app, 1)
    assert len(board.match.history) == before + 1, (opt, board.panel.status)
    assert board.match.history[-1].text == opt.text


class Scripted(StubEngine):
    """Plays ``swap`` when it is legal, else the first legal move."""

    def start(self, game, level):
        moves = game.legal_strs()
        self._move = "swap" if "swap" in moves else moves[0]


# ---------------------------------------------------------------- Onyx pie rule with a computer
def test_computer_swap_exchanges_the_players_and_undo_gives_them_back():
    app = make_app("onyx", "--pie", "--white", "easy")
    try:
        board = app.scene
        board.computer.engine = Scripted()
        app.settings.anim_speed = 100
        click(app, board.view.pixel_of("f6"))
        wait_until(app, lambda: len(board.match.history) == 2)
        settle(app)
        m = board.match
        assert m.history[-1].text == "swap" and m.game.swapped
        assert m.players == {Color.BLACK: "easy", Color.WHITE: "human"}    # the first player is White now
        assert m.start_players == {Color.BLACK: "human", Color.WHITE: "easy"}
        assert m.info()["black"] == "human"
        assert m.to_move == Color.WHITE and m.is_human(m.to_move)           # ... and moves next
        assert "swapped" in board.w["players"].text
        assert board.panel.status == "Colours swapped: you now play White."
        assert not board.computer.thinking and board.input.options                  # the human's turn, input on
        click(app, board.view.pixel_of("c3"))                               # the human plays White
        wait_until(app, lambda: len(m.history) == 4)                        # the computer answers as Black
        settle(app)
        assert m.history[2].color == Color.WHITE and m.history[3].color == Color.BLACK
        # Undo takes back to the human's last turn, then past the swap: the players are back
        board.undo()
        assert len(m.history) == 2 and m.players[Color.WHITE] == "human"
        board.undo()
        assert len(m.history) == 0 and m.players == {Color.BLACK: "human", Color.WHITE: "easy"}
        assert "swapped" not in board.w["players"].text
        # redo plays f6 and the swap again: the players exchange again
        board.redo()
        board.redo()
        settle(app)
        assert m.players == {Color.BLACK: "easy", Color.WHITE: "human"} and m.game.swapped
    finally:
        app.close()


def test_human_swap_button_against_a_computer_black():
    app = make_app("onyx", "--pie", "--black", "easy")
    try:
        board = app.scene
        wait_until(app, lambda: len(board.match.history) == 1)
        settle(app)
        assert "act:swap" in board.w and board.w["act:swap"].text == "Swap colours"
        click_widget(app, board.w["act:swap"])
        m = board.match
        assert m.history[-1].text == "swap"
        assert m.players == {Color.BLACK: "human", Color.WHITE: "easy"}
        assert board.panel.status == "Colours swapped: you now play Black."
        settle(app)
        assert "act:swap" not in board.w                   # swap is legal only once
        wait_until(app, lambda: len(m.history) == 3)       # the computer, now White, moves
        assert m.history[-1].color == Color.WHITE
    finally:
        app.close()


def test_engine_decides_the_swap_for_a_strong_first_stone():
    """The real engine as White takes Black's central first stone (the swap is its own choice)."""
    from game.ai.levels import choose_move
    from game.rules import make_game
    g = make_game("onyx", pie=True)
    g.push("f6")
    assert g.move_str(choose_move(g, "easy", random.Random(1))) == "swap"
    g2 = make_game("onyx", pie=True)
    g2.push("a1")
    assert g2.move_str(choose_move(g2, "easy", random.Random(1))) != "swap"


# ---------------------------------------------------------------- the real worker in the scene
@needs_worker
def test_thinking_indicator_frames_keep_coming_and_undo_cancels_at_once():
    app = make_app("amoeba", "--white", "hard", engine="worker")
    try:
        board = app.scene
        click(app, board.view.pixel_of("c3"))
        click(app, board.view.pixel_of("d4"))
        assert len(board.match.history) == 1
        settle(app)
        assert board.computer.thinking and "Computer is thinking" in board.w["status"].html_text
        # while the worker searches (Hard: 2.8 s), frames keep being drawn quickly and input is handled
        client = board.computer.engine._client
        assert client is not None and client.busy
        frame0, shots = app.frame, []
        spinner = pygame.Rect(0, 0, 60, 60)
        spinner.center = board.panel.turn_icon
        for i in range(40):
            x = 300 + (i * 7) % 200
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 400), rel=(0, 0), buttons=(0, 0, 0)))
            app.step(DT)                                         # stepped clock: no sleeping, no timing
            assert board.mouse == (x, 400)                       # the window keeps responding
            if i % 10 == 0:
                shots.append(pygame.image.tobytes(app.screen.subsurface(spinner), "RGB"))
        assert app.frame - frame0 == 40 and board.computer.thinking and len(board.match.history) == 1
        assert len(set(shots)) > 1                              # the thinking animation moves
        # a click on the board while it thinks: refused politely
        click(app, board.view.pixel_of("c4"))
        assert "Please wait" in board.panel.status
        # Undo cancels the search at once: when the click's frame is done, the client has dropped
        # it and the worker is free again (frame times are the benchmark's business, not a test's)
        click_widget(app, board.w["undo"])
        assert not client.busy and not board.computer.thinking and board.match.history == []
        client.request("amoeba", {}, [], "easy", request_id="probe")
        r = None
        for _ in range(3000):                                   # bounded by count, no time assert
            r = client.poll()
            if r is not None:
                break
            time.sleep(0.01)
        assert r is not None and r.ok                           # not stuck behind the cancelled search
    finally:
        app.close()


@needs_worker
@pytest.mark.parametrize("how", ["menu", "new", "quit", "escape"])
def test_leaving_during_the_search_stops_the_worker(how):
    app = make_app("onager", "--white", "hard", "--moves", "c3 f9 h5 a2-c2", engine="worker")
    try:
        board = app.scene
        assert board.match.to_move == Color.WHITE and board.computer.thinking is False
        step(app, 30)
        assert board.computer.thinking
        wait_until(app, lambda: board.computer.engine._client is not None and board.computer.engine._client.alive, 10)
        client = board.computer.engine._client
        proc = client._proc
        if how == "menu":
            click_widget(app, board.w["menu"])
        elif how == "new":
            click_widget(app, board.w["new"])
        elif how == "escape":
            key(app, pygame.K_ESCAPE)
        else:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            app.step(DT)
            assert not app.running
            app.close()
        assert board.leaving or how == "quit"
        assert not client.busy and not proc.is_alive()
        assert len(board.match.history) == 4                   # the cancelled search never played
        if how != "quit":
            assert app.scene is not board
            step(app, 30)
    finally:
        app.close()


@needs_worker
def test_hint_is_shown_on_the_board_and_not_played():
    app = make_app("onager", "--white", "easy", "--moves", "c3 f9 h5 a2-c2", engine="worker")
    try:
        board = app.scene
        wait_until(app, lambda: len(board.match.history) == 5, 15)   # the computer's first move
        settle(app)
        assert board.match.is_human(board.match.to_move)
        n = len(board.match.history)
        key(app, pygame.K_h, pygame.KMOD_CTRL)
        assert board.computer.waiting == "hint"
        wait_until(app, lambda: board.computer.hint is not None, 15)
        assert len(board.match.history) == n                           # not played
        hint = board.computer.hint
        assert hint in board.match.legal_strs() and f"Hint: {hint}" in board.panel.status
        deco = board.decorations()
        src, dst = hint.split("-")[0], hint.split("-")[-1]
        assert deco.arrows and deco.arrows[0][0] == src               # an arrow from the piece
        assert dst in deco.targets and deco.tags.get(dst) == "Hint"   # the target highlighted and tagged
        step(app, 30)
        assert len(board.match.history) == n and board.computer.hint == hint
        # playing any move clears the hint
        opt = next(o for o in board.input.options if o.text != hint)
        for lab in opt.clicks:
            click(app, board.view.pixel_of(lab))
        assert board.computer.hint is None and len(board.match.history) == n + 1
    finally:
        app.close()


def test_hint_for_a_one_click_move_marks_the_point_with_a_ghost():
    app = make_app("onyx")
    try:
        board = app.scene

        class Hinter(StubEngine):
            def ask(self, kind, game, computer=None):
                self._answer = ("hint", "e5")
        board.computer.engine = Hinter()
        key(app, pygame.K_h, pygame.KMOD_CTRL)
        step(app, 2)
        deco = board.decorations()
        assert board.computer.hint == "e5" and deco.targets == {"e5": "place"} and deco.tags == {"e5": "Hint"}
        assert deco.ghosts == [("e5", ("B",))] and not deco.arrows
        assert board.match.history == []
    finally:
        app.close()


@needs_worker
def test_a_crashed_worker_shows_a_message_and_the_game_goes_on():
    app = make_app("onyx", "--white", "hard", engine="worker")
    try:
        board = app.scene
        click(app, board.view.pixel_of("f6"))
        settle(app)
        wait_until(app, lambda: board.computer.engine._client is not None and board.computer.engine._client.alive, 10)
        client = board.computer.engine._client
        time.sleep(0.3)
        os.kill(client.pid, signal.SIGKILL)                   # the worker dies in the middle of a search
        wait_until(app, lambda: "restarted" in board.panel.status, 10)
        assert board.panel.status_kind == "warn" and client.restarts == 1
        assert board.computer.thinking
        wait_until(app, lambda: len(board.match.history) == 2, 20)   # it thought again and moved
        settle(app)
        assert board.match.is_human(board.match.to_move) and not board.computer.failed
        # two crashes in a row on one request: an error, then a click on the board asks again
        click(app, board.view.pixel_of(next(o.clicks[0] for o in board.input.options if o.clicks)))
        settle(app)
        for _ in range(2):
            wait_until(app, lambda: client.alive and client.busy, 10)
            time.sleep(0.2)
            os.kill(client.pid, signal.SIGKILL)
            wait_until(app, lambda: not client.alive or not client.busy or board.computer.failed, 10)
            wait_until(app, lambda: client.alive or board.computer.failed, 10)
        wait_until(app, lambda: board.computer.failed, 10)
        assert board.panel.status_kind == "error" and "Click the board" in board.panel.status
        assert len(board.match.history) == 3
        click(app, board.view.pixel_of("a1"))                  # ask the computer again
        assert not board.computer.failed
        board.computer.engine = WorkerEngine()                          # (a fresh, quick engine for the retry)
        board.match.players[Color.WHITE] = "easy"
        board.computer.thinking = False
        wait_until(app, lambda: len(board.match.history) == 4, 20)
        assert board.match.is_human(board.match.to_move)
    finally:
        app.close()


# ---------------------------------------------------------------- game over and the other requests
def _finish_randomly(app: App, seed: int) -> BoardScene:
    """Random moves straight into the match until the game ends, then show the position."""
    board = app.scene
    rng = random.Random(seed)
    m = board.match
    while not m.is_over:
        m.play(rng.choice(m.legal_strs()))
    board.refresh()
    step(app, 3)
    return board


@pytest.mark.parametrize("game,extra,window", [("amoeba", (), "1280x800"), ("onyx", (), "1024x640"),
                                               ("onager", (), "1024x640"), ("onyx", ("--size", "16"), "1600x1000")])
def test_game_over_shows_winner_reason_and_highlight(game, extra, window):
    app = make_app(game, *extra, "--white", "easy", window=window)
    try:
        board = _finish_randomly(app, 7)
        r = board.match.result
        head, why = board.banner.result_texts()
        assert head == ("Draw" if r.winner is None else f"{r.winner.title} wins!") and why
        deco = board.decorations()
        assert deco.result, "the result points are highlighted"
        # (issue 25: the result banner is a card on the board, placed to hide the fewest highlighted
        # points; closed, nothing of it is left on the board)
        board.banner.set_open(False)
        step(app, 1)
        assert board.banner.rect is None and not board.banner.text_rects()
        # (issue 25: the header names the player; a person plays Black against the computer)
        assert board.w["turn"].text == ("Draw" if r.winner is None else
                                        "You win" if r.winner == Color.BLACK else "Computer wins")
    finally:
        app.close()


def test_onager_status_hooks_end_move_button_and_enter():
    app = make_app("onager", "--moves", "c3 f9 h5")
    try:
        board = app.scene
        from game.views.onager import OnagerInput
        assert isinstance(board.input, OnagerInput)
        assert board.panel.default_status() == board.input.idle_message()
        # spec example 8.5: b2 jumps onto the white disc on b4 and may go on to d6
        from game.match import Match
        from game.rules.onager import Onager
        pos = "b2: B; b3: B; b4: W; c3: B; d4: W; c5: B; d5: B; d6: W; Lakes: c4"
        scene = BoardScene(Match(Onager.from_position(pos, Color.BLACK)))
        app.replace(scene)
        app.finish_transition()
        step(app, 2)
        board = app.scene
        assert board is scene
        opened = next(o for o in board.input.options if o.clicks[:2] == ("b2", "b4") and len(o.clicks) > 2)
        click(app, board.view.pixel_of(opened.clicks[0]))
        click(app, board.view.pixel_of(opened.clicks[1]))
        assert board.input.can_end() and "act:__end__" in board.w
        assert board.w["act:__end__"].text == "End move"
        key(app, pygame.K_RETURN)
        assert [pm.text for pm in board.match.history] == ["b2-b4"]
        # the chosen path is kept: a chain by clicks b2, b4, d6 animates through b4
        board.undo()
        settle(app)
        for lab in ("b2", "b4", "d6"):
            click(app, board.view.pixel_of(lab))
        if board.input.can_end():
            click_widget(app, board.w["act:__end__"])
        pm = board.match.history[-1]
        assert pm.text == "b2-d6" and pm.path == ("b2", "b4", "d6")
        assert board.anim is not None and [s.b for s in board.anim.sprites[0].segments] == ["b4", "d6"]
        settle(app)
        assert "act:__end__" not in board.w
    finally:
        app.close()


def test_threat_texts_are_per_game():
    from game.views import input_for
    from game.rules import make_game
    on = input_for("onager")
    g = make_game("onager")
    on.set_game(g)
    assert "leads on your back row" in on.threat_message(["k1", "k3"])
    am = input_for("amoeba")
    am.set_game(make_game("amoeba"))
    assert am.threat_message(["d4"]) == "Your Kernel on d4 can be captured next move!"
    ox = input_for("onyx")
    ox.set_game(make_game("onyx"))
    assert ox.threat_message(["a5", "b4"]) == "a5, b4 can be captured next move!"
    assert ox.idle_message() == "Black to move: click a point to place a stone."


# ---------------------------------------------------------------- whole games, Human (random clicks) vs Easy
def play_full_game(game: str, extra: tuple[str, ...], seed: int, max_plies: int = 400) -> dict:
    app = make_app(game, *extra, "--white", "easy", engine="worker")
    rng = random.Random(seed)
    search_frames: list[float] = []
    stats = {"plies": 0, "frames": 0, "worst_frame": 0.0, "worst_move_frame": 0.0, "think_seen": 0}
    try:
        board = app.scene
        app.settings.anim_speed = 4.0
        t0 = time.monotonic()
        while not board.match.is_over and len(board.match.history) < max_plies:
            m = board.match
            if board.anim is not None:
                app.step(DT)
                continue
            if m.is_human(m.to_move):
                human_turn(app, rng)
            else:
                n = len(m.history)
                while len(m.history) == n and not m.is_over:
                    was_thinking = board.computer.thinking
                    t = time.monotonic()
                    app.step(DT)
                    took = time.monotonic() - t
                    if was_thinking and len(m.history) == n:     # a frame while the worker searches
                        stats["worst_frame"] = max(stats["worst_frame"], took)
                        search_frames.append(took)
                    else:      # the frame that plays a move (move list, autosave) or ends an animation
                        stats["worst_move_frame"] = max(stats["worst_move_frame"], took)
                    if board.computer.thinking:
                        stats["think_seen"] += 1
                        assert "Computer is thinking" in board.w["status"].html_text
                    assert not board.computer.failed, board.panel.status
                    assert time.monotonic() - t0 < 600
                    time.sleep(0.002)
            g = board.match.game
            assert g.legal_strs() == board.match.legal_strs() or board.match.is_over
        settle(app)
        stats["plies"] = len(board.match.history)
        stats["frames"] = app.frame
        stats["result"] = board.match.result.describe() if board.match.result else None
        stats["seconds"] = round(time.monotonic() - t0, 1)
        stats["search_frames"] = len(search_frames)
        search_frames.sort()
        if search_frames:
            stats["mean_frame"] = sum(search_frames) / len(search_frames)
            stats["p95_frame"] = search_frames[int(len(search_frames) * 0.95)]
        if board.match.is_over:
            assert board.banner.rect.w > 0
        return stats
    finally:
        app.close()


@needs_worker
def test_a_short_real_game_human_vs_easy_onyx():
    """A few moves of each side through the real worker (the full games run with UI_FULL_GAMES=1)."""
    stats = play_full_game("onyx", ("--size", "12"), seed=3, max_plies=8)
    assert stats["plies"] >= 8 and stats["think_seen"] > 0
    # the window keeps drawing while the worker searches (frames counted, not timed)
    assert stats["search_frames"] > 8, stats


@needs_worker
@pytest.mark.skipif(not os.environ.get("UI_FULL_GAMES"), reason="long: set UI_FULL_GAMES=1")
@pytest.mark.parametrize("game,extra", [("amoeba", ()), ("onyx", ()), ("onyx", ("--pie",)), ("onager", ())])
def test_full_game_human_random_clicks_vs_easy(game, extra):
    stats = play_full_game(game, extra, seed=11)
    print(game, extra, stats)
    assert stats["result"] is not None and stats["think_seen"] > 0
    # frames while the worker searches: smooth on average, never a freeze (the machine may be busy)
    assert stats["mean_frame"] < 0.03 and stats["worst_frame"] < 0.25, stats
    assert stats["worst_move_frame"] < 0.8, stats


def test_an_engine_that_only_plays_says_it_has_no_hint():
    from game.scenes.board.engine import Adviser, Analyser, Engine, Reviewer
    for engine in (StubEngine, WorkerEngine):     # both engines declare every capability
        assert all(issubclass(engine, p) for p in (Adviser, Reviewer, Analyser))

    class PlayerOnly(Engine):
        def start(self, game, level, limit=None):
            self.move = game.legal_strs()[0]

        def poll(self):
            return None

        def cancel(self):
            pass

        def close(self):
            pass

    assert not isinstance(PlayerOnly(), Adviser)
    app = make_app("onyx")
    try:
        board = app.scene
        board.computer.engine = PlayerOnly()
        key(app, pygame.K_h, pygame.KMOD_CTRL)
        step(app, 2)
        assert board.panel.status == "No hint is available." and board.computer.hint is None
        assert board.match.history == []
    finally:
        app.close()
