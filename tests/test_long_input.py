"""Texts of any length cost a frame no more than a short one would: the file dialog's path box
(pygame-gui lays it out again on every key, in time growing with the square of its length) and
a loaded record's comment (the box shows three lines of it) are kept to what can be used."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.rules.record_tree import _join
from game.scenes import files
from game.scenes.board.comments import SHOWN_CHARS

from ui_helpers import board, make_app, settle, step


def test_the_other_folder_path_box_takes_no_endless_paste():
    app = make_app("--game", "amoeba", "--moves", "c3-d4")
    try:
        dlg = files.open_other_dialog(board(app), "save")
        step(app, 1)
        line = dlg.file_path_text_line
        c = line.get_abs_rect().center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=c, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=c, button=1))
        step(app, 1)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x" * 5000))
        step(app, 1)
        assert len(line.get_text()) <= files.PATH_LIMIT
    finally:
        app.close()


def test_a_loaded_comment_of_any_length_shows_its_beginning(tmp_path):
    path = tmp_path / "long comment.txt"
    path.write_text('[Game "amoeba"]\n\n1. c3-d4 {' + "word " * 8000 + "}\n", encoding="utf-8")
    app = make_app("--game", "amoeba")
    try:
        assert files.load_path(board(app), path)
        settle(app, 10)
        sc = board(app)
        assert len(sc.comments.shown()) > 30000         # the whole comment is kept ...
        shown = sc.comments.box.html_text
        assert sc.comments.box.visible and len(shown) < SHOWN_CHARS + 100 and "…" in shown   # ... its start shown
    finally:
        app.close()


def test_a_record_of_many_tokens_is_joined_in_one_pass():
    tokens = ["1.", "c3-d4", "(", "1.", "c3-c4", ")"] + ["{x}"] * 100_000
    text = _join(tokens)
    assert text.startswith("1. c3-d4 (1. c3-c4) {x} {x}") and len(text) == len("1. c3-d4 (1. c3-c4)") + 4 * 100_000
