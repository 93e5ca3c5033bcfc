"""The "Other folder…" file dialog (pygame-gui's) is readable at every window size: rows as tall
as their text, icons and buttons at the UI scale, the path box inside the dialog."""
from __future__ import annotations

import pygame
import pytest

from game.scenes import files
from game.storage import records_dir
from ui_helpers import make_app, settle, step


@pytest.mark.parametrize("window", ["1024x640", "1920x1200", "3840x2160"])
def test_the_other_folder_dialog_is_laid_out_at_the_ui_scale(window):
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("apple game.txt", "jumpy.txt"):
        (folder / name).write_text('[Game "onyx"]\n', encoding="utf-8")
    app = make_app("--window", window)
    try:
        settle(app)
        sc = app.scene
        files.open_other_dialog(sc, "load")
        step(app, 3)
        dlg = sc.dialog
        box = dlg.get_container().get_rect()
        lst = dlg.file_selection_list
        item_font = lst.item_list_container.elements[0].font if lst.item_list_container.elements else None
        assert item_font is not None
        # a row holds its text with the descenders (g, j, y): at 4K rows were 20 px for 48 px text
        assert lst.list_item_height >= item_font.get_rect("jumpy.txt").h + 4
        line = dlg.file_path_text_line
        assert box.contains(line.rect), (line.rect, box)
        for b in (dlg.ok_button, dlg.cancel_button):
            text = b.font.get_rect(b.drawable_shape.theming["text"] if "text" in b.drawable_shape.theming
                                   else "Cancel")
            assert b.rect.w >= text.w and b.rect.h >= text.h and box.contains(b.rect), b
        for b in (dlg.home_button, dlg.parent_directory_button, dlg.refresh_button):
            glyph = b.font.get_rect("⌂")
            assert b.rect.h >= glyph.h and b.rect.w >= glyph.w
            # the symbol grows with the window's scale like every other text
            assert glyph.h >= app.ui_scale * 8
    finally:
        app.close()
