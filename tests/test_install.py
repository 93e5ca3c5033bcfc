"""Installs like a player's: build the wheel, install it into a fresh virtual environment and
run the ``abstract-trio`` command from another folder.

The wheel must carry the theme, the icon, the sounds and the lesson and puzzle files inside
the package, and the installed game must find them there (not in this source tree). The
venv is made without pip and without the system site-packages; the game's dependencies
(pygame-ce, pygame-gui, ...) already installed here are put on its path by a ``.pth`` file
naming their folders, so nothing is downloaded, and no ``.pth`` file of this environment (an
editable install of this project among them) is run inside the venv: the only ``game``
package it can import is the wheel's.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEPENDENCIES = ("pygame", "pygame_gui", "pytweening", "platformdirs", "babel", "glicko2")
MISSING = "missing game file"


def _run(cmd: list, cwd: Path, env: dict | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(c) for c in cmd], cwd=str(cwd), env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert proc.returncode == 0, (f"{' '.join(map(str, cmd))} exited with {proc.returncode}\n"
                                  f"stdout: {proc.stdout[-3000:]}\nstderr: {proc.stderr[-3000:]}")
    return proc


def _clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONNOUSERSITE="1", ABSTRACT_TRIO_HOME=str(home), PIP_DISABLE_PIP_VERSION_CHECK="1",
               PIP_NO_INPUT="1")
    return env


def _inside(path: str | Path, folder: Path) -> bool:
    return Path(path).resolve().is_relative_to(folder.resolve())


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv folder, its python, its abstract-trio command, a folder outside the repository, env)."""
    tmp = tmp_path_factory.mktemp("install")
    env = _clean_env(tmp / "home")
    # 1. the wheel, built as pip builds it for `pip install .` (the backend is here: no download)
    wheels = tmp / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "-q", "-w", wheels]
    if importlib.util.find_spec("hatchling") is not None:
        _run([*build, "--no-build-isolation"], tmp, env, timeout=300)
    else:       # pip fetches the build backend itself, as for a player's `pip install .`
        proc = subprocess.run([str(c) for c in build], cwd=str(tmp), env=env, capture_output=True,
                              text=True, timeout=300)
        if proc.returncode != 0 and "hatchling" in proc.stderr and (
                "No matching distribution" in proc.stderr or "Could not find a version" in proc.stderr):
            pytest.skip("the build backend hatchling is not installed here (pip install -e \".[test]\" "
                        "installs it) and cannot be downloaded")
        assert proc.returncode == 0, proc.stderr[-3000:]
    (wheel,) = wheels.glob("abstract_trio-*.whl")
    # 2. a fresh venv, and the wheel installed into it by this pip
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp, env)
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q", wheel],
         tmp, env)
    # 3. the dependencies: their folders from this environment (after the install, so that pip
    #    does not see this project's own editable install there)
    purelib = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                        tmp, env).stdout.strip())
    assert _inside(purelib, venv)
    folders = []
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin, f"{name} is not installed here"
        origin = Path(spec.origin).resolve()
        folder = str(origin.parent.parent if spec.submodule_search_locations else origin.parent)
        if folder not in folders:
            folders.append(folder)
    (purelib / "zz_test_dependencies.pth").write_text("\n".join(folders) + "\n")
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    return venv, python, venv / "bin" / "abstract-trio", elsewhere, env, wheel


def test_the_wheel_carries_the_assets_and_levels(installed):
    wheel = installed[5]
    names = set(zipfile.ZipFile(wheel).namelist())
    for rel in ["theme.json", "icon.png", "sounds/LICENSE",
                *(f"sounds/{p.name}" for p in (ROOT / "assets" / "sounds").glob("*.wav"))]:
        assert f"game/data/assets/{rel}" in names, rel
    for p in (ROOT / "levels").glob("*.toml"):
        assert f"game/data/levels/{p.name}" in names, p.name
    for lang in ("ja", "uz"):           # the translations, and the glossary their words follow
        assert f"game/locale/{lang}/LC_MESSAGES/game.po" in names, lang
        assert f"game/locale/{lang}/LC_MESSAGES/levels.po" in names, lang      # the tutorial's words
    assert "game/locale/game.pot" in names and "game/locale/levels.pot" in names
    assert "game/data/docs/glossary.md" in names
    assert not any(n.startswith(("assets/", "levels/", "tests/", "tools/", "docs/")) for n in names)
    assert "game/app.py" in names and "game/rules/__init__.py" in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "abstract-trio = game.app:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_the_installed_game_finds_its_files_inside_the_venv(installed):
    venv, python, _, elsewhere, env, _ = installed
    probe = ("import json, sys, game, game.app as a, game.levels as L, game.sound as S, game.resources as R;"
             "print(json.dumps({'game': game.__file__, 'assets': str(a.ASSETS), 'theme': str(a.THEME),"
             " 'finders': [repr(f) for f in sys.meta_path], 'path': sys.path,"
             " 'levels': str(L.LEVELS_DIR), 'sounds': str(S.SOUND_DIR), 'theme_loaded': a._theme_data() != '{}',"
             " 'missing': [str(p) for _, p in R.missing_files()]}))")
    found = json.loads(_run([python, "-c", probe], elsewhere, env).stdout)
    assert _inside(found["game"], venv) and not _inside(found["game"], ROOT), found["game"]
    for key in ("assets", "theme", "levels", "sounds"):
        assert _inside(found[key], venv), (key, found[key])
    assert found["theme_loaded"] and found["missing"] == []
    assert not any("editable" in f.lower() for f in found["finders"]), found["finders"]
    assert not any(Path(p).resolve() == ROOT.resolve() for p in found["path"] if p), found["path"]


def test_version(installed):
    _, python, command, elsewhere, env, _ = installed
    with open(ROOT / "pyproject.toml", "rb") as f:
        expected = f"abstract-trio {tomllib.load(f)['project']['version']}"
    assert _run([command, "--version"], elsewhere, env).stdout.strip() == expected
    assert _run([python, "-m", "game", "--version"], elsewhere, env).stdout.strip() == expected


@pytest.mark.parametrize("scene", ["menu", "tutorial:onyx"])
def test_the_command_runs_from_another_folder(installed, scene, tmp_path):
    """The menu and a tutorial, rendered by the installed command: themed, with every file found,
    and pixel for pixel the same picture as the source tree's ``python main.py`` draws."""
    _, _, command, elsewhere, env, _ = installed
    shot = tmp_path / "installed.png"
    proc = _run([command, "--scene", scene, "--screenshot", shot, "--frames", "8"], elsewhere,
                dict(env, ABSTRACT_TRIO_HOME=str(tmp_path / "home-installed")))
    assert MISSING not in proc.stderr, proc.stderr
    assert "saved" in proc.stdout and shot.is_file()
    source_env = dict(env, ABSTRACT_TRIO_HOME=str(tmp_path / "home-source"))
    reference = tmp_path / "source.png"
    _run([sys.executable, ROOT / "main.py", "--scene", scene, "--screenshot", reference, "--frames", "8"],
         ROOT, source_env)
    import pygame
    a, b = pygame.image.load(str(shot)), pygame.image.load(str(reference))
    assert a.get_size() == b.get_size()
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), \
        "the installed game draws a different picture from the source tree's"


def test_the_installed_game_speaks_japanese_and_uzbek(installed, tmp_path):
    """The installed catalogues are found and complete (``python -m game.i18n check``), and the
    installed command draws the menu in Japanese."""
    _, python, command, elsewhere, env, _ = installed
    report = json.loads(_run([python, "-m", "game.i18n", "check", "--json"], elsewhere, env).stdout)
    venv = installed[0]
    for lang in ("ja", "uz"):
        assert report[lang]["missing"] == 0 and report[lang]["messages"] > 90, report[lang]
        assert _inside(report[lang]["file"], venv), report[lang]["file"]
    shot = tmp_path / "menu-ja.png"
    proc = _run([command, "--lang", "ja", "--scene", "menu", "--screenshot", shot, "--frames", "3"], elsewhere,
                dict(env, ABSTRACT_TRIO_HOME=str(tmp_path / "home")))
    assert "saved" in proc.stdout and shot.is_file() and proc.stderr == ""


def test_missing_files_are_named_on_stderr(tmp_path, monkeypatch, capsys):
    import game.resources as R
    monkeypatch.setattr(R, "SOURCE_ROOT", tmp_path)          # a tree with no assets/ nor levels/
    monkeypatch.setattr(R, "_folder", lambda name: tmp_path / name)
    missing = R.report_missing()
    err = capsys.readouterr().err
    assert missing and len(err.splitlines()) == len(missing) + 1
    for what in ("theme", "window icon", "sound 'place'", "onyx tutorial", "onager puzzles"):
        assert f"{MISSING} ({what})" in err
    monkeypatch.undo()
    assert R.missing_files() == [], "a file of the source tree is missing"
