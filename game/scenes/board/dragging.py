"""Drag and drop on the board scene: thin names over its ``BoardController`` (``controller.py``).

The press is an ordinary click (it selects the piece, so click-click keeps working); once the
pointer has moved a few pixels with the button held, the selected stack follows the pointer,
and the release is a click on the point under it. The controller does it for the board scene,
lessons and puzzles alike; these methods keep the board scene's names (tests, other parts).
"""
from __future__ import annotations

from typing import Any

import pygame

from .controller import DRAG_START_PX, BoardController

__all__ = ["BoardDragging", "DRAG_START_PX"]


class BoardDragging:
    """The board scene's drag names (mixed into ``BoardScene``), all delegated to ``self.board``."""

    board: BoardController

    @property
    def drag(self) -> dict[str, Any] | None:
        return self.board.drag

    @drag.setter
    def drag(self, value: dict[str, Any] | None) -> None:
        self.board.drag = value

    def begin_drag(self, pos: tuple[int, int]) -> None:
        self.board.begin_drag(pos)

    def drag_motion(self, event: pygame.event.Event) -> None:
        self.board.motion(event.pos, getattr(event, "buttons", None))

    def end_drag(self, pos: tuple[int, int]) -> bool:
        return self.board.release(pos)

    def dragging(self) -> str | None:
        return self.board.dragging()

    def drag_hidden(self) -> dict[str, int]:
        return self.board.drag_hidden()

    def draw_drag(self, surface: pygame.Surface) -> None:
        self.board.draw_drag(surface)
