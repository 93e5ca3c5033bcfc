"""A move's comment on the board and the analysis board: shown under the move list when the
position shown has one, written and edited on a card (the comment button, Ctrl+K, a click on
the comment), kept on the game tree and in records byte for byte; and the variations' tools:
"Play on from here?" counts every move that goes into the variation, Right and End follow the
line shown on the analysis board, and a line that stops being the main line keeps its marks.
"""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game import storage
from game.autosave import match_record
from game.rules.record import format_record, parse_record
from game.scenes import files
from game.scenes.board.analysis import AnalysisScene
from game.ui.comment_card import CommentCard

from ui_helpers import click, click_widget, key, make_app, settle, step

CORPUS = Path(__file__).parent / "data" / "records_roundtrip"


def open_record(name: str, size: str = "1024x640", analysis: bool = False):
    app = make_app("--window", size)
    settle(app, 10)
    if analysis:
        app.push(AnalysisScene.of_record(parse_record((CORPUS / name).read_text(encoding="utf-8"))))
    else:
        assert files.load_path(app.scene, CORPUS / name)
    app.finish_transition()
    settle(app, 40)
    return app, app.scene


def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app, 3)


def comment_box(sc):
    return sc.w["comment"]


# ------------------------------------------------------------------ shown under the move list
def test_the_comment_of_the_move_shown_is_under_the_move_list():
    app, sc = open_record("amoeba_club_night.txt")
    try:
        box = comment_box(sc)
        assert sc.comments.shown() == "" and not box.visible          # the last move has none
        sc.history.browse_to(4)                                       # 2... e2-d2 {Bob: "now ..."}
        settle(app)
        assert sc.comments.shown() == 'Bob: "now the centre is mine"'
        assert box.visible and 'now the centre is mine' in box.html_text and box.fits
        moves = sc.w["moves"]
        assert box.rect.top >= moves.rect.bottom and box.rect.bottom <= sc.w["status"].rect.top
        assert box.rect.x == moves.rect.x and box.rect.w == moves.rect.w
        sc.history.browse_to(0)                                       # the start: the game's comment
        settle(app)
        assert sc.comments.shown() == "Ann's notes, written the morning after" and box.visible
        sc.history.browse_to(3)                                       # 2. c6-c5: none, the box goes
        settle(app)
        assert not box.visible and moves.rect.h > box.rect.h
    finally:
        app.close()


def test_a_clock_command_is_not_shown_as_words():
    app, sc = open_record("onyx_clock_game.txt")
    try:
        sc.history.browse_to(3)                                       # 2. f8 {a fast reply} {[%clk ...]}
        settle(app)
        assert sc.comments.shown() == "a fast reply"
        sc.history.browse_to(2)                                       # c3 {[%clk 0:04:58]}: a time only
        settle(app)
        assert sc.comments.shown() == "" and not comment_box(sc).visible
    finally:
        app.close()


# ------------------------------------------------------------------ written and edited
def test_ctrl_k_opens_a_card_ready_for_typing_and_enter_keeps_the_comment(tmp_path):
    app, sc = open_record("amoeba_club_night.txt")
    try:
        node = sc.match.tree.cursor                                   # 4... g1-f1, no comment yet
        assert node.move.record == "g1-f1" and not node.comments
        key(app, pygame.K_k, pygame.KMOD_CTRL)
        card = sc.dialog
        assert isinstance(card, CommentCard) and sc.dialog_kind == "comment"
        assert card.entry.is_focused and card.entry.get_text() == "" and card.fits
        assert "Move 4, White: g1-f1" in card.body.html_text
        type_text(app, "Bob resigns  next move")
        key(app, pygame.K_RETURN)
        settle(app)
        assert sc.dialog is None and node.comments == ["Bob resigns next move"]
        assert comment_box(sc).visible and "Bob resigns next move" in comment_box(sc).html_text
        # saved with the game, byte for byte everywhere else, and read back
        path = tmp_path / "saved.txt"
        assert files.save_to(sc, path)
        saved = path.read_text(encoding="utf-8")
        original = (CORPUS / "amoeba_club_night.txt").read_text(encoding="utf-8")
        assert saved == original.replace("4. c3-c2 g1-f1\n", "4. c3-c2 g1-f1 {Bob resigns next move}\n")
        # the autosave (the game's own file) has it too
        sc.saver.after_frame()
        sc.saver.autosaver.flush()
        assert "{Bob resigns next move}" in sc.saver.path.read_text(encoding="utf-8")
    finally:
        app.close()


def test_editing_keeps_the_clock_and_an_unchanged_comment_changes_nothing():
    app, sc = open_record("onyx_clock_game.txt")
    try:
        sc.history.browse_to(3)
        settle(app)
        node = sc.match.tree.cursor
        before = list(node.comments)
        version = sc.match.tree.version
        click_widget(app, sc.toolbar.buttons["comment"], check="enabled")       # the toolbar's button
        card = sc.dialog
        assert isinstance(card, CommentCard) and card.entry.get_text() == "a fast reply"
        click_widget(app, card.confirm_button)                                  # Save, unchanged
        settle(app)
        assert node.comments == before and sc.match.tree.version == version
        key(app, pygame.K_k, pygame.KMOD_CTRL)
        sc.dialog.entry.set_text("too fast")
        key(app, pygame.K_RETURN)
        settle(app)
        assert node.comments == ["too fast", "[%clk 0:04:40.2]"]
        text = format_record(match_record(sc.match))
        assert "2. f8 {too fast} {[%clk 0:04:40.2]}" in text
        key(app, pygame.K_k, pygame.KMOD_CTRL)                                  # emptied: removed
        sc.dialog.entry.set_text("")
        key(app, pygame.K_RETURN)
        settle(app)
        assert node.comments == ["[%clk 0:04:40.2]"] and not comment_box(sc).visible
    finally:
        app.close()


def test_escape_leaves_the_comment_as_it_was_and_a_click_on_it_edits_it():
    app, sc = open_record("amoeba_club_night.txt")
    try:
        sc.history.browse_to(1)                                       # 1. a3-a4 {a quiet start}
        settle(app)
        node = sc.match.tree.cursor
        click(app, comment_box(sc).rect.center)
        card = sc.dialog
        assert isinstance(card, CommentCard) and card.entry.get_text() == "a quiet start"
        type_text(app, " and wrong")
        key(app, pygame.K_ESCAPE)
        settle(app)
        assert sc.dialog is None and node.comments == ["a quiet start"]
        assert app.scene is sc                                        # Escape closed only the card
    finally:
        app.close()


def test_the_analysis_board_shows_and_edits_comments_too(tmp_path):
    app, sc = open_record("onager_lakes.txt", analysis=True)
    try:
        assert isinstance(sc, AnalysisScene)
        sc.history.browse_to(2)                                       # the lake c3 {Bob blocks the left}
        settle(app)
        assert sc.comments.shown() == "Bob blocks the left" and comment_box(sc).visible
        key(app, pygame.K_k, pygame.KMOD_CTRL)
        sc.dialog.entry.set_text("Bob blocks the left side")
        key(app, pygame.K_RETURN)
        settle(app)
        assert sc.match.tree.cursor.comments == ["Bob blocks the left side"]
        path = tmp_path / "analysis.txt"
        assert files.save_to(sc, path)
        saved = parse_record(path.read_text(encoding="utf-8"))
        assert (saved.black, saved.white) == ("Ann", "Bob") and saved.headers["Event"] == "Lakes, in the order placed"
        assert saved.comments[2] == ["Bob blocks the left side"]
    finally:
        app.close()


def test_the_comment_card_and_box_at_a_large_window():
    app, sc = open_record("amoeba_club_night.txt", size="2560x1440")
    try:
        sc.history.browse_to(4)
        settle(app)
        box = comment_box(sc)
        assert box.visible and box.fits
        key(app, pygame.K_k, pygame.KMOD_CTRL)
        card = sc.dialog
        assert card.fits and card.entry.rect.h >= sc.px(30)
        screen = pygame.Rect((0, 0), app.size)
        assert screen.contains(card.rect)
    finally:
        app.close()


# ------------------------------------------------------------------ variations
AMOEBA_LINE = "a3-a4 f3-g2 c6-c5 e2-d2 b3-b4 e1-d2"


def test_play_on_from_here_counts_every_move_that_goes_into_the_variation():
    app = make_app("--game", "amoeba", "--moves", AMOEBA_LINE, "--window", "1280x800")
    try:
        settle(app, 30)
        sc = app.scene
        m = sc.match
        sc.undo()
        settle(app)
        sc.undo()                                     # the game stands at ply 4; 2 moves to Redo
        settle(app)
        sc.history.browse_to(2)                       # two plies further back
        settle(app)
        assert m.live.ply == 4 and m.tree.cursor.ply == 2
        other = next(t for t in m.legal_strs() if t != "c6-c5")
        sc.play_move(other)
        assert sc.dialog_kind == "branch"
        assert "The 4 later moves stay in the move list as a variation" in sc.dialog.text
    finally:
        app.close()


def test_right_and_end_follow_the_line_shown_on_the_analysis_board():
    app = make_app("--scene", "analysis:amoeba", "--moves", "a3-a4 f3-g2 c6-c5", "--window", "1280x800")
    try:
        settle(app, 30)
        sc = app.scene
        assert isinstance(sc, AnalysisScene)
        m = sc.match
        sc.history.browse_to(1)
        settle(app)
        x = next(t for t in m.legal_strs() if t != "f3-g2")
        sc.board_move(x)
        settle(app)
        y = m.legal_strs()[0]
        sc.board_move(y)                              # a variation of two moves after a3-a4
        settle(app)
        sc.panel.do_action("__promote__")             # Make main line: the old line is a variation now
        settle(app)
        main = [n.move.text for n in m.tree.main_line()]
        assert main == ["a3-a4", x, y]
        sc.history.browse_to(0)
        settle(app)
        for _ in range(3):
            key(app, pygame.K_RIGHT)
            settle(app)
        assert m.tree.cursor.ply == 3 and m.tree.cursor.move.text == y       # Right went all the way
        assert not sc.toolbar.buttons["forward"].is_enabled
        sc.history.browse_to(0)
        settle(app)
        key(app, pygame.K_END)
        settle(app)
        assert m.tree.cursor is m.tree.root.end()                             # End: the line's end
        # Remove line: the old line goes; Right and End still follow the line the list shows
        old = m.tree.root.children[0].children[1]
        assert old.move.text == "f3-g2"
        sc.history.show(old, animate=False)
        settle(app)
        sc.panel.do_action("__delete__")
        settle(app)
        assert m.tree.cursor.ply == 1 and len(m.tree.root.children[0].children) == 1
        key(app, pygame.K_RIGHT)
        settle(app)
        key(app, pygame.K_RIGHT)
        settle(app)
        assert m.tree.cursor.ply == 3
        sc.history.browse_to(1)
        settle(app)
        key(app, pygame.K_END)
        settle(app)
        assert m.tree.cursor.ply == 3
    finally:
        app.close()


def test_a_line_made_a_variation_keeps_its_review_marks(tmp_path):
    text = (CORPUS / "amoeba_club_night.txt").read_text(encoding="utf-8")
    blunder = "{?? allows a forced win; best: e3-d3; black: 40.0% -> black wins}"
    text = text.replace("1. a3-a4 {a quiet start} f3-g2 (", f"1. a3-a4 {{a quiet start}} f3-g2 {blunder} (")
    path = tmp_path / "reviewed.txt"
    path.write_text(text, encoding="utf-8")
    app = make_app("--window", "1280x800")
    try:
        settle(app, 10)
        assert files.load_path(app.scene, path)
        app.finish_transition()
        settle(app, 40)
        sc = app.scene
        m = sc.match
        box = sc.w["moves"]
        old = m.tree.root.children[0].children[0]
        assert old.move.text == "f3-g2" and box.marks.get(1) == "??"
        sc.history.show(m.tree.root.children[0].children[1], animate=False)     # 1... e1-f1
        settle(app)
        sc.panel.do_action("__promote__")
        settle(app)
        assert not old.is_main_line()
        assert box.var_marks.get(f"v{old.uid}") == "??" and 1 not in box.marks
        assert any(piece == "f3-g2??" for row in box.rows() for piece in row.split())
    finally:
        app.close()


def test_play_on_from_here_asked_by_a_typed_move_is_answered_by_enter():
    # the move box kept the keyboard under the card: Enter went to the box, and Tab then Enter
    # pressed Cancel
    from ui_helpers import type_move
    app = make_app("--game", "amoeba", "--moves", AMOEBA_LINE, "--window", "1024x640")
    try:
        settle(app, 30)
        sc = app.scene
        m = sc.match
        sc.history.browse_to(2)
        settle(app)
        other = next(t for t in m.legal_strs() if t != "c6-c5" and "-" in t)
        type_move(app, other)
        assert sc.dialog_kind == "branch"
        key(app, pygame.K_RETURN)
        settle(app)
        assert sc.dialog is None and m.tree.cursor.ply == 3 and m.tree.cursor.move.text == other
    finally:
        app.close()
