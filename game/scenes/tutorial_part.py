"""The base of the tutorial scene's parts (``scene.layout``, ``scene.puzzle_play``).

The same shape as the board scene's parts (``board/part.py``): each part is made with the scene
it serves, keeps its own state, and reaches the scene's shared things (the app, its theme, the
scale) through these properties; the rest through the scene's named methods.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..themes import CLASSIC

if TYPE_CHECKING:  # pragma: no cover
    from .tutorial import TutorialScene

__all__ = ["TutorialPart"]


class TutorialPart:
    """A part of the tutorial scene: ``scene`` and short ways to its app, theme and scale."""

    def __init__(self, scene: "TutorialScene") -> None:
        self.scene = scene

    @property
    def app(self) -> Any:
        return self.scene.app

    @property
    def theme(self) -> Any:
        """The colours to draw in: the app's theme (the classic one before the scene is entered)."""
        app = self.scene.app
        return app.theme if app is not None else CLASSIC

    def px(self, n: float) -> int:
        return self.scene.px(n)
