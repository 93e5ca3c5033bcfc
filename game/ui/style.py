"""Colours of the panel widgets in the classic theme (they match the theme's text boxes in
assets/theme.json). Each theme has its own (``game.themes.Theme.list_*``, ``status_*``,
``banner_*``); these names are the classic theme's, for widgets not given a theme."""
from __future__ import annotations

from ..themes import CLASSIC as _C

# colours of the move list (they match the theme's text boxes)
LIST_BG = _C.list_bg
LIST_BORDER = _C.list_border
LIST_NUMBER = _C.list_number
LIST_PLAYED = _C.list_played
LIST_SHOWN = _C.list_shown
LIST_LATER = _C.list_later
LIST_HOVER = _C.list_hover
LIST_THUMB = _C.list_thumb
LIST_THUMB_ACTIVE = _C.list_thumb_active
LIST_TRACK = _C.list_track
STATUS_BG = _C.status_bg
STATUS_BORDER = _C.status_border
BANNER_BORDER = _C.banner_border       # the status box as the game-over banner
BANNER_HEAD = _C.banner_head
