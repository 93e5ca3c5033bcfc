"""A window dragged to a new size sends a burst of size events; each used to lay every scene out
again (about 20 ms each at 1280x800): only the last of a frame's burst is laid out now."""
from __future__ import annotations

import pygame

from ui_helpers import make_app, step


def test_a_burst_of_size_events_lays_out_once_at_the_last_size(monkeypatch):
    app = make_app("--game", "onyx", "--window", "1280x800")
    try:
        sizes = []
        real = app.resize
        monkeypatch.setattr(app, "resize", lambda size: (sizes.append(tuple(size)), real(size)))
        for w in range(1100, 1400, 30):
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=760, size=(w, 760)))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
        step(app, 2)
        assert sizes == [(1370, 760)] and app.size == (1370, 760)
    finally:
        app.close()
