"""A cross-fade between two positions: a step back in the history, or a jump."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from ..views.base import BoardView

FADE_TIME = 0.22          # seconds for a backward step / jump cross-fade at speed 1

__all__ = ["FADE_TIME", "FadeAnimation"]


class FadeAnimation:
    """A cross-fade between two positions (a step back in the history, or a jump).

    Duck-types ``MoveAnimation`` for the board scene: ``hidden``, ``update``, ``draw``,
    ``finish``, ``done``, ``on_complete``. Points whose stacks differ are hidden on the board
    and drawn here: the old stack fading out, the new one fading in.
    """

    def __init__(self, view: "BoardView | None", before: dict[str, tuple[str, ...]], after: dict[str, tuple[str, ...]],
                 speed: float = 1.0, on_complete: Callable[[], None] | None = None) -> None:
        self.view = view
        self.before = dict(before)
        self.after = dict(after)
        self.changed = sorted(lab for lab in set(before) | set(after) if before.get(lab, ()) != after.get(lab, ()))
        self.hidden = {lab: len(before.get(lab, ())) for lab in self.changed if before.get(lab)}
        self.duration = FADE_TIME / max(0.05, float(speed))
        self.time = 0.0
        self.motions: list[Any] = []
        self.on_complete = on_complete
        self._ended = False

    @property
    def done(self) -> bool:
        return self._ended

    def update(self, dt: float) -> bool:
        if self._ended:
            return True
        self.time += dt
        if self.time >= self.duration:
            self.finish()
        return self._ended

    def finish(self) -> None:
        if self._ended:
            return
        self.time = self.duration
        self._ended = True
        if self.on_complete:
            cb, self.on_complete = self.on_complete, None
            cb()

    def draw(self, surface: pygame.Surface) -> None:
        u = 1.0 if self.duration <= 0 else max(0.0, min(1.0, self.time / self.duration))
        u = u * u * (3 - 2 * u)
        view = self.view
        if view is None:                # no board to draw on (its view could not be loaded)
            return

        def row(label: str) -> int:
            """Drawn from the back row forwards (a label off the board first)."""
            try:
                return view.pixel_of(label)[1]
            except KeyError:
                return 0
        for lab in sorted(self.changed, key=row):
            try:
                xy = view.pixel_of(lab)
            except KeyError:
                continue
            old, new = self.before.get(lab, ()), self.after.get(lab, ())
            if old and u < 0.99:
                view.draw_stack(surface, xy, old, alpha=int(255 * (1 - u)), badge=False)
            if new and u > 0.01:
                view.draw_stack(surface, xy, new, alpha=int(255 * u), badge=u > 0.9)
