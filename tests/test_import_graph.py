"""No import circles under game/: every import counts (module level or inside a function),
except those under ``if TYPE_CHECKING:``, which never run."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "game"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in PKG.rglob("*.py")}


def _type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Import nodes that run, skipping ``if TYPE_CHECKING:`` bodies."""
    stack = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                stack.extend(child.orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child
            stack.append(child)


def edges(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        is_pkg = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _imports(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:
                    base = name.split(".") if is_pkg else name.split(".")[:-1]
                    base = base[:len(base) - (node.level - 1)]
                    prefix = ".".join(base + ([node.module] if node.module else []))
                else:
                    prefix = node.module or ""
                for a in node.names:
                    sub = f"{prefix}.{a.name}"
                    targets.append(sub if sub in modules else prefix)
            for t in targets:
                # the deepest module of ours that the dotted name names
                while t and t not in modules:
                    t = t.rpartition(".")[0]
                if t and t != name:
                    graph[name].add(t)
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_checker_finds_a_planted_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycles(graph) == [["a", "b", "c"]]


def test_checker_reads_function_level_imports_and_skips_type_checking(tmp_path):
    src = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import X\n"
           "def f():\n    from .c import Y\n")
    tree = ast.parse(src)
    mods = [n.module for n in _imports(tree)]
    assert "c" in mods and "b" not in mods


def test_no_import_circles_under_game():
    cycles = find_cycles(edges(all_modules()))
    assert cycles == [], "import circles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_no_file_under_game_is_longer_than_1000_lines():
    long = {str(p.relative_to(ROOT)): n for p in PKG.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 1000}
    assert long == {}


# What a start that shows a board does not load before (or at) its first frame: each is
# imported where it is first used (a record read or written, a file dialog, a lesson, the
# engine's own process, a review's analysis). Every run compiles what it imports (the program
# runs without writing bytecode), so each module here is start-up time saved.
NOT_AT_START = ("game.autosave", "game.rules.record", "game.rules.record_tree", "game.scenes.library",
                "game.scenes.newgame", "game.scenes.tutorial", "game.scenes.editor",
                "game.scenes.board.analysis", "game.ai", "game.records", "game.progress", "game.levels",
                "game.puzzles", "game.scenes.rush", "game.scenes.rated_puzzles", "game.scenes.puzzle_board",
                "game.rules.amoeba", "game.rules.onager", "game.views.amoeba", "game.views.onager",
                "game.scenes.files")


def test_a_board_shows_without_loading_what_it_does_not_use_yet(tmp_path):
    import os
    import subprocess
    import sys
    code = ("import sys\nfrom game.app import main\n"
            f"status = main(['--game', 'onyx', '--screenshot', {str(tmp_path / 'first.png')!r}, '--frames', '2'])\n"
            "print('\\n'.join(sorted(m for m in sys.modules if m.startswith('game'))))\n"
            "sys.exit(status)\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    loaded = set(out.stdout.split())
    assert "game.scenes.board.scene" in loaded and "game.views.onyx" in loaded      # it did show the board
    early = sorted(m for m in loaded for lazy in NOT_AT_START if m == lazy or m.startswith(lazy + "."))
    assert early == []
