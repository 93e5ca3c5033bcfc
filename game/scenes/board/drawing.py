"""What the board scene draws: the board with its marks, the thinking pill, the panel's colour
icons and the stack tooltip (the result banner draws itself: ``banner.py``).

``BoardDrawing`` (``scene.drawing``) is a part of the board scene that owns what drawing keeps:
the static layer, the board kept under a running animation, the board's mask, where the thinking
pill and the tooltip went, and ``tip_hold`` (no stack tooltip after a change until the mouse
moves: ``hold_tip``, ``release_tip``). Frame budget (docs/architecture.md): backdrop + panel +
empty board are pre-composed into one opaque layer (``static_layer``); while a move animates the
board under it is drawn once into a kept buffer and blitted each frame, under the sprites. What
the board shows on top of the position (marks, targets, the hint) is the scene's
``decorations()``.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _
from ...rules.base import Color
from ...ui.icons import colour_icon
from ...ui.layout import draw_panel
from ...ui.overlays import draw_unavailable
from ...views import BoardView
from ...views import draw as D
from .part import ScenePart

if TYPE_CHECKING:  # pragma: no cover
    from .scene import BoardScene


class BoardDrawing(ScenePart):
    """What the board scene draws, and what it keeps for it (see the module docstring)."""

    def __init__(self, scene: "BoardScene") -> None:
        super().__init__(scene)
        self._static: pygame.Surface | None = None      # backdrop + panel + board, one opaque layer
        self._static_key: Any = None
        self._static_has_board = False
        self._frozen: tuple[Any, pygame.Surface] | None = None   # the board under a running animation
        self._frozen_buf: pygame.Surface | None = None
        self._mask_kept: tuple[Any, pygame.mask.Mask] | None = None
        self.thinking_rect: pygame.Rect | None = None    # where the thinking pill went (None: no free spot)
        self.tooltip_shown: Any = None                   # the stack tooltip's rectangle, when one was drawn
        self.tip_hold = True                             # no stack tooltip until the mouse moves again

    def hold_tip(self) -> None:
        """After a change (a new layout, a new position) no stack tooltip shows until the mouse
        moves: the one under a still pointer would be stale."""
        self.tip_hold = True

    def release_tip(self) -> None:
        """The mouse moved: a stack tooltip may come again."""
        self.tip_hold = False

    def release(self) -> None:
        """The scene left: its window-sized pictures (the static layer, the animation buffer, the
        board's picture: 90 MiB at 3200x2000) go now, whatever still holds the scene."""
        self._static = None
        self._static_key = None
        self._frozen = None
        self._frozen_buf = None
        self._mask_kept = None
        if self.scene.view is not None:
            self.scene.view.drop_picture()

    def warm_buffer(self) -> None:
        """Make the buffer that keeps the board under animations (first-time work, not in a move's frame)."""
        size = self.scene.size
        if self._frozen_buf is None or self._frozen_buf.get_size() != size:
            self._frozen_buf = None
            self._frozen_buf = pygame.Surface(size).convert()

    @property
    def opaque(self) -> bool:
        """True when ``draw`` paints the whole window (its static layer), so the app skips its backdrop."""
        sc = self.scene
        st = self._static
        return self.app is not None and st is not None and st.get_size() == sc.size

    def _board_in_static(self) -> bool:
        """Views that keep BoardView.draw can have their board pre-composed with the backdrop."""
        sc = self.scene
        return sc.view is not None and type(sc.view).draw is BoardView.draw

    def render_state(self) -> Any:
        """The view's ``RenderState`` (with the theme's name): what the board's caches key on."""
        sc = self.scene
        view = sc.view
        if view is None:
            return None
        if self.app is not None:
            view.set_look(self.app.theme, self.app.settings.flip)    # read at draw time
        return view.render_state()

    def static_layer(self) -> pygame.Surface | None:
        """Backdrop + side panel + empty board in one opaque surface (one fast blit a frame),
        cached on the window size, the theme, the panel and the board's render state."""
        sc = self.scene
        if self.app is None:
            return None
        in_static = self._board_in_static()
        key = (sc.size, self.app.theme.name, tuple(sc.panel.rect), tuple(sc.board_rect),
               self.render_state() if in_static else None)
        if self._static_key != key:
            self._static = None             # the old layer goes first (24 MiB at 3200x2000)
            board = sc.view.board_surface() if in_static and sc.view is not None else None
            # the app's backdrop itself, drawn over and kept here: the window's felt is not held twice
            layer = self.app.take_backdrop()
            p = sc.panel.rect
            draw_panel(layer, p, self.app.theme)
            if board is not None and sc.view is not None:
                layer.blit(board, sc.view.rect.topleft)
                # the layer holds the board now: the view's own picture would be a second one
                # (16 MiB at 3200x2000); a new layer (theme, size) draws the board anew anyway.
                # Its mask (the thinking pill's free spot) is taken first, a few ms.
                self._mask_kept = (key[-1], pygame.mask.from_surface(board, 24))
                sc.view.drop_picture()
            self._static_has_board = board is not None
            self._static = layer
            self._static_key = key
        return self._static

    @property
    def static_key(self) -> Any:
        """What the static layer was last drawn for (a picture kept over it keys on this)."""
        return self._static_key

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        static = self.static_layer()
        used = static is not None and static.get_size() == surface.get_size()
        # while a move animates, the board under it does not change: drawn once, then one blit a frame
        frozen_key = None
        if sc.anim is not None and used and sc.view is not None and self.match is not None:
            frozen_key = (sc.mover.serial, tuple(sorted(sc.anim.hidden.items())), self._static_key,
                          surface.get_size(), self.render_state())
            if self._frozen is not None and self._frozen[0] == frozen_key:
                surface.blit(self._frozen[1], (0, 0))
                sc.review.draw(surface)
                sc.anim.draw(surface)
                self.draw_thinking_if_busy(surface)
                return
        self._frozen = None
        target = surface
        if frozen_key is not None:     # draw the board into a kept buffer, then show it
            buf = self._frozen_buf
            if buf is None or buf.get_size() != surface.get_size():
                buf = self._frozen_buf = None           # the old size's goes first
                buf = self._frozen_buf = pygame.Surface(surface.get_size(), 0, surface)   # (the window's format)
            target = buf
        if used:
            target.blit(static, (0, 0))  # type: ignore[arg-type]
        with_board = used and self._static_has_board
        if sc.view is None or self.match is None:
            draw_unavailable(target, sc.board_rect, sc.error, self.px, self.theme)
            if target is not surface:
                surface.blit(target, (0, 0))
            return
        stacks = sc.anim_before if sc.anim is not None else self.match.game.stacks()
        if with_board:
            sc.view.draw(target, stacks, sc.decorations(), board=False)
        else:
            sc.view.draw(target, stacks, sc.decorations())
        if target is not surface:
            self._frozen = (frozen_key, target)
            surface.blit(target, (0, 0))
        sc.review.draw(surface)           # the review's strip under the board
        if sc.anim is not None:
            sc.anim.draw(surface)
        sc.board.draw_drag(surface)
        if self.match.is_over and sc.anim is None:
            sc.banner.draw(surface)
        else:
            self.draw_thinking_if_busy(surface)

    def draw_thinking_if_busy(self, surface: pygame.Surface) -> None:
        sc = self.scene
        if sc.computer.busy:
            self.draw_thinking(surface)

    def draw_thinking(self, surface: pygame.Surface) -> None:
        """A small pill in a free corner of the board area: 'Computer is thinking' with bouncing dots."""
        sc = self.scene
        px = self.px
        text = _("Computer is thinking") if sc.computer.thinking else (
            _("Computer is considering the offer") if sc.computer.waiting == "offer" else _("Looking for a good move"))
        size = px(15)
        f = D.font(size, True)
        dots_w = px(26)
        w, h = f.size(text)[0] + dots_w + px(34), px(32)
        box = self.clear_spot((w, h))
        self.thinking_rect = box
        if box is None:
            return          # no spot of the board area is free: the panel's spinner and status say it
        theme = self.theme
        surface.blit(D.rounded_panel((w, h), theme.card_fill, radius=h // 2, border=theme.card_border,
                                     border_width=1), box)
        D.text(surface, text, (box.x + px(16), box.centery), size, theme.text, bold=True, anchor="midleft",
               shadow=False)
        dot = theme.banner_head
        x0 = box.right - px(16) - dots_w
        for i in range(3):
            phase = (sc.time * 2.2 - i * 0.22) % 1.0
            lift = max(0.0, math.sin(phase * math.pi * 2)) * px(5)
            a = 150 + int(105 * max(0.0, math.sin(phase * math.pi * 2)))
            D.blit_center(surface, D.dot(max(2, px(3)), (*dot, a // 15 * 15)),
                          (x0 + px(4) + i * px(9), box.centery + px(2) - lift))

    def clear_spot(self, size: tuple[int, int]) -> pygame.Rect | None:
        """A corner (or the middle of an edge) of the board area where a box of ``size`` covers
        nothing drawn: no part of the board with its frame and coordinates, no point, no piece;
        None when there is no such place (a square board filling its area)."""
        sc = self.scene
        br = sc.board_rect
        view = sc.view
        if view is None or br.w < size[0] or br.h < size[1]:
            return None
        pad = self.px(8)
        inner = br.inflate(-2 * pad, -2 * pad)
        mask = self.board_mask()
        r = view.radius_px
        pts = []
        for lab in view.points():
            try:
                pts.append(view.pixel_of(lab))
            except KeyError:
                continue
        for place in ("topleft", "topright", "bottomleft", "bottomright", "midtop", "midbottom"):
            box = pygame.Rect((0, 0), size)
            setattr(box, place, getattr(inner, place))
            if mask is not None:
                off = (box.x - view.rect.x, box.y - view.rect.y)
                if mask.overlap(pygame.Mask(box.size, fill=True), off) is not None:
                    continue
            grown = box.inflate(2 * r, 4 * r)
            if any(grown.collidepoint(xy) for xy in pts):
                continue
            return box
        return None

    def board_mask(self) -> pygame.mask.Mask | None:
        """Where the static board (frame, coordinates) is drawn, as a mask (cached per picture)."""
        sc = self.scene
        view = sc.view
        if view is None:
            return None
        key = self.render_state()
        kept = self._mask_kept
        if kept is None or kept[0] != key:
            try:
                surf = view.board_surface()
            except (pygame.error, ValueError, TypeError):   # no surface to mask this frame
                return None
            kept = self._mask_kept = (key, pygame.mask.from_surface(surf, 24))
        return kept[1]

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """What the board scene draws over its area itself (the layout audit checks it): the
        thinking pill, in the board area, and the result banner's texts."""
        sc = self.scene
        box = self.thinking_rect
        out = sc.banner.text_rects() + sc.clocks.layout_rects()
        if box is not None and sc.computer.busy:
            out.append(("thinking", box, sc.board_rect, self.px(15)))
        return out

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after the widgets: colour icons in the panel and the stack tooltip."""
        sc = self.scene
        m = self.match
        if m is None or not sc.w:
            return
        r = self.px(11)
        side, result = sc.panel.turn_shown()
        if result is None:                  # the side to move's disc; none when the game is over
            colour_icon(surface, sc.panel.turn_icon, side, self.px(13))
        if sc.computer.busy and result is None:
            cx, cy = sc.panel.turn_icon
            rr = self.px(17)
            for i in range(8):   # a ring of dots chasing round the side to move
                ang = sc.time * 5.0 - i * 0.55
                a = max(30, 255 - i * 30) // 15 * 15
                D.blit_center(surface, D.dot(max(2, self.px(2)), (*self.theme.banner_head, a)),
                              (cx + rr * math.cos(ang), cy - self.px(3) + rr * math.sin(ang) * 0.9))
        colour_icon(surface, sc.panel.count_icons[0], Color.BLACK, r)
        colour_icon(surface, sc.panel.count_icons[1], Color.WHITE, r)
        sc.clocks.draw(surface)
        sc.toolbar.draw_overlay(surface)
        # the stack tooltip: while the mouse rests on a stack, not after a change until it moves
        # again (tip_hold), never while the computer is to move or over a pygame-gui tooltip
        if sc.dialog is None and sc.anim is None and not self.tip_hold \
                and (m.is_over or m.is_human(m.to_move)) and not self.app.tooltip_rects():
            shown = sc.board.draw_tooltip(surface, self.last_move_rects())
            if shown is not None:
                self.tooltip_shown = shown

    def last_move_rects(self) -> list[pygame.Rect]:
        """The points of the last move (the computer's reply lands there): a tooltip keeps off them."""
        sc = self.scene
        view = sc.view
        if view is None:
            return []
        r = int(view.radius_px * 1.3)
        out = []
        for lab in sc.last_move_labels():
            try:
                x, y = view.pixel_of(lab)
            except KeyError:
                continue
            out.append(pygame.Rect(x - r, y - 2 * r, 2 * r, 3 * r))
        return out
