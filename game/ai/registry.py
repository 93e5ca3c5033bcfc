"""Which knowledge each game plays with: ``knowledge_for(name)`` and ``plain_knowledge()``.

The per-game modules import ``game.ai.knowledge`` for the base class; this module imports
them, so the dependency runs one way (registry -> per-game knowledge -> base).
"""
from __future__ import annotations

from typing import Callable

from .amoeba_eval import AmoebaKnowledge
from .knowledge import Knowledge, PlainKnowledge
from .onager_eval import OnagerKnowledge
from .onyx_eval import OnyxKnowledge

KNOWLEDGE: dict[str, Callable[[], Knowledge]] = {
    "amoeba": AmoebaKnowledge,
    "onyx": OnyxKnowledge,
    "onager": OnagerKnowledge,
}

_CACHE: dict[str, Knowledge] = {}


def knowledge_for(name: str) -> Knowledge:
    """The tuned knowledge of a game (built once per process); the generic one for others."""
    k = _CACHE.get(name)
    if k is None:
        k = _CACHE[name] = KNOWLEDGE.get(name, Knowledge)()
    return k


def plain_knowledge() -> Knowledge:
    """The ``uct`` baseline's knowledge: random playouts and no tactics."""
    k = _CACHE.get("__plain__")
    if k is None:
        k = _CACHE["__plain__"] = PlainKnowledge()
    return k
