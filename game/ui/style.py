"""Colours of the panel widgets (they match the theme's text boxes in assets/theme.json)."""
from __future__ import annotations

# colours of the move list (they match the theme's text boxes)
LIST_BG = (18, 15, 12, 208)
LIST_BORDER = (90, 68, 48)
LIST_NUMBER = (160, 136, 104)
LIST_PLAYED = (239, 228, 208)
LIST_SHOWN = (255, 226, 140)
LIST_LATER = (138, 124, 104)
LIST_HOVER = (255, 224, 160)
LIST_THUMB = (122, 90, 58)
LIST_THUMB_ACTIVE = (224, 176, 96)
LIST_TRACK = (40, 32, 26)
STATUS_BG = (42, 31, 22, 208)
STATUS_BORDER = (138, 106, 66)
BANNER_BORDER = (240, 190, 70)       # the status box as the game-over banner
BANNER_HEAD = (255, 226, 140)
