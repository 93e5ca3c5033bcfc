"""Widgets and drawing helpers the scenes share (no scene logic here).

``movelist`` (MoveList, link_rect), ``text`` (StatusText, FastLabel, wrap, rich_runs, warm_font,
prime_disabled_look), ``icons`` (draw_icon, colour_icon), ``overlays`` (tooltip, 'not
available' card), ``layout`` (the board | panel split and the panel's card), ``style`` (colours).
"""
