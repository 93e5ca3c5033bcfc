"""The review's accuracy and slides (``game.ai.review.summarize`` uses them).

Pure functions over the plies of a review (``review.PlyReview``: ``ply``, ``mover``,
``value_before``, ``value_after``, ``drop``, ``mark``); see ``game.ai.review``'s docstring
for what the numbers mean to a player.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

__all__ = ["ACC_SCALE", "SLIDE_SCALE", "SLIDE_NOTE", "SLIDE_EXPLAINED", "Slide",
           "move_accuracy", "game_accuracy", "volatility_weights", "slide_of"]


def _r3(x: float) -> float:
    return round(float(x), 3)


# Accuracy (``summarize``). The idea is lichess's "accuracy" (lichess.org/page/accuracy):
# a move's accuracy falls off exponentially with the winning chance it lost, and a game's
# accuracy blends a mean weighted by how lively the position was with the harmonic mean,
# so a few bad moves are not averaged away. Our own version and constants, on top of which
# a slide is counted too: with the curve alone, a chance lost one point at a time over
# forty moves still reads about 95%.
ACC_SCALE = 22.0        # points of winning chance lost for a move's accuracy to fall to 1/e
WEIGHT_MIN, WEIGHT_MAX = 0.5, 12.0   # a move's weight: the volatility (points), clamped
SLIDE_SCALE = 60.0      # points lost in all for the "kept" part of the accuracy to fall to 1/e
SLIDE_NOTE = 0.30       # a fall of the chance this large ...
SLIDE_EXPLAINED = 0.5   # ... of which the marked moves explain less than this share: a slide


def move_accuracy(drop: float | None) -> float:
    """A move's accuracy in percent from the mover's loss of winning chance ``drop`` (0..1;
    a gain counts as no loss): ``100 * exp(-loss_points / ACC_SCALE)``: 1 point lost gives
    95.6, 5 gives 79.7, 10 gives 63.5, 20 gives 40.3, 50 gives 10.3."""
    loss = 100.0 * min(1.0, max(0.0, float(drop or 0.0)))
    return 100.0 * math.exp(-loss / ACC_SCALE)


def game_accuracy(drops: Sequence[float | None], weights: Sequence[float] | None = None
                  ) -> float | None:
    """A side's accuracy in percent over its judged moves (None without any).

    ``blend`` = the mean of (the mean of the move accuracies weighted by ``weights``, their
    harmonic mean); ``kept`` = ``100 * exp(-lost / SLIDE_SCALE)`` where ``lost`` is the net
    chance the side lost over its moves, in points (the sum of its drops, gains included,
    at least 0). The accuracy is ``blend`` when ``kept`` is not lower, else the mean of the
    two: a game given away one point at a time cannot read as accurate. Examples: every
    move keeps the chance: 100; a steady slide from 52% to 3% over 40 moves: about 78; one
    blunder of 50 points among 20 perfect moves: about 66.
    """
    if not drops:
        return None
    accs = [move_accuracy(d) for d in drops]
    ws = list(weights) if weights is not None else [1.0] * len(accs)
    weighted = sum(a * w for a, w in zip(accs, ws)) / sum(ws)
    harmonic = len(accs) / sum(1.0 / max(a, 1.0) for a in accs)
    blend = (weighted + harmonic) / 2.0
    lost = max(0.0, 100.0 * sum(float(d or 0.0) for d in drops))
    kept = 100.0 * math.exp(-lost / SLIDE_SCALE)
    return blend if kept >= blend else (blend + kept) / 2.0


def volatility_weights(plies: Sequence[Any]) -> dict[int, float]:
    """Per ply: the standard deviation of Black's chance (points) over the plies leading to
    it (a window of len/10 plies, 2 to 8), clamped to WEIGHT_MIN..WEIGHT_MAX."""
    if not plies:
        return {}
    series = [plies[0].value_before] + [p.value_after for p in plies]
    w = max(2, min(8, len(plies) // 10))
    out = {}
    for i, p in enumerate(plies, start=1):
        window = [100.0 * v for v in series[max(0, i - w): i + 1]]
        mean = sum(window) / len(window)
        sd = math.sqrt(sum((x - mean) ** 2 for x in window) / len(window))
        out[p.ply] = min(WEIGHT_MAX, max(WEIGHT_MIN, sd))
    return out


@dataclass(frozen=True)
class Slide:
    """A fall of a player's winning chance not explained by marked moves (see ``summarize``):
    ``player`` the seat, ``from_ply``..``to_ply`` the plies of its moves from the first of
    the fall to the last, ``chance_from`` / ``chance_to`` its chance before the first and
    after the last (0..1), ``marked`` the part of the fall its marked moves explain."""

    player: str
    from_ply: int
    to_ply: int
    chance_from: float
    chance_to: float
    marked: float = 0.0

    def text(self, name: str | None = None, move_label: Callable[[int], str] | None = None
             ) -> str:
        """E.g. "Black's chance slid from 52% to 3% over moves 8–40 without one big
        mistake". ``name``: how to call the player (default: the seat, "Black"); ``move_label``:
        the move number of a ply (default: ``(ply + 1) // 2``, Black moving first)."""
        who = name or self.player.title()
        label = move_label or (lambda ply: str((ply + 1) // 2))
        a, b = label(self.from_ply), label(self.to_ply)
        span = f"move {a}" if a == b else f"moves {a}\u2013{b}"
        how = ("without one big mistake" if self.marked <= 0.0
               else "mostly by small losses, not by the marked moves")
        whose = "Your" if who == "You" else f"{who}'s"
        return (f"{whose} chance slid from {100 * self.chance_from:.0f}% to "
                f"{100 * self.chance_to:.0f}% over {span} {how}")

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "from_ply": self.from_ply, "to_ply": self.to_ply,
                "chance_from": self.chance_from, "chance_to": self.chance_to,
                "marked": self.marked, "text": self.text()}


def slide_of(seat: str, mine: Sequence[Any]) -> Slide | None:
    """The largest fall of ``seat``'s chance over its judged moves (``mine``, in order),
    from its chance before one move to its chance after a later one, when it is more than
    SLIDE_NOTE and the marked moves in it explain less than SLIDE_EXPLAINED of it."""
    if not mine:
        return None

    def chance(p: Any, v: float) -> float:
        return v if p.mover == "black" else 1.0 - v

    best: tuple[float, int, int] | None = None
    peak_i = 0
    peak = chance(mine[0], mine[0].value_before)
    for j, p in enumerate(mine):
        before = chance(p, p.value_before)
        if before > peak:
            peak, peak_i = before, j
        fall = peak - chance(p, p.value_after)
        if best is None or fall > best[0]:
            best = (fall, peak_i, j)
    if best is None or best[0] <= SLIDE_NOTE:
        return None
    fall, i, j = best
    marked = sum(max(0.0, p.drop or 0.0) for p in mine[i:j + 1] if p.mark)
    if marked >= SLIDE_EXPLAINED * fall:
        return None
    return Slide(seat, mine[i].ply, mine[j].ply, _r3(chance(mine[i], mine[i].value_before)),
                 _r3(chance(mine[j], mine[j].value_after)), _r3(marked))
