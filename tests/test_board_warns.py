"""The board says what is coming (issue 35): what a player sees change.

* a warning line in the panel's status and a mark on the board for the game's end one move
  away (Onyx connection, Amoeba Kernel, Onager back row), before it lands; in a lesson only on
  a step whose board is a live position;
* (more below: Onager chain ends and drags, Onyx midpoints, Amoeba heights, tooltips, the
  result card's place).

Headless, stepped clock (tests/conftest.py, tests/ui_helpers.py).
"""
from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.match import Match
from game.rules.amoeba import Amoeba
from game.rules.base import Color, Danger, Threat
from game.rules.onager import Onager
from game.rules.onyx import Onyx
from game.scenes.board import BoardScene
from game.scenes.tutorial import TutorialScene
from game.themes import THEMES
from game.ui.dangers import DangerCache, danger_words, shown
from game.views import Decorations, view_for

from ui_helpers import make_app, settle, step

B, W = Color.BLACK, Color.WHITE
COLUMN_F = " ".join(f"f{i}" for i in range(1, 12))
ONYX_THREAT = f"Black: {COLUMN_F}; White: a5 b5 c5"            # Black connects at f12 next
AMOEBA_THREAT = "b3: Bk; c3: W; f3: Wk; a1: B"                  # White's c3 lands on the Black Kernel
ONAGER_THREAT = "i2: W; e5: W; d8: B; c2: B"                    # White's i2 over e5 lands on a5 and stays ahead


@pytest.fixture
def app():
    a = make_app("--window", "1280x800")
    settle(a)
    yield a
    a.close()


def open_board(app: App, game, players: dict[Color, str] | None = None) -> BoardScene:
    scene = BoardScene(Match(game, players or {B: "human", W: "human"}))
    app.replace(scene)
    app.finish_transition()
    settle(app)
    return scene


def status(scene) -> str:
    return scene.w["status"].html_text


def near(colour, target, tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(colour[:3], target[:3]))


def danger_pixels(view, stacks, deco: Decorations, label: str) -> int:
    """Pixels in the danger colour around ``label`` once ``deco`` is drawn."""
    surf = pygame.Surface(view.rect.size, pygame.SRCALPHA)
    view.layout(pygame.Rect((0, 0), view.rect.size))
    view.draw(surf, stacks, deco)
    x, y = view.pixel_of(label)
    r = int(view.scale * 0.6)
    colour = view.theme.threat
    return sum(1 for i in range(max(0, x - r), min(surf.get_width(), x + r), 2)
               for j in range(max(0, y - r), min(surf.get_height(), y + r), 2) if near(surf.get_at((i, j)), colour))


# ---------------------------------------------------------------- the warning line and the mark
def test_onyx_warns_of_a_connection_next_move_and_marks_the_point(app):
    scene = open_board(app, Onyx.from_position(ONYX_THREAT, W))
    assert "Danger:" in status(scene) and "Black connects at f12 next move" in status(scene)
    deco = scene.decorations()
    assert [(d.who, d.kind, d.moves) for d in deco.dangers] == [(B, Threat.CONNECT, ("f12",))]
    view = scene.view
    assert danger_pixels(view, scene.game.stacks(), deco, "f12") > 10
    assert danger_pixels(view, scene.game.stacks(), Decorations(), "f12") == 0


def test_a_players_own_win_is_never_shown_but_the_computers_is(app):
    scene = open_board(app, Onyx.from_position(ONYX_THREAT, B))          # Black (a person) can connect now
    assert "Danger" not in status(scene) and scene.decorations().dangers == []
    scene = open_board(app, Onyx.from_position(ONYX_THREAT, B), {B: "easy", W: "human"})
    scene.computer.pause()                  # the computer to move: the person sees its win before it lands
    scene.refresh()
    step(app)
    assert "Black connects at f12 next move" in status(scene)
    assert [d.now for d in scene.decorations().dangers] == [True]


def test_amoeba_warns_of_the_kernel_and_draws_the_way(app):
    scene = open_board(app, Amoeba.from_position(AMOEBA_THREAT, B))
    assert "White takes your Kernel on b3 next move (c3-b3)" in status(scene)
    deco = scene.decorations()
    assert deco.dangers[0].paths == (("c3", "b3"),)
    assert danger_pixels(scene.view, scene.game.stacks(), deco, "b3") > \
        danger_pixels(scene.view, scene.game.stacks(), Decorations(threats=["b3"]), "b3")   # + the arrow, the badge


def test_onager_warns_of_a_long_jump_onto_the_back_row_before_it_lands(app):
    scene = open_board(app, Onager.from_position(ONAGER_THREAT, B))
    text = status(scene)
    assert "White takes the back-row lead 1 to 0 next move with i2-a5" in text
    deco = scene.decorations()
    assert deco.dangers[0].cells == ("a5",)
    assert danger_pixels(scene.view, scene.game.stacks(), deco, "a5") > 10
    # Black answers elsewhere, White jumps: the lead lands as the warning said
    scene.play_move("d8-d7")
    settle(app)
    scene.play_move("i2-a5")
    settle(app)
    assert scene.match.game.counts() == {"black": 0, "white": 1}


def test_the_warning_goes_while_a_move_animates_and_at_game_over(app):
    scene = open_board(app, Onyx.from_position(ONYX_THREAT, W))
    scene.play_move("a1")
    assert scene.anim is not None and scene.decorations().dangers == []
    settle(app)
    scene.play_move("f12")                  # Black connects, as it was told
    settle(app)
    assert scene.match.is_over and "Danger" not in status(scene) and scene.decorations().dangers == []


def test_the_rules_are_asked_once_per_position(app, monkeypatch):
    scene = open_board(app, Onyx.from_position(ONYX_THREAT, W))
    calls = []
    real = Onyx.dangers
    monkeypatch.setattr(Onyx, "dangers", lambda self: calls.append(1) or real(self))
    scene.panel._dangers = DangerCache()    # forget what the opening frames asked
    for _ in range(5):
        scene.decorations()
        scene.panel.update_status_box()
        step(app)
    assert len(calls) == 1


@pytest.mark.parametrize("name", sorted(THEMES))
@pytest.mark.parametrize("game,text,to_move,label", [
    ("onyx", ONYX_THREAT, W, "f12"), ("amoeba", AMOEBA_THREAT, B, "b3"), ("onager", ONAGER_THREAT, B, "a5")])
def test_every_view_marks_dangers_in_every_theme(name, game, text, to_move, label):
    cls = {"onyx": Onyx, "amoeba": Amoeba, "onager": Onager}[game]
    g = cls.from_position(text, to_move)
    view = view_for(game)
    view.theme = THEMES[name]
    view.rect = pygame.Rect(0, 0, 700, 640)
    dangers = shown(g.dangers(), to_move, lambda c: c == to_move)
    assert dangers and danger_pixels(view, g.stacks(), Decorations(dangers=dangers), label) > 10


def test_danger_words_name_the_victim_as_you_only_for_that_player():
    d = Danger(W, False, Threat.KERNEL, ("c3-b3",), (("c3", "b3"),), ("b3",))
    assert danger_words(d, B) == "White takes your Kernel on b3 next move (c3-b3)"
    assert danger_words(d) == "White takes Black's Kernel on b3 next move (c3-b3)"
    many = Danger(B, False, Threat.CONNECT, ("a1", "b2", "c3", "d4", "e5"))
    assert danger_words(many, W) == "Black connects at a1, b2, c3 or 2 more next move"


# ---------------------------------------------------------------- in a lesson
def open_lesson(app: App, game: str, lesson: int, step_i: int) -> TutorialScene:
    scene = TutorialScene(game)
    app.replace(scene)
    app.finish_transition()
    scene.open_lesson(lesson, step_i)
    settle(app)
    return scene


def test_a_lesson_warns_on_a_live_position_only(app):
    scene = open_lesson(app, "amoeba", 4, 0)                 # 'Save your Kernel': a live position
    assert scene.step.kind == "try"
    assert "Danger:" in scene.w["feedback"].html_text and "takes your Kernel on b3" in scene.w["feedback"].html_text
    assert scene.decorations().dangers
    scene = open_lesson(app, "onager", 2, 1)                 # 'Your turn: a chain': about chains
    assert scene.step.kind == "try" and scene.game.dangers()  # (the rules see a back-row jump there…)
    assert "Danger" not in scene.w["feedback"].html_text     # (…but the step is about something else)
    assert scene.decorations().dangers == []


# ---------------------------------------------------------------- Onager: chains, drags, the card mid-chain
POS_8_5 = "b2: B; b3: B; b4: W; c3: B; d4: W; c5: B; d5: B; d6: W; Lakes: c4"


def post_drag(app: App, src, dst, frames: int = 6) -> None:
    """Press on ``src``, carry to ``dst`` with the button held, release there."""
    src, dst = (int(src[0]), int(src[1])), (int(dst[0]), int(dst[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=src, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=src, button=1))
    step(app)
    for i in range(1, frames + 1):
        at = (src[0] + (dst[0] - src[0]) * i // frames, src[1] + (dst[1] - src[1]) * i // frames)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
        step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dst, button=1))
    step(app, 2)


def click_at(app: App, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 2)


def test_a_selected_disc_can_be_dragged_and_a_press_on_it_still_puts_it_down(app):
    scene = open_board(app, Onager.from_position(POS_8_5, B))
    px = scene.view.pixel_of
    click_at(app, px("b2"))
    assert scene.input.prefix == ("b2",)
    post_drag(app, px("b2"), px("c2"))            # carried off the selected disc: played
    settle(app)
    assert scene.match.moves_text() == "1. b2-c2"
    scene = open_board(app, Onager.from_position(POS_8_5, B))
    click_at(app, scene.view.pixel_of("b2"))
    click_at(app, scene.view.pixel_of("b2"))      # pressed and released on it: put down, as before
    assert scene.input.prefix == () and scene.match.history == []


def test_a_selected_disc_shows_every_chain_end_and_the_way_to_the_one_hovered(app):
    scene = open_board(app, Onager.from_position(POS_8_5, B))
    view = scene.view
    click_at(app, view.pixel_of("b2"))
    deco = scene.decorations()
    assert deco.reach == {"d6": ("b2", "b4", "d6")} and "d6" not in deco.targets
    colour = view.theme.kind_colour("stack")
    x, y = view.pixel_of("d6")
    ring = [(x + int(view.cell_px * k), y) for k in (0.66, 0.69, 0.72, 0.75, 0.78)]   # its flat east side
    assert any(near(app.screen.get_at(p), colour, 60) for p in ring), [app.screen.get_at(p) for p in ring]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    deco = scene.decorations()
    assert deco.arrows == [("b2", "b4"), ("b4", "d6")] and deco.ghosts == [("d6", ("B",))]
    assert deco.tags == {"d6": "Chain of 2 jumps: b2-b4-d6"}


@pytest.mark.parametrize("how", ["drag", "click"])
def test_a_drag_or_a_click_straight_to_a_chain_end_plays_that_chain(app, how):
    scene = open_board(app, Onager.from_position(POS_8_5, B))
    px = scene.view.pixel_of
    click_at(app, px("b2"))
    if how == "drag":
        post_drag(app, px("b2"), px("d6"))
    else:
        click_at(app, px("d6"))
    settle(app)
    assert scene.match.moves_text() == "1. b2-d6" and scene.match.history[0].path == ("b2", "b4", "d6")


def test_mid_chain_the_card_names_the_jumper_where_it_waits(app):
    scene = open_board(app, Onager.from_position(POS_8_5, B))
    px = scene.view.pixel_of
    click_at(app, px("b2"))
    click_at(app, px("b4"))                       # onto White's b4: the chain may go on
    assert scene.input.prefix == ("b2", "b4")
    card = scene.input.describe("b4")
    assert "a White disc" not in card and "Bottom to top: White, Black (yours)" in card
    assert scene.input.describe("b2") == "b2: empty cell."    # the jumper has left its start


# ---------------------------------------------------------------- the result card beside the board
@pytest.mark.parametrize("size", ["1024x640", "2560x1440"])
@pytest.mark.parametrize("args", [("--scene", "gameover:amoeba", "--moves", "b3-c4 e4-e3"),
                                  ("--scene", "gameover:onyx", "--white", "hard"),
                                  ("--scene", "gameover:onager:agree", "--moves", "d7 f9 e8")])
def test_the_result_card_sits_in_the_panel_never_over_the_final_position(args, size):
    app = make_app(*args, "--window", size)
    try:
        settle(app)
        scene = app.scene
        card = scene.banner.rect
        assert scene.banner.shown() and card is not None
        assert scene.panel.rect.contains(card) and not card.colliderect(scene.board_rect)
        for key in ("movebox", "moves"):
            el = scene.w[key]
            assert not el.visible or not card.colliderect(el.rect), key
        for key in [k for k in scene.w if k.startswith("banner:")]:
            assert card.contains(scene.w[key].rect), key
        assert not scene.w["status"].visible             # the card stands in its place…
        scene.banner.set_open(False)
        step(app, 2)
        assert scene.w["status"].visible and scene.banner.rect is None     # …and gives it back
        assert scene.banner.result_texts()[1] in scene.w["status"].html_text
    finally:
        app.close()


def test_a_message_on_the_card_moves_no_button_from_under_the_pointer():
    app = make_app("--scene", "gameover:amoeba", "--moves", "b3-c4 e4-e3", "--window", "1280x800")
    try:
        settle(app)
        scene = app.scene
        rematch = scene.w["banner:rematch"]
        where = tuple(rematch.rect)
        scene.set_status("Saved to a file with a long name in a folder of saved games.")
        step(app)
        assert "Saved to a file" in " ".join(line for line in scene.banner.geometry()["note_lines"])
        assert scene.w["banner:rematch"] is rematch and tuple(rematch.rect) == where
        click_at(app, rematch.rect.center)
        settle(app)
        assert app.scene is not scene and not app.scene.match.is_over      # the press was not lost
    finally:
        app.close()


# ---------------------------------------------------------------- tooltips
def controls(app: App, but) -> list:
    from game.ui.tips import CONTROLS
    return [el for el in app.ui.get_sprite_group().sprites() if isinstance(el, CONTROLS) and el.visible
            and el.alive() and el is not but and "tool_tip" not in el.get_element_ids()]


def rest_on(app: App, monkeypatch, el, frames: int = 90) -> list:
    """The pointer rests on ``el`` until its tooltip shows; the tooltip rects."""
    at = el.rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)
    for _ in range(frames):
        step(app)
        if app.tooltip_rects():
            break
    return app.tooltip_rects()


@pytest.mark.parametrize("size", ["1024x640", "2560x1440"])
def test_board_tooltips_cover_no_other_control(monkeypatch, size):
    app = make_app("--game", "amoeba", "--moves", "b3-c4 e4-e3", "--window", size)
    try:
        settle(app)
        sc = app.scene
        for key in ("resign", "new", "offer", "undo", "hint"):
            but = sc.w[key]
            tips = rest_on(app, monkeypatch, but)
            assert tips, key
            for r in tips:
                assert not r.colliderect(but.rect), key
                hit = [o.text for o in controls(app, but) if r.colliderect(o.rect)]
                assert not hit, (key, hit)
                assert pygame.Rect((0, 0), app.size).contains(r)
            monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (5, 5))
            step(app, 2)
            assert not app.tooltip_rects()
    finally:
        app.close()


def test_lesson_button_tooltips_cover_no_other_button(monkeypatch):
    app = make_app("--scene", "lesson:onager:3:3", "--window", "1024x640")
    try:
        settle(app)
        sc = app.scene
        for key in ("back", "replay", "next", "index"):
            but = sc.w[key]
            tips = rest_on(app, monkeypatch, but)
            assert tips, key
            for r in tips:
                hit = [o.text for o in controls(app, but) if r.colliderect(o.rect)]
                assert not hit and not r.colliderect(but.rect), (key, hit)
            monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (5, 5))
            step(app, 2)
    finally:
        app.close()


def test_a_tooltip_never_outlives_its_target(monkeypatch):
    from game.ui.tips import TIP_LIFE
    app = make_app("--game", "amoeba", "--moves", "b3-c4 e4-e3", "--window", "1280x800")
    try:
        settle(app)
        sc = app.scene
        but = sc.toolbar.buttons["review"]
        assert rest_on(app, monkeypatch, but)
        step(app, int((TIP_LIFE + 1) * 60))                 # the pointer rests: it goes after a while…
        assert not app.tooltip_rects()
        step(app, 120)
        assert not app.tooltip_rects()                       # …and stays gone while nothing moves
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (but.rect.centerx + 2, but.rect.centery))
        step(app)
        assert rest_on(app, monkeypatch, but)                # the pointer moved: it may come again
        # its button goes (the panel made anew): the tooltip goes with it, wherever the pointer is
        sc.relayout()
        step(app)
        assert not but.alive() and not app.tooltip_rects()    # (the new button's comes after its own wait)
        # the board's own card of a stack goes after the same while
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (5, 5))
        step(app, 2)
        x, y = sc.view.pixel_of("c4")
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
        step(app, 60)
        assert sc.board.tooltip_text()
        step(app, int((TIP_LIFE + 1) * 60))
        assert sc.board.tooltip_text() == ""
    finally:
        app.close()
