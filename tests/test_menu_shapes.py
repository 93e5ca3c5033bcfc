"""The menu at every window shape: its title and subtitle always fit the window's width (shrunk
to fit, never cut), its content stands in the middle of the window's height, and on a huge
window neither the title is huge nor the cards small beside it.

Built headless as the command line builds it (``--scene menu --window WxH --lang L``); the menu
says where it draws its texts through ``layout_rects()`` (as the layout audit reads it).
"""
from __future__ import annotations

import pygame
import pytest

from game.scenes.menu import MenuScene

from ui_helpers import make_app, settle

SHAPES = [("1080x1920", "en"), ("1080x1920", "uz"), ("1024x1200", "uz"), ("1024x1200", "ja"),
          ("4000x8000", "en"), ("8192x8192", "ja"), ("1024x8192", "uz"), ("8192x640", "en"),
          ("1024x640", "uz"), ("1280x800", "en"), ("1920x1080", "ja"), ("3840x2160", "uz")]


def menu_at(window: str, lang: str):
    app = make_app("--scene", "menu", "--window", window, "--lang", lang)
    settle(app)
    assert isinstance(app.scene, MenuScene)
    return app


def drawn(app) -> dict[str, tuple[pygame.Rect, int]]:
    return {name: (pygame.Rect(rect), size) for name, rect, _bounds, size in app.scene.layout_rects()}


def content_span(app) -> tuple[int, int]:
    """The top of the title and the bottom of the lowest widget of the menu (buttons, cards)."""
    sc = app.scene
    texts = drawn(app)
    top = min(r.top for name, (r, _s) in texts.items() if name.startswith("title"))
    widgets = [card["rect"] for card in sc.cards]
    widgets += [b.rect for b in (sc.load_btn, sc.settings_btn, sc.quit_btn, sc.puzzles_btn, sc.rush_btn,
                                 sc.continue_btn) if b is not None]
    return top, max(r.bottom for r in widgets)


@pytest.mark.parametrize("window,lang", SHAPES)
def test_title_and_subtitle_fit_the_width(window: str, lang: str) -> None:
    app = menu_at(window, lang)
    try:
        win = pygame.Rect((0, 0), app.size)
        texts = drawn(app)
        heads = {name: v for name, v in texts.items() if name.split()[0] in ("title", "subtitle")}
        assert "title" in heads and "subtitle" in heads
        for name, (rect, size) in heads.items():
            assert win.contains(rect), f"{window} {lang}: {name} {tuple(rect)} outside the window {tuple(win)}"
            assert size >= round(12 * app.ui_scale), f"{name} too small: {size}"
        # the title is bigger than the subtitle, and the title is never huge beside the cards
        assert heads["title"][1] > heads["subtitle"][1]
        card_title = max(size for name, (_r, size) in texts.items() if name.endswith(" title"))
        assert heads["title"][1] <= 2.5 * card_title, (heads["title"][1], card_title)
        # nothing the menu draws overlaps anything else it draws
        rects = list(texts.items())
        for i, (n1, (r1, _)) in enumerate(rects):
            for n2, (r2, _) in rects[i + 1:]:
                assert not r1.colliderect(r2), f"{n1} {tuple(r1)} overlaps {n2} {tuple(r2)}"
    finally:
        app.close()


@pytest.mark.parametrize("window,lang", SHAPES)
def test_content_in_the_middle(window: str, lang: str) -> None:
    app = menu_at(window, lang)
    try:
        w, h = app.size
        top, bottom = content_span(app)
        assert 0 <= top < bottom <= h
        middle = (top + bottom) / 2
        assert abs(middle - h / 2) <= 0.05 * h, f"{window} {lang}: content {top}..{bottom}, middle {middle} of {h}"
    finally:
        app.close()


@pytest.mark.parametrize("window", ["8192x8192", "4000x8000"])
def test_huge_window_cards_sized_from_the_smaller_side(window: str) -> None:
    """A huge window: the cards take a fair share of its smaller side (not a small cluster)."""
    app = menu_at(window, "en")
    try:
        w, h = app.size
        cards = [card["rect"] for card in app.scene.cards]
        span = max(r.right for r in cards) - min(r.left for r in cards)
        assert span >= 0.6 * min(w, h), (span, w, h)
        top, bottom = content_span(app)
        assert bottom - top >= 0.3 * min(w, h), (top, bottom)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
def test_compact_cards_keep_their_buttons_words_whole(lang: str) -> None:
    # with games to continue the cards put Play, Tutorial and Analyse in one row: in Uzbek at
    # 1024x640 'Oʻynash' was cut to 'Oʻyna' (fixed shares of the row, not the words' needs)
    import shutil
    from pathlib import Path
    from game.storage import unfinished_dir
    folder = unfinished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    src = Path(__file__).parent / "data" / "records" / "amoeba_finished.txt"
    head, _blank, moves = src.read_text().partition("\n\n")
    head = "\n".join(ln for ln in head.splitlines() if not ln.startswith(("[Result", "[Reason", "[Plies")))
    for i in range(5):                              # games left after 2 to 6 moves
        rows = "\n".join(moves.splitlines()[:i + 2])
        (folder / f"2026120{i}-120000-amoeba.txt").write_text(f"{head}\n\n{rows}\n")
    shutil.rmtree(folder / "older", ignore_errors=True)
    app = menu_at("1024x640", lang)
    try:
        menu = app.scene
        assert menu.recent
        for card in menu.cards:
            for key in ("play", "tutorial", "analyse"):
                b = card[key]
                assert b.font.size(b.text)[0] <= b.rect.w - 8, (key, b.text, b.rect)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "ja", "uz"])
@pytest.mark.parametrize("window", ["1024x640", "1920x1080"])
def test_the_three_cards_pictures_are_alike(window: str, lang: str) -> None:
    # in Uzbek the Onyx tagline took two lines and its board picture came out smaller
    app = menu_at(window, lang)
    try:
        sizes = {card["pic"].size for card in app.scene.cards}
        assert len(sizes) == 1, sizes
    finally:
        app.close()
