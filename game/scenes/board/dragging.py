"""Drag and drop on the board: press on a piece, carry it, release on a target.

A mixin of ``BoardScene`` (``scene.py``). The press is an ordinary click (it selects the piece,
so click-click keeps working); once the pointer has moved a few pixels with the button held,
the selected stack follows the pointer (``draw_drag``, hidden on its point by
``drag_hidden``), and the release is a click on the point under the pointer, which plays the
move or goes on with it (an Onager chain). Released on its own point or off the board, the
piece goes back and stays selected.
"""
from __future__ import annotations

from typing import Any

import pygame

DRAG_START_PX = 6      # pointer travel (at scale 1) before a press becomes a drag


class BoardDragging:
    """Drag state and drawing of the board scene (mixed into ``BoardScene``)."""

    drag: dict[str, Any] | None = None

    def begin_drag(self, pos: tuple[int, int]) -> None:
        """After a press on the board: a drag may start from the piece just selected."""
        inp = self.input
        self.drag = None
        if inp is not None and len(inp.prefix) == 1 and self.anim is None:
            self.drag = {"label": inp.prefix[0], "start": pos, "moved": False}

    def drag_motion(self, event: pygame.event.Event) -> None:
        d = self.drag
        if d is None:
            return
        held = bool(getattr(event, "buttons", (1,))[0]) if getattr(event, "buttons", None) else True
        if not held:
            self.drag = None
            return
        sx, sy = d["start"]
        if abs(event.pos[0] - sx) + abs(event.pos[1] - sy) >= self.px(DRAG_START_PX):
            d["moved"] = True

    def end_drag(self, pos: tuple[int, int]) -> bool:
        """The button came up: a carried piece lands on the point under the pointer."""
        d, self.drag = self.drag, None
        if d is None or not d["moved"] or self.view is None or self.input is None:
            return False
        if tuple(self.input.prefix[:1]) != (d["label"],):
            return False
        lab = self.view.label_at(pos) if self.board_rect.collidepoint(pos) else None
        if lab is None or lab == d["label"]:
            return True                  # back on its point (or off the board): still selected
        self.click_board(pos)
        return True

    def dragging(self) -> str | None:
        """The label whose stack is being carried, if any."""
        d = self.drag
        if d is None or not d["moved"] or self.input is None or tuple(self.input.prefix[:1]) != (d["label"],):
            return None
        return str(d["label"])

    def drag_hidden(self) -> dict[str, int]:
        """Pieces to leave off the board while their stack is carried."""
        lab = self.dragging()
        if lab is None or self.match is None:
            return {}
        return {lab: len(self.match.game.stacks().get(lab, ()))}

    def draw_drag(self, surface: pygame.Surface) -> None:
        """The carried stack under the pointer, a little lifted."""
        lab = self.dragging()
        if lab is None or self.view is None or self.match is None:
            return
        pieces = self.match.game.stacks().get(lab, ())
        if pieces:
            x, y = self.mouse
            self.view.draw_stack(surface, (x, y + self.view.radius_px * 0.4), pieces, lift=0.6)
