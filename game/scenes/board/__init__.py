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
# the analysis board (analysis.py) is imported when one is first made (scenes.base.HOMES)

__all__ = ["BoardScene", "Engine", "StubEngine", "THINK_MIN", "WorkerEngine", "default_engine_factory",
           "request_position"]
