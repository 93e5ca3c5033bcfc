"""The review's verdicts live on the game tree's nodes (game/scenes/board/review.py): one source
of truth for the move list, the graph, the status line and the summary; a branch keeps the
replaced moves' verdicts in the variation; the autosave writes them (Autosaver.annotate) and
Continue brings them back without running the review again.

Headless, stepped clock; the board's engine is the in-process StubEngine (a tiny budget, one
ply a frame), as in tests/test_review_ui.py.
"""
from __future__ import annotations

import pytest

from game import autosave as AS
from game.ai import review as RV
from game.rules.record import format_record, parse_record
from game.scenes.board import StubEngine
from game.scenes.board.review import REVIEW_KEY, adopt_record, annotate_record, node_review
from game.storage import unfinished_dir

import ui_helpers as helpers
from ui_helpers import board, click_widget, step

QUIET = "e5 f6 g7 h8 d4 c3 e4 f4".split()


@pytest.fixture(autouse=True)
def _tiny_budget(monkeypatch):
    monkeypatch.setattr(StubEngine, "review_iterations", 30)


def settle(app) -> None:
    helpers.settle(app, 60)


def make_app(*moves: str):
    args = ["--game", "onyx", "--window", "1280x800"]
    if moves:
        args += ["--moves", " ".join(moves)]
    app = helpers.make_app(*args)
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


def branch_at(app, ply: int):
    """Browse to ``ply`` and play another move than the game's (confirmed): the old moves
    after it become a variation. Returns the variation's first node."""
    sc = board(app)
    sc.history.browse_to(ply)
    settle(app)
    old = sc.match.line()[ply]
    other = next(t for t in sc.match.legal_strs() if t != old.move.text)
    sc.play_move(other)
    click_widget(app, sc.dialog.confirm_button)
    settle(app)
    assert old.starts_variation()
    return old


def test_the_verdicts_are_on_the_nodes_of_the_line_reviewed():
    app = make_app(*QUIET)
    try:
        sc = board(app)
        run_review(app)
        main = sc.match.tree.main_line()
        assert all(node_review(n) is not None and node_review(n).ply == n.ply for n in main)
        assert all(sc.review.plies[n.ply] is node_review(n) for n in main)     # a view, not a copy
        assert not hasattr(sc.review, "line")       # no second copy of the history
        marks = {n.ply - 1: node_review(n).mark for n in main if node_review(n).mark}
        assert sc.w["moves"].marks == marks
    finally:
        app.close()


def test_a_branch_keeps_the_replaced_verdicts_in_the_variation_and_shows_them_there():
    app = make_app(*QUIET)
    try:
        sc = board(app)
        run_review(app)
        before = {n.ply: node_review(n) for n in sc.match.tree.main_line()}
        var = branch_at(app, 4)
        rv = sc.review
        # the line shown (the new main line): verdicts on its first four moves only
        assert sorted(rv.plies) == [1, 2, 3, 4] and rv.valid() == 4
        assert node_review(sc.match.tree.main_line()[4]) is None
        # the variation's moves kept theirs
        path = var.path()
        tail = list(var.main_line())
        assert [node_review(n) for n in [var, *tail]] == [before[k] for k in range(5, 9)]
        # browsing into the variation shows its line's verdicts: the graph, the summary
        sc.history.show(tail[-1], animate=False)
        settle(app)
        assert sc.match.line() == path + tail
        assert sorted(rv.plies) == list(range(1, 9)) and rv.valid() == 8
        step(app, 2)
        g = rv.graph
        assert g is not None and g.total == 8 and all(v is not None for v in g.values)
        assert rv.summary is not None
        # the move list marks the main line's moves only
        assert all(k < 4 for k in sc.w["moves"].marks)
    finally:
        app.close()


def test_a_review_started_in_a_variation_marks_its_nodes_only():
    app = make_app(*QUIET)
    try:
        sc = board(app)
        var = branch_at(app, 5)                    # no review yet: a variation of 3 moves
        sc.history.show(var, animate=False)
        settle(app)
        main = sc.match.tree.main_line()
        run_review(app)
        line = sc.match.line()
        assert line[5] is var and len(line) == 8
        assert all(node_review(n) is not None for n in line)
        assert node_review(main[5]) is None        # the main line's new move 6 was not reviewed
        assert sc.review.valid() == 8
    finally:
        app.close()


def test_browsing_into_a_variation_while_the_review_runs_cannot_misplace_the_verdicts():
    app = make_app(*QUIET)
    try:
        sc = board(app)
        var = branch_at(app, 3)                    # main: 3 old moves + 1 new; variation: 5 old ones
        sc.history.show(sc.match.tree.live, animate=False)
        settle(app)
        main = sc.match.tree.main_line()
        assert len(main) == 4
        click_widget(app, sc.toolbar.buttons["review"], check="enabled")
        step(app, 2)
        assert sc.review.running
        sc.history.show(var, animate=False)        # browsing does not stop it
        for _ in range(200):
            if not sc.review.running:
                break
            step(app)
        assert sc.review.state == "done"
        assert all(node_review(n) is not None for n in main)
        assert all(node_review(n) is None for n in [var, *var.main_line()])
        assert sorted(sc.review.plies) == [1, 2, 3]      # the line shown: the variation's line
    finally:
        app.close()


def test_continue_brings_the_review_back_without_running_it_again():
    app = make_app(*QUIET)
    try:
        sc = board(app)
        run_review(app)
        step(app, 3)
        plies = dict(sc.review.plies)
        marks = dict(sc.w["moves"].marks)
        values = list(sc.review.graph.values)
        graph_marks = dict(sc.review.graph.marks)
        sc.saver.autosaver.flush()
        text = sc.saver.path.read_text(encoding="utf-8")
        assert "[Annotator" in text and text.count("black: ") == len(QUIET)   # written when it finished
        click_widget(app, sc.w["menu"])
        settle(app)
        menu = app.scene
        assert menu.continue_btn is not None
        click_widget(app, menu.continue_btn)
        settle(app)
        sc2 = board(app)
        assert sc2 is not sc
        rv = sc2.review
        assert rv.state == "done" and rv.engine is None            # read back, not run again
        assert rv.plies == plies
        assert all(node_review(n) is plies[n.ply] or node_review(n) == plies[n.ply]
                   for n in sc2.match.tree.main_line())
        assert not any(n.comments for n in sc2.match.tree.main_line())   # verdicts, not comments
        step(app, 3)
        assert rv.graph is not None and list(rv.graph.values) == values and rv.graph.marks == graph_marks
        assert sc2.w["moves"].marks == marks
        # and nothing was rewritten: the file still holds the review
        sc2.saver.autosaver.flush()
        files = list(unfinished_dir().glob("*.txt"))
        assert len(files) == 1 and "[Annotator" in files[0].read_text(encoding="utf-8")
    finally:
        app.close()


def test_leaving_during_a_review_writes_the_verdicts_that_arrived():
    app = make_app(*QUIET)
    try:
        sc = board(app)
        click_widget(app, sc.toolbar.buttons["review"], check="enabled")
        step(app, 3)
        assert sc.review.running
        click_widget(app, sc.w["menu"])            # leaving stops the review
        settle(app)
        done = sc.review.done
        assert sc.review.state == "stopped" and 1 <= done < len(QUIET)
        sc.saver.autosaver.flush()
        text = sc.saver.path.read_text(encoding="utf-8")
        assert text.count("black: ") == done
        click_widget(app, app.scene.continue_btn)
        settle(app)
        # the review works from the last ply back: the verdicts kept are the last ``done``
        assert sorted(board(app).review.plies) == list(range(len(QUIET) - done + 1,
                                                             len(QUIET) + 1))
    finally:
        app.close()


def test_variation_verdicts_go_through_a_record_and_back():
    app = make_app(*QUIET)
    try:
        sc = board(app)
        run_review(app)
        var = branch_at(app, 6)
        tree = sc.match.tree
        rec = sc.review.annotate(AS.match_record(sc.match))
        assert rec.tree is not tree                              # the game's tree is not changed
        assert not any(n.comments for n in tree.nodes())
        text = format_record(rec)
        back = parse_record(text)
        m2 = AS.match_from_record(back)
        assert adopt_record(back, m2.tree) == 6 + 2
        by_path = {tuple(x.move.text for x in n.path()): n for n in m2.tree.nodes() if n.move}
        for n in [*tree.main_line()[:6], var, *var.main_line()]:
            got = by_path[tuple(x.move.text for x in n.path())]
            assert node_review(got) == node_review(n), n
            assert not got.comments
        assert node_review(by_path[tuple(x.move.text for x in tree.main_line()[6].path())]) is None
    finally:
        app.close()


# ------------------------------------------------------------------ the autosaver's hook
def _match_with_moves(n: int = 4):
    from game.match import Match
    from game.rules import make_game
    m = Match(make_game("onyx"))
    for mv in QUIET[:n]:
        m.play(mv)
    return m


def test_autosaver_annotate_hook_and_key(tmp_path):
    m = _match_with_moves()
    bg = AS.BackgroundWriter(threaded=False)
    seen = []
    key = [0]

    def annotate(rec):
        seen.append(len(rec.moves))
        rec.headers["Annotator"] = f"test {key[0]}"
        return rec

    saver = AS.Autosaver(bg, tmp_path / "game.txt", annotate=annotate, annotate_key=lambda: key[0])
    assert not saver.update(m)                  # the first call only takes note
    assert not saver.update(m)
    key[0] = 1                                  # the notes changed: written
    assert saver.update(m) and seen == [4]
    assert '[Annotator "test 1"]' in (tmp_path / "game.txt").read_text(encoding="utf-8")
    assert not saver.update(m)


def test_autosaver_writes_the_game_when_annotate_fails(tmp_path):
    m = _match_with_moves()
    bg = AS.BackgroundWriter(threaded=False)

    def annotate(rec):
        raise ValueError("broken notes")

    saver = AS.Autosaver(bg, tmp_path / "game.txt", annotate=annotate)
    assert saver.update(m, force=True)
    assert (tmp_path / "game.txt").exists() and "broken notes" in bg.errors[-1]


def test_annotate_record_leaves_an_unreviewed_record_alone():
    m = _match_with_moves()
    rec = AS.match_record(m)
    assert annotate_record(rec, m.tree, "x") is rec
    p = RV.PlyReview(2, m.tree.main_line()[1].move.record, "white", "white", "a1", ("a1",),
                     0.5, 0.25, None, None, 0.25, "?", "", True)
    m.tree.main_line()[1].annotations[REVIEW_KEY] = p
    out = annotate_record(rec, m.tree, "x")
    assert out is not rec and out.tree is rec.tree and out.headers["Annotator"] == "x"
    assert RV.parse_comment(out.comments[2][0])["mark"] == "?"
    assert 2 not in rec.comments                # the record given is not changed
