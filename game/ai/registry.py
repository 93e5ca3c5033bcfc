"""Which knowledge each game plays with: ``knowledge_for(name)`` and ``plain_knowledge()``.

The per-game modules import ``game.ai.knowledge`` for the base class; this module imports
them, so the dependency runs one way (registry -> per-game knowledge -> base).
"""
from __future__ import annotations

from typing import Callable

from .amoeba_eval import AmoebaKnowledge
from .knowledge import Knowledge, PlainKnowledge
from .onager_eval import ClassicOnagerKnowledge, OnagerKnowledge
from .onyx_eval import OnyxKnowledge, UniformOnyxKnowledge

KNOWLEDGE: dict[str, Callable[[], Knowledge]] = {
    # Amoeba: four random plies, then the static evaluation fitted to engine games
    # (amoeba_eval): Hard won 36 of 40 games against the playouts to 60 plies (commit
    # 9fe1a8a) at 0.5 s a move.
    "amoeba": lambda: AmoebaKnowledge(static=True, plies=4),
    "onyx": OnyxKnowledge,
    # Onager: the rollouts play the back-row threats and answers (``tactics``).
    "onager": lambda: OnagerKnowledge(tactics=True),
}

# The knowledge each game had before the connection work (Easy plays with it, so it stays
# as beatable as it was): the same classes except Onyx's uniform-playout knowledge.
CLASSIC: dict[str, Callable[[], Knowledge]] = {
    "amoeba": lambda: AmoebaKnowledge(cutoff=60),
    "onyx": UniformOnyxKnowledge,
    "onager": ClassicOnagerKnowledge,
}

_CACHE: dict[str, Knowledge] = {}


def knowledge_for(name: str) -> Knowledge:
    """The tuned knowledge of a game (built once per process); the generic one for others."""
    k = _CACHE.get(name)
    if k is None:
        k = _CACHE[name] = KNOWLEDGE.get(name, Knowledge)()
    return k


def classic_knowledge_for(name: str) -> Knowledge:
    """The knowledge of the engine before the connection work (Easy's)."""
    k = _CACHE.get("__classic__" + name)
    if k is None:
        k = _CACHE["__classic__" + name] = CLASSIC.get(name, Knowledge)()
    return k


def plain_knowledge() -> Knowledge:
    """The ``uct`` baseline's knowledge: random playouts and no tactics."""
    k = _CACHE.get("__plain__")
    if k is None:
        k = _CACHE["__plain__"] = PlainKnowledge()
    return k
