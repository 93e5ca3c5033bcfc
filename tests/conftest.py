"""Test set-up: headless SDL before pygame can start anywhere."""
import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The suite reads English: the system's language is English whatever the machine's (gettext
# reads LANGUAGE first); tests of other languages choose them (tests/test_i18n.py).
os.environ["LANGUAGE"] = "en"

TESTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TESTS)
for path in (ROOT, TESTS):      # the game package; the tests' shared helpers (ui_helpers) in any import mode
    if path not in sys.path:
        sys.path.insert(0, path)



def _bytecode_for_every_process() -> None:
    """Where the environment says not to write bytecode (PYTHONDONTWRITEBYTECODE), every process
    the suite starts (the test workers, the engine's worker processes, the ~130 runs of the
    program and its commands) would compile the game from source again, 0.2-0.4 s each. The
    controller compiles it once, before the test workers start, into the package's usual
    ``__pycache__`` (ignored by git), where every later process reads it."""
    if not sys.dont_write_bytecode or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    import compileall
    compileall.compile_dir(os.path.join(ROOT, "game"), quiet=2)


_bytecode_for_every_process()

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory, monkeypatch):
    """Every test gets its own ABSTRACT_TRIO_HOME: no test reads or writes the real user folders
    (settings, the autosave written after every move, records, pictures)."""
    monkeypatch.setenv("ABSTRACT_TRIO_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def _no_picture_cache(monkeypatch):
    """Boards and backdrops are drawn, not read from (or written to) the picture cache: each test's
    private home would get megabytes of pictures (tests/test_picture_cache.py turns it on)."""
    monkeypatch.setenv("ABSTRACT_TRIO_NO_PICTURE_CACHE", "1")


@pytest.fixture(autouse=True)
def _still_game_clocks(monkeypatch):
    """Game clocks read ``App.clock`` (the wall clock in the program). In tests it stands still
    unless a test gives its app a stepped clock (tests/test_clock.py): a game with clocks that
    some test reaches by chance (the monkey's New game) never depends on the machine's speed."""
    from game.app import App
    monkeypatch.setattr(App, "clock", staticmethod(lambda: 0.0))


@pytest.fixture(autouse=True)
def _english_again():
    """A test that switched the language (through an app, ``--lang`` or ``i18n``) leaves English."""
    yield
    from game import i18n
    i18n.set_language("en")


@pytest.fixture(scope="session", autouse=True)
def _test_runner_frozen():
    """The test runner's own objects (every collected test, its fixtures and marks, the imported
    modules: about 150,000 in a worker) are frozen out of garbage collections, as the program
    freezes what its start made (``game.app.start_collecting``)."""
    import gc
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _settle_without_the_runner(monkeypatch):
    """A scene change settles memory (``game.app.settle_memory``): it unfreezes and collects every
    object of the process, which in a test worker are mostly the runner's, 0.1-0.25 s a change
    (a quarter of the suite's garbage-collection time went there, half the 20,000-input monkey's
    time). Here a change collects what is not frozen (the apps the tests make, all of it, so a
    left scene is freed as in the program) and leaves the runner's objects frozen.
    tests/test_memory.py checks the program's own ``settle_memory``."""
    import gc
    from game import app as app_module

    def settle() -> None:
        gc.collect()
        app_module.release_memory()
    monkeypatch.setattr(app_module, "settle_memory", settle)
