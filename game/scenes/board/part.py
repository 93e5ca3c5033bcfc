"""The base of the board scene's helper objects (history, toolbar, sounds, autosave).

Each is made with the scene it serves and reads the scene's state through these properties.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene


class ScenePart:
    """A part of the board scene: ``scene`` and short ways to its app, match and browsing state."""

    def __init__(self, scene: "BoardScene") -> None:
        self.scene = scene

    @property
    def app(self) -> Any:
        return self.scene.app

    @property
    def match(self) -> Any:
        return self.scene.match

    @property
    def browsing(self) -> bool:
        """The player is looking back at an earlier move (``scene.browse_ply`` is set)."""
        return self.scene.browse_ply is not None

    def px(self, n: float) -> int:
        return self.scene.px(n)
