"""pygame-gui's dialogs laid out for the window's UI scale.

``UIFileDialog`` and ``UIConfirmationDialog`` place their buttons, icons and boxes at fixed pixel
sizes (buttons 30 px high), while the theme's fonts grow with ``app.ui_scale`` (``scaled_theme``):
on a 4K screen the OK and Cancel texts no longer fit. ``fit_file_dialog`` and
``fit_confirmation`` move and size those parts with the scene's ``px`` (identity at scale 1).
"""
from __future__ import annotations

from typing import Any, Callable

from pygame_gui.elements import UIButton

__all__ = ["fit_confirmation", "fit_file_dialog"]

Px = Callable[[float], int]


def _button_row(buttons: list[UIButton], px: Px) -> int:
    """Bottom-right buttons (the last one rightmost) as high as their text needs; their height."""
    g = px(10)
    bh = px(30)
    for b in buttons:
        font = b.font
        if font is not None:
            bh = max(bh, font.get_rect("Cancel").h + px(8))
    for b in buttons:
        w = b.rect.w
        b.set_dimensions((w, bh))
        b.set_relative_position((-(w + g), -(g + bh)))
    return bh


def fit_confirmation(dlg: Any, px: Px) -> Any:
    """A ``UIConfirmationDialog`` at the UI scale: its buttons and its text above them."""
    try:
        bh = _button_row([dlg.confirm_button, dlg.cancel_button], px)
        cw, ch = dlg.get_container().get_size()
        g = px(10)
        dlg.confirmation_text.set_relative_position((px(5), px(5)))
        dlg.confirmation_text.set_dimensions((cw - 2 * px(5), ch - px(5) - 2 * g - bh))
    except AttributeError:          # another pygame-gui: leave it as it is
        pass
    return dlg


def fit_file_dialog(dlg: Any, px: Px) -> Any:
    """A ``UIFileDialog`` at the UI scale: icon buttons, path line, file list, OK and Cancel."""
    try:
        bh = _button_row([dlg.ok_button, dlg.cancel_button], px)
        cw, ch = dlg.get_container().get_size()
        g = px(10)
        s = px(23)            # (the theme's corner radius fits from 23 px a side, scaled)
        for i, b in enumerate((dlg.home_button, dlg.delete_button, dlg.parent_directory_button,
                               dlg.refresh_button)):
            b.set_dimensions((s, s))
            b.set_relative_position((g + i * (s + px(2)), g))
        line = dlg.file_path_text_line
        line.set_relative_position((g, g + s + g))
        top = g + s + g + line.rect.h + g
        dlg.file_selection_list.set_relative_position((g, top))
        dlg.file_selection_list.set_dimensions((cw - 2 * g, max(px(60), ch - top - 2 * g - bh)))
    except AttributeError:
        pass
    return dlg
