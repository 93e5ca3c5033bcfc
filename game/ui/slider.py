"""A horizontal slider whose buttons grow with the interface.

pygame-gui draws a slider's two arrow buttons 20 px wide whatever the theme says (its thumb's
width is a theme value, ``sliding_button_width``, which ``app.scaled_theme`` scales): at
3840x2160, with every text two and a half times its size, they were slivers too narrow to hit.
``Slider`` takes the width its buttons should have and gives it to the arrows on every
rebuild (a theme change rebuilds them).
"""
from __future__ import annotations

from typing import Any

from pygame_gui.elements import UIHorizontalSlider


class Slider(UIHorizontalSlider):
    """``UIHorizontalSlider`` with arrow buttons ``button_width`` px wide."""

    def __init__(self, *args: Any, button_width: int = 20, **kwargs: Any) -> None:
        self._button_width = max(1, int(button_width))
        super().__init__(*args, **kwargs)

    def rebuild(self) -> None:
        # pygame-gui sets the arrows' width from this attribute when it (re)builds them
        self.default_button_width = self._button_width
        super().rebuild()
