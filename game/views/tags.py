"""Where a tag over the board goes ('Hint', 'Better', 'Walk', 'Taken'…).

A tag names a point's move; it must not hide what it names. ``tag_rect`` tries places around the
point, above it first, and takes the first that keeps clear of the move's own cells (the tagged
point, the arrow's ends, the selected piece, the stones the move captures, the points ringed to
click: a hinted split's first drop), of their names, of
the names written on the empty cells near it (a tag over a lake hid the name of the cell above),
of the tags already placed and of the board's coordinate labels (``BoardView.coord_rects``,
``BoardView.point_label_rect``); when none is clear, the one that hides least, kept on the board.
Among the places that keep clear, the one that hides least of the other pieces near it: a tag
over a neighbouring piece (an Amoeba Kernel, another line's faint stone) hides what the player
must see; then the one that stays most on the ground the points stand on
(``play_rect``), off the board's frame.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

if TYPE_CHECKING:
    from .base import BoardView, Decorations

__all__ = ["cell_rect", "play_rect", "tag_rect"]


def cell_rect(view: "BoardView", label: str, stacks: dict[str, tuple[str, ...]], extra: int = 0) -> pygame.Rect:
    """The pixels a point's piece or stack (with ``extra`` pieces more) takes, about."""
    px, py = view.pixel_of(label)
    r = view.radius_px
    n = len(stacks.get(label, ())) + extra
    top = py - max(0, n - 1) * view.level_for(max(1, n)) - r
    return pygame.Rect(round(px - r), round(top), 2 * r, round(py + r - top))


def play_rect(view: "BoardView") -> pygame.Rect:
    """The ground the points stand on (screen pixels): their bounding box, a piece's radius
    wider on each side; the frame and its coordinates lie outside it."""
    pts = [view.pixel_of(lab) for lab in view.points()] or [view.rect.center]
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    r = view.radius_px
    return pygame.Rect(x0 - r, y0 - r, x1 - x0 + 2 * r, y1 - y0 + 2 * r)


def _overlap(r: pygame.Rect, rects: Sequence[pygame.Rect]) -> int:
    """The pixels of ``r`` that ``rects`` cover (counted once for each of them)."""
    return sum(r.clip(k).w * r.clip(k).h for k in rects)


def tag_rect(view: "BoardView", label: str, size: tuple[int, int], stacks: dict[str, tuple[str, ...]],
             deco: "Decorations", placed: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tag of ``size`` pixels for ``label`` goes (see the module docstring), clear of
    the tags ``placed`` before it too (two engine lines ending near each other: neither hides
    the other's number)."""
    w, h = size
    points = set(view.points())
    own = {label, *deco.captures, *deco.path, *(lab for a in deco.arrows for lab in a), *deco.targets}
    if deco.selected:
        own.add(deco.selected)
    own &= points
    extra = {lab: sum(len(p) for g, p in deco.ghosts if g == lab) for lab in own}
    keep = [cell_rect(view, lab, stacks, extra[lab]) for lab in own]
    keep += [r for r in (view.point_label_rect(lab) for lab in own) if r is not None]
    keep += view.coord_rects()
    keep += placed
    cell = cell_rect(view, label, stacks, extra.get(label, 0))
    gap = max(2, view.radius_px // 5)
    reach = cell.inflate(2 * (w + gap), 2 * (h + gap))      # every place tried lies inside it
    pieces: list[pygame.Rect] = []                          # other pieces near it: hidden only if need be
    for lab in points - own:                                # the names shown (empty cells') near it
        if not stacks.get(lab):
            name = view.point_label_rect(lab)
            if name is not None and name.colliderect(reach):
                keep.append(name)
        else:
            piece = cell_rect(view, lab, stacks)
            if piece.colliderect(reach):
                pieces.append(piece)
    for lab, ghost in deco.ghosts:                          # other lines' stones, drawn faint
        if lab in points and lab not in own:
            piece = cell_rect(view, lab, stacks, len(ghost))
            if piece.colliderect(reach):
                pieces.append(piece)
    cx, cy = cell.centerx, view.pixel_of(label)[1]
    places = [(cx, cell.top - gap - h / 2),                                   # above
              (cell.right + gap + w / 2, cell.top - h / 4),                   # up right
              (cell.left - gap - w / 2, cell.top - h / 4),                    # up left
              (cell.right + gap + w / 2, cy),                                 # right
              (cell.left - gap - w / 2, cy),                                  # left
              (cx, cell.bottom + gap + h / 2),                                # below
              (cell.right + gap + w / 2, cell.bottom + h / 4),                # down right
              (cell.left - gap - w / 2, cell.bottom + h / 4)]                 # down left
    area = view.rect
    play = play_rect(view)
    best: tuple[int, int, int, int, pygame.Rect] | None = None
    for i, (x, y) in enumerate(places):
        r = pygame.Rect(0, 0, w, h)
        r.center = (round(x), round(y))
        hidden = _overlap(r, keep) + (0 if area.contains(r) else w * h)
        covered = _overlap(r, pieces) if hidden == 0 else 0
        off = w * h - _overlap(r, (play,))           # over the frame, off the points' ground
        if hidden == 0 and covered == 0 and off == 0:
            return r
        if best is None or (hidden, covered, off, i) < best[:4]:
            best = (hidden, covered, off, i, r)
    assert best is not None
    return best[4].clamp(area)
