"""Layout audit: every screen reads right at every window size and in every colour theme.

Each scene the command line can open (``--scene``, see ``game.app``) is built headless at
1024x640, 1280x800, 1920x1080, 2400x1400 and 3840x2160, drawn for real in the classic,
colour-blind and dark themes, and fails when

* a pygame-gui label's text does not fit its rectangle (and pygame-gui's "Label Rect is too
  small" warning), a button's text is wider or taller than the button, a text box scrolls, a
  text entry's placeholder is cut (only the tutorial's narration, ``#narration``, may scroll:
  a long step at a small window), our ``StatusText`` sets its text smaller than its style or
  cuts it with an ellipsis, a ``FastLabel``'s text is wider than the label;
* two widgets of the scene's root overlap, or two texts the scene draws itself overlap each
  other or a widget (scenes that draw text say where with ``layout_rects()``: a list of
  ``(name, rect, bounds)``; ``bounds`` is the rectangle the text must stay in, or None);
* anything lies outside the window (or a drawn text outside its bounds), or a text (drawn, or a
  label's or button's font) is smaller than 12 px times the window's UI scale;
* pygame-gui warns (the ``warnings`` module) or anything logs a warning;
* a text a player needs is cut with '…' (every cut goes through ``game.ui.text.ellipsize``,
  which names the kind of text; only the kinds in ``MAY_BE_CUT`` may lose their end).

One app per window size is reused for all scenes (``app.reset``); each scene is checked in full
once (the layout does not depend on the colours) and drawn in every theme, the themes taken in
turns that need two theme changes a scene (see ``run_size``). ``LAYOUT_SHOTS=DIR``
writes a PNG of every case to DIR (``<scene>-<W>x<H>-<theme>.png``).
"""
from __future__ import annotations

import itertools
import logging
import os
import re
import time
import warnings
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from pygame_gui.core.utility import translate

from game.app import App, after_start, first_scenes, parse_args, use_theme
from game.scenes.board import StubEngine
from game.scenes.settings import attach_settings
from game.ui.text import FastLabel, StatusText, cuts, watch_cuts

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2400, 1400), (3840, 2160)]
THEMES = ("classic", "colour-blind", "dark")
DANGER = {
    "amoeba": "b3-c4 e4-e3",
    "onyx": "i4 de34 kl23 e3 a4 k7 ab89 jk56 ef67 h4 h10 fg56 hi78 b4 bc12 c3 l3 i3 i6 j9 k3 de78 h9 f11 "
            "k2 k1 e9 d1 j4 c8 b3 d7 e12 e6 b10 j2 l5",
    "onager": "d7 f9 e8 b1-c1 j3-i4 a4-c4 j4-i5 a6-c6 k4-i6 c1-d1 k2-g6 c6-c7 i5-h5 d1-e2 k1-i3 b6-d8 h5-h4 "
              "a5-a4 i6-e5 d8-b6 i3-i2 b6-d8 j2-i3 e2-d1 i2-a5",
}
# (scene, extra command-line arguments): every kind of scene, the boards with a Danger line
CASES: list[tuple[str, tuple[str, ...]]] = [
    ("menu", ()),
    *[(f"new:{g}", ()) for g in ("amoeba", "onyx", "onager")],
    *[(f"editor:{g}", ()) for g in ("amoeba", "onyx", "onager")],      # the position editor
    *[(f"board:{g}", ("--moves", DANGER[g])) for g in ("amoeba", "onyx", "onager")],
    *[(f"analysis:{g}", ("--moves", DANGER[g])) for g in ("amoeba", "onyx", "onager")],   # the engine panel
    *[(f"tutorial:{g}", ()) for g in ("amoeba", "onyx", "onager")],
    ("lesson:amoeba:1:3", ()), ("lesson:onyx:3:1", ()), ("lesson:onager:2:8", ()),
    ("puzzle:amoeba:1", ()), ("puzzle:onyx:8", ()), ("puzzle:onager:3", ()),
    ("mypuzzles:onyx", ()),                                      # My puzzles, empty (a private home)
    ("settings", ()), ("load", ()), ("save", ("--moves", "b3-c4")),
    ("gameover:amoeba", ("--moves", "b3-c4 e4-e3")), ("gameover:onyx:agree", ()),
    ("gameover:onager:agree", ("--moves", "d7 f9 e8")),
    *[(f"board:{g}", ("--black", "easy")) for g in ("amoeba", "onyx", "onager")],     # the thinking pill
    ("gameover:onyx", ("--white", "hard")),                      # the result banner naming the computer
    ("keys:board", ()), ("keys:menu", ()), ("keys:lesson", ()), ("keys:puzzle", ()),   # the keys overlay
    # game clocks: between people (Pause) with a Danger line, against the computer with an hour's
    # face, the form's custom clock, the result of a game lost on time
    ("board:onyx", ("--clock", "300+3", "--moves", DANGER["onyx"])),
    ("board:amoeba", ("--clock", "5400+30", "--white", "hard")),
    ("new:onyx", ("--clock", "150+2")),
    ("gameover:onager", ("--clock", "60+0", "--moves", "d7 f9 e8")),
]
MIN_TEXT = 12          # px at UI scale 1: drawn text smaller than this is not readable
# Texts that may lose their end to '…' (``ellipsize``'s ``what``): the rest of the engine's
# expected line, a long folder path, a file's name in the library's list, a recent game's
# label (its tooltip says it whole). Every other cut text is a problem.
MAY_BE_CUT = {"engine panel: the rest of a line", "library: the folder", "library: row",
              "menu: a recent game"}


def _name(el: Any) -> str:
    text = getattr(el, "text", None) or getattr(el, "html_text", None) or ""
    text = re.sub(r"<[^>]+>", "", str(text))[:40]
    return f"{type(el).__name__}({text!r})"


def _is_tooltip(el: Any) -> bool:
    return "tool_tip" in list(getattr(el, "element_ids", None) or [])


def _elements(app: App) -> list[Any]:
    """Every visible, living pygame-gui element (tooltips aside)."""
    out = []
    for el in app.ui.get_sprite_group().sprites():
        if not getattr(el, "visible", False) or not el.alive() or _is_tooltip(el):
            continue
        if isinstance(el, pygame_gui.core.UIContainer) and getattr(el, "get_object_ids", lambda: [])()[-1:] == [
                "#scene_root"]:
            continue
        if getattr(el, "ui_root_container", None) is el:
            continue
        out.append(el)
    return out


def _border(el: Any) -> int:
    """Left plus right border width of a pygame-gui element."""
    bw = getattr(el, "border_width", 0)
    return (bw.get("left", 0) + bw.get("right", 0)) if isinstance(bw, dict) else 2 * int(bw or 0)


def _text_problems(el: Any) -> list[str]:
    """What is wrong with an element's text (empty: it reads whole, at its style's size)."""
    r = el.rect
    if isinstance(el, StatusText):
        out = []
        if el.shrunk:
            out.append(f"{_name(el)} set smaller ({el.shown_size} < {el._px(el.size)} px)")
        if el.cut:
            out.append(f"{_name(el)} cut with an ellipsis: {el.lines}")
        return out
    if isinstance(el, FastLabel):
        if not el.text:
            return []
        w, h = el.font.size(el.text)
        return [f"{_name(el)} too small: text {w}x{h} in {r.w}x{r.h}"] if w > r.w or h > r.h else []
    if isinstance(el, pygame_gui.elements.UILabel):
        if not el.text or el.font is None:
            return []
        w, h = el.font.get_rect(translate(el.text)).size
        return [f"{_name(el)} too small: text {w}x{h} in {r.w}x{r.h}"] if w > r.w or h > r.h else []
    if isinstance(el, pygame_gui.elements.UIButton):
        if not el.text or el.font is None:
            return []
        border = _border(el)
        shadow = 2 * int(getattr(el, "shadow_width", 0) or 0)
        w, h = el.font.get_rect(translate(el.text)).size
        room_w, room_h = r.w - border - shadow, r.h
        # Where pygame-gui really puts the text: it centres it in a view that starts past the
        # rounded corner but is as wide as the whole button, so a text that nearly fills the
        # button runs past its right border and is cut there.
        layout = getattr(getattr(el, "drawable_shape", None), "text_box_layout", None)
        bw = getattr(el, "border_width", 0)
        right_border = bw.get("right", 0) if isinstance(bw, dict) else int(bw or 0)
        inner_right = r.w - shadow // 2 - right_border
        for row in getattr(layout, "layout_rows", None) or []:
            if row.x + row.width > inner_right:
                return [f"{_name(el)} text cut at the right border: it ends at {row.x + row.width} "
                        f"of {inner_right}"]
        if w > room_w or h > room_h:
            return [f"{_name(el)} text does not fit: {w}x{h} in {room_w}x{room_h}"]
        return []
    if isinstance(el, pygame_gui.elements.UITextEntryLine):
        shown = el.get_text() or getattr(el, "placeholder_text", "") or ""
        if not shown or el.font is None:
            return []
        pad = getattr(el, "padding", (0, 0))
        w = el.font.get_rect(shown).w
        room = r.w - 2 * int(pad[0]) - _border(el)
        return [f"{_name(el)} placeholder cut: {w} > {room}"] if w > room and not el.get_text() else []
    if isinstance(el, pygame_gui.elements.UITextBox) and not _is_tooltip(el):
        if getattr(el, "scroll_bar", None) is not None and "#narration" not in el.get_object_ids():
            return [f"{_name(el)} scrolls: its text does not fit {r.w}x{r.h}"]
    return []


def _is_parent(a: Any, b: Any) -> bool:
    """a contains b in the widget tree (a container and its children may overlap), or b is a
    bare container inside a (a slider's or a scroll bar's buttons)."""
    if type(b) is pygame_gui.core.UIContainer and a.rect.contains(b.rect):
        return True
    c = getattr(b, "ui_container", None)
    seen = 0
    while c is not None and seen < 20:
        if c is a or getattr(a, "get_container", lambda: None)() is c:
            return True
        c = getattr(c, "ui_container", None)
        seen += 1
    return getattr(b, "parent_element", None) is a


def audit(app: App) -> list[str]:
    """Every layout problem of the current scene (geometry and text; warnings are caught apart)."""
    sc = app.scene
    win = pygame.Rect((0, 0), app.size)
    k = app.ui_scale
    out: list[str] = []
    els = _elements(app)
    for el in els:
        r = pygame.Rect(el.rect)
        if r.w <= 0 or r.h <= 0:
            continue
        if not win.contains(r):
            out.append(f"{_name(el)} outside the window: {r}")
        out.extend(_text_problems(el))
        font = getattr(el, "font", None)
        label = str(getattr(el, "text", "") or "")
        symbol = len(label) == 1 and not label.isalnum()        # ▼ ◀ ⌂: pygame-gui's symbol font
        if isinstance(el, (pygame_gui.elements.UILabel, pygame_gui.elements.UIButton)) and el.text and not symbol \
                and font is not None and hasattr(font, "get_rect") \
                and font.get_rect("Ag").h < round(MIN_TEXT * k):
            out.append(f"{_name(el)} font too small for the UI scale: {font.get_rect('Ag').h} px")
    root = getattr(sc, "root", None)
    mine = [el for el in els if getattr(el, "ui_container", None) is root and el.rect.w > 0 and el.rect.h > 0]
    for a, b in itertools.combinations(mine, 2):
        if a.rect.colliderect(b.rect) and not _is_parent(a, b) and not _is_parent(b, a):
            out.append(f"{_name(a)} {tuple(a.rect)} overlaps {_name(b)} {tuple(b.rect)}")
    hook = getattr(sc, "layout_rects", None)
    drawn = list(hook()) if callable(hook) else []
    for name, rect, bounds, *size in drawn:
        rect = pygame.Rect(rect)
        if not win.contains(rect):
            out.append(f"drawn {name!r} outside the window: {rect}")
        if bounds is not None and not pygame.Rect(bounds).contains(rect):
            out.append(f"drawn {name!r} {tuple(rect)} outside its place {tuple(pygame.Rect(bounds))}")
        if size and size[0] is not None and size[0] < round(MIN_TEXT * k):
            out.append(f"drawn {name!r} too small: {size[0]} px < {round(MIN_TEXT * k)} px")
        for el in mine:
            if rect.colliderect(el.rect):
                out.append(f"drawn {name!r} {tuple(rect)} overlaps {_name(el)} {tuple(el.rect)}")
    for (n1, r1, *_), (n2, r2, *_) in itertools.combinations(drawn, 2):
        if pygame.Rect(r1).colliderect(pygame.Rect(r2)):
            out.append(f"drawn {n1!r} {tuple(pygame.Rect(r1))} overlaps drawn {n2!r} {tuple(pygame.Rect(r2))}")
    keys = getattr(app, "keys_overlay", None)       # the keys overlay: over everything, its texts apart
    if keys is not None:
        keys.layout(app.size, app.px)
        mine_k = keys.layout_rects()
        for name, rect, bounds, size in mine_k:
            if not win.contains(rect) or not pygame.Rect(bounds).contains(rect):
                out.append(f"drawn {name!r} {tuple(rect)} outside the window or its card {tuple(bounds)}")
            if size < round(MIN_TEXT * k):
                out.append(f"drawn {name!r} too small: {size} px < {round(MIN_TEXT * k)} px")
        for (n1, r1, *_), (n2, r2, *_) in itertools.combinations(mine_k, 2):
            if r1.colliderect(r2):
                out.append(f"drawn {n1!r} {tuple(r1)} overlaps drawn {n2!r} {tuple(r2)}")
    out.extend(_dialog_texts(app, win, k))
    return out


def _dialog_texts(app: App, win: pygame.Rect, k: float) -> list[str]:
    """Texts a dialog draws itself (the game library of 'load' and 'save': ``layout_rects()``):
    inside the window, the dialog and their place, big enough, apart from each other and from
    the dialog's widgets."""
    dlg = getattr(app.scene, "dialog", None)
    hook = getattr(dlg, "layout_rects", None)
    if not callable(hook) or not dlg.alive():
        return []
    out: list[str] = []
    box = pygame.Rect(dlg.rect)
    drawn = list(hook())
    widgets = [el for el in _elements(app) if el is not dlg and _is_parent(dlg, el)
               and not isinstance(el, pygame_gui.core.UIContainer) and el is not getattr(dlg, "canvas", None)
               and el.rect.w > 0 and el.rect.h > 0 and box.contains(el.rect)]
    for name, rect, bounds, *size in drawn:
        rect = pygame.Rect(rect)
        if not win.contains(rect) or not box.contains(rect):
            out.append(f"dialog text {name!r} outside the dialog or window: {tuple(rect)}")
        if bounds is not None and not pygame.Rect(bounds).contains(rect):
            out.append(f"dialog text {name!r} {tuple(rect)} outside its place {tuple(pygame.Rect(bounds))}")
        if size and size[0] is not None and size[0] < round(MIN_TEXT * k):
            out.append(f"dialog text {name!r} too small: {size[0]} px < {round(MIN_TEXT * k)} px")
        for el in widgets:
            if rect.colliderect(el.rect):
                out.append(f"dialog text {name!r} {tuple(rect)} overlaps {_name(el)} {tuple(el.rect)}")
    for (n1, r1, *_), (n2, r2, *_) in itertools.combinations(drawn, 2):
        if pygame.Rect(r1).colliderect(pygame.Rect(r2)):
            out.append(f"dialog text {n1!r} {tuple(pygame.Rect(r1))} overlaps {n2!r} {tuple(pygame.Rect(r2))}")
    return out


class _Log(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(f"{record.name}: {record.getMessage()}")


def make_app(size: tuple[int, int]) -> App:
    app = App(size, fade=False)
    attach_settings(app, allow_fullscreen=False, autosave=False)
    app.engine_factory = StubEngine
    return app


def open_case(app: App, scene: str, extra: tuple[str, ...]) -> None:
    """The scenes ``--scene scene`` starts with, as ``game.app.build`` makes them."""
    args = parse_args(["--scene", scene, *extra])
    app.reset(first_scenes(app, args))
    app.finish_transition()
    after_start(app, args)


def run_size(size: tuple[int, int], shots: Path | None, part: int = 0, parts: int = 1) -> tuple[list[str], float]:
    """Audit every ``parts``-th case from ``part`` on at ``size`` (all of them by default)."""
    problems: list[str] = []
    t0 = time.monotonic()
    log = _Log()
    logging.getLogger().addHandler(log)
    app = make_app(size)
    try:
        use_theme(app, THEMES[0])
        for i, (scene, extra) in enumerate(CASES[part::parts]):
            name = scene.replace(":", "-") + ("-thinking" if "easy" in extra else "-hard" if "hard" in extra else "") \
                + ("-clock" if "--clock" in extra else "")
            label = f"{name} {size[0]}x{size[1]}"
            # Each case opens in the theme the last one ended in and goes through the others from
            # there (a theme change rebuilds every widget, the costliest part at 4K): two changes a
            # case instead of three. The layout is audited once, in the classic theme (themes
            # change colours only), after the scene's frames in it.
            order = THEMES if i % 2 == 0 else THEMES[::-1]
            assert app.settings.theme == order[0]
            found: list[str] = []
            watch_cuts(True)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                open_case(app, scene, extra)
                for theme in order:
                    if theme == order[0]:
                        for _ in range(2):
                            app.step(1 / 60)
                    else:
                        use_theme(app, theme)
                        app.step(1 / 60)
                    if theme == "classic":
                        found = audit(app)
                    if shots is not None:
                        pygame.image.save(app.screen, str(shots / f"{name}-{size[0]}x{size[1]}-{theme}.png"))
            found += [f"{what} cut with '…': {whole!r} shown as {shown!r}" for what, whole, shown in
                      dict.fromkeys(cuts()) if what not in MAY_BE_CUT]
            watch_cuts(False)
            found += [f"warning: {w.message}" for w in caught]
            found += [f"log: {m}" for m in log.records]
            log.records.clear()
            problems += [f"{label}: {p}" for p in found]
    finally:
        logging.getLogger().removeHandler(log)
        app.close()
    return problems, time.monotonic() - t0


def _parts(size: tuple[int, int]) -> int:
    """The 4K size runs in two halves, so the two test workers share it (each half makes its own
    app, so the smaller sizes, quick anyway, stay whole)."""
    return 2 if size[0] >= 3000 else 1


AUDITS = [(size, part) for size in SIZES for part in range(_parts(size))]


@pytest.mark.parametrize("size,part", AUDITS,
                         ids=[f"{w}x{h}" + (f"-{part + 1}of{_parts((w, h))}" if _parts((w, h)) > 1 else "")
                              for (w, h), part in AUDITS])
def test_layout_audit(size, part):
    shots = os.environ.get("LAYOUT_SHOTS")
    folder = Path(shots) if shots else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    parts = _parts(size)
    problems, seconds = run_size(size, folder, part, parts)
    print(f"layout audit {size[0]}x{size[1]} ({part + 1}/{parts}): {len(CASES[part::parts])} scenes x "
          f"{len(THEMES)} themes in {seconds:.1f} s")
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(problems)


def test_the_audit_sees_a_button_text_cut_at_its_right_border():
    """A button just wider than its words, rebuilt as a theme change rebuilds it: pygame-gui
    then centres the text in a view as wide as the whole button, so its end is cut. The audit
    reads where the text really ends; ``button_width`` gives a button room enough."""
    from game.ui.layout import button_width
    from ui_helpers import make_app, settle
    app = make_app("--scene", "menu", "--window", "1024x640")
    try:
        settle(app)
        ui = app.scene.ui
        label = "Shu yerdan oʻynash"
        text_w = ui.get_theme().get_font(["#primary_button", "button"]).get_rect(label).w
        tight = pygame_gui.elements.UIButton(pygame.Rect(0, 0, text_w + 10, 32), label, ui,
                                             object_id="#primary_button")
        roomy = pygame_gui.elements.UIButton(
            pygame.Rect(0, 40, button_width(label, app.scene.px, ui, "#primary_button"), 32), label, ui,
            object_id="#primary_button")
        for b in (tight, roomy):
            b.rebuild_from_changed_theme_data()
        assert [p for p in _text_problems(tight) if "cut at the right border" in p]
        assert _text_problems(roomy) == []
    finally:
        app.close()
