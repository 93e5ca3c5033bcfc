"""The board scene's autosave: after every change, off the drawing path.

``Autosaver.update(match, final)`` (``game.autosave``) at the end of every frame (``App.step``
calls the scene's ``after_frame()``), except the frame in which a move's animation starts (a
heavy one: it waits for the next). The record text is made here (a few ms) only when the line
changed; the background writer thread only writes the file.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...autosave import Autosaver
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene


class BoardAutosave(ScenePart):
    """Keeps ``autosave.txt`` (or ``last-game.txt`` for a finished game) up to date."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self.autosaver = Autosaver()
        self._save_anim: Any = None                  # the autosave waits out a move's first frame

    def after_frame(self) -> None:
        """After a frame is drawn (``App.step``): the autosave after every change. Making the
        record text takes a few ms, so in the frame in which a move starts its animation (a
        heavy one) it waits for the next (an animation frame, which is light); only the writing
        is left to the background thread."""
        m = self.match
        app = self.app
        if m is None or (app is not None and not getattr(app, "autosave_enabled", True)):
            return
        anim = self.scene.anim
        if anim is not None and anim is not self._save_anim:
            self._save_anim = anim               # a move (or a step back) began this frame
            return
        self.autosaver.update(m, self.scene.history.final if self.browsing else None, live=not self.browsing)

    def close(self) -> None:
        app = self.app
        try:
            if app is None or getattr(app, "autosave_enabled", True):
                self.autosaver.update(self.match, self.scene.history.final if self.browsing else None,
                                      live=not self.browsing)
        except Exception:
            pass
        self.autosaver.flush(5.0)

    def write_now(self) -> None:
        """Write the autosave at once (a game just loaded: Continue must offer it, not the one before)."""
        app = self.app
        if self.match is None or (app is not None and not getattr(app, "autosave_enabled", True)):
            return
        try:
            self.autosaver.update(self.match, self.scene.history.final if self.browsing else None, force=True,
                                  live=not self.browsing)
        except Exception:
            pass
