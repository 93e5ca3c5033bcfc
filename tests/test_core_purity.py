"""The rules core and the engine stay pure: no pygame, no files, no clocks."""
import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
FORBIDDEN_MODULES = {"pygame", "pygame_gui", "time", "datetime", "os", "pathlib", "shutil", "io",
                     "tempfile", "threading"}
FORBIDDEN_CALLS = {"open"}


def core_files():
    return sorted((ROOT / "game" / "rules").glob("*.py"))


@pytest.mark.parametrize("path", core_files(), ids=lambda p: p.name)
def test_rules_module_is_pure(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] not in FORBIDDEN_MODULES, f"{path.name} imports {alias.name}"
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            assert node.module.split(".")[0] not in FORBIDDEN_MODULES, f"{path.name} imports {node.module}"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"


@pytest.mark.parametrize("package", ["ai", "puzzles"])
def test_engine_and_puzzles_never_import_pygame(package):
    """The puzzle miner, prover, rating and Rush model run headless like the engine."""
    for path in sorted((ROOT / "game" / package).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for n in names:
                assert not n.startswith("pygame"), f"{path.name} imports {n}"


def test_importing_the_core_loads_no_pygame():
    import subprocess
    import sys
    code = ("import sys, game.rules, game.rules.amoeba, game.rules.onyx, game.rules.onager;"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
