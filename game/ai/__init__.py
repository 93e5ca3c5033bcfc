"""The computer opponent: MCTS-Solver with per-game knowledge, levels, a worker process.

No pygame here. The main entry points:

* ``choose_move(game, level, rng=None, deadline=None, cancel=None, clock=None)``
  (``game.ai.levels``): the level's move, an internal legal move of ``game``;
* ``EngineClient`` (``game.ai.worker``): the same in a separate process, polled
  once per frame by the board scene;
* ``python -m game.ai.match`` and ``python -m game.ai.bestmove``: command-line tools.
"""
from .levels import (ALL_LEVELS, LADDER, LEVEL_NAMES, PLAYING_LEVELS, analyse, answer_offer,
                     choose_move, get_level, hint, level_name, level_number)

__all__ = ["ALL_LEVELS", "LADDER", "LEVEL_NAMES", "PLAYING_LEVELS", "analyse", "answer_offer",
           "choose_move", "get_level", "hint", "level_name", "level_number"]
