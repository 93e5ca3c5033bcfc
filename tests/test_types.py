"""The contracts are declared and a type checker reads them: mypy over the whole package,
game/, reports nothing (``[tool.mypy]`` in pyproject.toml)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("game",)


def test_the_whole_package_type_checks(tmp_path) -> None:
    # In its own process: mypy's parsed trees (millions of objects) would otherwise stay in the
    # test worker, and every later full garbage collection there (each scene change settles
    # memory) would walk them, nearly a second each.
    done = subprocess.run([sys.executable, "-m", "mypy", *CHECKED, "--cache-dir", str(tmp_path / "mypy-cache")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
