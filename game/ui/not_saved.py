"""The "Not saved" card: a game or the settings that the background writer could not write
(``game.writer``: each failure once, until that write works again), said over any screen."""
from __future__ import annotations

import html
from typing import Any, Sequence

import pygame

from ..i18n import _
from ..writer import writer
from . import focus

__all__ = ["NotSaved"]


class NotSaved:
    """The app's one card of write failures; ``tend(app)`` every frame asks the writer."""

    def __init__(self) -> None:
        self.card: Any = None
        self._waiting: list[tuple[str, BaseException]] = []    # said once the open card closes

    def tend(self, app: Any) -> None:
        failures = writer().take_failures()
        if failures or self._waiting:
            self.say(app, failures)

    @property
    def open(self) -> bool:
        """The card is on the screen (over whatever scene)."""
        return self.card is not None and self.card.alive()

    def takes(self, app: Any, event: Any, consumed: bool) -> bool:
        """While the card is open it answers the keyboard and the screen under it waits (it is
        no scene's dialog, so no scene would know): Escape or Enter closes it; other keys and
        clicks off the card do nothing. True when the event was the card's."""
        card = self.card
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            card.kill()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not consumed:
            focus.confirm_modal(app)
        return event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN,
                              pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def say(self, app: Any, failures: Sequence[tuple[str, BaseException]]) -> None:
        """One card at a time: a newer failure while it is open waits for it to close."""
        from .dialogs import ask                    # (only when something failed: not at start)
        from .problems import write_failure_words
        if self.card is not None and self.card.alive():
            self._waiting.extend(failures)
            return
        said = dict(list(self._waiting) + list(failures))     # one sentence per thing not kept
        self._waiting = []
        text = "<br><br>".join(html.escape(write_failure_words(what, e)) for what, e in said.items())
        self.card = ask(app.ui, app.px, _("Not saved"), text, _("OK"), "", theme=app.theme)
