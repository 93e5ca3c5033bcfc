"""Amoeba on screen: a wooden hex board of points and lines, stacks of shaded discs.

Input: click one of your stacks, then
  - the far point T = p + h*d (green) to move the whole stack there, or
  - the NEAR point p + 1*d (blue, only when h >= 2) to split the stack along d: its pieces
    land one per point from p + 1*d to T (the notation names T, e.g. ``c3>e3``).
Targets and previews come from ``legal_moves()`` and ``motions()`` only.
"""
from __future__ import annotations

import math
import re
from typing import Any, Sequence

import pygame

from ..i18n import _, ngettext
from ..names import side_name
from ..rules.base import Game, Motion
from ..rules.hexgrid import grid
from . import draw as D
from .base import BoardInput, BoardView, Decorations, Option

_MOVE_RE = re.compile(r"^([a-z][0-9]+)([->])([a-z][0-9]+)$")
PIECE_NAMES = {"B": "Black", "W": "White", "Bk": "Black Kernel", "Wk": "White Kernel"}


class AmoebaView(BoardView):
    name = "amoeba"
    margin = 0.95
    disc_radius = 0.37
    disc_thickness = 0.12
    badge_from = 2         # a height shows from two pieces up: it is how far the stack moves
    # a stack never rises more than this over its point (board units): higher ones are pressed
    # together, so nothing is drawn over the point above, its piece or the frame (issue 24)
    max_rise = 0.22
    badge_at_base = True

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.grid = grid(4)

    def points(self) -> Sequence[str]:
        return self.grid.labels

    def model_xy(self, label: str) -> tuple[float, float]:
        return self.grid.xy(self.grid.index[label])

    # ------------------------------------------------------------ the board
    def _hexagon(self, grow: float) -> list[tuple[float, float]]:
        """The board outline: the corner points pushed outwards by ``grow`` units."""
        out = []
        for lab in ("a1", "a4", "d7", "g4", "g1", "d1"):
            x, y = self.model_xy(lab)
            d = math.hypot(x, y)
            k = (d + grow) / d
            out.append(self.to_pixel(x * k, y * k))
        return out

    def render_board(self, surf: pygame.Surface, offset: tuple[int, int]) -> None:
        ox, oy = offset
        s = self.scale

        def sh(pts: list[tuple[float, float]], dx: float = 0, dy: float = 0) -> list[tuple[float, float]]:
            return [(x + ox + dx, y + oy + dy) for x, y in pts]

        outer = self._hexagon(self.margin * 0.92)
        inner = self._hexagon(self.margin * 0.70)
        # drop shadow (each layer here goes once blitted: D.blit_polygons, D.blit_masked)
        D.blit_polygons(surf, [((0, 0, 0, 16), sh(self._hexagon(self.margin * 0.92 + i * 0.03), s * 0.05, s * 0.09))
                               for i in range(6, 0, -1)])
        # frame: dark wood edge, then the playing surface
        box = pygame.Rect(0, 0, *surf.get_size())
        wood = D.wood(box.size, seed=11, theme=self.theme)
        frame_mask = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(frame_mask, (255, 255, 255, 255), sh(outer))
        frame = wood.copy()
        frame.fill((150, 112, 84), special_flags=pygame.BLEND_RGB_MULT)
        D.blit_masked(surf, frame, frame_mask)
        del frame, frame_mask
        pygame.draw.aalines(surf, self.theme.wood_edge, True, sh(outer))
        # bevel: light top-left edge, dark bottom-right edge of the frame
        pts = sh(outer)
        for i in range(6):
            a, b = pts[i], pts[(i + 1) % 6]
            mx, my = (a[0] + b[0]) / 2 - box.w / 2, (a[1] + b[1]) / 2 - box.h / 2
            light = (my < 0) or (mx < 0 and my < box.h * 0.1)
            col = (236, 200, 150) if light else (70, 42, 20)
            pygame.draw.line(surf, col, a, b, max(2, int(s * 0.03)))
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), sh(inner))
        D.blit_masked(surf, wood, mask.copy())
        del wood
        pin = sh(inner)
        for i in range(6):
            a, b = pin[i], pin[(i + 1) % 6]
            my = (a[1] + b[1]) / 2 - box.h / 2
            col = (92, 58, 30) if my < 0 else (236, 204, 160)
            pygame.draw.line(surf, col, a, b, max(2, int(s * 0.025)))
        # subtle light from the top left over the playing surface
        glow = pygame.Surface(box.size, pygame.SRCALPHA)
        cx, cy = self.to_pixel(*self.model_to_screen(-1.2, 1.4))     # the upper left as seen
        for i in range(10, 0, -1):
            pygame.draw.circle(glow, (255, 240, 210, 5), (cx + ox, cy + oy), s * 0.55 * i)
        glow.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(glow, (0, 0))
        del glow, mask
        # engraved lines along the three axes
        g = self.grid
        lw = max(2, int(s * 0.045))
        for p in range(g.size):
            a = self.pixel_of(g.labels[p])
            for d in (0, 2, 4):  # E, NE, NW
                q = g.neighbour[p][d]
                if q < 0:
                    continue
                b = self.pixel_of(g.labels[q])
                pygame.draw.line(surf, (236, 204, 158), (a[0] + ox + 1, a[1] + oy + 1), (b[0] + ox + 1, b[1] + oy + 1), lw)
                pygame.draw.line(surf, self.theme.line, (a[0] + ox, a[1] + oy), (b[0] + ox, b[1] + oy), lw)
        # points: a dark hole with a light lower rim
        pr = max(3, int(s * 0.11))
        hole = D.dot(pr, (70, 40, 18, 255))
        rim = D.ring(pr, max(1, pr // 3), (240, 210, 170, 200))
        for lab in g.labels:
            px, py = self.pixel_of(lab)
            D.blit_center(surf, rim, (px + ox + 1, py + oy + 1))
            D.blit_center(surf, hole, (px + ox, py + oy))
            D.blit_center(surf, D.dot(max(1, pr // 2), (40, 22, 8, 255)), (px + ox, py + oy))
        if self.show_coords:
            self._render_coords(surf, offset)

    def _render_coords(self, surf: pygame.Surface, offset: tuple[int, int]) -> None:
        ox, oy = offset
        s = self.scale
        size = max(13, int(s * 0.27))
        g = self.grid
        ink, halo = self.theme.frame_ink, self.theme.frame_halo
        d = s * 0.58 if self.flip else -s * 0.58         # outside the row's first point (its west, or east when flipped)
        for i in range(g.rows):
            row = [p for p in range(g.size) if g.row_of[p] == i]
            letter = chr(ord("a") + i)
            xl, yl = self.pixel_of(g.labels[row[0]])
            xr, yr = self.pixel_of(g.labels[row[-1]])
            D.label(surf, letter, (xl + ox + d, yl + oy), size, ink, halo)
            D.label(surf, letter, (xr + ox - d, yr + oy), size, ink, halo)

    def coord_rects(self) -> list[pygame.Rect]:
        if not self.show_coords:
            return []
        s = self.scale
        size = max(13, int(s * 0.27))
        g = self.grid
        d = s * 0.58 if self.flip else -s * 0.58
        out = []
        for i in range(g.rows):
            row = [p for p in range(g.size) if g.row_of[p] == i]
            letter = chr(ord("a") + i)
            (xl, yl), (xr, yr) = self.pixel_of(g.labels[row[0]]), self.pixel_of(g.labels[row[-1]])
            for x, y in ((xl + d, yl), (xr - d, yr)):
                r = pygame.Rect((0, 0), D.font(size, True).size(letter)).inflate(4, 0)
                r.center = (round(x), round(y))
                out.append(r)
        return out

    def point_label_rect(self, label: str) -> pygame.Rect | None:
        if not self.show_coords or label not in self._pix:
            return None
        px, py = self._pix[label]
        r = pygame.Rect((0, 0), D.font(self.point_label_size(), True).size(label)).inflate(4, 0)
        r.center = (round(px + self.scale * 0.27), round(py + self.scale * 0.16))
        return r

    def point_label_size(self) -> int:
        """Font size of the point names beside the free points (grows with the board)."""
        return max(11, int(self.scale * 0.18))

    def draw_under(self, surface: pygame.Surface, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> None:
        super().draw_under(surface, stacks, deco)
        if self.show_coords:  # the name of each free point beside it, between its E and SE lines
            size = self.point_label_size()      # (over the rings under the pieces: the last move's
            dx, dy = self.scale * 0.27, self.scale * 0.16       # ring round an emptied point hid it)
            for lab, (px, py) in self._pix.items():
                if lab not in stacks:
                    D.label(surface, lab, (px + dx, py + dy), size, theme=self.theme)

    # ------------------------------------------------------------ what tall stacks hide
    def covers_others(self, label: str, n: int) -> bool:
        """Does a stack of n on ``label`` overlap a point north of it (its name, hole or stack)?"""
        if label not in self._pix or n < 2:
            return False
        px, py = self._pix[label]
        r = self.radius_px
        ry = r * self.squash
        top = py - (n - 1) * self.level_for(n) - self.level_px * 0.5 - ry
        for q, (qx, qy) in self._pix.items():
            if q == label or qy >= py or abs(qx - px) >= 1.8 * r:
                continue
            up = self._tops.get(q, 0.0)
            if top < qy + ry and qy - up - ry < py:
                return True
        return False

    SEE_THROUGH_FROM = 4     # stacks this tall hide the names and stacks of the points behind them

    def stack_alpha(self, label: str, stacks: dict[str, tuple[str, ...]], deco: Decorations) -> int:
        """A tall stack under the mouse is seen through when it hides points behind it, so what
        stands there can be read (not the selected stack, nor a target: those are being used)."""
        n = len(stacks.get(label, ()))
        if (deco.hover == label and n >= self.SEE_THROUGH_FROM and label != deco.selected
                and label not in deco.targets and self.covers_others(label, n)):
            return 120
        return 255

    # ------------------------------------------------------------ pieces
    def piece_sprite(self, code: str, radius: int) -> pygame.Surface:
        top, hi, side = self.theme.piece(code)
        mark = "kernel" if code.endswith("k") else ""
        return D.disc(radius, max(2, int(self.level_px)), top, hi, side, mark, self.squash)

    def draw_stack(self, surface: pygame.Surface, xy: tuple[float, float], pieces: Sequence[str],
                   scale: float = 1.0, alpha: int = 255, lift: float = 0.0, base_level: int = 0,
                   badge: bool = True, shadow: bool = True, spacing: float | None = None) -> None:
        """Discs as the base class draws them; a Kernel under other pieces also gets a gem stud on
        the stack's side at its level (its gold rim band shows too), so it is never lost in a stack."""
        super().draw_stack(surface, xy, pieces, scale, alpha, lift, base_level, badge, shadow, spacing)
        buried = [i for i, code in enumerate(pieces[:-1]) if code.endswith("k")]
        if not buried or alpha <= 60:
            return
        r = max(3, int(self.radius_px * scale))
        total = len(pieces) + base_level
        lv = (spacing if spacing is not None else self.level_for(total)) * scale
        t = max(2, int(self.level_px * scale))
        x, y = xy
        for i in buried:
            face_y = y - (base_level + i + lift) * lv - t * 0.5
            D.blit_center(surface, D.gem(max(4, int(r * 0.3))), (x - r * 0.98, face_y + t * 0.5), alpha)


def _colour(code: str) -> str:
    return "White" if code.startswith("W") else "Black"


def piece_name(code: str, viewer: str | None = None) -> str:
    """'your Kernel', 'your piece' (the viewer's colour), 'Black's Kernel', 'a White piece'."""
    colour = _colour(code)
    kernel = code.endswith("k")
    if viewer is not None and colour == viewer:
        return _("your Kernel") if kernel else _("your piece")
    side = side_name(colour)
    return _("{side}'s Kernel").format(side=side) if kernel else _("a {side} piece").format(side=side)


def piece_word(code: str) -> str:
    """A piece in one or two words for the stack card: 'Black', 'White Kernel'."""
    side = side_name(_colour(code))
    return _("{side} Kernel").format(side=side) if code.endswith("k") else side


def stack_order(pieces: Sequence[str]) -> str:
    """The pieces bottom to top, runs of one kind counted: 'Black ×2, White, Black Kernel'."""
    runs: list[list[Any]] = []
    for code in pieces:
        word = piece_word(code)
        if runs and runs[-1][0] == word:
            runs[-1][1] += 1
        else:
            runs.append([word, 1])
    return _(", ").join(w if k == 1 else f"{w} ×{k}" for w, k in runs)


def describe_stack(label: str, pieces: Sequence[str], viewer: str | None = None) -> str:
    """The stack card in words, from ``viewer``'s side ('Black'/'White': "your Kernel") or neutral
    (None): who controls it, then every piece from the bottom up (the order a split lays them
    down, the bottom one next to the stack), short enough for a tooltip.

    'c3: 3 pieces, you control it.
     Bottom to top: Black, White, Black Kernel.'
    """
    if not pieces:
        return _("{point}: empty point.").format(point=label)
    if len(pieces) == 1:
        return _("{point}: {piece}.").format(point=label, piece=piece_name(pieces[0], viewer))
    colour = _colour(pieces[-1])
    n = len(pieces)
    if viewer == colour:
        head = ngettext("{point}: {n} piece, you control it.", "{point}: {n} pieces, you control it.", n)
    else:
        head = ngettext("{point}: {n} piece, {side} controls it.", "{point}: {n} pieces, {side} controls it.", n)
    head = head.format(point=label, n=n, side=side_name(colour))
    return head + "\n" + _("Bottom to top: {pieces}.").format(pieces=stack_order(pieces))


class AmoebaInput(BoardInput):
    """Click a stack, then the far point (whole-stack move) or the near point (split)."""

    def clicks_for(self, game: Game, move: Any) -> Option:
        text = game.move_str(move)
        m = _MOVE_RE.match(text)
        if not m:
            raise ValueError(f"unexpected Amoeba move text {text!r}")
        src, sep, dst = m.groups()
        if sep == "-":
            return Option((src, dst), text, "move")
        motions: list[Motion] = game.motions(move)
        first = next(mo.dst for mo in sorted(motions, key=lambda mo: mo.step) if mo.dst is not None)
        return Option((src, first), text, "split")

    def arrow_end(self, option: Option) -> str:
        m = _MOVE_RE.match(option.text)
        return m.group(3) if m else option.clicks[-1]

    def tag_for(self, option: Option) -> str:
        if self.game is None:
            return ""
        h = len(self.game.stacks().get(option.clicks[0], ()))
        if option.kind == "split":
            return _("Split {n} to {point}").format(n=h, point=option.text.split('>')[-1])
        return _("Move") if h == 1 else _("Move all {n}").format(n=h)

    def after_select_message(self) -> str:
        """What to click now, and a warning when a target's move loses at once."""
        return self._select_words() + self.danger_note()

    def _select_words(self) -> str:
        src = self.prefix[0]
        h = len(self.game.stacks().get(src, ())) if self.game else 0
        if not self.show_targets:           # nothing is marked on the board: say where to click
            if h >= 2:
                return _("{point}: click the point {n} steps away in a straight line to move all {n}, "
                         "or the point next to it in that direction to split them.").format(point=src, n=h)
            return _("{point}: click a neighbouring point to move there.").format(point=src)
        if h >= 2:
            far, near = self.mark_word("move", ""), self.mark_word("split", "")
            if far and near:
                # Translators: {far} and {near} are the marks' colours ("green", "blue")
                return _("{point}: {far} moves all {n}; {near} splits them one per point.").format(
                    point=src, far=far, near=near, n=h)
            return _("{point}: the far marks move all {n}; the near marks split them one per point.").format(
                point=src, n=h)
        colour = self.mark_word("move", "")
        if colour:
            return _("{point}: click a {colour} point to move there.").format(point=src, colour=colour)
        return _("{point}: click a highlighted point to move there.").format(point=src)

    def _kind_note(self, kind: str) -> str:
        """' (green)' after a target's description, in themes that name their colours."""
        word = self.mark_word(kind, "") if self.show_targets else ""
        return _(" ({colour})").format(colour=word) if word else ""

    def idle_message(self) -> str:
        g = self.game
        if g is not None and not g.is_over and not self.show_targets:
            return _("{side} to move: click a stack with your colour on top.").format(side=side_name(g.to_move.word))
        return super().idle_message()

    def describe(self, label: str) -> str:
        return describe_stack(label, self.shown_stacks().get(label, ()), self.viewer())

    def why_not(self, label: str) -> str:
        g = self.game
        if g is None or g.is_over:
            return _("The game is over.")
        stacks = g.stacks()
        me = g.to_move
        pieces = stacks.get(label)
        if self.prefix:
            src = self.prefix[0]
            h = len(stacks.get(src, ()))
            if h >= 2:
                # Translators: {far_note} and {near_note} are " (green)", " (blue)" or nothing
                return _("{point} is not a target. A stack of {n} moves exactly {n} steps in a straight "
                         "line{far_note}, or splits starting next door{near_note}.").format(
                    point=label, n=h, far_note=self._kind_note("move"), near_note=self._kind_note("split"))
            return _("{point} is not a target: a single piece moves one step to a neighbour{note}.").format(
                point=label, note=self._kind_note("move"))
        if not pieces:
            if not self.show_targets:
                return _("{point} is empty. Click one of your stacks (your colour on top).").format(point=label)
            return _("{point} is empty. Click one of your stacks (the glowing ones).").format(point=label)
        top = "White" if pieces[-1].startswith("W") else "Black"
        if top != me.title:
            return _("{point} is controlled by {owner} (its top piece). It is {side}'s turn.").format(
                point=label, owner=side_name(top), side=side_name(me.word))
        if self.moves_elsewhere(label):       # a lesson's step that marks one kind of move
            return _("The stack on {point} has no move of the kind this step asks for.").format(point=label)
        h = len(pieces)
        return _("The stack on {point} has {n} pieces and no direction has {n} points beyond it, "
                 "so it cannot move.").format(point=label, n=h)

    def decorate(self, deco: Decorations) -> None:
        super().decorate(deco)
