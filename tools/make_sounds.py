"""Synthesise the game's sound effects into assets/sounds/*.wav (run once; the WAVs are shipped).

    python tools/make_sounds.py [--out assets/sounds]

Every sound is built here from sine partials and seeded noise with the standard library only
(``array``, ``math``, ``random``, ``wave``): no samples from anywhere else, so the files are
this project's own work (see assets/sounds/LICENSE). The output is deterministic.

Sounds (22 050 Hz, 16-bit mono):
  place    a piece set down on the wooden board: a short, warm "tock"
  stack    a piece landing on another piece: a brighter, harder "clack"
  move     a piece sliding/hopping away: a soft swish
  capture  a piece taken off: a hollow "thok" falling in pitch, with a small rattle
  win      the end of the game: a rising four-note bell chime
  tick     a game clock's last seconds: a short, dry wooden tick, once a second
  right    Puzzle Rush, a puzzle solved: two quick rising bell notes
  wrong    Puzzle Rush, a wrong move: a low, buzzing falling pair
  timeup   Puzzle Rush, the round's clock at zero: a hollow three-note fall
"""
from __future__ import annotations

import argparse
import math
import random
import wave
from array import array
from pathlib import Path
from typing import Callable, Sequence

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"


# ---------------------------------------------------------------- building blocks
def silence(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def partials(seconds: float, parts: Sequence[tuple[float, float, float]], attack: float = 0.002,
             start: float = 0.0, glide: float = 0.0) -> list[float]:
    """A sum of exponentially decaying sines: (frequency Hz, amplitude, decay time s).

    ``glide`` bends every frequency by that factor over the sound (e.g. -0.3: falls by 30 %).
    """
    n = int(seconds * RATE)
    out = [0.0] * n
    for freq, amp, decay in parts:
        phase = start
        for i in range(n):
            t = i / RATE
            f = freq * (1.0 + glide * min(1.0, t / max(1e-6, seconds)))
            phase += 2 * math.pi * f / RATE
            env = math.exp(-t / decay) * min(1.0, t / attack if attack > 0 else 1.0)
            out[i] += amp * env * math.sin(phase)
    return out


def noise(seconds: float, seed: int, decay: float, amp: float = 1.0, smooth: float = 0.0,
          envelope: Callable[[float], float] | None = None) -> list[float]:
    """Seeded white noise, optionally low-passed (``smooth`` 0..1) and shaped by an envelope."""
    rng = random.Random(seed)
    n = int(seconds * RATE)
    out = []
    prev = 0.0
    for i in range(n):
        t = i / RATE
        v = rng.uniform(-1.0, 1.0)
        prev = prev * smooth + v * (1.0 - smooth)
        env = envelope(t) if envelope is not None else math.exp(-t / decay)
        out.append(amp * env * prev)
    return out


def highpass(x: list[float], k: float = 0.9) -> list[float]:
    """A one-pole high-pass filter (removes rumble, sharpens clicks)."""
    out, prev_x, prev_y = [], 0.0, 0.0
    for v in x:
        y = k * (prev_y + v - prev_x)
        out.append(y)
        prev_x, prev_y = v, y
    return out


def mix(*tracks: list[float], offsets: Sequence[float] | None = None) -> list[float]:
    offs = [int(o * RATE) for o in (offsets or [0.0] * len(tracks))]
    n = max(len(t) + o for t, o in zip(tracks, offs))
    out = [0.0] * n
    for t, o in zip(tracks, offs):
        for i, v in enumerate(t):
            out[o + i] += v
    return out


def fade_out(x: list[float], seconds: float = 0.01) -> list[float]:
    n = min(len(x), int(seconds * RATE))
    for i in range(n):
        x[len(x) - n + i] *= 1.0 - (i + 1) / n
    return x


def normalise(x: list[float], peak: float) -> list[float]:
    m = max((abs(v) for v in x), default=0.0) or 1.0
    return [v * peak / m for v in x]


def write_wav(path: Path, samples: list[float]) -> int:
    data = array("h", (max(-32767, min(32767, int(round(v * 32767)))) for v in samples))
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())
    return len(data)


# ---------------------------------------------------------------- the sounds
def place() -> list[float]:
    body = partials(0.16, [(410, 1.0, 0.028), (930, 0.55, 0.018), (2150, 0.25, 0.008), (3400, 0.1, 0.004)])
    click = noise(0.02, seed=11, decay=0.003, amp=0.6, smooth=0.35)
    return normalise(fade_out(mix(body, highpass(click, 0.8))), 0.72)


def stack() -> list[float]:
    a = partials(0.14, [(1180, 1.0, 0.016), (2630, 0.6, 0.010), (4150, 0.3, 0.005), (620, 0.35, 0.03)])
    b = partials(0.08, [(1420, 0.45, 0.010), (3050, 0.25, 0.006)])
    click = noise(0.015, seed=23, decay=0.002, amp=0.7, smooth=0.1)
    return normalise(fade_out(mix(a, highpass(click, 0.7), b, offsets=[0.0, 0.0, 0.022])), 0.7)


def move() -> list[float]:
    dur = 0.2

    def env(t: float) -> float:
        u = t / dur
        return math.sin(math.pi * min(1.0, u)) ** 2

    swish = highpass(noise(dur, seed=5, decay=1.0, amp=1.0, smooth=0.55, envelope=env), 0.75)
    return normalise(fade_out(swish, 0.02), 0.4)


def capture() -> list[float]:
    thok = partials(0.32, [(230, 1.0, 0.07), (470, 0.5, 0.04), (1010, 0.25, 0.02)], glide=-0.35)
    rattle = mix(*(partials(0.05, [(1700 + 240 * k, 0.35, 0.008), (3900, 0.15, 0.004)]) for k in range(3)),
                 offsets=[0.05, 0.085, 0.11])
    click = noise(0.02, seed=31, decay=0.004, amp=0.8, smooth=0.2)
    return normalise(fade_out(mix(thok, highpass(click, 0.8), rattle), 0.03), 0.75)


def win() -> list[float]:
    notes = [523.25, 659.25, 783.99, 1046.5]   # C5 E5 G5 C6
    tracks, offs = [], []
    for i, f in enumerate(notes):
        last = i == len(notes) - 1
        dur = 1.1 if last else 0.7
        tracks.append(partials(dur, [(f, 1.0, 0.35 if last else 0.22), (2.0 * f, 0.35, 0.12),
                                     (2.76 * f, 0.18, 0.06), (5.4 * f, 0.06, 0.03)], attack=0.004))
        offs.append(0.11 * i)
    return normalise(fade_out(mix(*tracks, offsets=offs), 0.08), 0.6)


def tick() -> list[float]:
    knock = partials(0.06, [(1850, 1.0, 0.006), (3700, 0.35, 0.003), (920, 0.3, 0.01)], attack=0.0008)
    click = noise(0.01, seed=41, decay=0.0015, amp=0.5, smooth=0.2)
    return normalise(fade_out(mix(knock, highpass(click, 0.85)), 0.01), 0.45)


def right() -> list[float]:
    tracks = [partials(0.32, [(f, 1.0, 0.12), (2.0 * f, 0.3, 0.05), (3.0 * f, 0.1, 0.03)], attack=0.003)
              for f in (880.0, 1318.5)]                      # A5 E6
    return normalise(fade_out(mix(*tracks, offsets=[0.0, 0.07]), 0.04), 0.55)


def wrong() -> list[float]:
    tracks = [partials(0.28, [(f, 1.0, 0.1), (2.0 * f, 0.5, 0.07), (3.0 * f, 0.35, 0.05), (5.0 * f, 0.15, 0.03)],
                       attack=0.004, glide=-0.08) for f in (233.1, 196.0)]      # Bb3 G3, a little flat
    return normalise(fade_out(mix(*tracks, offsets=[0.0, 0.12]), 0.05), 0.55)


def timeup() -> list[float]:
    notes = [784.0, 622.3, 523.25]                            # G5 Eb5 C5
    tracks = [partials(0.6 if i == 2 else 0.35, [(f, 1.0, 0.25 if i == 2 else 0.14), (2.0 * f, 0.25, 0.08),
                                                 (2.76 * f, 0.12, 0.05)], attack=0.004)
              for i, f in enumerate(notes)]
    return normalise(fade_out(mix(*tracks, offsets=[0.0, 0.14, 0.28]), 0.06), 0.55)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "place": place, "stack": stack, "move": move, "capture": capture, "win": win, "tick": tick,
    "right": right, "wrong": wrong, "timeup": timeup,
}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=OUT, help="folder for the WAV files")
    p.add_argument("names", nargs="*", metavar="NAME",
                   help=f"only these sounds ({', '.join(SOUNDS)}; default: all)")
    args = p.parse_args(argv)
    unknown = [n for n in args.names if n not in SOUNDS]
    if unknown:
        p.error(f"no sound named {', '.join(unknown)} (the sounds: {', '.join(SOUNDS)})")
    for name, make in SOUNDS.items():
        if args.names and name not in args.names:
            continue
        path = args.out / f"{name}.wav"
        n = write_wav(path, make())
        print(f"{path}  {n / RATE:.2f} s  {path.stat().st_size // 1024} kB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
