"""The board's toolbar keeps its buttons big enough to hit, and a short tooltip is as wide as
its words (issue 35, the new player's pass: at 1024x640 the twelve icon buttons stood in one
row of 18 px wide targets; "Set up a new game" came in a 300 px card over the board's edge).

Headless, stepped frames (tests/conftest.py, tests/ui_helpers.py).
"""
from __future__ import annotations

import pygame
import pytest

from game.app import TIP_WIDTH

from ui_helpers import make_app, settle, step


def rest_on(app, monkeypatch, but):
    """The pointer rests on ``but`` until its tooltip shows; the tooltip (None if none came)."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: but.rect.center)
    for _ in range(150):
        step(app)
        if app.tooltip_rects():
            break
    step(app, 2)
    return app.tips.shown



@pytest.mark.parametrize("size", ["1024x640", "1280x640", "1280x800", "2560x1440"])
@pytest.mark.parametrize("game", ["amoeba", "onyx"])
def test_toolbar_buttons_are_targets_a_hand_can_hit(size, game):
    app = make_app("--game", game, "--window", size)
    try:
        settle(app)
        sc = app.scene
        rects = {key: b.rect for key, b in sc.toolbar.buttons.items()}
        assert len(rects) == 12
        for key, r in rects.items():
            assert r.w >= app.px(28) and r.h >= app.px(24), (key, r)
            assert sc.panel.rect.contains(r), (key, r)
        keys = list(rects)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                assert not rects[a].colliderect(rects[b]), (a, b)
        # and the move list keeps room for a few moves
        assert sc.w["moves"].rect.h >= app.px(80)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_one_line_tooltip_is_as_wide_as_its_words(monkeypatch, lang):
    app = make_app("--game", "amoeba", "--window", "1024x640", "--lang", lang)
    try:
        settle(app)
        but = app.scene.w["new"]
        tip = rest_on(app, monkeypatch, but)
        assert tip is not None and tip.alive()
        assert tip.rect.w < app.px(TIP_WIDTH) * 0.75, tip.rect
        assert len(tip.text_block.text_box_layout.layout_rows) == 1      # its words still on one line
        assert tip.text_block.rect.w == tip.rect.w
    finally:
        app.close()


@pytest.mark.parametrize("lang,key,size", [("ja", "flip", "1024x640"), ("ja", "review", "1024x640"),
                                          ("uz", "review", "1024x640"), ("en", "review", "1024x640"),
                                          ("ja", "review", "2560x1440")])
def test_a_tooltips_lines_break_where_the_language_breaks_them(monkeypatch, lang, key, size):
    """pygame-gui breaks at spaces only and cuts a longer run with a dash at both ends: the
    Japanese flip tooltip read '…a列が右（Ctrl+-' / '-F）'. Its lines are now broken as the
    game's own texts are (``wrapped_html``), and pygame-gui has nothing left to break."""
    app = make_app("--game", "onyx", "--moves", "f6 g7", "--window", size, "--lang", lang)
    try:
        settle(app)
        but = app.scene.toolbar.buttons[key]
        tip = rest_on(app, monkeypatch, but)
        assert tip is not None
        block = tip.text_block
        lines = block.html_text.split("<br>")
        assert len(lines) >= 2
        rows = block.text_box_layout.layout_rows
        assert len(rows) == len(lines)                         # no row pygame-gui cut again…
        shown = ["".join(chunk.text for chunk in row.items if hasattr(chunk, "text")) for row in rows]
        assert not any(s.rstrip().endswith("-") or s.lstrip().startswith("-") for s in shown), shown   # …with dashes
        assert tip.rect.h >= block.rect.h and tip.rect.contains(block.rect)
    finally:
        app.close()
