"""The analysis board (``game/scenes/board/analysis.py``): free moves that become variations,
the engine panel (bar, best lines, marks on the board), Engine off, Play from here, and its
ways in (the menu, the review's 'Analyse from here', ``--scene analysis:GAME``).

Headless and deterministic: stepped frames; the engine is the in-process ``StubEngine`` with a
tiny iteration budget (``StubEngine.analyse``), or a fake worker client where the requests
themselves are checked. One test runs the real worker (ANALYSE streams, cancel stops it)."""
from __future__ import annotations

import time

import pygame
import pytest

from game.ai.worker import ANALYSE, EngineClient, analyse_request, handle
from game.app import parse_args
from game.match import HUMAN, Match
from game.rules import game_class
from game.rules.amoeba import START as AMOEBA_START
from game.rules.base import Color
from game.rules.record import record_from_game
from game.scenes.base import make_scene
from game.scenes.board import BoardScene, StubEngine, WorkerEngine
from game.scenes.board.analysis import AnalysisScene
from game.scenes.files import board_from_record
from game.scenes.menu import MenuScene
from game.ui.words import chance_text

import ui_helpers as helpers
from ui_helpers import click_widget, key, step

# wins in one for the side to move (as in tests/test_analyse.py)
AMOEBA_KERNEL_HANGS = AMOEBA_START.replace("f3: Wk", "d4: Wk")
AMOEBA_WHITE_TAKES = (AMOEBA_START.replace("b3: Bk", "b3: B").replace("c3: B", "c3: Bk")
                      .replace("e1: W", "d3: W"))
ONYX_BLACK = ("Black: " + " ".join(f"e{i}" for i in range(1, 12))
              + "; White: d12 f12 h3 h4 h5 h6 h7 h8 h9 i9 j9")
ONYX_WHITE = "White: " + " ".join(f"{c}5" for c in "abcdefghijk") + "; Black: c3 d7 f7"
ONAGER_RUNNER = "j3: B; e3: B; c4: W; d5: W; f8: W"


@pytest.fixture(autouse=True)
def _tiny_budget(monkeypatch):
    monkeypatch.setattr(StubEngine, "analyse_iterations", 40)


def settle(app) -> None:
    helpers.settle(app, 60)


def analysis_app(scene_args=("--scene", "analysis:amoeba"), size: str = "1280x800"):
    app = helpers.make_app(*scene_args, "--window", size)
    settle(app)
    return app


def push_analysis(app, scene: AnalysisScene) -> AnalysisScene:
    app.push(scene)
    app.finish_transition()
    settle(app)
    return scene


def run_engine(app, sc: AnalysisScene, limit: int = 20) -> None:
    """Frames until the engine's answer for the position shown is final."""
    for _ in range(limit):
        step(app)
        if sc._an_final or sc._an_error:
            break
    assert sc._an_final and not sc._an_error, sc._an_error


# ------------------------------------------------------------------ the engine panel
@pytest.mark.parametrize("name,setup,to_move,move", [
    ("amoeba", AMOEBA_KERNEL_HANGS, Color.BLACK, "c3-d4"),
    ("amoeba", AMOEBA_WHITE_TAKES, Color.WHITE, "d3-c3"),
    ("onyx", ONYX_BLACK, Color.BLACK, "e12"),
    ("onyx", ONYX_WHITE, Color.WHITE, "l5"),
    ("onager", ONAGER_RUNNER, Color.BLACK, "j3-k3"),
])
def test_the_panel_shows_the_win_in_one_first_in_blacks_chance(name, setup, to_move, move):
    app = analysis_app()
    game = game_class(name).from_position(setup, to_move)
    sc = push_analysis(app, AnalysisScene(Match(game)))
    run_engine(app, sc)
    black = "100%" if to_move == Color.BLACK else "0%"     # every figure is Black's chance
    lines = sc.engine_lines()
    assert lines and lines[0].move == move and chance_text(lines[0].value, lines[0].proven) == black
    st = sc.panel_state()
    assert st.on and st.black == (1.0 if to_move == Color.BLACK else 0.0)
    assert f"{to_move.title} wins" in st.note
    deco = sc.decorations()                      # on the board: the move, tagged with rank and value
    assert f"1 · {black}" in deco.tags.values()
    assert deco.arrows or deco.ghosts
    step(app)
    texts = [name for name, *_ in sc.layout_rects()]
    assert "engine line 1" in texts
    sc.board.drag = {"label": "a1", "start": (0, 0), "moved": False}   # a press held on the board
    assert f"1 · {black}" not in sc.decorations().tags.values()
    sc.board.drag = None
    assert f"1 · {black}" in sc.decorations().tags.values()
    app.close()


def test_partial_replies_update_the_panel_round_by_round(monkeypatch):
    monkeypatch.setattr(StubEngine, "analyse_iterations", 900)     # rounds of 800 (the review's), then 100
    app = helpers.make_app("--scene", "analysis:amoeba", "--window", "1280x800")
    sc = app.scene
    assert isinstance(sc, AnalysisScene)
    seen = []
    for _ in range(10):
        step(app)
        seen.append((sc._an_done, sc._an_final))
        if sc._an_final:
            break
    dones = [d for d, _ in seen if d]
    assert dones[0] == 800 and dones[-1] == 900 and dones == sorted(dones)
    assert [f for d, f in seen if d == 800] == [False]      # a partial answer showed first
    assert len(sc.engine_lines()) == 3 and 0.0 <= sc.panel_state().black <= 1.0
    app.close()


class FakeClient:
    """A worker client that records what it was asked."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def analyse(self, **kw):
        self.calls.append(("analyse", kw["request_id"], tuple(kw["moves"])))

    def poll(self):
        return None

    def cancel(self) -> None:
        self.calls.append(("cancel",))

    def close(self) -> None:
        self.calls.append(("close",))


def test_a_new_position_replaces_the_request_and_engine_off_cancels_it():
    clients: list[FakeClient] = []

    def client() -> FakeClient:
        clients.append(FakeClient())
        return clients[-1]

    app = analysis_app()
    app.engine_factory = lambda: WorkerEngine(client_factory=client)
    sc = push_analysis(app, make_scene("analysis", "amoeba", {}, ["b3-c4"]))
    step(app, 2)
    c = clients[-1]
    assert [x[0] for x in c.calls] == ["analyse"] and c.calls[0][2] == ("b3-c4",)
    sc.board_move("e4-e3")                       # a new position: a new request (the client cancels the old)
    step(app, 2)
    assert [x[0] for x in c.calls] == ["analyse", "analyse"] and c.calls[1][2] == ("b3-c4", "e4-e3")
    click_widget(app, sc.w["engine"], check="enabled")
    assert c.calls[-1] == ("cancel",) and not sc.engine_on
    assert sc.w["engine"].text == "Engine on"
    settle(app)
    key(app, pygame.K_LEFT)                                # Left: another position, the engine stays off
    step(app, 5)
    assert [x[0] for x in c.calls].count("analyse") == 2
    assert not sc.panel_state().on and not sc.decorations().tags
    key(app, pygame.K_e, pygame.KMOD_CTRL)         # Ctrl+E: on again, asks about the position shown
    step(app, 2)
    assert sc.engine_on and c.calls[-1][0] == "analyse" and c.calls[-1][2] == ("b3-c4",)
    app.close()
    assert ("close",) in c.calls


# ------------------------------------------------------------------ free moves, variations
def test_a_move_from_an_earlier_position_adds_a_variation_without_a_dialog():
    app = analysis_app(("--scene", "analysis:amoeba", "--moves", "b3-c4 e4-e3 c3-d3"))
    sc = app.scene
    m = sc.match
    main = [n.move.text for n in m.tree.main_line()]
    before = sum(1 for _ in m.tree.nodes())
    key(app, pygame.K_LEFT)                                # Left twice: after b3-c4
    settle(app)
    key(app, pygame.K_LEFT)
    settle(app)
    assert m.tree.cursor.ply == 1
    other = next(t for t in m.legal_strs() if t != main[1])
    sc.board_move(other)
    settle(app)
    assert sc.dialog is None                     # no "Play on from here?"
    branch = m.tree.root.children[0]
    assert [c.move.text for c in branch.children] == [main[1], other]    # added after: a variation
    assert [n.move.text for n in m.tree.main_line()] == main             # the main line as it was
    assert m.tree.live.ply == 3 and m.tree.cursor is branch.children[1]
    assert sum(1 for _ in m.tree.nodes()) == before + 1                  # nothing deleted
    # the next move goes on in the variation; the move already there is stepped onto
    reply = m.legal_strs()[0]
    sc.board_move(reply)
    settle(app)
    assert m.tree.cursor.parent is branch.children[1] and m.tree.cursor.move.text == reply
    key(app, pygame.K_LEFT)
    settle(app)
    sc.board_move(reply)
    settle(app)
    assert len(branch.children[1].children) == 1 and sc.dialog is None
    # Undo steps back without taking anything away; the engine's answer follows the cursor
    n = sum(1 for _ in m.tree.nodes())
    click_widget(app, sc.w["undo"], check="enabled")
    settle(app)
    assert m.tree.cursor is branch.children[1] and sum(1 for _ in m.tree.nodes()) == n
    run_engine(app, sc)
    assert sc.engine_lines()[0].move in {m.game.record_str(mv) for mv in m.game.legal_moves()}
    app.close()


def test_both_sides_human_no_offer_resign_or_hint_and_no_autosave(tmp_path):
    app = analysis_app(("--scene", "analysis:onyx", "--moves", "f6"))
    sc = app.scene
    assert all(sc.match.is_human(c) for c in Color)
    shown = {k for k, el in sc.w.items() if getattr(el, "visible", False)}
    assert {"engine", "play_here", "level"} <= shown
    assert not {"hint", "offer", "resign", "flip"} & shown     # (Flip is the toolbar's, as on every board)
    flip = app.settings.flip
    click_widget(app, sc.toolbar.buttons["flip"], check="enabled")
    assert app.settings.flip != flip and sc.panel_state().flip == app.settings.flip
    click_widget(app, sc.toolbar.buttons["flip"], check="enabled")
    assert sc.saver.kept_text() == ""
    app.close()
    from game.storage import list_unfinished
    assert not list_unfinished()                  # an analysis is not a game in progress


def test_play_from_here_opens_a_game_against_the_computer_at_the_level_chosen():
    app = analysis_app(("--scene", "analysis:amoeba", "--moves", "b3-c4 e4-e3 c3-d3"))
    sc = app.scene
    key(app, pygame.K_LEFT)                                 # after two moves: Black to move
    settle(app)
    assert sc.w["level"].text == "Level 5"                    # Medium on the ladder of eight
    for _ in range(3):
        click_widget(app, sc.w["level"], check="enabled")    # 6, 7, then 8: Hard
    assert sc.play_level == "hard" and sc.w["level"].text == "Level 8"
    assert "Level 8 (Hard)" in sc.panel.status
    click_widget(app, sc.w["play_here"], check="enabled")
    app.finish_transition()
    game = app.scene
    assert type(game) is BoardScene and game is not sc
    gm = game.match
    assert [n.move.text for n in gm.tree.cursor.path()] == ["b3-c4", "e4-e3"]
    assert gm.players == {Color.BLACK: HUMAN, Color.WHITE: "hard"}
    assert [n.move.text for n in sc.match.tree.main_line()] == ["b3-c4", "e4-e3", "c3-d3"]   # unchanged
    click_widget(app, game.w["menu"])             # Menu: back to the analysis
    app.finish_transition()
    settle(app)
    assert app.scene is sc
    app.close()


# ------------------------------------------------------------------ ways in
def test_the_menu_opens_an_analysis_board_for_each_game():
    app = helpers.make_app("--window", "1280x800")
    settle(app)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    for card in menu.cards:
        click_widget(app, card["analyse"], check="enabled")
        app.finish_transition()
        sc = app.scene
        assert isinstance(sc, AnalysisScene) and sc.match.name == card["name"]
        app.pop()
        app.finish_transition()
        settle(app)
    app.close()


def test_analyse_from_here_in_the_review_summary(monkeypatch):
    monkeypatch.setattr(StubEngine, "review_iterations", 30)
    app = helpers.make_app("--game", "onyx", "--window", "1280x800")
    settle(app)
    game = game_class("onyx").from_position(ONYX_BLACK, Color.BLACK)
    for mv in ("a1", "h10", "e12"):
        game.push(mv)
    app.replace(board_from_record(record_from_game(game, ("Human", "Human"), "2026-01-01")))
    app.finish_transition()
    settle(app)
    board = app.scene
    click_widget(app, board.toolbar.buttons["review"], check="enabled")
    for _ in range(200):
        if not board.review.running:
            break
        step(app)
    key(app, pygame.K_LEFT)
    settle(app)
    key(app, pygame.K_LEFT)
    settle(app)                                   # after a1: White to move
    click_widget(app, board.review.buttons["analyse"], check="enabled")
    app.finish_transition()
    sc = app.scene
    assert isinstance(sc, AnalysisScene)
    assert [n.move.text for n in sc.match.tree.cursor.path()] == ["a1"]
    sc.board_move("e12")                          # White blocks: a variation in the copy
    settle(app)
    assert board.match.tree.count_variations() == 0      # the game's own tree is not changed
    run_engine(app, sc)
    app.close()


def test_a_record_opens_on_the_analysis_board():
    game = game_class("onyx").from_position(ONYX_BLACK, Color.BLACK)
    for mv in ("a1", "h10"):
        game.push(mv)
    app = analysis_app()
    sc = push_analysis(app, make_scene("analysis_from_record",
                                       record_from_game(game, ("Human", "Easy"), "2026-01-01")))
    assert isinstance(sc, AnalysisScene) and all(sc.match.is_human(c) for c in Color)
    assert [n.move.text for n in sc.match.tree.cursor.path()] == ["a1", "h10"]
    run_engine(app, sc)
    assert sc.engine_lines()[0].move == "e12" and chance_text(sc.engine_lines()[0].value, sc.engine_lines()[0].proven) == "100%"
    app.close()


def test_the_command_line_opens_it():
    args = parse_args(["--scene", "analysis:onyx", "--size", "16", "--moves", "f6"])
    app = helpers.make_app("--scene", "analysis:onyx", "--size", "16", "--moves", "f6")
    sc = app.scene
    assert args.scene == "analysis:onyx"
    assert isinstance(sc, AnalysisScene) and sc.match.game.options().get("size") == 16
    assert [n.move.text for n in sc.match.tree.cursor.path()] == ["f6"]
    app.close()


# ------------------------------------------------------------------ the worker
def test_analyse_request_in_process():
    sent = []
    final = analyse_request({"request_id": 4, "game": "amoeba", "moves": ["b3-c4"], "iterations": 1000},
                            send=sent.append)
    assert final.ok and not final.info["partial"] and final.info["done"] == 1000
    assert [r.info["done"] for r in sent] == [800] and all(r.info["partial"] for r in sent)
    a = final.info["analysis"]
    assert a["to_move"] == "white" and len(a["lines"]) == 3
    again = handle({"kind": ANALYSE, "request_id": 5, "game": "amoeba", "moves": ["b3-c4"], "iterations": 1000})
    assert again.info["analysis"] == a                   # no clock: the same answer


def test_the_worker_streams_an_analysis_and_cancel_stops_it():
    with EngineClient() as client:
        client.analyse("onyx", {}, ["f6"], request_id="a", iterations=2600)   # 800, 1600, 200
        got = []
        t0 = time.monotonic()
        while time.monotonic() - t0 < 60:
            r = client.poll()
            if r is not None:
                got.append(r)
                if not r.info.get("partial"):
                    break
            time.sleep(0.01)
        assert [r.info["partial"] for r in got] == [True, True, False]
        assert [r.info["done"] for r in got] == [800, 2400, 2600]
        client.analyse("onyx", {}, ["f6"], request_id="b", seconds=30.0)
        assert client.busy
        client.cancel()
        assert not client.busy
        time.sleep(0.3)
        assert client.poll() is None                     # nothing of the cancelled request arrives


@pytest.mark.parametrize("name", ["amoeba", "onyx", "onager"])
def test_random_input_keeps_the_tree_and_the_position_in_step(name):
    """400 seeded random clicks on the board, the panel and the buttons, and keys: the position
    shown is always the replay of the path to the cursor, and the main line only grows."""
    import random
    rng = random.Random(7)
    app = analysis_app(("--scene", f"analysis:{name}"), size="1024x640")
    sc = app.scene
    buttons = [k for k in ("undo", "redo", "engine", "flip", "level") if k in sc.w]
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_e, pygame.K_ESCAPE]
    longest = 0
    for i in range(400):
        r = rng.random()
        if app.scene is not sc:                       # (Escape never leaves here: the menu is below)
            break
        if r < 0.55 and sc.view is not None and sc.input is not None and sc.input.game is not None:
            opts = sc.input.options
            if opts and rng.random() < 0.7:
                labels = [o.clicks[min(len(sc.input.prefix), len(o.clicks) - 1)] for o in opts]
                helpers.click(app, sc.view.pixel_of(rng.choice(labels)))
            else:
                helpers.click(app, sc.view.pixel_of(rng.choice(sc.view.points())))
        elif r < 0.7:
            el = sc.w.get(rng.choice(buttons))
            if el is not None and el.is_enabled:
                click_widget(app, el)
        elif r < 0.8:
            helpers.click(app, (rng.randrange(sc.evalpanel.strip.left, sc.evalpanel.strip.right),
                                rng.randrange(sc.evalpanel.strip.top, sc.evalpanel.strip.bottom)))
        elif rng.random() < 0.97:
            k = rng.choice(keys[:-1])
            key(app, k, pygame.KMOD_CTRL if k == pygame.K_e else 0)     # Ctrl+E: the engine
        step(app)
        m = sc.match
        g = m.start_game
        for node in m.tree.cursor.path():
            g.push(node.move.text)
        assert g.position_text() == m.game.position_text() and g.to_move == m.game.to_move
        n = len(m.tree.main_line())
        assert n >= longest
        longest = n
    assert sum(1 for _ in sc.match.tree.nodes()) > 5
    app.close()


def test_the_level_button_says_its_level_in_full_in_its_tooltip():
    # the button reads 'Level 5'; its tooltip said nothing of the level (name, rating) until a click
    from game.names import level_words
    app = analysis_app()
    try:
        sc = app.scene
        btn = sc.w["level"]
        assert btn.text == "Level 5" and level_words("amoeba", "medium", app.settings.level_seconds("medium")) \
            in btn.tool_tip_text
        sc.cycle_level()
        assert btn.text == "Level 6" and "Level 6 · rated about" in btn.tool_tip_text
    finally:
        app.close()
