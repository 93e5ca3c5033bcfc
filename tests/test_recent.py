"""Recent unfinished games: an unfinished game is never discarded (issue 22, item 2).

Each game in progress has its own file in ``<data>/unfinished/``; New game, Load and quitting
keep it, the menu offers the newest as Continue and the next ones as a short list, and the board
says so when the player leaves a game for another one. Every file lives under the test's own
ABSTRACT_TRIO_HOME (tests/conftest.py), i.e. under pytest's tmp_path.
"""
from __future__ import annotations

import datetime
import os
import random
from pathlib import Path

import pygame
import pytest

from game import autosave as AS
from game import storage
from game.match import Match
from game.rules import make_game
from game.rules.base import Color
from game.rules.record import format_record, parse_record, record_from_game
from game.scenes import files
from game.scenes.menu import MAX_RECENT, MenuScene, age_text, fit_text
from game.scenes.newgame import NewGameScene

from ui_helpers import board, click, click_widget, make_app, settle, step


@pytest.fixture
def home() -> Path:
    path = Path(os.environ[storage.HOME_ENV])
    assert "home" in path.name          # pytest's tmp_path_factory folder (tests/conftest.py)
    return path


def onyx_text(moves: list[str], size: int = 12) -> str:
    g = make_game("onyx", size=size)
    for t in moves:
        g.push(t)
    return format_record(record_from_game(g, ("Human", "Human"), datetime.date(2026, 12, 1)))


def put_unfinished(name: str, text: str, mtime: float) -> Path:
    path = storage.unfinished_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (mtime, mtime))
    return path


def play(app, text: str) -> None:
    sc = board(app)
    opt = next(o for o in sc.input.options if o.text == text)
    for lab in opt.clicks:
        click(app, sc.view.pixel_of(lab))
    settle(app)


def play_any(app, rng: random.Random) -> str:
    sc = board(app)
    opt = rng.choice([o for o in sc.input.options if o.clicks])
    play(app, opt.text)
    return opt.text


def menu_of(app) -> MenuScene:
    menu = app.scene
    assert isinstance(menu, MenuScene), menu
    return menu


def go_to_menu(app) -> MenuScene:
    click_widget(app, board(app).w["menu"])
    settle(app)
    return menu_of(app)


def unfinished_games() -> list[tuple[str, list[str]]]:
    AS.writer().flush()
    out = []
    for path, _ in storage.list_unfinished():
        rec = parse_record(path.read_text(encoding="utf-8"))
        out.append((rec.game, list(rec.moves)))
    return out


# ---------------------------------------------------------------- storage
def test_unfinished_paths_are_new_files_in_their_own_folder(home):
    a = storage.new_unfinished_path("onyx", "20261202-101010")
    b = storage.new_unfinished_path("onyx", "20261202-101010")      # same stamp: another name
    assert a.parent == home / "unfinished" == storage.unfinished_dir()
    assert a.name == "20261202-101010-onyx.txt" and b.name == "20261202-101010-onyx-2.txt"
    assert not a.exists() and not b.exists()                         # nothing written yet
    assert storage.new_unfinished_path("../x", "a/b").parent == storage.unfinished_dir()


def test_list_load_and_remove_unfinished_games(home):
    assert storage.list_unfinished() == []
    old = put_unfinished("1-onyx.txt", onyx_text(["f6"]), 1_000_000)
    new = put_unfinished("2-onyx.txt", onyx_text(["f6", "e7"]), 2_000_000)
    (storage.unfinished_dir() / ".2-onyx.txt.abc.tmp").write_text("half", encoding="utf-8")
    assert storage.list_unfinished() == [(new, 2_000_000), (old, 1_000_000)]
    record, message = storage.load_unfinished(new)
    assert message is None and record.moves == ["f6", "e7"]
    assert storage.load_unfinished(home / "unfinished" / "gone.txt") == (None, None)
    assert storage.remove_unfinished(old) is True
    assert storage.remove_unfinished(old) is False
    with pytest.raises(storage.StorageError):
        storage.remove_unfinished(storage.last_game_path())          # only games in progress
    assert [p for p, _ in storage.list_unfinished()] == [new]


def test_a_corrupt_unfinished_file_is_set_aside_never_deleted(home):
    bad = put_unfinished("1-amoeba.txt", '[Game "amoeba"]\n\n1. zz9-zz8 a1-a2\n', 1_000_000)
    record, message = storage.load_unfinished(bad)
    assert record is None and "could not be read" in message and "line 3" in message
    kept = bad.with_name("1-amoeba.corrupt-1.txt")
    assert kept.read_text(encoding="utf-8").startswith('[Game "amoeba"]') and not bad.exists()
    assert str(kept) in message
    assert storage.list_unfinished() == []                          # set aside: not offered again


def test_a_damaged_unfinished_file_loads_up_to_its_last_good_move(home):
    """Issue 22 item 7: the good plies are kept, the message names where it stopped, and the
    original is kept aside."""
    text = '[Game "amoeba"]\n\n1. a1-a2 zz9-zz8\n'
    bad = put_unfinished("1-amoeba.txt", text, 1_000_000)
    record, message = storage.load_unfinished(bad)
    assert record is not None and record.moves == ["a1-a2"] and record.recovered_plies == 1
    assert "damaged" in message and "line 3" in message
    kept = bad.with_name("1-amoeba.corrupt-1.txt")
    assert kept.read_text(encoding="utf-8") == text and kept.name in message
    again, note = storage.load_unfinished(bad)                     # the repaired file reads cleanly
    assert again is not None and again.moves == ["a1-a2"] and note is None
    assert [p for p, _ in storage.list_unfinished()] == [bad]


def test_the_folder_keeps_twelve_games_and_moves_the_oldest_aside(home):
    for i in range(storage.MAX_UNFINISHED):
        put_unfinished(f"{i:02d}-onyx.txt", onyx_text(["f6"] if i % 2 else ["f6", "e7"]), 1_000_000 + i)
    match = Match(make_game("onyx"), {Color.BLACK: "human", Color.WHITE: "human"})
    saver = AS.Autosaver(AS.BackgroundWriter(threaded=False))
    saver.update(match)
    match.play("f6")
    assert saver.update(match)                                        # the 13th game's first write
    assert saver.path is not None and saver.path.parent == storage.unfinished_dir() and saver.path.exists()
    listed = [p for p, _ in storage.list_unfinished()]
    assert len(listed) == storage.MAX_UNFINISHED and listed[0] == saver.path
    older = storage.unfinished_dir() / "older"
    assert [p.name for p in older.iterdir()] == ["00-onyx.txt"]        # moved, not deleted
    match.play("e7")
    saver.update(match)                                               # the same file again: nothing else moves
    assert [p.name for p in older.iterdir()] == ["00-onyx.txt"]
    assert parse_record(saver.path.read_text(encoding="utf-8")).moves == ["f6", "e7"]


def test_each_game_writes_its_own_file_and_a_finished_one_leaves_the_list(home):
    bg = AS.BackgroundWriter(threaded=False)
    first = Match(make_game("onyx"), {Color.BLACK: "human", Color.WHITE: "human"})
    second = Match(make_game("onyx"), {Color.BLACK: "human", Color.WHITE: "human"})
    a, b = AS.Autosaver(bg), AS.Autosaver(bg)
    for saver, match in ((a, first), (b, second)):
        saver.update(match)
        assert not saver.update(match, force=True) and saver.path is None    # no moves: no file
    first.play("f6")
    a.update(first)
    second.play("c3")
    b.update(second)
    assert a.path != b.path and a.path.exists() and b.path.exists()
    second.resign(Color.BLACK)
    b.update(second)
    assert not b.path.exists() and [p for p, _ in storage.list_unfinished()] == [a.path]
    last = storage.load_last_game()
    assert last is not None and last.result is not None and last.moves == ["c3"]
    resumed = AS.Autosaver(bg, path=a.path)                            # a game resumed from its file
    resumed.update(first)
    first.play("e7")
    resumed.update(first)
    assert [p for p, _ in storage.list_unfinished()] == [a.path]
    assert parse_record(a.path.read_text(encoding="utf-8")).moves == ["f6", "e7"]


def test_the_legacy_autosave_is_moved_into_the_folder(home):
    text = onyx_text(["f6", "e7", "c3"])
    storage.autosave_path().write_text(text, encoding="utf-8")
    os.utime(storage.autosave_path(), (1_700_000_000, 1_700_000_000))
    dest, message = storage.migrate_legacy_autosave()
    assert message is None and dest is not None and dest.parent == storage.unfinished_dir()
    assert dest.name.endswith("-onyx.txt") and dest.read_text(encoding="utf-8") == text
    assert not storage.autosave_path().exists()
    assert storage.list_unfinished() == [(dest, 1_700_000_000)]
    assert storage.migrate_legacy_autosave() == (None, None)


def test_age_and_fitted_labels():
    assert [age_text(s) for s in (5, 125, 7300, 90_000, 3 * 86400)] == \
        ["just now", "2 min ago", "2 h ago", "yesterday", "3 days ago"]
    pygame.font.init()
    from game.views import draw as D
    font = D.font(16, True)
    assert fit_text("short", font, 500) == "short"
    cut = fit_text("Onyx, move 23, Black to move · 2 h ago", font, 120)
    assert cut.endswith("…") and font.size(cut)[0] <= 120


# ---------------------------------------------------------------- the menu and the boards
def test_new_game_keeps_the_unfinished_game_and_the_menu_resumes_it():
    """The reported case: Onyx after 2 plies -> New game -> Onager: the Onyx game is not lost."""
    app = make_app("--game", "onyx")
    settle(app)
    play(app, "f6")
    play(app, "e7")
    click_widget(app, board(app).w["new"])
    settle(app)
    form = app.scene
    assert isinstance(form, NewGameScene)
    click_widget(app, form.widgets["tab_onager"])
    settle(app)
    click_widget(app, form.widgets["start"])
    settle(app)
    onager = board(app)
    assert onager.game_name == "onager"
    assert "Your Onyx game (move 2" in onager.panel.status     # said once, on the new board
    assert getattr(app, "notice", "") == ""
    play_any(app, random.Random(3))
    menu = go_to_menu(app)
    assert menu.continue_btn is not None and menu.continue_btn.text.startswith("Continue: Onager")
    assert [e["record"].game for e in menu.recent] == ["onyx"]
    btn = menu.recent[0]["btn"]
    assert btn is not None and btn.text.startswith("Onyx") and btn.text.endswith(" · just now")
    assert sorted(g for g, _ in unfinished_games()) == ["onager", "onyx"]
    kept = menu.recent[0]["path"]
    click_widget(app, btn)
    settle(app)
    sc = board(app)
    assert sc.game_name == "onyx" and [pm.text for pm in sc.match.history] == ["f6", "e7"]
    assert sc.saver.path == kept                                   # it goes on writing its own file
    play(app, "c3")
    AS.writer().flush()
    assert parse_record(kept.read_text(encoding="utf-8")).moves == ["f6", "e7", "c3"]
    assert len(storage.list_unfinished()) == 2
    app.close()


def test_new_game_then_back_returns_to_the_game_and_leaves_no_word_behind():
    # Back from New game went to the menu ('Your Onyx game (move 1…) is kept'): it returns to
    # the game now, which writes on in its own file; nothing is left to say on the menu after it
    app = make_app("--game", "onyx")
    settle(app)
    play(app, "f6")
    click_widget(app, board(app).w["new"])
    settle(app)
    click_widget(app, app.scene.widgets["back"])
    settle(app)
    assert [pm.text for pm in board(app).match.history] == ["f6"]
    assert app.notice == ""
    play(app, "e7")
    menu = go_to_menu(app)
    assert menu.message == ""
    assert menu.continue_btn is not None and menu.continue_btn.text.startswith("Continue: Onyx")
    assert unfinished_games() == [("onyx", ["f6", "e7"])]        # one file, the same game
    app.close()


def test_quitting_keeps_every_unfinished_game():
    app = make_app("--game", "onyx")
    settle(app)
    play(app, "f6")
    play(app, "e7")
    menu = go_to_menu(app)
    click_widget(app, menu.cards[2]["play"])           # Onager
    settle(app)
    app.scene.players["white"] = "human"   # the form offers level 2 by default: two people here
    app.scene.relayout()
    settle(app)
    click_widget(app, app.scene.widgets["start"])
    settle(app)
    moves = [play_any(app, random.Random(8)) for _ in range(2)]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert not app.running
    app.close()

    app2 = make_app()
    settle(app2)
    menu = menu_of(app2)
    assert menu.continue_btn is not None and menu.continue_btn.text.startswith("Continue: Onager")
    assert [(e["record"].game, list(e["record"].moves)) for e in menu.recent] == [("onyx", ["f6", "e7"])]
    click_widget(app2, menu.continue_btn)
    settle(app2)
    assert [pm.text for pm in board(app2).match.history] == moves
    app2.close()


def test_load_keeps_the_unfinished_game_and_says_so(tmp_path):
    app = make_app("--game", "onyx")
    settle(app)
    sc = board(app)
    play(app, "f6")
    play(app, "e7")
    path = tmp_path / "other.txt"
    path.write_text(onyx_text(["c3", "d4", "e5"]), encoding="utf-8")
    files.ask_before_loading(sc, path)
    settle(app)
    loaded = board(app)
    assert loaded is not sc and sc.dialog is None                     # nothing to ask: nothing is lost
    assert [pm.text for pm in loaded.match.history] == ["c3", "d4", "e5"]
    assert "Your Onyx game (move 2" in loaded.panel.status
    assert sorted(m for _, m in unfinished_games()) == [["c3", "d4", "e5"], ["f6", "e7"]]
    assert loaded.saver.path is not None and loaded.saver.path.parent == storage.unfinished_dir()
    menu = go_to_menu(app)
    assert menu.continue_btn.text.startswith("Continue: Onyx, move 2")      # the loaded game, newest
    assert [list(e["record"].moves) for e in menu.recent] == [["f6", "e7"]]
    app.close()


def test_a_finished_game_leaves_the_list():
    app = make_app("--game", "onyx")
    settle(app)
    sc = board(app)
    play(app, "f6")
    play(app, "e7")
    AS.writer().flush()
    path = sc.saver.path
    assert path is not None and path.exists()
    click_widget(app, sc.w["resign"])
    click_widget(app, sc.dialog.confirm_button)
    settle(app)
    AS.writer().flush()
    assert not path.exists() and storage.list_unfinished() == []
    assert storage.load_last_game().moves == ["f6", "e7"]
    menu = go_to_menu(app)
    assert menu.continue_btn is None and menu.recent == []
    app.close()


def test_the_menu_migrates_the_legacy_autosave_and_sets_corrupt_files_aside(home):
    storage.autosave_path().write_text(onyx_text(["f6", "e7"]), encoding="utf-8")
    bad = put_unfinished("2-amoeba.txt", "junk", 2_000_000_000)
    app = make_app()
    settle(app)
    menu = menu_of(app)
    assert menu.continue_btn is not None and menu.continue_btn.text.startswith("Continue: Onyx")
    assert not storage.autosave_path().exists()
    assert "could not be read" in menu.message and menu.message_box.visible
    assert bad.with_name("2-amoeba.corrupt-1.txt").read_text(encoding="utf-8") == "junk"
    assert menu.recent == []
    app.close()


def test_the_recent_list_shows_five_and_resumes_each(home):
    for i in range(7):
        put_unfinished(f"{i}-onyx.txt", onyx_text(["f6", "e7", "c3"][: i % 3 + 1]), 1_000_000_000 + i * 100)
    app = make_app("--window", "1024x640")
    settle(app)
    menu = menu_of(app)
    assert len(menu.recent) == MAX_RECENT
    assert [e["path"].name for e in menu.recent] == [f"{i}-onyx.txt" for i in (5, 4, 3, 2, 1)]
    entry = menu.recent[3]
    click_widget(app, entry["btn"])
    settle(app)
    assert [pm.text for pm in board(app).match.history] == ["f6", "e7", "c3"][: 2 % 3 + 1]
    app.close()


def test_the_small_cross_sets_a_game_aside_after_asking(home):
    import pygame_gui
    put_unfinished("1-onyx.txt", onyx_text(["f6"]), 1_000_000_000)
    put_unfinished("2-onyx.txt", onyx_text(["f6", "e7"]), 1_000_000_100)
    gone = put_unfinished("0-onyx.txt", onyx_text(["c3"]), 999_999_000)
    app = make_app()
    settle(app)
    menu = menu_of(app)
    assert [e["path"] for e in menu.recent] == [storage.unfinished_dir() / "1-onyx.txt", gone]
    click_widget(app, menu.recent[1]["aside"])
    step(app, 2)
    assert menu.dialog is not None and menu.dialog_kind == "set_aside" and gone.exists()   # asks first
    click_widget(app, menu.dialog.cancel_button)
    step(app, 2)
    assert menu.dialog is None and gone.exists() and len(menu.recent) == 2
    click_widget(app, menu.recent[1]["aside"])
    step(app, 2)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=menu.dialog))
    step(app, 2)
    kept = storage.unfinished_dir() / "older" / "0-onyx.txt"
    assert not gone.exists() and parse_record(kept.read_text(encoding="utf-8")).moves == ["c3"]   # not deleted
    assert [e["path"].name for e in menu.recent] == ["1-onyx.txt"] and menu.message.startswith("Set aside")
    app.close()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (2400, 1400), (3840, 2160)])
def test_the_menu_with_recent_games_and_a_notice_fits(home, size):
    """Six unfinished games (Continue and five more) and the notice: nothing overlaps or is cut."""
    import test_layout_audit as audit
    for i in range(6):
        text = onyx_text(["f6", "e7", "c3", "d4"][: i % 4 + 1], size=(12, 16, 20)[i % 3])
        put_unfinished(f"{i}-onyx.txt", text, 1_000_000_000 + i * 100)
    app = audit.make_app(size)
    try:
        app.notice = "Your Onyx game (move 2) is kept under Recent games on the menu."
        audit.open_case(app, "menu", ())
        for _ in range(2):
            app.step(1 / 60)
        menu = menu_of(app)
        assert len(menu.recent) == 5 and menu.message.startswith("Your Onyx game")
        problems = audit.audit(app)
        assert not problems, "\n".join(problems)
        for card in menu.cards:
            assert card["pic"].h >= 40, card["pic"]
    finally:
        app.close()


def test_a_game_set_up_and_played_takes_the_notice_of_the_game_it_left():
    # Onager at move 4, New game, Set up… then Play: the notice stayed for the menu, which later
    # said 'Your Onager game (move 4…) is kept' about a game left long before
    from game.scenes.editor import EditorScene
    app = make_app("--game", "onager")
    settle(app)
    sc = board(app)
    for _ in range(4):
        play(app, sc.match.legal_strs()[0])
    click_widget(app, sc.w["new"])
    settle(app)
    assert app.notice.startswith("Your Onager game")
    click_widget(app, app.scene.widgets["setup"])
    settle(app)
    assert isinstance(app.scene, EditorScene)
    click_widget(app, app.scene.widgets["play"])
    settle(app)
    played = board(app)
    assert app.notice == "" and played.panel.status.startswith("Your Onager game")
    app.close()
