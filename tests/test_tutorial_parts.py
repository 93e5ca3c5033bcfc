"""The tutorial scene is made of parts, not mixins, as the board scene is (tests/test_board_parts.py).

``TutorialScene`` derives from ``Scene`` alone; the pages' widgets and rects are a part it owns
(``scene.layout``), and so is the puzzle being solved (``scene.puzzle_play``); each keeps its own
state and is reached by its name and named methods. Lessons and puzzles play every move through
the scene's one ``MovePlayer`` (``scene.mover``), the class the board scene plays its moves with.
These checks read the classes and the source, and drive a lesson and a puzzle.
"""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from game.anim.moves import MovePlayer
from game.app import App
from game.scenes.base import Scene
from game.scenes.board import BoardScene
from game.scenes.board.controller import BoardController
from game.scenes.tutorial import TutorialScene
from game.scenes.tutorial_layout import TutorialLayout
from game.scenes.tutorial_part import TutorialPart
from game.scenes.tutorial_puzzles import PuzzlePlay

from ui_helpers import click_widget, step

SCENES = Path(inspect.getfile(TutorialScene)).parent
FILES = sorted(SCENES.glob("tutorial*.py"))
PARTS = {"layout": TutorialLayout, "puzzle_play": PuzzlePlay}
PART_FILES = ("tutorial_layout.py", "tutorial_puzzles.py")


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("ABSTRACT_TRIO_HOME", str(tmp_path))
    a = App((1024, 640), fade=False)
    a.settings.anim_speed = 8.0
    yield a
    a.close()


def test_the_tutorial_scene_is_a_scene_and_nothing_else():
    assert TutorialScene.__bases__ == (Scene,)
    assert [c for c in TutorialScene.__mro__ if c.__module__.startswith("game.scenes.tutorial")] == [TutorialScene]


def test_every_concern_is_a_part_the_scene_owns():
    scene = TutorialScene("amoeba")
    for name, cls in PARTS.items():
        part = getattr(scene, name)
        assert type(part) is cls and isinstance(part, TutorialPart), name
        assert part.scene is scene, name
    assert type(scene.board) is BoardController and scene.board.host is scene   # clicks: as on the board
    # what others read of the parts' state is declared on the scene, not copied into it
    assert scene.w is scene.layout.w and scene.board_rect is scene.layout.board_rect
    assert scene.panel_rect is scene.layout.panel_rect


def _classes(path: Path) -> list[ast.ClassDef]:
    return [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.ClassDef)]


def test_no_file_of_the_tutorial_is_a_mixin_any_more():
    """Every class there is the scene, a part, the parts' base, or a widget (a pygame-gui
    subclass); none is mixed into the scene, and no part reads the scene's page as its own."""
    for path in FILES:
        for cls in _classes(path):
            bases = [ast.unparse(b) for b in cls.bases]
            if cls.name == "TutorialScene":
                assert bases == ["Scene"]
                continue
            assert bases in (["TutorialPart"], [], ["UIButton"]), f"{path.name}: {cls.name}{bases}"
            if bases == ["TutorialPart"]:
                src = ast.unparse(cls)
                for own in ("self.mode", "self.game", "self.puzzle", "self.step", "self.feedback", "self.input"):
                    assert f"{own} " not in src and f"{own}." not in src and f"{own})" not in src, \
                        f"{path.name}: {cls.name} reads {own} as a mixin"


def _assigned(tree: ast.AST) -> list[str]:
    """The attribute targets assigned in ``tree``, as written (``self.scene.x``, ``sc.x``…)."""
    out = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            for el in (t.elts if isinstance(t, ast.Tuple) else [t]):
                if isinstance(el, ast.Attribute):
                    out.append(ast.unparse(el))
    return out


def test_parts_change_each_other_only_through_named_methods():
    """No part sets the scene's fields (``sc.x = …``) and the scene sets no part's field;
    nobody reads another's private names."""
    for name in PART_FILES:
        path = SCENES / name
        text = path.read_text(encoding="utf-8")
        for target in _assigned(ast.parse(text)):
            assert not target.startswith(("self.scene.", "sc.", "scene.")), f"{name}: {target} = …"
        assert "self.scene._" not in text and "sc._" not in text, name
    scene_src = (SCENES / "tutorial.py").read_text(encoding="utf-8")
    for target in _assigned(ast.parse(scene_src)):
        assert not target.startswith(tuple(f"self.{p}." for p in PARTS)), f"tutorial.py: {target} = …"
    for p in PARTS:
        assert f"self.{p}._" not in scene_src, p


def test_nothing_is_probed_with_getattr():
    """State is declared where it lives: widgets' texts through pygame-gui's own attributes,
    the app's engine factory, the game's result points (``Game.highlight_result``)."""
    for path in FILES:
        assert "getattr(" not in path.read_text(encoding="utf-8"), path.name


def _movers(obj: object) -> list[MovePlayer]:
    return [v for v in vars(obj).values() if isinstance(v, MovePlayer)]


def test_one_move_player_a_scene_the_boards_class(app, monkeypatch):
    """The lesson's demonstration, the player's puzzle move and the defence's answer go through
    the scene's one ``mover``, a ``MovePlayer`` as the board scene's; no part keeps another."""
    board = BoardScene.start("amoeba")
    scene = TutorialScene("onyx")
    assert type(scene.mover) is type(board.mover) is MovePlayer
    assert _movers(scene) == [scene.mover]
    assert all(_movers(getattr(scene, name)) == [] for name in PARTS)
    players: list[int] = []
    real = MovePlayer.play

    def spy(self, *args, **kwargs):
        players.append(id(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(MovePlayer, "play", spy)
    app.push(Scene())
    app.push(scene)
    step(app, 2)
    scene.open_lesson(2, 0)                              # a demonstration: b5 captures a5 and b4
    assert scene.step.kind == "demo" and scene.step.moves
    for _ in range(400):
        step(app)
        if not scene.busy:
            break
    assert players and scene.game.ply == len(scene.step.moves)
    idx = next(i for i, p in enumerate(scene.puzzles.puzzles) if p.id == "onyx-05")
    scene.open_puzzle(idx)
    before = len(players)
    scene.player_move("d4")                              # a wrong move: played, then answered
    for _ in range(400):
        step(app)
        if not scene.busy:
            break
    assert scene.refuted and scene.puzzle_play.refuted and scene.game.ply == 2
    assert len(players) == before + 2
    assert set(players) == {id(scene.mover)}


def test_a_puzzle_goes_through_the_parts_by_their_names(app):
    scene = TutorialScene("onyx")
    app.push(Scene())
    app.push(scene)
    step(app, 2)
    click_widget(app, scene.w["puzzle_buttons"][0])
    play = scene.puzzle_play
    assert scene.mode == "puzzle" and not play.solved and play.hints_left()
    assert scene.layout.w["solution"].text == "Hint"
    for _ in scene.puzzle.hints:
        click_widget(app, scene.w["solution"])
    assert not play.hints_left() and scene.w["solution"].text == "Solution" and not scene.autoplay
    click_widget(app, scene.w["solution"])                # the Solution line plays itself
    assert scene.autoplay and scene.busy
    for _ in range(600):
        step(app)
        if not scene.busy:
            break
    assert play.solved and scene.solved and "Now try it yourself" in scene.feedback
    assert scene.layout.layout_rects() == [] and scene.layout_rects() == []
    click_widget(app, scene.w["index"])
    assert scene.mode == "index" and [n for n, *_ in scene.layout_rects()] == ["lessons done"]
