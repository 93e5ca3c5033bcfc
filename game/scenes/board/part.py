"""The base of the board scene's parts (panel, computer, offers, banner, drawing, history, …).

Each part is made with the scene it serves, owns its own state, and reaches the scene's shared
things (app, match, browsing, scale, theme) through these properties.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...themes import CLASSIC

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
    def theme(self) -> Any:
        """The colours to draw in: the app's theme (the classic one before the scene is entered)."""
        app = self.scene.app
        return app.theme if app is not None else CLASSIC

    @property
    def browsing(self) -> bool:
        """The player is looking back at an earlier move (``scene.browse_ply`` is set)."""
        return self.scene.browse_ply is not None

    def px(self, n: float) -> int:
        return self.scene.px(n)
