"""The board scene is made of parts, not mixins (issue 23, item 8).

``BoardScene`` derives from ``Scene`` alone; every concern is a part object it owns
(``ScenePart``), which keeps its own state and is reached by a name (``scene.panel``,
``scene.computer``…). These checks read the classes and the source, and drive one game so
each part is seen doing its work through its own names.
"""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pygame

from game.scenes.base import Scene
from game.scenes.board import BoardScene
from game.scenes.board.analysis import AnalysisScene
from game.scenes.board.part import ScenePart

import ui_helpers as helpers
from ui_helpers import click, settle

PACKAGE = Path(inspect.getfile(BoardScene)).parent
PARTS = ("board", "panel", "toolbar", "history", "redoing", "review", "computer", "offers", "banner",
         "drawing", "movebox", "sounds", "saver", "clocks", "comments")


def test_the_board_scene_is_a_scene_and_nothing_else():
    assert BoardScene.__bases__ == (Scene,)
    assert AnalysisScene.__bases__ == (BoardScene,)
    assert [c for c in BoardScene.__mro__ if c.__module__.startswith("game.scenes.board")] == [BoardScene]


def test_every_concern_is_a_part_the_scene_owns():
    scene = BoardScene.start("amoeba")
    for name in PARTS:
        part = getattr(scene, name)
        shared = name in ("board", "movebox")               # the controller and the move box serve the tutorial too
        assert (part.host if shared else part.scene) is scene, name
        if not shared:
            assert isinstance(part, ScenePart), name
    names = {type(getattr(scene, n)).__name__ for n in PARTS}
    assert len(names) == len(PARTS)                         # one class each


def _classes(path: Path) -> list[ast.ClassDef]:
    return [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.ClassDef)]


def test_no_file_of_the_package_is_a_mixin_any_more():
    """Every class of the package is a part, a scene, or a helper that is neither mixed in nor
    reads the scene's attributes as its own (no class there uses ``self.match`` without being a
    part or the scene)."""
    for path in sorted(PACKAGE.glob("*.py")):
        for cls in _classes(path):
            bases = [ast.unparse(b) for b in cls.bases]
            src = ast.unparse(cls)
            if "ScenePart" in bases or cls.name in ("BoardScene", "AnalysisScene", "ScenePart"):
                continue
            assert "self.match" not in src or bases, f"{path.name}: {cls.name} reads the scene's state as a mixin"


def test_no_part_reads_the_scene_through_getattr_with_a_default():
    """State is declared where it lives: no ``getattr(self, "_x", default)`` or
    ``getattr(sc, "x", default)`` guessing at another part's attributes."""
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for needle in ('getattr(self, "', 'getattr(sc, "', 'getattr(self.scene, "'):
            assert needle not in text, f"{path.name}: {needle}…"


GAME = PACKAGE.parent.parent                # game/
SCANNED = sorted((GAME / "scenes").rglob("*.py")) + sorted(GAME.glob("bench*.py"))   # the benches drive the board too


def _breaches(source: str) -> list[tuple[int, str]]:
    """(line, what) for each assignment to a field of a part (``x.panel.status = …``, ``+=``
    too) and each use of a part's private name (``x.history._confirm()``)."""
    parts = set(PARTS)
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        while targets:
            t = targets.pop()
            if isinstance(t, (ast.Tuple, ast.List)):
                targets.extend(t.elts)
            elif isinstance(t, ast.Starred):
                targets.append(t.value)
            elif isinstance(t, ast.Attribute) and isinstance(t.value, ast.Attribute) and t.value.attr in parts:
                out.append((node.lineno, f"sets {ast.unparse(t)}"))
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                and isinstance(node.value, ast.Attribute) and node.value.attr in parts:
            out.append((node.lineno, f"uses {ast.unparse(node)}"))
    return out


def test_the_breach_finder_sees_writes_and_privates():
    src = ("sc.panel.status = ''\nself.scene.computer.paused = True\na, self.board.drag = 1, None\n"
           "sc.panel.status += 'x'\nself.history._branch_confirmed()\nx = sc.drawing._static\n"
           "sc.panel.set_status('ok')\nself.status = ''\nsc.history.replaying\nsc.dialog = None\n")
    assert [what for _, what in sorted(_breaches(src))] == [
        "sets sc.panel.status", "sets self.scene.computer.paused", "sets self.board.drag",
        "sets sc.panel.status", "uses self.history._branch_confirmed", "uses sc.drawing._static"]


def test_no_part_sets_another_parts_fields_or_uses_its_privates():
    """A part (and the scene, and every other screen) changes a part through that part's named
    methods (``scene.panel.clear_status()``, ``scene.computer.pause()``), never by assigning
    its fields or reaching for its private names."""
    assert PACKAGE / "scene.py" in SCANNED and GAME / "scenes" / "tutorial.py" in SCANNED
    wrong: list[str] = []
    for path in SCANNED:
        rel = path.relative_to(GAME).as_posix()
        for line, what in _breaches(path.read_text(encoding="utf-8")):
            wrong.append(f"game/{rel}:{line}: {what}")
    assert not wrong, "a part's field set or private used from outside it:\n" + "\n".join(wrong)


def test_a_game_goes_through_the_parts_by_their_names():
    app = helpers.make_app("--game", "amoeba", "--window", "1024x640")
    try:
        settle(app, 30)
        sc = app.scene
        assert isinstance(sc, BoardScene)
        opt = next(o for o in sc.input.options if len(o.clicks) == 2)
        for lab in opt.clicks:
            click(app, sc.view.pixel_of(lab))
        settle(app, 60)
        assert sc.match.history[-1].text == opt.text
        assert sc.panel.status == "" and "White to move" in sc.panel.default_status()
        sc.set_status("A word for the player.", "warn")
        assert sc.panel.status == "A word for the player." and sc.panel.status_kind == "warn"
        assert opt.clicks[-1] in sc.decorations().last_move
        sc.offers.resign()
        assert sc.dialog is not None and sc.dialog_kind == "resign"
        sc.close_dialog()
        assert not sc.banner.shown() and not sc.computer.busy and not sc.movebox.focused()
        surface = pygame.Surface(app.screen.get_size())
        sc.draw(surface)
        assert sc.drawing.static_layer() is not None and sc.opaque
    finally:
        app.close()
