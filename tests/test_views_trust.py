"""Faults a new player found in the board views, their click logic and the tutorial.

* Onager chains: a click on a cell the disc already landed on names the real reason (spec 4.6.4),
  a click on the start cell takes the chain back and says so;
* the tutorial: Enter ends an open chain (and only goes on otherwise), the "read a path" step
  checks the path it asks for, and what a click did is shown (no stale refusals);
* the whole drawn stack is clickable (tall stacks, overlapping stacks: the one drawn on top wins);
* hover texts and messages in words a player reads, cell names in lower case as in the notation.

Self-contained: the few helpers (a person using the app) are at the top.
"""
from __future__ import annotations

import html
import re

import pygame
import pytest

from game.app import App, build, parse_args
from game.match import Match
from game.rules.amoeba import Amoeba
from game.rules.base import Color
from game.rules.onager import Onager
from game.rules.onyx import Onyx
from game.scenes.base import Scene
from game.scenes.board import BoardScene
from game.scenes.tutorial import TutorialScene
from game.views import Decorations, input_for, view_for

DT = 1 / 60
POS_8_5 = "b2: B; b3: B; b4: W; c3: B; d4: W; c5: B; d5: B; d6: W; Lakes: c4"
UPPER_CELL = re.compile(r"\b[A-Z]{1,2}\d{1,2}\b")      # "D4", "FG12": a cell name in capitals


# ---------------------------------------------------------------- a person using the app
def step(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(DT)


def settle(app: App, limit: int = 400) -> None:
    for _ in range(limit):
        sc = app.scene
        busy = sc.busy if isinstance(sc, TutorialScene) else getattr(sc, "anim", None) is not None
        if not app.transitioning and not busy:
            return
        app.step(0.2)
    raise AssertionError("the scene did not settle")


def click(app: App, pos: tuple[float, float], button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, 2)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    step(app, 2)


def click_cell(app: App, label: str) -> None:
    click(app, app.scene.view.pixel_of(label))


def plain(text: str) -> str:
    """HTML as a person reads it."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def board_app(game, window: str = "1280x800") -> App:
    app = build(parse_args(["--window", window]), fade=False)
    app.push(BoardScene(Match(game)))
    app.finish_transition()
    settle(app)
    step(app, 2)                                  # drawn: the view knows where the stacks stand
    return app


@pytest.fixture
def tutorial_app(tmp_path, monkeypatch):
    monkeypatch.setenv("ABSTRACT_TRIO_HOME", str(tmp_path))
    a = App((1024, 640), fade=False)
    a.settings.anim_speed = 8.0
    yield a
    a.close()


def open_tutorial(app: App, game: str) -> TutorialScene:
    app.push(Scene())
    scene = TutorialScene(game)
    app.push(scene)
    step(app, 2)
    return scene


def fresh(game_name: str, game):
    inp = input_for(game_name, view_for(game_name))
    inp.set_game(game)
    return inp


# ================================================================ 1. Onager chains
def test_onager_cell_already_landed_on_in_the_chain_names_the_real_reason():
    game = Onager.from_position(POS_8_5, Color.BLACK)
    inp = fresh("onager", game)
    for lab in ("b2", "b4", "d6"):
        assert inp.click(lab).move is None
    assert inp.prefix == ("b2", "b4", "d6")
    # (issue 23) b4 is the previous landing: a click there takes back one jump, as Backspace does
    res = inp.click("b4")
    assert res.move is None and res.changed and inp.prefix == ("b2", "b4")
    assert "taken back" in res.message
    assert inp.click("d6").move is None and inp.prefix == ("b2", "b4", "d6")
    res = inp.step_back()
    assert res.changed and inp.prefix == ("b2", "b4")
    assert inp.click("d6").move is None
    # a cell landed on earlier (not the previous one): the real reason. No chain of this position
    # lands three times and goes on, so the reason is asked of a longer chain directly.
    inp.prefix = ("b2", "b4", "d6", "d4")
    why = inp.why_not("b4")
    assert "not one jump" not in why
    assert "b4" in why and "already landed there" in why
    assert "never land twice on the same cell" in why                 # spec 4.6.4, in its words
    assert "d4" in why                                                # what can be done instead


def test_onager_start_cell_mid_chain_takes_the_chain_back_and_says_so():
    game = Onager.from_position(POS_8_5, Color.BLACK)
    inp = fresh("onager", game)
    inp.click("b2")
    inp.click("b4")
    res = inp.click("b2")
    # like the base class's "click the selected label again steps back": back to the start,
    # the disc still picked up, and the message says what happened
    assert res.move is None and res.changed
    assert inp.prefix == ("b2",)
    assert "taken back" in res.message and "b2" in res.message
    deco = Decorations()
    inp.decorate(deco)
    assert deco.selected == "b2" and "b4" in deco.targets and deco.hidden == {}
    res = inp.click("b2")                     # a second click puts it down
    assert inp.prefix == () and res.message == "Selection cleared."


def test_onager_switching_to_another_piece_mid_chain_says_the_chain_was_taken_back():
    game = Onager.from_position(POS_8_5, Color.BLACK)
    inp = fresh("onager", game)
    inp.click("b2")
    inp.click("b4")
    res = inp.click("c3")
    assert inp.prefix == ("c3",) and res.changed
    assert "taken back" in res.message and res.message.count("c3") >= 1


def test_onager_board_scene_status_after_taking_a_chain_back():
    app = board_app(Onager.from_position(POS_8_5, Color.BLACK))
    try:
        board = app.scene
        click_cell(app, "b2")
        click_cell(app, "b4")
        assert board.input.prefix == ("b2", "b4")
        click_cell(app, "b2")
        assert board.input.prefix == ("b2",)
        text = plain(board.w["status"].html_text)
        assert "taken back" in text and "b2" in text
        assert board.match.history == []
    finally:
        app.close()


# ================================================================ 2. the tutorial
def _open_step(app: App, scene: TutorialScene, lesson_id: str, title: str) -> None:
    li = next(i for i, ls in enumerate(scene.course.lessons) if ls.id == lesson_id)
    si = next(i for i, s in enumerate(scene.course.lessons[li].steps) if s.title == title)
    scene.open_lesson(li, si)
    step(app, 2)
    settle(app)
    assert scene.step.title == title and scene.input is not None and scene.input.game is not None


def point(scene: TutorialScene, label: str) -> tuple[int, int]:
    x, y = scene.view.pixel_of(label)
    assert scene.view.label_at((x, y)) == label
    return x, y


def test_tutorial_enter_ends_an_open_chain_and_only_then_goes_on(tutorial_app):
    app = tutorial_app
    scene = open_tutorial(app, "onager")
    _open_step(app, scene, "chains", "Your turn: a chain")
    at = scene.step_i
    for lab in ("b2", "b4", "d6"):
        click(app, point(scene, lab))
    assert scene.input.prefix == ("b2", "b4", "d6") and scene.input.can_end()
    key(app, pygame.K_RETURN)                 # ends the chain on d6: the move is judged
    assert scene.step_i == at
    settle(app)
    assert scene.solved and scene.game.ply == 1
    assert scene.game.stacks()["d6"] == ("W", "B")
    key(app, pygame.K_RETURN)                 # no chain open: the next step
    assert scene.step_i == at + 1


def test_tutorial_enter_ends_an_open_chain_in_a_puzzle(tutorial_app):
    app = tutorial_app
    scene = open_tutorial(app, "onager")
    i = next(k for k, p in enumerate(scene.puzzles.puzzles) if p.solution and p.solution[0] == "c2-c6-k1")
    scene.open_puzzle(i)
    step(app, 2)
    click(app, point(scene, "c2"))
    click(app, point(scene, "c6"))
    assert scene.input.prefix == ("c2", "c6")
    key(app, pygame.K_KP_ENTER)
    assert scene.mode == "puzzle" and scene.puzzle_i == i
    settle(app)
    # c2-c6 (stopping early) is not the solution: (issue 24) played, answered, then try again
    assert "does not do it" in scene.feedback and scene.refuted
    assert [scene.game.move_str(m) for m in scene.game.moves_played()][0] == "c2-c6"


def test_tutorial_path_step_accepts_only_the_path_it_asks_for(tutorial_app):
    app = tutorial_app
    scene = open_tutorial(app, "onager")
    _open_step(app, scene, "notation", "Your turn: read a path")
    assert scene.step.goal.moves == ("b2-d4-d6",)
    # the other route to d6 is the same move written short, but not the path asked for
    for lab in ("b2", "b4", "d6", "d6"):
        click(app, point(scene, lab))
    settle(app)
    assert not scene.solved and scene.game.ply == 0
    assert plain(scene.feedback) == "That move ends right, but this step asks for its path: b2-d4-d6."
    for lab in ("b2", "d4", "d6", "d6"):
        click(app, point(scene, lab))
    settle(app)
    assert scene.solved and scene.game.ply == 1


def test_tutorial_shows_what_a_click_did_and_drops_stale_refusals(tutorial_app):
    app = tutorial_app
    scene = open_tutorial(app, "onager")
    _open_step(app, scene, "chains", "Your turn: a chain")
    box = scene.w["feedback"]
    click(app, point(scene, "e5"))            # empty: refused, explained
    assert "e5 is empty" in plain(box.html_text)
    click(app, point(scene, "b2"))            # a good click: the refusal is gone, the selection explained
    text = plain(box.html_text)
    assert "e5 is empty" not in text and "b2 selected:" in text
    click(app, point(scene, "b4"))
    assert "click b4 again" in plain(box.html_text)
    click(app, point(scene, "b2"))            # the start cell: the chain is taken back, and it says so
    text = plain(box.html_text)
    assert "taken back" in text and scene.input.prefix == ("b2",)
    click(app, (2, 2), button=3)              # right click: cleared, said
    assert scene.input.prefix == () and "Selection cleared." in plain(box.html_text)


# ================================================================ 3. the whole drawn stack is clickable
def _mask(view, label: str, pieces) -> pygame.mask.Mask:
    surf = pygame.Surface(view.rect.size, pygame.SRCALPHA)
    x, y = view.pixel_of(label)
    view.draw_stack(surf, (x - view.rect.x, y - view.rect.y), pieces, shadow=False)   # with its badge
    return pygame.mask.from_surface(surf, 200)


def _check_drawn_pixels_hit_their_stack(view, stacks: dict[str, tuple[str, ...]]) -> int:
    """Every pixel drawn by a stack (away from the edges) is read as that stack's label, and
    where stacks overlap the one drawn on top (further south, drawn later) wins."""
    surf = pygame.Surface(view.rect.size, pygame.SRCALPHA)
    view.draw(surf, stacks, Decorations(), board=False)
    order = sorted(stacks, key=lambda lab: view.pixel_of(lab)[1])
    masks = {lab: _mask(view, lab, stacks[lab]) for lab in order}
    checked = 0
    w, h = view.rect.size
    for yy in range(2, h - 2, 2):
        for xx in range(2, w - 2, 2):
            owners = set()
            for dx, dy in ((0, 0), (-2, 0), (2, 0), (0, -2), (0, 2)):
                top = None
                for lab in order:
                    if masks[lab].get_at((xx + dx, yy + dy)):
                        top = lab
                owners.add(top)
            if len(owners) != 1 or None in owners:
                continue                      # an edge, or no stack here
            want = owners.pop()
            got = view.label_at((xx + view.rect.x, yy + view.rect.y))
            assert got == want, f"pixel {(xx, yy)} is drawn by {want} but reads as {got}"
            checked += 1
    return checked


def test_amoeba_every_drawn_pixel_of_tall_and_overlapping_stacks_is_clickable():
    view = view_for("amoeba")
    view.layout(pygame.Rect(0, 0, 700, 640))
    stacks = {"a1": ("W", "B", "W", "B", "W", "B"),     # six high
              "c3": ("B", "W", "B", "W", "B", "W", "B", "W"),   # eight high, drawn over d3 and d4
              "d3": ("W",), "d4": ("B", "W"),
              "b3": ("Bk",), "f3": ("Wk",)}
    assert _check_drawn_pixels_hit_their_stack(view, stacks) > 500


def test_onager_every_drawn_pixel_of_tall_and_overlapping_stacks_is_clickable():
    view = view_for("onager")
    view.layout(pygame.Rect(0, 0, 700, 640))
    stacks = {"d4": ("W", "B", "W", "B", "W", "B", "W", "B"),
              "e4": ("B",), "e5": ("W", "B", "W"),
              "c3": ("B", "W", "B", "W", "B", "W")}
    assert _check_drawn_pixels_hit_their_stack(view, stacks) > 500


def test_onyx_every_drawn_pixel_of_a_stone_is_clickable():
    view = view_for("onyx", size=12)
    view.layout(pygame.Rect(0, 0, 700, 640))
    stacks = {"c2": ("B",), "cd23": ("W",), "d4": ("B",), "e5": ("W",)}
    assert _check_drawn_pixels_hit_their_stack(view, stacks) > 200


def _top_face(view, label: str, n: int) -> tuple[int, int]:
    """The centre of the top face of the top piece of a stack of n, as drawn."""
    x, y = view.pixel_of(label)
    return x, int(y - (n - 1) * view.level_for(n) - int(view.level_px) * 0.5)


def test_amoeba_clicking_the_top_disc_of_a_tall_stack_selects_it():
    game = Amoeba.from_position("a1: W,B,W,B,W,B; b3: Bk; f3: Wk; c5: W", Color.BLACK)
    app = board_app(game)
    try:
        board = app.scene
        click(app, _top_face(board.view, "a1", 6))
        assert board.input.prefix == ("a1",), board.panel.status
        assert "Click on a point" not in board.panel.status
    finally:
        app.close()


def test_onager_clicking_the_top_disc_of_a_tall_stack_selects_it():
    game = Onager.from_position("d4: W,B,W,B,W,B,W,B; j3: W", Color.BLACK)
    app = board_app(game)
    try:
        board = app.scene
        click(app, _top_face(board.view, "d4", 8))
        assert board.input.prefix == ("d4",), board.panel.status
    finally:
        app.close()


def test_onager_the_waiting_disc_of_an_open_chain_on_a_tall_stack_ends_the_move():
    # 8.5 with a tall white stack on b4: the disc waits high up there while the chain is open
    pos = POS_8_5.replace("b4: W", "b4: W,B,W,B,W")
    app = board_app(Onager.from_position(pos, Color.BLACK))
    try:
        board = app.scene
        click_cell(app, "b2")
        click_cell(app, "b4")
        assert board.input.prefix == ("b2", "b4")
        view = board.view
        x, y = view.pixel_of("b4")
        lv = view.level_for(6)
        top = int(y - 5.7 * lv - int(view.level_px) * 0.5)   # the lifted disc's face (lift 0.7)
        assert view.label_at((x, top)) == "b4"
        click(app, (x, top))
        settle(app)
        assert board.match.moves_text() == "1. b2-b4"
    finally:
        app.close()


# ================================================================ 4. words, not codes
def test_amoeba_tooltip_reads_as_words_from_the_side_to_move():
    game = Amoeba.from_position("c3: B,W,Bk; f3: W,Wk; d4: W", Color.WHITE)
    inp = fresh("amoeba", game)
    assert not game.is_over
    text = inp.describe("c3")
    assert text.startswith("c3: 3 pieces, Black controls it.")      # (issue 24: the stack card)
    assert "Bottom to top: Black, White, Black Kernel." in text
    assert inp.describe("f3").startswith("f3: 2 pieces, you control it.")
    assert "Bottom to top: White, White Kernel." in inp.describe("f3")
    assert inp.describe("d4") == "d4: your piece."
    assert inp.describe("d5") == "d5: empty point."
    for lab in ("c3", "f3", "d4"):
        assert "Bk" not in inp.describe(lab) and "Wk" not in inp.describe(lab)


def test_amoeba_tooltip_while_the_input_is_off_is_neutral_and_never_codes():
    # the computer's turn, the game over or history browsing: the input has no game; the
    # board scene then used to show "B3: Bk, W"
    app = board_app(Amoeba.from_position("b3: Bk,W; f3: Wk; a1: B", Color.BLACK))
    try:
        board = app.scene
        assert board.match.is_over                    # White's piece on top of the black Kernel
        step(app, 2)
        text = board.input.describe("b3")
        assert text == "b3: 2 pieces, White controls it.\nBottom to top: Black Kernel, White."
    finally:
        app.close()


def test_onager_tooltip_counts_the_discs():
    game = Onager.from_position("d6: W,B,W; k3: W,B; a2: B,W; e5: B; Lakes: c4", Color.BLACK)
    inp = fresh("onager", game)
    assert inp.describe("d6").startswith("d6: 3 discs (2 White, 1 Black), only the top one moves.")   # (issue 24)
    assert inp.describe("e5").startswith("e5: a Black disc (yours)")
    assert "counts for Black" in inp.describe("k3") and "counts for White" in inp.describe("a2")
    assert inp.describe("c4").startswith("c4: a lake")
    inp.set_game(None)                                # input off: what the view drew, neutral
    inp.view.layout(pygame.Rect(0, 0, 400, 400))
    inp.view.draw(pygame.Surface((400, 400), pygame.SRCALPHA), game.stacks())
    assert inp.describe("e5").startswith("e5: a Black disc.")


def test_onyx_tooltip_and_messages_in_lower_case():
    game = Onyx.from_position("Black: e5 a1; White: f1 g1", Color.WHITE)
    inp = fresh("onyx", game)
    assert inp.describe("e5") == "e5: a Black stone."
    assert inp.describe("e6") == "e6: empty point."
    assert inp.describe("f1").startswith("f1: a White stone (yours)")
    assert "fg12" in inp.why_not("fg12") and "f1, g1" in inp.why_not("fg12")
    inp.set_game(None)
    inp.view.layout(pygame.Rect(0, 0, 600, 600))
    inp.view.draw(pygame.Surface((600, 600), pygame.SRCALPHA), game.stacks())
    assert inp.describe("e5") == "e5: a Black stone."


def _messages(game_name: str, game) -> list[str]:
    """Every text the click logic can show for this position: refusals, selections, tags, hovers."""
    inp = fresh(game_name, game)
    labels = list(inp.view.points())
    out = [inp.idle_message(), inp.threat_message(labels[:3])]
    out += [inp.why_not(lab) for lab in labels]
    out += [inp.describe(lab) for lab in labels]
    for start in sorted(inp.starts()):
        inp.set_game(game)
        res = inp.click(start)
        out.append(res.message)
        if not inp.prefix:
            continue
        out.append(inp.after_select_message())
        out += [inp.why_not(lab) for lab in labels]
        for lab, opt in inp.next_steps().items():
            out.append(inp.tag_for(opt))
        for lab in sorted(inp.next_steps())[:3]:       # one more click (an Onager chain goes on)
            inp.set_game(game)
            inp.click(start)
            res = inp.click(lab)
            out.append(res.message)
            if inp.prefix:
                out.append(inp.after_select_message())
                out += [inp.why_not(x) for x in labels[:40]]
                out.append(inp.click(start).message)
    return out


@pytest.mark.parametrize("game_name, game", [
    ("amoeba", Amoeba.from_position("d4: W,B,B; b3: Bk; f3: Wk; c3: B", Color.BLACK)),
    ("onager", Onager.from_position(POS_8_5, Color.BLACK)),
    ("onager", Onager.from_position("k1: B; k3: W,B; a2: W; i1: W; j1: W; c4: B", Color.WHITE)),
    ("onyx", Onyx.from_position("Black: a4 b3 c2 c4 d3 a1 cd67; White: a5 b4 d2 f1 g1", Color.WHITE)),
])
def test_no_cell_name_in_capitals_in_any_message(game_name, game):
    bad = [m for m in _messages(game_name, game) if UPPER_CELL.search(m)]
    assert not bad, bad[:5]


def test_tutorial_onager_puzzle_page_says_how_to_stop_a_chain(tutorial_app):
    app = tutorial_app
    scene = open_tutorial(app, "onager")
    scene.open_puzzle(0)
    step(app, 2)
    text = plain(scene.w["text"].html_text)
    assert "press Enter" in text and "each cell where it lands" in text


@pytest.mark.parametrize("game_name, label, pieces", [
    ("amoeba", "a1", ("W", "B", "W", "B", "W", "B")),
    ("onager", "d4", ("W", "B", "W", "B", "W")),
])
def test_the_height_badge_of_a_stack_is_part_of_it(game_name, label, pieces):
    """The number drawn at the top right of a tall stack is clicked as that stack, not as the
    point behind it."""
    view = view_for(game_name)
    view.layout(pygame.Rect(0, 0, 700, 640))
    surf = pygame.Surface((700, 640), pygame.SRCALPHA)
    view.draw(surf, {label: pieces}, Decorations(), board=False)
    x, y = view.pixel_of(label)
    n = len(pieces)
    r = view.radius_px
    centre = view.badge_center(x, y, n, r, view.level_for(n))   # where draw_stack puts the badge (issue 24: on the base)
    size = max(9, int(r * 0.55))
    for dx, dy in ((0, 0), (size * 0.4, 0), (0, -size * 0.4), (size * 0.4, -size * 0.4)):
        assert view.label_at((centre[0] + dx, centre[1] + dy)) == label


def test_an_onyx_stone_is_whole_at_every_size():
    # at 4K the stone's lower edge (a tenth of the radius below its face) ran past the sprite
    # and was cut flat at the bottom
    from game.views.onyx import stone_sprite
    for radius in (8, 20, 31, 45, 90):
        for code in ("B", "W"):
            spr = stone_sprite(code, radius)
            w, h = spr.get_size()
            bottom = [spr.get_at((x, h - 1)).a for x in range(w)]
            assert max(bottom) == 0, (code, radius, max(bottom))
