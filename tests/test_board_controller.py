"""One board controller for the board scene, lessons and puzzles (issue 23).

* every view draws every decoration it is given (all three views, every kind of mark);
* lessons and puzzles take drag and drop as the board does; Escape and right click clear a
  selection (an open chain) before anything else; Backspace or a click on the previous landing
  takes back one jump; Enter ends a chain and only then does anything else;
* a key never skips a 'your turn' step, and a lesson whose tasks were skipped is not done;
* the board's caches key on the view's render state: coordinates toggled 40 times in a row,
  each frame shows the right picture;
* a lesson after its demo and a puzzle waiting for a click stop drawing (idle).

Headless, stepped clock (tests/conftest.py, tests/ui_helpers.py).
"""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import levels as L
from game.app import App
from game.match import Match
from game.rules.base import Color
from game.rules.onager import Onager
from game.scenes.base import Scene
from game.scenes.board import BoardScene
from game.scenes.board.idle import BREATHE_FOR
from game.scenes.tutorial import TutorialScene
from game.views import Decorations, view_for

from ui_helpers import click_widget, key, make_app, settle as settle_app, step

DT = 1 / 60
FULL_GLOW = 0.25 / 1.1          # a time at which the views' pulse is 1 (same picture for both)
POS_8_5 = "b2: B; b3: B; b4: W; c3: B; d4: W; c5: B; d5: B; d6: W; Lakes: c4"
FIELDS = ("marks", "targets", "selectable", "selected", "arrows", "ghosts", "tags", "result", "threats",
          "last_move")


# ---------------------------------------------------------------- helpers
def post(kind: int, pos: tuple[int, int], held: bool = False, **kw) -> None:
    pos = (int(pos[0]), int(pos[1]))
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=kw.get("button", 1)))


def drag(app: App, src: tuple[int, int], dst: tuple[int, int], frames: int = 6) -> None:
    """Press on ``src``, carry to ``dst`` with the button held, release there."""
    post(pygame.MOUSEMOTION, src)
    post(pygame.MOUSEBUTTONDOWN, src)
    step(app)
    for i in range(1, frames + 1):
        post(pygame.MOUSEMOTION, (src[0] + (dst[0] - src[0]) * i / frames, src[1] + (dst[1] - src[1]) * i / frames),
             held=True)
        step(app)
    post(pygame.MOUSEBUTTONUP, dst)
    step(app, 2)


def click_at(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos)
    post(pygame.MOUSEBUTTONDOWN, pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos, button=button)
    step(app, 2)


def settle(app: App, limit: int = 400) -> None:
    def calm() -> bool:
        sc = app.scene
        return not app.transitioning and not (isinstance(sc, TutorialScene) and sc.busy) \
            and getattr(sc, "anim", None) is None
    settle_app(app, limit, 0.2, until=calm, check_first=True, fail="the scene did not settle")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("ABSTRACT_TRIO_HOME", str(tmp_path))
    a = App((1024, 640), fade=False)
    a.settings.anim_speed = 8.0
    yield a
    a.close()


def tutorial(app: App, game: str) -> TutorialScene:
    app.push(Scene())
    scene = TutorialScene(game)
    app.push(scene)
    step(app, 2)
    return scene


def open_step(app: App, scene: TutorialScene, lesson: int, step_no: int) -> None:
    """Lesson and step numbered from 1, as on the command line (``lesson:GAME:N:STEP``)."""
    scene.open_lesson(lesson - 1, step_no - 1)
    step(app, 2)
    settle(app)


def a_right_drag(scene: TutorialScene):
    """A solution of the step (or puzzle) made with two different clicks: (option, src px, dst px)."""
    g = scene.game
    if scene.mode == "lesson":
        right = {g.move_str(m) for m in scene.step.goal.solutions(g)}
    else:
        right = {o.text for o in scene.input.options if L.puzzle_move_ok(scene.puzzle, g, g.parse_move(o.text))}
    opt = next(o for o in scene.input.options if o.text in right and len(o.clicks) == 2
               and o.clicks[0] != o.clicks[1])
    return opt, scene.view.pixel_of(opt.clicks[0]), scene.view.pixel_of(opt.clicks[1])


# ================================================================ every view draws every decoration
def _sample(field: str, a: str, b: str):
    return {"marks": [a], "targets": {a: "move"}, "selectable": {a, b}, "selected": a, "arrows": [(a, b)],
            "ghosts": [(a, ("B",))], "tags": {a: "Hint"}, "result": [a, b], "threats": [a],
            "last_move": (a, b)}[field]


@pytest.mark.parametrize("game", ["amoeba", "onyx", "onager"])
@pytest.mark.parametrize("field", FIELDS)
def test_every_view_draws_every_decoration_it_is_given(game: str, field: str) -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((900, 700))
    view = view_for(game)
    view.layout(pygame.Rect(0, 0, 900, 700))
    pts = list(view.points())
    a = pts[len(pts) // 2]
    b = max(pts, key=lambda q: (view.pixel_of(q)[0] - view.pixel_of(a)[0]) ** 2
            + (view.pixel_of(q)[1] - view.pixel_of(a)[1]) ** 2)      # far away: the arrow is long

    def render(deco: Decorations) -> bytes:
        surf = pygame.Surface((900, 700))
        surf.fill((30, 30, 30))
        view.draw(surf, {}, deco)
        return pygame.image.tobytes(surf, "RGB")

    empty = render(Decorations(time=FULL_GLOW))
    deco = dataclasses.replace(Decorations(time=FULL_GLOW), **{field: _sample(field, a, b)})
    assert render(deco) != empty, f"{game} does not draw {field}"


# ================================================================ lessons and puzzles: the board's input
@pytest.mark.parametrize("game, lesson, step_no", [("amoeba", 2, 5), ("onager", 2, 2)])
def test_drag_and_drop_in_a_lesson(app: App, game: str, lesson: int, step_no: int) -> None:
    scene = tutorial(app, game)
    open_step(app, scene, lesson, step_no)
    assert scene.step.kind == "try"
    opt, src, dst = a_right_drag(scene)
    drag(app, src, dst)
    settle(app)
    assert scene.solved and scene.game.ply == 1, scene.feedback


def test_drag_and_drop_in_a_puzzle(app: App) -> None:
    scene = tutorial(app, "amoeba")
    scene.open_puzzle(0)
    step(app, 2)
    opt, src, dst = a_right_drag(scene)
    post(pygame.MOUSEMOTION, src)
    post(pygame.MOUSEBUTTONDOWN, src)
    step(app)
    post(pygame.MOUSEMOTION, ((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2), held=True)
    step(app)
    assert scene.board.dragging() == opt.clicks[0]
    assert scene.decorations().hidden.get(opt.clicks[0]) == len(scene.game.stacks()[opt.clicks[0]])
    post(pygame.MOUSEBUTTONUP, dst)
    step(app, 2)
    settle(app)
    assert scene.game.ply >= 1 and "does not do it" not in scene.feedback


def _chain_step(app: App) -> TutorialScene:
    scene = tutorial(app, "onager")
    li = next(i for i, ls in enumerate(scene.course.lessons) if ls.id == "chains")
    si = next(i for i, s in enumerate(scene.course.lessons[li].steps) if s.title == "Your turn: a chain")
    open_step(app, scene, li + 1, si + 1)
    for lab in ("b2", "b4", "d6"):
        click_at(app, scene.view.pixel_of(lab))
    assert scene.input.prefix == ("b2", "b4", "d6")
    return scene


def test_escape_mid_chain_in_a_lesson_cancels_the_chain_and_stays(app: App) -> None:
    scene = _chain_step(app)
    at = (scene.lesson_i, scene.step_i)
    key(app, pygame.K_ESCAPE)
    assert scene.mode == "lesson" and (scene.lesson_i, scene.step_i) == at
    assert scene.input.prefix == () and "Selection cleared." in scene.note
    key(app, pygame.K_ESCAPE)                         # nothing selected: back to the list
    assert scene.mode == "index" and app.scene is scene


def test_backspace_and_the_previous_landing_take_back_one_jump_in_a_lesson(app: App) -> None:
    scene = _chain_step(app)
    key(app, pygame.K_BACKSPACE)
    assert scene.input.prefix == ("b2", "b4") and "taken back" in scene.note
    click_at(app, scene.view.pixel_of("d6"))
    assert scene.input.prefix == ("b2", "b4", "d6")
    click_at(app, scene.view.pixel_of("b4"))          # the previous landing
    assert scene.input.prefix == ("b2", "b4")
    click_at(app, scene.view.pixel_of("d6"))
    key(app, pygame.K_RETURN)                         # Enter ends the chain: the move is judged
    settle(app)
    assert scene.solved and scene.game.ply == 1


def test_board_scene_escape_backspace_and_enter_on_a_chain() -> None:
    app = make_app("--window", "1280x800")
    try:
        app.push(BoardScene(Match(Onager.from_position(POS_8_5, Color.BLACK))))
        app.finish_transition()
        settle(app)
        step(app, 2)
        board = app.scene
        for lab in ("b2", "b4", "d6"):
            click_at(app, board.view.pixel_of(lab))
        assert board.input.prefix == ("b2", "b4", "d6")
        key(app, pygame.K_BACKSPACE)
        assert board.input.prefix == ("b2", "b4") and "taken back" in board.panel.status
        key(app, pygame.K_ESCAPE)                     # clears the chain, the board stays
        assert board.input.prefix == () and app.scene is board
        for lab in ("b2", "b4", "d6"):
            click_at(app, board.view.pixel_of(lab))
        key(app, pygame.K_RETURN)
        settle(app)
        assert [pm.text for pm in board.match.history] == ["b2-d6"]
    finally:
        app.close()


def test_a_key_never_skips_a_task_and_a_skipped_lesson_is_not_done(app: App) -> None:
    scene = tutorial(app, "onager")
    li = next(i for i, ls in enumerate(scene.course.lessons) if ls.id == "chains")
    lesson = scene.course.lessons[li]
    si = next(i for i, s in enumerate(lesson.steps) if s.kind == "try")
    open_step(app, scene, li + 1, si + 1)
    for k in (pygame.K_RETURN, pygame.K_RIGHT, pygame.K_KP_ENTER):
        key(app, k)
        assert scene.step_i == si and scene.mode == "lesson"
    assert "Skip" in scene.note
    assert scene.w["next"].text == "Skip"
    while scene.mode == "lesson" and scene.lesson_i == li:
        settle(app)
        click_widget(app, scene.w["next"])            # the button skips (and goes on)
    assert not scene.progress.lesson_done("onager", lesson.id)
    assert not scene.progress.try_done("onager", lesson.id, si)
    # solved, the same lesson is done
    scene.open_lesson(li, si)
    step(app, 2)
    for lab in ("b2", "b4", "d6"):
        click_at(app, scene.view.pixel_of(lab))
    key(app, pygame.K_RETURN)
    settle(app)
    assert scene.solved
    key(app, pygame.K_RIGHT)                          # solved: a key goes on
    assert scene.step_i == si + 1
    while scene.mode == "lesson" and scene.lesson_i == li:
        settle(app)
        click_widget(app, scene.w["next"])
    assert scene.progress.lesson_done("onager", lesson.id)


def test_onager_lesson_highlights_are_drawn(app: App) -> None:
    scene = tutorial(app, "onager")
    open_step(app, scene, 3, 4)                       # the lesson:onager:3:4
    deco = scene.decorations()
    assert deco.marks == list(scene.step.highlights) and deco.marks
    view = scene.view
    size = app.screen.get_size()

    def render(d: Decorations) -> pygame.Surface:
        surf = pygame.Surface(size)
        view.draw(surf, scene.game.stacks(), d)
        return surf
    with_marks = render(deco)
    without = render(dataclasses.replace(deco, marks=[]))
    for lab in deco.marks:
        x, y = view.pixel_of(lab)
        r = int(view.cell_px * 0.86)
        changed = sum(1 for dx in range(-r, r + 1, 3) for dy in range(-r, r + 1, 3)
                      if with_marks.get_at((x + dx, y + dy)) != without.get_at((x + dx, y + dy)))
        assert changed > 10, lab


def test_every_lesson_highlight_is_a_point_of_its_board() -> None:
    for game in ("amoeba", "onyx", "onager"):
        course = L.load_course(L.LEVELS_DIR / f"{game}.toml")
        for lesson in course.lessons:
            for st in lesson.steps:
                if not st.highlights:
                    continue
                setup = st.setup
                opts = setup.make().options() if setup is not None else {}
                pts = set(view_for(game, **{k: v for k, v in opts.items() if k == "size"}).points())
                assert set(st.highlights) <= pts, (game, lesson.id, st.title, st.highlights)


# ================================================================ caches: the render state
def test_coordinates_toggled_40_times_each_frame_shows_the_right_picture() -> None:
    app = make_app("--game", "onyx", "--window", "1280x800")
    try:
        sc = app.scene
        assert isinstance(sc, BoardScene)
        settle(app)
        step(app, 2)
        area = sc.board_rect.copy()

        def shot() -> bytes:
            return pygame.image.tobytes(app.screen.subsurface(area), "RGB")
        pictures = {sc.view.show_coords: shot()}
        key(app, pygame.K_l, pygame.KMOD_CTRL)
        pictures[sc.view.show_coords] = shot()
        assert len(pictures) == 2 and pictures[True] != pictures[False]
        for i in range(40):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=pygame.KMOD_CTRL, unicode="\x0c",
                                                 scancode=0))
            step(app)
            assert shot() == pictures[sc.view.show_coords], f"toggle {i + 1}: a stale board"
    finally:
        app.close()


def test_render_state_follows_everything_the_board_picture_depends_on() -> None:
    pygame.display.init()
    pygame.display.set_mode((400, 300))
    view = view_for("amoeba")
    view.layout(pygame.Rect(0, 0, 400, 300))
    s0 = view.render_state()
    view.show_coords = not view.show_coords
    s1 = view.render_state()
    view.show_coords = not view.show_coords
    assert s1 != s0 and view.render_state() != s1
    before = view.render_state()
    view._bg = None                                   # what themes.refresh_scenes does
    assert view.render_state() != before
    before = view.render_state()
    view.layout(pygame.Rect(0, 0, 400, 300))          # the same rectangle: still a new picture
    assert view.render_state() != before


# ================================================================ idle
def _goes_idle(app: App, scene: TutorialScene) -> None:
    settle(app)
    for _ in range(int((BREATHE_FOR + 1.5) / DT)):
        app.step(DT)
    assert not scene.needs_frames() and app.idle()
    t = scene.display_time()
    step(app, 30)
    assert scene.display_time() == t                  # highlights hold still
    post(pygame.MOUSEMOTION, scene.view.pixel_of(next(iter(scene.view.points()))))
    step(app)
    assert scene.needs_frames()                       # any input wakes it


def test_a_lesson_after_its_demo_goes_idle(app: App) -> None:
    scene = tutorial(app, "onager")
    open_step(app, scene, 3, 3)
    assert scene.step.kind == "demo" and scene.game.ply == len(scene.step.moves)
    _goes_idle(app, scene)


def test_a_puzzle_waiting_for_a_click_goes_idle(app: App) -> None:
    scene = tutorial(app, "amoeba")
    scene.open_puzzle(0)
    step(app, 2)
    _goes_idle(app, scene)
