"""Small pictures of a game's final position, drawn with the game's own board view.

``position_picture(game, options, stacks, size, result=())`` draws a position into a new
``Surface`` of ``size`` with ``game.views.view_for(game, **options)``: the view is laid out in
the picture's rectangle (``layout``) and draws the board, the stacks and the result's marks
(``Decorations(result=...)``) with no coordinates, in the colours of ``theme`` (the app's
theme, given to ``view.set_look``) when one is given. Views are kept per (game, options), so a
list of thumbnails builds each board picture once per size.

``final_position(record)`` is what a record ends with: ``(stacks, result labels)`` of its main
line's last position (the record has already been parsed, so every move is legal).

``ThumbnailCache`` keeps pictures per file: the key is the file's path, modified time and size
(a changed file gets a new picture), the theme (its wood and piece colours) and the picture
size; at most ``limit`` pictures (least recently used go first). Nothing here reads a file:
the caller hands over the parsed record.
"""
from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any, Hashable

import pygame

from ..rules.base import RulesError
from ..themes import CLASSIC, Theme
from ..views import Decorations, ViewUnavailable, view_for

log = logging.getLogger(__name__)

__all__ = ["position_picture", "final_position", "record_picture", "placeholder", "ThumbnailCache"]

_VIEWS: "OrderedDict[tuple[Any, ...], Any]" = OrderedDict()
_MAX_VIEWS = 8
# Onyx's point marks never get smaller than 3 px (to read on a 20x20 board in a small window): in a
# small picture, with a few pixels between points, they cover the board and its stones. Below
# FINE_SCALE pixels between points the picture is drawn that large and scaled down, so the marks
# shrink with the stones.
FINE_SCALE = {"onyx": 24.0}


def _view(game: str, options: dict[str, Any]) -> Any:
    key = (game, tuple(sorted((str(k), repr(v)) for k, v in options.items())))
    view = _VIEWS.get(key)
    if view is None:
        view = view_for(game, **options)
        view.show_coords = False
        _VIEWS[key] = view
        while len(_VIEWS) > _MAX_VIEWS:
            _VIEWS.popitem(last=False)
    else:
        _VIEWS.move_to_end(key)
    return view


def _theme(theme: Theme | None = None) -> str:
    """The name of the colours a picture is drawn in (``theme``, else the classic ones)."""
    return theme.name if theme is not None else CLASSIC.name


def placeholder(size: tuple[int, int], colour: tuple[int, int, int] = (70, 54, 40)) -> pygame.Surface:
    """A plain rounded square where a picture cannot be drawn (an unknown game, a bad file)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    s = max(4, min(w, h) - 4)
    rect = pygame.Rect(0, 0, s, s)
    rect.center = (w // 2, h // 2)
    pygame.draw.rect(surf, (*colour, 255), rect, border_radius=max(2, s // 8))
    pygame.draw.line(surf, (120, 96, 70, 255), rect.topleft, rect.bottomright, max(1, s // 24))
    pygame.draw.line(surf, (120, 96, 70, 255), rect.bottomleft, rect.topright, max(1, s // 24))
    return surf


def position_picture(game: str, options: dict[str, Any], stacks: dict[str, tuple[str, ...]],
                     size: tuple[int, int], result: list[str] | tuple[str, ...] = (),
                     theme: Theme | None = None) -> pygame.Surface:
    """The position drawn by the game's view into a transparent surface of ``size`` (in
    ``theme``'s colours when given: the app's theme object, handed to ``view.set_look``)."""
    w, h = max(8, int(size[0])), max(8, int(size[1]))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    try:
        view = _view(game, dict(options))
    except (ViewUnavailable, ImportError, TypeError, ValueError):
        return placeholder((w, h))
    if theme is not None:
        view.set_look(theme=theme)
    view.layout(pygame.Rect(0, 0, w, h))
    fine = FINE_SCALE.get(game, 0.0)
    k = fine / view.scale if view.scale > 0 else 1.0
    if k > 1.0:
        big = pygame.Surface((round(w * k), round(h * k)), pygame.SRCALPHA)
        view.layout(big.get_rect())
        _draw(view, big, stacks, result)
        return pygame.transform.smoothscale(big, (w, h))
    _draw(view, surf, stacks, result)
    return surf


def _draw(view: Any, surf: pygame.Surface, stacks: dict[str, tuple[str, ...]],
          result: list[str] | tuple[str, ...]) -> None:
    deco = Decorations()
    if result:
        deco.result = list(result)
    view.draw(surf, stacks, deco)


def final_position(record: Any) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    """The stacks at the end of a parsed record's main line, and its result's marked points."""
    game = record.replay()
    result: list[str] = []
    if game.is_over:
        try:
            result = list(game.highlight_result())
        except (RulesError, ValueError, KeyError, TypeError):
            result = []                 # drawn without the result's marks
    return game.stacks(), result


def record_picture(record: Any, size: tuple[int, int], theme: Theme | None = None) -> pygame.Surface:
    """A parsed record's final position as a picture (a placeholder if it cannot be drawn)."""
    try:
        stacks, result = final_position(record)
    except Exception:       # a record read from a file: never let one file break a list
        log.warning("the saved game cannot be replayed for its picture", exc_info=True)
        return placeholder((max(8, int(size[0])), max(8, int(size[1]))))
    return position_picture(record.game, dict(record.options), stacks, size, result, theme)


class ThumbnailCache:
    """Pictures keyed on (file key, theme, size), at most ``limit`` of them (LRU)."""

    def __init__(self, limit: int = 160) -> None:
        self.limit = max(1, int(limit))
        self._pics: "OrderedDict[Hashable, pygame.Surface]" = OrderedDict()
        self.made = 0           # pictures drawn (tests, benchmarks)

    def key(self, file_key: Hashable, size: tuple[int, int], theme: Theme | None = None) -> Hashable:
        return (file_key, _theme(theme), (int(size[0]), int(size[1])))

    def get(self, file_key: Hashable, size: tuple[int, int], theme: Theme | None = None) -> pygame.Surface | None:
        k = self.key(file_key, size, theme)
        pic = self._pics.get(k)
        if pic is not None:
            self._pics.move_to_end(k)
        return pic

    def make(self, file_key: Hashable, record: Any, size: tuple[int, int], theme: Theme | None = None) -> pygame.Surface:
        """Draw (or find) the picture of ``record`` for ``file_key`` at ``size``."""
        k = self.key(file_key, size, theme)
        pic = self._pics.get(k)
        if pic is None:
            pic = record_picture(record, size, theme)
            self.made += 1
            self._pics[k] = pic
            while len(self._pics) > self.limit:
                self._pics.popitem(last=False)
        else:
            self._pics.move_to_end(k)
        return pic

    def __len__(self) -> int:
        return len(self._pics)

    def clear(self) -> None:
        """Forget every picture and start counting the drawn ones afresh (``made``)."""
        self._pics.clear()
        self.made = 0
