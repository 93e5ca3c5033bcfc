"""Colour themes: classic, colour-blind safe and dark.

A theme changes the shared drawing palette (``game.views.draw.PALETTE``) and the few highlight
colours the Onyx and Onager views keep as module constants, in place, so every view picks
them up at its next frame. ``apply_theme(name)`` always starts from the classic colours, so
switching back and forth is exact.

* classic: the original wooden look (green targets, blue splits, red danger).
* colour-blind: the Okabe–Ito colours, chosen to stay apart for red–green (and most
  blue–yellow) colour blindness: targets sky blue, splits/stacks orange, danger vermilion,
  last move purple; Black and White pieces differ in lightness, not hue, in every theme.
* dark: dark walnut board, brighter rings, higher-contrast pieces for a dim room.
"""
from __future__ import annotations

import importlib
from typing import Any

from .views import draw as D

THEMES = ("classic", "colour-blind", "dark")
THEME_TITLES = {"classic": "Classic", "colour-blind": "Colour-blind safe", "dark": "Dark"}

# palette keys -> colours, on top of the classic ones
_PALETTES: dict[str, dict[str, tuple[int, ...]]] = {
    "classic": {},
    "colour-blind": {
        "move": (86, 180, 233),      # sky blue
        "split": (240, 158, 20),     # orange
        "threat": (225, 92, 10),     # vermilion
        "last": (204, 121, 167),     # reddish purple
        "select": (250, 236, 90),    # yellow
        "result": (255, 240, 140),
        "place": (86, 180, 233),
    },
    "dark": {
        "wood_light": (132, 92, 60),
        "wood_dark": (84, 54, 32),
        "wood_edge": (48, 30, 16),
        "line": (36, 22, 12),
        "line_light": (176, 140, 100),
        "move": (120, 240, 150),
        "split": (110, 200, 255),
        "select": (255, 224, 110),
        "last": (255, 186, 80),
        "black_top": (40, 42, 50),
        "black_hi": (132, 138, 156),
        "black_side": (10, 10, 14),
        "white_top": (244, 238, 224),
        "white_hi": (255, 255, 255),
        "white_side": (188, 176, 152),
        # labels on the dark walnut: light letters in a dark halo
        "coord_ink": (250, 232, 202),
        "coord_halo": (26, 14, 4),
    },
}

# How texts name the highlight colours (``draw.COLOUR_NAMES``). The colour-blind theme names
# none: its texts speak of marks ("click a highlighted point"), never of a colour.
_COLOUR_NAMES: dict[str, dict[str, str]] = {
    "classic": {"move": "green", "split": "blue", "walk": "green", "jump": "blue", "stack": "orange"},
    "colour-blind": {},
    "dark": {"move": "green", "split": "blue", "walk": "green", "jump": "blue", "stack": "orange"},
}

# module constants of per-game views: {module: {name: {theme: value}}}
_VIEW_COLOURS: dict[str, dict[str, dict[str, Any]]] = {
    "game.views.onager": {
        "THREAT": {"colour-blind": (225, 92, 10)},
        "LAST": {"colour-blind": (204, 121, 167), "dark": (255, 186, 80)},
        "SELECT": {"colour-blind": (250, 236, 90)},
        "RESULT": {"colour-blind": (255, 240, 140)},
        "KIND_COLOUR": {
            "colour-blind": {"walk": (86, 180, 233), "move": (86, 180, 233), "jump": (150, 140, 255),
                             "stack": (240, 158, 20), "end": (250, 236, 90), "lake": (86, 180, 233),
                             "place": (86, 180, 233), "no": (225, 92, 10)},
            "dark": {"walk": (120, 240, 150), "move": (120, 240, 150)},
        },
    },
    "game.views.onyx": {
        "CAPTURE": {"colour-blind": (225, 92, 10)},
        "WIN_GOLD": {"colour-blind": (250, 236, 90)},
    },
}

_CLASSIC_PALETTE: dict[str, tuple[int, ...]] = dict(D.PALETTE)
_CLASSIC_VIEWS: dict[tuple[str, str], Any] = {}
_current = "classic"


def current_theme() -> str:
    return _current


def theme_colours(name: str) -> dict[str, tuple[int, ...]]:
    """The full palette of a theme (for previews)."""
    pal = dict(_CLASSIC_PALETTE)
    pal.update(_PALETTES.get(name, {}))
    return pal


def apply_theme(name: str) -> bool:
    """Switch the drawing colours to a theme; True if board surfaces must be redrawn
    (the wood changed). Unknown names fall back to classic."""
    global _current
    if name not in THEMES:
        name = "classic"
    old = _current
    pal = theme_colours(name)
    D.PALETTE.clear()
    D.PALETTE.update(pal)
    names = getattr(D, "COLOUR_NAMES", None)
    if isinstance(names, dict):
        names.clear()
        names.update(_COLOUR_NAMES.get(name, {}))
    for modname, consts in _VIEW_COLOURS.items():
        try:
            mod = importlib.import_module(modname)
        except Exception:  # that view is not there yet
            continue
        for const, by_theme in consts.items():
            if not hasattr(mod, const):
                continue
            key = (modname, const)
            if key not in _CLASSIC_VIEWS:
                value = getattr(mod, const)
                _CLASSIC_VIEWS[key] = dict(value) if isinstance(value, dict) else value
            classic = _CLASSIC_VIEWS[key]
            new = by_theme.get(name)
            if isinstance(classic, dict):
                target = getattr(mod, const)
                target.clear()
                target.update(classic)
                if new:
                    target.update(new)
            else:
                setattr(mod, const, new if new is not None else classic)
    _current = name
    wood_keys = ("wood_light", "wood_dark", "wood_edge", "line", "line_light")
    wood_changed = any(theme_colours(old).get(k) != pal.get(k) for k in wood_keys)
    if wood_changed:
        cache_clear = getattr(getattr(D, "_wood_tile", None), "cache_clear", None)
        if callable(cache_clear):
            cache_clear()
    return wood_changed


def refresh_scenes(app: Any) -> None:
    """Make every scene of the app redraw what it cached with the old colours."""
    if app is None:
        return
    try:
        app._backdrop = None
    except Exception:  # pragma: no cover
        pass
    for sc in list(getattr(app, "scenes", [])):
        view = getattr(sc, "view", None)
        if view is not None and hasattr(view, "_bg"):
            view._bg = None
        pics = getattr(sc, "_pictures", None)
        if isinstance(pics, dict):
            pics.clear()
        if hasattr(sc, "_static_key"):
            sc._static_key = None
