"""Generate the table's short sounds into assets/sounds/ (run once; the WAVs are committed).

Every sound is synthesised here from sine waves and seeded noise, so their origin is this file.
    python tools/make_sounds.py
"""

from __future__ import annotations

import math
import struct
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from babel.core.rng import Rng  # noqa: E402

RATE = 44100
OUT = ROOT / "assets" / "sounds"


def _noise(rng: Rng) -> float:
    return rng.random() * 2 - 1


def knock(freq: float, dur: float, decay: float, noise: float, seed: int) -> list[float]:
    """A wooden knock: a damped sine with a short noisy attack."""
    rng = Rng(seed)
    out = []
    for i in range(int(RATE * dur)):
        t = i / RATE
        env = math.exp(-t * decay)
        attack = math.exp(-t * 400) * noise * _noise(rng)
        out.append(
            env * (0.7 * math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(2 * math.pi * freq * 2.7 * t))
            + attack
        )
    return out


def swish(dur: float, seed: int) -> list[float]:
    """Card on felt: filtered noise with a soft envelope."""
    rng = Rng(seed)
    out, prev = [], 0.0
    n = int(RATE * dur)
    for i in range(n):
        t = i / n
        env = math.sin(math.pi * t) ** 2
        prev = prev * 0.82 + _noise(rng) * 0.18
        out.append(prev * env * 2.2)
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    length = max(int(offset * RATE) + len(p) for offset, p in parts)
    out = [0.0] * length
    for offset, p in parts:
        start = int(offset * RATE)
        for i, v in enumerate(p):
            out[start + i] += v
    return out


def write(name: str, samples: list[float], gain: float = 0.5) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(32767 * gain * s / peak)) for s in samples))


def main() -> None:
    write("card", swish(0.16, 1), 0.35)
    write("flip", mix((0, swish(0.07, 2)), (0.05, knock(1800, 0.03, 160, 0.4, 3))), 0.3)
    write(
        "die",
        mix(
            *[
                (t, knock(900 + 140 * k, 0.07, 70, 0.8, 10 + k))
                for k, t in enumerate((0, 0.09, 0.2, 0.27, 0.33))
            ]
        ),
        0.45,
    )
    write("block", knock(320, 0.22, 28, 0.5, 20), 0.5)
    write(
        "fall",
        mix(
            *[
                (t, knock(260 + 60 * (k % 3), 0.25, 22, 0.7, 30 + k))
                for k, t in enumerate((0, 0.07, 0.15, 0.21, 0.3, 0.42, 0.5))
            ]
        ),
        0.55,
    )
    write("click", knock(2200, 0.03, 220, 0.2, 40), 0.25)
    notes = (523.25, 659.25, 783.99, 1046.5)
    write("win", mix(*[(i * 0.12, knock(f, 0.5, 6, 0.05, 50 + i)) for i, f in enumerate(notes)]), 0.35)


if __name__ == "__main__":
    main()
