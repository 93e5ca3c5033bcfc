"""What the board scene draws: the board with its marks, the game-over banner, the thinking pill,
the panel's colour icons and the stack tooltip.

A mixin of ``BoardScene`` (``scene.py``). Frame budget (docs/architecture.md): backdrop + panel +
empty board are pre-composed into one opaque layer (``static_layer``); while a move animates the
board under it is drawn once into a kept buffer and blitted each frame, under the sprites.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

import pygame

from ...rules.base import Color
from ...themes import current_theme
from ...ui.icons import colour_icon
from ...ui.layout import draw_panel
from ...ui.overlays import draw_tooltip, draw_unavailable
from ...views import BoardView, Decorations
from ...views import draw as D


class BoardDrawing:
    """Drawing methods of the board scene (mixed into ``BoardScene``)."""

    match: Any
    # ------------------------------------------------------------ drawing
    def decorations(self) -> Decorations:
        deco = Decorations(time=self.display_time())
        m = self.match
        if m is None:
            return deco
        deco.last_move = self.last_move_labels()
        if self.anim is not None:
            deco.hidden = dict(self.anim.hidden)
            deco.last_move = ()
            return deco
        if m.is_over:
            fn = getattr(m.game, "highlight_result", None)
            try:
                deco.result = list(fn()) if fn and m.game.is_over else []
            except Exception:
                deco.result = []
            deco.hover = self.hover_label
            return deco
        deco.threats = self.threats()
        if self.input is not None and m.is_human(m.to_move):
            self.board.decorate(deco, self.app is None or bool(self.app.settings.show_targets))
            if self.hint is not None and not self.input.prefix:
                opt = next((o for o in self.input.options if o.text == self.hint), None)
                if opt is not None and opt.clicks:
                    deco.selectable = set()
                    end = self.input.arrow_end(opt)
                    if len(set(opt.clicks)) > 1:
                        deco.arrows = [(opt.clicks[0], end)]
                        deco.selected = opt.clicks[0]
                    else:
                        try:
                            deco.ghosts = self.input.ghosts_for(opt)
                        except Exception:
                            deco.ghosts = []
                    deco.targets = {end: opt.kind}
                    deco.tags = {end: "Hint"}
        self.review.decorate(deco)          # the review's better move, before a marked move
        return deco

    @property
    def opaque(self) -> bool:
        """True when ``draw`` paints the whole window (its static layer), so the app skips its backdrop."""
        st = getattr(self, "_static", None)
        return self.app is not None and st is not None and st.get_size() == self.size

    def _board_in_static(self) -> bool:
        """Views that keep BoardView.draw can have their board pre-composed with the backdrop."""
        return self.view is not None and type(self.view).draw is BoardView.draw

    def render_state(self) -> Any:
        """The view's ``RenderState`` (with the theme's name): what the board's caches key on."""
        view = self.view
        if view is None:
            return None
        view.theme = current_theme()
        return view.render_state()

    def static_layer(self) -> pygame.Surface | None:
        """Backdrop + side panel + empty board in one opaque surface (one fast blit a frame),
        cached on the window size, the theme, the panel and the board's render state."""
        if self.app is None:
            return None
        back = self.app.backdrop()
        in_static = self._board_in_static()
        board = self.view.board_surface() if in_static else None
        key = (self.size, current_theme(), tuple(self.panel_rect), tuple(self.board_rect),
               self.render_state() if in_static else None)
        if getattr(self, "_static_key", None) != key:
            layer = back.copy()
            p = self.panel_rect
            draw_panel(layer, p)
            if board is not None and self.view is not None:
                layer.blit(board, self.view.rect.topleft)
            self._static_has_board = board is not None
            self._static = layer
            self._static_key = key
        return self._static

    def draw(self, surface: pygame.Surface) -> None:
        static = self.static_layer()
        used = static is not None and static.get_size() == surface.get_size()
        # while a move animates, the board under it does not change: drawn once, then one blit a frame
        frozen_key = None
        if self.anim is not None and used and self.view is not None and self.match is not None:
            frozen_key = (self._anim_serial, tuple(sorted(self.anim.hidden.items())), self._static_key,
                          surface.get_size(), self.render_state())
            if self._frozen is not None and self._frozen[0] == frozen_key:
                surface.blit(self._frozen[1], (0, 0))
                self.review.draw(surface)
                self.anim.draw(surface)
                self._draw_thinking_if_busy(surface)
                return
        self._frozen = None
        target = surface
        if frozen_key is not None:     # draw the board into a kept buffer, then show it
            buf = self._frozen_buf
            if buf is None or buf.get_size() != surface.get_size():
                buf = self._frozen_buf = pygame.Surface(surface.get_size()).convert()
            target = buf
        if used:
            target.blit(static, (0, 0))  # type: ignore[arg-type]
        with_board = used and getattr(self, "_static_has_board", False)
        if self.view is None or self.match is None:
            draw_unavailable(target, self.board_rect, self.error, self.px)
            if target is not surface:
                surface.blit(target, (0, 0))
            return
        stacks = self.anim_before if self.anim is not None else self.match.game.stacks()
        if with_board:
            self.view.draw(target, stacks, self.decorations(), board=False)
        else:
            self.view.draw(target, stacks, self.decorations())
        if target is not surface:
            self._frozen = (frozen_key, target)
            surface.blit(target, (0, 0))
        self.review.draw(surface)           # the review's strip under the board
        if self.anim is not None:
            self.anim.draw(surface)
        self.draw_drag(surface)
        if self.match.is_over and self.anim is None:
            self._draw_banner(surface)
        else:
            self._draw_thinking_if_busy(surface)

    def _draw_thinking_if_busy(self, surface: pygame.Surface) -> None:
        if self.thinking or self.waiting:
            self._draw_thinking(surface)

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        """A small pill in a free corner of the board area: 'Computer is thinking' with bouncing dots."""
        px = self.px
        text = "Computer is thinking" if self.thinking else (
            "Computer is considering the offer" if self.waiting == "offer" else "Looking for a good move")
        size = px(15)
        f = D.font(size, True)
        dots_w = px(26)
        w, h = f.size(text)[0] + dots_w + px(34), px(32)
        box = self._clear_spot((w, h))
        self.thinking_rect = box
        if box is None:
            return          # no spot of the board area is free: the panel's spinner and status say it
        surface.blit(D.rounded_panel((w, h), (20, 16, 12, 215), radius=h // 2, border=(214, 170, 96, 200),
                                     border_width=1), box)
        D.text(surface, text, (box.x + px(16), box.centery), size, D.PALETTE["text"], bold=True, anchor="midleft",
               shadow=False)
        x0 = box.right - px(16) - dots_w
        for i in range(3):
            phase = (self.time * 2.2 - i * 0.22) % 1.0
            lift = max(0.0, math.sin(phase * math.pi * 2)) * px(5)
            a = 150 + int(105 * max(0.0, math.sin(phase * math.pi * 2)))
            D.blit_center(surface, D.dot(max(2, px(3)), (255, 214, 140, a // 15 * 15)),
                          (x0 + px(4) + i * px(9), box.centery + px(2) - lift))

    def _clear_spot(self, size: tuple[int, int]) -> pygame.Rect | None:
        """A corner (or the middle of an edge) of the board area where a box of ``size`` covers
        nothing drawn: no part of the board with its frame and coordinates, no point, no piece;
        None when there is no such place (a square board filling its area)."""
        br = self.board_rect
        view = self.view
        if view is None or br.w < size[0] or br.h < size[1]:
            return None
        pad = self.px(8)
        inner = br.inflate(-2 * pad, -2 * pad)
        mask = self._board_mask()
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

    def _board_mask(self) -> pygame.mask.Mask | None:
        """Where the static board (frame, coordinates) is drawn, as a mask (cached per picture)."""
        view = self.view
        fn = getattr(view, "board_surface", None)
        if fn is None:
            return None
        try:
            surf = fn()
        except Exception:
            return None
        key = self.render_state()
        kept = getattr(self, "_mask_kept", None)
        if kept is None or kept[0] != key:
            kept = self._mask_kept = (key, pygame.mask.from_surface(surf, 24))
        return kept[1]

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """What the board scene draws over its area itself (the layout audit checks it): the
        thinking pill, in the board area. (The game-over banner is the status box.)"""
        box = getattr(self, "thinking_rect", None)
        if box is not None and (self.thinking or self.waiting):
            return [("thinking", box, self.board_rect, self.px(15))]
        return []

    def _free_spot(self, size: tuple[int, int], places: Sequence[str], avoid: Sequence[str]) -> pygame.Rect:
        """A rectangle of ``size`` in the board area covering the fewest points (``avoid`` labels weigh most)."""
        return self._best_spot(size, places, avoid)[0]

    def _best_spot(self, size: tuple[int, int], places: Sequence[str],
                   avoid: Sequence[str]) -> tuple[pygame.Rect, float]:
        """(rectangle, score): score 1 per empty point covered, 3 per stack, 100 per ``avoid`` label."""
        br = self.board_rect
        pad = self.px(8)
        best, best_score = None, None
        r = self.view.radius_px if self.view is not None else 10
        pts = []
        if self.view is not None:
            for lab in self.view.points():
                try:
                    pts.append((lab, self.view.pixel_of(lab)))
                except KeyError:
                    continue
        avoid_set = set(avoid)
        occupied = set(self.match.game.stacks()) if self.match is not None else set()
        for i, place in enumerate(places):
            box = pygame.Rect((0, 0), size)
            inner = br.inflate(-2 * pad, -2 * pad)
            setattr(box, place, getattr(inner, place))
            grown = box.inflate(2 * r, 2 * r)
            score = 0.0
            for lab, xy in pts:
                if grown.collidepoint(xy):
                    score += 100.0 if lab in avoid_set else (3.0 if lab in occupied else 1.0)
            score += i * 0.01    # ties: the first place listed
            if best_score is None or score < best_score:
                best, best_score = box, score
        if best is None:
            return pygame.Rect(br.topleft, size), 0.0
        return best, float(best_score or 0.0)

    REASONS = {"kernel-captured": "the Kernel was captured", "repetition-count": "third repetition, stacks counted",
               "no-moves": "no legal move left", "agreement": "ended by agreement", "resign": "resignation",
               "connection": "the two sides are connected", "back-row-majority": "more pieces on the far row"}

    def result_texts(self) -> tuple[str, str]:
        """(headline, reason) for the game-over banner, in words for this game."""
        m = self.match
        r = m.result if m else None
        if r is None or m is None:
            return "", ""
        win = r.winner
        head = "Draw" if win is None else f"{win.title} wins!"
        lose = win.other.title if win is not None else ""
        counts = self.counts()
        score = ""
        if "black" in counts and "white" in counts:
            score = f"Black {counts['black']} – White {counts['white']}"
        g = m.name
        if r.reason == "kernel-captured" and win is not None:
            why = f"{win.title} captured {lose}'s Kernel"
        elif r.reason == "no-moves":
            stuck = lose if win is not None else m.to_move.title
            why = f"{stuck} has no legal move left"
        elif r.reason == "connection" and win is not None:
            n = int(m.game.options().get("size", 12) or 12)
            edges = f"rows 1 and {n}" if win == Color.BLACK else f"columns a and {'abcdefghijklmnopqrstuvwxyz'[n - 1]}"
            why = f"{win.title} connected {edges}"
        elif r.reason == "back-row-majority" and win is not None:
            key = win.word
            mine = counts.get(key, "?")
            theirs = counts.get(win.other.word, "?")
            why = f"More pieces on the far row: {win.title} {mine}, {lose} {theirs}"
        elif r.reason == "repetition-count":
            why = "Third repetition: stacks counted" + (f" ({score})" if score else "")
        elif r.reason == "agreement":
            why = "Ended by agreement" + (f": stacks counted ({score})" if g == "amoeba" and score else "")
        elif r.reason == "resign" and win is not None:
            why = f"{lose} resigned"
        else:
            reason = self.REASONS.get(r.reason, r.reason.replace("-", " "))
            why = reason[:1].upper() + reason[1:]
        return head, why

    def _draw_banner(self, surface: pygame.Surface, overlay: bool = False) -> None:
        """The game-over banner (winner and reason) has a fixed home that covers nothing: the
        status box in the panel shows it (``panel._update_status_box``, grown to fit), so here
        only its place is noted (``banner_rect``); nothing is drawn over the board."""
        box = self.w.get("status") if self.w else None
        if box is not None and self.match is not None and self.match.is_over:
            self.banner_rect = box.get_abs_rect()

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after the widgets: colour icons in the panel and the stack tooltip."""
        m = self.match
        if m is None or not self.w:
            return
        r = self.px(11)
        if m.result is None:
            col = m.to_move
        else:
            col = m.result.winner if m.result.winner is not None else m.to_move
        colour_icon(surface, self.turn_icon, col, self.px(13))
        if m.is_over and self.anim is None and self.view is not None:
            self._draw_banner(surface, overlay=True)
        if self.thinking or self.waiting:
            cx, cy = self.turn_icon
            rr = self.px(17)
            for i in range(8):   # a ring of dots chasing round the side to move
                ang = self.time * 5.0 - i * 0.55
                a = max(30, 255 - i * 30) // 15 * 15
                D.blit_center(surface, D.dot(max(2, self.px(2)), (255, 214, 140, a)),
                              (cx + rr * math.cos(ang), cy - self.px(3) + rr * math.sin(ang) * 0.9))
        colour_icon(surface, self.count_icons[0], Color.BLACK, r)
        colour_icon(surface, self.count_icons[1], Color.WHITE, r)
        self.toolbar.draw_overlay(surface)
        # the stack tooltip: while the mouse rests on a stack, not after a change until it moves
        # again (tip_hold), never while the computer is to move or over a pygame-gui tooltip
        if self.dialog is None and self.anim is None and not getattr(self, "tip_hold", False) \
                and (m.is_over or m.is_human(m.to_move)) and not self.app.tooltip_rects():
            text = self.board.tooltip_text()
            if text:
                self.tooltip_shown = draw_tooltip(surface, text, self.mouse, self.px, self._last_move_rects())

    def _last_move_rects(self) -> list[pygame.Rect]:
        """The points of the last move (the computer's reply lands there): a tooltip keeps off them."""
        view = self.view
        if view is None:
            return []
        r = int(view.radius_px * 1.3)
        out = []
        for lab in self.last_move_labels():
            try:
                x, y = view.pixel_of(lab)
            except KeyError:
                continue
            out.append(pygame.Rect(x - r, y - 2 * r, 2 * r, 3 * r))
        return out
