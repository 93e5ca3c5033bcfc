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
from pygame_gui.elements import UIButton

from ...rules.base import Color, RulesError
from ...ui.icons import colour_icon
from ...ui.layout import draw_panel
from ...ui.overlays import draw_tooltip, draw_unavailable
from ...ui.text import wrap
from ...views import BoardView, Decorations
from ...views import draw as D
from ..base import SCENES, make_scene


class BoardDrawing:
    """Drawing methods of the board scene (mixed into ``BoardScene``)."""

    match: Any
    # the result banner's kept state: what it was built for, its geometry, its buttons' plan
    _banner_for: Any = None
    _banner_geo: Any = None
    _banner_built: Any = None
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
            except (RulesError, ValueError, KeyError, TypeError):
                deco.result = []        # no result cells to light
            deco.hover = self.hover_label
            return deco
        deco.threats = self.panel.threats()
        if self.input is not None and m.is_human(m.to_move):
            self.board.decorate(deco, self.app is None or bool(self.app.settings.show_targets))
            if self.computer.hint is not None and not self.input.prefix:
                opt = next((o for o in self.input.options if o.text == self.computer.hint), None)
                if opt is not None and opt.clicks:
                    deco.selectable = set()
                    end = self.input.arrow_end(opt)
                    if len(set(opt.clicks)) > 1:
                        deco.arrows = [(opt.clicks[0], end)]
                        deco.selected = opt.clicks[0]
                    else:
                        try:
                            deco.ghosts = self.input.ghosts_for(opt)
                        except (RulesError, ValueError, KeyError, TypeError):
                            deco.ghosts = []    # a hint the rules cannot animate: no ghosts
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
        if self.app is not None:
            view.set_look(self.app.theme, self.app.settings.flip)    # read at draw time
        return view.render_state()

    def static_layer(self) -> pygame.Surface | None:
        """Backdrop + side panel + empty board in one opaque surface (one fast blit a frame),
        cached on the window size, the theme, the panel and the board's render state."""
        if self.app is None:
            return None
        back = self.app.backdrop()
        in_static = self._board_in_static()
        board = self.view.board_surface() if in_static else None
        key = (self.size, self.app.theme.name, tuple(self.panel.rect), tuple(self.board_rect),
               self.render_state() if in_static else None)
        if getattr(self, "_static_key", None) != key:
            layer = back.copy()
            p = self.panel.rect
            draw_panel(layer, p, self.app.theme)
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
        self.board.draw_drag(surface)
        if self.match.is_over and self.anim is None:
            self._draw_banner(surface)
        else:
            self._draw_thinking_if_busy(surface)

    def _draw_thinking_if_busy(self, surface: pygame.Surface) -> None:
        if self.computer.busy:
            self._draw_thinking(surface)

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        """A small pill in a free corner of the board area: 'Computer is thinking' with bouncing dots."""
        px = self.px
        text = "Computer is thinking" if self.computer.thinking else (
            "Computer is considering the offer" if self.computer.waiting == "offer" else "Looking for a good move")
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
        except (pygame.error, ValueError, TypeError):   # no surface to mask this frame
            return None
        key = self.render_state()
        kept = getattr(self, "_mask_kept", None)
        if kept is None or kept[0] != key:
            kept = self._mask_kept = (key, pygame.mask.from_surface(surf, 24))
        return kept[1]

    def layout_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """What the board scene draws over its area itself (the layout audit checks it): the
        thinking pill, in the board area, and the result banner's texts."""
        box = getattr(self, "thinking_rect", None)
        out = self.banner_text_rects()
        if box is not None and self.computer.busy:
            out.append(("thinking", box, self.board_rect, self.px(15)))
        return out

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
        counts = self.panel.counts()
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

    # ------------------------------------------------------------ the result banner
    def banner_shown(self) -> bool:
        """The result banner is on the board: the game is over where it stands and that position
        is shown (never while browsing earlier positions), no move is animating."""
        m = self.match
        return (m is not None and self.view is not None and m.is_over and not m.browsing
                and self.anim is None and not self.history.replaying)

    def banner_is_open(self) -> bool:
        """Open (the card) or shrunk to a strip at the board's top edge; a new ending opens it."""
        m = self.match
        key = (m.live.uid, m.live_result.reason if m.live_result else "") if m is not None else None
        if self._banner_for != key:
            self._banner_for = key
            self._banner_open = True
        return bool(self._banner_open)

    def set_banner_open(self, open_: bool) -> None:
        self.banner_is_open()
        self._banner_open = open_
        self._sync_banner()

    def banner_actions(self) -> list[tuple[str, str, str]]:
        """The buttons a player wants after a game: (key, label, tooltip)."""
        m = self.match
        out = []
        if m is not None and m.live.ply > 0:
            out.append(("review", "Review", "The engine judges every move of the game"))
            if "analysis_of" in SCENES and not getattr(self, "is_analysis", False):
                out.append(("analyse", "Analyse", "Explore the game with the engine on the analysis board"))
        out.append(("new", "New game", "Set up a new game"))
        out.append(("rematch", "Rematch", "The same game again, colours swapped"))
        return out

    def banner_geometry(self) -> dict[str, Any]:
        """Where the banner's parts go: 'card' (or 'strip'), the headline and reason lines with
        their font sizes, and the buttons' rectangles by key. The card goes where it covers none
        of the result's highlighted points if it can (the middle first). Kept until it changes."""
        m = self.match
        key = (tuple(self.board_rect), self.banner_is_open(), m.live.uid if m else None,
               m.result if m else None, self.px(100))
        kept = self._banner_geo
        if kept is not None and kept[0] == key:
            return kept[1]
        geo = self._banner_geometry()
        self._banner_geo = (key, geo)
        return geo

    def _banner_geometry(self) -> dict[str, Any]:
        px = self.px
        br = self.board_rect
        head, why = self.result_texts()
        head = self.panel.winner_words() or head
        geo: dict[str, Any] = {"head": head, "why": why}
        bh, gap, pad = px(38), px(8), px(16)
        if self.banner_is_open():
            w = min(px(470), br.w - px(24))
            rs = px(16)
            close = px(30)
            inner = w - 2 * pad
            room = inner - close - gap - (px(30) if self.match.result and self.match.result.winner else 0)
            hs = next((s for s in (px(24), px(21), px(19)) if D.font(s, True).size(head)[0] <= room), px(19))
            head_lines = wrap(head, D.font(hs, True), room)[:2]
            why_lines = wrap(why + ".", D.font(rs), inner)[:3]
            acts = self.banner_actions()
            bw = (inner - gap * (len(acts) - 1)) // max(1, len(acts))
            h = pad + len(head_lines) * px(32) + px(4) + len(why_lines) * px(22) + px(14) + bh + pad
            card = pygame.Rect(0, 0, w, h)
            card.center = br.center
            try:
                fn = getattr(self.match.game, "highlight_result", None)
                avoid = list(fn()) if fn and self.match.game.is_over else []
            except (RulesError, ValueError, KeyError, TypeError):
                avoid = []
            if avoid and self.view is not None:
                card = self._best_spot((w, h), ("center", "midtop", "midbottom", "midleft", "midright", "topleft",
                                                "topright", "bottomleft", "bottomright"), avoid)[0]
            geo.update(rect=card, head_lines=head_lines, why_lines=why_lines, hs=hs, rs=rs)
            buttons = {"close": pygame.Rect(card.right - pad // 2 - close, card.y + pad // 2, close, close)}
            y = card.bottom - pad - bh
            for i, (key, _label, _tip) in enumerate(acts):
                buttons[key] = pygame.Rect(card.x + pad + i * (bw + gap), y, bw, bh)
            geo["buttons"] = buttons
        else:
            h = px(34)              # over the frame's edge: no point of the board under it
            strip = pygame.Rect(br.x + px(8), br.y + px(2), br.w - px(16), h)
            bw = px(92)
            hs = px(17)
            room = strip.w - bw - 3 * px(10)
            line = f"{head} · {why}"
            f = D.font(hs, True)
            if f.size(line)[0] > room:
                line = head
            while f.size(line)[0] > room and len(line) > 4:
                line = line[:-2].rstrip() + "…"
            geo.update(rect=strip, head_lines=[line], why_lines=[], hs=hs, rs=hs,
                       buttons={"open": pygame.Rect(strip.right - px(6) - bw, strip.y + px(3), bw, h - px(6))})
        return geo

    def _sync_banner(self) -> None:
        """One pygame-gui button per banner action while the banner shows (kept until it changes)."""
        W = self.w
        if not W or self.root is None:
            return
        want: Any = None
        if self.banner_shown():
            geo = self.banner_geometry()
            want = (tuple(sorted((k, tuple(r)) for k, r in geo["buttons"].items())), self.banner_is_open())
        if want == self._banner_built:
            return
        for k in [k for k in W if k.startswith("banner:")]:
            W.pop(k).kill()
        self._banner_built = want
        if want is None:
            return
        labels = {key: (label, tip) for key, label, tip in self.banner_actions()}
        labels["close"] = ("×", "Close: see the board (the result stays at its top edge)")
        labels["open"] = ("Details", "Show the result and what to do next")
        for key, r in geo["buttons"].items():
            label, tip = labels[key]
            oid = "#primary_button" if key in ("rematch", "open") else None
            W[f"banner:{key}"] = UIButton(r, label, self.ui, container=self.root, object_id=oid, tool_tip_text=tip)

    def banner_button(self, event: pygame.event.Event) -> bool:
        """A press of one of the banner's buttons; True if it was one."""
        key = next((k[7:] for k, el in self.w.items() if k.startswith("banner:") and event.ui_element is el), None)
        if key is None:
            return False
        if key == "close":
            self.set_banner_open(False)
        elif key == "open":
            self.set_banner_open(True)
        elif key == "review":
            self.set_banner_open(False)
            if not self.review.running:
                self.review.start()
        elif key == "analyse":
            m = self.match
            if m is not None and self.app is not None:
                self.app.push(make_scene("analysis_of", m, m.tree.cursor))
        elif key == "new":
            self.new_game()
        elif key == "rematch":
            self.rematch()
        return True

    def banner_covers(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` on the banner (clicks there do not reach the board)?"""
        if not self.banner_shown():
            return False
        return self.banner_geometry()["rect"].collidepoint(pos)

    def _draw_banner(self, surface: pygame.Surface, overlay: bool = False) -> None:
        """The result banner on the board: a card in the middle of the board (the winner by name
        and colour, the reason, Review / New game / Rematch, × to shrink it) or, once closed, a
        strip along the board's top edge (Details opens it again). Its buttons are widgets
        (``_sync_banner``); the texts are drawn here. ``banner_rect`` notes its place."""
        if not self.banner_shown():
            return
        px = self.px
        geo = self.banner_geometry()
        rect = geo["rect"]
        self.banner_rect = rect
        win = self.match.result.winner if self.match.result else None
        edge = (214, 170, 96, 255)
        surface.blit(D.rounded_panel(rect.size, (22, 17, 13, 238), radius=px(14), border=edge, border_width=2),
                     rect.topleft)
        gold = (255, 226, 168)
        if geo["why_lines"]:
            x, y = rect.x + px(16), rect.y + px(16)
            if win is not None:
                colour_icon(surface, (x + px(11), y + px(16)), win, px(11))
                x += px(30)
            for line in geo["head_lines"]:
                D.text(surface, line, (x, y), geo["hs"], gold, anchor="topleft", bold=True, shadow=False)
                y += px(32)
            y += px(4)
            for line in geo["why_lines"]:
                D.text(surface, line, (rect.x + px(16), y), geo["rs"], D.PALETTE["text"], anchor="topleft", shadow=False)
                y += px(22)
        else:
            D.text(surface, geo["head_lines"][0], (rect.x + px(14), rect.centery), geo["hs"], gold, anchor="midleft",
                   bold=True, shadow=False)

    def banner_text_rects(self) -> list[tuple[str, pygame.Rect, pygame.Rect | None, int]]:
        """The banner's drawn texts (for the layout audit)."""
        if not self.banner_shown():
            return []
        px = self.px
        geo = self.banner_geometry()
        rect = geo["rect"]
        out = []
        if geo["why_lines"]:
            x, y = rect.x + px(16), rect.y + px(16)
            if self.match.result.winner is not None:
                x += px(30)
            for line in geo["head_lines"]:
                w, h = D.font(geo["hs"], True).size(line)
                out.append(("banner head", pygame.Rect(x, y, w, h), rect, geo["hs"]))
                y += px(32)
            y += px(4)
            for line in geo["why_lines"]:
                w, h = D.font(geo["rs"]).size(line)
                out.append(("banner reason", pygame.Rect(rect.x + px(16), y, w, h), rect, geo["rs"]))
                y += px(22)
        else:
            w, h = D.font(geo["hs"], True).size(geo["head_lines"][0])
            out.append(("banner strip", pygame.Rect(rect.x + px(14), rect.centery - h // 2, w, h), rect, geo["hs"]))
        return out

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after the widgets: colour icons in the panel and the stack tooltip."""
        m = self.match
        if m is None or not self.w:
            return
        r = self.px(11)
        side, result = self.panel.turn_shown()
        if result is None:                  # the side to move's disc; none when the game is over
            colour_icon(surface, self.panel.turn_icon, side, self.px(13))
        if self.computer.busy and result is None:
            cx, cy = self.panel.turn_icon
            rr = self.px(17)
            for i in range(8):   # a ring of dots chasing round the side to move
                ang = self.time * 5.0 - i * 0.55
                a = max(30, 255 - i * 30) // 15 * 15
                D.blit_center(surface, D.dot(max(2, self.px(2)), (255, 214, 140, a)),
                              (cx + rr * math.cos(ang), cy - self.px(3) + rr * math.sin(ang) * 0.9))
        colour_icon(surface, self.panel.count_icons[0], Color.BLACK, r)
        colour_icon(surface, self.panel.count_icons[1], Color.WHITE, r)
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
