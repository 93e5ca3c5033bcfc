"""python -m game.bench levels [--game G] [--runs N] [--json]: what a move costs at each level.

The ladder rates each level on its budget of iterations (``ladder.ladder_iterations``), and
the window gives a level at most its think time (``SearchParams.seconds``): a level rated
on the ladder plays at that rating only on a machine that does its budget within that time.
This measures, per game and level, the seconds one move takes at the ladder's budget
(``levels.choose_move`` with ``iterations=``, the call the computer opponent makes,
threat checks and all), the median over a few positions of seeded random games and
``--runs`` searches of each, and compares them with the level's think time (the default;
Settings can change Easy's, Medium's and Hard's): a level that needs longer here is cut
short by its time in a game, and plays below its rating.
"""
from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any, Callable

from .rules import GAME_NAMES
from .rules.base import Game

RUNS = 2
POSITIONS = 3            # positions per game (``bench.sample_positions``: seeded random games)
POSITION_SEED = 99


def measure(positions: Callable[[str], list[Game]], games: list[str] | None = None,
            runs: int = RUNS) -> dict[str, list[dict[str, Any]]]:
    """{game: [one row per ladder level]}; each row: level, name, iterations, the median
    seconds a move, iterations a second, the level's think time and whether the move fits
    in it. ``positions(game_name)`` gives the positions searched."""
    from .ai.ladder import ladder_iterations
    from .ai.levels import LADDER, choose_move, get_level, level_number
    out: dict[str, list[dict[str, Any]]] = {}
    for game_name in games or list(GAME_NAMES):
        board = positions(game_name)
        rows = []
        for name in LADDER:
            its = ladder_iterations(name, game_name)
            lv = get_level(name, game_name)
            times = []
            for i, pos in enumerate(board):
                for r in range(runs):
                    start = time.perf_counter()
                    choose_move(pos, name, random.Random(1000 * i + r), iterations=its)
                    times.append(time.perf_counter() - start)
            secs = statistics.median(times)
            think = lv.params.seconds if lv.params is not None else None
            rows.append({"level": level_number(name), "name": name, "iterations": its,
                         "seconds_per_move": round(secs, 3),
                         "iterations_per_s": round(its / secs) if its and secs > 0 else None,
                         "think_seconds": think,
                         "fits": think is None or secs <= think})
        out[game_name] = rows
    return out


def report(result: dict[str, list[dict[str, Any]]]) -> str:
    lines = []
    for game_name, rows in result.items():
        lines.append(f"{game_name}: seconds a move at the ladder's budget (median), and the "
                     "level's think time")
        for row in rows:
            label = f"{row['level']}" + (f" ({row['name']})" if not row['name'].isdigit() else "")
            verdict = "" if row["fits"] else "  longer than its think time: plays below its rating here"
            lines.append(f"  level {label:<10} {row['iterations']:>6} it  {row['seconds_per_move']:>7.3f} s"
                         f"  {row['iterations_per_s'] or 0:>7} it/s  think {row['think_seconds']:g} s"
                         f"{verdict}")
    return "\n".join(lines)


def run(positions: Callable[[str], list[Game]], json_out: bool = False, runs: int = RUNS,
        games: list[str] | None = None) -> int:
    result = measure(positions, games, runs)
    print(json.dumps(result) if json_out else report(result), flush=True)
    return 0
