"""Which knowledge each game plays with: ``knowledge_for(name)`` and ``plain_knowledge()``.

The per-game modules import ``game.ai.knowledge`` for the base class and their game's rules;
this module imports them when their game is first searched (a process that plays Onyx never
loads Onager's rules), so the dependency runs one way (registry -> per-game knowledge -> base).
"""
from __future__ import annotations

from typing import Callable

from .knowledge import Knowledge, PlainKnowledge


def _amoeba() -> Knowledge:
    # Four random plies, then the static evaluation fitted to engine games (amoeba_eval):
    # Hard won 36 of 40 games against the playouts to 60 plies (commit 9fe1a8a) at 0.5 s a
    # move.
    from .amoeba_eval import AmoebaKnowledge
    return AmoebaKnowledge(static=True, plies=4)


def _onyx() -> Knowledge:
    from .onyx_eval import OnyxKnowledge
    return OnyxKnowledge()


def _onager() -> Knowledge:
    # The rollouts play the back-row threats and answers (``tactics``).
    from .onager_eval import OnagerKnowledge
    return OnagerKnowledge(tactics=True)


KNOWLEDGE: dict[str, Callable[[], Knowledge]] = {"amoeba": _amoeba, "onyx": _onyx,
                                                 "onager": _onager}


# The knowledge each game had before the connection work (Easy plays with it, so it stays
# as beatable as it was): the same classes except Onyx's uniform-playout knowledge.
def _classic_amoeba() -> Knowledge:
    from .amoeba_eval import AmoebaKnowledge
    return AmoebaKnowledge(cutoff=60)


def _classic_onyx() -> Knowledge:
    from .onyx_eval import UniformOnyxKnowledge
    return UniformOnyxKnowledge()


def _classic_onager() -> Knowledge:
    from .onager_eval import ClassicOnagerKnowledge
    return ClassicOnagerKnowledge()


CLASSIC: dict[str, Callable[[], Knowledge]] = {"amoeba": _classic_amoeba, "onyx": _classic_onyx,
                                               "onager": _classic_onager}

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
