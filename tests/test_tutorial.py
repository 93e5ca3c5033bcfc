"""The tutorial scene, driven like a person would: synthetic clicks on buttons and board points.

Every lesson of every game that has a board view is played through: each try-it step once
wrong (the hint shows, the board is unchanged) and once right (the praise shows); demos run to
their end with the real animations. Puzzles are solved by clicking, the defence answers by
itself, and the Solution button plays a whole line. Progress survives a restart.
"""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pygame
import pytest

from game import levels as L
from game.app import App
from game.progress import Progress, load_progress, save_progress
from game.scenes.base import Scene
from game.scenes.tutorial import TutorialScene, markup_html
from game.views import has_view

from ui_helpers import click, click_widget, key, step
import ui_helpers as helpers

GAMES_WITH_VIEW = [g for g in ("amoeba", "onyx", "onager") if has_view(g)]


# ---------------------------------------------------------------- a person using the app (ui_helpers)
def settle(app: App, limit: int = 400) -> None:
    """Let fades, demo moves, animations and the puzzle defence finish."""
    def calm() -> bool:
        sc = app.scene
        return not app.transitioning and not (isinstance(sc, TutorialScene) and sc.busy)
    helpers.settle(app, limit, 0.2, until=calm, check_first=True, fail="the tutorial did not settle")


def point(scene: TutorialScene, label: str) -> tuple[int, int]:
    """A pixel that the board view reads as ``label`` (the base of the stack, or near it)."""
    view = scene.view
    assert view is not None
    x, y = view.pixel_of(label)
    r = view.radius_px
    for dx, dy in [(0, 0), (0, r // 2), (0, -r // 2), (r // 2, 0), (-r // 2, 0), (0, r * 0.8)]:
        if view.label_at((x + dx, y + dy)) == label:
            return (int(x + dx), int(y + dy))
    raise AssertionError(f"cannot find a pixel for {label}")


def play_by_clicks(app: App, scene: TutorialScene, move_text: str) -> None:
    """Click the labels a person clicks to make ``move_text`` (canonical), via the input's options."""
    assert scene.input is not None and scene.input.game is not None, "the board does not take clicks now"
    option = next((o for o in scene.input.options if o.text == move_text), None)
    assert option is not None, f"{move_text} is not offered ({[o.text for o in scene.input.options][:20]}...)"
    for label in option.clicks:
        click(app, point(scene, label), frames=1)


def feedback_text(scene: TutorialScene) -> str:
    """The feedback box as a person reads it (tags dropped, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", scene.feedback))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ABSTRACT_TRIO_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(home: Path):
    a = App((1024, 640), fade=False)
    a.settings.anim_speed = 8.0
    yield a
    a.close()


def open_tutorial(app: App, game: str, **kw) -> TutorialScene:
    if not app.scenes:
        app.push(Scene())                      # something to go back to
    scene = TutorialScene(game, **kw)
    app.push(scene)
    step(app, 2)
    assert app.scene is scene and scene.mode == "index"
    return scene


# ---------------------------------------------------------------- lessons
def _do_try(app: App, scene: TutorialScene) -> None:
    st = scene.step
    game = scene.game
    assert game is not None and st.goal is not None
    right = [game.move_str(m) for m in st.goal.solutions(game)]
    offered = [o.text for o in scene.input.options] if scene.input else []
    wrong = [t for t in offered if t not in right]
    start = game.position_text()
    if wrong:                                   # once wrong: hint, board unchanged
        play_by_clicks(app, scene, wrong[0])
        assert not scene.solved
        assert "Not quite" in scene.feedback and L.plain_text(st.hint)[:25] in feedback_text(scene)
        assert scene.game.position_text() == start and scene.game.ply == 0
    good = next(t for t in right if t in offered or t == "swap")
    if good == "swap":
        click_widget(app, scene.w["swap"])
    else:
        play_by_clicks(app, scene, good)        # then right: praise, the move is played
    settle(app)
    assert scene.solved, st.where
    assert L.plain_text(st.praise)[:25] in feedback_text(scene)
    assert scene.game.ply == 1
    assert scene.progress.try_done(scene.game_name, scene.lesson.id, scene.step_i)


@pytest.mark.parametrize("game", GAMES_WITH_VIEW)
def test_every_lesson_played_through_by_clicks(app: App, game: str) -> None:
    scene = open_tutorial(app, game)
    course = scene.course
    assert course is not None
    tries = demos = 0
    for li, lesson in enumerate(course.lessons):
        if scene.mode == "index":
            click_widget(app, scene.w["lesson_buttons"][li])
        assert scene.mode == "lesson" and scene.lesson_i == li and scene.step_i == 0
        for si, st in enumerate(lesson.steps):
            assert scene.step_i == si
            if st.kind == "try":
                _do_try(app, scene)
                tries += 1
            elif st.kind == "demo":
                settle(app)
                assert scene.game.ply == len(st.moves), st.where
                if st.expect is not None:
                    assert L._result_matches(st.expect, L.result_code(scene.game)), st.where
                demos += 1
            click_widget(app, scene.w["next"])
        assert scene.progress.lesson_done(game, lesson.id)
    assert scene.mode == "index"
    assert tries >= 5 and demos >= 8
    # the progress file remembers all of it
    saved, note = load_progress()
    assert note is None
    assert all(saved.lesson_done(game, ls.id) for ls in course.lessons)


@pytest.mark.parametrize("game", GAMES_WITH_VIEW)
def test_back_replay_and_escape(app: App, game: str) -> None:
    scene = open_tutorial(app, game)
    click_widget(app, scene.w["lesson_buttons"][1])
    lesson = scene.lesson
    first_demo = next(i for i, s in enumerate(lesson.steps) if s.kind == "demo" and i > 0)
    for _ in range(first_demo):
        click_widget(app, scene.w["next"])
    assert scene.step.kind == "demo"
    settle(app)
    done = scene.game.position_text()
    click_widget(app, scene.w["replay"])          # the demo starts again from its position
    assert scene.game.ply == 0 and scene.queue == list(scene.step.moves)
    settle(app)
    assert scene.game.position_text() == done
    click_widget(app, scene.w["back"])
    assert scene.step_i == first_demo - 1
    key(app, pygame.K_RIGHT)
    if scene.step.kind == "try":              # (issue 23) a key never skips a task: the button does
        assert scene.step_i == first_demo - 1 and "Skip" in scene.note
        click_widget(app, scene.w["next"])
    assert scene.step_i == first_demo
    key(app, pygame.K_ESCAPE)                     # Esc: back to the list, then out
    assert scene.mode == "index" and app.scene is scene
    key(app, pygame.K_ESCAPE)
    step(app, 3)
    assert app.scene is not scene


def test_resize_during_a_demo_keeps_the_page(app: App) -> None:
    game = GAMES_WITH_VIEW[0] if GAMES_WITH_VIEW else "amoeba"
    scene = open_tutorial(app, game)
    click_widget(app, scene.w["lesson_buttons"][1])
    step(app, 3)
    app.resize((1200, 720))
    step(app, 2)
    assert scene.mode == "lesson" and scene.step_i == 0
    assert scene.panel_rect.right <= 1200 and scene.w["next"].get_abs_rect().right <= 1200
    settle(app)
    assert scene.game.ply == len(scene.step.moves)


def test_resume_where_the_lesson_was_left(app: App, home: Path) -> None:
    game = GAMES_WITH_VIEW[0] if GAMES_WITH_VIEW else "amoeba"
    scene = open_tutorial(app, game)
    click_widget(app, scene.w["lesson_buttons"][0])
    click_widget(app, scene.w["next"])
    click_widget(app, scene.w["next"])
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    step(app, 3)
    again = TutorialScene(game)
    app.push(again)
    step(app, 2)
    click_widget(app, again.w["lesson_buttons"][0])
    assert again.step_i == 2


# ---------------------------------------------------------------- puzzles
@pytest.mark.parametrize("game", GAMES_WITH_VIEW)
def test_every_puzzle_solved_by_clicks(app: App, game: str) -> None:
    scene = open_tutorial(app, game)
    ps = scene.puzzles
    assert ps is not None
    for i, p in enumerate(ps.puzzles):
        if scene.mode == "index":
            click_widget(app, scene.w["puzzle_buttons"][i])
        assert scene.mode == "puzzle" and scene.puzzle_i == i
        line = scene.puzzle_play.canonical_line()
        while not scene.solved:
            assert scene.game.to_move == p.mover and scene.game.ply < len(line), p.id
            text = line[scene.game.ply]            # the defence follows the script
            if text == "swap":
                click_widget(app, scene.w["swap"])
            else:
                play_by_clicks(app, scene, text)
            settle(app)                            # the defence answers by itself
        assert scene.solved, p.id
        assert "Solved" in scene.feedback
        assert scene.progress.puzzle_solved(game, p.id)
        click_widget(app, scene.w["next"])
    assert scene.mode == "index"
    assert "solved" in scene.w["puzzle_buttons"][0].text


@pytest.mark.parametrize("game", GAMES_WITH_VIEW)
def test_wrong_puzzle_move_is_played_and_refuted(app: App, game: str) -> None:
    """(Issue 24: changed from 'refused with the hint'.) The wrong move is played, the opponent
    answers it on the board, the hint is not given away; a click on the board tries again."""
    scene = open_tutorial(app, game)
    click_widget(app, scene.w["puzzle_buttons"][0])
    p = scene.puzzle
    g = scene.game
    bad = next(o.text for o in scene.input.options if not L.puzzle_move_ok(p, g, g.parse_move(o.text)))
    play_by_clicks(app, scene, bad)
    settle(app)
    assert not scene.solved and scene.refuted
    assert scene.game.ply == 2 or scene.game.is_over
    assert "does not do it" in scene.feedback and "Try again" in scene.feedback
    assert L.plain_text(p.hint)[:20] not in feedback_text(scene)
    click(app, scene.view.pixel_of(scene.view.points()[0]), frames=1)     # a click tries again
    settle(app)
    assert not scene.refuted and scene.game.ply == 0 and scene.input.game is not None


@pytest.mark.parametrize("game", GAMES_WITH_VIEW)
def test_solution_button_plays_the_whole_line(app: App, game: str) -> None:
    scene = open_tutorial(app, game)
    ps = scene.puzzles
    i = max(range(len(ps.puzzles)), key=lambda k: (ps.puzzles[k].goal == "win", ps.puzzles[k].plies))
    click_widget(app, scene.w["puzzle_buttons"][i])
    p = scene.puzzle
    for _ in range(len(p.hints)):                 # (issue 24) the button gives the hints first
        assert scene.w["solution"].text == "Hint"
        click_widget(app, scene.w["solution"])
        assert not scene.autoplay
    assert scene.w["solution"].text == "Solution"
    click_widget(app, scene.w["solution"])
    settle(app)
    assert scene.game.result is not None and scene.game.result.winner == p.mover
    assert scene.solved and not scene.progress.puzzle_solved(game, p.id)   # watching is not solving


def test_defence_leaves_the_script_when_the_player_does() -> None:
    """Off the scripted line the defence is the longest resistance found by the rules core."""
    ps = L.load_puzzles(L.puzzles_path("amoeba"))
    fork = next(p for p in ps.puzzles if p.id == "amoeba-08")
    g = fork.start()
    g.push("a1-a2")                            # a wasted move: White can now hold out
    reply = L.best_defence(g.copy(), fork.mover, fork.plies - 1)
    after = g.copy()
    after.push(reply)
    assert not L.forced_win(after, fork.mover, fork.plies - 2)
    losing = [m for m in g.legal_moves() if L.forced_win(L._after(g, m), fork.mover, fork.plies - 2)]
    assert losing and reply not in [g.move_str(m) for m in losing]


class FakeEngine:
    """A computer player that answers with a fixed legal move after thinking two frames."""

    def __init__(self) -> None:
        self.started = 0
        self.polls = 0
        self.closed = False

    def start(self, game, level):
        self.started += 1
        self.game = game
        self.polls = 0

    def poll(self):
        self.polls += 1
        if self.polls < 3:
            return None
        return sorted(self.game.legal_strs())[-1]

    def cancel(self):
        pass

    def close(self):
        self.closed = True


@pytest.mark.skipif("amoeba" not in GAMES_WITH_VIEW, reason="no Amoeba view")
def test_puzzle_defence_uses_the_computer_player_when_there_is_one(app: App, monkeypatch) -> None:
    """(Issue 24: the proof comes first now; the computer answers when the search is too big.)"""
    monkeypatch.setattr(L, "DEFENCE_BUDGET", 1)
    engine = FakeEngine()
    app.engine_factory = lambda: engine
    scene = open_tutorial(app, "amoeba")
    idx = next(i for i, p in enumerate(scene.puzzles.puzzles) if p.id == "amoeba-08")
    click_widget(app, scene.w["puzzle_buttons"][idx])
    play_by_clicks(app, scene, "a1-a2")         # off the line: the proof search is needed (too big here)
    settle(app)
    assert engine.started == 1 and engine.polls >= 3
    g = scene.game
    assert g.ply == 2 and g.move_str(g.moves_played()[-1]) == sorted(engine.game.legal_strs())[-1]
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    step(app, 3)
    assert engine.closed


# ---------------------------------------------------------------- pictures
@pytest.mark.skipif("amoeba" not in GAMES_WITH_VIEW, reason="no Amoeba view")
def test_demo_rendered_mid_animation(app: App, tmp_path: Path) -> None:
    app.settings.anim_speed = 1.0
    scene = open_tutorial(app, "amoeba")
    click_widget(app, scene.w["lesson_buttons"][1])
    click_widget(app, scene.w["next"])                 # "Height is distance": c3-e4 over d4
    assert scene.step.moves == ("c3-e4",)
    before = app.screen.copy()
    for _ in range(200):
        step(app)
        if scene.anim is not None and scene.anim.time > scene.anim.duration * 0.45:
            break
    assert scene.anim is not None
    mid = app.screen.copy()
    out = tmp_path / "demo-mid-animation.png"
    pygame.image.save(mid, str(out))
    assert out.stat().st_size > 10_000
    settle(app)
    after = app.screen.copy()
    view = scene.view
    d4 = view.pixel_of("d4")
    area = pygame.Rect(0, 0, view.radius_px * 3, view.radius_px * 6)
    area.midbottom = (d4[0], d4[1] + view.radius_px)

    def diff(a: pygame.Surface, b: pygame.Surface) -> int:
        return sum(1 for x in range(area.left, area.right, 3) for y in range(area.top, area.bottom, 3)
                   if a.get_at((x, y))[:3] != b.get_at((x, y))[:3])
    # the flying stack is over d4 in the middle of its flight, and gone from there at either end
    assert diff(mid, before) > 20 and diff(mid, after) > 20


# ---------------------------------------------------------------- robustness
def test_broken_course_file_shows_the_error(app: App, tmp_path: Path) -> None:
    folder = tmp_path / "levels"
    folder.mkdir()
    (folder / "amoeba.toml").write_text('format = 1\nkind = "course"\ngame = "amoeba"\n[[lessons]\ntitle = 1\n')
    shutil.copy(L.puzzles_path("amoeba"), folder / "puzzles-amoeba.toml")
    scene = open_tutorial(app, "amoeba", levels_dir=folder)
    assert scene.course is None and "amoeba.toml" in scene.course_error and "TOML" in scene.course_error
    box = scene.w["lessons_error"]
    assert "cannot be shown" in box.html_text and "amoeba.toml" in box.html_text
    assert scene.w["puzzle_buttons"]                  # the puzzles still work
    click_widget(app, scene.w["puzzle_buttons"][0])
    assert scene.mode == "puzzle"


def test_missing_files_and_view(app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_tutorial(app, "onyx", levels_dir=tmp_path)
    assert scene.course is None and scene.puzzles is None
    assert "cannot be read" in scene.course_error
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    # without a board view the lessons still read, and try-it steps can be skipped
    import game.scenes.tutorial as T

    def no_view(name, **kw):
        raise T.ViewUnavailable("The board is not available yet in this version.")
    monkeypatch.setattr(T, "view_for", no_view)
    scene = open_tutorial(app, "amoeba")
    click_widget(app, scene.w["lesson_buttons"][1])
    for _ in range(len(scene.lesson.steps)):
        assert "not available" in scene.w["feedback"].html_text
        settle(app)
        click_widget(app, scene.w["next"])
    step(app, 2)


def test_progress_file_round_trip_and_damage(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    p = Progress()
    p.mark_lesson("amoeba", "board")
    p.mark_try("onyx", "capture", 2)
    p.mark_puzzle("onager", "onager-03")
    p.set_resume("amoeba", "moving", 4)
    assert save_progress(p, path) is None
    q, note = load_progress(path)
    assert note is None and q.done == p.done and q.resume == p.resume
    assert q.count("amoeba", "lesson") == 1
    path.write_text("{ not json")
    q, note = load_progress(path)
    assert q.done == set() and "damaged" in note
    path.write_text(json.dumps({"version": 1, "done": ["ok", 3, None], "resume": {"a/b": "x", "c/d": 2}}))
    q, note = load_progress(path)
    assert q.done == {"ok"} and q.resume == {"c/d": 2}
    folder = tmp_path / "is-a-folder.json"
    folder.mkdir()
    assert "could not be saved" in save_progress(p, folder)


def test_key_words_become_highlighted_html() -> None:
    out = markup_html("A **stack** & <b>\n\nnext")
    assert "<b><font color='#ffd27a'>stack </font></b>" in out     # (the space after it goes with it)
    assert "&amp; &lt;b&gt;<br><br>next" in out


def test_menu_tutorial_button_opens_this_scene(app: App) -> None:
    from game.scenes.menu import MenuScene
    menu = MenuScene()
    app.push(menu)
    step(app, 2)
    click_widget(app, menu.cards[0]["tutorial"])
    step(app, 2)
    assert isinstance(app.scene, TutorialScene) and app.scene.game_name == menu.cards[0]["name"]
