"""Monkey test: 20,000 random mouse points, keys and button clicks over every scene and all three
games (menu, new game, boards incl. Onyx 16/20 and the pie rule, tutorials, settings), with no
exception and a rules state that is always one reached by legal moves.

A share of the inputs goes to game boards by construction, not by luck: half the stations are
boards, and a board station that has spent ``AWAY_BUDGET`` of its ``STATION_EVERY`` inputs off a
board (the monkey pressed Menu, New game, Escape...) is put back on one each time it leaves it
again, so at least (250 - 40) / 250 of a board station's inputs are aimed at a board (42 % of
all). Each input is counted by the scene its events are delivered to, and at least
``BOARD_SHARE`` (a third) must have reached a board with no fade running (a click that lands in
the frame a board is left, or in a fade, does not count).

Several events go into each frame and only every few frames are drawn, so the whole run stays
well under a minute. The computer players are the in-process ``StubEngine`` (random legal moves).
"""
from __future__ import annotations

import os
import random
import time
from typing import Any, Callable

import pygame
import pygame_gui
import pytest

from game.app import App, build, parse_args
from game.rules.base import Game
from game.scenes.board import BoardScene, StubEngine

from ui_helpers import post_click, post_key, post_motion

EVENTS = int(os.environ.get("MONKEY_EVENTS", "20000"))
PER_FRAME = 16         # events posted before each frame
DRAW_EVERY = 5         # frames between two drawn frames
STATION_EVERY = 250    # events between two visits to a chosen scene
CHECK_EVERY = 40       # events between two checks of the rules state
AWAY_BUDGET = 40       # inputs a board station may spend off its board before it is put back on one
BOARD_SHARE = 1 / 3    # the share of all inputs that must be delivered to a board (no fade running)

KEYS = [pygame.K_ESCAPE, pygame.K_z, pygame.K_y, pygame.K_l, pygame.K_PLUS, pygame.K_MINUS, pygame.K_h,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_UP,
        pygame.K_DOWN, pygame.K_n, pygame.K_s, pygame.K_o, pygame.K_1, pygame.K_BACKSPACE]
SIZES = [(1024, 640), (1280, 800), (1500, 900), (1100, 1000)]


def check_game(game: Game) -> None:
    """``game`` is its start position plus legal moves: undo them all, replay them as text."""
    g = game.copy()
    played = []
    while g.ply > 0:
        played.append(g.undo())
    start_pieces = sum(len(s) for s in g.stacks().values())
    for mv in reversed(played):
        g.push(g.move_str(mv))          # parse_move refuses anything illegal
    assert g.position_text() == game.position_text()
    assert g.to_move == game.to_move
    assert g.key() == game.key()
    agreed = game.result is not None and game.result.reason == "agreement"   # an ending that is not a move
    assert (g.result is None) == (game.result is None) or agreed
    if game.result is None:
        assert sorted(g.legal_strs()) == sorted(game.legal_strs())
    if game.name == "amoeba":
        assert sum(len(s) for s in game.stacks().values()) == start_pieces   # Amoeba never loses a piece


def check_scene(scene: Any) -> bool:
    """Check the rules state of a board or tutorial scene; True if there was one."""
    match = getattr(scene, "match", None)
    if match is not None:
        check_game(match.game)
        assert [pm.text for pm in match.history] == [match.game.move_str(m) for m in match.game.moves_played()] \
            or match.game.ply != len(match.history)   # (a loaded set-up may start after some moves)
        for c in match.players:
            assert match.players[c] in ("human", "easy", "medium", "hard")
        return True
    game = getattr(scene, "game", None)
    if isinstance(game, Game):
        check_game(game)
        return True
    return False


def stations() -> list[tuple[str, Callable[[App], list[Any]]]]:
    """Scenes the monkey is put back into now and then (above the menu), so each gets its turn."""
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import NewGameScene
    out: list[tuple[str, Callable[[App], list[Any]]]] = [("menu", lambda app: [MenuScene()])]

    def board(name: str, options: dict | None = None, players: dict | None = None):
        return lambda app: [MenuScene(), BoardScene.start(name, options or {}, players or {})]

    out += [
        ("board amoeba", board("amoeba")),
        ("board onyx 12", board("onyx")),
        ("board onager", board("onager")),
        ("board amoeba vs easy", board("amoeba", players={"white": "easy"})),
        ("board onyx 16", board("onyx", {"size": 16}, {"black": "easy"})),
        ("board onyx 20 pie", board("onyx", {"size": 20, "pie": True}, {"white": "easy"})),
        ("board onyx open pie", board("onyx", {"open": True, "pie": True})),
        ("board onager vs easy", board("onager", players={"black": "easy"})),
    ]
    for name in ("amoeba", "onyx", "onager"):
        out.append((f"new game {name}", lambda app, n=name: [MenuScene(), NewGameScene(n)]))
    try:
        from game.scenes.tutorial import TutorialScene
        for name in ("amoeba", "onyx", "onager"):
            out.append((f"tutorial {name}", lambda app, n=name: [MenuScene(), TutorialScene(n)]))
    except ImportError:  # pragma: no cover
        pass
    try:
        from game.scenes.settings import SettingsScene
        out.append(("settings", lambda app: [MenuScene(), SettingsScene()]))
    except ImportError:  # pragma: no cover
        pass
    return out


def visible_buttons(app: App) -> list[Any]:
    out = []
    for el in app.ui.get_sprite_group().sprites():
        if isinstance(el, pygame_gui.elements.UIButton) and el.visible and el.is_enabled and el.alive():
            r = el.get_abs_rect()
            if r.w > 4 and r.h > 4 and app.screen.get_rect().collidepoint(r.center):
                out.append(el)
    return out


def on_board(app: App) -> bool:
    """A board scene is current and no fade is running (a fade drops clicks and keys)."""
    return isinstance(app.scene, BoardScene) and not app.transitioning


def scene_kind(app: App) -> str:
    return type(app.scene).__name__ + (" (fading)" if app.transitioning else "")


def frame(app: App, dt: float, draw: bool, delivered: dict[int, str]) -> None:
    """App.step, drawing only when asked (the monkey renders every few frames). Each input (its
    events carry ``monkey=i``) is noted in ``delivered`` with the kind of scene its first event reached."""
    for event in pygame.event.get():
        tag = getattr(event, "monkey", None)
        if tag is not None and tag not in delivered:
            delivered[tag] = scene_kind(app)
        app.handle_event(event)
        if not app.running:
            return
    app.update(dt)
    if draw:
        app.draw(app.screen)
    app.frame += 1


# ------------------------------------------------------------------ the race the monkey found
def _menu_under_new_game() -> tuple[App, Any, Any]:
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import NewGameScene
    app = build(parse_args([]), fade=True)
    app.engine_factory = StubEngine
    app.reset([MenuScene(), NewGameScene("amoeba")])
    app.finish_transition()
    return app, app.scenes[0], app.scenes[1]


def test_a_back_press_queued_behind_escape_leaves_the_menu():
    # Back is clicked and Escape pressed in one frame: Escape starts New game's fade-out, and
    # the Back press pygame-gui makes of the click arrives in the next frame, in the fade. It
    # once popped the menu too, and the app had no scene left. On a stepped clock.
    app, menu, form = _menu_under_new_game()
    try:
        back = form.widgets["back"]
        in_fade = []                                   # Back presses that arrived in the fade
        handle = app.handle_event

        def noting(event: pygame.event.Event) -> None:
            if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is back and app.transitioning:
                in_fade.append(event)
            handle(event)

        app.handle_event = noting                      # type: ignore[method-assign]
        post_click(back.get_abs_rect().center)
        post_key(pygame.K_ESCAPE)
        app.step(1 / 60)
        assert app.transitioning                       # Escape's pop is under way
        for _ in range(60):                            # the fade (a second at 60 frames a second)
            app.step(1 / 60)
        assert in_fade                                 # the race happened ...
        assert app.running and app.scenes == [menu] and not app.transitioning   # ... and lost nothing
    finally:
        app.close()


def test_widget_events_are_dropped_while_a_scene_change_is_pending():
    # The same with the widget event made by hand: a Back press for New game delivered after
    # its pop has started reaches no scene.
    app, menu, form = _menu_under_new_game()
    try:
        back = form.widgets["back"]
        post_key(pygame.K_ESCAPE)
        app.step(1 / 60)
        assert app.transitioning
        app.step(1 / 60, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=back, ui_object_id="#back")])
        for _ in range(60):
            app.step(1 / 60)
        assert app.running and app.scenes == [menu]
    finally:
        app.close()


def test_the_stack_never_pops_its_last_scene():
    app, menu, form = _menu_under_new_game()
    try:
        app.pop()
        app.pop()                                      # queued behind the first, in its fade
        app.finish_transition()
        assert app.scenes == [menu] and app.running
        app.pop()                                      # alone: refused, with or without a fade
        app.finish_transition()
        app.fade_enabled = False
        app.pop()
        assert app.scenes == [menu] and app.running and app.scene is menu
        app.step(1 / 60)                               # and it still draws and takes input
        assert app.running
    finally:
        app.close()


def test_monkey_20000_inputs_over_every_scene_and_game():
    app = build(parse_args([]), fade=True)
    app.engine_factory = StubEngine
    rng = random.Random(20240)
    plan = stations()
    seen: dict[str, int] = {}          # scene kinds seen with a rules state checked
    scene_types: set[str] = set()
    moves_seen = 0
    checks = 0
    station, station_scene = "", None
    station_events: dict[str, int] = {}   # events the monkey spent in each chosen scene
    delivered: dict[int, str] = {}        # input -> the kind of scene it was delivered to
    away = 0                              # inputs of this board station aimed off a board
    returns = 0                           # times a board station was put back on its board
    board_visits = board_inputs = aimed = 0   # board stations: visits, inputs, inputs aimed at a board
    t0 = time.monotonic()

    def stub(i: int) -> Any:
        sc = app.scene
        if isinstance(sc, BoardScene) and sc.computer.engine is not None and not isinstance(sc.computer.engine, StubEngine):
            sc.computer.engine = StubEngine(i)
        return sc

    def visit(make: Callable[[App], list[Any]], i: int) -> Any:
        """The monkey is put on a station: its scenes replace the whole stack."""
        app.running = True
        if station_scene is not None:
            check_scene(station_scene)         # the state it was left in
        app.reset(make(app))
        app.finish_transition()
        return stub(i)

    def back_on_board(make: Callable[[App], list[Any]], i: int) -> Any:
        """Back to a board the way a person goes: to the board still open below (Settings was
        opened from it), else over the menu to a fresh board of the station's kind."""
        check_scene(station_scene)             # the state it was left in
        app.running = True
        app.finish_transition()
        while len(app.scenes) > 1 and not isinstance(app.scene, BoardScene):
            app.pop()
            app.finish_transition()
        if not isinstance(app.scene, BoardScene):
            app.push(make(app)[-1])            # (the station's board; the menu is already below)
            app.finish_transition()
        return stub(i)

    try:
        for i in range(EVENTS):
            if i % STATION_EVERY == 0:
                name, make = plan[(i // STATION_EVERY) % len(plan)]
                station, station_scene = name, visit(make, i)
                away = 0
                board_visits += station.startswith("board")
            elif station.startswith("board") and not on_board(app):
                away += 1
                if away > AWAY_BUDGET:         # the board's share is used up elsewhere: back on a board
                    station_scene = back_on_board(make, i)
                    returns += 1
            if station.startswith("board"):
                board_inputs += 1
                aimed += on_board(app)
            w, h = app.size
            sc = app.scene
            r = rng.random()
            view = getattr(sc, "view", None)
            inp = getattr(sc, "input", None)
            if r < 0.12 and inp is not None and getattr(inp, "options", None) and view is not None:
                # a purposeful click: the next point of some legal move (so games really progress)
                pre = tuple(getattr(inp, "prefix", ()))
                nxt = [o.clicks[len(pre)] for o in inp.options if len(o.clicks) > len(pre) and o.clicks[:len(pre)] == pre]
                if nxt:
                    try:
                        x, y = view.pixel_of(rng.choice(nxt))
                        post_click((int(x), int(y)), monkey=i)
                    except KeyError:
                        pass
            elif r < 0.62:          # the mouse: mostly on the board's points, else anywhere
                if view is not None and rng.random() < 0.8:
                    try:
                        x, y = view.pixel_of(rng.choice(list(view.points())))
                    except (KeyError, IndexError):
                        x, y = rng.randrange(w), rng.randrange(h)
                    pos = (int(x) + rng.randint(-12, 12), int(y) + rng.randint(-12, 12))
                else:
                    pos = (rng.randrange(w), rng.randrange(h))
                if rng.random() < 0.15:
                    post_motion(pos, monkey=i)
                else:
                    post_click(pos, 1 if rng.random() < 0.92 else 3, monkey=i)
            elif r < 0.67:          # a button of the current screen (Menu / New game leave boards early)
                buttons = visible_buttons(app)
                if buttons:
                    post_click(rng.choice(buttons).get_abs_rect().center, monkey=i)
            elif r < 0.998:         # a key
                k = rng.choice(KEYS)
                # the board's shortcuts are Ctrl+key (a plain letter types a move)
                ctrl = {pygame.K_z: 0.6, pygame.K_y: 0.6, pygame.K_s: 0.2, pygame.K_o: 0.2, pygame.K_l: 0.8,
                        pygame.K_PLUS: 0.8, pygame.K_MINUS: 0.8, pygame.K_h: 0.8}.get(k, 0.0)
                mod = pygame.KMOD_CTRL if rng.random() < ctrl else 0
                post_key(k, mod, monkey=i)
            else:                   # the window changes size
                size = rng.choice(SIZES)
                pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size, monkey=i))
            if i % PER_FRAME == PER_FRAME - 1:
                f = i // PER_FRAME
                frame(app, rng.choice([1 / 60, 1 / 60, 0.05, 0.2]), draw=f % DRAW_EVERY == 0, delivered=delivered)
                if not app.running:            # Quit from the menu: start again
                    app.running = True
                    app.reset([plan[0][1](app)[0]])
                    app.finish_transition()
            sc = app.scene
            if isinstance(sc, BoardScene) and sc.computer.engine is not None and not isinstance(sc.computer.engine, StubEngine):
                sc.computer.engine = StubEngine(i)     # a board made by the New game screen: no worker processes
            scene_types.add(type(sc).__name__)
            if sc is station_scene:
                station_events[station] = station_events.get(station, 0) + 1
            if i % CHECK_EVERY == 0 or i == EVENTS - 1:
                if check_scene(sc):
                    checks += 1
                    key = type(sc).__name__ + ":" + (getattr(getattr(sc, "match", None), "name", "")
                                                     or getattr(sc, "game_name", ""))
                    seen[key] = seen.get(key, 0) + 1
                    m = getattr(sc, "match", None)
                    if m is not None:
                        moves_seen = max(moves_seen, len(m.history))
        seconds = time.monotonic() - t0
        per_kind: dict[str, int] = {}          # inputs per kind of scene they were delivered to
        for kind in delivered.values():
            per_kind[kind] = per_kind.get(kind, 0) + 1
        per_kind["(nothing posted or not delivered)"] = EVENTS - len(delivered)
        board_share = per_kind.get("BoardScene", 0) / EVENTS
        print(f"monkey: {EVENTS} events, {app.frame} frames, {checks} rules checks, {seconds:.1f} s; "
              f"scenes {sorted(scene_types)}; checked {seen}; events per station {station_events}; "
              f"inputs per scene kind {per_kind}; on a board {board_share:.1%} (aimed at one {aimed / EVENTS:.1%}); "
              f"back on a board {returns} times")
        assert aimed >= board_inputs - board_visits * AWAY_BUDGET      # the schedule held
        assert board_share >= BOARD_SHARE, per_kind
        assert checks > EVENTS // CHECK_EVERY // 3
        assert moves_seen >= 5
        for need in ("MenuScene", "NewGameScene", "BoardScene"):
            assert need in scene_types, scene_types
        for g in ("amoeba", "onyx", "onager"):
            assert seen.get(f"BoardScene:{g}", 0) > 0, seen
        for name, _ in plan:                   # every chosen scene really had the monkey on it
            assert station_events.get(name, 0) >= 40, (name, station_events)
    finally:
        app.close()
