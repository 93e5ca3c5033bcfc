"""The game library says what opening a record shows.

The list and the preview give the result the board opens with (the replayed moves', or the
Result header where the moves leave it to the players), and no result or length for a file
that does not open; a dropped Result header is one true sentence; a bad Variant header says
why; the dialog's title bar follows the UI scale after a resize; small Onyx pictures read.
"""
from __future__ import annotations

import datetime
import random
from pathlib import Path

import pygame
import pytest

from game.rules import make_game
from game.rules.base import Reason
from game.rules.record import format_record, parse_record, record_from_game
from game.scenes import library as L
from game.scenes.library import LibraryDialog
from game.storage import records_dir
from game.ui.endings import result_words
from game.ui.problems import record_words
from game.ui.thumbnail import position_picture

from ui_helpers import board, click_widget, make_app, settle, step


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("ABSTRACT_TRIO_HOME", str(tmp_path / "home"))
    L._PARSED.clear()
    L.THUMBS.clear()


def _kernel_game() -> tuple[list[str], str]:
    """The moves of an Amoeba game that ends with a Kernel captured, and the winner's word."""
    for seed in range(400):
        g = make_game("amoeba")
        rng = random.Random(seed)
        while not g.is_over and g.ply < 200:
            g.play(rng.choice(g.legal_moves()))
        if g.result is not None and g.result.reason == Reason.KERNEL_CAPTURED and g.result.winner is not None:
            return list(parse_record(format_record(record_from_game(g, ["A", "B"], datetime.date(2026, 1, 1)))).moves), g.result.winner.word
    raise AssertionError("no random game ended with a Kernel captured")


def _write(name: str, text: str) -> Path:
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _open_library(app) -> LibraryDialog:
    click_widget(app, app.scene.load_btn)
    dlg = app.scene.dialog
    assert isinstance(dlg, LibraryDialog), dlg
    return dlg


def _drawn(dlg: LibraryDialog, monkeypatch) -> dict[str, str]:
    """The texts the dialog draws, by their layout name ('row 0 detail', 'preview 2', ...)."""
    said: dict[str, str] = {}
    draw_text = LibraryDialog._text

    def text(self, surf, text, pos, size, colour, bold, bounds, name):
        said[name] = text
        draw_text(self, surf, text, pos, size, colour, bold, bounds, name)

    monkeypatch.setattr(LibraryDialog, "_text", text)
    dlg.settle()
    return said


def _row(dlg: LibraryDialog, name: str) -> int:
    return next(i for i, e in enumerate(dlg.entries) if e.path.name == name)


def test_the_list_and_preview_say_the_result_the_board_opens_with(monkeypatch):
    moves, winner = _kernel_game()
    loser = "black" if winner == "white" else "white"
    body = "\n\n" + " ".join(moves) + "\n"
    _write("wrong result.txt", f'[Game "amoeba"]\n[Result "{loser}"]\n[Reason "resign"]' + body)
    _write("no result.txt", '[Game "amoeba"]' + body)
    _write("resigned.txt", f'[Game "amoeba"]\n[Result "{winner}"]\n[Reason "resign"]\n\n{moves[0]} {moves[1]}\n')
    _write("chess.txt", '[Game "chess"]\n\n1. e4 e5\n')
    ended = result_words(winner, Reason.KERNEL_CAPTURED)
    app = make_app("--window", "1280x800")
    try:
        dlg = _open_library(app)
        said = _drawn(dlg, monkeypatch)
        for name in ("wrong result.txt", "no result.txt"):
            i = _row(dlg, name)
            assert said[f"row {i} detail"].startswith(ended + " · "), said[f"row {i} detail"]
        i = _row(dlg, "resigned.txt")           # the moves leave it open: the header's resignation stands
        assert said[f"row {i} detail"].startswith(result_words(winner, "resign"))
        i = _row(dlg, "chess.txt")               # it does not open: no result, no length
        assert not dlg.entries[i].openable and said.get(f"row {i} detail", "") == ""
        dlg.select(i)
        said = _drawn(dlg, monkeypatch)
        assert not any("move" in t or "finished" in t.lower() for n, t in said.items()
                       if n.startswith("preview") and n != "preview game" and "chess" not in t)
        dlg.select(_row(dlg, "wrong result.txt"))
        said = _drawn(dlg, monkeypatch)
        assert any(t.startswith(ended + " after ") for n, t in said.items() if n.startswith("preview"))
        dlg.open_selected()
        settle(app)
        result = board(app).match.result
        assert result is not None and result_words(result.winner.word, result.reason) == ended
    finally:
        app.close()


def test_a_dropped_result_header_is_one_true_sentence(monkeypatch):
    moves, winner = _kernel_game()
    loser = "black" if winner == "white" else "white"
    _write("wrong result.txt", f'[Game "amoeba"]\n[Result "{loser}"]\n[Reason "resign"]\n\n' + " ".join(moves) + "\n")
    app = make_app("--window", "1280x800")
    try:
        dlg = _open_library(app)
        dlg.settle()
        e = dlg.entries[_row(dlg, "wrong result.txt")]
        assert e.openable and e.record is not None and len(e.record.moves) == len(moves)   # every move opens
        assert e.warning == "The Result header (line 2) does not fit the moves and is left out.", e.warning
        dlg.select(_row(dlg, "wrong result.txt"))
        dlg.open_selected()
        settle(app)
        status = board(app).panel.status         # the board's words: every move is there, none "kept"
        assert "The Result header (line 2) does not fit the moves and is left out." in status, status
        assert "damaged" not in status and "up to there" not in status, status
    finally:
        app.close()


def test_a_bad_variant_header_says_why(monkeypatch):
    _write("bad variant.txt", '[Game "onyx"]\n[Variant "size=99"]\n\n1. f6\n')
    app = make_app("--window", "1280x800")
    try:
        dlg = _open_library(app)
        dlg.settle()
        e = dlg.entries[_row(dlg, "bad variant.txt")]
        assert not e.openable
        assert e.warning == "Cannot be read: line 2: An Onyx board is 12×12, 16×16 or 20×20, not 99×99.", e.warning
    finally:
        app.close()



@pytest.mark.parametrize("variant,said", [
    ("colour=red", "Onyx has no option “colour” in its Variant header."),
    ("pie=maybe", "The option pie is true or false, not “maybe”."),
    ("size=big", "The option size is a whole number, not “big”."),
    ("pie=true pie=false", "The Variant header gives the option pie twice."),
    ("pie", "The Variant header is written as option=value words, not “pie”."),
    ("size=99", "An Onyx board is 12×12, 16×16 or 20×20, not 99×99."),
])
def test_the_reader_says_what_is_wrong_with_a_variant(variant, said):
    from game.rules.record import RecordError, parse_record
    with pytest.raises(RecordError) as caught:
        parse_record(f'[Game "onyx"]\n[Variant "{variant}"]\n\n1. f6\n')
    e = caught.value
    assert e.kind == "variant" and record_words(e.kind, e.facts) == said


@pytest.mark.parametrize("first,then", [((3840, 2160), (1024, 640)), ((1024, 640), (3840, 2160))])
def test_the_title_bar_follows_the_ui_scale_after_a_resize(first, then):
    app = make_app("--window", f"{first[0]}x{first[1]}")
    try:
        dlg = _open_library(app)
        assert dlg.title_bar is not None and dlg.title_bar.rect.h == app.px(28)
        font_before = dlg.title_bar.font.get_point_size()
        app.resize(then)
        step(app, 2)
        assert dlg.title_bar.rect.h == app.px(28) == round(28 * app.ui_scale)
        assert dlg.close_window_button is not None and dlg.close_window_button.rect.h == app.px(28)
        assert (dlg.title_bar.font.get_point_size() < font_before) == (then[0] < first[0])
        assert dlg.get_container().get_rect().top == dlg.title_bar.rect.bottom
    finally:
        app.close()


def _dark_share(pic: pygame.Surface) -> float:
    """The share of the picture's middle (the playing surface) that is near black."""
    w, h = pic.get_size()
    box = pygame.Rect(0, 0, w * 6 // 10, h * 6 // 10)
    box.center = (w // 2, h // 2)
    dark = sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
               if sum(pic.get_at((x, y))[:3]) < 3 * 70)
    return dark / (box.w * box.h)


def test_small_onyx_pictures_are_not_covered_by_point_marks():
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    for options in ({"open": True}, {"open": True, "size": 20}):
        empty = position_picture("onyx", options, {}, (64, 64))
        assert _dark_share(empty) < 0.05, options          # wood, not a field of holes
        stone = position_picture("onyx", options, {"f6": ("B",)}, (64, 64))
        assert _dark_share(stone) > _dark_share(empty)      # a stone still shows
    big = position_picture("onyx", {"open": True}, {}, (600, 600))
    assert big.get_size() == (600, 600)                    # a large picture is drawn as it was


def test_a_reason_without_a_result_is_named_as_it_is():
    from game.rules.record import parse_record
    from game.ui.problems import record_note_words
    rec = parse_record('[Game "amoeba"]\n[Black "A"]\n[White "B"]\n[Date "2026-12-07"]\n[Reason "resign"]\n\n1. c3-d4\n',
                       recover=True)
    assert rec.note is not None and rec.note.line == 5
    assert record_note_words(rec.note) == "The Result or Reason header (line 5) cannot be used and is left out."
