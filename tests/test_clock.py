"""Game clocks (issue 32, part 2): the model, the board's clocks, the flag, records, the computer.

Everything runs on a stepped clock: ``app.clock`` (what the game clocks read; the real app's is
``time.monotonic``) is a ``Stepped`` the test moves on together with the frames it steps.
"""
from __future__ import annotations

import pygame
import pytest

from game.ai.levels import get_level
from game.ai.levels import clock_limited
from game.ai.worker import handle
from game.autosave import match_record, writer
from game.cli import parse_args
from game.clock import (PRESETS, GameClock, TimeControl, clk_of, clk_text, clock_text, think_budget,
                        times_at, with_clk)
from game.match import Match
from game.rules import make_game
from game.rules.base import Color, Reason
from game.rules.record import format_record, parse_record
from game.scenes import files
from game.scenes.board import StubEngine
from game.scenes.board.clocks import CLOCK_USED_HEADER
from game.scenes.menu import MenuScene
from game.storage import list_unfinished, records_dir, scan_record
from game.themes import THEMES
from game.ui.endings import result_words

import ui_helpers as helpers
from ui_helpers import board, click, click_widget, settle

B, W = Color.BLACK, Color.WHITE


class Stepped:
    """A clock the test moves on: seconds, from an arbitrary start."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def make_app(*args: str, clock: Stepped | None = None):
    """The app of a command line with its game clocks on ``clock``, after its first frame (a
    board's clock starts there)."""
    app = helpers.make_app(*args)
    app.clock = clock if clock is not None else Stepped()
    app.step(0.0)
    return app


def run(app, seconds: float, dt: float = 0.1) -> None:
    """``seconds`` pass, in frames of ``dt``, on the app's clock and in its frames alike."""
    clock = app.clock
    start = clock.t
    n = int(round(seconds / dt))
    for k in range(1, n + 1):
        clock.t = start + k * dt
        app.step(dt)


def play(app, text: str) -> None:
    """A move, then its animation to the end (no time passes on the clock meanwhile)."""
    sc = board(app)
    assert sc.play_move(text), sc.panel.status
    settle(app, until=lambda: sc.anim is None)
    app.step(0.0)


def times(sc) -> tuple[float, float]:
    t = sc.clocks.times_shown()
    return round(t[B], 2), round(t[W], 2)


# ---------------------------------------------------------------- the model
def test_time_controls_are_read_as_pgn_writes_them():
    assert TimeControl.parse("300+3") == TimeControl(300, 3) and TimeControl(300, 3).text == "300+3"
    assert TimeControl.parse(" 2 + 0 ") == TimeControl(2, 0) and TimeControl.parse("60") == TimeControl(60, 0)
    assert [tc.label() for tc in PRESETS] == ["1+0", "3+2", "5+3", "10+5", "15+10"]
    assert TimeControl(30, 2).label() == "0:30+2" and TimeControl(300, 3).words() == "5 min + 3 s a move"
    for bad in ("", "x", "0+3", "5+-1", "3+", "+3", "1.5+0", "99999999+0", "60+3601"):
        with pytest.raises(ValueError):
            TimeControl.parse(bad)


def test_the_model_counts_down_adds_the_increment_pauses_and_flags():
    now = Stepped()
    c = GameClock(TimeControl(10, 2), now)
    assert c.times() == {B: 10.0, W: 10.0} and not c.running and c.turn == B
    now.t += 5                                   # stopped: nothing is spent
    assert c.remaining(B) == 10.0
    c.start()
    now.t += 3
    assert c.remaining(B) == pytest.approx(7.0) and c.remaining(W) == 10.0
    assert c.press() == pytest.approx(9.0)       # 7 left, plus the increment
    assert c.turn == W and not c.running
    c.start()
    now.t += 4
    c.pause()
    now.t += 100                                 # paused: both clocks stand
    assert c.remaining(W) == pytest.approx(6.0) and c.paused
    c.start()                                    # a start while paused does nothing
    assert not c.running
    c.resume()
    now.t += 5.5
    assert c.flagged() is None and c.remaining(W) == pytest.approx(0.5)
    now.t += 0.5
    assert c.flagged() == W
    assert c.press(next_turn=W) == pytest.approx(2.0) and c.turn == W   # (Onyx's swap: White again)


def test_faces_and_the_next_change():
    assert [clock_text(s) for s in (0, 0.2, 9.0, 9.01, 59.5, 600, 3599.5, 3600, 3725)] == \
        ["0:00", "0:01", "0:09", "0:10", "1:00", "10:00", "1:00:00", "1:00:00", "1:02:05"]
    now = Stepped()
    c = GameClock(TimeControl(5), now)
    assert c.next_change() is None               # stopped
    c.start()
    assert c.next_change() == pytest.approx(1.0)  # 5.0 left: "0:05" until 4.0
    now.t += 0.3
    assert c.next_change() == pytest.approx(0.7)
    now.t += 4.5                                  # 0.2 left: the flag falls in 0.2 s
    assert c.next_change() == pytest.approx(0.2)


def test_clk_comments_carry_each_moves_time():
    assert clk_text(172) == "[%clk 0:02:52]" and clk_text(3725.05) == "[%clk 1:02:05]"
    assert clk_text(7.46) == "[%clk 0:00:07.4]" and clk_text(-1) == "[%clk 0:00:00]"
    assert clk_of(["good move", "[%clk 0:02:52]"]) == 172 and clk_of(["[%clk 1:00:07.5] and more"]) == 3607.5
    assert clk_of(["no time here"]) is None
    assert with_clk(["idea [%clk 0:01:00]", "?!"], 42) == ["idea", "?!", "[%clk 0:00:42]"]
    g = make_game("onyx")
    m = Match(g, time_control=TimeControl(300, 3))
    tc = m.time_control
    for text, left in (("f6", 290.0), ("e5", 280.5), ("d4", 250.0)):
        m.play(text)
        m.live.comments = with_clk(m.live.comments, left)
    assert times_at(m.tree.root, tc) == {B: 300.0, W: 300.0}
    assert times_at(m.live, tc) == {B: 250.0, W: 280.5}
    assert times_at(m.live.parent, tc) == {B: 290.0, W: 280.5}


def test_the_computers_share_of_its_clock():
    assert think_budget(60, 0) == pytest.approx(58 / 30)             # 1+0: a thirtieth after the reserve
    assert think_budget(60, 0, level_seconds=0.25) == 0.25           # never more than its level's time
    assert think_budget(180, 2, level_seconds=2.8) == 2.8
    assert think_budget(10, 2) == pytest.approx(8 / 30 + 2)          # the increment comes back each move
    assert think_budget(1.0, 5) == 0.5                               # never more than half of what is left
    assert think_budget(0.01, 0) == 0.02 and think_budget(-3, 0) == 0.02
    # the worker keeps within it: a level that may search on to twice its budget gets half the limit
    hard, easy = get_level("hard", "onyx"), get_level("easy", "onyx")
    assert clock_limited(hard, None, 1.0) == pytest.approx(0.5)
    assert clock_limited(hard, 2.8, 10.0) == pytest.approx(2.8)
    assert clock_limited(easy, None, 1.0) == pytest.approx(easy.params.seconds)
    assert clock_limited(easy, None, 0.05) == pytest.approx(0.05)


def test_the_worker_answers_within_the_clocks_limit():
    ticks = {"t": 0.0}

    def clock() -> float:                         # a stepped clock: each look costs a millisecond
        ticks["t"] += 0.001
        return ticks["t"]
    payload = {"kind": "move", "request_id": 1, "game": "onyx", "options": {}, "moves": ["f6", "e5"],
               "level": "hard", "seed": 3, "limit": 0.3}
    reply = handle(payload, clock=clock)
    assert reply.ok and reply.move
    assert reply.info["seconds"] <= 0.3 + 0.01


# ---------------------------------------------------------------- the board's clocks
def test_the_running_clock_counts_down_and_a_move_takes_its_increment():
    app = make_app("--game", "onyx", "--clock", "60+2")
    try:
        sc = board(app)
        assert sc.clocks.on and sc.match.time_control == TimeControl(60, 2)
        run(app, 5)
        assert times(sc) == (55.0, 60.0)
        play(app, "f6")                            # 55 + 2
        assert times(sc) == (57.0, 60.0) and sc.match.live.comments == ["[%clk 0:00:57]"]
        run(app, 10)
        assert times(sc) == (57.0, 50.0)
    finally:
        app.close()


def test_flag_fall_between_people():
    app = make_app("--game", "onyx", "--clock", "10+0")
    try:
        sc = board(app)
        run(app, 3)
        play(app, "f6")
        run(app, 9.9)
        assert sc.match.result is None and times(sc)[1] == pytest.approx(0.1, abs=0.01)
        run(app, 0.2)
        m = sc.match
        assert m.result is not None and m.result.winner == B and m.result.reason == Reason.TIME
        assert sc.banner.result_texts() == ("Black wins!", "White ran out of time")
        settle(app)
        assert sc.banner.shown()
        text = format_record(match_record(m))
        assert '[TimeControl "10+0"]' in text and '[Reason "time"]' in text and '[Result "black"]' in text
        again = parse_record(text)
        assert again.result == m.result and again.headers["TimeControl"] == "10+0"
        assert sc.clocks.wake_after() is None      # no clock runs after the game
        assert times(sc) == (7.0, 0.0)             # the faces stay as they stood: White's at 0:00
        sc.undo()                                  # Undo takes the loss on time back first
        app.step(0.0)
        assert m.result is None and m.to_move == W and times(sc) == (7.0, 10.0)
        run(app, 2)
        assert m.result is None and times(sc) == (7.0, 8.0)
    finally:
        app.close()


def test_the_computer_loses_on_time_when_it_does_not_move():
    class Silent(StubEngine):
        def poll(self):
            return None

    app = make_app("--game", "amoeba", "--white", "easy", "--clock", "5+0")
    try:
        sc = board(app)
        sc.computer.use_engine(Silent())
        run(app, 1)
        play(app, sc.match.legal_strs()[0])
        run(app, 3)
        assert sc.computer.thinking and sc.match.result is None
        run(app, 2.2)
        assert sc.match.result.winner == B and sc.match.result.reason == Reason.TIME
        assert not sc.computer.thinking
        assert sc.banner.result_texts()[1] == "White ran out of time"
    finally:
        app.close()


def test_a_loss_on_time_before_any_move_offers_no_review():
    # the player lets the first clock run out against the computer: nothing to review, so
    # neither the banner, the toolbar nor the status line speaks of a review
    app = make_app("--game", "onyx", "--white", "easy", "--clock", "3+0")
    try:
        sc = board(app)
        run(app, 3.5)
        assert sc.match.result is not None and sc.match.result.reason == Reason.TIME
        settle(app)
        run(app, 1)
        assert "review" not in [k for k, *_ in sc.banner.actions()]
        assert not sc.toolbar.buttons["review"].is_enabled
        assert "Review" not in sc.panel.status, sc.panel.status
    finally:
        app.close()


def test_the_framed_clock_is_the_headers_side_while_a_move_lands():
    app = make_app("--game", "onyx", "--clock", "60+2")
    try:
        sc = board(app)
        run(app, 1)
        assert sc.play_move("f6")
        app.step(1 / 60)
        assert sc.anim is not None
        side, _result = sc.panel.turn_shown()
        assert side == B and sc.w["turn"].text == "Black to move"
        assert sc.clocks._looks()[1] == B                  # not White's yet: it has not started
        before = times(sc)
        run(app, 0.1, dt=1 / 60)
        settle(app, until=lambda: sc.anim is None)
        app.step(0.0)
        assert sc.clocks._looks()[1] == W and sc.w["turn"].text == "White to move"
        assert times(sc)[1] == before[1]                   # White's time ran not while the stone landed
    finally:
        app.close()


def test_after_a_pie_swap_each_clock_stays_with_its_player():
    # Ann (Black) thinks 5 s and plays f6; Bo (White) thinks 3 s and swaps: Bo now plays Black
    # with his own 57 s, Ann White with her 55 s, and it is her turn. Undo, Redo and browsing
    # show the same; the record reads back alike
    app = make_app("--game", "onyx", "--pie", "--clock", "60+0")
    try:
        sc = board(app)
        run(app, 5)
        play(app, "f6")
        run(app, 3)
        play(app, "swap")
        m = sc.match
        assert m.swapped and m.to_move == W
        assert times(sc) == (57.0, 55.0)
        run(app, 2)
        assert times(sc) == (57.0, 53.0)                # Ann's time runs
        sc.undo()
        app.step(0.0)
        assert m.to_move == W and not m.swapped and times(sc) == (55.0, 60.0)
        sc.redo()
        settle(app, until=lambda: sc.anim is None)
        app.step(0.0)
        assert m.swapped and times(sc) == (57.0, 55.0)
        play(app, "e6")
        live = times(sc)
        sc.history.browse_to(2)
        app.step(0.0)
        assert times(sc) == live                        # a game that goes on: its clocks as they run
        from game.clock import times_at
        assert times_at(sc.match.tree.cursor, sc.clocks.control) == {B: 57.0, W: 55.0}
        again = parse_record(format_record(match_record(m)))
        back = Match(make_game("onyx", size=12, pie=True), tree=again.tree, time_control=TimeControl(60, 0))
        from game.clock import times_at
        assert times_at(list(back.tree.root.main_line())[2], TimeControl(60, 0)) == {B: 57.0, W: 55.0}
    finally:
        app.close()


def test_a_move_after_the_flag_fell_is_refused():
    app = make_app("--game", "onyx", "--clock", "5+0")
    try:
        sc = board(app)
        run(app, 1)
        app.clock.t += 10                         # the window slept past the flag: no frame meanwhile
        assert not sc.play_move("f6")
        assert sc.match.history == [] and sc.match.result.reason == Reason.TIME
        assert sc.match.result.winner == W
    finally:
        app.close()


def test_undo_and_redo_put_both_clocks_back_and_browsing_shows_the_running_clocks():
    app = make_app("--game", "onyx", "--clock", "60+2")
    try:
        sc = board(app)
        run(app, 5)
        play(app, "f6")                            # Black 57
        run(app, 10)
        play(app, "e5")                            # White 52
        run(app, 3)
        play(app, "d4")                            # Black 56
        run(app, 4)
        assert times(sc) == (56.0, 48.0)
        sc.undo()
        app.step(0.0)
        assert sc.match.to_move == B and times(sc) == (57.0, 52.0)
        run(app, 1)
        assert times(sc) == (56.0, 52.0)           # Black's time runs again from there
        sc.redo()
        settle(app, until=lambda: sc.anim is None and not sc.redoing.running)
        app.step(0.0)
        assert sc.match.to_move == W and times(sc) == (56.0, 52.0)
        # browsing a game that goes on: the faces are the clocks as they run (a face stopped at
        # the position shown let the player's own flag fall unseen), White's framed
        sc.browse(-1)
        settle(app, until=lambda: sc.anim is None)
        assert sc.match.browsing and times(sc) == (56.0, 52.0)
        sc.browse(-1)
        settle(app, until=lambda: sc.anim is None)
        assert times(sc) == (56.0, 52.0)
        run(app, 2)                                 # White's clock runs on where the game stands
        assert sc.clocks.clock.remaining(W) == pytest.approx(50.0)
        assert times(sc) == (56.0, 50.0) and sc.clocks._looks()[1] == W
        # a finished game: browsing shows each position's times
        sc.browse(2)
        settle(app, until=lambda: sc.anim is None)
        sc.match.resign(W)
        sc.refresh()
        app.step(0.0)
        sc.browse(-1)
        settle(app, until=lambda: sc.anim is None)
        assert sc.match.browsing and times(sc) == (57.0, 52.0)
        sc.browse(-1)
        settle(app, until=lambda: sc.anim is None)
        assert times(sc) == (57.0, 60.0)
    finally:
        app.close()


def test_pause_stops_both_clocks_in_a_game_between_people():
    app = make_app("--game", "onager", "--clock", "30+0")
    try:
        sc = board(app)
        run(app, 2)
        click_widget(app, sc.w["pause"])
        assert sc.clocks.paused and sc.w["pause"].text == "Resume"
        run(app, 20)
        assert times(sc) == pytest.approx((28.0, 30.0), abs=0.05)
        assert not sc.play_move(sc.match.legal_strs()[0]) and "paused" in sc.panel.status
        helpers.key(app, pygame.K_p, pygame.KMOD_CTRL)      # Ctrl+P: on again
        assert not sc.clocks.paused and sc.w["pause"].text == "Pause"
        run(app, 1)
        assert times(sc)[0] == pytest.approx(27.0, abs=0.05)
    finally:
        app.close()
    app = make_app("--game", "onager", "--white", "easy", "--clock", "30+0")
    try:
        sc = board(app)
        assert "pause" not in sc.w                 # against the computer: no Pause
        helpers.key(app, pygame.K_p, pygame.KMOD_CTRL)
        assert not sc.clocks.paused and "people" in sc.panel.status
    finally:
        app.close()


def test_the_computer_thinks_within_its_share_of_its_clock():
    app = make_app("--game", "onyx", "--white", "hard", "--clock", "60+0")
    try:
        sc = board(app)
        eng = sc.computer.engine
        assert isinstance(eng, StubEngine)
        run(app, 2)
        play(app, "f6")
        run(app, 0.5)                                # the computer answers (the stub at once)
        settle(app, until=lambda: sc.anim is None and sc.match.to_move == B)
        assert eng.limits and eng.limits[-1] == pytest.approx(think_budget(60, 0))
        assert sc.match.live.comments and clk_of(sc.match.live.comments) <= 60
    finally:
        app.close()
    app = make_app("--game", "onyx", "--white", "hard")
    try:
        sc = board(app)
        play(app, "f6")
        settle(app, until=lambda: sc.match.to_move == B and sc.anim is None, limit=40)
        assert sc.computer.engine.limits == [None] and not sc.clocks.on   # no clocks: its level's time
    finally:
        app.close()


def _pixels(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    colour = pygame.Color(*colour[:3])
    return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
               if surface.get_at((x, y))[:3] == colour[:3])


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_panels_clocks_frame_the_running_one_and_warn_in_the_last_ten_seconds(theme):
    app = make_app("--game", "amoeba", "--clock", "20+0", "--theme", theme, "--window", "1024x640")
    try:
        sc = board(app)
        th = app.theme
        run(app, 1)
        black, white = sc.clocks.boxes
        assert black.y > sc.w["players"].get_abs_rect().bottom - 2        # under the players
        assert black.right <= white.x and white.right <= sc.panel.rect.right
        shot = app.screen
        assert _pixels(shot, black, th.banner_border) > 40                 # framed: it runs
        assert _pixels(shot, white, th.banner_border) == 0
        assert _pixels(shot, white, th.text_dim) > 20                      # dimmed: it waits
        assert _pixels(shot, black, th.threat) == 0
        run(app, 10.5)                                                     # 8.5 s left
        assert _pixels(app.screen, black, th.threat) > 20                  # the warning colour
        names = [n for n, *_ in sc.layout_rects()]
        assert "clock_black" in names and "clock_white" in names
    finally:
        app.close()


def test_the_last_ten_seconds_tick_once_a_second():
    from game.sound import bank
    app = make_app("--game", "onyx", "--clock", "13+0")
    try:
        run(app, 2)
        bank().played.clear()
        run(app, 5)                                  # 11 .. 6 s left: five second marks from 10 on
        assert bank().played.count("tick") == 5
    finally:
        app.close()


def test_a_running_clock_wakes_an_idle_window_at_most_once_a_second():
    app = make_app("--game", "onyx", "--clock", "600+0")
    try:
        sc = board(app)
        run(app, 6)                                  # the highlights stop breathing
        assert app.idle() and not sc.needs_frames()   # no frame while nothing moves...
        wakes = set()
        start = app.clock.t
        for k in range(1, 41):                       # ...but a wake when its face changes: 10 s
            app.clock.t = start + 0.25 * k
            app.step(0.25)
            assert app.idle()
            wake = sc.wake_after()
            assert wake is not None and 0 < wake <= 1.0
            wakes.add(round(app.clock.t + wake, 3))
        assert len(wakes) <= 11
        face = clock_text(sc.clocks.clock.remaining(B))
        app.clock.t += sc.wake_after()
        assert clock_text(sc.clocks.clock.remaining(B)) != face     # woken when it changed
    finally:
        app.close()


# ---------------------------------------------------------------- records, Continue, the library
def test_clk_round_trip_through_save_and_the_library():
    app = make_app("--game", "onager", "--clock", "180+2")
    try:
        sc = board(app)
        moves = []
        for secs in (4, 7, 1.5, 12):
            run(app, secs)
            text = sc.match.legal_strs()[0]
            moves.append(text)
            play(app, text)
        want = times(sc)
        records_dir().mkdir(parents=True, exist_ok=True)
        path = records_dir() / "clocked.txt"
        assert files.save_to(sc, path)
        text = path.read_text(encoding="utf-8")
        assert '[TimeControl "180+2"]' in text and "{[%clk 0:02:58]}" in text
        rec = parse_record(text)
        assert [clk_of(n.comments) for n in rec.tree.root.main_line()] == [178.0, 175.0, 178.5, 168.5]
        sc.clocks.toggle_pause()                     # (the game between people waits)
    finally:
        app.close()
    app = make_app("--window", "1024x640")
    try:
        click_widget(app, app.scene.load_btn)        # the library: a double click opens the game
        dlg = app.scene.dialog
        dlg.settle()
        i = next(k for k, e in enumerate(dlg.entries) if e.path.name == "clocked.txt")
        dlg.show_selected()
        r = dlg.list_rect.move(dlg.canvas.rect.topleft)
        pos = (r.x + r.w // 3, r.y + 1 + i * dlg.row_h - dlg.scroll + dlg.row_h // 2)
        click(app, pos, frames=1)
        click(app, pos, frames=2)
        settle(app)
        sc = board(app)
        assert [pm.text for pm in sc.match.history] == moves
        assert sc.match.time_control == TimeControl(180, 2) and times(sc) == want
    finally:
        app.close()


def test_the_library_says_a_game_was_won_on_time():
    app = make_app("--game", "amoeba", "--clock", "3+0")
    try:
        sc = board(app)
        run(app, 3.2)
        assert sc.match.result.reason == Reason.TIME
        records_dir().mkdir(parents=True, exist_ok=True)
        assert files.save_to(sc, records_dir() / "flag.txt")
    finally:
        app.close()
    info = scan_record(records_dir() / "flag.txt")
    assert (info.result, info.reason) == ("white", "time")
    assert result_words(info.result, info.reason) == "White won (on time)"


def _continue(app):
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.continue_btn is not None
    click_widget(app, menu.continue_btn)
    settle(app)
    return board(app)


def test_continue_after_quitting_restores_both_clocks():
    app = make_app("--game", "onyx", "--clock", "120+1")
    try:
        sc = board(app)
        run(app, 6)
        play(app, "f6")                              # Black 115
        run(app, 8.5)                                # White has spent 8.5 s of its turn
        assert times(sc) == (115.0, 111.5)
    finally:
        app.close()                                  # the last autosave: what White spent
    app = make_app(clock=Stepped(50.0))
    try:
        sc = _continue(app)
        assert sc.match.time_control == TimeControl(120, 1) and sc.match.to_move == W
        assert times(sc) == (115.0, 111.5)
        run(app, 1)
        assert times(sc) == (115.0, 110.5)
    finally:
        app.close()


def test_continue_after_kill_9_loses_at_most_a_few_seconds():
    app = make_app("--game", "onyx", "--clock", "120+0")
    try:
        sc = board(app)
        run(app, 2)
        play(app, "f6")                              # Black 118
        run(app, 10)                                 # White: 110 left when the program dies
        writer().flush()
        (path, *_), = list_unfinished()[:1]
        rec = parse_record(path.read_text(encoding="utf-8"))
        assert float(rec.headers[CLOCK_USED_HEADER]) >= 10 - 3.01     # written every few seconds
        app.autosave_enabled = False                 # kill -9: nothing more is written
    finally:
        app.close()
    app = make_app()
    try:
        sc = _continue(app)
        b, w = times(sc)
        assert b == 118.0 and 110.0 <= w <= 113.0
    finally:
        app.close()


# ---------------------------------------------------------------- the command line and New game
def test_the_clock_option_takes_seconds_plus_increment(capsys):
    assert parse_args(["--game", "onyx", "--clock", "300+3"]).clock == TimeControl(300, 3)
    assert parse_args(["--game", "amoeba", "--clock", "2+0"]).clock == TimeControl(2, 0)
    assert parse_args(["--scene", "new:onager", "--clock", "90"]).clock == TimeControl(90, 0)
    assert parse_args(["--game", "onyx"]).clock is None
    for argv in (["--game", "onyx", "--clock", "0+3"], ["--game", "onyx", "--clock", "five"],
                 ["--game", "onyx", "--clock", "300+-1"], ["--clock", "300+3"],
                 ["--scene", "tutorial:onyx", "--clock", "60+0"]):
        with pytest.raises(SystemExit) as e:
            parse_args(argv)
        assert e.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--clock" in err, err


def _choose(app, dd, label: str) -> None:
    """Open a drop-down and click one of its items."""
    click_widget(app, dd)
    helpers.step(app, 2)
    items = [el for el in app.ui.get_sprite_group().sprites()
             if getattr(el, "text", None) == label and el is not dd and el.visible]
    assert items, label
    click(app, items[-1].get_abs_rect().center)
    helpers.step(app, 2)


def test_new_game_offers_the_clocks_for_people_and_computers_in_every_game():
    for game in ("amoeba", "onyx", "onager"):
        app = make_app("--scene", f"new:{game}", "--white", "easy")
        try:
            settle(app)
            form = app.scene
            assert form.widgets["clock"].selected_option[0] == "No clock"
            _choose(app, form.widgets["clock"], "3 min + 2 s")
            click_widget(app, form.widgets["start"])
            settle(app)
            sc = board(app)
            assert sc.match.time_control == TimeControl(180, 2) and sc.clocks.on
            assert sc.match.players[W] == "easy"
        finally:
            app.close()


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
@pytest.mark.parametrize("game", ["onyx", "amoeba"])
def test_a_custom_clocks_problem_has_a_line_of_its_own(lang, game):
    # the words under the custom clock once read under the next row's drop-down (Onyx's Board)
    from pygame_gui.core import UIContainer
    app = make_app("--scene", f"new:{game}", "--clock", "150+2", "--lang", lang, "--window", "1024x640")
    try:
        settle(app)
        form = app.scene
        for minutes, inc in (("abc", "2"), ("1", "x"), ("0", "0"), ("1", "9999"), ("99999", "0")):
            form.widgets["clock_min"].set_text(minutes)
            form.widgets["clock_inc"].set_text(inc)
            click_widget(app, form.widgets["start"])
            helpers.step(app, 2)
            assert app.scene is form and form.problem
            (_name, rect, bounds, _size), = [r for r in form.layout_rects() if r[0] == "clock_problem"]
            assert bounds.contains(rect), (form.problem, rect, bounds)
            for el in app.ui.get_sprite_group().sprites():
                if el.visible and not isinstance(el, UIContainer) and el.rect.w > 0:
                    assert not rect.colliderect(el.rect), (form.problem, rect, el, el.rect)
    finally:
        app.close()


def test_a_custom_clock_is_minutes_plus_seconds_and_a_bad_one_is_explained():
    app = make_app("--scene", "new:onyx")
    try:
        settle(app)
        form = app.scene
        _choose(app, form.widgets["clock"], "Custom…")
        form = app.scene
        form.widgets["clock_min"].set_text("abc")
        click_widget(app, form.widgets["start"])
        assert app.scene is form and "minutes" in form.problem
        assert "clock_problem" in [n for n, *_ in form.layout_rects()]
        form.widgets["clock_min"].set_text("2:30")
        form.widgets["clock_inc"].set_text("4")
        click_widget(app, form.widgets["start"])
        settle(app)
        sc = board(app)
        assert sc.match.time_control == TimeControl(150, 4)
        sc.new_game()                                # New game keeps the clock chosen
        settle(app)
        assert app.scene.time_control == TimeControl(150, 4)
        assert app.scene.widgets["clock_min"].get_text() == "2:30"
    finally:
        app.close()
