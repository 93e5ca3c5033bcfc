"""The pure rules core: no pygame, no files, no clocks.

``make_game(name, **options)`` builds a new game by name; ``GAME_NAMES`` lists them.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

from .base import (Color, Game, GameOverError, IllegalMoveError, InvalidMoveError, Motion,
                   PositionError, Result, RulesError, perft)

GAME_NAMES = ("amoeba", "onyx", "onager")
_CLASSES = {"amoeba": ("amoeba", "Amoeba"), "onyx": ("onyx", "Onyx"), "onager": ("onager", "Onager")}


def game_class(name: str) -> type[Game]:
    try:
        mod, cls = _CLASSES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAME_NAMES)}") from None
    return getattr(import_module(f"{__name__}.{mod}"), cls)


def make_game(name: str, **options: Any) -> Game:
    """A new game of the given name from its initial position."""
    return game_class(name).new(**options)


__all__ = ["Color", "Game", "GameOverError", "IllegalMoveError", "InvalidMoveError", "Motion",
           "PositionError", "Result", "RulesError", "perft", "GAME_NAMES", "game_class", "make_game"]
