"""Sound effects, silent where no audio device exists.

Effects are synthesised here at start-up (short tones and noise bursts made
with the standard library), so nothing is downloaded or shipped as audio.

Opening the audio device on a machine without a sound card makes ALSA (a C
library under SDL) print a screen of "ALSA lib ... cannot find card" lines
straight to the process's stderr. `open_mixer` holds stderr back while the
device opens: if the device opened, everything held is passed on unchanged;
if it did not (no sound device: the app simply plays nothing), only ALSA's
own lines are dropped and anything else still reaches the terminal.
"""

from __future__ import annotations

import array
import math
import os
import random
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

RATE = 22050


def _tone(freqs: list[float], seconds: float, volume: float = 0.4, noise: float = 0.0) -> array.array:
    n = int(RATE * seconds)
    rng = random.Random(7)
    samples = array.array("h")
    for i in range(n):
        t = i / RATE
        envelope = min(1.0, i / 200) * (1 - i / n) ** 2
        value = sum(math.sin(2 * math.pi * f * t) for f in freqs) / max(1, len(freqs))
        value = value * (1 - noise) + (rng.random() * 2 - 1) * noise
        samples.append(int(32767 * volume * envelope * value))
    return samples


EFFECTS = {
    "click": lambda: _tone([880], 0.04, 0.25),
    "card": lambda: _tone([320, 480], 0.08, 0.3, noise=0.5),
    "shuffle": lambda: _tone([200], 0.35, 0.25, noise=0.9),
    "dice": lambda: _tone([150, 260], 0.2, 0.3, noise=0.8),
    "win": lambda: _tone([523, 659, 784], 0.6, 0.35),
    "lose": lambda: _tone([392, 311], 0.6, 0.3),
    "turn": lambda: _tone([660, 990], 0.12, 0.25),
}


NO_DEVICE_NOISE = ("ALSA lib ",)  # lines the C audio libraries print when there is no device to open


@contextmanager
def held_stderr() -> Iterator[list[bytes]]:
    """Hold back what is written to file descriptor 2 (C libraries included) inside the block;
    the list yielded receives the held bytes when the block ends."""
    held: list[bytes] = []
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (a windowed build): nothing to hold
        yield held
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield held
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            held.append(sink.read())


def without_no_device_noise(text: bytes) -> bytes:
    """`text` without the lines audio libraries print about a missing device."""
    lines = text.splitlines(keepends=True)
    return b"".join(line for line in lines if not line.decode(errors="replace").startswith(NO_DEVICE_NOISE))


def open_mixer() -> bool:
    """Open the audio device for the effects; False (and no noise on the terminal) when there is none."""
    opened = False
    with held_stderr() as held:
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            opened = pygame.mixer.get_init() is not None
        except pygame.error:
            opened = False  # no audio device: play nothing, never fail
    text = b"".join(held)
    passed_on = text if opened else without_no_device_noise(text)
    if passed_on:
        os.write(2, passed_on)
    return opened


class Sounds:
    def __init__(self, settings: object) -> None:
        self.volume = 0.0
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self.enabled = open_mixer()
        self.apply(settings)

    def apply(self, settings: object) -> None:
        self.volume = 0.0 if getattr(settings, "muted", False) else float(getattr(settings, "volume", 0.7))

    def play(self, name: str) -> None:
        if not self.enabled or self.volume <= 0 or name not in EFFECTS:
            return
        sound = self._cache.get(name)
        if sound is None:
            sound = pygame.mixer.Sound(buffer=EFFECTS[name]().tobytes())
            self._cache[name] = sound
        sound.set_volume(self.volume)
        sound.play()

    def close(self) -> None:
        if self.enabled:
            pygame.mixer.quit()
