"""Issue 26 item 1 on the board: a game lost by a steady slide reads as one (accuracy well below
98%, a note naming the slide), and "Jump to it" shows the better move, marked or not."""
from __future__ import annotations

from game.ai import review as rv
from game.rules import make_game
from game.rules.record import record_from_game
from game.scenes.files import board_from_record

import ui_helpers as helpers
from ui_helpers import board, click_widget

MOVES = "e5 f6 g7 h8 d4 c3 e4 f4 d6 h4 c7 g3".split()


def slide_record():
    """Black's chance slides from 52% to 4% in small steps (no move loses 10 points)."""
    game = make_game("onyx")
    plies = []
    value = 0.52
    for n, text in enumerate(MOVES, start=1):
        mover = "black" if n % 2 else "white"
        before = value
        after = before - 0.08 if mover == "black" else before       # only Black's moves lose
        value = after
        best = "b2" if n == 5 else text                             # ply 5: the biggest (unmarked) swing
        drop = before - after if mover == "black" else 0.0
        if n == 5:
            after = before - 0.09
            value = after
            drop = 0.09
        plies.append(rv.PlyReview(n, text, mover, mover, best, (best,), before, after, None, None,
                                  drop, "", "", True))
        game.push(text)
    record = record_from_game(game, ("Human", "Computer (Medium)"), "2026-12-02")
    return rv.review_to_comments(record, plies)


def test_a_slide_is_named_and_jump_shows_the_better_move():
    app = helpers.make_app("--window", "1280x800")
    try:
        app.replace(board_from_record(slide_record()))
        app.finish_transition()
        helpers.settle(app, 40)
        sc = board(app)
        review = sc.review
        assert review.state == "done" and review.summary is not None
        black = review.summary.side("black")
        assert black.accuracy is not None and black.accuracy < 90       # not "98%" for a slide
        lines = [t for t, _, _ in review.column_lines()]
        assert any("chance slid from" in t for t in lines), lines
        assert all(not p.mark for p in review.plies.values())          # no single marked move
        swing = review.summary.biggest_swing
        assert swing["ply"] == 5
        click_widget(app, review.buttons["jump"], check="enabled")
        helpers.settle(app, 40)
        assert sc.match.ply == 4
        deco = sc.decorations()
        assert "Better" in deco.tags.values()                           # drawn on the board…
        assert "Better: b2" in sc.panel.status                                # …and named
    finally:
        app.close()


def test_the_review_never_marks_the_engines_own_move():
    # Onager, a finished game, ply 106: i4-j3 read "72.5% to 49.4% ?, best i4-j3": the
    # position's value was its search's mean, the move's the next search's; the engine's own
    # choice is worth what it reaches, so it is never judged a loss. (From a set-up at ply 100:
    # each position's search is seeded from the position, so its values are the full game's.)
    from pathlib import Path
    from game.rules import game_class
    from game.rules.record import parse_record
    rec = parse_record((Path(__file__).parent / "data" / "records" / "onager_finished.txt").read_text(encoding="utf-8"))
    g = rec.start()
    for text in rec.moves[:100]:
        g.push(text)
    game = game_class("onager").from_position(g.position_text(), g.to_move, **g.options())
    for text in rec.moves[100:110]:
        game.push(text)
    plies = rv.review(game, seed=0).plies
    own = [p for p in plies if p.judged and p.best == p.move]
    assert own and plies[5].move == "i4-j3" in [p.move for p in own]
    for p in own:
        assert p.mark == "" and (p.proven_before is not None or p.value_before == p.value_after), p
