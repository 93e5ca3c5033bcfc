"""The review at the smallest window: its summary wraps in its column (never cut with '…', the
strip under the board as tall as the words need), and the move list keeps two rows however
long the status line grows while browsing the reviewed game."""
from __future__ import annotations

import pytest

from game.scenes.board.review_show import STRIP_H, ReviewDisplay

import test_review_ui as T

LONG = [("Accuracy: Computer (Medium) 91% · You 64%", (239, 228, 208), True),
        ("Biggest swing: 23. c3-d4 (You) −35%", (239, 228, 208), False),
        ("You missed a forced win at move 12 and allowed one at move 17.", (255, 200, 140), False),
        ("Computer (Medium) allowed a forced win at move 19.", (255, 200, 140), False)]


@pytest.mark.parametrize("size", ["1024x640", "2560x1440"])
def test_a_long_summary_wraps_in_its_column_and_the_strip_grows(size, monkeypatch):
    words = ReviewDisplay.column_lines

    def long_summary(self):
        return LONG if not self.running and self.summary is not None else words(self)

    monkeypatch.setattr(ReviewDisplay, "column_lines", long_summary)
    app = T.planted_app(size)
    T.run_review(app)
    T.settle(app)
    T.step(app, 2)
    sc = T.board(app)
    rv = sc.review
    graph, col = rv._parts()
    lines = rv.column_text(col.w)
    assert " ".join(t for t, _, _ in lines).split() == " ".join(t for t, _, _ in LONG).split()   # every word
    assert all("…" not in t for t, _, _ in lines)
    size14 = sc.px(14)
    assert all(rv._font(size14, bold).size(t)[0] <= col.w for t, _, bold in lines)
    assert rv.strip_rect.h > sc.px(STRIP_H)                     # grown for the words
    top_of_buttons = min(b.rect.top for b in rv.buttons.values())
    assert col.y + sc.px(2) + len(lines) * sc.px(19) <= top_of_buttons
    assert sc.board_rect.bottom < rv.strip_rect.top             # the board beside it, laid out again
    app.close()


def test_the_move_list_keeps_two_rows_while_browsing_a_reviewed_game():
    app = T.planted_app("1024x640")
    T.run_review(app)
    sc = T.board(app)
    for ply in range(0, 3):
        sc.history.browse_to(ply)
        T.settle(app)
        T.step(app, 2)
        moves, status = sc.w["moves"], sc.w["status"]
        assert moves.visible and moves.rect.h >= 2 * moves.row_h + 2 * moves.pad_y, (ply, moves.rect)
        assert not status.cut, status.lines
    app.close()
