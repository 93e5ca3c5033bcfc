"""Sound effects: short synthesised sounds for placing, stacking, moving, capturing and winning.

The WAV files live in ``assets/sounds`` (made by ``tools/make_sounds.py``). The mixer starts
lazily on the first sound; when there is no audio device (or no mixer at all) sounds are simply
off and nothing ever raises. ``sounds_for(motions)`` picks what to play for a move animation
and when, from the rules core's ``Motion`` list.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Sequence

import pygame

from .anim.moves import HOP_TIME, PAUSE, STEP_TIME
from .resources import SOUND_NAMES, sounds_dir
from .rules.base import Motion

log = logging.getLogger(__name__)

SOUND_DIR = sounds_dir()       # assets/sounds in the repository, game/data/assets/sounds in a wheel
NAMES = SOUND_NAMES

__all__ = ["SoundBank", "bank", "sounds_for", "NAMES", "SOUND_DIR"]


class SoundBank:
    """The loaded sounds. ``play(name)`` is safe to call at any time; it never raises."""

    def __init__(self, folder: Path = SOUND_DIR) -> None:
        self.folder = Path(folder)
        self.enabled = True
        self.volume = 0.8
        self.sounds: dict[str, Any] = {}
        self.failed = ""            # why sound is unavailable ('' while it works or was not tried)
        self._started = False
        self.played: list[str] = []  # names played, most recent last (tests, debugging)

    def configure(self, enabled: bool, volume: float) -> None:
        self.enabled = bool(enabled)
        self.volume = max(0.0, min(1.0, float(volume)))
        for snd in self.sounds.values():
            try:
                snd.set_volume(self.volume)
            except Exception:  # pragma: no cover - pygame's mixer (audio device): a mixer that went away
                log.warning("the sound volume cannot be set", exc_info=True)

    def _start(self) -> bool:
        if self._started:
            return bool(self.sounds)
        self._started = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(22050, -16, 2, 512)
        except Exception as exc:  # pygame's mixer: no audio device, no mixer module
            log.warning("no sound: %s", exc)
            self.failed = f"no sound: {exc}"
            return False
        for name in NAMES:
            path = self.folder / f"{name}.wav"
            try:
                snd = pygame.mixer.Sound(str(path))
                snd.set_volume(self.volume)
                self.sounds[name] = snd
            except Exception as exc:    # a file and pygame's mixer
                log.warning("cannot load the sound %s: %s", path, exc)
                self.failed = f"cannot load {path.name}: {exc}"
        return bool(self.sounds)

    def play(self, name: str) -> bool:
        """Play a sound if sound is on and available; True if it was started."""
        if not self.enabled or self.volume <= 0.0:
            return False
        if not self._start():
            return False
        snd = self.sounds.get(name)
        if snd is None:
            return False
        try:
            snd.play()
        except Exception as exc:  # pragma: no cover - pygame's mixer: device lost while running
            log.warning("sound stopped: %s", exc)
            self.failed = f"sound stopped: {exc}"
            return False
        self.played.append(name)
        del self.played[:-50]
        return True


_BANK: SoundBank | None = None


def bank() -> SoundBank:
    """The process-wide sound bank."""
    global _BANK
    if _BANK is None:
        _BANK = SoundBank()
    return _BANK


def sounds_for(motions: Sequence[Motion], before: dict[str, tuple[str, ...]] | None = None,
               speed: float = 1.0) -> list[tuple[float, str]]:
    """(seconds from the start of the animation, sound name) for a move's motions.

    A piece lands with "place" (on the board) or "stack" (on other pieces); a piece that is
    taken off plays "capture"; a move that only carries pieces away starts with a "move" swish.
    At most one sound of a kind per step, following the animation's step timing.
    """
    k = 1.0 / max(0.05, float(speed))
    heights = {lab: len(p) for lab, p in (before or {}).items()}
    steps = sorted({m.step for m in motions})
    out: list[tuple[float, str]] = []
    t = 0.0
    for st in steps:
        group = [m for m in motions if m.step == st]
        length = 0.0
        for m in group:
            base = STEP_TIME.get(m.kind, 0.3)
            if m.kind == "move":
                base = max(base, HOP_TIME * (len(m.via) + 1) + 0.1)
            length = max(length, base)
        names: list[tuple[float, str]] = []
        for m in group:
            if m.kind == "remove":
                names.append((t, "capture"))
                if m.src:
                    heights[m.src] = max(0, heights.get(m.src, 0) - len(m.pieces))
            elif m.kind in ("move", "jump", "drop", "place"):
                if m.kind in ("move", "jump") and m.src:
                    heights[m.src] = max(0, heights.get(m.src, 0) - len(m.pieces))
                    names.append((t, "move"))
                onto = heights.get(m.dst, 0) if m.dst else 0
                land = t + length * (0.62 if m.kind == "place" else 0.92)
                names.append((land, "stack" if onto else "place"))
                if m.dst:
                    heights[m.dst] = onto + len(m.pieces)
        seen: set[str] = set()
        for when, name in names:
            if name not in seen:
                seen.add(name)
                out.append((when * k, name))
        t += length + PAUSE
    out.sort(key=lambda e: e[0])
    return out
