"""Hex-hex board geometry shared by Amoeba (side 4) and Onager (side 6).

Implements section 2.1 of amoeba.md / onager.md once. Points are integer
indices 0..N-1 in canonical order (row letter, then number), so sorting
indices sorts labels the way the specs order them.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

# Direction order used everywhere: E, W, NE, SW, NW, SE (spec table order).
DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("E", 1, 0),
    ("W", -1, 0),
    ("NE", 0, 1),
    ("SW", 0, -1),
    ("NW", -1, 1),
    ("SE", 1, -1),
)
DIR_NAMES = tuple(d[0] for d in DIRECTIONS)
OPPOSITE = (1, 0, 3, 2, 5, 4)


class HexGrid:
    """Geometry of a hex-hex board with ``side`` places per side."""

    def __init__(self, side: int) -> None:
        if side < 2 or side > 13:
            raise ValueError("side must be between 2 and 13")
        self.side = side
        self.R = R = side - 1
        self.rows = 2 * R + 1
        self.labels: list[str] = []
        self.qr: list[tuple[int, int]] = []
        self.row_of: list[int] = []
        self.num_of: list[int] = []
        for i in range(self.rows):
            for n in range(1, self.row_length(i) + 1):
                r = i - R
                q = n - 1 - R - min(0, r)
                self.labels.append(f"{chr(ord('a') + i)}{n}")
                self.qr.append((q, r))
                self.row_of.append(i)
                self.num_of.append(n)
        self.size = len(self.labels)
        self.index: dict[str, int] = {lab: k for k, lab in enumerate(self.labels)}
        self._at: dict[tuple[int, int], int] = {qr: k for k, qr in enumerate(self.qr)}
        # neighbour[p][d] = index or -1; rays[p][d] = tuple of indices going outwards.
        self.neighbour: list[tuple[int, ...]] = []
        self.rays: list[tuple[tuple[int, ...], ...]] = []
        for (q, r) in self.qr:
            nb = []
            rays = []
            for _, dq, dr in DIRECTIONS:
                ray = []
                k = 1
                while (q + k * dq, r + k * dr) in self._at:
                    ray.append(self._at[(q + k * dq, r + k * dr)])
                    k += 1
                rays.append(tuple(ray))
                nb.append(ray[0] if ray else -1)
            self.neighbour.append(tuple(nb))
            self.rays.append(tuple(rays))
        self.adjacent: list[tuple[int, ...]] = [tuple(x for x in nb if x >= 0) for nb in self.neighbour]
        self._label_re = re.compile(r"^([a-z])([1-9][0-9]?)$")

    # ------------------------------------------------------------ labels
    def row_length(self, i: int) -> int:
        return 2 * self.side - 1 - abs(i - self.R)

    def is_label(self, text: str) -> bool:
        return text in self.index

    def label(self, p: int) -> str:
        return self.labels[p]

    def at(self, q: int, r: int) -> int:
        """Index of (q, r) or -1 when off the board."""
        return self._at.get((q, r), -1)

    def cube(self, p: int) -> tuple[int, int, int]:
        q, r = self.qr[p]
        return q, r, -q - r

    def step(self, p: int, d: int, k: int = 1) -> int:
        """The point k steps from p in direction d, or -1."""
        ray = self.rays[p][d]
        return ray[k - 1] if 0 < k <= len(ray) else -1

    def beyond(self, p: int, d: int) -> int:
        """Number of points beyond p in direction d."""
        return len(self.rays[p][d])

    def line_between(self, p: int, t: int) -> tuple[int, int] | None:
        """(direction, distance) if p and t are distinct and in line, else None."""
        (q1, r1), (q2, r2) = self.qr[p], self.qr[t]
        dq, dr = q2 - q1, r2 - r1
        k = max(abs(dq), abs(dr), abs(dq + dr))
        if k == 0:
            return None
        for d, (_, sq, sr) in enumerate(DIRECTIONS):
            if sq * k == dq and sr * k == dr:
                return d, k
        return None

    def between(self, p: int, t: int) -> tuple[int, ...]:
        """Points strictly between p and t (which must be in line)."""
        lb = self.line_between(p, t)
        if lb is None:
            return ()
        d, k = lb
        return self.rays[p][d][: k - 1]

    def xy(self, p: int) -> tuple[float, float]:
        """Drawing coordinates in neighbour distances: x east, y north."""
        q, r = self.qr[p]
        return q + r / 2.0, r * math.sqrt(3) / 2.0


@lru_cache(maxsize=None)
def grid(side: int) -> HexGrid:
    """Shared, immutable geometry for a board side (cached)."""
    return HexGrid(side)
