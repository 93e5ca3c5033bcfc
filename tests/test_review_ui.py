"""The game review on the board (game/scenes/board/review.py, game/ui/graph.py, the worker's
"review" request): the Review button, progress frame by frame, cancelling, marks in the move
list, the graph's clicks, the better move on the board, Save/Load with review comments, the
summary's "Jump to it".

Headless, stepped clock, synthetic clicks. The board's engine is the in-process StubEngine,
whose review runs the real ``game.ai.review`` with a tiny fixed budget, one ply a frame; one
test uses the real worker process with a tiny iteration budget (the protocol).
"""
from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.ai.worker import REVIEW, EngineClient, handle
from game.rules import game_class
from game.rules.base import Color
from game.rules.record import record_from_game
from game.scenes.board import StubEngine
from game.scenes.files import board_from_record, load_path, save_to
from game.storage import records_dir
from game.ui.graph import EvalGraph

import ui_helpers as helpers
from ui_helpers import board, click, click_widget, key, step

# Onyx: Black's chain e1..e11 connects at e12 only (as in tests/test_review.py). Black plays
# a1 (missing the win in one: ??), White h10 (not blocking e12: ??), Black e12 wins.
ONYX_CHAIN = ("Black: " + " ".join(f"e{i}" for i in range(1, 12))
              + "; White: d12 f12 h3 h4 h5 h6 h7 h8 h9 i9 j9")
QUIET = "e5 f6 g7 h8 d4 c3 e4 f4".split()


@pytest.fixture(autouse=True)
def _tiny_budget(monkeypatch):
    monkeypatch.setattr(StubEngine, "review_iterations", 30)


def settle(app) -> None:
    helpers.settle(app, 60)


def make_app(*moves: str, size: str = "1280x800"):
    args = ["--game", "onyx", "--window", size]
    if moves:
        args += ["--moves", " ".join(moves)]
    app = helpers.make_app(*args)
    settle(app)
    return app


def planted_app(size: str = "1280x800"):
    """A board showing the Onyx chain game (a loaded record of a set-up position)."""
    app = make_app(size=size)
    game = game_class("onyx").from_position(ONYX_CHAIN, Color.BLACK)
    for m in ("a1", "h10", "e12"):
        game.push(m)
    app.replace(board_from_record(record_from_game(game, ("Human", "Human"), "2026-01-01")))
    app.finish_transition()
    settle(app)
    return app


def run_review(app, limit: int = 400) -> None:
    sc = board(app)
    click_widget(app, sc.toolbar.buttons["review"], check="enabled")
    for _ in range(limit):
        if not sc.review.running:
            break
        step(app)
    assert sc.review.state == "done", sc.review.state


def finished_amoeba_board(window: str = "1024x640", lang: str = "en"):
    """(app, board) of the finished Amoeba game of tests/data/records (Human against Computer
    (Hard), lost by the human), loaded as a record: its result card open."""
    from game.rules.record import parse_record
    text = (Path(__file__).parent / "data" / "records" / "amoeba_finished.txt").read_text()
    app = helpers.make_app("--game", "onyx", "--window", window, "--lang", lang)
    settle(app)
    app.replace(board_from_record(parse_record(text)))
    app.finish_transition()
    settle(app)
    return app, board(app)


def ply_point(sc, ply: int) -> tuple[int, int]:
    g = sc.review.graph
    return (round(g.x_of(ply)), g.plot.centery)


# ------------------------------------------------------------------ running
def test_review_button_starts_it_and_the_progress_moves_frame_by_frame():
    app = make_app(*QUIET)
    sc = board(app)
    full = sc.board_rect.copy()
    click_widget(app, sc.toolbar.buttons["review"], check="enabled")
    rv = sc.review
    assert rv.running and rv.total == len(QUIET)
    assert rv.strip_rect is not None and sc.board_rect.h < full.h   # the strip under the board
    assert not sc.board_rect.colliderect(rv.strip_rect)
    assert "cancel" in rv.buttons and rv.buttons["cancel"].visible
    seen, frames = [], []
    while rv.running and len(seen) < 50:
        step(app)
        seen.append(rv.done)
        frames.append(app.frame)
        assert sc.needs_frames() or not rv.running
    assert rv.state == "done" and rv.done == len(QUIET)
    # one ply a frame (the stub), and every frame was drawn
    assert seen == sorted(seen) and len(set(seen)) >= len(QUIET) - 1
    assert frames == list(range(frames[0], frames[0] + len(frames)))
    assert set(rv.plies) == set(range(1, len(QUIET) + 1))
    assert "jump" in rv.buttons and "cancel" not in rv.buttons
    assert "Review done" in sc.panel.status
    assert rv.graph is not None and rv.graph.values[0] is not None and rv.graph.values[-1] is not None
    app.close()


def test_the_progress_bar_shows_in_the_frames_drawn():
    app = make_app(*QUIET)
    sc = board(app)
    click_widget(app, sc.toolbar.buttons["review"], check="enabled")
    _, col = sc.review._parts()
    shots = []
    while sc.review.running:
        step(app)
        bar_y = col.y + sc.px(2) + sc.px(20) + sc.px(4) + sc.px(5)
        gold = sum(1 for x in range(col.x + 2, col.right - 2)
                   if app.screen.get_at((x, bar_y))[:3] == (240, 190, 70))
        shots.append(gold)
    assert len(shots) >= 4 and shots[1] < shots[-2]      # the gold fill grew from frame to frame
    app.close()


@pytest.mark.parametrize("how", ["cancel", "escape", "move", "undo", "leave", "toolbar"])
def test_a_running_review_stops_at_once(how):
    app = make_app(*QUIET)
    sc = board(app)
    click_widget(app, sc.toolbar.buttons["review"], check="enabled")
    step(app, 3)
    rv = sc.review
    assert rv.running
    if how == "cancel":
        click_widget(app, rv.buttons["cancel"])
    elif how == "escape":
        key(app, pygame.K_ESCAPE)
        assert app.scene is sc                # Escape stopped the review, not the board
    elif how == "move":
        sc.play_move(sc.match.legal_strs()[0])
    elif how == "undo":
        key(app, pygame.K_z, pygame.KMOD_CTRL)
    elif how == "leave":
        sc.leave()
    else:
        click_widget(app, sc.toolbar.buttons["review"])
    assert not rv.running and rv.state == "stopped"
    done = rv.done
    assert 1 <= done < len(QUIET)
    assert sc.review.engine._review is None          # the engine's review was cancelled
    step(app, 10)
    assert rv.done == done and len(rv.plies) == done   # nothing more arrives
    app.close()


def test_the_computer_waits_while_the_review_runs():
    app = make_app(*QUIET)
    sc = board(app)
    sc.match.players[Color.BLACK] = "easy"          # the computer is to move now
    click_widget(app, sc.toolbar.buttons["review"], check="enabled")
    assert sc.review.running
    while sc.review.running:
        assert len(sc.match.history) == len(QUIET) and not sc.computer.thinking
        step(app)
    helpers.settle(app, 120, dt=1 / 30, until=lambda: len(sc.match.history) > len(QUIET))
    assert len(sc.match.history) == len(QUIET) + 1   # then it plays
    assert sc.review.valid() == len(QUIET)           # and the verdicts still hold for the line
    app.close()


# ------------------------------------------------------------------ what it shows
def test_planted_blunders_show_in_the_move_list_graph_and_board():
    app = planted_app()
    sc = board(app)
    run_review(app)
    rv = sc.review
    p1, p2, p3 = (rv.plies[i] for i in (1, 2, 3))
    assert (p1.mark, p1.reason, p1.best) == ("??", "missed-win", "e12")
    assert (p2.mark, p2.reason) == ("??", "allows-win")
    # the move list: ?? after the moves, coloured
    box = sc.w["moves"]
    assert box.rows()[0] == "1. a1?? h10??" and box.marks == {0: "??", 1: "??"}
    # the graph: Black's chance before ply 1 is a sure win, ?? plies marked in red
    g = rv.graph
    assert g.values[0] == 1.0 and g.values[3] == 1.0 and g.marks == {1: "??", 2: "??"}
    assert g.total == 3
    # a click on the graph browses there
    click(app, ply_point(sc, 1))
    settle(app)
    assert len(sc.match.history) == 1 and sc.browse_ply == 1
    assert g.current == 1
    # the status names the move, the verdict and the better line
    assert "1. a1 ??" in sc.panel.status and "Next, 1... h10 ??" in sc.panel.status and "Better: e12" in sc.panel.status
    # the position before the blunder: the better move (e12) on the board
    click(app, ply_point(sc, 0))
    settle(app)
    assert len(sc.match.history) == 0
    deco = sc.decorations()
    assert deco.tags == {"e12": "Better"} and [lab for lab, _ in deco.ghosts] == ["e12"]
    assert "Next, 1. a1 ??" in sc.panel.status and "missed a forced win" in sc.panel.status and "Better: e12" in sc.panel.status
    # after the last blunder: its verdict and the better move it missed
    sc.history.browse_to(2)
    settle(app)
    assert "1... h10 ??" in sc.panel.status and "Better was e12" in sc.panel.status
    assert "Better was e12: press Left to see it on the board." in sc.panel.status
    # not before an unmarked move
    assert sc.decorations().tags == {}
    app.close()


def test_the_graph_draws_only_when_something_changed():
    g = EvalGraph(pygame.Rect(10, 10, 300, 90))
    surf = pygame.Surface((400, 200), pygame.SRCALPHA)
    g.set_data([0.5, 0.6, None, None], {1: "?!"}, 3, key=1)
    g.draw(surf)
    g.draw(surf)
    assert g.renders == 1
    g.set_current(1)
    g.draw(surf)
    assert g.renders == 2
    g.set_data([0.5, 0.6, 0.2, 0.9], {1: "?!", 2: "??"}, 3, key=2)
    g.draw(surf)
    assert g.renders == 3
    assert g.ply_at((g.rect.x - 5, g.rect.y)) is None
    assert g.ply_at((round(g.x_of(2)), g.rect.centery)) == 2
    assert g.ply_at((g.rect.right - 1, g.rect.centery)) == 3


def test_summary_jump_browses_to_the_biggest_swing():
    app = planted_app()
    sc = board(app)
    run_review(app)
    rv = sc.review
    swing = rv.summary.biggest_swing
    assert swing is not None and swing["ply"] in (1, 2)
    lines = [t for t, _, _ in rv.column_lines()]
    assert lines[0].startswith("Accuracy: Black") and "Biggest swing" in lines[1]
    click_widget(app, rv.buttons["jump"], check="enabled")
    settle(app)
    assert len(sc.match.history) == swing["ply"] - 1        # the position before the swing
    assert "Better" in sc.decorations().tags.values()
    # Close hides the strip; the board gets its room back; Review shows it again
    click_widget(app, rv.buttons["close"])
    assert rv.strip_rect is None and not rv.buttons
    click_widget(app, sc.toolbar.buttons["review"], check="enabled")
    assert rv.strip_rect is not None and rv.state == "done"
    app.close()


def test_after_a_game_against_the_computer_the_review_is_offered_then_summarised():
    app = make_app()
    game = game_class("onyx").from_position(ONYX_CHAIN, Color.BLACK)
    for m in ("a1", "h10", "e12"):
        game.push(m)
    app.replace(board_from_record(record_from_game(game, ("Human", "Computer (Easy)"), "2026-01-01")))
    app.finish_transition()
    settle(app)
    sc = board(app)
    assert sc.match.is_over and "Press Review" in sc.panel.status
    run_review(app)
    lines = [t for t, _, _ in sc.review.column_lines()]
    assert lines[0].startswith("Accuracy: You ") and "· Computer " in lines[0]
    assert "(You)" in lines[1] or "(Computer)" in lines[1]
    assert sc.panel.status.startswith(("Review done. You: ", "Review done: no marks for you or the computer."))
    app.close()


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
def test_the_result_card_leaves_the_review_offer_to_its_button(lang):
    # at 1024x640 the card took the offer under the result and cut it ('... view: accu…'):
    # the card has a Review button of its own; the status line keeps the offer for when the
    # card is closed
    from game import i18n
    app, sc = finished_amoeba_board(lang=lang)
    assert sc.match.is_over and sc.banner.shown()
    assert sc.panel.status == i18n._("Press Review for the engine's view: accuracy and the biggest swing.")
    assert "review" in [k for k, *_ in sc.banner.actions()]
    lines = [t for _n, t, _r, _s in sc.banner._texts(sc.banner.geometry())]
    assert lines and not any(t.endswith("…") for t in lines), lines
    assert all(sc.panel.status not in t for t in lines)
    sc.banner.set_open(False)
    settle(app)
    import html
    assert html.escape(sc.panel.status) in sc.w["status"].html_text
    app.close()


def test_a_branch_shows_no_verdicts_after_it_on_the_new_line():
    # the replaced moves keep their verdicts on their nodes, in the variation
    # (tests/test_review_tree.py); the new line has none after the branch
    app = make_app(*QUIET)
    sc = board(app)
    run_review(app)
    sc.history.browse_to(4)
    settle(app)
    replaced = sc.match.line()[4]
    other = next(t for t in sc.match.legal_strs() if t != sc.match.future[0].text)
    sc.play_move(other)                      # asks first: a new line
    assert sc.dialog is not None
    click_widget(app, sc.dialog.confirm_button)
    settle(app)
    assert sorted(sc.review.plies) == [1, 2, 3, 4] and sc.review.valid() == 4
    assert all(k < 4 for k in sc.w["moves"].marks)
    assert replaced.starts_variation() and replaced.annotations.get("review") is not None
    app.close()


# ------------------------------------------------------------------ records
def test_save_then_load_keeps_the_review(tmp_path: Path):
    app = planted_app()
    sc = board(app)
    run_review(app)
    plies = [sc.review.plies[k] for k in sorted(sc.review.plies)]
    path = records_dir() / "reviewed.txt"
    assert save_to(sc, path)
    text = path.read_text(encoding="utf-8")
    assert "{?? missed a forced win; best: e12;" in text and "[Annotator" in text
    load_path(sc, path)
    app.finish_transition()
    settle(app)
    sc2 = board(app)
    assert sc2 is not sc
    rv = sc2.review
    assert rv.state == "done" and rv.engine is None            # read back, not run again
    assert [rv.plies[k] for k in sorted(rv.plies)] == plies
    assert rv.strip_rect is not None and rv.graph is not None
    step(app, 2)
    assert sc2.w["moves"].rows()[0] == "1. a1?? h10??"
    assert rv.graph.marks == {1: "??", 2: "??"}
    app.close()


def test_records_without_review_comments_load_as_before():
    app = make_app(*QUIET)
    sc = board(app)
    path = records_dir() / "plain.txt"
    assert save_to(sc, path)
    assert "{" not in path.read_text(encoding="utf-8")
    load_path(sc, path)
    app.finish_transition()
    settle(app)
    sc2 = board(app)
    assert sc2 is not sc and sc2.review.state == "idle" and sc2.review.strip_rect is None
    assert sc2.w["moves"].marks == {}
    app.close()


def test_the_strip_survives_a_window_resize():
    app = make_app(*QUIET)
    sc = board(app)
    run_review(app)
    app.resize((1024, 640))
    step(app, 3)
    rv = sc.review
    assert rv.strip_rect is not None and rv.graph is not None and "jump" in rv.buttons
    assert rv.strip_rect.bottom <= 640 and not rv.strip_rect.colliderect(sc.board_rect)
    assert sc.w["moves"].marks == {k - 1: v for k, v in rv._marks().items()}
    app.close()


def test_the_review_fits_small_and_big_windows():
    for size in ("1024x640", "3840x2160"):
        app = planted_app(size)
        sc = board(app)
        run_review(app)
        rv = sc.review
        S = rv.strip_rect
        win = pygame.Rect((0, 0), app.size)
        assert win.contains(S) and not S.colliderect(sc.panel.rect) and not S.colliderect(sc.board_rect)
        graph, col = rv._parts()
        assert S.contains(graph) and S.contains(col) and not graph.colliderect(col)
        for b in rv.buttons.values():
            assert col.contains(b.get_abs_rect())
        for text, _, bold in rv.column_text(col.w):     # the summary's words fit (wrapped), at full size
            assert rv._font(sc.px(14), bold).size(text)[0] <= col.w, text
        for a in rv.buttons.values():
            for b in rv.buttons.values():
                assert a is b or not a.get_abs_rect().colliderect(b.get_abs_rect())
        tb = sc.toolbar.buttons
        assert tb["review"].visible and sc.panel.rect.contains(tb["review"].get_abs_rect())
        for k, b in tb.items():
            assert k == "review" or not b.get_abs_rect().colliderect(tb["review"].get_abs_rect())
        app.close()


# ------------------------------------------------------------------ the worker's protocol
def test_review_request_in_process():
    reply = handle({"kind": REVIEW, "request_id": 3, "game": "onyx", "moves": QUIET[:3], "iterations": 10})
    assert reply.ok and reply.kind == REVIEW and reply.request_id == 3
    assert reply.info["done"] == 3 and [p["ply"] for p in reply.info["plies"]] == [1, 2, 3]


def test_worker_streams_one_reply_per_ply_and_drops_stale_ones():
    client = EngineClient()
    try:
        client.review("onyx", {}, QUIET[:4], request_id="a", iterations=10)
        got = []
        end = time.monotonic() + 60
        while time.monotonic() < end:
            r = client.poll()
            if r is None:
                time.sleep(0.01)
                continue
            assert r.request_id == "a" and r.ok and r.kind == REVIEW
            got.append((r.info["done"], r.info["partial"]))
            if not r.info["partial"]:
                break
        assert got == [(1, True), (2, True), (3, True), (4, True), (4, False)]
        assert not client.busy
        # a new request replaces a running review: none of the review's replies arrive
        client.review("onyx", {}, QUIET, request_id="old", iterations=400)
        client.hint("onyx", {}, QUIET[:2], request_id="new")
        end = time.monotonic() + 60
        while (r := client.poll()) is None and time.monotonic() < end:
            time.sleep(0.01)
        assert r is not None and r.request_id == "new" and r.kind == "hint"
    finally:
        client.close()


def test_back_from_the_analysis_board_the_result_card_stands_alone():
    # result card -> Review -> View result -> Analyse -> Menu (back to the game): the status
    # box, hidden while the card stands in its place, showed again under the card (any screen
    # opened over the board and closed does it: here Settings)
    from game.scenes.base import make_scene
    from ui_helpers import make_app, settle
    app = make_app("--scene", "gameover:amoeba:resign", "--white", "easy", "--moves", "c2-b1 e5-f5 c1-d1 e6-d7",
                   "--window", "1024x640")
    try:
        settle(app)
        sc = app.scene
        assert sc.banner.shown() and not sc.w["status"].visible
        app.push(make_scene("settings"))
        settle(app)
        app.pop()
        settle(app)
        assert app.scene is sc and sc.banner.shown()
        assert not sc.w["status"].visible          # the card stands alone in the box's place
    finally:
        app.close()


def test_the_analysis_board_over_a_game_says_back_not_menu():
    # opened from the review, the analysis board's "Menu" went back to the game under it while
    # its tooltip said "Back to the main menu"
    from game.scenes.base import make_scene
    from ui_helpers import make_app, settle
    app = make_app("--scene", "gameover:amoeba:resign", "--white", "easy", "--moves", "c2-b1 e5-f5 c1-d1 e6-d7",
                   "--window", "1024x640")
    try:
        settle(app)
        game = app.scene
        assert game.w["menu"].text == "Menu"                    # over the main menu
        app.push(make_scene("analysis_of", game.match, game.match.tree.cursor))
        settle(app)
        top = app.scene
        assert top is not game and top.w["menu"].text == "Back"
        assert "board under" in top.w["menu"].tool_tip_text
    finally:
        app.close()


def test_show_the_result_button_does_not_cover_the_reviewed_moves():
    # 1024x640, Japanese, a reviewed game with its result card closed: the status box grew into
    # the move list as if the list had it all, and 'Show the result' covered the list's last row
    from ui_helpers import make_app, settle, step
    app = make_app("--scene", "gameover:amoeba:resign", "--white", "easy", "--moves",
                   "c2-b1 e5-f5 c1-d1 e6-d7 b3-c4 f3-e3", "--window", "1024x640", "--lang", "ja")
    try:
        settle(app)
        sc = app.scene
        sc.review.start()
        sc.banner.set_open(False)
        for _ in range(400):
            step(app, 1)
            if sc.review.state == "done":
                break
        step(app, 5)
        button, moves, status = sc.w["act:__result__"].rect, sc.w["moves"].rect, sc.w["status"].rect
        assert sc.w["moves"].visible
        assert not button.colliderect(moves) and not button.colliderect(status), (moves, button, status)
        assert moves.h >= sc.w["moves"].row_h
    finally:
        app.close()


def test_the_review_counts_moves_as_the_move_list_and_the_library_do():
    # Onyx, 18 plies: the review said 'Reviewing 18 moves' (Japanese 18手) where the move list
    # numbers 9 moves and the library says '9 moves' of the same game
    from ui_helpers import make_app, settle
    moves = "f6 h12 f8 i12 f4 d12 f10 b12 f2 jk1112 e11 e12 c12 c11 d11 b11 j12 i11"
    app = make_app("--scene", "gameover:onyx:resign", "--white", "easy", "--moves", moves, "--window", "1024x640")
    try:
        settle(app)
        sc = app.scene
        assert len(sc.match.history) == 18
        sc.review.start()
        assert sc.panel.status.startswith("Reviewing 9 moves"), sc.panel.status
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "uz"])
def test_a_click_on_a_finished_board_says_what_to_do_in_full(lang):
    # the result card showed 'Black wins: More pieces on the far row: Bl…': the refusal repeated
    # the result (the card's own headline and reason) and was cut before what to do; it says
    # only what to do, in the status box (the card has New game and the result already)
    from game import i18n
    app, sc = finished_amoeba_board(lang=lang)
    assert sc.banner.shown()
    click(app, sc.view.pixel_of("d4"))
    step(app, 2)
    said = i18n._("The game is over: Undo takes a move back, or start a new game.")
    assert sc.panel.status == said
    lines = [t for _n, t, _r, _s in sc.banner._texts(sc.banner.geometry())]
    assert not any(t.endswith("…") for t in lines), lines     # the card keeps to its own words
    sc.banner.set_open(False)
    settle(app)
    import html
    assert html.escape(said) in sc.w["status"].html_text and not sc.w["status"].cut   # the status box says it
    app.close()


def test_an_onager_review_counts_moves_as_the_move_list_does():
    # 'Reviewing 34 moves…' (the lakes' row counted as a move) beside progress '30 of 69'
    # (plies) and a move list ending at 33: every count is the move list's now
    app = helpers.make_app("--game", "onager", "--moves",
                           "d7 f9 e8 b1-c1 j3-i4 a4-c4 j4-i5 a6-c6 k4-i6 c1-d1", "--window", "1280x800")
    settle(app)
    sc = board(app)
    m = sc.match
    assert m.moves_count() == 4                                 # lakes, then 1. to 4.
    click_widget(app, sc.toolbar.buttons["review"], check="enabled")
    rv = sc.review
    assert "Reviewing 4 moves" in sc.panel.status, sc.panel.status
    rv.done = 3                                                 # the last three plies: moves 4 and 3
    assert rv.progress() == (2, 4)
    app.close()


def test_back_from_the_analysis_board_a_browsed_finished_game_says_where_it_is():
    # resigned against the computer, the review browsed to a move where the computer was to
    # move, Analyse, then back: the status said 'Computer is thinking… (White, Level 3)'
    app, sc = finished_amoeba_board("1280x800")
    sc.banner.set_open(False)
    sc.history.browse_to(9)                      # White (the computer) to move there
    settle(app)
    assert not sc.match.is_human(sc.match.to_move)
    status = sc.panel.status or sc.panel.default_status()
    assert "Press End" in status
    sc.panel.clear_status()                      # (as coming back from another screen leaves it)
    assert "thinking" not in sc.panel.default_status() and "Press End" in sc.panel.default_status()
    app.close()


def test_a_swing_that_rounds_to_nothing_is_said_as_less_than_one_point():
    # a ?? for a won game kept (100% to >99%) read 'Biggest swing: 1. a1 (Black) −0%'
    app = planted_app()
    try:
        sc = board(app)
        run_review(app)
        rv = sc.review
        import dataclasses
        s = rv.summary
        rv._summary = (rv.data_rev, dataclasses.replace(s, biggest_swing=dict(s.biggest_swing, size=0.002)))
        line = [t for t, _, _ in rv.column_lines()][1]
        assert line.endswith("−<1%") and "−0%" not in line
    finally:
        app.close()


def test_a_game_agreed_over_a_move_taken_back_is_reviewed_to_its_ending():
    # a random-input run: moves, Undo (a redo line kept), an agreed end, then Review: 'the game
    # is over (Draw (agreement)): no move is legal' and the review did not start (Amoeba: its
    # rules core counts an agreed end, so the game itself is over there)
    app = helpers.make_app("--game", "amoeba", "--window", "1280x800")
    settle(app)
    try:
        sc = board(app)
        m = sc.match
        for _ in range(3):
            assert sc.play_move(m.legal_strs()[0])
            sc.finish_animation()
        sc.undo()
        sc.finish_animation()
        assert m.redo_moves                              # the move taken back stays as the redo line
        m.agree()
        sc.refresh()
        settle(app)
        assert m.is_over and m.live.ending is not None
        run_review(app)
        assert sc.review.total == 2                      # the game's two moves, not the one after its end
        sc.history.browse_to(1)                          # and from a position looked back at
        settle(app)
        run_review(app)
        assert sc.review.state == "done" and sc.review.total == 2
    finally:
        app.close()
