"""Colour themes as values: classic, colour-blind safe and dark.

A ``Theme`` is a frozen value holding every colour the drawing needs: the board (wood, lines,
coordinates), the pieces, the highlights, Onyx's owner bands, Onager's target kinds, the app's
backdrop, the side panel, the settings card, the menu's game cards, the keys overlay, the engine
lines' strip, the toolbar's icons, the review graph, the move list and status box colours, and
``ui``: the colours pygame-gui's widgets and dialogs take from the theme JSON (``ui_overrides``,
laid over ``assets/theme.json`` when the UI manager's theme is built).

``THEMES`` (name -> Theme, in menu order) is the one list: the settings scene, the command line's
``--theme`` and the tests read it. Nothing here changes any module's globals: the app's current
theme is ``app.theme`` (``THEMES[app.settings.theme]``), and views and widgets are given it at
draw time (``view.theme``, ``draw_panel(..., theme)``, ``EvalGraph.theme``); every cache of a
picture keys on the theme's name (``RenderState.theme``).

* classic: the original wooden look (green targets, blue splits, red danger).
* colour-blind: the Okabe–Ito colours, chosen to stay apart for red–green (and most
  blue–yellow) colour blindness: targets sky blue (Onager's jumps the darker blue), splits/stacks
  orange, danger vermilion, last move purple; Black and White pieces differ in lightness, not
  hue, in every theme. Its texts name no colour (``colour_names`` is empty: they speak of marks).
* dark: dark walnut board, brighter rings, higher-contrast pieces, and a graphite panel,
  dialogs and graph for a dim room.

This module is pure (no pygame): ``game.views.draw`` and the widgets import it.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from .i18n import N_

__all__ = ["Theme", "THEMES", "THEME_NAMES", "THEME_TITLES", "CLASSIC", "theme_named", "ui_overrides",
           "theme_colours"]

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# the colours' words are translated where a text names them (BoardInput.mark_word)
_NAMED = (("move", N_("green")), ("split", N_("blue")), ("walk", N_("green")), ("jump", N_("blue")),
          ("stack", N_("orange")))


@dataclass(frozen=True)
class Theme:
    """Every colour of one theme (defaults: classic). Read it like a palette: ``theme["move"]``,
    ``theme.get(kind, default)``; ``palette()`` gives the board palette as a dict."""

    name: str = "classic"
    title: str = N_("Classic")          # its name in Settings (English: translated when shown)
    # how texts name a highlight kind's colour ("click a green point"); a kind missing is not named
    colour_names: tuple[tuple[str, str], ...] = _NAMED

    # ---- board palette (keys of ``game.views.draw.PALETTE``)
    bg_top: RGB = (28, 36, 48)
    bg_bottom: RGB = (12, 16, 24)
    felt: RGB = (30, 78, 64)
    wood_light: RGB = (196, 150, 96)
    wood_dark: RGB = (150, 104, 60)
    wood_edge: RGB = (92, 58, 30)
    line: RGB = (84, 52, 26)
    line_light: RGB = (226, 190, 140)
    gold: RGB = (240, 190, 70)
    select: RGB = (255, 214, 90)
    move: RGB = (110, 220, 130)
    split: RGB = (90, 190, 255)
    place: RGB = (110, 220, 130)
    threat: RGB = (240, 70, 60)
    last: RGB = (255, 170, 60)
    hover: RGB = (255, 255, 255)
    result: RGB = (255, 230, 120)
    text: RGB = (240, 236, 226)
    text_dim: RGB = (170, 176, 186)
    black_top: RGB = (52, 54, 62)
    black_hi: RGB = (118, 122, 136)
    black_side: RGB = (20, 21, 26)
    white_top: RGB = (236, 228, 210)
    white_hi: RGB = (255, 255, 252)
    white_side: RGB = (176, 164, 140)
    # coordinate labels: on the playing surface (ink over a halo) and on the frame / dark rows
    coord_ink: RGB = (58, 32, 12)
    coord_halo: RGB = (250, 228, 190)
    frame_ink: RGB = (255, 240, 214)
    frame_halo: RGB = (36, 20, 8)
    tag_bg: RGBA = (20, 24, 30, 215)          # the pills of tags over the board ("Hint", "Better")

    # ---- Onager's targets by kind
    walk: RGB = (110, 222, 130)      # walk to a neighbour
    jump: RGB = (92, 186, 255)       # jump onto an empty cell (ends the move)
    stack: RGB = (255, 150, 60)      # jump onto an enemy piece (the move may go on)
    end: RGB = (255, 214, 90)        # end the chain on the current cell
    lake: RGB = (120, 206, 255)      # set-up: a legal lake cell
    lake_place: RGB = (120, 206, 255)
    no: RGB = (238, 64, 52)          # set-up: a cell where no lake may go (hovered)

    # ---- Onyx: the owner bands, the inlaid squares, captures and the winning chain
    band_black: RGB = (44, 46, 54)
    band_black_sheen: RGB = (86, 90, 104)
    band_white: RGB = (234, 228, 212)
    band_white_sheen: RGB = (255, 253, 246)
    text_on_black: RGB = (236, 226, 204)
    text_on_white: RGB = (70, 56, 40)
    square_tint: RGB = (176, 150, 128)       # multiplies the wood of the square cells
    capture: RGB = (255, 84, 64)
    win_gold: RGB = (255, 214, 96)

    # ---- the app's backdrop, the side panel and the settings card
    backdrop: RGB = (34, 58, 66)
    panel_fill: RGBA = (24, 20, 15, 228)
    panel_border: RGBA = (106, 78, 52, 255)
    panel_shadow: RGBA = (0, 0, 0, 80)
    card_fill: RGBA = (30, 24, 19, 238)
    card_border: RGBA = (150, 110, 66, 255)
    card_rule: RGB = (80, 62, 44)
    heading: RGB = (255, 226, 168)           # titles drawn by scenes, ticks in check boxes
    menu_card_fill: RGBA = (34, 27, 21, 235)     # the main menu's game cards (their border: card_border)
    overlay_fill: RGBA = (26, 20, 16, 246)       # the keys overlay's card (F1)
    overlay_border: RGBA = (214, 170, 96, 255)
    strip_fill: RGBA = (44, 34, 28, 235)         # the analysis board's engine-lines strip (its edge: panel_border)
    # the symbols drawn on the toolbar's blank buttons (⏮ ◀ ▶ ⏭, review, flip, settings)
    icon: RGB = (236, 226, 206)
    icon_disabled: RGB = (125, 115, 104)
    # Onyx's last stone: a dot on its face in the last move's hue, dark on a white stone and
    # light on a black one
    last_dot_on_white: RGB = (232, 120, 40)
    last_dot_on_black: RGB = (255, 178, 70)

    # ---- the review's graph
    graph_bg: RGB = (62, 53, 42)
    graph_black: RGB = (22, 22, 26)
    graph_white: RGB = (226, 218, 200)
    graph_mid: RGB = (178, 156, 120)
    graph_curve: RGB = (240, 190, 70)
    graph_current: RGB = (255, 226, 140)
    graph_border: RGB = (106, 78, 52)
    graph_label: RGB = (196, 182, 160)

    # ---- the move list and the status box (``game.ui.style``)
    list_bg: RGBA = (18, 15, 12, 208)
    list_border: RGB = (90, 68, 48)
    list_number: RGB = (160, 136, 104)
    list_played: RGB = (239, 228, 208)
    list_shown: RGB = (255, 226, 140)
    list_later: RGB = (138, 124, 104)
    list_hover: RGB = (255, 224, 160)
    list_thumb: RGB = (122, 90, 58)
    list_thumb_active: RGB = (224, 176, 96)
    list_track: RGB = (40, 32, 26)
    status_bg: RGBA = (42, 31, 22, 208)
    status_border: RGB = (138, 106, 66)
    banner_border: RGB = (240, 190, 70)
    banner_head: RGB = (255, 226, 140)

    # ---- pygame-gui: (block, colour key, "#rrggbb[aa]") laid over assets/theme.json
    ui: tuple[tuple[str, str, str], ...] = ()

    # ------------------------------------------------------------ reading
    def __getitem__(self, key: str) -> Any:
        """A colour by its field's name (``theme["move"]``): the dataclass's fields read as a palette."""
        if key not in _COLOUR_FIELDS:
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in _COLOUR_FIELDS else default

    def __contains__(self, key: object) -> bool:
        return key in _COLOUR_FIELDS

    def palette(self) -> dict[str, tuple[int, ...]]:
        """Every colour of the theme by name (the board palette and the rest)."""
        return {k: self[k] for k in _COLOUR_FIELDS}

    def colour_name(self, kind: str) -> str:
        """The word texts use for a highlight kind's colour ('' where the theme names none)."""
        return dict(self.colour_names).get(kind, "")

    def kind_colour(self, kind: str) -> RGB:
        """Onager's colour of a target kind (walk, jump, stack, end, lake, move, place, no)."""
        if kind == "place":
            return self.lake_place
        if kind == "move":
            return self.walk
        c = self.get(kind)
        return c if kind in _KINDS else self.walk

    def piece(self, code: str) -> tuple[RGB, RGB, RGB]:
        """(top, highlight, side) of a piece code starting with B or W."""
        if code.startswith("W"):
            return self.white_top, self.white_hi, self.white_side
        return self.black_top, self.black_hi, self.black_side


_COLOUR_FIELDS = frozenset(f.name for f in fields(Theme) if f.name not in ("name", "title", "colour_names", "ui"))
_KINDS = ("walk", "jump", "stack", "end", "lake", "no")

CLASSIC = Theme()

_SKY, _ORANGE, _VERMILION, _YELLOW = (86, 180, 233), (240, 158, 20), (225, 92, 10), (250, 236, 90)
_BLUE = (0, 114, 178)
# the last move: Okabe–Ito's reddish purple (204, 121, 167) darkened, so its ring stands out from
# the wood by lightness, which every eye sees, not by hue alone (the same lightness as the wood)
_PURPLE = (140, 40, 120)

COLOUR_BLIND = replace(
    CLASSIC, name="colour-blind", title=N_("Colour-blind safe"), colour_names=(),
    move=_SKY, split=_ORANGE, place=_SKY, threat=_VERMILION, last=_PURPLE, select=_YELLOW,
    result=(255, 240, 140),
    # jumps: Okabe–Ito's blue, darker than the walks' sky blue, so the two differ in lightness
    # (which every eye sees) as well as in hue
    walk=_SKY, jump=_BLUE, stack=_ORANGE, end=_YELLOW, lake=_SKY, lake_place=_SKY, no=_VERMILION,
    last_dot_on_white=_PURPLE, last_dot_on_black=(204, 121, 167),
    capture=_VERMILION, win_gold=_YELLOW,
    banner_border=_YELLOW,
)

_DARK_UI = (
    ("defaults", "normal_bg", "#2a2b30"), ("defaults", "hovered_bg", "#3a3c44"),
    ("defaults", "disabled_bg", "#202125"), ("defaults", "selected_bg", "#5c4a2c"),
    ("defaults", "active_bg", "#6c5630"), ("defaults", "dark_bg", "#141518"),
    ("defaults", "normal_text", "#e6e3dc"), ("defaults", "disabled_text", "#6e6c68"),
    ("defaults", "normal_border", "#50525c"), ("defaults", "hovered_border", "#d8b068"),
    ("defaults", "disabled_border", "#2c2d33"), ("defaults", "selected_border", "#e8c078"),
    ("defaults", "active_border", "#e8c078"), ("defaults", "link_text", "#e8c078"),
    ("defaults", "unfilled_bar", "#34363e"), ("defaults", "filled_bar", "#d8a048"),
    ("#primary_button", "normal_bg", "#c08a3c"), ("#primary_button", "hovered_bg", "#d8a050"),
    ("#primary_button", "active_bg", "#e8b460"), ("#primary_button", "normal_border", "#f0cc88"),
    ("#danger_button", "normal_bg", "#52262a"), ("#danger_button", "hovered_bg", "#703036"),
    ("#danger_button", "normal_border", "#9a4a50"),
    ("panel", "dark_bg", "#17181ce6"), ("panel", "normal_border", "#4a4c56"),
    ("#side_panel", "dark_bg", "#131417e0"), ("#side_panel", "normal_border", "#4a4c56"),
    ("label", "normal_text", "#e6e3dc"), ("#heading", "normal_text", "#b8b0a0"),
    ("#player_label", "normal_text", "#d0ccc4"),
    ("text_box", "dark_bg", "#0e0f12d0"), ("text_box", "normal_border", "#40424c"),
    ("text_box", "normal_text", "#e8e4dc"),
    ("#status_box", "dark_bg", "#1e1f24d0"), ("#status_box", "normal_border", "#5a5c68"),
    ("window", "dark_bg", "#1c1d21"), ("window", "normal_border", "#a08050"),
    ("window.#title_bar", "normal_bg", "#34363e"), ("window.#title_bar", "hovered_bg", "#40434c"),
    ("window.#title_bar", "normal_text", "#f0e4cc"),
    ("tool_tip", "dark_bg", "#0e0f12ee"), ("tool_tip", "normal_border", "#a08050"),
    ("tool_tip.text_box", "dark_bg", "#0e0f12ff"), ("tool_tip.text_box", "normal_border", "#a08050"),
    ("text_entry_line", "dark_bg", "#0e0f12d0"), ("text_entry_line", "normal_border", "#40424c"),
    ("text_entry_line", "selected_bg", "#5c4a2c"),
)

DARK = replace(
    CLASSIC, name="dark", title=N_("Dark"),
    bg_top=(18, 20, 26), bg_bottom=(6, 7, 10), felt=(20, 34, 30),
    wood_light=(132, 92, 60), wood_dark=(84, 54, 32), wood_edge=(48, 30, 16),
    line=(36, 22, 12), line_light=(176, 140, 100),
    move=(120, 240, 150), split=(110, 200, 255), place=(120, 240, 150), select=(255, 224, 110),
    last=(255, 186, 80),
    black_top=(40, 42, 50), black_hi=(132, 138, 156), black_side=(10, 10, 14),
    white_top=(244, 238, 224), white_hi=(255, 255, 255), white_side=(188, 176, 152),
    coord_ink=(250, 232, 202), coord_halo=(26, 14, 4),          # light letters in a dark halo
    walk=(120, 240, 150),
    band_black=(24, 25, 30), band_black_sheen=(64, 67, 78),
    band_white=(206, 200, 186), band_white_sheen=(236, 232, 222),
    text_on_white=(44, 36, 26), square_tint=(150, 128, 110),
    backdrop=(16, 22, 26),
    panel_fill=(16, 17, 20, 236), panel_border=(74, 76, 86, 255), panel_shadow=(0, 0, 0, 110),
    card_fill=(20, 21, 25, 242), card_border=(110, 100, 84, 255), card_rule=(54, 56, 64),
    heading=(246, 220, 170),
    menu_card_fill=(20, 21, 25, 240), overlay_fill=(20, 21, 25, 246), overlay_border=(160, 128, 80, 255),
    strip_fill=(26, 27, 32, 235), icon_disabled=(110, 108, 104),
    # the graph: a slate ground that Black's near-black area and White's light one both stand out from
    graph_bg=(66, 68, 78), graph_black=(10, 10, 12), graph_white=(200, 196, 186),
    graph_mid=(150, 146, 138), graph_border=(100, 102, 114), graph_label=(196, 192, 184),
    list_bg=(12, 13, 16, 214), list_border=(64, 66, 76), list_number=(132, 130, 124),
    list_later=(118, 116, 110), list_thumb=(84, 86, 98), list_track=(28, 29, 34),
    status_bg=(26, 27, 32, 214), status_border=(90, 92, 104),
    ui=_DARK_UI,
)

THEMES: dict[str, Theme] = {t.name: t for t in (CLASSIC, COLOUR_BLIND, DARK)}
THEME_NAMES: tuple[str, ...] = tuple(THEMES)
THEME_TITLES: dict[str, str] = {t.name: t.title for t in THEMES.values()}


def theme_named(name: str | None) -> Theme:
    """The theme of that name; classic for an unknown name."""
    return THEMES.get(name or "", CLASSIC)


def theme_colours(name: str) -> dict[str, tuple[int, ...]]:
    """All colours of a theme by key (previews, tests)."""
    return theme_named(name).palette()


def ui_overrides(theme: Theme, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a parsed pygame-gui theme) with the theme's widget colours laid over it, in place."""
    for block, key, value in theme.ui:
        section = data.setdefault(block, {})
        if isinstance(section, dict):
            section.setdefault("colours", {})[key] = value
    return data


# ---------------------------------------------------------------- old names
