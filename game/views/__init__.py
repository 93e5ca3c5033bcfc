"""Per-game board views and click logic, found by game name.

``game.views.<name>`` defines ``<Name>View`` (a ``BoardView``) and ``<Name>Input`` (a
``BoardInput``). Modules are imported lazily; a missing or broken one raises
``ViewUnavailable`` with a message a person can read, which the scenes show instead of crashing.
"""
from __future__ import annotations

import logging
from importlib import import_module
from types import ModuleType
from typing import Any

from .base import BoardInput, BoardView, ClickResult, Decorations, Option

log = logging.getLogger(__name__)


class ViewUnavailable(RuntimeError):
    """This game has no board view yet (or it failed to load)."""


def _module(game_name: str) -> ModuleType:
    name = game_name.strip().lower()
    if not name.isidentifier():
        raise ViewUnavailable(f"{game_name!r} is not a game name")
    try:
        return import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(f"views.{name}"):
            raise ViewUnavailable(f"The {name.capitalize()} board is not available yet in this version.") from None
        raise ViewUnavailable(f"The {name.capitalize()} board could not be loaded: {exc}") from exc
    except Exception as exc:  # importing a view module: a broken one must not take the app down
        log.exception("the %s view cannot be loaded", name)
        raise ViewUnavailable(f"The {name.capitalize()} board could not be loaded: {exc}") from exc


def _cls(game_name: str, suffix: str) -> type:
    mod = _module(game_name)
    cname = f"{game_name.strip().lower().capitalize()}{suffix}"
    cls = getattr(mod, cname, None)
    if cls is None:
        raise ViewUnavailable(f"game.views.{game_name} has no {cname} class")
    return cls


def view_for(game_name: str, **options: Any) -> BoardView:
    """A new board view for the game (options: the game's variant options, e.g. Onyx size)."""
    return _cls(game_name, "View")(**options)


def input_for(game_name: str, view: BoardView | None = None) -> BoardInput:
    """A new click handler for the game."""
    return _cls(game_name, "Input")(view)


def has_view(game_name: str) -> bool:
    try:
        _cls(game_name, "View")
        return True
    except ViewUnavailable:
        return False


__all__ = ["BoardInput", "BoardView", "ClickResult", "Decorations", "Option", "ViewUnavailable",
           "has_view", "input_for", "view_for"]
