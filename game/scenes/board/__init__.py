"""The board scene as a package: see ``scene.py`` for which file owns what."""
from .engine import (
           Engine,
           StubEngine,
           WorkerEngine,
           default_engine_factory,
           request_position,
)
from .computer import THINK_MIN
from .scene import BoardScene
from . import analysis  # noqa: E402,F401  (registers the 'analysis' scenes)

__all__ = ["BoardScene", "Engine", "StubEngine", "THINK_MIN", "WorkerEngine", "default_engine_factory",
           "request_position"]
