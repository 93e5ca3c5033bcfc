"""Draw the window icon into assets/icon.png (run once; the PNG is shipped).

    python tools/make_icon.py [--out assets/icon.png] [--size 64]

Three shaded discs, a dark one, a light one and a gold one (the three games, the two sides and
the Amoeba Kernel), in a triangle on a round-cornered tile of the table's green felt with a
wooden rim. Drawn with pygame at four times the size and smooth-scaled down (antialiasing);
needs no window (it sets SDL_VIDEODRIVER=dummy). The output is deterministic.
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icon.png"
SS = 4                                   # supersampling factor

FELT, FELT_DARK = (36, 92, 74), (20, 56, 46)
RIM, RIM_LIGHT = (120, 78, 40), (196, 150, 96)
DISCS = (   # (centre x, centre y, radius) in a 64-unit square; top, highlight, side colours
    ((22.0, 25.0, 13.0), (52, 54, 62), (128, 132, 146), (20, 21, 26)),      # dark
    ((42.0, 25.0, 13.0), (236, 228, 210), (255, 255, 252), (160, 148, 124)),  # light
    ((32.0, 42.5, 13.0), (226, 170, 52), (255, 228, 140), (130, 88, 20)),     # gold
)


def _mix(a: tuple[int, ...], b: tuple[int, ...], k: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * k) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


def draw_icon(size: int = 64) -> pygame.Surface:
    big_size = size * SS
    u = big_size / 64.0                                  # one unit of the 64-unit design
    big = pygame.Surface((big_size, big_size), pygame.SRCALPHA)
    # the tile: wooden rim, then felt with a soft vertical gradient
    radius = int(12 * u)
    pygame.draw.rect(big, RIM, (0, 0, big_size, big_size), border_radius=radius)
    pygame.draw.rect(big, RIM_LIGHT, (0, 0, big_size, big_size), width=max(1, int(1.2 * u)),
                     border_radius=radius)
    inset = int(3.5 * u)
    felt = pygame.Surface((big_size - 2 * inset, big_size - 2 * inset), pygame.SRCALPHA)
    fh = felt.get_height()
    for y in range(fh):
        pygame.draw.line(felt, _mix(FELT, FELT_DARK, y / max(1, fh - 1)), (0, y), (felt.get_width(), y))
    mask = pygame.Surface(felt.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(9 * u))
    felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(felt, (inset, inset))
    # the discs: shadow, side (thickness), top face with a highlight towards the upper left
    for (x, y, r), top, hi, side in DISCS:
        cx, cy, R = x * u, y * u, r * u
        t = 3.2 * u                                      # thickness of the rim
        shadow = pygame.Surface((big_size, big_size), pygame.SRCALPHA)
        pygame.draw.circle(shadow, (0, 0, 0, 90), (cx + 1.5 * u, cy + t + 1.8 * u), R)
        big.blit(shadow, (0, 0))
        pygame.draw.circle(big, side, (cx, cy + t), R)
        pygame.draw.rect(big, side, (cx - R, cy, 2 * R, t))
        steps = 16
        for i in range(steps):
            k = i / (steps - 1)
            rr = R * (1.0 - 0.7 * k)
            col = _mix(top, hi, (k ** 1.7) * 0.85)
            pygame.draw.circle(big, col, (cx - R * 0.25 * k, cy - R * 0.28 * k), rr)
        pygame.draw.circle(big, _mix(top, (255, 255, 255), 0.12), (cx, cy), R, max(1, int(0.8 * u)))
    return pygame.transform.smoothscale(big, (size, size))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--size", type=int, default=64)
    args = p.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw_icon(args.size), str(args.out))     # (surfaces need no window)
    print(f"wrote {args.out} ({args.size}x{args.size})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
