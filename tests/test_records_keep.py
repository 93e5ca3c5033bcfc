"""Records keep what they are given: headers in their order, names by the seats really played,
comments and variations, the lakes' order, a whole last move without a final line break,
messages that number moves as the file does, and a finished game taken back is a game in
progress (its own file, Continue).

The corpus ``tests/data/records_roundtrip/`` holds hand-made records (names, unknown headers,
comments, nested variations, an Onyx pie swap, Onager lakes, a set-up start, a clock game, a
file without a final line break); each goes load -> play on -> save -> load and stays the same,
byte for byte, in everything the new moves did not change.
"""
from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest

from game import autosave as AS
from game import records as R
from game import storage
from game.autosave import Autosaver, BackgroundWriter, match_from_record, match_record
from game.match import HUMAN, Match
from game.rules import make_game
from game.rules.base import Color
from game.rules.numbering import rows, slots_for
from game.rules.record import RecordError, format_record, parse_record
from game.rules.tree import GameNode
from game.ui.moveflow import flatten, lines_text
from game.ui.words import player_words, record_file_words

CORPUS = Path(__file__).parent / "data" / "records_roundtrip"
FILES = sorted(p.name for p in CORPUS.glob("*.txt"))
CHANGING = ("Result", "Reason", "Plies")          # what new moves may change in the headers


def corpus(name: str) -> str:
    return (CORPUS / name).read_text(encoding="utf-8")


def header_lines(text: str) -> list[str]:
    head = text.split("\n\n", 1)[0].splitlines()
    return [ln for ln in head if not any(ln.startswith(f"[{h} ") for h in CHANGING)]


def move_lines(text: str) -> list[str]:
    return text.split("\n\n", 1)[1].rstrip("\n").split("\n")


def shape(node: GameNode) -> tuple:
    """A tree as (record, comments, children) all the way down."""
    return (node.move.record if node.move else None, tuple(node.comments),
            tuple(shape(c) for c in node.children))


def contains(big: tuple, small: tuple) -> bool:
    """Does the tree ``big`` hold every move, comment and variation of ``small``, in order?"""
    if big[0] != small[0] or big[1] != small[1] or len(big[2]) < len(small[2]):
        return False
    return all(contains(b, s) for b, s in zip(big[2], small[2]))


def ends(match: Match, text: str) -> bool:
    g = match.game.copy()
    g.push(text)
    return g.result is not None


def play_on(match: Match, n: int = 2) -> list[str]:
    """``n`` moves at the end of the game's line (the first legal one that does not end it)."""
    played = []
    for _ in range(n):
        if match.is_over:
            break
        legal = match.legal_strs()
        text = next((t for t in legal if not ends(match, t)), legal[0])
        match.play(text)
        played.append(text)
    return played


# ------------------------------------------------------------------ the corpus
def test_the_corpus_is_hand_made_and_covers_what_it_should():
    assert len(FILES) >= 6
    texts = [corpus(f) for f in FILES]
    assert any("(" in t and "((" not in t and t.count("(") >= 2 for t in texts)     # variations
    assert any("Event" in t for t in texts) and any("swap" in t for t in texts)
    assert any("Lakes:" in t for t in texts) and any("%clk" in t for t in texts)
    assert any("SetUp" in t for t in texts) and any(not t.endswith("\n") for t in texts)
    for text in texts:
        rec = parse_record(text)
        assert rec.black and rec.white and rec.tree is not None and rec.tree.count_comments()


@pytest.mark.parametrize("name", FILES)
def test_load_play_on_save_load_keeps_everything_not_changed(name):
    text = corpus(name)
    rec = parse_record(text)
    canonical = format_record(rec)
    if text.endswith("\n"):
        assert canonical == text                      # the corpus is written as the program writes
    match = match_from_record(rec)
    assert format_record(match_record(match)) == canonical       # load -> save: the same bytes
    before = shape(match.tree.root)
    played = play_on(match, 2)
    assert played
    saved = format_record(match_record(match))
    assert header_lines(saved) == header_lines(canonical)         # every header, in its order
    old, new = move_lines(canonical), move_lines(saved)
    assert new[:len(old) - 1] == old[:-1]                         # the rows before the last: as they were
    assert new[len(old) - 1].startswith(old[-1])                  # the last row: only moves added after it
    again = parse_record(saved)
    assert contains(shape(again.tree.root), before)               # every comment and variation kept
    assert again.moves[:len(rec.moves)] == rec.moves and len(again.moves) == len(rec.moves) + len(played)
    assert (again.black, again.white) == (rec.black, rec.white)
    again_match = match_from_record(again)
    assert again_match.start_players == match.start_players


@pytest.mark.parametrize("name", FILES)
def test_the_autosave_and_the_library_keep_the_headers(name, tmp_path):
    rec = parse_record(corpus(name))
    match = match_from_record(rec)
    play_on(match, 1)
    saver = Autosaver(bg=BackgroundWriter(threaded=False), path=tmp_path / "game.txt")
    saver.update(match, force=True)
    # a game the move finished is kept as the last game, else in its own file
    written = (storage.last_game_path() if match.is_over else tmp_path / "game.txt").read_text(encoding="utf-8")
    assert header_lines(written) == header_lines(format_record(rec))
    info = storage.scan_record(storage.last_game_path() if match.is_over else tmp_path / "game.txt")
    assert (info.black, info.white) == (rec.black, rec.white)
    assert storage.suggest_record_path(record_file_words(parse_record(written)), tmp_path).name == \
        f"{rec.date} {rec.game.capitalize()}, {player_words(rec.black)} vs {player_words(rec.white)}.txt"


def test_headers_are_written_in_the_order_given():
    text = ('[Game "amoeba"]\n[Event "Club night"]\n[Black "Ann"]\n[Round "2"]\n[White "Bob"]\n'
            '[Result "*"]\n[Plies "1"]\n\n1. a3-a4\n')
    assert format_record(parse_record(text)) == text


# ------------------------------------------------------------------ names by the seats played
def test_a_pie_swap_names_the_players_by_the_colours_they_played():
    m = Match(make_game("onyx", pie=True), {Color.BLACK: HUMAN, Color.WHITE: "medium"})
    m.play("h8")                           # the human's first stone ...
    m.play("swap")                         # ... Medium takes it: Medium plays Black from here
    assert m.players == {Color.BLACK: "medium", Color.WHITE: HUMAN}
    rec = match_record(m, datetime.date(2026, 12, 2))
    assert (rec.black, rec.white) == ("Computer (Medium)", "Human")
    assert storage.suggest_record_path(record_file_words(rec), Path("/nowhere")).name == \
        "2026-12-02 Onyx, Computer – Level 5 (Medium) vs Human.txt"      # as the board names it
    back = match_from_record(parse_record(format_record(rec)))          # Continue: the same seats
    assert back.players == {Color.BLACK: "medium", Color.WHITE: HUMAN}
    assert back.start_players == {Color.BLACK: HUMAN, Color.WHITE: "medium"}
    back.undo()                                                          # the swap taken back
    assert back.players == {Color.BLACK: HUMAN, Color.WHITE: "medium"}
    assert (match_record(back).black, match_record(back).white) == ("Computer (Medium)", "Human")


def test_names_of_a_loaded_record_stay_and_follow_a_swap_taken_back():
    rec = parse_record(corpus("onyx_pie_swap.txt"))       # Black "Computer (Medium)", White "Ann"
    m = match_from_record(rec)
    assert m.players == {Color.BLACK: "medium", Color.WHITE: HUMAN}      # Ann (a person) is White
    for _ in range(len(rec.moves) - 1):
        m.undo()                                  # back to after h8: the swap is taken back ...
    m.play("c3")                                  # ... and White plays a stone instead
    out = match_record(m)
    assert (out.black, out.white) == ("Ann", "Computer (Medium)")    # Ann moved first, as Black


def test_file_names_say_the_game_and_the_players_never_human_vs_human():
    g = make_game("amoeba")
    g.push("a3-a4")
    m = Match(g)
    rec = match_record(m, datetime.date(2026, 12, 2))
    assert storage.suggest_record_path(record_file_words(rec), Path("/nowhere")).name == "2026-12-02 Amoeba.txt"
    m.names = {Color.BLACK: "Ann", Color.WHITE: "Bob"}
    rec = match_record(m, datetime.date(2026, 12, 2))
    assert storage.suggest_record_path(record_file_words(rec), Path("/nowhere")).name == "2026-12-02 Amoeba, Ann vs Bob.txt"


# ------------------------------------------------------------------ the lakes' order
def test_the_lakes_row_keeps_the_order_the_lakes_were_placed():
    rec = parse_record(corpus("onager_lakes.txt"))
    assert rec.moves[:3] == ["e5", "c3", "e8"]
    assert lines_text(flatten(rec.tree))[0] == "Lakes. e5 c3 e8"
    assert R.show_text(rec).splitlines()[0] == "Lakes: e5 c3 e8"
    row = rows(slots_for(rec.start(), rec.moves), rec.moves)[0]
    assert row.order == ["e5", "c3", "e8"] and row.phase
    assert "Lakes: e5 c3 {Bob blocks the left} e8" in format_record(rec)


# ------------------------------------------------------------------ no final line break
def test_a_last_move_without_a_final_line_break_is_read_alike_everywhere(tmp_path, capsys):
    path = CORPUS / "onyx_no_final_newline.txt"
    assert not path.read_text(encoding="utf-8").endswith("\n")
    plain, recovered = parse_record(path.read_text()), parse_record(path.read_text(), recover=True)
    assert plain.moves == recovered.moves == ["f6", "c3", "f8", "i1"]
    assert recovered.error is None and recovered.recovered_plies is None
    for args in (["show", str(path)], ["show", "--recover", str(path)]):
        assert R.main(args) == 0
        out, err = capsys.readouterr()
        assert out.splitlines()[-1].split() == ["2.", "f8", "i1"] and err == ""
    assert R.main(["show", "--json", "--recover", str(path)]) == 0
    assert '"plies": 4' in capsys.readouterr().out
    from game.scenes.files import read_record                 # the library's and Load's reading
    rec, problem = read_record(path)
    assert rec is not None and problem == "" and len(rec.moves) == 4 and rec.error is None
    # a move cut by the end of the file is still caught: "i" is no move, but "i1" begins with it
    cut = tmp_path / "cut.txt"
    cut.write_text(path.read_text()[:-1], encoding="utf-8")
    rec = parse_record(cut.read_text(), recover=True)
    assert rec.moves == ["f6", "c3", "f8"] and "ends inside the move 'i'" in (rec.error or "")


def test_a_file_with_plies_cut_inside_a_move_that_is_a_move_too_is_caught():
    text = '[Game "onyx"]\n[Result "*"]\n[Plies "4"]\n\n1. f6 c3\n2. f8 i1'     # i1 of i10 or i11?
    rec = parse_record(text + "0\n", recover=True)
    assert rec.moves[-1] == "i10" and rec.error is None
    rec = parse_record(text, recover=True)
    assert rec.moves == ["f6", "c3", "f8"] and "ends inside the move 'i1'" in (rec.error or "")


# ------------------------------------------------------------------ messages number moves as the file does
@pytest.mark.parametrize("text, words", [
    ('[Game "onager"]\n\nLakes: e5 c3 e8\n1. a2-c2 k2-i2\n2. c2-d3 c4-d9\n', "line 5: move 2 (White) 'c4-d9' refused"),
    ('[Game "onyx"]\n\n1. f6 c3\n2. f6\n', "line 4: move 2 (Black) 'f6' refused"),
    ('[Game "onager"]\n\nLakes: e5 e5\n', "line 3: the lakes (White) 'e5' refused"),
    ('[Game "amoeba"]\n\n1. a3-a4 (1. a3-a4 a3-a4)\n', "line 3: move 1 (White) 'a3-a4' in a variation"),
])
def test_messages_name_moves_as_the_file_numbers_them(text, words):
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert str(info.value).startswith(words), str(info.value)


# ------------------------------------------------------------------ a finished game taken back
def finished_amoeba() -> Match:
    rec = parse_record((Path(__file__).parent / "data" / "records" / "amoeba_finished.txt").read_text())
    m = match_from_record(rec)
    assert m.live_result is not None and m.live is m.tree.root.end()
    return m


def test_a_finished_game_taken_back_is_a_game_in_progress(tmp_path):
    m = finished_amoeba()
    saver = Autosaver(bg=BackgroundWriter(threaded=False))
    saver.update(m)                                   # (the first call takes note only)
    assert not saver.keeps(m)
    m.undo()                                          # back from the lost position ...
    m.undo()
    m.redo()                                          # ... and on again, part way
    assert m.live_result is None and m.live is not m.tree.root.end()
    assert saver.keeps(m)
    assert saver.update(m)
    found = storage.list_unfinished()
    assert [p for p, _ in found] == [saver.path]
    rec = parse_record(saver.path.read_text(encoding="utf-8"))
    assert AS.stands_unfinished(rec) and rec.result is not None          # the line's end is kept too
    back = match_from_record(rec)
    assert back.live.ply == m.live.ply and back.live_result is None and back.can_redo
    assert AS.describe_record(rec).endswith("to move")
    m.redo()                                          # the game's end again: finished, the file goes
    assert saver.update(m)
    assert storage.list_unfinished() == [] and storage.last_game_path().exists()


def _unfinished_copy(plies: int, moves: list[str] | None = None) -> Path:
    """The finished Amoeba game cut after ``plies`` (or other ``moves``), as left unfinished."""
    rec = parse_record((Path(__file__).parent / "data" / "records" / "amoeba_finished.txt").read_text())
    m = Match(make_game("amoeba"))
    m.names.update({Color.BLACK: "Ann", Color.WHITE: "Computer (Hard)"})
    for mv in (moves if moves is not None else rec.moves[:plies]):
        m.play(mv)
    m.headers["Date"] = rec.headers["Date"]
    saver = Autosaver(bg=BackgroundWriter(threaded=False))
    saver.update(m, force=True)
    assert saver.path is not None and saver.path.exists()
    return saver.path


def test_a_game_finished_from_its_saved_copy_leaves_no_continue():
    # Ann saved her game at move 6, quit, and later loaded the saved copy instead of
    # continuing, and played it to its end: the copy left unfinished at the quit is that
    # game, now finished, and no longer offered (set aside in older/, never deleted)
    left = _unfinished_copy(12)
    other = _unfinished_copy(0, ["a3-a4", "f3-g2", "c6-c5", "e4-d5"])    # another game: it stays
    rec = parse_record((Path(__file__).parent / "data" / "records" / "amoeba_finished.txt").read_text())
    m = match_from_record(rec)
    while m.undo():
        if m.live.ply == 10:
            break
    saver = Autosaver(bg=BackgroundWriter(threaded=False))
    saver.update(m)
    while m.redo() is not None:
        pass
    assert m.live_result is not None
    assert saver.update(m)
    assert [p for p, _ in storage.list_unfinished()] == [other]
    assert not left.exists() and (storage.unfinished_dir() / "older" / left.name).exists()


def test_the_menu_offers_a_taken_back_game_as_continue():
    from ui_helpers import make_app
    m = finished_amoeba()
    m.undo()
    saver = Autosaver(bg=BackgroundWriter(threaded=False))
    saver.update(m, force=True)                       # as written before a kill -9
    app = make_app("--window", "1024x640")
    try:
        menu = app.scene
        menu.check_autosave()
        assert menu.resume_path == saver.path and menu.resume_text.startswith("Amoeba, move")
    finally:
        app.close()


def test_a_record_opened_finished_leaves_the_last_game_finished_alone(tmp_path):
    last = storage.last_game_path()
    last.parent.mkdir(parents=True, exist_ok=True)
    last.write_text("the game the player finished last", encoding="utf-8")
    m = finished_amoeba()
    saver = Autosaver(bg=BackgroundWriter(threaded=False))
    saver.opened(m)
    assert not saver.update(m, force=True)            # (the board writes a game opened at once)
    m.undo()
    m.redo()                                          # browsed back to its end: still the game opened
    assert not saver.update(m)
    assert last.read_text(encoding="utf-8") == "the game the player finished last"
    assert storage.list_unfinished() == []


def test_opening_a_finished_record_in_the_window_keeps_the_last_game():
    from game.scenes.files import load_path
    from game.writer import flush_writes
    from ui_helpers import board, make_app, settle
    last = storage.last_game_path()
    last.parent.mkdir(parents=True, exist_ok=True)
    last.write_text("the game the player finished last", encoding="utf-8")
    app = make_app("--game", "amoeba")
    try:
        assert load_path(board(app), Path(__file__).parent / "data" / "records" / "amoeba_finished.txt")
        settle(app, 20)
        assert board(app).match.is_over
        status = board(app).panel.status                # the result card says who won: not twice
        assert status.startswith("Loaded amoeba_finished.txt") and "wins" not in status, status
        flush_writes()
        assert last.read_text(encoding="utf-8") == "the game the player finished last"
    finally:
        app.close()
