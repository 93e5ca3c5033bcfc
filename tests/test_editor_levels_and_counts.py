"""The position editor offers the New game form's players, and a record's count of moves is the
move list's.

* The editor's Black and White choices are ``newgame.player_choices`` (Human and the eight
  levels with their ratings), not a list of its own; a level chosen there (level 3) is the
  level that plays; the longest words fit their boxes at 1024x640 in en, ja and uz.
* A record's moves, as the Load dialog and the library count them, are the rows of its move
  list (``game.rules.numbering``): read from the file's last row (``scan_record``) and from
  the parsed record (``record_moves``) alike, also when White starts a row ("2... e6" after
  the Onyx swap, a set-up with White to move).
"""
from __future__ import annotations

import datetime

import pygame
import pygame_gui
import pytest

from game.match import Match
from game.rules import Color, make_game
from game.rules.numbering import rows
from game.rules.record import parse_record, record_from_game
from game.scenes.editor import EditorScene
from game.scenes.newgame import player_choices
from game import storage
from game.storage import records_dir, save_record, scan_record
from ui_helpers import make_app, settle


from test_editor import editor  # noqa: F401,E402  (the editor at 1024x640: one fixture for both files)


# ------------------------------------------------------------------ the editor's players
@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
def test_the_editor_offers_the_new_game_forms_players(editor, game):
    app, sc = editor(game)
    want = player_choices(game, app.settings, None, 12 if game == "onyx" else None)
    for side in ("black", "white"):
        menu = sc.widgets[side]
        assert menu.values == [v for _w, v in want]
        assert [t for t, _oid in menu.options_list] == [w for w, _v in want]
    assert len(want) == 9                   # Human and the levels 1-8


def test_the_words_name_the_board_a_level_was_rated_on(editor):
    app, sc = editor("onyx", "--black", "3")
    sc.set_size(16)
    settle(app, 5)
    sc = app.scene
    assert sc.players["black"] == "3"
    assert sc.widgets["black"].value == "3"
    assert sc.widgets["black"].words() == dict((v, w) for w, v in player_choices("onyx", app.settings, None, 16))["3"]


@pytest.mark.parametrize("game", ["onyx", "amoeba"])
def test_playing_from_the_editor_seats_the_level_chosen(editor, game):
    app, sc = editor(game, "--white", "3", "--black", "7")
    assert sc.widgets["white"].value == "3" and sc.widgets["black"].value == "7"
    sc.play()
    settle(app, 5)
    match = app.scene.match
    assert match is not None
    assert match.players[Color.WHITE] == "3" and match.players[Color.BLACK] == "7"


def test_the_new_game_forms_level_reaches_the_editor_and_its_game():
    app = make_app("--scene", "new:onyx", "--white", "3", "--window", "1024x640")
    try:
        settle(app)
        form = app.scene
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": form.widgets["setup"]}))
        settle(app, 5)
        sc = app.scene
        assert isinstance(sc, EditorScene) and sc.widgets["white"].value == "3"
        sc.play()
        settle(app, 5)
        assert app.scene.match.players[Color.WHITE] == "3"
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
def test_the_players_words_fit_at_1024x640(editor, lang, game):
    from test_layout_audit import audit
    app, sc = editor(game, "--lang", lang, "--black", "hard", "--white", "medium")
    from game import i18n
    assert i18n.language() == lang
    words = dict((v, w) for w, v in player_choices(game, app.settings, None, 12 if game == "onyx" else None))
    for side, level in (("black", "hard"), ("white", "medium")):     # among the longest words shown
        assert sc.widgets[side].words() == words[level]
    problems = [p for p in audit(app) if "does not fit" in p or "overlaps" in p or "outside" in p]
    assert not problems, problems


# ------------------------------------------------------------------ a record's moves
def _record(game: str, moves: str, name: str, **opts):
    g = make_game(game, **opts)
    for m in moves.split():
        g.play(g.parse_move(m))
    rec = record_from_game(g, ("A", "B"), datetime.date(2026, 1, 1))
    records_dir().mkdir(parents=True, exist_ok=True)
    return save_record(records_dir() / name, rec), g


def _move_list_rows(path) -> int:
    """The numbered rows of the move list of the game the file loads into."""
    rec = parse_record(path.read_text(encoding="utf-8"))
    g = rec.start()
    for m in rec.moves:
        g.play(g.parse_move(m))
    match = Match(g)
    slots = match.slots()
    return sum(1 for r in rows(slots, [str(i) for i in range(len(slots))]) if not r.phase), match.moves_count()


@pytest.mark.parametrize("moves,want", [("f6 swap e6 e7", 3), ("f6 swap e6", 2), ("f6 swap", 1), ("f6", 1)])
def test_an_onyx_record_with_the_swap_counts_the_rows_of_its_move_list(moves, want):
    path, _g = _record("onyx", moves, "pie.txt", pie=True)
    numbered, count = _move_list_rows(path)
    assert numbered == count == want
    info = scan_record(path)
    assert info.plies == len(moves.split())
    assert info.moves == want                 # the file's last row ("2... e6" counts)
    assert storage.record_moves(parse_record(path.read_text(encoding="utf-8"))) == want


def test_a_set_up_with_white_to_move_counts_its_first_row():
    g = make_game("onyx")
    g.play(g.parse_move("f6"))
    start = type(g).from_position(g.position_text(), Color.WHITE)     # a set-up, White to move
    start.play(start.parse_move("e7"))
    rec = record_from_game(start, ("A", "B"), datetime.date(2026, 1, 1))
    records_dir().mkdir(parents=True, exist_ok=True)
    path = save_record(records_dir() / "setup.txt", rec)
    assert "1... e7" in path.read_text(encoding="utf-8")
    numbered, count = _move_list_rows(path)
    assert numbered == count == 1
    assert scan_record(path).moves == 1 == storage.record_moves(parse_record(path.read_text(encoding="utf-8")))


def test_a_comment_or_variation_on_lines_of_its_own_is_not_a_row(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text('[Game "onyx"]\n\n1. f6 e7 (1... d7\n9. a1)\n2. c3 d4 {a long note:\n7. is not a row}\n',
                    encoding="utf-8")
    assert scan_record(path).moves == 2


def test_the_library_says_the_same_count_before_and_after_reading_a_file():
    from game.scenes.library import Entry, parse_entry
    path, _g = _record("onyx", "f6 swap e6", "pie3.txt", pie=True)
    entry = Entry(scan_record(path))
    before = entry.info.moves
    parse_entry(entry)
    assert entry.record is not None
    assert before == entry.moves == 2


def test_onager_lakes_are_a_row_but_not_a_move():
    g = make_game("onager")
    while g.turn_phase() is not None:            # the three lakes
        g.play(g.legal_moves()[0])
    m = g.legal_moves()[0]
    g.play(m)
    rec = record_from_game(g, ("A", "B"), datetime.date(2026, 1, 1))
    records_dir().mkdir(parents=True, exist_ok=True)
    path = save_record(records_dir() / "onager.txt", rec)
    numbered, count = _move_list_rows(path)
    assert numbered == count == 1
    assert scan_record(path).moves == 1 == storage.record_moves(parse_record(path.read_text(encoding="utf-8")))
