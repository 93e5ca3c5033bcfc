"""The contracts are declared and a type checker reads them: mypy over the rules core, the
engine, the match and the board scene reports nothing (``[tool.mypy]`` in pyproject.toml)."""
from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("game/rules", "game/ai", "game/match.py", "game/scenes/board")


def test_the_core_the_engine_and_the_board_scene_type_check(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    out, err, status = api.run([*CHECKED, "--cache-dir", str(tmp_path / "mypy-cache")])
    assert status == 0, out + err
