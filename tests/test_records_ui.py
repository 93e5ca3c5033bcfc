"""Records in the app: autosave after every move, Continue, corrupt autosave, Save/Load with the
file dialog, history browsing by clicks and keys, branch confirmation, Replay, Picture, sounds.

Every test runs with its own ABSTRACT_TRIO_HOME (tests/conftest.py), driven headless with
synthetic mouse and key events and a stepped clock.
"""
from __future__ import annotations

import datetime
import random
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import autosave as AS
from game.app import App
from game.anim.fade import FadeAnimation
from game.ui.movelist import link_rect
from game.rules import make_game
from game.rules.base import Color, Result
from game.rules.record import format_record, parse_record, record_from_game
from game.scenes.board import BoardScene
from game.scenes.files import labels_of, pictures_dir
from game.scenes.menu import MenuScene
from game.sound import bank, sounds_for
from game.storage import autosave_path, last_game_path, list_unfinished, records_dir

from ui_helpers import board, click, click_widget, key, step
import ui_helpers as helpers


# ---------------------------------------------------------------- a person using the app (ui_helpers)
def settle(app: App) -> None:
    """Let fades, animations and the computer finish."""
    helpers.settle(app, 80, thinking=True)


def make_app(*args: str) -> App:
    app = helpers.make_app(*args)
    settle(app)
    return app


def click_move(app: App, rng: random.Random) -> str:
    """Play a random legal move by clicking the points the input asks for; returns its text."""
    sc = board(app)
    options = [o for o in sc.input.options if o.clicks]
    opt = rng.choice(options)
    for lab in opt.clicks:
        click(app, sc.view.pixel_of(lab))
    settle(app)
    return opt.text


def saved_autosave() -> AS.Record | None:
    """The newest unfinished game's file (each game in progress has its own: game.storage)."""
    AS.writer().flush()
    found = list_unfinished()
    return parse_record(found[0][0].read_text(encoding="utf-8")) if found else None


def button(sc: BoardScene, key_: str):
    return sc.toolbar.buttons[key_]


def keys_after(game_name: str, moves: list[str], options: dict | None = None) -> list[int]:
    g = make_game(game_name, **(options or {}))
    out = [g.key()]
    for t in moves:
        g.push(t)
        out.append(g.key())
    return out


@pytest.fixture
def onyx_app():
    app = make_app("--game", "onyx", "--window", "1280x800")
    yield app
    app.close()


# ---------------------------------------------------------------- autosave and Continue
def test_every_move_is_autosaved_off_the_frame(onyx_app):
    app = onyx_app
    sc = board(app)
    rng = random.Random(5)
    assert saved_autosave() is None          # a new game with no moves writes nothing
    for n in range(1, 6):
        click_move(app, rng)
        rec = saved_autosave()
        assert rec is not None and rec.game == "onyx"
        assert rec.moves == [pm.record for pm in sc.match.history]
        assert len(rec.moves) == n and rec.result is None
    # undo and redo are saved too
    sc.undo()
    step(app, 2)
    rec = saved_autosave()
    # the game stands at ply 4 and the later move is kept as the redo line
    assert rec.headers.get("Live") == "4" and len(rec.moves) == 5


def test_quit_mid_game_then_continue_restores_the_exact_position():
    app = make_app("--game", "amoeba", "--white", "easy", "--window", "1024x640")
    sc = board(app)
    rng = random.Random(11)
    for _ in range(3):
        click_move(app, rng)               # the computer (White) answers each move
    settle(app)
    history = [pm.text for pm in sc.match.history]
    key_before = sc.match.game.key()
    to_move = sc.match.to_move
    assert len(history) == 6
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert not app.running
    app.close()

    app2 = make_app()
    menu = app2.scene
    assert isinstance(menu, MenuScene)
    assert menu.continue_btn is not None
    assert menu.continue_btn.text == f"Continue: Amoeba, move 4, {to_move.title} to move"
    click_widget(app2, menu.continue_btn)
    settle(app2)
    sc2 = board(app2)
    assert [pm.text for pm in sc2.match.history] == history
    assert sc2.match.game.key() == key_before and sc2.match.to_move == to_move
    assert sc2.match.players == {Color.BLACK: "human", Color.WHITE: "easy"}
    assert sc2.browse_ply is None and sc2.marks == [labels_of(sc2.match.motions_of(sc2.match.node))]
    app2.close()


def test_leaving_while_browsing_comes_back_at_the_same_move(onyx_app):
    app = onyx_app
    sc = board(app)
    rng = random.Random(21)
    moves = [click_move(app, rng) for _ in range(5)]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    settle(app)
    assert sc.browse_ply == 3
    click_widget(app, sc.w["menu"])
    settle(app)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.continue_btn is not None
    # Continue names where the game stands (5 plies: White's reply in move 3), not the ply viewed
    assert menu.continue_btn.text == "Continue: Onyx, move 3, White to move"
    click_widget(app, menu.continue_btn)
    settle(app)
    sc2 = board(app)
    m = sc2.match
    assert sc2.browse_ply == 3 and [pm.text for pm in m.history] == moves[:3]
    assert [pm.text for pm in m.future] == moves[3:]
    assert m.game.key() == keys_after("onyx", moves)[3]
    key(app, pygame.K_END)
    settle(app)
    assert [pm.text for pm in m.history] == moves and sc2.browse_ply is None


def test_a_corrupt_autosave_is_set_aside_with_a_message():
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('[Game "amoeba"]\n\n1. a1-a2 zz9-zz8\n', encoding="utf-8")
    app = make_app()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert menu.continue_btn is None
    assert "could not be read" in menu.message and "line 3" in menu.message
    assert menu.message_box is not None and menu.message_box.visible
    assert not path.exists()
    assert (path.parent / "autosave.corrupt-1.txt").exists()
    app.close()


def test_a_finished_game_clears_the_autosave_and_is_kept_as_the_last_game(onyx_app):
    app = onyx_app
    sc = board(app)
    rng = random.Random(2)
    click_move(app, rng)
    click_move(app, rng)
    assert saved_autosave() is not None
    click_widget(app, sc.w["resign"])
    ok = sc.dialog.confirm_button
    click_widget(app, ok)
    settle(app)
    assert sc.match.result is not None and sc.match.result.reason == "resign"
    assert saved_autosave() is None
    last = parse_record(last_game_path().read_text(encoding="utf-8"))
    assert last.result == sc.match.result and len(last.moves) == 2
    # browsing back and forth keeps the resignation
    key(app, pygame.K_LEFT)
    settle(app)
    assert sc.browse_ply == 1 and sc.match.result is None
    key(app, pygame.K_END)
    settle(app)
    assert sc.browse_ply is None and sc.match.result is not None and sc.match.result.reason == "resign"
    assert saved_autosave() is None


# ---------------------------------------------------------------- history browsing
def test_history_by_buttons_keys_and_move_list(onyx_app):
    app = onyx_app
    sc = board(app)
    rng = random.Random(7)
    moves = [click_move(app, rng) for _ in range(6)]
    keys = keys_after("onyx", moves)
    m = sc.match
    click_widget(app, button(sc, "first"))
    assert isinstance(sc.anim, FadeAnimation)      # a backward jump cross-fades
    settle(app)
    assert len(m.history) == 0 and sc.browse_ply == 0 and m.game.key() == keys[0]
    assert len(m.future) == 6
    key(app, pygame.K_RIGHT)                        # forward: the move's own animation
    assert sc.anim is not None and not isinstance(sc.anim, FadeAnimation)
    settle(app)
    assert len(m.history) == 1 and m.game.key() == keys[1]
    click_widget(app, button(sc, "forward"))
    settle(app)
    assert len(m.history) == 2 and m.game.key() == keys[2]
    click_widget(app, button(sc, "back"))
    settle(app)
    assert len(m.history) == 1 and m.game.key() == keys[1]
    key(app, pygame.K_END)
    settle(app)
    assert len(m.history) == 6 and sc.browse_ply is None and m.game.key() == keys[6]
    key(app, pygame.K_HOME)
    settle(app)
    assert len(m.history) == 0
    # a click on the 4th move of the list shows the position after it
    r = link_rect(sc.w["moves"], "4")
    assert r is not None
    click(app, r.center)
    settle(app)
    assert len(m.history) == 4 and m.game.key() == keys[4] and sc.browse_ply == 4
    # "move" means a numbered move everywhere: ply 4 is White's reply in move 2
    assert sc.panel.status.lower().startswith(f"move 2, white: {m.history[-1].record}")
    # the list marks the shown move; the game's later moves stay as played (only a redo line
    # after where the game stands is dim: tests/test_movelist_variations.py)
    colours = sc.history._href_colour
    assert colours["4"] != colours["3"] == colours["5"]
    # last-move marks follow the shown position
    assert sc.last_move_labels() and sc.last_move_labels() == labels_of(m.motions_of(m.node))
    assert sc.marks == [sc.last_move_labels()]


def test_the_computer_waits_while_browsing():
    app = make_app("--game", "onyx", "--white", "easy")
    sc = board(app)
    rng = random.Random(3)
    click_move(app, rng)
    click_move(app, rng)
    settle(app)
    m = sc.match
    assert len(m.history) == 4
    key(app, pygame.K_LEFT)          # White (the computer) to move at ply 3
    settle(app)
    assert m.to_move == Color.WHITE and not m.is_human(m.to_move)
    step(app, 120, 0.05)
    assert len(m.history) == 3 and len(m.future) == 1 and not sc.computer.thinking
    # a click on the board says what is going on instead of "thinking"
    click(app, sc.view.pixel_of(sc.view.points()[0]))
    assert "looking at another position (move 2, black" in sc.panel.status.lower()   # ply 3: Black's move 2
    key(app, pygame.K_END)
    settle(app)
    assert len(m.history) == 4 and sc.browse_ply is None
    app.close()


def test_a_new_move_from_an_earlier_point_asks_first(onyx_app):
    app = onyx_app
    sc = board(app)
    rng = random.Random(9)
    moves = [click_move(app, rng) for _ in range(5)]
    m = sc.match
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    settle(app)
    assert len(m.history) == 3 and len(m.future) == 2
    # the recorded next move is just a step forward, no question
    nxt = m.future[0].text
    opt = next(o for o in sc.input.options if o.text == nxt)
    for lab in opt.clicks:
        click(app, sc.view.pixel_of(lab))
    settle(app)
    assert sc.dialog is None and len(m.history) == 4 and len(m.future) == 1
    key(app, pygame.K_LEFT)
    settle(app)
    other = next(o for o in sc.input.options if o.text != m.future[0].text)
    for lab in other.clicks:
        click(app, sc.view.pixel_of(lab))
    assert sc.dialog is not None and sc.dialog_kind == "branch"
    assert len(m.history) == 3 and len(m.future) == 2          # nothing discarded yet
    key(app, pygame.K_ESCAPE)                                  # No: nothing changes
    step(app, 3)
    assert sc.dialog is None and len(m.future) == 2 and [pm.text for pm in m.future] == moves[3:]
    for lab in other.clicks:
        click(app, sc.view.pixel_of(lab))
    assert sc.dialog_kind == "branch"
    click_widget(app, sc.dialog.confirm_button)
    settle(app)
    assert m.future == [] and [pm.text for pm in m.history] == moves[:3] + [other.text]
    assert sc.browse_ply is None
    rec = saved_autosave()
    assert rec.moves == [pm.record for pm in m.history] and "Current" not in rec.headers


# ---------------------------------------------------------------- save, load, replay
def _pick_file(app: App, dialog, path: Path) -> None:
    """Choose a file in the game library as a person would: select its row (Load) or type its
    name (Save), press Open or Save."""
    dialog.pick(path)
    step(app, 2)
    assert dialog.ok_button.is_enabled
    click_widget(app, dialog.ok_button)
    step(app, 3)


def _finished_record(seed: int = 4) -> tuple[str, list[str]]:
    g = make_game("amoeba")
    rng = random.Random(seed)
    while not g.is_over and g.ply < 400:
        g.play(rng.choice(g.legal_moves()))
    rec = record_from_game(g, ("Ann", "Bob"), datetime.date(2026, 11, 29))
    played = []
    h = g.copy()
    while h.ply:
        m = h.undo()
        played.append(h.move_str(m))
    return format_record(rec), played[::-1]


def test_load_a_record_from_the_menu_and_replay_it():
    text, moves = _finished_record()
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "ann vs bob.txt"
    path.write_text(text, encoding="utf-8")
    app = make_app("--window", "1024x640")
    menu = app.scene
    click_widget(app, menu.load_btn)
    assert menu.dialog is not None
    _pick_file(app, menu.dialog, path)
    settle(app)
    sc = board(app)
    m = sc.match
    assert [pm.text for pm in m.history] == moves and m.is_over
    assert sc.match.players == {Color.BLACK: "human", Color.WHITE: "human"}
    assert "Loaded ann vs bob.txt" in sc.panel.status
    final_key = m.game.key()
    click_widget(app, button(sc, "replay"))
    settle(app)
    assert sc.history.replaying and len(m.history) == 0
    seen = set()
    for _ in range(4000):
        step(app, 1, 0.05)
        seen.add(len(m.history))
        if not sc.history.replaying:
            break
    assert not sc.history.replaying
    assert seen >= set(range(1, len(moves) + 1))
    assert m.game.key() == final_key and m.is_over and sc.browse_ply is None
    assert "Replay finished" in sc.panel.status
    app.close()


def test_replay_stops_on_a_click(onyx_app):
    app = onyx_app
    sc = board(app)
    rng = random.Random(1)
    for _ in range(4):
        click_move(app, rng)
    click_widget(app, button(sc, "replay"))
    step(app, 20, 0.05)
    assert sc.history.replaying
    click(app, sc.board_rect.center)
    assert not sc.history.replaying
    shown = len(sc.match.history)
    step(app, 60, 0.05)
    assert len(sc.match.history) == shown < 4


def test_loading_a_bad_file_names_the_line_and_changes_nothing(onyx_app):
    app = onyx_app
    sc = board(app)
    rng = random.Random(8)
    click_move(app, rng)
    before = [pm.text for pm in sc.match.history]
    bad = records_dir() / "broken.txt"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text('[Game "onyx"]\n[Black "x"]\n\n1. zz99 a1\n2. b2\n', encoding="utf-8")
    click_widget(app, button(sc, "load"))
    dlg = sc.dialog
    assert dlg is not None and sc.dialog_kind == "load"
    # the library reads it, says why it cannot be opened (naming the line) and keeps Open off
    dlg.pick(bad)
    step(app, 3)
    entry = dlg.entries[dlg.selected]
    assert entry.path == bad and not entry.openable and "line 4" in entry.warning
    assert not dlg.ok_button.is_enabled
    dlg.open_selected()                             # a double click: the note says why, nothing opens
    assert sc.dialog is dlg and dlg.note_kind == "error" and "broken.txt" in dlg.note and "line" in dlg.note
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert app.scene is sc and sc.dialog is None
    assert [pm.text for pm in sc.match.history] == before
    assert bad.exists()


def test_loading_a_damaged_file_keeps_its_good_moves_and_says_where_it_stopped(onyx_app):
    """Issue 22 item 7: a damaged record loads up to its last good move; the file is unchanged."""
    app = onyx_app
    sc = board(app)
    text = '[Game "onyx"]\n[Black "x"]\n\n1. a1 b2\n2. zz99\n'
    bad = records_dir() / "damaged.txt"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text(text, encoding="utf-8")
    click_widget(app, button(sc, "load"))
    _pick_file(app, sc.dialog, bad)
    settle(app)
    sc2 = board(app)
    assert sc2 is not sc and [pm.text for pm in sc2.match.history] == ["a1", "b2"]
    assert "damaged.txt is damaged" in sc2.panel.status and "line 5" in sc2.panel.status
    assert bad.read_text(encoding="utf-8") == text


def test_save_with_the_dialog_then_load_it_back(onyx_app):
    app = onyx_app
    sc = board(app)
    rng = random.Random(12)
    for _ in range(3):
        click_move(app, rng)
    moves = [pm.record for pm in sc.match.history]
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert sc.dialog is not None and sc.dialog_kind == "save"
    target = records_dir() / "my game"
    _pick_file(app, sc.dialog, target)
    saved = target.with_suffix(".txt")
    assert saved.exists() and "Saved" in sc.panel.status and str(saved) in sc.panel.status
    rec = parse_record(saved.read_text(encoding="utf-8"))
    assert rec.moves == moves and rec.black == "Human"
    # saving again over the same file asks first
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    _pick_file(app, sc.dialog, saved)
    assert sc.dialog is not None and sc.dialog_kind == "overwrite"
    click_widget(app, sc.dialog.confirm_button)
    step(app, 2)
    assert "Saved" in sc.panel.status
    # Ctrl+O loads it into a new board scene
    key(app, pygame.K_o, pygame.KMOD_CTRL)
    _pick_file(app, sc.dialog, saved)
    settle(app)
    sc2 = board(app)
    assert sc2 is not sc and [pm.record for pm in sc2.match.history] == moves


# ---------------------------------------------------------------- picture and sound
def test_picture_writes_a_png_of_the_board(onyx_app):
    app = onyx_app
    sc = board(app)
    click_move(app, random.Random(0))
    click_widget(app, button(sc, "picture"))
    pngs = list(pictures_dir().glob("*.png"))
    assert len(pngs) == 1 and str(pngs[0]) in sc.panel.status
    img = pygame.image.load(str(pngs[0]))
    assert img.get_size() == sc.view.rect.clip(pygame.Rect((0, 0), app.size)).size
    assert not list(pictures_dir().glob(".picture*"))


def test_sounds_follow_the_motions_and_never_crash(onyx_app):
    app = onyx_app
    sc = board(app)
    b = bank()
    b.played.clear()
    click_move(app, random.Random(0))
    assert "place" in b.played
    g = make_game("amoeba")
    mv = g.legal_moves()[0]
    timeline = sounds_for(g.motions(mv), g.stacks(), 1.0)
    assert timeline and all(t >= 0 for t, _ in timeline)
    assert {n for _, n in timeline} <= {"move", "place", "stack", "capture"}
    # sound off: nothing is played
    app.settings.sound = False
    b.configure(False, 0.5)
    b.played.clear()
    click_move(app, random.Random(1))
    assert b.played == []
    b.configure(True, 0.8)


def test_f11_toggles_full_screen_anywhere(onyx_app):
    app = onyx_app
    key(app, pygame.K_F11)
    assert getattr(app, "fullscreen", False)
    key(app, pygame.K_F11)
    assert not app.fullscreen
    assert app.size[0] >= 1024 and app.scene is not None


def test_autosave_record_helpers_round_trip():
    from game.match import Match
    m = Match(make_game("onyx"), {Color.BLACK: "hard", Color.WHITE: "human"})
    for t in make_game("onyx").legal_strs()[:1]:
        m.play(t)
    m.play(m.game.legal_strs()[3])
    m.resign(Color.WHITE)
    rec = AS.match_record(m, datetime.date(2026, 1, 2))
    assert rec.black == "Computer (Hard)" and rec.white == "Human"
    assert rec.result == Result(Color.BLACK, "resign")
    back = AS.match_from_record(parse_record(format_record(rec)))
    assert back.players == m.players and back.result == m.result
    assert AS.player_from_name("computer (easy)") == "easy" and AS.player_from_name("Ann") == "human"
    assert AS.describe_record(rec).startswith("Onyx, Black wins")
